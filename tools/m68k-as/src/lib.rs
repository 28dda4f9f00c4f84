//! Build-script helper shared by every crate that links 68000 assembly (the ROM, the bench
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
