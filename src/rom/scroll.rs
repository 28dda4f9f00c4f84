//! Scrolling a level bigger than the VDP plane: the plane (64 x 32 cells = 32 x 16 map
//! tiles) is a ring buffer in both directions. Map tile (tx, ty) lives at plane cells
//! (2 * (tx & 31), 2 * (ty & 15)); the plane's scroll registers are set to the camera, so
//! the wrap is invisible. Each frame only the tile columns and rows that came into view are
//! written ("streaming"); the camera moves at most 16 pixels per axis per frame, so that is
//! at most one tile column (15 tiles) and one tile row (21 tiles) per frame.
//!
//! All writes happen in VBlank (or with the display off): Genesis Plus GX, like the real
//! VDP, only takes a few CPU writes per line during active display.

use crate::level_view;
use crate::levels::Level;
use crate::vdp;
use megacollide_engine::camera::{SCREEN_H, SCREEN_W};

/// Plane size in map tiles (16 x 16 pixels): 32 columns, 16 rows.
const PLANE_TILES_W: i16 = 32;
const PLANE_TILES_H: i16 = 16;

/// Which map tiles (tile space, half-open ranges) are in the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamer {
    x0: i16,
    y0: i16,
    x1: i16,
    y1: i16,
    /// Tile columns written since boot (for tests and the overlay).
    pub columns_streamed: u16,
    /// Tile rows written since boot.
    pub rows_streamed: u16,
}

/// The tiles (tile space, half-open) a camera at pixel-space (cx, cy) shows.
fn visible(cx: i16, cy: i16) -> (i16, i16, i16, i16) {
    (cx >> 4, cy >> 4, ((cx + SCREEN_W - 1) >> 4) + 1, ((cy + SCREEN_H - 1) >> 4) + 1)
}

impl Streamer {
    /// Nothing drawn yet.
    pub const fn new() -> Streamer {
        Streamer { x0: 0, y0: 0, x1: 0, y1: 0, columns_streamed: 0, rows_streamed: 0 }
    }

    /// Draws every visible tile for a camera at pixel-space (cx, cy). Too much for one
    /// VBlank: call with the display off.
    pub fn redraw(&mut self, level: &Level, cx: i16, cy: i16) {
        let (x0, y0, x1, y1) = visible(cx, cy);
        for ty in y0..y1 {
            for tx in x0..x1 {
                draw_tile(level, tx, ty);
            }
        }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1);
        scroll_to(cx, cy);
    }

    /// Brings the plane up to date for a camera at pixel-space (cx, cy): writes the tile
    /// columns and rows that came into view, then sets the scroll registers. Run in VBlank.
    pub fn update(&mut self, level: &Level, cx: i16, cy: i16) {
        let (x0, y0, x1, y1) = visible(cx, cy);
        for tx in x0..x1 {
            if tx < self.x0 || tx >= self.x1 {
                for ty in y0..y1 {
                    draw_tile(level, tx, ty);
                }
                self.columns_streamed = self.columns_streamed.wrapping_add(1);
            }
        }
        for ty in y0..y1 {
            if ty < self.y0 || ty >= self.y1 {
                for tx in x0..x1 {
                    // Columns just written above already hold this row's new tiles.
                    if tx >= self.x0 && tx < self.x1 {
                        draw_tile(level, tx, ty);
                    }
                }
                self.rows_streamed = self.rows_streamed.wrapping_add(1);
            }
        }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1);
        scroll_to(cx, cy);
    }
}

/// Points plane B's scroll at the camera; plane A (text) stays still.
fn scroll_to(cx: i16, cy: i16) {
    vdp::set_hscroll(0, (cx as u16).wrapping_neg());
    vdp::set_vscroll(0, cy as u16);
}

/// Writes map tile (tx, ty) (tile space) into its ring-buffer place in plane B. Tiles
/// outside the map are drawn blank.
fn draw_tile(level: &Level, tx: i16, ty: i16) {
    let cx = ((tx & (PLANE_TILES_W - 1)) << 1) as u16;
    let cy = ((ty & (PLANE_TILES_H - 1)) << 1) as u16;
    level_view::draw_tile_at(level, tx, ty, vdp::PLANE_B, cx, cy);
}
