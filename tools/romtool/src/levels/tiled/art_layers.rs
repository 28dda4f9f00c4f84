//! The art layers of a map, handed to [`crate::levels::art`]: each visible tile layer that is
//! not the collision layer, decoded with its flip bits onto the level's grid, and the
//! tilesets its pictures come from.

use super::collision::tileset_of;
use super::layer_data::{layer_cells, MAX_CHUNK_TILES};
use super::model::{TileLayer, Tileset};
use super::source::{report, Place, SourceFile};
use crate::levels::art;
use crate::levels::diagnostics::Diags;

/// The level's grid on Tiled's tiles: Tiled's tile coordinates of level tile (0, 0), and the
/// level's width and height in tiles.
pub type Grid = (i64, i64, i64, i64);

/// The art layers of a map on the level's grid, their flip bits kept, and the tilesets;
/// `None` after reporting an error. Layers whose tiles all come from tilesets without an
/// image draw nothing and are left out.
pub fn art_layer_source(layers: &[&TileLayer], tilesets: &[Tileset], map_infinite: bool, (x0, y0, w, h): Grid, diags: &mut Diags, src: &mut SourceFile) -> Option<art::ArtSource> {
    // A tileset whose image file is not there (a third-party map shipped without its art)
    // draws nothing: its tiles are left out with a note, the map's collision is unaffected.
    let image_found: Vec<bool> = tilesets.iter().map(|t| t.definition.image.as_ref().is_some_and(|i| i.path.is_file())).collect();
    let mut missing = vec![false; tilesets.len()];
    let mut out = art::ArtSource::default();
    let mut dropped = 0u64;
    // Decoding is bounded by the file's size for a finite map, by the chunk budget for an
    // infinite one.
    let mut budget = if map_infinite { MAX_CHUNK_TILES } else { u64::MAX };
    for layer in layers {
        let mut gids = vec![0u32; (w * h) as usize];
        let mut locs: Vec<Option<(usize, usize)>> = vec![None; (w * h) as usize];
        let mut any = false;
        for (x, y, g, flags, place) in layer_cells(layer, (!map_infinite).then_some((w, h)), &mut budget, diags, src) {
            let Some(ti) = tileset_of(tilesets, g) else { continue };
            if !image_found[ti] {
                missing[ti] |= tilesets[ti].definition.image.is_some();
                continue;
            }
            let (tx, ty) = (x - x0, y - y0);
            if tx < 0 || ty < 0 || tx >= w || ty >= h {
                dropped += 1;
                continue;
            }
            let k = (ty * w + tx) as usize;
            gids[k] = g | flags;
            locs[k] = place;
            any = true;
        }
        if !any {
            continue;
        }
        let (ox, oy) = layer.offset;
        if ox != 0.0 || oy != 0.0 {
            report(diags, src, Place::File, format!("art layer `{}` is drawn at an offset of ({ox}, {oy}) px: expected 0, 0 (art layers sit on the map grid)", layer.name));
        }
        let parallax = (layer.parallax[0].0, layer.parallax[1].0);
        let parallax_locs = [layer.parallax[0].1.clone(), layer.parallax[1].1.clone()];
        out.layers.push(art::ArtLayerSource { name: layer.name.clone(), props: layer.properties.clone(), gids, locs, origin: (x0, y0), parallax, parallax_locs });
    }
    if !diags.is_empty() {
        return None;
    }
    if dropped > 0 {
        out.notes.push(format!("{dropped} art tiles lie outside the compiled map (infinite map bounds) and are not drawn"));
    }
    for (t, _) in tilesets.iter().zip(&missing).filter(|&(_, &m)| m) {
        let path = t.definition.image.as_ref().map(|i| i.path.display().to_string()).unwrap_or_default();
        out.notes.push(format!("tileset `{}`: image {path} not found: its tiles are not drawn (the collision layer is unaffected). Fix: put the image there to draw them", t.definition.name));
    }
    out.tilesets = tilesets
        .iter()
        .map(|t| art::ArtTileset {
            firstgid: t.firstgid,
            name: t.definition.name.clone(),
            image: t.definition.image.as_ref().map(|i| art::ArtImage { path: i.path.clone(), trans: i.transparent, decl: i.declared_at.clone() }),
            tile_size: t.definition.tile_size,
            margin: t.definition.margin,
            spacing: t.definition.spacing,
        })
        .collect();
    Some(out)
}
