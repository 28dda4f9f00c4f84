//! What a game's build script (`build.rs`) needs around a compiler of the tools: the source
//! folder (cargo reruns the script when it changes), `OUT_DIR`, writing the outputs, and
//! failing the build with every diagnostic. The compilers' own entry points are
//! `romtool_levels::build_script::compile_levels`,
//! `romtool_sprites::build_script::compile_sprites` and
//! `romtool_sound::build_script::compile_sound`.

use std::path::{Path, PathBuf};

/// `rel` from the crate's folder (`CARGO_MANIFEST_DIR`); cargo reruns the build script when
/// anything under it changes.
pub fn source_dir(rel: &Path) -> PathBuf {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join(rel);
    println!("cargo:rerun-if-changed={}", dir.display());
    dir
}

/// The build script's output folder (`OUT_DIR`).
pub fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
}

/// Writes every file (path, bytes); a file that cannot be written fails the build.
pub fn write_all(files: Vec<(PathBuf, Vec<u8>)>) {
    for (path, bytes) in files {
        if let Err(e) = std::fs::write(&path, bytes) {
            eprintln!("error: {}: cannot write: {e}", path.display());
            std::process::exit(1);
        }
    }
}

/// Reports every diagnostic (each as a cargo warning too, so cargo shows them) and their
/// count (`count` errors in `dir`), and fails the build.
pub fn fail(diags: &[impl std::fmt::Display], count: usize, dir: &Path) -> ! {
    for d in diags {
        println!("cargo:warning=error: {d}");
        eprintln!("error: {d}");
    }
    eprintln!("{count} error(s) in {}", dir.display());
    std::process::exit(1)
}
