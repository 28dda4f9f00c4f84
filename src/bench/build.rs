//! Build script of the bench ELF (only ever built for m68k-unknown-none-elf): assembles
//! `src/rt.s` (`abort`, the trap the panic handler uses) and the hardware crate's `src/megadrive/asm/mulsi3.s` and `mem.s` with GNU as and links
//! with `linker/bench.ld` (code at 0x200, data in the Mega Drive's RAM; no vectors, no startup:
//! tools/bench loads the ELF and calls the entry points directly).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // On the host (workspace-wide `cargo test`), main.rs is an empty program: nothing to link.
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    // The bench runtime, and the ROM's 32-bit multiply routine.
    for src in [root.join("src/rt.s"), root.join("../megadrive/asm/mulsi3.s"), root.join("../megadrive/asm/mem.s")] {
        m68k_as::assemble_and_link(&src, &out);
    }
    let script = root.join("../../linker/bench.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg=-T{}", script.display());
}
