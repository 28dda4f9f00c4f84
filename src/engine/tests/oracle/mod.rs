//! The per-pixel movement model, kept as a host-side test oracle: one frame of a
//! body's move written the plain way, one pixel at a time, with only the map's
//! point queries (`is_solid`, `is_floor`) and plain box overlaps. The engine's
//! tile-granular `motion` must give bit-identical results (tests/properties.rs
//! checks it on random maps, boxes and velocities).
#![allow(dead_code)]

use megacollide_engine::body::{Body, Flags, SolidBox, NO_BOX};
use megacollide_engine::map::{Edge, Edges, Map};
use megacollide_engine::motion::MAX_SOLIDS;
use megacollide_engine::shape::TileShape;
use megacollide_engine::surface::{EndKind, Surfaces, NO_AIR, NO_CHAIN};
use megacollide_engine::{SubPx, MAX_BODY_SIZE, MAX_SPEED_PX, POS_END_PX, POS_MIN_PX, SNAP_DOWN_PX, STEP_HEIGHT_PX};

struct World<'a> {
    map: &'a Map<'a>,
    solids: &'a [SolidBox],
    ignore: u32,
}

impl World<'_> {
    fn box_hit(&self, x0: i32, x1: i32, y0: i32, y1: i32) -> Option<usize> {
        self.solids.iter().enumerate().find_map(|(i, s)| {
            let r = &s.rect;
            let (rx, ry, rw, rh) = (r.x as i32, r.y as i32, r.w as i32, r.h as i32);
            (self.ignore & (1 << i) == 0 && rw > 0 && rh > 0 && x0 < rx + rw && rx <= x1 && y0 < ry + rh && ry <= y1).then_some(i)
        })
    }
    /// Any solid pixel in column x, rows y0..=y1?
    fn col(&self, x: i32, y0: i32, y1: i32) -> bool {
        (y0..=y1).any(|y| self.map.is_solid(x as i16, y as i16)) || (y0 <= y1 && self.box_hit(x, x, y0, y1).is_some())
    }
    /// Any solid (with `floor`: or floor) pixel in row y, columns x0..=x1?
    fn row(&self, y: i32, x0: i32, x1: i32, floor: bool) -> bool {
        (x0..=x1).any(|x| if floor { self.map.is_floor(x as i16, y as i16) } else { self.map.is_solid(x as i16, y as i16) })
            || (x0 <= x1 && self.box_hit(x0, x1, y, y).is_some())
    }
}

fn clamp_size(s: u8) -> i32 {
    s.clamp(1, MAX_BODY_SIZE) as i32
}
fn clamp_speed(v: i16) -> i32 {
    let m = (MAX_SPEED_PX as i32) << 3;
    (v as i32).clamp(-m, m)
}
fn clamp_pos(raw: i32, size: i32) -> i32 {
    raw.clamp((POS_MIN_PX as i32) << 3, ((POS_END_PX as i32 - size) << 3) | 7)
}

/// What one pixel of horizontal movement does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Blocked: the body stays.
    Blocked,
    /// Walking, the floor fell away by more than the snap distance: the body moved one
    /// pixel and walks no more (the rest of the move is not a walk).
    Fell(i32, i32),
    /// The body is now at `(x, y)` (a walk goes on).
    To(i32, i32),
}

/// One pixel of horizontal movement from `(x, y)` to the right (`dir` 1) or left (-1);
/// `walk`: climbing and snapping.
fn step_once(wd: &World, x: i32, y: i32, w: i32, h: i32, dir: i32, walk: bool) -> Step {
    let lead = if dir > 0 { x + w } else { x - 1 };
    if !wd.col(lead, y, y + h - 1) {
        let nx = x + dir;
        if walk && !wd.row(y + h, nx, nx + w - 1, true) {
            return match (1..=SNAP_DOWN_PX as i32).find(|d| wd.row(y + h + d, nx, nx + w - 1, true)) {
                Some(d) => Step::To(nx, y + d),
                None => Step::Fell(nx, y),
            };
        }
        return Step::To(nx, y);
    }
    if !walk {
        return Step::Blocked;
    }
    // Climb: the smallest raise that frees the leading column, unless the head bumps first.
    let nx = x + dir;
    for s in 1..=STEP_HEIGHT_PX as i32 {
        if wd.row(y - s, nx, nx + w - 1, false) {
            break;
        }
        if !wd.col(lead, y - s, y + h - 1 - s) {
            return Step::To(nx, y - s);
        }
    }
    Step::Blocked
}

/// Walks `steps` pixels horizontally; `walk`: climbing and snapping. True when blocked.
fn step_x(wd: &World, x: &mut i32, y: &mut i32, w: i32, h: i32, steps: i32, mut walk: bool) -> bool {
    let dir = steps.signum();
    for _ in 0..steps.abs() {
        match step_once(wd, *x, *y, w, h, dir, walk) {
            Step::Blocked => return true,
            Step::Fell(nx, ny) => {
                (*x, *y) = (nx, ny);
                walk = false;
            }
            Step::To(nx, ny) => (*x, *y) = (nx, ny),
        }
    }
    false
}

/// Walks `steps` pixels vertically (down: one-way tops block). True when blocked.
fn step_y(wd: &World, x: i32, y: &mut i32, w: i32, h: i32, steps: i32) -> bool {
    for _ in 0..steps.abs() {
        let blocked = if steps > 0 { wd.row(*y + h, x, x + w - 1, true) } else { wd.row(*y - 1, x, x + w - 1, false) };
        if blocked {
            return true;
        }
        *y += steps.signum();
    }
    false
}

fn overlapping(solids: &[SolidBox], x: i32, y: i32, w: i32, h: i32) -> u32 {
    let mut m = 0;
    for (i, s) in solids.iter().enumerate() {
        let r = &s.rect;
        let (rx, ry, rw, rh) = (r.x as i32, r.y as i32, r.w as i32, r.h as i32);
        if rw > 0 && rh > 0 && x < rx + rw && rx < x + w && y < ry + rh && ry < y + h {
            m |= 1 << i;
        }
    }
    m
}

/// Height tiles from generated data: `(kind, values)`, kind 0 = column heights, 1 = row
/// widths (values mod 33 - 16), else drawn pixel rows.
pub fn height_tiles(gen: &[(u8, [u16; 16])]) -> Vec<TileShape> {
    gen.iter()
        .map(|(kind, v)| match kind {
            0 => TileShape::from_heights(core::array::from_fn(|i| (v[i] % 33) as i8 - 16)),
            1 => TileShape::from_widths(core::array::from_fn(|i| (v[i] % 33) as i8 - 16)),
            _ => TileShape::from_rows(*v),
        })
        .collect()
}

/// The edge policy of generated bits: left, right, top, bottom solid (bits 0 to 3).
pub fn edges(bits: u8) -> Edges {
    let e = |bit: u8| if bits & bit != 0 { Edge::Solid } else { Edge::Open };
    Edges { left: e(1), right: e(2), top: e(4), bottom: e(8) }
}

/// Compiles the walkable surfaces and open air of map `$m` for the body sizes `$sizes`
/// (`(w, h)` pairs) with the surface compiler, checks them pixel by pixel against this model
/// ([`check_surfaces`]; the compiler's and the check's moves are not counted in
/// `path_stats`), and shadows `$m` with the map carrying them. For a test closure that
/// returns proptest's `Result`.
macro_rules! with_surfaces {
    ($m:ident, $sizes:expr) => {
        let compiled = megacollide_engine::motion::path_stats::without_counting(|| megacollide_surface_compiler::compile(&$m, &$sizes))
            .expect("surfaces compile");
        let classes = compiled.class_views();
        let surfaces = compiled.surfaces(&classes);
        proptest::prop_assert_eq!(
            megacollide_engine::motion::path_stats::without_counting(|| $crate::oracle::check_surfaces(&$m, &surfaces)),
            Ok(())
        );
        let $m = $m.with_surfaces(&surfaces);
    };
}
pub(crate) use with_surfaces;

/// One frame of the per-pixel model (see `motion`'s module docs for the rules).
pub fn move_body(map: &Map, solids: &[SolidBox], body: &mut Body) {
    let solids = &solids[..solids.len().min(MAX_SOLIDS)];
    let (w, h) = (clamp_size(body.w), clamp_size(body.h));
    let grounded = body.flags.contains(Flags::ON_GROUND);
    let riding = body.riding as usize;
    let mut flags = Flags::NONE;
    let mut xr = clamp_pos(body.x.to_bits() as i32, w);
    let mut yr = clamp_pos(body.y.to_bits() as i32, h);
    let (mut x, mut y) = (xr >> 3, yr >> 3);

    if riding < solids.len() {
        let s = solids[riding];
        let wd = World { map, solids, ignore: overlapping(solids, x, y, w, h) | (1 << riding) };
        if s.dx != 0 {
            let t = (clamp_pos((xr + ((s.dx as i32) << 3)).clamp(-32768, 32767), w) >> 3) - x;
            step_x(&wd, &mut x, &mut y, w, h, t, false);
        }
        if s.dy != 0 {
            let t = (clamp_pos((yr + ((s.dy as i32) << 3)).clamp(-32768, 32767), h) >> 3) - y;
            step_y(&wd, x, &mut y, w, h, t);
        }
        xr = (x << 3) | (xr & 7);
        yr = (y << 3) | (yr & 7);
    }

    let wd = World { map, solids, ignore: overlapping(solids, x, y, w, h) };
    let mut vx = clamp_speed(body.vx.to_bits());
    let mut vy = clamp_speed(body.vy.to_bits());

    let nxr = clamp_pos((xr + vx).clamp(-32768, 32767), w);
    let steps = (nxr >> 3) - x;
    if steps != 0 {
        if step_x(&wd, &mut x, &mut y, w, h, steps, grounded && vy >= 0) {
            flags.insert(if steps > 0 { Flags::HIT_RIGHT } else { Flags::HIT_LEFT });
            vx = 0;
            xr = x << 3;
        } else {
            xr = (x << 3) | (nxr & 7);
        }
        yr = (y << 3) | (yr & 7);
    } else {
        xr = nxr;
    }

    let nyr = clamp_pos((yr + vy).clamp(-32768, 32767), h);
    let steps = (nyr >> 3) - y;
    if steps != 0 {
        if step_y(&wd, x, &mut y, w, h, steps) {
            flags.insert(if steps > 0 { Flags::LANDED } else { Flags::HIT_CEILING });
            vy = 0;
            yr = y << 3;
        } else {
            yr = (y << 3) | (nyr & 7);
        }
    } else {
        yr = nyr;
    }

    let mut new_riding = NO_BOX;
    let feet = y + h;
    if wd.row(feet, x, x + w - 1, true) {
        flags.insert(Flags::ON_GROUND);
    }
    if let Some(i) = wd.box_hit(x, x + w - 1, feet, feet) {
        flags.insert(Flags::ON_GROUND);
        flags.insert(Flags::ON_BOX);
        new_riding = i as u8;
    }
    if flags.contains(Flags::ON_GROUND) && vy >= 0 {
        vy = 0;
        yr = y << 3;
    }
    if y >= map.height_px() as i32 && map.edges().bottom == Edge::Open {
        flags.insert(Flags::FELL_OUT);
    }
    body.x = SubPx::from_bits(xr as i16);
    body.y = SubPx::from_bits(yr as i16);
    body.vx = SubPx::from_bits(vx as i16);
    body.vy = SubPx::from_bits(vy as i16);
    body.flags = flags;
    body.riding = new_riding;
}

/// What a move decides about a body (everything but the engine's guess of the surface it
/// stands on, which this model has no use for): compare these.
pub fn observable(b: &Body) -> (i16, i16, i16, i16, u8, u8, u8, u8) {
    (b.x.to_bits(), b.y.to_bits(), b.vx.to_bits(), b.vy.to_bits(), b.w, b.h, b.flags.0, b.riding)
}

/// Is `(x, y)` a position of a `w` x `h` body (pixel-space): no solid pixel in the box, a
/// floor pixel (solid or one-way top row) in the row under it?
pub fn is_position(map: &Map, x: i32, y: i32, w: i32, h: i32) -> bool {
    let wd = World { map, solids: &[], ignore: 0 };
    !(y..y + h).any(|yy| wd.row(yy, x, x + w - 1, false)) && wd.row(y + h, x, x + w - 1, true)
}

/// One pixel of grounded walking of a `w` x `h` body standing at `(x, y)` through the map
/// alone, to the right or left.
pub fn walk_step(map: &Map, x: i32, y: i32, w: i32, h: i32, right: bool) -> Step {
    let wd = World { map, solids: &[], ignore: 0 };
    step_once(&wd, x, y, w, h, if right { 1 } else { -1 }, true)
}

/// The walker's look-ahead (`Flags::LEDGE_AHEAD` of `move_walkers`), the plain way: the body
/// stands on the ground, moves, and a grounded walk of `d` more pixels through the map in
/// the direction of `vx` leaves the ground before a wall stops it.
pub fn ledge_ahead(map: &Map, b: &Body, d: i16) -> bool {
    if !b.on_ground() || b.vx.to_bits() == 0 || d <= 0 {
        return false;
    }
    let (w, h) = (clamp_size(b.w), clamp_size(b.h));
    let (mut x, mut y) = (b.px() as i32, b.py() as i32);
    for _ in 0..d {
        match walk_step(map, x, y, w, h, b.vx.to_bits() > 0) {
            Step::Blocked => return false,
            Step::Fell(..) => return true,
            Step::To(nx, ny) => (x, y) = (nx, ny),
        }
    }
    false
}

/// Checks compiled surfaces pixel by pixel against this model: every chain position is a
/// position, neighbours reach each other by one step each way, every wall or ledge end is
/// what the step beyond it does, the column index finds every position, and every air
/// rectangle is inside the map and blank (no solid pixel, no floor) and holds its tiles.
pub fn check_surfaces(map: &Map, s: &Surfaces) -> Result<(), String> {
    for (ci, c) in s.chains().iter().enumerate() {
        let (w, h) = (c.width() as i32, c.height() as i32);
        let Some(class) = s.classes().iter().find(|k| k.width() == c.width() && k.height() == c.height()) else {
            return Err(format!("chain {ci} of size {w}x{h} has no class"));
        };
        let y_at = |k: usize| s.ys()[c.first() as usize + k] as i32;
        for k in 0..c.len() as usize {
            let (x, y) = (c.x0() as i32 + k as i32, y_at(k));
            if !is_position(map, x, y, w, h) {
                return Err(format!("{w}x{h} chain {ci}: ({x}, {y}) is not a position"));
            }
            match s.find(class, x as i16, y as i16) {
                Some((f, i)) if s.chains()[f as usize].x0() as i32 + i as i32 == x => {}
                other => return Err(format!("{w}x{h} chain {ci}: ({x}, {y}) found as {other:?}")),
            }
            if k + 1 < c.len() as usize {
                let next = (x + 1, y_at(k + 1));
                if walk_step(map, x, y, w, h, true) != Step::To(next.0, next.1)
                    || walk_step(map, next.0, next.1, w, h, false) != Step::To(x, y)
                {
                    return Err(format!("{w}x{h} chain {ci}: ({x}, {y}) and {next:?} are not one step apart both ways"));
                }
            }
        }
        for right in [false, true] {
            let k = if right { c.len() as usize - 1 } else { 0 };
            let (x, y) = (c.x0() as i32 + k as i32, y_at(k));
            let beyond = walk_step(map, x, y, w, h, right);
            let dir = if right { 1 } else { -1 };
            let next = c.next(right);
            let ok = match c.end(right) {
                EndKind::Wall => beyond == Step::Blocked && next == NO_CHAIN,
                // The step off a ledge keeps the height: the rest of the move is no walk.
                EndKind::Ledge => beyond == Step::Fell(x + dir, y) && next == NO_CHAIN,
                // The step lands on the chain named, or on no chain's position at all.
                EndKind::Open => match (beyond, s.chains().get(next as usize)) {
                    (Step::To(bx, by), Some(n)) => {
                        bx == x + dir && n.width() == c.width() && n.height() == c.height() && {
                            let i = bx - n.x0() as i32;
                            0 <= i && i < n.len() as i32 && s.ys()[n.first() as usize + i as usize] as i32 == by
                        }
                    }
                    (Step::To(bx, by), None) => next == NO_CHAIN && s.find(class, bx as i16, by as i16).is_none(),
                    _ => false,
                },
            };
            if !ok {
                return Err(format!("{w}x{h} chain {ci}: end {:?} at ({x}, {y}) but the step beyond is {beyond:?}", c.end(right)));
            }
        }
    }
    let tw = map.width() as i32;
    for (i, &r) in s.air_index().iter().enumerate() {
        if r == NO_AIR {
            continue;
        }
        let a = s.air_rects()[r as usize];
        let (tx, ty) = (i as i32 % tw, i as i32 / tw);
        if !(a.x0 as i32 <= tx * 16 && tx * 16 + 15 <= a.x1 as i32 && a.y0 as i32 <= ty * 16 && ty * 16 + 15 <= a.y1 as i32) {
            return Err(format!("air rectangle {r} {a:?} does not hold its tile ({tx}, {ty})"));
        }
    }
    for (r, a) in s.air_rects().iter().enumerate() {
        if a.x0 < 0 || a.y0 < 0 || a.x1 >= map.width_px() || a.y1 >= map.height_px() {
            return Err(format!("air rectangle {r} {a:?} outside the map"));
        }
        for y in a.y0..=a.y1 {
            for x in a.x0..=a.x1 {
                if map.is_solid(x, y) || map.is_floor(x, y) {
                    return Err(format!("air rectangle {r} {a:?}: pixel ({x}, {y}) is not blank"));
                }
            }
        }
    }
    Ok(())
}
