//! The level compiler (`romtool levels`): turns the level files drawn in an editor into ROM
//! data for the megacollide engine.
//!
//! Pipeline (see `tools/romtool/README.md`):
//!
//! 1. [`load_folder`] reads what the folder declares for all its maps ([`declarations`]: the
//!    game's entity kinds from its Tiled project, [`project`]; its collision property map,
//!    [`property_map`]), lists the folder (sorted by file name) and parses every level file
//!    with the reader for its extension: `sixteen` (16Tile C exports `*.h`, `*.c`, `*.txt`)
//!    and `tiled` (`*.tmj` JSON, `*.tmx` XML). Tileset PNGs ([`height_tiles`]) supply height tiles.
//! 2. [`validate`] checks sizes against the engine's limits and every tile id against the
//!    engine's shape table.
//! 3. Only when every file is free of errors: [`surfaces`] compiles each level's surface
//!    tables, [`gen_levels`] writes one Rust file for the ROM (with the types of the game's entity
//!    kinds, [`kinds`]), [`gen_art`] one for the art; the `static`s they write, with their
//!    bytes ([`rom_usage`]), must fit the cartridge ([`limits`]); then [`preview`] draws one PNG
//!    per level; every file goes through [`romtool_common::output::write_atomically`].
//!
//! Every error is a [`Diag`]: the file, a place in it (line and column, or a tile / object of a
//! Tiled map) and what was expected. At most [`MAX_ERRORS_PER_FILE`] errors are listed per
//! file, then a count of the rest; warnings (what a level leaves out) likewise.
//!
//! Cost is bounded for any input: files are read with a size limit ([`text::read_limited`]),
//! parsing is linear in the file size and never recursive in the input's nesting (XML:
//! `xml`; JSON: `serde_json`'s depth limit), decompression and image decoding stop at what
//! the map can use, and all arithmetic on input values is checked.
#![deny(missing_docs)]

// The modules, listed in layers (the text formats' readers first, the generators last; this
// file is the pipeline): no two use each other and none uses this file (`tests/layering.rs`).
pub mod build_script;
pub(crate) mod xml;

pub mod property_value;

pub mod limits;
pub mod gfx;
pub(crate) mod idmap;
pub mod kinds;
pub mod property_map;

pub(crate) mod flip;
pub mod project;
pub mod height_tiles;

pub mod art;
pub mod declarations;

pub mod level;
pub mod rom_usage;

pub(crate) mod sixteen;
pub(crate) mod tiled;

pub mod surfaces;
pub mod validate;

pub mod gen_levels;
pub mod gen_art;
pub mod preview;

pub use declarations::Declarations;
pub use level::{Entity, Format, Level, LevelSource, Point};
pub use property_value::PropValue;
pub use romtool_common::diag::{cap_per_file, error_count, warning_count, Diag, Diags, Loc, Warnings, MAX_ERRORS_PER_FILE};
pub use romtool_common::names::{ident_of, level_ident};

use romtool_common::text;
use std::path::{Path, PathBuf};

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
    matches!(ext.as_str(), "png" | "tsx" | "tsj" | "tx" | "tj" | "md" | "idmap" | "propmap" | "tiled-project" | "tiled-session" | "world")
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

/// Parses one level file (any supported format), with the declarations of its folder (the
/// game's Tiled project there).
pub fn load_file(path: &Path) -> Result<LevelSource, Vec<Diag>> {
    let game = declarations::read(path.parent().unwrap_or(Path::new(".")))?;
    load_file_with(path, &game)
}

/// Parses one level file (any supported format) with the folder's declarations `game`.
pub fn load_file_with(path: &Path, game: &Declarations) -> Result<LevelSource, Vec<Diag>> {
    let format = format_of(path).ok_or_else(|| {
        vec![Diag::new(path, Loc::File, "not a level file: expected a 16Tile export (.h, .c, .txt) or a Tiled map (.tmj, .json, .tmx)")]
    })?;
    let limit = if format == Format::SixteenTile { text::MAX_C_FILE_BYTES } else { text::MAX_FILE_BYTES };
    let text = text::read_limited_to(path, limit).and_then(text::utf8_text).map_err(|e| vec![Diag::new(path, Loc::File, e)])?;
    let src = match format {
        Format::SixteenTile => sixteen::parse(path, &text),
        Format::Tmj => tiled::parse_tmj(path, &text, game),
        Format::Tmx => tiled::parse_tmx(path, &text, game),
    }?;
    Ok(src)
}

/// Parses and validates every level file of `dir` (sorted by file name). Returns the levels or
/// every error found (all files are checked before giving up; at most
/// [`MAX_ERRORS_PER_FILE`] per file are listed).
pub fn load_dir(dir: &Path) -> Result<Vec<Level>, Vec<Diag>> {
    load_folder(dir).map(|f| f.levels)
}

/// [`load_dir`], plus notes about the folder (files skipped as not being levels).
pub fn load_dir_with_notes(dir: &Path) -> Result<(Vec<Level>, Vec<String>), Vec<Diag>> {
    load_folder(dir).map(|f| (f.levels, f.notes))
}

/// A level folder compiled: its levels and what the game declares there.
#[derive(Clone, Debug)]
pub struct Folder {
    /// The levels, in file-name order.
    pub levels: Vec<Level>,
    /// The folder's declarations (the game's entity kinds).
    pub declarations: Declarations,
    /// Notes about the folder (files skipped as not being levels).
    pub notes: Vec<String>,
}

/// Reads the declarations of `dir` (its Tiled project), then parses and validates every level
/// file (sorted by file name): the levels, or every error found (all files are checked
/// before giving up; at most [`MAX_ERRORS_PER_FILE`] per file are listed).
pub fn load_folder(dir: &Path) -> Result<Folder, Vec<Diag>> {
    let entries =
        romtool_common::folder::entries(dir).map_err(|e| vec![Diag::new(dir, Loc::File, format!("cannot read the level folder: {e}"))])?;
    let game = declarations::read(dir)?;
    let mut notes = Vec::new();
    // Sub-folders are not looked into (a level folder holds files).
    let names: Vec<PathBuf> = entries.into_iter().map(|e| e.path).filter(|p| p.is_file()).collect();
    let mut errors = Vec::new();
    let mut sources = Vec::new();
    for path in names {
        if is_doc_file(&path) || path.file_name().is_some_and(|n| n == surfaces::BODIES_FILE) {
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
                    "not a level file: expected a 16Tile export (.h, .c, .txt), a Tiled map (.tmj, .json, .tmx), a tileset (.png, .tsx, .tsj), a template (.tx, .tj), an id map (.idmap), a collision property map (.propmap), a Tiled project / session / world file or .md",
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
        match load_file_with(&path, &game) {
            Ok(src) => sources.push(src),
            Err(mut e) => errors.append(&mut e),
        }
    }
    let levels = compile_sources(sources, &mut errors);
    if errors.is_empty() {
        if levels.is_empty() {
            return Err(vec![Diag::new(dir, Loc::File, "no level files (.h, .c, .txt, .tmj, .json, .tmx) in the folder. Fix: put the levels there (a Tiled map or a 16Tile export each)")]);
        }
        Ok(Folder { levels, declarations: game, notes })
    } else {
        Err(cap_per_file(errors))
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
                    if gen_levels::GLOBAL_ITEMS.contains(&n.as_str()) {
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
    // art.rs's items are `ART_` + these (see `gen_art`): distinct when these are.
    gen_levels::LEVEL_SUFFIXES.iter().chain(gen_art::LEVEL_SUFFIXES.iter()).map(|s| format!("{ident}{s}")).collect()
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
    /// The game's sprite sheets, which a kind's `sprite` member names (`None`: no sprite
    /// folder; see [`kinds::resolve_sprites`]).
    pub sprites: Option<kinds::SheetNames>,
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
    build(opts, preview_collision).map(|b| (b.levels, b.files, b.notes))
}

/// Everything `romtool levels` makes, in memory.
#[derive(Clone, Debug)]
pub struct Built {
    /// The levels, in file-name order.
    pub levels: Vec<Level>,
    /// The files to write.
    pub files: Outputs,
    /// Notes about the folder (files skipped as not being levels).
    pub notes: Vec<String>,
    /// What the generated files put in the ROM, level by level ([`rom_usage`]).
    pub rom: rom_usage::RomBudget,
}

/// [`build_outputs_with_preview`], with the ROM bytes of every generated `static`. The levels
/// must fit the cartridge ([`rom_usage::RomBudget::check`]): checked once everything is laid out
/// (the levels, their surface tables, their compressed art), before the previews are drawn.
pub fn build(opts: &Options, preview_collision: bool) -> Result<Built, Vec<Diag>> {
    let Folder { levels, declarations: mut game, notes } = load_folder(&opts.dir)?;
    kinds::resolve_sprites(&mut game.kinds, opts.sprites.as_ref())?;
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
    let art_lines: Vec<(&Path, usize)> = levels.iter().filter_map(|l| Some((l.path.as_path(), l.art.as_ref()?.palettes.len()))).collect();
    let conflicts = kinds::palette_conflicts(opts.sprites.as_ref(), &art_lines);
    if !conflicts.is_empty() {
        return Err(conflicts);
    }
    let sizes = surfaces::read_body_sizes(&opts.dir)?;
    let compiled = surfaces::compile_all(&levels, &sizes)?;
    let (levels_rs, mut rom) = gen_levels::generate_counted(&levels, &game.kinds, &compiled);
    let (art_rs, art_rom) = gen_art::generate_counted(&levels);
    rom.merge(art_rom);
    rom.check().map_err(|e| vec![Diag::new(&opts.dir, Loc::File, e)])?;
    let mut files = vec![(opts.out_dir.join("levels.rs"), levels_rs.into_bytes()), (opts.out_dir.join("art.rs"), art_rs.into_bytes())];
    if let Some(pdir) = &opts.preview_dir {
        for level in &levels {
            let png = preview::try_render_png_styled(level, preview::Style { grid: opts.grid, collision: preview_collision })
                .map_err(|e| vec![Diag::new(&level.path, Loc::File, format!("preview: {e}"))])?;
            files.push((pdir.join(format!("{}.png", level.name)), png));
        }
    }
    Ok(Built { levels, files, notes, rom })
}
