//! Typed hardware registers: every memory-mapped register and port the crate reads or
//! writes, as a volatile cell of the register's own width ([`Reg`]`<u8>`, `<u16>` or
//! `<u32>`), or a block of such cells at a fixed stride ([`RegBlock`]: Z80 RAM, the SRAM's
//! odd bytes, the mapper's bank registers). In the spirit of agb's `MemoryMapped<T>` and
//! the gba crate's `VolAddress<T>`.
//!
//! This module is the crate's one place for volatile register accesses (`unsafe`): a cell
//! is made only by the private `Reg::at` / `RegBlock::at`, so the cells declared below are
//! the only ones, and each holds an address of `megadrive-sys` (`MD_*`, bindgen's output of
//! `src/megadrive-sys/include/megadrive.h`). A cell is a `const` (an address and a width):
//! [`Reg::read`], [`Reg::write`] and [`Reg::modify`] compile to one 68000 access of that
//! width, as `read_volatile` / `write_volatile` at each use did before.
//!
//! The tests at the end check every cell's address against its `megadrive-sys` constant
//! and the header's own `#define`, the VDP ports against the header's `md_vdp_ports`
//! layout, the blocks' ends, and every hardware address of `asm/startup.s` (TMSS, the PSG,
//! the Z80's bus and reset, which have no cell) against `megadrive-sys`; a misaligned cell
//! does not compile.
//!
//! What the cells do not check is *when* an access is allowed: the modules that use them
//! keep those rules (Z80 RAM only with the bus held: [`crate::z80`]; the SRAM only while it
//! is mapped: [`crate::save`]).
// The links of these docs by full path (the module is private: `make doc` does not show it;
// `cargo doc --document-private-items` does).
//! [`Reg`]: crate::reg::Reg
//! [`RegBlock`]: crate::reg::RegBlock
//! [`Reg::read`]: crate::reg::Reg::read
//! [`Reg::write`]: crate::reg::Reg::write
//! [`Reg::modify`]: crate::reg::Reg::modify

use core::marker::PhantomData;
use megadrive_sys::*;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

/// A register width: `u8`, `u16` or `u32`, one 68000 access (`move.b`, `move.w`, `move.l`).
pub(crate) trait Width: Copy + sealed::Sealed {}
impl Width for u8 {}
impl Width for u16 {}
impl Width for u32 {}

/// A memory-mapped register of width `T` at a fixed 68000 address: a `const` value (the
/// address), read and written with one volatile access of its width.
#[derive(Clone, Copy)]
pub(crate) struct Reg<T: Width> {
    /// The 68000 address (a `usize`: 32 bits on the 68000; on the host, the unit tests'
    /// stand-ins in RAM).
    addr: usize,
    width: PhantomData<T>,
}

impl<T: Width> Reg<T> {
    /// The register at `addr` (private: only this module's table makes cells). A `const`
    /// evaluation, so a misaligned register is a compile error.
    const fn at(addr: u32) -> Self {
        assert!(addr.is_multiple_of(core::mem::size_of::<T>() as u32), "a register aligned to its width");
        Reg { addr: addr as usize, width: PhantomData }
    }

    /// The register's 68000 address.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) const fn address(self) -> u32 {
        self.addr as u32
    }

    /// One volatile read of the register.
    #[inline(always)]
    pub(crate) fn read(self) -> T {
        // SAFETY: `addr` is one of the hardware addresses of this module's table (megadrive-
        // sys's), aligned to `T` (checked in `at`); a read of a register at its width touches
        // no memory of the program. (On the host nothing calls it: the crate's host build
        // is for its unit tests and docs.)
        unsafe { core::ptr::read_volatile(self.addr as *const T) }
    }

    /// One volatile write of `value` to the register.
    #[inline(always)]
    pub(crate) fn write(self, value: T) {
        // SAFETY: as for `read`; a write to a register changes the hardware, not the
        // program's memory.
        unsafe { core::ptr::write_volatile(self.addr as *mut T, value) }
    }

    /// Read-modify-write: reads the register, writes `f` of what it read (two accesses, not
    /// atomic: an interrupt handler that writes the same register between them is lost).
    #[cfg_attr(not(test), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn modify(self, f: impl FnOnce(T) -> T) {
        self.write(f(self.read()))
    }
}

/// `LEN` registers of width `T`, `STRIDE` bytes apart from `base`: register `i` at
/// `base + i * STRIDE`. `LEN` is a power of two and an index is taken modulo `LEN`, so
/// every cell a block gives is inside it.
#[derive(Clone, Copy)]
pub(crate) struct RegBlock<T: Width, const LEN: usize, const STRIDE: usize> {
    base: usize,
    width: PhantomData<T>,
}

impl<T: Width, const LEN: usize, const STRIDE: usize> RegBlock<T, LEN, STRIDE> {
    /// The block from `base` (private, as [`Reg::at`]; compile-time checks).
    const fn at(base: u32) -> Self {
        assert!(LEN.is_power_of_two() && LEN <= 0x1_0000, "a power of two of registers, a u16 index");
        assert!(STRIDE >= core::mem::size_of::<T>() && STRIDE.is_multiple_of(core::mem::size_of::<T>()));
        assert!(base.is_multiple_of(core::mem::size_of::<T>() as u32), "registers aligned to their width");
        RegBlock { base: base as usize, width: PhantomData }
    }

    /// The block's first register's 68000 address.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) const fn address(self) -> u32 {
        self.base as u32
    }

    /// Register `i` (modulo `LEN`).
    #[inline(always)]
    pub(crate) const fn get(self, i: u16) -> Reg<T> {
        Reg { addr: self.base + (i as usize & (LEN - 1)) * STRIDE, width: PhantomData }
    }
}

/// Declares the register table, and (for the tests) the list of its cells with the
/// `megadrive-sys` constant each is made from.
macro_rules! registers {
    ($($(#[$attr:meta])* $name:ident: $ty:ty = $sys:ident;)*) => {
        $($(#[$attr])* pub(crate) const $name: $ty = <$ty>::at($sys);)*

        /// Every cell: its name, the `megadrive-sys` constant it is made from, its address.
        #[cfg(test)]
        const ALL: &[(&str, &str, u32)] = &[$((stringify!($name), stringify!($sys), $name.address())),*];
    };
}

registers! {
    /// The VDP data port (VRAM, CRAM and VSRAM words at the address of the last command).
    VDP_DATA: Reg<u16> = MD_VDP_DATA;
    /// The VDP control port: a word write sets a register or is half a command; a read
    /// returns the status (and resets a half-written command).
    VDP_CTRL: Reg<u16> = MD_VDP_CTRL;
    /// The VDP control port written as a long word: a whole 32-bit command.
    VDP_CTRL_LONG: Reg<u32> = MD_VDP_CTRL;
    /// The VDP's HV counter: V counter in the high byte, H counter in the low one.
    VDP_HV_COUNTER: Reg<u16> = MD_VDP_HV_COUNTER;
    /// Controller port 1's data (TH and the buttons' lines).
    IO_DATA1: Reg<u8> = MD_IO_DATA1;
    /// Controller port 2's data.
    IO_DATA2: Reg<u8> = MD_IO_DATA2;
    /// Controller port 1's direction (0x40: TH an output).
    IO_CTRL1: Reg<u8> = MD_IO_CTRL1;
    /// Controller port 2's direction.
    IO_CTRL2: Reg<u8> = MD_IO_CTRL2;
    /// The Z80 bus arbiter: write 0x100 to ask for the bus, 0 to give it back; reads bit 8
    /// = 0 once granted.
    Z80_BUS_REQUEST: Reg<u16> = MD_Z80_BUS_REQUEST;
    /// The Z80's reset line: 0 holds the Z80 in reset, 0x100 releases it.
    Z80_RESET: Reg<u16> = MD_Z80_RESET;
    /// The Z80's 8 KiB of RAM, bytes (only with the Z80's bus held).
    Z80_RAM: RegBlock<u8, 0x2000, 1> = MD_Z80_RAM;
    /// The cartridge's SRAM switch: 1 maps the SRAM (writable) at 0x200000, 0 the ROM.
    SRAM_CONTROL: Reg<u8> = MD_SRAM_CONTROL;
    /// The SRAM's bytes, on odd addresses (save byte `i` at 0x200001 + 2 `i`; a header
    /// declares at most 32 KiB, a `u16` index reaches 64 K).
    SRAM: RegBlock<u8, 0x1_0000, 2> = MD_SRAM_START;
    /// The Sega mapper's bank registers, window `n`'s at 0xA130F1 + 2 `n` (window 0's is
    /// the SRAM switch on the SSF2 mapper).
    #[cfg_attr(not(target_arch = "m68k"), allow(dead_code))]
    MAPPER_BANKS: RegBlock<u8, 8, 2> = MD_MAPPER_BANKS;
    /// The Sega ROM header, 64 long words from 0x100 (read only).
    ROM_HEADER: RegBlock<u32, 64, 4> = MD_ROM_HEADER;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The `#define NAME 0x...u` values of `megadrive.h`, the bindings' source.
    fn header_defines() -> HashMap<String, u32> {
        let header = include_str!("../../megadrive-sys/include/megadrive.h");
        let mut defines = HashMap::new();
        for line in header.lines() {
            let mut words = line.split_whitespace();
            if words.next() != Some("#define") {
                continue;
            }
            let (Some(name), Some(value)) = (words.next(), words.next()) else { continue };
            let value = value.trim_end_matches('u');
            let parsed = match value.strip_prefix("0x") {
                Some(hex) => u32::from_str_radix(hex, 16),
                None => value.parse(),
            };
            if let Ok(v) = parsed {
                defines.insert(name.to_string(), v);
            }
        }
        defines
    }

    /// The `megadrive-sys` constant of each name the table uses.
    fn sys_constant(name: &str) -> u32 {
        match name {
            "MD_VDP_DATA" => MD_VDP_DATA,
            "MD_VDP_CTRL" => MD_VDP_CTRL,
            "MD_VDP_HV_COUNTER" => MD_VDP_HV_COUNTER,
            "MD_IO_DATA1" => MD_IO_DATA1,
            "MD_IO_DATA2" => MD_IO_DATA2,
            "MD_IO_CTRL1" => MD_IO_CTRL1,
            "MD_IO_CTRL2" => MD_IO_CTRL2,
            "MD_Z80_BUS_REQUEST" => MD_Z80_BUS_REQUEST,
            "MD_Z80_RESET" => MD_Z80_RESET,
            "MD_Z80_RAM" => MD_Z80_RAM,
            "MD_SRAM_CONTROL" => MD_SRAM_CONTROL,
            "MD_SRAM_START" => MD_SRAM_START,
            "MD_MAPPER_BANKS" => MD_MAPPER_BANKS,
            "MD_ROM_HEADER" => MD_ROM_HEADER,
            other => panic!("{other}: a register constant the test does not know"),
        }
    }

    #[test]
    fn every_cell_is_at_its_megadrive_sys_address() {
        let defines = header_defines();
        assert_eq!(ALL.len(), 15, "the table's cells");
        for &(cell, sys, address) in ALL {
            assert_eq!(address, sys_constant(sys), "{cell}: megadrive-sys's {sys}");
            assert_eq!(Some(&address), defines.get(sys), "{cell}: megadrive.h's {sys}");
        }
    }

    #[test]
    fn the_vdp_ports_are_the_headers_md_vdp_ports() {
        use core::mem::{offset_of, size_of};
        let port = |offset: usize| MD_VDP_DATA + offset as u32;
        assert_eq!(VDP_DATA.address(), port(offset_of!(md_vdp_ports, data)));
        assert_eq!(VDP_CTRL.address(), port(offset_of!(md_vdp_ports, ctrl)));
        assert_eq!(VDP_CTRL_LONG.address(), port(offset_of!(md_vdp_ports, ctrl)));
        assert_eq!(VDP_HV_COUNTER.address(), port(offset_of!(md_vdp_ports, hv_counter)));
        // Word ports; the control port's long write is its two words (ctrl and its mirror).
        assert_eq!(size_of::<md_u16>(), size_of::<u16>());
        assert_eq!(offset_of!(md_vdp_ports, ctrl_mirror) - offset_of!(md_vdp_ports, ctrl), size_of::<u16>());
    }

    #[test]
    fn blocks_reach_their_ends_and_wrap() {
        assert_eq!(Z80_RAM.get(0x1FFF).address(), 0xA0_1FFF);
        assert_eq!(Z80_RAM.get(0x2000).address(), MD_Z80_RAM, "an index wraps, as the Z80 bus does");
        assert_eq!(SRAM.get(1).address(), MD_SRAM_START + 2);
        assert_eq!(SRAM.get(0x7FFF).address(), 0x20_FFFF, "the last byte of 32 KiB of SRAM");
        assert_eq!(MAPPER_BANKS.get(0).address(), SRAM_CONTROL.address(), "window 0's register is the SRAM switch");
        assert_eq!(MAPPER_BANKS.get(7).address(), 0xA1_30FF);
        assert_eq!(ROM_HEADER.get((0x1B0 - 0x100) / 4).address(), 0x1B0, "the SRAM fields");
    }

    #[test]
    fn the_public_constants_are_the_cells() {
        assert_eq!(crate::save::SRAM_CONTROL, SRAM_CONTROL.address());
        assert_eq!(crate::save::SRAM_START, SRAM.address());
        assert_eq!(crate::mapper::REGISTER_BASE, MAPPER_BANKS.address());
        assert_eq!(crate::mapper::Window::SEVEN.register(), MAPPER_BANKS.get(7).address());
    }

    #[test]
    fn the_start_up_codes_registers_are_megadrive_sys_addresses() {
        // asm/startup.s writes TMSS, the Z80's bus and reset, the PSG and the VDP itself (no
        // cell here: assembly); every hardware address it names is a megadrive-sys one.
        let startup = include_str!("../asm/startup.s");
        let known = [MD_IO_VERSION, MD_TMSS_REGISTER, MD_Z80_BUS_REQUEST, MD_Z80_RESET, MD_PSG_PORT, MD_VDP_DATA, MD_VDP_CTRL];
        let mut seen = Vec::new();
        for word in startup.split(|c: char| !c.is_ascii_alphanumeric()) {
            let Some(hex) = word.strip_prefix("0x") else { continue };
            let Ok(value) = u32::from_str_radix(hex, 16) else { continue };
            if (0xA0_0000..MD_RAM_START).contains(&value) {
                assert!(known.contains(&value), "startup.s: {word} is no megadrive-sys register");
                seen.push(value);
            }
        }
        for register in [MD_IO_VERSION, MD_TMSS_REGISTER, MD_Z80_BUS_REQUEST, MD_Z80_RESET, MD_PSG_PORT, MD_VDP_DATA] {
            assert!(seen.contains(&register), "startup.s writes {register:#X}");
        }
        assert!(startup.contains(&format!("#{MD_TMSS_SEGA:#X}").replace("0X", "0x")), "TMSS: the long 'SEGA'");
    }

    #[test]
    fn read_write_and_modify_are_one_access_at_the_width() {
        // RAM standing in for registers (the table's cells are hardware addresses).
        static WORD: crate::rt::Shared<u16> = crate::rt::Shared::new(0x1234);
        static BYTES: [crate::rt::Shared<u8>; 2] = [crate::rt::Shared::new(0xA5), crate::rt::Shared::new(0x0F)];
        let word = Reg::<u16> { addr: &WORD as *const _ as usize, width: PhantomData };
        word.modify(|v| v | 0x8000);
        assert_eq!(word.read(), 0x9234);
        assert_eq!(WORD.get(), 0x9234);
        let byte = Reg::<u8> { addr: &BYTES[0] as *const _ as usize, width: PhantomData };
        byte.write(0x5A);
        assert_eq!((BYTES[0].get(), BYTES[1].get()), (0x5A, 0x0F), "a byte write leaves the next byte");
        byte.modify(|v| v.wrapping_add(1));
        assert_eq!(byte.read(), 0x5B);
    }
}
