//! Property tests of the bouncing bodies (`bounce`) and projectiles (`projectile`) against
//! the per-pixel oracle, on random maps with every tile id (slopes 1:1, 2:1, 3:1, half
//! blocks, one-way floors), height tiles of every kind and every edge policy. Case count:
//! `PROPTEST_CASES` (default 10,000 per property; `make soak` runs 1,000,000); fixed seed.

mod oracle;
use megacollide_engine::body::{Body, Flags};
use megacollide_engine::bounce::{BounceConfig, Bouncer, Restitution};
use megacollide_engine::map::{row_offset_table, Edge, Edges, Map};
use megacollide_engine::projectile::{OnHit, Projectile};
use megacollide_engine::shape::TileShape;
use megacollide_engine::SubPx;
use oracle::with_surfaces;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    Config { cases, rng_seed: RngSeed::Fixed(0x626f_756e_6365_2121), failure_persistence: None, ..Config::default() }
}

fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    if let Err(e) = TestRunner::new(config()).run(&strategy, test) {
        panic!("{e}");
    }
}

const W: usize = 24;
const H: usize = 12;

/// Mostly blank tiles, every defined id and some height tiles (ids 32..36).
fn tiles() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(prop_oneof![24 => Just(0u16), 8 => 2u16..=19, 2 => 32u16..36], W * H)
}

/// Blanks the tiles of `tiles` (a `W` x `H` map) under the `w` x `h` box at pixel `(x, y)`
/// inside the map, so that a body can start there whatever else the map holds.
fn clear_under(tiles: &mut [u16], x: i16, y: i16, w: u8, h: u8) {
    for ty in (y >> 4)..=((y + h as i16 - 1) >> 4) {
        for tx in (x >> 4)..=((x + w as i16 - 1) >> 4) {
            if (0..W as i16).contains(&tx) && (0..H as i16).contains(&ty) {
                tiles[ty as usize * W + tx as usize] = 0;
            }
        }
    }
}

/// Whether the `w` x `h` box at pixel `(x, y)` holds a solid pixel (point queries).
fn box_solid(m: &Map, x: i16, y: i16, w: i16, h: i16) -> bool {
    (y..y + h).any(|yy| (x..x + w).any(|xx| m.is_solid(xx, yy)))
}

/// The bounce rule written the plain way over the oracle's move: gravity, clamp, move,
/// reflect off walls and ceilings, bounce or rest on a touchdown.
fn reference_step(m: &Map, cfg: &BounceConfig, b: &mut Body) {
    let resting = b.flags.contains(Flags::ON_GROUND) && b.vx.to_bits() == 0 && b.vy.to_bits() == 0;
    if resting {
        // Not moved: the oracle's move of a standing body changes nothing but its flags.
        let mut moved = *b;
        moved.vy = SubPx::from_bits(cfg.gravity);
        oracle::move_body(m, &[], &mut moved);
        assert_eq!((moved.x, moved.y), (b.x, b.y), "a resting body stays");
        b.flags = Flags::ON_GROUND;
        return;
    }
    let limit = 127 * 8;
    let vx = (b.vx.to_bits() as i32).clamp(-limit, limit);
    let vy = ((b.vy.to_bits() as i32 + cfg.gravity as i32).min(cfg.max_fall as i32)).clamp(-limit, limit);
    b.vx = SubPx::from_bits(vx as i16);
    b.vy = SubPx::from_bits(vy as i16);
    oracle::move_body(m, &[], b);
    let keep = |r: Restitution, v: i32| r.apply(v as i16) as i32;
    if b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT) {
        b.vx = SubPx::from_bits((-vx.signum() * keep(cfg.wall, vx.abs())) as i16);
    }
    if b.flags.contains(Flags::HIT_CEILING) {
        b.vy = SubPx::from_bits(keep(cfg.floor, -vy) as i16);
    } else if b.flags.contains(Flags::ON_GROUND) && vy >= 0 {
        b.flags.insert(Flags::LANDED);
        let up = keep(cfg.floor, vy);
        if up < cfg.rest_speed as i32 {
            b.vx = SubPx::ZERO;
            b.vy = SubPx::ZERO;
        } else {
            b.vy = SubPx::from_bits(-up as i16);
        }
    }
}

fn restitution(i: u8) -> Restitution {
    [Restitution::THREE_QUARTERS, Restitution::HALF, Restitution::FULL, Restitution::NONE, Restitution::less(3), Restitution::shr(2)]
        [i as usize % 6]
}

/// Bouncers of every size thrown anywhere over random maps (every tile shape, height tiles,
/// every edge policy) with random gravity, restitutions and rest speeds, 90 frames: every
/// frame equals the bounce rule over the per-pixel oracle's move, bit for bit, and no
/// bouncer ever overlaps a solid pixel.
#[test]
fn bouncers_equal_the_per_pixel_oracle() {
    let strategy = (
        tiles(),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        proptest::collection::vec((1u8..=24, 1u8..=24, 0i16..(W as i16 * 16), -16i16..(H as i16 * 16), -64i16..=64, -80i16..=40), 1..5),
        (1i16..=4, 16i16..=127, 0u8..6, 0u8..6, 4i16..=24),
    );
    run(strategy, |(mut tiles, shapes, e, bodies, (gravity, max_fall, floor, wall, rest))| {
        // The first body starts in the map, on tiles made blank; the others where they are free.
        let (w0, h0, x0, y0, _, _) = bodies[0];
        let (x0, y0) = (x0.min(W as i16 * 16 - w0 as i16), y0.clamp(0, H as i16 * 16 - h0 as i16));
        clear_under(&mut tiles, x0, y0, w0, h0);
        let rows = row_offset_table::<H>(W as u16);
        let shapes = oracle::height_tiles(&shapes);
        let m = Map::try_new(&tiles, W as u16, H as u16, &rows).unwrap().with_edges(oracle::edges(e)).with_height_tiles(&shapes);
        let cfg = BounceConfig { gravity, max_fall, floor: restitution(floor), wall: restitution(wall), rest_speed: rest.max(gravity + 1) };
        let mut engine: Vec<Bouncer> = bodies
            .iter()
            .enumerate()
            .map(|(i, &(w, h, x, y, vx, vy))| if i == 0 { (w, h, x0, y0, vx, vy) } else { (w, h, x, y, vx, vy) })
            .filter(|&(w, h, x, y, _, _)| !box_solid(&m, x, y, w as i16, h as i16))
            .map(|(w, h, x, y, vx, vy)| Bouncer::new(x, y, w, h, vx, vy))
            .collect();
        prop_assert!(!engine.is_empty());
        let sizes: Vec<(u8, u8)> = engine.iter().map(|b| (b.body.w, b.body.h)).collect();
        with_surfaces!(m, sizes);
        let mut reference: Vec<Body> = engine.iter().map(|b| b.body).collect();
        for f in 0..90 {
            for (b, r) in engine.iter_mut().zip(reference.iter_mut()) {
                let before = *b;
                let flags = b.step(&m, &[], &cfg);
                reference_step(&m, &cfg, r);
                prop_assert_eq!(flags, b.body.flags);
                prop_assert_eq!(oracle::observable(&b.body), oracle::observable(r), "frame {} from {:?} with {:?}", f, before, cfg);
                let p = b.body;
                prop_assert!(!box_solid(&m, p.px(), p.py(), p.w as i16, p.h as i16), "frame {}: {:?} overlaps the map", f, p);
            }
        }
        Ok(())
    });
}

/// On ground of every shape (a floor of random tiles over solid ground, slopes, half blocks,
/// one-way tops, height tiles), a bouncer dropped from above with the ring settings keeps
/// bouncing lower and comes to rest (standing, no velocity) within 600 frames, its every
/// touchdown's rise lower than the last.
#[test]
fn bouncers_come_to_rest_on_every_shape() {
    let strategy = (
        proptest::collection::vec(prop_oneof![4 => Just(0u16), 6 => 2u16..=19, 2 => 32u16..36], W),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        (1u8..=16, 1u8..=16, 16i16..(W as i16 * 16 - 32), 0i16..64, -24i16..=24),
    );
    run(strategy, |(floor, shapes, (w, h, x, y, vx))| {
        // Air, then the floor row of random tiles, then solid ground; solid walls both sides.
        let mut tiles = vec![0u16; W * H];
        for (i, &id) in floor.iter().enumerate() {
            tiles[(H - 3) * W + i] = id;
            tiles[(H - 2) * W + i] = 2;
            tiles[(H - 1) * W + i] = 2;
        }
        let rows = row_offset_table::<H>(W as u16);
        let shapes = oracle::height_tiles(&shapes);
        let m = Map::try_new(&tiles, W as u16, H as u16, &rows).unwrap().with_edges(Edges::CLASSIC).with_height_tiles(&shapes);
        let cfg = BounceConfig::RINGS;
        let mut b = Bouncer::new(x, y, w, h, vx, 0);
        let mut last_rise = i16::MAX;
        for _ in 0..600 {
            let f = b.step(&m, &[], &cfg);
            prop_assert!(!f.contains(Flags::FELL_OUT));
            if f.contains(Flags::LANDED) && !b.is_resting() {
                let rise = -b.body.vy.to_bits();
                prop_assert!(rise > 0 && rise <= last_rise.saturating_add(cfg.gravity * 64), "rise {} after {}", rise, last_rise);
                last_rise = rise;
            }
        }
        prop_assert!(b.is_resting(), "{:?} still moving", b);
        let p = b.body;
        prop_assert!(oracle::is_position(&m, p.px() as i32, p.py() as i32, p.w as i32, p.h as i32), "{:?} rests where it stands", p);
        Ok(())
    });
}

/// The projectile's flight written the plain way: the 4-connected line by its definition
/// (multiplications), and at each step every pixel of the box entered (point queries; a step
/// down also meets one-way tops).
fn reference_flight(m: &Map, p: &mut Projectile, on_hit: OnHit) -> Flags {
    let limit = 127 * 8;
    let vx = (p.vx.to_bits() as i32).clamp(-limit, limit);
    let vy = (p.vy.to_bits() as i32).clamp(-limit, limit);
    let (xr, yr) = (p.x.to_bits() as i32, p.y.to_bits() as i32);
    let (nxr, nyr) = ((xr + vx).clamp(-32768, 32767), (yr + vy).clamp(-32768, 32767));
    let (x0, y0, x1, y1) = (xr >> 3, yr >> 3, nxr >> 3, nyr >> 3);
    let (ax, ay) = ((x1 - x0).abs(), (y1 - y0).abs());
    let (w, h) = (p.w as i32, p.h as i32);
    let (mut ix, mut iy) = (0, 0);
    while ix < ax || iy < ay {
        let across = iy == ay || (ix < ax && (2 * ix + 1) * ay <= (2 * iy + 1) * ax);
        let (x, y) = (x0 + ix * (x1 - x0).signum(), y0 + iy * (y1 - y0).signum());
        let (nx, ny) = if across { (x + (x1 - x0).signum(), y) } else { (x, y + (y1 - y0).signum()) };
        let down = !across && ny > y;
        let blocked = (ny..ny + h).any(|yy| (nx..nx + w).any(|xx| m.is_solid(xx as i16, yy as i16)))
            || (down && (nx..nx + w).any(|xx| m.is_floor(xx as i16, (ny + h - 1) as i16)));
        if blocked {
            let flag = match (across, nx > x, ny > y) {
                (true, true, _) => Flags::HIT_RIGHT,
                (true, false, _) => Flags::HIT_LEFT,
                (false, _, true) => Flags::LANDED,
                (false, _, false) => Flags::HIT_CEILING,
            };
            match on_hit {
                OnHit::Stop => {
                    *p = Projectile {
                        x: SubPx::from_bits((x << 3) as i16),
                        y: SubPx::from_bits((y << 3) as i16),
                        vx: SubPx::ZERO,
                        vy: SubPx::ZERO,
                        ..*p
                    };
                }
                OnHit::Reflect => {
                    let keep = |r: i32, px: i32| if r >> 3 == px { r } else { px << 3 };
                    if across {
                        *p = Projectile {
                            x: SubPx::from_bits((x << 3) as i16),
                            y: SubPx::from_bits(keep(yr, y) as i16),
                            vx: SubPx::from_bits(-vx as i16),
                            ..*p
                        };
                    } else {
                        *p = Projectile {
                            x: SubPx::from_bits(keep(xr, x) as i16),
                            y: SubPx::from_bits((y << 3) as i16),
                            vy: SubPx::from_bits(-vy as i16),
                            ..*p
                        };
                    }
                }
            }
            return flag;
        }
        if across {
            ix += 1;
        } else {
            iy += 1;
        }
    }
    p.x = SubPx::from_bits(nxr as i16);
    p.y = SubPx::from_bits(nyr as i16);
    Flags::NONE
}

/// Projectiles of every size at every speed up to and past the limit, from free positions
/// anywhere (also outside the map), over random maps of every tile shape and edge policy,
/// stopping or reflecting, 12 frames: every frame equals the plain line walk with point
/// queries, and no projectile ever overlaps a solid pixel (no tunnelling through thin
/// shapes).
#[test]
fn projectiles_equal_the_per_pixel_oracle() {
    let strategy = (
        tiles(),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        (1u8..=16, 1u8..=16, -40i16..(W as i16 * 16 + 40), -40i16..(H as i16 * 16 + 40), any::<u8>()),
        (prop_oneof![4 => -160i16..=160, 1 => -1100i16..=1100], prop_oneof![4 => -160i16..=160, 1 => -1100i16..=1100], any::<bool>()),
    );
    run(strategy, |(mut tiles, shapes, e, (w, h, x, y, frac), (vx, vy, reflect))| {
        // It starts on tiles made blank (outside the map: where a solid edge leaves room).
        clear_under(&mut tiles, x, y, w, h);
        let rows = row_offset_table::<H>(W as u16);
        let shapes = oracle::height_tiles(&shapes);
        let m = Map::try_new(&tiles, W as u16, H as u16, &rows).unwrap().with_edges(oracle::edges(e)).with_height_tiles(&shapes);
        let (x, y) =
            if box_solid(&m, x, y, w as i16, h as i16) { (x.clamp(0, W as i16 * 16 - 16), y.clamp(0, H as i16 * 16 - 16)) } else { (x, y) };
        clear_under(&mut tiles, x, y, w, h);
        let m = Map::try_new(&tiles, W as u16, H as u16, &rows).unwrap().with_edges(oracle::edges(e)).with_height_tiles(&shapes);
        prop_assert!(!box_solid(&m, x, y, w as i16, h as i16));
        let mut p = Projectile::new(x, y, w, h, vx, vy);
        p.x = SubPx::from_bits(p.x.to_bits() | (frac & 7) as i16);
        p.y = SubPx::from_bits(p.y.to_bits() | (frac >> 5) as i16);
        let mut r = p;
        let on_hit = if reflect { OnHit::Reflect } else { OnHit::Stop };
        for f in 0..12 {
            let before = p;
            let got = p.step(&m, on_hit);
            let want = reference_flight(&m, &mut r, on_hit);
            prop_assert_eq!(got, want, "frame {} from {:?}", f, before);
            prop_assert_eq!(p, r, "frame {} from {:?}", f, before);
            prop_assert!(!box_solid(&m, p.px(), p.py(), p.w as i16, p.h as i16), "frame {}: {:?} overlaps the map", f, p);
        }
        Ok(())
    });
}

/// No tunnelling through the thinnest shapes: a one-pixel line (a height tile drawn as a
/// single row, a single column, or a diagonal of pixels touching only at corners) is never
/// crossed by a one-pixel projectile at any speed and direction up to the limit: every flight
/// whose straight segment crosses the line inside its tile is stopped on the side it came from.
#[test]
fn projectiles_never_cross_one_pixel_lines() {
    let diagonal: [u16; 16] = core::array::from_fn(|i| 1 << i);
    let lines = [
        TileShape::from_rows(core::array::from_fn(|i| if i == 7 { 0xFFFF } else { 0 })),
        TileShape::from_rows([1 << 7; 16]),
        TileShape::from_rows(diagonal),
    ];
    let rows = row_offset_table::<9>(9);
    for k in 0..lines.len() {
        // The line's tile in the middle of a 9 x 9 map of air: pixels 64..80 each way.
        let mut tiles = [0u16; 81];
        tiles[40] = 32 + k as u16;
        let open = Edges { left: Edge::Open, right: Edge::Open, top: Edge::Open, bottom: Edge::Open };
        let m = Map::try_new(&tiles, 9, 9, &rows).unwrap().with_edges(open).with_height_tiles(&lines);
        // Which side of the line a pixel is on (-1, 0 on it, 1).
        let side = |x: f64, y: f64| -> f64 {
            match k {
                0 => y - 71.0,
                1 => x - 71.0,
                _ => x - y,
            }
        };
        let mut crossings = 0;
        for sx in (0i16..144).step_by(7) {
            for sy in (0i16..144).step_by(11) {
                let s0 = side(sx as f64, sy as f64);
                if s0 == 0.0 || m.is_solid(sx, sy) {
                    continue;
                }
                for vx in (-1016i16..=1016).step_by(61) {
                    for vy in (-1016i16..=1016).step_by(67) {
                        let (ex, ey) = (sx as f64 + (vx >> 3) as f64, sy as f64 + (vy >> 3) as f64);
                        let s1 = side(ex, ey);
                        if s1 * s0 >= 0.0 {
                            continue;
                        }
                        // Where the segment meets the line: inside the tile, with a pixel of margin.
                        let t = s0 / (s0 - s1);
                        let (cx, cy) = (sx as f64 + t * (ex - sx as f64), sy as f64 + t * (ey - sy as f64));
                        if !(65.0..79.0).contains(&cx) || !(65.0..79.0).contains(&cy) {
                            continue;
                        }
                        let mut p = Projectile::new(sx, sy, 1, 1, vx, vy);
                        let f = p.step(&m, OnHit::Stop);
                        assert!(f != Flags::NONE, "line {k}: from ({sx}, {sy}) at ({vx}, {vy}) not stopped: {p:?}");
                        let s = side(p.px() as f64, p.py() as f64);
                        assert!(s * s0 >= 0.0, "line {k}: from ({sx}, {sy}) at ({vx}, {vy}) crossed to {p:?}");
                        crossings += 1;
                    }
                }
            }
        }
        assert!(crossings > 2_000, "line {k}: {crossings} flights across it");
    }
}
