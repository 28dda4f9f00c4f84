//! The per-pixel movement model, kept as a host-side test oracle: one frame of a
//! body's move written the plain way, one pixel at a time, with only the map's
//! point queries (`is_solid`, `is_floor`) and plain box overlaps. The engine's
//! tile-granular `motion` must give bit-identical results (tests/properties.rs
//! checks it on random maps, boxes and velocities).
#![allow(dead_code)]

use megacollide_engine::body::{Body, Flags, SolidBox, AIR_RECORD, NO_BOX};
use megacollide_engine::map::{Edge, Map};
use megacollide_engine::motion::MAX_SOLIDS;
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

/// Walks `steps` pixels horizontally; `walk`: climbing and snapping. True when blocked.
fn step_x(wd: &World, x: &mut i32, y: &mut i32, w: i32, h: i32, steps: i32, mut walk: bool) -> bool {
    let dir = steps.signum();
    for _ in 0..steps.abs() {
        let lead = if dir > 0 { *x + w } else { *x - 1 };
        if !wd.col(lead, *y, *y + h - 1) {
            *x += dir;
            if walk && !wd.row(*y + h, *x, *x + w - 1, true) {
                match (1..=SNAP_DOWN_PX as i32).find(|d| wd.row(*y + h + d, *x, *x + w - 1, true)) {
                    Some(d) => *y += d,
                    None => walk = false,
                }
            }
            continue;
        }
        if !walk {
            return true;
        }
        // Climb: the smallest raise that frees the leading column, unless the head bumps first.
        let nx = *x + dir;
        let mut climbed = false;
        for s in 1..=STEP_HEIGHT_PX as i32 {
            if wd.row(*y - s, nx, nx + w - 1, false) {
                break;
            }
            if !wd.col(lead, *y - s, *y + h - 1 - s) {
                *x = nx;
                *y -= s;
                climbed = true;
                break;
            }
        }
        if !climbed {
            return true;
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

/// What a move decides about a body (everything but the engine's record of its
/// last move, `rest_*`, which this model has no use for): compare these.
pub fn observable(b: &Body) -> (i16, i16, i16, i16, u8, u8, u8, u8) {
    (b.x.to_bits(), b.y.to_bits(), b.vx.to_bits(), b.vy.to_bits(), b.w, b.h, b.flags.0, b.riding)
}

/// Checks the engine's record of a move (its walk window, see `Body::rest_x`)
/// pixel by pixel: every position from the anchor to the far end, at row
/// `rest_y`, enters only map columns free over the box's height and has a
/// floor pixel (solid or one-way top row) under it.
pub fn check_record(map: &Map, b: &Body) -> Result<(), String> {
    if b.rest_size == 0 && b.rest_y == AIR_RECORD {
        return check_air_record(map, b);
    }
    if b.rest_size == 0 {
        return Ok(());
    }
    let (w, h) = (b.w.clamp(1, MAX_BODY_SIZE) as i32, b.h.clamp(1, MAX_BODY_SIZE) as i32);
    let y = (b.rest_y >> 3) as i32;
    let (a, f) = (b.rest_x as i32, b.rest_x1 as i32);
    let dir = if f >= a { 1 } else { -1 };
    let mut p = a;
    loop {
        let floor = (p..p + w).any(|x| map.is_floor(x as i16, (y + h) as i16));
        if !floor {
            return Err(format!("no floor under position {p} (window {a}..{f}, y {y})"));
        }
        if p != a {
            // The column this position's box enters.
            let col = if dir > 0 { p + w - 1 } else { p };
            if (y..y + h).any(|yy| map.is_solid(col as i16, yy as i16)) {
                return Err(format!("column {col} blocked at position {p} (window {a}..{f}, y {y})"));
            }
        }
        if p == f {
            return Ok(());
        }
        p += dir;
    }
}

/// Checks an air record (`rest_size` 0, `rest_y` [`AIR_RECORD`]: tile columns
/// `rest_x >> 8 ..= rest_x & 255`, rows `rest_x1 >> 8 ..= rest_x1 & 255`) pixel by pixel: inside the map, and no pixel of it
/// solid or a floor (a one-way top row).
fn check_air_record(map: &Map, b: &Body) -> Result<(), String> {
    let (cols, rows) = (b.rest_x as u16, b.rest_x1 as u16);
    let (l, r, t, bt) = ((cols >> 8) as i32, (cols & 255) as i32, (rows >> 8) as i32, (rows & 255) as i32);
    if l > r || t > bt || r >= map.width() as i32 || bt >= map.height() as i32 {
        return Err(format!("air record tiles {l}..={r} x {t}..={bt} outside the map"));
    }
    for y in t * 16..(bt + 1) * 16 {
        for x in l * 16..(r + 1) * 16 {
            if map.is_solid(x as i16, y as i16) || map.is_floor(x as i16, y as i16) {
                return Err(format!("air record tiles {l}..={r} x {t}..={bt}: pixel ({x}, {y}) is not blank"));
            }
        }
    }
    Ok(())
}
