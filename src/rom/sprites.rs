//! Where the demo's sprite graphics live in VRAM, and their upload. Each constant is a
//! sprite attribute word ([`vdp::cell`]: palette line [`PALETTE_LINE`] and the first VDP
//! tile of the sprite's column-major tiles, see `art::sprite_tiles`), ready for
//! [`SpriteList::push`](megadrive::sprites::SpriteList::push).

use megacollide_game::art::{self, HIGHLIGHT_WORDS};
use megadrive::vdp::{self, cell};

/// Palette line of every sprite.
pub const PALETTE_LINE: u16 = 3;

/// First VDP tile of the sprite graphics (VRAM 0x3000, after the shapes).
const BASE: u16 = 384;
/// The player's sprite attribute (see the module docs).
pub const PLAYER: u16 = cell(PALETTE_LINE, BASE);
/// See [`PLAYER`].
pub const ENEMY: u16 = PLAYER + 8;
/// See [`PLAYER`].
pub const PLATFORM: u16 = ENEMY + 4;
/// See [`PLAYER`].
pub const POTATO: u16 = PLATFORM + 4;
/// See [`PLAYER`].
pub const GOAL: u16 = POTATO + 9;
/// See [`PLAYER`].
pub const BOX: u16 = GOAL + 8;
/// See [`PLAYER`].
pub const SENSOR: u16 = BOX + 8;
/// Highlight of the overlapping pixels: 2 x 3 tiles rewritten every frame there is a hit.
pub const HIGHLIGHT: u16 = SENSOR + 1;

/// Most sprites per frame (the VDP shows up to 80 in H40).
pub const MAX_SPRITES: usize = 24;

/// The demo's sprite list.
pub type SpriteList = megadrive::sprites::SpriteList<MAX_SPRITES>;

/// VRAM byte address of the tiles of sprite attribute `attr`.
const fn vram(attr: u16) -> u16 {
    (attr & 0x07FF) * vdp::TILE_BYTES
}

/// Loads every sprite's graphics and the sprite palette. Display off or in VBlank.
pub fn load_graphics() {
    let tiles: [(u16, &[u16]); 7] = [
        (PLAYER, &art::PLAYER_TILES),
        (ENEMY, &art::ENEMY_TILES),
        (PLATFORM, &art::PLATFORM_TILES),
        (POTATO, &art::POTATO_TILES),
        (GOAL, &art::GOAL_TILES),
        (BOX, &art::BOX_TILES),
        (SENSOR, &art::SENSOR_TILES),
    ];
    for (attr, words) in tiles.iter() {
        vdp::load_words(vram(*attr), words);
    }
    vdp::load_palette(PALETTE_LINE * 16, &art::SPRITE_PALETTE);
}

/// Uploads the highlight tiles (16 x 24 pixels, 2 x 3 tiles). In VBlank.
pub fn load_highlight(words: &[u16; HIGHLIGHT_WORDS]) {
    vdp::load_words(vram(HIGHLIGHT), words);
}
