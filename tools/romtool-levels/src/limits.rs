//! What the console can hold: ROM bytes, VRAM for height-tile graphics and art, object counts.
//!
//! `romtool levels` exits 0 only when the levels fit, so a level that passes also builds and
//! runs. The numbers come from the ROM (`src/`) and the cartridge (the bytes a level takes
//! are counted by [`crate::rom_usage`], static by static):
//!
//! * **VRAM**: the ROM loads the 20 built-in shapes at VDP tile 256 (VRAM 0x2000,
//!   `SHAPE_TILE` in `src/level-view`) as 80 VDP tiles, and a level's height tiles right
//!   after them (tile 336); the sprite graphics start at tile 384 (VRAM 0x3000, `FIRST_TILE` in
//!   `src/rom/sprites.rs`). That leaves 48 VDP tiles = [`VRAM_HEIGHT_TILES`] height tiles
//!   (4 VDP tiles each) per level. A test reads both constants from `src/` and fails if the
//!   layout changes without this number.
//! * **VRAM for art** (art layers, [`crate::art`]): a level's distinct 8x8 art cells go from VDP
//!   tile 512 (VRAM 0x4000, `FIRST_ART_TILE` of the generated `art.rs`, after the sprite graphics)
//!   to the window name table at VRAM 0xB000 (tile 1408, `ART_END`): [`VRAM_ART_CELLS`] = 896
//!   cells. A test reads both constants from `src/`.
//! * **CRAM for art**: palette lines 0..=2 ([`MAX_ART_PALETTES`] = 3); line 3 belongs to the
//!   sprites and the text (`PALETTE_LINE` in `src/rom/sprites.rs`).
//! * **ROM**: a Mega Drive cartridge maps at most [`CARTRIDGE_BYTES`] (4 MiB). The level data
//!   of all levels together (the generated statics with their surface tables and art, at
//!   their sizes on the 68000, counted once everything is laid out) must leave
//!   [`CODE_RESERVE_BYTES`] for the game's code and other data (today's ROM without levels is
//!   about 60 KiB).
//! * **Objects**: at most [`MAX_ENTITIES`] objects per level and [`MAX_PATH_POINTS`] points per
//!   path (the game scans a level's entity table when a level starts); at most [`MAX_KINDS`]
//!   entity kinds with [`MAX_PROPS`] members each, and [`MAX_ENUM_VALUES`] values per enum,
//!   in the game's Tiled project.

/// Height tiles per level the ROM's VRAM layout has room for (see the module docs).
pub const VRAM_HEIGHT_TILES: usize = 12;
/// First VDP tile of the shape graphics in the ROM (`SHAPE_TILE` in `src/level-view`).
pub const ROM_SHAPE_BASE_TILE: usize = 256;
/// First VDP tile of the sprite graphics in the ROM (`FIRST_TILE` in `src/rom/sprites.rs`).
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
/// Most members of one entity kind (the fields of its properties struct).
pub const MAX_PROPS: usize = 64;
/// Most entity kinds of a game (variants of `EntityKind`).
pub const MAX_KINDS: usize = 256;
/// Most values of one enum of the game's project.
pub const MAX_ENUM_VALUES: usize = 256;

/// Room for level data on the cartridge.
pub const fn level_data_budget() -> u64 {
    CARTRIDGE_BYTES - CODE_RESERVE_BYTES
}
