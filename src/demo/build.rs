//! Compiles the level files of `levels/` (at the top of the repository) into `levels.rs` in
//! `OUT_DIR` with romtool's level compiler (`romtool_levels::build_script`, as every game's build
//! script does), so the demo's rules crate builds
//! with plain cargo on a clean clone. A bad level fails the build with romtool's file, line
//! and column.
//!
//! `make` compiles the levels once itself (`romtool levels`, which also writes the previews
//! and checks `--require-level`) and sets `MEGACOLLIDE_LEVELS_RS` to the file it wrote: this
//! script then takes that file, and the `art.rs` beside it (the levels' art layers), as they
//! are instead of compiling the levels a second time.
//!
//! The demo's sprite sheets, `levels/sprites/` (PNG + JSON, `palette.gpl`; the demo keeps all
//! its assets in the top-level `levels/`), become `sprites.rs` the same way: romtool's sprite
//! compiler here under plain cargo, or the file `make` wrote with `romtool sprites`
//! (`MEGACOLLIDE_SPRITES_RS`).

use std::path::{Path, PathBuf};

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    if !take_made("MEGACOLLIDE_SPRITES_RS", &["sprites.rs"], "levels/sprites/", &out_dir) {
        romtool_sprites::build_script::compile_sprites("../../levels/sprites");
    }
    if !take_made("MEGACOLLIDE_LEVELS_RS", &["levels.rs", "art.rs"], "levels/", &out_dir) {
        romtool_levels::build_script::compile_levels("../../levels");
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
