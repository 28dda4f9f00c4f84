//! The walk of a grounded body read from the compiled surface of its size
//! ([`crate::surface`]): no map query, whatever the slope, the speed or the body's size.

use super::step::speed_in_limit;
use crate::body::{Body, Flags, Footing, NO_BOX};
use crate::map::{Map, TileChanges};
use crate::surface::{Chain, EndKind, Surfaces};
use crate::units::{px_of_sub, sub_frac, sub_of_px, SUBPX_MASK};
use crate::{SubPx, POS_END_PX};

/// A body's [`Footing`] found in the compiled surfaces: the chain it names, the `y`s of its
/// positions and the index of the body's position in it (what the routes read the walk
/// from).
#[derive(Clone, Copy)]
pub(super) struct Found<'m> {
    pub(super) footing: Footing,
    pub(super) chain: &'m Chain,
    /// The `y` of every position of the chain.
    pub(super) ys: &'m [i16],
    pub(super) i: u16,
}

/// The size key `w << 8 | h` of a body, as chains and classes are found by.
#[inline(always)]
fn size_key(body: &Body) -> u16 {
    u16::from_be_bytes([body.w, body.h])
}

/// Where the body stands, if its [`Footing`] is right: its chain is of its size and has a
/// position where it stands. A few table reads.
#[inline(always)]
pub(super) fn found_by_footing<'m>(surfaces: &Surfaces<'m>, body: &Body) -> Option<Found<'m>> {
    let footing = body.footing;
    let (chain, ys, i) = surfaces.chain_at(footing.chain, body.w, body.h, px_of_sub(body.x.to_bits()), px_of_sub(body.y.to_bits()))?;
    Some(Found { footing, chain, ys, i })
}

/// Where the body stands on `map`'s compiled surfaces, if it stands at a position of a chain
/// of its size: by its footing, else looked up in the chains of its tile column.
#[inline(always)]
pub(super) fn find_footing<'m>(map: &Map<'m>, body: &Body) -> Option<Found<'m>> {
    let surfaces = map.surfaces();
    if let Some(f) = found_by_footing(surfaces, body) {
        return Some(f);
    }
    let (class_index, class) = surfaces.class_of(size_key(body), body.footing.class)?;
    let (chain_index, i) = surfaces.find(class, px_of_sub(body.x.to_bits()), px_of_sub(body.y.to_bits()))?;
    let chain = surfaces.chains().get(chain_index as usize)?;
    Some(Found { footing: Footing::new(class_index, chain_index), chain, ys: surfaces.chain_ys(chain)?, i })
}

/// The move of a grounded body (`ON_GROUND`, `vy >= 0`) that no solid box can reach, standing
/// at position `f` of a chain of its size: its walk of `n` pixels ends at the chain's position
/// `n` further on, or at a wall end (stopped there, flush: `HIT_LEFT` or `HIT_RIGHT`, `vx` =
/// 0). Then it stands on the floor: `ON_GROUND`, `vy` = 0, and `LANDED` when `vy` would have
/// taken it a whole pixel down. Exactly the full move's result, because the chain was made of
/// the full move's single steps (see [`crate::surface`]).
///
/// With `LOOK`, sets [`Flags::LEDGE_AHEAD`] as [`super::move_walkers`] describes. With
/// `ALL`, `changes` is checked (a game changed tiles) and a walk to a wall end is taken;
/// without (the per-body loop's short path), the caller knows nothing changed and a walk past
/// an end is left to the other paths.
///
/// Returns false, having changed nothing, when that does not apply: a speed past the limit, a
/// walk past an end that is not a wall (or past the position limits), a look-ahead past an
/// end the chain does not describe, or a changed tile column where the walk or the look-ahead
/// reads.
#[inline(always)]
pub(super) fn walk_on_surface<const LOOK: bool, const ALL: bool>(
    f: Found,
    changes: &TileChanges,
    body: &mut Body,
    look_ahead: i16,
) -> bool {
    let vx = body.vx.to_bits();
    if !speed_in_limit(vx) {
        return false;
    }
    let (xr, yr) = (body.x.to_bits(), body.y.to_bits());
    let chain = f.chain;
    // Pixels walked: no overflow (|vx| is at most 127 pixels), and within the chain no
    // position limit is reached.
    let n = px_of_sub(sub_frac(xr) + vx);
    let mut j = f.i.wrapping_add(n as u16);
    let mut flags = Flags::ON_GROUND;
    let mut nxr = xr.wrapping_add(vx);
    let mut nvx = vx;
    if j >= chain.len() {
        if !ALL {
            return false;
        }
        let right = n > 0;
        // The full move clamps the target into the position limits first: a wall at the
        // limit itself would then not be reached with a step to spare.
        let x = px_of_sub(xr);
        if chain.end(right) != EndKind::Wall || (right && x + n > POS_END_PX - body.w as i16) {
            return false;
        }
        j = if right { chain.len() - 1 } else { 0 };
        nxr = sub_of_px(chain.x0() + j as i16);
        nvx = 0;
        flags = Flags(Flags::ON_GROUND.0 | if right { Flags::HIT_RIGHT.0 } else { Flags::HIT_LEFT.0 });
    }
    let Some(&ny) = f.ys.get(j as usize) else {
        return false;
    };
    if ALL && changes.count() != 0 {
        // Every column the walk's steps read, and those the look-ahead reads.
        let (x, nx) = (px_of_sub(xr), px_of_sub(nxr));
        let ahead = if LOOK { look_ahead } else { 0 };
        let (lo, hi) = if nx >= x { (x, nx + ahead) } else { (nx - ahead, x) };
        if changes.touch(lo - 1, hi + body.w as i16) {
            return false;
        }
    }
    if LOOK && nvx != 0 {
        match ledge_on_chain(chain.len(), chain.end_bits(), j, nvx > 0, look_ahead) {
            Some(true) => flags.insert(Flags::LEDGE_AHEAD),
            Some(false) => {}
            None => return false,
        }
    }
    // Standing on the floor, a whole pixel of downward speed is a landing.
    if body.vy.to_bits() >= SUBPX_MASK + 1 - sub_frac(yr) {
        flags.insert(Flags::LANDED);
    }
    body.x = SubPx::from_bits(nxr);
    body.y = SubPx::from_bits(sub_of_px(ny));
    body.vy = SubPx::ZERO;
    body.flags = flags;
    body.riding = NO_BOX;
    if ALL {
        // (The short path came by the footing and kept `vx`: nothing to write.)
        body.vx = SubPx::from_bits(nvx);
        body.footing = f.footing;
    }
    true
}

/// Whether a walk of `d` more pixels from position `j` of a chain of `len` positions whose
/// ends are `ends` ([`crate::surface::Chain::ends`]), to the right (`right`) or left, leaves the ground (the
/// step past a ledge end), from the chain alone: `None` when the walk reaches an end the
/// chain does not describe ([`EndKind::Open`]).
#[inline(always)]
pub(super) fn ledge_on_chain(len: u16, ends: u16, j: u16, right: bool, d: i16) -> Option<bool> {
    // Positions left before the end; the step past the end is the one after them.
    let left = if right { len - 1 - j } else { j } as i16;
    if left >= d {
        return Some(false);
    }
    match EndKind::of(ends, right) {
        EndKind::Ledge => Some(true),
        EndKind::Wall => Some(false),
        EndKind::Open => None,
    }
}
