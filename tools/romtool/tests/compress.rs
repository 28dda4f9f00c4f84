//! `romtool compress`: words in, an MCZ stream out (bytes or a Rust static) that the
//! reference decoder turns back into the words; bad input names its file and writes nothing.

use std::process::Command;

fn romtool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_romtool"))
}

/// 64 tiles of a few patterns, as big-endian bytes.
fn tiles() -> Vec<u8> {
    (0..64 * 16u32).flat_map(|i| [((i / 16 % 3) * 0x11) as u8, (i % 5 * 0x10) as u8]).collect()
}

#[test]
fn a_file_of_tiles_becomes_a_stream_that_unpacks_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("level_tiles.bin");
    std::fs::write(&input, tiles()).unwrap();
    let bin = dir.path().join("out/level_tiles.mcz");
    let out = romtool().arg("compress").arg(&input).arg("-o").arg(&bin).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("2048 bytes ->"));
    let stream = std::fs::read(&bin).unwrap();
    assert!(stream.len() < 2048 / 4, "{} bytes", stream.len());
    assert_eq!(compress::bytes_of(&compress::decompress(&stream).unwrap()), tiles());

    // As Rust: one static, named after the file, holding the same stream.
    let rs = dir.path().join("tiles.rs");
    let out = romtool().arg("compress").arg(&input).arg("-o").arg(&rs).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let code = std::fs::read_to_string(&rs).unwrap();
    let file = syn::parse_file(&code).unwrap();
    let syn::Item::Static(st) = &file.items[0] else { panic!("not a static: {code}") };
    assert_eq!(st.ident, "LEVEL_TILES_PACKED");
    let words: Vec<u16> = code
        .split_once("= [")
        .unwrap()
        .1
        .split(',')
        .filter_map(|w| u16::from_str_radix(w.trim().trim_start_matches("0x"), 16).ok())
        .collect();
    assert_eq!(compress::bytes_of(&words), stream);

    let named = romtool().arg("compress").arg(&input).arg("-o").arg(&rs).args(["--name", "HILLS"]).output().unwrap();
    assert!(named.status.success());
    assert!(std::fs::read_to_string(&rs).unwrap().contains("pub static HILLS: [u16;"));
}

#[test]
fn bad_input_names_its_file_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("odd.bin");
    std::fs::write(&odd, [1, 2, 3]).unwrap();
    let out_path = dir.path().join("odd.rs");
    let cases: Vec<(Vec<String>, String)> = vec![
        (vec![odd.display().to_string()], format!("{}: 3 bytes: not whole 16-bit words", odd.display())),
        (vec![dir.path().join("missing.bin").display().to_string()], "missing.bin: cannot read".to_string()),
    ];
    for (args, want) in cases {
        let out = romtool().arg("compress").args(&args).arg("-o").arg(&out_path).output().unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&want), "{err}");
        assert!(!out_path.exists(), "nothing written");
    }
    let even = dir.path().join("ok.bin");
    std::fs::write(&even, [0, 1, 0, 2]).unwrap();
    let out = romtool().arg("compress").arg(&even).arg("-o").arg(&out_path).args(["--name", "9lives"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("odd.rs: `9lives` is not a Rust name"));
    let bin = dir.path().join("ok.mcz");
    let out = romtool().arg("compress").arg(&even).arg("-o").arg(&bin).args(["--name", "X"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("ok.mcz: --name is for a Rust output"));
    assert!(!out_path.exists() && !bin.exists(), "nothing written");
    // Past one stream's 65,535 words.
    let big = dir.path().join("big.bin");
    std::fs::write(&big, vec![0u8; 2 * 65536]).unwrap();
    let out = romtool().arg("compress").arg(&big).arg("-o").arg(&bin).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("big.bin: cannot compress") && err.contains("65536 words"), "{err}");
    assert!(!bin.exists());
}
