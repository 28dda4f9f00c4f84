//! VGM and VGZ files (the format of DefleMask, Furnace and most Mega Drive trackers, spec
//! versions 1.00 to 1.72): the YM2612 and SN76489 writes and their times. Everything the
//! Mega Drive does not have is an error (another chip's write or clock), the YM2612's DAC
//! stream commands and data blocks are skipped (the driver's DAC is the effects'), and every
//! length is checked against the file: a truncated or lying file is an error with its offset,
//! never a panic or a huge allocation.

use std::io::Read;

/// VGM samples per second (the unit of every wait).
pub const VGM_RATE: u32 = 44_100;
/// The largest VGM (or decompressed VGZ) accepted, bytes.
pub const MAX_VGM_BYTES: usize = 16 << 20;
/// The longest VGM accepted: 30 minutes of waits (before the loop).
pub const MAX_VGM_SAMPLES: u64 = 30 * 60 * VGM_RATE as u64;

/// A chip write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// A YM2612 register write.
    Ym {
        /// Part 0 (registers of channels 1-3 and the common ones) or 1 (channels 4-6).
        part: u8,
        /// The register.
        reg: u8,
        /// The value.
        value: u8,
    },
    /// A byte written to the SN76489.
    Psg(u8),
}

/// A chip write at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// VGM samples (44,100 a second) since the start.
    pub time: u64,
    /// The write.
    pub write: Write,
    /// Its command's offset in the (decompressed) file.
    pub offset: usize,
}

/// A parsed VGM file.
#[derive(Clone, Debug, Default)]
pub struct Vgm {
    /// The writes in file order.
    pub events: Vec<Event>,
    /// Samples from the start to the end command.
    pub total: u64,
    /// Index in `events` of the first write at or after the loop point, and the loop
    /// point's time; `None` when the file does not loop.
    pub loop_start: Option<(usize, u64)>,
    /// The file has a YM2612 clock.
    pub has_ym2612: bool,
    /// The file has an SN76489 clock.
    pub has_sn76489: bool,
    /// DAC writes and data blocks that were skipped (count).
    pub dac_skipped: usize,
}

/// An error in a VGM file: the byte offset (of the decompressed file) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VgmError {
    /// Byte offset in the (decompressed) file, when the error has a place.
    pub offset: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for VgmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.offset {
            Some(o) => write!(f, "offset {o:#x}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

fn err<T>(offset: Option<usize>, message: impl Into<String>) -> Result<T, VgmError> {
    Err(VgmError { offset, message: message.into() })
}

/// The file's bytes: a VGZ (gzip) is decompressed, to at most [`MAX_VGM_BYTES`].
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, VgmError> {
    if !bytes.starts_with(&[0x1F, 0x8B]) {
        if bytes.len() > MAX_VGM_BYTES {
            return err(None, format!("{} bytes: larger than the {} MiB a VGM may have", bytes.len(), MAX_VGM_BYTES >> 20));
        }
        return Ok(bytes.to_vec());
    }
    let mut out = Vec::new();
    let mut dec = flate2::read::GzDecoder::new(bytes).take(MAX_VGM_BYTES as u64 + 1);
    if let Err(e) = dec.read_to_end(&mut out) {
        return err(None, format!("not a valid gzip (VGZ) file: {e}"));
    }
    if out.len() > MAX_VGM_BYTES {
        return err(None, format!("decompresses to more than {} MiB (a VGM that large is not music for a cartridge)", MAX_VGM_BYTES >> 20));
    }
    Ok(out)
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]])).unwrap_or(0)
}

/// Header clocks of chips the Mega Drive does not have (offset, name), for spec 1.51+ headers.
const OTHER_CHIPS: &[(usize, &str)] = &[
    (0x10, "YM2413"),
    (0x30, "YM2151"),
    (0x38, "Sega PCM"),
    (0x40, "RF5C68"),
    (0x44, "YM2203"),
    (0x48, "YM2608"),
    (0x4C, "YM2610"),
    (0x50, "YM3812"),
    (0x54, "YM3526"),
    (0x58, "Y8950"),
    (0x5C, "YMF262"),
    (0x60, "YMF278B"),
    (0x64, "YMF271"),
    (0x68, "YMZ280B"),
    (0x6C, "RF5C164"),
    (0x70, "PWM"),
    (0x74, "AY8910"),
    (0x80, "Game Boy DMG"),
    (0x84, "NES APU"),
    (0x88, "MultiPCM"),
    (0x8C, "uPD7759"),
    (0x90, "OKIM6258"),
    (0x98, "OKIM6295"),
    (0x9C, "K051649"),
    (0xA0, "K054539"),
    (0xA4, "HuC6280"),
    (0xA8, "C140"),
    (0xAC, "K053260"),
    (0xB0, "Pokey"),
    (0xB4, "QSound"),
];

/// Parses a VGM file (already decompressed: [`decompress`]).
pub fn parse(b: &[u8]) -> Result<Vgm, VgmError> {
    if b.len() < 0x40 || &b[0..4] != b"Vgm " {
        return err(Some(0), "not a VGM file (no \"Vgm \" header of 64 bytes)");
    }
    let version = u32_at(b, 0x08);
    let eof = (u32_at(b, 0x04) as usize).saturating_add(4);
    if eof > b.len() {
        return err(Some(0x04), format!("truncated: the header says the file has {eof} bytes, it has {}", b.len()));
    }
    let end = if eof > 0x40 { eof } else { b.len() };
    let data = if version >= 0x150 && u32_at(b, 0x34) != 0 { 0x34 + u32_at(b, 0x34) as usize } else { 0x40 };
    if data >= end {
        return err(Some(0x34), format!("the data offset {data:#x} is past the end of the file ({end:#x})"));
    }
    let header_end = data.min(0x100);
    for &(at, name) in OTHER_CHIPS {
        // Only the header's fields before the data start exist (older versions are shorter);
        // the YM2413's clock is at 0x10 in every version.
        if at + 4 <= header_end && (at == 0x10 || version >= 0x151) && u32_at(b, at) & 0x3FFF_FFFF != 0 {
            return err(Some(at), format!("uses the {name}: the Mega Drive has only a YM2612 and an SN76489"));
        }
    }
    let has_sn76489 = u32_at(b, 0x0C) != 0;
    let ym_clock = if version >= 0x110 { u32_at(b, 0x2C) } else { u32_at(b, 0x10) };
    let has_ym2612 = ym_clock & 0x3FFF_FFFF != 0;
    if version < 0x110 && ym_clock != 0 {
        return err(Some(0x10), "a VGM before version 1.10 with a YM2413 clock: not a Mega Drive file");
    }
    if !has_sn76489 && !has_ym2612 {
        return err(Some(0x0C), "no YM2612 or SN76489 clock in the header: not a Mega Drive (or Master System) file");
    }
    let loop_at = if u32_at(b, 0x1C) != 0 { Some(0x1C + u32_at(b, 0x1C) as usize) } else { None };
    if let Some(l) = loop_at {
        if l < data || l >= end {
            return err(Some(0x1C), format!("the loop offset {l:#x} is outside the data ({data:#x}..{end:#x})"));
        }
    }

    let mut vgm = Vgm { has_ym2612, has_sn76489, ..Vgm::default() };
    let mut time: u64 = 0;
    let mut at = data;
    let need = |at: usize, n: usize| -> Result<(), VgmError> {
        if at + n > end {
            err(Some(at), format!("truncated: the command needs {n} bytes, the file ends at {end:#x}"))
        } else {
            Ok(())
        }
    };
    loop {
        if loop_at == Some(at) {
            vgm.loop_start = Some((vgm.events.len(), time));
        }
        if at >= end {
            return err(Some(at), "truncated: the data ends without an end command (0x66)");
        }
        let cmd = b[at];
        let wait = |n: u64, time: &mut u64| -> Result<(), VgmError> {
            *time += n;
            if *time > MAX_VGM_SAMPLES {
                return err(Some(at), format!("longer than {} minutes", MAX_VGM_SAMPLES / VGM_RATE as u64 / 60));
            }
            Ok(())
        };
        match cmd {
            0x4F => {
                need(at, 2)?; // Game Gear stereo: nothing on a Mega Drive
                at += 2;
            }
            0x50 => {
                need(at, 2)?;
                require(has_sn76489, at, "SN76489")?;
                vgm.events.push(Event { time, write: Write::Psg(b[at + 1]), offset: at });
                at += 2;
            }
            0x52 | 0x53 => {
                need(at, 3)?;
                require(has_ym2612, at, "YM2612")?;
                vgm.events.push(Event { time, write: Write::Ym { part: cmd - 0x52, reg: b[at + 1], value: b[at + 2] }, offset: at });
                at += 3;
            }
            0x51 | 0x54..=0x5F => {
                return err(
                    Some(at),
                    format!("command {cmd:#04x} writes {}: the Mega Drive has only a YM2612 and an SN76489", chip_of(cmd)),
                );
            }
            0x61 => {
                need(at, 3)?;
                wait(u16::from_le_bytes([b[at + 1], b[at + 2]]) as u64, &mut time)?;
                at += 3;
            }
            0x62 => {
                wait(735, &mut time)?;
                at += 1;
            }
            0x63 => {
                wait(882, &mut time)?;
                at += 1;
            }
            0x66 => break,
            0x67 => {
                need(at, 7)?;
                if b[at + 1] != 0x66 {
                    return err(Some(at), "a data block (0x67) without its 0x66 marker");
                }
                let size = (u32_at(b, at + 3) & 0x7FFF_FFFF) as usize;
                need(at, 7usize.saturating_add(size))?;
                vgm.dac_skipped += 1;
                at += 7 + size;
            }
            0x70..=0x7F => {
                wait((cmd & 0x0F) as u64 + 1, &mut time)?;
                at += 1;
            }
            0x80..=0x8F => {
                require(has_ym2612, at, "YM2612")?;
                vgm.dac_skipped += 1; // a DAC sample from the data bank, then a wait
                wait((cmd & 0x0F) as u64, &mut time)?;
                at += 1;
            }
            0x90..=0x95 => {
                let n = [5, 5, 6, 11, 2, 5][(cmd - 0x90) as usize];
                need(at, n)?;
                vgm.dac_skipped += 1;
                at += n;
            }
            0xE0 => {
                need(at, 5)?;
                at += 5;
            }
            0x30..=0x3F | 0x40..=0x4E | 0xA0..=0xBF | 0xC0..=0xDF | 0xE1..=0xFF => {
                return err(
                    Some(at),
                    format!("command {cmd:#04x} writes {}: the Mega Drive has only a YM2612 and an SN76489", chip_of(cmd)),
                );
            }
            _ => return err(Some(at), format!("unknown command {cmd:#04x}")),
        }
    }
    vgm.total = time;
    if let Some((_, t)) = vgm.loop_start {
        if t >= time {
            vgm.loop_start = None; // a loop of nothing
        }
    }
    Ok(vgm)
}

fn require(has: bool, at: usize, chip: &str) -> Result<(), VgmError> {
    if has {
        Ok(())
    } else {
        err(Some(at), format!("writes the {chip}, which has no clock in the header"))
    }
}

/// The chip a VGM command writes (for errors).
fn chip_of(cmd: u8) -> &'static str {
    match cmd {
        0x30..=0x3F => "a second SN76489",
        0x51 => "the YM2413",
        0x54 => "the YM2151",
        0x55 => "the YM2203",
        0x56 | 0x57 => "the YM2608",
        0x58 | 0x59 => "the YM2610",
        0x5A => "the YM3812",
        0x5B => "the YM3526",
        0x5C => "the Y8950",
        0x5D => "the YMZ280B",
        0x5E | 0x5F => "the YMF262",
        0xA0 => "the AY8910",
        0xA2..=0xAF => "a second YM2612 or another chip",
        _ => "another chip",
    }
}

/// A VGM 1.50 file around `data` (commands, ending with 0x66): the SN76489 and YM2612 clocks
/// of an NTSC Mega Drive, the loop at offset `loop_at` of `data` (if any). For tests and
/// tools that write VGM.
pub fn minimal(data: &[u8], loop_at: Option<usize>) -> Vec<u8> {
    let mut b = vec![0u8; 0x40];
    b[0..4].copy_from_slice(b"Vgm ");
    b[0x08..0x0C].copy_from_slice(&0x150u32.to_le_bytes());
    b[0x0C..0x10].copy_from_slice(&3_579_545u32.to_le_bytes());
    b[0x2C..0x30].copy_from_slice(&7_670_453u32.to_le_bytes());
    b[0x34..0x38].copy_from_slice(&(0x40u32 - 0x34).to_le_bytes());
    if let Some(l) = loop_at {
        b[0x1C..0x20].copy_from_slice(&((0x40 + l - 0x1C) as u32).to_le_bytes());
    }
    b.extend_from_slice(data);
    let eof = (b.len() - 4) as u32;
    b[0x04..0x08].copy_from_slice(&eof.to_le_bytes());
    b
}

#[cfg(test)]
mod tests {
    use super::minimal as vgm;
    use super::*;

    #[test]
    fn writes_and_waits_are_read_in_order() {
        let v = parse(&vgm(&[0x52, 0x28, 0xF0, 0x62, 0x50, 0x9F, 0x61, 0x10, 0x00, 0x53, 0xB6, 0xC0, 0x66], None)).unwrap();
        assert_eq!(v.total, 735 + 16);
        let got: Vec<_> = v.events.iter().map(|e| (e.time, e.write)).collect();
        assert_eq!(
            got,
            [
                (0, Write::Ym { part: 0, reg: 0x28, value: 0xF0 }),
                (735, Write::Psg(0x9F)),
                (751, Write::Ym { part: 1, reg: 0xB6, value: 0xC0 })
            ]
        );
    }

    #[test]
    fn the_loop_point_is_the_first_write_after_it() {
        let v = parse(&vgm(&[0x50, 0x9F, 0x62, 0x50, 0xBF, 0x62, 0x66], Some(2))).unwrap();
        assert_eq!(v.loop_start, Some((1, 0)));
    }

    #[test]
    fn bad_files_are_errors_with_offsets() {
        assert!(parse(b"RIFF").unwrap_err().message.contains("not a VGM"));
        let mut t = vgm(&[0x52, 0x28], None);
        let e = parse(&t).unwrap_err();
        assert!(e.message.contains("truncated"), "{e}");
        t.truncate(0x41);
        assert!(parse(&t).unwrap_err().message.contains("truncated"));
        let e = parse(&vgm(&[0x54, 0x20, 0x00, 0x66], None)).unwrap_err();
        assert!(e.message.contains("YM2151") && e.offset == Some(0x40), "{e}");
        let e = parse(&vgm(&[0x67, 0x66, 0x00, 0xFF, 0xFF, 0xFF, 0x7F, 0x66], None)).unwrap_err();
        assert!(e.message.contains("truncated"), "{e}");
        let mut long = Vec::new();
        for _ in 0..40_000 {
            long.extend_from_slice(&[0x61, 0xFF, 0xFF]);
        }
        long.push(0x66);
        assert!(parse(&vgm(&long, None)).unwrap_err().message.contains("longer than"));
    }

    #[test]
    fn a_gzip_bomb_is_refused() {
        use std::io::Write as _;
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..17 {
            enc.write_all(&zeros).unwrap();
        }
        let gz = enc.finish().unwrap();
        assert!(gz.len() < 100_000);
        assert!(decompress(&gz).unwrap_err().message.contains("more than 16 MiB"));
    }
}
