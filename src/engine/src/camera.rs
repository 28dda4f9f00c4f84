//! A camera that centres on a body and clamps to the map edges.

use crate::body::Rect;
use crate::map::Map;

/// Mega Drive H40 screen width in pixels.
///
/// ```
/// use megacollide_engine::camera::{Camera, SCREEN_H, SCREEN_W};
/// let camera = Camera::new(SCREEN_W, SCREEN_H); // the whole H40 screen
/// assert_eq!(camera.view_w, 320);
/// ```
pub const SCREEN_W: i16 = 320;
/// Mega Drive V28 (NTSC) screen height in pixels.
///
/// ```
/// use megacollide_engine::camera::SCREEN_H;
/// assert_eq!(SCREEN_H / 16, 14); // 14 tiles high
/// ```
pub const SCREEN_H: i16 = 224;

/// The visible window: pixel-space top-left corner and size in pixels.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::{body::Rect, camera::Camera};
/// let mut camera = Camera::new(32, 32);
/// camera.follow(Rect::new(40, 8, 16, 16), &map); // centre on the box, kept inside the map
/// assert_eq!((camera.x, camera.y), (32, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Camera {
    /// Left edge of the view (pixel-space).
    pub x: i16,
    /// Top edge of the view (pixel-space).
    pub y: i16,
    /// View width in pixels.
    pub view_w: i16,
    /// View height in pixels.
    pub view_h: i16,
}

impl Camera {
    /// A camera at `(0, 0)` with a view of `view_w` x `view_h` pixels.
    ///
    /// ```
    /// use megacollide_engine::camera::Camera;
    /// let camera = Camera::new(320, 224);
    /// assert_eq!((camera.x, camera.y), (0, 0));
    /// ```
    pub const fn new(view_w: i16, view_h: i16) -> Camera {
        Camera { x: 0, y: 0, view_w, view_h }
    }

    /// Centres the view on the centre of `target` (pixel-space), then clamps
    /// it so it never shows outside `map`: `0 <= x <= map_width_px - view_w`
    /// (same for y). When the map is smaller than the view on an axis, the
    /// map is centred instead (x = `(map_px - view) >> 1`, negative).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Rect, camera::Camera};
    /// let mut camera = Camera::new(32, 32);
    /// camera.follow(Rect::new(0, 0, 16, 16), &map); // at the top-left: clamped to the map
    /// assert_eq!((camera.x, camera.y), (0, 0));
    /// let mut wide = Camera::new(320, 224);
    /// wide.follow(Rect::new(0, 0, 16, 16), &map); // the map is smaller than the view: centred
    /// assert_eq!((wide.x, wide.y), ((64 - 320) >> 1, (48 - 224) >> 1));
    /// ```
    pub fn follow(&mut self, target: Rect, map: &Map) {
        let cx = target.x + (target.w >> 1);
        let cy = target.y + (target.h >> 1);
        self.x = clamp_axis(cx - (self.view_w >> 1), self.view_w, map.width_px());
        self.y = clamp_axis(cy - (self.view_h >> 1), self.view_h, map.height_px());
    }
}

/// Clamps a view start on one axis to `0 ..= size - view` (pixel-space).
fn clamp_axis(v: i16, view: i16, size: i16) -> i16 {
    if size <= view {
        (size - view) >> 1
    } else if v < 0 {
        0
    } else if v > size - view {
        size - view
    } else {
        v
    }
}
