//! The generated Rust file (`levels.rs`) for the `no_std` ROM crate.
//!
//! One file, included by the ROM with `include!`, holding `pub static` data only (plus a few
//! small types and one `const fn`). Everything refers to the engine by absolute paths
//! (`::megacollide_engine::...`), so the including crate must depend on `megacollide-engine`.
//! The output depends only on the level files (sorted by file name) and the engine's shapes:
//! running the compiler twice gives the same bytes.

use crate::gfx;
use crate::kinds::{EntityKinds, FieldValue, MemberType};
use crate::level::{Entity, Level};
use crate::rom_usage::{self, LevelRom, RomBudget, RomItems};
use crate::surfaces;
use megacollide_engine::shape;
use megacollide_surface_compiler::Compiled;
use romtool_common::names::rust_str;
use std::fmt::Write as _;

/// Names of the generated items that do not belong to one level (the types generated from
/// the game's Tiled project come on top: see [`crate::project::RESERVED_TYPES`]).
pub const GLOBAL_ITEMS: [&str; 13] = [
    "add_drawn_entities",
    "level_text",
    "level_points",
    "LevelPoint",
    "EntityKind",
    "Entity",
    "Level",
    "SHAPE_COUNT",
    "WORDS_PER_SHAPE",
    "SHAPE_GFX",
    "SHAPE_PALETTE",
    "LEVELS",
    "shape_vdp_tile",
];

/// Suffixes of the per-level items (`E1M1`, `E1M1_TILES`, ...).
pub const LEVEL_SUFFIXES: [&str; 15] = [
    "",
    "_TEXT",
    "_PATHS",
    "_TILES",
    "_ROWS",
    "_HEIGHT_TILES",
    "_HEIGHT_GFX",
    "_MAP",
    "_ENTITIES",
    "_SURFACES",
    "_SURFACE_CLASSES",
    "_CHAINS",
    "_CHAIN_YS",
    "_AIR",
    "_AIR_INDEX",
];

fn words(out: &mut String, data: &[u16], per_line: usize, indent: &str) {
    for chunk in data.chunks(per_line) {
        out.push_str(indent);
        for w in chunk {
            let _ = write!(out, "0x{w:04X}, ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
}

/// A Rust byte string literal of `bytes` (`b"..."`): printable ASCII as is (`"` and backslash
/// escaped), any other byte as `\xNN`.
fn byte_str(bytes: &[u8]) -> String {
    let mut o = String::with_capacity(bytes.len() + 3);
    o.push_str("b\"");
    for &b in bytes {
        match b {
            b'"' => o.push_str("\\\""),
            b'\\' => o.push_str("\\\\"),
            b' '..=b'~' => o.push(b as char),
            _ => {
                let _ = write!(o, "\\x{b:02X}");
            }
        }
    }
    o.push('"');
    o
}

/// A level's strings (its name, its entities' names and string members), laid end to end in
/// its `NAME_TEXT` static, each string once: the generated items borrow them with
/// `level_text`, so every byte is in a named static the ROM budget counts.
struct Text {
    item: String,
    bytes: Vec<u8>,
    placed: std::collections::HashMap<String, usize>,
}

impl Text {
    fn new(ident: &str) -> Text {
        Text { item: format!("{ident}_TEXT"), bytes: Vec::new(), placed: Default::default() }
    }

    /// The Rust expression of `s` as a `&'static str` in the text.
    fn expr(&mut self, s: &str) -> String {
        if s.is_empty() {
            return "\"\"".into();
        }
        let at = *self.placed.entry(s.to_string()).or_insert_with(|| {
            self.bytes.extend_from_slice(s.as_bytes());
            self.bytes.len() - s.len()
        });
        format!("level_text(&{}, {at}, {})", self.item, s.len())
    }

    /// The bytes of the static: the strings, then a zero byte when their length is odd (every
    /// static of the file is a whole number of words).
    fn padded(&self) -> Vec<u8> {
        let mut b = self.bytes.clone();
        if b.len() % 2 == 1 {
            b.push(0);
        }
        b
    }
}

/// Text for a `//` or `///` comment: as in [`rust_str`] without the quotes (control
/// characters would end or break the comment; the file stays ASCII).
pub fn comment(s: &str) -> String {
    let q = rust_str(s);
    q[1..q.len() - 1].to_string()
}

/// The Rust literal of a member value of type `t`; a string in `text` when given (an
/// entity's value), else as a literal (a default).
fn field_literal(kinds: &EntityKinds, t: MemberType, v: &FieldValue, text: Option<&mut Text>) -> String {
    match (t, v) {
        (_, FieldValue::Int(i)) => i.to_string(),
        (_, FieldValue::Bool(b)) => b.to_string(),
        (_, FieldValue::Str(s)) => match text {
            Some(text) => text.expr(s),
            None => rust_str(s),
        },
        (_, FieldValue::Colour(c)) => format!("0x{c:04X}"),
        (_, FieldValue::Object(id)) => id.to_string(),
        (_, FieldValue::Speed(bits)) => format!("::megacollide_engine::platformer::Speed::from_bits({bits})"),
        (MemberType::Enum(e), FieldValue::Enum(i)) => format!("{}::{}", kinds.enums[e].rust_name, kinds.enums[e].variants[*i]),
        // Validation types every value as its member (see `kinds`).
        (_, FieldValue::Enum(i)) => i.to_string(),
    }
}

/// The `EntityKind` value of an entity: its variant, with its properties struct when the kind
/// has members.
fn kind_literal(kinds: &EntityKinds, e: &Entity, text: &mut Text) -> String {
    // Validation accepts only declared kinds (see `kinds`).
    let Some(k) = kinds.get(&e.kind) else { return format!("EntityKind::{}", e.kind) };
    if k.members.is_empty() {
        return format!("EntityKind::{}", k.variant);
    }
    let fields: Vec<String> = k
        .members
        .iter()
        .zip(&e.fields)
        .map(|(m, v)| format!("{}: {}", m.field, field_literal(kinds, m.member_type, v, Some(&mut *text))))
        .collect();
    format!("EntityKind::{}({} {{ {} }})", k.variant, k.properties_type(), fields.join(", "))
}

/// An entity's literal; its strings go to `text`, its path's points to `paths` (the level's
/// `NAME_PATHS`, item `paths_item`).
fn entity_literal(kinds: &EntityKinds, e: &Entity, text: &mut Text, paths: &mut Vec<String>, paths_item: &str) -> String {
    let kind = kind_literal(kinds, e, text);
    let path = if e.path.is_empty() {
        "&[]".to_string()
    } else {
        let first = paths.len();
        paths.extend(e.path.iter().map(|p| format!("LevelPoint {{ x: {}, y: {} }}", p.x, p.y)));
        format!("level_points(&{paths_item}, {first}, {})", e.path.len())
    };
    format!(
        "Entity {{ kind: {kind}, name: {}, id: {}, x: {}, y: {}, w: {}, h: {}, path: {path} }}",
        text.expr(&e.name),
        e.id,
        e.x,
        e.y,
        e.w,
        e.h
    )
}

/// `#[cfg(target_arch = "m68k")]` assertions that `types` have the sizes the ROM budget
/// counts ([`rom_usage`]): a wrong one stops the 68000 build.
fn size_asserts(o: &mut String, types: &[(&str, u64)]) {
    o.push_str("// The sizes romtool's ROM budget counts (tools/romtool-levels/src/rom_usage.rs), checked on the 68000.\n");
    for (ty, bytes) in types {
        let _ = writeln!(
            o,
            "#[cfg(target_arch = \"m68k\")]\nconst _: () = assert!(core::mem::size_of::<{ty}>() == {bytes}, \"romtool's ROM budget (tools/romtool-levels/src/rom_usage.rs) counts {ty} as {bytes} bytes\");"
        );
    }
    o.push('\n');
}

/// The Rust type of a member.
fn field_type(kinds: &EntityKinds, t: MemberType) -> String {
    match t {
        MemberType::Int => "i32".into(),
        MemberType::Bool => "bool".into(),
        MemberType::String | MemberType::File => "&'static str".into(),
        MemberType::Colour => "u16".into(),
        MemberType::Object => "u32".into(),
        MemberType::Enum(e) => kinds.enums[e].rust_name.clone(),
        MemberType::Speed => "::megacollide_engine::platformer::Speed".into(),
    }
}

/// The types of the game's entity kinds: its enums, one struct of properties per kind with
/// members (and its defaults), and `EntityKind`.
fn kind_types(o: &mut String, kinds: &EntityKinds) {
    let source =
        kinds.source.as_ref().map(|p| comment(&p.file_name().unwrap_or_default().to_string_lossy())).unwrap_or_else(|| "none".into());
    for e in &kinds.enums {
        let _ = writeln!(
            o,
            "/// Tiled enum `{}` of the game's project.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
{}pub enum {} {{",
            comment(&e.name),
            if e.values.is_empty() { "" } else { "#[repr(u8)]\n" },
            e.rust_name
        );
        for (value, variant) in e.values.iter().zip(&e.variants) {
            let _ = writeln!(
                o,
                "    /// `{}`.
    {variant},",
                comment(value)
            );
        }
        o.push_str(
            "}

",
        );
    }
    for k in kinds.kinds.iter().filter(|k| !k.members.is_empty()) {
        let ty = k.properties_type();
        let _ = writeln!(
            o,
            "/// The properties of Tiled class `{}` (its members in the game's project, with their defaults).",
            comment(&k.class)
        );
        let _ = writeln!(
            o,
            "#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct {ty} {{"
        );
        for m in &k.members {
            let _ = writeln!(
                o,
                "    /// Member `{}` ({}; default {}).",
                comment(&m.name),
                comment(&kinds.type_name(m.member_type)),
                comment(&field_literal(kinds, m.member_type, &m.default, None))
            );
            let _ = writeln!(o, "    pub {}: {},", m.field, field_type(kinds, m.member_type));
        }
        o.push_str(
            "}

",
        );
        let defaults: Vec<String> =
            k.members.iter().map(|m| format!("{}: {}", m.field, field_literal(kinds, m.member_type, &m.default, None))).collect();
        let _ = writeln!(
            o,
            "impl {ty} {{
    /// The defaults of the game's project.
    pub const DEFAULT: {ty} = {ty} {{ {} }};
}}
",
            defaults.join(", ")
        );
        let _ = writeln!(
            o,
            "impl Default for {ty} {{
    fn default() -> {ty} {{
        {ty}::DEFAULT
    }}
}}
"
        );
    }
    let _ = writeln!(
        o,
        "/// Entity kinds: the classes of the game's Tiled project ({source}) that objects may use, each
/// with its properties."
    );
    o.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq)]\n");
    if !kinds.kinds.is_empty() {
        o.push_str("#[repr(u16)]\n");
    }
    o.push_str("pub enum EntityKind {\n");
    for k in &kinds.kinds {
        let _ = writeln!(o, "    /// Tiled class `{}`.", comment(&k.class));
        if k.members.is_empty() {
            let _ = writeln!(o, "    {},", k.variant);
        } else {
            let _ = writeln!(o, "    {}({}),", k.variant, k.properties_type());
        }
    }
    o.push_str(
        "}

",
    );
    drawn_kinds(o, kinds);
}

/// `EntityKind::sprite` (the sheet and animation of each drawn kind, from its class's
/// `sprite` member: items of the game's `sprites` module, at its crate root) and
/// `add_drawn_entities`, which puts a level's drawn entities in the sprite engine.
fn drawn_kinds(o: &mut String, kinds: &EntityKinds) {
    let engine = "::megadrive::sprite_engine";
    let arms: Vec<String> = kinds
        .kinds
        .iter()
        .filter_map(|k| {
            let (module, animation) = k.sprite.as_ref()?.items.as_ref()?;
            let pattern =
                if k.members.is_empty() { format!("EntityKind::{}", k.variant) } else { format!("EntityKind::{}(..)", k.variant) };
            Some(format!("            {pattern} => Some((&crate::sprites::{module}::SHEET, &crate::sprites::{module}::{animation})),\n"))
        })
        .collect();
    let body = if arms.is_empty() {
        "        let _ = self;\n        None\n".to_string()
    } else {
        format!("        match self {{\n{}            #[allow(unreachable_patterns)]\n            _ => None,\n        }}\n", arms.concat())
    };
    let _ = write!(
        o,
        "impl EntityKind {{
    /// The sprite sheet and animation the objects of this kind are drawn with (their class's
    /// `sprite` member: a sheet of the `sprites` module at the game's crate root, where it
    /// includes romtool's `sprites.rs`), or `None` for a kind not drawn.
    pub fn sprite(&self) -> Option<(&'static {engine}::Sheet, &'static {engine}::Animation)> {{
{body}    }}
}}

/// Adds an object to `sprites` for every entity of `level` whose kind is drawn
/// ([`EntityKind::sprite`]), its frame's top-left at the entity's: `handles[i]` is entity `i`'s
/// (`None`: not drawn, no room in the engine, or past `handles`). The engine then draws,
/// animates, scrolls and culls them; the game moves or removes them by their handles.
/// Returns how many were added.
pub fn add_drawn_entities<const N: usize>(level: &Level, sprites: &mut {engine}::SpriteEngine<N>, handles: &mut [Option<{engine}::Handle>]) -> usize {{
    let mut added = 0;
    for (e, h) in level.entities.iter().zip(handles.iter_mut()) {{
        *h = e.kind.sprite().and_then(|(sheet, animation)| sprites.add(sheet, animation, e.x, e.y));
        added += h.is_some() as usize;
    }}
    added
}}

"
    );
}

/// The whole generated file, with the types of the game's entity `kinds`; `surfaces[i]` are
/// the tables compiled for `levels[i]`.
pub fn generate(levels: &[Level], kinds: &EntityKinds, surfaces: &[Compiled]) -> String {
    generate_counted(levels, kinds, surfaces).0
}

/// [`generate`], and the `static`s it writes with their ROM bytes ([`rom_usage`]).
pub fn generate_counted(levels: &[Level], kinds: &EntityKinds, surfaces: &[Compiled]) -> (String, RomBudget) {
    let mut budget = RomBudget::default();
    let mut o = String::new();
    let engine = "::megacollide_engine";
    o.push_str(
        "// @generated by `romtool levels` (tools/romtool-levels). DO NOT EDIT: edit the level files\n\
         // and run the compiler again. Deterministic: levels are in file-name order.\n\
         //\n\
         // Levels:\n",
    );
    for l in levels {
        let _ = writeln!(
            o,
            "//   {:<12} {:>3}x{:<3} tiles  {:>2} height tiles  {:>2} entities  spawn {}  from {}",
            l.ident,
            l.width,
            l.height,
            l.height_tiles.len(),
            l.entities.len(),
            l.spawn.map(|p| format!("({}, {})", p.x, p.y)).unwrap_or_else(|| "none".into()),
            comment(&l.path.file_name().unwrap_or_default().to_string_lossy())
        );
    }
    o.push_str(
        "//\n\
         // Include it in the no_std ROM crate (which must depend on megacollide-engine) as a module:\n\
         //\n\
         //     #[allow(dead_code)]\n\
         //     pub mod levels {\n\
         //         include!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/out/gen/levels.rs\"));\n\
         //     }\n\
         //\n\
         // Per level NAME: NAME_TILES [u16; W*H] (row-major ids), NAME_ROWS [u16; H] (row offsets),\n\
         // NAME_HEIGHT_TILES [TileShape; N] (ids 32..), NAME_HEIGHT_GFX [u16; 64*N], NAME_MAP (engine\n\
         // Map, edges CLASSIC), NAME_ENTITIES [Entity; K], and NAME: Level tying them together. Its\n\
         // strings are in NAME_TEXT (level_text), its objects' paths in NAME_PATHS (level_points).\n\
         // LEVELS lists every level. Coordinates are map pixels (x right, y down); the spawn point and\n\
         // entity x, y are the top-left corner of the Tiled object (or the point itself).\n\
         //\n\
         // Graphics: SHAPE_GFX holds the built-in shapes 0..20 (drawn from the engine's shape tables),\n\
         // 64 words = 4 VDP tiles (8x8, 4 bpp, 32 bytes) each, in plane-cell ROW order: top-left,\n\
         // top-right, bottom-left, bottom-right (a 2x2 sprite wants column order TL, BL, TR, BR).\n\
         // Each u16 is 4 pixels, leftmost in bits 15..12 (the VDP's byte order on the 68000).\n\
         // Load SHAPE_GFX at VRAM tile B and the level's HEIGHT_GFX right after it (tile B + 80);\n\
         // then map tile id t is drawn with VDP tiles B + shape_vdp_tile(t) + 0..4. Colours:\n\
         // 0 empty, 1 solid, 2 one-way floor, 3 height tile (SHAPE_PALETTE is a matching CRAM line).\n\n",
    );
    // Types.
    o.push_str(
        "/// A point in map pixels.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
         #[repr(C)]\n\
         pub struct LevelPoint {\n    /// x in pixels (right).\n    pub x: i16,\n    /// y in pixels (down).\n    pub y: i16,\n}\n\n",
    );
    kind_types(&mut o, kinds);
    o.push_str(
        "/// An object placed in a level (enemy, moving platform, ...).\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
         #[repr(C)]\n\
         pub struct Entity {\n    /// Its class, with its properties.\n    pub kind: EntityKind,\n    /// Its name in the editor (may be empty).\n    pub name: &'static str,\n    /// Tiled object id.\n    pub id: u32,\n    /// Top-left corner (or the point), map pixels.\n    pub x: i16,\n    /// See `x`.\n    pub y: i16,\n    /// Width in pixels (0 for points and paths).\n    pub w: u16,\n    /// Height in pixels (0 for points and paths).\n    pub h: u16,\n    /// Polyline / polygon points, absolute map pixels (patrol routes, platform paths).\n    pub path: &'static [LevelPoint],\n}\n\n\
         /// One compiled level.\n\
         #[derive(Clone, Copy, Debug)]\n\
         #[repr(C)]\n\
         pub struct Level {\n    /// File stem of the source (`e1m1`).\n    pub name: &'static str,\n    /// Width in tiles.\n    pub width: u16,\n    /// Height in tiles.\n    pub height: u16,\n    /// Row-major tile ids, `width * height`.\n    pub tiles: &'static [u16],\n    /// Row offsets, `row_offsets[ty] = ty * width`.\n    pub row_offsets: &'static [u16],\n    /// The engine map (edges `Edges::CLASSIC`, height tiles attached).\n",
    );
    let _ = writeln!(o, "    pub map: &'static {engine}::map::Map<'static>,");
    o.push_str("    /// Height tiles, ids `32 + i`.\n");
    let _ = writeln!(o, "    pub height_tiles: &'static [{engine}::shape::TileShape],");
    o.push_str(
        "    /// VDP graphics of the height tiles (64 words each, same layout as `SHAPE_GFX`).\n    pub height_gfx: &'static [u16],\n\
         \x20   /// Spawn point (top-left of the player box), if the level has one.\n    pub spawn: Option<LevelPoint>,\n\
         \x20   /// Entities, sorted by Tiled object id.\n    pub entities: &'static [Entity],\n}\n\n",
    );
    size_asserts(
        &mut o,
        &[
            ("LevelPoint", rom_usage::level_point().size),
            ("EntityKind", rom_usage::entity_kind(kinds).size),
            ("Entity", rom_usage::entity(kinds).size),
            ("Level", rom_usage::level().size),
        ],
    );
    o.push_str(
        "/// `len` bytes of a level's text from `first` (`NAME_TEXT`), as a `&str` (for the level's\n\
         /// items: every byte of a level is in a named static).\n\
         pub const fn level_text(text: &'static [u8], first: usize, len: usize) -> &'static str {\n\
         \x20   match core::str::from_utf8(text.split_at(first).1.split_at(len).0) {\n\
         \x20       Ok(s) => s,\n\
         \x20       Err(_) => panic!(\"a level's text is UTF-8\"),\n\
         \x20   }\n\
         }\n\n\
         /// `len` points of a level's paths from `first` (`NAME_PATHS`).\n\
         pub const fn level_points(paths: &'static [LevelPoint], first: usize, len: usize) -> &'static [LevelPoint] {\n\
         \x20   paths.split_at(first).1.split_at(len).0\n\
         }\n\n",
    );
    // Shapes.
    let _ = writeln!(o, "/// Number of built-in shapes in `SHAPE_GFX` (ids 0..{}).", shape::BUILTIN_COUNT);
    let _ = writeln!(o, "pub const SHAPE_COUNT: usize = {};", shape::BUILTIN_COUNT);
    o.push_str("/// 16-bit words per 16x16 shape (4 VDP tiles).\n");
    let _ = writeln!(o, "pub const WORDS_PER_SHAPE: usize = {};\n", gfx::WORDS_PER_SHAPE);
    o.push_str("/// VDP tile offset of the first of the 4 tiles of map tile id `t`, counted from the start of\n/// `SHAPE_GFX`, with the level's `height_gfx` loaded right after it.\n");
    let _ = writeln!(
        o,
        "pub const fn shape_vdp_tile(t: u16) -> u16 {{\n    if t >= {first} {{ (t - {off}) << 2 }} else {{ t << 2 }}\n}}\n",
        first = shape::FIRST_HEIGHT_TILE,
        off = shape::FIRST_HEIGHT_TILE as usize - shape::BUILTIN_COUNT
    );
    let mut all = Vec::new();
    for id in 0..shape::BUILTIN_COUNT as u16 {
        all.extend_from_slice(&gfx::builtin_words(id));
    }
    o.push_str("/// VDP graphics of the built-in shapes 0..20, 64 words each (see the header).\n");
    let _ = writeln!(o, "pub static SHAPE_GFX: [u16; {}] = [", all.len());
    budget.shared.add("SHAPE_GFX", 2 * all.len() as u64);
    for (id, chunk) in all.chunks(gfx::WORDS_PER_SHAPE).enumerate() {
        let _ = writeln!(o, "    // id {id}");
        words(&mut o, chunk, 16, "    ");
    }
    o.push_str("];\n\n/// A CRAM palette line for the shape graphics (0 empty, 1 solid, 2 one-way, 3 height tile).\n");
    o.push_str("pub static SHAPE_PALETTE: [u16; 16] = [\n");
    let palette = gfx::cram_palette();
    budget.shared.add("SHAPE_PALETTE", 2 * palette.len() as u64);
    words(&mut o, &palette, 16, "    ");
    o.push_str("];\n");
    // Levels.
    for (l, compiled) in levels.iter().zip(surfaces) {
        let id = &l.ident;
        let mut items = RomItems::default();
        let (w, h) = (l.width as usize, l.height as usize);
        let _ = writeln!(
            o,
            "\n// ---- {} ({}x{} tiles, from {}) ----\n",
            comment(&l.name),
            w,
            h,
            comment(&l.path.file_name().unwrap_or_default().to_string_lossy())
        );
        // The strings and paths first (the level's literal and its entities borrow them),
        // written out after the entities.
        let mut text = Text::new(id);
        let name = text.expr(&l.name);
        let paths_item = format!("{id}_PATHS");
        let mut paths = Vec::new();
        let entities: Vec<String> = l.entities.iter().map(|e| entity_literal(kinds, e, &mut text, &mut paths, &paths_item)).collect();
        let bytes = text.padded();
        let _ = writeln!(o, "/// The strings of `{}` (its name, its objects' names and string members).", comment(&l.name));
        let _ = writeln!(o, "pub static {}: [u8; {}] = *{};", text.item, bytes.len(), byte_str(&bytes));
        items.add(&text.item, bytes.len() as u64);
        let _ = writeln!(o, "/// The points of the paths of `{}`'s objects.", comment(&l.name));
        let _ = writeln!(o, "pub static {paths_item}: [LevelPoint; {}] = [", paths.len());
        for p in &paths {
            let _ = writeln!(o, "    {p},");
        }
        o.push_str("];\n");
        items.add(&paths_item, rom_usage::level_point().array(paths.len()));
        let _ = writeln!(o, "/// Tile ids of `{}`, row-major.", comment(&l.name));
        let _ = writeln!(o, "pub static {id}_TILES: [u16; {}] = [", w * h);
        for row in l.tiles.chunks(w) {
            o.push_str("    ");
            o.push_str(&row.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "));
            o.push_str(",\n");
        }
        o.push_str("];\n");
        items.add(format!("{id}_TILES"), 2 * (w * h) as u64);
        let _ = writeln!(o, "/// Row offsets of `{}`.", comment(&l.name));
        let _ = writeln!(o, "pub static {id}_ROWS: [u16; {h}] = {engine}::map::row_offset_table::<{h}>({w});");
        items.add(format!("{id}_ROWS"), 2 * h as u64);
        let _ = writeln!(o, "/// Height tiles of `{}` (ids 32..).", comment(&l.name));
        let _ = writeln!(o, "pub static {id}_HEIGHT_TILES: [{engine}::shape::TileShape; {}] = [", l.height_tiles.len());
        for rows in &l.height_tiles {
            let _ = writeln!(o, "    {engine}::shape::TileShape::from_rows([");
            words(&mut o, rows, 8, "        ");
            o.push_str("    ]),\n");
        }
        o.push_str("];\n");
        items.add(format!("{id}_HEIGHT_TILES"), rom_usage::TILE_SHAPE.array(l.height_tiles.len()));
        let hg: Vec<u16> = l.height_tiles.iter().flat_map(gfx::height_words).collect();
        let _ = writeln!(o, "/// VDP graphics of the height tiles of `{}`.", comment(&l.name));
        let _ = writeln!(o, "pub static {id}_HEIGHT_GFX: [u16; {}] = [", hg.len());
        words(&mut o, &hg, 16, "    ");
        o.push_str("];\n");
        items.add(format!("{id}_HEIGHT_GFX"), 2 * hg.len() as u64);
        o.push_str(&surfaces::rust(id, &comment(&l.name), compiled, engine, &mut items));
        let _ = writeln!(o, "/// The engine map of `{}`.", comment(&l.name));
        let _ = writeln!(
            o,
            "pub static {id}_MAP: {engine}::map::Map<'static> = {engine}::map::Map::new(&{id}_TILES, {w}, {h}, &{id}_ROWS)\n    .with_edges({engine}::map::Edges::CLASSIC)\n    .with_height_tiles(&{id}_HEIGHT_TILES)\n    .with_surfaces(&{id}_SURFACES);"
        );
        items.add(format!("{id}_MAP"), rom_usage::MAP.size);
        let _ = writeln!(o, "/// Entities of `{}`.", comment(&l.name));
        let _ = writeln!(o, "pub static {id}_ENTITIES: [Entity; {}] = [", l.entities.len());
        for e in &entities {
            let _ = writeln!(o, "    {e},");
        }
        o.push_str("];\n");
        items.add(format!("{id}_ENTITIES"), rom_usage::entity(kinds).array(l.entities.len()));
        let _ = writeln!(o, "/// Level `{}`.", comment(&l.name));
        let spawn = l.spawn.map(|p| format!("Some(LevelPoint {{ x: {}, y: {} }})", p.x, p.y)).unwrap_or_else(|| "None".into());
        let _ = writeln!(
            o,
            "pub static {id}: Level = Level {{\n    name: {name},\n    width: {w},\n    height: {h},\n    tiles: &{id}_TILES,\n    row_offsets: &{id}_ROWS,\n    map: &{id}_MAP,\n    height_tiles: &{id}_HEIGHT_TILES,\n    height_gfx: &{id}_HEIGHT_GFX,\n    spawn: {spawn},\n    entities: &{id}_ENTITIES,\n}};",
        );
        items.add(id.as_str(), rom_usage::level().size);
        budget.levels.push(LevelRom { name: l.name.clone(), path: l.path.clone(), items });
    }
    o.push_str("\n/// Every level, in file-name order.\n");
    let _ = writeln!(
        o,
        "pub static LEVELS: [&Level; {}] = [{}];",
        levels.len(),
        levels.iter().map(|l| format!("&{}", l.ident)).collect::<Vec<_>>().join(", ")
    );
    budget.shared.add("LEVELS", rom_usage::Layout::POINTER.array(levels.len()));
    (o, budget)
}
