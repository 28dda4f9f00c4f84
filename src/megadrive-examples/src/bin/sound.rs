//! Sound: the Z80 driver (`megadrive::sound`) loaded with `sound::init`, a looping tune on
//! FM channel 1 (a scale, written here in the driver's stream format: YM2612 writes and
//! waits, 60 ticks a second), a PCM effect on the DAC (a decaying square wave whose samples
//! are worked out at compile time) on A, and a PSG effect (a falling tone on PSG channel 0)
//! on B. The screen says what plays, from the driver's status (`sound::status`).
#![no_std]
#![no_main]

use megadrive::pad::{self, Buttons, Port};
// The stream op codes are the driver's protocol's (`megadrive::sound::protocol`).
use megadrive::sound::protocol::{OP_END, OP_YM0};
use megadrive::sound::{self, Effect, Song};
use megadrive::text::{self, Console};
use megadrive::timing::Standard;
use megadrive::{rt, vdp};
use megadrive_examples::wait_vblank;

/// Block and F-number (YM2612 channel 1 frequency registers A4h, A0h) of the scale C4 ... C5,
/// block 4: 644 (C), 722, 810, 858, 964, 1081, 1214, then C5 = 644 in block 5.
const NOTES: [(u8, u16); 8] = [(4, 644), (4, 722), (4, 810), (4, 858), (4, 964), (4, 1081), (4, 1214), (5, 644)];

/// Bytes of the patch: 12 register writes of 3 bytes.
const PATCH_BYTES: usize = 12 * 3;
/// Bytes of one note: frequency (2 writes), key on, wait 12 ticks, key off, wait 3 ticks.
const NOTE_BYTES: usize = 4 * 3 + 2;
const TUNE_BYTES: usize = PATCH_BYTES + NOTES.len() * NOTE_BYTES + 1;

/// The tune's stream: channel 1's patch (algorithm 7, operator 1 alone audible: a plain
/// tone with a quick attack and a short release), then the eight notes (15 ticks each) and
/// the end, which loops back to the first note.
static TUNE_STREAM: [u8; TUNE_BYTES] = tune_stream();

const fn tune_stream() -> [u8; TUNE_BYTES] {
    let mut s = [0u8; TUNE_BYTES];
    let patch: [(u8, u8); 12] = [
        (0x22, 0x00), // LFO off
        (0x28, 0x00), // key off, channel 1
        (0xB0, 0x07), // feedback 0, algorithm 7 (four carriers)
        (0xB4, 0xC0), // both speakers
        (0x30, 0x01), // operator 1: multiple 1
        (0x40, 0x08), // operator 1: total level 8 (loud)
        (0x44, 0x7F), // operators 2 to 4 silent
        (0x48, 0x7F),
        (0x4C, 0x7F),
        (0x50, 0x1F), // operator 1: attack rate 31
        (0x60, 0x04), // decay rate 4
        (0x80, 0x2F), // sustain level 2, release rate 15
    ];
    let mut n = 0;
    let mut i = 0;
    while i < patch.len() {
        s[n] = OP_YM0;
        s[n + 1] = patch[i].0;
        s[n + 2] = patch[i].1;
        n += 3;
        i += 1;
    }
    let mut k = 0;
    while k < NOTES.len() {
        let (block, fnum) = NOTES[k];
        let writes: [(u8, u8); 4] = [(0xA4, (block << 3) | (fnum >> 8) as u8), (0xA0, fnum as u8), (0x28, 0xF0), (0, 0)];
        let mut w = 0;
        while w < 3 {
            s[n] = OP_YM0;
            s[n + 1] = writes[w].0;
            s[n + 2] = writes[w].1;
            n += 3;
            w += 1;
        }
        s[n] = 11; // wait 12 ticks
        s[n + 1] = OP_YM0;
        s[n + 2] = 0x28; // key off
        s[n + 3] = 0x00;
        s[n + 4] = 2; // wait 3 ticks
        n += 5;
        k += 1;
    }
    s[n] = OP_END;
    s
}

/// The tune: the stream above, looping from its first note.
static TUNE: Song = Song { name: "scale", stream: &TUNE_STREAM, loop_start: PATCH_BYTES as u32 };

/// Samples of the PCM effect: 2,048 (0.31 s at `sound::PCM_RATE`).
const BLIP_SAMPLES: usize = 2048;

/// A square wave of 16 samples a period (416 Hz) whose amplitude falls from 127 to 0:
/// unsigned 8-bit samples around 0x80.
static BLIP_SAMPLES_DATA: [u8; BLIP_SAMPLES] = {
    let mut s = [0x80u8; BLIP_SAMPLES];
    let mut i = 0;
    while i < BLIP_SAMPLES {
        let amp = ((BLIP_SAMPLES - 1 - i) >> 4) as u8;
        s[i] = if (i >> 3) & 1 == 0 { 0x80 + amp } else { 0x80 - amp };
        i += 1;
    }
    s
};

/// The PCM effect (on the DAC, FM channel 6 meanwhile).
static BLIP: Effect = Effect::Pcm { name: "blip", samples: &BLIP_SAMPLES_DATA };

/// Ticks of the PSG effect: one tone step a tick.
const ZAP_STEPS: usize = 16;
const ZAP_BYTES: usize = 1 + ZAP_STEPS * 3 + 2;

/// The PSG effect's stream: channel 0 at full volume, its tone period rising (the pitch
/// falling) from 0x080 by 0x020 a tick, then silent and the end.
static ZAP_STREAM: [u8; ZAP_BYTES] = {
    let mut s = [0u8; ZAP_BYTES];
    s[0] = 0x90; // channel 0, attenuation 0
    let mut n = 1;
    let mut i = 0;
    while i < ZAP_STEPS {
        let period = 0x080 + (i as u16) * 0x020;
        s[n] = 0x80 | (period & 0x0F) as u8; // tone latch, channel 0, low 4 bits
        s[n + 1] = (period >> 4) as u8 & 0x3F; // high 6 bits
        s[n + 2] = 0; // wait 1 tick
        n += 3;
        i += 1;
    }
    s[n] = 0x9F; // channel 0 silent
    s[n + 1] = OP_END;
    s
};

/// The PSG effect: it takes tone channel 0 (bit 0) from the music while it plays.
static ZAP: Effect = Effect::Psg { name: "zap", stream: &ZAP_STREAM, channels: 0b0001 };

/// "yes" or "no " for a status byte.
fn yes_no(playing: bool) -> &'static str {
    if playing {
        "yes"
    } else {
        "no "
    }
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    vdp::init();
    vdp::display_off();
    text::load_font();
    // Line 0: dark green backdrop, white text; line 1: yellow text.
    vdp::load_palette(0, &[0x0020, 0x0EEE]);
    vdp::load_palette(16, &[0x0000, 0x00EE]);
    Console::at(1, 1, 1).print("megadrive::sound - the Z80 driver");
    Console::at(1, 3, 0).print("music: a scale on FM channel 1, looping");
    Console::at(1, 4, 0).print("A: PCM effect 'blip' (DAC, 0.3 s)");
    Console::at(1, 5, 0).print("B: PSG effect 'zap' (tone channel 0)");
    pad::init();
    sound::init(Standard::detect());
    sound::play_music(&TUNE);
    vdp::display_on();
    rt::interrupts_on();
    let mut pad1 = Buttons::new();
    loop {
        wait_vblank();
        // No DMA in this example: one update a frame sends the requests and reads the status.
        sound::update();
        pad1.update(pad::read3(Port::One));
        if pad1.is_pressed(pad::A) {
            sound::play_effect(&BLIP, 1);
        }
        if pad1.is_pressed(pad::B) {
            sound::play_effect(&ZAP, 1);
        }
        let st = sound::status();
        let mut con = Console::at(1, 8, 1);
        con.print("music playing: ");
        con.print(yes_no(st.music() == 1));
        con.print("  ticks ");
        con.decimal(st.music_ticks(), true);
        let mut con = Console::at(1, 10, 1);
        con.print("PCM effect:    ");
        con.print(yes_no(st.pcm() != 0));
        let mut con = Console::at(1, 11, 1);
        con.print("PSG effect:    ");
        con.print(yes_no(st.psg() != 0));
    }
}
