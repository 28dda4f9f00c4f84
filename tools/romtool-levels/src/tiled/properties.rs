//! Custom properties of maps, layers, tiles and objects, in both formats (TMX
//! `<properties>`, TMJ `properties` arrays and the pre-1.2 object with `propertytypes`), each
//! value checked against its Tiled type.

use super::source::{report, Place, SourceFile};
use super::values::{scalar_bool, scalar_int, scalar_str, shown, Scalar};
use crate::property_value::{PropValue, Property, FIXED_FRACTION_BITS};
use crate::xml::{Doc, Element};
use romtool_common::diag::Diags;
use romtool_common::jsonpos::JPath;
use serde_json::Value;

/// A property value of Tiled type `ty` as the ROM stores it (ints must fit 32 bits; a float
/// is whole or kept in 1/256ths; `class` properties are not supported).
fn property_value(ty: &str, v: Scalar) -> Result<PropValue, String> {
    let int32 = |x: i64| {
        if (i32::MIN as i64..=i32::MAX as i64).contains(&x) {
            Ok(PropValue::Int(x))
        } else {
            Err(format!("{x}: expected a 32-bit integer (the ROM stores i32). Fix: use a value in -2147483648..=2147483647"))
        }
    };
    match ty {
        "int" | "object" => match scalar_int(v) {
            Ok(x) => int32(x),
            Err(()) => Err(format!("{}: expected an integer", shown(v))),
        },
        "float" => {
            let f = match v {
                Scalar::Text(t) => t.trim().parse::<f64>().ok(),
                Scalar::Json(j) => j.as_f64(),
            };
            match f {
                Some(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => int32(f as i64),
                Some(f) if f.is_finite() && f.abs() < 1e9 => Ok(PropValue::Fixed((f * (1u32 << FIXED_FRACTION_BITS) as f64).round() as i64)),
                Some(f) => Err(format!("{f}: expected a number from -1e9 to 1e9")),
                None => Err(format!("{}: expected a number", shown(v))),
            }
        }
        "bool" => scalar_bool(v, false).map(PropValue::Bool).map_err(|()| format!("{}: expected true or false", shown(v))),
        "string" | "file" | "color" => scalar_str(v).map(|s| PropValue::Str(s.to_string())).map_err(|()| format!("{}: expected a string", shown(v))),
        "class" => Err("class properties (Tiled custom types) are not supported: expected int, bool, float, string, color, file or object. Fix: replace it with one property per member".into()),
        other => Err(format!("unknown property type `{other}`: expected int, bool, float, string, color, file or object")),
    }
}

/// The type of an untyped JSON property value.
fn json_property_type(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "int",
        Value::Number(_) => "float",
        Value::String(_) => "string",
        _ => "class",
    }
}

/// The property `name` of Tiled type `ty` (and custom type `custom`, an enum) with value `v`,
/// or why it cannot be one.
fn property(name: &str, ty: &str, custom: Option<&str>, v: Scalar) -> Result<Property, String> {
    let value = property_value(ty, v)?;
    Ok(Property {
        name: name.to_string(),
        tiled_type: ty.to_string(),
        value,
        custom_type: custom.filter(|c| !c.is_empty()).map(str::to_string),
    })
}

/// Properties of a TMX element (its `<properties>` child), each with the byte offset of its
/// value.
pub fn tmx_properties(doc: &Doc, el: &Element, diags: &mut Diags, src: &mut SourceFile, what: &str) -> Vec<(Property, usize)> {
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
            match property(&name, ty, p.value("propertytype"), Scalar::Text(&raw)) {
                Ok(prop) => out.push((prop, at)),
                Err(m) => report(diags, src, Place::Byte(at), format!("{what}property `{name}` = {m}")),
            }
        }
    }
    out
}

/// Properties of a TMJ node (`properties` array, or the pre-1.2 object + `propertytypes`),
/// each with the path of its value.
pub fn tmj_properties(v: &Value, path: &JPath, diags: &mut Diags, src: &mut SourceFile, what: &str) -> Vec<(Property, JPath)> {
    let mut out = Vec::new();
    let ppath = path.key("properties");
    match v.get("properties") {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) => {
            for (i, p) in a.iter().enumerate() {
                let pp = ppath.index(i);
                let name = p.get("name").and_then(Value::as_str).unwrap_or("").to_string();
                let Some(val) = p.get("value") else {
                    report(diags, src, Place::Json(&pp), format!("{what}property `{name}` has no `value`"));
                    continue;
                };
                let ty = p.get("type").and_then(Value::as_str).unwrap_or_else(|| json_property_type(val));
                match property(&name, ty, p.get("propertytype").and_then(Value::as_str), Scalar::Json(val)) {
                    Ok(prop) => out.push((prop, pp.key("value"))),
                    Err(m) => report(diags, src, Place::Json(&pp.key("value")), format!("{what}property `{name}` = {m}")),
                }
            }
        }
        Some(Value::Object(o)) => {
            for (name, val) in o {
                let ty =
                    v.get("propertytypes").and_then(|t| t.get(name)).and_then(Value::as_str).unwrap_or_else(|| json_property_type(val));
                let pp = ppath.key(name);
                match property(name, ty, None, Scalar::Json(val)) {
                    Ok(prop) => out.push((prop, pp)),
                    Err(m) => report(diags, src, Place::Json(&pp), format!("{what}property `{name}` = {m}")),
                }
            }
        }
        Some(other) => {
            report(diags, src, Place::Json(&ppath), format!("{what}`properties` is {}: expected an array", shown(Scalar::Json(other))))
        }
    }
    out
}
