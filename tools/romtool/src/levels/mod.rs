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
//! Tiled map) and what was expected.

pub mod codegen;
pub mod gfx;
pub mod preview;
pub mod sixteen;
pub mod tiled;
pub mod tileset;
pub mod validate;

use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a source file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loc {
    /// The file as a whole.
    File,
    /// 1-based line and column.
    LineCol(usize, usize),
    /// A tile of a Tiled layer (tile-space x, y).
    Tile(usize, usize),
    /// A tile with its 1-based line and column in the file (Tiled CSV data).
    TileAt(usize, usize, usize, usize),
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
    /// Tiled JSON (`.tmj`).
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
        "tmj" => Some(Format::Tmj),
        "tmx" => Some(Format::Tmx),
        _ => None,
    }
}

/// Files in a level folder that are not levels but allowed there: tileset images and
/// external Tiled tilesets (used by the levels), and documentation.
fn is_support_file(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    matches!(ext.as_str(), "png" | "tsx" | "tsj" | "md") || path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// Parses one level file (any supported format).
pub fn load_file(path: &Path) -> Result<LevelSource, Vec<Diag>> {
    let format = format_of(path).ok_or_else(|| {
        vec![Diag::new(path, Loc::File, "not a level file: expected a 16Tile export (.h, .c, .txt) or a Tiled map (.tmj, .tmx)")]
    })?;
    let bytes = std::fs::read(path).map_err(|e| vec![Diag::new(path, Loc::File, format!("cannot read: {e}"))])?;
    let text = String::from_utf8(bytes).map_err(|e| vec![Diag::new(path, Loc::File, format!("not UTF-8 text: {e}"))])?;
    match format {
        Format::SixteenTile => sixteen::parse(path, &text),
        Format::Tmj => tiled::parse_tmj(path, &text),
        Format::Tmx => tiled::parse_tmx(path, &text),
    }
}

/// Parses and validates every level file of `dir` (sorted by file name). Returns the levels or
/// every error found (all files are checked before giving up).
pub fn load_dir(dir: &Path) -> Result<Vec<Level>, Vec<Diag>> {
    let mut names: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect(),
        Err(e) => return Err(vec![Diag::new(dir, Loc::File, format!("cannot read the level folder: {e}"))]),
    };
    names.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let mut errors = Vec::new();
    let mut sources = Vec::new();
    for path in names {
        if format_of(&path).is_none() {
            if !is_support_file(&path) {
                errors.push(Diag::new(
                    &path,
                    Loc::File,
                    "not a level file: expected a 16Tile export (.h, .c, .txt), a Tiled map (.tmj, .tmx), a tileset (.png, .tsx, .tsj) or .md",
                ));
            }
            continue;
        }
        match load_file(&path) {
            Ok(src) => sources.push(src),
            Err(mut e) => errors.append(&mut e),
        }
    }
    let levels = compile_sources(sources, &mut errors);
    if errors.is_empty() {
        if levels.is_empty() {
            return Err(vec![Diag::new(dir, Loc::File, "no level files (.h, .c, .txt, .tmj, .tmx) in the folder")]);
        }
        Ok(levels)
    } else {
        Err(errors)
    }
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
                        levels.iter().find(|l| item_names(&l.ident).contains(n)).map(|l| {
                            format!("the generated item {n} clashes with one of level `{}` ({})", l.name, l.path.display())
                        })
                    }
                });
                match clash {
                    Some(why) => errors.push(Diag::new(&level.path, Loc::File, format!("level name `{}`: {why}: rename the file", level.name))),
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
    codegen::LEVEL_SUFFIXES.iter().map(|s| format!("{ident}{s}")).collect()
}

/// The Rust identifier prefix of a level name: upper case, non-alphanumerics become `_`,
/// a leading digit gets `L` in front (`e1m1` -> `E1M1`, `1-1` -> `L1_1`).
pub fn ident_of(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'L');
    }
    s
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
}

/// Output files of `romtool levels`: (path, bytes).
pub type Outputs = Vec<(PathBuf, Vec<u8>)>;

/// Everything `romtool levels` writes, built in memory before anything is written.
pub fn build_outputs(opts: &Options) -> Result<(Vec<Level>, Outputs), Vec<Diag>> {
    let levels = load_dir(&opts.dir)?;
    let mut files = vec![(opts.out_dir.join("levels.rs"), codegen::generate(&levels).into_bytes())];
    if let Some(pdir) = &opts.preview_dir {
        for level in &levels {
            files.push((pdir.join(format!("{}.png", level.name)), preview::render_png(level, opts.grid)));
        }
    }
    Ok((levels, files))
}
