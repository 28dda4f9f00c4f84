//! The demo game's rules, without any hardware access: the world (player, patrolling
//! enemies, moving platforms, potatoes for the pixel-perfect test, camera), the sprite art
//! and masks, the attract-mode input script and the RAM layouts tests read ([`state`],
//! [`sysvars`]).
//!
//! The ROM (`src/rom/`) draws this world and feeds it pad input; host tests run the very same
//! code with the same inputs and must get a bit-identical trajectory.
//!
//! Units: positions are pixel-space (1 unit = 1 pixel, origin at the map's top-left) unless
//! a field says sub-pixels (1/8 pixel, the engine's `SubPx`) or fine speed (1/256 pixel per
//! frame, the engine's `Speed`). Time is in frames (60 per second, NTSC).
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod art;
pub mod draw;
pub mod look;
pub mod script;
pub mod state;
pub mod sysvars;
pub mod world;

/// Level data compiled from every file in `levels/` by romtool's level compiler (this crate's
/// `build.rs`): tile ids, engine maps, entities and the shapes' VDP graphics. [`LEVELS`]
/// (`levels::LEVELS`) lists them all; nothing else in the game names a level.
#[allow(missing_docs, dead_code)]
pub mod levels {
    include!(concat!(env!("OUT_DIR"), "/levels.rs"));

    /// The index of `level` in [`LEVELS`] (the level select's order; the index of its art
    /// in `level_art::LEVEL_ART`), if it is one of them.
    pub fn index_of(level: &Level) -> Option<usize> {
        LEVELS.iter().position(|l| core::ptr::eq(*l, level))
    }

    /// The level compiled from the file with stem `name` (`demo` for `demo.tmj`), if any.
    pub fn named(name: &str) -> Option<&'static Level> {
        LEVELS.iter().copied().find(|l| l.name == name)
    }
}

/// The levels' art layers (Tiled tile layers drawn by the VDP, romtool's `levels/art.rs`):
/// VDP tiles, palette lines and the name-table words of planes B and A per level.
/// `level_art::LEVEL_ART[i]` is the art of `LEVELS[i]` (`None`: the level has no art layers
/// and the ROM draws its collision shapes).
#[allow(missing_docs, dead_code)]
pub mod level_art {
    include!(concat!(env!("OUT_DIR"), "/art.rs"));
}

pub use levels::LEVELS;

pub use script::{ScriptPlayer, ATTRACT};
pub use state::GameState;
pub use world::{Actions, World};
