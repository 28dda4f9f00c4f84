//! megacollide-surface-compiler: the tables of [`megacollide_engine::surface`] for one map,
//! made on the host (by `romtool levels` for the ROM, and by the engine's property tests for
//! random maps).
//!
//! Every answer comes from the engine's own full move: each walkable position's one-pixel
//! step to the right and to the left is a [`megacollide_engine::motion::move_body`] of one
//! pixel on the map without tables. So the chains say exactly what the per-pixel rules say,
//! and a walk read from them equals the full walk by construction.

use std::collections::HashMap;

use megacollide_engine::body::{Body, Flags};
use megacollide_engine::map::Map;
use megacollide_engine::motion::move_body;
use megacollide_engine::surface::{AirRect, Chain, EndKind, SurfaceClass, Surfaces, NO_AIR, NO_CHAIN};
use megacollide_engine::{SubPx, MAX_BODY_SIZE};

/// The index of one body size's chains (see [`SurfaceClass`]), as owned tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassIndex {
    /// Body width in pixels.
    pub w: u8,
    /// Body height in pixels.
    pub h: u8,
    /// Per tile column (and one more): where its chains start in `column_chains`.
    pub column_start: Vec<u16>,
    /// The chains (indices into [`Compiled::chains`]) with a position in each tile column.
    pub column_chains: Vec<u16>,
}

impl ClassIndex {
    /// The engine's view of this index.
    pub fn view(&self) -> SurfaceClass<'_> {
        SurfaceClass::new(self.w, self.h, &self.column_start, &self.column_chains)
    }
}

/// Everything compiled for one map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    /// Every chain of every body size: by size in the order asked for, then by first
    /// position (x, then y).
    pub chains: Vec<Chain>,
    /// The `y` of every position of every chain.
    pub ys: Vec<i16>,
    /// One index per body size, in the order asked for.
    pub classes: Vec<ClassIndex>,
    /// Per map tile (row-major): the index of its blank rectangle in `air`, or [`NO_AIR`].
    pub air_index: Vec<u16>,
    /// The blank rectangles.
    pub air: Vec<AirRect>,
    /// Map width in tiles.
    pub width: u16,
    /// Map height in tiles.
    pub height: u16,
}

impl Compiled {
    /// The engine's views of the classes, for [`Compiled::surfaces`].
    pub fn class_views(&self) -> Vec<SurfaceClass<'_>> {
        self.classes.iter().map(ClassIndex::view).collect()
    }

    /// The engine's [`Surfaces`] of these tables, over `classes` (from
    /// [`Compiled::class_views`]).
    pub fn surfaces<'a>(&'a self, classes: &'a [SurfaceClass<'a>]) -> Surfaces<'a> {
        Surfaces::new(&self.chains, &self.ys, classes, &self.air_index, &self.air, self.width, self.height)
    }

    /// ROM bytes of all the tables ([`Surfaces::rom_bytes`] of these tables).
    pub fn rom_bytes(&self) -> usize {
        self.surfaces(&self.class_views()).rom_bytes()
    }
}

/// Compiles the surfaces of `map` for the body sizes `sizes` (`(w, h)` in pixels, each
/// `1 ..= 64`) and its open air. `map` must carry no compiled surfaces (its moves are the
/// full moves the tables are made from). Errors name what does not fit.
pub fn compile(map: &Map, sizes: &[(u8, u8)]) -> Result<Compiled, String> {
    if map.surfaces().width() != 0 {
        return Err("the map already carries compiled surfaces".into());
    }
    let grid = PixelGrid::of(map);
    let mut out = Compiled { width: map.width(), height: map.height(), ..Compiled::default() };
    for &(w, h) in sizes {
        if w == 0 || h == 0 || w > MAX_BODY_SIZE || h > MAX_BODY_SIZE {
            return Err(format!("body size {w}x{h}: sizes are 1 to {MAX_BODY_SIZE} pixels"));
        }
        if out.classes.iter().any(|c| (c.w, c.h) == (w, h)) {
            continue;
        }
        compile_class(map, &grid, w, h, &mut out)?;
    }
    (out.air_index, out.air) = compile_air(map);
    Ok(out)
}

/// First pixel row of [`PixelGrid`] (a body up to 64 pixels tall standing on the map's top
/// row reaches it).
const GRID_TOP: i16 = -(MAX_BODY_SIZE as i16);

/// Solid and floor pixels of every pixel column of the map, rows [`GRID_TOP`] to the row
/// under the map, as bit sets (bit `r - GRID_TOP` = row `r`).
struct PixelGrid {
    rows: usize,
    words: usize,
    solid: Vec<u64>,
    floor: Vec<u64>,
}

impl PixelGrid {
    fn of(map: &Map) -> PixelGrid {
        let rows = (map.height_px() - GRID_TOP + 1) as usize;
        let words = rows.div_ceil(64);
        let cols = map.width_px() as usize;
        let mut g = PixelGrid { rows, words, solid: vec![0; cols * words], floor: vec![0; cols * words] };
        for c in 0..cols {
            for r in 0..rows {
                let (x, y) = (c as i16, r as i16 + GRID_TOP);
                if map.is_solid(x, y) {
                    g.solid[c * words + r / 64] |= 1 << (r % 64);
                }
                if map.is_floor(x, y) {
                    g.floor[c * words + r / 64] |= 1 << (r % 64);
                }
            }
        }
        g
    }

    /// The union of columns `x .. x + w` of `bits`.
    fn union(&self, bits: &[u64], x: usize, w: usize) -> Vec<u64> {
        let mut u = vec![0u64; self.words];
        for c in x..x + w {
            for (k, v) in u.iter_mut().enumerate() {
                *v |= bits[c * self.words + k];
            }
        }
        u
    }
}

fn bit(set: &[u64], r: usize) -> bool {
    set[r / 64] >> (r % 64) & 1 != 0
}

/// What one pixel of grounded walking from a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Blocked,
    Fell,
    To(i16, i16),
}

/// One pixel of grounded walking of a `w` x `h` body standing at `(x, y)`: the engine's
/// full move of one pixel, on the map without tables.
fn step(map: &Map, x: i16, y: i16, w: u8, h: u8, right: bool) -> Step {
    let mut b = Body::new(x, y, w, h);
    b.flags = Flags::ON_GROUND;
    b.vx = SubPx::from_bits(if right { 8 } else { -8 });
    move_body(map, &[], &mut b);
    if b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT) {
        Step::Blocked
    } else if !b.flags.contains(Flags::ON_GROUND) {
        Step::Fell
    } else {
        Step::To(b.px(), b.py())
    }
}

/// The chains of body size `w` x `h`, added to `out` with their class index.
fn compile_class(map: &Map, grid: &PixelGrid, w: u8, h: u8, out: &mut Compiled) -> Result<(), String> {
    let (wi, hi) = (w as usize, h as usize);
    let wpx = map.width_px() as usize;
    // Every position: a free box with a floor pixel under it, box inside the map's columns.
    let mut nodes: HashMap<(i16, i16), usize> = HashMap::new();
    let mut list: Vec<(i16, i16)> = Vec::new();
    if wi <= wpx {
        for x in 0..=wpx - wi {
            let solid = grid.union(&grid.solid, x, wi);
            let floor = grid.union(&grid.floor, x, wi);
            // free[r]: solid rows among the `h` rows above feet row r, counted with a
            // running window.
            let mut in_window = 0usize;
            for r in 0..grid.rows {
                if r > hi && bit(&solid, r - hi - 1) {
                    in_window -= 1;
                }
                if r >= 1 && bit(&solid, r - 1) {
                    in_window += 1;
                }
                if r >= hi && in_window == 0 && bit(&floor, r) {
                    let y = (r - hi) as i16 + GRID_TOP;
                    nodes.insert((x as i16, y), list.len());
                    list.push((x as i16, y));
                }
            }
        }
    }
    let right: Vec<Step> = list.iter().map(|&(x, y)| step(map, x, y, w, h, true)).collect();
    let left: Vec<Step> = list.iter().map(|&(x, y)| step(map, x, y, w, h, false)).collect();
    // The link from a position to the one its right step reaches, when the left step from
    // there comes back.
    let linked_right = |i: usize| -> Option<usize> {
        let Step::To(x, y) = right[i] else {
            return None;
        };
        let &j = nodes.get(&(x, y))?;
        (left[j] == Step::To(list[i].0, list[i].1)).then_some(j)
    };
    let mut has_left_link = vec![false; list.len()];
    for i in 0..list.len() {
        if let Some(j) = linked_right(i) {
            has_left_link[j] = true;
        }
    }
    let end_kind = |s: Step| match s {
        Step::Blocked => EndKind::Wall,
        Step::Fell => EndKind::Ledge,
        Step::To(..) => EndKind::Open,
    };
    let mut starts: Vec<usize> = (0..list.len()).filter(|&i| !has_left_link[i]).collect();
    starts.sort_by_key(|&i| list[i]);
    let chains = &mut out.chains;
    let ys = &mut out.ys;
    let mut visited = 0;
    let mut mine = Vec::new();
    for &s in &starts {
        let first = ys.len();
        let mut i = s;
        loop {
            ys.push(list[i].1);
            visited += 1;
            match linked_right(i) {
                Some(j) => i = j,
                None => break,
            }
        }
        let len = ys.len() - first;
        if first + len > u16::MAX as usize || chains.len() >= u16::MAX as usize {
            return Err(format!("body size {w}x{h}: more walkable positions than the tables can index (65,535)"));
        }
        mine.push(chains.len() as u16);
        chains.push(Chain::new(list[s].0, len as u16, first as u16, end_kind(left[s]), end_kind(right[i]), w, h));
    }
    // Where each open end's step lands: the chain holding the position it reaches.
    let mut chain_of = vec![NO_CHAIN; list.len()];
    let mut ends_at = Vec::with_capacity(mine.len());
    for (k, &s) in starts.iter().enumerate() {
        let c = mine[k];
        let mut i = s;
        loop {
            chain_of[i] = c;
            match linked_right(i) {
                Some(j) => i = j,
                None => break,
            }
        }
        ends_at.push((s, i));
    }
    let lands_on = |s: Step| match s {
        Step::To(x, y) => nodes.get(&(x, y)).map_or(NO_CHAIN, |&j| chain_of[j]),
        _ => NO_CHAIN,
    };
    for (k, &(s, e)) in ends_at.iter().enumerate() {
        let c = &mut chains[mine[k] as usize];
        *c = c.with_next(lands_on(left[s]), lands_on(right[e]));
    }
    if visited != list.len() {
        // A loop of links would need a position whose left link is its own chain's: x only
        // grows along a chain, so there is none.
        return Err(format!("body size {w}x{h}: {} positions in no chain", list.len() - visited));
    }
    let columns = map.width() as usize;
    let mut per_column: Vec<Vec<u16>> = vec![Vec::new(); columns];
    for &c in &mine {
        let chain = &chains[c as usize];
        let (a, b) = (chain.x0() >> 4, (chain.x0() + chain.len() as i16 - 1) >> 4);
        for tx in a..=b {
            per_column[tx as usize].push(c);
        }
    }
    let mut column_start = Vec::with_capacity(columns + 1);
    let mut column_chains = Vec::new();
    for list in per_column {
        column_start.push(column_chains.len() as u16);
        column_chains.extend(list);
    }
    if column_chains.len() > u16::MAX as usize {
        return Err(format!("body size {w}x{h}: too many chains per tile column for the index"));
    }
    column_start.push(column_chains.len() as u16);
    out.classes.push(ClassIndex { w, h, column_start, column_chains });
    Ok(())
}

/// The interval `lo ..= hi` around `p` (in `0 .. end`) grown both ways while `fits` holds
/// for the next index.
fn grow(p: usize, end: usize, fits: impl Fn(usize) -> bool) -> (usize, usize) {
    let (mut lo, mut hi) = (p, p);
    while lo > 0 && fits(lo - 1) {
        lo -= 1;
    }
    while hi + 1 < end && fits(hi + 1) {
        hi += 1;
    }
    (lo, hi)
}

/// The blank rectangle of every blank tile (the larger of the greedy rectangle grown
/// across first and the one grown down first), deduplicated.
fn compile_air(map: &Map) -> (Vec<u16>, Vec<AirRect>) {
    let (tw, th) = (map.width() as usize, map.height() as usize);
    let blank: Vec<bool> =
        (0..tw * th).map(|i| map.tiles_blank((i % tw) as i16, (i % tw) as i16, (i / tw) as i16, (i / tw) as i16)).collect();
    let is = |x: usize, y: usize| blank[y * tw + x];
    let row_blank = |y: usize, x0: usize, x1: usize| (x0..=x1).all(|x| is(x, y));
    let col_blank = |x: usize, y0: usize, y1: usize| (y0..=y1).all(|y| is(x, y));
    let mut index = vec![NO_AIR; tw * th];
    let mut rects: Vec<AirRect> = Vec::new();
    let mut seen: HashMap<(usize, usize, usize, usize), u16> = HashMap::new();
    for ty in 0..th {
        for tx in 0..tw {
            if !is(tx, ty) {
                continue;
            }
            // Across first, then down first.
            let (x0, x1) = grow(tx, tw, |x| is(x, ty));
            let (y0, y1) = grow(ty, th, |y| row_blank(y, x0, x1));
            let across = (x0, y0, x1, y1);
            let (y0, y1) = grow(ty, th, |y| is(tx, y));
            let (x0, x1) = grow(tx, tw, |x| col_blank(x, y0, y1));
            let down = (x0, y0, x1, y1);
            let area = |r: (usize, usize, usize, usize)| (r.2 - r.0 + 1) * (r.3 - r.1 + 1);
            let r = if area(down) > area(across) { down } else { across };
            let id = *seen.entry(r).or_insert_with(|| {
                rects.push(AirRect {
                    x0: (r.0 * 16) as i16,
                    y0: (r.1 * 16) as i16,
                    x1: (r.2 * 16 + 15) as i16,
                    y1: (r.3 * 16 + 15) as i16,
                });
                (rects.len() - 1) as u16
            });
            index[ty * tw + tx] = id;
        }
    }
    (index, rects)
}
