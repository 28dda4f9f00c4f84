//! Control pads on both ports: the 3-button pad (D-pad, A, B, C, Start) and the 6-button
//! pad (also X, Y, Z, Mode). Buttons are bits of a `u16`, 1 = held ([`UP`] ... [`MODE`]).
//!
//! The port's TH (select) line multiplexes the buttons: with TH high the pad gives Up,
//! Down, Left, Right, B, C; with TH low Up, Down, A and Start, and lines 2 and 3 low (all
//! active low). A 6-button pad answers the third TH low phase with the low four lines all
//! low, the fourth high phase with Z, Y, X, Mode and the fourth low phase with the low
//! four lines all high; it resets its pulse counter after about 1.5 ms without one, so
//! [`read6`] must not run more often than once per frame. A 3-button pad never drives
//! lines 2 and 3 high with TH low, so it is never taken for a 6-button pad, even with Up
//! and Down held together.
//!
//! ```
//! use megadrive::pad::{decode3, A, RIGHT, START};
//!
//! // Raw port bytes, active low: TH high with Right held (line 3 low), TH low with A and
//! // Start held (lines 4 and 5 low; lines 2 and 3 are always low then).
//! let held = decode3(0b0111_0111, 0b0100_0011);
//! assert_eq!(held, RIGHT | A | START);
//! // On the console: `pad::init()` once, then `pad::read6(Port::One)` once a frame.
//! ```

use megadrive_sys::*;

/// D-pad up.
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
/// Z button (6-button pad).
pub const Z: u16 = 0x100;
/// Y button (6-button pad).
pub const Y: u16 = 0x200;
/// X button (6-button pad).
pub const X: u16 = 0x400;
/// Mode button (6-button pad).
pub const MODE: u16 = 0x800;
/// Set by [`read6`] when the pad on the port is a 6-button pad (not a button).
pub const SIX_BUTTON: u16 = 0x8000;

/// A controller port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Port {
    /// Port 1 (player 1).
    One,
    /// Port 2 (player 2).
    Two,
}

impl Port {
    const fn data(self) -> u32 {
        match self {
            Port::One => MD_IO_DATA1,
            Port::Two => MD_IO_DATA2,
        }
    }
    const fn ctrl(self) -> u32 {
        match self {
            Port::One => MD_IO_CTRL1,
            Port::Two => MD_IO_CTRL2,
        }
    }
}

fn write(addr: u32, v: u8) {
    // SAFETY: an I/O port register of the Mega Drive; byte writes only set the port's pins
    // or their direction.
    unsafe { core::ptr::write_volatile(addr as *mut u8, v) }
}

fn read(addr: u32) -> u8 {
    // SAFETY: reading a controller data port has no side effects.
    unsafe { core::ptr::read_volatile(addr as *const u8) }
}

/// Sets TH to `high` and returns the port's lines once they have settled (a couple of
/// cycles: one dummy read).
#[inline(always)]
fn select(port: Port, high: bool) -> u8 {
    write(port.data(), if high { MD_IO_TH as u8 } else { 0 });
    let _ = read(port.data());
    read(port.data())
}

/// Makes TH (the select line) of `port` an output, high.
pub fn init_port(port: Port) {
    write(port.ctrl(), MD_IO_TH as u8);
    write(port.data(), MD_IO_TH as u8);
}

/// [`init_port`] for both ports.
pub fn init() {
    init_port(Port::One);
    init_port(Port::Two);
}

/// The held buttons from the two 3-button phases: `high` read with TH high, `low` with TH
/// low (raw port bytes, active low).
pub const fn decode3(high: u8, low: u8) -> u16 {
    (!high as u16 & 0x3F) | ((!low as u16 & 0x30) << 2)
}

/// The X, Y, Z and Mode bits from the fourth TH-high phase of a 6-button pad (raw, active
/// low): [`Z`], [`Y`], [`X`], [`MODE`].
pub const fn decode6_extra(extra: u8) -> u16 {
    (!extra as u16 & 0x0F) << 8
}

/// Reads a 3-button pad (or the 3-button part of a 6-button pad): one TH high-low pulse.
/// Returns the held buttons ([`UP`] ... [`START`]).
pub fn read3(port: Port) -> u16 {
    let high = select(port, true);
    let low = select(port, false);
    write(port.data(), MD_IO_TH as u8);
    decode3(high, low)
}

/// Whether the third and fourth TH-low phases (raw port bytes) identify a 6-button pad: low
/// four lines all low, then all high. A 3-button pad holds lines 2 and 3 low in every TH-low
/// phase, so `fourth` never matches for it.
pub const fn is_six_button(third: u8, fourth: u8) -> bool {
    third & 0x0F == 0 && fourth & 0x0F == 0x0F
}

/// Reads a 3- or 6-button pad: four TH pulses. Returns the held buttons, with [`X`], [`Y`],
/// [`Z`], [`MODE`] and the [`SIX_BUTTON`] flag when the pad is a 6-button pad (a 3-button
/// pad gives none of them). At most once per frame.
pub fn read6(port: Port) -> u16 {
    let high = select(port, true);
    let low = select(port, false);
    let _ = select(port, true);
    let _ = select(port, false);
    let _ = select(port, true);
    let third = select(port, false); // 6-button: low four lines low
    let extra = select(port, true);
    let fourth = select(port, false); // 6-button: low four lines high
    write(port.data(), MD_IO_TH as u8);
    let mut buttons = decode3(high, low);
    if is_six_button(third, fourth) {
        buttons |= decode6_extra(extra) | SIX_BUTTON;
    }
    buttons
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_active_low_lines() {
        // Nothing held: every line high.
        assert_eq!(decode3(0x7F, 0x7F), 0);
        // Right and C with TH high (bits 3 and 5 low), Start with TH low (bit 5 low).
        assert_eq!(decode3(0x7F & !0x08 & !0x20, 0x7F & !0x20), RIGHT | C | START);
        // A (TH low, bit 4).
        assert_eq!(decode3(0x7F, 0x7F & !0x10), A);
        // X and Mode (bits 2 and 3 low).
        assert_eq!(decode6_extra(0x7F & !0x04 & !0x08), X | MODE);
    }

    #[test]
    fn six_button_id_needs_both_low_phases() {
        // 6-button pad: third low phase 0000, fourth 1111 (A and Start held or not).
        assert!(is_six_button(0x30, 0x3F));
        assert!(is_six_button(0x00, 0x0F));
        // 3-button pad with Up and Down held: its TH-low lines 0..=3 read 0000 every time.
        assert!(!is_six_button(0x30, 0x30));
        // 3-button pad, nothing held: lines 0, 1 high, 2, 3 low.
        assert!(!is_six_button(0x33, 0x33));
    }
}
