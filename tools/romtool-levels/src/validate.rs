//! Validation of a parsed level against the engine and the console: sizes, tile ids, the
//! VRAM for height tiles, objects (inside the map, counts, names usable in Rust).

use crate::level::{Level, LevelSource, Point};
use crate::{kinds, limits};
use megacollide_engine::{shape, MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use romtool_common::diag::{Diag, Diags, Loc};
use romtool_common::names::level_ident;

pub use romtool_common::diag::MAX_ERRORS_PER_FILE;

/// Checks one parsed level; returns it ready for code generation or every error.
pub fn validate(src: LevelSource) -> Result<Level, Vec<Diag>> {
    let p = &src.path;
    let ident = level_ident(&src.name).map_err(|m| vec![Diag::new(p, Loc::File, m)])?;
    let mut errors = Vec::new();
    for (what, v, max, loc) in
        [("width", src.width, MAX_MAP_WIDTH_TILES, &src.width_loc), ("height", src.height, MAX_MAP_HEIGHT_TILES, &src.height_loc)]
    {
        if v < 1 || v > max as i64 {
            errors.push(Diag::new(
                p,
                loc.clone(),
                format!(
                    "map {what} is {v} tiles: expected 1 to {max} (the engine's limit){}",
                    if v < 1 { "" } else { ". Fix: split the level into several maps" }
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut errors = Diags::new(p);
    if src.tiles.len() as i64 != src.width * src.height || src.locs.len() != src.tiles.len() {
        return Err(vec![Diag::new(
            p,
            Loc::File,
            format!("{} tile ids: expected width x height = {} x {} = {}", src.tiles.len(), src.width, src.height, src.width * src.height),
        )]);
    }
    let n_height = src.height_tiles.len() as i64;
    let first = shape::FIRST_HEIGHT_TILE as i64;
    for (&id, loc) in src.tiles.iter().zip(&src.locs) {
        let builtin = (0..=u16::MAX as i64).contains(&id) && shape::is_builtin(id as u16);
        if builtin || (first..first + n_height).contains(&id) {
            continue;
        }
        let (msg, fix) = if id == shape::RESERVED_1 as i64 {
            (
                "tile id 1 is reserved (16Tile's palette slot)".to_string(),
                "if your export means solid by 1, translate it with an id map (`1 = solid` in NAME.idmap or 16tile.idmap, see tools/romtool/README.md); otherwise use 0 or 2".to_string(),
            )
        } else if (shape::BUILTIN_COUNT as i64..first).contains(&id) {
            (format!("tile id {id} is reserved by the engine (20..=31)"), "use the collision tileset's tiles 0 and 2..=19 or its height tiles (levels/collision-tiles.png crosses out the reserved ones)".to_string())
        } else if id >= first {
            match &src.tileset {
                Some(ts) => (
                    format!("tile id {id} is a height tile but {} defines only ids {first}..{}", ts.display(), first + n_height),
                    format!("draw tile {id} in {} (16x16, opaque pixels solid), or use an id it has", ts.display()),
                ),
                None => (
                    format!("tile id {id} is a height tile but the level has no tileset PNG defining it"),
                    "put the tileset PNG beside the level (16Tile: NAME.png; Tiled: the collision tileset's image)".to_string(),
                ),
            }
        } else {
            (
                format!("tile id {id} is not a tile id"),
                "use an engine id (the table in tools/romtool/README.md), or an id map for exports that number tiles differently"
                    .to_string(),
            )
        };
        if errors.full() {
            errors.count_more();
            continue;
        }
        let expected = if n_height > 0 { format!("0, 2..=19 or {first}..={}", first + n_height - 1) } else { "0 or 2..=19".to_string() };
        errors.push(Diag::new(p, loc.clone(), format!("{msg}: expected {expected}. Fix: {fix}")));
    }
    // VRAM: the height tiles' graphics are loaded after the shapes, before the sprites.
    if src.height_tiles.len() > limits::VRAM_HEIGHT_TILES {
        let from = src.tileset.as_ref().map(|t| format!(" (from {})", t.display())).unwrap_or_default();
        errors.push(Diag::new(
            p,
            Loc::File,
            format!(
                "{} height tiles{from}: the ROM has VRAM for {} per level (VDP tiles {}..{} between the shape graphics and the sprites): remove unused height tiles from the tileset (a flipped height tile that is not symmetric counts as one more; romtool's note lists them)",
                src.height_tiles.len(),
                limits::VRAM_HEIGHT_TILES,
                limits::ROM_SHAPE_BASE_TILE + 4 * shape::BUILTIN_COUNT,
                limits::ROM_SPRITE_BASE_TILE
            ),
        ));
    }
    if src.entities.len() > limits::MAX_ENTITIES {
        errors.push(Diag::new(
            p,
            Loc::File,
            format!(
                "{} objects: expected at most {} per level. Fix: remove objects, or split the level",
                src.entities.len(),
                limits::MAX_ENTITIES
            ),
        ));
        return Err(errors.into_vec());
    }
    // Objects: inside the map (pixels), one spawn point at most (the Tiled reader checked
    // every class and property against the game's kinds).
    let (wpx, hpx) = (src.width * 16, src.height * 16);
    let mut spawn: Option<(u64, Point)> = None;
    let mut entities = Vec::new();
    for e in &src.entities {
        let mut pts = vec![(e.x as i64, e.y as i64), (e.x as i64 + e.w as i64, e.y as i64 + e.h as i64)];
        pts.extend(e.path.iter().map(|q| (q.x as i64, q.y as i64)));
        if let Some(q) = pts.iter().find(|q| q.0 < 0 || q.1 < 0 || q.0 > wpx || q.1 > hpx) {
            errors.push(Diag::new(
                p,
                Loc::Object(e.id),
                format!(
                    "`{}` reaches pixel ({}, {}) outside the map: expected 0..={wpx}, 0..={hpx}. Fix: move the object (and its path points) inside the map in Tiled, or make the map bigger",
                    e.kind, q.0, q.1
                ),
            ));
        }
        if e.w < 0 || e.h < 0 || e.w > u16::MAX as i32 || e.h > u16::MAX as i32 {
            errors.push(Diag::new(p, Loc::Object(e.id), format!("size {}x{}: expected 0..=65535", e.w, e.h)));
        }
        if e.path.len() > limits::MAX_PATH_POINTS {
            errors.push(Diag::new(
                p,
                Loc::Object(e.id),
                format!("path of {} points: expected at most {}. Fix: simplify the polyline", e.path.len(), limits::MAX_PATH_POINTS),
            ));
        }
        if e.id == 0 || e.id > u32::MAX as u64 {
            errors.push(Diag::new(p, Loc::Object(e.id), format!("object id {}: expected 1..={}", e.id, u32::MAX)));
        }
        if kinds::is_spawn(&e.kind) {
            if let Some((first_id, _)) = spawn {
                errors.push(Diag::new(
                    p,
                    Loc::Object(e.id),
                    format!(
                        "second spawn point (the first is object {first_id}): expected one. Fix: delete one of them, or change its class"
                    ),
                ));
            }
            spawn = Some((e.id, Point { x: e.x, y: e.y }));
        } else {
            entities.push(e.clone());
        }
    }
    if !errors.is_empty() {
        return Err(errors.into_vec());
    }
    Ok(Level {
        path: src.path.clone(),
        ident,
        name: src.name,
        width: src.width as u16,
        height: src.height as u16,
        tiles: src.tiles.iter().map(|&t| t as u16).collect(),
        height_tiles: src.height_tiles,
        spawn: spawn.map(|s| s.1),
        entities,
        notes: src.notes,
        warnings: src.warnings,
        art: src.art,
    })
}
