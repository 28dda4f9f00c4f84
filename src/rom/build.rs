//! Build script of the ROM crate (only ever built for m68k-unknown-none-elf):
//! assembles `src/rom/startup.s` and `src/rom/mulsi3.s` with GNU as, turns the public-domain 8x8 font into VDP
//! tiles, and passes the linker script to ld.

use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());

    // Startup code, vectors and interrupt entry points; the 32-bit multiply routine.
    for name in ["startup", "mulsi3"] {
        m68k_as::assemble_and_link(&root.join(format!("src/rom/{name}.s")), &out);
    }
    println!("cargo:rerun-if-changed=linker/megadrive.ld");
    println!("cargo:rustc-link-arg=-T{}", root.join("linker/megadrive.ld").display());
    // Keep relocations: the packer uses them to find and rewrite 68020 `bra.l` tail calls.
    println!("cargo:rustc-link-arg=--emit-relocs");

    // Font: ASCII 32..=127 as 4-bit VDP tiles (colour 1 on colour 0), 32 bytes each.
    let mut tiles = Vec::with_capacity(96 * 32);
    for glyph in &font8x8::legacy::BASIC_LEGACY[32..128] {
        for &row in glyph {
            let mut word: u32 = 0;
            for x in 0..8 {
                // font8x8 stores the leftmost pixel in bit 0.
                if row & (1 << x) != 0 {
                    word |= 1 << ((7 - x) * 4);
                }
            }
            tiles.extend_from_slice(&word.to_be_bytes());
        }
    }
    std::fs::write(out.join("font.bin"), tiles).unwrap();
}
