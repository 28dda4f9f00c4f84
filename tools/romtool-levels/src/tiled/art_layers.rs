//! The art layers of a map, handed to [`crate::art`]: each visible tile layer that is
//! not the collision layer (nor kept off the planes by its property `plane` = `none`), decoded
//! with its flip bits onto the level's grid, and the tilesets its pictures come from.

use super::collision::tileset_of;
use super::layer_data::{layer_cells, MAX_CHUNK_TILES};
use super::map::{TileLayer, Tileset};
use super::source::{report, Place, SourceFile};
use crate::art;
use romtool_common::diag::{Diag, Diags};
use std::collections::BTreeSet;

/// The level's grid on Tiled's tiles: Tiled's tile coordinates of level tile (0, 0), and the
/// level's width and height in tiles.
pub type Grid = (i64, i64, i64, i64);

/// The art layers of a map, ready for [`art::build`].
pub struct ArtLayers {
    /// The layers that draw, on the level's grid, and every tileset.
    pub source: art::ArtSource,
    /// The tilesets (indices) whose tiles they draw.
    pub tilesets_used: BTreeSet<usize>,
    /// Whether each layer given to [`art_layer_source`] draws a tile.
    pub drawn: Vec<bool>,
}

/// The art layers of a map on the level's grid, their flip bits kept, and the tilesets;
/// `None` after reporting an error (a tileset whose image is missing, for a layer that draws
/// its tiles, is one). Layers whose tiles all come from tilesets without an image draw
/// nothing and are left out.
pub fn art_layer_source(
    layers: &[&TileLayer],
    tilesets: &[Tileset],
    map_infinite: bool,
    (x0, y0, w, h): Grid,
    diags: &mut Diags,
    src: &mut SourceFile,
) -> Option<ArtLayers> {
    let image_found: Vec<bool> = tilesets.iter().map(|t| t.definition.image.as_ref().is_some_and(|i| i.path.is_file())).collect();
    // The first layer that draws a tile of a tileset whose image is missing.
    let mut missing: Vec<Option<&str>> = vec![None; tilesets.len()];
    let mut out = ArtLayers { source: art::ArtSource::default(), tilesets_used: BTreeSet::new(), drawn: vec![false; layers.len()] };
    let mut dropped = 0u64;
    // Decoding is bounded by the file's size for a finite map, by the chunk budget for an
    // infinite one.
    let mut budget = if map_infinite { MAX_CHUNK_TILES } else { u64::MAX };
    for (li, layer) in layers.iter().enumerate() {
        if art::not_drawn(&layer.properties) {
            continue;
        }
        let mut gids = vec![0u32; (w * h) as usize];
        let mut locs: Vec<Option<(usize, usize)>> = vec![None; (w * h) as usize];
        let mut any = false;
        for (x, y, g, flags, place) in layer_cells(layer, (!map_infinite).then_some((w, h)), &mut budget, diags, src) {
            let Some(ti) = tileset_of(tilesets, g) else { continue };
            if tilesets[ti].definition.image.is_none() {
                continue;
            }
            if !image_found[ti] {
                missing[ti].get_or_insert(&layer.name);
                continue;
            }
            out.tilesets_used.insert(ti);
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
        out.drawn[li] = true;
        let (ox, oy) = layer.offset;
        if ox != 0.0 || oy != 0.0 {
            report(
                diags,
                src,
                Place::File,
                format!(
                    "art layer `{}` is drawn at an offset of ({ox}, {oy}) px: expected 0, 0 (art layers sit on the map grid)",
                    layer.name
                ),
            );
        }
        let parallax = (layer.parallax[0].0, layer.parallax[1].0);
        let parallax_locs = [layer.parallax[0].1.clone(), layer.parallax[1].1.clone()];
        out.source.layers.push(art::ArtLayerSource {
            name: layer.name.clone(),
            props: layer.properties.clone(),
            gids,
            locs,
            origin: (x0, y0),
            parallax,
            parallax_locs,
        });
    }
    for (t, layer) in tilesets.iter().zip(&missing).filter_map(|(t, m)| m.map(|l| (t, l))) {
        let Some(img) = &t.definition.image else { continue };
        diags.push(Diag::new(
            &img.declared_at.0,
            img.declared_at.1.clone(),
            format!(
                "tileset `{}`: image {} not found: expected the picture of the tiles layer `{layer}` draws. Fix: put the image there (or correct its path in the tileset), or hide layer `{layer}` (or give it the property `plane` = `none`) if it is not to be drawn",
                t.definition.name,
                img.path.display()
            ),
        ));
    }
    if !diags.is_empty() {
        return None;
    }
    if dropped > 0 {
        out.source.notes.push(format!("{dropped} art tiles lie outside the compiled map (infinite map bounds) and are not drawn"));
    }
    out.source.tilesets = tilesets
        .iter()
        .map(|t| art::ArtTileset {
            firstgid: t.firstgid,
            name: t.definition.name.clone(),
            image: t.definition.image.as_ref().map(|i| art::ArtImage {
                path: i.path.clone(),
                trans: i.transparent,
                decl: i.declared_at.clone(),
            }),
            tile_size: t.definition.tile_size,
            margin: t.definition.margin,
            spacing: t.definition.spacing,
        })
        .collect();
    Some(out)
}
