//! Level data compiled from `levels/` by `romtool levels` (see tools/romtool/README.md):
//! tile ids, row tables and engine `Map`s, entities, and the VDP graphics of every shape,
//! drawn from the engine's own shape tables.
#![allow(dead_code)]

include!(concat!(env!("CARGO_MANIFEST_DIR"), "/out/gen/levels.rs"));
