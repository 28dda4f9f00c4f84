//! The art of the `compress` example, drawn by code: 64 VDP tiles (stone, bricks, grass,
//! sky with a little noise) and a 40 x 28 cell screen of them. `build.rs` compresses both
//! into the ROM (MCZ, `megacollide-compress`); the emulator test
//! (tools/romtests/tests/examples.rs) draws them again to check what the 68000 unpacked.
//! Host code (std), shared by both through `#[path]`.

/// Tiles of the set.
pub const TILES: usize = 64;
/// The screen's size in cells.
pub const MAP_W: usize = 40;
/// The screen's size in cells.
pub const MAP_H: usize = 28;
/// First VDP tile of the set (after the font's 32..=127).
pub const FIRST_TILE: u16 = 256;

/// A small deterministic noise (xorshift16).
fn noise(seed: &mut u16) -> u16 {
    let mut x = *seed;
    x ^= x << 7;
    x ^= x >> 9;
    x ^= x << 8;
    *seed = x;
    x
}

/// The 64 tiles, 16 words each (4 bits a pixel, the leftmost pixel in the top nibble).
pub fn tiles() -> Vec<u16> {
    let mut seed = 0x2A5Bu16;
    let mut words = Vec::with_capacity(TILES * 16);
    for t in 0..TILES {
        let kind = t / 16; // 0 sky, 1 grass, 2 bricks, 3 stone
        for y in 0..8 {
            let mut row: u32 = 0;
            for x in 0..8 {
                let c: u32 = match kind {
                    0 => 1 + (y as u32 + t as u32 % 4) / 4, // sky bands
                    1 => {
                        if y < 2 + (x + t) % 3 {
                            4
                        } else {
                            5 + ((x ^ y) & 1) as u32
                        }
                    } // grass on soil
                    2 => {
                        if y == 3 || y == 7 || (x == (if y < 4 { t % 8 } else { (t + 4) % 8 })) {
                            6
                        } else {
                            7
                        }
                    } // bricks
                    _ => 8 + (noise(&mut seed) % 3) as u32, // stone
                };
                row |= c << (28 - 4 * x);
            }
            words.push((row >> 16) as u16);
            words.push(row as u16);
        }
    }
    words
}

/// The screen: 40 x 28 name-table words (palette line 0, tiles from [`FIRST_TILE`]): sky,
/// a line of grass, bricks and stone below.
pub fn map() -> Vec<u16> {
    let mut seed = 0x1357u16;
    let mut cells = Vec::with_capacity(MAP_W * MAP_H);
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            let t = match y {
                0..=15 => (y / 4 * 4 + x % 4) as u16,      // sky: 16 tiles in bands
                16 => 16 + (x % 16) as u16,                // grass
                17..=21 => 32 + ((x + 3 * y) % 16) as u16, // bricks
                _ => 48 + noise(&mut seed) % 16,           // stone
            };
            cells.push(FIRST_TILE + t);
        }
    }
    cells
}
