//! The ROM bytes of the generated level data, item by item: what the linker places.
//!
//! The code generators ([`crate::gen_levels`], [`crate::surfaces`], [`crate::gen_art`]) record
//! every `static` they write into a [`RomItems`] list as they write it, with its size on the
//! 68000; the check that all levels fit the cartridge ([`RomBudget::check`], run by
//! [`crate::build_outputs`] after everything is generated) adds them up. Every byte a level
//! puts in the ROM is in a named `static` (its strings in `NAME_TEXT`, its objects' paths in
//! `NAME_PATHS`, each compressed art stream in `ART_NAME_TILES_PACKED_K`), so the numbers are
//! the sizes of the symbols in the linked ELF: `tools/romtests/tests/rom_budget.rs` compares
//! them for the demo ROM and the template.
//!
//! Sizes come from the types themselves:
//!
//! * the engine's records without pointers (`TileShape`, `Chain`, `AirRect`, `Speed`) by
//!   `core::mem::size_of` (their layout is the same on the host and the 68000);
//! * the engine's records with pointers (`Map`, `Surfaces`, `SurfaceClass`) by their
//!   `ROM_BYTES`, which the engine checks against `size_of` when it is built for the 68000;
//! * the records `levels.rs` and `art.rs` declare (`#[repr(C)]` structs, `EntityKind` as
//!   `#[repr(u16)]`) by [`Layout`], the C layout with the 68000's sizes and alignments; the
//!   generated files assert each of these sizes when built for the 68000, so a wrong number
//!   stops the build.

use crate::kinds::{EntityKinds, MemberType};
use megacollide_engine::{map::Map, platformer::Speed, shape::TileShape, surface};
use std::path::PathBuf;

/// Size and alignment of a type on the 68000 (bytes). rustc's m68k data layout: pointers
/// and `usize` are 4 bytes; every scalar of 2 bytes or more, every pointer and every slice is
/// 2-byte aligned; bytes are 1-byte aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Bytes.
    pub size: u64,
    /// Alignment in bytes (1 or 2).
    pub align: u64,
}

impl Layout {
    /// A byte (`u8`, `bool`, a fieldless `#[repr(u8)]` enum).
    pub const BYTE: Layout = Layout { size: 1, align: 1 };
    /// `u16`, `i16`.
    pub const WORD: Layout = Layout { size: 2, align: 2 };
    /// `u32`, `i32`.
    pub const LONG: Layout = Layout { size: 4, align: 2 };
    /// A reference to a sized value (`&T`): one 4-byte address.
    pub const POINTER: Layout = Layout { size: 4, align: 2 };
    /// A slice or a `&str`: an address and a length, 4 bytes each.
    pub const SLICE: Layout = Layout { size: 8, align: 2 };
    /// Nothing (a type with no value, or one value).
    pub const EMPTY: Layout = Layout { size: 0, align: 1 };

    /// A value of `size` bytes without pointers, of the same layout on the host (its 68000
    /// alignment: 2 unless it is a byte).
    pub const fn plain(size: usize) -> Layout {
        Layout { size: size as u64, align: if size >= 2 { 2 } else { 1 } }
    }

    /// A `#[repr(C)]` struct of `fields` in order: each at the next offset of its alignment,
    /// the size rounded up to the largest alignment.
    pub fn repr_c(fields: &[Layout]) -> Layout {
        let align = fields.iter().map(|f| f.align).max().unwrap_or(1);
        let end = fields.iter().fold(0, |at, f| round_up(at, f.align) + f.size);
        Layout { size: round_up(end, align), align }
    }

    /// A `#[repr(u16)]` enum whose variants hold the fields `variants[i]` (none for a unit
    /// variant): each variant is a `#[repr(C)]` struct of the `u16` tag and its fields; the
    /// enum is the largest of them.
    pub fn repr_u16(variants: &[Vec<Layout>]) -> Layout {
        let all = variants.iter().map(|v| Layout::repr_c(&[&[Layout::WORD][..], v].concat()));
        all.fold(Layout::WORD, |a, v| Layout { size: a.size.max(v.size), align: a.align.max(v.align) })
    }

    /// `Option<T>` of a `T` with no spare value (no pointer or `bool` inside): a tag byte,
    /// then `T` at its alignment.
    pub fn option_tagged(t: Layout) -> Layout {
        Layout::repr_c(&[Layout::BYTE, t])
    }

    /// `Option<T>` of a `T` holding a reference: the null address means `None`.
    pub const fn option_of_pointer(t: Layout) -> Layout {
        t
    }

    /// `[T; n]`.
    pub const fn array(self, n: usize) -> u64 {
        self.size * n as u64
    }
}

fn round_up(x: u64, align: u64) -> u64 {
    x.div_ceil(align) * align
}

/// A height tile's shape (`engine::shape::TileShape`, 256 bytes).
pub const TILE_SHAPE: Layout = Layout::plain(core::mem::size_of::<TileShape>());
/// A chain of walkable positions (`engine::surface::Chain`).
pub const CHAIN: Layout = Layout::plain(core::mem::size_of::<surface::Chain>());
/// A blank rectangle (`engine::surface::AirRect`).
pub const AIR_RECT: Layout = Layout::plain(core::mem::size_of::<surface::AirRect>());
/// The engine map (`engine::map::Map`).
pub const MAP: Layout = Layout::plain(Map::ROM_BYTES);
/// A level's surface tables (`engine::surface::Surfaces`).
pub const SURFACES: Layout = Layout::plain(surface::Surfaces::ROM_BYTES);
/// One body size's index (`engine::surface::SurfaceClass`).
pub const SURFACE_CLASS: Layout = Layout::plain(surface::SurfaceClass::ROM_BYTES);

/// The generated `LevelPoint { x: i16, y: i16 }`.
pub fn level_point() -> Layout {
    Layout::repr_c(&[Layout::WORD, Layout::WORD])
}

/// A member of an entity kind's properties struct.
pub fn member(kinds: &EntityKinds, t: MemberType) -> Layout {
    match t {
        MemberType::Int | MemberType::Object => Layout::LONG,
        MemberType::Bool => Layout::BYTE,
        MemberType::String | MemberType::File => Layout::SLICE,
        MemberType::Colour => Layout::WORD,
        // The generated enums are `#[repr(u8)]` (at most 256 values); one without values
        // has none.
        MemberType::Enum(e) => {
            if kinds.enums[e].values.is_empty() {
                Layout::EMPTY
            } else {
                Layout::BYTE
            }
        }
        MemberType::Speed => Layout::plain(core::mem::size_of::<Speed>()),
    }
}

/// The generated `EntityKind` (`#[repr(u16)]`; no variants: nothing).
pub fn entity_kind(kinds: &EntityKinds) -> Layout {
    if kinds.kinds.is_empty() {
        return Layout::EMPTY;
    }
    let variants: Vec<Vec<Layout>> = kinds
        .kinds
        .iter()
        .map(|k| {
            if k.members.is_empty() {
                Vec::new()
            } else {
                vec![Layout::repr_c(&k.members.iter().map(|m| member(kinds, m.member_type)).collect::<Vec<_>>())]
            }
        })
        .collect();
    Layout::repr_u16(&variants)
}

/// The generated `Entity`: kind, name, id, x, y, w, h, path.
pub fn entity(kinds: &EntityKinds) -> Layout {
    use Layout as L;
    L::repr_c(&[entity_kind(kinds), L::SLICE, L::LONG, L::WORD, L::WORD, L::WORD, L::WORD, L::SLICE])
}

/// The generated `Level`: name, width, height, tiles, row_offsets, map, height_tiles,
/// height_gfx, spawn, entities.
pub fn level() -> Layout {
    use Layout as L;
    L::repr_c(&[L::SLICE, L::WORD, L::WORD, L::SLICE, L::SLICE, L::POINTER, L::SLICE, L::SLICE, L::option_tagged(level_point()), L::SLICE])
}

/// The generated `ArtPlane`: width, height, cells, parallax.
pub fn art_plane() -> Layout {
    Layout::repr_c(&[Layout::WORD, Layout::WORD, Layout::SLICE, Layout::BYTE])
}

/// The generated `LevelArt`: packed_tiles, palettes, plane_b, plane_a.
pub fn level_art() -> Layout {
    let plane = Layout::option_of_pointer(art_plane());
    Layout::repr_c(&[Layout::SLICE, Layout::SLICE, plane, plane])
}

/// One `static` of the generated files in the ROM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RomItem {
    /// Its Rust name (`DEMO_TILES`).
    pub name: String,
    /// Its size on the 68000 (bytes): the size of its symbol in the linked ELF.
    pub bytes: u64,
}

/// The `static`s a code generator wrote, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RomItems(pub Vec<RomItem>);

impl RomItems {
    /// Records `static name` of `bytes` bytes.
    pub fn add(&mut self, name: impl Into<String>, bytes: u64) {
        self.0.push(RomItem { name: name.into(), bytes });
    }

    /// Their bytes together.
    pub fn bytes(&self) -> u64 {
        self.0.iter().map(|i| i.bytes).sum()
    }

    /// Appends `other`'s.
    pub fn append(&mut self, other: RomItems) {
        self.0.extend(other.0);
    }
}

/// What one level puts in the ROM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRom {
    /// The level's name (its file's stem).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// Its `static`s in `levels.rs` and `art.rs`.
    pub items: RomItems,
}

/// What the generated files put in the ROM: the items every build has (the shapes'
/// graphics, `LEVELS`, `LEVEL_ART`) and each level's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RomBudget {
    /// Items of no one level.
    pub shared: RomItems,
    /// Per level, in the order of `LEVELS`.
    pub levels: Vec<LevelRom>,
}

impl RomBudget {
    /// Every byte of level data.
    pub fn total(&self) -> u64 {
        self.shared.bytes() + self.levels.iter().map(|l| l.items.bytes()).sum::<u64>()
    }

    /// Adds the items of `other` (another generated file of the same levels, in the same
    /// order) to these.
    pub fn merge(&mut self, other: RomBudget) {
        self.shared.append(other.shared);
        for (l, o) in self.levels.iter_mut().zip(other.levels) {
            l.items.append(o.items);
        }
    }

    /// Whether all levels fit the cartridge with [`crate::limits::CODE_RESERVE_BYTES`] left
    /// for the game's code: `Err` says how many bytes they take and names the biggest levels
    /// with their files.
    pub fn check(&self) -> Result<(), String> {
        use crate::limits;
        let total = self.total();
        if total <= limits::level_data_budget() {
            return Ok(());
        }
        let mut biggest: Vec<&LevelRom> = self.levels.iter().collect();
        biggest.sort_by_key(|l| std::cmp::Reverse(l.items.bytes()));
        let list: Vec<String> =
            biggest.iter().take(5).map(|l| format!("`{}` ({}) {} bytes", l.name, l.path.display(), l.items.bytes())).collect();
        Err(format!(
            "the {} levels need {total} bytes of ROM: expected at most {} (a {} MiB cartridge minus {} KiB for the game's code); biggest: {}. Fix: make levels smaller or remove some",
            self.levels.len(),
            limits::level_data_budget(),
            limits::CARTRIDGE_BYTES >> 20,
            limits::CODE_RESERVE_BYTES >> 10,
            list.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_layout_with_the_68000s_alignments() {
        use Layout as L;
        // A byte before a long is padded to the long's 2-byte alignment; the end to the largest.
        assert_eq!(L::repr_c(&[L::BYTE, L::LONG, L::BYTE]), Layout { size: 8, align: 2 });
        assert_eq!(L::repr_c(&[L::LONG, L::BYTE, L::BYTE]), Layout { size: 6, align: 2 });
        assert_eq!(L::repr_c(&[L::BYTE]), Layout { size: 1, align: 1 });
        assert_eq!(L::repr_c(&[]), Layout { size: 0, align: 1 });
        // A #[repr(u16)] enum: the tag, then the largest variant's fields.
        assert_eq!(L::repr_u16(&[vec![], vec![L::repr_c(&[L::BYTE, L::LONG])]]), Layout { size: 8, align: 2 });
        assert_eq!(L::repr_u16(&[vec![], vec![]]), L::WORD);
        assert_eq!(L::option_tagged(level_point()).size, 6);
    }

    #[test]
    fn the_engines_records_at_their_own_sizes() {
        assert_eq!(TILE_SHAPE.size, 256, "the engine asserts 256");
        assert_eq!((CHAIN.size, AIR_RECT.size), (16, 8));
        assert_eq!((MAP.size, SURFACES.size, SURFACE_CLASS.size), (44, 44, 18));
        assert_eq!((level().size, art_plane().size, level_art().size), (62, 14, 44));
    }

    #[test]
    fn over_the_cartridge_names_the_biggest_levels_and_their_files() {
        let level = |name: &str, bytes: u64| {
            let mut items = RomItems::default();
            items.add(format!("{}_TILES", name.to_uppercase()), bytes);
            LevelRom { name: name.into(), path: PathBuf::from(format!("levels/{name}.tmx")), items }
        };
        let mut rom = RomBudget { shared: RomItems::default(), levels: vec![level("a", 1 << 20), level("b", 2 << 20)] };
        rom.shared.add("SHAPE_GFX", 2560);
        assert_eq!(rom.total(), (3 << 20) + 2560);
        assert_eq!(rom.check(), Ok(()));
        rom.levels.push(level("c", 1 << 20));
        let e = rom.check().unwrap_err();
        assert!(e.starts_with("the 3 levels need 4196864 bytes of ROM: expected at most 3932160"), "{e}");
        assert!(e.contains("biggest: `b` (levels/b.tmx) 2097152 bytes, `a` (levels/a.tmx) 1048576 bytes"), "{e}");
    }
}
