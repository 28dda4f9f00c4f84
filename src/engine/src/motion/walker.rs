//! Walkers: bodies that patrol a compiled surface and keep the tables of the chain they
//! stand on at hand, so that their step is a table read with nothing to check, and that see
//! the surface's end coming.

use super::on_surface::{find_footing, ledge_on_chain};
use super::step::speed_in_limit;
use super::{move_on_route, Ground, Mover};
use crate::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use crate::map::Map;
use crate::surface::{EndKind, Surfaces};
use crate::units::{px_of_sub, sub_frac, sub_of_px, SUBPX_MASK};
use crate::SubPx;

/// The tables of the chain a walker stands on (the chain its body's
/// [`crate::body::Footing`] names), read once when its footing was found: the `y`s of the
/// chain's positions, its first position's `x`, what the steps beyond its ends do, and the
/// positions between which a walk sees no end within the walker's look-ahead. Derived from
/// the footing and the surfaces `surfaces` alone; where on the chain the walker stands is
/// its body's `x`.
#[derive(Clone, Copy, Debug)]
struct ChainTables<'m> {
    surfaces: &'m Surfaces<'m>,
    ys: &'m [i16],
    x0: i16,
    ends: u16,
    /// A walk to the left that ends at an `x` from `free_lo` on (pixel-space) sees no end of
    /// the chain within the look-ahead.
    free_lo: i16,
    /// A walk to the right that ends at an `x` up to `free_hi` (pixel-space) sees no end of
    /// the chain within the look-ahead.
    free_hi: i16,
}

impl ChainTables<'_> {
    /// The walker's short route, for a walker whose body (`body`, standing at a position of
    /// this chain, as the walker knows) walks with velocity `vx`, `vy` (raw sub-pixels; they
    /// become the body's) on `surfaces`, looking `look_ahead` pixels ahead: walking (not
    /// moving up) within the speed limit and staying on the chain, the position `n` pixels
    /// on is read, and the look-ahead is a compare with the free positions (from the chain's
    /// end only past them). Exactly the full move's result (see
    /// [`super::on_surface::walk_on_surface`], of which this is the case its walker knows to
    /// hold). Returns the move's flags, or `None` having changed nothing.
    ///
    /// `WHOLE_PX`: the caller knows `vx` is a whole number of pixels within the speed limit.
    #[inline(always)]
    fn step<const WHOLE_PX: bool>(&self, surfaces: &Surfaces, body: &mut Body, vx: i16, vy: i16, look_ahead: &i16) -> Option<Flags> {
        if !core::ptr::eq(self.surfaces, surfaces) || vy < 0 || !(WHOLE_PX || speed_in_limit(vx)) {
            return None;
        }
        let xr = body.x.to_bits();
        // Within the speed limit, no overflow on the chain; a sum that wraps lands off it.
        let nxr = xr.wrapping_add(vx);
        let nx = px_of_sub(nxr);
        let j = nx.wrapping_sub(self.x0) as u16;
        let mut flags = Flags::ON_GROUND;
        let past_free = (vx > 0 && nx > self.free_hi) || (vx < 0 && nx < self.free_lo);
        if past_free && ledge_past_free(self.ys.len() as u16, self.ends, j, vx > 0, look_ahead)? {
            flags.insert(Flags::LEDGE_AHEAD);
        }
        let y = *self.ys.get(j as usize)?;
        // The engine wrote `y` (on a whole pixel): a whole pixel of downward speed lands.
        if vy > SUBPX_MASK {
            flags.insert(Flags::LANDED);
        }
        body.x = SubPx::from_bits(nxr);
        body.vx = SubPx::from_bits(vx);
        body.vy = SubPx::ZERO;
        body.flags = flags;
        body.y = SubPx::from_bits(sub_of_px(y));
        Some(flags)
    }
}

/// A body that patrols: moved by [`move_walkers`], it keeps the tables of the chain of its
/// size's compiled surface (see [`crate::surface`]) that its body's footing names, so its
/// next walk there is a table read with nothing to check, and each move tells it whether a
/// ledge lies ahead.
///
/// Its body can only be changed through [`Walker::body_mut`] (which forgets the chain: the
/// next move finds it again) and [`Walker::set_velocity`]; every move equals
/// [`super::move_bodies`]' move of the same body, exactly. 38 bytes.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: a floor (y 32..48) under the left half only: a ledge at x 32
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::{Body, Flags};
/// use megacollide_engine::motion::{move_walkers, Walker};
/// use megacollide_engine::SubPx;
/// let mut w = [Walker::new(Body::new(8, 24, 8, 8), 8)];
/// w[0].set_velocity(SubPx::from_num(1), SubPx::from_num(1));
/// let mut turned_at = None;
/// for frame in 0..30 {
///     move_walkers(&map, &[], &mut w);
///     if turned_at.is_none() && w[0].body().flags.contains(Flags::LEDGE_AHEAD) {
///         turned_at = Some(w[0].body().px());
///     }
/// }
/// // At x 24 (box 24..32), 8 pixels on the whole body would be past the floor's end at 32.
/// assert_eq!(turned_at, Some(24));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Walker<'m> {
    body: Body,
    /// The tables of the chain it stands on, while it stands on one (see [`ChainTables`]).
    chain: Option<ChainTables<'m>>,
    /// How far ahead (pixels) its moves look for a ledge.
    look_ahead: i16,
}

impl<'m> Walker<'m> {
    /// A walker of `body` (not yet on a surface: its first move finds it) whose moves look
    /// `look_ahead` pixels ahead for a ledge (see [`move_walkers`]).
    ///
    /// ```
    /// use megacollide_engine::{body::Body, motion::Walker};
    /// let w = Walker::new(Body::new(0, 0, 16, 16), 16); // looks one body width ahead
    /// assert!(!w.on_surface(), "its first move finds its surface");
    /// ```
    pub const fn new(body: Body, look_ahead: i16) -> Walker<'m> {
        Walker { body, chain: None, look_ahead }
    }

    /// How far ahead (pixels) its moves look for a ledge.
    ///
    /// ```
    /// use megacollide_engine::{body::Body, motion::Walker};
    /// assert_eq!(Walker::new(Body::new(0, 0, 16, 16), 12).look_ahead(), 12);
    /// ```
    pub const fn look_ahead(&self) -> i16 {
        self.look_ahead
    }

    /// Its body.
    ///
    /// ```
    /// use megacollide_engine::{body::Body, motion::Walker};
    /// let w = Walker::new(Body::new(40, 8, 16, 16), 16);
    /// assert_eq!(w.body().px(), 40);
    /// ```
    #[inline(always)]
    pub const fn body(&self) -> &Body {
        &self.body
    }

    /// Its body, to change (the walker forgets where it stood: the next move finds it).
    ///
    /// ```
    /// use megacollide_engine::{body::Body, motion::Walker, SubPx};
    /// let mut w = Walker::new(Body::new(40, 8, 16, 16), 16);
    /// w.body_mut().x = SubPx::from_num(80); // teleported: the next move finds its surface again
    /// assert_eq!(w.rect().x, 80);
    /// ```
    #[inline]
    pub fn body_mut(&mut self) -> &mut Body {
        self.chain = None;
        &mut self.body
    }

    /// Its body, for a route of its move (which keeps the tables of its chain right).
    #[inline(always)]
    pub(crate) fn body_on_route(&mut self) -> &mut Body {
        &mut self.body
    }

    /// Sets the velocity of its body (sub-pixels per frame), for the next move.
    ///
    /// ```
    /// use megacollide_engine::{body::Body, motion::Walker, SubPx};
    /// let mut w = Walker::new(Body::new(0, 0, 16, 16), 16);
    /// w.set_velocity(SubPx::from_num(-1), SubPx::ZERO); // turn around
    /// assert_eq!(w.body().vx, SubPx::from_num(-1));
    /// ```
    #[inline(always)]
    pub fn set_velocity(&mut self, vx: SubPx, vy: SubPx) {
        self.body.vx = vx;
        self.body.vy = vy;
    }

    /// Its body's pixel-space box.
    ///
    /// ```
    /// use megacollide_engine::{body::{Body, Rect}, motion::Walker};
    /// assert_eq!(Walker::new(Body::new(1, 2, 3, 4), 3).rect(), Rect::new(1, 2, 3, 4));
    /// ```
    #[inline(always)]
    pub const fn rect(&self) -> Rect {
        self.body.rect()
    }

    /// Puts it standing where it is, if that is a position of the walkable surfaces compiled
    /// for its size (a free box with a floor pixel under it, `y` on a whole pixel; no tile
    /// changed): `ON_GROUND`, and where it stands kept. Placed on the ground (a level's
    /// start), its first move is then a walk read from the tables, not a landing by the full
    /// rules and a search for its surface. Returns whether it stands.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Body, motion::Walker};
    /// let mut w = Walker::new(Body::new(8, 24, 8, 8), 8); // its feet on the floor at y 32
    /// // A map without compiled surfaces (romtool compiles them with each level): no change.
    /// assert!(!w.stand(&map) && !w.body().on_ground());
    /// ```
    pub fn stand(&mut self, map: &Map<'m>) -> bool {
        if sub_frac(self.body.y.to_bits()) != 0 || map.changes().count() != 0 {
            return false;
        }
        // A position of a chain is a free box with a floor pixel under it: standing.
        let Some(f) = find_footing(map, &self.body) else {
            return false;
        };
        self.body.flags = Flags::ON_GROUND;
        self.body.riding = NO_BOX;
        self.body.footing = f.footing;
        self.find_chain(map);
        true
    }

    /// Whether it stands where its last move left it on a compiled surface.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Body, motion::Walker, SubPx};
    /// let mut w = Walker::new(Body::new(8, 24, 8, 8), 8);
    /// w.set_velocity(SubPx::from_num(1), SubPx::from_num(1));
    /// w.step(&map, &[]);
    /// // A map without compiled surfaces (romtool compiles them with each level): no surface.
    /// assert!(!w.on_surface() && w.body().on_ground());
    /// ```
    pub const fn on_surface(&self) -> bool {
        self.chain.is_some()
    }

    /// After a move by another route than its short one: the tables of the chain it stands
    /// on now, if it stands on a compiled surface of its size (on the map, not on a box);
    /// its body's footing is written.
    fn find_chain(&mut self, map: &Map<'m>) {
        self.chain = None;
        let b = &self.body;
        if b.flags.0 & (Flags::ON_GROUND.0 | Flags::ON_BOX.0) != Flags::ON_GROUND.0 || b.riding != NO_BOX {
            return;
        }
        // The engine wrote `y` on a whole pixel when it stood (so the short route may assume it).
        if sub_frac(b.y.to_bits()) != 0 {
            return;
        }
        if let Some(f) = find_footing(map, b) {
            let (x0, last, d) = (f.chain.x0(), f.ys.len() as i16 - 1, self.look_ahead);
            let ends = f.chain.end_bits();
            let free_hi = if EndKind::of(ends, true) == EndKind::Wall { last } else { last - d };
            let free_lo = if EndKind::of(ends, false) == EndKind::Wall { 0 } else { d };
            self.body.footing = f.footing;
            self.chain = Some(ChainTables { surfaces: map.surfaces(), ys: f.ys, x0, ends, free_lo: x0 + free_lo, free_hi: x0 + free_hi });
        }
    }
}

/// The look-ahead of a walk that ends at position `j` of a chain of `len` positions whose
/// ends are `ends`, past its free positions, to the right (`right`) or left, `d` pixels
/// ahead: from the chain's end ([`ledge_on_chain`]); `None` when `j` is off the chain or
/// the end is not described.
#[inline(never)]
fn ledge_past_free(len: u16, ends: u16, j: u16, right: bool, d: &i16) -> Option<bool> {
    if j >= len {
        return None;
    }
    ledge_on_chain(len, ends, j, right, *d)
}

/// Moves every walker by one frame of its velocity through `map` and `solids`, exactly as
/// [`super::move_bodies`] moves their bodies, and tells each whether a ledge lies ahead: after
/// the move, [`Flags::LEDGE_AHEAD`] is set when the body stands on the ground (`ON_GROUND`),
/// moves (`vx` != 0), and a grounded walk of its [`Walker::look_ahead`] more pixels in the
/// direction of `vx` through the map (solid boxes not counted) would leave the ground: a step finds no
/// floor within [`crate::SNAP_DOWN_PX`] under the box before a wall stops it. A patrol turns
/// from its own move, with no map query of its own. [`Walker::step`] is the same for one
/// walker, for a game's own loop over its enemies.
///
/// A walker `w` pixels wide with a look-ahead of `w` turns where the first pixel column
/// beyond its box has no floor within the snap distance, on flat ground.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::{body::Body, motion::{move_walkers, Walker}, SubPx};
/// let mut crowd = [Walker::new(Body::new(0, 24, 8, 8), 8), Walker::new(Body::new(40, 24, 8, 8), 8)];
/// for w in &mut crowd {
///     w.set_velocity(SubPx::from_num(1), SubPx::from_num(1));
/// }
/// move_walkers(&map, &[], &mut crowd); // one call for the whole crowd
/// assert_eq!((crowd[0].body().px(), crowd[1].body().px()), (1, 41));
/// ```
pub fn move_walkers<'m>(map: &Map<'m>, solids: &[SolidBox], walkers: &mut [Walker<'m>]) {
    let ground = Ground::new(map, solids);
    for w in walkers.iter_mut() {
        w.step_on(&ground);
    }
}

impl<'m> Walker<'m> {
    /// [`move_walkers`] for this walker alone: its move by one frame of its velocity, and
    /// whether a ledge lies within its look-ahead. A game's loop over its enemies makes one
    /// [`Ground`] per frame and calls [`Walker::step_on`].
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Body, motion::Walker, SubPx};
    /// let mut w = Walker::new(Body::new(8, 24, 8, 8), 8);
    /// w.set_velocity(SubPx::from_num(2), SubPx::from_num(1));
    /// w.step(&map, &[]);
    /// assert_eq!(w.body().px(), 10);
    /// ```
    #[inline]
    pub fn step(&mut self, map: &Map<'m>, solids: &[SolidBox]) {
        self.step_on(&Ground::new(map, solids));
    }

    /// [`Walker::step`] through a [`Ground`] made once for the frame: standing on its surface
    /// with no box near and no tile changed, a few table reads in the caller's loop; anything
    /// else is a call.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Body, motion::{Ground, Walker}, SubPx};
    /// let mut w = Walker::new(Body::new(8, 24, 8, 8), 8);
    /// w.set_velocity(SubPx::from_num(-1), SubPx::from_num(1));
    /// w.step_on(&Ground::new(&map, &[]));
    /// assert_eq!(w.body().px(), 7);
    /// ```
    #[inline(always)]
    pub fn step_on(&mut self, ground: &Ground<'_, 'm>) {
        move_on_route(ground, self);
    }

    /// After a move by another route than its short one: the tables of the chain it stands
    /// on now.
    #[inline(always)]
    pub(crate) fn after_other_route(&mut self, map: &Map<'m>) {
        self.find_chain(map);
    }

    /// Its short route with velocity `vx`, `vy` ([`ChainTables::step`]; `WHOLE_PX`: `vx` is
    /// a whole number of pixels within the speed limit).
    #[inline(always)]
    pub(crate) fn short_route<const WHOLE_PX: bool>(&mut self, surfaces: &Surfaces, vx: i16, vy: i16) -> Option<Flags> {
        self.chain.as_ref()?.step::<WHOLE_PX>(surfaces, &mut self.body, vx, vy, &self.look_ahead)
    }
}

impl<'m> Mover<'m> for Walker<'m> {
    const LOOK: bool = true;
    const PLAIN: bool = false;
    #[inline(always)]
    fn body(&mut self) -> &mut Body {
        &mut self.body
    }
    #[inline(always)]
    fn look_ahead(&self) -> i16 {
        self.look_ahead
    }
    /// The walk read from the tables of the chain it stands on ([`ChainTables::step`]).
    #[inline(always)]
    fn short(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags> {
        let (vx, vy) = (self.body.vx.to_bits(), self.body.vy.to_bits());
        self.short_route::<false>(surfaces, vx, vy)
    }
    #[inline(always)]
    fn prepare(&mut self) {}
    #[inline(always)]
    fn after(&mut self, map: &Map<'m>) {
        self.after_other_route(map);
    }
}
