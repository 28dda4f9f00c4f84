//! Random numbers and debug logging: `random::Random` (xorshift16) seeded with 0x2026 gives
//! 32 numbers, shown in hexadecimal on plane A, then 16 throws of an eight-sided die
//! (`below_pow2(3)`, 1 to 8); each line shown is also written to the emulator's debug log
//! with `debug::log` (BlastEm prints `KDEBUG MESSAGE: random 00: ...` on its standard
//! error; Genesis Plus GX and a console ignore it). For tests, in RAM: the numbers
//! (`NUMBERS`), the throws (`DICE`) and how many lines were logged (`LOGGED`).
#![no_std]
#![no_main]

use megadrive::debug::{self, Number};
use megadrive::random::Random;
use megadrive::rt::{self, Masked, Shared};
use megadrive::text::Console;
use megadrive::vdp;
use megadrive_examples::{start_with_title, wait_vblank};

/// The generator's seed.
const SEED: u16 = 0x2026;

/// The first 32 numbers of `Random::new(SEED)`.
#[no_mangle]
pub static NUMBERS: Masked<[u16; 32]> = Masked::new([0; 32]);

/// The next 16 numbers as throws of an eight-sided die: `below_pow2(3) + 1`.
#[no_mangle]
pub static DICE: Masked<[u16; 16]> = Masked::new([0; 16]);

/// Lines written to the debug log (10 when all are written).
#[no_mangle]
pub static LOGGED: Shared<u16> = Shared::new(0);

/// Writes `text` and ends the debug message; counts it in [`LOGGED`].
fn log_line(text: &str) {
    debug::log(text);
    LOGGED.set(LOGGED.get() + 1);
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    // Grey text; the title yellow.
    start_with_title(0x0200, 0x0CCC, "megadrive::random - xorshift16");
    let mut rng = Random::new(SEED);
    let mut con = Console::at(1, 3, 0);
    con.print("seed ");
    con.hex(SEED as u32, 4);
    debug::write("random seed ");
    log_line(Number::hex(SEED).as_str());

    let mut numbers = [0u16; 32];
    for (row, chunk) in numbers.chunks_mut(4).enumerate() {
        let mut con = Console::at(1, 5 + row as u16, 0);
        let first = Number::dec(4 * row as u32);
        let label = if row < 3 { "0" } else { "" }; // two digits: 00, 04, 08, 12 ...
        con.print(label);
        con.print(first.as_str());
        con.print(":");
        debug::write("random ");
        debug::write(label);
        debug::write(first.as_str());
        debug::write(":");
        for n in chunk.iter_mut() {
            *n = rng.next();
            con.print(" ");
            con.hex(*n as u32, 4);
            debug::write(" ");
            debug::write(Number::hex(*n).as_str());
        }
        log_line("");
    }
    NUMBERS.set(numbers);

    let mut dice = [0u16; 16];
    let mut con = Console::at(1, 14, 0);
    con.print("d8:");
    debug::write("random d8:");
    for d in dice.iter_mut() {
        *d = rng.below_pow2(3) + 1;
        let text = Number::dec(*d as u32);
        con.print(" ");
        con.print(text.as_str());
        debug::write(" ");
        debug::write(text.as_str());
    }
    log_line("");
    DICE.set(dice);

    vdp::display_on();
    rt::interrupts_on();
    loop {
        wait_vblank();
    }
}
