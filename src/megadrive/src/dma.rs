//! DMA: the VDP copies 68000 memory (ROM or RAM) to VRAM, CRAM or VSRAM, or fills VRAM,
//! without the CPU writing each word. Much faster than CPU writes, so VBlank fits more.
//!
//! DMA must be enabled in mode register 2: [`crate::vdp::display_on`] and
//! [`crate::vdp::display_off`] do that ([`crate::vdp::init`] leaves it off). Run transfers
//! in VBlank or with the display off: during active display the VDP trickles them out a
//! few bytes per line. The 68000 is halted while a copy from its memory runs, so a copy is
//! complete when the function returns; a fill runs on its own and [`fill_vram`] waits for
//! it. Each function leaves the auto-increment at 2 (the standard set-up).
//!
//! Clearing plane B and copying two tiles (hardware: `no_run`):
//!
//! ```no_run
//! use megadrive::{dma, vdp};
//!
//! static TILES: [u16; 32] = [0x1111; 32]; // two tiles of colour 1 (16 words each)
//! vdp::display_off();
//! dma::fill_vram(vdp::PLANE_B, 64 * 32 * 2, 0); // 64 x 32 cells of 2 bytes
//! dma::copy_to_vram(&TILES, 32 * 32); // tiles 32 and 33 (32 bytes a tile)
//! vdp::display_on();
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`fill_vram`]: crate::dma::fill_vram

use crate::vdp::{self, Reg};
use megadrive_sys::*;

/// Words (2 bytes) one DMA may move: the length registers are 16 bits.
///
/// ```
/// use megadrive::dma::{pieces, MAX_WORDS};
/// // One word more than the length registers hold: two transfers.
/// assert_eq!(pieces(0xFF_0000, MAX_WORDS + 1).count(), 2);
/// ```
pub const MAX_WORDS: u32 = 0xFFFF;

/// Sets the DMA length registers (words; bytes for a fill).
fn set_length(len: u16) {
    for w in length_regs(len) {
        vdp::ctrl16(w);
    }
}

/// The two register writes of a DMA length (words; bytes for a fill): low byte, high byte.
const fn length_regs(len: u16) -> [u16; 2] {
    [vdp::reg_word(Reg::DmaLenLo, len as u8), vdp::reg_word(Reg::DmaLenHi, (len >> 8) as u8)]
}

/// Waits until the VDP's DMA busy flag clears (a fill or VRAM copy in progress).
///
/// ```no_run
/// use megadrive::{dma, vdp};
/// dma::wait(); // no fill still running before the next VDP command
/// vdp::set_hscroll(0, 0);
/// ```
pub fn wait() {
    while vdp::status() & MD_VDP_STATUS_DMA as u16 != 0 {}
}

/// Fills `len` bytes of VRAM from the even byte address `addr` with `value` (`len` even,
/// 2..=65534; an odd `len` is rounded down), and waits for the fill to end.
///
/// ```no_run
/// use megadrive::{dma, vdp};
/// vdp::display_off();
/// dma::fill_vram(vdp::TILE_BYTES, vdp::TILE_BYTES, 0x11); // tile 1: colour 1 everywhere
/// vdp::display_on();
/// ```
pub fn fill_vram(addr: u16, len: u16, value: u8) {
    let word = ((value as u16) << 8) | value as u16;
    if len < 4 {
        // The VDP's fill writes a first word, then `length` bytes from the second byte on:
        // 2 bytes are one CPU write.
        if len >= 2 {
            vdp::vram_write_at(addr);
            vdp::data16(word);
        }
        return;
    }
    vdp::set_reg(Reg::AutoInc, 1);
    set_length(fill_length(len));
    vdp::set_reg(Reg::DmaSrcHi, 0x80); // fill mode
    vdp::ctrl32(vdp::command(MD_VDP_CODE_VRAM_WRITE | MD_VDP_CODE_DMA, addr));
    // The data write starts the fill: this word at `addr`, then the value's high byte (see
    // `fill_length`).
    vdp::data16(word);
    wait();
    vdp::set_reg(Reg::AutoInc, 2);
}

/// The DMA length register value that fills exactly `len` bytes (even, at least 4): after
/// the first data word the fill writes the byte at (address ^ 1) and steps the address by
/// one, `length` times from `addr + 1` (measured in Genesis Plus GX: length 30 from 0x4100
/// wrote 0x4100..=0x411D and 0x411F, length 32 wrote 0x4100..=0x4121).
const fn fill_length(len: u16) -> u16 {
    (len & !1) - 1
}

/// Which VDP memory a copy writes to.
///
/// ```no_run
/// use megadrive::dma::{copy, Dest};
/// static SCROLL: [u16; 2] = [16, 8]; // planes A and B scrolled down
/// copy(&SCROLL, Dest::Vsram, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Video RAM, byte address.
    Vram,
    /// Colour RAM, byte address (colour index * 2).
    Cram,
    /// Vertical scroll RAM, byte address.
    Vsram,
}

impl Dest {
    const fn code(self) -> u32 {
        match self {
            Dest::Vram => MD_VDP_CODE_VRAM_WRITE,
            Dest::Cram => MD_VDP_CODE_CRAM_WRITE,
            Dest::Vsram => MD_VDP_CODE_VSRAM_WRITE,
        }
    }
}

/// The pieces a copy of `words` words from 68000 byte address `src` is split into, so that
/// no piece crosses a 128 KiB boundary of the source (the VDP's source counter only wraps
/// its low 16 bits) or exceeds [`MAX_WORDS`]: `(source, destination offset in bytes,
/// words)` each.
///
/// ```
/// // 16 words from 16 bytes below a 128 KiB boundary: two pieces of 8 words.
/// let p: Vec<_> = megadrive::dma::pieces(0x1_FFF0, 16).collect();
/// assert_eq!(p, [(0x1_FFF0, 0, 8), (0x2_0000, 16, 8)]);
/// ```
pub fn pieces(src: u32, words: u32) -> impl Iterator<Item = (u32, u32, u16)> {
    let mut done = 0u32;
    core::iter::from_fn(move || {
        if done >= words {
            return None;
        }
        let at = src + (done << 1);
        // Words left before the next 128 KiB boundary of the source.
        let to_boundary = (0x2_0000 - (at & 0x1_FFFF)) >> 1;
        let mut n = words - done;
        if n > to_boundary {
            n = to_boundary;
        }
        if n > MAX_WORDS {
            n = MAX_WORDS;
        }
        let piece = (at, done << 1, n as u16);
        done += n;
        Some(piece)
    })
}

/// Copies `words` from 68000 memory (ROM or RAM; even address) to `dest` at byte address
/// `addr`. Split at 128 KiB source boundaries as the hardware needs. The CPU is halted
/// until the copy ends. Opens the sound driver's DMA window around it when none is open
/// ([`crate::sound::begin_vblank`]).
///
/// ```no_run
/// use megadrive::dma::{copy, Dest};
///
/// static PALETTE: [u16; 16] = [0x0EEE; 16];
/// copy(&PALETTE, Dest::Cram, 0); // CRAM line 0 (byte address 0); hardware: `no_run`
/// ```
pub fn copy(words: &[u16], dest: Dest, addr: u16) {
    // The VDP owns the 68000 bus during the copy: the sound driver must keep off it (a DMA
    // window, see `crate::sound`), unless the caller opened one for the whole VBlank.
    let window = crate::sound::dma_start();
    copy_in_window(words, dest, addr);
    crate::sound::dma_done(window);
}

/// [`copy`] for a caller that has the sound driver's DMA window open already (one window
/// for a VBlank's many copies).
#[inline]
pub(crate) fn copy_in_window(words: &[u16], dest: Dest, addr: u16) {
    let src = words.as_ptr() as usize as u32;
    let n = words.len() as u32;
    if n <= MAX_WORDS && (src & 0x1_FFFF) + (n << 1) <= 0x2_0000 {
        // The common case: one transfer.
        Transfer::new(src, n as u16, dest, addr).run();
    } else {
        copy_split(words, dest, addr);
    }
}

/// A copy that crosses a 128 KiB boundary of its source or is longer than one transfer.
#[cold]
#[inline(never)]
fn copy_split(words: &[u16], dest: Dest, addr: u16) {
    for t in transfers(words, dest, addr) {
        t.run();
    }
}

/// The transfers a copy of `words` to `dest` at byte address `addr` takes (one, or more
/// when the words cross a 128 KiB boundary of the source; see [`pieces`]).
///
/// ```
/// use megadrive::dma::{transfers, Dest};
/// static TILES: [u16; 64] = [0; 64];
/// assert_eq!(transfers(&TILES, Dest::Vram, 0x8000).count(), 1);
/// ```
pub fn transfers(words: &[u16], dest: Dest, addr: u16) -> impl Iterator<Item = Transfer> {
    let src = words.as_ptr() as usize as u32;
    pieces(src, words.len() as u32).map(move |(from, offset, n)| Transfer::new(from, n, dest, addr.wrapping_add(offset as u16)))
}

/// One DMA copy from 68000 memory with its VDP control-port writes worked out: queued
/// ahead of VBlank, it costs there only the writes ([`Transfer::run`]), as the DMA queues of
/// the classic engines do.
///
/// ```no_run
/// use megadrive::dma::{Dest, Transfer};
/// static TILES: [u16; 32] = [0x1111; 32];
/// // Worked out during the frame (the source must not cross a 128 KiB boundary: see
/// // `transfers`, which splits) ...
/// let t = Transfer::new(TILES.as_ptr() as u32, 32, Dest::Vram, 64 * 32);
/// // ... and run in VBlank.
/// t.run();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The five register writes: length low and high byte, source low, middle and high
    /// byte (68000 -> VDP mode).
    regs: [u16; 5],
    /// The command that starts the copy.
    command: u32,
}

impl Transfer {
    /// `words` words (1..=65535) from even 68000 byte address `src` to `dest` at byte
    /// address `addr`. The words must not cross a 128 KiB boundary of the source (the VDP's
    /// source counter wraps there): [`transfers`] splits a copy that does.
    ///
    /// ```
    /// use megadrive::dma::{Dest, Transfer};
    /// let a = Transfer::new(0xFF_0000, 320, Dest::Vram, 0xF800);
    /// let b = Transfer::new(0xFF_0000, 320, Dest::Vram, 0xF800);
    /// assert_eq!(a, b);
    /// ```
    #[inline]
    pub fn new(src: u32, words: u16, dest: Dest, addr: u16) -> Transfer {
        // In words and bytes: the 68000 shifts a long by 16 slowly, a word it swaps.
        let s = src >> 1;
        let (s_hi, s_lo) = ((s >> 16) as u16, s as u16);
        let [len_lo, len_hi] = length_regs(words);
        Transfer {
            regs: [
                len_lo,
                len_hi,
                vdp::reg_word(Reg::DmaSrcLo, s_lo as u8),
                vdp::reg_word(Reg::DmaSrcMid, (s_lo >> 8) as u8),
                vdp::reg_word(Reg::DmaSrcHi, (s_hi & 0x7F) as u8),
            ],
            command: vdp::command(dest.code() | MD_VDP_CODE_DMA, addr),
        }
    }

    /// Runs the copy: the register writes and the command (in VBlank or with the display
    /// off; the 68000 is halted until the copy ends). A copy from 68000 memory needs the
    /// sound driver's DMA window open ([`crate::sound::begin_vblank`]; [`copy`] opens one).
    ///
    /// ```no_run
    /// # use megadrive::dma::{Dest, Transfer};
    /// static PALETTE: [u16; 16] = [0x0EEE; 16];
    /// Transfer::new(PALETTE.as_ptr() as u32, 16, Dest::Cram, 0).run();
    /// ```
    #[inline]
    pub fn run(&self) {
        for &w in &self.regs {
            vdp::ctrl16(w);
        }
        vdp::ctrl32(self.command);
    }
}

/// Copies `words` to VRAM at byte address `addr` (see [`copy`]).
///
/// ```no_run
/// use megadrive::{dma, vdp};
/// static HERO: [u16; 8 * 16] = [0x1111; 128]; // 8 tiles from romtool
/// // In VBlank: the hero's tiles to VDP tile 384.
/// dma::copy_to_vram(&HERO, 384 * vdp::TILE_BYTES);
/// ```
pub fn copy_to_vram(words: &[u16], addr: u16) {
    copy(words, Dest::Vram, addr);
}

/// Copies `words` to VRAM from byte address `addr` on, one word every `stride` bytes (the
/// VDP's auto-increment: 128 writes a column of a 64-cell-wide name table). Leaves the
/// auto-increment at 2.
///
/// ```no_run
/// use megadrive::{dma, vdp};
/// static COLUMN: [u16; 32] = [0; 32]; // one name-table word per row
/// // Column 5 of plane A, 64 cells wide: one word every 128 bytes.
/// dma::copy_to_vram_stride(&COLUMN, vdp::PLANE_A + 5 * 2, 128);
/// ```
pub fn copy_to_vram_stride(words: &[u16], addr: u16, stride: u8) {
    vdp::set_reg(Reg::AutoInc, stride);
    copy(words, Dest::Vram, addr);
    vdp::set_reg(Reg::AutoInc, 2);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transfer_writes_the_registers_of_its_copy() {
        let t = Transfer::new(0xFF_1234, 0x0456, Dest::Vram, 0xF800);
        // Length 0x0456 words; source 0xFF1234 / 2 = 0x7F891A; VRAM 0xF800 with DMA.
        assert_eq!(t.regs, [0x9356, 0x9404, 0x951A, 0x9689, 0x977F]);
        assert_eq!(t.command, 0x7800_0083);
        let c = Transfer::new(0x1_0000, 16, Dest::Cram, 0x20);
        assert_eq!((c.regs, c.command), ([0x9310, 0x9400, 0x9500, 0x9680, 0x9700], 0xC020_0080));
    }

    #[test]
    fn a_fill_length_covers_exactly_the_bytes_asked() {
        assert_eq!(fill_length(32), 31);
        assert_eq!(fill_length(33), 31);
        assert_eq!(fill_length(4), 3);
    }

    #[test]
    fn a_copy_is_split_at_128k_source_boundaries() {
        let p: Vec<_> = pieces(0x1_FFF0, 32).collect();
        assert_eq!(p, [(0x1_FFF0, 0, 8), (0x2_0000, 16, 24)]);
        let p: Vec<_> = pieces(0xFF_0000, 100).collect();
        assert_eq!(p, [(0xFF_0000, 0, 100)]);
        assert_eq!(pieces(0x100, 0).count(), 0);
        // Longer than the length registers hold.
        let p: Vec<_> = pieces(0, 0x1_0000).collect();
        assert_eq!(p, [(0, 0, 0xFFFF), (0x1_FFFE, 0x1_FFFE, 1)]);
    }
}
