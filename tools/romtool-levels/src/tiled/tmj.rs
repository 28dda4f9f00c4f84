//! The TMJ front end: Tiled maps saved as JSON (`.tmj`, `.json`), read into the
//! format-neutral [`MapDeclaration`] and assembled into a level.

use super::assemble::{assemble, check_map_attributes};
use super::layer_data::tmj_layer_data;
use super::map::{Chunk, ExternalFiles, MapDeclaration, TileLayer, Tileset};
use super::objects::tmj_object;
use super::properties::tmj_properties;
use super::source::{json_error, report, Place, SourceFile, StoredPlace};
use super::templates::apply_templates;
use super::tilesets::{external_tileset, tmj_tileset};
use super::values::{shown, FieldReader, JsonNode, Scalar};
use crate::declarations::Declarations;
use crate::level::{Format, LevelSource};
use romtool_common::diag::{Diag, Diags, Loc};
use romtool_common::jsonpos::JPath;
use serde_json::Value;
use std::path::Path;

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
pub fn parse_tmj(path: &Path, text: &str, game: &Declarations) -> Result<LevelSource, Vec<Diag>> {
    let root: Value = serde_json::from_str(text).map_err(|e| vec![json_error(path, &e)])?;
    if !root.is_object() || root.get("layers").is_none() {
        return Err(vec![Diag::new(
            path,
            Loc::File,
            "not a Tiled map: expected a JSON object with `width`, `height`, `layers` and `tilesets`",
        )]);
    }
    let mut diags = Diags::new(path);
    let mut src = SourceFile::new(path, text);
    let mut files = ExternalFiles::default();
    let rp = JPath::root();
    let n = JsonNode::new(&root, rp.clone());
    let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "map: ".into() };
    let orientation = f.string(&n, "orientation").unwrap_or_else(|| "orthogonal".into());
    let infinite = f.boolean(&n, "infinite", false).unwrap_or(false);
    let tw = f.int(&n, "tilewidth", 0, 65535).unwrap_or(0);
    let th = f.int(&n, "tileheight", 0, 65535).unwrap_or(0);
    let width = f.int(&n, "width", i64::MIN, i64::MAX).unwrap_or(0);
    let height = f.int(&n, "height", i64::MIN, i64::MAX).unwrap_or(0);
    let backdrop = f.colour(&n, "backgroundcolor");
    check_map_attributes(&mut diags, &mut src, Place::File, &orientation, tw, th);
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut tilesets = Vec::new();
    let tsp = rp.key("tilesets");
    match root.get("tilesets") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (i, ts) in list.iter().enumerate() {
                let p = tsp.index(i);
                let tn = JsonNode::new(ts, p.clone());
                let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "tileset: ".into() };
                let firstgid = f.int(&tn, "firstgid", 1, u32::MAX as i64).unwrap_or(1) as u32;
                let source = f.string(&tn, "source");
                let definition = match source {
                    Some(s) => external_tileset(&mut src, Place::Json(&p), &s, &mut diags, &mut files),
                    None => Some(tmj_tileset(ts, &p, &dir, &mut diags, &mut src)),
                };
                if let Some(definition) = definition {
                    tilesets.push(Tileset { firstgid, definition, place: StoredPlace::Json(p) });
                }
            }
        }
        Some(other) => {
            report(&mut diags, &mut src, Place::Json(&tsp), format!("`tilesets` is {}: expected an array", shown(Scalar::Json(other))))
        }
    }
    let mut layers = Vec::new();
    let mut other_layers = Vec::new();
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
            let ln = JsonNode::new(layer, p.clone());
            let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "group layer: ".into() };
            let goff = (off.0 + f.number(&ln, "offsetx").unwrap_or(0.0), off.1 + f.number(&ln, "offsety").unwrap_or(0.0));
            let gname = f.string(&ln, "name").unwrap_or_default();
            f.group_parallax(&ln, &gname);
            if let Some(t) = tmj_layer_list(layer, p.key("layers"), goff, &mut diags, &mut src) {
                stack.push(t);
            }
        }
    }
    {
        for (layer, p, poff) in flat {
            let ln = JsonNode::new(layer, p.clone());
            let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "layer: ".into() };
            let name = f.string(&ln, "name").unwrap_or_default();
            let ty = f.string(&ln, "type").unwrap_or_default();
            f.what = format!("layer `{name}`: ");
            if ty == "group" {
                continue;
            }
            let off = (poff.0 + f.number(&ln, "offsetx").unwrap_or(0.0), poff.1 + f.number(&ln, "offsety").unwrap_or(0.0));
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
                            report(&mut diags, &mut src, Place::Json(&cp), format!("layer `{name}`: `chunks` is not an array"));
                        }
                        for (ci, c) in cs.as_array().map(Vec::as_slice).unwrap_or(&[]).iter().enumerate() {
                            let cpp = cp.index(ci);
                            let cn = JsonNode::new(c, cpp.clone());
                            let mut f = FieldReader { diags: &mut diags, src: &mut src, what: format!("layer `{name}` chunk: ") };
                            let (x, y) = (f.int(&cn, "x", -(1 << 40), 1 << 40), f.int(&cn, "y", -(1 << 40), 1 << 40));
                            let (w, h) = (f.int(&cn, "width", 1, 65536), f.int(&cn, "height", 1, 65536));
                            let Some(data) = c.get("data") else {
                                report(&mut diags, &mut src, Place::Json(&cpp), format!("layer `{name}`: chunk without `data`"));
                                continue;
                            };
                            let enc = tmj_layer_data(data, cpp.key("data"), &encoding, &compression, &name, &mut diags, &mut src);
                            if let (Some(x), Some(y), Some(w), Some(h), Some(enc)) = (x, y, w, h, enc) {
                                chunks.push(Chunk { x, y, width: w, height: h, data: enc });
                            }
                        }
                    } else {
                        match layer.get("data") {
                            Some(data) => {
                                if let Some(enc) = tmj_layer_data(data, p.key("data"), &encoding, &compression, &name, &mut diags, &mut src)
                                {
                                    chunks.push(Chunk { x: 0, y: 0, width: lw.unwrap_or(width), height: lh.unwrap_or(height), data: enc });
                                }
                            }
                            None => report(
                                &mut diags,
                                &mut src,
                                Place::File,
                                format!("layer `{name}` has no `data`: expected an array of gids or a base64 string"),
                            ),
                        }
                    }
                    let mut f = FieldReader { diags: &mut diags, src: &mut src, what: format!("layer `{name}`: ") };
                    let visible = f.boolean(&ln, "visible", false).unwrap_or(true);
                    let parallax = f.parallax(&ln);
                    let props = tmj_properties(layer, &p, &mut diags, &mut src, &format!("layer `{name}`: "))
                        .into_iter()
                        .map(|(p, at)| (p.name, p.value, src.at_json(&at)))
                        .collect();
                    let place = StoredPlace::Json(p.clone());
                    layers.push(TileLayer {
                        name,
                        chunks,
                        infinite: chunked,
                        width: lw.unwrap_or(width),
                        height: lh.unwrap_or(height),
                        offset: off,
                        visible,
                        properties: props,
                        parallax,
                        place,
                    });
                }
                "objectgroup" => {
                    let op = p.key("objects");
                    for (k, o) in layer.get("objects").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]).iter().enumerate() {
                        let opp = op.index(k);
                        let obj = tmj_object(o, &opp, off, &mut diags, &mut src);
                        objects.push((obj, StoredPlace::Json(opp)));
                    }
                }
                "imagelayer" => other_layers.push((name, "image layer", StoredPlace::Json(p.clone()))),
                _ => {}
            }
        }
    }
    let objects = apply_templates(objects, &mut src, &mut diags, &mut files);
    let decl = MapDeclaration { width, height, infinite, tilesets, layers, objects, other_layers, backdrop };
    let width_loc = Loc::File;
    assemble(path, Format::Tmj, decl, width_loc, game, &mut diags, &mut src)
}

/// A `layers` array being walked: the layers, the next index, its path, the groups' offset.
type LayerList<'v> = (&'v [Value], usize, JPath, (f64, f64));

/// The `layers` array of a map or group, ready for the layer walk of [`parse_tmj`].
fn tmj_layer_list<'v>(v: &'v Value, lp: JPath, off: (f64, f64), diags: &mut Diags, src: &mut SourceFile) -> Option<LayerList<'v>> {
    match v.get("layers") {
        Some(Value::Array(a)) => Some((a.as_slice(), 0, lp, off)),
        None | Some(Value::Null) => None,
        Some(other) => {
            report(diags, src, Place::Json(&lp), format!("`layers` is {}: expected an array", shown(Scalar::Json(other))));
            None
        }
    }
}
