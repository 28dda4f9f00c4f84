//! Tiled maps: `.tmj` / `.json` (JSON) and `.tmx` (XML).
//!
//! * The map must be orthogonal with 16x16 tiles. Finite maps keep their size; infinite maps
//!   (chunked layers) become a finite map around the collision tiles and objects used, and
//!   the bounds are reported as a note.
//! * Collision data: the tile layer named `collision` (any case), else the only tile layer.
//!   If some tileset gives its tiles a `collision` property (see below) and there is no
//!   `collision` layer, every tile layer counts: per cell, the topmost non-blank collision id.
//! * Layer data: TMJ arrays or TMX CSV / `<tile gid>` elements; base64 with no compression,
//!   `zlib`, `gzip` or `zstd` in both formats. Decompression stops at the size the layer can
//!   have (width x height x 4 bytes); a zstd window is at most [`MAX_ZSTD_WINDOW`].
//! * A flipped / rotated tile (gid bits 29..31) is the flipped shape (see [`crate::flip`]):
//!   the built-in shape with exactly those pixels, or a height tile made from the flipped
//!   picture; no equivalent (or bit 28, hexagonal rotation) is an error. Gid 0 is blank.
//! * Tile ids, per tileset the gid belongs to:
//!   - a tileset whose tiles have a `collision` property (int id, shape name, or `height`;
//!     or a bool `collides`): that property is the engine id, tiles without one are blank;
//!     `height` makes the tile's picture a height tile (opaque pixels solid);
//!   - any other tileset ("collision tileset"): id = gid - firstgid; if it has an image,
//!     its tiles `32..` are the level's height tiles (see [`crate::height_tiles`]). The collision
//!     layer may use one such tileset.
//! * A collision layer that is really an art layer (ids that are no engine ids, or more
//!   height tiles than the ROM has VRAM for) is diagnosed as such, with the fixes named.
//! * Objects of every object layer become entities (pixel coordinates, rounded; layer offsets
//!   applied; templates `.tx` / `.tj` merged): the object of class (or type, or name) `spawn`
//!   is the spawn point; others keep their class (or type, or name), which must be one of
//!   [`crate::kinds`] (else an error at the object's line; an object with no class or type
//!   whose name is no kind is decoration, skipped with a warning), name, rectangle,
//!   polyline / polygon points (absolute) and custom properties.
//!
//! Every attribute romtool uses is validated: a value of the wrong kind (`gid="super"`,
//! `x="abc"`, a bool property `yes`) is an error with its line and column, never a default.
//!
//! The reader in files, in layers (each uses only those before it; `tests/layering.rs` checks
//! it): [`source`] (places and errors), [`values`] (attribute
//! values of either format), [`map`] (the format-neutral map), [`properties`], [`layer_data`],
//! [`objects`], [`collision`], [`templates`], [`tilesets`], [`art_layers`], [`assemble`] (a
//! [`map::MapDeclaration`] into a level), then the two front ends [`tmj`] and [`tmx`].

// In layers, each using only those before it.
mod source;
mod values;
mod map;
mod properties;
mod layer_data;
mod objects;
mod collision;
mod templates;
mod tilesets;
mod art_layers;
mod assemble;
mod tmj;
mod tmx;

pub use tmj::{json_kind, parse_tmj, JsonKind};
pub use tmx::parse_tmx;
