//! Music and sound effects, played by megacollide's own Z80 driver (`z80/driver.asm`, built
//! with pasmo by this crate's build script and loaded by [`init`]).
//!
//! | what | how |
//! |---|---|
//! | music | YM2612 FM + SN76489 PSG, a stream of register writes at 60 ticks a second on NTSC and PAL (the YM2612's Timer B keeps time, not the video frame); loops; [`play_music`], [`stop_music`], [`pause_music`], [`resume_music`], [`fade_out_music`] |
//! | PCM effects | 8-bit unsigned samples at [`PCM_RATE`] (6,658) Hz on the DAC, which takes FM channel 6 from the music while the effect plays and gives it back; [`play_effect`] |
//! | PSG effects | a stream like the music's (PSG writes only) that takes the PSG channels it uses from the music and gives them back (the music's tones and volumes restored); [`play_effect`] |
//! | priorities | one PCM and one PSG effect at a time: a new effect replaces the playing one of its kind unless that one has a higher priority |
//! | volume | [`set_volume`]: 16 levels for music and effects (FM carrier levels, PSG attenuation, PCM scale) |
//!
//! The data comes from `romtool sound` (VGM/VGZ files for music and PSG effects, WAV files
//! for PCM effects) as [`Song`] and [`Effect`] statics.
//!
//! **Every frame**: call [`begin_vblank`] before the VBlank's DMA transfers and
//! [`end_vblank`] after them (or [`update`] once a frame if the game never opens a window).
//! Requests made during the frame ([`play_effect`] and the others) only change RAM; they
//! reach the Z80 in the next [`end_vblank`] (one bus access; none in a frame with nothing
//! asked and no DMA), so an effect asked for in a frame's game step starts with the VBlank
//! that shows that step.
//!
//! **DMA**: a 68000 DMA to the VDP owns the 68000 bus, and a Z80 read of ROM then fails
//! (the PCM would stall or click). The driver reads ROM only outside "DMA windows":
//! [`begin_vblank`] marks the VBlank's window as wanted and its first DMA opens it (it
//! returns once the Z80 is out of any ROM access; after a scanline of waiting the 68000
//! keeps the Z80's bus for the window instead: no wait lasts 2 scanlines), [`end_vblank`]
//! closes it. The PCM effect plays on from a 256-byte ring in Z80 RAM (38 ms) meanwhile,
//! and music ticks that fall in the window are played right after it. [`crate::dma`]'s
//! copies open a window of their own when none is open, so no DMA can corrupt the sound.
//! The bus rules are in [`crate::z80`].
//!
//! ```no_run
//! use megadrive::{sound, timing::Standard};
//!
//! // `romtool sound` makes these statics from WAV and VGM files.
//! static JUMP: sound::Effect = sound::Effect::Pcm { name: "jump", samples: &[0x80; 64] };
//!
//! sound::init(Standard::detect()); // loads the driver into the Z80 (hardware: `no_run`)
//! sound::play_effect(&JUMP, 1); // starts with the next end_vblank
//! loop {
//!     // the game step; then, in VBlank:
//!     sound::begin_vblank();
//!     // the DMA transfers
//!     sound::end_vblank();
//! }
//! ```

use crate::rt::{MainOnly, Shared};
use crate::timing::Standard;
use crate::z80::{self, Bus};

/// The driver's protocol, defined once for the driver, this module and `romtool sound`: the
/// stream op codes, the music op codes, the mailbox (`MB_*`, written by the 68000) and status
/// (`ST_*`, written by the Z80) addresses in Z80 RAM, and the rates.
///
/// ```no_run
/// use megadrive::{sound::protocol, z80};
/// // The driver's `ST_READY` byte, read straight from Z80 RAM (the status does it for you).
/// let ready = z80::with_bus(|bus| bus.read(protocol::ST_READY)) == protocol::READY_MARK;
/// ```
pub mod protocol;
use protocol::*;

/// The driver (Z80 code), as assembled from `z80/driver.asm`.
///
/// ```
/// use megadrive::sound::{DRIVER, DRIVER_BYTES};
/// assert_eq!(DRIVER.len(), DRIVER_BYTES as usize); // fits in the Z80's 8 KiB
/// ```
pub static DRIVER: &[u8] = DRIVER_CODE;

/// The assembled driver (as a constant, for [`DRIVER_BYTES`]).
const DRIVER_CODE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/z80_driver.bin"));

/// The driver's size in bytes (its code and tables; its variables and buffers are in the
/// rest of the Z80's 8 KiB).
///
/// ```
/// use megadrive::sound::DRIVER_BYTES;
/// let free = 0x2000 - DRIVER_BYTES; // Z80 RAM left for the variables and buffers
/// assert!(free > 0x600);
/// ```
pub const DRIVER_BYTES: u16 = DRIVER_CODE.len() as u16;

/// PCM effects' sample rate on an NTSC console (Hz): the YM2612's Timer A every 8 of its
/// samples (7,670,453 Hz / 144 / 8). On PAL it is 6,598 Hz (the YM2612's clock is 0.9 %
/// slower); `romtool sound` resamples WAV files to this rate. (The protocol's
/// [`protocol::PCM_RATE`].)
///
/// ```
/// use megadrive::sound::PCM_RATE;
/// let samples: u32 = 3330; // a jump sample's length
/// assert_eq!(samples * 1000 / PCM_RATE, 500); // milliseconds
/// ```
pub const PCM_RATE: u32 = protocol::PCM_RATE;

/// The song or effect's stream loops back to nowhere (it ends).
///
/// ```
/// use megadrive::sound::{Song, NO_LOOP};
/// static JINGLE: Song = Song { name: "jingle", stream: &[0x00], loop_start: NO_LOOP }; // plays once
/// assert_eq!(JINGLE.loop_start, NO_LOOP);
/// ```
pub const NO_LOOP: u32 = u32::MAX;

/// A song: the driver's stream (made by `romtool sound` from a VGM file).
///
/// ```no_run
/// use megadrive::sound::{self, Song};
/// // As `romtool sound` writes it from a VGM file that loops back to byte 4 of its stream.
/// static STAGE1: Song = Song { name: "stage1", stream: &[0x00, 0x00, 0x00, 0x00, 0x00], loop_start: 4 };
/// sound::play_music(&STAGE1);
/// ```
pub struct Song {
    /// The source file's name without its extension.
    pub name: &'static str,
    /// The stream: commands of the driver's format (see `tools/romtool-sound/src/`).
    pub stream: &'static [u8],
    /// Byte offset in `stream` that the end jumps back to, or [`NO_LOOP`].
    pub loop_start: u32,
}

/// A sound effect.
///
/// ```no_run
/// use megadrive::sound::{self, Effect};
/// static COIN: Effect = Effect::Psg { name: "coin", stream: &[0x00], channels: 0b0001 }; // tone channel 0
/// static HIT: Effect = Effect::Pcm { name: "hit", samples: &[0x80; 256] };
/// sound::play_effect(&COIN, 0);
/// sound::play_effect(&HIT, 10);
/// ```
pub enum Effect {
    /// 8-bit unsigned samples (0x80 = silence) at [`PCM_RATE`], on the DAC.
    Pcm {
        /// The source file's name without its extension.
        name: &'static str,
        /// The samples (at most 65,535).
        samples: &'static [u8],
    },
    /// A PSG stream (the music's format, PSG writes only).
    Psg {
        /// The source file's name without its extension.
        name: &'static str,
        /// The stream.
        stream: &'static [u8],
        /// The PSG channels it takes from the music: bits 0-2 tone channels, bit 3 noise.
        channels: u8,
    },
}

impl Effect {
    /// The source file's name without its extension.
    ///
    /// ```
    /// use megadrive::sound::Effect;
    /// static JUMP: Effect = Effect::Pcm { name: "jump", samples: &[0x80; 16] };
    /// assert_eq!(JUMP.name(), "jump");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Effect::Pcm { name, .. } | Effect::Psg { name, .. } => name,
        }
    }
}

/// What the driver reported at the last bus access that sent nothing ([`end_vblank`] after a
/// DMA, [`update`], or [`status`] when the copy was older): its status bytes `ST_READY` to `ST_WSUM` as they are in Z80 RAM (16-bit values little-endian),
/// copied to the ELF symbol `SOUND_STATUS` (the tests read it).
///
/// ```
/// use megadrive::sound::Status;
/// // Ready, heartbeat 300, music playing, a PCM effect of priority 4, no PSG effect.
/// let s = Status([b'R', 0x2C, 0x01, 1, 5, 0, 0, 0x10, 0x00, 0x34, 0x12]);
/// assert_eq!((s.ready(), s.heartbeat(), s.music(), s.pcm(), s.psg()), (true, 300, 1, 5, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Status(pub [u8; STATUS_BYTES]);

/// Bytes of [`Status`]: Z80 RAM `ST_READY` (ST + 1) to `ST_WSUM` + 1 (ST + 11). (The
/// protocol's [`protocol::STATUS_BYTES`].)
///
/// ```
/// use megadrive::sound::{Status, STATUS_BYTES};
/// let before_init = Status([0; STATUS_BYTES]);
/// assert!(!before_init.ready());
/// ```
pub const STATUS_BYTES: usize = protocol::STATUS_BYTES;

impl Status {
    /// The byte at status address `st` (`ST_READY` ..= `ST_WSUM` + 1).
    fn u8_at(&self, st: u16) -> u8 {
        self.0[status_index(st)]
    }
    /// The little-endian 16-bit value at status address `st`.
    fn u16_at(&self, st: u16) -> u16 {
        let i = status_index(st);
        u16::from_le_bytes([self.0[i], self.0[i + 1]])
    }
    /// The driver runs.
    ///
    /// ```no_run
    /// use megadrive::{sound, timing::Standard};
    /// sound::init(Standard::detect());
    /// while !sound::status().ready() {
    ///     sound::update();
    /// }
    /// ```
    pub fn ready(&self) -> bool {
        self.u8_at(ST_READY) == READY_MARK
    }
    /// The driver's heartbeat: its Timer B periods (4.8 ms, 3 or 4 a frame) since it started.
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let mut raw = [0; 11];
    /// raw[1..3].copy_from_slice(&1000u16.to_le_bytes()); // little-endian in Z80 RAM
    /// assert_eq!(Status(raw).heartbeat(), 1000);
    /// ```
    pub fn heartbeat(&self) -> u16 {
        self.u16_at(ST_HEART)
    }
    /// Music: 0 stopped, 1 playing, 2 paused.
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let paused = Status([b'R', 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(paused.music(), 2);
    /// ```
    pub fn music(&self) -> u8 {
        self.u8_at(ST_MUSIC)
    }
    /// Priority + 1 of the PCM effect playing, 0 for none.
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let s = Status([b'R', 0, 0, 0, 3, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(s.pcm(), 3); // an effect of priority 2 plays
    /// ```
    pub fn pcm(&self) -> u8 {
        self.u8_at(ST_PCM)
    }
    /// Priority + 1 of the PSG effect playing, 0 for none.
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let s = Status([b'R', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(s.psg(), 0); // no PSG effect
    /// ```
    pub fn psg(&self) -> u8 {
        self.u8_at(ST_SFX)
    }
    /// Music ticks played (the stream's waits summed) when `write_sum` was taken.
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let s = Status([b'R', 0, 0, 1, 0, 0, 0, 0x58, 0x02, 0, 0]);
    /// assert_eq!(s.music_ticks(), 600); // ten seconds at 60 ticks a second
    /// ```
    pub fn music_ticks(&self) -> u16 {
        self.u16_at(ST_MTICK)
    }
    /// Fletcher-16 of the music's register writes so far (register and value, PSG bytes).
    ///
    /// ```
    /// use megadrive::sound::Status;
    /// let s = Status([b'R', 0, 0, 1, 0, 0, 0, 0, 0, 0xCD, 0xAB]);
    /// assert_eq!(s.write_sum(), 0xABCD);
    /// ```
    pub fn write_sum(&self) -> u16 {
        self.u16_at(ST_WSUM)
    }
}

/// The last status read from the driver (see [`Status`]).
///
/// ```no_run
/// use megadrive::sound::SOUND_STATUS;
/// let music_on = SOUND_STATUS.with(|s| s.music() == 1); // what sound::status() returns
/// ```
#[no_mangle]
pub static SOUND_STATUS: MainOnly<Status> = MainOnly::new(Status([0; STATUS_BYTES]));

/// The most looks at the Z80's `ST_BUSY` that opening a DMA window has needed so far, after
/// the first (with the delay before each, about 420 68000 cycles: 0.9 scanlines). The tests read it (ELF symbol).
///
/// ```no_run
/// use megadrive::sound::SOUND_WINDOW_WAITS;
/// let worst = SOUND_WINDOW_WAITS.get(); // after a run: the longest wait for the Z80, in looks
/// ```
#[no_mangle]
pub static SOUND_WINDOW_WAITS: Shared<u16> = Shared::new(0);

/// All the looks after the first that opening DMA windows has needed so far (wrapping).
///
/// ```no_run
/// use megadrive::sound::SOUND_WINDOW_LOOKS;
/// let looks = SOUND_WINDOW_LOOKS.get(); // all the extra looks, for a debug overlay
/// ```
#[no_mangle]
pub static SOUND_WINDOW_LOOKS: Shared<u16> = Shared::new(0);

/// The longest wait so far for the driver to leave a bus unit when a DMA window opened, in
/// 68000 cycles (measured with the VDP's HV counter: [`z80::Stopwatch`]; the looks at
/// `ST_BUSY` included, not the first). The tests read it (ELF symbol).
///
/// ```no_run
/// use megadrive::{sound::SOUND_WINDOW_WAIT_WORST, z80::CYCLES_PER_LINE};
/// let worst = SOUND_WINDOW_WAIT_WORST.get(); // after a run: the longest wait, in cycles
/// assert!(worst <= 2 * CYCLES_PER_LINE);
/// ```
#[no_mangle]
pub static SOUND_WINDOW_WAIT_WORST: Shared<u16> = Shared::new(0);

/// The driver is not loaded ([`init`] not called): no window, no bus access.
const OFF: u8 = 0;
/// No DMA window (the driver may use the 68000 bus).
const CLOSED: u8 = 1;
/// [`begin_vblank`] was called: the VBlank's first DMA opens the window, [`end_vblank`]
/// closes it.
const WANTED: u8 = 2;
/// A DMA window is open (the driver keeps off the 68000 bus).
const OPEN: u8 = 3;
/// A DMA window is open with the Z80 stopped (the 68000 holds its bus until the window
/// closes): the driver was still in a bus unit after [`MAX_WAIT`].
const HELD: u8 = 4;
/// The driver and its DMA window: [`OFF`], [`CLOSED`], [`WANTED`], [`OPEN`] or [`HELD`].
static WINDOW: Shared<u8> = Shared::new(OFF);
/// [`SOUND_STATUS`] is the driver's status as of the last exchange; false once an
/// [`end_vblank`] or [`update`] took no bus access ([`status`] then reads it).
static STATUS_FRESH: Shared<bool> = Shared::new(false);

/// A request waiting for the next [`end_vblank`] or [`update`], as its command block's
/// fields (see [`protocol`]); one cell each, so a request is a few stores.
struct Request {
    /// Music: the op (`MB_MUSIC_OP`).
    music_op: Shared<u8>,
    /// Music: the stream's 68000 address.
    music_addr: Shared<u32>,
    /// Music: the loop's 68000 address ([`NO_LOOP_ADDR`]: none).
    music_loop: Shared<u32>,
    /// Music: the fade speed.
    music_fade: Shared<u8>,
    /// PCM effect: the priority.
    pcm_priority: Shared<u8>,
    /// PCM effect: the samples' 68000 address.
    pcm_addr: Shared<u32>,
    /// PCM effect: the number of samples.
    pcm_len: Shared<u16>,
    /// PSG effect: the priority.
    psg_priority: Shared<u8>,
    /// PSG effect: the stream's 68000 address.
    psg_addr: Shared<u32>,
    /// PSG effect: the channels it takes.
    psg_channels: Shared<u8>,
    /// Volume: the music's attenuation.
    atten: Shared<u8>,
    /// Volume: the PCM scale.
    scale: Shared<u8>,
    /// The sequence numbers last sent: music, PCM, PSG, volume.
    seq: [Shared<u8>; 4],
}

static REQUEST: Request = Request {
    music_op: Shared::new(0),
    music_addr: Shared::new(0),
    music_loop: Shared::new(0),
    music_fade: Shared::new(0),
    pcm_priority: Shared::new(0),
    pcm_addr: Shared::new(0),
    pcm_len: Shared::new(0),
    psg_priority: Shared::new(0),
    psg_addr: Shared::new(0),
    psg_channels: Shared::new(0),
    atten: Shared::new(0),
    scale: Shared::new(0),
    seq: [Shared::new(0), Shared::new(0), Shared::new(0), Shared::new(0)],
};

/// The kinds of request in [`REQUEST`] (bits of [`PENDING`]).
const MUSIC: u8 = 1;
const PCM: u8 = 2;
const PSG: u8 = 4;
const VOLUME: u8 = 8;

/// A bit for each kind of request waiting in [`REQUEST`]: a frame with nothing asked costs
/// one test, not a look at each request.
static PENDING: Shared<u8> = Shared::new(0);

/// Marks a request of `kind` (a bit of [`PENDING`]) as waiting.
#[inline(always)]
fn ask(kind: u8) {
    PENDING.set(PENDING.get() | kind);
}

/// Queues the music op `op` with its stream and loop addresses and fade speed.
fn ask_music(op: u8, addr: u32, loop_addr: u32, speed: u8) {
    let r = &REQUEST;
    r.music_op.set(op);
    r.music_addr.set(addr);
    r.music_loop.set(loop_addr);
    r.music_fade.set(speed);
    ask(MUSIC);
}

/// Loads the driver into the Z80 and starts it, for `standard` (its tick rate: 60 Hz on
/// both). Call once at boot, before the first DMA you want protected.
///
/// ```no_run
/// use megadrive::{sound, timing::Standard};
/// sound::init(Standard::detect()); // once at boot, before the first DMA
/// ```
pub fn init(standard: Standard) {
    // The code, then zeros over the driver's variables, mailbox and status (VARIABLES..).
    z80::load(DRIVER, VARIABLES, |bus| bus.write(MB_STD, (standard == Standard::Pal) as u8));
    WINDOW.set(CLOSED);
}

/// Plays `song` from its start (replacing the one playing), looping if it loops.
///
/// ```no_run
/// use megadrive::sound::{self, Song, NO_LOOP};
///
/// // `romtool sound` makes such statics from VGM files.
/// static TUNE: Song = Song { name: "tune", stream: &[0x00], loop_start: NO_LOOP };
/// sound::play_music(&TUNE); // hardware at the next end_vblank: `no_run`
/// ```
pub fn play_music(song: &'static Song) {
    let addr = song.stream.as_ptr() as usize as u32;
    let loop_addr = if song.loop_start == NO_LOOP { NO_LOOP_ADDR } else { addr + song.loop_start };
    ask_music(MUSIC_START, addr, loop_addr, 0);
}

/// Stops the music at once (keys off, PSG silent).
///
/// ```no_run
/// use megadrive::sound;
/// sound::stop_music(); // the player died: silence at once
/// ```
pub fn stop_music() {
    ask_music(MUSIC_STOP, 0, 0, 0);
}

/// Pauses the music: silent, its place kept.
///
/// ```no_run
/// use megadrive::sound;
/// sound::pause_music(); // the pause menu opens
/// ```
pub fn pause_music() {
    ask_music(MUSIC_PAUSE, 0, 0, 0);
}

/// Resumes paused music where it was.
///
/// ```no_run
/// use megadrive::sound;
/// sound::pause_music();
/// // ... the pause menu closes:
/// sound::resume_music();
/// ```
pub fn resume_music() {
    ask_music(MUSIC_RESUME, 0, 0, 0);
}

/// Fades the music out over about `frames` frames (in 32 steps of 3 dB, each a whole number
/// of 60 Hz ticks: `frames / 32` rounded, at least 1), then stops it.
///
/// ```no_run
/// use megadrive::sound;
/// sound::fade_out_music(120); // two seconds at 60 Hz, then stops
/// ```
pub fn fade_out_music(frames: u16) {
    let speed = ((frames.saturating_add(16)) >> 5).clamp(1, 255) as u8;
    ask_music(MUSIC_FADE, 0, 0, speed);
}

/// Plays `effect` with `priority` (0..=254, higher wins): it replaces the effect of its
/// kind (PCM or PSG) playing now unless that one has a higher priority; of two asked for in
/// the same frame, the higher priority (or the later at equal priority) is sent.
///
/// ```no_run
/// use megadrive::sound::{self, Effect};
/// static LAND: Effect = Effect::Pcm { name: "land", samples: &[0x80; 128] };
/// static DEATH: Effect = Effect::Pcm { name: "death", samples: &[0x80; 512] };
/// sound::play_effect(&DEATH, 200);
/// sound::play_effect(&LAND, 1); // lower: DEATH keeps playing
/// ```
pub fn play_effect(effect: &'static Effect, priority: u8) {
    let priority = priority.min(254);
    let r = &REQUEST;
    match effect {
        Effect::Pcm { samples, .. } => {
            if samples.is_empty() || (PENDING.get() & PCM != 0 && r.pcm_priority.get() > priority) {
                return;
            }
            r.pcm_priority.set(priority);
            r.pcm_addr.set(samples.as_ptr() as usize as u32);
            r.pcm_len.set(samples.len().min(MAX_PCM_SAMPLES) as u16);
            ask(PCM);
        }
        Effect::Psg { stream, channels, .. } => {
            if PENDING.get() & PSG != 0 && r.psg_priority.get() > priority {
                return;
            }
            r.psg_priority.set(priority);
            r.psg_addr.set(stream.as_ptr() as usize as u32);
            r.psg_channels.set(*channels & 0x0F);
            ask(PSG);
        }
    }
}

/// FM attenuation (0.75 dB steps) of each [`set_volume`] level: about 2 dB a level, level 0
/// silent.
const VOLUME_ATTEN: [u8; 16] = [127, 37, 35, 32, 29, 27, 24, 21, 19, 16, 13, 11, 8, 5, 3, 0];
/// The PCM scale (x/16) of each level: the same loudness as `VOLUME_ATTEN`.
const VOLUME_PCM: [u8; 16] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 4, 5, 6, 8, 10, 12, PCM_SCALE_FULL];

/// Sets the master volume of music and effects: 0 (silent) ..= 15 (full, the default).
///
/// ```no_run
/// use megadrive::sound;
/// sound::set_volume(8); // about half as loud, in the options menu
/// ```
pub fn set_volume(level: u8) {
    let level = level.min(15) as usize;
    REQUEST.atten.set(VOLUME_ATTEN[level]);
    REQUEST.scale.set(VOLUME_PCM[level]);
    ask(VOLUME);
}

/// The status the driver reported last (see [`Status`]).
///
/// ```no_run
/// use megadrive::sound;
/// if sound::status().music() == 0 {
///     // the song ended (it does not loop): next level
/// }
/// ```
pub fn status() -> Status {
    // Not inside a DMA window: the bus access would give a held Z80 its bus back.
    if !STATUS_FRESH.get() && matches!(WINDOW.get(), CLOSED | WANTED) {
        z80::with_bus(|bus| copy_status(bus));
    }
    SOUND_STATUS.with(|s| *s)
}

/// Starts the VBlank's DMA window: the first DMA transfer until [`end_vblank`] opens it
/// (waits until the driver is off the 68000 bus: see the module docs), and the later ones
/// find it open. Costs a few compares: a VBlank without DMA takes no bus access. Does
/// nothing before [`init`].
///
/// ```no_run
/// use megadrive::{sound, sprites::SpriteList};
/// let mut list = SpriteList::<80>::new();
/// // In VBlank:
/// sound::begin_vblank();
/// list.upload_dma(); // all the frame's DMA transfers
/// sound::end_vblank();
/// ```
pub fn begin_vblank() {
    if WINDOW.get() == CLOSED {
        WINDOW.set(WANTED);
    }
}

/// Closes the DMA window [`begin_vblank`] started, sends the requests of the frame and
/// reads the driver's status, in one access of the Z80's bus; a frame that opened no window
/// and asked for nothing takes no bus access (a few compares).
///
/// ```no_run
/// use megadrive::sound;
/// sound::begin_vblank();
/// // the VBlank's DMA transfers
/// sound::end_vblank(); // closes the window, sends the frame's requests
/// ```
pub fn end_vblank() {
    let window = WINDOW.get();
    if window >= WANTED {
        WINDOW.set(CLOSED);
        if window >= OPEN {
            close_window();
            return;
        }
    }
    update();
}

/// Closes the VBlank's window and exchanges with the driver, in one bus access (which ends
/// a hold of the bus, [`HELD`]).
#[inline(never)]
fn close_window() {
    z80::with_bus(|bus| {
        bus.write(MB_DMA, 0);
        if PENDING.get() != 0 {
            exchange_pending(bus);
        } else {
            copy_status(bus);
        }
    });
}

/// [`exchange`] out of line (the frame with nothing asked saves no register for it).
#[inline(never)]
fn exchange_pending(bus: &mut Bus) {
    exchange(bus);
}

/// Sends the requests of the frame without a DMA window (for a game that does not call
/// [`begin_vblank`] / [`end_vblank`]): once a frame. A frame that asked for nothing takes
/// no bus access (the status is then read by [`status`] when asked for).
///
/// ```no_run
/// use megadrive::{sound, timing::Standard};
/// # fn wait_vblank() {}
/// sound::init(Standard::detect());
/// loop {
///     wait_vblank();
///     sound::update(); // once a frame, no DMA window
/// }
/// ```
pub fn update() {
    if PENDING.get() != 0 {
        send_now();
    } else {
        STATUS_FRESH.set(false);
    }
}

/// Sends the waiting requests (before [`init`]: keeps them).
#[inline(never)]
fn send_now() {
    if WINDOW.get() != OFF {
        z80::with_bus(|bus| {
            // A PCM effect alone (the frequent request) inline, the rest out of line.
            if PENDING.get() == PCM {
                let sent = send_pcm(bus);
                finish(bus, sent);
            } else {
                exchange_pending(bus);
            }
        });
    }
}

/// Called by [`crate::dma`] before a copy from 68000 memory: opens a window unless one is
/// open (the VBlank's, when [`begin_vblank`] started one). Returns whether it opened one of
/// its own (then [`dma_done`] closes it).
#[inline(always)]
pub(crate) fn dma_start() -> bool {
    let window = WINDOW.get();
    // CLOSED or WANTED (a window to open) in one compare.
    if window.wrapping_sub(CLOSED) <= WANTED - CLOSED {
        open_for_dma(window)
    } else {
        false
    }
}

/// [`dma_start`]'s window opening: whether the window is the copy's own (`window` was
/// [`CLOSED`], not the VBlank's [`WANTED`]).
#[inline(never)]
fn open_for_dma(window: u8) -> bool {
    WINDOW.set(OPEN);
    open_window();
    window == CLOSED
}

/// Closes the window [`dma_start`] opened (and gives the Z80 its bus back if it was held).
pub(crate) fn dma_done(opened: bool) {
    if opened {
        WINDOW.set(CLOSED);
        z80::with_bus(|bus| bus.write(MB_DMA, 0));
    }
}

/// Sets the driver's DMA flag and waits until the Z80 is outside its 68000-bus units: it
/// sets `ST_BUSY` before it reads the flag, so once `ST_BUSY` reads 0 after the flag is set,
/// the Z80 will see the flag before its next access.
fn open_window() {
    let busy = z80::with_bus(|bus| {
        bus.write(MB_DMA, 1);
        bus.read(ST_BUSY)
    });
    if busy != 0 {
        wait_for_driver();
    }
}

/// The VDP status reads between two looks at `ST_BUSY` (each look stops the Z80 for its
/// bus access: the driver needs the time between them to end its unit).
const LOOK_DELAY: u16 = 8;

/// After this long (68000 cycles: a scanline) without the driver off the bus, the 68000
/// stops the Z80 instead ([`HELD`]). A look and the delay before the next take about 420
/// cycles in Genesis Plus GX: the wait ends within 2 scanlines.
const MAX_WAIT: u16 = z80::CYCLES_PER_LINE;

/// DMA windows that stopped the Z80 for the window (it was still in a bus unit after a
/// scanline of waiting), so far (wrapping). The tests read it (ELF symbol).
///
/// ```no_run
/// let held = megadrive::sound::SOUND_WINDOW_HOLDS.get(); // windows with the Z80 stopped
/// ```
#[no_mangle]
pub static SOUND_WINDOW_HOLDS: Shared<u16> = Shared::new(0);

/// Waits until the driver is off the 68000 bus (`ST_BUSY` reads 0), timing the wait; after
/// [`MAX_WAIT`] it keeps the Z80's bus for the window instead ([`HELD`]: the Z80 stopped
/// where it was, off the 68000 bus, until the window closes).
#[cold]
#[inline(never)]
fn wait_for_driver() {
    let mut clock = z80::Stopwatch::start();
    let mut looks = 0u16;
    loop {
        for _ in 0..LOOK_DELAY {
            let _ = crate::vdp::status();
        }
        clock.tick();
        looks += 1;
        if clock.cycles() >= MAX_WAIT {
            z80::hold_bus();
            WINDOW.set(HELD);
            SOUND_WINDOW_HOLDS.set(SOUND_WINDOW_HOLDS.get().wrapping_add(1));
            break;
        }
        if z80::with_bus(|bus| bus.read(ST_BUSY)) == 0 {
            break;
        }
    }
    SOUND_WINDOW_LOOKS.set(SOUND_WINDOW_LOOKS.get().wrapping_add(looks));
    if looks > SOUND_WINDOW_WAITS.get() {
        SOUND_WINDOW_WAITS.set(looks);
    }
    let cycles = clock.cycles();
    if cycles > SOUND_WINDOW_WAIT_WORST.get() {
        SOUND_WINDOW_WAIT_WORST.set(cycles);
    }
}

/// Writes the queued requests whose previous one the driver has taken, or, with nothing to
/// send, copies the driver's status to [`SOUND_STATUS`] (not both: a frame's work stays
/// short; [`status`] reads it when asked for). A PCM effect's request first, inline (the
/// frequent one); the others in [`finish_others`]. No value lives across a call: the
/// common path saves no register.
#[inline(always)]
fn exchange(bus: &mut Bus) {
    let pcm = PENDING.get() & PCM != 0 && send_pcm(bus);
    if PENDING.get() & !PCM != 0 {
        finish_others(bus, pcm);
    } else {
        finish(bus, pcm);
    }
}

/// Tells the driver that blocks have new sequence numbers (`sent`), or copies the status.
#[inline(always)]
fn finish(bus: &mut Bus, sent: bool) {
    if sent {
        bus.write(MB_PENDING, 1);
        STATUS_FRESH.set(false);
    } else {
        copy_status(bus);
    }
}

/// [`exchange`] for the requests other than a PCM effect's (rarer), then [`finish`].
#[inline(never)]
fn finish_others(bus: &mut Bus, pcm: bool) {
    let others = send_others(bus);
    finish(bus, pcm | others);
}

/// Copies the driver's status bytes to [`SOUND_STATUS`].
#[inline(never)]
fn copy_status(bus: &Bus) {
    SOUND_STATUS.with(|s| bus.copy_to(ST_READY, &mut s.0));
    STATUS_FRESH.set(true);
}

/// Writes the waiting PCM effect's block if the driver has taken the last one; whether it
/// did.
#[inline(always)]
fn send_pcm(bus: &mut Bus) -> bool {
    let r = &REQUEST;
    if !taken(bus, ST_ACK_PCM, 1) {
        return false;
    }
    bus.write(MB_PCM_PRIORITY, r.pcm_priority.get());
    write_addr(bus, MB_PCM_ADDR, r.pcm_addr.get());
    let len = r.pcm_len.get();
    bus.write(MB_PCM_LENGTH, len as u8);
    bus.write(MB_PCM_LENGTH + 1, (len >> 8) as u8);
    next_seq(bus, MB_PCM, 1);
    PENDING.set(PENDING.get() & !PCM);
    true
}

/// Writes the waiting blocks other than a PCM effect's whose previous one the driver has
/// taken; whether it wrote any. The kinds still waiting stay in [`PENDING`].
#[inline(always)]
fn send_others(bus: &mut Bus) -> bool {
    let r = &REQUEST;
    let pending = PENDING.get();
    if pending & PSG != 0 && taken(bus, ST_ACK_SFX, 2) {
        bus.write(MB_SFX_PRIORITY, r.psg_priority.get());
        write_addr(bus, MB_SFX_ADDR, r.psg_addr.get());
        bus.write(MB_SFX_CHANNELS, r.psg_channels.get());
        next_seq(bus, MB_SFX, 2);
        PENDING.set(PENDING.get() & !PSG);
    }
    if pending & MUSIC != 0 && taken(bus, ST_ACK_MUSIC, 0) {
        bus.write(MB_MUSIC_OP, r.music_op.get());
        write_addr(bus, MB_MUSIC_ADDR, r.music_addr.get());
        write_addr(bus, MB_MUSIC_LOOP, r.music_loop.get());
        bus.write(MB_MUSIC_FADE, r.music_fade.get());
        next_seq(bus, MB_MUSIC, 0);
        PENDING.set(PENDING.get() & !MUSIC);
    }
    if pending & VOLUME != 0 && taken(bus, ST_ACK_VOL, 3) {
        bus.write(MB_VOL_ATTEN, r.atten.get());
        bus.write(MB_VOL_PCM_SCALE, r.scale.get());
        next_seq(bus, MB_VOL, 3);
        PENDING.set(PENDING.get() & !VOLUME);
    }
    PENDING.get() != pending
}

/// The driver has taken the last block of kind `k` (its acknowledgement `ack` holds the
/// sequence number sent).
#[inline(always)]
fn taken(bus: &Bus, ack: u16, k: usize) -> bool {
    bus.read(ack) == REQUEST.seq[k].get()
}

/// Writes a new sequence number of kind `k` to the block at `block`, after its fields.
#[inline(always)]
fn next_seq(bus: &mut Bus, block: u16, k: usize) {
    let seq = REQUEST.seq[k].get().wrapping_add(1);
    REQUEST.seq[k].set(seq);
    bus.write(block, seq);
}

/// Writes a 68000 address as the driver reads it: low, middle, high byte.
#[inline(always)]
fn write_addr(bus: &mut Bus, at: u16, addr: u32) {
    let low = addr as u16;
    bus.write(at, low as u8);
    bus.write(at + 1, (low >> 8) as u8);
    bus.write(at + 2, addr.rotate_left(16) as u8); // `swap`
}
