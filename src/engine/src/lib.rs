//! # megacollide-engine
//!
//! A `no_std`, allocation-free, `unsafe`-free tile-map collision engine for
//! platform games on the Sega Mega Drive (Motorola 68000), also built and
//! tested on the host so a simulator can run the exact same code.
//!
//! ## Coordinate spaces and units
//!
//! * **pixel-space**: signed 16-bit pixels (`i16`), x to the right, y *down*.
//!   Pixel `(0, 0)` is the top-left pixel of tile `(0, 0)`.
//! * **tile-space**: `i16` tile coordinates; `tile = pixel >> 4` (arithmetic
//!   shift, so pixel -1 is in tile -1) and the pixel inside the tile is
//!   `pixel & 15` ([`units::tile_of_px`], [`units::px_in_tile`]).
//! * **sub-pixel**: [`SubPx`] = `fixed::types::I13F3`, 1/8 pixel resolution,
//!   range -4096 ..= +4095.875 pixels. Body positions and velocities use it.
//!
//! ## Modules (one job each)
//!
//! * [`shape`]: the pixel shape of every tile id (built-in 16Tile ids and
//!   per-map height tiles); also the drawing function for the level compiler.
//! * [`map`]: the tile map (ROM data), out-of-map edge policy, point and span
//!   queries.
//! * [`body`]: bodies, flags, rectangles and solid entity boxes.
//! * [`motion`]: moving a body through the map (axis separated, slopes,
//!   one-way platforms, solid boxes, no tunnelling).
//! * [`surface`]: walkable surfaces and open air compiled with the level, which
//!   most moves read instead of asking the map.
//! * [`units`]: sub-pixel, pixel and tile conversions.
//! * [`mask`]: bit-packed pixel-perfect sprite masks.
//! * [`bounce`]: bouncing bodies (gravity, a restitution on floors, ceilings and walls,
//!   rest): lost rings, balls, debris.
//! * [`projectile`]: boxes that fly in a straight line and stop at, or reflect from, the
//!   first solid pixel on their path.
//! * [`patrol`]: walkers that patrol, turning at walls and ledges (the
//!   simplest enemy).
//! * [`platformer`]: gravity, walking, jumping (coyote time, buffering),
//!   respawn: the per-frame [`platformer::Player`] controller.
//! * [`camera`]: a camera that centres on a body and clamps to the map.
//!
//! See `README.md` in the crate folder for the pixel semantics table and the
//! exact data a level compiler must emit.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "path-stats")]
extern crate std;

mod bits;
pub mod body;
pub mod bounce;
pub mod camera;
pub mod map;
pub mod mask;
pub mod motion;
pub mod patrol;
pub mod platformer;
pub mod projectile;
pub mod shape;
pub mod surface;
pub mod units;

/// Sub-pixel fixed-point type: 13 integer bits, 3 fraction bits (1/8 pixel).
///
/// Range -4096 ..= +4095.875 pixels, which covers maps of up to
/// [`MAX_MAP_WIDTH_TILES`] x [`MAX_MAP_HEIGHT_TILES`] tiles plus room around
/// them (negative coordinates above and left of the map, falling out below).
pub type SubPx = fixed::types::I13F3;

/// Number of fraction bits in [`SubPx`] (`raw >> SUBPX_SHIFT` = pixels).
pub const SUBPX_SHIFT: u32 = 3;

/// Tile size in pixels (tiles are square).
pub const TILE_SIZE: i16 = 16;

/// Shift converting pixel-space to tile-space (`tile = pixel >> TILE_SHIFT`).
pub const TILE_SHIFT: u32 = 4;

/// Largest map width in tiles (256 tiles = 4096 pixels).
pub const MAX_MAP_WIDTH_TILES: u16 = 256;

/// Largest map height in tiles (248 tiles = 3968 pixels). Smaller than the
/// width limit so that a body can fall completely below the map (and be
/// reported as fallen out) without leaving the [`SubPx`] range.
pub const MAX_MAP_HEIGHT_TILES: u16 = 248;

/// Largest body width and height in pixels.
pub const MAX_BODY_SIZE: u8 = 64;

/// Largest speed in pixels per frame on each axis; faster velocities are
/// clamped to this before moving.
pub const MAX_SPEED_PX: i16 = 127;

/// Smallest pixel coordinate (x or y) of a body's top-left corner. Positions
/// are clamped into `POS_MIN_PX ..= POS_END_PX - size`.
pub const POS_MIN_PX: i16 = -4096;

/// One past the largest pixel coordinate a body's box may cover (its right /
/// bottom edge is clamped to `POS_END_PX - 1`).
pub const POS_END_PX: i16 = 4096;

/// How many pixels a walking (grounded) body climbs in one pixel of
/// horizontal movement: steps and slopes up to this height are walked up.
/// 8 pixels = a half block (ids 16 / 15) is a low step.
pub const STEP_HEIGHT_PX: i16 = 8;

/// How many pixels a walking body is pulled down to stay on the ground
/// ("snap down") per pixel of horizontal movement when the ground falls
/// away under it (down slopes, half-block steps). A bigger drop is a ledge:
/// the body leaves the ground and falls.
pub const SNAP_DOWN_PX: i16 = 8;

pub use body::{Body, Flags, Rect, SolidBox};
pub use map::{Edge, Edges, Map, TileChanges};
pub use mask::Mask;
pub use surface::Surfaces;
