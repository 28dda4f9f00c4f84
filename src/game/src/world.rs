//! The demo world: one player, patrolling enemies, moving platforms, potatoes and a goal on
//! a level, stepped once per frame by [`World::step`].
//!
//! Everything here is integer maths on the engine's types, so a host build and the 68000
//! build fed the same [`Input`]s produce bit-identical states (tests check it frame by
//! frame). Order of one step: platforms move, then the player (riding a platform is the
//! engine's job), then the player's looks (pose, frame, facing), then the enemies, then the
//! potato mask test (with the mask of the frame drawn) and the goal, then the camera.

use megacollide_engine::body::{Body, Flags, Rect, SolidBox, NO_BOX};
use megacollide_engine::camera::{Camera, SCREEN_H, SCREEN_W};
use megacollide_engine::motion::move_bodies;
use megacollide_engine::platformer::{self, Events, Player, PlayerConfig};
use megacollide_engine::{shape, Map, SubPx, SNAP_DOWN_PX};

use crate::art::{player_mask, POTATO_MASK};
use crate::levels::{EntityKind, Level, LevelPoint, PropValue};
use crate::look::{EnemyLook, PlayerLook};

/// The buttons the world reacts to in one frame (the attract script stores these bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input(pub u8);

impl Input {
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

/// A walker that patrols: it walks at a constant speed and turns around at walls and at
/// ledges (no floor within [`megacollide_engine::SNAP_DOWN_PX`] pixels ahead of its feet).
/// Its collision body is kept apart, in [`World::enemy_bodies`] (same index), so the
/// engine moves all of them in place, in one call, with no copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enemy {
    /// +1 walking right, -1 walking left.
    pub dir: i8,
    /// Walking speed in pixels per frame.
    pub speed: u8,
    spawn: LevelPoint,
    /// A stretch of flat floor the look-ahead found: the tile column (tile-space x) whose
    /// every pixel column has a floor pixel at the feet row `flat_y` (pixel-space), so
    /// [`floor_within_snap`] is true there without a query ([`FLAT_NONE`]: none yet).
    /// Levels are in ROM, so what it records stays true.
    flat_tx: i16,
    flat_y: i16,
}

/// [`Enemy::flat_y`] of no record (no feet row is that high: positions stop at
/// [`megacollide_engine::POS_MIN_PX`]).
const FLAT_NONE: i16 = i16::MIN;

impl Enemy {
    const NONE: Enemy = Enemy::new(1, LevelPoint { x: 0, y: 0 });

    /// An enemy walking right at `speed` pixels per frame that respawns at `spawn`.
    const fn new(speed: u8, spawn: LevelPoint) -> Enemy {
        Enemy { dir: 1, speed, spawn, flat_tx: 0, flat_y: FLAT_NONE }
    }

    /// Is there floor (a solid pixel or a one-way top) under the next pixel column ahead of
    /// the feet of its body `b`, within the snap-down distance? Pixel-space; see
    /// [`floor_within_snap`].
    /// On flat floor (the column ahead in the tile column of [`Enemy::flat_tx`], feet at
    /// `flat_y`) the answer is known and no map query is made; a query that finds a tile
    /// whose feet row is floor across the whole tile records it.
    #[inline(always)]
    fn floor_ahead(&mut self, b: &Body, map: &Map) -> bool {
        let x = if self.dir > 0 { b.px() + b.w as i16 } else { b.px() - 1 };
        let y = b.py() + b.h as i16;
        let tx = x >> 4;
        if tx == self.flat_tx && y == self.flat_y {
            return true;
        }
        let floor = floor_within_snap(map, x, y);
        if floor && floor_across_tile(map, tx, y) {
            self.flat_tx = tx;
            self.flat_y = y;
        }
        floor
    }

    /// Before the move: walking speed and gravity into its body's velocity.
    fn prepare(&self, b: &mut Body) {
        // The speed with the sign of `dir` (no multiply: a 68000 `muls` is about 70 cycles).
        let speed = (self.speed as i16) << 3;
        b.vx = SubPx::from_bits(if self.dir < 0 { -speed } else { speed });
        let vy = b.vy.to_bits() + ENEMY_GRAVITY;
        b.vy = SubPx::from_bits(if vy > ENEMY_MAX_FALL { ENEMY_MAX_FALL } else { vy });
    }

    /// After the move: back to the spawn point after falling out of the map, turn around
    /// at walls and ledges.
    fn after_move(&mut self, b: &mut Body, map: &Map) {
        let f = b.flags;
        if f.contains(Flags::FELL_OUT) {
            *b = Body::new(self.spawn.x, self.spawn.y, b.w, b.h);
        } else if f.contains(Flags::HIT_LEFT) || f.contains(Flags::HIT_RIGHT) || (b.on_ground() && !self.floor_ahead(b, map)) {
            self.dir = -self.dir;
        }
    }
}

/// The patrol's ledge rule: is there floor under pixel column `x` within the snap-down
/// distance below row `y` (pixel-space): a floor pixel in rows `y ..= y + SNAP_DOWN_PX - 1`,
/// where a floor pixel is a solid pixel, or a one-way platform's top row at `y` itself
/// (exactly `map.is_floor(x, y) || map.column_solid(x, y, y + SNAP_DOWN_PX - 1)`: a solid
/// pixel at `y` is in the span, so `is_floor` only adds the one-way top). One span query, and
/// one tile read when `y` is a tile's top row.
pub fn floor_within_snap(map: &Map, x: i16, y: i16) -> bool {
    map.column_solid(x, y, y + SNAP_DOWN_PX - 1) || (y & 15 == 0 && map.tile(x >> 4, y >> 4) == shape::ONE_WAY)
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

/// Does every pixel column of tile column `tx` have a floor pixel at row `y` (pixel-space):
/// the tile's row there is solid across, or `y` is a one-way platform's top row? Then
/// [`floor_within_snap`] is true for every `x` of that tile column at `y`. One tile read.
fn floor_across_tile(map: &Map, tx: i16, y: i16) -> bool {
    let id = map.tile(tx, y >> 4);
    if id == shape::ONE_WAY {
        return y & 15 == 0;
    }
    map.shape(id).rows[(y & 15) as usize] == 0xFFFF
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
    /// The enemies' collision bodies (pixel-space position in sub-pixels), by the same
    /// index as `enemies`.
    pub enemy_bodies: [Body; MAX_ENEMIES],
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
            enemy_bodies: [Body::new(0, 0, 16, 16); MAX_ENEMIES],
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
                EntityKind::Enemy if (self.enemy_count as usize) < MAX_ENEMIES => {
                    let i = self.enemy_count as usize;
                    self.enemy_bodies[i] = Body::new(e.x, e.y, size_or(e.w, 16), size_or(e.h, 16));
                    let speed = int_prop(e.props, "speed", 1) as u8;
                    self.enemies[i] = Enemy::new(speed, LevelPoint { x: e.x, y: e.y });
                    let b = &self.enemy_bodies[i];
                    let size = if b.w > b.h { b.w } else { b.h };
                    self.enemy_reach = self.enemy_reach.max(box_reach(speed) + size as i16);
                    self.enemy_count += 1;
                }
                EntityKind::Platform if (self.platform_count as usize) < MAX_PLATFORMS => {
                    let i = self.platform_count as usize;
                    let (w, h) = (size_or(e.w, 32) as i16, size_or(e.h, 8) as i16);
                    self.solids[i] = SolidBox { rect: Rect::new(e.x, e.y, w, h), dx: 0, dy: 0 };
                    self.platforms[i] = Platform {
                        path: e.path,
                        next: if e.path.len() > 1 { 1 } else { 0 },
                        forward: true,
                        ping_pong: bool_prop(e.props, "ping_pong", true),
                        speed: int_prop(e.props, "speed", 1) as u8,
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

    /// The platforms' solid boxes in use.
    pub fn solids(&self) -> &[SolidBox] {
        &self.solids[..self.platform_count as usize]
    }

    /// One frame.
    pub fn step(&mut self, input: Input) {
        self.tick = self.tick.wrapping_add(1);
        let map = self.level.map;
        for i in 0..self.platform_count as usize {
            self.platforms[i].step(&mut self.solids[i]);
        }
        let respawn = input.has(Input::RESPAWN);
        if respawn && !self.respawn_held {
            self.player.respawn();
        }
        self.respawn_held = respawn;
        let pad = platformer::Input { left: input.has(Input::LEFT), right: input.has(Input::RIGHT), jump: input.has(Input::JUMP) };
        let n = self.platform_count as usize;
        self.events = self.player.update(pad, map, &self.solids[..n]);
        self.player_look.update(&self.player);
        self.enemy_look.step();
        let p = self.player.body.rect();
        let c = self.camera;
        let active = Rect::new(c.x - ACTIVE_MARGIN, c.y - ACTIVE_MARGIN, c.view_w + 2 * ACTIVE_MARGIN, c.view_h + 2 * ACTIVE_MARGIN);
        self.move_enemies(active);
        let touch = self.enemy_bodies[..self.enemy_count as usize].iter().any(|b| b.rect().overlaps(&p));
        if touch && !self.enemy_touch {
            self.enemy_touches = self.enemy_touches.wrapping_add(1);
        }
        self.enemy_touch = touch;
        self.test_potatoes(p);
        self.at_goal = self.goal.w > 0 && self.goal.overlaps(&p);
        self.move_camera();
    }

    /// The enemies whose box meets `active` (the view and its margin) move: each run of
    /// consecutive active enemies in one engine call, on their bodies in place (all of
    /// them in one call when all are near the view).
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
        let (bodies, enemies) = (&mut self.enemy_bodies[..n], &mut self.enemies[..n]);
        let mut start = 0;
        let mut moved = 0;
        while start < n {
            let mut end = start;
            let mut riding = false;
            while end < n && bodies[end].rect().overlaps(&active) {
                enemies[end].prepare(&mut bodies[end]);
                riding |= bodies[end].riding != NO_BOX;
                end += 1;
            }
            if end > start {
                moved += end - start;
                let solids = if boxes_near || riding { all_solids } else { &all_solids[..0] };
                move_bodies(map, solids, &mut bodies[start..end]);
                // By index: a `zip` of the two sub-slices made LLVM work out their lengths
                // with two 32-bit divisions (`__udivsi3`, about 1,400 cycles each).
                for i in start..end {
                    enemies[i].after_move(&mut bodies[i], map);
                }
            }
            start = end + 1;
        }
        self.active_enemies = moved as u8;
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

fn int_prop(props: &[crate::levels::Prop], name: &str, default: i32) -> i32 {
    for p in props {
        if let (true, PropValue::Int(v)) = (p.name == name, p.value) {
            return v;
        }
    }
    default
}

fn bool_prop(props: &[crate::levels::Prop], name: &str, default: bool) -> bool {
    for p in props {
        if let (true, PropValue::Bool(v)) = (p.name == name, p.value) {
            return v;
        }
    }
    default
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::LEVELS;

    /// The patrol's look-ahead, memo included, answers exactly what `is_floor || column_solid`
    /// over the snap distance answers, walking both ways across every feet row of every level.
    #[test]
    fn the_ledge_look_ahead_is_the_floor_and_span_query_exactly() {
        for level in LEVELS.iter() {
            let map = level.map;
            let (w, h) = (map.width_px(), map.height_px());
            let (mut memo_hits, mut turns) = (0u32, 0u32);
            for feet in -2..h + 2 {
                for dir in [1i8, -1] {
                    let mut e = Enemy::new(1, LevelPoint { x: 0, y: 0 });
                    e.dir = dir;
                    for k in 0..w + 24 {
                        let x = if dir > 0 { k - 20 } else { w + 4 - k };
                        let b = Body::new(x, feet - 16, 16, 16);
                        let ahead = if dir > 0 { x + 16 } else { x - 1 };
                        let want = map.is_floor(ahead, feet) || map.column_solid(ahead, feet, feet + SNAP_DOWN_PX - 1);
                        assert_eq!(floor_within_snap(map, ahead, feet), want, "{}: ({ahead}, {feet})", level.name);
                        let known = ahead >> 4 == e.flat_tx && feet == e.flat_y;
                        assert_eq!(e.floor_ahead(&b, map), want, "{}: body at ({x}, {}), dir {dir}", level.name, feet - 16);
                        memo_hits += known as u32;
                        turns += !want as u32;
                    }
                }
            }
            assert!(memo_hits > 0 && turns > 0, "{}: the memo answered {memo_hits} times, {turns} ledges", level.name);
        }
    }

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
