//! `megadrive::pad::read6` on the 68000, in Genesis Plus GX, with 3- and 6-button pads on
//! both ports (an on-target test: `make test-m68k`; see tools/testrunner/README.md).
//!
//! Each test asks the host for the pads it wants plugged in and the buttons held on them
//! (`megacollide_testrt::hold_pads`; the runner applies them before every frame), then reads
//! both ports with `read6` and compares with what the host holds. On the host this file
//! has no tests: there is no pad port to read.
#![cfg(target_arch = "m68k")]
#![no_std]
#![no_main]
#![feature(custom_test_frameworks)]
#![test_runner(megacollide_testrt::run)]
#![reexport_test_harness_main = "test_main"]

use megacollide_testrt::{hold_pads, pads::SIX_BUTTON};
use megadrive::pad::{self, Port, A, B, C, DOWN, LEFT, MODE, RIGHT, START, UP, X, Y, Z};

/// Entered from `_start` (startup.s) with RAM initialised.
#[no_mangle]
pub extern "C" fn main() -> ! {
    pad::init();
    test_main();
    megacollide_testrt::finished()
}

/// Every button of a 3-button pad, one at a time, then some together.
const THREE: [u16; 12] = [
    UP,
    DOWN,
    LEFT,
    RIGHT,
    B,
    C,
    A,
    START,
    A | B | C | START,
    UP | LEFT | A,
    DOWN | RIGHT | C | START,
    UP | DOWN | LEFT | RIGHT | A | B | C | START,
];
/// X, Y, Z and Mode one at a time, together, and with 3-button buttons.
const SIX: [u16; 8] = [
    X,
    Y,
    Z,
    MODE,
    X | Y | Z | MODE,
    X | A | UP,
    Z | MODE | START | RIGHT,
    UP | DOWN | LEFT | RIGHT | A | B | C | START | X | Y | Z | MODE,
];

/// Holds `p1` on port 1 and `p2` on port 2 (6-button pads when `six`) and checks what
/// `read6` reads on both.
fn check(six: bool, p1: u16, p2: u16) {
    let kind = if six { SIX_BUTTON } else { 0 };
    hold_pads(p1 as u32 | kind, p2 as u32 | kind);
    let flag = if six { pad::SIX_BUTTON } else { 0 };
    let (got1, got2) = (pad::read6(Port::One), pad::read6(Port::Two));
    assert_eq!(got1, p1 | flag, "port 1 holds {:#06x} ({}-button pad)", p1, if six { 6 } else { 3 });
    assert_eq!(got2, p2 | flag, "port 2 holds {:#06x} ({}-button pad)", p2, if six { 6 } else { 3 });
}

#[test_case]
fn six_button_pads_read_x_y_z_and_mode_on_both_ports() {
    for &b in &SIX {
        check(true, b, 0);
        check(true, 0, b);
    }
    // Different buttons on the two ports at once.
    check(true, X | Z, Y | MODE | B);
    // Nothing held: only the 6-button flag.
    check(true, 0, 0);
}

#[test_case]
fn six_button_pads_read_the_three_button_part() {
    for &b in &THREE {
        check(true, b, b ^ (A | B | C | START));
    }
}

#[test_case]
fn three_button_pads_read_through_read6_without_phantom_buttons() {
    for &b in &THREE {
        check(false, b, 0);
        check(false, 0, b);
    }
    check(false, 0, 0);
}

#[test_case]
fn three_button_pads_ignore_what_only_a_six_button_pad_has() {
    // The host holds X, Y, Z and Mode too, but a 3-button pad has no such buttons: read6
    // reads the 3-button part only, and no 6-button flag.
    let all = UP | DOWN | LEFT | RIGHT | A | B | C | START;
    hold_pads((all | X | Y | Z | MODE) as u32, (X | Y | Z | MODE | B) as u32);
    assert_eq!(pad::read6(Port::One), all, "port 1, 3-button pad");
    assert_eq!(pad::read6(Port::Two), B, "port 2, 3-button pad");
}

#[test_case]
fn read3_reads_a_six_button_pad_as_three_buttons() {
    hold_pads((X | A | RIGHT) as u32 | SIX_BUTTON, (MODE | START) as u32 | SIX_BUTTON);
    assert_eq!(pad::read3(Port::One), A | RIGHT);
    assert_eq!(pad::read3(Port::Two), START);
}
