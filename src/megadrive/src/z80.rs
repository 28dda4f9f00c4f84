//! The Z80 and its bus: the one place where the 68000 takes the Z80's bus, reads and writes
//! Z80 RAM, and resets the Z80. [`crate::sound`] is built on it; nothing else touches
//! `0xA00000`-`0xA11200`.
//!
//! The rules (why they matter: while the 68000 holds the bus the Z80 is stopped, and the
//! sound driver's PCM sample that falls due then is late):
//!
//! 1. **Only the main program takes the bus**, never an interrupt handler: a handler that
//!    took and released the bus inside the main program's access would give the bus back
//!    to the Z80 under it. ([`with_bus`] does not nest: it is called from plain functions
//!    of [`crate::sound`] only.)
//! 2. **Hold it briefly.** Every access of [`crate::sound`] holds the bus for a few Z80 RAM
//!    bytes (the command blocks of a frame's requests, or the 11 bytes of the status: a few
//!    hundred 68000 cycles, under one PCM sample period of 538 Z80 cycles = 1,150 68000
//!    cycles).
//!    Loading the driver at boot ([`load`]) is the exception, before the driver runs.
//! 3. **Byte accesses only**: Z80 RAM is 8 bits wide; [`Bus::read`] and [`Bus::write`] are
//!    byte accesses at `0xA00000 + address`.
//! 4. **Nothing of `0xA00000`-`0xA0FFFF` outside [`with_bus`]**: a 68000 access there while
//!    the Z80 owns its bus locks the console.
//! 5. **DMA from ROM or RAM to the VDP needs the driver's DMA window** (see
//!    [`crate::sound`]): the Z80 must not read ROM (or write the PSG) while the VDP owns the
//!    68000 bus. [`crate::dma`] opens the window itself around a copy when the caller has
//!    not opened one for the whole VBlank ([`crate::sound::begin_vblank`]).
//!
//! ```no_run
//! use megadrive::z80;
//!
//! // Write one byte of Z80 RAM and read the next, holding the bus for both (hardware: `no_run`).
//! let next = z80::with_bus(|bus| {
//!     bus.write(0x1F00, 1);
//!     bus.read(0x1F01)
//! });
//! # let _ = next;
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`with_bus`]: crate::z80::with_bus
//! [`load`]: crate::z80::load
//! [`Bus::read`]: crate::z80::Bus::read
//! [`Bus::write`]: crate::z80::Bus::write

use crate::reg;
use megadrive_sys::*;

/// Proof that the 68000 holds the Z80's bus: Z80 RAM is reachable through it.
///
/// ```no_run
/// use megadrive::z80::{self, Bus};
///
/// /// The byte a driver keeps at Z80 address 0x1F00 (only callable with the bus held).
/// fn mailbox(bus: &Bus) -> u8 {
///     bus.read(0x1F00)
/// }
/// let flag = z80::with_bus(|bus| mailbox(bus));
/// # let _ = flag;
/// ```
pub struct Bus {
    _held: (),
}

impl Bus {
    /// Reads the Z80 RAM byte at `addr` (0..0x2000).
    ///
    /// ```no_run
    /// let version = megadrive::z80::with_bus(|bus| bus.read(0x0002));
    /// # let _ = version;
    /// ```
    #[inline(always)]
    pub fn read(&self, addr: u16) -> u8 {
        // The bus is held (only `with_bus` and `load` make a `Bus`), so Z80 RAM at 0xA00000 +
        // addr (addr < 0x2000, masked by the block) is the 68000's to read, a byte at a time.
        reg::Z80_RAM.get(addr).read()
    }

    /// Writes `value` to the Z80 RAM byte at `addr` (0..0x2000).
    ///
    /// ```no_run
    /// megadrive::z80::with_bus(|bus| bus.write(0x1F10, 0x80)); // a flag a Z80 program polls
    /// ```
    #[inline(always)]
    pub fn write(&mut self, addr: u16, value: u8) {
        // As for `read`.
        reg::Z80_RAM.get(addr).write(value)
    }

    /// Copies Z80 RAM from `addr` on into `out`, byte by byte.
    ///
    /// ```no_run
    /// let mut status = [0u8; 4];
    /// megadrive::z80::with_bus(|bus| bus.copy_to(0x1F20, &mut status));
    /// ```
    #[inline(always)]
    pub fn copy_to(&self, addr: u16, out: &mut [u8]) {
        for (i, b) in out.iter_mut().enumerate() {
            *b = self.read(addr + i as u16);
        }
    }
}

#[inline(always)]
fn bus_request(value: u16) {
    reg::Z80_BUS_REQUEST.write(value)
}

#[inline(always)]
fn reset_line(value: u16) {
    reg::Z80_RESET.write(value)
}

#[inline(always)]
fn wait_granted() {
    // The arbiter's register: bit 8 is 0 once the 68000 has the bus.
    while reg::Z80_BUS_REQUEST.read() & 0x0100 != 0 {}
}

/// Takes the Z80's bus, runs `f` with it, and gives it back (see the rules above). The Z80
/// stops at the end of its current memory cycle and goes on where it was.
///
/// ```no_run
/// // A two-byte command written under one bus request: the Z80 never sees half of it.
/// megadrive::z80::with_bus(|bus| {
///     bus.write(0x1F11, 3); // the argument first
///     bus.write(0x1F10, 1); // then the command
/// });
/// ```
#[inline(always)]
pub fn with_bus<R>(f: impl FnOnce(&mut Bus) -> R) -> R {
    bus_request(MD_Z80_BUS_TAKE as u16);
    wait_granted();
    let r = f(&mut Bus { _held: () });
    bus_request(MD_Z80_BUS_RELEASE as u16);
    r
}

/// Loads `program` at Z80 address 0, clears Z80 RAM from `clear_from` to its end (the
/// program's variables), lets `setup` write Z80 RAM (e.g. the driver's mailbox), and starts
/// the Z80 from address 0 with a reset. The Z80 is held for the whole load (at boot: it has
/// nothing to play yet).
///
/// ```no_run
/// // A Z80 program that loops at address 0 (`jr $`), its variables cleared from 0x1000 on.
/// static PROGRAM: [u8; 2] = [0x18, 0xFE];
/// megadrive::z80::load(&PROGRAM, 0x1000, |bus| bus.write(0x1F00, 0));
/// ```
pub fn load(program: &[u8], clear_from: u16, setup: impl FnOnce(&mut Bus)) {
    // The start-up code holds the Z80 in reset with its bus taken; the bus is only granted
    // with the reset released.
    bus_request(MD_Z80_BUS_TAKE as u16);
    reset_line(MD_Z80_RESET_RELEASE as u16);
    wait_granted();
    let mut bus = Bus { _held: () };
    for (addr, &b) in (0u16..).zip(program) {
        bus.write(addr, b);
    }
    for addr in clear_from..0x2000 {
        bus.write(addr, 0);
    }
    setup(&mut bus);
    // Reset, give the bus back, and let the reset reach the Z80 before releasing it.
    reset_line(MD_Z80_RESET_ASSERT as u16);
    bus_request(MD_Z80_BUS_RELEASE as u16);
    for _ in 0..16 {
        // SAFETY: a read of the VDP status only; a delay the compiler cannot remove.
        let _ = crate::vdp::status();
    }
    reset_line(MD_Z80_RESET_RELEASE as u16);
}
