//! Differential checks: the engine compiled for the 68000 (`out/bench.elf`, built exactly
//! like the ROM: release settings, the LLVM fix plugin) and run on the `m68k` crate's
//! cycle-exact 68000 must give the same result as the host build, case by case:
//!
//! * point queries (`is_solid`, `is_floor`): 100,000+ random points over maps that hold every
//!   tile shape (built-in ids 0..=19, reserved ids, height tiles made from heights and from
//!   widths, ids past the height table), with every edge policy, including points outside
//!   the map, negative ones and the ends of the i16 range;
//! * movement: 10,000 frames of 8 bodies (1x1 .. 64x64) with random, limit (up to and past
//!   +-127 px/frame) and platformer-like scripted velocities, moving solid boxes, and 10,000
//!   frames of `Player::update` with scripted and random pad input: position, velocity,
//!   flags (and the player's state and events) identical after every frame;
//! * bouncing bodies and projectiles: 3,000 frames of 8 of each (`bounce`, `projectile`);
//! * compressed art: `megadrive::unpack` on the demo's art and maps, and 3,000 corrupt streams,
//!   against the reference decoder (tools/compress);
//! * masks: random mask pairs (sizes 1..=32, any bits, garbage past the width) at random
//!   offsets: `hit`, `hit_rect`, `push_out`, `overlap_pixels` identical.
//!
//! The first differing case is printed in the failure. Seeds are fixed (deterministic).
//! Build the ELF first (`make out/bench.elf`; `make test` does). Plain `cargo test` without
//! the ELF (and without `MEGACOLLIDE_OUT`) prints that these tests are not run and passes.

use bench::shared::{body_words, player_words, BODY_WORDS};
use bench::{levels, Machine, Rng};
use m68k::AddressBus;
use megacollide_engine::body::{Body, Flags, Rect, SolidBox};
use megacollide_engine::map::{Edge, Edges, Map};
use megacollide_engine::mask::Mask;
use megacollide_engine::motion::move_body;
use megacollide_engine::platformer::{Input, Player, PlayerConfig};
use megacollide_engine::shape::TileShape;
use megacollide_engine::SubPx;

mod common;

/// The 68000 with the bench ELF loaded, or `None` when plain `cargo test` leaves the test
/// out (see `common::bench_elf`).
fn machine() -> Option<Machine> {
    common::bench_elf().map(|elf| Machine::from_elf(&elf).unwrap())
}

/// 68000 cycles run by the calls of this test binary (reported by each test).
static CYCLES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn call(mc: &mut Machine, name: &str, args: &[u32]) -> u32 {
    let (d0, c) = mc.call(name, args).unwrap_or_else(|e| panic!("68000 call {name}{args:?} failed: {e}"));
    CYCLES.fetch_add(c, std::sync::atomic::Ordering::Relaxed);
    d0
}

fn sym(mc: &Machine, name: &str) -> u32 {
    mc.symbol(name).unwrap_or_else(|e| panic!("{e} (rebuild out/bench.elf)"))
}

fn write_words(mc: &mut Machine, addr: u32, words: &[i16]) {
    for (i, &w) in words.iter().enumerate() {
        mc.bus.write_word(addr + 2 * i as u32, w as u16);
    }
}

fn read_words(mc: &mut Machine, addr: u32, n: usize) -> Vec<i16> {
    (0..n).map(|i| mc.bus.read_word(addr + 2 * i as u32) as i16).collect()
}

// ---- Maps ----------------------------------------------------------------------------------

/// A map as both sides build it: the bench scene (src/bench/levels/bench.tmj), or a RAM map with height tiles.
struct TestMap {
    bench: bool,
    w: u16,
    h: u16,
    edges: u16,
    tiles: Vec<u16>,
    rows: Vec<u16>,
    heights: Vec<[i8; 18]>,
    shapes: Vec<TileShape>,
}

impl TestMap {
    fn bench() -> TestMap {
        TestMap { bench: true, w: 0, h: 0, edges: 0, tiles: vec![], rows: vec![], heights: vec![], shapes: vec![] }
    }

    fn map(&self) -> Map<'_> {
        if self.bench {
            return levels::BENCH_MAP;
        }
        let edge = |bit: u16| if self.edges & bit != 0 { Edge::Solid } else { Edge::Open };
        Map::new(&self.tiles, self.w, self.h, &self.rows)
            .with_edges(Edges { left: edge(1), right: edge(2), top: edge(4), bottom: edge(8) })
            .with_height_tiles(&self.shapes)
    }

    fn describe(&self) -> String {
        if self.bench {
            "the bench scene".into()
        } else {
            format!(
                "a {}x{} map, edges {:04b} (b0 left b1 right b2 top b3 bottom; 1 = solid), {} height tiles",
                self.w,
                self.h,
                self.edges,
                self.shapes.len()
            )
        }
    }

    /// Writes the map into the 68000's RAM.
    fn load(&self, mc: &mut Machine) {
        let info = sym(mc, "DIFF_MAP_INFO");
        let n = self.shapes.len() as i16;
        write_words(mc, info, &[!self.bench as i16, self.w as i16, self.h as i16, self.edges as i16, n]);
        if self.bench {
            return;
        }
        let t = sym(mc, "DIFF_TILES");
        let tiles: Vec<i16> = self.tiles.iter().map(|&v| v as i16).collect();
        write_words(mc, t, &tiles);
        let r = sym(mc, "DIFF_ROWS");
        let rows: Vec<i16> = self.rows.iter().map(|&v| v as i16).collect();
        write_words(mc, r, &rows);
        let hs = sym(mc, "DIFF_HEIGHTS");
        for (i, h) in self.heights.iter().enumerate() {
            for (k, &v) in h.iter().enumerate() {
                mc.bus.write_byte(hs + 18 * i as u32 + k as u32, v as u8);
            }
        }
        call(mc, "bench_diff_map_setup", &[]);
    }
}

/// Every tile id the engine knows, and some it does not: built-ins 0..=19, reserved 20..=31,
/// height tiles 32.., ids past the height table, large ids.
const CATALOGUE: [u16; 46] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
    36, 37, 40, 63, 64, 100, 255, 1000, 32767, 65535,
];

/// A random map holding every id of [`CATALOGUE`] at least once; `edges` = the edge policy.
fn random_map(rng: &mut Rng, edges: u16) -> TestMap {
    let w = rng.range(8, 65) as u16;
    let h = rng.range(6, (4096 / w as i32).min(48) + 1) as u16;
    let n = w as usize * h as usize;
    let mut tiles: Vec<u16> = (0..n)
        .map(|_| match rng.range(0, 100) {
            0..=39 => 0,
            40..=54 => 2,
            55..=84 => rng.range(3, 20) as u16,
            85..=94 => rng.range(32, 36) as u16,
            _ => CATALOGUE[rng.range(0, CATALOGUE.len() as i32) as usize],
        })
        .collect();
    // Every catalogue id in a distinct random cell.
    let mut cells: Vec<usize> = (0..n).collect();
    for (k, &id) in CATALOGUE.iter().enumerate() {
        let j = k + rng.range(0, (n - k) as i32) as usize;
        cells.swap(k, j);
        tiles[cells[k]] = id;
    }
    let mut rows = vec![0u16; h as usize];
    megacollide_engine::map::fill_row_offsets(w, h, &mut rows);
    let k = rng.range(1, 5) as usize;
    let mut heights = Vec::new();
    let mut shapes = Vec::new();
    for _ in 0..k {
        let mut a = [0i8; 16];
        let style = rng.range(0, 3);
        for (i, v) in a.iter_mut().enumerate() {
            *v = match style {
                0 => rng.range(-16, 17) as i8,                  // anything, ceilings too
                1 => (i as i8 + rng.range(0, 2) as i8).min(16), // a ramp
                _ => rng.range(0, 17) as i8,                    // bumps
            };
        }
        let widths = rng.range(0, 2) as i8;
        let mut e = [0i8; 18];
        e[..16].copy_from_slice(&a);
        e[16] = widths;
        heights.push(e);
        shapes.push(if widths == 0 { TileShape::from_heights(a) } else { TileShape::from_widths(a) });
    }
    TestMap { bench: false, w, h, edges, tiles, rows, heights, shapes }
}

// ---- Point queries -------------------------------------------------------------------------

fn random_point(rng: &mut Rng, m: &Map) -> (i16, i16) {
    let (w, h) = (m.width_px() as i32, m.height_px() as i32);
    let special = [i16::MIN as i32, i16::MIN as i32 + 1, -4097, -4096, -17, -16, -1, 0, 1, 15, 16, 4095, 4096, i16::MAX as i32];
    let pick = |rng: &mut Rng, size: i32| -> i32 {
        match rng.range(0, 10) {
            0..=4 => rng.range(0, size),                              // inside
            5 | 6 => rng.range(-40, size + 40),                       // around the edges
            7 => rng.range(i16::MIN as i32, i16::MAX as i32 + 1),     // anywhere
            8 => 16 * rng.range(-2, size / 16 + 3) - rng.range(0, 2), // tile borders
            _ => {
                let s = special[rng.range(0, special.len() as i32) as usize];
                if rng.range(0, 2) == 0 {
                    s
                } else {
                    size - 1 + rng.range(0, 3)
                }
            }
        }
    };
    (pick(rng, w) as i16, pick(rng, h) as i16)
}

/// Runs `points` on both sides; panics with the first difference.
fn check_points(mc: &mut Machine, tm: &TestMap, points: &[(i16, i16)]) {
    let m = tm.map();
    let pa = sym(mc, "DIFF_POINTS");
    let ra = sym(mc, "DIFF_POINT_RESULTS");
    for chunk in points.chunks(2048) {
        for (i, &(x, y)) in chunk.iter().enumerate() {
            write_words(mc, pa + 4 * i as u32, &[x, y]);
        }
        call(mc, "bench_diff_points", &[chunk.len() as u32]);
        for (i, &(x, y)) in chunk.iter().enumerate() {
            let got = mc.bus.read_byte(ra + i as u32);
            let want = m.is_solid(x, y) as u8 | (m.is_floor(x, y) as u8) << 1;
            if got != want {
                panic!(
                    "point query differs at ({x}, {y}) (tile id {} at tile ({}, {})) on {}: 68000 is_solid {} is_floor {}, host is_solid {} is_floor {}",
                    m.tile(x >> 4, y >> 4),
                    x >> 4,
                    y >> 4,
                    tm.describe(),
                    got & 1 != 0,
                    got & 2 != 0,
                    want & 1 != 0,
                    want & 2 != 0
                );
            }
        }
    }
}

#[test]
fn point_queries_100k_on_maps_with_every_shape() {
    let Some(mut mc) = machine() else { return };
    let mut rng = Rng::new(0x706f_696e_7473); // "points"
    let mut total = 0;
    // 20 random maps (every edge policy at least once) and the bench scene.
    for k in 0..21u16 {
        let tm = if k == 20 { TestMap::bench() } else { random_map(&mut rng, k % 16) };
        tm.load(&mut mc);
        let m = tm.map();
        let n = if tm.bench { 10_000 } else { 3_000 };
        let mut points: Vec<(i16, i16)> = (0..n).map(|_| random_point(&mut rng, &m)).collect();
        // On the first four maps also every pixel of one tile of each catalogue id.
        if k < 4 {
            for &id in CATALOGUE.iter() {
                let i = tm.tiles.iter().position(|&t| t == id).unwrap();
                let (tx, ty) = ((i % tm.w as usize) as i16, (i / tm.w as usize) as i16);
                for p in 0..256i16 {
                    points.push((tx * 16 + (p & 15), ty * 16 + (p >> 4)));
                }
            }
        }
        check_points(&mut mc, &tm, &points);
        total += points.len();
    }
    assert!(total >= 100_000, "only {total} points");
    println!("{total} point queries identical on the 68000 and the host");
}

// ---- Movement ------------------------------------------------------------------------------

const SIZES: [(u8, u8); 8] = [(1, 1), (8, 8), (16, 32), (24, 16), (32, 48), (64, 64), (3, 60), (60, 5)];

/// A free spot for a `w` x `h` box (or somewhere above the map when there is none).
fn spawn(rng: &mut Rng, m: &Map, w: u8, h: u8) -> Body {
    for _ in 0..200 {
        let x = rng.range(0, (m.width_px() as i32 - w as i32).max(1)) as i16;
        let y = rng.range(-(h as i32), (m.height_px() as i32 - h as i32).max(1)) as i16;
        if !m.rect_solid(x, y, w as i16, h as i16) {
            return Body::new(x, y, w, h);
        }
    }
    Body::new(rng.range(0, m.width_px() as i32) as i16, -(h as i16) - 8, w, h)
}

/// Velocity "input" of body `i` at frame `f` in script `mode`.
fn velocity(rng: &mut Rng, mode: u32, b: &Body) -> (i16, i16) {
    let any = |rng: &mut Rng| rng.range(-1016, 1017) as i16;
    match mode {
        // Uniformly random up to the limit.
        0 => (any(rng), any(rng)),
        // At and past the limits (clamped by the engine), and zero.
        1 => {
            const L: [i16; 10] = [-1016, 1016, 0, i16::MIN, i16::MAX, -1017, 1017, 1, -1, 1015];
            let v = |rng: &mut Rng| if rng.range(0, 4) == 0 { any(rng) } else { L[rng.range(0, L.len() as i32) as usize] };
            (v(rng), v(rng))
        }
        // Platformer: gravity, walk, turn at walls, jump from the ground.
        2 => {
            let mut vx = b.vx.to_bits();
            if b.flags.contains(Flags::HIT_LEFT) || vx == 0 && rng.range(0, 2) == 0 {
                vx = rng.range(8, 41) as i16;
            } else if b.flags.contains(Flags::HIT_RIGHT) || vx == 0 {
                vx = -(rng.range(8, 41) as i16);
            }
            let mut vy = (b.vy.to_bits() + 3).min(48);
            if b.on_ground() && rng.range(0, 30) == 0 {
                vy = -(rng.range(30, 100) as i16);
            }
            (vx, vy)
        }
        // Small steps (sub-pixel precision, slopes).
        _ => (rng.range(-24, 25) as i16, rng.range(-24, 25) as i16),
    }
}

/// Moving solid boxes on a map: a horizontal and a vertical platform.
fn solids_for(rng: &mut Rng, m: &Map) -> Vec<SolidBox> {
    let w = m.width_px().max(64) as i32;
    let h = m.height_px().max(64) as i32;
    vec![
        SolidBox { rect: Rect::new(rng.range(0, w - 48) as i16, rng.range(16, h - 8) as i16, 48, 8), dx: 2, dy: 0 },
        SolidBox { rect: Rect::new(rng.range(0, w - 32) as i16, rng.range(16, h - 16) as i16, 32, 16), dx: 0, dy: -1 },
    ]
}

fn step_solids(solids: &mut [SolidBox], frame: u32) {
    for (i, s) in solids.iter_mut().enumerate() {
        // Reverse every 64 frames (box 1 every 48).
        if frame.is_multiple_of(64 - 16 * i as u32) {
            s.dx = -s.dx;
            s.dy = -s.dy;
        }
        s.rect.x += s.dx as i16;
        s.rect.y += s.dy as i16;
    }
}

fn write_solids(mc: &mut Machine, solids: &[SolidBox]) {
    let a = sym(mc, "DIFF_SOLID_IO");
    for (i, s) in solids.iter().enumerate() {
        write_words(mc, a + 12 * i as u32, &[s.rect.x, s.rect.y, s.rect.w, s.rect.h, s.dx as i16, s.dy as i16]);
    }
}

#[test]
fn body_moves_10000_frames_8_sizes() {
    let Some(mut mc) = machine() else { return };
    let mut rng = Rng::new(0x6d6f_7665); // "move"
    let io = sym(&mc, "DIFF_BODY_IO");
    let mut frames = 0u32;
    for seg in 0..10u32 {
        let tm = if seg % 3 == 0 { TestMap::bench() } else { random_map(&mut rng, (seg * 5) as u16 % 16) };
        tm.load(&mut mc);
        let m = tm.map();
        let mut solids = if seg % 2 == 0 { solids_for(&mut rng, &m) } else { vec![] };
        let mut bodies: Vec<Body> = SIZES.iter().map(|&(w, h)| spawn(&mut rng, &m, w, h)).collect();
        let mut mode = [(0u32, 0i32); SIZES.len()];
        for (i, b) in bodies.iter().enumerate() {
            write_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, &body_words(b));
        }
        for f in 0..1000u32 {
            step_solids(&mut solids, f);
            write_solids(&mut mc, &solids);
            for (i, b) in bodies.iter_mut().enumerate() {
                // Start over after falling out (or now and then).
                if b.flags.contains(Flags::FELL_OUT) || rng.range(0, 400) == 0 {
                    *b = spawn(&mut rng, &m, b.w, b.h);
                    write_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, &body_words(b));
                }
                // Each body keeps a script for 1..60 frames. Random and limit velocities cost
                // the most 68000 cycles (long sweeps): 8 % each; platformer 50 %, small 34 %.
                if mode[i].1 == 0 {
                    let r = rng.range(0, 100);
                    mode[i] = (
                        if r < 8 {
                            0
                        } else if r < 16 {
                            1
                        } else if r < 66 {
                            2
                        } else {
                            3
                        },
                        rng.range(1, 61),
                    );
                }
                mode[i].1 -= 1;
                let (vx, vy) = velocity(&mut rng, mode[i].0, b);
                b.vx = SubPx::from_bits(vx);
                b.vy = SubPx::from_bits(vy);
                // Only the velocities go to the 68000: it keeps its own positions and flags.
                write_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32 + 4, &[vx, vy]);
            }
            let before = bodies.clone();
            call(&mut mc, "bench_diff_move", &[bodies.len() as u32, solids.len() as u32]);
            for (i, b) in bodies.iter_mut().enumerate() {
                move_body(&m, &solids, b);
                let got = read_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, BODY_WORDS);
                let want = body_words(b);
                if got != want {
                    panic!(
                        "move_body differs: segment {seg} frame {f} body {i} ({}x{}) on {}\n  before: {:?}\n  solids: {:?}\n  (x, y, vx, vy in 1/8 pixels)\n  68000: x {} y {} vx {} vy {} flags {:#04x} riding {} hint {:?}\n  host:  x {} y {} vx {} vy {} flags {:#04x} riding {} hint {:?}",
                        b.w, b.h, tm.describe(), before[i], solids,
                        got[0], got[1], got[2], got[3], (got[5] as u16) >> 8, got[5] & 0xFF, &got[6..],
                        want[0], want[1], want[2], want[3], (want[5] as u16) >> 8, want[5] & 0xFF, &want[6..],
                    );
                }
            }
            frames += 1;
        }
    }
    assert!(frames >= 10_000);
    println!(
        "{frames} frames x {} bodies identical on the 68000 and the host ({} Mcycles in total)",
        SIZES.len(),
        CYCLES.load(std::sync::atomic::Ordering::Relaxed) / 1_000_000
    );
}

/// Bouncing bodies (`bounce`, the ring settings) and projectiles (`projectile`, stopping and
/// reflecting) of 8 sizes thrown at random velocities over the bench scene and random maps of
/// every shape, 3,000 frames each: every body identical on the 68000 and the host after
/// every frame.
#[test]
fn bouncers_and_projectiles_3000_frames_8_sizes() {
    use megacollide_engine::bounce::{bounce_bodies, BounceConfig, Bouncer};
    use megacollide_engine::projectile::{OnHit, Projectile};
    let Some(mut mc) = machine() else { return };
    let mut rng = Rng::new(0x626f_756e); // "boun"
    let io = sym(&mc, "DIFF_BODY_IO");
    let (mut frames, mut landings, mut hits) = (0u32, 0u32, 0u32);
    for seg in 0..6u32 {
        let tm = if seg % 3 == 0 { TestMap::bench() } else { random_map(&mut rng, (seg * 7) as u16 % 16) };
        tm.load(&mut mc);
        let m = tm.map();
        let throw = |rng: &mut Rng, w: u8, h: u8| {
            let mut b = spawn(rng, &m, w, h);
            b.vx = SubPx::from_bits(rng.range(-64, 65) as i16);
            b.vy = SubPx::from_bits(rng.range(-96, 33) as i16);
            b
        };
        let mut bouncers: Vec<Bouncer> = SIZES.iter().map(|&(w, h)| Bouncer { body: throw(&mut rng, w, h) }).collect();
        let mut shots: Vec<Body> = SIZES.iter().map(|&(w, h)| throw(&mut rng, w, h)).collect();
        for f in 0..500u32 {
            // Bouncers: start over after falling out or coming to rest (now and then).
            for (i, b) in bouncers.iter_mut().enumerate() {
                if b.body.flags.contains(Flags::FELL_OUT) || (b.is_resting() && rng.range(0, 20) == 0) {
                    *b = Bouncer { body: throw(&mut rng, b.body.w, b.body.h) };
                }
                write_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, &body_words(&b.body));
            }
            call(&mut mc, "bench_diff_bounce", &[bouncers.len() as u32]);
            bounce_bodies(&m, &[], &BounceConfig::RINGS, &mut bouncers);
            for (i, b) in bouncers.iter().enumerate() {
                let got = read_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, BODY_WORDS);
                assert_eq!(got, body_words(&b.body), "bouncer differs: segment {seg} frame {f} body {i} on {}", tm.describe());
                landings += b.body.flags.contains(Flags::LANDED) as u32;
            }
            // Projectiles: a new one after each stop (or now and then); reflecting in odd segments.
            let reflect = seg % 2;
            for (i, p) in shots.iter_mut().enumerate() {
                if p.vx.to_bits() == 0 && p.vy.to_bits() == 0 || rng.range(0, 60) == 0 {
                    *p = throw(&mut rng, p.w, p.h);
                    p.vx = SubPx::from_bits(rng.range(-1100, 1101) as i16);
                    p.vy = SubPx::from_bits(rng.range(-1100, 1101) as i16);
                }
                write_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, &body_words(p));
            }
            call(&mut mc, "bench_diff_projectile", &[shots.len() as u32, reflect]);
            for (i, p) in shots.iter_mut().enumerate() {
                let mut q = Projectile { x: p.x, y: p.y, vx: p.vx, vy: p.vy, w: p.w, h: p.h };
                p.flags = q.step(&m, if reflect != 0 { OnHit::Reflect } else { OnHit::Stop });
                (p.x, p.y, p.vx, p.vy) = (q.x, q.y, q.vx, q.vy);
                let got = read_words(&mut mc, io + 2 * BODY_WORDS as u32 * i as u32, BODY_WORDS);
                assert_eq!(got, body_words(p), "projectile differs: segment {seg} frame {f} body {i} on {}", tm.describe());
                hits += (p.flags.0 != 0) as u32;
            }
            frames += 1;
        }
    }
    assert!(frames >= 3000 && landings > 1000 && hits > 1000, "{frames} frames, {landings} landings, {hits} projectile hits");
    println!(
        "{frames} frames x {} bouncers and {} projectiles identical on the 68000 and the host ({landings} landings, {hits} hits)",
        SIZES.len(),
        SIZES.len()
    );
}

#[test]
fn player_updates_10000_frames_scripted_and_random_input() {
    let Some(mut mc) = machine() else { return };
    let mut rng = Rng::new(0x706c_6179); // "play"
    let io = sym(&mc, "DIFF_PLAYER_IO");
    let mut frames = 0u32;
    for seg in 0..10u32 {
        let tm = if seg < 6 { TestMap::bench() } else { random_map(&mut rng, 0b0011) };
        tm.load(&mut mc);
        let m = tm.map();
        let mut solids = if seg % 2 == 1 { solids_for(&mut rng, &m) } else { vec![] };
        let ice = seg % 3 == 2;
        let (x, y) = if tm.bench {
            levels::BENCH.spawn.map(|p| (p.x, p.y)).unwrap_or((48, 320))
        } else {
            let b = spawn(&mut rng, &m, 16, 32);
            (b.px(), b.py())
        };
        call(&mut mc, "bench_diff_player_reset", &[x as i32 as u32, y as i32 as u32, ice as u32]);
        let cfg = if ice { PlayerConfig::DEFAULT.ice() } else { PlayerConfig::DEFAULT };
        let mut p = Player::new(x, y, cfg);
        let scripted = seg % 2 == 0;
        let (mut input, mut hold) = (0u8, 0);
        for f in 0..1000u32 {
            if scripted {
                // Run right (left now and then), jump 20 of every 45 frames.
                input = if f % 300 < 250 { 2 } else { 1 };
                if f % 45 < 20 {
                    input |= 4;
                }
            } else {
                if hold == 0 {
                    input = rng.range(0, 8) as u8;
                    hold = rng.range(1, 30);
                }
                hold -= 1;
            }
            step_solids(&mut solids, f);
            write_solids(&mut mc, &solids);
            call(&mut mc, "bench_diff_player_update", &[input as u32, solids.len() as u32]);
            let ev = p.update(Input::from_bits(input), &m, &solids);
            let got = read_words(&mut mc, io, 11);
            let want = player_words(&p, ev.0);
            if got[..] != want[..] {
                panic!(
                    "Player::update differs: segment {seg} frame {f} input {input:03b} (jump/right/left) on {}\n  fields: body x, y, vx, vy, flags<<8|riding, vx, vy (I8F8), facing_left, dead, respawn timer, events\n  68000: {got:?}\n  host:  {want:?}",
                    tm.describe()
                );
            }
            frames += 1;
        }
    }
    assert!(frames >= 10_000);
    println!("{frames} player frames identical on the 68000 and the host");
}

// ---- Masks ---------------------------------------------------------------------------------

fn random_rows(rng: &mut Rng) -> [u32; 32] {
    let mut r = [0u32; 32];
    let style = rng.range(0, 6);
    for (y, v) in r.iter_mut().enumerate() {
        let bits = rng.next() as u32;
        *v = match style {
            0 => bits,                                         // noise, garbage past the width
            1 => bits & rng.next() as u32 & rng.next() as u32, // sparse
            2 => u32::MAX,                                     // full
            3 => {
                if y % 2 == 0 {
                    0xAAAA_AAAA
                } else {
                    0x5555_5555
                }
            }
            4 => 0x8000_0000 >> rng.range(0, 32), // one pixel per row
            _ => {
                if rng.range(0, 4) == 0 {
                    0
                } else {
                    bits | rng.next() as u32
                }
            } // dense, empty rows
        };
    }
    r
}

#[test]
fn masks_random_pairs_and_offsets() {
    let Some(mut mc) = machine() else { return };
    let mut rng = Rng::new(0x6d61_736b); // "mask"
    let rows_at = sym(&mc, "DIFF_MASK_ROWS");
    let cases_at = sym(&mc, "DIFF_MASK_CASES");
    let out_at = sym(&mc, "DIFF_MASK_OUT");
    let pix_at = sym(&mc, "DIFF_MASK_PIXELS");
    let mut n = 0;
    let mut hits = 0;
    for pair in 0..400 {
        let ra = random_rows(&mut rng);
        let rb = random_rows(&mut rng);
        for (k, r) in [ra, rb].iter().enumerate() {
            for (y, &v) in r.iter().enumerate() {
                mc.bus.write_long(rows_at + 128 * k as u32 + 4 * y as u32, v);
            }
        }
        let mut cases = Vec::new();
        for _ in 0..32 {
            let (wa, ha, wb, hb) = (rng.range(1, 33), rng.range(1, 33), rng.range(1, 33), rng.range(1, 33));
            let ax = rng.range(-4000, 4000);
            let ay = rng.range(-4000, 4000);
            let (bx, by) = if rng.range(0, 10) == 0 {
                (rng.range(-4000, 4000), rng.range(-4000, 4000))
            } else {
                (ax + rng.range(-wb - 2, wa + 3), ay + rng.range(-hb - 2, ha + 3))
            };
            cases.push([wa, ha, wb, hb, ax, ay, bx, by].map(|v| v as i16));
        }
        for (k, c) in cases.iter().enumerate() {
            write_words(&mut mc, cases_at + 16 * k as u32, c);
        }
        call(&mut mc, "bench_diff_masks", &[cases.len() as u32]);
        for (k, c) in cases.iter().enumerate() {
            let a = Mask::new(&ra[..c[1] as usize], c[0] as u8);
            let b = Mask::new(&rb[..c[3] as usize], c[2] as u8);
            let (ax, ay, bx, by) = (c[4], c[5], c[6], c[7]);
            let mut want = [0i16; 14];
            want[0] = a.hit(ax, ay, &b, bx, by) as i16;
            if let Some(r) = a.hit_rect(ax, ay, &b, bx, by) {
                want[1..6].copy_from_slice(&[1, r.x, r.y, r.w, r.h]);
            }
            if let Some((dx, dy)) = a.push_out(ax, ay, &b, bx, by) {
                want[6..9].copy_from_slice(&[1, dx, dy]);
            }
            let mut pix = [0u32; 32];
            if let Some(r) = a.overlap_pixels(ax, ay, &b, bx, by, &mut pix) {
                want[9..14].copy_from_slice(&[1, r.x, r.y, r.w, r.h]);
            }
            let got = read_words(&mut mc, out_at + 28 * k as u32, 14);
            let got_pix: Vec<u32> = (0..32).map(|y| mc.bus.read_long(pix_at + 128 * k as u32 + 4 * y)).collect();
            if got[..] != want[..] || got_pix[..] != pix[..] {
                panic!(
                    "mask results differ: pair {pair} case {k}: a {}x{} at ({ax}, {ay}) rows {:08x?}, b {}x{} at ({bx}, {by}) rows {:08x?}\n  fields: hit; hit_rect some x y w h; push_out some dx dy; overlap_pixels some x y w h\n  68000: {got:?} pixels {got_pix:08x?}\n  host:  {want:?} pixels {pix:08x?}",
                    c[0], c[1], &ra[..c[1] as usize], c[2], c[3], &rb[..c[3] as usize]
                );
            }
            hits += want[0] as u32;
            n += 1;
        }
    }
    assert!(hits > n / 10 && hits < n * 9 / 10, "{hits} hits of {n}: the sampling is broken");
    println!("{n} mask cases identical on the 68000 and the host ({hits} hits)");
}

/// The sprite engine's differential scene (`shared::sprites::shuffle`), 2,000 frames: the
/// 68000's table (built by the kernel `mc_sprite_table`, animations stepped by
/// `mc_sprite_steps`) equals the host's (the Rust loops) every frame, with the objects
/// dropped and the uploads queued.
#[test]
fn sprite_tables_2000_frames_of_the_shuffle_scene() {
    use bench::shared::sprites;
    let Some(mut mc) = machine() else { return };
    let mut e = sprites::engine();
    let mut handles: sprites::Handles = [None; sprites::OBJECTS];
    let groups = sprites::setup(&mut e, &mut handles).expect("the scene's objects fit");
    assert_eq!(call(&mut mc, "bench_sprites_setup", &[]), (groups.small.len() + groups.big.len()) as u32);
    let (mut clipped, mut dropped, mut uploads) = (0, 0, 0);
    for frame in 0..2000u32 {
        sprites::shuffle(&mut e, &mut handles, frame);
        let at = call(&mut mc, "bench_sprites_shuffle", &[frame]);
        let head = read_words(&mut mc, at, 3);
        let n = e.hardware_sprites() as usize;
        let want = [n as i16, e.dropped() as i16, e.queued_uploads() as i16];
        assert_eq!(head, want, "frame {frame}: hardware sprites, objects dropped, uploads queued (68000 vs host)");
        let table = read_words(&mut mc, at + 6, 4 * n);
        let host: Vec<i16> = e.table()[..n].iter().flatten().map(|&w| w as i16).collect();
        assert_eq!(table, host, "frame {frame}: the sprite table (68000 vs host)");
        clipped += host.chunks(4).filter(|s| s[3] < 128 || s[0] < 128).count();
        dropped += e.dropped() as usize;
        uploads += e.queued_uploads() as usize;
        // The host's queue empties as the 68000's does in its upload, tile for tile.
        let tiles: Vec<u16> = e.take_uploads().map(|(_, tile)| tile).collect();
        assert_eq!(tiles.len(), want[2] as usize);
    }
    // The scene meets the paths it is for.
    assert!(clipped > 100 && dropped > 100 && uploads > 100, "clipped {clipped}, dropped {dropped}, uploads {uploads}");
    println!("sprite shuffle: {clipped} sprites left of or above the screen, {dropped} objects dropped, {uploads} uploads, identical on the 68000 and the host");
}

// ---- Compressed art (megadrive::unpack's 68000 kernel) -------------------------------------

/// The reference decoder's error as `bench_unpack`'s code (1 truncated, 2 overrun, 3 bad
/// distance, 4 trailing words, 6 stream too long).
fn unpack_code(e: compress::Error) -> u32 {
    match e {
        compress::Error::Truncated => 1,
        compress::Error::Overrun { .. } => 2,
        compress::Error::BadDistance { .. } => 3,
        compress::Error::TrailingWords { .. } => 4,
        compress::Error::TooLong { .. } => 6,
    }
}

/// The demo's art and maps unpack on the 68000 to their words; then 3,000 corrupt streams
/// (words flipped, replaced, cut, inserted, removed; the header's length changed; noise) get
/// the reference decoder's result on the 68000: the same words, or the same error, and
/// never a word written past the output's length (`unpack_on_68000` checks canaries).
#[test]
fn unpack_matches_the_reference_decoder_on_art_and_3000_corrupt_streams() {
    let Some(mut mc) = machine() else { return };
    let art = bench::unpack_pieces(&mut mc, &bench::demo_art());
    let maps = bench::unpack_pieces(&mut mc, &bench::demo_maps());
    let streams: Vec<Vec<u16>> = bench::demo_art()
        .iter()
        .chain(bench::demo_maps().iter())
        .map(|(_, w)| compress::compress_words(&w[..w.len().min(600)]).unwrap())
        .collect();
    let mut rng = Rng::new(32);
    let (mut decoded, mut errors) = (0, 0);
    for case in 0..3000 {
        let mut s = streams[case % streams.len()].clone();
        let mutation = rng.range(0, 7);
        for _ in 0..rng.range(1, 4) {
            if s.is_empty() {
                break;
            }
            let i = rng.range(0, s.len() as i32) as usize;
            match mutation {
                0 => s[i] ^= 1 << rng.range(0, 16),
                1 => s[i] = rng.next() as u16,
                2 => s.truncate(i),
                3 => s.insert(i, rng.next() as u16),
                4 => drop(s.remove(i)),
                5 => s[0] = s[0].wrapping_add(rng.range(0, 5) as u16).wrapping_sub(2),
                _ => s = (0..rng.range(0, 40)).map(|_| rng.next() as u16 & 0x0F0F).collect(),
            }
        }
        let n = s.first().map_or(0, |&n| n as usize);
        let (got, cycles) = bench::unpack_on_68000(&mut mc, &s, n);
        CYCLES.fetch_add(cycles, std::sync::atomic::Ordering::Relaxed);
        let want = compress::decompress_words(&s).map_err(unpack_code);
        assert_eq!(got, want, "case {case} (mutation {mutation}): {s:04x?}");
        if want.is_ok() {
            decoded += 1;
        } else {
            errors += 1;
        }
    }
    assert!(errors > 1500 && decoded > 100, "both outcomes tried: {errors} errors, {decoded} decoded");
    println!(
        "unpack: demo art {} -> {} bytes, {:.2} cycles/byte; maps {} -> {} bytes; {decoded} corrupt streams decoded and {errors} stopped, as the reference",
        art.raw_bytes,
        art.packed_bytes,
        art.cycles_per_byte(),
        maps.raw_bytes,
        maps.packed_bytes
    );
}
