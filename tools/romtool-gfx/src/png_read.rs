//! Reading tiles and frames from PNG images with bounded cost: a tileset of 16x16 tiles (with
//! Tiled's margin, spacing and transparent colour) or a sprite sheet of equal frames.
//!
//! Decoding is bounded before anything is allocated: the header's size is checked against
//! [`MAX_IMAGE_SIDE`], and rows are decoded one at a time, only as far down as the tiles
//! asked for (an interlaced PNG, which cannot be read by rows, must fit
//! [`MAX_INTERLACED_BYTES`] decoded). Every error is a [`Diag`] naming the image.
//!
//! A pixel is *solid* ([`Pixels::solid`]) when it is non-zero: a palette index other than 0 in
//! an indexed PNG, alpha >= half in a PNG with alpha, or any non-zero channel in a grey / RGB
//! PNG without alpha; with a transparent colour, every opaque pixel of another colour.

use romtool_common::diag::{Diag, Loc};
use std::path::Path;

/// Largest tileset image side accepted (pixels): 512 tiles of 16 pixels.
pub const MAX_IMAGE_SIDE: u32 = 8192;
/// Largest decoded size of an interlaced tileset PNG (bytes).
pub const MAX_INTERLACED_BYTES: usize = 32 << 20;
/// Most frames read from one sheet.
pub const MAX_ALL_TILES: u64 = 4096;
/// Memory the PNG decoder may use for its own buffers (bytes).
const DECODER_LIMIT: usize = 16 << 20;

/// How the tiles are laid out in an image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Pixels around the grid.
    pub margin: u32,
    /// Pixels between tiles.
    pub spacing: u32,
    /// Pixels of this RGB colour are empty (Tiled's transparent colour).
    pub trans: Option<[u8; 3]>,
}

impl Layout {
    /// No margin, no spacing, no transparent colour (16Tile tilesets).
    pub const PLAIN: Layout = Layout { margin: 0, spacing: 0, trans: None };
}

/// Which tiles [`decode_with`] reads.
pub enum Select<'a> {
    /// Every tile from this one on (the height tiles of a collision tileset: 32).
    From(u32),
    /// These tiles (sorted, distinct).
    Ids(&'a [u32]),
    /// Every tile of the image.
    All,
}

/// The pixels of one tile: 8-bit RGBA, row-major; alpha 0 where the pixel is transparent
/// (PNG alpha or `tRNS` below half, or the layout's transparent colour), 255 elsewhere.
pub type Rgba = [u8; 4];

/// How to read the pixels of one decoded image (its bit depth, colour type, palette and
/// transparency), handed to the `put` function of [`decode_with`].
pub struct Pixels<'a> {
    depth: usize,
    channels: usize,
    color: png::ColorType,
    palette: Option<&'a [u8]>,
    trns: Option<&'a [u8]>,
    trans: Option<[u8; 3]>,
}

impl Pixels<'_> {
    fn sample(&self, row: &[u8], x: usize, ch: usize) -> u32 {
        match self.depth {
            1 | 2 | 4 => {
                let bit = x * self.depth;
                let byte = row.get(bit / 8).copied().unwrap_or(0);
                ((byte >> (8 - self.depth - bit % 8)) & ((1u16 << self.depth) - 1) as u8) as u32
            }
            8 => row.get(x * self.channels + ch).copied().unwrap_or(0) as u32,
            _ => {
                let i = (x * self.channels + ch) * 2;
                (u32::from(row.get(i).copied().unwrap_or(0)) << 8) | u32::from(row.get(i + 1).copied().unwrap_or(0))
            }
        }
    }

    /// 8-bit value of a sample (for comparing with the transparent colour).
    fn to8(&self, v: u32) -> u8 {
        match self.depth {
            16 => (v >> 8) as u8,
            8 => v as u8,
            d => (v * 255 / ((1u32 << d) - 1)) as u8,
        }
    }

    /// The pixel as 8-bit RGBA; alpha is 0 (transparent) or 255: transparent where PNG alpha
    /// (or the palette's `tRNS` entry) is below half, or the colour is the layout's
    /// transparent colour.
    pub fn rgba(&self, row: &[u8], x: usize) -> Rgba {
        use png::ColorType::*;
        let top = 1u32 << (self.depth - 1);
        let (rgb, opaque) = match self.color {
            Indexed => {
                let i = self.sample(row, x, 0) as usize;
                let pal = self.palette.unwrap_or(&[]);
                let rgb = [0, 1, 2].map(|c| pal.get(i * 3 + c).copied().unwrap_or(0));
                (rgb, self.trns.and_then(|t| t.get(i)).copied().unwrap_or(255) >= 128)
            }
            Grayscale => {
                let v = self.sample(row, x, 0);
                // A tRNS grey value marks transparent pixels of a grey PNG.
                let keyed = self.trns.filter(|t| t.len() >= 2).is_some_and(|t| (u32::from(t[0]) << 8 | u32::from(t[1])) == v);
                ([self.to8(v); 3], !keyed)
            }
            GrayscaleAlpha => ([self.to8(self.sample(row, x, 0)); 3], self.sample(row, x, 1) >= top),
            Rgb => {
                let v = [0, 1, 2].map(|c| self.sample(row, x, c));
                let keyed = self
                    .trns
                    .filter(|t| t.len() >= 6)
                    .is_some_and(|t| (0..3).all(|c| (u32::from(t[2 * c]) << 8 | u32::from(t[2 * c + 1])) == v[c]));
                (v.map(|s| self.to8(s)), !keyed)
            }
            Rgba => ([0, 1, 2].map(|c| self.to8(self.sample(row, x, c))), self.sample(row, x, 3) >= top),
        };
        if !opaque || Some(rgb) == self.trans {
            [rgb[0], rgb[1], rgb[2], 0]
        } else {
            [rgb[0], rgb[1], rgb[2], 255]
        }
    }

    /// Whether pixel `x` of the decoded image row `row` is solid (see the module docs).
    pub fn solid(&self, row: &[u8], x: usize) -> bool {
        use png::ColorType::*;
        let top = 1u32 << (self.depth - 1);
        let Some(trans) = self.trans else {
            return match self.color {
                Indexed => self.sample(row, x, 0) != 0,
                GrayscaleAlpha => self.sample(row, x, 1) >= top,
                Rgba => self.sample(row, x, 3) >= top,
                Grayscale => self.sample(row, x, 0) != 0,
                Rgb => (0..3).any(|c| self.sample(row, x, c) != 0),
            };
        };
        let (rgb, opaque) = match self.color {
            Indexed => {
                let i = self.sample(row, x, 0) as usize;
                let pal = self.palette.unwrap_or(&[]);
                let rgb = [0, 1, 2].map(|c| pal.get(i * 3 + c).copied().unwrap_or(0));
                let alpha = self.trns.and_then(|t| t.get(i)).copied().unwrap_or(255);
                (rgb, alpha >= 128)
            }
            Grayscale => ([self.to8(self.sample(row, x, 0)); 3], true),
            GrayscaleAlpha => ([self.to8(self.sample(row, x, 0)); 3], self.sample(row, x, 1) >= top),
            Rgb => ([0, 1, 2].map(|c| self.to8(self.sample(row, x, c))), true),
            Rgba => ([0, 1, 2].map(|c| self.to8(self.sample(row, x, c))), self.sample(row, x, 3) >= top),
        };
        opaque && rgb != trans
    }
}

/// The RGBA pixels (see [`Rgba`]) of tiles `ids` (sorted, distinct) of a tileset PNG of
/// 16x16 tiles, in the order of `ids`, 256 pixels each (row-major).
pub fn tile_rgba(path: &Path, layout: &Layout, ids: &[u32]) -> Result<Vec<Vec<Rgba>>, Diag> {
    Ok(decode_rgba(path, layout, (16, 16), Select::Ids(ids))?.into_iter().map(|(_, p)| p).collect())
}

/// Every frame of a sheet PNG of `w` x `h`-pixel frames (no margin or spacing; the image must
/// be a whole number of frames in both directions), row-major, as RGBA pixels (see [`Rgba`];
/// `trans` is a colour to treat as transparent).
pub fn frames_rgba(path: &Path, w: u32, h: u32, trans: Option<[u8; 3]>) -> Result<Vec<Vec<Rgba>>, Diag> {
    let layout = Layout { margin: 0, spacing: 0, trans };
    Ok(decode_rgba(path, &layout, (w, h), Select::All)?.into_iter().map(|(_, p)| p).collect())
}

fn decode_rgba(path: &Path, layout: &Layout, tile: (u32, u32), select: Select) -> Result<Vec<(u32, Vec<Rgba>)>, Diag> {
    let tw = tile.0 as usize;
    let blank = vec![[0u8; 4]; tw * tile.1 as usize];
    decode_with(path, layout, tile, select, blank, |px, p, row, x0, py| {
        for x in 0..tw {
            p[py * tw + x] = px.rgba(row, x0 + x);
        }
    })
}

/// Reads the tiles `select` of a PNG of `tile`-sized tiles (width, height in pixels) laid out
/// as `layout` says; `put(pixels, acc, row, x0, py)` adds pixel row `py` of a tile, whose
/// first pixel is at `x0` of the image row `row`, to the tile's value `acc` (`blank` at first).
pub fn decode_with<T: Clone>(
    path: &Path,
    layout: &Layout,
    tile: (u32, u32),
    select: Select,
    blank: T,
    mut put: impl FnMut(&Pixels, &mut T, &[u8], usize, usize),
) -> Result<Vec<(u32, T)>, Diag> {
    let (tw, th) = tile;
    let err = |m: String| Diag::new(path, Loc::File, m);
    let meta = std::fs::metadata(path).map_err(|e| err(format!("cannot read the tileset image: {e}")))?;
    if !meta.is_file() {
        return Err(err("the tileset image is not a regular file".into()));
    }
    let file = std::fs::File::open(path).map_err(|e| err(format!("cannot read the tileset image: {e}")))?;
    let mut dec = png::Decoder::new_with_limits(std::io::BufReader::new(file), png::Limits { bytes: DECODER_LIMIT });
    dec.set_transformations(png::Transformations::IDENTITY);
    dec.set_ignore_text_chunk(true);
    dec.set_ignore_iccp_chunk(true);
    let (w, h, interlaced) = {
        let info = dec.read_header_info().map_err(|e| err(format!("not a valid PNG: {e}")))?;
        (info.width, info.height, info.interlaced)
    };
    if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(err(format!("tileset image is {w}x{h} pixels: expected at most {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE}. Fix: keep only the collision tiles (and height tiles) in this image")));
    }
    let (xstep, ystep) = (tw + layout.spacing, th + layout.spacing);
    let (columns, rows) =
        ((w.saturating_sub(layout.margin) + layout.spacing) / xstep, (h.saturating_sub(layout.margin) + layout.spacing) / ystep);
    if layout.margin == 0 && layout.spacing == 0 && (w == 0 || h == 0 || w % tw != 0 || h % th != 0) {
        return Err(err(if !matches!(select, Select::All) {
            format!("tileset is {w}x{h} pixels: expected a multiple of 16 in both directions (16x16 tiles). Fix: crop or pad the image to whole 16x16 tiles")
        } else {
            format!("sheet is {w}x{h} pixels: expected a multiple of {tw} across and {th} down ({tw}x{th}-pixel frames). Fix: crop or pad the image to whole frames")
        }));
    }
    if columns == 0 || rows == 0 {
        return Err(err(format!(
            "tileset image is {w}x{h} pixels: too small for one {tw}x{th} tile with margin {} and spacing {}. Fix: check the tileset's margin and spacing, or the image",
            layout.margin, layout.spacing
        )));
    }
    let count = columns as u64 * rows as u64;
    // The tiles wanted, and how many pixel rows must be read for them.
    let wanted: Vec<u32> = match select {
        Select::From(first) => (first..count as u32).collect(),
        Select::Ids(ids) => {
            if let Some(&bad) = ids.iter().find(|&&t| t as u64 >= count) {
                return Err(err(format!(
                    "tile {bad} is outside the tileset image ({columns} x {rows} tiles of {tw}x{th} with margin {}, spacing {})",
                    layout.margin, layout.spacing
                )));
            }
            ids.to_vec()
        }
        Select::All if count > MAX_ALL_TILES => {
            return Err(err(format!("image of {w}x{h} pixels holds {count} frames of {tw}x{th}: expected at most {MAX_ALL_TILES}")))
        }
        Select::All => (0..count as u32).collect(),
    };
    let Some(&last) = wanted.last() else {
        return Ok(Vec::new());
    };
    let rows_needed = (layout.margin + (last / columns) * ystep + th).min(h) as usize;
    let mut reader = dec.read_info().map_err(|e| err(format!("not a valid PNG: {e}")))?;
    // Owned copies of what the pixel test needs: the reader is borrowed mutably for the rows.
    let (depth, channels, color) = {
        let info = reader.info();
        (info.bit_depth as usize, info.color_type.samples(), info.color_type)
    };
    let palette: Option<Vec<u8>> = reader.info().palette.as_deref().map(<[u8]>::to_vec);
    let trns: Option<Vec<u8>> = reader.info().trns.as_deref().map(<[u8]>::to_vec);
    let px = Pixels { depth, channels, color, palette: palette.as_deref(), trns: trns.as_deref(), trans: layout.trans };
    let mut masks: Vec<(u32, T)> = wanted.iter().map(|&t| (t, blank.clone())).collect();
    let mut visit_row = |y: usize, row: &[u8]| {
        let y = y as u32;
        if y < layout.margin {
            return;
        }
        let (ty, py) = ((y - layout.margin) / ystep, (y - layout.margin) % ystep);
        if py >= th {
            return;
        }
        let first = masks.partition_point(|(t, _)| *t / columns < ty);
        for (t, m) in masks[first..].iter_mut().take_while(|(t, _)| *t / columns == ty) {
            let x0 = (layout.margin + (*t % columns) * xstep) as usize;
            put(&px, m, row, x0, py as usize);
        }
    };
    if interlaced {
        let size = reader.output_buffer_size().filter(|&s| s <= MAX_INTERLACED_BYTES).ok_or_else(|| {
            err(format!("interlaced tileset image of {w}x{h} pixels is too large to decode: save it without interlacing"))
        })?;
        let mut buf = vec![0u8; size];
        let out = reader.next_frame(&mut buf).map_err(|e| err(format!("not a valid PNG: {e}")))?;
        for y in 0..rows_needed {
            let start = y * out.line_size;
            visit_row(y, buf.get(start..start + out.line_size).unwrap_or(&[]));
        }
    } else {
        for y in 0..rows_needed {
            match reader.next_row().map_err(|e| err(format!("not a valid PNG: {e}")))? {
                Some(row) => visit_row(y, row.data()),
                None => return Err(err("not a valid PNG: image data ends early".into())),
            }
        }
    }
    Ok(masks)
}
