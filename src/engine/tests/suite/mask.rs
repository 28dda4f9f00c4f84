//! Pixel-perfect mask tests: hit, miss, touching, one-pixel overlap,
//! overlap pixels / rectangles and push-out, against a brute-force reference.

use megacollide_engine::body::Rect;
use megacollide_engine::mask::{build_rows, mask_rows, mask_rows_4bpp, Mask};

/// 8x8 ring: border solid, inside transparent (palette index 0).
#[rustfmt::skip]
const RING_PIXELS: [u8; 64] = [
    1,1,1,1,1,1,1,1,
    1,0,0,0,0,0,0,1,
    1,0,0,0,0,0,0,1,
    1,0,0,0,0,0,0,1,
    1,0,0,0,0,0,0,1,
    1,0,0,0,0,0,0,1,
    1,0,0,0,0,0,0,1,
    1,1,1,1,1,1,1,5,
];
static RING_ROWS: [u32; 8] = mask_rows::<8>(&RING_PIXELS, 8);
static RING: Mask<'static> = Mask::new(&RING_ROWS, 8);

/// 2x2 solid dot.
static DOT_ROWS: [u32; 2] = mask_rows::<2>(&[3, 3, 3, 3], 2);
static DOT: Mask<'static> = Mask::new(&DOT_ROWS, 2);

/// 32x32 solid square and 32x32 checkerboard.
static FULL_ROWS: [u32; 32] = [u32::MAX; 32];
static CHECK_ROWS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = if i % 2 == 0 { 0xAAAA_AAAA } else { 0x5555_5555 };
        i += 1;
    }
    t
};

fn brute_hit(a: &Mask, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16) -> bool {
    for y in 0..a.height() {
        for x in 0..a.width() {
            if a.pixel(x, y) && b.pixel(ax + x - bx, ay + y - by) {
                return true;
            }
        }
    }
    false
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn builders_agree() {
    assert_eq!(RING_ROWS[0], 0xFF00_0000);
    assert_eq!(RING_ROWS[1], 0x8100_0000);
    let mut rows = [0u32; 8];
    assert_eq!(build_rows(&RING_PIXELS, 8, &mut rows), 8);
    assert_eq!(rows, RING_ROWS);
    // 4bpp: two pixels per byte, high nibble first.
    let mut packed = [0u8; 32];
    for (b, p) in packed.iter_mut().zip(RING_PIXELS.chunks(2)) {
        *b = (p[0] << 4) | p[1];
    }
    let rows4: [u32; 8] = mask_rows_4bpp::<8>(&packed, 8);
    assert_eq!(rows4, RING_ROWS);
    assert!(RING.pixel(0, 0) && !RING.pixel(1, 1) && RING.pixel(7, 7) && !RING.pixel(8, 0));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn hit_miss_touch_and_one_pixel() {
    // Far apart: bounding boxes do not overlap.
    assert!(!RING.hit(0, 0, &DOT, 100, 100));
    // Touching edges (dot right of the ring, sharing no pixel).
    assert!(!RING.hit(0, 0, &DOT, 8, 3));
    assert!(!RING.hit(0, 0, &DOT, 3, 8));
    assert!(!RING.hit(0, 0, &DOT, -2, 3));
    // Inside the hole: boxes overlap, pixels do not.
    assert!(!RING.hit(0, 0, &DOT, 3, 3));
    assert!(RING.overlap_pixels(0, 0, &DOT, 3, 3, &mut [0; 8]).is_some());
    // One pixel overlap at the bottom-right corner.
    assert!(RING.hit(0, 0, &DOT, 7, 7));
    assert_eq!(RING.hit_rect(0, 0, &DOT, 7, 7), Some(Rect::new(7, 7, 1, 1)));
    // One pixel overlap at the top-left corner (negative offset).
    assert!(RING.hit(10, 10, &DOT, 9, 9));
    assert_eq!(RING.hit_rect(10, 10, &DOT, 9, 9), Some(Rect::new(10, 10, 1, 1)));
    // Symmetric.
    assert!(DOT.hit(9, 9, &RING, 10, 10));
    assert!(!DOT.hit(13, 13, &RING, 10, 10));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn matches_brute_force_everywhere() {
    let full = Mask::new(&FULL_ROWS, 32);
    let check = Mask::new(&CHECK_ROWS, 32);
    let mut hits = 0;
    for (a, b) in [(&RING, &DOT), (&DOT, &RING), (&full, &RING), (&check, &check), (&RING, &check)] {
        for dy in -40..40 {
            for dx in -40..40 {
                let got = a.hit(5, 7, b, 5 + dx, 7 + dy);
                assert_eq!(got, brute_hit(a, 5, 7, b, 5 + dx, 7 + dy), "dx {dx} dy {dy}");
                hits += got as u32;
            }
        }
    }
    assert!(hits > 1000);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn overlap_pixels_for_highlighting() {
    let mut out = [0u32; 8];
    // Dot over the ring's left border at rows 3..5, columns -1..1.
    let r = RING.overlap_pixels(0, 0, &DOT, -1, 3, &mut out).unwrap();
    assert_eq!(r, Rect::new(0, 3, 1, 2));
    assert_eq!(&out[..2], &[0x8000_0000, 0x8000_0000]);
    let full = Mask::new(&FULL_ROWS, 32);
    let check = Mask::new(&CHECK_ROWS, 32);
    let mut out = [0u32; 32];
    let r = full.overlap_pixels(0, 0, &check, 16, 30, &mut out).unwrap();
    assert_eq!(r, Rect::new(16, 30, 16, 2));
    assert_eq!(out[0], 0xAAAA_0000);
    assert_eq!(out[1], 0x5555_0000);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn push_out_is_smallest_axis_move() {
    let full = Mask::new(&FULL_ROWS, 32);
    // Dot overlapping the left edge of a solid square by one column: push
    // the dot one pixel left.
    assert_eq!(DOT.push_out(-1, 10, &full, 0, 0), Some((-1, 0)));
    // Overlapping the bottom by two rows: push down 2... or left/right more.
    assert_eq!(DOT.push_out(15, 30, &full, 0, 0), Some((0, 2)));
    // Two columns into the right edge.
    assert_eq!(DOT.push_out(30, 12, &full, 0, 0), Some((2, 0)));
    // No hit: no push.
    assert_eq!(DOT.push_out(3, 3, &RING, 0, 0), None);
    // The result really separates and nothing smaller does.
    for (x, y) in [(5, 5), (20, 1), (1, 25), (31, 31)] {
        let (dx, dy) = DOT.push_out(x, y, &full, 0, 0).unwrap();
        assert!(!DOT.hit(x + dx, y + dy, &full, 0, 0));
        let k = dx.abs() + dy.abs();
        for s in 1..k {
            for (ex, ey) in [(-s, 0), (s, 0), (0, -s), (0, s)] {
                assert!(DOT.hit(x + ex, y + ey, &full, 0, 0));
            }
        }
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn hit_rect_every_single_pixel() {
    // A 1x1 dot over every pixel of a full 32x32 mask gives a 1x1 rect.
    static ONE: [u32; 1] = [0x8000_0000];
    let dot = Mask::new(&ONE, 1);
    let full = Mask::new(&FULL_ROWS, 32);
    for y in 0..32 {
        for x in 0..32 {
            assert_eq!(full.hit_rect(0, 0, &dot, x, y), Some(Rect::new(x, y, 1, 1)));
        }
    }
    // Wide overlap: the whole intersection.
    assert_eq!(full.hit_rect(0, 0, &full, 5, -3), Some(Rect::new(5, 0, 27, 29)));
}
