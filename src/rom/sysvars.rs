//! The test-visible system variables: one `repr(C)` block that the linker script places at
//! exactly 0xFF0000 (section `.sysvars`), exported as the ELF symbol `SYSVARS`.
//!
//! Tests read it from outside (emulator RAM, debugger) at the symbol's address:
//!
//! | offset | size | field        | meaning                                              |
//! |--------|------|--------------|------------------------------------------------------|
//! | 0x00   | 4    | `alive`      | `ALIVE_MAGIC` ("MCOL") once `main` has set up the VDP |
//! | 0x04   | 4    | `frames`     | VBlank interrupts taken since boot                  |
//! | 0x08   | 4    | `fault`      | 0, `FAULT_PANIC` ("PANC") or `FAULT_EXCEPTION` ("EXCP") |
//! | 0x0C   | 4    | `fault_info` | exception vector number, or panic line number        |
//! | 0x10   | 96   | `message`    | NUL-terminated panic/exception text ("file:line: msg") |
//!
//! All values are big-endian, as the 68000 stores them.

use megadrive::rt::Shared;

/// "MCOL": the ROM booted and initialised the display.
pub const ALIVE_MAGIC: u32 = 0x4D43_4F4C;
/// "PANC": a Rust panic reached the panic handler.
pub const FAULT_PANIC: u32 = 0x5041_4E43;
/// "EXCP": a 68000 exception (bus error, illegal instruction, ...) was taken.
pub const FAULT_EXCEPTION: u32 = 0x4558_4350;
/// Bytes in the fault message buffer (including the terminating NUL).
pub const MESSAGE_BYTES: usize = 96;

/// The block at 0xFF0000 (see the module docs for the layout).
#[repr(C)]
pub struct SysVars {
    /// `ALIVE_MAGIC` once booted.
    pub alive: Shared<u32>,
    /// VBlank count since boot.
    pub frames: Shared<u32>,
    /// Fault marker: 0, `FAULT_PANIC` or `FAULT_EXCEPTION`.
    pub fault: Shared<u32>,
    /// Exception vector number or panic line.
    pub fault_info: Shared<u32>,
    /// NUL-terminated fault text.
    pub message: [Shared<u8>; MESSAGE_BYTES],
}

/// The one instance, at 0xFF0000.
#[no_mangle]
#[link_section = ".sysvars"]
pub static SYSVARS: SysVars = SysVars {
    alive: Shared::new(0),
    frames: Shared::new(0),
    fault: Shared::new(0),
    fault_info: Shared::new(0),
    message: [const { Shared::new(0) }; MESSAGE_BYTES],
};

impl SysVars {
    /// Stores `text` as the NUL-terminated fault message (truncated to fit).
    pub fn set_message(&self, text: &[u8]) {
        let n = text.len().min(MESSAGE_BYTES - 1);
        for (cell, &b) in self.message.iter().zip(&text[..n]) {
            cell.set(b);
        }
        self.message[n].set(0);
    }
}
