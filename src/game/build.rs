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

use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    sprites(&out_dir);
    let target = out_dir.join("levels.rs");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MEGACOLLIDE_LEVELS_RS");
    if let Some(made) = std::env::var_os("MEGACOLLIDE_LEVELS_RS").filter(|v| !v.is_empty()) {
        let made = PathBuf::from(made);
        println!("cargo:rerun-if-changed={}", made.display());
        let text = std::fs::read(&made).unwrap_or_else(|e| {
            fail(&format!("MEGACOLLIDE_LEVELS_RS={}: cannot read it ({e}): run `make`, or unset it to compile levels/ here", made.display()))
        });
        write(&target, &text);
        // The levels' art, written by the same `romtool levels` run beside it.
        let art = made.with_file_name("art.rs");
        println!("cargo:rerun-if-changed={}", art.display());
        let art_text = std::fs::read(&art).unwrap_or_else(|e| {
            fail(&format!("{}: cannot read it ({e}): run `make`, or unset MEGACOLLIDE_LEVELS_RS to compile levels/ here", art.display()))
        });
        write(&out_dir.join("art.rs"), &art_text);
        return;
    }
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join("../../levels");
    // A folder: cargo reruns this script when anything under it changes.
    println!("cargo:rerun-if-changed={}", dir.display());
    let opts = romtool::levels::Options { dir, out_dir: out_dir.clone(), preview_dir: None, grid: false, require: Vec::new() };
    match romtool::levels::build_outputs(&opts) {
        Ok((levels, files)) => {
            for w in levels.iter().flat_map(|l| &l.warnings) {
                println!("cargo:warning=warning: {w}");
            }
            for (path, bytes) in files {
                write(&path, &bytes);
            }
        }
        Err(diags) => {
            let mut msg = String::new();
            for d in &diags {
                msg.push_str(&format!("error: {d}\n"));
            }
            fail(&format!("{}{} error(s) in {}", msg, romtool::levels::error_count(&diags), opts.dir.display()));
        }
    }
}

/// `sprites.rs` in `out_dir`: the file `make` wrote (`MEGACOLLIDE_SPRITES_RS`), or compiled
/// here from `sprites/`.
fn sprites(out_dir: &std::path::Path) {
    println!("cargo:rerun-if-env-changed=MEGACOLLIDE_SPRITES_RS");
    if let Some(made) = std::env::var_os("MEGACOLLIDE_SPRITES_RS").filter(|v| !v.is_empty()) {
        let made = PathBuf::from(made);
        println!("cargo:rerun-if-changed={}", made.display());
        let text = std::fs::read(&made).unwrap_or_else(|e| {
            fail(&format!("MEGACOLLIDE_SPRITES_RS={}: cannot read it ({e}): run `make`, or unset it to compile sprites/ here", made.display()))
        });
        write(&out_dir.join("sprites.rs"), &text);
        return;
    }
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join("sprites");
    println!("cargo:rerun-if-changed={}", dir.display());
    match romtool::sprites::build_outputs(&dir, out_dir) {
        Ok((_, files)) => {
            for (path, bytes) in files {
                write(&path, &bytes);
            }
        }
        Err(diags) => {
            let mut msg = String::new();
            for d in &diags {
                msg.push_str(&format!("error: {d}\n"));
            }
            fail(&format!("{}{} error(s) in {}", msg, diags.len(), dir.display()));
        }
    }
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
