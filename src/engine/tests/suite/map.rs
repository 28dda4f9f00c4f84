//! Map construction, row tables and the out-of-map policy.

use megacollide_engine::map::{fill_row_offsets, row_offset_table, Edge, Edges, Map, MapError};
use megacollide_engine::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};

static TILES: [u16; 12] = [0, 0, 0, 0, 0, 3, 2, 9, 2, 2, 2, 2];
static ROWS: [u16; 3] = row_offset_table::<3>(4);
static LEVEL: Map<'static> = Map::new(&TILES, 4, 3, &ROWS);

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn static_map_in_rom() {
    assert_eq!(ROWS, [0, 4, 8]);
    assert_eq!((LEVEL.width(), LEVEL.height(), LEVEL.width_px(), LEVEL.height_px()), (4, 3, 64, 48));
    assert_eq!(LEVEL.tile(1, 1), 3);
    assert_eq!(LEVEL.tile(3, 2), 2);
    assert!(LEVEL.is_solid(16 + 15, 16));
    assert!(!LEVEL.is_solid(16, 16));
    assert_eq!(LEVEL.edges(), Edges::CLASSIC);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn constructor_rejects_bad_data() {
    let rows = row_offset_table::<3>(4);
    assert_eq!(Map::try_new(&TILES, 4, 3, &rows).map(|m| m.width()), Ok(4));
    assert_eq!(Map::try_new(&TILES, 0, 3, &rows).err(), Some(MapError::BadSize));
    assert_eq!(Map::try_new(&TILES[..11], 4, 3, &rows).err(), Some(MapError::TileCount));
    assert_eq!(Map::try_new(&TILES, 4, 3, &rows[..2]).err(), Some(MapError::RowOffsets));
    assert_eq!(Map::try_new(&TILES, 4, 3, &[0, 4, 9]).err(), Some(MapError::RowOffsets));
    // The largest map: 124 KiB of tiles, in ROM on the 68000.
    static BIG: [u16; MAX_MAP_WIDTH_TILES as usize * MAX_MAP_HEIGHT_TILES as usize] =
        [0; MAX_MAP_WIDTH_TILES as usize * MAX_MAP_HEIGHT_TILES as usize];
    let big = &BIG[..];
    let mut r = [0u16; MAX_MAP_HEIGHT_TILES as usize];
    assert_eq!(fill_row_offsets(MAX_MAP_WIDTH_TILES, MAX_MAP_HEIGHT_TILES, &mut r), 248);
    let m = Map::try_new(big, MAX_MAP_WIDTH_TILES, MAX_MAP_HEIGHT_TILES, &r).unwrap();
    assert_eq!(m.width_px(), 4096);
    assert_eq!(m.tile(255, 247), 0);
    assert_eq!(Map::try_new(big, 257, 1, &r[..1]).err(), Some(MapError::BadSize));
    assert_eq!(Map::try_new(big, 1, 249, &[0; 249]).err(), Some(MapError::BadSize));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn edge_policy_every_side_and_corners() {
    let m = LEVEL;
    for y in [-1000i16, -1, 0, 47, 48, 5000, i16::MIN, i16::MAX] {
        assert!(m.is_solid(-1, y), "left wall at y {y}");
        assert!(m.is_solid(64, y), "right wall at y {y}");
        assert!(m.is_solid(i16::MIN, y) && m.is_solid(i16::MAX, y));
    }
    assert!(!m.is_solid(10, -1) && !m.is_solid(10, i16::MIN));
    assert!(!m.is_solid(10, 48) && !m.is_solid(10, i16::MAX));
    let inv = m.with_edges(Edges { left: Edge::Open, right: Edge::Open, top: Edge::Solid, bottom: Edge::Solid });
    assert!(!inv.is_solid(-1, 10) && !inv.is_solid(64, 10));
    assert!(inv.is_solid(10, -1) && inv.is_solid(10, 48));
    assert!(!inv.is_solid(-1, -1)); // corner: column policy wins
}
