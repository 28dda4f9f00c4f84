//! Benchmark data and logic shared by the 68000 bench ELF (`src/main.rs`) and the host runner
//! (`tools/bench`), which both use this module, so both run exactly the same code: the bodies
//! and walkers of the benchmarks, their per-frame "game logic", the mask pairs and the word
//! layouts the host reads back from the 68000's memory.

use megacollide_engine::body::{Body, Flags};
use megacollide_engine::mask::Mask;
use megacollide_engine::platformer::Player;
use megacollide_engine::SubPx as I13F3;

/// Bodies of the frame benchmark (and of the single-body benchmarks: index 0).
pub const BODY_COUNT: usize = 32;

/// Walkers of the walker benchmark: the demo game's patrolling enemies (16 x 16), all moved
/// by one `megacollide_demo::world::patrol` call per frame.
pub const WALKER_COUNT: usize = 24;

/// Gravity of the frame benchmark's bodies: 3/8 px per frame per frame (sub-pixels).
pub const AI_GRAVITY: i16 = 3;
/// Largest fall speed: 6 px per frame.
pub const AI_MAX_FALL: i16 = 6 * 8;
/// Walking speed: 2 px per frame.
pub const AI_WALK: i16 = 16;
/// Jump speed: 5.5 px per frame up.
pub const AI_JUMP: i16 = -44;

/// One frame of "game logic" for body `i` at frame `frame` before it moves: gravity, turn
/// around at walls, jump now and then. Not part of the measured movement.
pub fn ai_prepare(b: &mut Body, i: u32, frame: u32) {
    let mut vy = b.vy.to_bits();
    let mut vx = b.vx.to_bits();
    if b.flags.contains(Flags::HIT_LEFT) {
        vx = AI_WALK;
    } else if b.flags.contains(Flags::HIT_RIGHT) {
        vx = -AI_WALK;
    } else if vx == 0 {
        vx = if i & 1 == 0 { AI_WALK } else { -AI_WALK };
    }
    if b.flags.contains(Flags::ON_GROUND) && frame.wrapping_add(i * 7).is_multiple_of(53) {
        vy = AI_JUMP;
    } else {
        vy += AI_GRAVITY;
        if vy > AI_MAX_FALL {
            vy = AI_MAX_FALL;
        }
    }
    b.vx = I13F3::from_bits(vx);
    b.vy = I13F3::from_bits(vy);
}

/// A walker of the walker benchmark: the demo's enemy at speed 1, its 16 x 16 body standing
/// at pixel `(x, y)` (`ON_GROUND`), walking right (`right`) or left.
pub fn walker(x: i16, y: i16, right: bool) -> megacollide_demo::world::Enemy {
    use megacollide_demo::levels::LevelPoint;
    use megacollide_demo::world::Enemy;
    let mut e = Enemy::new(1, LevelPoint { x, y }, 16, 16);
    if !right {
        e.patrol = megacollide_engine::patrol::Patrol::new(
            *e.patrol.body(),
            1,
            false,
            megacollide_demo::world::ENEMY_GRAVITY as i8,
            (megacollide_demo::world::ENEMY_MAX_FALL >> 3) as u8,
        );
    }
    e.patrol.body_mut().flags = Flags::ON_GROUND;
    e
}

/// Rows of the 32x32 test masks: bit 31 is the leftmost pixel.
pub const fn mask_rows(kind: u32) -> [u32; 32] {
    let mut rows = [0u32; 32];
    let mut r = 0;
    while r < 32 {
        rows[r] = match kind {
            0 => 0xFFFF_FFFF, // all solid
            1 => {
                if r & 1 == 0 {
                    0xAAAA_AAAA
                } else {
                    0x5555_5555
                }
            } // checkerboard
            _ => {
                if r & 1 == 0 {
                    0x5555_5555
                } else {
                    0xAAAA_AAAA
                }
            } // the other squares
        };
        r += 1;
    }
    rows
}

pub static MASK_SOLID_ROWS: [u32; 32] = mask_rows(0);
pub static MASK_CHECK_ROWS: [u32; 32] = mask_rows(1);
pub static MASK_CHECK_INV_ROWS: [u32; 32] = mask_rows(2);

/// The two masks of pair `pair`: 0 = solid vs solid (hits on the first row of any
/// overlap), 1 = checkerboard vs the complementary checkerboard (never hits when aligned
/// on even offsets: every row of a full overlap is tested).
pub fn mask_pair(pair: u32) -> (Mask<'static>, Mask<'static>) {
    if pair == 0 {
        (Mask::new(&MASK_SOLID_ROWS, 32), Mask::new(&MASK_SOLID_ROWS, 32))
    } else {
        (Mask::new(&MASK_CHECK_ROWS, 32), Mask::new(&MASK_CHECK_INV_ROWS, 32))
    }
}

/// Words of [`body_words`].
pub const BODY_WORDS: usize = 8;

/// Where the host puts a compressed stream for `bench_unpack` (outside the ELF's ROM and
/// RAM; tools/bench's memory is flat).
pub const UNPACK_STREAM: u32 = 0x0080_0000;
/// Where `bench_unpack` writes its words (even, far above 0x10000 as RAM is on the console).
pub const UNPACK_OUT: u32 = 0x00A0_0000;

/// A body as the words the differential checks exchange: x, y, vx, vy (I13F3 bits),
/// w << 8 | h, flags << 8 | riding, and the engine's footing (`Body::footing_bits`) as
/// its high and low word.
pub fn body_words(b: &Body) -> [i16; BODY_WORDS] {
    let hint = b.footing_bits();
    [
        b.x.to_bits(),
        b.y.to_bits(),
        b.vx.to_bits(),
        b.vy.to_bits(),
        ((b.w as u16) << 8 | b.h as u16) as i16,
        ((b.flags.0 as u16) << 8 | b.riding as u16) as i16,
        (hint >> 16) as i16,
        hint as i16,
    ]
}

/// The body of [`body_words`]' words.
pub fn body_from_words(w: &[i16; BODY_WORDS]) -> Body {
    let mut b = Body::new(0, 0, (w[4] as u16 >> 8) as u8, w[4] as u8);
    b.x = I13F3::from_bits(w[0]);
    b.y = I13F3::from_bits(w[1]);
    b.vx = I13F3::from_bits(w[2]);
    b.vy = I13F3::from_bits(w[3]);
    b.flags = Flags((w[5] as u16 >> 8) as u8);
    b.riding = w[5] as u8;
    b.set_footing_bits((w[6] as u16 as u32) << 16 | w[7] as u16 as u32);
    b
}

/// A player after an update with events `ev`, as words: body x, y, vx, vy, flags << 8 |
/// riding, vx, vy (I8F8 bits), facing_left, dead, respawn timer, events.
pub fn player_words(p: &Player, ev: u8) -> [i16; 11] {
    let b = &p.body;
    [
        b.x.to_bits(),
        b.y.to_bits(),
        b.vx.to_bits(),
        b.vy.to_bits(),
        ((b.flags.0 as u16) << 8 | b.riding as u16) as i16,
        p.vx.to_bits(),
        p.vy.to_bits(),
        p.facing_left as i16,
        p.is_dead() as i16,
        p.respawn_timer() as i16,
        ev as i16,
    ]
}

/// A digest of everything a world step changes (the player, every enemy, the platforms'
/// boxes, the camera and what the step found), to compare the 68000's world with the
/// host's after each step. Rotates, XORs and adds only: no multiply on the 68000 side.
pub fn world_digest(w: &megacollide_demo::World) -> u32 {
    let mut h: u32 = 0x6d63_6f6c;
    let mut mix = |v: u32| h = (h.rotate_left(7) ^ v).wrapping_add(0x9e37_79b9);
    let body = |mix: &mut dyn FnMut(u32), b: &Body| {
        for v in body_words(b) {
            mix(v as u16 as u32);
        }
    };
    body(&mut mix, &w.player.body);
    mix(w.player.vx.to_bits() as u16 as u32);
    mix(w.player.vy.to_bits() as u16 as u32);
    for e in w.enemies.iter().take(w.enemy_count as usize) {
        body(&mut mix, e.patrol.body());
        mix(e.dir() as u8 as u32);
    }
    for s in w.solids() {
        mix((s.rect.x as u16 as u32) << 16 | s.rect.y as u16 as u32);
    }
    mix((w.camera.x as u16 as u32) << 16 | w.camera.y as u16 as u32);
    mix(w.tick);
    mix((w.events.0 as u32) << 24 | (w.hit as u32) << 16 | (w.bbox as u32) << 8 | w.at_goal as u32);
    mix((w.enemy_touches as u32) << 8 | w.active_enemies as u32);
    h
}

/// The sprite engine's scenes, run alike by the bench ELF and the host:
///
/// - the benchmark (`bench_sprites_setup`, `bench_sprites_frame`): 40 animated objects on
///   screen, 30 of a resident 16 x 32 sheet (one hardware sprite each, a 3-picture walk) and
///   10 metasprites of a streamed 64 x 48 sheet (4 hardware sprites each, a new picture every
///   4 frames: a DMA upload each time), 70 hardware sprites in all; the right column's
///   metasprites stick out of the screen (their pieces are clipped);
/// - the differential scene ([`sprites::shuffle`]): the same objects under a camera that
///   sweeps past every edge, with objects hidden, flipped, given one-shot animations,
///   removed and added again (more than 80 hardware sprites at times), so that the 68000's
///   table kernel and the host's Rust loop meet every path.
pub mod sprites {
    use megadrive::sprite_engine::{Animation, Group, Handle, Residency, Sheet, SpriteEngine};

    /// Frames of the resident sheet: 3 of 16 x 32 pixels.
    pub static SMALL_TILES: [u16; 3 * 8 * 16] = [0x1111; 384];
    /// Frames of the streamed sheet: 2 of 64 x 48 pixels.
    pub static BIG_TILES: [u16; 2 * 48 * 16] = [0x2222; 1536];
    /// The resident sheet, palette line 3.
    pub static SMALL: Sheet = Sheet::new(&SMALL_TILES, 16, 32, 3, Residency::Resident);
    /// The streamed sheet, palette line 2.
    pub static BIG: Sheet = Sheet::new(&BIG_TILES, 64, 48, 2, Residency::Streamed);
    /// The small objects' walk: 3 pictures of 6 steps.
    pub static WALK: Animation = Animation { frames: &[0, 1, 2], duration: 6, looping: true };
    /// The metasprites' spin: 2 pictures of 4 steps.
    pub static SPIN: Animation = Animation { frames: &[0, 1], duration: 4, looping: true };
    /// A one-shot (of either sheet).
    pub static ONCE: Animation = Animation { frames: &[1, 0, 1], duration: 3, looping: false };
    /// Objects of the scenes.
    pub const OBJECTS: usize = 40;
    /// The engine of the scenes: room for 48 objects in VDP tiles 0..2047.
    pub type Engine = SpriteEngine<48>;
    /// The scenes' objects: a handle each (`None` while removed).
    pub type Handles = [Option<Handle>; OBJECTS];

    /// Where object `i` starts (map pixels): 8 a row, 36 pixels apart, rows 40 apart.
    pub const START: [(i16, i16); OBJECTS] = {
        let mut s = [(0, 0); OBJECTS];
        let mut i = 0;
        while i < OBJECTS {
            s[i] = ((i as i16 & 7) * 36 + 8, (i as i16 >> 3) * 40 + 8);
            i += 1;
        }
        s
    };

    /// A new engine for the scenes.
    pub const fn engine() -> Engine {
        SpriteEngine::new(0, 2047)
    }

    /// Whether object `i` is one of the metasprites.
    const fn is_big(i: usize) -> bool {
        i % 4 == 3
    }

    /// The scenes' objects as the engine holds them: the small ones in one group, the
    /// metasprites in another (objects `i` with `i % 4 == 3`).
    #[derive(Clone, Copy, Debug)]
    pub struct Groups {
        /// The 30 small objects, in the order of their `i`.
        pub small: Group,
        /// The 10 metasprites, in the order of their `i`.
        pub big: Group,
    }

    /// The starts of the small objects and of the metasprites, each in the order of `i`.
    /// The small objects' starts, then the metasprites'.
    type Starts = ([(i16, i16); OBJECTS - OBJECTS / 4], [(i16, i16); OBJECTS / 4]);

    const STARTS: Starts = {
        let (mut small, mut big) = ([(0, 0); OBJECTS - OBJECTS / 4], [(0, 0); OBJECTS / 4]);
        let (mut i, mut s, mut b) = (0, 0, 0);
        while i < OBJECTS {
            if is_big(i) {
                big[b] = START[i];
                b += 1;
            } else {
                small[s] = START[i];
                s += 1;
            }
            i += 1;
        }
        (small, big)
    };

    /// Adds the 40 objects as two groups (the small ones, then the metasprites), each at its
    /// start, and notes each one's handle; returns how many were added.
    pub fn setup(e: &mut Engine, handles: &mut Handles) -> Option<Groups> {
        let small = e.add_group(&SMALL, &WALK, STARTS.0.len() as u8, 0, 0)?;
        let big = e.add_group(&BIG, &SPIN, STARTS.1.len() as u8, 0, 0)?;
        let (mut s, mut b) = (0, 0);
        for (i, h) in handles.iter_mut().enumerate() {
            *h = if is_big(i) {
                b += 1;
                big.handle(b - 1)
            } else {
                s += 1;
                small.handle(s - 1)
            };
            if let Some(h) = *h {
                e.set_position(h, START[i].0, START[i].1);
            }
        }
        Some(Groups { small, big })
    }

    /// One frame of the benchmark before the upload: every object moves (one pixel a frame,
    /// 16 frames to the right, then back to its start), the animations step and the table
    /// is built for a camera at (0, 0). Returns the table's hardware sprites.
    pub fn frame(e: &mut Engine, groups: &Groups, frame: u32) -> u16 {
        let dx = (frame & 15) as i16;
        for (mut o, &(x, y)) in e.group_mut(groups.small).zip(&STARTS.0) {
            o.set_position(x + dx, y);
        }
        for (mut o, &(x, y)) in e.group_mut(groups.big).zip(&STARTS.1) {
            o.set_position(x + dx, y);
        }
        e.animate();
        e.update(0, 0);
        e.hardware_sprites()
    }

    /// One frame of the differential scene (after [`setup`]): changes to some objects, the
    /// animations' step and the table for a camera sweeping from 300 pixels left of the
    /// objects to 300 right (and 200 above to 200 below).
    pub fn shuffle(e: &mut Engine, handles: &mut Handles, frame: u32) {
        let f = frame as usize;
        let i = (f * 7) % OBJECTS;
        if frame.is_multiple_of(3) {
            if let Some(h) = handles[i] {
                e.set_visible(h, frame % 4 != 3);
            }
        }
        if frame.is_multiple_of(5) {
            if let Some(h) = handles[(i + 1) % OBJECTS] {
                e.set_flip(h, frame & 8 != 0, frame & 16 != 0);
                e.set_priority(h, frame & 32 != 0);
            }
        }
        if frame.is_multiple_of(11) {
            // Removed and added again (last in the draw order), mostly as a metasprite: in
            // time more of them than 80 hardware sprites hold.
            let j = (i + 2) % OBJECTS;
            if let Some(h) = handles[j] {
                e.remove(h);
            }
            let (x, y) = START[j];
            handles[j] = if frame.is_multiple_of(4) { e.add(&SMALL, &WALK, x, y) } else { e.add(&BIG, &SPIN, x, y) };
        }
        if frame.is_multiple_of(17) {
            // Removed for one frame while the game still moves and shows its stale handle:
            // the free slot must stay off the table. Added again the next frame.
            let j = (i + 4) % OBJECTS;
            if let Some(h) = handles[j].take() {
                e.remove(h);
                e.set_visible(h, true);
                e.set_position(h, cx_of(frame) + 40, cy_of(frame) + 40);
            }
        } else if frame % 17 == 1 {
            let j = ((f - 1) * 7 + 4) % OBJECTS;
            if handles[j].is_none() {
                let (x, y) = START[j];
                handles[j] = if is_big(j) { e.add(&BIG, &SPIN, x, y) } else { e.add(&SMALL, &WALK, x, y) };
            }
        }
        if frame.is_multiple_of(13) {
            let j = (i + 3) % OBJECTS;
            if let Some(h) = handles[j] {
                e.set_animation(h, if frame.is_multiple_of(2) { &ONCE } else { &SPIN });
            }
        }
        let (cx, cy) = (cx_of(frame), cy_of(frame));
        // Objects crowd the screen's top-left every 64 frames: more than 80 hardware sprites
        // on screen once enough of them are metasprites.
        let crowd = frame & 64 != 0;
        for (k, (h, &(x, y))) in handles.iter().zip(&START).enumerate() {
            if let Some(h) = *h {
                let wobble = ((frame as i16).wrapping_mul(k as i16 + 1)) & 31;
                if crowd {
                    e.set_position(h, cx + 20 + (k as i16 & 3) * 4, cy + 20 + wobble);
                } else {
                    e.set_position(h, x + wobble - 16, y - wobble + 16);
                }
            }
        }
        e.animate();
        e.update(cx, cy);
    }

    /// The differential scene's camera in frame `frame` (map pixels): sweeping from 300
    /// pixels left of the objects to 300 right.
    fn cx_of(frame: u32) -> i16 {
        ((frame * 7) % 600) as i16 - 300
    }

    /// See [`cx_of`]: from 200 above to 200 below.
    fn cy_of(frame: u32) -> i16 {
        ((frame * 5) % 400) as i16 - 200
    }
}

/// The save benchmark (`megadrive::save`): one slot of a 16-byte record at byte 0 of a
/// 64-byte store, the record of save `k` being the bytes `k`, `k` + 1, ...
pub mod save {
    use megadrive::save::Slots;

    /// The slot saved and loaded.
    pub const SLOT: Slots<16> = Slots::new(0, 1);
    /// Bytes of the store (a RAM array standing for the SRAM: the same byte accesses).
    pub const STORE_BYTES: usize = 64;

    /// The record of save `k`.
    pub fn record(k: u32) -> [u8; 16] {
        let mut r = [0u8; 16];
        let mut b = k as u8;
        for x in r.iter_mut() {
            *x = b;
            b = b.wrapping_add(1);
        }
        r
    }
}
