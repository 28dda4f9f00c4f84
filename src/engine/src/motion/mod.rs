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
//! ## How a move is computed: one choice of route, five routes, one result
//!
//! The rules above are stated pixel by pixel (and `tests/oracle` keeps that per-pixel model
//! as the test oracle). Each body's move takes one of these routes, chosen by one function
//! (`move_on_route`) for every entry point: [`move_bodies`] (and [`move_body`]),
//! [`Walker::step_on`] (and [`move_walkers`], [`Walker::step`]) and
//! [`crate::patrol::Patrol::step`]; each gives it what it moves (a body, a walker, a patrol:
//! its short route, its velocity, its look-ahead). The frame's [`Ground`] (made once per
//! call or per frame) holds what the choice needs: the boxes, and whether the frame is quiet
//! (no box given, no tile changed). [`move_bodies`] works the boxes' bound out once per call
//! (`reach.rs`): a body out of it moves on a ground without boxes. In this order:
//!
//! 1. **The short route on a surface**, tried once and only when no box can reach the
//!    body and no tile changed (in a quiet frame first, with no other test): a grounded
//!    body (`ON_GROUND`, not moving up) standing at a position of the walkable surface
//!    compiled for its size ([`crate::surface`]) whose walk stays on its chain: the
//!    position `n` pixels on is read. Where the body stands is its [`Footing`], kept in the
//!    body: [`move_bodies`] checks it against the tables (the game owns its bodies); a
//!    [`Walker`] owns its body and keeps its chain's tables at hand, so its check is one
//!    compare (`walker.rs`).
//! 2. **The full move with boxes** (`full.rs`): a body that rides a solid box or that one
//!    can reach this frame.
//! 3. Every other move is a body's alone through the map (`move_alone`):
//!    * **On a surface** (`on_surface.rs`): the walk of a grounded body standing on its
//!      surface, found by its footing or looked up in its tile column, that the short
//!      route did not take (a wall end reached, changed tiles away from it).
//!    * **Across chains** (`across_chains.rs`): the same body when its walk goes past its
//!      chain's end: the walk follows the chains (an open end's step lands on the chain the
//!      tables name, a wall end stops it, a ledge end is the step off it and one sweep),
//!      then the Y axis is the full move's. A walk of any length costs a few reads per
//!      chain.
//!    * **In the air** (`in_air.rs`): a body in flight whose box before and after the move
//!      (and the row under it) stays inside the blank rectangle compiled for the tile it is
//!      in: it moves by its velocity.
//!    * **The full move** (`full.rs`, a fast walk read per tile column in `tile_walk.rs`):
//!      everything else (a flight out of its rectangle, a landing, a jump's take-off,
//!      bodies of sizes without a compiled surface, maps without tables, changed tiles),
//!      computed from the map per tile, with its step and clamp helpers in `step.rs`. It is
//!      the reference: the table routes give exactly its result, and the property tests
//!      compare all of them with the per-pixel oracle.
//!
//!    A body left standing on the map by these routes has its footing written for its
//!    next move. A walker's move then sets [`Flags::LEDGE_AHEAD`] (`look_ahead.rs`: from
//!    its chain's end, or by the full move's steps) and finds its chain's tables again.
//!
//! [`move_bodies`] moves a whole slice of bodies in one call, [`move_walkers`] is the same
//! call for patrolling enemies: each result also says whether a ledge lies ahead;
//! [`crate::patrol`] builds the classic walking enemy on it.

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
use reach::{boxes_reach, BoxesBound};

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
/// the frame's moves: the map's compiled surfaces when no box is given and no tile changed
/// (the usual frame: the short route needs no other test).
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
            Ground { map, solids, quiet: Some(map.surfaces()) }
        } else {
            Ground { map, solids, quiet: None }
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
            move_on_route(&ground, body);
        }
        return;
    }
    // The boxes' bound once for the call: a body out of it moves on the ground without
    // boxes.
    let bound = BoxesBound::of(ground.solids);
    let alone = Ground { solids: &[], ..ground };
    for body in bodies.iter_mut() {
        move_on_route(if bound.may_reach(body) { &ground } else { &alone }, body);
    }
}

/// Moves one body by one frame: [`move_bodies`] for a single body (the route chosen in the
/// caller: without boxes, a call or two).
#[inline]
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    move_body_on(&Ground::new(map, solids), body);
}

/// The move of one body of [`move_bodies`] through `ground`: [`move_on_route`] for a plain
/// body.
#[inline(always)]
fn move_body_on(ground: &Ground, body: &mut Body) {
    move_on_route(ground, body);
}

/// What moves along a route ([`move_on_route`]): a body, and what its entry point adds to
/// the move (its short route, its velocity, a look-ahead, its own record after the move).
pub(crate) trait Mover<'m> {
    /// Whether the move looks ahead for a ledge ([`Mover::look_ahead`] pixels).
    const LOOK: bool;
    /// Whether [`Mover::prepare`] and [`Mover::after`] do nothing.
    const PLAIN: bool;
    /// Its body.
    fn body(&mut self) -> &mut Body;
    /// How far ahead (pixels) its move looks for a ledge (with [`Mover::LOOK`]).
    fn look_ahead(&self) -> i16;
    /// Its short route on a surface, given the map's compiled surfaces (tried when no box
    /// can reach it and no tile changed): the move's flags, or `None` having changed
    /// nothing.
    fn short(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags>;
    /// Before any other route: its body gets the move's velocity.
    fn prepare(&mut self);
    /// [`Mover::short`] once [`Mover::prepare`] gave its body the move's velocity.
    #[inline(always)]
    fn short_prepared(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags> {
        self.short(surfaces)
    }
    /// After any other route (the body moved, its footing written).
    fn after(&mut self, map: &Map<'m>);
}

impl<'m> Mover<'m> for Body {
    const LOOK: bool = false;
    const PLAIN: bool = true;
    #[inline(always)]
    fn body(&mut self) -> &mut Body {
        self
    }
    #[inline(always)]
    fn look_ahead(&self) -> i16 {
        0
    }
    /// The walk of a body standing where its footing says (checked): [`walk_by_footing`].
    #[inline(always)]
    fn short(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags> {
        walk_by_footing(surfaces, self).then_some(Flags::NONE)
    }
    #[inline(always)]
    fn prepare(&mut self) {}
    #[inline(always)]
    fn after(&mut self, _map: &Map<'m>) {}
}

/// The one choice of a move's route (see the module docs), for every entry point
/// ([`move_bodies`] and [`move_body`] for a [`Body`], [`Walker::step_on`] for a walker,
/// [`crate::patrol::Patrol::step`] for a patrol): the move of `m` by one frame through
/// `ground`. Its short route is tried once, when no box can reach it and no tile changed:
/// in a quiet frame (no box given, nothing changed) first, with nothing else to test; then
/// the full move with boxes, or the move alone through the map. Returns the flags of the
/// short route, or `None` when another route moved the body (its flags are the body's).
#[inline(always)]
pub(crate) fn move_on_route<'m, M: Mover<'m>>(ground: &Ground<'_, 'm>, m: &mut M) -> Option<Flags> {
    if let Some(surfaces) = ground.quiet {
        if let Some(flags) = m.short(surfaces) {
            count(Path::OnSurface);
            return Some(flags);
        }
        if M::PLAIN {
            move_alone::<false>(ground.map, m.body(), 0);
            return None;
        }
    }
    move_other(ground.map, ground.solids, ground.quiet.is_some(), m)
}

/// [`move_on_route`] past the quiet frame's short route, through the ground's map, boxes,
/// and whether the frame is `quiet` (out of line, the ground given by value: given by
/// reference instead, the crowd's steps cost 1.3 % more): with boxes given or tiles changed,
/// the full move with boxes when one can reach the body, else the short route when no tile
/// changed; then the move alone.
#[inline(never)]
fn move_other<'m, M: Mover<'m>>(map: &Map<'m>, solids: &[SolidBox], quiet: bool, m: &mut M) -> Option<Flags> {
    m.prepare();
    if !quiet {
        if boxes_reach(solids, m.body()) {
            count(Path::FullWithBoxes);
            full_move_with_boxes(map, solids, m.body());
            if M::LOOK {
                let d = m.look_ahead();
                mark_ledge(map, m.body(), d);
            }
            m.after(map);
            return None;
        }
        if map.changes().count() == 0 {
            if let Some(flags) = m.short_prepared(map.surfaces()) {
                count(Path::OnSurface);
                return Some(flags);
            }
        }
    }
    if M::LOOK {
        let d = m.look_ahead();
        move_alone::<true>(map, m.body(), d);
    } else {
        move_alone::<false>(map, m.body(), 0);
    }
    m.after(map);
    None
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
fn move_alone<const LOOK: bool>(map: &Map, body: &mut Body, look_ahead: i16) {
    // (Bodies of walkers: LOOK, and their look-ahead.)
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
