//! A minimal Mega Drive platform game on the megacollide engine: the first level of
//! `levels/` scrolled through plane B, a player who walks and jumps (the engine's
//! `platformer::Player`), a camera that follows him, his sprite (flipped to face where he
//! walks), coins he collects (the game's own entity kind, [`coins`]), a palette fade-in, a
//! status line with the score, a tune and a jump sound (`sound/`, played by the `megadrive`
//! crate's Z80 driver). Start here and make it yours.
//!
//! Hardware access is the `megadrive` crate's (no `unsafe` here); rules are the engine's.
//! Frame: VBlank, then the uploads prepared by the last frame (plane, scroll, sprites,
//! palette) inside the sound driver's DMA window, then the pad, the player's step, the
//! camera and the next sprite list.
#![no_std]
#![no_main]

mod coins;

use coins::{Coins, COIN_GFX, MAX_COINS};
use core::fmt::Write;
use megacollide_engine::camera::Camera;
use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
use megadrive::rt::{self, ExceptionFrame, MainOnly, Shared};
use megadrive::sprites::SpriteList;
use megadrive::stream::{Metatiles, Streamer};
use megadrive::text::{self, Console};
use megadrive::timing::{Pacer, Standard};
use megadrive::{dma, fade, pad, sound, vdp};

/// The levels compiled from `levels/` by `romtool levels` (`make` runs it).
#[allow(dead_code, missing_docs)]
mod levels {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/out/gen/levels.rs"));
}
use levels::Level;

/// The music and effects compiled from `sound/` by `romtool sound` (`make` runs it):
/// `music/*.vgm` and `effects/*.wav` (or PSG-only `*.vgm`), one `static` each, named after
/// the file.
#[allow(dead_code, missing_docs)]
mod sounds {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/out/gen/sound.rs"));
}

/// The level played: the first in file-name order, so renaming it needs no code change.
static LEVEL: &Level = levels::LEVELS[0];

/// VDP tile of the level's shape graphics (VRAM 0x2000, after the font).
const SHAPE_TILE: u16 = 256;
/// VDP tile of the player's sprite (2 x 4 tiles, column order).
const PLAYER_TILE: u16 = 512;
/// VDP tile of the status line's background, made by a DMA fill.
const BAR_TILE: u16 = 520;
/// VDP tile of the coin sprite (2 x 2 tiles, column order).
const COIN_TILE: u16 = 524;
/// Status line column of the score.
const SCORE_COLUMN: u16 = 35;
/// Palette lines: 0 text, 1 sprites, 2 level shapes.
const TEXT_COLOURS: [u16; 4] = [0x0400, 0x0EEE, 0x00EE, 0x0A22];
const SPRITE_COLOURS: [u16; 4] = [0x0000, 0x02AE, 0x0EEE, 0x0222];

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
}

/// The test-visible state, written once per frame.
#[no_mangle]
pub static GAME: Shared<State> =
    Shared::new(State { frames: 0, x: 0, y: 0, camera_x: 0, camera_y: 0, flags: 0, facing_left: 0, buttons: 0, score: 0 });
static FRAMES: Shared<u32> = Shared::new(0);

/// Everything the main loop keeps between frames.
struct Game {
    player: Player,
    camera: Camera,
    streamer: Streamer,
    coins: Coins,
    /// The score the status line shows.
    score_shown: u16,
    sprites: SpriteList<{ 1 + MAX_COINS }>,
    /// The palette as faded so far (lines 0 to 2), and where it is going.
    palette: [u16; 48],
    target: [u16; 48],
    fading: bool,
    /// Player steps per frame: 60 a second on NTSC and PAL consoles.
    pacer: Pacer,
}

static GAME_DATA: MainOnly<Game> = MainOnly::new(Game {
    player: Player::new(0, 0, PlayerConfig::DEFAULT),
    camera: Camera::new(vdp::SCREEN_W, vdp::SCREEN_H),
    streamer: Streamer::new(vdp::PLANE_B),
    coins: Coins::new(),
    score_shown: 0,
    sprites: SpriteList::new(),
    palette: [0; 48],
    target: [0; 48],
    fading: true,
    pacer: Pacer::new(Standard::Ntsc),
});

/// The level's map tiles as plane cells: 16 x 16-pixel tile = 2 x 2 VDP tiles.
struct Tiles(&'static Level);

impl Metatiles for Tiles {
    fn cells(&self, tx: i16, ty: i16) -> [u16; 4] {
        let l = self.0;
        let inside = tx >= 0 && ty >= 0 && (tx as u16) < l.width && (ty as u16) < l.height;
        let id = if inside { l.map.tile(tx, ty) } else { 0 };
        let first = vdp::cell(2, SHAPE_TILE + levels::shape_vdp_tile(id));
        [first, first + 1, first + 2, first + 3]
    }
}

/// Entered from the start-up code with interrupts masked.
#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    pad::init();
    sound::init(Standard::detect());
    sound::play_music(&sounds::TUNE);
    vdp::display_off(); // blank, DMA on: upload everything at full speed
    text::load_font();
    vdp::load_words(SHAPE_TILE * vdp::TILE_BYTES, &levels::SHAPE_GFX);
    vdp::load_words((SHAPE_TILE + (levels::SHAPE_COUNT as u16) * 4) * vdp::TILE_BYTES, LEVEL.height_gfx);
    dma::copy_to_vram(&PLAYER_GFX, PLAYER_TILE * vdp::TILE_BYTES);
    dma::copy_to_vram(&COIN_GFX, COIN_TILE * vdp::TILE_BYTES);
    dma::fill_vram(BAR_TILE * vdp::TILE_BYTES, vdp::TILE_BYTES, 0x33);
    GAME_DATA.with(|g| {
        g.target[..4].copy_from_slice(&TEXT_COLOURS);
        g.target[16..20].copy_from_slice(&SPRITE_COLOURS);
        g.target[32..48].copy_from_slice(&levels::SHAPE_PALETTE);
        g.pacer = Pacer::new(Standard::detect());
        let spawn = LEVEL.spawn.unwrap_or(levels::LevelPoint { x: 16, y: 16 });
        g.player = Player::new(spawn.x, spawn.y, PlayerConfig::DEFAULT);
        g.coins.load(LEVEL);
        g.camera.follow(g.player.body.rect(), LEVEL.map);
        g.streamer.redraw(&Tiles(LEVEL), g.camera.x, g.camera.y);
        status_line();
        show_score(0);
        g.build_sprites();
        g.sprites.upload_dma();
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
        });
    }
}

impl Game {
    /// In VBlank: the plane's new columns and rows, scroll, sprites, palette. The DMA
    /// transfers run in the sound driver's DMA window; its end sends the frame's sound
    /// requests to the driver.
    fn vblank_work(&mut self) {
        sound::begin_vblank();
        self.streamer.update(&Tiles(LEVEL), self.camera.x, self.camera.y);
        self.sprites.upload_dma();
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

    /// The pad, one step of the player, the camera and the next sprite list.
    fn update(&mut self, buttons: u16) {
        let input = Input {
            left: buttons & pad::LEFT != 0,
            right: buttons & pad::RIGHT != 0,
            jump: buttons & (pad::A | pad::B | pad::C) != 0,
        };
        if buttons & pad::START != 0 {
            self.player.respawn();
        }
        if self.player.update(input, LEVEL.map, &[]).contains(Events::JUMPED) {
            sound::play_effect(&sounds::JUMP, 10);
        }
        if !self.player.is_dead() {
            self.coins.collect(self.player.body.rect());
        }
        self.camera.follow(self.player.body.rect(), LEVEL.map);
        self.build_sprites();
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
        });
    }

    /// The player's sprite (mirrored when he faces left), unless he fell out of the map, then
    /// the coins on screen.
    fn build_sprites(&mut self) {
        self.sprites.clear();
        if !self.player.is_dead() {
            let p = self.player.body.rect();
            let flip = if self.player.facing_left { vdp::HFLIP } else { 0 };
            self.sprites.push(p.x - self.camera.x, p.y - self.camera.y, 2, 4, vdp::cell(1, PLAYER_TILE) | flip);
        }
        for c in self.coins.remaining() {
            let (sx, sy) = (c.x - self.camera.x, c.y - self.camera.y);
            if sx > -16 && sx < vdp::SCREEN_W && sy > -16 && sy < vdp::SCREEN_H {
                self.sprites.push(sx, sy, 2, 2, vdp::cell(1, COIN_TILE));
            }
        }
    }
}

/// The status line on plane A: the level's name and the console's video standard, on a bar
/// of the DMA-filled tile.
fn status_line() {
    for x in 0..text::COLUMNS {
        vdp::set_cell(vdp::PLANE_A, x, 0, vdp::cell(0, BAR_TILE));
    }
    let mut con = Console::at(1, 0, 0);
    let _ = write!(con, "{}  {}  <> walk  ABC jump", LEVEL.name, if Standard::detect() == Standard::Pal { "PAL" } else { "NTSC" });
}

/// The score at the end of the status line (3 digits, by subtraction: no division).
fn show_score(score: u16) {
    let mut con = Console::at(SCORE_COLUMN, 0, 0);
    con.put(b'$');
    con.decimal3(score);
}

/// The player's 16 x 32 picture: colour 1 body, 3 outline, 2 an eye on the side he faces.
const fn player_pixel(x: usize, y: usize) -> u16 {
    if x == 0 || x == 15 || y == 0 || y == 31 {
        3
    } else if x >= 10 && x < 13 && y >= 6 && y < 10 {
        2
    } else {
        1
    }
}

/// [`player_pixel`] as 8 VDP tiles in sprite (column) order, 16 words each.
const PLAYER_GFX: [u16; 128] = {
    let mut words = [0u16; 128];
    let mut i = 0;
    while i < 128 {
        let (tile, row, half) = (i >> 4, (i >> 1) & 7, i & 1);
        let (x0, y) = ((tile >> 2) * 8 + half * 4, (tile & 3) * 8 + row);
        let mut w = 0u16;
        let mut k = 0;
        while k < 4 {
            w |= player_pixel(x0 + k, y) << (12 - 4 * k);
            k += 1;
        }
        words[i] = w;
        i += 1;
    }
    words
};

/// Each VBlank (from the start-up code).
#[no_mangle]
pub extern "C" fn vblank_handler() {
    FRAMES.set(FRAMES.get().wrapping_add(1));
}

/// A panic: the message on screen, then stop.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    rt::interrupts_off();
    let _ = write!(Console::at(0, 2, 0), "PANIC {}", info);
    loop {}
}

/// A 68000 exception: its vector and address on screen, then stop.
#[no_mangle]
pub extern "C" fn exception_handler(vector: u32, frame: ExceptionFrame) -> ! {
    let mut con = Console::at(0, 2, 0);
    con.print("EXCEPTION ");
    con.hex(vector, 2);
    con.print(" PC ");
    con.hex(frame.pc(vector), 6);
    loop {}
}

/// `llvm.trap` calls this.
#[no_mangle]
pub extern "C" fn abort() -> ! {
    panic!("abort")
}
