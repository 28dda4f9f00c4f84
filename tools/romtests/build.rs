//! Compiles the template game's levels and sprite sheets (`src/template/`, what `make
//! new-game` copies) into `OUT_DIR` the way the game's own build script does, so
//! `tests/template.rs` knows the art and the sprites the template's ROM must show.

fn main() {
    romtool_levels::build_script::compile_levels("../../src/template/levels");
    romtool_sprites::build_script::compile_sprites("../../src/template/sprites");
}
