//! BlastEm driven headless through its built-in 68000 debugger.
//!
//! BlastEm is started as `blastem -t -d -g -r U -m gen ROM` (`-d`: stop in the
//! debugger before the first instruction; `-t`: debugger on stdin/stdout, needed
//! without a TTY; `-g`: no OpenGL) with `SDL_VIDEODRIVER=offscreen`,
//! `SDL_AUDIODRIVER=dummy` and `HOME`/`XDG_*` pointing into a temporary
//! directory that holds a config derived from `/etc/blastem/default.cfg` (3-button
//! pads unless [`Options::pads`] says otherwise, sync to video, 100000% speed: a frame costs ~1 ms instead of 16.7 ms,
//! and nothing is written to the real home directory).
//!
//! The whole debugger script is written to stdin up front:
//! `b ADDR`, `c` once per wanted hit, `p/x 0xADDR.l|.w|.b` per read, `p/x frame`,
//! any extra commands, `q`. The process is killed if it does not exit in time.
//! No pad input can be scripted (BlastEm's debugger has no input command, and its
//! headless SDL gets no key or joystick events); the pads read as released. A 6-button pad
//! can be plugged ([`Options::pads`]): a ROM then sees its ID answer with no button held.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};

use crate::pad::PadKind;

/// Where to stop before reading memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Stop the `hits`-th time (1-based) the 68000 is about to execute `addr`.
    Breakpoint { addr: u32, hits: u32 },
    /// Stop after exactly `n` complete VBlank interrupt handler runs: a breakpoint
    /// on the handler named by the ROM's level-6 autovector (longword at 0x78),
    /// stopped at its `n + 1`-th entry, i.e. when the `n + 1`-th VBlank has been
    /// taken but none of its handler has run yet.
    VBlanks(u32),
}

/// Options for [`run_with`].
#[derive(Debug, Clone)]
pub struct Options {
    /// Wall-clock limit; BlastEm is killed after it.
    pub timeout: Duration,
    /// Raw debugger commands run after the reads (their output is in the transcript).
    pub extra_commands: Vec<String>,
    /// BlastEm binary (default: [`crate::find_blastem`]).
    pub blastem: Option<PathBuf>,
    /// The pads plugged into ports 1 and 2 (default: 3-button pads on both).
    pub pads: [PadKind; 2],
    /// The home directory of the run (`HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME` under
    /// it), kept: BlastEm keeps a cartridge's save RAM in
    /// `HOME/.local/share/blastem/ROMNAME/save.sram` (ROMNAME: the ROM's file name without
    /// its extension), written when it quits and read when it starts, so two runs with the
    /// same home see the same SRAM. Default: a new temporary directory, removed afterwards.
    pub home: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options { timeout: Duration::from_secs(60), extra_commands: Vec::new(), blastem: None, pads: [PadKind::ThreeButton; 2], home: None }
    }
}

/// Result of a BlastEm run.
#[derive(Debug, Clone)]
pub struct Output {
    /// One buffer per requested `(addr, len)` read, big-endian 68000 byte order.
    pub reads: Vec<Vec<u8>>,
    /// BlastEm's `frame` counter (VDP frames completed) when stopped, if it printed one.
    pub frame: Option<u32>,
    /// Breakpoint hits seen.
    pub hits: u32,
    /// BlastEm's stdout + stderr.
    pub transcript: String,
}

/// Run `rom` in BlastEm until `stop`, then read `reads` (68000 address, length)
/// with a 60 s timeout. Returns one buffer per read.
pub fn run(rom: impl AsRef<Path>, stop: Stop, reads: &[(u32, usize)]) -> Result<Vec<Vec<u8>>> {
    Ok(run_with(rom, stop, reads, &Options::default())?.reads)
}

fn read_cmds(addr: u32, len: usize) -> Vec<(String, usize)> {
    let mut v = Vec::new();
    let mut i = 0usize;
    while i < len {
        let a = addr.wrapping_add(i as u32) & 0xFF_FFFF;
        let (suffix, n) = if a.is_multiple_of(2) && len - i >= 4 {
            ("l", 4)
        } else if a.is_multiple_of(2) && len - i >= 2 {
            ("w", 2)
        } else {
            ("b", 1)
        };
        v.push((format!("0x{a:x}.{suffix}"), n));
        i += n;
    }
    v
}

/// BlastEm's device name of a pad of `kind` on port `port` (1 or 2).
fn pad_device(kind: PadKind, port: u32) -> String {
    match kind {
        PadKind::ThreeButton => format!("gamepad3.{port}"),
        PadKind::SixButton => format!("gamepad6.{port}"),
    }
}

fn write_config(home: &Path, pads: [PadKind; 2]) -> Result<()> {
    let base = std::fs::read_to_string("/etc/blastem/default.cfg").context("reading /etc/blastem/default.cfg (is blastem installed?)")?;
    let mut cfg = String::new();
    for line in base.lines() {
        let t = line.trim();
        let indent = &line[..line.len() - line.trim_start().len()];
        let new = match t {
            "0 100" => format!("{indent}0 100000"),
            "sync_source audio" => format!("{indent}sync_source video"),
            "gl on" => format!("{indent}gl off"),
            "1 gamepad6.1" => format!("{indent}1 {}", pad_device(pads[0], 1)),
            "2 gamepad6.2" => format!("{indent}2 {}", pad_device(pads[1], 2)),
            _ => line.to_string(),
        };
        cfg.push_str(&new);
        cfg.push('\n');
    }
    let dir = home.join(".config").join("blastem");
    std::fs::create_dir_all(&dir)?;
    std::fs::create_dir_all(home.join(".local").join("share"))?;
    std::fs::write(dir.join("blastem.cfg"), cfg)?;
    Ok(())
}

/// Full-control version of [`run`].
pub fn run_with(rom: impl AsRef<Path>, stop: Stop, reads: &[(u32, usize)], opts: &Options) -> Result<Output> {
    let rom = rom.as_ref();
    let blastem = match &opts.blastem {
        Some(p) => p.clone(),
        None => crate::find_blastem()?,
    };
    let (addr, hits) = match stop {
        Stop::Breakpoint { addr, hits } => (addr, hits),
        Stop::VBlanks(n) => {
            let bytes = std::fs::read(rom).with_context(|| format!("reading {}", rom.display()))?;
            ensure!(bytes.len() >= 0x80, "ROM too small to have a vector table");
            let v = u32::from_be_bytes([bytes[0x78], bytes[0x79], bytes[0x7A], bytes[0x7B]]);
            (v & 0xFF_FFFF, n + 1)
        }
    };
    ensure!(hits >= 1, "breakpoint hit count must be at least 1");

    let temp_home;
    let home: &Path = match &opts.home {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            dir
        }
        None => {
            temp_home = tempfile::Builder::new().prefix("emu-blastem-").tempdir()?;
            temp_home.path()
        }
    };
    write_config(home, opts.pads)?;
    let rom_abs = rom.canonicalize().with_context(|| format!("ROM {}", rom.display()))?;

    let mut script = format!("b {addr:x}\n");
    for _ in 0..hits {
        script.push_str("c\n");
    }
    let mut expected = Vec::new();
    for &(a, len) in reads {
        let cmds = read_cmds(a, len);
        for (expr, _) in &cmds {
            script.push_str(&format!("p/x {expr}\n"));
        }
        expected.push(cmds);
    }
    script.push_str("p/x frame\n");
    for c in &opts.extra_commands {
        script.push_str(c);
        script.push('\n');
    }
    script.push_str("q\n");

    let mut child = Command::new(&blastem)
        .args(["-t", "-d", "-g", "-r", "U", "-m", "gen"])
        .arg(&rom_abs)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local").join("share"))
        .env("SDL_VIDEODRIVER", "offscreen")
        .env("SDL_AUDIODRIVER", "dummy")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {}", blastem.display()))?;

    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
        // dropping stdin closes it
    });
    let mut out_pipe = child.stdout.take().expect("stdout");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let mut err_pipe = child.stderr.take().expect("stderr");
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });

    let deadline = Instant::now() + opts.timeout;
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if Instant::now() >= deadline {
            timed_out = true;
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let transcript = format!("{stdout}{stderr}");
    let tail = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    };
    let seen_hits = stdout.matches("Breakpoint 0 hit").count() as u32;
    if timed_out {
        bail!(
            "blastem timed out after {:?} ({seen_hits}/{hits} breakpoint hits at {addr:#x}); last output:\n{}",
            opts.timeout,
            tail(&transcript)
        );
    }
    ensure!(
        seen_hits == hits,
        "blastem exited ({:?}) after {seen_hits}/{hits} breakpoint hits at {addr:#x}; last output:\n{}",
        status,
        tail(&transcript)
    );

    // Parse "0xff0000.l: 78" answers in order.
    let mut pos = stdout.rfind("Breakpoint 0 hit").unwrap_or(0);
    let mut value_of = |expr: &str| -> Result<u32> {
        let needle = format!("{expr}: ");
        let at = stdout[pos..].find(&needle).with_context(|| format!("no answer to `p/x {expr}` in blastem output:\n{}", tail(&stdout)))?;
        let start = pos + at + needle.len();
        let hex: String = stdout[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        pos = start + hex.len();
        u32::from_str_radix(&hex, 16).with_context(|| format!("bad value {hex:?} for {expr}"))
    };
    let mut out_reads = Vec::new();
    for cmds in &expected {
        let mut buf = Vec::new();
        for (expr, n) in cmds {
            let v = value_of(expr)?;
            buf.extend_from_slice(&v.to_be_bytes()[4 - n..]);
        }
        out_reads.push(buf);
    }
    let frame = value_of("frame").ok();
    Ok(Output { reads: out_reads, frame, hits: seen_hits, transcript })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_chunking() {
        let c: Vec<String> = read_cmds(0xFF0001, 8).into_iter().map(|(e, _)| e).collect();
        assert_eq!(c, ["0xff0001.b", "0xff0002.l", "0xff0006.w", "0xff0008.b"]);
    }
}
