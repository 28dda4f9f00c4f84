//! Moving a [`Body`] through a [`Map`] and a set of [`SolidBox`]es.
//!
//! One call of [`move_bodies`] (or [`move_body`] for one body) is one frame:
//!
//! 1. **Carry**: if the body stood on a solid box last frame, it is first
//!    moved by that box's `dx`, `dy` (blocked by walls like any move).
//! 2. **X axis**: the sub-pixel position advances by `vx`; the pixel part is
//!    walked one pixel at a time (so nothing is skipped at any speed up to
//!    127 px/frame: no tunnelling). Each pixel step tests only the column of
//!    pixels the leading edge enters: one AND per 16x16 tile it crosses, so a
//!    tall body is checked at every tile along its edge.
//!    * A body that was **on the ground** and is not moving up *climbs*: if
//!      the column is blocked but the box fits when raised by up to
//!      [`STEP_HEIGHT_PX`] pixels, it steps up (slopes, half-block steps).
//!      After each free step it *snaps down* by up to [`SNAP_DOWN_PX`]
//!      pixels if the floor fell away, so it walks down slopes without
//!      hopping; a larger drop is a ledge and the body starts falling.
//!    * Otherwise it stops flush against the first solid pixel, `vx` becomes
//!      0, the sub-pixel fraction is cleared and `HIT_LEFT`/`HIT_RIGHT` is set.
//! 3. **Y axis**: the same, pixel by pixel, testing the row the edge enters.
//!    Moving down, the top row of a one-way platform (id 19) also blocks.
//!    Stopping down sets `LANDED`, stopping up sets `HIT_CEILING`; `vy` = 0.
//! 4. **Flags**: `ON_GROUND` is set exactly when a floor pixel (solid pixel,
//!    one-way top row or solid box) lies in the row directly under the box;
//!    then a downward `vy` is zeroed and the y fraction cleared (standing
//!    still never slides or jitters). `FELL_OUT` is set when the box is
//!    entirely below the map and the bottom edge is open.
//!
//! Invariant: a body that starts a move overlapping no solid pixel ends it
//! overlapping no solid pixel. Solid boxes that a body already overlaps
//! (e.g. a door closed onto it) are ignored for that body this frame so it
//! can walk out; at most [`MAX_SOLIDS`] boxes are considered.
//!
//! **How it is computed.** The rules above are stated pixel by pixel (and
//! `tests/oracle` keeps that per-pixel model as the test oracle), but the code
//! works per tile: every query is a tile-granular sweep (one table read per
//! tile, [`crate::shape::TileShape`]'s range tables, then one bit scan), a walk
//! takes all free pixels of a chunk of up to `w` pixels at once when a floor
//! lies under every intermediate box, a climb takes the raise from the leading
//! column's topmost solid row plus one head sweep, a snap is one sweep of the
//! rows under the feet, and the fall's sweep looks one row further to learn the
//! ground. A grounded walk of 8 pixels per frame or more (and no boxes near)
//! reads the terrain per tile instead (`walk_surface`: each tile column's
//! floor surface from the shapes' surface tables, whole slopes climbed and
//! descended without a per-pixel step). So the cost of a move grows with the
//! tiles crossed and, for slow walks, with the changes of ground height.
//!
//! A move that ends in the air records the blank tiles around the body (its box, the row
//! under it and one more tile column and row ahead, when all are blank: an air record, see
//! [`Body::rest_x`]); the next flight that stays inside them moves without a map query.
//!
//! [`move_bodies`] moves a whole slice of bodies in one call: the solid boxes'
//! bound is worked out once per frame, and a body that rides no box and that no
//! box can reach this frame moves through the map alone.

use crate::body::{Body, Flags, SolidBox, AIR_RECORD, NO_BOX};
use crate::map::{Edge, Map, Surface};
use crate::shape::TileShape;
use crate::{MAX_BODY_SIZE, MAX_SPEED_PX, POS_END_PX, POS_MIN_PX, SNAP_DOWN_PX, STEP_HEIGHT_PX};

/// Largest number of solid boxes one move considers (extra ones are ignored).
pub const MAX_SOLIDS: usize = 16;

const MAX_SPEED_RAW: i16 = MAX_SPEED_PX << 3;

/// The map plus the solid boxes a body collides with this frame (boxes in
/// `ignore`, a bit per box, are the ones the body overlapped at the start).
/// Every query is the map's tile-granular query combined with the boxes.
struct World<'w, 'm, const BOXES: bool> {
    map: &'w Map<'m>,
    solids: &'w [SolidBox],
    ignore: u16,
}

impl<const BOXES: bool> World<'_, '_, BOXES> {
    /// Calls `f` with every box that takes part (not ignored, not empty).
    #[inline(always)]
    fn each_box(&self, mut f: impl FnMut(usize, &crate::body::Rect)) {
        if !BOXES {
            return;
        }
        let mut bit = 1u16;
        for (i, s) in self.solids.iter().enumerate() {
            let r = &s.rect;
            if self.ignore & bit == 0 && r.w > 0 && r.h > 0 {
                f(i, r);
            }
            bit <<= 1;
        }
    }

    /// Index of the first box overlapping pixel-space `x0..=x1` x `y0..=y1`.
    #[inline]
    fn box_hit(&self, x0: i16, x1: i16, y0: i16, y1: i16) -> Option<usize> {
        let mut hit = None;
        self.each_box(|i, r| {
            if hit.is_none() && x0 < r.x + r.w && r.x <= x1 && y0 < r.y + r.h && r.y <= y1 {
                hit = Some(i);
            }
        });
        hit
    }

    /// Column sweep (see [`Map::sweep_cols`]) through the map and the boxes.
    #[inline(always)]
    fn sweep_cols(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> i16 {
        let mut free = self.map.sweep_cols(x, dir, n, y0, y1);
        self.each_box(|_, r| {
            if y0 < r.y + r.h && r.y <= y1 {
                // Distance to the box's near column, if the sweep meets it at all.
                let d = if dir > 0 {
                    if r.x + r.w <= x {
                        return;
                    }
                    r.x - x
                } else {
                    if r.x > x {
                        return;
                    }
                    x - (r.x + r.w - 1)
                };
                let d = if d < 0 { 0 } else { d };
                if d < free {
                    free = d;
                }
            }
        });
        free
    }

    /// Row sweep (see [`Map::sweep_rows`]) through the map and the boxes.
    #[inline(always)]
    fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, floor: bool) -> i16 {
        let mut free = self.map.sweep_rows(y, dir, n, x0, x1, floor);
        self.each_box(|_, r| {
            if x0 < r.x + r.w && r.x <= x1 {
                let d = if dir > 0 {
                    if r.y + r.h <= y {
                        return;
                    }
                    r.y - y
                } else {
                    if r.y > y {
                        return;
                    }
                    y - (r.y + r.h - 1)
                };
                let d = if d < 0 { 0 } else { d };
                if d < free {
                    free = d;
                }
            }
        });
        free
    }

    /// Is there a floor pixel (map: solid or one-way top row; or a box) in
    /// pixel-space row `y`, columns `x0 ..= x1` (`x0 <= x1`)?
    #[inline(always)]
    fn floor_in_row(&self, y: i16, x0: i16, x1: i16) -> bool {
        self.map.floor_in_row(y, x0, x1) || self.box_hit(x0, x1, y, y).is_some()
    }

    /// The topmost solid row (map or box) of column `x` in rows `y0..=y1`,
    /// `y1 + 1` when there is none.
    #[inline(always)]
    fn column_top(&self, x: i16, y0: i16, y1: i16) -> i16 {
        let mut top = self.map.column_top(x, y0, y1);
        self.each_box(|_, r| {
            if r.x <= x && x < r.x + r.w && y0 < r.y + r.h && r.y <= y1 {
                let t = if r.y > y0 { r.y } else { y0 };
                if t < top {
                    top = t;
                }
            }
        });
        top
    }
}

/// What is known about the floor row directly under the body's box.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Floor {
    /// Not looked at since the box last moved.
    Unknown,
    /// A floor pixel (map or box) lies under the box.
    Yes,
    /// No floor pixel (map or box) lies under the box.
    No,
}

/// Clamps a raw sub-pixel velocity to +-127 px/frame.
#[inline]
#[allow(clippy::manual_clamp, reason = "68000: one unsigned compare first, for the speeds within the limit")]
fn clamp_speed(v: i16) -> i16 {
    // One unsigned compare for speeds within the limit.
    if (v as u16).wrapping_add(MAX_SPEED_RAW as u16) <= 2 * MAX_SPEED_RAW as u16 {
        v
    } else if v > MAX_SPEED_RAW {
        MAX_SPEED_RAW
    } else if v < -MAX_SPEED_RAW {
        -MAX_SPEED_RAW
    } else {
        v
    }
}

/// Clamps a raw sub-pixel coordinate so the box (`size` pixels) stays inside
/// `POS_MIN_PX .. POS_END_PX`.
#[inline]
fn clamp_pos(raw: i16, size: i16) -> i16 {
    let lo = POS_MIN_PX << 3;
    let hi = ((POS_END_PX - size) << 3) | 7;
    if raw < lo {
        lo
    } else if raw > hi {
        hi
    } else {
        raw
    }
}

/// Where a move has got to: the box's top-left pixel `(x, y)` and the far end
/// of the walk window learnt on the way (see [`Body::rest_x`]; `far == x` when
/// nothing is known beyond `x`).
struct Spot {
    x: i16,
    y: i16,
    far: i16,
}

/// Walks `steps` pixels horizontally (sign = direction). `walk`: grounded
/// walking with climbing and snapping (with `FAR`, read per tile: [`walk_far`]; only
/// without boxes). Returns true when blocked. `floor`
/// tells what is known of the floor under the final box.
///
/// Tile-granular: free columns are found by one column sweep per chunk of at
/// most `w` pixels, and a chunk needs no snap when a floor pixel lies under
/// every intermediate box (under their intersection). Only where the ground
/// changes height does it go pixel by pixel: a climb (the leading column's
/// topmost solid row gives the only raise that can work, then one head sweep)
/// or a snap (one sweep of the rows under the feet). When a walk ends with
/// such a chunk (and no boxes take part), it looks on up to a body width
/// ahead of the chunk's start: the free columns with a floor there become the
/// walk window (`p.far`; every other step leaves `p.far == p.x`).
#[inline(always)]
fn step_x<const BOXES: bool, const FAR: bool>(
    wd: &World<BOXES>,
    p: &mut Spot,
    w: i16,
    h: i16,
    steps: i16,
    walk: bool,
    floor: &mut Floor,
) -> bool {
    match (steps > 0, FAR && walk) {
        (true, false) => step_x_to::<true, BOXES>(wd, p, w, h, steps, walk, floor),
        (false, false) => step_x_to::<false, BOXES>(wd, p, w, h, -steps, walk, floor),
        (true, true) => walk_far::<true>(wd.map, p, w, h, steps, floor),
        (false, true) => walk_far::<false>(wd.map, p, w, h, -steps, floor),
    }
}

/// A grounded walk of `n` pixels without boxes: per tile as far as [`walk_surface`] takes
/// it, call after call, and where it cannot (a wall, a ledge, a ceiling close above, a
/// tile whose surface has holes) a tile's width pixel by pixel with [`step_x_to`] before
/// it tries again. Returns true when blocked.
#[inline(never)]
fn walk_far<const RIGHT: bool>(map: &Map, p: &mut Spot, w: i16, h: i16, n: i16, floor: &mut Floor) -> bool {
    let wd = World::<false> { map, solids: &[], ignore: 0 };
    let mut n = n;
    loop {
        let j = walk_surface::<RIGHT>(map, p, w, h, n);
        if j > 0 {
            n -= j;
            *floor = Floor::Yes;
            if n == 0 {
                return false;
            }
            continue;
        }
        // A tile's width pixel by pixel, then per tile again if the walk goes on (a
        // ledge ends it: the rest is a plain sweep).
        let k = if n < 16 { n } else { 16 };
        if step_x_to::<RIGHT, false>(&wd, p, w, h, k, true, floor) {
            return true;
        }
        n -= k;
        if n == 0 {
            return false;
        }
        if *floor != Floor::Yes {
            return step_x_to::<RIGHT, false>(&wd, p, w, h, n, false, floor);
        }
    }
}

/// [`step_x`] to the right (`RIGHT`) or to the left, `n` pixels.
#[inline(never)]
fn step_x_to<const RIGHT: bool, const BOXES: bool>(
    wd: &World<BOXES>,
    p: &mut Spot,
    w: i16,
    h: i16,
    n: i16,
    mut walk: bool,
    floor: &mut Floor,
) -> bool {
    let dir: i16 = if RIGHT { 1 } else { -1 };
    let mut n = n;
    while n > 0 {
        let lead = if dir > 0 { p.x + w } else { p.x - 1 };
        if !walk {
            let free = wd.sweep_cols(lead, dir, n, p.y, p.y + h - 1);
            p.x += if dir > 0 { free } else { -free };
            p.far = p.x;
            *floor = Floor::Unknown;
            return free < n;
        }
        let chunk = if n < w { n } else { w };
        let free = wd.sweep_cols(lead, dir, chunk, p.y, p.y + h - 1);
        if free > 0 {
            // The boxes after 1..=k steps all hold columns x + k ..= x + w
            // (to the right; mirrored to the left): a floor pixel there is a
            // floor under each of them.
            let start = p.x;
            let under = |k: i16| if dir > 0 { (start + k, start + w) } else { (start - 1, start + w - 1 - k) };
            let (a, b) = under(free);
            if wd.floor_in_row(p.y + h, a, b) {
                p.x += if dir > 0 { free } else { -free };
                p.far = p.x;
                n -= free;
                *floor = Floor::Yes;
                if !BOXES && n == 0 && free < w {
                    // The move ends on this flat stretch: look on up to a body
                    // width ahead of where it started, for the walk window.
                    let more = wd.sweep_cols(lead + if dir > 0 { free } else { -free }, dir, w - free, p.y, p.y + h - 1);
                    if more > 0 {
                        let (a, b) = under(free + more);
                        if wd.floor_in_row(p.y + h, a, b) {
                            p.far = if dir > 0 { start + free + more } else { start - free - more };
                        }
                    }
                }
                continue;
            }
            // One free step; then the floor fell away somewhere under the
            // feet: snap down onto it, or fall when it is more than
            // SNAP_DOWN_PX below (a ledge).
            p.x += dir;
            p.far = p.x;
            n -= 1;
            let d = wd.sweep_rows(p.y + h, 1, SNAP_DOWN_PX + 1, p.x, p.x + w - 1, true);
            if d <= SNAP_DOWN_PX {
                p.y += d;
                *floor = Floor::Yes;
            } else {
                walk = false;
                *floor = Floor::No;
            }
            continue;
        }
        // Blocked at this height: climb by the raise that frees the leading
        // column (its topmost solid row), if it is at most STEP_HEIGHT_PX and
        // the rows above the head are free.
        let s = p.y + h - wd.column_top(lead, p.y, p.y + h - 1);
        let nx = p.x + dir;
        if s > STEP_HEIGHT_PX || wd.sweep_rows(p.y - 1, -1, s, nx, nx + w - 1, false) < s {
            return true;
        }
        p.x = nx;
        p.far = nx;
        p.y -= s;
        n -= 1;
        *floor = Floor::Yes;
    }
    false
}

/// Pixels above the body's top that [`walk_surface`] reads the terrain from (then rounded
/// down to a tile row): the head room a climb may use before the walk looks again. (8
/// reads fewer blank tiles than 16 or 24: walk 127 px/frame 55,756 cycles at 24, 55,083 at
/// 16, 54,535 at 8.)
const SURFACE_ROOM_PX: i16 = 8;

/// Slowest walk (pixels per frame) that is read per tile ([`move_far_through_map`]): a
/// shorter one costs less pixel by pixel.
const SURFACE_MIN_PX: i16 = 8;

/// Tile columns one [`walk_surface`] call reads at most (a longer walk calls again).
const SURFACE_TILES: usize = 8;

/// [`Surfaces`] entry top of a tile column with no floor pixel: below every real row.
const OPEN_TOP: i16 = 0x3000;

/// The floor surfaces [`walk_surface`] read, one per tile column from the back of the body
/// forwards: the pixel-space row of each surface tile's top and its shape.
struct Surfaces<'m, const RIGHT: bool> {
    /// Tile column of entry 0 (the one holding the body's back column).
    back: i16,
    /// How many entries are read.
    len: usize,
    top: [i16; SURFACE_TILES],
    shape: [&'m TileShape; SURFACE_TILES],
}

impl<const RIGHT: bool> Surfaces<'_, RIGHT> {
    /// Entry of tile column `tx` (which must be read).
    #[inline(always)]
    fn index(&self, tx: i16) -> usize {
        (if RIGHT { tx - self.back } else { self.back - tx }) as usize
    }

    /// The topmost floor row (pixel-space) of pixel column `x`.
    #[inline(always)]
    fn at(&self, x: i16) -> i16 {
        let i = self.index(x >> 4);
        self.top[i] + self.shape[i].top((x & 15) as u16)
    }

    /// The smallest topmost floor row (pixel-space) of pixel columns `x0 ..= x1`: where the
    /// feet of a walking box over those columns stand.
    #[inline(always)]
    fn span_min(&self, x0: i16, x1: i16) -> i16 {
        let mut m = i16::MAX;
        let mut tx = x0 >> 4;
        loop {
            let i = self.index(tx);
            let a = if tx == x0 >> 4 { (x0 & 15) as u16 } else { 0 };
            let b = if tx == x1 >> 4 { (x1 & 15) as u16 } else { 15 };
            let t = self.top[i] + self.shape[i].top_min(a, b);
            if t < m {
                m = t;
            }
            if tx == x1 >> 4 {
                return m;
            }
            tx += 1;
        }
    }
}

/// The grounded walk of a box `w` x `h` pixels at `p` by up to `n` pixels to the right
/// (`RIGHT`) or left, read per tile from the shapes' floor-surface tables instead of pixel
/// by pixel. Returns how many pixels it walked (then `p` is where the walk got to, standing
/// on the floor), 0 when the terrain ahead needs the pixel-by-pixel walk (nothing changed).
///
/// **Why it is exact.** Let `t(c)` be the topmost floor pixel of column `c` at or below a
/// tile row above the head. Where `t` changes by at most [`STEP_HEIGHT_PX`] (and the body's
/// height) up and [`SNAP_DOWN_PX`] down from one column to the next, the per-pixel walk
/// never stops or falls, and after every step the feet stand on the smallest `t` under the
/// box: a free step keeps or snaps to it, a blocked one climbs onto the leading column,
/// whose `t` is the new smallest. (The smallest `t` of a box one column on changes by no
/// more than one neighbour difference.) So the walk's end is the smallest `t` under the
/// final box, provided the box starts standing on its own smallest `t`, no climb goes
/// onto a one-way top (the walk passes through those), and the head stays below the top
/// row read (no ceiling can interfere). Each tile column is read once: the first tile with
/// a floor pixel in every column gives all 16 `t`s, and its precomputed rise, fall and
/// minimum check the rules for all of them at once.
///
/// When it walks to the end of the move on flat ground, `p.far` is the walk window: the
/// columns ahead at the same floor height (see [`Body::rest_x`]).
#[inline(never)]
fn walk_surface<const RIGHT: bool>(map: &Map, p: &mut Spot, w: i16, h: i16, n: i16) -> i16 {
    let (x, y) = (p.x, p.y);
    let feet = y + h;
    let ty0 = (y - SURFACE_ROOM_PX) >> 4;
    let ty1 = (feet + SNAP_DOWN_PX) >> 4;
    let top_row = ty0 << 4;
    let climb = if h < STEP_HEIGHT_PX { h } else { STEP_HEIGHT_PX };
    let back = if RIGHT { x >> 4 } else { (x + w - 1) >> 4 };
    let last = if RIGHT { (x + w - 1 + n) >> 4 } else { (x - n) >> 4 };
    let mut sf = Surfaces::<RIGHT> { back, len: 0, top: [0; SURFACE_TILES], shape: [&TileShape::EMPTY; SURFACE_TILES] };
    let mut tx = back;
    let mut edge = 0;
    // The back tile column may have no floor pixel in the rows read (the body stands over
    // a ledge it walks away from): its columns then count as no floor at all. Exact: every
    // other column read has its floor in those rows, so a floor below them is never the
    // highest under the box, and one above them is above the head.
    let mut back_open = false;
    while sf.len < SURFACE_TILES {
        let (top, s) = match map.surface(tx, ty0, ty1) {
            Surface::Whole(top, s) => (top, s),
            Surface::Empty if sf.len == 0 && (if RIGHT { (x + w) >> 4 } else { (x - 1) >> 4 }) != back => {
                back_open = true;
                sf.top[0] = OPEN_TOP;
                sf.len = 1;
                tx += if RIGHT { 1 } else { -1 };
                continue;
            }
            _ => break,
        };
        if s.surface_rise(RIGHT) > climb || s.surface_fall(RIGHT) > SNAP_DOWN_PX || top + s.top_min_from(0) - h < top_row {
            break;
        }
        let (near, far) = if RIGHT { (top + s.top(0), top + s.top(15)) } else { (top + s.top(15), top + s.top(0)) };
        if sf.len > 0 && !(back_open && sf.len == 1) {
            let rise = edge - near;
            if rise > climb || -rise > SNAP_DOWN_PX || (rise > 0 && s.is_one_way()) {
                break;
            }
        }
        sf.top[sf.len] = top;
        sf.shape[sf.len] = s;
        sf.len += 1;
        edge = far;
        if tx == last {
            break;
        }
        tx += if RIGHT { 1 } else { -1 };
    }
    // How far the box can go with every column it covers read.
    let room = if RIGHT { ((back + sf.len as i16) << 4) - (x + w) } else { x - ((back + 1 - sf.len as i16) << 4) };
    if sf.len == 0 || room <= 0 || sf.span_min(x, x + w - 1) != feet {
        return 0;
    }
    let j = if room < n { room } else { n };
    let nx = if RIGHT { x + j } else { x - j };
    let nfeet = sf.span_min(nx, nx + w - 1);
    p.x = nx;
    p.y = nfeet - h;
    p.far = nx;
    if j == n && j < room {
        // The walk window: the read columns ahead whose floor is at the same height.
        let mut far = 0;
        while far < w && far < room - j {
            let c = if RIGHT { nx + w + far } else { nx - 1 - far };
            if sf.at(c) != nfeet {
                break;
            }
            far += 1;
        }
        p.far = if RIGHT { nx + far } else { nx - far };
    }
    j
}

/// Walks `steps` pixels vertically (sign = direction). Returns true when
/// blocked. Moving down, one-way platform tops block, and the sweep looks one
/// row further to learn whether the final box stands on a floor.
#[inline]
fn step_y<const BOXES: bool>(wd: &World<BOXES>, x: i16, y: &mut i16, w: i16, h: i16, steps: i16, floor: &mut Floor) -> bool {
    if steps > 0 {
        let free = wd.sweep_rows(*y + h, 1, steps + 1, x, x + w - 1, true);
        let moved = if free < steps { free } else { steps };
        *y += moved;
        *floor = if free <= steps { Floor::Yes } else { Floor::No };
        return free < steps;
    }
    let free = wd.sweep_rows(*y - 1, -1, -steps, x, x + w - 1, false);
    *y -= free;
    *floor = Floor::Unknown;
    free < -steps
}

/// Recomputes the set of boxes the body overlaps (they are ignored).
#[inline(always)]
fn overlapping_boxes(solids: &[SolidBox], x: i16, y: i16, w: i16, h: i16) -> u16 {
    let mut mask = 0u16;
    let mut bit = 1u16;
    for s in solids {
        let r = &s.rect;
        if r.w > 0 && r.h > 0 && x < r.x + r.w && r.x < x + w && y < r.y + r.h && r.y < y + h {
            mask |= bit;
        }
        bit <<= 1;
    }
    mask
}

/// Moves every body of `bodies` by one frame of its velocity through `map`
/// and `solids` (see the module docs for the exact rules). The boxes' reach
/// is worked out once for the frame: a body that rides no box and that no box
/// can reach this frame moves through the map alone. `solids[i]` must be the
/// same box from frame to frame for riding to work.
pub fn move_bodies(map: &Map, solids: &[SolidBox], bodies: &mut [Body]) {
    let solids = if solids.len() > MAX_SOLIDS { &solids[..MAX_SOLIDS] } else { solids };
    if solids.is_empty() {
        for body in bodies.iter_mut() {
            if stays_at_rest(body) {
                continue;
            }
            if walks_far(body) {
                move_far_through_map(map, body);
            } else {
                move_alone(map, body);
            }
        }
        return;
    }
    let reach = BoxesBound::of(solids);
    for body in bodies.iter_mut() {
        if reach.may_reach(body) && !boxes_out_of_reach(solids, body) {
            move_with_boxes(map, solids, body);
        } else if stays_at_rest(body) {
            continue;
        } else if walks_far(body) {
            move_far_through_map(map, body);
        } else {
            move_alone(map, body);
        }
    }
}

/// The move of a body that no box can reach: the short move of
/// [`walk_in_window`] when its record applies, else [`move_through_map`]
/// (kept apart so that a body in its window pays for none of the full move's
/// set-up).
#[inline(never)]
fn move_alone(map: &Map, body: &mut Body) {
    if !walk_in_window(body) && !flies_in_air(body) {
        move_through_map(map, body);
    }
}

/// The move of a flying body that no box can reach and whose box stays inside the blank
/// tiles its last move recorded (an air record, see [`record_air`]): its box now, its box
/// after the move and the pixel row under that are all inside, so every pixel the move
/// tests is blank and the full move's result is exact: `x` and `y` move by `vx` and `vy`,
/// no flag is set, `vx` and `vy` stay. Not for a grounded body moving down (that is a walk,
/// with its climbs and snaps). Returns false (and changes nothing) when that does not apply.
///
/// No clamp is needed: the recorded tiles are inside the map, so inside the position
/// limits, and a record is at most seven tiles (112 pixels) each way, so a speed past the
/// limit (127 pixels, or a position that wraps) never lands inside it.
#[inline(always)]
fn flies_in_air(body: &mut Body) -> bool {
    if body.rest_size != 0 || body.rest_y != AIR_RECORD {
        return false;
    }
    let vx = body.vx.to_bits();
    let vy = body.vy.to_bits();
    if vy >= 0 && body.flags.contains(Flags::ON_GROUND) {
        return false;
    }
    // The record's pixels: columns l * 16 ..= r * 16 + 15, rows t * 16 ..= b * 16 + 15.
    let (cols, rows) = (body.rest_x as u16, body.rest_x1 as u16);
    let (x0, x1) = (((cols >> 8) << 4) as i16, (((cols & 0xFF) << 4) | 15) as i16);
    let (y0, y1) = (((rows >> 8) << 4) as i16, (((rows & 0xFF) << 4) | 15) as i16);
    let (w, h) = (clamp_size(body.w), clamp_size(body.h));
    let (xr, yr) = (body.x.to_bits(), body.y.to_bits());
    let (nxr, nyr) = (xr.wrapping_add(vx), yr.wrapping_add(vy));
    let (px, npx, py, npy) = (xr >> 3, nxr >> 3, yr >> 3, nyr >> 3);
    let (left, right) = if npx < px { (npx, px) } else { (px, npx) };
    let (top, bottom) = if npy < py { (npy, py) } else { (py, npy) };
    if left < x0 || right + w - 1 > x1 || top < y0 || bottom + h > y1 {
        return false;
    }
    body.x = crate::SubPx::from_bits(nxr);
    body.y = crate::SubPx::from_bits(nyr);
    body.flags = Flags::NONE;
    body.riding = NO_BOX;
    true
}

/// Records the blank tiles around a body that ends a move in the air (see [`flies_in_air`]):
/// the tiles under its box and the pixel row below it, one more tile column and row in the
/// directions of `vx` and `vy` (down when `vy` is 0) where those are blank too; no record when
/// the tiles under the box and that row are not all blank. One or two rectangle tests.
#[allow(clippy::too_many_arguments, reason = "68000: the box and speeds as scalars in registers, no struct copy")]
fn record_air(map: &Map, body: &mut Body, x: i16, y: i16, w: i16, h: i16, vx: i16, vy: i16) {
    let (tx0, tx1) = (x >> 4, (x + w - 1) >> 4);
    let (ty0, ty1) = (y >> 4, (y + h) >> 4);
    let (gx0, gx1) = if vx < 0 {
        (tx0 - 1, tx1)
    } else if vx > 0 {
        (tx0, tx1 + 1)
    } else {
        (tx0, tx1)
    };
    let (gy0, gy1) = if vy < 0 { (ty0 - 1, ty1) } else { (ty0, ty1 + 1) };
    body.rest_size = 0;
    let (l, r, t, b) = if map.tiles_blank(gx0, gx1, gy0, gy1) {
        (gx0, gx1, gy0, gy1)
    } else if map.tiles_blank(tx0, tx1, ty0, ty1) {
        (tx0, tx1, ty0, ty1)
    } else {
        body.rest_y = 0;
        return;
    };
    // Tile coordinates inside the map fit a byte each (at most 256 x 248 tiles).
    body.rest_x = ((l as u16) << 8 | r as u16) as i16;
    body.rest_x1 = ((t as u16) << 8 | b as u16) as i16;
    body.rest_y = AIR_RECORD;
}

/// [`move_in`] with solid boxes (out of line: the per-body loop stays small).
#[inline(never)]
fn move_with_boxes(map: &Map, solids: &[SolidBox], body: &mut Body) {
    move_in::<true, false>(map, solids, body);
}

/// [`move_in`] through the map alone: every box query compiles away.
#[inline(never)]
fn move_through_map(map: &Map, body: &mut Body) {
    move_in::<false, false>(map, &[], body);
}

/// Whether `body` walks on the ground at [`SURFACE_MIN_PX`] pixels per frame or faster
/// (then its move is [`move_far_through_map`] when no box can reach it).
#[inline(always)]
fn walks_far(body: &Body) -> bool {
    // |vx| >= SURFACE_MIN_PX pixels (in sub-pixels) as one unsigned compare.
    let vx = body.vx.to_bits();
    body.flags.contains(Flags::ON_GROUND)
        && (vx as u16).wrapping_add((SURFACE_MIN_PX << 3) as u16 - 1) >= (2 * (SURFACE_MIN_PX << 3) - 1) as u16
}

/// [`move_through_map`] for a body walking on the ground at [`SURFACE_MIN_PX`] pixels per
/// frame or faster: its walk is read per tile ([`walk_far`]).
#[inline(never)]
fn move_far_through_map(map: &Map, body: &mut Body) {
    move_in::<false, true>(map, &[], body);
}

/// The move of a body that no box can reach and that walks inside the window
/// of its last move (see [`Body::rest_x`]): same size, same `y` (sub-pixel
/// bits, on a whole pixel), this frame's `x` and its new `x` both in the window with
/// the new one no nearer the window's anchor, and not moving up. Every
/// column it walks into is free and has a floor under it, so no map query is
/// needed and the result is the full move's, exactly: it walks the whole
/// distance, stays grounded (a downward `vy` is zeroed, and a whole pixel of
/// it is a landing), and only the sub-pixel parts and velocities change.
/// Returns false (and changes nothing) when that does not apply.
///
/// No clamp is needed: a window is at most a body width (64 pixels) ahead of
/// its anchor, inside the position limits, so a speed past the limit (or an `x` that wraps)
/// never lands in it, and windows are only recorded for bodies of a valid size
/// above the lowest position, not fallen out (see [`move_in`]).
#[inline(always)]
fn walk_in_window(body: &mut Body) -> bool {
    let yr = body.y.to_bits();
    if body.rest_size == 0 || body.rest_size != rest_size(body) || yr != body.rest_y {
        return false;
    }
    let xr = body.x.to_bits();
    let nxr = xr.wrapping_add(body.vx.to_bits());
    let (px, npx) = (xr >> 3, nxr >> 3);
    let (anchor, far) = (body.rest_x, body.rest_x1);
    let inside = if anchor <= far { anchor <= px && px <= npx && npx <= far } else { far <= npx && npx <= px && px <= anchor };
    if !inside {
        return false;
    }
    // `y` is the record's, on a whole pixel (see `move_in`): moving up at all leaves the
    // floor (the full move), and a whole pixel down onto the floor is a landing.
    let vy = body.vy.to_bits();
    if vy < 0 {
        return false;
    }
    body.flags = if vy >= 8 { Flags(Flags::ON_GROUND.0 | Flags::LANDED.0) } else { Flags::ON_GROUND };
    body.x = crate::SubPx::from_bits(nxr);
    body.vy = crate::SubPx::ZERO;
    body.riding = NO_BOX;
    true
}

/// The move of a body at rest that no box can reach: it stands where its last move left it
/// (`x` at the window's anchor, `y` equal to the record's, the same size), `vx` is 0 and
/// `vy` is less than a pixel downwards (gravity added to a body that stood). That is
/// [`walk_in_window`] without a step: the floor under its feet is still there, so only `vy`
/// (zeroed), the flags (`ON_GROUND`) and `riding` change. Returns false (and changes
/// nothing) when that does not apply.
#[inline(always)]
fn stays_at_rest(body: &mut Body) -> bool {
    let size = body.rest_size;
    // A record's `rest_y` is on a whole pixel (see `move_in`), so `y` is too.
    if body.vx.to_bits() != 0
        || body.vy.to_bits() as u16 >= 8
        || body.y.to_bits() != body.rest_y
        || size != rest_size(body)
        || size == 0
        || (body.x.to_bits() >> 3) != body.rest_x
    {
        return false;
    }
    body.vy = crate::SubPx::ZERO;
    body.flags = Flags::ON_GROUND;
    body.riding = NO_BOX;
    true
}

/// The `Body::rest_size` key of a body: its size `w << 8 | h` as stored (0 for
/// a 0 x 0 body, which never counts as a record).
#[inline(always)]
fn rest_size(body: &Body) -> u16 {
    (body.w as u16) << 8 | body.h as u16
}

/// Moves one body by one frame: [`move_bodies`] for a single body.
#[inline]
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    move_bodies(map, solids, core::slice::from_mut(body));
}

/// One frame of one body through the map and `solids` (already cut to
/// [`MAX_SOLIDS`]); with `FAR` (and no boxes) a grounded walk is read per tile
/// ([`walk_far`]).
#[inline(always)]
fn move_in<const BOXES: bool, const FAR: bool>(map: &Map, solids: &[SolidBox], body: &mut Body) {
    let w = clamp_size(body.w);
    let h = clamp_size(body.h);
    let grounded = body.flags.contains(Flags::ON_GROUND);
    let riding = body.riding as usize;
    let mut flags = Flags::NONE;

    let mut xr = clamp_pos(body.x.to_bits(), w);
    let mut yr = clamp_pos(body.y.to_bits(), h);
    let mut x = xr >> 3;
    let mut y = yr >> 3;
    let mut floor = Floor::Unknown;

    // 1. Carried by the box we stand on.
    if riding < solids.len() {
        let s = solids[riding];
        let wd = World::<BOXES> { map, solids, ignore: overlapping_boxes(solids, x, y, w, h) | (1u16 << riding) };
        if s.dx != 0 {
            let t = (clamp_pos(xr.saturating_add((s.dx as i16) << 3), w) >> 3) - x;
            let mut p = Spot { x, y, far: x };
            step_x::<BOXES, false>(&wd, &mut p, w, h, t, false, &mut floor);
            (x, y) = (p.x, p.y);
        }
        if s.dy != 0 {
            let t = (clamp_pos(yr.saturating_add((s.dy as i16) << 3), h) >> 3) - y;
            step_y(&wd, x, &mut y, w, h, t, &mut floor);
        }
        floor = Floor::Unknown;
        xr = (x << 3) | (xr & 7);
        yr = (y << 3) | (yr & 7);
    }

    let wd = World::<BOXES> { map, solids, ignore: if solids.is_empty() { 0 } else { overlapping_boxes(solids, x, y, w, h) } };
    let mut vx = clamp_speed(body.vx.to_bits());
    let mut vy = clamp_speed(body.vy.to_bits());

    // 2. X axis.
    let nxr = clamp_pos(xr.saturating_add(vx), w);
    let steps = (nxr >> 3) - x;
    let mut far = x;
    if steps != 0 {
        let walk = grounded && vy >= 0;
        let mut p = Spot { x, y, far: x };
        let blocked = step_x::<BOXES, FAR>(&wd, &mut p, w, h, steps, walk, &mut floor);
        (x, y, far) = (p.x, p.y, p.far);
        if blocked {
            flags.insert(if steps > 0 { Flags::HIT_RIGHT } else { Flags::HIT_LEFT });
            vx = 0;
            xr = x << 3;
        } else {
            xr = (x << 3) | (nxr & 7);
        }
        yr = (y << 3) | (yr & 7);
    } else {
        xr = nxr;
    }

    // 3. Y axis.
    let y_walked = y;
    let nyr = clamp_pos(yr.saturating_add(vy), h);
    let steps = (nyr >> 3) - y;
    if steps != 0 {
        if step_y(&wd, x, &mut y, w, h, steps, &mut floor) {
            flags.insert(if steps > 0 { Flags::LANDED } else { Flags::HIT_CEILING });
            vy = 0;
            yr = y << 3;
        } else {
            yr = (y << 3) | (nyr & 7);
        }
    } else {
        yr = nyr;
    }

    // 4. Ground and fall-out flags.
    let mut new_riding = NO_BOX;
    let feet = y + h;
    let on_map_or_box = match floor {
        Floor::Yes => true,
        Floor::No => false,
        Floor::Unknown => map.floor_in_row(feet, x, x + w - 1),
    };
    if on_map_or_box {
        flags.insert(Flags::ON_GROUND);
    }
    if !solids.is_empty() {
        if let Some(i) = wd.box_hit(x, x + w - 1, feet, feet) {
            flags.insert(Flags::ON_GROUND);
            flags.insert(Flags::ON_BOX);
            new_riding = i as u8;
        }
    }
    if flags.contains(Flags::ON_GROUND) && vy >= 0 {
        vy = 0;
        yr = y << 3;
    }
    if y >= map.height_px() && map.edges().bottom == Edge::Open {
        flags.insert(Flags::FELL_OUT);
    }

    body.x = crate::SubPx::from_bits(xr);
    body.y = crate::SubPx::from_bits(yr);
    body.vx = crate::SubPx::from_bits(vx);
    body.vy = crate::SubPx::from_bits(vy);
    body.flags = flags;
    body.riding = new_riding;
    // The record for the next move: standing on the map (not on a box), a
    // walk window; without boxes it reaches ahead, with boxes (which may move
    // into it) it is the body's own position.
    if flags.0 & (Flags::ON_GROUND.0 | Flags::ON_BOX.0 | Flags::FELL_OUT.0) == Flags::ON_GROUND.0
        && body.w as i16 == w
        && body.h as i16 == h
        && y + h < POS_END_PX
    {
        // The window learnt while walking holds at the height it was learnt.
        let far = if y == y_walked { far } else { x };
        body.rest_x = x;
        body.rest_x1 = far;
        // The pixel row: a body left between two rows (moving up) never matches it.
        body.rest_y = yr & !7;
        body.rest_size = rest_size(body);
    } else if flags.0 & (Flags::ON_GROUND.0 | Flags::FELL_OUT.0) == 0 {
        record_air(map, body, x, y, w, h, vx, vy);
    } else {
        body.rest_size = 0;
        body.rest_y = 0;
    }
}

/// The pixel-space rectangle that holds every box of a frame (`x0 > x1` when
/// there is none): one test per body tells whether any box can matter.
struct BoxesBound {
    x0: i16,
    y0: i16,
    x1: i16,
    y1: i16,
}

impl BoxesBound {
    fn of(solids: &[SolidBox]) -> BoxesBound {
        let mut b = BoxesBound { x0: i16::MAX, y0: i16::MAX, x1: i16::MIN, y1: i16::MIN };
        for s in solids {
            let r = &s.rect;
            if r.w > 0 && r.h > 0 {
                b.x0 = b.x0.min(r.x);
                b.y0 = b.y0.min(r.y);
                b.x1 = b.x1.max(r.x.saturating_add(r.w - 1));
                b.y1 = b.y1.max(r.y.saturating_add(r.h - 1));
            }
        }
        b
    }

    /// Whether any box may take part in `body`'s move (it rides one, or the
    /// bound meets the move's reach); false is exact, true is checked per box.
    #[inline(always)]
    fn may_reach(&self, body: &Body) -> bool {
        if body.riding != NO_BOX {
            return true;
        }
        if self.x0 > self.x1 {
            return false;
        }
        let (x0, y0, x1, y1) = reach(body);
        !((self.x1 as i32) < x0 || self.x0 as i32 > x1 || (self.y1 as i32) < y0 || self.y0 as i32 > y1)
    }
}

/// The pixel-space rectangle (x0, y0, x1, y1, inclusive) of every pixel this
/// frame's move of `body` can test or cover: the box widened by the horizontal
/// speed plus one column, and heightened by the vertical speed plus, per pixel
/// walked, a climb or snap of up to 8 rows, plus the feet row and a full snap below.
#[inline]
fn reach(body: &Body) -> (i32, i32, i32, i32) {
    let w = clamp_size(body.w) as i32;
    let h = clamp_size(body.h) as i32;
    let x = (clamp_pos(body.x.to_bits(), w as i16) >> 3) as i32;
    let y = (clamp_pos(body.y.to_bits(), h as i16) >> 3) as i32;
    let (rx, ry) =
        move_reach(clamp_speed(body.vx.to_bits()).unsigned_abs() as i16 >> 3, clamp_speed(body.vy.to_bits()).unsigned_abs() as i16 >> 3);
    let (rx, ry) = (rx as i32, ry as i32);
    (x - rx, y - ry, x + w + rx - 1, y + h + ry - 1)
}

/// How many pixel columns (left or right) and rows (up or down) beyond a body's box the
/// pixels that one frame's move tests or covers can lie, for a body whose speed is at most
/// `speed_x` and `speed_y` whole pixels per frame (`0 ..= MAX_SPEED_PX`): the horizontal
/// distance plus the column beyond it; vertically the vertical distance plus, per pixel
/// walked, a climb or snap of up to 8 rows, the feet row and a full snap below. A solid box
/// whose pixels all lie farther than that from the box of a body that rides none takes no
/// part in its move, so a game may leave such boxes out of [`move_bodies`] (one test per
/// frame for a whole group of bodies instead of the engine's test per body).
pub const fn move_reach(speed_x: i16, speed_y: i16) -> (i16, i16) {
    let sx = speed_x + 1;
    let step = if STEP_HEIGHT_PX > SNAP_DOWN_PX { STEP_HEIGHT_PX } else { SNAP_DOWN_PX };
    (sx + 1, sx * step + speed_y + 1 + SNAP_DOWN_PX + 2)
}

/// Whether no solid box can take part in this frame's move of `body`: the body rides no
/// box, and no box meets the pixel-space rectangle of every pixel the move can test or
/// cover (the box widened by the horizontal speed plus one column, and heightened by the
/// vertical speed plus, per pixel walked, a climb or snap of up to 8 rows, plus the
/// feet row and a full snap below). Then the move is exactly the move without boxes.
#[inline]
fn boxes_out_of_reach(solids: &[SolidBox], body: &Body) -> bool {
    if (body.riding as usize) < solids.len() {
        return false;
    }
    let (x0, y0, x1, y1) = reach(body);
    solids.iter().all(|s| {
        let r = &s.rect;
        r.w <= 0 || r.h <= 0 || (r.x as i32 + r.w as i32) <= x0 || r.x as i32 > x1 || (r.y as i32 + r.h as i32) <= y0 || r.y as i32 > y1
    })
}

/// Is there a floor pixel (solid, one-way top row or solid box) directly
/// under the body's feet (the pixel row just below its box)?
pub fn ground_under(map: &Map, solids: &[SolidBox], body: &Body) -> bool {
    let solids = if solids.len() > MAX_SOLIDS { &solids[..MAX_SOLIDS] } else { solids };
    let r = body.rect();
    let w = clamp_size(body.w);
    let wd = World::<true> { map, solids, ignore: overlapping_boxes(solids, r.x, r.y, w, clamp_size(body.h)) };
    wd.floor_in_row(r.y + r.h, r.x, r.x + w - 1)
}

#[inline]
fn clamp_size(s: u8) -> i16 {
    // One unsigned compare for the usual 1..=64.
    if s.wrapping_sub(1) < MAX_BODY_SIZE {
        s as i16
    } else if s == 0 {
        1
    } else {
        MAX_BODY_SIZE as i16
    }
}
