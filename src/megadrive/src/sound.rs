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
//! reach the Z80 in the next [`end_vblank`] (one bus access), so an effect asked for in
//! a frame's game step starts with the VBlank that shows that step.
//!
//! **DMA**: a 68000 DMA to the VDP owns the 68000 bus, and a Z80 read of ROM then fails
//! (the PCM would stall or click). The driver reads ROM only outside "DMA windows":
//! [`begin_vblank`] opens one (it returns once the Z80 is out of any ROM access: a few
//! dozen Z80 cycles, at most a short unit of its work or two bytes of a PCM refill),
//! [`end_vblank`]
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

/// What the driver reported at the last [`end_vblank`] or [`update`] that sent nothing: its
/// status bytes `ST_READY` to `ST_WSUM` as they are in Z80 RAM (16-bit values little-endian),
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
/// the first (each about 350 68000 cycles: 0.7 scanlines). The tests read it (ELF symbol).
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

/// A DMA window is open (the driver keeps off the 68000 bus).
static WINDOW: Shared<bool> = Shared::new(false);
/// The driver runs.
static LOADED: Shared<bool> = Shared::new(false);

/// Music operations (the driver's `MB_MUSIC` op byte).
#[derive(Clone, Copy)]
enum MusicOp {
    Start { addr: u32, loop_addr: u32 },
    Stop,
    Pause,
    Resume,
    Fade { speed: u8 },
}

/// Requests waiting for the next [`end_vblank`] or [`update`].
struct Queue {
    music: Option<MusicOp>,
    pcm: Option<(u8, u32, u16)>,
    psg: Option<(u8, u32, u8)>,
    volume: Option<(u8, u8)>,
    /// The sequence numbers last sent: music, PCM, PSG, volume.
    seq: [u8; 4],
}

static QUEUE: MainOnly<Queue> = MainOnly::new(Queue { music: None, pcm: None, psg: None, volume: None, seq: [0; 4] });

/// The kinds of request in [`QUEUE`] (bits of [`PENDING`]).
const MUSIC: u8 = 1;
const PCM: u8 = 2;
const PSG: u8 = 4;
const VOLUME: u8 = 8;

/// A bit for each kind of request that may wait in [`QUEUE`]: a frame with nothing asked
/// costs one test, not a look at each request.
static PENDING: Shared<u8> = Shared::new(0);

/// Queues a request of `kind` (a bit of [`PENDING`]) by `f`.
fn ask(kind: u8, f: impl FnOnce(&mut Queue)) {
    QUEUE.with(f);
    PENDING.set(PENDING.get() | kind);
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
    LOADED.set(true);
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
    ask(MUSIC, |q| q.music = Some(MusicOp::Start { addr, loop_addr }));
}

/// Stops the music at once (keys off, PSG silent).
///
/// ```no_run
/// use megadrive::sound;
/// sound::stop_music(); // the player died: silence at once
/// ```
pub fn stop_music() {
    ask(MUSIC, |q| q.music = Some(MusicOp::Stop));
}

/// Pauses the music: silent, its place kept.
///
/// ```no_run
/// use megadrive::sound;
/// sound::pause_music(); // the pause menu opens
/// ```
pub fn pause_music() {
    ask(MUSIC, |q| q.music = Some(MusicOp::Pause));
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
    ask(MUSIC, |q| q.music = Some(MusicOp::Resume));
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
    ask(MUSIC, |q| q.music = Some(MusicOp::Fade { speed }));
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
    let kind = if matches!(effect, Effect::Pcm { .. }) { PCM } else { PSG };
    ask(kind, |q| match effect {
        Effect::Pcm { samples, .. } => {
            if samples.is_empty() || q.pcm.is_some_and(|(p, _, _)| p > priority) {
                return;
            }
            let len = samples.len().min(MAX_PCM_SAMPLES) as u16;
            q.pcm = Some((priority, samples.as_ptr() as usize as u32, len));
        }
        Effect::Psg { stream, channels, .. } => {
            if q.psg.is_some_and(|(p, _, _)| p > priority) {
                return;
            }
            q.psg = Some((priority, stream.as_ptr() as usize as u32, *channels & 0x0F));
        }
    });
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
    ask(VOLUME, |q| q.volume = Some((VOLUME_ATTEN[level], VOLUME_PCM[level])));
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
    SOUND_STATUS.with(|s| *s)
}

/// Opens the DMA window for the VBlank's transfers: returns once the Z80 is off the 68000
/// bus (see the module docs). Does nothing before [`init`].
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
    if LOADED.get() && !WINDOW.get() {
        open_window();
    }
}

/// Closes the DMA window [`begin_vblank`] opened, sends the requests of the frame and reads
/// the driver's status, in one access of the Z80's bus.
///
/// ```no_run
/// use megadrive::sound;
/// sound::begin_vblank();
/// // the VBlank's DMA transfers
/// sound::end_vblank(); // closes the window, sends the frame's requests
/// ```
pub fn end_vblank() {
    if !LOADED.get() {
        return;
    }
    WINDOW.set(false);
    z80::with_bus(|bus| {
        bus.write(MB_DMA, 0);
        exchange(bus);
    });
}

/// Sends the requests of the frame and reads the status without a DMA window (for a game
/// that does not call [`begin_vblank`] / [`end_vblank`]): once a frame.
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
    if LOADED.get() {
        z80::with_bus(exchange);
    }
}

/// Called by [`crate::dma`] before a copy from 68000 memory: opens a window unless one is
/// open. Returns whether it opened one (then [`dma_done`] closes it).
pub(crate) fn dma_start() -> bool {
    if !LOADED.get() || WINDOW.get() {
        return false;
    }
    open_window();
    true
}

/// Closes the window [`dma_start`] opened.
pub(crate) fn dma_done(opened: bool) {
    if opened {
        WINDOW.set(false);
        z80::with_bus(|bus| bus.write(MB_DMA, 0));
    }
}

/// Sets the driver's DMA flag and waits until the Z80 is outside its 68000-bus units: it
/// sets `ST_BUSY` before it reads the flag, so once `ST_BUSY` reads 0 after the flag is set,
/// the Z80 will see the flag before its next access.
fn open_window() {
    WINDOW.set(true);
    let mut busy = z80::with_bus(|bus| {
        bus.write(MB_DMA, 1);
        bus.read(ST_BUSY)
    });
    let mut looks = 0;
    while busy != 0 {
        // Let the Z80 run to the end of its unit (a bus request stops it): about 100 Z80
        // cycles between two looks.
        for _ in 0..16 {
            let _ = crate::vdp::status();
        }
        busy = z80::with_bus(|bus| bus.read(ST_BUSY));
        looks += 1;
    }
    if looks > 0 {
        SOUND_WINDOW_LOOKS.set(SOUND_WINDOW_LOOKS.get().wrapping_add(looks));
        if looks > SOUND_WINDOW_WAITS.get() {
            SOUND_WINDOW_WAITS.set(looks);
        }
    }
}

/// Writes the queued requests whose previous one the driver has taken, then reads the status.
fn exchange(bus: &mut Bus) {
    let pending = PENDING.get();
    let sent = pending != 0 && send(bus, pending);
    // The status only in frames that sent nothing: a frame's work stays under 1,000 cycles.
    if !sent {
        SOUND_STATUS.with(|s| bus.copy_to(ST_READY, &mut s.0));
    }
}

/// Writes the queued requests of the kinds in `pending` whose previous one the driver has
/// taken; whether it wrote any. The kinds still waiting stay in [`PENDING`].
fn send(bus: &mut Bus, pending: u8) -> bool {
    QUEUE.with(|q| {
        let (mut waiting, mut sent) = (pending, false);
        if pending & MUSIC != 0 {
            match q.music {
                Some(op) if bus.read(ST_ACK_MUSIC) == q.seq[0] => {
                    let (code, addr, loop_addr, speed) = match op {
                        MusicOp::Start { addr, loop_addr } => (MUSIC_START, addr, loop_addr, 0),
                        MusicOp::Stop => (MUSIC_STOP, 0, 0, 0),
                        MusicOp::Pause => (MUSIC_PAUSE, 0, 0, 0),
                        MusicOp::Resume => (MUSIC_RESUME, 0, 0, 0),
                        MusicOp::Fade { speed } => (MUSIC_FADE, 0, 0, speed),
                    };
                    bus.write(MB_MUSIC_OP, code);
                    write_addr(bus, MB_MUSIC_ADDR, addr);
                    write_addr(bus, MB_MUSIC_LOOP, loop_addr);
                    bus.write(MB_MUSIC_FADE, speed);
                    q.seq[0] = q.seq[0].wrapping_add(1);
                    bus.write(MB_MUSIC, q.seq[0]);
                    q.music = None;
                    (waiting, sent) = (waiting & !MUSIC, true);
                }
                Some(_) => {}
                None => waiting &= !MUSIC,
            }
        }
        if pending & PCM != 0 {
            match q.pcm {
                Some((priority, addr, len)) if bus.read(ST_ACK_PCM) == q.seq[1] => {
                    bus.write(MB_PCM_PRIORITY, priority);
                    write_addr(bus, MB_PCM_ADDR, addr);
                    bus.write(MB_PCM_LENGTH, len as u8);
                    bus.write(MB_PCM_LENGTH + 1, (len >> 8) as u8);
                    q.seq[1] = q.seq[1].wrapping_add(1);
                    bus.write(MB_PCM, q.seq[1]);
                    q.pcm = None;
                    (waiting, sent) = (waiting & !PCM, true);
                }
                Some(_) => {}
                None => waiting &= !PCM,
            }
        }
        if pending & PSG != 0 {
            match q.psg {
                Some((priority, addr, channels)) if bus.read(ST_ACK_SFX) == q.seq[2] => {
                    bus.write(MB_SFX_PRIORITY, priority);
                    write_addr(bus, MB_SFX_ADDR, addr);
                    bus.write(MB_SFX_CHANNELS, channels);
                    q.seq[2] = q.seq[2].wrapping_add(1);
                    bus.write(MB_SFX, q.seq[2]);
                    q.psg = None;
                    (waiting, sent) = (waiting & !PSG, true);
                }
                Some(_) => {}
                None => waiting &= !PSG,
            }
        }
        if pending & VOLUME != 0 {
            match q.volume {
                Some((atten, scale)) if bus.read(ST_ACK_VOL) == q.seq[3] => {
                    bus.write(MB_VOL_ATTEN, atten);
                    bus.write(MB_VOL_PCM_SCALE, scale);
                    q.seq[3] = q.seq[3].wrapping_add(1);
                    bus.write(MB_VOL, q.seq[3]);
                    q.volume = None;
                    (waiting, sent) = (waiting & !VOLUME, true);
                }
                Some(_) => {}
                None => waiting &= !VOLUME,
            }
        }
        PENDING.set(waiting);
        if sent {
            bus.write(MB_PENDING, 1);
        }
        sent
    })
}

/// Writes a 68000 address as the driver reads it: low, middle, high byte.
fn write_addr(bus: &mut Bus, at: u16, addr: u32) {
    bus.write(at, addr as u8);
    bus.write(at + 1, (addr >> 8) as u8);
    bus.write(at + 2, (addr >> 16) as u8);
}
