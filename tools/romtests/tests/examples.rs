//! The hardware crate's examples (src/megadrive-examples/src/bin/, built by `make test` into
//! out/examples/NAME.md), each booted once in Genesis Plus GX: it runs (VBlanks counted, no
//! panic or 68000 exception: the symbols `FRAMES` and `FAULT` of the examples' library), does
//! what it shows (pads read, planes streamed, music and effects played, compressed art
//! unpacked), and its screen equals
//! `reference/example-NAME.png`.

use emu::Pad;
use romtests::*;

/// Boots `out/examples/NAME.md` and runs `frames` frames with `pad` held; checks that it ran
/// without a fault. Returns the emulator (and its lock) and the ROM.
fn boot(name: &str, frames: u32, pad: Pad) -> (std::sync::MutexGuard<'static, ()>, emu::Gpgx, Rom) {
    let rom = Rom::load(&format!("examples/{name}")).unwrap();
    let (lock, mut gx) = gpgx_with(&rom);
    gx.run_frames(frames, pad);
    let vblanks = gx.read_u32_be(rom.sym("FRAMES"));
    assert!(vblanks + 20 > frames && vblanks <= frames, "{name}: {vblanks} VBlanks counted in {frames} frames");
    assert_eq!(gx.read_u32_be(rom.sym("FAULT")), 0, "{name}: no panic or exception");
    (lock, gx, rom)
}

#[test]
fn sprites_bounce_and_flip() {
    if !built(&["examples/sprites.md", "examples/sprites.elf"]) {
        return;
    }
    let (_lock, gx, _) = boot("sprites", 120, Pad::NONE);
    assert_screen(&gx, "example-sprites");
}

#[test]
fn dma_fills_and_copies() {
    if !built(&["examples/dma.md", "examples/dma.elf"]) {
        return;
    }
    let (_lock, gx, _) = boot("dma", 30, Pad::NONE);
    assert_screen(&gx, "example-dma");
}

#[test]
fn pads_show_the_buttons_held() {
    if !built(&["examples/pads.md", "examples/pads.elf"]) {
        return;
    }
    let (_lock, gx, rom) = boot("pads", 30, Pad::RIGHT | Pad::A);
    let pads = gx.read_bytes(rom.sym("PADS"), 4);
    // megadrive::pad bits: Right 0x08, A 0x40; the harness's pad is a 3-button pad.
    assert_eq!(u16::from_be_bytes([pads[0], pads[1]]), 0x48, "port 1: Right and A, no 6-button flag");
    assert_screen(&gx, "example-pads");
}

#[test]
fn streaming_scrolls_a_map_bigger_than_the_plane() {
    if !built(&["examples/streaming.md", "examples/streaming.elf"]) {
        return;
    }
    let (_lock, gx, rom) = boot("streaming", 200, Pad::NONE);
    let s = gx.read_bytes(rom.sym("STREAM"), 8);
    let w = |i: usize| i16::from_be_bytes([s[i], s[i + 1]]);
    let (cx, cy, columns, rows) = (w(0), w(2), w(4), w(6));
    assert!(cx > 512 && cy > 64, "the camera went past the plane's ring of 512 pixels: ({cx}, {cy})");
    assert_eq!(columns, ((cx + 319) >> 4) + 1 - 20, "every metatile column that came into view streamed once");
    assert!(rows > 0, "rows streamed too: {rows}");
    assert_screen(&gx, "example-streaming");
}

#[test]
fn fades_reach_the_bars() {
    if !built(&["examples/fades.md", "examples/fades.elf"]) {
        return;
    }
    let (_lock, gx, _) = boot("fades", 60, Pad::NONE);
    assert_screen(&gx, "example-fades");
}

#[test]
fn text_prints_on_plane_a_and_the_window() {
    if !built(&["examples/text.md", "examples/text.elf"]) {
        return;
    }
    let (_lock, gx, _) = boot("text", 60, Pad::NONE);
    assert_screen(&gx, "example-text");
}

#[test]
fn sprite_engine_draws_metasprites_animations_and_four_palettes() {
    if !built(&["examples/sprite_engine.md", "examples/sprite_engine.elf"]) {
        return;
    }
    let (_lock, mut gx, rom) = boot("sprite_engine", 120, Pad::NONE);
    // VRAM, found in the save state by the ship's first frame (24 tiles), resident from tile
    // 256 (VRAM 0x2000).
    let ship_tiles = rom.symbols.address("sprite_engine::SHIP_TILES").expect("the example's SHIP_TILES") as usize;
    let at = VramInState::locate_signature(&gx.save_state().unwrap(), &rom.image[ship_tiles..ship_tiles + 24 * 32], 0x2000);
    // The sprite table (VRAM 0xBC00), in link order: the ship's two pieces (48 x 32: 32 + 16
    // wide, side by side), the twelve gems (16 x 16, palette lines 0 to 3 in turn), the burst.
    let table = |gx: &emu::Gpgx| {
        let vram = at.extract(&gx.save_state().unwrap());
        let mut entries = Vec::new();
        let mut link = 0;
        loop {
            let e = 0xBC00 + link * 8;
            let w = |i: usize| vram_word(&vram, e + i);
            entries.push((w(0) as i16 - 128, w(2) >> 8, w(4), w(6) as i16 - 128));
            link = (w(2) & 0x7F) as usize;
            if link == 0 || entries.len() == 80 {
                break;
            }
        }
        entries
    };
    let t = table(&gx);
    assert_eq!(t.len(), 15, "2 + 12 + 1 hardware sprites: {t:?}");
    let (ship_a, ship_b) = (t[0], t[1]);
    assert_eq!((ship_a.1, ship_b.1), (0x0F, 0x07), "4 x 4 tiles, then 2 x 4");
    assert_eq!(ship_a.0, ship_b.0, "one row of pieces");
    assert_eq!((ship_a.2 >> 13, ship_b.2 >> 13), (1, 1), "the ship in line 1");
    let lines: Vec<u16> = t[2..14].iter().map(|e| e.2 >> 13 & 3).collect();
    assert_eq!(lines, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3], "the gems in the four palette lines");
    assert!(t[2..14].iter().all(|e| e.1 == 0x05), "16 x 16 gems");
    // The ship turns: mirrored, its wider piece on the right.
    let facing_right = ship_a.3 < ship_b.3;
    gx.run_until(300, Pad::NONE, |gx| {
        let t = table(gx);
        (t[0].2 & 0x0800 != 0) == facing_right
    })
    .expect("the ship turns within 5 seconds");
    let t = table(&gx);
    assert!(t[0].3 > t[1].3, "mirrored: the 32-wide piece right of the 16-wide one: {t:?}");
    assert!(t[0].3 - t[1].3 == 16, "and they still touch");
    assert_screen(&gx, "example-sprite_engine");
}

/// Row `y` of plane A as text (the examples' font: tile index = ASCII code), leading and trailing
/// blanks dropped.
fn plane_a_text(vram: &[u8], y: usize) -> String {
    let row: String =
        (0..40).map(|x| (vram_word(vram, 0xC000 + (y * 64 + x) * 2) & 0x7F) as u8).map(|c| if c < 32 { ' ' } else { c as char }).collect();
    row.trim().to_string()
}

#[test]
fn sound_plays_a_tune_a_pcm_and_a_psg_effect() {
    if !built(&["examples/sound.md", "examples/sound.elf"]) {
        return;
    }
    use megadrive::sound::protocol::*;
    let (_lock, mut gx, rom) = boot("sound", 30, Pad::NONE);
    let status = rom.sym("SOUND_STATUS");
    gx.run_until(120, Pad::NONE, |g| g.read_u8(status) == b'R').expect("the sound driver runs");
    let at = Z80InState::locate(&gx.save_state().unwrap());
    // VRAM, found in the save state by the title the example prints on plane A's row 1 from
    // column 1 (palette line 1: cell = 0x2000 | ASCII code).
    let title: Vec<u8> = "megadrive::sound - the Z80 driver".bytes().flat_map(|c| (0x2000 | c as u16).to_be_bytes()).collect();
    let vram_at = VramInState::locate_signature(&gx.save_state().unwrap(), &title, 0xC000 + (64 + 1) * 2);
    let text = |gx: &emu::Gpgx| {
        let vram = vram_at.extract(&gx.save_state().unwrap());
        [8, 10, 11].map(|y| plane_a_text(&vram, y))
    };
    // The tune (FM channel 1): two seconds of it, audible, every tick played.
    gx.take_audio();
    gx.run_frames(120, Pad::NONE);
    let audio = gx.take_audio();
    let rms = |a: &[i16]| (a.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / a.len().max(1) as f64).sqrt();
    let tune_rms = rms(&audio);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!(z[ST_MUSIC as usize], 1, "the tune plays");
    let ticks = z80_u16(&z, ST_MTICK);
    assert!(ticks > 120, "the tune has played {ticks} ticks");
    assert!(tune_rms > 1000.0, "the tune is too quiet: RMS {tune_rms:.0}");
    assert_ne!(z80_u16(&z, ST_WSUM), 0, "YM2612 writes made");
    assert_eq!((z80_u16(&z, ST_PCMCOUNT), z80_u16(&z, ST_SFXCOUNT)), (0, 0), "no effect before a button");
    let t = text(&gx);
    assert!(t[0].starts_with("music playing: yes  ticks "), "{t:?}");
    assert_eq!((t[1].as_str(), t[2].as_str()), ("PCM effect:    no", "PSG effect:    no"));
    // A: the PCM effect starts with the next VBlank, bytes reach the DAC, and it plays out.
    gx.run_frame(Pad::A);
    gx.run_frames(3, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!(z80_u16(&z, ST_PCMCOUNT), 1, "the PCM effect started");
    assert_eq!(z[ST_PCM as usize], 2, "priority 1 playing");
    assert!(z80_u16(&z, ST_LEFT) > 0 && z80_u16(&z, ST_LEFT) < 2048, "samples left: {}", z80_u16(&z, ST_LEFT));
    assert_ne!(z80_u16(&z, ST_PCMSUM), 0, "samples written to the DAC");
    assert_eq!(text(&gx)[1], "PCM effect:    yes");
    gx.run_frames(30, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!((z[ST_PCM as usize], z80_u16(&z, ST_LEFT), z[ST_UNDER as usize]), (0, 0, 0), "the PCM effect played out, no underrun");
    assert_eq!(text(&gx)[1], "PCM effect:    no");
    // B: the PSG effect (16 ticks) starts, plays and ends; the tune plays on.
    gx.run_frame(Pad::B);
    gx.run_frames(3, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!((z80_u16(&z, ST_SFXCOUNT), z[ST_SFX as usize]), (1, 2), "the PSG effect started");
    assert_eq!(text(&gx)[2], "PSG effect:    yes");
    gx.take_audio();
    gx.run_frames(30, Pad::NONE);
    let z = at.extract(&gx.save_state().unwrap());
    assert_eq!(z[ST_SFX as usize], 0, "the PSG effect ended");
    assert_eq!(z[ST_MUSIC as usize], 1, "the tune plays on");
    assert_eq!(text(&gx)[2], "PSG effect:    no");
    println!("sound example: tune RMS {tune_rms:.0} over {ticks} ticks, PCM and PSG effects played");
    assert_screen(&gx, "example-sound");
}

/// The pads example's state after a frame: `PADS` (both ports' reads) and `EDGES` (per port,
/// the presses then the releases of each of its 12 buttons, in `megadrive::pad` bit order:
/// Up, Down, Left, Right, A, B, C, Start, X, Y, Z, Mode).
fn pads_state(gx: &emu::Gpgx, rom: &Rom) -> ([u16; 2], [[u16; 24]; 2]) {
    let p = gx.read_bytes(rom.sym("PADS"), 4);
    let e = gx.read_bytes(rom.sym("EDGES"), 96);
    let word = |b: &[u8], i: usize| u16::from_be_bytes([b[2 * i], b[2 * i + 1]]);
    let edges = [0, 1].map(|port| std::array::from_fn(|i| word(&e, 24 * port + i)));
    ([word(&p, 0), word(&p, 1)], edges)
}

/// The example's button order (`BUTTONS` in pads.rs) as `megadrive::pad` bits.
const PAD_ORDER: [u16; 12] = {
    use megadrive::pad::*;
    [UP, DOWN, LEFT, RIGHT, A, B, C, START, X, Y, Z, MODE]
};

/// Expected `EDGES` of one port: `presses` times each button of `mask` went down and up.
fn edges_of(mask: u16, presses: u16) -> [u16; 24] {
    std::array::from_fn(|i| if mask & PAD_ORDER[i % 12] != 0 { presses } else { 0 })
}

/// Boots the pads example with `kinds` plugged into ports 1 and 2 and nothing held for 20
/// frames.
fn boot_pads(kinds: [emu::PadKind; 2]) -> (std::sync::MutexGuard<'static, ()>, emu::Gpgx, Rom) {
    let rom = Rom::load("examples/pads").unwrap();
    let (lock, mut gx) = gpgx_with(&rom);
    gx.plug_pad(0, kinds[0]).unwrap();
    gx.plug_pad(1, kinds[1]).unwrap();
    for _ in 0..20 {
        gx.run_frame_2p(Pad::NONE, Pad::NONE);
    }
    assert_eq!(gx.read_u32_be(rom.sym("FAULT")), 0, "pads: no panic or exception");
    (lock, gx, rom)
}

#[test]
fn pads_read_a_six_button_pad_and_count_each_press_once() {
    if !built(&["examples/pads.md", "examples/pads.elf"]) {
        return;
    }
    use emu::PadKind::{SixButton, ThreeButton};
    use megadrive::pad::{A, B, C, MODE, SIX_BUTTON, START, UP, X, Y, Z};
    // Port 1: a 6-button pad; port 2: a 3-button pad, given the same buttons (X, Y, Z and
    // Mode are not on it).
    let (_lock, mut gx, rom) = boot_pads([SixButton, ThreeButton]);
    assert_eq!(pads_state(&gx, &rom), ([SIX_BUTTON, 0], [[0; 24]; 2]), "nothing held: only the 6-button flag on port 1");
    // Each button alone and some together, each held 4 frames then let go for 4 frames,
    // twice: two presses and two releases each, whatever else is held.
    let steps: [u16; 7] = [X, Y, Z, MODE, X | Y | Z | MODE | A | START, UP | C, B | X];
    let mut want = [[0u16; 24]; 2];
    for &held in &steps {
        for _ in 0..2 {
            for _ in 0..4 {
                gx.run_frame_2p(Pad::from_bits(held), Pad::from_bits(held));
            }
            let (read, _) = pads_state(&gx, &rom);
            assert_eq!(read[0], held | SIX_BUTTON, "6-button pad holding {held:#06x}");
            assert_eq!(read[1], held & 0xFF, "3-button pad holding {held:#06x}: no X, Y, Z, Mode, no 6-button flag");
            for _ in 0..4 {
                gx.run_frame_2p(Pad::NONE, Pad::NONE);
            }
            assert_eq!(pads_state(&gx, &rom).0, [SIX_BUTTON, 0], "let go of {held:#06x}");
            for (port, mask) in [(0, held), (1, held & 0xFF)] {
                for (i, &bit) in PAD_ORDER.iter().enumerate() {
                    if mask & bit != 0 {
                        want[port][i] += 1;
                        want[port][12 + i] += 1;
                    }
                }
            }
            assert_eq!(pads_state(&gx, &rom).1, want, "edges after {held:#06x}");
        }
    }
    // Every 6-button-only button went down and up 6 times on port 1, never on port 2.
    assert_eq!(pads_state(&gx, &rom).1[0][8..12], [6, 4, 4, 4], "X, Y, Z, Mode presses on port 1");
    assert_eq!(pads_state(&gx, &rom).1[1][8..12], [0; 4], "X, Y, Z, Mode presses on port 2");
    // The screen names each pad's kind (plane A rows 4 and 12; palette line 0).
    // VRAM is found in the save state by the title on row 1 from column 1, in the VDP's byte
    // order (cells 0x00XX: the same bytes one off would also read as the swapped order, so
    // `VramInState` cannot tell them apart).
    let title: Vec<u8> = "megadrive::pad - hold buttons".bytes().flat_map(|c| (c as u16).to_be_bytes()).collect();
    let state = gx.save_state().unwrap();
    let hits: Vec<usize> = state.windows(title.len()).enumerate().filter(|(_, w)| *w == title.as_slice()).map(|(i, _)| i).collect();
    assert_eq!(hits.len(), 1, "the title is in the save state once");
    let base = hits[0] - (0xC000 + (64 + 1) * 2);
    let vram = &state[base..base + 0x10000];
    assert_eq!(plane_a_text(vram, 4), "Port 1: 6-button pad");
    assert_eq!(plane_a_text(vram, 12), "Port 2: 3-button pad");
}

#[test]
fn pads_read_three_button_pads_and_count_long_and_short_presses() {
    if !built(&["examples/pads.md", "examples/pads.elf"]) {
        return;
    }
    use emu::PadKind::ThreeButton;
    use megadrive::pad::{A, B, C, DOWN, LEFT, RIGHT, START, UP};
    let (_lock, mut gx, rom) = boot_pads([ThreeButton, ThreeButton]);
    // Port 1 holds A for 1, 2, 30 and 1 frames with 1, 5 and 2 frames between; port 2 holds
    // every 3-button button for 3 frames, three times; X, Y, Z and Mode (absent on a 3-button
    // pad) are held throughout on port 2.
    let port1 = [(A, 1), (0, 1), (A, 2), (0, 5), (A, 30), (0, 2), (A, 1), (0, 3)];
    let all = UP | DOWN | LEFT | RIGHT | A | B | C | START;
    let six_only = Pad::X | Pad::Y | Pad::Z | Pad::MODE;
    let mut frame = 0;
    for &(held, frames) in &port1 {
        for _ in 0..frames {
            let p2 = if (frame / 3) % 2 == 0 && frame < 18 { Pad::from_bits(all) } else { Pad::NONE };
            gx.run_frame_2p(Pad::from_bits(held), p2 | six_only);
            frame += 1;
            let (read, _) = pads_state(&gx, &rom);
            assert_eq!(read[0], held, "port 1, frame {frame}");
            assert_eq!(read[1], if p2.is_empty() { 0 } else { all }, "port 2, frame {frame}: no X, Y, Z, Mode or 6-button flag");
        }
    }
    let (_, edges) = pads_state(&gx, &rom);
    assert_eq!(edges[0], edges_of(A, 4), "port 1: A went down and up 4 times, however long it was held");
    assert_eq!(edges[1], edges_of(all, 3), "port 2: every button went down and up 3 times");
}

#[test]
fn pads_tell_six_from_three_button_pads_in_blastem() {
    if !built(&["examples/pads.md", "examples/pads.elf"]) {
        return;
    }
    use emu::blastem::{run_with, Options, Stop};
    use emu::PadKind::{SixButton, ThreeButton};
    // BlastEm's headless runner cannot hold buttons (see tools/emu/src/blastem.rs): what it
    // checks is the 6-button pad's ID answer to read6's TH pulses, on either port, with
    // nothing held (so no edges).
    let rom = Rom::load("examples/pads").unwrap();
    let (pads, edges) = (rom.sym("PADS"), rom.sym("EDGES"));
    for kinds in [[SixButton, ThreeButton], [ThreeButton, SixButton]] {
        let opts = Options { pads: kinds, ..Options::default() };
        let out = run_with(&rom.path, Stop::VBlanks(30), &[(pads, 4), (edges, 96)], &opts).expect("BlastEm");
        let read = [0, 1].map(|i| u16::from_be_bytes([out.reads[0][2 * i], out.reads[0][2 * i + 1]]));
        let flag = |k| if k == SixButton { megadrive::pad::SIX_BUTTON } else { 0 };
        assert_eq!(read, [flag(kinds[0]), flag(kinds[1])], "pads {kinds:?}");
        assert!(out.reads[1].iter().all(|&b| b == 0), "no edges with nothing held: {:?}", out.reads[1]);
    }
}

/// What the random example shows and logs, from the host's generator
/// (`megadrive::random::Random`, seed 0x2026): its 32 numbers, its 16 throws of an eight-sided
/// die, and the 10 lines (seed, eight rows of four numbers, the throws).
fn random_expected() -> ([u16; 32], [u16; 16], Vec<String>) {
    let mut rng = megadrive::random::Random::new(0x2026);
    let numbers: [u16; 32] = std::array::from_fn(|_| rng.next());
    let dice: [u16; 16] = std::array::from_fn(|_| rng.below_pow2(3) + 1);
    let mut lines = vec!["random seed 2026".to_string()];
    for (row, four) in numbers.chunks(4).enumerate() {
        lines.push(format!("random {:02}: {}", 4 * row, four.iter().map(|n| format!("{n:04X}")).collect::<Vec<_>>().join(" ")));
    }
    lines.push(format!("random d8: {}", dice.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")));
    (numbers, dice, lines)
}

#[test]
fn random_numbers_on_screen_equal_the_host_generator() {
    if !built(&["examples/random.md", "examples/random.elf"]) {
        return;
    }
    let (_lock, gx, rom) = boot("random", 20, Pad::NONE);
    let (numbers, dice, lines) = random_expected();
    let words =
        |addr: u32, n: usize| -> Vec<u16> { gx.read_bytes(addr, 2 * n).chunks(2).map(|w| u16::from_be_bytes([w[0], w[1]])).collect() };
    assert_eq!(words(rom.sym("NUMBERS"), 32), numbers, "the 68000's numbers are the host's");
    assert_eq!(words(rom.sym("DICE"), 16), dice, "the 68000's throws are the host's");
    assert!(dice.iter().all(|d| (1..=8).contains(d)), "{dice:?}");
    assert_eq!(gx.read_u16_be(rom.sym("LOGGED")), 10, "10 lines logged (Genesis Plus GX ignores them and runs on)");
    // The screen: the title in palette line 1 (cells 0x20XX) finds VRAM in the save state; the
    // rows show the logged lines without their "random " prefix.
    let title: Vec<u8> = "megadrive::random - xorshift16".bytes().flat_map(|c| (0x2000 | c as u16).to_be_bytes()).collect();
    let state = gx.save_state().unwrap();
    let vram = VramInState::locate_signature(&state, &title, 0xC000 + (64 + 1) * 2).extract(&state);
    let shown: Vec<String> = [3, 5, 6, 7, 8, 9, 10, 11, 12, 14].iter().map(|&y| plane_a_text(&vram, y)).collect();
    let want: Vec<String> = lines.iter().map(|l| l.trim_start_matches("random ").to_string()).collect();
    assert_eq!(shown, want);
    assert_screen(&gx, "example-random");
}

#[test]
fn random_lines_reach_blastems_debug_log() {
    if !built(&["examples/random.md", "examples/random.elf"]) {
        return;
    }
    let rom = Rom::load("examples/random").unwrap();
    let logged = rom.sym("LOGGED");
    let out = emu::blastem::run_with(&rom.path, emu::blastem::Stop::VBlanks(5), &[(logged, 2)], &emu::blastem::Options::default())
        .expect("BlastEm");
    assert_eq!(out.reads[0], [0, 10], "10 lines logged");
    // BlastEm prints each KDebug message on its standard error (in the transcript).
    let messages: Vec<&str> = out.transcript.lines().filter_map(|l| l.strip_prefix("KDEBUG MESSAGE: ")).collect();
    assert_eq!(messages, random_expected().2, "BlastEm's KDebug messages");
}

/// The mapper example's tables, from the host's generator: bank 8's 256 words (seed 8) and
/// bank 9's 32,768 (seed 9).
fn mapper_tables() -> (Vec<u16>, Vec<u16>) {
    let table = |seed: u16, n: usize| {
        let mut rng = megadrive::random::Random::new(seed);
        (0..n).map(|_| rng.next()).collect::<Vec<u16>>()
    };
    (table(8, 256), table(9, 32768))
}

/// `RESULT` of the mapper example as the tables should make it (see mapper.rs).
fn mapper_result_expected() -> [u32; 8] {
    let (b8, b9) = mapper_tables();
    let sum = |t: &[u16]| t.iter().fold(0u32, |s, &w| s.wrapping_add(w as u32));
    [sum(&b9), sum(&b9), sum(&b8), 0x48_0000, 0x40_0000, 0x01_04_07, *b9.last().unwrap() as u32, u32::from_be_bytes(*b"DONE")]
}

#[test]
fn mapper_reads_the_last_bank_of_a_5_mib_rom() {
    if !built(&["examples/mapper.md", "examples/mapper.elf"]) {
        return;
    }
    let (b8, b9) = mapper_tables();
    // The cartridge romtool packed: 5 MiB of whole banks, the mapper's header, the tables at
    // their banks' ROM offsets.
    let rom = Rom::load("examples/mapper").unwrap();
    assert_eq!(rom.image.len(), 0x50_0000, "5 MiB");
    assert_eq!(&rom.image[0x100..0x110], b"SEGA SSF        ");
    assert_eq!(be32(&rom.image[0x1A4..]), 0x4F_FFFF, "ROM end");
    let words =
        |at: usize, n: usize| -> Vec<u16> { rom.image[at..at + 2 * n].chunks(2).map(|w| u16::from_be_bytes([w[0], w[1]])).collect() };
    assert_eq!(words(0x40_0000, 256), b8, "bank 8's table in the image");
    assert_eq!(words(0x48_0000, 32768), b9, "bank 9's table in the image");
    // The 68000 reads them through windows 7, 1 and 4 of the Sega mapper (summing 64 KiB
    // twice takes it about 40 frames).
    let (_lock, mut gx) = gpgx_with(&rom);
    let done = rom.sym("RESULT") + 28;
    let frames =
        gx.run_until(120, Pad::NONE, |g| g.read_u32_be(done) == u32::from_be_bytes(*b"DONE")).expect("the mapper example finishes");
    gx.run_frames(5, Pad::NONE);
    println!("mapper example: tables read in {frames} frames");
    assert_eq!(gx.read_u32_be(rom.sym("FAULT")), 0, "mapper: no panic or exception");
    assert!(gx.read_u32_be(rom.sym("FRAMES")) >= 4, "mapper: VBlanks counted after the reads");
    let result: Vec<u32> = gx.read_bytes(rom.sym("RESULT"), 32).chunks(4).map(be32).collect();
    assert_eq!(result, mapper_result_expected(), "sums, offsets and windows read by the 68000");
    let first: Vec<u16> = gx.read_bytes(rom.sym("FIRST"), 32).chunks(2).map(|w| u16::from_be_bytes([w[0], w[1]])).collect();
    assert_eq!(first, b9[..16], "bank 9's first words, copied to RAM through window 7");
    assert_screen(&gx, "example-mapper");
}

#[test]
fn mapper_reads_the_last_bank_in_blastem() {
    if !built(&["examples/mapper.md", "examples/mapper.elf"]) {
        return;
    }
    let rom = Rom::load("examples/mapper").unwrap();
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(5), &[(rom.sym("RESULT"), 32)]).expect("BlastEm");
    let result: Vec<u32> = reads[0].chunks(4).map(be32).collect();
    assert_eq!(result, mapper_result_expected(), "BlastEm's mapper (\"SEGA SSF\" header)");
}

/// The save example's `SAVE` block (src/megadrive-examples/src/bin/save.rs, `SaveState`).
#[derive(Clone, Debug)]
struct SaveView {
    phase: u16,
    found: u16,
    loaded: [u8; 12],
    current: [u8; 12],
    pending: [u8; 12],
    written: u16,
    seq: u16,
    sram_bytes: u16,
}

/// Bytes of `SaveState`, and its phases.
const SAVE_STATE_BYTES: usize = 46;
const SAVE_READY: u16 = 1;
const SAVE_SAVING: u16 = 2;
/// Bytes one save of the example writes: a 4-byte header and the 12-byte record.
const SAVE_COPY_BYTES: u16 = 16;

impl SaveView {
    fn parse(b: &[u8]) -> SaveView {
        let w = |i: usize| u16::from_be_bytes([b[i], b[i + 1]]);
        let rec = |i: usize| -> [u8; 12] { b[i..i + 12].try_into().unwrap() };
        SaveView {
            phase: w(0),
            found: w(2),
            loaded: rec(4),
            current: rec(16),
            pending: rec(28),
            written: w(40),
            seq: w(42),
            sram_bytes: w(44),
        }
    }
    fn read(gx: &emu::Gpgx, rom: &Rom) -> SaveView {
        SaveView::parse(&gx.read_bytes(rom.sym("SAVE"), SAVE_STATE_BYTES))
    }
}

/// A record as (boots, rounds, best scores).
fn stats(r: &[u8; 12]) -> (u16, u16, [u16; 4]) {
    let w = |i: usize| u16::from_be_bytes([r[2 * i], r[2 * i + 1]]);
    (w(0), w(1), [w(2), w(3), w(4), w(5)])
}

/// Runs until the save example waits for a button (it has loaded and saved at boot).
fn save_ready(gx: &mut emu::Gpgx, rom: &Rom) -> SaveView {
    gx.run_until(120, Pad::NONE, |g| SaveView::read(g, rom).phase == SAVE_READY).expect("the save example boots and saves");
    assert_eq!(gx.read_u32_be(rom.sym("FAULT")), 0, "save: no panic or exception");
    SaveView::read(gx, rom)
}

/// A fresh emulator with the save example loaded and `sram` (the core's 64 KiB buffer) put
/// back: a console switched off and on again with the same cartridge.
fn power_on(rom: &Rom, sram: &[u8]) -> emu::Gpgx {
    let mut gx = rom.boot(&[]).expect("Genesis Plus GX");
    gx.set_save_ram(sram).expect("the cartridge has save RAM");
    gx
}

/// The save example's save bytes (the odd bytes of the core's SRAM buffer from 0x200001).
fn save_bytes(sram: &[u8], n: usize) -> Vec<u8> {
    (0..n).map(|i| sram[2 * i + 1]).collect()
}

#[test]
fn save_survives_a_power_cut_at_every_byte_of_a_save() {
    if !built(&["examples/save.md", "examples/save.elf"]) {
        return;
    }
    let rom = Rom::load("examples/save").unwrap();
    assert_eq!(&rom.image[0x1B0..0x1BC], b"RA\xF8\x20\x00\x20\x00\x01\x00\x20\x3F\xFF", "8 KiB of odd-byte SRAM in the header");
    let (_lock, mut gx) = gpgx_with(&rom);
    let blank = gx.save_ram().expect("the cartridge has save RAM");
    assert_eq!(blank.len(), 0x10000, "the core's SRAM buffer");
    assert!(blank.iter().all(|&b| b == 0xFF), "a new battery: all 0xFF");
    let mut v = save_ready(&mut gx, &rom);
    assert_eq!((v.found, v.sram_bytes, v.seq), (0, 8192, 1), "blank SRAM: no save; the boot's save is the first");
    assert_eq!(stats(&v.current).0, 1, "one boot");
    // The first save went to copy A, save bytes 0 .. 16: sequence 1 first, on odd addresses.
    let sram = gx.save_ram().unwrap();
    assert_eq!(&save_bytes(&sram, 2), &[0, 1], "copy A's sequence number at 0x200001, 0x200003");
    assert_eq!(&save_bytes(&sram, 16)[4..], &v.current[..], "the record after the header");
    assert!((0..0x10000).step_by(2).all(|i| sram[i] == 0xFF), "no even byte written");

    // A slow save (C: one byte a frame), cut after each of its 16 writes: by the reset
    // button (SRAM kept) after an odd count, by switching off and on (a fresh emulator
    // with the SRAM kept) after an even one.
    let mut outcomes = Vec::new();
    for w in 1..=SAVE_COPY_BYTES {
        let old = v.current;
        gx.run_frame(Pad::C);
        gx.run_until(40, Pad::NONE, |g| SaveView::read(g, &rom).written >= w).expect("the slow save writes");
        let during = SaveView::read(&gx, &rom);
        assert_eq!(during.written, w, "one byte a frame");
        assert_eq!(during.phase, SAVE_SAVING, "(each byte written waits for a VBlank, the last one too)");
        let new = during.pending;
        assert_ne!(new, old, "a round changes the record");
        if w % 2 == 1 {
            gx.reset();
        } else {
            let sram = gx.save_ram().unwrap();
            drop(gx);
            gx = power_on(&rom, &sram);
        }
        let after = save_ready(&mut gx, &rom);
        assert_eq!(after.found, 1, "cut after {w} bytes: a save is found");
        let got = if after.loaded == old {
            "old"
        } else if after.loaded == new {
            "new"
        } else {
            panic!(
                "cut after {w} bytes: the record loaded is neither the old one {:?} nor the new one {:?}: {:?}",
                stats(&old),
                stats(&new),
                stats(&after.loaded)
            )
        };
        if w <= 12 {
            assert_eq!(got, "old", "cut after {w} bytes: only the record's bytes were written, under the old header");
        }
        if w == SAVE_COPY_BYTES {
            assert_eq!(got, "new", "the whole save");
        }
        outcomes.push(format!("{w}:{got}"));
        assert_eq!(stats(&after.current).0, stats(&after.loaded).0 + 1, "the boot counted and saved");
        v = after;
    }
    println!("save example, a save cut after each byte written: {}", outcomes.join(" "));
}

#[test]
fn save_persists_across_emulator_restarts_in_genesis_plus_gx() {
    if !built(&["examples/save.md", "examples/save.elf"]) {
        return;
    }
    let rom = Rom::load("examples/save").unwrap();
    let (_lock, mut gx) = gpgx_with(&rom);
    // Blank SRAM of zeros (some batteries start so): no save found either.
    gx.set_save_ram(&vec![0; 0x10000]).unwrap();
    let v = save_ready(&mut gx, &rom);
    assert_eq!((v.found, stats(&v.current).0), (0, 1), "zeros hold no save");
    for _ in 0..3 {
        gx.run_frame(Pad::A);
        gx.run_frames(2, Pad::NONE);
    }
    let v = SaveView::read(&gx, &rom);
    let (boots, rounds, best) = stats(&v.current);
    assert_eq!((boots, rounds, v.phase), (1, 3, SAVE_READY), "three rounds played and saved");
    assert!(best[0] >= best[1] && best[1] >= best[2] && best[2] > 0 && best[3] == 0, "the three scores, best first: {best:?}");
    // Switched off and on, twice: the record is there, the boots counted.
    for boot in 2..=3u16 {
        let sram = gx.save_ram().unwrap();
        drop(gx);
        gx = power_on(&rom, &sram);
        let after = save_ready(&mut gx, &rom);
        assert_eq!(after.found, 1);
        assert_eq!(stats(&after.loaded), (boot - 1, 3, best), "the record saved before");
        assert_eq!(stats(&after.current).0, boot);
    }
    gx.run_frames(2, Pad::NONE);
    assert_screen(&gx, "example-save");
}

#[test]
fn save_persists_across_blastem_runs() {
    if !built(&["examples/save.md", "examples/save.elf"]) {
        return;
    }
    let rom = Rom::load("examples/save").unwrap();
    let home = tempfile::tempdir().unwrap();
    let opts = emu::blastem::Options { home: Some(home.path().to_path_buf()), ..Default::default() };
    let sram_file = home.path().join(".local/share/blastem/save/save.sram");
    let run = || {
        let out = emu::blastem::run_with(&rom.path, emu::blastem::Stop::VBlanks(30), &[(rom.sym("SAVE"), SAVE_STATE_BYTES)], &opts)
            .expect("BlastEm");
        SaveView::parse(&out.reads[0])
    };
    let first = run();
    assert_eq!((first.phase, first.found, first.sram_bytes), (SAVE_READY, 0, 8192), "a new cartridge: no save");
    assert_eq!(stats(&first.current).0, 1);
    let file = std::fs::read(&sram_file).unwrap_or_else(|e| panic!("BlastEm wrote no {}: {e}", sram_file.display()));
    let second = run();
    assert_eq!(second.found, 1, "the second run finds the save ({} bytes of save.sram)", file.len());
    assert_eq!(second.loaded, first.current, "the record the first run saved");
    assert_eq!(stats(&second.current).0, 2, "and counts its own boot");
    println!("BlastEm: {} holds {} bytes after the first run", sram_file.display(), file.len());
}

/// A CRAM colour (0000BBB0GGG0RRR0) as Genesis Plus GX shows it, within 12 a channel (its
/// 3-bit levels about 34 apart: level 7 is 239, through its 16-bit RGB565 frame).
fn cram_rgb(c: u16) -> [u8; 3] {
    [c >> 1 & 7, c >> 5 & 7, c >> 9 & 7].map(|v| (v * 34) as u8)
}

/// Whether two screen colours are the same CRAM colour.
fn same_colour(a: [u8; 3], b: [u8; 3]) -> bool {
    (0..3).all(|i| a[i].abs_diff(b[i]) <= 12)
}

#[test]
fn water_changes_the_colours_below_its_line_and_waves() {
    if !built(&["examples/water.md", "examples/water.elf"]) {
        return;
    }
    let (_lock, mut gx, rom) = boot("water", 60, Pad::NONE);
    let state = gx.read_bytes(rom.sym("WATER_STATE"), 4);
    let line = u16::from_be_bytes([state[0], state[1]]) as u32;
    // The example's colours 0-2 of palette line 0: dry (sky, stripes) and water.
    let dry = [0x0C80, 0x00AE, 0x0EEE].map(cram_rgb);
    let water = [0x0400, 0x0A40, 0x0E84].map(cram_rgb);
    let shot = gx.screenshot();
    assert_eq!((shot.width(), shot.height()), (320, 224), "the screen");
    // Each row: its pixels are of which set of colours, and where its first stripe starts
    // (the column of the first colour-1 pixel after the backdrop: the row's horizontal
    // scroll, modulo the stripes' 8 pixels).
    let row = |y: u32, set: &[[u8; 3]; 3]| -> u32 {
        let px: Vec<[u8; 3]> = (0..320).map(|x| shot.get_pixel(x, y).0).collect();
        for (x, &p) in px.iter().enumerate() {
            assert!(set.iter().any(|&c| same_colour(p, c)), "row {y} (water line {line}), pixel {x}: {p:?} is not one of {set:?}");
        }
        let start = (1..320).find(|&x| same_colour(px[x], set[1]) && same_colour(px[x - 1], set[0])).expect("a stripe");
        start as u32 & 7
    };
    // The caption's row (the window, lines 0-7) aside: dry above the line, water from it, to
    // the line (the last dry row is the one above the water line).
    let above: Vec<u32> = (8..line).map(|y| row(y, &dry)).collect();
    let below: Vec<u32> = (line..224).map(|y| row(y, &water)).collect();
    assert!(above.iter().all(|&s| s == above[0]), "the rows above the line do not scroll: {above:?}");
    let mut phases = below.clone();
    phases.sort();
    phases.dedup();
    assert!(phases.len() >= 5, "the rows below the line are offset in a wave: {below:?}");
    // A sine of 32 lines: neighbouring rows at most a pixel apart (modulo the stripes' 8),
    // and each row as the row 32 lines below it.
    assert!(below.windows(2).all(|w| matches!((w[1] + 8 - w[0]) & 7, 0 | 1 | 7)), "a smooth wave: {below:?}");
    assert!(below.iter().zip(&below[32..]).all(|(a, b)| a == b), "a wave 32 lines long: {below:?}");
    // The wave moves: a frame later the rows below are offset differently.
    gx.run_frame(Pad::NONE);
    let shot2 = gx.screenshot();
    assert_ne!(shot.as_raw(), shot2.as_raw(), "the wave moves");
    assert!((0..line).all(|y| (0..320).all(|x| shot.get_pixel(x, y) == shot2.get_pixel(x, y))), "the rows above stay");
    gx.run_frames(59, Pad::NONE);
    assert_screen(&gx, "example-water");
}

#[test]
fn water_takes_its_horizontal_interrupts_in_blastem() {
    if !built(&["examples/water.md", "examples/water.elf"]) {
        return;
    }
    let rom = Rom::load("examples/water").unwrap();
    let pointers = ["raster_next", "raster_active", "raster_pending"].map(|s| (rom.sym(s), 4));
    let [frames, fault] = ["FRAMES", "FAULT"].map(|s| (rom.sym(s), 4));
    // At VBlank 60: the handler took the published table (at a line-223 interrupt) and
    // walked the frame to its end (back at the table's top).
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(60), &[pointers[0], pointers[1], pointers[2], fault]).unwrap();
    let [next, active, pending, fault_code] = [0, 1, 2, 3].map(|i| be32(&reads[i]));
    assert_eq!(fault_code, 0, "no panic or exception");
    assert_eq!(pending, 0, "the published table taken");
    assert_ne!(active, rom.sym("raster_idle"), "the handler left the idle table");
    assert_eq!(next, active + 2, "each frame walked to its last interrupt");
    // Three interrupts a frame (lines 75, 151 and 223): the 300th comes in frame 100 (the
    // display and the interrupt start together, in the first frame or the second).
    let hint = rom.sym("_hint");
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::Breakpoint { addr: hint, hits: 300 }, &[frames]).unwrap();
    let vblanks = be32(&reads[0]);
    assert!((99..=100).contains(&vblanks), "the 300th horizontal interrupt after {vblanks} VBlanks (3 a frame: 99 or 100)");
    println!("BlastEm: the 300th horizontal interrupt after {vblanks} VBlanks");
}

#[test]
fn scroll_modes_scroll_each_cell_row_and_each_column() {
    if !built(&["examples/scroll_modes.md", "examples/scroll_modes.elf"]) {
        return;
    }
    let (_lock, gx, rom) = boot("scroll_modes", 30, Pad::NONE);
    const ROWS: usize = 28;
    let raw = gx.read_bytes(rom.sym("SCROLL_OFFSETS"), 2 * (ROWS + 20));
    let offsets: Vec<u32> = raw.chunks(2).map(|w| u16::from_be_bytes([w[0], w[1]]) as u32).collect();
    let (hs, vs) = offsets.split_at(ROWS);
    assert!(hs.iter().chain(vs).any(|&o| o != 0), "scrolled: {offsets:?}");
    // Plane B's grid cell: colour 1 along its top row, colour 2 down its left column, the
    // backdrop elsewhere.
    let [backdrop, rows, columns] = [0x0200, 0x0EE0, 0x00EE].map(cram_rgb);
    let shot = gx.screenshot();
    // The caption's row (the window, lines 0-7) aside. Screen pixel (x, y) shows plane pixel
    // (x - h, y + v), h the scroll of its cell row, v that of its column: the columns are
    // the VDP's 16-pixel fetches, moved right by h & 15 (the pixels left of the first whole
    // one, a column the VDP draws partly, are not checked).
    for y in 8..224u32 {
        let h = hs[(y >> 3) as usize];
        for x in (h & 15)..320 {
            let v = vs[((x - (h & 15)) >> 4) as usize];
            let want = if (y + v) & 7 == 0 {
                rows
            } else if (x + 512 - h) & 7 == 0 {
                columns
            } else {
                backdrop
            };
            let p = shot.get_pixel(x, y).0;
            assert!(same_colour(p, want), "pixel ({x}, {y}): {p:?}, not {want:?} (row scroll {h}, column scroll {v})");
        }
    }
    assert_screen(&gx, "example-scroll_modes");
}

/// The `compress` example's art, drawn by the same code as its build script compressed.
#[path = "../../../src/megadrive-examples/art/packed_art.rs"]
mod packed_art;

#[test]
fn compress_unpacks_tiles_and_a_screen_and_stops_a_corrupt_stream() {
    if !built(&["examples/compress.md", "examples/compress.elf"]) {
        return;
    }
    let (_lock, gx, rom) = boot("compress", 30, Pad::NONE);
    // VRAM, found in the save state by the title on plane A's row 1 from column 1 (palette
    // line 3: cell = 0x6000 | ASCII code).
    let title: Vec<u8> = "megadrive::unpack (MCZ)".bytes().flat_map(|c| (0x6000 | c as u16).to_be_bytes()).collect();
    let vram = VramInState::locate_signature(&gx.save_state().unwrap(), &title, 0xC000 + (64 + 1) * 2).extract(&gx.save_state().unwrap());
    // The tiles, unpacked on the 68000 and sent by DMA, are the tiles drawn on the host.
    let tiles = packed_art::tiles();
    assert_eq!(tiles.len(), packed_art::TILES * 16);
    let base = packed_art::FIRST_TILE as usize * 32;
    for (i, &w) in tiles.iter().enumerate() {
        assert_eq!(vram_word(&vram, base + 2 * i), w, "tile {}, word {}", i / 16, i % 16);
    }
    // The screen: plane B (0xE000, 64 cells a row), 40 x 28 cells.
    let map = packed_art::map();
    for y in 0..packed_art::MAP_H {
        for x in 0..packed_art::MAP_W {
            assert_eq!(vram_word(&vram, 0xE000 + (y * 64 + x) * 2), map[y * packed_art::MAP_W + x], "plane B cell ({x}, {y})");
        }
    }
    let text: Vec<String> = (3..7).map(|y| plane_a_text(&vram, y)).collect();
    let packed = |t: &str| -> u32 { t.split(" -> ").nth(1).and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or(0) };
    assert!(text[0].starts_with("tiles: 2048 -> ") && packed(&text[0]) < 2048, "{text:?}");
    assert!(text[1].starts_with("screen: 2240 -> ") && packed(&text[1]) < 1120, "{text:?}");
    assert_eq!(text[2], "unpacked: 1024 + 1120 words");
    assert_eq!(text[3], "corrupt: BadDistance, nothing past n");
    let symbols =
        [(rom.sym("TILES_CHECKSUM"), checksum(&tiles)), (rom.sym("MAP_CHECKSUM"), checksum(&map)), (rom.sym("CORRUPT_RESULT"), 0x103)];
    for (addr, want) in symbols {
        assert_eq!(gx.read_u32_be(addr), want, "Genesis Plus GX: the word at {addr:#x}");
    }
    assert_screen(&gx, "example-compress");
    // BlastEm unpacks the same words and stops the corrupt stream the same way.
    let reads = emu::blastem::run(&rom.path, emu::blastem::Stop::VBlanks(30), &symbols.map(|(a, _)| (a, 4))).unwrap();
    for ((addr, want), got) in symbols.iter().zip(&reads) {
        assert_eq!(u32::from_be_bytes(got[..4].try_into().unwrap()), *want, "BlastEm: the word at {addr:#x}");
    }
}

/// The `compress` example's checksum: every word rotated in.
fn checksum(words: &[u16]) -> u32 {
    words.iter().fold(0u32, |s, &w| s.rotate_left(5) ^ w as u32)
}
