//! A minimal Mega Drive platform game on the megacollide engine: the first level of
//! `levels/` drawn from its Tiled art layers (terrain on plane A, a background on plane B
//! with parallax; megacollide's level view streams both as the camera moves), a player who
//! walks and jumps (the engine's `platformer::Player`), drawn from the PNG sprite sheet
//! `sprites/player.png` by the sprite engine (`megadrive::sprite_engine`: standing, walking,
//! jumping and falling, mirrored to face where he walks), a camera that follows him, coins he collects (the game's own entity kind,
//! [`coins`], drawn from `sprites/coin.png`), a palette fade-in, a status line with the
//! score, a tune and a jump sound (`sound/`, played by the `megadrive` crate's Z80 driver).
//! Start here and make it yours.
//!
//! Hardware access is the `megadrive` crate's (no `unsafe` here); rules are the engine's.
//! Frame: VBlank, then the uploads prepared by the last frame (planes, scroll, sprites,
//! palette) inside the sound driver's DMA window, then the pad, the player's step, the
//! coins, the camera, the planes' new strips and the next sprite list.
#![no_std]
#![no_main]

mod coins;

use coins::{Coins, MAX_COINS};
use core::fmt::Write;
use megacollide_engine::camera::Camera;
use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig, Speed};
use megacollide_level_view::{romtool_level, romtool_shapes, View};
use megadrive::rt::{self, halt, ExceptionFrame, MainOnly, Published, Shared};
use megadrive::sprite_engine::{Handle, SpriteEngine};
use megadrive::text::{self, Console};
use megadrive::timing::{Pacer, Standard};
use megadrive::{dma, fade, pad, sound, vdp};

/// The levels compiled from `levels/` (build.rs): tiles, engine maps, spawn points.
#[allow(dead_code, missing_docs)]
mod levels {
    include!(concat!(env!("OUT_DIR"), "/levels.rs"));
}
/// The levels' art layers (VDP cells, palettes, plane name tables): `LEVEL_ART[i]` is the
/// art of `LEVELS[i]`.
#[allow(dead_code, missing_docs)]
mod level_art {
    include!(concat!(env!("OUT_DIR"), "/art.rs"));
}
/// The sprite sheets of `sprites/` (build.rs): VDP tiles, masks, animations, the palette.
#[allow(dead_code, missing_docs)]
mod sprites {
    include!(concat!(env!("OUT_DIR"), "/sprites.rs"));
}
use levels::Level;
use sprites::{coin, player};

/// The music and effects of `sound/` (build.rs): `music/*.vgm` and `effects/*.wav` (or
/// PSG-only `*.vgm`), one `static` each, named after the file.
#[allow(dead_code, missing_docs)]
mod sounds {
    include!(concat!(env!("OUT_DIR"), "/sound.rs"));
}

/// The level played: the first in file-name order, so renaming it needs no code change.
static LEVEL: &Level = levels::LEVELS[0];

/// VDP tiles of the sprites (the sprite engine's: 384 to 511 are the game's, between the
/// level view's shape graphics and its art).
const SPRITE_TILES: (u16, u16) = (384, 128);
const _: () = assert!(SPRITE_TILES.0 + SPRITE_TILES.1 <= level_art::FIRST_ART_TILE);
// The resident sheets of `sprites/` fit there: else the build stops naming them.
const _: () = sprites::check_vram(SPRITE_TILES.1);
/// VDP tile of the status line's background, made by a DMA fill (before the font at 32).
const BAR_TILE: u16 = 16;
/// Palette line of the text: the sprites' (lines 0 to 2 are the level's).
const TEXT_LINE: u16 = sprites::SPRITE_LINE;
/// Most objects of drawn kinds (the sprite engine's room for them; more are not drawn).
const MAX_DRAWN: usize = 16;
/// Entities looked at for drawn kinds: a level's first `MAX_ENTITIES` (by object id).
const MAX_ENTITIES: usize = 48;
/// Status line column of the score.
const SCORE_COLUMN: u16 = 35;

/// What tests (and debuggers) read: the ELF symbol `GAME`. Big-endian in RAM.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct State {
    /// VBlanks since boot.
    pub frames: u32,
    /// Player's top-left, pixels.
    pub x: i16,
    /// See `x`.
    pub y: i16,
    /// Camera's top-left, pixels.
    pub camera_x: i16,
    /// See `camera_x`.
    pub camera_y: i16,
    /// The player body's engine flags (bit 0: on the ground).
    pub flags: u8,
    /// 1 when the player faces left.
    pub facing_left: u8,
    /// Buttons read this frame (`megadrive::pad` bits).
    pub buttons: u16,
    /// The coins' score (the sum of the values of the coins collected).
    pub score: u16,
    /// The frame of the player's sprite sheet shown.
    pub sprite_frame: u16,
}

/// The test-visible state, written once per frame; tests read its complete copy
/// (`rt::Published`: a frame of the emulator can end in the middle of the write).
#[no_mangle]
pub static GAME: Published<State> = Published::new(State {
    frames: 0,
    x: 0,
    y: 0,
    camera_x: 0,
    camera_y: 0,
    flags: 0,
    facing_left: 0,
    buttons: 0,
    score: 0,
    sprite_frame: 0,
});
static FRAMES: Shared<u32> = Shared::new(0);

/// Everything the main loop keeps between frames.
struct Game {
    player: Player,
    camera: Camera,
    view: View<'static>,
    coins: Coins,
    /// The score the status line shows.
    score_shown: u16,
    /// The player's and the coins' sprites.
    sprites: SpriteEngine<{ 1 + MAX_COINS + MAX_DRAWN }>,
    player_sprite: Option<Handle>,
    coin_sprites: [Option<Handle>; MAX_COINS],
    /// The sprites of the level's entities whose kind is drawn (its Tiled class names a sheet
    /// in its member `sprite`), by entity index: the engine draws, animates and scrolls them.
    #[allow(dead_code, reason = "for the game's behaviour code, to move, animate or hide them")]
    drawn: [Option<Handle>; MAX_ENTITIES],
    /// The palette as faded so far, and where it is going.
    palette: [u16; 64],
    target: [u16; 64],
    fading: bool,
    /// Player steps per frame: 60 a second on NTSC and PAL consoles.
    pacer: Pacer,
}

static GAME_DATA: MainOnly<Game> = MainOnly::new(Game {
    player: Player::new(0, 0, PlayerConfig::DEFAULT),
    camera: Camera::new(vdp::SCREEN_W, vdp::SCREEN_H),
    view: View::new(romtool_shapes!(levels)),
    coins: Coins::new(),
    score_shown: 0,
    sprites: SpriteEngine::new(SPRITE_TILES.0, SPRITE_TILES.1),
    player_sprite: None,
    coin_sprites: [None; MAX_COINS],
    drawn: [None; MAX_ENTITIES],
    palette: [0; 64],
    target: [0; 64],
    fading: true,
    pacer: Pacer::new(Standard::Ntsc),
});

/// Entered from the start-up code with interrupts masked.
#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    pad::init();
    sound::init(Standard::detect());
    sound::play_music(&sounds::TUNE);
    vdp::display_off(); // blank, DMA on: upload everything at full speed
    text::load_font();
    dma::fill_vram(BAR_TILE * vdp::TILE_BYTES, vdp::TILE_BYTES, 0x22);
    GAME_DATA.with(|g| {
        g.pacer = Pacer::new(Standard::detect());
        let spawn = LEVEL.spawn.unwrap_or(levels::LevelPoint { x: 16, y: 16 });
        g.player = Player::new(spawn.x, spawn.y, PlayerConfig::DEFAULT);
        g.coins.load(LEVEL);
        // The player first: drawn on top of the coins.
        let r = g.player.body.rect();
        g.player_sprite = g.sprites.add(&player::SHEET, &player::STAND, r.x, r.y);
        for (sprite, coin) in g.coin_sprites.iter_mut().zip(g.coins.boxes()) {
            *sprite = g.sprites.add(&coin::SHEET, &coin::STILL, coin.x, coin.y);
        }
        // Entities of drawn kinds: no code per kind.
        levels::add_drawn_entities(LEVEL, &mut g.sprites, &mut g.drawn);
        g.camera.follow(g.player.body.rect(), LEVEL.map);
        let art = level_art::LEVEL_ART[0];
        g.view.load(romtool_level!(LEVEL, art, level_art), false, g.camera.x, g.camera.y);
        // The level's colours (lines 0 to 2) and the sprites' (line 3, and any line a sheet
        // names), faded in from black.
        let mut level_lines = [0; 48];
        g.view.palette(&mut level_lines);
        g.target[..48].copy_from_slice(&level_lines);
        for (line, colours) in &sprites::SPRITE_PALETTES {
            g.target[*line as usize * 16..][..16].copy_from_slice(colours);
        }
        vdp::load_palette(0, &g.palette);
        status_line();
        show_score(0);
        g.build_sprites();
        g.sprites.upload();
    });
    vdp::display_on();
    rt::interrupts_on();
    loop {
        let start = FRAMES.get();
        while FRAMES.get() == start {}
        GAME_DATA.with(|g| {
            g.vblank_work();
            let buttons = pad::read6(pad::Port::One);
            // One step per frame on NTSC; on PAL one frame in five runs two, so the game
            // keeps its speed (see megadrive::timing).
            for _ in 0..g.pacer.steps() {
                g.update(buttons);
            }
            g.view.prepare(g.camera.x, g.camera.y);
            g.build_sprites();
        });
    }
}

impl Game {
    /// In VBlank: the planes' new columns and rows, scroll, sprites, palette. The DMA
    /// transfers run in the sound driver's DMA window; its end sends the frame's sound
    /// requests to the driver.
    fn vblank_work(&mut self) {
        sound::begin_vblank();
        self.view.upload();
        self.sprites.upload();
        if self.score_shown != self.coins.score {
            self.score_shown = self.coins.score;
            show_score(self.score_shown);
        }
        sound::end_vblank();
        if self.fading && FRAMES.get() & 3 == 0 {
            self.fading = !fade::step_towards(&mut self.palette, &self.target);
            vdp::load_palette(0, &self.palette);
        }
    }

    /// The pad, one step of the player, the camera and his animation.
    fn update(&mut self, buttons: u16) {
        let input =
            Input { left: buttons & pad::LEFT != 0, right: buttons & pad::RIGHT != 0, jump: buttons & (pad::A | pad::B | pad::C) != 0 };
        if buttons & pad::START != 0 {
            self.player.respawn();
        }
        if self.player.update(input, LEVEL.map, &[]).contains(Events::JUMPED) {
            sound::play_effect(&sounds::JUMP, 10);
        }
        if !self.player.is_dead() {
            let collected = self.coins.collect(self.player.body.rect());
            for (i, sprite) in self.coin_sprites.iter_mut().enumerate() {
                if collected & (1 << i) != 0 {
                    if let Some(h) = sprite.take() {
                        self.sprites.remove(h);
                    }
                }
            }
        }
        self.camera.follow(self.player.body.rect(), LEVEL.map);
        self.animate();
        let p = self.player.body.rect();
        GAME.set(State {
            frames: FRAMES.get(),
            x: p.x,
            y: p.y,
            camera_x: self.camera.x,
            camera_y: self.camera.y,
            flags: self.player.body.flags.0,
            facing_left: self.player.facing_left as u8,
            buttons,
            score: self.coins.score,
            sprite_frame: self.player_sprite.map_or(0, |h| self.sprites.frame(h)),
        });
    }

    /// One step of the sprites' animations, then the player's picture: in the air jump or
    /// fall, on the ground walk or stand (each picture shows for its animation's `duration`
    /// steps), mirrored when he faces left, hidden while he waits to respawn.
    fn animate(&mut self) {
        let Some(h) = self.player_sprite else { return };
        self.sprites.animate();
        let p = &self.player;
        let next = if !p.body.on_ground() {
            if p.vy < Speed::ZERO {
                &player::JUMP
            } else {
                &player::FALL
            }
        } else if p.vx != Speed::ZERO {
            &player::WALK
        } else {
            &player::STAND
        };
        self.sprites.set_animation(h, next);
        self.sprites.set_flip(h, p.facing_left, false);
        let r = p.body.rect();
        self.sprites.set_position(h, r.x, r.y);
        self.sprites.set_visible(h, !p.is_dead());
    }

    /// The sprite table for the camera (the sprite engine culls what is off screen).
    fn build_sprites(&mut self) {
        self.sprites.update(self.camera.x, self.camera.y);
    }
}

/// The status line on the window plane's top row (not scrolled): the level's name and the
/// console's video standard, on a bar of the DMA-filled tile.
fn status_line() {
    vdp::clear_window();
    vdp::set_window_rows(1);
    for x in 0..text::COLUMNS {
        vdp::set_cell(vdp::WINDOW, x, 0, vdp::cell(TEXT_LINE, BAR_TILE));
    }
    let mut con = Console::window(1, 0, TEXT_LINE);
    let _ = write!(con, "{}  {}  <> walk  ABC jump", LEVEL.name, if Standard::detect() == Standard::Pal { "PAL" } else { "NTSC" });
}

/// The score at the end of the status line (3 digits, by subtraction: no division).
fn show_score(score: u16) {
    let mut con = Console::window(SCORE_COLUMN, 0, TEXT_LINE);
    con.put(b'$');
    con.decimal3(score);
}

/// Each VBlank (from the start-up code).
#[no_mangle]
pub extern "C" fn vblank_handler() {
    FRAMES.set(FRAMES.get().wrapping_add(1));
}

/// A panic: the message on screen, then stop.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    rt::interrupts_off();
    let _ = write!(Console::window(0, 0, TEXT_LINE), "PANIC {}", info);
    halt()
}

/// A 68000 exception: its vector and address on screen, then stop.
#[no_mangle]
pub extern "C" fn exception_handler(vector: u32, frame: ExceptionFrame) -> ! {
    let mut con = Console::window(0, 0, TEXT_LINE);
    con.print("EXCEPTION ");
    con.hex(vector, 2);
    con.print(" PC ");
    con.hex(frame.pc(vector), 6);
    halt()
}

/// `llvm.trap` calls this.
#[no_mangle]
pub extern "C" fn abort() -> ! {
    panic!("abort")
}
