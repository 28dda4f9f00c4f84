//! `romtool sprites DIR --out-dir GEN`: sprite sheets (PNG) into VDP sprite tiles, palette
//! lines, pixel-exact collision masks and the sprite engine's sheets and animations,
//! written as `GEN/sprites.rs` for the `no_std` game crate.
//!
//! **Input.** Every `NAME.json` of the folder describes the sheet `NAME.png` beside it (file-name
//! order). Every other file or folder is an error naming it (a PNG without its JSON, a JSON
//! without its PNG, another format, a sub-folder); only `palette.gpl` and documentation
//! (`*.md`, `*.txt`, `README*`, see [`romtool_common::folder`]) are allowed besides the sheets:
//!
//! ```json
//! {
//!   "frame_width": 16,
//!   "frame_height": 32,
//!   "transparent": "#ff00ff",
//!   "animations": [
//!     { "name": "stand", "frames": [0], "duration": 1 },
//!     { "name": "walk", "frames": [1, 2, 3, 2], "duration": 6 },
//!     { "name": "hit", "frames": [4, 5], "duration": 3, "loop": false }
//!   ],
//!   "palette_line": 3,
//!   "residency": "resident"
//! }
//! ```
//!
//! The sheet is a grid of equal frames, row-major (frame 0 top-left), no margin or spacing;
//! frames are 8..=128 pixels wide and high in steps of 8 (a frame over 32 x 32 is drawn with
//! several hardware sprites, cut as the sprite engine's `sprite_engine::pieces` says).
//! `transparent` (optional, `#RRGGBB`) is a colour drawn as transparent besides pixels whose
//! alpha is below half. `duration` is in frames of the game (1..=255); `frames` are indices
//! into the sheet; `loop` (optional, true by default) false makes a one-shot, which stays on
//! its last picture (the sprite engine's `Animation::looping`). `palette_line` (optional,
//! 0..=3, [`SPRITE_LINE`] when left out) is the sheet's CRAM line, `residency` (optional,
//! `"resident"` by default, `"streamed"` or `"shared"`) where the sprite engine keeps its
//! frames: all in VRAM once; each object's frame uploaded when it changes (big frames, few
//! objects); or all in VRAM once with one frame for the whole sheet, which every object of it
//! shows (a crowd that walks in step: the game picks the frame with `set_shared_frame`).
//! Any other key is an error naming it. Colours are quantised to the Mega Drive's 9-bit
//! colour ([`romtool_gfx::cells::quantise`]).
//!
//! **Palettes.** The sheets that name no line share [`SPRITE_LINE`] (3, the text's too; level
//! art has lines 0..=2). With a GIMP palette file `palette.gpl` in the folder ([`crate::gpl`]),
//! that line is exactly its colours in file order (entry 0 is the transparent slot, at most 16
//! entries, each quantised like the pixels), every opaque pixel of every sheet on it must
//! quantise to one of entries 1.. (the first equal entry draws it), and each named entry gives
//! `pub const PAL_<NAME>: u8 = index;` (name upper-cased, other characters `_`; unnamed and
//! `Untitled` entries give none), so code that draws with a palette colour (text,
//! highlights) names it instead of hard-coding an index. Without the file, and on every other
//! line a sheet names, the line is entry 0, then the colours of its sheets in order of first
//! appearance (sheets in file-name order, frames, pixels row-major; at most 15: more is an
//! error naming the line, the sheet, frame and pixel). A sheet on a line 0..=2 shares it with
//! the level art, which loads its own colours there: the level compiler refuses a sheet on a
//! line the art of a level uses (`romtool_levels::kinds::palette_conflicts`), naming both.
//!
//! **Output** (`sprites.rs`): `SPRITE_PALETTE` (line [`SPRITE_LINE`]), `SPRITE_LINE`,
//! `SPRITE_PALETTES` (every line the sheets use with its colours), the `PAL_*` constants, and
//! per sheet `NAME_TILES` (16 words per VDP tile, each frame's tiles in the sprite engine's
//! order: the frame's hardware sprites one after the other, each **column-major**, top to
//! bottom, then left to right; a frame up to 32 x 32 is one VDP sprite in its order),
//! `NAME_MASK_ROWS` / `NAME_MASK_ROWS_HFLIP` (`[[u32; H]; F]`, the engine's
//! `megacollide_engine::mask::Mask` layout: pixel column `c` at bit `31 - c`; a bit is
//! set exactly where the frame's pixel is opaque, i.e. where its VDP tile index is not 0;
//! `_HFLIP` is the mask of the frame drawn with the sprite's horizontal flip; none for frames
//! wider than [`MAX_MASK_WIDTH`]), `NAME_MASKS`, `NAME_MASKS_HFLIP`, `NAME_ANIMATIONS` and
//! `NAME: SpriteSheet`; `SHEETS` lists them. For the sprite engine
//! (`megadrive::sprite_engine`), a module per sheet named in lower case holds `SHEET` (its
//! `Sheet`, with its line and residency) and a static per animation, named in upper case
//! (`player::SHEET`, `player::WALK`): the including crate depends on `megadrive`.
//!
//! Errors name the file and line (JSON) or the sheet, frame and pixel (PNG); nothing is
//! written on any error.
#![deny(missing_docs)]

pub mod build_script;
pub mod gpl;

use romtool_common::diag::{Diag, Loc};
use romtool_common::jsonpos::{self, JPath};
use romtool_common::names::{item_ident, rust_str};
use romtool_common::text::{read_text, LineIndex};
use romtool_gfx::cells::{self, CLEAR};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The keys of a sheet's JSON file.
const DESC_KEYS: [&str; 6] = ["frame_width", "frame_height", "transparent", "palette_line", "residency", "animations"];

/// The CRAM line of a sheet that names none: the sprites' and the text's (level art has lines
/// 0..=2).
pub const SPRITE_LINE: u16 = 3;

/// The biggest frame side in pixels: the sprite engine's ([`megadrive::sprite_engine::MAX_FRAME_PX`]).
pub const MAX_FRAME_PX: u16 = megadrive::sprite_engine::MAX_FRAME_PX;

/// The widest frame with collision masks (the engine's masks are at most 32 pixels wide).
pub const MAX_MASK_WIDTH: u16 = 32;

/// Most frames per sheet.
pub const MAX_FRAMES: usize = 1024;
/// Most animations per sheet.
pub const MAX_ANIMATIONS: usize = 256;
/// Most frames listed by one animation.
pub const MAX_ANIMATION_FRAMES: usize = 1024;

/// A named animation of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// Its name.
    pub name: String,
    /// Frame indices into the sheet, in play order.
    pub frames: Vec<u16>,
    /// How long each frame shows, in game frames (1..=255).
    pub duration: u16,
    /// Starts again after its last picture (false: a one-shot).
    pub looping: bool,
}

/// Where the sprite engine keeps a sheet's frames (its JSON's `residency`; the engine's
/// `megadrive::sprite_engine::Residency`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Residency {
    /// Every frame in VRAM once (the default).
    Resident,
    /// Each object's frame uploaded when it changes.
    Streamed,
    /// Every frame in VRAM once, and one frame for the whole sheet, which every object of
    /// it shows.
    Shared,
}

impl Residency {
    /// The engine's variant name (`Resident`, `Streamed`, `Shared`).
    pub fn name(self) -> &'static str {
        match self {
            Residency::Resident => "Resident",
            Residency::Streamed => "Streamed",
            Residency::Shared => "Shared",
        }
    }
}

/// A compiled sprite sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The PNG.
    pub path: PathBuf,
    /// Name (file stem).
    pub name: String,
    /// Rust identifier prefix.
    pub ident: String,
    /// Rust module name of its sprite engine items (`player` for `PLAYER`).
    pub module: String,
    /// Frame width in pixels (8..=128, multiple of 8).
    pub width: u16,
    /// Frame height in pixels (8..=128, multiple of 8).
    pub height: u16,
    /// Its CRAM line (0..=3).
    pub palette_line: u16,
    /// Where the sprite engine keeps its frames.
    pub residency: Residency,
    /// Per frame: its VDP tiles, 16 words each, in the sprite engine's order (the frame cut
    /// into hardware sprites of up to 32 x 32, each column-major; one VDP sprite's order for
    /// frames up to 32 x 32).
    pub tiles: Vec<Vec<u16>>,
    /// Per frame: mask rows (pixel column `c` at bit `31 - c`); none for frames wider than
    /// [`MAX_MASK_WIDTH`].
    pub masks: Vec<Vec<u32>>,
    /// The animations.
    pub animations: Vec<Animation>,
}

/// The optional palette file of a sprite folder (see the module docs).
pub const PALETTE_FILE: &str = "palette.gpl";

/// A named entry of the palette file: `PAL_<ident>` is its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaletteName {
    /// The name as written in the file.
    pub name: String,
    /// The identifier part (`PAL_` + this is the Rust item).
    pub ident: String,
    /// Palette index (0..=15).
    pub index: u8,
    /// Its 1-based line in the file.
    pub line: usize,
}

/// The sprite palette line and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpritePalette {
    /// CRAM words; entry 0 transparent.
    pub line: [u16; 16],
    /// The palette file, when the folder has one.
    pub file: Option<PathBuf>,
    /// Its named entries, in file order.
    pub names: Vec<PaletteName>,
    /// The other CRAM lines sheets name (`palette_line`), ascending, with their colours.
    pub others: Vec<(u16, [u16; 16])>,
}

/// The fixed palette of a `palette.gpl`: entries quantised, names checked.
struct Fixed {
    path: PathBuf,
    /// Entries 0.. quantised (CRAM words).
    colours: Vec<u16>,
    names: Vec<PaletteName>,
}

/// Reads `path` as the sprite palette: at most 16 entries, distinct names that give Rust
/// identifiers.
fn load_palette(path: &Path) -> Result<Fixed, Vec<Diag>> {
    let pal = crate::gpl::read(path)?;
    let mut errors = Vec::new();
    if let Some(e) = pal.entries.get(16) {
        errors.push(Diag::new(
            path,
            Loc::LineCol(e.line, 1),
            format!("colour {} of {}: the sprite palette is one CRAM line of at most 16 entries (entry 0 is the transparent slot). Fix: remove colours, the sheets may use at most 15 besides the transparent one", 17, pal.entries.len()),
        ));
    }
    let mut names: Vec<PaletteName> = Vec::new();
    for (i, e) in pal.entries.iter().enumerate().take(16) {
        let Some(name) = &e.name else { continue };
        let Some(ident) = romtool_common::names::ident_part(name) else {
            errors.push(Diag::new(path, Loc::LineCol(e.line, 1), format!("colour name `{name}` has no ASCII letter or digit, so it gives no Rust item name. Fix: rename it (letters, digits, blanks, `_`), or leave it empty")));
            continue;
        };
        if let Some(o) = names.iter().find(|o| o.ident == ident) {
            errors.push(Diag::new(
                path,
                Loc::LineCol(e.line, 1),
                format!(
                    "colour name `{name}` gives PAL_{ident}, as `{}` on line {} does: expected distinct names. Fix: rename one of them",
                    o.name, o.line
                ),
            ));
            continue;
        }
        names.push(PaletteName { name: name.clone(), ident, index: i as u8, line: e.line });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Fixed { path: path.to_path_buf(), colours: pal.entries.iter().map(|e| cells::quantise(e.rgb)).collect(), names })
}

/// Names of the generated items that belong to no sheet.
pub const GLOBAL_ITEMS: [&str; 8] =
    ["Animation", "SpriteSheet", "SPRITE_LINE", "SPRITE_PALETTE", "SPRITE_PALETTES", "SHEETS", "RESIDENT_TILES", "check_vram"];
/// Suffixes of the per-sheet items.
pub const SHEET_SUFFIXES: [&str; 7] = ["", "_TILES", "_MASK_ROWS", "_MASK_ROWS_HFLIP", "_MASKS", "_MASKS_HFLIP", "_ANIMATIONS"];

fn item_names(ident: &str) -> Vec<String> {
    SHEET_SUFFIXES.iter().map(|s| format!("{ident}{s}")).collect()
}

/// The mask of a frame drawn mirrored left to right (width `w` pixels).
pub fn mirror_mask(rows: &[u32], w: u16) -> Vec<u32> {
    rows.iter().map(|r| r.reverse_bits() << (32 - w as u32)).collect()
}

struct Json<'t> {
    path: PathBuf,
    text: &'t str,
    lines: LineIndex<'t>,
}

impl Json<'_> {
    fn err(&mut self, at: &JPath, msg: impl Into<String>) -> Diag {
        let (l, c) = self.lines.locate(jsonpos::locate(self.text, at));
        Diag::new(&self.path, Loc::LineCol(l, c), msg)
    }
}

/// The description of a sheet (its JSON file).
struct Desc {
    width: u16,
    height: u16,
    trans: Option<[u8; 3]>,
    palette_line: u16,
    residency: Residency,
    animations: Vec<(Animation, JPath)>,
}

fn parse_desc(path: &Path, text: &str, errors: &mut Vec<Diag>) -> Option<Desc> {
    let v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let msg = e.to_string();
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            errors.push(Diag::new(path, Loc::LineCol(e.line(), e.column()), format!("JSON syntax error: {msg}")));
            return None;
        }
    };
    let mut j = Json { path: path.to_path_buf(), text, lines: LineIndex::new(text) };
    let root = JPath::root();
    if !v.is_object() {
        errors.push(j.err(&root, "expected a JSON object with `frame_width`, `frame_height` and `animations`"));
        return None;
    }
    let mut size = |key: &str, errors: &mut Vec<Diag>| -> Option<u16> {
        match v.get(key) {
            None => {
                errors.push(j.err(&root, format!("no `{key}`: expected the frame size in pixels (8 to {MAX_FRAME_PX}, a multiple of 8)")));
                None
            }
            Some(x) => match x.as_u64() {
                Some(n) if (8..=MAX_FRAME_PX as u64).contains(&n) && n % 8 == 0 => Some(n as u16),
                _ => {
                    errors.push(j.err(
                        &root.key(key),
                        format!("`{key}` is {x}: expected 8 to {MAX_FRAME_PX} pixels, a multiple of 8 (frames over 32 are drawn with several hardware sprites)"),
                    ));
                    None
                }
            },
        }
    };
    let width = size("frame_width", errors);
    let height = size("frame_height", errors);
    let trans = match v.get("transparent") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => {
            let h = s.trim().trim_start_matches('#');
            let byte = |i: usize| h.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok());
            match (h.len(), byte(0), byte(2), byte(4)) {
                (6, Some(r), Some(g), Some(b)) => Some([r, g, b]),
                _ => {
                    errors.push(j.err(&root.key("transparent"), format!("`transparent` is \"{s}\": expected a colour \"#RRGGBB\"")));
                    None
                }
            }
        }
        Some(x) => {
            errors.push(j.err(&root.key("transparent"), format!("`transparent` is {x}: expected a colour \"#RRGGBB\"")));
            None
        }
    };
    let palette_line = match v.get("palette_line") {
        None => SPRITE_LINE,
        Some(x) => match x.as_u64() {
            Some(n @ 0..=3) => n as u16,
            _ => {
                errors.push(j.err(
                    &root.key("palette_line"),
                    format!("`palette_line` is {x}: expected a CRAM line 0..=3 (3, the sprites' and the text's, when left out)"),
                ));
                SPRITE_LINE
            }
        },
    };
    let residency = match v.get("residency") {
        None => Residency::Resident,
        Some(Value::String(r)) if r == "resident" => Residency::Resident,
        Some(Value::String(r)) if r == "streamed" => Residency::Streamed,
        Some(Value::String(r)) if r == "shared" => Residency::Shared,
        Some(x) => {
            errors.push(j.err(&root.key("residency"), format!("`residency` is {x}: expected \"resident\" (every frame in VRAM once, the default), \"streamed\" (each object's frame uploaded when it changes) or \"shared\" (one frame for the whole sheet, which all its objects show)")));
            Residency::Resident
        }
    };
    for key in v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
        if !DESC_KEYS.contains(&key.as_str()) {
            errors.push(j.err(&root.key(&key), format!("unknown key `{key}`: a sheet's JSON takes {}", DESC_KEYS.join(", "))));
        }
    }
    let mut animations = Vec::new();
    let ap = root.key("animations");
    match v.get("animations") {
        Some(Value::Array(list)) if list.len() <= MAX_ANIMATIONS => {
            for (i, a) in list.iter().enumerate() {
                let p = ap.index(i);
                let name = match a.get("name") {
                    Some(Value::String(s)) if !s.is_empty() => s.clone(),
                    _ => {
                        errors.push(j.err(&p, "animation without a `name`: expected a non-empty string"));
                        continue;
                    }
                };
                if animations.iter().any(|(b, _): &(Animation, JPath)| b.name == name) {
                    errors.push(j.err(&p.key("name"), format!("second animation named `{name}`: expected distinct names")));
                }
                let duration = match a.get("duration").map(|d| (d, d.as_u64())) {
                    Some((_, Some(d @ 1..=255))) => d as u16,
                    Some((d, _)) => {
                        errors.push(j.err(&p.key("duration"), format!("animation `{name}`: `duration` is {d}: expected 1..=255 frames")));
                        continue;
                    }
                    None => {
                        errors.push(j.err(
                            &p,
                            format!("animation `{name}` has no `duration`: expected how many game frames each picture shows (1..=255)"),
                        ));
                        continue;
                    }
                };
                let looping = match a.get("loop") {
                    None => true,
                    Some(Value::Bool(b)) => *b,
                    Some(x) => {
                        errors.push(j.err(&p.key("loop"), format!("animation `{name}`: `loop` is {x}: expected true or false")));
                        continue;
                    }
                };
                let frames = match a.get("frames") {
                    Some(Value::Array(f)) if !f.is_empty() && f.len() <= MAX_ANIMATION_FRAMES => {
                        let mut out = Vec::new();
                        for (k, x) in f.iter().enumerate() {
                            match x.as_u64().filter(|&n| n < MAX_FRAMES as u64) {
                                Some(n) => out.push(n as u16),
                                None => errors.push(j.err(
                                    &p.key("frames").index(k),
                                    format!("animation `{name}`: frame {x}: expected a frame index 0..{MAX_FRAMES}"),
                                )),
                            }
                        }
                        out
                    }
                    _ => {
                        errors.push(
                            j.err(&p, format!("animation `{name}`: `frames` must be a list of 1 to {MAX_ANIMATION_FRAMES} frame indices")),
                        );
                        continue;
                    }
                };
                animations.push((Animation { name, frames, duration, looping }, p));
            }
        }
        Some(Value::Array(_)) => errors.push(j.err(&ap, format!("more than {MAX_ANIMATIONS} animations"))),
        _ => errors.push(j.err(&root, "no `animations` list: expected [{\"name\": .., \"frames\": [..], \"duration\": ..}, ...]")),
    }
    Some(Desc { width: width?, height: height?, trans, palette_line, residency, animations })
}

/// Reads one sheet (`json` and the PNG beside it), adding its colours to `palette` (entries
/// 1.. of the line), or checking them against `fixed`'s when the folder has a palette file.
fn load_sheet(json: &Path, palettes: &mut [Vec<u16>; 4], fixed: Option<&Fixed>, errors: &mut Vec<Diag>) -> Option<Sheet> {
    let text = match read_text(json) {
        Ok(t) => t,
        Err(e) => {
            errors.push(Diag::new(json, Loc::File, e));
            return None;
        }
    };
    let before = errors.len();
    let desc = parse_desc(json, &text, errors)?;
    if errors.len() > before {
        return None;
    }
    let name = json.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let ident = match item_ident(&name, "sheet name") {
        Ok(i) => i,
        Err(m) => {
            errors.push(Diag::new(json, Loc::File, m));
            return None;
        }
    };
    let png = json.with_extension("png");
    let frames = match romtool_gfx::png_read::frames_rgba(&png, desc.width as u32, desc.height as u32, desc.trans) {
        Ok(f) => f,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    if frames.len() > MAX_FRAMES {
        errors.push(Diag::new(&png, Loc::File, format!("{} frames: expected at most {MAX_FRAMES}", frames.len())));
        return None;
    }
    let mut j = Json { path: json.to_path_buf(), text: &text, lines: LineIndex::new(&text) };
    for (a, p) in &desc.animations {
        for (k, &f) in a.frames.iter().enumerate() {
            if f as usize >= frames.len() {
                errors.push(j.err(
                    &p.key("frames").index(k),
                    format!("animation `{}`: frame {f}: the sheet {} has frames 0..{}", a.name, png.display(), frames.len()),
                ));
            }
        }
    }
    // The sprite engine's items: a module per sheet, a static per animation.
    let module = match romtool_common::names::module_name(&ident, &format!("sheet name `{name}`")) {
        Ok(m) => m,
        Err(m) => {
            errors.push(Diag::new(json, Loc::File, format!("{m}. Fix: rename the file")));
            return None;
        }
    };
    let mut seen: Vec<(String, &str)> = Vec::new();
    for (a, p) in &desc.animations {
        let id = romtool_common::names::ident_of(&a.name);
        if id == "SHEET" {
            errors.push(j.err(
                &p.key("name"),
                format!("animation `{}` gives the Rust item {module}::SHEET, the sheet's own. Fix: rename the animation", a.name),
            ));
        } else if let Some((_, other)) = seen.iter().find(|(o, _)| *o == id) {
            errors.push(j.err(
                &p.key("name"),
                format!("animation `{}` gives the Rust item {module}::{id}, as animation `{other}` does. Fix: rename one of them", a.name),
            ));
        }
        seen.push((id, &a.name));
    }
    let (w, h) = (desc.width as usize, desc.height as usize);
    let line_no = desc.palette_line;
    // The palette file fixes the sprite line's colours only.
    let fixed = fixed.filter(|_| line_no == SPRITE_LINE);
    let palette = &mut palettes[line_no as usize];
    let mut sheet = Sheet {
        path: png.clone(),
        name,
        ident,
        module,
        width: desc.width,
        height: desc.height,
        palette_line: line_no,
        residency: desc.residency,
        tiles: Vec::new(),
        masks: Vec::new(),
        animations: desc.animations.into_iter().map(|(a, _)| a).collect(),
    };
    // With a palette file: each colour missing from it is reported once per sheet.
    let mut missing: Vec<u16> = Vec::new();
    for (fi, rgba) in frames.iter().enumerate() {
        let pic: Vec<u16> = rgba.iter().map(|&p| cells::colour_of(p)).collect();
        for (i, &c) in pic.iter().enumerate() {
            if let Some(f) = fixed {
                if c != CLEAR && !palette.contains(&c) && !missing.contains(&c) {
                    missing.push(c);
                    let [r, g, b, _] = rgba[i];
                    let [qr, qg, qb] = cells::expand(c);
                    let slot0 = if f.colours.first() == Some(&c) { " (it is entry 0's, the transparent slot)" } else { "" };
                    errors.push(Diag::new(
                        &png,
                        Loc::File,
                        format!(
                            "frame {fi}, pixel ({}, {}): colour #{r:02X}{g:02X}{b:02X} (Mega Drive #{qr:02X}{qg:02X}{qb:02X}) is not in the palette {}{slot0}. Fix: draw it with one of the palette's colours, or add it to {} (at most 16 entries)",
                            i % w,
                            i / w,
                            f.path.display(),
                            f.path.display()
                        ),
                    ));
                }
                continue;
            }
            if c != CLEAR && !palette.contains(&c) {
                if palette.len() >= cells::COLOURS_PER_LINE {
                    let [r, g, b] = cells::expand(c);
                    errors.push(Diag::new(
                        &png,
                        Loc::File,
                        format!(
                            "frame {fi}, pixel ({}, {}): colour #{r:02X}{g:02X}{b:02X} would be the 16th colour of palette line {line_no}: expected at most 15 plus transparent (every sheet of the folder with this `palette_line` shares the line). Fix: use fewer colours, or give some sheets another `palette_line`",
                            i % w,
                            i / w
                        ),
                    ));
                    return None;
                }
                palette.push(c);
            }
        }
        let mut line = [0u16; 16];
        line[1..=palette.len()].copy_from_slice(palette);
        let mut words = Vec::with_capacity(w * h / 4);
        // Piece by piece (the sprite engine's cut), each piece column-major.
        for p in megadrive::sprite_engine::pieces(desc.width, desc.height) {
            for cx in 0..p.w as usize {
                for cy in 0..p.h as usize {
                    let cell = cells::cut(&pic, w, (p.x as usize >> 3) + cx, (p.y as usize >> 3) + cy);
                    let ic = cells::index_cell(&cell, &line).unwrap_or([0; 64]);
                    words.extend_from_slice(&cells::cell_words(&ic));
                }
            }
        }
        sheet.tiles.push(words);
        if desc.width <= MAX_MASK_WIDTH {
            sheet.masks.push((0..h).map(|y| (0..w).filter(|&x| pic[y * w + x] != CLEAR).fold(0u32, |m, x| m | 0x8000_0000 >> x)).collect());
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(sheet)
}

/// Reads every sheet of `dir` (see the module docs): the sheets and the shared palette.
pub fn load_dir(dir: &Path) -> Result<(Vec<Sheet>, SpritePalette), Vec<Diag>> {
    let entries =
        romtool_common::folder::entries(dir).map_err(|e| vec![Diag::new(dir, Loc::File, format!("cannot read the sprite folder: {e}"))])?;
    let mut names: Vec<PathBuf> = Vec::new();
    let mut errors = Vec::new();
    for e in &entries {
        let ext = e.extension();
        let twin =
            |x: &str| entries.iter().any(|o| !o.is_dir && o.path.with_extension("") == e.path.with_extension("") && o.extension() == x);
        if e.is_dir {
            errors.push(Diag::new(&e.path, Loc::File, "a folder inside the sprite folder: sheets are not looked for in sub-folders. Fix: move NAME.json and NAME.png up into the sprite folder"));
        } else if ext == "json" {
            if twin("png") {
                names.push(e.path.clone());
            } else {
                errors.push(Diag::new(
                    &e.path,
                    Loc::File,
                    format!(
                        "no sheet {} beside it: each NAME.json describes NAME.png. Fix: add the PNG or remove the JSON",
                        e.path.with_extension("png").display()
                    ),
                ));
            }
        } else if ext == "png" {
            if !twin("json") {
                errors.push(Diag::new(&e.path, Loc::File, format!("no {} beside it: each sheet NAME.png needs NAME.json giving its frame size and animations (see the README). Fix: add the JSON or remove the PNG", e.path.with_extension("json").display())));
            }
        } else if e.name() == PALETTE_FILE || romtool_common::folder::is_documentation(e) {
        } else {
            let hint = if ext.is_empty() { "a file without extension".to_string() } else { format!("unsupported file `.{ext}`") };
            errors.push(Diag::new(&e.path, Loc::File, format!("{hint}: the sprite folder takes sheets NAME.png with NAME.json and the palette {PALETTE_FILE}. Fix: convert it to PNG + JSON or remove it")));
        }
    }
    let gpl = dir.join(PALETTE_FILE);
    let fixed = if gpl.is_file() { Some(load_palette(&gpl)?) } else { None };
    // Entries 1.. of each line (the sprite line's from the palette file, when there is one).
    let mut palettes: [Vec<u16>; 4] = Default::default();
    palettes[SPRITE_LINE as usize] = fixed.as_ref().map(|f| f.colours.iter().skip(1).copied().collect()).unwrap_or_default();
    let mut sheets: Vec<Sheet> = Vec::new();
    let pal_items: Vec<String> = fixed.as_ref().map(|f| f.names.iter().map(|n| format!("PAL_{}", n.ident)).collect()).unwrap_or_default();
    for json in &names {
        if let Some(s) = load_sheet(json, &mut palettes, fixed.as_ref(), &mut errors) {
            let mine = item_names(&s.ident);
            if let Some(n) = mine.iter().find(|n| pal_items.contains(n)) {
                errors.push(Diag::new(
                    json,
                    Loc::File,
                    format!(
                        "sheet name `{}` gives the Rust item {n}, the name of a colour of {}: rename the file or the colour",
                        s.name,
                        gpl.display()
                    ),
                ));
                continue;
            }
            if let Some(n) = mine.iter().find(|n| GLOBAL_ITEMS.contains(&n.as_str())) {
                errors.push(Diag::new(
                    json,
                    Loc::File,
                    format!("sheet name `{}` gives the Rust item {n}, a built-in item of sprites.rs: rename the file", s.name),
                ));
                continue;
            }
            if let Some(o) = sheets.iter().find(|o| item_names(&o.ident).iter().any(|n| mine.contains(n))) {
                errors.push(Diag::new(
                    json,
                    Loc::File,
                    format!("sheet name `{}` gives Rust items that clash with those of sheet `{}`: rename the file", s.name, o.name),
                ));
                continue;
            }
            sheets.push(s);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if sheets.is_empty() {
        return Err(vec![Diag::new(dir, Loc::File, "no sprite sheets: expected NAME.json files each describing NAME.png")]);
    }
    let mut line = [0u16; 16];
    match &fixed {
        Some(f) => line[..f.colours.len()].copy_from_slice(&f.colours),
        None => {
            let p = &palettes[SPRITE_LINE as usize];
            line[1..=p.len()].copy_from_slice(p)
        }
    }
    // The other lines the sheets name, with their colours.
    let others = (0..4u16)
        .filter(|&l| l != SPRITE_LINE && sheets.iter().any(|s| s.palette_line == l))
        .map(|l| {
            let mut words = [0u16; 16];
            let p = &palettes[l as usize];
            words[1..=p.len()].copy_from_slice(p);
            (l, words)
        })
        .collect();
    let (file, names) = match fixed {
        Some(f) => (Some(f.path), f.names),
        None => (None, Vec::new()),
    };
    Ok((sheets, SpritePalette { line, file, names, others }))
}

/// The generated `sprites.rs`.
pub fn generate(sheets: &[Sheet], palette: &SpritePalette) -> String {
    let mut o = String::new();
    let mask = "::megacollide_engine::mask::Mask";
    o.push_str(
        "// @generated by `romtool sprites` (tools/romtool-sprites/src/lib.rs). DO NOT EDIT: edit the sheets\n\
         // (PNG + JSON) and run it again. Deterministic: sheets in file-name order.\n\
         //\n\
         // Per sheet NAME: NAME_TILES (16 words per VDP tile; each frame's tiles column-major, the\n\
         // VDP's sprite order, WORDS_PER_FRAME words per frame), NAME_MASKS / NAME_MASKS_HFLIP (the\n\
         // engine's pixel masks of each frame, plain and drawn with the sprite's horizontal flip),\n\
         // NAME_ANIMATIONS, NAME: SpriteSheet; SHEETS lists them. SPRITE_PALETTE is the one CRAM\n\
         // line of every sheet (entry 0 transparent).\n\n",
    );
    o.push_str(
        "/// A named animation.\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub struct Animation {\n    /// Its name in the sheet's JSON file.\n    pub name: &'static str,\n    /// Frame indices, in play order.\n    pub frames: &'static [u16],\n    /// Game frames each picture shows.\n    pub duration: u16,\n    /// Starts again after its last picture (false: a one-shot, staying on it).\n    pub looping: bool,\n}\n\n\
         /// A sprite sheet: frames of `width` x `height` pixels.\n#[derive(Clone, Copy, Debug)]\npub struct SpriteSheet {\n    /// File stem of the sheet.\n    pub name: &'static str,\n    /// Frame width in pixels.\n    pub width: u16,\n    /// Frame height in pixels.\n    pub height: u16,\n    /// Its CRAM line (0..=3).\n    pub palette_line: u16,\n    /// 16-bit words per frame in `tiles` (16 per VDP tile).\n    pub words_per_frame: u16,\n    /// Every frame's VDP tiles, in the sprite engine's order (column-major within each hardware sprite).\n    pub tiles: &'static [u16],\n",
    );
    let _ = writeln!(o, "    /// Pixel mask of each frame (none for frames wider than {MAX_MASK_WIDTH} pixels).\n    pub masks: &'static [{mask}<'static>],");
    let _ = writeln!(
        o,
        "    /// Pixel mask of each frame drawn mirrored (sprite attribute HFLIP).\n    pub masks_hflip: &'static [{mask}<'static>],"
    );
    o.push_str("    /// Its animations.\n    pub animations: &'static [Animation],\n}\n\n");
    match &palette.file {
        Some(f) => {
            let f = f.file_name().unwrap_or_default().to_string_lossy();
            let _ = writeln!(
                o,
                "/// The sprite palette line (CRAM words; entry 0 transparent): the colours of {} in file order.",
                rust_str(&f)
            );
        }
        None => o.push_str("/// The sprite palette line (CRAM words; entry 0 transparent).\n"),
    }
    let words = |line: &[u16; 16]| line.iter().map(|c| format!("0x{c:04X}")).collect::<Vec<_>>().join(", ");
    let _ = writeln!(o, "pub static SPRITE_PALETTE: [u16; 16] = [{}];", words(&palette.line));
    let _ = writeln!(o, "/// The CRAM line of the sheets that name none (`SPRITE_PALETTE`'s): the sprites' and the text's.\npub const SPRITE_LINE: u16 = {SPRITE_LINE};");
    let mut lines: Vec<(u16, [u16; 16])> = palette.others.clone();
    lines.push((SPRITE_LINE, palette.line));
    lines.sort();
    o.push_str(
        "/// Every CRAM line of the sprites (`SPRITE_LINE` and each `palette_line` a sheet names) and its colours: load them all.\n",
    );
    let _ = writeln!(o, "pub static SPRITE_PALETTES: [(u16, [u16; 16]); {}] = [", lines.len());
    for (l, w) in &lines {
        let _ = writeln!(o, "    ({l}, [{}]),", words(w));
    }
    o.push_str("];\n");
    for n in &palette.names {
        let _ = writeln!(o, "/// Palette index of the colour named {} (line {} of the palette file).", rust_str(&n.name), n.line);
        let _ = writeln!(o, "pub const PAL_{}: u8 = {};", n.ident, n.index);
    }
    for s in sheets {
        let id = &s.ident;
        let (f, h) = (s.tiles.len(), s.height as usize);
        // Frames with masks: all, or none for frames wider than masks go.
        let fm = s.masks.len();
        let wpf = s.tiles.first().map_or(0, Vec::len);
        let _ = writeln!(
            o,
            "\n// ---- {} ({}x{} px, {f} frames, from {}) ----\n",
            rust_str(&s.name),
            s.width,
            s.height,
            rust_str(&s.path.file_name().unwrap_or_default().to_string_lossy())
        );
        let _ = writeln!(o, "/// VDP tiles of sheet {}, {wpf} words per frame.", rust_str(&s.name));
        let _ = writeln!(o, "pub static {id}_TILES: [u16; {}] = [", f * wpf);
        for (i, t) in s.tiles.iter().enumerate() {
            let _ = writeln!(o, "    // frame {i}");
            for chunk in t.chunks(16) {
                let _ = writeln!(o, "    {},", chunk.iter().map(|w| format!("0x{w:04X}")).collect::<Vec<_>>().join(", "));
            }
        }
        o.push_str("];\n");
        for (suffix, flip) in [("", false), ("_HFLIP", true)] {
            let _ = writeln!(o, "/// Mask rows of each frame of sheet {}{}.", rust_str(&s.name), if flip { ", mirrored" } else { "" });
            let _ = writeln!(o, "pub static {id}_MASK_ROWS{suffix}: [[u32; {h}]; {fm}] = [");
            for m in &s.masks {
                let rows = if flip { mirror_mask(m, s.width) } else { m.clone() };
                let _ = writeln!(o, "    [{}],", rows.iter().map(|r| format!("0x{r:08X}")).collect::<Vec<_>>().join(", "));
            }
            o.push_str("];\n");
            let _ = writeln!(o, "/// Masks of each frame of sheet {}{}.", rust_str(&s.name), if flip { ", mirrored" } else { "" });
            let _ = writeln!(o, "pub static {id}_MASKS{suffix}: [{mask}<'static>; {fm}] = [");
            for i in 0..fm {
                let _ = writeln!(o, "    {mask}::new(&{id}_MASK_ROWS{suffix}[{i}], {}),", s.width);
            }
            o.push_str("];\n");
        }
        let _ = writeln!(o, "/// Animations of sheet {}.", rust_str(&s.name));
        let _ = writeln!(o, "pub static {id}_ANIMATIONS: [Animation; {}] = [", s.animations.len());
        for a in &s.animations {
            let fr: Vec<String> = a.frames.iter().map(|f| f.to_string()).collect();
            let _ = writeln!(
                o,
                "    Animation {{ name: {}, frames: &[{}], duration: {}, looping: {} }},",
                rust_str(&a.name),
                fr.join(", "),
                a.duration,
                a.looping
            );
        }
        o.push_str("];\n");
        let _ = writeln!(o, "/// Sheet {}.", rust_str(&s.name));
        let _ = writeln!(
            o,
            "pub static {id}: SpriteSheet = SpriteSheet {{\n    name: {},\n    width: {},\n    height: {},\n    palette_line: {},\n    words_per_frame: {wpf},\n    tiles: &{id}_TILES,\n    masks: &{id}_MASKS,\n    masks_hflip: &{id}_MASKS_HFLIP,\n    animations: &{id}_ANIMATIONS,\n}};",
            rust_str(&s.name),
            s.width,
            s.height,
            s.palette_line
        );
        engine_items(&mut o, s);
    }
    vram_check(&mut o, sheets);
    o.push_str("\n/// Every sheet, in file-name order.\n");
    let _ = writeln!(
        o,
        "pub static SHEETS: [&SpriteSheet; {}] = [{}];",
        sheets.len(),
        sheets.iter().map(|s| format!("&{}", s.ident)).collect::<Vec<_>>().join(", ")
    );
    o
}

/// `RESIDENT_TILES` and `check_vram`: the VRAM the resident sheets need together, and the
/// build-time check that a game's sprite VRAM holds them, whose message names each sheet.
fn vram_check(o: &mut String, sheets: &[Sheet]) {
    // Resident and shared sheets keep every frame in VRAM.
    let resident: Vec<(&Sheet, usize)> = sheets
        .iter()
        .filter(|s| s.residency != Residency::Streamed)
        .map(|s| (s, s.tiles.iter().map(|t| t.len() / 16).sum::<usize>()))
        .collect();
    let total: usize = resident.iter().map(|(_, n)| n).sum();
    let each: Vec<String> =
        resident.iter().map(|(s, n)| format!("{}: {n}", s.path.file_name().unwrap_or_default().to_string_lossy())).collect();
    let streamed: Vec<String> = sheets
        .iter()
        .filter(|s| s.residency == Residency::Streamed)
        .map(|s| {
            format!("{}: {} a frame", s.path.file_name().unwrap_or_default().to_string_lossy(), s.tiles.first().map_or(0, |t| t.len() / 16))
        })
        .collect();
    let streamed = if streamed.is_empty() {
        String::new()
    } else {
        format!(" (streamed sheets take a slot per object besides: {})", streamed.join(", "))
    };
    let message = format!(
        "the resident sprite sheets need {total} VDP tiles together ({}), more than the sprite engine is given{streamed}. Fix: give the engine more VRAM, make big sheets \"residency\": \"streamed\" in their JSON, or use fewer or smaller frames",
        if each.is_empty() { "none".to_string() } else { each.join(", ") }
    );
    let _ = writeln!(
        o,
        "\n/// VDP tiles of every resident sheet: the sprite engine loads each once, all may be in VRAM at once.\npub const RESIDENT_TILES: u16 = {total};"
    );
    let _ = writeln!(
        o,
        "/// Stops the build, naming the sheets, when the resident sheets do not fit in `tiles` VDP tiles\n/// (the sprite engine's share of VRAM): `const _: () = sprites::check_vram(128);`.\npub const fn check_vram(tiles: u16) {{\n    if RESIDENT_TILES > tiles {{\n        panic!({});\n    }}\n}}",
        rust_str(&message.replace('{', "{{").replace('}', "}}"))
    );
}

/// The sprite engine's items of sheet `s`: its `Sheet` and an `Animation` per animation, in
/// a module of its own (`player::SHEET`, `player::WALK`).
fn engine_items(o: &mut String, s: &Sheet) {
    let engine = "::megadrive::sprite_engine";
    let _ = writeln!(o, "/// Sheet {} for the sprite engine, with its animations.", rust_str(&s.name));
    let _ = writeln!(o, "pub mod {} {{", s.module);
    let residency = s.residency.name();
    let _ = writeln!(
        o,
        "    /// The sheet: {}x{} px frames, palette line {}, {}.\n    pub static SHEET: {engine}::Sheet = {engine}::Sheet::new(&super::{}_TILES, {}, {}, {}, {engine}::Residency::{residency});",
        s.width,
        s.height,
        s.palette_line,
        residency.to_ascii_lowercase(),
        s.ident,
        s.width,
        s.height,
        s.palette_line
    );
    for a in &s.animations {
        let fr: Vec<String> = a.frames.iter().map(|f| f.to_string()).collect();
        let _ = writeln!(
            o,
            "    /// Animation {}.\n    pub static {}: {engine}::Animation = {engine}::Animation {{ frames: &[{}], duration: {}, looping: {} }};",
            rust_str(&a.name),
            romtool_common::names::ident_of(&a.name),
            fr.join(", "),
            a.duration,
            a.looping
        );
    }
    o.push_str("}\n");
}

/// The sprite sheets of a game as the level compiler checks a kind's `sprite` member
/// against them ([`sheet_names`] makes it from the sprite folder).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetNames {
    /// The sprite folder.
    pub dir: PathBuf,
    /// Each sheet: its name (file stem), its generated module (`player`) and its animations'
    /// names in order. `None` when the folder has errors (its compiler reports them).
    pub sheets: Option<Vec<(String, String, Vec<String>)>>,
    /// The sheets on a palette line below the sprites' own (3), which the level art may use
    /// too: (line, the sheet's JSON file).
    pub low_lines: Vec<(u16, PathBuf)>,
}

/// What the level compiler checks against the sprite folder `dir`: every sheet with its
/// module and animations, which a kind's `sprite` member names (`sheets` is `None` when the
/// folder has errors, which [`build_outputs`] reports), and the sheets on the palette lines
/// the level art may use.
pub fn sheet_names(dir: &Path) -> SheetNames {
    let loaded = load_dir(dir).ok().map(|(sheets, _)| sheets);
    let low_lines =
        loaded.iter().flatten().filter(|s| s.palette_line < SPRITE_LINE).map(|s| (s.palette_line, s.path.with_extension("json"))).collect();
    let sheets =
        loaded.map(|sheets| sheets.into_iter().map(|s| (s.name, s.module, s.animations.into_iter().map(|a| a.name).collect())).collect());
    SheetNames { dir: dir.to_path_buf(), sheets, low_lines }
}

/// The sheets compiled and the files to write (path, bytes).
pub type Outputs = (Vec<Sheet>, Vec<(PathBuf, Vec<u8>)>);

/// Everything `romtool sprites` writes (`out_dir/sprites.rs`), built in memory.
pub fn build_outputs(dir: &Path, out_dir: &Path) -> Result<Outputs, Vec<Diag>> {
    let (sheets, palette) = load_dir(dir)?;
    let text = generate(&sheets, &palette);
    Ok((sheets, vec![(out_dir.join("sprites.rs"), text.into_bytes())]))
}
