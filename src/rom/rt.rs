//! Runtime glue the toolchain expects: interrupt control (in startup.s), `abort`
//! (what `llvm.trap` calls) and the VBlank handler body. `__mulsi3` is in startup.s.

use crate::sysvars::SYSVARS;

extern "C" {
    fn enable_interrupts();
    fn disable_interrupts();
}

/// Unmasks all interrupts (SR = 0x2000).
pub fn interrupts_on() {
    // SAFETY: assembly routine that only writes SR (see src/rom/startup.s).
    unsafe { enable_interrupts() }
}

/// Masks all interrupts (SR = 0x2700).
pub fn interrupts_off() {
    // SAFETY: as for `interrupts_on`.
    unsafe { disable_interrupts() }
}

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
