//! The walker's look-ahead ([`super::move_walkers`]): is a ledge within a given distance
//! ahead of a body standing on the ground?

use super::on_surface::{find_footing, ledge_on_chain};
use super::step::{clamp_size, step_x_to, Floor, Spot, World};
use crate::body::{Body, Flags};
use crate::map::Map;
use crate::units::px_of_sub;

/// Sets [`Flags::LEDGE_AHEAD`] on a body after a move that was not read from its surface:
/// when it stands on the ground (`ON_GROUND`), moves (`vx` != 0) and a grounded walk of
/// `d` more pixels in the direction of `vx`, through the map alone, would leave the ground.
/// From the compiled surface where it stands on one (and no changed tile is near), else
/// with the full move's steps, one pixel at a time.
#[inline(never)]
pub(super) fn mark_ledge(map: &Map, body: &mut Body, d: i16) {
    let vx = body.vx.to_bits();
    if !body.flags.contains(Flags::ON_GROUND) || vx == 0 || d <= 0 {
        return;
    }
    let right = vx > 0;
    let (x, y) = (px_of_sub(body.x.to_bits()), px_of_sub(body.y.to_bits()));
    let (w, h) = (clamp_size(body.w), clamp_size(body.h));
    let read_lo = if right { x - 1 } else { x - 1 - d };
    let read_hi = if right { x + w + d } else { x + w };
    let from_chain = match find_footing(map, body) {
        Some(f) if !map.changes().touch(read_lo, read_hi) => ledge_on_chain(f.chain.len(), f.chain.end_bits(), f.i, right, d),
        _ => None,
    };
    let ledge = match from_chain {
        Some(l) => l,
        None => ledge_by_steps(map, x, y, w, h, right, d),
    };
    if ledge {
        body.flags.insert(Flags::LEDGE_AHEAD);
    }
}

/// [`mark_ledge`]'s answer with the full move's grounded steps through the map, one pixel
/// at a time: a step that finds no floor within the snap distance is the ledge, a blocked
/// one ends the look.
fn ledge_by_steps(map: &Map, x: i16, y: i16, w: i16, h: i16, right: bool, d: i16) -> bool {
    let wd = World::<false> { map, solids: &[], ignore: 0 };
    let mut p = Spot { x, y };
    let mut floor = Floor::Unknown;
    for _ in 0..d {
        let blocked = if right {
            step_x_to::<true, false>(&wd, &mut p, w, h, 1, true, &mut floor)
        } else {
            step_x_to::<false, false>(&wd, &mut p, w, h, 1, true, &mut floor)
        };
        if blocked {
            return false;
        }
        if floor != Floor::Yes {
            return true;
        }
    }
    false
}
