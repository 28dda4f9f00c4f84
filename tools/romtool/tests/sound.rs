//! `romtool sound`: VGM and WAV import round trips (what goes in comes back out of the
//! driver's stream or PCM), the generated Rust, and bad input through the command line: a
//! clear error naming the file, nothing written, never a crash (exit status 1, not the
//! internal-error 70).

use romtool_sound::stream::{decode, Command};
use romtool_sound::{self as sound, wav::PCM_RATE, Data};
use std::io::Write as _;
use std::path::Path;
use std::process::Command as Process;

use romtool_sound::vgm::minimal as vgm;

use romtool_sound::wav::mono16 as wav;

/// A song of `ticks` frames: every frame a YM write (channel 1's frequency, a new value each
/// frame) and a PSG tone on channel 0; the loop at frame `loop_frame`.
fn song_vgm(ticks: usize, loop_frame: usize) -> (Vec<u8>, Vec<(usize, Command)>) {
    let mut data = Vec::new();
    let mut want = Vec::new();
    let mut loop_at = None;
    for t in 0..ticks {
        if t == loop_frame {
            loop_at = Some(data.len());
        }
        let v = (t * 7 + 3) as u8;
        data.extend_from_slice(&[0x52, 0xA4, v & 0x3F, 0x52, 0xA0, v]);
        want.push((t, Command::Ym(0, 0xA4, v & 0x3F)));
        want.push((t, Command::Ym(0, 0xA0, v)));
        let tone = (t * 13 + 100) as u16 & 0x3FF;
        data.extend_from_slice(&[0x50, 0x80 | (tone & 0x0F) as u8, 0x50, (tone >> 4) as u8]);
        want.push((t, Command::Psg(0x80 | (tone & 0x0F) as u8, Some((tone >> 4) as u8))));
        data.push(0x62); // one 60 Hz frame
    }
    data.push(0x66);
    (vgm(&data, loop_at), want)
}

/// The commands of a stream with the tick each plays at.
fn timed(stream: &[u8]) -> Vec<(usize, Command)> {
    let mut tick = 0;
    let mut out = Vec::new();
    for (_, c) in decode(stream).expect("a well-formed stream") {
        match c {
            Command::Wait(n) => tick += n as usize,
            Command::End => {}
            c => out.push((tick, c)),
        }
    }
    out
}

#[test]
fn a_vgm_comes_back_write_for_write_at_its_ticks_with_its_loop() {
    let (file, want) = song_vgm(150, 40);
    let (s, notes) = sound::song(Path::new("song.vgm"), &file).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(timed(&s.bytes), want);
    assert_eq!(s.ticks, 150);
    // The loop point is the first command of frame 40.
    let lp = s.loop_start.expect("the song loops");
    let first_of_40 = decode(&s.bytes).unwrap().into_iter().filter(|(_, c)| !matches!(c, Command::Wait(_))).nth(40 * 3).unwrap().0;
    assert_eq!(lp, first_of_40);
    // Compact: 3 bytes a YM write, 2 a PSG tone, 1 a wait; no VGM header or wait commands of 3 bytes.
    assert_eq!(s.bytes.len(), 150 * (3 + 3 + 2 + 1) + 1);
    // The same through a VGZ.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&file).unwrap();
    let (z, _) = sound::song(Path::new("song.vgz"), &gz.finish().unwrap()).unwrap();
    assert_eq!(z, s);
}

#[test]
fn a_pal_vgm_keeps_its_tempo_in_60_hz_ticks() {
    // 50 frames of 882 samples (one PAL second) -> 60 ticks.
    let mut data = Vec::new();
    for i in 0..50u8 {
        data.extend_from_slice(&[0x50, 0x90 | (i & 0x0F), 0x63]);
    }
    data.push(0x66);
    let (s, _) = sound::song(Path::new("pal.vgm"), &vgm(&data, None)).unwrap();
    assert_eq!(s.ticks, 60);
    let t = timed(&s.bytes);
    assert_eq!(t.len(), 50);
    assert_eq!(t[10].0, 12, "frame 10 of 50 Hz is tick 12 of 60 Hz");
}

#[test]
fn a_wav_at_the_driver_rate_comes_back_byte_for_byte() {
    let pcm: Vec<u8> = (0..2000u32).map(|i| (128 + ((i * 37) % 200) as i32 - 100) as u8).collect();
    let samples: Vec<i16> = pcm.iter().map(|&p| ((p as i32 - 128) * 32768 / 127) as i16).collect();
    let back = sound::wav::convert(&wav(PCM_RATE, &samples)).unwrap();
    assert_eq!(back, pcm);
    // At 44.1 kHz: resampled to the driver's rate.
    let long = sound::wav::convert(&wav(44_100, &vec![0; 44_100])).unwrap();
    assert_eq!(long.len(), PCM_RATE as usize);
}

/// Runs `romtool sound DIR -o OUT` on a folder holding `files`; returns (status, stderr,
/// whether OUT exists).
fn run(files: &[(&str, Vec<u8>)]) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
    }
    let out = dir.path().join("gen/sound.rs");
    let r = Process::new(env!("CARGO_BIN_EXE_romtool")).arg("sound").arg(dir.path()).arg("-o").arg(&out).output().unwrap();
    (r.status.code(), String::from_utf8_lossy(&r.stderr).into_owned(), out.exists())
}

#[test]
fn good_sounds_make_rust_that_parses() {
    let (song, _) = song_vgm(30, 10);
    let psg = vgm(&[0x50, 0x9F, 0x50, 0xC5, 0x50, 0x01, 0x62, 0x50, 0xDF, 0x62, 0x66], None);
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [("music/theme.vgm", song), ("effects/coin.vgm", psg), ("effects/big-jump.wav", wav(22_050, &[1000; 2205]))] {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
    }
    let (code, sounds) = sound::build(dir.path()).unwrap();
    syn::parse_file(&code).expect("the generated Rust parses");
    let names: Vec<_> = sounds.iter().map(|s| s.ident.as_str()).collect();
    assert_eq!(names, ["THEME", "BIG_JUMP", "COIN"]);
    // The tools' one identifier rule (romtool_common::names::ident_of), as for levels: a
    // leading digit gets `L`, any other character than an ASCII letter or digit becomes `_`.
    assert_eq!(sound::ident_of(Path::new("1st.wav"), "1st").unwrap(), "L1ST");
    assert_eq!(sound::ident_of(Path::new("a.b c.wav"), "a.b c").unwrap(), "A_B_C");
    assert!(matches!(&sounds[2].data, Data::Psg(s) if s.psg_channels == 0b0101));
    assert!(code.contains("pub static SONGS: [&Song; 1] = [&THEME];"));
    assert!(code.contains("pub static EFFECTS: [&Effect; 2] = [&BIG_JUMP, &COIN];"));
    // And through the command line.
    let status = Process::new(env!("CARGO_BIN_EXE_romtool"))
        .arg("sound")
        .arg(dir.path())
        .arg("-o")
        .arg(dir.path().join("sound.rs"))
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn bad_sound_files_are_clear_errors_naming_the_file() {
    let mut gzip_bomb = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..17 {
        gzip_bomb.write_all(&zeros).unwrap();
    }
    let ym2151 = {
        let mut v = vgm(&[0x54, 0x20, 0xC0, 0x66], None);
        v[0x30..0x34].copy_from_slice(&3_579_545u32.to_le_bytes());
        v
    };
    let (song, _) = song_vgm(20, 0);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("music/cut.vgm", song[..song.len() - 10].to_vec(), "truncated"),
        ("music/arcade.vgm", ym2151, "YM2151"),
        ("music/bomb.vgz", gzip_bomb.finish().unwrap(), "more than 16 MiB"),
        ("music/text.vgm", b"this is not a VGM file at all, but it is long enough to have a header!".to_vec(), "not a VGM"),
        ("effects/fm.vgm", song.clone(), "PSG only"),
        ("effects/long.wav", wav(8000, &vec![0; 8000 * 12]), "at most"),
        ("effects/junk.wav", b"RIFF\x10\0\0\0WAVEjunkjunk".to_vec(), "not a WAV"),
        ("effects/__.wav", wav(8000, &[0; 100]), "no ASCII letter or digit, so it gives no Rust item name"),
        ("effects/songs.wav", wav(8000, &[0; 100]), "gives the Rust name SONGS"),
    ];
    for (name, bytes, why) in &cases {
        let (status, stderr, written) = run(&[(name, bytes.clone())]);
        assert_eq!(status, Some(1), "{name}: exit status (stderr: {stderr})");
        assert!(stderr.contains(name) && stderr.contains(why), "{name}: the error should name the file and say {why:?}: {stderr}");
        assert!(!written, "{name}: nothing may be written on an error");
    }
    // Every error of a folder at once.
    let all: Vec<(&str, Vec<u8>)> = cases.iter().map(|(n, b, _)| (*n, b.clone())).collect();
    let (status, stderr, written) = run(&all);
    assert_eq!((status, written), (Some(1), false));
    assert!(stderr.contains(&format!("{} error(s)", cases.len())), "{stderr}");
    // A file too large is refused before it is read (a sparse file: no disk used).
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("music")).unwrap();
    let huge = std::fs::File::create(dir.path().join("music/huge.vgm")).unwrap();
    huge.set_len(sound::MAX_FILE_BYTES + 1).unwrap();
    let errors = sound::load_dir(dir.path()).unwrap_err();
    assert!(errors[0].to_string().contains("huge.vgm") && errors[0].to_string().contains("larger than"), "{}", errors[0]);
}

#[test]
fn mangled_vgm_and_wav_files_never_crash_the_import() {
    // Deterministic mutations (a xorshift): bytes flipped, cut, lengths set to extremes.
    let (song, _) = song_vgm(40, 5);
    let wave = wav(11_025, &(0..500).map(|i| (i * 61 % 2000) as i16 - 1000).collect::<Vec<_>>());
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for round in 0..3000 {
        let base = if round % 2 == 0 { &song } else { &wave };
        let mut b = base.clone();
        for _ in 0..1 + next() % 6 {
            let i = (next() as usize) % b.len();
            match next() % 4 {
                0 => b[i] = next() as u8,
                1 => b.truncate(i.max(1)),
                2 => b[i] = 0xFF,
                _ => {
                    if i + 4 <= b.len() {
                        b[i..i + 4].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
                    }
                }
            }
        }
        // Errors are fine; a panic fails the test.
        let _ = sound::song(Path::new("m.vgm"), &b);
        let _ = sound::psg_effect(Path::new("m.vgm"), &b);
        let _ = sound::wav::convert(&b);
    }
}

#[test]
fn misplaced_and_unsupported_sound_files_are_errors_saying_where_they_belong() {
    let w = wav(22_050, &[1000; 2205]);
    for (name, bytes, file, says) in [
        ("effects/boom.mp3", vec![0u8; 64], "effects/boom.mp3", "unsupported format `.mp3`"),
        ("music/step.wav", w.clone(), "music/step.wav", "move it to"),
        ("sfx/step.wav", w.clone(), "sfx", "unknown folder `sfx`"),
        ("music/old/theme.vgm", vec![0u8; 8], "music/old", "sub-folders"),
    ] {
        let (status, err, written) = run(&[(name, bytes), ("effects/ok.wav", w.clone()), ("README.md", b"credits".to_vec())]);
        assert_eq!(status, Some(1), "{name}: {err}");
        assert!(!written, "{name}");
        assert!(err.contains(file) && err.contains(says) && err.contains("Fix:"), "{name}: {err}");
    }
    let (status, err, written) = run(&[("effects/ok.wav", w), ("README.md", b"credits".to_vec())]);
    assert_eq!(status, Some(0), "{err}");
    assert!(written);
}

#[test]
fn a_truncated_wav_says_truncated_and_how_to_fix_it() {
    let mut w = wav(22_050, &[1000; 2205]);
    w.truncate(w.len() - 1001);
    let (status, err, written) = run(&[("effects/cut.wav", w)]);
    assert_eq!(status, Some(1));
    assert!(!written);
    assert!(err.contains("effects/cut.wav") && err.contains("truncated") && err.contains("Fix:"), "{err}");
}
