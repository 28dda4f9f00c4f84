//! What happens when things go wrong: the panic handler and the 68000 exception handler.
//! Both set the fault marker and message in [`SYSVARS`] (for tests), then redraw the screen
//! from scratch with the message in red, and stop.

use crate::sysvars::{FAULT_EXCEPTION, FAULT_PANIC, SYSVARS};
use crate::{rt, screen};
use core::fmt::Write;
use megadrive::rt::ExceptionFrame;

/// The panic handler: "PANIC" and "file:line: message" on screen and in RAM.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    rt::interrupts_off();
    let mut msg: heapless::String<{ crate::sysvars::MESSAGE_BYTES }> = heapless::String::new();
    let line = info.location().map_or(0, |l| l.line());
    if let Some(loc) = info.location() {
        let _ = write!(msg, "{}:{}: ", loc.file(), loc.line());
    }
    let _ = write!(msg, "{}", info.message());
    SYSVARS.fault_info.set(line);
    SYSVARS.set_message(msg.as_bytes());
    SYSVARS.fault.set(FAULT_PANIC);
    let mut con = screen::fault_screen("PANIC");
    con.print(&msg);
    fault_halt()
}

/// Entered from the exception stubs in startup.s with the vector number and the address
/// of the exception stack frame.
#[no_mangle]
pub extern "C" fn exception_handler(vector: u32, frame: ExceptionFrame) -> ! {
    let pc = frame.pc(vector);
    SYSVARS.fault_info.set(vector);
    SYSVARS.set_message(megadrive::rt::exception_name(vector).as_bytes());
    SYSVARS.fault.set(FAULT_EXCEPTION);
    let mut con = screen::fault_screen("EXCEPTION");
    con.print(megadrive::rt::exception_name(vector));
    con.print("\nVECTOR ");
    con.hex(vector, 2);
    con.print("  PC ");
    con.hex(pc, 6);
    fault_halt()
}

/// Where every fault ends: spins forever with interrupts off. A named, never-inlined symbol
/// so that debuggers and tests can break on it.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fault_halt() -> ! {
    loop {
        core::hint::spin_loop();
    }
}
