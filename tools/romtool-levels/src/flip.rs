//! Tiled's tile flips and rotations (gid bits 31, 30, 29; bit 28 is the 120° rotation of
//! hexagonal maps) on collision tiles.
//!
//! A flipped collision tile means the mirrored shape, never the unflipped one:
//!
//! * a built-in shape becomes the built-in shape with exactly the flipped pixels, found by
//!   comparing the engine's own pixel tables (`shape::BUILTIN`): a rising slope flipped
//!   horizontally is the falling slope, a top half flipped vertically the bottom half, a
//!   left half rotated 90° clockwise the top half, solid stays solid. The one-way platform
//!   (no solid pixel, a floor on its top edge) keeps its top edge only when it is not flipped
//!   vertically or diagonally, so only a horizontal flip keeps it;
//! * a height tile becomes a height tile made from the flipped picture (see
//!   [`transform_rows`]), which counts against the level's height-tile budget like any other;
//! * anything else (a slope flipped vertically is a ceiling slope, which is no built-in shape;
//!   a one-way platform upside down; the hexagonal rotation bit) has no exact equivalent and
//!   is an error naming the tile and the fix.
//!
//! Tiled applies the diagonal flip (an x / y swap) first, then the horizontal and the vertical
//! flip (see [`Flip::source_pixel`]).

use crate::idmap::SHAPE_NAMES;
use megacollide_engine::shape;

/// Gid bit 31: flipped horizontally.
pub const FLIP_H: u32 = 0x8000_0000;
/// Gid bit 30: flipped vertically.
pub const FLIP_V: u32 = 0x4000_0000;
/// Gid bit 29: flipped diagonally (x and y swapped).
pub const FLIP_D: u32 = 0x2000_0000;
/// Gid bit 28: rotated by 120° (hexagonal maps only).
pub const ROTATE_HEX: u32 = 0x1000_0000;
/// Every flag bit of a gid.
pub const FLAG_BITS: u32 = FLIP_H | FLIP_V | FLIP_D | ROTATE_HEX;

/// The flips of an orthogonal tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Flip {
    /// Mirrored left to right.
    pub h: bool,
    /// Mirrored top to bottom.
    pub v: bool,
    /// x and y swapped (applied before `h` and `v`).
    pub d: bool,
}

impl Flip {
    /// The flips of a gid's flag bits; `None` if the hexagonal rotation bit is set (it has no
    /// meaning on an orthogonal map).
    pub fn of_gid(gid: u32) -> Option<Flip> {
        if gid & ROTATE_HEX != 0 {
            return None;
        }
        Some(Flip { h: gid & FLIP_H != 0, v: gid & FLIP_V != 0, d: gid & FLIP_D != 0 })
    }

    /// No flip at all.
    pub fn is_none(self) -> bool {
        self == Flip::default()
    }

    /// How Tiled's user sees this flip (for messages).
    pub fn describe(self) -> &'static str {
        match (self.d, self.h, self.v) {
            (false, false, false) => "not flipped",
            (false, true, false) => "flipped horizontally",
            (false, false, true) => "flipped vertically",
            (false, true, true) => "rotated 180°",
            (true, false, false) => "flipped diagonally",
            (true, true, false) => "rotated 90° clockwise",
            (true, false, true) => "rotated 90° anticlockwise",
            (true, true, true) => "flipped along the other diagonal",
        }
    }

    /// The pixel of the drawn (unflipped) tile that shows at pixel-in-tile `(px, py)` of the
    /// flipped tile (both `0..16`).
    pub fn source_pixel(self, px: u16, py: u16) -> (u16, u16) {
        let x = if self.h { 15 - px } else { px };
        let y = if self.v { 15 - py } else { py };
        if self.d {
            (y, x)
        } else {
            (x, y)
        }
    }
}

/// A 16x16 picture (16 row bitmasks, bit `px` of `rows[py]`) as the flipped tile shows it.
pub fn transform_rows(rows: &[u16; 16], f: Flip) -> [u16; 16] {
    let mut out = [0u16; 16];
    for py in 0..16u16 {
        for px in 0..16u16 {
            let (sx, sy) = f.source_pixel(px, py);
            if rows[sy as usize] >> sx & 1 != 0 {
                out[py as usize] |= 1 << px;
            }
        }
    }
    out
}

/// The built-in id that the built-in tile `id` becomes under `f`, or `None` when no built-in
/// shape has exactly those pixels (or `id` is no built-in shape).
pub fn builtin_flipped(id: u16, f: Flip) -> Option<u16> {
    if !shape::is_builtin(id) {
        return None;
    }
    if f.is_none() {
        return Some(id);
    }
    if id == shape::ONE_WAY {
        // Its floor is the top edge: it stays on top only without a vertical or diagonal flip.
        return (!f.v && !f.d).then_some(id);
    }
    let want = transform_rows(shape::builtin(id).rows(), f);
    shape::DEFINED_IDS.iter().copied().filter(|&c| c != shape::ONE_WAY).find(|&c| *shape::builtin(c).rows() == want)
}

/// The name of a built-in id for messages (`rise_1`), or `""`.
pub fn shape_name(id: u16) -> &'static str {
    SHAPE_NAMES.iter().find(|(_, v)| *v == id).map_or("", |(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: Flip = Flip { h: true, v: false, d: false };
    const V: Flip = Flip { h: false, v: true, d: false };
    const D: Flip = Flip { h: false, v: false, d: true };
    const CW: Flip = Flip { h: true, v: false, d: true };
    const R180: Flip = Flip { h: true, v: true, d: false };

    #[test]
    fn mirrors_by_hand() {
        // Horizontal: every rising tile is the falling tile of the mirrored chain.
        let h = [(0, 0), (2, 2), (3, 9), (4, 11), (5, 10), (6, 14), (7, 13), (8, 12), (15, 15), (16, 16), (17, 18), (18, 17), (19, 19)];
        for (a, b) in h {
            assert_eq!(builtin_flipped(a, H), Some(b), "{a} H");
            assert_eq!(builtin_flipped(b, H), Some(a), "{b} H");
        }
        // Vertical: halves swap top / bottom; slopes would be ceilings; one-way has no bottom.
        for (a, b) in [(0, 0), (2, 2), (15, 16), (16, 15), (17, 17), (18, 18)] {
            assert_eq!(builtin_flipped(a, V), Some(b), "{a} V");
        }
        for a in (3..=14).chain([19]) {
            assert_eq!(builtin_flipped(a, V), None, "{a} V");
        }
        // Diagonal (x / y swap): the 1:1 rise is symmetric, halves swap axes.
        for (a, b) in [(2, 2), (3, 3), (15, 17), (17, 15), (16, 18), (18, 16)] {
            assert_eq!(builtin_flipped(a, D), Some(b), "{a} D");
        }
        for a in [4, 5, 6, 9, 19] {
            assert_eq!(builtin_flipped(a, D), None, "{a} D");
        }
        // Rotations: a rising 1:1 slope turned 90° clockwise is the falling one; halves turn.
        assert_eq!(builtin_flipped(3, CW), Some(9));
        assert_eq!(builtin_flipped(17, CW), Some(15));
        assert_eq!(builtin_flipped(15, CW), Some(18));
        assert_eq!(builtin_flipped(3, R180), None, "a ceiling slope");
        assert_eq!(builtin_flipped(1, H), None, "reserved");
        assert_eq!(builtin_flipped(20, Flip::default()), None, "reserved");
    }

    #[test]
    fn transform_matches_tiled_order() {
        // The top-left pixel: H -> top-right, V -> bottom-left, 90° clockwise -> top-right,
        // diagonal -> top-left, 180° -> bottom-right.
        let mut tl = [0u16; 16];
        tl[0] = 1;
        let at = |r: [u16; 16]| (0..16).flat_map(|y| (0..16).map(move |x| (x, y))).find(|&(x, y)| r[y] >> x & 1 != 0).unwrap();
        assert_eq!(at(transform_rows(&tl, H)), (15, 0));
        assert_eq!(at(transform_rows(&tl, V)), (0, 15));
        assert_eq!(at(transform_rows(&tl, CW)), (15, 0));
        assert_eq!(at(transform_rows(&tl, D)), (0, 0));
        assert_eq!(at(transform_rows(&tl, R180)), (15, 15));
        // The top-right pixel turned 90° clockwise goes to the bottom-right.
        let mut tr = [0u16; 16];
        tr[0] = 1 << 15;
        assert_eq!(at(transform_rows(&tr, CW)), (15, 15));
        assert_eq!(Flip::of_gid(0x1000_0005), None);
        assert_eq!(Flip::of_gid(0xA000_0005), Some(CW));
    }
}
