//! Runtime glue the toolchain expects: `abort` (what `llvm.trap` calls) and the VBlank
//! handler body; interrupt control comes from the hardware crate (`megadrive::rt`).

use crate::sysvars::SYSVARS;

pub use megadrive::rt::{interrupts_off, interrupts_on};

/// Called by the level-6 interrupt entry in startup.s once per frame.
#[no_mangle]
pub extern "C" fn vblank_handler() {
    SYSVARS.frames.set(SYSVARS.frames.get().wrapping_add(1));
}

/// Returns the number of VBlanks since boot.
pub fn frames() -> u32 {
    SYSVARS.frames.get()
}

/// Waits for the next VBlank interrupt.
pub fn wait_vblank() {
    let start = frames();
    while frames() == start {}
}

/// `llvm.trap` lowers to a call of `abort`: report it like a panic.
#[no_mangle]
pub extern "C" fn abort() -> ! {
    panic!("abort() called (llvm.trap)")
}
