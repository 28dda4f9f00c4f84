//! Walkable surfaces and open air, compiled with the level.
//!
//! Most moves of a platform game ask the same questions of the same tiles frame after
//! frame: where is the floor under this body one pixel on, is the column ahead free, is
//! there room to climb? The answers only depend on the map and the body's size, so the
//! level compiler answers them once, on the host, with the engine's own per-pixel rules,
//! and the ROM carries the answers. A move then reads a table instead of asking the map.
//! (Sonic's height arrays are the same idea for one body size and one question.)
//!
//! ## Walkable surfaces (per body size)
//!
//! For a body size `w` x `h` (a [`SurfaceClass`]), a **position** is a pixel-space top-left
//! corner `(x, y)` where the box is free of solid pixels and a floor pixel (solid, or a
//! one-way platform's top row) lies in the row under it: where a body can stand. From a
//! position, one pixel of grounded walking to the right or left (the climbing and snapping
//! rules of [`crate::motion`]) either stops at a wall, falls off a ledge, or reaches
//! another position. A [`Chain`] is a run of positions at consecutive `x`, each reached
//! from the one before by a step to the right **and** back from it by a step to the left.
//! It stores the `y` of each position and what the step beyond each end does
//! ([`EndKind`]).
//!
//! So a grounded walk of `n` pixels from a position of a chain is a table read: the walk
//! stays on the chain and ends at the position `n` further on, or reaches a wall end and
//! stops there. Its result is exactly that of the pixel-by-pixel walk, for any `n` (the
//! walk is the same single step repeated), any slope and any body size: the chains were
//! made by taking those single steps.
//!
//! ## Open air (per map)
//!
//! Every blank tile (no solid pixel, no one-way top) of the map belongs to one blank
//! rectangle of tiles chosen for it ([`AirRect`], pixel bounds). A body in flight whose
//! box before and after the move, and the pixel row under it, stay inside the rectangle
//! of the tile under its top-left corner tests nothing but blank pixels: it moves by its
//! velocity, no query made.
//!
//! ## Tiles changed at run time
//!
//! The tables describe the map as it was compiled. A game that changes tiles marks their
//! tile columns in a [`crate::map::TileChanges`] it attaches to the map; every table read
//! that a marked column could affect is then skipped for the full move.
//!
//! The host-side compiler (`tools/surface-compiler`, used by `romtool levels`) builds
//! these tables; the engine only reads them.

use crate::units::tile_of_px;

/// What the step beyond one end of a [`Chain`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum EndKind {
    /// Something the tables do not cover (a step onto another chain that does not lead
    /// back, the map's edge): the move goes on with the full rules.
    Open = 0,
    /// The step is blocked (a wall, a rise over [`crate::STEP_HEIGHT_PX`], a ceiling too
    /// low to climb under): the walk stops at the end position.
    Wall = 1,
    /// The step finds no floor within [`crate::SNAP_DOWN_PX`] under the box: the body
    /// leaves the ground there.
    Ledge = 2,
}

impl EndKind {
    /// The kind of the right end (`right`) or the left end in [`Chain::ends`] bits
    /// ([`Chain::end_bits`]).
    #[inline(always)]
    pub const fn of(ends: u16, right: bool) -> EndKind {
        EndKind::from_bits(if right { ends >> 2 } else { ends })
    }

    /// The kind stored in two bits (`0` open, `1` wall, `2` ledge; `3` reads as open).
    #[inline(always)]
    pub const fn from_bits(b: u16) -> EndKind {
        match b & 3 {
            1 => EndKind::Wall,
            2 => EndKind::Ledge,
            _ => EndKind::Open,
        }
    }
}

/// A run of walkable positions at consecutive pixel columns, for one body size (see the
/// module docs). 16 bytes, so a table of them is indexed with a shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
///
/// A derived table made by the surface compiler: built with [`Chain::new`] and
/// [`Chain::with_next`], read through its accessors.
pub struct Chain {
    /// Pixel-space left edge `x` of the body at the first position.
    x0: i16,
    /// Number of positions (pixels), at least 1.
    len: u16,
    /// Index of the first position's `y` in [`Surfaces`]' table of `y`s.
    first: u16,
    /// What the step beyond each end does: [`EndKind`] bits, the left end in bits 0..2,
    /// the right end in bits 2..4 (see [`Chain::ends`]).
    ends: u16,
    /// The width of the bodies the chain is for, pixels.
    w: u8,
    /// The height of the bodies the chain is for, pixels.
    h: u8,
    /// Where the step beyond an [`EndKind::Open`] end lands: the index (in
    /// [`Surfaces::chains`]) of the chain holding the position it reaches, left end first,
    /// or [`NO_CHAIN`] (the step leaves the tables: the map's edge, or not an open end). The
    /// position is the one at `x0 - 1` (left) or `x0 + len` (right) of that chain.
    next: [u16; 2],
    /// Zero (room to make the chain 16 bytes).
    reserved: u16,
}

/// [`Chain::next`]'s value for an end whose step lands on no chain.
pub const NO_CHAIN: u16 = u16::MAX;

impl Chain {
    /// A chain of `len` positions from `x0` for a `w` x `h` body, its `y`s from `first`;
    /// its open ends lead to no chain (see [`Chain::with_next`]).
    ///
    /// ```
    /// use megacollide_engine::surface::{Chain, EndKind, NO_CHAIN};
    /// let c = Chain::new(32, 48, 0, EndKind::Wall, EndKind::Open, 16, 32).with_next(NO_CHAIN, 7);
    /// assert_eq!(c.next(true), 7);
    /// assert_eq!(c.next(false), NO_CHAIN);
    /// ```
    pub const fn new(x0: i16, len: u16, first: u16, left: EndKind, right: EndKind, w: u8, h: u8) -> Chain {
        Chain { x0, len, first, ends: Chain::ends(left, right), w, h, next: [NO_CHAIN; 2], reserved: 0 }
    }

    /// This chain with the chains its open ends' steps land on: `left` and `right` are
    /// indices in [`Surfaces::chains`] or [`NO_CHAIN`].
    pub const fn with_next(self, left: u16, right: u16) -> Chain {
        Chain { next: [left, right], ..self }
    }

    /// The chain (index in [`Surfaces::chains`]) that the step beyond the right end
    /// (`right`) or the left end lands on, or [`NO_CHAIN`].
    #[inline(always)]
    pub const fn next(&self, right: bool) -> u16 {
        self.next[right as usize]
    }

    /// The [`Chain::ends`] bits for a left and a right end.
    pub const fn ends(left: EndKind, right: EndKind) -> u16 {
        left as u16 | (right as u16) << 2
    }

    /// What the step beyond the right end (`right`) or the left end does.
    #[inline(always)]
    pub const fn end(&self, right: bool) -> EndKind {
        EndKind::of(self.ends, right)
    }

    /// Pixel-space left edge `x` of the body at the first position.
    ///
    /// ```
    /// use megacollide_engine::surface::{Chain, EndKind};
    /// let c = Chain::new(32, 48, 0, EndKind::Wall, EndKind::Ledge, 16, 32);
    /// assert_eq!((c.x0(), c.len(), c.first()), (32, 48, 0)); // positions x 32 ..= 79
    /// ```
    #[inline(always)]
    pub const fn x0(&self) -> i16 {
        self.x0
    }

    /// Number of positions (pixels), at least 1.
    #[inline(always)]
    #[allow(clippy::len_without_is_empty)] // never empty
    pub const fn len(&self) -> u16 {
        self.len
    }

    /// Index of the first position's `y` in [`Surfaces::ys`].
    #[inline(always)]
    pub const fn first(&self) -> u16 {
        self.first
    }

    /// What the steps beyond both ends do, as [`Chain::ends`] bits (read one with
    /// [`EndKind::of`]).
    ///
    /// ```
    /// use megacollide_engine::surface::{Chain, EndKind};
    /// let c = Chain::new(0, 4, 0, EndKind::Wall, EndKind::Ledge, 8, 8);
    /// assert_eq!(EndKind::of(c.end_bits(), true), EndKind::Ledge);
    /// ```
    #[inline(always)]
    pub const fn end_bits(&self) -> u16 {
        self.ends
    }

    /// Body width in pixels.
    pub const fn width(&self) -> u8 {
        self.w
    }

    /// Body height in pixels.
    pub const fn height(&self) -> u8 {
        self.h
    }
}

/// The walkable surfaces of one body size, as an index: for every tile column of the map,
/// the chains of that size with a position there (to find the chain a body stands on).
#[derive(Clone, Copy, Debug)]
pub struct SurfaceClass<'a> {
    size: u16,
    column_start: &'a [u16],
    column_chains: &'a [u16],
}

/// Why table data was rejected by [`SurfaceClass::try_new`] or [`Surfaces::try_new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfaceError {
    /// A body size outside `1 ..= 64`.
    BadSize,
    /// A chain that is empty, whose `y`s lie past the end of the table or whose size is not
    /// a body size, or whose [`Chain::next`] names a chain that does not exist, is of
    /// another size or has no position one pixel past the end.
    ChainRange,
    /// A column index without one entry per tile column plus one, or pointing past its list,
    /// or naming a chain that does not exist or is of another size.
    ColumnIndex,
    /// The air index does not have one entry per map tile, or names a rectangle that does
    /// not exist.
    AirIndex,
}

/// [`Surfaces`]' air index entry of a tile that is in no blank rectangle.
pub const NO_AIR: u16 = u16::MAX;

impl SurfaceClass<'_> {
    /// Bytes of a `SurfaceClass` on the 68000 (a `static` of the type in ROM): a `u16` and two
    /// slices (8 bytes each). The level compiler's ROM budget counts it; the 68000 build checks
    /// it against `size_of` (host pointers are wider).
    ///
    /// ```
    /// assert_eq!(megacollide_engine::surface::SurfaceClass::ROM_BYTES, 18);
    /// ```
    pub const ROM_BYTES: usize = 2 + 2 * 8;
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<SurfaceClass>() == SurfaceClass::ROM_BYTES);

impl<'a> SurfaceClass<'a> {
    /// Checks and wraps the index of body size `w` x `h` pixels (usable in `static`
    /// initialisers): `column_start` has one entry per tile column of the map plus one; the
    /// chains (indices into [`Surfaces`]' chains) with a position whose `x` lies in tile
    /// column `tx` (`tile_of_px(x) == tx`) are `column_chains[column_start[tx] ..
    /// column_start[tx + 1]]`. [`Surfaces::try_new`] checks the chains they name.
    pub const fn try_new(w: u8, h: u8, column_start: &'a [u16], column_chains: &'a [u16]) -> Result<SurfaceClass<'a>, SurfaceError> {
        if w == 0 || h == 0 || w > crate::MAX_BODY_SIZE || h > crate::MAX_BODY_SIZE {
            return Err(SurfaceError::BadSize);
        }
        if column_start.is_empty() || column_start[column_start.len() - 1] as usize != column_chains.len() {
            return Err(SurfaceError::ColumnIndex);
        }
        let mut i = 1;
        while i < column_start.len() {
            if column_start[i] < column_start[i - 1] {
                return Err(SurfaceError::ColumnIndex);
            }
            i += 1;
        }
        Ok(SurfaceClass { size: (w as u16) << 8 | h as u16, column_start, column_chains })
    }

    /// Like [`SurfaceClass::try_new`] but panics on bad data (a compile error in a `static`).
    pub const fn new(w: u8, h: u8, column_start: &'a [u16], column_chains: &'a [u16]) -> SurfaceClass<'a> {
        match SurfaceClass::try_new(w, h, column_start, column_chains) {
            Ok(c) => c,
            Err(_) => panic!("invalid surface class data"),
        }
    }

    /// Body width in pixels.
    pub const fn width(&self) -> u8 {
        (self.size >> 8) as u8
    }

    /// Body height in pixels.
    pub const fn height(&self) -> u8 {
        self.size as u8
    }

    /// Number of tile columns the index covers (the map's width in tiles).
    pub const fn columns(&self) -> usize {
        self.column_start.len() - 1
    }

    /// The chains (indices into [`Surfaces::chains`]) with a position in tile column `tx`.
    pub fn chains_in_column(&self, tx: i16) -> &'a [u16] {
        let tx = tx as u16 as usize;
        match (self.column_start.get(tx), self.column_start.get(tx + 1)) {
            (Some(&a), Some(&b)) => self.column_chains.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// A blank rectangle of the map (whole tiles), as pixel-space bounds, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct AirRect {
    /// Leftmost pixel column.
    pub x0: i16,
    /// Topmost pixel row.
    pub y0: i16,
    /// Rightmost pixel column.
    pub x1: i16,
    /// Bottom pixel row.
    pub y1: i16,
}

/// Everything compiled for one map: the walkable surfaces of every body size (their chains,
/// the `y` of every position, an index per size) and the map's open air (see the module
/// docs). Attach it with [`crate::map::Map::with_surfaces`].
#[derive(Clone, Copy, Debug)]
pub struct Surfaces<'a> {
    chains: &'a [Chain],
    ys: &'a [i16],
    classes: &'a [SurfaceClass<'a>],
    air_index: &'a [u16],
    air: &'a [AirRect],
    width: u16,
    height: u16,
}

impl Surfaces<'_> {
    /// Bytes of a `Surfaces` on the 68000 (a `static` of the type in ROM): five slices (8 bytes
    /// each) and two `u16`s. The level compiler's ROM budget counts it; the 68000 build checks
    /// it against `size_of` (host pointers are wider).
    ///
    /// ```
    /// assert_eq!(megacollide_engine::surface::Surfaces::ROM_BYTES, 44);
    /// ```
    pub const ROM_BYTES: usize = 5 * 8 + 2 * 2;
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<Surfaces>() == Surfaces::ROM_BYTES);

impl<'a> Surfaces<'a> {
    /// No table at all: every move takes the full rules.
    pub const NONE: Surfaces<'static> = Surfaces { chains: &[], ys: &[], classes: &[], air_index: &[], air: &[], width: 0, height: 0 };

    /// Checks and wraps the tables of a `width` x `height`-tile map (usable in `static`
    /// initialisers):
    ///
    /// * `chains`: every chain of every body size; chain `c`'s `y`s are `ys[c.first ..
    ///   c.first + c.len]`;
    /// * `ys`: pixel-space top `y` of the body at every position of every chain;
    /// * `classes`: one index per body size, naming chains of its size;
    /// * `air_index`: one entry per map tile in the map's row-major order, the index of its
    ///   [`AirRect`] in `air`, or [`NO_AIR`].
    pub const fn try_new(
        chains: &'a [Chain],
        ys: &'a [i16],
        classes: &'a [SurfaceClass<'a>],
        air_index: &'a [u16],
        air: &'a [AirRect],
        width: u16,
        height: u16,
    ) -> Result<Surfaces<'a>, SurfaceError> {
        let mut i = 0;
        while i < chains.len() {
            let c = &chains[i];
            let (w, h) = (c.width(), c.height());
            if c.len == 0
                || c.first as usize + c.len as usize > ys.len()
                || w == 0
                || h == 0
                || w > crate::MAX_BODY_SIZE
                || h > crate::MAX_BODY_SIZE
            {
                return Err(SurfaceError::ChainRange);
            }
            let mut end = 0;
            while end < 2 {
                let n = c.next[end];
                if n != NO_CHAIN {
                    let x = if end == 1 { c.x0 as i32 + c.len as i32 } else { c.x0 as i32 - 1 };
                    if n as usize >= chains.len() {
                        return Err(SurfaceError::ChainRange);
                    }
                    let t = &chains[n as usize];
                    if t.w != w || t.h != h || x < t.x0 as i32 || x >= t.x0 as i32 + t.len as i32 {
                        return Err(SurfaceError::ChainRange);
                    }
                }
                end += 1;
            }
            i += 1;
        }
        let mut k = 0;
        while k < classes.len() {
            let class = &classes[k];
            if class.columns() != width as usize {
                return Err(SurfaceError::ColumnIndex);
            }
            let mut i = 0;
            while i < class.column_chains.len() {
                let c = class.column_chains[i] as usize;
                if c >= chains.len() || chains[c].w != class.width() || chains[c].h != class.height() {
                    return Err(SurfaceError::ColumnIndex);
                }
                i += 1;
            }
            k += 1;
        }
        if air_index.len() != width as usize * height as usize {
            return Err(SurfaceError::AirIndex);
        }
        let mut i = 0;
        while i < air_index.len() {
            if air_index[i] != NO_AIR && air_index[i] as usize >= air.len() {
                return Err(SurfaceError::AirIndex);
            }
            i += 1;
        }
        Ok(Surfaces { chains, ys, classes, air_index, air, width, height })
    }

    /// Like [`Surfaces::try_new`] but panics on bad data (a compile error in a `static`).
    pub const fn new(
        chains: &'a [Chain],
        ys: &'a [i16],
        classes: &'a [SurfaceClass<'a>],
        air_index: &'a [u16],
        air: &'a [AirRect],
        width: u16,
        height: u16,
    ) -> Surfaces<'a> {
        match Surfaces::try_new(chains, ys, classes, air_index, air, width, height) {
            Ok(s) => s,
            Err(_) => panic!("invalid surface tables"),
        }
    }

    /// Every chain of every body size.
    pub const fn chains(&self) -> &'a [Chain] {
        self.chains
    }

    /// The `y` of every position of every chain (see [`Chain::first`]).
    pub const fn ys(&self) -> &'a [i16] {
        self.ys
    }

    /// The body sizes with walkable surfaces, each with its index of chains.
    pub const fn classes(&self) -> &'a [SurfaceClass<'a>] {
        self.classes
    }

    /// The blank rectangles.
    pub const fn air_rects(&self) -> &'a [AirRect] {
        self.air
    }

    /// The air index (one entry per map tile, row-major).
    pub const fn air_index(&self) -> &'a [u16] {
        self.air_index
    }

    /// Map width in tiles the tables were made for.
    pub const fn width(&self) -> u16 {
        self.width
    }

    /// Map height in tiles the tables were made for.
    pub const fn height(&self) -> u16 {
        self.height
    }

    /// Bytes of ROM the tables take (their slices, not this header): 16 per chain (a
    /// [`Chain`]), 8 per air rectangle (an [`AirRect`]), 2 per position, column index entry
    /// and air index entry.
    pub fn rom_bytes(&self) -> usize {
        use core::mem::size_of_val;
        let index = |c: &SurfaceClass| size_of_val(c.column_start) + size_of_val(c.column_chains);
        size_of_val(self.chains)
            + size_of_val(self.ys)
            + self.classes.iter().map(index).sum::<usize>()
            + size_of_val(self.air_index)
            + size_of_val(self.air)
    }

    /// The `y`s of `chain`'s positions (`chain.len` of them).
    #[inline(always)]
    pub fn chain_ys(&self, chain: &Chain) -> Option<&'a [i16]> {
        let first = chain.first as usize;
        self.ys.get(first..first + chain.len as usize)
    }

    /// Chain `c`, its `y`s and the index of `x` in it, if pixel-space `(x, y)` is a position
    /// of chain `c` for `w` x `h` bodies.
    #[inline(always)]
    pub(crate) fn chain_at(&self, c: u16, w: u8, h: u8, x: i16, y: i16) -> Option<(&'a Chain, &'a [i16], u16)> {
        let chain = self.chains.get(c as usize)?;
        let i = x.wrapping_sub(chain.x0) as u16;
        if chain.w != w || chain.h != h || i >= chain.len {
            return None;
        }
        let ys = self.chain_ys(chain)?;
        match ys.get(i as usize) {
            Some(&cy) if cy == y => Some((chain, ys, i)),
            _ => None,
        }
    }

    /// The chain (its index) of `class` with a position at pixel-space `(x, y)`, and the
    /// index of `x` in it: a look through the chains of `x`'s tile column.
    pub fn find(&self, class: &SurfaceClass, x: i16, y: i16) -> Option<(u16, u16)> {
        for &c in class.chains_in_column(tile_of_px(x)) {
            if let Some((_, _, i)) = self.chain_at(c, class.width(), class.height(), x, y) {
                return Some((c, i));
            }
        }
        None
    }

    /// The class of body size key `w << 8 | h` and its index, trying index `hint` first.
    #[inline(always)]
    pub(crate) fn class_of(&self, size: u16, hint: u8) -> Option<(u8, &'a SurfaceClass<'a>)> {
        if let Some(c) = self.classes.get(hint as usize) {
            if c.size == size {
                return Some((hint, c));
            }
        }
        self.classes.iter().enumerate().find(|(_, c)| c.size == size).map(|(i, c)| (i as u8, c))
    }

    /// The blank rectangle of the tile at flat index `i` (row-major, as the map's tiles).
    #[inline(always)]
    pub(crate) fn air_at(&self, i: usize) -> Option<&'a AirRect> {
        let &r = self.air_index.get(i)?;
        self.air.get(r as usize)
    }
}
