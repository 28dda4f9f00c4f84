//! The demo world: one player, patrolling enemies, moving platforms, potatoes and a goal on
//! a level, stepped once per frame by [`World::step`].
//!
//! Everything here is integer maths on the engine's types, so a host build and the 68000
//! build fed the same [`Actions`] produce bit-identical states (tests check it frame by
//! frame). Order of one step: platforms move, then the player (riding a platform is the
//! engine's job), then the player's looks (pose, frame, facing), then the enemies, then the
//! potato mask test (with the mask of the frame drawn) and the goal, then the camera.

use megacollide_engine::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use megacollide_engine::camera::{Camera, SCREEN_H, SCREEN_W};
use megacollide_engine::patrol::{Ground, Patrol};
use megacollide_engine::platformer::{self, Events, Player, PlayerConfig};
use megacollide_engine::Map;

use crate::art::{player_mask, POTATO_MASK};
use crate::levels::{EntityKind, Level, LevelPoint};
use crate::look::{EnemyLook, PlayerLook};

/// What the player asks of the world in one frame, as bits: walk left or right, jump,
/// respawn (the actions, not the pad's buttons: the ROM maps A, B and C to [`Actions::JUMP`]
/// and Start to [`Actions::RESPAWN`]; the attract script stores these bits). The engine's
/// `platformer::Input` is the player's part of it, which [`World::step`] passes on.
///
/// ```
/// use megacollide_demo::world::Actions;
/// let jump_right = Actions(Actions::RIGHT | Actions::JUMP);
/// assert!(jump_right.has(Actions::JUMP) && !jump_right.has(Actions::RESPAWN));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Actions(pub u8);

impl Actions {
    /// Walk left.
    pub const LEFT: u8 = 1;
    /// Walk right.
    pub const RIGHT: u8 = 2;
    /// Jump (A, B or C on the pad); only a fresh press jumps.
    pub const JUMP: u8 = 4;
    /// Back to the spawn point (Start on the pad); acts on the press, not while held.
    pub const RESPAWN: u8 = 8;

    /// Whether all of `bits` are held.
    pub const fn has(self, bits: u8) -> bool {
        self.0 & bits == bits
    }
}

/// Most enemies, platforms and potatoes a level may place (extra ones are ignored).
pub const MAX_ENEMIES: usize = 32;
/// See [`MAX_ENEMIES`].
pub const MAX_PLATFORMS: usize = 4;
/// See [`MAX_ENEMIES`].
pub const MAX_POTATOES: usize = 4;

/// Largest camera movement per step on each axis, in pixels: one map tile, so the ROM
/// streams at most one new tile column and row into the VDP plane per step (two per frame
/// on PAL, which runs two steps in one frame of five), and after a respawn the camera pans
/// back instead of jumping.
pub const CAMERA_MAX_STEP: i16 = 16;

/// Enemies more than this many pixels outside the view (left/right or above/below) wait
/// where they are: the usual Mega Drive economy, only what is near the screen moves.
pub const ACTIVE_MARGIN: i16 = 64;

/// Enemy gravity in sub-pixels (1/8 pixel) per frame per frame (0.25 px/frame²).
pub const ENEMY_GRAVITY: i16 = 2;
/// Enemy terminal fall speed in sub-pixels per frame (6 px/frame).
pub const ENEMY_MAX_FALL: i16 = 48;

/// An enemy: a patrol (the engine's [`Patrol`]: it walks at a constant speed and turns
/// around at walls and at ledges, where, a body width ahead, a grounded walk would leave the
/// ground: on flat ground, where the first pixel column beyond its box has no floor within
/// [`megacollide_engine::SNAP_DOWN_PX`]), with gravity [`ENEMY_GRAVITY`] and falling at most
/// [`ENEMY_MAX_FALL`]; back at its spawn point after falling out of the map.
#[derive(Clone, Copy, Debug)]
pub struct Enemy {
    /// Its patrol (walker, walking velocity and gravity).
    pub patrol: Patrol<'static>,
    spawn: LevelPoint,
    /// Walking speed in pixels per frame.
    pub speed: u8,
    /// Its box met the view's active area in the last step (it moved then).
    pub near: bool,
}

impl Enemy {
    const NONE: Enemy = Enemy::new(1, LevelPoint { x: 0, y: 0 }, 16, 16);

    /// An enemy of `w` x `h` pixels at `spawn` walking right at `speed` pixels per frame.
    pub const fn new(speed: u8, spawn: LevelPoint, w: u8, h: u8) -> Enemy {
        Enemy { patrol: Enemy::patrol_at(spawn, w, h, speed, true), spawn, speed, near: false }
    }

    /// The patrol of an enemy of `w` x `h` pixels at `spawn`.
    const fn patrol_at(spawn: LevelPoint, w: u8, h: u8, speed: u8, right: bool) -> Patrol<'static> {
        Patrol::new(Body::new(spawn.x, spawn.y, w, h), speed, right, ENEMY_GRAVITY as i8, (ENEMY_MAX_FALL >> 3) as u8)
    }

    /// +1 walking right, -1 walking left.
    #[inline(always)]
    pub const fn dir(&self) -> i8 {
        if self.patrol.walks_right() {
            1
        } else {
            -1
        }
    }

    /// One step: the patrol's, then back to the spawn point after falling out of the map
    /// (walking the way it went).
    #[inline(always)]
    fn step(&mut self, ground: &Ground<'_, 'static>) {
        if self.patrol.step(ground).contains(Flags::FELL_OUT) {
            let b = self.patrol.body();
            self.patrol = Enemy::patrol_at(self.spawn, b.w, b.h, self.speed, self.patrol.walks_right());
        }
    }
}

/// One step of every enemy of `enemies` (see [`Enemy`]); [`World::step`] moves only those
/// near the view.
#[inline(never)]
pub fn patrol(map: &Map<'static>, solids: &[SolidBox], enemies: &mut [Enemy]) {
    let ground = Ground::new(map, solids);
    for e in enemies.iter_mut() {
        e.step(&ground);
    }
}

/// Whether the box of `b` meets `area` (pixel-space): [`Rect::overlaps`] of its box, x first
/// (most enemies far from the view are beside it), with no empty-box test (a body is at least
/// one pixel each way).
#[inline(always)]
fn meets(b: &Body, area: &Rect) -> bool {
    let x = b.px();
    if x >= area.x + area.w || x + (b.w as i16) <= area.x {
        return false;
    }
    let y = b.py();
    y < area.y + area.h && y + (b.h as i16) > area.y
}

/// A distance (pixels) beyond which no solid box takes part in the move of an enemy that
/// rides none, walking at `speed` pixels per frame and falling at most [`ENEMY_MAX_FALL`]:
/// the engine's [`megacollide_engine::motion::move_reach`], the larger of its two sides.
const fn box_reach(speed: u8) -> i16 {
    let (rx, ry) = megacollide_engine::motion::move_reach(speed as i16, ENEMY_MAX_FALL >> 3);
    if rx > ry {
        rx
    } else {
        ry
    }
}

/// A solid box that travels along a path of points (its top-left corner visits each
/// point), one pixel per axis per frame at `speed` 1, back and forth (`ping_pong`) or in a
/// loop. Bodies standing on it are carried by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platform {
    path: &'static [LevelPoint],
    next: u8,
    forward: bool,
    ping_pong: bool,
    speed: u8,
}

impl Platform {
    const NONE: Platform = Platform { path: &[], next: 0, forward: true, ping_pong: true, speed: 1 };

    /// Moves `solid` one frame toward the next path point; sets its `dx`, `dy` (pixels
    /// moved this frame).
    fn step(&mut self, solid: &mut SolidBox) {
        solid.dx = 0;
        solid.dy = 0;
        if self.path.len() < 2 {
            return;
        }
        let target = self.path[self.next as usize];
        let s = self.speed as i16;
        let dx = clamp(target.x - solid.rect.x, -s, s);
        let dy = clamp(target.y - solid.rect.y, -s, s);
        solid.rect.x += dx;
        solid.rect.y += dy;
        solid.dx = dx as i8;
        solid.dy = dy as i8;
        if solid.rect.x == target.x && solid.rect.y == target.y {
            let last = self.path.len() as u8 - 1;
            if self.forward {
                if self.next < last {
                    self.next += 1;
                } else if self.ping_pong {
                    self.forward = false;
                    self.next -= 1;
                } else {
                    self.next = 0;
                }
            } else if self.next > 0 {
                self.next -= 1;
            } else {
                self.forward = true;
                self.next = 1;
            }
        }
    }
}

/// Everything that moves in the demo, plus what the last step found.
#[derive(Clone, Copy, Debug)]
pub struct World {
    /// The level being played.
    pub level: &'static Level,
    /// The player (16 x 32 body, default platformer tuning).
    pub player: Player,
    /// How the player looks after the last step: sheet frame and facing (the potato test
    /// uses that frame's mask, mirrored when facing left).
    pub player_look: PlayerLook,
    /// The enemies' walk cycle (one phase for all).
    pub enemy_look: EnemyLook,
    /// The view: pixel-space top-left of the 320 x 224 screen.
    pub camera: Camera,
    /// Enemies (`enemy_count` used).
    pub enemies: [Enemy; MAX_ENEMIES],
    /// Number of enemies in use.
    pub enemy_count: u8,
    /// Platform path state (`platform_count` used); their boxes are in `solids`.
    pub platforms: [Platform; MAX_PLATFORMS],
    /// The platforms' solid boxes, as the engine takes them.
    pub solids: [SolidBox; MAX_PLATFORMS],
    /// Number of platforms in use.
    pub platform_count: u8,
    /// Potatoes: pixel-space top-left and 24 x 24 size (`potato_count` used).
    pub potatoes: [Rect; MAX_POTATOES],
    /// Number of potatoes in use.
    pub potato_count: u8,
    /// The goal area (pixel-space; zero size when the level has none).
    pub goal: Rect,
    /// Steps since the last [`World::reset`].
    pub tick: u32,
    /// What happened to the player in the last step.
    pub events: Events,
    /// The player's mask shares an opaque pixel with a potato's mask (pixel-perfect hit).
    pub hit: bool,
    /// The player's box overlaps a potato's box (the cheap test that comes first).
    pub bbox: bool,
    /// Pixel-space box of the player/potato box overlap of the first hit potato (zero
    /// size when there is no hit); `overlap_rows[r]` bit `31 - c` is its pixel (c, r).
    pub overlap: Rect,
    /// The overlapping opaque pixels (see `overlap`), for highlighting.
    pub overlap_rows: [u32; 32],
    /// The player's box overlaps an enemy's this step.
    pub enemy_touch: bool,
    /// Times an enemy started touching the player (wraps at 256).
    pub enemy_touches: u8,
    /// Enemies that were near the view (see [`ACTIVE_MARGIN`]) and moved in the last step.
    pub active_enemies: u8,
    /// The enemies before index `active_end` hold every enemy that moved in the last step
    /// (0 when none did), the ones whose `near` is set: only they can touch the player or be
    /// on screen, so the touch test and the sprites look at no other.
    pub active_end: u8,
    /// The player's box overlaps the goal.
    pub at_goal: bool,
    respawn_held: bool,
    /// How far (pixels) outside the active area a solid box may still take part in a moving
    /// enemy's move: the largest [`box_reach`] plus body size of the level's enemies (a moving
    /// enemy's box only meets the active area, so it may stick out of it by its size).
    enemy_reach: i16,
}

const NO_SOLID: SolidBox = SolidBox { rect: Rect::new(0, 0, 0, 0), dx: 0, dy: 0 };

/// [`World::empty`] as a constant, for [`World::reset`] to copy in place; its level is
/// [`NO_LEVEL`], which `reset` replaces at once.
const EMPTY: World = World::empty(&NO_LEVEL);

/// A one-tile blank level that only [`EMPTY`] names (a `World` needs a level).
static NO_LEVEL: Level = Level {
    name: "",
    width: 1,
    height: 1,
    tiles: &[0],
    row_offsets: &[0],
    map: &Map::new(&[0], 1, 1, &[0]),
    height_tiles: &[],
    height_gfx: &[],
    spawn: None,
    entities: &[],
};

impl World {
    /// An empty world on `level` (no entities placed yet): call [`World::reset`] before
    /// stepping. `const` so the ROM can keep the world in a `static`.
    pub const fn empty(level: &'static Level) -> World {
        World {
            level,
            player: Player::new(0, 0, PlayerConfig::DEFAULT),
            player_look: PlayerLook::START,
            enemy_look: EnemyLook::START,
            camera: Camera::new(SCREEN_W, SCREEN_H),
            enemies: [Enemy::NONE; MAX_ENEMIES],
            enemy_count: 0,
            platforms: [Platform::NONE; MAX_PLATFORMS],
            solids: [NO_SOLID; MAX_PLATFORMS],
            platform_count: 0,
            potatoes: [Rect::new(0, 0, 0, 0); MAX_POTATOES],
            potato_count: 0,
            goal: Rect::new(0, 0, 0, 0),
            tick: 0,
            events: Events(0),
            hit: false,
            bbox: false,
            overlap: Rect::new(0, 0, 0, 0),
            overlap_rows: [0; 32],
            enemy_touch: false,
            enemy_touches: 0,
            active_enemies: 0,
            active_end: 0,
            at_goal: false,
            respawn_held: false,
            enemy_reach: box_reach(0),
        }
    }

    /// A world on `level`, reset (host convenience; the ROM resets a `static` in place).
    pub fn new(level: &'static Level) -> World {
        let mut w = World::empty(level);
        w.reset();
        w
    }

    /// Puts the player at the level's spawn point (or (16, 16)) and every entity at its
    /// start, and snaps the camera onto the player.
    pub fn reset(&mut self) {
        // In place: `*self = World::empty(self.level)` built a whole `World` on the stack
        // first (2 KB with 32 enemies); `EMPTY` is copied from ROM.
        let level = self.level;
        *self = EMPTY;
        self.level = level;
        let cfg = PlayerConfig::DEFAULT;
        let spawn = match self.level.spawn {
            Some(p) => p,
            None => find_spawn(self.level.map, cfg.width as i16, cfg.height as i16),
        };
        self.player = Player::new(spawn.x, spawn.y, cfg);
        for e in self.level.entities.iter() {
            match e.kind {
                EntityKind::Enemy(props) if (self.enemy_count as usize) < MAX_ENEMIES => {
                    let i = self.enemy_count as usize;
                    let speed = props.speed as u8;
                    self.enemies[i] = Enemy::new(speed, LevelPoint { x: e.x, y: e.y }, size_or(e.w, 16), size_or(e.h, 16));
                    let b = self.enemies[i].patrol.body();
                    let size = if b.w > b.h { b.w } else { b.h };
                    self.enemy_reach = self.enemy_reach.max(box_reach(speed) + size as i16);
                    self.enemy_count += 1;
                }
                EntityKind::Platform(props) if (self.platform_count as usize) < MAX_PLATFORMS => {
                    let i = self.platform_count as usize;
                    let (w, h) = (size_or(e.w, 32) as i16, size_or(e.h, 8) as i16);
                    self.solids[i] = SolidBox { rect: Rect::new(e.x, e.y, w, h), dx: 0, dy: 0 };
                    self.platforms[i] = Platform {
                        path: e.path,
                        next: if e.path.len() > 1 { 1 } else { 0 },
                        forward: true,
                        ping_pong: props.ping_pong,
                        speed: props.speed as u8,
                    };
                    self.platform_count += 1;
                }
                EntityKind::Potato if (self.potato_count as usize) < MAX_POTATOES => {
                    self.potatoes[self.potato_count as usize] = Rect::new(e.x, e.y, POTATO_MASK.width(), POTATO_MASK.height());
                    self.potato_count += 1;
                }
                EntityKind::Goal => self.goal = Rect::new(e.x, e.y, size_or(e.w, 16) as i16, size_or(e.h, 64) as i16),
                // More entities of a kind than the world has room for are ignored.
                _ => {}
            }
        }
        self.camera.follow(self.player.body.rect(), self.level.map);
    }

    /// The enemies near the view that moved in the last step ([`Enemy::near`]).
    pub fn enemies_near(&self) -> impl Iterator<Item = &Enemy> {
        self.enemies[..self.active_end as usize].iter().filter(|e| e.near)
    }

    /// The platforms' solid boxes in use.
    pub fn solids(&self) -> &[SolidBox] {
        &self.solids[..self.platform_count as usize]
    }

    /// One frame.
    pub fn step(&mut self, input: Actions) {
        self.tick = self.tick.wrapping_add(1);
        let map = self.level.map;
        for i in 0..self.platform_count as usize {
            self.platforms[i].step(&mut self.solids[i]);
        }
        let respawn = input.has(Actions::RESPAWN);
        if respawn && !self.respawn_held {
            self.player.respawn();
        }
        self.respawn_held = respawn;
        let pad = platformer::Input { left: input.has(Actions::LEFT), right: input.has(Actions::RIGHT), jump: input.has(Actions::JUMP) };
        let n = self.platform_count as usize;
        self.events = self.player.update(pad, map, &self.solids[..n]);
        self.player_look.update(&self.player);
        self.enemy_look.step();
        let p = self.player.body.rect();
        let c = self.camera;
        let active = Rect::new(c.x - ACTIVE_MARGIN, c.y - ACTIVE_MARGIN, c.view_w + 2 * ACTIVE_MARGIN, c.view_h + 2 * ACTIVE_MARGIN);
        self.move_enemies(active);
        let touch = self.enemies_near().any(|e| meets(e.patrol.body(), &p));
        if touch && !self.enemy_touch {
            self.enemy_touches = self.enemy_touches.wrapping_add(1);
        }
        self.enemy_touch = touch;
        self.test_potatoes(p);
        self.at_goal = self.goal.w > 0 && self.goal.overlaps(&p);
        self.move_camera();
    }

    /// The enemies whose box meets `active` (the view and its margin) take a step, in one
    /// pass; the span of them is kept ([`World::enemies_near`]).
    #[inline(never)]
    fn move_enemies(&mut self, active: Rect) {
        let map = self.level.map;
        let all_solids = &self.solids[..self.platform_count as usize];
        // Boxes no moving enemy can reach are left out of the engine call (its per-body box
        // screening costs about 1,200 cycles): the same moves, for bodies that ride none.
        let r = self.enemy_reach;
        let near = Rect::new(active.x - r, active.y - r, active.w + 2 * r, active.h + 2 * r);
        let boxes_near = all_solids.iter().any(|s| s.rect.overlaps(&near));
        let n = self.enemy_count as usize;
        // First which enemies are near (a flag each), then their steps: two short loops.
        let mut last = 0u8;
        for (i, e) in self.enemies[..n].iter_mut().enumerate() {
            e.near = meets(e.patrol.body(), &active);
            if e.near {
                last = i as u8 + 1;
            }
        }
        // A box near the view, or the one an enemy rides, may take part in its move.
        let with_all = Ground::new(map, all_solids);
        let near_view = if boxes_near { with_all } else { Ground::new(map, &[]) };
        let mut moved = 0u8;
        for e in self.enemies[..last as usize].iter_mut() {
            if e.near {
                moved += 1;
                let rides = e.patrol.body().riding != NO_BOX;
                e.step(if rides { &with_all } else { &near_view });
            }
        }
        (self.active_enemies, self.active_end) = (moved, last);
    }

    /// Bounding boxes first, then the masks of the boxes that overlap.
    fn test_potatoes(&mut self, p: Rect) {
        self.bbox = false;
        self.hit = false;
        self.overlap = Rect::new(0, 0, 0, 0);
        for i in 0..self.potato_count as usize {
            let q = self.potatoes[i];
            if !q.overlaps(&p) {
                continue;
            }
            self.bbox = true;
            if self.hit {
                continue;
            }
            // One pass over the overlapping rows gives both the answer and the pixels.
            let mask = player_mask(self.player_look.frame, self.player_look.facing_left);
            if let Some(r) = mask.overlap_pixels(p.x, p.y, POTATO_MASK, q.x, q.y, &mut self.overlap_rows) {
                let n = (r.h as usize).min(self.overlap_rows.len());
                if self.overlap_rows[..n].iter().any(|&row| row != 0) {
                    self.hit = true;
                    self.overlap = r;
                }
            }
        }
    }

    /// Lets every enemy placed on the ground start standing where it stands on the compiled
    /// surfaces (`Patrol::stand`): its first move is then a walk read from the tables, not
    /// the full move of a landing and a search for its surface (about 12,000 cycles; a fall
    /// into the demo's crowd woke its 24 walkers in one step: 249,000 cycles). The moves are
    /// the same either way; only their cost changes. It costs about 1,500 cycles an enemy:
    /// call it after [`World::reset`] where a frame has time (the ROM: in the blanked
    /// redraw that starts a mode).
    ///
    /// ```
    /// use megacollide_demo::{World, LEVELS};
    /// let mut w = World::new(LEVELS[0]);
    /// w.settle_enemies();
    /// ```
    pub fn settle_enemies(&mut self) {
        let map = self.level.map;
        for e in self.enemies[..self.enemy_count as usize].iter_mut() {
            e.patrol.stand(map);
        }
    }

    /// Puts the player at rest at pixel-space `(x, y)` (a debug warp, a door) and the view
    /// straight onto it, without the camera's glide (the level view draws such a jump
    /// whole).
    ///
    /// ```
    /// use megacollide_demo::{World, LEVELS};
    /// let mut w = World::new(LEVELS[0]);
    /// w.warp(0, 0);
    /// assert_eq!((w.player.body.px(), w.player.body.py()), (0, 0));
    /// assert_eq!((w.camera.x, w.camera.y), (0, 0));
    /// ```
    pub fn warp(&mut self, x: i16, y: i16) {
        self.player.place(x, y);
        self.camera.follow(self.player.body.rect(), self.level.map);
    }

    /// Follows the player, clamped to the map, at most [`CAMERA_MAX_STEP`] pixels per axis.
    fn move_camera(&mut self) {
        let mut want = self.camera;
        want.follow(self.player.body.rect(), self.level.map);
        self.camera.x += clamp(want.x - self.camera.x, -CAMERA_MAX_STEP, CAMERA_MAX_STEP);
        self.camera.y += clamp(want.y - self.camera.y, -CAMERA_MAX_STEP, CAMERA_MAX_STEP);
    }
}

/// Where the player (a `w` x `h` pixel box) starts on a level without a spawn point: in the
/// first tile column from the left, and the first tile row from the top in it, whose tile
/// has ground (a solid pixel, or a one-way top under the box's left or right edge) with room
/// for the box right above it. The box may stand a little above a slope and land on it.
/// `(0, 0)` when no tile has room. Pixel-space top-left of the box; tile-by-tile (at most
/// width x height map queries, once per level start).
pub fn find_spawn(map: &megacollide_engine::Map, w: i16, h: i16) -> LevelPoint {
    for tx in 0..map.width() as i16 {
        let x = tx << 4;
        if x + w > map.width_px() {
            break;
        }
        for ty in 1..map.height() as i16 {
            let top = ty << 4;
            let ground = map.rect_solid(x, top, w, 16) || map.is_floor(x, top) || map.is_floor(x + w - 1, top);
            if ground && top - h >= 0 && !map.rect_solid(x, top - h, w, h) {
                return LevelPoint { x, y: top - h };
            }
        }
    }
    LevelPoint { x: 0, y: 0 }
}

/// A size from the level (pixels) as a body size: `default` for 0 (points), at most 255.
fn size_or(v: u16, default: u8) -> u8 {
    if v == 0 {
        default
    } else if v > 255 {
        255
    } else {
        v as u8
    }
}

fn clamp(v: i16, lo: i16, hi: i16) -> i16 {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use megacollide_engine::SubPx;

    /// A box beyond [`box_reach`] of an enemy's box changes nothing in its move: enemies of
    /// every speed up to 8 px per frame, falling or walking, grounded or not, all over the demo
    /// course, moved with a 32 x 8 box just outside the reach on each side and without it.
    #[test]
    fn boxes_beyond_the_enemy_reach_do_not_take_part_in_its_move() {
        let map = crate::script::attract_level().expect("the demo level").map;
        let mut seed = 0x2545_F491u32;
        let mut next = move |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed % n) as i16
        };
        let (mut checked, mut near_differs) = (0, 0);
        for _ in 0..20_000 {
            let speed = 1 + next(8) as u8;
            let mut b = Body::new(next(3072), next(448), 16, 16);
            // A move first, so that flags and the walk window are those of a body in play.
            b.vx = SubPx::from_bits(next(2 * 8 * speed as u32 + 1) - 8 * speed as i16);
            b.vy = SubPx::from_bits(next(ENEMY_MAX_FALL as u32 + 1));
            megacollide_engine::motion::move_body(map, &[], &mut b);
            b.vx = SubPx::from_bits(if next(2) == 0 { 8 * speed as i16 } else { -8 * speed as i16 });
            b.vy = SubPx::from_bits(next(ENEMY_MAX_FALL as u32 + 1));
            let mut alone = b;
            megacollide_engine::motion::move_body(map, &[], &mut alone);
            let r = b.rect();
            // The same box under the feet does take part (the test can tell).
            let mut on = b;
            megacollide_engine::motion::move_body(map, &[SolidBox { rect: Rect::new(r.x, r.y + r.h, 32, 8), dx: 1, dy: 0 }], &mut on);
            near_differs += (on != alone) as u32;
            let reach = box_reach(speed);
            for (x, y) in [(r.x - reach - 32, r.y), (r.x + r.w + reach, r.y), (r.x, r.y - reach - 8), (r.x, r.y + r.h + reach)] {
                for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let boxed = [SolidBox { rect: Rect::new(x, y, 32, 8), dx, dy }];
                    let mut with = b;
                    megacollide_engine::motion::move_body(map, &boxed, &mut with);
                    assert_eq!(with, alone, "speed {speed}, box at ({x}, {y}) moving ({dx}, {dy})");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 400_000);
        assert!(near_differs > 1000, "a box under the feet changed {near_differs} moves");
    }
}
