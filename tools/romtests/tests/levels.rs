//! Every level of `levels/` plays: booted in Genesis Plus GX, each is picked on the title
//! screen's level select and started with Start; the player must spawn and stand on the
//! ground with no fault, exactly as the host's world does on that level.

use emu::Pad;
use megacollide_demo::{Actions, World, LEVELS};
use romtests::*;

/// Frames from power-on until the title screen is up (boot clears VRAM with the CPU).
const BOOT_FRAMES: u32 = 60;
/// Idle frames played after Start: the player lands (from a spawn point in the air) and
/// stands still.
const SETTLE_FRAMES: usize = 120;

#[test]
fn every_level_starts_from_the_level_select_with_the_player_on_the_ground() {
    let rom = Rom::load("megacollide").unwrap();
    let g = rom.sym("GAME");
    let sv = rom.sym("SYSVARS");
    for (i, level) in LEVELS.iter().enumerate() {
        let (_lock, mut gx) = gpgx_with(&rom);
        gx.run_until(BOOT_FRAMES, Pad::NONE, |gx| game_state(gx, g).vblanks > 0 && game_state(gx, g).mode == MODE_TITLE)
            .expect("title screen within the boot budget");
        assert_eq!(game_state(&gx, g).level_count as usize, LEVELS.len(), "every level is on the level select");
        select_level(&mut gx, g, i);
        gx.run_frame(Pad::START);
        gx.run_until(10, Pad::NONE, |gx| game_state(gx, g).mode == MODE_PLAY).expect("Start on the title starts play");
        // The mode change's full redraw: the world is reset (tick 0) until the first step.
        gx.run_until(10, Pad::NONE, |gx| game_state(gx, g).tick > 0).expect("play steps the world");
        let mut host = World::new(level);
        let mut steps = 0;
        while (game_state(&gx, g).tick as usize) < SETTLE_FRAMES {
            gx.run_frame(Pad::NONE);
            steps += 1;
            assert!(steps < SETTLE_FRAMES + 10, "{}: one world step per frame", level.name);
        }
        let s = game_state(&gx, g);
        for _ in 0..s.tick {
            host.step(Actions(0));
        }
        let mut want = GameState::ZERO;
        want.capture(&host);
        assert_eq!(world_part(&s), world_part(&want), "{}: the 68000 equals the host after {} steps", level.name, s.tick);
        assert_eq!((s.mode, s.level as usize), (MODE_PLAY, i), "{}: playing the level picked", level.name);
        assert!(s.on_ground() && s.respawn_timer == 0, "{}: the player stands on the ground at ({}, {})", level.name, s.px(), s.py());
        let (x, feet) = (s.px(), s.py() + 32);
        assert!(
            level.map.is_floor(x, feet) || level.map.is_floor(x + 15, feet),
            "{}: floor under the player's feet at ({x}, {feet})",
            level.name
        );
        assert_eq!(gx.read_u32_be(sv + sysvars::FAULT), 0, "{}: no fault", level.name);
        assert_eq!(gx.read_u32_be(sv + sysvars::ALIVE), ALIVE_MAGIC, "{}: alive", level.name);
        assert_eq!(s.missed_frames, 0, "{}: no missed frame", level.name);
        println!("{}: spawned and standing at ({}, {}) after {} steps", level.name, s.px(), s.py(), s.tick);
    }
}

/// Every level with art layers shows them in the ROM: picked on the level select and played
/// walking right, planes A and B equal its art planes for the camera every frame (the
/// background plane at its parallax); Down + A swaps them for the collision shapes and back.
/// A screenshot of each (`art-NAME`) is compared with its reference.
#[test]
fn levels_with_art_show_it_and_the_overlay_shows_their_collision_shapes() {
    use megacollide_demo::level_art::LEVEL_ART;
    let rom = Rom::load("megacollide").unwrap();
    let g = rom.sym("GAME");
    let with_art: Vec<usize> = (0..LEVELS.len()).filter(|&i| LEVEL_ART[i].is_some()).collect();
    assert!(!with_art.is_empty(), "levels/ has a level with art layers");
    for i in with_art {
        let name = LEVELS[i].name;
        let (_lock, mut gx) = gpgx_with(&rom);
        gx.run_until(BOOT_FRAMES, Pad::NONE, |gx| game_state(gx, g).vblanks > 0 && game_state(gx, g).mode == MODE_TITLE)
            .expect("title screen within the boot budget");
        select_level(&mut gx, g, i);
        gx.run_frame(Pad::START);
        gx.run_until(10, Pad::NONE, |gx| game_state(gx, g).mode == MODE_PLAY).expect("Start on the title starts play");
        gx.run_until(10, Pad::NONE, |gx| game_state(gx, g).tick > 0).expect("play steps the world");
        let mut at: Option<VramInState> = None;
        let mut check = |gx: &emu::Gpgx, shapes: bool, cx: i16, cy: i16, what: &str| {
            let state = gx.save_state().expect("save state");
            let vram = at.get_or_insert_with(|| VramInState::locate(&state)).extract(&state);
            if let Err(e) = check_level_planes(&vram, i, shapes, cx, cy) {
                panic!("{name}: {what}: {e}");
            }
        };
        // Walk right: the planes follow the camera of the step before each VBlank.
        let mut prev = game_state(&gx, g);
        let mut moved = 0;
        for _ in 0..240 {
            gx.run_frame(Pad::RIGHT);
            let s = game_state(&gx, g);
            check(&gx, false, prev.camera_x, prev.camera_y, &format!("walking, tick {}", s.tick));
            moved += (s.camera_x != prev.camera_x) as u32;
            prev = s;
        }
        // Stand until the player and the camera stop; the last VBlank drew that camera.
        settle(&mut gx, g);
        let mut s = game_state(&gx, g);
        for _ in 0..300 {
            gx.run_frame(Pad::NONE);
            let t = game_state(&gx, g);
            let still = (t.camera_x, t.camera_y, t.vx) == (s.camera_x, s.camera_y, 0);
            s = t;
            if still {
                break;
            }
        }
        check(&gx, false, s.camera_x, s.camera_y, "standing");
        assert_screen(&gx, &format!("art-{name}"));
        // The overlay: the collision shapes on plane B.
        gx.run_frame(Pad::DOWN | Pad::A);
        settle(&mut gx, g);
        let s = game_state(&gx, g);
        assert_eq!(s.overlay, 1, "{name}: Down + A shows the overlay");
        check(&gx, true, s.camera_x, s.camera_y, "overlay on");
        gx.run_frame(Pad::DOWN | Pad::A);
        settle(&mut gx, g);
        let s = game_state(&gx, g);
        assert_eq!(s.overlay, 0, "{name}: Down + A hides it");
        check(&gx, false, s.camera_x, s.camera_y, "overlay off");
        assert_eq!(s.missed_frames, 0, "{name}: no missed frame");
        println!("{name}: art planes equal to the map in 240 frames walking right (camera moved in {moved}), overlay on and off");
    }
}
