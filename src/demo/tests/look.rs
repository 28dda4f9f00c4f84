//! The player's and the enemies' looks on the host: the player faces where he walks (and
//! keeps facing there), walks through the walk cycle frame by frame, shows the jump and fall
//! frames in the air; the potato test takes the mask of the frame and facing drawn.

use megacollide_demo::art::{self, player_mask, sprites};
use megacollide_demo::look::{enemy_flipped, Pose, ENEMY_WALK, FALL, JUMP, STAND, WALK};
use megacollide_demo::script::attract_level;
use megacollide_demo::world::{Actions, World};

fn demo() -> World {
    let mut w = World::new(attract_level().expect("the demo level"));
    // Settle on the ground at the spawn point.
    for _ in 0..60 {
        w.step(Actions(0));
    }
    w
}

#[test]
fn a_fresh_player_stands_facing_right() {
    let w = demo();
    assert_eq!(w.player_look.pose, Pose::Stand);
    assert_eq!(w.player_look.frame, STAND.frames[0] as u8);
    assert!(!w.player_look.facing_left);
}

#[test]
fn the_player_faces_where_he_walks_and_keeps_facing_there() {
    let mut w = demo();
    w.step(Actions(Actions::LEFT));
    assert!(w.player_look.facing_left, "walking left faces left");
    for _ in 0..10 {
        w.step(Actions(0));
        assert!(w.player_look.facing_left, "released: still facing left");
    }
    w.step(Actions(Actions::RIGHT));
    assert!(!w.player_look.facing_left, "walking right faces right");
    // Pressing left against the map's left edge: facing left while not moving.
    for _ in 0..200 {
        w.step(Actions(Actions::LEFT));
    }
    assert_eq!(w.player.body.px(), 0);
    assert!(w.player_look.facing_left);
    assert_eq!(w.player_look.pose, Pose::Stand, "pushing against the edge: standing");
}

#[test]
fn walking_plays_the_walk_cycle_frame_by_frame() {
    let mut w = demo();
    let mut seen = Vec::new();
    for k in 0..(WALK.duration as usize * WALK.frames.len() * 2) {
        w.step(Actions(Actions::RIGHT));
        assert!(w.player.body.on_ground(), "flat ground at the spawn (step {k})");
        assert_eq!(w.player_look.pose, Pose::Walk, "step {k}");
        seen.push(w.player_look.frame);
    }
    // Each walk frame for `duration` steps, in order, looping; the first step of the walk
    // shows the first frame.
    let want: Vec<u8> = (0..seen.len()).map(|t| WALK.frames[(t / WALK.duration as usize) % WALK.frames.len()] as u8).collect();
    assert_eq!(seen, want);
    // Released: friction stops him, then he stands.
    for _ in 0..60 {
        w.step(Actions(0));
    }
    assert_eq!((w.player_look.pose, w.player_look.frame), (Pose::Stand, STAND.frames[0] as u8));
}

#[test]
fn a_jump_shows_the_jump_then_the_fall_frame_and_lands() {
    let mut w = demo();
    w.step(Actions(Actions::JUMP));
    assert_eq!((w.player_look.pose, w.player_look.frame), (Pose::Jump, JUMP.frames[0] as u8));
    let mut poses = vec![w.player_look.pose];
    for _ in 0..80 {
        w.step(Actions(0));
        poses.push(w.player_look.pose);
        if w.player_look.pose == Pose::Fall {
            assert_eq!(w.player_look.frame, FALL.frames[0] as u8);
            assert!(w.player.vy >= megacollide_engine::platformer::Speed::ZERO);
        }
    }
    let fall = poses.iter().position(|&p| p == Pose::Fall).expect("falls after the top");
    let land = poses.iter().position(|&p| p == Pose::Stand).expect("lands");
    assert!(poses[..fall].iter().all(|&p| p == Pose::Jump) && fall < land);
    assert!(poses[land..].iter().all(|&p| p == Pose::Stand));
}

#[test]
fn the_potato_test_uses_the_mask_of_the_frame_and_facing_drawn() {
    for left in [false, true] {
        let sheet = &sprites::PLAYER;
        for f in 0..sheet.masks.len() as u8 {
            let m = player_mask(f, left);
            let want = if left { &sheet.masks_hflip[f as usize] } else { &sheet.masks[f as usize] };
            assert!(core::ptr::eq(m, want), "frame {f}, facing left {left}");
        }
    }
    // And the attract script's HIT frames come out the same in every pose: the player's
    // silhouette is one symmetric shape (art tests), so `hit` only depends on positions.
    let w = World::new(attract_level().unwrap());
    let q = w.potatoes[0];
    let m0 = player_mask(0, false);
    for f in 0..sprites::PLAYER.masks.len() as u8 {
        for left in [false, true] {
            for dy in -32..24 {
                for dx in -16..24 {
                    let (x, y) = (q.x + dx, q.y + dy);
                    assert_eq!(player_mask(f, left).hit(x, y, art::POTATO_MASK, q.x, q.y), m0.hit(x, y, art::POTATO_MASK, q.x, q.y));
                }
            }
        }
    }
}

#[test]
fn enemies_walk_through_their_cycle_and_face_their_direction() {
    let mut w = demo();
    let mut seen = Vec::new();
    for _ in 0..ENEMY_WALK.duration as usize * ENEMY_WALK.frames.len() {
        w.step(Actions(0));
        seen.push(w.enemy_look.frame);
    }
    for &f in ENEMY_WALK.frames {
        assert!(seen.contains(&(f as u8)), "enemy frame {f} shown");
    }
    assert!(enemy_flipped(-1) && !enemy_flipped(1));
}
