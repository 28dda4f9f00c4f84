//! Assembles `src/kernels.s` with GNU as (`-m68000`: the assembler itself rejects any
//! instruction the plain 68000 lacks) into a static library that rustc links into every
//! m68k binary using the kernels. On any other target the crate is empty: nothing to do.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/kernels.s");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let lib = out.join("libmegacollide_kernels.a");
    let obj = m68k_as::assemble(&root.join("src/kernels.s"), &out);
    let _ = std::fs::remove_file(&lib);
    let status = Command::new("m68k-linux-gnu-ar")
        .arg("crs")
        .arg(&lib)
        .arg(&obj)
        .status()
        .expect("m68k-linux-gnu-ar (binutils-m68k-linux-gnu) not found: run `make deps`");
    assert!(status.success(), "m68k-linux-gnu-ar failed");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=megacollide_kernels");
}
