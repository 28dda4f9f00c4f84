//! Host-side tools of megacollide. `pack` turns the linked 68000 ELF into a Mega Drive ROM;
//! `levels` compiles the level files into ROM data (see [`levels`]).
#![deny(missing_docs)]

pub mod cells;
pub mod header;
pub mod levels;
pub mod output;
pub mod pack;
