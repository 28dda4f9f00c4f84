//! The bench's fixed scene: `levels/bench.tmj` of this crate (a copy of the demo course as it
//! was at 2c18f25, with its collision tileset), compiled by romtool's level compiler in this
//! crate's `build.rs`. The bench ELF (`src/main.rs`) and the host runner (`tools/bench`) both
//! take the map from here (and the benchmarks' shared data and logic: [`shared`]), so
//! renaming or editing the game's levels in `levels/` never moves
//! a cycle count. Target-neutral and `no_std`: built for the 68000 with the ELF and for the
//! host with the runner.
#![no_std]
#![forbid(unsafe_code)]

pub mod shared;

/// The compiled scene: `BENCH` (the level: spawn point in pixels, entities), `BENCH_MAP` (the
/// engine map, 16x16-pixel tiles), `BENCH_TILES` (its tile ids, row-major) and the rest of
/// romtool's generated items (`levels::LEVELS` has the one level).
#[allow(missing_docs, dead_code)]
pub mod levels {
    include!(concat!(env!("OUT_DIR"), "/levels.rs"));
}
