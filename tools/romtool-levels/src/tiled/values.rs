//! Attribute values of either format: XML attribute text and JSON values read as the same
//! [`Scalar`]s, from the same [`Node`]s (a map, tileset, layer or object), each checked for
//! its type by a [`FieldReader`] that reports a wrong one at its line.

use super::source::{report, resolve, Place, SourceFile};
use crate::xml::Element;
use romtool_common::diag::{Diags, Loc};
use romtool_common::jsonpos::JPath;
use serde_json::Value;

/// Largest pixel coordinate accepted in a map (objects, offsets, points).
pub const MAX_COORD: f64 = 1e8;

/// A scalar value as written: XML attribute text or a JSON value.
#[derive(Clone, Copy)]
pub enum Scalar<'a> {
    /// XML attribute (or element) text.
    Text(&'a str),
    /// A JSON value.
    Json(&'a Value),
}

/// A value as the user wrote it, for messages (at most 40 characters).
pub fn shown(s: Scalar) -> String {
    let t = match s {
        Scalar::Text(t) => format!("`{t}`"),
        Scalar::Json(Value::String(t)) => format!("\"{t}\""),
        Scalar::Json(v) => v.to_string(),
    };
    if t.chars().count() > 40 {
        format!("{}...", t.chars().take(40).collect::<String>())
    } else {
        t
    }
}

/// An integer (a JSON number that is whole counts).
pub fn scalar_int(s: Scalar) -> Result<i64, ()> {
    match s {
        Scalar::Text(t) => t.trim().parse::<i64>().map_err(|_| ()),
        Scalar::Json(v) => v.as_i64().or_else(|| v.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9e15).map(|f| f as i64)).ok_or(()),
    }
}

/// A finite number of at most [`MAX_COORD`] in size.
pub fn scalar_number(s: Scalar) -> Result<f64, ()> {
    let v = match s {
        Scalar::Text(t) => t.trim().parse::<f64>().map_err(|_| ())?,
        Scalar::Json(v) => v.as_f64().ok_or(())?,
    };
    if v.is_finite() && v.abs() <= MAX_COORD {
        Ok(v)
    } else {
        Err(())
    }
}

/// A bool: `true` / `false`, and with `numeric` also `1` / `0` (TMX writes those).
pub fn scalar_bool(s: Scalar, numeric: bool) -> Result<bool, ()> {
    match s {
        Scalar::Json(Value::Bool(b)) => Ok(*b),
        Scalar::Json(Value::Number(n)) if numeric && n.as_u64() == Some(1) => Ok(true),
        Scalar::Json(Value::Number(n)) if numeric && n.as_u64() == Some(0) => Ok(false),
        Scalar::Text(t) => match t.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            "1" if numeric => Ok(true),
            "0" if numeric => Ok(false),
            _ => Err(()),
        },
        _ => Err(()),
    }
}

/// A string.
pub fn scalar_str(s: Scalar<'_>) -> Result<&str, ()> {
    match s {
        Scalar::Text(t) => Ok(t),
        Scalar::Json(Value::String(t)) => Ok(t),
        _ => Err(()),
    }
}

/// A map / tileset / object / layer node of either format: its scalars and their places.
pub trait Node {
    /// The value of `key`, if written (JSON `null` counts as not written).
    fn get(&self, key: &str) -> Option<Scalar<'_>>;
    /// Where `key` is written (the node itself when it is not).
    fn at_key(&self, key: &str) -> Place<'_>;
}

/// An XML element as a [`Node`] (its attributes).
pub struct XmlNode<'d>(pub &'d Element);
impl Node for XmlNode<'_> {
    fn get(&self, key: &str) -> Option<Scalar<'_>> {
        self.0.value(key).map(Scalar::Text)
    }
    fn at_key(&self, key: &str) -> Place<'_> {
        Place::Byte(self.0.attr(key).map(|a| a.pos).unwrap_or(self.0.pos))
    }
}

/// A JSON object as a [`Node`] (its members).
pub struct JsonNode<'d> {
    v: &'d Value,
    path: JPath,
    keys: Vec<(String, JPath)>,
}
impl<'d> JsonNode<'d> {
    /// The object `v` written at `path`.
    pub fn new(v: &'d Value, path: JPath) -> JsonNode<'d> {
        let keys = v.as_object().map(|o| o.keys().map(|k| (k.clone(), path.key(k))).collect()).unwrap_or_default();
        JsonNode { v, path, keys }
    }
}
impl Node for JsonNode<'_> {
    fn get(&self, key: &str) -> Option<Scalar<'_>> {
        self.v.get(key).filter(|v| !v.is_null()).map(Scalar::Json)
    }
    fn at_key(&self, key: &str) -> Place<'_> {
        match self.keys.iter().find(|(k, _)| k == key) {
            Some((_, p)) => Place::Json(p),
            None => Place::Json(&self.path),
        }
    }
}

/// Reads the scalars of a node, reporting values of the wrong kind (never a default).
pub struct FieldReader<'a, 'b, 't> {
    /// Where the errors go.
    pub diags: &'a mut Diags,
    /// The file read.
    pub src: &'b mut SourceFile<'t>,
    /// What is read, for messages (`map: `, `layer `ground`: `, `object 3: `).
    pub what: String,
}

impl FieldReader<'_, '_, '_> {
    /// Reports `key`'s value `s` as not what was expected.
    pub fn bad(&mut self, n: &dyn Node, key: &str, s: Scalar, expected: &str) {
        let msg = format!("{}`{key}` is {}: expected {expected}", self.what, shown(s));
        report(self.diags, self.src, n.at_key(key), msg);
    }
    /// An integer in `min..=max`.
    pub fn int(&mut self, n: &dyn Node, key: &str, min: i64, max: i64) -> Option<i64> {
        let s = n.get(key)?;
        match scalar_int(s) {
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
    /// A number of pixels.
    pub fn number(&mut self, n: &dyn Node, key: &str) -> Option<f64> {
        let s = n.get(key)?;
        match scalar_number(s) {
            Ok(v) => Some(v),
            Err(()) => {
                self.bad(n, key, s, &format!("a number of pixels (at most {MAX_COORD:e} in size)"));
                None
            }
        }
    }
    /// A bool (see [`scalar_bool`]).
    pub fn boolean(&mut self, n: &dyn Node, key: &str, numeric: bool) -> Option<bool> {
        let s = n.get(key)?;
        match scalar_bool(s, numeric) {
            Ok(b) => Some(b),
            Err(()) => {
                self.bad(n, key, s, if numeric { "`0` or `1` (or true / false)" } else { "true or false" });
                None
            }
        }
    }
    /// Tiled's parallax factors of a layer (`parallaxx`, `parallaxy`; 1 when absent, as in
    /// Tiled) and where each is written (the layer itself when absent).
    pub fn parallax(&mut self, n: &dyn Node) -> [(f64, Loc); 2] {
        let mut out = [(1.0, Loc::File), (1.0, Loc::File)];
        for (slot, key) in out.iter_mut().zip(["parallaxx", "parallaxy"]) {
            if let Some(s) = n.get(key) {
                match scalar_number(s) {
                    Ok(v) => slot.0 = v,
                    Err(()) => self.bad(n, key, s, "a number (Tiled's parallax factor: 1, 0.5, 0.25 or 0.125)"),
                }
            }
            slot.1 = resolve(self.src, n.at_key(key));
        }
        out
    }
    /// A group layer's parallax factors must be 1: romtool reads them from tile layers only.
    pub fn group_parallax(&mut self, n: &dyn Node, name: &str) {
        for key in ["parallaxx", "parallaxy"] {
            if let Some(s) = n.get(key) {
                if scalar_number(s) != Ok(1.0) {
                    let msg = format!(
                        "group layer `{name}`: `{key}` is {}: expected 1 (romtool reads the parallax of tile layers only). Fix: set the parallax factor on the art layers inside the group, and 1 on the group",
                        shown(s)
                    );
                    report(self.diags, self.src, n.at_key(key), msg);
                }
            }
        }
    }
    /// Tiled's map `backgroundcolor` (`#RRGGBB` or `#AARRGGBB`; the alpha is ignored) as RGB.
    pub fn colour(&mut self, n: &dyn Node, key: &str) -> Option<[u8; 3]> {
        let s = n.get(key)?;
        let parsed = scalar_str(s).ok().and_then(|t| {
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
    /// A string.
    pub fn string(&mut self, n: &dyn Node, key: &str) -> Option<String> {
        let s = n.get(key)?;
        match scalar_str(s) {
            Ok(t) => Some(t.to_string()),
            Err(()) => {
                self.bad(n, key, s, "a string");
                None
            }
        }
    }
}
