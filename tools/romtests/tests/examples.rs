//! The hardware crate's examples (src/megadrive-examples/src/bin/, built by `make test` into
//! out/examples/NAME.md), each booted once in Genesis Plus GX: it runs (VBlanks counted, no
//! panic or 68000 exception: the symbols `FRAMES` and `FAULT` of the examples' library), does
//! what it shows (pads read, planes streamed, music and effects played), and its screen equals
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
    use megadrive::sound::layout::*;
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
