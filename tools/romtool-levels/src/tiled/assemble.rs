//! From a map's declaration to a level: the collision grid ([`super::collision`]), the
//! entities ([`super::objects`]), the level's grid (the map's size, or for an infinite map
//! the bounds of what it uses) and the art layers ([`super::art_layers`]).

use super::art_layers::{art_layer_source, Grid};
use super::collision::{choose_layers, collision_grid};
use super::map::{MapDeclaration, TileLayer, Tileset};
use super::objects::entity_of;
use super::source::{report, warn, Place, SourceFile, StoredPlace};
use crate::art;
use crate::declarations::Declarations;
use crate::level::{Entity, Format, LevelSource};
use crate::property_map::PropertyMap;
use megacollide_engine::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use romtool_common::diag::{Diag, Diags, Loc, Warnings};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Checks the map's orientation and tile size (orthogonal, 16x16).
pub fn check_map_attributes(diags: &mut Diags, src: &mut SourceFile, at: Place, orientation: &str, tw: i64, th: i64) {
    if orientation != "orthogonal" {
        report(diags, src, at, format!("map orientation is `{orientation}`: expected `orthogonal`. Fix: make an orthogonal map (Map > Map Properties > Orientation) and redraw the collision layer"));
    } else if (tw, th) != (16, 16) {
        report(diags, src, at, format!("map tiles are {tw}x{th} pixels: expected 16x16. Fix: set the map's tile size to 16x16 (Map > Map Properties) and use a 16x16 collision tileset"));
    }
}

/// The level of a map read into `decl` (`size_loc`: where its size is written), or every
/// error (those already in `diags` included).
pub fn assemble(
    path: &Path,
    format: Format,
    decl: MapDeclaration,
    size_loc: Loc,
    game: &Declarations,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Result<LevelSource, Vec<Diag>> {
    let fail = |diags: &mut Diags| Err(std::mem::replace(diags, Diags::new(path)).into_vec());
    if !diags.is_empty() {
        return fail(diags);
    }
    let MapDeclaration { width, height, infinite, mut tilesets, layers, objects, other_layers, backdrop } = decl;
    tilesets.sort_by_key(|t| t.firstgid);
    if let Some(w) = tilesets.windows(2).find(|w| w[0].firstgid == w[1].firstgid) {
        report(
            diags,
            src,
            Place::File,
            format!(
                "two tilesets have firstgid {}: expected distinct firstgids. Fix: re-save the map in Tiled (it numbers tilesets itself)",
                w[0].firstgid
            ),
        );
        return fail(diags);
    }
    let mut notes = Vec::new();
    if let Some(map) = &game.collision_properties {
        notes.extend(apply_property_map(&mut tilesets, map));
    }
    let Some(chosen) = choose_layers(&layers, &tilesets, infinite, (width, height), diags, src) else { return fail(diags) };
    let Some(grid) = collision_grid(&layers, &tilesets, &chosen, (width, height), diags, src) else { return fail(diags) };
    notes.extend(grid.notes);
    // Objects (decoration objects skipped with a warning).
    let mut entities = Vec::new();
    let mut warnings = Warnings::new(path);
    for (obj, at) in objects {
        if let Some(e) = entity_of(obj, &game.kinds, diags, &mut warnings, src, at.at()) {
            entities.push(e);
        }
    }
    if !diags.is_empty() {
        return fail(diags);
    }
    entities.sort_by_key(|e| e.id);
    if let Some(w) = entities.windows(2).find(|w| w[0].id == w[1].id) {
        report(
            diags,
            src,
            Place::Object(w[0].id),
            "two objects have this id: expected distinct object ids. Fix: re-save the map in Tiled (it gives every object its own id)",
        );
        return fail(diags);
    }
    // The grid: the map's size, or for an infinite map the bounds of tiles and objects.
    let (x0, y0, w, h) = if chosen.infinite {
        match infinite_bounds(&grid.ids, &entities, diags, src) {
            Some((bounds, note)) => {
                notes.push(note);
                bounds
            }
            None => return fail(diags),
        }
    } else {
        (0, 0, width, height)
    };
    let cells_n =
        if (1..=MAX_MAP_WIDTH_TILES as i64).contains(&w) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&h) { (w * h) as usize } else { 0 };
    let mut tiles = vec![0i64; cells_n];
    let mut locs: Vec<Loc> = (0..cells_n as i64).map(|i| Loc::Tile(x0 + i % w.max(1), y0 + i / w.max(1))).collect();
    for ((x, y), (id, loc)) in grid.ids {
        let (tx, ty) = (x - x0, y - y0);
        if tx >= 0 && ty >= 0 && tx < w && ty < h && cells_n > 0 {
            let i = (ty * w + tx) as usize;
            tiles[i] = id;
            locs[i] = loc;
        }
    }
    if chosen.infinite {
        move_entities(&mut entities, (x0, y0));
    }
    // Art layers (see `art`): decoded with their flip bits, on the level's grid.
    let art = if cells_n > 0 {
        let not_art =
            |i: usize| layers[i].name.eq_ignore_ascii_case("collision") || (chosen.implicit && !chosen.property_mode) || !layers[i].visible;
        let candidates: Vec<usize> = (0..layers.len()).filter(|&i| !not_art(i)).collect();
        let art_layers: Vec<&TileLayer> = candidates.iter().map(|&i| &layers[i]).collect();
        let Some(mut drawn) = art_layer_source(&art_layers, &tilesets, chosen.infinite, (x0, y0, w, h), diags, src) else {
            return fail(diags);
        };
        drawn.source.backdrop = backdrop;
        let built = match art::build(path, &drawn.source, w as usize, h as usize) {
            Ok(built) => built,
            Err(e) => {
                for d in e {
                    diags.push(d);
                }
                return fail(diags);
            }
        };
        notes.append(&mut drawn.source.notes);
        let used = Usage {
            layers: (0..layers.len())
                .map(|i| chosen.chosen.contains(&i) || candidates.iter().position(|&c| c == i).is_some_and(|k| drawn.drawn[k]))
                .collect(),
            tilesets: grid.tilesets_used.union(&drawn.tilesets_used).copied().collect(),
        };
        for (_, t) in tilesets
            .iter()
            .enumerate()
            .filter(|(i, t)| t.definition.image.is_none() && t.definition.image_collection && grid.tilesets_used.contains(i))
        {
            report(
                diags,
                src,
                t.place.at(),
                format!("tileset `{}` is a collection of images and its tiles collide: they would collide but not be drawn (the ROM draws tilesets made from one image of 16x16 tiles). Fix: make the tileset from one image (Tiled: New Tileset > Based on Tileset Image), or collide with the collision tileset's tiles", t.definition.name),
            );
        }
        if !diags.is_empty() {
            return fail(diags);
        }
        warn_unused(&layers, &other_layers, &tilesets, &used, &mut warnings, src);
        built
    } else {
        None
    };
    Ok(LevelSource {
        art,
        path: path.to_path_buf(),
        format,
        name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
        width: w,
        height: h,
        tiles,
        locs,
        height_tiles: grid.height_tiles,
        tileset: grid.tileset_png,
        entities,
        width_loc: if chosen.infinite { Loc::File } else { size_loc.clone() },
        height_loc: if chosen.infinite { Loc::File } else { size_loc },
        notes,
        warnings: warnings.into_vec(),
    })
}

/// The grid of an infinite map: the bounds of its collision tiles and objects, and the note
/// that says so; `None` after reporting that there is nothing, or too much.
fn infinite_bounds(
    ids: &BTreeMap<(i64, i64), (i64, Loc)>,
    entities: &[Entity],
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<(Grid, String)> {
    let mut b: Option<(i64, i64, i64, i64)> = None;
    let mut grow = |x0: i64, y0: i64, x1: i64, y1: i64| {
        b = Some(match b {
            None => (x0, y0, x1, y1),
            Some((a, c, d, e)) => (a.min(x0), c.min(y0), d.max(x1), e.max(y1)),
        });
    };
    for &(x, y) in ids.keys() {
        grow(x, y, x + 1, y + 1);
    }
    for e in entities {
        let (ex0, ey0) = (e.x.min(e.x.saturating_add(e.w)) as i64, e.y.min(e.y.saturating_add(e.h)) as i64);
        let (mut ex1, mut ey1) = (e.x.max(e.x.saturating_add(e.w)) as i64, e.y.max(e.y.saturating_add(e.h)) as i64);
        let (mut px0, mut py0) = (ex0, ey0);
        for p in &e.path {
            px0 = px0.min(p.x as i64);
            py0 = py0.min(p.y as i64);
            ex1 = ex1.max(p.x as i64);
            ey1 = ey1.max(p.y as i64);
        }
        grow(
            px0.div_euclid(16),
            py0.div_euclid(16),
            (ex1 + 15).div_euclid(16).max(px0.div_euclid(16) + 1),
            (ey1 + 15).div_euclid(16).max(py0.div_euclid(16) + 1),
        );
    }
    let Some((bx0, by0, bx1, by1)) = b else {
        report(diags, src, Place::File, "infinite map with no collision tiles and no objects: expected something to compile. Fix: draw the collision layer, or remove the file from the level folder");
        return None;
    };
    let (bw, bh) = (bx1 - bx0, by1 - by0);
    if bw > MAX_MAP_WIDTH_TILES as i64 || bh > MAX_MAP_HEIGHT_TILES as i64 {
        report(
            diags,
            src,
            Place::File,
            format!("infinite map uses tiles ({bx0}, {by0})..({bx1}, {by1}), {bw}x{bh} tiles: expected at most {MAX_MAP_WIDTH_TILES}x{MAX_MAP_HEIGHT_TILES} (the engine's limit)"),
        );
        return None;
    }
    let note = format!(
        "infinite map: tiles ({bx0}, {by0})..({bx1}, {by1}) compiled as a {bw}x{bh} map (Tiled tile ({bx0}, {by0}) is tile (0, 0); objects moved by ({}, {}) px)",
        -16 * bx0,
        -16 * by0
    );
    Some(((bx0, by0, bw, bh), note))
}

/// Moves the entities of an infinite map onto its grid (Tiled tile (`x0`, `y0`) is tile
/// (0, 0)).
fn move_entities(entities: &mut [Entity], (x0, y0): (i64, i64)) {
    // Entities lie within the bounds, so the moved coordinates are small.
    let shift = |v: i32, d: i64| (v as i64 - d).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    for e in entities {
        e.x = shift(e.x, 16 * x0);
        e.y = shift(e.y, 16 * y0);
        for p in &mut e.path {
            p.x = shift(p.x, 16 * x0);
            p.y = shift(p.y, 16 * y0);
        }
    }
}

/// Gives the tiles of every tileset the collision the game's property map gives their class
/// and properties (a tile's own `collision` property wins); a note per tileset that collides
/// by the map.
fn apply_property_map(tilesets: &mut [Tileset], map: &PropertyMap) -> Vec<String> {
    let mut notes = Vec::new();
    for t in tilesets {
        let d = &mut t.definition;
        let mut mapped = 0usize;
        for (id, info) in &d.tiles {
            if d.collision.contains_key(id) {
                continue;
            }
            if let Some(c) = map.collision_of(info.class.as_deref(), &info.properties) {
                d.collision.insert(*id, c);
                mapped += 1;
            }
        }
        if mapped > 0 {
            notes.push(format!("tileset `{}`: {mapped} tiles collide by their properties ({})", d.name, map.path.display()));
        }
    }
    notes
}

/// What of a map the level uses.
struct Usage {
    /// Per tile layer: it collides or draws.
    layers: Vec<bool>,
    /// The tilesets (indices) whose tiles collide or are drawn.
    tilesets: BTreeSet<usize>,
}

/// Warns, at its line, about every layer and tileset the level does not use: image layers,
/// hidden tile layers, tile layers that draw nothing, collections of images, tilesets no
/// compiled layer uses. A layer whose property `plane` is `none` is left out on purpose.
fn warn_unused(
    layers: &[TileLayer],
    other_layers: &[(String, &'static str, StoredPlace)],
    tilesets: &[Tileset],
    used: &Usage,
    warnings: &mut Warnings,
    src: &mut SourceFile,
) {
    for (name, what, place) in other_layers {
        warn(warnings, src, place.at(), format!("{what} `{name}` is not compiled: the ROM draws tile layers only. Fix: draw it as a tile layer of 16x16 tiles to show it, or remove it from the map"));
    }
    for (layer, _) in layers.iter().zip(&used.layers).filter(|(l, &u)| !u && !art::not_drawn(&l.properties)) {
        let msg = if !layer.visible {
            format!("layer `{}` is hidden: not drawn (romtool draws the visible tile layers). Fix: show it to draw it, or give it the property `plane` = `none` to keep it out without this warning", layer.name)
        } else {
            format!("layer `{}` draws nothing: it has no tile of a tileset with one image. Fix: draw on it with an art tileset (16x16 tiles from one image), or remove it from the map", layer.name)
        };
        warn(warnings, src, layer.place.at(), msg);
    }
    for (i, t) in tilesets.iter().enumerate() {
        let d = &t.definition;
        if d.image.is_none() && d.image_collection {
            warn(
                warnings,
                src,
                t.place.at(),
                format!("tileset `{}` is a collection of images: its tiles are not drawn (the ROM draws tilesets made from one image of 16x16 tiles). Fix: make the tileset from one image (Tiled: New Tileset > Based on Tileset Image)", d.name),
            );
        } else if !used.tilesets.contains(&i) {
            warn(warnings, src, t.place.at(), format!("tileset `{}` is used by no layer the level compiles. Fix: remove it from the map (Tiled: Tilesets view > Remove Tileset) if the map does not need it", d.name));
        }
    }
}
