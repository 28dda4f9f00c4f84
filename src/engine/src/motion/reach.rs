//! Which solid boxes can take part in a body's move: the reach of one frame's move, and
//! the bound of all boxes worked out once per frame.

use super::step::{clamp_pos, clamp_size, clamp_speed};
use crate::body::{Body, SolidBox, NO_BOX};
use crate::units::px_of_sub;
use crate::{SNAP_DOWN_PX, STEP_HEIGHT_PX};

/// The pixel-space rectangle that holds every box of a frame (`x0 > x1` when
/// there is none): one test per body tells whether any box can matter.
#[derive(Clone, Copy, Debug)]
pub(super) struct BoxesBound {
    x0: i16,
    y0: i16,
    x1: i16,
    y1: i16,
}

impl BoxesBound {
    pub(super) fn of(solids: &[SolidBox]) -> BoxesBound {
        let mut b = BoxesBound { x0: i16::MAX, y0: i16::MAX, x1: i16::MIN, y1: i16::MIN };
        for s in solids {
            let r = &s.rect;
            if r.w > 0 && r.h > 0 {
                b.x0 = b.x0.min(r.x);
                b.y0 = b.y0.min(r.y);
                b.x1 = b.x1.max(r.x.saturating_add(r.w - 1));
                b.y1 = b.y1.max(r.y.saturating_add(r.h - 1));
            }
        }
        b
    }

    /// Whether a box may take part in `body`'s move (it rides one, or the bound meets the
    /// move's reach): false is exact, true is checked per box ([`boxes_reach`]).
    #[inline(always)]
    pub(super) fn may_reach(&self, body: &Body) -> bool {
        if body.riding != NO_BOX {
            return true;
        }
        if self.x0 > self.x1 {
            return false;
        }
        let (x0, y0, x1, y1) = reach(body);
        !((self.x1 as i32) < x0 || self.x0 as i32 > x1 || (self.y1 as i32) < y0 || self.y0 as i32 > y1)
    }
}

/// Whether a box of `solids` takes part in `body`'s move: it rides one, or one meets the
/// move's reach ([`move_reach`]). Else the move is exactly the move without boxes.
#[inline(always)]
pub(super) fn boxes_reach(solids: &[SolidBox], body: &Body) -> bool {
    if (body.riding as usize) < solids.len() {
        return true;
    }
    if solids.is_empty() {
        return false;
    }
    let (x0, y0, x1, y1) = reach(body);
    !out_of(solids, x0, y0, x1, y1)
}

/// The pixel-space rectangle (x0, y0, x1, y1, inclusive) of every pixel this
/// frame's move of `body` can test or cover (see [`move_reach`]).
#[inline]
fn reach(body: &Body) -> (i32, i32, i32, i32) {
    let w = clamp_size(body.w) as i32;
    let h = clamp_size(body.h) as i32;
    let x = px_of_sub(clamp_pos(body.x.to_bits(), w as i16)) as i32;
    let y = px_of_sub(clamp_pos(body.y.to_bits(), h as i16)) as i32;
    let speed = |v: i16| px_of_sub(clamp_speed(v).unsigned_abs() as i16);
    let (rx, ry) = move_reach(speed(body.vx.to_bits()), speed(body.vy.to_bits()));
    let (rx, ry) = (rx as i32, ry as i32);
    (x - rx, y - ry, x + w + rx - 1, y + h + ry - 1)
}

/// How many pixel columns (left or right) and rows (up or down) beyond a body's box the
/// pixels that one frame's move tests or covers can lie, for a body whose speed is at most
/// `speed_x` and `speed_y` whole pixels per frame (`0 ..= MAX_SPEED_PX`): the horizontal
/// distance plus the column beyond it; vertically the vertical distance plus, per pixel
/// walked, a climb or snap of up to 8 rows, the feet row and a full snap below. A solid box
/// whose pixels all lie farther than that from the box of a body that rides none takes no
/// part in its move, so a game may leave such boxes out of [`super::move_bodies`] (one test
/// per frame for a whole group of bodies instead of the engine's test per body).
pub const fn move_reach(speed_x: i16, speed_y: i16) -> (i16, i16) {
    let sx = speed_x + 1;
    let step = if STEP_HEIGHT_PX > SNAP_DOWN_PX { STEP_HEIGHT_PX } else { SNAP_DOWN_PX };
    (sx + 1, sx * step + speed_y + 1 + SNAP_DOWN_PX + 2)
}

/// Whether no box of `solids` meets the pixel-space rectangle `x0 ..= x1`, `y0 ..= y1`.
#[inline(always)]
fn out_of(solids: &[SolidBox], x0: i32, y0: i32, x1: i32, y1: i32) -> bool {
    solids.iter().all(|s| {
        let r = &s.rect;
        r.w <= 0 || r.h <= 0 || (r.x as i32 + r.w as i32) <= x0 || r.x as i32 > x1 || (r.y as i32 + r.h as i32) <= y0 || r.y as i32 > y1
    })
}
