//! Assembles `src/kernels.s` with GNU as (`-m68000`: the assembler itself rejects any
//! instruction the plain 68000 lacks) into a static library that rustc links into every
//! m68k binary using the kernels. On any other target the crate is empty: nothing to do.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/kernels.s");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let objs: Vec<_> = ["src/kernels.s"].iter().map(|s| m68k_as::assemble(&root.join(s), &out)).collect();
    m68k_as::archive("megacollide_kernels", &objs, &out);
    println!("cargo:rustc-link-lib=static=megacollide_kernels");
}
