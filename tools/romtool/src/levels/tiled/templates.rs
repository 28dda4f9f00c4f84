//! Object templates (`.tx` XML, `.tj` JSON), each read once per map and merged into the
//! objects made from them (the object's own attributes and properties win).

use super::model::{ExternalFiles, ObjectFields};
use super::objects::{tmj_object, tmx_object};
use super::source::{json_error, report, Place, SourceFile, StoredPlace};
use crate::levels::diagnostics::Diags;
use crate::levels::jsonpos::JPath;
use crate::levels::text::read_text;
use crate::levels::xml;
use serde_json::Value;
use std::path::Path;

/// Reads a template (`.tx` XML or `.tj` JSON), cached per map.
pub fn read_template(map_src: &mut SourceFile, at: Place, source: &str, diags: &mut Diags, files: &mut ExternalFiles) -> Option<ObjectFields> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    if let Some(hit) = files.templates.get(&p) {
        return hit.clone();
    }
    let obj = (|| {
        let text = match read_text(&p) {
            Ok(t) => t,
            Err(e) => {
                report(diags, map_src, at, format!("object template `{source}`: {}: {e}", p.display()));
                return None;
            }
        };
        let mut src = SourceFile::new(&p, &text);
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tx") || e.eq_ignore_ascii_case("xml")) {
            let doc = match xml::parse(&text) {
                Ok(d) => d,
                Err(e) => {
                    report(diags, &mut src, Place::Byte(e.pos), format!("XML syntax error: {}", e.msg));
                    return None;
                }
            };
            match doc.child(doc.root(), "object") {
                Some(o) if doc.root().name == "template" => Some(tmx_object(&doc, o, (0.0, 0.0), diags, &mut src)),
                _ => {
                    report(diags, &mut src, Place::Byte(doc.root().pos), "not a Tiled template: expected `<template>` with an `<object>`");
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
                    report(diags, &mut src, Place::File, "not a Tiled template: expected a JSON object with `object`");
                    None
                }
            }
        }
    })();
    files.templates.insert(p, obj.clone());
    obj
}

/// The objects with their templates merged in; an object whose template cannot be read is
/// left out (the template's error is reported once).
pub fn apply_templates(objects: Vec<(ObjectFields, StoredPlace)>, src: &mut SourceFile, diags: &mut Diags, files: &mut ExternalFiles) -> Vec<(ObjectFields, StoredPlace)> {
    let mut merged = Vec::with_capacity(objects.len());
    for (obj, at) in objects {
        let obj = match obj.template.clone() {
            Some(t) => match read_template(src, Place::File, &t, diags, files) {
                Some(template) => obj.merge_template(&template),
                None => continue,
            },
            None => obj,
        };
        merged.push((obj, at));
    }
    merged
}
