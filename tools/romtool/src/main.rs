//! `romtool`: the megacollide host tool, a thin command line over romtool's crates
//! (`romtool-pack`, `-levels`, `-sprites`, `-sound`; see `tools/romtool/README.md#crates`): it
//! parses the command line, calls the crate, prints what it made and writes the files.
//!
//! `romtool pack ELF -o ROM [--elf-out ELF] [--manifest Cargo.toml [--bin NAME]]` packs a
//! linked 68000 ELF into a Mega Drive ROM (the manifest's `[package.metadata.megacollide]`:
//! save RAM).
//! `romtool levels DIR --out-dir GEN [--preview-dir PNGS] [--grid] [--preview-collision] [--check] [--require-level NAME]...`
//! compiles the level files. `romtool sprites DIR --out-dir GEN [--check]` compiles sprite
//! sheets. `romtool sound DIR -o GEN/sound.rs [--check]` compiles music and sound effects.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use romtool_common::output::write_atomically;
use romtool_pack::header::HeaderInfo;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(name = "romtool", about = "megacollide host tool: ROM packing and level compiling")]
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
        /// The game's Cargo.toml: its `[package.metadata.megacollide]` table sets the
        /// cartridge's save RAM (`sram = 8192`).
        #[arg(long, value_name = "CARGO_TOML")]
        manifest: Option<PathBuf>,
        /// The binary the ELF is, for the manifest's `[package.metadata.megacollide.bin.NAME]`.
        #[arg(long, value_name = "NAME", requires = "manifest")]
        bin: Option<String>,
    },
    /// Compile every level file of a folder (16Tile .h/.c/.txt, Tiled .tmj/.tmx) into one Rust
    /// file for the ROM (OUT_DIR/levels.rs) and PNG previews; nothing is written on any error.
    Levels {
        /// The level folder (every level file in it is compiled).
        dir: PathBuf,
        /// Where to write levels.rs.
        #[arg(long)]
        out_dir: PathBuf,
        /// Where to write one PNG preview per level (LEVEL.png).
        #[arg(long)]
        preview_dir: Option<PathBuf>,
        /// Draw the tile grid on the previews.
        #[arg(long)]
        grid: bool,
        /// On the previews of levels with art, lay the collision shapes over the art (solid
        /// pixels tinted magenta, one-way floors cyan).
        #[arg(long)]
        preview_collision: bool,
        /// Only check the levels; write nothing.
        #[arg(long)]
        check: bool,
        /// A level the ROM refers to by name (repeatable): missing, it is an error.
        #[arg(long = "require-level", value_name = "NAME")]
        require_level: Vec<String>,
        /// The sprite folder whose sheets a kind's `sprite` member names (by default the
        /// folder `sprites` beside the level folder, if there is one).
        #[arg(long, value_name = "DIR")]
        sprites: Option<PathBuf>,
    },
    /// Compile the sprite sheets of a folder (NAME.png + NAME.json: frame size, animations) into
    /// OUT_DIR/sprites.rs: VDP sprite tiles, one palette line, pixel masks; nothing is written
    /// on any error.
    Sprites {
        /// The sprite folder.
        dir: PathBuf,
        /// Where to write sprites.rs.
        #[arg(long)]
        out_dir: PathBuf,
        /// Only check the sheets; write nothing.
        #[arg(long)]
        check: bool,
    },
    /// Compress a file of big-endian 16-bit words (VDP tiles, name tables) into an MCZ stream
    /// for `megadrive::unpack`: a Rust `static` (OUTPUT ends in .rs) or the stream's bytes.
    Compress {
        /// The words to compress (raw bytes, big-endian, an even number).
        input: PathBuf,
        /// The stream to write (`.rs`: Rust source with one `static`; else raw bytes).
        #[arg(short, long)]
        output: PathBuf,
        /// The static's name (`.rs` only; default: the input's stem in capitals + `_PACKED`).
        #[arg(long)]
        name: Option<String>,
    },
    /// Compile music (music/*.vgm, *.vgz) and effects (effects/*.wav, *.vgm, *.vgz) of a folder
    /// into one Rust file of `megadrive::sound` data; nothing is written on any error.
    Sound {
        /// The sound folder.
        dir: PathBuf,
        /// The Rust file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Only check the files; write nothing.
        #[arg(long)]
        check: bool,
    },
}

fn main() {
    // A panic is a bug in romtool, never the input's fault: report it as such and exit 70
    // (the workspace builds with `panic = "abort"`, so this hook is the last word).
    std::panic::set_hook(Box::new(|info| {
        eprintln!("romtool: internal error (a bug in romtool, please report it with the input): {info}");
        std::process::exit(70);
    }));
    if let Err(e) = run() {
        eprintln!("romtool: error: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    match Cli::parse().command {
        Command::Pack { elf, output, elf_out, title, serial, manifest, bin } => {
            let settings = match &manifest {
                Some(path) => romtool_pack::manifest::read(path, bin.as_deref()).map_err(anyhow::Error::msg)?,
                None => romtool_pack::manifest::GameSettings::default(),
            };
            let data = std::fs::read(&elf).with_context(|| format!("{}: cannot read", elf.display()))?;
            let info = HeaderInfo { title, serial, sram_bytes: settings.sram_bytes, ..HeaderInfo::default() };
            let packed = romtool_pack::pack::pack(&data, &info).map_err(|e| anyhow::anyhow!("{}: {e}", elf.display()))?;
            if let Some(path) = &elf_out {
                write_atomically(path, &packed.elf)?;
            }
            write_atomically(&output, &packed.rom)?;
            println!(
                "romtool: {} -> {}: {} bytes used, {} bytes padded, checksum 0x{:04X}, {} long branches rewritten{}",
                elf.display(),
                output.display(),
                packed.used_bytes,
                packed.rom.len(),
                romtool_pack::header::checksum(&packed.rom),
                packed.patches.len(),
                match settings.sram_bytes {
                    Some(n) => format!(", {n} bytes of save RAM"),
                    None => String::new(),
                }
            );
            if !packed.banks.is_empty() {
                let used: Vec<String> = packed.banks.iter().map(|(bank, bytes)| format!("bank {bank}: {bytes} bytes")).collect();
                println!(
                    "romtool: {}: Sega mapper (\"{}\"), {} banks of 512 KiB; past 4 MiB: {}",
                    output.display(),
                    romtool_pack::header::CONSOLE_MAPPED,
                    packed.rom.len() / romtool_pack::pack::BANK_BYTES,
                    used.join(", ")
                );
            }
            Ok(())
        }
        Command::Sprites { dir, out_dir, check } => {
            let (sheets, files) = match romtool_sprites::build_outputs(&dir, &out_dir) {
                Ok(r) => r,
                Err(diags) => {
                    for d in &diags {
                        eprintln!("error: {d}");
                    }
                    anyhow::bail!("{} error(s) in {}; nothing written", diags.len(), dir.display());
                }
            };
            for s in &sheets {
                println!(
                    "romtool: {}: {} frames of {}x{} px, {} animations, {} bytes of tiles",
                    s.path.display(),
                    s.tiles.len(),
                    s.width,
                    s.height,
                    s.animations.len(),
                    2 * s.tiles.iter().map(Vec::len).sum::<usize>()
                );
            }
            if !check {
                romtool_common::output::write_all_atomically(&files)?;
                for (path, _) in &files {
                    println!("romtool: wrote {}", path.display());
                }
            }
            Ok(())
        }
        Command::Sound { dir, output, check } => run_sound(&dir, &output, check),
        Command::Compress { input, output, name } => {
            let s = romtool_pack::compress::compress_file(&input, &output, name.as_deref())?;
            println!(
                "romtool: {}: {} bytes -> {} bytes (ratio {:.3}); wrote {}",
                input.display(),
                s.raw_bytes,
                s.packed_bytes,
                s.packed_bytes as f64 / s.raw_bytes.max(1) as f64,
                output.display()
            );
            Ok(())
        }
        Command::Levels { dir, out_dir, preview_dir, grid, preview_collision, check, require_level, sprites } => {
            let sprites = sprites.or_else(|| romtool_levels::kinds::sprites_beside(&dir)).map(|d| romtool_sprites::sheet_names(&d));
            let opts = romtool_levels::Options { dir, out_dir, preview_dir, grid, require: require_level, sprites };
            let romtool_levels::Built { levels, files, notes, rom } = match romtool_levels::build(&opts, preview_collision) {
                Ok(r) => r,
                Err(diags) => {
                    for d in &diags {
                        eprintln!("error: {d}");
                    }
                    anyhow::bail!("{} error(s) in {}; nothing written", romtool_levels::error_count(&diags), opts.dir.display());
                }
            };
            for n in &notes {
                println!("romtool: note: {n}");
            }
            for (l, r) in levels.iter().zip(&rom.levels) {
                println!(
                    "romtool: {}: {}x{} tiles, {} height tiles, {} entities{}, {} bytes of ROM",
                    l.path.display(),
                    l.width,
                    l.height,
                    l.height_tiles.len(),
                    l.entities.len(),
                    if l.spawn.is_some() { ", spawn point" } else { "" },
                    r.items.bytes()
                );
                if let Some(a) = &l.art {
                    let plane =
                        |p: &Option<romtool_levels::art::ArtPlane>| p.as_ref().map(|p| p.layers.join(", ")).unwrap_or_else(|| "-".into());
                    println!(
                        "romtool: {}: art: {} cells, {} palette lines; plane B: {}; plane A: {}",
                        l.path.display(),
                        a.cells.len(),
                        a.palettes.len(),
                        plane(&a.plane_b),
                        plane(&a.plane_a)
                    );
                }
                for n in &l.notes {
                    println!("romtool: {}: note: {n}", l.path.display());
                }
            }
            println!(
                "romtool: {} levels: {} bytes of ROM ({} shared by all: shape graphics, level lists), of {} for level data",
                levels.len(),
                rom.total(),
                rom.shared.bytes(),
                romtool_levels::limits::level_data_budget()
            );
            let warnings: Vec<&romtool_levels::Diag> = levels.iter().flat_map(|l| &l.warnings).collect();
            for w in &warnings {
                eprintln!("warning: {w}");
            }
            let n_warnings: usize = levels.iter().map(|l| romtool_levels::warning_count(&l.warnings)).sum();
            if n_warnings > 0 {
                eprintln!("romtool: {n_warnings} warning(s) in {}", opts.dir.display());
            }
            if !check {
                romtool_common::output::write_all_atomically(&files)?;
                for (path, _) in &files {
                    println!("romtool: wrote {}", path.display());
                }
            }
            Ok(())
        }
    }
}

/// The `romtool sound` command: compiles `dir`, prints a line per sound (and its notes), and
/// writes `output` unless `check`.
fn run_sound(dir: &Path, output: &Path, check: bool) -> Result<()> {
    let (code, sounds) = match romtool_sound::build(dir) {
        Ok(r) => r,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            anyhow::bail!("{} error(s) in {}; nothing written", errors.len(), dir.display());
        }
    };
    for s in &sounds {
        let what = match &s.data {
            romtool_sound::Data::Song(st) => format!(
                "song, {} ticks ({:.1} s){}",
                st.ticks,
                st.ticks as f64 / 60.0,
                if st.loop_start.is_some() { ", loops" } else { "" }
            ),
            romtool_sound::Data::Pcm(p) => {
                format!("PCM effect, {} samples ({:.2} s)", p.len(), p.len() as f64 / romtool_sound::wav::PCM_RATE as f64)
            }
            romtool_sound::Data::Psg(st) => format!("PSG effect, {} ticks, channels {:#06b}", st.ticks, st.psg_channels),
        };
        println!("romtool: {}: {what}, {} bytes", s.path.display(), s.rom_bytes());
        for n in &s.notes {
            println!("romtool: {}: note: {n}", s.path.display());
        }
    }
    if !check {
        write_atomically(output, code.as_bytes())?;
        println!("romtool: wrote {}", output.display());
    }
    Ok(())
}
