//! Build script of the hardware crate: tells cartridges' build scripts where the start-up
//! code and the linker script are (`links` metadata), and turns the public-domain 8x8 font (the `font8x8`
//! crate) into VDP tiles for `text::load_font` (`$OUT_DIR/font.bin`). Host and 68000 alike;
//! for the 68000 also the link arguments of the on-target pad test (`tests/pads.rs`).
//! It also assembles the Z80 sound driver (`z80/driver.asm`, with Debian's `pasmo`, which
//! `tools/install-deps.sh` installs) into `$OUT_DIR/z80_driver.bin`, and writes its mailbox
//! and status addresses (from pasmo's symbol table) as Rust constants to
//! `$OUT_DIR/z80_layout.rs` for `sound`.

use std::path::{Path, PathBuf};
use std::process::Command;

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
    z80_driver(&root.join("z80/driver.asm"), &out);
    // The on-target pad test (tests/pads.rs, built for the 68000 by `make test-m68k`) is a
    // cartridge: the memory map, and relocations kept for the packer's `bra.l` rewrite.
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("m68k") {
        let script = root.join("../../linker/megadrive.ld");
        println!("cargo:rerun-if-changed={}", script.display());
        println!("cargo:rustc-link-arg-tests=-T{}", script.display());
        println!("cargo:rustc-link-arg-tests=--emit-relocs");
    }
}

/// Assembles the Z80 driver with pasmo: `z80_driver.bin` (the code, loaded at Z80 address 0)
/// and `z80_layout.rs` (every `MB_*` and `ST_*` address and the driver's size).
fn z80_driver(source: &Path, out: &Path) {
    println!("cargo:rerun-if-changed={}", source.display());
    let bin = out.join("z80_driver.bin");
    let sym = out.join("z80_driver.sym");
    let status = Command::new("pasmo").arg("--bin").arg(source).arg(&bin).arg(&sym).status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("pasmo failed ({s}) on {}", source.display()),
        Err(e) => panic!("cannot run pasmo ({e}): the Z80 assembler; `make deps` (tools/install-deps.sh) installs it"),
    }
    let symbols = std::fs::read_to_string(&sym).expect("pasmo's symbol table");
    let mut rs = String::from("// The Z80 driver's mailbox and status addresses, from pasmo's symbol table.\n");
    for line in symbols.lines() {
        // "NAME\t\tEQU 01F00H"
        let mut parts = line.split_whitespace();
        let (Some(name), Some("EQU"), Some(value)) = (parts.next(), parts.next(), parts.next()) else { continue };
        if !(name.starts_with("MB_") || name.starts_with("ST_") || name == "driver_end") {
            continue;
        }
        let value = u16::from_str_radix(value.trim_end_matches(['H', 'h']), 16)
            .unwrap_or_else(|e| panic!("{}: symbol {name} = {value}: {e}", sym.display()));
        let name = if name == "driver_end" { "DRIVER_END".to_string() } else { name.to_string() };
        rs.push_str(&format!("/// Z80 address of `{name}` (see `z80/driver.asm`).\npub const {name}: u16 = {value:#06x};\n"));
    }
    std::fs::write(out.join("z80_layout.rs"), rs).expect("write z80_layout.rs");
}
