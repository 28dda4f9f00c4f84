//! The ROM bytes of the generated level data, estimated from the sizes of the generated
//! statics on the 68000 (pointers and lengths are 4 bytes, 2-byte alignment, rounded up): the
//! check that all levels fit the cartridge ([`super::budget::level_data_budget`]) adds these up.

use super::art::LevelArt;
use super::kinds::FieldValue;
use super::model::{Entity, Level};

const ENTITY_BYTES: u64 = 40;
/// A member of an entity's properties struct (at most a `&str`).
const FIELD_BYTES: u64 = 8;
const POINT_BYTES: u64 = 4;
const LEVEL_BYTES: u64 = 64;
const MAP_BYTES: u64 = 64;
/// A height tile's shape: the engine's own type (its layout holds on the 68000 too: the
/// engine asserts it).
const TILESHAPE_BYTES: u64 = core::mem::size_of::<megacollide_engine::shape::TileShape>() as u64;
const HEIGHT_GFX_BYTES: u64 = 128;
/// Data every build has: `SHAPE_GFX` (20 shapes x 128 bytes) and `SHAPE_PALETTE`.
pub const SHARED_BYTES: u64 = 20 * 128 + 32;

fn entity_bytes(e: &Entity) -> u64 {
    let strings: u64 = e.fields.iter().map(|v| if let FieldValue::Str(s) = v { s.len() as u64 } else { 0 }).sum();
    ENTITY_BYTES + e.name.len() as u64 + POINT_BYTES * e.path.len() as u64 + FIELD_BYTES * e.fields.len() as u64 + strings
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
pub fn art_bytes(a: &LevelArt) -> u64 {
    let planes: u64 = [&a.plane_b, &a.plane_a].iter().filter_map(|p| p.as_ref()).map(|p| 2 * p.words.len() as u64 + 12).sum();
    32 * a.cells.len() as u64 + 32 * a.palettes.len() as u64 + planes + 32
}
