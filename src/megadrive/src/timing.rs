//! Frame timing on NTSC (60 Hz, 262 lines) and PAL (50 Hz, 313 lines) consoles: which
//! one this is ([`Standard::detect`]), the exact scanline from the VDP's V counter
//! ([`scanline`]), and a [`Pacer`] that runs game logic at 60 steps per second on both.
//!
//! ## The V counter
//! The V counter is 8 bits wide but a frame has more than 256 lines, so the VDP makes it
//! jump back once per frame (V28 mode, 224 visible lines, VBlank from line 224):
//!
//! | standard | lines | counter |
//! |---|---|---|
//! | NTSC | 0 - 234 | 0x00 - 0xEA (the line number) |
//! | NTSC | 235 - 261 | 0xE5 - 0xFF (the line - 6) |
//! | PAL | 0 - 258 | 0x00 - 0xFF, then 0x00 - 0x02 (the line mod 256) |
//! | PAL | 259 - 312 | 0xCA - 0xFF (the line - 57) |
//!
//! The VDP's VBlank flag is set from line 224 and clears at the start of the frame's last
//! line (counter 0xFF), a line before the counter wraps to 0.
//!
//! So some counter values occur twice in one VBlank: NTSC 0xE5 - 0xEA (lines 229 - 234 and
//! 235 - 240), PAL 0xE0 - 0xFF (lines 224 - 255 and 281 - 312). [`scanline`] tells them
//! apart by watching the counter until it passes the jump (see [`line_from_reads`]).
//!
//! ## 60 steps per second on PAL
//! A PAL console shows 50 frames a second. [`Pacer`] runs one game step per frame on NTSC
//! and six steps per five frames on PAL (one frame in five runs two), so a game written
//! for 60 steps a second keeps its speed and its exact trajectory (the same sequence of
//! steps), shown at 50 frames a second. (PAL's 49.70 Hz x 6 / 5 = 59.64 steps a second,
//! NTSC's 59.92: 0.5 % slower.)
//!
//! ## Example
//!
//! ```no_run
//! use megadrive::timing::{scanline, Pacer, Standard};
//!
//! let standard = Standard::detect(); // reads the VDP (hardware: `no_run`)
//! let mut pacer = Pacer::new(standard);
//! loop {
//!     for _ in 0..pacer.steps() {
//!         // one game step (1/60 s)
//!     }
//!     let _busy = scanline(standard); // how far into the frame the work went
//!     // wait for VBlank, draw
//! }
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`Standard::detect`]: crate::timing::Standard::detect
//! [`scanline`]: crate::timing::scanline
//! [`line_from_reads`]: crate::timing::line_from_reads
//! [`Pacer`]: crate::timing::Pacer

use crate::vdp;
use megadrive_sys::MD_VDP_STATUS_VBLANK;

/// The console's video standard.
///
/// ```no_run
/// use megadrive::timing::Standard;
/// let hz = match Standard::detect() {
///     Standard::Ntsc => 60,
///     Standard::Pal => 50,
/// };
/// # let _ = hz;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standard {
    /// 60 Hz, 262 scanlines per frame (Americas, Japan).
    Ntsc,
    /// 50 Hz, 313 scanlines per frame (Europe, Australia, Brazil's 50 Hz sets).
    Pal,
}

impl Standard {
    /// Reads the VDP status register's PAL bit.
    ///
    /// ```no_run
    /// use megadrive::{sound, timing::Standard};
    /// let standard = Standard::detect(); // once at boot
    /// sound::init(standard); // the driver plays at the same tempo on both
    /// ```
    pub fn detect() -> Standard {
        if vdp::is_pal() {
            Standard::Pal
        } else {
            Standard::Ntsc
        }
    }

    /// Scanlines per frame: [`vdp::LINES_PER_FRAME`] (262) or [`vdp::LINES_PER_FRAME_PAL`]
    /// (313).
    ///
    /// ```
    /// use megadrive::timing::Standard;
    /// assert_eq!(Standard::Pal.lines_per_frame() - Standard::Ntsc.lines_per_frame(), 51);
    /// ```
    pub const fn lines_per_frame(self) -> u16 {
        match self {
            Standard::Ntsc => vdp::LINES_PER_FRAME,
            Standard::Pal => vdp::LINES_PER_FRAME_PAL,
        }
    }

    /// The last line the V counter counts straight (mod 256) before it jumps back.
    const fn last_straight_line(self) -> u16 {
        match self {
            Standard::Ntsc => 234,
            Standard::Pal => 258,
        }
    }

    /// After the jump the counter reads the line minus this (262 - 256 or 313 - 256).
    const fn jump(self) -> u16 {
        self.lines_per_frame() - 256
    }

    /// The V counter's value on scanline `line` (0 .. lines per frame), V28 mode: the
    /// hardware's mapping in the module's table.
    ///
    /// ```
    /// use megadrive::timing::Standard;
    ///
    /// assert_eq!(Standard::Ntsc.counter_at(234), 0xEA); // the last straight line
    /// assert_eq!(Standard::Ntsc.counter_at(235), 0xE5); // the jump back
    /// assert_eq!(Standard::Pal.counter_at(256), 0x00); // PAL wraps first
    /// assert_eq!(Standard::Pal.counter_at(259), 0xCA);
    /// ```
    pub const fn counter_at(self, line: u16) -> u8 {
        if line <= self.last_straight_line() {
            line as u8
        } else {
            (line - self.jump()) as u8
        }
    }
}

/// The scanline (0 = first visible line, [`vdp::VBLANK_LINE`] = first line of VBlank, up
/// to lines per frame - 1) now. Call it with the display on (the VDP reports VBlank all
/// the time while the display is off).
///
/// Exact. Where the counter value occurs twice in this VBlank (see the module docs) it
/// waits until the counter shows which: at most 6 lines on NTSC and 36 on PAL, and only
/// when called during VBlank, and it returns the line of the first read.
///
/// ```no_run
/// use megadrive::debug::{self, Number};
/// use megadrive::timing::{scanline, Standard};
///
/// let line = scanline(Standard::detect()); // after the frame's work
/// debug::log(Number::dec(line as u32).as_str());
/// ```
pub fn scanline(standard: Standard) -> u16 {
    // The flag and the counter from the same line: read the counter on both sides of it.
    let (first, in_vblank) = loop {
        let before = vdp::v_counter();
        let in_vblank = vdp::status() & MD_VDP_STATUS_VBLANK as u16 != 0;
        if vdp::v_counter() == before {
            break (before as u8, in_vblank);
        }
    };
    line_from_reads(standard, in_vblank, first, || vdp::v_counter() as u8)
}

/// The scanline of a V counter read `first`, taken with the VDP's VBlank flag
/// `in_vblank` (set from line [`vdp::VBLANK_LINE`] up to, not including, the frame's last
/// line); `next` reads the counter again (each read at the same line or a later
/// one, never skipping a line: the 68000 reads it many times per line). The rule of
/// [`scanline`], apart from the hardware so the host can test it.
///
/// ```
/// use megadrive::timing::{line_from_reads, Standard};
///
/// assert_eq!(line_from_reads(Standard::Ntsc, false, 100, || 100), 100); // active display
/// // In VBlank, counter 0xE6 is line 230 or 236: the next reads tell which.
/// let mut before_jump = [0xE8, 0xEA, 0xE5].into_iter();
/// assert_eq!(line_from_reads(Standard::Ntsc, true, 0xE6, || before_jump.next().unwrap()), 230);
/// let mut after_jump = [0xE9, 0xEB].into_iter();
/// assert_eq!(line_from_reads(Standard::Ntsc, true, 0xE6, || after_jump.next().unwrap()), 236);
/// ```
pub fn line_from_reads(standard: Standard, in_vblank: bool, first: u8, mut next: impl FnMut() -> u8) -> u16 {
    let c = first as u16;
    if !in_vblank {
        // Active display: the counter is the line. The VBlank flag already clears on the
        // frame's last line (counter 0xFF), before the counter wraps to 0.
        return if c >= vdp::VBLANK_LINE { standard.lines_per_frame() - 1 } else { c };
    }
    match standard {
        Standard::Ntsc => {
            // 0xE5 - 0xEA: lines 229 - 234 or, after the jump back at line 235, 235 - 240.
            // Before the jump the counter will fall once (0xEA -> 0xE5); after it, it
            // climbs to 0xEB.
            if (0xE5..=0xEA).contains(&c) {
                let mut prev = first;
                loop {
                    let n = next();
                    if n < prev {
                        return c;
                    }
                    if n > 0xEA {
                        return c + standard.jump();
                    }
                    prev = n;
                }
            }
            if c > 0xEA {
                c + standard.jump()
            } else {
                c
            }
        }
        Standard::Pal => {
            // The straight part of VBlank reads 0xE0 - 0xFF, 0x00 - 0x02 (lines 224 - 258),
            // then 0xCA - 0xFF (lines 259 - 312). 0xE0 - 0xFF is ambiguous: the counter then
            // runs on through 0x00 - 0x02 and jumps to 0xCA (it was the straight part) or
            // goes on to 0x03 (the next frame: it was the tail).
            if c < 3 {
                c + 256
            } else if c < 0xE0 {
                c + standard.jump()
            } else {
                loop {
                    let n = next();
                    if (3..0xE0).contains(&n) {
                        return if n >= 0xCA { c } else { c + standard.jump() };
                    }
                }
            }
        }
    }
}

/// Scanlines from the start of VBlank ([`vdp::VBLANK_LINE`]) to `line`, for work that
/// starts at VBlank: `vblanks` is the number of VBlanks since it started (0 while the
/// next one has not come).
///
/// ```
/// use megadrive::timing::{lines_since_vblank, Standard};
///
/// assert_eq!(lines_since_vblank(Standard::Ntsc, 224, 0), 0); // VBlank starts at line 224
/// assert_eq!(lines_since_vblank(Standard::Ntsc, 10, 0), 48); // 38 lines of VBlank, 10 more
/// assert_eq!(lines_since_vblank(Standard::Ntsc, 10, 1), 310); // a VBlank came: a frame more
/// ```
pub const fn lines_since_vblank(standard: Standard, line: u16, vblanks: u16) -> u16 {
    let total = standard.lines_per_frame();
    let since = if line >= vdp::VBLANK_LINE { line - vdp::VBLANK_LINE } else { line + (total - vdp::VBLANK_LINE) };
    // Lines 0 .. VBLANK_LINE belong to the frame after the one whose VBlank started the
    // work; a later VBlank adds whole frames.
    since + vblanks * total
}

/// Frame timing of work that started right after a VBlank: `(lines, missed)` = the
/// scanlines from that VBlank's start until now ([`lines_since_vblank`]), and the VBlanks
/// that came meanwhile (missed frames). `started` is the cartridge's VBlank count when the
/// work started, `vblanks` reads it now (the count its VBlank interrupt handler keeps).
///
/// Exact: at line [`vdp::VBLANK_LINE`] it waits (at most one line) for the VBlank
/// interrupt, which comes a little after the line starts, so a frame that just overran
/// counts a whole frame more, not zero lines.
///
/// ```no_run
/// use megadrive::rt::Shared;
/// use megadrive::timing::{frame_lines, Standard};
///
/// static VBLANKS: Shared<u32> = Shared::new(0); // counted by the VBlank handler
/// let started = VBLANKS.get();
/// // ... the frame's work ...
/// let (lines, missed) = frame_lines(Standard::Ntsc, started, || VBLANKS.get());
/// # let _ = (lines, missed);
/// ```
pub fn frame_lines(standard: Standard, started: u32, vblanks: impl Fn() -> u32) -> (u16, u16) {
    loop {
        let before = vblanks();
        let mut line = scanline(standard);
        let mut now = vblanks();
        if line == vdp::VBLANK_LINE && now == before {
            while vblanks() == before && vdp::v_counter() == vdp::VBLANK_LINE {}
            now = vblanks();
            line = vdp::VBLANK_LINE;
        }
        if now == before || line == vdp::VBLANK_LINE {
            let missed = now.wrapping_sub(started) as u16;
            return (lines_since_vblank(standard, line, missed), missed);
        }
        // A VBlank came between the two reads: read again.
    }
}

/// The most steps [`Pacer::steps`] asks for in one frame.
///
/// ```
/// use megadrive::timing::{Pacer, Standard, MAX_STEPS_PER_FRAME};
/// let mut pacer = Pacer::new(Standard::Pal);
/// assert!((0..10).all(|_| pacer.steps() <= MAX_STEPS_PER_FRAME));
/// ```
pub const MAX_STEPS_PER_FRAME: u8 = 2;

/// Game steps per displayed frame for 60 steps a second: always one on NTSC, and on PAL
/// one, one, one, one, two (see the module docs). Counts in fifths of a step.
///
/// ```
/// use megadrive::timing::{Pacer, Standard};
/// let mut pacer = Pacer::new(Standard::Pal);
/// let steps: u8 = (0..5).map(|_| pacer.steps()).sum();
/// assert_eq!(steps, 6); // six 1/60 s steps in five 1/50 s frames
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacer {
    /// Fifths of a step one frame lasts: 5 (NTSC) or 6 (PAL).
    per_frame: u8,
    /// Fifths of a step owed (0 - 4).
    owed: u8,
}

impl Pacer {
    /// A pacer for `standard`, at the start of a five-frame cycle.
    ///
    /// ```
    /// use megadrive::timing::{Pacer, Standard};
    /// let mut ntsc = Pacer::new(Standard::Ntsc);
    /// assert_eq!(ntsc.steps(), 1);
    /// ```
    pub const fn new(standard: Standard) -> Pacer {
        Pacer {
            per_frame: match standard {
                Standard::Ntsc => 5,
                Standard::Pal => 6,
            },
            owed: 0,
        }
    }

    /// Starts a new five-frame cycle (e.g. when a mode starts, so its step pattern does
    /// not depend on what ran before).
    ///
    /// ```
    /// use megadrive::timing::{Pacer, Standard};
    /// let mut pacer = Pacer::new(Standard::Pal);
    /// for _ in 0..4 {
    ///     pacer.steps(); // four frames of one step: almost a step owed
    /// }
    /// pacer.restart(); // a new mode starts a fresh five-frame cycle
    /// assert_eq!(pacer.steps(), 1); // without the restart: 2
    /// ```
    pub fn restart(&mut self) {
        self.owed = 0;
    }

    /// The steps to run for the next displayed frame (1 or 2). A frame whose work
    /// overran its VBlank still counts as one frame: an overloaded game slows down rather
    /// than skipping steps, as on NTSC.
    ///
    /// ```
    /// use megadrive::timing::{Pacer, Standard};
    ///
    /// let mut pal = Pacer::new(Standard::Pal);
    /// let steps: Vec<u8> = (0..10).map(|_| pal.steps()).collect();
    /// assert_eq!(steps, [1, 1, 1, 1, 2, 1, 1, 1, 1, 2]); // 12 steps in 10 frames
    /// let mut ntsc = Pacer::new(Standard::Ntsc);
    /// assert!((0..10).all(|_| ntsc.steps() == 1));
    /// ```
    pub fn steps(&mut self) -> u8 {
        let owed = self.owed + self.per_frame;
        if owed >= 10 {
            self.owed = owed - 10;
            MAX_STEPS_PER_FRAME
        } else {
            self.owed = owed - 5;
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [Standard; 2] = [Standard::Ntsc, Standard::Pal];

    #[test]
    fn the_counter_table_matches_the_hardware_documentation() {
        let n = Standard::Ntsc;
        assert_eq!((n.counter_at(0), n.counter_at(234), n.counter_at(235), n.counter_at(261)), (0, 0xEA, 0xE5, 0xFF));
        let p = Standard::Pal;
        assert_eq!((p.counter_at(255), p.counter_at(256), p.counter_at(258)), (0xFF, 0, 2));
        assert_eq!((p.counter_at(259), p.counter_at(312)), (0xCA, 0xFF));
    }

    /// Every line of both standards, read once or several times per line: the line of
    /// the first read comes back.
    #[test]
    fn every_scanline_is_found_exactly() {
        for s in BOTH {
            let total = s.lines_per_frame();
            for line in 0..total {
                for reads_per_line in [1u16, 3] {
                    let mut k = 0u16;
                    let next = || {
                        k += 1;
                        s.counter_at((line + k / reads_per_line) % total)
                    };
                    let in_vblank = line >= vdp::VBLANK_LINE && line < total - 1;
                    let got = line_from_reads(s, in_vblank, s.counter_at(line), next);
                    assert_eq!(got, line, "{s:?} line {line}");
                    // The wait only happens in VBlank and is bounded.
                    let bound = match s {
                        Standard::Ntsc => 7,
                        Standard::Pal => 37,
                    };
                    assert!(k / reads_per_line <= bound, "{s:?} line {line}: waited {} lines", k / reads_per_line);
                    if !in_vblank {
                        assert_eq!(k, 0);
                    }
                }
            }
        }
    }

    #[test]
    fn lines_since_vblank_counts_whole_frames() {
        for s in BOTH {
            let t = s.lines_per_frame();
            assert_eq!(lines_since_vblank(s, vdp::VBLANK_LINE, 0), 0);
            assert_eq!(lines_since_vblank(s, t - 1, 0), t - 1 - vdp::VBLANK_LINE);
            assert_eq!(lines_since_vblank(s, 0, 0), t - vdp::VBLANK_LINE);
            assert_eq!(lines_since_vblank(s, vdp::VBLANK_LINE - 1, 0), t - 1);
            assert_eq!(lines_since_vblank(s, vdp::VBLANK_LINE + 5, 1), t + 5);
        }
    }

    #[test]
    fn pal_runs_six_steps_every_five_frames_and_ntsc_one_per_frame() {
        let mut ntsc = Pacer::new(Standard::Ntsc);
        assert!((0..100).all(|_| ntsc.steps() == 1));
        let mut pal = Pacer::new(Standard::Pal);
        let steps: [u8; 10] = core::array::from_fn(|_| pal.steps());
        assert_eq!(steps, [1, 1, 1, 1, 2, 1, 1, 1, 1, 2]);
        let total: u32 = (0..500).map(|_| pal.steps() as u32).sum();
        assert_eq!(total, 600);
        pal.steps();
        pal.restart();
        assert_eq!(pal, Pacer::new(Standard::Pal));
    }
}
