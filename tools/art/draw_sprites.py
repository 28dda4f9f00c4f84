#!/usr/bin/env python3
"""Draws the demo's sprite sheets into levels/sprites/ (PNG + JSON each, and palette.gpl),
and the template game's (the player and the palette) into src/template/sprites/.

Python 3 standard library only (PNG written with zlib + struct). Run from anywhere:

    python3 tools/art/draw_sprites.py            # writes levels/sprites/ and src/template/sprites/
    python3 tools/art/draw_sprites.py --check    # fails if the committed files differ

Every picture is drawn as rows of characters, one per pixel: '.' is transparent, any other
character is a colour of PALETTE (by its key). The output is deterministic.

Collision: the game tests the player's and the potato's pixel masks (romtool makes the mask
from the opaque pixels). The player's silhouette is the same in every frame and left-right
symmetric (PLAYER_SILHOUETTE, checked below), so the pixel-perfect potato test gives the same
answer in every pose and facing; the poses differ only inside it (legs, arms, face, cap).
"""

import json
import os
import struct
import sys
import zlib

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "levels", "sprites")
# The template game (src/template/, what `make new-game` copies) has the player's sheet and
# its own kind's, the coin (a sheet of the template only).
TEMPLATE_OUT = os.path.join(ROOT, "src", "template", "sprites")
TEMPLATE_SHEETS = ["player", "coin"]

# The sprite palette line, in order (entry 0 = the transparent slot). Colours are Mega Drive
# colours (channels multiples of 36). (key, name in palette.gpl, (r, g, b)).
PALETTE = [
    (".", "transparent", (252, 0, 252)),
    ("w", "text", (252, 252, 252)),       # the font's colour index 1; also whites of the eyes
    ("o", "outline", (36, 36, 72)),
    ("s", "skin", (252, 180, 108)),
    ("r", "red", (252, 72, 0)),           # cap, shoes, mouth, goal flag
    ("b", "blue", (36, 108, 252)),        # shirt
    ("d", "dark blue", (0, 36, 144)),     # trousers
    ("p", "potato", (180, 144, 72)),
    ("P", "potato dark", (108, 72, 36)),
    ("e", "enemy", (216, 0, 144)),
    ("g", "grey", (180, 180, 180)),
    ("G", "dark grey", (108, 108, 108)),
    ("y", "highlight", (252, 252, 0)),    # the overlap pixels of a HIT (the game draws them)
    ("v", "overlay", (0, 252, 0)),        # the debug overlay (collision box, sensor points)
    ("E", "enemy dark", (108, 0, 72)),
    ("k", "black", (0, 0, 0)),
]
KEY = {k: i for i, (k, _, _) in enumerate(PALETTE)}
RGB = {k: c for k, _, c in PALETTE}

# ---- the player: 16 x 32, faces right (the ROM mirrors it to face left) --------------------

# The opaque pixels of every player frame ('#'): the collision mask, symmetric.
PLAYER_SILHOUETTE = [
    "......####......",
    "....########....",
    "...##########...",
    "...##########...",
    "..############..",
    "..############..",
    "..############..",
    "...##########...",
    "...##########...",
    "....########....",
    "......####......",
    "....########....",
    "...##########...",
    "..############..",
    ".##############.",
    ".##############.",
    ".##############.",
    ".##############.",
    ".##############.",
    "..############..",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "....########....",
    "...##########...",
    "..############..",
    "..############..",
]

# Head and body, facing right (rows 0..21): red cap with the brim to the right, eyes looking
# right, mouth to the right.
PLAYER_TOP = [
    "......oooo......",
    "....oorrrroo....",
    "...orrrrrrrro...",
    "...osssrrrrrrr..",
    "..ossswksswkso..",
    "..ossswksswkso..",
    "..osssssssssso..",
    "...osssssrrso...",
    "...ossssssssso..",
    "....oossssoo....",
    "......osso......",
    "....obbbbbbo....",
    "...obbbbbbbbo...",
    "..obbbbbbbbbbo..",
    ".obbobbbbbbobbo.",
    ".obbobbbbbbobbo.",
    ".obbobbbbbbobbo.",
    ".ossobbbbbbosso.",
    ".ossobbbbbbosso.",
    "..oooddddddooo..",
    "....oddddddo....",
    "....oddddddo....",
]


def fix_top():
    """PLAYER_TOP drawn inside the silhouette (rows where the art is narrower are padded)."""
    out = []
    for y, row in enumerate(PLAYER_TOP):
        sil = PLAYER_SILHOUETTE[y]
        r = list(row)
        for x in range(16):
            if sil[x] == "#" and r[x] == ".":
                r[x] = "o"
            if sil[x] == "." and r[x] != ".":
                r[x] = "."
        out.append("".join(r))
    return out


def legs(front, back, shoe_front, shoe_back):
    """Rows 22..31: two legs in the 8-pixel-wide leg block (columns 4..11). `front` and `back`
    are (hip x, foot x) of each leg's left pixel column (legs 2 pixels wide, hips at row 22,
    feet at row 29); shoes (red) under the feet at row 30 from x `shoe_*` (4 wide)."""
    rows = []
    for y in range(22, 32):
        sil = PLAYER_SILHOUETTE[y]
        r = ["o" if c == "#" else "." for c in sil]
        if y <= 29:
            t = (y - 22) / 7.0
            for (hip, foot), colour in ((back, "G"), (front, "d")):
                x = int(round(hip + (foot - hip) * t))
                for xx in (x, x + 1):
                    if sil[xx] == "#":
                        r[xx] = colour
        elif y == 30:
            for x0 in (shoe_back, shoe_front):
                for xx in range(x0, x0 + 4):
                    if 0 <= xx < 16 and sil[xx] == "#":
                        r[xx] = "r"
        rows.append("".join(r))
    return rows


def arms(top, front_hand_row, back_hand_row):
    """Moves the hands (skin, 2 rows) in the arm columns: the front arm (right, columns
    12..13) and the back arm (left, columns 2..3) show their hand from the given row."""
    rows = [list(r) for r in top]
    for cols, hand in (((2, 3), back_hand_row), ((12, 13), front_hand_row)):
        for y in range(14, 19):
            for x in cols:
                rows[y][x] = "s" if hand <= y < hand + 2 else "b"
    return ["".join(r) for r in rows]


def player_frames():
    top = fix_top()
    stand = top + legs((5, 5), (9, 9), 3, 9)
    # Walk cycle: contact, passing, contact (other leg), passing. The front leg is dark blue,
    # the back leg dark grey; arms swing against the legs.
    walk = [
        arms(top, 15, 17) + legs((6, 9), (8, 5), 9, 3),
        arms(top, 16, 16) + legs((7, 7), (7, 7), 6, 6),
        arms(top, 17, 15) + legs((8, 5), (6, 9), 3, 9),
        arms(top, 16, 16) + legs((7, 8), (7, 6), 7, 5),
    ]
    # In the air: arms up; rising with the front leg bent forward, falling legs apart.
    jump = arms(top, 14, 14) + legs((7, 9), (6, 6), 9, 5)
    fall = arms(top, 14, 15) + legs((6, 9), (8, 4), 9, 3)
    return [stand] + walk + [jump, fall]


# ---- the other sprites --------------------------------------------------------------------

POTATO_ART = [
    "........................",
    "........................",
    "........................",
    "........88888888........",
    "......888777777888......",
    "....8887777777777888....",
    "...887777777777777788...",
    "..88777777777777877788..",
    ".8877778877777777777788.",
    ".8877777777777777777788.",
    ".8777777777777777777778.",
    ".8777777777777777777778.",
    ".8777777777777788777778.",
    ".8777777777777777777778.",
    ".8877777777777777777788.",
    ".8877777777777777777788.",
    "..88777778877777777788..",
    "...887777777777777788...",
    "....8887777777777888....",
    "......888777777888......",
    "........88888888........",
    "........................",
    "........................",
    "........................",
]
# The potato: 24 x 24 with transparent corners (a box overlap there is no HIT); rim and eyes
# dark, flesh light, two highlights.
POTATO = [r.replace("8", "P").replace("7", "p") for r in POTATO_ART]
POTATO[6] = POTATO[6][:6] + "ww" + POTATO[6][8:]
POTATO[7] = POTATO[7][:5] + "w" + POTATO[7][6:]


def potato_frames():
    return [POTATO]


def enemy_frames():
    body = [
        "................",
        "................",
        ".....oooooo.....",
        "...ooeeeeeeoo...",
        "..oeeeeeeeeeeo..",
        ".oeeeeeeeeeeeeo.",
        ".oeeeeeewweewwo.",
        ".oeeeeeewkeewko.",
        "oeeeeeeeeeeeeeeo",
        "oeeeeeeeeeeeeeeo",
        "oEeeeeeeeeeeeeEo",
        "oEEeeeeeeeeeeEEo",
        ".oEEEEEEEEEEEEo.",
        "..oooooooooooo..",
    ]
    feet = [
        ["...oko....oko...", "..okko....okko.."],
        ["....oko..oko....", "...okko.okko...."],
        ["..oko......oko..", ".okko......okko."],
        ["....oko..oko....", "...okko.okko...."],
    ]
    frames = []
    for i, f in enumerate(feet):
        # The body bobs up one pixel on the passing frames.
        b = body[1:] + ["................"] if i % 2 == 1 else body
        frames.append(b + f)
    return frames


def platform_frames():
    return [[
        "o" + "g" * 30 + "o",
        "o" + "g" * 30 + "o",
        "o" + "G" * 30 + "o",
        "o" + "Go" * 15 + "o",
        "o" + "G" * 30 + "o",
        "o" + "G" * 30 + "o",
        "o" * 32,
        "." * 32,
    ]]


def goal_frames():
    """The flag on its pole, 16 x 64: the goal's whole height (two hardware sprites)."""
    flag = [
        "oo..............",
        "orowrrrrrr......",
        "orrowrrrrrrr....",
        "orrrowrrrrrrrr..",
        "orrrrowrrrrrrrr.",
        "orrrowrrrrrrrr..",
        "orrowrrrrrrr....",
        "orowrrrrrr......",
    ]
    return [flag + ["og.............."] * 56]


def highlight_frames():
    return [["." * 16] * 24]


def box_frames():
    return [["v" * 16] + ["v" + "." * 14 + "v"] * 30 + ["v" * 16]]


def sensor_frames():
    return [[
        ".k......",
        "kvk.....",
        ".k......",
        "........",
        "........",
        "........",
        "........",
        "........",
    ]]


def coin_frames():
    """16 x 16: a yellow disc with a dark rim and a white glint (the template's coin)."""
    rows = []
    for y in range(16):
        row = ""
        for x in range(16):
            # Distance from the centre (7.5, 7.5), doubled and squared.
            d = (2 * x - 15) ** 2 + (2 * y - 15) ** 2
            if d > 15 * 15:
                row += "."
            elif d > 11 * 11:
                row += "P"
            elif 5 <= x < 7 and 4 <= y < 8:
                row += "w"
            else:
                row += "y"
        rows.append(row)
    return [rows]


SHEETS = [
    # (name, frames, (w, h), animations)
    ("player", player_frames, (16, 32), [
        {"name": "stand", "frames": [0], "duration": 1},
        {"name": "walk", "frames": [1, 2, 3, 4], "duration": 6},
        {"name": "jump", "frames": [5], "duration": 1},
        {"name": "fall", "frames": [6], "duration": 1},
    ]),
    ("enemy", enemy_frames, (16, 16), [
        {"name": "walk", "frames": [0, 1, 2, 3], "duration": 8},
    ]),
    ("potato", potato_frames, (24, 24), [{"name": "still", "frames": [0], "duration": 1}]),
    ("platform", platform_frames, (32, 8), [{"name": "still", "frames": [0], "duration": 1}]),
    ("goal", goal_frames, (16, 64), [{"name": "still", "frames": [0], "duration": 1}]),
    ("box", box_frames, (16, 32), [{"name": "still", "frames": [0], "duration": 1}]),
    ("sensor", sensor_frames, (8, 8), [{"name": "still", "frames": [0], "duration": 1}]),
    # The overlay's highlight of overlapping pixels: blank here, its tiles drawn at run time.
    ("highlight", highlight_frames, (16, 24), [{"name": "still", "frames": [0], "duration": 1}]),
    ("coin", coin_frames, (16, 16), [{"name": "still", "frames": [0], "duration": 1}]),
]
# Sheets whose objects all show one frame, the sprite engine's "shared" residency: the demo's
# enemies walk in step (one upload a frame change for the whole crowd).
SHARED_SHEETS = ["enemy"]
# The demo's sheets: all but the template's own.
DEMO_SHEETS = [name for name, _, _, _ in SHEETS if name != "coin"]


# ---- checks and output ----------------------------------------------------------------------

def check_frames(name, frames, w, h):
    for i, f in enumerate(frames):
        if len(f) != h:
            sys.exit(f"{name} frame {i}: {len(f)} rows, expected {h}")
        for y, row in enumerate(f):
            if len(row) != w:
                sys.exit(f"{name} frame {i} row {y}: {len(row)} pixels, expected {w}: {row!r}")
            for c in row:
                if c not in KEY:
                    sys.exit(f"{name} frame {i} row {y}: unknown colour key {c!r}")
    if name == "player":
        for i, f in enumerate(frames):
            for y, row in enumerate(f):
                shape = "".join("." if c == "." else "#" for c in row)
                if shape != PLAYER_SILHOUETTE[y]:
                    sys.exit(f"player frame {i} row {y}: {row!r} leaves the silhouette {PLAYER_SILHOUETTE[y]!r}")
        for row in PLAYER_SILHOUETTE:
            if row != row[::-1]:
                sys.exit("the player silhouette must be left-right symmetric")


def png_bytes(w, h, rgba_rows):
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(r) for r in rgba_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def sheet_png(frames, w, h):
    """All frames in one row (frame 0 left)."""
    rows = []
    for y in range(h):
        row = []
        for f in frames:
            for c in f[y]:
                if c == ".":
                    row += [0, 0, 0, 0]
                else:
                    row += list(RGB[c]) + [255]
        rows.append(row)
    return png_bytes(w * len(frames), h, rows)


def gpl_text():
    lines = ["GIMP Palette", "Name: megacollide sprites", "Columns: 4",
             "# The sprite palette line (CRAM line 3, shared with the text): entry 0 is the",
             "# transparent slot; `text` (index 1) is the font's colour. Drawn by",
             "# tools/art/draw_sprites.py."]
    for _, name, (r, g, b) in PALETTE:
        lines.append(f"{r:3d} {g:3d} {b:3d}\t{name}")
    return "\n".join(lines) + "\n"


def outputs(names=None):
    files = {"palette.gpl": gpl_text().encode()}
    for name, fn, (w, h), anims in SHEETS:
        if names is not None and name not in names:
            continue
        frames = fn()
        check_frames(name, frames, w, h)
        files[f"{name}.png"] = sheet_png(frames, w, h)
        desc = {"frame_width": w, "frame_height": h, "animations": anims}
        if name in SHARED_SHEETS:
            desc["residency"] = "shared"
        files[f"{name}.json"] = (json.dumps(desc, indent=2) + "\n").encode()
    return files


def write(out, files, check):
    """Writes `files` into the folder `out` (with `check`: only compares); the names that differ."""
    os.makedirs(out, exist_ok=True)
    stale = []
    for name, data in sorted(files.items()):
        path = os.path.join(out, name)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            stale.append(name)
            if not check:
                with open(path, "wb") as f:
                    f.write(data)
    if check and stale:
        sys.exit(f"out of date in {out}: {', '.join(stale)} (run tools/art/draw_sprites.py)")
    print(f"draw_sprites: {len(files)} files in {os.path.relpath(out, ROOT)}, {len(stale)} {'differ' if check else 'written'}")


def main():
    check = "--check" in sys.argv[1:]
    write(OUT, outputs(DEMO_SHEETS), check)
    write(TEMPLATE_OUT, outputs(TEMPLATE_SHEETS), check)


if __name__ == "__main__":
    main()
