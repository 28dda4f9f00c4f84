//! # megacollide-testrt
//!
//! The runtime of on-target test binaries: a `cargo test` target built for
//! `m68k-unknown-none-elf` is linked as a Mega Drive cartridge (the hardware crate's vectors,
//! start-up code and memory map, as every cartridge) and runs its tests on the 68000, in Genesis Plus
//! GX, driven by the cargo runner `tools/testrunner`.
//!
//! A test crate uses it like this (see `src/engine/tests/suite/main.rs`):
//!
//! ```ignore
//! #![no_std]
//! #![no_main]
//! #![feature(custom_test_frameworks)]
//! #![test_runner(megacollide_testrt::run)]
//! #![reexport_test_harness_main = "test_main"]
//!
//! #[no_mangle]
//! extern "C" fn main() -> ! {
//!     test_main();
//!     megacollide_testrt::finished()
//! }
//!
//! #[test_case]
//! fn adds() { assert_eq!(1 + 1, 2); }
//! ```
//!
//! ## Protocol with the host (all in RAM, found through ELF symbols)
//!
//! 1. The runner writes every test's name (address and length of the string in ROM) to
//!    [`TESTRT_NAMES`], the count to `TESTRT_CONTROL.count`, then sets `magic` to
//!    [`MAGIC_READY`] and waits.
//! 2. The host sets `TESTRT_SELECT[i]` to 1 for each test to run (filters), then writes
//!    [`GO`] to `go`.
//! 3. For each selected test: `current` = its index, run it. Its end (status 1 ok, 2
//!    failed; the failure text in [`TESTRT_MESSAGE`], length in `message_len`) is published
//!    by incrementing `seq`; the runner waits until the host copies `seq` to `ack`.
//! 4. After the last test `magic` becomes [`MAGIC_DONE`].
//!
//! A test may ask for pads: [`hold_pads`] (68000 side) writes the pads it wants plugged into
//! ports 1 and 2 and the buttons held on them to `pad1` / `pad2` (see [`pads`]); the host
//! applies them before every frame it runs. The runner clears both before each test.
//!
//! A panic (the panic handler), a 68000 exception (bus/address error, illegal instruction,
//! ...) or a hang (the host writes 1 to `abort`; the VBlank interrupt notices it) fails the
//! current test and resumes with the next one: `testrt.s` saved the runner's stack pointer
//! and registers before the test started.
//!
//! On any other target this crate is empty.
#![no_std]

// A test binary is a cartridge: the hardware crate links the start-up code and the memory
// map into every binary that uses it (its build script and `link` attributes).
#[cfg(target_arch = "m68k")]
extern crate megadrive as _;

#[cfg(target_arch = "m68k")]
mod rt;
#[cfg(target_arch = "m68k")]
pub use rt::*;

/// `TESTRT_CONTROL.magic` once the test table is written ("TRDY").
pub const MAGIC_READY: u32 = 0x5452_4459;
/// `TESTRT_CONTROL.magic` after the last test ("TDNE").
pub const MAGIC_DONE: u32 = 0x5444_4E45;
/// `TESTRT_CONTROL.magic` when there are more tests than [`MAX_TESTS`] ("TOVF").
pub const MAGIC_OVERFLOW: u32 = 0x544F_5646;
/// `TESTRT_CONTROL.magic` after a panic or exception outside any test ("TERR"); the
/// message is in `TESTRT_MESSAGE`.
pub const MAGIC_ERROR: u32 = 0x5445_5252;
/// What the host writes to `TESTRT_CONTROL.go` to start the run ("TGO!").
pub const GO: u32 = 0x5447_4F21;
/// Test status: passed.
pub const STATUS_OK: u32 = 1;
/// Test status: failed (panic, exception or abort; see the message).
pub const STATUS_FAILED: u32 = 2;
/// Most tests in one binary.
pub const MAX_TESTS: usize = 256;
/// Bytes of the failure message buffer.
pub const MESSAGE_BYTES: usize = 1024;

/// Byte offsets of the fields of `TESTRT_CONTROL` (32-bit big-endian words).
pub mod control {
    /// [`MAGIC_READY`](super::MAGIC_READY) / [`MAGIC_DONE`](super::MAGIC_DONE) / ...
    pub const MAGIC: u32 = 0;
    /// Number of tests in [`TESTRT_NAMES`](super).
    pub const COUNT: u32 = 4;
    /// Written by the host: [`GO`](super::GO).
    pub const GO: u32 = 8;
    /// Index of the running (or last run) test.
    pub const CURRENT: u32 = 12;
    /// Incremented when a test ends.
    pub const SEQ: u32 = 16;
    /// Written by the host: the last `SEQ` it has read.
    pub const ACK: u32 = 20;
    /// Status of the test that ended last.
    pub const STATUS: u32 = 24;
    /// Length of the failure message in bytes.
    pub const MESSAGE_LEN: u32 = 28;
    /// Written by the host: 1 = abandon the current test (it hangs).
    pub const ABORT: u32 = 32;
    /// VBlank interrupts since boot.
    pub const FRAMES: u32 = 36;
    /// Written by the 68000: the pad the test wants in port 1 (see [`pads`](super::pads)).
    pub const PAD1: u32 = 40;
    /// Written by the 68000: the pad the test wants in port 2.
    pub const PAD2: u32 = 44;
    /// Size of the block in bytes.
    pub const SIZE: u32 = 48;
}

/// The words `TESTRT_CONTROL.pad1` / `pad2`: the buttons held (bits 0..=11, the hardware
/// crate's `megadrive::pad` layout: Up, Down, Left, Right, B, C, A, Start, Z, Y, X, Mode)
/// and the kind of pad plugged in. 0 = a 3-button pad with nothing held (the default).
pub mod pads {
    /// The held buttons' bits.
    pub const BUTTONS: u32 = 0x0FFF;
    /// Set: a 6-button pad is plugged in; clear: a 3-button pad.
    pub const SIX_BUTTON: u32 = 1 << 16;
}
