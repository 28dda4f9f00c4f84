//! Raster effects: a water line. Plane B is covered with vertical stripes (colours 1 and 2
//! of palette line 0 over the backdrop, colour 0). From line [`WATER_LINE`] down the
//! horizontal interrupt (`megadrive::raster`) writes the water's three colours into CRAM, and
//! at the end of the screen the dry ones back for the next frame's top; the rows below the
//! line scroll in a wave (`vdp::HScrollMode::Line`: one horizontal scroll a line, a table
//! written by DMA each VBlank), a sine of 32 lines that moves down a line a frame.
#![no_std]
#![no_main]

use megadrive::raster::{self, Table, NEXT_FRAME};
use megadrive::rt::{self, Masked};
use megadrive::text::{self, Console};
use megadrive::vdp::{self, HScrollMode, VScrollMode};
use megadrive_examples::{tile, wait_vblank};

/// The first screen line under water (pixels from the top).
const WATER_LINE: u16 = 152;
/// Lines under water, to the bottom of the screen.
const UNDER: usize = (vdp::HSCROLL_LINES - WATER_LINE) as usize;
/// Colours 0 to 2 of palette line 0 above the line (backdrop sky blue, orange and white
/// stripes) and below it (dark blue, blue and pale blue).
const DRY: [u16; 3] = [0x0C80, 0x00AE, 0x0EEE];
const WATER: [u16; 3] = [0x0400, 0x0A40, 0x0E84];
/// The wave: a sine of 32 lines, 4 pixels each way.
const SINE: [i16; 32] = [0, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 3, 3, 2, 2, 1, 0, -1, -2, -2, -3, -3, -4, -4, -4, -4, -4, -3, -3, -2, -2, -1];
/// VDP tile 1: stripes of 2 pixels of colour 1, 2 of colour 2, 4 of the backdrop.
const STRIPES: [u16; 16] = tile([0x11220000; 8]);

/// The water line and the wave's phase (the ELF symbol `WATER_STATE`, for tests).
#[no_mangle]
pub static WATER_STATE: Masked<[u16; 2]> = Masked::new([WATER_LINE, 0]);

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    vdp::load_words(vdp::TILE_BYTES, &STRIPES);
    vdp::load_palette(0, &DRY);
    vdp::load_palette(16 + 1, &[0x0EEE]); // the caption: line 1, white
    for y in 1..vdp::PLANE_HEIGHT {
        for x in (0..vdp::PLANE_WIDTH).step_by(2) {
            vdp::set_cell_pair(vdp::PLANE_B, x, y, vdp::cell(0, 1), vdp::cell(0, 1));
        }
    }
    vdp::set_window_rows(1);
    Console::window(1, 0, 1).print("megadrive::raster - a water line");
    vdp::set_scroll_mode(HScrollMode::Line, VScrollMode::Screen);
    // The water's colours from the line down, the dry ones from the next frame's top.
    let mut table = Table::new();
    table.colours(WATER_LINE, 0, &WATER).unwrap();
    table.colours(NEXT_FRAME, 0, &DRY).unwrap();
    raster::show(&table);
    raster::enable();
    vdp::display_on();
    rt::interrupts_on();
    let mut wave = [0u16; UNDER];
    let mut phase = 0u16;
    loop {
        wait_vblank();
        vdp::set_line_hscroll(vdp::PLANE_B, WATER_LINE, &wave);
        phase = (phase + 31) & 31; // the wave moves down a line a frame
        for (i, w) in wave.iter_mut().enumerate() {
            *w = SINE[(i + phase as usize) & 31] as u16;
        }
        WATER_STATE.set([WATER_LINE, phase]);
    }
}
