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
