//! megacollide-bench: the engine's real 68000 code behind `extern "C"` entry points, for
//! tools/bench to time on a cycle-exact 68000 model. Not a cartridge: no vectors and no
//! startup code (see bench.ld); the host loads the ELF, writes arguments on the stack (m68k
//! C ABI: every argument in a 4-byte stack slot, first argument at 4(sp) on entry, result in
//! d0) and runs from the entry point to its `rts`.
//!
//! Entry points that are timed: `bench_point_query`, `bench_is_floor`, `bench_move_body`,
//! `bench_frame_move`, `bench_player_update`, `bench_mask`, and the span / sweep queries
//! (`bench_sweep_cols`, `bench_sweep_rows`, `bench_column_solid`, `bench_row_solid`). The others (`bench_body_set`,
//! `bench_body_get`, `bench_frame_prepare`, `bench_player_reset`) set up and read state.
//!
//! On any other target (e.g. `cargo test --workspace` on the host) it builds as an empty
//! host program, so the workspace's host commands need not exclude it.
#![cfg_attr(target_arch = "m68k", no_std, no_main)]

use core::cell::UnsafeCell;

use megacollide_engine::body::{Body, Flags, SolidBox, NO_BOX};
use megacollide_engine::motion::move_body;
use megacollide_engine::platformer::{Input, Player, PlayerConfig};
use megacollide_engine::SubPx;

#[allow(dead_code)]
pub mod levels {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/../out/gen/levels.rs"));
}
#[allow(dead_code)]
mod shared {
    include!("shared.rs");
}
use levels::DEMO_MAP;
use shared::{ai_prepare, mask_pair, BODY_COUNT};

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
/// No moving boxes in these benchmarks (the demo's lift is not simulated).
static SOLIDS: [SolidBox; 0] = [];

/// `DEMO_MAP.is_solid(x, y)` (point query).
#[no_mangle]
pub extern "C" fn bench_point_query(x: i32, y: i32) -> u32 {
    DEMO_MAP.is_solid(x as i16, y as i16) as u32
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
        k += DEMO_MAP.is_solid(p[0], p[1]) as u32;
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

/// `DEMO_MAP.is_floor(x, y)` (point query that also sees one-way tops).
#[no_mangle]
pub extern "C" fn bench_is_floor(x: i32, y: i32) -> u32 {
    DEMO_MAP.is_floor(x as i16, y as i16) as u32
}

/// Sets body `i` (`i >= 32`: the player's body): sub-pixel position and velocity (I13F3
/// bits), size `w << 8 | h`, `flags << 8 | riding`.
#[no_mangle]
pub extern "C" fn bench_body_set(i: u32, x: i32, y: i32, vx: i32, vy: i32, wh: u32, flags_riding: u32) {
    let b = body(i);
    *b = Body::new(0, 0, (wh >> 8) as u8, wh as u8);
    b.x = SubPx::from_bits(x as i16);
    b.y = SubPx::from_bits(y as i16);
    b.vx = SubPx::from_bits(vx as i16);
    b.vy = SubPx::from_bits(vy as i16);
    b.flags = Flags((flags_riding >> 8) as u8);
    b.riding = flags_riding as u8;
}

/// Field `field` of body `i`: 0 x, 1 y, 2 vx, 3 vy (I13F3 bits), 4 flags, 5 riding.
#[no_mangle]
pub extern "C" fn bench_body_get(i: u32, field: u32) -> i32 {
    let b = body(i);
    match field {
        0 => b.x.to_bits() as i32,
        1 => b.y.to_bits() as i32,
        2 => b.vx.to_bits() as i32,
        3 => b.vy.to_bits() as i32,
        4 => b.flags.0 as i32,
        _ => b.riding as i32,
    }
}

fn body(i: u32) -> &'static mut Body {
    if i as usize >= BODY_COUNT {
        &mut PLAYER.get().body
    } else {
        &mut BODIES.get()[i as usize]
    }
}

/// One frame of `motion::move_body` for body `i` on the demo map; returns its flags.
#[no_mangle]
pub extern "C" fn bench_move_body(i: u32) -> u32 {
    let b = &mut BODIES.get()[(i as usize) % BODY_COUNT];
    move_body(&DEMO_MAP, &SOLIDS, b);
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

/// The timed frame: `move_body` for bodies `0..n` on the demo map.
#[no_mangle]
pub extern "C" fn bench_frame_move(n: u32) {
    for b in BODIES.get().iter_mut().take(n as usize) {
        move_body(&DEMO_MAP, &SOLIDS, b);
    }
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
    PLAYER.get().update(Input::from_bits(input as u8), &DEMO_MAP, &SOLIDS).0 as u32
}

/// `a.hit(ax, ay, &b, bx, by)` for the 32x32 mask pair `pair` (see shared.rs).
#[no_mangle]
pub extern "C" fn bench_mask(ax: i32, ay: i32, bx: i32, by: i32, pair: u32) -> u32 {
    let (a, b) = mask_pair(pair);
    a.hit(ax as i16, ay as i16, &b, bx as i16, by as i16) as u32
}

/// `DEMO_MAP.sweep_cols(x, dir, n, y0, y1)` (map kernels cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_sweep_cols(x: i32, dir: i32, n: i32, y0: i32, y1: i32) -> i32 {
    DEMO_MAP.sweep_cols(x as i16, dir as i16, n as i16, y0 as i16, y1 as i16) as i32
}

/// `DEMO_MAP.sweep_rows(y, dir, n, x0, x1, one_way != 0)` (map kernels cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_sweep_rows(y: i32, dir: i32, n: i32, x0: i32, x1: i32, one_way: u32) -> i32 {
    DEMO_MAP.sweep_rows(y as i16, dir as i16, n as i16, x0 as i16, x1 as i16, one_way != 0) as i32
}

/// `DEMO_MAP.column_solid(x, y0, y1)` (map kernels cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_column_solid(x: i32, y0: i32, y1: i32) -> u32 {
    DEMO_MAP.column_solid(x as i16, y0 as i16, y1 as i16) as u32
}

/// `DEMO_MAP.row_solid(y, x0, x1, one_way != 0)` (map kernels cross-check and timing).
#[no_mangle]
pub extern "C" fn bench_row_solid(y: i32, x0: i32, x1: i32, one_way: u32) -> u32 {
    DEMO_MAP.row_solid(y as i16, x0 as i16, x1 as i16, one_way != 0) as u32
}

/// Trace helper (perf experiments): body 0 = 16x32 at pixel (x, y), standing (ON_GROUND),
/// vx = `vx` sub-pixels, vy = 3; one move_body. Use with `bench --trace`.
#[no_mangle]
pub extern "C" fn bench_trace_walk(x: i32, y: i32, vx: i32) -> u32 {
    let b = &mut BODIES.get()[0];
    *b = Body::new(x as i16, y as i16, 16, 32);
    b.vx = SubPx::from_bits(vx as i16);
    b.vy = SubPx::from_bits(3);
    b.flags = Flags::ON_GROUND;
    move_body(&DEMO_MAP, &SOLIDS, b);
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
