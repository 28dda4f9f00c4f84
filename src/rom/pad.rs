//! The 3-button control pad on port 1: one read per frame, buttons as bits (1 = held).

use megadrive_sys::*;

/// D-pad up (not used by the demo).
#[allow(dead_code)]
pub const UP: u16 = 0x01;
/// D-pad down.
pub const DOWN: u16 = 0x02;
/// D-pad left.
pub const LEFT: u16 = 0x04;
/// D-pad right.
pub const RIGHT: u16 = 0x08;
/// B button.
pub const B: u16 = 0x10;
/// C button.
pub const C: u16 = 0x20;
/// A button.
pub const A: u16 = 0x40;
/// Start button.
pub const START: u16 = 0x80;
/// Any of the jump buttons.
pub const JUMP: u16 = A | B | C;

fn write(addr: u32, v: u8) {
    // SAFETY: an I/O port register of the Mega Drive; byte writes only set the port's pins.
    unsafe { core::ptr::write_volatile(addr as *mut u8, v) }
}

fn read(addr: u32) -> u8 {
    // SAFETY: reading a controller data port has no side effects.
    unsafe { core::ptr::read_volatile(addr as *const u8) }
}

/// Makes TH (the select line) an output, high.
pub fn init() {
    write(MD_IO_CTRL1, MD_IO_TH as u8);
    write(MD_IO_DATA1, MD_IO_TH as u8);
}

/// Reads the pad: with TH high the port gives Up, Down, Left, Right, B, C; with TH low
/// A and Start (active low). Returns the held buttons (the constants above).
pub fn buttons() -> u16 {
    write(MD_IO_DATA1, MD_IO_TH as u8);
    let _ = read(MD_IO_DATA1); // the lines settle within a couple of cycles
    let high = read(MD_IO_DATA1);
    write(MD_IO_DATA1, 0);
    let _ = read(MD_IO_DATA1);
    let low = read(MD_IO_DATA1);
    write(MD_IO_DATA1, MD_IO_TH as u8);
    (!high as u16 & 0x3F) | ((!low as u16 & 0x30) << 2)
}
