//! Unit tests of body movement: slopes, steps, snapping, one-way platforms,
//! solid boxes, edges.

use crate::refmodel::RefMap;
use megacollide_engine::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use megacollide_engine::map::{Edge, Edges, Map};
use megacollide_engine::motion::{ground_under, move_body};
use megacollide_engine::{SubPx, STEP_HEIGHT_PX};

fn raw(v: i16) -> SubPx {
    SubPx::from_bits(v)
}

/// Ground at tile row 8 (y = 128) everywhere, 20 tiles wide.
fn flat() -> RefMap {
    let mut r = RefMap::blank(20, 12);
    for tx in 0..20 {
        for ty in 8..12 {
            r.set(tx, ty, 2);
        }
    }
    r
}

fn land(m: &Map, b: &mut Body) {
    for _ in 0..40 {
        b.vy = raw(8 * 8);
        move_body(m, &[], b);
    }
    assert!(b.on_ground());
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn falls_and_lands_flush() {
    let r = flat();
    let m = r.map();
    let mut b = Body::new(40, 10, 16, 32);
    b.vy = raw(127 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.py(), 128 - 32);
    assert!(b.flags.contains(Flags::LANDED) && b.on_ground());
    assert_eq!(b.vy, SubPx::ZERO);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn standing_still_on_a_slope_does_not_move() {
    let mut r = flat();
    r.set(5, 7, 3); // 1:1 slope on the ground
    let m = r.map();
    let mut b = Body::new(5 * 16 + 4, 0, 8, 16);
    land(&m, &mut b);
    let rest = (b.x, b.y);
    // Lowest column under the box is px 4+7 = 11 -> height 12 -> top y = 112+4.
    assert_eq!(b.py() + 16, 112 + 4);
    for _ in 0..120 {
        b.vx = SubPx::ZERO;
        b.vy = raw(3); // gravity
        move_body(&m, &[], &mut b);
        assert_eq!((b.x, b.y), rest);
        assert!(b.on_ground());
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn walks_up_and_down_a_slope_without_hopping() {
    let mut r = flat();
    r.set(6, 7, 3);
    r.set(7, 7, 2);
    r.set(8, 7, 9);
    let m = r.map();
    let mut b = Body::new(16 * 3, 0, 16, 32);
    land(&m, &mut b);
    let mut max_rise = 0;
    let start = (b.x, b.y);
    for _ in 0..60 {
        b.vx = raw(2 * 8);
        b.vy = raw(3);
        let y0 = b.py();
        move_body(&m, &[], &mut b);
        assert!(b.on_ground(), "hopped at {:?}", b.rect());
        assert!(!b.flags.contains(Flags::HIT_RIGHT));
        max_rise = max_rise.max(y0 - b.py());
    }
    assert_eq!(max_rise, 2); // 2 px per frame on a 1:1 slope
    assert_eq!(b.px(), 16 * 3 + 120);
    assert_eq!(b.py(), 128 - 32); // back on the flat ground
    for _ in 0..60 {
        b.vx = raw(-2 * 8);
        b.vy = raw(3);
        move_body(&m, &[], &mut b);
        assert!(b.on_ground());
    }
    assert_eq!((b.x, b.y), start);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn half_block_is_a_low_step_and_a_full_block_a_wall() {
    let mut r = flat();
    r.set(6, 7, 16); // bottom half: 8 px step
    r.set(10, 7, 2); // full block: 16 px wall
    r.set(10, 6, 2);
    let m = r.map();
    let mut b = Body::new(16 * 4, 0, 16, 24);
    land(&m, &mut b);
    let mut top = i16::MAX;
    for _ in 0..45 {
        b.vx = raw(2 * 8);
        b.vy = raw(3);
        move_body(&m, &[], &mut b);
        top = top.min(b.py());
    }
    assert_eq!(top + 24, 120);
    // Stepped onto the half block (top y = 120), then down again, then
    // stopped flush against the wall at x = 160.
    assert_eq!(b.px() + 16, 160);
    assert!(b.flags.contains(Flags::HIT_RIGHT));
    assert_eq!(b.py() + 24, 128);
    assert_eq!(STEP_HEIGHT_PX, 8);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn climbing_onto_the_half_block() {
    let mut r = flat();
    r.set(6, 7, 16);
    r.set(7, 7, 16);
    let m = r.map();
    let mut b = Body::new(16 * 4, 0, 16, 24);
    land(&m, &mut b);
    for _ in 0..14 {
        b.vx = raw(2 * 8);
        b.vy = raw(3);
        move_body(&m, &[], &mut b);
    }
    assert_eq!(b.px(), 64 + 28);
    assert_eq!(b.py() + 24, 120); // on top of the half blocks
    assert!(b.on_ground());
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn airborne_body_does_not_climb() {
    let mut r = flat();
    r.set(6, 7, 16);
    let m = r.map();
    let mut b = Body::new(16 * 4, 128 - 24, 16, 24); // touching the ground but flag not set
    b.vx = raw(20 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.px() + 16, 96);
    assert!(b.flags.contains(Flags::HIT_RIGHT));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn walking_off_a_ledge_falls() {
    let mut r = RefMap::blank(20, 12);
    for tx in 0..8 {
        r.set(tx, 8, 2);
    }
    let m = r.map();
    let mut b = Body::new(100, 0, 16, 16);
    land(&m, &mut b);
    for _ in 0..20 {
        b.vx = raw(2 * 8);
        move_body(&m, &[], &mut b);
    }
    assert!(!b.on_ground());
    assert!(b.py() + 16 <= 128 + 8);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn one_way_platform_from_below_and_above() {
    let mut r = RefMap::blank(10, 12);
    r.set(2, 6, 19); // y = 96
    let m = r.map();
    // Jump up through it.
    let mut b = Body::new(36, 100, 8, 8);
    b.vy = raw(-20 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.py(), 80);
    assert!(!b.flags.contains(Flags::HIT_CEILING));
    // Fall back onto its top row.
    b.vy = raw(30 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.py() + 8, 96);
    assert!(b.on_ground() && b.flags.contains(Flags::LANDED));
    // Walk sideways through it at mid height.
    let mut c = Body::new(8, 98, 8, 8);
    c.vx = raw(60 * 8);
    move_body(&m, &[], &mut c);
    assert_eq!(c.px(), 68);
    assert!(!c.flags.contains(Flags::HIT_RIGHT));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn solid_box_blocks_and_carries() {
    let r = RefMap::blank(20, 12);
    let m = r.map();
    let mut plat = SolidBox { rect: Rect::new(64, 100, 48, 8), dx: 0, dy: 0 };
    let mut b = Body::new(72, 40, 16, 16);
    for _ in 0..10 {
        b.vy = raw(8 * 8);
        move_body(&m, &[plat], &mut b);
    }
    assert_eq!(b.py() + 16, 100);
    assert!(b.on_ground() && b.flags.contains(Flags::ON_BOX));
    assert_eq!(b.riding, 0);
    // The platform moves right 3 px and up 2 px per frame: the body rides.
    for _ in 0..10 {
        plat.rect.x += 3;
        plat.rect.y -= 2;
        plat.dx = 3;
        plat.dy = -2;
        b.vy = raw(3);
        move_body(&m, &[plat], &mut b);
        assert!(b.on_ground());
        assert_eq!(b.py() + 16, plat.rect.y);
    }
    assert_eq!(b.px(), 72 + 30);
    // Moving down: still riding.
    for _ in 0..5 {
        plat.rect.y += 4;
        plat.dx = 0;
        plat.dy = 4;
        b.vy = raw(3);
        move_body(&m, &[plat], &mut b);
        assert_eq!(b.py() + 16, plat.rect.y);
    }
    // A door blocks horizontal movement.
    let door = SolidBox { rect: Rect::new(200, 0, 8, 192), dx: 0, dy: 0 };
    let mut c = Body::new(150, 20, 16, 16);
    c.vx = raw(100 * 8);
    move_body(&m, &[door], &mut c);
    assert_eq!(c.px() + 16, 200);
    assert!(c.flags.contains(Flags::HIT_RIGHT));
    assert_eq!(c.riding, NO_BOX);
    assert!(ground_under(&m, &[plat], &b));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn edges_walls_sky_and_falling_out() {
    let r = RefMap::blank(10, 5);
    let m = r.map();
    let mut b = Body::new(4, 20, 8, 8);
    b.vx = raw(-50 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.px(), 0);
    assert!(b.flags.contains(Flags::HIT_LEFT));
    b.vx = raw(127 * 8);
    move_body(&m, &[], &mut b);
    move_body(&m, &[], &mut b);
    assert_eq!(b.px() + 8, 160);
    // Open sky: jump above the map.
    b.vy = raw(-100 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.py(), -80);
    // Open bottom: fall out.
    let mut falls = 0;
    for _ in 0..10 {
        b.vy = raw(50 * 8);
        move_body(&m, &[], &mut b);
        if b.flags.contains(Flags::FELL_OUT) {
            falls += 1;
        }
    }
    assert!(falls > 0);
    assert!(b.py() >= 80);
    // Closed bottom: lands on the edge.
    let m2 = r.map().with_edges(Edges { bottom: Edge::Solid, ..Edges::CLASSIC });
    let mut c = Body::new(20, 40, 8, 8);
    c.vy = raw(100 * 8);
    move_body(&m2, &[], &mut c);
    assert_eq!(c.py() + 8, 80);
    assert!(c.on_ground() && !c.flags.contains(Flags::FELL_OUT));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn extreme_positions_and_velocities_are_clamped() {
    let r = RefMap::blank(4, 4);
    let m = r.map().with_edges(Edges { left: Edge::Open, right: Edge::Open, top: Edge::Open, bottom: Edge::Open });
    let mut b = Body::new(4000, 4000, 64, 64);
    for _ in 0..5 {
        b.vx = SubPx::MAX;
        b.vy = SubPx::MAX;
        move_body(&m, &[], &mut b);
    }
    assert_eq!(b.px() + 64, 4096);
    assert_eq!(b.py() + 64, 4096);
    let mut c = Body::new(-4000, -4000, 64, 64);
    for _ in 0..5 {
        c.vx = SubPx::MIN;
        c.vy = SubPx::MIN;
        move_body(&m, &[], &mut c);
    }
    assert_eq!((c.px(), c.py()), (-4096, -4096));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn large_body_is_checked_along_its_whole_edge() {
    // A single half-width stub at mid height of a 64 px tall body.
    let mut r = RefMap::blank(20, 12);
    r.set(10, 3, 17); // left half of tile (160..168, 48..64)
    let m = r.map();
    let mut b = Body::new(100, 20, 40, 64);
    b.vx = raw(100 * 8);
    move_body(&m, &[], &mut b);
    assert_eq!(b.px() + 40, 160);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn entity_overlap_test() {
    let a = Rect::new(10, 10, 16, 32);
    assert!(a.overlaps(&Rect::new(25, 41, 4, 4))); // one pixel shared
    assert!(!a.overlaps(&Rect::new(26, 10, 4, 4))); // touching on the right
    assert!(!a.overlaps(&Rect::new(10, 42, 4, 4))); // touching below
    assert!(!a.overlaps(&Rect::new(12, 12, 0, 4))); // empty
    assert_eq!(a.intersection(&Rect::new(20, 0, 20, 20)), Some(Rect::new(20, 10, 6, 10)));
    let b1 = Body::new(0, 0, 16, 16);
    let b2 = Body::new(15, 15, 16, 16);
    let b3 = Body::new(16, 0, 16, 16);
    assert!(b1.overlaps(&b2) && !b1.overlaps(&b3));
}
