//! Build script of the ROM crate (only ever built for m68k-unknown-none-elf): assembles the
//! hardware crate's start-up code (`src/megadrive/asm/startup.s`, `mulsi3.s`, `mem.s`) with GNU as
//! and passes the linker script to ld.

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
}
