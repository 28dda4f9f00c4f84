//! The 68000 side: test table, runner loop, panic handler, exception and VBlank handlers.

use core::cell::UnsafeCell;
use core::fmt::Write;
use core::ptr::{read_volatile, write_volatile};

use crate::{control, GO, MAGIC_DONE, MAGIC_ERROR, MAGIC_OVERFLOW, MAGIC_READY, MAX_TESTS, MESSAGE_BYTES};
use crate::{STATUS_FAILED, STATUS_OK};

/// A test the runner can run: any `fn()`; its name is its Rust path.
pub trait Testable {
    /// The test's path, e.g. `suite::map::static_map_in_rom` (the host drops the crate name).
    fn name(&self) -> &'static str;
    /// Runs the test (returns = passed; a panic = failed).
    fn run(&self);
}

impl<T: Fn()> Testable for T {
    fn name(&self) -> &'static str {
        core::any::type_name::<T>()
    }
    fn run(&self) {
        self()
    }
}

/// RAM the host reads and writes (single 68000, accessed with volatile loads and stores).
#[repr(transparent)]
pub struct Ram<T>(UnsafeCell<T>);
// SAFETY: one CPU; the VBlank handler only reads words and calls `testrt_resume`.
unsafe impl<T> Sync for Ram<T> {}

/// The control block (see the crate documentation and [`control`] for its layout).
#[no_mangle]
pub static TESTRT_CONTROL: Ram<[u32; control::SIZE as usize / 4]> = Ram(UnsafeCell::new([0; control::SIZE as usize / 4]));
/// For each test: address and length of its name (in ROM).
#[no_mangle]
pub static TESTRT_NAMES: Ram<[[u32; 2]; MAX_TESTS]> = Ram(UnsafeCell::new([[0; 2]; MAX_TESTS]));
/// Written by the host: 1 = run test `i`.
#[no_mangle]
pub static TESTRT_SELECT: Ram<[u8; MAX_TESTS]> = Ram(UnsafeCell::new([0; MAX_TESTS]));
/// The failure message of the test that ended last (`message_len` bytes, UTF-8).
#[no_mangle]
pub static TESTRT_MESSAGE: Ram<[u8; MESSAGE_BYTES]> = Ram(UnsafeCell::new([0; MESSAGE_BYTES]));

/// The running test (None between tests).
static CURRENT: Ram<Option<&'static dyn Testable>> = Ram(UnsafeCell::new(None));

fn ctl(offset: u32) -> *mut u32 {
    // SAFETY: offset < SIZE, word aligned.
    unsafe { (TESTRT_CONTROL.0.get() as *mut u32).add(offset as usize / 4) }
}
fn get(offset: u32) -> u32 {
    // SAFETY: see `ctl`.
    unsafe { read_volatile(ctl(offset)) }
}
fn set(offset: u32, v: u32) {
    // SAFETY: see `ctl`.
    unsafe { write_volatile(ctl(offset), v) }
}

extern "C" {
    fn testrt_call() -> u32;
    fn testrt_resume() -> !;
    fn enable_interrupts();
}

/// Writes the failure message, truncating at [`MESSAGE_BYTES`].
struct Message;
impl Message {
    fn clear() {
        set(control::MESSAGE_LEN, 0);
    }
}
impl Write for Message {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let mut len = get(control::MESSAGE_LEN) as usize;
        let buf = TESTRT_MESSAGE.0.get() as *mut u8;
        for &b in s.as_bytes() {
            if len >= MESSAGE_BYTES {
                break;
            }
            // SAFETY: len < MESSAGE_BYTES.
            unsafe { write_volatile(buf.add(len), b) };
            len += 1;
        }
        set(control::MESSAGE_LEN, len as u32);
        Ok(())
    }
}

/// Mega Drive VDP: mode 5, display on (black), VBlank interrupt on: the VBlank handler is
/// how a hung test is abandoned.
fn vdp_init() {
    let ctrl = 0xC0_0004 as *mut u16;
    for w in [0x8004u16, 0x8164, 0x8F02] {
        // SAFETY: the VDP control port; register writes.
        unsafe { write_volatile(ctrl, w) };
    }
}

/// The custom test framework's runner (`#![test_runner(megacollide_testrt::run)]`).
pub fn run(tests: &[&dyn Testable]) {
    if tests.len() > MAX_TESTS {
        set(control::COUNT, tests.len() as u32);
        set(control::MAGIC, MAGIC_OVERFLOW);
        halt();
    }
    let names = TESTRT_NAMES.0.get() as *mut u32;
    for (i, t) in tests.iter().enumerate() {
        let n = t.name();
        // SAFETY: i < MAX_TESTS.
        unsafe {
            write_volatile(names.add(2 * i), n.as_ptr() as u32);
            write_volatile(names.add(2 * i + 1), n.len() as u32);
        }
    }
    set(control::COUNT, tests.len() as u32);
    vdp_init();
    // SAFETY: sets SR to 0x2000 (startup.s).
    unsafe { enable_interrupts() };
    set(control::MAGIC, MAGIC_READY);
    while get(control::GO) != GO {}
    let select = TESTRT_SELECT.0.get() as *const u8;
    for (i, t) in tests.iter().enumerate() {
        // SAFETY: i < MAX_TESTS.
        if unsafe { read_volatile(select.add(i)) } == 0 {
            continue;
        }
        set(control::CURRENT, i as u32);
        set(control::ABORT, 0);
        set(control::PAD1, 0);
        set(control::PAD2, 0);
        Message::clear();
        // SAFETY: the reference lives as long as `tests` (this function's caller); it is
        // cleared again before this loop iteration ends.
        unsafe { *CURRENT.0.get() = Some(core::mem::transmute::<&dyn Testable, &'static dyn Testable>(*t)) };
        // SAFETY: testrt.s: calls testrt_run_current with the registers and SP saved.
        let abandoned = unsafe { testrt_call() };
        // SAFETY: single-threaded; the VBlank handler only reads it.
        unsafe { *CURRENT.0.get() = None };
        set(control::STATUS, if abandoned == 0 { STATUS_OK } else { STATUS_FAILED });
        let seq = get(control::SEQ).wrapping_add(1);
        set(control::SEQ, seq);
        while get(control::ACK) != seq {}
    }
    set(control::MAGIC, MAGIC_DONE);
}

/// Asks the host for pads: `port1` / `port2` are the buttons held (bits 0..=11, the
/// `megadrive::pad` layout) plus [`pads::SIX_BUTTON`](crate::pads::SIX_BUTTON) for a
/// 6-button pad. Returns after two VBlanks, the second in a frame the host ran with these
/// pads, so a pad read right after sees them.
pub fn hold_pads(port1: u32, port2: u32) {
    set(control::PAD1, port1);
    set(control::PAD2, port2);
    wait_frames(2);
}

/// Waits until `n` VBlank interrupts have happened (interrupts are on during tests).
pub fn wait_frames(n: u32) {
    let start = get(control::FRAMES);
    while get(control::FRAMES).wrapping_sub(start) < n {}
}

/// Called by `testrt_call` (testrt.s): runs the current test.
#[no_mangle]
pub extern "C" fn testrt_run_current() {
    // SAFETY: set by `run` just before.
    if let Some(t) = unsafe { *CURRENT.0.get() } {
        t.run();
    }
}

fn in_test() -> bool {
    // SAFETY: plain read.
    unsafe { (*CURRENT.0.get()).is_some() }
}

/// After the run: wait forever (the host stops the emulator).
pub fn finished() -> ! {
    halt()
}

#[inline(never)]
fn halt() -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// A failure outside any test: report it to the host and stop.
fn fatal() -> ! {
    set(control::MAGIC, MAGIC_ERROR);
    halt()
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    let mut m = Message;
    if let Some(loc) = info.location() {
        let _ = writeln!(m, "panicked at {}:{}:{}:", loc.file(), loc.line(), loc.column());
    } else {
        let _ = m.write_str("panicked:\n");
    }
    let _ = write!(m, "{}", info.message());
    if !in_test() {
        fatal();
    }
    // SAFETY: a test is running: testrt_call saved the state to go back to.
    unsafe { testrt_resume() }
}

/// Entered from the exception stubs in startup.s (vector number, exception stack frame).
#[no_mangle]
pub extern "C" fn exception_handler(vector: u32, frame: megadrive::rt::ExceptionFrame) -> ! {
    let pc = frame.pc(vector);
    let _ = write!(Message, "68000 exception: {} (vector {vector}) at PC {pc:#08x}", megadrive::rt::exception_name(vector));
    if !in_test() {
        fatal();
    }
    // SAFETY: as in the panic handler.
    unsafe { testrt_resume() }
}

/// Called by the level-6 interrupt entry in startup.s once per frame: counts frames and
/// abandons the current test when the host asks (it hangs).
#[no_mangle]
pub extern "C" fn vblank_handler() {
    set(control::FRAMES, get(control::FRAMES).wrapping_add(1));
    if get(control::ABORT) != 0 && in_test() {
        set(control::ABORT, 0);
        Message::clear();
        let _ = Message.write_str("abandoned: no result within the host's frame limit (hang?)");
        // SAFETY: as in the panic handler; the interrupt frame is dropped with the stack.
        unsafe { testrt_resume() }
    }
}

/// `llvm.trap` lowers to a call of `abort`: a failure like a panic.
#[no_mangle]
pub extern "C" fn abort() -> ! {
    panic!("abort() called (llvm.trap)")
}
