//! bench: exact 68000 cycle counts of megacollide-engine. Runs the entry points of the bench
//! ELF (crate `src/bench/`, `out/bench.elf`) on the `m68k` crate's cycle-exact M68000 model,
//! checks every result against the same engine call on the host, and reports cycles per
//! call, the cycle targets, a per-function profile of any missed target, and the demo ROM's
//! ROM and RAM sizes.

pub mod machine;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use m68k::AddressBus;
use megacollide_engine::body::{Body, Flags, SolidBox};
use megacollide_engine::map::Map;
use megacollide_engine::motion::{move_bodies, move_body};
use megacollide_engine::platformer::{Input, Player, PlayerConfig};
use megacollide_engine::shape;
use megacollide_engine::{SubPx, MAX_SPEED_PX};
use object::{Object, ObjectSection, SectionFlags, SectionKind};

pub use machine::{Machine, Profile};

use levels::BENCH_MAP;
/// The bench's fixed scene, as the bench crate compiles it (src/bench/levels/bench.tmj).
pub use megacollide_bench::levels;
/// The benchmarks' shared data and logic, the same module the 68000 bench ELF runs.
pub use megacollide_bench::shared;
use shared::{ai_prepare, mask_pair, BODY_COUNT, WALKER_COUNT};

/// Targets (cycles): the engine is not done until it meets them.
pub const TARGET_POINT_QUERY_AVG: u64 = 120;
/// Target: the point query as a C call (its call and return included), average cycles.
pub const TARGET_POINT_QUERY_CALL_AVG: u64 = 200;
pub const TARGET_BODY_MOVE_AVG: u64 = 1_500;
pub const TARGET_FRAME_32: u64 = 51_000;
/// Target: one 16x32 body walking at 127 px/frame, average cycles (cost by tiles, not pixels).
pub const TARGET_WALK_127_AVG: u64 = 6_000;
/// Target: one body standing still (at rest), average cycles.
pub const TARGET_STILL_AVG: u64 = 150;
/// Target: the worst move of the typical set.
pub const TARGET_TYPICAL_MAX: u64 = 4_000;
/// Target: the worst move of the sweep of positions (every tile column and row of the bench
/// scene and the demo level, borders included) at speeds up to 16 px/frame per axis.
pub const TARGET_MOVE_MAX_16: u64 = 4_000;
/// Target: the worst move of that sweep at speeds up to 127 px/frame (and of every other set).
pub const TARGET_MOVE_MAX: u64 = 12_000;
/// Target: one patrolling walker's step (move and turn decision, batched), average cycles.
pub const TARGET_WALKER_STEP_AVG: u64 = 600;
/// Target: `Player::update`, average cycles.
pub const TARGET_PLAYER_UPDATE_AVG: u64 = 2_500;
/// Target: a demo world step with the crowd moving, average cycles (31 % of an NTSC frame).
pub const TARGET_WORLD_STEP_CROWD_AVG: u64 = 40_000;
pub const TARGET_MASK32_NOHIT: u64 = 2_500;

/// Seeded, deterministic pseudo-random numbers (SplitMix64).
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    #[allow(clippy::should_implement_trait, reason = "a seeded generator's next number, never exhausted: not an iterator")]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo) as u64) as i32
    }
}

/// Min / average / max of a set of cycle counts.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub n: u64,
    pub sum: u64,
    pub min: u64,
    pub max: u64,
}
impl Stats {
    pub fn add(&mut self, c: u64) {
        if self.n == 0 || c < self.min {
            self.min = c;
        }
        self.max = self.max.max(c);
        self.n += 1;
        self.sum += c;
    }
    pub fn merge(&mut self, o: &Stats) {
        if o.n == 0 {
            return;
        }
        if self.n == 0 || o.min < self.min {
            self.min = o.min;
        }
        self.max = self.max.max(o.max);
        self.n += o.n;
        self.sum += o.sum;
    }
    /// `k` values that add up to `total` (e.g. `k` bodies of one timed call): their average
    /// counts as each one's minimum and maximum.
    pub fn add_many(&mut self, total: u64, k: u64) {
        if k == 0 {
            return;
        }
        let each = (total + k / 2) / k;
        if self.n == 0 || each < self.min {
            self.min = each;
        }
        self.max = self.max.max(each);
        self.n += k;
        self.sum += total;
    }
    /// Average, rounded to nearest.
    pub fn avg(&self) -> u64 {
        (self.sum + self.n / 2).checked_div(self.n).unwrap_or(0)
    }
}

/// One measured row of the report.
#[derive(Clone, Debug)]
pub struct Row {
    pub group: &'static str,
    pub name: String,
    pub stats: Stats,
}

/// Everything `bench` measures.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub rows: Vec<Row>,
    /// JSON keys -> values (cycles or bytes), in key order.
    pub keys: BTreeMap<String, u64>,
    /// Targets: (name, measured key, target, measured).
    pub targets: Vec<(String, String, u64, u64)>,
    /// Profiles of the benchmarks whose target was missed: (what, profile).
    pub profiles: Vec<(String, Profile)>,
    /// Profiles printed for information (no target): (what, profile).
    pub info_profiles: Vec<(String, Profile)>,
    /// ROM/RAM section sizes of the demo ROM: (section, address, size, counted as).
    pub sections: Vec<(String, u64, u64, &'static str)>,
    /// JSON keys -> ratios (the compiler's code improvements: see [`codegen`]), in key order.
    pub ratios: BTreeMap<String, f64>,
    /// Ratio targets: (name, key, bound, at_least (`>=` if true, `<=` if false), measured).
    pub ratio_targets: Vec<(String, String, f64, bool, f64)>,
    /// The Rust path's cycles and ROM sizes behind the ratios: (what, with the passes off,
    /// with them on).
    pub codegen_rows: Vec<(String, u64, u64)>,
}

/// Target: a frame's sound work on the 68000 (issue 26: under 1,000 cycles), cycles.
pub const TARGET_SOUND_FRAME: u64 = 1000;

/// A frame's sound work: with nothing asked, and with an effect asked and sent.
pub struct SoundFrames {
    pub idle: Stats,
    pub effect: Stats,
}

/// Times `bench_sound_frame` (the DMA window and the exchange with the driver) after
/// `bench_sound_init`. The Z80 is plain memory here: its busy flag reads 0 and the host acts
/// for it by acknowledging each PCM request (`ST_ACK_PCM` = the sequence number sent), so
/// the next one is sent too. The waits for a Z80 still in a unit come on top (see the
/// sound section of src/megadrive/README.md).
pub fn sound_frame(mc: &mut Machine) -> SoundFrames {
    use megadrive::sound::protocol::{MB_PCM, ST_ACK_PCM};
    m(mc.call("bench_sound_init", &[]));
    let (mut idle, mut effect) = (Stats::default(), Stats::default());
    for _ in 0..16 {
        idle.add(m(mc.call("bench_sound_frame", &[])).1);
        let (_, asked) = m(mc.call("bench_sound_request", &[]));
        let (_, sent) = m(mc.call("bench_sound_frame", &[]));
        effect.add(asked + sent);
        let seq = mc.read_byte(0xA0_0000 + MB_PCM as u32);
        mc.write_byte(0xA0_0000 + ST_ACK_PCM as u32, seq);
    }
    SoundFrames { idle, effect }
}

/// The cost of `megadrive::random::Random::next` (exact 68000 cycles).
pub struct RandomCost {
    /// One number inlined in a loop that stores it (`bench_random_many`: the loop's store,
    /// counter and branch included): the cycles each number adds.
    pub per_number: u64,
    /// One call of `bench_random_next` (a static generator: load, step, store, `rts`).
    pub call: u64,
}

/// Times `Random::next` on the 68000 and checks its numbers against the host generator
/// (`megadrive::random::Random` built for the host): 256 numbers from each of several seeds
/// (zero, one, the ends of the range) inlined in a loop, and 1,000 single calls. The
/// per-number cost is the slope of the loop's cycles over 64, 128 and 256 numbers, which must
/// be a straight line (every number costs the same: no data-dependent instruction).
pub fn random_cost(mc: &mut Machine) -> RandomCost {
    use megadrive::random::Random;
    let out = mc.symbol("RANDOM_OUT").expect("RANDOM_OUT");
    for seed in [0u16, 1, 2, 0x1234, 0x8000, 0xFFFF] {
        let (last, _) = m(mc.call("bench_random_many", &[seed as u32, 256]));
        let mut host = Random::new(seed);
        for i in 0..256 {
            assert_eq!(mc.read_word(out + 2 * i), host.next(), "number {i} of seed {seed:#06x}");
        }
        assert_eq!(last, host.state() as u32, "state after 256 numbers, seed {seed:#06x}");
    }
    let cycles = |mc: &mut Machine, n: u32| m(mc.call("bench_random_many", &[0xACE1, n])).1;
    let (c64, c128, c256) = (cycles(mc, 64), cycles(mc, 128), cycles(mc, 256));
    assert_eq!(c256 - c128, 2 * (c128 - c64), "Random::next in a loop: cycles not linear in the count ({c64}, {c128}, {c256})");
    assert_eq!((c128 - c64) % 64, 0, "Random::next in a loop: {} cycles for 64 numbers", c128 - c64);
    let per_number = (c128 - c64) / 64;
    m(mc.call("bench_random_seed", &[0xACE1]));
    let mut host = Random::new(0xACE1);
    let mut call = Stats::default();
    for i in 0..1000 {
        let (d0, c) = m(mc.call("bench_random_next", &[]));
        assert_eq!(d0, host.next() as u32, "call {i} of bench_random_next");
        call.add(c);
    }
    assert_eq!(call.min, call.max, "bench_random_next: the same cycles every call");
    RandomCost { per_number, call: call.max }
}

/// Target: a frame of the sprite engine with 40 animated objects on screen (15 % of an NTSC
/// frame).
pub const TARGET_SPRITES_40_FRAME: u64 = 19_000;

/// Times `bench_sprites_frame` over 64 frames of the sprite scene (`bench_sprites_setup`: 40
/// objects, 10 of them 64 x 48 metasprites of a streamed sheet), every object on screen.
pub fn sprites_frame(mc: &mut Machine) -> Stats {
    let (added, _) = m(mc.call("bench_sprites_setup", &[]));
    assert_eq!(added, 40, "the sprite scene's 40 objects fit");
    let mut st = Stats::default();
    for f in 0..64 {
        let (sprites, cycles) = m(mc.call("bench_sprites_frame", &[f]));
        assert_eq!(sprites, 70, "frame {f}: 30 sprites and 10 metasprites of 4 on screen");
        st.add(cycles);
    }
    st
}

/// Times `bench_save` and `bench_load` (`megadrive::save`: a 16-byte record in a slot of two
/// copies, a RAM store standing for the SRAM) over 16 saves from a blank store, each checked
/// against the same save on the host: the sequence number, the store's bytes, the load.
/// Returns (save, load).
pub fn save_load(mc: &mut Machine) -> (Stats, Stats) {
    use shared::save::{record, SLOT, STORE_BYTES};
    let (store, _) = m(mc.call("bench_save_store", &[]));
    let mut host = [0xFFu8; STORE_BYTES];
    let (mut save, mut load) = (Stats::default(), Stats::default());
    for k in 0..16u32 {
        let (seq, cycles) = m(mc.call("bench_save", &[k]));
        let host_seq = SLOT.save(&mut host[..], 0, &record(k)).expect("the host's save");
        assert_eq!(seq, host_seq as u32, "save {k}: the sequence number");
        let bytes: Vec<u8> = (0..STORE_BYTES as u32).map(|i| mc.read_byte(store + i)).collect();
        assert_eq!(bytes, host, "save {k}: the 68000's store equals the host's");
        save.add(cycles);
        let (found, cycles) = m(mc.call("bench_load", &[]));
        let r = record(k);
        assert_eq!(found, (host_seq as u32) << 16 | (r[0] as u32) << 8 | r[15] as u32, "load {k}");
        load.add(cycles);
    }
    (save, load)
}

/// Target: 68000 cycles per output byte of `megadrive::unpack` on the demo's art (issue 32:
/// SGDK's hand-written LZ4W decoder takes about 8 to 14), at most.
pub const TARGET_DECOMPRESS_CYCLES_PER_BYTE: f64 = 12.0;
/// Target: compressed / raw bytes of the demo's art (issue 32: LZ4W gets about 0.52 on
/// tiles), at most.
pub const TARGET_COMPRESS_RATIO_DEMO_ART: f64 = 0.55;

/// The demo's art (what `romtool` makes of it): the tiles of the `demo` level's art layers
/// and of every sprite sheet of the game, as (name, VDP tile words).
pub fn demo_art() -> Vec<(String, &'static [u16])> {
    use megacollide_demo::{art::sprites::SHEETS, level_art::ART_DEMO_TILES};
    let mut pieces = vec![("demo level tiles".to_string(), &ART_DEMO_TILES[..])];
    pieces.extend(SHEETS.iter().map(|s| (format!("sprite sheet {}", s.name), s.tiles)));
    pieces
}

/// The demo level's maps: the name tables of its planes, as (name, words).
pub fn demo_maps() -> Vec<(String, &'static [u16])> {
    use megacollide_demo::{level_art::LEVEL_ART, levels::LEVELS};
    let demo = LEVELS.iter().position(|l| l.name == "demo").expect("the game has a level `demo`");
    let art = LEVEL_ART[demo].expect("the level `demo` has art layers");
    [("plane B", &art.plane_b), ("plane A", &art.plane_a)]
        .into_iter()
        .filter_map(|(n, p)| p.as_ref().map(|p| (format!("demo level {n}"), p.cells)))
        .collect()
}

/// Runs `bench_unpack` on `stream` with an output buffer of `out_words` words, with
/// canaries after it: (the words written or the error code, cycles). Panics when a word past
/// the header's length (at most `out_words`) was written.
pub fn unpack_on_68000(mc: &mut Machine, stream: &[u16], out_words: usize) -> (Result<Vec<u16>, u32>, u64) {
    use megacollide_bench::shared::{UNPACK_OUT, UNPACK_STREAM};
    const CANARY: u16 = 0xC0DE;
    for (i, &w) in stream.iter().enumerate() {
        mc.bus.write_word(UNPACK_STREAM + 2 * i as u32, w);
    }
    for i in 0..out_words + 32 {
        mc.bus.write_word(UNPACK_OUT + 2 * i as u32, CANARY);
    }
    let (d0, cycles) = m(mc.call("bench_unpack", &[stream.len() as u32, out_words as u32]));
    let n = stream.first().map_or(0, |&n| n as usize).min(out_words);
    for i in n..out_words + 32 {
        let w = mc.bus.read_word(UNPACK_OUT + 2 * i as u32);
        assert_eq!(w, CANARY, "bench_unpack wrote word {i} past the output's {n} words");
    }
    if d0 & 0x8000_0000 != 0 {
        return (Err(d0 & 0xFF), cycles);
    }
    let words = (0..d0).map(|i| mc.bus.read_word(UNPACK_OUT + 2 * i)).collect();
    (Ok(words), cycles)
}

/// The demo's art or maps compressed and unpacked on the 68000 (each piece checked against
/// the reference decoder).
#[derive(Clone, Debug, Default)]
pub struct Unpacked {
    /// Bytes before compression.
    pub raw_bytes: u64,
    /// Bytes of the compressed streams.
    pub packed_bytes: u64,
    /// 68000 cycles of the `bench_unpack` calls.
    pub cycles: u64,
}

impl Unpacked {
    /// Compressed / raw bytes.
    pub fn ratio(&self) -> f64 {
        self.packed_bytes as f64 / self.raw_bytes.max(1) as f64
    }
    /// 68000 cycles per output byte.
    pub fn cycles_per_byte(&self) -> f64 {
        self.cycles as f64 / self.raw_bytes.max(1) as f64
    }
}

/// Compresses every piece (`compress::compress_words`), unpacks it on the 68000 and checks
/// the words against the piece and the reference decoder.
pub fn unpack_pieces(mc: &mut Machine, pieces: &[(String, &[u16])]) -> Unpacked {
    let mut u = Unpacked::default();
    for (name, words) in pieces {
        let stream = compress::compress_words(words).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(compress::decompress_words(&stream).as_deref(), Ok(&words[..]), "{name}: the reference decoder");
        let (got, cycles) = unpack_on_68000(mc, &stream, words.len());
        assert_eq!(got.as_deref(), Ok(&words[..]), "{name}: unpacked on the 68000");
        u.raw_bytes += 2 * words.len() as u64;
        u.packed_bytes += 2 * stream.len() as u64;
        u.cycles += cycles;
    }
    u
}

/// Target: typical move of the engine's Rust path, code improvements off / on (at least).
pub const TARGET_CODEGEN_SPEEDUP_MOVE: f64 = 1.3;
/// Target: the 32-body frame of the Rust path, code improvements off / on (at least).
pub const TARGET_CODEGEN_SPEEDUP_FRAME: f64 = 1.3;
/// Target: the demo ROM's `.text` bytes with the code improvements / without (at most).
pub const TARGET_CODEGEN_TEXT_RATIO: f64 = 0.92;

/// The builds that measure the compiler (`make bench`): the bench ELF's "Rust path" (feature
/// `rust-path`: no hand-written kernel) with the LLVM plugin's code improvements on and
/// off (`M68K_FIXES_DISABLE=improvements`), and the demo ROM's ELF without them.
pub struct Codegen<'a> {
    /// Rust path, code improvements on (`out/bench-rust.elf`).
    pub on: &'a mut Machine,
    /// Rust path, code improvements off (`out/bench-rust-nopass.elf`).
    pub off: &'a mut Machine,
    /// The demo ROM's ELF built without the code improvements (`out/megacollide-nopass.elf`).
    pub rom_off: &'a [u8],
}

/// Size in bytes of the `.text` section of an ELF.
pub fn text_bytes(elf: &[u8]) -> Result<u64, String> {
    let obj = object::File::parse(elf).map_err(|e| e.to_string())?;
    let t = obj.section_by_name(".text").ok_or("no .text section")?;
    Ok(t.size())
}

fn m(r: Result<(u32, u64), String>) -> (u32, u64) {
    r.unwrap_or_else(|e| panic!("68000 call failed: {e}"))
}

/// Shape class of a tile id (for the point-query rows).
pub fn tile_class(id: u16) -> &'static str {
    match id {
        shape::BLANK => "blank",
        shape::SOLID => "solid",
        3..=14 => "slopes",
        15..=18 => "halves",
        shape::ONE_WAY => "one-way",
        32.. => "height tiles",
        _ => "reserved",
    }
}

/// The classes in report order.
pub const CLASSES: [&str; 7] = ["blank", "solid", "slopes", "halves", "one-way", "height tiles", "outside"];

/// A random pixel of the bench scene in class `class` (tile chosen uniformly among the tiles of
/// that class), or outside the map for "outside".
pub fn random_point(rng: &mut Rng, class: &str) -> (i16, i16) {
    let w = BENCH_MAP.width_px() as i32;
    let h = BENCH_MAP.height_px() as i32;
    if class == "outside" {
        return match rng.range(0, 4) {
            0 => (rng.range(-4096, 0) as i16, rng.range(-4096, 4096) as i16),
            1 => (rng.range(w, 4096) as i16, rng.range(-4096, 4096) as i16),
            2 => (rng.range(0, w) as i16, rng.range(-4096, 0) as i16),
            _ => (rng.range(0, w) as i16, rng.range(h, 4096) as i16),
        };
    }
    let tiles: Vec<usize> = (0..levels::BENCH_TILES.len()).filter(|&i| tile_class(levels::BENCH_TILES[i]) == class).collect();
    assert!(!tiles.is_empty(), "no {class} tile in the bench scene");
    let t = tiles[rng.range(0, tiles.len() as i32) as usize];
    let tw = BENCH_MAP.width() as usize;
    let (tx, ty) = ((t % tw) as i32, (t / tw) as i32);
    ((tx * 16 + rng.range(0, 16)) as i16, (ty * 16 + rng.range(0, 16)) as i16)
}

/// Point query on the 68000, checked against the host. Returns (solid, cycles).
pub fn point_query(mc: &mut Machine, x: i16, y: i16) -> (bool, u64) {
    let (d0, c) = m(mc.call("bench_point_query", &[x as i32 as u32, y as i32 as u32]));
    let host = BENCH_MAP.is_solid(x, y);
    assert_eq!(d0 != 0, host, "is_solid({x}, {y}): 68000 {d0}, host {host}");
    (host, c)
}

fn set_body(mc: &mut Machine, i: u32, b: &Body) {
    m(mc.call(
        "bench_body_set",
        &[
            i,
            b.x.to_bits() as i32 as u32,
            b.y.to_bits() as i32 as u32,
            b.vx.to_bits() as i32 as u32,
            b.vy.to_bits() as i32 as u32,
            (b.w as u32) << 8 | b.h as u32,
            (b.flags.0 as u32) << 8 | b.riding as u32,
            b.footing_bits(),
        ],
    ));
}

fn get_body(mc: &mut Machine, i: u32, like: &Body) -> Body {
    let mut f = [0i32; 7];
    for (k, v) in f.iter_mut().enumerate() {
        *v = m(mc.call("bench_body_get", &[i, k as u32])).0 as i32;
    }
    let mut b = *like;
    b.x = SubPx::from_bits(f[0] as i16);
    b.y = SubPx::from_bits(f[1] as i16);
    b.vx = SubPx::from_bits(f[2] as i16);
    b.vy = SubPx::from_bits(f[3] as i16);
    b.flags = Flags(f[4] as u8);
    b.riding = f[5] as u8;
    b.set_footing_bits(f[6] as u32);
    b
}

const SOLIDS: [SolidBox; 0] = [];

/// One `move_body` of body 0 on the 68000 from state `b`; checks the result against the host
/// and returns the moved body and the cycles.
pub fn move_one(mc: &mut Machine, b: &Body) -> (Body, u64) {
    set_body(mc, 0, b);
    let (flags, c) = m(mc.call("bench_move_body", &[0]));
    check_move(mc, &BENCH_MAP, b, flags, c)
}

/// [`move_one`] on the map of the demo game's level `level` (`megacollide_demo::LEVELS`).
pub fn move_one_on_level(mc: &mut Machine, level: usize, b: &Body) -> (Body, u64) {
    set_body(mc, 0, b);
    let (flags, c) = m(mc.call("bench_move_body_on_level", &[level as u32, 0]));
    check_move(mc, megacollide_demo::LEVELS[level].map, b, flags, c)
}

/// The host's `move_body` of `b` on `map` must equal the 68000's (body 0 and its `flags`);
/// returns the moved body and the cycles `c`.
fn check_move(mc: &mut Machine, map: &Map, b: &Body, flags: u32, c: u64) -> (Body, u64) {
    let mut host = *b;
    move_body(map, &SOLIDS, &mut host);
    let got = get_body(mc, 0, b);
    assert_eq!(got, host, "move_body from {b:?}: 68000 and host differ");
    assert_eq!(flags as u8, host.flags.0);
    (host, c)
}

/// A 16x32 body dropped at pixel column `x` from the first free spot at or below `y0`, settled
/// on the ground with the host engine (None if it finds no ground).
pub fn settle(x: i16, y0: i16) -> Option<Body> {
    settle_sized(x, y0, 16, 32)
}

/// [`settle`] for a `w` x `h` body.
pub fn settle_sized(x: i16, y0: i16, w: u8, h: u8) -> Option<Body> {
    settle_on(&BENCH_MAP, x, y0, w, h)
}

/// [`settle_sized`] on `map`.
pub fn settle_on(map: &Map, x: i16, y0: i16, w: u8, h: u8) -> Option<Body> {
    let mut y = y0;
    while map.rect_solid(x, y, w as i16, h as i16) {
        y += 16;
        if y > map.height_px() {
            return None;
        }
    }
    let mut b = Body::new(x, y, w, h);
    for _ in 0..400 {
        b.vy = SubPx::from_bits(48);
        move_body(map, &SOLIDS, &mut b);
        if b.flags.contains(Flags::FELL_OUT) {
            return None;
        }
        if b.on_ground() {
            b.vy = SubPx::ZERO;
            return Some(b);
        }
    }
    None
}

/// Does a ground body stand on (or next to) slope tiles? Looks at the tiles under and around
/// its feet.
pub fn on_slope(b: &Body) -> bool {
    let (x, y) = (b.px(), b.py() + b.h as i16);
    for dy in [-16i16, -8, 0, 8] {
        for dx in [0i16, 8, 15] {
            if matches!(BENCH_MAP.tile((x + dx) >> 4, (y + dy) >> 4), 3..=14) {
                return true;
            }
        }
    }
    false
}

/// 90 steps of the demo's world (no pad) after a warp to the top of the attract level's
/// right border: the player falls into the crowd, which comes into view all at once. Each
/// step's world digest equals the host's.
fn fall_into_the_crowd(mc: &mut Machine) -> Stats {
    let mut st = Stats::default();
    let Some(level) = megacollide_demo::script::attract_level() else {
        return st;
    };
    let mut host = megacollide_demo::World::new(level);
    host.settle_enemies();
    m(mc.call("bench_world_reset", &[]));
    let x = level.map.width_px() - 16;
    m(mc.call("bench_world_warp", &[x as i32 as u32, 0]));
    host.warp(x, 0);
    for step in 0..90 {
        let (_, c) = m(mc.call("bench_world_step", &[0]));
        host.step(megacollide_demo::Actions(0));
        let (digest, _) = m(mc.call("bench_world_digest", &[]));
        assert_eq!(digest, shared::world_digest(&host), "fall into the crowd, step {step}: 68000 and host differ");
        st.add(c);
    }
    st
}

/// The moves of [`body_move_max`'s sweep](sweep_moves) from one spot: velocities in raw
/// sub-pixels per axis, up to `max_px` pixels a frame.
fn sweep_speeds(max_px: i16) -> [i16; 5] {
    let v = megacollide_engine::units::sub_of_px(max_px);
    [-v, -v / 2 + 1, 0, v / 2 - 1, v]
}

/// Times one move of a 16x32 body from every spot of the scene's map (`level`: the demo
/// game's level, else the bench scene) at a tile grid, the map's last pixel column and row
/// included: flights at every pair of [`sweep_speeds`] (the spot free of solid pixels), and
/// walks at each non-zero speed from where a body dropped there stands. Every move is checked
/// against the host. Returns (flights, walks).
fn sweep_moves(mc: &mut Machine, level: Option<usize>, max_px: i16) -> (Stats, Stats) {
    let map: &Map = level.map_or(&BENCH_MAP, |i| megacollide_demo::LEVELS[i].map);
    let (w, h) = (16i16, 32i16);
    let grid = |end: i16| (0..=end).step_by(16).chain(std::iter::once(end)).collect::<Vec<i16>>();
    let (xs, ys) = (grid(map.width_px() - w), grid(map.height_px() - h));
    let one = |mc: &mut Machine, b: &Body| match level {
        Some(i) => move_one_on_level(mc, i, b).1,
        None => move_one(mc, b).1,
    };
    let speeds = sweep_speeds(max_px);
    let (mut flights, mut walks) = (Stats::default(), Stats::default());
    let mut stood = std::collections::HashSet::new();
    for &x in &xs {
        for &y in &ys {
            if !map.rect_solid(x, y, w, h) {
                for &vx in &speeds {
                    for &vy in &speeds {
                        let mut b = Body::new(x, y, w as u8, h as u8);
                        (b.vx, b.vy) = (SubPx::from_bits(vx), SubPx::from_bits(vy));
                        flights.add(one(mc, &b));
                    }
                }
            }
            if let Some(b) = settle_on(map, x, y, w as u8, h as u8) {
                if stood.insert((b.px(), b.py())) {
                    for &vx in speeds.iter().filter(|&&v| v != 0) {
                        let mut b = b;
                        (b.vx, b.vy) = (SubPx::from_bits(vx), SubPx::from_bits(3));
                        walks.add(one(mc, &b));
                    }
                }
            }
        }
    }
    (flights, walks)
}

fn time_moves(mc: &mut Machine, starts: &[Body], frames: usize, vx: i16, gravity: bool) -> Stats {
    let mut st = Stats::default();
    for s in starts {
        let mut b = *s;
        for _ in 0..frames {
            b.vx = SubPx::from_bits(vx);
            if gravity {
                b.vy = SubPx::from_bits((b.vy.to_bits() + 3).min(48));
            }
            let (nb, c) = move_one(mc, &b);
            st.add(c);
            b = nb;
        }
    }
    st
}

/// The typical set of body moves (walk flat and slopes both ways, 4 frames each, and the
/// falls) on one machine: (walk flat, walk slopes, fall).
fn typical_moves(mc: &mut Machine, flat: &[Body], slope: &[Body], falling: &[Body], walk: i16) -> (Stats, Stats, Stats) {
    let mut walk_flat = time_moves(mc, flat, 4, walk, true);
    walk_flat.merge(&time_moves(mc, flat, 4, -walk, true));
    let mut walk_slope = time_moves(mc, slope, 4, walk, true);
    walk_slope.merge(&time_moves(mc, slope, 4, -walk, true));
    let mut fall = Stats::default();
    for b in falling {
        let mut b2 = *b;
        b2.vx = SubPx::from_bits(if fall.n % 2 == 0 { 0 } else { walk });
        fall.add(move_one(mc, &b2).1);
    }
    (walk_flat, walk_slope, fall)
}

/// One frame of the bodies `starts` (gravity added, `vx` = 0) moved [`BODY_COUNT`] at a time
/// by one `move_bodies` call on the 68000 (`bench_frame_move`), each result checked against the
/// host's `move_bodies`: what a body costs inside the one call per frame, its share of the
/// call's cycles after those of an empty call (the call itself) are taken off.
fn still_in_one_call(mc: &mut Machine, starts: &[Body]) -> Stats {
    let (_, empty) = m(mc.call("bench_frame_move", &[0]));
    let mut st = Stats::default();
    for chunk in starts.chunks(BODY_COUNT) {
        let mut host: Vec<Body> = chunk.to_vec();
        for (i, b) in host.iter_mut().enumerate() {
            b.vx = SubPx::ZERO;
            b.vy = SubPx::from_bits((b.vy.to_bits() + 3).min(48));
            set_body(mc, i as u32, b);
        }
        let (_, c) = m(mc.call("bench_frame_move", &[host.len() as u32]));
        move_bodies(&BENCH_MAP, &SOLIDS, &mut host);
        for (i, b) in host.iter().enumerate() {
            assert_eq!(get_body(mc, i as u32, b), *b, "move_bodies, body {i} standing still: 68000 and host differ");
        }
        st.add_many(c.saturating_sub(empty), host.len() as u64);
    }
    st
}

/// Steps whose world has at least this many enemies moving count as the crowd's.
pub const CROWD_ACTIVE: u8 = 6;

/// The attract run measured by [`attract_steps`].
pub struct AttractSteps {
    /// Cycles of every `World::step`.
    pub all: Stats,
    /// Cycles of the steps with at least [`CROWD_ACTIVE`] enemies moving.
    pub crowd: Stats,
    /// The most enemies that moved in one step.
    pub most_active: u8,
    /// First and last step (0-based) with at least [`CROWD_ACTIVE`] enemies moving.
    pub crowd_first: u32,
    pub crowd_last: u32,
    /// Per-function profile of the steps from `crowd_first` to `crowd_last`.
    pub profile: Profile,
    /// Cycles of the demo's sprites after every step (`bench_demo_sprites`: the objects
    /// placed and the table built), overlay off and on; none when the ELF has no such call.
    pub sprites: Option<[Stats; 2]>,
    /// The same over the crowd's steps, overlay off and on.
    pub sprites_crowd: Option<[Stats; 2]>,
    /// Per-function profile of the demo's sprites over the crowd stretch (overlay off).
    pub sprites_profile: Profile,
}

/// The demo game's attract script played on the demo level, one `World::step` per frame, on
/// the 68000 (`bench_world_step`, timed) and on the host; the two worlds' digests
/// (`shared::world_digest`) must agree after every step. Then the crowd stretch is played
/// again with the profiler on. None when the bench ELF has no attract level.
pub fn attract_steps(mc: &mut Machine) -> Option<AttractSteps> {
    use megacollide_demo::{ScriptPlayer, World, ATTRACT};
    let level = megacollide_demo::script::attract_level()?;
    let replay = |mc: &mut Machine, profile: Option<(u32, u32)>| {
        let (d, _) = m(mc.call("bench_world_reset", &[]));
        let mut host = World::new(level);
        host.settle_enemies();
        assert_eq!(d, shared::world_digest(&host), "world digest after reset: 68000 and host differ");
        let mut script = ScriptPlayer::new(&ATTRACT);
        let (mut all, mut crowd) = (Stats::default(), Stats::default());
        let (mut most, mut first, mut last) = (0u8, u32::MAX, 0u32);
        let mut step = 0u32;
        while let Some(input) = script.next_input() {
            if profile.map(|(a, _)| a) == Some(step) {
                mc.start_profile(&["bench_world_step"]);
            }
            let (_, c) = m(mc.call("bench_world_step", &[input.0 as u32]));
            if profile.map(|(_, b)| b) == Some(step) {
                return (all, crowd, most, first, last, mc.take_profile());
            }
            host.step(input);
            let (d, _) = m(mc.call("bench_world_digest", &[]));
            assert_eq!(d, shared::world_digest(&host), "world after attract step {step}: 68000 and host differ");
            all.add(c);
            most = most.max(host.active_enemies);
            if host.active_enemies >= CROWD_ACTIVE {
                crowd.add(c);
                first = first.min(step);
                last = step;
            }
            step += 1;
        }
        (all, crowd, most, first, last, Profile::default())
    };
    let (all, crowd, most_active, first, last, _) = replay(mc, None);
    let (crowd_first, crowd_last) = if crowd.n == 0 { (0, 0) } else { (first, last) };
    let profile = if crowd.n == 0 { Profile::default() } else { replay(mc, Some((crowd_first, crowd_last))).5 };
    let (sprites, sprites_crowd, sprites_profile) = match demo_sprites(mc, crowd_first, crowd_last) {
        Some((a, c, p)) => (Some(a), Some(c), p),
        None => (None, None, Profile::default()),
    };
    Some(AttractSteps { all, crowd, most_active, crowd_first, crowd_last, profile, sprites, sprites_crowd, sprites_profile })
}

/// The demo's sprites (`bench_demo_sprites`) after every step of the attract script, overlay
/// off and on: all steps and the crowd's (`crowd_first..=crowd_last`), and a profile of the
/// crowd's with the overlay off. None when the ELF has no such call.
fn demo_sprites(mc: &mut Machine, crowd_first: u32, crowd_last: u32) -> Option<([Stats; 2], [Stats; 2], Profile)> {
    use megacollide_demo::{ScriptPlayer, ATTRACT};
    mc.symbol("bench_demo_sprites").ok()?;
    let (mut all, mut crowd) = ([Stats::default(), Stats::default()], [Stats::default(), Stats::default()]);
    let mut profile = Profile::default();
    for overlay in [0u32, 1] {
        m(mc.call("bench_world_reset", &[]));
        m(mc.call("bench_demo_sprites_reset", &[]));
        let mut script = ScriptPlayer::new(&ATTRACT);
        let mut step = 0u32;
        while let Some(input) = script.next_input() {
            m(mc.call("bench_world_step", &[input.0 as u32]));
            if overlay == 0 && step == crowd_first {
                mc.start_profile(&["bench_demo_sprites"]);
            }
            let (_, c) = m(mc.call("bench_demo_sprites", &[overlay]));
            if overlay == 0 && step == crowd_last {
                profile = mc.take_profile();
            }
            all[overlay as usize].add(c);
            if (crowd_first..=crowd_last).contains(&step) {
                crowd[overlay as usize].add(c);
            }
            step += 1;
        }
    }
    Some((all, crowd, profile))
}

/// 240 frames of 32 bodies on one machine (only the `move_bodies` call timed), every body
/// checked against the host after each frame. Starts from frame counter 0 (the caller has
/// reset it with `bench_player_reset`, or the ELF is fresh).
fn frames_32(mc: &mut Machine) -> Stats {
    let mut bodies: Vec<Body> = Vec::new();
    let mut x = 40i16;
    while bodies.len() < BODY_COUNT {
        if let Some(b) = settle(x, 0) {
            bodies.push(b);
        }
        x = (x + 89) % (BENCH_MAP.width_px() - 40);
    }
    for (i, b) in bodies.iter().enumerate() {
        set_body(mc, i as u32, b);
    }
    let mut frame = Stats::default();
    let mut frame_no = 0u32;
    for _ in 0..FRAMES {
        m(mc.call("bench_frame_prepare", &[BODY_COUNT as u32]));
        for (i, b) in bodies.iter_mut().enumerate() {
            ai_prepare(b, i as u32, frame_no);
        }
        frame_no += 1;
        let (_, c) = m(mc.call("bench_frame_move", &[BODY_COUNT as u32]));
        for b in bodies.iter_mut() {
            move_body(&BENCH_MAP, &SOLIDS, b);
        }
        for (i, b) in bodies.iter().enumerate() {
            let got = get_body(mc, i as u32, b);
            assert_eq!(&got, b, "frame {frame_no}: body {i} differs");
        }
        frame.add(c);
    }
    frame
}

/// The pad of frame `f` of the player benchmark's scripted run: hold right; jump for 20
/// frames out of every 45; back off left now and then.
fn player_input(f: u32) -> u32 {
    let input = if f % 300 < 260 { 2 } else { 1 };
    if f % 45 < 20 {
        input | 4
    } else {
        input
    }
}

/// Frames timed by the 32-body frame benchmark.
const FRAMES: usize = 240;

/// The demo game's patrolling walkers on the bench scene: [`WALKER_COUNT`] 16 x 16 enemies
/// standing on flat ground and slopes all over the scene, half walking each way, stepped
/// by one `patrol` call per frame (`bench_walkers_step`, timed) for [`FRAMES`] frames; every
/// walker (body and direction) compared with the host's after each frame. Returns the
/// cycles of each call.
fn walkers(mc: &mut Machine) -> Stats {
    use megacollide_demo::world::patrol;
    let mut enemies = Vec::new();
    let mut x = 24i16;
    while enemies.len() < WALKER_COUNT {
        if let Some(b) = settle_sized(x, 0, 16, 16) {
            let i = enemies.len();
            let right = i % 2 == 0;
            m(mc.call("bench_walker_set", &[i as u32, b.px() as i32 as u32, b.py() as i32 as u32, if right { 1 } else { -1i32 as u32 }]));
            enemies.push(shared::walker(b.px(), b.py(), right));
        }
        x = (x + 131) % (BENCH_MAP.width_px() - 24);
    }
    let mut st = Stats::default();
    for f in 0..FRAMES {
        let (_, c) = m(mc.call("bench_walkers_step", &[WALKER_COUNT as u32]));
        patrol(&BENCH_MAP, &SOLIDS, &mut enemies);
        for (i, e) in enemies.iter().enumerate() {
            let b = e.patrol.body();
            let want = shared::body_words(b);
            for (k, &w) in want.iter().enumerate() {
                let (got, _) = m(mc.call("bench_walker_get", &[i as u32, k as u32]));
                assert_eq!(got as i16, w, "frame {f}: walker {i} word {k}: 68000 and host differ ({b:?})");
            }
            let (dir, _) = m(mc.call("bench_walker_get", &[i as u32, shared::BODY_WORDS as u32]));
            assert_eq!(dir as i8, e.dir(), "frame {f}: walker {i} direction");
        }
        st.add(c);
    }
    st
}

/// Runs every benchmark. `rom_elf`: the demo ROM's ELF (sizes), if given.
pub fn run(mc: &mut Machine, rom_elf: Option<&[u8]>) -> Report {
    run_with(mc, rom_elf, None)
}

/// [`run`], and with `codegen` also the compiler's code improvements: the same typical
/// moves and frames on the Rust path with the improvements off and on, and the `.text`
/// sizes of the demo ROM (needs `rom_elf`) built both ways (keys `codegen_*`).
pub fn run_with(mc: &mut Machine, rom_elf: Option<&[u8]>, mut codegen: Option<Codegen>) -> Report {
    let mut rep = Report::default();
    let mut rng = Rng::new(0x6d65_6761_636f_6c6c); // "megacoll"

    // ---- Point queries --------------------------------------------------------------------
    const PQ_N: usize = 500;
    let mut all = Stats::default();
    let mut is_floor = Stats::default();
    for class in CLASSES {
        let mut st = Stats::default();
        for _ in 0..PQ_N {
            let (x, y) = random_point(&mut rng, class);
            st.add(point_query(mc, x, y).1);
            let (d0, c) = m(mc.call("bench_is_floor", &[x as i32 as u32, y as i32 as u32]));
            assert_eq!(d0 != 0, BENCH_MAP.is_floor(x, y), "is_floor({x}, {y})");
            is_floor.add(c);
        }
        all.merge(&st);
        rep.rows.push(Row { group: "point query (is_solid)", name: class.to_string(), stats: st });
    }
    rep.rows.push(Row { group: "point query (is_solid)", name: "all classes, equal weight".into(), stats: all.clone() });
    let mut uni = Stats::default();
    for _ in 0..PQ_N * 2 {
        let x = rng.range(0, BENCH_MAP.width_px() as i32) as i16;
        let y = rng.range(0, BENCH_MAP.height_px() as i32) as i16;
        uni.add(point_query(mc, x, y).1);
    }
    rep.rows.push(Row { group: "point query (is_solid)", name: "uniform over the map".into(), stats: uni.clone() });
    rep.rows.push(Row { group: "point query (is_floor)", name: "all classes, equal weight".into(), stats: is_floor });
    // The same queries inlined in a loop inside the 68000 code (no C call per query): cycles
    // of bench_point_query_many minus its loop without the query, per point.
    let base = mc.symbol("BENCH_POINTS").expect("BENCH_POINTS");
    let mut inl_all = Stats::default();
    for class in CLASSES {
        let mut st = Stats::default();
        for _ in 0..4 {
            let mut want = 0;
            for k in 0..256u32 {
                let (x, y) = random_point(&mut rng, class);
                mc.bus.write_word(base + 4 * k, x as u16);
                mc.bus.write_word(base + 4 * k + 2, y as u16);
                want += BENCH_MAP.is_solid(x, y) as u32;
            }
            let (got, c) = m(mc.call("bench_point_query_many", &[256]));
            assert_eq!(got, want, "bench_point_query_many ({class})");
            let (_, c0) = m(mc.call("bench_point_loop_baseline", &[256]));
            let per = (c.saturating_sub(c0) + 128) / 256;
            st.add(per);
        }
        inl_all.merge(&st);
        rep.rows.push(Row { group: "point query inlined in a loop", name: format!("{class} (avg of 256; 4 batches)"), stats: st });
    }
    rep.rows.push(Row { group: "point query inlined in a loop", name: "all classes, equal weight".into(), stats: inl_all.clone() });
    rep.keys.insert("point_query_inlined_avg".into(), inl_all.avg());
    rep.keys.insert("point_query_avg".into(), all.avg());
    rep.keys.insert("point_query_min".into(), all.min);
    rep.keys.insert("point_query_max".into(), all.max);
    rep.keys.insert("point_query_uniform_avg".into(), uni.avg());

    // ---- Span and sweep queries (the 68000 build vs the host build) -----------------------
    // Random spans and sweeps in and around the bench scene (edges, one-way tops, height tiles,
    // both directions); every result is compared with the host.
    let mut sweep_c = Stats::default();
    let mut sweep_r = Stats::default();
    let mut span_c = Stats::default();
    let mut span_r = Stats::default();
    let (wpx, hpx) = (BENCH_MAP.width_px() as i32, BENCH_MAP.height_px() as i32);
    let sv = |v: i32| v as i16 as i32 as u32;
    let mut srng = Rng::new(0x7370_616e); // "span": its own stream, the sets below stay the same
    for i in 0..3000u32 {
        // Mostly inside the map, some across or beyond the edges.
        let a = srng.range(-40, wpx + 40);
        let b = srng.range(-40, hpx + 40);
        let len = srng.range(1, 70);
        let dir = if srng.range(0, 2) == 0 { 1 } else { -1 };
        let n = if i % 50 == 0 { srng.range(-2, 1) } else { srng.range(1, 48) };
        let one_way = srng.range(0, 2) as u32;
        let (lo, hi) = if i % 97 == 0 { (b + len, b) } else { (b, b + len) }; // some empty spans
                                                                              // (sweeps require a non-empty span: y0 <= y1, x0 <= x1)
        let (got, c) = m(mc.call("bench_sweep_cols", &[sv(a), sv(dir), sv(n), sv(b), sv(b + len)]));
        let host = BENCH_MAP.sweep_cols(a as i16, dir as i16, n as i16, b as i16, (b + len) as i16);
        assert_eq!(got as i16, host, "sweep_cols({a}, {dir}, {n}, {b}, {})", b + len);
        sweep_c.add(c);
        let (got, c) = m(mc.call("bench_sweep_rows", &[sv(b), sv(dir), sv(n), sv(a), sv(a + len), one_way]));
        let host = BENCH_MAP.sweep_rows(b as i16, dir as i16, n as i16, a as i16, (a + len) as i16, one_way != 0);
        assert_eq!(got as i16, host, "sweep_rows({b}, {dir}, {n}, {a}, {}, {one_way})", a + len);
        sweep_r.add(c);
        let (got, c) = m(mc.call("bench_column_solid", &[sv(a), sv(lo), sv(hi)]));
        assert_eq!(got != 0, BENCH_MAP.column_solid(a as i16, lo as i16, hi as i16), "column_solid({a}, {lo}, {hi})");
        span_c.add(c);
        let (got, c) = m(mc.call("bench_row_solid", &[sv(b), sv(a), sv(a + len), one_way]));
        assert_eq!(
            got != 0,
            BENCH_MAP.row_solid(b as i16, a as i16, (a + len) as i16, one_way != 0),
            "row_solid({b}, {a}, {}, {one_way})",
            a + len
        );
        span_r.add(c);
    }
    let gs = "span / sweep queries (C call)";
    rep.rows.push(Row { group: gs, name: "column_solid, 1..70 px".into(), stats: span_c });
    rep.rows.push(Row { group: gs, name: "row_solid, 1..70 px".into(), stats: span_r });
    rep.rows.push(Row { group: gs, name: "sweep_cols, 1..47 columns x 1..70 px".into(), stats: sweep_c });
    rep.rows.push(Row { group: gs, name: "sweep_rows, 1..47 rows x 1..70 px".into(), stats: sweep_r });

    // ---- One body, move_body --------------------------------------------------------------
    let mut flat = Vec::new();
    let mut slope = Vec::new();
    let mut x = 20i16;
    while x < BENCH_MAP.width_px() - 40 {
        if let Some(b) = settle(x, 0) {
            if on_slope(&b) {
                slope.push(b);
            } else {
                flat.push(b);
            }
        }
        x += 13;
    }
    // Also drop bodies right onto every slope tile's column so slopes are well sampled.
    for (i, &id) in levels::BENCH_TILES.iter().enumerate() {
        if matches!(id, 3..=14) {
            let tx = (i % BENCH_MAP.width() as usize) as i16;
            for off in [0i16, 6, 12] {
                if let Some(b) = settle(tx * 16 + off - 8, 0) {
                    if on_slope(&b) {
                        slope.push(b);
                    }
                }
            }
        }
    }
    let mut falling = Vec::new();
    while falling.len() < 64 {
        let x = rng.range(0, BENCH_MAP.width_px() as i32 - 16) as i16;
        let y = rng.range(0, BENCH_MAP.height_px() as i32 - 48) as i16;
        // Free space 32 px below: a fall that does not land this frame.
        if !BENCH_MAP.rect_solid(x, y, 16, 32 + 8) {
            let mut b = Body::new(x, y, 16, 32);
            b.vy = SubPx::from_bits(48);
            falling.push(b);
        }
    }
    let walk = 20; // 2.5 px per frame, the default player's top speed
    let (walk_flat, walk_slope, fall) = typical_moves(mc, &flat, &slope, &falling, walk);
    let mut standing = time_moves(mc, &flat, 1, 0, true);
    standing.merge(&time_moves(mc, &slope, 1, 0, true));
    let still_spots: Vec<Body> = flat.iter().chain(slope.iter()).copied().collect();
    let standing_batch = still_in_one_call(mc, &still_spots);
    let max_v = 127 * 8;
    let mut worst_walk = time_moves(mc, &flat, 1, max_v, true);
    worst_walk.merge(&time_moves(mc, &slope, 1, max_v, true));
    worst_walk.merge(&time_moves(mc, &flat, 1, -max_v, true));
    let mut worst_fall = Stats::default();
    for b in &falling {
        let mut b2 = *b;
        b2.vy = SubPx::from_bits(max_v);
        b2.vx = SubPx::from_bits(if worst_fall.n % 2 == 0 { max_v } else { -max_v });
        worst_fall.add(move_one(mc, &b2).1);
    }
    let g = "move_body, one 16x32 body";
    rep.rows.push(Row {
        group: g,
        name: format!("standing still ({} spots), one move_body call each", flat.len() + slope.len()),
        stats: standing.clone(),
    });
    rep.rows.push(Row {
        group: g,
        name: format!("standing still ({} spots), {BODY_COUNT} a move_bodies call, per body", still_spots.len()),
        stats: standing_batch.clone(),
    });
    rep.rows.push(Row { group: g, name: format!("walk 2.5 px/f, flat ({} spots x 2 dirs x 4 f)", flat.len()), stats: walk_flat.clone() });
    rep.rows.push(Row {
        group: g,
        name: format!("walk 2.5 px/f, slopes ({} spots x 2 dirs x 4 f)", slope.len()),
        stats: walk_slope.clone(),
    });
    rep.rows.push(Row { group: g, name: format!("fall 6 px/f ({} spots)", falling.len()), stats: fall.clone() });
    rep.rows.push(Row { group: g, name: "worst: walk 127 px/f (max speed)".into(), stats: worst_walk.clone() });
    rep.rows.push(Row { group: g, name: "worst: fly 127,127 px/f (max speed)".into(), stats: worst_fall.clone() });
    let mut typical = walk_flat.clone();
    typical.merge(&walk_slope);
    typical.merge(&fall);
    rep.rows.push(Row { group: g, name: "typical (walk flat + slopes + fall)".into(), stats: typical.clone() });
    let mut every = typical.clone();
    every.merge(&standing);
    every.merge(&worst_walk);
    every.merge(&worst_fall);
    rep.keys.insert("body_move_avg".into(), typical.avg());
    rep.keys.insert("body_move_min".into(), every.min);
    rep.keys.insert("body_move_max".into(), every.max);
    rep.keys.insert("body_move_walk_flat_avg".into(), walk_flat.avg());
    rep.keys.insert("body_move_walk_slope_avg".into(), walk_slope.avg());
    rep.keys.insert("body_move_fall_avg".into(), fall.avg());
    rep.keys.insert("body_move_typical_max".into(), typical.max);
    rep.keys.insert("body_move_walk_127_avg".into(), worst_walk.avg());
    rep.keys.insert("body_move_walk_127_max".into(), worst_walk.max);
    rep.keys.insert("body_move_still_avg".into(), standing_batch.avg());
    rep.keys.insert("body_move_still_single_avg".into(), standing.avg());

    // ---- The worst case: every tile column and row, both borders, a sweep of speeds -------
    let scenes: Vec<(String, Option<usize>)> = std::iter::once(("bench scene".to_string(), None))
        .chain(megacollide_demo::script::attract_level().and_then(|l| {
            megacollide_demo::LEVELS.iter().position(|k| std::ptr::eq(*k, l)).map(|i| (format!("demo level {}", l.name), Some(i)))
        }))
        .collect();
    let gw = "move_body, worst case: 16x32 bodies at every tile column and row (map borders included)";
    for (key, max_px) in [("body_move_max_16", 16i16), ("body_move_max", MAX_SPEED_PX)] {
        let mut all = Stats::default();
        for (name, level) in &scenes {
            let (flights, walks) = sweep_moves(mc, *level, max_px);
            rep.rows.push(Row { group: gw, name: format!("{name}: flights up to {max_px} px/f per axis"), stats: flights.clone() });
            rep.rows.push(Row { group: gw, name: format!("{name}: walks up to {max_px} px/f"), stats: walks.clone() });
            all.merge(&flights);
            all.merge(&walks);
        }
        if max_px == MAX_SPEED_PX {
            // (And every move timed above.)
            all.merge(&every);
        }
        rep.keys.insert(key.into(), all.max);
    }

    // ---- Player::update: a scripted run through the bench scene ---------------------------
    let spawn = levels::BENCH.spawn.map(|p| (p.x, p.y)).unwrap_or((48, 320));
    m(mc.call("bench_player_reset", &[spawn.0 as i32 as u32, spawn.1 as i32 as u32]));
    let mut player = Player::new(spawn.0, spawn.1, PlayerConfig::DEFAULT);
    let mut pl = Stats::default();
    for f in 0..900u32 {
        let input = player_input(f);
        let (ev, c) = m(mc.call("bench_player_update", &[input]));
        let hev = player.update(Input::from_bits(input as u8), &BENCH_MAP, &SOLIDS);
        assert_eq!(ev as u8, hev.0, "player events at frame {f}");
        let got = get_body(mc, BODY_COUNT as u32, &player.body);
        assert_eq!(got, player.body, "player body at frame {f}");
        pl.add(c);
    }
    rep.rows.push(Row { group: "Player::update (incl. move_body)", name: "scripted run, 900 frames".into(), stats: pl.clone() });
    rep.keys.insert("player_update_avg".into(), pl.avg());
    rep.keys.insert("player_update_max".into(), pl.max);

    // ---- 32 bodies, one frame -------------------------------------------------------------
    // The bench ELF's frame counter starts at 0 after bench_player_reset.
    let frame = frames_32(mc);
    rep.rows.push(Row {
        group: "frame: move_body x 32 bodies",
        name: format!("bench scene, walk/jump/fall, {FRAMES} frames"),
        stats: frame.clone(),
    });
    rep.keys.insert("frame_32_bodies".into(), frame.avg());
    rep.keys.insert("frame_32_bodies_max".into(), frame.max);

    // ---- Walkers: the demo's patrolling enemies, one call a frame ---------------------------
    let patrols = walkers(mc);
    let mut per_walker = Stats::default();
    per_walker.add_many(patrols.sum, patrols.n * WALKER_COUNT as u64);
    rep.rows.push(Row {
        group: "walkers (the demo's patrol)",
        name: format!("{WALKER_COUNT} walkers, one patrol call, per walker ({FRAMES} frames)"),
        stats: per_walker.clone(),
    });
    rep.rows.push(Row {
        group: "walkers (the demo's patrol)",
        name: format!("{WALKER_COUNT} walkers, the whole call"),
        stats: patrols.clone(),
    });
    rep.keys.insert("walker_step_avg".into(), per_walker.avg());

    // ---- The compiled surfaces ----------------------------------------------------------------
    rep.keys.insert("surface_rom_bytes_bench".into(), BENCH_MAP.surfaces().rom_bytes() as u64);
    rep.keys.insert("surface_ram_bytes_bench".into(), 0);
    if let Some(level) = megacollide_demo::script::attract_level() {
        rep.keys.insert("surface_rom_bytes_demo".into(), level.map.surfaces().rom_bytes() as u64);
        rep.keys.insert("surface_ram_bytes_demo".into(), 0);
    }

    // ---- World::step: the demo's attract run -------------------------------------------------
    if let Some(w) = attract_steps(mc) {
        let gw = "World::step (the demo game)";
        rep.rows.push(Row { group: gw, name: format!("attract run, every step ({} steps)", w.all.n), stats: w.all.clone() });
        rep.rows.push(Row {
            group: gw,
            name: format!("steps with >= {CROWD_ACTIVE} enemies active (up to {})", w.most_active),
            stats: w.crowd.clone(),
        });
        rep.keys.insert("world_step_avg".into(), w.all.avg());
        rep.keys.insert("world_step_max".into(), w.all.max);
        rep.keys.insert("world_step_crowd_avg".into(), w.crowd.avg());
        rep.keys.insert("world_step_crowd_max".into(), w.crowd.max);
        rep.keys.insert("world_step_most_active".into(), w.most_active as u64);
        rep.info_profiles.push((format!("World::step over the crowd stretch (steps {}..={})", w.crowd_first, w.crowd_last), w.profile));
        // A fall from the top of the map's right border into the crowd below: the crowd comes
        // into view all at once (each host step checked against the 68000's digest).
        let fall = fall_into_the_crowd(mc);
        rep.rows.push(Row { group: gw, name: "a fall from the right border's top into the crowd, 90 steps".into(), stats: fall.clone() });
        rep.keys.insert("world_step_fall_into_crowd_max".into(), fall.max);
        if let (Some(all), Some(crowd)) = (&w.sprites, &w.sprites_crowd) {
            let g = "the demo's sprites (megacollide_demo::draw on the sprite engine), after each attract step";
            for (i, name) in ["overlay off", "overlay on"].into_iter().enumerate() {
                rep.rows.push(Row { group: g, name: format!("every step, {name}"), stats: all[i].clone() });
                rep.rows.push(Row { group: g, name: format!("the crowd's steps, {name}"), stats: crowd[i].clone() });
            }
            rep.keys.insert("demo_sprites_avg".into(), all[0].avg());
            rep.keys.insert("demo_sprites_crowd_max".into(), crowd[0].max);
            rep.keys.insert("demo_sprites_overlay_crowd_max".into(), crowd[1].max);
            rep.info_profiles.push(("the demo's sprites over the crowd stretch".into(), w.sprites_profile));
        }
    }

    // ---- The sprite engine: 40 animated objects a frame (megadrive::sprite_engine) ------------
    // Before the sound section: no sound driver is loaded, so the uploads open no DMA window
    // (a game's VBlank has one open already: its cost is the sound keys').
    if mc.symbol("bench_sprites_frame").is_ok() {
        let s = sprites_frame(mc);
        let g = "sprite engine (megadrive::sprite_engine)";
        rep.rows.push(Row {
            group: g,
            name: "frame: 40 objects (10 metasprites) moved, animated, table built and uploaded".into(),
            stats: s.clone(),
        });
        rep.keys.insert("sprites_40_frame".into(), s.max);
        rep.targets.push((
            "a frame of the sprite engine, 40 objects (68000 cycles)".into(),
            "sprites_40_frame".into(),
            TARGET_SPRITES_40_FRAME,
            s.max,
        ));
        if s.max > TARGET_SPRITES_40_FRAME {
            mc.start_profile(&["bench_sprites_frame"]);
            for f in 64..80 {
                m(mc.call("bench_sprites_frame", &[f]));
            }
            rep.profiles.push(("sprite engine frames (16 frames)".into(), mc.take_profile()));
        }
    }

    // ---- Random numbers (megadrive::random) --------------------------------------------------
    if mc.symbol("bench_random_many").is_ok() {
        let r = random_cost(mc);
        let g = "random numbers (megadrive::random::Random, xorshift16)";
        let one = |c: u64| {
            let mut s = Stats::default();
            s.add(c);
            s
        };
        rep.rows.push(Row { group: g, name: "next() inlined in a loop, per number (store included)".into(), stats: one(r.per_number) });
        rep.rows.push(Row { group: g, name: "next() as a C call (bench_random_next)".into(), stats: one(r.call) });
        rep.keys.insert("random_next".into(), r.per_number);
        rep.keys.insert("random_next_call".into(), r.call);
    }

    // ---- Sound: the 68000's share of a frame (megadrive::sound) -------------------------------
    if mc.symbol("bench_sound_frame").is_ok() {
        let s = sound_frame(mc);
        let g = "sound (megadrive::sound, the Z80 answering at once)";
        rep.rows.push(Row { group: g, name: "frame: begin_vblank + end_vblank, nothing asked".into(), stats: s.idle.clone() });
        rep.rows.push(Row { group: g, name: "frame: an effect asked (play_effect) and sent".into(), stats: s.effect.clone() });
        rep.keys.insert("sound_frame_idle".into(), s.idle.max);
        rep.keys.insert("sound_frame_effect".into(), s.effect.max);
        rep.targets.push((
            "a frame's sound work, an effect sent (68000 cycles)".into(),
            "sound_frame_effect".into(),
            TARGET_SOUND_FRAME,
            s.effect.max,
        ));
    }

    // ---- Saves: a 16-byte record saved and loaded (megadrive::save) ------------------------
    if mc.symbol("bench_save").is_ok() {
        let (save, load) = save_load(mc);
        let g = "saves (megadrive::save, a RAM store for the SRAM)";
        rep.rows.push(Row { group: g, name: "save: a 16-byte record, headers checked, written, read back".into(), stats: save.clone() });
        rep.rows.push(Row { group: g, name: "load: both copies checked, the newer one read".into(), stats: load.clone() });
        rep.keys.insert("save_16b".into(), save.max);
        rep.keys.insert("load_16b".into(), load.max);
    }

    // ---- Compressed art: megadrive::unpack (MCZ) on the demo's art and maps --------------
    if mc.symbol("bench_unpack").is_ok() {
        let art = unpack_pieces(mc, &demo_art());
        let maps = unpack_pieces(mc, &demo_maps());
        let g = "unpack (megadrive::unpack, MCZ)";
        for (what, u) in [("demo art: level and sprite tiles", &art), ("demo maps: planes B and A", &maps)] {
            let mut st = Stats::default();
            st.add(u.cycles);
            rep.rows.push(Row {
                group: g,
                name: format!("{what}, {} -> {} bytes ({:.2} cycles/byte)", u.raw_bytes, u.packed_bytes, u.cycles_per_byte()),
                stats: st,
            });
        }
        rep.ratios.insert("decompress_cycles_per_byte".into(), art.cycles_per_byte());
        rep.ratios.insert("compress_ratio_demo_art".into(), art.ratio());
        rep.ratios.insert("decompress_cycles_per_byte_maps".into(), maps.cycles_per_byte());
        rep.ratios.insert("compress_ratio_demo_maps".into(), maps.ratio());
        rep.ratio_targets.push((
            "unpack, 68000 cycles per byte (demo art)".into(),
            "decompress_cycles_per_byte".into(),
            TARGET_DECOMPRESS_CYCLES_PER_BYTE,
            false,
            art.cycles_per_byte(),
        ));
        rep.ratio_targets.push((
            "compressed / raw, demo art".into(),
            "compress_ratio_demo_art".into(),
            TARGET_COMPRESS_RATIO_DEMO_ART,
            false,
            art.ratio(),
        ));
    }

    // ---- The compiler: the Rust path with the code improvements off and on ----------------
    // The same typical moves and frames as above, on the two Rust-path builds.
    if let Some(cg) = codegen.as_mut() {
        let typ = |mc: &mut Machine| {
            let (mut t, s, f) = typical_moves(mc, &flat, &slope, &falling, walk);
            t.merge(&s);
            t.merge(&f);
            t.avg()
        };
        let (move_off, move_on) = (typ(&mut *cg.off), typ(&mut *cg.on));
        let (frame_off, frame_on) = (frames_32(&mut *cg.off).avg(), frames_32(&mut *cg.on).avg());
        rep.codegen_rows.push(("typical move, cycles (Rust path)".into(), move_off, move_on));
        rep.codegen_rows.push((format!("32-body frame, cycles (Rust path, avg of {FRAMES})"), frame_off, frame_on));
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        rep.ratios.insert("codegen_speedup_move".into(), ratio(move_off, move_on));
        rep.ratios.insert("codegen_speedup_frame".into(), ratio(frame_off, frame_on));
        if let Some(rom) = rom_elf {
            let on = text_bytes(rom).unwrap_or_else(|e| panic!("ROM ELF: {e}"));
            let off = text_bytes(cg.rom_off).unwrap_or_else(|e| panic!("ROM ELF without the code improvements: {e}"));
            rep.codegen_rows.push(("demo ROM .text, bytes".into(), off, on));
            rep.ratios.insert("codegen_text_ratio".into(), ratio(on, off));
        }
        let rt = [
            ("Rust path: typical move, off / on", "codegen_speedup_move", TARGET_CODEGEN_SPEEDUP_MOVE, true),
            ("Rust path: 32-body frame, off / on", "codegen_speedup_frame", TARGET_CODEGEN_SPEEDUP_FRAME, true),
            ("demo ROM .text, on / off", "codegen_text_ratio", TARGET_CODEGEN_TEXT_RATIO, false),
        ];
        for (name, key, t, at_least) in rt {
            if let Some(&v) = rep.ratios.get(key) {
                rep.ratio_targets.push((name.into(), key.into(), t, at_least, v));
            }
        }
    }

    // ---- Masks ----------------------------------------------------------------------------
    let mask = |mc: &mut Machine, pair: u32, ax: i16, ay: i16, bx: i16, by: i16| -> (bool, u64) {
        let (d0, c) = m(mc.call("bench_mask", &[ax as i32 as u32, ay as i32 as u32, bx as i32 as u32, by as i32 as u32, pair]));
        let (a, b) = mask_pair(pair);
        let h = a.hit(ax, ay, &b, bx, by);
        assert_eq!(d0 != 0, h, "mask pair {pair} at ({ax},{ay}) ({bx},{by})");
        (h, c)
    };
    let mut early = Stats::default();
    for (bx, by) in [(0, 0), (5, 3), (-7, 0), (31, 31), (-20, -10), (12, -25)] {
        let (h, c) = mask(mc, 0, 100, 100, 100 + bx, 100 + by);
        assert!(h);
        early.add(c);
    }
    let (h, nohit_full) = mask(mc, 1, 100, 100, 100, 100);
    assert!(!h);
    let mut nohit = Stats::default();
    for (bx, by) in [(0, 0), (2, 0), (-2, 0), (0, 2), (4, -6), (-10, 8)] {
        let (h, c) = mask(mc, 1, 100, 100, 100 + bx, 100 + by);
        assert!(!h);
        nohit.add(c);
    }
    let mut apart = Stats::default();
    for (bx, by) in [(40, 0), (0, -33), (32, 0)] {
        apart.add(mask(mc, 0, 100, 100, 100 + bx, 100 + by).1);
    }
    let gm = "mask 32x32 vs 32x32 (Mask::hit)";
    rep.rows.push(Row { group: gm, name: "hit on the first overlapping row".into(), stats: early.clone() });
    rep.rows.push(Row {
        group: gm,
        name: "no hit, full overlap (32 rows)".into(),
        stats: {
            let mut s = Stats::default();
            s.add(nohit_full);
            s
        },
    });
    rep.rows.push(Row { group: gm, name: "no hit, partial/full overlaps".into(), stats: nohit.clone() });
    rep.rows.push(Row { group: gm, name: "bounding boxes apart / touching".into(), stats: apart });
    rep.keys.insert("mask32_hit_early".into(), early.avg());
    rep.keys.insert("mask32_nohit".into(), nohit_full);

    // ---- Targets and profiles of misses ---------------------------------------------------
    let targets = [
        ("point query, average (C call)", "point_query_avg", TARGET_POINT_QUERY_CALL_AVG),
        ("point query, average (inlined)", "point_query_inlined_avg", TARGET_POINT_QUERY_AVG),
        ("one body move, average", "body_move_avg", TARGET_BODY_MOVE_AVG),
        ("one body move, typical worst", "body_move_typical_max", TARGET_TYPICAL_MAX),
        ("one body move, worst of the sweep up to 16 px/f", "body_move_max_16", TARGET_MOVE_MAX_16),
        ("one body move, worst of the sweep up to 127 px/f", "body_move_max", TARGET_MOVE_MAX),
        ("one body, walk 127 px/f (average)", "body_move_walk_127_avg", TARGET_WALK_127_AVG),
        ("one body standing still (average)", "body_move_still_avg", TARGET_STILL_AVG),
        ("32 bodies, one frame (average)", "frame_32_bodies", TARGET_FRAME_32),
        ("32 bodies, one frame (worst frame)", "frame_32_bodies_max", TARGET_FRAME_32),
        ("one patrolling walker's step (batched)", "walker_step_avg", TARGET_WALKER_STEP_AVG),
        ("Player::update, average", "player_update_avg", TARGET_PLAYER_UPDATE_AVG),
        ("demo world step with the crowd, average", "world_step_crowd_avg", TARGET_WORLD_STEP_CROWD_AVG),
        ("mask 32x32 no hit", "mask32_nohit", TARGET_MASK32_NOHIT),
    ];
    for (name, key, t) in targets {
        if let Some(&v) = rep.keys.get(key) {
            rep.targets.push((name.to_string(), key.to_string(), t, v));
        }
    }
    let missed = |k: &str| rep.targets.iter().any(|t| t.1 == k && t.3 > t.2);
    if missed("point_query_avg") {
        let mut r2 = Rng::new(7);
        mc.start_profile(&["bench_point_query"]);
        for class in CLASSES {
            for _ in 0..100 {
                let (x, y) = random_point(&mut r2, class);
                point_query(mc, x, y);
            }
        }
        rep.profiles.push(("point query (100 per class)".into(), mc.take_profile()));
    }
    if missed("body_move_avg") {
        mc.start_profile(&["bench_move_body"]);
        time_moves(mc, &flat, 4, walk, true);
        time_moves(mc, &slope, 4, walk, true);
        for b in &falling {
            move_one(mc, b);
        }
        rep.profiles.push(("one body move (typical set)".into(), mc.take_profile()));
    }
    if missed("body_move_walk_127_avg") {
        mc.start_profile(&["bench_move_body"]);
        time_moves(mc, &flat, 1, max_v, true);
        time_moves(mc, &slope, 1, max_v, true);
        rep.profiles.push(("one body move, walk 127 px/f".into(), mc.take_profile()));
    }
    if missed("body_move_still_avg") {
        mc.start_profile(&["bench_frame_move"]);
        still_in_one_call(mc, &still_spots);
        rep.profiles.push((format!("bodies standing still, {BODY_COUNT} a move_bodies call (incl. the calls)"), mc.take_profile()));
    }
    if missed("frame_32_bodies") || missed("frame_32_bodies_max") {
        mc.start_profile(&["bench_frame_move"]);
        for _ in 0..60 {
            m(mc.call("bench_frame_move", &[BODY_COUNT as u32]));
            m(mc.call("bench_frame_prepare", &[BODY_COUNT as u32]));
        }
        let p = mc.take_profile();
        rep.profiles.push(("32-body frames (60 frames, move only)".into(), p));
    }
    // A missed compiler target: where the Rust path's cycles go with the improvements on.
    let ratio_missed = |k: &str| rep.ratio_targets.iter().any(|t| t.1 == k && !ratio_met(t.2, t.3, t.4));
    if let Some(cg) = codegen.as_mut() {
        if ratio_missed("codegen_speedup_move") {
            cg.on.start_profile(&["bench_move_body"]);
            typical_moves(cg.on, &flat, &slope, &falling, walk);
            rep.profiles.push(("Rust path, improvements on: one body move (typical set)".into(), cg.on.take_profile()));
        }
        if ratio_missed("codegen_speedup_frame") {
            cg.on.start_profile(&["bench_frame_move"]);
            for _ in 0..60 {
                m(cg.on.call("bench_frame_move", &[BODY_COUNT as u32]));
                m(cg.on.call("bench_frame_prepare", &[BODY_COUNT as u32]));
            }
            rep.profiles.push(("Rust path, improvements on: 32-body frames (60 frames, move only)".into(), cg.on.take_profile()));
        }
    }
    if missed("walker_step_avg") {
        mc.start_profile(&["bench_walkers_step"]);
        for _ in 0..60 {
            m(mc.call("bench_walkers_step", &[WALKER_COUNT as u32]));
        }
        rep.profiles.push((format!("{WALKER_COUNT} walkers (60 frames)"), mc.take_profile()));
    }
    if missed("player_update_avg") {
        let spawn = levels::BENCH.spawn.map(|p| (p.x, p.y)).unwrap_or((48, 320));
        m(mc.call("bench_player_reset", &[spawn.0 as i32 as u32, spawn.1 as i32 as u32]));
        mc.start_profile(&["bench_player_update"]);
        for f in 0..900u32 {
            m(mc.call("bench_player_update", &[player_input(f)]));
        }
        rep.profiles.push(("Player::update (the scripted run)".into(), mc.take_profile()));
    }
    if missed("mask32_nohit") {
        mc.start_profile(&["bench_mask"]);
        mask(mc, 1, 100, 100, 100, 100);
        rep.profiles.push(("mask no hit".into(), mc.take_profile()));
    }

    // ---- ROM / RAM of the demo ROM ----------------------------------------------------------
    if let Some(elf) = rom_elf {
        let (rom, ram, secs) = rom_ram(elf).unwrap_or_else(|e| panic!("ROM ELF: {e}"));
        rep.keys.insert("rom_bytes".into(), rom);
        rep.keys.insert("ram_bytes".into(), ram);
        rep.sections = secs;
    }
    rep
}

/// A ROM ELF's sections: name, address, size and where they live.
pub type Sections = Vec<(String, u64, u64, &'static str)>;

/// ROM bytes (every allocated section with contents outside RAM, plus the ROM copy of
/// .data) and static RAM bytes (.sysvars + .data + .bss) of a ROM ELF, and the sections.
pub fn rom_ram(elf: &[u8]) -> Result<(u64, u64, Sections), String> {
    let obj = object::File::parse(elf).map_err(|e| e.to_string())?;
    let (mut rom, mut ram) = (0u64, 0u64);
    let mut secs = Vec::new();
    for s in obj.sections() {
        let name = s.name().unwrap_or("?").to_string();
        let (addr, size) = (s.address(), s.size());
        let alloc = match s.flags() {
            SectionFlags::Elf { sh_flags } => sh_flags & u64::from(object::elf::SHF_ALLOC) != 0,
            _ => false,
        };
        if !alloc || size == 0 {
            continue;
        }
        let in_ram = addr >= 0xFF_0000;
        let has_data = !matches!(s.kind(), SectionKind::UninitializedData | SectionKind::UninitializedTls);
        let counted = if in_ram && has_data && !name.starts_with(".sysvars") {
            // .data: in RAM and its initial values in ROM.
            rom += size;
            ram += size;
            "ROM + RAM"
        } else if in_ram {
            ram += size;
            "RAM"
        } else {
            rom += size;
            "ROM"
        };
        secs.push((name, addr, size, counted));
    }
    Ok((rom, ram, secs))
}

/// Is a ratio target met? `at_least`: `v >= t`, else `v <= t`.
pub fn ratio_met(t: f64, at_least: bool, v: f64) -> bool {
    if at_least {
        v >= t
    } else {
        v <= t
    }
}

/// The report as a text table.
pub fn table(rep: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "68000 cycles (m68k crate, CpuType::M68000; per call: the callee's instructions through its rts)");
    let _ = writeln!(s, "{:<38} {:<46} {:>6} {:>8} {:>8} {:>8}", "benchmark", "case", "calls", "min", "avg", "max");
    let mut last = "";
    for r in &rep.rows {
        let g = if r.group == last { "" } else { r.group };
        last = r.group;
        let _ = writeln!(s, "{:<38} {:<46} {:>6} {:>8} {:>8} {:>8}", g, r.name, r.stats.n, r.stats.min, r.stats.avg(), r.stats.max);
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "{:<38} {:>10} {:>10}  result", "target", "measured", "target");
    for (name, _, t, v) in &rep.targets {
        let _ = writeln!(s, "{:<38} {:>10} {:>10}  {}", name, v, format!("<= {t}"), if v <= t { "met" } else { "MISSED" });
    }
    for (name, _, t, at_least, v) in &rep.ratio_targets {
        let bound = format!("{} {t:.2}", if *at_least { ">=" } else { "<=" });
        let _ = writeln!(s, "{:<38} {:>10.3} {:>10}  {}", name, v, bound, if ratio_met(*t, *at_least, *v) { "met" } else { "MISSED" });
    }
    if !rep.codegen_rows.is_empty() {
        let _ = writeln!(s);
        let _ = writeln!(s, "LLVM plugin's code improvements (M68K_FIXES_DISABLE=improvements = off):");
        let _ = writeln!(s, "{:<46} {:>10} {:>10} {:>8}", "", "off", "on", "off/on");
        for (what, off, on) in &rep.codegen_rows {
            let r = if *on == 0 { 0.0 } else { *off as f64 / *on as f64 };
            let _ = writeln!(s, "{:<46} {:>10} {:>10} {:>8.3}", what, off, on, r);
        }
    }
    if let (Some(rom), Some(ram)) = (rep.keys.get("rom_bytes"), rep.keys.get("ram_bytes")) {
        let _ = writeln!(s);
        let _ = writeln!(s, "demo ROM (out/megacollide.elf): {rom} bytes ROM, {ram} bytes static RAM (+ 4096 stack)");
        for (n, a, z, c) in &rep.sections {
            let _ = writeln!(s, "  {:<12} {:#08x} {:>8}  {}", n, a, z, c);
        }
    }
    let profiles = rep.profiles.iter().map(|(w, p)| (format!("profile of a missed target: {w}"), p));
    let info = rep.info_profiles.iter().map(|(w, p)| (format!("profile (no target): {w}"), p));
    for (what, p) in profiles.chain(info) {
        let _ = writeln!(s);
        let _ = writeln!(s, "{what}: {} cycles", p.total);
        for (name, c, n, calls) in p.sorted().iter().take(15) {
            let pct = if p.total > 0 { *c as f64 * 100.0 / p.total as f64 } else { 0.0 };
            let _ = writeln!(s, "  {:>5.1}% {:>10} cycles {:>8} instr {:>7} calls  {}", pct, c, n, calls, name);
        }
        let _ = writeln!(s, "  hottest instructions (address: cycles, executions; see objdump -d):");
        for (pc, c, n) in p.hot_pcs(if std::env::var_os("BENCH_HOT_PCS").is_some() { 400 } else { 12 }) {
            let pct = if p.total > 0 { c as f64 * 100.0 / p.total as f64 } else { 0.0 };
            let _ = writeln!(s, "    {:#07x}: {:>5.1}% {:>10} {:>8}", pc, pct, c, n);
        }
    }
    s
}

/// The report as JSON (keys sorted; deterministic).
pub fn json(rep: &Report) -> String {
    let mut s = String::from("{\n");
    let mut first = true;
    for (k, v) in &rep.keys {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        let _ = write!(s, "  \"{k}\": {v}");
    }
    for (k, v) in &rep.ratios {
        let _ = write!(s, ",\n  \"{k}\": {v:.4}");
    }
    s.push_str(",\n  \"targets\": {");
    for (i, (_, key, t, v)) in rep.targets.iter().enumerate() {
        let _ = write!(s, "{}\n    \"{key}\": {{\"target\": {t}, \"measured\": {v}, \"met\": {}}}", if i > 0 { "," } else { "" }, v <= t);
    }
    for (i, (_, key, t, at_least, v)) in rep.ratio_targets.iter().enumerate() {
        let _ = write!(
            s,
            "{}\n    \"{key}\": {{\"target\": {t}, \"compare\": \"{}\", \"measured\": {v:.4}, \"met\": {}}}",
            if i > 0 || !rep.targets.is_empty() { "," } else { "" },
            if *at_least { ">=" } else { "<=" },
            ratio_met(*t, *at_least, *v)
        );
    }
    s.push_str("\n  }\n}\n");
    s
}
