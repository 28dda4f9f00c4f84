//! Whether a 68000 build loads megacollide's LLVM fix plugin: the rule of the hardware
//! crate's build script (build.rs), also tested on the host (tests/fix_plugin.rs).

use std::path::PathBuf;

/// The file name of megacollide's LLVM fix plugin (`tools/llvm-fixes`).
pub const PLUGIN_NAME: &str = "libm68k_fixes.so";

/// What the rustflags say about the fix plugin.
#[derive(Debug, PartialEq, Eq)]
pub enum Plugin {
    /// Loaded from this existing file.
    Loaded(PathBuf),
    /// Named, but the file does not exist.
    Missing(PathBuf),
    /// Not named at all.
    NotLoaded,
}

/// The fix plugin in cargo's `CARGO_ENCODED_RUSTFLAGS` (flags separated by 0x1F):
/// `-Zllvm-plugins=A,B`, or `-Z` followed by `llvm-plugins=A,B`, naming a file called
/// [`PLUGIN_NAME`].
pub fn find(encoded_rustflags: &str) -> Plugin {
    let flags: Vec<&str> = encoded_rustflags.split('\x1f').collect();
    let mut named = None;
    for (i, flag) in flags.iter().enumerate() {
        let value = match flag.strip_prefix("-Z").map(str::trim_start) {
            Some("") => flags.get(i + 1).and_then(|next| next.strip_prefix("llvm-plugins=")),
            Some(rest) => rest.strip_prefix("llvm-plugins="),
            None => None,
        };
        for path in value.into_iter().flat_map(|v| v.split(',')).map(PathBuf::from) {
            if path.file_name().is_some_and(|n| n == PLUGIN_NAME) {
                if path.is_file() {
                    return Plugin::Loaded(path);
                }
                named = Some(path);
            }
        }
    }
    named.map_or(Plugin::NotLoaded, Plugin::Missing)
}
