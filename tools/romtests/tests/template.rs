//! The template game (src/template/, made into a standalone project by `make new-game` and
//! built by its own Makefile: out/template.md) in Genesis Plus GX: it boots, the player
//! stands on the ground, walks right with the camera following, jumps and lands; planes A
//! and B show the level's Tiled art layers (the level view, `megacollide-level-view`) for the
//! camera every frame, the background at its parallax; the player is drawn from his PNG
//! sprite sheet (`sprites/player.png`: its frames in VRAM, the walk, jump and fall pictures
//! of his animations, mirrored when he faces left; DMA-uploaded); the palette fades in to the
//! level's and the sheet's colours; the status bar's tile is the DMA fill; the screen equals
//! `reference/template.png`; the coins (the template's own entity kind, declared in its Tiled
//! project) he walks through are collected; its tune plays (audible, the driver's music
//! running) and a jump starts its PCM effect.

use emu::Pad;
use romtests::*;

/// The template's levels and sprites, compiled from src/template/ by this crate's build.rs
/// like the template's own build.rs does.
#[allow(dead_code, missing_docs, clippy::all)]
mod levels {
    include!(concat!(env!("OUT_DIR"), "/levels.rs"));
}
#[allow(dead_code, missing_docs, clippy::all)]
mod level_art {
    include!(concat!(env!("OUT_DIR"), "/art.rs"));
}
#[allow(dead_code, missing_docs, clippy::all)]
mod sprites {
    include!(concat!(env!("OUT_DIR"), "/sprites.rs"));
}

/// The template's `GAME` block (src/template/src/main.rs `State`), big-endian.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    frames: u32,
    x: i16,
    y: i16,
    camera_x: i16,
    camera_y: i16,
    flags: u8,
    facing_left: u8,
    buttons: u16,
    score: u16,
    sprite_frame: u16,
}

/// Bit 0 of the engine's body flags: standing on something.
const ON_GROUND: u8 = 1;
/// VRAM byte address of the sprite table, of the player's frames (tile 384) and of the
/// DMA-filled status bar tile (16).
const VRAM_SPRITES: usize = 0xBC00;
const PLAYER_TILE: u16 = 384;
const VRAM_BAR_TILE: usize = 16 * 32;
/// The sprites' and the text's palette line.
const SPRITE_LINE: u16 = 3;

fn read(gx: &emu::Gpgx, addr: u32) -> State {
    let b = gx.read_published(addr, 20);
    let w = |i: usize| i16::from_be_bytes([b[i], b[i + 1]]);
    State {
        frames: be32(&b[0..4]),
        x: w(4),
        y: w(6),
        camera_x: w(8),
        camera_y: w(10),
        flags: b[12],
        facing_left: b[13],
        buttons: u16::from_be_bytes([b[14], b[15]]),
        score: u16::from_be_bytes([b[16], b[17]]),
        sprite_frame: u16::from_be_bytes([b[18], b[19]]),
    }
}

/// The frames of the player's animation `name` (sprites/player.json).
fn animation(name: &str) -> &'static [u16] {
    sprites::PLAYER.animations.iter().find(|a| a.name == name).unwrap_or_else(|| panic!("no animation {name}")).frames
}

/// Both planes show the template level's art for a camera at (cx, cy): plane B (the
/// background) at its parallax, plane A (the terrain) with the camera.
fn check_art(gx: &emu::Gpgx, at: &mut Option<VramInState>, cx: i16, cy: i16, what: &str) {
    let level = levels::LEVELS[0];
    let art = level_art::LEVEL_ART[0].expect("the template's level has art layers");
    let state = gx.save_state().expect("save state");
    let vram = at.get_or_insert_with(|| VramInState::locate(&state)).extract(&state);
    let planes = [(1, art.plane_b, "plane B (background)"), (0, art.plane_a, "plane A (terrain)")];
    for (slot, plane, name) in planes {
        let p = plane.unwrap_or_else(|| panic!("the template's level has {name}"));
        let shift = p.parallax as i16;
        let cells = |tx, ty| art_plane_cells((level.width, level.height), p.cells, p.width, tx, ty);
        check_plane(&vram, slot, cx >> shift, cy >> shift, name, &cells).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
}

#[test]
fn template_walks_right_jumps_and_lands() {
    if !built(&["template.md", "template.elf"]) {
        return;
    }
    let rom = Rom::load("template").unwrap();
    let game = rom.sym("GAME");
    let (_lock, mut gx) = gpgx_with(&rom);
    let mut vram_at = None;

    // Boot and settle: on the ground at the spawn point, no input seen, standing.
    gx.run_frames(60, Pad::NONE);
    let start = read(&gx, game);
    assert!(start.frames > 30, "VBlanks counted: {start:?}");
    assert!(start.flags & ON_GROUND != 0, "the player spawns standing: {start:?}");
    assert_eq!((start.x, start.buttons, start.score), (32, 0, 0), "spawn point of levels/level1.tmj: {start:?}");
    assert_eq!(start.sprite_frame, animation("stand")[0], "standing picture");
    check_art(&gx, &mut vram_at, start.camera_x, start.camera_y, "after boot");
    assert!(levels::LEVELS[0].width > 32, "the level is wider than the plane's ring of 32 tiles");

    // Walk right for two seconds: he moves right, faces right, the camera follows, and both
    // planes follow the camera of the step before each VBlank.
    let mut last = start;
    let mut walk_pictures = std::collections::BTreeSet::new();
    for _ in 0..120 {
        gx.run_frame(Pad::RIGHT);
        let s = read(&gx, game);
        check_art(&gx, &mut vram_at, last.camera_x, last.camera_y, &format!("walking right at x {}", s.x));
        assert!(s.x >= last.x, "walking right never moves left: {last:?} -> {s:?}");
        assert_eq!(s.y, start.y, "the ground is flat here: {s:?}");
        // The harness's pad is a 3-button pad: `pad::read6` reads Right and no 6-button flag.
        assert_eq!(s.buttons, 0x08, "the ROM reads Right, 3-button pad");
        if s.x != last.x {
            walk_pictures.insert(s.sprite_frame);
        }
        last = s;
    }
    assert!(last.x > start.x + 150, "walked {} px in 120 frames", last.x - start.x);
    // The two coins on his way (x 112 and 160, value 1 each) are collected.
    assert_eq!(last.score, 2, "the coins walked through: {last:?}");
    assert!(last.camera_x > start.camera_x + 100, "the camera scrolled: {} -> {}", start.camera_x, last.camera_x);
    assert_eq!(last.facing_left, 0);
    assert_eq!(last.camera_x, last.x + 8 - 160, "the camera centres on the player: {last:?}");
    let walk: std::collections::BTreeSet<u16> = animation("walk").iter().copied().collect();
    assert_eq!(walk_pictures, walk, "every picture of the walk shown while walking");

    // Stop, then jump: he rises (the jump picture), falls (the fall picture) and lands on the
    // same ground.
    gx.run_frames(30, Pad::NONE);
    let before = read(&gx, game);
    assert!(before.flags & ON_GROUND != 0);
    assert_eq!(before.sprite_frame, animation("stand")[0], "standing again");
    let mut top = before.y;
    let mut air_pictures = std::collections::BTreeSet::new();
    for _ in 0..10 {
        gx.run_frame(Pad::A);
        let s = read(&gx, game);
        top = top.min(s.y);
        air_pictures.insert(s.sprite_frame);
    }
    let landed = gx
        .run_until(120, Pad::NONE, |gx| {
            let s = read(gx, game);
            top = top.min(s.y);
            if s.flags & ON_GROUND == 0 {
                air_pictures.insert(s.sprite_frame);
            }
            s.flags & ON_GROUND != 0
        })
        .expect("lands within 2 seconds");
    let after = read(&gx, game);
    assert!(top < before.y - 24, "the jump rose {} px", before.y - top);
    assert_eq!(after.y, before.y, "lands on the ground it left (after {landed} frames)");
    for pose in ["jump", "fall"] {
        assert!(air_pictures.contains(&animation(pose)[0]), "the {pose} picture shown in the air: {air_pictures:?}");
    }

    // On over the hill: the view passes the end of the planes' ring (512 pixels), whose
    // columns are then reused.
    let mut last = after;
    for _ in 0..100 {
        gx.run_frame(Pad::RIGHT);
        let s = read(&gx, game);
        check_art(&gx, &mut vram_at, last.camera_x, last.camera_y, &format!("walking over the hill at x {}", s.x));
        last = s;
    }
    assert!(last.camera_x + 320 > 512, "the view went past the ring: camera x {}", last.camera_x);

    // Walk left a little: he faces left and his sprite is mirrored.
    gx.run_frames(8, Pad::LEFT);
    gx.run_frames(30, Pad::NONE); // friction stops him
    let s = read(&gx, game);
    assert_eq!(s.facing_left, 1);
    check_art(&gx, &mut vram_at, s.camera_x, s.camera_y, "standing after walking left");

    // VRAM: the sprite table (uploaded by DMA in VBlank) holds the player where he is, with
    // his picture's tiles and the h-flip bit; every frame of his sheet is in VRAM from tile
    // 384; the bar tile is the DMA fill's 0x22 bytes.
    let vram = vram_in_state(&gx.save_state().unwrap());
    let e = &vram[VRAM_SPRITES..VRAM_SPRITES + 8];
    let word = |i: usize| u16::from_be_bytes([e[i], e[i + 1]]);
    assert_eq!(word(0) as i16 - 128, s.y - s.camera_y, "sprite y");
    assert_eq!(word(6) as i16 - 128, s.x - s.camera_x, "sprite x");
    assert_eq!(word(2) >> 8, 0x07, "2 x 4 tiles, last in the chain");
    assert_eq!(word(4), (SPRITE_LINE << 13) | 0x0800 | (PLAYER_TILE + s.sprite_frame * 8), "palette 3, h-flip, the picture's tiles");
    let sheet: Vec<u8> = sprites::PLAYER_TILES.iter().flat_map(|w| w.to_be_bytes()).collect();
    let first = PLAYER_TILE as usize * 32;
    assert!(vram[first..first + sheet.len()] == sheet[..], "the player's sheet (every frame) is in VRAM from tile {PLAYER_TILE}");
    assert!(
        vram[VRAM_BAR_TILE..VRAM_BAR_TILE + 32].iter().all(|&b| b == 0x22),
        "DMA-filled bar tile: {:02x?}",
        &vram[VRAM_BAR_TILE..VRAM_BAR_TILE + 36]
    );
    assert_eq!(&vram[VRAM_BAR_TILE + 32..VRAM_BAR_TILE + 36], &[0; 4], "the fill stops after its 32 bytes");
    // The font (CPU upload right after DMA was enabled) arrived: 'A' has pixels.
    assert!(vram[0x41 * 32..0x42 * 32].iter().any(|&b| b != 0), "font tiles in VRAM");
    // The picture: faded in (the level's art colours, the sheet's palette), status bar,
    // level, the player facing left.
    assert_screen(&gx, "template");

    // On over the hill (before the pit at x 640): its coin (x 416, on the top) is collected;
    // no coin counts twice.
    gx.run_until(150, Pad::RIGHT, |gx| read(gx, game).x > 430).expect("walks over the hill");
    gx.run_frames(30, Pad::NONE);
    let s = read(&gx, game);
    assert!(s.x > 430 && s.x < 620, "over the hill, before the pit: {s:?}");
    assert_eq!(s.score, 3, "the hill's coin: {s:?}");
}

#[test]
fn template_plays_its_tune_and_a_jump_sound() {
    if !built(&["template.md", "template.elf"]) {
        return;
    }
    use megadrive::sound::protocol::*;
    let rom = Rom::load("template").unwrap();
    let status = rom.sym("SOUND_STATUS");
    let (_lock, mut gx) = gpgx_with(&rom);
    gx.run_until(120, Pad::NONE, |g| g.read_u8(status) == b'R').expect("the sound driver runs");
    let at = Z80InState::locate(&gx.save_state().unwrap());
    gx.run_frames(120, Pad::NONE);
    let audio = gx.take_audio();
    let rms = (audio.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / audio.len() as f64).sqrt();
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!(z[ST_MUSIC as usize], 1, "the tune plays");
    assert!(z80_u16(&z, ST_MTICK) > 60, "the tune has played {} ticks", z80_u16(&z, ST_MTICK));
    assert!(rms > 1000.0, "the tune is too quiet: RMS {rms:.0}");
    assert_eq!(z80_u16(&z, ST_PCMCOUNT), 0);
    // A jump: its PCM effect starts with the next VBlank and plays out.
    gx.run_frame(Pad::A);
    gx.run_frames(2, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!(z80_u16(&z, ST_PCMCOUNT), 1, "the jump effect started");
    gx.run_frames(30, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!((z[ST_PCM as usize], z80_u16(&z, ST_LEFT), z[ST_UNDER as usize]), (0, 0, 0), "the jump effect played out");
    println!("template: tune RMS {rms:.0}, jump effect played");
}

/// The template as a user grows it (out/user-game.md: `tools/romtests/user-game/apply.py`
/// added a kind of object, `spring`, in the game's Tiled project, placed one in the level with
/// its `power` 6.5 (a float member: the engine's `Speed`) and played it in `src/springs.rs`;
/// and an art layer `signs` on plane A): the
/// new layer's tiles are on plane A where the template's plane has none, plane A equals the
/// changed level's art (compiled again here from out/user-game/levels with romtool's library),
/// and walking onto the spring throws the player up, where the template's player walks on.
#[test]
fn a_user_adds_a_kind_and_an_art_layer() {
    if !built(&["user-game.md", "user-game.elf", "user-game/levels"]) {
        return;
    }
    // The changed level, compiled (in memory: nothing is written) as the game's build script
    // compiled it.
    let opts = romtool_levels::Options {
        dir: out_dir().join("user-game/levels"),
        out_dir: out_dir().join("user-game/gen"),
        preview_dir: None,
        grid: false,
        require: Vec::new(),
        sprites: Some(romtool_sprites::sheet_names(&out_dir().join("user-game/sprites"))),
    };
    let (compiled, _) = romtool_levels::build_outputs(&opts).unwrap_or_else(|e| panic!("out/user-game/levels: {e:?}"));
    let (sheets, _) =
        romtool_sprites::load_dir(&out_dir().join("user-game/sprites")).unwrap_or_else(|e| panic!("out/user-game/sprites: {e:?}"));
    let spring = sheets.iter().find(|s| s.name == "spring").expect("apply.py's sheet spring");
    let level = &compiled[0];
    let plane_a = level.art.as_ref().and_then(|a| a.plane_a.as_ref()).expect("the changed level draws plane A");
    assert!(plane_a.layers.iter().any(|l| l == "signs"), "the layer signs goes to plane A: {:?}", plane_a.layers);
    let template_a = level_art::LEVEL_ART[0].and_then(|a| a.plane_a).expect("the template draws plane A");
    // The sign's tiles (apply.py's SIGN_CELLS): drawn now, nothing there in the template.
    for (tx, ty) in [(5i16, 2i16), (6, 2), (7, 2)] {
        let now = art_plane_cells((level.width, level.height), &plane_a.words, plane_a.width as u16, tx, ty);
        let before = art_plane_cells((level.width, level.height), template_a.cells, template_a.width, tx, ty);
        assert!(now.iter().all(|&w| w != 0) && before == [0; 4], "tile ({tx}, {ty}): the sign {now:04x?}, the template {before:04x?}");
    }

    let rom = Rom::load("user-game").unwrap();
    let game = rom.sym("GAME");
    let (_lock, mut gx) = gpgx_with(&rom);
    gx.run_frames(60, Pad::NONE);
    let start = read(&gx, game);
    assert!(start.flags & ON_GROUND != 0 && start.x == 32, "the player spawns standing at x 32: {start:?}");
    let state = gx.save_state().expect("save state");
    let vram = VramInState::locate(&state).extract(&state);
    let cells = |tx, ty| art_plane_cells((level.width, level.height), &plane_a.words, plane_a.width as u16, tx, ty);
    check_plane(&vram, 0, start.camera_x, start.camera_y, "plane A (terrain and signs)", &cells).unwrap_or_else(|e| panic!("{e}"));
    // The spring (x 240, y 176) is drawn, with no drawing code: a 16 x 16 sprite there whose
    // tiles are the sheet's, picture 0 or 1 of its animation `idle`.
    let spring_sprite = sprite_at(&vram, 240 - start.camera_x, 176 - start.camera_y).expect("a sprite at the spring");
    assert_eq!(spring_sprite[1] & 0x0F00, 0x0500, "16 x 16: 2 x 2 tiles");
    let first = (spring_sprite[2] & 0x07FF) as usize * 32;
    let shown: Vec<u16> = (0..64).map(|i| u16::from_be_bytes([vram[first + 2 * i], vram[first + 2 * i + 1]])).collect();
    assert!(
        spring.tiles.contains(&shown),
        "the spring's tiles in VRAM are a frame of sprites/spring.png: {spring_sprite:04x?} shows {shown:04x?}, the sheet {:04x?}",
        spring.tiles
    );

    // Walk right onto the spring (x 240..256, on the ground): thrown up without a jump.
    let mut top = start.y;
    let mut s = start;
    for _ in 0..240 {
        gx.run_frame(Pad::RIGHT);
        s = read(&gx, game);
        top = top.min(s.y);
        if s.x > 300 {
            break;
        }
    }
    assert!(s.x > 300, "walked past the spring: {s:?}");
    assert!(start.y - top > 40, "the spring threw the player up: highest y {top}, ground y {}", start.y);
    println!("user game: the sign on plane A, the spring threw the player {} px up", start.y - top);

    // The template, walked the same way, stays on the ground there.
    drop(gx);
    drop(_lock);
    let rom = Rom::load("template").unwrap();
    let game = rom.sym("GAME");
    let (_lock, mut gx) = gpgx_with(&rom);
    gx.run_frames(60, Pad::NONE);
    let start = read(&gx, game);
    let state = gx.save_state().expect("save state");
    let vram = VramInState::locate(&state).extract(&state);
    assert!(sprite_at(&vram, 240 - start.camera_x, 176 - start.camera_y).is_none(), "no spring in the template");
    for _ in 0..240 {
        gx.run_frame(Pad::RIGHT);
        let s = read(&gx, game);
        assert_eq!(s.y, start.y, "the template's ground is flat up to x 300: {s:?}");
        if s.x > 300 {
            break;
        }
    }
}

/// The entry of the VDP's sprite table (VRAM 0xBC00, followed along its links) whose
/// top-left is at screen pixel (`x`, `y`): its four words.
fn sprite_at(vram: &[u8], x: i16, y: i16) -> Option<[u16; 4]> {
    let mut i = 0usize;
    for _ in 0..80 {
        let at = 0xBC00 + 8 * i;
        let w: [u16; 4] = std::array::from_fn(|k| u16::from_be_bytes([vram[at + 2 * k], vram[at + 2 * k + 1]]));
        if (w[0] & 0x1FF) as i16 - 128 == y && (w[3] & 0x1FF) as i16 - 128 == x {
            return Some(w);
        }
        i = (w[1] & 0x7F) as usize;
        if i == 0 {
            return None;
        }
    }
    None
}

/// A screen rectangle: x, y, width, height (pixels).
type Rect = (i32, i32, i32, i32);

/// The last frame and what on it is not the planes: the status line (window row 0, the
/// score) and every hardware sprite of the table (the player, the coins left), in link
/// order from entry 0.
fn screen_and_overlays(gx: &emu::Gpgx) -> (emu::RgbImage, Vec<Rect>) {
    let vram = vram_in_state(&gx.save_state().unwrap());
    let mut overlays = vec![(0, 0, 320, 8)];
    let mut link = 0;
    for _ in 0..80 {
        let e = VRAM_SPRITES + link * 8;
        let (y, size, x) = (vram_word(&vram, e) & 0x3FF, vram[e + 2], vram_word(&vram, e + 6) & 0x1FF);
        overlays.push((x as i32 - 128, y as i32 - 128, ((size >> 2 & 3) + 1) as i32 * 8, ((size & 3) + 1) as i32 * 8));
        link = (vram[e + 3] & 0x7F) as usize;
        if link == 0 {
            break;
        }
    }
    (gx.screenshot(), overlays)
}

/// `shot` with `rects` blacked out.
fn blacked_out(shot: &emu::RgbImage, rects: &[Rect]) -> emu::RgbImage {
    let mut shot = shot.clone();
    for &(x0, y0, w, h) in rects {
        for y in y0.max(0)..(y0 + h).min(shot.height() as i32) {
            for x in x0.max(0)..(x0 + w).min(shot.width() as i32) {
                shot.put_pixel(x as u32, y as u32, emu::Rgb([0, 0, 0]));
            }
        }
    }
    shot
}

/// The planes equal a fresh start's within 2 frames of a camera jump back to the spawn
/// point, whatever made it: a Start (`Player::respawn`) far right in the level, and a fall
/// into the pit (levels/level1.tmj, x 640..672) and its respawn 60 frames later; on NTSC and
/// PAL consoles. The level view draws a jump further than the planes stream whole
/// (`View::prepare`); before it did, the far end of the level stayed on screen around the
/// player at the start.
#[test]
fn a_camera_jump_shows_the_same_screen_as_a_fresh_start_within_2_frames() {
    if !built(&["template.md", "template.elf"]) {
        return;
    }
    for region in ["ntsc-u", "pal"] {
        camera_jumps_on(region);
    }
}

/// What makes a camera jump: frames played with the pad.
type Jump<'a> = dyn Fn(&mut emu::Gpgx) + 'a;

fn camera_jumps_on(region: &str) {
    let rom = Rom::load("template").unwrap();
    let game = rom.sym("GAME");
    let options = [("genesis_plus_gx_region_detect", region)];
    let fresh = {
        let (_lock, mut gx) = gpgx_with_options(&rom, &options);
        gx.run_frames(60, Pad::NONE);
        (read(&gx, game), screen_and_overlays(&gx))
    };
    let (_lock, mut gx) = gpgx_with_options(&rom, &options);
    let mut vram_at = None;
    gx.run_frames(60, Pad::NONE);
    // Far right: the camera at the level's right end (48 tiles: 768 - 320 = 448), before the pit.
    gx.run_until(600, Pad::RIGHT, |gx| read(gx, game).camera_x >= 448).expect("walks to the level's right end");
    gx.run_frames(40, Pad::NONE);
    let far = read(&gx, game);
    assert!(far.x < 620 && far.flags & ON_GROUND != 0, "stopped before the pit: {far:?}");
    let jumps: [(&str, &Jump); 2] = [
        ("Start", &|gx| gx.run_frame(Pad::START)),
        ("the pit", &|gx| {
            gx.run_until(300, Pad::RIGHT, |gx| read(gx, game).y > 224).expect("falls into the pit, out of the map");
            gx.run_until(90, Pad::NONE, |gx| read(gx, game).x == fresh.0.x).expect("respawns within 60 frames");
        }),
    ];
    for (what, jump) in jumps {
        jump(&mut gx);
        let at = read(&gx, game);
        assert_eq!(
            (at.x, at.camera_x, at.camera_y),
            (fresh.0.x, fresh.0.camera_x, fresh.0.camera_y),
            "{region}, {what}: back at the start"
        );
        gx.run_frames(2, Pad::NONE);
        check_art(&gx, &mut vram_at, at.camera_x, at.camera_y, &format!("{region}: 2 frames after {what}"));
        // The same picture as a fresh start's, but for the sprites and the score of either.
        let (now, overlays) = screen_and_overlays(&gx);
        let (fresh_shot, fresh_overlays) = &fresh.1;
        let hidden = [&overlays[..], &fresh_overlays[..]].concat();
        emu::compare(&blacked_out(&now, &hidden), &blacked_out(fresh_shot, &hidden), emu::Tolerance::EXACT)
            .unwrap_or_else(|e| panic!("{region}, {what}: 2 frames later the screen differs from a fresh start's: {e:?}"));
        // Back to the right end for the next jump.
        gx.run_until(600, Pad::RIGHT, |gx| read(gx, game).camera_x >= 448).expect("walks to the right end again");
    }
}
