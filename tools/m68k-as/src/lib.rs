//! Build-script helper shared by every crate that links 68000 assembly (assemble, archive) (the ROM, the bench
//! ELF, the on-target test runtime, the engine's kernels): one place that runs GNU `as` from
//! `binutils-m68k-linux-gnu` in plain 68000 mode, so the assembler itself rejects any
//! 68010+ instruction.
#![deny(missing_docs)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Assembles `src` with `m68k-linux-gnu-as -m68000 --register-prefix-optional` into
/// `out_dir/<file stem>.o`, asks cargo to rerun when `src` changes, and returns the object's
/// path. Panics (failing the build) with the file name when the assembler is missing or the
/// source has errors (the assembler prints them with file and line).
pub fn assemble(src: &Path, out_dir: &Path) -> PathBuf {
    let obj = out_dir.join(src.file_name().expect("source file name")).with_extension("o");
    let status = Command::new("m68k-linux-gnu-as")
        .args(["-m68000", "--register-prefix-optional", "-o"])
        .arg(&obj)
        .arg(src)
        .status()
        .expect("m68k-linux-gnu-as (binutils-m68k-linux-gnu) not found: run `make deps`");
    assert!(status.success(), "assembling {} failed", src.display());
    println!("cargo:rerun-if-changed={}", src.display());
    obj
}

/// [`assemble`], then link the object into the crate's final binary (`rustc-link-arg`).
pub fn assemble_and_link(src: &Path, out_dir: &Path) {
    let obj = assemble(src, out_dir);
    println!("cargo:rustc-link-arg={}", obj.display());
}

/// Packs `objs` into the static library `out_dir/lib<name>.a` (replacing an old one) with
/// `m68k-linux-gnu-ar` and tells cargo where to find it. The caller prints its own
/// `rustc-link-lib` line (plain, or whole-archive for code nothing references).
pub fn archive(name: &str, objs: &[PathBuf], out_dir: &Path) {
    let lib = out_dir.join(format!("lib{name}.a"));
    let _ = std::fs::remove_file(&lib);
    let status = Command::new("m68k-linux-gnu-ar")
        .arg("crs")
        .arg(&lib)
        .args(objs)
        .status()
        .expect("m68k-linux-gnu-ar (binutils-m68k-linux-gnu) not found: run `make deps`");
    assert!(status.success(), "m68k-linux-gnu-ar failed for {}", lib.display());
    println!("cargo:rustc-link-search=native={}", out_dir.display());
}
