//! Shared helpers for the ROM tests: where the built ROMs are, their symbols, and the
//! layout of the ROM's test-visible RAM blocks (see `src/sysvars.rs` and `src/selftest.rs`
//! of the ROM crate).
#![deny(missing_docs)]

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// "MCOL": `SYSVARS.alive` once the ROM has booted.
pub const ALIVE_MAGIC: u32 = 0x4D43_4F4C;
/// "PANC": `SYSVARS.fault` after a panic.
pub const FAULT_PANIC: u32 = 0x5041_4E43;
/// "DONE": `SELFTEST.done` when every check ran.
pub const DONE_MAGIC: u32 = 0x444F_4E45;

/// Offsets inside the `SYSVARS` block (bytes).
pub mod sysvars {
    /// `alive` (u32).
    pub const ALIVE: u32 = 0x00;
    /// `frames` (u32).
    pub const FRAMES: u32 = 0x04;
    /// `fault` (u32).
    pub const FAULT: u32 = 0x08;
    /// `fault_info` (u32).
    pub const FAULT_INFO: u32 = 0x0C;
    /// `message` (96 bytes, NUL-terminated).
    pub const MESSAGE: u32 = 0x10;
    /// Length of `message`.
    pub const MESSAGE_BYTES: usize = 96;
}

/// The folder holding the built ROMs: `$MEGACOLLIDE_OUT` (set by `make test`), else `out/`.
pub fn out_dir() -> PathBuf {
    std::env::var_os("MEGACOLLIDE_OUT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out"))
}

/// A built ROM and its ELF (`out/NAME.md`, `out/NAME.elf`), which must exist.
pub struct Rom {
    /// The packed image.
    pub image: Vec<u8>,
    /// Path of the packed image.
    pub path: PathBuf,
    /// Symbols of the ELF the image was packed from.
    pub symbols: emu::Symbols,
}

impl Rom {
    /// Loads `out/NAME.md` and `out/NAME.elf`; a missing file is an error (run `make test`).
    pub fn load(name: &str) -> Result<Rom> {
        let dir = out_dir();
        let path = dir.join(format!("{name}.md"));
        let image = std::fs::read(&path)
            .with_context(|| format!("{}: missing; build it with `make test`", path.display()))?;
        let elf = dir.join(format!("{name}.elf"));
        let symbols = emu::Symbols::load(&elf).with_context(|| format!("{}: cannot read symbols", elf.display()))?;
        Ok(Rom { image, path, symbols })
    }

    /// Address of a symbol that must exist.
    pub fn sym(&self, name: &str) -> u32 {
        self.symbols.require(name).unwrap_or_else(|e| panic!("{}: {e:#}", self.path.display()))
    }
}

static GPGX_LOCK: Mutex<()> = Mutex::new(());

/// Opens the Genesis Plus GX core with `rom` loaded. The core is a process-wide singleton,
/// so the returned guard serialises the tests that use it.
pub fn gpgx_with(rom: &Rom) -> (MutexGuard<'static, ()>, emu::Gpgx) {
    let guard = GPGX_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let core = emu::find_gpgx_core().expect("Genesis Plus GX core (run `make deps`)");
    let mut gx = emu::Gpgx::open(core).expect("open the Genesis Plus GX core");
    gx.load_rom(&rom.image).expect("load the ROM");
    (guard, gx)
}

/// Compares the current Genesis Plus GX screen with `reference/NAME.png` (per-channel
/// tolerance 8 for palette levels, no differing pixel). On a mismatch the actual image and a
/// diff are written to `out/test-failures/`; `EMU_UPDATE_REFERENCES=1` rewrites the reference.
pub fn assert_screen(gx: &emu::Gpgx, name: &str) {
    let reference = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("reference").join(format!("{name}.png"));
    emu::compare_with_reference(&gx.screenshot(), reference, emu::Tolerance::new(8, 0), emu::default_failure_dir(), name)
        .unwrap_or_else(|e| panic!("screen {name} differs from its reference: {e:?}"));
}

/// Reads a NUL-terminated string from emulator memory bytes.
pub fn c_string(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// Big-endian u32 from the first four bytes.
pub fn be32(bytes: &[u8]) -> u32 {
    u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

pub use megacollide_game::state::{GameState, GAME_STATE_BYTES, MODE_ATTRACT, MODE_PLAY, MODE_TITLE};

/// Reads the ROM's `GAME` block (address from the ELF's symbols) from Genesis Plus GX.
pub fn game_state(gx: &emu::Gpgx, game_addr: u32) -> GameState {
    let bytes = gx.read_bytes(game_addr, GAME_STATE_BYTES);
    GameState::from_be_bytes(bytes.as_slice().try_into().expect("GAME block size"))
}

/// The part of a [`GameState`] that the world step decides (what the host and the 68000 must
/// agree on): the ROM-owned fields (VBlank count, timing, mode, overlay, buttons) zeroed.
pub fn world_part(s: &GameState) -> GameState {
    GameState { vblanks: 0, missed_frames: 0, frame_lines: 0, worst_lines: 0, mode: 0, overlay: 0, buttons: 0, ..*s }
}

/// The attract script as one input per frame.
pub fn attract_inputs() -> Vec<megacollide_game::Input> {
    let mut p = megacollide_game::ScriptPlayer::new(&megacollide_game::ATTRACT);
    std::iter::from_fn(|| p.next_input()).collect()
}

/// Runs `inputs` through the game's world on the host, from a reset on the demo level:
/// element `i` is the state after step `i + 1` (its `tick`).
pub fn host_run(inputs: &[megacollide_game::Input]) -> Vec<GameState> {
    let mut w = megacollide_game::World::new(&megacollide_game::levels::DEMO);
    inputs
        .iter()
        .map(|&i| {
            w.step(i);
            let mut s = GameState::ZERO;
            s.capture(&w);
            s
        })
        .collect()
}

/// Compares a 68000 trajectory (states for ticks 1..) with the host's, field by field;
/// panics at the first differing tick, printing both states.
pub fn assert_same_trajectory(what: &str, rom: &[GameState], host: &[GameState]) {
    assert_eq!(rom.len(), host.len(), "{what}: number of steps");
    for (r, h) in rom.iter().zip(host) {
        assert_eq!(world_part(r), world_part(h), "{what}: first difference at tick {} (left: 68000, right: host)", h.tick);
    }
}
