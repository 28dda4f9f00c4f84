//! The demo world's rules on the host: enemies patrol and turn at walls and ledges, the
//! platform travels its path and carries a rider, the camera pans at most one tile per
//! frame, the attract script reaches the end of the level.

use megacollide_demo::levels::{Level, LEVELS};
use megacollide_demo::script::attract_level;
use megacollide_demo::world::{Actions, World, CAMERA_MAX_STEP};
use megacollide_demo::{ScriptPlayer, ATTRACT};
use megacollide_engine::body::Flags;

/// The level the attract script walks (these tests check its course).
fn demo() -> &'static Level {
    attract_level().expect("the attract script's level is in levels/")
}

#[test]
fn every_level_starts_with_the_player_standing_on_the_ground() {
    assert!(!LEVELS.is_empty());
    for level in LEVELS.iter() {
        let mut w = World::new(level);
        for _ in 0..120 {
            w.step(Actions(0));
        }
        let b = w.player.body;
        assert!(b.on_ground() && !w.player.is_dead(), "{}: the player stands at ({}, {})", level.name, b.px(), b.py());
        assert!(level.map.is_floor(b.px(), b.py() + b.h as i16) || level.map.is_floor(b.px() + b.w as i16 - 1, b.py() + b.h as i16));
    }
}

#[test]
fn a_level_with_only_collision_tiles_is_playable() {
    // 24 x 14 tiles, no spawn point and no entities: a floor at row 12, a wall over the
    // first three columns up to row 3, a step.
    let (w, h) = (24usize, 14usize);
    let mut tiles = vec![0u16; w * h];
    for x in 0..w {
        tiles[12 * w + x] = 2;
        tiles[13 * w + x] = 2;
    }
    for y in 3..12 {
        for x in 0..3 {
            tiles[y * w + x] = 2;
        }
    }
    tiles[11 * w + 10] = 2;
    let tiles: &'static [u16] = Box::leak(tiles.into_boxed_slice());
    let rows: &'static [u16] = Box::leak((0..h as u16).map(|y| y * w as u16).collect::<Vec<_>>().into_boxed_slice());
    let map = Box::leak(Box::new(megacollide_engine::Map::new(tiles, w as u16, h as u16, rows)));
    let level: &'static Level = Box::leak(Box::new(Level {
        name: "bare",
        width: w as u16,
        height: h as u16,
        tiles,
        row_offsets: rows,
        map,
        height_tiles: &[],
        height_gfx: &[],
        spawn: None,
        entities: &[],
    }));
    let spawn = megacollide_demo::world::find_spawn(map, 16, 32);
    assert_eq!((spawn.x, spawn.y), (0, 3 * 16 - 32), "on top of the wall, the first ground from the left");
    let mut world = World::new(level);
    assert_eq!((world.enemy_count, world.platform_count, world.potato_count, world.goal.w), (0, 0, 0, 0));
    for _ in 0..200 {
        world.step(Actions(Actions::RIGHT));
    }
    let b = world.player.body;
    assert!(b.on_ground() && b.px() > 100, "walked off the wall onto the floor: ({}, {})", b.px(), b.py());
}

#[test]
#[allow(clippy::needless_range_loop, reason = "enemy i is looked up in several of the world's arrays")]
fn enemies_turn_only_at_walls_and_ledges() {
    let mut w = World::new(demo());
    let mut turns = vec![0u32; w.enemy_count as usize];
    let (mut at_walls, mut at_ledges) = (0, 0);
    for i in 0..w.enemy_count as usize {
        // Park the camera on the enemy so it is active, and watch it for 20 seconds.
        for _ in 0..1200 {
            let b = *w.enemies[i].patrol.body();
            w.camera.x = b.px() - 160;
            w.camera.y = (b.py() - 112).clamp(0, 224);
            let before = w.enemies[i].dir();
            w.step(Actions(0));
            let (e, b) = (w.enemies[i], *w.enemies[i].patrol.body());
            if e.dir() != before {
                turns[i] += 1;
                let f = b.flags;
                let wall = f.contains(Flags::HIT_LEFT) || f.contains(Flags::HIT_RIGHT);
                // A ledge: no floor under the next column ahead (in the old direction).
                let x = if before > 0 { b.px() + b.w as i16 } else { b.px() - 1 };
                let y = b.py() + b.h as i16;
                let ledge = !demo().map.is_floor(x, y) && !demo().map.column_solid(x, y, y + 7);
                assert!(wall || ledge, "enemy {i} turned at x {} without a wall or a ledge", b.px());
                at_walls += wall as u32;
                at_ledges += (ledge && !wall) as u32;
            }
            assert!(b.on_ground() || b.vy.to_bits() > 0, "enemy {i} stays on the ground");
        }
        assert!(turns[i] >= 2, "enemy {i} patrols back and forth ({} turns)", turns[i]);
    }
    assert!(at_walls > 0 && at_ledges > 0, "turns at walls {at_walls}, at ledges {at_ledges}");
}

/// The world's index of the enemy named `name` in the level (the world places the level's
/// enemies in the order of its objects).
fn enemy_index(level: &megacollide_demo::levels::Level, name: &str) -> usize {
    let enemies: Vec<_> = level.entities.iter().filter(|e| matches!(e.kind, megacollide_demo::levels::EntityKind::Enemy(_))).collect();
    enemies.iter().position(|e| e.name == name).unwrap_or_else(|| panic!("no enemy {name} in {}", level.name))
}

#[test]
fn enemies_far_from_the_view_wait() {
    let mut w = World::new(demo());
    let i = enemy_index(demo(), "walker1");
    let far = *w.enemies[i].patrol.body();
    assert!(far.px() > 1000, "walker1 is far from the spawn");
    for _ in 0..100 {
        w.step(Actions(0));
    }
    assert_eq!(*w.enemies[i].patrol.body(), far, "an enemy off screen does not move");
}

#[test]
fn the_platform_travels_its_path_back_and_forth() {
    let mut w = World::new(demo());
    let start = w.solids[0].rect;
    let path = demo().entities.iter().find(|e| e.name == "lift").unwrap().path;
    let (x0, x1) = (path[0].x, path[1].x);
    let mut xs = vec![];
    for _ in 0..400 {
        w.step(Actions(0));
        let s = w.solids[0];
        assert!(s.dx.abs() <= 1 && s.dy == 0, "one pixel per frame along x");
        xs.push(s.rect.x);
    }
    assert_eq!(start.x, x0);
    assert_eq!(*xs.iter().max().unwrap(), x1, "reaches the far end");
    assert_eq!(*xs.iter().min().unwrap(), x0, "and comes back");
}

#[test]
fn the_camera_pans_at_most_one_tile_per_frame() {
    let mut w = World::new(demo());
    let mut p = ScriptPlayer::new(&ATTRACT);
    let mut prev = w.camera;
    let mut panned = false;
    while let Some(i) = p.next_input() {
        w.step(i);
        let c = w.camera;
        assert!((c.x - prev.x).abs() <= CAMERA_MAX_STEP && (c.y - prev.y).abs() <= CAMERA_MAX_STEP);
        panned |= (c.x - prev.x).abs() == CAMERA_MAX_STEP; // the pan back after the respawn
        prev = c;
    }
    assert!(panned, "the respawn pans the camera back at full speed");
    assert!(w.at_goal || w.player.body.px() == 3056, "the script reaches the end of the level");
}

/// Enemies of the crowd at the end of the demo course (`crowd*` in levels/demo.tmj).
const CROWD: usize = 24;

/// The attract run passes through the crowd: all of it near the view (moving) at once with
/// the player and the level's other walkers, and on the way its enemies walk, fall (they start
/// in the air or land after a turn), and turn at walls.
#[test]
fn the_attract_run_passes_through_the_crowd() {
    let level = demo();
    let enemies: Vec<_> = level.entities.iter().filter(|e| matches!(e.kind, megacollide_demo::levels::EntityKind::Enemy(_))).collect();
    let crowd: Vec<usize> = (0..enemies.len()).filter(|&i| enemies[i].name.starts_with("crowd")).collect();
    assert_eq!(crowd.len(), CROWD, "the crowd's enemies in {}", level.name);
    let mut w = World::new(level);
    let mut p = ScriptPlayer::new(&ATTRACT);
    let (mut most, mut most_at) = (0, 0);
    let (mut walked, mut fell, mut turned) = (0u32, 0u32, 0u32);
    while let Some(i) = p.next_input() {
        let before = w.enemies.map(|e| *e.patrol.body());
        let dirs: Vec<i8> = w.enemies.iter().map(|e| e.dir()).collect();
        w.step(i);
        if w.active_enemies > most {
            (most, most_at) = (w.active_enemies, w.tick);
        }
        for &k in &crowd {
            let (a, b) = (before[k], *w.enemies[k].patrol.body());
            walked += (b.on_ground() && b.px() != a.px()) as u32;
            fell += (!b.on_ground() && b.py() > a.py()) as u32;
            turned += (w.enemies[k].dir() != dirs[k]) as u32;
        }
    }
    assert!(most as usize >= CROWD, "at most {most} enemies active at once");
    assert!(walked > 0 && fell > 0 && turned > 0, "crowd: walked {walked}, fell {fell}, turned {turned} times");
    println!("crowd: {most} enemies active at once (tick {most_at}); crowd steps walked {walked}, fallen {fell}, turns {turned}");
}
