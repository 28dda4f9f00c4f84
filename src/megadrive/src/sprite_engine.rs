//! The sprite engine: a game's objects on screen without VRAM, DMA or sprite-table code.
//!
//! A game adds objects made from a [`Sheet`] (the frames of a PNG sprite sheet compiled by
//! `romtool sprites`, with its animations), moves them in map pixels and picks their
//! animation; the engine does the rest, once a frame:
//!
//! - **VRAM**: it allocates each sheet's tiles in the range given to [`SpriteEngine::new`]
//!   and frees them with the last object of the sheet. A *resident* sheet loads all its
//!   frames once, shared by every object of the sheet; a *streamed* sheet gives each object
//!   room for one frame, uploaded by DMA when the frame shown changes (big frames, few
//!   objects); a *shared* sheet is resident and all its objects show one frame, the sheet's,
//!   chosen with [`SpriteEngine::set_shared_frame`] (a crowd that walks in step). A sheet that
//!   does not fit makes [`SpriteEngine::add`] return `None`; nothing already on screen is
//!   touched.
//! - **Animation**: each object plays its [`Animation`]: every picture shows for the
//!   animation's `duration` steps; a looping animation starts again, a one-shot stays on
//!   its last picture ([`SpriteEngine::finished`] says when it got there).
//! - **Metasprites**: a frame up to 128 x 128 pixels is cut into hardware sprites of up to
//!   32 x 32 pixels ([`pieces`]), each at its offset; flips mirror the offsets as well as
//!   the pictures.
//! - **Culling**: an object whose frame lies entirely off screen takes no hardware sprite.
//! - **The sprite table**: built in RAM by [`SpriteEngine::update`] (outside VBlank), in
//!   the objects' order, and written with the frame uploads by [`SpriteEngine::upload`] in
//!   VBlank. An object takes the first free slot of the engine and keeps it (its handle):
//!   objects are drawn in slot order, the first added on top, and one added after a removal
//!   takes the removed one's place. Animations step with [`SpriteEngine::animate`], once per
//!   game step.
//!
//! **At the hardware's limits.** The VDP shows at most 80 sprites (H40) in the link order
//! and at most 20 on one scanline (320 pixels of sprites): the engine fills the table in the
//! objects' order and drops whole objects that do not fit in the 80 ([`SpriteEngine::dropped`]
//! counts them each frame, so a game can tell); on a line with more than 20 sprites the VDP
//! itself leaves out the ones later in the link order, the objects in later slots. Streamed
//! frames are uploaded up to a budget of bytes a VBlank ([`DEFAULT_UPLOAD_BUDGET`], about
//! what an NTSC VBlank moves besides the rest): the others wait a frame, in slot order.
//! Objects: at most `N` (the engine's const parameter); frames: at most 128 x 128 pixels.
//!
//! ```no_run
//! use megadrive::sprite_engine::{Animation, Residency, Sheet, SpriteEngine};
//!
//! static COIN_TILES: [u16; 64] = [0; 64]; // from romtool: 1 frame of 2 x 2 tiles
//! static SPIN: Animation = Animation { frames: &[0], duration: 8, looping: true };
//! static COIN: Sheet = Sheet::new(&COIN_TILES, 16, 16, 3, Residency::Resident);
//!
//! // VDP tiles 384..512 for the sprites; up to 16 objects.
//! let mut sprites: SpriteEngine<16> = SpriteEngine::new(384, 128);
//! let coin = sprites.add(&COIN, &SPIN, 112, 168).expect("room in VRAM");
//! loop {
//!     // ... wait for VBlank ...
//!     sprites.upload();
//!     // ... the game's step moves things and the camera ...
//!     sprites.set_position(coin, 112, 160);
//!     sprites.animate();
//!     sprites.update(0, 0);
//! }
//! ```

use crate::dma;
use crate::sprites::SpriteList;
use crate::vdp::{self, SCREEN_H, SCREEN_W};

/// Hardware sprites the VDP shows in H40 (the sprite table's size).
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
/// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
/// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
/// let mut sprites: SpriteEngine<100> = SpriteEngine::new(0, 2048);
/// for i in 0..100 {
///     sprites.add(&HERO, &WALK, (i % 16) * 16, (i / 16) * 32);
/// }
/// sprites.update(0, 0);
/// assert_eq!(sprites.hardware_sprites() as usize, MAX_HARDWARE_SPRITES);
/// assert_eq!(sprites.dropped(), 100 - 80);
/// ```
pub const MAX_HARDWARE_SPRITES: usize = 80;
/// The biggest frame, pixels per side: 4 x 4 hardware sprites of 32 x 32.
///
/// ```
/// use megadrive::sprite_engine::{pieces, MAX_FRAME_PX};
/// assert_eq!(pieces(MAX_FRAME_PX, MAX_FRAME_PX).count(), 16);
/// ```
pub const MAX_FRAME_PX: u16 = 128;
/// Frame uploads [`SpriteEngine::upload`] can hold in one frame (streamed objects whose
/// picture changed); more wait for the next frame.
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 4 * 16] = [0; 64];
/// static COIN: Sheet = Sheet::new(&T, 16, 16, 0, Residency::Streamed);
/// # static SPIN: Animation = Animation { frames: &[0], duration: 1, looping: true };
/// let mut sprites: SpriteEngine<20> = SpriteEngine::new(0, 256);
/// for i in 0..20 {
///     sprites.add(&COIN, &SPIN, i * 16, 0);
/// }
/// sprites.update(0, 0); // 20 first pictures to upload: 16 now, 4 next frame
/// assert_eq!(sprites.queued_uploads() as usize, MAX_UPLOADS);
/// ```
pub const MAX_UPLOADS: usize = 16;
/// Bytes of streamed frames [`SpriteEngine::upload`] writes in one VBlank unless told
/// otherwise ([`SpriteEngine::set_upload_budget`]): an NTSC VBlank moves about 7,200 bytes by
/// DMA in H40, and the sprite table, the planes' new rows and columns and the palettes need
/// the rest. Frames go in slot order; from the first that does not fit, the rest wait for
/// the next VBlank (each object shows its last uploaded picture until then). The first frame
/// of a VBlank always goes, however big.
///
/// ```
/// # use megadrive::sprite_engine::*;
/// static BIG_TILES: [u16; 48 * 16] = [0; 768]; // 1 frame of 64 x 48: 1,536 bytes
/// static BIG: Sheet = Sheet::new(&BIG_TILES, 64, 48, 0, Residency::Streamed);
/// # static SPIN: Animation = Animation { frames: &[0], duration: 1, looping: true };
/// let mut sprites: SpriteEngine<8> = SpriteEngine::new(0, 1024);
/// for i in 0..5 {
///     sprites.add(&BIG, &SPIN, i * 64, 0);
/// }
/// sprites.update(0, 0); // 5 first pictures of 1,536 bytes: 3 now, 2 next frame
/// assert_eq!(sprites.queued_uploads(), 3);
/// assert_eq!(DEFAULT_UPLOAD_BUDGET, 5_120);
/// ```
pub const DEFAULT_UPLOAD_BUDGET: u16 = 5_120;
/// VRAM blocks the allocator keeps track of (sheets and streamed objects at once).
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 4 * 16] = [0; 64];
/// static BALL: Sheet = Sheet::new(&T, 16, 16, 0, Residency::Streamed);
/// # static SPIN: Animation = Animation { frames: &[0], duration: 1, looping: true };
/// let mut sprites: SpriteEngine<40> = SpriteEngine::new(0, 1024);
/// let added = (0..40).filter(|_| sprites.add(&BALL, &SPIN, 0, 0).is_some()).count();
/// assert_eq!(added, MAX_BLOCKS); // one VRAM block per streamed object
/// ```
pub const MAX_BLOCKS: usize = 32;

/// Where a sheet's frames live in VRAM (a byte: `Resident` 0, `Streamed` 1, `Shared` 2, as
/// the animation kernel reads it).
///
/// ```
/// # use megadrive::sprite_engine::*;
/// static HERO_TILES: [u16; 8 * 8 * 16] = [0; 1024]; // 8 frames of 16 x 32
/// // Few frames, many objects: resident. Big frames, few objects: streamed.
/// static HERO: Sheet = Sheet::new(&HERO_TILES, 16, 32, 3, Residency::Resident);
/// static BOSS_TILES: [u16; 4 * 64 * 16] = [0; 4096]; // 4 frames of 64 x 64
/// static BOSS: Sheet = Sheet::new(&BOSS_TILES, 64, 64, 2, Residency::Streamed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Residency {
    /// Every frame in VRAM once, shared by all the sheet's objects: no upload when the
    /// picture changes.
    Resident,
    /// One frame's tiles per object, uploaded by DMA when its picture changes.
    Streamed,
    /// Every frame in VRAM once, as `Resident`, and one frame for the whole sheet: every
    /// object of the sheet shows the sheet's frame, chosen with
    /// [`SpriteEngine::set_shared_frame`] (a crowd that walks in step, rings that spin
    /// together, as the classic games animate them): a change is one pass over the objects,
    /// none per object each frame. The objects' own animations and frames are not played.
    Shared,
}

/// Most hardware sprites in one frame: 4 x 4 pieces of 32 x 32 pixels.
///
/// ```
/// use megadrive::sprite_engine::{pieces, MAX_PIECES};
/// assert_eq!(pieces(128, 104).count(), MAX_PIECES);
/// ```
pub const MAX_PIECES: usize = 16;

/// The four ways a frame can be mirrored, in the order of the attribute word's flip bits
/// (`vdp::HFLIP` is bit 11, `vdp::VFLIP` bit 12): plain, left-right, top-bottom, both.
const FLIPS: usize = 4;

/// A sprite sheet as `romtool sprites` compiles it: frames of `width` x `height` pixels,
/// each frame's tiles consecutive in `tiles`, cut into hardware sprites as [`pieces`] says
/// (each piece's tiles in the VDP's column-major order). Made with [`Sheet::new`] (at compile
/// time: the pieces are laid out there as sprite table entries for each of the four flips,
/// so drawing a frame is four additions a hardware sprite).
///
/// ```
/// use megadrive::sprite_engine::{Residency, Sheet};
/// static BOSS_TILES: [u16; 2 * 48 * 16] = [0; 1536]; // from romtool: 2 frames of 64 x 48
/// static BOSS: Sheet = Sheet::new(&BOSS_TILES, 64, 48, 2, Residency::Streamed);
/// assert_eq!((BOSS.frames(), BOSS.pieces_per_frame()), (2, 4)); // 2 x 2 hardware sprites
/// ```
#[derive(Debug)]
#[repr(C)]
pub struct Sheet {
    tiles: &'static [u16],
    width: u16,
    height: u16,
    attr: u16,
    residency: Residency,
    tiles_per_frame: u16,
    /// Per flip, each piece's sprite table entry relative to the frame: `[y offset + 128,
    /// size bits, first tile within the frame, x offset + 128]` (offsets in pixels).
    layouts: [[[u16; 4]; MAX_PIECES]; FLIPS],
    /// Per flip, each piece's extents for the clipping test of an object partly on screen,
    /// 512 bytes after its layout entry (the table kernel reads them there): `[x offset +
    /// width - 1, SCREEN_W + width - 1, y offset + height - 1, SCREEN_H + height - 1]`
    /// (pixels). A piece is on screen when `sx + [0] < [1]` and `sy + [2] < [3]`, unsigned,
    /// as [`SpriteList::push_pieces_clipped`] tests.
    extents: [[[u16; 4]; MAX_PIECES]; FLIPS],
    piece_count: u16,
    /// Frames in `tiles` (worked out once here: the 68000 has no quick division).
    frame_count: u16,
}

/// The sprite table's origin: screen pixel 0 is 128 in the table's coordinates.
const ORIGIN: u16 = 128;

impl Sheet {
    /// The sheet of `tiles` (16 words a VDP tile, frame after frame) with frames of `width`
    /// x `height` pixels (8..=128 each, multiples of 8), drawn in CRAM line `palette_line`
    /// (0..=3), resident or streamed. A frame size out of range stops the build (at compile
    /// time in a `static`).
    ///
    /// ```
    /// use megadrive::sprite_engine::{Residency, Sheet};
    /// static TILES: [u16; 2 * 6 * 16] = [0; 192]; // 2 frames of 16 x 24 pixels (2 x 3 tiles)
    /// static HERO: Sheet = Sheet::new(&TILES, 16, 24, 1, Residency::Resident);
    /// assert_eq!((HERO.frames(), HERO.tiles_per_frame(), HERO.pieces_per_frame()), (2, 6, 1));
    /// ```
    pub const fn new(tiles: &'static [u16], width: u16, height: u16, palette_line: u16, residency: Residency) -> Sheet {
        assert!(width >= 8 && width <= MAX_FRAME_PX && width & 7 == 0, "frame width: 8..=128 pixels, a multiple of 8");
        assert!(height >= 8 && height <= MAX_FRAME_PX && height & 7 == 0, "frame height: 8..=128 pixels, a multiple of 8");
        assert!(palette_line < 4, "palette line: 0..=3");
        let mut layouts = [[[0u16; 4]; MAX_PIECES]; FLIPS];
        let mut extents = [[[0u16; 4]; MAX_PIECES]; FLIPS];
        let (mut n, mut x, mut y, mut tile) = (0, 0u16, 0u16, 0u16);
        while y < height {
            let w = if (width - x) >> 3 < 4 { (width - x) >> 3 } else { 4 };
            let h = if (height - y) >> 3 < 4 { (height - y) >> 3 } else { 4 };
            let (w_px, h_px) = (w << 3, h << 3);
            let size = ((w - 1) << 2 | (h - 1)) << 8;
            // Mirrored, a piece's offset is measured from the frame's other side.
            let (hx, vy) = (width - x - w_px, height - y - h_px);
            let mut flip = 0;
            while flip < FLIPS {
                let px = if flip & 1 != 0 { hx } else { x };
                let py = if flip & 2 != 0 { vy } else { y };
                layouts[flip][n] = [py + ORIGIN, size, tile, px + ORIGIN];
                extents[flip][n] = [px + w_px - 1, SCREEN_W as u16 + w_px - 1, py + h_px - 1, SCREEN_H as u16 + h_px - 1];
                flip += 1;
            }
            n += 1;
            tile += w * h;
            x += 32;
            if x >= width {
                (x, y) = (0, y + 32);
            }
        }
        let frame_count = (tiles.len() / (tile as usize * 16)) as u16;
        Sheet {
            tiles,
            width,
            height,
            attr: vdp::cell(palette_line, 0),
            residency,
            tiles_per_frame: tile,
            layouts,
            extents,
            piece_count: n as u16,
            frame_count,
        }
    }

    /// VDP tiles of one frame.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    ///     /// assert_eq!(HERO.tiles_per_frame(), 8); // 2 x 4 tiles
    /// ```
    pub const fn tiles_per_frame(&self) -> u16 {
        self.tiles_per_frame
    }

    /// Frames in the sheet.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    ///     /// assert_eq!(HERO.frames(), 2);
    /// ```
    pub const fn frames(&self) -> u16 {
        self.frame_count
    }

    /// Hardware sprites of one frame.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    ///     /// assert_eq!(HERO.pieces_per_frame(), 1); // 16 x 32: one VDP sprite
    /// ```
    pub const fn pieces_per_frame(&self) -> u16 {
        self.piece_count
    }

    /// The sprite table entries of one frame mirrored as the flip bits of `bits` say.
    fn layout(&'static self, bits: u16) -> &'static [[u16; 4]; MAX_PIECES] {
        &self.layouts[((bits & (vdp::HFLIP | vdp::VFLIP)) >> 11) as usize]
    }
}

/// An animation: pictures (frame indices of the sheet) shown for `duration` steps each.
///
/// ```
/// use megadrive::sprite_engine::Animation;
/// // Frames 1, 2, 3, 2 of the sheet, 6 steps each, again and again.
/// static WALK: Animation = Animation { frames: &[1, 2, 3, 2], duration: 6, looping: true };
/// // A one-shot that stays on frame 5.
/// static HIT: Animation = Animation { frames: &[4, 5], duration: 3, looping: false };
/// ```
#[derive(Debug)]
#[repr(C)]
pub struct Animation {
    /// Frame indices of the sheet, in play order.
    pub frames: &'static [u16],
    /// Steps each picture shows (1..; 0 counts as 1).
    pub duration: u16,
    /// Starts again after the last picture (false: a one-shot, which stays on it).
    pub looping: bool,
}

/// One hardware sprite of a frame: its offset from the frame's top-left (pixels), its size
/// (tiles, 1..=4 each way) and its first tile, counted from the frame's first.
///
/// ```
/// use megadrive::sprite_engine::{pieces, Piece};
/// let first: Piece = pieces(40, 16).next().unwrap();
/// assert_eq!(first, Piece { x: 0, y: 0, w: 4, h: 2, tile: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Offset right, pixels.
    pub x: u16,
    /// Offset down, pixels.
    pub y: u16,
    /// Width, tiles.
    pub w: u16,
    /// Height, tiles.
    pub h: u16,
    /// First tile of the piece within the frame.
    pub tile: u16,
}

/// The hardware sprites a `width` x `height` frame (pixels, multiples of 8, up to 128) is
/// cut into: pieces of up to 32 x 32 pixels from the top-left, row by row (the last column
/// and row of pieces take what is left); each piece's tiles are consecutive, in the VDP's
/// column-major order, pieces one after the other. A frame of up to 32 x 32 is one piece:
/// the layout of one VDP sprite.
///
/// ```
/// use megadrive::sprite_engine::pieces;
/// let p: Vec<_> = pieces(48, 40).collect();
/// assert_eq!(p.len(), 4); // 32 + 16 wide, 32 + 8 high
/// assert_eq!((p[1].x, p[1].w, p[1].h, p[1].tile), (32, 2, 4, 16));
/// assert_eq!((p[2].y, p[2].h, p[3].tile), (32, 1, 28));
/// ```
pub fn pieces(width: u16, height: u16) -> impl Iterator<Item = Piece> {
    let sheet = Sheet::new(&[], width, height, 0, Residency::Resident);
    (0..sheet.piece_count as usize).map(move |i| {
        let [y, size, tile, x] = sheet.layouts[0][i];
        Piece { x: x - ORIGIN, y: y - ORIGIN, w: ((size >> 10) & 3) + 1, h: ((size >> 8) & 3) + 1, tile }
    })
}

/// The tile of a `width` x `height` frame (pixels, as [`pieces`] cuts it) that holds pixel
/// (`x`, `y`) of the frame: where a tool or a program that draws a sheet puts that pixel.
///
/// ```
/// use megadrive::sprite_engine::frame_tile;
/// assert_eq!(frame_tile(16, 32, 8, 0), 4); // column-major: the second column's first tile
/// assert_eq!(frame_tile(48, 32, 40, 8), 16 + 4 + 1); // the second piece (2 x 4 tiles)
/// ```
pub const fn frame_tile(width: u16, height: u16, x: u16, y: u16) -> u16 {
    // Whole rows of pieces above (32 pixels high each), then the pieces left of it in its row.
    let (row_y, col_x) = (y & !31, x & !31);
    let row_h = if height - row_y < 32 { height - row_y } else { 32 };
    let tiles_above = (width >> 3) * (row_y >> 3);
    let tiles_left = (col_x >> 3) * (row_h >> 3);
    tiles_above + tiles_left + ((x - col_x) >> 3) * (row_h >> 3) + ((y - row_y) >> 3)
}

/// An object added to the engine: give it back to move, animate or remove it.
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
/// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
/// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
/// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
/// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
/// sprites.set_position(hero, 120, 60);
/// sprites.remove(hero);
/// assert_eq!(sprites.frame(hero), 0); // a removed object's handle reads as nothing
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle(u8);

/// Objects of one sheet in consecutive slots, added together by
/// [`SpriteEngine::add_group`] (a crowd of enemies, a ring scatter, bullets): placed in one
/// pass with [`SpriteEngine::group_mut`], which walks the slots without a look-up per object.
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 4 * 16] = [0; 64];
/// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
/// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
/// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
/// let rings: Group = sprites.add_group(&RING, &SPIN, 5, 0, 0).unwrap();
/// assert_eq!(rings.len(), 5);
/// assert!(rings.handle(4).is_some() && rings.handle(5).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    first: u8,
    len: u8,
}

impl Group {
    /// Objects in the group.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 4 * 16] = [0; 64];
    /// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
    /// assert_eq!(sprites.add_group(&RING, &SPIN, 3, 0, 0).unwrap().len(), 3);
    /// ```
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the group has no object.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 4 * 16] = [0; 64];
    /// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
    /// assert!(sprites.add_group(&RING, &SPIN, 0, 0, 0).unwrap().is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The handle of the group's object `i` (0-based; `None` from `len()` on).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 4 * 16] = [0; 64];
    /// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
    /// let rings = sprites.add_group(&RING, &SPIN, 2, 0, 0).unwrap();
    /// sprites.set_position(rings.handle(1).unwrap(), 40, 40);
    /// ```
    pub const fn handle(&self, i: usize) -> Option<Handle> {
        if i < self.len as usize {
            Some(Handle(self.first + i as u8))
        } else {
            None
        }
    }
}

/// A block of VDP tiles in use: its first tile and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    first: u16,
    len: u16,
}

/// A first-fit allocator over a range of VDP tiles: the blocks in use, sorted by their
/// first tile, so one pass finds the first gap that fits.
#[derive(Clone, Debug)]
struct Tiles {
    start: u16,
    end: u16,
    used: [Block; MAX_BLOCKS],
    count: u16,
}

impl Tiles {
    const fn new(start: u16, count: u16) -> Tiles {
        Tiles { start, end: start + count, used: [Block { first: 0, len: 0 }; MAX_BLOCKS], count: 0 }
    }

    /// The first tile of the first gap of `len` tiles, now in use; `None` when no gap fits
    /// or [`MAX_BLOCKS`] blocks are in use.
    fn alloc(&mut self, len: u16) -> Option<u16> {
        let n = self.count as usize;
        if n == MAX_BLOCKS {
            return None;
        }
        let mut at = self.start;
        let mut i = 0;
        while i < n && self.used[i].first - at < len {
            at = self.used[i].first + self.used[i].len;
            i += 1;
        }
        if i == n && self.end - at < len {
            return None;
        }
        self.used.copy_within(i..n, i + 1);
        self.used[i] = Block { first: at, len };
        self.count += 1;
        Some(at)
    }

    /// Frees the block that starts at tile `first`.
    fn free(&mut self, first: u16) {
        let n = self.count as usize;
        if let Some(i) = self.used[..n].iter().position(|b| b.first == first) {
            self.used.copy_within(i + 1..n, i);
            self.count -= 1;
        }
    }
}

/// A resident sheet loaded in VRAM: its first tile and how many objects use it.
#[derive(Clone, Copy, Debug)]
struct Loaded {
    sheet: Option<&'static Sheet>,
    first: u16,
    users: u16,
    /// A shared sheet's frame.
    frame: u16,
    /// The slots its objects were added to lie in `first_slot..=last_slot` (a shared
    /// sheet's frame change passes over these only).
    first_slot: u8,
    last_slot: u8,
}

/// An object: what it shows and where, in 32 bytes (a power of two: finding a handle's
/// object is a shift). The fields [`SpriteEngine::update`] reads every frame come first and
/// are kept ready (the attribute word, the flip's layout), so that drawing reads no sheet
/// and does no arithmetic beyond the position.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Object {
    /// Map pixels (the frame's top-left).
    x: i16,
    y: i16,
    /// `SCREEN_W` - the frame's width and `SCREEN_H` - its height: the largest screen
    /// position (pixels) of a frame wholly on screen.
    x_limit: u16,
    y_limit: u16,
    /// The attribute word of the frame shown: palette line, flips, priority and its first
    /// VDP tile.
    attr: u16,
    /// Hardware sprites of a frame.
    pieces: u16,
    /// The sprite table entries of a frame, for the object's flip (the first `pieces`).
    layout: &'static [[u16; 4]; MAX_PIECES],
    /// Steps until the next picture (at least 1).
    steps: u16,
    /// [`VISIBLE`], [`PENDING`], [`DONE`].
    flags: u16,
    /// The picture shown (index into the animation's frames).
    picture: u16,
    /// First VDP tile: the sheet's (resident) or the object's frame slot (streamed).
    tile: u16,
    sheet: &'static Sheet,
    animation: &'static Animation,
}

// 32 bytes on the 68000 (4-byte pointers), at the offsets `asm/sprite_kernels.s` reads.
#[cfg(target_arch = "m68k")]
const _: () = {
    use core::mem::{offset_of, size_of};
    assert!(size_of::<Object>() == 32);
    assert!(
        offset_of!(Object, x) == 0 && offset_of!(Object, y) == 2 && offset_of!(Object, x_limit) == 4 && offset_of!(Object, y_limit) == 6
    );
    assert!(offset_of!(Object, attr) == 8 && offset_of!(Object, pieces) == 10 && offset_of!(Object, layout) == 12);
    assert!(offset_of!(Object, steps) == 16 && offset_of!(Object, flags) == 18);
    assert!(offset_of!(Object, picture) == 20 && offset_of!(Object, sheet) == 24 && offset_of!(Object, animation) == 28);
    assert!(offset_of!(Animation, frames) == 0 && offset_of!(Animation, duration) == 8 && offset_of!(Animation, looping) == 10);
    assert!(offset_of!(Sheet, residency) == 14 && offset_of!(Sheet, tiles_per_frame) == 16);
    assert!(offset_of!(Sheet, extents) == offset_of!(Sheet, layouts) + 512 && size_of::<[[[u16; 4]; MAX_PIECES]; FLIPS]>() == 512);
    assert!(Residency::Resident as u8 == 0 && DONE == 4);
    assert!(VISIBLE == 1 && PENDING == 2 && USED | VISIBLE == 9 && MAX_HARDWARE_SPRITES == 80 && SCREEN_W == 320 && SCREEN_H == 224);
};

/// Frames [`SpriteEngine::set_frame`] can hold: sheet frames `0..HELD_FRAMES`.
///
/// ```
/// use megadrive::sprite_engine::HELD_FRAMES;
/// assert_eq!(HELD_FRAMES, 256);
/// ```
pub const HELD_FRAMES: usize = 256;

/// The frame numbers `0..HELD_FRAMES`, for the held animations.
static FRAME_NUMBERS: [u16; HELD_FRAMES] = {
    let mut n = [0u16; HELD_FRAMES];
    let mut i = 0;
    while i < HELD_FRAMES {
        n[i] = i as u16;
        i += 1;
    }
    n
};

/// Per sheet frame, an animation that shows only it ([`SpriteEngine::set_frame`]): one
/// picture, looping, so the animation step never changes the frame.
static HELD: [Animation; HELD_FRAMES] = {
    const NONE: Animation = Animation { frames: &[], duration: u16::MAX, looping: true };
    let mut held = [NONE; HELD_FRAMES];
    let mut i = 0;
    while i < HELD_FRAMES {
        held[i] = Animation { frames: core::slice::from_ref(&FRAME_NUMBERS[i]), duration: u16::MAX, looping: true };
        i += 1;
    }
    held
};

/// [`Object::flags`]: drawn (else kept, animated, but left out of the table).
const VISIBLE: u16 = 1;
/// [`Object::flags`]: a streamed object whose slot does not hold the frame shown yet.
const PENDING: u16 = 2;
/// [`Object::flags`]: a one-shot animation on its last picture with its time up.
const DONE: u16 = 4;
/// [`Object::flags`]: the slot holds an object.
const USED: u16 = 8;

/// What an unused object slot holds.
const NO_SHEET: &Sheet = &Sheet::new(&[], 8, 8, 0, Residency::Resident);
const NO_ANIMATION: &Animation = &Animation { frames: &[0], duration: 1, looping: true };
const NO_OBJECT: Object = Object {
    x: 0,
    y: 0,
    x_limit: 0,
    y_limit: 0,
    attr: 0,
    pieces: 0,
    layout: &NO_SHEET.layouts[0],
    // A free slot's steps run out only every 65,535 steps (it shows nothing either way).
    steps: u16::MAX,
    flags: 0,
    picture: 0,
    tile: 0,
    sheet: NO_SHEET,
    animation: NO_ANIMATION,
};

impl Object {
    /// The sheet frame shown.
    fn frame(&self) -> u16 {
        self.animation.frames.get(self.picture as usize).copied().unwrap_or(0)
    }

    /// The flip and priority bits of the attribute word.
    fn bits(&self) -> u16 {
        self.attr & (vdp::HFLIP | vdp::VFLIP | vdp::PRIORITY)
    }

    /// Shows picture `picture` of `animation` for the animation's duration (a streamed
    /// object whose frame changes gets it uploaded).
    fn play(&mut self, animation: &'static Animation, picture: u16) {
        // A shared sheet's objects show the sheet's frame: they hold their first.
        let animation = if self.sheet.residency == Residency::Shared { &HELD[0] } else { animation };
        let before = self.frame();
        self.animation = animation;
        self.picture = picture;
        self.steps = if animation.duration == 0 { 1 } else { animation.duration };
        self.flags &= !DONE;
        if self.sheet.residency == Residency::Streamed && self.frame() != before {
            self.flags |= PENDING;
        }
        self.refresh(self.bits());
    }

    /// Holds sheet frame `frame` ([`SpriteEngine::set_frame`]): only what the change needs,
    /// as the animation step does (a resident frame's first tile by difference, a streamed
    /// one marked for upload). A frame past the sheet's or [`HELD_FRAMES`] is ignored.
    #[cold]
    #[inline(never)]
    fn hold(&mut self, frame: u16) {
        if frame as usize >= HELD_FRAMES || frame >= self.sheet.frames() || self.sheet.residency == Residency::Shared {
            return;
        }
        let before = self.frame();
        self.animation = &HELD[frame as usize];
        self.picture = 0;
        self.steps = u16::MAX;
        self.flags &= !DONE;
        self.frame_changed(before, frame);
    }

    /// What showing sheet frame `frame` instead of `before` changes (the rule the animation
    /// kernel `mc_sprite_animate` follows too): a resident object's first tile moves by the
    /// frames between, a streamed one's frame is marked for upload (a shared sheet's objects
    /// hold their frame: they never get here with a change).
    fn frame_changed(&mut self, before: u16, frame: u16) {
        if frame != before {
            let s = self.sheet;
            match s.residency {
                Residency::Resident => self.attr = self.attr.wrapping_add(frame.wrapping_sub(before).wrapping_mul(s.tiles_per_frame)),
                Residency::Streamed | Residency::Shared => self.flags |= PENDING,
            }
        }
    }

    /// [`Object::refresh`] for a new flip (out of line: a flip seldom changes).
    #[cold]
    #[inline(never)]
    fn reflip(&mut self, bits: u16) {
        self.refresh(bits);
    }

    /// The attribute word and layout for the frame shown with flip and priority `bits`.
    fn refresh(&mut self, bits: u16) {
        let s = self.sheet;
        let first = match s.residency {
            Residency::Resident => self.tile + self.frame() * s.tiles_per_frame,
            Residency::Streamed => self.tile,
            // The sheet's frame, which the engine sets on all its objects.
            Residency::Shared => self.attr & 0x07FF,
        };
        self.attr = (s.attr | bits) + first;
        self.layout = s.layout(bits);
        self.pieces = s.piece_count;
    }

    /// One step of the animation: the next picture when its time is up (a one-shot stays
    /// on its last picture). The 68000 runs `mc_sprite_animate` instead.
    #[cfg(not(target_arch = "m68k"))]
    #[inline(always)]
    fn step(&mut self) {
        self.steps -= 1;
        if self.steps == 0 {
            self.next_picture();
        }
    }

    /// The next picture of the animation (the first again when it loops; a one-shot on
    /// its last picture is done). Only what the new frame changes is worked out: a
    /// resident object's first tile moves by the frames between, a streamed one's frame
    /// is marked for upload.
    #[cfg(not(target_arch = "m68k"))]
    fn next_picture(&mut self) {
        let a = self.animation;
        let next = self.picture + 1;
        let picture = if (next as usize) < a.frames.len() {
            next
        } else if a.looping {
            0
        } else {
            self.steps = u16::MAX;
            self.flags |= DONE;
            return;
        };
        let before = self.frame();
        self.picture = picture;
        self.steps = if a.duration == 0 { 1 } else { a.duration };
        let frame = self.frame();
        self.frame_changed(before, frame);
    }
}

/// One object of a [`SpriteEngine`], reached through its handle with
/// [`SpriteEngine::object_mut`]: the same settings as the engine's `set_*` methods, which
/// call these.
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
/// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
/// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
/// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
/// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
/// let mut o = sprites.object_mut(hero);
/// o.set_visible(false);
/// sprites.update(0, 0);
/// assert_eq!(sprites.hardware_sprites(), 0);
/// ```
pub struct ObjectMut<'a>(&'a mut Object);

impl ObjectMut<'_> {
    /// Moves the object's frame's top-left to map pixel (`x`, `y`)
    /// ([`SpriteEngine::set_position`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.object_mut(hero).set_position(120, 60);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.table()[0][3], 120 + 128);
    /// ```
    #[inline]
    pub fn set_position(&mut self, x: i16, y: i16) {
        (self.0.x, self.0.y) = (x, y);
    }

    /// Plays `animation` unless the object already plays it
    /// ([`SpriteEngine::set_animation`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// static STAND: Animation = Animation { frames: &[1], duration: 1, looping: true };
    /// sprites.object_mut(hero).set_animation(&STAND);
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    #[inline]
    pub fn set_animation(&mut self, animation: &'static Animation) {
        if !core::ptr::eq(self.0.animation, animation) {
            self.0.play(animation, 0);
        }
    }

    /// Shows sheet frame `frame` and holds it ([`SpriteEngine::set_frame`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.object_mut(hero).set_frame(1);
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    #[inline]
    pub fn set_frame(&mut self, frame: u16) {
        // Held already: one compare (the change itself is out of line).
        if !core::ptr::eq(self.0.animation, HELD.as_ptr().wrapping_add(frame as usize)) {
            self.0.hold(frame);
        }
    }

    /// Mirrors the object left-right (`hflip`) and top-bottom (`vflip`)
    /// ([`SpriteEngine::set_flip`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.object_mut(hero).set_flip(true, false);
    /// sprites.update(0, 0);
    /// assert_ne!(sprites.table()[0][2] & megadrive::vdp::HFLIP, 0);
    /// ```
    #[inline]
    pub fn set_flip(&mut self, hflip: bool, vflip: bool) {
        let o = &mut *self.0;
        let bits = (o.bits() & vdp::PRIORITY) | if hflip { vdp::HFLIP } else { 0 } | if vflip { vdp::VFLIP } else { 0 };
        if bits != o.bits() {
            o.reflip(bits);
        }
    }

    /// Draws the object in front of high-priority plane cells (true) or behind them
    /// ([`SpriteEngine::set_priority`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.object_mut(hero).set_priority(true);
    /// sprites.update(0, 0);
    /// assert_ne!(sprites.table()[0][2] & megadrive::vdp::PRIORITY, 0);
    /// ```
    #[inline]
    pub fn set_priority(&mut self, high: bool) {
        let o = &mut *self.0;
        o.refresh((o.bits() & !vdp::PRIORITY) | if high { vdp::PRIORITY } else { 0 });
    }

    /// Shows or hides the object ([`SpriteEngine::set_visible`]).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.object_mut(hero).set_visible(false);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 0);
    /// ```
    #[inline]
    pub fn set_visible(&mut self, visible: bool) {
        let o = &mut *self.0;
        o.flags = if visible { o.flags | VISIBLE } else { o.flags & !VISIBLE };
    }
}

/// The sprite engine for up to `N` objects (at most 255; see the module docs).
///
/// ```
/// # use megadrive::sprite_engine::*;
/// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
/// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
/// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
/// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
/// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
/// sprites.set_flip(hero, true, false);
/// sprites.animate();
/// sprites.update(0, 0); // camera at map pixel (0, 0)
/// assert_eq!(sprites.hardware_sprites(), 1);
/// // In VBlank: sprites.upload();
/// ```
pub struct SpriteEngine<const N: usize> {
    /// The objects by slot (a handle is its slot), drawn in slot order; slots `count..` are
    /// free, and so are the ones below without [`USED`].
    objects: [Object; N],
    count: u16,
    tiles: Tiles,
    loaded: [Loaded; N],
    table: SpriteList<MAX_HARDWARE_SPRITES>,
    /// The addresses of the objects the table kernel found with a streamed frame waiting.
    #[cfg(target_arch = "m68k")]
    pending: [u32; N],
    /// Frame uploads for the next VBlank.
    uploads: Uploads,
    dropped: u16,
}

impl<const N: usize> SpriteEngine<N> {
    /// An engine with no objects whose sheets go to VDP tiles `first_tile ..
    /// first_tile + tile_count` (the game's share of VRAM: the level view leaves tiles 384 to
    /// 511 to the game's sprites).
    ///
    /// ```
    /// use megadrive::sprite_engine::SpriteEngine;
    /// let sprites: SpriteEngine<16> = SpriteEngine::new(384, 128);
    /// assert_eq!(sprites.hardware_sprites(), 0);
    /// ```
    pub const fn new(first_tile: u16, tile_count: u16) -> SpriteEngine<N> {
        assert!(N <= 255, "at most 255 objects");
        SpriteEngine {
            objects: [NO_OBJECT; N],
            count: 0,
            tiles: Tiles::new(first_tile, tile_count),
            loaded: [Loaded { sheet: None, first: 0, users: 0, frame: 0, first_slot: u8::MAX, last_slot: 0 }; N],
            table: SpriteList::new(),
            #[cfg(target_arch = "m68k")]
            pending: [0; N],
            uploads: Uploads::new(),
            dropped: 0,
        }
    }

    /// Adds an object of `sheet` playing `animation` from its first picture, its frame's
    /// top-left at map pixel (`x`, `y`). `None` when `N` objects exist or the sheet's tiles
    /// do not fit in the engine's VRAM (then nothing changes). A resident sheet's tiles are
    /// queued for the next [`SpriteEngine::upload`] when its first object comes.
    ///
    /// ```
    /// use megadrive::sprite_engine::{Animation, Residency, Sheet, SpriteEngine};
    /// static TILES: [u16; 4 * 16] = [0; 64];
    /// static COIN: Sheet = Sheet::new(&TILES, 16, 16, 0, Residency::Resident);
    /// static SPIN: Animation = Animation { frames: &[0], duration: 8, looping: true };
    /// let mut sprites: SpriteEngine<2> = SpriteEngine::new(384, 4);
    /// assert!(sprites.add(&COIN, &SPIN, 10, 10).is_some());
    /// assert!(sprites.add(&COIN, &SPIN, 40, 10).is_some(), "the sheet is shared");
    /// assert!(sprites.add(&COIN, &SPIN, 70, 10).is_none(), "2 objects at most");
    /// ```
    pub fn add(&mut self, sheet: &'static Sheet, animation: &'static Animation, x: i16, y: i16) -> Option<Handle> {
        let n = self.count as usize;
        let slot = self.objects[..n].iter().position(|o| o.flags & USED == 0).unwrap_or(n);
        self.add_at(slot, sheet, animation, x, y)
    }

    /// [`SpriteEngine::add`] into free slot `slot` (`None` past the last slot).
    fn add_at(&mut self, slot: usize, sheet: &'static Sheet, animation: &'static Animation, x: i16, y: i16) -> Option<Handle> {
        if slot >= N {
            return None;
        }
        let tile = match sheet.residency {
            Residency::Resident | Residency::Shared => self.load(sheet)?,
            Residency::Streamed => self.tiles.alloc(sheet.tiles_per_frame())?,
        };
        let (x_limit, y_limit) = (SCREEN_W as u16 - sheet.width, SCREEN_H as u16 - sheet.height);
        // A shared sheet's object shows the sheet's frame (`refresh` keeps its tile).
        let attr = match (sheet.residency, self.loaded_index(sheet)) {
            (Residency::Shared, Some(i)) => {
                let l = &mut self.loaded[i];
                (l.first_slot, l.last_slot) = (l.first_slot.min(slot as u8), l.last_slot.max(slot as u8));
                tile + l.frame * sheet.tiles_per_frame
            }
            _ => 0,
        };
        let mut o = Object { x, y, x_limit, y_limit, attr, flags: USED | VISIBLE, sheet, tile, ..NO_OBJECT };
        o.play(animation, 0);
        if sheet.residency == Residency::Streamed {
            o.flags |= PENDING;
        }
        self.objects[slot] = o;
        if slot >= self.count as usize {
            self.count = slot as u16 + 1;
        }
        Some(Handle(slot as u8))
    }

    /// Adds `count` objects of `sheet` playing `animation`, all at map pixel (`x`, `y`), in
    /// consecutive slots (the first run of free slots long enough), as a [`Group`]. `None`
    /// when no run of `count` slots is free or their tiles do not fit in VRAM (then nothing
    /// changes).
    ///
    /// ```
    /// use megadrive::sprite_engine::{Animation, Residency, Sheet, SpriteEngine};
    /// static TILES: [u16; 4 * 16] = [0; 64];
    /// static COIN: Sheet = Sheet::new(&TILES, 16, 16, 0, Residency::Resident);
    /// static SPIN: Animation = Animation { frames: &[0], duration: 8, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 4);
    /// let coins = sprites.add_group(&COIN, &SPIN, 6, 0, 0).unwrap();
    /// assert!(sprites.add_group(&COIN, &SPIN, 3, 0, 0).is_none(), "2 slots left");
    /// ```
    pub fn add_group(&mut self, sheet: &'static Sheet, animation: &'static Animation, count: u8, x: i16, y: i16) -> Option<Group> {
        let n = count as usize;
        let (mut first, mut run) = (0, 0);
        for slot in 0..N {
            if run == n {
                break;
            }
            if slot < self.count as usize && self.objects[slot].flags & USED != 0 {
                (first, run) = (slot + 1, 0);
            } else {
                run += 1;
            }
        }
        if run < n {
            return None;
        }
        for slot in first..first + n {
            if self.add_at(slot, sheet, animation, x, y).is_none() {
                for added in first..slot {
                    self.remove(Handle(added as u8));
                }
                return None;
            }
        }
        Some(Group { first: first as u8, len: count })
    }

    /// The objects of group `g` in slot order, each to place or change (a removed one's
    /// free slot shows nothing, whatever is set on it).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 4 * 16] = [0; 64];
    /// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
    /// let rings = sprites.add_group(&RING, &SPIN, 3, 0, 0).unwrap();
    /// for (i, mut ring) in sprites.group_mut(rings).enumerate() {
    ///     ring.set_position(20 * i as i16, 100);
    /// }
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.table()[2][3], 40 + 128);
    /// ```
    pub fn group_mut(&mut self, g: Group) -> impl Iterator<Item = ObjectMut<'_>> {
        let first = g.first as usize;
        self.objects[first..first + g.len as usize].iter_mut().map(ObjectMut)
    }

    /// Removes every object of group `g` (as [`SpriteEngine::remove`] does each).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 4 * 16] = [0; 64];
    /// # static RING: Sheet = Sheet::new(&T, 16, 16, 1, Residency::Resident);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(384, 64);
    /// let rings = sprites.add_group(&RING, &SPIN, 8, 0, 0).unwrap();
    /// sprites.remove_group(rings);
    /// assert!(sprites.add_group(&RING, &SPIN, 8, 0, 0).is_some());
    /// ```
    pub fn remove_group(&mut self, g: Group) {
        for i in 0..g.len() {
            self.remove(Handle(g.first + i as u8));
        }
    }

    /// The first tile of resident `sheet`, loading it if no object uses it yet.
    fn load(&mut self, sheet: &'static Sheet) -> Option<u16> {
        if let Some(i) = self.loaded_index(sheet) {
            self.loaded[i].users += 1;
            return Some(self.loaded[i].first);
        }
        let entry = self.loaded.iter().position(|l| l.sheet.is_none())?;
        let first = self.tiles.alloc((sheet.tiles.len() >> 4) as u16)?;
        if !self.uploads.push(sheet.tiles, first) {
            self.tiles.free(first);
            return None;
        }
        self.loaded[entry] = Loaded { sheet: Some(sheet), first, users: 1, frame: 0, first_slot: u8::MAX, last_slot: 0 };
        Some(first)
    }

    /// Where `sheet` is in the loaded sheets, if an object uses it.
    fn loaded_index(&self, sheet: &'static Sheet) -> Option<usize> {
        self.loaded.iter().position(|l| l.sheet.is_some_and(|s| core::ptr::eq(s, sheet)))
    }

    /// Shows frame `frame` of shared `sheet` on every object of the sheet (and on the ones
    /// added later): when the frame changes, one pass over the objects moves each one's first
    /// tile (no upload: the sheet is resident). Ignored when no object of `sheet` exists, the
    /// sheet is not [`Residency::Shared`] or `frame` is past its last.
    ///
    /// ```
    /// use megadrive::sprite_engine::{Animation, Residency, Sheet, SpriteEngine};
    /// static TILES: [u16; 4 * 4 * 16] = [0; 256]; // 4 frames of 16 x 16
    /// static WALKER: Sheet = Sheet::new(&TILES, 16, 16, 1, Residency::Shared);
    /// static STILL: Animation = Animation { frames: &[0], duration: 1, looping: true };
    /// let mut sprites: SpriteEngine<32> = SpriteEngine::new(384, 64);
    /// let crowd = sprites.add_group(&WALKER, &STILL, 24, 0, 0).unwrap();
    /// sprites.set_shared_frame(&WALKER, 2);
    /// sprites.update(0, 0);
    /// assert!(sprites.table().iter().all(|t| t[2] & 0x07FF == 384 + 2 * 4)); // frame 2's tiles
    /// ```
    pub fn set_shared_frame(&mut self, sheet: &'static Sheet, frame: u16) {
        if sheet.residency != Residency::Shared || frame >= sheet.frames() {
            return;
        }
        let Some(i) = self.loaded_index(sheet) else { return };
        let before = self.loaded[i].frame;
        if before == frame {
            return;
        }
        self.loaded[i].frame = frame;
        let step = frame.wrapping_sub(before).wrapping_mul(sheet.tiles_per_frame);
        let (from, to) = (self.loaded[i].first_slot as usize, self.loaded[i].last_slot as usize);
        // (A free slot's sheet is none of the game's.)
        for o in self.objects.get_mut(from..=to).unwrap_or_default() {
            if core::ptr::eq(o.sheet, sheet) {
                o.attr = o.attr.wrapping_add(step);
            }
        }
    }

    /// Removes an object; its tiles are freed (a resident sheet's with its last object).
    /// A handle already removed is ignored.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.remove(hero);
    /// sprites.remove(hero); // ignored
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 0);
    /// ```
    pub fn remove(&mut self, h: Handle) {
        let Some(&o) = self.get(h) else { return };
        self.objects[h.0 as usize] = NO_OBJECT;
        // Free slots at the end are no longer looked at.
        while self.count > 0 && self.objects[self.count as usize - 1].flags & USED == 0 {
            self.count -= 1;
        }
        match o.sheet.residency {
            Residency::Streamed => self.tiles.free(o.tile),
            Residency::Resident | Residency::Shared => {
                if let Some(l) = self.loaded_index(o.sheet).map(|i| &mut self.loaded[i]) {
                    l.users -= 1;
                    if l.users == 0 {
                        self.tiles.free(l.first);
                        l.sheet = None;
                    }
                }
            }
        }
    }

    /// The object of handle `h` (a removed object's handle gives its free slot, which is
    /// not drawn, or the object added there since).
    fn object(&mut self, h: Handle) -> &mut Object {
        &mut self.objects[h.0 as usize]
    }

    /// The object of handle `h`, to change several of its settings for the price of one
    /// look-up (a game that places many objects each frame). A removed object's handle
    /// reaches its free slot, where changes show nothing.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// let mut o = sprites.object_mut(hero);
    /// o.set_position(120, 64);
    /// o.set_frame(1);
    /// o.set_flip(true, false);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.table()[0][3], 120 + 128);
    /// ```
    #[inline]
    pub fn object_mut(&mut self, h: Handle) -> ObjectMut<'_> {
        ObjectMut(self.object(h))
    }

    /// The object of handle `h`, if it exists.
    fn get(&self, h: Handle) -> Option<&Object> {
        self.objects.get(h.0 as usize).filter(|o| o.flags & USED != 0)
    }

    /// Moves an object's frame's top-left to map pixel (`x`, `y`).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_position(hero, 400, 60);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 0, "off screen: culled");
    /// sprites.update(200, 0); // the camera moved right
    /// assert_eq!(sprites.hardware_sprites(), 1);
    /// ```
    pub fn set_position(&mut self, h: Handle, x: i16, y: i16) {
        self.object_mut(h).set_position(x, y);
    }

    /// Plays `animation` from its first picture, unless the object already plays it (then it
    /// goes on).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// static STAND: Animation = Animation { frames: &[1], duration: 1, looping: true };
    /// sprites.set_animation(hero, &STAND);
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    pub fn set_animation(&mut self, h: Handle, animation: &'static Animation) {
        self.object_mut(h).set_animation(animation);
    }

    /// Shows sheet frame `frame` and holds it (no animation): for a game that chooses the
    /// picture itself, say from its player's state. Each call costs a comparison when the
    /// frame is already shown. A frame past the sheet's last, or from [`HELD_FRAMES`] on, is
    /// ignored.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_frame(hero, 1);
    /// for _ in 0..10 {
    ///     sprites.animate(); // a held frame stays
    /// }
    /// assert_eq!(sprites.frame(hero), 1);
    /// sprites.set_frame(hero, 2); // HERO has 2 frames: ignored
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    pub fn set_frame(&mut self, h: Handle, frame: u16) {
        self.object_mut(h).set_frame(frame);
    }

    /// The first VDP tile of the frame the object shows (its resident frame, or its
    /// streamed frame's slot): for a game that writes an object's tiles itself, say a
    /// picture made at run time in a sheet of blank frames. 0 for a removed object.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_frame(hero, 1);
    /// assert_eq!(sprites.first_tile(hero), 384 + 8); // frame 1: after frame 0's 8 tiles
    /// ```
    pub fn first_tile(&self, h: Handle) -> u16 {
        self.get(h).map_or(0, |o| o.attr & 0x07FF)
    }

    /// Mirrors the object left-right (`h`) and top-bottom (`v`): the pictures and the
    /// pieces' offsets within the frame.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_flip(hero, true, false); // facing left
    /// sprites.update(0, 0);
    /// assert_ne!(sprites.table()[0][2] & megadrive::vdp::HFLIP, 0);
    /// ```
    pub fn set_flip(&mut self, h: Handle, hflip: bool, vflip: bool) {
        self.object_mut(h).set_flip(hflip, vflip);
    }

    /// Draws the object in front of high-priority plane cells (true) or behind them.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_priority(hero, true);
    /// sprites.update(0, 0);
    /// assert_ne!(sprites.table()[0][2] & megadrive::vdp::PRIORITY, 0);
    /// ```
    pub fn set_priority(&mut self, h: Handle, high: bool) {
        self.object_mut(h).set_priority(high);
    }

    /// Shows or hides the object (a hidden one keeps its place, animation and VRAM).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.set_visible(hero, false);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 0);
    /// ```
    pub fn set_visible(&mut self, h: Handle, visible: bool) {
        self.object_mut(h).set_visible(visible);
    }

    /// The sheet frame the object shows now (0 for a removed object).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// for _ in 0..4 {
    ///     sprites.animate(); // WALK: each picture 4 steps
    /// }
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    pub fn frame(&self, h: Handle) -> u16 {
        self.get(h).map_or(0, Object::frame)
    }

    /// Whether the object's one-shot animation shows its last picture and its time is up
    /// (a looping animation never finishes).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// static HIT: Animation = Animation { frames: &[0, 1], duration: 2, looping: false };
    /// sprites.set_animation(hero, &HIT);
    /// while !sprites.finished(hero) {
    ///     sprites.animate();
    /// }
    /// assert_eq!(sprites.frame(hero), 1);
    /// ```
    pub fn finished(&self, h: Handle) -> bool {
        self.get(h).is_some_and(|o| o.flags & DONE != 0)
    }

    /// Objects left out of the last [`SpriteEngine::update`]'s table for lack of hardware
    /// sprites (80 at most).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.dropped(), 0);
    /// ```
    pub fn dropped(&self) -> u16 {
        self.dropped
    }

    /// Sets the most bytes of streamed frames one [`SpriteEngine::upload`] writes
    /// ([`DEFAULT_UPLOAD_BUDGET`] until set): a PAL game, whose VBlank is longer, can give
    /// more; a game that streams much else in its VBlank, less. Frames past it wait for the
    /// next VBlank; the first of a VBlank always goes.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// static BIG_TILES: [u16; 48 * 16] = [0; 768]; // 1 frame of 64 x 48: 1,536 bytes
    /// static BIG: Sheet = Sheet::new(&BIG_TILES, 64, 48, 0, Residency::Streamed);
    /// # static SPIN: Animation = Animation { frames: &[0], duration: 1, looping: true };
    /// let mut sprites: SpriteEngine<8> = SpriteEngine::new(0, 1024);
    /// sprites.set_upload_budget(12_000); // PAL
    /// for i in 0..5 {
    ///     sprites.add(&BIG, &SPIN, i * 64, 0);
    /// }
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.queued_uploads(), 5);
    /// ```
    pub fn set_upload_budget(&mut self, bytes: u16) {
        self.uploads.budget = bytes;
    }

    /// Frame uploads queued for the next [`SpriteEngine::upload`] (resident sheets' first
    /// loads, streamed objects' new pictures).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// assert_eq!(sprites.queued_uploads(), 1); // HERO's tiles, loaded with its first object
    /// ```
    pub fn queued_uploads(&self) -> u16 {
        self.uploads.count as u16
    }

    /// Hardware sprites in the table the last update built.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 1);
    /// ```
    pub fn hardware_sprites(&self) -> u16 {
        self.table.len()
    }

    /// One step of every object's animation: call it once per game step (a PAL game that
    /// runs two steps in some frames keeps its animations' speed so).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// for _ in 0..8 {
    ///     sprites.animate();
    /// }
    /// assert_eq!(sprites.frame(hero), 0); // WALK: 4 steps of frame 0, 4 of frame 1, again
    /// ```
    pub fn animate(&mut self) {
        let objects = &mut self.objects[..self.count as usize];
        #[cfg(target_arch = "m68k")]
        kernels::animate(objects);
        #[cfg(not(target_arch = "m68k"))]
        for o in objects {
            o.step();
        }
    }

    /// The sprite table for a camera whose top-left is at map pixel (`cx`, `cy`): hidden
    /// objects and objects off screen are left out, the others take their pieces in slot
    /// order (whole objects only, up to 80 hardware sprites), and streamed
    /// objects whose picture changed get their frame queued for the next upload. Once a
    /// frame, outside VBlank.
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.update(40, 20);
    /// // Screen (60, 40): the table's coordinates count from 128.
    /// assert_eq!((sprites.table()[0][3], sprites.table()[0][0]), (60 + 128, 40 + 128));
    /// ```
    pub fn update(&mut self, cx: i16, cy: i16) {
        self.table.clear();
        self.dropped = 0;
        let n = self.count as usize;
        self.build_table(cx, cy, n);
    }

    /// The table for the camera at (`cx`, `cy`) from the first `n` objects: the 68000
    /// kernel `mc_sprite_table` (`asm/sprite_kernels.s`), which notes the streamed frames
    /// to upload, queued here after it.
    #[cfg(target_arch = "m68k")]
    fn build_table(&mut self, cx: i16, cy: i16, n: usize) {
        let objects = &self.objects[..n];
        let (entries, count) = self.table.parts_mut();
        let (sprites, dropped, pending) = kernels::sprite_table(objects, cx, cy, entries, *count, &mut self.pending);
        *count = sprites;
        self.dropped = dropped;
        let base = self.objects.as_ptr() as usize;
        for &at in &self.pending[..pending] {
            let index = (at as usize - base) >> 5;
            if !self.uploads.push_frame(&mut self.objects[index]) {
                break;
            }
        }
    }

    /// The table for the camera at (`cx`, `cy`) from the first `n` objects (the reference
    /// of the 68000 kernel, which does the same).
    #[cfg(not(target_arch = "m68k"))]
    fn build_table(&mut self, cx: i16, cy: i16, n: usize) {
        for o in &mut self.objects[..n] {
            let (sx, sy) = (o.x.wrapping_sub(cx), o.y.wrapping_sub(cy));
            // Wholly on screen when 0 <= sx <= x_limit and 0 <= sy <= y_limit.
            let inside = sx as u16 <= o.x_limit && sy as u16 <= o.y_limit;
            // On screen at all when -width < sx < SCREEN_W (and so for y).
            let (w1, h1) = ((SCREEN_W - 1) - o.x_limit as i16, (SCREEN_H - 1) - o.y_limit as i16);
            if !inside && (sx >= SCREEN_W || sx + w1 < 0 || sy >= SCREEN_H || sy + h1 < 0) {
                continue;
            }
            if o.flags != USED | VISIBLE {
                // Hidden or a free slot (whatever was set on it), or a streamed frame to
                // upload first.
                if o.flags & (USED | VISIBLE) != USED | VISIBLE {
                    continue;
                }
                if o.flags & PENDING != 0 {
                    let _ = self.uploads.push_frame(o);
                }
            }
            let layout = &o.layout[..o.pieces as usize];
            let pushed = if inside {
                self.table.push_pieces(sx, sy, o.attr, layout)
            } else {
                self.table.push_pieces_clipped(sx, sy, o.attr, layout)
            };
            if !pushed {
                self.dropped += 1;
            }
        }
    }

    /// Writes the queued frames (resident sheets' first loads, streamed objects' new
    /// pictures) and the sprite table by DMA. In VBlank (or with the display off).
    ///
    /// ```no_run
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.update(0, 0);
    /// // ... wait for VBlank (hardware: no_run) ...
    /// sprites.upload();
    /// ```
    pub fn upload(&mut self) {
        // One sound DMA window for all the transfers (none when the game opened one for its
        // VBlank: `sound::begin_vblank`).
        let window = crate::sound::dma_start();
        for (words, tile) in self.take_uploads() {
            dma::copy_in_window(words, dma::Dest::Vram, tile * vdp::TILE_BYTES);
        }
        self.table.upload_in_window();
        crate::sound::dma_done(window);
    }

    /// Empties the queue of frame uploads, giving each (its tile words and first VDP
    /// tile): for a game that writes them itself, say with its own DMA queue, before
    /// [`SpriteEngine::upload`] (which then writes the sprite table only).
    ///
    /// ```
    /// use megadrive::sprite_engine::{Animation, Residency, Sheet, SpriteEngine};
    /// static TILES: [u16; 4 * 16] = [0; 64];
    /// static COIN: Sheet = Sheet::new(&TILES, 16, 16, 0, Residency::Resident);
    /// static SPIN: Animation = Animation { frames: &[0], duration: 8, looping: true };
    /// let mut sprites: SpriteEngine<2> = SpriteEngine::new(384, 16);
    /// sprites.add(&COIN, &SPIN, 10, 10);
    /// let queued: Vec<u16> = sprites.take_uploads().map(|(_, tile)| tile).collect();
    /// assert_eq!(queued, [384]); // the sheet's tiles, loaded with its first object
    /// assert_eq!(sprites.queued_uploads(), 0);
    /// ```
    pub fn take_uploads(&mut self) -> impl Iterator<Item = (&'static [u16], u16)> + '_ {
        self.uploads.take()
    }

    /// The sprite table the last update built (attribute words, 4 per hardware sprite).
    ///
    /// ```
    /// # use megadrive::sprite_engine::*;
    /// # static T: [u16; 2 * 8 * 16] = [0; 256]; // 2 frames of 16 x 32
    /// # static HERO: Sheet = Sheet::new(&T, 16, 32, 1, Residency::Resident);
    /// # static WALK: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// let mut sprites: SpriteEngine<4> = SpriteEngine::new(384, 64);
    /// let hero = sprites.add(&HERO, &WALK, 100, 60).unwrap();
    /// sprites.update(0, 0);
    /// let [y, size_link, attr, x] = sprites.table()[0];
    /// assert_eq!((x, y, size_link), (100 + 128, 60 + 128, 0x0700)); // 2 x 4 tiles, last link
    /// assert_eq!(attr & 0x07FF, 384); // the sheet's first tile
    /// ```
    pub fn table(&mut self) -> &[[u16; 4]] {
        self.table.table()
    }
}

/// The safe wrappers of the engine's 68000 kernels (`asm/sprite_kernels.s`).
#[cfg(target_arch = "m68k")]
mod kernels {
    use super::{Object, MAX_HARDWARE_SPRITES};
    use core::arch::asm;

    extern "C" {
        // Not Rust functions: register-ABI entry points, only ever the target of `jsr` in
        // the asm! blocks below.
        fn mc_sprite_table();
        fn mc_sprite_animate();
    }

    /// Appends the sprites of `objects` seen by the camera at (`cx`, `cy`) to `entries`,
    /// which hold `count` entries already; writes the addresses of the visible objects on
    /// screen with a streamed frame waiting to `pending`. Returns the entries, the objects
    /// dropped and the pending addresses written.
    pub(super) fn sprite_table(
        objects: &[Object],
        cx: i16,
        cy: i16,
        entries: &mut [[u16; 4]; MAX_HARDWARE_SPRITES],
        count: u16,
        pending: &mut [u32],
    ) -> (u16, u16, usize) {
        // The kernel counts objects in a word and writes at most one pending address each;
        // it writes entries only below MAX_HARDWARE_SPRITES (80, its TABLE_SIZE).
        assert!(objects.len() <= 255 && pending.len() >= objects.len() && count as usize <= MAX_HARDWARE_SPRITES);
        let (sprites, dropped): (u32, u32);
        let pending_end: *mut u32;
        // SAFETY: mc_sprite_table reads the `objects` (32-byte records whose offsets are
        // checked at compile time, each `pieces` <= MAX_PIECES entries of its `layout`),
        // writes entries `count..80` of `entries` and at most `objects.len()` longs of
        // `pending`; it changes only the registers declared here (it saves a3-a5 on the
        // stack itself).
        unsafe {
            asm!(
                "jsr {k}",
                k = sym mc_sprite_table,
                inout("a0") objects.as_ptr() => _,
                inout("d0") objects.len() as u32 => _,
                in("d1") cx as i32,
                in("d2") cy as i32,
                inout("a1") entries[count as usize..].as_mut_ptr() => _,
                inout("d3") count as u32 => sprites,
                inout("a2") pending.as_mut_ptr() => pending_end,
                out("d4") dropped,
                out("d5") _,
                out("d6") _,
                out("d7") _,
            );
        }
        let written = (pending_end as usize - pending.as_ptr() as usize) >> 2;
        (sprites as u16, dropped as u16, written)
    }

    /// One step of the animation of every object of `objects` (what `Object::step` does,
    /// object by object).
    pub(super) fn animate(objects: &mut [Object]) {
        assert!(objects.len() <= 255);
        // SAFETY: mc_sprite_animate writes the `steps`, `picture`, `attr` and `flags` words
        // of the objects of the slice only (32-byte records, offsets checked at compile
        // time), reading their `&'static` animation and sheet (#[repr(C)], offsets checked);
        // it changes only the registers declared here (it saves d5-d7, a3 and a4 on the
        // stack itself).
        unsafe {
            asm!(
                "jsr {k}",
                k = sym mc_sprite_animate,
                inout("a0") objects.as_mut_ptr() => _,
                inout("d0") objects.len() as u32 => _,
                out("d1") _,
                out("d2") _,
                out("d3") _,
                out("d4") _,
                out("a1") _,
                out("a2") _,

            );
        }
    }
}

/// The frame uploads waiting for the next VBlank: resident sheets' first loads and
/// streamed objects' new pictures, with the bytes of streamed frames counted against a
/// budget.
#[derive(Clone, Copy, Debug)]
struct Uploads {
    /// Tile words and their first VDP tile.
    list: [(&'static [u16], u16); MAX_UPLOADS],
    count: u8,
    /// Bytes of streamed frames queued since the last upload.
    frame_bytes: u16,
    /// A streamed frame was refused since the last upload (the queue or the budget full):
    /// the ones after it wait too, so frames go in slot order.
    closed: bool,
    /// The most bytes of streamed frames one VBlank takes ([`DEFAULT_UPLOAD_BUDGET`]).
    budget: u16,
}

impl Uploads {
    const fn new() -> Uploads {
        Uploads { list: [(&[], 0); MAX_UPLOADS], count: 0, frame_bytes: 0, closed: false, budget: DEFAULT_UPLOAD_BUDGET }
    }

    /// Queues `words` for VDP tile `tile` (false when the queue is full).
    fn push(&mut self, words: &'static [u16], tile: u16) -> bool {
        let n = self.count as usize;
        if n >= MAX_UPLOADS {
            return false;
        }
        self.list[n] = (words, tile);
        self.count += 1;
        true
    }

    /// Queues streamed object `o`'s frame when the queue has room and the frame fits the
    /// budget (the first streamed frame since the last upload always fits); else it stays
    /// pending, and so do the frames after it (false), until the next upload.
    #[inline(never)]
    fn push_frame(&mut self, o: &mut Object) -> bool {
        if self.closed {
            return false;
        }
        let s = o.sheet;
        let frame = o.frame();
        if frame >= s.frame_count {
            // A frame past the sheet's: nothing to show (it stays pending).
            return true;
        }
        let bytes = s.tiles_per_frame << 5;
        if self.frame_bytes != 0 && bytes > self.budget.saturating_sub(self.frame_bytes) {
            self.closed = true;
            return false;
        }
        // The frame's first word: frames * tiles a frame fits a word (a sheet's tiles are a
        // slice of words: at most 65,535 / 16 tiles), so a 16-bit multiply does.
        let start = (frame.wrapping_mul(s.tiles_per_frame) as usize) << 4;
        let words = (s.tiles_per_frame as usize) << 4;
        let Some(tiles) = s.tiles.get(start..start + words) else { return true };
        if !self.push(tiles, o.tile) {
            self.closed = true;
            return false;
        }
        self.frame_bytes = self.frame_bytes.saturating_add(bytes);
        o.flags &= !PENDING;
        true
    }

    /// Empties the queue (and the budget's count), giving each upload.
    fn take(&mut self) -> impl Iterator<Item = (&'static [u16], u16)> + '_ {
        let n = core::mem::take(&mut self.count) as usize;
        (self.frame_bytes, self.closed) = (0, false);
        self.list[..n].iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static TILES_2X4: [u16; 3 * 8 * 16] = [0; 384]; // 3 frames of 16 x 32
    static PLAYER: Sheet = Sheet::new(&TILES_2X4, 16, 32, 3, Residency::Resident);
    static STREAMED: Sheet = Sheet::new(&TILES_2X4, 16, 32, 1, Residency::Streamed);
    static BIG_TILES: [u16; 2 * 48 * 16] = [0; 1536]; // 2 frames of 64 x 48 (4 pieces)
    static BIG: Sheet = Sheet::new(&BIG_TILES, 64, 48, 2, Residency::Streamed);
    static WALK: Animation = Animation { frames: &[0, 1, 2], duration: 2, looping: true };
    static ONCE: Animation = Animation { frames: &[1, 2], duration: 1, looping: false };
    static STILL: Animation = Animation { frames: &[0], duration: 1, looping: true };

    #[test]
    fn a_held_frame_stays_draws_its_tiles_and_streams_once() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(100, 64);
        let hero = e.add(&PLAYER, &WALK, 0, 0).unwrap();
        e.set_frame(hero, 2);
        for _ in 0..300 {
            e.animate();
            assert_eq!(e.frame(hero), 2);
        }
        assert_eq!(e.first_tile(hero), 100 + 2 * 8);
        e.update(0, 0);
        assert_eq!(e.table()[0][2] & 0x07FF, 100 + 2 * 8, "the table shows the held frame's tiles");
        e.set_frame(hero, 3); // PLAYER has 3 frames: ignored
        assert_eq!(e.frame(hero), 2);
        // Streamed: a new held frame is uploaded once, holding it again queues nothing.
        let s = e.add(&STREAMED, &STILL, 0, 0).unwrap();
        e.update(0, 0);
        let _ = e.take_uploads().count();
        e.set_frame(s, 1);
        e.update(0, 0);
        let frames: Vec<_> = e.take_uploads().collect();
        assert_eq!(frames.len(), 1);
        assert!(core::ptr::eq(frames[0].0, &TILES_2X4[8 * 16..2 * 8 * 16]), "frame 1's words");
        e.set_frame(s, 1);
        e.update(0, 0);
        assert_eq!(e.queued_uploads(), 0);
    }

    #[test]
    fn groups_take_consecutive_free_slots_and_roll_back_when_they_do_not_fit() {
        let mut e: SpriteEngine<8> = SpriteEngine::new(100, 64);
        let a = e.add(&PLAYER, &WALK, 0, 0).unwrap();
        let b = e.add(&PLAYER, &WALK, 0, 0).unwrap();
        e.remove(a);
        // Slot 0 is free but one slot only: the group of 3 goes after b.
        let g = e.add_group(&PLAYER, &STILL, 3, 10, 20).unwrap();
        assert_eq!((g.handle(0), g.len()), (Some(Handle(2)), 3));
        for (i, mut o) in e.group_mut(g).enumerate() {
            o.set_position(40 * i as i16, 50);
        }
        e.update(0, 0);
        let xs: Vec<u16> = e.table().iter().map(|t| t[3]).collect();
        assert_eq!(xs, [128, 128, 168, 208], "b, then the group in slot order");
        // Free: slot 0 and slots 5, 6, 7; no 4 in a row.
        assert!(e.add_group(&PLAYER, &STILL, 4, 0, 0).is_none());
        // Streamed frames that do not all fit in VRAM: nothing stays added.
        let mut small: SpriteEngine<8> = SpriteEngine::new(100, 20);
        assert!(small.add_group(&STREAMED, &STILL, 3, 0, 0).is_none(), "3 x 8 tiles in 20");
        assert_eq!(small.add_group(&STREAMED, &STILL, 2, 0, 0).map(|g| g.handle(0)), Some(Some(Handle(0))));
        e.remove(b);
        e.remove_group(g);
        e.update(0, 0);
        assert_eq!(e.hardware_sprites(), 0);
    }

    #[test]
    fn a_removed_objects_slot_stays_off_the_table_whatever_is_set_on_it() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(100, 64);
        let a = e.add(&PLAYER, &WALK, 0, 0).unwrap();
        let _b = e.add(&PLAYER, &WALK, 40, 0).unwrap();
        e.remove(a);
        e.set_visible(a, true);
        e.set_position(a, 10, 10);
        e.set_frame(a, 1);
        e.update(0, 0);
        assert_eq!(e.hardware_sprites(), 1);
    }

    #[test]
    fn a_shared_sheet_shows_one_frame_on_every_object() {
        static SHARED: Sheet = Sheet::new(&TILES_2X4, 16, 32, 1, Residency::Shared);
        let mut e: SpriteEngine<8> = SpriteEngine::new(100, 64);
        let g = e.add_group(&SHARED, &WALK, 3, 0, 0).unwrap();
        assert_eq!(e.take_uploads().count(), 1, "the whole sheet, once");
        for _ in 0..10 {
            e.animate(); // the objects' own animation is not played
        }
        e.set_frame(g.handle(1).unwrap(), 2); // nor a frame of their own
        e.set_shared_frame(&SHARED, 2);
        e.set_flip(g.handle(0).unwrap(), true, false); // a flip keeps the sheet's frame
        let late = e.add(&SHARED, &ONCE, 0, 0).unwrap(); // added later: the sheet's frame too
        e.update(0, 0);
        assert_eq!(e.table().len(), 4);
        assert!(e.table().iter().all(|t| t[2] & 0x07FF == 100 + 2 * 8), "every object shows frame 2");
        assert_eq!(e.queued_uploads(), 0, "no upload for a frame change");
        e.set_shared_frame(&SHARED, 3); // past the last frame: ignored
        e.set_shared_frame(&PLAYER, 1); // not shared: ignored
        e.set_shared_frame(&SHARED, 0);
        e.update(0, 0);
        assert!(e.table().iter().all(|t| t[2] & 0x07FF == 100));
        e.remove_group(g);
        e.remove(late);
        // The sheet's tiles are free again: 24 of a resident sheet and 40 streamed fit in 64.
        assert!(e.add(&PLAYER, &STILL, 0, 0).is_some());
        assert!(e.add_group(&STREAMED, &STILL, 5, 0, 0).is_some());
    }

    #[test]
    fn pieces_cover_the_frame_once() {
        for (w, h) in [(8, 8), (16, 32), (32, 32), (40, 8), (64, 48), (128, 128), (120, 72)] {
            let mut covered = [[false; 16]; 16];
            let mut tiles = 0;
            for p in pieces(w, h) {
                assert!(p.w >= 1 && p.w <= 4 && p.h >= 1 && p.h <= 4);
                assert_eq!(p.tile, tiles, "{w}x{h}: pieces' tiles follow each other");
                tiles += p.w * p.h;
                for ty in 0..p.h {
                    for tx in 0..p.w {
                        let c = &mut covered[((p.y >> 3) + ty) as usize][((p.x >> 3) + tx) as usize];
                        assert!(!*c, "{w}x{h}: a tile covered twice");
                        *c = true;
                    }
                }
            }
            assert_eq!(tiles, (w >> 3) * (h >> 3));
            assert_eq!(covered.iter().flatten().filter(|&&c| c).count(), tiles as usize, "{w}x{h}");
        }
        assert_eq!(pieces(16, 32).collect::<Vec<_>>(), [Piece { x: 0, y: 0, w: 2, h: 4, tile: 0 }], "one VDP sprite");
    }

    #[test]
    fn a_pieces_extents_give_the_clipping_test_of_the_sprite_list() {
        static TILES: [u16; 0] = [];
        for (w, h) in [(8, 8), (16, 32), (24, 40), (64, 48), (72, 104), (128, 128)] {
            let sheet = Sheet::new(&TILES, w, h, 0, Residency::Resident);
            for flip in 0..FLIPS {
                for (p, e) in sheet.layouts[flip].iter().zip(&sheet.extents[flip]).take(sheet.piece_count as usize) {
                    for (sx, sy) in [(-200, -200), (-130, 5), (-40, -20), (-1, 223), (0, 0), (100, 100), (300, 200), (319, 224), (400, 300)]
                    {
                        let mut list: SpriteList<1> = SpriteList::new();
                        list.push_pieces_clipped(sx, sy, 0, core::slice::from_ref(p));
                        let on_screen = (sx as u16).wrapping_add(e[0]) < e[1] && (sy as u16).wrapping_add(e[2]) < e[3];
                        assert_eq!(list.len() == 1, on_screen, "{w} x {h}, flip {flip}, piece {p:?} at ({sx}, {sy})");
                    }
                }
            }
        }
    }

    #[test]
    fn frame_tile_finds_each_pixel_in_its_piece() {
        for (w, h) in [(8, 8), (16, 32), (48, 32), (64, 48), (128, 128), (120, 72)] {
            for p in pieces(w, h) {
                for y in p.y..p.y + (p.h << 3) {
                    for x in p.x..p.x + (p.w << 3) {
                        let want = p.tile + ((x - p.x) >> 3) * p.h + ((y - p.y) >> 3);
                        assert_eq!(frame_tile(w, h, x, y), want, "{w}x{h} at ({x}, {y})");
                    }
                }
            }
        }
    }

    #[test]
    fn flipped_offsets_mirror_each_piece_in_the_frame() {
        for (w, h) in [(8, 8), (16, 32), (64, 48), (128, 128), (120, 72)] {
            let sheet = Sheet::new(&[], w, h, 0, Residency::Resident);
            let expected: Vec<Piece> = pieces(w, h).collect();
            for flip in 0..4 {
                let layout = &sheet.layouts[flip][..sheet.pieces_per_frame() as usize];
                assert_eq!(layout.len(), expected.len());
                for (q, p) in layout.iter().zip(&expected) {
                    let (pw, ph) = (p.w << 3, p.h << 3);
                    let x = if flip & 1 != 0 { w - p.x - pw } else { p.x };
                    let y = if flip & 2 != 0 { h - p.y - ph } else { p.y };
                    assert_eq!(*q, [y + 128, ((p.w - 1) << 2 | (p.h - 1)) << 8, p.tile, x + 128], "{w}x{h} flip {flip}");
                }
            }
            assert_eq!(sheet.tiles_per_frame(), (w >> 3) * (h >> 3));
        }
    }

    #[test]
    fn the_allocator_fills_gaps_first_and_frees() {
        let mut t = Tiles::new(100, 20);
        assert_eq!((t.alloc(5), t.alloc(5), t.alloc(5)), (Some(100), Some(105), Some(110)));
        t.free(105);
        assert_eq!(t.alloc(6), None, "6 fit neither the gap of 5 nor the 5 at the end");
        assert_eq!(t.alloc(3), Some(105), "the first gap that fits");
        assert_eq!(t.alloc(2), Some(108));
        assert_eq!(t.alloc(5), Some(115), "the end");
        assert_eq!(t.alloc(1), None, "full");
        t.free(100);
        t.free(110);
        assert_eq!(t.alloc(5), Some(100));
        assert_eq!(t.alloc(5), Some(110));
        let mut many = Tiles::new(0, 1000);
        for k in 0..MAX_BLOCKS as u16 {
            assert_eq!(many.alloc(1), Some(k));
        }
        assert_eq!(many.alloc(1), None, "MAX_BLOCKS blocks at most");
    }

    #[test]
    fn animations_loop_or_stop_on_their_last_picture() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(384, 128);
        let a = e.add(&PLAYER, &WALK, 0, 0).unwrap();
        let mut seen = Vec::new();
        for _ in 0..8 {
            e.animate();
            seen.push(e.frame(a));
        }
        assert_eq!(seen, [0, 1, 1, 2, 2, 0, 0, 1], "each picture 2 steps, then again");
        e.set_animation(a, &ONCE);
        assert_eq!(e.frame(a), 1);
        e.animate();
        assert!(!e.finished(a));
        e.animate();
        e.animate();
        assert_eq!(e.frame(a), 2);
        assert!(e.finished(a), "a one-shot stays on its last picture");
        e.set_animation(a, &ONCE);
        assert!(e.finished(a), "the same animation again goes on");
    }

    #[test]
    fn resident_sheets_are_shared_and_freed_with_their_last_object() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(384, 128);
        let a = e.add(&PLAYER, &STILL, 0, 0).unwrap();
        let b = e.add(&PLAYER, &WALK, 40, 0).unwrap();
        assert_eq!(e.uploads.count, 1, "the sheet's 24 tiles queued once");
        assert_eq!(e.uploads.list[0].1, 384);
        let s = e.add(&STREAMED, &WALK, 80, 0).unwrap();
        assert_eq!(e.get(s).unwrap().tile, 384 + 24, "a streamed slot after the sheet");
        e.remove(a);
        assert_eq!(e.tiles.alloc(8), Some(384 + 32), "the sheet stays while b uses it");
        e.remove(b);
        assert_eq!(e.tiles.alloc(24), Some(384), "freed with its last object");
    }

    #[test]
    fn a_sheet_that_does_not_fit_is_refused_and_nothing_changes() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(384, 48);
        let _a = e.add(&PLAYER, &STILL, 0, 0).unwrap(); // 24 tiles
        assert!(e.add(&BIG, &STILL, 0, 0).is_none(), "48 tiles do not fit in the 24 left");
        assert!(e.add(&STREAMED, &STILL, 0, 0).is_some(), "8 do");
        assert!(e.add(&STREAMED, &STILL, 0, 0).is_some());
        assert!(e.add(&STREAMED, &STILL, 0, 0).is_some(), "the last 8");
        assert_eq!(e.tiles.alloc(1), None, "VRAM full");
        let mut f: SpriteEngine<1> = SpriteEngine::new(384, 48);
        assert!(f.add(&STREAMED, &STILL, 0, 0).is_some());
        assert!(f.add(&STREAMED, &STILL, 0, 0).is_none(), "N objects at most");
    }

    #[test]
    fn streamed_frames_past_the_budget_wait_for_the_next_upload() {
        let mut e: SpriteEngine<8> = SpriteEngine::new(0, 2048);
        let big: Vec<_> = (0..6).map(|i| e.add(&BIG, &STILL, i * 50, 0).unwrap()).collect();
        // 64 x 48 frames of 1,536 bytes: 3 in the default budget of 5,120 bytes.
        e.update(0, 0);
        assert_eq!(e.queued_uploads(), 3);
        let first: Vec<u16> = e.take_uploads().map(|(_, tile)| tile).collect();
        assert_eq!(first, [e.first_tile(big[0]), e.first_tile(big[1]), e.first_tile(big[2])], "in slot order");
        e.update(0, 0);
        let next: Vec<u16> = e.take_uploads().map(|(_, tile)| tile).collect();
        assert_eq!(next, [e.first_tile(big[3]), e.first_tile(big[4]), e.first_tile(big[5])], "the rest, next frame");
        e.update(0, 0);
        assert_eq!(e.queued_uploads(), 0, "all uploaded");
        // A budget smaller than one frame still lets the first frame of each upload go.
        e.set_upload_budget(100);
        for &h in &big {
            e.set_frame(h, 1);
        }
        for round in 0..6 {
            e.update(0, 0);
            assert_eq!(e.take_uploads().count(), 1, "round {round}: one a VBlank");
        }
    }

    #[test]
    fn streamed_objects_upload_a_frame_when_their_picture_changes() {
        let mut e: SpriteEngine<2> = SpriteEngine::new(384, 128);
        let s = e.add(&STREAMED, &WALK, 10, 10).unwrap();
        e.update(0, 0);
        assert_eq!(e.uploads.count, 1, "the first picture");
        e.uploads.count = 0;
        e.animate();
        e.animate();
        e.update(0, 0);
        assert_eq!((e.frame(s), e.uploads.count), (1, 1), "picture 1");
        e.uploads.count = 0;
        e.animate();
        e.update(0, 0);
        assert_eq!(e.uploads.count, 0, "still picture 1: nothing to upload");
        e.set_visible(s, false);
        e.animate();
        e.update(0, 0);
        assert_eq!((e.hardware_sprites(), e.uploads.count), (0, 0), "hidden: no sprite, no upload");
        assert!(core::ptr::eq(e.uploads.list[0].0.as_ptr(), TILES_2X4[128..].as_ptr()), "frame 1's tiles");
    }

    #[test]
    fn metasprites_flip_their_pieces_and_off_screen_objects_are_culled() {
        let mut e: SpriteEngine<2> = SpriteEngine::new(384, 128);
        let big = e.add(&BIG, &STILL, 100, 50).unwrap();
        e.update(20, 10);
        let t: Vec<[u16; 4]> = e.table().to_vec();
        assert_eq!(t.len(), 4, "64 x 48: 2 x 2 pieces");
        let pos = |t: &[[u16; 4]], i: usize| (t[i][3] as i16 - 128, t[i][0] as i16 - 128);
        assert_eq!(pos(&t, 0), (80, 40));
        assert_eq!(pos(&t, 1), (112, 40));
        assert_eq!(pos(&t, 2), (80, 72));
        e.set_flip(big, true, false);
        e.update(20, 10);
        let t: Vec<[u16; 4]> = e.table().to_vec();
        assert_eq!(pos(&t, 0), (112, 40), "the first piece on the right");
        assert_eq!(pos(&t, 1), (80, 40));
        assert!(t.iter().all(|w| w[2] & vdp::HFLIP != 0));
        assert_eq!(t[0][2] & 0x7FF, 384, "the object's slot");
        e.set_position(big, 400, 50);
        e.update(20, 10);
        assert_eq!(e.hardware_sprites(), 0, "off screen: culled");
        e.set_position(big, 20 - 63, 50);
        e.update(20, 10);
        assert_eq!(e.hardware_sprites(), 2, "its right pieces on screen, the left ones clipped");
    }

    #[test]
    fn an_object_keeps_its_slot_and_a_new_one_takes_the_first_free() {
        let mut e: SpriteEngine<4> = SpriteEngine::new(384, 128);
        let a = e.add(&PLAYER, &STILL, 0, 0).unwrap();
        let b = e.add(&PLAYER, &STILL, 20, 0).unwrap();
        let c = e.add(&PLAYER, &STILL, 40, 0).unwrap();
        e.remove(b);
        assert!(e.get(b).is_none() && e.frame(b) == 0, "removed");
        e.set_position(c, 60, 0);
        e.update(0, 0);
        let xs: Vec<u16> = e.table().iter().map(|w| w[3] - 128).collect();
        assert_eq!(xs, [0, 60], "a and c, in slot order; c moved by its handle");
        let d = e.add(&PLAYER, &STILL, 80, 0).unwrap();
        assert_eq!(d, b, "b's slot again");
        e.update(0, 0);
        let xs: Vec<u16> = e.table().iter().map(|w| w[3] - 128).collect();
        assert_eq!(xs, [0, 80, 60], "d drawn in b's place");
        e.remove(c);
        e.remove(d);
        assert_eq!(e.count, 1, "free slots at the end are not looked at");
        e.remove(a);
        assert_eq!(e.count, 0);
        assert_eq!(e.tiles.alloc(128), Some(384), "all VRAM free again");
    }

    #[test]
    fn past_80_hardware_sprites_whole_objects_are_dropped_in_slot_order() {
        // 21 metasprites of 4 pieces: 20 fit (80 sprites), the 21st is dropped.
        let mut e: SpriteEngine<24> = SpriteEngine::new(0, 2048);
        let handles: Vec<Handle> = (0..21).map(|i| e.add(&BIG, &STILL, 10 + i, 10).unwrap()).collect();
        e.update(0, 0);
        assert_eq!((e.hardware_sprites(), e.dropped()), (80, 1));
        let t = e.table().to_vec();
        assert_eq!(t[0][3] as i16 - 128, 10, "the first added is first in the link order: on top");
        // Removing one lets the last in.
        e.remove(handles[0]);
        e.update(0, 0);
        assert_eq!((e.hardware_sprites(), e.dropped()), (80, 0));
    }
}
