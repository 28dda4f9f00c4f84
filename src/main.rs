//! megacollide ROM: boot, text screen, and (by Cargo feature) the demo, the toolchain
//! self-test or a deliberate panic. Start-up code and vectors are in `startup.s`; the
//! memory layout is in `linker/megadrive.ld`.
#![no_std]
#![no_main]

mod fault;
mod rt;
mod screen;
#[cfg(feature = "selftest")]
mod selftest;
mod sysvars;
mod text;
mod vdp;

use sysvars::{ALIVE_MAGIC, SYSVARS};
use text::Console;

/// Entered from `_start` (startup.s) with interrupts masked and RAM initialised.
#[no_mangle]
pub extern "C" fn main() -> ! {
    screen::init_text_mode();
    Console::at(1, 1, 0).print("MEGACOLLIDE");
    Console::at(1, 2, 0).print("tile collision engine for the 68000");
    Console::at(1, 4, 0).print("ROM alive. Frame:");
    SYSVARS.alive.set(ALIVE_MAGIC);
    rt::interrupts_on();
    #[cfg(feature = "selftest")]
    selftest::run();
    loop {
        rt::wait_vblank();
        let frame = rt::frames();
        Console::at(19, 4, 0).hex(frame, 8);
        #[cfg(feature = "panic-test")]
        if frame >= 30 {
            panic!("deliberate test panic at frame {}", frame);
        }
    }
}
