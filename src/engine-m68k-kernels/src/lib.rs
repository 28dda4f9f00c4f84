//! # megacollide-m68k-kernels
//!
//! Hand-written MC68000 versions of the hottest inner loops of `megacollide-engine`, in
//! `src/kernels.s` (GNU as syntax, assembled by `build.rs` with `m68k-linux-gnu-as -m68000`
//! into a static library). Each kernel is reached through a safe wrapper here that checks
//! every precondition the kernel relies on, then calls it with `jsr` from an inline `asm!`
//! block that passes the arguments in registers (the register contract of each kernel is
//! documented at the kernel in `kernels.s` and at its wrapper).
//!
//! The engine (which keeps `#![forbid(unsafe_code)]`) calls these wrappers only under
//! `cfg(target_arch = "m68k")`; its Rust code stays the host implementation and the
//! reference, and `make bench` compares every 68000 result with the host's.
//!
//! On any other target this crate is empty.
#![no_std]
#![cfg_attr(target_arch = "m68k", feature(asm_experimental_arch))]
#![deny(missing_docs)]

#[cfg(target_arch = "m68k")]
mod m68k {
    use core::arch::asm;
    use core::marker::PhantomData;

    extern "C" {
        // Not Rust functions: register-ABI entry points, only ever the target of `jsr` in
        // the asm! blocks below.
        fn mc_mask_hit();
        fn mc_col_span();
        fn mc_row_span();
        fn mc_point();
        fn mc_sweep_cols();
        fn mc_sweep_rows();
        fn mc_move_body();
    }

    /// Number of built-in shapes the map kernels know (ids `0 .. 20`; 19 is the one-way
    /// platform, 20 ..= 31 are blank, 32 .. are height tiles).
    pub const BUILTIN_SHAPES: usize = 20;

    /// A tile map as the map kernels read it (pixel-space queries on 16x16 tiles): tile ids,
    /// row start offsets, and two shape tables. Built once (usually at compile time, in a
    /// `static`) by [`MapView::new`], which checks everything the kernels rely on, so the
    /// queries below are safe for any coordinates.
    ///
    /// `S` is the engine's tile shape type: exactly 64 bytes, `u16 cols[16]` at offset 0
    /// and `u16 rows[16]` at offset 32 (`#[repr(C)]`), `cols[px]` bit `py` = `rows[py]` bit
    /// `px` = pixel `(px, py)` solid. The layout of this struct is the kernels' contract
    /// (kernels.s, "Map kernels").
    #[derive(Debug)]
    #[repr(C)]
    pub struct MapView<'a, S> {
        tiles: *const u16,
        rows: *const u16,
        builtin: *const S,
        custom: *const S,
        width: u16,
        height: u16,
        custom_count: u16,
        // 1 = everything beyond this edge is solid, 0 = empty.
        edge_left: u16,
        edge_right: u16,
        edge_top: u16,
        edge_bottom: u16,
        // Derived, for the move kernel: width * 16, height * 16 (pixels), width * 2 (bytes
        // per tile row).
        width_px: u16,
        height_px: u16,
        stride: u16,
        _data: PhantomData<&'a [S]>,
    }

    impl<S> Clone for MapView<'_, S> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<S> Copy for MapView<'_, S> {}
    // SAFETY: a MapView is a shared borrow of immutable slices (the raw pointers come from
    // `&'a [u16]` / `&'a [S]`, see `new`); it is as thread-safe as `&'a [S]`.
    unsafe impl<S: Sync> Sync for MapView<'_, S> {}
    // SAFETY: as above.
    unsafe impl<S: Sync> Send for MapView<'_, S> {}

    impl<'a, S> MapView<'a, S> {
        /// Checks and wraps map data: `width` x `height` tiles (each `1 ..= 256`),
        /// `rows[ty] + width <= tiles.len() <= 65536` for every `ty < height`, at least
        /// [`BUILTIN_SHAPES`] built-in shapes of 64 bytes. None when a check fails.
        /// No height tiles (see [`MapView::with_custom`]).
        pub const fn new(tiles: &'a [u16], rows: &'a [u16], width: u16, height: u16, builtin: &'a [S]) -> Option<Self> {
            if core::mem::size_of::<S>() != 64 || builtin.len() < BUILTIN_SHAPES {
                return None;
            }
            if width == 0 || width > 256 || height == 0 || height > 256 || rows.len() < height as usize {
                return None;
            }
            if tiles.len() > 0x1_0000 {
                return None;
            }
            let mut ty = 0;
            while ty < height as usize {
                if rows[ty] as usize + width as usize > tiles.len() {
                    return None;
                }
                ty += 1;
            }
            Some(MapView {
                tiles: tiles.as_ptr(),
                rows: rows.as_ptr(),
                builtin: builtin.as_ptr(),
                custom: builtin.as_ptr(),
                width,
                height,
                custom_count: 0,
                edge_left: 0,
                edge_right: 0,
                edge_top: 0,
                edge_bottom: 0,
                width_px: width * 16,
                height_px: height * 16,
                stride: width * 2,
                _data: PhantomData,
            })
        }

        /// The same map with height-tile shapes: id `32 + i` is `custom[i]`.
        pub const fn with_custom(mut self, custom: &'a [S]) -> Self {
            self.custom = custom.as_ptr();
            self.custom_count = if custom.len() > 0xFFFF { 0xFFFF } else { custom.len() as u16 };
            self
        }

        /// The same map with an out-of-map policy for [`MapView::point`] (true = that side
        /// is solid): a pixel outside the map takes the left / right side by its column
        /// first, then the top / bottom side. A new view has every side empty.
        pub const fn with_edges(mut self, left: bool, right: bool, top: bool, bottom: bool) -> Self {
            self.edge_left = left as u16;
            self.edge_right = right as u16;
            self.edge_top = top as u16;
            self.edge_bottom = bottom as u16;
            self
        }

        /// What is pixel-space `(x, y)`: 0 empty, 1 solid, 2 the top row of a one-way
        /// platform (a floor, not solid). Outside the map: 1 or 0 by the edge policy.
        #[inline(always)]
        pub fn point(&self, x: i16, y: i16) -> u8 {
            let r: i32;
            // SAFETY: mc_point reads the view, one row offset (ty < height <=
            // rows.len()), one tile id (rows[ty] + tx < tiles.len(), checked in `new`) and
            // one word of a shape (id < BUILTIN_SHAPES <= builtin.len(), or id - 32 <
            // custom.len()); it writes no memory and changes only the registers declared
            // here (kernels.s).
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_point,
                    inout("d0") x as i32 => r,
                    inout("d1") y as i32 => _,
                    out("d2") _,
                    out("d3") _,
                    in("a0") self as *const Self,
                    out("a1") _,
                    options(pure, readonly, nostack),
                );
            }
            r as u8
        }

        /// Is any pixel of pixel-space column `x`, rows `y0 ..= y1` solid? `Some(false)`
        /// when `y0 > y1`; None when a pixel of the span is outside the map.
        #[inline(always)]
        pub fn col_span(&self, x: i16, y0: i16, y1: i16) -> Option<bool> {
            if y0 > y1 {
                return Some(false);
            }
            let r: i32;
            // SAFETY: mc_col_span reads the view, and the row offsets and tile ids of
            // tiles inside the map (it checks tx < width and ty0, ty1 < height first; `new`
            // checked the tables) and one word of their shapes; it pushes and pops one long
            // word on the stack, writes no other memory and changes only the registers
            // declared here.
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_col_span,
                    inout("d0") x as i32 => r,
                    inout("d1") y0 as i32 => _,
                    inout("d2") y1 as i32 => _,
                    out("d3") _,
                    out("d4") _,
                    out("d5") _,
                    out("d6") _,
                    in("a0") self as *const Self,
                    out("a1") _,
                    out("a2") _,
                    options(pure, readonly, nostack),
                );
            }
            if r < 0 {
                None
            } else {
                Some(r != 0)
            }
        }

        /// Column sweep: how many of the pixel-space columns `x, x + dir, ...` (`n` of
        /// them) are free (no solid pixel in rows `y0 ..= y1`) before the first blocked
        /// one (`n` when none is)? None when the arguments are outside the kernel's domain
        /// (`dir` not +-1, `n` not in `1 ..= 4096`, `y0 > y1`) or a swept pixel is
        /// outside the map: the caller computes it itself.
        #[inline(always)]
        pub fn sweep_cols(&self, x: i16, dir: i16, n: i16, y0: i16, y1: i16) -> Option<i16> {
            if !(dir == 1 || dir == -1) || !(1..=4096).contains(&n) || y0 > y1 {
                return None;
            }
            let r: i32;
            // SAFETY: mc_sweep_cols checks that every swept tile is inside the map before
            // reading (first and last tile column, first and last tile row), then reads
            // the view, row offsets, tile ids and shape words inside the slices `new`
            // checked; it saves and restores every register it uses except those declared
            // here, and uses at most 36 bytes of stack below sp.
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_sweep_cols,
                    inout("d0") x as i32 => r,
                    inout("d1") dir as i32 => _,
                    inout("d2") n as i32 => _,
                    inout("d3") y0 as i32 => _,
                    inout("d4") y1 as i32 => _,
                    in("a0") self as *const Self,
                    out("a1") _,
                    options(pure, readonly),
                );
            }
            if r < 0 {
                None
            } else {
                Some(r as i16)
            }
        }

        /// Row sweep: how many of the pixel-space rows `y, y + dir, ...` (`n` of them)
        /// are free (no solid pixel in columns `x0 ..= x1`, and with `one_way` no one-way
        /// platform top) before the first blocked one? None as for
        /// [`MapView::sweep_cols`] (`x0 > x1` instead of `y0 > y1`).
        #[inline(always)]
        pub fn sweep_rows(&self, y: i16, dir: i16, n: i16, x0: i16, x1: i16, one_way: bool) -> Option<i16> {
            if !(dir == 1 || dir == -1) || !(1..=4096).contains(&n) || x0 > x1 {
                return None;
            }
            let r: i32;
            // SAFETY: as for sweep_cols (mc_sweep_rows checks the first and last tile
            // row and column before reading).
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_sweep_rows,
                    inout("d0") y as i32 => r,
                    inout("d1") dir as i32 => _,
                    inout("d2") n as i32 => _,
                    inout("d3") x0 as i32 => _,
                    inout("d4") x1 as i32 => _,
                    inout("d5") one_way as i32 => _,
                    in("a0") self as *const Self,
                    out("a1") _,
                    options(pure, readonly),
                );
            }
            if r < 0 {
                None
            } else {
                Some(r as i16)
            }
        }

        /// Is any pixel of pixel-space row `y`, columns `x0 ..= x1` solid (with `one_way`:
        /// or the top row of a one-way platform)? `Some(false)` when `x0 > x1`; None when a
        /// pixel of the span is outside the map.
        #[inline(always)]
        pub fn row_span(&self, y: i16, x0: i16, x1: i16, one_way: bool) -> Option<bool> {
            if x0 > x1 {
                return Some(false);
            }
            let r: i32;
            // SAFETY: as for col_span (mc_row_span checks ty < height, tx0, tx1 < width).
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_row_span,
                    inout("d0") y as i32 => r,
                    inout("d1") x0 as i32 => _,
                    inout("d2") x1 as i32 => _,
                    inout("d3") one_way as i32 => _,
                    out("d4") _,
                    out("d5") _,
                    out("d6") _,
                    in("a0") self as *const Self,
                    out("a1") _,
                    out("a2") _,
                    options(pure, readonly, nostack),
                );
            }
            if r < 0 {
                None
            } else {
                Some(r != 0)
            }
        }
    }

    impl<'a, S> MapView<'a, S> {
        /// One frame of the engine's `motion::move_body` for a body that meets no solid box
        /// (`move.s`, bit for bit the engine's Rust code without boxes), in place.
        ///
        /// `B` is the engine's body type, `#[repr(C)]`, 12 bytes: raw sub-pixel `x`, `y`,
        /// `vx`, `vy` (i16, 1/8 pixel) at offsets 0, 2, 4, 6, then `w`, `h` (u8 pixels),
        /// `flags`, `riding` (u8) at 8 .. 11 (the engine checks these offsets at compile
        /// time). The kernel clamps the size, position and velocity like the engine,
        /// writes the new position, velocity and flags (ON_GROUND, HIT_LEFT / HIT_RIGHT,
        /// HIT_CEILING, LANDED, FELL_OUT; never ON_BOX) and sets `riding` to 0xFF. Edges
        /// follow [`MapView::with_edges`].
        #[inline(always)]
        pub fn move_body<B: Copy>(&self, body: &mut B) {
            const { assert!(core::mem::size_of::<B>() == 12) };
            // SAFETY: `body` is a valid, exclusive 12-byte object (size checked above;
            // the engine's Body has the layout documented above, and every bit pattern
            // of its fields' types is valid, so the kernel's writes (i16 words, u8
            // flags, 0xFF riding) keep it valid). mc_move_body reads the view and,
            // through the map kernels, only row offsets, tile ids and shape words inside
            // the slices `new` checked (queries outside the map are answered from the
            // edge words); it writes the body and its own stack frame (at most about
            // 150 bytes below sp), saves and restores a4-a6 and changes only the
            // registers declared here.
            unsafe {
                asm!(
                    "jsr {k}",
                    k = sym mc_move_body,
                    in("a0") self as *const Self,
                    inout("a1") body as *mut B => _,
                    out("d0") _,
                    out("d1") _,
                    out("d2") _,
                    out("d3") _,
                    out("d4") _,
                    out("d5") _,
                    out("d6") _,
                    out("d7") _,
                    out("a2") _,
                    out("a3") _,
                );
            }
        }
    }

    /// Row loop of a mask-vs-mask test: is there a row `i < min(a.len(), b.len())` with
    /// `a[i] & cols & shift(b[i], dx) != 0`, where `shift(q, dx)` is `q >> dx` for
    /// `dx >= 0` and `q << -dx` for `dx < 0` (columns shifted out are lost)? `|dx| >= 32`
    /// shifts every bit out: no hit. Rows are 1-bpp, bit 31 = leftmost pixel.
    #[inline(always)]
    pub fn mask_rows_hit(a: &[u32], b: &[u32], cols: u32, dx: i16) -> bool {
        if !(-31..=31).contains(&dx) {
            return false;
        }
        let n = if a.len() < b.len() { a.len() } else { b.len() };
        if n > 0xFFFF {
            // More rows than the kernel counts (never in the engine: masks have at
            // most 32767 rows): the plain loop.
            let sh = |q: u32| if dx >= 0 { q >> dx } else { q << -dx };
            return a.iter().zip(b).any(|(&p, &q)| p & cols & sh(q) != 0);
        }
        let hit: u32;
        // SAFETY: mc_mask_hit reads `n` u32 rows from a0 and from a1, which lie inside
        // `a` and `b` (n <= both lengths); it writes no memory and changes only the
        // registers declared here (see kernels.s).
        unsafe {
            asm!(
                "jsr {k}",
                k = sym mc_mask_hit,
                inout("a0") a.as_ptr() => _,
                inout("a1") b.as_ptr() => _,
                inout("d0") n as u32 => hit,
                inout("d1") dx as i32 => _,
                in("d2") cols,
                out("d3") _,
                out("d4") _,
                out("d5") _,
                options(readonly, nostack),
            );
        }
        hit != 0
    }
}

#[cfg(target_arch = "m68k")]
pub use m68k::*;
