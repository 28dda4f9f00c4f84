//! The world drawn with the sprite engine (`megadrive::sprite_engine`): every object the
//! world can show has an engine object, added once ([`Objects::add`]) in drawing order (the
//! first on top): the debug overlay's box and sensors, the highlight of overlapping pixels,
//! the player, the enemies, the potatoes, the platforms and the goal. [`Objects::place`]
//! puts them where the world says after each frame's steps; the engine culls, clips and
//! builds the sprite table. The sheets are the ones of `levels/sprites/`
//! ([`crate::art::sprites`]), all resident. No hardware access here: the ROM loads the
//! palette, uploads the table and writes the highlight's tiles.

use crate::art::{self, sprites as sheets, HIGHLIGHT_WORDS};
use crate::look::enemy_flipped;
use crate::world::{World, MAX_ENEMIES, MAX_PLATFORMS, MAX_POTATOES};
use megadrive::sprite_engine::{Animation, Group, Handle, Sheet, SpriteEngine};

/// VDP tiles the sprites may use: 128, what the level view leaves to the game (384 to 511);
/// every sheet fits (checked at compile time with the sheets' `check_vram`).
///
/// ```
/// assert!(megacollide_demo::art::sprites::RESIDENT_TILES <= megacollide_demo::draw::TILES);
/// ```
pub const TILES: u16 = 128;

/// The sensor points the overlay shows.
const SENSORS: usize = 5;

/// Objects: the overlay's box and sensors, the highlight, the player, every enemy, potato and
/// platform, the goal.
///
/// ```
/// assert_eq!(megacollide_demo::draw::MAX_OBJECTS, 49);
/// ```
pub const MAX_OBJECTS: usize = 1 + SENSORS + 1 + 1 + MAX_ENEMIES + MAX_POTATOES + MAX_PLATFORMS + 1;

/// The demo's sprite engine.
///
/// ```
/// use megacollide_demo::draw::{Sprites, TILES};
/// let sprites = Sprites::new(384, TILES); // VDP tiles 384..512
/// assert_eq!(sprites.hardware_sprites(), 0);
/// ```
pub type Sprites = SpriteEngine<MAX_OBJECTS>;

// Every sheet fits in the sprites' tiles (a build error naming the sheets otherwise).
const _: () = sheets::check_vram(TILES);
// The highlight is drawn at run time into the tiles of the blank `highlight` sheet.
const _: () = assert!(sheets::HIGHLIGHT.width == 16 && sheets::HIGHLIGHT.height == 24);
const _: () = assert!(HIGHLIGHT_WORDS == 16 * 24 / 4);

/// Why the demo's objects always fit: `check_vram` above, and `MAX_OBJECTS` slots.
const FITS: &str = "the demo's sprites fit in VRAM";

/// Adds `count` hidden objects of `sheet` as a group (the next slots of the engine).
fn hidden(sprites: &mut Sprites, sheet: &'static Sheet, animation: &'static Animation, count: usize) -> Group {
    let group = sprites.add_group(sheet, animation, count as u8, 0, 0).expect(FITS);
    for mut o in sprites.group_mut(group) {
        o.set_visible(false);
    }
    group
}

/// The handle of every object the demo shows (groups: placed in one pass each).
///
/// ```
/// use megacollide_demo::draw::{Objects, Sprites, TILES};
/// use megacollide_demo::world::World;
/// let mut sprites = Sprites::new(384, TILES);
/// let mut objects = Objects::add(&mut sprites);
/// let world = World::new(megacollide_demo::levels::LEVELS[0]);
/// let mut highlight = [0; megacollide_demo::art::HIGHLIGHT_WORDS];
/// objects.place(&mut sprites, &world, false, &mut highlight);
/// assert!(sprites.hardware_sprites() >= 1, "the player at least");
/// ```
pub struct Objects {
    overlay_box: Handle,
    sensors: Group,
    highlight: Handle,
    player: Handle,
    enemies: Group,
    potatoes: Group,
    platforms: Group,
    goal: Handle,
    /// The enemies' `active_end` of the last frame: those before it may be shown.
    shown_enemies: u8,
}

impl Objects {
    /// Adds every object to `sprites` (hidden) and queues the sheets' tiles (the engine
    /// uploads them with its next upload).
    ///
    /// ```
    /// use megacollide_demo::draw::{Objects, Sprites, TILES};
    /// let mut sprites = Sprites::new(384, TILES);
    /// let _objects = Objects::add(&mut sprites);
    /// sprites.update(0, 0);
    /// assert_eq!(sprites.hardware_sprites(), 0, "all hidden until placed");
    /// ```
    pub fn add(sprites: &mut Sprites) -> Objects {
        use sheets::{enemy, goal, highlight, platform, player, potato, r#box, sensor};
        Objects {
            overlay_box: hidden(sprites, &r#box::SHEET, &r#box::STILL, 1).handle(0).expect(FITS),
            sensors: hidden(sprites, &sensor::SHEET, &sensor::STILL, SENSORS),
            highlight: hidden(sprites, &highlight::SHEET, &highlight::STILL, 1).handle(0).expect(FITS),
            player: hidden(sprites, &player::SHEET, &player::STAND, 1).handle(0).expect(FITS),
            enemies: hidden(sprites, &enemy::SHEET, &enemy::WALK, MAX_ENEMIES),
            potatoes: hidden(sprites, &potato::SHEET, &potato::STILL, MAX_POTATOES),
            platforms: hidden(sprites, &platform::SHEET, &platform::STILL, MAX_PLATFORMS),
            goal: hidden(sprites, &goal::SHEET, &goal::STILL, 1).handle(0).expect(FITS),
            shown_enemies: 0,
        }
    }

    /// Places, shows and hides the objects for the world as it is now, and builds the sprite
    /// table for its camera. With the overlay on, the player's box and sensors are shown;
    /// on a hit, the overlapping pixels are drawn into `highlight` (true: upload it with
    /// [`Objects::highlight`]'s tiles).
    ///
    /// ```
    /// use megacollide_demo::draw::{Objects, Sprites, TILES};
    /// use megacollide_demo::world::World;
    /// let mut sprites = Sprites::new(384, TILES);
    /// let mut objects = Objects::add(&mut sprites);
    /// let world = World::new(megacollide_demo::levels::LEVELS[0]);
    /// let mut highlight = [0; megacollide_demo::art::HIGHLIGHT_WORDS];
    /// let hit = objects.place(&mut sprites, &world, true, &mut highlight);
    /// assert!(!hit, "no potato overlap at the start");
    /// assert!(sprites.hardware_sprites() >= 7, "the player, its box and five sensors");
    /// ```
    pub fn place(&mut self, sprites: &mut Sprites, world: &World, overlay: bool, highlight: &mut [u16; HIGHLIGHT_WORDS]) -> bool {
        let p = world.player.body.rect();
        let alive = !world.player.is_dead();
        let boxed = overlay && alive;
        sprites.set_visible(self.overlay_box, boxed);
        sprites.set_position(self.overlay_box, p.x, p.y);
        let (mx, my) = (p.x + (p.w >> 1), p.y + (p.h >> 1));
        let points = [
            (p.x, p.y + p.h),           // feet, left: the row ON_GROUND tests
            (p.x + p.w - 1, p.y + p.h), // feet, right
            (p.x - 1, my),              // the column a move left enters
            (p.x + p.w, my),            // the column a move right enters
            (mx, p.y - 1),              // the row a move up enters
        ];
        for (mut o, (x, y)) in sprites.group_mut(self.sensors).zip(points) {
            o.set_visible(boxed);
            o.set_position(x - 1, y - 1);
        }
        let hit = world.hit && world.overlap.w > 0;
        sprites.set_visible(self.highlight, hit);
        if hit {
            art::highlight_tiles(&world.overlap_rows, highlight);
            sprites.set_position(self.highlight, world.overlap.x, world.overlap.y);
        }
        let mut player = sprites.object_mut(self.player);
        player.set_visible(alive);
        if alive {
            // The frame and facing the world chose (its potato test used their mask).
            let look = &world.player_look;
            player.set_position(p.x, p.y);
            player.set_frame(look.frame as u16);
            player.set_flip(look.facing_left, false);
        }
        // One walk phase for all: the enemy sheet is shared (one frame in VRAM for them all).
        sprites.set_shared_frame(&sheets::enemy::SHEET, world.enemy_look.frame as u16);
        // Enemies not near did not move and are not shown; only the ones before `active_end`
        // can be near, and the ones shown last frame past it are hidden.
        let active = &world.enemies[..world.active_end as usize];
        let mut enemies = sprites.group_mut(self.enemies);
        for (mut o, e) in enemies.by_ref().zip(active) {
            o.set_visible(e.near);
            if e.near {
                let b = e.patrol.body();
                o.set_position(b.px(), b.py());
                o.set_flip(enemy_flipped(if e.patrol.walks_right() { 1 } else { -1 }), false);
            }
        }
        let stale = self.shown_enemies.saturating_sub(world.active_end) as usize;
        for mut o in enemies.take(stale) {
            o.set_visible(false);
        }
        self.shown_enemies = world.active_end;
        let mut potatoes = world.potatoes[..world.potato_count as usize].iter();
        for mut o in sprites.group_mut(self.potatoes) {
            let q = potatoes.next();
            o.set_visible(q.is_some());
            if let Some(q) = q {
                o.set_position(q.x, q.y);
            }
        }
        let mut solids = world.solids().iter();
        for mut o in sprites.group_mut(self.platforms) {
            let b = solids.next();
            o.set_visible(b.is_some());
            if let Some(b) = b {
                o.set_position(b.rect.x, b.rect.y);
            }
        }
        let goal = world.goal;
        let mut o = sprites.object_mut(self.goal);
        o.set_visible(goal.w > 0);
        o.set_position(goal.x, goal.y);
        sprites.update(world.camera.x, world.camera.y);
        hit
    }

    /// The highlight's object: its tiles (16 x 24 pixels, a blank sheet's) are the ones the
    /// game writes when [`Objects::place`] returns true
    /// ([`SpriteEngine::first_tile`]).
    ///
    /// ```
    /// use megacollide_demo::draw::{Objects, Sprites, TILES};
    /// let mut sprites = Sprites::new(384, TILES);
    /// let objects = Objects::add(&mut sprites);
    /// assert!(sprites.first_tile(objects.highlight()) >= 384);
    /// ```
    pub fn highlight(&self) -> Handle {
        self.highlight
    }
}
