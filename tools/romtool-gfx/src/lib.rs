//! The Mega Drive graphics of romtool, shared by the art layers of the level compiler and the
//! sprite sheets:
//!
//! * [`cells`]: 9-bit colours, 8x8 cells of 4 bits per pixel, flips, palette lines;
//! * [`png_read`]: tiles and frames read from a PNG with bounded cost ([`png_read::frames_rgba`],
//!   [`png_read::tile_rgba`], [`png_read::decode_with`]);
//! * [`png_write`]: 8-bit PNG files (previews, the collision tileset).
//!
//! ```
//! use romtool_gfx::cells::{expand, quantise};
//! // 8-bit channels become the nearest of the Mega Drive's 8 levels, and come back as multiples of 36.
//! assert_eq!(expand(quantise([255, 0, 36])), [252, 0, 36]);
//! ```
#![deny(missing_docs)]

pub mod cells;
pub mod png_read;
pub mod png_write;
