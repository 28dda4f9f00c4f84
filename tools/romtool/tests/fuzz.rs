//! Fuzz target of the level compiler (issue 13), run for a fixed time budget inside
//! `cargo test -p romtool --release` (and so in `make test`).
//!
//! A seeded mutator starts from real inputs (`tests/fixtures/good`, `tests/fixtures/bad`,
//! `levels/`, every case of `tests/regressions/`) and changes them: byte flips, deletions,
//! duplications, splices between files, interesting numbers and strings (huge, negative,
//! not numbers, Rust keywords, non-ASCII, character references, deep nesting), JSON values
//! replaced or removed at random places, PNG headers claiming other sizes, level files
//! renamed to awkward names. Each mutated folder is compiled in-process by
//! [`romtool_levels::build_outputs`] (with previews) and must:
//!
//! * end in `Ok` or `Err` (a panic fails the test),
//! * take at most [`CASE_SECS`] seconds and allocate at most [`CASE_BYTES`] bytes (a counting
//!   global allocator measures the peak),
//! * when accepted: give `levels.rs` that parses as Rust with valid tile arrays, and previews
//!   that decode; a sample of the accepted outputs is then built with the real engine.
//!
//! A failing input is saved under `target/tmp/fuzz-failures/` for `tests/regressions/`.
//! Environment: `ROMTOOL_FUZZ_SECS` (budget, default 25), `ROMTOOL_FUZZ_SEED` (default fixed),
//! `ROMTOOL_FUZZ_RUNS` (stop after this many runs).

mod common;

use romtool_levels::{build_outputs, Options};
use serde_json::Value;
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Longest one case may take (seconds; generous for slow machines and debug builds).
const CASE_SECS: f64 = 5.0;
/// Most memory one case may have allocated at once (bytes).
const CASE_BYTES: usize = 512 << 20;
/// Accepted outputs built with the real engine at the end.
const COMPILE_SAMPLE: usize = 40;

// ---- memory accounting -------------------------------------------------------------------

struct Counting;
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator; only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        CURRENT.fetch_sub(l.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, new) };
        if !q.is_null() {
            if new >= l.size() {
                let now = CURRENT.fetch_add(new - l.size(), Ordering::Relaxed) + new - l.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(l.size() - new, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

// ---- random numbers ----------------------------------------------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

// ---- inputs -------------------------------------------------------------------------------

#[derive(Clone)]
struct Case {
    origin: String,
    files: Vec<(String, Vec<u8>)>,
}

fn is_level(name: &str) -> bool {
    let ext = name.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    matches!(ext.as_str(), "h" | "c" | "txt" | "tmj" | "json" | "tmx")
}

fn read_files(dir: &Path, filter: impl Fn(&str) -> bool) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .filter(|(n, _)| filter(n))
        .collect();
    v.sort();
    v
}

fn seeds() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cases = Vec::new();
    for sub in ["tests/fixtures/good", "tests/fixtures/bad"] {
        let files = read_files(&root.join(sub), |_| true);
        let support: Vec<_> = files.iter().filter(|(n, _)| !is_level(n)).cloned().collect();
        for (n, b) in files.iter().filter(|(n, _)| is_level(n)) {
            let mut f = support.clone();
            f.push((n.clone(), b.clone()));
            cases.push(Case { origin: format!("{sub}/{n}"), files: f });
        }
    }
    cases.push(Case { origin: "levels/".into(), files: read_files(&root.join("../../levels"), |_| true) });
    let reg = root.join("tests/regressions");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&reg).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    for d in dirs {
        let files = read_files(&d, |n| n != "expect.md");
        cases.push(Case { origin: format!("tests/regressions/{}", d.file_name().unwrap().to_string_lossy()), files });
    }
    cases
}

// ---- mutations ----------------------------------------------------------------------------

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "16",
    "31",
    "32",
    "255",
    "256",
    "257",
    "248",
    "249",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "-2147483649",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e308",
    "-1e308",
    "1e-308",
    "3.5",
    "0.5",
    "NaN",
    "inf",
    "0x10",
    "0b11",
    "010",
    "08",
    "1/0",
    "320/16",
    "1<<62",
    "abc",
    "super",
    "yes",
    "true",
    "",
    " ",
    // Gids with Tiled's flip bits (H, V, D, hexagonal; on slopes, halves, one-way, height tiles).
    "2147483652",
    "1073741840",
    "536870915",
    "268435459",
    "1073741844",
    "3221225507",
    "2684354593",
    "3758096418",
    "1610612769",
];
const STRINGS: &[&str] = &[
    "self",
    "Self",
    "super",
    "crate",
    "_",
    "__",
    "é",
    "ééé",
    "9lives",
    "a b",
    "\\",
    "\"",
    "\u{0}",
    "a\nb",
    "a\rb",
    "\u{202e}",
    "\u{3000}",
    "spawn",
    "enemy",
    "moving_platform",
    "collision",
    "Collision",
    "height",
    "solid",
    "LEVELS",
    "SHAPE_GFX",
    "x.tsx",
    "/dev/zero",
    "../../x",
    "csv",
    "base64",
    "zlib",
    "gzip",
    "zstd",
    "int",
    "bool",
    "float",
    "class",
    "object",
    "color",
    "file",
    "string",
    "orthogonal",
    "isometric",
    "tilelayer",
    "objectgroup",
    "group",
    "map",
    "tileset",
    "platform",
    "potato",
    "goal",
    "enum",
    "propertyType",
    "useAs",
    "members",
    "valuesAsFlags",
    "EntityKind",
    "Level",
    "EnemyProperties",
    "r#type",
    "type",
    "loop",
];
const TOKENS: &[&str] = &[
    "<group>",
    "</group>",
    "</layer>",
    "<layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">1,2,3</data></layer>",
    "<chunk x=\"-16\" y=\"0\" width=\"16\" height=\"16\">",
    "</chunk>",
    "&#44;",
    "&#x20;",
    "&amp;",
    "&foo;",
    "&#0;",
    "<![CDATA[1,2]]>",
    "<!-- c -->",
    "<?pi x?>",
    "<!DOCTYPE map [<!ENTITY e \"x\">]>",
    "<properties><property name=\"collision\" value=\"height\"/></properties>",
    "<tile id=\"3\"><properties><property name=\"collision\" type=\"int\" value=\"2\"/></properties></tile>",
    "template=\"t.tx\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    "false",
    "\"chunks\": []",
    "\"infinite\": true",
    "\"encoding\": \"base64\"",
    "/*",
    "*/",
    "//",
    "#define XTileWidth 4\n",
    "#",
    "<<",
    ">>",
    "(",
    ")",
    "-",
    "*",
    "/",
    "'a'",
    "\"s\"",
    "\u{feff}",
    "\u{3000}",
    "\u{a0}",
    "\r\n",
    "\n",
    "\t",
    "\u{0}",
];
const NAMES: &[&str] = &["self", "_", "é", "1-1", "levels", "Level", "a b", "shape_gfx", "demo", "e1m1", "x.y", "-", "LEVELS", "ab"];

fn mutate_bytes(rng: &mut Rng, b: &mut Vec<u8>, pool: &[Case]) {
    let len = b.len();
    match rng.below(10) {
        0 if len > 0 => {
            let i = rng.below(len);
            b[i] = rng.next() as u8;
        }
        1 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below(64.min(len - i));
            b.drain(i..i + n);
        }
        2 if len > 0 && len < 1 << 20 => {
            let i = rng.below(len);
            let n = 1 + rng.below(256.min(len - i));
            let chunk = b[i..i + n].to_vec();
            let at = rng.below(len + 1);
            let most = if rng.chance(10) { 200 } else { 3 };
            for _ in 0..1 + rng.below(most) {
                b.splice(at..at, chunk.iter().copied());
            }
        }
        3 => {
            let t = rng.pick(TOKENS);
            let reps = if rng.chance(10) { 1 + rng.below(300) } else { 1 };
            let at = rng.below(len + 1);
            let ins: Vec<u8> = t.repeat(reps).into_bytes();
            b.splice(at..at, ins);
        }
        4 => {
            // A digit run -> an interesting number.
            let runs: Vec<(usize, usize)> = digit_runs(b);
            if let Some(&(s, e)) = (!runs.is_empty()).then(|| rng.pick(&runs)) {
                b.splice(s..e, rng.pick(NUMBERS).bytes());
            }
        }
        5 => {
            // The contents of a "..." string -> an interesting string or number.
            let qs: Vec<(usize, usize)> = quoted(b);
            if let Some(&(s, e)) = (!qs.is_empty()).then(|| rng.pick(&qs)) {
                let v = if rng.chance(50) { rng.pick(STRINGS) } else { rng.pick(NUMBERS) };
                let v = v.replace('"', "&quot;");
                b.splice(s..e, v.into_bytes());
            }
        }
        6 => {
            // Splice in part of another input.
            let other = rng.pick(pool);
            let (_, ob) = rng.pick(&other.files);
            if !ob.is_empty() {
                let i = rng.below(ob.len());
                let n = 1 + rng.below(512.min(ob.len() - i));
                let at = rng.below(len + 1);
                let end = (at + rng.below(64)).min(len);
                b.splice(at..end, ob[i..i + n].iter().copied());
            }
        }
        7 if len > 0 => b.truncate(rng.below(len)),
        8 => {
            // Swap two lines.
            let lines: Vec<usize> =
                std::iter::once(0).chain(b.iter().enumerate().filter(|(_, c)| **c == b'\n').map(|(i, _)| i + 1)).collect();
            if lines.len() > 2 {
                let (a, c) = (rng.below(lines.len() - 1), rng.below(lines.len() - 1));
                let (a, c) = (a.min(c), a.max(c));
                if a != c {
                    let la = b[lines[a]..lines[a + 1]].to_vec();
                    let lc = b[lines[c]..lines[c + 1]].to_vec();
                    let mut out = b[..lines[a]].to_vec();
                    out.extend(&lc);
                    out.extend(&b[lines[a + 1]..lines[c]]);
                    out.extend(&la);
                    out.extend(&b[lines[c + 1]..]);
                    *b = out;
                }
            }
        }
        _ => {
            if len > 0 {
                let i = rng.below(len);
                b.insert(i, *rng.pick(b" ,-0123456789{}[]<>\"'/=&;:x\n"));
            }
        }
    }
}

fn digit_runs(b: &[u8]) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            v.push((s, i));
        } else {
            i += 1;
        }
    }
    v
}

fn quoted(b: &[u8]) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    let mut start = None;
    for (i, &c) in b.iter().enumerate() {
        if c == b'"' {
            match start.take() {
                Some(s) => v.push((s, i)),
                None => start = Some(i + 1),
            }
        }
    }
    v
}

fn interesting_value(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(50)),
        2 => serde_json::json!(rng.pick(&[0i64, -1, 1, 16, 256, 257, 4294967295, 4294967296, i64::MAX, i64::MIN])),
        3 => serde_json::json!(rng.pick(&[0.5f64, 1e300, -1e300, 3.0, 1e-300])),
        4 => Value::String(rng.pick(STRINGS).to_string()),
        5 => Value::String(rng.pick(NUMBERS).to_string()),
        6 => serde_json::json!([]),
        7 => serde_json::json!({}),
        _ => serde_json::json!([1, 2, 3]),
    }
}

/// Replaces, removes or duplicates a random node of a JSON document.
fn mutate_json(rng: &mut Rng, v: &mut Value, depth: usize) {
    if depth < 8 && rng.chance(85) {
        match v {
            Value::Object(o) if !o.is_empty() => {
                let k = o.keys().nth(rng.below(o.len())).cloned().unwrap();
                if rng.chance(20) {
                    match rng.below(3) {
                        0 => {
                            o.remove(&k);
                        }
                        1 => {
                            let x = interesting_value(rng);
                            o.insert(k, x);
                        }
                        _ => {
                            let x = interesting_value(rng);
                            o.insert(rng.pick(STRINGS).to_string(), x);
                        }
                    }
                    return;
                }
                return mutate_json(rng, o.get_mut(&k).unwrap(), depth + 1);
            }
            Value::Array(a) if !a.is_empty() => {
                let i = rng.below(a.len());
                if rng.chance(15) {
                    match rng.below(3) {
                        0 => {
                            a.remove(i);
                        }
                        1 => {
                            let c = a[i].clone();
                            let most = if rng.chance(10) { 2000 } else { 2 };
                            for _ in 0..1 + rng.below(most) {
                                a.push(c.clone());
                            }
                        }
                        _ => a[i] = interesting_value(rng),
                    }
                    return;
                }
                return mutate_json(rng, &mut a[i], depth + 1);
            }
            _ => {}
        }
    }
    *v = interesting_value(rng);
}

fn mutate_png(rng: &mut Rng, b: &mut [u8]) {
    if b.len() < 33 {
        return;
    }
    // IHDR width / height (bytes 16..24), with or without a fixed CRC.
    let dims = [1u32, 15, 16, 17, 31, 100_000, 0x7FFF_FFFF, 0xFFFF_FFFF, 4096, 8192, 8193, 160];
    let w = *rng.pick(&dims);
    let at = 16 + 4 * rng.below(2);
    b[at..at + 4].copy_from_slice(&w.to_be_bytes());
    if rng.chance(20) {
        b[24] = *rng.pick(&[1u8, 2, 4, 8, 16, 3]); // bit depth
    }
    if rng.chance(70) {
        let crc = crc32(&b[12..29]);
        b[29..33].copy_from_slice(&crc.to_be_bytes());
    }
}

fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &x in data {
        c ^= x as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

fn mutate_case(rng: &mut Rng, case: &mut Case, pool: &[Case]) {
    let count = if rng.chance(50) { 1 } else { 1 + rng.below(4) };
    for _ in 0..count {
        let levels: Vec<usize> = (0..case.files.len()).filter(|&i| is_level(&case.files[i].0)).collect();
        let i = if !levels.is_empty() && rng.chance(85) { *rng.pick(&levels) } else { rng.below(case.files.len().max(1)) };
        let Some((name, bytes)) = case.files.get_mut(i) else { return };
        let lname = name.to_ascii_lowercase();
        if lname.ends_with(".png") {
            if rng.chance(50) {
                mutate_png(rng, bytes);
            } else {
                mutate_bytes(rng, bytes, pool);
            }
        } else if (lname.ends_with(".tmj")
            || lname.ends_with(".json")
            || lname.ends_with(".tsj")
            || lname.ends_with(".tj")
            || lname.ends_with(".tiled-project"))
            && rng.chance(60)
        {
            match serde_json::from_slice::<Value>(bytes) {
                Ok(mut v) => {
                    mutate_json(rng, &mut v, 0);
                    *bytes = if rng.chance(50) { serde_json::to_vec_pretty(&v).unwrap() } else { serde_json::to_vec(&v).unwrap() };
                }
                Err(_) => mutate_bytes(rng, bytes, pool),
            }
        } else {
            mutate_bytes(rng, bytes, pool);
        }
    }
    if rng.chance(5) {
        // Rename a level file.
        if let Some((name, _)) = case.files.iter_mut().find(|(n, _)| is_level(n)) {
            let ext = name.rsplit('.').next().unwrap_or("h").to_string();
            *name = format!("{}.{ext}", rng.pick(NAMES));
        }
    }
    if rng.chance(3) {
        // A second copy of a level under another name.
        if let Some((name, b)) = case.files.iter().find(|(n, _)| is_level(n)).cloned() {
            case.files.push((format!("{}_{name}", rng.pick(NAMES)), b));
        }
    }
}

// ---- the target ---------------------------------------------------------------------------

fn save_failure(case: &Case, run: usize, why: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures").join(format!("run{run}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (n, b) in &case.files {
        std::fs::write(dir.join(n.replace('/', "_")), b).unwrap();
    }
    std::fs::write(dir.join("expect.md"), format!("# found by tests/fuzz.rs from {}: {why}\noutcome: error\n", case.origin)).unwrap();
    dir
}

#[test]
fn fuzz_level_compiler() {
    let secs: f64 = std::env::var("ROMTOOL_FUZZ_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(25.0);
    let max_runs: usize = std::env::var("ROMTOOL_FUZZ_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let seed: u64 = std::env::var("ROMTOOL_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5EED_1313);
    let pool = seeds();
    assert!(pool.len() > 40, "seed inputs missing");
    let mut rng = Rng(seed | 1);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("levels");
    let out = tmp.path().join("out");
    // Panics inside the compiler are caught and reported with their message.
    let panic_msg = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let pm = panic_msg.clone();
    let old_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| *pm.lock().unwrap() = info.to_string()));
    let start = Instant::now();
    let (mut runs, mut accepted, mut slowest, mut biggest) = (0usize, 0usize, 0f64, 0usize);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut sample: Vec<String> = Vec::new();
    let mut failure: Option<String> = None;
    while start.elapsed().as_secs_f64() < secs && runs < max_runs {
        let mut case = pool[rng.below(pool.len())].clone();
        mutate_case(&mut rng, &mut case, &pool);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&dir).unwrap();
        for (n, b) in &case.files {
            std::fs::write(dir.join(n), b).unwrap();
        }
        let opts = Options {
            dir: dir.clone(),
            out_dir: out.join("gen"),
            preview_dir: Some(out.join("prev")),
            grid: rng.chance(50),
            require: Vec::new(),
            sprites: None,
        };
        let base = CURRENT.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let t = Instant::now();
        let res = std::panic::catch_unwind(AssertUnwindSafe(|| build_outputs(&opts)));
        let took = t.elapsed().as_secs_f64();
        let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
        runs += 1;
        slowest = slowest.max(took);
        biggest = biggest.max(peak);
        let why = match &res {
            Err(_) => Some(format!("panicked: {}", panic_msg.lock().unwrap())),
            _ if took > CASE_SECS => Some(format!("took {took:.2} s (limit {CASE_SECS} s)")),
            _ if peak > CASE_BYTES => Some(format!("allocated {} MiB at once (limit {} MiB)", peak >> 20, CASE_BYTES >> 20)),
            Ok(Ok((_, files))) => {
                let text = std::str::from_utf8(&files[0].1).map_err(|e| e.to_string());
                let mut bad = text.clone().and_then(common::check_generated_syntax).err();
                // art.rs (art layers): ASCII Rust that parses.
                let art = files
                    .iter()
                    .find(|(p, _)| p.ends_with("art.rs"))
                    .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
                    .unwrap_or_default();
                if !art.is_ascii() || syn::parse_file(&art).is_err() || !art.contains("pub static LEVEL_ART") {
                    bad = Some("generated art.rs is not ASCII Rust with LEVEL_ART".into());
                }
                for (p, png) in files.iter().filter(|(p, _)| p.extension().is_some_and(|e| e == "png")) {
                    if png::Decoder::new(std::io::Cursor::new(png)).read_info().is_err() {
                        bad = Some(format!("preview {} is not a PNG", p.display()));
                    }
                }
                if bad.is_none() {
                    accepted += 1;
                    // levels.rs with art.rs as a module inside it: both are built.
                    let text = text.map(|t| format!("{t}\n#[allow(dead_code)]\npub mod art {{\n{art}\n}}\n")).unwrap_or_default();
                    let h = {
                        use std::hash::{Hash, Hasher};
                        let mut s = std::collections::hash_map::DefaultHasher::new();
                        text.hash(&mut s);
                        s.finish()
                    };
                    if seen.insert(h) {
                        // Reservoir sample of distinct accepted outputs.
                        if sample.len() < COMPILE_SAMPLE {
                            sample.push(text);
                        } else {
                            let j = rng.below(seen.len());
                            if j < COMPILE_SAMPLE {
                                sample[j] = text;
                            }
                        }
                    }
                }
                bad
            }
            Ok(Err(diags)) => {
                // Errors are capped per file and name a file.
                let mut per: std::collections::HashMap<&Path, usize> = std::collections::HashMap::new();
                for d in diags {
                    *per.entry(d.file.as_path()).or_default() += 1;
                }
                per.values()
                    .any(|&n| n > romtool_levels::MAX_ERRORS_PER_FILE + 1)
                    .then(|| "more than 20 errors listed for one file".to_string())
            }
        };
        if let Some(why) = why {
            let saved = save_failure(&case, runs, &why);
            failure = Some(format!("fuzz run {runs} (seed {seed}, from {}): {why}; input saved in {}", case.origin, saved.display()));
            break;
        }
    }
    std::panic::set_hook(old_hook);
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "fuzz: {runs} runs in {elapsed:.1} s ({accepted} accepted, {} distinct outputs; slowest {slowest:.3} s, largest peak {} KiB), seed {seed}",
        seen.len(),
        biggest >> 10
    );
    if let Some(f) = failure {
        panic!("{f}");
    }
    assert!(runs >= 100 || runs >= max_runs, "only {runs} runs in the budget");
    let t = Instant::now();
    common::compile_generated("fuzz", &sample).unwrap_or_else(|e| panic!("{e}"));
    println!("fuzz: {} accepted outputs built with the real engine in {:.1} s", sample.len(), t.elapsed().as_secs_f64());
}
