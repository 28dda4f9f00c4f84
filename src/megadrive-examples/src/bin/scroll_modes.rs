//! The VDP's finer scroll modes, no interrupt needed: plane B is a grid of 8-pixel cells
//! (colour 1 along each cell's top row, colour 2 down its left column), scrolled
//! horizontally one value per 8-line cell row (`vdp::HScrollMode::Cell`,
//! `vdp::set_cell_hscroll`) and vertically one value per 16-pixel column
//! (`vdp::VScrollMode::Column`, `vdp::set_column_vscroll`): the grid's lines step right row
//! by row and down column by column.
#![no_std]
#![no_main]

use megadrive::rt::{self, Masked};
use megadrive::text::{self, Console};
use megadrive::vdp::{self, HScrollMode, VScrollMode};
use megadrive_examples::{tile, wait_vblank};

/// Cell rows (8 lines) of the screen, and its 16-pixel columns.
const ROWS: usize = (vdp::SCREEN_H >> 3) as usize;
const COLUMNS: usize = vdp::VSCROLL_COLUMNS as usize;
/// VDP tile 1: the grid's cell.
const GRID: [u16; 16] = tile([0x11111111, 0x20000000, 0x20000000, 0x20000000, 0x20000000, 0x20000000, 0x20000000, 0x20000000]);

/// The scroll values shown (the ELF symbol `SCROLL_OFFSETS`, for tests): plane B's
/// horizontal scroll of each cell row (pixels, positive right), then its vertical scroll
/// of each 16-pixel column (pixels, positive up).
#[no_mangle]
pub static SCROLL_OFFSETS: Masked<[u16; ROWS + COLUMNS]> = Masked::new([0; ROWS + COLUMNS]);

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    vdp::load_words(vdp::TILE_BYTES, &GRID);
    vdp::load_palette(0, &[0x0200, 0x0EE0, 0x00EE]); // dark blue; cyan rows, yellow columns
    vdp::load_palette(16 + 1, &[0x0EEE]); // the caption: line 1, white
    for y in 1..vdp::PLANE_HEIGHT {
        for x in (0..vdp::PLANE_WIDTH).step_by(2) {
            vdp::set_cell_pair(vdp::PLANE_B, x, y, vdp::cell(0, 1), vdp::cell(0, 1));
        }
    }
    vdp::set_window_rows(1);
    Console::window(1, 0, 1).print("vdp: scroll per cell row, per column");
    vdp::set_scroll_mode(HScrollMode::Cell, VScrollMode::Column);
    // Row r one pixel further right than row r - 1, column c one further up than c - 1
    // (each modulo the cell's 8 pixels).
    let mut offsets = [0u16; ROWS + COLUMNS];
    for (i, o) in offsets.iter_mut().enumerate() {
        *o = (if i < ROWS { i } else { i - ROWS }) as u16 & 7;
    }
    SCROLL_OFFSETS.set(offsets);
    vdp::display_on();
    rt::interrupts_on();
    wait_vblank();
    vdp::set_cell_hscroll(vdp::PLANE_B, 0, &offsets[..ROWS]);
    vdp::set_column_vscroll(vdp::PLANE_B, 0, &offsets[ROWS..]);
    loop {
        wait_vblank();
    }
}
