//! From a map's declaration to a level: the collision grid ([`super::collision`]), the
//! entities ([`super::objects`]), the level's grid (the map's size, or for an infinite map
//! the bounds of what it uses) and the art layers ([`super::art_layers`]).

use super::art_layers::{art_layer_source, Grid};
use super::collision::{choose_layers, collision_grid};
use super::model::{MapDeclaration, TileLayer};
use super::objects::entity_of;
use super::source::{report, Place, SourceFile};
use crate::levels::art;
use crate::levels::declarations::Declarations;
use crate::levels::diagnostics::{Diag, Diags, Loc, Warnings};
use crate::levels::model::{Entity, Format, LevelSource};
use megacollide_engine::{MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use std::collections::BTreeMap;
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
pub fn assemble(path: &Path, format: Format, decl: MapDeclaration, size_loc: Loc, game: &Declarations, diags: &mut Diags, src: &mut SourceFile) -> Result<LevelSource, Vec<Diag>> {
    let fail = |diags: &mut Diags| Err(std::mem::replace(diags, Diags::new(path)).into_vec());
    if !diags.is_empty() {
        return fail(diags);
    }
    let MapDeclaration { width, height, infinite, mut tilesets, layers, objects, backdrop } = decl;
    tilesets.sort_by_key(|t| t.firstgid);
    if let Some(w) = tilesets.windows(2).find(|w| w[0].firstgid == w[1].firstgid) {
        report(diags, src, Place::File, format!("two tilesets have firstgid {}: expected distinct firstgids. Fix: re-save the map in Tiled (it numbers tilesets itself)", w[0].firstgid));
        return fail(diags);
    }
    let Some(chosen) = choose_layers(&layers, &tilesets, infinite, diags, src) else { return fail(diags) };
    let Some(grid) = collision_grid(&layers, &tilesets, &chosen, (width, height), diags, src) else { return fail(diags) };
    let mut notes = grid.notes;
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
        report(diags, src, Place::Object(w[0].id), "two objects have this id: expected distinct object ids. Fix: re-save the map in Tiled (it gives every object its own id)");
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
    let cells_n = if (1..=MAX_MAP_WIDTH_TILES as i64).contains(&w) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&h) { (w * h) as usize } else { 0 };
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
        let not_art = |i: usize| layers[i].name.eq_ignore_ascii_case("collision") || (chosen.implicit && !chosen.property_mode) || !layers[i].visible;
        let art_layers: Vec<&TileLayer> = (0..layers.len()).filter(|&i| !not_art(i)).map(|i| &layers[i]).collect();
        match art_layer_source(&art_layers, &tilesets, chosen.infinite, (x0, y0, w, h), diags, src).map(|a| art::ArtSource { backdrop, ..a }) {
            Some(a) => match art::build(path, &a, w as usize, h as usize) {
                Ok(built) => {
                    notes.extend(a.notes);
                    built
                }
                Err(e) => {
                    for d in e {
                        diags.push(d);
                    }
                    return fail(diags);
                }
            },
            None => return fail(diags),
        }
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
fn infinite_bounds(ids: &BTreeMap<(i64, i64), (i64, Loc)>, entities: &[Entity], diags: &mut Diags, src: &mut SourceFile) -> Option<(Grid, String)> {
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
        grow(px0.div_euclid(16), py0.div_euclid(16), (ex1 + 15).div_euclid(16).max(px0.div_euclid(16) + 1), (ey1 + 15).div_euclid(16).max(py0.div_euclid(16) + 1));
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
