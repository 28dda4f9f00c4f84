//! Build script of the on-target test runtime (does something only for m68k-unknown-none-elf):
//! assembles the hardware crate's `src/megadrive/asm/startup.s` (vectors, TMSS, RAM init, interrupt entries) and
//! `src/megadrive/asm/mulsi3.s` (`__mulsi3`), `mem.s` (`memcpy`, `memset`) and this crate's `src/testrt.s` (the resume point) with GNU as
//! into a static archive linked whole into every test binary that depends on this crate.
//! The linker script (`linker/megadrive.ld`) is passed by the test's own package
//! (src/engine/build.rs): link arguments do not propagate from dependencies.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let mut objs = Vec::new();
    for src in [
        root.join("../megadrive/asm/startup.s"),
        root.join("../megadrive/asm/mulsi3.s"),
        root.join("../megadrive/asm/mem.s"),
        root.join("src/testrt.s"),
    ] {
        objs.push(m68k_as::assemble(&src, &out));
    }
    m68k_as::archive("megacollide_testrt_asm", &objs, &out);
    // Whole archive: nothing references the vectors or `_start`; they must be linked anyway.
    println!("cargo:rustc-link-lib=static:-bundle,+whole-archive=megacollide_testrt_asm");
    // This crate's own 68000 test (tests/runner_check.rs) links as a cartridge too.
    let script = root.join("../../linker/megadrive.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rustc-link-arg-tests=-T{}", script.display());
    println!("cargo:rustc-link-arg-tests=--emit-relocs");
}
