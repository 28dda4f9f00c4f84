//! Shared helpers for the emu integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use emu::testrom::TestRom;
use emu::Symbols;

/// The assembled test ROM (built once per test binary into Cargo's per-target tmp dir).
pub fn test_rom() -> &'static TestRom {
    static ROM: OnceLock<TestRom> = OnceLock::new();
    ROM.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emu-testrom");
        emu::testrom::build(&dir).expect("building the test ROM (needs binutils-m68k-linux-gnu)")
    })
}

pub fn symbols() -> &'static Symbols {
    static SYMS: OnceLock<Symbols> = OnceLock::new();
    SYMS.get_or_init(|| Symbols::load(&test_rom().elf).expect("test ROM ELF"))
}

pub fn sym(name: &str) -> u32 {
    symbols().require(name).unwrap()
}

pub fn rom_bytes() -> Vec<u8> {
    std::fs::read(&test_rom().bin).unwrap()
}

pub fn open_gpgx() -> emu::Gpgx {
    let core = emu::find_gpgx_core().expect("Genesis Plus GX core");
    let mut gx = emu::Gpgx::open(core).expect("open core");
    gx.load_rom(&rom_bytes()).expect("load ROM");
    gx
}
