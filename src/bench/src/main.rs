//! megacollide-bench: the engine's real 68000 code behind `extern "C"` entry points, for
//! tools/bench to time on a cycle-exact 68000 model. Not a cartridge: no vectors and no
//! startup code (see linker/bench.ld); the host loads the ELF, writes arguments on the stack (m68k
//! C ABI: every argument in a 4-byte stack slot, first argument at 4(sp) on entry, result in
//! d0) and runs from the entry point to its `rts`.
//!
//! Entry points that are timed: `bench_point_query`, `bench_is_floor`, `bench_move_body`,
//! `bench_frame_move`, `bench_walkers_step`, `bench_player_update`, `bench_mask`,
//! `bench_world_step`, `bench_unpack` (compressed art), the span
//! / sweep queries (`bench_sweep_cols`, `bench_sweep_rows`, `bench_column_solid`,
//! `bench_row_solid`), and a frame's sound work (`bench_sound_frame`, `bench_sound_request`;
//! `bench_sound_init` loads the driver), random numbers (`bench_random_many`: a loop of
//! `megadrive::random::Random::next`, its numbers left in `RANDOM_OUT`; `bench_random_next`
//! on a static generator, `bench_random_seed`). The others (`bench_body_set`, `bench_body_get`, `bench_frame_prepare`,
//! `bench_player_reset`, `bench_world_reset`, `bench_world_digest`) set up and read state.
//!
//! On any other target (e.g. `cargo test --workspace` on the host) it builds as an empty
//! host program, so the workspace's host commands need not exclude it.
#![cfg_attr(target_arch = "m68k", no_std, no_main)]

// The runtime routines (__mulsi3, memcpy, memset), linked by the hardware crate's build.
#[cfg(target_arch = "m68k")]
extern crate megadrive as _;

use core::cell::UnsafeCell;

use megacollide_engine::body::{Body, Flags, SolidBox, NO_BOX};
use megacollide_engine::motion::{move_bodies, move_body};
use megacollide_engine::platformer::{Input, Player, PlayerConfig};
use megacollide_engine::SubPx;

use levels::BENCH_MAP;
/// The bench's fixed scene (src/lib.rs: `levels/bench.tmj` of this crate).
pub use megacollide_bench::levels;
use megacollide_bench::shared;
use megacollide_demo::levels::LevelPoint;
use megacollide_demo::world::{patrol, Enemy};
use shared::{ai_prepare, body_from_words, body_words, mask_pair, player_words, BODY_COUNT, BODY_WORDS, WALKER_COUNT};

/// Single-threaded static state (the 68000 runs one call at a time).
struct Static<T>(UnsafeCell<T>);
// SAFETY: the bench ELF has no interrupts and no threads; one entry point runs at a time.
unsafe impl<T> Sync for Static<T> {}
impl<T> Static<T> {
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut T {
        // SAFETY: see the Sync impl: never two live references.
        unsafe { &mut *self.0.get() }
    }
}

static BODIES: Static<[Body; BODY_COUNT]> = Static(UnsafeCell::new([Body::new(0, 0, 16, 32); BODY_COUNT]));
static PLAYER: Static<Player> = Static(UnsafeCell::new(Player::new(0, 0, PlayerConfig::DEFAULT)));
static FRAME: Static<u32> = Static(UnsafeCell::new(0));
static WALKERS: Static<[Enemy; WALKER_COUNT]> = Static(UnsafeCell::new([Enemy::new(1, LevelPoint { x: 0, y: 0 }, 16, 16); WALKER_COUNT]));
/// No moving boxes in these benchmarks (no lift in the bench scene).
static SOLIDS: [SolidBox; 0] = [];

/// `BENCH_MAP.is_solid(x, y)` (point query).
#[no_mangle]
pub extern "C" fn bench_point_query(x: i32, y: i32) -> u32 {
    BENCH_MAP.is_solid(x as i16, y as i16) as u32
}

/// Points of `bench_point_query_many` (x, y), written by the host.
#[no_mangle]
static BENCH_POINTS: Static<[[i16; 2]; POINTS]> = Static(UnsafeCell::new([[0; 2]; POINTS]));
const POINTS: usize = 256;

/// `is_solid` for the first `n` points of `BENCH_POINTS` (inlined in a loop, as in game
/// code); returns how many are solid.
#[no_mangle]
pub extern "C" fn bench_point_query_many(n: u32) -> u32 {
    let mut k = 0;
    for p in BENCH_POINTS.get().iter().take(n as usize) {
        k += BENCH_MAP.is_solid(p[0], p[1]) as u32;
    }
    k
}

/// The loop of `bench_point_query_many` without the query (its baseline): returns how many
/// points have x > y.
#[no_mangle]
pub extern "C" fn bench_point_loop_baseline(n: u32) -> u32 {
    let mut k = 0;
    for p in BENCH_POINTS.get().iter().take(n as usize) {
        k += (p[0] > p[1]) as u32;
    }
    k
}

/// `BENCH_MAP.is_floor(x, y)` (point query that also sees one-way tops).
#[no_mangle]
pub extern "C" fn bench_is_floor(x: i32, y: i32) -> u32 {
    BENCH_MAP.is_floor(x as i16, y as i16) as u32
}

/// Sets body `i` (`i >= 32`: the player's body): sub-pixel position and velocity (I13F3
/// bits), size `w << 8 | h`, `flags << 8 | riding`, the engine's footing
/// (`Body::footing_bits`).
#[no_mangle]
pub extern "C" fn bench_body_set(i: u32, x: i32, y: i32, vx: i32, vy: i32, wh: u32, flags_riding: u32, hint: u32) {
    let b = body(i);
    *b = Body::new(0, 0, (wh >> 8) as u8, wh as u8);
    b.x = SubPx::from_bits(x as i16);
    b.y = SubPx::from_bits(y as i16);
    b.vx = SubPx::from_bits(vx as i16);
    b.vy = SubPx::from_bits(vy as i16);
    b.flags = Flags((flags_riding >> 8) as u8);
    b.riding = flags_riding as u8;
    b.set_footing_bits(hint);
}

/// Field `field` of body `i`: 0 x, 1 y, 2 vx, 3 vy (I13F3 bits), 4 flags, 5 riding, 6 the
/// footing (`Body::footing_bits`).
#[no_mangle]
pub extern "C" fn bench_body_get(i: u32, field: u32) -> i32 {
    let b = body(i);
    match field {
        0 => b.x.to_bits() as i32,
        1 => b.y.to_bits() as i32,
        2 => b.vx.to_bits() as i32,
        3 => b.vy.to_bits() as i32,
        4 => b.flags.0 as i32,
        5 => b.riding as i32,
        _ => b.footing_bits() as i32,
    }
}

fn body(i: u32) -> &'static mut Body {
    if i as usize >= BODY_COUNT {
        &mut PLAYER.get().body
    } else {
        &mut BODIES.get()[i as usize]
    }
}

/// One frame of `motion::move_body` for body `i` on the bench scene; returns its flags.
#[no_mangle]
pub extern "C" fn bench_move_body(i: u32) -> u32 {
    let b = &mut BODIES.get()[(i as usize) % BODY_COUNT];
    move_body(&BENCH_MAP, &SOLIDS, b);
    b.flags.0 as u32
}

/// One frame of `motion::move_body` for body `i` on the map of the demo game's level
/// `level` (`megacollide_demo::LEVELS`; the bench scene when there is no such level); returns
/// its flags.
#[no_mangle]
pub extern "C" fn bench_move_body_on_level(level: u32, i: u32) -> u32 {
    let map = megacollide_demo::LEVELS.get(level as usize).map_or(&BENCH_MAP, |l| l.map);
    let b = &mut BODIES.get()[(i as usize) % BODY_COUNT];
    move_body(map, &SOLIDS, b);
    b.flags.0 as u32
}

/// Game logic before a frame (not timed): gravity, walls, jumps for bodies `0..n`.
#[no_mangle]
pub extern "C" fn bench_frame_prepare(n: u32) {
    let frame = FRAME.get();
    for (i, b) in BODIES.get().iter_mut().take(n as usize).enumerate() {
        ai_prepare(b, i as u32, *frame);
    }
    *frame = frame.wrapping_add(1);
}

/// The timed frame: `move_bodies` (one call) for bodies `0..n` on the bench scene.
#[no_mangle]
pub extern "C" fn bench_frame_move(n: u32) {
    let bodies = BODIES.get();
    let n = (n as usize).min(bodies.len());
    move_bodies(&BENCH_MAP, &SOLIDS, &mut bodies[..n]);
}

/// Walker `i` of the walker benchmark: a demo enemy at speed 1 walking in direction `dir`
/// (+1 right, -1 left), its 16 x 16 body standing at pixel `(x, y)` (`ON_GROUND`).
#[no_mangle]
pub extern "C" fn bench_walker_set(i: u32, x: i32, y: i32, dir: i32) {
    WALKERS.get()[(i as usize) % WALKER_COUNT] = shared::walker(x as i16, y as i16, dir > 0);
}

/// Word `k` of walker `i`: `shared::body_words` of its body for `k < BODY_WORDS`, else its
/// direction.
#[no_mangle]
pub extern "C" fn bench_walker_get(i: u32, k: u32) -> i32 {
    let e = &WALKERS.get()[(i as usize) % WALKER_COUNT];
    match body_words(e.patrol.body()).get(k as usize) {
        Some(&w) => w as i32,
        None => e.dir() as i32,
    }
}

/// The timed walker step: one `patrol` (the demo's enemies: each one's step, turning at walls
/// and ledges) of walkers `0..n` on the bench scene.
#[no_mangle]
pub extern "C" fn bench_walkers_step(n: u32) {
    let n = (n as usize).min(WALKER_COUNT);
    patrol(&BENCH_MAP, &SOLIDS, &mut WALKERS.get()[..n]);
}

/// A fresh default player at `(x, y)`; resets the frame counter.
#[no_mangle]
pub extern "C" fn bench_player_reset(x: i32, y: i32) {
    *PLAYER.get() = Player::new(x as i16, y as i16, PlayerConfig::DEFAULT);
    *FRAME.get() = 0;
}

/// One `Player::update` (input bits: 1 left, 2 right, 4 jump); returns the events.
#[no_mangle]
pub extern "C" fn bench_player_update(input: u32) -> u32 {
    PLAYER.get().update(Input::from_bits(input as u8), &BENCH_MAP, &SOLIDS).0 as u32
}

/// `a.hit(ax, ay, &b, bx, by)` for the 32x32 mask pair `pair` (see shared.rs).
#[no_mangle]
pub extern "C" fn bench_mask(ax: i32, ay: i32, bx: i32, by: i32, pair: u32) -> u32 {
    let (a, b) = mask_pair(pair);
    a.hit(ax as i16, ay as i16, &b, bx as i16, by as i16) as u32
}

/// `BENCH_MAP.sweep_cols(x, dir, n, y0, y1)` (68000 vs host cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_sweep_cols(x: i32, dir: i32, n: i32, y0: i32, y1: i32) -> i32 {
    BENCH_MAP.sweep_cols(x as i16, dir as i16, n as i16, y0 as i16, y1 as i16) as i32
}

/// `BENCH_MAP.sweep_rows(y, dir, n, x0, x1, one_way != 0)` (68000 vs host cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_sweep_rows(y: i32, dir: i32, n: i32, x0: i32, x1: i32, one_way: u32) -> i32 {
    BENCH_MAP.sweep_rows(y as i16, dir as i16, n as i16, x0 as i16, x1 as i16, one_way != 0) as i32
}

/// `BENCH_MAP.column_solid(x, y0, y1)` (68000 vs host cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_column_solid(x: i32, y0: i32, y1: i32) -> u32 {
    BENCH_MAP.column_solid(x as i16, y0 as i16, y1 as i16) as u32
}

/// `BENCH_MAP.row_solid(y, x0, x1, one_way != 0)` (68000 vs host cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_row_solid(y: i32, x0: i32, x1: i32, one_way: u32) -> u32 {
    BENCH_MAP.row_solid(y as i16, x0 as i16, x1 as i16, one_way != 0) as u32
}

/// Trace helper (perf experiments): body 0 = 16x32 at pixel (x, y), standing (ON_GROUND),
/// vx = `vx` sub-pixels, vy = 3, footing `hint` (`Body::footing_bits`); one move_body.
/// Use with `bench --trace`.
#[no_mangle]
pub extern "C" fn bench_trace_walk(x: i32, y: i32, vx: i32, hint: u32) -> u32 {
    let b = &mut BODIES.get()[0];
    *b = Body::new(x as i16, y as i16, 16, 32);
    b.vx = SubPx::from_bits(vx as i16);
    b.vy = SubPx::from_bits(3);
    b.flags = Flags::ON_GROUND;
    b.set_footing_bits(hint);
    move_body(&BENCH_MAP, &SOLIDS, b);
    b.flags.0 as u32
}

#[cfg(target_arch = "m68k")]
extern "C" {
    fn bench_trap() -> !;
}

#[cfg(not(target_arch = "m68k"))]
fn main() {}

#[cfg(target_arch = "m68k")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: an ILLEGAL instruction; the host stops there and reports a panic.
    unsafe { bench_trap() }
}

const _: () = assert!(NO_BOX == 0xFF);

// ---- Differential checks (tools/bench/tests/differential.rs) -------------------------------
// Entry points (`bench_diff_*`: bench.ld keeps `.text.bench_*`) that run the engine on data the host writes into RAM (a map with every tile
// shape, points, bodies, a player, mask pairs) and leave the results in RAM, so that the host
// can compare them with the same engine calls on the host, case by case.

use megacollide_engine::map::{Edge, Edges, Map};
use megacollide_engine::mask::Mask;
use megacollide_engine::shape::TileShape;
use megacollide_engine::Rect;

/// Most tiles of a differential map.
const DIFF_MAX_TILES: usize = 4096;
/// Most rows of a differential map.
const DIFF_MAX_ROWS: usize = 248;
/// Most height tiles (ids 32..) of a differential map.
const DIFF_MAX_HEIGHT_TILES: usize = 4;
/// Points per `bench_diff_points` call.
const DIFF_POINTS_N: usize = 2048;
/// Bodies per `bench_diff_move` call.
const DIFF_BODIES_N: usize = 8;
/// Solid boxes of `bench_diff_move` / `bench_diff_player_update`.
const DIFF_SOLIDS_N: usize = 4;
/// Mask cases per `bench_diff_masks` call.
const DIFF_MASK_CASES_N: usize = 32;

const EMPTY_SHAPE: TileShape = TileShape::from_rows([0; 16]);

/// The map: [0] 1 = the RAM map below, 0 = the bench scene; [1] width, [2] height (tiles);
/// [3] edges (bit 0 left, 1 right, 2 top, 3 bottom: 1 = solid); [4] height tiles.
#[no_mangle]
static DIFF_MAP_INFO: Static<[u16; 8]> = Static(UnsafeCell::new([0; 8]));
#[no_mangle]
static DIFF_TILES: Static<[u16; DIFF_MAX_TILES]> = Static(UnsafeCell::new([0; DIFF_MAX_TILES]));
#[no_mangle]
static DIFF_ROWS: Static<[u16; DIFF_MAX_ROWS]> = Static(UnsafeCell::new([0; DIFF_MAX_ROWS]));
/// Height tile `i`: 16 column heights ([16] = 0) or 16 row widths ([16] = 1).
#[no_mangle]
static DIFF_HEIGHTS: Static<[[i8; 18]; DIFF_MAX_HEIGHT_TILES]> = Static(UnsafeCell::new([[0; 18]; DIFF_MAX_HEIGHT_TILES]));
static DIFF_SHAPES: Static<[TileShape; DIFF_MAX_HEIGHT_TILES]> = Static(UnsafeCell::new([EMPTY_SHAPE; DIFF_MAX_HEIGHT_TILES]));

/// Builds the height tiles from `DIFF_HEIGHTS` (call after writing a new map).
#[no_mangle]
pub extern "C" fn bench_diff_map_setup() {
    for (s, h) in DIFF_SHAPES.get().iter_mut().zip(DIFF_HEIGHTS.get().iter()) {
        let mut a = [0i8; 16];
        a.copy_from_slice(&h[..16]);
        *s = if h[16] == 0 { TileShape::from_heights(a) } else { TileShape::from_widths(a) };
    }
}

fn diff_map() -> Map<'static> {
    let info = DIFF_MAP_INFO.get();
    if info[0] == 0 {
        return BENCH_MAP;
    }
    let (w, h) = (info[1], info[2]);
    let e = info[3];
    let edge = |bit: u16| if e & bit != 0 { Edge::Solid } else { Edge::Open };
    Map::new(&DIFF_TILES.get()[..(w as usize * h as usize)], w, h, &DIFF_ROWS.get()[..h as usize])
        .with_edges(Edges { left: edge(1), right: edge(2), top: edge(4), bottom: edge(8) })
        .with_height_tiles(&DIFF_SHAPES.get()[..info[4] as usize])
}

/// Points (x, y) of `bench_diff_points`.
#[no_mangle]
static DIFF_POINTS: Static<[[i16; 2]; DIFF_POINTS_N]> = Static(UnsafeCell::new([[0; 2]; DIFF_POINTS_N]));
/// Per point: bit 0 `is_solid`, bit 1 `is_floor`.
#[no_mangle]
static DIFF_POINT_RESULTS: Static<[u8; DIFF_POINTS_N]> = Static(UnsafeCell::new([0; DIFF_POINTS_N]));

/// Point queries of the first `n` points of `DIFF_POINTS` on the current map.
#[no_mangle]
pub extern "C" fn bench_diff_points(n: u32) {
    let m = diff_map();
    for (p, r) in DIFF_POINTS.get().iter().zip(DIFF_POINT_RESULTS.get().iter_mut()).take(n as usize) {
        *r = m.is_solid(p[0], p[1]) as u8 | (m.is_floor(p[0], p[1]) as u8) << 1;
    }
}

/// Bodies: the words of `shared::body_words`.
#[no_mangle]
static DIFF_BODY_IO: Static<[[i16; BODY_WORDS]; DIFF_BODIES_N]> = Static(UnsafeCell::new([[0; BODY_WORDS]; DIFF_BODIES_N]));
/// Solid boxes: x, y, w, h, dx, dy.
#[no_mangle]
static DIFF_SOLID_IO: Static<[[i16; 6]; DIFF_SOLIDS_N]> = Static(UnsafeCell::new([[0; 6]; DIFF_SOLIDS_N]));

fn diff_solids(n: usize) -> [SolidBox; DIFF_SOLIDS_N] {
    let mut s = [SolidBox { rect: Rect::new(0, 0, 0, 0), dx: 0, dy: 0 }; DIFF_SOLIDS_N];
    for (b, io) in s.iter_mut().zip(DIFF_SOLID_IO.get().iter()).take(n) {
        *b = SolidBox { rect: Rect::new(io[0], io[1], io[2], io[3]), dx: io[4] as i8, dy: io[5] as i8 };
    }
    s
}

/// One frame: one `move_bodies` call for bodies `0..n` of `DIFF_BODY_IO` on the current map
/// with the first `solids` boxes of `DIFF_SOLID_IO`; the bodies are written back.
#[no_mangle]
pub extern "C" fn bench_diff_move(n: u32, solids: u32) {
    let m = diff_map();
    let s = diff_solids(solids as usize);
    let io = DIFF_BODY_IO.get();
    let n = (n as usize).min(DIFF_BODIES_N);
    let mut bodies = [Body::new(0, 0, 1, 1); DIFF_BODIES_N];
    for (b, io) in bodies.iter_mut().zip(io.iter()).take(n) {
        *b = body_from_words(io);
    }
    move_bodies(&m, &s[..solids as usize], &mut bodies[..n]);
    for (b, io) in bodies.iter().zip(io.iter_mut()).take(n) {
        *io = body_words(b);
    }
}

static DIFF_PLAYER: Static<Player> = Static(UnsafeCell::new(Player::new(0, 0, PlayerConfig::DEFAULT)));
/// The player after `bench_diff_player_update`: x, y, body vx, body vy, flags << 8 | riding,
/// vx, vy (I8F8 bits), facing_left, is_dead, respawn_timer, events.
#[no_mangle]
static DIFF_PLAYER_IO: Static<[i16; 11]> = Static(UnsafeCell::new([0; 11]));

/// A new player at (x, y) with the default tuning (`ice` = 0) or the icy one (1).
#[no_mangle]
pub extern "C" fn bench_diff_player_reset(x: i32, y: i32, ice: u32) {
    let cfg = if ice != 0 { PlayerConfig::DEFAULT.ice() } else { PlayerConfig::DEFAULT };
    *DIFF_PLAYER.get() = Player::new(x as i16, y as i16, cfg);
}

/// One `Player::update` (input bits: 1 left, 2 right, 4 jump) on the current map with the
/// first `solids` boxes; the player's state goes to `DIFF_PLAYER_IO`.
#[no_mangle]
pub extern "C" fn bench_diff_player_update(input: u32, solids: u32) {
    let m = diff_map();
    let s = diff_solids(solids as usize);
    let p = DIFF_PLAYER.get();
    let ev = p.update(Input::from_bits(input as u8), &m, &s[..solids as usize]);
    let w = player_words(p, ev.0);
    DIFF_PLAYER_IO.get()[..w.len()].copy_from_slice(&w);
}

/// Mask pair: rows of a and b (bit 31 = leftmost pixel).
#[no_mangle]
static DIFF_MASK_ROWS: Static<[[u32; 32]; 2]> = Static(UnsafeCell::new([[0; 32]; 2]));
/// Cases: width a, height a, width b, height b, ax, ay, bx, by.
#[no_mangle]
static DIFF_MASK_CASES: Static<[[i16; 8]; DIFF_MASK_CASES_N]> = Static(UnsafeCell::new([[0; 8]; DIFF_MASK_CASES_N]));
/// Results: [0] hit; [1..6] hit_rect (some, x, y, w, h); [6..9] push_out (some, dx, dy);
/// [9..14] overlap_pixels' rect (some, x, y, w, h).
#[no_mangle]
static DIFF_MASK_OUT: Static<[[i16; 14]; DIFF_MASK_CASES_N]> = Static(UnsafeCell::new([[0; 14]; DIFF_MASK_CASES_N]));
/// The overlap pixels of each case.
#[no_mangle]
static DIFF_MASK_PIXELS: Static<[[u32; 32]; DIFF_MASK_CASES_N]> = Static(UnsafeCell::new([[0; 32]; DIFF_MASK_CASES_N]));

/// `hit`, `hit_rect`, `push_out` and `overlap_pixels` for the first `n` cases.
#[no_mangle]
pub extern "C" fn bench_diff_masks(n: u32) {
    let rows = DIFF_MASK_ROWS.get();
    let out = DIFF_MASK_OUT.get();
    let pix = DIFF_MASK_PIXELS.get();
    for (k, c) in DIFF_MASK_CASES.get().iter().enumerate().take(n as usize) {
        let a = Mask::new(&rows[0][..c[1] as usize], c[0] as u8);
        let b = Mask::new(&rows[1][..c[3] as usize], c[2] as u8);
        let (ax, ay, bx, by) = (c[4], c[5], c[6], c[7]);
        let o = &mut out[k];
        *o = [0; 14];
        o[0] = a.hit(ax, ay, &b, bx, by) as i16;
        if let Some(r) = a.hit_rect(ax, ay, &b, bx, by) {
            o[1..6].copy_from_slice(&[1, r.x, r.y, r.w, r.h]);
        }
        if let Some((dx, dy)) = a.push_out(ax, ay, &b, bx, by) {
            o[6..9].copy_from_slice(&[1, dx, dy]);
        }
        pix[k] = [0; 32];
        if let Some(r) = a.overlap_pixels(ax, ay, &b, bx, by, &mut pix[k]) {
            o[9..14].copy_from_slice(&[1, r.x, r.y, r.w, r.h]);
        }
    }
}

/// One frame of bouncing bodies (`megacollide_engine::bounce`, `BounceConfig::RINGS`, no solid
/// box): bodies `0..n` of `DIFF_BODY_IO` on the current map, written back.
#[no_mangle]
pub extern "C" fn bench_diff_bounce(n: u32) {
    use megacollide_engine::bounce::{bounce_bodies, BounceConfig, Bouncer};
    let m = diff_map();
    let io = DIFF_BODY_IO.get();
    let n = (n as usize).min(DIFF_BODIES_N);
    let mut b = [Bouncer::new(0, 0, 1, 1, 0, 0); DIFF_BODIES_N];
    for (b, io) in b.iter_mut().zip(io.iter()).take(n) {
        b.body = body_from_words(io);
    }
    bounce_bodies(&m, &[], &BounceConfig::RINGS, &mut b[..n]);
    for (b, io) in b.iter().zip(io.iter_mut()).take(n) {
        *io = body_words(&b.body);
    }
}

/// One frame of projectiles (`megacollide_engine::projectile`): bodies `0..n` of
/// `DIFF_BODY_IO` read as projectiles (x, y, vx, vy, w << 8 | h), stopping (`reflect` 0) or
/// reflecting; written back with the step's flags in place of the body's.
#[no_mangle]
pub extern "C" fn bench_diff_projectile(n: u32, reflect: u32) {
    use megacollide_engine::projectile::{OnHit, Projectile};
    let m = diff_map();
    let on_hit = if reflect != 0 { OnHit::Reflect } else { OnHit::Stop };
    for io in DIFF_BODY_IO.get().iter_mut().take((n as usize).min(DIFF_BODIES_N)) {
        let b = body_from_words(io);
        let mut p = Projectile { x: b.x, y: b.y, vx: b.vx, vy: b.vy, w: b.w, h: b.h };
        let mut out = b;
        out.flags = p.step(&m, on_hit);
        (out.x, out.y, out.vx, out.vy) = (p.x, p.y, p.vx, p.vy);
        *io = body_words(&out);
    }
}

/// The demo game's world for `bench_world_*` (None until `bench_world_reset`).
static WORLD: Static<Option<megacollide_demo::World>> = Static(UnsafeCell::new(None));

/// A fresh world on the attract script's level (the demo), its enemies settled; returns its digest
/// (`shared::world_digest`), or 0 when the ROM has no such level.
#[no_mangle]
pub extern "C" fn bench_world_reset() -> u32 {
    let w = WORLD.get();
    match megacollide_demo::script::attract_level() {
        Some(level) => {
            let mut world = megacollide_demo::World::new(level);
            // As the ROM does in a mode's first (blanked) redraw.
            world.settle_enemies();
            *w = Some(world);
            bench_world_digest()
        }
        None => 0,
    }
}

/// Puts the world's player at rest at pixel-space `(x, y)` with the view on it (`World::warp`, the ROM's
/// debug warp).
#[no_mangle]
pub extern "C" fn bench_world_warp(x: i32, y: i32) {
    if let Some(w) = WORLD.get().as_mut() {
        w.warp(x as i16, y as i16);
    }
}

/// One `World::step` with pad `input` (`megacollide_demo::Actions` bits): the timed call.
#[no_mangle]
pub extern "C" fn bench_world_step(input: u32) {
    if let Some(w) = WORLD.get().as_mut() {
        w.step(megacollide_demo::Actions(input as u8));
    }
}

/// The demo's objects on its sprite engine (`megacollide_demo::draw`), for
/// `bench_demo_sprites` (None until the first call).
static DEMO_SPRITES: Static<Option<(megacollide_demo::draw::Sprites, megacollide_demo::draw::Objects)>> = Static(UnsafeCell::new(None));
/// The highlight's tiles `bench_demo_sprites` draws on a hit.
static DEMO_HIGHLIGHT: Static<[u16; megacollide_demo::art::HIGHLIGHT_WORDS]> =
    Static(UnsafeCell::new([0; megacollide_demo::art::HIGHLIGHT_WORDS]));

/// Adds the demo's objects to a fresh sprite engine (not timed).
#[no_mangle]
pub extern "C" fn bench_demo_sprites_reset() {
    let mut sprites = megacollide_demo::draw::Sprites::new(384, megacollide_demo::draw::TILES);
    let objects = megacollide_demo::draw::Objects::add(&mut sprites);
    sprites.update(0, 0);
    let _ = sprites.take_uploads().count();
    *DEMO_SPRITES.get() = Some((sprites, objects));
}

/// The demo's sprites for the bench's world as the ROM draws them after a frame's steps
/// (`Objects::place`, the sprite table built; overlay `overlay` != 0): the timed call. Returns
/// the table's hardware sprites.
#[no_mangle]
pub extern "C" fn bench_demo_sprites(overlay: u32) -> u32 {
    match (WORLD.get().as_ref(), DEMO_SPRITES.get().as_mut()) {
        (Some(w), Some((sprites, objects))) => {
            objects.place(sprites, w, overlay != 0, DEMO_HIGHLIGHT.get());
            sprites.hardware_sprites() as u32
        }
        _ => 0,
    }
}

/// The world's digest (`shared::world_digest`; not timed).
#[no_mangle]
pub extern "C" fn bench_world_digest() -> u32 {
    match WORLD.get().as_ref() {
        Some(w) => shared::world_digest(w),
        None => 0,
    }
}

/// A PCM effect for the sound benchmarks (64 silent samples).
#[cfg(target_arch = "m68k")]
static BENCH_EFFECT: megadrive::sound::Effect = megadrive::sound::Effect::Pcm { name: "bench", samples: &[0x80; 64] };

/// Loads the sound driver (`megadrive::sound::init`; tools/bench's memory answers the Z80
/// bus request at once and its Z80 RAM is plain memory).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sound_init() {
    megadrive::sound::init(megadrive::timing::Standard::Ntsc);
}

/// A game's sound work of one frame: the DMA window around the VBlank's transfers
/// (`begin_vblank`, `end_vblank`: the requests sent, the status read).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sound_frame() {
    megadrive::sound::begin_vblank();
    megadrive::sound::end_vblank();
}

/// A request made during a frame: one PCM effect.
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sound_request() {
    megadrive::sound::play_effect(&BENCH_EFFECT, 10);
}

/// The sprite engine and the handles of its scenes (`shared::sprites`).
#[cfg(target_arch = "m68k")]
static SPRITE_ENGINE: Static<shared::sprites::Engine> = Static(UnsafeCell::new(shared::sprites::engine()));
#[cfg(target_arch = "m68k")]
static SPRITE_HANDLES: Static<shared::sprites::Handles> = Static(UnsafeCell::new([None; shared::sprites::OBJECTS]));

/// The groups of the sprite scenes' objects (`None` before the setup).
#[cfg(target_arch = "m68k")]
static SPRITE_GROUPS: Static<Option<shared::sprites::Groups>> = Static(UnsafeCell::new(None));

/// Adds the 40 objects of the sprite scenes, spread over the screen; returns how many (0
/// when they did not fit).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sprites_setup() -> u32 {
    let groups = shared::sprites::setup(SPRITE_ENGINE.get(), SPRITE_HANDLES.get());
    *SPRITE_GROUPS.get() = groups;
    groups.map_or(0, |_| shared::sprites::OBJECTS as u32)
}

/// One frame of the sprite benchmark: every object moves one pixel, the animations step,
/// the table is built for the camera and uploaded with the frames that changed (the DMA
/// registers written; the transfer itself is the VDP's, in VBlank). Returns the hardware
/// sprites of the table.
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sprites_frame(frame: u32) -> u32 {
    let e = SPRITE_ENGINE.get();
    let Some(groups) = *SPRITE_GROUPS.get() else { return 0 };
    let sprites = shared::sprites::frame(e, &groups, frame);
    e.upload();
    sprites as u32
}

/// What `bench_sprites_shuffle` leaves for the host: the table's hardware sprites, the
/// objects dropped, the uploads queued, then the table's words.
#[cfg(target_arch = "m68k")]
static SPRITE_CHECK: Static<[u16; 3 + 4 * 80]> = Static(UnsafeCell::new([0; 3 + 4 * 80]));

/// One frame of the sprite engine's differential scene (`shared::sprites::shuffle`); returns
/// the address of its result (`SPRITE_CHECK`), which the host compares with its own.
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_sprites_shuffle(frame: u32) -> u32 {
    let e = SPRITE_ENGINE.get();
    shared::sprites::shuffle(e, SPRITE_HANDLES.get(), frame);
    let check = SPRITE_CHECK.get();
    let n = e.hardware_sprites() as usize;
    check[0] = n as u16;
    check[1] = e.dropped();
    check[2] = e.queued_uploads();
    check[3..3 + 4 * n].copy_from_slice(e.table()[..n].as_flattened());
    e.upload();
    check.as_ptr() as u32
}

/// The generator of `bench_random_next` (`megadrive::random::Random`, seed 1 until
/// `bench_random_seed`).
static RANDOM: Static<megadrive::random::Random> = Static(UnsafeCell::new(megadrive::random::Random::new(1)));

/// Seeds `bench_random_next`'s generator with `seed` (a zero seed becomes 1).
#[no_mangle]
pub extern "C" fn bench_random_seed(seed: u32) {
    *RANDOM.get() = megadrive::random::Random::new(seed as u16);
}

/// One `Random::next` of the static generator (the timed call: its cost with the call's own).
#[no_mangle]
pub extern "C" fn bench_random_next() -> u32 {
    RANDOM.get().next() as u32
}

/// Where `bench_random_many` writes its numbers (for the host to check).
#[no_mangle]
static RANDOM_OUT: Static<[u16; RANDOM_MANY]> = Static(UnsafeCell::new([0; RANDOM_MANY]));
const RANDOM_MANY: usize = 256;

/// The first `n` (at most 256) numbers of a generator seeded with `seed`, into `RANDOM_OUT`:
/// `Random::next` inlined in a loop, as game code calls it. Returns the last.
#[no_mangle]
pub extern "C" fn bench_random_many(seed: u32, n: u32) -> u32 {
    let mut rng = megadrive::random::Random::new(seed as u16);
    for out in RANDOM_OUT.get().iter_mut().take(n as usize) {
        *out = rng.next();
    }
    rng.state() as u32
}

/// The save benchmark's store (`shared::save`), blank (0xFF) at load.
#[cfg(target_arch = "m68k")]
static SAVE_STORE: Static<[u8; shared::save::STORE_BYTES]> = Static(UnsafeCell::new([0xFF; shared::save::STORE_BYTES]));

/// Save `k` of the save benchmark: its 16-byte record into the slot (`megadrive::save`);
/// returns the sequence number (0 if the save failed).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_save(k: u32) -> u32 {
    shared::save::SLOT.save(&mut SAVE_STORE.get()[..], 0, &shared::save::record(k)).map_or(0, u32::from)
}

/// Loads the save benchmark's slot: the sequence number in the high word, the record's first
/// and last bytes in the low one (0 if nothing is found).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_load() -> u32 {
    let mut out = [0u8; 16];
    match shared::save::SLOT.load_bytes(&SAVE_STORE.get()[..], 0, &mut out) {
        Some(seq) => (seq as u32) << 16 | (out[0] as u32) << 8 | out[15] as u32,
        None => 0,
    }
}

/// The address of the save benchmark's store (for the host to compare).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_save_store() -> u32 {
    SAVE_STORE.get().as_ptr() as u32
}

/// `megadrive::unpack::unpack` of the `stream_words` words at `shared::UNPACK_STREAM` into
/// `out_words` words at `shared::UNPACK_OUT`: returns the words written, or 0x8000_0000 + the error
/// (1 truncated, 2 overrun, 3 bad distance, 4 trailing words, 5 output too small, 6 stream
/// too long).
#[cfg(target_arch = "m68k")]
#[no_mangle]
pub extern "C" fn bench_unpack(stream_words: u32, out_words: u32) -> u32 {
    use megadrive::unpack::{unpack, UnpackError};
    // SAFETY: tools/bench's memory is flat 16 MiB: the host wrote the stream there and owns
    // both areas, which nothing else in the ELF uses.
    let (stream, out) = unsafe {
        (
            core::slice::from_raw_parts(shared::UNPACK_STREAM as usize as *const u16, stream_words as usize),
            core::slice::from_raw_parts_mut(shared::UNPACK_OUT as usize as *mut u16, out_words as usize),
        )
    };
    match unpack(stream, out) {
        Ok(n) => n as u32,
        Err(e) => {
            0x8000_0000
                | match e {
                    UnpackError::Truncated => 1,
                    UnpackError::Overrun => 2,
                    UnpackError::BadDistance => 3,
                    UnpackError::TrailingWords => 4,
                    UnpackError::OutputTooSmall => 5,
                    UnpackError::StreamTooLong => 6,
                }
        }
    }
}
