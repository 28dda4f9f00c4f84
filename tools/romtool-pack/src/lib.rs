//! romtool's packer: what turns the linked 68000 ELF into a cartridge image.
//!
//! * [`pack`]: the ELF into a padded Mega Drive ROM ([`pack::pack`]: long-branch rewrites,
//!   banks past 4 MiB for the Sega mapper);
//! * [`header`]: the Sega header and the checksum ([`header::write_header`], [`header::checksum`]);
//! * [`manifest`]: the game's `[package.metadata.megacollide]` settings (save RAM);
//! * [`compress`]: a file of big-endian words into an MCZ stream for `megadrive::unpack`
//!   (`romtool compress`).
//!
//! ```
//! // The checksum the header carries: the 16-bit sum of the big-endian words from 0x200 on.
//! let mut rom = vec![0u8; 0x204];
//! rom[0x200..].copy_from_slice(&[0x12, 0x34, 0x00, 0x01]);
//! assert_eq!(romtool_pack::header::checksum(&rom), 0x1235);
//! ```
#![deny(missing_docs)]

pub mod compress;
pub mod header;
pub mod manifest;
pub mod pack;
