//! Tile layer data: the gids of a layer or chunk as written (TMJ arrays, TMX CSV or
//! `<tile>` elements, base64 uncompressed or zlib / gzip / zstd), decoded only for the layers
//! used and never past the size the layer can have.

use super::map::{LayerData, TileLayer};
use super::source::{report, Place, SourceFile, MAX_LOCATED_ARRAYS};
use super::values::{shown, Scalar};
use crate::flip::FLAG_BITS;
use crate::xml::{self, Doc, Element};
use base64::Engine as _;
use romtool_common::diag::{Diags, Loc};
use romtool_common::jsonpos::{self, JPath};
use serde_json::Value;
use std::io::Read;

/// A decoded gid and where it was written (line, column) if known.
pub type Gid = (u32, Option<(usize, usize)>);
/// A non-blank cell of a layer: tile x, y (Tiled's coordinates), gid without flags, the
/// flag bits, place.
pub type LayerCell = (i64, i64, u32, u32, Option<(usize, usize)>);

/// Most tiles in all chunks of the layers of one infinite map.
pub const MAX_CHUNK_TILES: u64 = 1 << 20;

/// The non-blank cells of a tile layer, every chunk decoded (chunks cut off by errors left
/// out; the errors are reported). `map_size`: the map's size in tiles for a finite map (the
/// layer must have it), `None` for an infinite map. `budget`: tiles that may still be decoded
/// for this map (chunks beyond it are an error, so the cost stays bounded).
pub fn layer_cells(
    layer: &TileLayer,
    map_size: Option<(i64, i64)>,
    budget: &mut u64,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Vec<LayerCell> {
    let mut cells = Vec::new();
    if let Some((width, height)) = map_size {
        if (layer.width, layer.height) != (width, height) {
            report(diags, src, Place::File, format!("layer `{}` is {}x{} tiles: expected the map size {width}x{height}. Fix: re-save the map in Tiled (Map > Resize Map resizes every layer)", layer.name, layer.width, layer.height));
            return cells;
        }
    }
    for ch in &layer.chunks {
        if !(1..=65536).contains(&ch.width) || !(1..=65536).contains(&ch.height) || ch.width * ch.height > 1 << 20 {
            report(
                diags,
                src,
                Place::File,
                format!(
                    "layer `{}` is {}x{} tiles: expected at most 256x248 (the engine's limit). Fix: split the level into several maps",
                    layer.name, ch.width, ch.height
                ),
            );
            continue;
        }
        let n = (ch.width * ch.height) as u64;
        if n > *budget {
            report(diags, src, Place::File, format!("the infinite map's chunks hold more than {MAX_CHUNK_TILES} tiles: expected a map of at most 256x248 tiles. Fix: erase tiles far from the level, or split it into several maps"));
            *budget = 0;
            continue;
        }
        *budget -= n;
        let Some((gids, count)) = decode_layer_data(&ch.data, n, &layer.name, diags, src) else { continue };
        if count != n {
            let what = match map_size {
                None => format!("layer `{}` chunk at ({}, {}) has {count} tiles: expected {} x {} = {n}. Fix: re-save the map in Tiled", layer.name, ch.x, ch.y, ch.width, ch.height),
                Some((width, height)) => format!("layer `{}` has {count} tiles: expected width x height = {width} x {height} = {n}. Fix: re-save the map in Tiled (a layer's data fills the map)", layer.name),
            };
            report(diags, src, Place::File, what);
            continue;
        }
        for (i, (g, place)) in gids.into_iter().enumerate() {
            if g & !FLAG_BITS != 0 {
                let i = i as i64;
                cells.push((ch.x + i % ch.width, ch.y + i / ch.width, g & !FLAG_BITS, g & FLAG_BITS, place));
            }
        }
    }
    cells
}

/// Decodes layer data that should hold `expected` gids: the gids (at most `expected + 1` are
/// kept) and how many there are; `None` after reporting an error.
fn decode_layer_data(data: &LayerData, expected: u64, layer: &str, diags: &mut Diags, src: &mut SourceFile) -> Option<(Vec<Gid>, u64)> {
    let before = diags.count();
    let keep = expected.saturating_add(1);
    let mut total: u64 = 0;
    let gids: Vec<Gid> = match data {
        LayerData::Csv(doc, el) => {
            // One character stream over the text pieces (a reference stands at its `&`), so a
            // token may span pieces; tokens are runs of characters other than `,` / whitespace.
            let chars = doc.texts(el).flat_map(|piece| -> Box<dyn Iterator<Item = (char, usize)> + '_> {
                match piece {
                    xml::Text::Raw { text, pos } => Box::new(text.char_indices().map(move |(i, c)| (c, pos + i))),
                    xml::Text::Ref { ch, pos } => Box::new(std::iter::once((*ch, *pos))),
                }
            });
            let mut gids = Vec::new();
            let mut tok = String::new();
            let mut tok_pos: Option<usize> = None;
            let mut tok_len = 0usize;
            let mut finish_tok = |tok: &mut String,
                                  tok_pos: &mut Option<usize>,
                                  tok_len: &mut usize,
                                  gids: &mut Vec<Gid>,
                                  diags: &mut Diags,
                                  src: &mut SourceFile| {
                let Some(pos) = tok_pos.take() else { return };
                total += 1;
                if total <= keep {
                    let (l, c) = src.lines.locate(pos);
                    match tok.parse::<u32>() {
                        Ok(g) if *tok_len == tok.len() && tok.bytes().all(|b| b.is_ascii_digit()) => gids.push((g, Some((l, c)))),
                        _ => {
                            let shown = if *tok_len > tok.len() { format!("{tok}...") } else { tok.clone() };
                            report(
                                diags,
                                src,
                                Place::Loc(Loc::LineCol(l, c)),
                                format!("bad gid `{shown}` in layer `{layer}`: expected an unsigned integer"),
                            );
                            gids.push((0, Some((l, c))));
                        }
                    }
                }
                tok.clear();
                *tok_len = 0;
            };
            for (ch, pos) in chars {
                if ch == ',' || ch.is_whitespace() {
                    finish_tok(&mut tok, &mut tok_pos, &mut tok_len, &mut gids, diags, src);
                } else {
                    tok_pos.get_or_insert(pos);
                    tok_len += ch.len_utf8();
                    if tok.len() < 24 {
                        tok.push(ch);
                    }
                }
            }
            finish_tok(&mut tok, &mut tok_pos, &mut tok_len, &mut gids, diags, src);
            gids
        }
        LayerData::XmlTiles(doc, el) => {
            let mut gids = Vec::new();
            for t in doc.children_named(el, "tile") {
                total += 1;
                if total > keep {
                    continue;
                }
                let (l, c) = src.lines.locate(t.pos);
                let g = match t.attr("gid") {
                    None => 0,
                    Some(a) => match a.value.trim().parse::<u32>() {
                        Ok(g) => g,
                        Err(_) => {
                            report(
                                diags,
                                src,
                                Place::Byte(a.pos),
                                format!("`gid` is `{}` in layer `{layer}`: expected an unsigned integer", a.value),
                            );
                            0
                        }
                    },
                };
                gids.push((g, Some((l, c))));
            }
            gids
        }
        LayerData::JsonArray(a, path) => {
            let mut gids = Vec::with_capacity(a.len().min(keep as usize));
            total = a.len() as u64;
            // Lines and columns of the tiles, for the errors that name a tile (one scan).
            let starts = if total == expected && src.located_arrays < MAX_LOCATED_ARRAYS {
                src.located_arrays += 1;
                jsonpos::element_starts(src.text, jsonpos::locate(src.text, path), a.len())
            } else {
                Vec::new()
            };
            for (i, v) in a.iter().enumerate().take(keep as usize) {
                match v.as_u64().and_then(|g| u32::try_from(g).ok()) {
                    Some(g) => gids.push((g, starts.get(i).map(|&p| src.lines.locate(p)))),
                    None => {
                        report(
                            diags,
                            src,
                            Place::Json(&path.index(i)),
                            format!("gid {v} in layer `{layer}`: expected an unsigned 32-bit integer"),
                        );
                        gids.push((0, None));
                    }
                }
            }
            gids
        }
        LayerData::Base64(text, compression) => {
            let bytes = decode_base64(text, compression, expected, layer).map_err(|m| report(diags, src, Place::File, m)).ok()?;
            total = bytes.len() as u64 / 4;
            bytes.chunks_exact(4).take(keep as usize).map(|c| (u32::from_le_bytes([c[0], c[1], c[2], c[3]]), None)).collect()
        }
    };
    (diags.count() == before).then_some((gids, total))
}

/// Largest zstd window (bytes) a layer's frame may ask for: what zstd levels 1..=19 use at
/// most (windowLog 23). The decoder sets aside this much for the window before decoding, so
/// frames made with `--ultra` / `--long` are refused (Tiled writes small windows).
pub const MAX_ZSTD_WINDOW: u64 = 8 << 20;

/// base64 layer data -> bytes, decompressing at most `expected * 4` bytes (never allocating
/// more for the output; the zstd window is at most [`MAX_ZSTD_WINDOW`]).
fn decode_base64(text: &str, compression: &str, expected: u64, layer: &str) -> Result<Vec<u8>, String> {
    if !matches!(compression, "" | "zlib" | "gzip" | "zstd") {
        return Err(format!(
            "layer `{layer}`: compression `{compression}` is not supported: expected none, `zlib`, `gzip` or `zstd` (or CSV). Fix: in Tiled, Map > Map Properties > Tile Layer Format, pick one of these"
        ));
    }
    let clean: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(&clean)
        .map_err(|e| format!("layer `{layer}`: bad base64 data ({e}): expected standard base64. Fix: re-save the map in Tiled"))?;
    let limit = expected.saturating_mul(4);
    let raw = if compression.is_empty() {
        bytes
    } else {
        let mut out = Vec::new();
        let res = match compression {
            "zlib" => flate2::read::ZlibDecoder::new(&bytes[..]).take(limit.saturating_add(1)).read_to_end(&mut out),
            "gzip" => flate2::read::GzDecoder::new(&bytes[..]).take(limit.saturating_add(1)).read_to_end(&mut out),
            _ => {
                if !bytes.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
                    return Err(format!(
                        "layer `{layer}`: the data is not zstd (a zstd frame starts with the bytes 28 B5 2F FD). Fix: re-save the map in Tiled, or set `compression` to what the data is"
                    ));
                }
                let window = MAX_ZSTD_WINDOW.max(limit);
                let dec = ruzstd::decoding::StreamingDecoder::new_with_max_window_size(&bytes[..], window).map_err(|e| {
                    let why = match e {
                        ruzstd::decoding::errors::FrameDecoderError::WindowSizeTooBig { requested, .. } => {
                            format!("the frame asks for a {requested}-byte window, more than {window}")
                        }
                        other => other.to_string(),
                    };
                    format!("layer `{layer}`: bad zstd data ({why}). Fix: re-save the map in Tiled (it writes small zstd frames), or pick zlib / gzip compression")
                })?;
                dec.take(limit.saturating_add(1)).read_to_end(&mut out)
            }
        };
        res.map_err(|e| format!("layer `{layer}`: bad {compression} data ({e}). Fix: re-save the map in Tiled"))?;
        if out.len() as u64 > limit {
            return Err(format!(
                "layer `{layer}`: {compression} data inflates to more than {limit} bytes: expected {expected} tiles of 4 bytes. Fix: check the layer's size, or re-save the map in Tiled"
            ));
        }
        out
    };
    if raw.len() % 4 != 0 {
        return Err(format!(
            "layer `{layer}`: {} bytes of tile data: expected a multiple of 4 (32-bit gids). Fix: re-save the map in Tiled",
            raw.len()
        ));
    }
    Ok(raw)
}

/// The data of a TMJ layer or chunk as written (`data` at `dp`).
pub fn tmj_layer_data<'d>(
    data: &'d Value,
    dp: JPath,
    encoding: &str,
    compression: &str,
    name: &str,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<LayerData<'d>> {
    match data {
        Value::Array(a) if encoding.is_empty() || encoding == "csv" => Some(LayerData::JsonArray(a, dp)),
        Value::String(s) if encoding == "base64" => Some(LayerData::Base64(s.clone(), compression.to_string())),
        Value::String(_) => {
            report(
                diags,
                src,
                Place::File,
                format!("layer `{name}`: data is a string with encoding `{encoding}`: expected `base64` (or an array)"),
            );
            None
        }
        other => {
            report(
                diags,
                src,
                Place::Json(&dp),
                format!("layer `{name}`: `data` is {}: expected an array of gids or a base64 string", shown(Scalar::Json(other))),
            );
            None
        }
    }
}

#[allow(clippy::too_many_arguments)]
/// The data of a TMX `<data>` element (or of a `<chunk>` `el` in it) as written.
pub fn tmx_layer_data<'d>(
    doc: &'d Doc,
    el: &'d Element,
    data: &Element,
    encoding: Option<&str>,
    compression: &str,
    name: &str,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<LayerData<'d>> {
    match encoding {
        Some("csv") => Some(LayerData::Csv(doc, el)),
        Some("base64") => Some(LayerData::Base64(doc.text(el), compression.to_string())),
        None => Some(LayerData::XmlTiles(doc, el)),
        Some(other) => {
            report(diags, src, Place::Byte(data.pos), format!("layer `{name}`: encoding `{other}` is not supported: expected `csv` or `base64`. Fix: in Tiled, Map > Map Properties > Tile Layer Format, pick CSV or Base64"));
            None
        }
    }
}
