//! The driver's stream format, and VGM writes turned into it.
//!
//! A stream is a sequence of commands, read by the Z80 driver (`src/megadrive/z80/driver.asm`)
//! at 60 ticks a second (on NTSC and PAL alike). Its op codes are the driver's protocol's
//! (`megadrive::sound::protocol`, `src/megadrive/src/sound/protocol.rs`, where the format is
//! described; the driver is assembled with the same values):
//!
//! | bytes | command |
//! |---|---|
//! | `00`-`3F` | wait: the next commands play `n + 1` ticks later |
//! | `40` (`OP_END`) | end: jump to the loop point, or stop |
//! | `41 r v` (`OP_YM0`) | YM2612 part I: register `r` = `v` |
//! | `42 r v` (`OP_YM1`) | YM2612 part II: register `r` = `v` |
//! | `80`-`FF` (from `OP_PSG`) | SN76489: a latch byte; a tone latch of channel 0-2 is followed by its data byte (the tone's high 6 bits) |
//!
//! The conversion quantises every write to its 60 Hz tick (VGM time x 60 / 44,100, rounded),
//! keeps the writes of a tick in file order, drops what changes nothing (a register written
//! with the value it has: not the key register 28h, the frequency registers A0h-AEh or the
//! noise register, whose writes act), drops what belongs to the driver (the timers 24h-26h
//! and 27h's timer bits, the DAC 2Ah/2Bh, the test registers 21h and 2Ch) and writes every
//! PSG tone as latch + data (the driver keeps each channel's shadow from them). At the loop
//! point the known register values are forgotten (the second time through starts from
//! whatever the end left).

use super::vgm::{Vgm, Write, VGM_RATE};
use megadrive::sound::protocol::{self, OP_END, OP_PSG, OP_YM0, OP_YM1};

/// Ticks a second (the driver's Timer B accumulator makes them, on NTSC and PAL): the
/// protocol's `TICKS_PER_SECOND`.
pub const TICK_RATE: u64 = protocol::TICKS_PER_SECOND as u64;
/// The longest stream accepted, bytes (the driver's bank window handles any size; this is a
/// guard against a file that is not music for a cartridge).
pub const MAX_STREAM_BYTES: usize = 1 << 20;

/// Most ticks one wait command holds (the protocol's `MAX_WAIT_TICKS`).
pub const MAX_WAIT: u64 = protocol::MAX_WAIT_TICKS as u64;

/// A converted stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stream {
    /// The commands.
    pub bytes: Vec<u8>,
    /// Offset of the loop point in `bytes`, if the stream loops.
    pub loop_start: Option<usize>,
    /// Ticks from the start to the end command.
    pub ticks: u64,
    /// PSG channels written (bit 0-2 tone channels, bit 3 noise).
    pub psg_channels: u8,
    /// YM2612 writes kept.
    pub ym_writes: usize,
    /// Writes dropped because they belong to the driver (timers, DAC, test registers).
    pub driver_writes_dropped: usize,
}

/// What [`convert`] found that the caller may refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The stream is longer than [`MAX_STREAM_BYTES`].
    TooLong(usize),
}

/// The tick of a VGM time (samples at 44,100 Hz), rounded to the nearest.
pub fn tick_of(time: u64) -> u64 {
    (time * TICK_RATE + VGM_RATE as u64 / 2) / VGM_RATE as u64
}

/// Register values known so far (for dropping writes that change nothing).
struct Known {
    ym: [[Option<u8>; 256]; 2],
    /// Per PSG channel: tone (10 bits) and volume (4 bits).
    tone: [Option<u16>; 3],
    volume: [Option<u8>; 4],
}

impl Known {
    fn new() -> Known {
        Known { ym: [[None; 256]; 2], tone: [None; 3], volume: [None; 4] }
    }
}

/// Turns the VGM's writes into a stream (see the module docs); `looped`: keep the VGM's
/// loop point (effects do not loop).
pub fn convert(vgm: &Vgm, looped: bool) -> Result<Stream, Problem> {
    let mut s = Stream::default();
    let mut known = Known::new();
    // The PSG's latch (channel, volume?) and every channel's tone, as the chip has them.
    let mut latch: (u8, bool) = (0, false);
    let mut tone = [0u16; 3];
    let mut tick = 0u64;
    let looping = if looped { vgm.loop_start } else { None };
    // The loop point: its tick's waits before it, the rest after it.
    let mark_loop = |i: usize, s: &mut Stream, tick: &mut u64, known: &mut Known| {
        if let Some((li, lt)) = looping {
            if li == i {
                let lt = tick_of(lt);
                if lt > *tick {
                    wait(&mut s.bytes, lt - *tick);
                    *tick = lt;
                }
                s.loop_start = Some(s.bytes.len());
                *known = Known::new();
            }
        }
    };
    for (i, e) in vgm.events.iter().enumerate() {
        mark_loop(i, &mut s, &mut tick, &mut known);
        let t = tick_of(e.time);
        if t > tick {
            wait(&mut s.bytes, t - tick);
            tick = t;
        }
        match e.write {
            Write::Ym { part, reg, value } => {
                let value = match (part, reg) {
                    (0, 0x24..=0x26) | (0, 0x2A) | (0, 0x2B) | (0, 0x21) | (0, 0x2C) => {
                        s.driver_writes_dropped += 1;
                        continue;
                    }
                    (0, 0x27) => value & 0xC0, // CH3 mode only: the timers are the driver's
                    _ => value,
                };
                let acts = (part == 0 && reg == 0x28) || (0xA0..=0xAE).contains(&reg);
                if !acts && known.ym[part as usize][reg as usize] == Some(value) {
                    continue;
                }
                known.ym[part as usize][reg as usize] = Some(value);
                s.bytes.extend_from_slice(&[if part == 0 { OP_YM0 } else { OP_YM1 }, reg, value]);
                s.ym_writes += 1;
            }
            Write::Psg(byte) => {
                let (ch, is_volume, data) = if byte & 0x80 != 0 {
                    latch = ((byte >> 5) & 3, byte & 0x10 != 0);
                    (latch.0, latch.1, None)
                } else {
                    (latch.0, latch.1, Some(byte))
                };
                s.psg_channels |= 1 << ch;
                // A latch whose data byte follows in the same tick: one command for both.
                let data_follows =
                    matches!(vgm.events.get(i + 1), Some(n) if tick_of(n.time) == t && matches!(n.write, Write::Psg(b) if b & 0x80 == 0));
                if data.is_none() && data_follows && (is_volume || ch != 3) {
                    if !is_volume {
                        tone[ch as usize] = (tone[ch as usize] & 0x3F0) | (byte & 0x0F) as u16;
                    }
                    continue;
                }
                if is_volume {
                    let v = match data {
                        None => byte & 0x0F,
                        Some(d) => d & 0x0F,
                    };
                    if known.volume[ch as usize] == Some(v) {
                        continue;
                    }
                    known.volume[ch as usize] = Some(v);
                    s.bytes.push(0x90 | ch << 5 | v);
                } else if ch == 3 {
                    let mode = match data {
                        None => byte & 0x07,
                        Some(d) => d & 0x07,
                    };
                    s.bytes.push(0xE0 | mode); // every noise write resets the noise: always kept
                } else {
                    let c = ch as usize;
                    tone[c] = match data {
                        None => (tone[c] & 0x3F0) | (byte & 0x0F) as u16,
                        Some(d) => (tone[c] & 0x00F) | ((d & 0x3F) as u16) << 4,
                    };
                    if known.tone[c] == Some(tone[c]) {
                        continue;
                    }
                    known.tone[c] = Some(tone[c]);
                    s.bytes.push(0x80 | ch << 5 | (tone[c] & 0x0F) as u8);
                    s.bytes.push((tone[c] >> 4) as u8);
                }
            }
        }
        if s.bytes.len() > MAX_STREAM_BYTES {
            return Err(Problem::TooLong(s.bytes.len()));
        }
    }
    mark_loop(vgm.events.len(), &mut s, &mut tick, &mut known);
    let end = tick_of(vgm.total);
    if s.loop_start.is_some() && end <= tick_of(vgm.loop_start.map(|(_, t)| t).unwrap_or(0)) {
        s.loop_start = None; // a loop shorter than a tick would spin the driver
    }
    if end > tick {
        wait(&mut s.bytes, end - tick);
    } else if s.loop_start.is_some() && !s.bytes[s.loop_start.unwrap()..].iter().any(|&b| b < OP_END) {
        wait(&mut s.bytes, 1); // a loop must take time
    }
    s.ticks = end.max(tick);
    s.bytes.push(OP_END);
    if s.bytes.len() > MAX_STREAM_BYTES {
        return Err(Problem::TooLong(s.bytes.len()));
    }
    Ok(s)
}

/// Appends waits of `ticks` in total.
fn wait(out: &mut Vec<u8>, mut ticks: u64) {
    while ticks > 0 {
        let n = ticks.min(MAX_WAIT);
        out.push((n - 1) as u8);
        ticks -= n;
    }
}

/// One command of a stream, for tests and tools that read streams back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Wait this many ticks.
    Wait(u8),
    /// The end.
    End,
    /// YM2612 part, register, value.
    Ym(u8, u8, u8),
    /// PSG latch and, for a tone, its data byte.
    Psg(u8, Option<u8>),
}

/// Reads a stream back into commands with their offsets; `None` if it is malformed (a
/// command cut short, an unknown opcode, no end).
pub fn decode(bytes: &[u8]) -> Option<Vec<(usize, Command)>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (cmd, n) = match b {
            _ if b < OP_END => (Command::Wait(b + 1), 1),
            OP_END => (Command::End, 1),
            OP_YM0 | OP_YM1 => (Command::Ym(b - OP_YM0, *bytes.get(i + 1)?, *bytes.get(i + 2)?), 3),
            OP_PSG..=0xFF if b & 0x10 == 0 && b & 0x60 != 0x60 => (Command::Psg(b, Some(*bytes.get(i + 1)?)), 2),
            OP_PSG..=0xFF => (Command::Psg(b, None), 1),
            _ => return None,
        };
        out.push((i, cmd));
        i += n;
        if cmd == Command::End {
            return (i == bytes.len()).then_some(out);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vgm::Event;

    fn ev(time: u64, write: Write) -> Event {
        Event { time, write, offset: 0 }
    }

    #[test]
    fn writes_land_on_their_tick_and_waits_fill_the_gaps() {
        let vgm = Vgm {
            events: vec![
                ev(0, Write::Ym { part: 0, reg: 0x28, value: 0xF0 }),
                ev(735, Write::Ym { part: 1, reg: 0x30, value: 0x01 }),
                ev(735 * 100, Write::Psg(0x9F)),
            ],
            total: 735 * 101,
            loop_start: Some((1, 735)),
            has_ym2612: true,
            has_sn76489: true,
            dac_skipped: 0,
        };
        let s = convert(&vgm, true).unwrap();
        assert_eq!(s.bytes, [0x41, 0x28, 0xF0, 0x00, 0x42, 0x30, 0x01, 63, 34, 0x9F, 0x00, OP_END]);
        assert_eq!(s.loop_start, Some(4));
        assert_eq!(s.ticks, 101);
        assert!(decode(&s.bytes).is_some());
    }

    #[test]
    fn repeated_values_and_driver_registers_are_dropped() {
        let w = |reg, value| Write::Ym { part: 0, reg, value };
        let vgm = Vgm {
            events: vec![
                ev(0, w(0x30, 5)),
                ev(0, w(0x30, 5)),
                ev(0, w(0x28, 1)),
                ev(0, w(0x28, 1)),
                ev(0, w(0x2B, 0x80)),
                ev(0, w(0x27, 0x45)),
            ],
            total: 735,
            ..Vgm::default()
        };
        let s = convert(&vgm, false).unwrap();
        assert_eq!(s.bytes, [0x41, 0x30, 5, 0x41, 0x28, 1, 0x41, 0x28, 1, 0x41, 0x27, 0x40, 0x00, OP_END]);
        assert_eq!(s.driver_writes_dropped, 1);
    }

    #[test]
    fn psg_tones_become_latch_and_data() {
        // latch low bits, data high bits; a latch alone changes the low bits; volume by data byte
        let vgm = Vgm {
            events: vec![
                ev(0, Write::Psg(0xA5)),
                ev(0, Write::Psg(0x12)),
                ev(735, Write::Psg(0xA7)),
                ev(735, Write::Psg(0xB0)),
                ev(735, Write::Psg(0x03)),
            ],
            total: 735 * 2,
            ..Vgm::default()
        };
        let s = convert(&vgm, false).unwrap();
        assert_eq!(s.bytes, [0xA5, 0x12, 0x00, 0xA7, 0x12, 0xB3, 0x00, OP_END]);
        assert_eq!(s.psg_channels, 0b0010);
    }
}
