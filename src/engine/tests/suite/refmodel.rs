//! Independent reference model used by the tests. It is written from the
//! specification (geometric line equations in floating point, heights counted
//! from the bottom), not copied from the engine's bit tables.
//!
//! `no_std` and allocation-free (it also runs on the 68000): a reference map holds
//! its tiles in a fixed array of [`MAX_TILES`].
#![allow(dead_code)]

use megacollide_engine::map::{Edges, Map};

/// Reference: is pixel (px, py) of built-in tile `id` solid?
pub fn ref_pixel(id: u16, px: i32, py: i32) -> bool {
    assert!((0..16).contains(&px) && (0..16).contains(&py));
    // (n, k): slope ratio n:1 and index of the tile in its chain, left to right.
    let rising = |n: i32, k: i32, px: i32| -> bool {
        // Line through the chain's bottom-left and top-right corners:
        // height above the tile bottom at horizontal position u is u / n.
        let u = (16 * k + px) as f64 + 0.5; // centre of the pixel column
        let line = u / n as f64;
        let centre = (15 - py) as f64 + 0.5; // centre of the pixel, from the bottom
        centre <= line
    };
    match id {
        2 => true,
        3 => rising(1, 0, px),
        4 => rising(2, 0, px),
        5 => rising(2, 1, px),
        6 => rising(3, 0, px),
        7 => rising(3, 1, px),
        8 => rising(3, 2, px),
        // Falling chains: mirror the whole chain horizontally.
        9 => rising(1, 0, 15 - px),
        10 => rising(2, 1, 15 - px),
        11 => rising(2, 0, 15 - px),
        12 => rising(3, 2, 15 - px),
        13 => rising(3, 1, 15 - px),
        14 => rising(3, 0, 15 - px),
        15 => py < 8,
        16 => py >= 8,
        17 => px < 8,
        18 => px >= 8,
        _ => false,
    }
}

/// Most tiles of a reference map (160 x 28, the camera test's map).
pub const MAX_TILES: usize = 160 * 28;
/// Most rows of a reference map.
pub const MAX_ROWS: usize = 248;

/// A reference map with the classic edge policy.
#[derive(Clone, Debug)]
pub struct RefMap {
    pub tiles: [u16; MAX_TILES],
    pub rows: [u16; MAX_ROWS],
    pub w: i32,
    pub h: i32,
}

impl RefMap {
    /// A `w` x `h` map with the tiles `tiles` (row by row).
    pub fn new(w: i32, h: i32, tiles: &[u16]) -> RefMap {
        assert_eq!(tiles.len() as i32, w * h);
        let mut r = RefMap::blank(w, h);
        r.tiles[..tiles.len()].copy_from_slice(tiles);
        r
    }

    /// A `w` x `h` map of blank tiles.
    pub fn blank(w: i32, h: i32) -> RefMap {
        assert!(w > 0 && h > 0 && (w * h) as usize <= MAX_TILES && h as usize <= MAX_ROWS);
        let mut rows = [0u16; MAX_ROWS];
        for (r, o) in rows.iter_mut().enumerate().take(h as usize) {
            *o = (r as i32 * w) as u16;
        }
        RefMap { tiles: [0; MAX_TILES], rows, w, h }
    }

    pub fn set(&mut self, tx: i32, ty: i32, id: u16) {
        self.tiles[(ty * self.w + tx) as usize] = id;
    }

    pub fn map(&self) -> Map<'_> {
        Map::try_new(&self.tiles[..(self.w * self.h) as usize], self.w as u16, self.h as u16, &self.rows[..self.h as usize])
            .unwrap()
            .with_edges(Edges::CLASSIC)
    }

    pub fn tile(&self, x: i32, y: i32) -> u16 {
        let tx = x.div_euclid(16);
        let ty = y.div_euclid(16);
        if tx < 0 || tx >= self.w {
            2
        } else if ty < 0 || ty >= self.h {
            0
        } else {
            self.tiles[(ty * self.w + tx) as usize]
        }
    }

    pub fn solid(&self, x: i32, y: i32) -> bool {
        ref_pixel(self.tile(x, y), x.rem_euclid(16), y.rem_euclid(16))
    }

    pub fn floor(&self, x: i32, y: i32) -> bool {
        self.solid(x, y) || (self.tile(x, y) == 19 && y.rem_euclid(16) == 0)
    }

    /// Any solid pixel in the box x..x+w, y..y+h?
    pub fn box_solid(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        (y..y + h).any(|yy| (x..x + w).any(|xx| self.solid(xx, yy)))
    }

    /// Any floor pixel in the row directly under the box?
    pub fn ground_under(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        (x..x + w).any(|xx| self.floor(xx, y + h))
    }
}
