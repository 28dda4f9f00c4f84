//! The test-visible system variables: one `repr(C)` block that the linker script places at
//! exactly 0xFF0000 (section `.sysvars`), exported as the ELF symbol `SYSVARS`.
//!
//! Tests read it from outside (emulator RAM, debugger) at the symbol's address; its layout
//! and magic values are `megacollide_demo::sysvars`'s (checked here at compile time).

use core::mem::offset_of;
use megacollide_demo::sysvars::{ALIVE, FAULT, FAULT_INFO, FRAMES, MESSAGE};
pub use megacollide_demo::sysvars::{ALIVE_MAGIC, FAULT_EXCEPTION, FAULT_PANIC, MESSAGE_BYTES};
use megadrive::rt::Shared;

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

// The block as the tests read it (`megacollide_demo::sysvars`).
const _: () = assert!(
    offset_of!(SysVars, alive) as u32 == ALIVE
        && offset_of!(SysVars, frames) as u32 == FRAMES
        && offset_of!(SysVars, fault) as u32 == FAULT
        && offset_of!(SysVars, fault_info) as u32 == FAULT_INFO
        && offset_of!(SysVars, message) as u32 == MESSAGE
        && core::mem::size_of::<SysVars>() == MESSAGE as usize + MESSAGE_BYTES
);

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
