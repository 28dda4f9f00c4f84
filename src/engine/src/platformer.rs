//! Platformer rules on top of [`crate::motion`]: gravity, walking with
//! friction (and ice), jumping with coyote time and jump buffering, and a
//! respawn timer after falling out of the map.
//!
//! [`Player::update`] takes one [`Input`] per frame and uses only integer
//! maths, so the ROM and a host simulator produce bit-identical trajectories
//! from the same input sequence.
//!
//! Speeds here are [`Speed`] (`I8F8`, 1/256 pixel per frame) for smooth
//! acceleration; each frame they are truncated toward zero to the body's 1/8
//! pixel velocity (so left and right behave as exact mirror images).

use crate::body::{Body, Flags, SolidBox};
use crate::map::Map;
use crate::motion::move_body;
use crate::{SubPx, SUBPX_SHIFT};

/// Fine speed / acceleration unit: pixels per frame (or per frame squared),
/// 8 fraction bits.
///
/// ```
/// use megacollide_engine::platformer::Speed;
/// let spring = Speed::from_num(6.5); // pixels per frame, in 1/256ths
/// assert_eq!(spring.to_bits(), 6 * 256 + 128);
/// ```
pub type Speed = fixed::types::I8F8;

/// Buttons held this frame.
///
/// ```
/// use megacollide_engine::platformer::Input;
/// let run_and_jump = Input { right: true, jump: true, ..Input::default() };
/// assert_eq!(run_and_jump.to_bits(), 0b110);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// Left held.
    pub left: bool,
    /// Right held.
    pub right: bool,
    /// Jump held.
    pub jump: bool,
}

impl Input {
    /// Bit 0 = left, bit 1 = right, bit 2 = jump (for recorded input streams).
    ///
    /// ```
    /// use megacollide_engine::platformer::Input;
    /// assert_eq!(Input::from_bits(0b001), Input { left: true, right: false, jump: false });
    /// ```
    pub const fn from_bits(b: u8) -> Input {
        Input { left: b & 1 != 0, right: b & 2 != 0, jump: b & 4 != 0 }
    }

    /// Inverse of [`Input::from_bits`].
    ///
    /// ```
    /// use megacollide_engine::platformer::Input;
    /// let i = Input { left: false, right: true, jump: true };
    /// assert_eq!(Input::from_bits(i.to_bits()), i);
    /// ```
    pub const fn to_bits(self) -> u8 {
        (self.left as u8) | ((self.right as u8) << 1) | ((self.jump as u8) << 2)
    }
}

/// Tuning of a [`Player`]. Speeds in pixels per frame, accelerations in
/// pixels per frame per frame, times in frames (60 per second on NTSC).
///
/// ```
/// use megacollide_engine::platformer::{PlayerConfig, Speed};
/// // A floatier jump: the same player with less gravity.
/// let moon = PlayerConfig { gravity: Speed::from_num(0.125), ..PlayerConfig::DEFAULT };
/// assert_eq!(moon.jump_speed, PlayerConfig::DEFAULT.jump_speed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerConfig {
    /// Added to the vertical speed every frame (down).
    pub gravity: Speed,
    /// Largest downward speed.
    pub max_fall: Speed,
    /// Added to the horizontal speed per frame while left/right is held.
    pub walk_accel: Speed,
    /// Largest walking speed.
    pub walk_max: Speed,
    /// Taken off the horizontal speed per frame on the ground with no
    /// direction held (small = slippery ice).
    pub friction: Speed,
    /// Same as `friction` while in the air.
    pub air_friction: Speed,
    /// Upward speed given by a jump.
    pub jump_speed: Speed,
    /// Frames after walking off a ledge during which a jump is still allowed.
    pub coyote_frames: u8,
    /// Frames a jump press is remembered before landing.
    pub buffer_frames: u8,
    /// Frames between falling out of the map and respawning.
    pub respawn_frames: u16,
    /// Body width in pixels.
    pub width: u8,
    /// Body height in pixels.
    pub height: u8,
}

const fn sp(bits: i16) -> Speed {
    Speed::from_bits(bits)
}

impl PlayerConfig {
    /// Default tuning: 16x32 body, gravity 0.25, max fall 6, walk 2.5 px/frame,
    /// jump 5.5 px/frame (about 60 pixels high), 6 coyote frames, 6 buffer
    /// frames, respawn after 60 frames.
    ///
    /// ```
    /// use megacollide_engine::platformer::{PlayerConfig, Speed};
    /// let c = PlayerConfig::DEFAULT;
    /// assert_eq!((c.width, c.height, c.walk_max), (16, 32, Speed::from_num(2.5)));
    /// ```
    pub const DEFAULT: PlayerConfig = PlayerConfig {
        gravity: sp(64),
        max_fall: sp(6 * 256),
        walk_accel: sp(32),
        walk_max: sp(640),
        friction: sp(48),
        air_friction: sp(16),
        jump_speed: sp(1408),
        coyote_frames: 6,
        buffer_frames: 6,
        respawn_frames: 60,
        width: 16,
        height: 32,
    };

    /// The same tuning on ice: acceleration 1/32 and friction 1/64 pixel
    /// per frame per frame, so the body slides.
    ///
    /// ```
    /// use megacollide_engine::platformer::{PlayerConfig, Speed};
    /// let ice = PlayerConfig::DEFAULT.ice();
    /// assert!(ice.friction < PlayerConfig::DEFAULT.friction);
    /// assert_eq!(ice.friction, Speed::from_num(1.0 / 64.0));
    /// ```
    pub const fn ice(self) -> PlayerConfig {
        PlayerConfig { walk_accel: sp(8), friction: sp(4), ..self }
    }
}

impl Default for PlayerConfig {
    fn default() -> Self {
        PlayerConfig::DEFAULT
    }
}

/// What happened during one [`Player::update`] (bit set).
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
/// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
/// let mut landed = false;
/// for _ in 0..30 {
///     landed |= p.update(Input::default(), &map, &[]).contains(Events::LANDED);
/// }
/// assert!(landed && p.body.on_ground());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events(pub u8);

impl Events {
    /// A jump started this frame.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// for _ in 0..30 {
    ///     p.update(Input::default(), &map, &[]); // falls and lands
    /// }
    /// let jump = Input { jump: true, ..Input::default() };
    /// assert!(p.update(jump, &map, &[]).contains(Events::JUMPED));
    /// ```
    pub const JUMPED: Events = Events(1);
    /// The body landed this frame.
    ///
    /// ```
    /// use megacollide_engine::platformer::Events;
    /// let ev = Events(Events::LANDED.0 | Events::HIT_WALL.0);
    /// assert!(ev.contains(Events::LANDED)); // play the landing sound
    /// ```
    pub const LANDED: Events = Events(2);
    /// The body fell out of the map this frame (respawn timer started).
    ///
    /// ```
    /// use megacollide_engine::platformer::Events;
    /// // The frame the player falls out of the map: start the respawn wait (a sound, a fade).
    /// assert!(Events(Events::FELL_OUT.0).contains(Events::FELL_OUT));
    /// ```
    pub const FELL_OUT: Events = Events(4);
    /// The body respawned this frame.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # static TILES: [u16; 12] = [0; 12]; // no floor: the player falls out
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// let mut respawned = false;
    /// for _ in 0..200 {
    ///     respawned |= p.update(Input::default(), &map, &[]).contains(Events::RESPAWNED);
    /// }
    /// assert!(respawned, "back at the spawn point after the wait");
    /// ```
    pub const RESPAWNED: Events = Events(8);
    /// The body walked into a wall this frame.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// let left = Input { left: true, ..Input::default() };
    /// let mut hit = false;
    /// for _ in 0..30 {
    ///     hit |= p.update(left, &map, &[]).contains(Events::HIT_WALL); // into the map's left edge
    /// }
    /// assert!(hit && p.body.px() == 0);
    /// ```
    pub const HIT_WALL: Events = Events(16);
    /// The body bumped its head this frame.
    ///
    /// ```
    /// use megacollide_engine::platformer::Events;
    /// let ev = Events(Events::HIT_CEILING.0);
    /// assert!(ev.contains(Events::HIT_CEILING) && !ev.contains(Events::JUMPED));
    /// ```
    pub const HIT_CEILING: Events = Events(32);

    /// Whether every event of `e` happened.
    ///
    /// ```
    /// use megacollide_engine::platformer::Events;
    /// assert!(Events(Events::JUMPED.0 | Events::HIT_CEILING.0).contains(Events::JUMPED));
    /// ```
    pub const fn contains(self, e: Events) -> bool {
        self.0 & e.0 == e.0
    }
}

/// A player-controlled body with platformer rules.
///
/// ```
/// # use megacollide_engine::map::{row_offset_table, Map};
/// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
/// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
/// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
/// # let map = Map::new(&TILES, 4, 3, &ROWS);
/// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
/// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
/// let right = Input { right: true, ..Input::default() };
/// for _ in 0..20 {
///     p.update(right, &map, &[]);
/// }
/// assert!(p.body.on_ground() && p.body.px() > 8 && !p.facing_left);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    /// The collision body (position, flags).
    pub body: Body,
    /// Tuning.
    pub cfg: PlayerConfig,
    /// Horizontal speed (fine units; + = right).
    pub vx: Speed,
    /// Vertical speed (fine units; + = down).
    pub vy: Speed,
    /// Last horizontal direction held was left (for drawing).
    pub facing_left: bool,
    spawn_x: i16,
    spawn_y: i16,
    coyote: u8,
    buffer: u8,
    jump_held: bool,
    respawn_timer: u16,
}

/// Shift from a [`Speed`]'s raw bits (1/256 pixel) to a [`SubPx`]'s (1/8 pixel).
const SUB_OF_SPEED_SHIFT: u32 = Speed::FRAC_NBITS - SUBPX_SHIFT;

/// Truncates a fine speed toward zero to a body velocity (1/8 pixel).
#[inline]
fn to_subpx(v: Speed) -> SubPx {
    let b = v.to_bits();
    let r = if b >= 0 { b >> SUB_OF_SPEED_SHIFT } else { -((-b) >> SUB_OF_SPEED_SHIFT) };
    SubPx::from_bits(r)
}

impl Player {
    /// A player at spawn point `(x, y)` (pixel-space top-left), at rest.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let p = Player::new(32, 16, PlayerConfig::DEFAULT);
    /// assert_eq!(p.body.rect().w, 16);
    /// assert!(!p.is_dead());
    /// ```
    pub const fn new(x: i16, y: i16, cfg: PlayerConfig) -> Player {
        Player {
            body: Body::new(x, y, cfg.width, cfg.height),
            cfg,
            vx: Speed::ZERO,
            vy: Speed::ZERO,
            facing_left: false,
            spawn_x: x,
            spawn_y: y,
            coyote: 0,
            buffer: 0,
            jump_held: false,
            respawn_timer: 0,
        }
    }

    /// Changes the spawn point (pixel-space top-left), e.g. at a checkpoint.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let mut p = Player::new(32, 16, PlayerConfig::DEFAULT);
    /// p.set_spawn(200, 16); // a checkpoint
    /// p.respawn();
    /// assert_eq!(p.body.px(), 200);
    /// ```
    pub fn set_spawn(&mut self, x: i16, y: i16) {
        self.spawn_x = x;
        self.spawn_y = y;
    }

    /// Whether the player fell out and is waiting to respawn.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # static TILES: [u16; 12] = [0; 12]; // no floor
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// while !p.update(Input::default(), &map, &[]).contains(Events::FELL_OUT) {}
    /// assert!(p.is_dead()); // waiting to respawn: hide the sprite
    /// ```
    pub const fn is_dead(&self) -> bool {
        self.respawn_timer > 0
    }

    /// Frames left until respawn (0 when alive).
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # static TILES: [u16; 12] = [0; 12]; // no floor
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// while !p.update(Input::default(), &map, &[]).contains(Events::FELL_OUT) {}
    /// assert_eq!(p.respawn_timer(), PlayerConfig::DEFAULT.respawn_frames);
    /// ```
    pub const fn respawn_timer(&self) -> u16 {
        self.respawn_timer
    }

    /// Puts the body back at the spawn point, at rest.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// p.body.x = megacollide_engine::SubPx::from_num(100);
    /// p.respawn(); // at once: back at the spawn point, at rest
    /// assert_eq!(p.body.px(), 8);
    /// ```
    pub fn respawn(&mut self) {
        self.place(self.spawn_x, self.spawn_y);
    }

    /// Puts the body at rest with its box's top-left at pixel `(x, y)` (a respawn somewhere
    /// else: a door, a checkpoint, a debug warp). The spawn point stays.
    ///
    /// ```
    /// use megacollide_engine::platformer::{Player, PlayerConfig};
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// p.place(40, 16);
    /// assert_eq!((p.body.px(), p.body.py()), (40, 16));
    /// p.respawn();
    /// assert_eq!(p.body.px(), 8);
    /// ```
    pub fn place(&mut self, x: i16, y: i16) {
        self.body = Body::new(x, y, self.cfg.width, self.cfg.height);
        self.vx = Speed::ZERO;
        self.vy = Speed::ZERO;
        self.coyote = 0;
        self.buffer = 0;
        self.respawn_timer = 0;
    }

    /// Runs one frame: input, walking, jumping, gravity, collision.
    ///
    /// ```
    /// # use megacollide_engine::map::{row_offset_table, Map};
    /// # // 4 x 3 tiles: two rows of air over a floor of solid tiles (id 2) at y 32..48
    /// # static TILES: [u16; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    /// # static ROWS: [u16; 3] = row_offset_table::<3>(4);
    /// # let map = Map::new(&TILES, 4, 3, &ROWS);
    /// use megacollide_engine::platformer::{Events, Input, Player, PlayerConfig};
    /// let mut p = Player::new(8, 0, PlayerConfig::DEFAULT);
    /// for _ in 0..30 {
    ///     p.update(Input::default(), &map, &[]); // one frame of the pad and the map (and boxes)
    /// }
    /// assert_eq!(p.body.py(), 0, "32 high: standing on the floor at y 32");
    /// ```
    pub fn update(&mut self, input: Input, map: &Map, solids: &[SolidBox]) -> Events {
        let mut ev = Events(0);
        let pressed = input.jump && !self.jump_held;
        self.jump_held = input.jump;
        if self.respawn_timer > 0 {
            self.respawn_timer -= 1;
            if self.respawn_timer == 0 {
                self.respawn();
                ev.0 |= Events::RESPAWNED.0;
            }
            return ev;
        }
        let c = self.cfg;
        let grounded = self.body.on_ground();

        // Walking.
        let dir = input.right as i8 - input.left as i8;
        if dir > 0 {
            self.vx = min(self.vx.saturating_add(c.walk_accel), c.walk_max);
            self.facing_left = false;
        } else if dir < 0 {
            self.vx = max(self.vx.saturating_sub(c.walk_accel), -c.walk_max);
            self.facing_left = true;
        } else {
            let f = if grounded { c.friction } else { c.air_friction };
            self.vx = if self.vx > f {
                self.vx - f
            } else if self.vx < -f {
                self.vx + f
            } else {
                Speed::ZERO
            };
        }

        // Jumping: coyote time, buffering, edge triggered (no auto-repeat).
        let can_jump = if grounded {
            self.coyote = c.coyote_frames;
            true
        } else if self.coyote > 0 {
            self.coyote -= 1;
            true
        } else {
            false
        };
        if pressed {
            self.buffer = c.buffer_frames.saturating_add(1);
        }
        if self.buffer > 0 && can_jump {
            self.vy = -c.jump_speed;
            self.buffer = 0;
            self.coyote = 0;
            ev.0 |= Events::JUMPED.0;
        } else {
            if self.buffer > 0 {
                self.buffer -= 1;
            }
            // Gravity.
            self.vy = min(self.vy.saturating_add(c.gravity), c.max_fall);
        }

        // Collision.
        self.body.vx = to_subpx(self.vx);
        self.body.vy = to_subpx(self.vy);
        move_body(map, solids, &mut self.body);
        let f = self.body.flags;
        if f.contains(Flags::HIT_LEFT) || f.contains(Flags::HIT_RIGHT) {
            self.vx = Speed::ZERO;
            ev.0 |= Events::HIT_WALL.0;
        }
        if f.contains(Flags::HIT_CEILING) {
            self.vy = Speed::ZERO;
            ev.0 |= Events::HIT_CEILING.0;
        }
        if f.contains(Flags::ON_GROUND) && self.vy > Speed::ZERO {
            self.vy = Speed::ZERO;
        }
        if f.contains(Flags::ON_GROUND) && !grounded {
            ev.0 |= Events::LANDED.0;
        }
        if f.contains(Flags::FELL_OUT) {
            ev.0 |= Events::FELL_OUT.0;
            self.respawn_timer = c.respawn_frames;
            if c.respawn_frames == 0 {
                self.respawn();
                ev.0 |= Events::RESPAWNED.0;
            }
        }
        ev
    }
}

#[inline]
fn min(a: Speed, b: Speed) -> Speed {
    if a < b {
        a
    } else {
        b
    }
}

#[inline]
fn max(a: Speed, b: Speed) -> Speed {
    if a > b {
        a
    } else {
        b
    }
}
