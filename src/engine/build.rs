//! Build script of the engine: does something only when the engine's tests are built for
//! the 68000 (`m68k-unknown-none-elf`): `tests/suite` is then a Mega Drive cartridge (the
//! start-up code and the memory map come with the megacollide-testrt dev-dependency, from
//! the hardware crate) whose reference maps need a bigger stack. Host builds and the library
//! itself are unaffected.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("m68k") {
        return;
    }
    // The tests' reference maps live on the stack: 40 KiB of the 64 KiB RAM.
    println!("cargo:rustc-link-arg-tests=--defsym=__stack_size=0xA000");
}
