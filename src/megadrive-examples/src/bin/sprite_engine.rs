//! The sprite engine (`megadrive::sprite_engine`): objects made from sheets, with no VRAM,
//! DMA or sprite-table code in the program. A 48 x 32 ship (a metasprite of two hardware
//! sprites, its flame animated) flies to and fro, mirrored when it turns; twelve gems spin
//! in the four palette lines (a streamed sheet: each gem's frame is uploaded by DMA when its
//! picture changes); a burst plays a one-shot animation and stays on its last picture. The
//! sheets are drawn in this file ([`sheet_tiles`]), where a game gets them from
//! `romtool sprites`.
#![no_std]
#![no_main]

use megadrive::sprite_engine::{frame_tile, Animation, Handle, Residency, Sheet, SpriteEngine};
use megadrive::text::{self, Console};
use megadrive::{rt, vdp};
use megadrive_examples::wait_vblank;

/// What a sheet shows (see [`pixel`]).
#[derive(Clone, Copy)]
enum Art {
    Ship,
    Gem,
    Burst,
}

/// The colour index (0: transparent) of pixel (`x`, `y`) of frame `frame` of a `w` x `h`
/// sheet of `art`.
const fn pixel(art: Art, w: i32, h: i32, frame: i32, x: i32, y: i32) -> u16 {
    let (dx, dy) = (2 * x + 1 - w, 2 * y + 1 - h);
    match art {
        // An ellipse with a cabin, and a flame at its back that grows with the frame.
        Art::Ship => {
            let body = dx * dx * (h * h) + dy * dy * (w * w) * 3 / 2;
            if body <= (w * h) * (w * h) / 2 {
                if (dx - w / 3) * (dx - w / 3) + dy * dy * 4 <= 100 {
                    2
                } else {
                    1
                }
            } else if x < 6 + 4 * frame && dy * dy <= 16 && x < w / 4 {
                3
            } else {
                0
            }
        }
        // A diamond whose facet line moves with the frame.
        Art::Gem => {
            let d = dx.abs() + dy.abs();
            if d > h - 2 {
                0
            } else if d > h - 6 {
                3
            } else if (dx + 2 * frame - 2).abs() <= 1 {
                2
            } else {
                1
            }
        }
        // A ring that widens with the frame.
        Art::Burst => {
            let r = dx * dx + dy * dy;
            let outer = (4 + 3 * frame) * (4 + 3 * frame);
            let inner = (2 * frame) * (2 * frame);
            if r <= outer && r >= inner {
                1 + (frame & 1) as u16
            } else {
                0
            }
        }
    }
}

/// The VDP tiles of `frames` frames of `w` x `h` pixels of `art`, laid out as the sprite
/// engine reads them (each frame's tiles in its hardware sprites' order: `frame_tile`).
const fn sheet_tiles<const N: usize>(art: Art, w: u16, h: u16, frames: u16) -> [u16; N] {
    let mut words = [0u16; N];
    let per_frame = ((w >> 3) * (h >> 3)) as usize;
    let mut f = 0;
    while f < frames {
        let mut y = 0;
        while y < h {
            let mut x = 0;
            while x < w {
                let c = pixel(art, w as i32, h as i32, f as i32, x as i32, y as i32);
                let t = f as usize * per_frame + frame_tile(w, h, x, y) as usize;
                // 16 words a tile, two a row, four pixels a word (the leftmost in the high bits).
                let word = t * 16 + (y as usize & 7) * 2 + ((x as usize & 7) >> 2);
                words[word] |= c << (12 - 4 * (x & 3));
                x += 1;
            }
            y += 1;
        }
        f += 1;
    }
    words
}

static SHIP_TILES: [u16; 2 * 24 * 16] = sheet_tiles(Art::Ship, 48, 32, 2);
static GEM_TILES: [u16; 4 * 4 * 16] = sheet_tiles(Art::Gem, 16, 16, 4);
static BURST_TILES: [u16; 4 * 16 * 16] = sheet_tiles(Art::Burst, 32, 32, 4);

/// The ship: resident (both frames in VRAM once), palette line 1.
static SHIP: Sheet = Sheet::new(&SHIP_TILES, 48, 32, 1, Residency::Resident);
/// The gems in each palette line: streamed (one frame's tiles per gem).
static GEMS: [Sheet; 4] = [
    Sheet::new(&GEM_TILES, 16, 16, 0, Residency::Streamed),
    Sheet::new(&GEM_TILES, 16, 16, 1, Residency::Streamed),
    Sheet::new(&GEM_TILES, 16, 16, 2, Residency::Streamed),
    Sheet::new(&GEM_TILES, 16, 16, 3, Residency::Streamed),
];
/// The burst: resident, palette line 3.
static BURST: Sheet = Sheet::new(&BURST_TILES, 32, 32, 3, Residency::Resident);

static FLAME: Animation = Animation { frames: &[0, 1], duration: 6, looping: true };
static SPIN: Animation = Animation { frames: &[0, 1, 2, 3], duration: 8, looping: true };
static BANG: Animation = Animation { frames: &[0, 1, 2, 3], duration: 10, looping: false };

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    // Line 0: backdrop, text and a white gem; lines 1 to 3: the ship's, and gems in three colours.
    vdp::load_palette(0, &[0x0200, 0x0EEE, 0x0AAA, 0x0666]);
    vdp::load_palette(16, &[0, 0x0888, 0x0EA0, 0x006E]);
    vdp::load_palette(32, &[0, 0x00C0, 0x0AEA, 0x0060]);
    vdp::load_palette(48, &[0, 0x0C00, 0x0EAA, 0x0600]);
    Console::at(1, 1, 0).print("megadrive::sprite_engine: metasprites");
    Console::at(1, 2, 0).print("animations, 4 palette lines");
    // The sprites' VRAM: tiles 256 to 511 (after the font).
    let mut sprites: SpriteEngine<16> = SpriteEngine::new(256, 256);
    let ship = sprites.add(&SHIP, &FLAME, 40, 80).expect("the ship fits");
    let mut gems: [Option<Handle>; 12] = [None; 12];
    for (i, g) in gems.iter_mut().enumerate() {
        *g = sprites.add(&GEMS[i & 3], &SPIN, 24 + 24 * i as i16, 160 + 8 * (i & 1) as i16);
    }
    let burst = sprites.add(&BURST, &BANG, 264, 40).expect("the burst fits");
    sprites.update(0, 0);
    sprites.upload();
    vdp::display_on();
    rt::interrupts_on();
    let (mut x, mut dx) = (40i16, 2i16);
    loop {
        wait_vblank();
        sprites.upload();
        x += dx;
        if !(8..=264).contains(&x) {
            dx = -dx;
        }
        sprites.set_position(ship, x, 80);
        sprites.set_flip(ship, dx < 0, false);
        if sprites.finished(burst) {
            sprites.set_priority(burst, true);
        }
        sprites.animate();
        sprites.update(0, 0);
    }
}
