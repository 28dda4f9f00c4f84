//! `m68k-testrunner`: the cargo runner of `m68k-unknown-none-elf` test binaries
//! (`.cargo/config.toml`: `target.m68k-unknown-none-elf.runner`).
//!
//! `m68k-testrunner ELF [FILTER...] [--exact] [--skip PATTERN] [--list] [--frame-limit N]`
//!
//! 1. Packs the ELF into a cartridge exactly like `romtool pack` (header, checksum, 68020
//!    `bra.l`/`bsr.l` rewritten) and runs the disassembly gate (m68k-gate) on the packed ELF.
//! 2. Runs the cartridge in Genesis Plus GX; talks to the runner in megacollide-testrt
//!    through RAM (addresses from the ELF's symbols): selects the tests (filters), collects
//!    each test's result and failure message as it ends.
//! 3. Prints `test NAME ... ok|FAILED` lines, the failures and the `test result:` summary
//!    like libtest; exits 101 when a test failed, hung or the whole run hit the frame limit.
//!
//! After the run it checks the stack's high-water mark (the start-up code fills the stack
//! with a pattern): a run that used all of it fails.
//!
//! A test running longer than `--test-frame-limit` frames (default 30,000 = 8 1/3 emulated
//! minutes, about 13 s here; env `MEGACOLLIDE_TEST_FRAME_LIMIT`) is abandoned and fails: the
//! 68000's VBlank handler jumps back into the runner. The whole run stops at `--frame-limit`
//! frames (default 200,000; env `MEGACOLLIDE_RUN_FRAME_LIMIT`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use emu::{Gpgx, Pad, PadKind, Symbols};
use megacollide_testrt as rt;
use rt::control;

/// What the ROM's startup.s fills the stack area with ("ST").
const STACK_FILL: u16 = 0x5354;

struct Args {
    elf: PathBuf,
    filters: Vec<String>,
    skips: Vec<String>,
    exact: bool,
    list: bool,
    test_frame_limit: u64,
    frame_limit: u64,
}

fn env_u64(name: &str, default: u64) -> Result<u64> {
    match std::env::var(name) {
        Ok(v) => v.parse().with_context(|| format!("{name}={v:?} is not a number")),
        Err(_) => Ok(default),
    }
}

fn parse_args() -> Result<Args> {
    let mut it = std::env::args().skip(1);
    let elf = PathBuf::from(it.next().context("usage: m68k-testrunner ELF [FILTER...] [--exact] [--skip P] [--list]")?);
    let mut a = Args {
        elf,
        filters: Vec::new(),
        skips: Vec::new(),
        exact: false,
        list: false,
        test_frame_limit: env_u64("MEGACOLLIDE_TEST_FRAME_LIMIT", 30_000)?,
        frame_limit: env_u64("MEGACOLLIDE_RUN_FRAME_LIMIT", 200_000)?,
    };
    while let Some(s) = it.next() {
        match s.as_str() {
            "--exact" => a.exact = true,
            "--list" => a.list = true,
            "--skip" => a.skips.push(it.next().context("--skip wants a pattern")?),
            "--test-frame-limit" => a.test_frame_limit = it.next().context("--test-frame-limit wants N")?.parse()?,
            "--frame-limit" => a.frame_limit = it.next().context("--frame-limit wants N")?.parse()?,
            // libtest options that mean nothing here (one CPU, output is always captured).
            "--nocapture" | "--show-output" | "--quiet" | "-q" => {}
            "--test-threads" | "--color" => {
                it.next();
            }
            t if t.starts_with("--test-threads=") || t.starts_with("--color=") => {}
            t if t.starts_with('-') => bail!("m68k-testrunner: unsupported option {t}"),
            _ => a.filters.push(s),
        }
    }
    Ok(a)
}

fn main() {
    match run() {
        Ok(true) => {}
        Ok(false) => std::process::exit(101),
        Err(e) => {
            eprintln!("m68k-testrunner: error: {e:#}");
            std::process::exit(101);
        }
    }
}

/// Packs the ELF like `romtool pack` and gates the packed ELF like `m68k-gate`. Returns the
/// ROM image and the packed ELF's bytes.
fn pack_and_gate(elf: &Path) -> Result<(Vec<u8>, Vec<u8>)> {
    let data = std::fs::read(elf).with_context(|| format!("{}: cannot read", elf.display()))?;
    let info = romtool_pack::header::HeaderInfo { title: "MEGACOLLIDE TESTS".into(), ..Default::default() };
    let packed = romtool_pack::pack::pack(&data, &info).map_err(|e| anyhow::anyhow!("{}: {e}", elf.display()))?;
    let dir = tempfile::tempdir()?;
    let packed_path = dir.path().join("packed.elf");
    std::fs::write(&packed_path, &packed.elf)?;
    let objdump = std::env::var("M68K_OBJDUMP").unwrap_or_else(|_| "m68k-linux-gnu-objdump".into());
    let text = m68k_gate::disassemble_elf(&objdump, &packed_path).map_err(anyhow::Error::msg)?;
    let report = m68k_gate::check_text(&text, &m68k_gate::Options::default());
    if !report.findings.is_empty() {
        for f in report.findings.iter().take(20) {
            eprintln!("  {f}");
        }
        bail!(
            "{}: the disassembly gate found {} problem(s) in {} functions (68000-only code, no flag clobbers)",
            elf.display(),
            report.findings.len(),
            report.functions_checked
        );
    }
    eprintln!(
        "m68k-testrunner: {}: packed ({} bytes, {} long branches rewritten), gate OK ({} functions)",
        elf.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
        packed.used_bytes,
        packed.patches.len(),
        report.functions_checked
    );
    Ok((packed.rom, packed.elf))
}

/// The test's name as libtest prints it: the Rust path without the crate name.
fn display_name(path: &str) -> String {
    match path.split_once("::") {
        Some((_, rest)) => rest.to_string(),
        None => path.to_string(),
    }
}

struct Mem<'a> {
    gx: &'a mut Gpgx,
    ctl: u32,
}
impl Mem<'_> {
    fn get(&self, off: u32) -> u32 {
        self.gx.read_u32_be(self.ctl + off)
    }
    fn set(&mut self, off: u32, v: u32) {
        self.gx.write_u32_be(self.ctl + off, v)
    }
    /// Runs one frame with the pads the running test asked for (`TESTRT_CONTROL.pad1` and
    /// `pad2`: the kind of pad in each port and the buttons held; see `megacollide_testrt::pads`).
    fn step(&mut self) -> Result<()> {
        let mut held = [Pad::NONE; 2];
        for (port, off) in [control::PAD1, control::PAD2].into_iter().enumerate() {
            let want = self.get(off);
            let kind = if want & rt::pads::SIX_BUTTON != 0 { PadKind::SixButton } else { PadKind::ThreeButton };
            if self.gx.pad_kind(port) != kind {
                self.gx.plug_pad(port, kind)?;
            }
            held[port] = Pad::from_bits((want & rt::pads::BUTTONS) as u16);
        }
        self.gx.run_frame_2p(held[0], held[1]);
        Ok(())
    }
}

fn run() -> Result<bool> {
    let args = parse_args()?;
    let (rom, packed_elf) = pack_and_gate(&args.elf)?;
    let syms = Symbols::parse(&packed_elf)?;
    let ctl = syms.require("TESTRT_CONTROL")?;
    let names_at = syms.require("TESTRT_NAMES")?;
    let select_at = syms.require("TESTRT_SELECT")?;
    let message_at = syms.require("TESTRT_MESSAGE")?;

    let mut gx = Gpgx::open_default()?;
    gx.load_rom(&rom)?;
    let started = Instant::now();
    let mut frames: u64 = 0;
    let mut mem = Mem { gx: &mut gx, ctl };

    // Boot until the runner has written its test table.
    loop {
        let magic = mem.get(control::MAGIC);
        if magic == rt::MAGIC_READY {
            break;
        }
        if magic == rt::MAGIC_OVERFLOW {
            bail!("{} tests: more than the runner's {} (megacollide-testrt MAX_TESTS)", mem.get(control::COUNT), rt::MAX_TESTS);
        }
        if magic == rt::MAGIC_ERROR {
            bail!("the 68000 failed before the first test: {}", message(&mem, message_at));
        }
        if frames >= 600 {
            bail!("the test ROM did not start within 600 frames (no runner ready marker)");
        }
        mem.gx.run_frame(Pad::NONE);
        frames += 1;
    }
    let count = mem.get(control::COUNT) as usize;
    let mut names = Vec::with_capacity(count);
    for i in 0..count as u32 {
        let addr = mem.gx.read_u32_be(names_at + 8 * i);
        let len = mem.gx.read_u32_be(names_at + 8 * i + 4);
        let bytes = mem.gx.try_read_bytes(addr, len as usize)?;
        names.push(display_name(&String::from_utf8_lossy(&bytes)));
    }
    let selected: Vec<bool> = names
        .iter()
        .map(|n| {
            let hit = |p: &String| if args.exact { n == p } else { n.contains(p.as_str()) };
            (args.filters.is_empty() || args.filters.iter().any(hit)) && !args.skips.iter().any(hit)
        })
        .collect();
    let n_selected = selected.iter().filter(|&&s| s).count();
    if args.list {
        for (n, _) in names.iter().zip(&selected).filter(|(_, s)| **s) {
            println!("{n}: test");
        }
        println!();
        println!("{n_selected} tests, 0 benchmarks");
        return Ok(true);
    }
    for (i, &s) in selected.iter().enumerate() {
        mem.gx.write_u8(select_at + i as u32, s as u8);
    }
    println!();
    println!("running {n_selected} test{} on the 68000 (Genesis Plus GX)", if n_selected == 1 { "" } else { "s" });
    mem.set(control::GO, rt::GO);

    let mut passed = 0usize;
    let mut failed: Vec<(String, String)> = Vec::new();
    let mut ack = mem.get(control::SEQ);
    let mut test_start = frames;
    let mut last_current = u32::MAX;
    let mut aborted_at: Option<u64> = None;
    let mut fatal: Option<String> = None;
    loop {
        mem.step()?;
        frames += 1;
        let seq = mem.get(control::SEQ);
        if seq != ack {
            let i = mem.get(control::CURRENT) as usize;
            let status = mem.get(control::STATUS);
            let name = names.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
            if status == rt::STATUS_OK {
                println!("test {name} ... ok");
                passed += 1;
            } else {
                println!("test {name} ... FAILED");
                let mut msg = message(&mem, message_at);
                if aborted_at.is_some() {
                    msg.push_str(&format!(" [after {} frames; limit {}]", frames - test_start, args.test_frame_limit));
                }
                failed.push((name, msg));
            }
            let _ = std::io::stdout().flush();
            ack = seq;
            mem.set(control::ACK, ack);
            test_start = frames;
            aborted_at = None;
            last_current = u32::MAX;
            continue;
        }
        let magic = mem.get(control::MAGIC);
        if magic == rt::MAGIC_DONE {
            break;
        }
        if magic == rt::MAGIC_ERROR {
            fatal = Some(format!("the 68000 runner failed outside a test: {}", message(&mem, message_at)));
            break;
        }
        let cur = mem.get(control::CURRENT);
        if cur != last_current {
            last_current = cur;
            test_start = frames;
        }
        if frames - test_start > args.test_frame_limit && aborted_at.is_none() {
            // Hung test: the VBlank handler abandons it (fails it) at the next frame.
            mem.set(control::ABORT, 1);
            aborted_at = Some(frames);
        }
        if let Some(at) = aborted_at {
            if frames - at > 60 {
                let name = names.get(cur as usize).cloned().unwrap_or_default();
                fatal = Some(format!("test {name} hangs with interrupts masked ({} frames): cannot continue", frames - test_start));
                break;
            }
        }
        if frames >= args.frame_limit {
            fatal = Some(format!("the whole run hit the frame limit of {} frames", args.frame_limit));
            break;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    // Stack high-water mark: startup.s fills the stack area with STACK_FILL words.
    let (lo, hi) = (syms.require("__stack_bottom")?, syms.require("__stack_top")?);
    let stack = mem.gx.try_read_bytes(lo, (hi - lo) as usize)?;
    let untouched = stack.chunks(2).take_while(|w| w == &STACK_FILL.to_be_bytes()).count() * 2;
    eprintln!("m68k-testrunner: stack used {} of {} bytes", stack.len() - untouched, stack.len());
    if untouched == 0 && fatal.is_none() {
        fatal = Some(format!("stack overflow: the tests used all {} bytes of the stack", stack.len()));
    }
    if let Some(f) = &fatal {
        println!("error: {f}");
    }
    let ok = failed.is_empty() && fatal.is_none();
    if !failed.is_empty() {
        println!();
        println!("failures:");
        println!();
        for (name, msg) in &failed {
            println!("---- {name} stdout ----");
            println!("{msg}");
            println!();
        }
        println!("failures:");
        for (name, _) in &failed {
            println!("    {name}");
        }
    }
    println!();
    println!(
        "test result: {}. {passed} passed; {} failed; 0 ignored; 0 measured; {} filtered out; finished in {secs:.2}s ({frames} frames = {:.1} s on the 68000)",
        if ok { "ok" } else { "FAILED" },
        failed.len() + fatal.is_some() as usize,
        count - n_selected,
        frames as f64 / 60.0
    );
    println!();
    Ok(ok)
}

fn message(mem: &Mem, at: u32) -> String {
    let len = (mem.get(control::MESSAGE_LEN) as usize).min(rt::MESSAGE_BYTES);
    let bytes = mem.gx.read_bytes(at, len);
    let mut s = String::from_utf8_lossy(&bytes).into_owned();
    if len == rt::MESSAGE_BYTES {
        s.push_str(" [truncated]");
    }
    s
}
