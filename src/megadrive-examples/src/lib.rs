//! Small programs that show the hardware crate `megadrive`, one job each, like agb's and
//! SGDK's samples (`src/bin/`): `sprites`, `sprite_engine`, `dma`, `pads`, `random`, `mapper`, `streaming`,
//! `fades`, `text`, `sound`, `save`, `water`, `scroll_modes`, `compress`.
//! Each is a cartridge of its own: `make examples` builds them into `out/examples/NAME.md`
//! (`make test` boots each once in Genesis Plus GX, `tools/romtests/tests/examples.rs`).
//!
//! A cartridge defines what the start-up code calls (see `megadrive::rt`); this library is
//! that glue, shared by the examples, so each of them is only its `main`:
//! - `vblank_handler` counts VBlanks ([`FRAMES`], [`wait_vblank`]);
//! - `exception_handler` and the panic handler show what happened in red on the window
//!   plane and stop ([`FAULT`] says which, for tests);
//! - `abort` (what `llvm.trap` calls) panics.
//!
//! [`tile`] turns eight rows of hex digits into a VDP tile, so an example can draw its
//! graphics in its source.
#![no_std]
#![deny(missing_docs)]

use core::fmt::Write;
use megadrive::rt::{self, halt, ExceptionFrame, Shared};
use megadrive::text::Console;
use megadrive::vdp;

/// VBlanks since boot (the ELF symbol `FRAMES`, which tests read).
#[no_mangle]
pub static FRAMES: Shared<u32> = Shared::new(0);

/// 0 while all is well; "PANC" after a panic, "EXCP" after a 68000 exception (the ELF
/// symbol `FAULT`, which tests read).
#[no_mangle]
pub static FAULT: Shared<u32> = Shared::new(0);

/// Waits for the next VBlank (interrupts must be on: [`rt::interrupts_on`]).
pub fn wait_vblank() {
    let start = FRAMES.get();
    while FRAMES.get() == start {}
}

/// The start most examples share: the VDP set up with the display off, the font loaded,
/// palette line 0 the `backdrop` colour (entry 0) and the `text` colour (entry 1), line 1's
/// text yellow, and `title` printed in line 1 at row 1, column 1 of plane A. The display
/// stays off (turn it on with `vdp::display_on` when the screen is drawn).
pub fn start_with_title(backdrop: u16, text: u16, title: &str) {
    vdp::init();
    vdp::display_off();
    megadrive::text::load_font();
    vdp::load_palette(0, &[backdrop, text]);
    vdp::load_palette(16, &[0, 0x00EE]);
    Console::at(1, 1, 1).print(title);
}

/// A VDP tile (8 x 8 pixels, 4 bits each) from eight rows of eight hex digits, the leftmost
/// pixel first: `tile([0x11111111, 0x12222221, ...])`. Each digit is a colour index of the
/// sprite's or cell's palette line (0: transparent).
pub const fn tile(rows: [u32; 8]) -> [u16; 16] {
    let mut words = [0u16; 16];
    let mut i = 0;
    while i < 8 {
        words[2 * i] = (rows[i] >> 16) as u16;
        words[2 * i + 1] = rows[i] as u16;
        i += 1;
    }
    words
}

/// After a fault: records `code` in [`FAULT`] and returns a cursor on the window plane's top
/// rows, in red (the font, and palette line 3's colour 1, loaded again).
fn fault_screen(code: u32) -> Console {
    rt::interrupts_off();
    FAULT.set(code);
    megadrive::text::load_font();
    vdp::load_palette(3 * 16 + 1, &[0x000E]);
    vdp::set_window_rows(2);
    vdp::clear_window();
    Console::window(0, 0, 3)
}

/// Each VBlank (from the start-up code).
#[no_mangle]
pub extern "C" fn vblank_handler() {
    FRAMES.set(FRAMES.get().wrapping_add(1));
}

/// A 68000 exception: its vector and address on screen, then stop.
#[no_mangle]
pub extern "C" fn exception_handler(vector: u32, frame: ExceptionFrame) -> ! {
    let mut con = fault_screen(u32::from_be_bytes(*b"EXCP"));
    con.print("EXCEPTION ");
    con.hex(vector, 2);
    con.print(" PC ");
    con.hex(frame.pc(vector), 6);
    halt()
}

/// A panic: the message on screen, then stop.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    let mut con = fault_screen(u32::from_be_bytes(*b"PANC"));
    let _ = write!(con, "PANIC {info}");
    halt()
}

/// `llvm.trap` lowers to a call of `abort`.
#[no_mangle]
pub extern "C" fn abort() -> ! {
    panic!("abort")
}
