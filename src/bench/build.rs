//! Build script of the bench crate. Everywhere: compiles the bench's fixed scene
//! (`levels/`: `bench.tmj` and its collision tileset) into `levels.rs` in `OUT_DIR` with
//! romtool's level compiler (`src/lib.rs` includes it). For the 68000 only (the bench ELF):
//! assembles `src/rt.s` (`abort`, the trap the panic handler uses) with GNU as and links with
//! `linker/bench.ld` (code at 0x200, data in the Mega Drive's RAM; no vectors, no startup:
//! tools/bench loads the ELF and calls the entry points directly). `__mulsi3`, `memcpy` and
//! `memset` come with the hardware crate (its build, without the feature `cartridge`).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    compile_scene(&root.join("levels"), &out);
    // On the host (the runner's library, workspace-wide `cargo test`), main.rs is an empty
    // program: nothing to link.
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    // The bench runtime.
    m68k_as::assemble_and_link(&root.join("src/rt.s"), &out);
    let script = root.join("../../linker/bench.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg-bins=-T{}", script.display());
}

/// `romtool levels` on `dir` without previews, into `out/levels.rs`; a bad file fails the
/// build with romtool's file, line and column.
fn compile_scene(dir: &std::path::Path, out: &std::path::Path) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let opts = romtool_levels::Options {
        dir: dir.to_path_buf(),
        out_dir: out.to_path_buf(),
        preview_dir: None,
        grid: false,
        require: vec!["bench".into()],
        sprites: None,
    };
    match romtool_levels::build_outputs(&opts) {
        Ok((_, files)) => {
            for (path, bytes) in files {
                std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: cannot write: {e}", path.display()));
            }
        }
        Err(diags) => {
            for d in &diags {
                println!("cargo:warning=error: {d}");
                eprintln!("error: {d}");
            }
            std::process::exit(1);
        }
    }
}
