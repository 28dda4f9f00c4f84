//! VDP tile graphics of the collision shapes, drawn from the engine's own shape tables.
//!
//! Every 16x16 shape becomes 4 VDP tiles (8x8 pixels, 4 bits per pixel, 32 bytes each) in
//! **plane-cell row order**: top-left, top-right, bottom-left, bottom-right, i.e. the order
//! of the 2x2 block of name-table cells `(2tx, 2ty), (2tx+1, 2ty), (2tx, 2ty+1), (2tx+1, 2ty+1)`
//! that shows map tile `(tx, ty)` on a plane. (A 2x2 *sprite* wants column order TL, BL, TR, BR:
//! swap the middle two tiles.) Each VDP tile is 8 rows of 4 bytes, the left pixel of each pair
//! in the high nibble; here they are stored as big-endian `u16` words (4 pixels per word,
//! leftmost pixel in bits 15..12), 16 words per VDP tile, 64 words per shape, ready to be
//! written to the VDP data port or DMA'd (a `u16` array is word aligned).
//!
//! Colour indices (palette line of the caller's choice, see [`cram_palette`]):
//! 0 empty (transparent), 1 solid built-in shape, 2 one-way floor (top row of id 19),
//! 3 solid pixel of a height tile, 4 reserved-id marker (editor tileset only).
//! Every non-zero pixel of colours 1 and 3 is exactly a solid pixel of the engine.

use megacollide_engine::shape::{self, PixelKind};

/// Colour index of empty pixels.
pub const COLOUR_EMPTY: u8 = 0;
/// Colour index of solid pixels of built-in shapes.
pub const COLOUR_SOLID: u8 = 1;
/// Colour index of the one-way floor row of id 19.
pub const COLOUR_ONE_WAY: u8 = 2;
/// Colour index of solid pixels of height tiles.
pub const COLOUR_HEIGHT: u8 = 3;
/// Colour index of the cross on reserved ids in the editor tileset.
pub const COLOUR_RESERVED: u8 = 4;

/// RGB of colour indices 0..=4 (previews, editor tileset); all are Mega Drive colours
/// (multiples of 36 per channel).
pub const COLOURS_RGB: [[u8; 3]; 5] = [[36, 72, 144], [180, 108, 36], [252, 216, 36], [72, 180, 72], [252, 0, 0]];

/// Number of 16-bit words of one 16x16 shape (4 VDP tiles x 16 words).
pub const WORDS_PER_SHAPE: usize = 64;

/// Mega Drive CRAM word (`0000 BBB0 GGG0 RRR0`) of an RGB colour whose channels are multiples
/// of 36.
pub const fn cram(rgb: [u8; 3]) -> u16 {
    (((rgb[2] / 36) as u16) << 9) | (((rgb[1] / 36) as u16) << 5) | (((rgb[0] / 36) as u16) << 1)
}

/// The suggested 16-entry palette line for the shape graphics (CRAM words); entries past
/// [`COLOURS_RGB`] are black.
pub fn cram_palette() -> [u16; 16] {
    let mut p = [0u16; 16];
    for (i, c) in COLOURS_RGB.iter().enumerate() {
        p[i] = cram(*c);
    }
    p
}

/// The colour index of pixel `(px, py)` of built-in tile `id`.
pub fn colour_of(id: u16, px: u16, py: u16) -> u8 {
    match shape::pixel(id, px, py) {
        PixelKind::Empty => COLOUR_EMPTY,
        PixelKind::Solid => COLOUR_SOLID,
        PixelKind::OneWay => COLOUR_ONE_WAY,
    }
}

/// Packs a 16x16 picture (colour indices) into 4 VDP tiles, plane-cell row order.
pub fn pack_16x16(colour: impl Fn(usize, usize) -> u8) -> [u16; WORDS_PER_SHAPE] {
    let mut out = [0u16; WORDS_PER_SHAPE];
    let mut i = 0;
    for (cx, cy) in [(0, 0), (8, 0), (0, 8), (8, 8)] {
        for y in 0..8 {
            for half in 0..2 {
                let mut w = 0u16;
                for k in 0..4 {
                    w = (w << 4) | (colour(cx + half * 4 + k, cy + y) as u16 & 15);
                }
                out[i] = w;
                i += 1;
            }
        }
    }
    out
}

/// The 4 VDP tiles of built-in shape `id` (0..20).
pub fn builtin_words(id: u16) -> [u16; WORDS_PER_SHAPE] {
    pack_16x16(|x, y| colour_of(id, x as u16, y as u16))
}

/// The 4 VDP tiles of a height tile (row bitmasks).
pub fn height_words(rows: &[u16; 16]) -> [u16; WORDS_PER_SHAPE] {
    pack_16x16(|x, y| if rows[y] >> x & 1 != 0 { COLOUR_HEIGHT } else { COLOUR_EMPTY })
}

/// Reads pixel `(x, y)` (0..16) back from packed shape words (tests, previews).
pub fn unpack_pixel(words: &[u16], x: usize, y: usize) -> u8 {
    let cell = (y / 8) * 2 + x / 8;
    let (cx, cy) = (x % 8, y % 8);
    let w = words[cell * 16 + cy * 2 + cx / 4];
    ((w >> (12 - 4 * (cx % 4))) & 15) as u8
}
