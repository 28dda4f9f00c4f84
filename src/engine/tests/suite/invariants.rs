//! The movement and query invariants of `tests/properties.rs`, over random cases from a small
//! seeded generator instead of proptest, so that they also run on the 68000. The same checks
//! as the properties; fewer cases (the host's proptest runs 10,000 per property; these run
//! [`CASES`] or fewer, the same number on both sides, fixed seeds). A failure names the case
//! and its inputs.

use crate::refmodel::RefMap;
use megacollide_engine::body::{Body, Flags, Rect, SolidBox};
use megacollide_engine::motion::move_body;
use megacollide_engine::SubPx;

/// Cases of the cheap invariants (the costly ones run a fraction, see each test).
const CASES: u32 = 256;

/// xorshift32: shifts and xors only (cheap on the 68000), deterministic.
struct Gen(u32);

impl Gen {
    fn new(seed: u32) -> Gen {
        Gen(seed | 1)
    }
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// Uniform-ish in `lo..hi` (modulo bias is irrelevant here).
    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo) as u32) as i32
    }
    fn bool(&mut self) -> bool {
        self.next() & 0x100 != 0
    }
    /// Mostly blank tiles, every defined id sometimes (and some unknown ids): as
    /// properties.rs's `tile_id()` (weights 12 : 7 : 1).
    fn tile_id(&mut self) -> u16 {
        match self.range(0, 20) {
            0..=11 => 0,
            12..=18 => self.range(2, 20) as u16,
            _ => self.range(20, 40) as u16,
        }
    }
}

fn raw(v: i16) -> SubPx {
    SubPx::from_bits(v)
}

const W: i32 = 12;
const H: i32 = 10;

fn ground_ref(r: &RefMap, b: &Body, solid: Option<Rect>) -> bool {
    let (x, y, w, h) = (b.px() as i32, b.py() as i32, b.w as i32, b.h as i32);
    let under_box = solid.is_some_and(|s| s.overlaps(&Rect::new(x as i16, (y + h) as i16, w as i16, 1)));
    r.ground_under(x, y, w, h) || under_box
}

fn assert_free(r: &RefMap, b: &Body, solid: Option<Rect>, case: u32) {
    let (x, y, w, h) = (b.px() as i32, b.py() as i32, b.w as i32, b.h as i32);
    assert!(!r.box_solid(x, y, w, h), "case {case}: body {:?} overlaps the map", b.rect());
    if let Some(s) = solid {
        assert!(!s.overlaps(&b.rect()), "case {case}: body {:?} overlaps box {:?}", b.rect(), s);
    }
}

/// After any move the box overlaps no solid pixel (map or solid box); ON_GROUND is set
/// exactly when a floor pixel lies directly under the feet; a horizontal hit leaves the body
/// flush against a solid pixel.
#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn moves_never_overlap_and_ground_flag_is_exact() {
    let mut g = Gen::new(0x6d6f_7665);
    for case in 0..CASES / 4 {
        let mut tiles = [0u16; (W * H) as usize];
        for t in tiles.iter_mut() {
            *t = g.tile_id();
        }
        let (w, h) = (g.range(1, 65) as u8, g.range(1, 65) as u8);
        let (x, y) = (g.range(-8, W * 16) as i16, g.range(-40, H * 16) as i16);
        let frac = g.range(0, 8) as i16;
        let grounded = g.bool();
        let boxr = if g.bool() {
            Some(Rect::new(g.range(0, 192) as i16, g.range(0, 160) as i16, g.range(1, 48) as i16, g.range(1, 48) as i16))
        } else {
            None
        };
        let n_frames = g.range(1, 4) as usize;
        let mut frames = [(0i16, 0i16); 3];
        for f in frames.iter_mut() {
            *f = (g.range(-1016, 1017) as i16, g.range(-1016, 1017) as i16);
        }
        let mut r = RefMap::new(W, H, &tiles);
        let x = x.clamp(0, (W * 16) as i16 - w as i16);
        // Clear the tiles under the start box so the start is free.
        for ty in (y as i32).div_euclid(16)..=((y as i32 + h as i32 - 1).div_euclid(16)) {
            for tx in (x as i32 / 16)..=((x as i32 + w as i32 - 1) / 16) {
                if (0..H).contains(&ty) && tx < W {
                    r.set(tx, ty, 0);
                }
            }
        }
        let mut b = Body::new(x, y, w, h);
        b.x = raw((x << 3) | frac);
        let solid = boxr.filter(|s| !s.overlaps(&b.rect()));
        let solids_buf = [SolidBox { rect: solid.unwrap_or_default(), dx: 0, dy: 0 }];
        let solids = if solid.is_some() { &solids_buf[..] } else { &[] };
        if grounded {
            b.flags = Flags::ON_GROUND;
        }
        let m = r.map();
        assert_free(&r, &b, solid, case);
        for &(vx, vy) in &frames[..n_frames] {
            b.vx = raw(vx);
            b.vy = raw(vy);
            let before = b;
            move_body(&m, solids, &mut b);
            assert_free(&r, &b, solid, case);
            assert_eq!(b.on_ground(), ground_ref(&r, &b, solid), "case {case}: ground flag at {:?}", b.rect());
            let hit = b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT);
            if hit {
                assert_eq!(b.vx, SubPx::ZERO, "case {case}");
            }
            if hit && b.py() == before.py() && b.vy == before.vy && !before.on_ground() {
                // Flush: the column just beyond the leading edge is blocked.
                let col = if b.flags.contains(Flags::HIT_RIGHT) { b.px() as i32 + b.w as i32 } else { b.px() as i32 - 1 };
                let (py, ph) = (b.py() as i32, b.h as i32);
                let blocked = (py..py + ph).any(|yy| r.solid(col, yy))
                    || solid.is_some_and(|s| s.overlaps(&Rect::new(col as i16, py as i16, 1, ph as i16)));
                assert!(blocked, "case {case}: hit but not flush: {:?} col {}", b.rect(), col);
            }
        }
    }
}

/// A body never passes a one-tile-thick wall at any speed up to 127 px/frame, and a body
/// reaching the wall ends flush against it.
#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn no_tunnelling_and_flush_horizontal() {
    let mut g = Gen::new(0x7475_6e68);
    // 40 x 14 tiles, a wall of solid tiles at tile column 20 (x 320..336).
    let mut r = RefMap::blank(40, 14);
    for t in 0..14 {
        r.set(20, t, 2);
    }
    let m = r.map();
    let (wall0, wall1) = (320i16, 335i16);
    for case in 0..CASES {
        let (w, h) = (g.range(1, 65) as u8, g.range(1, 65) as u8);
        let (gap, ty, speed, frac) = (g.range(0, 200) as i16, g.range(0, 100) as i16, g.range(1, 1017) as i16, g.range(0, 8) as i16);
        let (from_left, grounded) = (g.bool(), g.bool());
        let x = if from_left { wall0 - w as i16 - gap } else { wall1 + 1 + gap };
        let mut b = Body::new(x, ty, w, h);
        b.x = raw((x << 3) | frac);
        if grounded {
            b.flags = Flags::ON_GROUND;
        }
        b.vx = raw(if from_left { speed } else { -speed });
        let target = ((x << 3) | frac) + b.vx.to_bits();
        move_body(&m, &[], &mut b);
        if from_left {
            assert!(b.px() + w as i16 <= wall0, "case {case}: passed the wall: {:?}", b.rect());
            if (target >> 3) + w as i16 > wall0 {
                assert_eq!(b.px() + w as i16, wall0, "case {case}");
                assert!(b.flags.contains(Flags::HIT_RIGHT), "case {case}");
                assert_eq!(b.vx, SubPx::ZERO, "case {case}");
            } else {
                assert_eq!(b.x.to_bits(), target, "case {case}");
            }
        } else {
            assert!(b.px() > wall1, "case {case}: passed the wall: {:?}", b.rect());
            if (target >> 3) <= wall1 {
                assert_eq!(b.px(), wall1 + 1, "case {case}");
                assert!(b.flags.contains(Flags::HIT_LEFT), "case {case}");
                assert_eq!(b.vx, SubPx::ZERO, "case {case}");
            } else {
                assert_eq!(b.x.to_bits(), target, "case {case}");
            }
        }
    }
}

/// The same vertically: a one-tile-thick floor (falling) or ceiling (rising) is never passed
/// and a body reaching it ends flush.
#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn no_tunnelling_and_flush_vertical() {
    let mut g = Gen::new(0x7475_6e76);
    for case in 0..CASES {
        let (w, h) = (g.range(1, 65) as u8, g.range(1, 65) as u8);
        let (gap, tx, speed, frac) = (g.range(0, 200) as i16, g.range(0, 200) as i16, g.range(1, 1017) as i16, g.range(0, 8) as i16);
        let (from_above, one_way) = (g.bool(), g.bool());
        // 16 x 40 tiles, a floor at tile row 20 (y 320..336).
        let mut r = RefMap::blank(16, 40);
        let id = if one_way && from_above { 19 } else { 2 };
        for t in 0..16 {
            r.set(t, 20, id);
        }
        let m = r.map();
        let x = tx.min(256 - w as i16);
        let (f0, f1) = (320i16, 335i16);
        let y = if from_above { f0 - h as i16 - gap } else { f1 + 1 + gap };
        let mut b = Body::new(x, y, w, h);
        b.y = raw((y << 3) | frac);
        b.vy = raw(if from_above { speed } else { -speed });
        let target = ((y << 3) | frac) + b.vy.to_bits();
        move_body(&m, &[], &mut b);
        if from_above {
            assert!(b.py() + h as i16 <= f0, "case {case}: passed the floor: {:?}", b.rect());
            if (target >> 3) + h as i16 >= f0 {
                assert_eq!(b.py() + h as i16, f0, "case {case}");
                assert!(b.on_ground(), "case {case}");
                assert_eq!(b.vy, SubPx::ZERO, "case {case}");
            } else {
                assert_eq!(b.y.to_bits(), target, "case {case}");
                assert!(!b.on_ground(), "case {case}");
            }
        } else {
            assert!(b.py() > f1, "case {case}: passed the ceiling: {:?}", b.rect());
            if (target >> 3) <= f1 {
                assert_eq!(b.py(), f1 + 1, "case {case}");
                assert!(b.flags.contains(Flags::HIT_CEILING), "case {case}");
                assert_eq!(b.vy, SubPx::ZERO, "case {case}");
            } else {
                assert_eq!(b.y.to_bits(), target, "case {case}");
            }
        }
    }
}

/// Walking along a random chain of slopes and flats and back returns the body exactly to its
/// start, staying on the ground all the way. (The costliest check: 8 cases.)
#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn slope_chain_round_trip() {
    let mut g = Gen::new(0x736c_6f70);
    for case in 0..8 {
        let n_segs = g.range(4, 24) as usize;
        let mut segs = [0u8; 24];
        for s in segs.iter_mut() {
            *s = g.range(0, 7) as u8;
        }
        let segs = &segs[..n_segs];
        let (w, h) = (g.range(1, 33) as u8, g.range(1, 33) as u8);
        let (speed, frames, start_off) = (g.range(1, 49) as i16, g.range(1, 200) as usize, g.range(0, 16) as i16);
        let (map_w, map_h) = (segs.len() as i32 * 3 + 12, 24i32);
        let mut r = RefMap::blank(map_w, map_h);
        let mut tx = 0;
        let mut s = 14i32; // row of the top of the ground
        let fill = |r: &mut RefMap, tx: i32, from: i32| {
            for t in from..map_h {
                r.set(tx, t, 2);
            }
        };
        for _ in 0..6 {
            fill(&mut r, tx, s);
            tx += 1;
        }
        for &seg in segs {
            let n = [0, 1, 2, 3, 1, 2, 3][seg as usize];
            let rising = (1..=3).contains(&seg);
            if seg == 0 || (rising && s <= 4) || (!rising && s >= 20) {
                fill(&mut r, tx, s);
                tx += 1;
            } else if rising {
                let first = [0u16, 3, 4, 6][n as usize];
                for k in 0..n {
                    r.set(tx, s - 1, first + k as u16);
                    fill(&mut r, tx, s);
                    tx += 1;
                }
                s -= 1;
            } else {
                let first = [0u16, 9, 10, 12][n as usize];
                for k in 0..n {
                    r.set(tx, s, first + k as u16);
                    fill(&mut r, tx, s + 1);
                    tx += 1;
                }
                s += 1;
            }
        }
        while tx < map_w {
            fill(&mut r, tx, s);
            tx += 1;
        }
        let m = r.map();
        // Drop the body onto the ground at the start.
        let x0 = 16 * 3 + start_off;
        let mut b = Body::new(x0, 0, w, h);
        for _ in 0..8 {
            b.vy = raw(127 * 8);
            move_body(&m, &[], &mut b);
        }
        assert!(b.on_ground(), "case {case}: did not land");
        let start = (b.x, b.y);
        // Never walk past the last 6 tiles of flat ground.
        let room = (map_w - 6) * 16 - (x0 as i32 + w as i32);
        let frames = frames.min((room * 8 / speed as i32) as usize);
        for dir in [1i16, -1] {
            for f in 0..frames {
                b.vx = raw(dir * speed);
                b.vy = SubPx::ZERO;
                move_body(&m, &[], &mut b);
                assert!(b.on_ground(), "case {case}: left the ground at frame {f} dir {dir}: {:?}", b.rect());
                assert!(!b.flags.contains(Flags::HIT_LEFT) && !b.flags.contains(Flags::HIT_RIGHT), "case {case}");
                assert!(!r.box_solid(b.px() as i32, b.py() as i32, w as i32, h as i32), "case {case}");
            }
        }
        assert_eq!((b.x, b.y), start, "case {case}");
    }
}

/// Point and span queries equal the reference for any i16 coordinate (never read outside the
/// map; classic edge policy).
#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn queries_match_reference_anywhere() {
    let mut g = Gen::new(0x7175_6572);
    for case in 0..CASES {
        let mut tiles = [0u16; 12];
        for t in tiles.iter_mut() {
            *t = g.tile_id();
        }
        let (x, y, len) = (g.next() as i16, g.next() as i16, g.range(0, 40) as i16);
        let r = RefMap::new(4, 3, &tiles);
        let m = r.map();
        // Query near the map often, anywhere sometimes.
        let (x, y) = if x & 1 == 0 { (x % 100, y % 80) } else { (x, y) };
        assert_eq!(m.is_solid(x, y), r.solid(x as i32, y as i32), "case {case}: is_solid({x}, {y})");
        assert_eq!(m.is_floor(x, y), r.floor(x as i32, y as i32), "case {case}: is_floor({x}, {y})");
        let x1 = x.saturating_add(len);
        let y1 = y.saturating_add(len);
        let col = (y as i32..=y1 as i32).any(|yy| r.solid(x as i32, yy));
        assert_eq!(m.column_solid(x, y, y1), col, "case {case}: column_solid({x}, {y}, {y1})");
        let row = (x as i32..=x1 as i32).any(|xx| r.solid(xx, y as i32));
        assert_eq!(m.row_solid(y, x, x1, false), row, "case {case}: row_solid({y}, {x}, {x1})");
        let rowf = (x as i32..=x1 as i32).any(|xx| r.floor(xx, y as i32));
        assert_eq!(m.row_solid(y, x, x1, true), rowf, "case {case}: row_solid floor ({y}, {x}, {x1})");
    }
}
