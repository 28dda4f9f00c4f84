//! The TMX front end: Tiled maps saved as XML (`.tmx`), read into the format-neutral
//! [`MapDeclaration`] and assembled into a level.

use super::assemble::{assemble, check_map_attributes};
use super::layer_data::tmx_layer_data;
use super::map::{Chunk, ExternalFiles, MapDeclaration, TileLayer, Tileset};
use super::objects::tmx_object;
use super::properties::tmx_properties;
use super::source::{report, Place, SourceFile, StoredPlace};
use super::templates::apply_templates;
use super::tilesets::{external_tileset, tmx_tileset};
use super::values::{FieldReader, XmlNode};
use crate::declarations::Declarations;
use crate::level::{Format, LevelSource};
use crate::xml::{self, Element};
use romtool_common::diag::{Diag, Diags};
use std::path::Path;

/// Parses a Tiled XML map.
pub fn parse_tmx(path: &Path, text: &str, game: &Declarations) -> Result<LevelSource, Vec<Diag>> {
    let mut src = SourceFile::new(path, text);
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
    let mut files = ExternalFiles::default();
    let n = XmlNode(map);
    let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "map: ".into() };
    let orientation = f.string(&n, "orientation").unwrap_or_else(|| "orthogonal".into());
    let infinite = f.boolean(&n, "infinite", true).unwrap_or(false);
    let tw = f.int(&n, "tilewidth", 0, 65535).unwrap_or(0);
    let th = f.int(&n, "tileheight", 0, 65535).unwrap_or(0);
    let width = f.int(&n, "width", i64::MIN, i64::MAX).unwrap_or(0);
    let height = f.int(&n, "height", i64::MIN, i64::MAX).unwrap_or(0);
    let backdrop = f.colour(&n, "backgroundcolor");
    check_map_attributes(&mut diags, &mut src, Place::Loc(map_loc.clone()), &orientation, tw, th);
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut tilesets = Vec::new();
    for ts in doc.children_named(map, "tileset") {
        let tn = XmlNode(ts);
        let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "tileset: ".into() };
        let firstgid = f.int(&tn, "firstgid", 1, u32::MAX as i64).unwrap_or(1) as u32;
        let definition = match ts.value("source") {
            Some(s) => external_tileset(&mut src, Place::Byte(ts.pos), s, &mut diags, &mut files),
            None => Some(tmx_tileset(&doc, ts, &dir, &mut diags, &mut src)),
        };
        if let Some(definition) = definition {
            tilesets.push(Tileset { firstgid, definition, place: StoredPlace::Byte(ts.pos) });
        }
    }
    let mut layers = Vec::new();
    let mut other_layers = Vec::new();
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
            let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "group layer: ".into() };
            let ln = XmlNode(layer);
            let goff = (off.0 + f.number(&ln, "offsetx").unwrap_or(0.0), off.1 + f.number(&ln, "offsety").unwrap_or(0.0));
            let gname = f.string(&ln, "name").unwrap_or_default();
            f.group_parallax(&ln, &gname);
            stack.push((doc.children(layer).collect(), 0, goff));
        }
    }
    {
        for (layer, poff) in flat {
            let ln = XmlNode(layer);
            let mut f = FieldReader { diags: &mut diags, src: &mut src, what: "layer: ".into() };
            let name = f.string(&ln, "name").unwrap_or_default();
            f.what = format!("layer `{name}`: ");
            match &*layer.name {
                "layer" => {
                    let lw = f.int(&ln, "width", i64::MIN, i64::MAX);
                    let lh = f.int(&ln, "height", i64::MIN, i64::MAX);
                    let off = (poff.0 + f.number(&ln, "offsetx").unwrap_or(0.0), poff.1 + f.number(&ln, "offsety").unwrap_or(0.0));
                    let Some(data) = doc.child(layer, "data") else {
                        report(
                            &mut diags,
                            &mut src,
                            Place::Byte(layer.pos),
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
                        let cn = XmlNode(c);
                        let mut f = FieldReader { diags: &mut diags, src: &mut src, what: format!("layer `{name}` chunk: ") };
                        let (x, y) = (f.int(&cn, "x", -(1 << 40), 1 << 40), f.int(&cn, "y", -(1 << 40), 1 << 40));
                        let (w, h) = (f.int(&cn, "width", 1, 65536), f.int(&cn, "height", 1, 65536));
                        let enc = tmx_layer_data(&doc, c, data, encoding, compression, &name, &mut diags, &mut src);
                        if let (Some(x), Some(y), Some(w), Some(h), Some(enc)) = (x, y, w, h, enc) {
                            chunks.push(Chunk { x, y, width: w, height: h, data: enc });
                        }
                    }
                    if !chunked {
                        if let Some(enc) = tmx_layer_data(&doc, data, data, encoding, compression, &name, &mut diags, &mut src) {
                            let (w, h) = (lw.unwrap_or(width), lh.unwrap_or(height));
                            chunks.push(Chunk { x: 0, y: 0, width: w, height: h, data: enc });
                        }
                    }
                    let mut f = FieldReader { diags: &mut diags, src: &mut src, what: format!("layer `{name}`: ") };
                    let visible = f.boolean(&ln, "visible", true).unwrap_or(true);
                    let parallax = f.parallax(&ln);
                    let props = tmx_properties(&doc, layer, &mut diags, &mut src, &format!("layer `{name}`: "))
                        .into_iter()
                        .map(|(p, at)| (p.name, p.value, src.at(at)))
                        .collect();
                    let place = StoredPlace::Byte(layer.pos);
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
                    let ox = f.number(&ln, "offsetx").unwrap_or(0.0);
                    let oy = f.number(&ln, "offsety").unwrap_or(0.0);
                    let off = (poff.0 + ox, poff.1 + oy);
                    for o in doc.children_named(layer, "object") {
                        let obj = tmx_object(&doc, o, off, &mut diags, &mut src);
                        objects.push((obj, StoredPlace::Byte(o.pos)));
                    }
                }
                "imagelayer" => other_layers.push((name, "image layer", StoredPlace::Byte(layer.pos))),
                _ => {}
            }
        }
    }
    let objects = apply_templates(objects, &mut src, &mut diags, &mut files);
    let decl = MapDeclaration { width, height, infinite, tilesets, layers, objects, other_layers, backdrop };
    assemble(path, Format::Tmx, decl, map_loc, game, &mut diags, &mut src)
}
