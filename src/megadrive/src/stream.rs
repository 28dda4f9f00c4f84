//! Plane streaming: scrolling a map bigger than the VDP plane. The plane (64 x 32 cells =
//! 32 x 16 metatiles of 16 x 16 pixels) is a ring buffer in both directions: metatile
//! (tx, ty) lives at plane cells (2 * (tx & 31), 2 * (ty & 15)), and the plane's scroll
//! registers follow the camera, so the wrap is invisible. Each frame only the metatile
//! columns and rows that came into view are written; a camera that moves at most 16 pixels
//! per axis per frame needs at most one column (15 metatiles) and one row (21 metatiles).
//!
//! All writes happen in VBlank ([`Streamer::update`]) or with the display off
//! ([`Streamer::redraw`]).

use crate::vdp::{self, SCREEN_H, SCREEN_W};

/// Plane size in metatiles (16 x 16 pixels): 32 columns.
pub const PLANE_METATILES_W: i16 = (vdp::PLANE_WIDTH >> 1) as i16;
/// Plane size in metatiles: 16 rows.
pub const PLANE_METATILES_H: i16 = (vdp::PLANE_HEIGHT >> 1) as i16;

/// What the streamer draws: the four plane cells of each 16 x 16-pixel metatile.
pub trait Metatiles {
    /// The name-table entries ([`vdp::cell`]) of metatile (`tx`, `ty`) (metatile space,
    /// possibly outside the map: draw those blank): top-left, top-right, bottom-left,
    /// bottom-right.
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4];
}

/// Which metatiles (metatile space, half-open ranges) are in the plane, and which plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamer {
    plane: u16,
    x0: i16,
    y0: i16,
    x1: i16,
    y1: i16,
    /// Metatile columns written since boot (for tests and overlays; wraps).
    pub columns_streamed: u16,
    /// Metatile rows written since boot (wraps).
    pub rows_streamed: u16,
}

/// The metatiles (metatile space, half-open: x0, y0, x1, y1) a camera whose top-left is at
/// pixel (cx, cy) shows.
pub fn visible(cx: i16, cy: i16) -> (i16, i16, i16, i16) {
    (cx >> 4, cy >> 4, ((cx + SCREEN_W - 1) >> 4) + 1, ((cy + SCREEN_H - 1) >> 4) + 1)
}

impl Streamer {
    /// Nothing drawn yet, on the plane at VRAM address `plane` ([`vdp::PLANE_A`] or
    /// [`vdp::PLANE_B`]).
    pub const fn new(plane: u16) -> Streamer {
        Streamer { plane, x0: 0, y0: 0, x1: 0, y1: 0, columns_streamed: 0, rows_streamed: 0 }
    }

    /// Draws every visible metatile for a camera at pixel (cx, cy) and scrolls to it. Too
    /// much for one VBlank: call with the display off.
    pub fn redraw(&mut self, map: &impl Metatiles, cx: i16, cy: i16) {
        let (x0, y0, x1, y1) = visible(cx, cy);
        for ty in y0..y1 {
            for tx in x0..x1 {
                self.draw(map, tx, ty);
            }
        }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1);
        self.scroll_to(cx, cy);
    }

    /// Brings the plane up to date for a camera at pixel (cx, cy): writes the metatile
    /// columns and rows that came into view, then sets the scroll. Run in VBlank.
    pub fn update(&mut self, map: &impl Metatiles, cx: i16, cy: i16) {
        let (x0, y0, x1, y1) = visible(cx, cy);
        for tx in x0..x1 {
            if tx < self.x0 || tx >= self.x1 {
                for ty in y0..y1 {
                    self.draw(map, tx, ty);
                }
                self.columns_streamed = self.columns_streamed.wrapping_add(1);
            }
        }
        for ty in y0..y1 {
            if ty < self.y0 || ty >= self.y1 {
                for tx in x0..x1 {
                    // Columns just written above already hold this row's new metatiles.
                    if tx >= self.x0 && tx < self.x1 {
                        self.draw(map, tx, ty);
                    }
                }
                self.rows_streamed = self.rows_streamed.wrapping_add(1);
            }
        }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1);
        self.scroll_to(cx, cy);
    }

    /// Points the streamed plane's scroll at the camera (pixel (cx, cy)); the other plane's
    /// scroll stays as it is.
    fn scroll_to(&self, cx: i16, cy: i16) {
        vdp::set_plane_scroll(self.plane, (cx as u16).wrapping_neg(), cy as u16);
    }

    /// Writes metatile (tx, ty) into its ring-buffer place in the plane.
    fn draw(&self, map: &impl Metatiles, tx: i16, ty: i16) {
        let [tl, tr, bl, br] = map.cells(tx, ty);
        let cx = ((tx & (PLANE_METATILES_W - 1)) << 1) as u16;
        let cy = ((ty & (PLANE_METATILES_H - 1)) << 1) as u16;
        vdp::set_cell_pair(self.plane, cx, cy, tl, tr);
        vdp::set_cell_pair(self.plane, cx, cy + 1, bl, br);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_spans_21_by_15_metatiles_at_most() {
        assert_eq!(visible(0, 0), (0, 0, 20, 14));
        assert_eq!(visible(8, 8), (0, 0, 21, 15));
        assert_eq!(visible(-8, -16), (-1, -1, 20, 13));
        // The ring buffer is bigger than the view in both directions.
        let (x0, y0, x1, y1) = visible(15, 15);
        assert!(x1 - x0 < PLANE_METATILES_W && y1 - y0 < PLANE_METATILES_H);
    }
}
