//! `emu`: run a Mega Drive ROM in Genesis Plus GX or BlastEm from the command line.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use emu::{blastem, Gpgx, Pad, Symbols, Tolerance};

#[derive(Parser)]
#[command(name = "emu", about = "megacollide emulator harness (Genesis Plus GX / BlastEm)")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a ROM in Genesis Plus GX (libretro core, in-process) for N frames.
    Gpgx {
        rom: PathBuf,
        /// libretro core (default: $GPGX_CORE, .deps/, then the stable-retro wheel).
        #[arg(long)]
        core: Option<PathBuf>,
        /// Frames (retro_run calls) to emulate.
        #[arg(long, default_value_t = 60)]
        frames: u32,
        /// Pad 1 state held for all frames, e.g. "right+a" (up/down/left/right/a/b/c/start).
        #[arg(long, default_value = "")]
        pad: String,
        /// Pad 1 state from frame F on (0-based, repeatable), e.g. --input 30:start --input 31:
        #[arg(long = "input", value_name = "FRAME:PAD")]
        inputs: Vec<String>,
        /// Save the final frame as PNG.
        #[arg(long)]
        screenshot: Option<PathBuf>,
        /// Save the sound of the whole run as a WAV file (16-bit stereo, the core's rate).
        #[arg(long)]
        wav: Option<PathBuf>,
        /// Memory to print after the run: ADDR[:LEN] or SYMBOL[:LEN] (needs --elf); repeatable.
        #[arg(long = "read", value_name = "ADDR:LEN")]
        reads: Vec<String>,
        /// ELF of the ROM, for symbol names in --read.
        #[arg(long)]
        elf: Option<PathBuf>,
        /// Core option override KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// List the core's options and exit after loading.
        #[arg(long)]
        list_options: bool,
    },
    /// Run a ROM in BlastEm under its debugger, stop, and read memory.
    Blastem {
        rom: PathBuf,
        /// Stop after N complete VBlank handler runs (breakpoint on the ROM's vector 30).
        #[arg(long, conflicts_with = "break_at")]
        vblanks: Option<u32>,
        /// Stop at the HITS-th execution of ADDR (or SYMBOL with --elf): ADDR[:HITS].
        #[arg(long = "break", value_name = "ADDR[:HITS]")]
        break_at: Option<String>,
        /// Memory to print: ADDR[:LEN] or SYMBOL[:LEN]; repeatable.
        #[arg(long = "read", value_name = "ADDR:LEN")]
        reads: Vec<String>,
        #[arg(long)]
        elf: Option<PathBuf>,
        /// Extra raw debugger command run after the reads (repeatable), e.g. "vr".
        #[arg(long = "cmd")]
        cmds: Vec<String>,
        #[arg(long, default_value_t = 60)]
        timeout: u64,
        /// Print BlastEm's whole output.
        #[arg(long)]
        transcript: bool,
    },
    /// Print the addresses of ELF symbols.
    Sym { elf: PathBuf, names: Vec<String> },
    /// Compare a PNG with a reference PNG (exit 1 and write a diff on mismatch).
    Compare {
        actual: PathBuf,
        reference: PathBuf,
        #[arg(long, default_value_t = 0)]
        tolerance: u8,
        #[arg(long, default_value_t = 0)]
        max_pixels: usize,
        /// Where to write the diff artefacts (default: out/test-failures).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Assemble the harness's test ROM into DIR (emu-testrom.bin / .elf).
    Testrom { dir: PathBuf },
}

fn resolve(spec: &str, syms: Option<&Symbols>, default_len: u32) -> Result<(u32, u32, String)> {
    let (a, n) = match spec.rsplit_once(':') {
        Some((a, n)) => (a, Some(n)),
        None => (spec, None),
    };
    let (addr, size) = match emu::parse_number(a) {
        Ok(v) => (v, None),
        Err(_) => {
            let syms = syms.with_context(|| format!("{a:?} is not a number; pass --elf to use symbols"))?;
            let s = syms.get(a).with_context(|| format!("{}", syms.require(a).unwrap_err()))?;
            (s.address, Some(s.size).filter(|&s| s > 0))
        }
    };
    let len = match n {
        Some(n) if !n.is_empty() => emu::parse_number(n).map_err(anyhow::Error::msg)?,
        _ => size.unwrap_or(default_len),
    };
    Ok((addr, len, a.to_string()))
}

/// `println!` that exits quietly when stdout is closed (e.g. piped into `head`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout().lock(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

fn print_read(label: &str, addr: u32, bytes: &[u8]) {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let extra = match bytes.len() {
        1 => format!(" (u8 {})", bytes[0]),
        2 => format!(" (u16 {})", u16::from_be_bytes([bytes[0], bytes[1]])),
        4 => format!(" (u32 {})", u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
        _ => String::new(),
    };
    out!("{addr:#08x} {label}: {}{extra}", hex.join(" "));
}

fn load_syms(elf: &Option<PathBuf>) -> Result<Option<Symbols>> {
    elf.as_ref().map(Symbols::load).transpose()
}

fn main() -> Result<()> {
    match Cli::parse().cmd {
        Cmd::Gpgx { rom, core, frames, pad, inputs, screenshot, wav, reads, elf, options, list_options } => {
            let syms = load_syms(&elf)?;
            let core = match core {
                Some(c) => c,
                None => emu::find_gpgx_core()?,
            };
            let opts: Vec<(String, String)> = options
                .iter()
                .map(|o| o.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
                .collect::<Option<_>>()
                .context("--option wants KEY=VALUE")?;
            let opt_refs: Vec<(&str, &str)> = opts.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let mut schedule: Vec<(u32, Pad)> = vec![(0, Pad::parse(&pad).map_err(anyhow::Error::msg)?)];
            for i in &inputs {
                let (f, p) = i.split_once(':').context("--input wants FRAME:PAD")?;
                schedule.push((emu::parse_number(f).map_err(anyhow::Error::msg)?, Pad::parse(p).map_err(anyhow::Error::msg)?));
            }
            schedule.sort_by_key(|(f, _)| *f);
            let resolved: Vec<_> = reads.iter().map(|r| resolve(r, syms.as_ref(), 4)).collect::<Result<_>>()?;

            let mut gx = Gpgx::open_with_options(&core, &opt_refs)?;
            gx.load_rom_file(&rom)?;
            if list_options {
                for (k, v, choices) in gx.options() {
                    out!("{k} = {v}   [{}]", choices.join("|"));
                }
                return Ok(());
            }
            let mut cur = Pad::NONE;
            for f in 0..frames {
                for (at, p) in &schedule {
                    if *at == f {
                        cur = *p;
                    }
                }
                gx.run_frame(cur);
            }
            eprintln!("ran {} frames ({:?}, core {})", gx.frames(), gx.frame_size(), core.display());
            for (addr, len, label) in resolved {
                print_read(&label, addr, &gx.try_read_bytes(addr, len as usize)?);
            }
            if let Some(p) = screenshot {
                gx.save_png(&p)?;
                eprintln!("wrote {}", p.display());
            }
            if let Some(p) = wav {
                let audio = gx.take_audio();
                let spec = hound::WavSpec {
                    channels: 2,
                    sample_rate: gx.audio_rate().round() as u32,
                    bits_per_sample: 16,
                    sample_format: hound::SampleFormat::Int,
                };
                let mut w = hound::WavWriter::create(&p, spec).with_context(|| format!("{}: cannot write", p.display()))?;
                for s in audio {
                    w.write_sample(s)?;
                }
                w.finalize()?;
                eprintln!("wrote {}", p.display());
            }
        }
        Cmd::Blastem { rom, vblanks, break_at, reads, elf, cmds, timeout, transcript } => {
            let syms = load_syms(&elf)?;
            let stop = match (vblanks, break_at) {
                (_, Some(b)) => {
                    let (addr, hits, _) = resolve(&b, syms.as_ref(), 1)?;
                    blastem::Stop::Breakpoint { addr, hits }
                }
                (Some(n), None) => blastem::Stop::VBlanks(n),
                (None, None) => blastem::Stop::VBlanks(60),
            };
            let resolved: Vec<_> = reads.iter().map(|r| resolve(r, syms.as_ref(), 4)).collect::<Result<_>>()?;
            let req: Vec<(u32, usize)> = resolved.iter().map(|(a, l, _)| (*a, *l as usize)).collect();
            let opts = blastem::Options { timeout: Duration::from_secs(timeout), extra_commands: cmds, blastem: None, home: None };
            let out = blastem::run_with(&rom, stop, &req, &opts)?;
            if transcript {
                out!("{}", out.transcript);
            }
            eprintln!("stopped at {stop:?} after {} hits, blastem frame {:?}", out.hits, out.frame);
            for ((addr, _, label), bytes) in resolved.iter().zip(&out.reads) {
                print_read(label, *addr, bytes);
            }
        }
        Cmd::Sym { elf, names } => {
            let syms = Symbols::load(&elf)?;
            if names.is_empty() {
                let mut all: Vec<_> = syms.iter().collect();
                all.sort_by_key(|(n, s)| (s.address, n.to_string()));
                for (n, s) in all {
                    out!("{:#08x} {:6} {n}", s.address, s.size);
                }
            }
            for n in names {
                let a = syms.require(&n)?;
                out!("{a:#08x} {n}");
            }
        }
        Cmd::Compare { actual, reference, tolerance, max_pixels, out } => {
            let img = image::open(&actual).with_context(|| format!("{}", actual.display()))?.to_rgb8();
            let dir = out.unwrap_or_else(emu::default_failure_dir);
            let name = actual.file_stem().and_then(|s| s.to_str()).unwrap_or("image").to_string();
            match emu::compare_with_reference(&img, &reference, Tolerance::new(tolerance, max_pixels), &dir, &name) {
                Ok(()) => out!("match"),
                Err(rep) => {
                    eprintln!("mismatch: {rep}");
                    std::process::exit(1);
                }
            }
        }
        Cmd::Testrom { dir } => {
            let r = emu::testrom::build(&dir)?;
            out!("{}\n{}", r.bin.display(), r.elf.display());
        }
    }
    Ok(())
}
