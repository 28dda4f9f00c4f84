//! The toolchain self-test: the checks of `megacollide-selftest` run on the 68000 (ROM
//! built with the selftest feature) must give exactly the values they give on the host,
//! at the release and the dev profile, and with the plugin's code improvements switched off;
//! and the same ROM built WITHOUT the LLVM fix plugin must not, which proves the fixes are
//! what makes the difference.

use megacollide_selftest::CHECKS;
use romtests::*;

/// Frames allowed for all checks (they take about a second of 68000 time).
const FRAME_LIMIT: u32 = 600;
/// The unfixed build's miscompiled VRAM clear alone takes about 750 frames.
const NOFIX_FRAME_LIMIT: u32 = 5000;

/// What one self-test ROM produced.
struct Outcome {
    finished: bool,
    current: u32,
    values: Vec<u32>,
    fault: u32,
    message: String,
}

fn run(name: &str, frame_limit: u32) -> Outcome {
    let rom = Rom::load(name).unwrap();
    let st = rom.sym("SELFTEST");
    let sv = rom.sym("SYSVARS");
    let (_lock, mut gx) = gpgx_with(&rom);
    let finished = gx
        .run_until(frame_limit, emu::Pad::NONE, |gx| gx.read_u32_be(st) == DONE_MAGIC || gx.read_u32_be(sv + sysvars::FAULT) != 0)
        .is_some()
        && gx.read_u32_be(st) == DONE_MAGIC;
    let count = gx.read_u32_be(st + 4) as usize;
    let values = (0..count).map(|i| gx.read_u32_be(st + 12 + 4 * i as u32)).collect();
    Outcome {
        finished,
        current: gx.read_u32_be(st + 8),
        values,
        fault: gx.read_u32_be(sv + sysvars::FAULT),
        message: c_string(&gx.read_bytes(sv + sysvars::MESSAGE, sysvars::MESSAGE_BYTES)),
    }
}

/// Names of the checks whose 68000 value differs from the host's.
fn mismatches(out: &Outcome) -> Vec<String> {
    CHECKS
        .iter()
        .zip(&out.values)
        .filter_map(|(check, &got)| {
            let want = (check.run)();
            (got != want).then(|| format!("{}: 68000 0x{got:08X}, host 0x{want:08X}", check.name))
        })
        .collect()
}

fn assert_matches_host(name: &str) {
    let out = run(name, FRAME_LIMIT);
    assert_eq!(out.fault, 0, "{name}: fault marker set: {}", out.message);
    assert!(
        out.finished,
        "{name}: did not finish in {FRAME_LIMIT} frames; stuck in check {} ({})",
        out.current,
        CHECKS.get(out.current as usize).map_or("?", |c| c.name)
    );
    assert_eq!(out.values.len(), CHECKS.len(), "{name}: number of checks");
    let bad = mismatches(&out);
    assert!(bad.is_empty(), "{name}: values differ from the host:\n{}", bad.join("\n"));
}

#[test]
fn release_profile_matches_host() {
    if !built(&["selftest-release.md", "selftest-release.elf"]) {
        return;
    }
    assert_matches_host("selftest-release");
}

#[test]
fn dev_profile_matches_host() {
    if !built(&["selftest-dev.md", "selftest-dev.elf"]) {
        return;
    }
    assert_matches_host("selftest-dev");
}

/// The release build with the bug fixes but without the LLVM plugin's code improvements
/// (`M68K_FIXES_DISABLE=improvements`): the baseline the improvements are measured and
/// proven against (`make bench`, codegen_* keys).
#[test]
fn without_the_code_improvements_matches_host() {
    if !built(&["selftest-nopass.md", "selftest-nopass.elf"]) {
        return;
    }
    assert_matches_host("selftest-nopass");
}

#[test]
fn without_the_fixes_the_selftest_fails() {
    if !built(&["selftest-nofix.md", "selftest-nofix.elf"]) {
        return;
    }
    let mut out = run("selftest-nofix", NOFIX_FRAME_LIMIT);
    let mut bad = Vec::new();
    if !out.finished {
        // Compare what was stored before the hang (the running check's slot only if written).
        let cur = out.current as usize;
        let stored = if out.values.get(cur).is_some_and(|&v| v != 0) { cur + 1 } else { cur };
        out.values.truncate(stored);
        bad.push(format!("hung after {stored} of {} checks", CHECKS.len()));
    }
    bad.extend(mismatches(&out));
    eprintln!("selftest-nofix: {} problem(s): {bad:#?}", bad.len());
    assert!(
        !bad.is_empty() || out.fault != 0,
        "the self-test built without the LLVM fix plugin passed: the test no longer proves the fixes matter"
    );
}
