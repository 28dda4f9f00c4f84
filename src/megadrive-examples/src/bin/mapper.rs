//! The Sega mapper: a 5 MiB cartridge (banks 0 to 9 of 512 KiB). Two tables live past the
//! 68000's 4 MiB, in `mapper::Far` statics of the link sections `.bank8` (256 words) and
//! `.bank9` (32,768 words, the last bank); `romtool pack` writes the ROM's "SEGA SSF"
//! header. The 68000 reads them through windows 7, 1 and 4 (`Far::read` maps the bank in
//! and back out), sums them and shows the sums; each table is a xorshift16 sequence
//! computed at compile time (the same as `megadrive::random::Random`), so the test checks
//! them against the host. For tests, in RAM: `RESULT` and `FIRST` (see below).
#![no_std]
#![no_main]

use megadrive::mapper::{self, Far, Window};
use megadrive::rt::{self, Masked};
use megadrive::text::Console;
use megadrive::vdp;
use megadrive_examples::{start_with_title, wait_vblank};

/// `n` numbers of xorshift16 (7, 9, 8) from `seed`, as `megadrive::random::Random` gives
/// them (at compile time: `Random::next` is not a `const fn`).
const fn xorshift<const N: usize>(seed: u16) -> [u16; N] {
    let mut out = [0u16; N];
    let mut x = seed;
    let mut i = 0;
    while i < N {
        x ^= x << 7;
        x ^= x >> 9;
        x ^= x << 8;
        out[i] = x;
        i += 1;
    }
    out
}

/// 256 words in ROM bank 8 (ROM offset 0x400000): xorshift16 from seed 8.
#[link_section = ".bank8"]
static BANK8: Far<[u16; 256]> = Far::new(xorshift(8));

/// 64 KiB in ROM bank 9 (ROM offset 0x480000, the ROM's last bank): xorshift16 from seed 9.
#[link_section = ".bank9"]
static BANK9: Far<[u16; 32768]> = Far::new(xorshift(9));

/// What the 68000 read: [0] the sum of bank 9's table read through window 7, [1] the same
/// through window 1, [2] the sum of bank 8's table through window 4 (wrapping 32-bit sums
/// of the words); [3] bank 9's table's ROM offset, [4] bank 8's; [5] the banks windows 1,
/// 4 and 7 show afterwards (`bank_in`, one byte each from bit 16 down); [6] the last word of
/// bank 9's table; [7] "DONE" when all is read.
#[no_mangle]
pub static RESULT: Masked<[u32; 8]> = Masked::new([0; 8]);

/// The first 16 words of bank 9's table, copied to RAM through window 7.
#[no_mangle]
pub static FIRST: Masked<[u16; 16]> = Masked::new([0; 16]);

/// The wrapping sum of `words`.
fn sum(words: &[u16]) -> u32 {
    words.iter().fold(0u32, |s, &w| s.wrapping_add(w as u32))
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    start_with_title(0x0200, 0x0CCC, "megadrive::mapper - 5 MiB ROM");

    let mut first = [0u16; 16];
    let (sum9, last) = BANK9.read(Window::SEVEN, |t| {
        first.copy_from_slice(&t[..16]);
        (sum(t), t[t.len() - 1])
    });
    let sum9_w1 = BANK9.read(Window::ONE, |t| sum(t));
    let sum8 = BANK8.read(Window::FOUR, |t| sum(t));
    let banks =
        (mapper::bank_in(Window::ONE) as u32) << 16 | (mapper::bank_in(Window::FOUR) as u32) << 8 | mapper::bank_in(Window::SEVEN) as u32;
    FIRST.set(first);
    RESULT.set([sum9, sum9_w1, sum8, BANK9.rom_offset(), BANK8.rom_offset(), banks, last as u32, u32::from_be_bytes(*b"DONE")]);

    let rows: [(&str, u32, u32); 3] = [
        ("bank 9 in window 7", sum9, BANK9.rom_offset()),
        ("bank 9 in window 1", sum9_w1, BANK9.rom_offset()),
        ("bank 8 in window 4", sum8, BANK8.rom_offset()),
    ];
    for (i, &(what, s, at)) in rows.iter().enumerate() {
        let mut con = Console::at(1, 4 + 2 * i as u16, 0);
        con.print(what);
        con.print(": sum ");
        con.hex(s, 8);
        let mut con = Console::at(3, 5 + 2 * i as u16, 0);
        con.print("ROM offset ");
        con.hex(at, 6);
    }
    let mut con = Console::at(1, 11, 0);
    con.print("windows 1, 4, 7 show banks ");
    con.hex(banks, 6);

    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
    }
}
