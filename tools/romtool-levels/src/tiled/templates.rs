//! Object templates (`.tx` XML, `.tj` JSON), each read once per map and merged into the
//! objects made from them (the object's own attributes and properties win).

use super::map::{ExternalFiles, ObjectFields};
use super::objects::{tmj_object, tmx_object};
use super::source::{read_external, report, ExternalDocument, Place, SourceFile, StoredPlace};
use romtool_common::diag::Diags;
use romtool_common::jsonpos::JPath;
use std::path::Path;

/// Reads a template (`.tx` XML or `.tj` JSON), cached per map.
pub fn read_template(
    map_src: &mut SourceFile,
    at: Place,
    source: &str,
    diags: &mut Diags,
    files: &mut ExternalFiles,
) -> Option<ObjectFields> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    if let Some(hit) = files.templates.get(&p) {
        return hit.clone();
    }
    let obj = read_external(map_src, at, source, ("object template", "tx"), diags, |document, src, diags| match document {
        ExternalDocument::Xml(doc) => match doc.child(doc.root(), "object") {
            Some(o) if doc.root().name == "template" => Some(tmx_object(&doc, o, (0.0, 0.0), diags, src)),
            _ => {
                report(diags, src, Place::Byte(doc.root().pos), "not a Tiled template: expected `<template>` with an `<object>`");
                None
            }
        },
        ExternalDocument::Json(v) => match v.get("object") {
            Some(o) if o.is_object() => Some(tmj_object(o, &JPath::root().key("object"), (0.0, 0.0), diags, src)),
            _ => {
                report(diags, src, Place::File, "not a Tiled template: expected a JSON object with `object`");
                None
            }
        },
    });
    files.templates.insert(p, obj.clone());
    obj
}

/// The objects with their templates merged in; an object whose template cannot be read is
/// left out (the template's error is reported once).
pub fn apply_templates(
    objects: Vec<(ObjectFields, StoredPlace)>,
    src: &mut SourceFile,
    diags: &mut Diags,
    files: &mut ExternalFiles,
) -> Vec<(ObjectFields, StoredPlace)> {
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
