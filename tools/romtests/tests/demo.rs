//! The demo game on the 68000, driven in Genesis Plus GX (pad input frame by frame, or the
//! attract mode) and BlastEm (attract mode, read through its debugger). Every run is
//! compared with the same inputs through the demo's rules on the host, tick by tick.

use std::sync::OnceLock;

use emu::Pad;
use megacollide_demo::art::{player_mask, sprites as sheets, POTATO_MASK};
use megacollide_demo::world::World;
use megacollide_demo::Actions;
use megacollide_engine::body::Flags;
use megacollide_engine::platformer::Events;
use romtests::*;

/// Frames from power-on until the title screen is up (boot clears VRAM with the CPU).
const BOOT_FRAMES: u32 = 60;
/// Title-screen idle frames before attract mode (src/rom/demo.rs `ATTRACT_DELAY`) plus slack.
const ATTRACT_WAIT: u32 = 180 + 60;
/// The thin wall the script walks into: its first solid pixel column (tile 90, left half).
const THIN_WALL_X: i16 = 1440;
/// Camera limits on the demo level (3072 x 448 pixels, 320 x 224 view).
const CAMERA_MAX_X: i16 = 3072 - 320;
const CAMERA_MAX_Y: i16 = 448 - 224;
/// VRAM address of the sprite attribute table (`megadrive::vdp::SPRITES`).
const VRAM_SPRITES: usize = 0xBC00;
/// First VDP tile of the player's frames: the demo's objects are added in drawing order
/// (`megacollide_demo::draw::Objects::add`) and each sheet takes the next tiles from 384 (the
/// overlay's box, the sensor, the highlight, then the player); the enemy's follow.
const PLAYER_TILE: u16 = 384 + ((sheets::BOX_TILES.len() + sheets::SENSOR_TILES.len() + sheets::HIGHLIGHT_TILES.len()) / 16) as u16;
/// First VDP tile of the enemy's frames (after every player frame).
const ENEMY_TILE: u16 = PLAYER_TILE + (sheets::PLAYER_TILES.len() / 16) as u16;

/// Slopes of the demo level: (name, first pixel column, last pixel column) of each hill.
const HILLS: [(&str, i16, i16); 3] = [("1:1", 416, 575), ("2:1", 784, 1007), ("3:1", 1120, 1359)];

fn ev(s: &GameState, e: Events) -> bool {
    s.events & e.0 == e.0
}

fn flag(s: &GameState, f: Flags) -> bool {
    s.flags & f.0 == f.0
}

/// Boots the demo ROM and waits for the title screen.
fn boot(rom: &Rom, gx: &mut emu::Gpgx) -> u32 {
    let g = rom.sym("GAME");
    gx.run_until(BOOT_FRAMES, Pad::NONE, |gx| game_state(gx, g).vblanks > 0 && game_state(gx, g).mode == MODE_TITLE)
        .expect("title screen within the boot budget");
    g
}

/// The attract-mode run in Genesis Plus GX: the states for ticks 0..=N, and the stack
/// high-water mark (bytes) read after it. Recorded once per test process.
struct AttractRun {
    states: Vec<GameState>,
    stack_used: u32,
    /// Frames whose planes were compared with the map, and the first wrong one.
    planes_checked: u32,
    plane_error: Option<String>,
    /// Frames whose sprite table was checked against the host's looks, the first wrong one,
    /// and the (frame, facing left) pairs of the player sprites seen.
    sprites_checked: u32,
    sprite_error: Option<String>,
    player_looks: Vec<(u8, bool)>,
}

/// The sprite attribute table's entries in link order (y, size/link, attribute, x).
fn sprite_list(vram: &[u8]) -> Vec<[u16; 4]> {
    let mut out = Vec::new();
    let mut i = 0usize;
    loop {
        let e = &vram[VRAM_SPRITES + i * 8..VRAM_SPRITES + i * 8 + 8];
        let w = |k: usize| u16::from_be_bytes([e[2 * k], e[2 * k + 1]]);
        out.push([w(0), w(1), w(2), w(3)]);
        i = (w(1) & 0x7F) as usize;
        if i == 0 || out.len() >= 80 {
            return out;
        }
    }
}

/// The player's and the enemies' sprites in `vram` against the looks of `prev` (the step
/// whose sprite list this VBlank uploaded): the player's frame and H-flip bit, the enemies'
/// frame. Returns the player's (frame, facing left) when drawn.
fn check_sprites(vram: &[u8], prev: &GameState) -> Result<Option<(u8, bool)>, String> {
    let player_frames = (sheets::PLAYER_TILES.len() / 128) as u16;
    let enemy_frames = (sheets::ENEMY_TILES.len() / 64) as u16;
    let mut player = None;
    for e in sprite_list(vram) {
        let (tile, hflip) = (e[2] & 0x07FF, e[2] & 0x0800 != 0);
        if (PLAYER_TILE..PLAYER_TILE + 8 * player_frames).contains(&tile) {
            let frame = ((tile - PLAYER_TILE) / 8) as u8;
            if player.is_some() || !(tile - PLAYER_TILE).is_multiple_of(8) || e[1] >> 8 != 0x07 || e[2] >> 13 != 3 {
                return Err(format!("bad player sprite entry {e:04X?}"));
            }
            if (frame, hflip) != (prev.player_frame, prev.facing_left != 0) {
                return Err(format!(
                    "player drawn as frame {frame}, h-flip {hflip}; the host's look: frame {}, facing left {}",
                    prev.player_frame, prev.facing_left
                ));
            }
            player = Some((frame, hflip));
        } else if (ENEMY_TILE..ENEMY_TILE + 4 * enemy_frames).contains(&tile) && (tile - ENEMY_TILE) / 4 != prev.enemy_frame as u16 {
            return Err(format!("enemy drawn as frame {}, the host's enemy frame is {}", (tile - ENEMY_TILE) / 4, prev.enemy_frame));
        }
    }
    // Sprites entirely off screen are dropped (falling into a pit).
    let (sx, sy) = (prev.px() - prev.camera_x, prev.py() - prev.camera_y);
    let on_screen = sx > -16 && sx < 320 && sy > -32 && sy < 224;
    if player.is_none() && prev.respawn_timer == 0 && on_screen {
        return Err(format!("no player sprite (on screen at ({sx}, {sy}))"));
    }
    Ok(player)
}

fn attract_run() -> &'static AttractRun {
    static RUN: OnceLock<AttractRun> = OnceLock::new();
    RUN.get_or_init(|| {
        let rom = Rom::load("megacollide").unwrap();
        let (_lock, mut gx) = gpgx_with(&rom);
        let g = boot(&rom, &mut gx);
        gx.run_until(ATTRACT_WAIT, Pad::NONE, |gx| game_state(gx, g).mode == MODE_ATTRACT)
            .expect("attract mode starts after the title's idle delay");
        let first = game_state(&gx, g);
        assert_eq!(first.tick, 0, "attract starts from a reset world");
        let mut states = vec![first];
        let (mut planes_checked, mut plane_error) = (0u32, None);
        let (mut sprites_checked, mut sprite_error, mut player_looks) = (0u32, None, Vec::new());
        let mut vram_at: Option<VramInState> = None;
        let limit = megacollide_demo::script::attract_len() as usize + 10;
        loop {
            gx.run_frame(Pad::NONE);
            let s = game_state(&gx, g);
            if s.mode != MODE_ATTRACT {
                break;
            }
            if s.tick == 0 {
                continue; // the mode change's full redraw (display blanked) is still running
            }
            assert_eq!(
                s.tick as usize,
                states.len(),
                "one world step per frame (vblank {}); last (tick, lines, camera x): {:?}",
                s.vblanks,
                states.iter().rev().take(12).map(|t| (t.tick, t.frame_lines, t.camera_x)).collect::<Vec<_>>()
            );
            // This frame's VBlank brought the plane up to date with the previous step's camera.
            let prev = states.last().unwrap();
            if plane_error.is_none() || sprite_error.is_none() {
                let state = gx.save_state().expect("save state");
                let at = vram_at.get_or_insert_with(|| VramInState::locate(&state)).clone();
                let vram = at.extract(&state);
                if plane_error.is_none() {
                    plane_error = check_planes(&vram, prev.camera_x, prev.camera_y).err().map(|e| format!("tick {}: {e}", s.tick));
                    planes_checked += 1;
                }
                // Tick 1's VBlank still drew the title's sprites.
                if sprite_error.is_none() && s.tick > 1 {
                    match check_sprites(&vram, prev) {
                        Ok(p) => player_looks.extend(p),
                        Err(e) => sprite_error = Some(format!("tick {}: {e}", s.tick)),
                    }
                    sprites_checked += 1;
                }
            }
            // Screens along the way (the picture shows the previous step's sprites).
            match s.tick {
                300 => assert_screen(&gx, "attract-pit"),
                860 => assert_screen(&gx, "attract-slope"),
                1230 => assert_screen(&gx, "attract-lift"),
                1679 => assert_screen(&gx, "attract-potato-hit"),
                _ => {}
            }
            states.push(s);
            assert!(states.len() < limit, "attract mode did not end");
        }
        let (bottom, top) = (rom.sym("__stack_bottom"), rom.sym("__stack_top"));
        let stack = gx.read_bytes(bottom, (top - bottom) as usize);
        let untouched = stack.chunks(2).take_while(|w| w == &[0x53, 0x54]).count() as u32 * 2;
        AttractRun {
            stack_used: (top - bottom) - untouched,
            states,
            planes_checked,
            plane_error,
            sprites_checked,
            sprite_error,
            player_looks,
        }
    })
}

#[test]
fn attract_mode_replays_the_script_exactly_like_the_host() {
    let run = attract_run();
    let host = host_run(&attract_inputs());
    assert_same_trajectory("attract mode", &run.states[1..], &host);
    println!("attract: {} frames identical to the host", host.len());
}

#[test]
fn scrolling_streams_columns_and_rows_into_the_plane_without_redrawing() {
    let run = attract_run();
    if let Some(e) = &run.plane_error {
        panic!("the planes differ from the map: {e}");
    }
    assert_eq!(run.planes_checked as usize, run.states.len() - 1, "every frame's plane was checked");
    // Scrolled both ways on both axes, and no full redraw after the mode change.
    let s = &run.states;
    let moved = |f: fn(&GameState) -> i16| (s.windows(2).any(|w| f(&w[1]) > f(&w[0])), s.windows(2).any(|w| f(&w[1]) < f(&w[0])));
    assert_eq!(moved(|s| s.camera_x), (true, true), "camera x moves right and left");
    assert_eq!(moved(|s| s.camera_y), (true, true), "camera y moves down and up");
    assert!(s[1..].iter().all(|t| t.redraws == s[1].redraws), "no full redraw during the attract run");
    println!("planes A and B equal to the map in all {} frames", run.planes_checked);
}

#[test]
fn attract_mode_never_misses_a_frame_and_keeps_the_stack_small() {
    let run = attract_run();
    let last = run.states.last().unwrap();
    assert_eq!(last.missed_frames, 0, "missed frames over the attract script");
    // Tick 1 follows the mode change, which redraws everything with the display blanked
    // (not counted as a missed frame; the ROM's `worst_lines` excludes it too).
    let worst = run.states[2..].iter().map(|s| s.frame_lines).max().unwrap();
    let worst_at = run.states[2..].iter().find(|s| s.frame_lines == worst).unwrap();
    assert!(last.worst_lines >= worst, "worst_lines {} vs the frames seen {worst}", last.worst_lines);
    let frames = &run.states[2..];
    let avg = frames.iter().map(|s| s.frame_lines as f64).sum::<f64>() / frames.len() as f64;
    println!(
        "attract: {} frames, average {avg:.1} scanlines per frame, worst frame {worst} of 262 scanlines ({}%) at tick {} (x {}), stack high-water {} bytes",
        frames.len(),
        worst as u32 * 100 / 262,
        worst_at.tick,
        worst_at.px(),
        run.stack_used
    );
    assert!(worst < 262, "a frame took {worst} scanlines");
    assert!(run.stack_used < 1024, "stack high-water mark {} bytes (limit 1 KiB)", run.stack_used);
    assert!(run.stack_used > 0, "the stack fill pattern was not found (startup fills it)");
    assert_eq!(last.vblanks - run.states[1].vblanks, last.tick - 1, "VBlanks and world steps advance together");
}

#[test]
fn attract_script_walks_every_slope_on_the_ground() {
    let s = &attract_run().states;
    for (name, x0, x1) in HILLS {
        // The first walk over the hill: from entering it on the left to leaving it on the right.
        let i = s.iter().position(|s| s.px() + 16 > x0).expect("reaches the hill");
        let j = i + s[i..].iter().position(|s| s.px() > x1).expect("crosses the hill");
        let on: Vec<&GameState> = s[i..j].iter().collect();
        assert!(on.len() > 60, "{name} hill: walked over it ({} frames)", on.len());
        for st in &on {
            assert!(st.on_ground(), "{name} hill: off the ground at tick {} (x {}, y {})", st.tick, st.px(), st.py());
        }
        let top = on.iter().map(|s| s.py()).min().unwrap();
        let foot = on.iter().map(|s| s.py()).max().unwrap();
        assert!(foot - top >= 32, "{name} hill: climbed {} px", foot - top);
        // Up and down: y falls (climbing) and rises (descending) along the way.
        assert!(on.windows(2).any(|w| w[1].py() < w[0].py()) && on.windows(2).any(|w| w[1].py() > w[0].py()));
    }
}

#[test]
fn attract_pit_falls_off_the_ledge_and_respawns_after_exactly_60_frames() {
    let s = &attract_run().states;
    // Walking off the ledge: ground -> air without a jump, then falling.
    let off = s.windows(2).find(|w| w[0].on_ground() && !w[1].on_ground() && !ev(&w[1], Events::JUMPED)).expect("walks off a ledge");
    assert!(off[1].vy >= 0, "walking off a ledge does not go up");
    let after = &s[off[1].tick as usize + 10];
    assert!(after.py() > off[1].py() + 8, "falls after the ledge (y {} -> {})", off[1].py(), after.py());
    let fell = s.iter().find(|s| ev(s, Events::FELL_OUT)).expect("falls out of the map");
    let back = s.iter().find(|s| ev(s, Events::RESPAWNED)).expect("respawns");
    assert_eq!(back.tick - fell.tick, 60, "respawn delay");
    let spawn = demo_level().spawn.unwrap();
    assert_eq!((back.px(), back.py()), (spawn.x, spawn.y), "respawns at the spawn point");
}

#[test]
fn attract_walks_into_a_wall_and_stops_flush() {
    let s = &attract_run().states;
    let hit = s.iter().find(|s| flag(s, Flags::HIT_RIGHT) && s.px() + 16 == THIN_WALL_X).expect("walks into the thin wall");
    assert_eq!(hit.vx, 0, "speed zeroed at the wall");
    let (y0, y1) = (hit.py(), hit.py() + 31);
    assert!(demo_level().map.column_solid(THIN_WALL_X, y0, y1), "the wall is solid at x {THIN_WALL_X}");
    assert!(!demo_level().map.column_solid(THIN_WALL_X - 1, y0, y1), "flush: the column before the wall is free");
}

#[test]
fn attract_rides_the_moving_platform() {
    let s = &attract_run().states;
    let inputs = attract_inputs();
    // Standing still (no input) on the platform and still carried along.
    let carried = s[1..]
        .windows(2)
        .zip(&inputs[1..])
        .filter(|(w, i)| w[0].riding == 0 && w[1].riding == 0 && i.0 == 0 && w[1].px() != w[0].px())
        .count();
    assert!(carried >= 30, "carried by the platform for {carried} frames");
}

#[test]
fn attract_potato_hit_only_on_opaque_overlap() {
    let s = &attract_run().states;
    let mut w = World::new(demo_level());
    w.reset();
    let potatoes = &w.potatoes[..w.potato_count as usize];
    let (mut hits, mut box_only) = (0, 0);
    for st in s {
        let (px, py) = (st.px(), st.py());
        // The mask of the frame and facing drawn (the host's looks, equal to the 68000's).
        let mask = player_mask(st.player_frame, st.facing_left != 0);
        let boxes = potatoes.iter().any(|q| mask.rect_at(px, py).overlaps(q));
        let pixels = potatoes.iter().any(|q| mask.hit(px, py, POTATO_MASK, q.x, q.y));
        assert_eq!(st.bbox != 0, boxes, "box overlap at tick {}", st.tick);
        assert_eq!(st.hit != 0, pixels, "HIT flag vs opaque pixels at tick {}", st.tick);
        hits += pixels as u32;
        box_only += (boxes && !pixels) as u32;
    }
    assert!(hits > 0, "the script hits a potato");
    assert!(box_only > 0, "the script has frames where only the boxes overlap (no HIT)");
    println!("potato: {hits} frames HIT, {box_only} frames box overlap without HIT");
}

/// The sprites the VDP shows are the looks the host computed: the player's sheet frame and
/// H-flip bit (facing) and the enemies' walk frame in every frame of the attract run; the
/// run shows the whole walk cycle, the jump and fall frames, and both facings.
#[test]
fn attract_draws_the_player_and_enemy_frames_and_facing_of_the_host() {
    let run = attract_run();
    if let Some(e) = &run.sprite_error {
        panic!("sprite table: {e}");
    }
    assert_eq!(run.sprites_checked as usize, run.states.len() - 2, "every frame's sprites were checked");
    let look = |name: &str| megacollide_demo::art::animation(&sheets::PLAYER, name).frames;
    for name in ["stand", "walk", "jump", "fall"] {
        for &f in look(name) {
            assert!(run.player_looks.iter().any(|l| l.0 == f as u8), "{name} frame {f} drawn");
        }
    }
    let left = run.player_looks.iter().filter(|l| l.1).count();
    assert!(left > 0 && left < run.player_looks.len(), "faces both ways ({left} of {} frames left)", run.player_looks.len());
    println!("sprites: {} frames checked, player facing left in {left}", run.sprites_checked);
}

#[test]
fn attract_camera_stops_at_the_map_edges() {
    let s = &attract_run().states;
    for st in s {
        assert!((0..=CAMERA_MAX_X).contains(&st.camera_x) && (0..=CAMERA_MAX_Y).contains(&st.camera_y), "tick {}", st.tick);
    }
    assert_eq!((s[0].camera_x, s[0].camera_y), (0, CAMERA_MAX_Y), "at the spawn point: left and bottom edges");
    let last = s.last().unwrap();
    assert_eq!(last.px(), 3072 - 16, "the script ends against the right edge of the map");
    assert_eq!(last.camera_x, CAMERA_MAX_X, "camera stops at the right edge");
    assert!(s.iter().any(|s| s.at_goal != 0), "passes the goal on the way");
}

/// Starts play mode from the title (Start) and lets the mode change settle (its full redraw
/// blanks the display for a few frames). Returns the GAME address.
fn start_play(rom: &Rom, gx: &mut emu::Gpgx) -> u32 {
    let g = boot(rom, gx);
    select_level(gx, g, demo_index());
    gx.run_frame(Pad::START);
    gx.run_until(10, Pad::NONE, |gx| game_state(gx, g).mode == MODE_PLAY).expect("Start on the title starts play");
    gx.run_frames(5, Pad::NONE);
    g
}

/// Plays `inputs` with the pad (jumps use A, B and C in turn), one frame each (the ROM reads
/// the pad once per frame, right after its VBlank uploads). Returns the
/// states of the steps that used `inputs` and the host's states for the same steps (the
/// idle steps since play started included).
fn play(gx: &mut emu::Gpgx, g: u32, inputs: &[Actions]) -> (Vec<GameState>, Vec<GameState>) {
    let jump = [Pad::A, Pad::B, Pad::C];
    let mut jumps = 0;
    let mut prev_jump = false;
    let start = game_state(gx, g);
    assert_eq!(start.mode, MODE_PLAY);
    let mut pads = Vec::with_capacity(inputs.len());
    for &i in inputs {
        let mut pad = Pad::NONE;
        if i.has(Actions::LEFT) {
            pad |= Pad::LEFT;
        }
        if i.has(Actions::RIGHT) {
            pad |= Pad::RIGHT;
        }
        if i.has(Actions::JUMP) {
            if !prev_jump {
                jumps += 1;
            }
            pad |= jump[jumps % 3];
        }
        prev_jump = i.has(Actions::JUMP);
        if i.has(Actions::RESPAWN) {
            pad |= Pad::START;
        }
        pads.push(pad);
    }
    let mut out = Vec::with_capacity(inputs.len());
    for (k, &pad) in pads.iter().enumerate() {
        gx.run_frame(pad);
        let s = game_state(gx, g);
        assert_eq!(s.tick, start.tick + k as u32 + 1, "one world step per frame");
        assert_eq!(s.buttons, pad.bits(), "the ROM reads the pad (tick {})", s.tick);
        out.push(s);
    }
    let idle = start.tick as usize;
    let mut all = vec![Actions(0); idle];
    all.extend_from_slice(inputs);
    let host = host_run(&all).split_off(idle);
    (out, host)
}

/// A fresh Genesis Plus GX with the demo ROM in play mode: the lock, the core, `GAME`.
fn playing() -> (std::sync::MutexGuard<'static, ()>, emu::Gpgx, u32) {
    let rom = Rom::load("megacollide").unwrap();
    let (lock, mut gx) = gpgx_with(&rom);
    let g = start_play(&rom, &mut gx);
    (lock, gx, g)
}

/// Plays `runs` ((input bits, frames) pairs) with the pad in a fresh play session and checks
/// every step against the host. Returns the 68000's states.
fn play_checked(what: &str, runs: &[(u8, usize)]) -> Vec<GameState> {
    let (_lock, mut gx, g) = playing();
    let (s, host) = play(&mut gx, g, &inputs(runs));
    assert_same_trajectory(what, &s, &host);
    s
}

fn inputs(runs: &[(u8, usize)]) -> Vec<Actions> {
    runs.iter().flat_map(|&(b, n)| std::iter::repeat_n(Actions(b), n)).collect()
}

#[test]
fn pad_play_of_the_script_matches_the_host_and_never_misses_a_frame() {
    let (_lock, mut gx, g) = playing();
    let script = attract_inputs();
    let (states, host) = play(&mut gx, g, &script);
    assert_same_trajectory("pad play", &states, &host);
    assert_eq!(states.last().unwrap().missed_frames, 0);
}

#[test]
fn walking_into_the_left_edge_stops_flush_and_the_camera_stays() {
    let s = play_checked("left edge", &[(Actions::LEFT, 60)]);
    let last = s.last().unwrap();
    assert_eq!(last.px(), 0, "flush with the left edge of the map");
    assert!(flag(last, Flags::HIT_LEFT) && last.vx == 0 && last.on_ground());
    assert!(s.iter().all(|s| s.camera_x == 0), "the camera stays at the left edge");
}

#[test]
fn a_jump_lands_on_a_half_block() {
    let s = play_checked("half-block jump", &[(0, 10), (Actions::RIGHT, 47), (Actions::RIGHT | Actions::JUMP, 4), (Actions::RIGHT, 37)]);
    let land = s[57..].iter().find(|s| ev(s, Events::LANDED)).expect("lands");
    let feet = land.py() + 32;
    // The floor under the feet is the top of a half block (ids 15-18), 8 px above the ground.
    let under: Vec<u16> = (land.px()..land.px() + 16).map(|x| demo_level().map.tile(x >> 4, feet >> 4)).collect();
    assert!(under.iter().any(|&id| (15..=18).contains(&id)), "tiles under the feet: {under:?}");
    assert_eq!(feet & 15, 8, "landed on a half block's top (feet at y {feet})");
    assert!((land.px()..land.px() + 16).any(|x| demo_level().map.is_solid(x, feet) && !demo_level().map.is_solid(x, feet - 1)));
}

#[test]
fn a_held_jump_button_jumps_once() {
    let s = play_checked("held jump", &[(Actions::JUMP, 150), (0, 5), (Actions::JUMP, 5)]);
    let jumps: Vec<usize> = (0..s.len()).filter(|&k| ev(&s[k], Events::JUMPED)).collect();
    assert_eq!(jumps.len(), 2, "one jump while held for 150 frames, one after release: {jumps:?}");
    assert!(jumps[1] >= 155);
    assert!(s[100..150].iter().all(|s| s.on_ground()), "back on the ground and staying there while held");
}

#[test]
fn start_returns_to_the_spawn_point() {
    let s = play_checked("respawn", &[(Actions::RIGHT, 40), (Actions::RESPAWN, 1), (0, 1)]);
    assert!(s[39].px() > 100);
    let spawn = demo_level().spawn.unwrap();
    assert_eq!((s[40].px(), s[40].py(), s[40].vx), (spawn.x, spawn.y, 0));
}

/// A respawn far from the spawn point (Start after a long walk right): the demo's camera
/// glides back (at most `CAMERA_MAX_STEP` pixels a step), so the level view streams every
/// frame of it: both planes equal the level's art for the camera each VBlank drew, no frame
/// is blanked, and the view ends at the spawn point's camera. (A jump further than the
/// planes stream would be drawn whole by the level view: the template's test.)
#[test]
fn a_respawn_far_right_keeps_the_planes_right_every_frame() {
    let (_lock, mut gx, g) = playing();
    let start = game_state(&gx, g);
    let at = VramInState::locate(&gx.save_state().unwrap());
    gx.run_frames(200, Pad::RIGHT);
    let far = game_state(&gx, g);
    assert!(far.camera_x > start.camera_x + 320, "walked more than a screen right: camera {} -> {}", start.camera_x, far.camera_x);
    gx.run_frame(Pad::START);
    let mut prev = game_state(&gx, g);
    for frames in 1.. {
        assert!(frames < 120, "the camera is back within 2 seconds: {prev:?}");
        gx.run_frame(Pad::NONE);
        // This VBlank drew the camera of the step before it.
        check_planes(&at.extract(&gx.save_state().unwrap()), prev.camera_x, prev.camera_y)
            .unwrap_or_else(|e| panic!("{frames} frames after the respawn: {e}"));
        if (prev.camera_x, prev.camera_y) == (start.camera_x, start.camera_y) {
            break;
        }
        prev = game_state(&gx, g);
    }
    assert_eq!(prev.redraws, far.redraws, "no frame blanked");
}

#[test]
fn down_and_a_toggle_the_debug_overlay() {
    let (_lock, mut gx, g) = playing();
    gx.run_frame(Pad::DOWN | Pad::A);
    gx.run_frame(Pad::NONE);
    let s = game_state(&gx, g);
    assert_eq!(s.overlay, 1, "Down + A shows the overlay");
    assert!(!ev(&s, Events::JUMPED), "Down + A does not jump");
    // On a level with art the overlay swaps the art for the collision shapes: a full
    // redraw with the display off, which takes a few frames.
    settle(&mut gx, g);
    gx.run_frames(3, Pad::NONE);
    let s = game_state(&gx, g);
    assert!(s.frame_lines > 0 && s.frame_lines < 262 && s.worst_lines >= s.frame_lines);
    // The timing line (text row 2, pixels 16..24) shows this build's speed: compared
    // through GAME above, blanked in the picture.
    let mut shot = gx.screenshot();
    for y in 16..24 {
        for x in 0..shot.width() {
            shot.put_pixel(x, y, emu::Rgb([0, 0, 0]));
        }
    }
    assert_image(&shot, "overlay");
    gx.run_frame(Pad::DOWN | Pad::A);
    gx.run_frame(Pad::NONE);
    assert_eq!(game_state(&gx, g).overlay, 0, "and hides it");
}

#[test]
fn title_screen() {
    let rom = Rom::load("megacollide").unwrap();
    let (_lock, mut gx) = gpgx_with(&rom);
    boot(&rom, &mut gx);
    gx.run_frames(30, Pad::NONE);
    assert_screen(&gx, "title");
}

#[test]
fn blastem_attract_mode_reaches_the_same_states() {
    let rom = Rom::load("megacollide").unwrap();
    let g = rom.sym("GAME");
    let run = attract_run();
    let first = run.states[1].vblanks - 1;
    for at in [first + 400, first + 1250, first + 1690] {
        let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(at), &[(g, emu::published_bytes(GAME_STATE_BYTES))]).unwrap();
        let b = GameState::from_be_bytes(emu::published_copy(&reads[0], GAME_STATE_BYTES).try_into().unwrap());
        let gx = run.states.iter().find(|s| s.vblanks == b.vblanks).unwrap_or_else(|| panic!("BlastEm at VBlank {}: {b:?}", b.vblanks));
        assert_eq!(world_part(&b), world_part(gx), "BlastEm vs Genesis Plus GX at VBlank {} (tick {})", b.vblanks, gx.tick);
        assert_eq!((b.mode, b.missed_frames), (MODE_ATTRACT, 0));
        println!("BlastEm VBlank {}: tick {}, x {}, y {} = Genesis Plus GX", b.vblanks, b.tick, b.px(), b.py());
    }
}

/// The attract mode on a 50 Hz PAL console (Genesis Plus GX with its region set to PAL).
///
/// A PAL frame's work (from VBlank at line 224) often ends in the next emulated frame
/// (`retro_run` covers lines 0 - 312), so a `GAME` snapshot can be overwritten before the
/// test sees it: the run keeps every snapshot it sees, in order, and checks the planes against
/// the snapshot that the last VBlank drew, when it saw that one.
struct PalRun {
    /// Distinct snapshots (by `vblanks`), from the mode change's (tick 0) on.
    states: Vec<GameState>,
    /// Frames whose planes were checked against the map.
    planes_checked: u32,
}

fn pal_attract_run() -> PalRun {
    let rom = Rom::load("megacollide").unwrap();
    let (_lock, mut gx) = gpgx_with_options(&rom, &[("genesis_plus_gx_region_detect", "pal")]);
    let g = boot(&rom, &mut gx);
    let frames_at = rom.sym("SYSVARS") + sysvars::FRAMES;
    gx.run_until(ATTRACT_WAIT, Pad::NONE, |gx| game_state(gx, g).mode == MODE_ATTRACT)
        .expect("attract mode starts after the title's idle delay");
    let mut states = vec![game_state(&gx, g)];
    assert_eq!(states[0].tick, 0, "attract starts from a reset world");
    let limit = megacollide_demo::script::attract_len() as usize + 10;
    let mut vram_at: Option<VramInState> = None;
    let mut planes_checked = 0;
    loop {
        gx.run_frame(Pad::NONE);
        let s = game_state(&gx, g);
        if s.mode != MODE_ATTRACT {
            break;
        }
        if s.vblanks != states.last().unwrap().vblanks {
            states.push(s);
        }
        // The VBlank of this emulated frame drew the snapshot written before it.
        let vblank = gx.read_u32_be(frames_at);
        if let Some(drawn) = states.iter().rev().find(|d| d.vblanks + 1 == vblank && d.tick > 0) {
            let state = gx.save_state().expect("save state");
            let at = vram_at.get_or_insert_with(|| VramInState::locate(&state)).clone();
            if let Err(e) = check_planes(&at.extract(&state), drawn.camera_x, drawn.camera_y) {
                for t in &states[states.len().saturating_sub(8)..] {
                    eprintln!("tick {} vblanks {} camera {} lines {}", t.tick, t.vblanks, t.camera_x, t.frame_lines);
                }
                panic!("PAL, VBlank {vblank} drawing tick {}: {e}", drawn.tick);
            }
            planes_checked += 1;
        }
        assert!(states.len() < limit, "attract mode did not end");
    }
    PalRun { states, planes_checked }
}

/// PAL: six world steps every five frames (60 steps a second at 50 frames a second), every
/// step equal to the host's, and the frame time counted in PAL's 313 lines: a frame with
/// one step takes the lines the same step took on NTSC.
#[test]
fn pal_attract_mode_keeps_sixty_steps_a_second_and_counts_313_lines() {
    let run = pal_attract_run();
    let pal = &run.states;
    let ntsc = &attract_run().states;
    let host = host_run(&attract_inputs());
    let last = pal.last().unwrap();
    assert_eq!(last.lines_per_frame, 313, "the ROM detects PAL");
    assert_eq!(ntsc.last().unwrap().lines_per_frame, 262, "the ROM detects NTSC");
    // Every step of the script ran, each state equal to the host's at its tick.
    assert_eq!(last.tick as usize, host.len(), "PAL ran every step of the attract script");
    for s in &pal[1..] {
        assert_eq!(world_part(s), world_part(&host[s.tick as usize - 1]), "PAL: tick {} differs from the host", s.tick);
    }
    // Steps per frame after the mode change: 1, 1, 1, 1, 2, 1, ... so frame j (j = 1 is the
    // mode change's redraw frame) ends at tick j + j / 5, and tick t is reached in frame
    // t - t / 6; no tick 6k - 1 is ever seen.
    let frame_of = |t: u32| {
        assert_ne!(t % 6, 5, "PAL: tick {t} ended a frame (the two-step frames end at 6k)");
        t - t / 6
    };
    let (first, tail) = (&pal[1], &pal[2..]);
    for s in tail {
        assert_eq!(
            s.vblanks - first.vblanks,
            frame_of(s.tick) - frame_of(first.tick),
            "PAL: tick {} (first seen tick {} at VBlank {}) at VBlank {}",
            s.tick,
            first.tick,
            first.vblanks,
            s.vblanks
        );
    }
    assert_eq!(last.missed_frames, 0, "PAL: missed frames");
    assert!(pal[1..].iter().all(|s| s.redraws == pal[1].redraws), "PAL: no full redraw during the attract run");
    assert!(run.planes_checked as usize * 2 > pal.len(), "planes checked in {} frames", run.planes_checked);
    // Frame time: a one-step frame after a one-step frame (frames j and j - 1 both not a
    // multiple of 5) draws and computes what NTSC's frame for the same tick does, and a line
    // is the same number of 68000 cycles on both standards. The sound driver's share is not
    // the same: its Z80 reads ROM (PCM and music, each read holds the 68000 off its bus) and
    // the DMA window waits for the Z80 to leave a unit, at other moments on the two
    // standards (their Z80 and YM2612 clocks differ): SOUND_JITTER_LINES more either way,
    // the longest window wait the sound tests allow (8 looks, about 6 lines; measured here:
    // up to 7 lines in all).
    const SOUND_JITTER_LINES: i32 = 6;
    let mut compared = 0;
    let mut worst_diff = 0i32;
    let mut off = Vec::new();
    for s in tail {
        let j = frame_of(s.tick);
        if j % 5 != 0 && (j - 1) % 5 != 0 {
            let n = &ntsc[s.tick as usize];
            assert_eq!(n.tick, s.tick);
            let diff = s.frame_lines as i32 - n.frame_lines as i32;
            worst_diff = worst_diff.max(diff.abs());
            if diff.abs() > 2 + SOUND_JITTER_LINES {
                off.push((s.tick, s.frame_lines, n.frame_lines));
            }
            compared += 1;
        }
    }
    let worst = tail.iter().map(|s| s.frame_lines).max().unwrap();
    let two_step_worst = tail.iter().filter(|s| frame_of(s.tick) % 5 == 0).map(|s| s.frame_lines).max().unwrap();
    println!(
        "PAL attract: {} steps in {} frames ({} snapshots seen, planes checked in {}), worst frame {worst} of 313 \
         lines (two-step frames: {two_step_worst}); {compared} one-step frames within {worst_diff} lines of NTSC",
        last.tick,
        last.vblanks - first.vblanks + 1,
        pal.len(),
        run.planes_checked
    );
    assert!(compared * 2 > pal.len(), "only {compared} frames compared with NTSC");
    assert!(
        off.is_empty(),
        "PAL frame time more than {} lines off NTSC's (tick, PAL, NTSC): {:?}",
        2 + SOUND_JITTER_LINES,
        &off[..off.len().min(10)]
    );
    assert!(worst < 313 && last.worst_lines >= worst, "worst frame {worst}, ROM's worst {}", last.worst_lines);
}
