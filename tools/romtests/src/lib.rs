//! Shared helpers for the ROM tests: where the built ROMs are, their symbols, and the
//! layout of the ROM's test-visible RAM blocks (see `src/rom/sysvars.rs` and `src/rom/selftest.rs`
//! of the ROM crate).
#![deny(missing_docs)]

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// The ROM's `SYSVARS` block: its offsets and magic values (one layout, the ROM's).
pub use megacollide_demo::sysvars;
pub use megacollide_demo::sysvars::{ALIVE_MAGIC, FAULT_PANIC};
/// "DONE": `SELFTEST.done` when every check ran.
pub const DONE_MAGIC: u32 = 0x444F_4E45;

/// The folder holding the built ROMs: `$MEGACOLLIDE_OUT` (set by `make test`), else `out/`.
pub fn out_dir() -> PathBuf {
    std::env::var_os("MEGACOLLIDE_OUT").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../out"))
}

/// Whether the files `make test` builds for a test are there (names relative to
/// [`out_dir`], e.g. `"template.md"`). Under `make test` (`MEGACOLLIDE_OUT` set) this is
/// always true: a missing file then fails the test where it is opened. Under plain
/// `cargo test` (after `make`, which builds only the demo ROM) a missing file makes this
/// print which test is not run, why, and which command runs it, and return false: the test
/// then returns without checking anything.
pub fn built(files: &[&str]) -> bool {
    if std::env::var_os("MEGACOLLIDE_OUT").is_some() {
        return true;
    }
    let missing: Vec<String> = files.iter().map(|f| out_dir().join(f)).filter(|p| !p.exists()).map(|p| p.display().to_string()).collect();
    if missing.is_empty() {
        return true;
    }
    let test = std::thread::current().name().unwrap_or("this test").to_string();
    // Straight to stderr: libtest hides eprintln! of a passing test.
    let line =
        format!("{test}: NOT RUN under plain `cargo test`: {} not built; `make test` builds it and runs this test", missing.join(", "));
    // One write, so parallel tests do not interleave it.
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
    false
}

/// A built ROM and its ELF (`emu::Rom`).
pub use emu::Rom;

/// The ROMs `make test` builds, by name.
pub trait RomByName {
    /// Loads `out/NAME.md` and `out/NAME.elf`; a missing file is an error (run `make test`).
    fn load(name: &str) -> Result<Rom>;
}

impl RomByName for Rom {
    fn load(name: &str) -> Result<Rom> {
        Rom::open(out_dir().join(format!("{name}.md")))
    }
}

static GPGX_LOCK: Mutex<()> = Mutex::new(());

/// Opens the Genesis Plus GX core with `rom` loaded. The core is a process-wide singleton,
/// so the returned guard serialises the tests that use it.
pub fn gpgx_with(rom: &Rom) -> (MutexGuard<'static, ()>, emu::Gpgx) {
    gpgx_with_options(rom, &[])
}

/// [`gpgx_with`] with core options, e.g. `("genesis_plus_gx_region_detect", "pal")` for a
/// 50 Hz PAL console.
pub fn gpgx_with_options(rom: &Rom, options: &[(&str, &str)]) -> (MutexGuard<'static, ()>, emu::Gpgx) {
    let guard = GPGX_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let gx = rom.boot(options).unwrap_or_else(|e| panic!("Genesis Plus GX with {} (run `make deps`): {e:#}", rom.path.display()));
    (guard, gx)
}

/// Compares the current Genesis Plus GX screen with `reference/NAME.png` (per-channel
/// tolerance 8 for palette levels, no differing pixel). On a mismatch the actual image and a
/// diff are written to `out/test-failures/`; `EMU_UPDATE_REFERENCES=1` rewrites the reference.
pub fn assert_screen(gx: &emu::Gpgx, name: &str) {
    assert_image(&gx.screenshot(), name);
}

/// [`assert_screen`] for an image the test prepared (e.g. with a changing area blanked).
pub fn assert_image(image: &emu::RgbImage, name: &str) {
    let reference = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("reference").join(format!("{name}.png"));
    emu::compare_with_reference(image, reference, emu::Tolerance::new(8, 0), emu::default_failure_dir(), name)
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

pub use megacollide_demo::state::{GameState, GAME_STATE_BYTES, MODE_ATTRACT, MODE_PLAY, MODE_TITLE, WARP_REQUEST};

/// Reads the ROM's `GAME` block (address from the ELF's symbols) from Genesis Plus GX.
pub fn game_state(gx: &emu::Gpgx, game_addr: u32) -> GameState {
    let bytes = gx.read_published(game_addr, GAME_STATE_BYTES);
    GameState::from_be_bytes(bytes.as_slice().try_into().expect("GAME block size"))
}

/// The part of a [`GameState`] that the world step decides (what the host and the 68000 must
/// agree on): the ROM-owned fields (VBlank count, timing, mode, overlay, buttons, level, video
/// standard) zeroed.
pub fn world_part(s: &GameState) -> GameState {
    GameState {
        vblanks: 0,
        missed_frames: 0,
        frame_lines: 0,
        worst_lines: 0,
        mode: 0,
        overlay: 0,
        redraws: 0,
        buttons: 0,
        level: 0,
        level_count: 0,
        lines_per_frame: 0,
        ..*s
    }
}

/// The attract script as one input per frame.
pub fn attract_inputs() -> Vec<megacollide_demo::Actions> {
    let mut p = megacollide_demo::ScriptPlayer::new(&megacollide_demo::ATTRACT);
    std::iter::from_fn(|| p.next_input()).collect()
}

/// The level the attract script walks (`script::ATTRACT_LEVEL`, the demo level): the game
/// tests check its course.
pub fn demo_level() -> &'static megacollide_demo::levels::Level {
    megacollide_demo::script::attract_level().expect("the attract script's level is in levels/")
}

/// The index of [`demo_level`] in `levels::LEVELS` (the level select's order).
pub fn demo_index() -> usize {
    megacollide_demo::levels::index_of(demo_level()).expect("the demo level is in LEVELS")
}

/// On the title screen: presses Right on the pad (one frame, then idle frames until the
/// redraw of the new level is over) until the level select shows `LEVELS[index]`
/// (`GAME.level`).
pub fn select_level(gx: &mut emu::Gpgx, game_addr: u32, index: usize) {
    for _ in 0..=megacollide_demo::LEVELS.len() {
        let s = game_state(gx, game_addr);
        assert_eq!(s.mode, MODE_TITLE, "the level select is on the title screen");
        if s.level as usize == index {
            return;
        }
        gx.run_frame(emu::Pad::RIGHT);
        settle(gx, game_addr);
    }
    panic!("the level select never showed level {index}");
}

/// Runs idle frames until the ROM's main loop keeps pace again (two frames in a row each end
/// with a `GAME` update one VBlank apart), e.g. after a full redraw with the display off, so
/// that the next pad input is read in the frame it is sent.
pub fn settle(gx: &mut emu::Gpgx, game_addr: u32) {
    let mut last = game_state(gx, game_addr).vblanks;
    let mut steady = 0;
    for _ in 0..120 {
        gx.run_frame(emu::Pad::NONE);
        let now = game_state(gx, game_addr).vblanks;
        steady = if now == last + 1 { steady + 1 } else { 0 };
        last = now;
        if steady >= 2 {
            return;
        }
    }
    panic!("the ROM did not keep pace within 120 frames");
}

/// Runs `inputs` through the game's world on the host, from a reset on the demo level:
/// element `i` is the state after step `i + 1` (its `tick`).
pub fn host_run(inputs: &[megacollide_demo::Actions]) -> Vec<GameState> {
    let mut w = megacollide_demo::World::new(demo_level());
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

/// VRAM address of plane A (`megadrive::vdp::PLANE_A`).
pub const VRAM_PLANE_A: usize = 0xC000;
/// VRAM address of plane B, where the level is drawn (`megadrive::vdp::PLANE_B`).
pub const VRAM_PLANE_B: usize = 0xE000;
/// VRAM address of the horizontal scroll table (`megadrive::vdp::HSCROLL`).
pub const VRAM_HSCROLL: usize = 0xB800;

/// VRAM address of the shape graphics (VDP tile 256, the level view's `SHAPE_TILE`).
pub const VRAM_SHAPES: usize = 0x2000;

/// The VDP's 64 KiB of VRAM, in the VDP's byte order, taken from a Genesis Plus GX save
/// state (the core does not expose VRAM through the libretro memory API; its state holds it
/// as one block of host-order 16-bit words). The block is found by the shape graphics the
/// demo ROM loads at [`VRAM_SHAPES`] (`SHAPE_GFX`, known to the tests through the game
/// crate), in either byte order; panics unless found exactly once.
pub fn vram_in_state(state: &[u8]) -> Vec<u8> {
    VramInState::locate(state).extract(state)
}

/// Where [`vram_in_state`] found VRAM in a save state: the same place in every state of one
/// run, so a test that reads VRAM every frame locates it once and then only re-checks the
/// signature.
#[derive(Clone, Debug)]
pub struct VramInState {
    base: usize,
    swap: bool,
    /// The big-endian bytes known to be at VRAM byte `at`, and `at`.
    signature: Vec<u8>,
    at: usize,
}

impl VramInState {
    /// Searches the state for the shape graphics (see [`vram_in_state`]).
    pub fn locate(state: &[u8]) -> VramInState {
        let words = &megacollide_demo::levels::SHAPE_GFX[64..320];
        let signature: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        VramInState::locate_signature(state, &signature, VRAM_SHAPES + 128)
    }

    /// Searches the state for `signature`, big-endian bytes a ROM put at VRAM byte address
    /// `at`, in either byte order; panics unless found exactly once.
    pub fn locate_signature(state: &[u8], signature: &[u8], at: usize) -> VramInState {
        let swapped: Vec<u8> = signature.chunks(2).flat_map(|w| [w[1], w[0]]).collect();
        let find = |sig: &[u8]| -> Vec<usize> { state.windows(sig.len()).enumerate().filter(|(_, w)| *w == sig).map(|(i, _)| i).collect() };
        let (hb, hl) = (find(signature), find(&swapped));
        assert_eq!(hb.len() + hl.len(), 1, "VRAM signature found {} (BE) + {} (LE) times in the save state", hb.len(), hl.len());
        let (hit, swap) = if hb.len() == 1 { (hb[0], false) } else { (hl[0], true) };
        let base = hit.checked_sub(at).expect("VRAM block inside the state");
        VramInState { base, swap, signature: signature.to_vec(), at }
    }

    /// VRAM in the VDP's byte order; panics if the signature is no longer there.
    pub fn extract(&self, state: &[u8]) -> Vec<u8> {
        let block = &state[self.base..self.base + 0x10000];
        let vram: Vec<u8> = if self.swap { block.chunks(2).flat_map(|w| [w[1], w[0]]).collect() } else { block.to_vec() };
        assert_eq!(&vram[self.at..self.at + self.signature.len()], self.signature.as_slice(), "VRAM moved in the save state");
        vram
    }
}

/// Big-endian word of VRAM at byte address `addr`.
pub fn vram_word(vram: &[u8], addr: usize) -> u16 {
    u16::from_be_bytes([vram[addr], vram[addr + 1]])
}

/// Checks that the planes show the demo level for a camera at pixel-space (`cx`, `cy`), the
/// way the level view (`megacollide_level_view::View`) draws it: a level with art layers has plane B and plane
/// A equal to its art planes (each scrolled to the camera shifted right by the plane's
/// parallax), a level without art has plane B equal to its collision shapes. Every visible
/// map tile (tile space) must be in its ring-buffer place (cells `2 * (tx & 31)`,
/// `2 * (ty & 15)`) and each plane's horizontal scroll must be minus its camera x. Returns a
/// description of the first wrong cell.
pub fn check_planes(vram: &[u8], cx: i16, cy: i16) -> Result<(), String> {
    check_level_planes(vram, demo_index(), false, cx, cy)
}

/// [`check_planes`] for `LEVELS[index]`; `shapes`: the debug overlay is on (the ROM then
/// draws the collision shapes on plane B for every level).
pub fn check_level_planes(vram: &[u8], index: usize, shapes: bool, cx: i16, cy: i16) -> Result<(), String> {
    use megacollide_demo::level_art::LEVEL_ART;
    let demo = megacollide_demo::LEVELS[index];
    match LEVEL_ART[index].filter(|_| !shapes) {
        None => check_plane(vram, 1, cx, cy, "plane B (shapes)", &|tx, ty| shape_cells(demo, tx, ty)),
        Some(art) => {
            for (slot, plane, name) in [(1, &art.plane_b, "plane B (art)"), (0, &art.plane_a, "plane A (art)")] {
                if let Some(p) = plane {
                    let shift = p.parallax as i16;
                    let cells = |tx, ty| art_plane_cells((demo.width, demo.height), p.cells, p.width, tx, ty);
                    check_plane(vram, slot, cx >> shift, cy >> shift, name, &cells)?;
                }
            }
            Ok(())
        }
    }
}

/// The four cells (top-left, top-right, bottom-left, bottom-right) of map tile (tx, ty) of
/// `level` drawn with its collision shapes: the ROM's shape graphics start at VDP tile 256
/// and use palette line 2 (the level view's `SHAPE_TILE` and `SHAPE_PALETTE_LINE`).
fn shape_cells(level: &megacollide_demo::levels::Level, tx: i16, ty: i16) -> [u16; 4] {
    use megacollide_demo::levels::shape_vdp_tile;
    const SHAPE_BASE: u16 = 256;
    const SHAPE_PALETTE: u16 = 2 << 13;
    let inside = tx >= 0 && ty >= 0 && (tx as u16) < level.width && (ty as u16) < level.height;
    let id = if inside { level.map.tile(tx, ty) } else { 0 };
    let first = SHAPE_PALETTE | (SHAPE_BASE + shape_vdp_tile(id));
    [first, first + 1, first + 2, first + 3]
}

/// The four cells (top-left, top-right, bottom-left, bottom-right) of map tile (tx, ty) of an
/// art plane of a level of `size` (width, height) tiles: `cells`, the plane's name-table
/// words, `width` cells a row (outside the map: nothing drawn).
pub fn art_plane_cells(size: (u16, u16), cells: &[u16], width: u16, tx: i16, ty: i16) -> [u16; 4] {
    let inside = tx >= 0 && ty >= 0 && (tx as u16) < size.0 && (ty as u16) < size.1;
    if !inside {
        return [0; 4];
    }
    let w = width as usize;
    let top = ty as usize * 2 * w + tx as usize * 2;
    [cells[top], cells[top + 1], cells[top + w], cells[top + w + 1]]
}

/// Compares one plane (`slot` 0 = A, 1 = B) with `cells` (the four cells of a map tile, see
/// [`art_plane_cells`]) for a plane camera at (cx, cy): every visible map tile (tile space) in
/// its ring-buffer place (cells `2 * (tx & 31)`, `2 * (ty & 15)`), and the plane's
/// horizontal scroll minus its camera x. Returns a description of the first wrong cell.
pub fn check_plane(vram: &[u8], slot: usize, cx: i16, cy: i16, name: &str, cells: &dyn Fn(i16, i16) -> [u16; 4]) -> Result<(), String> {
    let base = if slot == 0 { VRAM_PLANE_A } else { VRAM_PLANE_B };
    let hs = vram_word(vram, VRAM_HSCROLL + 2 * slot);
    if hs != (cx as u16).wrapping_neg() {
        return Err(format!("{name}: hscroll {hs:#06x}, camera x {cx}"));
    }
    for ty in (cy >> 4)..=((cy + 223) >> 4) {
        for tx in (cx >> 4)..=((cx + 319) >> 4) {
            let want = cells(tx, ty);
            let (px, py) = (((tx & 31) * 2) as usize, ((ty & 15) * 2) as usize);
            for (i, (dx, dy)) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().enumerate() {
                let addr = base + ((py + dy) * 64 + px + dx) * 2;
                let got = vram_word(vram, addr);
                if got != want[i] {
                    return Err(format!(
                        "{name}: camera ({cx}, {cy}): map tile ({tx}, {ty}): cell ({}, {}) = {got:#06x}, expected {:#06x}",
                        px + dx,
                        py + dy,
                        want[i]
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Where Genesis Plus GX keeps the Z80's RAM in its save state: found once by the sound
/// driver's first bytes (`megadrive::sound::DRIVER`, loaded at Z80 address 0), then read at
/// the same place in every later state of the run.
#[derive(Clone, Copy, Debug)]
pub struct Z80InState {
    base: usize,
}

impl Z80InState {
    /// Searches a state of a ROM that has loaded the driver.
    pub fn locate(state: &[u8]) -> Z80InState {
        let sig = &megadrive::sound::DRIVER[..48];
        let hits: Vec<usize> = state.windows(sig.len()).enumerate().filter(|(_, w)| *w == sig).map(|(i, _)| i).collect();
        assert_eq!(hits.len(), 1, "the sound driver's code found {} times in the save state", hits.len());
        Z80InState { base: hits[0] }
    }

    /// The Z80's 8 KiB of RAM; panics if the driver is no longer there.
    pub fn extract(&self, state: &[u8]) -> Vec<u8> {
        let ram = state[self.base..self.base + 0x2000].to_vec();
        assert_eq!(&ram[..48], &megadrive::sound::DRIVER[..48], "Z80 RAM moved in the save state");
        ram
    }
}

/// A little-endian (Z80) 16-bit value of Z80 RAM.
pub fn z80_u16(ram: &[u8], addr: u16) -> u16 {
    u16::from_le_bytes([ram[addr as usize], ram[addr as usize + 1]])
}
