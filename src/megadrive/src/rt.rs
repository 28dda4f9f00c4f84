//! Runtime pieces every cartridge needs, made safe: interrupt masking (routines in
//! `asm/startup.s`), RAM cells shared with interrupt handlers (one word: [`Shared`]; larger
//! values, copied with interrupts masked: [`Masked`]) or owned by the main loop
//! ([`MainOnly`]), and the exception stack frame ([`ExceptionFrame`]).
//!
//! `asm/startup.s` (vectors, TMSS, RAM init, stack fill) calls, by name, functions the
//! cartridge defines: `main` (never returns), `vblank_handler` (each VBlank) and
//! `exception_handler(vector: u32, frame: ExceptionFrame) -> !`.
//!
//! ```
//! use megadrive::rt::{MainOnly, Masked, Shared};
//!
//! /// VBlanks counted by the VBlank handler, read by the main loop.
//! static FRAMES: Shared<u16> = Shared::new(0);
//! /// The player's position, published each frame for the tests (an ELF symbol).
//! static PLAYER: Masked<[i16; 2]> = Masked::new([0; 2]);
//! /// The game's state, owned by the main loop.
//! static WORLD: MainOnly<[i16; 4]> = MainOnly::new([0; 4]);
//!
//! FRAMES.set(FRAMES.get() + 1); // in `vblank_handler`
//! let x = WORLD.with(|w| {
//!     w[0] += 3;
//!     w[0]
//! });
//! PLAYER.set([x, 7]);
//! assert_eq!((FRAMES.get(), PLAYER.get()), (1, [3, 7]));
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`Shared`]: crate::rt::Shared
//! [`Masked`]: crate::rt::Masked
//! [`MainOnly`]: crate::rt::MainOnly
//! [`ExceptionFrame`]: crate::rt::ExceptionFrame

use core::cell::UnsafeCell;
use core::sync::atomic::{compiler_fence, Ordering};

extern "C" {
    fn enable_interrupts();
    fn disable_interrupts();
}

#[cfg(target_arch = "m68k")]
extern "C" {
    /// Masks all interrupts and returns the status register as it was (asm/startup.s).
    fn mask_interrupts() -> u32;
    /// Writes `sr`'s low word back to the status register (asm/startup.s).
    fn restore_interrupts(sr: u32);
}

/// Masks all interrupts; returns the mask to give back to [`unmask`]. (The host build has no
/// interrupts: nothing to mask.)
#[inline(always)]
fn mask() -> u32 {
    #[cfg(target_arch = "m68k")]
    // SAFETY: an assembly routine of asm/startup.s that reads SR and sets its mask to 7.
    return unsafe { mask_interrupts() };
    #[cfg(not(target_arch = "m68k"))]
    0
}

/// Gives back the interrupt mask [`mask`] returned (a handler's own level stays masked).
#[inline(always)]
fn unmask(sr: u32) {
    #[cfg(target_arch = "m68k")]
    // SAFETY: an assembly routine of asm/startup.s that writes back the SR `mask` read.
    unsafe {
        restore_interrupts(sr)
    }
    #[cfg(not(target_arch = "m68k"))]
    let _ = sr;
}

/// Unmasks all interrupts (SR = 0x2000).
///
/// ```no_run
/// use megadrive::{rt, vdp};
/// rt::interrupts_off();
/// vdp::init();
/// vdp::display_on();
/// rt::interrupts_on(); // the VBlank handler runs from now on
/// ```
pub fn interrupts_on() {
    // SAFETY: assembly routine in asm/startup.s that only writes SR.
    unsafe { enable_interrupts() }
}

/// Masks all interrupts (SR = 0x2700).
///
/// ```no_run
/// use megadrive::rt;
/// rt::interrupts_off(); // a change the VBlank handler must not see half done
/// // ... update what the handler reads ...
/// rt::interrupts_on();
/// ```
pub fn interrupts_off() {
    // SAFETY: as for `interrupts_on`.
    unsafe { disable_interrupts() }
}

/// Stops the program here for good (after a panic or a 68000 exception: with interrupts
/// off, nothing runs any more).
///
/// ```no_run
/// /// The end of a fatal error: log it and stop.
/// fn fatal(message: &str) -> ! {
///     megadrive::debug::log(message);
///     megadrive::rt::interrupts_off();
///     megadrive::rt::halt()
/// }
/// # let _ = fatal;
/// ```
pub fn halt() -> ! {
    loop {
        core::hint::spin_loop();
    }
}

mod sealed {
    pub trait Sealed {}
}

/// A value the 68000 loads and stores with one instruction (`move.b`, `move.w` or
/// `move.l`), which no interrupt can split: what a [`Shared`] cell holds. `u8`, `i8`,
/// `u16`, `i16`, `u32`, `i32` and `bool`; an array or a struct is a [`Masked`]'s, or a
/// [`Shared`] cell each.
///
/// ```
/// use megadrive::rt::Word;
/// fn one_access<T: Word>() -> usize {
///     core::mem::size_of::<T>()
/// }
/// assert_eq!(one_access::<u32>(), 4); // one move.l
/// ```
pub trait Word: Copy + sealed::Sealed {}

macro_rules! words {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Word for $t {}
    )*};
}
words!(u8, i8, u16, i16, u32, i32, bool);

/// A one-word RAM value ([`Word`]: 8, 16 or 32 bits) written by the main program or an
/// interrupt handler and read by the other (or by tests from outside): every access is one
/// volatile load or store, one instruction, which an interrupt cannot split. A larger
/// value is a [`Masked`]'s.
///
/// ```
/// use megadrive::rt::Shared;
/// /// Plane A's scroll: set by the main loop, written to the VDP by the VBlank handler.
/// static SCROLL_X: Shared<i16> = Shared::new(0);
/// SCROLL_X.set(-16);
/// assert_eq!(SCROLL_X.get(), -16);
/// ```
///
/// An array is not one word (a handler could see half of a copy):
///
/// ```compile_fail
/// use megadrive::rt::Shared;
/// static PAIR: Shared<[u16; 2]> = Shared::new([0; 2]);
/// ```
#[repr(transparent)]
pub struct Shared<T: Word>(UnsafeCell<T>);

// SAFETY: the 68000 is single-core and takes interrupts between instructions; every access
// is a single volatile load or store of a `Word` (one instruction), so the interrupt handler
// and the main program never see a torn value.
unsafe impl<T: Word> Sync for Shared<T> {}

impl<T: Word> Shared<T> {
    /// A cell holding `v`.
    ///
    /// ```
    /// use megadrive::rt::Shared;
    /// static LINE: Shared<u16> = Shared::new(0xFFFF); // "not measured yet"
    /// assert_eq!(LINE.get(), 0xFFFF);
    /// ```
    pub const fn new(v: T) -> Self {
        Shared(UnsafeCell::new(v))
    }
    /// Volatile read.
    ///
    /// ```no_run
    /// use megadrive::rt::Shared;
    /// static VBLANKS: Shared<u32> = Shared::new(0); // counted by the VBlank handler
    /// let start = VBLANKS.get();
    /// while VBLANKS.get() == start {} // wait for the next VBlank
    /// ```
    #[inline(always)]
    pub fn get(&self) -> T {
        // SAFETY: aligned, always initialised, one instruction (see `Sync` above).
        unsafe { core::ptr::read_volatile(self.0.get()) }
    }
    /// Volatile write.
    ///
    /// ```
    /// use megadrive::rt::Shared;
    /// static VBLANKS: Shared<u32> = Shared::new(0);
    /// VBLANKS.set(VBLANKS.get().wrapping_add(1)); // in `vblank_handler`
    /// assert_eq!(VBLANKS.get(), 1);
    /// ```
    #[inline(always)]
    pub fn set(&self, v: T) {
        // SAFETY: as for `get`.
        unsafe { core::ptr::write_volatile(self.0.get(), v) }
    }
}

/// A RAM value of any size (an array, a struct) shared between the main program and
/// interrupt handlers, or published for readers outside the program (tests through its ELF
/// symbol; `repr(transparent)`: the symbol's bytes are the value's): [`Masked::get`] and
/// [`Masked::set`] copy the whole value with interrupts masked, the mask restored after (in
/// a handler, its own level), so no handler sees or makes half of a copy.
///
/// The cost: two calls (`mask_interrupts`, `restore_interrupts` in asm/startup.s: 134
/// 68000 cycles with the register moves around them) besides the copy, during which an
/// interrupt waits (a horizontal interrupt of [`crate::raster`] too: set a large value in
/// VBlank while raster effects are on). A value of one word is a [`Shared`]'s, without the
/// masking.
///
/// ```
/// use megadrive::rt::Masked;
/// /// Both pads' buttons, read each frame, for the tests.
/// static PADS: Masked<[u16; 2]> = Masked::new([0; 2]);
/// PADS.set([0x0010, 0]);
/// assert_eq!(PADS.get(), [0x0010, 0]);
/// ```
#[repr(transparent)]
pub struct Masked<T: Copy>(UnsafeCell<T>);

// SAFETY: the 68000 is single-core; every access is a volatile copy made with all
// interrupts masked, so no interrupt handler runs inside one (and the value moves between
// the main program and handlers: `Send`).
unsafe impl<T: Copy + Send> Sync for Masked<T> {}

impl<T: Copy> Masked<T> {
    /// A cell holding `v`.
    ///
    /// ```
    /// use megadrive::rt::Masked;
    /// static RESULT: Masked<[u32; 4]> = Masked::new([0; 4]);
    /// assert_eq!(RESULT.get(), [0; 4]);
    /// ```
    pub const fn new(v: T) -> Self {
        Masked(UnsafeCell::new(v))
    }

    /// A volatile copy of the value, made with interrupts masked.
    ///
    /// ```
    /// use megadrive::rt::Masked;
    /// static STATE: Masked<(u16, i16)> = Masked::new((1, -1));
    /// let (frames, x) = STATE.get();
    /// assert_eq!((frames, x), (1, -1));
    /// ```
    #[inline(always)]
    pub fn get(&self) -> T {
        let sr = mask();
        // SAFETY: aligned, always initialised; no interrupt handler runs until `unmask` (and
        // the main program does not run inside a handler), so nothing writes it meanwhile.
        let v = unsafe { core::ptr::read_volatile(self.0.get()) };
        unmask(sr);
        v
    }

    /// Writes `v` with one volatile copy, made with interrupts masked.
    ///
    /// ```
    /// use megadrive::rt::Masked;
    /// static CHECKS: Masked<[u8; 3]> = Masked::new([0; 3]);
    /// CHECKS.set([1, 2, 3]);
    /// assert_eq!(CHECKS.get(), [1, 2, 3]);
    /// ```
    #[inline(always)]
    pub fn set(&self, v: T) {
        let sr = mask();
        // SAFETY: as for `get`: nothing else reads or writes it until `unmask`.
        unsafe { core::ptr::write_volatile(self.0.get(), v) };
        unmask(sr);
    }
}

/// A value the main program publishes for readers outside it (tests and debuggers, through
/// its ELF symbol) that may look at any moment, between any two of its instructions: an
/// emulator's frame can end in the middle of a copy, and a [`Masked`] value read then is half
/// old, half new. `Published` keeps two copies and the index of the complete one: [`set`]
/// writes the other copy, then the index (one byte: a single write). Written by the main
/// program only (not from interrupt handlers).
///
/// The layout readers rely on (`repr(C)`): the two copies at the symbol's address, each
/// `size_of::<T>()` bytes, then the index byte (0 or 1) at `2 * size_of::<T>()`: read the
/// index, then that copy (`emu::Gpgx::read_published` does).
///
/// ```
/// use megadrive::rt::Published;
/// /// The player's position, for the tests.
/// static PLAYER: Published<[i16; 2]> = Published::new([0; 2]);
/// PLAYER.set([120, 64]);
/// assert_eq!(PLAYER.get(), [120, 64]);
/// ```
///
/// [`set`]: Published::set
#[repr(C)]
pub struct Published<T: Copy> {
    copies: UnsafeCell<[T; 2]>,
    current: UnsafeCell<u8>,
}

// SAFETY: the 68000 is single-core and only the main program calls `set` and `get` (no
// interrupt handler does, as the type's doc says), so no two accesses overlap.
unsafe impl<T: Copy + Send> Sync for Published<T> {}

impl<T: Copy> Published<T> {
    /// A value `v` (both copies, index 0).
    ///
    /// ```
    /// use megadrive::rt::Published;
    /// static SCORE: Published<u32> = Published::new(0);
    /// assert_eq!(SCORE.get(), 0);
    /// ```
    pub const fn new(v: T) -> Self {
        Published { copies: UnsafeCell::new([v, v]), current: UnsafeCell::new(0) }
    }

    /// The value last published.
    ///
    /// ```
    /// use megadrive::rt::Published;
    /// static LIVES: Published<u8> = Published::new(3);
    /// LIVES.set(2);
    /// assert_eq!(LIVES.get(), 2);
    /// ```
    pub fn get(&self) -> T {
        // SAFETY: main program only (see the type): nothing writes meanwhile; the index is 0
        // or 1.
        unsafe {
            let i = core::ptr::read_volatile(self.current.get()) as usize & 1;
            core::ptr::read_volatile(&(*self.copies.get())[i])
        }
    }

    /// Publishes `v`: written into the copy readers are not reading, then made current.
    ///
    /// ```
    /// use megadrive::rt::Published;
    /// static FRAME: Published<(u32, u16)> = Published::new((0, 0));
    /// FRAME.set((60, 1));
    /// FRAME.set((61, 2));
    /// assert_eq!(FRAME.get(), (61, 2));
    /// ```
    pub fn set(&self, v: T) {
        // SAFETY: main program only (see the type); the copy written is not the current one,
        // and the index byte is written after it (volatile writes keep their order).
        unsafe {
            let next = (core::ptr::read_volatile(self.current.get()) ^ 1) & 1;
            core::ptr::write_volatile(&mut (*self.copies.get())[next as usize], v);
            core::ptr::write_volatile(self.current.get(), next);
        }
    }
}

/// A RAM value owned by the main program (never touched by interrupt handlers), e.g. the
/// game world: a `static` that the main loop borrows mutably through [`MainOnly::with`].
///
/// A borrow flag makes the "one borrow at a time" rule a checked one: a nested call of
/// `with` for the same value (from inside its closure, or from an interrupt handler that
/// interrupted it) panics instead of handing out a second `&mut`.
///
/// ```should_panic
/// use megadrive::rt::MainOnly;
///
/// static SCORE: MainOnly<u16> = MainOnly::new(0);
/// SCORE.with(|_| SCORE.with(|s| *s += 1)); // nested: panics
/// ```
pub struct MainOnly<T> {
    value: UnsafeCell<T>,
    /// True while a `with` call has the value borrowed (one volatile byte).
    borrowed: Shared<bool>,
}

// SAFETY: the 68000 is single-core; `with` hands out the only `&mut` to the value, checked
// by the borrow flag (a handler that interrupts a borrow finds the flag set and panics; one
// that runs between borrows ends its own before the main program continues).
unsafe impl<T> Sync for MainOnly<T> {}

impl<T> MainOnly<T> {
    /// Wraps the initial value.
    ///
    /// ```
    /// use megadrive::rt::MainOnly;
    /// static HISCORE: MainOnly<u32> = MainOnly::new(10_000);
    /// assert_eq!(HISCORE.with(|h| *h), 10_000);
    /// ```
    pub const fn new(v: T) -> Self {
        MainOnly { value: UnsafeCell::new(v), borrowed: Shared::new(false) }
    }

    /// Runs `f` with the value borrowed mutably.
    ///
    /// # Panics
    /// When the value is already borrowed: `with` called again for the same value from
    /// inside `f` (nested), or from an interrupt handler while the main program is inside
    /// `f`.
    ///
    /// ```
    /// use megadrive::rt::MainOnly;
    /// static LEVEL: MainOnly<[u8; 4]> = MainOnly::new([0; 4]);
    /// LEVEL.with(|l| l[2] = 9); // one borrow ...
    /// assert_eq!(LEVEL.with(|l| l[2]), 9); // ... then the next
    /// ```
    #[inline(always)]
    pub fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        if self.borrowed.get() {
            nested_borrow();
        }
        self.borrowed.set(true);
        compiler_fence(Ordering::SeqCst);
        // Clears the flag when `f` returns (or unwinds, on the host).
        let _release = Release(&self.borrowed);
        // SAFETY: the flag was clear and is set until `_release` drops, so this is the only
        // live reference to the value (single core; see `Sync` above).
        f(unsafe { &mut *self.value.get() })
    }
}

/// Clears a [`MainOnly`] borrow flag when dropped.
struct Release<'a>(&'a Shared<bool>);

impl Drop for Release<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        compiler_fence(Ordering::SeqCst);
        self.0.set(false);
    }
}

#[cold]
#[inline(never)]
fn nested_borrow() -> ! {
    panic!("MainOnly::with: nested call (the value is already borrowed)")
}

/// The exception stack frame `asm/startup.s` passes to `exception_handler`: the supervisor
/// stack pointer at exception entry. Only the start-up code makes one.
///
/// ```no_run
/// use megadrive::debug::{self, Number};
/// use megadrive::rt::{self, ExceptionFrame};
///
/// #[no_mangle]
/// pub extern "C" fn exception_handler(vector: u32, frame: ExceptionFrame) -> ! {
///     debug::write(rt::exception_name(vector));
///     debug::log(Number::hex32(frame.pc(vector)).as_str());
///     rt::halt()
/// }
/// ```
#[repr(transparent)]
pub struct ExceptionFrame(*const u16);

impl ExceptionFrame {
    /// The program counter the 68000 stacked for exception `vector` (bus and address
    /// errors, vectors 2 and 3, push four extra words before SR and PC).
    ///
    /// ```no_run
    /// use megadrive::rt::ExceptionFrame;
    /// use megadrive::text::Console;
    ///
    /// /// The fault screen's last line: where it happened.
    /// fn show_pc(vector: u32, frame: &ExceptionFrame) {
    ///     let mut line = Console::at(0, 27, 0);
    ///     line.print("PC ");
    ///     line.hex(frame.pc(vector), 6);
    /// }
    /// # let _ = show_pc;
    /// ```
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

/// The name of 68000 exception `vector` (as the exception handler receives it), for a fault
/// screen or a test report: `"address error"` for vector 3.
///
/// ```
/// assert_eq!(megadrive::rt::exception_name(3), "address error");
/// assert_eq!(megadrive::rt::exception_name(33), "TRAP");
/// ```
pub const fn exception_name(vector: u32) -> &'static str {
    match vector {
        2 => "bus error",
        3 => "address error",
        4 => "illegal instruction",
        5 => "divide by zero",
        6 => "CHK",
        7 => "TRAPV",
        8 => "privilege violation",
        9 => "trace",
        10 => "line 1010",
        11 => "line 1111",
        24 => "spurious interrupt",
        25..=31 => "interrupt",
        32..=47 => "TRAP",
        _ => "reserved vector",
    }
}

#[cfg(test)]
mod tests {
    use super::MainOnly;

    static WORLD: MainOnly<u32> = MainOnly::new(0);

    #[test]
    fn borrows_one_after_the_other() {
        static CELL: MainOnly<u32> = MainOnly::new(1);
        CELL.with(|v| *v += 1);
        assert_eq!(CELL.with(|v| *v), 2);
    }

    #[test]
    #[should_panic(expected = "MainOnly::with: nested call")]
    fn a_nested_call_panics() {
        WORLD.with(|outer| {
            // A second `&mut` to the same value: caught by the borrow flag.
            WORLD.with(|inner| *inner += 1);
            *outer += 1;
        });
    }

    #[test]
    fn the_flag_is_released_after_a_caught_nested_call() {
        static CELL: MainOnly<u32> = MainOnly::new(0);
        let nested = std::panic::catch_unwind(|| CELL.with(|_| CELL.with(|v| *v = 7)));
        assert!(nested.is_err(), "the nested call panicked");
        assert_eq!(CELL.with(|v| *v), 0, "the inner closure never ran, and the value is free again");
    }
}
