//! The demo's sound in Genesis Plus GX (audio through the libretro audio callback, the
//! driver's state from the Z80's RAM in the emulator's save state) and BlastEm: the title's
//! music is audible and the same every run, the driver's heartbeat advances every frame
//! through level loads and DMA-heavy frames, effects start on the frame of their event,
//! every PCM byte reaches the DAC while art streams by DMA, the tempo is the same on NTSC and
//! PAL, BlastEm plays the same music writes, the driver writes the title's stream as romtool
//! wrote it (the two agree on the protocol), and pause, resume, volume, fade and stop do what
//! they say (asked through the ROM's `SOUND_TEST` cell).

use emu::Pad;
use megadrive::sound::protocol::*;
use romtests::*;
use std::path::PathBuf;

/// `SOUND_STATUS` (megadrive::sound::Status: the driver's status bytes, Z80 order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Status {
    heartbeat: u16,
    music_ticks: u16,
    write_sum: u16,
    music: u8,
    pcm: u8,
    psg: u8,
    ready: u8,
}

fn status(gx: &emu::Gpgx, rom: &Rom) -> Status {
    status_of(&gx.read_bytes(rom.sym("SOUND_STATUS"), megadrive::sound::STATUS_BYTES))
}

fn status_of(b: &[u8]) -> Status {
    let s = megadrive::sound::Status(b.try_into().expect("the status's size"));
    Status {
        heartbeat: s.heartbeat(),
        music_ticks: s.music_ticks(),
        write_sum: s.write_sum(),
        music: s.music(),
        pcm: s.pcm(),
        psg: s.psg(),
        ready: s.ready() as u8,
    }
}

/// Runs frames until the driver runs, and finds Z80 RAM in the save state.
fn boot(gx: &mut emu::Gpgx, rom: &Rom) -> Z80InState {
    let frames = gx.run_until(300, Pad::NONE, |g| status(g, rom).ready == 1).expect("the sound driver never reported ready");
    assert!(frames < 120, "the driver took {frames} frames to start");
    Z80InState::locate(&gx.save_state().unwrap())
}

fn z80(gx: &emu::Gpgx, at: &Z80InState) -> Vec<u8> {
    at.extract(&gx.save_state().unwrap())
}

fn fnv(samples: &[i16]) -> u64 {
    samples.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, s| (h ^ (*s as u16 as u64)).wrapping_mul(0x100_0000_01b3))
}

fn rms(samples: &[i16]) -> f64 {
    (samples.iter().map(|&s| (s as f64) * (s as f64)).sum::<f64>() / samples.len().max(1) as f64).sqrt()
}

/// The demo's sounds as romtool compiles them (the bytes the ROM holds).
fn demo_sounds() -> Vec<romtool_sound::Sound> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels/sound");
    romtool_sound::load_dir(&dir).unwrap_or_else(|e| panic!("{e:?}"))
}

fn pcm_of(name: &str) -> Vec<u8> {
    match demo_sounds().into_iter().find(|s| s.name == name).map(|s| s.data) {
        Some(romtool_sound::Data::Pcm(p)) => p,
        other => panic!("no PCM effect {name}: {other:?}"),
    }
}

/// Fletcher-16 as the driver keeps it in ST_PCMSUM (low byte sum1, high byte sum2).
fn fletcher(bytes: &[u8]) -> u16 {
    let (mut a, mut b) = (0u8, 0u8);
    for &x in bytes {
        a = a.wrapping_add(x);
        b = b.wrapping_add(a);
    }
    u16::from_le_bytes([a, b])
}

#[test]
fn the_title_music_is_audible_and_the_same_every_run() {
    let rom = Rom::load("megacollide").unwrap();
    let run = || {
        let (_guard, mut gx) = gpgx_with(&rom);
        // The title screen until just before attract mode starts (demo::ATTRACT_DELAY in src/rom/demo.rs).
        gx.run_frames(170, Pad::NONE);
        (gx.take_audio(), status(&gx, &rom), gx.audio_rate())
    };
    let (a, s, rate) = run();
    let (b, t, _) = run();
    assert_eq!(s.music, 1, "the title's music plays: {s:?}");
    assert!(s.music_ticks > 60, "the music has played {} ticks", s.music_ticks);
    assert_eq!((a.len(), fnv(&a)), (b.len(), fnv(&b)), "the title's sound differs between two runs");
    assert_eq!(s, t, "the driver's state differs between two runs");
    // Audible: the last two seconds are loud (a full-scale square wave has an RMS of 32767).
    let tail = &a[a.len() - 2 * 2 * rate as usize..];
    let (level, peak) = (rms(tail), tail.iter().map(|s| s.unsigned_abs()).max().unwrap());
    println!("title: {} samples at {rate} Hz, RMS {level:.0}, peak {peak}, hash {:016x}", a.len() / 2, fnv(&a));
    assert!(level > 1000.0 && peak > 4000, "the title is too quiet: RMS {level:.0}, peak {peak}");
}

#[test]
fn the_heartbeat_advances_every_frame_through_level_loads_and_dma() {
    let rom = Rom::load("megacollide").unwrap();
    let game = rom.sym("GAME");
    let (_guard, mut gx) = gpgx_with(&rom);
    let at = boot(&mut gx, &rom);
    // The title; the level select (a redraw with the display off) at frame 40 and 80; Start
    // at 120 (the level is loaded); then walking right with a jump every 30 frames (planes
    // streamed by DMA every frame, PCM effects among them).
    let pad = |f: u32| match f {
        40 | 80 => Pad::RIGHT,
        120 => Pad::START,
        f if f > 140 && f % 30 == 0 => Pad::RIGHT | Pad::A,
        f if f > 140 => Pad::RIGHT,
        _ => Pad::NONE,
    };
    let mut last = z80(&gx, &at);
    let first_redraws = game_state(&gx, game).redraws;
    let (mut music_stalled, mut last_ticks_change) = (0, 0);
    for f in 0..520u32 {
        gx.run_frame(pad(f));
        let z = z80(&gx, &at);
        let (hb, hb0) = (z80_u16(&z, ST_HEART), z80_u16(&last, ST_HEART));
        assert!(hb.wrapping_sub(hb0) >= 2, "frame {f}: the heartbeat went {hb0} -> {hb}");
        assert_eq!(z[ST_MUSIC as usize], 1, "frame {f}: the music stopped");
        if z80_u16(&z, ST_MTICK) != z80_u16(&last, ST_MTICK) {
            last_ticks_change = f;
        }
        music_stalled = music_stalled.max(f - last_ticks_change);
        assert_eq!(z[ST_UNDER as usize], 0, "frame {f}: the PCM ring ran dry");
        last = z;
    }
    let s = game_state(&gx, game);
    let loads = s.redraws.wrapping_sub(first_redraws);
    // No DMA window waited long for the Z80 (each look about 0.7 scanlines; measured: at
    // most 6).
    let waits = gx.read_u16_be(rom.sym("SOUND_WINDOW_WAITS"));
    let looks = gx.read_u16_be(rom.sym("SOUND_WINDOW_LOOKS"));
    println!("DMA windows: the longest wait {waits} looks after the first, {looks} looks in 520 frames");
    assert!(waits <= 8, "a DMA window waited {waits} looks (about {} scanlines) for the Z80", waits * 7 / 10);
    let windows = z80_u16(&last, ST_WINDOWS);
    let pcm = z80_u16(&last, ST_PCMCOUNT);
    println!("{loads} full redraws, {windows} bus units put off by DMA windows, {pcm} PCM effects, music never still for more than {music_stalled} frames");
    assert!(loads >= 3, "level loads seen: {loads}");
    assert_eq!(s.mode, MODE_PLAY);
    assert!(windows > 100, "DMA windows seen by the driver: {windows}");
    assert!(pcm >= 10, "PCM effects played while scrolling: {pcm}");
    assert!(music_stalled <= 10, "the music stood still for {music_stalled} frames");
}

/// Plays the demo level from the title: idle frames, Start, settled; then `frames` frames with
/// `pad(frame)`. Returns each frame's audio and `GAME`.
fn play(rom: &Rom, frames: u32, pad: impl Fn(u32) -> Pad) -> (Vec<Vec<i16>>, Vec<GameState>) {
    let game = rom.sym("GAME");
    let (_guard, mut gx) = gpgx_with(rom);
    gx.run_frames(60, Pad::NONE);
    select_level(&mut gx, game, demo_index());
    gx.run_frame(Pad::START);
    settle(&mut gx, game);
    gx.run_frames(30, Pad::NONE);
    gx.take_audio();
    let mut audio = Vec::new();
    let mut states = Vec::new();
    for f in 0..frames {
        gx.run_frame(pad(f));
        audio.push(gx.take_audio());
        states.push(game_state(&gx, game));
    }
    (audio, states)
}

/// The first frame whose audio differs between two runs.
fn first_difference(a: &[Vec<i16>], b: &[Vec<i16>]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| x != y)
}

#[test]
fn effects_start_on_the_frame_of_their_event() {
    let rom = Rom::load("megacollide").unwrap();
    let (quiet, _) = play(&rom, 40, |_| Pad::NONE);
    // A jump (a PCM effect on the DAC) and a Start (the respawn effect on the PSG), each
    // pressed once at frame 10; the same run without it differs in sound from the frame the
    // effect starts.
    for (name, button, event_of) in [
        ("jump", Pad::A, (|s: &GameState| s.events & 1 != 0) as fn(&GameState) -> bool),
        ("respawn", Pad::START, |s: &GameState| s.buttons & megadrive::pad::START != 0),
    ] {
        let (audio, states) = play(&rom, 40, |f| if f == 10 { button } else { Pad::NONE });
        let event = states.iter().position(event_of).unwrap_or_else(|| panic!("{name}: no event"));
        let heard = first_difference(&audio, &quiet).unwrap_or_else(|| panic!("{name}: never heard"));
        println!("{name}: the step of frame {event} has the event, the sound differs from frame {heard}");
        // The step's requests go to the driver in the next VBlank, the one that shows the step.
        assert_eq!(heard, event + 1, "{name}: the effect starts {} frames after its event's VBlank", heard as i64 - event as i64 - 1);
    }
}

#[test]
fn every_event_of_the_attract_run_plays_its_effect() {
    let rom = Rom::load("megacollide").unwrap();
    let game = rom.sym("GAME");
    let (_guard, mut gx) = gpgx_with(&rom);
    let at = boot(&mut gx, &rom);
    gx.run_until(400, Pad::NONE, |g| game_state(g, game).mode == MODE_ATTRACT).expect("attract mode");
    let mut last = z80(&gx, &at);
    let mut prev = game_state(&gx, game);
    let (mut pcm_heard, mut psg_heard) = (Vec::new(), Vec::new());
    let mut pending: Option<(u8, u8)> = None; // (PCM priority, PSG priority) asked for in the last frame
    for f in 0..2000 {
        gx.run_frame(Pad::NONE);
        let s = game_state(&gx, game);
        if s.mode != MODE_ATTRACT {
            break;
        }
        let z = z80(&gx, &at);
        let started = |a: u16| z80_u16(&z, a).wrapping_sub(z80_u16(&last, a));
        // What the last frame's steps asked for (src/rom/demo.rs: play_effects), now at the driver.
        if let Some((pcm, psg)) = pending {
            if pcm > 0 {
                assert_eq!(started(ST_PCMCOUNT), 1, "frame {f}: a PCM effect (priority {pcm}) asked for, not started");
                assert_eq!(z[ST_PCM as usize], pcm + 1, "frame {f}: the PCM effect playing");
                pcm_heard.push(pcm);
            }
            if psg > 0 {
                assert_eq!(started(ST_SFXCOUNT), 1, "frame {f}: a PSG effect (priority {psg}) asked for, not started");
                psg_heard.push(psg);
            }
        } else {
            assert_eq!((started(ST_PCMCOUNT), started(ST_SFXCOUNT)), (0, 0), "frame {f}: an effect nobody asked for");
        }
        // This frame's steps (one on NTSC) -> what goes to the driver in the next VBlank. No
        // effect outranks another of its kind in the attract run's frames (checked by the
        // playing priority above), so each request is taken.
        let hit = s.hit != 0 && prev.hit == 0;
        let touch = s.enemy_touches != prev.enemy_touches;
        let (jumped, landed, respawned) = (s.events & 1 != 0, s.events & 2 != 0, s.events & 8 != 0);
        let pcm = if hit {
            30
        } else if jumped {
            10
        } else {
            0
        };
        let psg = if respawned {
            40
        } else if touch {
            20
        } else if landed {
            5
        } else {
            0
        };
        let playing_pcm = z[ST_PCM as usize].saturating_sub(1);
        let playing_psg = z[ST_SFX as usize].saturating_sub(1);
        // A request below the priority of the effect playing is refused by the driver.
        let pcm = if pcm > 0 && (z[ST_PCM as usize] == 0 || pcm >= playing_pcm) { pcm } else { 0 };
        let psg = if psg > 0 && (z[ST_SFX as usize] == 0 || psg >= playing_psg) { psg } else { 0 };
        pending = (pcm > 0 || psg > 0).then_some((pcm, psg));
        prev = s;
        last = z;
    }
    pcm_heard.sort();
    pcm_heard.dedup();
    psg_heard.sort();
    psg_heard.dedup();
    println!("attract: PCM effects of priorities {pcm_heard:?}, PSG effects of priorities {psg_heard:?}");
    assert_eq!(pcm_heard, [10, 30], "jump and HIT heard");
    for p in [5, 20, 40] {
        assert!(psg_heard.contains(&p), "PSG effect of priority {p} (land 5, touch 20, respawn 40) not heard");
    }
}

#[test]
fn dma_streaming_and_a_redraw_do_not_corrupt_the_pcm() {
    let rom = Rom::load("megacollide").unwrap();
    let game = rom.sym("GAME");
    let jump = pcm_of("jump");
    let (_guard, mut gx) = gpgx_with(&rom);
    let at = boot(&mut gx, &rom);
    select_level(&mut gx, game, demo_index());
    gx.run_frame(Pad::START);
    settle(&mut gx, game);
    gx.run_frames(20, Pad::RIGHT);
    let before = z80(&gx, &at);
    let redraws = game_state(&gx, game).redraws;
    // Walk right (the planes stream new columns by DMA every frame) and jump; two frames
    // later Down + A: the overlay's full redraw (the level's shapes and both planes by DMA,
    // display off) while the jump plays.
    let mut frames = 0;
    let mut started = None;
    let mut ended = None;
    for f in 0..60u32 {
        let pad = match f {
            0 => Pad::RIGHT | Pad::A,
            3 => Pad::DOWN | Pad::A,
            _ => Pad::RIGHT,
        };
        gx.run_frame(pad);
        let z = z80(&gx, &at);
        assert_eq!(z[ST_UNDER as usize], 0, "frame {f}: the PCM ring ran dry");
        if started.is_none() && z80_u16(&z, ST_PCMCOUNT) != z80_u16(&before, ST_PCMCOUNT) {
            started = Some((f, z.clone()));
        }
        if started.is_some() && ended.is_none() && z[ST_PCM as usize] == 0 {
            ended = Some((f, z.clone()));
        }
        frames = f;
        if ended.is_some() {
            break;
        }
    }
    let (f0, z0) = started.expect("the jump's effect started");
    let (f1, z1) = ended.unwrap_or_else(|| panic!("the jump's effect did not end in {frames} frames"));
    let s = game_state(&gx, game);
    assert!(s.redraws != redraws, "the overlay's redraw happened while the effect played");
    let windows = z80_u16(&z1, ST_WINDOWS).wrapping_sub(z80_u16(&z0, ST_WINDOWS));
    assert!(windows > 0, "the driver met no DMA window during the effect");
    assert_eq!(z80_u16(&z1, ST_LEFT), 0, "samples left unplayed");
    let want = fletcher(&jump);
    let got = z80_u16(&z1, ST_PCMSUM);
    println!(
        "jump: {} samples played in frames {f0}..{f1} with {windows} units put off by DMA windows and a full redraw; \
         Fletcher-16 {got:#06x}, expected {want:#06x}",
        jump.len()
    );
    assert_eq!(got, want, "the bytes the driver fetched for the DAC differ from the effect's samples");
    // No stall: the effect lasts its length at the PCM rate (within a frame and a half).
    let expect = jump.len() as f64 * 60.0 / megadrive::sound::PCM_RATE as f64;
    let took = (f1 - f0) as f64;
    assert!((took - expect).abs() <= 1.5, "the effect took {took} frames, {expect:.1} expected");
}

#[test]
fn the_tempo_is_the_same_on_ntsc_and_pal() {
    let rom = Rom::load("megacollide").unwrap();
    let mut per_second = Vec::new();
    for (standard, frames) in [("ntsc-u", 600u32), ("pal", 500)] {
        let (_guard, mut gx) = gpgx_with_options(&rom, &[("genesis_plus_gx_region_detect", standard)]);
        let at = boot(&mut gx, &rom);
        let fps = gx.av_info().timing.fps;
        let z0 = z80(&gx, &at);
        gx.run_frames(frames, Pad::NONE);
        let z1 = z80(&gx, &at);
        let ticks = z80_u16(&z1, ST_TICKS).wrapping_sub(z80_u16(&z0, ST_TICKS)) as f64;
        let seconds = frames as f64 / fps;
        println!("{standard}: {ticks} ticks in {frames} frames at {fps:.3} Hz = {:.3} ticks a second", ticks / seconds);
        per_second.push(ticks / seconds);
    }
    for t in &per_second {
        assert!((t - 60.0).abs() < 0.3, "ticks a second: {per_second:?}");
    }
}

#[test]
fn blastem_plays_the_same_music_writes() {
    let rom = Rom::load("megacollide").unwrap();
    let addr = rom.sym("SOUND_STATUS");
    // Genesis Plus GX: the music's write checksum at every music tick it shows on the title.
    let mut seen = std::collections::HashMap::new();
    {
        let (_guard, mut gx) = gpgx_with(&rom);
        for _ in 0..175 {
            gx.run_frame(Pad::NONE);
            let s = status(&gx, &rom);
            seen.insert(s.music_ticks, s.write_sum);
        }
    }
    let mut matched = 0;
    for vblank in [100, 130, 160] {
        let r =
            emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(vblank), &[(addr, megadrive::sound::STATUS_BYTES)]).expect("BlastEm");
        let s = status_of(&r[0]);
        assert_eq!((s.ready, s.music), (1, 1), "BlastEm at VBlank {vblank}: {s:?}");
        if let Some(&sum) = seen.get(&s.music_ticks) {
            assert_eq!(sum, s.write_sum, "VBlank {vblank}: music tick {}: write checksum", s.music_ticks);
            matched += 1;
        }
        println!("BlastEm VBlank {vblank}: music tick {}, checksum {:#06x}", s.music_ticks, s.write_sum);
    }
    assert!(matched >= 2, "only {matched} of BlastEm's music ticks were also seen in Genesis Plus GX");
}

/// What the driver's music write checksum (`ST_WSUM`: Fletcher-16 of every register and
/// value it writes, and every PSG byte) must be after each wait of `song`'s stream, as romtool
/// wrote it, played from its start and through its loop for at least `ticks` ticks: (music
/// tick, checksum) in order, from (0, 0). At full volume with no PCM effect the driver writes
/// the stream's values as they are, but for register 27h, which goes out with the driver's
/// timer bits under the song's CH3 mode: 1Ah (Timer B on and flagging, Timer A stopped, its
/// flag reset; `driver.asm`, `init` and `mf_27`).
fn stream_write_sums(song: &romtool_sound::stream::Stream, ticks: u32) -> Vec<(u16, u16)> {
    use romtool_sound::stream::{decode, Command};
    let commands = decode(&song.bytes).expect("romtool's stream reads back");
    let loop_at = song.loop_start.map(|l| commands.iter().position(|&(at, _)| at == l).expect("the loop point starts a command"));
    let (mut sum, mut tick, mut i) = ([0u8; 2], 0u32, 0);
    let add = |sum: &mut [u8; 2], x: u8| {
        sum[0] = sum[0].wrapping_add(x);
        sum[1] = sum[1].wrapping_add(sum[0]);
    };
    let mut out = vec![(0, 0)];
    while tick < ticks {
        match commands[i].1 {
            Command::Wait(n) => {
                tick += n as u32;
                out.push((tick as u16, u16::from_le_bytes(sum)));
            }
            Command::End => match loop_at {
                Some(l) => {
                    i = l;
                    continue;
                }
                None => break,
            },
            Command::Ym(part, reg, value) => {
                // A carrier's total level of 80h or more would go out as 7Fh: not modelled here.
                assert!(!(0x40..0x50).contains(&reg) || value < 0x80, "a total level {value:#04x}: the model does not cover it");
                add(&mut sum, reg);
                add(&mut sum, if part == 0 && reg == 0x27 { value & 0xC0 | 0x1A } else { value });
            }
            Command::Psg(latch, data) => {
                add(&mut sum, latch);
                if let Some(d) = data {
                    add(&mut sum, d);
                }
            }
        }
        i += 1;
    }
    out
}

#[test]
fn the_driver_writes_the_title_stream_as_romtool_wrote_it() {
    let rom = Rom::load("megacollide").unwrap();
    let title = match demo_sounds().into_iter().find(|s| s.name == "title").map(|s| s.data) {
        Some(romtool_sound::Data::Song(s)) => s,
        other => panic!("no song title: {other:?}"),
    };
    let frames = title.ticks as u32 + 90;
    let sums = stream_write_sums(&title, frames);
    let expected: std::collections::HashMap<u16, u16> = sums.iter().copied().collect();
    // The 68000 may copy the status between the driver's stores of ST_MTICK and ST_WSUM:
    // then the tick is new and the checksum the previous wait's.
    let previous: std::collections::HashMap<u16, u16> = sums.windows(2).map(|w| (w[1].0, w[0].1)).collect();
    let (_guard, mut gx) = gpgx_with(&rom);
    boot(&mut gx, &rom);
    // B held: the title stays (no attract mode), its song plays on through its loop.
    let (mut checked, mut torn, mut last) = (std::collections::BTreeSet::new(), 0, 0);
    for f in 0..frames {
        gx.run_frame(Pad::B);
        let s = status(&gx, &rom);
        assert_eq!((s.ready, s.music), (1, MUSIC_PLAYING), "frame {f}: the title's music plays");
        match expected.get(&s.music_ticks) {
            Some(&sum) if sum == s.write_sum => {
                checked.insert(s.music_ticks);
            }
            _ if previous.get(&s.music_ticks) == Some(&s.write_sum) => torn += 1,
            want => panic!(
                "frame {f}: music tick {}: the driver's write checksum {:#06x}, romtool's stream gives {want:x?}",
                s.music_ticks, s.write_sum
            ),
        }
        last = last.max(s.music_ticks);
    }
    // Most waits' ticks up to the last seen: not those the frames stepped over (the driver
    // catches up several ticks in a frame after a long one, like the first).
    let waits = sums.iter().filter(|&&(t, _)| t > 0 && t <= last).count();
    println!(
        "{} of the {waits} waits to music tick {last} checked (the song loops after tick {}), {torn} copies between two stores",
        checked.len(),
        title.ticks
    );
    assert!(last as u64 > title.ticks + 30, "the song did not play through its loop: tick {last}");
    assert!(checked.len() * 4 >= waits * 3 && torn <= 2, "{} of {waits} waits checked, {torn} torn", checked.len());
}

#[test]
fn the_music_pauses_resumes_fades_stops_and_follows_the_volume() {
    let rom = Rom::load("megacollide").unwrap();
    let request = rom.sym("SOUND_TEST");
    let (_guard, mut gx) = gpgx_with(&rom);
    let at = boot(&mut gx, &rom);
    // B held: the title screen stays (no attract mode), nothing else happens.
    let frames = |gx: &mut emu::Gpgx, n: u32| -> (f64, u16, u8) {
        gx.take_audio();
        gx.run_frames(n, Pad::B);
        let level = rms(&gx.take_audio());
        let z = z80(gx, &at);
        (level, z80_u16(&z, ST_MTICK), z[ST_MUSIC as usize])
    };
    let ask = |gx: &mut emu::Gpgx, r: u16| {
        gx.write_u16_be(request, r);
        gx.run_frames(3, Pad::B);
        assert_eq!(gx.read_u16_be(request), 0, "request {r:#06x} taken");
    };
    let (loud, t0, m) = frames(&mut gx, 30);
    assert_eq!(m, 1);
    ask(&mut gx, 0x0100); // pause
    let (paused, t1, m) = frames(&mut gx, 30);
    let (_, t2, _) = frames(&mut gx, 10);
    assert_eq!((m, t1), (2, t2), "paused: state 2, the music's place kept");
    ask(&mut gx, 0x0200); // resume
    let (resumed, t3, m) = frames(&mut gx, 30);
    assert!(m == 1 && t3 > t2 + 25, "resumed: {m}, ticks {t2} -> {t3}");
    ask(&mut gx, 0x0500); // volume 0
    let (muted, t4, m) = frames(&mut gx, 30);
    assert!(m == 1 && t4 > t3 + 25, "the music goes on at volume 0");
    ask(&mut gx, 0x0508); // volume 8
    let (half, _, _) = frames(&mut gx, 30);
    ask(&mut gx, 0x050F); // volume 15
    let (full, _, _) = frames(&mut gx, 30);
    ask(&mut gx, 0x040F); // fade out over 60 frames
    let (fading, _, m) = frames(&mut gx, 30);
    assert_eq!(m, 1, "still fading");
    let (_, _, m) = frames(&mut gx, 40);
    let (faded, _, _) = frames(&mut gx, 20);
    assert_eq!(m, 0, "the fade ends in a stop");
    ask(&mut gx, 0x0600); // the title's music again
    let (again, _, m) = frames(&mut gx, 30);
    assert_eq!(m, 1);
    ask(&mut gx, 0x0300); // stop
    let (stopped, _, m) = frames(&mut gx, 20);
    assert_eq!(m, 0);
    println!(
        "RMS: playing {loud:.0}, paused {paused:.0}, resumed {resumed:.0}, volume 0 {muted:.0}, 8 {half:.0}, 15 {full:.0}, \
         fading {fading:.0}, faded {faded:.0}, again {again:.0}, stopped {stopped:.0} (ticks {t0} {t1} {t3} {t4})"
    );
    for (what, level) in [("paused", paused), ("volume 0", muted), ("faded", faded), ("stopped", stopped)] {
        assert!(level < loud / 20.0, "{what}: RMS {level:.0} against {loud:.0} playing");
    }
    for (what, level) in [("resumed", resumed), ("volume 15", full), ("again", again)] {
        assert!(level > loud / 2.0, "{what}: RMS {level:.0} against {loud:.0} playing");
    }
    assert!(half < full * 0.8 && half > muted * 2.0, "volume 8: RMS {half:.0} between {muted:.0} and {full:.0}");
    assert!(fading < full, "fading: RMS {fading:.0} against {full:.0}");
}
