//! Build script of the hardware crate: tells cartridges' build scripts where the start-up
//! code and the linker script are (`links` metadata), and turns the public-domain 8x8 font (the `font8x8`
//! crate) into VDP tiles for `text::load_font` (`$OUT_DIR/font.bin`). Host and 68000 alike;
//! for the 68000 also the link arguments of the on-target pad test (`tests/pads.rs`).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // For the build scripts of cartridges (`links = "megadrive"`): DEP_MEGADRIVE_ASM_DIR holds
    // startup.s, mulsi3.s and mem.s, DEP_MEGADRIVE_LINKER_SCRIPT is the memory map to link with.
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    println!("cargo:asm_dir={}", root.join("asm").display());
    println!("cargo:linker_script={}", root.join("../../linker/megadrive.ld").display());
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    // ASCII 32..=127 as 4-bit VDP tiles (colour 1 on colour 0), 32 bytes each.
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
    std::fs::write(out.join("font.bin"), tiles).expect("write font.bin");
    // The on-target pad test (tests/pads.rs, built for the 68000 by `make test-m68k`) is a
    // cartridge: the memory map, and relocations kept for the packer's `bra.l` rewrite.
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("m68k") {
        let script = root.join("../../linker/megadrive.ld");
        println!("cargo:rerun-if-changed={}", script.display());
        println!("cargo:rustc-link-arg-tests=-T{}", script.display());
        println!("cargo:rustc-link-arg-tests=--emit-relocs");
    }
}
