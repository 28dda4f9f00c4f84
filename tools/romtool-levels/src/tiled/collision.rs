//! The collision ids of a map: which tile layers give them ([`choose_layers`]), and per cell
//! the engine id of the topmost collision tile ([`collision_grid`]): gids mapped through
//! their tileset (a collision tileset's local ids, or its tiles' `collision` properties),
//! height tiles from the tileset pictures, flipped tiles as the flipped shape.

use super::layer_data::{layer_cells, LayerCell, MAX_CHUNK_TILES};
use super::map::{TileCollision, TileLayer, Tileset};
use super::source::{report, Place, SourceFile};
use crate::flip::{self, Flip};
use crate::height_tiles;
use crate::limits;
use megacollide_engine::{shape, MAX_MAP_HEIGHT_TILES, MAX_MAP_WIDTH_TILES};
use romtool_common::diag::{Diags, Loc};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

/// Which tile layers give the collision ids.
pub struct CollisionLayers {
    /// Their indices in the map's tile layers, bottom first.
    pub chosen: Vec<usize>,
    /// No layer is named `collision`: the only tile layer, or every layer in property mode.
    pub implicit: bool,
    /// Some tileset gives its tiles collision properties: only those tiles collide.
    pub property_mode: bool,
    /// The map or a chosen layer is infinite (chunked).
    pub infinite: bool,
}

/// The tileset of gid `g` (without flags): the last one with `firstgid <= g` (tilesets
/// sorted by firstgid).
pub fn tileset_of(tilesets: &[Tileset], g: u32) -> Option<usize> {
    tilesets.partition_point(|t| t.firstgid <= g).checked_sub(1)
}

/// The place of a cell: its line and column when the format has them (TMX CSV, TMJ arrays).
fn cell_loc(x: i64, y: i64, place: Option<(usize, usize)>) -> Loc {
    match place {
        Some((l, c)) => Loc::TileAt(x, y, l, c),
        None => Loc::Tile(x, y),
    }
}

/// The collision layers: the tile layer named `collision` (any case), else the only tile
/// layer, else (with collision properties on some tileset) every tile layer; `None` after
/// reporting why there is none. `map_size`: the map's width and height in tiles.
pub fn choose_layers(
    layers: &[TileLayer],
    tilesets: &[Tileset],
    map_infinite: bool,
    map_size: (i64, i64),
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<CollisionLayers> {
    let property_mode = tilesets.iter().any(|t| !t.definition.collision.is_empty());
    let names: Vec<String> = layers.iter().map(|l| format!("`{}`", l.name)).collect();
    let named: Vec<usize> = (0..layers.len()).filter(|&i| layers[i].name.eq_ignore_ascii_case("collision")).collect();
    let (chosen, implicit): (Vec<usize>, bool) = match (named.as_slice(), layers.len()) {
        ([i], _) => (vec![*i], false),
        ([_, _, ..], _) => {
            report(
                diags,
                src,
                Place::File,
                format!("{} tile layers are named `collision`: expected one. Fix: rename or merge all but one", named.len()),
            );
            return None;
        }
        ([], 0) => {
            report(diags, src, Place::File, "no tile layer: expected a tile layer named `collision`. Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png)");
            return None;
        }
        ([], 1) => (vec![0], true),
        ([], _) if property_mode => ((0..layers.len()).collect(), true),
        ([], n) => {
            // Suggest renaming only a layer that would then be a collision layer.
            let mut scratch = SourceFile::new(&src.path.clone(), src.text);
            let candidates: Vec<String> = (0..n)
                .filter(|&i| holds_engine_ids(&layers[i], tilesets, map_infinite, map_size, &mut scratch))
                .map(|i| format!("`{}`", layers[i].name))
                .collect();
            let rename = match candidates.as_slice() {
                [] => "add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png): none of these layers holds the engine's ids, so renaming one would not do".to_string(),
                [one] => format!("rename layer {one}, whose tiles are all engine ids, to `collision`"),
                more => format!("rename the layer of {} (their tiles are all engine ids) that holds the collision tiles to `collision`", more.join(", ")),
            };
            report(
                diags,
                src,
                Place::File,
                format!(
                    "no tile layer named `collision` among {n} tile layers ({}): expected one named `collision`. Fix: {rename}; or {}",
                    names.join(", "),
                    property_fix(tilesets)
                ),
            );
            return None;
        }
    };
    for &i in &chosen {
        let (ox, oy) = layers[i].offset;
        if ox != 0.0 || oy != 0.0 {
            report(diags, src, Place::File, format!("layer `{}` is drawn at an offset of ({ox}, {oy}) px: expected 0, 0 (the collision layer must sit on the map grid). Fix: set the layer's offset to 0, 0 in its properties", layers[i].name));
        }
    }
    let infinite = map_infinite || chosen.iter().any(|&i| layers[i].infinite);
    Some(CollisionLayers { chosen, implicit, property_mode, infinite })
}

/// Whether a tile layer holds the engine's ids: it is drawn with one tileset whose tiles have
/// no properties nor classes (as the collision tileset), and each of its local ids is an engine id (0, 2..=19, or 32.. when the tileset
/// has an image, whose tiles 32.. are height tiles). Decoding errors make it no such layer (the
/// question only arises when the map is already in error).
fn holds_engine_ids(layer: &TileLayer, tilesets: &[Tileset], map_infinite: bool, map_size: (i64, i64), src: &mut SourceFile) -> bool {
    let mut scratch = Diags::new(&src.path.clone());
    let mut budget = MAX_CHUNK_TILES;
    let cells = layer_cells(layer, (!map_infinite).then_some(map_size), &mut budget, &mut scratch, src);
    let mut only: Option<usize> = None;
    !cells.is_empty()
        && scratch.is_empty()
        && cells.iter().all(|&(_, _, g, _, _)| {
            let Some(ti) = tileset_of(tilesets, g) else { return false };
            let t = &tilesets[ti];
            let local = (g - t.firstgid) as i64;
            let builtin = local < shape::FIRST_HEIGHT_TILE as i64 && shape::is_builtin(local as u16) && local != shape::RESERVED_1 as i64;
            let height = local >= shape::FIRST_HEIGHT_TILE as i64 && t.definition.image.is_some();
            *only.get_or_insert(ti) == ti && t.definition.tiles.is_empty() && (builtin || height)
        })
}

/// The fix that makes an art tileset collide: map the properties its tiles already have once,
/// in a property map, or give them a `collision` property.
fn property_fix(tilesets: &[Tileset]) -> String {
    let mut found: Vec<String> = Vec::new();
    for t in tilesets {
        for info in t.definition.tiles.values() {
            let names = info.properties.iter().map(|p| format!("`{}`", p.name)).chain(info.class.iter().map(|c| format!("class `{c}`")));
            for n in names {
                if !found.contains(&n) && found.len() < 8 {
                    found.push(n);
                }
            }
        }
    }
    if found.is_empty() {
        "give the art tileset's tiles a `collision` property with their engine shape (solid, rise_1, one_way, ..., or `height`)".to_string()
    } else {
        format!(
            "map the properties the tilesets give their tiles ({}) to the engine's shapes once, in a property map beside the levels (NAME.propmap, lines such as `solid = true -> solid`; see tools/romtool/README.md)",
            found.join(", ")
        )
    }
}

/// The collision ids of a map.
pub struct CollisionGrid {
    /// Engine id and place of every cell with a non-blank id, by Tiled's tile coordinates.
    pub ids: BTreeMap<(i64, i64), (i64, Loc)>,
    /// The level's height tiles (ids `32 + i`): the collision tileset's tiles 32.., then the
    /// tiles with `collision` = `height`, then flipped pictures.
    pub height_tiles: Vec<[u16; 16]>,
    /// The image the height tiles come from (the first one).
    pub tileset_png: Option<PathBuf>,
    /// Things to tell the user (height tiles made from flipped pictures).
    pub notes: Vec<String>,
    /// The tilesets (indices) whose tiles collide.
    pub tilesets_used: BTreeSet<usize>,
}

/// The collision ids of the chosen layers (`width`, `height`: the map's declared size);
/// `None` after reporting errors.
pub fn collision_grid(
    layers: &[TileLayer],
    tilesets: &[Tileset],
    chosen: &CollisionLayers,
    (width, height): (i64, i64),
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<CollisionGrid> {
    let cells = decode_cells(layers, tilesets, chosen, (width, height), diags, src)?;
    let roles = classify_tilesets(tilesets, &cells, diags, src)?;
    let heights = height_tiles(tilesets, &roles, diags, src)?;
    if chosen.implicit {
        if let Some(di) = roles.collision_tileset {
            check_not_art(layers, tilesets, chosen, &cells, di, &heights, diags, src)?;
        }
    }
    let mut grid = ids_with_flips(tilesets, &cells, heights, diags, src)?;
    grid.tilesets_used = cells.iter().flatten().filter_map(|c| tileset_of(tilesets, c.2)).collect();
    Some(grid)
}

/// Step 1: the chosen layers' non-blank cells, each layer bottom first; in property mode only
/// the tiles of tilesets with collision properties.
fn decode_cells(
    layers: &[TileLayer],
    tilesets: &[Tileset],
    chosen: &CollisionLayers,
    (width, height): (i64, i64),
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<Vec<Vec<LayerCell>>> {
    let size_ok = (1..=MAX_MAP_WIDTH_TILES as i64).contains(&width) && (1..=MAX_MAP_HEIGHT_TILES as i64).contains(&height);
    let map_size = (!chosen.infinite).then_some((width, height));
    if map_size.is_some() && !size_ok {
        // The size error is reported by validation; nothing to decode.
        return Some(vec![Vec::new(); chosen.chosen.len()]);
    }
    let mut budget = MAX_CHUNK_TILES;
    let mut cells: Vec<Vec<LayerCell>> =
        chosen.chosen.iter().map(|&li| layer_cells(&layers[li], map_size, &mut budget, diags, src)).collect();
    if !diags.is_empty() {
        return None;
    }
    // With every layer counting (property mode), tiles of tilesets without collision
    // properties are decoration.
    if chosen.chosen.len() > 1 {
        for layer in &mut cells {
            layer.retain(|(_, _, g, _, _)| tileset_of(tilesets, *g).is_none_or(|ti| !tilesets[ti].definition.collision.is_empty()));
        }
    }
    Some(cells)
}

/// What the tilesets of the collision cells are for.
struct TilesetRoles {
    /// The collision tileset, whose local ids are engine ids (at most one).
    collision_tileset: Option<usize>,
    /// The tiles with `collision` = `height`, by tileset and local id (in that order).
    height_properties: BTreeSet<(usize, u32)>,
}

/// Step 2: the roles of the tilesets the collision cells use.
fn classify_tilesets(tilesets: &[Tileset], cells: &[Vec<LayerCell>], diags: &mut Diags, src: &mut SourceFile) -> Option<TilesetRoles> {
    let mut direct_ts: Option<usize> = None;
    let mut height_properties: BTreeSet<(usize, u32)> = BTreeSet::new();
    for (x, y, g, _, place) in cells.iter().flatten() {
        match tileset_of(tilesets, *g) {
            None => report(diags, src, Place::Loc(cell_loc(*x, *y, *place)), format!("gid {g} belongs to no tileset: expected a tileset with firstgid <= {g}. Fix: add the missing tileset to the map, or erase the tile")),
            Some(ti) if tilesets[ti].definition.collision.is_empty() => {
                if direct_ts.is_some_and(|d| d != ti) {
                    report(
                        diags,
                        src,
                        Place::Loc(cell_loc(*x, *y, *place)),
                        format!("gid {g} belongs to a second tileset (firstgid {}): expected every collision tile from one tileset. Fix: draw the collision layer with the collision tileset only (or give the other tileset's tiles a `collision` property)", tilesets[ti].firstgid),
                    );
                }
                direct_ts.get_or_insert(ti);
            }
            Some(ti) => {
                let local = g - tilesets[ti].firstgid;
                if tilesets[ti].definition.collision.get(&local) == Some(&TileCollision::Height) {
                    height_properties.insert((ti, local));
                }
            }
        }
    }
    diags.is_empty().then_some(TilesetRoles { collision_tileset: direct_ts, height_properties })
}

/// The height tiles of a map, as read from the tileset pictures.
struct HeightTiles {
    /// Row masks, ids `32 + i`.
    tiles: Vec<[u16; 16]>,
    /// How many come from the collision tileset (its tiles 32..).
    from_collision_tileset: usize,
    /// The id of every tile with `collision` = `height`, by (tileset, local id).
    of_property: HashMap<(usize, u32), i64>,
    /// The first image read.
    png: Option<PathBuf>,
}

/// Step 3: the height tiles: the collision tileset's tiles 32.., then the property ones.
fn height_tiles(tilesets: &[Tileset], roles: &TilesetRoles, diags: &mut Diags, src: &mut SourceFile) -> Option<HeightTiles> {
    let mut out = HeightTiles { tiles: Vec::new(), from_collision_tileset: 0, of_property: HashMap::new(), png: None };
    if let Some(ts) = roles.collision_tileset.map(|i| &tilesets[i].definition) {
        if let Some(img) = &ts.image {
            if ts.tile_size != (16, 16) {
                report(
                    diags,
                    src,
                    Place::File,
                    format!(
                        "tileset `{}` has {}x{} tiles: expected 16x16 tiles. Fix: use a tileset of 16x16 tiles for the collision layer",
                        img.path.display(),
                        ts.tile_size.0,
                        ts.tile_size.1
                    ),
                );
                return None;
            }
            let layout = romtool_gfx::png_read::Layout { margin: ts.margin as u32, spacing: ts.spacing as u32, trans: img.transparent };
            match height_tiles::load_height_tiles_with(&img.path, &layout) {
                Ok(h) => out.tiles = h,
                Err(e) => {
                    diags.push(e);
                    return None;
                }
            }
            out.png = Some(img.path.clone());
        }
    }
    out.from_collision_tileset = out.tiles.len();
    let mut by_tileset: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for &(ti, local) in &roles.height_properties {
        by_tileset.entry(ti).or_default().push(local);
    }
    for (ti, locals) in by_tileset {
        let ts = &tilesets[ti].definition;
        let Some(img) = &ts.image else {
            report(diags, src, Place::File, format!("tileset `{}`: tiles with `collision` = `height` need the tileset image (image collections are not supported). Fix: make the tileset from one image (New Tileset > Based on Tileset Image)", ts.name));
            return None;
        };
        if ts.tile_size != (16, 16) {
            report(diags, src, Place::File, format!("tileset `{}` has {}x{} tiles: expected 16x16 tiles for `collision` = `height`. Fix: use `height` only on a tileset of 16x16 tiles, or give these tiles a shape id", ts.name, ts.tile_size.0, ts.tile_size.1));
            return None;
        }
        let layout = romtool_gfx::png_read::Layout { margin: ts.margin as u32, spacing: ts.spacing as u32, trans: img.transparent };
        match height_tiles::tile_masks(&img.path, &layout, &locals) {
            Ok(masks) => {
                for (local, m) in locals.iter().zip(masks) {
                    out.of_property.insert((ti, *local), shape::FIRST_HEIGHT_TILE as i64 + out.tiles.len() as i64);
                    out.tiles.push(m);
                }
            }
            Err(e) => {
                diags.push(e);
                return None;
            }
        }
        out.png.get_or_insert(img.path.clone());
    }
    Some(out)
}

/// Whether `id` is an engine id of a level with `n_height` height tiles.
fn is_engine_id(id: i64, n_height: i64) -> bool {
    let first = shape::FIRST_HEIGHT_TILE as i64;
    (id >= 0 && id < first && shape::is_builtin(id as u16) && id != shape::RESERVED_1 as i64) || (first..first + n_height).contains(&id)
}

/// Step 4: a layer not named `collision` whose collision tileset's ids are no engine ids (or
/// would make more height tiles than the ROM has room for) holds art: reported with the fixes.
#[allow(clippy::too_many_arguments)]
fn check_not_art(
    layers: &[TileLayer],
    tilesets: &[Tileset],
    chosen: &CollisionLayers,
    cells: &[Vec<LayerCell>],
    di: usize,
    heights: &HeightTiles,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<()> {
    let n_height = heights.tiles.len() as i64;
    let mut used: BTreeSet<u32> = BTreeSet::new();
    for (_, _, g, _, _) in cells.iter().flatten() {
        if tileset_of(tilesets, *g) == Some(di) {
            used.insert(g - tilesets[di].firstgid);
        }
    }
    let bad = used.iter().filter(|&&l| !is_engine_id(l as i64, n_height)).count();
    let n_direct = heights.from_collision_tileset;
    let too_many = n_direct > limits::VRAM_HEIGHT_TILES;
    if bad == 0 && !too_many {
        return Some(());
    }
    let ts = &tilesets[di].definition;
    let layer_names: Vec<String> = chosen.chosen.iter().map(|&i| format!("`{}`", layers[i].name)).collect();
    let why = if bad > 0 {
        format!("{bad} of its {} distinct tiles are no engine ids (1, 20..=31, or height tiles the tileset does not define)", used.len())
    } else {
        format!("its tileset would make {n_direct} height tiles, more than the {} the ROM has VRAM for", limits::VRAM_HEIGHT_TILES)
    };
    report(
        diags,
        src,
        Place::File,
        format!(
            "layer {} holds art tile ids, not collision ids: {why} (tileset `{}`{}). Fix: add a tile layer named `collision` drawn with the collision tileset (levels/collision-tiles.png), or {}",
            layer_names.join(", "),
            ts.name,
            ts.image.as_ref().map(|i| format!(", {}", i.path.display())).unwrap_or_default(),
            if ts.tiles.is_empty() {
                format!("give the tiles of tileset `{}` an int property `collision` with their engine id (0 blank, 2 solid, 3..=14 slopes, 15..=18 halves, 19 one-way, or `height`)", ts.name)
            } else {
                property_fix(tilesets)
            },
        ),
    );
    None
}

/// Step 5: the id of every cell; later layers win where they are not blank. A flipped tile is
/// the flipped shape (see [`flip`]): a built-in with exactly those pixels, or a height tile
/// made from the flipped picture; no equivalent is an error.
fn ids_with_flips(
    tilesets: &[Tileset],
    cells: &[Vec<LayerCell>],
    heights: HeightTiles,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<CollisionGrid> {
    let HeightTiles { tiles: mut height_tiles, of_property, png, .. } = heights;
    let n_height = height_tiles.len() as i64;
    let first = shape::FIRST_HEIGHT_TILE as i64;
    let mut notes = Vec::new();
    let mut ids: BTreeMap<(i64, i64), (i64, Loc)> = BTreeMap::new();
    let mut flipped_heights: HashMap<(i64, Flip), i64> = HashMap::new();
    let mut n_flipped = 0usize;
    for (x, y, g, flags, place) in cells.iter().flatten() {
        let Some(ti) = tileset_of(tilesets, *g) else { continue };
        let local = g - tilesets[ti].firstgid;
        let id = if tilesets[ti].definition.collision.is_empty() {
            local as i64
        } else {
            match tilesets[ti].definition.collision.get(&local) {
                None => 0,
                Some(TileCollision::Shape(i)) => *i as i64,
                Some(TileCollision::Height) => of_property.get(&(ti, local)).copied().unwrap_or(0),
            }
        };
        let id = if *flags == 0 || id == 0 {
            id
        } else {
            let loc = cell_loc(*x, *y, *place);
            let Some(f) = Flip::of_gid(*flags) else {
                report(
                    diags,
                    src,
                    Place::Loc(loc),
                    format!(
                        "gid {} has bit 28 set (Tiled's 120° rotation of hexagonal maps), which means nothing on an orthogonal map. Fix: in Tiled, select the tile and reset its rotation (or redraw it), then save",
                        g | flags
                    ),
                );
                continue;
            };
            let hidx = id - first;
            if (0..n_height).contains(&hidx) {
                // A height tile: the flipped picture, as the same tile if it is symmetric,
                // else as an existing height tile with that picture or a new one.
                let rows = flip::transform_rows(&height_tiles[hidx as usize], f);
                match flipped_heights.get(&(id, f)) {
                    Some(&nid) => nid,
                    None => {
                        let nid = match height_tiles.iter().position(|r| *r == rows) {
                            Some(i) => first + i as i64,
                            None => {
                                height_tiles.push(rows);
                                n_flipped += 1;
                                first + height_tiles.len() as i64 - 1
                            }
                        };
                        flipped_heights.insert((id, f), nid);
                        nid
                    }
                }
            } else if id >= 0 && id < first && shape::is_builtin(id as u16) {
                match flip::builtin_flipped(id as u16, f) {
                    Some(nid) => nid as i64,
                    None => {
                        let fix = if id == shape::ONE_WAY as i64 {
                            "a one-way platform is a floor on its top edge only; draw it unflipped or flipped horizontally".to_string()
                        } else {
                            "the engine has no built-in tile with these pixels (a slope flipped vertically is a ceiling slope); draw the shape in the collision tileset as a height tile (ids 32..) and place that, or remove the flip".to_string()
                        };
                        report(
                            diags,
                            src,
                            Place::Loc(loc),
                            format!(
                                "tile id {id} ({}) is {}: no built-in tile is its exact mirror image. Fix: {fix}",
                                flip::shape_name(id as u16),
                                f.describe()
                            ),
                        );
                        continue;
                    }
                }
            } else {
                // Reserved or unknown ids: validation names them (flipped or not).
                id
            }
        };
        if id != 0 {
            ids.insert((*x, *y), (id, cell_loc(*x, *y, *place)));
        }
    }
    if !diags.is_empty() {
        return None;
    }
    if n_flipped > 0 {
        let mut made: Vec<(i64, Flip, i64)> =
            flipped_heights.iter().filter(|(_, &n)| n >= first + n_height).map(|(&(o, f), &n)| (n, f, o)).collect();
        made.sort();
        let list: Vec<String> = made.iter().map(|(n, f, o)| format!("{n} = {o} {}", f.describe())).collect();
        notes.push(format!("flipped height tiles made {n_flipped} more height tiles: {}", list.join(", ")));
    }
    Some(CollisionGrid { ids, height_tiles, tileset_png: png, notes, tilesets_used: BTreeSet::new() })
}
