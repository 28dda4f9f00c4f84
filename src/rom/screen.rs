//! Screen set-up shared by the normal boot and the fault screens.

use megadrive::text::{self, Console};
use megadrive::vdp;

/// Palette 0: text screen colours (0000BBB0GGG0RRR0).
static PALETTE_TEXT: [u16; 4] = [0x0400, 0x0EEE, 0x00EE, 0x0AA0];
/// Palette 1: fault screens (red text on black).
static PALETTE_FAULT: [u16; 2] = [0x0000, 0x000E];

/// Initialises the VDP, the text palettes and the font. The display stays off, so the caller
/// can upload more graphics quickly; turn it on with [`vdp::display_on`].
pub fn init_text_mode() {
    vdp::init();
    vdp::load_palette(0, &PALETTE_TEXT);
    vdp::load_palette(16, &PALETTE_FAULT);
    text::load_font();
}

/// Redraws the screen for a fault: black background, `title` on the first line in red,
/// and returns a console (red) positioned on the third line for the details.
pub fn fault_screen(title: &str) -> Console {
    init_text_mode();
    vdp::load_palette(0, &PALETTE_FAULT);
    vdp::display_on();
    let mut con = Console::at(1, 1, 1);
    con.print(title);
    Console::at(0, 3, 1)
}
