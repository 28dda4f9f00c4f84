//! Moving a [`Body`] through a [`Map`] and a set of [`SolidBox`]es.
//!
//! One call of [`move_bodies`] (or [`move_body`] for one body) is one frame:
//!
//! 1. **Carry**: if the body stood on a solid box last frame, it is first
//!    moved by that box's `dx`, `dy` (blocked by walls like any move).
//! 2. **X axis**: the sub-pixel position advances by `vx`; the pixel part is
//!    walked one pixel at a time (so nothing is skipped at any speed up to
//!    127 px/frame: no tunnelling). Each pixel step tests only the column of
//!    pixels the leading edge enters: one AND per 16x16 tile it crosses, so a
//!    tall body is checked at every tile along its edge.
//!    * A body that was **on the ground** and is not moving up *climbs*: if
//!      the column is blocked but the box fits when raised by up to
//!      [`STEP_HEIGHT_PX`] pixels, it steps up (slopes, half-block steps).
//!      After each free step it *snaps down* by up to [`SNAP_DOWN_PX`]
//!      pixels if the floor fell away, so it walks down slopes without
//!      hopping; a larger drop is a ledge and the body starts falling.
//!    * Otherwise it stops flush against the first solid pixel, `vx` becomes
//!      0, the sub-pixel fraction is cleared and `HIT_LEFT`/`HIT_RIGHT` is set.
//! 3. **Y axis**: the same, pixel by pixel, testing the row the edge enters.
//!    Moving down, the top row of a one-way platform (id 19) also blocks.
//!    Stopping down sets `LANDED`, stopping up sets `HIT_CEILING`; `vy` = 0.
//! 4. **Flags**: `ON_GROUND` is set exactly when a floor pixel (solid pixel,
//!    one-way top row or solid box) lies in the row directly under the box;
//!    then a downward `vy` is zeroed and the y fraction cleared (standing
//!    still never slides or jitters). `FELL_OUT` is set when the box is
//!    entirely below the map and the bottom edge is open.
//!
//! Invariant: a body that starts a move overlapping no solid pixel ends it
//! overlapping no solid pixel. Solid boxes that a body already overlaps
//! (e.g. a door closed onto it) are ignored for that body this frame so it
//! can walk out; at most [`MAX_SOLIDS`] boxes are considered.
//!
//! ## How a move is computed: five paths, one result
//!
//! The rules above are stated pixel by pixel (and `tests/oracle` keeps that per-pixel model
//! as the test oracle). Each body's move takes one of these paths, chosen once per body in
//! [`move_bodies`]' loop (and [`move_walkers`]'):
//!
//! * **On a surface** (`on_surface.rs`): a grounded body (`ON_GROUND`, not moving up) that no
//!   solid box can reach and that stands at a position of the walkable surface compiled
//!   for its size ([`crate::surface`]): its walk is a table read, whatever the slope, the
//!   speed or the body's size.
//! * **Across chains** (`across_chains.rs`): the same body when its walk goes past its
//!   chain's end: the walk follows the chains (an open end's step lands on the chain the
//!   tables name, a wall end stops it, a ledge end is the step off it and one sweep), then
//!   the Y axis is the full move's. A walk of any length costs a few reads per chain.
//! * **In the air** (`in_air.rs`): a body in flight that no box can reach, whose box before
//!   and after the move (and the row under it) stays inside the blank rectangle compiled
//!   for the tile it is in: it moves by its velocity.
//! * **The full move** (`full.rs`, a fast walk read per tile column in `tile_walk.rs`):
//!   everything else that no box can reach (a flight out of its rectangle, a landing, a
//!   jump's take-off, bodies of sizes without a compiled surface, maps without tables,
//!   changed tiles), computed from the map per tile. It is the reference: the table paths
//!   give exactly its result, and the property tests compare all of them with the
//!   per-pixel oracle.
//! * **The full move with boxes** (`full.rs`): a body that rides a solid box or that one
//!   can reach this frame.
//!
//! [`move_bodies`] moves a whole slice of bodies in one call: the solid boxes' bound is
//! worked out once per frame (`reach.rs`), and a body that rides no box and that no box can
//! reach this frame moves through the map alone. [`move_walkers`] is the same call for
//! patrolling enemies: each result also says whether a ledge lies ahead, and each
//! [`Walker`] keeps where it stands on its surface; [`crate::patrol`] builds the classic
//! walking enemy on it.

mod across_chains;
mod full;
mod in_air;
mod look_ahead;
mod on_surface;
#[cfg(feature = "path-stats")]
pub mod path_stats;
mod reach;
mod step;
mod tile_walk;
mod walker;

use crate::body::{Body, Flags, SolidBox};
use crate::map::Map;
#[cfg(doc)]
use crate::{SNAP_DOWN_PX, STEP_HEIGHT_PX};
use across_chains::full_move_across_chains;
use full::{full_move_per_tile, full_move_through_map, full_move_with_boxes, walks_fast};
use in_air::fly_through_air;
use look_ahead::mark_ledge;
use on_surface::{find_footing, footing_by_hint, walk_on_surface};
use reach::{boxes_out_of_reach, BoxesBound};

pub use full::ground_under;
pub use reach::move_reach;
pub use walker::{move_walkers, Walker};

/// Largest number of solid boxes one move considers (extra ones are ignored).
pub const MAX_SOLIDS: usize = 16;

/// The boxes a move considers: the first [`MAX_SOLIDS`].
#[inline(always)]
fn usable_solids(solids: &[SolidBox]) -> &[SolidBox] {
    if solids.len() > MAX_SOLIDS {
        &solids[..MAX_SOLIDS]
    } else {
        solids
    }
}

/// Moves every body of `bodies` by one frame of its velocity through `map`
/// and `solids` (see the module docs for the exact rules). The boxes' reach
/// is worked out once for the frame: a body that rides no box and that no box
/// can reach this frame moves through the map alone. `solids[i]` must be the
/// same box from frame to frame for riding to work.
pub fn move_bodies(map: &Map, solids: &[SolidBox], bodies: &mut [Body]) {
    let solids = usable_solids(solids);
    if solids.is_empty() {
        if map.changes().count() == 0 {
            // The usual frame: a body walking where its last move left it on its surface
            // is a handful of table reads; anything else is a call.
            let surfaces = map.surfaces();
            for body in bodies.iter_mut() {
                if walk_by_hint(surfaces, body) {
                    count(Path::OnSurface);
                } else {
                    move_alone::<false>(map, body, 0);
                }
            }
            return;
        }
        for body in bodies.iter_mut() {
            move_alone::<false>(map, body, 0);
        }
        return;
    }
    let bound = BoxesBound::of(solids);
    for body in bodies.iter_mut() {
        if bound.may_reach(body) && !boxes_out_of_reach(solids, body) {
            count(Path::FullWithBoxes);
            full_move_with_boxes(map, solids, body);
        } else {
            move_alone::<false>(map, body, 0);
        }
    }
}

/// Moves one body by one frame: [`move_bodies`] for a single body.
#[inline]
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    move_bodies(map, solids, core::slice::from_mut(body));
}

/// The walk of a body standing where its [`crate::body::SurfaceHint`] says, when nothing
/// changed and no box is near: [`walk_on_surface`]'s short path.
#[inline(never)]
fn walk_by_hint(surfaces: &crate::surface::Surfaces, body: &mut Body) -> bool {
    walks(body)
        && match footing_by_hint(surfaces, body) {
            Some(f) => walk_on_surface::<false, false>(f, &crate::map::TileChanges::NONE, body, 0),
            None => false,
        }
}

/// Whether the body's move is a grounded walk (`ON_GROUND`, not moving up); else it is a
/// flight.
#[inline(always)]
fn walks(body: &Body) -> bool {
    body.flags.contains(Flags::ON_GROUND) && body.vy.to_bits() >= 0
}

/// The move of a body that no solid box can reach: on its surface or through the air when
/// the tables cover it, else the full move through the map.
#[inline(never)]
fn move_alone<const LOOK: bool>(map: &Map, body: &mut Body, look_ahead: i16) {
    // (Bodies of move_walkers: LOOK, and their look-ahead.)
    let mut across = None;
    if walks(body) {
        if let Some(f) = find_footing(map, body) {
            if walk_on_surface::<LOOK, true>(f, map.changes(), body, look_ahead) {
                count(Path::OnSurface);
                return;
            }
            if !walk_may_read_changes(map, body) {
                across = Some(f);
            }
        }
    } else if fly_through_air(map, body) {
        count(Path::InAir);
        return;
    }
    if let Some(f) = across {
        count(Path::AcrossChains);
        full_move_across_chains(map, body, f);
    } else {
        count(Path::Full);
        full_move_alone(map, body);
    }
    if LOOK {
        mark_ledge(map, body, look_ahead);
    }
    // Standing on the map again (a landing, a walk off a surface's end): where, for the
    // next move's hint.
    if body.flags.0 & (Flags::ON_GROUND.0 | Flags::ON_BOX.0) == Flags::ON_GROUND.0 {
        if let Some(f) = find_footing(map, body) {
            body.hint = f.hint();
        }
    }
}

/// Whether a grounded walk of `body` this frame may read a tile column the game changed
/// (then the chains do not describe it): every column its box can cover, one more each
/// side.
#[inline(always)]
fn walk_may_read_changes(map: &Map, body: &Body) -> bool {
    let changes = map.changes();
    if changes.count() == 0 {
        return false;
    }
    let x = body.px();
    let reach = crate::MAX_SPEED_PX + 1;
    changes.touch(x - reach - 1, x + body.w as i16 + reach)
}

/// The paths of [`move_bodies`] and [`move_walkers`], for [`path_stats`].
#[cfg_attr(not(feature = "path-stats"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    OnSurface,
    InAir,
    AcrossChains,
    Full,
    FullWithBoxes,
}

/// Counts a move's path (only with the `path-stats` feature; nothing otherwise).
#[inline(always)]
pub(crate) fn count(_path: Path) {
    #[cfg(feature = "path-stats")]
    path_stats::count(_path);
}

/// The full move of a body that no solid box can reach (out of line: the table paths of
/// the per-body loop pay for none of its set-up).
#[inline(never)]
fn full_move_alone(map: &Map, body: &mut Body) {
    if walks_fast(body) {
        full_move_per_tile(map, body);
    } else {
        full_move_through_map(map, body);
    }
}
