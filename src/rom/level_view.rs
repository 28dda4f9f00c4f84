//! Draws a level's tiles into a VDP plane, 16x16 map tiles as 2x2 plane cells.

use crate::levels::{self, Level};
use crate::vdp;

/// VDP tile index where the shape graphics start (VRAM 0x2000, after the font).
const SHAPE_BASE: u16 = 256;
/// Palette line used for the shapes.
const SHAPE_PALETTE_LINE: u16 = 2;

/// Loads the shape graphics and palette, and the level's height-tile graphics after them.
pub fn load_graphics(level: &Level) {
    vdp::load_words(SHAPE_BASE * 32, &levels::SHAPE_GFX);
    vdp::load_words((SHAPE_BASE + (levels::SHAPE_COUNT as u16) * 4) * 32, level.height_gfx);
    vdp::load_palette(SHAPE_PALETTE_LINE * 16, &levels::SHAPE_PALETTE);
}

/// Writes map tile (`tx`, `ty`) (tile space; outside the map = blank) as the 2x2 cells
/// at plane cell (`cx`, `cy`) of `plane`.
pub fn draw_tile_at(level: &Level, tx: i16, ty: i16, plane: u16, cx: u16, cy: u16) {
    let inside = tx >= 0 && ty >= 0 && (tx as u16) < level.width && (ty as u16) < level.height;
    let id = if inside { level.map.tile(tx, ty) } else { 0 };
    let first = (SHAPE_PALETTE_LINE << 13) | (SHAPE_BASE + levels::shape_vdp_tile(id));
    vdp::set_cell_pair(plane, cx, cy, first, first + 1);
    vdp::set_cell_pair(plane, cx, cy + 1, first + 2, first + 3);
}

/// Draws map tiles (0, 0) .. (`cols`, `rows`) (clipped to the level) into `plane`,
/// with map tile (0, 0) at plane cell (0, 0).
pub fn draw(level: &Level, plane: u16, cols: u16, rows: u16) {
    for ty in 0..rows.min(level.height) {
        for tx in 0..cols.min(level.width) {
            draw_tile_at(level, tx as i16, ty as i16, plane, tx << 1, ty << 1);
        }
    }
}
