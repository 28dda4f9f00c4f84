//! Tiled maps: `.tmj` (JSON) and `.tmx` (XML).
//!
//! * The map must be orthogonal, finite, with 16x16 tiles.
//! * The collision data is the tile layer named `collision` (any case), or the only tile layer
//!   (group layers are searched too).
//! * Layer data: TMJ arrays or TMX CSV / `<tile gid>` elements; base64 with no compression,
//!   `zlib` or `gzip` in both formats. `zstd` compression and infinite (chunked) maps are
//!   rejected with an error saying so.
//! * Each gid has its flip / rotate flags (bits 28..31) cleared; gid 0 is blank (id 0);
//!   otherwise id = gid - firstgid of the tileset the gid belongs to. The collision layer must
//!   use the tiles of one tileset. If that tileset has an image (embedded, or in an external
//!   `.tsx` / `.tsj`), its tiles `32..` are the level's height tiles (see [`super::tileset`]).
//! * Objects of every object layer become entities (pixel coordinates, rounded): the object of
//!   class (or type, or name) `spawn` is the spawn point; others keep their class (or type, or
//!   name), name, rectangle, polyline / polygon points (absolute) and custom properties.

use super::{tileset, Diag, Entity, Format, LevelSource, Loc, Point, PropValue};
use base64::Engine as _;
use megacollide_engine::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Bits of a gid that are flip / rotation flags (horizontal, vertical, diagonal, hexagonal 120).
pub const FLAG_BITS: u32 = 0xF000_0000;

struct RawTileset {
    firstgid: u32,
    image: Option<PathBuf>,
    tile_size: (i64, i64),
    margin_spacing: (i64, i64),
}

enum RawData {
    /// Gids with their place in the file.
    Gids(Vec<(i64, Option<(usize, usize)>)>),
    /// base64 text and its compression.
    Base64(String, String),
}

struct RawLayer {
    name: String,
    width: i64,
    height: i64,
    data: RawData,
}

struct RawMap {
    width: i64,
    height: i64,
    width_loc: Loc,
    height_loc: Loc,
    tilesets: Vec<RawTileset>,
    tile_layers: Vec<RawLayer>,
    entities: Vec<Entity>,
}

fn d(path: &Path, loc: Loc, msg: impl Into<String>) -> Vec<Diag> {
    vec![Diag::new(path, loc, msg)]
}

fn check_map_attrs(path: &Path, loc: Loc, orientation: &str, infinite: bool, tw: i64, th: i64) -> Result<(), Vec<Diag>> {
    if orientation != "orthogonal" {
        return Err(d(path, loc, format!("map orientation is `{orientation}`: expected `orthogonal`")));
    }
    if infinite {
        return Err(d(path, loc, "infinite maps (chunked layer data) are not supported: expected a finite map (Map > Map Properties > Infinite off)"));
    }
    if (tw, th) != (16, 16) {
        return Err(d(path, loc, format!("map tiles are {tw}x{th} pixels: expected 16x16")));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// TMJ

fn jint(v: &Value, key: &str) -> Option<i64> {
    v.get(key).and_then(|x| x.as_i64().or_else(|| x.as_f64().map(|f| f.round() as i64)))
}
fn jstr<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(|x| x.as_str()).unwrap_or("")
}

fn json_error(path: &Path, e: &serde_json::Error) -> Vec<Diag> {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    d(path, Loc::LineCol(e.line(), e.column()), format!("JSON syntax error: {msg}"))
}

/// Parses a Tiled JSON map.
pub fn parse_tmj(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let root: Value = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
    if !root.is_object() || root.get("layers").is_none() {
        return Err(d(path, Loc::File, "not a Tiled map: expected a JSON object with `width`, `height`, `layers` and `tilesets`"));
    }
    check_map_attrs(
        path,
        Loc::File,
        root.get("orientation").and_then(|v| v.as_str()).unwrap_or("orthogonal"),
        root.get("infinite").and_then(|v| v.as_bool()).unwrap_or(false),
        jint(&root, "tilewidth").unwrap_or(0),
        jint(&root, "tileheight").unwrap_or(0),
    )?;
    let mut tilesets = Vec::new();
    for ts in root.get("tilesets").and_then(|v| v.as_array()).into_iter().flatten() {
        let firstgid = jint(ts, "firstgid").unwrap_or(1).clamp(1, u32::MAX as i64) as u32;
        tilesets.push(if let Some(src) = ts.get("source").and_then(|v| v.as_str()) {
            external_tileset(path, firstgid, src)?
        } else {
            tmj_tileset(path.parent().unwrap_or(Path::new(".")), firstgid, ts)
        });
    }
    let mut layers = Vec::new();
    let mut entities = Vec::new();
    tmj_layers(path, &root, &mut layers, &mut entities)?;
    finish(
        path,
        Format::Tmj,
        RawMap {
            width: jint(&root, "width").unwrap_or(0),
            height: jint(&root, "height").unwrap_or(0),
            width_loc: Loc::File,
            height_loc: Loc::File,
            tilesets,
            tile_layers: layers,
            entities,
        },
    )
}

fn tmj_tileset(dir: &Path, firstgid: u32, ts: &Value) -> RawTileset {
    RawTileset {
        firstgid,
        image: ts.get("image").and_then(|v| v.as_str()).map(|s| dir.join(s)),
        tile_size: (jint(ts, "tilewidth").unwrap_or(16), jint(ts, "tileheight").unwrap_or(16)),
        margin_spacing: (jint(ts, "margin").unwrap_or(0), jint(ts, "spacing").unwrap_or(0)),
    }
}

fn external_tileset(map: &Path, firstgid: u32, src: &str) -> Result<RawTileset, Vec<Diag>> {
    let p = map.parent().unwrap_or(Path::new(".")).join(src);
    let text = std::fs::read_to_string(&p).map_err(|e| d(map, Loc::File, format!("external tileset `{src}`: cannot read {}: {e}", p.display())))?;
    let dir = p.parent().unwrap_or(Path::new(".")).to_path_buf();
    if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tsx")) {
        let doc = roxmltree::Document::parse(&text).map_err(|e| xml_error(&p, &e))?;
        Ok(tmx_tileset(&dir, firstgid, doc.root_element()))
    } else {
        let v: Value = serde_json::from_str(&text).map_err(|e| json_error(&p, &e))?;
        Ok(tmj_tileset(&dir, firstgid, &v))
    }
}

fn tmj_layers(path: &Path, parent: &Value, out: &mut Vec<RawLayer>, ents: &mut Vec<Entity>) -> Result<(), Vec<Diag>> {
    for layer in parent.get("layers").and_then(|v| v.as_array()).into_iter().flatten() {
        let name = jstr(layer, "name").to_string();
        match jstr(layer, "type") {
            "tilelayer" => {
                if layer.get("chunks").is_some() {
                    return Err(d(path, Loc::File, format!("layer `{name}` has chunked data (infinite map): expected a finite map")));
                }
                let data = match layer.get("data") {
                    Some(Value::Array(a)) => RawData::Gids(a.iter().map(|v| (v.as_i64().unwrap_or(-1), None)).collect()),
                    Some(Value::String(s)) => {
                        let enc = jstr(layer, "encoding");
                        if enc != "base64" {
                            return Err(d(path, Loc::File, format!("layer `{name}`: data is a string with encoding `{enc}`: expected `base64` (or an array)")));
                        }
                        RawData::Base64(s.clone(), jstr(layer, "compression").to_string())
                    }
                    _ => return Err(d(path, Loc::File, format!("layer `{name}` has no `data`: expected an array of gids or a base64 string"))),
                };
                out.push(RawLayer { name, width: jint(layer, "width").unwrap_or(-1), height: jint(layer, "height").unwrap_or(-1), data });
            }
            "objectgroup" => {
                for o in layer.get("objects").and_then(|v| v.as_array()).into_iter().flatten() {
                    ents.push(tmj_object(path, o)?);
                }
            }
            "group" => tmj_layers(path, layer, out, ents)?,
            _ => {}
        }
    }
    Ok(())
}

fn tmj_object(path: &Path, o: &Value) -> Result<Entity, Vec<Diag>> {
    let id = o.get("id").and_then(|v| v.as_u64()).unwrap_or(0);
    let f = |k: &str| o.get(k).and_then(|v| v.as_f64()).unwrap_or(0.0);
    let (x, y) = (f("x"), f("y"));
    let mut path_pts = Vec::new();
    for key in ["polyline", "polygon"] {
        for p in o.get(key).and_then(|v| v.as_array()).into_iter().flatten() {
            let px = p.get("x").and_then(|v| v.as_f64()).unwrap_or(0.0);
            let py = p.get("y").and_then(|v| v.as_f64()).unwrap_or(0.0);
            path_pts.push(Point { x: (x + px).round() as i32, y: (y + py).round() as i32 });
        }
    }
    let mut props = Vec::new();
    for p in o.get("properties").and_then(|v| v.as_array()).into_iter().flatten() {
        let name = jstr(p, "name").to_string();
        let ty = p.get("type").and_then(|v| v.as_str()).unwrap_or("string");
        let value = match p.get("value") {
            Some(Value::Bool(b)) => PropValue::Bool(*b),
            Some(Value::String(s)) => PropValue::Str(s.clone()),
            Some(Value::Number(n)) if n.as_i64().is_some() => PropValue::Int(n.as_i64().unwrap_or(0)),
            Some(Value::Number(n)) => float_prop(path, id, &name, n.as_f64().unwrap_or(0.0))?,
            _ => return Err(d(path, Loc::Object(id), format!("property `{name}` of type `{ty}`: expected an int, bool, float or string value"))),
        };
        props.push((name, value));
    }
    let gid_object = o.get("gid").is_some();
    let (w, h) = (f("width"), f("height"));
    Ok(entity(id, jstr(o, "class"), jstr(o, "type"), jstr(o, "name"), x, if gid_object { y - h } else { y }, w, h, path_pts, props))
}

fn float_prop(path: &Path, id: u64, name: &str, v: f64) -> Result<PropValue, Vec<Diag>> {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        Ok(PropValue::Int(v as i64))
    } else {
        Err(d(path, Loc::Object(id), format!("property `{name}` = {v}: expected a whole number (the ROM has no floats)")))
    }
}

#[allow(clippy::too_many_arguments)]
fn entity(id: u64, class: &str, ty: &str, name: &str, x: f64, y: f64, w: f64, h: f64, path: Vec<Point>, mut props: Vec<(String, PropValue)>) -> Entity {
    let kind = [class, ty, name].into_iter().find(|s| !s.is_empty()).unwrap_or("object").to_string();
    props.sort_by(|a, b| a.0.cmp(&b.0));
    Entity {
        id,
        kind,
        name: name.to_string(),
        x: x.round() as i32,
        y: y.round() as i32,
        w: w.round() as i32,
        h: h.round() as i32,
        path,
        props,
    }
}

// ---------------------------------------------------------------------------------------------
// TMX

fn xml_error(path: &Path, e: &roxmltree::Error) -> Vec<Diag> {
    let pos = e.pos();
    let msg = e.to_string();
    let msg = msg.strip_suffix(&format!(" at {}:{}", pos.row, pos.col)).unwrap_or(&msg).to_string();
    d(path, Loc::LineCol(pos.row as usize, pos.col as usize), format!("XML syntax error: {msg}"))
}

fn line_col(doc: &roxmltree::Document, pos: usize) -> (usize, usize) {
    let p = doc.text_pos_at(pos);
    (p.row as usize, p.col as usize)
}

fn attr_i(n: roxmltree::Node, k: &str, default: i64) -> i64 {
    n.attribute(k).and_then(|s| s.trim().parse::<f64>().ok()).map(|f| f.round() as i64).unwrap_or(default)
}

/// Parses a Tiled XML map.
pub fn parse_tmx(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let doc = roxmltree::Document::parse(text).map_err(|e| xml_error(path, &e))?;
    let map = doc.root_element();
    let (ml, mc) = line_col(&doc, map.range().start);
    if map.tag_name().name() != "map" {
        return Err(d(path, Loc::LineCol(ml, mc), format!("root element is `<{}>`: expected a Tiled `<map>`", map.tag_name().name())));
    }
    check_map_attrs(
        path,
        Loc::LineCol(ml, mc),
        map.attribute("orientation").unwrap_or("orthogonal"),
        map.attribute("infinite") == Some("1"),
        attr_i(map, "tilewidth", 0),
        attr_i(map, "tileheight", 0),
    )?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tilesets = Vec::new();
    for ts in map.children().filter(|n| n.has_tag_name("tileset")) {
        let firstgid = attr_i(ts, "firstgid", 1).clamp(1, u32::MAX as i64) as u32;
        tilesets.push(match ts.attribute("source") {
            Some(src) => external_tileset(path, firstgid, src)?,
            None => tmx_tileset(dir, firstgid, ts),
        });
    }
    let mut layers = Vec::new();
    let mut entities = Vec::new();
    tmx_layers(path, &doc, map, &mut layers, &mut entities)?;
    finish(
        path,
        Format::Tmx,
        RawMap {
            width: attr_i(map, "width", 0),
            height: attr_i(map, "height", 0),
            width_loc: Loc::LineCol(ml, mc),
            height_loc: Loc::LineCol(ml, mc),
            tilesets,
            tile_layers: layers,
            entities,
        },
    )
}

fn tmx_tileset(dir: &Path, firstgid: u32, ts: roxmltree::Node) -> RawTileset {
    let image = ts.children().find(|n| n.has_tag_name("image")).and_then(|n| n.attribute("source")).map(|s| dir.join(s));
    RawTileset {
        firstgid,
        image,
        tile_size: (attr_i(ts, "tilewidth", 16), attr_i(ts, "tileheight", 16)),
        margin_spacing: (attr_i(ts, "margin", 0), attr_i(ts, "spacing", 0)),
    }
}

fn tmx_layers(path: &Path, doc: &roxmltree::Document, parent: roxmltree::Node, out: &mut Vec<RawLayer>, ents: &mut Vec<Entity>) -> Result<(), Vec<Diag>> {
    for layer in parent.children().filter(|n| n.is_element()) {
        let name = layer.attribute("name").unwrap_or("").to_string();
        match layer.tag_name().name() {
            "layer" => {
                let Some(data) = layer.children().find(|n| n.has_tag_name("data")) else {
                    let (l, c) = line_col(doc, layer.range().start);
                    return Err(d(path, Loc::LineCol(l, c), format!("layer `{name}` has no `<data>`: expected CSV or base64 tile data")));
                };
                let (l, c) = line_col(doc, data.range().start);
                if data.children().any(|n| n.has_tag_name("chunk")) {
                    return Err(d(path, Loc::LineCol(l, c), format!("layer `{name}` has chunked data (infinite map): expected a finite map")));
                }
                let raw = match data.attribute("encoding") {
                    Some("csv") => {
                        let mut gids = Vec::new();
                        if let Some(t) = data.children().find(|n| n.is_text()) {
                            let base = t.range().start;
                            let s = t.text().unwrap_or("");
                            let mut start = None;
                            for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ','))) {
                                if ch == ',' || ch.is_whitespace() {
                                    if let Some(st) = start.take() {
                                        let tok = &s[st..i];
                                        let pos = line_col(doc, base + st);
                                        let v = tok.parse::<i64>().map_err(|_| {
                                            d(path, Loc::LineCol(pos.0, pos.1), format!("bad gid `{tok}` in layer `{name}`: expected an unsigned integer"))
                                        })?;
                                        gids.push((v, Some(pos)));
                                    }
                                } else if start.is_none() {
                                    start = Some(i);
                                }
                            }
                        }
                        RawData::Gids(gids)
                    }
                    Some("base64") => RawData::Base64(
                        data.children().filter(|n| n.is_text()).filter_map(|n| n.text()).collect(),
                        data.attribute("compression").unwrap_or("").to_string(),
                    ),
                    None => RawData::Gids(
                        data.children()
                            .filter(|n| n.has_tag_name("tile"))
                            .map(|n| (attr_i(n, "gid", 0), Some(line_col(doc, n.range().start))))
                            .collect(),
                    ),
                    Some(other) => {
                        return Err(d(path, Loc::LineCol(l, c), format!("layer `{name}`: encoding `{other}` is not supported: expected `csv` or `base64`")))
                    }
                };
                out.push(RawLayer { name, width: attr_i(layer, "width", -1), height: attr_i(layer, "height", -1), data: raw });
            }
            "objectgroup" => {
                for o in layer.children().filter(|n| n.has_tag_name("object")) {
                    ents.push(tmx_object(path, o)?);
                }
            }
            "group" => tmx_layers(path, doc, layer, out, ents)?,
            _ => {}
        }
    }
    Ok(())
}

fn tmx_object(path: &Path, o: roxmltree::Node) -> Result<Entity, Vec<Diag>> {
    let id = attr_i(o, "id", 0).max(0) as u64;
    let f = |k: &str| o.attribute(k).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    let (x, y) = (f("x"), f("y"));
    let mut pts = Vec::new();
    for n in o.children().filter(|n| n.has_tag_name("polyline") || n.has_tag_name("polygon")) {
        for pair in n.attribute("points").unwrap_or("").split_whitespace() {
            let mut it = pair.split(',').map(|v| v.parse::<f64>().unwrap_or(0.0));
            let (px, py) = (it.next().unwrap_or(0.0), it.next().unwrap_or(0.0));
            pts.push(Point { x: (x + px).round() as i32, y: (y + py).round() as i32 });
        }
    }
    let mut props = Vec::new();
    for p in o.children().filter(|n| n.has_tag_name("properties")).flat_map(|n| n.children()).filter(|n| n.has_tag_name("property")) {
        let name = p.attribute("name").unwrap_or("").to_string();
        let raw = p.attribute("value").map(str::to_string).unwrap_or_else(|| p.text().unwrap_or("").to_string());
        let ty = p.attribute("type").unwrap_or("string");
        let bad = || d(path, Loc::Object(id), format!("property `{name}` = `{raw}`: expected a valid `{ty}` value"));
        let value = match ty {
            "int" | "object" => PropValue::Int(raw.trim().parse().map_err(|_| bad())?),
            "bool" => PropValue::Bool(raw.trim() == "true"),
            "float" => float_prop(path, id, &name, raw.trim().parse().map_err(|_| bad())?)?,
            _ => PropValue::Str(raw),
        };
        props.push((name, value));
    }
    let (w, h) = (f("width"), f("height"));
    let y = if o.attribute("gid").is_some() { y - h } else { y };
    Ok(entity(id, o.attribute("class").unwrap_or(""), o.attribute("type").unwrap_or(""), o.attribute("name").unwrap_or(""), x, y, w, h, pts, props))
}

// ---------------------------------------------------------------------------------------------
// Common

fn decode_base64(path: &Path, layer: &str, text: &str, compression: &str) -> Result<Vec<i64>, Vec<Diag>> {
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(clean.as_bytes())
        .map_err(|e| d(path, Loc::File, format!("layer `{layer}`: bad base64 data ({e}): expected standard base64")))?;
    let raw = match compression {
        "" => bytes,
        "zlib" | "gzip" => {
            let mut out = Vec::new();
            let res = if compression == "zlib" {
                flate2::read::ZlibDecoder::new(&bytes[..]).read_to_end(&mut out)
            } else {
                flate2::read::GzDecoder::new(&bytes[..]).read_to_end(&mut out)
            };
            res.map_err(|e| d(path, Loc::File, format!("layer `{layer}`: bad {compression} data ({e})")))?;
            out
        }
        other => {
            return Err(d(
                path,
                Loc::File,
                format!("layer `{layer}`: compression `{other}` is not supported: expected none, `zlib` or `gzip` (or CSV)"),
            ))
        }
    };
    if raw.len() % 4 != 0 {
        return Err(d(path, Loc::File, format!("layer `{layer}`: {} bytes of tile data: expected a multiple of 4 (32-bit gids)", raw.len())));
    }
    Ok(raw.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64).collect())
}

fn finish(path: &Path, format: Format, raw: RawMap) -> Result<LevelSource, Vec<Diag>> {
    let RawMap { width, height, width_loc, height_loc, tilesets, mut tile_layers, mut entities } = raw;
    let names: Vec<String> = tile_layers.iter().map(|l| format!("`{}`", l.name)).collect();
    let idx = match tile_layers.iter().position(|l| l.name.eq_ignore_ascii_case("collision")) {
        Some(i) => i,
        None if tile_layers.len() == 1 => 0,
        None if tile_layers.is_empty() => return Err(d(path, Loc::File, "no tile layer: expected a tile layer named `collision`")),
        None => {
            return Err(d(
                path,
                Loc::File,
                format!("no tile layer named `collision` among {} tile layers ({}): expected one named `collision`", names.len(), names.join(", ")),
            ))
        }
    };
    let layer = tile_layers.swap_remove(idx);
    if (1..=MAX_MAP_WIDTH_TILES as i64).contains(&width) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&height) && (layer.width, layer.height) != (width, height) {
        return Err(d(path, Loc::File, format!("layer `{}` is {}x{} tiles: expected the map size {width}x{height}", layer.name, layer.width, layer.height)));
    }
    let gids: Vec<(i64, Option<(usize, usize)>)> = match layer.data {
        RawData::Gids(g) => g,
        RawData::Base64(t, c) => decode_base64(path, &layer.name, &t, &c)?.into_iter().map(|g| (g, None)).collect(),
    };
    let size_ok = (1..=MAX_MAP_WIDTH_TILES as i64).contains(&width) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&height);
    if size_ok && gids.len() as i64 != width * height {
        return Err(d(
            path,
            Loc::File,
            format!("layer `{}` has {} tiles: expected width x height = {width} x {height} = {}", layer.name, gids.len(), width * height),
        ));
    }
    let w = width.max(1) as usize;
    let mut tiles = Vec::with_capacity(gids.len());
    let mut locs = Vec::with_capacity(gids.len());
    let mut used_tileset: Option<usize> = None;
    let mut errors = Vec::new();
    for (i, (gid, pos)) in gids.iter().enumerate() {
        let (tx, ty) = (i % w, i / w);
        let loc = match pos {
            Some((l, c)) => Loc::TileAt(tx, ty, *l, *c),
            None => Loc::Tile(tx, ty),
        };
        if *gid < 0 || *gid > u32::MAX as i64 {
            errors.push(Diag::new(path, loc.clone(), format!("gid {gid}: expected an unsigned 32-bit integer")));
            tiles.push(0);
            locs.push(loc);
            continue;
        }
        let g = (*gid as u32) & !FLAG_BITS;
        let id = if g == 0 {
            0
        } else {
            match tilesets.iter().enumerate().filter(|(_, t)| t.firstgid <= g).max_by_key(|(_, t)| t.firstgid) {
                Some((ti, ts)) => {
                    if used_tileset.is_some_and(|u| u != ti) {
                        errors.push(Diag::new(
                            path,
                            loc.clone(),
                            format!("gid {g} belongs to a second tileset (firstgid {}): expected every collision tile from one tileset", ts.firstgid),
                        ));
                    }
                    used_tileset.get_or_insert(ti);
                    (g - ts.firstgid) as i64
                }
                None => {
                    errors.push(Diag::new(path, loc.clone(), format!("gid {g} belongs to no tileset: expected a tileset with firstgid <= {g}")));
                    0
                }
            }
        };
        tiles.push(id);
        locs.push(loc);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut height_tiles = Vec::new();
    let mut tileset_png = None;
    if let Some(ts) = used_tileset.map(|i| &tilesets[i]) {
        if let Some(img) = &ts.image {
            if ts.tile_size != (16, 16) || ts.margin_spacing != (0, 0) {
                return Err(d(
                    path,
                    Loc::File,
                    format!(
                        "tileset `{}` has {}x{} tiles, margin {}, spacing {}: expected 16x16 tiles, margin 0, spacing 0",
                        img.display(),
                        ts.tile_size.0,
                        ts.tile_size.1,
                        ts.margin_spacing.0,
                        ts.margin_spacing.1
                    ),
                ));
            }
            height_tiles = tileset::load_height_tiles(img).map_err(|e| vec![e])?;
            tileset_png = Some(img.clone());
        }
    }
    entities.sort_by_key(|e| e.id);
    Ok(LevelSource {
        path: path.to_path_buf(),
        format,
        name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
        width,
        height,
        tiles,
        locs,
        height_tiles,
        tileset: tileset_png,
        entities,
        width_loc,
        height_loc,
    })
}
