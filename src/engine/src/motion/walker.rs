//! Walkers: bodies that patrol a compiled surface and keep where they stand on it, so that
//! their step is a table read with nothing to check, and that see the surface's end coming.

use super::full::full_move_with_boxes;
use super::look_ahead::mark_ledge;
use super::on_surface::{find_footing, ledge_on_chain};
use super::reach::boxes_out_of_reach;
use super::step::speed_in_limit;
use super::{count, move_alone, usable_solids, Path};
use crate::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use crate::map::Map;
use crate::surface::{EndKind, Surfaces};
use crate::units::{px_of_sub, sub_frac, sub_of_px, SUBPX_MASK};
use crate::SubPx;

/// Where a walker stands on the compiled surfaces: the `y`s of its chain's positions, the
/// index of its position, what the steps beyond the chain's ends do, the positions between
/// which a walk sees no end within the walker's look-ahead, and the tables they come from.
#[derive(Clone, Copy, Debug)]
struct Standing<'m> {
    surfaces: &'m Surfaces<'m>,
    ys: &'m [i16],
    i: u16,
    ends: u16,
    /// A walk to the left that ends at a position from `free_lo` on sees no end of the
    /// chain within the look-ahead.
    free_lo: i16,
    /// A walk to the right that ends at a position up to `free_hi` sees no end of the chain
    /// within the look-ahead.
    free_hi: i16,
}

/// A body that patrols: moved by [`move_walkers`], it keeps where its last move left it on
/// its size's compiled surface (see [`crate::surface`]), so its next walk there is a table
/// read with nothing to check, and each move tells it whether a ledge lies ahead.
///
/// Its body can only be changed through [`Walker::body_mut`] (which forgets the surface:
/// the next move finds it again) and [`Walker::set_velocity`]; every move equals
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
    standing: Option<Standing<'m>>,
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
        Walker { body, standing: None, look_ahead }
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
        self.standing = None;
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
        self.body.hint = f.hint();
        self.find_standing(map);
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
        self.standing.is_some()
    }

    /// The short move, with velocity `vx`, `vy` (raw sub-pixels; they become the body's):
    /// standing on its surface, no box near, nothing changed, walking (not moving up) within
    /// the speed limit and staying on its chain: the position `n` pixels on is read, and the
    /// look-ahead is a compare with the free positions (from the chain's end only past them).
    /// Exactly the full move's result (see [`super::on_surface::walk_on_surface`], of which
    /// this is the case its walker knows to hold). Returns the move's flags, or `None` having
    /// changed nothing.
    ///
    /// `WHOLE_PX`: the caller knows `vx` is a whole number of pixels within the speed limit.
    #[inline(always)]
    pub(crate) fn step_on_surface<const WHOLE_PX: bool>(&mut self, surfaces: &Surfaces, vx: i16, vy: i16) -> Option<Flags> {
        let s = self.standing.as_mut()?;
        if !core::ptr::eq(s.surfaces, surfaces) || vy < 0 || !(WHOLE_PX || speed_in_limit(vx)) {
            return None;
        }
        let b = &mut self.body;
        let xr = b.x.to_bits();
        let n = if WHOLE_PX { px_of_sub(vx) } else { px_of_sub(sub_frac(xr) + vx) };
        let j = s.i.wrapping_add(n as u16);
        let mut flags = Flags::ON_GROUND;
        let past_free = (vx > 0 && j as i16 > s.free_hi) || (vx < 0 && (j as i16) < s.free_lo);
        if past_free && ledge_past_free(s, j, vx > 0, self.look_ahead)? {
            flags.insert(Flags::LEDGE_AHEAD);
        }
        let y = *s.ys.get(j as usize)?;
        // The engine wrote `y` (on a whole pixel): a whole pixel of downward speed lands.
        if vy > SUBPX_MASK {
            flags.insert(Flags::LANDED);
        }
        s.i = j;
        b.x = SubPx::from_bits(xr.wrapping_add(vx));
        b.vx = SubPx::from_bits(vx);
        b.vy = SubPx::ZERO;
        b.flags = flags;
        b.y = SubPx::from_bits(sub_of_px(y));
        Some(flags)
    }

    /// After any other move: where it stands now, if it stands on a compiled surface of its
    /// size (on the map, not on a box).
    #[inline(never)]
    fn find_standing(&mut self, map: &Map<'m>) {
        self.standing = None;
        let b = &self.body;
        if b.flags.0 & (Flags::ON_GROUND.0 | Flags::ON_BOX.0) != Flags::ON_GROUND.0 || b.riding != NO_BOX {
            return;
        }
        // The engine wrote `y` on a whole pixel when it stood (so the short move may assume it).
        if sub_frac(b.y.to_bits()) != 0 {
            return;
        }
        if let Some(f) = find_footing(map, b) {
            let (last, d) = (f.ys.len() as i16 - 1, self.look_ahead);
            let free_hi = if EndKind::of(f.chain.end_bits(), true) == EndKind::Wall { last } else { last - d };
            let free_lo = if EndKind::of(f.chain.end_bits(), false) == EndKind::Wall { 0 } else { d };
            self.standing = Some(Standing { surfaces: map.surfaces(), ys: f.ys, i: f.i, ends: f.chain.end_bits(), free_lo, free_hi });
        }
    }
}

/// The look-ahead of a walk that ends at position `j` of the chain where `s` stands, past
/// its free positions, to the right (`right`) or left, `d` pixels ahead: from the chain's
/// end ([`ledge_on_chain`]); `None` when `j` is off the chain or the end is not described.
#[inline(never)]
fn ledge_past_free(s: &Standing, j: u16, right: bool, d: i16) -> Option<bool> {
    let len = s.ys.len() as u16;
    if j >= len {
        return None;
    }
    ledge_on_chain(len, s.ends, j, right, d)
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
    for w in walkers.iter_mut() {
        w.step(map, solids);
    }
}

impl<'m> Walker<'m> {
    /// [`move_walkers`] for this walker alone: its move by one frame of its velocity, and
    /// whether a ledge lies within its look-ahead. Standing on its surface with no box given
    /// and no tile changed, a few table reads in the caller's loop; anything else is a call.
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
    #[inline(always)]
    pub fn step(&mut self, map: &Map<'m>, solids: &[SolidBox]) {
        let (vx, vy) = (self.body.vx.to_bits(), self.body.vy.to_bits());
        if solids.is_empty() && map.changes().count() == 0 && self.step_on_surface::<false>(map.surfaces(), vx, vy).is_some() {
            count(Path::OnSurface);
        } else {
            self.step_other(map, solids);
        }
    }

    /// [`Walker::step`] when its short move does not apply: with boxes in reach the full
    /// move through map and boxes, else the move of a body alone; then where it stands.
    #[inline(never)]
    pub(crate) fn step_other(&mut self, map: &Map<'m>, solids: &[SolidBox]) {
        let look_ahead = self.look_ahead;
        let solids = usable_solids(solids);
        if !solids.is_empty() && !boxes_out_of_reach(solids, &self.body) {
            count(Path::FullWithBoxes);
            full_move_with_boxes(map, solids, &mut self.body);
            mark_ledge(map, &mut self.body, look_ahead);
        } else if !(map.changes().count() == 0
            && self.step_on_surface::<false>(map.surfaces(), self.body.vx.to_bits(), self.body.vy.to_bits()).is_some())
        {
            move_alone::<true>(map, &mut self.body, look_ahead);
        } else {
            count(Path::OnSurface);
            return;
        }
        self.find_standing(map);
    }
}
