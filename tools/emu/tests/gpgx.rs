//! Genesis Plus GX harness tests against the assembler test ROM.

mod common;

use common::{open_gpgx, sym, test_rom};
use emu::{testrom::ALIVE_MAGIC, Pad, Tolerance};
use image::{Rgb, RgbImage};

#[test]
fn elf_symbols_resolve() {
    let elf = &test_rom().elf;
    assert_eq!(emu::symbol_address(elf, "frame_counter").unwrap(), Some(0xFF0000));
    assert_eq!(emu::symbol_address(elf, "pad_state").unwrap(), Some(0xFF0004));
    assert_eq!(emu::symbol_address(elf, "no_such_symbol").unwrap(), None);
    let rom = common::rom_bytes();
    let vec30 = u32::from_be_bytes(rom[0x78..0x7C].try_into().unwrap());
    assert_eq!(sym("vblank_handler"), vec30);
}

/// One `run_frame` = one video frame = exactly one VBlank interrupt once the ROM
/// has interrupts enabled. The test ROM spends its first 3 frames initialising
/// (CPU-clearing 64 KiB of VRAM), so after N frames its counter is N - 3.
#[test]
fn frame_counter_advances_once_per_frame() {
    let mut gx = open_gpgx();
    let counter = sym("frame_counter");
    gx.run_frames(120, Pad::NONE);
    assert_eq!(gx.frames(), 120);
    let c120 = gx.read_u32_be(counter);
    assert_eq!(c120, 117, "counter after 120 frames (init takes 3 frames)");
    assert_eq!(gx.read_u32_be(sym("alive_marker")), ALIVE_MAGIC);
    assert!(gx.read_u32_be(sym("main_loops")) > 0);
    gx.run_frames(120, Pad::NONE);
    assert_eq!(gx.read_u32_be(counter) - c120, 120, "exactly one VBlank per frame");
    assert_eq!(gx.frames(), 240);
    // Byte-level access agrees with the word/long readers (RAM is stored byte-swapped).
    let b = gx.read_bytes(sym("alive_marker"), 4);
    assert_eq!(b, b"ALIV");
    assert_eq!(gx.read_u16_be(sym("alive_marker")), 0x414C);
    assert_eq!(gx.read_u8(sym("alive_marker") + 3), b'V');
    assert_eq!(gx.ram()[(sym("alive_marker") & 0xFFFF) as usize], b'A');
    // ROM reads come from the loaded image.
    assert_eq!(gx.read_bytes(0x100, 15), b"SEGA MEGA DRIVE");
}

/// The pad state the ROM samples during frame N is the one passed to run_frame for
/// frame N (the core polls input at the start of retro_run).
#[test]
fn pad_mapping_genesis_buttons() {
    let mut gx = open_gpgx();
    gx.run_frames(10, Pad::NONE);
    let pad = sym("pad_state");
    assert_eq!(gx.read_u16_be(pad), 0);
    let cases = [
        Pad::UP,
        Pad::DOWN,
        Pad::LEFT,
        Pad::RIGHT,
        Pad::A,
        Pad::B,
        Pad::C,
        Pad::START,
        Pad::RIGHT | Pad::A | Pad::C,
        Pad::UP | Pad::LEFT | Pad::B | Pad::START,
        Pad::NONE,
    ];
    for p in cases {
        gx.run_frame(p);
        assert_eq!(gx.read_u16_be(pad), p.bits(), "pad {p:?} read back by the ROM");
    }
}

#[test]
fn screenshot_has_expected_colours() {
    let mut gx = open_gpgx();
    gx.run_frames(10, Pad::NONE);
    let img = gx.screenshot();
    assert_eq!(img.dimensions(), (320, 224));
    assert_eq!(gx.frame_size(), Some((320, 224)));
    // CRAM 0x0E00 (blue) background, 0x000E (red) 8x8 tile at the top-left corner.
    // GPGX renders full normal intensity (7) as 239 in 8 bits (only highlight reaches 255).
    emu::region_is_colour(&img, (0, 0, 8, 8), [239, 0, 0], 0).unwrap();
    emu::region_is_colour(&img, (8, 0, 312, 8), [0, 0, 239], 0).unwrap();
    emu::region_is_colour(&img, (0, 8, 320, 216), [0, 0, 239], 0).unwrap();

    // Same thing through the reference-image workflow (committed PNG).
    let reference = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/testrom.png");
    emu::compare_with_reference(&img, reference, Tolerance::EXACT, emu::default_failure_dir(), "emu-testrom")
        .unwrap_or_else(|rep| panic!("{rep}"));

    // A deliberately different reference fails, with a useful report and files written.
    let mut wrong = img.clone();
    for x in 100..110 {
        wrong.put_pixel(x, 50, Rgb([0, 255, 0]));
    }
    let rep = emu::compare(&img, &wrong, Tolerance::new(8, 3)).unwrap_err();
    assert_eq!(rep.differing_pixels, 10);
    assert_eq!(rep.bounding_box, Some((100, 50, 109, 50)));
    assert!(emu::compare(&img, &wrong, Tolerance::new(8, 10)).is_ok());

    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    gx.save_png(&png).unwrap();
    let back: RgbImage = image::open(&png).unwrap().to_rgb8();
    assert_eq!(back, img);
}

#[test]
fn save_and_load_state_and_ram_writes() {
    let mut gx = open_gpgx();
    gx.run_frames(10, Pad::NONE);
    let counter = sym("frame_counter");
    let snap = gx.save_state().unwrap();
    let before = gx.read_u32_be(counter);
    gx.run_frames(5, Pad::NONE);
    assert_eq!(gx.read_u32_be(counter), before + 5);
    gx.load_state(&snap).unwrap();
    assert_eq!(gx.read_u32_be(counter), before);
    gx.write_u32_be(counter, 1000);
    gx.run_frame(Pad::NONE);
    assert_eq!(gx.read_u32_be(counter), 1001);
}

#[test]
fn one_instance_at_a_time_and_reopen() {
    // Same thread: a second instance is refused instead of deadlocking.
    let first = open_gpgx();
    let core = emu::find_gpgx_core().unwrap();
    assert!(emu::Gpgx::open(&core).is_err());
    drop(first);
    // Other threads queue up; each gets a fresh core (dlclose + reload) with identical results.
    let results: Vec<u32> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut gx = open_gpgx();
                    gx.run_frames(30, Pad::NONE);
                    gx.read_u32_be(sym("main_loops"))
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(results[0], results[1], "deterministic across instances");
}
