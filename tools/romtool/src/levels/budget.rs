//! What the console can hold: ROM bytes, VRAM for height-tile graphics and art, object counts.
//!
//! `romtool levels` exits 0 only when the levels fit, so a level that passes also builds and
//! runs. The numbers come from the ROM (`src/`) and the cartridge:
//!
//! * **VRAM**: the ROM loads the 20 built-in shapes at VDP tile 256 (VRAM 0x2000,
//!   `SHAPE_TILE` in `src/level-view`) as 80 VDP tiles, and a level's height tiles right
//!   after them (tile 336); the sprite graphics start at tile 384 (VRAM 0x3000, `BASE` in
//!   `src/rom/sprites.rs`). That leaves 48 VDP tiles = [`VRAM_HEIGHT_TILES`] height tiles
//!   (4 VDP tiles each) per level. A test reads both constants from `src/` and fails if the
//!   layout changes without this number.
//! * **VRAM for art** (art layers, [`super::art`]): a level's distinct 8x8 art cells go from VDP
//!   tile 512 (VRAM 0x4000, `FIRST_ART_TILE` of the generated `art.rs`, after the sprite graphics)
//!   to the window name table at VRAM 0xB000 (tile 1408, `ART_END`): [`VRAM_ART_CELLS`] = 896
//!   cells. A test reads both constants from `src/`.
//! * **CRAM for art**: palette lines 0..=2 ([`MAX_ART_PALETTES`] = 3); line 3 belongs to the
//!   sprites and the text (`PALETTE_LINE` in `src/rom/sprites.rs`).
//! * **ROM**: a Mega Drive cartridge maps at most [`CARTRIDGE_BYTES`] (4 MiB). The level data
//!   of all levels together (estimated from the sizes of the generated statics on the 68000)
//!   must leave [`CODE_RESERVE_BYTES`] for the game's code and other data (today's ROM without
//!   levels is about 60 KiB).
//! * **Objects**: at most [`MAX_ENTITIES`] objects per level, [`MAX_PATH_POINTS`] points per
//!   path and [`MAX_PROPS`] custom properties per object (the game scans a level's entity
//!   table when a level starts).

use super::{Entity, Level, PropValue};

/// Height tiles per level the ROM's VRAM layout has room for (see the module docs).
pub const VRAM_HEIGHT_TILES: usize = 12;
/// First VDP tile of the shape graphics in the ROM (`SHAPE_TILE` in `src/level-view`).
pub const ROM_SHAPE_BASE_TILE: usize = 256;
/// First VDP tile of the sprite graphics in the ROM (`BASE` in `src/rom/sprites.rs`).
pub const ROM_SPRITE_BASE_TILE: usize = 384;
/// First VDP tile of a level's art cells in the ROM (`FIRST_ART_TILE` of the generated `art.rs`,
/// VRAM 0x4000): the name-table words of art planes name tiles from here.
pub const ROM_ART_BASE_TILE: usize = 512;
/// First VDP tile after the art cells (`ART_END_TILE` in `src/level-view`): VRAM 0xB000,
/// where the window name table starts (`megadrive::vdp::WINDOW`).
pub const ROM_ART_END_TILE: usize = 1408;
/// Distinct 8x8 art cells per level the ROM's VRAM layout has room for (896).
pub const VRAM_ART_CELLS: usize = ROM_ART_END_TILE - ROM_ART_BASE_TILE;
/// Palette lines a level's art may use: lines 0..=2 (the ROM loads a level's lines from line
/// 0; the VDP's fourth line, 3, is the sprites' and the text's).
pub const MAX_ART_PALETTES: usize = 3;
/// Largest cartridge ROM (bytes).
pub const CARTRIDGE_BYTES: u64 = 4 << 20;
/// ROM bytes kept for the game's code and data other than levels.
pub const CODE_RESERVE_BYTES: u64 = 256 << 10;
/// Most objects (entities plus the spawn point) in one level.
pub const MAX_ENTITIES: usize = 1024;
/// Most points in one object's path.
pub const MAX_PATH_POINTS: usize = 256;
/// Most custom properties of one object.
pub const MAX_PROPS: usize = 64;

// Sizes of the generated statics on the 68000 (pointers and lengths are 4 bytes, 2-byte
// alignment), rounded up.
const ENTITY_BYTES: u64 = 40;
const PROP_BYTES: u64 = 20;
const POINT_BYTES: u64 = 4;
const LEVEL_BYTES: u64 = 64;
const MAP_BYTES: u64 = 64;
const TILESHAPE_BYTES: u64 = 64;
const HEIGHT_GFX_BYTES: u64 = 128;
/// Data every build has: `SHAPE_GFX` (20 shapes x 128 bytes) and `SHAPE_PALETTE`.
pub const SHARED_BYTES: u64 = 20 * 128 + 32;

fn entity_bytes(e: &Entity) -> u64 {
    let strings: u64 = e.props.iter().map(|(n, v)| n.len() as u64 + if let PropValue::Str(s) = v { s.len() as u64 } else { 0 }).sum();
    ENTITY_BYTES + e.name.len() as u64 + POINT_BYTES * e.path.len() as u64 + PROP_BYTES * e.props.len() as u64 + strings
}

/// Estimated ROM bytes of one level's generated data.
pub fn level_bytes(l: &Level) -> u64 {
    let tiles = 2 * l.width as u64 * l.height as u64 + 2 * l.height as u64;
    let heights = (TILESHAPE_BYTES + HEIGHT_GFX_BYTES) * l.height_tiles.len() as u64;
    let ents: u64 = l.entities.iter().map(entity_bytes).sum();
    tiles + heights + ents + LEVEL_BYTES + MAP_BYTES + l.name.len() as u64 + 4 + l.art.as_ref().map_or(0, art_bytes)
}

/// ROM bytes of a level's art: 32 per cell, 32 per palette line, 2 per plane cell, and the
/// `LevelArt` / `ArtPlane` records.
pub fn art_bytes(a: &super::art::LevelArt) -> u64 {
    let planes: u64 = [&a.plane_b, &a.plane_a].iter().filter_map(|p| p.as_ref()).map(|p| 2 * p.words.len() as u64 + 12).sum();
    32 * a.cells.len() as u64 + 32 * a.palettes.len() as u64 + planes + 32
}

/// Room for level data on the cartridge.
pub const fn level_data_budget() -> u64 {
    CARTRIDGE_BYTES - CODE_RESERVE_BYTES
}
