//! The full move's grounded walk read per tile column: for walks of
//! [`super::full::PER_TILE_MIN_PX`] pixels per frame or more, each tile column's floor is
//! read once from the shapes' surface tables instead of pixel by pixel, so whole slopes
//! are climbed and descended without a per-pixel step.

use super::step::{step_x_to, Floor, Spot, World};
use crate::map::{Map, TileFloor};
use crate::shape::TileShape;
use crate::units::{px_in_tile, tile_of_px, tile_start_px};
use crate::{SNAP_DOWN_PX, STEP_HEIGHT_PX, TILE_SIZE};

/// Pixels above the body's top that [`walk_tile_columns`] reads the terrain from (then
/// rounded down to a tile row): the head room a climb may use before the walk looks again.
/// (8 reads fewer blank tiles than 16 or 24: walk 127 px/frame 55,756 cycles at 24, 55,083
/// at 16, 54,535 at 8.)
const ROOM_ABOVE_PX: i16 = 8;

/// Tile columns one [`walk_tile_columns`] call reads at most (a longer walk calls again).
const COLUMNS_PER_CALL: usize = 8;

/// [`FloorTops`] entry top of a tile column with no floor pixel: below every real row.
const NO_FLOOR_TOP: i16 = 0x3000;

/// A grounded walk of `n` pixels without boxes: per tile column as far as
/// [`walk_tile_columns`] takes it, call after call, and where it cannot (a wall, a ledge, a
/// ceiling close above, a tile whose surface has holes) a tile's width pixel by pixel with
/// [`step_x_to`] before it tries again. Returns true when blocked.
#[inline(never)]
pub(super) fn walk_per_tile<const RIGHT: bool>(map: &Map, p: &mut Spot, w: i16, h: i16, n: i16, floor: &mut Floor) -> bool {
    let wd = World::<false> { map, solids: &[], ignore: 0 };
    let mut n = n;
    loop {
        let j = walk_tile_columns::<RIGHT>(map, p, w, h, n);
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
        let k = if n < TILE_SIZE { n } else { TILE_SIZE };
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

/// The floor tops [`walk_tile_columns`] read, one per tile column from the back of the
/// body forwards: the pixel-space row of each floor tile's top and its shape.
struct FloorTops<'m, const RIGHT: bool> {
    /// Tile column of entry 0 (the one holding the body's back column).
    back: i16,
    /// How many entries are read.
    len: usize,
    top: [i16; COLUMNS_PER_CALL],
    shape: [&'m TileShape; COLUMNS_PER_CALL],
}

impl<const RIGHT: bool> FloorTops<'_, RIGHT> {
    /// Entry of tile column `tx` (which must be read).
    #[inline(always)]
    fn index(&self, tx: i16) -> usize {
        (if RIGHT { tx - self.back } else { self.back - tx }) as usize
    }

    /// The smallest topmost floor row (pixel-space) of pixel columns `x0 ..= x1`: where the
    /// feet of a walking box over those columns stand.
    #[inline(always)]
    fn span_min(&self, x0: i16, x1: i16) -> i16 {
        let mut m = i16::MAX;
        let mut tx = tile_of_px(x0);
        let last = tile_of_px(x1);
        loop {
            let i = self.index(tx);
            let a = if tx == tile_of_px(x0) { px_in_tile(x0) as u16 } else { 0 };
            let b = if tx == last { px_in_tile(x1) as u16 } else { 15 };
            let t = self.top[i] + self.shape[i].top_min(a, b);
            if t < m {
                m = t;
            }
            if tx == last {
                return m;
            }
            tx += 1;
        }
    }
}

/// The grounded walk of a box `w` x `h` pixels at `p` by up to `n` pixels to the right
/// (`RIGHT`) or left, read per tile column from the shapes' floor-surface tables instead of
/// pixel by pixel. Returns how many pixels it walked (then `p` is where the walk got to,
/// standing on the floor), 0 when the terrain ahead needs the pixel-by-pixel walk (nothing
/// changed).
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
#[inline(never)]
fn walk_tile_columns<const RIGHT: bool>(map: &Map, p: &mut Spot, w: i16, h: i16, n: i16) -> i16 {
    let (x, y) = (p.x, p.y);
    let feet = y + h;
    let ty0 = tile_of_px(y - ROOM_ABOVE_PX);
    let ty1 = tile_of_px(feet + SNAP_DOWN_PX);
    let top_row = tile_start_px(ty0);
    let climb = if h < STEP_HEIGHT_PX { h } else { STEP_HEIGHT_PX };
    let back = if RIGHT { tile_of_px(x) } else { tile_of_px(x + w - 1) };
    let last = if RIGHT { tile_of_px(x + w - 1 + n) } else { tile_of_px(x - n) };
    let mut tops = FloorTops::<RIGHT> { back, len: 0, top: [0; COLUMNS_PER_CALL], shape: [&TileShape::EMPTY; COLUMNS_PER_CALL] };
    let mut tx = back;
    let mut edge = 0;
    // The back tile column may have no floor pixel in the rows read (the body stands over
    // a ledge it walks away from): its columns then count as no floor at all. Exact: every
    // other column read has its floor in those rows, so a floor below them is never the
    // highest under the box, and one above them is above the head.
    let mut back_open = false;
    while tops.len < COLUMNS_PER_CALL {
        let (top, s) = match map.tile_floor(tx, ty0, ty1) {
            TileFloor::Whole(top, s) => (top, s),
            TileFloor::Empty if tops.len == 0 && (if RIGHT { tile_of_px(x + w) } else { tile_of_px(x - 1) }) != back => {
                back_open = true;
                tops.top[0] = NO_FLOOR_TOP;
                tops.len = 1;
                tx += if RIGHT { 1 } else { -1 };
                continue;
            }
            _ => break,
        };
        if s.surface_rise(RIGHT) > climb || s.surface_fall(RIGHT) > SNAP_DOWN_PX || top + s.top_min_from(0) - h < top_row {
            break;
        }
        let (near, far) = if RIGHT { (top + s.top(0), top + s.top(15)) } else { (top + s.top(15), top + s.top(0)) };
        if tops.len > 0 && !(back_open && tops.len == 1) {
            let rise = edge - near;
            if rise > climb || -rise > SNAP_DOWN_PX || (rise > 0 && s.is_one_way()) {
                break;
            }
        }
        tops.top[tops.len] = top;
        tops.shape[tops.len] = s;
        tops.len += 1;
        edge = far;
        if tx == last {
            break;
        }
        tx += if RIGHT { 1 } else { -1 };
    }
    // How far the box can go with every column it covers read.
    let room = if RIGHT { tile_start_px(back + tops.len as i16) - (x + w) } else { x - tile_start_px(back + 1 - tops.len as i16) };
    if tops.len == 0 || room <= 0 || tops.span_min(x, x + w - 1) != feet {
        return 0;
    }
    let j = if room < n { room } else { n };
    let nx = if RIGHT { x + j } else { x - j };
    let nfeet = tops.span_min(nx, nx + w - 1);
    p.x = nx;
    p.y = nfeet - h;
    j
}
