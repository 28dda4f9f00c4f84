//! The on-target runner's own check (`make test` runs it through tools/testrunner/check.sh):
//! a 68000 test binary whose tests pass, panic, fault and hang on purpose. The run must go on
//! after each failure, report every one with its message, and fail as a whole. Only built for
//! the 68000 (empty on the host).
#![cfg(target_arch = "m68k")]
#![no_std]
#![no_main]
#![feature(custom_test_frameworks)]
#![test_runner(megacollide_testrt::run)]
#![reexport_test_harness_main = "test_main"]

/// Entered from `_start` (the ROM's startup.s).
#[no_mangle]
pub extern "C" fn main() -> ! {
    test_main();
    megacollide_testrt::finished()
}

#[test_case]
fn a_passes() {
    assert_eq!(core::hint::black_box(2) + 2, 4);
}

#[test_case]
fn b_panics() {
    let v = core::hint::black_box(41) + 1;
    assert_eq!(v, 43, "deliberate failure, v = {v}");
}

#[test_case]
fn c_address_error() {
    // A word read at an odd address: 68000 address error (vector 3).
    let p = core::hint::black_box(0xFF_0001u32) as *const u16;
    // SAFETY: not safe on purpose: the exception is what this test checks.
    let v = unsafe { core::ptr::read_volatile(p) };
    core::hint::black_box(v);
}

#[test_case]
fn d_hangs() {
    loop {
        core::hint::spin_loop();
    }
}

#[test_case]
fn e_deep_stack_then_panic() {
    // Fails deep in a call chain: the runner must restore its own stack pointer.
    fn down(n: u32) -> u32 {
        let buf = core::hint::black_box([n; 16]);
        if n == 0 {
            panic!("bottom reached");
        }
        down(n - 1) + buf[3]
    }
    core::hint::black_box(down(core::hint::black_box(40)));
}

#[test_case]
fn f_passes_after_failures() {
    let mut s = 0u32;
    for i in 0..100u32 {
        s += core::hint::black_box(i);
    }
    assert_eq!(s, 4950);
}
