//! Where the demo's sprite graphics live in VRAM, and their upload. Every frame of every
//! sheet (`megacollide_game::art::sprites`, compiled from `src/game/sprites/`) is loaded once
//! at boot, one sheet after the other from VDP tile [`BASE`]; a frame is drawn by picking its
//! first tile (no upload per frame). Each constant is a sprite attribute word ([`vdp::cell`]:
//! palette line [`PALETTE_LINE`] and the first VDP tile of the sheet's frame 0, the frame's
//! tiles column-major), ready for [`SpriteList::push`](megadrive::sprites::SpriteList::push);
//! [`player`] and [`enemy`] give the attribute of a frame and facing.

use megacollide_game::art::{sprites as sheets, HIGHLIGHT_WORDS};
use megacollide_game::world;
use megadrive::vdp::{self, cell};

/// Palette line of every sprite (and of the text: `art::TEXT_INDEX` is the font's colour).
pub const PALETTE_LINE: u16 = 3;

/// First VDP tile of the sprite graphics (VRAM 0x3000, after the shapes).
pub const BASE: u16 = 384;

/// VDP tiles of a sheet's frames (all of them).
const fn tiles(words: usize) -> u16 {
    (words / 16) as u16
}

/// log2 of the VDP tiles per frame of a sheet, so a frame's first tile is a shift away (no
/// multiply); a compile error unless a power of two.
const fn frame_shift(words_per_frame: u16) -> u16 {
    let t = words_per_frame / 16;
    assert!(t.is_power_of_two(), "sprites: tiles per frame must be a power of two");
    t.trailing_zeros() as u16
}

/// The player's sprite attribute, frame 0 (see the module docs).
pub const PLAYER: u16 = cell(PALETTE_LINE, BASE);
/// See [`PLAYER`].
pub const ENEMY: u16 = PLAYER + tiles(sheets::PLAYER_TILES.len());
/// See [`PLAYER`].
pub const PLATFORM: u16 = ENEMY + tiles(sheets::ENEMY_TILES.len());
/// See [`PLAYER`].
pub const POTATO: u16 = PLATFORM + tiles(sheets::PLATFORM_TILES.len());
/// See [`PLAYER`].
pub const GOAL: u16 = POTATO + tiles(sheets::POTATO_TILES.len());
/// See [`PLAYER`].
pub const BOX: u16 = GOAL + tiles(sheets::GOAL_TILES.len());
/// See [`PLAYER`].
pub const SENSOR: u16 = BOX + tiles(sheets::BOX_TILES.len());
/// Highlight of the overlapping pixels: 2 x 3 tiles rewritten every frame there is a hit.
pub const HIGHLIGHT: u16 = SENSOR + tiles(sheets::SENSOR_TILES.len());
const PLAYER_SHIFT: u16 = frame_shift(sheets::PLAYER.words_per_frame);
const ENEMY_SHIFT: u16 = frame_shift(sheets::ENEMY.words_per_frame);
// The sprite sizes build_sprites pushes (2 x 4 and 2 x 2 tiles).
const _: () = assert!(sheets::PLAYER.width == 16 && sheets::PLAYER.height == 32);
const _: () = assert!(sheets::ENEMY.width == 16 && sheets::ENEMY.height == 16);
const _: () = assert!(sheets::POTATO.width == 24 && sheets::POTATO.height == 24);
const _: () = assert!(sheets::PLATFORM.width == 32 && sheets::PLATFORM.height == 8);
const _: () = assert!(sheets::GOAL.width == 16 && sheets::GOAL.height == 32);
const _: () = assert!(sheets::BOX.width == 16 && sheets::BOX.height == 32);
const _: () = assert!(sheets::SENSOR.width == 8 && sheets::SENSOR.height == 8);

/// The attribute of the player's sheet frame `frame`, mirrored when `facing_left` (the sheet
/// faces right).
pub const fn player(frame: u8, facing_left: bool) -> u16 {
    let a = PLAYER + ((frame as u16) << PLAYER_SHIFT);
    if facing_left {
        a | vdp::HFLIP
    } else {
        a
    }
}

/// The attribute of the enemy sheet's frame `frame`, mirrored when `flipped`.
pub const fn enemy(frame: u8, flipped: bool) -> u16 {
    let a = ENEMY + ((frame as u16) << ENEMY_SHIFT);
    if flipped {
        a | vdp::HFLIP
    } else {
        a
    }
}

/// Most sprites per frame: everything `build_sprites` may push (the overlay's box and five
/// sensors, the highlight, the player, every enemy, potato and platform, the goal's three);
/// the VDP shows up to 80 in H40.
pub const MAX_SPRITES: usize = 6 + 1 + 1 + world::MAX_ENEMIES + world::MAX_POTATOES + world::MAX_PLATFORMS + 3;
const _: () = assert!(MAX_SPRITES <= 80);

/// The demo's sprite list.
pub type SpriteList = megadrive::sprites::SpriteList<MAX_SPRITES>;

/// VRAM byte address of the tiles of sprite attribute `attr`.
const fn vram(attr: u16) -> u16 {
    (attr & 0x07FF) * vdp::TILE_BYTES
}

/// Loads every frame of every sheet and the sprite palette. Display off or in VBlank.
pub fn load_graphics() {
    let tiles: [(u16, &[u16]); 7] = [
        (PLAYER, &sheets::PLAYER_TILES),
        (ENEMY, &sheets::ENEMY_TILES),
        (PLATFORM, &sheets::PLATFORM_TILES),
        (POTATO, &sheets::POTATO_TILES),
        (GOAL, &sheets::GOAL_TILES),
        (BOX, &sheets::BOX_TILES),
        (SENSOR, &sheets::SENSOR_TILES),
    ];
    for (attr, words) in tiles.iter() {
        vdp::load_words(vram(*attr), words);
    }
    vdp::load_palette(PALETTE_LINE * 16, &sheets::SPRITE_PALETTE);
}

/// Uploads the highlight tiles (16 x 24 pixels, 2 x 3 tiles). In VBlank.
pub fn load_highlight(words: &[u16; HIGHLIGHT_WORDS]) {
    vdp::load_words(vram(HIGHLIGHT), words);
}
