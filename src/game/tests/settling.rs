//! Enemies that come near the view wake a few a step: a fall from the top of the demo
//! level's right border into the crowd below wakes its walkers over several steps, never
//! more than `MAX_WAKING_ENEMIES` in one, and all of them are moving soon after.

use megacollide_game::world::MAX_WAKING_ENEMIES;
use megacollide_game::*;

/// Enemies near (moving) now.
fn near(w: &World) -> Vec<bool> {
    w.enemies[..w.enemy_count as usize].iter().map(|e| e.near).collect()
}

#[test]
fn a_fall_into_the_crowd_wakes_its_walkers_a_few_a_step() {
    let level = script::attract_level().expect("the demo level");
    let mut w = World::new(level);
    w.warp(level.map.width_px() - 16, 0);
    let (mut most, mut woke_all_at) = (0, None);
    for step in 0..120 {
        let before = near(&w);
        w.step(Input(0));
        let now = near(&w);
        let woke = now.iter().zip(&before).filter(|(n, b)| **n && !**b).count();
        most = most.max(woke);
        let crowd = w.enemies[..w.enemy_count as usize].iter().filter(|e| e.patrol.body().px() >= 2600).count();
        let crowd_near = w.enemies[..w.enemy_count as usize].iter().filter(|e| e.near && e.patrol.body().px() >= 2600).count();
        if crowd > 0 && crowd_near == crowd && woke_all_at.is_none() {
            woke_all_at = Some(step);
        }
    }
    assert!(most as u8 <= MAX_WAKING_ENEMIES, "at most {MAX_WAKING_ENEMIES} woke in a step, not {most}");
    assert_eq!(most as u8, MAX_WAKING_ENEMIES, "the fall meets the crowd all at once");
    assert!(woke_all_at.is_some(), "the whole crowd moves in the end");
}

/// The attract route never wakes more than `MAX_WAKING_ENEMIES` in a step: the limit does
/// not change it.
#[test]
fn the_attract_route_wakes_no_more_than_the_limit() {
    let mut w = World::new(script::attract_level().expect("the demo level"));
    let mut p = ScriptPlayer::new(&ATTRACT);
    while let Some(i) = p.next_input() {
        let before = near(&w);
        w.step(i);
        let woke = near(&w).iter().zip(&before).filter(|(n, b)| **n && !**b).count();
        assert!(woke as u8 <= MAX_WAKING_ENEMIES, "tick {}: {woke} woke", w.tick);
    }
}
