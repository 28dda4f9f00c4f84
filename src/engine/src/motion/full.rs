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

use super::step::{clamp_pos, clamp_size, clamp_speed, step_x_to, Floor, Spot, World};
use super::tile_walk::walk_per_tile;
use crate::body::{Body, Flags, SolidBox, NO_BOX};
use crate::map::{Edge, Map};
use crate::units::{px_of_sub, sub_frac, sub_of_px};
use crate::SubPx;

/// Slowest grounded walk (pixels per frame) whose terrain the full move reads per tile
/// column ([`walk_per_tile`]): a shorter one costs less pixel by pixel.
pub(super) const PER_TILE_MIN_PX: i16 = 8;

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
