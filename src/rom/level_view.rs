//! Draws a level into the VDP planes, 16x16 map tiles as 2x2 plane cells: its art layers
//! (plane B background, plane A foreground) or, for a level without art and in the debug
//! overlay, its collision shapes on plane B; streamed as the camera moves (the hardware
//! crate's ring buffer, `megadrive::stream`).

use crate::levels::{self, Level};
use megacollide_game::level_art::{ArtPlane, LevelArt, LEVEL_ART};
use megadrive::stream::{self, Metatiles};
use megadrive::vdp;

/// VDP tile index where the shape graphics start (VRAM 0x2000, after the font).
const SHAPE_BASE: u16 = 256;
/// Palette line used for the shapes.
const SHAPE_PALETTE_LINE: u16 = 2;
/// First VDP tile of a level's art cells (VRAM 0x4000, after the sprite graphics): the
/// name-table words `romtool levels` generates for art layers name tiles from here (romtool's
/// `budget::ROM_ART_BASE_TILE`; its tests read this line).
const ART_BASE: u16 = 512;
/// First VDP tile after the art cells: VRAM 0xB000, the window name table (romtool's
/// `budget::ROM_ART_END_TILE`).
const ART_END: u16 = 1408;
// The art cells lie between the sprite graphics and the name tables (the sprite graphics
// are only in the game build, not in the self-test and panic-test ROMs).
#[cfg(not(any(feature = "selftest", feature = "panic-test")))]
const _: () = assert!((crate::sprites::HIGHLIGHT & 0x07FF) + 6 <= ART_BASE);
const _: () = assert!(ART_END * 32 == vdp::WINDOW);
// The generated art names its tiles from the same place.
const _: () = assert!(ART_BASE == megacollide_game::level_art::FIRST_ART_TILE);
const _: () = assert!(ART_END - ART_BASE == megacollide_game::level_art::MAX_ART_TILES);

/// Loads the shape graphics and palette, and the level's height-tile graphics after them.
pub fn load_graphics(level: &Level) {
    vdp::load_words(SHAPE_BASE * 32, &levels::SHAPE_GFX);
    vdp::load_words((SHAPE_BASE + (levels::SHAPE_COUNT as u16) * 4) * 32, level.height_gfx);
    vdp::load_palette(SHAPE_PALETTE_LINE * 16, &levels::SHAPE_PALETTE);
}

/// A level's map tiles as the plane cells that draw them.
struct Tiles<'a>(&'a Level);

impl Metatiles for Tiles<'_> {
    /// Map tile (`tx`, `ty`) (tile space; outside the map = blank): the shape's four VDP
    /// tiles in row order.
    #[inline(always)]
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        let level = self.0;
        let inside = tx >= 0 && ty >= 0 && (tx as u16) < level.width && (ty as u16) < level.height;
        let id = if inside { level.map.tile(tx, ty) } else { 0 };
        let first = vdp::cell(SHAPE_PALETTE_LINE, SHAPE_BASE + levels::shape_vdp_tile(id));
        [first, first + 1, first + 2, first + 3]
    }
}

/// Draws map tiles (0, 0) .. (`cols`, `rows`) (clipped to the level) into `plane`,
/// with map tile (0, 0) at plane cell (0, 0).
pub fn draw(level: &Level, plane: u16, cols: u16, rows: u16) {
    let tiles = Tiles(level);
    for ty in 0..rows.min(level.height) {
        for tx in 0..cols.min(level.width) {
            let [tl, tr, bl, br] = tiles.cells(tx as i16, ty as i16);
            vdp::set_cell_pair(plane, tx << 1, ty << 1, tl, tr);
            vdp::set_cell_pair(plane, tx << 1, (ty << 1) + 1, bl, br);
        }
    }
}

/// A level's art plane as the streamer draws it: the plane's name-table words as they are
/// (romtool wrote palette line, flips, priority and the VDP tile from [`ART_BASE`]).
struct ArtCells<'a> {
    level: &'a Level,
    plane: &'a ArtPlane,
}

impl Metatiles for ArtCells<'_> {
    /// Map tile (`tx`, `ty`) (tile space; outside the map = nothing drawn): its four cells
    /// of the art plane. The plane is `2 * width` cells wide, so the top-left cell of tile
    /// (tx, ty) is word `4 * row_offsets[ty] + 2 * tx` (no multiply).
    #[inline(always)]
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        let level = self.level;
        let inside = tx >= 0 && ty >= 0 && (tx as u16) < level.width && (ty as u16) < level.height;
        if !inside {
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

/// How far right the camera is shifted for `plane`'s scroll (0: it moves with the camera;
/// romtool's `parallax` from Tiled's layer parallax factor).
fn parallax(plane: &ArtPlane) -> u16 {
    plane.parallax as u16
}

/// Whether `level` has art layers (then the debug overlay swaps them for its shapes).
pub fn has_art(level: &Level) -> bool {
    art_of(level).is_some()
}

/// The level's art, if it has art layers (`romtool levels`' `LEVEL_ART`).
fn art_of(level: &Level) -> Option<&'static LevelArt> {
    LEVEL_ART[levels::index_of(level)?]
}

/// What planes A and B show: a level with art layers shows them (plane B scrolled at the
/// camera shifted right by the plane's `parallax`, plane A at the camera), a level without
/// shows its collision shapes on plane B; the debug overlay shows the collision shapes of
/// any level. Both planes are ring buffers streamed as the camera moves
/// (`megadrive::stream`: read into RAM outside VBlank, written by DMA in VBlank).
///
/// Palettes: the art's lines 0.. (at most 3: romtool's budget), line 0 entry 0 is the
/// backdrop; with the shapes shown, line 2 holds [`levels::SHAPE_PALETTE`] and line 0 the
/// backdrop [`SHAPES_BACKDROP`]. Line 3 belongs to the sprites and the text.
#[derive(Clone, Debug)]
pub struct View {
    a: stream::Streamer,
    b: stream::Streamer,
    /// The art shown (None: the collision shapes).
    art: Option<&'static LevelArt>,
}

/// The backdrop colour (CRAM word) behind a level drawn with its collision shapes.
pub const SHAPES_BACKDROP: u16 = 0x0400;

impl View {
    /// Nothing drawn yet.
    pub const fn new() -> View {
        View { a: stream::Streamer::new(vdp::PLANE_A), b: stream::Streamer::new(vdp::PLANE_B), art: None }
    }

    /// Loads what `level` needs with the display off (shape and height-tile graphics, the
    /// art's tiles, the palettes) and draws both planes for a camera at pixel-space (cx,
    /// cy); `shapes` shows the collision shapes even if the level has art (the debug
    /// overlay).
    pub fn load(&mut self, level: &Level, shapes: bool, cx: i16, cy: i16) {
        load_graphics(level);
        self.art = if shapes { None } else { art_of(level) };
        match self.art {
            Some(art) => {
                vdp::load_words(ART_BASE * 32, art.tiles);
                for (line, colours) in art.palettes.iter().enumerate() {
                    vdp::load_palette(line as u16 * 16, colours);
                }
            }
            None => vdp::load_palette(0, &[SHAPES_BACKDROP]),
        }
        vdp::clear_plane(vdp::PLANE_A);
        vdp::clear_plane(vdp::PLANE_B);
        self.redraw(level, cx, cy);
    }

    /// Draws every visible tile of both planes for a camera at pixel-space (cx, cy).
    /// Display off.
    pub fn redraw(&mut self, level: &Level, cx: i16, cy: i16) {
        match self.art {
            None => self.b.redraw(&Tiles(level), cx, cy),
            Some(art) => {
                if let Some(p) = &art.plane_b {
                    self.b.redraw(&ArtCells { level, plane: p }, cx >> parallax(p), cy >> parallax(p));
                }
                if let Some(p) = &art.plane_a {
                    self.a.redraw(&ArtCells { level, plane: p }, cx >> parallax(p), cy >> parallax(p));
                }
            }
        }
    }

    /// Reads the tile columns and rows that come into view for a camera at pixel-space
    /// (cx, cy) into RAM (outside VBlank), for [`View::upload`].
    pub fn prepare(&mut self, level: &Level, cx: i16, cy: i16) {
        match self.art {
            None => self.b.prepare(&Tiles(level), cx, cy),
            Some(art) => {
                if let Some(p) = &art.plane_b {
                    self.b.prepare(&ArtCells { level, plane: p }, cx >> parallax(p), cy >> parallax(p));
                }
                if let Some(p) = &art.plane_a {
                    self.a.prepare(&ArtCells { level, plane: p }, cx >> parallax(p), cy >> parallax(p));
                }
            }
        }
    }

    /// Writes the prepared strips of both planes by DMA and sets their scroll. In VBlank.
    pub fn upload(&mut self) {
        self.b.upload();
        if self.art.is_some() {
            self.a.upload();
        }
    }
}
