//! The format-neutral model of a map: what the TMX and TMJ readers both produce before the
//! layers are decoded ([`MapDeclaration`]), with its tilesets, tile layers (their data still
//! as written, decoded only for the layers used) and objects (templates not yet merged).

use super::source::StoredPlace;
use crate::property_value::{PropValue, Property};
use crate::xml::{Doc, Element};
use romtool_common::diag::Loc;
use romtool_common::jsonpos::JPath;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

pub use crate::property_map::TileCollision;

/// The image of a tileset.
#[derive(Clone, Debug)]
pub struct TilesetImage {
    /// The PNG (relative paths resolved against the file that names it).
    pub path: PathBuf,
    /// Tiled's transparent colour (`trans` / `transparentcolor`), RGB.
    pub transparent: Option<[u8; 3]>,
    /// Where the image is named (the map, or an external tileset), for art errors.
    pub declared_at: (PathBuf, Loc),
}

/// A tileset without its firstgid (external tilesets are cached as this).
#[derive(Clone, Debug)]
pub struct TilesetDefinition {
    /// Its name.
    pub name: String,
    /// Its image (`None`: no image, or a collection of images).
    pub image: Option<TilesetImage>,
    /// Its tiles have images of their own (a collection of images, which the ROM cannot draw).
    pub image_collection: bool,
    /// Tile width and height in pixels as declared.
    pub tile_size: (i64, i64),
    /// Pixels around the grid.
    pub margin: i64,
    /// Pixels between tiles.
    pub spacing: i64,
    /// The collision the tiles' own properties give them (`collision`, `collides`), then
    /// the game's property map, by local tile id.
    pub collision: BTreeMap<u32, TileCollision>,
    /// The class and properties of every tile that has any, by local tile id (a game's
    /// collision property map reads them).
    pub tiles: BTreeMap<u32, TileInfo>,
}

/// The class and custom properties of a tile of a tileset.
#[derive(Clone, Debug, Default)]
pub struct TileInfo {
    /// Its class (Tiled 1.9 `class`, else `type`), if set.
    pub class: Option<String>,
    /// Its custom properties.
    pub properties: Vec<Property>,
}

/// A tileset of a map.
pub struct Tileset {
    /// The gid of its tile 0.
    pub firstgid: u32,
    /// The tileset.
    pub definition: TilesetDefinition,
    /// Where the map names it (its `<tileset>` element or JSON object).
    pub place: StoredPlace,
}

/// Layer data as written, decoded only for the layers used.
pub enum LayerData<'d> {
    /// TMX CSV text of this element.
    Csv(&'d Doc, &'d Element),
    /// TMX `<tile>` children of this element.
    XmlTiles(&'d Doc, &'d Element),
    /// TMJ array.
    JsonArray(&'d [Value], JPath),
    /// base64 text and compression.
    Base64(String, String),
}

/// A rectangle of a tile layer's data (the whole layer in a finite map).
pub struct Chunk<'d> {
    /// Tiled's tile x of its top-left tile.
    pub x: i64,
    /// Tiled's tile y of its top-left tile.
    pub y: i64,
    /// Width in tiles.
    pub width: i64,
    /// Height in tiles.
    pub height: i64,
    /// Its gids as written.
    pub data: LayerData<'d>,
}

/// A tile layer.
pub struct TileLayer<'d> {
    /// Its name.
    pub name: String,
    /// Finite: one chunk at (0, 0) with the layer's size.
    pub chunks: Vec<Chunk<'d>>,
    /// Whether its data is in chunks (an infinite map).
    pub infinite: bool,
    /// Width in tiles (as declared).
    pub width: i64,
    /// Height in tiles (as declared).
    pub height: i64,
    /// Pixel offset (layer and groups).
    pub offset: (f64, f64),
    /// Tiled's `visible` (hidden layers are no art).
    pub visible: bool,
    /// Custom properties, with where each value is written (art layers: `plane`, `priority`).
    pub properties: Vec<(String, PropValue, Loc)>,
    /// Tiled's parallax factors (x, y) and where each is written (art layers: see
    /// [`crate::art`]).
    pub parallax: [(f64, Loc); 2],
    /// Where the layer is declared.
    pub place: StoredPlace,
}

/// Object fields as written (template merged into them before use).
#[derive(Clone, Debug, Default)]
pub struct ObjectFields {
    /// Tiled object id.
    pub id: Option<u64>,
    /// `name`.
    pub name: Option<String>,
    /// `class` (Tiled 1.9).
    pub class: Option<String>,
    /// `type` (Tiled before 1.9, and again from 1.10).
    pub object_type: Option<String>,
    /// `x` in pixels.
    pub x: Option<f64>,
    /// `y` in pixels.
    pub y: Option<f64>,
    /// `width` in pixels.
    pub width: Option<f64>,
    /// `height` in pixels.
    pub height: Option<f64>,
    /// `rotation` in degrees.
    pub rotation: Option<f64>,
    /// `gid` (a tile object).
    pub gid: Option<u32>,
    /// Polyline / polygon points, relative to `x`, `y`.
    pub points: Option<Vec<(f64, f64)>>,
    /// Custom properties.
    pub properties: Vec<Property>,
    /// The template file it is made from.
    pub template: Option<String>,
    /// Layer offsets (sum over the object's layer and its groups).
    pub offset: (f64, f64),
}

impl ObjectFields {
    /// The object with its template's fields where it has none of its own (its own
    /// properties win over the template's).
    pub fn merge_template(self, t: &ObjectFields) -> ObjectFields {
        let mut properties = t.properties.clone();
        for p in self.properties {
            match properties.iter_mut().find(|q| q.name == p.name) {
                Some(slot) => *slot = p,
                None => properties.push(p),
            }
        }
        ObjectFields {
            id: self.id,
            name: self.name.or_else(|| t.name.clone()),
            class: self.class.or_else(|| t.class.clone()),
            object_type: self.object_type.or_else(|| t.object_type.clone()),
            x: self.x,
            y: self.y,
            width: self.width.or(t.width),
            height: self.height.or(t.height),
            rotation: self.rotation.or(t.rotation),
            gid: self.gid.or(t.gid),
            points: self.points.or_else(|| t.points.clone()),
            properties,
            template: None,
            offset: self.offset,
        }
    }
}

/// Everything read from a map file before the layers are decoded.
pub struct MapDeclaration<'d> {
    /// Width in tiles (as declared).
    pub width: i64,
    /// Height in tiles (as declared).
    pub height: i64,
    /// Tiled's `infinite`.
    pub infinite: bool,
    /// The tilesets, in file order.
    pub tilesets: Vec<Tileset>,
    /// The tile layers, in document order (groups' layers where the group is).
    pub layers: Vec<TileLayer<'d>>,
    /// The objects of every object layer, templates merged, with where each is written.
    pub objects: Vec<(ObjectFields, StoredPlace)>,
    /// Layers the ROM has no use for (image layers): name, what it is, where it is declared.
    pub other_layers: Vec<(String, &'static str, StoredPlace)>,
    /// Tiled's map `backgroundcolor` (RGB): the backdrop of a level with art.
    pub backdrop: Option<[u8; 3]>,
}

/// The external files of one map, each read once (a map may name the same external tileset
/// or template many times).
#[derive(Default)]
pub struct ExternalFiles {
    /// Tilesets by path (`None`: could not be read; reported once).
    pub tilesets: HashMap<PathBuf, Option<TilesetDefinition>>,
    /// Templates by path (`None`: could not be read; reported once).
    pub templates: HashMap<PathBuf, Option<ObjectFields>>,
}
