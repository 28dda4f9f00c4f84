//! Pixel-perfect collision masks for sprites.
//!
//! A [`Mask`] is a sprite's opaque pixels, one `u32` per pixel row, most
//! significant bit first: pixel column `c` (0 = left) of a row is bit
//! `31 - c`. Widths up to [`MAX_MASK_WIDTH`] (32) pixels, any height.
//! Palette index 0 is transparent (like the VDP), every other index is
//! solid. Rows are plain `u32` slices, so masks can be `static`s built at
//! compile time by [`mask_rows`] / [`mask_rows_4bpp`] or emitted by a tool.
//!
//! Positions are pixel-space top-left corners. Two masks are compared with a
//! bounding-box early out, then only the overlapping rows, one shift and
//! two ANDs per row (the overlapping columns are selected by a column mask).

use crate::body::Rect;

/// Widest supported mask in pixels.
pub const MAX_MASK_WIDTH: u8 = 32;

/// A bit-packed collision mask (see the module docs for the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask<'a> {
    rows: &'a [u32],
    w: u8,
}

/// Builds mask rows at compile time from one palette index per pixel
/// (row-major, `w` pixels per row, `H` rows; index 0 = transparent).
/// `w` is clamped to 32 and missing pixels are transparent.
pub const fn mask_rows<const H: usize>(pixels: &[u8], w: usize) -> [u32; H] {
    let w = if w > 32 { 32 } else { w };
    let mut out = [0u32; H];
    let mut y = 0;
    while y < H {
        let mut x = 0;
        while x < w {
            let i = y * w + x;
            if i < pixels.len() && pixels[i] != 0 {
                out[y] |= 0x8000_0000u32 >> x;
            }
            x += 1;
        }
        y += 1;
    }
    out
}

/// Builds mask rows at compile time from Mega Drive 4 bits-per-pixel data in
/// linear row-major order (2 pixels per byte, high nibble = left pixel,
/// `(w + 1) / 2` bytes per row; index 0 = transparent).
pub const fn mask_rows_4bpp<const H: usize>(data: &[u8], w: usize) -> [u32; H] {
    let w = if w > 32 { 32 } else { w };
    let stride = w.div_ceil(2);
    let mut out = [0u32; H];
    let mut y = 0;
    while y < H {
        let mut x = 0;
        while x < w {
            let i = y * stride + x / 2;
            if i < data.len() {
                let nib = if x & 1 == 0 { data[i] >> 4 } else { data[i] & 15 };
                if nib != 0 {
                    out[y] |= 0x8000_0000u32 >> x;
                }
            }
            x += 1;
        }
        y += 1;
    }
    out
}

/// Run-time / host builder: writes one mask row per sprite row into `out`
/// from one palette index per pixel (row-major, `w` pixels per row). Returns
/// the number of rows written.
pub fn build_rows(pixels: &[u8], w: usize, out: &mut [u32]) -> usize {
    let w = if w > 32 { 32 } else { w };
    if w == 0 {
        return 0;
    }
    let mut n = 0;
    let mut start = 0; // index of the row's first pixel (additions only)
    for row in out.iter_mut() {
        let px = match pixels.get(start..start + w) {
            Some(px) => px,
            None => break,
        };
        let mut bits = 0u32;
        let mut bit = 0x8000_0000u32;
        for &p in px {
            if p != 0 {
                bits |= bit;
            }
            bit >>= 1;
        }
        *row = bits;
        n += 1;
        start += w;
    }
    n
}

/// Column (0 = MSB) of the leftmost set bit of a non-zero row: a shift
/// search, as the 68000 has no bit-scan instruction.
fn first_col(mut bits: u32) -> i16 {
    let mut c = 0;
    let mut step = 16;
    while step > 0 {
        if bits >> (32 - step) == 0 {
            c += step;
            bits <<= step;
        }
        step >>= 1;
    }
    c as i16
}

/// Column (0 = MSB) of the rightmost set bit of a non-zero row.
fn last_col(mut bits: u32) -> i16 {
    let mut c = 31;
    let mut step = 16;
    while step > 0 {
        if bits << (32 - step) == 0 {
            c -= step;
            bits >>= step;
        }
        step >>= 1;
    }
    c as i16
}

/// `0xFFFF_FFFF` shifted so only columns `0 .. w` are set (MSB first).
#[inline]
fn width_bits(w: i16) -> u32 {
    if w >= 32 {
        u32::MAX
    } else if w <= 0 {
        0
    } else {
        !(u32::MAX >> w)
    }
}

/// `WIDTH_BITS[w]` = `width_bits(w)` for `w` in `0 ..= 32` (ROM table).
static WIDTH_BITS: [u32; 33] = {
    let mut t = [0u32; 33];
    let mut w = 1;
    while w <= 32 {
        t[w] = !(u32::MAX >> 1 >> (w - 1));
        w += 1;
    }
    t
};

/// `bits` moved so that column `c` becomes column `c + d` (MSB first).
#[inline]
fn shift_cols(bits: u32, d: i16) -> u32 {
    if d >= 32 || d <= -32 {
        0
    } else if d >= 0 {
        bits >> d
    } else {
        bits << (-d)
    }
}

/// The overlap of the two masks' boxes, as offsets: (overlap rect, first row
/// of a, first row of b, column mask in a-space, shift of b into a-space).
struct Overlap {
    rect: Rect,
    ra: usize,
    rb: usize,
    cols: u32,
    dx: i16,
}

impl<'a> Mask<'a> {
    /// A mask of `w` pixels (clamped to `1 ..= 32`) per row; the height is
    /// `rows.len()`. Bits beyond the width are ignored.
    pub const fn new(rows: &'a [u32], w: u8) -> Mask<'a> {
        let w = if w > MAX_MASK_WIDTH {
            MAX_MASK_WIDTH
        } else if w == 0 {
            1
        } else {
            w
        };
        Mask { rows, w }
    }

    /// Width in pixels.
    #[inline]
    pub const fn width(&self) -> i16 {
        self.w as i16
    }

    /// Height in pixels (rows; a mask taller than 32767 rows is cut).
    #[inline]
    pub const fn height(&self) -> i16 {
        if self.rows.len() > i16::MAX as usize {
            i16::MAX
        } else {
            self.rows.len() as i16
        }
    }

    /// The rows that count: the first [`Mask::height`] rows.
    #[inline(always)]
    fn rows_used(&self) -> &'a [u32] {
        match self.rows.get(..i16::MAX as usize) {
            Some(r) => r,
            None => self.rows,
        }
    }

    /// The row bitmasks.
    #[inline]
    pub const fn rows(&self) -> &'a [u32] {
        self.rows
    }

    /// Whether pixel `(x, y)` of the mask (mask-local) is solid.
    pub fn pixel(&self, x: i16, y: i16) -> bool {
        if x < 0 || x >= self.width() || y < 0 {
            return false;
        }
        match self.rows.get(y as usize) {
            Some(r) => (r << x) & 0x8000_0000 != 0,
            None => false,
        }
    }

    /// The bounding box when drawn with its top-left at pixel-space `(x, y)`.
    #[inline]
    pub const fn rect_at(&self, x: i16, y: i16) -> Rect {
        Rect::new(x, y, self.width(), self.height())
    }

    fn overlap(&self, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16) -> Option<Overlap> {
        let rect = self.rect_at(ax, ay).intersection(&b.rect_at(bx, by))?;
        let left = rect.x - ax;
        let cols = shift_cols(width_bits(rect.w), left);
        Some(Overlap { rect, ra: (rect.y - ay) as usize, rb: (rect.y - by) as usize, cols, dx: bx - ax })
    }

    /// Do the masks share a solid pixel, `self` at pixel-space `(ax, ay)` and
    /// `b` at `(bx, by)`? Masks that only touch do not hit.
    #[inline(always)]
    pub fn hit(&self, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16) -> bool {
        // Lean 16-bit set-up: b's offset in a's pixels (dx, dy), then the
        // overlap in a's rows and columns. A coordinate difference that does
        // not fit in i16 means the masks are far apart.
        let (dx, dy) = match (bx.checked_sub(ax), by.checked_sub(ay)) {
            (Some(dx), Some(dy)) => (dx, dy),
            _ => return false,
        };
        let (aw, bw) = (self.width(), b.width());
        let (ah, bh) = (self.height(), b.height());
        if dx >= aw || dx <= -bw || dy >= ah || dy <= -bh {
            return false;
        }
        // Overlapping columns (a-space): a's columns AND b's moved by dx.
        let cols = WIDTH_BITS[aw as u16 as usize] & shift_cols(WIDTH_BITS[bw as u16 as usize], dx);
        // Overlapping rows: from a's row dy on (dy >= 0) or b's row -dy on;
        // the row loop stops at the end of the shorter slice.
        let (ra, rb) = if dy >= 0 {
            (self.rows_used().get(dy as u16 as usize..), Some(b.rows_used()))
        } else {
            (Some(self.rows_used()), b.rows_used().get(dy.unsigned_abs() as usize..))
        };
        let (Some(ra), Some(rb)) = (ra, rb) else { return false };
        // Here -32 < dx < 32 (the boxes overlap and both are at most 32 wide).
        // The row loop: the hand-written 68000 kernel on the console, the
        // reference loop elsewhere (bit-identical; `make bench` checks).
        #[cfg(target_arch = "m68k")]
        {
            megacollide_m68k_kernels::mask_rows_hit(ra, rb, cols, dx)
        }
        #[cfg(not(target_arch = "m68k"))]
        {
            // zip: only the rows both masks have.
            ra.iter().zip(rb).any(|(&p, &q)| p & cols & shift_cols(q, dx) != 0)
        }
    }

    /// Writes the overlapping solid pixels (for highlighting) into `out`:
    /// `out[r]` bit `31 - c` is pixel-space `(rect.x + c, rect.y + r)`,
    /// where `rect` is the returned overlap of the two bounding boxes (None
    /// when the boxes do not overlap). Rows beyond `out.len()` are skipped.
    pub fn overlap_pixels(&self, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16, out: &mut [u32]) -> Option<Rect> {
        let o = self.overlap(ax, ay, b, bx, by)?;
        let left = o.rect.x - ax;
        let n = o.rect.h as usize;
        let ra = self.rows.get(o.ra..o.ra + n)?;
        let rb = b.rows.get(o.rb..o.rb + n)?;
        for ((dst, &p), &q) in out.iter_mut().zip(ra).zip(rb) {
            let both = p & o.cols & shift_cols(q, o.dx);
            *dst = shift_cols(both, -left);
        }
        Some(o.rect)
    }

    /// The smallest pixel-space rectangle holding every overlapping solid
    /// pixel, or None when the masks do not hit.
    pub fn hit_rect(&self, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16) -> Option<Rect> {
        let o = self.overlap(ax, ay, b, bx, by)?;
        let n = o.rect.h as usize;
        let ra = self.rows.get(o.ra..o.ra + n)?;
        let rb = b.rows.get(o.rb..o.rb + n)?;
        let mut first: i16 = -1;
        let mut last: i16 = -1;
        let mut any = 0u32;
        let mut r: i16 = 0;
        #[allow(
            clippy::explicit_counter_loop,
            reason = "68000: the row index is an i16 beside the zip; the loop's shape is measured code (make bench)"
        )]
        for (&p, &q) in ra.iter().zip(rb) {
            let both = p & o.cols & shift_cols(q, o.dx);
            if both != 0 {
                if first < 0 {
                    first = r;
                }
                last = r;
                any |= both;
            }
            r += 1;
        }
        if first < 0 {
            return None;
        }
        let c0 = first_col(any);
        let c1 = last_col(any);
        Some(Rect::new(ax + c0, o.rect.y + first, c1 - c0 + 1, last - first + 1))
    }

    /// The smallest move of `self` (from `(ax, ay)`) along one axis that
    /// separates it from `b`: `Some((dx, 0))` or `Some((0, dy))`, None when
    /// they do not hit. Ties go in the order left, right, up, down.
    pub fn push_out(&self, ax: i16, ay: i16, b: &Mask, bx: i16, by: i16) -> Option<(i16, i16)> {
        if !self.hit(ax, ay, b, bx, by) {
            return None;
        }
        let limit = self.width() + b.width() + self.height() + b.height();
        let mut k = 1;
        while k <= limit {
            if !self.hit(ax - k, ay, b, bx, by) {
                return Some((-k, 0));
            }
            if !self.hit(ax + k, ay, b, bx, by) {
                return Some((k, 0));
            }
            if !self.hit(ax, ay - k, b, bx, by) {
                return Some((0, -k));
            }
            if !self.hit(ax, ay + k, b, bx, by) {
                return Some((0, k));
            }
            k += 1;
        }
        None
    }
}
