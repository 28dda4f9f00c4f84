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

#[cfg(doc)]
use crate::body::Footing;
use crate::body::{Body, Flags, SolidBox};
use crate::map::Map;
use crate::surface::Surfaces;
#[cfg(doc)]
use crate::{SNAP_DOWN_PX, STEP_HEIGHT_PX};
use across_chains::full_move_across_chains;
use full::{full_move_per_tile, full_move_through_map, full_move_with_boxes, walks_fast};
use in_air::fly_through_air;
use look_ahead::mark_ledge;
use on_surface::{find_footing, found_by_footing, walk_on_surface};
use reach::BoxesBound;

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

/// What the moves of one frame go through: a map, the solid boxes that may take part (the
/// first [`MAX_SOLIDS`]) and what the routes need to know of them, worked out once for all
/// the frame's moves: the bound of the boxes, and the map's compiled surfaces when no box is
/// given and no tile changed (the usual frame: the short route needs no other test).
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::{body::Body, motion::{Ground, Walker}, SubPx};
/// let ground = Ground::new(&map, &[]); // once per frame
/// let mut w = Walker::new(Body::new(8, 24, 8, 8), 8);
/// w.set_velocity(SubPx::from_num(1), SubPx::from_num(1));
/// w.step_on(&ground);
/// assert_eq!(w.body().px(), 9);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ground<'a, 'm> {
    map: &'a Map<'m>,
    solids: &'a [SolidBox],
    bound: BoxesBound,
    /// The map's compiled surfaces when no box is given and no tile changed.
    quiet: Option<&'m Surfaces<'m>>,
}

impl<'a, 'm> Ground<'a, 'm> {
    /// The ground of `map` with `solids` (the first [`MAX_SOLIDS`] are considered), as it is
    /// now (make a new one after changing a tile or moving a box).
    #[inline(always)]
    pub fn new(map: &'a Map<'m>, solids: &'a [SolidBox]) -> Ground<'a, 'm> {
        let solids = usable_solids(solids);
        if solids.is_empty() && map.changes().count() == 0 {
            Ground { map, solids, bound: BoxesBound::NONE, quiet: Some(map.surfaces()) }
        } else {
            Ground { map, solids, bound: BoxesBound::of(solids), quiet: None }
        }
    }

    /// Its map.
    #[inline(always)]
    pub const fn map(&self) -> &'a Map<'m> {
        self.map
    }
}

/// Moves every body of `bodies` by one frame of its velocity through `map`
/// and `solids` (see the module docs for the exact rules). The boxes' reach
/// is worked out once for the frame: a body that rides no box and that no box
/// can reach this frame moves through the map alone. `solids[i]` must be the
/// same box from frame to frame for riding to work.
pub fn move_bodies(map: &Map, solids: &[SolidBox], bodies: &mut [Body]) {
    let ground = Ground::new(map, solids);
    // The same route for every body; the loop is written twice so that the usual frame's
    // (no box, nothing changed) knows it.
    if ground.quiet.is_some() {
        for body in bodies.iter_mut() {
            move_body_on(&ground, body);
        }
    } else {
        for body in bodies.iter_mut() {
            move_body_on(&ground, body);
        }
    }
}

/// Moves one body by one frame: [`move_bodies`] for a single body (the route chosen in the
/// caller: without boxes, a call or two).
#[inline]
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    move_body_on(&Ground::new(map, solids), body);
}

/// The move of one body of [`move_bodies`] through `ground`: [`move_on_route`] with the
/// short route of a body whose footing is checked ([`walk_by_footing`]).
#[inline(always)]
fn move_body_on(ground: &Ground, body: &mut Body) {
    let short = |surfaces: &Surfaces, body: &mut Body| walk_by_footing(surfaces, body).then_some(Flags::NONE);
    move_on_route::<false, _>(ground, body, None, &0, short);
}

/// The one choice of a move's route (see the module docs), for every entry point
/// ([`move_bodies`], [`Walker::step_on`], [`crate::patrol::Patrol::step`]): the move of
/// `body` by one frame through `ground`, with velocity `velocity` (raw sub-pixels `vx`,
/// `vy`; they become the body's) or the body's own (`None`), looking `look_ahead` pixels
/// ahead for a ledge with `LOOK`.
///
/// `short` is the entry point's short route on a surface: the walk read from the surface
/// where the body stands, given the map's compiled surfaces; it returns the move's flags,
/// or `None` having changed nothing (then the routes below are taken). It is tried once,
/// when no box can reach the body and no tile changed: first, with nothing else to test,
/// when no box is given at all.
///
/// Returns the flags of the short route, or `None` when another route moved the body.
#[inline(always)]
pub(crate) fn move_on_route<'m, const LOOK: bool, S>(
    ground: &Ground<'_, 'm>,
    body: &mut Body,
    velocity: Option<(i16, i16)>,
    look_ahead: &i16,
    short: S,
) -> Option<Flags>
where
    S: FnOnce(&'m Surfaces<'m>, &mut Body) -> Option<Flags>,
{
    let map = ground.map;
    // The usual frame (no box, nothing changed) goes straight to the short route.
    let surfaces = match ground.quiet {
        Some(surfaces) => surfaces,
        None => {
            if let Some((vx, vy)) = velocity {
                set_velocity(body, vx, vy);
            }
            if !ground.solids.is_empty() && move_with_boxes::<LOOK>(ground, body, look_ahead) {
                return None;
            }
            if map.changes().count() != 0 {
                move_alone::<LOOK>(map, body, look_ahead);
                return None;
            }
            map.surfaces()
        }
    };
    if let Some(flags) = short(surfaces, body) {
        count(Path::OnSurface);
        return Some(flags);
    }
    if let Some((vx, vy)) = velocity {
        set_velocity(body, vx, vy);
    }
    move_alone::<LOOK>(map, body, look_ahead);
    None
}

/// The full move with boxes, when a box of `ground` takes part in the move of `body` (which
/// has its velocity); then (`LOOK`) whether a ledge lies `look_ahead` pixels ahead. Returns
/// whether it moved the body (out of line: the usual frame's loop pays for none of it).
#[inline(never)]
fn move_with_boxes<const LOOK: bool>(ground: &Ground, body: &mut Body, look_ahead: &i16) -> bool {
    if !ground.bound.reaches(ground.solids, body) {
        return false;
    }
    count(Path::FullWithBoxes);
    full_move_with_boxes(ground.map, ground.solids, body);
    if LOOK {
        mark_ledge(ground.map, body, *look_ahead);
    }
    true
}

/// Sets the velocity of `body` (raw sub-pixels).
#[inline(always)]
fn set_velocity(body: &mut Body, vx: i16, vy: i16) {
    body.vx = crate::SubPx::from_bits(vx);
    body.vy = crate::SubPx::from_bits(vy);
}

/// [`move_bodies`]' short route: the walk of a body standing where its [`Footing`] says
/// (checked), read from its chain: [`walk_on_surface`]'s short path.
#[inline(never)]
fn walk_by_footing(surfaces: &Surfaces, body: &mut Body) -> bool {
    walks(body)
        && match found_by_footing(surfaces, body) {
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
/// the tables cover it, across chains, else the full move through the map; then its
/// footing, when it stands on the map.
#[inline(never)]
fn move_alone<const LOOK: bool>(map: &Map, body: &mut Body, look_ahead: &i16) {
    // (Bodies of walkers: LOOK, and their look-ahead, read here: the caller's loop keeps no
    // register for it.)
    let look_ahead = *look_ahead;
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
    // Standing on the map again (a landing, a walk off a surface's end): its footing, for
    // the next move.
    if body.flags.0 & (Flags::ON_GROUND.0 | Flags::ON_BOX.0) == Flags::ON_GROUND.0 {
        if let Some(f) = find_footing(map, body) {
            body.footing = f.footing;
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
