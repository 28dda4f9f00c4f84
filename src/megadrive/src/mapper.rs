//! The Sega mapper (the SSF2 style of *Super Street Fighter II*, and of flash cartridges):
//! ROMs larger than the 68000's 4 MiB of cartridge space.
//!
//! The cartridge space 0x000000 .. 0x3FFFFF is eight **windows** of 512 KiB. Window 0
//! (0x000000 .. 0x07FFFF: the vectors, the header, the start-up code) always shows ROM bank
//! 0; each of windows 1 to 7 (0x080000 * n) shows the ROM bank (512 KiB, bank `b` at ROM
//! offset `b * 0x80000`) last written to its register, the byte at 0xA130F1 + 2 * n
//! (0xA130F3 for window 1 ... 0xA130FF for window 7). At power-on window n shows bank n,
//! so a ROM that never calls [`map`] sees its first 4 MiB as usual.
//!
//! How a game puts data past 4 MiB: a `static` of type [`Far`] in the link section
//! `.bank8` ... `.bank15` (`linker/megadrive.ld` places section `.bankN` at ROM bank N,
//! at most 512 KiB each, so a ROM can reach 8 MiB). `romtool pack` then writes a ROM of
//! whole banks whose header's console field is "SEGA SSF", which Genesis Plus GX, BlastEm
//! and flash cartridges take as "this cartridge has the mapper" (a ROM of 4 MiB or less is
//! unchanged: "SEGA MEGA DRIVE"). The 68000 cannot address such a static where the linker
//! put it (0x400000 and up): [`Far::read`] maps its bank into a window, hands the closure a
//! reference into the window, and maps the window's previous bank back.
//!
//! ```
//! use megadrive::mapper::{self, Far, Window};
//!
//! // 1 KiB of level data in ROM bank 9 (ROM offset 0x480000 ..), read through window 7.
//! #[link_section = ".bank9"]
//! static LEVEL_9: Far<[u16; 512]> = Far::new([0x1234; 512]);
//!
//! let first = LEVEL_9.read(Window::SEVEN, |words| words[0]);
//! assert_eq!(first, 0x1234);
//! assert_eq!(Window::SEVEN.base(), 0x38_0000);
//! assert_eq!(mapper::bank_of(0x48_0010), 9);
//! ```
//!
//! Rules:
//! * The windows a game remaps must not hold code or data it uses meanwhile: with the
//!   linker's layout, code and `.rodata` start at 0x200 and grow up, so a game whose first
//!   3.5 MiB hold its code can remap window 7 freely (`make` prints the used bytes).
//! * One program remaps at a time: [`map`] and [`Far::read`] belong to the main program,
//!   never to an interrupt handler (the registers are write-only; [`bank_in`] is a RAM copy).
//! * With the "SEGA SSF" header, Genesis Plus GX (1.7.4, the tests' core) and the Mega
//!   EverDrive use the *extended* SSF mapper, in which a write to 0xA130F1 selects window
//!   0's bank: a mapped ROM must not write 0xA130F1, which other cartridges use to switch
//!   battery-backed SRAM in (this module never writes it; `romtool pack` refuses save RAM,
//!   `megadrive::save`, in a cartridge over 4 MiB).
//!
//! Cost: one [`map`] is a byte write to the window's register and an update of the RAM copy
//! of the 8 banks; [`Far::read`] maps twice, the reads in between cost what reads of ROM
//! cost (the window is ordinary ROM to the 68000: no wait states). On the host (unit tests, docs) nothing is mapped:
//! [`Far::read`] hands out the value where it is, and [`map`] only updates [`bank_in`].
//!
//! Tested in Genesis Plus GX and BlastEm: the example `src/megadrive-examples/src/bin/mapper.rs`,
//! a 5 MiB ROM that reads tables from banks 8 and 9 through several windows
//! (`tools/romtests/tests/examples.rs`).

use crate::rt::Shared;

/// Bytes in a ROM bank and in a window (512 KiB).
///
/// ```
/// use megadrive::mapper::BANK_BYTES;
/// assert_eq!(9 * BANK_BYTES, 0x48_0000); // ROM offset of bank 9
/// ```
pub const BANK_BYTES: u32 = 0x8_0000;

/// The first bank past 4 MiB (the link section `.bank8`).
///
/// ```
/// use megadrive::mapper::{BANK_BYTES, FIRST_FAR_BANK};
/// assert_eq!(FIRST_FAR_BANK as u32 * BANK_BYTES, 0x40_0000);
/// ```
pub const FIRST_FAR_BANK: u8 = 8;

/// The last bank the linker and `romtool pack` lay out (`.bank15`: a ROM of 8 MiB).
///
/// ```
/// use megadrive::mapper::{BANK_BYTES, LAST_BANK};
/// assert_eq!((LAST_BANK as u32 + 1) * BANK_BYTES, 0x80_0000); // 8 MiB
/// ```
pub const LAST_BANK: u8 = 15;

/// The register of window 0 (0xA130F1): not a bank register of the SSF2 mapper (window 0
/// always shows bank 0), and a bank register of the extended one (see the module docs);
/// window n's register is this + 2 * n.
///
/// ```
/// use megadrive::mapper::{Window, REGISTER_BASE};
/// assert_eq!(Window::ONE.register(), REGISTER_BASE + 2);
/// ```
pub const REGISTER_BASE: u32 = megadrive_sys::MD_MAPPER_BANKS;

/// One of the windows 1 to 7 of the cartridge space (512 KiB each, window n at 0x80000 * n)
/// that [`map`] can point at any ROM bank.
///
/// ```
/// use megadrive::mapper::Window;
/// assert_eq!(Window::new(3), Some(Window::THREE));
/// assert_eq!(Window::new(0), None); // window 0 always shows bank 0
/// assert_eq!(Window::new(8), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window(u8);

impl Window {
    /// Window 1: 0x080000 .. 0x0FFFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::ONE.base(), 0x08_0000);
    /// ```
    pub const ONE: Window = Window(1);
    /// Window 2: 0x100000 .. 0x17FFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::TWO.base(), 0x10_0000);
    /// ```
    pub const TWO: Window = Window(2);
    /// Window 3: 0x180000 .. 0x1FFFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::THREE.base(), 0x18_0000);
    /// ```
    pub const THREE: Window = Window(3);
    /// Window 4: 0x200000 .. 0x27FFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::FOUR.base(), 0x20_0000);
    /// ```
    pub const FOUR: Window = Window(4);
    /// Window 5: 0x280000 .. 0x2FFFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::FIVE.base(), 0x28_0000);
    /// ```
    pub const FIVE: Window = Window(5);
    /// Window 6: 0x300000 .. 0x37FFFF.
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::SIX.base(), 0x30_0000);
    /// ```
    pub const SIX: Window = Window(6);
    /// Window 7: 0x380000 .. 0x3FFFFF, the last 512 KiB of the cartridge space (the one a
    /// game's code is least likely to reach).
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::SEVEN.base(), 0x38_0000);
    /// ```
    pub const SEVEN: Window = Window(7);

    /// Window `n` (1 to 7), or `None`.
    ///
    /// ```
    /// use megadrive::mapper::Window;
    /// let w = Window::new(7).unwrap();
    /// assert_eq!(w, Window::SEVEN);
    /// ```
    pub const fn new(n: u8) -> Option<Window> {
        if n >= 1 && n <= 7 {
            Some(Window(n))
        } else {
            None
        }
    }

    /// The window's number (1 to 7).
    ///
    /// ```
    /// assert_eq!(megadrive::mapper::Window::FIVE.number(), 5);
    /// ```
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The 68000 address of the window's first byte.
    ///
    /// ```
    /// use megadrive::mapper::{Window, BANK_BYTES};
    /// assert_eq!(Window::TWO.base(), 2 * BANK_BYTES);
    /// ```
    pub const fn base(self) -> u32 {
        self.0 as u32 * BANK_BYTES
    }

    /// The address of the window's bank register (a byte: 0xA130F3 for window 1 ...
    /// 0xA130FF for window 7).
    ///
    /// ```
    /// use megadrive::mapper::Window;
    /// assert_eq!(Window::ONE.register(), 0xA1_30F3);
    /// assert_eq!(Window::SEVEN.register(), 0xA1_30FF);
    /// ```
    pub const fn register(self) -> u32 {
        REGISTER_BASE + 2 * self.0 as u32
    }

    /// Where the byte at ROM offset `rom_offset` appears in this window once its bank
    /// ([`bank_of`]) is mapped into it.
    ///
    /// ```
    /// use megadrive::mapper::Window;
    /// assert_eq!(Window::SEVEN.address(0x48_0010), 0x38_0010); // bank 9, byte 16
    /// ```
    pub const fn address(self, rom_offset: u32) -> u32 {
        self.base() + (rom_offset & (BANK_BYTES - 1))
    }
}

/// The bank holding the byte at ROM offset `rom_offset` (its offset / 512 KiB).
///
/// ```
/// use megadrive::mapper::bank_of;
/// assert_eq!(bank_of(0x7_FFFF), 0);
/// assert_eq!(bank_of(0x4F_FFFF), 9); // the last byte of a 5 MiB ROM
/// ```
pub const fn bank_of(rom_offset: u32) -> u8 {
    (rom_offset >> 19) as u8
}

/// What each window shows (a RAM copy: the registers cannot be read); window n starts with
/// bank n.
static BANKS: [Shared<u8>; 8] =
    [Shared::new(0), Shared::new(1), Shared::new(2), Shared::new(3), Shared::new(4), Shared::new(5), Shared::new(6), Shared::new(7)];

/// Maps ROM bank `bank` into `window` (from the next read on). Banks past the ROM's end show
/// whatever the cartridge (or emulator) gives: map only banks the ROM has.
///
/// ```no_run
/// use megadrive::mapper::{self, Window};
/// mapper::map(Window::SEVEN, 9); // 0x380000 .. 0x3FFFFF now shows ROM 0x480000 .. 0x4FFFFF
/// // ... read it ...
/// mapper::map(Window::SEVEN, 7); // back to the power-on layout
/// ```
pub fn map(window: Window, bank: u8) {
    BANKS[window.0 as usize].set(bank);
    // A byte write to the Sega mapper's bank register of `window`: it only changes what the
    // window shows (a cartridge without the mapper ignores it). Not on the host, whose tests
    // call `map`.
    #[cfg(target_arch = "m68k")]
    crate::reg::MAPPER_BANKS.get(window.0 as u16).write(bank);
}

/// The bank `window` shows (the last [`map`] of it, or its power-on bank).
///
/// ```
/// use megadrive::mapper::{self, Window};
/// assert_eq!(mapper::bank_in(Window::THREE), 3); // power-on: window n shows bank n
/// ```
pub fn bank_in(window: Window) -> u8 {
    BANKS[window.0 as usize].get()
}

/// Maps every window back to its power-on bank (window n shows bank n).
///
/// ```no_run
/// use megadrive::mapper::{self, Window};
/// mapper::map(Window::ONE, 12);
/// mapper::reset();
/// assert_eq!(mapper::bank_in(Window::ONE), 1);
/// ```
pub fn reset() {
    for n in 1..8 {
        map(Window(n), n);
    }
}

/// Types that [`Far`] can hold: plain integers and arrays of them, any bytes being a valid
/// value (so a window that shows other bytes than expected never makes an invalid value).
///
/// # Safety
/// Every bit pattern of the type's size must be a valid value, with no padding and no
/// pointers or references.
///
/// ```
/// use megadrive::mapper::Far;
/// // A table of words, and one of rows of bytes.
/// static WORDS: Far<[u16; 4]> = Far::new([1, 2, 3, 4]);
/// static ROWS: Far<[[u8; 8]; 2]> = Far::new([[0; 8]; 2]);
/// # let _ = (&WORDS, &ROWS);
/// ```
pub unsafe trait FarData: Copy {}

// SAFETY: every bit pattern is a valid integer; arrays of such types have no padding.
unsafe impl FarData for u8 {}
// SAFETY: as above.
unsafe impl FarData for i8 {}
// SAFETY: as above.
unsafe impl FarData for u16 {}
// SAFETY: as above.
unsafe impl FarData for i16 {}
// SAFETY: as above.
unsafe impl FarData for u32 {}
// SAFETY: as above.
unsafe impl FarData for i32 {}
// SAFETY: as above.
unsafe impl<T: FarData, const N: usize> FarData for [T; N] {}

/// A value in ROM that the 68000 reads through a window of the mapper: put it in a
/// `static` of the link section `.bank8` ... `.bank15` (or anywhere in ROM), and read it
/// with [`Far::read`]. It has no other way in: code cannot read it by mistake where the
/// linker put it (past 4 MiB, out of the 68000's reach).
///
/// ```
/// use megadrive::mapper::{Far, Window};
///
/// #[link_section = ".bank8"]
/// static MUSIC: Far<[u8; 3]> = Far::new([0x9F, 0xBF, 0xDF]);
///
/// let sum: u16 = MUSIC.read(Window::SIX, |bytes| bytes.iter().map(|&b| b as u16).sum());
/// assert_eq!(sum, 0x9F + 0xBF + 0xDF);
/// ```
#[repr(transparent)]
pub struct Far<T: FarData>(T);

impl<T: FarData> Far<T> {
    /// Wraps `value` (for a `static` initialiser).
    ///
    /// ```
    /// use megadrive::mapper::Far;
    /// #[link_section = ".bank9"]
    /// static TILES: Far<[u32; 8]> = Far::new([0x1111_1111; 8]);
    /// # let _ = &TILES;
    /// ```
    pub const fn new(value: T) -> Self {
        Far(value)
    }

    /// Its ROM offset: where the linker put it (on the 68000; on the host, the low 32 bits
    /// of its host address).
    ///
    /// ```no_run
    /// use megadrive::mapper::Far;
    /// #[link_section = ".bank9"]
    /// static TABLE: Far<[u16; 64]> = Far::new([0; 64]);
    /// assert!(TABLE.rom_offset() >= 0x48_0000); // in bank 9 (on the 68000)
    /// ```
    pub fn rom_offset(&'static self) -> u32 {
        self as *const Self as usize as u32
    }

    /// The ROM bank that holds it.
    ///
    /// ```no_run
    /// use megadrive::mapper::Far;
    /// #[link_section = ".bank9"]
    /// static TABLE: Far<[u16; 64]> = Far::new([0; 64]);
    /// assert_eq!(TABLE.bank(), 9); // on the 68000
    /// ```
    pub fn bank(&'static self) -> u8 {
        bank_of(self.rom_offset())
    }

    /// Maps its bank into `window`, runs `f` with it, and maps the window's previous bank
    /// back; returns what `f` returns. `f` must not map `window` itself; code and data
    /// that `f` uses must not be in `window` (the value's section lies in one bank, so one
    /// window shows all of it). On the host, `f` gets the value where it is.
    ///
    /// ```
    /// use megadrive::mapper::{Far, Window};
    ///
    /// #[link_section = ".bank10"]
    /// static HEIGHTS: Far<[i16; 4]> = Far::new([0, -2, -4, -6]);
    ///
    /// let mut copy = [0i16; 4];
    /// HEIGHTS.read(Window::SEVEN, |h| copy = *h); // a copy in RAM for later
    /// assert_eq!(copy[3], -6);
    /// ```
    pub fn read<R>(&'static self, window: Window, f: impl FnOnce(&T) -> R) -> R {
        #[cfg(target_arch = "m68k")]
        {
            use core::sync::atomic::{compiler_fence, Ordering};
            let offset = self.rom_offset();
            let before = bank_in(window);
            map(window, bank_of(offset));
            compiler_fence(Ordering::SeqCst);
            // SAFETY: the window now shows the bank of the value (its link section lies in one
            // bank) at the same offset in the bank, with the static's alignment; the bytes are
            // ROM (never written), and any bytes are a valid `T` (`FarData`).
            let r = f(unsafe { &*(window.address(offset) as *const T) });
            compiler_fence(Ordering::SeqCst);
            map(window, before);
            r
        }
        #[cfg(not(target_arch = "m68k"))]
        {
            let _ = window;
            f(&self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_registers_and_addresses() {
        for n in 1..8u8 {
            let w = Window::new(n).unwrap();
            assert_eq!(w.number(), n);
            assert_eq!(w.base(), 0x8_0000 * n as u32);
            assert_eq!(w.register(), 0xA1_30F1 + 2 * n as u32);
            assert_eq!(w.address(0x48_1234), w.base() + 0x1234);
        }
        assert_eq!(Window::new(0), None);
        assert_eq!(Window::new(8), None);
        assert_eq!((bank_of(0x3F_FFFF), bank_of(0x40_0000), bank_of(0x7F_FFFF)), (7, 8, 15));
    }

    #[test]
    fn map_updates_the_ram_copy() {
        assert_eq!(bank_in(Window::SIX), 6);
        map(Window::SIX, 13);
        assert_eq!(bank_in(Window::SIX), 13);
        reset();
        assert!((1..8).all(|n| bank_in(Window::new(n).unwrap()) == n));
    }

    #[test]
    fn read_on_the_host_gives_the_value() {
        static T: Far<[u16; 3]> = Far::new([7, 8, 9]);
        assert_eq!(T.read(Window::SEVEN, |t| t[0] + t[1] + t[2]), 24);
    }
}
