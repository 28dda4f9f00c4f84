//! Level data compiled from `levels/` by `romtool levels` (see tools/romtool/README.md),
//! shared with the game rules: it lives in the `megacollide-game` crate.
pub use megacollide_game::levels::*;
