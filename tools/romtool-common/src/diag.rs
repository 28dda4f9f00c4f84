//! Diagnostics: where in a level file a problem is ([`Loc`]), one error or warning
//! ([`Diag`]), and the collectors that keep at most [`MAX_ERRORS_PER_FILE`] of them per file
//! and count the rest ([`Diags`], [`Warnings`]).

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a source file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loc {
    /// The file as a whole.
    File,
    /// 1-based line and column.
    LineCol(usize, usize),
    /// A tile of a Tiled layer (tile-space x, y, as Tiled numbers them: negative in infinite maps).
    Tile(i64, i64),
    /// A tile with its 1-based line and column in the file (Tiled CSV data).
    TileAt(i64, i64, usize, usize),
    /// A Tiled object (its id).
    Object(u64),
}

/// One error found in a level file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// The file (as given on the command line, joined with the file name).
    pub file: PathBuf,
    /// Where in the file.
    pub loc: Loc,
    /// What is wrong and what was expected.
    pub msg: String,
}

impl Diag {
    /// A new error.
    pub fn new(file: &Path, loc: Loc, msg: impl Into<String>) -> Diag {
        Diag { file: file.to_path_buf(), loc, msg: msg.into() }
    }
}

/// Most errors listed per file; the rest are counted.
pub const MAX_ERRORS_PER_FILE: usize = 20;

/// Collects the errors (or the warnings) of one level file: the first
/// [`MAX_ERRORS_PER_FILE`] errors are kept, the rest only counted; every warning is kept (so their places need not be
/// worked out).
#[derive(Debug)]
pub struct Capped<K: Severity> {
    level: PathBuf,
    list: Vec<Diag>,
    more: usize,
    severity: std::marker::PhantomData<K>,
}

/// What a [`Capped`] collects: how the line that counts the ones not kept ends.
pub trait Severity {
    /// The end of the line counting those not kept (`" more errors not shown"`).
    const MORE: &'static str;
    /// Whether only the first [`MAX_ERRORS_PER_FILE`] are kept (errors); warnings are all kept
    /// and printed, never hidden behind a count.
    const CAPPED: bool;
}

/// Errors: the level is not compiled.
#[derive(Debug)]
pub struct Error;
impl Severity for Error {
    const MORE: &'static str = " more errors not shown";
    const CAPPED: bool = true;
}

/// Warnings: things skipped that may be mistakes (decoration objects, layers and tilesets
/// the ROM does not use); the level still compiles.
#[derive(Debug)]
pub struct Warning;
impl Severity for Warning {
    const MORE: &'static str = " more warnings not shown";
    const CAPPED: bool = false;
}

/// The errors of one level file.
pub type Diags = Capped<Error>;
/// The warnings of one level file.
pub type Warnings = Capped<Warning>;

impl<K: Severity> Capped<K> {
    /// None yet, for the level file `level`.
    pub fn new(level: &Path) -> Capped<K> {
        Capped { level: level.to_path_buf(), list: Vec::new(), more: 0, severity: std::marker::PhantomData }
    }
    /// Whether further ones are only counted.
    pub fn full(&self) -> bool {
        K::CAPPED && self.list.len() >= MAX_ERRORS_PER_FILE
    }
    /// Adds one (kept or counted).
    pub fn push(&mut self, d: Diag) {
        if self.full() {
            self.more += 1;
        } else {
            self.list.push(d);
        }
    }
    /// Counts one more without keeping it.
    pub fn count_more(&mut self) {
        self.more += 1;
    }
    /// How many so far (kept and counted).
    pub fn count(&self) -> usize {
        self.list.len() + self.more
    }
    /// None so far.
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }
    /// The kept ones, plus one line counting the others.
    pub fn into_vec(mut self) -> Vec<Diag> {
        if self.more > 0 {
            self.list.push(Diag::new(&self.level, Loc::File, format!("{}{}", self.more, K::MORE)));
        }
        self.list
    }
}

/// The number of warnings in a list of warnings (a `N more warnings not shown` line counts
/// for N).
pub fn warning_count(warnings: &[Diag]) -> usize {
    warnings.iter().map(|d| d.msg.strip_suffix(Warning::MORE).and_then(|n| n.parse().ok()).unwrap_or(1)).sum()
}

/// The number of errors a summary line stands for (`N more errors not shown`).
fn summary_count(d: &Diag) -> Option<usize> {
    d.msg.strip_suffix(Error::MORE)?.parse().ok()
}

/// Keeps at most [`MAX_ERRORS_PER_FILE`] errors per file (in order), then one line counting
/// the rest of that file.
pub fn cap_per_file(diags: Vec<Diag>) -> Vec<Diag> {
    let mut shown: HashMap<PathBuf, usize> = HashMap::new();
    let mut hidden: HashMap<PathBuf, usize> = HashMap::new();
    let mut order: Vec<PathBuf> = Vec::new();
    let mut out = Vec::new();
    for d in diags {
        if !shown.contains_key(&d.file) {
            order.push(d.file.clone());
        }
        let n = shown.entry(d.file.clone()).or_insert(0);
        if let Some(k) = summary_count(&d) {
            *hidden.entry(d.file.clone()).or_insert(0) += k;
        } else if *n < MAX_ERRORS_PER_FILE {
            *n += 1;
            out.push(d);
        } else {
            *hidden.entry(d.file.clone()).or_insert(0) += 1;
        }
    }
    for f in order {
        if let Some(&k) = hidden.get(&f).filter(|&&k| k > 0) {
            // After the last shown error of that file.
            let at = out.iter().rposition(|d| d.file == f).map_or(out.len(), |i| i + 1);
            out.insert(at, Diag::new(&f, Loc::File, format!("{k}{}", Error::MORE)));
        }
    }
    out
}

/// The number of errors in a capped list (summary lines count for what they stand for).
pub fn error_count(diags: &[Diag]) -> usize {
    diags.iter().map(|d| summary_count(d).unwrap_or(1)).sum()
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        match &self.loc {
            Loc::File => write!(f, "{file}: {}", self.msg),
            Loc::LineCol(l, c) => write!(f, "{file}:{l}:{c}: {}", self.msg),
            Loc::Tile(x, y) => write!(f, "{file}: tile ({x}, {y}): {}", self.msg),
            Loc::TileAt(x, y, l, c) => write!(f, "{file}:{l}:{c}: tile ({x}, {y}): {}", self.msg),
            Loc::Object(id) => write!(f, "{file}: object {id}: {}", self.msg),
        }
    }
}
