//! Self-test mode (feature `selftest`): runs every check of the `megacollide-selftest` crate
//! on the 68000, shows the values on screen and stores them in [`SELFTEST`] for the tests,
//! which compare them with the same checks run on the host.
//!
//! `SELFTEST` layout (ELF symbol, big-endian): +0 `done` ("DONE" when finished),
//! +4 `count` (number of checks), +8 `current` (index of the check running: a hang shows
//! where), +12 `values` (one u32 per check, in `CHECKS` order).

use megacollide_selftest::{CHECKS, MAX_CHECKS};
use megadrive::rt::Shared;
use megadrive::text::Console;

/// "DONE": every check ran.
pub const DONE_MAGIC: u32 = 0x444F_4E45;

/// The results block read by the tests.
#[repr(C)]
pub struct SelfTest {
    /// `DONE_MAGIC` when all checks ran.
    pub done: Shared<u32>,
    /// Number of checks.
    pub count: Shared<u32>,
    /// Index of the check that is running.
    pub current: Shared<u32>,
    /// One value per check.
    pub values: [Shared<u32>; MAX_CHECKS],
}

/// The results block.
#[no_mangle]
pub static SELFTEST: SelfTest =
    SelfTest { done: Shared::new(0), count: Shared::new(0), current: Shared::new(0), values: [const { Shared::new(0) }; MAX_CHECKS] };

/// Runs all checks (called once from `main` after the display is up).
pub fn run() {
    SELFTEST.count.set(CHECKS.len() as u32);
    let mut y = 6;
    for (i, (check, cell)) in CHECKS.iter().zip(SELFTEST.values.iter()).enumerate() {
        SELFTEST.current.set(i as u32);
        let v = (check.run)();
        cell.set(v);
        let mut con = Console::at(1, y, 0);
        con.hex(v, 8);
        con.put(b' ');
        con.print(check.name);
        y += 1;
    }
    SELFTEST.done.set(DONE_MAGIC);
    Console::at(1, 5, 0).print("SELFTEST DONE");
}
