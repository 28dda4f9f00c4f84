//! The sound driver's protocol (`megadrive::sound::protocol`, the one source of the op codes,
//! mailbox and status addresses and rates) against the Z80 driver `z80/driver.asm`: the
//! driver assembled with the protocol's include file is the build's driver, its symbol table
//! holds every protocol constant with its value, no mailbox, status or op-code name of the
//! driver is missing from the protocol, and changing any one protocol value changes the
//! driver's code (so the assembly keeps no private copy of it). romtool and the Rust API use
//! the same constants; `tools/romtests/tests/sound.rs` checks in the emulator that the driver
//! plays romtool's streams as romtool wrote them (the music's write checksum).
#![cfg(not(target_arch = "m68k"))]

#[allow(dead_code)] // `INCLUDE` is the build script's
#[path = "../build/z80.rs"]
mod z80;

use megadrive::sound::protocol::*;
use std::path::{Path, PathBuf};

/// A pasmo symbol table: (name, value) in its order.
type Symbols = Vec<(String, u16)>;

/// The driver assembled with `symbols` as its protocol, in the folder `dir`: the code and the
/// symbol table.
fn assemble(symbols: &[(&str, u16)], dir: &Path) -> Result<(Vec<u8>, Symbols), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(dir.join(z80::INCLUDE), z80::include_text(symbols)).map_err(|e| e.to_string())?;
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("z80/driver.asm");
    let (bin, sym) = (dir.join("driver.bin"), dir.join("driver.sym"));
    z80::assemble(&source, dir, &bin, &sym)?;
    let code = std::fs::read(&bin).map_err(|e| e.to_string())?;
    let table = std::fs::read_to_string(&sym).map_err(|e| e.to_string())?;
    Ok((code, z80::symbols(&table)?))
}

fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("sound-protocol").join(name)
}

#[test]
fn the_assembled_driver_holds_every_protocol_value() {
    let (code, table) = assemble(DRIVER_SYMBOLS, &scratch("as-built")).unwrap();
    assert_eq!(code, megadrive::sound::DRIVER, "the driver assembled here differs from the build's");
    assert_eq!(code.len(), megadrive::sound::DRIVER_BYTES as usize);
    for &(name, value) in DRIVER_SYMBOLS {
        let found: Vec<u16> = table.iter().filter(|(n, _)| n == name).map(|&(_, v)| v).collect();
        assert_eq!(found, [value], "{name}: the driver's symbol table has {found:x?}, the protocol {value:#x}");
    }
    // A mailbox, status or op-code name of the driver that the protocol lacks is a copy.
    for (name, value) in &table {
        let shared = ["MB_", "ST_", "OP_", "MUSIC_"].iter().any(|p| name.starts_with(p));
        assert!(
            !shared || DRIVER_SYMBOLS.iter().any(|(n, _)| n == name),
            "driver.asm defines {name} = {value:#x} itself: add it to src/sound/protocol.rs instead"
        );
    }
}

#[test]
fn every_protocol_value_reaches_the_drivers_code() {
    let (reference, _) = assemble(DRIVER_SYMBOLS, &scratch("reference")).unwrap();
    let mut unused = Vec::new();
    for (i, &(name, value)) in DRIVER_SYMBOLS.iter().enumerate() {
        let mut changed = DRIVER_SYMBOLS.to_vec();
        changed[i].1 = value ^ 1;
        let (code, _) =
            assemble(&changed, &scratch(&format!("changed-{name}"))).unwrap_or_else(|e| panic!("{name} = {:#x}: {e}", value ^ 1));
        if code == reference {
            unused.push(name);
        }
    }
    assert!(
        unused.is_empty(),
        "the driver's code does not change with {unused:?}: driver.asm does not use them (a literal in their place?), or they do not belong in DRIVER_SYMBOLS"
    );
}

#[test]
fn the_rates_are_the_documented_ones() {
    // 60 ticks a second from Timer B and the accumulator, on NTSC and PAL.
    for (clock, inc) in [(YM2612_CLOCK_NTSC, TICK_NTSC), (YM2612_CLOCK_PAL, TICK_PAL)] {
        let ticks = clock as f64 / (144.0 * TIMER_B_SAMPLES as f64) * inc as f64 / 65_536.0;
        assert!((ticks - TICKS_PER_SECOND as f64).abs() < 0.005, "{clock} Hz: {ticks:.4} ticks a second");
    }
    assert_eq!((TICK_NTSC, TICK_PAL), (18_898, 19_072));
    assert_eq!(PCM_RATE, 6_658);
    assert_eq!(megadrive::sound::PCM_RATE, PCM_RATE);
    // The status copy: ST_READY to ST_WSUM + 1.
    assert_eq!(STATUS_BYTES, 11);
    assert_eq!(megadrive::sound::STATUS_BYTES, STATUS_BYTES);
}
