//! Art layers of Tiled maps: the tile layers a player sees, turned into VDP data for planes B
//! (background) and A (foreground).
//!
//! **Which layers are art.** Every visible tile layer (Tiled's `visible`) except the collision
//! layer: not the layer named `collision`, and not the single tile layer of a map without
//! collision properties (that layer is the collision layer, as before). With collision
//! properties on an art tileset and no `collision` layer, the art layers also give the
//! collision ids (the rule of the Tiled reader, `tiled`: per cell the topmost tile with a `collision`
//! property): one layer can do both. Only tiles of tilesets with an image are drawn; a layer
//! with none of them is no art layer.
//!
//! **Planes and priority.** A layer's string property `plane` says where it goes: `B` (or
//! `background`, `bg`), `A` (or `foreground`, `fg`), or `none` (not drawn). Without it, a layer
//! whose name starts with `fg`, `front` or `foreground` (ASCII case ignored) goes to plane A,
//! every other layer to plane B. Plane A cells have the VDP priority bit (drawn in front of
//! the sprites) and plane B cells do not, unless the layer's bool property `priority` says
//! otherwise. Layers of one plane are stacked in document order (later layers on top,
//! transparent pixels show the layers below); a cell has priority when a layer with priority
//! draws an opaque pixel in it.
//!
//! **Pictures.** Tilesets of 16x16 tiles (any `margin` / `spacing`) with one image, PNG of any
//! colour type. A pixel is transparent (colour 0) when its alpha is below half (PNG alpha or
//! `tRNS`) or it has the tileset's transparent colour (`trans` / `transparentcolor`); every
//! other pixel is quantised to the Mega Drive's 9-bit colour ([`romtool_gfx::cells::quantise`]).
//! Tiled's flip bits are applied (diagonal, then horizontal and vertical). A 16x16 map tile
//! is four 8x8 cells.
//!
//! **VDP data.** Cells are deduplicated, mirrored copies included: a cell that is a
//! horizontal / vertical / both-ways mirror of a kept cell is drawn with that cell and the
//! name-table flip bits. Each cell's colours must fit one palette line (at most 15 colours
//! besides transparent); the lines are packed greedily ([`romtool_gfx::cells::assign_palettes`]),
//! at most [`limits::MAX_ART_PALETTES`]. Each plane becomes one name-table word per 8x8 cell
//! (`2W x 2H` for a `W x H`-tile map, row-major): priority (bit 15), palette line (bits
//! 14..13), vertical / horizontal flip (bits 12, 11), and the VDP tile
//! `limits::ROM_ART_BASE_TILE + cell` (bits 10..0); a cell with nothing drawn is word 0. The
//! distinct cells must fit the ROM's VRAM for art ([`limits::VRAM_ART_CELLS`]).
//!
//! **Backdrop.** Tiled's map attribute `backgroundcolor` (`#RRGGBB` or `#AARRGGBB`, alpha
//! ignored), quantised like every colour, is entry 0 of palette line 0; without it that entry
//! is 0x0000 (black). The ROM sets the VDP's backdrop colour to line 0 entry 0, so it shows
//! wherever both planes and the sprites are transparent. Cells never use entry 0 (it is
//! transparent for them), so the backdrop costs no colour of the line.
//!
//! **Parallax.** Tiled's layer attributes `parallaxx` / `parallaxy` (Tiled 1.5+, default 1)
//! of an art layer give its plane's scroll: the factors 1, 0.5, 0.25 and 0.125 are the right
//! shifts 0..=3 of [`ArtPlane::parallax`], and the plane scrolls by `camera >> parallax`
//! pixels in both directions (so a plane with parallax must cover what the camera sees at
//! that speed). Any other factor, different factors in x and y, different factors on layers of
//! one plane, or a factor other than 1 on a group layer is an error at the attribute's line.
//!
//! **Palette lines** are 0..=2 at most ([`limits::MAX_ART_PALETTES`]): line 3 is the
//! sprites' and the text's.
//!
//! Errors name the file and line: the tileset's image declaration for a tile with more than
//! 15 colours in one 8x8 cell or a tileset that is not 16x16 tiles, the map tile (and its CSV
//! line) for a stacked cell with too many colours or one that needs a fourth palette line, the
//! layer property for a bad `plane` / `priority`, the attribute for a bad `parallaxx` /
//! `parallaxy` or `backgroundcolor`.

use crate::limits;
use crate::property_value::PropValue;
use romtool_common::diag::{Diag, Loc, MAX_ERRORS_PER_FILE};
use romtool_gfx::cells::{self, CellSet, ColourCell, IndexCell, CLEAR, PALETTE_SHIFT, PRIORITY};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::flip::{Flip, FLAG_BITS as GID_FLAGS, FLIP_D as GID_DFLIP, FLIP_H as GID_HFLIP, FLIP_V as GID_VFLIP};

/// A tileset image as the art reader needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtImage {
    /// The PNG.
    pub path: PathBuf,
    /// Tiled's transparent colour (RGB).
    pub trans: Option<[u8; 3]>,
    /// Where the image is named (map or external tileset, line and column): errors about the
    /// tileset's pictures point here.
    pub decl: (PathBuf, Loc),
}

/// A tileset of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtTileset {
    /// Its first gid.
    pub firstgid: u32,
    /// Its name.
    pub name: String,
    /// Its image (`None`: no image or an image collection: not drawn).
    pub image: Option<ArtImage>,
    /// Tile width and height in pixels as declared.
    pub tile_size: (i64, i64),
    /// Pixels around the grid.
    pub margin: i64,
    /// Pixels between tiles.
    pub spacing: i64,
}

/// One art layer on the level's grid.
#[derive(Clone, Debug, PartialEq)]
pub struct ArtLayerSource {
    /// Its name.
    pub name: String,
    /// Its custom properties and where each value is written (`plane`, `priority`).
    pub props: Vec<(String, PropValue, Loc)>,
    /// Row-major gids with Tiled's flag bits, one per level tile (0 nothing).
    pub gids: Vec<u32>,
    /// Line and column of each gid where the format has them (TMX CSV).
    pub locs: Vec<Option<(usize, usize)>>,
    /// Tiled's tile coordinates of level tile (0, 0) (not (0, 0) for infinite maps).
    pub origin: (i64, i64),
    /// Tiled's parallax factors `parallaxx`, `parallaxy` (1 when not written).
    pub parallax: (f64, f64),
    /// Where `parallaxx` and `parallaxy` are written (the layer when not written).
    pub parallax_locs: [Loc; 2],
}

/// What the Tiled reader hands over: the art layers in document order and every tileset.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArtSource {
    /// Art layers, bottom first.
    pub layers: Vec<ArtLayerSource>,
    /// Tilesets sorted by firstgid.
    pub tilesets: Vec<ArtTileset>,
    /// Things to tell the user.
    pub notes: Vec<String>,
    /// Tiled's map `backgroundcolor` (RGB), if set: entry 0 of palette line 0.
    pub backdrop: Option<[u8; 3]>,
}

/// A VDP plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Plane {
    /// Plane A (foreground).
    A,
    /// Plane B (background).
    B,
}

/// One plane of a level's art.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtPlane {
    /// The layers drawn into it, bottom first.
    pub layers: Vec<String>,
    /// Width in 8x8 cells (2 x the map's width in tiles).
    pub width: usize,
    /// Height in 8x8 cells.
    pub height: usize,
    /// Name-table words, row-major, `width * height` (see the module docs).
    pub words: Vec<u16>,
    /// Parallax as a right shift: the plane scrolls by `camera >> parallax` pixels (0: with
    /// the camera, 1: half speed, 2: a quarter, 3: an eighth).
    pub parallax: u8,
}

/// A level's art as VDP data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelArt {
    /// The distinct cells; cell `i` is VDP tile `limits::ROM_ART_BASE_TILE + i`.
    pub cells: Vec<IndexCell>,
    /// Palette lines 0.. (16 CRAM words each; entry 0 is transparent for the cells, and entry
    /// 0 of line 0 is the backdrop colour: Tiled's `backgroundcolor`, else 0x0000 black).
    /// At least one line.
    pub palettes: Vec<[u16; 16]>,
    /// Plane B (background), if a layer goes there.
    pub plane_b: Option<ArtPlane>,
    /// Plane A (foreground), if a layer goes there.
    pub plane_a: Option<ArtPlane>,
}

impl LevelArt {
    /// The cells as VDP words (16 per cell), ready for DMA to VRAM tile
    /// `limits::ROM_ART_BASE_TILE`.
    pub fn cell_words(&self) -> Vec<u16> {
        self.cells.iter().flat_map(cells::cell_words).collect()
    }

    /// The backdrop colour (CRAM word): entry 0 of palette line 0.
    pub fn backdrop(&self) -> u16 {
        self.palettes.first().map_or(0, |l| l[0])
    }

    /// Whether the name-table word of plane `plane` at pixel (`x`, `y`) has the priority bit.
    pub fn priority(&self, plane: Plane, x: usize, y: usize) -> bool {
        let p = if plane == Plane::A { self.plane_a.as_ref() } else { self.plane_b.as_ref() };
        p.and_then(|p| p.words.get((y / 8) * p.width + x / 8)).is_some_and(|&w| w & PRIORITY != 0)
    }

    /// The RGBA pixel that plane `plane` shows at pixel (`x`, `y`) (`None`: transparent);
    /// decodes the name-table word, the cell, its flips and the palette as the VDP does.
    pub fn pixel(&self, plane: Plane, x: usize, y: usize) -> Option<[u8; 3]> {
        let p = if plane == Plane::A { self.plane_a.as_ref()? } else { self.plane_b.as_ref()? };
        let word = *p.words.get((y / 8) * p.width + x / 8)?;
        if word == 0 {
            return None;
        }
        let cell = &self.cells[((word & cells::MAX_TILE_INDEX) as usize).checked_sub(limits::ROM_ART_BASE_TILE)?];
        let (mut cx, mut cy) = (x % 8, y % 8);
        if word & cells::HFLIP != 0 {
            cx = 7 - cx;
        }
        if word & cells::VFLIP != 0 {
            cy = 7 - cy;
        }
        let index = cell[cy * 8 + cx];
        (index != 0).then(|| cells::expand(self.palettes[((word >> PALETTE_SHIFT) & 3) as usize][index as usize]))
    }
}

/// A tile's picture: 256 colour-space pixels (see [`romtool_gfx::cells`]).
type TilePic = Vec<u16>;

/// Where the user placed something, for errors.
fn tile_loc(layer: &ArtLayerSource, k: usize, width: usize) -> Loc {
    let (x, y) = ((k % width) as i64 + layer.origin.0, (k / width) as i64 + layer.origin.1);
    match layer.locs[k] {
        Some((l, c)) => Loc::TileAt(x, y, l, c),
        None => Loc::Tile(x, y),
    }
}

/// Tiled's parallax factors that are a right shift of the camera: 1, 1/2, 1/4, 1/8.
pub const PARALLAX_FACTORS: [f64; 4] = [1.0, 0.5, 0.25, 0.125];

/// The parallax shift of a layer (see [`ArtPlane::parallax`]), or an error at the factor.
fn parallax_of(map: &Path, layer: &ArtLayerSource, errors: &mut Vec<Diag>) -> u8 {
    let (x, y) = layer.parallax;
    let fix = "Fix: set Parallax Factor (Layer Properties) to the same value in x and y, one of 1, 0.5, 0.25, 0.125 (the VDP plane scrolls by the camera shifted right by 0..3)";
    let shift = |v: f64| PARALLAX_FACTORS.iter().position(|&f| f == v);
    for (v, axis, loc) in [(x, "parallaxx", &layer.parallax_locs[0]), (y, "parallaxy", &layer.parallax_locs[1])] {
        if shift(v).is_none() {
            errors.push(Diag::new(
                map,
                loc.clone(),
                format!("layer `{}`: `{axis}` is {v}: expected 1, 0.5, 0.25 or 0.125. {fix}", layer.name),
            ));
            return 0;
        }
    }
    if x != y {
        errors.push(Diag::new(
            map,
            layer.parallax_locs[0].clone(),
            format!("layer `{}`: parallax factors x = {x}, y = {y}: expected the same in x and y. {fix}", layer.name),
        ));
        return 0;
    }
    shift(x).unwrap_or(0) as u8
}

/// Whether a layer's properties keep it off both planes (`plane` = `none`).
pub fn not_drawn(props: &[(String, PropValue, Loc)]) -> bool {
    props.iter().any(|(name, value, _)| {
        name.eq_ignore_ascii_case("plane") && matches!(value, PropValue::Str(s) if s.trim().eq_ignore_ascii_case("none"))
    })
}

/// The plane and priority of a layer (properties, else the name convention).
fn plane_of(map: &Path, layer: &ArtLayerSource, errors: &mut Vec<Diag>) -> (Option<Plane>, bool) {
    let lname = layer.name.to_ascii_lowercase();
    let mut plane = Some(if ["fg", "front", "foreground"].iter().any(|p| lname.starts_with(p)) { Plane::A } else { Plane::B });
    let mut priority = None;
    for (name, value, loc) in &layer.props {
        match (name.to_ascii_lowercase().as_str(), value) {
            ("plane", PropValue::Str(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "a" | "foreground" | "fg" => plane = Some(Plane::A),
                "b" | "background" | "bg" => plane = Some(Plane::B),
                "none" => plane = None,
                _ => errors.push(Diag::new(
                    map,
                    loc.clone(),
                    format!("layer `{}`: property `plane` = `{s}`: expected `A` (foreground), `B` (background) or `none`", layer.name),
                )),
            },
            ("plane", _) => errors.push(Diag::new(
                map,
                loc.clone(),
                format!("layer `{}`: property `plane`: expected a string `A`, `B` or `none`", layer.name),
            )),
            ("priority", PropValue::Bool(b)) => priority = Some(*b),
            ("priority", _) => {
                errors.push(Diag::new(map, loc.clone(), format!("layer `{}`: property `priority`: expected a bool", layer.name)))
            }
            _ => {}
        }
    }
    (plane, priority.unwrap_or(plane == Some(Plane::A)))
}

/// The pixel of a 16x16 picture under Tiled's flip flags: output pixel (`x`, `y`) (the rule
/// of [`Flip::source_pixel`], shared with the collision tiles; the hexagonal bit is ignored).
fn flipped(pic: &[u16], flags: u32, x: usize, y: usize) -> u16 {
    let f = Flip { h: flags & GID_HFLIP != 0, v: flags & GID_VFLIP != 0, d: flags & GID_DFLIP != 0 };
    let (sx, sy) = f.source_pixel(x as u16, y as u16);
    pic[sy as usize * 16 + sx as usize]
}

const QUADRANT: [&str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];

/// Reads the pictures of the tiles the layers use, checking tile size and colours per cell.
fn load_pictures(src: &ArtSource, errors: &mut Vec<Diag>) -> HashMap<u32, TilePic> {
    let ts_of = |g: u32| -> Option<usize> { src.tilesets.partition_point(|t| t.firstgid <= g).checked_sub(1) };
    let mut wanted: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); src.tilesets.len()];
    for l in &src.layers {
        for &g in &l.gids {
            let g = g & !GID_FLAGS;
            if g != 0 {
                if let Some(ti) = ts_of(g) {
                    wanted[ti].insert(g - src.tilesets[ti].firstgid);
                }
            }
        }
    }
    let mut pics = HashMap::new();
    for (ti, locals) in wanted.iter().enumerate() {
        let ts = &src.tilesets[ti];
        let Some(img) = ts.image.as_ref().filter(|_| !locals.is_empty()) else { continue };
        let (file, at) = (&img.decl.0, img.decl.1.clone());
        if ts.tile_size != (16, 16) {
            errors.push(Diag::new(
                file,
                at,
                format!(
                    "tileset `{}` has {}x{} tiles: expected 16x16 tiles for art layers (each map tile is 2x2 VDP cells)",
                    ts.name, ts.tile_size.0, ts.tile_size.1
                ),
            ));
            continue;
        }
        let layout = romtool_gfx::png_read::Layout {
            margin: ts.margin.clamp(0, u32::MAX as i64) as u32,
            spacing: ts.spacing.clamp(0, u32::MAX as i64) as u32,
            trans: img.trans,
        };
        let ids: Vec<u32> = locals.iter().copied().collect();
        let rgba = match romtool_gfx::png_read::tile_rgba(&img.path, &layout, &ids) {
            Ok(r) => r,
            Err(e) => {
                errors.push(Diag::new(file, at, format!("tileset `{}`: {}: {}", ts.name, e.file.display(), e.msg)));
                continue;
            }
        };
        for (&local, px) in ids.iter().zip(rgba) {
            let pic: TilePic = px.iter().map(|&p| cells::colour_of(p)).collect();
            for (q, name) in QUADRANT.iter().enumerate() {
                let c = cells::cut(&pic, 16, q % 2, q / 2);
                let n = cells::colours(&c).len();
                if n > cells::COLOURS_PER_LINE {
                    errors.push(Diag::new(
                        file,
                        at.clone(),
                        format!(
                            "tileset `{}` ({}): tile {local}: its {name} 8x8 cell has {n} colours (after reducing to the Mega Drive's 9-bit colours): expected at most 15 plus transparent",
                            ts.name,
                            img.path.display()
                        ),
                    ));
                }
            }
            pics.insert(ts.firstgid + local, pic);
        }
    }
    pics
}

/// One plane while it is built: per unique stack of gids, its four cells and their priority.
struct PlaneBuild {
    layers: Vec<usize>,
    priority: Vec<bool>,
    /// Per level tile: the index of its stack in `stacks` (`usize::MAX`: nothing drawn).
    tile_stack: Vec<usize>,
    /// Per stack: colour-cell ids (into the shared list) and priority, per quadrant.
    stacks: Vec<[(u32, bool); 4]>,
}

/// Builds the VDP data of a map's art layers (`width` x `height` tiles); `Ok(None)` when no
/// layer is drawn.
pub fn build(map: &Path, src: &ArtSource, width: usize, height: usize) -> Result<Option<LevelArt>, Vec<Diag>> {
    let mut errors = Vec::new();
    let mut planes: Vec<(Plane, Vec<usize>, Vec<bool>)> = Vec::new();
    // Per plane: its parallax shift and the layer that set it.
    let mut shifts: Vec<(Plane, u8, usize)> = Vec::new();
    for (i, l) in src.layers.iter().enumerate() {
        let (plane, prio) = plane_of(map, l, &mut errors);
        let Some(plane) = plane else { continue };
        let shift = parallax_of(map, l, &mut errors);
        match shifts.iter().find(|s| s.0 == plane) {
            Some(&(_, s, first)) if s != shift => errors.push(Diag::new(
                map,
                l.parallax_locs[0].clone(),
                format!(
                    "layer `{}`: parallax factor {} on plane {plane:?}, where layer `{}` has {}: expected one factor per plane (a VDP plane scrolls as one). Fix: give every layer of plane {plane:?} the same Parallax Factor, or move this layer to the other plane (property `plane`)",
                    l.name, l.parallax.0, src.layers[first].name, src.layers[first].parallax.0
                ),
            )),
            Some(_) => {}
            None => shifts.push((plane, shift, i)),
        }
        match planes.iter_mut().find(|p| p.0 == plane) {
            Some(p) => {
                p.1.push(i);
                p.2.push(prio);
            }
            None => planes.push((plane, vec![i], vec![prio])),
        }
    }
    planes.sort_by_key(|p| std::cmp::Reverse(p.0)); // B first: its cells come first in VRAM
    if planes.is_empty() || !errors.is_empty() {
        return if errors.is_empty() { Ok(None) } else { Err(errors) };
    }
    let pics = load_pictures(src, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    // Distinct colour cells of both planes, and where each is first used.
    let mut colour_cells: Vec<ColourCell> = Vec::new();
    let mut colour_index: HashMap<ColourCell, u32> = HashMap::new();
    let mut first_use: Vec<Loc> = Vec::new();
    // Colour cells can still merge in index space (same pattern in two palette lines, mirrors):
    // beyond this many, the cells cannot fit.
    let colour_cap = 16 * limits::VRAM_ART_CELLS;
    let n = width * height;
    let mut builds: Vec<(Plane, PlaneBuild)> = Vec::new();
    for (plane, layer_ids, prios) in &planes {
        let mut b = PlaneBuild { layers: layer_ids.clone(), priority: prios.clone(), tile_stack: vec![usize::MAX; n], stacks: Vec::new() };
        let mut stack_index: HashMap<Vec<u32>, usize> = HashMap::new();
        for k in 0..n {
            let key: Vec<u32> = b.layers.iter().map(|&li| src.layers[li].gids[k]).collect();
            if key.iter().all(|&g| g == 0) {
                continue;
            }
            if let Some(&s) = stack_index.get(&key) {
                b.tile_stack[k] = s;
                continue;
            }
            // Composite the stack: later layers on top; per quadrant, priority if a layer with
            // priority draws an opaque pixel there.
            let mut pic = vec![CLEAR; 256];
            let mut prio = [false; 4];
            let mut top_layer = b.layers[0];
            for (j, &g) in key.iter().enumerate() {
                let Some(tp) = pics.get(&(g & !GID_FLAGS)) else { continue };
                top_layer = b.layers[j];
                for y in 0..16 {
                    for x in 0..16 {
                        let p = flipped(tp, g & GID_FLAGS, x, y);
                        if p != CLEAR {
                            pic[y * 16 + x] = p;
                            prio[(y / 8) * 2 + x / 8] |= b.priority[j];
                        }
                    }
                }
            }
            let mut quads = [(u32::MAX, false); 4];
            for (q, slot) in quads.iter_mut().enumerate() {
                let c = cells::cut(&pic, 16, q % 2, q / 2);
                if c.iter().all(|&p| p == CLEAR) {
                    continue;
                }
                let id = match colour_index.get(&c) {
                    Some(&id) => id,
                    None => {
                        let loc = tile_loc(&src.layers[top_layer], k, width);
                        let ncol = cells::colours(&c).len();
                        if ncol > cells::COLOURS_PER_LINE {
                            let names: Vec<String> = b.layers.iter().map(|&li| format!("`{}`", src.layers[li].name)).collect();
                            errors.push(Diag::new(
                                map,
                                loc,
                                format!(
                                    "the layers {} stacked on plane {:?} give the {} 8x8 cell of this tile {ncol} colours: expected at most 15 plus transparent (one palette line per cell)",
                                    names.join(", "),
                                    plane,
                                    QUADRANT[q]
                                ),
                            ));
                            if errors.len() >= MAX_ERRORS_PER_FILE {
                                return Err(errors);
                            }
                            continue;
                        }
                        if colour_cells.len() >= colour_cap {
                            return Err(vec![too_many_cells(map, &format!("more than {colour_cap} different"))]);
                        }
                        let id = colour_cells.len() as u32;
                        colour_cells.push(c);
                        colour_index.insert(c, id);
                        first_use.push(loc);
                        id
                    }
                };
                *slot = (id, prio[q]);
            }
            stack_index.insert(key, b.stacks.len());
            b.tile_stack[k] = b.stacks.len();
            b.stacks.push(quads);
        }
        builds.push((*plane, b));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Palettes for the colour cells, then index cells with flips.
    let sets: Vec<BTreeSet<u16>> = colour_cells.iter().map(cells::colours).collect();
    let pal = match cells::assign_palettes(&sets, limits::MAX_ART_PALETTES) {
        Ok(p) => p,
        Err(i) => {
            return Err(vec![Diag::new(
                map,
                first_use[i].clone(),
                format!(
                    "the art needs more than {max} palette lines: the colours of this tile's cells ({} colours) fit none of the {max} lines already full; level art may use palette lines 0..={} of 15 colours each (line 3 is the sprites' and the text's). Fix: use fewer colours, or share colours between cells (each 8x8 cell takes all its colours from one line)",
                    sets[i].len(),
                    limits::MAX_ART_PALETTES - 1,
                    max = limits::MAX_ART_PALETTES,
                ),
            )])
        }
    };
    let mut set = CellSet::new();
    // Per colour cell: (cell index, flips, palette line), computed on first use.
    let mut resolved: Vec<Option<(u16, u16)>> = vec![None; colour_cells.len()];
    let mut palettes = pal.lines.clone();
    if palettes.is_empty() {
        palettes.push([0; 16]);
    }
    palettes[0][0] = src.backdrop.map_or(0, cells::quantise);
    let mut out = LevelArt { cells: Vec::new(), palettes, plane_b: None, plane_a: None };
    for (plane, b) in &builds {
        let (w2, h2) = (2 * width, 2 * height);
        let mut words = vec![0u16; w2 * h2];
        for k in 0..n {
            let s = b.tile_stack[k];
            if s == usize::MAX {
                continue;
            }
            for (q, &(id, prio)) in b.stacks[s].iter().enumerate() {
                if id == u32::MAX {
                    continue;
                }
                let line = pal.which[id as usize];
                let (cell, flips) = *resolved[id as usize].get_or_insert_with(|| {
                    // Every colour of the cell is in its line (assign_palettes).
                    let ic = cells::index_cell(&colour_cells[id as usize], &pal.lines[line]).unwrap_or([0; 64]);
                    set.add(&ic)
                });
                let tile = (limits::ROM_ART_BASE_TILE + cell as usize).min(cells::MAX_TILE_INDEX as usize) as u16;
                let word = if prio { PRIORITY } else { 0 } | (line as u16) << PALETTE_SHIFT | flips | tile;
                let (cx, cy) = (2 * (k % width) + q % 2, 2 * (k / width) + q / 2);
                words[cy * w2 + cx] = word;
            }
        }
        let parallax = shifts.iter().find(|s| s.0 == *plane).map_or(0, |s| s.1);
        let ap =
            ArtPlane { layers: b.layers.iter().map(|&li| src.layers[li].name.clone()).collect(), width: w2, height: h2, words, parallax };
        match plane {
            Plane::A => out.plane_a = Some(ap),
            Plane::B => out.plane_b = Some(ap),
        }
    }
    if set.len() > limits::VRAM_ART_CELLS {
        return Err(vec![too_many_cells(map, &set.len().to_string())]);
    }
    out.cells = set.cells().to_vec();
    Ok(Some(out))
}

fn too_many_cells(map: &Path, count: &str) -> Diag {
    Diag::new(
        map,
        Loc::File,
        format!(
            "the art layers need {count} distinct 8x8 cells (after removing repeats and mirrored copies): expected at most {} (the ROM's VRAM for art: VDP tiles {}..{}, `FIRST_ART_TILE` and the level view's `ART_END_TILE`, src/level-view)",
            limits::VRAM_ART_CELLS,
            limits::ROM_ART_BASE_TILE,
            limits::ROM_ART_END_TILE
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiled_flips() {
        let pic: Vec<u16> = (0..256).collect();
        assert_eq!(flipped(&pic, 0, 3, 1), 16 + 3);
        assert_eq!(flipped(&pic, GID_HFLIP, 0, 0), 15);
        assert_eq!(flipped(&pic, GID_VFLIP, 0, 0), 15 * 16);
        assert_eq!(flipped(&pic, GID_DFLIP, 3, 1), 3 * 16 + 1);
        // Tiled's "rotate 90 degrees clockwise" is diagonal + horizontal: the top-left output
        // pixel is the source's bottom-left.
        assert_eq!(flipped(&pic, GID_DFLIP | GID_HFLIP, 0, 0), 15 * 16);
    }
}
