//! Bodies (moving boxes), their flags, pixel rectangles and solid entities.

use crate::units::{px_of_sub, sub_of_px};
use crate::{SubPx, MAX_BODY_SIZE};

/// Collision flags of a [`Body`], set by [`crate::motion::move_body`] each
/// frame (all cleared at the start of every move). A small bit set.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::{Body, Flags};
/// use megacollide_engine::motion::move_body;
/// use megacollide_engine::SubPx;
/// let mut b = Body::new(8, 20, 8, 8);
/// b.vy = SubPx::from_num(6); // falling 6 px a frame
/// move_body(&map, &[], &mut b);
/// assert!(b.flags.contains(Flags::ON_GROUND) && b.flags.contains(Flags::LANDED));
/// assert_eq!(b.py(), 24); // standing on the floor at y 32
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags(pub u8);

impl Flags {
    /// A floor pixel (solid, one-way top row or solid box) lies directly
    /// under the feet (the row just below the box).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(8, 24, 8, 8); // its feet on the floor
    /// b.vy = SubPx::from_num(1);
    /// move_body(&map, &[], &mut b);
    /// assert!(b.on_ground() && b.flags.contains(Flags::ON_GROUND));
    /// ```
    pub const ON_GROUND: Flags = Flags(1);
    /// The horizontal move was stopped by something on the left.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(2, 8, 8, 8);
    /// b.vx = SubPx::from_num(-4); // into the map's left edge (solid)
    /// move_body(&map, &[], &mut b);
    /// assert!(b.flags.contains(Flags::HIT_LEFT));
    /// assert_eq!(b.px(), 0);
    /// ```
    pub const HIT_LEFT: Flags = Flags(2);
    /// The horizontal move was stopped by something on the right.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(54, 8, 8, 8);
    /// b.vx = SubPx::from_num(4); // into the map's right edge (solid) at x 64
    /// move_body(&map, &[], &mut b);
    /// assert!(b.flags.contains(Flags::HIT_RIGHT));
    /// assert_eq!(b.px(), 56);
    /// ```
    pub const HIT_RIGHT: Flags = Flags(4);
    /// The upward move was stopped by a ceiling.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 4 tiles: a ceiling (y 0..16) and a floor (y 48..64) of solid tiles (id 2)
    /// # static TILES: [u16; 16] = [2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 4] = row_offset_table::<4>(4);
    /// # let map = Map::new(&TILES, 4, 4, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(8, 20, 8, 8);
    /// b.vy = SubPx::from_num(-6); // jumping into the ceiling at y 16
    /// move_body(&map, &[], &mut b);
    /// assert!(b.flags.contains(Flags::HIT_CEILING));
    /// assert_eq!(b.py(), 16);
    /// ```
    pub const HIT_CEILING: Flags = Flags(8);
    /// The downward move was stopped (landed this frame).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(8, 20, 8, 8);
    /// b.vy = SubPx::from_num(6);
    /// move_body(&map, &[], &mut b);
    /// assert!(b.flags.contains(Flags::LANDED)); // this move touched down
    /// move_body(&map, &[], &mut b);
    /// assert!(!b.flags.contains(Flags::LANDED) && b.on_ground()); // standing since
    /// ```
    pub const LANDED: Flags = Flags(16);
    /// The box is completely below the map and the bottom edge is open.
    ///
    /// ```
    /// use megacollide_engine::body::Flags;
    /// // Set by a move that leaves the map through an open bottom edge: the game respawns.
    /// let mut flags = Flags::NONE;
    /// flags.insert(Flags::FELL_OUT);
    /// assert!(flags.contains(Flags::FELL_OUT));
    /// ```
    pub const FELL_OUT: Flags = Flags(32);
    /// The floor under the feet is a solid box (see [`Body::riding`]).
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// use megacollide_engine::body::{Rect, SolidBox};
    /// let lift = [SolidBox { rect: Rect::new(0, 16, 32, 8), dx: 0, dy: 0 }];
    /// let mut b = Body::new(8, 4, 8, 8);
    /// b.vy = SubPx::from_num(6);
    /// move_body(&map, &lift, &mut b);
    /// assert!(b.flags.contains(Flags::ON_BOX) && b.riding == 0);
    /// ```
    pub const ON_BOX: Flags = Flags(64);
    /// A ledge lies ahead within the look-ahead distance (set by
    /// [`crate::motion::move_walkers`] only).
    ///
    /// ```
    /// use megacollide_engine::body::Flags;
    /// // A walker's move sets it when its surface ends within its look-ahead: turn around.
    /// let flags = Flags(Flags::ON_GROUND.0 | Flags::LEDGE_AHEAD.0);
    /// assert!(flags.contains(Flags::LEDGE_AHEAD));
    /// ```
    pub const LEDGE_AHEAD: Flags = Flags(128);

    /// No flag set.
    ///
    /// ```
    /// use megacollide_engine::body::{Body, Flags};
    /// assert_eq!(Body::new(0, 0, 8, 8).flags, Flags::NONE); // a new body has moved nowhere
    /// ```
    pub const NONE: Flags = Flags(0);

    /// Whether every flag of `f` is set.
    ///
    /// ```
    /// use megacollide_engine::body::Flags;
    /// let f = Flags(Flags::ON_GROUND.0 | Flags::HIT_LEFT.0);
    /// assert!(f.contains(Flags::ON_GROUND) && !f.contains(Flags::HIT_RIGHT));
    /// ```
    #[inline]
    pub const fn contains(self, f: Flags) -> bool {
        self.0 & f.0 == f.0
    }

    /// Sets the flags of `f`.
    ///
    /// ```
    /// use megacollide_engine::body::Flags;
    /// let mut f = Flags::NONE;
    /// f.insert(Flags::HIT_CEILING);
    /// assert_eq!(f, Flags::HIT_CEILING);
    /// ```
    #[inline]
    pub fn insert(&mut self, f: Flags) {
        self.0 |= f.0;
    }

    /// Clears the flags of `f`.
    ///
    /// ```
    /// use megacollide_engine::body::Flags;
    /// let mut f = Flags(Flags::ON_GROUND.0 | Flags::LANDED.0);
    /// f.remove(Flags::LANDED);
    /// assert_eq!(f, Flags::ON_GROUND);
    /// ```
    #[inline]
    pub fn remove(&mut self, f: Flags) {
        self.0 &= !f.0;
    }
}

/// Pixel-space axis-aligned rectangle: covers pixels `x .. x + w` and
/// `y .. y + h`.
///
/// ```
/// use megacollide_engine::body::Rect;
/// let coin = Rect::new(100, 40, 16, 16); // pixels 100..116, 40..56
/// assert!(coin.contains(115, 55) && !coin.contains(116, 40));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    /// Left column (pixel-space).
    pub x: i16,
    /// Top row (pixel-space).
    pub y: i16,
    /// Width in pixels.
    pub w: i16,
    /// Height in pixels.
    pub h: i16,
}

impl Rect {
    /// A rectangle from pixel-space position and pixel size.
    ///
    /// ```
    /// use megacollide_engine::body::Rect;
    /// let r = Rect::new(-8, 0, 16, 32);
    /// assert_eq!((r.x, r.w), (-8, 16));
    /// ```
    pub const fn new(x: i16, y: i16, w: i16, h: i16) -> Rect {
        Rect { x, y, w, h }
    }

    /// Entity vs entity test: do the two rectangles share at least one pixel?
    /// Touching edges (`a.x + a.w == b.x`) do not overlap; empty rectangles
    /// overlap nothing.
    ///
    /// ```
    /// use megacollide_engine::body::Rect;
    /// let player = Rect::new(0, 0, 16, 32);
    /// assert!(player.overlaps(&Rect::new(15, 31, 8, 8)));
    /// assert!(!player.overlaps(&Rect::new(16, 0, 8, 8)), "touching is no overlap");
    /// ```
    #[inline]
    pub const fn overlaps(&self, o: &Rect) -> bool {
        self.w > 0
            && self.h > 0
            && o.w > 0
            && o.h > 0
            && self.x < o.x + o.w
            && o.x < self.x + self.w
            && self.y < o.y + o.h
            && o.y < self.y + self.h
    }

    /// The shared pixels of two rectangles, if any.
    ///
    /// ```
    /// use megacollide_engine::body::Rect;
    /// let a = Rect::new(0, 0, 16, 16);
    /// assert_eq!(a.intersection(&Rect::new(8, 4, 16, 16)), Some(Rect::new(8, 4, 8, 12)));
    /// assert_eq!(a.intersection(&Rect::new(40, 0, 8, 8)), None);
    /// ```
    pub fn intersection(&self, o: &Rect) -> Option<Rect> {
        if !self.overlaps(o) {
            return None;
        }
        let x0 = if self.x > o.x { self.x } else { o.x };
        let y0 = if self.y > o.y { self.y } else { o.y };
        let x1 = if self.x + self.w < o.x + o.w { self.x + self.w } else { o.x + o.w };
        let y1 = if self.y + self.h < o.y + o.h { self.y + self.h } else { o.y + o.h };
        Some(Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// Whether pixel-space `(x, y)` is inside.
    ///
    /// ```
    /// use megacollide_engine::body::Rect;
    /// let r = Rect::new(10, 10, 4, 4);
    /// assert!(r.contains(10, 13) && !r.contains(14, 10));
    /// ```
    #[inline]
    pub const fn contains(&self, x: i16, y: i16) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }
}

/// A solid entity (moving platform, door, crate): a pixel-space box that
/// blocks bodies from every side and carries bodies standing on it.
///
/// The game moves its boxes first each frame and stores the pixel movement
/// of this frame in `dx`, `dy`; [`crate::motion::move_body`] then carries
/// the bodies riding the box by the same amount before their own move.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::{Body, Flags};
/// use megacollide_engine::motion::move_body;
/// use megacollide_engine::SubPx;
/// use megacollide_engine::body::{Rect, SolidBox};
/// // A platform moving right 1 px a frame: what stands on it rides along.
/// let platform = [SolidBox { rect: Rect::new(0, 16, 32, 8), dx: 1, dy: 0 }];
/// let mut b = Body::new(8, 8, 8, 8);
/// b.vy = SubPx::from_num(1);
/// move_body(&map, &platform, &mut b);
/// assert!(b.on_ground() && b.riding == 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolidBox {
    /// Box position and size (pixel-space, after this frame's move).
    pub rect: Rect,
    /// Horizontal pixels moved this frame (pixel-space).
    pub dx: i8,
    /// Vertical pixels moved this frame (pixel-space).
    pub dy: i8,
}

/// "Not riding any box" value of [`Body::riding`].
///
/// ```
/// use megacollide_engine::body::{Body, NO_BOX};
/// assert_eq!(Body::new(0, 0, 8, 8).riding, NO_BOX); // riding nothing
/// ```
pub const NO_BOX: u8 = 0xFF;

/// Where a body stands on the compiled surfaces (see [`crate::surface`]): the chain of its
/// size and the index of its size's class, as the body's last move found them. The one
/// record of where a body stands: every route of [`crate::motion`] reads and writes it
/// (bodies of [`crate::motion::move_bodies`], walkers, patrols). A body's fields are the
/// game's, so the footing is checked against the tables before use (the body's position
/// must be one of the chain's): any value is safe and a game never needs to reset it.
/// Written by the engine; tools that copy bodies between machines use
/// [`Body::footing_bits`].
///
/// ```
/// use megacollide_engine::body::Footing;
/// // Kept by the engine in each body; a game only copies bodies, footing included.
/// let footing = Footing::NONE;
/// assert_eq!(footing, Footing::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Footing {
    /// The chain (index in [`crate::surface::Surfaces::chains`]).
    pub(crate) chain: u16,
    /// Its size's class (index in [`crate::surface::Surfaces::classes`]).
    pub(crate) class: u8,
    pad: u8,
}

impl Footing {
    /// No footing known (class 0, chain 0: checked like any other).
    ///
    /// ```
    /// use megacollide_engine::body::{Body, Footing};
    /// let mut b = Body::new(0, 0, 8, 8);
    /// b.set_footing_bits(0); // what NONE is
    /// assert_eq!(b.footing_bits(), 0);
    /// let _ = Footing::NONE;
    /// ```
    pub const NONE: Footing = Footing { chain: 0, class: 0, pad: 0 };

    /// Chain `chain` of class `class`.
    #[inline(always)]
    pub(crate) const fn new(class: u8, chain: u16) -> Footing {
        Footing { chain, class, pad: 0 }
    }
}

/// A moving box: sub-pixel position and velocity, pixel size, flags.
///
/// `#[repr(C)]`, 16 bytes (checked below): a fixed layout that game code and tools
/// (the bench ELF, tests reading RAM) can rely on, and a power of two, so an array of
/// bodies is indexed with a shift.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::body::{Body, Flags};
/// use megacollide_engine::motion::move_body;
/// use megacollide_engine::SubPx;
/// let mut b = Body::new(8, 0, 16, 16);
/// b.vx = SubPx::from_num(1.5); // right, 1.5 px a frame
/// b.vy = SubPx::from_num(4);
/// for _ in 0..10 {
///     move_body(&map, &[], &mut b);
/// }
/// assert!(b.on_ground());
/// assert_eq!((b.px(), b.py()), (23, 16));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Body {
    /// Left edge (sub-pixel, pixel-space; the box covers pixel columns
    /// `floor(x) .. floor(x) + w`).
    pub x: SubPx,
    /// Top edge (sub-pixel, pixel-space; rows `floor(y) .. floor(y) + h`).
    pub y: SubPx,
    /// Horizontal velocity in sub-pixels per frame (+ = right), clamped to
    /// +-[`crate::MAX_SPEED_PX`] pixels per frame when moving.
    pub vx: SubPx,
    /// Vertical velocity in sub-pixels per frame (+ = down), clamped like `vx`.
    pub vy: SubPx,
    /// Width in pixels, `1 ..= 64`.
    pub w: u8,
    /// Height in pixels, `1 ..= 64`.
    pub h: u8,
    /// Collision flags of the last move.
    pub flags: Flags,
    /// Index (into the `solids` slice) of the box this body stands on, or
    /// [`NO_BOX`].
    pub riding: u8,
    /// Where the body stands on the compiled surfaces (see [`Footing`]).
    pub(crate) footing: Footing,
}

impl Body {
    /// A body at pixel-space `(x, y)` (top-left), `w` x `h` pixels (clamped
    /// to `1 ..= 64`), at rest.
    ///
    /// ```
    /// use megacollide_engine::body::Body;
    /// let b = Body::new(32, 48, 16, 32); // a 16 x 32 body, top-left at (32, 48)
    /// assert_eq!(b.rect(), megacollide_engine::body::Rect::new(32, 48, 16, 32));
    /// assert_eq!(Body::new(0, 0, 100, 0).rect().w, 64, "sizes clamped to 1..=64");
    /// ```
    pub const fn new(x: i16, y: i16, w: u8, h: u8) -> Body {
        let w = if w == 0 {
            1
        } else if w > MAX_BODY_SIZE {
            MAX_BODY_SIZE
        } else {
            w
        };
        let h = if h == 0 {
            1
        } else if h > MAX_BODY_SIZE {
            MAX_BODY_SIZE
        } else {
            h
        };
        Body {
            x: SubPx::from_bits(sub_of_px(x)),
            y: SubPx::from_bits(sub_of_px(y)),
            vx: SubPx::ZERO,
            vy: SubPx::ZERO,
            w,
            h,
            flags: Flags::NONE,
            riding: NO_BOX,
            footing: Footing::NONE,
        }
    }

    /// The body's [`Footing`] as one word, for tools that copy bodies between machines (the
    /// bench's differential checks); [`Body::set_footing_bits`] is the inverse.
    ///
    /// ```
    /// use megacollide_engine::body::Body;
    /// let a = Body::new(0, 0, 8, 8);
    /// let mut copy = Body::new(0, 0, 8, 8);
    /// copy.set_footing_bits(a.footing_bits()); // a body copied between machines, footing and all
    /// assert_eq!(copy, a);
    /// ```
    pub const fn footing_bits(&self) -> u32 {
        (self.footing.chain as u32) << 16 | (self.footing.class as u32) << 8 | self.footing.pad as u32
    }

    /// Sets the [`Footing`] from [`Body::footing_bits`]' word (any value is safe).
    ///
    /// ```
    /// use megacollide_engine::body::Body;
    /// let mut b = Body::new(0, 0, 8, 8);
    /// b.set_footing_bits(0x0001_0200);
    /// assert_eq!(b.footing_bits(), 0x0001_0200);
    /// ```
    pub fn set_footing_bits(&mut self, bits: u32) {
        self.footing = Footing { chain: (bits >> 16) as u16, class: (bits >> 8) as u8, pad: bits as u8 };
    }

    /// Left pixel column (pixel-space, `floor(x)`).
    ///
    /// ```
    /// use megacollide_engine::{body::Body, SubPx};
    /// let mut b = Body::new(10, 0, 8, 8);
    /// b.x = SubPx::from_num(10.875);
    /// assert_eq!(b.px(), 10); // floor of the sub-pixel position
    /// ```
    #[inline]
    pub const fn px(&self) -> i16 {
        px_of_sub(self.x.to_bits())
    }

    /// Top pixel row (pixel-space, `floor(y)`).
    ///
    /// ```
    /// use megacollide_engine::{body::Body, SubPx};
    /// let mut b = Body::new(0, 0, 8, 8);
    /// b.y = SubPx::from_num(-0.5);
    /// assert_eq!(b.py(), -1);
    /// ```
    #[inline]
    pub const fn py(&self) -> i16 {
        px_of_sub(self.y.to_bits())
    }

    /// The pixel-space box.
    ///
    /// ```
    /// use megacollide_engine::body::{Body, Rect};
    /// assert_eq!(Body::new(5, 6, 7, 8).rect(), Rect::new(5, 6, 7, 8));
    /// ```
    #[inline]
    pub const fn rect(&self) -> Rect {
        Rect::new(self.px(), self.py(), self.w as i16, self.h as i16)
    }

    /// Whether [`Flags::ON_GROUND`] is set.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::body::{Body, Flags};
    /// use megacollide_engine::motion::move_body;
    /// use megacollide_engine::SubPx;
    /// let mut b = Body::new(8, 24, 8, 8);
    /// assert!(!b.on_ground(), "not moved yet");
    /// b.vy = SubPx::from_num(1);
    /// move_body(&map, &[], &mut b);
    /// assert!(b.on_ground());
    /// ```
    #[inline]
    pub const fn on_ground(&self) -> bool {
        self.flags.contains(Flags::ON_GROUND)
    }

    /// Entity vs entity: do the pixel boxes of two bodies overlap?
    ///
    /// ```
    /// use megacollide_engine::body::Body;
    /// let player = Body::new(0, 0, 16, 32);
    /// assert!(player.overlaps(&Body::new(8, 24, 16, 16)));
    /// assert!(!player.overlaps(&Body::new(16, 0, 16, 16)));
    /// ```
    #[inline]
    pub const fn overlaps(&self, other: &Body) -> bool {
        self.rect().overlaps(&other.rect())
    }
}

// The layout documented at `Body`.
const _: () = {
    assert!(core::mem::size_of::<Body>() == 16);
    assert!(core::mem::offset_of!(Body, x) == 0);
    assert!(core::mem::offset_of!(Body, y) == 2);
    assert!(core::mem::offset_of!(Body, vx) == 4);
    assert!(core::mem::offset_of!(Body, vy) == 6);
    assert!(core::mem::offset_of!(Body, w) == 8);
    assert!(core::mem::offset_of!(Body, h) == 9);
    assert!(core::mem::offset_of!(Body, flags) == 10);
    assert!(core::mem::offset_of!(Body, riding) == 11);
    assert!(core::mem::offset_of!(Body, footing) == 12);
};
