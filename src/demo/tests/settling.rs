//! Enemies placed on the ground start standing on their surfaces (`World::settle_enemies`): when a fall from the top
//! of the demo level's right border brings the crowd below into view all at once, each
//! walker's first step is a walk read from the tables, not a landing by the full rules
//! (`make bench`: `world_step_fall_into_crowd_max`).

use megacollide_demo::*;

#[test]
fn enemies_placed_on_the_ground_start_on_their_surfaces() {
    for level in LEVELS.iter() {
        let mut w = World::new(level);
        w.settle_enemies();
        for e in &w.enemies[..w.enemy_count as usize] {
            let b = e.patrol.body();
            let grounded = megacollide_engine::motion::ground_under(level.map, &[], b);
            assert_eq!(b.on_ground(), grounded, "{}: enemy at ({}, {})", level.name, b.px(), b.py());
            if grounded && level.name == "demo" {
                assert!(e.patrol.walker().on_surface(), "{}: enemy at ({}, {}) stands on no surface", level.name, b.px(), b.py());
            }
        }
    }
}

#[test]
fn a_fall_into_the_crowd_wakes_walkers_that_stand() {
    let level = script::attract_level().expect("the demo level");
    let mut w = World::new(level);
    w.settle_enemies();
    w.warp(level.map.width_px() - 16, 0);
    let (mut woke, mut standing) = (0, 0);
    for _ in 0..120 {
        let before: Vec<bool> = w.enemies[..w.enemy_count as usize].iter().map(|e| e.near).collect();
        w.step(Actions(0));
        for (e, was) in w.enemies[..w.enemy_count as usize].iter().zip(before) {
            if e.near && !was && e.patrol.body().px() >= 2600 {
                woke += 1;
                standing += e.patrol.body().on_ground() as u32;
            }
        }
    }
    assert!(woke >= 20, "the fall brought the crowd into view ({woke} woke)");
    // (Four of the crowd are placed in the air, on the others' heads: they fall first.)
    assert!(standing >= 20, "the crowd's walkers placed on the ground woke standing ({standing} of {woke})");
}
