//! For a game's build script (`build.rs`): compiles the game's levels, sprite sheets and
//! sounds into `OUT_DIR` with romtool's library, so the game builds with plain cargo and
//! cargo reruns the compile when a level, a tileset, a sheet or a sound file changes. A bad
//! file fails the build with romtool's file, line and column; warnings are cargo warnings.
//!
//! The `main` of `build.rs` in a game made with `make new-game`:
//!
//! ```no_run
//! romtool::build_script::compile_levels("levels"); // OUT_DIR/levels.rs, art.rs
//! romtool::build_script::compile_sprites("sprites"); // OUT_DIR/sprites.rs
//! romtool::build_script::compile_sound("sound"); // OUT_DIR/sound.rs
//! ```

use std::path::{Path, PathBuf};

/// Compiles every level file of the folder `dir` (relative to the crate) into `levels.rs`
/// and `art.rs` in `OUT_DIR` (see [`crate::levels`]). A kind's `sprite` member names a sheet
/// of the sprite folder beside `dir` (`sprites/`).
pub fn compile_levels(dir: impl AsRef<Path>) {
    let dir = source_dir(dir.as_ref());
    let sprites = crate::levels::kinds::sprites_beside(&dir).map(|d| romtool_sprites::sheet_names(&d));
    let opts = crate::levels::Options { dir, out_dir: out_dir(), preview_dir: None, grid: false, require: Vec::new(), sprites };
    match crate::levels::build_outputs(&opts) {
        Ok((levels, files)) => {
            for w in levels.iter().flat_map(|l| &l.warnings) {
                println!("cargo:warning=warning: {w}");
            }
            write_all(files);
        }
        Err(diags) => fail(&diags, crate::levels::error_count(&diags), &opts.dir),
    }
}

/// Compiles the sprite sheets of the folder `dir` (relative to the crate) into `sprites.rs`
/// in `OUT_DIR`: [`romtool_sprites::build_script::compile_sprites`].
pub fn compile_sprites(dir: impl AsRef<Path>) {
    romtool_sprites::build_script::compile_sprites(dir)
}

/// Compiles the music and effects of the folder `dir` (relative to the crate) into
/// `sound.rs` in `OUT_DIR`: [`romtool_sound::build_script::compile_sound`].
pub fn compile_sound(dir: impl AsRef<Path>) {
    romtool_sound::build_script::compile_sound(dir)
}

/// `rel` from the crate's folder; cargo reruns the build script when anything under it
/// changes.
fn source_dir(rel: &Path) -> PathBuf {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join(rel);
    println!("cargo:rerun-if-changed={}", dir.display());
    dir
}

fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
}

fn write_all(files: Vec<(PathBuf, Vec<u8>)>) {
    for (path, bytes) in files {
        if let Err(e) = std::fs::write(&path, bytes) {
            eprintln!("error: {}: cannot write: {e}", path.display());
            std::process::exit(1);
        }
    }
}

/// Reports every diagnostic (each as a cargo warning too, so cargo shows them) and their
/// count, and fails the build.
fn fail(diags: &[impl std::fmt::Display], count: usize, dir: &Path) -> ! {
    for d in diags {
        println!("cargo:warning=error: {d}");
        eprintln!("error: {d}");
    }
    eprintln!("{count} error(s) in {}", dir.display());
    std::process::exit(1)
}
