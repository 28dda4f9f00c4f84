//! Build script: compiles the levels of `levels/` (Tiled `.tmj`/`.tmx`, 16Tile `.h`) into
//! `levels.rs` and `art.rs`, the sprite sheets of `sprites/` into `sprites.rs`, and the
//! music and effects of `sound/` into `sound.rs`, in `OUT_DIR` (`src/main.rs` includes
//! them), with megacollide's romtool. Cargo reruns it when a file there changes; a bad file stops the build with its file and line. The
//! start-up code and the memory map come with the `megadrive` crate.

fn main() {
    romtool_levels::build_script::compile_levels("levels");
    romtool_sprites::build_script::compile_sprites("sprites");
    romtool_sound::build_script::compile_sound("sound");
}
