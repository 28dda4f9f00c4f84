//! The demo ROM boots in both emulators: frame counter, alive marker, no fault, and the
//! screen shows the text it drew.

use romtests::*;

const FRAMES: u32 = 120;

/// Frames the ROM may spend before `main` has set the alive marker (it clears VRAM, CRAM
/// and VSRAM with the CPU).
const BOOT_BUDGET: u32 = 30;

#[test]
fn boots_in_genesis_plus_gx() {
    let rom = Rom::load("megacollide").unwrap();
    let sv = rom.sym("SYSVARS");
    let (_lock, mut gx) = gpgx_with(&rom);
    let boot = gx
        .run_until(BOOT_BUDGET, emu::Pad::NONE, |gx| gx.read_u32_be(sv + sysvars::ALIVE) == ALIVE_MAGIC)
        .expect("alive marker set within the boot budget");
    let at_boot = gx.read_u32_be(sv + sysvars::FRAMES);
    assert!(at_boot <= 1, "VBlank interrupts are enabled only after the marker is set (saw {at_boot})");
    gx.run_frames(FRAMES, emu::Pad::NONE);
    assert_eq!(gx.read_u32_be(sv + sysvars::FRAMES), at_boot + FRAMES, "one VBlank per frame (boot took {boot} frames)");
    assert_eq!(gx.read_u32_be(sv + sysvars::ALIVE), ALIVE_MAGIC, "alive marker");
    assert_eq!(gx.read_u32_be(sv + sysvars::FAULT), 0, "fault marker");
    assert_screen(&gx, "boot");
}

#[test]
fn boots_in_blastem() {
    let rom = Rom::load("megacollide").unwrap();
    let sv = rom.sym("SYSVARS");
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(FRAMES), &[(sv, 16)]).unwrap();
    let block = &reads[0];
    assert_eq!(be32(&block[0..4]), ALIVE_MAGIC, "alive marker");
    assert_eq!(be32(&block[8..12]), 0, "fault marker");
    // The harness stops as VBlank FRAMES + 1 begins, before its handler runs.
    assert_eq!(be32(&block[4..8]), FRAMES, "VBlank count when stopped at VBlank {FRAMES}");
}
