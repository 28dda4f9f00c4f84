//! romtool's ROM budget (`romtool_levels::rom_usage`) counts what the linker placed: for the
//! demo ROM (`out/megacollide.elf`, from `levels/`) and the template's
//! (`out/template.elf`, from `src/template/levels/`), the levels are compiled again with
//! romtool's library and every `static` it counts must be a symbol of the generated modules
//! of that size, and every data symbol of those modules must be counted: each level's bytes
//! and the total are then the linker's. romtool counts every record it writes; a game whose
//! code reads a record only in constants (the template's `LEVELS[0]` and `LEVEL_ART[0]`) lets
//! the linker drop it: those items are named here, must be absent from the ELF, and are the
//! only difference.

use emu::Symbols;
use romtests::{built, out_dir};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// The data symbols of the modules `modules` (Rust paths, e.g. `megacollide_demo::levels`) in
/// `elf`: item name (`DEMO_TILES`) -> bytes. Functions (snake_case) are left out; the
/// generated statics are UPPER_CASE.
fn module_data(elf: &Path, modules: &[&str]) -> BTreeMap<String, u64> {
    let syms = Symbols::load(elf).unwrap_or_else(|e| panic!("{}: {e:#}", elf.display()));
    let mut out = BTreeMap::new();
    for (raw, sym) in syms.iter() {
        let Ok(d) = rustc_demangle::try_demangle(raw) else { continue };
        let path = format!("{d:#}");
        let Some(name) = modules.iter().find_map(|m| path.strip_prefix(m).and_then(|r| r.strip_prefix("::"))) else { continue };
        if name.contains("::") || !name.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        assert!(out.insert(name.to_string(), sym.size as u64).is_none(), "{}: two symbols named {name}", elf.display());
    }
    out
}

/// Compiles the level folder `dir` as the game's build does and compares romtool's budget
/// with the symbols of `modules` in `elf`; `folded` are the items the game's code reads only
/// at compile time (the linker drops them).
fn budget_equals_the_linker(elf: &Path, dir: &Path, modules: &[&str], folded: &[&str]) {
    let sprites = romtool_levels::kinds::sprites_beside(dir).map(|d| romtool_sprites::sheet_names(&d));
    let opts = romtool_levels::Options {
        dir: dir.to_path_buf(),
        out_dir: std::env::temp_dir(),
        preview_dir: None,
        grid: false,
        require: Vec::new(),
        sprites,
    };
    let built = romtool_levels::build(&opts, false).unwrap_or_else(|e| panic!("{}: {e:#?}", dir.display()));
    let rom = built.rom;
    let linked = module_data(elf, modules);
    assert!(!linked.is_empty(), "{}: no symbols of {modules:?}", elf.display());
    let mut wrong = Vec::new();
    let mut counted = BTreeMap::new();
    let all =
        rom.shared.0.iter().map(|i| ("(shared)", i)).chain(rom.levels.iter().flat_map(|l| l.items.0.iter().map(|i| (l.name.as_str(), i))));
    for (level, item) in all {
        counted.insert(item.name.clone(), item.bytes);
        let dropped = folded.contains(&item.name.as_str());
        match linked.get(&item.name) {
            Some(&bytes) if dropped => wrong.push(format!("{level}: {}: {bytes} bytes in the ROM: the game refers to it now", item.name)),
            None if dropped => {}
            Some(&bytes) if bytes == item.bytes => {}
            // A static of no bytes may have no symbol.
            None if item.bytes == 0 => {}
            Some(&bytes) => wrong.push(format!("{level}: {}: romtool counts {} bytes, the linker placed {bytes}", item.name, item.bytes)),
            None => wrong.push(format!("{level}: {}: romtool counts {} bytes, the linker placed none", item.name, item.bytes)),
        }
    }
    for (name, bytes) in &linked {
        if !counted.contains_key(name) {
            wrong.push(format!("{name}: {bytes} bytes in the ROM that romtool does not count"));
        }
    }
    for f in folded {
        if !counted.contains_key(*f) {
            wrong.push(format!("{f}: romtool writes no such item"));
        }
    }
    assert!(wrong.is_empty(), "{} against {}:\n{}", dir.display(), elf.display(), wrong.join("\n"));
    let counted_bytes = |names: &[&str]| -> u64 { names.iter().map(|n| counted[*n]).sum() };
    for l in &rom.levels {
        let names: Vec<&str> = l.items.0.iter().map(|i| i.name.as_str()).collect();
        let placed: u64 = linked.iter().filter(|(n, _)| names.contains(&n.as_str())).map(|(_, b)| b).sum();
        let dropped: Vec<&str> = names.iter().copied().filter(|n| folded.contains(n)).collect();
        assert_eq!(l.items.bytes() - counted_bytes(&dropped), placed, "{}: romtool's bytes against the linker's", l.path.display());
        println!("{}: {} bytes of ROM, as placed by the linker", l.path.display(), placed);
    }
    assert_eq!(rom.total() - counted_bytes(folded), linked.values().sum::<u64>(), "{}: all level data", dir.display());
    println!(
        "{}: {} bytes of level data in {} ({} counted, {} of them read only at compile time)",
        dir.display(),
        rom.total() - counted_bytes(folded),
        elf.display(),
        rom.total(),
        counted_bytes(folded)
    );
}

#[test]
fn the_demo_roms_budget_is_what_the_linker_placed() {
    if !built(&["megacollide.elf"]) {
        return;
    }
    budget_equals_the_linker(
        &out_dir().join("megacollide.elf"),
        &root().join("levels"),
        &["megacollide_demo::levels", "megacollide_demo::level_art"],
        &[],
    );
}

#[test]
fn the_templates_budget_is_what_the_linker_placed() {
    if !built(&["template.elf"]) {
        return;
    }
    // `static LEVEL: &Level = levels::LEVELS[0]` and `level_art::LEVEL_ART[0]` (src/template/src/main.rs)
    // are read at compile time: the ROM holds the level and its art's tables, not the lists or
    // the `LevelArt` record.
    budget_equals_the_linker(
        &out_dir().join("template.elf"),
        &root().join("src/template/levels"),
        &["game::levels", "game::level_art"],
        &["LEVELS", "LEVEL_ART", "ART_LEVEL1"],
    );
}
