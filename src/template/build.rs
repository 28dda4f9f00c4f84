//! Build script: the game's levels are compiled by `romtool levels` (the Makefile) into
//! out/gen/levels.rs, which src/main.rs includes. The start-up code and the memory map come
//! with the `megadrive` crate (its build links them into every binary that uses it).

fn main() {
    println!("cargo:rerun-if-changed=out/gen/levels.rs");
}
