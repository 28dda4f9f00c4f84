//! Sprites: 12 balls (2 x 2 tiles) bounce round the screen in three palette lines, and an
//! arrow (2 x 2 tiles) is drawn four times, plain and with the VDP's horizontal, vertical
//! and both flips. The list is built in RAM (`SpriteList::push`) after each VBlank and
//! copied to the sprite table by DMA in the next (`SpriteList::upload_dma`).
#![no_std]
#![no_main]

use megadrive::sprites::SpriteList;
use megadrive::text::{self, Console};
use megadrive::{rt, vdp};
use megadrive_examples::{tile, wait_vblank};

/// VDP tile of the ball's four tiles (column order: top-left, bottom-left, top-right,
/// bottom-right) and of the arrow's.
const BALL: u16 = 256;
const ARROW: u16 = 260;

/// A 16 x 16 ball: colour 1 fill, 2 highlight, 3 outline.
const BALL_TILES: [[u16; 16]; 4] = [
    tile([0x00000333, 0x00033111, 0x00311221, 0x03112221, 0x03112211, 0x31111111, 0x31111111, 0x31111111]),
    tile([0x31111111, 0x31111111, 0x31111111, 0x03111111, 0x03111111, 0x00311111, 0x00033111, 0x00000333]),
    tile([0x33300000, 0x11133000, 0x11111300, 0x11111130, 0x11111130, 0x11111113, 0x11111113, 0x11111113]),
    tile([0x11111113, 0x11111113, 0x11111113, 0x11111130, 0x11111130, 0x11111300, 0x11133000, 0x33300000]),
];
/// A 16 x 16 arrow pointing right and up (so every flip shows), colour 1 on nothing.
const ARROW_TILES: [[u16; 16]; 4] = [
    tile([0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x11111111, 0x11111111]),
    tile([0x11111111, 0x11111111, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000]),
    tile([0x00000000, 0x00000010, 0x00000011, 0x00000011, 0x00000011, 0x00000011, 0x11111111, 0x11111111]),
    tile([0x11111111, 0x11111111, 0x11111100, 0x11111000, 0x11110000, 0x11100000, 0x11000000, 0x00000000]),
];

/// A ball: position and speed in pixels, and its palette line.
#[derive(Clone, Copy)]
struct Ball {
    x: i16,
    y: i16,
    vx: i16,
    vy: i16,
    line: u16,
}

/// Where the balls start, how fast they move, and their colours (palette lines 1 to 3).
const BALLS: [Ball; 12] = {
    let mut balls = [Ball { x: 0, y: 0, vx: 0, vy: 0, line: 0 }; 12];
    let (speeds_x, speeds_y) = ([1, 2, 3, -2, -1, 3], [2, -3, 1, 3, -1, -2]);
    let mut i = 0;
    while i < 12 {
        let k = i as i16;
        balls[i] = Ball {
            x: 20 + k * 23,
            y: 20 + ((k * 37) & 127),
            vx: speeds_x[i >> 1],
            vy: speeds_y[(i + 3) >> 1 & 3],
            line: 1 + (i & 1) as u16 + (i >> 3) as u16,
        };
        i += 1;
    }
    balls
};

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    for (i, t) in BALL_TILES.iter().chain(ARROW_TILES.iter()).enumerate() {
        vdp::load_words((BALL + i as u16) * vdp::TILE_BYTES, t);
    }
    // Line 0: backdrop and text; lines 1 to 3: a red, a green and a blue ball.
    vdp::load_palette(0, &[0x0200, 0x0EEE]);
    vdp::load_palette(16, &[0, 0x000C, 0x0AAE, 0x0006]);
    vdp::load_palette(32, &[0, 0x00C0, 0x0AEA, 0x0060]);
    vdp::load_palette(48, &[0, 0x0C00, 0x0EAA, 0x0600]);
    Console::at(1, 1, 0).print("megadrive::sprites - 12 balls, 4 flips");
    vdp::display_on();
    rt::interrupts_on();
    let mut balls = BALLS;
    let mut list: SpriteList<16> = SpriteList::new();
    loop {
        wait_vblank();
        list.upload_dma();
        list.clear();
        for (x, flip) in [(40, 0), (88, vdp::HFLIP), (136, vdp::VFLIP), (184, vdp::HFLIP | vdp::VFLIP)] {
            list.push(x, 192, 2, 2, vdp::cell(0, ARROW) | flip);
        }
        for b in balls.iter_mut() {
            b.x += b.vx;
            b.y += b.vy;
            if b.x < 0 || b.x > vdp::SCREEN_W - 16 {
                b.vx = -b.vx;
            }
            if b.y < 16 || b.y > 176 {
                b.vy = -b.vy;
            }
            list.push(b.x, b.y, 2, 2, vdp::cell(b.line, BALL));
        }
    }
}
