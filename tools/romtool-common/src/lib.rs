//! What every compiler of romtool shares (levels, sprite sheets, sounds, the ROM packer):
//!
//! * [`diag`]: the one diagnostic type, [`diag::Diag`] (a file, a place in it, a message),
//!   and the collectors that cap the errors per file;
//! * [`folder`]: the one folder lister ([`folder::entries`]): every entry, sorted, so nothing
//!   in an asset folder is skipped silently;
//! * [`names`]: the one identifier rule ([`names::ident_of`]) that names generated Rust items
//!   after files, and the other Rust names and literals the generators write;
//! * [`text`]: reading input files with a size limit, and line / column numbers;
//! * [`jsonpos`]: the line and column of a value in a JSON document;
//! * [`output`]: writing outputs atomically (all or nothing);
//! * [`build_script`]: what a game's `build.rs` needs around a compiler.
//!
//! ```
//! use romtool_common::diag::{Diag, Loc};
//! use romtool_common::names::ident_of;
//! let d = Diag::new(std::path::Path::new("levels/1-1.h"), Loc::LineCol(3, 7), "expected a number");
//! assert_eq!(d.to_string(), "levels/1-1.h:3:7: expected a number");
//! assert_eq!(ident_of("1-1"), "L1_1");
//! ```
#![deny(missing_docs)]

pub mod build_script;
pub mod diag;
pub mod folder;
pub mod jsonpos;
pub mod names;
pub mod output;
pub mod text;
