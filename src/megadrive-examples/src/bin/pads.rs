//! Pads: reads both ports every frame with `pad::read6` (3- and 6-button pads; a 3-button
//! pad reads with no `SIX_BUTTON` flag and no X, Y, Z or Mode) and shows every button held
//! and the kind of pad. The buttons read are also in RAM (the ELF symbol `PADS`, for tests).
#![no_std]
#![no_main]

use megadrive::pad::{self, Port};
use megadrive::rt::{self, Shared};
use megadrive::text::{self, Console};
use megadrive::vdp;
use megadrive_examples::wait_vblank;

/// The buttons of ports 1 and 2 read this frame (`megadrive::pad` bits).
#[no_mangle]
pub static PADS: Shared<[u16; 2]> = Shared::new([0; 2]);

/// Every button and its name, in the order shown.
const BUTTONS: [(u16, &str); 12] = [
    (pad::UP, "Up"),
    (pad::DOWN, "Down"),
    (pad::LEFT, "Left"),
    (pad::RIGHT, "Right"),
    (pad::A, "A"),
    (pad::B, "B"),
    (pad::C, "C"),
    (pad::START, "Start"),
    (pad::X, "X"),
    (pad::Y, "Y"),
    (pad::Z, "Z"),
    (pad::MODE, "Mode"),
];

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    pad::init();
    vdp::display_off();
    text::load_font();
    // Line 0: grey (not held), line 1: yellow (held).
    vdp::load_palette(0, &[0x0200, 0x0888]);
    vdp::load_palette(16, &[0, 0x00EE]);
    Console::at(1, 1, 0).print("megadrive::pad - hold buttons");
    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
        let read = [pad::read6(Port::One), pad::read6(Port::Two)];
        PADS.set(read);
        for (p, &buttons) in read.iter().enumerate() {
            let row = 4 + 8 * p as u16;
            let mut con = Console::at(1, row, 0);
            con.print(if p == 0 { "Port 1: " } else { "Port 2: " });
            con.print(if buttons & pad::SIX_BUTTON != 0 { "6-button pad" } else { "3-button pad" });
            for (i, &(bit, name)) in BUTTONS.iter().enumerate() {
                let (x, y) = (3 + 7 * (i as u16 & 3), row + 2 + (i as u16 >> 2));
                Console::at(x, y, (buttons & bit != 0) as u16).print(name);
            }
        }
    }
}
