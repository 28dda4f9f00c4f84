//! Host-side tools of megacollide. `pack` turns the linked 68000 ELF into a Mega Drive ROM;
//! `levels` compiles the level files into ROM data (see [`levels`]); `sprites` turns PNG
//! sprite sheets into sprite tiles and masks (see [`sprites`]), with an optional GIMP palette
//! file ([`gpl`]); `sound` turns VGM/VGZ music and WAV or VGM effects into the Z80 sound
//! driver's data (see [`sound`]); `compress` packs a file of words (tiles, maps) into an
//! MCZ stream for `megadrive::unpack` (see [`compress`]). A game's build script compiles its levels, sheets and
//! sounds with [`build_script`].
#![deny(missing_docs)]

pub mod build_script;
pub mod compress;
pub mod header;
pub mod levels;
pub mod manifest;
pub mod pack;
