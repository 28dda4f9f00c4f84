//! The full move: every rule of [`super`]'s module docs computed from the map (and the
//! solid boxes), for any body anywhere. It is the reference the table-driven paths
//! ([`super::on_surface`], [`super::in_air`]) must equal, and what they fall back to.
//!
//! It works per tile, not per pixel: every query is a tile-granular sweep (one table read
//! per tile, [`crate::shape::TileShape`]'s range tables, then one bit scan); a walk takes
//! all free pixels of a chunk of up to `w` pixels at once when a floor lies under every
//! intermediate box; a climb takes the raise from the leading column's topmost solid row
//! plus one head sweep; a snap is one sweep of the rows under the feet; the fall's sweep
//! looks one row further to learn the ground. A grounded walk of [`PER_TILE_MIN_PX`]
//! pixels per frame or more (and no boxes near) reads the terrain per tile column instead
//! ([`super::tile_walk`]).

use super::tile_walk::walk_per_tile;
use crate::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use crate::map::{Edge, Map};
use crate::units::{px_of_sub, sub_frac, sub_of_px};
use crate::{SubPx, MAX_BODY_SIZE, MAX_SPEED_PX, POS_END_PX, POS_MIN_PX, SNAP_DOWN_PX, STEP_HEIGHT_PX};

/// Largest speed in raw sub-pixels per frame.
pub(super) const MAX_SPEED_SUB: i16 = sub_of_px(MAX_SPEED_PX);

/// Slowest grounded walk (pixels per frame) whose terrain the full move reads per tile
/// column ([`walk_per_tile`]): a shorter one costs less pixel by pixel.
pub(super) const PER_TILE_MIN_PX: i16 = 8;

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
    fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, floor: bool) -> i16 {
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

/// Walks `steps` pixels horizontally (sign = direction). `walk`: grounded
/// walking with climbing and snapping (with `PER_TILE`, read per tile column:
/// [`walk_per_tile`]; only without boxes). Returns true when blocked. `floor`
/// tells what is known of the floor under the final box.
#[inline(always)]
fn step_x<const BOXES: bool, const PER_TILE: bool>(
    wd: &World<BOXES>,
    p: &mut Spot,
    w: i16,
    h: i16,
    steps: i16,
    walk: bool,
    floor: &mut Floor,
) -> bool {
    match (steps > 0, PER_TILE && walk) {
        (true, false) => step_x_to::<true, BOXES>(wd, p, w, h, steps, walk, floor),
        (false, false) => step_x_to::<false, BOXES>(wd, p, w, h, -steps, walk, floor),
        (true, true) => walk_per_tile::<true>(wd.map, p, w, h, steps, floor),
        (false, true) => walk_per_tile::<false>(wd.map, p, w, h, -steps, floor),
    }
}

/// [`step_x`] to the right (`RIGHT`) or to the left, `n` pixels.
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

/// The set of boxes the body overlaps (they are ignored), a bit per box.
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

/// [`full_move`] with solid boxes (out of line: the per-body loop stays small).
#[inline(never)]
pub(super) fn full_move_with_boxes(map: &Map, solids: &[SolidBox], body: &mut Body) {
    full_move::<true>(map, solids, body, step_x::<true, false>);
}

/// [`full_move`] through the map alone: every box query compiles away.
#[inline(never)]
pub(super) fn full_move_through_map(map: &Map, body: &mut Body) {
    full_move::<false>(map, &[], body, step_x::<false, false>);
}

/// [`full_move_through_map`] for a body walking on the ground at [`PER_TILE_MIN_PX`]
/// pixels per frame or faster: its walk is read per tile column ([`walk_per_tile`]).
#[inline(never)]
pub(super) fn full_move_per_tile(map: &Map, body: &mut Body) {
    full_move::<false>(map, &[], body, step_x::<false, true>);
}

/// [`full_move_through_map`] whose grounded walk (the X axis of a body that walks: on the
/// ground, not moving up) is `walk(world, spot, w, h, steps, floor)`, which must give
/// exactly [`step_x`]'s result (blocked or not, the spot reached, what is known of the floor
/// under it); a body that does not walk moves by the full rules.
#[inline(always)]
pub(super) fn full_move_walking_by(
    map: &Map,
    body: &mut Body,
    walk: impl FnOnce(&World<false>, &mut Spot, i16, i16, i16, &mut Floor) -> bool,
) {
    full_move::<false>(map, &[], body, |wd, p, w, h, steps, walks, floor| {
        if walks {
            walk(wd, p, w, h, steps, floor)
        } else {
            step_x::<false, false>(wd, p, w, h, steps, false, floor)
        }
    });
}

/// The grounded walk of `n` pixels (sign = direction) by the full rules, per tile column
/// when it is [`PER_TILE_MIN_PX`] pixels or more: [`step_x`] for the rest of a walk that
/// left the tables. Returns true when blocked.
#[inline(always)]
pub(super) fn walk_rest(wd: &World<false>, p: &mut Spot, w: i16, h: i16, n: i16, floor: &mut Floor) -> bool {
    if n >= PER_TILE_MIN_PX || n <= -PER_TILE_MIN_PX {
        step_x::<false, true>(wd, p, w, h, n, true, floor)
    } else {
        step_x::<false, false>(wd, p, w, h, n, true, floor)
    }
}

/// Whether `body` walks on the ground at [`PER_TILE_MIN_PX`] pixels per frame or faster
/// (then its full move is [`full_move_per_tile`] when no box can reach it).
#[inline(always)]
pub(super) fn walks_fast(body: &Body) -> bool {
    // |vx| >= PER_TILE_MIN_PX pixels (in sub-pixels) as one unsigned compare.
    let vx = body.vx.to_bits();
    let min = sub_of_px(PER_TILE_MIN_PX);
    body.flags.contains(Flags::ON_GROUND) && (vx as u16).wrapping_add(min as u16 - 1) >= (2 * min - 1) as u16
}

/// One frame of one body through the map and `solids` (already cut to
/// [`super::MAX_SOLIDS`]); its X axis is `step_x_by` (a [`step_x`], or a walk that gives
/// the same result: with no boxes, per tile column ([`walk_per_tile`]) or along the chains).
#[inline(always)]
fn full_move<const BOXES: bool>(
    map: &Map,
    solids: &[SolidBox],
    body: &mut Body,
    step_x_by: impl FnOnce(&World<BOXES>, &mut Spot, i16, i16, i16, bool, &mut Floor) -> bool,
) {
    let w = clamp_size(body.w);
    let h = clamp_size(body.h);
    let grounded = body.flags.contains(Flags::ON_GROUND);
    let riding = body.riding as usize;
    let mut flags = Flags::NONE;

    let mut xr = clamp_pos(body.x.to_bits(), w);
    let mut yr = clamp_pos(body.y.to_bits(), h);
    let mut x = px_of_sub(xr);
    let mut y = px_of_sub(yr);
    let mut floor = Floor::Unknown;

    // 1. Carried by the box we stand on.
    if riding < solids.len() {
        let s = solids[riding];
        let wd = World::<BOXES> { map, solids, ignore: overlapping_boxes(solids, x, y, w, h) | (1u16 << riding) };
        if s.dx != 0 {
            let t = px_of_sub(clamp_pos(xr.saturating_add(sub_of_px(s.dx as i16)), w)) - x;
            let mut p = Spot { x, y };
            step_x::<BOXES, false>(&wd, &mut p, w, h, t, false, &mut floor);
            (x, y) = (p.x, p.y);
        }
        if s.dy != 0 {
            let t = px_of_sub(clamp_pos(yr.saturating_add(sub_of_px(s.dy as i16)), h)) - y;
            step_y(&wd, x, &mut y, w, h, t, &mut floor);
        }
        floor = Floor::Unknown;
        xr = sub_of_px(x) | sub_frac(xr);
        yr = sub_of_px(y) | sub_frac(yr);
    }

    let wd = World::<BOXES> { map, solids, ignore: if solids.is_empty() { 0 } else { overlapping_boxes(solids, x, y, w, h) } };
    let mut vx = clamp_speed(body.vx.to_bits());
    let mut vy = clamp_speed(body.vy.to_bits());

    // 2. X axis.
    let nxr = clamp_pos(xr.saturating_add(vx), w);
    let steps = px_of_sub(nxr) - x;
    if steps != 0 {
        let walk = grounded && vy >= 0;
        let mut p = Spot { x, y };
        let blocked = step_x_by(&wd, &mut p, w, h, steps, walk, &mut floor);
        (x, y) = (p.x, p.y);
        if blocked {
            flags.insert(if steps > 0 { Flags::HIT_RIGHT } else { Flags::HIT_LEFT });
            vx = 0;
            xr = sub_of_px(x);
        } else {
            xr = sub_of_px(x) | sub_frac(nxr);
        }
        yr = sub_of_px(y) | sub_frac(yr);
    } else {
        xr = nxr;
    }

    // 3. Y axis.
    let nyr = clamp_pos(yr.saturating_add(vy), h);
    let steps = px_of_sub(nyr) - y;
    if steps != 0 {
        if step_y(&wd, x, &mut y, w, h, steps, &mut floor) {
            flags.insert(if steps > 0 { Flags::LANDED } else { Flags::HIT_CEILING });
            vy = 0;
            yr = sub_of_px(y);
        } else {
            yr = sub_of_px(y) | sub_frac(nyr);
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
        yr = sub_of_px(y);
    }
    if y >= map.height_px() && map.edges().bottom == Edge::Open {
        flags.insert(Flags::FELL_OUT);
    }

    body.x = SubPx::from_bits(xr);
    body.y = SubPx::from_bits(yr);
    body.vx = SubPx::from_bits(vx);
    body.vy = SubPx::from_bits(vy);
    body.flags = flags;
    body.riding = new_riding;
}

/// Is there a floor pixel (solid, one-way top row or solid box) directly
/// under the body's feet (the pixel row just below its box)?
pub fn ground_under(map: &Map, solids: &[SolidBox], body: &Body) -> bool {
    let solids = super::usable_solids(solids);
    let r = body.rect();
    let w = clamp_size(body.w);
    let wd = World::<true> { map, solids, ignore: overlapping_boxes(solids, r.x, r.y, w, clamp_size(body.h)) };
    wd.floor_in_row(r.y + r.h, r.x, r.x + w - 1)
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
