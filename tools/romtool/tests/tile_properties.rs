//! Tilesets made for other engines (issue 25): their tiles say what collides with properties
//! of their own (`solid`, `unisolid`, `slope` = `0_1`) or a class; a game maps them to the
//! engine's shapes once in a property map (`NAME.propmap`) instead of re-tagging each tile.
//! Without one, the error names that fix, and suggests renaming a layer to `collision` only
//! when that layer holds the engine's ids (renaming an art layer led to more errors).

mod common;

use romtool_levels::{self as levels, validate, Level};
use std::path::Path;

/// A 64x16 RGBA picture: four 16x16 tiles of four opaque colours.
fn four_tiles_png(path: &Path) {
    let colours = [[200u8, 40, 40, 255], [40, 200, 40, 255], [40, 40, 200, 255], [200, 200, 40, 255]];
    common::write_rgba_png(path, 64, 16, |x, _| colours[x as usize / 16]);
}

/// A map in the style of a platformer made for another engine: two art layers drawn with a
/// tileset whose tiles carry `solid`, `unisolid` and `slope` properties (tile 3 has a class),
/// and no `collision` layer.
const MAP: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <image source="terrain.png" width="64" height="16"/>
  <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
  <tile id="1"><properties><property name="unisolid" type="bool" value="true"/></properties></tile>
  <tile id="2"><properties><property name="slope" value="0_1"/><property name="solid" type="bool" value="true"/></properties></tile>
  <tile id="3" type="ladder"/>
 </tileset>
 <layer name="main" width="4" height="3"><data encoding="csv">
0,0,0,0,
0,0,3,2,
1,1,1,1
</data></layer>
 <layer name="deco" width="4" height="3"><data encoding="csv">
4,0,0,0,
0,0,0,0,
0,0,0,0
</data></layer>
 <objectgroup name="o"><object id="1" type="spawn" x="0" y="0" width="16" height="16"/></objectgroup>
</map>
"#;

const PROPMAP: &str = "# The terrain tiles of this game's other engine.\nslope = 0_1 -> rise_1   # first matching line wins: before `solid`\nsolid = true -> solid\nunisolid = true -> one_way\nclass = ladder -> blank\n";

fn folder(propmap: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    four_tiles_png(&dir.path().join("terrain.png"));
    std::fs::write(dir.path().join("level.tmx"), MAP).unwrap();
    if let Some(p) = propmap {
        std::fs::write(dir.path().join("terrain.propmap"), p).unwrap();
    }
    dir
}

fn compile(path: &Path) -> Result<Level, Vec<String>> {
    levels::load_file(path).and_then(validate::validate).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
}

#[test]
fn a_property_map_makes_the_tileset_collide() {
    let dir = folder(Some(PROPMAP));
    let level = compile(&dir.path().join("level.tmx")).unwrap_or_else(|e| panic!("{e:#?}"));
    // Every layer counts (per cell the topmost tile that collides): the slope (also `solid`:
    // the first matching line wins) rise_1 3, unisolid one-way 19, solid 2; the ladder (class)
    // is blank.
    assert_eq!(level.tiles, [0, 0, 0, 0, 0, 0, 3, 19, 2, 2, 2, 2]);
    assert!(
        level
            .notes
            .iter()
            .any(|n| n.starts_with("tileset `terrain`: 4 tiles collide by their properties (") && n.ends_with("terrain.propmap)")),
        "{:?}",
        level.notes
    );
    // Both layers are drawn too.
    let art = level.art.expect("art");
    assert_eq!(art.plane_b.as_ref().unwrap().layers, ["main", "deco"]);
    assert!(level.warnings.is_empty(), "{:?}", level.warnings);
}

#[test]
fn without_a_property_map_the_error_names_it_and_suggests_no_rename() {
    let dir = folder(None);
    let errs = compile(&dir.path().join("level.tmx")).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
    let p = dir.path().join("level.tmx");
    assert_eq!(
        errs[0],
        format!(
            "{}: no tile layer named `collision` among 2 tile layers (`main`, `deco`): expected one named `collision`. Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png): none of these layers holds the engine's ids, so renaming one would not do; or map the properties the tilesets give their tiles (`solid`, `unisolid`, `slope`, class `ladder`) to the engine's shapes once, in a property map beside the levels (NAME.propmap, lines such as `solid = true -> solid`; see tools/romtool/README.md)",
            p.display()
        )
    );
}

#[test]
fn a_rename_is_suggested_only_for_a_layer_of_engine_ids() {
    // A map with a layer drawn with the collision tileset (engine ids) under another name.
    let dir = tempfile::tempdir().unwrap();
    let map = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="collision" tilewidth="16" tileheight="16"/>
 <tileset firstgid="100" name="art" tilewidth="16" tileheight="16"><image source="art.png" width="64" height="16"/></tileset>
 <layer name="shapes" width="2" height="1"><data encoding="csv">3,20</data></layer>
 <layer name="ground" width="2" height="1"><data encoding="csv">101,102</data></layer>
</map>
"#;
    four_tiles_png(&dir.path().join("art.png"));
    std::fs::write(dir.path().join("level.tmx"), map).unwrap();
    let errs = compile(&dir.path().join("level.tmx")).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(errs[0].contains("Fix: rename layer `shapes`, whose tiles are all engine ids, to `collision`; or give the art tileset's tiles a `collision` property"), "{}", errs[0]);
    // Renamed as suggested, it compiles: no more errors.
    std::fs::write(dir.path().join("level.tmx"), map.replace("name=\"shapes\"", "name=\"collision\"")).unwrap();
    let level = compile(&dir.path().join("level.tmx")).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(level.tiles, [2, 19]);
}

#[test]
fn property_map_errors_stop_the_folder_at_their_line() {
    let dir = folder(Some("solid = true -> solid\nslope 0_1 -> rise_1\n"));
    let out = tempfile::tempdir().unwrap();
    let opts = common::level_options(dir.path(), out.path());
    let errs: Vec<String> = levels::build_outputs(&opts).unwrap_err().iter().map(|d| d.to_string()).collect();
    assert_eq!(
        errs,
        [format!(
            "{}:2:1: expected `PROPERTY = VALUE -> SHAPE` (for example `solid = true -> solid`, or `class = ladder -> blank`)",
            dir.path().join("terrain.propmap").display()
        )]
    );
    assert!(std::fs::read_dir(out.path()).unwrap().next().is_none(), "nothing written");
}
