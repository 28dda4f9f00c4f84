//! What the game's ROM tests share: the game's ROM and its state as the tests read it.
//!
//! The game writes its state once a frame into the ELF symbol `GAME` (`State` in
//! `src/main.rs`, big-endian in the 68000's RAM); [`State::read`] decodes it. Keep the two
//! `State`s in step when you change one.

use std::path::PathBuf;

pub use emu::{Gpgx, Pad, Recording, Rom};

/// The game's ROM: `$GAME_ROM` (the game's `make test` sets it), else `../out/game.md`
/// beside this crate, with its ELF `game.elf` beside it.
pub fn game_rom() -> Rom {
    let path =
        std::env::var_os("GAME_ROM").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out/game.md"));
    Rom::open(&path).unwrap_or_else(|e| panic!("{e:#}"))
}

/// A pad recording of `recordings/` by file name (`walk.pad`).
pub fn recording(name: &str) -> Recording {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("recordings").join(name);
    Recording::load(&path).unwrap_or_else(|e| panic!("{e:#}"))
}

/// The game's `GAME` block (`State` in `src/main.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// VBlanks since boot.
    pub frames: u32,
    /// The player's top-left, pixels.
    pub x: i16,
    /// See `x`.
    pub y: i16,
    /// The camera's top-left, pixels.
    pub camera_x: i16,
    /// See `camera_x`.
    pub camera_y: i16,
    /// The player body's engine flags (bit 0: on the ground).
    pub flags: u8,
    /// 1 when the player faces left.
    pub facing_left: u8,
    /// The buttons read this frame (`megadrive::pad` bits).
    pub buttons: u16,
    /// The coins' score.
    pub score: u16,
    /// The frame of the player's sprite sheet shown.
    pub sprite_frame: u16,
}

/// Bytes of `State` in the 68000's RAM.
pub const STATE_BYTES: usize = 20;

impl State {
    /// The state the game wrote last, read from the 68000's RAM at the ROM's symbol `GAME`.
    pub fn read(gx: &Gpgx, rom: &Rom) -> State {
        let b = gx.read_published(rom.sym("GAME"), STATE_BYTES);
        let word = |i: usize| u16::from_be_bytes([b[i], b[i + 1]]);
        State {
            frames: u32::from_be_bytes([b[0], b[1], b[2], b[3]]),
            x: word(4) as i16,
            y: word(6) as i16,
            camera_x: word(8) as i16,
            camera_y: word(10) as i16,
            flags: b[12],
            facing_left: b[13],
            buttons: word(14),
            score: word(16),
            sprite_frame: word(18),
        }
    }

    /// The player stands on something (the engine's body flag).
    pub fn on_ground(&self) -> bool {
        self.flags & 1 != 0
    }
}
