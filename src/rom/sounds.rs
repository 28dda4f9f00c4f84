//! The demo's music and sound effects: `src/rom/sound/` compiled by romtool's `sound`
//! (`build.rs`; the files are made by `tools/sound/compose.py`, credits in
//! `src/rom/sound/README.md`).

#![allow(dead_code)] // every sound is compiled in; the game plays some of them

include!(concat!(env!("OUT_DIR"), "/sound.rs"));
