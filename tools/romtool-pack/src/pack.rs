//! ELF → Mega Drive ROM image.
//!
//! 1. Every loadable segment with file contents is copied to its load (physical) address,
//!    which must lie in the 4 MiB cartridge space (so `.data` lands at its ROM copy).
//! 2. LLVM 22 emits the 68020-only `bra.l`/`bsr.l` for tail calls and far calls. Each one
//!    is found through the `R_68K_PC32` relocations that `ld --emit-relocs` keeps, and
//!    rewritten in place as `jmp abs.l`/`jsr abs.l`: the same 6 bytes, plain 68000.
//!    A conditional `bcc.l` cannot be rewritten that way and is an error.
//! 3. The image is padded to a multiple of 128 KiB, the Sega header is filled in and the
//!    checksum written.
//!
//! Past 4 MiB: segments at 0x400000 .. 0x800000 are ROM banks 8 .. 15 of the Sega mapper
//! (512 KiB each; the sections `.bank8` .. `.bank15` of `linker/megadrive.ld`, read by the
//! 68000 through `megadrive::mapper`). They are copied to their ROM offsets like the rest;
//! an image that reaches past 4 MiB is padded to whole banks instead, and its header says
//! "SEGA SSF" (the mapper; see [`crate::header::write_header`]). Nothing of the 68000's own
//! 4 MiB may cross into them.
//!
//! The same patches are applied to a copy of the ELF, so disassembly gates can check the
//! code that actually runs, with its symbols.

use crate::header::{self, HeaderInfo};
use object::elf;
use object::read::elf::{FileHeader, ProgramHeader, SectionHeader};
use object::Endianness;

/// Largest cartridge ROM the 68000 address map allows without a mapper (bytes).
pub const MAX_ROM_BYTES: usize = 0x40_0000;
/// Largest ROM with the Sega mapper: banks 0 .. 15 (bytes; banks 8 .. 15 are the linker's
/// `.bank8` .. `.bank15`).
pub const MAX_MAPPED_ROM_BYTES: usize = 0x80_0000;
/// A bank of the Sega mapper (bytes): what one of its windows shows.
pub const BANK_BYTES: usize = 0x8_0000;
/// ROM images are padded to a multiple of this (bytes); images past 4 MiB to whole banks.
pub const PAD_BYTES: usize = 0x2_0000;

/// One rewritten long branch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patch {
    /// Address of the instruction (bytes).
    pub addr: u32,
    /// Branch target (bytes).
    pub target: u32,
    /// `"bra.l -> jmp"` or `"bsr.l -> jsr"`.
    pub kind: &'static str,
}

/// The result of [`pack`].
#[derive(Debug)]
pub struct Packed {
    /// The padded ROM image with header and checksum.
    pub rom: Vec<u8>,
    /// The input ELF with the same branch patches applied.
    pub elf: Vec<u8>,
    /// Bytes of the image before padding.
    pub used_bytes: usize,
    /// The long branches that were rewritten.
    pub patches: Vec<Patch>,
    /// The banks past 4 MiB that hold data (bank number, bytes used), lowest first; empty
    /// for a ROM without the mapper.
    pub banks: Vec<(u8, usize)>,
}

type Header = elf::FileHeader32<Endianness>;

/// Packs the 68000 ELF `data` into a ROM image. Errors are plain sentences (the caller adds
/// the file name).
pub fn pack(data: &[u8], info: &HeaderInfo) -> Result<Packed, String> {
    if data.len() < 20 || data[..4] != *b"\x7fELF" {
        return Err("not an ELF file".into());
    }
    if data[4] != elf::ELFCLASS32 {
        return Err("not a Motorola 68000 ELF (it is a 64-bit ELF; 68000 code is 32-bit ELF)".into());
    }
    let hdr = Header::parse(data).map_err(|e| format!("unreadable ELF header: {e}"))?;
    let endian = hdr.endian().map_err(|e| format!("unreadable ELF header: {e}"))?;
    if hdr.e_machine(endian) != elf::EM_68K {
        return Err(format!("not a Motorola 68000 ELF (e_machine is {}, expected {})", hdr.e_machine(endian), elf::EM_68K));
    }
    if endian != Endianness::Big {
        return Err("68000 ELF is not big-endian".into());
    }

    // 1. Copy the loadable segments to their load addresses.
    let segments = hdr.program_headers(endian, data).map_err(|e| format!("bad program headers: {e}"))?;
    let mut rom = Vec::new();
    let mut banks: Vec<(u8, usize)> = Vec::new();
    for seg in segments {
        if seg.p_type(endian) != elf::PT_LOAD || seg.p_filesz(endian) == 0 {
            continue;
        }
        let addr = seg.p_paddr(endian) as usize;
        let bytes = seg.data(endian, data).map_err(|_| "segment data outside the file".to_string())?;
        let end = addr + bytes.len();
        if addr < MAX_ROM_BYTES && end > MAX_ROM_BYTES {
            return Err(format!(
                "image is {end} bytes (segment at 0x{addr:06X}); a Mega Drive ROM holds at most {MAX_ROM_BYTES} bytes (4 MiB) \
                 of code and data; more goes in the sections .bank8 to .bank15 (the Sega mapper, megadrive::mapper)"
            ));
        }
        if end > MAX_MAPPED_ROM_BYTES {
            return Err(format!(
                "segment at 0x{addr:06X} ends at 0x{end:06X}: a ROM with the Sega mapper holds at most {MAX_ROM_BYTES_MAPPED_MIB} MiB (banks 0 to 15)",
                MAX_ROM_BYTES_MAPPED_MIB = MAX_MAPPED_ROM_BYTES >> 20
            ));
        }
        if addr >= MAX_ROM_BYTES {
            let bank = (addr / BANK_BYTES) as u8;
            if (end - 1) / BANK_BYTES != bank as usize {
                return Err(format!("segment at 0x{addr:06X} crosses from bank {bank} into the next: a bank holds 512 KiB"));
            }
            match banks.iter_mut().find(|b| b.0 == bank) {
                Some(b) => b.1 += bytes.len(),
                None => banks.push((bank, bytes.len())),
            }
        }
        if rom.len() < end {
            rom.resize(end, 0);
        }
        rom[addr..end].copy_from_slice(bytes);
    }
    if rom.len() < header::CHECKSUM_START {
        return Err("no code: the image ends before the end of the Sega header (0x200)".into());
    }
    let used_bytes = rom.len();

    // 2. Rewrite long branches, in the image and in a copy of the ELF.
    let mut elf_out = data.to_vec();
    let mut patches = Vec::new();
    let sections = hdr.sections(endian, data).map_err(|e| format!("bad section headers: {e}"))?;
    for rela_section in sections.iter() {
        if rela_section.sh_type(endian) != elf::SHT_RELA {
            continue;
        }
        let target = match sections.section(object::SectionIndex(rela_section.sh_info(endian) as usize)) {
            Ok(s) => s,
            Err(_) => continue,
        };
        if target.sh_flags(endian) & elf::SHF_EXECINSTR != 0 && target.sh_type(endian) == elf::SHT_PROGBITS {
            let relas = rela_section
                .data_as_array::<elf::Rela32<Endianness>, _>(endian, data)
                .map_err(|e| format!("bad relocation section: {e}"))?;
            for rela in relas {
                if rela.r_type(endian) != elf::R_68K_PC32 {
                    continue;
                }
                let ext = rela.r_offset.get(endian) as usize; // address of the 32-bit displacement
                if ext < 2 || ext.saturating_add(4) > rom.len() {
                    continue;
                }
                let opcode = u16::from_be_bytes([rom[ext - 2], rom[ext - 1]]);
                let (new_opcode, kind) = match opcode {
                    0x60FF => (0x4EF9u16, "bra.l -> jmp"),
                    0x61FF => (0x4EB9u16, "bsr.l -> jsr"),
                    op if op & 0xF0FF == 0x60FF => {
                        return Err(format!(
                            "conditional long branch (opcode 0x{op:04X}) at 0x{:06X}: the 68000 has no such instruction and it cannot be rewritten in place",
                            ext - 2
                        ))
                    }
                    _ => continue,
                };
                let disp = i32::from_be_bytes([rom[ext], rom[ext + 1], rom[ext + 2], rom[ext + 3]]);
                let dest = (ext as i64 + disp as i64) as u32;
                let mut insn = [0u8; 6];
                insn[..2].copy_from_slice(&new_opcode.to_be_bytes());
                insn[2..].copy_from_slice(&dest.to_be_bytes());
                rom[ext - 2..ext + 4].copy_from_slice(&insn);
                // The same bytes in the ELF file (checked: the ELF's numbers are input).
                let file_off = (ext - 2)
                    .checked_sub(target.sh_addr(endian) as usize)
                    .and_then(|o| o.checked_add(target.sh_offset(endian) as usize))
                    .filter(|o| o.checked_add(6).is_some_and(|e| e <= elf_out.len()))
                    .ok_or_else(|| format!("relocation at 0x{:06X} lies outside its section's file data", ext - 2))?;
                elf_out[file_off..file_off + 6].copy_from_slice(&insn);
                patches.push(Patch { addr: (ext - 2) as u32, target: dest, kind });
            }
        }
    }

    // 3. Pad, header, checksum.
    let pad = if used_bytes > MAX_ROM_BYTES { BANK_BYTES } else { PAD_BYTES };
    let padded = used_bytes.div_ceil(pad) * pad;
    banks.sort_unstable();
    rom.resize(padded, 0);
    header::write_header(&mut rom, info)?;
    header::write_checksum(&mut rom);
    Ok(Packed { rom, elf: elf_out, used_bytes, patches, banks })
}
