//! Bouncing bodies: a [`Body`] that falls with gravity, bounces off floors, ceilings and
//! walls with a restitution, and comes to rest (the lost rings of the classic games, a ball,
//! debris).
//!
//! A [`Bouncer`]'s step is the engine's own move ([`crate::motion::move_bodies`]) with its
//! velocity, so it is exact on every tile shape (slopes, half blocks, one-way floors, height
//! tiles) and never tunnels; the bounce only reads the move's result:
//!
//! 1. A resting bouncer (see [`Bouncer::is_resting`]) is not moved at all, unless the map
//!    has changed tiles ([`crate::map::TileChanges`]) or solid boxes are given: then it is
//!    moved like any other, so it falls when its floor goes away.
//! 2. Otherwise `vy` gains the gravity (at most the largest fall speed), both velocities
//!    are clamped to [`crate::MAX_SPEED_PX`], and the body moves one frame: a flight in the
//!    open air compiled with the level ([`crate::surface`]) by its velocity, a flight inside
//!    the map with no wall or ceiling in its way by a few rectangle and row tests (what it
//!    enters across, up or down to the first floor, and the row under it at the end: the
//!    engine's move gives the same), anything else by the engine's move.
//! 3. Stopped by a wall (`HIT_LEFT` / `HIT_RIGHT`): `vx` is the speed it had, reversed and
//!    scaled by the wall restitution. Stopped by a ceiling (`HIT_CEILING`): `vy` points down
//!    with its speed scaled by the floor restitution.
//! 4. Standing after the move (`ON_GROUND`) while it was not moving up: a touchdown
//!    (`LANDED` is set, also when the fall ended flush on the floor unstopped). Its
//!    fall speed scaled by the floor restitution becomes its upward speed; when that is below
//!    the rest speed it stops instead: `vx` = `vy` = 0, resting.
//!
//! Units: velocities, gravity and speeds in sub-pixels (1/8 pixel) per frame (gravity per
//! frame per frame). Shifts and subtractions only (no multiply, no division).

use crate::body::{Body, Flags, SolidBox, NO_BOX};
use crate::map::Map;
use crate::motion::move_bodies;
use crate::units::{clamp_speed, px_of_sub, sub_of_px, tile_of_px};
use crate::{SubPx, MAX_BODY_SIZE};

/// A fraction of a speed kept by a bounce, as a shift: `v >> shift` ([`Restitution::shr`]:
/// 1/2, 1/4, ...) or `v - (v >> shift)` ([`Restitution::less`]: 3/4, 7/8, ...). One shift and
/// at most one subtraction, on a speed (never negative), rounded down to the sub-pixel.
///
/// ```
/// use megacollide_engine::bounce::Restitution;
/// assert_eq!(Restitution::THREE_QUARTERS.apply(40), 30); // sub-pixels per frame
/// assert_eq!(Restitution::HALF.apply(40), 20);
/// assert_eq!(Restitution::less(3).apply(40), 35); // 7/8
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restitution {
    shift: u8,
    less: bool,
}

impl Restitution {
    /// Keeps the whole speed (`v - (v >> 15)`, a perfect bounce for every speed a move has).
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::FULL.apply(1016), 1016);
    /// ```
    pub const FULL: Restitution = Restitution::less(15);
    /// Keeps 3/4 of the speed (`v - (v >> 2)`), the classic lost ring's.
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::THREE_QUARTERS.apply(8), 6);
    /// ```
    pub const THREE_QUARTERS: Restitution = Restitution::less(2);
    /// Keeps half the speed (`v >> 1`).
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::HALF.apply(9), 4);
    /// ```
    pub const HALF: Restitution = Restitution::shr(1);
    /// Keeps nothing: the body stops on the first touch.
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::NONE.apply(1016), 0);
    /// ```
    pub const NONE: Restitution = Restitution::shr(15);

    /// Keeps `v >> shift` of a speed `v` (`shift` at most 15).
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::shr(2).apply(40), 10); // a quarter
    /// ```
    pub const fn shr(shift: u8) -> Restitution {
        Restitution { shift: if shift > 15 { 15 } else { shift }, less: false }
    }

    /// Keeps `v - (v >> shift)` of a speed `v` (`shift` at most 15): 1/2, 3/4, 7/8, ...
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::less(1).apply(40), 20); // a half
    /// ```
    pub const fn less(shift: u8) -> Restitution {
        Restitution { shift: if shift > 15 { 15 } else { shift }, less: true }
    }

    /// The part kept of speed `v` (sub-pixels per frame, `0 ..= 32767`).
    ///
    /// ```
    /// use megacollide_engine::bounce::Restitution;
    /// assert_eq!(Restitution::THREE_QUARTERS.apply(0), 0);
    /// ```
    #[inline(always)]
    pub const fn apply(self, v: i16) -> i16 {
        let part = v >> self.shift;
        if self.less {
            v - part
        } else {
            part
        }
    }
}

/// How bouncers move: gravity, largest fall, restitutions and the rest speed (sub-pixels per
/// frame, gravity per frame per frame).
///
/// ```
/// use megacollide_engine::bounce::BounceConfig;
/// let rings = BounceConfig::RINGS;
/// assert_eq!(rings.gravity, 2); // 0.25 px per frame per frame
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BounceConfig {
    /// Added to `vy` before every move, sub-pixels per frame per frame.
    pub gravity: i16,
    /// Largest downward `vy`, sub-pixels per frame (at most [`crate::MAX_SPEED_PX`] pixels).
    pub max_fall: i16,
    /// Part of the fall speed a touchdown keeps (and of the rise speed a ceiling keeps).
    pub floor: Restitution,
    /// Part of the horizontal speed a wall keeps.
    pub wall: Restitution,
    /// A touchdown whose bounce speed would be below this (sub-pixels per frame) stops the
    /// body. Keep it above `gravity`, or a body bouncing with less than that would stay
    /// on the ground sliding.
    pub rest_speed: i16,
}

impl BounceConfig {
    /// The classic lost rings: gravity 0.25 px/frame², falling at most 8 px a frame, 3/4 of
    /// the speed kept by floors and ceilings, walls reflect the whole speed, rest below
    /// 1.5 px a frame.
    ///
    /// ```
    /// use megacollide_engine::bounce::{BounceConfig, Restitution};
    /// assert_eq!(BounceConfig::RINGS.floor, Restitution::THREE_QUARTERS);
    /// ```
    pub const RINGS: BounceConfig =
        BounceConfig { gravity: 2, max_fall: 64, floor: Restitution::THREE_QUARTERS, wall: Restitution::FULL, rest_speed: 12 };
}

/// A bouncing body (see the module docs): a [`Body`] moved by the engine, bounced by its
/// move's flags. Resting is no extra state: a bouncer rests when it stands (`ON_GROUND`)
/// with no velocity.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::Flags;
/// use megacollide_engine::bounce::{BounceConfig, Bouncer};
/// let mut ring = Bouncer::new(8, 0, 8, 8, 0, 0); // dropped at (8, 0), 8 x 8 pixels
/// let mut bounces = 0;
/// for _ in 0..200 {
///     let f = ring.step(&map, &[], &BounceConfig::RINGS);
///     bounces += f.contains(Flags::LANDED) as u32;
/// }
/// assert!(bounces >= 2 && ring.is_resting());
/// assert_eq!(ring.body.py(), 24); // on the floor at y 32
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bouncer {
    /// Its body (position, velocity, size, flags of its last move).
    pub body: Body,
}

impl Bouncer {
    /// A bouncer of `w` x `h` pixels at pixel-space `(x, y)` (top-left), with velocity
    /// `(vx, vy)` in sub-pixels per frame.
    ///
    /// ```
    /// use megacollide_engine::bounce::Bouncer;
    /// let b = Bouncer::new(100, 40, 8, 8, -12, -24);
    /// assert_eq!((b.body.px(), b.body.vy.to_bits()), (100, -24));
    /// ```
    pub const fn new(x: i16, y: i16, w: u8, h: u8, vx: i16, vy: i16) -> Bouncer {
        let mut body = Body::new(x, y, w, h);
        body.vx = SubPx::from_bits(vx);
        body.vy = SubPx::from_bits(vy);
        Bouncer { body }
    }

    /// Whether it rests: standing (`ON_GROUND`) with no velocity. A resting bouncer is not
    /// moved while the map has no changed tiles and no solid boxes are given.
    ///
    /// ```
    /// use megacollide_engine::bounce::Bouncer;
    /// assert!(!Bouncer::new(0, 0, 8, 8, 0, 0).is_resting(), "not on the ground yet");
    /// ```
    #[inline(always)]
    pub fn is_resting(&self) -> bool {
        self.body.flags.contains(Flags::ON_GROUND) && self.body.vx.to_bits() == 0 && self.body.vy.to_bits() == 0
    }

    /// One frame (see the module docs) through `map` and `solids` with `cfg`; returns the
    /// flags of its move (`LANDED` on every touchdown, also one that ended flush on the
    /// floor without being stopped, `HIT_*` on a bounce off a wall or
    /// ceiling, `FELL_OUT` when it left the map through an open bottom: the game removes
    /// it). A resting bouncer that is not moved returns `ON_GROUND`.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::Flags;
    /// use megacollide_engine::bounce::{BounceConfig, Bouncer};
    /// let mut b = Bouncer::new(8, 20, 8, 8, 0, 40); // falling 5 px a frame, 4 px above the floor
    /// let f = b.step(&map, &[], &BounceConfig::RINGS);
    /// assert!(f.contains(Flags::LANDED));
    /// assert_eq!(b.body.vy.to_bits(), -32); // 42 (40 + gravity 2) less a quarter, upward
    /// ```
    #[inline]
    pub fn step(&mut self, map: &Map, solids: &[SolidBox], cfg: &BounceConfig) -> Flags {
        if self.is_resting() && solids.is_empty() && map.changes().count() == 0 {
            self.body.flags = Flags::ON_GROUND;
            return Flags::ON_GROUND;
        }
        let b = &mut self.body;
        let vx = clamp_speed(b.vx.to_bits());
        let mut vy = b.vy.to_bits() + cfg.gravity;
        if vy > cfg.max_fall {
            vy = cfg.max_fall;
        }
        let vy = clamp_speed(vy);
        b.vx = SubPx::from_bits(vx);
        b.vy = SubPx::from_bits(vy);
        if !(solids.is_empty() && flies_free(map, b, vx, vy)) {
            move_bodies(map, solids, core::slice::from_mut(b));
        }
        bounce(b, vx, vy, cfg);
        b.flags
    }
}

/// One frame of every bouncer of `bouncers` ([`Bouncer::step`] each); the flags of each
/// move stay in its body.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::bounce::{bounce_bodies, BounceConfig, Bouncer};
/// let mut rings = [Bouncer::new(4, 0, 8, 8, 16, -16), Bouncer::new(40, 0, 8, 8, -16, -16)];
/// for _ in 0..300 {
///     bounce_bodies(&map, &[], &BounceConfig::RINGS, &mut rings);
/// }
/// assert!(rings.iter().all(|r| r.is_resting() && r.body.py() == 24));
/// ```
pub fn bounce_bodies(map: &Map, solids: &[SolidBox], cfg: &BounceConfig, bouncers: &mut [Bouncer]) {
    for b in bouncers.iter_mut() {
        b.step(map, solids, cfg);
    }
}

/// The move of a body in flight (not standing, or moving up) with velocity `(vx, vy)`
/// (sub-pixels per frame, within the limit) and no solid box, inside the map, when its
/// horizontal move is free and its vertical move is free or ends on a floor below: the
/// pixels it enters across (the columns between its box before and after, at its old rows)
/// and up (the rows between, at its new columns, and the row under its end) are tested as
/// rectangles, a fall as one downward sweep that also meets one-way tops and looks one row
/// further (whether it stands at its end). The engine's move, pixel by pixel, gives the same (the
/// property `bouncers_equal_the_per_pixel_oracle` compares them); a wall or a ceiling in the
/// way, the map's edges or a walk (standing, not moving up) return false, having changed
/// nothing, for the engine's move to do.
#[inline(always)]
fn flies_free(map: &Map, b: &mut Body, vx: i16, vy: i16) -> bool {
    if b.flags.contains(Flags::ON_GROUND) && vy >= 0 {
        return false; // a walk: it climbs and snaps
    }
    if b.w.wrapping_sub(1) >= MAX_BODY_SIZE || b.h.wrapping_sub(1) >= MAX_BODY_SIZE {
        return false;
    }
    let (w, h) = (b.w as i16, b.h as i16);
    let (xr, yr) = (b.x.to_bits(), b.y.to_bits());
    let (nxr, nyr) = (xr.wrapping_add(vx), yr.wrapping_add(vy));
    let (x, y, nx, ny) = (px_of_sub(xr), px_of_sub(yr), px_of_sub(nxr), px_of_sub(nyr));
    let (left, right) = if nx < x { (nx, x + w) } else { (x, nx + w) };
    let (top, bottom) = if ny < y { (ny, y + h) } else { (y, ny + h) };
    // Inside the map, with the row under the box (no edge, no fall out of it, no position
    // limit).
    if left < 0 || top < 0 || right > map.width_px() || bottom >= map.height_px() {
        return false;
    }
    // In the open air compiled with the level: the boxes and the row under them inside the
    // blank rectangle of the tile under its top-left corner, no tile changed there.
    if let Some(r) = map.tile_index(tile_of_px(x), tile_of_px(y)).and_then(|t| map.surfaces().air_at(t)) {
        if left >= r.x0 && right - 1 <= r.x1 && top >= r.y0 && bottom <= r.y1 && !map.changes().touch(left, right - 1) {
            b.x = SubPx::from_bits(nxr);
            b.y = SubPx::from_bits(nyr);
            b.flags = Flags::NONE;
            b.riding = NO_BOX;
            return true;
        }
    }
    // Across: the columns entered, at the old rows.
    let across = if nx > x { map.clear(x + w, nx + w - 1, y, y + h - 1) } else { nx == x || map.clear(nx, x - 1, y, y + h - 1) };
    if !across {
        return false;
    }
    let mut flags = Flags::NONE;
    let (mut y_raw, mut vy_raw) = (nyr, vy);
    if ny < y {
        // Up: the rows entered at the new columns and the row under the box at its end (in
        // its old box, where only a one-way top can be: then the engine's move decides).
        let low = if ny + h > y - 1 { ny + h } else { y - 1 };
        if !map.clear(nx, nx + w - 1, ny, low) {
            return false;
        }
    } else {
        // Down (or not a pixel): the free rows before the first floor (solid or one-way top),
        // one row further than the fall, which says whether it stands at its end.
        let n = ny - y;
        let free = map.sweep_rows(y + h, 1, n + 1, nx, nx + w - 1, true);
        if free < n {
            (y_raw, vy_raw) = (sub_of_px(y + free), 0);
            flags = Flags(Flags::LANDED.0 | Flags::ON_GROUND.0);
        } else if free == n {
            // Standing at the end without being stopped: a downward speed stops, its
            // fraction goes.
            flags = Flags::ON_GROUND;
            if vy_raw >= 0 {
                (y_raw, vy_raw) = (sub_of_px(ny), 0);
            }
        }
    }
    b.x = SubPx::from_bits(nxr);
    b.y = SubPx::from_bits(y_raw);
    b.vy = SubPx::from_bits(vy_raw);
    b.flags = flags;
    b.riding = NO_BOX;
    true
}

/// The bounce of a body whose move with velocity `(vx, vy)` (sub-pixels per frame, within
/// the speed limit) just ended (see the module docs, steps 3 and 4).
#[inline(always)]
fn bounce(b: &mut Body, vx: i16, vy: i16, cfg: &BounceConfig) {
    let f = b.flags;
    if f.0 & (Flags::HIT_LEFT.0 | Flags::HIT_RIGHT.0) != 0 {
        let kept = cfg.wall.apply(if vx < 0 { -vx } else { vx });
        b.vx = SubPx::from_bits(if vx < 0 { kept } else { -kept });
    }
    if f.contains(Flags::HIT_CEILING) {
        b.vy = SubPx::from_bits(cfg.floor.apply(-vy));
    } else if f.contains(Flags::ON_GROUND) && vy >= 0 {
        // A fall that ends flush on a floor without being stopped is a touchdown too.
        b.flags.insert(Flags::LANDED);
        let up = cfg.floor.apply(vy);
        if up < cfg.rest_speed {
            b.vx = SubPx::ZERO;
            b.vy = SubPx::ZERO;
        } else {
            b.vy = SubPx::from_bits(-up);
        }
    }
}
