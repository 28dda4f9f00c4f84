//! Where things are in the files of a map (the map, its external tilesets and templates), and
//! reporting errors there: a place is resolved to a line and column only when its error is
//! kept (JSON positions cost a scan of the text).

use crate::levels::diagnostics::{Diag, Diags, Loc, Warnings};
use crate::levels::jsonpos::{self, JPath};
use crate::levels::text::LineIndex;
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
    if diags.full() {
        diags.count_more();
        return;
    }
    let loc = resolve(src, at);
    diags.push(Diag::new(&src.path, loc, msg));
}

/// Adds a warning at `at` in `src` (only counted once `warnings` is full).
pub fn warn(warnings: &mut Warnings, src: &mut SourceFile, at: Place, msg: impl Into<String>) {
    if warnings.full() {
        warnings.count_more();
        return;
    }
    let loc = resolve(src, at);
    warnings.push(Diag::new(&src.path, loc, msg));
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
