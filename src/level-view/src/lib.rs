//! The level view of a megacollide game: draws a level compiled by `romtool levels` into the
//! VDP's planes and keeps them up to date as the camera moves. Every game uses it (the demo
//! ROM, the template and games made from it).
//!
//! - **Art**: a level's Tiled art layers (romtool's `art.rs`: VDP cells, palette lines and
//!   the name-table words of plane B, the background, and plane A, the foreground) are
//!   loaded into VRAM and CRAM; plane B scrolls with the camera shifted right by its
//!   parallax (Tiled's layer parallax factor 1, 0.5, 0.25, 0.125), plane A with the camera.
//! - **Collision shapes**: a level without art layers shows its collision shapes on plane
//!   B (romtool's shape graphics, drawn from the engine's shape tables, so what the player
//!   sees is exactly what collides); the debug overlay shows them for any level.
//! - **Streaming**: both planes are ring buffers (`megadrive::stream`): only the tile columns
//!   and rows that come into view are read into RAM after the world step
//!   ([`View::prepare`]) and written by DMA in the next VBlank ([`View::upload`]).
//!
//! The hardware crate `megadrive` is the engine-agnostic access to the console; this crate
//! knows romtool's level format, so it sits above it in a crate of its own. It reads a
//! level through [`Level`] (and the shape graphics through [`Shapes`]): plain views of the
//! data romtool generates into each game, made with [`romtool_level!`] and
//! [`romtool_shapes!`].
//!
//! VRAM and CRAM it uses: the shape graphics at VDP tile [`SHAPE_TILE`] (after the font,
//! `megadrive::text`, at tile 32; the 20 built-in shapes and the level's height tiles, 4
//! tiles each, up to tile 383), the art's cells from romtool's `FIRST_ART_TILE` (512) up to
//! [`ART_END_TILE`] (the window name table); palette lines 0 to 2 (line 0 entry 0 is the
//! backdrop). A game keeps its sprites' tiles between 384 and 511 and their palette, with
//! the text's, in line 3. Units: cameras and scroll in pixels, map positions in tiles (16 x
//! 16 pixels, 2 x 2 plane cells).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use megadrive::rt::MainOnly;
use megadrive::stream::{self, Metatiles};
use megadrive::vdp;

/// VDP tile where the shape graphics start (VRAM 0x2000, after the font).
///
/// ```
/// use megacollide_level_view::SHAPE_TILE;
/// use megadrive::vdp::TILE_BYTES;
/// assert_eq!(SHAPE_TILE * TILE_BYTES, 0x2000);
/// ```
pub const SHAPE_TILE: u16 = 256;
/// Palette line of the shapes.
///
/// ```
/// use megacollide_level_view::SHAPE_PALETTE_LINE;
/// // A game keeps its own colours out of the shapes' line.
/// assert!(SHAPE_PALETTE_LINE < 3);
/// ```
pub const SHAPE_PALETTE_LINE: u16 = 2;
/// First VDP tile after the art cells: VRAM 0xB000, the window name table (romtool's
/// `FIRST_ART_TILE + MAX_ART_TILES`, its `budget::ROM_ART_END_TILE`).
///
/// ```
/// use megacollide_level_view::ART_END_TILE;
/// assert_eq!(ART_END_TILE, 0xB000 / 32);
/// ```
pub const ART_END_TILE: u16 = vdp::WINDOW / vdp::TILE_BYTES;
/// The backdrop colour (CRAM word) behind a level drawn with its collision shapes.
///
/// ```
/// use megacollide_level_view::{View, SHAPES_BACKDROP};
/// # use megacollide_level_view::Shapes;
/// # fn vdp_tile(id: u16) -> u16 { id << 2 }
/// # static PALETTE: [u16; 16] = [0; 16];
/// let view = View::new(Shapes { gfx: &[], palette: &PALETTE, vdp_tile });
/// let mut lines = [0; 48];
/// view.palette(&mut lines); // no level with art loaded: the shapes and their backdrop
/// assert_eq!(lines[0], SHAPES_BACKDROP);
/// ```
pub const SHAPES_BACKDROP: u16 = 0x0400;

/// The collision shapes' graphics (romtool's `levels.rs`, the same for every level): make it
/// with [`romtool_shapes!`].
///
/// ```
/// use megacollide_level_view::Shapes;
/// static GFX: [u16; 64] = [0; 64]; // romtool's SHAPE_GFX: one shape of 4 tiles here
/// static PALETTE: [u16; 16] = [0; 16];
/// fn vdp_tile(id: u16) -> u16 { id << 2 } // romtool's shape_vdp_tile
/// let shapes = Shapes { gfx: &GFX, palette: &PALETTE, vdp_tile };
/// assert_eq!((shapes.vdp_tile)(3), 12);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shapes<'a> {
    /// The built-in shapes, 4 VDP tiles (64 words) each (`SHAPE_GFX`).
    pub gfx: &'a [u16],
    /// Their colours: a CRAM line (`SHAPE_PALETTE`).
    pub palette: &'a [u16; 16],
    /// The VDP tile offset, from [`SHAPE_TILE`], of the first of the 4 tiles of a map tile
    /// id, with the level's height tiles loaded right after the built-in shapes
    /// (`shape_vdp_tile`).
    pub vdp_tile: fn(u16) -> u16,
}

/// What the view reads of a level (romtool's `Level` and its `LevelArt`): make it with
/// [`romtool_level!`].
///
/// ```
/// # use megacollide_level_view::{Level, Art, ArtPlane};
/// // A level of 2 x 1 tiles: one solid tile (shape id 1), one empty; no art.
/// static TILES: [u16; 2] = [1, 0];
/// static ROWS: [u16; 1] = [0];
/// let level = Level { width: 2, height: 1, tiles: &TILES, row_offsets: &ROWS, height_gfx: &[], art: None };
/// assert_eq!(level.tiles[level.row_offsets[0] as usize + 1], 0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Level<'a> {
    /// Width in tiles.
    pub width: u16,
    /// Height in tiles.
    pub height: u16,
    /// Row-major tile ids, `width * height`.
    pub tiles: &'a [u16],
    /// `row_offsets[ty] = ty * width`.
    pub row_offsets: &'a [u16],
    /// VDP graphics of the level's height tiles (64 words each), drawn after the built-in
    /// shapes.
    pub height_gfx: &'a [u16],
    /// The level's art layers, if it has any.
    pub art: Option<Art<'a>>,
}

impl Level<'static> {
    /// No level: nothing to draw.
    ///
    /// ```
    /// use megacollide_level_view::Level;
    /// assert_eq!((Level::EMPTY.width, Level::EMPTY.tiles.len()), (0, 0));
    /// ```
    pub const EMPTY: Level<'static> = Level { width: 0, height: 0, tiles: &[], row_offsets: &[], height_gfx: &[], art: None };
}

/// A level's art (romtool's `LevelArt`).
///
/// ```
/// use megacollide_level_view::{Art, ArtPlane, ArtTiles};
/// static CELLS: [u16; 16] = [0x1111; 16]; // one 8 x 8 cell of colour 1
/// static PALETTES: [[u16; 16]; 1] = [[0; 16]];
/// static NAMES: [u16; 4] = [512, 512, 512, 512]; // a 1 x 1 tile level: 2 x 2 cells
/// let art = Art {
///     first_tile: 512,
///     tiles: ArtTiles::Raw(&CELLS),
///     palettes: &PALETTES,
///     plane_b: Some(ArtPlane { width: 2, cells: &NAMES, parallax: 1 }), // half the camera's speed
///     plane_a: None,
/// };
/// assert_eq!(art.plane_b.unwrap().cells.len(), 4);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Art<'a> {
    /// The VDP tile of the first cell of [`Art::tiles`] (romtool's `FIRST_ART_TILE`; the
    /// planes' words name tiles from there).
    pub first_tile: u16,
    /// The cells, 16 words (one 8 x 8 VDP tile) each, as they are or compressed.
    pub tiles: ArtTiles<'a>,
    /// Palette lines 0.. (at most 3; entry 0 of line 0 is the backdrop).
    pub palettes: &'a [[u16; 16]],
    /// Plane B (background), if the level has background layers.
    pub plane_b: Option<ArtPlane<'a>>,
    /// Plane A (foreground), if the level has foreground layers.
    pub plane_a: Option<ArtPlane<'a>>,
}

/// The cells of a level's art: VDP tiles as they are, or compressed as romtool writes them.
///
/// ```
/// use megacollide_level_view::ArtTiles;
/// static CELLS: [u16; 16] = [0x1111; 16];
/// // The same cell as one MCZ stream (megadrive::unpack): 16 words, 1 literal, 15 copies.
/// static PACKED: [&[u16]; 1] = [&[16, 0x010F, 0x1111, 1]];
/// assert_eq!(ArtTiles::Raw(&CELLS).words(), 16);
/// assert_eq!(ArtTiles::Packed(&PACKED).words(), 16);
/// ```
#[derive(Clone, Copy, Debug)]
pub enum ArtTiles<'a> {
    /// The VDP tiles' words.
    Raw(&'a [u16]),
    /// MCZ streams (`megadrive::unpack`) of at most [`PACKED_CHUNK_WORDS`] words each, one
    /// after the other (romtool's `LevelArt::packed_tiles`).
    Packed(&'a [&'a [u16]]),
}

/// The most words an [`ArtTiles::Packed`] stream unpacks to (32 VDP tiles, romtool's
/// `ART_CHUNK_TILES`): [`View::load`] unpacks each into a RAM buffer of this size (1 KiB).
pub const PACKED_CHUNK_WORDS: usize = 512;

/// Where [`View::load`] unpacks compressed art, a stream at a time (1 KiB of RAM, in `.bss`:
/// on the stack it would pass the demo's 1 KiB stack budget; in the view, whose games keep
/// it in initialised statics, it would cost as much ROM).
static UNPACK_BUFFER: MainOnly<[u16; PACKED_CHUNK_WORDS]> = MainOnly::new([0; PACKED_CHUNK_WORDS]);

impl ArtTiles<'_> {
    /// The tiles' words once unpacked (16 a VDP tile).
    pub fn words(&self) -> usize {
        match self {
            ArtTiles::Raw(w) => w.len(),
            ArtTiles::Packed(chunks) => chunks.iter().map(|c| megadrive::unpack::unpacked_len(c).unwrap_or(0)).sum(),
        }
    }

    /// Writes the tiles to VRAM from byte address `addr` (display off), unpacking compressed
    /// ones 32 tiles at a time. A corrupt stream (a ROM built wrong) panics.
    #[inline(never)]
    fn load(&self, addr: u16) {
        match *self {
            ArtTiles::Raw(words) => vdp::load_words(addr, words),
            ArtTiles::Packed(chunks) => UNPACK_BUFFER.with(|buffer| {
                let mut at = addr;
                for chunk in chunks {
                    // A stream that does not unpack is a ROM built wrong: stop (the message
                    // without the error's name keeps its formatting code out of the ROM).
                    let Ok(n) = megadrive::unpack::unpack(chunk, buffer) else {
                        panic!("level art: a compressed tile stream does not unpack")
                    };
                    vdp::load_words(at, &buffer[..n]);
                    at = at.wrapping_add((n as u16) << 1);
                }
            }),
        }
    }
}

/// One plane of a level's art (romtool's `ArtPlane`): a name-table word per cell, 2 x 2
/// cells per map tile.
///
/// ```
/// use megacollide_level_view::ArtPlane;
/// static NAMES: [u16; 8] = [0; 8]; // 2 x 1 tiles: 4 x 2 cells
/// let plane = ArtPlane { width: 4, cells: &NAMES, parallax: 2 };
/// assert_eq!(400i16 >> plane.parallax, 100); // scrolled at a quarter of the camera
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ArtPlane<'a> {
    /// Width in cells (2 x the level's width in tiles).
    pub width: u16,
    /// `width * 2 * level height` name-table words, row-major (0: nothing drawn).
    pub cells: &'a [u16],
    /// The plane scrolls by `camera >> parallax` pixels (0: with the camera).
    pub parallax: u8,
}

/// The [`Shapes`] of romtool's generated `levels.rs`, included as the module `$levels`
/// (`romtool_shapes!(levels)`).
#[macro_export]
macro_rules! romtool_shapes {
    ($levels:ident) => {
        $crate::Shapes { gfx: &$levels::SHAPE_GFX, palette: &$levels::SHAPE_PALETTE, vdp_tile: $levels::shape_vdp_tile }
    };
}

/// The view's [`Level`] of a level romtool compiled: `$level` is a `&Level` of the generated
/// `levels.rs`, `$art` its art, an `Option<&LevelArt>` of the generated `art.rs`
/// (`LEVEL_ART[i]` for `LEVELS[i]`), and `$art_module` the module that includes `art.rs`
/// (its `FIRST_ART_TILE` and `MAX_ART_TILES`; checked at compile time to end before
/// [`ART_END_TILE`]). The one place that reads romtool's generated level types.
#[macro_export]
macro_rules! romtool_level {
    ($level:expr, $art:expr, $art_module:ident) => {{
        const _: () = assert!(
            $art_module::FIRST_ART_TILE + $art_module::MAX_ART_TILES <= $crate::ART_END_TILE,
            "romtool's art cells run into the window name table"
        );
        let level = $level;
        $crate::Level {
            width: level.width,
            height: level.height,
            tiles: level.tiles,
            row_offsets: level.row_offsets,
            height_gfx: level.height_gfx,
            art: match $art {
                Some(art) => Some($crate::Art {
                    first_tile: $art_module::FIRST_ART_TILE,
                    tiles: $crate::ArtTiles::Packed(art.packed_tiles),
                    palettes: art.palettes,
                    plane_b: match &art.plane_b {
                        Some(p) => Some($crate::ArtPlane { width: p.width, cells: p.cells, parallax: p.parallax }),
                        None => None,
                    },
                    plane_a: match &art.plane_a {
                        Some(p) => Some($crate::ArtPlane { width: p.width, cells: p.cells, parallax: p.parallax }),
                        None => None,
                    },
                }),
                None => None,
            },
        }
    }};
}

/// Loads the shape graphics and palette, and the level's height-tile graphics after them
/// (display off or in VBlank).
///
/// ```no_run
/// # use megacollide_level_view::{Level, Shapes, View};
/// # fn vdp_tile(id: u16) -> u16 { id << 2 }
/// # static PALETTE: [u16; 16] = [0; 16];
/// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
/// use megacollide_level_view::load_shape_graphics;
/// megadrive::vdp::display_off();
/// load_shape_graphics(&Level::EMPTY, &shapes);
/// ```
pub fn load_shape_graphics(level: &Level, shapes: &Shapes) {
    let height_tile = SHAPE_TILE + (shapes.gfx.len() / 16) as u16;
    vdp::load_words(SHAPE_TILE * vdp::TILE_BYTES, shapes.gfx);
    vdp::load_words(height_tile * vdp::TILE_BYTES, level.height_gfx);
    vdp::load_palette(SHAPE_PALETTE_LINE * 16, shapes.palette);
}

/// Draws the collision shapes of map tiles (0, 0) .. (`cols`, `rows`) (clipped to the level)
/// into `plane` with the CPU, map tile (0, 0) at plane cell (0, 0) (after
/// [`load_shape_graphics`]; display off).
///
/// ```no_run
/// # use megacollide_level_view::{Level, Shapes, View};
/// # fn vdp_tile(id: u16) -> u16 { id << 2 }
/// # static PALETTE: [u16; 16] = [0; 16];
/// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
/// use megacollide_level_view::{draw_shapes, load_shape_graphics};
/// megadrive::vdp::display_off();
/// load_shape_graphics(&Level::EMPTY, &shapes);
/// draw_shapes(&Level::EMPTY, &shapes, megadrive::vdp::PLANE_B, 20, 14); // a screen of tiles
/// ```
pub fn draw_shapes(level: &Level, shapes: &Shapes, plane: u16, cols: u16, rows: u16) {
    let tiles = ShapeCells { level, shapes };
    for ty in 0..rows.min(level.height) {
        for tx in 0..cols.min(level.width) {
            let [tl, tr, bl, br] = tiles.cells(tx as i16, ty as i16);
            vdp::set_cell_pair(plane, tx << 1, ty << 1, tl, tr);
            vdp::set_cell_pair(plane, tx << 1, (ty << 1) + 1, bl, br);
        }
    }
}

/// Whether map tile (`tx`, `ty`) (tile space) is inside `level`.
#[inline(always)]
fn inside(level: &Level, tx: i16, ty: i16) -> bool {
    tx >= 0 && ty >= 0 && (tx as u16) < level.width && (ty as u16) < level.height
}

/// A level's map tiles drawn with their collision shapes.
struct ShapeCells<'l, 'a> {
    level: &'l Level<'a>,
    shapes: &'l Shapes<'a>,
}

impl ShapeCells<'_, '_> {
    /// The name-table entry of the first of tile id `id`'s four VDP tiles.
    #[inline(always)]
    fn first_cell(&self, id: u16) -> u16 {
        vdp::cell(SHAPE_PALETTE_LINE, SHAPE_TILE + (self.shapes.vdp_tile)(id))
    }

    /// Fills the cells of a row or a column strip of map tiles `lo..hi` (`inside`: the
    /// strip's row or column is in the map, which is `size` tiles along it): `ids` are the
    /// tile ids of its part inside the map, and each tile's four cells go to `first` and
    /// `second` (two words each: a row's top and bottom cells, a column's left and right
    /// ones) as `pair(cell of its first VDP tile)`. Outside the map: shape 0 (blank). A
    /// run of one id (the usual ground, the usual sky) asks for its cell once.
    #[inline(always)]
    fn strip<'t>(
        &self,
        (inside, lo, hi, size): (bool, i16, i16, u16),
        ids: impl Fn(i16, i16) -> Ids<'t>,
        first: &mut [u16],
        second: &mut [u16],
        pair: impl Fn(u16) -> ([u16; 2], [u16; 2]),
    ) {
        let (in0, in1) = if inside { (lo.max(0), hi.min(size as i16)) } else { (0, 0) };
        let blank = pair(self.first_cell(0));
        let (first, _) = first.as_chunks_mut::<2>();
        let (second, _) = second.as_chunks_mut::<2>();
        let (a, b) = if in0 < in1 { ((in0 - lo) as usize, (in1 - lo) as usize) } else { (0, 0) };
        let (first_in, first_after) = first.split_at_mut(b);
        let (second_in, second_after) = second.split_at_mut(b);
        for (f, s) in first_in[..a].iter_mut().chain(first_after.iter_mut()).zip(second_in[..a].iter_mut().chain(second_after.iter_mut())) {
            (*f, *s) = blank;
        }
        if a == b {
            return;
        }
        let mut last = (0u16, blank);
        let mut put = |id: u16, f: &mut [u16; 2], s: &mut [u16; 2]| {
            if id != last.0 {
                last = (id, pair(self.first_cell(id)));
            }
            (*f, *s) = last.1;
        };
        let cells = first_in[a..].iter_mut().zip(second_in[a..].iter_mut());
        match ids(in0, in1) {
            Ids::Run(run) => run.iter().zip(cells).for_each(|(&id, (f, s))| put(id, f, s)),
            Ids::Column(rows, tx) => {
                let tiles = self.level.tiles;
                rows.iter().zip(cells).for_each(|(&r, (f, s))| put(tiles.get(r as usize + tx).copied().unwrap_or(0), f, s));
            }
        }
    }
}

/// The tile ids of a strip's part inside the map ([`ShapeCells::strip`]).
enum Ids<'a> {
    /// A row's: a run of the map's tiles.
    Run(&'a [u16]),
    /// A column's: tile column `tx` of each map row, by the rows' offsets.
    Column(&'a [u16], usize),
}

impl Metatiles for ShapeCells<'_, '_> {
    /// Map tile (`tx`, `ty`) (tile space; outside the map = blank): the shape's four VDP
    /// tiles in row order.
    #[inline(always)]
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        let level = self.level;
        let id = if inside(level, tx, ty) { level.tiles[level.row_offsets[ty as usize] as usize + tx as usize] } else { 0 };
        let first = self.first_cell(id);
        [first, first + 1, first + 2, first + 3]
    }

    /// Map row `ty`, read as a run of the map's tiles ([`ShapeCells::strip`]).
    fn row(&self, ty: i16, x0: i16, x1: i16, top: &mut [u16], bottom: &mut [u16]) {
        let level = self.level;
        let inside = ty >= 0 && (ty as u16) < level.height;
        let start = if inside { level.row_offsets[ty as usize] as usize } else { 0 };
        let run = |in0: i16, in1: i16| Ids::Run(&level.tiles[start + in0 as usize..start + in1 as usize]);
        self.strip((inside, x0, x1, level.width), run, top, bottom, |c| ([c, c + 1], [c + 2, c + 3]));
    }

    /// Map column `tx`, a tile every map row ([`ShapeCells::strip`]).
    fn column(&self, tx: i16, y0: i16, y1: i16, left: &mut [u16], right: &mut [u16]) {
        let level = self.level;
        let inside = tx >= 0 && (tx as u16) < level.width;
        let column = |in0: i16, in1: i16| Ids::Column(&level.row_offsets[in0 as usize..in1 as usize], tx as usize);
        self.strip((inside, y0, y1, level.height), column, left, right, |c| ([c, c + 2], [c + 1, c + 3]));
    }
}

/// A level's art plane as the streamer draws it: the plane's name-table words as they are
/// (romtool wrote palette line, flips, priority and the VDP tile).
struct ArtCells<'l, 'a> {
    level: &'l Level<'a>,
    plane: &'l ArtPlane<'a>,
}

impl Metatiles for ArtCells<'_, '_> {
    /// Map tile (`tx`, `ty`) (tile space; outside the map = nothing drawn): its four cells
    /// of the art plane. The plane is `2 * width` cells wide, so the top-left cell of tile
    /// (tx, ty) is word `4 * row_offsets[ty] + 2 * tx` (no multiply).
    #[inline(always)]
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        let level = self.level;
        if !inside(level, tx, ty) {
            return [0; 4];
        }
        let top = ((level.row_offsets[ty as usize] as usize) << 2) + ((tx as usize) << 1);
        let bottom = top + self.plane.width as usize;
        let c = self.plane.cells;
        [c[top], c[top + 1], c[bottom], c[bottom + 1]]
    }

    /// The plane's two cell rows of map row `ty` are runs in ROM: copied whole (the part
    /// outside the map is blank).
    fn row(&self, ty: i16, x0: i16, x1: i16, top: &mut [u16], bottom: &mut [u16]) {
        let level = self.level;
        let inside = ty >= 0 && (ty as u16) < level.height;
        let Some((in0, a, b)) = clip_strip(inside, x0, x1, level.width, top, bottom) else {
            return;
        };
        let start = ((level.row_offsets[ty as usize] as usize) << 2) + ((in0 as usize) << 1);
        let (n, w) = (b - a, self.plane.width as usize);
        let c = self.plane.cells;
        top[a..b].copy_from_slice(&c[start..start + n]);
        bottom[a..b].copy_from_slice(&c[start + w..start + w + n]);
    }

    /// The plane's two cell columns of map column `tx`: a word every plane row (the part
    /// outside the map is blank).
    fn column(&self, tx: i16, y0: i16, y1: i16, left: &mut [u16], right: &mut [u16]) {
        let level = self.level;
        let inside = tx >= 0 && (tx as u16) < level.width;
        let Some((in0, a, b)) = clip_strip(inside, y0, y1, level.height, left, right) else {
            return;
        };
        let w = self.plane.width as usize;
        let first = ((level.row_offsets[in0 as usize] as usize) << 2) + ((tx as usize) << 1);
        // Whole strips only: the plane holds 2 * height rows of w words.
        let rows = &self.plane.cells[first..first + (b - a - 1) * w + 2];
        let mut at = 0;
        for k in a..b {
            left[k] = rows[at];
            right[k] = rows[at + 1];
            at += w;
        }
    }
}

/// A strip of map tiles `lo..hi` (tile space, along a row or a column; `inside`: its row or
/// column is in the map) clipped to the map's `0..size`: blanks the cells of `first` and
/// `second` (two per tile) outside the map and returns the first tile inside and the cell
/// range to fill, or None when no tile is inside (all blank).
fn clip_strip(inside: bool, lo: i16, hi: i16, size: u16, first: &mut [u16], second: &mut [u16]) -> Option<(i16, usize, usize)> {
    let (in0, in1) = (lo.max(0), hi.min(size as i16));
    if !inside || in0 >= in1 {
        first.fill(0);
        second.fill(0);
        return None;
    }
    let (a, b) = (((in0 - lo) << 1) as usize, ((in1 - lo) << 1) as usize);
    first[..a].fill(0);
    second[..a].fill(0);
    first[b..].fill(0);
    second[b..].fill(0);
    Some((in0, a, b))
}

/// What [`View::stream`] does to a plane.
#[derive(Clone, Copy)]
enum Pass {
    /// [`stream::Streamer::redraw`]: every visible tile (display off).
    Redraw,
    /// [`stream::Streamer::prepare`]: the strips that come into view.
    Prepare,
    /// [`stream::Streamer::redraw_view`]: every tile of the view the last prepare was for
    /// (display off; the camera is not used).
    RedrawView,
}

impl Pass {
    #[inline(always)]
    fn run(self, streamer: &mut stream::Streamer, map: &impl Metatiles, cx: i16, cy: i16) {
        match self {
            Pass::Redraw => streamer.redraw(map, cx, cy),
            Pass::Prepare => streamer.prepare(map, cx, cy),
            Pass::RedrawView => streamer.redraw_view(map),
        }
    }
}

/// What planes A and B show: a level with art layers shows them (plane B scrolled at the
/// camera shifted right by the plane's `parallax`, plane A at the camera), a level without
/// shows its collision shapes on plane B; the debug overlay shows the collision shapes of
/// any level. Both planes are ring buffers streamed as the camera moves
/// (`megadrive::stream`: read into RAM outside VBlank, written by DMA in VBlank).
///
/// Palettes: the art's lines 0.. (at most 3: romtool's budget), line 0 entry 0 is the
/// backdrop; with the shapes shown, line 2 holds the shapes' colours and line 0 entry 0
/// the backdrop [`SHAPES_BACKDROP`]. Line 3 belongs to the game (sprites and text).
///
/// ```no_run
/// # use megacollide_level_view::{Level, Shapes, View};
/// # fn vdp_tile(id: u16) -> u16 { id << 2 }
/// # static PALETTE: [u16; 16] = [0; 16];
/// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
/// let mut view = View::new(shapes);
/// view.load(Level::EMPTY, false, 0, 0);
/// loop {
///     // ... wait for VBlank ...
///     view.upload();
///     // ... the world step moves the camera ...
///     view.prepare(0, 0);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct View<'a> {
    a: stream::Streamer,
    b: stream::Streamer,
    shapes: Shapes<'a>,
    /// The level loaded.
    level: Level<'a>,
    /// The level's art is shown (false: its collision shapes).
    show_art: bool,
    /// [`View::prepare`] drew a camera jump with the display off: [`View::upload`] turns it
    /// back on.
    blanked: bool,
}

impl<'a> View<'a> {
    /// Nothing drawn yet; `shapes` are the game's collision-shape graphics
    /// ([`romtool_shapes!`]).
    ///
    /// ```
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let view = View::new(shapes);
    /// assert!(!view.level_has_art());
    /// ```
    pub const fn new(shapes: Shapes<'a>) -> View<'a> {
        View {
            a: stream::Streamer::new(vdp::PLANE_A),
            b: stream::Streamer::new(vdp::PLANE_B),
            shapes,
            level: Level::EMPTY,
            show_art: false,
            blanked: false,
        }
    }

    /// Loads what `level` needs with the display off (shape and height-tile graphics, the
    /// art's cells, the palettes) and draws both planes for a camera at pixel-space (cx,
    /// cy); `shapes` shows the collision shapes even if the level has art (the debug
    /// overlay). Kept out of line: it runs only with the display off, on a level change.
    ///
    /// ```no_run
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let mut view = View::new(shapes);
    /// view.load(Level::EMPTY, false, 0, 0); // a level, no debug overlay, camera at (0, 0)
    /// ```
    #[inline(never)]
    pub fn load(&mut self, level: Level<'a>, shapes: bool, cx: i16, cy: i16) {
        // Off already, or the planes would show half-drawn; this also turns DMA on (the
        // planes are drawn by DMA), which `vdp::init` leaves off.
        vdp::display_off();
        self.level = level;
        load_shape_graphics(&self.level, &self.shapes);
        self.show_art = !shapes && level.art.is_some();
        match &level.art {
            Some(art) if self.show_art => {
                art.tiles.load(art.first_tile * vdp::TILE_BYTES);
                for (line, colours) in art.palettes.iter().enumerate() {
                    vdp::load_palette(line as u16 * 16, colours);
                }
            }
            _ => vdp::load_palette(0, &[SHAPES_BACKDROP]),
        }
        vdp::clear_plane(vdp::PLANE_A);
        vdp::clear_plane(vdp::PLANE_B);
        // A plane this level does not stream keeps no jump of the last level's.
        self.a.reset();
        self.b.reset();
        self.redraw(cx, cy);
    }

    /// Whether the level loaded has art layers (then the debug overlay swaps them for its
    /// collision shapes: a [`View::load`] with the display off).
    ///
    /// ```no_run
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let mut view = View::new(shapes);
    /// let overlay = true;
    /// if overlay && view.level_has_art() {
    ///     view.load(Level::EMPTY, true, 0, 0); // show the collision shapes instead
    /// }
    /// ```
    pub fn level_has_art(&self) -> bool {
        self.level.art.is_some()
    }

    /// The colours [`View::load`] writes to palette lines 0 to 2 (48 CRAM words), in the
    /// same order, for a game that fades them in: the shapes' line 2, then the art's lines
    /// (or, with the shapes shown, the backdrop). Words `load` leaves alone stay as they are
    /// in `lines`.
    ///
    /// ```
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let view = View::new(shapes);
    /// let mut lines = [0x0EEE; 48];
    /// view.palette(&mut lines); // fade towards these, then the game's line 3
    /// assert_eq!(lines[0], megacollide_level_view::SHAPES_BACKDROP);
    /// ```
    pub fn palette(&self, lines: &mut [u16; 48]) {
        let shapes = (SHAPE_PALETTE_LINE * 16) as usize;
        lines[shapes..shapes + 16].copy_from_slice(self.shapes.palette);
        match &self.level.art {
            Some(art) if self.show_art => {
                for (line, colours) in lines.chunks_exact_mut(16).zip(art.palettes) {
                    line.copy_from_slice(colours);
                }
            }
            _ => lines[0] = SHAPES_BACKDROP,
        }
    }

    /// Draws every visible tile of both planes for a camera at pixel-space (cx, cy).
    /// Display off.
    ///
    /// ```no_run
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let mut view = View::new(shapes);
    /// view.load(Level::EMPTY, false, 0, 0);
    /// megadrive::vdp::display_off();
    /// view.redraw(640, 0); // a new camera, drawn whole
    /// ```
    pub fn redraw(&mut self, cx: i16, cy: i16) {
        self.stream(Pass::Redraw, cx, cy);
    }

    /// Reads the tile columns and rows that come into view for a camera at pixel-space
    /// (cx, cy) into RAM (outside VBlank), for [`View::upload`].
    ///
    /// Any camera may be given: a jump further than the planes stream
    /// ([`stream::MAX_STEP`] pixels per axis per frame: a respawn, a teleport) turns the
    /// display off and draws both planes whole right here (about 150 scanlines), and the
    /// next [`View::upload`] turns the display back on: the frame after that upload shows
    /// the new view, as it would after a scroll. Every game gets camera jumps right so.
    ///
    /// ```no_run
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let mut view = View::new(shapes);
    /// view.load(Level::EMPTY, false, 0, 0);
    /// // After the world step, outside VBlank:
    /// view.prepare(8, 0); // the camera scrolled 8 pixels right
    /// // In the next VBlank:
    /// view.upload();
    /// ```
    pub fn prepare(&mut self, cx: i16, cy: i16) {
        self.stream(Pass::Prepare, cx, cy);
        if self.a.jumped() || self.b.jumped() {
            vdp::display_off();
            self.stream(Pass::RedrawView, cx, cy);
            self.blanked = true;
        }
    }

    /// `pass` for every plane shown: the art's planes (each with its camera, shifted right by
    /// its parallax), or the collision shapes on plane B.
    #[inline(always)]
    fn stream(&mut self, pass: Pass, cx: i16, cy: i16) {
        let level = &self.level;
        match &level.art {
            Some(art) if self.show_art => {
                if let Some(p) = &art.plane_b {
                    pass.run(&mut self.b, &ArtCells { level, plane: p }, cx >> p.parallax, cy >> p.parallax);
                }
                if let Some(p) = &art.plane_a {
                    pass.run(&mut self.a, &ArtCells { level, plane: p }, cx >> p.parallax, cy >> p.parallax);
                }
            }
            _ => pass.run(&mut self.b, &ShapeCells { level, shapes: &self.shapes }, cx, cy),
        }
    }

    /// Writes the prepared strips of both planes by DMA and sets their scroll. In VBlank.
    ///
    /// After a camera jump, which [`View::prepare`] drew whole with the display off, it
    /// turns the display back on instead and returns true: the frame was blanked, and a
    /// game need not count it as missed.
    ///
    /// ```no_run
    /// # use megacollide_level_view::{Level, Shapes, View};
    /// # fn vdp_tile(id: u16) -> u16 { id << 2 }
    /// # static PALETTE: [u16; 16] = [0; 16];
    /// # let shapes = Shapes { gfx: &[], palette: &PALETTE, vdp_tile };
    /// let mut view = View::new(shapes);
    /// view.load(Level::EMPTY, false, 0, 0); // display off
    /// let mut camera_x = 0;
    /// loop {
    ///     // ... wait for VBlank ...
    ///     let _blanked = view.upload();
    ///     // ... the game's step moves the camera, even far (a respawn) ...
    ///     camera_x = if camera_x > 1000 { 0 } else { camera_x + 4 };
    ///     view.prepare(camera_x, 0);
    /// }
    /// ```
    pub fn upload(&mut self) -> bool {
        if self.blanked {
            self.blanked = false;
            vdp::display_on();
            return true;
        }
        self.b.upload();
        if self.show_art {
            self.a.upload();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3 x 2-tile level whose art plane names every cell by its position (row * 16 + col + 1).
    const W: u16 = 3;
    const H: u16 = 2;
    static TILES: [u16; 6] = [0, 2, 3, 32, 19, 0];
    static ROWS: [u16; 2] = [0, 3];
    static CELLS: [u16; 24] = {
        let mut c = [0u16; 24];
        let mut i = 0;
        while i < 24 {
            c[i] = ((i / 6) * 16 + i % 6 + 1) as u16;
            i += 1;
        }
        c
    };
    static PALETTES: [[u16; 16]; 2] = [[0x0E00; 16], [0x00E0; 16]];
    static SHAPE_PALETTE: [u16; 16] = [0x0222; 16];
    const PLANE: ArtPlane<'static> = ArtPlane { width: 2 * W, cells: &CELLS, parallax: 1 };
    const ART: Art<'static> = Art { first_tile: 512, tiles: ArtTiles::Raw(&[]), palettes: &PALETTES, plane_b: Some(PLANE), plane_a: None };
    const LEVEL: Level<'static> = Level { width: W, height: H, tiles: &TILES, row_offsets: &ROWS, height_gfx: &[], art: Some(ART) };
    fn vdp_tile(t: u16) -> u16 {
        if t >= 32 {
            (t - 12) << 2
        } else {
            t << 2
        }
    }
    const SHAPES: Shapes<'static> = Shapes { gfx: &[], palette: &SHAPE_PALETTE, vdp_tile };

    #[test]
    fn art_cells_are_the_planes_words_and_blank_outside() {
        let cells = ArtCells { level: &LEVEL, plane: &PLANE };
        assert_eq!(cells.cells(0, 0), [1, 2, 17, 18]);
        assert_eq!(cells.cells(2, 1), [37, 38, 53, 54]);
        for (tx, ty) in [(-1, 0), (3, 0), (0, -1), (0, 2)] {
            assert_eq!(cells.cells(tx, ty), [0; 4], "({tx}, {ty}) is outside");
        }
    }

    #[test]
    fn rows_and_columns_copy_what_cells_give() {
        strips_equal_cells(&ArtCells { level: &LEVEL, plane: &PLANE });
        strips_equal_cells(&ShapeCells { level: &LEVEL, shapes: &SHAPES });
    }

    /// `cells`' rows and columns (its own, or the trait's defaults) give what its
    /// [`Metatiles::cells`] gives, inside the map and past every side.
    fn strips_equal_cells(cells: &impl Metatiles) {
        for lo in -3..4 {
            for hi in lo..lo + 5 {
                for t in -1..4 {
                    let n = 2 * (hi - lo) as usize;
                    let (mut top, mut bottom) = (vec![9; n], vec![9; n]);
                    cells.row(t, lo, hi, &mut top, &mut bottom);
                    let (mut left, mut right) = (vec![9; n], vec![9; n]);
                    cells.column(t, lo, hi, &mut left, &mut right);
                    for (k, i) in (lo..hi).enumerate() {
                        let [tl, tr, bl, br] = cells.cells(i, t);
                        assert_eq!([top[2 * k], top[2 * k + 1], bottom[2 * k], bottom[2 * k + 1]], [tl, tr, bl, br], "row {t}, tile {i}");
                        let [tl, tr, bl, br] = cells.cells(t, i);
                        assert_eq!(
                            [left[2 * k], right[2 * k], left[2 * k + 1], right[2 * k + 1]],
                            [tl, tr, bl, br],
                            "column {t}, tile {i}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn shapes_are_drawn_from_the_shape_tiles_in_line_2() {
        let shapes = ShapeCells { level: &LEVEL, shapes: &SHAPES };
        let first = |id: u16| vdp::cell(SHAPE_PALETTE_LINE, SHAPE_TILE + vdp_tile(id));
        assert_eq!(shapes.cells(1, 0), [first(2), first(2) + 1, first(2) + 2, first(2) + 3]);
        assert_eq!(shapes.cells(0, 1)[0], first(32), "a height tile after the built-in shapes");
        assert_eq!(shapes.cells(5, 5), [first(0), first(0) + 1, first(0) + 2, first(0) + 3], "outside: blank");
    }

    #[test]
    fn the_palette_is_what_load_writes() {
        let mut view = View::new(SHAPES);
        (view.level, view.show_art) = (LEVEL, true);
        let mut lines = [7u16; 48];
        view.palette(&mut lines);
        assert_eq!(&lines[..16], &PALETTES[0], "the art's line 0 (its entry 0 the backdrop)");
        assert_eq!(&lines[16..32], &PALETTES[1]);
        assert_eq!(&lines[32..], &SHAPE_PALETTE, "line 2: the shapes' (the art has two lines)");
        // The overlay: the shapes and their backdrop; the words load leaves alone stay.
        view.show_art = false;
        let mut lines = [7u16; 48];
        view.palette(&mut lines);
        assert_eq!(lines[0], SHAPES_BACKDROP);
        assert!(lines[1..32].iter().all(|&w| w == 7));
        assert_eq!(&lines[32..], &SHAPE_PALETTE);
    }
}
