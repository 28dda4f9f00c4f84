//! Property tests of the movement invariants over random maps, boxes and
//! velocities. Case count: `PROPTEST_CASES` (default 10,000 per property);
//! the RNG seed is fixed so every run is deterministic.

mod oracle;
use oracle::with_surfaces;
#[path = "suite/refmodel.rs"]
mod refmodel;
use megacollide_engine::body::{Body, Flags, Rect, SolidBox};
use megacollide_engine::map::{Edge, Edges, Map, TileChanges};
use megacollide_engine::motion::move_body;
use megacollide_engine::motion::{move_bodies, move_walkers, path_stats, Walker};
use megacollide_engine::patrol::{Ground, Patrol};
use megacollide_engine::shape::TileShape;
use megacollide_engine::SubPx;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use refmodel::RefMap;

/// Number of property-test cases: `PROPTEST_CASES` or 10,000.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000)
}

fn config() -> Config {
    Config { cases: cases(), rng_seed: RngSeed::Fixed(0x6d65_6761_636f_6c6c), failure_persistence: None, ..Config::default() }
}

fn raw(v: i16) -> SubPx {
    SubPx::from_bits(v)
}

/// Mostly blank tiles, every defined id sometimes (and some unknown ids).
fn tile_id() -> impl Strategy<Value = u16> {
    prop_oneof![12 => Just(0u16), 7 => 2u16..=19, 1 => 20u16..40]
}

const W: i32 = 12;
const H: i32 = 10;

/// The `W` x `H` map of `r` with the edge policy of `edges` (bits: left, right, top,
/// bottom solid) and the height tiles `shapes`.
fn oracle_map<'a>(r: &'a RefMap, edges: u8, shapes: &'a [TileShape]) -> Map<'a> {
    sized_map(r, W, H, edges, shapes)
}

/// [`oracle_map`] for a map of `w` x `h` tiles.
fn sized_map<'a>(r: &'a RefMap, w: i32, h: i32, edges: u8, shapes: &'a [TileShape]) -> Map<'a> {
    Map::try_new(&r.tiles[..(w * h) as usize], w as u16, h as u16, &r.rows[..h as usize])
        .unwrap()
        .with_edges(oracle::edges(edges))
        .with_height_tiles(shapes)
}

/// Hilly ground `HW` x `HH` tiles for fast walks: per tile column a piece (`kind`): flat
/// ground, a rising or falling 1:1, 2:1 or 3:1 slope chain (one tile row up or down), a
/// half-block bump, a one-way ledge above the ground, a pit one tile deep, a hole, a
/// one-way top over a gap or a half-block dip (one-way tops 8 px above a floor);
/// `ceiling` puts a ceiling tile
/// (solid, top half or a slope) two to four tile rows above the ground; `noise` (when it
/// is a tile id) replaces a random tile near the surface.
fn hills(pieces: &[(u8, u8, u16)]) -> Vec<u16> {
    let (w, h) = (HW as usize, HH as usize);
    let mut t = vec![0u16; w * h];
    let mut g = 6usize;
    let mut c = 0;
    let mut k = 0;
    while c < w {
        let (kind, ceiling, noise) = pieces[k % pieces.len()];
        k += 1;
        let chain: &[u16] = match kind {
            1 => &[3],
            2 => &[4, 5],
            3 => &[6, 7, 8],
            4 => &[9],
            5 => &[10, 11],
            6 => &[12, 13, 14],
            _ => &[2],
        };
        let rising = (1..=3).contains(&kind);
        let falling = (4..=6).contains(&kind);
        if (rising && g < 4) || (falling && g > h - 3) {
            continue;
        }
        for (i, &id) in chain.iter().enumerate() {
            if c + i >= w {
                break;
            }
            let col = c + i;
            let top = match kind {
                _ if rising => g - 1,
                9 => (g + 1).min(h - 1),
                10 => h,
                _ => g,
            };
            for row in top..h {
                t[row * w + col] = 2;
            }
            if rising || falling {
                t[top * w + col] = id;
            }
            match kind {
                7 => t[(g - 1) * w + col] = 16,
                8 => t[(g - 2) * w + col] = 19,
                11 => t[g * w + col] = 19,
                12 => t[g * w + col] = 16,
                _ => {}
            }
            if ceiling < 4 {
                if let Some(row) = (g - 2).checked_sub(ceiling as usize % 3) {
                    t[row * w + col] = [2, 15, 9, 3][ceiling as usize];
                }
            }
            if noise < 40 {
                let row = (g + (noise as usize % 3)).saturating_sub(1).min(h - 1);
                t[row * w + col] = noise;
            }
        }
        c += chain.len();
        if rising {
            g -= 1;
        } else if falling {
            g += 1;
        }
    }
    t
}

/// Ground to walk on: five rows of mostly sky (a few tiles of every kind), then mostly solid
/// ground with slopes, half blocks, one-way tops and height tiles (`W` x `H` tile ids).
fn walk_ground() -> impl Strategy<Value = Vec<u16>> {
    (
        proptest::collection::vec(prop_oneof![14 => Just(0u16), 3 => 2u16..=19, 1 => 32u16..36], (W * 5) as usize),
        proptest::collection::vec(prop_oneof![2 => Just(0u16), 10 => Just(2u16), 6 => 3u16..=19, 2 => 32u16..36], (W * (H - 5)) as usize),
    )
        .prop_map(|(sky, ground)| sky.into_iter().chain(ground).collect())
}

const HW: i32 = 40;
const HH: i32 = 10;

/// One frame `f` of `engine` (one `move_bodies` call) and of `reference` (the per-pixel
/// oracle, body by body) on `m`, each body with the velocity `vel(index, body)` gives (raw
/// sub-pixels `vx`, `vy`): every body must end equal to its reference in every observable
/// field.
fn frame_equals_oracle(
    m: &Map,
    f: usize,
    engine: &mut [Body],
    reference: &mut [Body],
    mut vel: impl FnMut(usize, &Body) -> (i16, i16),
) -> Result<(), TestCaseError> {
    for (i, (b, o)) in engine.iter_mut().zip(reference.iter_mut()).enumerate() {
        let (vx, vy) = vel(i, b);
        b.vx = raw(vx);
        b.vy = raw(vy);
        o.vx = raw(vx);
        o.vy = raw(vy);
        oracle::move_body(m, &[], o);
    }
    let before = engine.to_vec();
    move_bodies(m, &[], engine);
    for i in 0..engine.len() {
        prop_assert_eq!(oracle::observable(&engine[i]), oracle::observable(&reference[i]), "frame {} body {} from {:?}", f, i, before[i]);
    }
    Ok(())
}

/// The sizes `(w, h)` of `bodies`.
fn sizes_of(bodies: &[Body]) -> Vec<(u8, u8)> {
    bodies.iter().map(|b| (b.w, b.h)).collect()
}

fn free_box_check(r: &RefMap, b: &Body, solid: Option<Rect>) -> Result<(), TestCaseError> {
    let (x, y, w, h) = (b.px() as i32, b.py() as i32, b.w as i32, b.h as i32);
    prop_assert!(!r.box_solid(x, y, w, h), "body {:?} overlaps the map", b.rect());
    if let Some(s) = solid {
        prop_assert!(!s.overlaps(&b.rect()), "body {:?} overlaps box {:?}", b.rect(), s);
    }
    Ok(())
}

fn ground_ref(r: &RefMap, b: &Body, solid: Option<Rect>) -> bool {
    let (x, y, w, h) = (b.px() as i32, b.py() as i32, b.w as i32, b.h as i32);
    let under_box = solid.is_some_and(|s| s.overlaps(&Rect::new(x as i16, (y + h) as i16, w as i16, 1)));
    r.ground_under(x, y, w, h) || under_box
}

proptest! {
    #![proptest_config(config())]

    /// After any move the box overlaps no solid pixel (map or solid box);
    /// ON_GROUND is set exactly when a floor pixel lies directly under the
    /// feet; a horizontal hit leaves the body flush against a solid pixel.
    #[test]
    fn moves_never_overlap_and_ground_flag_is_exact(
        tiles in proptest::collection::vec(tile_id(), (W * H) as usize),
        w in 1u8..=64, h in 1u8..=64,
        x in -8i16..(W as i16 * 16), y in -40i16..(H as i16 * 16),
        frac in 0i16..8,
        grounded in any::<bool>(),
        boxr in proptest::option::of((0i16..192, 0i16..160, 1i16..48, 1i16..48)),
        frames in proptest::collection::vec((-1016i16..=1016, -1016i16..=1016), 1..4),
    ) {
        let mut r = RefMap::new(W, H, &tiles);
        let x = x.clamp(0, (W * 16) as i16 - w as i16);
        // Clear the tiles under the start box so the start is free.
        for ty in (y as i32).div_euclid(16)..=((y as i32 + h as i32 - 1).div_euclid(16)) {
            for tx in (x as i32 / 16)..=((x as i32 + w as i32 - 1) / 16) {
                if (0..H).contains(&ty) && tx < W { r.set(tx, ty, 0); }
            }
        }
        let mut b = Body::new(x, y, w, h);
        b.x = raw((x << 3) | frac);
        let solid = boxr.map(|(bx, by, bw, bh)| Rect::new(bx, by, bw, bh)).filter(|s| !s.overlaps(&b.rect()));
        let solids: Vec<SolidBox> = solid.iter().map(|&rect| SolidBox { rect, dx: 0, dy: 0 }).collect();
        if grounded { b.flags = Flags::ON_GROUND; }
        let m = r.map();
        with_surfaces!(m, [(w, h)]);
        free_box_check(&r, &b, solid)?;
        for (vx, vy) in frames {
            b.vx = raw(vx);
            b.vy = raw(vy);
            let before = b;
            move_body(&m, &solids, &mut b);
            free_box_check(&r, &b, solid)?;
            prop_assert_eq!(b.on_ground(), ground_ref(&r, &b, solid), "ground flag at {:?}", b.rect());
            let hit = b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT);
            if hit { prop_assert_eq!(b.vx, SubPx::ZERO); }
            if hit && b.py() == before.py() && b.vy == before.vy && !before.on_ground() {
                // Flush: the column just beyond the leading edge is blocked.
                let col = if b.flags.contains(Flags::HIT_RIGHT) { b.px() as i32 + b.w as i32 } else { b.px() as i32 - 1 };
                let (py, ph) = (b.py() as i32, b.h as i32);
                let blocked = (py..py + ph).any(|yy| r.solid(col, yy))
                    || solid.is_some_and(|s| s.overlaps(&Rect::new(col as i16, py as i16, 1, ph as i16)));
                prop_assert!(blocked, "hit but not flush: {:?} col {}", b.rect(), col);
            }
        }
    }

    /// A body never passes a one-tile-thick wall at any speed up to
    /// 127 px/frame, and a body reaching the wall ends flush against it.
    #[test]
    fn no_tunnelling_and_flush_horizontal(
        w in 1u8..=64, h in 1u8..=64,
        gap in 0i16..200, ty in 0i16..100, speed in 1i16..=1016, frac in 0i16..8,
        from_left in any::<bool>(), grounded in any::<bool>(),
    ) {
        // 40 x 14 tiles, a wall of solid tiles at tile column 20 (x 320..336). The top edge
        // is solid so the wall goes on above the map: with open sky, a grounded body whose
        // feet are within STEP_HEIGHT_PX of the wall's top climbs over it (the rules allow
        // it; `make soak` found a 1x1 body at y = 0 doing so).
        let mut r = RefMap::blank(40, 14);
        for t in 0..14 { r.set(20, t, 2); }
        let m = r.map().with_edges(Edges { top: Edge::Solid, ..Edges::CLASSIC });
        let (wall0, wall1) = (320i16, 335i16);
        let x = if from_left { wall0 - w as i16 - gap } else { wall1 + 1 + gap };
        let mut b = Body::new(x, ty, w, h);
        b.x = raw((x << 3) | frac);
        if grounded { b.flags = Flags::ON_GROUND; }
        b.vx = raw(if from_left { speed } else { -speed });
        let target = ((x << 3) | frac) + b.vx.to_bits();
        move_body(&m, &[], &mut b);
        if from_left {
            prop_assert!(b.px() + w as i16 <= wall0, "passed the wall: {:?}", b.rect());
            if (target >> 3) + w as i16 > wall0 {
                prop_assert_eq!(b.px() + w as i16, wall0);
                prop_assert!(b.flags.contains(Flags::HIT_RIGHT));
                prop_assert_eq!(b.vx, SubPx::ZERO);
            } else {
                prop_assert_eq!(b.x.to_bits(), target);
            }
        } else {
            prop_assert!(b.px() > wall1, "passed the wall: {:?}", b.rect());
            if (target >> 3) <= wall1 {
                prop_assert_eq!(b.px(), wall1 + 1);
                prop_assert!(b.flags.contains(Flags::HIT_LEFT));
                prop_assert_eq!(b.vx, SubPx::ZERO);
            } else {
                prop_assert_eq!(b.x.to_bits(), target);
            }
        }
    }

    /// The same vertically: a one-tile-thick floor (falling) or ceiling
    /// (rising) is never passed and a body reaching it ends flush.
    #[test]
    fn no_tunnelling_and_flush_vertical(
        w in 1u8..=64, h in 1u8..=64,
        gap in 0i16..200, tx in 0i16..200, speed in 1i16..=1016, frac in 0i16..8,
        from_above in any::<bool>(), one_way in any::<bool>(),
    ) {
        // 16 x 40 tiles, a floor at tile row 20 (y 320..336).
        let mut r = RefMap::blank(16, 40);
        let id = if one_way && from_above { 19 } else { 2 };
        for t in 0..16 { r.set(t, 20, id); }
        let m = r.map();
        let x = tx.min(256 - w as i16);
        let (f0, f1) = (320i16, 335i16);
        let y = if from_above { f0 - h as i16 - gap } else { f1 + 1 + gap };
        let mut b = Body::new(x, y, w, h);
        b.y = raw((y << 3) | frac);
        b.vy = raw(if from_above { speed } else { -speed });
        let target = ((y << 3) | frac) + b.vy.to_bits();
        move_body(&m, &[], &mut b);
        if from_above {
            prop_assert!(b.py() + h as i16 <= f0, "passed the floor: {:?}", b.rect());
            if (target >> 3) + h as i16 >= f0 {
                prop_assert_eq!(b.py() + h as i16, f0);
                prop_assert!(b.on_ground());
                prop_assert_eq!(b.vy, SubPx::ZERO);
            } else {
                prop_assert_eq!(b.y.to_bits(), target);
                prop_assert!(!b.on_ground());
            }
        } else {
            prop_assert!(b.py() > f1, "passed the ceiling: {:?}", b.rect());
            if (target >> 3) <= f1 {
                prop_assert_eq!(b.py(), f1 + 1);
                prop_assert!(b.flags.contains(Flags::HIT_CEILING));
                prop_assert_eq!(b.vy, SubPx::ZERO);
            } else {
                prop_assert_eq!(b.y.to_bits(), target);
            }
        }
    }

    /// Walking along a random chain of slopes and flats and back returns the
    /// body exactly to its start, staying on the ground all the way.
    #[test]
    fn slope_chain_round_trip(
        segs in proptest::collection::vec(0u8..7, 4..24),
        w in 1u8..=32, h in 1u8..=32,
        speed in 1i16..=48, frames in 1usize..200, start_off in 0i16..16,
    ) {
        let (map_w, map_h) = (segs.len() as i32 * 3 + 12, 24i32);
        let mut r = RefMap::blank(map_w, map_h);
        let mut tx = 0;
        let mut s = 14i32; // row of the top of the ground
        let fill = |r: &mut RefMap, tx: i32, from: i32| for t in from..map_h { r.set(tx, t, 2); };
        for _ in 0..6 { fill(&mut r, tx, s); tx += 1; }
        for &g in &segs {
            let n = [0, 1, 2, 3, 1, 2, 3][g as usize];
            let rising = (1..=3).contains(&g);
            if g == 0 || (rising && s <= 4) || (!rising && s >= 20) {
                fill(&mut r, tx, s); tx += 1;
            } else if rising {
                let first = [0u16, 3, 4, 6][n as usize];
                for k in 0..n { r.set(tx, s - 1, first + k as u16); fill(&mut r, tx, s); tx += 1; }
                s -= 1;
            } else {
                let first = [0u16, 9, 10, 12][n as usize];
                for k in 0..n { r.set(tx, s, first + k as u16); fill(&mut r, tx, s + 1); tx += 1; }
                s += 1;
            }
        }
        while tx < map_w { fill(&mut r, tx, s); tx += 1; }
        let m = r.map();
        with_surfaces!(m, [(w, h)]);
        // Drop the body onto the ground at the start.
        let x0 = 16 * 3 + start_off;
        let mut b = Body::new(x0, 0, w, h);
        for _ in 0..8 {
            b.vy = raw(127 * 8);
            move_body(&m, &[], &mut b);
        }
        prop_assert!(b.on_ground());
        let start = (b.x, b.y);
        // Never walk past the last 6 tiles of flat ground.
        let room = (map_w - 6) * 16 - (x0 as i32 + w as i32);
        let frames = frames.min((room * 8 / speed as i32) as usize);
        // The per-pixel oracle walks the same way, frame by frame.
        let mut o = b;
        for dir in [1i16, -1] {
            for f in 0..frames {
                b.vx = raw(dir * speed);
                b.vy = SubPx::ZERO;
                move_body(&m, &[], &mut b);
                o.vx = raw(dir * speed);
                o.vy = SubPx::ZERO;
                oracle::move_body(&m, &[], &mut o);
                prop_assert_eq!(oracle::observable(&b), oracle::observable(&o), "differs from the per-pixel oracle at frame {} dir {}", f, dir);
                prop_assert!(b.on_ground(), "left the ground at frame {} dir {}: {:?}", f, dir, b.rect());
                prop_assert!(!b.flags.contains(Flags::HIT_LEFT) && !b.flags.contains(Flags::HIT_RIGHT));
                prop_assert!(!r.box_solid(b.px() as i32, b.py() as i32, w as i32, h as i32));
            }
        }
        prop_assert_eq!((b.x, b.y), start);
    }

    /// Point and span queries equal the reference for any i16 coordinate
    /// (never read outside the map; classic edge policy).
    #[test]
    fn queries_match_reference_anywhere(
        tiles in proptest::collection::vec(tile_id(), 12),
        x in any::<i16>(), y in any::<i16>(), len in 0i16..40,
    ) {
        let r = RefMap::new(4, 3, &tiles);
        let m = r.map();
        // Query near the map often, anywhere sometimes.
        let (x, y) = if x & 1 == 0 { (x % 100, y % 80) } else { (x, y) };
        prop_assert_eq!(m.is_solid(x, y), r.solid(x as i32, y as i32));
        prop_assert_eq!(m.is_floor(x, y), r.floor(x as i32, y as i32));
        let x1 = x.saturating_add(len);
        let y1 = y.saturating_add(len);
        let col = (y as i32..=y1 as i32).any(|yy| r.solid(x as i32, yy));
        prop_assert_eq!(m.column_solid(x, y, y1), col);
        let row = (x as i32..=x1 as i32).any(|xx| r.solid(xx, y as i32));
        prop_assert_eq!(m.row_solid(y, x, x1, false), row);
        let rowf = (x as i32..=x1 as i32).any(|xx| r.floor(xx, y as i32));
        prop_assert_eq!(m.row_solid(y, x, x1, true), rowf);
    }

    /// The tile-granular movement equals the per-pixel oracle (tests/oracle) bit for bit:
    /// random maps with every tile id, height tiles of every kind (heights, widths, any
    /// drawn pixels), every edge policy; bodies of any size anywhere, at any speed up to
    /// and past the limit, grounded or not; solid boxes that move and carry riders.
    #[test]
    fn moves_equal_the_per_pixel_oracle(
        tiles in proptest::collection::vec(prop_oneof![10 => Just(0u16), 6 => 2u16..=19, 2 => 32u16..37, 1 => 20u16..32], (W * H) as usize),
        shapes in proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        edges in 0u8..16,
        bodies in proptest::collection::vec((1u8..=64, 1u8..=64, -600i16..1000, -600i16..900, any::<u8>(), 0u8..4), 1..4),
        boxes in proptest::collection::vec((-40i16..260, -40i16..200, 0i16..64, 0i16..40, -3i8..=3, -3i8..=3), 0..4),
        frames in proptest::collection::vec(proptest::collection::vec((prop_oneof![4 => -40i16..=40, 1 => -1100i16..=1100, 1 => Just(i16::MIN), 1 => Just(i16::MAX)], prop_oneof![4 => -48i16..=48, 1 => -1100i16..=1100]), 4), 1..5),
    ) {
        let r = RefMap::new(W, H, &tiles);
        let shapes = oracle::height_tiles(&shapes);
        let m = oracle_map(&r, edges, &shapes);
        let mut solids: Vec<SolidBox> =
            boxes.iter().map(|&(x, y, w, h, dx, dy)| SolidBox { rect: Rect::new(x, y, w, h), dx, dy }).collect();
        let mut engine: Vec<Body> = bodies
            .iter()
            .map(|&(w, h, x, y, frac, kind)| {
                let mut b = Body::new(x, y, w, h);
                b.x = raw((x << 3) | (frac & 7) as i16);
                b.y = raw((y << 3) | (frac >> 5) as i16);
                b.flags = if kind & 1 != 0 { Flags::ON_GROUND } else { Flags::NONE };
                if kind & 2 != 0 && !solids.is_empty() {
                    b.riding = frac % solids.len() as u8;
                }
                b
            })
            .collect();
        with_surfaces!(m, sizes_of(&engine));
        let mut reference = engine.clone();
        for (f, vels) in frames.iter().enumerate() {
            for s in solids.iter_mut() {
                s.rect.x += s.dx as i16;
                s.rect.y += s.dy as i16;
            }
            for (i, b) in engine.iter_mut().enumerate() {
                b.vx = raw(vels[i].0);
                b.vy = raw(vels[i].1);
            }
            for (i, b) in reference.iter_mut().enumerate() {
                b.vx = raw(vels[i].0);
                b.vy = raw(vels[i].1);
                oracle::move_body(&m, &solids, b);
            }
            let before = engine.clone();
            move_bodies(&m, &solids, &mut engine);
            for i in 0..engine.len() {
                prop_assert_eq!(oracle::observable(&engine[i]), oracle::observable(&reference[i]), "frame {} body {} from {:?}, boxes {:?}", f, i, before[i], solids);
            }
        }
    }

    /// The sweeps and the column top equal brute force over point queries, for any
    /// span, direction and edge policy (height tiles included).
    #[test]
    fn sweeps_match_point_queries(
        tiles in proptest::collection::vec(prop_oneof![6 => Just(0u16), 8 => 2u16..=19, 3 => 32u16..36], 20),
        rows in proptest::array::uniform16(any::<u16>()),
        edges in 0u8..16,
        a in -40i16..110, b in -40i16..90, len in 0i16..70, n in 0i16..60, dir in prop_oneof![Just(1i16), Just(-1i16)], floor in any::<bool>(),
    ) {
        let r = RefMap::new(5, 4, &tiles);
        let shapes = [TileShape::from_rows(rows), TileShape::from_heights([3, -4, 16, 0, 1, 2, -16, 5, 8, 8, -1, 0, 7, 15, 2, 9]), TileShape::from_widths([1, -3, 16, 0, 5, -8, 2, 2, 9, -15, 0, 4, 4, -1, 6, 3])];
        let m = Map::try_new(&r.tiles[..20], 5, 4, &r.rows[..4]).unwrap()
            .with_edges(oracle::edges(edges))
            .with_height_tiles(&shapes);
        let (lo, hi) = (b, b + len);
        let solid = |x: i16, y: i16| m.is_solid(x, y);
        let col_free = |x: i16| (lo..=hi).all(|y| !solid(x, y));
        let want = (0..n).take_while(|&k| col_free(a + dir * k)).count() as i16;
        prop_assert_eq!(m.sweep_cols(a, dir, n, lo, hi), want);
        let (x0, x1) = (a, a + len);
        let row_free = |y: i16| (x0..=x1).all(|x| !(if floor { m.is_floor(x, y) } else { solid(x, y) }));
        let want = (0..n).take_while(|&k| row_free(b + dir * k)).count() as i16;
        prop_assert_eq!(m.sweep_rows(b, dir, n, x0, x1, floor), want);
        let top = (lo..=hi).find(|&y| solid(a, y)).unwrap_or(hi + 1);
        prop_assert_eq!(m.column_top(a, lo, hi), top);
    }

    /// Bodies at rest equal the per-pixel oracle, also when the game changes them between
    /// frames: bodies of every size fall onto random ground and stand there with gravity
    /// added every frame (the engine's short path for a body at rest), and now and then the
    /// game moves one by less or more than a pixel, resizes it, gives it a small velocity,
    /// a pixel of gravity or an upward one, or changes its flags, so that the short path
    /// must see every change and make way for the full move.
    #[test]
    fn resting_bodies_equal_the_per_pixel_oracle(
        tiles in walk_ground(),
        shapes in proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        edges in 0u8..16,
        bodies in proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, -8i16..48), 1..5),
        events in proptest::collection::vec((0usize..24, 0usize..5, 0u8..10, -9i16..=9), 0..8),
    ) {
        let r = RefMap::new(W, H, &tiles);
        let shapes = oracle::height_tiles(&shapes);
        let m = oracle_map(&r, edges, &shapes);
        let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, y)| Body::new(x, y, w, h)).collect();
        with_surfaces!(m, sizes_of(&engine));
        let mut reference = engine.clone();
        for f in 0..32usize {
            // The game's changes, made to both sides alike.
            for &(at, who, what, d) in &events {
                if at + 8 != f || who >= engine.len() {
                    continue;
                }
                for b in [&mut engine[who], &mut reference[who]] {
                    match what {
                        0 => b.x = raw(b.x.to_bits().wrapping_add(d)),
                        1 => b.y = raw(b.y.to_bits().wrapping_add(d)),
                        2 => b.w = (b.w as i16 + d).clamp(0, 70) as u8,
                        3 => b.h = (b.h as i16 + d).clamp(0, 70) as u8,
                        4 => b.flags = Flags(d as u8),
                        _ => {}
                    }
                }
            }
            let mut vels = Vec::new();
            for (i, b) in engine.iter().enumerate() {
                let mut v = if f < 8 { (0, 48) } else if b.on_ground() { (0, 3) } else { (0, (b.vy.to_bits() + 3).min(48)) };
                for &(at, who, what, d) in &events {
                    if at + 8 == f && who == i {
                        match what {
                            5 => v.0 = d,
                            6 => v.1 = 8 + d.abs(),
                            7 => v.1 = -d.abs() - 1,
                            8 => v.1 = d.abs().min(7),
                            _ => {}
                        }
                    }
                }
                vels.push(v);
            }
            frame_equals_oracle(&m, f, &mut engine, &mut reference, |i, _| vels[i])?;
        }
    }

    /// Fast walks over hills equal the per-pixel oracle: bodies of every size fall onto
    /// hilly ground (slope chains, bumps, one-way ledges, ceilings close above, stray tiles)
    /// and walk at any speed up to the limit for 12 frames, so the walk read per tile
    /// crosses many tile columns, climbs under ceilings and stops at walls and ledges.
    #[test]
    fn fast_walks_over_hills_equal_the_per_pixel_oracle(
        pieces in proptest::collection::vec((0u8..13, 0u8..12, prop_oneof![6 => Just(99u16), 1 => 0u16..20]), 8..20),
        edges in 0u8..16,
        bodies in proptest::collection::vec((1u8..=64, 1u8..=64, 0i16..640, -1016i16..=1016), 1..4),
    ) {
        let tiles = hills(&pieces);
        let r = RefMap::new(HW, HH, &tiles);
        let e = |bit: u8| if edges & bit != 0 { Edge::Solid } else { Edge::Open };
        let m = Map::try_new(&r.tiles[..(HW * HH) as usize], HW as u16, HH as u16, &r.rows[..HH as usize])
            .unwrap()
            .with_edges(Edges { left: e(1), right: e(2), top: e(4), bottom: e(8) });
        let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, _)| Body::new(x, 0, w, h)).collect();
        with_surfaces!(m, sizes_of(&engine));
        let mut reference = engine.clone();
        for f in 0..20usize {
            frame_equals_oracle(&m, f, &mut engine, &mut reference, |i, b| {
                let vy = if f < 8 { 120 } else if b.on_ground() { 3 } else { (b.vy.to_bits() + 3).min(48) };
                let vx = if f < 8 { 0 } else if f < 14 { bodies[i].3 } else { -bodies[i].3 / 3 };
                (vx, vy)
            })?;
        }
    }
}

/// A wide body stands with its back over a pit and walks down a slope: while the pit is
/// under its back, the pit's floor (lower than the rows the walk reads at first) must stop
/// its descent exactly where the per-pixel walk stops. Every move equals the oracle.
#[test]
fn walking_down_a_slope_away_from_a_pit_equals_the_per_pixel_oracle() {
    const MW: i32 = 12;
    const MH: i32 = 8;
    let mut t = vec![0u16; (MW * MH) as usize];
    let mut put = |tx: i32, ty: i32, id: u16| t[(ty * MW + tx) as usize] = id;
    // Pit floor at tile row 5, ground at row 4 from column 1, then a 1:1 slope down two rows.
    for ty in 5..MH {
        put(0, ty, 2);
    }
    for tx in 1..3 {
        for ty in 4..MH {
            put(tx, ty, 2);
        }
    }
    put(3, 4, 9);
    for ty in 5..MH {
        put(3, ty, 2);
    }
    put(4, 5, 9);
    for ty in 6..MH {
        put(4, ty, 2);
    }
    for tx in 5..MW {
        for ty in 6..MH {
            put(tx, ty, 2);
        }
    }
    let r = RefMap::new(MW, MH, &t);
    let m = Map::try_new(&r.tiles[..(MW * MH) as usize], MW as u16, MH as u16, &r.rows[..MH as usize]).unwrap();
    for w in [40u8, 48, 56, 64] {
        for x0 in 0..16i16 {
            for speed in [1i16, 3, 8, 16] {
                let mut b = Body::new(x0, 64 - 16, w, 16);
                b.flags = Flags::ON_GROUND;
                let mut o = b;
                for f in 0..12 {
                    for body in [&mut b, &mut o] {
                        body.vx = raw(speed << 3);
                        body.vy = raw(3);
                    }
                    oracle::move_body(&m, &[], &mut o);
                    let before = b;
                    move_body(&m, &[], &mut b);
                    assert_eq!(oracle::observable(&b), oracle::observable(&o), "w {w} x0 {x0} speed {speed} frame {f} from {before:?}");
                }
            }
        }
    }
}

/// Runs `test` on `strategy`'s cases with this file's [`config`], counting which path every
/// move took; then `check` sees the counts (the table paths must have run, not only the
/// full move). Panics with proptest's minimal failing case.
fn run_counted<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>, check: impl Fn(path_stats::PathCounts)) {
    path_stats::reset();
    let mut runner = TestRunner::new(config());
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}");
    }
    let counts = path_stats::counts();
    check(counts);
}

/// Every move counted.
fn total(c: path_stats::PathCounts) -> u64 {
    c.on_surface + c.in_air + c.across_chains + c.full + c.full_with_boxes
}

/// Long walks equal the per-pixel oracle frame by frame: bodies dropped onto random ground
/// (every tile id, height tiles, any edge policy) walk at a steady speed with gravity, now
/// and then turning, stopping or jumping, for 32 frames. Most moves are read from the
/// walkable surfaces compiled for the bodies' sizes.
#[test]
fn surface_walks_equal_the_per_pixel_oracle() {
    let strategy = (
        walk_ground(),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, -8i16..48, -40i16..=40), 1..4),
        proptest::collection::vec((0usize..32, 0u8..3), 0..4),
    );
    run_counted(
        strategy,
        |(tiles, shapes, edges, bodies, events)| {
            let r = RefMap::new(W, H, &tiles);
            let shapes = oracle::height_tiles(&shapes);
            let m = oracle_map(&r, edges, &shapes);
            let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, y, _)| Body::new(x, y, w, h)).collect();
            let mut vxs: Vec<i16> = bodies.iter().map(|b| b.4).collect();
            with_surfaces!(m, sizes_of(&engine));
            let mut reference = engine.clone();
            for f in 0..40usize {
                frame_equals_oracle(&m, f, &mut engine, &mut reference, |i, b| {
                    // 8 frames of falling onto the ground, then walking with gravity.
                    let mut vy = if f < 8 {
                        48
                    } else if b.on_ground() {
                        3
                    } else {
                        (b.vy.to_bits() + 3).min(48)
                    };
                    let mut vx = if f < 8 { 0 } else { vxs[i] };
                    for &(at, what) in &events {
                        if at + 8 == f {
                            match what {
                                0 => {
                                    vxs[i] = -vxs[i];
                                    vx = vxs[i];
                                }
                                1 if b.on_ground() => vy = -40,
                                _ => vx = 0,
                            }
                        }
                    }
                    (vx, vy)
                })?;
            }
            Ok(())
        },
        |c| assert!(c.on_surface * 4 > total(c), "a quarter of the moves read from surfaces: {c:?}"),
    );
}

/// Fast walks equal the per-pixel oracle: bodies of every size dropped onto random ground
/// walk at up to 127 pixels a frame (the speed limit) in both directions, turning at walls,
/// so that most walks go past their chain's end (a wall, a ledge, a step onto another chain,
/// the map's edge) and are read along the chains.
#[test]
fn fast_walks_across_chains_equal_the_per_pixel_oracle() {
    let strategy = (
        walk_ground(),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, -8i16..48, -1016i16..=1016), 1..4),
    );
    run_counted(
        strategy,
        |(tiles, shapes, edges, bodies)| {
            let r = RefMap::new(W, H, &tiles);
            let shapes = oracle::height_tiles(&shapes);
            let m = oracle_map(&r, edges, &shapes);
            let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, y, _)| Body::new(x, y, w, h)).collect();
            with_surfaces!(m, sizes_of(&engine));
            let mut reference = engine.clone();
            for f in 0..24usize {
                frame_equals_oracle(&m, f, &mut engine, &mut reference, |i, b| {
                    let vy = if f < 8 {
                        48
                    } else if b.on_ground() {
                        3
                    } else {
                        (b.vy.to_bits() + 3).min(48)
                    };
                    let vx = bodies[i].4;
                    let turned = b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT);
                    (
                        if f < 8 {
                            0
                        } else if turned && f % 2 == 0 {
                            -vx
                        } else {
                            vx
                        },
                        vy,
                    )
                })?;
            }
            Ok(())
        },
        // (Most moves are falls after a ledge: a fast walk leaves the ground often.)
        |c| assert!(c.across_chains * 32 > total(c), "one move in 32 read along the chains: {c:?}"),
    );
}

/// Flights equal the per-pixel oracle: bodies of every size jump, fly and fall through
/// mostly open space (a few tiles of every kind, height tiles, any edge policy) for 40
/// frames, jumping again whenever they stand, so that most moves cross the open air
/// compiled with the map and leave it at every side, land on floors and one-way tops right
/// under them and hit ceilings and walls. Now and then a body in the air is marked grounded
/// by the game, which makes its move a walk (a snap down onto a floor up to 8 pixels
/// below), not a flight.
#[test]
fn flights_through_open_air_equal_the_per_pixel_oracle() {
    let strategy = (
        proptest::collection::vec(prop_oneof![40 => Just(0u16), 3 => 2u16..=19, 1 => 32u16..36], (HW * HH) as usize),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=40, 0i16..620, 0i16..150, -48i16..=48, -60i16..=0), 1..5),
    );
    run_counted(
        strategy,
        |(tiles, shapes, edges, bodies)| {
            let r = RefMap::new(HW, HH, &tiles);
            let shapes = oracle::height_tiles(&shapes);
            let m = sized_map(&r, HW, HH, edges, &shapes);
            let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, y, _, _)| Body::new(x, y, w, h)).collect();
            with_surfaces!(m, sizes_of(&engine));
            let mut reference = engine.clone();
            for f in 0..40usize {
                for i in 0..engine.len() {
                    if f % 7 == i % 7 && !engine[i].on_ground() {
                        engine[i].flags = Flags::ON_GROUND;
                        reference[i].flags = Flags::ON_GROUND;
                    }
                }
                frame_equals_oracle(&m, f, &mut engine, &mut reference, |i, b| {
                    let (vx, jump) = (bodies[i].4, bodies[i].5);
                    let vy = if b.on_ground() { jump } else { (b.vy.to_bits() + 3).min(48) };
                    (if b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT) { -vx } else { vx }, vy)
                })?;
            }
            Ok(())
        },
        |c| assert!(c.in_air * 4 > total(c), "a quarter of the moves through the compiled air: {c:?}"),
    );
}

/// Tiles changed between frames: bodies walk, stand and jump on random ground while the
/// game changes random tiles (breaking blocks, closing gaps, placing one-way tops) in its
/// copy of the map and marks them in a `TileChanges`; the surfaces stay those compiled for
/// the map as it was. Every move equals the per-pixel oracle on the changed map.
#[test]
fn tile_changes_between_frames_equal_the_per_pixel_oracle() {
    let strategy = (
        walk_ground(),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, -40i16..=40), 1..4),
        proptest::collection::vec((0usize..32, 0i32..W, 0i32..H, prop_oneof![Just(0u16), 2u16..=19]), 1..12),
    );
    run_counted(
        strategy,
        |(tiles, edges, bodies, changes)| {
            let r = RefMap::new(W, H, &tiles);
            let m = oracle_map(&r, edges, &[]);
            let mut engine: Vec<Body> = bodies.iter().map(|&(w, h, x, _)| Body::new(x, 0, w, h)).collect();
            with_surfaces!(m, sizes_of(&engine));
            let mut reference = engine.clone();
            let mut now = r.clone();
            let mut marked = TileChanges::NONE;
            for f in 0..40usize {
                for &(at, tx, ty, id) in &changes {
                    if at + 8 == f {
                        now.set(tx, ty, id);
                        marked.mark(tx as i16);
                    }
                }
                let changed = oracle_map(&now, edges, &[]);
                let played = m.with_tiles(&now.tiles[..(W * H) as usize]).with_changes(&marked);
                for (i, (b, o)) in engine.iter_mut().zip(reference.iter_mut()).enumerate() {
                    let vy = if f < 8 {
                        48
                    } else if b.on_ground() {
                        if f % 11 == i {
                            -40
                        } else {
                            3
                        }
                    } else {
                        (b.vy.to_bits() + 3).min(48)
                    };
                    let vx = if f < 8 {
                        0
                    } else if b.flags.contains(Flags::HIT_LEFT) || b.flags.contains(Flags::HIT_RIGHT) {
                        -bodies[i].3
                    } else {
                        bodies[i].3
                    };
                    for body in [&mut *b, &mut *o] {
                        body.vx = raw(vx);
                        body.vy = raw(vy);
                    }
                    oracle::move_body(&changed, &[], o);
                }
                let before = engine.clone();
                move_bodies(&played, &[], &mut engine);
                for i in 0..engine.len() {
                    prop_assert_eq!(
                        oracle::observable(&engine[i]),
                        oracle::observable(&reference[i]),
                        "frame {} body {} from {:?}",
                        f,
                        i,
                        before[i]
                    );
                }
            }
            Ok(())
        },
        |c| assert!(c.on_surface > 0 && c.full > 0, "surfaces used, and bypassed near changes: {c:?}"),
    );
}

/// Walkers equal the per-pixel model: bodies of every size patrol random ground as walkers
/// (turning at walls and at the ledges the engine reports), with look-aheads from 1 to 40
/// pixels, sometimes riding or passing a solid box, and now and then the game moves one
/// (through `Walker::body_mut`) or changes its velocity; after every move the body equals the
/// oracle's and `LEDGE_AHEAD` is set exactly when the oracle's walk of that many pixels
/// leaves the ground.
#[test]
fn walkers_equal_the_per_pixel_oracle() {
    let strategy = (
        walk_ground(),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, 1i16..=40, 1i16..=40), 1..4),
        proptest::option::of((0i16..160, 40i16..120, 8i16..48, 4i16..16)),
        proptest::collection::vec((0usize..48, 0usize..4, -20i16..=20), 0..6),
    );
    run_counted(
        strategy,
        |(tiles, edges, bodies, boxr, teleports)| {
            let r = RefMap::new(W, H, &tiles);
            let m = oracle_map(&r, edges, &[]);
            let mut walkers: Vec<Walker> = bodies.iter().map(|&(w, h, x, _, look)| Walker::new(Body::new(x, 0, w, h), look)).collect();
            let sizes: Vec<(u8, u8)> = bodies.iter().map(|b| (b.0, b.1)).collect();
            with_surfaces!(m, sizes);
            let solids: Vec<SolidBox> = boxr.iter().map(|&(x, y, w, h)| SolidBox { rect: Rect::new(x, y, w, h), dx: 0, dy: 0 }).collect();
            let mut dirs: Vec<i16> = vec![1; walkers.len()];
            for f in 0..48usize {
                // The game moves a walker now and then (by less or more than a pixel).
                for &(at, who, d) in &teleports {
                    if at == f && who < walkers.len() {
                        let b = walkers[who].body_mut();
                        b.x = raw(b.x.to_bits().wrapping_add(d));
                    }
                }
                let mut reference: Vec<Body> = walkers.iter().map(|w| *w.body()).collect();
                for (i, w) in walkers.iter_mut().enumerate() {
                    let b = *w.body();
                    // Gravity, now and then a whole pixel or more of it while standing.
                    let vy = if b.on_ground() {
                        if (f + i) % 5 == 0 {
                            7 + (f % 9) as i16
                        } else {
                            3
                        }
                    } else {
                        (b.vy.to_bits() + 3).min(48)
                    };
                    let vx = if f < 8 { 0 } else { dirs[i] * bodies[i].3 };
                    w.set_velocity(raw(vx), raw(vy));
                    reference[i].vx = raw(vx);
                    reference[i].vy = raw(vy);
                }
                for (i, o) in reference.iter_mut().enumerate() {
                    let solids: &[SolidBox] = if i == 0 { &solids } else { &[] };
                    oracle::move_body(&m, solids, o);
                }
                // Walker 0 moves with the box, the others without: both loops of the engine.
                move_walkers(&m, &solids, &mut walkers[..1]);
                for i in 1..walkers.len() {
                    move_walkers(&m, &[], &mut walkers[i..i + 1]);
                }
                for i in 0..walkers.len() {
                    let mut want = reference[i];
                    if oracle::ledge_ahead(&m, &want, bodies[i].4) {
                        want.flags.insert(Flags::LEDGE_AHEAD);
                    }
                    prop_assert_eq!(oracle::observable(walkers[i].body()), oracle::observable(&want), "frame {} walker {}", f, i);
                    let f = walkers[i].body().flags;
                    if f.contains(Flags::HIT_LEFT) || f.contains(Flags::HIT_RIGHT) || f.contains(Flags::LEDGE_AHEAD) {
                        dirs[i] = -dirs[i];
                    }
                }
            }
            Ok(())
        },
        |c| {
            assert!(
                c.on_surface * 4 > total(c) && c.full_with_boxes > 0,
                "a quarter of the walkers' moves on surfaces, some with the box: {c:?}"
            )
        },
    );
}

/// Patrols equal the per-pixel model: bodies of every size patrol random ground at 1 to 8
/// pixels a frame with gravity, turning where the oracle's move hits a wall or its walk of a
/// body width ahead leaves the ground, sometimes beside a solid box, and falling off ledges;
/// after every step the body equals the oracle's (velocity and gravity applied as
/// `Patrol::step` documents) and so does the direction it walks on.
#[test]
fn patrols_equal_the_per_pixel_oracle() {
    let strategy = (
        walk_ground(),
        0u8..16,
        proptest::collection::vec((1u8..=40, 1u8..=48, -20i16..200, 1u8..=8, any::<bool>(), 1i8..=12, 2u8..=8), 1..4),
        proptest::option::of((0i16..160, 40i16..120, 8i16..48, 4i16..16)),
    );
    run_counted(
        strategy,
        |(tiles, edges, bodies, boxr)| {
            let r = RefMap::new(W, H, &tiles);
            let m = oracle_map(&r, edges, &[]);
            let sizes: Vec<(u8, u8)> = bodies.iter().map(|b| (b.0, b.1)).collect();
            with_surfaces!(m, sizes);
            let solids: Vec<SolidBox> = boxr.iter().map(|&(x, y, w, h)| SolidBox { rect: Rect::new(x, y, w, h), dx: 0, dy: 0 }).collect();
            let mut patrols: Vec<Patrol> =
                bodies.iter().map(|&(w, h, x, speed, right, g, max)| Patrol::new(Body::new(x, 0, w, h), speed, right, g, max)).collect();
            let mut reference: Vec<(Body, i16)> = bodies
                .iter()
                .map(|&(w, h, x, speed, right, _, _)| (Body::new(x, 0, w, h), if right { 8 } else { -8 } * speed as i16))
                .collect();
            for f in 0..64usize {
                // Patrol 0 steps with the box, the others without.
                for (i, p) in patrols.iter_mut().enumerate() {
                    let solids: &[SolidBox] = if i == 0 { &solids } else { &[] };
                    p.step(&Ground::new(&m, solids));
                    let (g, max) = (bodies[i].5 as i16, 8 * bodies[i].6 as i16);
                    let (o, vx) = &mut reference[i];
                    o.vx = raw(*vx);
                    o.vy = raw((o.vy.to_bits() + g).min(max));
                    oracle::move_body(&m, solids, o);
                    if oracle::ledge_ahead(&m, o, o.w as i16) {
                        o.flags.insert(Flags::LEDGE_AHEAD);
                    }
                    if o.flags.contains(Flags::HIT_LEFT) || o.flags.contains(Flags::HIT_RIGHT) || o.flags.contains(Flags::LEDGE_AHEAD) {
                        *vx = -*vx;
                    }
                    prop_assert_eq!(oracle::observable(p.body()), oracle::observable(o), "frame {} patrol {}", f, i);
                    prop_assert_eq!(p.velocity(), *vx, "frame {} patrol {}: its direction", f, i);
                }
            }
            Ok(())
        },
        |c| {
            assert!(
                c.on_surface * 4 > total(c) && c.full_with_boxes > 0,
                "a quarter of the patrols' steps on surfaces, some with the box: {c:?}"
            )
        },
    );
}

/// The compiled surfaces hold every position: on random maps (every tile id, height tiles,
/// every edge policy) and bodies of random sizes, every box position inside the map's
/// columns that is free and has a floor under it (found pixel by pixel) is a position of a
/// chain the column index finds.
#[test]
fn compiled_surfaces_hold_every_position() {
    let strategy = (
        proptest::collection::vec(prop_oneof![10 => Just(0u16), 6 => 2u16..=19, 2 => 32u16..37], 48),
        proptest::collection::vec((0u8..3, proptest::array::uniform16(any::<u16>())), 4),
        0u8..16,
        (1u8..=64, 1u8..=64),
    );
    let cases = Config { cases: cases() / 20 + 1, ..config() };
    let mut runner = TestRunner::new(cases);
    runner
        .run(&strategy, |(tiles, shapes, edges, (w, h))| {
            let r = RefMap::new(8, 6, &tiles);
            let shapes = oracle::height_tiles(&shapes);
            let m = sized_map(&r, 8, 6, edges, &shapes);
            let compiled = megacollide_surface_compiler::compile(&m, &[(w, h)]).expect("surfaces compile");
            let classes = compiled.class_views();
            let surfaces = compiled.surfaces(&classes);
            let mut found = 0;
            for x in 0..=(128 - w as i32) {
                for y in -64..=96 {
                    if oracle::is_position(&m, x, y, w as i32, h as i32) {
                        prop_assert!(
                            surfaces.find(&classes[0], x as i16, y as i16).is_some(),
                            "{}x{} position ({}, {}) in no chain",
                            w,
                            h,
                            x,
                            y
                        );
                        found += 1;
                    }
                }
            }
            let positions: usize = surfaces.chains().iter().map(|c| c.len() as usize).sum();
            prop_assert_eq!(positions, found);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
