//! megacollide ROM: boot, then the demo game (`demo`), or by Cargo feature the toolchain
//! self-test or a deliberate panic. Start-up code and vectors are the hardware crate's
//! `src/megadrive/asm/startup.s`; the
//! memory layout is in `linker/megadrive.ld`. All hardware access goes through the
//! `megadrive` crate (`src/megadrive/`): this crate has no `unsafe` block.
#![no_std]
#![no_main]
// The self-test and panic-test builds leave the game's modules (demo, sounds, sprites) out.
#![cfg_attr(any(feature = "selftest", feature = "panic-test"), allow(dead_code))]

mod fault;
#[cfg(not(any(feature = "selftest", feature = "panic-test")))]
mod demo;
mod levels;
#[cfg(feature = "panic-test")]
mod panic_test;
mod rt;
mod screen;
#[cfg(feature = "selftest")]
mod selftest;
#[cfg(not(any(feature = "selftest", feature = "panic-test")))]
mod sounds;
#[cfg(not(any(feature = "selftest", feature = "panic-test")))]
mod sprites;
mod sysvars;

use core::fmt::Write;
use megadrive::text::Console;
use megadrive::vdp;
use sysvars::{ALIVE_MAGIC, SYSVARS};

/// Entered from `_start` (startup.s) with interrupts masked and RAM initialised.
#[no_mangle]
pub extern "C" fn main() -> ! {
    // The demo game (the default build).
    #[cfg(not(any(feature = "selftest", feature = "panic-test")))]
    {
        screen::init_text_mode();
        demo::run();
    }
    // Test builds: a text screen over the 16Tile article's level, then the test.
    #[allow(unreachable_code)]
    test_screen()
}

/// The self-test and panic-test builds' screen and loop.
fn test_screen() -> ! {
    // Bulk VRAM uploads happen with the display off (Genesis Plus GX drops CPU writes that
    // flood the VDP FIFO during active display).
    screen::init_text_mode();
    // The last level in file-name order (today the 16Tile article's scene, levels/e1m1.h)
    // behind the text, scrolled up 32 pixels (e1m1's ground, rows 14-15, is then on screen).
    if let Some(level) = levels::LEVELS.last() {
        let level = levels::view_of(level);
        megacollide_level_view::load_shape_graphics(&level, &levels::SHAPES);
        megacollide_level_view::draw_shapes(&level, &levels::SHAPES, vdp::PLANE_B, 20, 16);
    }
    vdp::set_vscroll(0, 32);
    vdp::display_on();
    Console::at(1, 1, 0).print("MEGACOLLIDE");
    Console::at(1, 2, 0).print("tile collision engine for the 68000");
    Console::at(1, 4, 0).print("ROM alive. Frame:");
    // Every level compiled from levels/ is in the ROM.
    let mut con = Console::at(1, 6, 0);
    con.print("Levels:");
    for level in levels::LEVELS.iter() {
        let _ = write!(con, " {} {}x{}", level.name, level.width, level.height);
    }
    SYSVARS.alive.set(ALIVE_MAGIC);
    rt::interrupts_on();
    #[cfg(feature = "selftest")]
    selftest::run();
    loop {
        rt::wait_vblank();
        let frame = rt::frames();
        Console::at(19, 4, 0).hex(frame, 8);
        #[cfg(feature = "panic-test")]
        panic_test::after_frame(frame);
    }
}
