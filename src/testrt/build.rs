//! Build script of the on-target test runtime (does something only for m68k-unknown-none-elf):
//! assembles this crate's `src/testrt.s` (the resume point) with GNU as into a static archive
//! linked into every test binary that depends on this crate. The start-up code and the
//! memory map come from the hardware crate (`megadrive`, a dependency on the 68000: its
//! build links them into every binary that uses it).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let objs = [m68k_as::assemble(&root.join("src/testrt.s"), &out)];
    m68k_as::archive("megacollide_testrt_asm", &objs, &out);
    println!("cargo:rustc-link-lib=static:-bundle,+whole-archive=megacollide_testrt_asm");
}
