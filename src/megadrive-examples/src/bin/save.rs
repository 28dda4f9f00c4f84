//! Saves: a boot counter, the rounds played and the four best scores, kept in the
//! cartridge's battery-backed SRAM with `megadrive::save` (one slot, two copies with a
//! sequence number and a CRC-16) and shown on screen. The SRAM (8 KiB) is declared in the
//! crate's `Cargo.toml` (`[package.metadata.megacollide.bin.save]`), which `romtool pack
//! --manifest` writes into the header.
//!
//! At boot it loads the slot, counts the boot and saves. A plays a round (a score from the
//! random generator), counts it, keeps the score if it is among the best four and saves at
//! once; C does the same but saves slowly, one byte a frame, so that a reset (a power cut)
//! lands in the middle of the save: the next boot finds the old record or the new one.
//! What was loaded and saved is also in RAM (the ELF symbol `SAVE`, for tests).
#![no_std]
#![no_main]

use megadrive::debug::Number;
use megadrive::pad::{self, Buttons, Port};
use megadrive::random::Random;
use megadrive::rt::{self, Masked};
use megadrive::save::{ByteStore, Record, SaveError, Slots, Sram};
use megadrive::text::Console;
use megadrive::vdp;
use megadrive_examples::{start_with_title, wait_vblank};

/// What the example keeps: 12 bytes, big-endian.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Stats {
    /// Times the console was switched on (or reset).
    boots: u16,
    /// Rounds played.
    rounds: u16,
    /// The four best scores, best first.
    best: [u16; 4],
}

/// Bytes of [`Stats`].
const STATS_BYTES: usize = 12;

impl Record<STATS_BYTES> for Stats {
    fn to_bytes(&self) -> [u8; STATS_BYTES] {
        let mut b = [0; STATS_BYTES];
        let words = [self.boots, self.rounds, self.best[0], self.best[1], self.best[2], self.best[3]];
        for (i, w) in words.iter().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&w.to_be_bytes());
        }
        b
    }
    fn from_bytes(b: &[u8; STATS_BYTES]) -> Self {
        let w = |i: usize| u16::from_be_bytes([b[2 * i], b[2 * i + 1]]);
        Stats { boots: w(0), rounds: w(1), best: [w(2), w(3), w(4), w(5)] }
    }
}

/// The one slot, from byte 0 of the SRAM: 2 x (4 + 12) = 32 bytes.
const SLOT: Slots<STATS_BYTES> = Slots::new(0, 1);

/// What tests read (the ELF symbol `SAVE`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct SaveState {
    /// [`BOOTING`], [`READY`] or [`SAVING`].
    pub phase: u16,
    /// 1 if a record was found at boot, 0 if not (blank SRAM).
    pub found: u16,
    /// The record found at boot (zeros if none).
    pub loaded: [u8; STATS_BYTES],
    /// The record in the SRAM now (after the last complete save).
    pub current: [u8; STATS_BYTES],
    /// The record being saved by a slow save.
    pub pending: [u8; STATS_BYTES],
    /// Bytes a slow save has written so far (the copy is 16).
    pub written: u16,
    /// Sequence number of the last save, 0 if it failed.
    pub seq: u16,
    /// The SRAM's size from the header (bytes; 0: none declared).
    pub sram_bytes: u16,
}

/// Loading and counting the boot.
pub const BOOTING: u16 = 0;
/// Waiting for a button.
pub const READY: u16 = 1;
/// A slow save is writing.
pub const SAVING: u16 = 2;

/// The example's state for tests.
#[no_mangle]
pub static SAVE: Masked<SaveState> = Masked::new(SaveState {
    phase: BOOTING,
    found: 0,
    loaded: [0; STATS_BYTES],
    current: [0; STATS_BYTES],
    pending: [0; STATS_BYTES],
    written: 0,
    seq: 0,
    sram_bytes: 0,
});

/// Changes the test state.
fn state(f: impl FnOnce(&mut SaveState)) {
    let mut s = SAVE.get();
    f(&mut s);
    SAVE.set(s);
}

/// The SRAM, one byte a frame: each write waits for the next VBlank (and counts itself in
/// `SAVE.written`), so a reset lands between two bytes of a save.
struct Slow<'a>(&'a mut Sram);

impl ByteStore for Slow<'_> {
    fn size(&self) -> u16 {
        self.0.size()
    }
    fn read(&self, offset: u16) -> u8 {
        self.0.read(offset)
    }
    fn write(&mut self, offset: u16, value: u8) {
        self.0.write(offset, value);
        state(|s| s.written += 1);
        show_written();
        wait_vblank();
    }
}

/// Saves `stats` (slowly with `slow`) and shows the outcome.
fn save(stats: &Stats, slow: bool) {
    let Some(mut sram) = Sram::open() else { return };
    let result = if slow {
        state(|s| {
            s.phase = SAVING;
            s.pending = stats.to_bytes();
            s.written = 0;
        });
        SLOT.save(&mut Slow(&mut sram), 0, stats)
    } else {
        SLOT.save(&mut sram, 0, stats)
    };
    drop(sram);
    let seq = result.unwrap_or(0);
    state(|s| {
        s.seq = seq;
        s.phase = READY;
        if seq != 0 {
            s.current = stats.to_bytes();
        }
    });
    let mut con = Console::at(1, 17, 0);
    match result {
        Ok(seq) => {
            con.print("saved: sequence ");
            number(&mut con, seq, 0);
            con.print("              ");
        }
        Err(SaveError::Verify) => con.print("save failed: SRAM did not keep it"),
        Err(SaveError::NoRoom) => con.print("save failed: no room"),
    }
}

/// The slow save's progress on screen.
fn show_written() {
    let mut con = Console::at(1, 17, 1);
    con.print("saving slowly: ");
    number(&mut con, SAVE.get().written, 0);
    con.print(" of ");
    number(&mut con, SLOT_COPY, 0);
    con.print(" bytes ");
}

/// `v` in decimal, without division, padded with spaces to `width` characters.
fn number(con: &mut Console, v: u16, width: usize) {
    let n = Number::dec(v as u32);
    for _ in n.as_str().len()..width {
        con.print(" ");
    }
    con.print(n.as_str());
}

/// Bytes one save writes.
const SLOT_COPY: u16 = Slots::<STATS_BYTES>::COPY_BYTES;

/// The record on screen.
fn show(stats: &Stats) {
    let mut con = Console::at(1, 8, 0);
    con.print("boots:  ");
    number(&mut con, stats.boots, 0);
    let mut con = Console::at(1, 10, 0);
    con.print("rounds: ");
    number(&mut con, stats.rounds, 0);
    let mut con = Console::at(1, 12, 0);
    con.print("best:  ");
    for score in stats.best {
        con.print(" ");
        number(&mut con, score, 5);
    }
}

/// A round: `score` counted and kept if it is among the best four.
fn play(stats: &mut Stats, score: u16) {
    stats.rounds = stats.rounds.wrapping_add(1);
    let mut carry = score;
    for best in stats.best.iter_mut() {
        if carry > *best {
            core::mem::swap(&mut carry, best);
        }
    }
    let mut con = Console::at(1, 14, 0);
    con.print("last round: ");
    number(&mut con, score, 5);
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    // Dark green backdrop, white text; the title yellow.
    start_with_title(0x0020, 0x0EEE, "megadrive::save - battery-backed SRAM");
    pad::init();
    Console::at(1, 21, 0).print("A: play a round and save");
    Console::at(1, 22, 0).print("C: the same, one byte a frame");
    Console::at(1, 23, 0).print("   (reset to cut the power mid-save)");
    vdp::display_on();
    rt::interrupts_on();

    let Some(sram) = Sram::open() else {
        Console::at(1, 4, 1).print("the header declares no SRAM");
        state(|s| s.phase = READY);
        loop {
            wait_vblank();
        }
    };
    let found: Option<Stats> = SLOT.load(&sram, 0);
    let bytes = sram.bytes();
    drop(sram);
    let mut con = Console::at(1, 4, 0);
    con.print("SRAM: ");
    number(&mut con, bytes, 0);
    con.print(" bytes; ");
    con.print(if found.is_some() { "a save was found" } else { "blank: no save yet" });
    let mut stats = found.unwrap_or_default();
    state(|s| {
        s.found = found.is_some() as u16;
        s.loaded = stats.to_bytes();
        s.sram_bytes = bytes;
    });
    stats.boots = stats.boots.wrapping_add(1);
    show(&stats);
    save(&stats, false);

    let mut rng = Random::new(stats.boots);
    let mut buttons = Buttons::new();
    loop {
        wait_vblank();
        buttons.update(pad::read6(Port::One));
        let slow = buttons.is_pressed(pad::C);
        if buttons.is_pressed(pad::A) || slow {
            play(&mut stats, rng.next() & 0x0FFF);
            show(&stats);
            save(&stats, slow);
        }
    }
}
