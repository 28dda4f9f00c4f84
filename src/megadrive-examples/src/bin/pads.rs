//! Pads: reads both ports every frame with `pad::read6` (3- and 6-button pads; a 3-button
//! pad reads with no `SIX_BUTTON` flag and no X, Y, Z or Mode), keeps each port's
//! `pad::Buttons` and shows every button: grey when up, yellow while held, white for the
//! 10 frames after it went down (`Buttons::pressed`), red for the 10 frames after it went up
//! (`Buttons::released`), and the kind of pad. For tests, in RAM: the buttons read this
//! frame (the ELF symbol `PADS`) and how many times each button went down and up on each
//! port (`EDGES`).
#![no_std]
#![no_main]

use megadrive::pad::{self, Buttons, Port};
use megadrive::rt::{self, Masked};
use megadrive::text::{self, Console};
use megadrive::vdp;
use megadrive_examples::wait_vblank;

/// The buttons of ports 1 and 2 read this frame (`megadrive::pad` bits).
#[no_mangle]
pub static PADS: Masked<[u16; 2]> = Masked::new([0; 2]);

/// Per port: how many times each button of [`BUTTONS`] went down (`Buttons::pressed`,
/// entries 0 to 11), then how many times it went up (`Buttons::released`, 12 to 23), since
/// boot.
#[no_mangle]
pub static EDGES: Masked<[[u16; 24]; 2]> = Masked::new([[0; 24]; 2]);

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

/// How long (frames) a button shows white after it went down, red after it went up.
const FLASH_FRAMES: u8 = 10;

/// Palette lines of the names: up, held, just pressed, just released.
const GREY: u16 = 0;
const YELLOW: u16 = 1;
const WHITE: u16 = 2;
const RED: u16 = 3;

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    pad::init();
    vdp::display_off();
    text::load_font();
    // Colour 1 of line 0: grey (up), line 1: yellow (held), line 2: white (pressed), line 3:
    // red (released).
    vdp::load_palette(0, &[0x0200, 0x0888]);
    vdp::load_palette(16, &[0, 0x00EE]);
    vdp::load_palette(32, &[0, 0x0EEE]);
    vdp::load_palette(48, &[0, 0x000E]);
    Console::at(1, 1, 0).print("megadrive::pad - hold buttons");
    vdp::display_on();
    rt::interrupts_on();
    let mut ports = [Buttons::new(); 2];
    let mut edges = [[0u16; 24]; 2];
    // Per port and button: frames left of the white or red flash, and its colour.
    let mut flash = [[(0u8, GREY); 12]; 2];
    loop {
        wait_vblank();
        let read = [pad::read6(Port::One), pad::read6(Port::Two)];
        PADS.set(read);
        for (p, &buttons) in read.iter().enumerate() {
            let state = &mut ports[p];
            state.update(buttons);
            let row = 4 + 8 * p as u16;
            let mut con = Console::at(1, row, 0);
            con.print(if p == 0 { "Port 1: " } else { "Port 2: " });
            con.print(if state.six_button() { "6-button pad" } else { "3-button pad" });
            for (i, &(bit, name)) in BUTTONS.iter().enumerate() {
                let f = &mut flash[p][i];
                if state.is_pressed(bit) {
                    edges[p][i] = edges[p][i].wrapping_add(1);
                    *f = (FLASH_FRAMES, WHITE);
                } else if state.is_released(bit) {
                    edges[p][12 + i] = edges[p][12 + i].wrapping_add(1);
                    *f = (FLASH_FRAMES, RED);
                }
                let colour = if f.0 > 0 {
                    f.0 -= 1;
                    f.1
                } else if state.is_held(bit) {
                    YELLOW
                } else {
                    GREY
                };
                let (x, y) = (3 + 7 * (i as u16 & 3), row + 2 + (i as u16 >> 2));
                Console::at(x, y, colour).print(name);
            }
        }
        EDGES.set(edges);
    }
}
