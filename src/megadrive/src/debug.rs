//! Debug text for emulators: [`log`] writes a message through the KDebug registers (VDP
//! registers 30 and 31, control-port words `0x9Exx` and `0x9Fxx`, from Gens KMod), and
//! [`Number`] formats numbers in hexadecimal or decimal without a division.
//!
//! What each emulator does with them (checked by `tools/romtests/tests/examples.rs` with
//! the `random` example, which logs its numbers):
//!
//! * **BlastEm** (0.6.3, the one the tests run): each `0x9Exx` word appends the character
//!   `xx` to a message buffer; `0x9E00` ends the message and BlastEm prints
//!   `KDEBUG MESSAGE: <text>` on its standard error. (`0x9Fxx` is its cycle timer:
//!   `0x9F80` starts, `0x9F40` stops, `0x9F00` prints `KDEBUG TIMER: <cycles>`; register 29,
//!   `0x9D00`, enters its debugger: this module writes neither.)
//! * **Genesis Plus GX**: ignores writes to registers above 23: nothing is printed, the
//!   game runs on unchanged (the core has no KDebug support).
//! * **A console**: the VDP ignores registers 24 to 31, so [`log`] is a no-op that costs
//!   about 16 cycles a character (one control-port word each).
//!
//! A register write ends a half-written two-word VDP command: call [`log`] between VDP
//! accesses, never from an interrupt handler that can cut one in two.
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`log`]: crate::debug::log
//! [`Number`]: crate::debug::Number

use crate::vdp::ctrl16;

/// The KDebug message register's control-port word (register 30) without the character.
///
/// ```
/// use megadrive::debug::KDEBUG_MESSAGE;
/// assert_eq!((KDEBUG_MESSAGE >> 8) & 0x1F, 30); // a write of VDP register 30
/// ```
pub const KDEBUG_MESSAGE: u16 = 0x9E00;

/// Writes `text` (bytes 1 ..= 255; a NUL byte is skipped) as one KDebug message, and ends it.
///
/// ```no_run
/// megadrive::debug::log("level loaded");
/// ```
pub fn log(text: &str) {
    write(text);
    ctrl16(KDEBUG_MESSAGE);
}

/// Appends `text` to the KDebug message without ending it (end it with [`log`]), for
/// messages built from pieces:
///
/// ```no_run
/// use megadrive::debug::{self, Number};
/// debug::write("x = ");
/// debug::write(Number::hex(0x1F0).as_str());
/// debug::log(""); // ends the message: "x = 01F0"
/// ```
pub fn write(text: &str) {
    for &b in text.as_bytes() {
        if b != 0 {
            ctrl16(KDEBUG_MESSAGE | b as u16);
        }
    }
}

/// A number formatted as text (at most 10 characters), without division: [`Number::hex`]
/// by nibbles, [`Number::dec`] by subtracting powers of ten.
///
/// ```
/// use megadrive::debug::Number;
/// assert_eq!(Number::hex(0xBEEF).as_str(), "BEEF");
/// assert_eq!(Number::hex32(0x00FF_0004).as_str(), "00FF0004");
/// assert_eq!(Number::dec(40_960).as_str(), "40960");
/// assert_eq!(Number::dec_i16(-7).as_str(), "-7");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Number {
    buf: [u8; 10],
    len: u8,
}

const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
/// The powers of ten of a `u32`, largest first.
const POWERS: [u32; 10] = [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

impl Number {
    const fn empty() -> Self {
        Number { buf: [0; 10], len: 0 }
    }

    fn push(&mut self, b: u8) {
        self.buf[self.len as usize] = b;
        self.len += 1;
    }

    fn hex_digits(v: u32, nibbles: u16) -> Self {
        let mut n = Number::empty();
        let mut shift = nibbles * 4;
        while shift > 0 {
            shift -= 4;
            n.push(DIGITS[((v >> shift) & 0xF) as usize]);
        }
        n
    }

    /// `v` in hexadecimal, 4 digits, upper case, no prefix.
    ///
    /// ```
    /// assert_eq!(megadrive::debug::Number::hex(0x1F0).as_str(), "01F0");
    /// ```
    pub fn hex(v: u16) -> Self {
        Number::hex_digits(v as u32, 4)
    }

    /// `v` in hexadecimal, 8 digits, upper case, no prefix.
    ///
    /// ```
    /// assert_eq!(megadrive::debug::Number::hex32(0xC000).as_str(), "0000C000");
    /// ```
    pub fn hex32(v: u32) -> Self {
        Number::hex_digits(v, 8)
    }

    /// `v` in decimal, no leading zeros.
    ///
    /// ```
    /// use megadrive::debug::Number;
    /// assert_eq!(Number::dec(0).as_str(), "0");
    /// assert_eq!(Number::dec(u32::MAX).as_str(), "4294967295");
    /// ```
    pub fn dec(v: u32) -> Self {
        let mut n = Number::empty();
        let mut rest = v;
        for &p in POWERS.iter() {
            let mut digit = 0u8;
            while rest >= p {
                rest -= p;
                digit += 1;
            }
            if digit != 0 || n.len != 0 || p == 1 {
                n.push(b'0' + digit);
            }
        }
        n
    }

    /// `v` in decimal with a `-` when negative.
    ///
    /// ```
    /// use megadrive::debug::Number;
    /// assert_eq!(Number::dec_i16(i16::MIN).as_str(), "-32768");
    /// assert_eq!(Number::dec_i16(250).as_str(), "250");
    /// ```
    pub fn dec_i16(v: i16) -> Self {
        let mut n = Number::dec(v.unsigned_abs() as u32);
        if v < 0 {
            n.buf.copy_within(0..n.len as usize, 1);
            n.buf[0] = b'-';
            n.len += 1;
        }
        n
    }

    /// The text.
    ///
    /// ```no_run
    /// use megadrive::debug::{self, Number};
    /// let lives: u16 = 3;
    /// debug::write("lives ");
    /// debug::log(Number::dec(lives as u32).as_str()); // "lives 3"
    /// ```
    pub fn as_str(&self) -> &str {
        // Only ASCII digits, letters and '-' are ever stored.
        core::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_matches_format() {
        for v in [0u16, 1, 0x9, 0xA, 0xFF, 0x1234, 0xBEEF, 0xFFFF] {
            assert_eq!(Number::hex(v).as_str(), format!("{v:04X}"));
        }
        for v in [0u32, 0xFF0000, 0xDEAD_BEEF, u32::MAX] {
            assert_eq!(Number::hex32(v).as_str(), format!("{v:08X}"));
        }
    }

    #[test]
    fn dec_matches_format() {
        for v in [0u32, 1, 9, 10, 99, 100, 65_535, 1_000_000_000, 4_294_967_295] {
            assert_eq!(Number::dec(v).as_str(), v.to_string());
        }
        for v in (0..=65_535u32).step_by(97) {
            assert_eq!(Number::dec(v).as_str(), v.to_string());
        }
        for v in [0i16, 5, -5, -100, i16::MIN, i16::MAX] {
            assert_eq!(Number::dec_i16(v).as_str(), v.to_string());
        }
    }
}
