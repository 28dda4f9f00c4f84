//! Safe Sega Mega Drive / Genesis hardware access for `no_std` Rust on the 68000, over the
//! raw definitions of `megadrive-sys`. Every `unsafe` hardware access of a megacollide
//! cartridge is in this crate; the game code above it has none.
//!
//! | module | what |
//! |---|---|
//! | [`vdp`] | named registers, the standard 320 x 224 set-up and VRAM layout, VRAM/CRAM/VSRAM writes, scroll (full screen, per line, per 8-line cell, per 16-pixel column), status, NTSC/PAL detection |
//! | [`dma`] | DMA: VRAM fill, copies from ROM or RAM to VRAM/CRAM/VSRAM (in VBlank) |
//! | [`stream`] | plane streaming: a map bigger than the plane through a ring buffer, only the new columns and rows written each frame |
//! | [`sprites`] | the sprite list: position, size, palette, h/v flip, priority; uploaded by CPU or DMA |
//! | [`sprite_engine`] | objects from sprite sheets: VRAM allocated and freed, frames uploaded by DMA, animations, metasprites up to 128 x 128, culling, the sprite table |
//! | [`mapper`] | the Sega mapper: ROMs over 4 MiB, their data read through 512 KiB windows |
//! | [`pad`] | 3- and 6-button pads on both ports, and the buttons pressed and released each frame |
//! | [`raster`] | raster effects: colours, scroll and registers changed at chosen lines by the horizontal interrupt |
//! | [`random`] | a fast pseudo-random generator (xorshift16, period 65,535) |
//! | [`debug`] | text to the emulators' KDebug log (BlastEm), and numbers in hex or decimal without division |
//! | [`fade`] | palette fades (to and from black or any palette) |
//! | [`text`] | the 8 x 8 font and a text cursor on plane A |
//! | [`timing`] | NTSC or PAL, the exact scanline, the lines a frame's work took, 60 game steps a second on both |
//! | [`rt`] | interrupt masking, RAM cells shared with interrupt handlers, the exception frame |
//! | [`save`] | battery-backed SRAM, and typed records in slots that survive a power cut (two copies, sequence numbers, CRC-16) |
//! | [`sound`] | music (YM2612 + PSG) and PCM / PSG effects played by the crate's Z80 driver (`z80/driver.asm`) |
//! | [`unpack`] | compressed art and maps (MCZ, word-aligned LZ from `romtool compress`) unpacked into RAM, then to VRAM |
//! | [`z80`] | the Z80's bus, RAM and reset: the one place the 68000 takes the bus, and its rules |
//!
//! A 68000 binary that uses this crate is a cartridge with nothing more to wire: the build
//! script links into it the start-up code `asm/startup.s` (vectors, TMSS handshake, RAM
//! init, interrupt entries), `asm/mulsi3.s` (`__mulsi3`) and `asm/mem.s` (`memcpy` and
//! `memset`, 16 bytes per loop: compiler_builtins' byte-wise ones cost about 1,700 cycles
//! for a 20-byte struct), and this crate gives the link the memory map
//! `linker/megadrive.ld` (the feature `cartridge`, on by default). The cartridge defines
//! what the start-up code calls (see [`rt`]): `main`, `vblank_handler`,
//! `exception_handler`, and a `#[panic_handler]`. The build stops, saying how to build,
//! when the 68000 build does not load megacollide's LLVM fix plugin.
//!
//! Units: screen and plane positions in pixels unless a name says cells (8 x 8 pixels) or
//! metatiles (16 x 16 pixels); VRAM addresses in bytes; colours as CRAM words
//! (0000BBB0GGG0RRR0). The crate builds on the host too (for its unit tests and docs);
//! its hardware functions only work on the console.
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![cfg_attr(all(target_arch = "m68k", feature = "cartridge"), feature(link_arg_attribute))]
#![cfg_attr(target_arch = "m68k", feature(asm_experimental_arch))]

// The memory map of every cartridge (`linker/megadrive.ld`), given to the final link of every
// binary that uses this crate, and relocations kept for the packer's `bra.l` rewrite (`romtool
// pack`): a `link` attribute that build.rs writes with the script's absolute path.
#[cfg(all(target_arch = "m68k", feature = "cartridge"))]
include!(concat!(env!("OUT_DIR"), "/memory_map.rs"));

/// Emulator debug text and numbers formatted without division.
///
/// ```
/// assert_eq!(megadrive::debug::Number::dec(250).as_str(), "250");
/// ```
pub mod debug;

/// DMA fills and copies to VRAM, CRAM and VSRAM.
///
/// ```
/// // A copy from RAM (0xFF0000) of 64 words is one transfer.
/// assert_eq!(megadrive::dma::pieces(0xFF_0000, 64).count(), 1);
/// ```
pub mod dma;

/// Palette fades.
///
/// ```
/// assert_eq!(megadrive::fade::step_colour(0x0EEE, 0), 0x0CCC); // white, one step darker
/// ```
pub mod fade;

pub mod mapper;
pub mod pad;

/// A fast pseudo-random generator.
///
/// ```
/// let mut rng = megadrive::random::Random::new(2);
/// assert_eq!(rng.next(), 0x0302);
/// ```
pub mod random;

/// Raster effects: VDP writes at chosen screen lines by the horizontal interrupt.
///
/// ```
/// let mut table = megadrive::raster::Table::new();
/// table.colours(144, 0, &[0x0400]).unwrap(); // the backdrop dark blue from line 144 down
/// assert_eq!(table.lines(), 1);
/// ```
pub mod raster;

// Typed hardware registers: every register and port the crate touches, the crate's one place
// of volatile register accesses (private; see its docs and the README).
mod reg;

/// Interrupt masking, RAM cells shared with interrupt handlers, the exception frame.
///
/// ```
/// static FRAMES: megadrive::rt::Shared<u16> = megadrive::rt::Shared::new(0);
/// FRAMES.set(FRAMES.get() + 1);
/// assert_eq!(FRAMES.get(), 1);
/// ```
pub mod rt;
pub mod save;
pub mod sound;
pub mod sprite_engine;
pub mod sprites;
pub mod stream;

/// The 8 x 8 font and a text cursor.
///
/// ```no_run
/// megadrive::text::load_font();
/// megadrive::text::Console::at(1, 1, 0).print("READY");
/// ```
pub mod text;

/// NTSC or PAL, the exact scanline, 60 game steps a second on both.
///
/// ```
/// use megadrive::timing::Standard;
/// assert_eq!(Standard::Pal.lines_per_frame(), 313);
/// ```
pub mod timing;

/// VDP registers, VRAM layout, VRAM/CRAM/VSRAM writes and scrolling.
///
/// ```
/// assert_eq!(megadrive::vdp::cell(2, 65), 0x4041); // tile 65 ('A' of the font), palette line 2
/// ```
pub mod vdp;

/// The Z80's bus, RAM and reset.
///
/// ```no_run
/// let first = megadrive::z80::with_bus(|bus| bus.read(0));
/// # let _ = first;
/// ```
pub mod z80;

/// Unpacking of MCZ-compressed art and maps (word-aligned LZ; `romtool compress`) into RAM
/// and VRAM.
///
/// ```
/// let mut out = [0u16; 3];
/// assert_eq!(megadrive::unpack::unpack(&[3, 0x0102, 0x0EEE, 1], &mut out), Ok(3));
/// assert_eq!(out, [0x0EEE; 3]);
/// ```
pub mod unpack;

pub use megadrive_sys as sys;
