//! The walkable surfaces and open air of each level ([`megacollide_engine::surface`]),
//! compiled by `megacollide-surface-compiler` for the body sizes a game lists in the level
//! folder's [`BODIES_FILE`], and written into `levels.rs` next to the level's map.
//!
//! `bodies.json`:
//!
//! ```json
//! { "bodies": [ { "name": "player", "width": 16, "height": 32 },
//!               { "name": "walker", "width": 16, "height": 16 } ] }
//! ```
//!
//! Every body of a listed size that walks or flies on a level moves by reading these tables
//! instead of asking the map; bodies of other sizes take the engine's full move (exact, only
//! slower). Without the file no surfaces are compiled.

use crate::level::Level;
use crate::rom_usage::{self, RomItems};
use megacollide_engine::map::{fill_row_offsets, Edges, Map};
use megacollide_engine::shape::TileShape;
use megacollide_engine::surface::{EndKind, NO_CHAIN};
use megacollide_engine::MAX_BODY_SIZE;
use megacollide_surface_compiler::{compile, Compiled};
use romtool_common::diag::{Diag, Loc};
use romtool_common::jsonpos::{self, JPath};
use romtool_common::text::{self, LineIndex};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// The file of a level folder that lists the body sizes to compile surfaces for.
pub const BODIES_FILE: &str = "bodies.json";

/// One body size of [`BODIES_FILE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodySize {
    /// What the game calls it (documentation only).
    pub name: String,
    /// Width in pixels, `1 ..= 64`.
    pub width: u8,
    /// Height in pixels, `1 ..= 64`.
    pub height: u8,
}

/// The body sizes of `dir`'s [`BODIES_FILE`] (none when there is no such file). Errors name
/// the file, line and column.
pub fn read_body_sizes(dir: &Path) -> Result<Vec<BodySize>, Vec<Diag>> {
    let path = dir.join(BODIES_FILE);
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = text::read_text(&path).map_err(|e| vec![Diag::new(&path, Loc::File, e)])?;
    parse_body_sizes(&path, &text)
}

/// [`read_body_sizes`] of the text of `path`.
pub fn parse_body_sizes(path: &Path, text: &str) -> Result<Vec<BodySize>, Vec<Diag>> {
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| vec![Diag::new(path, Loc::LineCol(e.line(), e.column()), format!("not valid JSON: {e}"))])?;
    let at = |p: &JPath| {
        let (l, c) = LineIndex::new(text).locate(jsonpos::locate(text, p));
        Loc::LineCol(l, c)
    };
    let root = JPath::root();
    let Some(list) = doc.get("bodies").and_then(Value::as_array) else {
        return Err(vec![Diag::new(
            path,
            at(&root),
            "expected an object with `\"bodies\": [ { \"name\": ..., \"width\": ..., \"height\": ... }, ... ]`",
        )]);
    };
    let mut sizes = Vec::new();
    let mut errors = Vec::new();
    for (i, b) in list.iter().enumerate() {
        let p = root.key("bodies").index(i);
        let name = b.get("name").and_then(Value::as_str).unwrap_or("").to_string();
        let mut dim = |key: &str| match b.get(key).and_then(Value::as_u64) {
            Some(v) if (1..=MAX_BODY_SIZE as u64).contains(&v) => Some(v as u8),
            _ => {
                errors.push(Diag::new(
                    path,
                    at(&p),
                    format!("body {i} ({name:?}): `{key}` must be a whole number of pixels from 1 to {MAX_BODY_SIZE}"),
                ));
                None
            }
        };
        if let (Some(width), Some(height)) = (dim("width"), dim("height")) {
            sizes.push(BodySize { name, width, height });
        }
    }
    if errors.is_empty() {
        Ok(sizes)
    } else {
        Err(errors)
    }
}

/// The engine map of `level` on the host, as the ROM builds it (edges `CLASSIC`, its height
/// tiles), and its tables.
pub fn compile_level(level: &Level, sizes: &[BodySize]) -> Result<Compiled, Diag> {
    let mut rows = vec![0u16; level.height as usize];
    fill_row_offsets(level.width, level.height, &mut rows);
    let shapes: Vec<TileShape> = level.height_tiles.iter().map(|r| TileShape::from_rows(*r)).collect();
    let map = Map::try_new(&level.tiles, level.width, level.height, &rows)
        .map_err(|e| Diag::new(&level.path, Loc::File, format!("surfaces: the map is not valid: {e:?}")))?
        .with_edges(Edges::CLASSIC)
        .with_height_tiles(&shapes);
    let sizes: Vec<(u8, u8)> = sizes.iter().map(|s| (s.width, s.height)).collect();
    compile(&map, &sizes).map_err(|e| Diag::new(&level.path, Loc::File, format!("surfaces: {e}")))
}

/// [`compile_level`] for every level.
pub fn compile_all(levels: &[Level], sizes: &[BodySize]) -> Result<Vec<Compiled>, Vec<Diag>> {
    levels.iter().map(|l| compile_level(l, sizes)).collect::<Result<Vec<_>, _>>().map_err(|d| vec![d])
}

fn list<T>(o: &mut String, items: &[T], per_line: usize, f: impl Fn(&T) -> String) {
    for chunk in items.chunks(per_line) {
        o.push_str("    ");
        o.push_str(&chunk.iter().map(&f).collect::<Vec<_>>().join(", "));
        o.push_str(",\n");
    }
}

/// The Rust statics of `c` for level item prefix `id`: `{id}_SURFACES` (an
/// `engine::surface::Surfaces` to attach with `Map::with_surfaces`) and the tables it
/// borrows; each `static` with its ROM bytes goes to `items`.
pub fn rust(id: &str, level_name: &str, c: &Compiled, engine: &str, items: &mut RomItems) -> String {
    let mut o = String::new();
    let s = format!("{engine}::surface");
    let end = |k: EndKind| format!("{s}::EndKind::{k:?}");
    let _ = writeln!(o, "/// Walkable surfaces of `{level_name}`: the chains of every body size.");
    let _ = writeln!(o, "pub static {id}_CHAINS: [{s}::Chain; {}] = [", c.chains.len());
    list(&mut o, &c.chains, 1, |ch| {
        let next = |right: bool| match ch.next(right) {
            NO_CHAIN => format!("{s}::NO_CHAIN"),
            n => n.to_string(),
        };
        let with_next = if ch.next(false) == NO_CHAIN && ch.next(true) == NO_CHAIN {
            String::new()
        } else {
            format!(".with_next({}, {})", next(false), next(true))
        };
        format!(
            "{s}::Chain::new({}, {}, {}, {}, {}, {}, {}){with_next}",
            ch.x0(),
            ch.len(),
            ch.first(),
            end(ch.end(false)),
            end(ch.end(true)),
            ch.width(),
            ch.height()
        )
    });
    o.push_str("];\n");
    items.add(format!("{id}_CHAINS"), rom_usage::CHAIN.array(c.chains.len()));
    let _ = writeln!(o, "/// The `y` of every chain position (see `{id}_CHAINS`).");
    let _ = writeln!(o, "pub static {id}_CHAIN_YS: [i16; {}] = [", c.ys.len());
    list(&mut o, &c.ys, 24, |y| y.to_string());
    o.push_str("];\n");
    items.add(format!("{id}_CHAIN_YS"), 2 * c.ys.len() as u64);
    for (k, t) in c.classes.iter().enumerate() {
        let _ = writeln!(
            o,
            "/// Per tile column of `{level_name}`: where its {}x{} chains start in `{id}_SURFACE_{k}_COLUMN_CHAINS`.",
            t.w, t.h
        );
        let _ = writeln!(o, "pub static {id}_SURFACE_{k}_COLUMN_START: [u16; {}] = [", t.column_start.len());
        list(&mut o, &t.column_start, 24, |v| v.to_string());
        o.push_str("];\n");
        items.add(format!("{id}_SURFACE_{k}_COLUMN_START"), 2 * t.column_start.len() as u64);
        let _ = writeln!(o, "/// The {}x{} chains of every tile column.", t.w, t.h);
        let _ = writeln!(o, "pub static {id}_SURFACE_{k}_COLUMN_CHAINS: [u16; {}] = [", t.column_chains.len());
        list(&mut o, &t.column_chains, 24, |v| v.to_string());
        o.push_str("];\n");
        items.add(format!("{id}_SURFACE_{k}_COLUMN_CHAINS"), 2 * t.column_chains.len() as u64);
    }
    let _ = writeln!(o, "/// The body sizes with walkable surfaces on `{level_name}`.");
    let _ = writeln!(o, "pub static {id}_SURFACE_CLASSES: [{s}::SurfaceClass<'static>; {}] = [", c.classes.len());
    for (k, t) in c.classes.iter().enumerate() {
        let _ =
            writeln!(o, "    {s}::SurfaceClass::new({}, {}, &{id}_SURFACE_{k}_COLUMN_START, &{id}_SURFACE_{k}_COLUMN_CHAINS),", t.w, t.h);
    }
    o.push_str("];\n");
    items.add(format!("{id}_SURFACE_CLASSES"), rom_usage::SURFACE_CLASS.array(c.classes.len()));
    let _ = writeln!(o, "/// Per map tile of `{level_name}` (row-major): its blank rectangle in `{id}_AIR`.");
    let _ = writeln!(o, "pub static {id}_AIR_INDEX: [u16; {}] = [", c.air_index.len());
    list(&mut o, &c.air_index, 24, |v| v.to_string());
    o.push_str("];\n");
    items.add(format!("{id}_AIR_INDEX"), 2 * c.air_index.len() as u64);
    let _ = writeln!(o, "/// The blank rectangles of `{level_name}` (pixel-space, inclusive).");
    let _ = writeln!(o, "pub static {id}_AIR: [{s}::AirRect; {}] = [", c.air.len());
    list(&mut o, &c.air, 2, |r| format!("{s}::AirRect {{ x0: {}, y0: {}, x1: {}, y1: {} }}", r.x0, r.y0, r.x1, r.y1));
    o.push_str("];\n");
    items.add(format!("{id}_AIR"), rom_usage::AIR_RECT.array(c.air.len()));
    let _ = writeln!(o, "/// Everything compiled for `{level_name}` ({} ROM bytes): attached to `{id}_MAP`.", c.rom_bytes());
    let _ = writeln!(
        o,
        "pub static {id}_SURFACES: {s}::Surfaces<'static> = {s}::Surfaces::new(&{id}_CHAINS, &{id}_CHAIN_YS, &{id}_SURFACE_CLASSES, &{id}_AIR_INDEX, &{id}_AIR, {}, {});",
        c.width, c.height
    );
    items.add(format!("{id}_SURFACES"), rom_usage::SURFACES.size);
    o
}
