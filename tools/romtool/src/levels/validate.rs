//! Validation of a parsed level against the engine: sizes, tile ids, objects.

use super::{ident_of, Diag, Level, LevelSource, Loc, Point};
use megacollide_engine::{shape, MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};

/// Most errors reported per file (the rest are summarised).
pub const MAX_ERRORS_PER_FILE: usize = 20;

/// Checks one parsed level; returns it ready for code generation or every error.
pub fn validate(src: LevelSource) -> Result<Level, Vec<Diag>> {
    let p = &src.path;
    let mut errors = Vec::new();
    for (what, v, max, loc) in
        [("width", src.width, MAX_MAP_WIDTH_TILES, &src.width_loc), ("height", src.height, MAX_MAP_HEIGHT_TILES, &src.height_loc)]
    {
        if v < 1 || v > max as i64 {
            errors.push(Diag::new(p, loc.clone(), format!("map {what} is {v} tiles: expected 1 to {max} (the engine's limit)")));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if src.tiles.len() as i64 != src.width * src.height {
        return Err(vec![Diag::new(
            p,
            Loc::File,
            format!("{} tile ids: expected width x height = {} x {} = {}", src.tiles.len(), src.width, src.height, src.width * src.height),
        )]);
    }
    let n_height = src.height_tiles.len() as i64;
    let first = shape::FIRST_HEIGHT_TILE as i64;
    let mut bad = 0usize;
    for (&id, loc) in src.tiles.iter().zip(&src.locs) {
        let builtin = (0..=u16::MAX as i64).contains(&id) && shape::is_builtin(id as u16);
        if builtin || (first..first + n_height).contains(&id) {
            continue;
        }
        let msg = if id == shape::RESERVED_1 as i64 {
            "tile id 1 is reserved (16Tile's palette slot)".to_string()
        } else if (shape::BUILTIN_COUNT as i64..first).contains(&id) {
            format!("tile id {id} is reserved by the engine (20..=31)")
        } else if id >= first {
            match &src.tileset {
                Some(ts) => format!("tile id {id} is a height tile but {} defines only ids {first}..{}", ts.display(), first + n_height),
                None => format!("tile id {id} is a height tile but the level has no tileset PNG defining it"),
            }
        } else {
            format!("tile id {id} is not a tile id")
        };
        bad += 1;
        if bad <= MAX_ERRORS_PER_FILE {
            let expected = if n_height > 0 {
                format!("0, 2..=19 or {first}..={}", first + n_height - 1)
            } else {
                "0 or 2..=19".to_string()
            };
            errors.push(Diag::new(p, loc.clone(), format!("{msg}: expected {expected}")));
        }
    }
    if bad > MAX_ERRORS_PER_FILE {
        errors.push(Diag::new(p, Loc::File, format!("{} more bad tile ids not shown", bad - MAX_ERRORS_PER_FILE)));
    }
    // Objects: inside the map (pixels), one spawn point at most.
    let (wpx, hpx) = (src.width as i32 * 16, src.height as i32 * 16);
    let mut spawn: Option<(u64, Point)> = None;
    let mut entities = Vec::new();
    for e in &src.entities {
        let mut pts = vec![Point { x: e.x, y: e.y }, Point { x: e.x + e.w, y: e.y + e.h }];
        pts.extend(e.path.iter().copied());
        if let Some(q) = pts.iter().find(|q| q.x < 0 || q.y < 0 || q.x > wpx || q.y > hpx) {
            errors.push(Diag::new(
                p,
                Loc::Object(e.id),
                format!("`{}` reaches pixel ({}, {}) outside the map: expected 0..={wpx}, 0..={hpx}", e.kind, q.x, q.y),
            ));
        }
        if e.w < 0 || e.h < 0 || e.w > u16::MAX as i32 || e.h > u16::MAX as i32 {
            errors.push(Diag::new(p, Loc::Object(e.id), format!("size {}x{}: expected 0..=65535", e.w, e.h)));
        }
        if e.kind.eq_ignore_ascii_case("spawn") {
            if let Some((first_id, _)) = spawn {
                errors.push(Diag::new(p, Loc::Object(e.id), format!("second spawn point (the first is object {first_id}): expected one")));
            }
            spawn = Some((e.id, Point { x: e.x, y: e.y }));
        } else {
            entities.push(e.clone());
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Level {
        path: src.path.clone(),
        ident: ident_of(&src.name),
        name: src.name,
        width: src.width as u16,
        height: src.height as u16,
        tiles: src.tiles.iter().map(|&t| t as u16).collect(),
        height_tiles: src.height_tiles,
        spawn: spawn.map(|s| s.1),
        entities,
    })
}
