//! The Sega header at 0x100..0x200 of every Mega Drive ROM, and its checksum.

/// Where the header starts in the ROM (bytes).
pub const HEADER_START: usize = 0x100;
/// Where the checksummed area starts (bytes): everything after the header.
pub const CHECKSUM_START: usize = 0x200;
/// Offset of the 16-bit checksum in the ROM.
pub const CHECKSUM_OFFSET: usize = 0x18E;
/// The console field of a ROM with the Sega mapper (over 4 MiB): "SEGA SSF", which Genesis
/// Plus GX, BlastEm and flash cartridges take as "SSF2-style 512 KiB banks, registers
/// 0xA130F3 .. 0xA130FF".
pub const CONSOLE_MAPPED: &str = "SEGA SSF";
/// The console field of every other ROM.
pub const CONSOLE: &str = "SEGA MEGA DRIVE ";

/// The header fields the packer writes. Text fields are padded with spaces.
#[derive(Clone, Debug)]
pub struct HeaderInfo {
    /// Game title (domestic and overseas), at most 48 characters of printable ASCII.
    pub title: String,
    /// Copyright field, e.g. "(C)MCOL 2026.NOV", at most 16 characters.
    pub copyright: String,
    /// Serial/version, e.g. "GM 00000000-00", at most 14 characters.
    pub serial: String,
    /// Device support, "J" for a 3-button pad, at most 16 characters.
    pub io_support: String,
    /// Region codes, "JUE" for Japan, America and Europe, at most 16 characters.
    pub region: String,
    /// Bytes of battery-backed save RAM on odd addresses from 0x200001 (a power of two,
    /// 256 ..= 32768, see [`crate::manifest`]), `None` for none.
    pub sram_bytes: Option<u16>,
}

impl Default for HeaderInfo {
    fn default() -> Self {
        HeaderInfo {
            title: "MEGACOLLIDE".into(),
            copyright: "(C)MCOL 2026.NOV".into(),
            serial: "GM 00000000-00".into(),
            io_support: "J".into(),
            region: "JUE".into(),
            sram_bytes: None,
        }
    }
}

/// Writes `text` padded with spaces to `len` bytes at `offset`.
fn put_text(rom: &mut [u8], offset: usize, len: usize, field: &str, text: &str) -> Result<(), String> {
    if text.len() > len {
        return Err(format!("header field {field} is {} characters; at most {len} fit", text.len()));
    }
    if let Some(c) = text.chars().find(|c| !(' '..='~').contains(c)) {
        return Err(format!("header field {field} contains {c:?}: only printable ASCII is allowed"));
    }
    let dst = &mut rom[offset..offset + len];
    dst.fill(b' ');
    dst[..text.len()].copy_from_slice(text.as_bytes());
    Ok(())
}

fn put_u32(rom: &mut [u8], offset: usize, v: u32) {
    rom[offset..offset + 4].copy_from_slice(&v.to_be_bytes());
}

/// Fills the header of `rom` (which must be at least 0x200 bytes and already have its final
/// size): console name ([`CONSOLE_MAPPED`] for a ROM over 4 MiB, else [`CONSOLE`]),
/// copyright, titles, serial, I/O, ROM range 0..len-1, RAM range 0xFF0000..0xFFFFFF, the save
/// RAM ([`write_sram`]; spaces without), no modem, region. The checksum is written by
/// [`write_checksum`].
pub fn write_header(rom: &mut [u8], info: &HeaderInfo) -> Result<(), String> {
    assert!(rom.len() >= CHECKSUM_START, "ROM smaller than its header");
    let console = if rom.len() > crate::pack::MAX_ROM_BYTES { CONSOLE_MAPPED } else { CONSOLE };
    put_text(rom, 0x100, 16, "console", console)?;
    put_text(rom, 0x110, 16, "copyright", &info.copyright)?;
    put_text(rom, 0x120, 48, "title", &info.title)?;
    put_text(rom, 0x150, 48, "title", &info.title)?;
    put_text(rom, 0x180, 14, "serial", &info.serial)?;
    put_text(rom, 0x190, 16, "io", &info.io_support)?;
    put_u32(rom, 0x1A0, 0);
    put_u32(rom, 0x1A4, rom.len() as u32 - 1);
    put_u32(rom, 0x1A8, 0x00FF_0000);
    put_u32(rom, 0x1AC, 0x00FF_FFFF);
    match info.sram_bytes {
        Some(_) if console == CONSOLE_MAPPED => {
            return Err(format!(
                "a cartridge over 4 MiB ({} bytes) cannot have save RAM: with its \"{CONSOLE_MAPPED}\" header, Genesis Plus GX and the Mega EverDrive map ROM bank 0 on a write to 0xA130F1, the register that switches save RAM in. Fix: keep the ROM within 4 MiB, or drop `sram` from the manifest",
                rom.len()
            ))
        }
        Some(bytes) => write_sram(rom, bytes)?,
        None => put_text(rom, 0x1B0, 12, "sram", "")?,
    }
    put_text(rom, 0x1BC, 12, "modem", "")?;
    put_text(rom, 0x1C8, 40, "notes", "")?;
    put_text(rom, 0x1F0, 16, "region", &info.region)?;
    Ok(())
}

/// The save RAM's address of save byte 0: odd bytes from here.
pub const SRAM_START: u32 = 0x20_0001;

/// Writes the save RAM fields at 0x1B0: `RA`, 0xF8 (battery-backed, odd bytes), 0x20 (SRAM),
/// the start 0x200001 and the end, the address of the last byte, 0x200001 + 2 (`bytes` - 1)
/// (0x203FFF for 8192 bytes). `bytes`: 1 ..= 32768.
pub fn write_sram(rom: &mut [u8], bytes: u16) -> Result<(), String> {
    if bytes == 0 || bytes > 0x8000 {
        return Err(format!("save RAM of {bytes} bytes: 1 to 32768 fit (odd bytes of 64 KiB)"));
    }
    rom[0x1B0..0x1B4].copy_from_slice(&[b'R', b'A', 0xF8, 0x20]);
    put_u32(rom, 0x1B4, SRAM_START);
    put_u32(rom, 0x1B8, SRAM_START + 2 * (bytes as u32 - 1));
    Ok(())
}

/// The Sega checksum: the 16-bit wrapping sum of the big-endian words from 0x200 to the end.
pub fn checksum(rom: &[u8]) -> u16 {
    rom[CHECKSUM_START..].chunks(2).map(|w| u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)])).fold(0u16, u16::wrapping_add)
}

/// Computes [`checksum`] and stores it at 0x18E.
pub fn write_checksum(rom: &mut [u8]) {
    let sum = checksum(rom);
    rom[CHECKSUM_OFFSET..CHECKSUM_OFFSET + 2].copy_from_slice(&sum.to_be_bytes());
}
