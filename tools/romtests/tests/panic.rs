//! A ROM built to panic on purpose (feature `panic-test`, panics at frame 30) shows the panic
//! and records it: fault marker, line number and "file:line: message" in SYSVARS, and the
//! panic screen drawn through the VDP.

use romtests::*;

#[test]
fn panic_sets_marker_and_message_in_genesis_plus_gx() {
    if !built(&["panic-test.md", "panic-test.elf"]) {
        return;
    }
    let rom = Rom::load("panic-test").unwrap();
    let sv = rom.sym("SYSVARS");
    let (_lock, mut gx) = gpgx_with(&rom);
    let at = gx.run_until(120, emu::Pad::NONE, |gx| gx.read_u32_be(sv + sysvars::FAULT) != 0).expect("the ROM panics within 120 frames");
    assert_eq!(gx.read_u32_be(sv + sysvars::FAULT), FAULT_PANIC, "fault marker is PANC");
    let message = c_string(&gx.read_bytes(sv + sysvars::MESSAGE, sysvars::MESSAGE_BYTES));
    let line = gx.read_u32_be(sv + sysvars::FAULT_INFO);
    assert_eq!(line, 8, "panic line recorded (the panic! in src/rom/panic_test.rs)");
    assert_eq!(message, format!("src/rom/panic_test.rs:{line}: deliberate test panic at frame 30"), "panic message (frame {at})");
    // The panic screen: red "PANIC" title and the message on black. Redrawing it clears all
    // of VRAM with the CPU (about 15 frames): give it a second, then compare.
    gx.run_frames(60, emu::Pad::NONE);
    assert_screen(&gx, "panic");
}

#[test]
fn panic_is_recorded_in_blastem() {
    if !built(&["panic-test.md", "panic-test.elf"]) {
        return;
    }
    let rom = Rom::load("panic-test").unwrap();
    let sv = rom.sym("SYSVARS");
    // The handler runs with interrupts off, so stop at the panic handler's end state by
    // running into the loop it halts in: break on the halt loop once.
    let halt = rom.sym("fault_halt");
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::Breakpoint { addr: halt, hits: 1 }, &[(sv, 112)]).unwrap();
    let block = &reads[0];
    assert_eq!(be32(&block[8..12]), FAULT_PANIC, "fault marker is PANC");
    let message = c_string(&block[16..]);
    assert!(message.ends_with(": deliberate test panic at frame 30"), "message: {message:?}");
}
