//! Build script of the ROM crate (only ever built for m68k-unknown-none-elf): compiles the
//! demo's music and effects (`levels/sound/`, beside its levels and sprite sheets) into
//! `$OUT_DIR/sound.rs` with romtool's library, as every game's build script does
//! ([`romtool_sound::build_script`]). The start-up code and the memory map come with the hardware
//! crate (`src/megadrive/build.rs`).

fn main() {
    romtool_sound::build_script::compile_sound("levels/sound");
}
