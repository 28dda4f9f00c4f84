//! Tiled maps: `.tmj` / `.json` (JSON) and `.tmx` (XML).
//!
//! * The map must be orthogonal with 16x16 tiles. Finite maps keep their size; infinite maps
//!   (chunked layers) become a finite map around the collision tiles and objects used, and
//!   the bounds are reported as a note.
//! * Collision data: the tile layer named `collision` (any case), else the only tile layer.
//!   If some tileset gives its tiles a `collision` property (see below) and there is no
//!   `collision` layer, every tile layer counts: per cell, the topmost non-blank collision id.
//! * Layer data: TMJ arrays or TMX CSV / `<tile gid>` elements; base64 with no compression,
//!   `zlib`, `gzip` or `zstd` in both formats. Decompression stops at the size the layer can
//!   have (width x height x 4 bytes); a zstd window is at most [`MAX_ZSTD_WINDOW`].
//! * A flipped / rotated tile (gid bits 29..31) is the flipped shape (see [`super::flip`]):
//!   the built-in shape with exactly those pixels, or a height tile made from the flipped
//!   picture; no equivalent (or bit 28, hexagonal rotation) is an error. Gid 0 is blank.
//! * Tile ids, per tileset the gid belongs to:
//!   - a tileset whose tiles have a `collision` property (int id, shape name, or `height`;
//!     or a bool `collides`): that property is the engine id, tiles without one are blank;
//!     `height` makes the tile's picture a height tile (opaque pixels solid);
//!   - any other tileset ("collision tileset"): id = gid - firstgid; if it has an image,
//!     its tiles `32..` are the level's height tiles (see [`super::tileset`]). The collision
//!     layer may use one such tileset.
//! * A collision layer that is really an art layer (ids that are no engine ids, or more
//!   height tiles than the ROM has VRAM for) is diagnosed as such, with the fixes named.
//! * Objects of every object layer become entities (pixel coordinates, rounded; layer offsets
//!   applied; templates `.tx` / `.tj` merged): the object of class (or type, or name) `spawn`
//!   is the spawn point; others keep their class (or type, or name), which must be one of
//!   [`super::kinds`] (else an error at the object's line; an object with no class or type
//!   whose name is no kind is decoration, skipped with a warning), name, rectangle,
//!   polyline / polygon points (absolute) and custom properties.
//!
//! Every attribute romtool uses is validated: a value of the wrong kind (`gid="super"`,
//! `x="abc"`, a bool property `yes`) is an error with its line and column, never a default.

use super::flip::{self, Flip};
use super::jsonpos::{self, JPath};
use super::text::{read_text, LineIndex};
use super::xml::{self, Doc, Element};
use super::{art, budget, idmap, kinds, tileset, Diag, Diags, Entity, Format, LevelSource, Loc, Point, PropValue};
use base64::Engine as _;
use megacollide_engine::{shape, MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Bits of a gid that are flip / rotation flags (horizontal, vertical, diagonal, hexagonal 120).
pub use super::flip::FLAG_BITS;
/// Most tiles in all chunks of the layers of one infinite map.
pub const MAX_CHUNK_TILES: u64 = 1 << 20;
/// Largest pixel coordinate accepted in a map (objects, offsets, points).
pub const MAX_COORD: f64 = 1e8;

// ---------------------------------------------------------------------------------------------
// Positions and errors

/// One file being read (the map, an external tileset, a template), for error positions.
struct Src<'t> {
    path: PathBuf,
    text: &'t str,
    lines: LineIndex<'t>,
    /// TMJ tile arrays whose elements were given line and column so far (each costs a scan of
    /// the text: at most [`MAX_LOCATED_ARRAYS`] per file).
    located_arrays: usize,
}

/// Most TMJ tile arrays per file whose tiles get a line and column (the rest are named by
/// tile coordinates only), so that locating them stays linear in the file size.
const MAX_LOCATED_ARRAYS: usize = 16;

impl<'t> Src<'t> {
    fn new(path: &Path, text: &'t str) -> Src<'t> {
        Src { path: path.to_path_buf(), text, lines: LineIndex::new(text), located_arrays: 0 }
    }
    fn at(&mut self, pos: usize) -> Loc {
        let (l, c) = self.lines.locate(pos);
        Loc::LineCol(l, c)
    }
    fn at_json(&mut self, p: &JPath) -> Loc {
        let pos = jsonpos::locate(self.text, p);
        self.at(pos)
    }
}

/// Where an error is, resolved to a [`Loc`] only when the error is kept.
enum At<'a> {
    File,
    Byte(usize),
    Json(&'a JPath),
    Object(u64),
    Loc(Loc),
}

fn push(diags: &mut Diags, src: &mut Src, at: At, msg: impl Into<String>) {
    if diags.full() {
        diags.count_more();
        return;
    }
    let loc = resolve(src, at);
    diags.push(Diag::new(&src.path, loc, msg));
}

/// The [`Loc`] of an [`At`] (JSON positions cost a scan of the text).
fn resolve(src: &mut Src, at: At) -> Loc {
    match at {
        At::File => Loc::File,
        At::Byte(p) => src.at(p),
        At::Json(p) => src.at_json(p),
        At::Object(id) => Loc::Object(id),
        At::Loc(l) => l,
    }
}

/// Warnings of one map: at most [`super::MAX_ERRORS_PER_FILE`] kept, the rest counted.
#[derive(Default)]
struct Warnings {
    shown: Vec<Diag>,
    more: usize,
}

/// Where an object was written (resolved lazily: JSON positions cost a scan).
enum Place {
    Byte(usize),
    Json(JPath),
}

impl Place {
    fn at(&self) -> At<'_> {
        match self {
            Place::Byte(b) => At::Byte(*b),
            Place::Json(p) => At::Json(p),
        }
    }
}

/// A scalar value as written: XML attribute text or a JSON value.
#[derive(Clone, Copy)]
enum Sc<'a> {
    T(&'a str),
    J(&'a Value),
}

fn shown(s: Sc) -> String {
    let t = match s {
        Sc::T(t) => format!("`{t}`"),
        Sc::J(Value::String(t)) => format!("\"{t}\""),
        Sc::J(v) => v.to_string(),
    };
    if t.chars().count() > 40 {
        format!("{}...", t.chars().take(40).collect::<String>())
    } else {
        t
    }
}

fn sc_int(s: Sc) -> Result<i64, ()> {
    match s {
        Sc::T(t) => t.trim().parse::<i64>().map_err(|_| ()),
        Sc::J(v) => v.as_i64().or_else(|| v.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9e15).map(|f| f as i64)).ok_or(()),
    }
}

fn sc_num(s: Sc) -> Result<f64, ()> {
    let v = match s {
        Sc::T(t) => t.trim().parse::<f64>().map_err(|_| ())?,
        Sc::J(v) => v.as_f64().ok_or(())?,
    };
    if v.is_finite() && v.abs() <= MAX_COORD {
        Ok(v)
    } else {
        Err(())
    }
}

fn sc_bool(s: Sc, numeric: bool) -> Result<bool, ()> {
    match s {
        Sc::J(Value::Bool(b)) => Ok(*b),
        Sc::J(Value::Number(n)) if numeric && n.as_u64() == Some(1) => Ok(true),
        Sc::J(Value::Number(n)) if numeric && n.as_u64() == Some(0) => Ok(false),
        Sc::T(t) => match t.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            "1" if numeric => Ok(true),
            "0" if numeric => Ok(false),
            _ => Err(()),
        },
        _ => Err(()),
    }
}

fn sc_str(s: Sc<'_>) -> Result<&str, ()> {
    match s {
        Sc::T(t) => Ok(t),
        Sc::J(Value::String(t)) => Ok(t),
        _ => Err(()),
    }
}

/// A map / tileset / object / layer node of either format: its scalars and their places.
trait Node {
    fn get(&self, key: &str) -> Option<Sc<'_>>;
    fn at_key(&self, key: &str) -> At<'_>;
}

struct XNode<'d>(&'d Element);
impl Node for XNode<'_> {
    fn get(&self, key: &str) -> Option<Sc<'_>> {
        self.0.value(key).map(Sc::T)
    }
    fn at_key(&self, key: &str) -> At<'_> {
        At::Byte(self.0.attr(key).map(|a| a.pos).unwrap_or(self.0.pos))
    }
}

struct JNode<'d> {
    v: &'d Value,
    path: JPath,
    keys: Vec<(String, JPath)>,
}
impl<'d> JNode<'d> {
    fn new(v: &'d Value, path: JPath) -> JNode<'d> {
        let keys = v.as_object().map(|o| o.keys().map(|k| (k.clone(), path.key(k))).collect()).unwrap_or_default();
        JNode { v, path, keys }
    }
}
impl Node for JNode<'_> {
    fn get(&self, key: &str) -> Option<Sc<'_>> {
        self.v.get(key).filter(|v| !v.is_null()).map(Sc::J)
    }
    fn at_key(&self, key: &str) -> At<'_> {
        match self.keys.iter().find(|(k, _)| k == key) {
            Some((_, p)) => At::Json(p),
            None => At::Json(&self.path),
        }
    }
}

/// Reads scalars of a node, reporting wrong kinds.
struct Fields<'a, 'b, 't> {
    diags: &'a mut Diags,
    src: &'b mut Src<'t>,
    what: String,
}

impl Fields<'_, '_, '_> {
    fn bad(&mut self, n: &dyn Node, key: &str, s: Sc, expected: &str) {
        let msg = format!("{}`{key}` is {}: expected {expected}", self.what, shown(s));
        push(self.diags, self.src, n.at_key(key), msg);
    }
    fn int(&mut self, n: &dyn Node, key: &str, min: i64, max: i64) -> Option<i64> {
        let s = n.get(key)?;
        match sc_int(s) {
            Ok(v) if (min..=max).contains(&v) => Some(v),
            Ok(_) => {
                self.bad(n, key, s, &format!("an integer in {min}..={max}"));
                None
            }
            Err(()) => {
                self.bad(n, key, s, "an integer");
                None
            }
        }
    }
    fn num(&mut self, n: &dyn Node, key: &str) -> Option<f64> {
        let s = n.get(key)?;
        match sc_num(s) {
            Ok(v) => Some(v),
            Err(()) => {
                self.bad(n, key, s, &format!("a number of pixels (at most {MAX_COORD:e} in size)"));
                None
            }
        }
    }
    fn boolean(&mut self, n: &dyn Node, key: &str, numeric: bool) -> Option<bool> {
        let s = n.get(key)?;
        match sc_bool(s, numeric) {
            Ok(b) => Some(b),
            Err(()) => {
                self.bad(n, key, s, if numeric { "`0` or `1` (or true / false)" } else { "true or false" });
                None
            }
        }
    }
    /// Tiled's parallax factors of a layer (`parallaxx`, `parallaxy`; 1 when absent, as in
    /// Tiled) and where each is written (the layer itself when absent).
    fn parallax(&mut self, n: &dyn Node) -> [(f64, Loc); 2] {
        let mut out = [(1.0, Loc::File), (1.0, Loc::File)];
        for (slot, key) in out.iter_mut().zip(["parallaxx", "parallaxy"]) {
            if let Some(s) = n.get(key) {
                match sc_num(s) {
                    Ok(v) => slot.0 = v,
                    Err(()) => self.bad(n, key, s, "a number (Tiled's parallax factor: 1, 0.5, 0.25 or 0.125)"),
                }
            }
            slot.1 = resolve(self.src, n.at_key(key));
        }
        out
    }
    /// A group layer's parallax factors must be 1: romtool reads them from tile layers only.
    fn group_parallax(&mut self, n: &dyn Node, name: &str) {
        for key in ["parallaxx", "parallaxy"] {
            if let Some(s) = n.get(key) {
                if sc_num(s) != Ok(1.0) {
                    let msg = format!(
                        "group layer `{name}`: `{key}` is {}: expected 1 (romtool reads the parallax of tile layers only). Fix: set the parallax factor on the art layers inside the group, and 1 on the group",
                        shown(s)
                    );
                    push(self.diags, self.src, n.at_key(key), msg);
                }
            }
        }
    }
    /// Tiled's map `backgroundcolor` (`#RRGGBB` or `#AARRGGBB`; the alpha is ignored) as RGB.
    fn colour(&mut self, n: &dyn Node, key: &str) -> Option<[u8; 3]> {
        let s = n.get(key)?;
        let parsed = sc_str(s).ok().and_then(|t| {
            let hex = t.trim().strip_prefix('#').unwrap_or(t.trim());
            let ok = (hex.len() == 6 || hex.len() == 8) && hex.bytes().all(|b| b.is_ascii_hexdigit());
            let v = u32::from_str_radix(hex, 16).ok().filter(|_| ok)?;
            Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
        });
        if parsed.is_none() {
            self.bad(n, key, s, "a colour `#RRGGBB` or `#AARRGGBB`. Fix: pick the colour again in Tiled (Map > Map Properties > Background Color), or remove the attribute");
        }
        parsed
    }
    fn string(&mut self, n: &dyn Node, key: &str) -> Option<String> {
        let s = n.get(key)?;
        match sc_str(s) {
            Ok(t) => Some(t.to_string()),
            Err(()) => {
                self.bad(n, key, s, "a string");
                None
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The format-neutral model

/// What a tile's `collision` property says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coll {
    Id(u16),
    Height,
}

#[derive(Clone, Debug)]
struct Image {
    path: PathBuf,
    trans: Option<[u8; 3]>,
    /// Where the image is named (the map, or an external tileset), for art errors.
    decl: (PathBuf, Loc),
}

/// A tileset without its firstgid (external tilesets are cached as this).
#[derive(Clone, Debug)]
struct TsBody {
    name: String,
    image: Option<Image>,
    tile_size: (i64, i64),
    margin: i64,
    spacing: i64,
    collision: BTreeMap<u32, Coll>,
}

struct Tileset {
    firstgid: u32,
    body: TsBody,
}

/// Layer data as written, decoded only for the layers used.
enum Enc<'d> {
    /// TMX CSV text of this element.
    Csv(&'d Doc, &'d Element),
    /// TMX `<tile>` children of this element.
    XmlTiles(&'d Doc, &'d Element),
    /// TMJ array.
    Array(&'d [Value], JPath),
    /// base64 text and compression.
    B64(String, String),
}

struct Chunk<'d> {
    x: i64,
    y: i64,
    w: i64,
    h: i64,
    enc: Enc<'d>,
}

struct TileLayer<'d> {
    name: String,
    /// Finite: one chunk at (0, 0) with the layer's size.
    chunks: Vec<Chunk<'d>>,
    infinite: bool,
    width: i64,
    height: i64,
    /// Pixel offset (layer and groups).
    offset: (f64, f64),
    /// Tiled's `visible` (hidden layers are no art).
    visible: bool,
    /// Custom properties, with where each value is written (art layers: `plane`, `priority`).
    props: Vec<(String, PropValue, Loc)>,
    /// Tiled's parallax factors (x, y) and where each is written (art layers: see [`art`]).
    parallax: [(f64, Loc); 2],
}

/// Object fields as written (template merged into them before use).
#[derive(Clone, Debug, Default)]
struct Obj {
    id: Option<u64>,
    name: Option<String>,
    class: Option<String>,
    ty: Option<String>,
    x: Option<f64>,
    y: Option<f64>,
    w: Option<f64>,
    h: Option<f64>,
    rotation: Option<f64>,
    gid: Option<u32>,
    points: Option<Vec<(f64, f64)>>,
    props: Vec<(String, PropValue)>,
    template: Option<String>,
    /// Layer offsets (sum over the object's layer and its groups).
    offset: (f64, f64),
}

impl Obj {
    fn merge_template(self, t: &Obj) -> Obj {
        let mut props = t.props.clone();
        for (k, v) in self.props {
            match props.iter_mut().find(|(n, _)| *n == k) {
                Some(slot) => slot.1 = v,
                None => props.push((k, v)),
            }
        }
        Obj {
            id: self.id,
            name: self.name.or_else(|| t.name.clone()),
            class: self.class.or_else(|| t.class.clone()),
            ty: self.ty.or_else(|| t.ty.clone()),
            x: self.x,
            y: self.y,
            w: self.w.or(t.w),
            h: self.h.or(t.h),
            rotation: self.rotation.or(t.rotation),
            gid: self.gid.or(t.gid),
            points: self.points.or_else(|| t.points.clone()),
            props,
            template: None,
            offset: self.offset,
        }
    }
}

/// Everything read from a map file before the layers are decoded.
struct MapDecl<'d> {
    width: i64,
    height: i64,
    infinite: bool,
    tilesets: Vec<Tileset>,
    layers: Vec<TileLayer<'d>>,
    objects: Vec<(Obj, Place)>,
    /// Tiled's map `backgroundcolor` (RGB): the backdrop of a level with art.
    backdrop: Option<[u8; 3]>,
}

/// Per-map caches (a map may name the same external tileset or template many times).
#[derive(Default)]
struct Cache {
    tilesets: HashMap<PathBuf, Option<TsBody>>,
    templates: HashMap<PathBuf, Option<Obj>>,
}

// ---------------------------------------------------------------------------------------------
// Properties

fn prop_value(ty: &str, v: Sc) -> Result<PropValue, String> {
    let int32 = |x: i64| {
        if (i32::MIN as i64..=i32::MAX as i64).contains(&x) {
            Ok(PropValue::Int(x))
        } else {
            Err(format!("{x}: expected a 32-bit integer (the ROM stores i32). Fix: use a value in -2147483648..=2147483647"))
        }
    };
    match ty {
        "int" | "object" => match sc_int(v) {
            Ok(x) => int32(x),
            Err(()) => Err(format!("{}: expected an integer", shown(v))),
        },
        "float" => {
            let f = match v {
                Sc::T(t) => t.trim().parse::<f64>().ok(),
                Sc::J(j) => j.as_f64(),
            };
            match f {
                Some(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => int32(f as i64),
                Some(f) => Err(format!("{f}: expected a whole number (the ROM has no floats). Fix: round it, or scale it (e.g. store sub-pixels as an int)")),
                None => Err(format!("{}: expected a number", shown(v))),
            }
        }
        "bool" => sc_bool(v, false).map(PropValue::Bool).map_err(|()| format!("{}: expected true or false", shown(v))),
        "string" | "file" | "color" => sc_str(v).map(|s| PropValue::Str(s.to_string())).map_err(|()| format!("{}: expected a string", shown(v))),
        "class" => Err("class properties (Tiled custom types) are not supported: expected int, bool, float, string, color, file or object. Fix: replace it with one property per member".into()),
        other => Err(format!("unknown property type `{other}`: expected int, bool, float, string, color, file or object")),
    }
}

/// The type of an untyped JSON property value.
fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "int",
        Value::Number(_) => "float",
        Value::String(_) => "string",
        _ => "class",
    }
}

/// Properties of a TMX element (its `<properties>` child).
fn tmx_props(doc: &Doc, el: &Element, diags: &mut Diags, src: &mut Src, what: &str) -> Vec<(String, PropValue, usize)> {
    let mut out = Vec::new();
    for ps in doc.children_named(el, "properties") {
        for p in doc.children_named(ps, "property") {
            let name = p.value("name").unwrap_or("").to_string();
            let ty = p.value("type").unwrap_or("string");
            let raw = match p.value("value") {
                Some(v) => v.to_string(),
                None => doc.text(p),
            };
            let at = p.attr("value").map(|a| a.pos).unwrap_or(p.pos);
            match prop_value(ty, Sc::T(&raw)) {
                Ok(v) => out.push((name, v, at)),
                Err(m) => push(diags, src, At::Byte(at), format!("{what}property `{name}` = {m}")),
            }
        }
    }
    out
}

/// Properties of a TMJ node (`properties` array, or the pre-1.2 object + `propertytypes`).
fn tmj_props(v: &Value, path: &JPath, diags: &mut Diags, src: &mut Src, what: &str) -> Vec<(String, PropValue, JPath)> {
    let mut out = Vec::new();
    let ppath = path.key("properties");
    match v.get("properties") {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) => {
            for (i, p) in a.iter().enumerate() {
                let pp = ppath.index(i);
                let name = p.get("name").and_then(Value::as_str).unwrap_or("").to_string();
                let Some(val) = p.get("value") else {
                    push(diags, src, At::Json(&pp), format!("{what}property `{name}` has no `value`"));
                    continue;
                };
                let ty = p.get("type").and_then(Value::as_str).unwrap_or_else(|| json_type(val));
                match prop_value(ty, Sc::J(val)) {
                    Ok(x) => out.push((name, x, pp.key("value"))),
                    Err(m) => push(diags, src, At::Json(&pp.key("value")), format!("{what}property `{name}` = {m}")),
                }
            }
        }
        Some(Value::Object(o)) => {
            for (name, val) in o {
                let ty = v.get("propertytypes").and_then(|t| t.get(name)).and_then(Value::as_str).unwrap_or_else(|| json_type(val));
                let pp = ppath.key(name);
                match prop_value(ty, Sc::J(val)) {
                    Ok(x) => out.push((name.clone(), x, pp)),
                    Err(m) => push(diags, src, At::Json(&pp), format!("{what}property `{name}` = {m}")),
                }
            }
        }
        Some(other) => push(diags, src, At::Json(&ppath), format!("{what}`properties` is {}: expected an array", shown(Sc::J(other)))),
    }
    out
}

/// The collision meaning of a tile property, if it is one.
fn collision_prop(name: &str, v: &PropValue) -> Option<Result<Coll, String>> {
    let lname = name.to_ascii_lowercase();
    if lname == "collides" {
        return Some(match v {
            PropValue::Bool(b) => Ok(Coll::Id(if *b { shape::SOLID } else { shape::BLANK })),
            _ => Err("property `collides`: expected a bool".into()),
        });
    }
    if lname != "collision" {
        return None;
    }
    let expected = "expected an engine id (0 blank, 2 solid, 3..=14 slopes, 15..=18 halves, 19 one-way), a shape name (solid, rise_1, one_way, ...), `height`, or true / false";
    Some(match v {
        PropValue::Int(i) if (0..=u16::MAX as i64).contains(i) && shape::is_builtin(*i as u16) && *i != shape::RESERVED_1 as i64 => {
            Ok(Coll::Id(*i as u16))
        }
        PropValue::Int(i) => Err(format!("property `collision` = {i}: {expected}")),
        PropValue::Bool(b) => Ok(Coll::Id(if *b { shape::SOLID } else { shape::BLANK })),
        PropValue::Str(s) if s.trim().eq_ignore_ascii_case("height") => Ok(Coll::Height),
        PropValue::Str(s) => match idmap::shape_by_name(s)
            .or_else(|| s.trim().parse::<u16>().ok().filter(|&i| shape::is_builtin(i) && i != shape::RESERVED_1))
        {
            Some(i) => Ok(Coll::Id(i)),
            None => Err(format!("property `collision` = `{s}`: {expected}")),
        },
    })
}

fn parse_trans(s: &str) -> Option<[u8; 3]> {
    let h = s.trim().trim_start_matches('#');
    // Tiled writes RRGGBB; JSON may carry AARRGGBB.
    let h = if h.len() == 8 { &h[2..] } else { h };
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

// ---------------------------------------------------------------------------------------------
// Tilesets

fn ts_common(n: &dyn Node, f: &mut Fields) -> TsBody {
    let name = f.string(n, "name").unwrap_or_default();
    let tw = f.int(n, "tilewidth", 1, 65535).unwrap_or(16);
    let th = f.int(n, "tileheight", 1, 65535).unwrap_or(16);
    let margin = f.int(n, "margin", 0, 65535).unwrap_or(0);
    let spacing = f.int(n, "spacing", 0, 65535).unwrap_or(0);
    TsBody { name, image: None, tile_size: (tw, th), margin, spacing, collision: BTreeMap::new() }
}

fn tmx_tileset_body(doc: &Doc, ts: &Element, dir: &Path, diags: &mut Diags, src: &mut Src) -> TsBody {
    let mut f = Fields { diags: &mut *diags, src: &mut *src, what: "tileset: ".into() };
    let mut body = ts_common(&XNode(ts), &mut f);
    if let Some(img) = doc.child(ts, "image") {
        let trans = match img.attr("trans") {
            Some(a) => match parse_trans(&a.value) {
                Some(t) => Some(t),
                None => {
                    push(diags, src, At::Byte(a.pos), format!("tileset image `trans` is `{}`: expected a colour RRGGBB", a.value));
                    None
                }
            },
            None => None,
        };
        if let Some(s) = img.value("source") {
            let decl = (src.path.clone(), src.at(img.pos));
            body.image = Some(Image { path: dir.join(s), trans, decl });
        }
    }
    for tile in doc.children_named(ts, "tile") {
        let props = tmx_props(doc, tile, diags, src, "tile ");
        let coll: Vec<_> = props.iter().filter_map(|(n, v, at)| collision_prop(n, v).map(|r| (r, *at))).collect();
        if coll.is_empty() {
            continue;
        }
        let id = match tile.attr("id").map(|a| (a, a.value.trim().parse::<u32>())) {
            Some((_, Ok(id))) => id,
            Some((a, Err(_))) => {
                push(diags, src, At::Byte(a.pos), format!("tile `id` is `{}`: expected a tile index (an unsigned integer)", a.value));
                continue;
            }
            None => {
                push(diags, src, At::Byte(tile.pos), "`<tile>` without `id`: expected the tile's index");
                continue;
            }
        };
        for (r, at) in coll {
            match r {
                Ok(c) => {
                    body.collision.insert(id, c);
                }
                Err(m) => push(diags, src, At::Byte(at), format!("tile {id}: {m}")),
            }
        }
    }
    body
}

fn tmj_tileset_body(v: &Value, path: &JPath, dir: &Path, diags: &mut Diags, src: &mut Src) -> TsBody {
    let n = JNode::new(v, path.clone());
    let mut f = Fields { diags: &mut *diags, src: &mut *src, what: "tileset: ".into() };
    let mut body = ts_common(&n, &mut f);
    let image = f.string(&n, "image");
    let trans = match f.string(&n, "transparentcolor") {
        Some(t) => match parse_trans(&t) {
            Some(c) => Some(c),
            None => {
                push(diags, src, n.at_key("transparentcolor"), format!("tileset `transparentcolor` is `{t}`: expected a colour #RRGGBB"));
                None
            }
        },
        None => None,
    };
    if let Some(s) = image {
        let decl = (src.path.clone(), src.at_json(&path.key("image")));
        body.image = Some(Image { path: dir.join(s), trans, decl });
    }
    let tpath = path.key("tiles");
    match v.get("tiles") {
        Some(Value::Array(tiles)) => {
            for (i, t) in tiles.iter().enumerate() {
                let tp = tpath.index(i);
                let props = tmj_props(t, &tp, diags, src, "tile ");
                let coll: Vec<_> = props.iter().filter_map(|(n, v, p)| collision_prop(n, v).map(|r| (r, p.clone()))).collect();
                if coll.is_empty() {
                    continue;
                }
                let Some(id) = t.get("id").and_then(Value::as_u64).and_then(|i| u32::try_from(i).ok()) else {
                    push(diags, src, At::Json(&tp), "tile without a valid `id`: expected the tile's index (an unsigned integer)");
                    continue;
                };
                for (r, p) in coll {
                    match r {
                        Ok(c) => {
                            body.collision.insert(id, c);
                        }
                        Err(m) => push(diags, src, At::Json(&p), format!("tile {id}: {m}")),
                    }
                }
            }
        }
        // Tiled before 1.2: "tileproperties": {"5": {"collision": 2}}.
        None | Some(Value::Null) => {
            if let Some(Value::Object(tp)) = v.get("tileproperties") {
                for (k, props) in tp {
                    let Ok(id) = k.parse::<u32>() else { continue };
                    let holder = serde_json::json!({ "properties": props, "propertytypes": v.get("tilepropertytypes").and_then(|t| t.get(k)).cloned().unwrap_or(Value::Null) });
                    for (name, val, _) in tmj_props(&holder, &path.key("tileproperties").key(k), diags, src, "tile ") {
                        match collision_prop(&name, &val) {
                            Some(Ok(c)) => {
                                body.collision.insert(id, c);
                            }
                            Some(Err(m)) => push(diags, src, At::Json(&path.key("tileproperties").key(k)), format!("tile {id}: {m}")),
                            None => {}
                        }
                    }
                }
            }
        }
        Some(other) => push(diags, src, At::Json(&tpath), format!("tileset `tiles` is {}: expected an array", shown(Sc::J(other)))),
    }
    body
}

/// Reads an external tileset (`.tsx`, `.tsj`, `.json`), cached per map.
fn external_tileset(map_src: &mut Src, at: At, source: &str, diags: &mut Diags, cache: &mut Cache) -> Option<TsBody> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    if let Some(hit) = cache.tilesets.get(&p) {
        return hit.clone();
    }
    let body = (|| {
        let text = match read_text(&p) {
            Ok(t) => t,
            Err(e) => {
                push(diags, map_src, at, format!("external tileset `{source}`: {}: {e}", p.display()));
                return None;
            }
        };
        let dir = p.parent().unwrap_or(Path::new(".")).to_path_buf();
        let mut src = Src::new(&p, &text);
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tsx") || e.eq_ignore_ascii_case("xml")) {
            let doc = match xml::parse(&text) {
                Ok(d) => d,
                Err(e) => {
                    push(diags, &mut src, At::Byte(e.pos), format!("XML syntax error: {}", e.msg));
                    return None;
                }
            };
            let root = doc.root();
            if root.name != "tileset" {
                push(diags, &mut src, At::Byte(root.pos), format!("root element is `<{}>`: expected a Tiled `<tileset>`", root.name));
                return None;
            }
            Some(tmx_tileset_body(&doc, root, &dir, diags, &mut src))
        } else {
            let v: Value = match serde_json::from_str(&text) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(json_error(&p, &e));
                    return None;
                }
            };
            Some(tmj_tileset_body(&v, &JPath::root(), &dir, diags, &mut src))
        }
    })();
    cache.tilesets.insert(p, body.clone());
    body
}

// ---------------------------------------------------------------------------------------------
// Objects

/// The attributes every Tiled object has (TMX attributes and TMJ members alike), each
/// checked for its type.
fn object_attrs(f: &mut Fields, n: &dyn Node, offset: (f64, f64)) -> Obj {
    Obj {
        id: f.int(n, "id", 0, u32::MAX as i64).map(|v| v as u64),
        name: f.string(n, "name"),
        class: f.string(n, "class"),
        ty: f.string(n, "type"),
        x: f.num(n, "x"),
        y: f.num(n, "y"),
        w: f.num(n, "width"),
        h: f.num(n, "height"),
        rotation: f.num(n, "rotation"),
        gid: f.int(n, "gid", 0, u32::MAX as i64).map(|v| v as u32),
        template: f.string(n, "template"),
        offset,
        ..Obj::default()
    }
}

fn tmx_object(doc: &Doc, o: &Element, offset: (f64, f64), diags: &mut Diags, src: &mut Src) -> Obj {
    let n = XNode(o);
    let id_str = o.value("id").map(|i| format!("object {i}")).unwrap_or_else(|| "template object".into());
    let mut f = Fields { diags: &mut *diags, src: &mut *src, what: format!("{id_str}: ") };
    let mut obj = object_attrs(&mut f, &n, offset);
    for pl in doc.children(o).filter(|c| c.name == "polyline" || c.name == "polygon") {
        let mut pts = Vec::new();
        let raw = pl.value("points").unwrap_or("");
        for pair in raw.split_whitespace() {
            let mut it = pair.split(',');
            let xy =
                (it.next().and_then(|v| v.trim().parse::<f64>().ok()), it.next().and_then(|v| v.trim().parse::<f64>().ok()), it.next());
            match xy {
                (Some(x), Some(y), None) if x.is_finite() && y.is_finite() && x.abs() <= MAX_COORD && y.abs() <= MAX_COORD => {
                    pts.push((x, y))
                }
                _ => {
                    let at = pl.attr("points").map(|a| a.pos).unwrap_or(pl.pos);
                    push(diags, src, At::Byte(at), format!("{id_str}: point `{pair}`: expected `x,y` in pixels"));
                    break;
                }
            }
        }
        obj.points = Some(pts);
    }
    obj.props = tmx_props(doc, o, diags, src, &format!("{id_str}: ")).into_iter().map(|(n, v, _)| (n, v)).collect();
    obj
}

fn tmj_object(v: &Value, path: &JPath, offset: (f64, f64), diags: &mut Diags, src: &mut Src) -> Obj {
    let n = JNode::new(v, path.clone());
    let id_str = v.get("id").map(|i| format!("object {i}")).unwrap_or_else(|| "template object".into());
    let mut f = Fields { diags: &mut *diags, src: &mut *src, what: format!("{id_str}: ") };
    let mut obj = object_attrs(&mut f, &n, offset);
    for key in ["polyline", "polygon"] {
        let Some(list) = v.get(key) else { continue };
        let kp = path.key(key);
        let Some(list) = list.as_array() else {
            push(diags, src, At::Json(&kp), format!("{id_str}: `{key}` is not an array: expected [{{\"x\": .., \"y\": ..}}, ...]"));
            continue;
        };
        let mut pts = Vec::new();
        for (i, p) in list.iter().enumerate() {
            let num = |k: &str| p.get(k).and_then(Value::as_f64).filter(|v| v.is_finite() && v.abs() <= MAX_COORD);
            match (num("x"), num("y")) {
                (Some(x), Some(y)) => pts.push((x, y)),
                _ => {
                    push(
                        diags,
                        src,
                        At::Json(&kp.index(i)),
                        format!("{id_str}: `{key}` point {i}: expected {{\"x\": number, \"y\": number}} in pixels"),
                    );
                    break;
                }
            }
        }
        obj.points = Some(pts);
    }
    obj.props = tmj_props(v, path, diags, src, &format!("{id_str}: ")).into_iter().map(|(n, v, _)| (n, v)).collect();
    obj
}

/// Reads a template (`.tx` XML or `.tj` JSON), cached per map.
fn template(map_src: &mut Src, at: At, source: &str, diags: &mut Diags, cache: &mut Cache) -> Option<Obj> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    if let Some(hit) = cache.templates.get(&p) {
        return hit.clone();
    }
    let obj = (|| {
        let text = match read_text(&p) {
            Ok(t) => t,
            Err(e) => {
                push(diags, map_src, at, format!("object template `{source}`: {}: {e}", p.display()));
                return None;
            }
        };
        let mut src = Src::new(&p, &text);
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tx") || e.eq_ignore_ascii_case("xml")) {
            let doc = match xml::parse(&text) {
                Ok(d) => d,
                Err(e) => {
                    push(diags, &mut src, At::Byte(e.pos), format!("XML syntax error: {}", e.msg));
                    return None;
                }
            };
            match doc.child(doc.root(), "object") {
                Some(o) if doc.root().name == "template" => Some(tmx_object(&doc, o, (0.0, 0.0), diags, &mut src)),
                _ => {
                    push(diags, &mut src, At::Byte(doc.root().pos), "not a Tiled template: expected `<template>` with an `<object>`");
                    None
                }
            }
        } else {
            let v: Value = match serde_json::from_str(&text) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(json_error(&p, &e));
                    return None;
                }
            };
            match v.get("object") {
                Some(o) if o.is_object() => Some(tmj_object(o, &JPath::root().key("object"), (0.0, 0.0), diags, &mut src)),
                _ => {
                    push(diags, &mut src, At::File, "not a Tiled template: expected a JSON object with `object`");
                    None
                }
            }
        }
    })();
    cache.templates.insert(p, obj.clone());
    obj
}

/// An object as an entity (pixels rounded; tile objects converted from bottom-left).
///
/// The kind is the object's class, else its type, else its name. An object with no class and
/// no type whose name is no entity kind (or that has no name) is decoration, as third-party
/// maps often carry (trees, signs, notes): it is skipped with a warning in `warnings`. A
/// class or type that is no entity kind is an error.
fn entity_of(obj: Obj, diags: &mut Diags, warnings: &mut Warnings, src: &mut Src, at: At) -> Option<Entity> {
    let class = obj.class.clone().unwrap_or_default();
    let ty = obj.ty.clone().unwrap_or_default();
    let name = obj.name.clone().unwrap_or_default();
    let known = |k: &str| kinds::is_spawn(k) || kinds::variant_of(k).is_some();
    if class.is_empty() && ty.is_empty() && !known(&name) {
        if warnings.shown.len() >= super::MAX_ERRORS_PER_FILE {
            warnings.more += 1;
        } else {
            let what = match (obj.id, name.is_empty()) {
                (Some(id), true) => format!("object {id}"),
                (Some(id), false) => format!("object {id} (`{name}`)"),
                (None, true) => "an object".to_string(),
                (None, false) => format!("object `{name}`"),
            };
            let loc = resolve(src, at);
            warnings.shown.push(Diag::new(
                &src.path,
                loc,
                format!(
                    "{what} has no class or type: skipped as decoration. To make it an entity, give it a class (or type) the game knows: {}",
                    kinds::expected_list()
                ),
            ));
        }
        return None;
    }
    let Some(id) = obj.id else {
        push(diags, src, at, "object without `id`: expected a Tiled object id (saved by Tiled 1.0 or newer). Fix: open and re-save the map in a current Tiled");
        return None;
    };
    if id == 0 || id > u32::MAX as u64 {
        push(
            diags,
            src,
            At::Object(id),
            format!("object id {id}: expected 1..={}. Fix: re-save the map in Tiled (it numbers objects from 1)", u32::MAX),
        );
        return None;
    }
    if obj.rotation.is_some_and(|r| r != 0.0) {
        push(diags, src, At::Object(id), format!("rotation {}: expected 0 (rotated objects are not supported). Fix: set the object's rotation to 0 in Tiled (or clear its class and type if it is decoration)", obj.rotation.unwrap_or(0.0)));
        return None;
    }
    let (w, h) = (obj.w.unwrap_or(0.0), obj.h.unwrap_or(0.0));
    let x = obj.x.unwrap_or(0.0) + obj.offset.0;
    let y = obj.y.unwrap_or(0.0) + obj.offset.1;
    let y = if obj.gid.is_some() { y - h } else { y };
    let conv = |v: f64| -> Option<i32> {
        let r = v.round();
        (r.is_finite() && r.abs() <= 2.0 * MAX_COORD).then_some(r as i32)
    };
    let mut path = Vec::new();
    for (px, py) in obj.points.unwrap_or_default() {
        match (conv(x + px), conv(y + py)) {
            (Some(a), Some(b)) => path.push(Point { x: a, y: b }),
            _ => {
                push(diags, src, At::Object(id), format!("path point out of range: expected coordinates within {MAX_COORD:e} px. Fix: move the polyline's points onto the map"));
                return None;
            }
        }
    }
    let (Some(xi), Some(yi), Some(wi), Some(hi)) = (conv(x), conv(y), conv(w), conv(h)) else {
        push(
            diags,
            src,
            At::Object(id),
            format!(
                "position or size out of range: expected coordinates within {MAX_COORD:e} px. Fix: move or resize the object onto the map"
            ),
        );
        return None;
    };
    let kind = [class.as_str(), ty.as_str(), name.as_str()].into_iter().find(|s| !s.is_empty()).unwrap_or("object").to_string();
    if !known(&kind) {
        push(
            diags,
            src,
            at,
            format!(
                "object {id}: type `{kind}` is not an entity kind the game knows: expected one of {}. Fix: set the object's class to one of these, or clear its class and type to keep it as decoration (skipped with a warning), or add the kind to tools/romtool/src/levels/kinds.rs and the game",
                kinds::expected_list()
            ),
        );
        return None;
    }
    let mut props = obj.props;
    props.sort_by(|a, b| a.0.cmp(&b.0));
    Some(Entity { id, kind, name, x: xi, y: yi, w: wi, h: hi, path, props })
}

// ---------------------------------------------------------------------------------------------
// Layer data

fn json_error(path: &Path, e: &serde_json::Error) -> Diag {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    Diag::new(path, Loc::LineCol(e.line(), e.column()), format!("JSON syntax error: {msg}"))
}

/// A decoded gid and where it was written (line, column) if known.
type Gid = (u32, Option<(usize, usize)>);
/// A non-blank cell of a layer: tile x, y (Tiled's coordinates), gid without flags, the
/// flag bits, place.
type Cell = (i64, i64, u32, u32, Option<(usize, usize)>);

/// Decodes layer data that should hold `expected` gids: the gids (at most `expected + 1` are
/// kept) and how many there are; `None` after reporting an error.
fn decode(enc: &Enc, expected: u64, layer: &str, diags: &mut Diags, src: &mut Src) -> Option<(Vec<Gid>, u64)> {
    let before = diags.count();
    let keep = expected.saturating_add(1);
    let mut total: u64 = 0;
    let gids: Vec<Gid> = match enc {
        Enc::Csv(doc, el) => {
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
                                  src: &mut Src| {
                let Some(pos) = tok_pos.take() else { return };
                total += 1;
                if total <= keep {
                    let (l, c) = src.lines.locate(pos);
                    match tok.parse::<u32>() {
                        Ok(g) if *tok_len == tok.len() && tok.bytes().all(|b| b.is_ascii_digit()) => gids.push((g, Some((l, c)))),
                        _ => {
                            let shown = if *tok_len > tok.len() { format!("{tok}...") } else { tok.clone() };
                            push(
                                diags,
                                src,
                                At::Loc(Loc::LineCol(l, c)),
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
        Enc::XmlTiles(doc, el) => {
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
                            push(
                                diags,
                                src,
                                At::Byte(a.pos),
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
        Enc::Array(a, path) => {
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
                        push(
                            diags,
                            src,
                            At::Json(&path.index(i)),
                            format!("gid {v} in layer `{layer}`: expected an unsigned 32-bit integer"),
                        );
                        gids.push((0, None));
                    }
                }
            }
            gids
        }
        Enc::B64(text, compression) => {
            let bytes = decode_base64(text, compression, expected, layer).map_err(|m| push(diags, src, At::File, m)).ok()?;
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

fn tmj_enc<'d>(
    data: &'d Value,
    dp: JPath,
    encoding: &str,
    compression: &str,
    name: &str,
    diags: &mut Diags,
    src: &mut Src,
) -> Option<Enc<'d>> {
    match data {
        Value::Array(a) if encoding.is_empty() || encoding == "csv" => Some(Enc::Array(a, dp)),
        Value::String(s) if encoding == "base64" => Some(Enc::B64(s.clone(), compression.to_string())),
        Value::String(_) => {
            push(
                diags,
                src,
                At::File,
                format!("layer `{name}`: data is a string with encoding `{encoding}`: expected `base64` (or an array)"),
            );
            None
        }
        other => {
            push(
                diags,
                src,
                At::Json(&dp),
                format!("layer `{name}`: `data` is {}: expected an array of gids or a base64 string", shown(Sc::J(other))),
            );
            None
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn tmx_enc<'d>(
    doc: &'d Doc,
    el: &'d Element,
    data: &Element,
    encoding: Option<&str>,
    compression: &str,
    name: &str,
    diags: &mut Diags,
    src: &mut Src,
) -> Option<Enc<'d>> {
    match encoding {
        Some("csv") => Some(Enc::Csv(doc, el)),
        Some("base64") => Some(Enc::B64(doc.text(el), compression.to_string())),
        None => Some(Enc::XmlTiles(doc, el)),
        Some(other) => {
            push(diags, src, At::Byte(data.pos), format!("layer `{name}`: encoding `{other}` is not supported: expected `csv` or `base64`. Fix: in Tiled, Map > Map Properties > Tile Layer Format, pick CSV or Base64"));
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// TMJ front end

/// What a JSON file in a level folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    /// A Tiled map (compile it).
    Map,
    /// A Tiled tileset, template, project or world (used by maps; skip it).
    Support,
    /// Something else.
    Other,
}

/// Classifies a JSON text (a `.json` file of the level folder).
pub fn json_kind(text: &str) -> JsonKind {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return JsonKind::Map; // let the map reader report the syntax error
    };
    match v.get("type").and_then(Value::as_str) {
        Some("map") => JsonKind::Map,
        Some("tileset" | "template") => JsonKind::Support,
        _ if v.get("layers").is_some() => JsonKind::Map,
        _ if v.get("maps").is_some() || v.get("tilewidth").is_some() || v.get("object").is_some() => JsonKind::Support,
        _ => JsonKind::Other,
    }
}

/// Parses a Tiled JSON map.
pub fn parse_tmj(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let root: Value = serde_json::from_str(text).map_err(|e| vec![json_error(path, &e)])?;
    if !root.is_object() || root.get("layers").is_none() {
        return Err(vec![Diag::new(
            path,
            Loc::File,
            "not a Tiled map: expected a JSON object with `width`, `height`, `layers` and `tilesets`",
        )]);
    }
    let mut diags = Diags::new(path);
    let mut src = Src::new(path, text);
    let mut cache = Cache::default();
    let rp = JPath::root();
    let n = JNode::new(&root, rp.clone());
    let mut f = Fields { diags: &mut diags, src: &mut src, what: "map: ".into() };
    let orientation = f.string(&n, "orientation").unwrap_or_else(|| "orthogonal".into());
    let infinite = f.boolean(&n, "infinite", false).unwrap_or(false);
    let tw = f.int(&n, "tilewidth", 0, 65535).unwrap_or(0);
    let th = f.int(&n, "tileheight", 0, 65535).unwrap_or(0);
    let width = f.int(&n, "width", i64::MIN, i64::MAX).unwrap_or(0);
    let height = f.int(&n, "height", i64::MIN, i64::MAX).unwrap_or(0);
    let backdrop = f.colour(&n, "backgroundcolor");
    check_map_attrs(&mut diags, &mut src, At::File, &orientation, tw, th);
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut tilesets = Vec::new();
    let tsp = rp.key("tilesets");
    match root.get("tilesets") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (i, ts) in list.iter().enumerate() {
                let p = tsp.index(i);
                let tn = JNode::new(ts, p.clone());
                let mut f = Fields { diags: &mut diags, src: &mut src, what: "tileset: ".into() };
                let firstgid = f.int(&tn, "firstgid", 1, u32::MAX as i64).unwrap_or(1) as u32;
                let source = f.string(&tn, "source");
                let body = match source {
                    Some(s) => external_tileset(&mut src, At::Json(&p), &s, &mut diags, &mut cache),
                    None => Some(tmj_tileset_body(ts, &p, &dir, &mut diags, &mut src)),
                };
                if let Some(body) = body {
                    tilesets.push(Tileset { firstgid, body });
                }
            }
        }
        Some(other) => push(&mut diags, &mut src, At::Json(&tsp), format!("`tilesets` is {}: expected an array", shown(Sc::J(other)))),
    }
    let mut layers = Vec::new();
    let mut objects = Vec::new();
    // Every layer in document order (groups' layers where the group is), with the offset of
    // its groups; an explicit stack instead of recursion.
    let mut flat: Vec<(&Value, JPath, (f64, f64))> = Vec::new();
    let mut stack: Vec<LayerList> = Vec::new();
    if let Some(top) = tmj_layer_list(&root, rp.key("layers"), (0.0, 0.0), &mut diags, &mut src) {
        stack.push(top);
    }
    while let Some(top) = stack.last_mut() {
        let (list, i, lp, off) = (top.0, top.1, top.2.clone(), top.3);
        if i >= list.len() {
            stack.pop();
            continue;
        }
        top.1 += 1;
        let layer = &list[i];
        let p = lp.index(i);
        flat.push((layer, p.clone(), off));
        if layer.get("type").and_then(Value::as_str) == Some("group") {
            let ln = JNode::new(layer, p.clone());
            let mut f = Fields { diags: &mut diags, src: &mut src, what: "group layer: ".into() };
            let goff = (off.0 + f.num(&ln, "offsetx").unwrap_or(0.0), off.1 + f.num(&ln, "offsety").unwrap_or(0.0));
            let gname = f.string(&ln, "name").unwrap_or_default();
            f.group_parallax(&ln, &gname);
            if let Some(t) = tmj_layer_list(layer, p.key("layers"), goff, &mut diags, &mut src) {
                stack.push(t);
            }
        }
    }
    {
        for (layer, p, poff) in flat {
            let ln = JNode::new(layer, p.clone());
            let mut f = Fields { diags: &mut diags, src: &mut src, what: "layer: ".into() };
            let name = f.string(&ln, "name").unwrap_or_default();
            let ty = f.string(&ln, "type").unwrap_or_default();
            f.what = format!("layer `{name}`: ");
            if ty == "group" {
                continue;
            }
            let off = (poff.0 + f.num(&ln, "offsetx").unwrap_or(0.0), poff.1 + f.num(&ln, "offsety").unwrap_or(0.0));
            match ty.as_str() {
                "tilelayer" => {
                    let lw = f.int(&ln, "width", i64::MIN, i64::MAX);
                    let lh = f.int(&ln, "height", i64::MIN, i64::MAX);
                    let encoding = f.string(&ln, "encoding").unwrap_or_default();
                    let compression = f.string(&ln, "compression").unwrap_or_default();
                    let mut chunks = Vec::new();
                    let chunked = layer.get("chunks").is_some();
                    if let Some(cs) = layer.get("chunks") {
                        let cp = p.key("chunks");
                        if !cs.is_array() {
                            push(&mut diags, &mut src, At::Json(&cp), format!("layer `{name}`: `chunks` is not an array"));
                        }
                        for (ci, c) in cs.as_array().map(Vec::as_slice).unwrap_or(&[]).iter().enumerate() {
                            let cpp = cp.index(ci);
                            let cn = JNode::new(c, cpp.clone());
                            let mut f = Fields { diags: &mut diags, src: &mut src, what: format!("layer `{name}` chunk: ") };
                            let (x, y) = (f.int(&cn, "x", -(1 << 40), 1 << 40), f.int(&cn, "y", -(1 << 40), 1 << 40));
                            let (w, h) = (f.int(&cn, "width", 1, 65536), f.int(&cn, "height", 1, 65536));
                            let Some(data) = c.get("data") else {
                                push(&mut diags, &mut src, At::Json(&cpp), format!("layer `{name}`: chunk without `data`"));
                                continue;
                            };
                            let enc = tmj_enc(data, cpp.key("data"), &encoding, &compression, &name, &mut diags, &mut src);
                            if let (Some(x), Some(y), Some(w), Some(h), Some(enc)) = (x, y, w, h, enc) {
                                chunks.push(Chunk { x, y, w, h, enc });
                            }
                        }
                    } else {
                        match layer.get("data") {
                            Some(data) => {
                                if let Some(enc) = tmj_enc(data, p.key("data"), &encoding, &compression, &name, &mut diags, &mut src) {
                                    chunks.push(Chunk { x: 0, y: 0, w: lw.unwrap_or(width), h: lh.unwrap_or(height), enc });
                                }
                            }
                            None => push(
                                &mut diags,
                                &mut src,
                                At::File,
                                format!("layer `{name}` has no `data`: expected an array of gids or a base64 string"),
                            ),
                        }
                    }
                    let mut f = Fields { diags: &mut diags, src: &mut src, what: format!("layer `{name}`: ") };
                    let visible = f.boolean(&ln, "visible", false).unwrap_or(true);
                    let parallax = f.parallax(&ln);
                    let props = tmj_props(layer, &p, &mut diags, &mut src, &format!("layer `{name}`: "))
                        .into_iter()
                        .map(|(n, v, at)| (n, v, src.at_json(&at)))
                        .collect();
                    layers.push(TileLayer {
                        name,
                        chunks,
                        infinite: chunked,
                        width: lw.unwrap_or(width),
                        height: lh.unwrap_or(height),
                        offset: off,
                        visible,
                        props,
                        parallax,
                    });
                }
                "objectgroup" => {
                    let op = p.key("objects");
                    for (k, o) in layer.get("objects").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]).iter().enumerate() {
                        let opp = op.index(k);
                        let obj = tmj_object(o, &opp, off, &mut diags, &mut src);
                        objects.push((obj, Place::Json(opp)));
                    }
                }
                _ => {}
            }
        }
    }
    let mut objs = Vec::new();
    for (obj, at) in objects {
        let obj = match &obj.template {
            Some(t) => match template(&mut src, At::File, &t.clone(), &mut diags, &mut cache) {
                Some(tpl) => obj.merge_template(&tpl),
                None => continue,
            },
            None => obj,
        };
        objs.push((obj, at));
    }
    let decl = MapDecl { width, height, infinite, tilesets, layers, objects: objs, backdrop };
    let width_loc = Loc::File;
    finish(path, Format::Tmj, decl, width_loc, &mut diags, &mut src)
}

/// A `layers` array being walked: the layers, the next index, its path, the groups' offset.
type LayerList<'v> = (&'v [Value], usize, JPath, (f64, f64));

/// The `layers` array of a map or group, ready for the layer walk of [`parse_tmj`].
fn tmj_layer_list<'v>(v: &'v Value, lp: JPath, off: (f64, f64), diags: &mut Diags, src: &mut Src) -> Option<LayerList<'v>> {
    match v.get("layers") {
        Some(Value::Array(a)) => Some((a.as_slice(), 0, lp, off)),
        None | Some(Value::Null) => None,
        Some(other) => {
            push(diags, src, At::Json(&lp), format!("`layers` is {}: expected an array", shown(Sc::J(other))));
            None
        }
    }
}

fn check_map_attrs(diags: &mut Diags, src: &mut Src, at: At, orientation: &str, tw: i64, th: i64) {
    if orientation != "orthogonal" {
        push(diags, src, at, format!("map orientation is `{orientation}`: expected `orthogonal`. Fix: make an orthogonal map (Map > Map Properties > Orientation) and redraw the collision layer"));
    } else if (tw, th) != (16, 16) {
        push(diags, src, at, format!("map tiles are {tw}x{th} pixels: expected 16x16. Fix: set the map's tile size to 16x16 (Map > Map Properties) and use a 16x16 collision tileset"));
    }
}

// ---------------------------------------------------------------------------------------------
// TMX front end

/// Parses a Tiled XML map.
pub fn parse_tmx(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let mut src = Src::new(path, text);
    let doc = match xml::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let loc = src.at(e.pos);
            return Err(vec![Diag::new(path, loc, format!("XML syntax error: {}", e.msg))]);
        }
    };
    let map = doc.root();
    let map_loc = src.at(map.pos);
    if map.name != "map" {
        return Err(vec![Diag::new(path, map_loc, format!("root element is `<{}>`: expected a Tiled `<map>`", map.name))]);
    }
    let mut diags = Diags::new(path);
    let mut cache = Cache::default();
    let n = XNode(map);
    let mut f = Fields { diags: &mut diags, src: &mut src, what: "map: ".into() };
    let orientation = f.string(&n, "orientation").unwrap_or_else(|| "orthogonal".into());
    let infinite = f.boolean(&n, "infinite", true).unwrap_or(false);
    let tw = f.int(&n, "tilewidth", 0, 65535).unwrap_or(0);
    let th = f.int(&n, "tileheight", 0, 65535).unwrap_or(0);
    let width = f.int(&n, "width", i64::MIN, i64::MAX).unwrap_or(0);
    let height = f.int(&n, "height", i64::MIN, i64::MAX).unwrap_or(0);
    let backdrop = f.colour(&n, "backgroundcolor");
    check_map_attrs(&mut diags, &mut src, At::Loc(map_loc.clone()), &orientation, tw, th);
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut tilesets = Vec::new();
    for ts in doc.children_named(map, "tileset") {
        let tn = XNode(ts);
        let mut f = Fields { diags: &mut diags, src: &mut src, what: "tileset: ".into() };
        let firstgid = f.int(&tn, "firstgid", 1, u32::MAX as i64).unwrap_or(1) as u32;
        let body = match ts.value("source") {
            Some(s) => external_tileset(&mut src, At::Byte(ts.pos), s, &mut diags, &mut cache),
            None => Some(tmx_tileset_body(&doc, ts, &dir, &mut diags, &mut src)),
        };
        if let Some(body) = body {
            tilesets.push(Tileset { firstgid, body });
        }
    }
    let mut layers = Vec::new();
    let mut objects = Vec::new();
    // Every layer in document order (groups' layers where the group is), with the offset of
    // its groups; an explicit stack instead of recursion (the XML reader limits depth too).
    let mut flat: Vec<(&Element, (f64, f64))> = Vec::new();
    let mut stack: Vec<(Vec<&Element>, usize, (f64, f64))> = vec![(doc.children(map).collect(), 0, (0.0, 0.0))];
    while let Some(top) = stack.last_mut() {
        let (i, off) = (top.1, top.2);
        let Some(&layer) = top.0.get(i) else {
            stack.pop();
            continue;
        };
        top.1 += 1;
        flat.push((layer, off));
        if layer.name == "group" {
            let mut f = Fields { diags: &mut diags, src: &mut src, what: "group layer: ".into() };
            let ln = XNode(layer);
            let goff = (off.0 + f.num(&ln, "offsetx").unwrap_or(0.0), off.1 + f.num(&ln, "offsety").unwrap_or(0.0));
            let gname = f.string(&ln, "name").unwrap_or_default();
            f.group_parallax(&ln, &gname);
            stack.push((doc.children(layer).collect(), 0, goff));
        }
    }
    {
        for (layer, poff) in flat {
            let ln = XNode(layer);
            let mut f = Fields { diags: &mut diags, src: &mut src, what: "layer: ".into() };
            let name = f.string(&ln, "name").unwrap_or_default();
            f.what = format!("layer `{name}`: ");
            match &*layer.name {
                "layer" => {
                    let lw = f.int(&ln, "width", i64::MIN, i64::MAX);
                    let lh = f.int(&ln, "height", i64::MIN, i64::MAX);
                    let off = (poff.0 + f.num(&ln, "offsetx").unwrap_or(0.0), poff.1 + f.num(&ln, "offsety").unwrap_or(0.0));
                    let Some(data) = doc.child(layer, "data") else {
                        push(
                            &mut diags,
                            &mut src,
                            At::Byte(layer.pos),
                            format!("layer `{name}` has no `<data>`: expected CSV or base64 tile data"),
                        );
                        continue;
                    };
                    let encoding = data.value("encoding");
                    let compression = data.value("compression").unwrap_or("");
                    let mut chunks = Vec::new();
                    let chunk_els: Vec<&Element> = doc.children_named(data, "chunk").collect();
                    let chunked = !chunk_els.is_empty();
                    for c in chunk_els {
                        let cn = XNode(c);
                        let mut f = Fields { diags: &mut diags, src: &mut src, what: format!("layer `{name}` chunk: ") };
                        let (x, y) = (f.int(&cn, "x", -(1 << 40), 1 << 40), f.int(&cn, "y", -(1 << 40), 1 << 40));
                        let (w, h) = (f.int(&cn, "width", 1, 65536), f.int(&cn, "height", 1, 65536));
                        let enc = tmx_enc(&doc, c, data, encoding, compression, &name, &mut diags, &mut src);
                        if let (Some(x), Some(y), Some(w), Some(h), Some(enc)) = (x, y, w, h, enc) {
                            chunks.push(Chunk { x, y, w, h, enc });
                        }
                    }
                    if !chunked {
                        if let Some(enc) = tmx_enc(&doc, data, data, encoding, compression, &name, &mut diags, &mut src) {
                            let (w, h) = (lw.unwrap_or(width), lh.unwrap_or(height));
                            chunks.push(Chunk { x: 0, y: 0, w, h, enc });
                        }
                    }
                    let mut f = Fields { diags: &mut diags, src: &mut src, what: format!("layer `{name}`: ") };
                    let visible = f.boolean(&ln, "visible", true).unwrap_or(true);
                    let parallax = f.parallax(&ln);
                    let props = tmx_props(&doc, layer, &mut diags, &mut src, &format!("layer `{name}`: "))
                        .into_iter()
                        .map(|(n, v, at)| (n, v, src.at(at)))
                        .collect();
                    layers.push(TileLayer {
                        name,
                        chunks,
                        infinite: chunked,
                        width: lw.unwrap_or(width),
                        height: lh.unwrap_or(height),
                        offset: off,
                        visible,
                        props,
                        parallax,
                    });
                }
                "objectgroup" => {
                    let ox = f.num(&ln, "offsetx").unwrap_or(0.0);
                    let oy = f.num(&ln, "offsety").unwrap_or(0.0);
                    let off = (poff.0 + ox, poff.1 + oy);
                    for o in doc.children_named(layer, "object") {
                        let obj = tmx_object(&doc, o, off, &mut diags, &mut src);
                        objects.push((obj, Place::Byte(o.pos)));
                    }
                }
                _ => {}
            }
        }
    }
    let mut objs = Vec::new();
    for (obj, at) in objects {
        let obj = match obj.template.clone() {
            Some(t) => match template(&mut src, At::File, &t, &mut diags, &mut cache) {
                Some(tpl) => obj.merge_template(&tpl),
                None => continue,
            },
            None => obj,
        };
        objs.push((obj, at));
    }
    let decl = MapDecl { width, height, infinite, tilesets, layers, objects: objs, backdrop };
    finish(path, Format::Tmx, decl, map_loc, &mut diags, &mut src)
}

// ---------------------------------------------------------------------------------------------
// Art layers

/// The art layers of a map on the level's grid (`x0, y0`: Tiled tile of level tile (0, 0);
/// `w, h`: the level's size), their flip bits kept, and the tilesets; `None` after reporting
/// an error. Layers whose tiles all come from tilesets without an image draw nothing and are
/// left out.
fn art_source(
    layers: &[&TileLayer],
    tilesets: &[Tileset],
    map_infinite: bool,
    (x0, y0, w, h): (i64, i64, i64, i64),
    diags: &mut Diags,
    src: &mut Src,
) -> Option<art::ArtSource> {
    let ts_of = |g: u32| -> Option<usize> { tilesets.partition_point(|t| t.firstgid <= g).checked_sub(1) };
    // A tileset whose image file is not there (a third-party map shipped without its art)
    // draws nothing: its tiles are left out with a note, the map's collision is unaffected.
    let image_found: Vec<bool> = tilesets.iter().map(|t| t.body.image.as_ref().is_some_and(|i| i.path.is_file())).collect();
    let has_image = |g: u32| ts_of(g & !FLAG_BITS).is_some_and(|ti| image_found[ti]);
    let mut missing = vec![false; tilesets.len()];
    let mut out = art::ArtSource::default();
    let mut dropped = 0u64;
    for layer in layers {
        let mut gids = vec![0u32; (w * h) as usize];
        let mut locs: Vec<Option<(usize, usize)>> = vec![None; (w * h) as usize];
        if !map_infinite && (layer.width, layer.height) != (w, h) {
            push(
                diags,
                src,
                At::File,
                format!("layer `{}` is {}x{} tiles: expected the map size {w}x{h}", layer.name, layer.width, layer.height),
            );
            continue;
        }
        let mut any = false;
        for ch in &layer.chunks {
            if !(1..=65536).contains(&ch.w) || !(1..=65536).contains(&ch.h) || ch.w * ch.h > 1 << 20 {
                push(
                    diags,
                    src,
                    At::File,
                    format!("layer `{}` is {}x{} tiles: expected at most 256x248 (the engine's limit)", layer.name, ch.w, ch.h),
                );
                continue;
            }
            let n = (ch.w * ch.h) as u64;
            let Some((cells, count)) = decode(&ch.enc, n, &layer.name, diags, src) else { continue };
            if count != n {
                push(
                    diags,
                    src,
                    At::File,
                    format!("layer `{}` chunk at ({}, {}) has {count} tiles: expected {} x {} = {n}", layer.name, ch.x, ch.y, ch.w, ch.h),
                );
                continue;
            }
            for (i, (g, pos)) in cells.into_iter().enumerate() {
                if g & !FLAG_BITS == 0 {
                    continue;
                }
                if !has_image(g) {
                    if let Some(ti) = ts_of(g & !FLAG_BITS) {
                        missing[ti] |= tilesets[ti].body.image.is_some();
                    }
                    continue;
                }
                let i = i as i64;
                let (tx, ty) = (ch.x + i % ch.w - x0, ch.y + i / ch.w - y0);
                if tx < 0 || ty < 0 || tx >= w || ty >= h {
                    dropped += 1;
                    continue;
                }
                let k = (ty * w + tx) as usize;
                gids[k] = g;
                locs[k] = pos;
                any = true;
            }
        }
        if !any {
            continue;
        }
        let (ox, oy) = layer.offset;
        if ox != 0.0 || oy != 0.0 {
            push(
                diags,
                src,
                At::File,
                format!(
                    "art layer `{}` is drawn at an offset of ({ox}, {oy}) px: expected 0, 0 (art layers sit on the map grid)",
                    layer.name
                ),
            );
        }
        let parallax = (layer.parallax[0].0, layer.parallax[1].0);
        let parallax_locs = [layer.parallax[0].1.clone(), layer.parallax[1].1.clone()];
        out.layers.push(art::ArtLayerSource {
            name: layer.name.clone(),
            props: layer.props.clone(),
            gids,
            locs,
            origin: (x0, y0),
            parallax,
            parallax_locs,
        });
    }
    if !diags.is_empty() {
        return None;
    }
    if dropped > 0 {
        out.notes.push(format!("{dropped} art tiles lie outside the compiled map (infinite map bounds) and are not drawn"));
    }
    for (t, _) in tilesets.iter().zip(&missing).filter(|&(_, &m)| m) {
        let path = t.body.image.as_ref().map(|i| i.path.display().to_string()).unwrap_or_default();
        out.notes.push(format!("tileset `{}`: image {path} not found: its tiles are not drawn (the collision layer is unaffected). Fix: put the image there to draw them", t.body.name));
    }
    out.tilesets = tilesets
        .iter()
        .map(|t| art::ArtTileset {
            firstgid: t.firstgid,
            name: t.body.name.clone(),
            image: t.body.image.as_ref().map(|i| art::ArtImage { path: i.path.clone(), trans: i.trans, decl: i.decl.clone() }),
            tile_size: t.body.tile_size,
            margin: t.body.margin,
            spacing: t.body.spacing,
        })
        .collect();
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// Common: choose the collision layer(s), decode, map gids to ids, place objects

fn finish(path: &Path, format: Format, decl: MapDecl, size_loc: Loc, diags: &mut Diags, src: &mut Src) -> Result<LevelSource, Vec<Diag>> {
    let fail = |diags: &mut Diags| Err(std::mem::replace(diags, Diags::new(path)).into_vec());
    if !diags.is_empty() {
        return fail(diags);
    }
    let MapDecl { width, height, infinite, mut tilesets, layers, objects, backdrop } = decl;
    tilesets.sort_by_key(|t| t.firstgid);
    if let Some(w) = tilesets.windows(2).find(|w| w[0].firstgid == w[1].firstgid) {
        push(
            diags,
            src,
            At::File,
            format!(
                "two tilesets have firstgid {}: expected distinct firstgids. Fix: re-save the map in Tiled (it numbers tilesets itself)",
                w[0].firstgid
            ),
        );
        return fail(diags);
    }
    let property_mode = tilesets.iter().any(|t| !t.body.collision.is_empty());
    // 1. The collision layer(s).
    let names: Vec<String> = layers.iter().map(|l| format!("`{}`", l.name)).collect();
    let named: Vec<usize> = (0..layers.len()).filter(|&i| layers[i].name.eq_ignore_ascii_case("collision")).collect();
    let (chosen, implicit): (Vec<usize>, bool) = match (named.as_slice(), layers.len()) {
        ([i], _) => (vec![*i], false),
        ([_, _, ..], _) => {
            push(
                diags,
                src,
                At::File,
                format!("{} tile layers are named `collision`: expected one. Fix: rename or merge all but one", named.len()),
            );
            return fail(diags);
        }
        ([], 0) => {
            push(diags, src, At::File, "no tile layer: expected a tile layer named `collision`. Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png)");
            return fail(diags);
        }
        ([], 1) => (vec![0], true),
        ([], _) if property_mode => ((0..layers.len()).collect(), true),
        ([], n) => {
            push(
                diags,
                src,
                At::File,
                format!("no tile layer named `collision` among {n} tile layers ({}): expected one named `collision`. Fix: rename the layer that holds the collision tiles to `collision` (or give the art tileset's tiles a `collision` property)", names.join(", ")),
            );
            return fail(diags);
        }
    };
    let all_layers = chosen.len() > 1;
    for &i in &chosen {
        let (ox, oy) = layers[i].offset;
        if ox != 0.0 || oy != 0.0 {
            push(diags, src, At::File, format!("layer `{}` is drawn at an offset of ({ox}, {oy}) px: expected 0, 0 (the collision layer must sit on the map grid). Fix: set the layer's offset to 0, 0 in its properties", layers[i].name));
        }
    }
    let map_infinite = infinite || chosen.iter().any(|&i| layers[i].infinite);
    let size_ok = (1..=MAX_MAP_WIDTH_TILES as i64).contains(&width) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&height);
    // 2. Decode the chosen layers into cells (x, y, gid, line/col), bounded.
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut chunk_total: u64 = 0;
    for &li in &chosen {
        let layer = &layers[li];
        let mut lc = Vec::new();
        if !map_infinite {
            if !size_ok {
                // The size error is reported by validation; nothing to decode.
                cells.push(lc);
                continue;
            }
            if (layer.width, layer.height) != (width, height) {
                push(diags, src, At::File, format!("layer `{}` is {}x{} tiles: expected the map size {width}x{height}. Fix: re-save the map in Tiled (Map > Resize Map resizes every layer)", layer.name, layer.width, layer.height));
                continue;
            }
        }
        for ch in &layer.chunks {
            if !(1..=65536).contains(&ch.w) || !(1..=65536).contains(&ch.h) || ch.w * ch.h > 1 << 20 {
                push(
                    diags,
                    src,
                    At::File,
                    format!(
                        "layer `{}` is {}x{} tiles: expected at most 256x248 (the engine's limit). Fix: split the level into several maps",
                        layer.name, ch.w, ch.h
                    ),
                );
                continue;
            }
            let n = (ch.w * ch.h) as u64;
            chunk_total = chunk_total.saturating_add(n);
            if chunk_total > MAX_CHUNK_TILES {
                push(diags, src, At::File, format!("the infinite map's chunks hold more than {MAX_CHUNK_TILES} tiles: expected a map of at most 256x248 tiles. Fix: erase tiles far from the level, or split it into several maps"));
                return fail(diags);
            }
            let Some((gids, count)) = decode(&ch.enc, n, &layer.name, diags, src) else { continue };
            if count != n {
                let what = if map_infinite {
                    format!(
                        "layer `{}` chunk at ({}, {}) has {count} tiles: expected {} x {} = {n}. Fix: re-save the map in Tiled",
                        layer.name, ch.x, ch.y, ch.w, ch.h
                    )
                } else {
                    format!("layer `{}` has {count} tiles: expected width x height = {width} x {height} = {n}. Fix: re-save the map in Tiled (a layer's data fills the map)", layer.name)
                };
                push(diags, src, At::File, what);
                continue;
            }
            for (i, (g, lc_pos)) in gids.into_iter().enumerate() {
                if g & !FLAG_BITS != 0 {
                    let i = i as i64;
                    lc.push((ch.x + i % ch.w, ch.y + i / ch.w, g & !FLAG_BITS, g & FLAG_BITS, lc_pos));
                }
            }
        }
        cells.push(lc);
    }
    if !diags.is_empty() {
        return fail(diags);
    }
    // 3. Gids -> (tileset, local id) -> engine ids.
    let ts_of = |g: u32| -> Option<usize> { tilesets.partition_point(|t| t.firstgid <= g).checked_sub(1) };
    let loc_of = |x: i64, y: i64, pos: Option<(usize, usize)>| match pos {
        Some((l, c)) => Loc::TileAt(x, y, l, c),
        None => Loc::Tile(x, y),
    };
    // With every layer counting (property mode), tiles of tilesets without collision
    // properties are decoration.
    if all_layers {
        for layer in &mut cells {
            layer.retain(|(_, _, g, _, _)| ts_of(*g).is_none_or(|ti| !tilesets[ti].body.collision.is_empty()));
        }
    }
    let mut direct_ts: Option<usize> = None;
    // Height tiles from `collision = height` properties, in (tileset, tile) order.
    let mut prop_heights: BTreeSet<(usize, u32)> = BTreeSet::new();
    for (x, y, g, _, pos) in cells.iter().flatten() {
        match ts_of(*g) {
            None => push(diags, src, At::Loc(loc_of(*x, *y, *pos)), format!("gid {g} belongs to no tileset: expected a tileset with firstgid <= {g}. Fix: add the missing tileset to the map, or erase the tile")),
            Some(ti) if tilesets[ti].body.collision.is_empty() => {
                if direct_ts.is_some_and(|d| d != ti) {
                    push(
                        diags,
                        src,
                        At::Loc(loc_of(*x, *y, *pos)),
                        format!("gid {g} belongs to a second tileset (firstgid {}): expected every collision tile from one tileset. Fix: draw the collision layer with the collision tileset only (or give the other tileset's tiles a `collision` property)", tilesets[ti].firstgid),
                    );
                }
                direct_ts.get_or_insert(ti);
            }
            Some(ti) => {
                let local = g - tilesets[ti].firstgid;
                if tilesets[ti].body.collision.get(&local) == Some(&Coll::Height) {
                    prop_heights.insert((ti, local));
                }
            }
        }
    }
    if !diags.is_empty() {
        return fail(diags);
    }
    // Height tiles: the direct tileset's tiles 32.., then the property ones.
    let mut height_tiles: Vec<[u16; 16]> = Vec::new();
    let mut tileset_png = None;
    if let Some(ts) = direct_ts.map(|i| &tilesets[i].body) {
        if let Some(img) = &ts.image {
            if ts.tile_size != (16, 16) {
                push(
                    diags,
                    src,
                    At::File,
                    format!(
                        "tileset `{}` has {}x{} tiles: expected 16x16 tiles. Fix: use a tileset of 16x16 tiles for the collision layer",
                        img.path.display(),
                        ts.tile_size.0,
                        ts.tile_size.1
                    ),
                );
                return fail(diags);
            }
            let layout = tileset::Layout { margin: ts.margin as u32, spacing: ts.spacing as u32, trans: img.trans };
            match tileset::load_height_tiles_with(&img.path, &layout) {
                Ok(h) => height_tiles = h,
                Err(e) => {
                    diags.push(e);
                    return fail(diags);
                }
            }
            tileset_png = Some(img.path.clone());
        }
    }
    let n_direct = height_tiles.len();
    let mut height_index: HashMap<(usize, u32), i64> = HashMap::new();
    let mut by_ts: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for &(ti, local) in &prop_heights {
        by_ts.entry(ti).or_default().push(local);
    }
    for (ti, locals) in by_ts {
        let ts = &tilesets[ti].body;
        let Some(img) = &ts.image else {
            push(diags, src, At::File, format!("tileset `{}`: tiles with `collision` = `height` need the tileset image (image collections are not supported). Fix: make the tileset from one image (New Tileset > Based on Tileset Image)", ts.name));
            return fail(diags);
        };
        if ts.tile_size != (16, 16) {
            push(diags, src, At::File, format!("tileset `{}` has {}x{} tiles: expected 16x16 tiles for `collision` = `height`. Fix: use `height` only on a tileset of 16x16 tiles, or give these tiles a shape id", ts.name, ts.tile_size.0, ts.tile_size.1));
            return fail(diags);
        }
        let layout = tileset::Layout { margin: ts.margin as u32, spacing: ts.spacing as u32, trans: img.trans };
        match tileset::tile_masks(&img.path, &layout, &locals) {
            Ok(masks) => {
                for (local, m) in locals.iter().zip(masks) {
                    height_index.insert((ti, *local), shape::FIRST_HEIGHT_TILE as i64 + height_tiles.len() as i64);
                    height_tiles.push(m);
                }
            }
            Err(e) => {
                diags.push(e);
                return fail(diags);
            }
        }
        tileset_png.get_or_insert(img.path.clone());
    }
    // 4. Art layer? (Ids of a collision tileset that are no engine ids, or too many height tiles.)
    let n_height = height_tiles.len() as i64;
    let first = shape::FIRST_HEIGHT_TILE as i64;
    let is_engine_id = |id: i64| {
        (id >= 0 && id < first && shape::is_builtin(id as u16) && id != shape::RESERVED_1 as i64) || (first..first + n_height).contains(&id)
    };
    if let (true, Some(di)) = (implicit, direct_ts) {
        let mut used: BTreeSet<u32> = BTreeSet::new();
        for (_, _, g, _, _) in cells.iter().flatten() {
            if ts_of(*g) == Some(di) {
                used.insert(g - tilesets[di].firstgid);
            }
        }
        let bad = used.iter().filter(|&&l| !is_engine_id(l as i64)).count();
        let too_many = n_direct > budget::VRAM_HEIGHT_TILES;
        if bad > 0 || too_many {
            let ts = &tilesets[di].body;
            let layer_names: Vec<String> = chosen.iter().map(|&i| format!("`{}`", layers[i].name)).collect();
            let why = if bad > 0 {
                format!(
                    "{bad} of its {} distinct tiles are no engine ids (1, 20..=31, or height tiles the tileset does not define)",
                    used.len()
                )
            } else {
                format!("its tileset would make {n_direct} height tiles, more than the {} the ROM has VRAM for", budget::VRAM_HEIGHT_TILES)
            };
            push(
                diags,
                src,
                At::File,
                format!(
                    "layer {} holds art tile ids, not collision ids: {why} (tileset `{}`{}). Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png), or give the tiles of tileset `{}` an int property `collision` with their engine id (0 blank, 2 solid, 3..=14 slopes, 15..=18 halves, 19 one-way, or `height`)",
                    layer_names.join(", "),
                    ts.name,
                    ts.image.as_ref().map(|i| format!(", {}", i.path.display())).unwrap_or_default(),
                    ts.name,
                ),
            );
            return fail(diags);
        }
    }
    let mut notes = Vec::new();
    // 5. Ids per cell; later layers win where they are not blank. A flipped tile is the
    //    flipped shape (see `flip`): a built-in with exactly those pixels, or a height tile
    //    made from the flipped picture; no equivalent is an error.
    let mut ided: BTreeMap<(i64, i64), (i64, Loc)> = BTreeMap::new();
    let mut flipped_heights: HashMap<(i64, Flip), i64> = HashMap::new();
    let mut n_flipped = 0usize;
    for (x, y, g, flags, pos) in cells.iter().flatten() {
        let Some(ti) = ts_of(*g) else { continue };
        let local = g - tilesets[ti].firstgid;
        let id = if tilesets[ti].body.collision.is_empty() {
            local as i64
        } else {
            match tilesets[ti].body.collision.get(&local) {
                None => 0,
                Some(Coll::Id(i)) => *i as i64,
                Some(Coll::Height) => height_index.get(&(ti, local)).copied().unwrap_or(0),
            }
        };
        let id = if *flags == 0 || id == 0 {
            id
        } else {
            let loc = loc_of(*x, *y, *pos);
            let Ok(f) = Flip::of_gid(*flags) else {
                push(
                    diags,
                    src,
                    At::Loc(loc),
                    format!(
                        "gid {} has bit 28 set (Tiled's 120° rotation of hexagonal maps), which means nothing on an orthogonal map. Fix: in Tiled, select the tile and reset its rotation (or redraw it), then save",
                        g | flags
                    ),
                );
                continue;
            };
            let hidx = id - first;
            if (0..n_height).contains(&hidx) {
                // A height tile: the flipped picture, as the same tile if it is symmetric,
                // else as an existing height tile with that picture or a new one.
                let rows = flip::transform_rows(&height_tiles[hidx as usize], f);
                match flipped_heights.get(&(id, f)) {
                    Some(&nid) => nid,
                    None => {
                        let nid = match height_tiles.iter().position(|r| *r == rows) {
                            Some(i) => first + i as i64,
                            None => {
                                height_tiles.push(rows);
                                n_flipped += 1;
                                first + height_tiles.len() as i64 - 1
                            }
                        };
                        flipped_heights.insert((id, f), nid);
                        nid
                    }
                }
            } else if id >= 0 && id < first && shape::is_builtin(id as u16) {
                match flip::builtin_flipped(id as u16, f) {
                    Some(nid) => nid as i64,
                    None => {
                        let fix = if id == shape::ONE_WAY as i64 {
                            "a one-way platform is a floor on its top edge only; draw it unflipped or flipped horizontally".to_string()
                        } else {
                            "the engine has no built-in tile with these pixels (a slope flipped vertically is a ceiling slope); draw the shape in the collision tileset as a height tile (ids 32..) and place that, or remove the flip".to_string()
                        };
                        push(
                            diags,
                            src,
                            At::Loc(loc),
                            format!(
                                "tile id {id} ({}) is {}: no built-in tile is its exact mirror image. Fix: {fix}",
                                flip::shape_name(id as u16),
                                f.describe()
                            ),
                        );
                        continue;
                    }
                }
            } else {
                // Reserved or unknown ids: validation names them (flipped or not).
                id
            }
        };
        if id != 0 {
            ided.insert((*x, *y), (id, loc_of(*x, *y, *pos)));
        }
    }
    if !diags.is_empty() {
        return fail(diags);
    }
    if n_flipped > 0 {
        let mut made: Vec<(i64, Flip, i64)> =
            flipped_heights.iter().filter(|(_, &n)| n >= first + n_height).map(|(&(o, f), &n)| (n, f, o)).collect();
        made.sort();
        let list: Vec<String> = made.iter().map(|(n, f, o)| format!("{n} = {o} {}", f.describe())).collect();
        notes.push(format!("flipped height tiles made {n_flipped} more height tiles: {}", list.join(", ")));
    }
    // 6. Objects (decoration objects skipped with a warning).
    let mut entities = Vec::new();
    let mut warnings = Warnings::default();
    for (obj, at) in objects {
        if let Some(e) = entity_of(obj, diags, &mut warnings, src, at.at()) {
            entities.push(e);
        }
    }
    if warnings.more > 0 {
        warnings.shown.push(Diag::new(path, Loc::File, super::more_warnings_msg(warnings.more)));
    }
    if !diags.is_empty() {
        return fail(diags);
    }
    entities.sort_by_key(|e| e.id);
    if let Some(w) = entities.windows(2).find(|w| w[0].id == w[1].id) {
        push(
            diags,
            src,
            At::Object(w[0].id),
            "two objects have this id: expected distinct object ids. Fix: re-save the map in Tiled (it gives every object its own id)",
        );
        return fail(diags);
    }
    // 7. The grid: the map's size, or for an infinite map the bounds of tiles and objects.
    let (x0, y0, w, h) = if map_infinite {
        let mut b: Option<(i64, i64, i64, i64)> = None;
        let mut grow = |x0: i64, y0: i64, x1: i64, y1: i64| {
            b = Some(match b {
                None => (x0, y0, x1, y1),
                Some((a, c, d, e)) => (a.min(x0), c.min(y0), d.max(x1), e.max(y1)),
            });
        };
        for &(x, y) in ided.keys() {
            grow(x, y, x + 1, y + 1);
        }
        for e in &entities {
            let (ex0, ey0) = (e.x.min(e.x.saturating_add(e.w)) as i64, e.y.min(e.y.saturating_add(e.h)) as i64);
            let (mut ex1, mut ey1) = (e.x.max(e.x.saturating_add(e.w)) as i64, e.y.max(e.y.saturating_add(e.h)) as i64);
            let (mut px0, mut py0) = (ex0, ey0);
            for p in &e.path {
                px0 = px0.min(p.x as i64);
                py0 = py0.min(p.y as i64);
                ex1 = ex1.max(p.x as i64);
                ey1 = ey1.max(p.y as i64);
            }
            grow(
                px0.div_euclid(16),
                py0.div_euclid(16),
                (ex1 + 15).div_euclid(16).max(px0.div_euclid(16) + 1),
                (ey1 + 15).div_euclid(16).max(py0.div_euclid(16) + 1),
            );
        }
        let Some((bx0, by0, bx1, by1)) = b else {
            push(diags, src, At::File, "infinite map with no collision tiles and no objects: expected something to compile. Fix: draw the collision layer, or remove the file from the level folder");
            return fail(diags);
        };
        let (bw, bh) = (bx1 - bx0, by1 - by0);
        if bw > MAX_MAP_WIDTH_TILES as i64 || bh > MAX_MAP_HEIGHT_TILES as i64 {
            push(
                diags,
                src,
                At::File,
                format!(
                    "infinite map uses tiles ({bx0}, {by0})..({bx1}, {by1}), {bw}x{bh} tiles: expected at most {MAX_MAP_WIDTH_TILES}x{MAX_MAP_HEIGHT_TILES} (the engine's limit)"
                ),
            );
            return fail(diags);
        }
        notes.push(format!(
            "infinite map: tiles ({bx0}, {by0})..({bx1}, {by1}) compiled as a {bw}x{bh} map (Tiled tile ({bx0}, {by0}) is tile (0, 0); objects moved by ({}, {}) px)",
            -16 * bx0,
            -16 * by0
        ));
        (bx0, by0, bw, bh)
    } else {
        (0, 0, width, height)
    };
    let cells_n =
        if (1..=MAX_MAP_WIDTH_TILES as i64).contains(&w) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&h) { (w * h) as usize } else { 0 };
    let mut tiles = vec![0i64; cells_n];
    let mut locs: Vec<Loc> = (0..cells_n as i64).map(|i| Loc::Tile(x0 + i % w.max(1), y0 + i / w.max(1))).collect();
    for ((x, y), (id, loc)) in ided {
        let (tx, ty) = (x - x0, y - y0);
        if tx >= 0 && ty >= 0 && tx < w && ty < h && cells_n > 0 {
            let i = (ty * w + tx) as usize;
            tiles[i] = id;
            locs[i] = loc;
        }
    }
    if map_infinite {
        // Entities lie within the bounds, so the moved coordinates are small.
        let shift = |v: i32, d: i64| (v as i64 - d).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        for e in &mut entities {
            e.x = shift(e.x, 16 * x0);
            e.y = shift(e.y, 16 * y0);
            for p in &mut e.path {
                p.x = shift(p.x, 16 * x0);
                p.y = shift(p.y, 16 * y0);
            }
        }
    }
    // 8. Art layers (see `art`): decoded with their flip bits, on the level's grid.
    let art = if cells_n > 0 {
        let not_art = |i: usize| layers[i].name.eq_ignore_ascii_case("collision") || (implicit && !property_mode) || !layers[i].visible;
        let art_layers: Vec<&TileLayer> = (0..layers.len()).filter(|&i| !not_art(i)).map(|i| &layers[i]).collect();
        match art_source(&art_layers, &tilesets, map_infinite, (x0, y0, w, h), diags, src).map(|a| art::ArtSource { backdrop, ..a }) {
            Some(a) => match art::build(path, &a, w as usize, h as usize) {
                Ok(built) => {
                    notes.extend(a.notes);
                    built
                }
                Err(mut e) => {
                    for d in e.drain(..) {
                        diags.push(d);
                    }
                    return fail(diags);
                }
            },
            None => return fail(diags),
        }
    } else {
        None
    };
    Ok(LevelSource {
        art,
        path: path.to_path_buf(),
        format,
        name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
        width: w,
        height: h,
        tiles,
        locs,
        height_tiles,
        tileset: tileset_png,
        entities,
        width_loc: if map_infinite { Loc::File } else { size_loc.clone() },
        height_loc: if map_infinite { Loc::File } else { size_loc },
        notes,
        warnings: warnings.shown,
    })
}
