//! BlastEm harness tests against the assembler test ROM.

mod common;

use std::time::{Duration, Instant};

use common::{sym, test_rom};
use emu::blastem::{self, Options, Stop};
use emu::testrom::ALIVE_MAGIC;

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes(b.try_into().unwrap())
}

/// Stop::VBlanks(n) stops at the entry of the (n+1)-th VBlank interrupt: exactly n
/// handler runs have completed.
#[test]
fn vblanks_counter_and_marker() {
    let t = Instant::now();
    let reads = [(sym("frame_counter"), 4), (sym("alive_marker"), 4), (sym("pad_state"), 2), (0xFF0001, 7)];
    let out = blastem::run_with(&test_rom().bin, Stop::VBlanks(120), &reads, &Options::default()).unwrap();
    assert_eq!(be32(&out.reads[0]), 120);
    assert_eq!(be32(&out.reads[1]), ALIVE_MAGIC);
    assert_eq!(out.reads[2], [0, 0], "no input: pad released");
    assert_eq!(out.reads[3], [0, 0, 120, 0, 0, 0, 0], "unaligned read");
    assert_eq!(out.hits, 121);
    assert!(out.frame.is_some());
    assert!(t.elapsed() < Duration::from_secs(20), "took {:?}", t.elapsed());
}

#[test]
fn breakpoint_on_symbol() {
    let handler = sym("vblank_handler");
    let r = blastem::run(&test_rom().bin, Stop::Breakpoint { addr: handler, hits: 5 }, &[(sym("frame_counter"), 4)]).unwrap();
    assert_eq!(be32(&r[0]), 4);
}

#[test]
fn never_hit_breakpoint_times_out() {
    let t = Instant::now();
    let opts = Options { timeout: Duration::from_secs(3), ..Options::default() };
    // default_handler only runs on an unexpected exception.
    let err = blastem::run_with(&test_rom().bin, Stop::Breakpoint { addr: sym("default_handler"), hits: 1 }, &[], &opts).unwrap_err();
    assert!(err.to_string().contains("timed out"), "{err:#}");
    assert!(t.elapsed() < Duration::from_secs(10));
}
