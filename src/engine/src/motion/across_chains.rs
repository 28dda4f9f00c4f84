//! The full move of a body standing on a chain of the compiled surfaces whose walk goes
//! past the chain's end ([`crate::surface`]): the walk is still read from the tables. An
//! open end's step lands on the chain the tables name, a wall end stops the walk, a ledge
//! end is the step off it and a plain sweep for the rest; only a step the tables do not
//! know (the map's edge, a size or a place without chains) goes on by the full rules. The
//! Y axis is then the full move's. So a walk costs a few table reads per chain crossed,
//! whatever its length and the slopes it crosses.

use super::full::{full_move_walking_by, walk_rest};
use super::on_surface::Found;
use super::step::{step_x_to, Floor, Spot, World};
use crate::body::Body;
use crate::map::Map;
use crate::surface::{Chain, EndKind};

/// The full move of `body`, standing where `f` says, whose grounded walk follows the chains
/// (see the module docs); exactly [`super::full::full_move_through_map`]'s result.
#[inline(never)]
pub(super) fn full_move_across_chains(map: &Map, body: &mut Body, f: Found) {
    full_move_walking_by(map, body, |wd, p, w, h, steps, floor| {
        if steps > 0 {
            walk_across_chains::<true>(wd, f, p, w, h, steps, floor)
        } else {
            walk_across_chains::<false>(wd, f, p, w, h, -steps, floor)
        }
    });
}

/// The grounded walk of `n` pixels to the right (`RIGHT`) or left of a `w` x `h` box at `p`,
/// standing where `f` says, read from the chains. Returns true when blocked, as
/// [`super::step::step_x_to`] does; `p` is where the walk got to and `floor` what is known
/// of the floor under it.
#[inline(always)]
fn walk_across_chains<const RIGHT: bool>(wd: &World<false>, f: Found, p: &mut Spot, w: i16, h: i16, n: i16, floor: &mut Floor) -> bool {
    let dir: i16 = if RIGHT { 1 } else { -1 };
    let (mut chain, mut ys, mut i) = (f.chain, f.ys, f.i as i16);
    let mut n = n;
    // The move starts where the footing is (it may not when the body stood outside the
    // position limits, which the full move clamps it into first).
    if !at(chain, ys, i, p) {
        return walk_rest(wd, p, w, h, dir * n, floor);
    }
    loop {
        let room = if RIGHT { chain.len() as i16 - 1 - i } else { i };
        if n <= room {
            i += dir * n;
            p.x = chain.x0() + i;
            p.y = ys[i as usize];
            *floor = Floor::Yes;
            return false;
        }
        n -= room;
        i = if RIGHT { chain.len() as i16 - 1 } else { 0 };
        p.x = chain.x0() + i;
        p.y = ys[i as usize];
        *floor = Floor::Yes;
        match chain.end(RIGHT) {
            // The step is blocked: the walk stops here, flush.
            EndKind::Wall => return true,
            // The step leaves the ground at this height; the rest is a plain sweep.
            EndKind::Ledge => {
                p.x += dir;
                *floor = Floor::No;
                n -= 1;
                return n > 0 && step_x_to::<RIGHT, false>(wd, p, w, h, n, false, floor);
            }
            EndKind::Open => {
                let surfaces = wd.map.surfaces();
                let next = surfaces.chains().get(chain.next(RIGHT) as usize);
                match next.and_then(|c| Some((c, surfaces.chain_ys(c)?))) {
                    Some((c, c_ys)) => {
                        // The step lands on chain `c`, one pixel on.
                        (chain, ys) = (c, c_ys);
                        i = p.x + dir - c.x0();
                        p.x += dir;
                        p.y = ys[i as usize];
                        n -= 1;
                        if n == 0 {
                            return false;
                        }
                    }
                    None => return walk_rest(wd, p, w, h, dir * n, floor),
                }
            }
        }
    }
}

/// Whether `p` is position `i` of `chain` (whose `y`s are `ys`).
#[inline(always)]
fn at(chain: &Chain, ys: &[i16], i: i16, p: &Spot) -> bool {
    p.x == chain.x0() + i && ys.get(i as usize) == Some(&p.y)
}
