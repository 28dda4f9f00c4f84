//! For a game's build script (`build.rs`): compiles the game's sounds into `OUT_DIR`, so the
//! game builds with plain cargo and cargo reruns the compile when a sound file changes.
//!
//! ```no_run
//! romtool_sound::build_script::compile_sound("sound"); // OUT_DIR/sound.rs
//! ```

use romtool_common::build_script::{fail, out_dir, source_dir, write_all};
use std::path::Path;

/// Compiles the music (`music/*.vgm`, `*.vgz`) and effects (`effects/*.wav`, `*.vgm`) of
/// the folder `dir` (relative to the crate) into `sound.rs` in `OUT_DIR` (see [`crate`]):
/// one `static` per file, named after it. Any error fails the build, naming the file.
pub fn compile_sound(dir: impl AsRef<Path>) {
    let dir = source_dir(dir.as_ref());
    match crate::build(&dir) {
        Ok((code, _)) => write_all(vec![(out_dir().join("sound.rs"), code.into_bytes())]),
        Err(errors) => fail(&errors, errors.len(), &dir),
    }
}
