//! The level compiler (`romtool levels`): turns the level files drawn in an editor into ROM
//! data for the megacollide engine.
//!
//! Pipeline (see `tools/romtool/README.md`):
//!
//! 1. [`load_dir`] lists the folder (sorted by file name) and parses every level file with the
//!    reader for its extension: [`sixteen`] (16Tile C exports `*.h`, `*.c`, `*.txt`) and
//!    [`tiled`] (`*.tmj` JSON, `*.tmx` XML). Tileset PNGs ([`tileset`]) supply height tiles.
//! 2. [`validate`] checks sizes against the engine's limits and every tile id against the
//!    engine's shape table.
//! 3. Only when every file is free of errors: [`codegen`] writes one Rust file for the ROM and
//!    [`preview`] one PNG per level; every file goes through
//!    [`crate::output::write_atomically`].
//!
//! Every error is a [`Diag`]: the file, a place in it (line and column, or a tile / object of a
//! Tiled map) and what was expected. At most [`MAX_ERRORS_PER_FILE`] errors are listed per
//! file, then a count of the rest.
//!
//! Cost is bounded for any input: files are read with a size limit ([`text::read_limited`]),
//! parsing is linear in the file size and never recursive in the input's nesting (XML:
//! [`xml`]; JSON: `serde_json`'s depth limit), decompression and image decoding stop at what
//! the map can use, and all arithmetic on input values is checked.

pub mod art;
pub mod artcode;
pub mod budget;
pub mod codegen;
pub mod flip;
pub mod gfx;
pub mod idmap;
pub mod jsonpos;
pub mod kinds;
pub mod preview;
pub mod sixteen;
pub mod text;
pub mod tiled;
pub mod tileset;
pub mod validate;
pub mod xml;

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

/// Collects the errors of one level file: the first [`MAX_ERRORS_PER_FILE`] are kept, the
/// rest only counted.
#[derive(Debug)]
pub struct Diags {
    level: PathBuf,
    list: Vec<Diag>,
    more: usize,
}

impl Diags {
    /// No errors yet, for the level file `level`.
    pub fn new(level: &Path) -> Diags {
        Diags { level: level.to_path_buf(), list: Vec::new(), more: 0 }
    }
    /// Whether further errors are only counted.
    pub fn full(&self) -> bool {
        self.list.len() >= MAX_ERRORS_PER_FILE
    }
    /// Adds an error (kept or counted).
    pub fn push(&mut self, d: Diag) {
        if self.full() {
            self.more += 1;
        } else {
            self.list.push(d);
        }
    }
    /// Counts one more error without keeping it.
    pub fn count_more(&mut self) {
        self.more += 1;
    }
    /// Errors so far (kept and counted).
    pub fn count(&self) -> usize {
        self.list.len() + self.more
    }
    /// No errors.
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }
    /// The kept errors, plus one line counting the others.
    pub fn into_vec(mut self) -> Vec<Diag> {
        if self.more > 0 {
            self.list.push(Diag::new(&self.level, Loc::File, more_msg(self.more)));
        }
        self.list
    }
}

fn more_msg(n: usize) -> String {
    format!("{n} more errors not shown")
}

/// The line that counts the warnings of a file not listed.
fn more_warnings_msg(n: usize) -> String {
    format!("{n} more warnings not shown (objects without a class or type, skipped)")
}

/// The number of warnings in a list of warnings (a `N more warnings not shown` line counts
/// for N).
pub fn warning_count(warnings: &[Diag]) -> usize {
    warnings
        .iter()
        .map(|d| {
            d.msg
                .strip_suffix(" more warnings not shown (objects without a class or type, skipped)")
                .and_then(|n| n.parse().ok())
                .unwrap_or(1)
        })
        .sum()
}

/// The number of errors a summary line stands for (`N more errors not shown`).
fn summary_count(d: &Diag) -> Option<usize> {
    d.msg.strip_suffix(" more errors not shown")?.parse().ok()
}

/// Keeps at most [`MAX_ERRORS_PER_FILE`] errors per file (in order), then one line counting
/// the rest of that file.
pub fn cap_per_file(diags: Vec<Diag>) -> Vec<Diag> {
    use std::collections::HashMap;
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
            out.insert(at, Diag::new(&f, Loc::File, more_msg(k)));
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

/// A 2-D pixel-space point (map pixels, x right, y down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// x in pixels.
    pub x: i32,
    /// y in pixels.
    pub y: i32,
}

/// A custom property value of a Tiled object.
#[derive(Clone, Debug, PartialEq)]
pub enum PropValue {
    /// `int` (and `object` references).
    Int(i64),
    /// `bool`.
    Bool(bool),
    /// `string`, `file`, `color`.
    Str(String),
}

/// An object of a Tiled object layer (spawn point, enemy, moving platform, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    /// Tiled object id.
    pub id: u64,
    /// Its class / type (`enemy`, `moving_platform`, `potato`, ...; `spawn` is the spawn point).
    pub kind: String,
    /// Its name (may be empty).
    pub name: String,
    /// Top-left corner (rectangles) or the point itself, in map pixels.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Width in pixels (0 for points and polylines).
    pub w: i32,
    /// Height in pixels (0 for points and polylines).
    pub h: i32,
    /// Polyline / polygon points in absolute map pixels (empty otherwise).
    pub path: Vec<Point>,
    /// Custom properties, sorted by name.
    pub props: Vec<(String, PropValue)>,
}

/// The source format a level was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 16Tile C export (`.h`, `.c`, `.txt`).
    SixteenTile,
    /// Tiled JSON (`.tmj`, `.json`).
    Tmj,
    /// Tiled XML (`.tmx`).
    Tmx,
}

/// A parsed level before validation. Ids are the map's tile ids (Tiled gids already reduced).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelSource {
    /// The file it came from.
    pub path: PathBuf,
    /// The format.
    pub format: Format,
    /// Level name: the file stem (`e1m1`).
    pub name: String,
    /// Width in tiles (as declared; validated later).
    pub width: i64,
    /// Height in tiles (as declared; validated later).
    pub height: i64,
    /// Row-major tile ids; `locs[i]` tells where `tiles[i]` was written.
    pub tiles: Vec<i64>,
    /// Source location of each tile (same length as `tiles`).
    pub locs: Vec<Loc>,
    /// Height tiles, ids `32 + i`: 16 row bitmasks each (bit `px` of `rows[py]`).
    pub height_tiles: Vec<[u16; 16]>,
    /// Where the height tiles came from (a tileset PNG), if any.
    pub tileset: Option<PathBuf>,
    /// Objects of the Tiled object layers, sorted by id; the spawn point is the object of
    /// class `spawn`.
    pub entities: Vec<Entity>,
    /// Where the width was declared (size errors point there).
    pub width_loc: Loc,
    /// Where the height was declared.
    pub height_loc: Loc,
    /// Things worth telling the user that are not errors (an infinite map's bounds, an id map
    /// used).
    pub notes: Vec<String>,
    /// Things that were skipped and may be mistakes (objects without a class or type), each
    /// with its place; the level still compiles. The last one may count the ones not kept.
    pub warnings: Vec<Diag>,
    /// The map's art layers as VDP data (Tiled maps with art layers; see [`art`]).
    pub art: Option<art::LevelArt>,
}

/// A validated level, ready for code generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The file it came from.
    pub path: PathBuf,
    /// Level name: the file stem (`e1m1`).
    pub name: String,
    /// Rust identifier prefix (`E1M1`).
    pub ident: String,
    /// Width in tiles.
    pub width: u16,
    /// Height in tiles.
    pub height: u16,
    /// Row-major tile ids, `width * height`.
    pub tiles: Vec<u16>,
    /// Height tiles (ids `32 + i`), 16 row bitmasks each.
    pub height_tiles: Vec<[u16; 16]>,
    /// The spawn point (top-left of the `spawn` object), if the level has one.
    pub spawn: Option<Point>,
    /// Every other object, sorted by id.
    pub entities: Vec<Entity>,
    /// Notes from reading the level (see [`LevelSource::notes`]).
    pub notes: Vec<String>,
    /// Warnings from reading the level (see [`LevelSource::warnings`]).
    pub warnings: Vec<Diag>,
    /// The level's art (see [`art`]), if its map has art layers.
    pub art: Option<art::LevelArt>,
}

impl Level {
    /// Tile id at `(tx, ty)`.
    pub fn tile(&self, tx: usize, ty: usize) -> u16 {
        self.tiles[ty * self.width as usize + tx]
    }
}

/// Which reader a file name goes to.
pub fn format_of(path: &Path) -> Option<Format> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "h" | "c" | "txt" => Some(Format::SixteenTile),
        "tmj" | "json" => Some(Format::Tmj),
        "tmx" => Some(Format::Tmx),
        _ => None,
    }
}

/// Files in a level folder that are not levels but allowed there: tileset images, external
/// Tiled tilesets and templates, id maps, Tiled's project / session / world files, and
/// documentation.
pub fn is_support_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    matches!(ext.as_str(), "png" | "tsx" | "tsj" | "tx" | "tj" | "md" | "idmap" | "tiled-project" | "tiled-session" | "world")
        || name.starts_with('.')
}

/// Files that are documentation or other tools' data, whatever their extension: `README*`,
/// `LICENSE*`, `COPYING*`, `AUTHORS*`, `*.license`, and `*.xml` (Tiled's object types file,
/// tilesets saved as XML).
pub fn is_doc_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    ["readme", "license", "licence", "copying", "authors"].iter().any(|d| name.starts_with(d)) || matches!(ext.as_str(), "license" | "xml")
}

/// Whether a `.txt` file looks like a C export (an initialiser `= {`); other text files, such
/// as Tiled's automapping `rules.txt` or notes, are not levels.
fn txt_is_export(path: &Path) -> bool {
    match text::read_limited_to(path, text::MAX_C_FILE_BYTES) {
        Ok(bytes) => {
            let t = String::from_utf8_lossy(&bytes);
            t.find('=').is_some_and(|i| t[i..].contains('{'))
        }
        Err(_) => true, // let the reader report it
    }
}

/// Parses one level file (any supported format).
pub fn load_file(path: &Path) -> Result<LevelSource, Vec<Diag>> {
    let format = format_of(path).ok_or_else(|| {
        vec![Diag::new(path, Loc::File, "not a level file: expected a 16Tile export (.h, .c, .txt) or a Tiled map (.tmj, .json, .tmx)")]
    })?;
    let limit = if format == Format::SixteenTile { text::MAX_C_FILE_BYTES } else { text::MAX_FILE_BYTES };
    let text = text::read_limited_to(path, limit).and_then(text::utf8_text).map_err(|e| vec![Diag::new(path, Loc::File, e)])?;
    let src = match format {
        Format::SixteenTile => sixteen::parse(path, &text),
        Format::Tmj => tiled::parse_tmj(path, &text),
        Format::Tmx => tiled::parse_tmx(path, &text),
    }?;
    Ok(src)
}

/// Parses and validates every level file of `dir` (sorted by file name). Returns the levels or
/// every error found (all files are checked before giving up; at most
/// [`MAX_ERRORS_PER_FILE`] per file are listed).
pub fn load_dir(dir: &Path) -> Result<Vec<Level>, Vec<Diag>> {
    load_dir_with_notes(dir).map(|(levels, _)| levels)
}

/// [`load_dir`], plus notes about the folder (files skipped as not being levels).
pub fn load_dir_with_notes(dir: &Path) -> Result<(Vec<Level>, Vec<String>), Vec<Diag>> {
    let mut notes = Vec::new();
    let mut names: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect(),
        Err(e) => return Err(vec![Diag::new(dir, Loc::File, format!("cannot read the level folder: {e}"))]),
    };
    names.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let mut errors = Vec::new();
    let mut sources = Vec::new();
    for path in names {
        if is_doc_file(&path) {
            continue;
        }
        if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt")) && !txt_is_export(&path) {
            notes.push(format!("{}: not a 16Tile export (no `= {{ ... }}` array): skipped", path.display()));
            continue;
        }
        if format_of(&path).is_none() {
            if !is_support_file(&path) {
                errors.push(Diag::new(
                    &path,
                    Loc::File,
                    "not a level file: expected a 16Tile export (.h, .c, .txt), a Tiled map (.tmj, .json, .tmx), a tileset (.png, .tsx, .tsj), a template (.tx, .tj), an id map (.idmap), a Tiled project / session / world file or .md",
                ));
            }
            continue;
        }
        // A `.json` file may be a tileset or template of the maps: skip those.
        if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) {
            match text::read_text(&path).map(|t| tiled::json_kind(&t)) {
                Ok(tiled::JsonKind::Support) => continue,
                Ok(tiled::JsonKind::Other) => {
                    errors.push(Diag::new(
                        &path,
                        Loc::File,
                        "not a Tiled map: expected a JSON object with `\"type\": \"map\"` and `layers` (or a Tiled tileset / template)",
                    ));
                    continue;
                }
                _ => {}
            }
        }
        match load_file(&path) {
            Ok(src) => sources.push(src),
            Err(mut e) => errors.append(&mut e),
        }
    }
    let levels = compile_sources(sources, &mut errors);
    if errors.is_empty() {
        if levels.is_empty() {
            return Err(vec![Diag::new(dir, Loc::File, "no level files (.h, .c, .txt, .tmj, .json, .tmx) in the folder. Fix: put the levels there (a Tiled map or a 16Tile export each)")]);
        }
        check_rom_budget(dir, &levels)?;
        Ok((levels, notes))
    } else {
        Err(cap_per_file(errors))
    }
}

/// The total ROM budget of all levels together.
fn check_rom_budget(dir: &Path, levels: &[Level]) -> Result<(), Vec<Diag>> {
    let total: u64 = budget::SHARED_BYTES + levels.iter().map(|l| budget::level_bytes(l) + 4).sum::<u64>();
    if total <= budget::level_data_budget() {
        return Ok(());
    }
    let mut biggest: Vec<&Level> = levels.iter().collect();
    biggest.sort_by_key(|l| std::cmp::Reverse(budget::level_bytes(l)));
    let list: Vec<String> = biggest.iter().take(5).map(|l| format!("`{}` {} bytes", l.name, budget::level_bytes(l))).collect();
    Err(vec![Diag::new(
        dir,
        Loc::File,
        format!(
            "the {} levels need about {total} bytes of ROM: expected at most {} (a {} MiB cartridge minus {} KiB for the game's code); biggest: {}. Fix: make levels smaller or remove some",
            levels.len(),
            budget::level_data_budget(),
            budget::CARTRIDGE_BYTES >> 20,
            budget::CODE_RESERVE_BYTES >> 10,
            list.join(", ")
        ),
    )])
}

/// Validates parsed levels (and checks that their names give distinct Rust identifiers).
pub fn compile_sources(sources: Vec<LevelSource>, errors: &mut Vec<Diag>) -> Vec<Level> {
    let mut levels: Vec<Level> = Vec::new();
    for src in sources {
        match validate::validate(src) {
            Ok(level) => {
                let names = item_names(&level.ident);
                let clash = names.iter().find_map(|n| {
                    if codegen::GLOBAL_ITEMS.contains(&n.as_str()) {
                        Some(format!("the generated item {n} clashes with a built-in item of levels.rs"))
                    } else {
                        levels
                            .iter()
                            .find(|l| item_names(&l.ident).contains(n))
                            .map(|l| format!("the generated item {n} clashes with one of level `{}` ({})", l.name, l.path.display()))
                    }
                });
                match clash {
                    Some(why) => {
                        errors.push(Diag::new(&level.path, Loc::File, format!("level name `{}`: {why}: rename the file", level.name)))
                    }
                    None => levels.push(level),
                }
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    levels
}

/// The Rust items generated for a level with identifier prefix `ident`.
fn item_names(ident: &str) -> Vec<String> {
    // art.rs's items are `ART_` + these (see `artcode`): distinct when these are.
    codegen::LEVEL_SUFFIXES.iter().chain(artcode::LEVEL_SUFFIXES.iter()).map(|s| format!("{ident}{s}")).collect()
}

/// The Rust identifier prefix of a level name: upper case, every character other than an
/// ASCII letter or digit becomes `_`, a leading digit gets `L` in front (`e1m1` -> `E1M1`,
/// `1-1` -> `L1_1`). A name without any ASCII letter or digit gives `L`; see
/// [`level_ident`] for the check the compiler applies.
pub fn ident_of(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'L');
    }
    s
}

/// The identifier prefix of a level name, or why the name cannot be one: it must contain an
/// ASCII letter or digit (`_.h` or `ééé.h` would give no readable Rust name).
pub fn level_ident(name: &str) -> Result<String, String> {
    if !name.chars().any(|c| c.is_ascii_alphanumeric()) {
        return Err(format!(
            "level name `{name}` has no ASCII letter or digit, so it gives no Rust item name: rename the file (ASCII letters, digits, `_` and `-`)"
        ));
    }
    Ok(ident_of(name))
}

/// Options of `romtool levels`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The level folder.
    pub dir: PathBuf,
    /// Where `levels.rs` goes.
    pub out_dir: PathBuf,
    /// Where the previews go (none if `None`).
    pub preview_dir: Option<PathBuf>,
    /// Draw the tile grid on the previews.
    pub grid: bool,
    /// Levels the ROM refers to by name (`--require-level`): missing ones are an error.
    pub require: Vec<String>,
}

/// Output files of `romtool levels`: (path, bytes).
pub type Outputs = Vec<(PathBuf, Vec<u8>)>;

/// Everything `romtool levels` writes, built in memory before anything is written.
pub fn build_outputs(opts: &Options) -> Result<(Vec<Level>, Outputs), Vec<Diag>> {
    build_outputs_with_notes(opts).map(|(l, o, _)| (l, o))
}

/// [`build_outputs`], plus the folder notes of [`load_dir_with_notes`].
pub fn build_outputs_with_notes(opts: &Options) -> Result<(Vec<Level>, Outputs, Vec<String>), Vec<Diag>> {
    build_outputs_with_preview(opts, false)
}

/// [`build_outputs_with_notes`]; with `preview_collision` the previews of levels with art
/// show the collision shapes over the art (`--preview-collision`, [`preview::Style`]).
pub fn build_outputs_with_preview(opts: &Options, preview_collision: bool) -> Result<(Vec<Level>, Outputs, Vec<String>), Vec<Diag>> {
    let (levels, notes) = load_dir_with_notes(&opts.dir)?;
    let missing: Vec<Diag> = opts
        .require
        .iter()
        .filter(|name| !levels.iter().any(|l| l.ident == ident_of(name)))
        .map(|name| {
            Diag::new(
                &opts.dir,
                Loc::File,
                format!("level `{name}` (Rust item {}) is missing: the ROM uses it (--require-level): add it, or rename a level file to `{name}`", ident_of(name)),
            )
        })
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut files = vec![
        (opts.out_dir.join("levels.rs"), codegen::generate(&levels).into_bytes()),
        (opts.out_dir.join("art.rs"), artcode::generate(&levels).into_bytes()),
    ];
    if let Some(pdir) = &opts.preview_dir {
        for level in &levels {
            let png = preview::try_render_png_styled(level, preview::Style { grid: opts.grid, collision: preview_collision })
                .map_err(|e| vec![Diag::new(&level.path, Loc::File, format!("preview: {e}"))])?;
            files.push((pdir.join(format!("{}.png", level.name)), png));
        }
    }
    Ok((levels, files, notes))
}
