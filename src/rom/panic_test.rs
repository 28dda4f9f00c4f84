//! Panic-test mode (feature `panic-test`): panics on purpose, so the tests can check the
//! panic screen and the fault record. Kept in its own file so the line in the message
//! (`src/rom/panic_test.rs:LINE`) does not move when the rest of the ROM changes.

/// Panics at frame 30.
pub fn after_frame(frame: u32) {
    if frame >= 30 {
        panic!("deliberate test panic at frame {}", frame);
    }
}
