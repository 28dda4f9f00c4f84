//! Host-side tools of megacollide. `pack` turns the linked 68000 ELF into a Mega Drive ROM.
#![deny(missing_docs)]

pub mod header;
pub mod output;
pub mod pack;
