//! The committed bindings must equal a fresh generation from the header.

#[test]
fn committed_bindings_match_a_fresh_generation() {
    let fresh = genbindings::generate().expect("bindgen runs");
    let committed = std::fs::read_to_string(genbindings::bindings_path()).expect("bindings.rs exists");
    assert!(fresh == committed, "src/megadrive-sys/src/bindings.rs is stale: run `make bindings` and commit the result");
}

#[test]
fn bindings_contain_the_hardware_ports() {
    let fresh = genbindings::generate().expect("bindgen runs");
    for name in ["MD_VDP_DATA", "MD_VDP_CTRL", "MD_IO_DATA1", "MD_Z80_BUS_REQUEST", "MD_TMSS_REGISTER", "MD_PSG_PORT", "md_vdp_ports"] {
        assert!(fresh.contains(name), "{name} missing from the bindings");
    }
}
