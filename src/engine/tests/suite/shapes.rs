//! Every pixel of every tile shape against independent references:
//! hand-drawn ASCII art of the rising chains (the falling chains are their
//! mirror image by specification) and a floating-point line equation.

use crate::refmodel::{ref_pixel, RefMap};
use megacollide_engine::shape::{self, PixelKind, TileShape};

/// Rising 1:1 (id 3). `#` = solid, `.` = empty, top row first.
const ART_RISE_1: [&str; 16] = [
    "...............#",
    "..............##",
    ".............###",
    "............####",
    "...........#####",
    "..........######",
    ".........#######",
    "........########",
    ".......#########",
    "......##########",
    ".....###########",
    "....############",
    "...#############",
    "..##############",
    ".###############",
    "################",
];

/// Rising 2:1, ids 4 | 5 (left | right tile).
const ART_RISE_2: [&str; 16] = [
    "................|...............#",
    "................|.............###",
    "................|...........#####",
    "................|.........#######",
    "................|.......#########",
    "................|.....###########",
    "................|...#############",
    "................|.###############",
    "...............#|################",
    ".............###|################",
    "...........#####|################",
    ".........#######|################",
    ".......#########|################",
    ".....###########|################",
    "...#############|################",
    ".###############|################",
];

/// Rising 3:1, ids 6 | 7 | 8.
const ART_RISE_3: [&str; 16] = [
    "................|................|..............##",
    "................|................|...........#####",
    "................|................|........########",
    "................|................|.....###########",
    "................|................|..##############",
    "................|...............#|################",
    "................|............####|################",
    "................|.........#######|################",
    "................|......##########|################",
    "................|...#############|################",
    "................|################|################",
    ".............###|################|################",
    "..........######|################|################",
    ".......#########|################|################",
    "....############|################|################",
    ".###############|################|################",
];

/// Pixel (px, py) of tile `k` of a chain drawn as art.
fn art_pixel(art: &[&str; 16], k: usize, px: usize, py: usize) -> bool {
    art[py].split('|').nth(k).unwrap().as_bytes()[px] == b'#'
}

/// The same art mirrored horizontally (whole chain), as the spec defines the
/// falling chains.
fn mirrored_art_pixel(art: &[&str; 16], n: usize, k: usize, px: usize, py: usize) -> bool {
    art_pixel(art, n - 1 - k, 15 - px, py)
}

fn expected_from_art(id: u16, px: usize, py: usize) -> Option<bool> {
    Some(match id {
        3 => art_pixel(&ART_RISE_1, 0, px, py),
        4 | 5 => art_pixel(&ART_RISE_2, (id - 4) as usize, px, py),
        6..=8 => art_pixel(&ART_RISE_3, (id - 6) as usize, px, py),
        9 => mirrored_art_pixel(&ART_RISE_1, 1, 0, px, py),
        10 | 11 => mirrored_art_pixel(&ART_RISE_2, 2, (id - 10) as usize, px, py),
        12..=14 => mirrored_art_pixel(&ART_RISE_3, 3, (id - 12) as usize, px, py),
        _ => return None,
    })
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn art_is_well_formed() {
    for (art, n) in [(&ART_RISE_1, 1usize), (&ART_RISE_2, 2), (&ART_RISE_3, 3)] {
        for row in art.iter() {
            assert_eq!(row.len(), 16 * n + (n - 1));
        }
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn every_pixel_matches_art_and_line_equation() {
    let mut checked = 0;
    for id in 0u16..64 {
        for py in 0..16u16 {
            for px in 0..16u16 {
                let got = shape::solid_pixel(id, px, py);
                let line = ref_pixel(id, px as i32, py as i32);
                assert_eq!(got, line, "id {id} pixel ({px},{py}) vs line equation");
                if let Some(a) = expected_from_art(id, px as usize, py as usize) {
                    assert_eq!(got, a, "id {id} pixel ({px},{py}) vs ASCII art");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 64 * 256);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn half_blocks_exact() {
    for py in 0..16u16 {
        for px in 0..16u16 {
            assert_eq!(shape::solid_pixel(shape::TOP_HALF, px, py), py <= 7);
            assert_eq!(shape::solid_pixel(shape::BOTTOM_HALF, px, py), py >= 8);
            assert_eq!(shape::solid_pixel(shape::LEFT_HALF, px, py), px <= 7);
            assert_eq!(shape::solid_pixel(shape::RIGHT_HALF, px, py), px >= 8);
            assert!(shape::solid_pixel(shape::SOLID, px, py));
            assert!(!shape::solid_pixel(shape::BLANK, px, py));
            assert!(!shape::solid_pixel(shape::RESERVED_1, px, py));
            assert!(!shape::solid_pixel(shape::ONE_WAY, px, py));
        }
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn row_and_column_tables_agree() {
    for (id, s) in shape::BUILTIN.iter().enumerate() {
        for py in 0..16 {
            for px in 0..16 {
                let by_row = (s.rows()[py] >> px) & 1 != 0;
                let by_col = (s.cols()[px] >> py) & 1 != 0;
                assert_eq!(by_row, by_col, "id {id} ({px},{py})");
            }
        }
    }
}

/// Height (solid pixels counted from the bottom) of column `x` of a chain.
fn chain_heights(ids: &[u16]) -> ([i32; 48], usize) {
    let mut out = [0i32; 48];
    let mut n = 0;
    for &id in ids {
        for px in 0..16 {
            let h = (0..16).filter(|&py| shape::solid_pixel(id, px, py)).count() as i32;
            // solid pixels must be one contiguous run at the bottom
            for py in 0..16 {
                assert_eq!(shape::solid_pixel(id, px, py), py >= 16 - h as u16, "id {id} col {px}");
            }
            out[n] = h;
            n += 1;
        }
    }
    (out, n)
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn chains_are_continuous_lines_and_mirrors() {
    let rising: [&[u16]; 3] = [&[3], &[4, 5], &[6, 7, 8]];
    let falling: [&[u16]; 3] = [&[9], &[10, 11], &[12, 13, 14]];
    for n in 0..3 {
        let (r, len) = chain_heights(rising[n]);
        let r = &r[..len];
        let (mut f, len) = chain_heights(falling[n]);
        let f = &mut f[..len];
        // Continuous: never decreases, rises at most one pixel per column,
        // and across the whole chain climbs from at most 1 to a full column.
        for w in r.windows(2) {
            assert!(w[1] - w[0] == 0 || w[1] - w[0] == 1, "{:?}", r);
        }
        assert!(r[0] <= 1);
        assert_eq!(*r.last().unwrap(), 16);
        // The average slope is exactly 1/(n+1).
        assert_eq!(r.len(), 16 * (n + 1));
        // Mirror images.
        f.reverse();
        assert_eq!(r, f);
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn pixel_kinds_and_ids() {
    assert_eq!(shape::pixel(shape::ONE_WAY, 3, 0), PixelKind::OneWay);
    assert_eq!(shape::pixel(shape::ONE_WAY, 3, 1), PixelKind::Empty);
    assert_eq!(shape::pixel(shape::SOLID, 3, 9), PixelKind::Solid);
    assert_eq!(shape::pixel(shape::RISE_1, 0, 0), PixelKind::Empty);
    assert_eq!(shape::DEFINED_IDS.len(), 19);
    for id in 0u16..40 {
        assert_eq!(shape::is_builtin(id), shape::DEFINED_IDS.contains(&id), "id {id}");
        assert_eq!(shape::is_height_tile(id), id >= 32);
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn height_tiles_from_heights_and_widths() {
    // A bump: heights 0,1,2,...,7,8,7,...,1 and a ceiling stub.
    let mut heights = [0i8; 16];
    for (i, h) in heights.iter_mut().enumerate() {
        *h = if i <= 8 { i as i8 } else { (16 - i) as i8 };
    }
    heights[15] = -3;
    let t = TileShape::from_heights(heights);
    for px in 0..16u16 {
        for py in 0..16u16 {
            let h = heights[px as usize] as i32;
            let expect = if h >= 0 { (py as i32) >= 16 - h } else { (py as i32) < -h };
            assert_eq!(t.solid(px, py), expect, "({px},{py})");
            assert_eq!((t.cols()[px as usize] >> py) & 1 != 0, expect);
        }
        if heights[px as usize] >= 0 {
            assert_eq!(t.column_height(px) as i8, heights[px as usize]);
        }
    }
    // Row widths.
    let mut widths = [0i8; 16];
    for (i, w) in widths.iter_mut().enumerate() {
        *w = if i % 2 == 0 { i as i8 } else { -(i as i8) };
    }
    let t = TileShape::from_widths(widths);
    for py in 0..16u16 {
        for px in 0..16u16 {
            let w = widths[py as usize] as i32;
            let expect = if w >= 0 { (px as i32) >= 16 - w } else { (px as i32) < -w };
            assert_eq!(t.solid(px, py), expect);
        }
        if widths[py as usize] >= 0 {
            assert_eq!(t.row_width(py) as i8, widths[py as usize]);
        }
    }
    // Built-in slopes expressed as height arrays give the same pixels.
    let mut h3 = [0i8; 16];
    for (px, h) in h3.iter_mut().enumerate() {
        *h = (px + 1) as i8;
    }
    assert_eq!(TileShape::from_heights(h3), shape::BUILTIN[3]);
}

static BUMP: [TileShape; 2] =
    [TileShape::from_heights([1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1]), TileShape::from_rows([0x8001; 16])];

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn height_tiles_in_a_map() {
    let mut r = RefMap::blank(4, 2);
    r.set(0, 1, 32);
    r.set(1, 1, 33);
    r.set(2, 1, 34); // beyond the table: blank
    let m = r.map().with_height_tiles(&BUMP);
    for y in 16..32i16 {
        for x in 0..16i16 {
            assert_eq!(m.is_solid(x, y), BUMP[0].solid(x as u16, (y - 16) as u16));
            let edge = x == 0 || x == 15;
            assert_eq!(m.is_solid(16 + x, y), edge);
            assert!(!m.is_solid(32 + x, y));
        }
    }
    assert!(m.is_solid(7, 31) && m.is_solid(7, 24) && !m.is_solid(7, 23));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn map_point_query_matches_reference_for_every_tile() {
    // One row of every id 0..=40.
    let mut ids = [0u16; 41];
    for (i, id) in ids.iter_mut().enumerate() {
        *id = i as u16;
    }
    let r = RefMap::new(ids.len() as i32, 1, &ids);
    let m = r.map();
    for y in -16..32i16 {
        for x in -32..(ids.len() as i16 * 16 + 32) {
            assert_eq!(m.is_solid(x, y), r.solid(x as i32, y as i32), "({x},{y})");
            assert_eq!(m.is_floor(x, y), r.floor(x as i32, y as i32), "floor ({x},{y})");
        }
    }
}
