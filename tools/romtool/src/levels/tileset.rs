//! Tileset PNGs: height tiles from a drawn tileset, and the collision tileset for editors.
//!
//! A tileset is a PNG of 16x16 tiles, row-major, no margin or spacing: tile `t` is at pixel
//! `(16 * (t % columns), 16 * (t / columns))` with `columns = width / 16`. Tile `t` is tile id
//! `t` of the map (16Tile ids / Tiled local ids). Tiles `0..32` are the engine's built-in shapes
//! and are only pictures (the engine defines them). Tiles `32..` are **height tiles**: a pixel is
//! solid when it is non-zero, i.e. a palette index other than 0 in an indexed PNG (the expected
//! kind), or alpha >= 128 in a PNG with alpha, or any non-zero channel in a grey / RGB PNG
//! without alpha. Trailing all-empty tiles are dropped, so a map may only use ids up to the last
//! drawn tile.

use super::{gfx, Diag, Loc};
use megacollide_engine::shape;
use std::path::Path;

/// Reads the height tiles (tiles `32..`) of a tileset PNG as row bitmasks.
pub fn load_height_tiles(path: &Path) -> Result<Vec<[u16; 16]>, Diag> {
    let err = |m: String| Diag::new(path, Loc::File, m);
    let file = std::fs::File::open(path).map_err(|e| err(format!("cannot read the tileset: {e}")))?;
    let mut dec = png::Decoder::new(std::io::BufReader::new(file));
    dec.set_transformations(png::Transformations::IDENTITY);
    let mut reader = dec.read_info().map_err(|e| err(format!("not a valid PNG: {e}")))?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut buf).map_err(|e| err(format!("not a valid PNG: {e}")))?;
    let (w, h) = (info.width as usize, info.height as usize);
    if w == 0 || h == 0 || w % 16 != 0 || h % 16 != 0 {
        return Err(err(format!("tileset is {w}x{h} pixels: expected a multiple of 16 in both directions (16x16 tiles)")));
    }
    let depth = info.bit_depth as usize;
    let line = info.line_size;
    let channels = info.color_type.samples();
    let sample = |x: usize, y: usize, ch: usize| -> u32 {
        let row = &buf[y * line..];
        match depth {
            1 | 2 | 4 => {
                let bit = x * depth;
                ((row[bit / 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1) as u8) as u32
            }
            8 => row[x * channels + ch] as u32,
            _ => {
                let i = (x * channels + ch) * 2;
                u32::from(row[i]) << 8 | u32::from(row[i + 1])
            }
        }
    };
    let set = |x: usize, y: usize| -> bool {
        use png::ColorType::*;
        let top = 1u32 << (depth - 1);
        match info.color_type {
            Indexed => sample(x, y, 0) != 0,
            GrayscaleAlpha => sample(x, y, 1) >= top,
            Rgba => sample(x, y, 3) >= top,
            Grayscale => sample(x, y, 0) != 0,
            Rgb => (0..3).any(|c| sample(x, y, c) != 0),
        }
    };
    let columns = w / 16;
    let count = columns * (h / 16);
    let mut tiles = Vec::new();
    for t in shape::FIRST_HEIGHT_TILE as usize..count {
        let (x0, y0) = (16 * (t % columns), 16 * (t / columns));
        let mut rows = [0u16; 16];
        for (py, row) in rows.iter_mut().enumerate() {
            for px in 0..16 {
                if set(x0 + px, y0 + py) {
                    *row |= 1 << px;
                }
            }
        }
        tiles.push(rows);
    }
    while tiles.last().is_some_and(|r| r.iter().all(|&m| m == 0)) {
        tiles.pop();
    }
    Ok(tiles)
}

/// Draws the collision tileset for editors (16Tile, Tiled): an indexed PNG, `columns` tiles
/// wide, with tile `t` = tile id `t`: the built-in shapes `0..20` drawn from the engine, the
/// reserved ids (1, 20..31) crossed out, then `height_tiles` as ids `32..`. Palette: see
/// [`gfx::COLOURS_RGB`].
pub fn render_tileset(height_tiles: &[[u16; 16]], columns: usize) -> Vec<u8> {
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
                    if rows[py] >> px & 1 != 0 { gfx::COLOUR_HEIGHT } else { gfx::COLOUR_EMPTY }
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
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w as u32, h as u32);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        let mut pal = Vec::new();
        for c in gfx::COLOURS_RGB {
            pal.extend_from_slice(&c);
        }
        enc.set_palette(pal);
        // Index 0 is transparent in editors.
        enc.set_trns(vec![0u8]);
        let mut wr = enc.write_header().expect("PNG header");
        wr.write_image_data(&pix).expect("PNG data");
    }
    out
}
