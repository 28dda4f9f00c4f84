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
//!   objects). A sheet that does not fit makes [`SpriteEngine::add`] return `None`; nothing
//!   already on screen is touched.
//! - **Animation**: each object plays its [`Animation`]: every picture shows for the
//!   animation's `duration` steps; a looping animation starts again, a one-shot stays on
//!   its last picture ([`SpriteEngine::finished`] says when it got there).
//! - **Metasprites**: a frame up to 128 x 128 pixels is cut into hardware sprites of up to
//!   32 x 32 pixels ([`pieces`]), each at its offset; flips mirror the offsets as well as
//!   the pictures.
//! - **Culling**: an object whose frame lies entirely off screen takes no hardware sprite.
//! - **The sprite table**: built in RAM by [`SpriteEngine::update`] (outside VBlank), in
//!   the order the objects were added (the first added is drawn on top), and written with
//!   the frame uploads by [`SpriteEngine::upload`] in VBlank. Animations step with
//!   [`SpriteEngine::animate`], once per game step.
//!
//! **At the hardware's limits.** The VDP shows at most 80 sprites (H40) in the link order
//! and at most 20 on one scanline (320 pixels of sprites): the engine fills the table in the
//! objects' order and drops whole objects that do not fit in the 80 ([`SpriteEngine::dropped`]
//! counts them each frame, so a game can tell); on a line with more than 20 sprites the VDP
//! itself leaves out the ones later in the link order, which are the objects added last.
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

use crate::sprites::SpriteList;
use crate::vdp::{self, SCREEN_H, SCREEN_W};

/// Hardware sprites the VDP shows in H40 (the sprite table's size).
pub const MAX_HARDWARE_SPRITES: usize = 80;
/// The biggest frame, pixels per side: 4 x 4 hardware sprites of 32 x 32.
pub const MAX_FRAME_PX: u16 = 128;
/// Frame uploads [`SpriteEngine::upload`] can hold in one frame (streamed objects whose
/// picture changed); more wait for the next frame.
pub const MAX_UPLOADS: usize = 16;
/// VRAM blocks the allocator keeps track of (sheets and streamed objects at once).
pub const MAX_BLOCKS: usize = 32;

/// Where a sheet's frames live in VRAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Residency {
    /// Every frame in VRAM once, shared by all the sheet's objects: no upload when the
    /// picture changes.
    Resident,
    /// One frame's tiles per object, uploaded by DMA when its picture changes.
    Streamed,
}

/// Most hardware sprites in one frame: 4 x 4 pieces of 32 x 32 pixels.
pub const MAX_PIECES: usize = 16;

/// A sprite sheet as `romtool sprites` compiles it: frames of `width` x `height` pixels,
/// each frame's tiles consecutive in `tiles`, cut into hardware sprites as [`pieces`] says
/// (each piece's tiles in the VDP's column-major order). Made with [`Sheet::new`] (at compile
/// time: the pieces, their flipped offsets and sizes are worked out there, so a frame on
/// screen costs no layout work).
#[derive(Debug)]
pub struct Sheet {
    tiles: &'static [u16],
    width: u16,
    height: u16,
    attr: u16,
    residency: Residency,
    tiles_per_frame: u16,
    pieces: [Placed; MAX_PIECES],
    piece_count: u16,
}

/// A piece as the table needs it: offsets plain and flipped (pixels), the size bits of
/// the attribute table's second word, and its size in pixels and its first tile.
#[derive(Clone, Copy, Debug)]
struct Placed {
    x: i16,
    y: i16,
    hx: i16,
    vy: i16,
    w_px: i16,
    h_px: i16,
    size: u16,
    tile: u16,
}

impl Sheet {
    /// The sheet of `tiles` (16 words a VDP tile, frame after frame) with frames of `width`
    /// x `height` pixels (8..=128 each, multiples of 8), drawn in CRAM line `palette_line`
    /// (0..=3), resident or streamed. A frame size out of range stops the build (at compile
    /// time in a `static`).
    pub const fn new(tiles: &'static [u16], width: u16, height: u16, palette_line: u16, residency: Residency) -> Sheet {
        assert!(width >= 8 && width <= MAX_FRAME_PX && width & 7 == 0, "frame width: 8..=128 pixels, a multiple of 8");
        assert!(height >= 8 && height <= MAX_FRAME_PX && height & 7 == 0, "frame height: 8..=128 pixels, a multiple of 8");
        assert!(palette_line < 4, "palette line: 0..=3");
        let empty = Placed { x: 0, y: 0, hx: 0, vy: 0, w_px: 0, h_px: 0, size: 0, tile: 0 };
        let mut pieces = [empty; MAX_PIECES];
        let (mut n, mut x, mut y, mut tile) = (0, 0u16, 0u16, 0u16);
        while y < height {
            let w = if (width - x) >> 3 < 4 { (width - x) >> 3 } else { 4 };
            let h = if (height - y) >> 3 < 4 { (height - y) >> 3 } else { 4 };
            let (w_px, h_px) = (w << 3, h << 3);
            pieces[n] = Placed {
                x: x as i16,
                y: y as i16,
                hx: (width - x - w_px) as i16,
                vy: (height - y - h_px) as i16,
                w_px: w_px as i16,
                h_px: h_px as i16,
                size: ((w - 1) << 2 | (h - 1)) << 8,
                tile,
            };
            n += 1;
            tile += w * h;
            x += 32;
            if x >= width {
                (x, y) = (0, y + 32);
            }
        }
        Sheet { tiles, width, height, attr: vdp::cell(palette_line, 0), residency, tiles_per_frame: tile, pieces, piece_count: n as u16 }
    }

    /// VDP tiles of one frame.
    pub const fn tiles_per_frame(&self) -> u16 {
        self.tiles_per_frame
    }

    /// Frames in the sheet.
    pub const fn frames(&self) -> u16 {
        (self.tiles.len() >> 4) as u16 / self.tiles_per_frame
    }

    /// Hardware sprites of one frame.
    pub const fn pieces_per_frame(&self) -> u16 {
        self.piece_count
    }
}

/// An animation: pictures (frame indices of the sheet) shown for `duration` steps each.
#[derive(Debug)]
pub struct Animation {
    /// Frame indices of the sheet, in play order.
    pub frames: &'static [u16],
    /// Steps each picture shows (1..).
    pub duration: u16,
    /// Starts again after the last picture (false: a one-shot, which stays on it).
    pub looping: bool,
}

/// One hardware sprite of a frame: its offset from the frame's top-left (pixels), its size
/// (tiles, 1..=4 each way) and its first tile, counted from the frame's first.
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
        let p = sheet.pieces[i];
        Piece { x: p.x as u16, y: p.y as u16, w: (p.w_px >> 3) as u16, h: (p.h_px >> 3) as u16, tile: p.tile }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle(u8);

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
}

/// An object: what it shows and where.
#[derive(Clone, Copy, Debug)]
struct Object {
    sheet: &'static Sheet,
    animation: &'static Animation,
    /// Map pixels (the frame's top-left).
    x: i16,
    y: i16,
    /// The picture shown (index into the animation's frames) and steps until the next.
    picture: u16,
    steps: u16,
    /// Flip and priority bits of the attribute word (`vdp::HFLIP`, `VFLIP`, `PRIORITY`).
    bits: u16,
    /// Drawn (false: kept, animated, but left out of the table).
    visible: bool,
    /// First VDP tile: the sheet's (resident) or the object's frame slot (streamed).
    tile: u16,
    /// The frame whose tiles a streamed object's slot holds (`u16::MAX`: none yet).
    uploaded: u16,
}

impl Object {
    fn frame(&self) -> u16 {
        self.animation.frames[self.picture as usize]
    }
}

/// The sprite engine for up to `N` objects (see the module docs).
pub struct SpriteEngine<const N: usize> {
    objects: [Option<Object>; N],
    tiles: Tiles,
    loaded: [Loaded; N],
    table: SpriteList<MAX_HARDWARE_SPRITES>,
    /// Frame uploads for the next VBlank: tile words and their VDP tile.
    uploads: [(&'static [u16], u16); MAX_UPLOADS],
    upload_count: u8,
    dropped: u16,
}

impl<const N: usize> SpriteEngine<N> {
    /// An engine with no objects whose sheets go to VDP tiles `first_tile ..
    /// first_tile + tile_count` (the game's share of VRAM: the level view leaves tiles 384 to
    /// 511 to the game's sprites).
    pub const fn new(first_tile: u16, tile_count: u16) -> SpriteEngine<N> {
        SpriteEngine {
            objects: [None; N],
            tiles: Tiles::new(first_tile, tile_count),
            loaded: [Loaded { sheet: None, first: 0, users: 0 }; N],
            table: SpriteList::new(),
            uploads: [(&[], 0); MAX_UPLOADS],
            upload_count: 0,
            dropped: 0,
        }
    }

    /// Adds an object of `sheet` playing `animation` from its first picture, its frame's
    /// top-left at map pixel (`x`, `y`). `None` when `N` objects exist or the sheet's tiles
    /// do not fit in the engine's VRAM (then nothing changes). A resident sheet's tiles are
    /// queued for the next [`SpriteEngine::upload`] when its first object comes.
    pub fn add(&mut self, sheet: &'static Sheet, animation: &'static Animation, x: i16, y: i16) -> Option<Handle> {
        let slot = self.objects.iter().position(Option::is_none)?;
        let tile = match sheet.residency {
            Residency::Resident => self.load(sheet)?,
            Residency::Streamed => self.tiles.alloc(sheet.tiles_per_frame())?,
        };
        let steps = animation.duration;
        self.objects[slot] = Some(Object { sheet, animation, x, y, picture: 0, steps, bits: 0, visible: true, tile, uploaded: u16::MAX });
        Some(Handle(slot as u8))
    }

    /// The first tile of resident `sheet`, loading it if no object uses it yet.
    fn load(&mut self, sheet: &'static Sheet) -> Option<u16> {
        if let Some(l) = self.loaded.iter_mut().find(|l| l.sheet.is_some_and(|s| core::ptr::eq(s, sheet))) {
            l.users += 1;
            return Some(l.first);
        }
        let entry = self.loaded.iter().position(|l| l.sheet.is_none())?;
        let first = self.tiles.alloc((sheet.tiles.len() >> 4) as u16)?;
        if !self.queue(sheet.tiles, first) {
            self.tiles.free(first);
            return None;
        }
        self.loaded[entry] = Loaded { sheet: Some(sheet), first, users: 1 };
        Some(first)
    }

    /// Queues `words` for VDP tile `tile`; false when the queue is full.
    fn queue(&mut self, words: &'static [u16], tile: u16) -> bool {
        let n = self.upload_count as usize;
        if n >= MAX_UPLOADS {
            return false;
        }
        self.uploads[n] = (words, tile);
        self.upload_count += 1;
        true
    }

    /// Removes an object; its tiles are freed (a resident sheet's with its last object).
    pub fn remove(&mut self, h: Handle) {
        let Some(o) = self.objects[h.0 as usize].take() else { return };
        match o.sheet.residency {
            Residency::Streamed => self.tiles.free(o.tile),
            Residency::Resident => {
                if let Some(l) = self.loaded.iter_mut().find(|l| l.sheet.is_some_and(|s| core::ptr::eq(s, o.sheet))) {
                    l.users -= 1;
                    if l.users == 0 {
                        self.tiles.free(l.first);
                        l.sheet = None;
                    }
                }
            }
        }
    }

    fn object(&mut self, h: Handle) -> &mut Object {
        self.objects[h.0 as usize].as_mut().expect("a removed object's handle")
    }

    /// Moves an object's frame's top-left to map pixel (`x`, `y`).
    pub fn set_position(&mut self, h: Handle, x: i16, y: i16) {
        let o = self.object(h);
        (o.x, o.y) = (x, y);
    }

    /// Plays `animation` from its first picture, unless the object already plays it (then it
    /// goes on).
    pub fn set_animation(&mut self, h: Handle, animation: &'static Animation) {
        let o = self.object(h);
        if !core::ptr::eq(o.animation, animation) {
            (o.animation, o.picture, o.steps) = (animation, 0, animation.duration);
        }
    }

    /// Mirrors the object left-right (`h`) and top-bottom (`v`): the pictures and the
    /// pieces' offsets within the frame.
    pub fn set_flip(&mut self, h: Handle, hflip: bool, vflip: bool) {
        let o = self.object(h);
        o.bits = (o.bits & vdp::PRIORITY) | if hflip { vdp::HFLIP } else { 0 } | if vflip { vdp::VFLIP } else { 0 };
    }

    /// Draws the object in front of high-priority plane cells (true) or behind them.
    pub fn set_priority(&mut self, h: Handle, high: bool) {
        let o = self.object(h);
        o.bits = (o.bits & !vdp::PRIORITY) | if high { vdp::PRIORITY } else { 0 };
    }

    /// Shows or hides the object (a hidden one keeps its place, animation and VRAM).
    pub fn set_visible(&mut self, h: Handle, visible: bool) {
        self.object(h).visible = visible;
    }

    /// The sheet frame the object shows now.
    pub fn frame(&self, h: Handle) -> u16 {
        self.objects[h.0 as usize].as_ref().map_or(0, Object::frame)
    }

    /// Whether the object's one-shot animation shows its last picture and its time is up
    /// (a looping animation never finishes).
    pub fn finished(&self, h: Handle) -> bool {
        self.objects[h.0 as usize]
            .as_ref()
            .is_some_and(|o| !o.animation.looping && o.picture as usize + 1 >= o.animation.frames.len() && o.steps == 0)
    }

    /// Objects left out of the last [`SpriteEngine::update`]'s table for lack of hardware
    /// sprites (80 at most).
    pub fn dropped(&self) -> u16 {
        self.dropped
    }

    /// Hardware sprites in the table the last update built.
    pub fn hardware_sprites(&self) -> u16 {
        self.table.len()
    }

    /// One step of every object's animation: call it once per game step (a PAL game that
    /// runs two steps in some frames keeps its animations' speed so).
    pub fn animate(&mut self) {
        for o in self.objects.iter_mut().flatten() {
            step(o);
        }
    }

    /// The sprite table for a camera whose top-left is at map pixel (`cx`, `cy`): hidden
    /// objects and objects off screen are left out, the others take their pieces in the
    /// order they were added (whole objects only, up to 80 hardware sprites), and streamed
    /// objects whose picture changed get their frame queued for the next upload. Once a
    /// frame, outside VBlank.
    pub fn update(&mut self, cx: i16, cy: i16) {
        self.table.clear();
        self.dropped = 0;
        let mut uploads = self.upload_count as usize;
        for o in self.objects.iter_mut().flatten() {
            if !o.visible {
                continue;
            }
            let s = o.sheet;
            let (sx, sy) = (o.x - cx, o.y - cy);
            // On screen when -width < sx < SCREEN_W: one unsigned compare per axis.
            let (w, h) = (s.width as i16, s.height as i16);
            if (sx + w - 1) as u16 >= (SCREEN_W + w - 1) as u16 || (sy + h - 1) as u16 >= (SCREEN_H + h - 1) as u16 {
                continue;
            }
            if self.table.len() + s.piece_count > MAX_HARDWARE_SPRITES as u16 {
                self.dropped += 1;
                continue;
            }
            let frame = o.frame();
            let first = match s.residency {
                Residency::Resident => o.tile + frame * s.tiles_per_frame,
                Residency::Streamed => {
                    if o.uploaded != frame && uploads < MAX_UPLOADS {
                        let n = (s.tiles_per_frame as usize) << 4;
                        let start = frame as usize * n;
                        self.uploads[uploads] = (&s.tiles[start..start + n], o.tile);
                        uploads += 1;
                        o.uploaded = frame;
                    }
                    o.tile
                }
            };
            let attr = (s.attr | o.bits) + first;
            let (hflip, vflip) = (o.bits & vdp::HFLIP != 0, o.bits & vdp::VFLIP != 0);
            for p in &s.pieces[..s.piece_count as usize] {
                let px = if hflip { p.hx } else { p.x };
                let py = if vflip { p.vy } else { p.y };
                self.table.push_sized(sx + px, sy + py, p.w_px, p.h_px, p.size, attr + p.tile);
            }
        }
        self.upload_count = uploads as u8;
    }

    /// Writes the queued frames (resident sheets' first loads, streamed objects' new
    /// pictures) and the sprite table by DMA. In VBlank (or with the display off).
    pub fn upload(&mut self) {
        for &(words, tile) in &self.uploads[..self.upload_count as usize] {
            crate::dma::copy_to_vram(words, tile * vdp::TILE_BYTES);
        }
        self.upload_count = 0;
        self.table.upload_dma();
    }

    /// The sprite table the last update built (attribute words, 4 per hardware sprite).
    pub fn table(&mut self) -> &[[u16; 4]] {
        self.table.table()
    }
}

/// One step of `o`'s animation: the next picture when its time is up (a one-shot stays on
/// its last picture with no steps left).
fn step(o: &mut Object) {
    if o.steps > 1 {
        o.steps -= 1;
        return;
    }
    let a = o.animation;
    if (o.picture as usize) + 1 < a.frames.len() {
        (o.picture, o.steps) = (o.picture + 1, a.duration);
    } else if a.looping {
        (o.picture, o.steps) = (0, a.duration);
    } else {
        o.steps = 0;
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
            let placed = &sheet.pieces[..sheet.pieces_per_frame() as usize];
            let expected: Vec<Piece> = pieces(w, h).collect();
            assert_eq!(placed.len(), expected.len());
            for (q, p) in placed.iter().zip(&expected) {
                assert_eq!((q.x, q.y, q.w_px, q.h_px, q.tile), (p.x as i16, p.y as i16, (p.w << 3) as i16, (p.h << 3) as i16, p.tile));
                assert_eq!((q.hx, q.vy), ((w - p.x - (p.w << 3)) as i16, (h - p.y - (p.h << 3)) as i16), "mirrored in the frame");
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
        assert_eq!(e.upload_count, 1, "the sheet's 24 tiles queued once");
        assert_eq!(e.uploads[0].1, 384);
        let s = e.add(&STREAMED, &WALK, 80, 0).unwrap();
        assert_eq!(e.objects[s.0 as usize].unwrap().tile, 384 + 24, "a streamed slot after the sheet");
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
    fn streamed_objects_upload_a_frame_when_their_picture_changes() {
        let mut e: SpriteEngine<2> = SpriteEngine::new(384, 128);
        let s = e.add(&STREAMED, &WALK, 10, 10).unwrap();
        e.update(0, 0);
        assert_eq!(e.upload_count, 1, "the first picture");
        e.upload_count = 0;
        e.animate();
        e.animate();
        e.update(0, 0);
        assert_eq!((e.frame(s), e.upload_count), (1, 1), "picture 1");
        e.upload_count = 0;
        e.animate();
        e.update(0, 0);
        assert_eq!(e.upload_count, 0, "still picture 1: nothing to upload");
        e.set_visible(s, false);
        e.animate();
        e.update(0, 0);
        assert_eq!((e.hardware_sprites(), e.upload_count), (0, 0), "hidden: no sprite, no upload");
        assert!(core::ptr::eq(e.uploads[0].0.as_ptr(), TILES_2X4[128..].as_ptr()), "frame 1's tiles");
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
    fn past_80_hardware_sprites_whole_objects_are_dropped_in_add_order() {
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
