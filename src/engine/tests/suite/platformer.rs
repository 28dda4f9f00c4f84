//! Platformer rules: coyote time, buffered jump, no double jump, jump only
//! again after release, friction / ice, respawn timer, camera clamping and
//! determinism.

use crate::refmodel::RefMap;
use megacollide_engine::body::Rect;
use megacollide_engine::camera::Camera;
use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};

const NONE: Input = Input { left: false, right: false, jump: false };
const JUMP: Input = Input { left: false, right: false, jump: true };
const RIGHT: Input = Input { left: false, right: true, jump: false };
const RIGHT_JUMP: Input = Input { left: false, right: true, jump: true };

/// Ground at y = 160 for tile columns 0..ledge; open pit after.
fn level(ledge: i32) -> RefMap {
    let mut r = RefMap::blank(40, 14);
    for tx in 0..ledge {
        r.set(tx, 10, 2);
        r.set(tx, 11, 2);
    }
    r
}

fn settled(r: &RefMap, x: i16, cfg: PlayerConfig) -> Player {
    let m = r.map();
    let mut p = Player::new(x, 100, cfg);
    for _ in 0..60 {
        p.update(NONE, &m, &[]);
    }
    assert!(p.body.on_ground());
    assert_eq!(p.body.py() + 32, 160);
    p
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn jump_only_on_ground_and_only_after_release() {
    let r = level(40);
    let m = r.map();
    let mut p = settled(&r, 40, PlayerConfig::DEFAULT);
    let ev = p.update(JUMP, &m, &[]);
    assert!(ev.contains(Events::JUMPED));
    // Holding jump: one jump only, even after landing.
    let mut jumps = 0;
    for _ in 0..200 {
        if p.update(JUMP, &m, &[]).contains(Events::JUMPED) {
            jumps += 1;
        }
    }
    assert_eq!(jumps, 0);
    assert!(p.body.on_ground());
    // Release then press: jumps again.
    p.update(NONE, &m, &[]);
    assert!(p.update(JUMP, &m, &[]).contains(Events::JUMPED));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn no_double_jump() {
    let r = level(40);
    let m = r.map();
    let mut p = settled(&r, 40, PlayerConfig::DEFAULT);
    assert!(p.update(JUMP, &m, &[]).contains(Events::JUMPED));
    for _ in 0..10 {
        p.update(NONE, &m, &[]);
    }
    assert!(!p.body.on_ground());
    // Press again in the air (beyond the buffer window from landing).
    assert!(!p.update(JUMP, &m, &[]).contains(Events::JUMPED));
    p.update(NONE, &m, &[]);
    assert!(!p.update(JUMP, &m, &[]).contains(Events::JUMPED));
}

/// Walks right off the ledge at x = 160 and reports how many frames after
/// leaving the ground a jump press is accepted.
fn coyote_window(cfg: PlayerConfig) -> [bool; 11] {
    let r = level(10);
    let m = r.map();
    let mut out = [false; 11];
    for delay in 1..12 {
        let mut p = settled(&r, 120, cfg);
        // Walk until the first airborne frame.
        let mut guard = 0;
        while p.body.on_ground() {
            p.update(RIGHT, &m, &[]);
            guard += 1;
            assert!(guard < 200);
        }
        for _ in 1..delay {
            p.update(RIGHT, &m, &[]);
        }
        out[delay - 1] = p.update(RIGHT_JUMP, &m, &[]).contains(Events::JUMPED);
    }
    out
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn coyote_time() {
    let cfg = PlayerConfig { coyote_frames: 4, buffer_frames: 0, ..PlayerConfig::DEFAULT };
    let w = coyote_window(cfg);
    // A press on frames 1..=4 after leaving the ground jumps, later not.
    assert_eq!(&w[..6], &[true, true, true, true, false, false]);
    let none = coyote_window(PlayerConfig { coyote_frames: 0, buffer_frames: 0, ..PlayerConfig::DEFAULT });
    assert!(none.iter().all(|&j| !j));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn buffered_jump() {
    let r = level(40);
    let m = r.map();
    for (buffer, early, expect) in [(5u8, 3usize, true), (5, 5, true), (5, 6, false), (0, 1, false)] {
        let cfg = PlayerConfig { buffer_frames: buffer, ..PlayerConfig::DEFAULT };
        let mut p = settled(&r, 40, cfg);
        assert!(p.update(JUMP, &m, &[]).contains(Events::JUMPED));
        p.update(NONE, &m, &[]);
        // Fall until `early` frames before landing: simulate on a copy.
        let mut frames_to_land = 0;
        let mut probe = p;
        while !probe.update(NONE, &m, &[]).contains(Events::LANDED) {
            frames_to_land += 1;
        }
        for _ in 0..frames_to_land + 1 - early {
            p.update(NONE, &m, &[]);
        }
        // Press `early` frames before the landing frame's next update, hold.
        let mut jumped = false;
        for _ in 0..early + 1 {
            if p.update(JUMP, &m, &[]).contains(Events::JUMPED) {
                jumped = true;
            }
        }
        assert_eq!(jumped, expect, "buffer {buffer} early {early}");
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn friction_and_ice() {
    let r = level(40);
    let m = r.map();
    let stop_distance = |cfg: PlayerConfig| {
        let mut p = settled(&r, 40, cfg);
        for _ in 0..120 {
            p.update(RIGHT, &m, &[]);
        }
        assert_eq!(p.vx, cfg.walk_max);
        let x0 = p.body.px();
        let mut frames = 0;
        while p.vx.to_bits() != 0 {
            p.update(NONE, &m, &[]);
            frames += 1;
        }
        (p.body.px() - x0, frames)
    };
    let (d, f) = stop_distance(PlayerConfig::DEFAULT);
    let (di, fi) = stop_distance(PlayerConfig::DEFAULT.ice());
    assert_eq!(f, (640 + 47) / 48); // ceil(walk_max / friction)
    assert_eq!(fi, 640 / 4);
    assert!(di > 4 * d, "ice {di} vs normal {d}");
    // Mirror symmetry: walking left is the exact mirror of walking right.
    let mut a = settled(&r, 300, PlayerConfig::DEFAULT);
    let mut b = settled(&r, 300, PlayerConfig::DEFAULT);
    for i in 0..50 {
        let jump = i == 10;
        a.update(Input { left: false, right: true, jump }, &m, &[]);
        b.update(Input { left: true, right: false, jump }, &m, &[]);
        assert_eq!(a.body.x.to_bits() - (300 << 3), (300 << 3) - b.body.x.to_bits());
        assert_eq!(a.body.y, b.body.y);
    }
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn respawn_timer_after_falling_out() {
    let r = level(10);
    let m = r.map();
    let mut p = settled(&r, 120, PlayerConfig::DEFAULT);
    let mut frame = 0;
    loop {
        let ev = p.update(RIGHT, &m, &[]);
        frame += 1;
        assert!(frame < 500);
        if ev.contains(Events::FELL_OUT) {
            break;
        }
    }
    assert!(p.is_dead());
    assert_eq!(p.respawn_timer(), 60);
    for i in 1..60 {
        let ev = p.update(RIGHT_JUMP, &m, &[]);
        assert!(!ev.contains(Events::RESPAWNED), "respawned early at {i}");
        assert!(p.is_dead());
    }
    let ev = p.update(NONE, &m, &[]);
    assert!(ev.contains(Events::RESPAWNED));
    assert!(!p.is_dead());
    assert_eq!((p.body.px(), p.body.py()), (120, 100));
    assert_eq!(p.vx.to_bits(), 0);
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn camera_centres_and_clamps() {
    let r = RefMap::blank(160, 28); // 2560 x 448 px
    let m = r.map();
    let mut cam = Camera::new(320, 224);
    cam.follow(Rect::new(1000, 200, 16, 32), &m);
    assert_eq!((cam.x, cam.y), (1008 - 160, 216 - 112));
    cam.follow(Rect::new(5, 5, 16, 32), &m);
    assert_eq!((cam.x, cam.y), (0, 0));
    cam.follow(Rect::new(2550, 440, 16, 32), &m);
    assert_eq!((cam.x, cam.y), (2560 - 320, 448 - 224));
    cam.follow(Rect::new(-300, -300, 16, 32), &m);
    assert_eq!((cam.x, cam.y), (0, 0));
    // A map smaller than the screen is centred.
    let small = RefMap::blank(10, 10);
    let sm = small.map();
    cam.follow(Rect::new(50, 50, 16, 32), &sm);
    assert_eq!((cam.x, cam.y), ((160 - 320) / 2, (160 - 224) / 2));
}

#[cfg_attr(not(target_arch = "m68k"), test)]
#[cfg_attr(target_arch = "m68k", test_case)]
fn same_inputs_same_trajectory() {
    let r = level(30);
    let m = r.map();
    let run = || {
        let mut p = Player::new(40, 100, PlayerConfig::DEFAULT);
        let mut trace = [(0i16, 0i16); 600];
        let mut seed = 12345u32;
        for t in trace.iter_mut() {
            seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
            let input = Input::from_bits((seed >> 16) as u8 & 7);
            assert_eq!(Input::from_bits(input.to_bits()), input);
            p.update(input, &m, &[]);
            *t = (p.body.x.to_bits(), p.body.y.to_bits());
        }
        trace
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.iter().any(|&(x, _)| x != a[0].0));
}
