//! Build script: assembles the hardware crate's start-up code (vectors, TMSS handshake,
//! RAM init, interrupt entries; `__mulsi3`; `memcpy` and `memset`) with GNU as and links with its memory map.
//! The `megadrive` crate says where they are (its `links` metadata).

use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let asm = PathBuf::from(std::env::var("DEP_MEGADRIVE_ASM_DIR").expect("the megadrive crate's asm_dir"));
    let ld = std::env::var("DEP_MEGADRIVE_LINKER_SCRIPT").expect("the megadrive crate's linker_script");
    for name in ["startup", "mulsi3", "mem"] {
        m68k_as::assemble_and_link(&asm.join(format!("{name}.s")), &out);
    }
    println!("cargo:rerun-if-changed={ld}");
    println!("cargo:rustc-link-arg=-T{ld}");
    // Keep relocations: the packer uses them to rewrite 68020 `bra.l` tail calls.
    println!("cargo:rustc-link-arg=--emit-relocs");
    println!("cargo:rerun-if-changed=out/gen/levels.rs");
}
