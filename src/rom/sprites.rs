//! Where the demo's sprites go: the game's objects (`megacollide_demo::draw`) on the sprite
//! engine in VDP tiles [`FIRST_TILE`] on, the sprites' palette line, and the highlight's
//! upload.

use megacollide_demo::art::{sprites as sheets, HIGHLIGHT_WORDS};
use megacollide_demo::draw::{Objects, Sprites, TILES};
use megadrive::vdp;

/// Palette line of every sprite (and of the text: `art::TEXT_INDEX` is the font's colour).
pub const PALETTE_LINE: u16 = sheets::SPRITE_LINE;

/// First VDP tile of the sprite graphics (VRAM 0x3000, after the shapes).
pub const FIRST_TILE: u16 = 384;

/// The last VDP tile the sprites may use, plus one.
pub const END_TILE: u16 = FIRST_TILE + TILES;

/// The engine with every object of the demo added (hidden), its sheets queued for the next
/// upload, and the sprites' palette loaded. Display off.
pub fn add_objects(sprites: &mut Sprites) -> Objects {
    vdp::load_palette(PALETTE_LINE * 16, &sheets::SPRITE_PALETTE);
    Objects::add(sprites)
}

/// Writes the highlight's tiles (16 x 24 pixels). In VBlank, after the engine's upload
/// (which loaded the sheet's blank tiles at boot).
pub fn upload_highlight(objects: &Objects, sprites: &Sprites, words: &[u16; HIGHLIGHT_WORDS]) {
    vdp::load_words(sprites.first_tile(objects.highlight()) * vdp::TILE_BYTES, words);
}
