//! Plane streaming: scrolling a map bigger than the VDP plane. The plane (64 x 32 cells =
//! 32 x 16 metatiles of 16 x 16 pixels) is a ring buffer in both directions: metatile
//! (tx, ty) lives at plane cells (2 * (tx & 31), 2 * (ty & 15)), and the plane's scroll
//! registers follow the camera, so the wrap is invisible. Each frame only the metatile
//! columns and rows that came into view are written; a camera that moves at most 16 pixels
//! per axis per frame needs at most one column (15 metatiles) and one row (21 metatiles).
//!
//! The map is read outside VBlank into RAM ([`Streamer::prepare`]) and the new strips go to
//! VRAM by DMA in VBlank ([`Streamer::upload`]). A camera that jumps further than
//! [`MAX_STEP`] (a respawn, a teleport) cannot be streamed: [`Streamer::prepare`] then marks
//! the plane [`Streamer::jumped`], and [`Streamer::redraw_view`] draws the whole view again
//! (every visible metatile column by DMA, about a third of a frame; with the display off).
//!
//! ```no_run
//! use megadrive::stream::{Metatiles, Streamer};
//! use megadrive::vdp;
//!
//! /// A map of one metatile: cell 1 everywhere.
//! struct Plain;
//! impl Metatiles for Plain {
//!     fn cells(&self, _tx: i16, _ty: i16) -> [u16; 4] {
//!         [1; 4]
//!     }
//! }
//!
//! let mut plane = Streamer::new(vdp::PLANE_B);
//! plane.redraw(&Plain, 0, 0); // display off: the first picture
//! // Each frame: outside VBlank, then in VBlank.
//! plane.prepare(&Plain, 8, 0);
//! if plane.jumped() {
//!     vdp::display_off();
//!     plane.redraw_view(&Plain);
//!     vdp::display_on();
//! } else {
//!     plane.upload();
//! }
//! ```

use crate::vdp::{self, SCREEN_H, SCREEN_W};

/// Plane size in metatiles (16 x 16 pixels): 32 columns.
///
/// ```
/// use megadrive::stream::PLANE_METATILES_W;
/// let ring_column = 37 & (PLANE_METATILES_W - 1); // metatile column 37 lives in plane column 5
/// assert_eq!(ring_column, 5);
/// ```
pub const PLANE_METATILES_W: i16 = (vdp::PLANE_WIDTH >> 1) as i16;
/// Plane size in metatiles: 16 rows.
///
/// ```
/// use megadrive::stream::PLANE_METATILES_H;
/// assert_eq!(20 & (PLANE_METATILES_H - 1), 4); // metatile row 20 lives in plane row 4
/// ```
pub const PLANE_METATILES_H: i16 = (vdp::PLANE_HEIGHT >> 1) as i16;

/// What the streamer draws: the four plane cells of each 16 x 16-pixel metatile.
///
/// ```
/// use megadrive::stream::Metatiles;
/// use megadrive::vdp::cell;
/// /// A checkerboard of tiles 1 and 2 (palette line 0).
/// struct Checker;
/// impl Metatiles for Checker {
///     fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
///         [cell(0, 1 + ((tx + ty) & 1) as u16); 4]
///     }
/// }
/// assert_eq!(Checker.cells(1, 0), [2; 4]);
/// ```
pub trait Metatiles {
    /// The name-table entries ([`vdp::cell`]) of metatile (`tx`, `ty`) (metatile space,
    /// possibly outside the map: draw those blank): top-left, top-right, bottom-left,
    /// bottom-right.
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4];

    /// Metatile row `ty`, columns `x0..x1`: the top cells into `top` and the bottom cells
    /// into `bottom` (2 per metatile, left to right). The default asks
    /// [`Metatiles::cells`] for each; a map stored as cells can copy whole runs.
    fn row(&self, ty: i16, x0: i16, x1: i16, top: &mut [u16], bottom: &mut [u16]) {
        let mut k = 0;
        for tx in x0..x1 {
            let [tl, tr, bl, br] = self.cells(tx, ty);
            (top[k], top[k + 1]) = (tl, tr);
            (bottom[k], bottom[k + 1]) = (bl, br);
            k += 2;
        }
    }

    /// Metatile column `tx`, rows `y0..y1`: the left cells into `left` and the right cells
    /// into `right` (2 per metatile, top to bottom). The default asks
    /// [`Metatiles::cells`] for each.
    fn column(&self, tx: i16, y0: i16, y1: i16, left: &mut [u16], right: &mut [u16]) {
        let mut k = 0;
        for ty in y0..y1 {
            let [tl, tr, bl, br] = self.cells(tx, ty);
            (left[k], left[k + 1]) = (tl, bl);
            (right[k], right[k + 1]) = (tr, br);
            k += 2;
        }
    }
}

/// Metatile columns (and rows) that may come into view between two uploads: a camera that
/// moves at most [`MAX_STEP`] pixels per axis.
///
/// ```
/// use megadrive::stream::MAX_STRIPS;
/// const TOP_SPEED: i16 = 24; // the game's fastest camera, pixels per frame
/// assert!(((TOP_SPEED + 15) >> 4) as usize <= MAX_STRIPS); // strips of 16 pixels: streamed
/// ```
pub const MAX_STRIPS: usize = 2;
/// The most a plane's camera may move per axis between two [`Streamer::prepare`] calls
/// and be streamed (pixels); a bigger jump marks the plane [`Streamer::jumped`], to be
/// drawn again whole ([`Streamer::redraw_view`]).
///
/// ```
/// use megadrive::stream::MAX_STEP;
/// let (old_x, new_x): (i16, i16) = (100, 180); // a teleport
/// assert!((new_x - old_x).abs() > MAX_STEP); // drawn whole, not streamed
/// ```
pub const MAX_STEP: i16 = 16 * MAX_STRIPS as i16;
/// Cells of one cell column of the view: 15 metatiles.
const COLUMN_CELLS: usize = 2 * ((SCREEN_H as usize).div_ceil(16) + 1);
/// Cells of one cell row of the view: 21 metatiles.
const ROW_CELLS: usize = 2 * ((SCREEN_W as usize).div_ceil(16) + 1);

/// One cell column or cell row waiting for its DMA: where it starts in the plane's ring
/// and its name-table words in ring order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strip<const N: usize> {
    /// Plane cell column (for a column) or cell row (for a row), 0..64 / 0..32.
    at: u16,
    /// First ring cell along the strip (row for a column, column for a row).
    first: u16,
    /// Cells used of `words`.
    len: u16,
    words: [u16; N],
}

impl<const N: usize> Strip<N> {
    const EMPTY: Strip<N> = Strip { at: 0, first: 0, len: 0, words: [0; N] };

    /// The words used.
    fn words(&self) -> &[u16] {
        &self.words[..self.len as usize]
    }
}

/// Bytes of one plane row (64 cells of 2 bytes) as a shift.
const ROW_SHIFT: u16 = 7;
const _: () = assert!(vdp::PLANE_WIDTH << 1 == 1 << ROW_SHIFT);

/// DMAs `words`, a strip of a ring of `ring` cells that starts at ring cell `first`, to the
/// strip whose ring cell 0 is at VRAM byte address `base`, cells `1 << shift` bytes apart:
/// one transfer, or two where it wraps round the ring.
fn upload_strip(words: &[u16], base: u16, first: u16, ring: u16, shift: u16) {
    let split = ((ring - first) as usize).min(words.len());
    let step = (1u16 << shift) as u8;
    crate::dma::copy_to_vram_stride(&words[..split], base + (first << shift), step);
    if split < words.len() {
        crate::dma::copy_to_vram_stride(&words[split..], base, step);
    }
}

/// Which metatiles (metatile space, half-open ranges) are in the plane, which plane, and
/// the strips that came into view waiting for VBlank.
///
/// A frame: [`Streamer::prepare`] after the world step (outside VBlank: reads the map into
/// RAM), [`Streamer::upload`] in the next VBlank (a few DMA transfers and the scroll).
///
/// ```
/// use megadrive::stream::Streamer;
/// use megadrive::vdp;
/// let foreground = Streamer::new(vdp::PLANE_A); // one per plane, each its own ring
/// let background = Streamer::new(vdp::PLANE_B);
/// assert_eq!(foreground.columns_streamed + background.rows_streamed, 0); // an overlay's counters
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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
    columns: [Strip<COLUMN_CELLS>; 2 * MAX_STRIPS],
    rows: [Strip<ROW_CELLS>; 2 * MAX_STRIPS],
    column_count: u8,
    row_count: u8,
    /// The scroll [`Streamer::upload`] sets: horizontal, vertical.
    scroll: (u16, u16),
    /// The camera jumped further than the strips can follow since the last redraw: the
    /// view must be drawn whole ([`Streamer::redraw_view`]).
    jumped: bool,
}

/// The metatiles (metatile space, half-open: x0, y0, x1, y1) a camera whose top-left is at
/// pixel (cx, cy) shows.
///
/// ```
/// use megadrive::stream::visible;
/// // 320 x 224 pixels: 20 x 14 metatiles, one more each way when not aligned.
/// assert_eq!(visible(0, 0), (0, 0, 20, 14));
/// assert_eq!(visible(8, 40), (0, 2, 21, 17));
/// ```
pub fn visible(cx: i16, cy: i16) -> (i16, i16, i16, i16) {
    (cx >> 4, cy >> 4, ((cx + SCREEN_W - 1) >> 4) + 1, ((cy + SCREEN_H - 1) >> 4) + 1)
}

impl Streamer {
    /// Nothing drawn yet, on the plane at VRAM address `plane` ([`vdp::PLANE_A`] or
    /// [`vdp::PLANE_B`]).
    ///
    /// ```
    /// use megadrive::stream::Streamer;
    /// use megadrive::vdp;
    /// let plane = Streamer::new(vdp::PLANE_A);
    /// assert!(!plane.jumped());
    /// ```
    pub const fn new(plane: u16) -> Streamer {
        Streamer {
            plane,
            x0: 0,
            y0: 0,
            x1: 0,
            y1: 0,
            columns_streamed: 0,
            rows_streamed: 0,
            columns: [Strip::EMPTY; 2 * MAX_STRIPS],
            rows: [Strip::EMPTY; 2 * MAX_STRIPS],
            column_count: 0,
            row_count: 0,
            scroll: (0, 0),
            jumped: false,
        }
    }

    /// Draws every visible metatile for a camera at pixel (cx, cy) and scrolls to it
    /// ([`Streamer::redraw_view`] for that camera; anything prepared is dropped). Too much
    /// for one VBlank: call with the display off ([`vdp::display_off`], which also turns on
    /// the DMA it draws with).
    ///
    /// ```no_run
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// let mut plane = Streamer::new(vdp::PLANE_A);
    /// vdp::display_off();
    /// plane.redraw(&Map, 640, 96); // a level that starts at camera (640, 96)
    /// vdp::display_on();
    /// ```
    pub fn redraw(&mut self, map: &impl Metatiles, cx: i16, cy: i16) {
        (self.x0, self.y0, self.x1, self.y1) = visible(cx, cy);
        self.scroll = scroll_of(cx, cy);
        self.redraw_view(map);
    }

    /// Draws every metatile of the view the last [`Streamer::prepare`] (or
    /// [`Streamer::redraw`]) was for, a metatile row at a time by DMA, sets the scroll and
    /// clears [`Streamer::jumped`]; anything prepared is dropped. Rows, not columns: a map
    /// stored as cells copies a row's runs whole ([`Metatiles::row`]). About 15 rows of 42
    /// cells: call with the display off (or in VBlank, which it outlasts). Each row's
    /// transfers get a DMA window of the sound driver of their own (unless the caller has
    /// one open), so the driver refills its PCM ring while the next row is read.
    ///
    /// ```no_run
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// # let mut plane = Streamer::new(vdp::PLANE_A);
    /// plane.prepare(&Map, 4000, 0); // a respawn far away
    /// if plane.jumped() {
    ///     vdp::display_off();
    ///     plane.redraw_view(&Map);
    ///     vdp::display_on();
    /// }
    /// ```
    pub fn redraw_view(&mut self, map: &impl Metatiles) {
        let plane = self.plane;
        let (top, bottom) = self.rows.split_at_mut(1);
        for ty in self.y0..self.y1 {
            fill_row(map, ty, self.x0, self.x1, &mut top[0], &mut bottom[0]);
            let window = crate::sound::dma_start();
            for s in [&top[0], &bottom[0]] {
                upload_strip(s.words(), plane + (s.at << ROW_SHIFT), s.first, vdp::PLANE_WIDTH, 1);
            }
            crate::sound::dma_done(window);
        }
        (self.column_count, self.row_count, self.jumped) = (0, 0, false);
        vdp::set_plane_scroll(plane, self.scroll.0, self.scroll.1);
    }

    /// Forgets what the plane shows (nothing drawn, nothing prepared, no jump), as
    /// [`Streamer::new`] leaves it: for a plane that stops being streamed (its next
    /// [`Streamer::prepare`] is a jump, drawn whole).
    ///
    /// ```
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// let mut plane = Streamer::new(vdp::PLANE_B);
    /// plane.prepare(&Map, 0, 0); // the first view is drawn whole: a jump
    /// plane.reset();
    /// assert!(!plane.jumped());
    /// ```
    pub fn reset(&mut self) {
        (self.x0, self.y0, self.x1, self.y1) = (0, 0, 0, 0);
        (self.column_count, self.row_count, self.jumped) = (0, 0, false);
    }

    /// Whether the camera jumped, since the last redraw, further than the strips follow
    /// ([`MAX_STEP`] pixels per axis between two [`Streamer::prepare`] calls): the view must
    /// then be drawn whole with [`Streamer::redraw_view`] instead of [`Streamer::upload`].
    ///
    /// ```
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// let mut plane = Streamer::new(vdp::PLANE_A);
    /// plane.prepare(&Map, 0, 0); // nothing drawn yet: 20 new columns, more than MAX_STRIPS
    /// assert!(plane.jumped());
    /// ```
    pub fn jumped(&self) -> bool {
        self.jumped
    }

    /// Reads the metatile columns and rows that come into view for a camera at pixel
    /// (cx, cy) into RAM, for the next [`Streamer::upload`]. Outside VBlank. When more than
    /// [`MAX_STRIPS`] columns or rows would wait for the upload (the camera moved more than
    /// [`MAX_STEP`] pixels on an axis since the last upload or redraw), nothing is read:
    /// the plane is marked [`Streamer::jumped`] instead.
    ///
    /// The metatile columns that came into view are those of `x0..x1` outside the last
    /// range, `self.x0..self.x1`: the ones left of it and the ones right of it, each a run
    /// at an end of the new range (rows alike). Only those are visited, in ascending
    /// order, so a frame whose camera stays within its metatiles costs no loop.
    ///
    /// ```no_run
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// # fn wait_vblank() {}
    /// let mut plane = Streamer::new(vdp::PLANE_A);
    /// let mut cx = 0;
    /// loop {
    ///     cx += 2; // the world step moves the camera
    ///     plane.prepare(&Map, cx, 0);
    ///     wait_vblank();
    ///     if plane.jumped() { plane.redraw_view(&Map) } else { plane.upload() }
    /// }
    /// ```
    pub fn prepare(&mut self, map: &impl Metatiles, cx: i16, cy: i16) {
        let (x0, y0, x1, y1) = visible(cx, cy);
        self.scroll = scroll_of(cx, cy);
        if (x0, y0, x1, y1) == (self.x0, self.y0, self.x1, self.y1) {
            return; // within the same metatiles: nothing comes into view
        }
        // Strips waiting for their upload count too (a second prepare before an upload).
        let columns = entering(x0, x1, self.x0, self.x1) + (self.column_count >> 1) as i16;
        let rows = entering(y0, y1, self.y0, self.y1) + (self.row_count >> 1) as i16;
        if self.jumped || columns > MAX_STRIPS as i16 || rows > MAX_STRIPS as i16 {
            self.jumped = true;
        } else {
            self.prepare_columns(map, x0, x1.min(self.x0), y0, y1);
            self.prepare_columns(map, x0.max(self.x1), x1, y0, y1);
            self.prepare_rows(map, y0, y1.min(self.y0), x0, x1);
            self.prepare_rows(map, y0.max(self.y1), y1, x0, x1);
        }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1);
    }

    /// Reads metatile columns `from..to` (rows `y0..y1`) into the next strips ([`Streamer::prepare`]
    /// made sure there is room: [`MAX_STRIPS`]).
    fn prepare_columns(&mut self, map: &impl Metatiles, from: i16, to: i16, y0: i16, y1: i16) {
        for tx in from..to {
            let i = self.column_count as usize;
            let (left, right) = self.columns.split_at_mut(i + 1);
            fill_column(map, tx, y0, y1, &mut left[i], &mut right[0]);
            self.column_count += 2;
            self.columns_streamed = self.columns_streamed.wrapping_add(1);
        }
    }

    /// Reads metatile rows `from..to` (columns `x0..x1`) into the next strips ([`Streamer::prepare`]
    /// made sure there is room: [`MAX_STRIPS`]).
    fn prepare_rows(&mut self, map: &impl Metatiles, from: i16, to: i16, x0: i16, x1: i16) {
        for ty in from..to {
            let i = self.row_count as usize;
            let (top, bottom) = self.rows.split_at_mut(i + 1);
            fill_row(map, ty, x0, x1, &mut top[i], &mut bottom[0]);
            self.row_count += 2;
            self.rows_streamed = self.rows_streamed.wrapping_add(1);
        }
    }

    /// Writes the prepared strips into the plane by DMA (each cell column or row in one
    /// or two transfers: two where it wraps around the ring) and sets the plane's scroll.
    /// In VBlank.
    ///
    /// ```no_run
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// # let mut plane = Streamer::new(vdp::PLANE_B);
    /// plane.prepare(&Map, 16, 0); // outside VBlank
    /// // ... in VBlank:
    /// plane.upload();
    /// ```
    pub fn upload(&mut self) {
        let plane = self.plane;
        // A cell column: ring of PLANE_HEIGHT cells, a plane row (128 bytes) apart; a cell
        // row: ring of PLANE_WIDTH cells, 2 bytes apart.
        for s in &self.columns[..self.column_count as usize] {
            upload_strip(s.words(), plane + (s.at << 1), s.first, vdp::PLANE_HEIGHT, ROW_SHIFT);
        }
        for s in &self.rows[..self.row_count as usize] {
            upload_strip(s.words(), plane + (s.at << ROW_SHIFT), s.first, vdp::PLANE_WIDTH, 1);
        }
        (self.column_count, self.row_count) = (0, 0);
        vdp::set_plane_scroll(plane, self.scroll.0, self.scroll.1);
    }

    /// [`Streamer::prepare`] and [`Streamer::upload`] at once, all in VBlank (after a jump,
    /// [`Streamer::redraw_view`], which outlasts the VBlank: the DMA then runs at the
    /// active display's slower pace).
    ///
    /// ```no_run
    /// use megadrive::stream::{Metatiles, Streamer};
    /// use megadrive::vdp;
    /// # struct Map;
    /// # impl Metatiles for Map { fn cells(&self, _: i16, _: i16) -> [u16; 4] { [0; 4] } }
    /// let mut background = Streamer::new(vdp::PLANE_B);
    /// let camera_x: i16 = 300;
    /// background.update(&Map, camera_x >> 1, 0); // in VBlank: half-speed parallax
    /// ```
    pub fn update(&mut self, map: &impl Metatiles, cx: i16, cy: i16) {
        self.prepare(map, cx, cy);
        if self.jumped {
            self.redraw_view(map);
        } else {
            self.upload();
        }
    }
}

/// How many of the metatiles `lo..hi` (one axis) are outside the last range `last_lo..last_hi`:
/// those that come into view, at either end (a range as wide as the view: at most one end
/// has any).
fn entering(lo: i16, hi: i16, last_lo: i16, last_hi: i16) -> i16 {
    (hi.min(last_lo) - lo).max(0) + (hi - lo.max(last_hi)).max(0)
}

/// The plane scroll for a camera at pixel (cx, cy) (full-screen scroll mode).
fn scroll_of(cx: i16, cy: i16) -> (u16, u16) {
    ((cx as u16).wrapping_neg(), cy as u16)
}

/// Metatile column `tx`, rows `y0..y1`, as its left and right cell columns in ring order.
fn fill_column(map: &impl Metatiles, tx: i16, y0: i16, y1: i16, left: &mut Strip<COLUMN_CELLS>, right: &mut Strip<COLUMN_CELLS>) {
    let at = ((tx & (PLANE_METATILES_W - 1)) << 1) as u16;
    let first = ((y0 & (PLANE_METATILES_H - 1)) << 1) as u16;
    let k = 2 * (y1 - y0) as usize;
    map.column(tx, y0, y1, &mut left.words[..k], &mut right.words[..k]);
    (left.at, left.first, left.len) = (at, first, k as u16);
    (right.at, right.first, right.len) = (at + 1, first, k as u16);
}

/// Metatile row `ty`, columns `x0..x1`, as its top and bottom cell rows in ring order.
fn fill_row(map: &impl Metatiles, ty: i16, x0: i16, x1: i16, top: &mut Strip<ROW_CELLS>, bottom: &mut Strip<ROW_CELLS>) {
    let at = ((ty & (PLANE_METATILES_H - 1)) << 1) as u16;
    let first = ((x0 & (PLANE_METATILES_W - 1)) << 1) as u16;
    let k = 2 * (x1 - x0) as usize;
    map.row(ty, x0, x1, &mut top.words[..k], &mut bottom.words[..k]);
    (top.at, top.first, top.len) = (at, first, k as u16);
    (bottom.at, bottom.first, bottom.len) = (at + 1, first, k as u16);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strip_holds_a_whole_column_or_row_of_the_view() {
        let (x0, y0, x1, y1) = visible(15, 15);
        assert_eq!((2 * (y1 - y0)) as usize, COLUMN_CELLS);
        assert_eq!((2 * (x1 - x0)) as usize, ROW_CELLS);
        // Shorter than the ring: a strip wraps at most once.
        assert!(COLUMN_CELLS < vdp::PLANE_HEIGHT as usize && ROW_CELLS < vdp::PLANE_WIDTH as usize);
    }

    struct Ids;
    impl Metatiles for Ids {
        fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
            let id = ((ty as u16) << 8) | (tx as u16 & 0xFF);
            [id, id + 0x1000, id + 0x2000, id + 0x3000]
        }
    }

    #[test]
    fn strips_are_in_ring_order() {
        let mut l = Strip::EMPTY;
        let mut r = Strip::EMPTY;
        fill_column(&Ids, 33, 14, 18, &mut l, &mut r);
        assert_eq!((l.at, l.first, l.len, r.at), (2, 28, 8, 3));
        assert_eq!(&l.words[..4], &[(14 << 8) | 33, 0x2000 + ((14 << 8) | 33), (15 << 8) | 33, 0x2000 + ((15 << 8) | 33)]);
        assert_eq!(r.words[0], 0x1000 + ((14 << 8) | 33));
        let mut t = Strip::EMPTY;
        let mut b = Strip::EMPTY;
        fill_row(&Ids, 17, 30, 33, &mut t, &mut b);
        assert_eq!((t.at, t.first, t.len, b.at), (2, 60, 6, 3));
        assert_eq!(&t.words[..3], &[(17 << 8) | 30, 0x1000 + ((17 << 8) | 30), (17 << 8) | 31]);
        assert_eq!(b.words[0], 0x2000 + ((17 << 8) | 30));
    }

    /// A streamer that drew the view of a camera at (cx, cy) (what [`Streamer::redraw`]
    /// leaves, without the VDP).
    fn drawn_at(cx: i16, cy: i16) -> Streamer {
        let mut s = Streamer::new(vdp::PLANE_B);
        (s.x0, s.y0, s.x1, s.y1) = visible(cx, cy);
        s
    }

    #[test]
    fn entering_counts_the_metatiles_outside_the_last_range() {
        assert_eq!(entering(0, 21, 0, 21), 0);
        assert_eq!(entering(2, 23, 0, 21), 2, "two to the right");
        assert_eq!(entering(-1, 20, 0, 21), 1, "one to the left");
        assert_eq!(entering(40, 61, 0, 21), 21, "all of them: a jump");
        assert_eq!(entering(0, 21, 0, 0), 21, "nothing drawn yet");
    }

    #[test]
    fn moves_up_to_max_step_stream_and_bigger_ones_are_jumps() {
        for (dx, dy) in [(MAX_STEP, 0), (-MAX_STEP, 0), (0, MAX_STEP), (0, -MAX_STEP), (MAX_STEP, -MAX_STEP), (7, 3)] {
            let mut s = drawn_at(256, 64);
            s.prepare(&Ids, 256 + dx, 64 + dy);
            assert!(!s.jumped(), "a move of ({dx}, {dy}) px is streamed");
            assert!(s.column_count as usize <= 2 * MAX_STRIPS && s.row_count as usize <= 2 * MAX_STRIPS);
        }
        for (dx, dy) in [(MAX_STEP + 16, 0), (-MAX_STEP - 16, 0), (0, MAX_STEP + 16), (-400, -200), (4000, 0)] {
            let mut s = drawn_at(256, 64);
            s.prepare(&Ids, 256 + dx, 64 + dy);
            assert!(s.jumped(), "a move of ({dx}, {dy}) px is a jump");
            assert_eq!((s.column_count, s.row_count), (0, 0), "nothing read for a jump");
            assert_eq!(visible(256 + dx, 64 + dy), (s.x0, s.y0, s.x1, s.y1), "the view to draw is the new camera's");
            // It stays a jump until the view is drawn whole, however the camera moves next.
            s.prepare(&Ids, 256 + dx, 64 + dy);
            assert!(s.jumped());
        }
    }

    #[test]
    fn strips_waiting_for_their_upload_count_towards_a_jump() {
        let mut s = drawn_at(0, 0);
        s.prepare(&Ids, 16, 0);
        assert!(!s.jumped() && s.column_count == 2, "one column read");
        s.prepare(&Ids, 32, 0);
        assert!(!s.jumped() && s.column_count == 4, "a second before the upload: still room");
        s.prepare(&Ids, 48, 0);
        assert!(s.jumped(), "a third would be lost: drawn whole instead");
    }

    #[test]
    fn a_reset_plane_forgets_its_jump_and_its_view() {
        let mut s = drawn_at(0, 0);
        s.prepare(&Ids, 1000, 0);
        s.reset();
        assert!(!s.jumped() && (s.x0, s.x1, s.column_count) == (0, 0, 0));
    }

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
