//! The tile map: ROM data, out-of-map policy and pixel queries.
//!
//! A map is a flat, row-major `u16` array of tile ids (`width * height`
//! entries, 16Tile export order) plus a table of row start offsets
//! (`row_offsets[ty] = ty * width`), so the lookup `tiles[row_offsets[ty] +
//! tx]` needs no multiply. All slices are borrowed, so everything can live in
//! ROM as `static`s:
//!
//! ```
//! use megacollide_engine::map::{row_offset_table, Map};
//! static TILES: [u16; 6] = [0, 0, 0, 2, 2, 2];
//! static ROWS: [u16; 2] = row_offset_table::<2>(3);
//! static LEVEL: Map<'static> = Map::new(&TILES, 3, 2, &ROWS);
//! assert!(LEVEL.is_solid(5, 20));
//! ```
//!
//! Every query accepts any `i16` coordinate and never indexes outside the
//! slices: coordinates outside the map follow the [`Edges`] policy.

use crate::bits;
use crate::shape::{self, TileShape};
use crate::surface::Surfaces;
use crate::units::{px_in_tile, px_in_tile_index, px_of_tiles, tile_of_px, tile_start_px};
use crate::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};

/// What lies beyond one edge of the map.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::map::{Edge, Edges};
/// // A map closed on every side: nothing falls out, nothing leaves over the top.
/// let closed = map.with_edges(Edges { left: Edge::Solid, right: Edge::Solid, top: Edge::Solid, bottom: Edge::Solid });
/// assert!(closed.is_solid(10, -1) && !map.is_solid(10, -1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Everything beyond this edge is solid (a wall).
    Solid,
    /// Everything beyond this edge is empty.
    Open,
}

impl Edge {
    const fn tile(self) -> u16 {
        match self {
            Edge::Solid => shape::SOLID,
            Edge::Open => shape::BLANK,
        }
    }
}

/// Out-of-map policy, one [`Edge`] per side.
///
/// A pixel outside the map is classified by its column first: left of the
/// map -> `left`, right of the map -> `right` (so side walls extend forever
/// up and down); otherwise above -> `top`, below -> `bottom`.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::map::{Edge, Edges};
/// let wrap_free = map.with_edges(Edges { left: Edge::Open, ..Edges::CLASSIC });
/// assert!(map.is_solid(-1, 0) && !wrap_free.is_solid(-1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edges {
    /// Policy for tile columns `tx < 0`.
    pub left: Edge,
    /// Policy for tile columns `tx >= width`.
    pub right: Edge,
    /// Policy for tile rows `ty < 0` (inside the column range).
    pub top: Edge,
    /// Policy for tile rows `ty >= height` (inside the column range).
    pub bottom: Edge,
}

impl Edges {
    /// Classic default: solid walls left and right, open sky above, open
    /// bottom (a body completely below the map has *fallen out*).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::map::Edges;
    /// assert_eq!(map.edges(), Edges::CLASSIC); // the default
    /// assert!(map.is_solid(64, 0) && !map.is_solid(0, 100)); // a wall right, a pit below
    /// ```
    pub const CLASSIC: Edges = Edges { left: Edge::Solid, right: Edge::Solid, top: Edge::Open, bottom: Edge::Open };
}

/// Why map data was rejected by [`Map::try_new`].
///
/// ```
/// use megacollide_engine::map::{row_offset_table, Map};
/// use megacollide_engine::map::MapError;
/// static TILES: [u16; 4] = [0; 4];
/// static ROWS: [u16; 2] = row_offset_table::<2>(3);
/// assert_eq!(Map::try_new(&TILES, 3, 2, &ROWS).err(), Some(MapError::TileCount)); // 4 of 6
/// assert_eq!(Map::try_new(&TILES, 0, 2, &ROWS).err(), Some(MapError::BadSize));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapError {
    /// Width or height is 0 or above [`MAX_MAP_WIDTH_TILES`] /
    /// [`MAX_MAP_HEIGHT_TILES`].
    BadSize,
    /// `tiles.len() != width * height`.
    TileCount,
    /// `row_offsets.len() != height` or `row_offsets[ty] != ty * width`.
    RowOffsets,
}

/// A tile map (tile-space size, borrowed ROM data), with the surfaces compiled for it and
/// the tile columns changed since (see [`crate::surface`]). Cheap to copy.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// assert!(map.is_solid(5, 40) && !map.is_solid(5, 20));
/// assert_eq!((map.width_px(), map.height_px()), (64, 48));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Map<'a> {
    tiles: &'a [u16],
    row_offsets: &'a [u16],
    custom: &'a [TileShape],
    surfaces: &'a Surfaces<'a>,
    changes: &'a TileChanges,
    width: u16,
    height: u16,
    // Tile id used beyond each edge: left, right, top, bottom.
    edge_left: u16,
    edge_right: u16,
    edge_top: u16,
    edge_bottom: u16,
}

/// Builds the row offset table `[0, width, 2 * width, ...]` (`H` rows) at
/// compile time, for `static ROWS: [u16; H] = row_offset_table::<H>(W);`.
/// Uses additions only.
///
/// ```
/// use megacollide_engine::map::row_offset_table;
/// static ROWS: [u16; 4] = row_offset_table::<4>(10);
/// assert_eq!(ROWS, [0, 10, 20, 30]);
/// ```
pub const fn row_offset_table<const H: usize>(width: u16) -> [u16; H] {
    let mut out = [0u16; H];
    let mut i = 1;
    while i < H {
        out[i] = out[i - 1].wrapping_add(width);
        i += 1;
    }
    out
}

/// Fills `out[..height]` with the row offsets of a `width`-tile map (host or
/// run-time helper for maps built in RAM). Returns the number written
/// (`min(height, out.len())`).
///
/// ```
/// use megacollide_engine::map::fill_row_offsets;
/// let mut rows = [0u16; 8];
/// assert_eq!(fill_row_offsets(5, 3, &mut rows), 3);
/// assert_eq!(rows[..3], [0, 5, 10]);
/// ```
pub fn fill_row_offsets(width: u16, height: u16, out: &mut [u16]) -> usize {
    let mut off = 0u16;
    let mut n = 0;
    for slot in out.iter_mut().take(height as usize) {
        *slot = off;
        off = off.wrapping_add(width);
        n += 1;
    }
    n
}

impl Map<'_> {
    /// Bytes of a `Map` on the 68000 (a `static` of the type in ROM): three slices (8 bytes
    /// each), two references (4 bytes each) and six `u16`s, no padding (everything is 2-byte
    /// aligned there). The level compiler's ROM budget counts a level's map with it; the 68000
    /// build checks it against `size_of` (host pointers are wider).
    ///
    /// ```
    /// assert_eq!(megacollide_engine::map::Map::ROM_BYTES, 44);
    /// ```
    pub const ROM_BYTES: usize = 3 * 8 + 2 * 4 + 6 * 2;
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<Map>() == Map::ROM_BYTES);

impl<'a> Map<'a> {
    /// Checks and wraps map data (usable in `static` initialisers).
    ///
    /// * `tiles`: row-major tile ids, `width * height` entries;
    /// * `width`, `height`: size in tiles, `1 ..= MAX_MAP_*_TILES`;
    /// * `row_offsets`: exactly `height` entries, `row_offsets[ty] = ty * width`.
    ///
    /// Edges default to [`Edges::CLASSIC`] and there are no height tiles.
    ///
    /// ```
    /// use megacollide_engine::map::{row_offset_table, Map};
    /// use megacollide_engine::map::MapError;
    /// static TILES: [u16; 4] = [0, 0, 2, 2];
    /// static GOOD: [u16; 2] = [0, 2];
    /// static BAD: [u16; 2] = [0, 3];
    /// assert!(Map::try_new(&TILES, 2, 2, &GOOD).is_ok());
    /// assert_eq!(Map::try_new(&TILES, 2, 2, &BAD).err(), Some(MapError::RowOffsets));
    /// ```
    pub const fn try_new(tiles: &'a [u16], width: u16, height: u16, row_offsets: &'a [u16]) -> Result<Map<'a>, MapError> {
        if width == 0 || height == 0 || width > MAX_MAP_WIDTH_TILES || height > MAX_MAP_HEIGHT_TILES {
            return Err(MapError::BadSize);
        }
        // Consecutive offsets must differ by `width` (checked with additions
        // only, so no multiply is generated), and the last row must end
        // exactly at the end of `tiles`.
        if row_offsets.len() != height as usize || row_offsets[0] != 0 {
            return Err(MapError::RowOffsets);
        }
        let mut i = 1;
        while i < height as usize {
            if row_offsets[i] as u32 != row_offsets[i - 1] as u32 + width as u32 {
                return Err(MapError::RowOffsets);
            }
            i += 1;
        }
        if tiles.len() != row_offsets[height as usize - 1] as usize + width as usize {
            return Err(MapError::TileCount);
        }
        Ok(Map {
            tiles,
            row_offsets,
            custom: &[],
            surfaces: &Surfaces::NONE,
            changes: &TileChanges::NONE,
            width,
            height,
            edge_left: Edge::Solid.tile(),
            edge_right: Edge::Solid.tile(),
            edge_top: Edge::Open.tile(),
            edge_bottom: Edge::Open.tile(),
        })
    }

    /// Like [`Map::try_new`] but panics on bad data (a compile error when
    /// used in a `static`).
    ///
    /// ```
    /// use megacollide_engine::map::{row_offset_table, Map};
    /// static TILES: [u16; 4] = [0, 0, 2, 2];
    /// static ROWS: [u16; 2] = row_offset_table::<2>(2);
    /// static LEVEL: Map<'static> = Map::new(&TILES, 2, 2, &ROWS); // checked at compile time
    /// assert_eq!(LEVEL.width(), 2);
    /// ```
    pub const fn new(tiles: &'a [u16], width: u16, height: u16, row_offsets: &'a [u16]) -> Map<'a> {
        match Map::try_new(tiles, width, height, row_offsets) {
            Ok(m) => m,
            Err(_) => panic!("invalid map data"),
        }
    }

    /// Returns the map with another out-of-map policy.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::map::{Edge, Edges};
    /// let floored = map.with_edges(Edges { bottom: Edge::Solid, ..Edges::CLASSIC });
    /// assert!(floored.is_solid(8, 200), "no pit below the map");
    /// ```
    pub const fn with_edges(mut self, edges: Edges) -> Map<'a> {
        self.edge_left = edges.left.tile();
        self.edge_right = edges.right.tile();
        self.edge_top = edges.top.tile();
        self.edge_bottom = edges.bottom.tile();
        self
    }

    /// Returns the map with a table of height tiles: tile id `32 + i` uses
    /// `custom[i]`; ids beyond the table are blank.
    ///
    /// ```
    /// use megacollide_engine::map::{row_offset_table, Map};
    /// use megacollide_engine::shape::TileShape;
    /// // Tile id 32: a 45-degree ramp, heights 1 to 16 pixels from left to right.
    /// static RAMP: [TileShape; 1] = [TileShape::from_heights([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])];
    /// static TILES: [u16; 1] = [32];
    /// static ROWS: [u16; 1] = [0];
    /// let map = Map::new(&TILES, 1, 1, &ROWS).with_height_tiles(&RAMP);
    /// assert!(map.is_solid(15, 0) && !map.is_solid(0, 14) && map.is_solid(0, 15));
    /// ```
    pub const fn with_height_tiles(mut self, custom: &'a [TileShape]) -> Map<'a> {
        self.custom = custom;
        self
    }

    /// Returns the map with the surfaces compiled for it (by `romtool levels`; see
    /// [`crate::surface`]): the moves of bodies of the sizes they were compiled for read
    /// them instead of asking the map. [`Surfaces::NONE`] takes them off again. Panics (a
    /// compile error in a `static`) when they were compiled for a map of another size.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::surface::Surfaces;
    /// // romtool compiles each level's surfaces into its levels.rs; NONE takes them off.
    /// let plain = map.with_surfaces(&Surfaces::NONE);
    /// assert!(plain.is_solid(5, 40));
    /// ```
    pub const fn with_surfaces(mut self, surfaces: &'a Surfaces<'a>) -> Map<'a> {
        let none = surfaces.width() == 0 && surfaces.height() == 0;
        if !none && (surfaces.width() != self.width || surfaces.height() != self.height) {
            panic!("surfaces compiled for a map of another size");
        }
        self.surfaces = surfaces;
        self
    }

    /// Returns the map with the record of the tiles a game changed at run time: the
    /// compiled surfaces are not used where a changed tile column could make a difference.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::map::TileChanges;
    /// let mut changes = TileChanges::NONE;
    /// changes.mark(2);
    /// assert_eq!(map.with_changes(&changes).changes().count(), 1);
    /// ```
    pub const fn with_changes(mut self, changes: &'a TileChanges) -> Map<'a> {
        self.changes = changes;
        self
    }

    /// Returns the map reading its tile ids from `tiles` (the same length: a copy of the
    /// map in RAM that the game changes; mark every change in the [`TileChanges`] given to
    /// [`Map::with_changes`]). Panics when the length differs.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// let mut copy = TILES; // the game's copy in RAM
    /// copy[map.tile_index(0, 2).unwrap()] = 0; // dig a hole in the floor
    /// assert!(!map.with_tiles(&copy).is_solid(5, 40) && map.is_solid(5, 40));
    /// ```
    pub const fn with_tiles(mut self, tiles: &'a [u16]) -> Map<'a> {
        if tiles.len() != self.tiles.len() {
            panic!("a map's tiles replaced by a slice of another length");
        }
        self.tiles = tiles;
        self
    }

    /// The compiled surfaces ([`Surfaces::NONE`] when none are attached).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.surfaces().width(), 0); // none attached: Surfaces::NONE
    /// ```
    #[inline(always)]
    pub const fn surfaces(&self) -> &'a Surfaces<'a> {
        self.surfaces
    }

    /// The record of changed tiles ([`TileChanges::NONE`] when none is attached).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.changes().count(), 0); // none attached: TileChanges::NONE
    /// ```
    #[inline(always)]
    pub const fn changes(&self) -> &'a TileChanges {
        self.changes
    }

    /// The index of in-map tile `(tx, ty)` (tile-space) in the row-major tile array, or
    /// `None` outside the map: where a game writes a changed tile id in its copy of the
    /// tiles (see [`Map::with_tiles`]).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.tile_index(1, 2), Some(9));
    /// assert_eq!(map.tile_index(4, 0), None, "outside the map");
    /// ```
    pub fn tile_index(&self, tx: i16, ty: i16) -> Option<usize> {
        if tx as u16 >= self.width || ty as u16 >= self.height {
            return None;
        }
        Some(self.index_of(tx, ty))
    }

    /// The out-of-map policy.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.edges().left, megacollide_engine::map::Edge::Solid);
    /// ```
    pub const fn edges(&self) -> Edges {
        const fn e(id: u16) -> Edge {
            if id == shape::SOLID {
                Edge::Solid
            } else {
                Edge::Open
            }
        }
        Edges { left: e(self.edge_left), right: e(self.edge_right), top: e(self.edge_top), bottom: e(self.edge_bottom) }
    }

    /// Width in tiles.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.width(), 4);
    /// ```
    #[inline]
    pub const fn width(&self) -> u16 {
        self.width
    }

    /// Height in tiles.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.height(), 3);
    /// ```
    #[inline]
    pub const fn height(&self) -> u16 {
        self.height
    }

    /// Width in pixels (`width * 16`).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.width_px(), 4 * 16);
    /// ```
    #[inline]
    pub const fn width_px(&self) -> i16 {
        px_of_tiles(self.width)
    }

    /// Height in pixels (`height * 16`).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.height_px(), 48);
    /// ```
    #[inline]
    pub const fn height_px(&self) -> i16 {
        px_of_tiles(self.height)
    }

    /// The tile id at tile-space `(tx, ty)`, applying the edge policy
    /// outside the map (edge tiles are [`shape::SOLID`] or [`shape::BLANK`]).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::shape::{BLANK, SOLID};
    /// assert_eq!((map.tile(0, 2), map.tile(0, 0)), (SOLID, BLANK));
    /// assert_eq!(map.tile(-1, 0), SOLID, "the solid left edge");
    /// ```
    #[inline]
    pub fn tile(&self, tx: i16, ty: i16) -> u16 {
        // Negative tx wraps to a huge unsigned value: one compare covers both sides.
        if tx as u16 >= self.width {
            return if tx < 0 { self.edge_left } else { self.edge_right };
        }
        match self.row_offsets.get(ty as u16 as usize) {
            Some(&off) => match self.tiles.get(off as usize + tx as u16 as usize) {
                Some(&id) => id,
                None => shape::BLANK,
            },
            None => {
                if ty < 0 {
                    self.edge_top
                } else {
                    self.edge_bottom
                }
            }
        }
    }

    /// Are the tiles of tile columns `tx0 ..= tx1` and rows `ty0 ..= ty1` (tile-space, `tx0 <=
    /// tx1`, `ty0 <= ty1`) all inside the map and all blank (id [`shape::BLANK`]: no solid
    /// pixel, no one-way top)? Rows from the bottom up (ground is most often what ends it), one
    /// tile read each.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(map.tiles_blank(0, 3, 0, 1), "the two rows of air");
    /// assert!(!map.tiles_blank(0, 0, 1, 2), "the floor below");
    /// ```
    pub fn tiles_blank(&self, tx0: i16, tx1: i16, ty0: i16, ty1: i16) -> bool {
        if tx0 < 0 || ty0 < 0 || tx1 as u16 >= self.width || ty1 as u16 >= self.height {
            return false;
        }
        let n = (tx1 - tx0) as usize + 1;
        let mut ty = ty1;
        loop {
            let Some(&off) = self.row_offsets.get(ty as usize) else { return false };
            let Some(row) = self.tiles.get(off as usize + tx0 as usize..) else { return false };
            let Some(mut row) = row.get(..n) else { return false };
            while let [id, rest @ ..] = row {
                if *id != shape::BLANK {
                    return false;
                }
                row = rest;
            }
            if ty == ty0 {
                return true;
            }
            ty -= 1;
        }
    }

    /// The shape of tile id `id` (built-in, height tile or blank).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::shape::SOLID;
    /// assert!(map.shape(SOLID).solid(0, 0) && !map.shape(0).solid(0, 0));
    /// ```
    #[inline]
    pub fn shape(&self, id: u16) -> &'a TileShape {
        if (id as usize) < shape::BUILTIN_COUNT {
            &shape::BUILTIN[id as usize]
        } else {
            match self.custom.get(id.wrapping_sub(shape::FIRST_HEIGHT_TILE) as usize) {
                Some(s) if id >= shape::FIRST_HEIGHT_TILE => s,
                _ => &TileShape::EMPTY,
            }
        }
    }

    /// Point query: is pixel-space `(x, y)` solid? (One-way platforms are
    /// not solid here; see [`Map::is_floor`].)
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(map.is_solid(0, 32) && !map.is_solid(0, 31));
    /// assert!(!map.is_solid(20, 0), "a one-way platform is no wall");
    /// ```
    #[inline(always)]
    pub fn is_solid(&self, x: i16, y: i16) -> bool {
        self.solid_bit(x, y) != 0
    }

    /// [`Map::is_solid`] as a number: 1 when pixel-space `(x, y)` is solid, else 0 (both
    /// paths give a word, so no `bool` from the cold call is normalised where they join).
    #[inline(always)]
    fn solid_bit(&self, x: i16, y: i16) -> u16 {
        // Inside the map: the row and column tests (the row offsets table has `height`
        // entries, so its bounds test is the row test), the row offset, the tile id (its
        // bounds test never fails on a checked map) and one pixel row (built-in ids: one word
        // of a table, no bounds test). Points outside the map take the cold path, which
        // returns the answer itself (nothing lives across the call).
        let tx = tile_of_px(x) as u16;
        if let Some(&off) = self.row_offsets.get(tile_of_px(y) as u16 as usize) {
            if tx < self.width {
                let id = self.id_at(off.wrapping_add(tx) as usize);
                let row = if id < shape::FIRST_HEIGHT_TILE {
                    shape::builtin_row(id, y as u16)
                } else {
                    self.shape(id).rows[px_in_tile_index(y as u16)]
                };
                return row >> px_in_tile_index(x as u16) & 1;
            }
        }
        self.solid_bit_outside(x, y)
    }

    /// [`Map::solid_bit`] outside the map: 1 when the edge policy's tile there is
    /// [`shape::SOLID`], 0 when it is [`shape::BLANK`].
    #[cold]
    #[inline(never)]
    fn solid_bit_outside(&self, x: i16, y: i16) -> u16 {
        (self.tile(tile_of_px(x), tile_of_px(y)) == shape::SOLID) as u16
    }

    /// Is pixel-space `(x, y)` something a body moving down lands on: a solid
    /// pixel or the top row of a one-way platform?
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(map.is_floor(20, 0), "the one-way platform's top row");
    /// assert!(!map.is_floor(20, 1) && map.is_floor(0, 32));
    /// ```
    #[inline]
    pub fn is_floor(&self, x: i16, y: i16) -> bool {
        let id = self.tile(tile_of_px(x), tile_of_px(y));
        if id == shape::ONE_WAY {
            return px_in_tile(y) == 0;
        }
        (self.shape(id).rows[px_in_tile(y) as usize] >> px_in_tile(x)) & 1 != 0
    }

    /// The tile id at flat index `i` of the tile array (blank past its end,
    /// which a checked map never reaches).
    #[inline(always)]
    fn id_at(&self, i: usize) -> u16 {
        match self.tiles.get(i) {
            Some(&id) => id,
            None => shape::BLANK,
        }
    }

    /// The flat index of in-map tile `(tx, ty)` (`tx` and `ty` already checked
    /// against the width and height).
    #[inline(always)]
    fn index_of(&self, tx: i16, ty: i16) -> usize {
        match self.row_offsets.get(ty as u16 as usize) {
            Some(&off) => off as usize + tx as u16 as usize,
            None => usize::MAX,
        }
    }

    /// Which pixel columns of tile column `tx` hold a solid pixel in the
    /// pixel-space rows `y0 ..= y1` (`y0 <= y1`): bit `px` = pixel column
    /// `16 * tx + px`. One table read per tile, whatever the height. Inside
    /// the map and over at most three tiles (a body up to 33 pixels tall) it
    /// runs straight through; anything else takes [`Map::cols_hit_any`].
    #[inline(always)]
    fn cols_hit(&self, tx: i16, y0: i16, y1: i16) -> u16 {
        let ty0 = tile_of_px(y0);
        let rows = tile_of_px(y1).wrapping_sub(ty0) as u16;
        if (tx as u16) < self.width && (ty0 as u16) < self.height && (tile_of_px(y1) as u16) < self.height && rows <= 2 {
            let (a, b) = (px_in_tile(y0) as u16, px_in_tile(y1) as u16);
            let stride = self.width as usize;
            let i = self.index_of(tx, ty0);
            let id = self.id_at(i);
            if rows == 0 {
                return if id == shape::BLANK { 0 } else { self.shape(id).cols_hit(a, b) };
            }
            let mut m = if id == shape::BLANK { 0 } else { self.shape(id).cols_hit_from(a) };
            let mut i = i.wrapping_add(stride);
            if rows == 2 {
                let id = self.id_at(i);
                if id != shape::BLANK {
                    m |= self.shape(id).cols_hit_from(0);
                }
                i = i.wrapping_add(stride);
            }
            let id = self.id_at(i);
            if id != shape::BLANK {
                m |= self.shape(id).cols_hit_upto(b);
            }
            return m;
        }
        self.cols_hit_any(tx, y0, y1)
    }

    /// Whether the pixel-space rectangle of columns `x0 ..= x1` and rows `y0 ..= y1` (`x0 <=
    /// x1`, `y0 <= y1`, inside the map) holds no solid pixel and no one-way platform's top
    /// row: one tile read and at most one table read per tile it covers. For the bouncing
    /// bodies' flights ([`crate::bounce`]).
    pub(crate) fn clear(&self, x0: i16, x1: i16, y0: i16, y1: i16) -> bool {
        let (tx0, tx1, ty0, ty1) = (tile_of_px(x0), tile_of_px(x1), tile_of_px(y0), tile_of_px(y1));
        let stride = self.width as usize;
        let mut tx = tx0;
        loop {
            let lo = if tx == tx0 { px_in_tile(x0) } else { 0 };
            let hi = if tx == tx1 { px_in_tile(x1) } else { 15 };
            let cols = (0xFFFFu16 >> (15 - hi)) & (0xFFFFu16 << lo);
            let mut i = self.index_of(tx, ty0);
            let mut ty = ty0;
            loop {
                let id = self.id_at(i);
                if id != shape::BLANK {
                    let a = if ty == ty0 { px_in_tile(y0) } else { 0 };
                    if id == shape::ONE_WAY {
                        if a == 0 {
                            return false;
                        }
                    } else {
                        let b = if ty == ty1 { px_in_tile(y1) } else { 15 };
                        if self.shape(id).cols_hit(a as u16, b as u16) & cols != 0 {
                            return false;
                        }
                    }
                }
                if ty == ty1 {
                    break;
                }
                ty += 1;
                i = i.wrapping_add(stride);
            }
            if tx == tx1 {
                return true;
            }
            tx += 1;
        }
    }

    /// [`Map::cols_hit`] for any rows and columns (edges, tall spans).
    #[inline(never)]
    fn cols_hit_any(&self, tx: i16, y0: i16, y1: i16) -> u16 {
        if tx as u16 >= self.width {
            let e = if tx < 0 { self.edge_left } else { self.edge_right };
            return if e == shape::SOLID { 0xFFFF } else { 0 };
        }
        let mut ty = tile_of_px(y0);
        let ty1 = tile_of_px(y1);
        let (a, b) = (px_in_tile(y0) as u16, px_in_tile(y1) as u16);
        let mut m = 0;
        loop {
            let id = self.tile(tx, ty);
            if id != shape::BLANK {
                let s = self.shape(id);
                m |= match (ty == tile_of_px(y0), ty == ty1) {
                    (true, true) => s.cols_hit(a, b),
                    (true, false) => s.cols_hit_from(a),
                    (false, true) => s.cols_hit_upto(b),
                    (false, false) => s.cols_hit_from(0),
                };
            }
            if ty == ty1 {
                return m;
            }
            ty += 1;
        }
    }

    /// The mask tile `id` adds to a row query: `m` (its solid rows), or with
    /// `floor` for a one-way platform its top row.
    #[inline(always)]
    fn floor_rows(id: u16, m: u16, floor: bool) -> u16 {
        if floor && id == shape::ONE_WAY {
            1
        } else {
            m
        }
    }

    /// Which pixel rows of tile row `ty` hold a solid pixel (with `floor`:
    /// or a one-way platform's top row) in the pixel-space columns `x0 ..= x1`
    /// (`x0 <= x1`): bit `py` = pixel row `16 * ty + py`. One table read per
    /// tile, whatever the width. Inside the map and over at most three tiles
    /// (a body up to 33 pixels wide) it runs straight through; anything else
    /// takes [`Map::rows_hit_any`].
    #[inline(always)]
    fn rows_hit(&self, ty: i16, x0: i16, x1: i16, floor: bool) -> u16 {
        let tx0 = tile_of_px(x0);
        let cols = tile_of_px(x1).wrapping_sub(tx0) as u16;
        if (ty as u16) < self.height && (tx0 as u16) < self.width && (tile_of_px(x1) as u16) < self.width && cols <= 2 {
            let (a, b) = (px_in_tile(x0) as u16, px_in_tile(x1) as u16);
            let i = self.index_of(tx0, ty);
            let id = self.id_at(i);
            if cols == 0 {
                return if id == shape::BLANK { 0 } else { Self::floor_rows(id, self.shape(id).rows_hit(a, b), floor) };
            }
            let mut m = if id == shape::BLANK { 0 } else { Self::floor_rows(id, self.shape(id).rows_hit_from(a), floor) };
            let mut i = i.wrapping_add(1);
            if cols == 2 {
                let id = self.id_at(i);
                if id != shape::BLANK {
                    m |= Self::floor_rows(id, self.shape(id).rows_hit_from(0), floor);
                }
                i = i.wrapping_add(1);
            }
            let id = self.id_at(i);
            if id != shape::BLANK {
                m |= Self::floor_rows(id, self.shape(id).rows_hit_upto(b), floor);
            }
            return m;
        }
        self.rows_hit_any(ty, x0, x1, floor)
    }

    /// [`Map::rows_hit`] for any rows and columns (edges, wide spans).
    #[inline(never)]
    fn rows_hit_any(&self, ty: i16, x0: i16, x1: i16, floor: bool) -> u16 {
        let mut tx = tile_of_px(x0);
        let tx1 = tile_of_px(x1);
        let (a, b) = (px_in_tile(x0) as u16, px_in_tile(x1) as u16);
        let mut m = 0;
        loop {
            let id = self.tile(tx, ty);
            if id != shape::BLANK {
                let s = self.shape(id);
                let r = match (tx == tile_of_px(x0), tx == tx1) {
                    (true, true) => s.rows_hit(a, b),
                    (true, false) => s.rows_hit_from(a),
                    (false, true) => s.rows_hit_upto(b),
                    (false, false) => s.rows_hit_from(0),
                };
                m |= Self::floor_rows(id, r, floor);
            }
            if tx == tx1 {
                return m;
            }
            tx += 1;
        }
    }

    /// Span query: is any pixel of column `x`, rows `y0 ..= y1` (pixel-space)
    /// solid? Returns false when `y0 > y1`. One table read per tile crossed.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(map.column_solid(3, 0, 40) && !map.column_solid(3, 0, 31));
    /// ```
    #[inline(always)]
    pub fn column_solid(&self, x: i16, y0: i16, y1: i16) -> bool {
        y0 <= y1 && (self.cols_hit(tile_of_px(x), y0, y1) >> px_in_tile(x) as u16) & 1 != 0
    }

    /// Span query: is any pixel of row `y`, columns `x0 ..= x1` (pixel-space)
    /// solid (`one_way` false) or floor (`one_way` true: one-way platform top
    /// rows count too)? Returns false when `x0 > x1`.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(!map.row_solid(0, 16, 31, false) && map.row_solid(0, 16, 31, true));
    /// ```
    #[inline(always)]
    pub fn row_solid(&self, y: i16, x0: i16, x1: i16, one_way: bool) -> bool {
        x0 <= x1 && (self.rows_hit(tile_of_px(y), x0, x1, one_way) >> px_in_tile(y) as u16) & 1 != 0
    }

    /// Is any pixel of row `y`, columns `x0 ..= x1` (pixel-space, `x0 <= x1`)
    /// a floor pixel (solid, or a one-way platform's top row)? The ground test
    /// of movement: [`Map::row_solid`] with `one_way`, out of line.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(map.floor_in_row(0, 10, 20) && !map.floor_in_row(0, 0, 15));
    /// ```
    #[inline(never)]
    pub fn floor_in_row(&self, y: i16, x0: i16, x1: i16) -> bool {
        self.row_solid(y, x0, x1, true)
    }

    /// The topmost solid pixel row of column `x` within rows `y0 ..= y1`
    /// (pixel-space, `y0 <= y1`), or `y1 + 1` when there is none. One lookup
    /// per tile down to the first tile that holds one.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert_eq!(map.column_top(5, 0, 47), 32);
    /// assert_eq!(map.column_top(5, 0, 20), 21, "none in rows 0..=20");
    /// ```
    #[inline(never)]
    pub fn column_top(&self, x: i16, y0: i16, y1: i16) -> i16 {
        let tx = tile_of_px(x);
        let px = px_in_tile(x) as usize;
        let mut ty = tile_of_px(y0);
        let ty1 = tile_of_px(y1);
        let mut vmask = FROM_BIT[px_in_tile(y0) as usize];
        loop {
            if ty == ty1 {
                vmask &= UPTO_BIT[px_in_tile(y1) as usize];
            }
            let id = self.tile(tx, ty);
            if id != shape::BLANK {
                let c = self.shape(id).cols[px] & vmask;
                if c != 0 {
                    return tile_start_px(ty) + bits::lowest(c);
                }
            }
            if ty >= ty1 {
                return y1.wrapping_add(1);
            }
            ty += 1;
            vmask = 0xFFFF;
        }
    }

    /// Column sweep: tests the pixel columns `x, x + dir, x + 2 dir, ...`
    /// (`n >= 0` of them, `dir` = +1 or -1), rows `y0 ..= y1` (`y0 <= y1`),
    /// and returns how many columns are free before the first one holding a
    /// solid pixel (`n` when all are free). Tile by tile: per tile column
    /// crossed, one table read per tile and one bit scan.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// // From x 40 rightwards, rows 16..=31: the wall at tile (3, 1) starts at x 48.
    /// assert_eq!(map.sweep_cols(40, 1, 20, 16, 31), 8);
    /// assert_eq!(map.sweep_cols(40, -1, 20, 16, 31), 20, "nothing to the left");
    /// ```
    #[inline(always)]
    pub fn sweep_cols(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> i16 {
        if dir > 0 {
            self.sweep_cols_to::<true>(x, n, y0, y1)
        } else {
            self.sweep_cols_to::<false>(x, n, y0, y1)
        }
    }

    /// [`Map::sweep_cols`] to the right (`RIGHT`) or to the left. One tile
    /// column per call (no loop: nothing is set up that a short sweep does not
    /// use); a longer sweep goes on in the next call.
    #[inline(never)]
    pub(crate) fn sweep_cols_to<const RIGHT: bool>(&self, x: i16, n: i16, y0: i16, y1: i16) -> i16 {
        if n <= 0 {
            return n;
        }
        let (room, first) = Self::scan::<RIGHT>(self.cols_hit(tile_of_px(x), y0, y1), px_in_tile(x) as u16);
        if first < room || room >= n {
            return if first < n { first } else { n };
        }
        room + self.sweep_cols_on::<RIGHT>(x.wrapping_add(if RIGHT { room } else { -room }), n - room, y0, y1)
    }

    /// The rest of a column sweep (`n > 0` columns), in a call of its own: the
    /// first tile column above runs without a loop (a loop makes the compiler
    /// set up every tile's invariants before the first tile), the rest loops
    /// here (no recursion: the stack stays two calls deep at any length).
    #[inline(never)]
    fn sweep_cols_on<const RIGHT: bool>(&self, x: i16, n: i16, y0: i16, y1: i16) -> i16 {
        let mut free = 0;
        let mut x = x;
        while free < n {
            let left = n - free;
            let (room, first) = Self::scan::<RIGHT>(self.cols_hit(tile_of_px(x), y0, y1), px_in_tile(x) as u16);
            if first < room || room >= left {
                return free + if first < left { first } else { left };
            }
            free += room;
            x = x.wrapping_add(if RIGHT { room } else { -room });
        }
        n
    }

    /// One tile's part of a sweep that enters the tile at pixel `p` (0..16)
    /// and goes towards higher bits (`UP`) or lower ones: (the pixels of
    /// the tile it crosses, the distance to the first set bit of `m` on the
    /// way, 16 when there is none).
    #[inline(always)]
    fn scan<const UP: bool>(m: u16, p: u16) -> (i16, i16) {
        if UP {
            (16 - p as i16, bits::lowest(m >> p))
        } else {
            (p as i16 + 1, bits::highest_from_top(m << (15 - p)))
        }
    }

    /// Row sweep: tests the pixel rows `y, y + dir, ...` (`n >= 0` of them),
    /// columns `x0 ..= x1` (`x0 <= x1`); returns how many rows are free
    /// before the first one holding a solid pixel (with `one_way`: or the
    /// top row of a one-way platform). Per tile row crossed, one table read
    /// per tile and one bit scan.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: a one-way platform (id 19) at tile (1, 0), a wall at (3, 1), a floor at y 32
    /// # static TILES: [u16; 12] = [0, 19, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// // Down from row 20 under columns 0..=7: the floor at y 32.
    /// assert_eq!(map.sweep_rows(20, 1, 30, 0, 7, false), 12);
    /// ```
    #[inline(always)]
    pub fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, one_way: bool) -> i16 {
        match (dir > 0, one_way) {
            (true, true) => self.sweep_rows_to::<true, true>(y, n, x0, x1),
            (true, false) => self.sweep_rows_to::<true, false>(y, n, x0, x1),
            (false, true) => self.sweep_rows_to::<false, true>(y, n, x0, x1),
            (false, false) => self.sweep_rows_to::<false, false>(y, n, x0, x1),
        }
    }

    /// [`Map::sweep_rows`] down (`DOWN`) or up, through solid pixels or (with
    /// `FLOOR`) floor pixels. One tile row per call, like `sweep_cols_to`.
    #[inline(never)]
    pub(crate) fn sweep_rows_to<const DOWN: bool, const FLOOR: bool>(&self, y: i16, n: i16, x0: i16, x1: i16) -> i16 {
        if n <= 0 {
            return n;
        }
        let (room, first) = Self::scan::<DOWN>(self.rows_hit(tile_of_px(y), x0, x1, FLOOR), px_in_tile(y) as u16);
        if first < room || room >= n {
            return if first < n { first } else { n };
        }
        room + self.sweep_rows_on::<DOWN, FLOOR>(y.wrapping_add(if DOWN { room } else { -room }), n - room, x0, x1)
    }

    /// The rest of a row sweep (`n > 0` rows), in a call of its own (see
    /// `sweep_cols_on`).
    #[inline(never)]
    fn sweep_rows_on<const DOWN: bool, const FLOOR: bool>(&self, y: i16, n: i16, x0: i16, x1: i16) -> i16 {
        let mut free = 0;
        let mut y = y;
        while free < n {
            let left = n - free;
            let (room, first) = Self::scan::<DOWN>(self.rows_hit(tile_of_px(y), x0, x1, FLOOR), px_in_tile(y) as u16);
            if first < room || room >= left {
                return free + if first < left { first } else { left };
            }
            free += room;
            y = y.wrapping_add(if DOWN { room } else { -room });
        }
        n
    }

    /// The floor surface of tile column `tx` as a walk sees it from tile row `ty0` down to
    /// `ty1` (tile-space, `ty0 <= ty1`): the first tile in those rows with a floor pixel.
    /// When every pixel column of that tile has one, or the tile under it is solid along
    /// its top row ([`TileFloor::Whole`]), the topmost floor
    /// pixel of pixel column `16 * tx + px` in rows `16 * ty0 ..` is `top + shape.top(px)`.
    /// One tile read per tile row down to the surface.
    #[inline(never)]
    pub(crate) fn tile_floor(&self, tx: i16, ty0: i16, ty1: i16) -> TileFloor<'a> {
        let mut ty = ty0;
        if (tx as u16) < self.width && (ty0 as u16) < self.height && (ty1 as u16) < self.height {
            let mut i = self.index_of(tx, ty0);
            loop {
                let id = self.id_at(i);
                // Blank, the usual tile above the ground, needs no shape.
                if id != shape::BLANK {
                    let s = self.shape(id);
                    if !s.surface_empty() {
                        return self.tile_floor_of(tx, ty, s);
                    }
                }
                if ty >= ty1 {
                    return TileFloor::Empty;
                }
                ty += 1;
                i = i.wrapping_add(self.width as usize);
            }
        }
        loop {
            let s = self.shape(self.tile(tx, ty));
            if !s.surface_empty() {
                return self.tile_floor_of(tx, ty, s);
            }
            if ty >= ty1 {
                return TileFloor::Empty;
            }
            ty += 1;
        }
    }

    /// The surface whose first tile with a floor pixel is `s` at `(tx, ty)`. A tile whose
    /// surface lacks some columns (the low end of a 2:1 or 3:1 slope chain) still gives a
    /// whole one when the tile under it is solid all along its top row: those columns'
    /// floor is that row, `16` below the tile's top, which is what [`TileShape::top`] says
    /// of a column without a floor pixel.
    #[inline(always)]
    fn tile_floor_of(&self, tx: i16, ty: i16, s: &'a TileShape) -> TileFloor<'a> {
        if s.surface_whole() || self.shape(self.tile(tx, ty + 1)).rows[0] == 0xFFFF {
            TileFloor::Whole(tile_start_px(ty), s)
        } else {
            TileFloor::Partial
        }
    }

    /// Is any pixel of the pixel-space rectangle `x, y, w, h` solid? (For
    /// tests, spawning and debugging; movement uses the span queries.)
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// assert!(!map.rect_solid(0, 0, 16, 32) && map.rect_solid(0, 0, 16, 33));
    /// ```
    pub fn rect_solid(&self, x: i16, y: i16, w: i16, h: i16) -> bool {
        w > 0 && h > 0 && self.sweep_rows(y, 1, h, x, x + w - 1, false) < h
    }
}

/// The floor of one tile column over some tile rows (see [`Map::tile_floor`]).
pub(crate) enum TileFloor<'a> {
    /// The first tile with a floor pixel has one in every pixel column (or the tile under it
    /// has one in its top row where it has none): the pixel-space row of its top and its
    /// shape.
    Whole(i16, &'a TileShape),
    /// The first tile with a floor pixel lacks one in some pixel column.
    Partial,
    /// No floor pixel in any of the rows.
    Empty,
}

/// The tile columns a game changed at run time (in a copy of the map in RAM, see
/// [`Map::with_tiles`]), one bit per column of the largest map: what the compiled surfaces
/// say of those columns may no longer hold, so the moves that would read it take the full
/// rules instead. 34 bytes of RAM.
///
/// ```
/// use megacollide_engine::map::{row_offset_table, Map, TileChanges};
/// static TILES: [u16; 6] = [0, 0, 0, 2, 2, 2];
/// static ROWS: [u16; 2] = row_offset_table::<2>(3);
/// static LEVEL: Map<'static> = Map::new(&TILES, 3, 2, &ROWS);
/// // The game's copy of the tiles, and the record of what it changed.
/// let mut tiles = TILES;
/// let mut changes = TileChanges::NONE;
/// if let Some(i) = LEVEL.tile_index(1, 1) {
///     tiles[i] = 0; // a block breaks
///     changes.mark(1);
/// }
/// let map = LEVEL.with_tiles(&tiles).with_changes(&changes);
/// assert!(!map.is_solid(20, 20));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileChanges {
    columns: [u16; 16],
    count: u16,
}

impl TileChanges {
    /// Nothing changed.
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// assert_eq!(TileChanges::NONE.count(), 0);
    /// ```
    pub const NONE: TileChanges = TileChanges { columns: [0; 16], count: 0 };

    /// Marks tile column `tx` (tile-space) as changed: call it for every tile the game
    /// changes. Columns outside `0 ..= 255` are ignored (no map has them).
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// let mut c = TileChanges::NONE;
    /// c.mark(3);
    /// c.mark(3);
    /// assert_eq!(c.count(), 1);
    /// ```
    pub fn mark(&mut self, tx: i16) {
        if (0..256).contains(&tx) {
            let (w, bit) = ((tx >> 4) as usize, 1u16 << (tx & 15));
            if self.columns[w] & bit == 0 {
                self.columns[w] |= bit;
                self.count += 1;
            }
        }
    }

    /// Forgets every change (after loading a level whose surfaces were compiled from the
    /// tiles as they are now).
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// let mut c = TileChanges::NONE;
    /// c.mark(7);
    /// c.clear(); // a new level
    /// assert!(!c.is_marked(7));
    /// ```
    pub fn clear(&mut self) {
        *self = TileChanges::NONE;
    }

    /// Number of tile columns marked.
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// let mut c = TileChanges::NONE;
    /// c.mark(1);
    /// c.mark(200);
    /// assert_eq!(c.count(), 2);
    /// ```
    pub const fn count(&self) -> u16 {
        self.count
    }

    /// Whether tile column `tx` is marked.
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// let mut c = TileChanges::NONE;
    /// c.mark(17);
    /// assert!(c.is_marked(17) && !c.is_marked(16) && !c.is_marked(-1));
    /// ```
    pub const fn is_marked(&self, tx: i16) -> bool {
        (tx as u16) < 256 && self.columns[(tx >> 4) as usize] & (1 << (tx & 15)) != 0
    }

    /// Whether any tile column holding a pixel column of `x0 ..= x1` (pixel-space) is
    /// marked. One test when nothing changed.
    ///
    /// ```
    /// use megacollide_engine::map::TileChanges;
    /// let mut c = TileChanges::NONE;
    /// c.mark(2); // pixels 32..48
    /// assert!(c.touch(40, 60) && !c.touch(0, 31));
    /// ```
    #[inline(always)]
    pub fn touch(&self, x0: i16, x1: i16) -> bool {
        self.count != 0 && self.touch_marked(tile_of_px(x0), tile_of_px(x1))
    }

    #[inline(never)]
    fn touch_marked(&self, tx0: i16, tx1: i16) -> bool {
        let mut tx = if tx0 < 0 { 0 } else { tx0 };
        while tx <= tx1 && tx < 256 {
            if self.is_marked(tx) {
                return true;
            }
            tx += 1;
        }
        false
    }
}

/// `FROM_BIT[i]`: bits `i ..= 15` set.
static FROM_BIT: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = 0xFFFFu16 << i;
        i += 1;
    }
    t
};

/// `UPTO_BIT[i]`: bits `0 ..= i` set.
static UPTO_BIT: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = 0xFFFFu16 >> (15 - i);
        i += 1;
    }
    t
};
