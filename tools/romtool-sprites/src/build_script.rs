//! For a game's build script (`build.rs`): compiles the game's sprite sheets into `OUT_DIR`,
//! so the game builds with plain cargo and cargo reruns the compile when a sheet changes.
//!
//! ```no_run
//! romtool_sprites::build_script::compile_sprites("sprites"); // OUT_DIR/sprites.rs
//! ```

use romtool_common::build_script::{fail, out_dir, source_dir, write_all};
use std::path::Path;

/// Compiles the sprite sheets of the folder `dir` (relative to the crate; PNG + JSON each,
/// and an optional `palette.gpl`) into `sprites.rs` in `OUT_DIR` (see [`crate`]). Any error
/// fails the build, naming the file and line.
pub fn compile_sprites(dir: impl AsRef<Path>) {
    let dir = source_dir(dir.as_ref());
    match crate::build_outputs(&dir, &out_dir()) {
        Ok((_, files)) => write_all(files),
        Err(diags) => fail(&diags, diags.len(), &dir),
    }
}
