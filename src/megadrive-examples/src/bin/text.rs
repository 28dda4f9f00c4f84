//! Text: the built-in 8 x 8 font (`text::load_font`, tiles 32 to 127 = ASCII) written with
//! a `Console` on plane A and on the window plane (which does not scroll), in two colours
//! (palette lines), with `print`, `hex`, `decimal` and `core::fmt` (`write!`). Plane A
//! drifts sideways under the window's title row.
#![no_std]
#![no_main]

use core::fmt::Write;
use megadrive::text::{self, Console};
use megadrive::{rt, vdp};
use megadrive_examples::{wait_vblank, FRAMES};

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    // Line 0: dark blue backdrop, white text; line 1: yellow text.
    vdp::load_palette(0, &[0x0400, 0x0EEE]);
    vdp::load_palette(16, &[0x0000, 0x00EE]);
    // The window's top row: a title that stays put.
    vdp::set_window_rows(1);
    Console::window(1, 0, 1).print("megadrive::text - the window row stays");
    let mut con = Console::at(1, 3, 0);
    con.print("print: Hello, Mega Drive!");
    let mut con = Console::at(1, 5, 0);
    con.print("hex: ");
    con.hex(0xC0FFEE, 6);
    let mut con = Console::at(1, 7, 0);
    con.print("decimal: ");
    con.decimal(199, false);
    con.print(" / ");
    con.decimal(42, true);
    con.print(" (3 digits)");
    let _ = write!(Console::at(1, 9, 1), "write!: {} + {} = {}", 2, 3, 2 + 3);
    let _ = write!(Console::at(1, 11, 1), "{:>8}|{:<6}|{:04}", "right", "left", 7);
    Console::at(1, 13, 0).print("A line longer than the screen wraps to the next row of the plane.");
    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
        // Plane A drifts right and back, 0 to 32 pixels (the window row does not move).
        let t = FRAMES.get() as u16 & 63;
        vdp::set_hscroll(if t < 32 { t } else { 64 - t }, 0);
        let mut con = Console::at(1, 17, 0);
        con.print("frame ");
        con.hex(FRAMES.get(), 8);
    }
}
