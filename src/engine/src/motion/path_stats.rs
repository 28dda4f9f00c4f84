//! How many moves took each path, counted per thread (feature `path-stats`, host tests
//! only): the property tests use it to prove that the table paths run, not only the full
//! move.

use super::Path;
use std::cell::Cell;

std::thread_local! {
    static COUNTS: Cell<PathCounts> = const { Cell::new(PathCounts { on_surface: 0, in_air: 0, across_chains: 0, full: 0, full_with_boxes: 0 }) };
}

/// Moves per path since the thread started (or [`reset`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathCounts {
    /// Walks read from a compiled surface.
    pub on_surface: u64,
    /// Flights through compiled open air.
    pub in_air: u64,
    /// Full moves whose walk went past a chain's end and was read along the chains.
    pub across_chains: u64,
    /// Full moves through the map alone.
    pub full: u64,
    /// Full moves with solid boxes in reach.
    pub full_with_boxes: u64,
}

pub(super) fn count(p: Path) {
    COUNTS.with(|c| {
        let mut v = c.get();
        match p {
            Path::OnSurface => v.on_surface += 1,
            Path::InAir => v.in_air += 1,
            Path::AcrossChains => v.across_chains += 1,
            Path::Full => v.full += 1,
            Path::FullWithBoxes => v.full_with_boxes += 1,
        }
        c.set(v);
    });
}

/// This thread's counts.
pub fn counts() -> PathCounts {
    COUNTS.with(|c| c.get())
}

/// Sets this thread's counts to zero.
pub fn reset() {
    COUNTS.with(|c| c.set(PathCounts::default()));
}

/// Runs `f` without counting its moves (a surface compiler's probes, say).
pub fn without_counting<R>(f: impl FnOnce() -> R) -> R {
    let saved = counts();
    let r = f();
    COUNTS.with(|c| c.set(saved));
    r
}
