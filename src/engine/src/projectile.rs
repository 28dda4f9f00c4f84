//! Projectiles: a box that flies in a straight line along its velocity and stops at, or
//! reflects from, the first solid pixel on its path (shots, thrown objects).
//!
//! Each frame the box's top-left pixel walks from where it is to where its velocity takes
//! it (sub-pixel position plus velocity, whole pixels) along the **4-connected line** between
//! the two: one pixel step at a time, either across (x) or down/up (y), never both at once,
//! so the path never slips between two pixels that touch at a corner. Of two steps the one
//! whose axis is behind on the line comes first, x on a tie (at pixel step `i` with `ix` x
//! steps and `iy` y steps taken on a line of `ax` x and `ay` y pixels: x when
//! `(2 ix + 1) ay <= (2 iy + 1) ax`, kept as a running difference of additions). Each step
//! tests only the pixels the box enters (the column of its leading edge, or the row): solid
//! pixels block every step, the top row of a one-way platform (id 19) blocks a step down.
//! The first blocked step ends the frame's flight flush against it:
//!
//! * [`OnHit::Stop`]: both velocities become 0 and the sub-pixel fractions are cleared;
//! * [`OnHit::Reflect`]: the velocity of the blocked axis is reversed (the rest of this
//!   frame's path is not flown); the fraction of that axis is cleared.
//!
//! The flags say what stopped it: `HIT_LEFT`, `HIT_RIGHT`, `HIT_CEILING`, or `LANDED` (a
//! step down). A flight whose whole path's tiles are blank is one tile test, no pixel walk.
//! A projectile must start its flight overlapping no solid pixel, like a body; then it never
//! overlaps one, whatever its speed (up to [`crate::MAX_SPEED_PX`] per axis) or the shapes.
//!
//! Units: position and velocity in sub-pixels (1/8 pixel, [`SubPx`]), size in pixels
//! (`1 ..= 64`). Additions and shifts only.

use crate::body::{Flags, Rect};
use crate::map::Map;
use crate::units::{clamp_speed, px_of_sub, sub_of_px, tile_of_px};
use crate::{SubPx, MAX_BODY_SIZE};

/// What a projectile does at the first solid pixel on its path.
///
/// ```
/// use megacollide_engine::projectile::OnHit;
/// let shot = OnHit::Stop; // a bullet that sticks; OnHit::Reflect for one that ricochets
/// assert_ne!(shot, OnHit::Reflect);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnHit {
    /// Stops flush against it: both velocities 0.
    Stop,
    /// Stops flush against it this frame and reverses the velocity of the blocked axis.
    Reflect,
}

/// A projectile: sub-pixel position and velocity and a pixel size (see the module docs).
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: a wall (id 2) at tile (3, 1), a floor of solid tiles at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::Flags;
/// use megacollide_engine::projectile::{OnHit, Projectile};
/// let mut shot = Projectile::new(4, 20, 4, 2, 80, 0); // 10 px a frame to the right
/// let mut f = Flags::NONE;
/// for _ in 0..5 {
///     f = shot.step(&map, OnHit::Stop);
/// }
/// assert!(f.contains(Flags::HIT_RIGHT));
/// assert_eq!(shot.px(), 44); // flush against the wall at x 48
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Projectile {
    /// Left edge (sub-pixel, pixel-space).
    pub x: SubPx,
    /// Top edge (sub-pixel, pixel-space).
    pub y: SubPx,
    /// Horizontal velocity, sub-pixels per frame (+ = right).
    pub vx: SubPx,
    /// Vertical velocity, sub-pixels per frame (+ = down).
    pub vy: SubPx,
    /// Width in pixels, `1 ..= 64`.
    pub w: u8,
    /// Height in pixels, `1 ..= 64`.
    pub h: u8,
}

impl Projectile {
    /// A `w` x `h` pixel projectile at pixel-space `(x, y)` (top-left) with velocity
    /// `(vx, vy)` in sub-pixels per frame. Sizes are clamped into `1 ..= 64`.
    ///
    /// ```
    /// use megacollide_engine::projectile::Projectile;
    /// let p = Projectile::new(10, 20, 4, 4, 24, -8);
    /// assert_eq!((p.px(), p.py(), p.vx.to_bits()), (10, 20, 24));
    /// ```
    pub const fn new(x: i16, y: i16, w: u8, h: u8, vx: i16, vy: i16) -> Projectile {
        Projectile {
            x: SubPx::from_bits(sub_of_px(x)),
            y: SubPx::from_bits(sub_of_px(y)),
            vx: SubPx::from_bits(vx),
            vy: SubPx::from_bits(vy),
            w: clamp_size(w),
            h: clamp_size(h),
        }
    }

    /// Left pixel column.
    ///
    /// ```
    /// use megacollide_engine::projectile::Projectile;
    /// assert_eq!(Projectile::new(-3, 0, 1, 1, 0, 0).px(), -3);
    /// ```
    #[inline(always)]
    pub const fn px(&self) -> i16 {
        px_of_sub(self.x.to_bits())
    }

    /// Top pixel row.
    ///
    /// ```
    /// use megacollide_engine::projectile::Projectile;
    /// assert_eq!(Projectile::new(0, 7, 1, 1, 0, 0).py(), 7);
    /// ```
    #[inline(always)]
    pub const fn py(&self) -> i16 {
        px_of_sub(self.y.to_bits())
    }

    /// Its pixel-space box (for hits on other objects).
    ///
    /// ```
    /// use megacollide_engine::body::Rect;
    /// use megacollide_engine::projectile::Projectile;
    /// assert_eq!(Projectile::new(5, 6, 4, 2, 0, 0).rect(), Rect::new(5, 6, 4, 2));
    /// ```
    #[inline(always)]
    pub const fn rect(&self) -> Rect {
        Rect::new(self.px(), self.py(), self.w as i16, self.h as i16)
    }

    /// One frame of flight through `map` (see the module docs); returns what stopped it
    /// (`Flags::NONE` when nothing did).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::Flags;
    /// use megacollide_engine::projectile::{OnHit, Projectile};
    /// let mut ball = Projectile::new(8, 20, 4, 4, 8, 80); // 1 px right, 10 px down a frame
    /// assert!(ball.step(&map, OnHit::Reflect).contains(Flags::LANDED));
    /// assert_eq!((ball.py(), ball.vy.to_bits()), (28, -80)); // on the floor, going up
    /// ```
    pub fn step(&mut self, map: &Map, on_hit: OnHit) -> Flags {
        let (vx, vy) = (clamp_speed(self.vx.to_bits()), clamp_speed(self.vy.to_bits()));
        let (xr, yr) = (self.x.to_bits(), self.y.to_bits());
        let (nxr, nyr) = (xr.saturating_add(vx), yr.saturating_add(vy));
        let (x0, y0) = (px_of_sub(xr), px_of_sub(yr));
        let (x1, y1) = (px_of_sub(nxr), px_of_sub(nyr));
        let (w, h) = (self.w as i16, self.h as i16);
        if path_blank(map, x0, y0, x1, y1, w, h) {
            self.x = SubPx::from_bits(nxr);
            self.y = SubPx::from_bits(nyr);
            return Flags::NONE;
        }
        let (ax, sx) = if x1 < x0 { (x0 - x1, -1) } else { (x1 - x0, 1) };
        let (ay, sy) = if y1 < y0 { (y0 - y1, -1) } else { (y1 - y0, 1) };
        let (mut x, mut y) = (x0, y0);
        // (2 ix + 1) ay - (2 iy + 1) ax: x steps while it is at most 0.
        let mut d = ay - ax;
        let (mut left_x, mut left_y) = (ax, ay);
        while left_x + left_y > 0 {
            if left_x > 0 && (d <= 0 || left_y == 0) {
                let edge = if sx > 0 { x + w } else { x - 1 };
                if map.column_solid(edge, y, y + h - 1) {
                    return self.hit(x, y, true, on_hit, if sx > 0 { Flags::HIT_RIGHT } else { Flags::HIT_LEFT });
                }
                x += sx;
                d += ay << 1;
                left_x -= 1;
            } else {
                let (edge, down) = if sy > 0 { (y + h, true) } else { (y - 1, false) };
                if map.row_solid(edge, x, x + w - 1, down) {
                    return self.hit(x, y, false, on_hit, if down { Flags::LANDED } else { Flags::HIT_CEILING });
                }
                y += sy;
                d -= ax << 1;
                left_y -= 1;
            }
        }
        self.x = SubPx::from_bits(nxr);
        self.y = SubPx::from_bits(nyr);
        Flags::NONE
    }

    /// Ends a flight blocked at pixel `(x, y)` (the last free position) on the x axis
    /// (`across`) or the y axis.
    fn hit(&mut self, x: i16, y: i16, across: bool, on_hit: OnHit, flag: Flags) -> Flags {
        // The axis not blocked keeps its fraction where its pixel did not change.
        let keep = |r: i16, p: i16| if px_of_sub(r) == p { r } else { sub_of_px(p) };
        let (xr, yr) = (self.x.to_bits(), self.y.to_bits());
        match on_hit {
            OnHit::Stop => {
                self.x = SubPx::from_bits(sub_of_px(x));
                self.y = SubPx::from_bits(sub_of_px(y));
                self.vx = SubPx::ZERO;
                self.vy = SubPx::ZERO;
            }
            OnHit::Reflect => {
                if across {
                    self.x = SubPx::from_bits(sub_of_px(x));
                    self.y = SubPx::from_bits(keep(yr, y));
                    self.vx = SubPx::from_bits(-clamp_speed(self.vx.to_bits()));
                } else {
                    self.x = SubPx::from_bits(keep(xr, x));
                    self.y = SubPx::from_bits(sub_of_px(y));
                    self.vy = SubPx::from_bits(-clamp_speed(self.vy.to_bits()));
                }
            }
        }
        flag
    }
}

/// Whether every tile under the boxes of a flight from pixel `(x0, y0)` to `(x1, y1)` of a
/// `w` x `h` box (its whole bounding box) is inside the map and blank.
#[inline(always)]
fn path_blank(map: &Map, x0: i16, y0: i16, x1: i16, y1: i16, w: i16, h: i16) -> bool {
    let (l, r) = if x1 < x0 { (x1, x0) } else { (x0, x1) };
    let (t, b) = if y1 < y0 { (y1, y0) } else { (y0, y1) };
    map.tiles_blank(tile_of_px(l), tile_of_px(r + w - 1), tile_of_px(t), tile_of_px(b + h - 1))
}

/// A size in `1 ..= 64` pixels.
const fn clamp_size(s: u8) -> u8 {
    if s == 0 {
        1
    } else if s > MAX_BODY_SIZE {
        MAX_BODY_SIZE
    } else {
        s
    }
}
