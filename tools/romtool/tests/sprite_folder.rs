//! Every file of a sprite folder is used or named in an error.

use std::process::Command;

fn png(path: &std::path::Path) {
    let f = std::fs::File::create(path).unwrap();
    let mut e = png::Encoder::new(f, 8, 8);
    e.set_color(png::ColorType::Rgba);
    e.set_depth(png::BitDepth::Eight);
    let mut px = vec![0u8; 8 * 8 * 4];
    px[3] = 255;
    px[0] = 255;
    e.write_header().unwrap().write_image_data(&px).unwrap();
}

const JSON: &str = r#"{ "frame_width": 8, "frame_height": 8, "animations": [ { "name": "stand", "frames": [0], "duration": 1 } ] }"#;

fn run(dir: &std::path::Path) -> (Option<i32>, String) {
    let out = dir.join("out");
    let r = Command::new(env!("CARGO_BIN_EXE_romtool")).arg("sprites").arg(dir).arg("--out-dir").arg(&out).output().unwrap();
    (r.status.code(), String::from_utf8_lossy(&r.stderr).into_owned())
}

#[test]
fn stray_sprite_files_are_errors_naming_them() {
    for (extra, says) in [("lonely.png", "lonely.json"), ("ghost.json", "ghost.png"), ("notes.bmp", "unsupported file `.bmp`")] {
        let dir = tempfile::tempdir().unwrap();
        png(&dir.path().join("hero.png"));
        std::fs::write(dir.path().join("hero.json"), JSON).unwrap();
        std::fs::write(dir.path().join("README.md"), "credits").unwrap();
        let (status, err) = run(dir.path());
        assert_eq!(status, Some(0), "{err}");
        let p = dir.path().join(extra);
        if extra.ends_with(".png") {
            png(&p);
        } else {
            std::fs::write(&p, JSON).unwrap();
        }
        let (status, err) = run(dir.path());
        assert_ne!(status, Some(0), "{extra}");
        assert!(err.contains(extra) && err.contains(says) && err.contains("Fix:"), "{extra}: {err}");
    }
}
