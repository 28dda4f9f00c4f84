//! The sprite list: built in RAM while the game logic runs, copied to the VDP's sprite
//! attribute table ([`crate::vdp::SPRITES`]) in VBlank, by CPU ([`SpriteList::upload`]) or
//! DMA ([`SpriteList::upload_dma`]).
//!
//! A sprite is 1..=4 x 1..=4 tiles whose graphics are consecutive VDP tiles in column order
//! (top-left, the tiles below it, then the next column). Its attribute word is a plane cell
//! ([`crate::vdp::cell`]: palette line and first tile) with optional
//! [`crate::vdp::HFLIP`], [`crate::vdp::VFLIP`] (the VDP mirrors the whole sprite) and
//! [`crate::vdp::PRIORITY`].
//!
//! ```
//! use megadrive::sprites::SpriteList;
//! use megadrive::vdp::{cell, HFLIP};
//!
//! let mut list = SpriteList::<80>::new();
//! list.push(100, 60, 2, 4, cell(1, 0x100) | HFLIP); // 16 x 32 pixels at (100, 60)
//! list.push(-50, 60, 1, 1, cell(1, 0x108)); // entirely off screen: dropped
//! assert_eq!(list.len(), 1);
//! // The VDP's entry: y + 128, size (2 x 4 tiles) and link (0: the last), attribute, x + 128.
//! assert_eq!(list.table(), [[188, 0x0700, cell(1, 0x100) | HFLIP, 228]]);
//! // In VBlank: list.upload() (or upload_dma), then list.clear() for the next frame.
//! ```

use crate::vdp::{self, SCREEN_H, SCREEN_W};

/// Screen position 0 in sprite coordinates (the sprite table's origin is 128 pixels above
/// and left of the screen).
const ORIGIN: i16 = 128;

/// Sprites for one frame, in screen order (the first is drawn on top), at most `N` (the VDP
/// shows up to 80 in H40, 20 per scanline).
///
/// ```
/// use megadrive::sprites::SpriteList;
/// let frame = SpriteList::<80>::new(); // the whole H40 table, in RAM
/// let hud = SpriteList::<8>::new(); // or a few, for a list of its own
/// assert!(frame.is_empty() && hud.is_empty());
/// ```
pub struct SpriteList<const N: usize> {
    /// The attribute table entries, 4 words per sprite.
    words: [[u16; 4]; N],
    count: u16,
}

impl<const N: usize> SpriteList<N> {
    /// An empty list.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// let list = SpriteList::<20>::new();
    /// assert_eq!(list.len(), 0);
    /// ```
    pub const fn new() -> Self {
        SpriteList { words: [[0; 4]; N], count: 0 }
    }

    /// Empties the list.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// let mut list = SpriteList::<80>::new();
    /// list.push(0, 0, 1, 1, 1);
    /// list.clear(); // after the upload, before the next frame's sprites
    /// assert!(list.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.count = 0;
    }

    /// Sprites in the list.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// let mut list = SpriteList::<2>::new();
    /// for x in [0, 8, 16] {
    ///     list.push(x, 0, 1, 1, 1);
    /// }
    /// assert_eq!(list.len(), 2); // the third is beyond N
    /// ```
    pub fn len(&self) -> u16 {
        self.count
    }

    /// True when the list holds no sprite.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// let mut list = SpriteList::<80>::new();
    /// list.push(0, 300, 1, 1, 1); // below the screen: dropped
    /// assert!(list.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Adds a sprite of `w` x `h` tiles (1..=4 each) whose top-left is at screen pixel
    /// (`sx`, `sy`), with attribute word `attr` (a [`vdp::cell`] of palette line and first
    /// tile, `|` flip and priority bits). Sprites entirely off screen, or beyond `N`, are
    /// dropped.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::{cell, PRIORITY};
    /// let mut list = SpriteList::<80>::new();
    /// list.push(-4, 10, 1, 1, cell(0, 0x20) | PRIORITY); // partly off the left edge: kept
    /// assert_eq!(list.table(), [[138, 0x0000, cell(0, 0x20) | PRIORITY, 124]]);
    /// ```
    pub fn push(&mut self, sx: i16, sy: i16, w: u16, h: u16, attr: u16) {
        let (pw, ph) = ((w << 3) as i16, (h << 3) as i16);
        if sx <= -pw || sx >= SCREEN_W || sy <= -ph || sy >= SCREEN_H || self.count as usize >= N {
            return;
        }
        let e = &mut self.words[self.count as usize];
        e[0] = (sy + ORIGIN) as u16;
        e[1] = (((w - 1) << 2 | (h - 1)) << 8) | (self.count + 1);
        e[2] = attr;
        e[3] = (sx + ORIGIN) as u16;
        self.count += 1;
    }

    /// Adds the hardware sprites of one object whose frame lies wholly on screen, its
    /// top-left at screen pixel (`sx`, `sy`): each of `pieces` is an attribute table entry
    /// relative to the object (`[y offset + 128, size bits, first tile, x offset + 128]`,
    /// offsets in pixels, as [`crate::sprite_engine::Sheet`] lays them out), to which the
    /// object's position and attribute word `attr` are added. All or nothing: false (and
    /// nothing added) when they do not all fit in the list's `N`.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::cell;
    ///
    /// let mut list = SpriteList::<80>::new();
    /// // Two 32 x 32 pieces side by side (size bits 0x0F00), tiles 0 and 16 of the frame.
    /// let pieces = [[128, 0x0F00, 0, 128], [128, 0x0F00, 16, 160]];
    /// assert!(list.push_pieces(10, 20, cell(2, 0x100), &pieces));
    /// assert_eq!(list.table(), [[148, 0x0F01, cell(2, 0x100), 138], [148, 0x0F00, cell(2, 0x110), 170]]);
    /// ```
    #[inline(always)]
    pub fn push_pieces(&mut self, sx: i16, sy: i16, attr: u16, pieces: &[[u16; 4]]) -> bool {
        let first = self.count;
        let Some(entries) = self.words.get_mut(first as usize..first as usize + pieces.len()) else {
            return false;
        };
        let (sx, sy) = (sx as u16, sy as u16);
        let mut link = first;
        for (e, p) in entries.iter_mut().zip(pieces) {
            link += 1;
            *e = [p[0].wrapping_add(sy), p[1] | link, p[2].wrapping_add(attr), p[3].wrapping_add(sx)];
        }
        self.count = link;
        true
    }

    /// [`SpriteList::push_pieces`] for an object partly off screen: pieces wholly off
    /// screen are left out (they would take sprites from the 80 and the 20 of a line, and
    /// one far right would wrap to the left edge). False (and nothing added) when the
    /// pieces on screen do not all fit.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::cell;
    /// let mut list = SpriteList::<80>::new();
    /// // Two 8 x 8 pieces 16 pixels apart; the object at x = -20: only the right one shows.
    /// let pieces = [[128, 0x0000, 0, 128], [128, 0x0000, 1, 144]];
    /// assert!(list.push_pieces_clipped(-20, 0, cell(0, 0x80), &pieces));
    /// assert_eq!(list.table(), [[128, 0x0000, cell(0, 0x81), 124]]);
    /// ```
    pub fn push_pieces_clipped(&mut self, sx: i16, sy: i16, attr: u16, pieces: &[[u16; 4]]) -> bool {
        let mut n = self.count;
        for p in pieces {
            let x = sx.wrapping_add(p[3] as i16 - ORIGIN);
            let y = sy.wrapping_add(p[0] as i16 - ORIGIN);
            let (w_px, h_px) = ((((p[1] >> 10) & 3) as i16 + 1) << 3, (((p[1] >> 8) & 3) as i16 + 1) << 3);
            if (x + w_px - 1) as u16 >= (SCREEN_W + w_px - 1) as u16 || (y + h_px - 1) as u16 >= (SCREEN_H + h_px - 1) as u16 {
                continue;
            }
            let Some(e) = self.words.get_mut(n as usize) else {
                return false;
            };
            n += 1;
            *e = [(y + ORIGIN) as u16, p[1] | n, p[2].wrapping_add(attr), (x + ORIGIN) as u16];
        }
        self.count = n;
        true
    }

    /// The entries and the count, for the sprite engine's 68000 kernel, which appends to
    /// them (entries past the count are free to write).
    #[cfg(target_arch = "m68k")]
    pub(crate) fn parts_mut(&mut self) -> (&mut [[u16; 4]; N], &mut u16) {
        (&mut self.words, &mut self.count)
    }

    /// [`SpriteList::push`] for each `(sx, sy, attr)` of `sprites`, all `w` x `h` tiles: one
    /// loop with the list's length in a register (a crowd of enemies).
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::cell;
    ///
    /// let mut list = SpriteList::<4>::new();
    /// let crowd = [(10, 20), (400, 20), (30, 20)].map(|(x, y)| (x, y, cell(2, 0x180)));
    /// list.push_each(2, 2, crowd.into_iter()); // the one at x = 400 is off screen
    /// assert_eq!(list.len(), 2);
    /// ```
    #[inline(always)]
    pub fn push_each(&mut self, w: u16, h: u16, sprites: impl Iterator<Item = (i16, i16, u16)>) {
        let (pw, ph) = ((w << 3) as i16, (h << 3) as i16);
        let size = ((w - 1) << 2 | (h - 1)) << 8;
        let mut n = self.count;
        for (sx, sy, attr) in sprites {
            // On screen when -pw < sx < SCREEN_W: one unsigned compare per axis.
            if (sx + pw - 1) as u16 >= (SCREEN_W + pw - 1) as u16 || (sy + ph - 1) as u16 >= (SCREEN_H + ph - 1) as u16 {
                continue;
            }
            let Some(e) = self.words.get_mut(n as usize) else {
                break;
            };
            n += 1;
            *e = [(sy + ORIGIN) as u16, size | n, attr, (sx + ORIGIN) as u16];
        }
        self.count = n;
    }

    /// The attribute table entries to upload: the last sprite ends the link chain; an empty
    /// list becomes one sprite hidden above the screen.
    ///
    /// ```
    /// use megadrive::sprites::SpriteList;
    /// let mut list = SpriteList::<80>::new();
    /// assert_eq!(list.table(), [[0, 0, 0, 0]]); // empty: one hidden sprite
    /// list.push(0, 0, 1, 1, 5);
    /// list.push(8, 0, 1, 1, 6);
    /// assert_eq!(list.table()[0][1], 0x0001); // linked to the second, which ends the chain
    /// ```
    pub fn table(&mut self) -> &[[u16; 4]] {
        if self.count == 0 {
            self.words[0] = [0, 0, 0, 0];
            return &self.words[..1];
        }
        let last = (self.count - 1) as usize;
        self.words[last][1] &= 0xFF00;
        &self.words[..self.count as usize]
    }

    /// Copies the list to the VDP's sprite table by CPU ([`SpriteList::table`]). In VBlank.
    ///
    /// ```no_run
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::cell;
    /// let mut list = SpriteList::<80>::new();
    /// list.push(160, 112, 2, 2, cell(1, 0x100));
    /// // In VBlank:
    /// list.upload();
    /// list.clear();
    /// ```
    pub fn upload(&mut self) {
        let table = self.table();
        vdp::load_words(vdp::SPRITES, table.as_flattened());
    }

    /// Copies the list to the VDP's sprite table by DMA ([`crate::dma`]). In VBlank, DMA
    /// enabled.
    ///
    /// ```no_run
    /// use megadrive::sprites::SpriteList;
    /// use megadrive::vdp::cell;
    /// let mut list = SpriteList::<80>::new();
    /// list.push(160, 112, 4, 4, cell(2, 0x200));
    /// // In VBlank, with DMA enabled:
    /// list.upload_dma();
    /// list.clear();
    /// ```
    pub fn upload_dma(&mut self) {
        let window = crate::sound::dma_start();
        self.upload_in_window();
        crate::sound::dma_done(window);
    }

    /// [`SpriteList::upload_dma`] for a caller that has the sound driver's DMA window open
    /// (the sprite engine's upload: one window for its frames and the table).
    pub(crate) fn upload_in_window(&mut self) {
        let table = self.table();
        crate::dma::copy_in_window(table.as_flattened(), crate::dma::Dest::Vram, vdp::SPRITES);
    }
}

impl<const N: usize> Default for SpriteList<N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vdp::{cell, HFLIP, PRIORITY, VFLIP};

    #[test]
    fn entries_link_and_end_the_chain() {
        let mut s: SpriteList<4> = SpriteList::new();
        s.push(10, 20, 2, 4, cell(3, 384) | HFLIP);
        s.push(-7, -7, 1, 1, cell(1, 5) | VFLIP | PRIORITY);
        s.push(-8, 0, 1, 1, cell(1, 5)); // one pixel too far left: dropped
        s.push(320, 0, 1, 1, cell(0, 1)); // off screen: dropped
        assert_eq!(s.len(), 2);
        assert_eq!(s.table(), &[[148, 0x0701, 0x6980, 138], [121, 0x0000, 0x2000 | 0x1000 | 0x8000 | 5, 121]]);
    }

    #[test]
    fn full_and_empty_lists() {
        let mut s: SpriteList<1> = SpriteList::new();
        assert_eq!(s.table(), &[[0, 0, 0, 0]]);
        s.push(0, 0, 1, 1, 7);
        s.push(0, 0, 1, 1, 8);
        assert_eq!(s.table(), &[[128, 0, 7, 128]]);
    }
}
