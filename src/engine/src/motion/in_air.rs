//! The move of a body in flight through the open air compiled with the level
//! ([`crate::surface`]): no map query while its box stays inside a blank rectangle.

use super::step::speed_in_limit;
use crate::body::{Body, Flags, NO_BOX};
use crate::map::Map;
use crate::units::{px_of_sub, tile_of_px};
use crate::{SubPx, MAX_BODY_SIZE};

/// The move of a body in flight (not a grounded walk: not `ON_GROUND`, or moving up) that
/// no solid box can reach, when its box now, its box after the move and the pixel row
/// under that all lie inside the blank rectangle of the tile under its top-left corner:
/// every pixel the full move would test is blank, so it moves by `vx` and `vy`, no flag is
/// set and both velocities stay, exactly as the full move decides.
///
/// Returns false, having changed nothing, when that does not apply: a speed past the
/// limit, a size outside `1 ..= 64`, no rectangle or not inside it, or a changed tile
/// column (see [`crate::map::TileChanges`]) under the boxes.
#[inline(always)]
pub(super) fn fly_through_air(map: &Map, body: &mut Body) -> bool {
    let (vx, vy) = (body.vx.to_bits(), body.vy.to_bits());
    if !speed_in_limit(vx) || !speed_in_limit(vy) {
        return false;
    }
    let (w, h) = (body.w as i16, body.h as i16);
    if body.w.wrapping_sub(1) >= MAX_BODY_SIZE || body.h.wrapping_sub(1) >= MAX_BODY_SIZE {
        return false;
    }
    let (xr, yr) = (body.x.to_bits(), body.y.to_bits());
    let (x, y) = (px_of_sub(xr), px_of_sub(yr));
    let Some(tile) = map.tile_index(tile_of_px(x), tile_of_px(y)) else {
        return false;
    };
    let Some(r) = map.surfaces().air_at(tile) else {
        return false;
    };
    // A position that wraps round lands far outside every rectangle.
    let (nxr, nyr) = (xr.wrapping_add(vx), yr.wrapping_add(vy));
    let (nx, ny) = (px_of_sub(nxr), px_of_sub(nyr));
    let (left, right) = if nx < x { (nx, x) } else { (x, nx) };
    let (top, bottom) = if ny < y { (ny, y) } else { (y, ny) };
    if left < r.x0 || right + w - 1 > r.x1 || top < r.y0 || bottom + h > r.y1 {
        return false;
    }
    if map.changes().touch(left, right + w - 1) {
        return false;
    }
    body.x = SubPx::from_bits(nxr);
    body.y = SubPx::from_bits(nyr);
    body.flags = Flags::NONE;
    body.riding = NO_BOX;
    true
}
