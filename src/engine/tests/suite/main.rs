//! The engine's unit tests, shared by the host and the 68000.
//!
//! On the host this is an ordinary libtest test binary (`cargo test -p megacollide-engine`).
//! Built for `m68k-unknown-none-elf` (`cargo test-m68k`, see
//! tools/testrunner/README.md) the very same tests become a `no_std` Mega Drive cartridge: the custom test
//! framework hands them to `megacollide_testrt::run`, and the cargo runner
//! (tools/testrunner) runs the cartridge in Genesis Plus GX and reports like libtest.
//!
//! Every test is declared with both attributes:
//! `#[cfg_attr(not(target_arch = "m68k"), test)]` and
//! `#[cfg_attr(target_arch = "m68k", test_case)]`, and uses only `core` (no allocation).
#![cfg_attr(target_arch = "m68k", no_std, no_main)]
#![cfg_attr(target_arch = "m68k", feature(custom_test_frameworks))]
#![cfg_attr(target_arch = "m68k", test_runner(megacollide_testrt::run))]
#![cfg_attr(target_arch = "m68k", reexport_test_harness_main = "test_main")]

mod refmodel;

mod invariants;
mod map;
mod mask;
mod mem;
mod motion;
mod platformer;
mod shapes;

/// Entered from `_start` (the ROM's startup.s) with RAM initialised.
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn main() -> ! {
    test_main();
    megacollide_testrt::finished()
}
