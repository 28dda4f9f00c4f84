//! In-process Genesis Plus GX (libretro core) driver.
//!
//! Only **one** core instance can exist per process at a time: a libretro core
//! is a bag of C globals and its callbacks are plain `extern "C" fn`s, so the
//! frontend state lives in a process-global mutex. [`Gpgx::open`] takes a
//! process-wide lease: if another thread holds an instance, `open` *blocks*
//! until that instance is dropped (so tests in one test binary serialise
//! automatically); opening a second instance on the same thread is an error.

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_uint, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread::ThreadId;

use anyhow::{anyhow, bail, ensure, Context, Result};
use image::RgbImage;

use crate::libretro::*;
use crate::pad::{Pad, PadKind};

/// Core options forced by this harness (everything else: the core's default).
/// NTSC-U gives a 60 Hz, 320x224 picture whatever the ROM header says.
const DEFAULT_OVERRIDES: &[(&str, &str)] = &[("genesis_plus_gx_region_detect", "ntsc-u")];

struct Variable {
    key: CString,
    value: CString,
    choices: Vec<String>,
}

struct Frame {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

struct State {
    input: [u16; 2],
    pixel_format: c_uint,
    frame: Option<Frame>,
    variables: Vec<Variable>,
    overrides: Vec<(String, String)>,
    system_dir: CString,
    /// The core's device ids of the 3- and 6-button MD pads (from its controller info).
    controller_3b: Option<c_uint>,
    controller_6b: Option<c_uint>,
    log: bool,
    /// Audio the core produced since the last `take_audio`: interleaved left, right.
    audio: Vec<i16>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

fn state() -> MutexGuard<'static, Option<State>> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

// ------------------------------------------------------------------ lease

static LEASE: Mutex<Option<ThreadId>> = Mutex::new(None);
static LEASE_FREED: Condvar = Condvar::new();

struct Lease;

impl Lease {
    fn acquire() -> Result<Lease> {
        let me = std::thread::current().id();
        let mut owner = LEASE.lock().unwrap_or_else(|e| e.into_inner());
        if *owner == Some(me) {
            bail!("a Gpgx instance is already open on this thread (only one core instance per process)");
        }
        while owner.is_some() {
            owner = LEASE_FREED.wait(owner).unwrap_or_else(|e| e.into_inner());
        }
        *owner = Some(me);
        Ok(Lease)
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        *LEASE.lock().unwrap_or_else(|e| e.into_inner()) = None;
        LEASE_FREED.notify_all();
    }
}

// ------------------------------------------------------------------ callbacks

extern "C" fn log_cb(level: c_uint, fmt: *const c_char) {
    let enabled = state().as_ref().map(|s| s.log).unwrap_or(false);
    if enabled && !fmt.is_null() {
        let msg = unsafe { CStr::from_ptr(fmt) }.to_string_lossy();
        let lvl = ["debug", "info", "warn", "error"].get(level as usize).copied().unwrap_or("?");
        eprint!("[gpgx {lvl}] {msg}");
        if !msg.ends_with('\n') {
            eprintln!();
        }
    }
}

unsafe fn parse_variables(mut vars: *const RetroVariable, st: &mut State) {
    while !vars.is_null() && !(*vars).key.is_null() {
        let key = CStr::from_ptr((*vars).key).to_owned();
        let spec = if (*vars).value.is_null() { String::new() } else { CStr::from_ptr((*vars).value).to_string_lossy().into_owned() };
        // "Description; first|second|third" -- the first choice is the default.
        let list = spec.split_once("; ").map(|(_, l)| l).unwrap_or("");
        let choices: Vec<String> = list.split('|').map(str::to_owned).collect();
        let key_str = key.to_string_lossy().into_owned();
        let chosen = st
            .overrides
            .iter()
            .rev()
            .find(|(k, _)| *k == key_str)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| choices.first().cloned().unwrap_or_default());
        let value = CString::new(chosen).unwrap_or_default();
        st.variables.retain(|v| v.key != key);
        st.variables.push(Variable { key, value, choices });
        vars = vars.add(1);
    }
}

extern "C" fn environment_cb(cmd: c_uint, data: *mut c_void) -> bool {
    let mut guard = state();
    let Some(st) = guard.as_mut() else { return false };
    let cmd = cmd & !RETRO_ENVIRONMENT_EXPERIMENTAL;
    unsafe {
        match cmd {
            RETRO_ENVIRONMENT_GET_CAN_DUPE => {
                *(data as *mut bool) = true;
                true
            }
            RETRO_ENVIRONMENT_SET_PIXEL_FORMAT => {
                let fmt = *(data as *const c_uint);
                if fmt <= RETRO_PIXEL_FORMAT_RGB565 {
                    st.pixel_format = fmt;
                    true
                } else {
                    false
                }
            }
            RETRO_ENVIRONMENT_GET_SYSTEM_DIRECTORY | RETRO_ENVIRONMENT_GET_SAVE_DIRECTORY => {
                *(data as *mut *const c_char) = st.system_dir.as_ptr();
                true
            }
            RETRO_ENVIRONMENT_GET_LOG_INTERFACE => {
                (*(data as *mut RetroLogCallback)).log = log_cb;
                true
            }
            RETRO_ENVIRONMENT_SET_VARIABLES => {
                parse_variables(data as *const RetroVariable, st);
                true
            }
            RETRO_ENVIRONMENT_GET_VARIABLE => {
                let var = &mut *(data as *mut RetroVariable);
                if var.key.is_null() {
                    return false;
                }
                let key = CStr::from_ptr(var.key);
                match st.variables.iter().find(|v| v.key.as_c_str() == key) {
                    Some(v) => {
                        var.value = v.value.as_ptr();
                        true
                    }
                    None => {
                        var.value = std::ptr::null();
                        false
                    }
                }
            }
            RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE => {
                *(data as *mut bool) = false;
                true
            }
            RETRO_ENVIRONMENT_SET_CONTROLLER_INFO => {
                // Find the ids of "MD Joypad 3 Button" and "MD Joypad 6 Button" on port 1.
                let info = data as *const RetroControllerInfo;
                if !info.is_null() && !(*info).types.is_null() {
                    for i in 0..(*info).num_types as usize {
                        let d = &*(*info).types.add(i);
                        if d.desc.is_null() {
                            continue;
                        }
                        let desc = CStr::from_ptr(d.desc).to_string_lossy();
                        match desc.as_ref() {
                            "MD Joypad 3 Button" => st.controller_3b = Some(d.id),
                            "MD Joypad 6 Button" => st.controller_6b = Some(d.id),
                            _ => {}
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }
}

extern "C" fn video_cb(data: *const c_void, width: c_uint, height: c_uint, pitch: usize) {
    if data.is_null() {
        return; // frame dupe: keep the previous picture
    }
    let mut guard = state();
    let Some(st) = guard.as_mut() else { return };
    let (w, h) = (width as usize, height as usize);
    let mut rgb = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        let row = unsafe { (data as *const u8).add(y * pitch) };
        match st.pixel_format {
            RETRO_PIXEL_FORMAT_XRGB8888 => {
                let px = unsafe { std::slice::from_raw_parts(row as *const u32, w) };
                for &p in px {
                    rgb.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, p as u8]);
                }
            }
            RETRO_PIXEL_FORMAT_RGB565 => {
                let px = unsafe { std::slice::from_raw_parts(row as *const u16, w) };
                for &p in px {
                    rgb.extend_from_slice(&[widen(p >> 11, 5), widen(p >> 5, 6), widen(p, 5)]);
                }
            }
            _ => {
                // 0RGB1555
                let px = unsafe { std::slice::from_raw_parts(row as *const u16, w) };
                for &p in px {
                    rgb.extend_from_slice(&[widen(p >> 10, 5), widen(p >> 5, 5), widen(p, 5)]);
                }
            }
        }
    }
    st.frame = Some(Frame { width, height, rgb });
}

extern "C" fn audio_sample_cb(l: i16, r: i16) {
    if let Some(st) = state().as_mut() {
        st.audio.extend_from_slice(&[l, r]);
    }
}

extern "C" fn audio_batch_cb(data: *const i16, frames: usize) -> usize {
    if data.is_null() {
        return frames;
    }
    if let Some(st) = state().as_mut() {
        // SAFETY: the core passes `frames` stereo frames (2 x i16 each) at `data`.
        st.audio.extend_from_slice(unsafe { std::slice::from_raw_parts(data, frames * 2) });
    }
    frames
}

extern "C" fn input_poll_cb() {}

extern "C" fn input_state_cb(port: c_uint, device: c_uint, _index: c_uint, id: c_uint) -> i16 {
    if device & 0xFF != RETRO_DEVICE_JOYPAD || port > 1 || id > 15 {
        return 0;
    }
    let guard = state();
    let Some(st) = guard.as_ref() else { return 0 };
    ((st.input[port as usize] >> id) & 1) as i16
}

// ------------------------------------------------------------------ core

#[allow(clippy::type_complexity)]
struct Core {
    retro_init: unsafe extern "C" fn(),
    retro_deinit: unsafe extern "C" fn(),
    retro_load_game: unsafe extern "C" fn(*const RetroGameInfo) -> bool,
    retro_unload_game: unsafe extern "C" fn(),
    retro_run: unsafe extern "C" fn(),
    retro_reset: unsafe extern "C" fn(),
    retro_get_memory_data: unsafe extern "C" fn(c_uint) -> *mut c_void,
    retro_get_memory_size: unsafe extern "C" fn(c_uint) -> usize,
    retro_get_system_av_info: unsafe extern "C" fn(*mut RetroSystemAvInfo),
    retro_set_controller_port_device: unsafe extern "C" fn(c_uint, c_uint),
    retro_serialize_size: unsafe extern "C" fn() -> usize,
    retro_serialize: unsafe extern "C" fn(*mut c_void, usize) -> bool,
    retro_unserialize: unsafe extern "C" fn(*const c_void, usize) -> bool,
    // Must stay last: dropped after the function pointers are no longer used.
    _lib: libloading::Library,
}

macro_rules! sym {
    ($lib:expr, $name:literal) => {
        *$lib.get(concat!($name, "\0").as_bytes()).with_context(|| format!("libretro core lacks symbol {}", $name))?
    };
}

/// A running Genesis Plus GX core. See the module docs for the one-instance rule.
pub struct Gpgx {
    core: Core,
    core_path: PathBuf,
    dir: tempfile::TempDir,
    rom: Option<Vec<u8>>,
    frames: u64,
    /// Bytes of save RAM the core reported right after loading (0: none).
    save_ram_len: usize,
    av: RetroSystemAvInfo,
    pads: [PadKind; 2],
    _lease: Lease,
}

// SAFETY: all core access goes through `&mut self`, the frontend state is a
// global mutex, and the lease guarantees a single instance per process.
unsafe impl Send for Gpgx {}

impl Gpgx {
    /// Load the core at `core_path` (see [`crate::find_gpgx_core`]) and `retro_init` it.
    /// Blocks while another thread has a `Gpgx` open.
    pub fn open(core_path: impl AsRef<Path>) -> Result<Gpgx> {
        Self::open_with_options(core_path, &[])
    }

    /// Like [`Gpgx::open`], with core option overrides (e.g.
    /// `("genesis_plus_gx_region_detect", "pal")`) applied on top of the
    /// harness defaults.
    pub fn open_with_options(core_path: impl AsRef<Path>, options: &[(&str, &str)]) -> Result<Gpgx> {
        let core_path = core_path.as_ref().to_path_buf();
        let lease = Lease::acquire()?;
        let dir = tempfile::Builder::new().prefix("emu-gpgx-").tempdir()?;
        let mut overrides: Vec<(String, String)> = DEFAULT_OVERRIDES.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        overrides.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        *state() = Some(State {
            input: [0; 2],
            pixel_format: RETRO_PIXEL_FORMAT_0RGB1555,
            frame: None,
            variables: Vec::new(),
            overrides,
            system_dir: CString::new(dir.path().to_string_lossy().as_bytes())?,
            controller_3b: None,
            controller_6b: None,
            log: std::env::var_os("EMU_GPGX_LOG").is_some(),
            audio: Vec::new(),
        });

        let core = unsafe {
            let lib = libloading::Library::new(&core_path).with_context(|| format!("loading libretro core {}", core_path.display()))?;
            let api_version: unsafe extern "C" fn() -> c_uint = sym!(lib, "retro_api_version");
            ensure!(api_version() == RETRO_API_VERSION, "unsupported libretro API version");
            let set_env: unsafe extern "C" fn(RetroEnvironment) = sym!(lib, "retro_set_environment");
            let set_video: unsafe extern "C" fn(RetroVideoRefresh) = sym!(lib, "retro_set_video_refresh");
            let set_audio: unsafe extern "C" fn(RetroAudioSample) = sym!(lib, "retro_set_audio_sample");
            let set_audio_batch: unsafe extern "C" fn(RetroAudioSampleBatch) = sym!(lib, "retro_set_audio_sample_batch");
            let set_poll: unsafe extern "C" fn(RetroInputPoll) = sym!(lib, "retro_set_input_poll");
            let set_input: unsafe extern "C" fn(RetroInputState) = sym!(lib, "retro_set_input_state");
            set_env(environment_cb);
            set_video(video_cb);
            set_audio(audio_sample_cb);
            set_audio_batch(audio_batch_cb);
            set_poll(input_poll_cb);
            set_input(input_state_cb);
            Core {
                retro_init: sym!(lib, "retro_init"),
                retro_deinit: sym!(lib, "retro_deinit"),
                retro_load_game: sym!(lib, "retro_load_game"),
                retro_unload_game: sym!(lib, "retro_unload_game"),
                retro_run: sym!(lib, "retro_run"),
                retro_reset: sym!(lib, "retro_reset"),
                retro_get_memory_data: sym!(lib, "retro_get_memory_data"),
                retro_get_memory_size: sym!(lib, "retro_get_memory_size"),
                retro_get_system_av_info: sym!(lib, "retro_get_system_av_info"),
                retro_set_controller_port_device: sym!(lib, "retro_set_controller_port_device"),
                retro_serialize_size: sym!(lib, "retro_serialize_size"),
                retro_serialize: sym!(lib, "retro_serialize"),
                retro_unserialize: sym!(lib, "retro_unserialize"),
                _lib: lib,
            }
        };
        unsafe { (core.retro_init)() };
        Ok(Gpgx {
            core,
            core_path,
            dir,
            rom: None,
            frames: 0,
            save_ram_len: 0,
            av: RetroSystemAvInfo::default(),
            pads: [PadKind::ThreeButton; 2],
            _lease: lease,
        })
    }

    /// [`crate::find_gpgx_core`] + [`Gpgx::open`].
    pub fn open_default() -> Result<Gpgx> {
        Self::open(crate::find_gpgx_core()?)
    }

    pub fn core_path(&self) -> &Path {
        &self.core_path
    }

    /// Load a Mega Drive ROM image (raw binary). Can be called once per instance.
    pub fn load_rom(&mut self, rom: &[u8]) -> Result<()> {
        ensure!(self.rom.is_none(), "a ROM is already loaded (open a new Gpgx instead)");
        ensure!(!rom.is_empty(), "empty ROM");
        // The core reads the file by path (need_fullpath); the extension selects Mega Drive mode.
        let path = self.dir.path().join("rom.bin");
        std::fs::write(&path, rom)?;
        let cpath = CString::new(path.to_string_lossy().as_bytes())?;
        let info = RetroGameInfo { path: cpath.as_ptr(), data: rom.as_ptr() as *const c_void, size: rom.len(), meta: std::ptr::null() };
        let ok = unsafe { (self.core.retro_load_game)(&info) };
        ensure!(ok, "retro_load_game failed");
        self.rom = Some(rom.to_vec());
        let pad_dev = state().as_ref().and_then(|s| s.controller_3b);
        if let Some(id) = pad_dev {
            unsafe { (self.core.retro_set_controller_port_device)(0, id) };
            unsafe { (self.core.retro_set_controller_port_device)(1, id) };
        }
        let mut av = RetroSystemAvInfo::default();
        unsafe { (self.core.retro_get_system_av_info)(&mut av) };
        self.av = av;
        // Before the first frame the core reports the whole buffer (64 KiB); once running it
        // reports only up to the last byte that is not 0xFF.
        self.save_ram_len = unsafe { (self.core.retro_get_memory_size)(RETRO_MEMORY_SAVE_RAM) };
        Ok(())
    }

    /// Read a ROM file and [`load_rom`](Self::load_rom) it.
    pub fn load_rom_file(&mut self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let rom = std::fs::read(path).with_context(|| format!("reading ROM {}", path.display()))?;
        self.load_rom(&rom)
    }

    fn ensure_loaded(&self) {
        assert!(self.rom.is_some(), "no ROM loaded (call load_rom first)");
    }

    /// The kind of pad plugged into `port` (0 = port 1, 1 = port 2).
    pub fn pad_kind(&self, port: usize) -> PadKind {
        self.pads[port]
    }

    /// Plugs a pad of `kind` into `port` (0 = port 1, 1 = port 2) of the loaded ROM's
    /// console (the core's "MD Joypad 3 Button" / "MD Joypad 6 Button" device). Both ports
    /// have 3-button pads after [`load_rom`](Self::load_rom). A 6-button pad is read with
    /// four TH pulses; its X, Y, Z and Mode are [`Pad::X`] ... [`Pad::MODE`].
    pub fn plug_pad(&mut self, port: usize, kind: PadKind) -> Result<()> {
        self.ensure_loaded();
        ensure!(port < 2, "pad port {port}: the console has ports 0 and 1");
        let id = {
            let guard = state();
            let st = guard.as_ref().ok_or_else(|| anyhow!("no core state"))?;
            match kind {
                PadKind::ThreeButton => st.controller_3b,
                PadKind::SixButton => st.controller_6b,
            }
        };
        let id = id.ok_or_else(|| anyhow!("the core offers no {kind:?} pad (controller info)"))?;
        unsafe { (self.core.retro_set_controller_port_device)(port as c_uint, id) };
        self.pads[port] = kind;
        Ok(())
    }

    /// Emulate one video frame (one `retro_run`) with `pad` held on controller 1.
    pub fn run_frame(&mut self, pad: Pad) {
        self.run_frame_2p(pad, Pad::NONE)
    }

    /// Emulate one video frame with both controllers' state.
    pub fn run_frame_2p(&mut self, pad1: Pad, pad2: Pad) {
        self.ensure_loaded();
        let mask = |p: Pad| p.retro_ids().fold(0u16, |m, id| m | (1 << id));
        if let Some(st) = state().as_mut() {
            st.input = [mask(pad1), mask(pad2)];
        }
        unsafe { (self.core.retro_run)() };
        self.frames += 1;
    }

    /// Run `n` frames with the same pad state.
    pub fn run_frames(&mut self, n: u32, pad: Pad) {
        for _ in 0..n {
            self.run_frame(pad);
        }
    }

    /// Run frames (at most `max_frames`) until `cond` holds; returns the number of frames run,
    /// or `None` if it never held.
    pub fn run_until(&mut self, max_frames: u32, pad: Pad, mut cond: impl FnMut(&Gpgx) -> bool) -> Option<u32> {
        for i in 0..=max_frames {
            if cond(self) {
                return Some(i);
            }
            if i < max_frames {
                self.run_frame(pad);
            }
        }
        None
    }

    /// Number of `run_frame` calls since the ROM was loaded (reset does not clear it).
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Soft reset (the console's reset button).
    pub fn reset(&mut self) {
        self.ensure_loaded();
        unsafe { (self.core.retro_reset)() };
    }

    /// Audio/video info reported by the core after loading (fps, nominal geometry).
    pub fn av_info(&self) -> RetroSystemAvInfo {
        self.av
    }

    /// The 64 KiB of 68000 work RAM (0xFF0000..=0xFFFFFF) in the core's native
    /// layout: little-endian 16-bit words (68000 byte A is at `(A & 0xFFFF) ^ 1`).
    fn ram_ptr(&self) -> *mut u8 {
        self.ensure_loaded();
        unsafe {
            let p = (self.core.retro_get_memory_data)(RETRO_MEMORY_SYSTEM_RAM) as *mut u8;
            let n = (self.core.retro_get_memory_size)(RETRO_MEMORY_SYSTEM_RAM);
            assert!(!p.is_null() && n >= 0x10000, "core exposes no 64 KiB system RAM");
            p
        }
    }

    fn ram_raw(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.ram_ptr(), 0x10000) }
    }

    /// The work RAM as 68000 sees it (big-endian byte order), 0xFF0000 first.
    pub fn ram(&self) -> Vec<u8> {
        let raw = self.ram_raw();
        (0..0x10000usize).map(|i| raw[i ^ 1]).collect()
    }

    /// Read `len` bytes at 68000 address `addr`. Work RAM (0xE00000..=0xFFFFFF,
    /// mirrored every 64 KiB) and the loaded ROM (0..rom length) are readable.
    pub fn try_read_bytes(&self, addr: u32, len: usize) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(len);
        for i in 0..len {
            let a = addr.wrapping_add(i as u32) & 0xFF_FFFF;
            if a >= 0xE0_0000 {
                out.push(self.ram_raw()[((a & 0xFFFF) ^ 1) as usize]);
            } else {
                let rom = self.rom.as_ref().ok_or_else(|| anyhow!("no ROM loaded"))?;
                match rom.get(a as usize) {
                    Some(b) => out.push(*b),
                    None => bail!("address {a:#08x} is neither work RAM nor inside the ROM"),
                }
            }
        }
        Ok(out)
    }

    /// Like [`try_read_bytes`](Self::try_read_bytes); panics on an unreadable address.
    pub fn read_bytes(&self, addr: u32, len: usize) -> Vec<u8> {
        self.try_read_bytes(addr, len).unwrap_or_else(|e| panic!("read_bytes({addr:#x}, {len}): {e}"))
    }

    /// The `len` bytes of a value the ROM publishes with `megadrive::rt::Published` at
    /// `addr` (its ELF symbol): two copies of `len` bytes, then the index (0 or 1) of the
    /// complete one, which is read first. A value read this way is never half written,
    /// wherever the emulated frame ended.
    pub fn read_published(&self, addr: u32, len: usize) -> Vec<u8> {
        crate::published_copy(&self.read_bytes(addr, crate::published_bytes(len)), len).to_vec()
    }

    pub fn read_u8(&self, addr: u32) -> u8 {
        self.read_bytes(addr, 1)[0]
    }

    pub fn read_u16_be(&self, addr: u32) -> u16 {
        let b = self.read_bytes(addr, 2);
        u16::from_be_bytes([b[0], b[1]])
    }

    pub fn read_u32_be(&self, addr: u32) -> u32 {
        let b = self.read_bytes(addr, 4);
        u32::from_be_bytes([b[0], b[1], b[2], b[3]])
    }

    /// Poke work RAM at a 68000 address (0xE00000..=0xFFFFFF). Panics elsewhere.
    pub fn write_bytes(&mut self, addr: u32, data: &[u8]) {
        let raw = unsafe { std::slice::from_raw_parts_mut(self.ram_ptr(), 0x10000) };
        for (i, &b) in data.iter().enumerate() {
            let a = addr.wrapping_add(i as u32) & 0xFF_FFFF;
            assert!(a >= 0xE0_0000, "write_bytes: {a:#08x} is not work RAM");
            raw[((a & 0xFFFF) ^ 1) as usize] = b;
        }
    }

    pub fn write_u8(&mut self, addr: u32, v: u8) {
        self.write_bytes(addr, &[v])
    }
    pub fn write_u16_be(&mut self, addr: u32, v: u16) {
        self.write_bytes(addr, &v.to_be_bytes())
    }
    pub fn write_u32_be(&mut self, addr: u32, v: u32) {
        self.write_bytes(addr, &v.to_be_bytes())
    }

    /// Size of the last picture the core produced (the active display, e.g. 320x224),
    /// or `None` before the first frame.
    pub fn frame_size(&self) -> Option<(u32, u32)> {
        state().as_ref().and_then(|s| s.frame.as_ref().map(|f| (f.width, f.height)))
    }

    /// The last frame the core rendered, cropped to the active display the core
    /// reports (320x224 in H40/V28 with overscan off). Panics before the first frame.
    pub fn screenshot(&self) -> RgbImage {
        let guard = state();
        let f = guard.as_ref().and_then(|s| s.frame.as_ref()).expect("no frame rendered yet (call run_frame first)");
        RgbImage::from_raw(f.width, f.height, f.rgb.clone()).expect("frame buffer size")
    }

    /// Save [`screenshot`](Self::screenshot) as PNG (creating parent directories).
    pub fn save_png(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir)?;
            }
        }
        self.screenshot().save(path).with_context(|| format!("writing {}", path.display()))
    }

    /// The audio the core produced since the last call (or since the ROM was loaded): stereo
    /// frames, interleaved left and right, at [`Gpgx::audio_rate`] (the libretro audio
    /// callbacks).
    pub fn take_audio(&mut self) -> Vec<i16> {
        state().as_mut().map(|s| std::mem::take(&mut s.audio)).unwrap_or_default()
    }

    /// The audio sample rate the core reports (Hz).
    pub fn audio_rate(&self) -> f64 {
        self.av.timing.sample_rate
    }

    /// The Z80's 8 KiB of RAM, taken from a save state (the core does not expose it through
    /// the libretro memory API). `signature`: bytes known to be at Z80 address `at` (e.g. the
    /// start of a sound driver); the block is where they are found exactly once.
    pub fn z80_ram(&self, signature: &[u8], at: usize) -> Result<Vec<u8>> {
        let state = self.save_state()?;
        let hits: Vec<usize> = state.windows(signature.len()).enumerate().filter(|(_, w)| *w == signature).map(|(i, _)| i).collect();
        ensure!(hits.len() == 1, "the signature is found {} times in the save state", hits.len());
        let base = hits[0].checked_sub(at).ok_or_else(|| anyhow!("Z80 RAM would start before the save state"))?;
        ensure!(base + 0x2000 <= state.len(), "Z80 RAM would end past the save state");
        Ok(state[base..base + 0x2000].to_vec())
    }

    /// The cartridge's save RAM (battery-backed SRAM) as the core keeps it: its 64 KiB
    /// buffer, offset `i` being the byte at 68000 address 0x200000 + `i` (a ROM header's
    /// odd-byte SRAM, `RA` 0xF8 0x20 from 0x200001, has save byte `n` at offset 2 `n` + 1),
    /// 0xFF where nothing was written. `None` when the cartridge has none. (The core gives
    /// every ROM of 2 MiB or less without an `RA` header 64 KiB of SRAM at 0x200000 too.)
    /// What a frontend writes to a file when the player quits.
    pub fn save_ram(&self) -> Option<Vec<u8>> {
        self.ensure_loaded();
        let p = unsafe { (self.core.retro_get_memory_data)(RETRO_MEMORY_SAVE_RAM) } as *const u8;
        if p.is_null() || self.save_ram_len == 0 {
            return None;
        }
        // SAFETY: the core's SRAM buffer, of the size it reported before the first frame.
        Some(unsafe { std::slice::from_raw_parts(p, self.save_ram_len) }.to_vec())
    }

    /// Replaces the start of the save RAM with `data` (at most the size of
    /// [`save_ram`](Self::save_ram)): what a frontend does with the save file right after
    /// loading the ROM, before the first frame. Any time later it is a battery swapped while
    /// the game runs.
    pub fn set_save_ram(&mut self, data: &[u8]) -> Result<()> {
        self.ensure_loaded();
        let p = unsafe { (self.core.retro_get_memory_data)(RETRO_MEMORY_SAVE_RAM) } as *mut u8;
        ensure!(!p.is_null() && self.save_ram_len > 0, "the cartridge has no save RAM");
        ensure!(data.len() <= self.save_ram_len, "{} bytes of save RAM given; the cartridge has {}", data.len(), self.save_ram_len);
        // SAFETY: as in `save_ram`; `data` fits.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), p, data.len()) };
        Ok(())
    }

    /// Snapshot the whole machine state (libretro serialisation).
    pub fn save_state(&self) -> Result<Vec<u8>> {
        self.ensure_loaded();
        let n = unsafe { (self.core.retro_serialize_size)() };
        let mut buf = vec![0u8; n];
        let ok = unsafe { (self.core.retro_serialize)(buf.as_mut_ptr() as *mut c_void, n) };
        ensure!(ok, "retro_serialize failed");
        Ok(buf)
    }

    /// Restore a snapshot from [`save_state`](Self::save_state) (frame count is not restored).
    pub fn load_state(&mut self, data: &[u8]) -> Result<()> {
        self.ensure_loaded();
        let ok = unsafe { (self.core.retro_unserialize)(data.as_ptr() as *const c_void, data.len()) };
        ensure!(ok, "retro_unserialize failed");
        Ok(())
    }

    /// Core options as (key, current value, allowed values).
    pub fn options(&self) -> Vec<(String, String, Vec<String>)> {
        state()
            .as_ref()
            .map(|s| {
                s.variables
                    .iter()
                    .map(|v| (v.key.to_string_lossy().into_owned(), v.value.to_string_lossy().into_owned(), v.choices.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Gpgx {
    fn drop(&mut self) {
        unsafe {
            if self.rom.is_some() {
                (self.core.retro_unload_game)();
            }
            (self.core.retro_deinit)();
        }
        *state() = None;
        // then fields drop: core (dlclose), dir, lease (last).
    }
}

/// Widens the low `bits` bits of `v` (a 5- or 6-bit colour channel) to 8 bits, repeating the
/// top bits into the low ones so that full scale maps to 255.
fn widen(v: u16, bits: u32) -> u8 {
    let c = v & ((1 << bits) - 1);
    ((c << (8 - bits)) | (c >> (2 * bits - 8))) as u8
}
