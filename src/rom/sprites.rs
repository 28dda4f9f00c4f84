//! The sprite list: built in RAM while the game logic runs, copied to the VDP's sprite
//! attribute table in VBlank. Also loads the sprite graphics and palette.

use crate::vdp;
use megacollide_game::art::{self, HIGHLIGHT_WORDS};

/// Palette line of every sprite.
pub const PALETTE_LINE: u16 = 3;

/// First VDP tile of the sprite graphics (VRAM 0x3000, after the shapes).
const BASE: u16 = 384;
/// VDP tile of each sprite's graphics (column-major tiles, see `art::sprite_tiles`).
pub const PLAYER: u16 = BASE;
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
    for (tile, words) in tiles.iter() {
        vdp::load_words(tile * 32, words);
    }
    vdp::load_palette(PALETTE_LINE * 16, &art::SPRITE_PALETTE);
}

/// Uploads the highlight tiles (16 x 24 pixels, 2 x 3 tiles). In VBlank.
pub fn load_highlight(words: &[u16; HIGHLIGHT_WORDS]) {
    vdp::load_words(HIGHLIGHT * 32, words);
}

/// Sprites for one frame, in screen order (the first is drawn on top).
pub struct SpriteList {
    words: [u16; MAX_SPRITES * 4],
    count: u16,
}

impl SpriteList {
    /// An empty list.
    pub const fn new() -> SpriteList {
        SpriteList { words: [0; MAX_SPRITES * 4], count: 0 }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.count = 0;
    }

    /// Adds a sprite of `w` x `h` tiles (1..=4 each) whose top-left is at screen pixel
    /// (`sx`, `sy`), showing VDP tile `tile` onwards. Sprites entirely off screen, or
    /// beyond [`MAX_SPRITES`], are dropped.
    pub fn push(&mut self, sx: i16, sy: i16, w: u16, h: u16, tile: u16) {
        let (pw, ph) = ((w << 3) as i16, (h << 3) as i16);
        if sx <= -pw || sx >= 320 || sy <= -ph || sy >= 224 || self.count as usize >= MAX_SPRITES {
            return;
        }
        let i = (self.count as usize) << 2;
        self.words[i] = (sy + 128) as u16;
        self.words[i + 1] = (((w - 1) << 2 | (h - 1)) << 8) | (self.count + 1);
        self.words[i + 2] = (PALETTE_LINE << 13) | tile;
        self.words[i + 3] = (sx + 128) as u16;
        self.count += 1;
    }

    /// Copies the list to the VDP's sprite table (the last sprite ends the link chain; an
    /// empty list becomes one sprite hidden above the screen). In VBlank.
    pub fn upload(&mut self) {
        if self.count == 0 {
            self.words[..4].copy_from_slice(&[0, 0, 0, 0]);
            vdp::load_words(vdp::SPRITES, &self.words[..4]);
            return;
        }
        let last = ((self.count - 1) as usize) << 2;
        self.words[last + 1] &= 0xFF00;
        vdp::load_words(vdp::SPRITES, &self.words[..(self.count as usize) << 2]);
    }
}
