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

use crate::shape::{self, TileShape};
use crate::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};

/// What lies beyond one edge of the map.
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
    pub const CLASSIC: Edges = Edges {
        left: Edge::Solid,
        right: Edge::Solid,
        top: Edge::Open,
        bottom: Edge::Open,
    };
}

/// Why map data was rejected by [`Map::try_new`].
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

/// A tile map (tile-space size, borrowed ROM data). Cheap to copy.
#[derive(Clone, Copy, Debug)]
pub struct Map<'a> {
    tiles: &'a [u16],
    row_offsets: &'a [u16],
    custom: &'a [TileShape],
    width: u16,
    height: u16,
    // Tile id used beyond each edge: left, right, top, bottom.
    edge_left: u16,
    edge_right: u16,
    edge_top: u16,
    edge_bottom: u16,
    // The same data for the hand-written 68000 kernels (in-map queries).
    #[cfg(target_arch = "m68k")]
    kv: megacollide_m68k_kernels::MapView<'a, TileShape>,
}

/// Builds the row offset table `[0, width, 2 * width, ...]` (`H` rows) at
/// compile time, for `static ROWS: [u16; H] = row_offset_table::<H>(W);`.
/// Uses additions only.
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

impl<'a> Map<'a> {
    /// Checks and wraps map data (usable in `static` initialisers).
    ///
    /// * `tiles`: row-major tile ids, `width * height` entries;
    /// * `width`, `height`: size in tiles, `1 ..= MAX_MAP_*_TILES`;
    /// * `row_offsets`: exactly `height` entries, `row_offsets[ty] = ty * width`.
    ///
    /// Edges default to [`Edges::CLASSIC`] and there are no height tiles.
    pub const fn try_new(
        tiles: &'a [u16],
        width: u16,
        height: u16,
        row_offsets: &'a [u16],
    ) -> Result<Map<'a>, MapError> {
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
        // Always Some after the checks above (same conditions, and at most
        // 256 x 248 tiles).
        #[cfg(target_arch = "m68k")]
        let kv = match megacollide_m68k_kernels::MapView::new(tiles, row_offsets, width, height, &shape::BUILTIN) {
            Some(v) => v.with_edges(true, true, false, false), // Edges::CLASSIC
            None => return Err(MapError::TileCount),
        };
        Ok(Map {
            #[cfg(target_arch = "m68k")]
            kv,
            tiles,
            row_offsets,
            custom: &[],
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
    pub const fn new(tiles: &'a [u16], width: u16, height: u16, row_offsets: &'a [u16]) -> Map<'a> {
        match Map::try_new(tiles, width, height, row_offsets) {
            Ok(m) => m,
            Err(_) => panic!("invalid map data"),
        }
    }

    /// Returns the map with another out-of-map policy.
    pub const fn with_edges(mut self, edges: Edges) -> Map<'a> {
        self.edge_left = edges.left.tile();
        self.edge_right = edges.right.tile();
        self.edge_top = edges.top.tile();
        self.edge_bottom = edges.bottom.tile();
        #[cfg(target_arch = "m68k")]
        {
            self.kv = self.kv.with_edges(
                matches!(edges.left, Edge::Solid),
                matches!(edges.right, Edge::Solid),
                matches!(edges.top, Edge::Solid),
                matches!(edges.bottom, Edge::Solid),
            );
        }
        self
    }

    /// Returns the map with a table of height tiles: tile id `32 + i` uses
    /// `custom[i]`; ids beyond the table are blank.
    pub const fn with_height_tiles(mut self, custom: &'a [TileShape]) -> Map<'a> {
        self.custom = custom;
        #[cfg(target_arch = "m68k")]
        {
            self.kv = self.kv.with_custom(custom);
        }
        self
    }

    /// The out-of-map policy.
    pub const fn edges(&self) -> Edges {
        const fn e(id: u16) -> Edge {
            if id == shape::SOLID {
                Edge::Solid
            } else {
                Edge::Open
            }
        }
        Edges {
            left: e(self.edge_left),
            right: e(self.edge_right),
            top: e(self.edge_top),
            bottom: e(self.edge_bottom),
        }
    }

    /// Width in tiles.
    #[inline]
    pub const fn width(&self) -> u16 {
        self.width
    }

    /// Height in tiles.
    #[inline]
    pub const fn height(&self) -> u16 {
        self.height
    }

    /// Width in pixels (`width * 16`).
    #[inline]
    pub const fn width_px(&self) -> i16 {
        (self.width << 4) as i16
    }

    /// Height in pixels (`height * 16`).
    #[inline]
    pub const fn height_px(&self) -> i16 {
        (self.height << 4) as i16
    }

    /// The tile id at tile-space `(tx, ty)`, applying the edge policy
    /// outside the map (edge tiles are [`shape::SOLID`] or [`shape::BLANK`]).
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

    /// The shape of tile id `id` (built-in, height tile or blank).
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
    #[inline(always)]
    pub fn is_solid(&self, x: i16, y: i16) -> bool {
        // On the 68000: the hand-written kernel (mc_point, edges included);
        // elsewhere the Rust reference below (bit-identical; `make bench`
        // checks).
        #[cfg(target_arch = "m68k")]
        {
            self.kv.point(x, y) == 1
        }
        #[cfg(not(target_arch = "m68k"))]
        {
            self.is_solid_ref(x, y)
        }
    }

    /// [`Map::is_solid`] in Rust (the host code and the 68000's reference).
    #[cfg_attr(target_arch = "m68k", allow(dead_code))]
    #[inline(always)]
    fn is_solid_ref(&self, x: i16, y: i16) -> bool {
        let tx = (x >> 4) as u16;
        let ty = (y >> 4) as u16;
        let id = if tx < self.width && ty < self.height {
            match self.row_offsets.get(ty as usize) {
                Some(&off) => match self.tiles.get(off.wrapping_add(tx) as usize) {
                    Some(&id) => id,
                    None => shape::BLANK,
                },
                None => shape::BLANK,
            }
        } else {
            self.tile(x >> 4, y >> 4)
        };
        // No blank test: BUILTIN[0] is empty.
        let row = if (id as usize) < shape::BUILTIN_COUNT {
            shape::BUILTIN[id as usize].rows[(y & 15) as u16 as usize]
        } else {
            self.shape(id).rows[(y & 15) as u16 as usize]
        };
        row & (1u16 << (x & 15) as u16) != 0
    }

    /// Is pixel-space `(x, y)` something a body moving down lands on: a solid
    /// pixel or the top row of a one-way platform?
    #[inline]
    pub fn is_floor(&self, x: i16, y: i16) -> bool {
        // On the 68000: the hand-written kernel (mc_point, edges included);
        // elsewhere the Rust reference below (bit-identical; `make bench`
        // checks).
        #[cfg(target_arch = "m68k")]
        {
            self.kv.point(x, y) != 0
        }
        #[cfg(not(target_arch = "m68k"))]
        {
            self.is_floor_ref(x, y)
        }
    }

    /// [`Map::is_floor`] in Rust (the host code and the 68000's reference).
    #[cfg_attr(target_arch = "m68k", allow(dead_code))]
    #[inline(always)]
    fn is_floor_ref(&self, x: i16, y: i16) -> bool {
        let id = self.tile(x >> 4, y >> 4);
        if id == shape::ONE_WAY {
            return y & 15 == 0;
        }
        (self.shape(id).rows[(y & 15) as usize] >> (x & 15)) & 1 != 0
    }

    /// The tile ids of tile row `ty`: `width` entries; rows above / below
    /// the map are edge rows (static ROM rows of the edge tile).
    #[inline(always)]
    fn row_tiles(&self, ty: i16) -> &'a [u16] {
        match self.row_offsets.get(ty as u16 as usize) {
            Some(&off) => match self.tiles.get(off as usize..) {
                Some(r) => r,
                None => &EDGE_BLANK_ROW,
            },
            None => {
                let e = if ty < 0 { self.edge_top } else { self.edge_bottom };
                if e == shape::SOLID {
                    &EDGE_SOLID_ROW
                } else {
                    &EDGE_BLANK_ROW
                }
            }
        }
    }

    /// Tile `tx` of a row returned by `row_tiles`.
    #[inline(always)]
    fn tile_in(&self, row: &[u16], tx: i16) -> u16 {
        if tx as u16 >= self.width {
            return if tx < 0 { self.edge_left } else { self.edge_right };
        }
        match row.get(tx as u16 as usize) {
            Some(&id) => id,
            None => shape::BLANK,
        }
    }

    /// Span query: is any pixel of column `x`, rows `y0 ..= y1` (pixel-space)
    /// solid? Returns false when `y0 > y1`. One AND per tile crossed.
    #[inline(always)]
    pub fn column_solid(&self, x: i16, y0: i16, y1: i16) -> bool {
        if y0 > y1 {
            return false;
        }
        // In the map: the hand-written 68000 kernel (bit-identical to the
        // Rust code, which stays the host code and handles the edges; out of
        // line on the 68000, where it runs only for pixels outside the map).
        #[cfg(target_arch = "m68k")]
        if let Some(r) = self.kv.col_span(x, y0, y1) {
            return r;
        }
        self.column_solid_rust(x, y0, y1)
    }

    /// [`Map::column_solid`] in Rust (see there).
    #[cfg_attr(target_arch = "m68k", inline(never), cold)]
    #[cfg_attr(not(target_arch = "m68k"), inline(always))]
    fn column_solid_rust(&self, x: i16, y0: i16, y1: i16) -> bool {
        if y0 > y1 {
            return false;
        }
        self.sweep_cols(x, 1, 1, y0, y1) == 0
    }

    /// Span query: is any pixel of row `y`, columns `x0 ..= x1` (pixel-space)
    /// solid (`one_way` false) or floor (`one_way` true: one-way platform top
    /// rows count too)? Returns false when `x0 > x1`.
    #[inline(always)]
    pub fn row_solid(&self, y: i16, x0: i16, x1: i16, one_way: bool) -> bool {
        if x0 > x1 {
            return false;
        }
        // In the map: the hand-written 68000 kernel (bit-identical to the
        // Rust code, which stays the host code and handles the edges; out of
        // line on the 68000, where it runs only for pixels outside the map).
        #[cfg(target_arch = "m68k")]
        if let Some(r) = self.kv.row_span(y, x0, x1, one_way) {
            return r;
        }
        self.row_solid_rust(y, x0, x1, one_way)
    }

    /// [`Map::row_solid`] in Rust (see there).
    #[cfg_attr(target_arch = "m68k", inline(never), cold)]
    #[cfg_attr(not(target_arch = "m68k"), inline(always))]
    fn row_solid_rust(&self, y: i16, x0: i16, x1: i16, one_way: bool) -> bool {
        if x0 > x1 {
            return false;
        }
        let py = (y & 15) as u16 as usize;
        let one_way_row = one_way && py == 0;
        let mut tx = x0 >> 4;
        let tx1 = x1 >> 4;
        let mut mask = FROM_BIT[(x0 & 15) as u16 as usize];
        // Fast path: inside the map, walk the tile row by index.
        if tx >= 0 && (tx1 as u16) < self.width {
            if let Some(&off) = self.row_offsets.get((y >> 4) as u16 as usize) {
                let mut idx = off as usize + tx as u16 as usize;
                let mut left = tx1 - tx;
                loop {
                    if left == 0 {
                        mask &= UPTO_BIT[(x1 & 15) as u16 as usize];
                    }
                    let id = match self.tiles.get(idx) {
                        Some(&id) => id,
                        None => shape::BLANK,
                    };
                    if id != shape::BLANK {
                        if one_way_row && id == shape::ONE_WAY {
                            return true;
                        }
                        if self.shape(id).rows[py] & mask != 0 {
                            return true;
                        }
                    }
                    if left == 0 {
                        return false;
                    }
                    left -= 1;
                    idx += 1;
                    mask = 0xFFFF;
                }
            }
        }
        let row = self.row_tiles(y >> 4);
        loop {
            if tx == tx1 {
                mask &= UPTO_BIT[(x1 & 15) as u16 as usize];
            }
            let id = self.tile_in(row, tx);
            if id != shape::BLANK {
                if one_way_row && id == shape::ONE_WAY {
                    return true;
                }
                if self.shape(id).rows[py] & mask != 0 {
                    return true;
                }
            }
            if tx == tx1 {
                return false;
            }
            tx += 1;
            mask = 0xFFFF;
        }
    }

    /// Column sweep: tests the pixel columns `x, x + dir, x + 2 dir, ...`
    /// (`n >= 0` of them, `dir` = +1 or -1), rows `y0 ..= y1` (`y0 <= y1`),
    /// and returns how many columns are free before the first one holding a
    /// solid pixel (`n` when all are free). Tile by tile: one lookup per
    /// tile, then one AND per pixel column inside a non-blank tile.
    #[inline(always)]
    pub fn sweep_cols(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> i16 {
        // Fast path: the whole swept strip is one tile column inside the map.
        let xe = if dir > 0 { x.wrapping_add(n - 1) } else { x.wrapping_sub(n - 1) };
        let tx = x >> 4;
        if n > 0 && tx == xe >> 4 && (tx as u16) < self.width && y0 >= 0 && ((y1 >> 4) as u16) < self.height {
            return self.sweep_cols_in(x, dir, n, y0, y1);
        }
        // In the map: the hand-written 68000 kernel (bit-identical to the
        // Rust code, which stays the host code and handles the edges; out of
        // line on the 68000, where it runs only for pixels outside the map).
        #[cfg(target_arch = "m68k")]
        if let Some(r) = self.kv.sweep_cols(x, dir, n, y0, y1) {
            return r;
        }
        self.sweep_cols_rust(x, dir, n, y0, y1)
    }

    /// [`Map::sweep_cols`] in Rust (see there).
    #[cfg_attr(target_arch = "m68k", inline(never), cold)]
    #[cfg_attr(not(target_arch = "m68k"), inline(always))]
    fn sweep_cols_rust(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> i16 {
        let ty0 = y0 >> 4;
        let ty1 = y1 >> 4;
        // Fast path: the whole swept strip is one tile column inside the map.
        let xe = if dir > 0 { x.wrapping_add(n - 1) } else { x.wrapping_sub(n - 1) };
        let tx = x >> 4;
        if n > 0 && tx == xe >> 4 && (tx as u16) < self.width && ty0 >= 0 && (ty1 as u16) < self.height {
            return self.sweep_cols_in(x, dir, n, y0, y1);
        }
        let top = FROM_BIT[(y0 & 15) as u16 as usize];
        let bot = UPTO_BIT[(y1 & 15) as u16 as usize];
        let mut free: i16 = 0;
        let mut x = x;
        while free < n {
            let tx = x >> 4;
            let px0 = x & 15;
            // Columns of this tile column in the sweep.
            let room = if dir > 0 { 16 - px0 } else { px0 + 1 };
            let left = n - free;
            let cnt = if room < left { room } else { left };
            let mut first = cnt;
            let mut ty = ty0;
            let mut vmask = top;
            loop {
                if ty == ty1 {
                    vmask &= bot;
                }
                let id = self.tile_in(self.row_tiles(ty), tx);
                if id != shape::BLANK {
                    let cols = &self.shape(id).cols;
                    let mut k = 0;
                    let mut px = px0;
                    while k < first {
                        if cols[(px & 15) as u16 as usize] & vmask != 0 {
                            first = k;
                            break;
                        }
                        k += 1;
                        px += dir;
                    }
                }
                if ty == ty1 {
                    break;
                }
                ty += 1;
                vmask = 0xFFFF;
            }
            if first < cnt {
                return free + first;
            }
            free += cnt;
            x = x.wrapping_add(if dir > 0 { cnt } else { -cnt });
        }
        n
    }

    /// `sweep_cols` when all swept columns are in one tile column and all
    /// rows are inside the map: walks the tile column with a stride of
    /// `width`, no edge tests.
    #[inline(always)]
    fn sweep_cols_in(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> i16 {
        let ty0 = (y0 >> 4) as u16;
        let ty1 = (y1 >> 4) as u16;
        let stride = self.width as usize;
        let mut idx = match self.row_offsets.get(ty0 as usize) {
            Some(&o) => o as usize + (x >> 4) as u16 as usize,
            None => return n,
        };
        let px0 = (x & 15) as u16;
        let mut first = n;
        let mut vmask = FROM_BIT[(y0 & 15) as u16 as usize];
        let mut rows_left = ty1 - ty0;
        loop {
            if rows_left == 0 {
                vmask &= UPTO_BIT[(y1 & 15) as u16 as usize];
            }
            let id = match self.tiles.get(idx) {
                Some(&id) => id,
                None => shape::BLANK,
            };
            if id != shape::BLANK {
                let cols = &self.shape(id).cols;
                let mut k = 0;
                let mut px = px0;
                while k < first {
                    if cols[(px & 15) as usize] & vmask != 0 {
                        first = k;
                        break;
                    }
                    k += 1;
                    px = px.wrapping_add(dir as u16);
                }
            }
            if rows_left == 0 {
                return first;
            }
            rows_left -= 1;
            idx += stride;
            vmask = 0xFFFF;
        }
    }

    /// Row sweep: tests the pixel rows `y, y + dir, ...` (`n >= 0` of them),
    /// columns `x0 ..= x1` (`x0 <= x1`); returns how many rows are free
    /// before the first one holding a solid pixel (with `one_way`: or the
    /// top row of a one-way platform).
    #[inline(always)]
    pub fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, one_way: bool) -> i16 {
        // In the map: the hand-written 68000 kernel (bit-identical to the
        // Rust code, which stays the host code and handles the edges; out of
        // line on the 68000, where it runs only for pixels outside the map).
        #[cfg(target_arch = "m68k")]
        if let Some(r) = self.kv.sweep_rows(y, dir, n, x0, x1, one_way) {
            return r;
        }
        self.sweep_rows_rust(y, dir, n, x0, x1, one_way)
    }

    /// [`Map::sweep_rows`] in Rust (see there).
    #[cfg_attr(target_arch = "m68k", inline(never), cold)]
    #[cfg_attr(not(target_arch = "m68k"), inline(always))]
    fn sweep_rows_rust(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, one_way: bool) -> i16 {
        let tx0 = x0 >> 4;
        let tx1 = x1 >> 4;
        let lmask = FROM_BIT[(x0 & 15) as u16 as usize];
        let rmask = UPTO_BIT[(x1 & 15) as u16 as usize];
        let mut free: i16 = 0;
        let mut y = y;
        while free < n {
            let ty = y >> 4;
            let py0 = y & 15;
            let room = if dir > 0 { 16 - py0 } else { py0 + 1 };
            let left = n - free;
            let cnt = if room < left { room } else { left };
            let mut first = cnt;
            let row = self.row_tiles(ty);
            let mut tx = tx0;
            let mut hmask = lmask;
            loop {
                if tx == tx1 {
                    hmask &= rmask;
                }
                let id = self.tile_in(row, tx);
                if id != shape::BLANK {
                    if one_way && id == shape::ONE_WAY {
                        // Only its top row, entered when py 0 is in the sweep.
                        let k = if dir > 0 { if py0 == 0 { 0 } else { cnt } } else { py0 };
                        if k < first {
                            first = k;
                        }
                    } else {
                        let rows = &self.shape(id).rows;
                        let mut k = 0;
                        let mut py = py0;
                        while k < first {
                            if rows[(py & 15) as u16 as usize] & hmask != 0 {
                                first = k;
                                break;
                            }
                            k += 1;
                            py += dir;
                        }
                    }
                }
                if tx == tx1 {
                    break;
                }
                tx += 1;
                hmask = 0xFFFF;
            }
            if first < cnt {
                return free + first;
            }
            free += cnt;
            y = y.wrapping_add(if dir > 0 { cnt } else { -cnt });
        }
        n
    }

    /// One frame of `motion::move_body` without solid boxes by the hand-written 68000
    /// kernel (bit-identical to the Rust code; see `motion`), in place.
    #[cfg(target_arch = "m68k")]
    #[inline(always)]
    pub(crate) fn move_body_kernel(&self, body: &mut crate::Body) {
        self.kv.move_body(body)
    }

    /// Is any pixel of the pixel-space rectangle `x, y, w, h` solid? (For
    /// tests, spawning and debugging; movement uses the span queries.)
    pub fn rect_solid(&self, x: i16, y: i16, w: i16, h: i16) -> bool {
        let mut r = y;
        while r < y + h {
            if self.row_solid(r, x, x + w - 1, false) {
                return true;
            }
            r += 1;
        }
        false
    }
}

/// Tile rows above / below the map (one entry per tile column).
static EDGE_SOLID_ROW: [u16; MAX_MAP_WIDTH_TILES as usize] = [shape::SOLID; MAX_MAP_WIDTH_TILES as usize];
static EDGE_BLANK_ROW: [u16; MAX_MAP_WIDTH_TILES as usize] = [shape::BLANK; MAX_MAP_WIDTH_TILES as usize];

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
