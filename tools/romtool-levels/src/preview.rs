//! PNG previews: each level drawn pixel for pixel (1 map pixel = 1 PNG pixel, RGB).
//!
//! * **Levels without art**: every tile from the same shape data the engine collides with, so
//!   the preview shows exactly what collides; colours [`gfx::COLOURS_RGB`] (sky, solid,
//!   one-way floor, height tile).
//! * **Levels with art** ([`crate::art`]): what the VDP shows with both planes at scroll
//!   (0, 0) (a plane with parallax is drawn unscrolled, as Tiled draws it with parallax
//!   preview off): the backdrop colour (palette line 0 entry 0), then low-priority plane B,
//!   low-priority plane A, high-priority plane B, high-priority plane A, decoded from the
//!   name-table words, cells and palettes exactly as the ROM gets them
//!   ([`crate::art::LevelArt::pixel`]). With `collision` ([`Style::collision`],
//!   `--preview-collision`), the collision shapes are laid over the art: solid and height-tile
//!   pixels tinted half-way to [`COLLISION_RGB`], one-way floors to [`ONE_WAY_RGB`].
//!
//! With `grid`, the first row and column of every tile are darkened. Objects are outlined on
//! top: the spawn point green ([`SPAWN_RGB`]), entities in their class's colour in the game's
//! Tiled project (as Tiled draws them); paths are drawn as lines in the same colour.

use crate::art::{LevelArt, Plane};
use crate::gfx;
use crate::level::Level;
use megacollide_engine::shape::{self, PixelKind};
use romtool_gfx::png_write::encode_png;

/// Spawn point outline colour.
pub const SPAWN_RGB: [u8; 3] = [0, 252, 0];
/// Tint of solid pixels (built-in shapes and height tiles) in the collision overlay.
pub const COLLISION_RGB: [u8; 3] = [252, 0, 252];
/// Tint of one-way floor pixels in the collision overlay.
pub const ONE_WAY_RGB: [u8; 3] = [0, 252, 252];

/// How a preview is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Darken the first row and column of every tile.
    pub grid: bool,
    /// Levels with art: lay the collision shapes over the art (half-way tint); levels without
    /// art show the collision shapes anyway.
    pub collision: bool,
}

/// Half-way between two colours.
fn blend(a: [u8; 3], b: [u8; 3]) -> [u8; 3] {
    [0, 1, 2].map(|i| ((a[i] as u16 + b[i] as u16) / 2) as u8)
}

/// What the VDP shows of a level's art at map pixel (`x`, `y`), planes at scroll (0, 0), no
/// sprites: the highest of (priority, plane A over plane B) that is opaque, else the backdrop.
pub fn art_rgb(art: &LevelArt, x: usize, y: usize) -> [u8; 3] {
    let mut best: Option<((bool, bool), [u8; 3])> = None;
    for plane in [Plane::B, Plane::A] {
        if let Some(rgb) = art.pixel(plane, x, y) {
            let key = (art.priority(plane, x, y), plane == Plane::A);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, rgb));
            }
        }
    }
    best.map_or_else(|| romtool_gfx::cells::expand(art.backdrop()), |(_, rgb)| rgb)
}

/// The colour index of map pixel `(x, y)` of `level`.
pub fn pixel_colour(level: &Level, x: usize, y: usize) -> u8 {
    let id = level.tile(x / 16, y / 16);
    let (px, py) = ((x % 16) as u16, (y % 16) as u16);
    if id >= shape::FIRST_HEIGHT_TILE {
        let rows = level.height_tiles[(id - shape::FIRST_HEIGHT_TILE) as usize];
        return if rows[py as usize] >> px & 1 != 0 { gfx::COLOUR_HEIGHT } else { gfx::COLOUR_EMPTY };
    }
    match shape::pixel(id, px, py) {
        PixelKind::Empty => gfx::COLOUR_EMPTY,
        PixelKind::Solid => gfx::COLOUR_SOLID,
        PixelKind::OneWay => gfx::COLOUR_ONE_WAY,
    }
}

/// RGB pixels of the preview (`width*16` x `height*16`, 3 bytes per pixel), with the grid or
/// not and no collision overlay.
pub fn render_rgb(level: &Level, grid: bool) -> Vec<u8> {
    render_rgb_styled(level, Style { grid, collision: false })
}

/// RGB pixels of the preview (`width*16` x `height*16`, 3 bytes per pixel) in `style`.
pub fn render_rgb_styled(level: &Level, style: Style) -> Vec<u8> {
    let grid = style.grid;
    let (w, h) = (level.width as usize * 16, level.height as usize * 16);
    let mut img = vec![0u8; w * h * 3];
    for y in 0..h {
        for x in 0..w {
            let kind = pixel_colour(level, x, y);
            let mut c = match &level.art {
                None => gfx::COLOURS_RGB[kind as usize],
                Some(art) => {
                    let c = art_rgb(art, x, y);
                    match kind {
                        _ if !style.collision => c,
                        gfx::COLOUR_SOLID | gfx::COLOUR_HEIGHT => blend(c, COLLISION_RGB),
                        gfx::COLOUR_ONE_WAY => blend(c, ONE_WAY_RGB),
                        _ => c,
                    }
                }
            };
            if grid && (x % 16 == 0 || y % 16 == 0) {
                c = c.map(|v| v / 4 * 3);
            }
            img[(y * w + x) * 3..][..3].copy_from_slice(&c);
        }
    }
    let mut put = |x: i32, y: i32, c: [u8; 3]| {
        if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
            img[(y as usize * w + x as usize) * 3..][..3].copy_from_slice(&c);
        }
    };
    let line = |put: &mut dyn FnMut(i32, i32, [u8; 3]), (x0, y0): (i32, i32), (x1, y1): (i32, i32), c| {
        let n = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for i in 0..=n {
            put(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n, c);
        }
    };
    type Outline = (i32, i32, i32, i32, Vec<(i32, i32)>, [u8; 3]);
    let mut shapes: Vec<Outline> = Vec::new();
    for e in &level.entities {
        shapes.push((e.x, e.y, e.w, e.h, e.path.iter().map(|p| (p.x, p.y)).collect(), e.colour));
    }
    if let Some(s) = level.spawn {
        shapes.push((s.x, s.y, 16, 32, Vec::new(), SPAWN_RGB));
    }
    for (x, y, ew, eh, path, c) in shapes {
        if ew > 0 && eh > 0 {
            let (x1, y1) = (x + ew - 1, y + eh - 1);
            line(&mut put, (x, y), (x1, y), c);
            line(&mut put, (x, y1), (x1, y1), c);
            line(&mut put, (x, y), (x, y1), c);
            line(&mut put, (x1, y), (x1, y1), c);
        } else if path.is_empty() {
            line(&mut put, (x - 3, y), (x + 3, y), c);
            line(&mut put, (x, y - 3), (x, y + 3), c);
        }
        for pair in path.windows(2) {
            line(&mut put, pair[0], pair[1], c);
        }
    }
    img
}

/// The preview as PNG bytes (empty if the PNG encoder fails, which it does not for the sizes
/// the engine allows; [`try_render_png`] reports it).
pub fn render_png(level: &Level, grid: bool) -> Vec<u8> {
    try_render_png(level, grid).unwrap_or_default()
}

/// The preview as PNG bytes, or why it could not be encoded.
pub fn try_render_png(level: &Level, grid: bool) -> Result<Vec<u8>, String> {
    try_render_png_styled(level, Style { grid, collision: false })
}

/// The preview in `style` as PNG bytes, or why it could not be encoded.
pub fn try_render_png_styled(level: &Level, style: Style) -> Result<Vec<u8>, String> {
    let (w, h) = (level.width as u32 * 16, level.height as u32 * 16);
    encode_png(w, h, png::ColorType::Rgb, None, &render_rgb_styled(level, style))
}
