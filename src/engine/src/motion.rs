//! Moving a [`Body`] through a [`Map`] and a set of [`SolidBox`]es.
//!
//! One call of [`move_body`] is one frame:
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
//! On the 68000, a move that no solid box can reach (the body rides none and
//! none lies within the pixels the move can test) runs as one hand-written
//! kernel (crate `megacollide-m68k-kernels`, `move.s`) that is bit for bit the
//! code below without boxes; this Rust code is the host implementation and the
//! reference it is checked against.

use crate::body::{Body, Flags, SolidBox, NO_BOX};
use crate::map::{Edge, Map};
use crate::{
    MAX_BODY_SIZE, MAX_SPEED_PX, POS_END_PX, POS_MIN_PX, SNAP_DOWN_PX, STEP_HEIGHT_PX,
};

/// Largest number of solid boxes one move considers (extra ones are ignored).
pub const MAX_SOLIDS: usize = 16;

const MAX_SPEED_RAW: i16 = MAX_SPEED_PX << 3;

/// The map plus the solid boxes a body collides with this frame.
struct World<'w, 'm> {
    map: &'w Map<'m>,
    solids: &'w [SolidBox],
    ignore: u16,
}

impl World<'_, '_> {
    /// Index of the first non-ignored box overlapping pixel-space
    /// `x0..=x1` x `y0..=y1`.
    #[inline]
    fn box_hit(&self, x0: i16, x1: i16, y0: i16, y1: i16) -> Option<usize> {
        let mut bit = 1u16;
        for (i, s) in self.solids.iter().enumerate() {
            let r = &s.rect;
            if self.ignore & bit == 0
                && r.w > 0
                && r.h > 0
                && x0 < r.x + r.w
                && r.x <= x1
                && y0 < r.y + r.h
                && r.y <= y1
            {
                return Some(i);
            }
            bit <<= 1;
        }
        None
    }

    /// Any solid pixel in column `x`, rows `y0..=y1`?
    #[inline(always)]
    fn col(&self, x: i16, y0: i16, y1: i16) -> bool {
        self.map.column_solid(x, y0, y1) || (!self.solids.is_empty() && self.box_hit(x, x, y0, y1).is_some())
    }

    /// The smallest `d` in `1..=SNAP_DOWN_PX` such that row `feet + d`,
    /// columns `x0..=x1`, holds a floor pixel (solid, one-way top or box);
    /// None when there is none (a ledge).
    #[inline(always)]
    fn snap_down(&self, feet: i16, x0: i16, x1: i16) -> Option<i16> {
        if self.solids.is_empty() {
            // One row sweep (tile by tile) instead of a span test per row.
            let free = self.map.sweep_rows(feet + 1, 1, SNAP_DOWN_PX, x0, x1, true);
            return if free < SNAP_DOWN_PX { Some(free + 1) } else { None };
        }
        let mut d = 1;
        while d <= SNAP_DOWN_PX {
            if self.row(feet + d, x0, x1, true) {
                return Some(d);
            }
            d += 1;
        }
        None
    }

    /// Any solid (or, with `floor`, landing) pixel in row `y`, columns `x0..=x1`?
    #[inline(always)]
    fn row(&self, y: i16, x0: i16, x1: i16, floor: bool) -> bool {
        self.map.row_solid(y, x0, x1, floor) || (!self.solids.is_empty() && self.box_hit(x0, x1, y, y).is_some())
    }
}

/// Clamps a raw sub-pixel velocity to +-127 px/frame.
#[inline]
fn clamp_speed(v: i16) -> i16 {
    if v > MAX_SPEED_RAW {
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

/// Walks `steps` pixels horizontally (sign = direction). `walk`: grounded
/// walking with climbing and snapping. Returns true when blocked.
#[inline(always)]
fn step_x(wd: &World, x: &mut i16, y: &mut i16, w: i16, h: i16, steps: i16, mut walk: bool, floor_ok: &mut bool) -> bool {
    let dir: i16 = if steps > 0 { 1 } else { -1 };
    let mut n = if steps > 0 { steps } else { -steps };
    if wd.solids.is_empty() {
        // Whole-tile sweep of the leading edge at the current height.
        let lead = if dir > 0 { *x + w } else { *x - 1 };
        let free = wd.map.sweep_cols(lead, dir, n, *y, *y + h - 1);
        if !walk {
            *x += if dir > 0 { free } else { -free };
            return free < n;
        }
        if free > 0 {
            // Walking: the free pixels need no snap when a floor pixel lies
            // under every intermediate box, i.e. under their intersection.
            let (a, b) = if dir > 0 { (*x + free, *x + w) } else { (*x - 1, *x + w - 1 - free) };
            if a <= b && wd.map.row_solid(*y + h, a, b, true) {
                *x += if dir > 0 { free } else { -free };
                n -= free;
                // Floor proven under the final box when every step was free.
                *floor_ok = n == 0;
            }
        }
    }
    while n > 0 {
        let lead = if dir > 0 { *x + w } else { *x - 1 };
        if !wd.col(lead, *y, *y + h - 1) {
            *x += dir;
            if walk && !wd.row(*y + h, *x, *x + w - 1, true) {
                // The floor fell away under the feet: snap down onto it, or
                // start falling when it is more than SNAP_DOWN_PX below (a ledge).
                match wd.snap_down(*y + h, *x, *x + w - 1) {
                    Some(d) => *y += d,
                    None => walk = false,
                }
            }
        } else if !(walk && climb(wd, x, y, w, h, dir, lead)) {
            return true;
        }
        n -= 1;
    }
    false
}

/// Tries to step one pixel in `dir` raised by the smallest `s` in
/// `1..=STEP_HEIGHT_PX`. The new box is free when the strip of rows above
/// the old box and the leading column at the new height are free.
#[inline(always)]
fn climb(wd: &World, x: &mut i16, y: &mut i16, w: i16, h: i16, dir: i16, lead: i16) -> bool {
    let nx = *x + dir;
    let mut s = 1;
    while s <= STEP_HEIGHT_PX {
        if wd.row(*y - s, nx, nx + w - 1, false) {
            return false; // head bump
        }
        if !wd.col(lead, *y - s, *y + h - 1 - s) {
            *x = nx;
            *y -= s;
            return true;
        }
        s += 1;
    }
    false
}

/// Walks `steps` pixels vertically (sign = direction). Returns true when
/// blocked. Moving down, one-way platform tops block.
#[inline(always)]
fn step_y(wd: &World, x: i16, y: &mut i16, w: i16, h: i16, steps: i16) -> bool {
    if wd.solids.is_empty() {
        if steps > 0 {
            let free = wd.map.sweep_rows(*y + h, 1, steps, x, x + w - 1, true);
            *y += free;
            return free < steps;
        }
        let free = wd.map.sweep_rows(*y - 1, -1, -steps, x, x + w - 1, false);
        *y -= free;
        return free < -steps;
    }
    if steps > 0 {
        let mut n = steps;
        while n > 0 {
            if wd.row(*y + h, x, x + w - 1, true) {
                return true;
            }
            *y += 1;
            n -= 1;
        }
    } else {
        let mut n = steps;
        while n < 0 {
            if wd.row(*y - 1, x, x + w - 1, false) {
                return true;
            }
            *y -= 1;
            n += 1;
        }
    }
    false
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

/// Moves `body` by one frame of its velocity through `map` and `solids`
/// (see the module docs for the exact rules). `solids[i]` must be the same
/// box from frame to frame for riding to work.
#[inline(always)]
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    let solids = if solids.len() > MAX_SOLIDS { &solids[..MAX_SOLIDS] } else { solids };
    // On the 68000, a move that meets no solid box runs as one hand-written kernel
    // (engine-m68k-kernels, move.s), bit for bit this function without boxes.
    #[cfg(target_arch = "m68k")]
    if solids.is_empty() || boxes_out_of_reach(solids, body) {
        map.move_body_kernel(body);
        return;
    }
    let w = clamp_size(body.w);
    let h = clamp_size(body.h);
    let grounded = body.flags.contains(Flags::ON_GROUND);
    let riding = body.riding as usize;
    let mut flags = Flags::NONE;

    let mut xr = clamp_pos(body.x.to_bits(), w);
    let mut yr = clamp_pos(body.y.to_bits(), h);
    let mut x = xr >> 3;
    let mut y = yr >> 3;

    // 1. Carried by the box we stand on.
    if riding < solids.len() {
        let s = solids[riding];
        let wd = World { map, solids, ignore: overlapping_boxes(solids, x, y, w, h) | (1u16 << riding) };
        if s.dx != 0 {
            let t = (clamp_pos(xr.saturating_add((s.dx as i16) << 3), w) >> 3) - x;
            step_x(&wd, &mut x, &mut y, w, h, t, false, &mut false);
        }
        if s.dy != 0 {
            let t = (clamp_pos(yr.saturating_add((s.dy as i16) << 3), h) >> 3) - y;
            step_y(&wd, x, &mut y, w, h, t);
        }
        xr = (x << 3) | (xr & 7);
        yr = (y << 3) | (yr & 7);
    }

    let wd = World { map, solids, ignore: if solids.is_empty() { 0 } else { overlapping_boxes(solids, x, y, w, h) } };
    let mut vx = clamp_speed(body.vx.to_bits());
    let mut vy = clamp_speed(body.vy.to_bits());

    // Set when the X walk proved a floor pixel under the final box (no solids).
    let mut floor_ok = false;
    // 2. X axis.
    let nxr = clamp_pos(xr.saturating_add(vx), w);
    let steps = (nxr >> 3) - x;
    if steps != 0 {
        let walk = grounded && vy >= 0;
        if step_x(&wd, &mut x, &mut y, w, h, steps, walk, &mut floor_ok) {
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
    let nyr = clamp_pos(yr.saturating_add(vy), h);
    let steps = (nyr >> 3) - y;
    if steps != 0 {
        floor_ok = false;
        if step_y(&wd, x, &mut y, w, h, steps) {
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
    if floor_ok || wd.map.row_solid(feet, x, x + w - 1, true) {
        flags.insert(Flags::ON_GROUND);
    }
    if let Some(i) = wd.box_hit(x, x + w - 1, feet, feet) {
        flags.insert(Flags::ON_GROUND);
        flags.insert(Flags::ON_BOX);
        new_riding = i as u8;
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
}

/// Whether no solid box can take part in this frame's move of `body`: the body rides no
/// box, and no box meets the pixel-space rectangle of every pixel the move can test or
/// cover (the box widened by the horizontal speed plus one column, and heightened by the
/// vertical speed plus, per pixel walked, a climb or snap of up to 8 rows, plus the
/// feet row and a full snap below). Then the move is exactly the move without boxes.
#[cfg_attr(not(target_arch = "m68k"), allow(dead_code))]
#[inline]
fn boxes_out_of_reach(solids: &[SolidBox], body: &Body) -> bool {
    if (body.riding as usize) < solids.len() {
        return false;
    }
    let w = clamp_size(body.w) as i32;
    let h = clamp_size(body.h) as i32;
    let x = (clamp_pos(body.x.to_bits(), w as i16) >> 3) as i32;
    let y = (clamp_pos(body.y.to_bits(), h as i16) >> 3) as i32;
    let sx = ((clamp_speed(body.vx.to_bits()) as i32).abs() >> 3) + 1;
    let sy = ((clamp_speed(body.vy.to_bits()) as i32).abs() >> 3) + 1;
    let dy = sx * STEP_HEIGHT_PX.max(SNAP_DOWN_PX) as i32 + sy + SNAP_DOWN_PX as i32 + 1;
    let (x0, x1) = (x - sx - 1, x + w + sx);
    let (y0, y1) = (y - dy, y + h + dy);
    solids.iter().all(|s| {
        let r = &s.rect;
        r.w <= 0
            || r.h <= 0
            || (r.x as i32 + r.w as i32) <= x0
            || r.x as i32 > x1
            || (r.y as i32 + r.h as i32) <= y0
            || r.y as i32 > y1
    })
}

/// Is there a floor pixel (solid, one-way top row or solid box) directly
/// under the body's feet (the pixel row just below its box)?
pub fn ground_under(map: &Map, solids: &[SolidBox], body: &Body) -> bool {
    let solids = if solids.len() > MAX_SOLIDS { &solids[..MAX_SOLIDS] } else { solids };
    let r = body.rect();
    let w = clamp_size(body.w);
    let wd = World { map, solids, ignore: overlapping_boxes(solids, r.x, r.y, w, clamp_size(body.h)) };
    wd.row(r.y + r.h, r.x, r.x + w - 1, true)
}

#[inline]
fn clamp_size(s: u8) -> i16 {
    if s == 0 {
        1
    } else if s > MAX_BODY_SIZE {
        MAX_BODY_SIZE as i16
    } else {
        s as i16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Rect;
    use crate::map::fill_row_offsets;
    use crate::SubPx;

    /// SplitMix64: deterministic test input.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        /// Uniform in `lo..hi`.
        fn range(&mut self, lo: i32, hi: i32) -> i32 {
            lo + (self.next() % (hi - lo) as u64) as i32
        }
    }

    /// The claim the 68000 build relies on (it then runs the move kernel, which is the
    /// move without boxes): when `boxes_out_of_reach` says so, the boxes change nothing.
    #[test]
    fn boxes_out_of_reach_change_nothing() {
        const W: u16 = 24;
        const H: u16 = 16;
        let mut rng = Rng(0x6d63_6f6c);
        let mut tiles = [0u16; (W * H) as usize];
        for t in tiles.iter_mut() {
            *t = match rng.range(0, 10) {
                0..=5 => 0,
                6 => 2,
                _ => rng.range(3, 20) as u16,
            };
        }
        let mut rows = [0u16; H as usize];
        fill_row_offsets(W, H, &mut rows);
        let map = Map::new(&tiles, W, H, &rows);
        let (wpx, hpx) = (W as i32 * 16, H as i32 * 16);
        let mut checked = 0;
        for i in 0..40_000 {
            let mut b = Body::new(
                rng.range(-40, wpx + 40) as i16,
                rng.range(-40, hpx + 40) as i16,
                rng.range(1, 65) as u8,
                rng.range(1, 65) as u8,
            );
            // Mostly ordinary speeds, sometimes up to and past the limit.
            let lim = if i % 8 == 0 { 1100 } else { 48 };
            b.vx = SubPx::from_bits(rng.range(-lim, lim + 1) as i16);
            b.vy = SubPx::from_bits(rng.range(-lim, lim + 1) as i16);
            b.flags = Flags(rng.range(0, 2) as u8);
            let mut solids = [SolidBox::default(); 3];
            for s in solids.iter_mut() {
                s.rect = Rect::new(
                    rng.range(-64, wpx + 64) as i16,
                    rng.range(-64, hpx + 64) as i16,
                    rng.range(0, 48) as i16,
                    rng.range(0, 24) as i16,
                );
                s.dx = rng.range(-3, 4) as i8;
                s.dy = rng.range(-3, 4) as i8;
            }
            b.riding = if i % 5 == 0 { rng.range(0, 3) as u8 } else { NO_BOX };
            if !boxes_out_of_reach(&solids, &b) {
                continue;
            }
            let (mut with, mut without) = (b, b);
            move_body(&map, &solids, &mut with);
            move_body(&map, &[], &mut without);
            assert_eq!(with, without, "case {i}: {b:?} with boxes {solids:?}");
            checked += 1;
        }
        assert!(checked > 5_000, "only {checked} cases out of reach");
    }
}
