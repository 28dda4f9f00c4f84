//! Shared by the robustness tests (`regressions.rs`, `fuzz.rs`): running the real binary with
//! a time and memory limit, and checking that generated Rust is real Rust (`syn`) and builds
//! with the real engine (`rustc` through cargo, warnings denied).
#![allow(dead_code)]

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The level compiler's options for the levels of `dir`, written to `out_dir`: no previews,
/// no grid, no required level, no sprite sheets (set `sprites` with `..` when a test has them).
pub fn level_options(dir: &Path, out_dir: &Path) -> romtool_levels::Options {
    romtool_levels::Options {
        dir: dir.to_path_buf(),
        out_dir: out_dir.to_path_buf(),
        preview_dir: None,
        grid: false,
        require: Vec::new(),
        sprites: None,
    }
}

/// What one `romtool levels` run did.
#[derive(Debug)]
pub struct Run {
    /// Exit code (`None`: killed by a signal, e.g. an abort or the time limit).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Wall time.
    pub secs: f64,
    /// Killed at the time limit.
    pub timed_out: bool,
}

/// Memory the binary may map (virtual, `ulimit -v`), KiB: 1 GiB. The zlib layer took
/// 5 GB before failing; a crash on allocation failure would show as exit 134.
pub const MEM_LIMIT_KIB: u64 = 1 << 20;

/// Runs `romtool levels DIR --out-dir OUT` with a time limit and [`MEM_LIMIT_KIB`].
pub fn run_levels(dir: &Path, out: &Path, limit: Duration) -> Run {
    let bin = env!("CARGO_BIN_EXE_romtool");
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEM_LIMIT_KIB}; exec \"$0\" \"$@\""))
        .arg(bin)
        .arg("levels")
        .arg(dir)
        .arg("--out-dir")
        .arg(out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn romtool");
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        s
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
        secs: start.elapsed().as_secs_f64(),
        timed_out,
    }
}

/// Checks that generated `levels.rs` text parses as Rust and that every level's tile array
/// has `width * height` entries whose values are map ids. Returns an explanation on failure.
pub fn check_generated_syntax(text: &str) -> Result<(), String> {
    let file = syn::parse_file(text).map_err(|e| format!("generated Rust does not parse: {e}"))?;
    if !text.is_ascii() {
        return Err("generated Rust is not ASCII".into());
    }
    let mut levels = 0;
    for item in &file.items {
        if let syn::Item::Static(s) = item {
            let name = s.ident.to_string();
            if name == "LEVELS" {
                levels += 1;
            }
            if name.ends_with("_TILES") && !name.ends_with("_HEIGHT_TILES") {
                let syn::Expr::Array(arr) = &*s.expr else { return Err(format!("{name} is not an array")) };
                for e in &arr.elems {
                    match e {
                        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) if i.base10_parse::<u16>().is_ok() => {}
                        _ => return Err(format!("{name}: element is not a u16 literal")),
                    }
                }
            }
        }
    }
    if levels != 1 {
        return Err("no LEVELS index".into());
    }
    Ok(())
}

fn engine_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/engine").canonicalize().expect("engine folder")
}

/// Builds every text in `files` as a module of one `no_std` library crate (each through
/// `include!`, as the ROM includes it) against the real engine, with warnings denied. `tag`
/// names the crate folder.
pub fn compile_generated(tag: &str, files: &[String]) -> Result<(), String> {
    if files.is_empty() {
        return Ok(());
    }
    let (work, src) = fresh_check_crate(tag)?;
    let mut lib =
        String::from("//! Generated level files, each as a module (romtool robustness tests).\n#![no_std]\n#![deny(warnings)]\n\n");
    for (i, text) in files.iter().enumerate() {
        let name = format!("g{i}.rs");
        std::fs::write(src.join(&name), text).map_err(|e| e.to_string())?;
        // Plus what a game uses of every levels.rs (src/demo/src/world.rs): its entities' kinds
        // (whichever the game's Tiled project declares: compared, copied), the spawn point and
        // the level list.
        lib.push_str(&format!(
            "#[allow(dead_code)]\npub mod g{i} {{\n    include!(\"{name}\");\n\n    \
             pub fn game_uses(e: &Entity, l: &Level) -> i32 {{\n        \
             let kind: EntityKind = e.kind;\n        \
             let k = (kind == e.kind) as i32;\n        \
             k + l.spawn.map_or(0, |s| s.x as i32) + l.entities.len() as i32 + LEVELS.len() as i32\n    }}\n}}\n"
        ));
    }
    std::fs::write(src.join("lib.rs"), lib).map_err(|e| e.to_string())?;
    build_check_crate(tag, &work)
}

/// The folder of check crate `tag` and its `src/`, emptied (see [`build_check_crate`]).
fn fresh_check_crate(tag: &str) -> Result<(std::path::PathBuf, std::path::PathBuf), String> {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated_check").join(tag);
    let src = work.join("src");
    let _ = std::fs::remove_dir_all(&src);
    std::fs::create_dir_all(&src).map_err(|e| e.to_string())?;
    Ok((work, src))
}

/// Copies every file of `from` into `to` (flat).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
}

/// Builds generated files as named modules of one `no_std` library crate (each through
/// `include!`) against the real engine, with warnings denied: `modules` are (module name,
/// text); `extra` is Rust appended to the crate root (code that uses the modules). `tag`
/// names the crate folder.
pub fn compile_modules(tag: &str, modules: &[(&str, String)], extra: &str) -> Result<(), String> {
    let (work, src) = fresh_check_crate(tag)?;
    let mut lib = String::from("//! Generated files as modules (romtool tests).\n#![no_std]\n#![deny(warnings)]\n\n");
    for (name, text) in modules {
        std::fs::write(src.join(format!("{name}.rs")), text).map_err(|e| e.to_string())?;
        lib.push_str(&format!("#[allow(dead_code)]\npub mod {name} {{\n    include!(\"{name}.rs\");\n}}\n"));
    }
    lib.push_str(extra);
    std::fs::write(src.join("lib.rs"), lib).map_err(|e| e.to_string())?;
    build_check_crate(tag, &work)
}

/// Writes the manifest of the check crate `generated_check_{tag}` in `work` (its `src/lib.rs`
/// already written) against the real engine and hardware crate (the sprite engine's items)
/// and builds it; the compiler's errors on failure.
fn build_check_crate(tag: &str, work: &Path) -> Result<(), String> {
    let manifest = format!(
        "[package]\nname = \"generated_check_{tag}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nmegacollide-engine = {{ path = {:?} }}\nmegadrive = {{ path = {:?}, default-features = false }}\n\n[workspace]\n",
        engine_dir().display().to_string(),
        engine_dir().join("../megadrive").display().to_string()
    );
    std::fs::write(work.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.lock");
    if lock.exists() && !work.join("Cargo.lock").exists() {
        std::fs::copy(&lock, work.join("Cargo.lock")).map_err(|e| e.to_string())?;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let res = Command::new(cargo)
        .current_dir(work)
        .args(["build", "--quiet", "--offline", "--lib"])
        // The target folder of `tests/levels.rs`'s include check: the engine is built once.
        .env("CARGO_TARGET_DIR", Path::new(env!("CARGO_TARGET_TMPDIR")).join("include_check/target"))
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|e| e.to_string())?;
    if res.status.success() {
        Ok(())
    } else {
        Err(format!("generated Rust does not build (crate in {}):\n{}", work.display(), String::from_utf8_lossy(&res.stderr)))
    }
}

/// Writes an RGBA PNG of `w` x `h` pixels, each `pixel(x, y)`.
pub fn write_rgba_png(path: &Path, w: u32, h: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) {
    let px: Vec<u8> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).flat_map(|(x, y)| pixel(x, y)).collect();
    let f = std::fs::File::create(path).unwrap();
    let mut e = png::Encoder::new(std::io::BufWriter::new(f), w, h);
    e.set_color(png::ColorType::Rgba);
    e.set_depth(png::BitDepth::Eight);
    e.write_header().unwrap().write_image_data(&px).unwrap();
}
