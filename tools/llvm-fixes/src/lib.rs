//! Host-side helper for the `tools/llvm-fixes` LLVM pass plugin.
//!
//! The plugin itself is C++ (`m68k_fixes.cpp`) and is built by `make -C tools/llvm-fixes`;
//! see `README.md` there. This crate exists only because the workspace includes `tools/*`.

/// Default output path of the plugin, relative to the workspace root (`make` variable `OUT`).
pub const DEFAULT_PLUGIN_PATH: &str = "target/llvm-fixes/libm68k_fixes.so";
