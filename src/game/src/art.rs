//! Sprite art as text, turned into VDP tiles and collision masks at compile time, so the
//! picture on screen and the mask the engine tests are the same pixels by construction.
//!
//! Art rows are strings, one character per pixel: `.` is transparent (palette index 0, as
//! on the VDP), `0`-`9` and `A`-`F` are palette indices of [`SPRITE_PALETTE`]. Masks put
//! pixel column `c` of a row at bit `31 - c` (the engine's [`Mask`] layout).

use megacollide_engine::mask::Mask;

/// The sprites' 16 colours (Mega Drive CRAM format `0000BBB0GGG0RRR0`), palette line 1.
/// 1 outline, 2 skin, 3 white, 4 red, 5 blue, 6 dark blue, 7/8 potato, 9 enemy, A/B
/// platform, C highlight (overlapping pixels), D overlay, E goal, F black.
pub static SPRITE_PALETTE: [u16; 16] = [
    0x0000, 0x0422, 0x06AE, 0x0EEE, 0x004E, 0x0E62, 0x0820, 0x048A, 0x0246, 0x080C, 0x0AAA,
    0x0666, 0x00EE, 0x00E0, 0x02AE, 0x0000,
];

/// Palette index used for the highlighted overlap pixels.
pub const HIGHLIGHT_INDEX: u8 = 0xC;
/// Palette index of the debug overlay (collision box and sensor points).
pub const OVERLAY_INDEX: u8 = 0xD;

/// The palette index of art character `c` (`.` = 0).
const fn index_of(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'A'..=b'F' => c - b'A' + 10,
        b'.' => 0,
        _ => panic!("art: unknown character"),
    }
}

/// Checks that every row of `art` is `w` pixels wide (a compile error otherwise).
const fn check_width(art: &[&str], w: usize) {
    let mut y = 0;
    while y < art.len() {
        if art[y].len() != w {
            panic!("art: row width differs from the sprite width");
        }
        y += 1;
    }
}

/// VDP 4 bits-per-pixel tiles of a `W` x `H` pixel sprite (both multiples of 8), `N` =
/// `W * H / 4` words, in the order the VDP reads a multi-tile sprite: column by column,
/// top to bottom within a column; each tile is 8 rows of 2 words, left pixel in the high
/// nibble.
pub const fn sprite_tiles<const W: usize, const H: usize, const N: usize>(art: &[&str; H]) -> [u16; N] {
    check_width(art, W);
    if N * 4 != W * H || W % 8 != 0 || H % 8 != 0 {
        panic!("art: N must be W * H / 4 and the sizes multiples of 8");
    }
    let mut out = [0u16; N];
    let mut y = 0;
    while y < H {
        let row = art[y].as_bytes();
        let mut x = 0;
        while x < W {
            let tile = (x / 8) * (H / 8) + y / 8;
            let word = tile * 16 + (y % 8) * 2 + (x % 8) / 4;
            let shift = 12 - 4 * (x % 4);
            out[word] |= (index_of(row[x]) as u16) << shift;
            x += 1;
        }
        y += 1;
    }
    out
}

/// Collision mask rows of a sprite up to 32 pixels wide: bit `31 - c` of row `r` is set
/// when pixel (c, r) is opaque.
pub const fn mask_rows<const H: usize>(art: &[&str; H]) -> [u32; H] {
    let w = art[0].len();
    check_width(art, w);
    if w > 32 {
        panic!("art: masks are at most 32 pixels wide");
    }
    let mut out = [0u32; H];
    let mut y = 0;
    while y < H {
        let row = art[y].as_bytes();
        let mut x = 0;
        while x < w {
            if index_of(row[x]) != 0 {
                out[y] |= 0x8000_0000u32 >> x;
            }
            x += 1;
        }
        y += 1;
    }
    out
}

/// The player: 16 x 32 pixels (taller than a tile), left-right symmetric so the mask is
/// the same facing either way. Its collision box is the whole 16 x 32.
pub const PLAYER_ART: [&str; 32] = [
    "......1111......",
    "....11222211....",
    "...1222222221...",
    "...1222222221...",
    "..122332233221..",
    "..1223F22F3221..",
    "..122222222221..",
    "...1222442221...",
    "...1222222221...",
    "....11222211....",
    "......1221......",
    "....15555551....",
    "...1555555551...",
    "..155555555551..",
    ".15515555551551.",
    ".15515555551551.",
    ".15515555551551.",
    ".12215555551221.",
    ".12215555551221.",
    "..111555555111..",
    "....15555551....",
    "....15555551....",
    "....16666661....",
    "....16666661....",
    "....16666661....",
    "....16611661....",
    "....16611661....",
    "....16611661....",
    "....16611661....",
    "...1166116611...",
    "..1FFFF11FFFF1..",
    "..111111111111..",
];

/// A potato: 24 x 24 pixels with transparent corners, for the pixel-perfect test.
pub const POTATO_ART: [&str; 24] = [
    "........................",
    "........................",
    "........................",
    "........88888888........",
    "......888777777888......",
    "....8887777777777888....",
    "...887777777777777788...",
    "..88777777777777877788..",
    ".8877778877777777777788.",
    ".8877777777777777777788.",
    ".8777777777777777777778.",
    ".8777777777777777777778.",
    ".8777777777777788777778.",
    ".8777777777777777777778.",
    ".8877777777777777777788.",
    ".8877777777777777777788.",
    "..88777778877777777788..",
    "...887777777777777788...",
    "....8887777777777888....",
    "......888777777888......",
    "........88888888........",
    "........................",
    "........................",
    "........................",
];

/// The patrolling enemy: 16 x 16 pixels.
pub const ENEMY_ART: [&str; 16] = [
    "................",
    "................",
    ".....111111.....",
    "...1199999911...",
    "..199999999991..",
    ".19999999999991.",
    ".19933999933991.",
    ".199F399993F991.",
    "1999999999999991",
    "1999999999999991",
    "1999999999999991",
    "1999999999999991",
    ".19999999999991.",
    "..111111111111..",
    "...1F1....1F1...",
    "..1FF1....1FF1..",
];

/// The moving platform: 32 x 8 pixels (its solid box is the whole sprite).
pub const PLATFORM_ART: [&str; 8] = [
    "1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1",
    "1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1",
    "1BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB1",
    "1B1B1B1B1B1B1B1B1B1B1B1B1B1B1B11",
    "1BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB1",
    "1BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB1",
    "11111111111111111111111111111111",
    "................................",
];

/// The goal flag: 16 x 32 pixels, drawn twice (pole continues) for a 16 x 64 goal.
pub const GOAL_ART: [&str; 32] = [
    "11..............",
    "1E1EEEEEEE......",
    "1EE1EEEEEEEE....",
    "1EEE1EEEEEEEEE..",
    "1EEEE1EEEEEEEEE.",
    "1EEE1EEEEEEEEE..",
    "1EE1EEEEEEEE....",
    "1E1EEEEEEE......",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
    "11..............",
];

/// Debug overlay: a 16 x 32 outline, the player's collision box.
pub const BOX_ART: [&str; 32] = [
    "DDDDDDDDDDDDDDDD",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "D..............D",
    "DDDDDDDDDDDDDDDD",
];

/// Debug overlay: a sensor point, a 3 x 3 cross centred on pixel (1, 1) of an 8 x 8 tile.
pub const SENSOR_ART: [&str; 8] = [
    ".F......",
    "FDF.....",
    ".F......",
    "........",
    "........",
    "........",
    "........",
    "........",
];

/// Player sprite tiles (2 x 4 tiles).
pub static PLAYER_TILES: [u16; 128] = sprite_tiles::<16, 32, 128>(&PLAYER_ART);
/// Potato sprite tiles (3 x 3 tiles).
pub static POTATO_TILES: [u16; 144] = sprite_tiles::<24, 24, 144>(&POTATO_ART);
/// Enemy sprite tiles (2 x 2 tiles).
pub static ENEMY_TILES: [u16; 64] = sprite_tiles::<16, 16, 64>(&ENEMY_ART);
/// Platform sprite tiles (4 x 1 tiles).
pub static PLATFORM_TILES: [u16; 64] = sprite_tiles::<32, 8, 64>(&PLATFORM_ART);
/// Goal sprite tiles (2 x 4 tiles).
pub static GOAL_TILES: [u16; 128] = sprite_tiles::<16, 32, 128>(&GOAL_ART);
/// Overlay box tiles (2 x 4 tiles).
pub static BOX_TILES: [u16; 128] = sprite_tiles::<16, 32, 128>(&BOX_ART);
/// Overlay sensor tile (1 tile).
pub static SENSOR_TILES: [u16; 16] = sprite_tiles::<8, 8, 16>(&SENSOR_ART);

/// The player's collision mask rows (16 x 32).
pub static PLAYER_MASK_ROWS: [u32; 32] = mask_rows(&PLAYER_ART);
/// The potato's collision mask rows (24 x 24).
pub static POTATO_MASK_ROWS: [u32; 24] = mask_rows(&POTATO_ART);

/// The player's pixel mask (16 x 32), for [`Mask::hit`].
pub static PLAYER_MASK: Mask<'static> = Mask::new(&PLAYER_MASK_ROWS, 16);
/// The potato's pixel mask (24 x 24).
pub static POTATO_MASK: Mask<'static> = Mask::new(&POTATO_MASK_ROWS, 24);

/// Width and height in pixels of the overlap highlight sprite (2 x 3 tiles): the player
/// (16 wide) overlapping a potato (24 high) never overlaps more.
pub const HIGHLIGHT_W: usize = 16;
/// See [`HIGHLIGHT_W`].
pub const HIGHLIGHT_H: usize = 24;
/// Words of the highlight sprite's tiles.
pub const HIGHLIGHT_WORDS: usize = HIGHLIGHT_W * HIGHLIGHT_H / 4;

/// 4 mask bits (bit 3 = leftmost pixel) -> 4 nibbles of [`HIGHLIGHT_INDEX`] or 0.
static SPREAD: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut b = 0;
    while b < 16 {
        let mut w = 0u16;
        let mut i = 0;
        while i < 4 {
            if b & (8 >> i) != 0 {
                w |= (HIGHLIGHT_INDEX as u16) << (12 - 4 * i);
            }
            i += 1;
        }
        t[b] = w;
        b += 1;
    }
    t
};

/// Writes the 2 x 3 tiles (column-major, as [`sprite_tiles`]) of a 16 x 24 pixel sprite
/// showing mask rows `rows` (bit `31 - c` = pixel column `c`, c < 16) in
/// [`HIGHLIGHT_INDEX`]: the on-screen highlight of the pixels two masks share. Rows beyond
/// `rows.len()` are transparent. One table lookup per 4 pixels.
pub fn highlight_tiles(rows: &[u32], out: &mut [u16; HIGHLIGHT_WORDS]) {
    let mut y = 0;
    while y < HIGHLIGHT_H {
        let b = if y < rows.len() { (rows[y] >> 16) as u16 } else { 0 };
        // Column 0 tiles are 0..3 (words 0..48), column 1 tiles 3..6 (words 48..96).
        let w = (y >> 3) * 16 + (y & 7) * 2;
        out[w] = SPREAD[(b >> 12) as usize];
        out[w + 1] = SPREAD[((b >> 8) & 15) as usize];
        out[w + 48] = SPREAD[((b >> 4) & 15) as usize];
        out[w + 49] = SPREAD[(b & 15) as usize];
        y += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_column_major_with_the_left_pixel_in_the_high_nibble() {
        // Pixel (0, 0) of the player is '.', (6, 0) is '1' -> tile 0, row 0, word 1, nibble 1.
        assert_eq!(PLAYER_TILES[0], 0x0000);
        assert_eq!(PLAYER_TILES[1], 0x0011);
        // Pixel (8, 0): tile 4 (second column of 4 tiles), row 0: "1111...." -> 0x1111, 0.
        assert_eq!(PLAYER_TILES[4 * 16], 0x1100);
        // Row 8 of the sprite is row 0 of tile 1.
        assert_eq!(PLAYER_TILES[16], 0x0001);
    }

    #[test]
    fn masks_match_the_art() {
        for (y, row) in POTATO_ART.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                assert_eq!(POTATO_MASK.pixel(x as i16, y as i16), c != b'.', "potato ({x}, {y})");
            }
        }
        for (y, row) in PLAYER_ART.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                assert_eq!(PLAYER_MASK.pixel(x as i16, y as i16), c != b'.', "player ({x}, {y})");
                // Symmetric: the same mask facing left or right.
                assert_eq!(c, row.as_bytes()[15 - x], "player ({x}, {y}) is not symmetric");
            }
        }
        // The potato's corners are transparent: a box overlap there is not a hit.
        assert!(!POTATO_MASK.pixel(0, 0) && !POTATO_MASK.pixel(23, 23));
    }

    #[test]
    fn highlight_tiles_match_sprite_tiles_of_the_same_picture() {
        // A picture drawn as art and as mask rows must give the same tiles.
        let mut art = [[b'.'; 16]; 24];
        let mut rows = [0u32; 24];
        for y in 0..24 {
            for x in 0..16 {
                if (x * 7 + y * 3) % 5 < 2 || x == y {
                    art[y][x] = b'C';
                    rows[y] |= 0x8000_0000 >> x;
                }
            }
        }
        let strs: [&str; 24] = core::array::from_fn(|y| core::str::from_utf8(&art[y]).unwrap());
        let expected = sprite_tiles::<16, 24, HIGHLIGHT_WORDS>(&strs);
        let mut out = [0u16; HIGHLIGHT_WORDS];
        highlight_tiles(&rows, &mut out);
        assert_eq!(out, expected);
        // Short input: missing rows are transparent.
        highlight_tiles(&rows[..8], &mut out);
        assert!(out[16..48].iter().all(|&w| w == 0) && out[64..].iter().all(|&w| w == 0));
    }
}
