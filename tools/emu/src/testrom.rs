//! The harness's own tiny test ROM (source: `tools/emu/testrom/testrom.s`, linker script
//! `linker/emu-testrom.ld`), assembled with GNU binutils for m68k at test time (never
//! committed as a binary).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{ensure, Context, Result};

pub const SOURCE: &str = include_str!("../testrom/testrom.s");
pub const LINKER_SCRIPT: &str = include_str!("../../../linker/emu-testrom.ld");

/// Value the test ROM stores at `alive_marker` once initialised ('ALIV').
pub const ALIVE_MAGIC: u32 = 0x414C_4956;
/// Background (CRAM colour 0 = 0x0E00, pure blue) and tile (colour 1 = 0x000E, pure red).
pub const BACKGROUND_MD_COLOUR: u16 = 0x0E00;
pub const TILE_MD_COLOUR: u16 = 0x000E;

/// A built test ROM.
#[derive(Debug, Clone)]
pub struct TestRom {
    /// Raw ROM image.
    pub bin: PathBuf,
    /// ELF with the symbols `frame_counter`, `pad_state`, `alive_marker`,
    /// `main_loops`, `vblank_handler`, `_start`.
    pub elf: PathBuf,
}

fn tool(name: &str) -> String {
    let prefix = std::env::var("M68K_BINUTILS_PREFIX").unwrap_or_else(|_| "m68k-linux-gnu-".into());
    format!("{prefix}{name}")
}

fn run(cmd: &mut Command) -> Result<()> {
    let out = cmd.output().with_context(|| format!("running {cmd:?} (apt-get install binutils-m68k-linux-gnu)"))?;
    ensure!(out.status.success(), "{cmd:?} failed: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    Ok(())
}

/// Assemble and link the test ROM into `out_dir` (`emu-testrom.bin` / `.elf`).
/// Safe to call concurrently: files are built in a private directory and renamed into place.
pub fn build(out_dir: impl AsRef<Path>) -> Result<TestRom> {
    let out_dir = out_dir.as_ref();
    std::fs::create_dir_all(out_dir)?;
    let work = tempfile::Builder::new().prefix(".emu-testrom-").tempdir_in(out_dir)?;
    let w = work.path();
    std::fs::write(w.join("testrom.s"), SOURCE)?;
    std::fs::write(w.join("testrom.ld"), LINKER_SCRIPT)?;
    run(Command::new(tool("as")).current_dir(w).args(["-m68000", "-o", "testrom.o", "testrom.s"]))?;
    run(Command::new(tool("ld")).current_dir(w).args(["-T", "testrom.ld", "-o", "testrom.elf", "testrom.o"]))?;
    run(Command::new(tool("objcopy")).current_dir(w).args(["-O", "binary", "-j", ".text", "testrom.elf", "testrom.bin"]))?;
    let rom = TestRom { bin: out_dir.join("emu-testrom.bin"), elf: out_dir.join("emu-testrom.elf") };
    std::fs::rename(w.join("testrom.bin"), &rom.bin)?;
    std::fs::rename(w.join("testrom.elf"), &rom.elf)?;
    Ok(rom)
}
