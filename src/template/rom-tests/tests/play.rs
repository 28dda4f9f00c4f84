//! The game played from a pad recording in Genesis Plus GX: its state after each frame is
//! what the game's rules say. Write your own next to it: a recording in `recordings/`,
//! then a test that plays it and checks `State` (see the game's README, "Testing your
//! game").

use game_rom_tests::*;

#[test]
fn the_walk_collects_the_first_three_coins_and_jumps_once() {
    let rom = game_rom();
    let mut gx = rom.boot(&[]).unwrap_or_else(|e| panic!("{e:#}"));
    let walk = recording("walk.pad");
    let mut states = Vec::new();
    walk.play(&mut gx, |gx| states.push(State::read(gx, &rom)));
    assert_eq!(states.len() as u32, walk.frames());

    let start = states[59];
    assert!(start.on_ground() && start.score == 0, "standing at the spawn point after the fade-in: {start:?}");
    // Walking right never moves him left, and the camera follows him.
    for w in states[60..180].windows(2) {
        assert!(w[1].x >= w[0].x, "walking right: {:?} -> {:?}", w[0], w[1]);
    }
    let walked = states[179];
    assert!(walked.x > start.x + 150 && walked.camera_x > start.camera_x, "walked right: {start:?} -> {walked:?}");
    assert_eq!(walked.score, 2, "the two coins on the way");
    // The jump (frames 210..220): he leaves the ground, rises and lands where he took off.
    let air: Vec<&State> = states[210..280].iter().filter(|s| !s.on_ground()).collect();
    assert!(!air.is_empty(), "A jumps");
    let top = air.iter().map(|s| s.y).min().unwrap();
    assert!(top < walked.y - 24, "the jump rose {} px", walked.y - top);
    assert_eq!(states[279].y, walked.y, "lands on the ground he left");
    // Over the hill: its coin, and no coin counted twice.
    let end = *states.last().unwrap();
    assert!(end.x > 400 && end.on_ground(), "over the hill: {end:?}");
    assert_eq!(end.score, 3, "the hill's coin: {end:?}");
}
