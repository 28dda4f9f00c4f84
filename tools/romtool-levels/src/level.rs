//! The level model: what the readers produce ([`LevelSource`], one per level file) and what
//! validation hands to code generation ([`Level`]), with their objects ([`Entity`]).

use crate::art;
use crate::kinds::FieldValue;
use crate::property_value::PropValue;
use romtool_common::diag::{Diag, Loc};
use std::path::PathBuf;

/// A 2-D pixel-space point (map pixels, x right, y down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// x in pixels.
    pub x: i32,
    /// y in pixels.
    pub y: i32,
}

/// An object of a Tiled object layer (spawn point, enemy, moving platform, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    /// Tiled object id.
    pub id: u64,
    /// Its class (or type, or name): a kind of the game's Tiled project (`enemy`, `coin`, ...),
    /// or `spawn`, the spawn point.
    pub kind: String,
    /// Its name (may be empty).
    pub name: String,
    /// Top-left corner (rectangles) or the point itself, in map pixels.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Width in pixels (0 for points and polylines).
    pub w: i32,
    /// Height in pixels (0 for points and polylines).
    pub h: i32,
    /// Polyline / polygon points in absolute map pixels (empty otherwise).
    pub path: Vec<Point>,
    /// Custom properties as written (the template's merged in), sorted by name.
    pub props: Vec<(String, PropValue)>,
    /// The kind's members in the project's order, typed: the object's properties, the
    /// project's defaults for the others (empty for the spawn point).
    pub fields: Vec<FieldValue>,
    /// The kind's colour in the Tiled project (RGB): its outline on previews.
    pub colour: [u8; 3],
}

/// The source format a level was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 16Tile C export (`.h`, `.c`, `.txt`).
    SixteenTile,
    /// Tiled JSON (`.tmj`, `.json`).
    Tmj,
    /// Tiled XML (`.tmx`).
    Tmx,
}

/// A parsed level before validation. Ids are the map's tile ids (Tiled gids already reduced).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelSource {
    /// The file it came from.
    pub path: PathBuf,
    /// The format.
    pub format: Format,
    /// Level name: the file stem (`e1m1`).
    pub name: String,
    /// Width in tiles (as declared; validated later).
    pub width: i64,
    /// Height in tiles (as declared; validated later).
    pub height: i64,
    /// Row-major tile ids; `locs[i]` tells where `tiles[i]` was written.
    pub tiles: Vec<i64>,
    /// Source location of each tile (same length as `tiles`).
    pub locs: Vec<Loc>,
    /// Height tiles, ids `32 + i`: 16 row bitmasks each (bit `px` of `rows[py]`).
    pub height_tiles: Vec<[u16; 16]>,
    /// Where the height tiles came from (a tileset PNG), if any.
    pub tileset: Option<PathBuf>,
    /// Objects of the Tiled object layers, sorted by id; the spawn point is the object of
    /// class `spawn`.
    pub entities: Vec<Entity>,
    /// Where the width was declared (size errors point there).
    pub width_loc: Loc,
    /// Where the height was declared.
    pub height_loc: Loc,
    /// Things worth telling the user that are not errors (an infinite map's bounds, an id map
    /// used).
    pub notes: Vec<String>,
    /// Things that were skipped and may be mistakes (objects without a class or type), each
    /// with its place; the level still compiles. The last one may count the ones not kept.
    pub warnings: Vec<Diag>,
    /// The map's art layers as VDP data (Tiled maps with art layers; see [`art`]).
    pub art: Option<art::LevelArt>,
}

/// A validated level, ready for code generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The file it came from.
    pub path: PathBuf,
    /// Level name: the file stem (`e1m1`).
    pub name: String,
    /// Rust identifier prefix (`E1M1`).
    pub ident: String,
    /// Width in tiles.
    pub width: u16,
    /// Height in tiles.
    pub height: u16,
    /// Row-major tile ids, `width * height`.
    pub tiles: Vec<u16>,
    /// Height tiles (ids `32 + i`), 16 row bitmasks each.
    pub height_tiles: Vec<[u16; 16]>,
    /// The spawn point (top-left of the `spawn` object), if the level has one.
    pub spawn: Option<Point>,
    /// Every other object, sorted by id.
    pub entities: Vec<Entity>,
    /// Notes from reading the level (see [`LevelSource::notes`]).
    pub notes: Vec<String>,
    /// Warnings from reading the level (see [`LevelSource::warnings`]).
    pub warnings: Vec<Diag>,
    /// The level's art (see [`art`]), if its map has art layers.
    pub art: Option<art::LevelArt>,
}

impl Level {
    /// Tile id at `(tx, ty)`.
    pub fn tile(&self, tx: usize, ty: usize) -> u16 {
        self.tiles[ty * self.width as usize + tx]
    }
}
