//! Level data compiled from `levels/` by `romtool levels` (see tools/romtool/README.md),
//! shared with the demo's rules (it lives in the `megacollide-demo` crate), and what the level
//! view (`megacollide-level-view`) reads of it.

use megacollide_demo::level_art::{self, LEVEL_ART};
use megacollide_demo::levels;
pub use megacollide_demo::levels::*;
use megacollide_level_view::{romtool_level, romtool_shapes, Level as ViewLevel, Shapes};

/// The collision shapes' graphics (the same for every level).
pub const SHAPES: Shapes<'static> = romtool_shapes!(levels);

/// `level` as the level view reads it: its tiles, height-tile graphics and art layers (out
/// of line: only on a level change).
#[inline(never)]
pub fn view_of(level: &'static Level) -> ViewLevel<'static> {
    let art = index_of(level).and_then(|i| LEVEL_ART[i]);
    romtool_level!(level, art, level_art)
}

// The art cells lie after the sprites' tiles (only in the game build, not in the
// self-test and panic-test ROMs).
#[cfg(not(any(feature = "selftest", feature = "panic-test")))]
const _: () = assert!(crate::sprites::END_TILE <= level_art::FIRST_ART_TILE);
