//! Conversions between the engine's units, each written once: sub-pixels (1/8 pixel,
//! [`crate::SubPx`]'s raw bits), pixels and tiles (16 pixels). Shifts and masks only.

use crate::{SUBPX_SHIFT, TILE_SHIFT};

/// Sub-pixel bits (1/8 pixel) per pixel, minus one: the mask of a sub-pixel fraction.
pub const SUBPX_MASK: i16 = (1 << SUBPX_SHIFT) - 1;

/// Pixels per tile, minus one: the mask of a pixel's place in its tile.
pub const TILE_MASK: i16 = (1 << TILE_SHIFT) - 1;

/// The whole pixel of a raw sub-pixel value (rounded down: -1 sub-pixel is pixel -1).
#[inline(always)]
pub const fn px_of_sub(sub: i16) -> i16 {
    sub >> SUBPX_SHIFT
}

/// The raw sub-pixel value of whole pixel `px`.
#[inline(always)]
pub const fn sub_of_px(px: i16) -> i16 {
    px << SUBPX_SHIFT
}

/// The fraction of a pixel in a raw sub-pixel value, `0 ..= 7`.
#[inline(always)]
pub const fn sub_frac(sub: i16) -> i16 {
    sub & SUBPX_MASK
}

/// The tile of pixel `px` (rounded down: pixel -1 is in tile -1).
#[inline(always)]
pub const fn tile_of_px(px: i16) -> i16 {
    px >> TILE_SHIFT
}

/// The place of pixel `px` in its tile, `0 ..= 15`.
#[inline(always)]
pub const fn px_in_tile(px: i16) -> i16 {
    px & TILE_MASK
}

/// The first pixel of tile `t`.
#[inline(always)]
pub const fn tile_start_px(t: i16) -> i16 {
    t << TILE_SHIFT
}

/// The length in pixels of `tiles` whole tiles (a map's width or height in tiles, at most
/// [`crate::MAX_MAP_WIDTH_TILES`]: 4096 pixels).
#[inline(always)]
pub const fn px_of_tiles(tiles: u16) -> i16 {
    (tiles << TILE_SHIFT) as i16
}

/// The place `0 ..= 15` in its tile of pixel `px` (any pixel, or already a pixel-in-tile),
/// as an index into a tile shape's 16-entry per-row or per-column tables.
#[inline(always)]
pub const fn px_in_tile_index(px: u16) -> usize {
    (px & TILE_MASK as u16) as usize
}

/// A velocity in sub-pixels per frame clamped to the speed limit of a move,
/// +-[`crate::MAX_SPEED_PX`] pixels per frame.
#[inline(always)]
pub(crate) fn clamp_speed(v: i16) -> i16 {
    const MAX: i16 = sub_of_px(crate::MAX_SPEED_PX);
    v.clamp(-MAX, MAX)
}
