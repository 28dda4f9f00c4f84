//! DMA: the four kinds of transfer the VDP does while the 68000 waits, each drawing one band
//! of the screen:
//! - a VRAM fill (`dma::fill_vram`): tile 1 becomes solid colour 2 (the value 0x22 in
//!   every byte), and a row of cells shows it;
//! - a copy from ROM to VRAM (`dma::copy_to_vram`): a checkered tile;
//! - a copy from RAM to CRAM (`dma::copy`, `Dest::Cram`): palette line 1, a ramp of 15
//!   greens computed at run time, shown by 15 cells of solid tiles;
//! - a copy from RAM to VRAM one word every 128 bytes (`dma::copy_to_vram_stride`): a name
//!   table column of plane B built in RAM, written top to bottom in one transfer.
#![no_std]
#![no_main]

use megadrive::dma::{self, Dest};
use megadrive::text::{self, Console};
use megadrive::{rt, vdp};
use megadrive_examples::{tile, wait_vblank};

/// VDP tiles: 1 filled by DMA, 2 the checker copied from ROM, 3 to 17 solid colours 1 to 15.
const FILLED: u16 = 1;
const CHECKER: u16 = 2;
const SOLID: u16 = 3;

/// A checkered tile (colours 1 and 3), in ROM.
static CHECKER_TILE: [u16; 16] = tile([0x11113333, 0x11113333, 0x11113333, 0x11113333, 0x33331111, 0x33331111, 0x33331111, 0x33331111]);

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off(); // DMA on, display blanked
    text::load_font();
    vdp::load_palette(0, &[0x0200, 0x0EEE, 0x00AE, 0x0A40]);
    for c in 1..16u16 {
        let row = c as u32 * 0x1111_1111;
        vdp::load_words((SOLID + c - 1) * vdp::TILE_BYTES, &tile([row; 8]));
    }

    // 1. VRAM fill: 32 bytes of 0x22 make tile 1 solid colour 2.
    dma::fill_vram(FILLED * vdp::TILE_BYTES, vdp::TILE_BYTES, 0x22);
    // 2. ROM to VRAM: the checker.
    dma::copy_to_vram(&CHECKER_TILE, CHECKER * vdp::TILE_BYTES);
    // 3. RAM to CRAM: palette line 1, a green ramp made at run time.
    let mut ramp = [0u16; 16];
    for (i, c) in ramp.iter_mut().enumerate().skip(1) {
        *c = ((i as u16 >> 1) << 5) | 0x0002;
    }
    dma::copy(&ramp, Dest::Cram, 16 * 2);
    // 4. RAM to VRAM with a stride of 128 bytes: plane B's column 38, rows 2 to 25,
    //    alternating the filled tile and the checker, in one transfer.
    let mut column = [0u16; 24];
    for (i, cell) in column.iter_mut().enumerate() {
        *cell = vdp::cell(0, if i & 1 == 0 { FILLED } else { CHECKER });
    }
    dma::copy_to_vram_stride(&column, vdp::PLANE_B + (2 * vdp::PLANE_WIDTH + 38) * 2, 128);

    Console::at(1, 1, 0).print("megadrive::dma");
    Console::at(1, 4, 0).print("fill:");
    Console::at(1, 8, 0).print("ROM to VRAM:");
    Console::at(1, 12, 0).print("RAM to CRAM:");
    Console::at(1, 16, 0).print("RAM to VRAM, stride 128: the column");
    for x in 0..16 {
        vdp::set_cell(vdp::PLANE_B, 1 + x, 5, vdp::cell(0, FILLED));
        vdp::set_cell(vdp::PLANE_B, 1 + x, 9, vdp::cell(0, CHECKER));
    }
    for c in 1..16u16 {
        vdp::set_cell_pair(vdp::PLANE_B, 2 * c - 1, 13, vdp::cell(1, SOLID + c - 1), vdp::cell(1, SOLID + c - 1));
    }
    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
    }
}
