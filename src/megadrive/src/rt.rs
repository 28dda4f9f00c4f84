//! Runtime pieces every cartridge needs, made safe: interrupt masking (routines in
//! `asm/startup.s`), RAM cells shared with interrupt handlers ([`Shared`]) or owned by the
//! main loop ([`MainOnly`]), and the exception stack frame ([`ExceptionFrame`]).
//!
//! `asm/startup.s` (vectors, TMSS, RAM init, stack fill) calls, by name, functions the
//! cartridge defines: `main` (never returns), `vblank_handler` (each VBlank) and
//! `exception_handler(vector: u32, frame: ExceptionFrame) -> !`.

use core::cell::UnsafeCell;

extern "C" {
    fn enable_interrupts();
    fn disable_interrupts();
}

/// Unmasks all interrupts (SR = 0x2000).
pub fn interrupts_on() {
    // SAFETY: assembly routine in asm/startup.s that only writes SR.
    unsafe { enable_interrupts() }
}

/// Masks all interrupts (SR = 0x2700).
pub fn interrupts_off() {
    // SAFETY: as for `interrupts_on`.
    unsafe { disable_interrupts() }
}

/// A RAM value written by the main program or an interrupt handler and read by the other
/// (or by tests from outside): every access is one volatile load or store.
#[repr(transparent)]
pub struct Shared<T: Copy>(UnsafeCell<T>);

// SAFETY: the 68000 is single-core; every access is a single volatile load or store of an
// aligned word, so the interrupt handler and the main program never see a torn value.
unsafe impl<T: Copy> Sync for Shared<T> {}

impl<T: Copy> Shared<T> {
    /// A cell holding `v`.
    pub const fn new(v: T) -> Self {
        Shared(UnsafeCell::new(v))
    }
    /// Volatile read.
    #[inline(always)]
    pub fn get(&self) -> T {
        // SAFETY: aligned, always initialised, single-core (see `Sync` above).
        unsafe { core::ptr::read_volatile(self.0.get()) }
    }
    /// Volatile write.
    #[inline(always)]
    pub fn set(&self, v: T) {
        // SAFETY: as for `get`.
        unsafe { core::ptr::write_volatile(self.0.get(), v) }
    }
}

/// A RAM value owned by the main program (never touched by interrupt handlers), e.g. the
/// game world: a `static` that the main loop borrows mutably.
#[repr(transparent)]
pub struct MainOnly<T>(UnsafeCell<T>);

// SAFETY: only the main program (one thread, no re-entrancy) accesses it; see `with`.
unsafe impl<T> Sync for MainOnly<T> {}

impl<T> MainOnly<T> {
    /// Wraps the initial value.
    pub const fn new(v: T) -> Self {
        MainOnly(UnsafeCell::new(v))
    }
    /// Runs `f` with the value borrowed mutably. Must not be called from an interrupt
    /// handler or from inside `f` for the same value (nested borrows).
    #[inline(always)]
    pub fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        // SAFETY: single-core, main program only and never nested (the contract above),
        // so this is the only live reference.
        f(unsafe { &mut *self.0.get() })
    }
}

/// The exception stack frame `asm/startup.s` passes to `exception_handler`: the supervisor
/// stack pointer at exception entry. Only the start-up code makes one.
#[repr(transparent)]
pub struct ExceptionFrame(*const u16);

impl ExceptionFrame {
    /// The program counter the 68000 stacked for exception `vector` (bus and address
    /// errors, vectors 2 and 3, push four extra words before SR and PC).
    pub fn pc(&self, vector: u32) -> u32 {
        let skip = if vector == 2 || vector == 3 { 4 } else { 0 };
        // SAFETY: the frame is the stack pointer at exception entry (only startup.s makes
        // an ExceptionFrame); the 68000 pushed at least SR (1 word) and PC (2 words) there,
        // after `skip` words of fault information.
        unsafe {
            let p = self.0.add(skip + 1);
            ((core::ptr::read_volatile(p) as u32) << 16) | core::ptr::read_volatile(p.add(1)) as u32
        }
    }
}
