//! Every input that ever broke `romtool levels` (issue 13), run through the real binary with a
//! time limit and a memory limit: each must end in exit 0 with valid output or exit 1 with a
//! handled error, as its expectation says.
//!
//! * `tests/regressions/CASE/`: small inputs kept as files; `CASE/expect.md` holds the
//!   expectation (see [`Expect`]) and a comment saying what broke.
//! * [`generated_cases`]: large inputs (deep nesting, megabytes of CSV, a zlib bomb, 40
//!   maximum-size levels, half a million objects) are generated here instead of stored.
//!
//! The generated Rust of every accepted case is parsed with `syn` and then built with the real
//! engine in one `no_std` crate (warnings denied).

mod common;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What a case must do (`expect.md` lines; `#` lines are comments):
/// `outcome: ok|error`, `stdout: TEXT`, `stderr: TEXT`, `rust: TEXT` (in the generated
/// `levels.rs`), `max_errors: N` (at most N `error:` lines).
#[derive(Debug, Default)]
struct Expect {
    ok: bool,
    stdout: Vec<String>,
    stderr: Vec<String>,
    rust: Vec<String>,
    max_errors: Option<usize>,
    max_secs: Option<f64>,
}

fn parse_expect(text: &str) -> Expect {
    let mut e = Expect::default();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (k, v) = line.split_once(": ").unwrap_or_else(|| panic!("bad expect line `{line}`"));
        match k {
            "outcome" => e.ok = v == "ok",
            "stdout" => e.stdout.push(v.to_string()),
            "stderr" => e.stderr.push(v.to_string()),
            "rust" => e.rust.push(v.to_string()),
            "max_errors" => e.max_errors = Some(v.parse().unwrap()),
            "max_secs" => e.max_secs = Some(v.parse().unwrap()),
            _ => panic!("unknown expect key `{k}`"),
        }
    }
    e
}

/// Runs one case folder; returns the generated Rust of an accepted case.
fn check_case(name: &str, dir: &Path, out: &Path, e: &Expect) -> Option<String> {
    let run = common::run_levels(dir, out, Duration::from_secs(60));
    let ctx = format!(
        "case `{name}` ({}):\nexit {:?} in {:.2} s\nstdout:\n{}\nstderr:\n{}",
        dir.display(),
        run.code,
        run.secs,
        run.stdout,
        trim(&run.stderr)
    );
    assert!(!run.timed_out, "{ctx}\ntimed out");
    assert_eq!(run.code, Some(if e.ok { 0 } else { 1 }), "{ctx}");
    assert!(run.secs <= e.max_secs.unwrap_or(10.0), "{ctx}\ntoo slow");
    for s in &e.stdout {
        assert!(run.stdout.contains(s.as_str()), "{ctx}\nstdout lacks `{s}`");
    }
    for s in &e.stderr {
        assert!(run.stderr.contains(s.as_str()), "{ctx}\nstderr lacks `{s}`");
    }
    // At most 20 errors per file, plus one line counting the rest.
    let errors: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
    let mut per_file: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for l in &errors {
        let file = l["error: ".len()..].split(':').next().unwrap_or("");
        *per_file.entry(file).or_default() += 1;
    }
    for (f, n) in per_file {
        assert!(n <= romtool_levels::MAX_ERRORS_PER_FILE + 1, "{ctx}\n{n} error lines for {f}");
    }
    if let Some(m) = e.max_errors {
        assert!(errors.len() <= m, "{ctx}\nmore than {m} errors");
    }
    if !e.ok {
        assert!(!out.join("levels.rs").exists(), "{ctx}\noutput written on error");
        return None;
    }
    let text = std::fs::read_to_string(out.join("levels.rs")).unwrap_or_else(|_| panic!("{ctx}\nno levels.rs"));
    if let Err(why) = common::check_generated_syntax(&text) {
        panic!("{ctx}\n{why}");
    }
    for s in &e.rust {
        assert!(text.contains(s.as_str()), "{ctx}\nlevels.rs lacks `{s}`");
    }
    Some(text)
}

fn trim(s: &str) -> String {
    if s.len() > 4000 {
        format!("{}...", &s[..s.char_indices().nth(4000).map_or(s.len(), |(i, _)| i)])
    } else {
        s.to_string()
    }
}

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions")
}

fn zlib(raw: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(raw).unwrap();
    e.finish().unwrap()
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn tmx(w: usize, h: usize, body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" width=\"{w}\" height=\"{h}\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n \
         <tileset firstgid=\"1\" name=\"collision\" tilewidth=\"16\" tileheight=\"16\"/>\n{body}\n</map>\n"
    )
}

fn csv(n: usize, gid: u32, per_line: usize) -> String {
    let mut s = String::with_capacity(n * 3);
    for i in 0..n {
        s.push_str(&gid.to_string());
        if i + 1 < n {
            s.push(',');
        }
        if (i + 1) % per_line == 0 {
            s.push('\n');
        }
    }
    s
}

type Files = Vec<(String, Vec<u8>)>;

/// Large inputs, generated: (name, files, expectation text).
/// A Tiled project that declares one entity kind, `goal`.
const GOAL_PROJECT: &str = r#"{ "propertyTypes": [ { "type": "class", "name": "goal", "useAs": ["object"], "members": [] } ] }"#;

fn generated_cases() -> Vec<(&'static str, Files, &'static str)> {
    let mut cases: Vec<(&'static str, Files, &'static str)> = Vec::new();
    let n = 200_000;
    let deep = format!(
        "<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">{}{}</map>",
        "<group>".repeat(n),
        "</group>".repeat(n)
    );
    cases.push((
        "deep_groups",
        vec![("deep.tmx".into(), deep.into_bytes())],
        "# 200,000 nested <group>s overflowed the stack (exit 134).\noutcome: error\nstderr: deep.tmx:1:776: XML syntax error: elements nested more than 100 deep",
    ));
    let deep_json = format!("{{\"type\": \"map\", \"layers\": {}{}}}", "[".repeat(n), "]".repeat(n));
    cases.push((
        "deep_json",
        vec![("deep.tmj".into(), deep_json.into_bytes())],
        "# Deep JSON nesting.\noutcome: error\nstderr: JSON syntax error: recursion limit exceeded",
    ));
    let deep_c = format!("const int16_t ATileWidth = {}1{};", "(".repeat(n), ")".repeat(n));
    cases.push((
        "deep_parens",
        vec![("deep.h".into(), deep_c.into_bytes())],
        "# Deep parentheses in a 16Tile constant.\noutcome: error\nstderr: expression nested more than 64 deep",
    ));
    // A legal 256x248 map with 4 CSV layers took 17.8 s (positions cost O(file) per token).
    let (w, h) = (256, 248);
    let mut body = String::new();
    for name in ["background", "collision", "decor", "foreground"] {
        body.push_str(&format!(
            " <layer name=\"{name}\" width=\"{w}\" height=\"{h}\"><data encoding=\"csv\">\n{}\n</data></layer>\n",
            csv(w * h, 3, w)
        ));
    }
    cases.push((
        "csv_4_layers_max_map",
        vec![("big.tmx".into(), tmx(w, h, &body).into_bytes())],
        "# A legal 256x248 map with 4 CSV layers took 17.8 s.\noutcome: ok\nstdout: big.tmx: 256x248 tiles\nmax_secs: 3",
    ));
    // A 2.6 MB CSV layer on one line (took minutes).
    let body = format!(
        " <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">{}</data></layer>",
        csv(1_300_000, 3, usize::MAX)
    );
    cases.push((
        "csv_2_6_mb",
        vec![("long.tmx".into(), tmx(4, 3, &body).into_bytes())],
        "# A 2.6 MB CSV layer on one line took minutes.\noutcome: error\nstderr: long.tmx: layer `collision` has 1300000 tiles: expected width x height = 4 x 3 = 12\nmax_secs: 3",
    ));
    // The same errors everywhere: 63,488 bad ids gave 63,488 lines.
    let body =
        format!(" <layer name=\"collision\" width=\"{w}\" height=\"{h}\"><data encoding=\"csv\">\n{}\n</data></layer>", csv(w * h, 27, w));
    cases.push((
        "error_flood",
        vec![("flood.tmx".into(), tmx(w, h, &body).into_bytes())],
        "# 63,488 bad ids printed 63,488 error lines.\noutcome: error\nstderr: flood.tmx: 63468 more errors not shown\nmax_errors: 21",
    ));
    // A small zlib layer that inflates to 256 MiB took 5 GB before the size error.
    let bomb = {
        let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..256 {
            e.write_all(&zeros).unwrap();
        }
        e.finish().unwrap()
    };
    let body = format!(
        " <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"base64\" compression=\"zlib\">{}</data></layer>",
        b64(&bomb)
    );
    cases.push((
        "zlib_bomb",
        vec![("bomb.tmx".into(), tmx(4, 3, &body).into_bytes())],
        "# A zlib layer inflating to 256 MiB used 5 GB of memory.\noutcome: error\nstderr: bomb.tmx: layer `collision`: zlib data inflates to more than 48 bytes: expected 12 tiles of 4 bytes",
    ));
    // The same bomb in zstd (zstd layers are read since issue 13): 2,048 RLE blocks of
    // 128 KiB each, 256 MiB from 8 KiB, in a frame with a 128 KiB window.
    let zstd_bomb = {
        let mut f = vec![0x28, 0xB5, 0x2F, 0xFD, 0x00, 7 << 3];
        for i in 0..2048u32 {
            let last = u32::from(i == 2047);
            let header = (128 * 1024) << 3 | 1 << 1 | last; // RLE block of 128 KiB
            f.extend_from_slice(&header.to_le_bytes()[..3]);
            f.push(3);
        }
        f
    };
    let body = format!(
        " <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"base64\" compression=\"zstd\">{}</data></layer>",
        b64(&zstd_bomb)
    );
    cases.push((
        "zstd_bomb",
        vec![("bomb.tmx".into(), tmx(4, 3, &body).into_bytes())],
        "# A zstd layer inflating to 256 MiB must stop at the layer's size, like zlib.\noutcome: error\nstderr: bomb.tmx: layer `collision`: zstd data inflates to more than 48 bytes: expected 12 tiles of 4 bytes",
    ));
    // A zstd frame that asks for a 2 TiB window (the decoder sets the window aside first).
    let body = format!(
        " <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"base64\" compression=\"zstd\">{}</data></layer>",
        b64(&[0x28, 0xB5, 0x2F, 0xFD, 0x00, 31 << 3, 0x01, 0x00, 0x00])
    );
    cases.push((
        "zstd_window_bomb",
        vec![("window.tmx".into(), tmx(4, 3, &body).into_bytes())],
        "# A zstd frame declaring a huge window must be refused before anything is allocated.\noutcome: error\nstderr: window.tmx: layer `collision`: bad zstd data (the frame asks for a 2199023255552-byte window, more than 8388608)",
    ));
    // 40 maximum-size levels: about 10 MB (tiles, surface tables), more than a 4 MiB cartridge.
    let raw: Vec<u8> = std::iter::repeat_n(3u32.to_le_bytes(), w * h).flatten().collect();
    let packed = b64(&zlib(&raw));
    let level = tmx(w, h, &format!(" <layer name=\"collision\" width=\"{w}\" height=\"{h}\"><data encoding=\"base64\" compression=\"zlib\">{packed}</data></layer>"));
    let files: Files = (0..40).map(|i| (format!("level{i:02}.tmx"), level.clone().into_bytes())).collect();
    cases.push((
        "rom_budget_40_levels",
        files,
        "# 40 maximum-size levels (about 10 MB with their surface tables) passed with a 4 MiB cartridge.\noutcome: error\nstderr: the 40 levels need 10187152 bytes of ROM: expected at most 3932160 (a 4 MiB cartridge minus 256 KiB for the game's code); biggest: `level00` (",
    ));
    // Half a million objects passed.
    let mut objs = String::from(" <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">1,1,1,1,1,1,1,1,3,3,3,3</data></layer>\n <objectgroup name=\"o\">\n");
    for i in 1..=500_000 {
        objs.push_str(&format!("<object id=\"{i}\" type=\"goal\"/>"));
    }
    objs.push_str(" </objectgroup>");
    cases.push((
        "half_a_million_objects",
        vec![("many.tmx".into(), tmx(4, 3, &objs).into_bytes()), ("game.tiled-project".into(), GOAL_PROJECT.as_bytes().to_vec())],
        "# Half a million objects passed.\noutcome: error\nstderr: many.tmx: 500000 objects: expected at most 1024 per level",
    ));
    // The same external tileset named 20,000 times (read once), and files that are not files.
    let mut ts = String::new();
    for i in 0..20_000u32 {
        ts.push_str(&format!(" <tileset firstgid=\"{}\" source=\"t.tsx\"/>\n", 1 + 64 * i));
    }
    let many = format!(
        "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"4\" height=\"3\" tilewidth=\"16\" tileheight=\"16\">\n{ts} <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">1,1,1,1,1,1,1,1,3,3,3,3</data></layer>\n</map>\n"
    );
    let tsx = "<?xml version=\"1.0\"?>\n<tileset name=\"t\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"64\" columns=\"8\"/>\n";
    cases.push((
        "many_tilesets",
        vec![("many.tmx".into(), many.into_bytes()), ("t.tsx".into(), tsx.as_bytes().to_vec())],
        "# One external tileset named 20,000 times: read once, gids found by binary search.\noutcome: ok\nmax_secs: 3",
    ));
    let devzero =
        tmx(4, 3, " <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">1,1,1,1,1,1,1,1,3,3,3,3</data></layer>")
            .replace(
                "<tileset firstgid=\"1\" name=\"collision\" tilewidth=\"16\" tileheight=\"16\"/>",
                "<tileset firstgid=\"1\" source=\"/dev/zero\"/>",
            );
    cases.push((
        "tileset_dev_zero",
        vec![("z.tmx".into(), devzero.into_bytes())],
        "# An external tileset that is a device (would never end).\noutcome: error\nstderr: external tileset `/dev/zero`: /dev/zero: not a regular file",
    ));
    // Files at the size limits, of the smallest tokens (the most parsed values per byte).
    let limit = 16 << 20;
    let mut zeros = String::from("{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 4, \"height\": 3, \"tilewidth\": 16, \"tileheight\": 16, \"tilesets\": [{\"firstgid\": 1, \"name\": \"c\"}], \"layers\": [{\"type\": \"tilelayer\", \"name\": \"collision\", \"width\": 4, \"height\": 3, \"data\": [0");
    while zeros.len() < limit - 16 {
        zeros.push_str(",0");
    }
    zeros.push_str("]}]}");
    cases.push((
        "json_at_size_limit",
        vec![("zeros.tmj".into(), zeros.into_bytes())],
        "# 16 MiB of JSON zeros (8 million values).\noutcome: error\nstderr: zeros.tmj: layer `collision` has 8388482 tiles: expected width x height = 4 x 3 = 12",
    ));
    let mut elems = tmx(4, 3, "").replace("</map>\n", "<objectgroup name=\"o\">");
    while elems.len() < limit - 32 {
        elems.push_str("<a/>");
    }
    elems.push_str("</objectgroup></map>");
    cases.push((
        "xml_at_size_limit",
        vec![("elems.tmx".into(), elems.into_bytes())],
        "# 16 MiB of empty XML elements (4 million).\noutcome: error\nstderr: no tile layer",
    ));
    let mut body = String::from(" <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">");
    while body.len() < limit - 512 {
        body.push_str("&#49;");
    }
    body.push_str("</data></layer>");
    let r = tmx(4, 3, &body);
    cases.push((
        "xml_refs_at_size_limit",
        vec![("refs.tmx".into(), r.into_bytes())],
        "# 16 MiB of character references in CSV data.\noutcome: error\nstderr: refs.tmx",
    ));
    let mut c = String::from("const int16_t ATileWidth = 4;\nconst int16_t ATileHeight = 3;\nconst uint16_t A[] = {0");
    while c.len() < (4 << 20) - 8 {
        c.push_str(",0");
    }
    c.push_str("};\n");
    cases.push((
        "c_at_size_limit",
        vec![("zeros.h".into(), c.into_bytes())],
        "# A 4 MiB 16Tile export of zeros.\noutcome: error\nstderr: zeros.h:3:16: the tile array has",
    ));
    let mut over = String::from("const int16_t ATileWidth = 1;\n");
    while over.len() <= 4 << 20 {
        over.push_str("// padding padding padding padding padding padding padding padding\n");
    }
    cases.push((
        "c_over_size_limit",
        vec![("big.h".into(), over.into_bytes())],
        "# A 16Tile export over 4 MiB.\noutcome: error\nstderr: big.h: file is 4194364 bytes: expected at most 4194304 bytes",
    ));
    cases
}

#[test]
fn regression_inputs() {
    let tmp = tempfile::tempdir().unwrap();
    let mut accepted: Vec<String> = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(regressions_dir()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    names.sort();
    assert!(names.len() >= 20, "the regression folder is missing cases");
    for dir in &names {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let e = parse_expect(&std::fs::read_to_string(dir.join("expect.md")).unwrap_or_else(|_| panic!("{name}: no expect.md")));
        if let Some(text) = check_case(&name, dir, &tmp.path().join("out").join(&name), &e) {
            accepted.push(text);
        }
    }
    for (name, files, expect) in generated_cases() {
        let dir = tmp.path().join("gen").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        for (f, bytes) in &files {
            std::fs::write(dir.join(f), bytes).unwrap();
        }
        if let Some(text) = check_case(name, &dir, &tmp.path().join("out").join(name), &parse_expect(expect)) {
            accepted.push(text);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
    common::compile_generated("regressions", &accepted).unwrap_or_else(|e| panic!("{e}"));
}
