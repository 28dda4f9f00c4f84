//! `romtool`: the megacollide host tool.
//!
//! `romtool pack ELF -o ROM [--elf-out ELF]` packs a linked 68000 ELF into a Mega Drive ROM.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use romtool::header::HeaderInfo;
use romtool::output::write_atomically;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "romtool", about = "megacollide host tool: ROM packing")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Pack a linked 68000 ELF into a padded ROM with the Sega header and checksum.
    Pack {
        /// The linked ELF (linked with --emit-relocs).
        elf: PathBuf,
        /// The ROM image to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Also write the ELF with the same long-branch rewrites (for disassembly gates).
        #[arg(long)]
        elf_out: Option<PathBuf>,
        /// Title in the header (domestic and overseas).
        #[arg(long, default_value = "MEGACOLLIDE")]
        title: String,
        /// Serial number field.
        #[arg(long, default_value = "GM 00000000-00")]
        serial: String,
    },
}

fn main() {
    if let Err(e) = run() {
        eprintln!("romtool: error: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    match Cli::parse().command {
        Command::Pack { elf, output, elf_out, title, serial } => {
            let data = std::fs::read(&elf).with_context(|| format!("{}: cannot read", elf.display()))?;
            let info = HeaderInfo { title, serial, ..HeaderInfo::default() };
            let packed = romtool::pack::pack(&data, &info).map_err(|e| anyhow::anyhow!("{}: {e}", elf.display()))?;
            if let Some(path) = &elf_out {
                write_atomically(path, &packed.elf)?;
            }
            write_atomically(&output, &packed.rom)?;
            println!(
                "romtool: {} -> {}: {} bytes used, {} bytes padded, checksum 0x{:04X}, {} long branches rewritten",
                elf.display(),
                output.display(),
                packed.used_bytes,
                packed.rom.len(),
                romtool::header::checksum(&packed.rom),
                packed.patches.len()
            );
            Ok(())
        }
    }
}
