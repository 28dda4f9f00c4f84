//! Level compiler tests: round trips, one test per error class (exact messages), previews,
//! VDP graphics, the shipped levels, and the generated Rust (syn + a real no_std build).

use megacollide_engine::shape;
use romtool_levels::art::Plane;
use romtool_levels::kinds::{EntityKinds, FieldValue};
use romtool_levels::{self as levels, gen_levels, gfx, height_tiles, preview, project, surfaces, validate, Level};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

// ---------------------------------------------------------------------------------------------
// Helpers

fn compile(path: &str) -> Result<Level, Vec<String>> {
    levels::load_file(Path::new(path)).and_then(validate::validate).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
}

fn errors(path: &str) -> Vec<String> {
    compile(path).expect_err("the fixture must be rejected")
}

/// Reads `static NAME: [u16; N] = [ ... ];` back from generated Rust (parsed with syn).
fn read_back_u16s(file: &syn::File, name: &str) -> Vec<u16> {
    for item in &file.items {
        if let syn::Item::Static(s) = item {
            if s.ident == name {
                let syn::Expr::Array(arr) = &*s.expr else { panic!("{name} is not an array literal") };
                return arr
                    .elems
                    .iter()
                    .map(|e| match e {
                        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse::<u16>().unwrap(),
                        _ => panic!("{name}: not an integer literal"),
                    })
                    .collect();
            }
        }
    }
    panic!("{name} not found in the generated file")
}

/// parse -> validate -> generate Rust -> parse the Rust -> the tile ids.
/// The entity kinds of the level folder of `path` (its Tiled project).
fn kinds_of(path: &Path) -> EntityKinds {
    project::read_folder(path.parent().unwrap()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn round_trip(path: &Path) -> (Level, Vec<u16>) {
    let level = levels::load_file(path).and_then(validate::validate).unwrap_or_else(|e| panic!("{e:?}"));
    let surfaces = surfaces::compile_all(std::slice::from_ref(&level), &[]).unwrap();
    let rust = gen_levels::generate(std::slice::from_ref(&level), &kinds_of(path), &surfaces);
    let file = syn::parse_file(&rust).expect("generated Rust parses");
    let ids = read_back_u16s(&file, &format!("{}_TILES", level.ident));
    (level, ids)
}

/// Deterministic pseudo-random valid ids (LCG), including height tiles when `heights` > 0.
fn random_ids(n: usize, seed: u32, heights: u16) -> Vec<u16> {
    let mut x = seed;
    let mut valid: Vec<u16> = shape::DEFINED_IDS.to_vec();
    valid.extend((0..heights).map(|i| shape::FIRST_HEIGHT_TILE + i));
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            valid[(x >> 16) as usize % valid.len()]
        })
        .collect()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn levels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels")
}

const TINY: [u16; 12] = [0, 2, 3, 9, 19, 16, 32, 0, 2, 2, 2, 2];

// ---------------------------------------------------------------------------------------------
// Round trips

#[test]
fn round_trip_16tile_generated() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (37, 13);
    let ids = random_ids(w * h, 7, 0);
    let mut text = format!("// generated\n#pragma once\nconst int16_t RtTileWidth = {w};\n/* height */ const int16_t RtTileHeight={h};\nconst uint16_t RtCollisions[{}] =\n{{\n", w * h);
    for (i, row) in ids.chunks(w).enumerate() {
        for (j, id) in row.iter().enumerate() {
            // Mix decimal, hex and odd spacing.
            if (i + j) % 5 == 0 {
                text.push_str(&format!("0x{id:X} ,"));
            } else {
                text.push_str(&format!("{id},\t"));
            }
        }
        text.push_str(" // row\n");
    }
    text.push_str("};\n");
    let path = dir.path().join("rt.txt");
    std::fs::write(&path, text).unwrap();
    let (level, back) = round_trip(&path);
    assert_eq!((level.width, level.height), (w as u16, h as u16));
    assert_eq!(back, ids);
}

#[test]
fn round_trip_fixtures_all_encodings() {
    for name in [
        "tiny.h",
        "tiny_json.tmj",
        "tiny_b64.tmj",
        "tiny_gzip.tmj",
        "tiny_zstd.tmj",
        "tiny_csv.tmx",
        "tiny_zlib.tmx",
        "tiny_zstd_xml.tmx",
        "tiny_xml.tmx",
    ] {
        let (level, back) = round_trip(&fixtures().join("good").join(name));
        assert_eq!(back, TINY, "{name}");
        assert_eq!(level.height_tiles.len(), 3, "{name}: height tiles from the tileset PNG");
        if name != "tiny.h" {
            assert_eq!(level.spawn, Some(levels::Point { x: 16, y: 0 }), "{name}");
            let kinds: Vec<&str> = level.entities.iter().map(|e| e.kind.as_str()).collect();
            assert_eq!(kinds, ["enemy", "potato"], "{name}");
            let bob = &level.entities[0];
            assert_eq!((bob.x, bob.y, bob.w, bob.h), (0, 8, 16, 16), "{name}");
            assert_eq!(bob.path, [levels::Point { x: 0, y: 8 }, levels::Point { x: 32, y: 8 }], "{name}");
            assert_eq!(
                bob.props,
                [
                    ("angry".to_string(), levels::PropValue::Bool(true)),
                    ("label".to_string(), levels::PropValue::Str("Bob \"the\" blob".into())),
                    ("speed".to_string(), levels::PropValue::Int(2)),
                ],
                "{name}"
            );
            // Typed by the kind `enemy` of tests/fixtures/good/tests.tiled-project (member order).
            assert_eq!(bob.fields, [FieldValue::Bool(true), FieldValue::Str("Bob \"the\" blob".into()), FieldValue::Int(2)], "{name}");
        }
    }
}

/// A built-in id mirrored by hand (the engine's shape names, independent of romtool's pixel
/// matching): horizontally, vertically or diagonally (x / y swapped); `None` where no built-in
/// shape is the mirror image.
fn mirror_by_hand(id: u16, flag: u32) -> Option<u16> {
    let h = [(0, 0), (2, 2), (3, 9), (4, 11), (5, 10), (6, 14), (7, 13), (8, 12), (15, 15), (16, 16), (17, 18), (19, 19)];
    let v = [(0, 0), (2, 2), (15, 16), (17, 17), (18, 18)];
    let d = [(0, 0), (2, 2), (3, 3), (15, 17), (16, 18)];
    let table: &[(u16, u16)] = match flag {
        0x8000_0000 => &h,
        0x4000_0000 => &v,
        0x2000_0000 => &d,
        _ => return None,
    };
    table.iter().find_map(|&(a, b)| {
        if a == id {
            Some(b)
        } else if b == id {
            Some(a)
        } else {
            None
        }
    })
}

/// Gids that decode to `ids`: some tiles are written as their mirror image with a flip flag
/// (horizontal, vertical, diagonal, 180°), which romtool must turn back into `ids`.
fn gids_for(ids: &[u16], firstgid: u32) -> Vec<u32> {
    ids.iter()
        .enumerate()
        .map(|(i, &id)| {
            let flags = [0, 0x8000_0000, 0x4000_0000, 0x2000_0000, 0xC000_0000][i % 5];
            let drawn = match flags {
                0xC000_0000 => mirror_by_hand(id, 0x8000_0000).and_then(|m| mirror_by_hand(m, 0x4000_0000)),
                f => mirror_by_hand(id, f),
            };
            match drawn {
                _ if id == 0 && i % 2 == 0 => 0,
                Some(d) if flags != 0 => (d as u32 + firstgid) | flags,
                _ => id as u32 + firstgid,
            }
        })
        .collect()
}

fn b64(gids: &[u32], compression: &str) -> String {
    use base64::Engine as _;
    let raw: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
    let bytes = match compression {
        "zlib" => {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        "zstd" => ruzstd::encoding::compress_to_vec(&raw[..], ruzstd::encoding::CompressionLevel::Fastest),
        _ => raw,
    };
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[test]
fn round_trip_tiled_generated_every_encoding() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join("good/tiles.png"), dir.path().join("tiles.png")).unwrap();
    let (w, h, fg) = (41usize, 9usize, 7u32);
    let ids = random_ids(w * h, 99, 3);
    let gids = gids_for(&ids, fg);
    let csv: Vec<String> = gids.chunks(w).map(|r| r.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(",")).collect();
    let tileset_json = format!(
        r#"{{"firstgid": {fg}, "name": "c", "image": "tiles.png", "tilewidth": 16, "tileheight": 16, "columns": 8, "tilecount": 35}}"#
    );
    let tmj = |data: String, enc: &str| {
        format!(
            r#"{{"type": "map", "orientation": "orthogonal", "infinite": false, "width": {w}, "height": {h}, "tilewidth": 16, "tileheight": 16,
                "tilesets": [{tileset_json}],
                "layers": [{{"type": "tilelayer", "name": "Collision", "width": {w}, "height": {h}, "data": {data} {enc}}}]}}"#
        )
    };
    let tmx = |data: String| {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map orientation="orthogonal" width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="{fg}" name="c" tilewidth="16" tileheight="16"><image source="tiles.png"/></tileset>
 <layer name="only" width="{w}" height="{h}">{data}</layer>
</map>"#
        )
    };
    let cases = [
        ("csv.tmj", tmj(format!("[{}]", csv.join(",\n")), "")),
        ("b64.tmj", tmj(format!("\"{}\"", b64(&gids, "")), r#", "encoding": "base64""#)),
        ("zlib.tmj", tmj(format!("\"{}\"", b64(&gids, "zlib")), r#", "encoding": "base64", "compression": "zlib""#)),
        ("gzip.tmj", tmj(format!("\"{}\"", b64(&gids, "gzip")), r#", "encoding": "base64", "compression": "gzip""#)),
        ("zstd.tmj", tmj(format!("\"{}\"", b64(&gids, "zstd")), r#", "encoding": "base64", "compression": "zstd""#)),
        ("csv.tmx", tmx(format!("<data encoding=\"csv\">\n{}\n</data>", csv.join(",\n")))),
        ("b64.tmx", tmx(format!("<data encoding=\"base64\">\n  {}\n</data>", b64(&gids, "")))),
        ("zlib.tmx", tmx(format!("<data encoding=\"base64\" compression=\"zlib\">{}</data>", b64(&gids, "zlib")))),
        ("gzip.tmx", tmx(format!("<data encoding=\"base64\" compression=\"gzip\">{}</data>", b64(&gids, "gzip")))),
        ("zstd.tmx", tmx(format!("<data encoding=\"base64\" compression=\"zstd\">{}</data>", b64(&gids, "zstd")))),
    ];
    for (name, text) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (level, back) = round_trip(&path);
        assert_eq!((level.width as usize, level.height as usize), (w, h), "{name}");
        assert_eq!(back, ids, "{name}");
    }
}

#[test]
fn shipped_e1m1_is_the_article_scene() {
    let (level, back) = round_trip(&levels_dir().join("e1m1.h"));
    assert_eq!((level.width, level.height), (19, 16));
    let mut expected = vec![0u16; 19 * 16];
    for (x, v) in expected[..19].iter_mut().enumerate() {
        *v = if x == 1 { 0 } else { x as u16 }; // id 1 (reserved palette slot) is blank
    }
    let rows: [(usize, &[u16]); 4] = [
        (8, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0]),
        (9, &[0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 2, 2, 9, 0, 0, 0, 0, 0, 0]),
        (10, &[0, 0, 0, 0, 0, 0, 4, 5, 2, 2, 2, 2, 2, 10, 11, 0, 0, 0, 0]),
        (11, &[0, 0, 0, 6, 7, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 12, 13, 14, 0]),
    ];
    for (y, r) in rows {
        expected[y * 19..y * 19 + 19].copy_from_slice(r);
    }
    for v in &mut expected[12 * 19..] {
        *v = 2;
    }
    assert_eq!(back, expected);
}

#[test]
fn shipped_demo_level_features() {
    let all = levels::load_dir(&levels_dir()).unwrap_or_else(|e| panic!("{e:?}"));
    let names: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
    // Every file of levels/, sorted by file name (a level added there needs no change here).
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "sorted by file name");
    assert_eq!(names[..2], ["demo", "e1m1"], "the shipped levels first (the tests below read all[0] as the demo)");
    let demo = &all[0];
    assert!(demo.width >= 160 && demo.width as usize * 16 > 1024, "wider than the VDP plane");
    assert_eq!(demo.height, 28);
    for id in shape::DEFINED_IDS.iter().copied().filter(|&i| i != 0) {
        assert!(demo.tiles.contains(&id), "demo uses shape {id}");
    }
    for id in 32..32 + demo.height_tiles.len() as u16 {
        assert!(demo.tiles.contains(&id), "demo uses height tile {id}");
    }
    // Pits: empty columns down to the bottom.
    let empty_cols: Vec<usize> = (0..demo.width as usize).filter(|&x| (0..demo.height as usize).all(|y| demo.tile(x, y) == 0)).collect();
    let pits = empty_cols.windows(2).filter(|w| w[1] != w[0] + 1).count() + usize::from(!empty_cols.is_empty());
    assert!(pits >= 2, "at least two pits, found {pits}");
    // A thick wall (3 solid columns, 6 tiles high) and thin walls (half tiles stacked 4 high).
    assert!((0..demo.width as usize - 3).any(|x| (0..3).all(|k| (16..22).all(|y| demo.tile(x + k, y) == 2))));
    for half in [17, 18] {
        assert!((0..demo.width as usize).any(|x| (18..22).all(|y| demo.tile(x, y) == half)), "thin wall of id {half}");
    }
    let spawn = demo.spawn.expect("spawn point");
    assert!(spawn.x < 16 * 16, "spawn on the left");
    for kind in ["enemy", "platform", "potato", "goal"] {
        assert!(demo.entities.iter().any(|e| e.kind == kind), "entity {kind}");
    }
    let lift = demo.entities.iter().find(|e| e.kind == "platform").unwrap();
    assert_eq!(lift.path.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// One test per error class (exact messages)

const BAD: &str = "tests/fixtures/bad/";

fn assert_errors(file: &str, expected: &[&str]) {
    assert_eq!(errors(&format!("{BAD}{file}")), expected);
}

#[test]
fn unknown_entity_type_is_an_error_at_its_line() {
    let errs = errors(&format!("{BAD}kind.tmx"));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("tests/fixtures/bad/kind.tmx:13:")
            && errs[0].ends_with("object 2: class `tree` is not an entity kind declared in the game's Tiled project tests/fixtures/bad/tests.tiled-project: expected one of `spawn`, `enemy`, `potato`. Fix: declare the class in the project (Tiled: View > Custom Types Editor, a class used as object, then save the project), or set the object's class to one of these, or clear its class and type to keep it as decoration (skipped with a warning)"),
        "{}",
        errs[0]
    );
}

#[test]
fn error_syntax_16tile() {
    assert_errors("syntax.h", &["tests/fixtures/bad/syntax.h:4:1: expected `;` after the array, found `const`"]);
}

#[test]
fn error_syntax_unterminated_comment() {
    assert_errors("comment.h", &["tests/fixtures/bad/comment.h:2:1: unterminated comment: expected `*/`"]);
}

#[test]
fn error_syntax_json() {
    assert_errors("syntax.tmj", &["tests/fixtures/bad/syntax.tmj:5:27: JSON syntax error: expected `,` or `}`"]);
}

#[test]
fn error_syntax_xml() {
    assert_errors("syntax.tmx", &["tests/fixtures/bad/syntax.tmx:4:1: XML syntax error: expected `</layer>`, found `</map>`"]);
}

#[test]
fn error_count_16tile() {
    assert_errors("count.h", &["tests/fixtures/bad/count.h:3:16: the tile array has 5 elements: expected width x height = 3 x 2 = 6. Fix: correct the width / height constants, or re-export the level"]);
}

#[test]
fn error_count_declared_size() {
    assert_errors("declared.h", &["tests/fixtures/bad/declared.h:3:28: array `ACollisions` is declared with 5 elements but has 4: expected 5. Fix: correct the declared size, or re-export the level"]);
}

#[test]
fn error_count_tiled() {
    assert_errors("count.tmj", &["tests/fixtures/bad/count.tmj: layer `collision` has 10 tiles: expected width x height = 4 x 3 = 12. Fix: re-save the map in Tiled (a layer's data fills the map)"]);
}

#[test]
fn error_reserved_id_1() {
    assert_errors("reserved.h", &["tests/fixtures/bad/reserved.h:3:38: tile id 1 is reserved (16Tile's palette slot): expected 0 or 2..=19. Fix: if your export means solid by 1, translate it with an id map (`1 = solid` in NAME.idmap or 16tile.idmap, see tools/romtool/README.md); otherwise use 0 or 2"]);
}

#[test]
fn error_unknown_ids_16tile() {
    assert_errors(
        "unknown.h",
        &[
            "tests/fixtures/bad/unknown.h:3:35: tile id 25 is reserved by the engine (20..=31): expected 0 or 2..=19. Fix: use the collision tileset's tiles 0 and 2..=19 or its height tiles (levels/collision-tiles.png crosses out the reserved ones)",
            "tests/fixtures/bad/unknown.h:4:5: tile id 40 is a height tile but the level has no tileset PNG defining it: expected 0 or 2..=19. Fix: put the tileset PNG beside the level (16Tile: NAME.png; Tiled: the collision tileset's image)",
        ],
    );
}

#[test]
fn error_unknown_ids_tiled_name_the_tile() {
    assert_errors(
        "unknown.tmx",
        &[
            "tests/fixtures/bad/unknown.tmx:9:26: tile (3, 1): tile id 26 is reserved by the engine (20..=31): expected 0, 2..=19 or 32..=34. Fix: use the collision tileset's tiles 0 and 2..=19 or its height tiles (levels/collision-tiles.png crosses out the reserved ones)",
            "tests/fixtures/bad/unknown.tmx:10:7: tile (3, 2): tile id 1 is reserved (16Tile's palette slot): expected 0, 2..=19 or 32..=34. Fix: if your export means solid by 1, translate it with an id map (`1 = solid` in NAME.idmap or 16tile.idmap, see tools/romtool/README.md); otherwise use 0 or 2",
        ],
    );
}

#[test]
fn error_size_zero() {
    assert_errors("zero.h", &["tests/fixtures/bad/zero.h:1:28: map width is 0 tiles: expected 1 to 256 (the engine's limit)"]);
}

#[test]
fn error_size_negative() {
    assert_errors("negative.h", &["tests/fixtures/bad/negative.h:2:29: map height is -3 tiles: expected 1 to 248 (the engine's limit)"]);
}

#[test]
fn error_size_over_limit() {
    assert_errors("toowide.h", &["tests/fixtures/bad/toowide.h:1:28: map width is 300 tiles: expected 1 to 256 (the engine's limit). Fix: split the level into several maps"]);
    assert_errors("toowide.tmj", &["tests/fixtures/bad/toowide.tmj: map width is 300 tiles: expected 1 to 256 (the engine's limit). Fix: split the level into several maps"]);
}

#[test]
fn error_missing_size() {
    assert_errors(
        "nowidth.h",
        &["tests/fixtures/bad/nowidth.h:3:1: missing the map width: expected a declaration like `const int16_t NAMETileWidth = 19;`"],
    );
}

#[test]
fn error_missing_layer() {
    assert_errors(
        "nolayer.tmj",
        &["tests/fixtures/bad/nolayer.tmj: no tile layer named `collision` among 2 tile layers (`bg`, `fg`): expected one named `collision`. Fix: rename the layer of `bg`, `fg` (their tiles are all engine ids) that holds the collision tiles to `collision`; or give the art tileset's tiles a `collision` property with their engine shape (solid, rise_1, one_way, ..., or `height`)"],
    );
    assert_errors("notilelayer.tmj", &["tests/fixtures/bad/notilelayer.tmj: no tile layer: expected a tile layer named `collision`. Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png)"]);
}

#[test]
fn error_unsupported_encoding() {
    assert_errors(
        "compression.tmx",
        &["tests/fixtures/bad/compression.tmx: layer `collision`: compression `lzma` is not supported: expected none, `zlib`, `gzip` or `zstd` (or CSV). Fix: in Tiled, Map > Map Properties > Tile Layer Format, pick one of these"],
    );
    assert_errors(
        "zstd_garbage.tmj",
        &["tests/fixtures/bad/zstd_garbage.tmj: layer `collision`: the data is not zstd (a zstd frame starts with the bytes 28 B5 2F FD). Fix: re-save the map in Tiled, or set `compression` to what the data is"],
    );
    // Infinite maps are read (issue 13); this one (unchunked data in an infinite map, read as
    // a block at the origin) fails on its ids.
    assert_errors(
        "infinite.tmx",
        &[
            "tests/fixtures/bad/infinite.tmx:9:26: tile (3, 1): tile id 26 is reserved by the engine (20..=31): expected 0, 2..=19 or 32..=34. Fix: use the collision tileset's tiles 0 and 2..=19 or its height tiles (levels/collision-tiles.png crosses out the reserved ones)",
            "tests/fixtures/bad/infinite.tmx:10:7: tile (3, 2): tile id 1 is reserved (16Tile's palette slot): expected 0, 2..=19 or 32..=34. Fix: if your export means solid by 1, translate it with an id map (`1 = solid` in NAME.idmap or 16tile.idmap, see tools/romtool/README.md); otherwise use 0 or 2",
        ],
    );
    assert_errors("tilesize.tmj", &["tests/fixtures/bad/tilesize.tmj: map tiles are 8x8 pixels: expected 16x16. Fix: set the map's tile size to 16x16 (Map > Map Properties) and use a 16x16 collision tileset"]);
}

#[test]
fn error_object_outside_map() {
    assert_errors("object.tmj", &["tests/fixtures/bad/object.tmj: object 3: `potato` reaches pixel (100, 12) outside the map: expected 0..=64, 0..=48. Fix: move the object (and its path points) inside the map in Tiled, or make the map bigger"]);
}

#[test]
fn error_name_clash() {
    let dir = tempfile::tempdir().unwrap();
    let h = "const int16_t AWidth = 1; const int16_t AHeight = 1; const uint16_t A[] = { 2 };";
    std::fs::write(dir.path().join("a.h"), h).unwrap();
    std::fs::write(dir.path().join("a_map.h"), h).unwrap();
    std::fs::write(dir.path().join("levels.txt"), h).unwrap();
    let errs: Vec<String> = levels::load_dir(dir.path()).unwrap_err().iter().map(|d| d.to_string()).collect();
    assert_eq!(errs.len(), 2, "{errs:?}");
    let want = format!(
        "a_map.h: level name `a_map`: the generated item A_MAP clashes with one of level `a` ({}): rename the file",
        dir.path().join("a.h").display()
    );
    assert!(errs[0].ends_with(&want), "{}", errs[0]);
    assert!(
        errs[1].ends_with(
            "levels.txt: level name `levels`: the generated item LEVELS clashes with a built-in item of levels.rs: rename the file"
        ),
        "{}",
        errs[1]
    );
}

// ---------------------------------------------------------------------------------------------
// Command line: nothing written on error; deterministic output

fn romtool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_romtool"))
}

#[test]
fn cli_error_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    let gen = out.path().join("gen");
    std::fs::create_dir_all(&gen).unwrap();
    std::fs::write(gen.join("levels.rs"), "OLD").unwrap();
    let res = romtool()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["levels", "tests/fixtures/bad_dir", "--out-dir"])
        .arg(&gen)
        .arg("--preview-dir")
        .arg(out.path().join("prev"))
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&res.stderr);
    assert_eq!(
        stderr,
        "error: tests/fixtures/bad_dir/b_bad.h:3:38: tile id 21 is reserved by the engine (20..=31): expected 0 or 2..=19. Fix: use the collision tileset's tiles 0 and 2..=19 or its height tiles (levels/collision-tiles.png crosses out the reserved ones)\n\
         romtool: error: 1 error(s) in tests/fixtures/bad_dir; nothing written\n"
    );
    assert_eq!(std::fs::read_to_string(gen.join("levels.rs")).unwrap(), "OLD");
    assert!(!out.path().join("prev").exists());
    assert_eq!(std::fs::read_dir(&gen).unwrap().count(), 1, "no temporary files left");
}

#[test]
fn cli_writes_deterministic_outputs() {
    let out = tempfile::tempdir().unwrap();
    let run = |sub: &str| {
        let res = romtool()
            .args(["levels"])
            .arg(fixtures().join("good"))
            .arg("--out-dir")
            .arg(out.path().join(sub).join("gen"))
            .arg("--preview-dir")
            .arg(out.path().join(sub).join("prev"))
            .arg("--grid")
            .output()
            .unwrap();
        assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    };
    run("a");
    run("b");
    let a = std::fs::read(out.path().join("a/gen/levels.rs")).unwrap();
    assert_eq!(a, std::fs::read(out.path().join("b/gen/levels.rs")).unwrap());
    for name in ["tiny", "tiny_b64", "tiny_csv", "tiny_gzip", "tiny_json", "tiny_xml", "tiny_zlib", "tiny_zstd", "tiny_zstd_xml"] {
        let p = format!("prev/{name}.png");
        assert_eq!(std::fs::read(out.path().join("a").join(&p)).unwrap(), std::fs::read(out.path().join("b").join(&p)).unwrap());
    }
    let text = String::from_utf8(a).unwrap();
    syn::parse_file(&text).expect("valid Rust");
    // Levels in file-name order in the index.
    assert!(text.contains("pub static LEVELS: [&Level; 9] = [&TINY, &TINY_B64, &TINY_CSV, &TINY_GZIP, &TINY_JSON, &TINY_XML, &TINY_ZLIB, &TINY_ZSTD, &TINY_ZSTD_XML];"));
}

// ---------------------------------------------------------------------------------------------
// Previews and graphics

fn decode_rgb(png_bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    (info.width as usize, info.height as usize, buf)
}

fn rgb_at(img: &(usize, usize, Vec<u8>), x: usize, y: usize) -> [u8; 3] {
    let i = (y * img.0 + x) * 3;
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

#[test]
fn preview_png_spot_checks() {
    let all = levels::load_dir(&levels_dir()).unwrap();
    let e1m1 = all.iter().find(|l| l.name == "e1m1").unwrap();
    let img = decode_rgb(&preview::render_png(e1m1, false));
    assert_eq!((img.0, img.1), (19 * 16, 16 * 16));
    let [sky, solid, _, _, _] = gfx::COLOURS_RGB;
    assert_eq!(rgb_at(&img, 2 * 16 + 8, 8), solid); // tile (2, 0): solid
    assert_eq!(rgb_at(&img, 5 * 16 + 8, 5 * 16 + 8), sky); // tile (5, 5): blank
    assert_eq!(rgb_at(&img, 3 * 16, 15), solid); // tile (3, 0) rising 1:1: bottom-left pixel
    assert_eq!(rgb_at(&img, 3 * 16, 14), sky); // ... the pixel above it is empty
    assert_eq!(rgb_at(&img, 3 * 16 + 15, 0), solid); // ... top-right pixel is solid
    assert_eq!(rgb_at(&img, 15 * 16 + 3, 3), solid); // tile (15, 0): top half
    assert_eq!(rgb_at(&img, 15 * 16 + 3, 12), sky);
    assert_eq!(rgb_at(&img, 10 * 16 + 4, 8 * 16 + 7), sky); // tile (10, 8): bottom half step
    assert_eq!(rgb_at(&img, 10 * 16 + 4, 8 * 16 + 8), solid);
    // With the grid, tile corners are darker.
    let grid = decode_rgb(&preview::render_png(e1m1, true));
    assert_eq!(rgb_at(&grid, 5 * 16, 5 * 16), sky.map(|v| v / 4 * 3));
    assert_eq!(rgb_at(&grid, 5 * 16 + 8, 5 * 16 + 8), sky);

    // A level with art (the demo): the art as the VDP shows it, the backdrop where nothing is
    // drawn; with the collision overlay, solid and one-way pixels tinted, the rest unchanged.
    let demo = all.iter().find(|l| l.name == "demo").unwrap();
    let art = demo.art.as_ref().unwrap();
    let img = decode_rgb(&preview::render_png(demo, false));
    let over = decode_rgb(&preview::try_render_png_styled(demo, preview::Style { grid: false, collision: true }).unwrap());
    assert_eq!((img.0, img.1), (demo.width as usize * 16, demo.height as usize * 16));
    let backdrop = romtool_gfx::cells::expand(art.backdrop());
    assert_eq!(backdrop, [108, 180, 252]);
    assert_eq!(rgb_at(&img, 0, 0), backdrop); // the sky: nothing drawn on either plane
    for y in 0..img.1 {
        for x in 0..img.0 {
            let want = art.pixel(Plane::A, x, y).or_else(|| art.pixel(Plane::B, x, y)).unwrap_or(backdrop);
            let (px, py) = (x % 16, y % 16);
            let tinted = match preview::pixel_colour(demo, x, y) {
                c if c == gfx::COLOUR_SOLID || c == gfx::COLOUR_HEIGHT => Some(preview::COLLISION_RGB),
                c if c == gfx::COLOUR_ONE_WAY => Some(preview::ONE_WAY_RGB),
                _ => None,
            };
            // Object outlines are drawn over everything: skip those pixels.
            if rgb_at(&img, x, y) != want {
                assert!(
                    demo.entities.iter().any(|e| x as i32 >= e.x - 4
                        && y as i32 >= e.y - 4
                        && (x as i32) < e.x + e.w.max(e.path.iter().map(|p| p.x - e.x).max().unwrap_or(0)) + 4
                        && (y as i32) < e.y + e.h + 4)
                        || demo.spawn.is_some_and(|s| (x as i32 - s.x).abs() <= 16 && (y as i32 - s.y).abs() <= 32),
                    "pixel ({x}, {y}) tile offset ({px}, {py})"
                );
                continue;
            }
            let blend = |t: [u8; 3]| [0, 1, 2].map(|i| ((want[i] as u16 + t[i] as u16) / 2) as u8);
            assert_eq!(rgb_at(&over, x, y), tinted.map_or(want, blend), "overlay pixel ({x}, {y})");
        }
    }
    let (ox, oy) = (0..demo.width as usize)
        .flat_map(|x| (0..demo.height as usize).map(move |y| (x, y)))
        .find(|&(x, y)| demo.tile(x, y) == 19)
        .unwrap();
    assert_ne!(rgb_at(&over, ox * 16 + 5, oy * 16), rgb_at(&img, ox * 16 + 5, oy * 16)); // one-way floor row tinted
    assert_eq!(rgb_at(&over, ox * 16 + 5, oy * 16 + 1), rgb_at(&img, ox * 16 + 5, oy * 16 + 1)); // ... the row under it not
    let spawn = demo.spawn.unwrap();
    assert_eq!(rgb_at(&img, spawn.x as usize, spawn.y as usize), preview::SPAWN_RGB);
    assert_eq!(rgb_at(&over, spawn.x as usize, spawn.y as usize), preview::SPAWN_RGB);
    // The grid darkens the art too.
    let grid = decode_rgb(&preview::try_render_png_styled(demo, preview::Style { grid: true, collision: false }).unwrap());
    assert_eq!(rgb_at(&grid, 0, 0), backdrop.map(|v| v / 4 * 3));
    assert_eq!(rgb_at(&grid, 1, 1), backdrop);
    // Levels without art are drawn from the collision shapes with or without the overlay.
    assert_eq!(
        preview::try_render_png_styled(e1m1, preview::Style { grid: false, collision: true }).unwrap(),
        preview::render_png(e1m1, false)
    );
}

#[test]
fn vdp_graphics_are_the_engine_shapes() {
    for id in 0..shape::BUILTIN_COUNT as u16 {
        let words = gfx::builtin_words(id);
        for y in 0..16 {
            for x in 0..16 {
                let expected = match shape::pixel(id, x as u16, y as u16) {
                    shape::PixelKind::Empty => 0,
                    shape::PixelKind::Solid => 1,
                    shape::PixelKind::OneWay => 2,
                };
                assert_eq!(gfx::unpack_pixel(&words, x, y), expected, "id {id} ({x}, {y})");
            }
        }
    }
    // Plane-cell row order: VDP tile 1 is the top-right 8x8 cell. Right half (18): tile 0
    // (top-left) is empty, tile 1 (top-right) is all colour 1.
    let rh = gfx::builtin_words(shape::RIGHT_HALF);
    assert!(rh[0..16].iter().all(|&w| w == 0));
    assert!(rh[16..32].iter().all(|&w| w == 0x1111));
    // Bottom half (16): tiles 0, 1 empty, tiles 2, 3 solid.
    let bh = gfx::builtin_words(shape::BOTTOM_HALF);
    assert!(bh[..32].iter().all(|&w| w == 0) && bh[32..].iter().all(|&w| w == 0x1111));
    // Rising 1:1, top-left VDP tile row 7 = pixels 0..8 of row 7: px + 7 >= 15 -> only px 8.. -> none.
    let r1 = gfx::builtin_words(shape::RISE_1);
    assert_eq!(&r1[14..16], &[0x0000, 0x0000]);
    assert_eq!(&r1[16..18], &[0x0000, 0x0001]); // top-right tile, row 0: only px 15
    assert_eq!(gfx::cram_palette()[1], gfx::cram([180, 108, 36]));
    assert_eq!(gfx::cram([252, 216, 36]), 0x02CE);
}

#[test]
fn tileset_png_round_trip() {
    let mut hts = vec![[0u16; 16]; 3];
    hts[0][15] = 0xFFFF;
    hts[1] = std::array::from_fn(|i| 1 << i);
    hts[2][0] = 0x8001;
    let png = height_tiles::render_tileset(&hts, 8);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.png");
    std::fs::write(&p, png).unwrap();
    assert_eq!(height_tiles::load_height_tiles(&p).unwrap(), hts);
    // Trailing empty tiles are dropped.
    std::fs::write(&p, height_tiles::render_tileset(&[hts[0], [0; 16], [0; 16]], 8)).unwrap();
    assert_eq!(height_tiles::load_height_tiles(&p).unwrap(), vec![hts[0]]);
}

// ---------------------------------------------------------------------------------------------
// The generated Rust

#[test]
fn generated_rust_is_valid_and_reads_back() {
    let all = levels::load_dir(&levels_dir()).unwrap();
    let kinds = project::read_folder(&levels_dir()).unwrap();
    let surfaces = surfaces::compile_all(&all, &[]).unwrap();
    let text = gen_levels::generate(&all, &kinds, &surfaces);
    let file = syn::parse_file(&text).expect("valid Rust");
    for l in &all {
        assert_eq!(read_back_u16s(&file, &format!("{}_TILES", l.ident)), l.tiles);
    }
    let gfx_words = read_back_u16s(&file, "SHAPE_GFX");
    assert_eq!(gfx_words.len(), 20 * 64);
    assert_eq!(&gfx_words[2 * 64..3 * 64], &[0x1111; 64]);
    assert_eq!(read_back_u16s(&file, "DEMO_HEIGHT_GFX").len(), all[0].height_tiles.len() * 64);
    assert_eq!(gen_levels::generate(&all, &kinds, &surfaces), text, "deterministic");
}

/// Builds the generated file of the shipped levels in a `no_std` library crate through
/// `include!` (as the ROM does) with the real engine, then runs a host program on it that
/// checks the Map answers and the spawn point.
#[test]
fn generated_rust_compiles_in_a_no_std_crate() {
    let all = levels::load_dir(&levels_dir()).unwrap();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("include_check");
    let src = work.join("src");
    std::fs::create_dir_all(&src).unwrap();
    for f in ["lib.rs", "main.rs"] {
        std::fs::copy(fixtures().join("include_check/src").join(f), src.join(f)).unwrap();
    }
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/engine").canonicalize().unwrap();
    let manifest = format!(
        "[package]\nname = \"include_check\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nmegacollide-engine = {{ path = {:?} }}\nmegadrive = {{ path = {:?}, default-features = false }}\n\n[workspace]\n",
        engine.display().to_string(),
        engine.join("../megadrive").display().to_string()
    );
    std::fs::write(work.join("Cargo.toml"), manifest).unwrap();
    // Same dependency versions as the workspace.
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.lock");
    if lock.exists() && !work.join("Cargo.lock").exists() {
        std::fs::copy(&lock, work.join("Cargo.lock")).unwrap();
    }
    let rs = work.join("levels.rs");
    let kinds = project::read_folder(&levels_dir()).unwrap();
    let surfaces = surfaces::compile_all(&all, &[]).unwrap();
    romtool_common::output::write_atomically(&rs, gen_levels::generate(&all, &kinds, &surfaces).as_bytes()).unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let res = Command::new(cargo)
        .current_dir(&work)
        .args(["run", "--quiet", "--offline"])
        .env("LEVELS_RS", &rs)
        .env("CARGO_TARGET_DIR", work.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&res.stdout);
    assert!(res.status.success(), "{}\n{}", stdout, String::from_utf8_lossy(&res.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), all.len(), "{stdout}");
    let demo = &all[0];
    let spawn = demo.spawn.unwrap();
    assert!(lines[0].starts_with(&format!("demo {}x{} solid=", demo.width, demo.height)), "{}", lines[0]);
    assert!(lines[0].contains(&format!("spawn=({},{})", spawn.x, spawn.y)), "{}", lines[0]);
    let enemies = demo.entities.iter().filter(|e| e.kind == "enemy").count();
    assert!(lines[0].ends_with(&format!("entities={} enemies={enemies}", demo.entities.len())), "{}", lines[0]);
    // e1m1: solid test points (tile centre-bottom) = every tile whose bottom-middle pixel is solid.
    let e1m1 = &all[1];
    let solid = (0..16).flat_map(|y| (0..19).map(move |x| (x, y))).filter(|&(x, y)| shape::solid_pixel(e1m1.tile(x, y), 8, 15)).count();
    assert_eq!(lines[1], format!("e1m1 19x16 solid={solid} spawn=none entities=0 enemies=0"));
}

// ---------------------------------------------------------------------------------------------
// Issue 13: id maps, the budgets against the ROM

/// The README's id-map example: an export numbering solid as 1, translated by its id map.
#[test]
fn example_16tile_idmap() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/16tile-idmap");
    let all = levels::load_dir(&dir).unwrap_or_else(|e| panic!("{e:?}"));
    let l = &all[0];
    assert_eq!((l.width, l.height), (12, 4));
    assert_eq!(&l.tiles[12..24], &[0, 0, 0, 4, 5, 2, 2, 10, 11, 0, 0, 0]);
    assert_eq!(&l.tiles[24..36], &[0, 0, 3, 2, 2, 2, 2, 2, 2, 9, 0, 0]);
    assert!(l.notes[0].starts_with("tile ids translated by"), "{:?}", l.notes);
}

/// Reads `const NAME: u16 = N;` from a ROM source file.
fn rom_const(file: &str, name: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let line = text
        .lines()
        .find(|l| {
            l.trim_start().starts_with(&format!("const {name}: u16 =")) || l.trim_start().starts_with(&format!("pub const {name}: u16 ="))
        })
        .unwrap_or_else(|| {
            panic!(
                "{file} has no `const {name}: u16`: update romtool's VRAM budget (tools/romtool-levels/src/limits.rs) to the ROM's layout"
            )
        });
    line.split('=').nth(1).unwrap().trim().trim_end_matches(';').trim().parse().unwrap()
}

/// The VRAM budget for height tiles is what the ROM leaves between its shape graphics and its
/// sprite graphics: a layout change in `src/` must change the budget too.
#[test]
fn vram_budget_matches_the_rom_layout() {
    use romtool_levels::limits;
    let shapes = rom_const("src/level-view/src/lib.rs", "SHAPE_TILE");
    let sprites = rom_const("src/rom/sprites.rs", "FIRST_TILE");
    assert_eq!(shapes, limits::ROM_SHAPE_BASE_TILE, "src/level-view/src/lib.rs SHAPE_TILE");
    assert_eq!(sprites, limits::ROM_SPRITE_BASE_TILE, "src/rom/sprites.rs FIRST_TILE");
    let free = sprites - shapes - 4 * shape::BUILTIN_COUNT;
    assert_eq!(free / 4, limits::VRAM_HEIGHT_TILES);
    // The ROM loads all of a level's height-tile graphics there.
    let all = levels::load_dir(&levels_dir()).unwrap();
    assert!(all.iter().all(|l| l.height_tiles.len() <= limits::VRAM_HEIGHT_TILES));
}

/// `--require-level`: a level the ROM refers to by name must exist (else the ROM would not
/// build although romtool exited 0).
#[test]
fn cli_require_level() {
    let out = tempfile::tempdir().unwrap();
    let res = romtool()
        .args(["levels"])
        .arg(levels_dir())
        .arg("--out-dir")
        .arg(out.path())
        .args(["--require-level", "demo", "--require-level", "e1m1", "--require-level", "e1m2"])
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&res.stderr);
    assert!(stderr.contains("level `e1m2` (Rust item E1M2) is missing: the ROM uses it (--require-level)"), "{stderr}");
    assert!(!stderr.contains("`demo`"), "{stderr}");
    assert!(!out.path().join("levels.rs").exists());
}

/// Every entity kind of the game's project exists even when no level uses it (the game
/// matches on them).
#[test]
fn declared_entity_kinds_always_generated() {
    let path = fixtures().join("good/tiny.h");
    let level = levels::load_file(&path).and_then(validate::validate).unwrap();
    let surfaces = surfaces::compile_all(std::slice::from_ref(&level), &[]).unwrap();
    let rust = gen_levels::generate(std::slice::from_ref(&level), &kinds_of(&path), &surfaces);
    for v in ["Enemy(EnemyProperties),", "Potato,"] {
        assert!(rust.contains(&format!("    {v}\n")), "EntityKind::{v}");
    }
    assert!(rust.contains("pub const DEFAULT: EnemyProperties = EnemyProperties { angry: false, label: \"\", speed: 1 };"), "{rust}");
}

// ---------------------------------------------------------------------------------------------
// Flipped and rotated collision tiles (Tiled's gid bits 31..28)

/// A 6x2 TMX map with CSV data over `tests/fixtures/good/tiles.png` (firstgid 1), in a fresh
/// folder; returns the folder and the map's path.
fn flip_map(csv: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join("good/tiles.png"), dir.path().join("tiles.png")).unwrap();
    let text = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map orientation=\"orthogonal\" width=\"6\" height=\"2\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n <tileset firstgid=\"1\" name=\"c\" tilewidth=\"16\" tileheight=\"16\"><image source=\"tiles.png\"/></tileset>\n <layer name=\"collision\" width=\"6\" height=\"2\"><data encoding=\"csv\">\n{csv}\n</data></layer>\n</map>\n"
    );
    let path = dir.path().join("flips.tmx");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// A 16x16 picture mirrored left to right / top to bottom, by hand.
fn mirror_rows(rows: &[u16; 16], h: bool, v: bool) -> [u16; 16] {
    let mut out = *rows;
    if h {
        out = out.map(u16::reverse_bits);
    }
    if v {
        out.reverse();
    }
    out
}

#[test]
fn flipped_tiles_are_the_mirrored_shapes() {
    const H: u32 = 0x8000_0000;
    const V: u32 = 0x4000_0000;
    const D: u32 = 0x2000_0000;
    let g = |id: u32, f: u32| (id + 1) | f;
    // Row 0: rise_1 flipped horizontally, top half flipped vertically, left half rotated 90°
    // clockwise (diagonal + horizontal), one-way flipped horizontally, height tile 32 flipped
    // horizontally twice (one new tile at most). Row 1: height tile 33 flipped vertically,
    // twice; solid flipped diagonally; rise_1 flipped diagonally (symmetric); 3:1 rise
    // (left) flipped horizontally; blank.
    let row0 = [g(3, H), g(15, V), g(17, D | H), g(19, H), g(32, H), g(32, H)];
    let row1 = [g(33, V), g(33, V), g(2, D), g(3, D), g(6, H), 0];
    let csv = |r: &[u32]| r.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    let (_dir, path) = flip_map(&format!("{},\n{}", csv(&row0), csv(&row1)));
    let (level, ids) = round_trip(&path);
    let base = height_tiles::load_height_tiles(&fixtures().join("good/tiles.png")).unwrap();
    assert_eq!(level.height_tiles[..3], base[..], "the tileset's own height tiles come first");
    // The flipped height tiles: the same tile when symmetric, else new tiles 35, 36, ...
    let mut next = 35u16;
    let mut expect_height = |orig: usize, h: bool, v: bool| -> u16 {
        let want = mirror_rows(&base[orig], h, v);
        match base.iter().position(|r| *r == want) {
            Some(i) => 32 + i as u16,
            None => {
                let id = next;
                next += 1;
                assert_eq!(level.height_tiles[(id - 32) as usize], want, "height tile {id} is {orig} mirrored");
                id
            }
        }
    };
    let h32 = expect_height(0, true, false);
    let v33 = expect_height(1, false, true);
    assert_eq!(ids, [9, 16, 15, 19, h32, h32, v33, v33, 2, 3, 14, 0]);
    assert_eq!(level.height_tiles.len(), next as usize - 32, "one new height tile per distinct flip");
    if next > 35 {
        assert!(level.notes.iter().any(|n| n.starts_with("flipped height tiles made")), "{:?}", level.notes);
    }
}

#[test]
fn flips_without_an_equivalent_are_errors_at_their_line() {
    // one-way flipped vertically, rise_1 flipped vertically (a ceiling slope), solid with the
    // hexagonal rotation bit, 2:1 rise rotated 90° clockwise.
    let csv = format!("3,3,3,3,3,3,\n{},{},{},{},3,0", 20 | 0x4000_0000u32, 4 | 0x4000_0000u32, 3 | 0x1000_0000u32, 5 | 0xA000_0000u32);
    let (_dir, path) = flip_map(&csv);
    let errs: Vec<String> = levels::load_file(&path).unwrap_err().iter().map(|d| d.to_string()).collect();
    let p = path.display();
    assert_eq!(
        errs,
        [
            format!("{p}:6:1: tile (0, 1): tile id 19 (one_way) is flipped vertically: no built-in tile is its exact mirror image. Fix: a one-way platform is a floor on its top edge only; draw it unflipped or flipped horizontally"),
            format!("{p}:6:12: tile (1, 1): tile id 3 (rise_1) is flipped vertically: no built-in tile is its exact mirror image. Fix: the engine has no built-in tile with these pixels (a slope flipped vertically is a ceiling slope); draw the shape in the collision tileset as a height tile (ids 32..) and place that, or remove the flip"),
            format!("{p}:6:23: tile (2, 1): gid 268435459 has bit 28 set (Tiled's 120° rotation of hexagonal maps), which means nothing on an orthogonal map. Fix: in Tiled, select the tile and reset its rotation (or redraw it), then save"),
            format!("{p}:6:33: tile (3, 1): tile id 4 (rise_2a) is rotated 90° clockwise: no built-in tile is its exact mirror image. Fix: the engine has no built-in tile with these pixels (a slope flipped vertically is a ceiling slope); draw the shape in the collision tileset as a height tile (ids 32..) and place that, or remove the flip"),
        ]
    );
}

#[test]
fn flipped_height_tiles_count_against_the_vram_budget() {
    // Each of the 3 height tiles in all 8 orientations: far more than 12 distinct tiles
    // unless the pictures are very symmetric (they are not).
    let flags = [0u32, 0x8000_0000, 0x4000_0000, 0xC000_0000, 0x2000_0000, 0xA000_0000, 0x6000_0000, 0xE000_0000];
    let gids: Vec<String> = (0..24).map(|i| ((33 + i % 3) as u32 | flags[i / 3]).to_string()).collect();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join("good/tiles.png"), dir.path().join("tiles.png")).unwrap();
    let text = format!(
        "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"24\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">\n <tileset firstgid=\"1\" name=\"c\" tilewidth=\"16\" tileheight=\"16\"><image source=\"tiles.png\"/></tileset>\n <layer name=\"collision\" width=\"24\" height=\"1\"><data encoding=\"csv\">{}</data></layer>\n</map>\n",
        gids.join(",")
    );
    let path = dir.path().join("many.tmx");
    std::fs::write(&path, text).unwrap();
    let src = levels::load_file(&path).unwrap();
    assert!(src.height_tiles.len() > 12, "{} height tiles", src.height_tiles.len());
    let errs: Vec<String> = validate::validate(src).unwrap_err().iter().map(|d| d.to_string()).collect();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].contains("the ROM has VRAM for 12 per level"), "{}", errs[0]);
    assert!(errs[0].contains("a flipped height tile that is not symmetric counts as one more"), "{}", errs[0]);
}

// ---------------------------------------------------------------------------------------------
// Objects without a class or type: decoration, skipped with a warning

fn decoration_map(dir: &Path, objects: &str) -> PathBuf {
    // The game declares one kind, `goal`.
    let game = r#"{ "propertyTypes": [ { "type": "class", "name": "goal", "useAs": ["object"], "members": [] } ] }"#;
    std::fs::write(dir.join("game.tiled-project"), game).unwrap();
    let text = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map orientation=\"orthogonal\" width=\"4\" height=\"2\" tilewidth=\"16\" tileheight=\"16\">\n <tileset firstgid=\"1\" name=\"c\" tilewidth=\"16\" tileheight=\"16\"/>\n <layer name=\"collision\" width=\"4\" height=\"2\"><data encoding=\"csv\">0,0,0,0,3,3,3,3</data></layer>\n <objectgroup name=\"o\">\n{objects} </objectgroup>\n</map>\n"
    );
    let path = dir.join("deco.tmx");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn untyped_objects_are_skipped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = decoration_map(
        dir.path(),
        concat!(
            "  <object id=\"1\" name=\"spawn\" x=\"0\" y=\"0\"/>\n", // the name is a kind: the spawn point
            "  <object id=\"2\" name=\"tree\" x=\"8\" y=\"4\" rotation=\"30\"/>\n", // decoration (rotated: no matter)
            "  <object id=\"3\" x=\"900\" y=\"900\" width=\"4\" height=\"4\"/>\n", // decoration outside the map
            "  <object id=\"4\" gid=\"3\" x=\"16\" y=\"16\" width=\"16\" height=\"16\"/>\n", // a tile object without a type
            "  <object id=\"5\" type=\"goal\" x=\"32\" y=\"0\" width=\"16\" height=\"16\"/>\n",
        ),
    );
    let level = compile(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(level.spawn, Some(levels::Point { x: 0, y: 0 }));
    let kinds: Vec<(&str, u64)> = level.entities.iter().map(|e| (e.kind.as_str(), e.id)).collect();
    assert_eq!(kinds, [("goal", 5)]);
    let warns: Vec<String> = level.warnings.iter().map(|d| d.to_string()).collect();
    let p = path.display();
    let hint =
        "has no class or type: skipped as decoration. To make it an entity, give it a class (or type) the game knows: `spawn`, `goal`";
    assert_eq!(
        warns,
        [format!("{p}:7:3: object 2 (`tree`) {hint}"), format!("{p}:8:3: object 3 {hint}"), format!("{p}:9:3: object 4 {hint}")]
    );
    assert_eq!(levels::warning_count(&level.warnings), 3);
    // The command line prints them and their count, and still writes the level.
    let out = tempfile::tempdir().unwrap();
    let res = romtool().args(["levels"]).arg(dir.path()).arg("--out-dir").arg(out.path()).output().unwrap();
    let stderr = String::from_utf8_lossy(&res.stderr);
    assert!(res.status.success(), "{stderr}");
    assert_eq!(stderr.lines().filter(|l| l.starts_with("warning: ") && l.contains(hint)).count(), 3, "{stderr}");
    assert!(stderr.contains(&format!("romtool: 3 warning(s) in {}", dir.path().display())), "{stderr}");
    assert!(out.path().join("levels.rs").exists());
}

#[test]
fn many_untyped_objects_are_all_listed() {
    let dir = tempfile::tempdir().unwrap();
    let objs: String = (1..=50).map(|i| format!("  <object id=\"{i}\" x=\"1\" y=\"1\"/>\n")).collect();
    let path = decoration_map(dir.path(), &objs);
    let level = compile(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(level.entities.is_empty());
    assert_eq!(level.warnings.len(), 50);
    assert!(level.warnings.iter().all(|w| !w.to_string().contains("not shown")));
    assert_eq!(levels::warning_count(&level.warnings), 50);
}

#[test]
fn an_unknown_class_stays_an_error_even_with_a_known_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = decoration_map(dir.path(), "  <object id=\"7\" name=\"goal\" class=\"tree\" x=\"1\" y=\"1\"/>\n");
    let errs = compile(path.to_str().unwrap()).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(&format!(
            "{}:6:3: object 7: class `tree` is not an entity kind declared in the game's Tiled project",
            path.display()
        )),
        "{}",
        errs[0]
    );
    assert!(errs[0].contains("or set the object's class to one of these, or clear its class and type"), "{}", errs[0]);
}

#[test]
fn tmj_tile_errors_name_the_line() {
    // The errors about a tile of a TMJ array name its line and column, as in TMX CSV.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join("good/tiles.png"), dir.path().join("tiles.png")).unwrap();
    let text = std::fs::read_to_string(fixtures().join("good/tiny_json.tmj")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let layer = v["layers"].as_array_mut().unwrap().iter_mut().find(|l| l["name"] == "collision").unwrap();
    layer["data"][5] = serde_json::json!(0x4000_0000u32 | (3 + 5)); // rise_1 flipped vertically
    let path = dir.path().join("m.tmj");
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let written = std::fs::read_to_string(&path).unwrap();
    let line = written.lines().position(|l| l.trim() == "1073741832,").unwrap() + 1;
    let errs = compile(path.to_str().unwrap()).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(&format!("{}:{line}:", path.display()))
            && errs[0].contains(": tile (1, 1): tile id 3 (rise_1) is flipped vertically"),
        "{}",
        errs[0]
    );
}
