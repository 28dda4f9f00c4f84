//! The demo game on the console: title screen with a level select, play with the pad,
//! attract mode; every
//! frame's work (VBlank uploads first, then input, the world step and the next frame's
//! sprites), the debug overlay and the frame timing.
//!
//! The rules themselves live in the `megacollide-demo` crate (host-testable); this module
//! only reads the pad, draws, and plays the sound: the title's music on the title screen,
//! the play music while playing (and in attract mode), and an effect for each event of a
//! world step (`play_effects`).

use megacollide_demo::levels::{Level, LEVELS};
use megacollide_demo::script::{attract_level, ATTRACT};
use megacollide_demo::state::{MODE_ATTRACT, MODE_PLAY, MODE_TITLE, WARP_REQUEST};
use megacollide_demo::world::{Actions, World, CAMERA_MAX_STEP};
use megacollide_demo::{GameState, ScriptPlayer};

use crate::levels;
use crate::rt;
use crate::sounds;
use crate::sprites;
use crate::sysvars::{ALIVE_MAGIC, SYSVARS};
use megacollide_demo::art::HIGHLIGHT_WORDS;
use megacollide_demo::draw::{Objects, Sprites};
use megacollide_engine::platformer::Events;
use megacollide_level_view::View;
use megadrive::pad;
use megadrive::rt::{MainOnly, Published, Shared};
use megadrive::sound::{self, Song};
use megadrive::text::Console;
use megadrive::timing::{self, Pacer, Standard};
use megadrive::vdp;

/// The jump buttons.
const JUMP: u16 = pad::A | pad::B | pad::C;

/// Frames without a button on the title screen before attract mode starts (3 seconds).
pub const ATTRACT_DELAY: u16 = 180;

/// The level the title screen shows first and the game starts on: the first of `LEVELS`
/// (file-name order). Every level of `levels/` is on the level select; none is named here.
const FIRST_LEVEL: &Level = LEVELS[0];

/// The game state tests read (see `megacollide_demo::state` for the layout); written once
/// per frame after the world step. Tests find it by its ELF symbol and read the complete copy
/// (`rt::Published`: a frame of the emulator can end in the middle of the write).
#[no_mangle]
pub static GAME: Published<GameState> = Published::new(GameState::ZERO);

/// A debug warp, for tests and debuggers: write [`WARP_REQUEST`]` | x << 16 | y` (the
/// player's new pixel-space top-left, each `0 ..= 0x7FFF`) and the next step in play puts
/// the player there at rest with the view on it (`World::warp`), then clears it. Tests find it by its ELF
/// symbol (random play warps to the map's four borders with it).
#[no_mangle]
pub static WARP: Shared<u32> = Shared::new(0);

/// Everything the main loop keeps between frames.
struct App {
    world: World,
    /// The level select's choice: an index into `LEVELS`.
    choice: u8,
    /// The world's level changed or the overlay was toggled on a level with art: the level's
    /// graphics and palettes must be loaded (display off).
    level_gfx_dirty: bool,
    script: ScriptPlayer,
    state: GameState,
    mode: u8,
    idle: u16,
    prev_buttons: u16,
    overlay: bool,
    view: View<'static>,
    /// The sprite engine, and the objects the demo shows (added at boot).
    sprites: Sprites,
    objects: Option<Objects>,
    /// The overlay's highlight of the overlapping pixels, drawn on a hit; uploaded in the
    /// next VBlank when `highlight_ready`.
    highlight: [u16; HIGHLIGHT_WORDS],
    highlight_ready: bool,
    /// Plane A text must be rewritten for a new mode.
    text_dirty: bool,
    /// The last HUD values drawn (redrawn only when they change).
    hud_hit: u8,
    hud_lines: u16,
    /// The next VBlank redraws everything with the display off (a mode change, a new level,
    /// the overlay on a level with art) instead of uploading the prepared strips. (A camera
    /// jump is the level view's: its upload draws the planes whole.)
    redraw_needed: bool,
    /// A mode started: its blanked redraw lets the enemies settle (`World::settle_enemies`).
    settle_pending: bool,
    /// NTSC or PAL (read at boot).
    standard: Standard,
    /// World steps per frame: 60 a second on NTSC and PAL.
    pacer: Pacer,
    /// The song asked for last (`None` before the first).
    song: Option<&'static Song>,
    /// The world's HIT and enemy touch count after the last step (effects start on changes).
    last_hit: bool,
    last_touches: u8,
}

static APP: MainOnly<App> = MainOnly::new(App {
    world: World::empty(FIRST_LEVEL),
    choice: 0,
    level_gfx_dirty: false,
    script: ScriptPlayer::new(&ATTRACT),
    state: GameState::ZERO,
    mode: MODE_TITLE,
    idle: 0,
    prev_buttons: 0,
    overlay: false,
    view: View::new(levels::SHAPES),
    sprites: Sprites::new(sprites::FIRST_TILE, megacollide_demo::draw::TILES),
    objects: None,
    highlight: [0; HIGHLIGHT_WORDS],
    highlight_ready: false,
    text_dirty: true,
    hud_hit: 0xFF,
    hud_lines: 0xFFFF,
    redraw_needed: false,
    settle_pending: false,
    standard: Standard::Ntsc,
    pacer: Pacer::new(Standard::Ntsc),
    song: None,
    last_hit: false,
    last_touches: 0,
});

/// The sound tests' requests (ELF symbol `SOUND_TEST`): a test writes one, the main loop
/// makes it (the `megadrive::sound` call) and clears it. 0: none; `SOUND_TEST_*`.
#[no_mangle]
pub static SOUND_TEST: Shared<u16> = Shared::new(0);
/// [`SOUND_TEST`]: pause the music.
pub const SOUND_TEST_PAUSE: u16 = 0x0100;
/// [`SOUND_TEST`]: resume it.
pub const SOUND_TEST_RESUME: u16 = 0x0200;
/// [`SOUND_TEST`]: stop it.
pub const SOUND_TEST_STOP: u16 = 0x0300;
/// [`SOUND_TEST`]: fade it out over the low byte x 4 frames.
pub const SOUND_TEST_FADE: u16 = 0x0400;
/// [`SOUND_TEST`]: the master volume = the low byte (0..=15).
pub const SOUND_TEST_VOLUME: u16 = 0x0500;
/// [`SOUND_TEST`]: the title's music from its start.
pub const SOUND_TEST_TITLE: u16 = 0x0600;

/// Makes the request a test left in [`SOUND_TEST`] (the API calls the demo itself does not
/// make: pause, resume, stop, fade, volume).
#[inline(never)]
fn sound_test_request() {
    let r = SOUND_TEST.get();
    if r == 0 {
        return;
    }
    let arg = r & 0xFF;
    match r & 0xFF00 {
        SOUND_TEST_PAUSE => sound::pause_music(),
        SOUND_TEST_RESUME => sound::resume_music(),
        SOUND_TEST_STOP => sound::stop_music(),
        SOUND_TEST_FADE => sound::fade_out_music(arg << 2),
        SOUND_TEST_VOLUME => sound::set_volume(arg as u8),
        SOUND_TEST_TITLE => sound::play_music(&sounds::TITLE),
        _ => {}
    }
    SOUND_TEST.set(0);
}

/// Effect priorities: a respawn over everything, the potato HIT over an enemy touch, which
/// is over a jump; the landing thud last. (PCM and PSG effects play side by side.)
const PRIORITY_RESPAWN: u8 = 40;
const PRIORITY_HIT: u8 = 30;
const PRIORITY_TOUCH: u8 = 20;
const PRIORITY_JUMP: u8 = 10;
const PRIORITY_LAND: u8 = 5;

/// Boots into the title screen and runs the game forever (after `screen::init_text_mode`,
/// with interrupts still masked).
pub fn run() -> ! {
    pad::init();
    APP.with(|app| app.boot());
    // Booted: graphics loaded, display on. From here on one VBlank per frame.
    SYSVARS.alive.set(ALIVE_MAGIC);
    rt::interrupts_on();
    loop {
        rt::wait_vblank();
        let vblank = rt::frames();
        APP.with(|app| {
            let blanked = app.vblank_work();
            let buttons = pad::read3(pad::Port::One);
            // One world step per frame on NTSC; on PAL one frame in five runs two, so the
            // world keeps 60 steps a second. A mode change ends the frame's steps (its
            // full redraw comes first).
            for _ in 0..app.pacer.steps() {
                app.update(buttons);
                if app.text_dirty {
                    break;
                }
            }
            app.place_sprites();
            app.prepare_planes();
            sound_test_request();
            app.finish_frame(vblank, blanked);
        });
    }
}

// The camera glides (at most CAMERA_MAX_STEP pixels a step, two steps in a PAL frame): the
// planes stream every move, and only a mode change redraws (the level view would draw a
// bigger jump whole, blanking a frame).
const _: () = assert!(CAMERA_MAX_STEP * timing::MAX_STEPS_PER_FRAME as i16 <= megadrive::stream::MAX_STEP);

/// The frame's parts are kept out of line (`inline(never)`): inlined into `run` their
/// locals shared one stack frame that was live under the world step, the deepest call
/// chain (the attract test's stack limit).
impl App {
    /// Loads graphics and draws the title screen with the display off.
    #[inline(never)]
    fn boot(&mut self) {
        self.standard = Standard::detect();
        self.pacer = Pacer::new(self.standard);
        self.state.lines_per_frame = self.standard.lines_per_frame();
        // The sound driver first: the Z80 sets itself up while the graphics load, and the
        // first frame's DMA window finds it ready whatever the boot's length (the boot's
        // transfers open their own windows).
        sound::init(self.standard);
        self.play_song(&sounds::TITLE);
        self.objects = Some(sprites::add_objects(&mut self.sprites));
        self.world.reset();
        self.state.level_count = LEVELS.len() as u8;
        let c = self.world.camera;
        self.view.load(levels::view_of(self.world.level), self.overlay, c.x, c.y);
        self.state.capture(&self.world);
        self.draw_text();
        self.place_sprites();
        self.sprites.upload();
        vdp::display_on();
    }

    /// The planes' part of a frame's work outside VBlank: the strips the camera brings into
    /// view are read into RAM for the next VBlank, or a full redraw is asked for.
    #[inline(never)]
    fn prepare_planes(&mut self) {
        let c = self.world.camera;
        if self.redraw_needed || self.text_dirty || self.level_gfx_dirty {
            self.redraw_needed = true;
        } else {
            self.view.prepare(c.x, c.y);
        }
    }

    /// The VBlank part of a frame: the planes, scroll, sprites, highlight and HUD for the
    /// state the last update left. Returns true when it had to blank the display for a full
    /// redraw (a mode change, or a camera jump the level view drew whole), which is then not
    /// counted as a missed frame.
    #[inline(never)]
    fn vblank_work(&mut self) -> bool {
        let c = self.world.camera;
        let redraw = self.redraw_needed;
        self.redraw_needed = false;
        let mut blanked = redraw;
        if redraw {
            self.state.redraws = self.state.redraws.wrapping_add(1);
            vdp::display_off();
            if self.level_gfx_dirty {
                self.view.load(levels::view_of(self.world.level), self.overlay, c.x, c.y);
                self.level_gfx_dirty = false;
            } else {
                self.view.redraw(c.x, c.y);
            }
            self.draw_text();
            if self.settle_pending {
                // (The display is off: the time is free.)
                self.world.settle_enemies();
                self.settle_pending = false;
            }
        } else {
            // One DMA window for the frame's transfers (the redraw's copies open their own:
            // its window would outlast the driver's PCM buffer).
            sound::begin_vblank();
            if self.view.upload() {
                self.state.redraws = self.state.redraws.wrapping_add(1);
                blanked = true;
            }
        }
        self.sprites.upload();
        if self.highlight_ready {
            if let Some(o) = &self.objects {
                sprites::upload_highlight(o, &self.sprites, &self.highlight);
            }
            self.highlight_ready = false;
        }
        // The requests of the last frame's steps go to the driver (the effects of a step
        // start with the VBlank that shows it).
        if redraw {
            sound::update();
        } else {
            sound::end_vblank();
        }
        self.draw_hud();
        if redraw {
            vdp::display_on();
        }
        blanked
    }

    /// One step: input, mode changes, the world step.
    #[inline(never)]
    fn update(&mut self, buttons: u16) {
        let pressed = buttons & !self.prev_buttons;
        self.prev_buttons = buttons;
        self.state.buttons = buttons;
        match self.mode {
            MODE_TITLE => {
                if pressed & pad::START != 0 {
                    self.start(MODE_PLAY);
                } else if pressed & (pad::LEFT | pad::RIGHT) != 0 {
                    // The level select: left / right pick the previous / next level, shown
                    // behind the title.
                    let n = LEVELS.len() as u8;
                    self.choice = if pressed & pad::RIGHT != 0 {
                        if self.choice + 1 < n {
                            self.choice + 1
                        } else {
                            0
                        }
                    } else if self.choice > 0 {
                        self.choice - 1
                    } else {
                        n - 1
                    };
                    self.idle = 0;
                    self.start(MODE_TITLE);
                } else if buttons != 0 {
                    self.idle = 0;
                } else {
                    self.idle += 1;
                    if self.idle >= ATTRACT_DELAY && attract_level().is_some() {
                        self.start(MODE_ATTRACT);
                    }
                }
            }
            MODE_PLAY => {
                // Down + A toggles the overlay; Down held keeps A/B/C from jumping.
                if buttons & pad::DOWN != 0 && pressed & pad::A != 0 {
                    self.overlay = !self.overlay;
                    // A level with art swaps its art for the collision shapes (a redraw).
                    if self.view.level_has_art() {
                        self.level_gfx_dirty = true;
                        self.text_dirty = true;
                    }
                }
                let mut input = 0;
                if buttons & pad::LEFT != 0 {
                    input |= Actions::LEFT;
                }
                if buttons & pad::RIGHT != 0 {
                    input |= Actions::RIGHT;
                }
                if buttons & JUMP != 0 && buttons & pad::DOWN == 0 {
                    input |= Actions::JUMP;
                }
                if buttons & pad::START != 0 {
                    input |= Actions::RESPAWN;
                }
                let warp = WARP.get();
                if warp & WARP_REQUEST != 0 {
                    WARP.set(0);
                    self.world.warp((warp >> 16) as i16 & 0x7FFF, warp as i16 & 0x7FFF);
                    // The view jumps: a full redraw with the display off.
                    self.redraw_needed = true;
                }
                self.world.step(Actions(input));
                self.play_effects(pressed & pad::START != 0);
            }
            _ => {
                // Attract: any button returns to the title; the end of the script too.
                match self.script.next_input() {
                    Some(input) if pressed == 0 => {
                        self.world.step(input);
                        self.play_effects(false);
                    }
                    _ => self.start(MODE_TITLE),
                }
            }
        }
        self.state.capture(&self.world);
        self.state.mode = self.mode;
        self.state.overlay = self.overlay as u8;
    }

    /// Enters `mode` with a fresh world: on the attract script's level in attract mode, else
    /// on the level select's choice.
    #[inline(never)]
    fn start(&mut self, mode: u8) {
        self.mode = mode;
        self.idle = 0;
        let level = match (mode, attract_level()) {
            (MODE_ATTRACT, Some(l)) => l,
            _ => LEVELS[self.choice as usize],
        };
        if !core::ptr::eq(level, self.world.level) {
            // The reset below empties the world in place (a new `World` would be built on
            // the stack first).
            self.world.level = level;
            self.level_gfx_dirty = true;
        }
        self.state.level = level_index(level);
        self.world.reset();
        self.last_hit = false;
        self.last_touches = self.world.enemy_touches;
        self.play_song(if mode == MODE_TITLE { &sounds::TITLE } else { &sounds::PLAY });
        self.script = ScriptPlayer::new(&ATTRACT);
        self.text_dirty = true;
        self.settle_pending = true;
        // Every mode starts a fresh five-frame step pattern (PAL), so a run does not
        // depend on how long the title screen was up.
        self.pacer.restart();
    }

    /// Starts `song` unless it is the one playing (a new level keeps the music going).
    fn play_song(&mut self, song: &'static Song) {
        if !self.song.is_some_and(|s| core::ptr::eq(s, song)) {
            sound::play_music(song);
            self.song = Some(song);
        }
    }

    /// The effects of the step just taken: respawn (after a fall, or `start`: Start pressed),
    /// the potato HIT starting, an enemy starting to touch the player, a jump, a landing.
    #[inline(never)]
    fn play_effects(&mut self, start: bool) {
        let w = &self.world;
        if start || w.events.contains(Events::RESPAWNED) {
            sound::play_effect(&sounds::RESPAWN, PRIORITY_RESPAWN);
        }
        if w.hit && !self.last_hit {
            sound::play_effect(&sounds::HIT, PRIORITY_HIT);
        }
        if w.enemy_touches != self.last_touches {
            sound::play_effect(&sounds::TOUCH, PRIORITY_TOUCH);
        }
        if w.events.contains(Events::JUMPED) {
            sound::play_effect(&sounds::JUMP, PRIORITY_JUMP);
        }
        if w.events.contains(Events::LANDED) {
            sound::play_effect(&sounds::LAND, PRIORITY_LAND);
        }
        self.last_hit = w.hit;
        self.last_touches = w.enemy_touches;
    }

    /// Frame timing: scanlines used since VBlank started (exact, NTSC or PAL), and missed
    /// VBlanks.
    #[inline(never)]
    fn finish_frame(&mut self, vblank: u32, blanked: bool) {
        let (lines, extra) = timing::frame_lines(self.standard, vblank, rt::frames);
        let now = vblank.wrapping_add(extra as u32);
        if !blanked {
            self.state.missed_frames = self.state.missed_frames.wrapping_add(extra);
            if lines > self.state.worst_lines {
                self.state.worst_lines = lines;
            }
        }
        self.state.frame_lines = lines;
        self.state.vblanks = now;
        GAME.set(self.state);
    }

    /// Places the objects for the world as it is now and builds the sprite table (uploaded
    /// next VBlank, with the highlight when there is a hit).
    #[inline(never)]
    fn place_sprites(&mut self) {
        if let Some(o) = &mut self.objects {
            self.highlight_ready |= o.place(&mut self.sprites, &self.world, self.overlay, &mut self.highlight);
        }
    }

    /// Rewrites the window plane's text for the current mode and sets how many rows the
    /// window covers: the title's text, or the 3-row HUD above the level (display off).
    #[inline(never)]
    fn draw_text(&mut self) {
        vdp::clear_window();
        vdp::set_window_rows(if self.mode == MODE_TITLE { TITLE_ROWS } else { HUD_ROWS });
        text(0, 0).print(" MEGACOLLIDE  tile collision engine demo");
        match self.mode {
            MODE_TITLE => {
                text(9, 4).print("M E G A C O L L I D E");
                text(3, 7).print("D-pad left/right ..... walk");
                text(3, 8).print("A, B or C ............ jump");
                text(3, 9).print("Start ................ respawn");
                text(3, 10).print("Down + A ............. debug overlay");
                text(12, 12).print("PRESS START");
                if LEVELS.len() > 1 {
                    let mut con = text(3, 14);
                    con.print("<> level ");
                    con.decimal(self.choice as u16 + 1, false);
                    con.print("/");
                    con.decimal(LEVELS.len() as u16, false);
                    con.print(": ");
                    con.print(self.world.level.name);
                }
            }
            MODE_PLAY => {
                text(0, 1).print(" <> walk  ABC jump  Start respawn");
            }
            _ => {
                text(0, 1).print(" DEMO - press any button");
            }
        }
        self.text_dirty = false;
        self.hud_hit = 0xFF;
        self.hud_lines = 0xFFFF;
    }

    /// The HIT indicator and the overlay's timing line; only what changed (in VBlank).
    fn draw_hud(&mut self) {
        if self.mode == MODE_TITLE {
            return;
        }
        let hit = self.state.hit;
        if hit != self.hud_hit {
            text(35, 1).print(if hit != 0 { "HIT!" } else { "    " });
            self.hud_hit = hit;
        }
        let lines = if self.overlay { self.state.frame_lines } else { 0xFFFE };
        if lines != self.hud_lines {
            let mut con = text(1, 2);
            if self.overlay {
                con.print("CPU ");
                con.decimal3(lines);
                con.print("/");
                con.decimal3(self.standard.lines_per_frame());
                con.print(" lines, worst ");
                con.decimal3(self.state.worst_lines);
            } else {
                con.print("                             ");
            }
            self.hud_lines = lines;
        }
    }
}

/// Window rows the title screen's text covers (the level shows below them).
const TITLE_ROWS: u16 = 16;
/// Window rows of the HUD above the level while playing.
const HUD_ROWS: u16 = 3;

/// A text cursor at cell (`x`, `y`) of the window plane, in the text colour (palette line
/// [`sprites::PALETTE_LINE`], shared with the sprites: colour 1).
fn text(x: u16, y: u16) -> Console {
    Console::window(x, y, sprites::PALETTE_LINE)
}

/// The index of `level` in `LEVELS` (0 if it is not one of them).
fn level_index(level: &Level) -> u8 {
    megacollide_demo::levels::index_of(level).unwrap_or(0) as u8
}
