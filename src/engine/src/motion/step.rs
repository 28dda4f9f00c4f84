//! The steps every path of a move is made of: the map plus the solid boxes as one world
//! ([`World`]), a horizontal walk or sweep of a box through it ([`step_x_to`]), and the
//! clamps of speeds, positions and sizes. The full move (`full.rs`), its per-tile walk
//! (`tile_walk.rs`), the look-ahead and the walk across chains use them; they use nothing
//! of those.

use crate::body::{Rect, SolidBox};
use crate::map::Map;
use crate::units::sub_of_px;
use crate::{MAX_BODY_SIZE, MAX_SPEED_PX, POS_END_PX, POS_MIN_PX, SNAP_DOWN_PX, STEP_HEIGHT_PX};

/// Largest speed in raw sub-pixels per frame.
pub(super) const MAX_SPEED_SUB: i16 = sub_of_px(MAX_SPEED_PX);

/// The map plus the solid boxes a body collides with this frame (boxes in
/// `ignore`, a bit per box, are the ones the body overlapped at the start).
/// Every query is the map's tile-granular query combined with the boxes.
pub(super) struct World<'w, 'm, const BOXES: bool> {
    pub(super) map: &'w Map<'m>,
    pub(super) solids: &'w [SolidBox],
    pub(super) ignore: u16,
}

impl<const BOXES: bool> World<'_, '_, BOXES> {
    /// Calls `f` with every box that takes part (not ignored, not empty).
    #[inline(always)]
    fn each_box(&self, mut f: impl FnMut(usize, &Rect)) {
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
    pub(super) fn box_hit(&self, x0: i16, x1: i16, y0: i16, y1: i16) -> Option<usize> {
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
                if let Some(d) = gap_to_box(x, dir, r.x, r.w) {
                    if d < free {
                        free = d;
                    }
                }
            }
        });
        free
    }

    /// Row sweep (see [`Map::sweep_rows`]) through the map and the boxes.
    #[inline(always)]
    pub(super) fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, floor: bool) -> i16 {
        let mut free = self.map.sweep_rows(y, dir, n, x0, x1, floor);
        self.each_box(|_, r| {
            if x0 < r.x + r.w && r.x <= x1 {
                if let Some(d) = gap_to_box(y, dir, r.y, r.h) {
                    if d < free {
                        free = d;
                    }
                }
            }
        });
        free
    }

    /// Is there a floor pixel (map: solid or one-way top row; or a box) in
    /// pixel-space row `y`, columns `x0 ..= x1` (`x0 <= x1`)?
    #[inline(always)]
    pub(super) fn floor_in_row(&self, y: i16, x0: i16, x1: i16) -> bool {
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
pub(super) enum Floor {
    /// Not looked at since the box last moved.
    Unknown,
    /// A floor pixel (map or box) lies under the box.
    Yes,
    /// No floor pixel (map or box) lies under the box.
    No,
}

/// Clamps a raw sub-pixel velocity to +-127 px/frame.
#[inline]
pub(super) fn clamp_speed(v: i16) -> i16 {
    if speed_in_limit(v) {
        v
    } else if v > MAX_SPEED_SUB {
        MAX_SPEED_SUB
    } else {
        -MAX_SPEED_SUB
    }
}

/// Whether a raw sub-pixel velocity is within +-127 px/frame (one unsigned compare).
#[inline(always)]
pub(super) fn speed_in_limit(v: i16) -> bool {
    (v as u16).wrapping_add(MAX_SPEED_SUB as u16) <= 2 * MAX_SPEED_SUB as u16
}

/// Clamps a raw sub-pixel coordinate so the box (`size` pixels) stays inside
/// `POS_MIN_PX .. POS_END_PX`.
#[inline]
pub(super) fn clamp_pos(raw: i16, size: i16) -> i16 {
    let lo = sub_of_px(POS_MIN_PX);
    let hi = sub_of_px(POS_END_PX - size) | crate::units::SUBPX_MASK;
    if raw < lo {
        lo
    } else if raw > hi {
        hi
    } else {
        raw
    }
}

/// A body size in pixels as the moves use it: `1 ..= 64`.
#[inline]
pub(super) fn clamp_size(s: u8) -> i16 {
    // One unsigned compare for the usual 1..=64.
    if s.wrapping_sub(1) < MAX_BODY_SIZE {
        s as i16
    } else if s == 0 {
        1
    } else {
        MAX_BODY_SIZE as i16
    }
}

/// Where a move has got to: the box's top-left pixel `(x, y)`.
pub(super) struct Spot {
    pub(super) x: i16,
    pub(super) y: i16,
}

/// A walk (or, not `walk`, a plain sweep) of `n` pixels to the right (`RIGHT`) or to the left
/// through `wd`. Returns true when blocked; `floor` tells what is known of the floor under
/// the final box.
///
/// Tile-granular: free columns are found by one column sweep per chunk of at
/// most `w` pixels, and a chunk needs no snap when a floor pixel lies under
/// every intermediate box (under their intersection). Only where the ground
/// changes height does it go pixel by pixel: a climb (the leading column's
/// topmost solid row gives the only raise that can work, then one head sweep)
/// or a snap (one sweep of the rows under the feet).
#[inline(never)]
pub(super) fn step_x_to<const RIGHT: bool, const BOXES: bool>(
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
        let lead = if RIGHT { p.x + w } else { p.x - 1 };
        if !walk {
            let free = wd.sweep_cols(lead, dir, n, p.y, p.y + h - 1);
            p.x += if RIGHT { free } else { -free };
            *floor = Floor::Unknown;
            return free < n;
        }
        let chunk = if n < w { n } else { w };
        let free = wd.sweep_cols(lead, dir, chunk, p.y, p.y + h - 1);
        if free > 0 {
            // The boxes after 1..=free steps all hold columns x + free ..= x + w
            // (to the right; mirrored to the left): a floor pixel there is a
            // floor under each of them.
            let (a, b) = if RIGHT { (p.x + free, p.x + w) } else { (p.x - 1, p.x + w - 1 - free) };
            if wd.floor_in_row(p.y + h, a, b) {
                p.x += if RIGHT { free } else { -free };
                n -= free;
                *floor = Floor::Yes;
                continue;
            }
            // One free step; then the floor fell away somewhere under the
            // feet: snap down onto it, or fall when it is more than
            // SNAP_DOWN_PX below (a ledge).
            p.x += dir;
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
        p.y -= s;
        n -= 1;
        *floor = Floor::Yes;
    }
    false
}

/// Free pixels a sweep from `p` in direction `dir` (+1 or -1) has before a box spanning
/// `lo .. lo + len` on its axis (0 when it starts inside it), or `None` when the sweep
/// never meets it.
#[inline(always)]
fn gap_to_box(p: i16, dir: i16, lo: i16, len: i16) -> Option<i16> {
    let d = if dir > 0 {
        if lo + len <= p {
            return None;
        }
        lo - p
    } else {
        if lo > p {
            return None;
        }
        p - (lo + len - 1)
    };
    Some(if d < 0 { 0 } else { d })
}
