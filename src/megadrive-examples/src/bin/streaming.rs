//! Plane streaming: a map of 256 x 64 metatiles (16 x 16 pixels each; a pattern computed
//! from the coordinates) scrolls through plane B, a ring buffer of 32 x 16 metatiles
//! (`stream::Streamer`): each frame only the metatile column and row that come into view
//! are read into RAM (`prepare`) and written by DMA in the next VBlank (`upload`). The
//! camera drifts right and down by itself; the pad moves it too (up to 16 pixels a frame).
#![no_std]
#![no_main]

use megadrive::pad::{self, Port};
use megadrive::rt::{self, Masked};
use megadrive::stream::{Metatiles, Streamer};
use megadrive::text::{self, Console};
use megadrive::vdp;
use megadrive_examples::{tile, wait_vblank};

/// The camera (pixels) and the metatile columns and rows streamed so far (the ELF symbol
/// `STREAM`, for tests).
#[no_mangle]
pub static STREAM: Masked<[i16; 4]> = Masked::new([0; 4]);

/// The map's size in metatiles.
const MAP_W: i16 = 256;
const MAP_H: i16 = 64;
/// VDP tiles 1 to 4: the four corners of a metatile's frame; 5: its fill.
const FRAME: u16 = 1;
const TILES: [[u16; 16]; 5] = [
    tile([0x33333333, 0x32222222, 0x32111111, 0x32111111, 0x32111111, 0x32111111, 0x32111111, 0x32111111]),
    tile([0x33333333, 0x22222223, 0x11111123, 0x11111123, 0x11111123, 0x11111123, 0x11111123, 0x11111123]),
    tile([0x32111111, 0x32111111, 0x32111111, 0x32111111, 0x32111111, 0x32111111, 0x32222222, 0x33333333]),
    tile([0x11111123, 0x11111123, 0x11111123, 0x11111123, 0x11111123, 0x11111123, 0x22222223, 0x33333333]),
    tile([0x11111111; 8]),
];

/// The palette lines of the blocks of 4 x 4 metatiles, along the diagonals.
const LINES: [u16; 4] = [1, 2, 3, 2];

/// The map: framed metatiles on a grid of diagonal stripes, in three palette lines; blank
/// outside.
struct Pattern;

impl Metatiles for Pattern {
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        if tx < 0 || ty < 0 || tx >= MAP_W || ty >= MAP_H || (tx + ty) & 3 == 3 {
            return [0; 4];
        }
        let line = LINES[((tx >> 2) + (ty >> 2)) as usize & 3];
        let c = |t| vdp::cell(line, FRAME + t);
        [c(0), c(1), c(2), c(3)]
    }
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    pad::init();
    vdp::display_off();
    text::load_font();
    for (i, t) in TILES.iter().enumerate() {
        vdp::load_words((FRAME + i as u16) * vdp::TILE_BYTES, t);
    }
    vdp::load_palette(0, &[0x0200, 0x0EEE]);
    vdp::load_palette(16, &[0, 0x0C44, 0x0E88, 0x0400]);
    vdp::load_palette(32, &[0, 0x04C4, 0x08E8, 0x0040]);
    vdp::load_palette(48, &[0, 0x044C, 0x088E, 0x0004]);
    vdp::set_window_rows(1);
    Console::window(1, 0, 0).print("megadrive::stream - 256 x 64 metatiles");
    let mut streamer = Streamer::new(vdp::PLANE_B);
    let (mut cx, mut cy) = (0i16, 0i16);
    streamer.redraw(&Pattern, cx, cy);
    vdp::display_on();
    rt::interrupts_on();
    let mut frame = 0u16;
    loop {
        wait_vblank();
        streamer.upload();
        // The camera: 3 pixels right and 1 down a frame (down only every other frame), or
        // where the pad points (8 pixels a frame), within the map.
        let buttons = pad::read3(Port::One);
        frame = frame.wrapping_add(1);
        let (mut dx, mut dy) = (3, (frame & 1) as i16);
        if buttons & (pad::LEFT | pad::RIGHT | pad::UP | pad::DOWN) != 0 {
            dx = if buttons & pad::LEFT != 0 {
                -8
            } else if buttons & pad::RIGHT != 0 {
                8
            } else {
                0
            };
            dy = if buttons & pad::UP != 0 {
                -8
            } else if buttons & pad::DOWN != 0 {
                8
            } else {
                0
            };
        }
        cx = (cx + dx).clamp(0, MAP_W * 16 - vdp::SCREEN_W);
        cy = (cy + dy).clamp(0, MAP_H * 16 - vdp::SCREEN_H);
        streamer.prepare(&Pattern, cx, cy);
        STREAM.set([cx, cy, streamer.columns_streamed as i16, streamer.rows_streamed as i16]);
    }
}
