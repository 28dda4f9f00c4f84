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

use core::cell::UnsafeCell;

/// "MCOL": the ROM booted and initialised the display.
pub const ALIVE_MAGIC: u32 = 0x4D43_4F4C;
/// "PANC": a Rust panic reached the panic handler.
pub const FAULT_PANIC: u32 = 0x5041_4E43;
/// "EXCP": a 68000 exception (bus error, illegal instruction, ...) was taken.
pub const FAULT_EXCEPTION: u32 = 0x4558_4350;
/// Bytes in the fault message buffer (including the terminating NUL).
pub const MESSAGE_BYTES: usize = 96;

/// A RAM word written by the main program or an interrupt and read by tests.
#[repr(transparent)]
pub struct Shared<T: Copy>(UnsafeCell<T>);

// SAFETY: the 68000 is single-core; every access is a single volatile load or store of an
// aligned word, so the interrupt handler and the main program never see a torn value.
unsafe impl<T: Copy> Sync for Shared<T> {}

impl<T: Copy> Shared<T> {
    /// A zero-initialised cell (the startup code clears `.sysvars` anyway).
    pub const fn new(v: T) -> Self {
        Shared(UnsafeCell::new(v))
    }
    /// Volatile read.
    #[inline(always)]
    pub fn get(&self) -> T {
        // SAFETY: aligned, always initialised, single-core (see `Sync` above).
        unsafe { core::ptr::read_volatile(self.0.get()) }
    }
    /// Volatile write.
    #[inline(always)]
    pub fn set(&self, v: T) {
        // SAFETY: as for `get`.
        unsafe { core::ptr::write_volatile(self.0.get(), v) }
    }
}

/// A RAM value owned by the main program (never touched by interrupt handlers), e.g. the
/// game world: a `static` that the main loop borrows mutably.
#[repr(transparent)]
pub struct MainOnly<T>(UnsafeCell<T>);

// SAFETY: only the main program (one thread, no re-entrancy) accesses it; see `borrow`.
unsafe impl<T> Sync for MainOnly<T> {}

impl<T> MainOnly<T> {
    /// Wraps the initial value.
    pub const fn new(v: T) -> Self {
        MainOnly(UnsafeCell::new(v))
    }
    /// Runs `f` with the value borrowed mutably. Must not be called from an interrupt
    /// handler or from inside `f` for the same value (nested borrows).
    #[inline(always)]
    pub fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        // SAFETY: single-core, main program only and never nested (the contract above),
        // so this is the only live reference.
        f(unsafe { &mut *self.0.get() })
    }
}

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
