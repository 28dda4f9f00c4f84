//! Palette fades: colour bars (one palette line of 15 colours) fade in from black, out to
//! white, in from white and out to black, one `fade::step_towards` (every colour component
//! one step of 7) every 4 frames, written to CRAM in VBlank; then again.
#![no_std]
#![no_main]

use megadrive::text::{self, Console};
use megadrive::{fade, rt, vdp};
use megadrive_examples::{tile, wait_vblank, FRAMES};

/// The bars' colours (palette line 0, entries 1 to 15), 0000BBB0GGG0RRR0.
const BARS: [u16; 16] =
    [0x0000, 0x000E, 0x004E, 0x008E, 0x00CE, 0x00EE, 0x00EA, 0x00E4, 0x00E0, 0x04E0, 0x0EE0, 0x0E80, 0x0E00, 0x0E04, 0x0E0A, 0x0EEE];
const WHITE: [u16; 16] = [0x0EEE; 16];
const BLACK: [u16; 16] = [0; 16];

/// Tile `1 + i` is a solid tile of colour `1 + i`.
const fn solid(colour: u32) -> [u16; 16] {
    let row = colour * 0x1111_1111;
    tile([row; 8])
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    for c in 1..16u16 {
        vdp::load_words(c * vdp::TILE_BYTES, &solid(c as u32));
        // A bar of two cell columns per colour, rows 4 to 23 of plane B.
        for y in 4..24 {
            vdp::set_cell_pair(vdp::PLANE_B, 2 + (c - 1) * 2, y, vdp::cell(0, c), vdp::cell(0, c));
        }
    }
    // The caption in line 1 (white text, not faded).
    vdp::load_palette(16, &[0, 0x0EEE]);
    Console::at(1, 1, 1).print("megadrive::fade: black, bars, white");
    vdp::display_on();
    rt::interrupts_on();
    let mut current = BLACK;
    vdp::load_palette(0, &current);
    let targets = [&BARS, &WHITE, &BARS, &BLACK];
    let mut next = 0;
    let mut hold = 0u16;
    loop {
        wait_vblank();
        vdp::load_palette(0, &current);
        if FRAMES.get() & 3 != 0 {
            continue;
        }
        if hold > 0 {
            hold -= 1;
        } else if fade::step_towards(&mut current, targets[next]) {
            // Arrived: show it for a second, then fade to the next.
            hold = 15;
            next = (next + 1) & 3;
        }
    }
}
