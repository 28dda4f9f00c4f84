//! Nothing of a map is left out silently (issue 25): every layer and tileset the level does not
//! use is a warning at its line (image layers, hidden layers, layers that draw nothing,
//! collections of images, tilesets no layer uses), and a tileset image that is missing is an
//! error for a layer that draws it (it was a note, and the level built without its art).

mod common;

use romtool_levels::{self as levels, validate, Level};
use std::path::Path;

/// A 32x16 RGBA picture: two 16x16 tiles.
fn two_tiles_png(path: &Path) {
    common::write_rgba_png(path, 32, 16, |x, _| if x < 16 { [200, 40, 40, 255] } else { [40, 40, 200, 255] });
}

const MAP: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="collision" tilewidth="16" tileheight="16"/>
 <tileset firstgid="100" name="art" tilewidth="16" tileheight="16"><image source="art.png" width="32" height="16"/></tileset>
 <tileset firstgid="200" name="spare" tilewidth="16" tileheight="16"><image source="art.png" width="32" height="16"/></tileset>
 <tileset firstgid="300" name="icons" tilewidth="16" tileheight="16">
  <tile id="0"><image source="icon.png" width="16" height="16"/></tile>
 </tileset>
 <imagelayer name="sky"><image source="sky.png"/></imagelayer>
 <layer name="collision" width="2" height="1"><data encoding="csv">0,3</data></layer>
 <layer name="ground" width="2" height="1"><data encoding="csv">100,101</data></layer>
 <layer name="old" visible="0" width="2" height="1"><data encoding="csv">101,101</data></layer>
 <layer name="empty" width="2" height="1"><data encoding="csv">0,0</data></layer>
 <layer name="notes" width="2" height="1"><properties><property name="plane" value="none"/></properties><data encoding="csv">300,0</data></layer>
 <group name="g"><layer name="icons" width="2" height="1"><data encoding="csv">300,300</data></layer></group>
</map>
"#;

fn compile(path: &Path) -> Result<Level, Vec<String>> {
    levels::load_file(path).and_then(validate::validate).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
}

#[test]
fn every_unused_layer_and_tileset_is_a_warning_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    two_tiles_png(&dir.path().join("art.png"));
    let path = dir.path().join("level.tmx");
    std::fs::write(&path, MAP).unwrap();
    let level = compile(&path).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(level.art.as_ref().unwrap().plane_b.as_ref().unwrap().layers, ["ground"]);
    let p = path.display();
    let warnings: Vec<String> = level.warnings.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        warnings,
        [
            format!("{p}:9:2: image layer `sky` is not compiled: the ROM draws tile layers only. Fix: draw it as a tile layer of 16x16 tiles to show it, or remove it from the map"),
            format!("{p}:12:2: layer `old` is hidden: not drawn (romtool draws the visible tile layers). Fix: show it to draw it, or give it the property `plane` = `none` to keep it out without this warning"),
            format!("{p}:13:2: layer `empty` draws nothing: it has no tile of a tileset with one image. Fix: draw on it with an art tileset (16x16 tiles from one image), or remove it from the map"),
            format!("{p}:15:18: layer `icons` draws nothing: it has no tile of a tileset with one image. Fix: draw on it with an art tileset (16x16 tiles from one image), or remove it from the map"),
            format!("{p}:5:2: tileset `spare` is used by no layer the level compiles. Fix: remove it from the map (Tiled: Tilesets view > Remove Tileset) if the map does not need it"),
            format!("{p}:6:2: tileset `icons` is a collection of images: its tiles are not drawn (the ROM draws tilesets made from one image of 16x16 tiles). Fix: make the tileset from one image (Tiled: New Tileset > Based on Tileset Image)"),
        ]
    );
    // The command line prints them, counts them, and writes the level.
    let out = tempfile::tempdir().unwrap();
    let res = std::process::Command::new(env!("CARGO_BIN_EXE_romtool"))
        .args(["levels"])
        .arg(dir.path())
        .arg("--out-dir")
        .arg(out.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&res.stderr);
    assert!(res.status.success(), "{stderr}");
    assert!(stderr.contains(&format!("warning: {p}:9:2: image layer `sky` is not compiled")), "{stderr}");
    assert!(stderr.contains(&format!("romtool: 6 warning(s) in {}", dir.path().display())), "{stderr}");
    assert!(out.path().join("levels.rs").exists());
}

#[test]
fn image_layers_of_tmj_maps_too() {
    let dir = tempfile::tempdir().unwrap();
    let map = r#"{ "type": "map", "orientation": "orthogonal", "width": 2, "height": 1, "tilewidth": 16, "tileheight": 16,
  "tilesets": [ { "firstgid": 1, "name": "c", "tilewidth": 16, "tileheight": 16 } ],
  "layers": [
    { "type": "imagelayer", "name": "clouds", "image": "clouds.png" },
    { "type": "tilelayer", "name": "collision", "width": 2, "height": 1, "data": [3, 3] } ] }"#;
    let path = dir.path().join("level.tmj");
    std::fs::write(&path, map).unwrap();
    let level = compile(&path).unwrap_or_else(|e| panic!("{e:#?}"));
    let warnings: Vec<String> = level.warnings.iter().map(|d| d.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert!(warnings[0].starts_with(&format!("{}:4:5: image layer `clouds` is not compiled", path.display())), "{}", warnings[0]);
}

#[test]
fn a_missing_image_is_an_error_for_a_layer_that_draws() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.tmx");
    let map = MAP.replace(" <imagelayer name=\"sky\"><image source=\"sky.png\"/></imagelayer>\n", "");
    std::fs::write(&path, &map).unwrap();
    let errs = compile(&path).unwrap_err();
    assert_eq!(
        errs,
        [format!(
            "{}:4:68: tileset `art`: image {} not found: expected the picture of the tiles layer `ground` draws. Fix: put the image there (or correct its path in the tileset), or hide layer `ground` (or give it the property `plane` = `none`) if it is not to be drawn",
            path.display(),
            dir.path().join("art.png").display()
        )]
    );
    // Hidden, the layer draws nothing: no error, a warning.
    std::fs::write(&path, map.replace("<layer name=\"ground\" ", "<layer name=\"ground\" visible=\"0\" ")).unwrap();
    let level = compile(&path).unwrap_or_else(|e| panic!("{e:#?}"));
    assert!(level.art.is_none());
    assert!(level.warnings.iter().any(|w| w.to_string().contains("layer `ground` is hidden")), "{:?}", level.warnings);
}

#[test]
fn colliding_tiles_of_a_collection_of_images_are_an_error_naming_the_tileset() {
    let dir = tempfile::tempdir().unwrap();
    two_tiles_png(&dir.path().join("art.png"));
    let path = dir.path().join("level.tmx");
    let map = MAP
        .replace(r#"<tile id="0"><image"#, r#"<tile id="0"><properties><property name="collision" value="solid"/></properties><image"#)
        .replace("<data encoding=\"csv\">0,3</data>", "<data encoding=\"csv\">300,3</data>");
    std::fs::write(&path, map).unwrap();
    let errors = compile(&path).expect_err("colliding tiles that are not drawn");
    let p = path.display().to_string();
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&format!("{p}:6:2: tileset `icons` is a collection of images and its tiles collide"))
                && e.contains("Fix:")),
        "{errors:#?}"
    );
}
