//! Tilesets in both formats, embedded in a map or external (`.tsx`, `.tsj`, `.json`, each
//! read once per map): their image, tile size, margin and spacing, and the collision meaning
//! of their tiles' properties (`collision`, `collides`).

use super::map::{ExternalFiles, TileCollision, TileInfo, TilesetDefinition, TilesetImage};
use super::properties::{tmj_properties, tmx_properties};
use super::source::{read_external, report, ExternalDocument, Place, SourceFile};
use super::values::{shown, FieldReader, JsonNode, Node, Scalar, XmlNode};
use crate::property_map::parse_shape;
use crate::property_value::{fixed_text, PropValue, Property};
use crate::xml::{Doc, Element};
use megacollide_engine::shape;
use romtool_common::diag::Diags;
use romtool_common::jsonpos::JPath;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The collision meaning of a tile property, if it is one.
pub fn tile_collision_property(name: &str, v: &PropValue) -> Option<Result<TileCollision, String>> {
    let lname = name.to_ascii_lowercase();
    if lname == "collides" {
        return Some(match v {
            PropValue::Bool(b) => Ok(TileCollision::Shape(if *b { shape::SOLID } else { shape::BLANK })),
            _ => Err("property `collides`: expected a bool".into()),
        });
    }
    if lname != "collision" {
        return None;
    }
    let expected = "expected an engine id (0 blank, 2 solid, 3..=14 slopes, 15..=18 halves, 19 one-way), a shape name (solid, rise_1, one_way, ...), `height`, or true / false";
    Some(match v {
        PropValue::Int(i) if (0..=u16::MAX as i64).contains(i) && shape::is_builtin(*i as u16) && *i != shape::RESERVED_1 as i64 => {
            Ok(TileCollision::Shape(*i as u16))
        }
        PropValue::Int(i) => Err(format!("property `collision` = {i}: {expected}")),
        PropValue::Bool(b) => Ok(TileCollision::Shape(if *b { shape::SOLID } else { shape::BLANK })),
        PropValue::Str(s) => parse_shape(s).ok_or_else(|| format!("property `collision` = `{s}`: {expected}")),
        PropValue::Fixed(v) => Err(format!("property `collision` = {}: {expected}", fixed_text(*v))),
    })
}

/// Tiled's transparent colour (`RRGGBB`, `#RRGGBB`, or `#AARRGGBB` in JSON) as RGB.
pub fn parse_transparent_colour(s: &str) -> Option<[u8; 3]> {
    let h = s.trim().trim_start_matches('#');
    // Tiled writes RRGGBB; JSON may carry AARRGGBB.
    let h = if h.len() == 8 { &h[2..] } else { h };
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The attributes every tileset has (name, tile size, margin, spacing).
fn tileset_attributes(n: &dyn Node, f: &mut FieldReader) -> TilesetDefinition {
    let name = f.string(n, "name").unwrap_or_default();
    let tw = f.int(n, "tilewidth", 1, 65535).unwrap_or(16);
    let th = f.int(n, "tileheight", 1, 65535).unwrap_or(16);
    let margin = f.int(n, "margin", 0, 65535).unwrap_or(0);
    let spacing = f.int(n, "spacing", 0, 65535).unwrap_or(0);
    TilesetDefinition {
        name,
        image: None,
        image_collection: false,
        tile_size: (tw, th),
        margin,
        spacing,
        collision: BTreeMap::new(),
        tiles: BTreeMap::new(),
    }
}

/// A TMX `<tileset>` element (in a map or a `.tsx` file); relative image paths are resolved
/// against `dir`.
pub fn tmx_tileset(doc: &Doc, ts: &Element, dir: &Path, diags: &mut Diags, src: &mut SourceFile) -> TilesetDefinition {
    let mut f = FieldReader { diags: &mut *diags, src: &mut *src, what: "tileset: ".into() };
    let mut definition = tileset_attributes(&XmlNode(ts), &mut f);
    if let Some(img) = doc.child(ts, "image") {
        let trans = match img.attr("trans") {
            Some(a) => match parse_transparent_colour(&a.value) {
                Some(t) => Some(t),
                None => {
                    report(diags, src, Place::Byte(a.pos), format!("tileset image `trans` is `{}`: expected a colour RRGGBB", a.value));
                    None
                }
            },
            None => None,
        };
        if let Some(s) = img.value("source") {
            let decl = (src.path.clone(), src.at(img.pos));
            definition.image = Some(TilesetImage { path: dir.join(s), transparent: trans, declared_at: decl });
        }
    }
    for tile in doc.children_named(ts, "tile") {
        definition.image_collection |= doc.child(tile, "image").is_some();
        let props = tmx_properties(doc, tile, diags, src, "tile ");
        let class = tile.value("class").or_else(|| tile.value("type")).filter(|c| !c.is_empty());
        if props.is_empty() && class.is_none() {
            continue;
        }
        let id = match tile.attr("id").map(|a| (a, a.value.trim().parse::<u32>())) {
            Some((_, Ok(id))) => id,
            Some((a, Err(_))) => {
                report(diags, src, Place::Byte(a.pos), format!("tile `id` is `{}`: expected a tile index (an unsigned integer)", a.value));
                continue;
            }
            None => {
                report(diags, src, Place::Byte(tile.pos), "`<tile>` without `id`: expected the tile's index");
                continue;
            }
        };
        let props: Vec<(Property, Place)> = props.into_iter().map(|(p, at)| (p, Place::Byte(at))).collect();
        add_tile(&mut definition, id, props, class, diags, src);
    }
    definition
}

/// Records tile `id`'s class and properties, and the collision its own properties give it
/// (`collision`, `collides`; a bad one is reported at its value).
fn add_tile(
    definition: &mut TilesetDefinition,
    id: u32,
    props: Vec<(Property, Place)>,
    class: Option<&str>,
    diags: &mut Diags,
    src: &mut SourceFile,
) {
    for (p, at) in &props {
        match tile_collision_property(&p.name, &p.value) {
            Some(Ok(c)) => {
                definition.collision.insert(id, c);
            }
            Some(Err(m)) => report(diags, src, at.clone(), format!("tile {id}: {m}")),
            None => {}
        }
    }
    definition.tiles.insert(id, TileInfo { class: class.map(str::to_string), properties: props.into_iter().map(|(p, _)| p).collect() });
}

/// A TMJ tileset object (in a map or a `.tsj` file); relative image paths are resolved
/// against `dir`.
pub fn tmj_tileset(v: &Value, path: &JPath, dir: &Path, diags: &mut Diags, src: &mut SourceFile) -> TilesetDefinition {
    let n = JsonNode::new(v, path.clone());
    let mut f = FieldReader { diags: &mut *diags, src: &mut *src, what: "tileset: ".into() };
    let mut definition = tileset_attributes(&n, &mut f);
    let image = f.string(&n, "image");
    let trans = match f.string(&n, "transparentcolor") {
        Some(t) => match parse_transparent_colour(&t) {
            Some(c) => Some(c),
            None => {
                report(diags, src, n.at_key("transparentcolor"), format!("tileset `transparentcolor` is `{t}`: expected a colour #RRGGBB"));
                None
            }
        },
        None => None,
    };
    if let Some(s) = image {
        let decl = (src.path.clone(), src.at_json(&path.key("image")));
        definition.image = Some(TilesetImage { path: dir.join(s), transparent: trans, declared_at: decl });
    }
    let tpath = path.key("tiles");
    match v.get("tiles") {
        Some(Value::Array(tiles)) => {
            for (i, t) in tiles.iter().enumerate() {
                let tp = tpath.index(i);
                definition.image_collection |= t.get("image").is_some_and(|im| !im.is_null());
                let props = tmj_properties(t, &tp, diags, src, "tile ");
                let class = t.get("class").or_else(|| t.get("type")).and_then(Value::as_str).filter(|c| !c.is_empty());
                if props.is_empty() && class.is_none() {
                    continue;
                }
                let Some(id) = t.get("id").and_then(Value::as_u64).and_then(|i| u32::try_from(i).ok()) else {
                    report(diags, src, Place::Json(&tp), "tile without a valid `id`: expected the tile's index (an unsigned integer)");
                    continue;
                };
                let props: Vec<(Property, Place)> = props.iter().map(|(p, at)| (p.clone(), Place::Json(at))).collect();
                add_tile(&mut definition, id, props, class, diags, src);
            }
        }
        // Tiled before 1.2: "tileproperties": {"5": {"collision": 2}}.
        None | Some(Value::Null) => {
            if let Some(Value::Object(tp)) = v.get("tileproperties") {
                for (k, props) in tp {
                    let Ok(id) = k.parse::<u32>() else { continue };
                    let holder = serde_json::json!({ "properties": props, "propertytypes": v.get("tilepropertytypes").and_then(|t| t.get(k)).cloned().unwrap_or(Value::Null) });
                    let at = path.key("tileproperties").key(k);
                    let props = tmj_properties(&holder, &at, diags, src, "tile ");
                    let props: Vec<(Property, Place)> = props.into_iter().map(|(p, _)| (p, Place::Json(&at))).collect();
                    add_tile(&mut definition, id, props, None, diags, src);
                }
            }
        }
        Some(other) => {
            report(diags, src, Place::Json(&tpath), format!("tileset `tiles` is {}: expected an array", shown(Scalar::Json(other))))
        }
    }
    definition
}

/// Reads an external tileset (`.tsx`, `.tsj`, `.json`), cached per map.
pub fn external_tileset(
    map_src: &mut SourceFile,
    at: Place,
    source: &str,
    diags: &mut Diags,
    files: &mut ExternalFiles,
) -> Option<TilesetDefinition> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    if let Some(hit) = files.tilesets.get(&p) {
        return hit.clone();
    }
    let dir = p.parent().unwrap_or(Path::new(".")).to_path_buf();
    let definition = read_external(map_src, at, source, ("external tileset", "tsx"), diags, |document, src, diags| match document {
        ExternalDocument::Xml(doc) => {
            let root = doc.root();
            if root.name != "tileset" {
                report(diags, src, Place::Byte(root.pos), format!("root element is `<{}>`: expected a Tiled `<tileset>`", root.name));
                return None;
            }
            Some(tmx_tileset(&doc, root, &dir, diags, src))
        }
        ExternalDocument::Json(v) => Some(tmj_tileset(&v, &JPath::root(), &dir, diags, src)),
    });
    files.tilesets.insert(p, definition.clone());
    definition
}
