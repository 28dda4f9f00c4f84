#!/usr/bin/env python3
"""Writes the demo's and the template's music (VGM) and sound effects (WAV, VGM) -- made here,
MIT like the rest of megacollide.

Python 3 standard library only. Not part of `make`: the files are committed; run it again
after changing a tune:

    python3 tools/sound/compose.py            # writes levels/sound/ and src/template/sound/
    python3 tools/sound/compose.py --check    # fails if the committed files differ
    python3 tools/sound/compose.py --list     # the pieces' names
    python3 tools/sound/compose.py --out ../mygame/sound template/music/tune.vgm demo/effects/hit.wav
                                              # named pieces into a game's sound folder

The VGM files are what a tracker would export for the Mega Drive (VGM 1.50: YM2612 at
7,670,453 Hz, SN76489 at 3,579,545 Hz, one wait of 735 samples per 60 Hz frame), so they go
through the same `romtool sound` path as a musician's file. The songs loop. Instruments are
written once at the start (and again at the loop point: a loop must not depend on what the
end left). FM channel 6 plays in both songs, so a PCM effect visibly takes it over and gives
it back; the PSG's channel 0 and the noise channel too, for the PSG effects.
"""

import math
import os
import struct
import sys
import wave

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
YM_CLOCK = 7670453
PSG_CLOCK = 3579545
FM_RATE = YM_CLOCK / 144.0
FRAME = 735  # VGM samples per 60 Hz frame
PCM_RATE = 6658  # the driver's PCM rate (megadrive::sound::PCM_RATE); romtool resamples anyway


class Vgm:
    """Collects YM2612 and PSG writes frame by frame and writes a VGM 1.50 file."""

    def __init__(self):
        self.data = bytearray()
        self.frames = 0
        self.loop_offset = None
        self.loop_frames = 0

    def ym(self, part, reg, value):
        self.data += bytes([0x52 + part, reg, value & 0xFF])

    def psg(self, byte):
        self.data += bytes([0x50, byte & 0xFF])

    def wait(self, frames):
        for _ in range(frames):
            self.data.append(0x62)
        self.frames += frames

    def mark_loop(self):
        self.loop_offset = len(self.data)
        self.loop_frames = self.frames

    def bytes(self):
        data = bytes(self.data) + b"\x66"
        header = bytearray(0x40)
        header[0:4] = b"Vgm "
        struct.pack_into("<I", header, 0x04, 0x40 + len(data) - 4)
        struct.pack_into("<I", header, 0x08, 0x150)
        struct.pack_into("<I", header, 0x0C, PSG_CLOCK)
        struct.pack_into("<I", header, 0x18, self.frames * FRAME)
        if self.loop_offset is not None:
            struct.pack_into("<I", header, 0x1C, 0x40 + self.loop_offset - 0x1C)
            struct.pack_into("<I", header, 0x20, (self.frames - self.loop_frames) * FRAME)
        struct.pack_into("<I", header, 0x24, 60)
        struct.pack_into("<H", header, 0x28, 0x0009)  # SN76489 feedback
        header[0x2A] = 16  # shift register width
        struct.pack_into("<I", header, 0x2C, YM_CLOCK)
        struct.pack_into("<I", header, 0x34, 0x40 - 0x34)
        return bytes(header) + data


# ---- YM2612 --------------------------------------------------------------------------------
CH_CODE = [0, 1, 2, 4, 5, 6]  # key-on register's channel codes


def ch_part(ch):
    return (ch // 3, ch % 3)


# Instruments: algorithm, feedback, and per operator (in register order: op1, op3, op2, op4)
# (DT/MUL, TL, RS/AR, AM/D1R, D2R, SL/RR).
INSTRUMENTS = {
    # a bright lead: algorithm 4 (two carriers)
    "lead": (4, 5, [(0x01, 0x1C, 0x1F, 0x08, 0x02, 0x36), (0x02, 0x24, 0x1F, 0x06, 0x02, 0x36),
                    (0x01, 0x08, 0x1F, 0x05, 0x02, 0x28), (0x01, 0x0A, 0x1F, 0x05, 0x02, 0x28)]),
    # a round bass: algorithm 0 (one carrier)
    "bass": (0, 6, [(0x00, 0x20, 0x1F, 0x0A, 0x03, 0x46), (0x01, 0x28, 0x1F, 0x0C, 0x03, 0x46),
                    (0x00, 0x1C, 0x1F, 0x0A, 0x03, 0x46), (0x01, 0x06, 0x1F, 0x08, 0x03, 0x38)]),
    # a soft pad: algorithm 7 (four carriers, organ-like)
    "pad": (7, 0, [(0x01, 0x26, 0x14, 0x04, 0x01, 0x25), (0x02, 0x2A, 0x14, 0x04, 0x01, 0x25),
                   (0x04, 0x30, 0x14, 0x04, 0x01, 0x25), (0x01, 0x24, 0x14, 0x04, 0x01, 0x25)]),
    # a pluck: algorithm 2
    "pluck": (2, 4, [(0x03, 0x22, 0x1F, 0x10, 0x06, 0x68), (0x01, 0x30, 0x1F, 0x0E, 0x06, 0x68),
                     (0x02, 0x26, 0x1F, 0x0E, 0x06, 0x68), (0x01, 0x08, 0x1F, 0x0C, 0x06, 0x58)]),
}


def set_instrument(v, ch, name):
    alg, fb, ops = INSTRUMENTS[name]
    part, c = ch_part(ch)
    for slot, (dtmul, tl, ar, d1r, d2r, rr) in enumerate(ops):
        base = c + 4 * slot
        v.ym(part, 0x30 + base, dtmul)
        v.ym(part, 0x40 + base, tl)
        v.ym(part, 0x50 + base, ar)
        v.ym(part, 0x60 + base, d1r)
        v.ym(part, 0x70 + base, d2r)
        v.ym(part, 0x80 + base, rr)
        v.ym(part, 0x90 + base, 0)
    v.ym(part, 0xB0 + c, (fb << 3) | alg)
    v.ym(part, 0xB4 + c, 0xC0)


def midi_hz(note):
    return 440.0 * 2 ** ((note - 69) / 12.0)


def fm_note(v, ch, note):
    """Key off, set the frequency of MIDI `note`, key on."""
    part, c = ch_part(ch)
    f = midi_hz(note)
    block = 0
    fnum = f * (1 << 20) / FM_RATE * 2
    while fnum >= 2048 and block < 7:
        block += 1
        fnum /= 2
    fnum = int(round(fnum))
    v.ym(0, 0x28, CH_CODE[ch])
    v.ym(part, 0xA4 + c, (block << 3) | (fnum >> 8))
    v.ym(part, 0xA0 + c, fnum & 0xFF)
    v.ym(0, 0x28, 0xF0 | CH_CODE[ch])


def fm_off(v, ch):
    v.ym(0, 0x28, CH_CODE[ch])


# ---- PSG ------------------------------------------------------------------------------------
def psg_tone(v, ch, hz):
    n = max(1, min(1023, int(round(PSG_CLOCK / (32.0 * hz)))))
    v.psg(0x80 | (ch << 5) | (n & 0x0F))
    v.psg(n >> 4)


def psg_volume(v, ch, att):
    v.psg(0x90 | (ch << 5) | (att & 0x0F))


def psg_noise(v, mode):
    v.psg(0xE0 | (mode & 0x07))


# ---- songs ----------------------------------------------------------------------------------
def note_name(s):
    """'C4', 'F#3', 'Bb2' -> MIDI number; '.' (rest) and '-' (hold) stay."""
    if s in (".", "-"):
        return s
    names = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
    n = names[s[0]]
    i = 1
    if s[i] == "#":
        n += 1
        i += 1
    elif s[i] == "b":
        n -= 1
        i += 1
    return 12 * (int(s[i:]) + 1) + n


def track(text):
    return [note_name(t) for t in text.split()]


def song(channels, step_frames, loops_from_start=True, psg_arp=None, hats=None):
    """channels: {fm channel: (instrument, [notes per step])}; psg_arp: (channel, [[notes]] per
    step); hats: a string of 'x' (hit) and '.' per step on the noise channel."""
    v = Vgm()
    steps = max(len(n) for _, n in channels.values())
    # Silence first, then the loop: instruments set inside it.
    for ch in range(6):
        fm_off(v, ch)
    for ch in range(4):
        psg_volume(v, ch, 15)
    v.wait(1)
    v.mark_loop()
    v.ym(0, 0x22, 0)  # LFO off
    v.ym(0, 0x27, 0)  # channel 3 normal
    for ch, (inst, _) in channels.items():
        set_instrument(v, ch, inst)
    for step in range(steps):
        for ch, (_, notes) in channels.items():
            n = notes[step % len(notes)]
            if n == ".":
                fm_off(v, ch)
            elif n != "-":
                fm_note(v, ch, n)
        if psg_arp is not None:
            pch, chords = psg_arp
            chord = chords[step % len(chords)]
        for f in range(step_frames):
            if psg_arp is not None:
                if chord == ".":
                    if f == 0:
                        psg_volume(v, pch, 15)
                else:
                    psg_tone(v, pch, midi_hz(chord[f % len(chord)]))
                    psg_volume(v, pch, min(15, 6 + f))
            if hats is not None:
                h = hats[step % len(hats)]
                if h == "x" and f == 0:
                    psg_noise(v, 0x05)
                    psg_volume(v, 3, 5)
                elif h == "x" and f == 2:
                    psg_volume(v, 3, 11)
                elif h == "x" and f == 3:
                    psg_volume(v, 3, 15)
            v.wait(1)
    return v


def chords_of(names):
    out = []
    for c in names.split():
        if c == ".":
            out.append(".")
        else:
            out.append([note_name(x) for x in c.split("+")])
    return out


def title_song():
    lead = track("E5 - G5 - A5 - G5 E5 D5 - E5 - - - . . C5 D5 "
                 "E5 - G5 - C6 - B5 A5 G5 - A5 - - - . . "
                 "A5 - C6 - D6 - C6 A5 G5 - E5 - G5 - . . "
                 "E5 - D5 - C5 - D5 E5 C5 - - - - - . .")
    bass = track("C3 . C3 . G2 . G2 . A2 . A2 . F2 . G2 . " * 2 +
                 "F2 . F2 . C3 . C3 . D3 . D3 . G2 . G2 . "
                 "A2 . A2 . F2 . G2 . C3 . C3 . C3 . . .")
    pad = track("C4 - - - - - - - A3 - - - - - - - " * 2 +
                "F4 - - - - - - - D4 - - - G3 - - - "
                "A3 - - - F3 - G3 - C4 - - - - - . .")
    arp = chords_of("C4+E4+G4 . C4+E4+G4 . G3+B3+D4 . G3+B3+D4 . A3+C4+E4 . A3+C4+E4 . F3+A3+C4 . G3+B3+D4 .")
    hats = "x.x.x.x.x.x.xxx."
    return song({0: ("lead", lead), 1: ("bass", bass), 5: ("pad", pad)}, 8, psg_arp=(0, arp), hats=hats)


def play_song():
    lead = track("A4 - C5 - E5 - D5 C5 D5 - E5 - A4 - - - "
                 "G4 - B4 - D5 - C5 B4 C5 - B4 - G4 - - - "
                 "F4 - A4 - C5 - B4 A4 B4 - C5 - D5 - E5 - "
                 "E5 - D5 C5 B4 - G#4 - A4 - - - . . . .")
    bass = track("A2 A2 . A2 A2 . A3 A2 " * 2 + "G2 G2 . G2 G2 . G3 G2 " * 2 +
                 "F2 F2 . F2 F2 . F3 F2 " * 2 + "E2 E2 . E2 E2 . E3 E2 " + "A2 A2 . A2 A2 . A3 A2 ")
    pluck = track("A3 . E4 . A3 . E4 . " * 4 + "F3 . C4 . F3 . C4 . " * 2 + "E3 . B3 . E3 . G#3 . A3 . E4 . A3 . E4 .")
    pad = track("C5 - - - - - - - - - - - - - - - B4 - - - - - - - - - - - - - - - "
                "A4 - - - - - - - - - - - - - - - G#4 - - - - - - - A4 - - - - - - -")
    hats = "x.xxx.xx"
    return song({0: ("lead", lead), 1: ("bass", bass), 2: ("pluck", pluck), 5: ("pad", pad)}, 6, hats=hats,
                psg_arp=(0, chords_of("A4+C5+E5 . . . G4+B4+D5 . . . F4+A4+C5 . . . E4+G#4+B4 . . .")))


def tune_song():
    """The template's tune: short and cheerful."""
    lead = track("C5 - E5 - G5 - E5 - F5 - A5 - G5 - - - "
                 "E5 - C5 - D5 - B4 - C5 - - - . . . .")
    bass = track("C3 . G2 . C3 . G2 . F2 . C3 . G2 . G2 . C3 . A2 . G2 . G2 . C3 . . . . . . .")
    return song({0: ("lead", lead), 1: ("bass", bass), 5: ("pad", track("E4 - - - - - - - F4 - - - D4 - - - "
                                                                           "C4 - - - A3 - - - G3 - - - . . . ."))},
                9, hats="x...x.x.")


# ---- effects --------------------------------------------------------------------------------
def psg_effect(frames):
    """frames: list of per-frame write lists (tuples: ('tone', ch, hz), ('vol', ch, att),
    ('noise', mode))."""
    v = Vgm()
    for writes in frames:
        for w in writes:
            if w[0] == "tone":
                psg_tone(v, w[1], w[2])
            elif w[0] == "vol":
                psg_volume(v, w[1], w[2])
            else:
                psg_noise(v, w[1])
        v.wait(1)
    return v


def land_effect():
    """A short thud on the noise channel."""
    frames = [[("noise", 0x06), ("vol", 3, 2)]]
    for i in range(1, 8):
        frames.append([("vol", 3, min(15, 2 + 2 * i))])
    return psg_effect(frames)


def touch_effect():
    """Enemy touch: a falling buzz on tone channel 0."""
    frames = []
    for i in range(14):
        frames.append([("tone", 0, 700 * 0.86 ** i), ("vol", 0, min(15, 3 + i // 2))])
    frames.append([("vol", 0, 15)])
    return psg_effect(frames)


def respawn_effect():
    """Respawn: a rising arpeggio on tone channel 0."""
    frames = []
    notes = [60, 64, 67, 72, 76, 79, 84]
    for i, n in enumerate(notes):
        for f in range(4):
            frames.append([("tone", 0, midi_hz(n)), ("vol", 0, 4 + f + (i // 3))])
    frames.append([("vol", 0, 15)])
    return psg_effect(frames)


def wav_bytes(samples):
    """Mono 16-bit WAV at PCM_RATE from floats in -1..1."""
    import io
    buf = io.BytesIO()
    w = wave.open(buf, "wb")
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(PCM_RATE)
    w.writeframes(b"".join(struct.pack("<h", int(round(max(-1.0, min(1.0, s)) * 32767))) for s in samples))
    w.close()
    return buf.getvalue()


class Noise:
    """A deterministic noise source (a 16-bit LFSR)."""

    def __init__(self):
        self.state = 0xACE1

    def next(self):
        bit = ((self.state >> 0) ^ (self.state >> 2) ^ (self.state >> 3) ^ (self.state >> 5)) & 1
        self.state = (self.state >> 1) | (bit << 15)
        return (self.state / 32768.0) - 1.0


def jump_wav():
    """A rising square-ish chirp, 0.2 s."""
    n = int(PCM_RATE * 0.2)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        f = 300 + 900 * t
        phase += f / PCM_RATE
        s = math.sin(2 * math.pi * phase)
        s = max(-0.8, min(0.8, 2.5 * s))  # a soft square
        out.append(s * (1 - t) ** 0.7 * 0.9)
    return wav_bytes(out)


def hit_wav():
    """The potato HIT: a noise burst over a falling thump, 0.35 s."""
    n = int(PCM_RATE * 0.35)
    noise = Noise()
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        f = 180 * (1 - 0.7 * t)
        phase += f / PCM_RATE
        thump = math.sin(2 * math.pi * phase) * (1 - t) ** 2
        crack = noise.next() * max(0.0, 1 - 4 * t)
        out.append(0.7 * thump + 0.5 * crack)
    return wav_bytes(out)


def template_jump_wav():
    """The template's jump: a quick upward blip, 0.15 s."""
    n = int(PCM_RATE * 0.15)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        phase += (400 + 1200 * t) / PCM_RATE
        out.append(math.sin(2 * math.pi * phase) * (1 - t) * 0.9)
    return wav_bytes(out)


FILES = {
    "levels/sound/music/title.vgm": lambda: title_song().bytes(),
    "levels/sound/music/play.vgm": lambda: play_song().bytes(),
    "levels/sound/effects/jump.wav": jump_wav,
    "levels/sound/effects/hit.wav": hit_wav,
    "levels/sound/effects/land.vgm": lambda: land_effect().bytes(),
    "levels/sound/effects/touch.vgm": lambda: touch_effect().bytes(),
    "levels/sound/effects/respawn.vgm": lambda: respawn_effect().bytes(),
    "src/template/sound/music/tune.vgm": lambda: tune_song().bytes(),
    "src/template/sound/effects/jump.wav": template_jump_wav,
}


def piece_name(rel):
    """A piece's name: its game ("demo" or "template") and its path in the game's sound
    folder, e.g. "template/music/tune.vgm"."""
    game = "template" if rel.startswith("src/template/") else "demo"
    return game + "/" + rel.split("/sound/", 1)[1]


def parse_args(argv):
    import argparse
    p = argparse.ArgumentParser(
        description="Writes the demo's and the template's music and effects. Without --out: into "
        "this checkout (levels/sound/, src/template/sound/). With --out DIR: the pieces named "
        "into a game's sound folder, DIR/music/ and DIR/effects/.")
    p.add_argument("--check", action="store_true", help="fail if the checkout's files differ (no writing)")
    p.add_argument("--out", metavar="DIR", help="a game's sound folder to write the named pieces into")
    p.add_argument("--list", action="store_true", help="list the pieces' names and stop")
    p.add_argument("names", nargs="*", metavar="NAME", help="pieces for --out, e.g. template/music/tune.vgm")
    return p, p.parse_args(argv)


def main(argv=None):
    parser, args = parse_args(sys.argv[1:] if argv is None else argv)
    names = {piece_name(rel): rel for rel in FILES}
    if args.list:
        print("\n".join(sorted(names)))
        return
    if args.out is None:
        if args.names:
            parser.error("names are for --out DIR (without it every piece goes to this checkout)")
        targets = [(rel, os.path.join(ROOT, rel)) for rel in FILES]
    else:
        if args.check:
            parser.error("--check compares this checkout's files: not with --out")
        unknown = [n for n in args.names if n not in names]
        if not args.names or unknown:
            parser.error(("unknown piece " + ", ".join(unknown) + "; " if unknown else "name the pieces to write; ")
                         + "the pieces: " + ", ".join(sorted(names)))
        targets = [(names[n], os.path.join(args.out, n.split("/", 1)[1])) for n in args.names]
    differ = []
    for rel, path in targets:
        data = FILES[rel]()
        if args.check:
            try:
                with open(path, "rb") as f:
                    if f.read() != data:
                        differ.append(rel)
            except OSError:
                differ.append(rel)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            print("wrote", path if args.out else rel, len(data), "bytes")
    if differ:
        print("differ from tools/sound/compose.py:", ", ".join(differ))
        sys.exit(1)


if __name__ == "__main__":
    main()
