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

use crate::reg::{self, Reg};
use megadrive_sys::*;

/// D-pad up.
///
/// ```
/// use megadrive::pad::{Buttons, UP};
/// let mut pad1 = Buttons::new();
/// pad1.update(UP);
/// assert!(pad1.is_held(UP));
/// ```
pub const UP: u16 = 0x01;
/// D-pad down.
///
/// ```
/// use megadrive::pad::{DOWN, UP};
/// let held = DOWN;
/// let dy: i16 = if held & DOWN != 0 { 1 } else if held & UP != 0 { -1 } else { 0 };
/// assert_eq!(dy, 1);
/// ```
pub const DOWN: u16 = 0x02;
/// D-pad left.
///
/// ```
/// use megadrive::pad::{LEFT, RIGHT};
/// let held = LEFT;
/// let dx: i16 = if held & RIGHT != 0 { 1 } else if held & LEFT != 0 { -1 } else { 0 };
/// assert_eq!(dx, -1);
/// ```
pub const LEFT: u16 = 0x04;
/// D-pad right.
///
/// ```
/// use megadrive::pad::{decode3, RIGHT};
/// // TH high with line 3 low: Right held.
/// assert_eq!(decode3(0x7F & !0x08, 0x73), RIGHT);
/// ```
pub const RIGHT: u16 = 0x08;
/// B button.
///
/// ```
/// use megadrive::pad::{decode3, B};
/// assert_eq!(decode3(0x7F & !0x10, 0x73), B); // line 4 low with TH high
/// ```
pub const B: u16 = 0x10;
/// C button.
///
/// ```
/// use megadrive::pad::{Buttons, B, C};
/// let mut pad1 = Buttons::new();
/// pad1.update(C);
/// assert!(pad1.is_pressed(B | C)); // "any action button"
/// ```
pub const C: u16 = 0x20;
/// A button.
///
/// ```
/// use megadrive::pad::{decode3, A};
/// assert_eq!(decode3(0x7F, 0x73 & !0x10), A); // line 4 low with TH low
/// ```
pub const A: u16 = 0x40;
/// Start button.
///
/// ```
/// use megadrive::pad::{Buttons, START};
/// let mut pad1 = Buttons::new();
/// pad1.update(START);
/// let paused = pad1.is_pressed(START);
/// assert!(paused);
/// ```
pub const START: u16 = 0x80;
/// Z button (6-button pad).
///
/// ```
/// use megadrive::pad::{decode6_extra, Z};
/// assert_eq!(decode6_extra(0x7F & !0x01), Z); // line 0 low in the fourth TH high phase
/// ```
pub const Z: u16 = 0x100;
/// Y button (6-button pad).
///
/// ```
/// use megadrive::pad::{decode6_extra, Y};
/// assert_eq!(decode6_extra(0x7F & !0x02), Y);
/// ```
pub const Y: u16 = 0x200;
/// X button (6-button pad).
///
/// ```
/// use megadrive::pad::{decode6_extra, X};
/// assert_eq!(decode6_extra(0x7F & !0x04), X);
/// ```
pub const X: u16 = 0x400;
/// Mode button (6-button pad).
///
/// ```
/// use megadrive::pad::{decode6_extra, MODE};
/// assert_eq!(decode6_extra(0x7F & !0x08), MODE);
/// ```
pub const MODE: u16 = 0x800;
/// Set by [`read6`] when the pad on the port is a 6-button pad (not a button).
///
/// ```
/// use megadrive::pad::{Buttons, A, SIX_BUTTON};
/// let mut pad1 = Buttons::new();
/// pad1.update(A | SIX_BUTTON);
/// assert!(pad1.six_button());
/// assert_eq!(pad1.held(), A); // the flag is not a button
/// ```
pub const SIX_BUTTON: u16 = 0x8000;

/// A controller port.
///
/// ```no_run
/// use megadrive::pad::{self, Port};
/// pad::init();
/// let player2 = pad::read3(Port::Two);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Port {
    /// Port 1 (player 1).
    One,
    /// Port 2 (player 2).
    Two,
}

impl Port {
    const fn data(self) -> Reg<u8> {
        match self {
            Port::One => reg::IO_DATA1,
            Port::Two => reg::IO_DATA2,
        }
    }
    const fn ctrl(self) -> Reg<u8> {
        match self {
            Port::One => reg::IO_CTRL1,
            Port::Two => reg::IO_CTRL2,
        }
    }
}

/// A byte write to a port register: sets the port's pins, or their direction.
fn write(port: Reg<u8>, v: u8) {
    port.write(v)
}

/// A read of a port's data register (no side effects).
fn read(port: Reg<u8>) -> u8 {
    port.read()
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
///
/// ```no_run
/// use megadrive::pad::{self, Port};
/// pad::init_port(Port::One); // only player 1's port is used
/// let held = pad::read6(Port::One);
/// ```
pub fn init_port(port: Port) {
    write(port.ctrl(), MD_IO_TH as u8);
    write(port.data(), MD_IO_TH as u8);
}

/// [`init_port`] for both ports.
///
/// ```no_run
/// use megadrive::pad::{self, Port};
/// pad::init(); // once, at start-up
/// let held = pad::read6(Port::One);
/// ```
pub fn init() {
    init_port(Port::One);
    init_port(Port::Two);
}

/// The held buttons from the two 3-button phases: `high` read with TH high, `low` with TH
/// low (raw port bytes, active low).
///
/// ```
/// use megadrive::pad::{decode3, B, UP};
/// // Up and B held: lines 0 and 4 low with TH high; line 0 low with TH low too.
/// assert_eq!(decode3(0x7F & !0x11, 0x73 & !0x01), UP | B);
/// assert_eq!(decode3(0x7F, 0x73), 0); // nothing held
/// ```
pub const fn decode3(high: u8, low: u8) -> u16 {
    (!high as u16 & 0x3F) | ((!low as u16 & 0x30) << 2)
}

/// The X, Y, Z and Mode bits from the fourth TH-high phase of a 6-button pad (raw, active
/// low): [`Z`], [`Y`], [`X`], [`MODE`].
///
/// ```
/// use megadrive::pad::{decode6_extra, MODE, X};
/// assert_eq!(decode6_extra(0x7F & !0x0C), X | MODE);
/// assert_eq!(decode6_extra(0x7F), 0);
/// ```
pub const fn decode6_extra(extra: u8) -> u16 {
    (!extra as u16 & 0x0F) << 8
}

/// Reads a 3-button pad (or the 3-button part of a 6-button pad): one TH high-low pulse.
/// Returns the held buttons ([`UP`] ... [`START`]).
///
/// ```no_run
/// use megadrive::pad::{self, Port, START};
/// pad::init();
/// if pad::read3(Port::One) & START != 0 { /* pause */ }
/// ```
pub fn read3(port: Port) -> u16 {
    let high = select(port, true);
    let low = select(port, false);
    write(port.data(), MD_IO_TH as u8);
    decode3(high, low)
}

/// Whether the third and fourth TH-low phases (raw port bytes) identify a 6-button pad: low
/// four lines all low, then all high. A 3-button pad holds lines 2 and 3 low in every TH-low
/// phase, so `fourth` never matches for it.
///
/// ```
/// use megadrive::pad::is_six_button;
/// assert!(is_six_button(0x70, 0x7F)); // a 6-button pad
/// assert!(!is_six_button(0x73, 0x73)); // a 3-button pad: lines 2 and 3 low
/// ```
pub const fn is_six_button(third: u8, fourth: u8) -> bool {
    third & 0x0F == 0 && fourth & 0x0F == 0x0F
}

/// Reads a 3- or 6-button pad: four TH pulses. Returns the held buttons, with [`X`], [`Y`],
/// [`Z`], [`MODE`] and the [`SIX_BUTTON`] flag when the pad is a 6-button pad (a 3-button
/// pad gives none of them). At most once per frame.
///
/// ```no_run
/// use megadrive::pad::{self, Buttons, Port};
/// pad::init();
/// let mut pad1 = Buttons::new();
/// loop {
///     pad1.update(pad::read6(Port::One)); // once a frame
///     // ... game logic, then wait for VBlank
/// }
/// ```
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

/// Every button bit ([`UP`] ... [`MODE`]), without the [`SIX_BUTTON`] flag.
///
/// ```
/// use megadrive::pad::{ALL, SIX_BUTTON, START};
/// assert_eq!((START | SIX_BUTTON) & ALL, START);
/// ```
pub const ALL: u16 = 0x0FFF;

/// One pad's buttons over frames: what is held, and the edges (pressed this frame,
/// released this frame). Call [`Buttons::update`] once a frame with that frame's read
/// ([`read3`] or [`read6`]); the [`SIX_BUTTON`] flag is kept apart ([`Buttons::six_button`]).
///
/// ```
/// use megadrive::pad::{self, Buttons};
/// let mut pad1 = Buttons::new();
/// pad1.update(pad::A | pad::X); // frame 1: A and X go down
/// assert_eq!(pad1.pressed(), pad::A | pad::X);
/// pad1.update(pad::A); // frame 2: A still held, X let go
/// assert_eq!(pad1.pressed(), 0);
/// assert!(pad1.is_held(pad::A));
/// assert_eq!(pad1.released(), pad::X);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Buttons {
    now: u16,
    last: u16,
    six: bool,
}

impl Buttons {
    /// Nothing held, nothing held last frame.
    ///
    /// ```
    /// use megadrive::pad::Buttons;
    /// static START_STATE: Buttons = Buttons::new(); // usable in a const context
    /// assert_eq!(START_STATE.held(), 0);
    /// ```
    pub const fn new() -> Self {
        Buttons { now: 0, last: 0, six: false }
    }

    /// Takes this frame's read (`megadrive::pad` bits; call once a frame): the held
    /// buttons become last frame's.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, B};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(B);
    /// pad1.update(B);
    /// assert!(pad1.is_held(B) && !pad1.is_pressed(B));
    /// ```
    pub fn update(&mut self, read: u16) {
        self.last = self.now;
        self.now = read & ALL;
        self.six = read & SIX_BUTTON != 0;
    }

    /// The buttons held this frame.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, LEFT, UP};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(UP | LEFT);
    /// assert_eq!(pad1.held(), UP | LEFT);
    /// ```
    pub const fn held(&self) -> u16 {
        self.now
    }

    /// The buttons down this frame and up last frame.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, A, B};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(A);
    /// pad1.update(A | B);
    /// assert_eq!(pad1.pressed(), B); // A was already held
    /// ```
    pub const fn pressed(&self) -> u16 {
        self.now & !self.last
    }

    /// The buttons up this frame and down last frame.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, A, B};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(A | B);
    /// pad1.update(A);
    /// assert_eq!(pad1.released(), B);
    /// ```
    pub const fn released(&self) -> u16 {
        !self.now & self.last
    }

    /// Whether any of the buttons `mask` is held.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, B, C, RIGHT};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(RIGHT | C);
    /// assert!(pad1.is_held(B | C) && !pad1.is_held(B));
    /// ```
    pub const fn is_held(&self, mask: u16) -> bool {
        self.now & mask != 0
    }

    /// Whether any of the buttons `mask` went down this frame.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, C};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(C);
    /// assert!(pad1.is_pressed(C)); // jump on this frame only
    /// pad1.update(C);
    /// assert!(!pad1.is_pressed(C));
    /// ```
    pub const fn is_pressed(&self, mask: u16) -> bool {
        self.pressed() & mask != 0
    }

    /// Whether any of the buttons `mask` went up this frame.
    ///
    /// ```
    /// use megadrive::pad::{Buttons, C};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(C);
    /// pad1.update(0);
    /// assert!(pad1.is_released(C)); // e.g. cut a jump short
    /// ```
    pub const fn is_released(&self, mask: u16) -> bool {
        self.released() & mask != 0
    }

    /// Whether the last read came from a 6-button pad (its [`SIX_BUTTON`] flag).
    ///
    /// ```
    /// use megadrive::pad::{Buttons, A};
    /// let mut pad1 = Buttons::new();
    /// pad1.update(A); // a read from a 3-button pad
    /// assert!(!pad1.six_button());
    /// ```
    pub const fn six_button(&self) -> bool {
        self.six
    }
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

    #[test]
    fn edges_of_every_button_count_once_per_press() {
        for bit in 0..12 {
            let b = 1u16 << bit;
            let mut pad = Buttons::new();
            let (mut downs, mut ups) = (0, 0);
            // Two presses: 3 frames down, 2 up, 1 down, 1 up; with other buttons held.
            for &on in &[true, true, true, false, false, true, false] {
                pad.update(if on { b | (ALL & !b & 0x0A5A) | SIX_BUTTON } else { ALL & !b & 0x0A5A });
                assert_eq!(pad.is_held(b), on);
                downs += pad.is_pressed(b) as u32;
                ups += pad.is_released(b) as u32;
                assert!(!(pad.is_pressed(b) && pad.is_released(b)));
            }
            assert_eq!((downs, ups), (2, 2), "button bit {bit}");
        }
    }

    #[test]
    fn edges_are_exact_masks() {
        let mut pad = Buttons::new();
        pad.update(UP | A | SIX_BUTTON);
        assert_eq!((pad.held(), pad.pressed(), pad.released()), (UP | A, UP | A, 0));
        assert!(pad.six_button());
        pad.update(UP | MODE | Z);
        assert_eq!((pad.held(), pad.pressed(), pad.released()), (UP | MODE | Z, MODE | Z, A));
        assert!(!pad.six_button());
        pad.update(UP | MODE | Z);
        assert_eq!((pad.pressed(), pad.released()), (0, 0));
        pad.update(0);
        assert_eq!((pad.held(), pad.pressed(), pad.released()), (0, 0, UP | MODE | Z));
    }
}
