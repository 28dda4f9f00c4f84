//! Tile shapes: which of the 16x16 pixels of a tile id are solid.
//!
//! Coordinates here are *pixel-in-tile*: `px` (column) and `py` (row), both
//! `0..16`, `(0, 0)` is the top-left pixel, y grows downwards.
//!
//! Every shape is stored as a [`TileShape`]: 16 column bitmasks and 16 row
//! bitmasks of the same 256 pixels. The engine only ever reads these tables,
//! and the level compiler draws the VDP graphics from the same tables through
//! [`pixel`] / [`solid_pixel`], so what the player sees is exactly what
//! collides.
//!
//! ## Built-in ids (16Tile export)
//!
//! | id | shape | solid pixels (px, py in 0..16) |
//! |----|-------|--------------------------------|
//! | 0 | blank | none |
//! | 1 | reserved (palette slot in 16Tile) | none (treated as blank) |
//! | 2 | solid | all |
//! | 3 | rising 1:1 | `px + py >= 15` |
//! | 4, 5 | rising 2:1, left / right tile | chain rule, n = 2 |
//! | 6, 7, 8 | rising 3:1, left / middle / right tile | chain rule, n = 3 |
//! | 9 | falling 1:1 | `py >= px` (mirror of 3) |
//! | 10, 11 | falling 2:1, left / right | mirror of 5, 4 |
//! | 12, 13, 14 | falling 3:1, left / middle / right | mirror of 8, 7, 6 |
//! | 15 | top half | `py < 8` |
//! | 16 | bottom half | `py >= 8` |
//! | 17 | left half | `px < 8` |
//! | 18 | right half | `px >= 8` |
//! | 19 | one-way platform | no solid pixel; its top row (`py == 0`) is a floor for bodies moving down |
//! | 20..=31 | reserved | none (blank) |
//! | 32.. | per-map height tiles | `Map` custom table entry `id - 32`; missing entries are blank |
//!
//! **Chain rule (rising n:1 slope, n = 1, 2, 3).** The n tiles of a chain,
//! left to right, are numbered `k = 0 .. n`. Let `X = 16 * k + px` be the
//! column in the whole chain and `j = 15 - py` the row counted from the
//! bottom. The surface is the straight line from the bottom-left corner of
//! the chain to its top-right corner. A pixel is solid when its centre is on
//! or below that line:
//!
//! `n * (2 * j + 1) <= 2 * X + 1`   (equivalently `32n <= 2X + 1 + n(2py + 1)`)
//!
//! so column `X` holds `floor((2X + 1 + n) / (2n))` solid pixels at its
//! bottom: the 1:1 slope has columns of 1, 2, ..., 16 pixels, the last column
//! of every chain is full and the first columns of the chain continue the
//! staircase from the ground level below. Falling slopes are the exact mirror
//! image (`px -> 15 - px`, chain order reversed), so a rising chain followed
//! by a falling chain forms a symmetric hill. Only multiplies by constants
//! and shifts are used; never a division.

use crate::units::{px_in_tile, px_in_tile_index};

/// Blank tile id.
pub const BLANK: u16 = 0;
/// Reserved id 1 (16Tile stores a palette there); behaves as blank.
pub const RESERVED_1: u16 = 1;
/// Fully solid tile id.
pub const SOLID: u16 = 2;
/// Rising 1:1 slope (low on the left, high on the right).
pub const RISE_1: u16 = 3;
/// Rising 2:1 slope, left (lower) tile.
pub const RISE_2A: u16 = 4;
/// Rising 2:1 slope, right (higher) tile.
pub const RISE_2B: u16 = 5;
/// Rising 3:1 slope, left (lowest) tile.
pub const RISE_3A: u16 = 6;
/// Rising 3:1 slope, middle tile.
pub const RISE_3B: u16 = 7;
/// Rising 3:1 slope, right (highest) tile.
pub const RISE_3C: u16 = 8;
/// Falling 1:1 slope (high on the left, low on the right).
pub const FALL_1: u16 = 9;
/// Falling 2:1 slope, left (higher) tile.
pub const FALL_2A: u16 = 10;
/// Falling 2:1 slope, right (lower) tile.
pub const FALL_2B: u16 = 11;
/// Falling 3:1 slope, left (highest) tile.
pub const FALL_3A: u16 = 12;
/// Falling 3:1 slope, middle tile.
pub const FALL_3B: u16 = 13;
/// Falling 3:1 slope, right (lowest) tile.
pub const FALL_3C: u16 = 14;
/// Top half solid (rows 0..8).
pub const TOP_HALF: u16 = 15;
/// Bottom half solid (rows 8..16): a low step.
pub const BOTTOM_HALF: u16 = 16;
/// Left half solid (columns 0..8).
pub const LEFT_HALF: u16 = 17;
/// Right half solid (columns 8..16).
pub const RIGHT_HALF: u16 = 18;
/// One-way platform: only its top row, and only for bodies moving down.
pub const ONE_WAY: u16 = 19;
/// First id of the per-map height tiles (`id - FIRST_HEIGHT_TILE` indexes
/// the map's custom table).
pub const FIRST_HEIGHT_TILE: u16 = 32;
/// Number of entries in [`BUILTIN`] (ids `0 .. BUILTIN_COUNT`).
pub const BUILTIN_COUNT: usize = 20;

/// Every id with a defined built-in meaning, in increasing order (0 and
/// 2..=19). The level compiler accepts exactly these plus height tiles.
pub const DEFINED_IDS: [u16; 19] = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];

/// What a pixel of a tile is, for drawing and documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PixelKind {
    /// Nothing: bodies pass.
    Empty,
    /// Solid from every direction.
    Solid,
    /// One-way floor: blocks only bodies moving down onto it (top row of id 19).
    OneWay,
}

/// The 256 pixels of one tile, stored twice for fast span tests, plus the
/// per-tile tables the map's tile-granular queries read (all derived at
/// compile time from the pixels).
///
/// `cols[px]` bit `py` and `rows[py]` bit `px` are both 1 when pixel
/// `(px, py)` is solid (bit 0 = top row / left column). The two arrays always
/// describe the same pixels; build them only with the `const fn`
/// constructors below.
///
/// This generalises the Sonic-era *height arrays* (16 column heights for
/// floor/ceiling sensors and 16 row widths for wall sensors): any shape drawn
/// in a tileset can be collided exactly. The level compiler emits them as a
/// `static [TileShape; N]` (built at compile time by these `const fn`s) and
/// uses ids `32 + index` in the map. The constructors are meant for
/// `const`/`static` initialisers (evaluated at compile time); calling them at
/// run time on the 68000 works but is slow.
///
/// **Range tables.** A sweep asks, per tile, "which pixel columns hold a solid
/// pixel in rows `a ..= b`" (or the same for rows over a column range). For a
/// range that starts at the tile's top or ends at its bottom the answer is one
/// read of a table; for a range inside the tile it is the AND of two reads when
/// every column's solid pixels form one run (true of every built-in shape),
/// else an OR over the rows. The same holds for rows.
///
/// `#[repr(C)]`, exactly 256 bytes, so that a shape table is indexed by a
/// shift (`id << 8`), not a multiply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct TileShape {
    /// Column bitmasks: `cols[px] >> py & 1` (pixel-in-tile); [`TileShape::cols`].
    pub(crate) cols: [u16; 16],
    /// Row bitmasks: `rows[py] >> px & 1` (pixel-in-tile); [`TileShape::rows`].
    pub(crate) rows: [u16; 16],
    /// `cols_hit_from[a]` bit `px`: column `px` has a solid pixel in rows `a ..= 15`.
    cols_hit_from: [u16; 16],
    /// `cols_hit_upto[b]` bit `px`: column `px` has a solid pixel in rows `0 ..= b`.
    cols_hit_upto: [u16; 16],
    /// `rows_hit_from[a]` bit `py`: row `py` has a solid pixel in columns `a ..= 15`.
    rows_hit_from: [u16; 16],
    /// `rows_hit_upto[b]` bit `py`: row `py` has a solid pixel in columns `0 ..= b`.
    rows_hit_upto: [u16; 16],
    /// `COLS_ONE_RUN` | `ROWS_ONE_RUN`.
    runs: u16,
    /// The floor surface (see [`TileShape::top`]): `tops[px]` is the topmost floor row
    /// (pixel-in-tile) of column `px`, 16 when the column has none.
    tops: [u8; 16],
    /// `top_min_from[a]`: the smallest of `tops[a ..= 15]`.
    top_min_from: [u8; 16],
    /// `top_min_upto[b]`: the smallest of `tops[0 ..= b]`.
    top_min_upto: [u8; 16],
    /// The largest `tops[px] - tops[px + 1]` (0 when none is positive): how many pixels
    /// the surface rises at most from one column to the next, going right.
    rise_right: u8,
    /// The largest `tops[px + 1] - tops[px]` (0 when none is positive): how many pixels
    /// the surface drops at most from one column to the next, going right.
    fall_right: u8,
    /// `SURFACE_*`: whether the surface is empty, whole (every column has a floor row) or
    /// partial, and whether it is a one-way top.
    surface: u8,
    /// Padding to 256 bytes (always zero).
    pad: [u8; 11],
}

impl TileShape {
    /// The shape's pixels by row: bit `px` of `rows()[py]` is pixel (`px`, `py`) of the tile
    /// (pixel-in-tile), 1 = solid.
    ///
    /// ```
    /// use megacollide_engine::shape;
    /// assert_eq!(shape::builtin(2).rows()[0], 0xFFFF, "id 2: a solid block");
    /// ```
    pub const fn rows(&self) -> &[u16; 16] {
        &self.rows
    }

    /// The shape's pixels by column: bit `py` of `cols()[px]` is pixel (`px`, `py`).
    ///
    /// ```
    /// use megacollide_engine::shape;
    /// assert_eq!(shape::builtin(0).cols()[3], 0, "id 0: blank");
    /// ```
    pub const fn cols(&self) -> &[u16; 16] {
        &self.cols
    }

    /// The blank shape (no solid pixel).
    pub const EMPTY: TileShape = TileShape::from_rows([0; 16]);

    /// `runs` bit: the solid pixels of every column form one run (or none).
    const COLS_ONE_RUN: u16 = 1;
    /// `runs` bit: the solid pixels of every row form one run (or none).
    const ROWS_ONE_RUN: u16 = 2;

    /// `surface` value: no column has a floor row (the tile is blank for walking).
    const SURFACE_EMPTY: u8 = 0;
    /// `surface` bit: every column has a floor row (`tops[px] < 16` for all `px`).
    const SURFACE_WHOLE: u8 = 1;
    /// `surface` bit: some column has a floor row (set with `SURFACE_WHOLE` or alone).
    const SURFACE_SOME: u8 = 2;
    /// `surface` bit: the floor rows are a one-way platform's top (not solid).
    const SURFACE_ONE_WAY: u8 = 4;

    /// Builds a shape from 16 row bitmasks (`rows[py]` bit `px` = solid).
    /// This is the form a level compiler gets directly from a drawn tile.
    pub const fn from_rows(rows: [u16; 16]) -> TileShape {
        let mut cols = [0u16; 16];
        let mut py = 0;
        while py < 16 {
            let mut px = 0;
            while px < 16 {
                if (rows[py] >> px) & 1 != 0 {
                    cols[px] |= 1 << py;
                }
                px += 1;
            }
            py += 1;
        }
        let (cols_hit_from, cols_hit_upto) = hit_tables(&rows);
        let (rows_hit_from, rows_hit_upto) = hit_tables(&cols);
        let runs =
            if all_one_run(&cols) { TileShape::COLS_ONE_RUN } else { 0 } | if all_one_run(&rows) { TileShape::ROWS_ONE_RUN } else { 0 };
        let mut tops = [16u8; 16];
        let mut px = 0;
        while px < 16 {
            if cols[px] != 0 {
                tops[px] = cols[px].trailing_zeros() as u8;
            }
            px += 1;
        }
        TileShape { cols, rows, cols_hit_from, cols_hit_upto, rows_hit_from, rows_hit_upto, runs, pad: [0; 11], ..surface_tables(tops, 0) }
    }

    /// The one-way platform's shape: no solid pixel, and its top row is the floor surface
    /// of every column (for the walk, [`TileShape::is_one_way`]).
    const fn one_way_top() -> TileShape {
        TileShape { ..surface_tables([0; 16], TileShape::SURFACE_ONE_WAY) }
    }

    /// Row (pixel-in-tile, 0 = top) of the topmost floor pixel of column `px` (masked to
    /// `0..16`): its topmost solid pixel, or row 0 of a one-way platform; 16 when the column
    /// has none.
    #[inline(always)]
    pub fn top(&self, px: u16) -> i16 {
        self.tops[px_in_tile_index(px)] as i16
    }

    /// The smallest [`TileShape::top`] of columns `a ..= 15` (pixel-in-tile, masked).
    #[inline(always)]
    pub(crate) fn top_min_from(&self, a: u16) -> i16 {
        self.top_min_from[px_in_tile_index(a)] as i16
    }

    /// The smallest [`TileShape::top`] of columns `0 ..= b` (pixel-in-tile, masked).
    #[inline(always)]
    pub(crate) fn top_min_upto(&self, b: u16) -> i16 {
        self.top_min_upto[px_in_tile_index(b)] as i16
    }

    /// The smallest [`TileShape::top`] of columns `a ..= b` (pixel-in-tile, `a <= b`).
    #[inline]
    pub(crate) fn top_min(&self, a: u16, b: u16) -> i16 {
        if a == 0 {
            return self.top_min_upto(b);
        }
        if b >= 15 {
            return self.top_min_from(a);
        }
        let mut m = 16u8;
        let mut i = a as usize;
        while i <= b as usize {
            if self.tops[i] < m {
                m = self.tops[i];
            }
            i += 1;
        }
        m as i16
    }

    /// How many pixels the floor surface rises at most from one column to the next,
    /// walking right (`right`) or left. Only meaningful for a whole surface.
    #[inline(always)]
    pub(crate) fn surface_rise(&self, right: bool) -> i16 {
        (if right { self.rise_right } else { self.fall_right }) as i16
    }

    /// How many pixels the floor surface drops at most from one column to the next,
    /// walking right (`right`) or left.
    #[inline(always)]
    pub(crate) fn surface_fall(&self, right: bool) -> i16 {
        (if right { self.fall_right } else { self.rise_right }) as i16
    }

    /// Whether no column of the tile has a floor pixel (blank for walking).
    #[inline(always)]
    pub(crate) fn surface_empty(&self) -> bool {
        self.surface == TileShape::SURFACE_EMPTY
    }

    /// Whether every column of the tile has a floor pixel.
    #[inline(always)]
    pub(crate) fn surface_whole(&self) -> bool {
        self.surface & TileShape::SURFACE_WHOLE != 0
    }

    /// Whether the floor surface is a one-way platform's top.
    #[inline(always)]
    pub(crate) fn is_one_way(&self) -> bool {
        self.surface & TileShape::SURFACE_ONE_WAY != 0
    }

    /// Bit `px` set: column `px` holds a solid pixel in rows `a ..= b`
    /// (pixel-in-tile, `a <= b`, both masked to `0..16`).
    #[inline(always)]
    pub(crate) fn cols_hit(&self, a: u16, b: u16) -> u16 {
        if self.runs & TileShape::COLS_ONE_RUN != 0 {
            self.cols_hit_from[px_in_tile_index(a)] & self.cols_hit_upto[px_in_tile_index(b)]
        } else {
            or_range(&self.rows, a, b)
        }
    }

    /// Bit `px` set: column `px` holds a solid pixel in rows `a ..= 15`.
    #[inline(always)]
    pub(crate) fn cols_hit_from(&self, a: u16) -> u16 {
        self.cols_hit_from[px_in_tile_index(a)]
    }

    /// Bit `px` set: column `px` holds a solid pixel in rows `0 ..= b`.
    #[inline(always)]
    pub(crate) fn cols_hit_upto(&self, b: u16) -> u16 {
        self.cols_hit_upto[px_in_tile_index(b)]
    }

    /// Bit `py` set: row `py` holds a solid pixel in columns `a ..= b`
    /// (pixel-in-tile, `a <= b`, both masked to `0..16`).
    #[inline(always)]
    pub(crate) fn rows_hit(&self, a: u16, b: u16) -> u16 {
        if self.runs & TileShape::ROWS_ONE_RUN != 0 {
            self.rows_hit_from[px_in_tile_index(a)] & self.rows_hit_upto[px_in_tile_index(b)]
        } else {
            or_range(&self.cols, a, b)
        }
    }

    /// Bit `py` set: row `py` holds a solid pixel in columns `a ..= 15`.
    #[inline(always)]
    pub(crate) fn rows_hit_from(&self, a: u16) -> u16 {
        self.rows_hit_from[px_in_tile_index(a)]
    }

    /// Bit `py` set: row `py` holds a solid pixel in columns `0 ..= b`.
    #[inline(always)]
    pub(crate) fn rows_hit_upto(&self, b: u16) -> u16 {
        self.rows_hit_upto[px_in_tile_index(b)]
    }

    /// Builds a shape from 16 column heights, Sonic style (one per `px`).
    ///
    /// `h > 0`: the bottom `h` pixels of the column are solid (floor);
    /// `h < 0`: the top `-h` pixels are solid (ceiling); `0`: empty column.
    /// Values beyond +-16 are clamped to a full column.
    pub const fn from_heights(heights: [i8; 16]) -> TileShape {
        let mut rows = [0u16; 16];
        let mut px = 0;
        while px < 16 {
            let h = heights[px];
            let mut py = 0;
            while py < 16 {
                let solid = if h > 0 { (py as i8) >= 16 - h } else { (py as i8) < -h };
                if solid {
                    rows[py] |= 1 << px;
                }
                py += 1;
            }
            px += 1;
        }
        TileShape::from_rows(rows)
    }

    /// Builds a shape from 16 row widths (one per `py`).
    ///
    /// `w > 0`: the rightmost `w` pixels of the row are solid (wall on the
    /// right); `w < 0`: the leftmost `-w` pixels; `0`: empty row.
    pub const fn from_widths(widths: [i8; 16]) -> TileShape {
        let mut rows = [0u16; 16];
        let mut py = 0;
        while py < 16 {
            let w = widths[py];
            let mut px = 0;
            while px < 16 {
                let solid = if w > 0 { (px as i8) >= 16 - w } else { (px as i8) < -w };
                if solid {
                    rows[py] |= 1 << px;
                }
                px += 1;
            }
            py += 1;
        }
        TileShape::from_rows(rows)
    }

    /// Whether pixel-in-tile `(px, py)` is solid (`px`, `py` are masked to
    /// `0..16`).
    #[inline]
    pub const fn solid(&self, px: u16, py: u16) -> bool {
        (self.rows[px_in_tile_index(py)] >> px_in_tile(px as i16)) & 1 != 0
    }

    /// Sonic-style column height of column `px`: the number of contiguous
    /// solid pixels from the bottom row up (0 if the bottom pixel is empty).
    pub const fn column_height(&self, px: u16) -> u8 {
        let c = self.cols[px_in_tile_index(px)];
        (!c).leading_zeros() as u8
    }

    /// Sonic-style row width of row `py`: the number of contiguous solid
    /// pixels from the right edge leftwards (0 if the rightmost is empty).
    pub const fn row_width(&self, py: u16) -> u8 {
        let r = self.rows[px_in_tile_index(py)];
        (!r).leading_zeros() as u8
    }
}

/// `from[a]` = OR of `masks[a ..= 15]`, `upto[b]` = OR of `masks[0 ..= b]`.
const fn hit_tables(masks: &[u16; 16]) -> ([u16; 16], [u16; 16]) {
    let mut from = [0u16; 16];
    let mut upto = [0u16; 16];
    let mut acc = 0u16;
    let mut i = 0;
    while i < 16 {
        acc |= masks[i];
        upto[i] = acc;
        i += 1;
    }
    acc = 0;
    while i > 0 {
        i -= 1;
        acc |= masks[i];
        from[i] = acc;
    }
    (from, upto)
}

/// A shape with no pixel and the floor-surface tables of `tops` (see `TileShape::tops`),
/// `extra` added to its `surface` bits.
const fn surface_tables(tops: [u8; 16], extra: u8) -> TileShape {
    let mut top_min_from = [16u8; 16];
    let mut top_min_upto = [16u8; 16];
    let mut m = 16u8;
    let mut i = 0;
    while i < 16 {
        if tops[i] < m {
            m = tops[i];
        }
        top_min_upto[i] = m;
        i += 1;
    }
    m = 16;
    while i > 0 {
        i -= 1;
        if tops[i] < m {
            m = tops[i];
        }
        top_min_from[i] = m;
    }
    let (mut rise_right, mut fall_right) = (0u8, 0u8);
    let mut whole = true;
    let mut some = false;
    i = 0;
    while i < 16 {
        if tops[i] < 16 {
            some = true;
        } else {
            whole = false;
        }
        if i < 15 {
            if tops[i] > tops[i + 1] && tops[i] - tops[i + 1] > rise_right {
                rise_right = tops[i] - tops[i + 1];
            }
            if tops[i + 1] > tops[i] && tops[i + 1] - tops[i] > fall_right {
                fall_right = tops[i + 1] - tops[i];
            }
        }
        i += 1;
    }
    let surface = if whole {
        TileShape::SURFACE_WHOLE | TileShape::SURFACE_SOME
    } else if some {
        TileShape::SURFACE_SOME
    } else {
        TileShape::SURFACE_EMPTY
    } | extra;
    TileShape {
        cols: [0; 16],
        rows: [0; 16],
        cols_hit_from: [0; 16],
        cols_hit_upto: [0; 16],
        rows_hit_from: [0; 16],
        rows_hit_upto: [0; 16],
        runs: TileShape::COLS_ONE_RUN | TileShape::ROWS_ONE_RUN,
        tops,
        top_min_from,
        top_min_upto,
        rise_right,
        fall_right,
        surface,
        pad: [0; 11],
    }
}

/// Whether the set bits of every mask form one run (or none).
const fn all_one_run(masks: &[u16; 16]) -> bool {
    let mut i = 0;
    while i < 16 {
        let m = masks[i] as u32;
        // Adding the lowest set bit to a single run clears all of it.
        if m != 0 && (m + (m & m.wrapping_neg())) & m != 0 {
            return false;
        }
        i += 1;
    }
    true
}

/// OR of `masks[a ..= b]` (`a`, `b` masked to `0..16`).
#[inline]
fn or_range(masks: &[u16; 16], a: u16, b: u16) -> u16 {
    let mut m = 0;
    let mut i = px_in_tile_index(a);
    let b = px_in_tile_index(b);
    while i <= b {
        m |= masks[i];
        i += 1;
    }
    m
}

/// The geometric definition of the built-in shapes (see the module docs).
/// Used only at compile time to fill [`BUILTIN`].
const fn builtin_rule(id: u16, px: u16, py: u16) -> bool {
    match id {
        SOLID => true,
        RISE_1 => rise(1, 0, px, py),
        RISE_2A => rise(2, 0, px, py),
        RISE_2B => rise(2, 1, px, py),
        RISE_3A => rise(3, 0, px, py),
        RISE_3B => rise(3, 1, px, py),
        RISE_3C => rise(3, 2, px, py),
        // Falling = rising mirrored in x, chain order reversed.
        FALL_1 => rise(1, 0, 15 - px, py),
        FALL_2A => rise(2, 1, 15 - px, py),
        FALL_2B => rise(2, 0, 15 - px, py),
        FALL_3A => rise(3, 2, 15 - px, py),
        FALL_3B => rise(3, 1, 15 - px, py),
        FALL_3C => rise(3, 0, 15 - px, py),
        TOP_HALF => py < 8,
        BOTTOM_HALF => py >= 8,
        LEFT_HALF => px < 8,
        RIGHT_HALF => px >= 8,
        _ => false,
    }
}

/// Rising n:1 chain, tile `k` of the chain: centre on or below the line.
const fn rise(n: u16, k: u16, px: u16, py: u16) -> bool {
    let x = k * 16 + px;
    let j = 15 - py;
    n * (2 * j + 1) <= 2 * x + 1
}

const fn build_builtin() -> [TileShape; BUILTIN_COUNT] {
    let mut out = [TileShape::EMPTY; BUILTIN_COUNT];
    let mut id = 0;
    while id < BUILTIN_COUNT {
        let mut rows = [0u16; 16];
        let mut py = 0;
        while py < 16 {
            let mut px = 0;
            while px < 16 {
                if builtin_rule(id as u16, px, py) {
                    rows[py as usize] |= 1 << px;
                }
                px += 1;
            }
            py += 1;
        }
        out[id] = if id as u16 == ONE_WAY { TileShape::one_way_top() } else { TileShape::from_rows(rows) };
        id += 1;
    }
    out
}

/// The built-in shape table in ROM, indexed by tile id `0 .. 20`.
/// The one-way platform (19) has no solid pixel here; its floor row is
/// handled by the map queries.
pub static BUILTIN: [TileShape; BUILTIN_COUNT] = build_builtin();

/// The pixel rows of every id below [`FIRST_HEIGHT_TILE`], 16 words an id:
/// `BUILTIN_ROWS[id << 4 | py]` = `BUILTIN[id].rows[py]` (pixel-in-tile `py`), the reserved
/// ids 20..32 blank. Built from the same shapes as [`BUILTIN`]; read by [`builtin_row`].
static BUILTIN_ROWS: [u16; FIRST_HEIGHT_TILE as usize * 16] = {
    let shapes = build_builtin();
    let mut out = [0u16; FIRST_HEIGHT_TILE as usize * 16];
    let mut i = 0;
    while i < BUILTIN_COUNT * 16 {
        out[i] = shapes[i >> 4].rows[i & 15];
        i += 1;
    }
    out
};

/// Pixel row `py & 15` (pixel-in-tile; any pixel row of the map gives its place in its tile)
/// of tile id `id < 32` (bit `px` = pixel `px`, 1 = solid; blank for the reserved ids): the
/// point query's one table read, with no bounds test once `id < 32` is known. `id` must be
/// below 32: height tiles (ids 32..) are in each map's own table (see `Map::shape`).
#[inline(always)]
pub(crate) fn builtin_row(id: u16, py: u16) -> u16 {
    BUILTIN_ROWS[(id << 4 | (py & 15)) as usize]
}

/// Whether `id` is a defined built-in id (0 or 2..=19).
#[inline]
pub const fn is_builtin(id: u16) -> bool {
    id == BLANK || (id >= SOLID && id <= ONE_WAY)
}

/// Whether `id` is in the height-tile range (`32..`); whether it is backed by
/// an entry depends on the map's custom table.
#[inline]
pub const fn is_height_tile(id: u16) -> bool {
    id >= FIRST_HEIGHT_TILE
}

/// The built-in shape of `id`; ids without a built-in shape (1, 20..) give
/// the blank shape.
#[inline]
pub fn builtin(id: u16) -> &'static TileShape {
    match BUILTIN.get(id as usize) {
        Some(s) => s,
        None => &TileShape::EMPTY,
    }
}

/// Whether pixel-in-tile `(px, py)` (each `0..16`, masked) of built-in tile
/// `id` is solid. Pure; this is the function the level compiler uses to draw
/// the collision graphics. One-way platforms give `false` (see [`pixel`]).
#[inline]
pub fn solid_pixel(id: u16, px: u16, py: u16) -> bool {
    builtin(id).solid(px, py)
}

/// The kind of pixel-in-tile `(px, py)` (each `0..16`, masked) of built-in
/// tile `id`: solid, one-way floor (top row of id 19) or empty.
pub fn pixel(id: u16, px: u16, py: u16) -> PixelKind {
    if id == ONE_WAY {
        if px_in_tile(py as i16) == 0 {
            PixelKind::OneWay
        } else {
            PixelKind::Empty
        }
    } else if solid_pixel(id, px, py) {
        PixelKind::Solid
    } else {
        PixelKind::Empty
    }
}

// A shape table is indexed with a shift (see `TileShape`).
const _: () = assert!(core::mem::size_of::<TileShape>() == 256);

#[cfg(test)]
mod tests {
    use super::*;

    /// The floor-surface tables of `s` against its pixels (`one_way`: the top row is the
    /// floor of every column).
    fn check_surface(s: &TileShape, one_way: bool) {
        let top = |px: usize| -> u8 {
            if one_way {
                return 0;
            }
            (0..16).find(|&py| s.rows[py] >> px & 1 != 0).map_or(16, |py| py as u8)
        };
        let tops: [u8; 16] = core::array::from_fn(top);
        for px in 0..16u16 {
            assert_eq!(s.top(px), tops[px as usize] as i16, "top({px})");
        }
        for a in 0..16u16 {
            for b in a..16u16 {
                let want = tops[a as usize..=b as usize].iter().copied().min().unwrap() as i16;
                assert_eq!(s.top_min(a, b), want, "top_min({a}, {b})");
            }
            assert_eq!(s.top_min_from(a), tops[a as usize..].iter().copied().min().unwrap() as i16);
            assert_eq!(s.top_min_upto(a), tops[..=a as usize].iter().copied().min().unwrap() as i16);
        }
        let rise = (0..15).map(|i| tops[i].saturating_sub(tops[i + 1])).max().unwrap() as i16;
        let fall = (0..15).map(|i| tops[i + 1].saturating_sub(tops[i])).max().unwrap() as i16;
        assert_eq!((s.surface_rise(true), s.surface_fall(true)), (rise, fall));
        assert_eq!((s.surface_rise(false), s.surface_fall(false)), (fall, rise));
        assert_eq!(s.surface_whole(), tops.iter().all(|&t| t < 16));
        assert_eq!(s.surface_empty(), tops.iter().all(|&t| t == 16));
        assert_eq!(s.is_one_way(), one_way);
    }

    #[test]
    fn surface_tables_match_the_pixels() {
        for (id, s) in BUILTIN.iter().enumerate() {
            check_surface(s, id as u16 == ONE_WAY);
        }
        check_surface(&TileShape::EMPTY, false);
        let mut seed = 0x1234_5678u32;
        for _ in 0..2000 {
            let rows: [u16; 16] = core::array::from_fn(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                // Sparse, dense and empty rows alike.
                let r = (seed >> 8) as u16;
                match seed >> 30 {
                    0 => 0,
                    1 => r & (seed >> 12) as u16,
                    _ => r,
                }
            });
            check_surface(&TileShape::from_rows(rows), false);
        }
    }

    #[test]
    fn builtin_rows_are_the_builtin_shapes_rows() {
        for id in 0..FIRST_HEIGHT_TILE {
            for y in [-17i16, -1, 0, 5, 15, 16, 31, 200] {
                let py = px_in_tile(y) as u16;
                // Ids without a built-in shape (1, 20..32) are blank, as `builtin` gives them.
                assert_eq!(builtin_row(id, y as u16), builtin(id).rows[py as usize], "id {id}, pixel row {y}");
            }
        }
    }
}
