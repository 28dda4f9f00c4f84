//! The rule by which the hardware crate's build script stops a 68000 build that does not
//! load megacollide's LLVM fix plugin (build/fix_plugin.rs), on the host.
#![cfg(not(target_arch = "m68k"))]

#[path = "../build/fix_plugin.rs"]
mod fix_plugin;

use fix_plugin::{find, Plugin, PLUGIN_NAME};

#[test]
fn a_build_without_the_plugin_is_found_out() {
    assert_eq!(find(""), Plugin::NotLoaded);
    assert_eq!(find("-C\x1ftarget-cpu=M68000\x1f-C\x1flinker-flavor=ld"), Plugin::NotLoaded);
    // Another plugin is not the fix plugin.
    assert_eq!(find("-Zllvm-plugins=/usr/lib/libother.so"), Plugin::NotLoaded);
}

#[test]
fn the_plugin_is_found_in_every_spelling() {
    let dir = std::env::temp_dir().join(format!("megadrive-fix-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plugin = dir.join(PLUGIN_NAME);
    std::fs::write(&plugin, b"").unwrap();
    let p = plugin.display();
    let loaded = Plugin::Loaded(plugin.clone());
    assert_eq!(find(&format!("-Ctarget-cpu=M68000\x1f-Zllvm-plugins={p}\x1f-Cmetadata=llvmfix0")), loaded);
    assert_eq!(find(&format!("-Z\x1fllvm-plugins={p}")), loaded);
    assert_eq!(find(&format!("-Zllvm-plugins=/usr/lib/libother.so,{p}")), loaded);
    std::fs::remove_dir_all(&dir).unwrap();
    // Named, but gone.
    assert_eq!(find(&format!("-Zllvm-plugins={p}")), Plugin::Missing(plugin));
}
