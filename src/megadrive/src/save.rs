//! Saves that survive a power cut: battery-backed SRAM ([`Sram`]) and typed records kept in
//! numbered slots ([`Slots`]), each slot two copies with a sequence number and a checksum.
//!
//! **The SRAM.** A cartridge's save RAM sits on the odd bytes from 0x200001 (byte `i` of
//! the save is at 0x200001 + 2 `i`), as most Mega Drive games with a battery have it. The
//! ROM header declares it (`RA`, 0xF8 0x20, start 0x200001, end) when the game asks for it in
//! its `Cargo.toml`, which `romtool pack --manifest` reads:
//!
//! ```toml
//! [package.metadata.megacollide]
//! sram = 8192   # bytes of save RAM: a power of two, 256 to 32768
//! ```
//!
//! [`Sram::open`] reads the size back from the header (one place says it), writes 1 to the
//! cartridge's SRAM register 0xA130F1 (SRAM mapped, writable) and 0 when dropped (ROM mapped
//! back: a ROM over 2 MiB has code and data where the SRAM shows while it is open).
//!
//! **Slots and power cuts.** A slot keeps two copies of its record, A then B, each
//! [`HEADER_BYTES`] of header (a 16-bit sequence number, then a CRC-16) and the record's
//! bytes. [`Slots::save`] writes to the copy that is *not* the newest good one, the record's
//! bytes first and the header last (sequence, then checksum), then reads it back.
//! [`Slots::load`] returns the record of the good copy with the newer sequence number. A
//! power cut at any byte of a save therefore leaves the newest good copy as it was: the copy
//! being written either still has its old header (whose checksum no longer matches, or which
//! is older than the other copy) or has its complete new header over its complete new
//! bytes. The load gets the old record or the new one, never a mix (the host tests cut a
//! save after every single byte write).
//!
//! **Checksum.** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, check value
//! 0x29B1 for `"123456789"`) by a 256-entry table of `u16`s in ROM: per byte a shift, an
//! exclusive or and a table load, no multiply or division. It covers the record's size (so a
//! game that changes the size of its record does not read an old one as new), the sequence
//! number and the record's bytes. Sequence numbers run 1 ..= 0xFFFE and wrap (compared
//! 16-bit, "newer" is ahead by less than 32,768); a copy with sequence 0x0000 or 0xFFFF is
//! blank, so SRAM that is all zeros or all 0xFF (a new battery) holds no save.
//!
//! **Cost.** A save of an `N`-byte record checks both copies (reads 2 (4 + N) bytes), writes
//! 4 + N and reads the copy back twice (the bytes, then its checksum); a load checks both
//! copies and reads the newer one's record. Each byte read or written is one SRAM access,
//! and each byte checked a CRC step. Measured by `make bench` (keys `save_16b`, `load_16b`,
//! a RAM store with the same byte accesses): a 16-byte record's save takes at most 11,924
//! 68000 cycles (6,846 into a blank slot), its load at most 5,694: under a tenth of an NTSC
//! frame (127,840 cycles).
//!
//! The logic works on any [`ByteStore`]: [`Sram`] on the console, a RAM array (`[u8]`) in
//! the host tests and wherever a game wants to try it.
//!
//! ```no_run
//! use megadrive::save::{Record, Slots, Sram};
//!
//! /// What the game keeps: 4 bytes.
//! #[derive(Clone, Copy, Default)]
//! struct Progress {
//!     level: u16,
//!     best_time: u16,
//! }
//!
//! impl Record<4> for Progress {
//!     fn to_bytes(&self) -> [u8; 4] {
//!         let [a, b] = self.level.to_be_bytes();
//!         let [c, d] = self.best_time.to_be_bytes();
//!         [a, b, c, d]
//!     }
//!     fn from_bytes(b: &[u8; 4]) -> Self {
//!         Progress { level: u16::from_be_bytes([b[0], b[1]]), best_time: u16::from_be_bytes([b[2], b[3]]) }
//!     }
//! }
//!
//! /// Three save files from byte 0 of the SRAM (3 x 2 x (4 + 4) = 48 bytes).
//! const FILES: Slots<4> = Slots::new(0, 3);
//!
//! let mut sram = Sram::open().expect("the header declares SRAM");
//! let mut progress: Progress = FILES.load(&sram, 1).unwrap_or_default();
//! progress.level += 1;
//! FILES.save(&mut sram, 1, &progress).expect("SRAM present and writable");
//! drop(sram); // ROM mapped back
//! ```

use crate::reg;

/// A place that holds bytes at offsets 0 .. [`ByteStore::size`]: the save logic of
/// [`Slots`] reads and writes through it, one byte at a time. [`Sram`] is the cartridge's;
/// `[u8]` (a RAM array) is one too.
///
/// ```
/// use megadrive::save::ByteStore;
/// let mut ram = [0xFFu8; 64];
/// let store: &mut [u8] = &mut ram;
/// store.write(3, 0x42);
/// assert_eq!((store.size(), store.read(3)), (64, 0x42));
/// ```
pub trait ByteStore {
    /// The bytes it holds (offsets 0 .. `size`).
    ///
    /// ```
    /// use megadrive::save::ByteStore;
    /// assert_eq!([0u8; 100][..].size(), 100);
    /// ```
    fn size(&self) -> u16;
    /// The byte at `offset` (bytes from the start).
    ///
    /// ```
    /// use megadrive::save::ByteStore;
    /// assert_eq!([1u8, 2, 3][..].read(2), 3);
    /// ```
    fn read(&self, offset: u16) -> u8;
    /// Writes the byte at `offset` (bytes from the start).
    ///
    /// ```
    /// use megadrive::save::ByteStore;
    /// let mut ram = [0u8; 4];
    /// ram[..].write(1, 9);
    /// assert_eq!(ram, [0, 9, 0, 0]);
    /// ```
    fn write(&mut self, offset: u16, value: u8);
}

impl ByteStore for [u8] {
    /// The array's length (at most 65,535 bytes count).
    fn size(&self) -> u16 {
        self.len().min(0xFFFF) as u16
    }
    fn read(&self, offset: u16) -> u8 {
        self[offset as usize]
    }
    fn write(&mut self, offset: u16, value: u8) {
        self[offset as usize] = value;
    }
}

/// The cartridge's SRAM register: 1 maps the SRAM (writable) at 0x200000, 0 maps ROM there.
///
/// ```
/// assert_eq!(megadrive::save::SRAM_CONTROL, 0xA1_30F1);
/// ```
pub const SRAM_CONTROL: u32 = megadrive_sys::MD_SRAM_CONTROL;
/// The 68000 address of save byte 0 (save byte `i` is at `SRAM_START + 2 i`: odd bytes).
///
/// ```
/// use megadrive::save::SRAM_START;
/// assert_eq!(SRAM_START + 2 * 8191, 0x20_3FFF); // the last byte of 8 KiB
/// ```
pub const SRAM_START: u32 = megadrive_sys::MD_SRAM_START;
/// The largest save RAM the header can declare (bytes): 32 KiB on odd bytes, 64 KiB of
/// addresses.
///
/// ```
/// assert_eq!(megadrive::save::MAX_SRAM_BYTES, 32 * 1024);
/// ```
pub const MAX_SRAM_BYTES: u16 = 0x8000;

/// Writes 1 (SRAM on, writable) or 0 (ROM) to [`SRAM_CONTROL`].
fn control(value: u8) {
    // The cartridge's mapper register; a cartridge without one ignores the write.
    reg::SRAM_CONTROL.write(value)
}

/// Reads a big-endian long word of the ROM header at `addr` (0x100 ..= 0x1FF).
fn header_u32(addr: u32) -> u32 {
    // One long read. (Two `u16` volatile reads widened to `u32` and joined were compiled
    // by LLVM 22 as a long read of the first word's address, as if it were the low word:
    // the header was never found on the 68000.)
    // The Sega header is ROM, long-word aligned; reading it has no side effects.
    reg::ROM_HEADER.get(((addr - megadrive_sys::MD_ROM_HEADER) >> 2) as u16).read()
}

/// The save RAM's size (bytes) that a ROM header declares, from its 12 bytes at 0x1B0: `RA`,
/// 0xF8 0x20 (battery-backed, odd bytes), start 0x200001, end; `None` for any other (no
/// SRAM, even bytes, a start elsewhere, more than [`MAX_SRAM_BYTES`]).
///
/// ```
/// use megadrive::save::declared_size;
/// let ra = u32::from_be_bytes(*b"RA\xF8\x20");
/// assert_eq!(declared_size(ra, 0x20_0001, 0x20_3FFF), Some(8192));
/// assert_eq!(declared_size(0x2020_2020, 0x2020_2020, 0x2020_2020), None); // spaces: no SRAM
/// ```
pub const fn declared_size(ra: u32, start: u32, end: u32) -> Option<u16> {
    if ra != 0x5241_F820 || start != SRAM_START || end < start || end - start > 2 * (MAX_SRAM_BYTES as u32 - 1) {
        return None;
    }
    Some((((end - start) >> 1) + 1) as u16)
}

/// The cartridge's battery-backed SRAM, mapped while this value lives: [`Sram::open`] maps
/// it, dropping it maps the ROM back. Save byte `i` is the byte at 0x200001 + 2 `i`.
///
/// Keep it open only for a load or a save, and one at a time (dropping any maps the ROM
/// back): while it is open the 2 MiB from 0x200000 are SRAM, not ROM (code or data there,
/// and an interrupt handler using them, would read the SRAM on a ROM over 2 MiB).
///
/// ```no_run
/// use megadrive::save::{ByteStore, Sram};
/// let mut sram = Sram::open().expect("the header declares SRAM");
/// sram.write(0, 0x5A);
/// assert_eq!(sram.read(0), 0x5A);
/// ```
pub struct Sram {
    bytes: u16,
}

impl Sram {
    /// Maps the SRAM (writes 1 to [`SRAM_CONTROL`]) if the ROM header declares some
    /// ([`declared_size`] of the header's 0x1B0 fields); `None`, with nothing written, when
    /// it declares none.
    ///
    /// ```no_run
    /// if let Some(sram) = megadrive::save::Sram::open() {
    ///     let _bytes = sram.bytes(); // 8192 with `sram = 8192` in Cargo.toml
    /// }
    /// ```
    pub fn open() -> Option<Sram> {
        let bytes = declared_size(header_u32(0x1B0), header_u32(0x1B4), header_u32(0x1B8))?;
        control(1);
        Some(Sram { bytes })
    }

    /// The save RAM's size (bytes) from the header.
    ///
    /// ```no_run
    /// let sram = megadrive::save::Sram::open().unwrap();
    /// assert!(sram.bytes() >= 256);
    /// ```
    pub fn bytes(&self) -> u16 {
        self.bytes
    }
}

impl ByteStore for Sram {
    fn size(&self) -> u16 {
        self.bytes
    }
    fn read(&self, offset: u16) -> u8 {
        assert!(offset < self.bytes, "SRAM offset past the declared size");
        // The SRAM is mapped while `self` lives, and the offset is inside it.
        reg::SRAM.get(offset).read()
    }
    fn write(&mut self, offset: u16, value: u8) {
        assert!(offset < self.bytes, "SRAM offset past the declared size");
        // As for `read`; a byte write to the SRAM changes only that byte.
        reg::SRAM.get(offset).write(value)
    }
}

impl Drop for Sram {
    /// Maps the ROM back (writes 0 to [`SRAM_CONTROL`]).
    fn drop(&mut self) {
        control(0);
    }
}

/// A record a game saves: `N` bytes, written and read back by [`Slots`]. Any layout works;
/// big-endian fields (as the 68000 stores them) are the habit. `[u8; N]` is a record.
///
/// ```
/// use megadrive::save::Record;
/// struct Score(u16);
/// impl Record<2> for Score {
///     fn to_bytes(&self) -> [u8; 2] {
///         self.0.to_be_bytes()
///     }
///     fn from_bytes(bytes: &[u8; 2]) -> Self {
///         Score(u16::from_be_bytes(*bytes))
///     }
/// }
/// assert_eq!(Score::from_bytes(&Score(500).to_bytes()).0, 500);
/// ```
pub trait Record<const N: usize>: Sized {
    /// The record as `N` bytes.
    ///
    /// ```
    /// use megadrive::save::Record;
    /// assert_eq!([1u8, 2].to_bytes(), [1, 2]);
    /// ```
    fn to_bytes(&self) -> [u8; N];
    /// The record from bytes `to_bytes` made.
    ///
    /// ```
    /// use megadrive::save::Record;
    /// assert_eq!(<[u8; 2]>::from_bytes(&[3, 4]), [3, 4]);
    /// ```
    fn from_bytes(bytes: &[u8; N]) -> Self;
}

impl<const N: usize> Record<N> for [u8; N] {
    fn to_bytes(&self) -> [u8; N] {
        *self
    }
    fn from_bytes(bytes: &[u8; N]) -> Self {
        *bytes
    }
}

/// Bytes of a copy's header: the sequence number (2, big-endian) then the CRC-16 (2).
///
/// ```
/// use megadrive::save::{Slots, HEADER_BYTES};
/// assert_eq!(Slots::<10>::COPY_BYTES, HEADER_BYTES + 10);
/// ```
pub const HEADER_BYTES: u16 = 4;

/// Why a save failed.
///
/// ```
/// use megadrive::save::{SaveError, Slots};
/// let mut rom_like = [0u8; 0]; // a store that holds nothing: no room
/// let slots: Slots<2> = Slots::new(0, 1);
/// assert_eq!(slots.save(&mut rom_like[..], 0, &[1u8, 2]), Err(SaveError::NoRoom));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The copy read back differs from what was written: no SRAM on the cartridge, or
    /// write-protected, or failing. The other copy (the newest good one) is untouched.
    Verify,
    /// The slot does not fit in the store (its last byte is past [`ByteStore::size`]), or
    /// the slot number is not below the count.
    NoRoom,
}

/// `count` slots of `N`-byte records from byte `base` of a [`ByteStore`]: slot `i` is at
/// `base + i * SLOT_BYTES`, its copy A first, copy B right after (each
/// [`HEADER_BYTES`] + `N` bytes). Several layouts can share a store one after the other
/// (the next one from [`Slots::end`]).
///
/// ```
/// use megadrive::save::Slots;
/// // A 16-byte record, 4 slots: 4 x 2 x (4 + 16) = 160 bytes, then an options record.
/// const FILES: Slots<16> = Slots::new(0, 4);
/// const OPTIONS: Slots<2> = Slots::new(FILES.end(), 1);
/// assert_eq!((FILES.end(), OPTIONS.end()), (160, 172));
/// let mut ram = [0xFFu8; 256];
/// OPTIONS.save(&mut ram[..], 0, &[7u8, 1]).unwrap();
/// assert_eq!(OPTIONS.load(&ram[..], 0), Some([7u8, 1]));
/// assert_eq!(FILES.load::<_, [u8; 16]>(&ram[..], 3), None); // never saved
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots<const N: usize> {
    base: u16,
    count: u16,
}

impl<const N: usize> Slots<N> {
    /// Bytes of one copy: header and record.
    ///
    /// ```
    /// assert_eq!(megadrive::save::Slots::<16>::COPY_BYTES, 20);
    /// ```
    pub const COPY_BYTES: u16 = HEADER_BYTES + N as u16;
    /// Bytes of one slot: two copies.
    ///
    /// ```
    /// assert_eq!(megadrive::save::Slots::<16>::SLOT_BYTES, 40);
    /// ```
    pub const SLOT_BYTES: u16 = 2 * Self::COPY_BYTES;

    /// `count` slots from byte `base` (bytes) of the store.
    ///
    /// ```
    /// let slots: megadrive::save::Slots<8> = megadrive::save::Slots::new(32, 2);
    /// assert_eq!(slots.end(), 32 + 2 * 2 * (4 + 8));
    /// ```
    pub const fn new(base: u16, count: u16) -> Self {
        Slots { base, count }
    }

    /// The first byte after the last slot (bytes from the start of the store).
    ///
    /// ```
    /// assert_eq!(megadrive::save::Slots::<4>::new(0, 1).end(), 16);
    /// ```
    pub const fn end(&self) -> u16 {
        self.base + self.count * Self::SLOT_BYTES
    }

    /// The record in `slot`: the good copy (checksum right) with the newer sequence number,
    /// or `None` when neither copy is good (never saved, blank SRAM, a slot past the count
    /// or the store).
    ///
    /// ```
    /// use megadrive::save::Slots;
    /// let mut ram = [0u8; 32]; // blank (all zeros): nothing saved
    /// let slot: Slots<4> = Slots::new(0, 1);
    /// assert_eq!(slot.load::<_, [u8; 4]>(&ram[..], 0), None);
    /// slot.save(&mut ram[..], 0, &[1u8, 2, 3, 4]).unwrap();
    /// slot.save(&mut ram[..], 0, &[5u8, 6, 7, 8]).unwrap();
    /// assert_eq!(slot.load(&ram[..], 0), Some([5u8, 6, 7, 8]));
    /// ```
    pub fn load<S: ByteStore + ?Sized, R: Record<N>>(&self, store: &S, slot: u16) -> Option<R> {
        let mut bytes = [0u8; N];
        self.load_bytes(store, slot, &mut bytes)?;
        Some(R::from_bytes(&bytes))
    }

    /// [`Slots::load`] into `out`: returns the sequence number of the copy read (1 ..=
    /// 0xFFFE), `out` unchanged when `None`.
    ///
    /// ```
    /// use megadrive::save::Slots;
    /// let mut ram = [0xFFu8; 24];
    /// let slot: Slots<4> = Slots::new(0, 1);
    /// slot.save(&mut ram[..], 0, &[9u8; 4]).unwrap();
    /// let mut out = [0; 4];
    /// assert_eq!(slot.load_bytes(&ram[..], 0, &mut out), Some(1)); // the first save
    /// assert_eq!(out, [9; 4]);
    /// ```
    pub fn load_bytes<S: ByteStore + ?Sized>(&self, store: &S, slot: u16, out: &mut [u8; N]) -> Option<u16> {
        let a = self.copy_a(store, slot)?;
        let b = a + Self::COPY_BYTES;
        let (at, seq) = match (check_copy::<S, N>(store, a), check_copy::<S, N>(store, b)) {
            (Some(sa), Some(sb)) if newer(sb, sa) => (b, sb),
            (Some(sa), _) => (a, sa),
            (None, Some(sb)) => (b, sb),
            (None, None) => return None,
        };
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = store.read(at + HEADER_BYTES + i as u16);
        }
        Some(seq)
    }

    /// Saves `record` in `slot`: into the copy that is not the newest good one, the
    /// record's bytes first and the header (sequence number one past the newest, then the
    /// checksum) last, then read back. Returns the new sequence number. A power cut at any
    /// point leaves [`Slots::load`] the old record or the new one.
    ///
    /// ```
    /// use megadrive::save::Slots;
    /// let mut ram = [0xFFu8; 16];
    /// let slot: Slots<4> = Slots::new(0, 1);
    /// assert_eq!(slot.save(&mut ram[..], 0, &[1u8; 4]), Ok(1));
    /// assert_eq!(slot.save(&mut ram[..], 0, &[2u8; 4]), Ok(2)); // into copy B
    /// assert_eq!(slot.save(&mut ram[..], 0, &[3u8; 4]), Ok(3)); // into copy A again
    /// assert_eq!(&ram[4..8], &[3, 3, 3, 3]);
    /// ```
    pub fn save<S: ByteStore + ?Sized, R: Record<N>>(&self, store: &mut S, slot: u16, record: &R) -> Result<u16, SaveError> {
        self.save_bytes(store, slot, &record.to_bytes())
    }

    /// [`Slots::save`] of bytes.
    ///
    /// ```
    /// use megadrive::save::Slots;
    /// let mut ram = [0u8; 32];
    /// let slots: Slots<2> = Slots::new(0, 2);
    /// slots.save_bytes(&mut ram[..], 1, &[0xAB, 0xCD]).unwrap();
    /// assert_eq!(slots.load(&ram[..], 1), Some([0xABu8, 0xCD]));
    /// assert_eq!(slots.load::<_, [u8; 2]>(&ram[..], 0), None); // the other slot
    /// ```
    pub fn save_bytes<S: ByteStore + ?Sized>(&self, store: &mut S, slot: u16, bytes: &[u8; N]) -> Result<u16, SaveError> {
        let a = self.copy_a(store, slot).ok_or(SaveError::NoRoom)?;
        let b = a + Self::COPY_BYTES;
        let (at, seq) = match (check_copy::<S, N>(store, a), check_copy::<S, N>(store, b)) {
            (Some(sa), Some(sb)) if newer(sb, sa) => (a, next(sb)),
            (Some(sa), _) => (b, next(sa)),
            (None, Some(sb)) => (a, next(sb)),
            (None, None) => (a, 1),
        };
        for (i, &byte) in bytes.iter().enumerate() {
            store.write(at + HEADER_BYTES + i as u16, byte);
        }
        let crc = crc_copy(N as u16, seq, bytes.iter().copied());
        store.write(at, (seq >> 8) as u8);
        store.write(at + 1, seq as u8);
        store.write(at + 2, (crc >> 8) as u8);
        store.write(at + 3, crc as u8);
        let same = (0..N as u16).all(|i| store.read(at + HEADER_BYTES + i) == bytes[i as usize]);
        if same && check_copy::<S, N>(store, at) == Some(seq) {
            Ok(seq)
        } else {
            Err(SaveError::Verify)
        }
    }

    /// Where copy A of `slot` starts, if the slot exists and fits in the store. Additions
    /// only (no multiply).
    fn copy_a<S: ByteStore + ?Sized>(&self, store: &S, slot: u16) -> Option<u16> {
        if slot >= self.count {
            return None;
        }
        let mut at = self.base as u32;
        for _ in 0..slot {
            at += Self::SLOT_BYTES as u32;
        }
        (at + Self::SLOT_BYTES as u32 <= store.size() as u32).then_some(at as u16)
    }
}

/// Whether sequence number `a` is newer than `b` (16-bit serial arithmetic: ahead by 1 ..=
/// 32,767).
fn newer(a: u16, b: u16) -> bool {
    (a.wrapping_sub(b) as i16) > 0
}

/// The sequence number after `seq`: 1 ..= 0xFFFE, skipping the blank values 0xFFFF and 0.
fn next(seq: u16) -> u16 {
    if seq >= 0xFFFE {
        1
    } else {
        seq + 1
    }
}

/// The copy at `at`: its sequence number if the header is not blank and its checksum
/// matches.
fn check_copy<S: ByteStore + ?Sized, const N: usize>(store: &S, at: u16) -> Option<u16> {
    let seq = (store.read(at) as u16) << 8 | store.read(at + 1) as u16;
    if seq == 0 || seq == 0xFFFF {
        return None;
    }
    let stored = (store.read(at + 2) as u16) << 8 | store.read(at + 3) as u16;
    let crc = crc_copy(N as u16, seq, (0..N as u16).map(|i| store.read(at + HEADER_BYTES + i)));
    (crc == stored).then_some(seq)
}

/// The checksum of a copy: CRC-16 of the record's size `len` (2 bytes, big-endian), the
/// sequence number (2) and the record's bytes.
fn crc_copy(len: u16, seq: u16, bytes: impl Iterator<Item = u8>) -> u16 {
    let mut crc = 0xFFFF;
    for b in [(len >> 8) as u8, len as u8, (seq >> 8) as u8, seq as u8] {
        crc = crc16_step(crc, b);
    }
    for b in bytes {
        crc = crc16_step(crc, b);
    }
    crc
}

/// The CRC-16/CCITT-FALSE table: entry `i` is the CRC register after feeding byte `i` into
/// a zero register (polynomial 0x1021), computed at compile time, 512 bytes of ROM.
static CRC_TABLE: [u16; 256] = crc_table();

const fn crc_table() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = (i as u16) << 8;
        let mut k = 0;
        while k < 8 {
            c = if c & 0x8000 != 0 { (c << 1) ^ 0x1021 } else { c << 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// One byte into a CRC-16/CCITT register: a shift, an exclusive or, a table load.
#[inline]
fn crc16_step(crc: u16, byte: u8) -> u16 {
    (crc << 8) ^ CRC_TABLE[((crc >> 8) as u8 ^ byte) as usize]
}

/// CRC-16/CCITT-FALSE of `bytes` (polynomial 0x1021, initial value 0xFFFF, no final
/// exclusive or): the checksum of the save copies.
///
/// ```
/// assert_eq!(megadrive::save::crc16(b"123456789"), 0x29B1); // the standard check value
/// ```
pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0xFFFF, |crc, &b| crc16_step(crc, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A RAM store that keeps a copy of itself after every byte written: snapshot `i` is
    /// what a power cut right after write `i + 1` leaves.
    struct Recorder {
        bytes: Vec<u8>,
        snapshots: Vec<Vec<u8>>,
    }

    impl ByteStore for Recorder {
        fn size(&self) -> u16 {
            self.bytes.len() as u16
        }
        fn read(&self, offset: u16) -> u8 {
            self.bytes[offset as usize]
        }
        fn write(&mut self, offset: u16, value: u8) {
            self.bytes[offset as usize] = value;
            self.snapshots.push(self.bytes.clone());
        }
    }

    /// A store whose writes do nothing (a cartridge without SRAM: open bus or ROM).
    struct NoSram([u8; 64]);

    impl ByteStore for NoSram {
        fn size(&self) -> u16 {
            64
        }
        fn read(&self, offset: u16) -> u8 {
            self.0[offset as usize]
        }
        fn write(&mut self, _: u16, _: u8) {}
    }

    /// xorshift32: the test's records and garbage.
    fn rng(state: &mut u32) -> u8 {
        *state ^= *state << 13;
        *state ^= *state >> 17;
        *state ^= *state << 5;
        (*state >> 24) as u8
    }

    fn record<const N: usize>(state: &mut u32) -> [u8; N] {
        core::array::from_fn(|_| rng(state))
    }

    /// What `load` gives in every slot of `layout`.
    fn all<const N: usize>(layout: Slots<N>, count: u16, store: &[u8]) -> Vec<Option<[u8; N]>> {
        (0..count).map(|s| layout.load(store, s)).collect()
    }

    /// Checks the loads of a save cut after each of its writes (`loads[i]`: after write
    /// `i + 1`): exactly `old` while the record's bytes are written (the header is the old
    /// one), `old` or `new` while the header is written (a header byte that happens to equal
    /// the old one can make the copy good one write early: then it holds the whole new
    /// record), never back to `old` once `new`, and `new` after the last write.
    fn check_cut_loads<const N: usize>(loads: &[Option<[u8; N]>], old: Option<[u8; N]>, new: [u8; N], what: &str) {
        assert_eq!(loads.len(), N + HEADER_BYTES as usize, "{what}: a save writes one copy, each byte once");
        let mut seen_new = false;
        for (i, &got) in loads.iter().enumerate() {
            let step = format!("{what}: cut after write {} of {}", i + 1, loads.len());
            if i < N {
                assert_eq!(got, old, "{step}: the record's bytes are written under the old header");
            } else if seen_new {
                assert_eq!(got, Some(new), "{step}: once new, always new");
            } else {
                assert!(got == old || got == Some(new), "{step}: neither the old record nor the new one: {got:?}");
            }
            seen_new |= got == Some(new) && Some(new) != old;
        }
        assert_eq!(loads[loads.len() - 1], Some(new), "{what}: complete");
    }

    /// `saves` saves into `count` slots of `N`-byte records, from a store filled by `fill`,
    /// each cut after every single byte write ([`check_cut_loads`]); the other slots and the
    /// bytes around the layout never change. Every cut state is then saved into again, cut
    /// at every byte too: the load gives what the cut left, or the record of the new save.
    fn cut_everywhere<const N: usize>(fill: impl Fn(usize) -> u8, count: u16, saves: usize, seed: u32) {
        let layout: Slots<N> = Slots::new(3, count);
        let size = layout.end() as usize + 5;
        let mut store: Vec<u8> = (0..size).map(&fill).collect();
        let mut state = seed;
        let mut current: Vec<Option<[u8; N]>> = all(layout, count, &store);
        assert!(current.iter().all(Option::is_none), "a blank store holds no save");
        let outside = |s: &[u8]| [s[..3].to_vec(), s[layout.end() as usize..].to_vec()].concat();
        let before_outside = outside(&store);
        let (mut early, mut cuts) = (0usize, 0usize);
        for k in 0..saves {
            let slot = (k % count as usize) as u16;
            let new: [u8; N] = record(&mut state);
            let mut rec = Recorder { bytes: store.clone(), snapshots: Vec::new() };
            layout.save(&mut rec, slot, &new).expect("a save into RAM");
            let loads: Vec<Option<[u8; N]>> = rec.snapshots.iter().map(|s| layout.load(&s[..], slot)).collect();
            check_cut_loads(&loads, current[slot as usize], new, &format!("save {k} (slot {slot})"));
            early += loads[..loads.len() - 1].iter().filter(|&&l| l == Some(new)).count();
            for (i, snap) in rec.snapshots.iter().enumerate() {
                cuts += 1;
                let mut others = all(layout, count, snap);
                others[slot as usize] = current[slot as usize]; // (checked above)
                assert_eq!(others, current, "save {k}: the other slots after write {}", i + 1);
                assert_eq!(outside(snap), before_outside, "bytes outside the layout untouched");
                // Saving again after the cut: from what the cut left.
                let left = loads[i];
                let next: [u8; N] = record(&mut state);
                let mut again = Recorder { bytes: snap.clone(), snapshots: Vec::new() };
                layout.save(&mut again, slot, &next).expect("a save after a cut");
                let loads2: Vec<Option<[u8; N]>> = again.snapshots.iter().map(|s| layout.load(&s[..], slot)).collect();
                check_cut_loads(&loads2, left, next, &format!("save {k} cut after write {}, then the next save", i + 1));
            }
            store = rec.bytes;
            current[slot as usize] = Some(new);
        }
        // Header bytes equal by chance are rare: at most a few saves in a hundred.
        assert!(early * 20 <= cuts, "{early} of {cuts} cuts gave the new record early");
    }

    #[test]
    fn crc16_check_value() {
        assert_eq!(crc16(b"123456789"), 0x29B1);
        assert_eq!(crc16(b""), 0xFFFF);
        assert_eq!(CRC_TABLE[1], 0x1021);
    }

    #[test]
    fn cut_after_every_byte_from_blank_ff() {
        cut_everywhere::<16>(|_| 0xFF, 3, 12, 1);
    }

    #[test]
    fn cut_after_every_byte_from_blank_00() {
        cut_everywhere::<16>(|_| 0x00, 3, 12, 2);
    }

    #[test]
    fn cut_after_every_byte_from_garbage() {
        let mut state = 0x1234_5678;
        let garbage: Vec<u8> = (0..1024).map(|_| rng(&mut state)).collect();
        cut_everywhere::<7>(|i| garbage[i], 2, 10, 3);
    }

    #[test]
    fn cut_after_every_byte_of_small_and_large_records() {
        cut_everywhere::<1>(|_| 0xFF, 1, 8, 4);
        cut_everywhere::<2>(|_| 0x00, 2, 8, 5);
        cut_everywhere::<200>(|_| 0xFF, 1, 3, 6);
    }

    #[test]
    fn same_record_saved_again_still_switches_copies() {
        let slot: Slots<4> = Slots::new(0, 1);
        let mut ram = [0xFFu8; 16];
        for seq in 1..=5 {
            assert_eq!(slot.save(&mut ram[..], 0, &[7u8; 4]), Ok(seq));
        }
        let mut out = [0; 4];
        assert_eq!(slot.load_bytes(&ram[..], 0, &mut out), Some(5));
        // Copies alternate: A holds the odd sequence numbers.
        assert_eq!(u16::from_be_bytes([ram[0], ram[1]]), 5);
        assert_eq!(u16::from_be_bytes([ram[8], ram[9]]), 4);
    }

    #[test]
    fn sequence_numbers_wrap_past_blank_values() {
        let slot: Slots<2> = Slots::new(0, 1);
        let mut ram = [0u8; 12];
        let mut last = 0;
        for i in 0..70_000u32 {
            let rec = (i as u16).to_be_bytes();
            last = slot.save(&mut ram[..], 0, &rec).unwrap();
            assert!(last != 0 && last != 0xFFFF);
            if i % 997 == 0 || (0xFFF0..0x1_0010).contains(&i) {
                assert_eq!(slot.load(&ram[..], 0), Some(rec), "save {i}");
            }
        }
        // 70,000 saves: 65,534 numbers, then 1 again.
        assert_eq!(last, (70_000 - 65_534) as u16);
        assert_eq!(next(0xFFFE), 1);
        assert!(newer(1, 0xFFFE) && !newer(0xFFFE, 1));
    }

    #[test]
    fn a_cartridge_without_sram_fails_the_save() {
        let slot: Slots<4> = Slots::new(0, 2);
        let mut none = NoSram([0xFF; 64]);
        assert_eq!(slot.save(&mut none, 1, &[1u8, 2, 3, 4]), Err(SaveError::Verify));
        assert_eq!(slot.load::<_, [u8; 4]>(&none, 1), None);
    }

    #[test]
    fn slots_past_the_count_or_the_store_are_no_room() {
        let slots: Slots<4> = Slots::new(0, 2);
        let mut ram = [0xFFu8; 24]; // one slot (16 bytes) fits, not two (32)
        assert_eq!(slots.save(&mut ram[..], 0, &[1u8; 4]), Ok(1));
        assert_eq!(slots.save(&mut ram[..], 1, &[1u8; 4]), Err(SaveError::NoRoom));
        assert_eq!(slots.save(&mut ram[..], 2, &[1u8; 4]), Err(SaveError::NoRoom));
        assert_eq!(slots.load::<_, [u8; 4]>(&ram[..], 1), None);
        assert_eq!(&ram[16..], &[0xFF; 8], "nothing written past the store's slots");
    }

    #[test]
    fn a_record_of_another_size_is_not_read() {
        let old: Slots<4> = Slots::new(0, 1);
        let new: Slots<6> = Slots::new(0, 1);
        let mut ram = [0xFFu8; 32];
        old.save(&mut ram[..], 0, &[0u8; 4]).unwrap();
        old.save(&mut ram[..], 0, &[0u8; 4]).unwrap();
        assert_eq!(new.load::<_, [u8; 6]>(&ram[..], 0), None, "the size is in the checksum");
    }

    #[test]
    fn declared_sizes() {
        let ra = 0x5241_F820;
        assert_eq!(declared_size(ra, 0x20_0001, 0x20_01FF), Some(256));
        assert_eq!(declared_size(ra, 0x20_0001, 0x20_FFFF), Some(32768));
        assert_eq!(declared_size(ra, 0x20_0001, 0x21_0001), None, "over 32 KiB");
        assert_eq!(declared_size(ra, 0x20_0000, 0x20_3FFF), None, "even bytes");
        assert_eq!(declared_size(0x5241_E020, 0x20_0001, 0x20_3FFF), None, "not odd-byte backup RAM");
        assert_eq!(declared_size(ra, 0x20_0001, 0x20_0000), None);
    }
}
