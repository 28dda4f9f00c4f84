//! `romtool sound DIR -o GEN/sound.rs` (and [`build_script::compile_sound`]): music and sound effects into the data of
//! `megadrive::sound` (the crate's Z80 driver plays them).
//!
//! **Input** (file-name order). Every other file or folder is an error naming it and saying
//! where it belongs or which formats are supported; only documentation (`*.md`, `*.txt`,
//! `README*`, `LICENSE*`, `CREDITS*`, `COPYING*`, see [`romtool_common::folder`]) is left alone:
//!
//! | file | becomes |
//! |---|---|
//! | `music/NAME.vgm`, `music/NAME.vgz` | `pub static NAME: Song`: the YM2612 and SN76489 writes at 60 ticks a second, looping where the VGM loops ([`stream`]) |
//! | `effects/NAME.wav` | `pub static NAME: Effect` (`Effect::Pcm`): mono 8-bit at 6,658 Hz ([`wav`]) |
//! | `effects/NAME.vgm`, `effects/NAME.vgz` | `pub static NAME: Effect` (`Effect::Psg`): a PSG-only stream that takes the channels it writes from the music |
//!
//! `NAME` is the file's stem by the tools' one identifier rule
//! ([`romtool_common::names::ident_of`]): upper case, every character other than an ASCII
//! letter or digit becomes `_`, a leading digit gets `L` (`boss-theme` -> `BOSS_THEME`, `1up`
//! -> `L1UP`); a stem without an ASCII letter or digit is an error.
//! Also `SONGS` and `EFFECTS` (every one, in file-name order) and `MUSIC_BYTES` /
//! `EFFECT_BYTES` (their ROM size).
//!
//! VGM files are what DefleMask, Furnace and most Mega Drive trackers export ([`vgm`]); the
//! tempo is kept on NTSC and PAL consoles alike (the driver's ticks come from the YM2612's
//! timer, not from the video frame). Bad input (truncated, another chip, a file or a
//! decompression that is too large, a WAV too long for the driver) is an error naming the
//! file (and the offset in a VGM); nothing is written on any error.
#![deny(missing_docs)]

pub mod build_script;
pub mod stream;
pub mod vgm;
pub mod wav;

use romtool_common::diag::{Diag, Loc};
use romtool_common::names::item_ident;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The largest input file read, bytes (a larger one is an error before it is read).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Every error is a [`Diag`] of the whole file ([`Loc::File`]): the file (or folder) and
/// what is wrong with it (a VGM's offset first, when it has one).
fn error(path: &Path, message: impl Into<String>) -> Diag {
    Diag::new(path, Loc::File, message)
}

/// What a sound becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Data {
    /// A song's stream.
    Song(stream::Stream),
    /// A PCM effect's samples.
    Pcm(Vec<u8>),
    /// A PSG effect's stream.
    Psg(stream::Stream),
}

/// One compiled sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sound {
    /// The source file.
    pub path: PathBuf,
    /// The Rust name (`NAME`).
    pub ident: String,
    /// The file's stem.
    pub name: String,
    /// The data.
    pub data: Data,
    /// Notes for the user (what was dropped).
    pub notes: Vec<String>,
}

impl Sound {
    /// Bytes it takes in ROM.
    pub fn rom_bytes(&self) -> usize {
        match &self.data {
            Data::Song(s) | Data::Psg(s) => s.bytes.len(),
            Data::Pcm(p) => p.len(),
        }
    }
}

/// Reads a file, refusing one larger than [`MAX_FILE_BYTES`] before reading it.
fn read(path: &Path) -> Result<Vec<u8>, Diag> {
    let meta = std::fs::metadata(path).map_err(|e| error(path, format!("cannot read: {e}")))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(error(path, format!("{} bytes: larger than the {} MiB a sound file may have", meta.len(), MAX_FILE_BYTES >> 20)));
    }
    std::fs::read(path).map_err(|e| error(path, format!("cannot read: {e}")))
}

/// A VGM or VGZ file's bytes parsed.
fn read_vgm(path: &Path, bytes: &[u8]) -> Result<vgm::Vgm, Diag> {
    let data = vgm::decompress(bytes).map_err(|e| error(path, e.to_string()))?;
    vgm::parse(&data).map_err(|e| error(path, e.to_string()))
}

/// A song from a VGM/VGZ file's bytes.
pub fn song(path: &Path, bytes: &[u8]) -> Result<(stream::Stream, Vec<String>), Diag> {
    let v = read_vgm(path, bytes)?;
    let s = stream::convert(&v, true).map_err(|stream::Problem::TooLong(n)| {
        error(path, format!("the stream would take {n} bytes (at most {})", stream::MAX_STREAM_BYTES))
    })?;
    let mut notes = Vec::new();
    if v.dac_skipped > 0 {
        notes.push(format!("{} DAC writes and data blocks skipped (the DAC plays the effects)", v.dac_skipped));
    }
    if s.driver_writes_dropped > 0 {
        notes.push(format!("{} writes of the timer, DAC and test registers dropped (they are the driver's)", s.driver_writes_dropped));
    }
    Ok((s, notes))
}

/// A PSG effect from a VGM/VGZ file's bytes: PSG writes only.
pub fn psg_effect(path: &Path, bytes: &[u8]) -> Result<stream::Stream, Diag> {
    let v = read_vgm(path, bytes)?;
    if let Some(e) = v.events.iter().find(|e| matches!(e.write, vgm::Write::Ym { .. })) {
        return Err(error(
            path,
            format!(
                "offset {:#x}: an effect from a VGM may write the PSG only (the YM2612 is the music's; PCM effects come from WAV files)",
                e.offset
            ),
        ));
    }
    if v.events.is_empty() {
        return Err(error(path, "no PSG writes: an effect that plays nothing"));
    }
    stream::convert(&v, false).map_err(|stream::Problem::TooLong(n)| {
        error(path, format!("the stream would take {n} bytes (at most {})", stream::MAX_STREAM_BYTES))
    })
}

/// The items the generated file declares besides one `static` per sound.
pub const GLOBAL_ITEMS: [&str; 4] = ["SONGS", "EFFECTS", "MUSIC_BYTES", "EFFECT_BYTES"];

/// The Rust name of a file stem (the tools' one rule, [`romtool_common::names::item_ident`]:
/// `boss-theme` -> `BOSS_THEME`, `1up` -> `L1UP`), or an error: a stem without an ASCII letter
/// or digit, or one that names an item of [`GLOBAL_ITEMS`].
pub fn ident_of(path: &Path, stem: &str) -> Result<String, Diag> {
    let ident = item_ident(stem, "sound name").map_err(|m| error(path, m))?;
    if GLOBAL_ITEMS.contains(&ident.as_str()) {
        return Err(error(path, format!("sound name `{stem}` gives the Rust name {ident}, which the generated file uses for its own item (SONGS, EFFECTS, MUSIC_BYTES, EFFECT_BYTES): rename the file")));
    }
    Ok(ident)
}

/// What `music/` takes.
const MUSIC_FORMATS: &str = ".vgm, .vgz";
/// What `effects/` takes.
const EFFECT_FORMATS: &str = ".wav (PCM), .vgm, .vgz (PSG)";

/// The files of `dir/sub` in file-name order (none when the folder does not exist), each
/// with an allowed extension; anything else in it is an error naming it.
fn files_in(dir: &Path, sub: &str, allowed: &[&str], errors: &mut Vec<Diag>) -> Vec<PathBuf> {
    let d = dir.join(sub);
    if !d.exists() {
        return Vec::new();
    }
    let entries = match romtool_common::folder::entries(&d) {
        Ok(v) => v,
        Err(e) => {
            errors.push(error(&d, format!("cannot read the folder: {e}")));
            return Vec::new();
        }
    };
    let (formats, other, other_formats) =
        if sub == "music" { (MUSIC_FORMATS, "effects", EFFECT_FORMATS) } else { (EFFECT_FORMATS, "music", MUSIC_FORMATS) };
    let mut files = Vec::new();
    for e in entries {
        let ext = e.extension();
        if e.is_dir {
            errors.push(error(
                &e.path,
                format!("a folder inside {sub}/: sounds are not looked for in sub-folders. Fix: move its files into {}", d.display()),
            ));
        } else if allowed.contains(&ext.as_str()) {
            files.push(e.path);
        } else if romtool_common::folder::is_documentation(&e) {
        } else if ext == "wav" && sub == "music" {
            errors.push(error(
                &e.path,
                format!(
                    "a WAV in music/: songs are VGM/VGZ ({MUSIC_FORMATS}); a WAV is a PCM sound effect. Fix: move it to {}",
                    dir.join("effects").display()
                ),
            ));
        } else {
            let hint = if ext.is_empty() { "a file without extension".to_string() } else { format!("unsupported format `.{ext}`") };
            errors.push(error(
                &e.path,
                format!("{hint}: {sub}/ takes {formats} ({other}/ takes {other_formats}). Fix: convert it (e.g. export VGM from your tracker, or save mono WAV) or remove it"),
            ));
        }
    }
    files
}

/// Errors for what the top of a sound folder holds besides `music/`, `effects/` and documentation.
fn check_top(dir: &Path, errors: &mut Vec<Diag>) {
    let entries = match romtool_common::folder::entries(dir) {
        Ok(v) => v,
        Err(e) => return errors.push(error(dir, format!("cannot read the folder: {e}"))),
    };
    for e in entries {
        if e.is_dir && matches!(e.name().as_str(), "music" | "effects") || romtool_common::folder::is_documentation(&e) {
            continue;
        }
        let what = if e.is_dir { format!("unknown folder `{}`", e.name()) } else { "a sound file outside music/ and effects/".to_string() };
        errors.push(error(
            &e.path,
            format!(
                "{what}: a sound folder holds music/ (songs: {MUSIC_FORMATS}) and effects/ ({EFFECT_FORMATS}). Fix: move its files there"
            ),
        ));
    }
}

fn extension(p: &Path) -> String {
    p.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default()
}

/// Compiles every sound of `dir` (see the module docs); every error is reported.
pub fn load_dir(dir: &Path) -> Result<Vec<Sound>, Vec<Diag>> {
    if !dir.is_dir() {
        return Err(vec![error(dir, "no such folder")]);
    }
    let mut sounds = Vec::new();
    let mut errors = Vec::new();
    let add = |path: &Path, r: Result<(Data, Vec<String>), Diag>, sounds: &mut Vec<Sound>, errors: &mut Vec<Diag>| {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match ident_of(path, &stem).and_then(|ident| r.map(|(data, notes)| (ident, data, notes))) {
            Ok((ident, data, notes)) => sounds.push(Sound { path: path.to_path_buf(), ident, name: stem, data, notes }),
            Err(e) => errors.push(e),
        }
    };
    check_top(dir, &mut errors);
    for p in &files_in(dir, "music", &["vgm", "vgz"], &mut errors) {
        let r = read(p).and_then(|b| song(p, &b)).map(|(s, n)| (Data::Song(s), n));
        add(p, r, &mut sounds, &mut errors);
    }
    for p in &files_in(dir, "effects", &["wav", "vgm", "vgz"], &mut errors) {
        let r = match extension(p).as_str() {
            "wav" => read(p).and_then(|b| wav::convert(&b).map_err(|m| error(p, m))).map(|pcm| (Data::Pcm(pcm), Vec::new())),
            _ => read(p).and_then(|b| psg_effect(p, &b)).map(|s| (Data::Psg(s), Vec::new())),
        };
        add(p, r, &mut sounds, &mut errors);
    }
    let mut seen: Vec<(&str, &Path)> = Vec::new();
    for s in &sounds {
        if let Some((_, first)) = seen.iter().find(|(i, _)| *i == s.ident) {
            errors.push(error(&s.path, format!("the name {} is taken by {}", s.ident, first.display())));
        } else {
            seen.push((&s.ident, &s.path));
        }
    }
    if errors.is_empty() {
        Ok(sounds)
    } else {
        Err(errors)
    }
}

/// The Rust source of `sounds` (see the module docs).
pub fn generate(dir: &Path, sounds: &[Sound]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated by `romtool sound` from {}: do not edit.", dir.display());
    s.push_str("#[allow(unused_imports)]\nuse megadrive::sound::{Effect, Song, NO_LOOP};\n\n");
    let bytes = |b: &[u8]| {
        let mut t = String::from("&[");
        for (i, x) in b.iter().enumerate() {
            if i % 32 == 0 {
                t.push_str("\n    ");
            }
            let _ = write!(t, "{x},");
        }
        t.push_str("\n]");
        t
    };
    let (mut songs, mut effects) = (Vec::new(), Vec::new());
    let (mut music_bytes, mut effect_bytes) = (0, 0);
    for snd in sounds {
        let file = snd.path.strip_prefix(dir).unwrap_or(&snd.path).display().to_string();
        match &snd.data {
            Data::Song(st) => {
                let looping = match st.loop_start {
                    Some(l) => format!("loops at byte {l}"),
                    None => "does not loop".into(),
                };
                let _ = writeln!(
                    s,
                    "/// `{file}`: {} bytes, {} ticks ({:.1} s), {looping}.\npub static {}: Song = Song {{ name: {:?}, stream: {}, loop_start: {} }};\n",
                    st.bytes.len(),
                    st.ticks,
                    st.ticks as f64 / stream::TICK_RATE as f64,
                    snd.ident,
                    snd.name,
                    bytes(&st.bytes),
                    st.loop_start.map(|l| l.to_string()).unwrap_or_else(|| "NO_LOOP".into())
                );
                songs.push(&snd.ident);
                music_bytes += st.bytes.len();
            }
            Data::Pcm(p) => {
                let _ = writeln!(
                    s,
                    "/// `{file}`: {} samples ({:.2} s at {} Hz).\npub static {}: Effect = Effect::Pcm {{ name: {:?}, samples: {} }};\n",
                    p.len(),
                    p.len() as f64 / wav::PCM_RATE as f64,
                    wav::PCM_RATE,
                    snd.ident,
                    snd.name,
                    bytes(p)
                );
                effects.push(&snd.ident);
                effect_bytes += p.len();
            }
            Data::Psg(st) => {
                let _ = writeln!(
                    s,
                    "/// `{file}`: a PSG effect, {} bytes, {} ticks, channels {:#06b}.\npub static {}: Effect = Effect::Psg {{ name: {:?}, stream: {}, channels: {} }};\n",
                    st.bytes.len(),
                    st.ticks,
                    st.psg_channels,
                    snd.ident,
                    snd.name,
                    bytes(&st.bytes),
                    st.psg_channels
                );
                effects.push(&snd.ident);
                effect_bytes += st.bytes.len();
            }
        }
    }
    let list = |v: &[&String]| v.iter().map(|i| format!("&{i}")).collect::<Vec<_>>().join(", ");
    let _ = writeln!(s, "/// Every song, in file-name order.\npub static SONGS: [&Song; {}] = [{}];", songs.len(), list(&songs));
    let _ = writeln!(s, "/// Every effect, in file-name order.\npub static EFFECTS: [&Effect; {}] = [{}];", effects.len(), list(&effects));
    let _ = writeln!(s, "/// ROM bytes of the songs' streams.\npub const MUSIC_BYTES: usize = {music_bytes};");
    let _ = writeln!(s, "/// ROM bytes of the effects (samples and streams).\npub const EFFECT_BYTES: usize = {effect_bytes};");
    s
}

/// [`load_dir`] + [`generate`]: the source of `sound.rs` and the sounds, or every error.
pub fn build(dir: &Path) -> Result<(String, Vec<Sound>), Vec<Diag>> {
    let sounds = load_dir(dir)?;
    Ok((generate(dir, &sounds), sounds))
}
