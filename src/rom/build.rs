//! Build script of the ROM crate (only ever built for m68k-unknown-none-elf): assembles the
//! hardware crate's start-up code (`src/megadrive/asm/startup.s`, `mulsi3.s`, `mem.s`) with GNU as
//! and passes the linker script to ld; compiles the demo's music and effects (`src/rom/sound/`)
//! with romtool's `sound` into `$OUT_DIR/sound.rs`.

use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());

    // Startup code, vectors and interrupt entry points; the 32-bit multiply routine.
    for name in ["startup", "mulsi3", "mem"] {
        m68k_as::assemble_and_link(&root.join(format!("src/megadrive/asm/{name}.s")), &out);
    }
    println!("cargo:rerun-if-changed=linker/megadrive.ld");
    println!("cargo:rustc-link-arg=-T{}", root.join("linker/megadrive.ld").display());
    // Keep relocations: the packer uses them to find and rewrite 68020 `bra.l` tail calls.
    println!("cargo:rustc-link-arg=--emit-relocs");
    sound(&root.join("src/rom/sound"), &out);
}

/// `src/rom/sound/` (music/*.vgm, effects/*.wav and *.vgm) into `sound.rs`; a bad file fails
/// the build with its name and what is wrong.
fn sound(dir: &std::path::Path, out: &std::path::Path) {
    println!("cargo:rerun-if-changed={}", dir.display());
    match romtool::sound::build(dir) {
        Ok((code, _)) => std::fs::write(out.join("sound.rs"), code).expect("write sound.rs"),
        Err(errors) => {
            for e in &errors {
                println!("cargo:warning=error: {e}");
                eprintln!("error: {e}");
            }
            std::process::exit(1);
        }
    }
}
