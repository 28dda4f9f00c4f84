//! The hardware crate's examples (src/megadrive-examples/src/bin/, built by `make test` into
//! out/examples/NAME.md), each booted once in Genesis Plus GX: it runs (VBlanks counted, no
//! panic or 68000 exception: the symbols `FRAMES` and `FAULT` of the examples' library), does
//! what it shows (pads read, planes streamed), and its screen equals
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
