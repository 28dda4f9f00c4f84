//! What the tests against the real bench ELF share: where the ELF is, and the one rule for
//! a missing ELF.

use std::io::Write;

/// The output directory: `$MEGACOLLIDE_OUT` (set by `make test`) or the repository's `out/`.
#[allow(dead_code)] // elf.rs uses it, differential.rs does not
pub fn out_dir() -> String {
    std::env::var("MEGACOLLIDE_OUT").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../out").to_string())
}

/// The bench ELF's bytes (`out/bench.elf`, or `$BENCH_ELF`). Under plain `cargo test`
/// (neither `MEGACOLLIDE_OUT` nor `BENCH_ELF` set; `make` does not build the ELF) a missing
/// ELF gives `None` after printing which test is not run and which command runs it: the test
/// then returns. Under `make test` a missing or unreadable ELF fails the test.
#[allow(dead_code)] // raster.rs times the examples' ELF, not this one
pub fn bench_elf() -> Option<Vec<u8>> {
    let explicit = std::env::var_os("MEGACOLLIDE_OUT").is_some() || std::env::var_os("BENCH_ELF").is_some();
    let path = std::env::var("BENCH_ELF").unwrap_or_else(|_| format!("{}/bench.elf", out_dir()));
    match std::fs::read(&path) {
        Ok(elf) => Some(elf),
        Err(e) if !explicit && e.kind() == std::io::ErrorKind::NotFound => {
            let test = std::thread::current().name().unwrap_or("this test").to_string();
            // Straight to stderr: libtest hides eprintln! of a passing test.
            let line = format!("{test}: NOT RUN under plain `cargo test`: {path} not built; `make test` builds it and runs this test (or `make out/bench.elf`, then cargo test again)");
            // One write, so parallel tests do not interleave it.
            let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
            None
        }
        Err(e) => panic!("{path}: {e} (build it: make out/bench.elf)"),
    }
}
