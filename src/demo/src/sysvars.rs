//! The layout of the demo ROM's test-visible system variables, `SYSVARS` (the ROM's
//! `src/rom/sysvars.rs` holds them; it checks its block against these offsets at compile
//! time, and the ROM tests read it through them): one block at 0xFF0000, big-endian.
//!
//! | offset | size | field        | meaning                                              |
//! |--------|------|--------------|------------------------------------------------------|
//! | 0x00   | 4    | `alive`      | [`ALIVE_MAGIC`] ("MCOL") once `main` has set up the VDP |
//! | 0x04   | 4    | `frames`     | VBlank interrupts taken since boot                  |
//! | 0x08   | 4    | `fault`      | 0, [`FAULT_PANIC`] ("PANC") or [`FAULT_EXCEPTION`] ("EXCP") |
//! | 0x0C   | 4    | `fault_info` | exception vector number, or panic line number        |
//! | 0x10   | 96   | `message`    | NUL-terminated panic/exception text ("file:line: msg") |
//!
//! ```
//! use megacollide_demo::sysvars;
//! assert_eq!(sysvars::MESSAGE + sysvars::MESSAGE_BYTES as u32, 0x70);
//! ```

/// "MCOL": the ROM booted and initialised the display.
pub const ALIVE_MAGIC: u32 = 0x4D43_4F4C;
/// "PANC": a Rust panic reached the panic handler.
pub const FAULT_PANIC: u32 = 0x5041_4E43;
/// "EXCP": a 68000 exception (bus error, illegal instruction, ...) was taken.
pub const FAULT_EXCEPTION: u32 = 0x4558_4350;

/// Offset of `alive` (u32), bytes.
pub const ALIVE: u32 = 0x00;
/// Offset of `frames` (u32).
pub const FRAMES: u32 = 0x04;
/// Offset of `fault` (u32).
pub const FAULT: u32 = 0x08;
/// Offset of `fault_info` (u32).
pub const FAULT_INFO: u32 = 0x0C;
/// Offset of `message` (bytes, NUL-terminated).
pub const MESSAGE: u32 = 0x10;
/// Bytes of `message`, the terminating NUL included.
pub const MESSAGE_BYTES: usize = 96;
