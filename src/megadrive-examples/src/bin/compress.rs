//! Compressed art: 64 tiles and a 40 x 28 screen of them, compressed at build time into MCZ
//! streams (`build.rs`: word-aligned LZ, the format `romtool compress` writes), unpacked at
//! boot by `megadrive::unpack` (its 68000 kernel):
//! - the tiles into a RAM buffer and on to VRAM by DMA (`unpack::unpack_to_vram`);
//! - the screen's name-table words into RAM, then row by row to plane B;
//! - a corrupt stream (a distance before the output's start): `unpack` says which error,
//!   and the words after its output are untouched.
//!
//! Plane A shows the sizes, raw and compressed, and what the corrupt stream gave; the
//! symbols `TILES_CHECKSUM`, `MAP_CHECKSUM` and `CORRUPT_RESULT` say the same for tests.
#![no_std]
#![no_main]

use megadrive::debug::Number;
use megadrive::rt::{self, Shared};
use megadrive::text::{self, Console};
use megadrive::unpack::{self, UnpackError};
use megadrive::vdp;
use megadrive_examples::wait_vblank;

/// The compressed art (`build.rs`).
mod art {
    include!(concat!(env!("OUT_DIR"), "/packed_art.rs"));
}

/// Palette line 0: backdrop, sky (3 blues), grass, soil (2), mortar, brick, stone (3).
static PALETTE: [u16; 11] = [0x0000, 0x0E84, 0x0C62, 0x0A40, 0x00C4, 0x0246, 0x0124, 0x0888, 0x004A, 0x0666, 0x0444];

/// [`checksum`] of the tiles as unpacked (the ELF symbol the emulator tests read).
#[no_mangle]
pub static TILES_CHECKSUM: Shared<u32> = Shared::new(0);
/// [`checksum`] of the screen's words as unpacked.
#[no_mangle]
pub static MAP_CHECKSUM: Shared<u32> = Shared::new(0);
/// The corrupt stream's result: 3 for `BadDistance` (another error 1, decoded 0), plus
/// 0x100 when the words after its output are untouched.
#[no_mangle]
pub static CORRUPT_RESULT: Shared<u32> = Shared::new(0xFFFF);

/// Every word rotated in: what the tests compute from the host's art.
fn checksum(words: &[u16]) -> u32 {
    words.iter().fold(0u32, |s, &w| s.rotate_left(5) ^ w as u32)
}

/// A corrupt stream: 8 words announced, one literal, then 3 words copied from 5 back.
static CORRUPT: [u16; 4] = [8, 0x0103, 0x1111, 5];

/// Unpacks the tiles into RAM and copies them to VRAM; returns the words.
#[inline(never)]
fn load_tiles() -> usize {
    let mut buffer = [0u16; 64 * 16];
    let n = unpack::unpack_to_vram(&art::TILES_PACKED, &mut buffer, art::FIRST_TILE * vdp::TILE_BYTES).unwrap();
    TILES_CHECKSUM.set(checksum(&buffer[..n]));
    n
}

/// Unpacks the screen into RAM and writes its rows to plane B; returns the words.
#[inline(never)]
fn load_map() -> usize {
    let mut cells = [0u16; art::MAP_W * art::MAP_H];
    let n = unpack::unpack(&art::MAP_PACKED, &mut cells).unwrap();
    MAP_CHECKSUM.set(checksum(&cells[..n]));
    for (y, row) in cells.chunks(art::MAP_W).enumerate() {
        vdp::load_words(vdp::PLANE_B + y as u16 * vdp::PLANE_WIDTH * 2, row);
    }
    n
}

/// Unpacks [`CORRUPT`] into 8 words followed by 8 canaries: the error, and whether the
/// canaries are intact.
#[inline(never)]
fn corrupt() -> (Result<usize, UnpackError>, bool) {
    let mut buffer = [0xC0DEu16; 16];
    let r = unpack::unpack(&CORRUPT, &mut buffer);
    (r, buffer[8..].iter().all(|&w| w == 0xC0DE))
}

/// "N -> M bytes" at (x, y).
fn sizes(y: u16, what: &str, raw: u16, packed: usize) {
    let mut c = Console::at(1, y, 3);
    c.print(what);
    c.print(Number::dec(raw as u32).as_str());
    c.print(" -> ");
    c.print(Number::dec(2 * packed as u32).as_str());
    c.print(" bytes");
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off(); // DMA on, display blanked
    text::load_font();
    vdp::load_palette(0, &PALETTE);
    vdp::load_palette(3 * 16 + 1, &[0x0EEE]);
    let tiles = load_tiles();
    let cells = load_map();
    let (bad, canaries) = corrupt();
    let code = match bad {
        Err(UnpackError::BadDistance) => 3,
        Err(_) => 1,
        Ok(_) => 0,
    };
    CORRUPT_RESULT.set(code | if canaries { 0x100 } else { 0 });

    Console::at(1, 1, 3).print("megadrive::unpack (MCZ)");
    sizes(3, "tiles: ", art::TILES_RAW_BYTES, art::TILES_PACKED.len());
    sizes(4, "screen: ", art::MAP_RAW_BYTES, art::MAP_PACKED.len());
    let mut c = Console::at(1, 5, 3);
    c.print("unpacked: ");
    c.print(Number::dec(tiles as u32).as_str());
    c.print(" + ");
    c.print(Number::dec(cells as u32).as_str());
    c.print(" words");
    let mut c = Console::at(1, 6, 3);
    c.print("corrupt: ");
    c.print(match bad {
        Err(UnpackError::BadDistance) => "BadDistance",
        Err(_) => "another error",
        Ok(_) => "decoded?",
    });
    c.print(if canaries { ", nothing past n" } else { ", WROTE PAST n" });
    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
    }
}
