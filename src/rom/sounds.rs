//! The demo's music and sound effects: `levels/sound/` compiled by romtool's `sound`
//! (`build.rs`; the files are made by `tools/sound/compose.py`, credits in
//! `levels/sound/README.md`).

#![allow(dead_code)] // every sound is compiled in; the game plays some of them

include!(concat!(env!("OUT_DIR"), "/sound.rs"));
