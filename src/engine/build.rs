//! Build script of the engine: does something only when the engine's tests are built for
//! the 68000 (`m68k-unknown-none-elf`): `tests/suite` is then linked as a Mega Drive
//! cartridge with the ROM's linker script (the vectors and start-up code come from the
//! megacollide-testrt dev-dependency). Host builds and the library itself are unaffected.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let script = root.join("../../linker/megadrive.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg-tests=-T{}", script.display());
    // The tests' reference maps live on the stack: 40 KiB of the 64 KiB RAM.
    println!("cargo:rustc-link-arg-tests=--defsym=__stack_size=0xA000");
    // Keep relocations: the packer rewrites 68020 `bra.l` tail calls with them.
    println!("cargo:rustc-link-arg-tests=--emit-relocs");
}
