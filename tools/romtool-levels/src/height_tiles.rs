//! Tileset PNGs: height tiles from a drawn tileset, and the collision tileset for editors.
//!
//! A tileset is a PNG of 16x16 tiles, row-major, with an optional margin (pixels around the
//! grid) and spacing (pixels between tiles), as Tiled describes them: tile `t` is at pixel
//! `(margin + (t % columns) * (16 + spacing), margin + (t / columns) * (16 + spacing))` with
//! `columns = (width - margin + spacing) / (16 + spacing)` (Tiled's own formula). Tile `t`
//! is tile id `t` of the map (16Tile ids / Tiled local ids). Tiles `0..32` are the engine's
//! built-in shapes and are only pictures (the engine defines them). Tiles `32..` are
//! **height tiles**: a pixel is solid when it is non-zero, i.e. a palette index other than 0
//! in an indexed PNG (the expected kind), or alpha >= half in a PNG with alpha, or any
//! non-zero channel in a grey / RGB PNG without alpha. With a transparent colour (Tiled's
//! `trans`), pixels of exactly that colour are empty and every other opaque pixel is solid
//! (indexed PNGs: the palette colour is compared). Trailing all-empty tiles are dropped, so a
//! map may only use ids up to the last drawn tile.
//!
//! Decoding (bounded) is [`romtool_gfx::png_read`]'s.

use crate::gfx;
use megacollide_engine::shape;
use romtool_common::diag::Diag;
use romtool_gfx::png_read::{decode_with, Layout, Select};
use std::path::Path;

/// Reads the height tiles (tiles `32..`) of a tileset PNG (16x16 tiles, no margin or spacing)
/// as row bitmasks.
pub fn load_height_tiles(path: &Path) -> Result<Vec<[u16; 16]>, Diag> {
    load_height_tiles_with(path, &Layout::PLAIN)
}

/// [`load_height_tiles`] with a margin, spacing and transparent colour.
pub fn load_height_tiles_with(path: &Path, layout: &Layout) -> Result<Vec<[u16; 16]>, Diag> {
    let mut tiles: Vec<[u16; 16]> =
        decode(path, layout, Select::From(shape::FIRST_HEIGHT_TILE as u32))?.into_iter().map(|(_, m)| m).collect();
    while tiles.last().is_some_and(|r| r.iter().all(|&m| m == 0)) {
        tiles.pop();
    }
    Ok(tiles)
}

/// The solid pixels of tiles `ids` (sorted, distinct) of a tileset PNG, in the order of `ids`.
pub fn tile_masks(path: &Path, layout: &Layout, ids: &[u32]) -> Result<Vec<[u16; 16]>, Diag> {
    Ok(decode(path, layout, Select::Ids(ids))?.into_iter().map(|(_, m)| m).collect())
}

fn decode(path: &Path, layout: &Layout, select: Select) -> Result<Vec<(u32, [u16; 16])>, Diag> {
    decode_with(path, layout, (16, 16), select, [0u16; 16], |px, m, row, x0, py| {
        for pxl in 0..16 {
            if px.solid(row, x0 + pxl) {
                m[py] |= 1 << pxl;
            }
        }
    })
}

/// Draws the collision tileset for editors (16Tile, Tiled): an indexed PNG, `columns` tiles
/// wide, with tile `t` = tile id `t`: the built-in shapes `0..20` drawn from the engine, the
/// reserved ids (1, 20..31) crossed out, then `height_tiles` as ids `32..`. Palette: see
/// [`gfx::COLOURS_RGB`].
pub fn render_tileset(height_tiles: &[[u16; 16]], columns: usize) -> Vec<u8> {
    let columns = columns.max(1);
    let count = shape::FIRST_HEIGHT_TILE as usize + height_tiles.len();
    let rows_of_tiles = count.div_ceil(columns);
    let (w, h) = (columns * 16, rows_of_tiles * 16);
    let mut pix = vec![0u8; w * h];
    for t in 0..count {
        let (x0, y0) = (16 * (t % columns), 16 * (t / columns));
        for py in 0..16 {
            for px in 0..16 {
                let c = if t >= shape::FIRST_HEIGHT_TILE as usize {
                    let rows = height_tiles[t - shape::FIRST_HEIGHT_TILE as usize];
                    if rows[py] >> px & 1 != 0 {
                        gfx::COLOUR_HEIGHT
                    } else {
                        gfx::COLOUR_EMPTY
                    }
                } else if shape::is_builtin(t as u16) {
                    gfx::colour_of(t as u16, px as u16, py as u16)
                } else if px == py || px + py == 15 {
                    gfx::COLOUR_RESERVED
                } else {
                    gfx::COLOUR_EMPTY
                };
                pix[(y0 + py) * w + x0 + px] = c;
            }
        }
    }
    let mut pal = Vec::new();
    for c in gfx::COLOURS_RGB {
        pal.extend_from_slice(&c);
    }
    romtool_gfx::png_write::encode_png(w as u32, h as u32, png::ColorType::Indexed, Some((pal, vec![0u8])), &pix).unwrap_or_default()
}
