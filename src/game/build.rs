//! Compiles the level files of `levels/` (at the top of the repository) into `levels.rs` in
//! `OUT_DIR` with romtool's level compiler (`romtool::levels`), so the game crate builds
//! with plain cargo on a clean clone. A bad level fails the build with romtool's file, line
//! and column.
//!
//! `make` compiles the levels once itself (`romtool levels`, which also writes the previews
//! and checks `--require-level`) and sets `MEGACOLLIDE_LEVELS_RS` to the file it wrote: this
//! script then takes that file, and the `art.rs` beside it (the levels' art layers), as they
//! are instead of compiling the levels a second time.
//!
//! The sprite sheets of `sprites/` (PNG + JSON, `palette.gpl`) become `sprites.rs` the same
//! way: romtool's `romtool::sprites` here under plain cargo, or the file `make` wrote with
//! `romtool sprites` (`MEGACOLLIDE_SPRITES_RS`).

use std::path::{Path, PathBuf};

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    sprites(&out_dir);
    if take_made("MEGACOLLIDE_LEVELS_RS", &["levels.rs", "art.rs"], "levels/", &out_dir) {
        return;
    }
    let dir = source_dir("../../levels");
    let opts = romtool::levels::Options { dir, out_dir: out_dir.clone(), preview_dir: None, grid: false, require: Vec::new() };
    match romtool::levels::build_outputs(&opts) {
        Ok((levels, files)) => {
            for w in levels.iter().flat_map(|l| &l.warnings) {
                println!("cargo:warning=warning: {w}");
            }
            write_all(files);
        }
        Err(diags) => fail_with(&diags, romtool::levels::error_count(&diags), &opts.dir),
    }
}

/// `sprites.rs` in `out_dir`: the file `make` wrote (`MEGACOLLIDE_SPRITES_RS`), or compiled
/// here from `sprites/`.
fn sprites(out_dir: &Path) {
    if take_made("MEGACOLLIDE_SPRITES_RS", &["sprites.rs"], "sprites/", out_dir) {
        return;
    }
    let dir = source_dir("sprites");
    match romtool::sprites::build_outputs(&dir, out_dir) {
        Ok((_, files)) => write_all(files),
        Err(diags) => fail_with(&diags, diags.len(), &dir),
    }
}

/// When `make` set the environment variable `var` to the first of `files` it wrote, copies
/// those files (the others lie beside the first) into `out_dir` and returns true; false when
/// the variable is unset or empty (compile `source` here).
fn take_made(var: &str, files: &[&str], source: &str, out_dir: &Path) -> bool {
    println!("cargo:rerun-if-env-changed={var}");
    let Some(made) = std::env::var_os(var).filter(|v| !v.is_empty()) else {
        return false;
    };
    let made = PathBuf::from(made);
    for name in files {
        let path = made.with_file_name(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read(&path).unwrap_or_else(|e| {
            fail(&format!(
                "{var}={}: {} cannot be read ({e}): run `make`, or unset {var} to compile {source} here",
                made.display(),
                path.display()
            ))
        });
        write(&out_dir.join(name), &text);
    }
    true
}

/// The source folder `rel` (from this crate); cargo reruns this script when anything under
/// it changes.
fn source_dir(rel: &str) -> PathBuf {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join(rel);
    println!("cargo:rerun-if-changed={}", dir.display());
    dir
}

fn write_all(files: Vec<(PathBuf, Vec<u8>)>) {
    for (path, bytes) in files {
        write(&path, &bytes);
    }
}

/// Fails the build with every diagnostic and their count.
fn fail_with(diags: &[impl std::fmt::Display], count: usize, dir: &Path) -> ! {
    let mut msg = String::new();
    for d in diags {
        msg.push_str(&format!("error: {d}\n"));
    }
    fail(&format!("{msg}{count} error(s) in {}", dir.display()))
}

fn write(path: &std::path::Path, bytes: &[u8]) {
    if let Err(e) = std::fs::write(path, bytes) {
        fail(&format!("{}: cannot write: {e}", path.display()));
    }
}

/// Reports `msg` (every line as a cargo error) and fails the build.
fn fail(msg: &str) -> ! {
    for line in msg.lines() {
        println!("cargo:warning={line}");
    }
    eprintln!("{msg}");
    std::process::exit(1)
}
