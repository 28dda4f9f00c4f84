//! VDP graphics from pictures: 9-bit colours, 8x8 cells of 4 bits per pixel, flips,
//! palettes and name-table words. Shared by the art layers of `romtool levels`
//! (`romtool_levels::art`) and the sprite sheets of `romtool sprites` (`romtool_sprites`).
//!
//! * **Colours**: the Mega Drive shows 3 bits per channel; a CRAM word is `0000 BBB0 GGG0
//!   RRR0`. An 8-bit channel `v` becomes the nearest of `0, 36, ..., 252`: `min((v + 18) / 36,
//!   7)`; so both usual ways of writing Mega Drive colours in a PNG (multiples of 36, and
//!   `n * 255 / 7`) come back exactly. [`expand`] gives the multiples of 36 back.
//! * **Cells** are 8x8 pixels. In *colour space* ([`ColourCell`]) a pixel is a CRAM word or
//!   [`CLEAR`] (transparent); in *index space* ([`IndexCell`]) it is a palette index 0..=15,
//!   0 transparent. [`cell_words`] packs an index cell into the VDP's 16 words (4 pixels per
//!   word, leftmost pixel in bits 15..12, 32 bytes per cell, the VDP's byte order on the
//!   68000: ready for DMA from a `u16` array); [`words_cell`] unpacks.
//! * **Flips**: [`CellSet`] keeps distinct index cells, finding a cell that is a horizontal,
//!   vertical or both-ways mirror of one it has and answering with the name-table flip bits.
//! * **Palettes**: [`assign_palettes`] packs the colour sets of cells into at most N lines of
//!   15 colours (entry 0 of every line is transparent).

use std::collections::{BTreeSet, HashMap};

/// A transparent pixel in a [`ColourCell`] (no CRAM word has bit 15 set).
pub const CLEAR: u16 = 0x8000;
/// Colours per palette line besides the transparent entry 0.
pub const COLOURS_PER_LINE: usize = 15;
/// Name-table / sprite attribute bit: drawn in front of low-priority planes and sprites.
pub const PRIORITY: u16 = 0x8000;
/// Name-table / sprite attribute bit: mirrored top to bottom.
pub const VFLIP: u16 = 0x1000;
/// Name-table / sprite attribute bit: mirrored left to right.
pub const HFLIP: u16 = 0x0800;
/// Name-table / sprite attribute: the palette line `n` (0..=3) is `n << PALETTE_SHIFT`.
pub const PALETTE_SHIFT: u16 = 13;
/// Largest VDP tile index of a name-table word (11 bits).
pub const MAX_TILE_INDEX: u16 = 0x07FF;
/// 16-bit words per cell (8 rows of 4 bytes).
pub const WORDS_PER_CELL: usize = 16;

/// 64 pixels, row-major, each a CRAM word or [`CLEAR`].
pub type ColourCell = [u16; 64];
/// 64 pixels, row-major, each a palette index (0 transparent).
pub type IndexCell = [u8; 64];

/// The CRAM word (`0000 BBB0 GGG0 RRR0`) nearest to an 8-bit RGB colour.
pub fn quantise(rgb: [u8; 3]) -> u16 {
    let q = |v: u8| ((v as u16 + 18) / 36).min(7);
    (q(rgb[2]) << 9) | (q(rgb[1]) << 5) | (q(rgb[0]) << 1)
}

/// The 8-bit RGB of a CRAM word (each channel a multiple of 36: 0..=252).
pub fn expand(cram: u16) -> [u8; 3] {
    let c = |shift: u16| (((cram >> shift) & 7) * 36) as u8;
    [c(1), c(5), c(9)]
}

/// The colour-space pixel of an RGBA pixel: [`CLEAR`] when alpha is below half, else the
/// quantised colour.
pub fn colour_of(rgba: [u8; 4]) -> u16 {
    if rgba[3] < 128 {
        CLEAR
    } else {
        quantise([rgba[0], rgba[1], rgba[2]])
    }
}

/// Cell (`cx`, `cy`) (in cells) of a colour-space picture `width` pixels wide.
pub fn cut(pixels: &[u16], width: usize, cx: usize, cy: usize) -> ColourCell {
    let mut c = [CLEAR; 64];
    for y in 0..8 {
        for x in 0..8 {
            c[y * 8 + x] = pixels[(cy * 8 + y) * width + cx * 8 + x];
        }
    }
    c
}

/// The distinct opaque colours of a cell, in CRAM order.
pub fn colours(c: &ColourCell) -> BTreeSet<u16> {
    c.iter().copied().filter(|&p| p != CLEAR).collect()
}

/// A cell mirrored left to right.
pub fn hflip<T: Copy>(c: &[T; 64]) -> [T; 64] {
    std::array::from_fn(|i| c[(i & !7) | (7 - (i & 7))])
}

/// A cell mirrored top to bottom.
pub fn vflip<T: Copy>(c: &[T; 64]) -> [T; 64] {
    std::array::from_fn(|i| c[((7 - (i >> 3)) << 3) | (i & 7)])
}

/// The VDP's 16 words of an index cell (4 pixels per word, leftmost in bits 15..12).
pub fn cell_words(c: &IndexCell) -> [u16; WORDS_PER_CELL] {
    std::array::from_fn(|w| {
        let p = &c[w * 4..w * 4 + 4];
        (p[0] as u16 & 15) << 12 | (p[1] as u16 & 15) << 8 | (p[2] as u16 & 15) << 4 | (p[3] as u16 & 15)
    })
}

/// The index cell of 16 VDP words (the inverse of [`cell_words`]).
pub fn words_cell(words: &[u16]) -> IndexCell {
    std::array::from_fn(|i| (words.get(i / 4).copied().unwrap_or(0) >> (12 - 4 * (i % 4)) & 15) as u8)
}

/// A cell as a palette line shows it: the index cell of a colour cell whose every colour is in
/// `line` (entry 0 transparent; colours looked up in entries 1..). `None` if a colour is
/// missing.
pub fn index_cell(c: &ColourCell, line: &[u16]) -> Option<IndexCell> {
    let mut out = [0u8; 64];
    for (o, &p) in out.iter_mut().zip(c.iter()) {
        if p != CLEAR {
            *o = line.iter().skip(1).position(|&q| q == p)? as u8 + 1;
        }
    }
    Some(out)
}

/// Distinct index cells, in the order first added, with flip detection.
#[derive(Clone, Debug, Default)]
pub struct CellSet {
    cells: Vec<IndexCell>,
    index: HashMap<IndexCell, u16>,
}

impl CellSet {
    /// No cells yet.
    pub fn new() -> CellSet {
        CellSet::default()
    }

    /// The cell index and flip bits ([`HFLIP`], [`VFLIP`]) that draw `c`: an equal cell, else a
    /// mirrored one (horizontal, then vertical, then both), else `c` added as a new cell.
    pub fn add(&mut self, c: &IndexCell) -> (u16, u16) {
        let h = hflip(c);
        let v = vflip(c);
        let hv = vflip(&h);
        for (variant, flips) in [(c, 0), (&h, HFLIP), (&v, VFLIP), (&hv, HFLIP | VFLIP)] {
            if let Some(&i) = self.index.get(variant) {
                return (i, flips);
            }
        }
        let i = self.cells.len() as u16;
        self.cells.push(*c);
        self.index.insert(*c, i);
        (i, 0)
    }

    /// The cells, in index order.
    pub fn cells(&self) -> &[IndexCell] {
        &self.cells
    }

    /// Number of distinct cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// No cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// Palette lines (16 CRAM words each, entry 0 = 0 for transparent, colours in CRAM order, the
/// unused tail 0) and, per colour set, the line that holds all its colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palettes {
    /// The lines.
    pub lines: Vec<[u16; 16]>,
    /// `which[i]`: the line of colour set `i`.
    pub which: Vec<usize>,
}

/// Packs colour sets (each at most [`COLOURS_PER_LINE`] colours) into at most `max_lines`
/// palette lines, greedily: the biggest sets first, each into the line it adds the fewest
/// colours to (the first such line), a new line when none has room. Returns the index of the
/// first set that does not fit (in `sets` order) when `max_lines` are not enough, or of a set
/// with too many colours.
pub fn assign_palettes(sets: &[BTreeSet<u16>], max_lines: usize) -> Result<Palettes, usize> {
    if let Some(i) = sets.iter().position(|s| s.len() > COLOURS_PER_LINE) {
        return Err(i);
    }
    let mut order: Vec<usize> = (0..sets.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sets[i].len()), i));
    let mut lines: Vec<BTreeSet<u16>> = Vec::new();
    for &i in &order {
        let best = lines
            .iter()
            .enumerate()
            .map(|(l, line)| (sets[i].difference(line).count(), l))
            .filter(|&(added, l)| lines[l].len() + added <= COLOURS_PER_LINE)
            .min();
        match best {
            Some((_, l)) => lines[l].extend(sets[i].iter().copied()),
            None if lines.len() < max_lines => lines.push(sets[i].clone()),
            None => return Err(i),
        }
    }
    if lines.is_empty() && !sets.is_empty() {
        lines.push(BTreeSet::new());
    }
    let which = sets.iter().map(|s| lines.iter().position(|l| s.is_subset(l)).unwrap_or(0)).collect();
    let lines = lines
        .iter()
        .map(|l| {
            let mut w = [0u16; 16];
            for (k, &c) in l.iter().enumerate() {
                w[k + 1] = c;
            }
            w
        })
        .collect();
    Ok(Palettes { lines, which })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantise_round_trips_both_spellings() {
        for n in 0..8u16 {
            for v in [(n * 36) as u8, (n * 255 / 7) as u8] {
                let c = quantise([v, 0, 0]);
                assert_eq!(c, n << 1);
                assert_eq!(expand(c)[0], (n * 36) as u8);
            }
        }
        assert_eq!(quantise([0, 0, 255]), 0x0E00);
        assert_eq!(quantise([0, 255, 0]), 0x00E0);
    }

    #[test]
    fn words_round_trip_and_flips() {
        let c: IndexCell = std::array::from_fn(|i| (i * 7 % 16) as u8);
        assert_eq!(words_cell(&cell_words(&c)), c);
        assert_eq!(cell_words(&c)[0] >> 12, c[0] as u16);
        assert_eq!(hflip(&hflip(&c)), c);
        assert_eq!(vflip(&c)[0], c[56]);
        assert_eq!(hflip(&c)[0], c[7]);
        let mut set = CellSet::new();
        assert_eq!(set.add(&c), (0, 0));
        assert_eq!(set.add(&hflip(&c)), (0, HFLIP));
        assert_eq!(set.add(&vflip(&c)), (0, VFLIP));
        assert_eq!(set.add(&vflip(&hflip(&c))), (0, HFLIP | VFLIP));
        assert_eq!(set.len(), 1);
    }

    #[test]
    fn palettes_pack_and_fail() {
        let set = |r: std::ops::Range<u16>| r.map(|c| c << 1).collect::<BTreeSet<u16>>();
        let sets = vec![set(0..10), set(5..15), set(100..115), set(0..3)];
        let p = assign_palettes(&sets, 4).unwrap();
        assert_eq!(p.lines.len(), 2);
        // Biggest first: the 15-colour set takes line 0, the rest share line 1.
        assert_eq!(p.which, vec![1, 1, 0, 1]);
        for (s, &l) in sets.iter().zip(&p.which) {
            assert!(s.iter().all(|c| p.lines[l][1..].contains(c)));
        }
        assert_eq!(assign_palettes(&sets, 1), Err(0));
        assert_eq!(assign_palettes(&[set(0..16)], 4), Err(0));
    }
}
