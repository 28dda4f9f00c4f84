//! Sprite art: the sheets of `levels/sprites/` (PNG + JSON, drawn by
//! `tools/art/draw_sprites.py`) compiled by `romtool sprites` into VDP tiles, the palette line
//! and pixel masks taken from the alpha channel ([`sprites`]), so the picture on screen and the
//! mask the engine tests are the same pixels by construction. Also which frame of a sheet an
//! animation shows ([`frame_at`]), and the highlight tiles of a HIT.
//!
//! Masks put pixel column `c` of a row at bit `31 - c` (the engine's [`Mask`] layout); a
//! sheet's `masks_hflip` are the masks of its frames drawn with the sprite's horizontal flip.

use megacollide_engine::mask::Mask;

/// The compiled sprite sheets (`romtool sprites`, this crate's `build.rs`): per sheet `NAME`
/// (`PLAYER`, `ENEMY`, `POTATO`, `PLATFORM`, `GOAL`, `BOX`, `SENSOR`) its tiles (each frame's
/// VDP tiles column-major, `words_per_frame` words), masks, mirrored masks and animations;
/// `SPRITE_PALETTE` (palette.gpl's colours in file order) and the `PAL_*` index of each named
/// palette colour.
#[allow(missing_docs, dead_code)]
pub mod sprites {
    include!(concat!(env!("OUT_DIR"), "/sprites.rs"));
}

pub use sprites::{Animation, SpriteSheet, SPRITE_PALETTE};

/// Palette index of the text colour (white): the font draws with colour index 1, and the
/// text shares the sprites' palette line.
pub const TEXT_INDEX: u8 = sprites::PAL_TEXT;
/// Palette index used for the highlighted overlap pixels.
pub const HIGHLIGHT_INDEX: u8 = sprites::PAL_HIGHLIGHT;
/// Palette index of the debug overlay (collision box and sensor points).
pub const OVERLAY_INDEX: u8 = sprites::PAL_OVERLAY;

// The font draws with colour index 1.
const _: () = assert!(TEXT_INDEX == 1);

/// The potato's pixel mask (24 x 24, transparent corners).
pub static POTATO_MASK: &Mask<'static> = &sprites::POTATO_MASKS[0];

/// The player's pixel mask in sheet frame `frame`, drawn mirrored when `facing_left` (the
/// sheet faces right; the ROM sets the sprite's horizontal flip bit to face left), so the
/// mask is exactly the picture on screen.
pub fn player_mask(frame: u8, facing_left: bool) -> &'static Mask<'static> {
    let masks = if facing_left { &sprites::PLAYER_MASKS_HFLIP } else { &sprites::PLAYER_MASKS };
    &masks[frame as usize]
}

/// The sheet frame an animation shows `ticks` steps after it started: each of its frames
/// for `duration` steps, looping. Subtracts one frame's duration per frame passed (no
/// division): keep `ticks` below [`period`] (the world wraps its counter there) and it is at
/// most one pass over the animation.
pub fn frame_at(anim: &Animation, ticks: u16) -> u8 {
    let d = anim.duration;
    let mut t = ticks;
    let mut i = 0usize;
    while t >= d {
        t -= d;
        i += 1;
        if i == anim.frames.len() {
            i = 0;
        }
    }
    anim.frames[i] as u8
}

/// Steps of one loop of an animation (`duration` x frames; romtool keeps durations 1..=255).
pub fn period(anim: &Animation) -> u16 {
    anim.duration.wrapping_mul(anim.frames.len() as u16)
}

/// The animation of `sheet` named `name` (the names of the sheet's JSON file).
pub const fn animation(sheet: &'static SpriteSheet, name: &str) -> &'static Animation {
    let mut i = 0;
    while i < sheet.animations.len() {
        if const_eq(sheet.animations[i].name, name) {
            return &sheet.animations[i];
        }
        i += 1;
    }
    panic!("art: the sheet has no animation of that name");
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

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

/// Writes the 2 x 3 tiles (column-major, the VDP's sprite order) of a 16 x 24 pixel sprite
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
    use sprites::{PLAYER, POTATO};

    /// The tiles of frame `f` of `sheet` (in the sprite engine's piece order) decoded back
    /// into a picture of palette indices.
    fn picture(sheet: &SpriteSheet, f: usize) -> [[u8; 128]; 128] {
        let (w, h) = (sheet.width as usize, sheet.height as usize);
        let t = &sheet.tiles[f * sheet.words_per_frame as usize..];
        let mut out = [[0u8; 128]; 128];
        for y in 0..h {
            for x in 0..w {
                let tile = megadrive::sprite_engine::frame_tile(w as u16, h as u16, x as u16, y as u16) as usize;
                let word = t[tile * 16 + (y % 8) * 2 + (x % 8) / 4];
                out[y][x] = (word >> (12 - 4 * (x % 4)) & 15) as u8;
            }
        }
        out
    }

    #[test]
    fn masks_are_the_opaque_pixels_of_every_frame() {
        for sheet in sprites::SHEETS {
            let (w, h) = (sheet.width as i16, sheet.height as i16);
            for f in 0..sheet.masks.len() {
                let pic = picture(sheet, f);
                for y in 0..h {
                    for x in 0..w {
                        let opaque = pic[y as usize][x as usize] != 0;
                        assert_eq!(sheet.masks[f].pixel(x, y), opaque, "{} frame {f} ({x}, {y})", sheet.name);
                        assert_eq!(sheet.masks_hflip[f].pixel(w - 1 - x, y), opaque, "{} frame {f} mirrored", sheet.name);
                    }
                }
            }
        }
        // The potato's corners are transparent: a box overlap there is not a hit.
        assert!(!POTATO_MASK.pixel(0, 0) && !POTATO_MASK.pixel(23, 23) && POTATO_MASK.pixel(12, 12));
    }

    #[test]
    fn the_player_has_one_symmetric_silhouette_in_every_frame_and_facing() {
        // So the pixel-perfect potato test answers the same whatever the pose or facing.
        let stand = player_mask(0, false);
        for f in 0..PLAYER.masks.len() as u8 {
            for left in [false, true] {
                let m = player_mask(f, left);
                for y in 0..32 {
                    for x in 0..16 {
                        assert_eq!(m.pixel(x, y), stand.pixel(x, y), "frame {f} facing left {left} ({x}, {y})");
                    }
                }
            }
        }
        // ... while the pictures differ: the walk cycle's frames are distinct, and the
        // frame is not its own mirror image (it shows a facing).
        let walk = animation(&PLAYER, "walk");
        assert!(walk.frames.len() >= 4);
        for (i, &a) in walk.frames.iter().enumerate() {
            for &b in &walk.frames[i + 1..] {
                if a != b {
                    assert_ne!(picture(&PLAYER, a as usize), picture(&PLAYER, b as usize), "walk frames {a} and {b}");
                }
            }
        }
        let p = picture(&PLAYER, 0);
        assert!((0..32).any(|y| (0..16).any(|x| p[y][x] != p[y][15 - x])), "the standing frame is symmetric: no facing shows");
        assert_eq!(POTATO.masks.len(), 1);
    }

    #[test]
    fn named_palette_colours() {
        assert_eq!(TEXT_INDEX, 1);
        assert_eq!(SPRITE_PALETTE[TEXT_INDEX as usize], 0x0EEE, "white text");
        assert_eq!(SPRITE_PALETTE[HIGHLIGHT_INDEX as usize], 0x00EE, "yellow highlight");
        assert_eq!(SPRITE_PALETTE[OVERLAY_INDEX as usize], 0x00E0, "green overlay");
        // The overlay box is drawn in the overlay colour.
        assert!(picture(&sprites::BOX, 0)[0][..16].iter().all(|&i| i == OVERLAY_INDEX));
    }

    #[test]
    fn frame_at_plays_each_frame_for_its_duration_and_loops() {
        let walk = animation(&PLAYER, "walk");
        let d = walk.duration;
        let n = walk.frames.len() as u16;
        for t in 0..3 * d * n {
            assert_eq!(frame_at(walk, t), walk.frames[((t / d) % n) as usize] as u8, "tick {t}");
        }
        let stand = animation(&PLAYER, "stand");
        assert_eq!(frame_at(stand, 12345), stand.frames[0] as u8);
    }

    #[test]
    fn highlight_tiles_match_a_picture_of_the_same_pixels() {
        // Mask rows turned into highlight tiles, decoded like sprite tiles, give the pixels.
        let mut rows = [0u32; 24];
        for (y, row) in rows.iter_mut().enumerate() {
            for x in 0..16 {
                if (x * 7 + y * 3) % 5 < 2 || x == y {
                    *row |= 0x8000_0000 >> x;
                }
            }
        }
        let mut out = [0u16; HIGHLIGHT_WORDS];
        highlight_tiles(&rows, &mut out);
        for y in 0..24 {
            for x in 0..16 {
                let tile = (x / 8) * 3 + y / 8;
                let i = out[tile * 16 + (y % 8) * 2 + (x % 8) / 4] >> (12 - 4 * (x % 4)) & 15;
                let want = if rows[y] & (0x8000_0000 >> x) != 0 { HIGHLIGHT_INDEX as u16 } else { 0 };
                assert_eq!(i, want, "({x}, {y})");
            }
        }
        // Short input: missing rows are transparent.
        highlight_tiles(&rows[..8], &mut out);
        assert!(out[16..48].iter().all(|&w| w == 0) && out[64..].iter().all(|&w| w == 0));
    }
}
