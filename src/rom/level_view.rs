//! Draws a level's tiles into a VDP plane, 16x16 map tiles as 2x2 plane cells, and streams
//! the level into plane B as the camera moves (the hardware crate's ring buffer,
//! `megadrive::stream`).

use crate::levels::{self, Level};
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

/// A level scrolled through plane B: which map tiles the plane holds (see
/// `megadrive::stream::Streamer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamer(stream::Streamer);

impl Streamer {
    /// Nothing drawn yet.
    pub const fn new() -> Streamer {
        Streamer(stream::Streamer::new(vdp::PLANE_B))
    }

    /// Draws every visible tile for a camera at pixel-space (cx, cy). Display off.
    pub fn redraw(&mut self, level: &Level, cx: i16, cy: i16) {
        self.0.redraw(&Tiles(level), cx, cy);
    }

    /// Writes the tile columns and rows that came into view for a camera at pixel-space
    /// (cx, cy), then scrolls. In VBlank.
    pub fn update(&mut self, level: &Level, cx: i16, cy: i16) {
        self.0.update(&Tiles(level), cx, cy);
    }
}
