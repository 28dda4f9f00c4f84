//! `GameState`: the game's state as tests see it, one `repr(C)` block that the ROM publishes
//! in RAM as the ELF symbol `GAME` (tests take its address from the ELF's symbols). The ROM
//! keeps it as an `rt::Published`: two copies and the index of the complete one, which tests
//! read (`emu::Gpgx::read_published`), since an emulated frame can end in the middle of a
//! write. The table gives one copy's layout.
//!
//! | offset | size | field           | meaning                                                    |
//! |--------|------|-----------------|------------------------------------------------------------|
//! | 0x00   | 4    | `tick`          | world steps since play or attract mode started             |
//! | 0x04   | 4    | `vblanks`       | VBlank count when this snapshot was taken                  |
//! | 0x08   | 2    | `x`             | player left edge, sub-pixels (1/8 px), pixel-space         |
//! | 0x0A   | 2    | `y`             | player top edge, sub-pixels                                |
//! | 0x0C   | 2    | `vx`            | player speed, 1/256 px per frame (+ = right)               |
//! | 0x0E   | 2    | `vy`            | player speed, 1/256 px per frame (+ = down)                |
//! | 0x10   | 2    | `camera_x`      | view left edge, pixels                                     |
//! | 0x12   | 2    | `camera_y`      | view top edge, pixels                                      |
//! | 0x14   | 2    | `missed_frames` | frames whose work did not finish before the next VBlank    |
//! | 0x16   | 2    | `frame_lines`   | scanlines (of `lines_per_frame`) the last frame's work took |
//! | 0x18   | 2    | `worst_lines`   | largest `frame_lines` since boot                            |
//! | 0x1A   | 2    | `respawn_timer` | frames until respawn (0 = alive)                            |
//! | 0x1C   | 1    | `flags`         | the player body's engine `Flags` (bit 0 ON_GROUND ...)      |
//! | 0x1D   | 1    | `events`        | platformer `Events` of the last step (bit 0 JUMPED ...)     |
//! | 0x1E   | 1    | `hit`           | 1: the player's mask overlaps a potato's opaque pixels      |
//! | 0x1F   | 1    | `bbox`          | 1: the player's box overlaps a potato's box                 |
//! | 0x20   | 1    | `mode`          | [`MODE_TITLE`], [`MODE_PLAY`] or [`MODE_ATTRACT`]           |
//! | 0x21   | 1    | `overlay`       | 1: the debug overlay is shown                               |
//! | 0x22   | 1    | `enemy_touches` | times an enemy started touching the player                  |
//! | 0x23   | 1    | `at_goal`       | 1: the player is in the goal                                |
//! | 0x24   | 1    | `riding`        | index of the platform the player stands on, 0xFF none       |
//! | 0x25   | 1    | `redraws`       | full plane redraws (display blanked) since boot, wrapping   |
//! | 0x26   | 2    | `buttons`       | pad buttons this frame (see the ROM's `pad` module)         |
//! | 0x28   | 1    | `level`         | index in `levels::LEVELS` of the level shown or played      |
//! | 0x29   | 1    | `level_count`   | number of levels in the ROM (`levels::LEVELS.len()`)         |
//! | 0x2A   | 2    | `lines_per_frame` | scanlines per frame: 262 (NTSC, 60 Hz) or 313 (PAL, 50 Hz) |
//! | 0x2C   | 1    | `player_frame`  | frame of the player's sprite sheet drawn (`look::PlayerLook`) |
//! | 0x2D   | 1    | `facing_left`   | 1: the player faces left (sprite mirrored, mirrored mask)   |
//! | 0x2E   | 1    | `pose`          | the player's pose: 0 stand, 1 walk, 2 jump, 3 fall (`look::Pose`) |
//! | 0x2F   | 1    | `enemy_frame`   | frame of the enemy sprite sheet drawn (all enemies)         |
//!
//! Multi-byte values are big-endian in the 68000's RAM. Every field is 1 or 2 bytes except
//! the two leading `u32`s, so the layout is the same on the host (tests decode with
//! [`GameState::from_be_bytes`]).

use crate::world::World;

/// Title screen (waiting for Start; attract mode after a few idle seconds).
pub const MODE_TITLE: u8 = 0;
/// Playing with the pad.
pub const MODE_PLAY: u8 = 1;
/// Attract mode: replaying [`crate::script::ATTRACT`].
pub const MODE_ATTRACT: u8 = 2;

/// Size of [`GameState`] in bytes.
pub const GAME_STATE_BYTES: usize = 0x30;

/// The bit of the ROM's debug warp word (`WARP`, an ELF symbol) that asks for a warp: a
/// test writes `WARP_REQUEST | x << 16 | y` (the player's pixel-space top-left) and the ROM's
/// next step in play puts the player there at rest.
pub const WARP_REQUEST: u32 = 0x8000_0000;

/// See the module docs for every field.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct GameState {
    pub tick: u32,
    pub vblanks: u32,
    pub x: i16,
    pub y: i16,
    pub vx: i16,
    pub vy: i16,
    pub camera_x: i16,
    pub camera_y: i16,
    pub missed_frames: u16,
    pub frame_lines: u16,
    pub worst_lines: u16,
    pub respawn_timer: u16,
    pub flags: u8,
    pub events: u8,
    pub hit: u8,
    pub bbox: u8,
    pub mode: u8,
    pub overlay: u8,
    pub enemy_touches: u8,
    pub at_goal: u8,
    pub riding: u8,
    pub redraws: u8,
    pub buttons: u16,
    pub level: u8,
    pub level_count: u8,
    pub lines_per_frame: u16,
    pub player_frame: u8,
    pub facing_left: u8,
    pub pose: u8,
    pub enemy_frame: u8,
}

impl GameState {
    /// An all-zero state (title mode).
    pub const ZERO: GameState = GameState {
        tick: 0,
        vblanks: 0,
        x: 0,
        y: 0,
        vx: 0,
        vy: 0,
        camera_x: 0,
        camera_y: 0,
        missed_frames: 0,
        frame_lines: 0,
        worst_lines: 0,
        respawn_timer: 0,
        flags: 0,
        events: 0,
        hit: 0,
        bbox: 0,
        mode: 0,
        overlay: 0,
        enemy_touches: 0,
        at_goal: 0,
        riding: 0xFF,
        redraws: 0,
        buttons: 0,
        level: 0,
        level_count: 0,
        lines_per_frame: 0,
        player_frame: 0,
        facing_left: 0,
        pose: 0,
        enemy_frame: 0,
    };

    /// Copies the world's part of the state (everything but `vblanks`, `missed_frames`,
    /// `frame_lines`, `worst_lines`, `mode`, `overlay`, `buttons`, `level`, `level_count` and `lines_per_frame`,
    /// which the ROM owns).
    pub fn capture(&mut self, w: &World) {
        let p = &w.player;
        self.tick = w.tick;
        self.x = p.body.x.to_bits();
        self.y = p.body.y.to_bits();
        self.vx = p.vx.to_bits();
        self.vy = p.vy.to_bits();
        self.camera_x = w.camera.x;
        self.camera_y = w.camera.y;
        self.respawn_timer = p.respawn_timer();
        self.flags = p.body.flags.0;
        self.events = w.events.0;
        self.hit = w.hit as u8;
        self.bbox = w.bbox as u8;
        self.enemy_touches = w.enemy_touches;
        self.at_goal = w.at_goal as u8;
        self.riding = p.body.riding;
        self.player_frame = w.player_look.frame;
        self.facing_left = w.player_look.facing_left as u8;
        self.pose = w.player_look.pose as u8;
        self.enemy_frame = w.enemy_look.frame;
    }

    /// Decodes the block as read from the 68000's RAM (big-endian), e.g. by an emulator.
    pub fn from_be_bytes(b: &[u8; GAME_STATE_BYTES]) -> GameState {
        let u16_at = |o: usize| u16::from_be_bytes([b[o], b[o + 1]]);
        let u32_at = |o: usize| u32::from_be_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        GameState {
            tick: u32_at(0x00),
            vblanks: u32_at(0x04),
            x: u16_at(0x08) as i16,
            y: u16_at(0x0A) as i16,
            vx: u16_at(0x0C) as i16,
            vy: u16_at(0x0E) as i16,
            camera_x: u16_at(0x10) as i16,
            camera_y: u16_at(0x12) as i16,
            missed_frames: u16_at(0x14),
            frame_lines: u16_at(0x16),
            worst_lines: u16_at(0x18),
            respawn_timer: u16_at(0x1A),
            flags: b[0x1C],
            events: b[0x1D],
            hit: b[0x1E],
            bbox: b[0x1F],
            mode: b[0x20],
            overlay: b[0x21],
            enemy_touches: b[0x22],
            at_goal: b[0x23],
            riding: b[0x24],
            redraws: b[0x25],
            buttons: u16_at(0x26),
            level: b[0x28],
            level_count: b[0x29],
            lines_per_frame: u16_at(0x2A),
            player_frame: b[0x2C],
            facing_left: b[0x2D],
            pose: b[0x2E],
            enemy_frame: b[0x2F],
        }
    }

    /// Player left edge in whole pixels.
    pub const fn px(&self) -> i16 {
        self.x >> 3
    }

    /// Player top edge in whole pixels.
    pub const fn py(&self) -> i16 {
        self.y >> 3
    }

    /// Whether the player stands on something.
    pub const fn on_ground(&self) -> bool {
        self.flags & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    #[test]
    fn layout_matches_the_documented_table() {
        assert_eq!(size_of::<GameState>(), GAME_STATE_BYTES);
        assert_eq!(offset_of!(GameState, vblanks), 0x04);
        assert_eq!(offset_of!(GameState, x), 0x08);
        assert_eq!(offset_of!(GameState, camera_x), 0x10);
        assert_eq!(offset_of!(GameState, missed_frames), 0x14);
        assert_eq!(offset_of!(GameState, worst_lines), 0x18);
        assert_eq!(offset_of!(GameState, respawn_timer), 0x1A);
        assert_eq!(offset_of!(GameState, flags), 0x1C);
        assert_eq!(offset_of!(GameState, hit), 0x1E);
        assert_eq!(offset_of!(GameState, mode), 0x20);
        assert_eq!(offset_of!(GameState, at_goal), 0x23);
        assert_eq!(offset_of!(GameState, riding), 0x24);
        assert_eq!(offset_of!(GameState, redraws), 0x25);
        assert_eq!(offset_of!(GameState, buttons), 0x26);
        assert_eq!(offset_of!(GameState, level), 0x28);
        assert_eq!(offset_of!(GameState, level_count), 0x29);
        assert_eq!(offset_of!(GameState, lines_per_frame), 0x2A);
        assert_eq!(offset_of!(GameState, player_frame), 0x2C);
        assert_eq!(offset_of!(GameState, facing_left), 0x2D);
        assert_eq!(offset_of!(GameState, enemy_frame), 0x2F);
    }

    #[test]
    fn decodes_big_endian_bytes() {
        let mut b = [0u8; GAME_STATE_BYTES];
        b[0x03] = 7;
        b[0x08] = 0x01;
        b[0x09] = 0x80; // x = 384 sub-pixels = 48 px
        b[0x0C] = 0xFF;
        b[0x0D] = 0x00; // vx = -256 = -1 px/frame
        b[0x1C] = 1;
        b[0x24] = 0xFF;
        b[0x25] = 3;
        let s = GameState::from_be_bytes(&b);
        assert_eq!((s.tick, s.px(), s.vx, s.on_ground(), s.riding, s.redraws), (7, 48, -256, true, 0xFF, 3));
    }
}
