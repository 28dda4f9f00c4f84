//! The sound driver's protocol, defined once: the stream format (music and PSG effects), the
//! music op codes, the mailbox the 68000 writes, the status the Z80 writes, and the driver's
//! rates. Everything that the Z80 driver (`z80/driver.asm`), this crate's [`crate::sound`] API
//! and `romtool sound` (which writes the streams) must agree on is here, and only here:
//!
//! - the driver: the build script includes this file (`#[path]`) and writes every constant
//!   of [`DRIVER_SYMBOLS`] as an `equ` line to `$OUT_DIR/sound_protocol.inc`, which
//!   `driver.asm` includes (it defines none of these names itself: pasmo refuses a name
//!   defined twice);
//! - the 68000 side: [`crate::sound`] uses the constants;
//! - the host: `romtool sound` uses the stream op codes, [`PCM_RATE`] and
//!   [`TICKS_PER_SECOND`]; the emulator tests read the status bytes at these addresses.
//!
//! `tests/protocol.rs` fails when they disagree: the assembled driver's symbol table must
//! hold every constant with its value, the driver's code must change when any one of them
//! changes (no private copy of a value in the assembly), and the build's driver must be what
//! the protocol assembles to.
//!
//! **Streams** (music and PSG effects; the Z80 reads one command per step, at
//! [`TICKS_PER_SECOND`] ticks a second on NTSC and PAL alike):
//!
//! | bytes | command |
//! |---|---|
//! | `00` .. [`OP_END`] - 1 | wait: the next commands play `byte + 1` ticks later (1 to [`MAX_WAIT_TICKS`]) |
//! | [`OP_END`] | end: the music jumps to its loop point or stops; a PSG effect ends and gives its channels back |
//! | [`OP_YM0`] `r v` | YM2612 part I: register `r` = `v` (music only) |
//! | [`OP_YM1`] `r v` | YM2612 part II: register `r` = `v` (music only) |
//! | [`OP_PSG`] .. `FF` | SN76489: a latch byte as the chip takes it; a tone latch of channel 0-2 is followed by its data byte (the tone's high 6 bits) |
//!
//! **Mailbox** (Z80 RAM, written by the 68000 while it holds the Z80's bus). Each command
//! block starts with a sequence number: the 68000 fills the block, then writes a new sequence
//! number and [`MB_PENDING`]; the driver takes a block whose number differs from its
//! acknowledgement (`ST_ACK_*`) and copies the number there.
//!
//! | block | bytes |
//! |---|---|
//! | [`MB_DMA`] | 1: a DMA window is open (the driver keeps off the 68000 bus), 0: closed |
//! | [`MB_PENDING`] | nonzero: a block below has a new sequence number |
//! | [`MB_STD`] | 0 NTSC, 1 PAL (written before the Z80 starts) |
//! | [`MB_MUSIC`] | sequence, op ([`MB_MUSIC_OP`]: [`MUSIC_START`] ..), stream address ([`MB_MUSIC_ADDR`]), loop address ([`MB_MUSIC_LOOP`], [`NO_LOOP_ADDR`]: none), fade speed ([`MB_MUSIC_FADE`]) |
//! | [`MB_PCM`] | sequence, priority ([`MB_PCM_PRIORITY`]), sample address ([`MB_PCM_ADDR`]), length ([`MB_PCM_LENGTH`]) |
//! | [`MB_SFX`] | sequence, priority ([`MB_SFX_PRIORITY`]), stream address ([`MB_SFX_ADDR`]), PSG channels ([`MB_SFX_CHANNELS`]) |
//! | [`MB_VOL`] | sequence, music attenuation ([`MB_VOL_ATTEN`]), PCM scale ([`MB_VOL_PCM_SCALE`]) |
//!
//! Addresses of 68000 memory are 3 bytes, low byte first; 16-bit values are little-endian.
//! **Status**: `ST_*` (Z80 RAM, written by the Z80); [`ST_READY`] .. [`ST_WSUM`] + 1 is the
//! 68000's copy, [`crate::sound::Status`] ([`STATUS_BYTES`]).
//!
//! ```
//! use megadrive::sound::protocol::*;
//! // A music stream: a key-on of FM channel 1, a wait of 2 ticks, the end.
//! let stream = [OP_YM0, 0x28, 0xF0, 2 - 1, OP_END];
//! assert!(stream[3] < OP_END); // a wait
//! assert_eq!(status_index(ST_READY), 0); // the first byte of `sound::Status`
//! ```

/// Defines each constant and lists it in [`DRIVER_SYMBOLS`], for the assembler.
macro_rules! driver_symbols {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $value:expr;)*) => {
        $($(#[doc = $doc])* pub const $name: $ty = $value;)*
        /// Every constant the driver's assembly takes from this protocol, by name (the build
        /// script writes each as `NAME equ VALUE` into the file `driver.asm` includes).
        ///
        /// ```
        /// use megadrive::sound::protocol::{DRIVER_SYMBOLS, OP_END};
        /// assert!(DRIVER_SYMBOLS.contains(&("OP_END", OP_END as u16)));
        /// ```
        pub const DRIVER_SYMBOLS: &[(&str, u16)] = &[$((stringify!($name), $name as u16)),*];
    };
}

/// Z80 address of the mailbox (see the module docs).
pub const MAILBOX: u16 = 0x1F00;
/// Z80 address of the status bytes (see the module docs).
pub const STATUS: u16 = 0x1F80;

/// The YM2612's clock on an NTSC console, Hz (its sample rate is this / 144).
pub const YM2612_CLOCK_NTSC: u32 = 7_670_453;
/// The YM2612's clock on a PAL console, Hz.
pub const YM2612_CLOCK_PAL: u32 = 7_600_489;
/// Music ticks a second, on NTSC and PAL alike: the stream's time unit (`romtool sound`
/// quantises every VGM write to one).
pub const TICKS_PER_SECOND: u32 = 60;
/// YM2612 samples a Timer B period lasts (16 x [`TIMER_B_COUNT`]).
pub const TIMER_B_SAMPLES: u32 = 16 * TIMER_B_COUNT as u32;

/// The tick accumulator's increment a Timer B period: 65,536 x ticks a second x the period
/// (YM2612 clock cycles) / the clock, rounded.
const fn tick_increment(clock: u32) -> u16 {
    let period = 144 * TIMER_B_SAMPLES as u64;
    ((65_536 * TICKS_PER_SECOND as u64 * period + clock as u64 / 2) / clock as u64) as u16
}

driver_symbols! {
    // ---- stream op codes (music and PSG effects) ----
    /// Stream: the end (the music loops or stops; a PSG effect ends). Bytes below it are
    /// waits of `byte + 1` ticks.
    OP_END: u8 = 0x40;
    /// Stream: a YM2612 part I write, followed by the register and the value.
    OP_YM0: u8 = 0x41;
    /// Stream: the first PSG byte; `OP_PSG..=0xFF` is an SN76489 latch byte as the chip
    /// takes it (a tone latch of channel 0-2 is followed by its data byte).
    OP_PSG: u8 = 0x80;

    // ---- music op codes ([`MB_MUSIC_OP`]) ----
    /// Music op: play the stream at [`MB_MUSIC_ADDR`] from its start, looping to
    /// [`MB_MUSIC_LOOP`].
    MUSIC_START: u8 = 1;
    /// Music op: stop at once (keys off, PSG silent).
    MUSIC_STOP: u8 = 2;
    /// Music op: pause (silent, the place kept).
    MUSIC_PAUSE: u8 = 3;
    /// Music op: resume paused music.
    MUSIC_RESUME: u8 = 4;
    /// Music op: fade out, one 3 dB step every [`MB_MUSIC_FADE`] ticks, then stop.
    MUSIC_FADE: u8 = 5;

    // ---- music states ([`ST_MUSIC`]; 0 is stopped) ----
    /// [`ST_MUSIC`]: the music plays.
    MUSIC_PLAYING: u8 = 1;
    /// [`ST_MUSIC`]: the music is paused.
    MUSIC_PAUSED: u8 = 2;

    // ---- values ----
    /// [`ST_READY`] once the driver runs (`'R'`).
    READY_MARK: u8 = b'R';
    /// [`MB_VOL_PCM_SCALE`] at full volume: the PCM scale is this many sixteenths.
    PCM_SCALE_FULL: u8 = 16;
    /// YM2612 samples per PCM sample (the YM2612's Timer A period): [`PCM_RATE`].
    PCM_PERIOD: u16 = 8;
    /// Timer B counts (of 16 YM2612 samples each) a period, 4.81 ms on NTSC: the driver's
    /// heartbeat, and what adds to the tick accumulator.
    TIMER_B_COUNT: u8 = 16;
    /// The tick accumulator's increment a Timer B period on NTSC (65,536 = a tick): makes
    /// [`TICKS_PER_SECOND`] from the YM2612's clock.
    TICK_NTSC: u16 = tick_increment(YM2612_CLOCK_NTSC);
    /// The tick accumulator's increment a Timer B period on PAL.
    TICK_PAL: u16 = tick_increment(YM2612_CLOCK_PAL);

    // ---- Z80 RAM ----
    /// Z80 address of the driver's variables, then its mailbox and status, to the end of
    /// RAM: zero when it starts ([`crate::sound::init`] clears them).
    VARIABLES: u16 = 0x1E00;

    // ---- mailbox (written by the 68000) ----
    /// Mailbox: 1 while a DMA window is open (no 68000-bus access), 0 when closed.
    MB_DMA: u16 = MAILBOX;
    /// Mailbox: nonzero when a command block has a new sequence number (the driver clears it).
    MB_PENDING: u16 = MAILBOX + 1;
    /// Mailbox: the video standard, 0 NTSC, 1 PAL (written before the Z80 starts).
    MB_STD: u16 = MAILBOX + 2;
    /// Mailbox: the music block, its sequence number first.
    MB_MUSIC: u16 = MAILBOX + 4;
    /// Music block: the op ([`MUSIC_START`] .. [`MUSIC_FADE`]).
    MB_MUSIC_OP: u16 = MB_MUSIC + 1;
    /// Music block: the stream's 68000 address (3 bytes, low first).
    MB_MUSIC_ADDR: u16 = MB_MUSIC + 2;
    /// Music block: the loop point's 68000 address (3 bytes, low first; [`NO_LOOP_ADDR`]: none).
    MB_MUSIC_LOOP: u16 = MB_MUSIC + 5;
    /// Music block: ticks per fade step (0: stop at once).
    MB_MUSIC_FADE: u16 = MB_MUSIC + 8;
    /// Mailbox: the PCM effect block, its sequence number first.
    MB_PCM: u16 = MAILBOX + 16;
    /// PCM block: the priority (0..=254).
    MB_PCM_PRIORITY: u16 = MB_PCM + 1;
    /// PCM block: the samples' 68000 address (3 bytes, low first).
    MB_PCM_ADDR: u16 = MB_PCM + 2;
    /// PCM block: the number of samples (2 bytes, low first).
    MB_PCM_LENGTH: u16 = MB_PCM + 5;
    /// Mailbox: the PSG effect block, its sequence number first.
    MB_SFX: u16 = MAILBOX + 24;
    /// PSG effect block: the priority (0..=254).
    MB_SFX_PRIORITY: u16 = MB_SFX + 1;
    /// PSG effect block: the stream's 68000 address (3 bytes, low first).
    MB_SFX_ADDR: u16 = MB_SFX + 2;
    /// PSG effect block: the PSG channels it takes (bits 0-2 tone channels, bit 3 noise).
    MB_SFX_CHANNELS: u16 = MB_SFX + 5;
    /// Mailbox: the volume block, its sequence number first.
    MB_VOL: u16 = MAILBOX + 32;
    /// Volume block: the music's attenuation (0..=127, 0.75 dB steps).
    MB_VOL_ATTEN: u16 = MB_VOL + 1;
    /// Volume block: the PCM scale (0..=[`PCM_SCALE_FULL`] sixteenths).
    MB_VOL_PCM_SCALE: u16 = MB_VOL + 2;

    // ---- status (written by the Z80; 16-bit values little-endian) ----
    /// Status: 1 while the driver is in a bus unit (an access of the 68000's bus).
    ST_BUSY: u16 = STATUS;
    /// Status: [`READY_MARK`] once the driver runs.
    ST_READY: u16 = STATUS + 1;
    /// Status (16 bits): Timer B periods (4.8 ms) since the start: the heartbeat, 3 or 4 a frame.
    ST_HEART: u16 = STATUS + 2;
    /// Status: the music's state (0 stopped, [`MUSIC_PLAYING`], [`MUSIC_PAUSED`]).
    ST_MUSIC: u16 = STATUS + 4;
    /// Status: priority + 1 of the PCM effect playing (0: none).
    ST_PCM: u16 = STATUS + 5;
    /// Status: priority + 1 of the PSG effect playing (0: none).
    ST_SFX: u16 = STATUS + 6;
    /// Status (16 bits): music ticks played when [`ST_WSUM`] was taken.
    ST_MTICK: u16 = STATUS + 8;
    /// Status (16 bits): Fletcher-16 of every music register write (register and value,
    /// PSG bytes) so far.
    ST_WSUM: u16 = STATUS + 10;
    /// Status: the last music sequence number taken.
    ST_ACK_MUSIC: u16 = STATUS + 12;
    /// Status: the last PCM sequence number taken.
    ST_ACK_PCM: u16 = STATUS + 13;
    /// Status: the last PSG effect sequence number taken.
    ST_ACK_SFX: u16 = STATUS + 14;
    /// Status: the last volume sequence number taken.
    ST_ACK_VOL: u16 = STATUS + 15;
    /// Status (16 bits): Fletcher-16 of the PCM effect's bytes fetched (low byte the first sum).
    ST_PCMSUM: u16 = STATUS + 16;
    /// Status (16 bits): [`ST_TICKS`] when the last PCM effect started.
    ST_PCMSTART: u16 = STATUS + 18;
    /// Status: PCM slots that found the ring empty while an effect played (underruns).
    ST_UNDER: u16 = STATUS + 20;
    /// Status (16 bits): bus units put off because a DMA window was open.
    ST_WINDOWS: u16 = STATUS + 22;
    /// Status (16 bits): PCM effects started.
    ST_PCMCOUNT: u16 = STATUS + 24;
    /// Status (16 bits): PSG effects started.
    ST_SFXCOUNT: u16 = STATUS + 26;
    /// Status (16 bits): samples the PCM effect still has to play.
    ST_LEFT: u16 = STATUS + 28;
    /// Status (16 bits): 60 Hz ticks since the start (the music's time).
    ST_TICKS: u16 = STATUS + 30;
}

/// Stream: a YM2612 part II write, followed by the register and the value. (The driver
/// takes every byte above [`OP_END`] and below [`OP_PSG`] other than [`OP_YM0`] for it, so its
/// code has no copy of this value.)
pub const OP_YM1: u8 = 0x42;
/// Most ticks one wait command holds (wait bytes are `0..OP_END`).
pub const MAX_WAIT_TICKS: u8 = OP_END;
/// [`ST_MUSIC`]: no music (the driver's variables start at zero).
pub const MUSIC_STOPPED: u8 = 0;
/// [`MB_MUSIC_LOOP`] of a song that does not loop (the driver looks at the high byte: FFh).
pub const NO_LOOP_ADDR: u32 = 0xFF_FFFF;
/// PCM samples a second on an NTSC console: the YM2612's sample rate / [`PCM_PERIOD`]
/// (6,658 Hz; on PAL 6,598 Hz, the clock being 0.9 % slower). `romtool sound` resamples WAV
/// files to it.
pub const PCM_RATE: u32 = YM2612_CLOCK_NTSC / (144 * PCM_PERIOD as u32);
/// The most samples a PCM effect may have: [`MB_PCM_LENGTH`] is 16 bits.
pub const MAX_PCM_SAMPLES: usize = 0xFFFF;
/// Bytes of the 68000's copy of the status: [`ST_READY`] to [`ST_WSUM`] + 1.
pub const STATUS_BYTES: usize = status_index(ST_WSUM) + 2;

/// Index in the 68000's copy of the status ([`crate::sound::Status`]) of the status byte
/// at Z80 address `st` (one of [`ST_READY`] .. [`ST_WSUM`]).
///
/// ```
/// use megadrive::sound::protocol::{status_index, ST_MUSIC};
/// assert_eq!(status_index(ST_MUSIC), 3);
/// ```
pub const fn status_index(st: u16) -> usize {
    (st - ST_READY) as usize
}

// What the driver's code takes for granted about the values (it tests them with shorter
// instructions than a compare): the checks stop the build when a change breaks them.
const _: () = {
    // `cp OP_END`: below is a wait, then the end; YM writes; from OP_PSG a PSG latch
    // (bit 7 of a latch byte is set).
    assert!(OP_END < OP_YM0 && OP_YM0 < OP_YM1 && OP_YM1 < OP_PSG && OP_PSG == 0x80);
    // The state goes from paused to playing by `dec a` and is tested by `dec a` for playing;
    // stopped is the variables' zero (`xor a`).
    assert!(MUSIC_STOPPED == 0 && MUSIC_PLAYING == 1 && MUSIC_PAUSED == MUSIC_PLAYING + 1);
    // The driver's variables end below the mailbox; the status ends inside Z80 RAM.
    assert!(VARIABLES < MAILBOX && MB_VOL_PCM_SCALE < STATUS && ST_TICKS + 2 <= 0x2000);
    // The driver tests a loop's high byte for FFh (`inc a`).
    assert!(NO_LOOP_ADDR >> 16 == 0xFF);
};
