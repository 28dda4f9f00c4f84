//! Where things are in the files of a map (the map, its external tilesets and templates), and
//! reporting errors there: a place is resolved to a line and column only when its error is
//! kept (JSON positions cost a scan of the text).

use crate::xml::{self, Doc};
use romtool_common::diag::{Capped, Diag, Diags, Loc, Severity, Warnings};
use romtool_common::jsonpos::{self, JPath};
use romtool_common::text::{read_text, LineIndex};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One file being read (the map, an external tileset, a template), for error positions.
pub struct SourceFile<'t> {
    /// The file.
    pub path: PathBuf,
    /// Its text.
    pub text: &'t str,
    /// Line starts, for byte offsets to line and column.
    pub lines: LineIndex<'t>,
    /// TMJ tile arrays whose elements were given line and column so far (each costs a scan of
    /// the text: at most [`MAX_LOCATED_ARRAYS`] per file).
    pub located_arrays: usize,
}

/// Most TMJ tile arrays per file whose tiles get a line and column (the rest are named by
/// tile coordinates only), so that locating them stays linear in the file size.
pub const MAX_LOCATED_ARRAYS: usize = 16;

impl<'t> SourceFile<'t> {
    /// The file `path` with text `text`.
    pub fn new(path: &Path, text: &'t str) -> SourceFile<'t> {
        SourceFile { path: path.to_path_buf(), text, lines: LineIndex::new(text), located_arrays: 0 }
    }
    /// The line and column of byte `pos`.
    pub fn at(&mut self, pos: usize) -> Loc {
        let (l, c) = self.lines.locate(pos);
        Loc::LineCol(l, c)
    }
    /// The line and column of the JSON value at `p`.
    pub fn at_json(&mut self, p: &JPath) -> Loc {
        let pos = jsonpos::locate(self.text, p);
        self.at(pos)
    }
}

/// Where an error is, resolved to a [`Loc`] only when the error is kept.
#[derive(Clone)]
pub enum Place<'a> {
    /// The file as a whole.
    File,
    /// A byte offset of the text (XML).
    Byte(usize),
    /// A JSON value.
    Json(&'a JPath),
    /// A Tiled object (its id).
    Object(u64),
    /// A place already resolved.
    Loc(Loc),
}

/// Reports an error at `at` in `src` (only counted once `diags` is full).
pub fn report(diags: &mut Diags, src: &mut SourceFile, at: Place, msg: impl Into<String>) {
    add(diags, src, at, msg);
}

/// Adds a warning at `at` in `src` (only counted once `warnings` is full).
pub fn warn(warnings: &mut Warnings, src: &mut SourceFile, at: Place, msg: impl Into<String>) {
    add(warnings, src, at, msg);
}

/// Adds an error or warning at `at`, working out its place only when it is kept.
fn add<K: Severity>(to: &mut Capped<K>, src: &mut SourceFile, at: Place, msg: impl Into<String>) {
    if to.full() {
        to.count_more();
        return;
    }
    let loc = resolve(src, at);
    to.push(Diag::new(&src.path, loc, msg));
}

/// The [`Loc`] of a [`Place`] (JSON positions cost a scan of the text).
pub fn resolve(src: &mut SourceFile, at: Place) -> Loc {
    match at {
        Place::File => Loc::File,
        Place::Byte(p) => src.at(p),
        Place::Json(p) => src.at_json(p),
        Place::Object(id) => Loc::Object(id),
        Place::Loc(l) => l,
    }
}

/// Where something was written, kept until it is needed (an object's place, resolved only
/// for an error or a warning).
#[derive(Clone, Debug)]
pub enum StoredPlace {
    /// A byte offset of the text (XML).
    Byte(usize),
    /// A JSON value.
    Json(JPath),
}

impl StoredPlace {
    /// As a [`Place`].
    pub fn at(&self) -> Place<'_> {
        match self {
            StoredPlace::Byte(b) => Place::Byte(*b),
            StoredPlace::Json(p) => Place::Json(p),
        }
    }
}

/// A JSON syntax error at its line and column.
pub fn json_error(path: &Path, e: &serde_json::Error) -> Diag {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    Diag::new(path, Loc::LineCol(e.line(), e.column()), format!("JSON syntax error: {msg}"))
}

/// A file a map names (an external tileset or a template), parsed.
pub enum ExternalDocument {
    /// An XML file (`.tsx`, `.tx`, `.xml`).
    Xml(Doc),
    /// A JSON file.
    Json(Value),
}

/// Reads the file `source` that the map names at `at` (a path relative to the map; `what` is
/// what it is, for messages) and parses it: as XML when its extension is `xml_extension` or
/// `xml`, else as JSON; then hands it to `read`. `None` after reporting why it cannot be read.
pub fn read_external<T>(
    map_src: &mut SourceFile,
    at: Place,
    source: &str,
    (what, xml_extension): (&str, &str),
    diags: &mut Diags,
    read: impl FnOnce(ExternalDocument, &mut SourceFile, &mut Diags) -> Option<T>,
) -> Option<T> {
    let p = map_src.path.parent().unwrap_or(Path::new(".")).join(source);
    let text = match read_text(&p) {
        Ok(t) => t,
        Err(e) => {
            report(diags, map_src, at, format!("{what} `{source}`: {}: {e}", p.display()));
            return None;
        }
    };
    let mut src = SourceFile::new(&p, &text);
    let document = if p.extension().is_some_and(|e| e.eq_ignore_ascii_case(xml_extension) || e.eq_ignore_ascii_case("xml")) {
        match xml::parse(&text) {
            Ok(d) => ExternalDocument::Xml(d),
            Err(e) => {
                report(diags, &mut src, Place::Byte(e.pos), format!("XML syntax error: {}", e.msg));
                return None;
            }
        }
    } else {
        match serde_json::from_str(&text) {
            Ok(v) => ExternalDocument::Json(v),
            Err(e) => {
                diags.push(json_error(&p, &e));
                return None;
            }
        }
    };
    read(document, &mut src, diags)
}
