//! The ROM packer: header fields, checksum, padding, long-branch rewriting and errors, on
//! real 68000 ELFs assembled and linked with binutils (m68k-linux-gnu-as/ld) at test time.

use romtool_pack::header::{self, HeaderInfo};
use romtool_pack::pack::{pack, BANK_BYTES, PAD_BYTES};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Assembles `source` (GNU as, 68020 so that `bra.l` is accepted) and links it at address 0
/// with relocations kept, as the ROM build does. Returns the ELF bytes.
fn build_elf(dir: &Path, name: &str, source: &str) -> Vec<u8> {
    build_elf_with(dir, name, source, &[])
}

/// [`build_elf`] with more linker arguments (e.g. `--section-start=.bank9=0x480000`, as
/// `linker/megadrive.ld` places the mapper's banks).
fn build_elf_with(dir: &Path, name: &str, source: &str, ld_args: &[&str]) -> Vec<u8> {
    let src = dir.join(format!("{name}.s"));
    let obj = dir.join(format!("{name}.o"));
    let elf = dir.join(format!("{name}.elf"));
    std::fs::write(&src, source).unwrap();
    let ok = Command::new("m68k-linux-gnu-as").args(["-m68020", "-o"]).arg(&obj).arg(&src).status().unwrap();
    assert!(ok.success(), "assembling {name}");
    let ok = Command::new("m68k-linux-gnu-ld")
        .args(["--emit-relocs", "-Ttext=0", "-e", "0"])
        .args(ld_args)
        .arg("-o")
        .arg(&elf)
        .arg(&obj)
        .status()
        .unwrap();
    assert!(ok.success(), "linking {name}");
    std::fs::read(&elf).unwrap()
}

/// A minimal cartridge: 256 bytes of vectors, 256 bytes of header space, then code.
const MINIMAL: &str = "
    .text
    .long 0x00FFFE00, start
    .fill 62, 4, 0
    .fill 256, 1, 0
start:
    move.w #0x2700, %sr
    bra.s start
    .word 0x1234, 0xABCD
";

fn be16(rom: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([rom[at], rom[at + 1]])
}
fn be32(rom: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([rom[at], rom[at + 1], rom[at + 2], rom[at + 3]])
}
fn text(rom: &[u8], at: usize, len: usize) -> &str {
    std::str::from_utf8(&rom[at..at + len]).unwrap()
}

#[test]
fn header_fields_are_filled() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build_elf(dir.path(), "minimal", MINIMAL);
    let info = HeaderInfo { title: "TEST GAME".into(), ..HeaderInfo::default() };
    let rom = pack(&elf, &info).unwrap().rom;
    assert_eq!(text(&rom, 0x100, 16), "SEGA MEGA DRIVE ");
    assert_eq!(text(&rom, 0x110, 16), "(C)MCOL 2026.NOV");
    assert_eq!(text(&rom, 0x120, 48), format!("{:<48}", "TEST GAME"));
    assert_eq!(text(&rom, 0x150, 48), format!("{:<48}", "TEST GAME"));
    assert_eq!(text(&rom, 0x180, 14), "GM 00000000-00");
    assert_eq!(text(&rom, 0x190, 16), format!("{:<16}", "J"));
    assert_eq!(be32(&rom, 0x1A0), 0, "ROM start");
    assert_eq!(be32(&rom, 0x1A4), rom.len() as u32 - 1, "ROM end = last byte of the image");
    assert_eq!(be32(&rom, 0x1A8), 0xFF0000, "RAM start");
    assert_eq!(be32(&rom, 0x1AC), 0xFFFFFF, "RAM end");
    assert_eq!(text(&rom, 0x1B0, 64), " ".repeat(64), "no SRAM, modem or notes");
    assert_eq!(text(&rom, 0x1F0, 16), format!("{:<16}", "JUE"));
    // The vectors and code are where the ELF put them.
    assert_eq!(be32(&rom, 0), 0x00FF_FE00);
    assert_eq!(be32(&rom, 4), 0x200, "reset vector -> start");
    assert_eq!(be16(&rom, 0x200), 0x46FC, "move #imm,sr");
}

#[test]
fn image_is_padded_to_128_kib() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build_elf(dir.path(), "minimal", MINIMAL);
    let packed = pack(&elf, &HeaderInfo::default()).unwrap();
    assert_eq!(packed.used_bytes, 0x200 + 10, "vectors + header + 10 bytes of code and data");
    assert_eq!(packed.rom.len(), PAD_BYTES);
    assert!(packed.rom[packed.used_bytes..].iter().all(|&b| b == 0), "padding is zero");
    // Just over one block pads to two.
    let big = MINIMAL.to_string() + "    .fill 0x20000, 1, 0x55\n";
    let packed = pack(&build_elf(dir.path(), "big", &big), &HeaderInfo::default()).unwrap();
    assert_eq!(packed.rom.len(), 2 * PAD_BYTES);
}

#[test]
fn checksum_is_the_word_sum_from_0x200() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build_elf(dir.path(), "minimal", MINIMAL);
    let rom = pack(&elf, &HeaderInfo::default()).unwrap().rom;
    // Independent computation: the code words after 0x200 are known, the rest is zero.
    let expected = [0x46FCu16, 0x2700, 0x60FA, 0x1234, 0xABCD].iter().fold(0u16, |s, &w| s.wrapping_add(w));
    assert_eq!(be16(&rom, 0x18E), expected);
    assert_eq!(header::checksum(&rom), expected);
    // The sum wraps at 16 bits.
    let mut words = vec![0u8; 0x200];
    words.extend_from_slice(&[0xFF, 0xFF, 0x00, 0x02]);
    assert_eq!(header::checksum(&words), 0x0001);
}

#[test]
fn long_branches_become_absolute_jumps() {
    let dir = tempfile::tempdir().unwrap();
    let source = MINIMAL.to_string()
        + "
    .section .text.a, \"ax\"
    .globl caller
caller:
    bra.l far_away
    bsr.l far_away
    rts
    .section .text.b, \"ax\"
    .globl far_away
far_away:
    rts
";
    let elf = build_elf(dir.path(), "branches", &source);
    let packed = pack(&elf, &HeaderInfo::default()).unwrap();
    assert_eq!(packed.patches.len(), 2, "{:?}", packed.patches);
    let (bra, bsr) = (&packed.patches[0], &packed.patches[1]);
    assert_eq!(bra.kind, "bra.l -> jmp");
    assert_eq!(bsr.kind, "bsr.l -> jsr");
    assert_eq!(bra.target, bsr.target);
    let at = bra.addr as usize;
    assert_eq!(be16(&packed.rom, at), 0x4EF9, "jmp (xxx).l");
    assert_eq!(be32(&packed.rom, at + 2), bra.target);
    assert_eq!(be16(&packed.rom, at + 6), 0x4EB9, "jsr (xxx).l");
    assert_eq!(be32(&packed.rom, at + 8), bra.target);
    assert_eq!(be16(&packed.rom, bra.target as usize), 0x4E75, "the target is far_away's rts");
    // The ELF copy carries the same bytes.
    let elf_bytes = &packed.elf;
    let insn = [&packed.rom[at..at + 12]];
    assert!(elf_bytes.windows(12).any(|w| w == insn[0]), "patched ELF has the rewritten code");
}

#[test]
fn conditional_long_branch_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let source = MINIMAL.to_string()
        + "
    .section .text.a, \"ax\"
caller:
    beq.l far_away
    .section .text.b, \"ax\"
    .globl far_away
far_away:
    rts
";
    let err = pack(&build_elf(dir.path(), "bcc", &source), &HeaderInfo::default()).unwrap_err();
    assert!(err.starts_with("conditional long branch (opcode 0x67FF) at 0x"), "{err}");
}

#[test]
fn image_over_4_mib_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let source = MINIMAL.to_string() + "    .fill 0x400000, 1, 0\n";
    let err = pack(&build_elf(dir.path(), "huge", &source), &HeaderInfo::default()).unwrap_err();
    assert!(err.contains("a Mega Drive ROM holds at most 4194304 bytes (4 MiB)"), "{err}");
}

/// [`MINIMAL`] with `bytes` bytes of 0x5A in section `.bankN` at ROM bank `bank`'s start
/// (512 KiB each).
fn banked(dir: &Path, bank: usize, bytes: usize) -> Vec<u8> {
    let source = format!("{MINIMAL}\n    .section .bank{bank},\"a\"\n    .fill {bytes}, 1, 0x5A\n");
    build_elf_with(dir, &format!("bank{bank}"), &source, &[&format!("--section-start=.bank{bank}=0x{:X}", bank * BANK_BYTES)])
}

#[test]
fn data_past_4_mib_makes_a_mapped_rom_of_whole_banks() {
    let dir = tempfile::tempdir().unwrap();
    let packed = pack(&banked(dir.path(), 9, 1000), &HeaderInfo::default()).unwrap();
    let rom = &packed.rom;
    assert_eq!(rom.len(), 10 * BANK_BYTES, "5 MiB: banks 0 to 9");
    assert_eq!(packed.banks, [(9, 1000)]);
    assert_eq!(text(rom, 0x100, 16), "SEGA SSF        ", "the Sega mapper's console name");
    assert_eq!(be32(rom, 0x1A4), 0x4F_FFFF, "ROM end = last byte of bank 9");
    assert!(rom[0x48_0000..0x48_0000 + 1000].iter().all(|&b| b == 0x5A), "the data at bank 9's start");
    assert!(rom[0x200 + 10..0x48_0000].iter().all(|&b| b == 0) && rom[0x48_0000 + 1000..].iter().all(|&b| b == 0), "zero elsewhere");
    assert_eq!(be16(rom, 0x18E), header::checksum(rom), "the checksum covers the banks");
    // A ROM of 4 MiB or less keeps its name and its 128 KiB padding.
    let small = pack(&build_elf(dir.path(), "minimal", MINIMAL), &HeaderInfo::default()).unwrap();
    assert!(small.banks.is_empty());
    assert_eq!(text(&small.rom, 0x100, 16), "SEGA MEGA DRIVE ");
}

#[test]
fn banked_data_must_fit_its_bank_and_8_mib() {
    let dir = tempfile::tempdir().unwrap();
    let err = pack(&banked(dir.path(), 8, BANK_BYTES + 2), &HeaderInfo::default()).unwrap_err();
    assert_eq!(err, "segment at 0x400000 crosses from bank 8 into the next: a bank holds 512 KiB");
    let err = pack(&banked(dir.path(), 16, 2), &HeaderInfo::default()).unwrap_err();
    assert_eq!(err, "segment at 0x800000 ends at 0x800002: a ROM with the Sega mapper holds at most 8 MiB (banks 0 to 15)");
}

#[test]
fn non_elf_and_non_m68k_inputs_are_errors() {
    assert_eq!(pack(b"just some text", &HeaderInfo::default()).unwrap_err(), "not an ELF file");
    // This test program itself is a 64-bit ELF for the host.
    let host = std::fs::read(std::env::current_exe().unwrap()).unwrap();
    assert_eq!(pack(&host, &HeaderInfo::default()).unwrap_err(), "not a Motorola 68000 ELF (it is a 64-bit ELF; 68000 code is 32-bit ELF)");
    // A 32-bit big-endian ELF for another machine: the 68000 ELF with e_machine set to 3 (x86).
    let dir = tempfile::tempdir().unwrap();
    let mut elf = build_elf(dir.path(), "minimal", MINIMAL);
    elf[18..20].copy_from_slice(&3u16.to_be_bytes());
    assert_eq!(pack(&elf, &HeaderInfo::default()).unwrap_err(), "not a Motorola 68000 ELF (e_machine is 3, expected 4)");
}

#[test]
fn header_text_that_does_not_fit_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build_elf(dir.path(), "minimal", MINIMAL);
    let info = HeaderInfo { serial: "GM 00000000-000".into(), ..HeaderInfo::default() };
    assert_eq!(pack(&elf, &info).unwrap_err(), "header field serial is 15 characters; at most 14 fit");
}

fn romtool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_romtool"))
}

#[test]
fn cli_writes_nothing_on_error() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.elf");
    std::fs::write(&bad, "not an elf").unwrap();
    let rom: PathBuf = dir.path().join("out.md");
    let out = romtool().arg("pack").arg(&bad).arg("-o").arg(&rom).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("{}: not an ELF file", bad.display())), "{stderr}");
    assert!(!rom.exists(), "no output file on error");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
}

#[test]
fn cli_packs_an_elf() {
    let dir = tempfile::tempdir().unwrap();
    build_elf(dir.path(), "minimal", MINIMAL);
    let rom = dir.path().join("game.md");
    let out = romtool().arg("pack").arg(dir.path().join("minimal.elf")).args(["--title", "CLI TEST", "-o"]).arg(&rom).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&rom).unwrap();
    assert_eq!(bytes.len(), PAD_BYTES);
    assert_eq!(text(&bytes, 0x120, 8), "CLI TEST");
}

#[test]
fn save_ram_is_declared_in_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let elf = build_elf(dir.path(), "minimal", MINIMAL);
    for (bytes, end) in [(256u16, 0x2001FFu32), (8192, 0x203FFF), (32768, 0x20FFFF)] {
        let info = HeaderInfo { sram_bytes: Some(bytes), ..HeaderInfo::default() };
        let rom = pack(&elf, &info).unwrap().rom;
        assert_eq!(&rom[0x1B0..0x1B4], b"RA\xF8\x20", "battery-backed SRAM on odd bytes");
        assert_eq!(be32(&rom, 0x1B4), 0x200001, "start");
        assert_eq!(be32(&rom, 0x1B8), end, "end of {bytes} bytes");
        assert_eq!(text(&rom, 0x1BC, 52), " ".repeat(52), "no modem, no notes");
        assert_eq!(be16(&rom, header::CHECKSUM_OFFSET), header::checksum(&rom));
    }
    let info = HeaderInfo { sram_bytes: Some(0), ..HeaderInfo::default() };
    assert_eq!(pack(&elf, &info).unwrap_err(), "save RAM of 0 bytes: 1 to 32768 fit (odd bytes of 64 KiB)");
}

#[test]
fn save_ram_past_4_mib_is_refused() {
    // The mapped header ("SEGA SSF") and save RAM share 0xA130F1 in the emulators that map it.
    let mut rom = vec![0u8; 5 << 20];
    let info = HeaderInfo { sram_bytes: Some(8192), ..HeaderInfo::default() };
    let err = header::write_header(&mut rom, &info).unwrap_err();
    assert!(err.starts_with("a cartridge over 4 MiB (5242880 bytes) cannot have save RAM"), "{err}");
    assert!(header::write_header(&mut rom, &HeaderInfo::default()).is_ok(), "without save RAM it is fine");
}

#[test]
fn cli_takes_the_save_ram_from_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    build_elf(dir.path(), "minimal", MINIMAL);
    let manifest = dir.path().join("Cargo.toml");
    std::fs::write(
        &manifest,
        "[package]\nname = \"game\"\nversion = \"0.1.0\"\n\n[package.metadata.megacollide]\nsram = 0\n\n[package.metadata.megacollide.bin.save]\nsram = 8192\n",
    )
    .unwrap();
    let pack_with = |bin: &str, rom: &Path| {
        romtool()
            .arg("pack")
            .arg(dir.path().join("minimal.elf"))
            .arg("-o")
            .arg(rom)
            .arg("--manifest")
            .arg(&manifest)
            .args(["--bin", bin])
            .output()
            .unwrap()
    };
    let rom = dir.path().join("save.md");
    let out = pack_with("save", &rom);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains(", 8192 bytes of save RAM"));
    let bytes = std::fs::read(&rom).unwrap();
    assert_eq!((&bytes[0x1B0..0x1B2], be32(&bytes, 0x1B4), be32(&bytes, 0x1B8)), (&b"RA"[..], 0x200001, 0x203FFF));
    let plain = dir.path().join("plain.md");
    assert!(pack_with("plain", &plain).status.success());
    assert_eq!(text(&std::fs::read(&plain).unwrap(), 0x1B0, 12), " ".repeat(12), "no save RAM for the other binaries");
    // A bad value: the file, line and column, and nothing written.
    std::fs::write(&manifest, "[package]\nname = \"game\"\n[package.metadata.megacollide]\nsram = 1000\n").unwrap();
    let bad = dir.path().join("bad.md");
    let out = pack_with("save", &bad);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .contains(&format!("{}:4:8: sram = 1000: the save RAM's size in bytes must be 0 (none) or a power of two", manifest.display())),
        "{stderr}"
    );
    assert!(!bad.exists(), "no output file on error");
}
