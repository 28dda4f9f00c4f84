//! Entity kinds from the game's Tiled project (issue 25): every member type becomes a typed
//! field of the kind's generated struct (built with the real engine in a `no_std` crate),
//! defaults come from the project, and every mistake in a map or in the project is an error at
//! its file and line.

mod common;

use romtool_levels::{self as levels, Options};
use std::path::{Path, PathBuf};

/// A Tiled project (as Tiled 1.10 saves it) with these custom types.
fn project(types: &str) -> String {
    format!(
        "{{\n    \"automappingRulesFile\": \"\",\n    \"commands\": [],\n    \"compatibilityVersion\": 1100,\n    \"extensionsPath\": \"extensions\",\n    \"folders\": [\".\"],\n    \"properties\": [],\n    \"propertyTypes\": [\n{types}\n    ]\n}}\n"
    )
}

/// A class used by objects, with members (JSON objects), as Tiled writes it.
fn class(id: u32, name: &str, members: &[&str]) -> String {
    format!(
        "        {{ \"color\": \"#ff3366cc\", \"drawFill\": true, \"id\": {id}, \"members\": [{}], \"name\": \"{name}\", \"type\": \"class\", \"useAs\": [\"object\"] }}",
        members.join(", ")
    )
}

/// A 4x3 TMX map with a floor and these objects.
fn map(objects: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" width=\"4\" height=\"3\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n <tileset firstgid=\"1\" name=\"collision\" tilewidth=\"16\" tileheight=\"16\"/>\n <layer name=\"collision\" width=\"4\" height=\"3\"><data encoding=\"csv\">\n1,1,1,1,\n1,1,1,1,\n3,3,3,3\n</data></layer>\n <objectgroup name=\"o\">\n{objects} </objectgroup>\n</map>\n"
    )
}

/// A level folder with these files.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// `levels.rs` of a folder, or its errors as printed.
fn compile(dir: &Path) -> Result<String, Vec<String>> {
    let out = dir.join("out");
    let opts = Options { dir: dir.to_path_buf(), out_dir: out, preview_dir: None, grid: false, require: Vec::new(), sprites: None };
    levels::build_outputs(&opts)
        .map(|(_, files)| String::from_utf8(files[0].1.clone()).unwrap())
        .map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
}

fn errors(dir: &Path) -> Vec<String> {
    compile(dir).expect_err("the folder must be rejected")
}

/// The one error of a folder, with the folder's path taken off.
fn one_error(dir: &Path) -> String {
    let errs = errors(dir);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    errs[0].replace(&format!("{}/", dir.display()), "")
}

const SPRING_ENUMS: &str = concat!(
    "        { \"id\": 1, \"name\": \"Facing\", \"storageType\": \"string\", \"type\": \"enum\", \"values\": [\"left\", \"right\"], \"valuesAsFlags\": false },\n",
    "        { \"id\": 2, \"name\": \"Pace\", \"storageType\": \"int\", \"type\": \"enum\", \"values\": [\"slow\", \"fast\"], \"valuesAsFlags\": false },\n",
    "        { \"id\": 3, \"name\": \"Tile Flags\", \"storageType\": \"string\", \"type\": \"enum\", \"values\": [\"a\", \"b\"], \"valuesAsFlags\": true },\n",
    "        { \"color\": \"#ff00ff00\", \"id\": 4, \"members\": [], \"name\": \"spawn\", \"type\": \"class\", \"useAs\": [\"object\"] },\n",
    "        { \"color\": \"#ff000000\", \"id\": 5, \"members\": [{ \"name\": \"x\", \"type\": \"float\", \"value\": 0.5 }], \"name\": \"tile_info\", \"type\": \"class\", \"useAs\": [\"tile\"] },\n",
);

/// The spring of the tests: every member type.
fn spring_project() -> String {
    let spring = class(
        6,
        "spring",
        &[
            r#"{ "name": "power", "type": "int", "value": 3 }"#,
            r#"{ "name": "bouncy", "type": "bool", "value": true }"#,
            r#"{ "name": "label", "type": "string", "value": "hi \"there\"" }"#,
            r#"{ "name": "sound", "type": "file", "value": "boing.wav" }"#,
            r##"{ "name": "tint", "type": "color", "value": "#ff00ff00" }"##,
            r#"{ "name": "target", "type": "object", "value": 0 }"#,
            r#"{ "name": "facing", "propertyType": "Facing", "type": "string", "value": "left" }"#,
            r#"{ "name": "pace", "propertyType": "Pace", "type": "int", "value": 1 }"#,
            r#"{ "name": "type", "type": "bool", "value": false }"#,
            r#"{ "name": "maxHeight", "type": "int", "value": -2 }"#,
            r#"{ "name": "speed", "type": "float", "value": 0.5 }"#,
        ],
    );
    project(&format!("{SPRING_ENUMS}{},\n{}", spring, class(7, "coin", &[])))
}

#[test]
fn every_member_type_is_a_typed_field_with_the_project_default() {
    let objects = concat!(
        "  <object id=\"1\" type=\"spawn\" x=\"0\" y=\"0\" width=\"16\" height=\"16\"/>\n",
        "  <object id=\"2\" name=\"default\" type=\"spring\" x=\"16\" y=\"16\"/>\n",
        "  <object id=\"3\" name=\"set\" class=\"spring\" x=\"32\" y=\"16\">\n   <properties>\n",
        "    <property name=\"power\" type=\"int\" value=\"5\"/>\n",
        "    <property name=\"bouncy\" type=\"bool\" value=\"false\"/>\n",
        "    <property name=\"label\" value=\"a\\b\"/>\n",
        "    <property name=\"sound\" type=\"file\" value=\"sfx/pop.wav\"/>\n",
        "    <property name=\"tint\" type=\"color\" value=\"#ffff0000\"/>\n",
        "    <property name=\"target\" type=\"object\" value=\"2\"/>\n",
        "    <property name=\"facing\" type=\"string\" propertytype=\"Facing\" value=\"right\"/>\n",
        "    <property name=\"pace\" type=\"int\" propertytype=\"Pace\" value=\"0\"/>\n",
        "    <property name=\"type\" type=\"bool\" value=\"true\"/>\n",
        "    <property name=\"speed\" type=\"float\" value=\"-2.25\"/>\n",
        "   </properties>\n  </object>\n",
        "  <object id=\"4\" name=\"c\" type=\"coin\" x=\"48\" y=\"16\"/>\n",
    );
    let dir = folder(&[("game.tiled-project", &spring_project()), ("level.tmx", &map(objects))]);
    let rust = compile(dir.path()).unwrap_or_else(|e| panic!("{e:#?}"));
    for want in [
        "pub enum Facing {\n    /// `left`.\n    Left,\n    /// `right`.\n    Right,\n}",
        "pub enum Pace {",
        "pub struct SpringProperties {",
        "    pub power: i32,",
        "    pub bouncy: bool,",
        "    pub label: &'static str,",
        "    pub sound: &'static str,",
        "    pub tint: u16,",
        "    pub target: u32,",
        "    pub facing: Facing,",
        "    pub pace: Pace,",
        "    pub r#type: bool,",
        "    pub max_height: i32,",
        "    pub speed: ::megacollide_engine::platformer::Speed,",
        "pub const DEFAULT: SpringProperties = SpringProperties { power: 3, bouncy: true, label: \"hi \\\"there\\\"\", sound: \"boing.wav\", tint: 0x00E0, target: 0, facing: Facing::Left, pace: Pace::Fast, r#type: false, max_height: -2, speed: ::megacollide_engine::platformer::Speed::from_bits(128) };",
        "    Spring(SpringProperties),\n",
        "    Coin,\n",
        // The level's strings, each once, in its text (escaped as a byte string, padded to a
        // whole word); the entities borrow them.
        "pub static LEVEL_TEXT: [u8; 50] = *b\"levelhi \\\"there\\\"boing.wavdefaulta\\\\bsfx/pop.wavsetc\\x00\";",
        "kind: EntityKind::Spring(SpringProperties { power: 3, bouncy: true, label: level_text(&LEVEL_TEXT, 5, 10), sound: level_text(&LEVEL_TEXT, 15, 9), tint: 0x00E0, target: 0, facing: Facing::Left, pace: Pace::Fast, r#type: false, max_height: -2, speed: ::megacollide_engine::platformer::Speed::from_bits(128) }), name: level_text(&LEVEL_TEXT, 24, 7)",
        "kind: EntityKind::Spring(SpringProperties { power: 5, bouncy: false, label: level_text(&LEVEL_TEXT, 31, 3), sound: level_text(&LEVEL_TEXT, 34, 11), tint: 0x000E, target: 2, facing: Facing::Right, pace: Pace::Slow, r#type: true, max_height: -2, speed: ::megacollide_engine::platformer::Speed::from_bits(-576) }), name: level_text(&LEVEL_TEXT, 45, 3)",
        "kind: EntityKind::Coin, name: level_text(&LEVEL_TEXT, 48, 1)",
    ] {
        assert!(rust.contains(want), "levels.rs lacks `{want}`:\n{rust}");
    }
    // Classes for tiles and the flags enum no member uses are Tiled's business.
    assert!(!rust.contains("TileInfo") && !rust.contains("TileFlags"), "{rust}");
    // The game's code, written against the generated types, builds with the real engine.
    let uses = "\npub fn power_of(l: &g::Level) -> i32 {\n    let mut sum = g::SpringProperties::DEFAULT.power;\n    for e in l.entities {\n        match e.kind {\n            g::EntityKind::Spring(p) if p.facing == g::Facing::Right && p.pace == g::Pace::Slow => sum += p.power + p.max_height + p.r#type as i32 + p.tint as i32 + p.target as i32 + p.label.len() as i32 + p.sound.len() as i32 + p.speed.to_bits() as i32,\n            g::EntityKind::Spring(p) => sum += p.bouncy as i32,\n            g::EntityKind::Coin => sum += 1,\n        }\n    }\n    sum + g::SpringProperties::default().power\n}\n";
    common::compile_modules("kinds_every_type", &[("g", rust)], uses).unwrap();
}

#[test]
fn no_project_no_kinds() {
    let dir = folder(&[(
        "level.tmx",
        &map("  <object id=\"1\" type=\"spawn\" x=\"0\" y=\"0\"/>\n  <object id=\"2\" type=\"enemy\" x=\"16\" y=\"16\"/>\n"),
    )]);
    assert_eq!(
        one_error(dir.path()),
        "level.tmx:11:3: object 2: class `enemy` is not an entity kind declared in the game's Tiled project (the level folder has no `.tiled-project` file): expected one of `spawn`. Fix: save a Tiled project in the level folder (Tiled: Project > Save Project As) and declare the class in it (View > Custom Types Editor, a class used as object), or set the object's class to one of these, or clear its class and type to keep it as decoration (skipped with a warning)"
    );
    // Only the spawn point: an empty `EntityKind`, which builds.
    let dir = folder(&[("level.tmx", &map("  <object id=\"1\" type=\"spawn\" x=\"0\" y=\"0\"/>\n"))]);
    let rust = compile(dir.path()).unwrap();
    assert!(rust.contains("pub enum EntityKind {\n}"), "{rust}");
    common::compile_modules("kinds_none", &[("g", rust)], "").unwrap();
}

/// A map's mistakes about kinds, each at the object's line.
#[test]
fn map_errors_name_the_object_line() {
    let p = spring_project();
    let cases: [(&str, &str); 8] = [
        ("  <object id=\"5\" type=\"Spring\" x=\"0\" y=\"0\"/>\n", "level.tmx:10:3: object 5: class `Spring` is not an entity kind declared in the game's Tiled project game.tiled-project (the project has `spring`: class names are case-sensitive): expected one of `spawn`, `spring`, `coin`."),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"powr\" type=\"int\" value=\"2\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `powr` is not a member of class `spring` (members: `power`, `bouncy`, `label`, `sound`, `tint`, `target`, `facing`, `pace`, `type`, `maxHeight`, `speed`). Fix: add the member to the class in the game's Tiled project game.tiled-project"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"power\" value=\"fast\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `power` is a string \"fast\": expected an int (member `power` of class `spring` in the game's Tiled project game.tiled-project)"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"bouncy\" type=\"int\" value=\"1\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `bouncy` is an int 1: expected a bool"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"facing\" type=\"string\" propertytype=\"Facing\" value=\"up\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `facing` is a string \"up\": expected a value of enum `Facing` (`left`, `right`)"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"pace\" type=\"int\" propertytype=\"Pace\" value=\"2\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `pace` is an int 2: expected a value of enum `Pace` (`slow`, `fast`)"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"tint\" type=\"color\" value=\"red\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `tint` is the color \"red\", not `#RRGGBB` or `#AARRGGBB`: expected a color"),
        ("  <object id=\"5\" type=\"spring\" x=\"0\" y=\"0\"><properties><property name=\"speed\" type=\"float\" value=\"130.5\"/></properties></object>\n", "level.tmx:10:3: object 5 (class `spring`): property `speed` is the float 130.5, out of a `Speed`'s range: expected a float from -128 to 127.996 (the engine's `Speed`)"),
    ];
    for (objects, want) in cases {
        let dir = folder(&[("game.tiled-project", &p), ("level.tmx", &map(objects))]);
        let got = one_error(dir.path());
        assert!(got.starts_with(want), "got:  {got}\nwant: {want}");
    }
}

/// The same check in a TMJ map, and through a template: the line of the object in the map.
#[test]
fn map_errors_in_tmj_and_templates() {
    let tmj = r#"{ "type": "map", "orientation": "orthogonal", "width": 2, "height": 1, "tilewidth": 16, "tileheight": 16,
  "tilesets": [ { "firstgid": 1, "name": "c", "tilewidth": 16, "tileheight": 16 } ],
  "layers": [ { "type": "tilelayer", "name": "collision", "width": 2, "height": 1, "data": [3, 3] },
    { "type": "objectgroup", "name": "o", "objects": [
      { "id": 1, "type": "spring", "x": 0, "y": 0, "properties": [ { "name": "power", "type": "float", "value": 2.0 } ] } ] } ] }"#;
    let dir = folder(&[("game.tiled-project", &spring_project()), ("level.tmj", tmj)]);
    assert!(one_error(dir.path()).starts_with("level.tmj:5:7: object 1 (class `spring`): property `power` is a float 2: expected an int"));
    let tx = "<?xml version=\"1.0\"?>\n<template>\n <object type=\"spring\"><properties><property name=\"bouncy\" value=\"yes\"/></properties></object>\n</template>\n";
    let dir = folder(&[
        ("game.tiled-project", &spring_project()),
        ("s.tx", tx),
        ("level.tmx", &map("  <object id=\"3\" template=\"s.tx\" x=\"0\" y=\"0\"/>\n")),
    ]);
    assert!(one_error(dir.path())
        .starts_with("level.tmx:10:3: object 3 (class `spring`): property `bouncy` is a string \"yes\": expected a bool"));
}

/// A project's mistakes, each at its line and column in the project.
#[test]
fn project_errors_name_the_project_line() {
    let member = |m: &str| project(&class(1, "thing", &[m]));
    let cases: Vec<(String, &str)> = vec![
        (member(r#"{ "name": "speed", "type": "float", "value": 300.5 }"#), "game.tiled-project:9:117: class `thing`: member `speed`: the default 300.5 is not a float from -128 to 127.996 (the engine's `Speed`)"),
        (member(r#"{ "name": "pos", "propertyType": "Point", "type": "class", "value": {} }"#), "game.tiled-project:9:105: class `thing`: member `pos` is of the custom type `Point`, a class or no type of the project"),
        (member(r#"{ "name": "speed", "type": "int", "value": "fast" }"#), "game.tiled-project:9:115: class `thing`: member `speed`: the default \"fast\" is not an int (a 32-bit int)"),
        (member(r#"{ "name": "speed", "type": "int", "value": 3000000000 }"#), "game.tiled-project:9:115: class `thing`: member `speed`: the default 3000000000 is not an int (a 32-bit int)"),
        (member(r#"{ "name": "self", "type": "int", "value": 1 }"#), "game.tiled-project:9:82: class `thing`: member `self`: member `self` gives the Rust name `self`, a keyword that cannot be a field"),
        (member(r#"{ "name": "été", "type": "int", "value": 1 }"#), "game.tiled-project:9:82: class `thing`: member `été`: member `été` has characters other than ASCII"),
        (project(&class(1, "thing", &[r#"{ "name": "pingPong", "type": "bool", "value": true }"#, r#"{ "name": "ping_pong", "type": "bool", "value": true }"#])), "game.tiled-project:9:137: class `thing`: member `ping_pong` gives the Rust field `ping_pong`, as member `pingPong` does"),
        (project(&format!("{},\n{}", class(1, "coin", &[]), class(2, "Coin", &[]))), "game.tiled-project:10:83: class `Coin` gives the Rust name `Coin`, as class `coin` does"),
        (project(&class(1, "Self", &[])), "game.tiled-project:9:83: class `Self` gives the Rust name `Self`, a keyword"),
        (project(&class(1, "spawn", &[r#"{ "name": "x", "type": "int", "value": 1 }"#])), "game.tiled-project:9:71: class `spawn` is the player's start point (Level::spawn), not an entity kind: expected no members"),
        (project(&format!("        {{ \"id\": 1, \"name\": \"Level\", \"type\": \"enum\", \"values\": [\"a\"] }},\n{}", class(2, "thing", &[r#"{ "name": "l", "propertyType": "Level", "type": "string", "value": "a" }"#]))), "game.tiled-project:9:28: enum `Level` gives the Rust type `Level`, which levels.rs already has"),
        (project(&format!("        {{ \"id\": 1, \"name\": \"F\", \"type\": \"enum\", \"values\": [\"a\"], \"valuesAsFlags\": true }},\n{}", class(2, "thing", &[r#"{ "name": "f", "propertyType": "F", "type": "string", "value": "a" }"#]))), "game.tiled-project:9:83: enum `F` is a set of flags"),
        (project(&format!("        {{ \"id\": 1, \"name\": \"F\", \"type\": \"enum\", \"values\": [\"on\", \"On\"] }},\n{}", class(2, "thing", &[r#"{ "name": "f", "propertyType": "F", "type": "string", "value": "on" }"#]))), "game.tiled-project:9:66: enum `F`: the value `On` gives the Rust variant `On`, as an earlier value does"),
        (project(&format!("        {{ \"id\": 1, \"name\": \"F\", \"type\": \"enum\", \"values\": [\"a\"] }},\n{}", class(2, "thing", &[r#"{ "name": "f", "propertyType": "F", "type": "string", "value": "b" }"#]))), "game.tiled-project:10:135: class `thing`: member `f`: the default \"b\" is not a value of enum `F` (`a`). Fix"),
        ("{ \"propertyTypes\": 3 }".to_string(), "game.tiled-project:1:20: `propertyTypes` is not an array"),
        ("{ \"propertyTypes\": [ }".to_string(), "game.tiled-project:1:22: JSON syntax error"),
    ];
    for (text, want) in cases {
        let dir = folder(&[("game.tiled-project", &text), ("level.tmx", &map(""))]);
        let got = one_error(dir.path());
        assert!(got.starts_with(want), "got:  {got}\nwant: {want}\nproject:\n{text}");
    }
    // Two projects.
    let dir = folder(&[("a.tiled-project", "{}"), ("b.tiled-project", "{}"), ("level.tmx", &map(""))]);
    assert!(one_error(dir.path()).starts_with("b.tiled-project: a second Tiled project in the level folder"));
}

/// A project saved by Tiled 1.8 (no `useAs`: every class is usable by objects) and a class for
/// tiles only (not a kind).
#[test]
fn classes_without_use_as_are_kinds_tile_classes_are_not() {
    let text = project(concat!(
        "        { \"id\": 1, \"name\": \"door\", \"type\": \"class\", \"members\": [ { \"name\": \"locked\", \"type\": \"bool\", \"value\": true } ] },\n",
        "        { \"id\": 2, \"name\": \"ground\", \"type\": \"class\", \"useAs\": [\"tile\"], \"members\": [] }",
    ));
    let objects = "  <object id=\"1\" type=\"door\" x=\"0\" y=\"0\"/>\n  <object id=\"2\" type=\"ground\" x=\"0\" y=\"0\"/>\n";
    let dir = folder(&[("game.tiled-project", &text), ("level.tmx", &map(objects))]);
    assert!(one_error(dir.path()).starts_with("level.tmx:11:3: object 2: class `ground` is not an entity kind"));
    let dir = folder(&[("game.tiled-project", &text), ("level.tmx", &map("  <object id=\"1\" type=\"door\" x=\"0\" y=\"0\"/>\n"))]);
    assert!(compile(dir.path()).unwrap().contains("kind: EntityKind::Door(DoorProperties { locked: true })"));
}

/// The demo's and the template's projects declare their own kinds; romtool's sources name
/// none of them.
#[test]
fn romtool_names_no_game_kind() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let demo = levels::project::read_folder(&root.join("../../levels")).unwrap();
    let classes: Vec<&str> = demo.kinds.iter().map(|k| k.class.as_str()).collect();
    assert_eq!(classes, ["enemy", "platform", "potato", "goal"]);
    let template = levels::project::read_folder(&root.join("../../src/template/levels")).unwrap();
    assert!(template.get("coin").is_some(), "the template declares its coin");
    let mut sources: Vec<PathBuf> = vec![root.join("src")];
    let mut named = Vec::new();
    while let Some(p) = sources.pop() {
        if p.is_dir() {
            sources.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        } else if p.extension().is_some_and(|e| e == "rs") {
            // The code: comments (examples in the docs) and unit tests (which make up kinds) left out.
            let text = std::fs::read_to_string(&p).unwrap();
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            let text: String = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
            for kind in ["enemy", "platform", "potato", "goal", "coin"] {
                if text.contains(&format!("\"{kind}\"")) || text.to_ascii_lowercase().contains(&format!("entitykind::{kind}")) {
                    named.push(format!("{}: {kind}", p.display()));
                }
            }
        }
    }
    assert!(named.is_empty(), "romtool names a game's kinds: {named:?}");
}

/// A sprite folder with one 16x16 sheet `spring` (animations `idle`, `boing`).
fn sprite_folder(dir: &Path) -> PathBuf {
    let sd = dir.join("sprites");
    std::fs::create_dir_all(&sd).unwrap();
    common::write_rgba_png(&sd.join("spring.png"), 32, 16, |x, y| if (x + y) % 3 == 0 { [252, 0, 0, 255] } else { [0, 0, 0, 0] });
    std::fs::write(
        sd.join("spring.json"),
        r#"{"frame_width": 16, "frame_height": 16, "animations": [{"name": "idle", "frames": [0], "duration": 1}, {"name": "boing", "frames": [0, 1], "duration": 4}]}"#,
    )
    .unwrap();
    sd
}

/// `levels.rs` of a folder whose kinds may name sheets of `sprites`, or its errors.
fn compile_with_sprites(dir: &Path, sprites: Option<&Path>) -> Result<String, Vec<String>> {
    let opts = Options {
        dir: dir.to_path_buf(),
        out_dir: dir.join("out"),
        preview_dir: None,
        grid: false,
        require: Vec::new(),
        sprites: sprites.map(romtool_sprites::sheet_names),
    };
    levels::build_outputs(&opts)
        .map(|(_, files)| String::from_utf8(files[0].1.clone()).unwrap())
        .map_err(|ds| ds.iter().map(|d| d.to_string().replace(&format!("{}/", dir.display()), "")).collect())
}

/// A class whose member `sprite` names a sheet (and animation) of the sprite folder is drawn:
/// `EntityKind::sprite` gives the sheet's engine items, `add_drawn_entities` adds its objects
/// to the sprite engine, and the whole builds with the generated `sprites.rs` beside it.
#[test]
fn a_kind_names_its_sprite_and_is_drawn() {
    let types = format!(
        "{},\n{}",
        class(
            1,
            "spring",
            &[r#"{ "name": "power", "type": "int", "value": 3 }"#, r#"{ "name": "sprite", "type": "string", "value": "spring/boing" }"#]
        ),
        class(2, "lamp", &[r#"{ "name": "sprite", "type": "string", "value": "spring" }"#]),
    );
    let objects =
        concat!("  <object id=\"1\" type=\"spring\" x=\"16\" y=\"16\"/>\n", "  <object id=\"2\" type=\"lamp\" x=\"32\" y=\"0\"/>\n",);
    let dir = folder(&[("game.tiled-project", &project(&types)), ("level.tmx", &map(objects))]);
    let sd = sprite_folder(dir.path());
    let rust = compile_with_sprites(dir.path(), Some(&sd)).unwrap_or_else(|e| panic!("{e:#?}"));
    for want in [
        "pub struct SpringProperties {\n    /// ",
        "EntityKind::Spring(..) => Some((&crate::sprites::spring::SHEET, &crate::sprites::spring::BOING)),",
        "EntityKind::Lamp => Some((&crate::sprites::spring::SHEET, &crate::sprites::spring::IDLE)),",
        "pub fn add_drawn_entities<const N: usize>(",
    ] {
        assert!(rust.contains(want), "levels.rs lacks `{want}`:\n{rust}");
    }
    assert!(!rust.contains("pub sprite:"), "the sprite is the class's, not a field");
    let (_, files) = romtool_sprites::build_outputs(&sd, &dir.path().join("gen")).unwrap();
    let sprites = String::from_utf8(files[0].1.clone()).unwrap();
    let uses = "\npub fn drawn(l: &g::Level) -> usize {\n    let mut engine: ::megadrive::sprite_engine::SpriteEngine<4> = ::megadrive::sprite_engine::SpriteEngine::new(0, 64);\n    let mut handles = [None; 4];\n    g::add_drawn_entities(l, &mut engine, &mut handles) + g::EntityKind::Lamp.sprite().is_some() as usize\n}\n";
    common::compile_modules("kinds_drawn", &[("g", rust), ("sprites", sprites)], uses).unwrap_or_else(|e| panic!("{e}"));
}

/// A `sprite` member that names no sheet or animation, is no string, has no sprite folder, or
/// is set on an object: errors at the project's (or the map's) line.
#[test]
fn sprite_member_errors_name_the_line() {
    let drawn = |value: &str| project(&class(1, "spring", &[&format!(r#"{{ "name": "sprite", "type": "string", "value": "{value}" }}"#)]));
    let obj = "  <object id=\"1\" type=\"spring\" x=\"16\" y=\"16\"/>\n";
    let dir = folder(&[("game.tiled-project", &drawn("spring/jump")), ("level.tmx", &map(obj))]);
    let sd = sprite_folder(dir.path());
    let err = compile_with_sprites(dir.path(), Some(&sd)).expect_err("no animation jump");
    assert_eq!(err, ["game.tiled-project:9:119: class `spring`: member `sprite`: the sheet `spring` has no animation `jump`: expected one of `idle`, `boing`"]);
    std::fs::write(dir.path().join("game.tiled-project"), drawn("boat")).unwrap();
    let err = compile_with_sprites(dir.path(), Some(&sd)).expect_err("no sheet boat");
    assert!(
        err[0].contains("member `sprite`: no sprite sheet `boat` in ")
            && err[0].ends_with("expected one of `spring`. Fix: add boat.png and boat.json there, or name another sheet"),
        "{err:?}"
    );
    let err = compile_with_sprites(dir.path(), None).expect_err("no sprite folder");
    assert!(err[0].contains("the objects are drawn with the sprite sheet `boat`, but no sprite folder is given"), "{err:?}");
    std::fs::write(
        dir.path().join("game.tiled-project"),
        project(&class(1, "spring", &[r#"{ "name": "sprite", "type": "int", "value": 2 }"#])),
    )
    .unwrap();
    let err = compile_with_sprites(dir.path(), Some(&sd)).expect_err("an int");
    assert!(
        err[0].starts_with("game.tiled-project:9:")
            && err[0].contains("member `sprite` names the sprite its objects are drawn with: expected a string"),
        "{err:?}"
    );
    std::fs::write(dir.path().join("game.tiled-project"), drawn("spring")).unwrap();
    let set = "  <object id=\"1\" type=\"spring\" x=\"16\" y=\"16\">\n   <properties>\n    <property name=\"sprite\" value=\"x\"/>\n   </properties>\n  </object>\n";
    std::fs::write(dir.path().join("level.tmx"), map(set)).unwrap();
    let err = compile_with_sprites(dir.path(), Some(&sd)).expect_err("set on an object");
    assert!(err[0].starts_with("level.tmx:") && err[0].contains("the sprite of class `spring` is the class's"), "{err:?}");
}
