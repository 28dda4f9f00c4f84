//! Patrols: the simplest enemy of a platform game, a walker that walks to and fro at a
//! constant speed, turning at walls and at ledges, and falls when it walks (or is put) off
//! the ground.
//!
//! A [`Patrol`] is a [`Walker`] with its walking velocity and gravity: its step is the
//! walker's move with that velocity, and it turns from the move's own result (`HIT_LEFT` /
//! `HIT_RIGHT`, or [`Flags::LEDGE_AHEAD`] a body width ahead), with no map query of its
//! own. Standing on its compiled surface, the whole step (velocity, move, turn) is a few
//! table reads.

use crate::body::{Body, Flags, Rect};
use crate::map::Map;
/// What the patrols of one frame step through ([`Patrol::step`]): the ground of every move
/// ([`crate::motion::Ground`]).
pub use crate::motion::Ground;
use crate::motion::{move_on_route, Mover, Walker};
use crate::surface::Surfaces;
use crate::units::sub_of_px;
use crate::{SubPx, MAX_SPEED_PX};

/// A walker that patrols (see the module docs). Each [`Patrol::step`] moves its body exactly
/// as [`crate::motion::move_walkers`] moves a walker whose velocity was set to the patrol's
/// walking speed in its direction and whose vertical velocity gained `gravity` (at most
/// `max_fall`), looking its body's width ahead; then it turns around when the move was
/// stopped by a wall or saw a ledge.
#[derive(Clone, Copy, Debug)]
pub struct Patrol<'m> {
    walker: Walker<'m>,
    /// Walking velocity, sub-pixels per frame (+ = right).
    vx: i16,
    /// Added to the vertical velocity every step, sub-pixels per frame per frame.
    gravity: i16,
    /// Largest falling speed, sub-pixels per frame.
    max_fall: i16,
}

impl<'m> Patrol<'m> {
    /// A patrol of `body` walking at `speed` pixels per frame (at most
    /// [`crate::MAX_SPEED_PX`], as every move), to the right (`right`) or left, with
    /// `gravity` (sub-pixels per frame per frame) and falling at most `max_fall` pixels per
    /// frame (at most [`crate::MAX_SPEED_PX`]).
    pub const fn new(body: Body, speed: u8, right: bool, gravity: i8, max_fall: u8) -> Patrol<'m> {
        let v = sub_of_px(min_px(speed));
        Patrol {
            walker: Walker::new(body, body.w as i16),
            vx: if right { v } else { -v },
            gravity: gravity as i16,
            max_fall: sub_of_px(min_px(max_fall)),
        }
    }

    /// Its body.
    #[inline(always)]
    pub const fn body(&self) -> &Body {
        self.walker.body()
    }

    /// Its body's pixel-space box.
    #[inline(always)]
    pub const fn rect(&self) -> Rect {
        self.walker.rect()
    }

    /// Its walker.
    pub const fn walker(&self) -> &Walker<'m> {
        &self.walker
    }

    /// Whether it walks to the right (else to the left).
    #[inline(always)]
    pub const fn walks_right(&self) -> bool {
        self.vx > 0
    }

    /// Its walking velocity, sub-pixels per frame (+ = right).
    pub const fn velocity(&self) -> i16 {
        self.vx
    }

    /// Puts it standing where it is, if that is a position of the compiled surfaces
    /// ([`Walker::stand`]): its first step is then a walk read from the tables. Returns
    /// whether it stands.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::{body::Body, patrol::Patrol};
    /// let mut p = Patrol::new(Body::new(8, 24, 8, 8), 8, true, 2, 6);
    /// assert!(!p.stand(&map), "no compiled surfaces on this map");
    /// ```
    pub fn stand(&mut self, map: &Map<'m>) -> bool {
        self.walker.stand(map)
    }

    /// Its body, to change (its walker forgets where it stood; see [`Walker::body_mut`]).
    pub fn body_mut(&mut self) -> &mut Body {
        self.walker.body_mut()
    }

    /// One frame: the walking velocity and gravity into its body, the move through
    /// `ground`'s map and solid boxes (as [`crate::motion::move_walkers`]), then a turn at a
    /// wall or a ledge. Returns the move's flags.
    #[inline(always)]
    pub fn step(&mut self, ground: &Ground<'_, 'm>) -> Flags {
        let flags = match move_on_route(ground, self) {
            Some(flags) => flags,
            None => self.walker.body().flags,
        };
        if flags.0 & (Flags::HIT_LEFT.0 | Flags::HIT_RIGHT.0 | Flags::LEDGE_AHEAD.0) != 0 {
            self.vx = -self.vx;
        }
        flags
    }

    /// The velocity of its next move (raw sub-pixels): its walking velocity, and its body's
    /// vertical velocity with gravity (at most its largest fall).
    #[inline(always)]
    fn velocity_now(&self) -> (i16, i16) {
        let vy = self.walker.body().vy.to_bits() + self.gravity;
        (self.vx, if vy > self.max_fall { self.max_fall } else { vy })
    }
}

impl<'m> Mover<'m> for Patrol<'m> {
    const LOOK: bool = true;
    const PLAIN: bool = false;
    #[inline(always)]
    fn body(&mut self) -> &mut Body {
        self.walker.body_on_route()
    }
    #[inline(always)]
    fn look_ahead(&self) -> i16 {
        self.walker.look_ahead()
    }
    /// Its walker's short route with its velocity (`vx` a whole number of pixels).
    #[inline(always)]
    fn short(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags> {
        let (vx, vy) = self.velocity_now();
        self.walker.short_route::<true>(surfaces, vx, vy)
    }
    /// With the velocity in its body (whole pixels: its walking velocity).
    #[inline(always)]
    fn short_prepared(&mut self, surfaces: &'m Surfaces<'m>) -> Option<Flags> {
        let b = self.walker.body();
        let (vx, vy) = (b.vx.to_bits(), b.vy.to_bits());
        self.walker.short_route::<true>(surfaces, vx, vy)
    }
    #[inline(always)]
    fn prepare(&mut self) {
        let (vx, vy) = self.velocity_now();
        self.walker.set_velocity(SubPx::from_bits(vx), SubPx::from_bits(vy));
    }
    #[inline(always)]
    fn after(&mut self, map: &Map<'m>) {
        self.walker.after_other_route(map);
    }
}

/// `px` pixels per frame, at most [`MAX_SPEED_PX`].
const fn min_px(px: u8) -> i16 {
    if px as i16 > MAX_SPEED_PX {
        MAX_SPEED_PX
    } else {
        px as i16
    }
}
