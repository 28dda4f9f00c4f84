//! The attract-mode input script: what the ROM plays when nobody touches the pad on the
//! title screen, and what the emulator tests replay. Stored in ROM as runs of
//! `(input bits, frames)`; it walks the demo level from the spawn point over slopes of
//! every steepness, falls into a pit (and respawns), rides the moving platform and jumps
//! into the potato.

use crate::levels::{self, Level};
use crate::world::Actions;

/// The level the attract script was recorded on (the stem of its file in `levels/`): the
/// script is data for that level as much as the level file is. A ROM without a level of
/// this name has no attract mode (see [`attract_level`]).
pub const ATTRACT_LEVEL: &str = "demo";

/// The level the attract mode plays: [`ATTRACT_LEVEL`] if the ROM has it.
pub fn attract_level() -> Option<&'static Level> {
    levels::named(ATTRACT_LEVEL)
}

const L: u8 = Actions::LEFT;
const R: u8 = Actions::RIGHT;
const J: u8 = Actions::JUMP;

/// One run of the script: `input` held for `frames` frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// [`Actions`] bits.
    pub input: u8,
    /// How many frames (1 ..= 65535).
    pub frames: u16,
}

const fn run(input: u8, frames: u16) -> Run {
    Run { input, frames }
}

/// The attract-mode script (see the module docs); [`attract_len`] frames long. Resolved by
/// `cargo run -p megacollide-demo --example author -- src/demo/attract.txt` (the comments are
/// the source lines: a button set held until a frame count or a condition).
pub static ATTRACT: [Run; 39] = [
    run(0, 20),    // - 20
    run(R, 247),   // R x>=640
    run(R, 92),    // R respawned
    run(R, 236),   // R x>=612
    run(R | J, 8), // RJ 8
    run(R, 37),    // R ground
    run(R, 262),   // R x>=1380
    run(R, 60),    // R 60
    run(L, 33),    // L x<=1372
    run(R | J, 6), // RJ 6
    run(R, 39),    // R ground
    run(0, 10),    // - 10
    run(R | J, 6), // RJ 6
    run(R, 18),    // R ground
    run(R, 28),    // R x>=1480
    run(R, 10),    // R ground
    run(R | J, 6), // RJ 6
    run(R, 18),    // R ground
    run(R | J, 6), // RJ 6
    run(R, 48),    // R ground
    run(0, 70),    // - 70
    run(R, 33),    // R x>=1766
    run(R | J, 6), // RJ 6
    run(R, 28),    // R ground
    run(0, 6),     // - 6
    run(R | J, 6), // RJ 6
    run(R, 27),    // R ground
    run(R, 41),    // R x>=2000
    run(R, 160),   // R x>=2400
    run(R, 7),     // R x>=2418
    run(R | J, 8), // RJ 8
    run(R, 40),    // R ground
    run(R, 44),    // R x>=2648
    run(0, 4),     // - 4
    run(J, 12),    // J 12
    run(0, 33),    // - ground
    run(0, 20),    // - 20
    run(R, 162),   // R x>=3056
    run(0, 30),    // - 30
];

/// Total frames of [`ATTRACT`].
pub const fn attract_len() -> u32 {
    let mut n = 0u32;
    let mut i = 0;
    while i < ATTRACT.len() {
        n += ATTRACT[i].frames as u32;
        i += 1;
    }
    n
}

/// Plays a script one frame at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptPlayer {
    script: &'static [Run],
    run: u16,
    left: u16,
}

impl ScriptPlayer {
    /// A player at the start of `script`.
    pub const fn new(script: &'static [Run]) -> ScriptPlayer {
        ScriptPlayer { script, run: 0, left: if script.is_empty() { 0 } else { script[0].frames } }
    }

    /// The input for the next frame, or None once the script has ended.
    pub fn next_input(&mut self) -> Option<Actions> {
        while self.left == 0 {
            self.run += 1;
            let r = self.script.get(self.run as usize)?;
            self.left = r.frames;
        }
        self.left -= 1;
        Some(Actions(self.script[self.run as usize].input))
    }

    /// Whether every frame has been played.
    pub fn finished(&self) -> bool {
        let mut p = *self;
        p.next_input().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_every_frame_of_every_run_once() {
        static S2: [Run; 3] = [run(1, 2), run(2, 0), run(4, 1)];
        let mut p = ScriptPlayer::new(&S2);
        assert_eq!(p.next_input(), Some(Actions(1)));
        assert_eq!(p.next_input(), Some(Actions(1)));
        assert!(!p.finished());
        assert_eq!(p.next_input(), Some(Actions(4)));
        assert!(p.finished());
        assert_eq!(p.next_input(), None);
        let mut a = ScriptPlayer::new(&ATTRACT);
        let mut n = 0;
        while a.next_input().is_some() {
            n += 1;
        }
        assert_eq!(n, attract_len());
    }
}
