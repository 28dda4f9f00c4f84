//! How the player and the enemies look this step: the sheet frame each shows and which way
//! it faces. Part of the world's state (stepped by [`crate::World::step`]), so the host and
//! the 68000 agree frame by frame, and the potato test uses the mask of exactly the picture
//! drawn ([`crate::art::player_mask`]).
//!
//! Units: frames are indices into a sprite sheet; timers count world steps.

use megacollide_engine::platformer::{Player, Speed};

use crate::art::{self, sprites, Animation};

/// The player's animations (names of `levels/sprites/player.json`).
pub static STAND: &Animation = art::animation(&sprites::PLAYER, "stand");
/// See [`STAND`].
pub static WALK: &Animation = art::animation(&sprites::PLAYER, "walk");
/// See [`STAND`].
pub static JUMP: &Animation = art::animation(&sprites::PLAYER, "jump");
/// See [`STAND`].
pub static FALL: &Animation = art::animation(&sprites::PLAYER, "fall");
/// The enemies' walk (`levels/sprites/enemy.json`).
pub static ENEMY_WALK: &Animation = art::animation(&sprites::ENEMY, "walk");

/// What the player is doing, as drawn (`GameState::pose` holds it as `u8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Pose {
    /// On the ground, not moving.
    Stand = 0,
    /// On the ground, moving.
    Walk,
    /// In the air, going up.
    Jump,
    /// In the air, going down (or at the top of a jump).
    Fall,
}

/// The player's looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerLook {
    /// The pose of the last step.
    pub pose: Pose,
    /// Sheet frame of `sprites::PLAYER` to draw.
    pub frame: u8,
    /// Faces left: drawn with the sprite's horizontal flip, and collides with the mirrored
    /// mask. The player faces the way the walk input last pointed (the engine's
    /// `Player::facing_left`): pressing left turns him left even against a wall, and he
    /// keeps facing that way when the pad is released or in the air.
    pub facing_left: bool,
    /// Steps since the pose started, wrapped at the pose's animation period.
    timer: u16,
}

impl PlayerLook {
    /// Standing, facing right (a fresh player).
    pub const START: PlayerLook = PlayerLook { pose: Pose::Stand, frame: STAND.frames[0] as u8, facing_left: false, timer: 0 };

    /// After a step of `player`: the pose from its ground flag and speeds, the frame of the
    /// pose's animation, the facing. A player waiting to respawn keeps his last look (he is
    /// not drawn).
    pub fn update(&mut self, player: &Player) {
        if player.is_dead() {
            return;
        }
        self.facing_left = player.facing_left;
        let pose = if player.body.on_ground() {
            if player.vx == Speed::ZERO {
                Pose::Stand
            } else {
                Pose::Walk
            }
        } else if player.vy < Speed::ZERO {
            Pose::Jump
        } else {
            Pose::Fall
        };
        if pose != self.pose {
            self.pose = pose;
            self.timer = 0;
        } else {
            self.timer += 1;
        }
        let anim = match pose {
            Pose::Stand => STAND,
            Pose::Walk => WALK,
            Pose::Jump => JUMP,
            Pose::Fall => FALL,
        };
        if self.timer >= art::period(anim) {
            self.timer = 0;
        }
        self.frame = art::frame_at(anim, self.timer);
    }
}

/// The enemies' walk cycle: one phase for all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnemyLook {
    /// Sheet frame of `sprites::ENEMY` to draw.
    pub frame: u8,
    timer: u16,
}

impl EnemyLook {
    /// The first frame of the walk.
    pub const START: EnemyLook = EnemyLook { frame: ENEMY_WALK.frames[0] as u8, timer: 0 };

    /// One step further in the walk cycle.
    pub fn step(&mut self) {
        self.timer += 1;
        if self.timer >= art::period(ENEMY_WALK) {
            self.timer = 0;
        }
        self.frame = art::frame_at(ENEMY_WALK, self.timer);
    }
}

/// Whether an enemy walking in direction `dir` (+1 right, -1 left) is drawn mirrored (the
/// sheet faces right).
pub const fn enemy_flipped(dir: i8) -> bool {
    dir < 0
}
