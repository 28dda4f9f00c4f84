//! Objects of object layers in both formats, and the entities they become: the object's
//! kind (class, else type, else name), its place in map pixels, its path and properties.

use super::map::ObjectFields;
use super::properties::{tmj_properties, tmx_properties};
use super::source::{report, warn, Place, SourceFile};
use super::values::{FieldReader, JsonNode, Node, XmlNode, MAX_COORD};
use crate::kinds::{self, EntityKinds};
use crate::level::{Entity, Point};
use crate::property_value::PropValue;
use crate::xml::{Doc, Element};
use romtool_common::diag::{Diags, Warnings};
use romtool_common::jsonpos::JPath;
use serde_json::Value;

/// The attributes every Tiled object has (TMX attributes and TMJ members alike), each
/// checked for its type.
fn object_attributes(f: &mut FieldReader, n: &dyn Node, offset: (f64, f64)) -> ObjectFields {
    ObjectFields {
        id: f.int(n, "id", 0, u32::MAX as i64).map(|v| v as u64),
        name: f.string(n, "name"),
        class: f.string(n, "class"),
        object_type: f.string(n, "type"),
        x: f.number(n, "x"),
        y: f.number(n, "y"),
        width: f.number(n, "width"),
        height: f.number(n, "height"),
        rotation: f.number(n, "rotation"),
        gid: f.int(n, "gid", 0, u32::MAX as i64).map(|v| v as u32),
        template: f.string(n, "template"),
        offset,
        ..ObjectFields::default()
    }
}

/// A TMX `<object>` (in a map or a template) with its points and properties.
pub fn tmx_object(doc: &Doc, o: &Element, offset: (f64, f64), diags: &mut Diags, src: &mut SourceFile) -> ObjectFields {
    let n = XmlNode(o);
    let id_str = o.value("id").map(|i| format!("object {i}")).unwrap_or_else(|| "template object".into());
    let mut f = FieldReader { diags: &mut *diags, src: &mut *src, what: format!("{id_str}: ") };
    let mut obj = object_attributes(&mut f, &n, offset);
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
                    report(diags, src, Place::Byte(at), format!("{id_str}: point `{pair}`: expected `x,y` in pixels"));
                    break;
                }
            }
        }
        obj.points = Some(pts);
    }
    obj.properties = tmx_properties(doc, o, diags, src, &format!("{id_str}: ")).into_iter().map(|(p, _)| p).collect();
    obj
}

/// A TMJ object (in a map or a template) with its points and properties.
pub fn tmj_object(v: &Value, path: &JPath, offset: (f64, f64), diags: &mut Diags, src: &mut SourceFile) -> ObjectFields {
    let n = JsonNode::new(v, path.clone());
    let id_str = v.get("id").map(|i| format!("object {i}")).unwrap_or_else(|| "template object".into());
    let mut f = FieldReader { diags: &mut *diags, src: &mut *src, what: format!("{id_str}: ") };
    let mut obj = object_attributes(&mut f, &n, offset);
    for key in ["polyline", "polygon"] {
        let Some(list) = v.get(key) else { continue };
        let kp = path.key(key);
        let Some(list) = list.as_array() else {
            report(diags, src, Place::Json(&kp), format!("{id_str}: `{key}` is not an array: expected [{{\"x\": .., \"y\": ..}}, ...]"));
            continue;
        };
        let mut pts = Vec::new();
        for (i, p) in list.iter().enumerate() {
            let num = |k: &str| p.get(k).and_then(Value::as_f64).filter(|v| v.is_finite() && v.abs() <= MAX_COORD);
            match (num("x"), num("y")) {
                (Some(x), Some(y)) => pts.push((x, y)),
                _ => {
                    report(
                        diags,
                        src,
                        Place::Json(&kp.index(i)),
                        format!("{id_str}: `{key}` point {i}: expected {{\"x\": number, \"y\": number}} in pixels"),
                    );
                    break;
                }
            }
        }
        obj.points = Some(pts);
    }
    obj.properties = tmj_properties(v, path, diags, src, &format!("{id_str}: ")).into_iter().map(|(p, _)| p).collect();
    obj
}

/// An object as an entity (pixels rounded; tile objects converted from bottom-left), its
/// properties typed by its kind (see [`kinds`]).
///
/// The kind is the object's class, else its type, else its name. An object with no class and
/// no type whose name is no entity kind (or that has no name) is decoration, as third-party
/// maps often carry (trees, signs, notes): it is skipped with a warning in `warnings`. A
/// class or type that is no entity kind of the game's project is an error, as is a property
/// that is no member of the kind or has another type.
pub fn entity_of(
    obj: ObjectFields,
    game: &EntityKinds,
    diags: &mut Diags,
    warnings: &mut Warnings,
    src: &mut SourceFile,
    at: Place,
) -> Option<Entity> {
    let class = obj.class.clone().unwrap_or_default();
    let ty = obj.object_type.clone().unwrap_or_default();
    let name = obj.name.clone().unwrap_or_default();
    let known = |k: &str| game.is_known(k);
    if class.is_empty() && ty.is_empty() && !known(&name) {
        let what = match (obj.id, name.is_empty()) {
            (Some(id), true) => format!("object {id}"),
            (Some(id), false) => format!("object {id} (`{name}`)"),
            (None, true) => "an object".to_string(),
            (None, false) => format!("object `{name}`"),
        };
        warn(
            warnings,
            src,
            at,
            format!(
                "{what} has no class or type: skipped as decoration. To make it an entity, give it a class (or type) the game knows: {}",
                game.expected_list()
            ),
        );
        return None;
    }
    let Some(id) = obj.id else {
        report(diags, src, at, "object without `id`: expected a Tiled object id (saved by Tiled 1.0 or newer). Fix: open and re-save the map in a current Tiled");
        return None;
    };
    if id == 0 || id > u32::MAX as u64 {
        report(
            diags,
            src,
            Place::Object(id),
            format!("object id {id}: expected 1..={}. Fix: re-save the map in Tiled (it numbers objects from 1)", u32::MAX),
        );
        return None;
    }
    if obj.rotation.is_some_and(|r| r != 0.0) {
        report(diags, src, Place::Object(id), format!("rotation {}: expected 0 (rotated objects are not supported). Fix: set the object's rotation to 0 in Tiled (or clear its class and type if it is decoration)", obj.rotation.unwrap_or(0.0)));
        return None;
    }
    let (w, h) = (obj.width.unwrap_or(0.0), obj.height.unwrap_or(0.0));
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
                report(diags, src, Place::Object(id), format!("path point out of range: expected coordinates within {MAX_COORD:e} px. Fix: move the polyline's points onto the map"));
                return None;
            }
        }
    }
    let (Some(xi), Some(yi), Some(wi), Some(hi)) = (conv(x), conv(y), conv(w), conv(h)) else {
        report(
            diags,
            src,
            Place::Object(id),
            format!(
                "position or size out of range: expected coordinates within {MAX_COORD:e} px. Fix: move or resize the object onto the map"
            ),
        );
        return None;
    };
    let kind = [class.as_str(), ty.as_str(), name.as_str()].into_iter().find(|s| !s.is_empty()).unwrap_or("object").to_string();
    let (fields, colour) = if kinds::is_spawn(&kind) {
        (Vec::new(), kinds::DEFAULT_COLOUR)
    } else {
        let Some(k) = game.get(&kind) else {
            report(diags, src, at, format!("object {id}: {}", game.unknown_class(&kind)));
            return None;
        };
        match game.fields(k, &obj.properties) {
            Ok(fields) => (fields, k.colour),
            Err(why) => {
                report(diags, src, at, format!("object {id} (class `{kind}`): {why}"));
                return None;
            }
        }
    };
    let mut props: Vec<(String, PropValue)> = obj.properties.into_iter().map(|p| (p.name, p.value)).collect();
    props.sort_by(|a, b| a.0.cmp(&b.0));
    Some(Entity { id, kind, name, x: xi, y: yi, w: wi, h: hi, path, props, fields, colour })
}
