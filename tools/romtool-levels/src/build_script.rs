//! For a game's build script (`build.rs`): compiles the game's levels into `OUT_DIR`, so the
//! game builds with plain cargo and cargo reruns the compile when a level, a tileset or a sheet
//! changes. A bad file fails the build with its file, line and column; warnings are cargo
//! warnings.
//!
//! ```no_run
//! romtool_levels::build_script::compile_levels("levels"); // OUT_DIR/levels.rs, art.rs
//! ```

use romtool_common::build_script::{fail, out_dir, source_dir, write_all};
use std::path::Path;

/// Compiles every level file of the folder `dir` (relative to the crate) into `levels.rs`
/// and `art.rs` in `OUT_DIR` (see [`crate`]). A kind's `sprite` member names a sheet
/// of the sprite folder beside `dir` (`sprites/`).
pub fn compile_levels(dir: impl AsRef<Path>) {
    let dir = source_dir(dir.as_ref());
    let sprites = crate::kinds::sprites_beside(&dir).map(|d| romtool_sprites::sheet_names(&d));
    let opts = crate::Options { dir, out_dir: out_dir(), preview_dir: None, grid: false, require: Vec::new(), sprites };
    match crate::build_outputs(&opts) {
        Ok((levels, files)) => {
            for w in levels.iter().flat_map(|l| &l.warnings) {
                println!("cargo:warning=warning: {w}");
            }
            write_all(files);
        }
        Err(diags) => fail(&diags, crate::error_count(&diags), &opts.dir),
    }
}
