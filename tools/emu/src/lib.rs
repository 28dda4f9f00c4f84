//! megacollide emulator harness.
//!
//! * [`Gpgx`]: Genesis Plus GX as an in-process libretro core -- frame-exact
//!   stepping, pad input, RAM access, screenshots, save states. **One instance
//!   per process at a time** (`open` blocks while another thread holds one).
//! * [`blastem`]: BlastEm run headless under its debugger (second opinion on
//!   hardware behaviour; RAM reads at a breakpoint / after N VBlanks).
//! * [`compare`]/[`compare_with_reference`]: screenshot vs reference PNG.
//! * [`Symbols`]/[`symbol_address`]: 68000 addresses from the ROM's ELF.
//! * [`testrom`]: the harness's own assembler test ROM.
//! * [`Rom`]: a built cartridge and its ELF's symbols, booted in Genesis Plus GX.
//! * [`Recording`]: a pad recording (frames and buttons, a text file) played on a ROM.

pub mod blastem;
mod compare;
mod elf;
mod gpgx;
pub mod libretro;
mod locate;
mod pad;
mod recording;
mod rom;
pub mod testrom;

pub use compare::{compare, compare_with_reference, default_failure_dir, diff_image, region_is_colour, DiffReport, Tolerance};
pub use elf::{symbol_address, Symbol, Symbols};
pub use gpgx::Gpgx;
/// Screenshot pixels (re-exported from the `image` crate).
pub use image::{Rgb, RgbImage};
pub use locate::{find_blastem, find_gpgx_core, workspace_root};
pub use pad::{Pad, PadKind};
pub use recording::Recording;
pub use rom::Rom;

/// Bytes of a value of `len` bytes that the ROM publishes with `megadrive::rt::Published`:
/// two copies, then the index (0 or 1) of the complete one.
///
/// ```
/// assert_eq!(emu::published_bytes(20), 41);
/// ```
pub const fn published_bytes(len: usize) -> usize {
    2 * len + 1
}

/// The complete copy of a published value of `len` bytes, from its whole block
/// ([`published_bytes`] bytes read at its symbol): the copy the index byte names.
///
/// ```
/// let block = [1, 2, 3, 4, 1]; // copies [1, 2] and [3, 4]; the second is current
/// assert_eq!(emu::published_copy(&block, 2), [3, 4]);
/// ```
pub fn published_copy(block: &[u8], len: usize) -> &[u8] {
    let current = (block[2 * len] & 1) as usize;
    &block[current * len..(current + 1) * len]
}

/// Parse a 68000 address or number: `0xFF0000`, `$FF0000`, `FF0000h` or decimal.
pub fn parse_number(s: &str) -> Result<u32, String> {
    let t = s.trim();
    let (digits, radix) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(h) = t.strip_prefix('$') {
        (h, 16)
    } else if let Some(h) = t.strip_suffix('h').or_else(|| t.strip_suffix('H')) {
        (h, 16)
    } else {
        (t, 10)
    };
    u32::from_str_radix(&digits.replace('_', ""), radix).map_err(|e| format!("bad number {s:?}: {e}"))
}
