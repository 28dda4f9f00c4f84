#!/usr/bin/env python3
"""Changes a game made with `make new-game` the way a user adds to it (for `make test`):

- a kind of object of its own: the class `spring` (member `power`, a float: the engine's `Speed`, 8 by default;
  member `sprite` = `spring/idle`: drawn with the sheet `sprites/spring.png`, written here,
  and no drawing code) declared in its Tiled project `levels/game.tiled-project`, one spring
  placed in `levels/level1.tmj` (power 6.5) on the ground at x 240, and the code that plays
  it (`src/springs.rs`, from this folder; the arm the build asks for in `src/coins.rs`'s
  match; three lines in `src/main.rs`);
- an art layer: a tile layer `signs` on plane A (layer property `plane` = `A`) with three
  tiles of the level's art tileset in the sky at tiles (5..=7, 2).

Usage: apply.py GAME_DIR. Python 3 standard library only; fails, naming the file, when a file
does not look like the template's any more.
"""

import json
import os
import shutil
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# The sign's tiles (tile space) and the art tileset's gid they show.
SIGN_CELLS = [(5, 2), (6, 2), (7, 2)]
SIGN_TILE = "tiles"  # the name of the art tileset in level1.tmj


def fail(path, what):
    sys.exit(f"apply.py: {path}: {what}")


def edit(path, replacements):
    text = open(path).read()
    for old, new in replacements:
        if text.count(old) != 1:
            fail(path, f"expected exactly one {old!r}")
        text = text.replace(old, new)
    with open(path, "w") as f:
        f.write(text)


def write_png(path, width, height, rows):
    """An 8-bit RGB PNG of `rows` (each a list of (r, g, b)), with the standard library."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw)))
        f.write(chunk(b"IEND", b""))


def palette_colour(gpl_path, name):
    """The (r, g, b) of the entry called `name` in a GIMP palette."""
    for line in open(gpl_path):
        parts = line.split()
        if len(parts) >= 4 and parts[0].isdigit() and " ".join(parts[3:]) == name:
            return tuple(int(p) for p in parts[:3])
    fail(gpl_path, f"no colour {name!r}")


def spring_sheet(game):
    """sprites/spring.png and spring.json: two 16x16 frames (a coil, squeezed and stretched)
    in the template's sprite colours, on the transparent colour."""
    gpl = os.path.join(game, "sprites", "palette.gpl")
    clear, coil, base = (palette_colour(gpl, n) for n in ("transparent", "red", "dark grey"))
    rows = []
    for y in range(16):
        row = []
        for frame in range(2):
            top = 6 if frame == 0 else 2  # the coil's top row: squeezed, then stretched
            for x in range(16):
                if y >= 13:
                    row.append(base)
                elif y >= top and (y - top) % 3 != 2 and 2 <= x <= 13:
                    row.append(coil)
                else:
                    row.append(clear)
        rows.append(row)
    png = os.path.join(game, "sprites", "spring.png")
    if os.path.exists(png):
        fail(png, "already exists")
    write_png(png, 32, 16, rows)
    desc = {"frame_width": 16, "frame_height": 16, "transparent": "#%02x%02x%02x" % clear,
            "animations": [{"name": "idle", "frames": [0, 1], "duration": 12}]}
    with open(os.path.join(game, "sprites", "spring.json"), "w") as f:
        json.dump(desc, f, indent=2)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: apply.py GAME_DIR")
    game = sys.argv[1]

    # The class, in Tiled's Custom Types of the project.
    project_path = os.path.join(game, "levels", "game.tiled-project")
    project = json.load(open(project_path))
    types = project["propertyTypes"]
    if any(t["name"] == "spring" for t in types):
        fail(project_path, "already has a class spring")
    types.append({
        "color": "#ff2470fc", "drawFill": True, "id": max(t["id"] for t in types) + 1,
        "members": [{"name": "power", "type": "float", "value": 8},
                    {"name": "sprite", "type": "string", "value": "spring/idle"}],
        "name": "spring", "type": "class", "useAs": ["object"],
    })
    with open(project_path, "w") as f:
        json.dump(project, f, indent=4)

    # The level: one spring and the art layer.
    level_path = os.path.join(game, "levels", "level1.tmj")
    level = json.load(open(level_path))
    layers = {l["name"]: l for l in level["layers"]}
    if "entities" not in layers or "terrain" not in layers:
        fail(level_path, "no layers `entities` and `terrain`")
    oid = level["nextobjectid"]
    layers["entities"]["objects"].append({
        "id": oid, "name": "spring1", "type": "spring", "rotation": 0, "visible": True,
        "x": 240, "y": 176, "width": 16, "height": 16,
        "properties": [{"name": "power", "type": "float", "value": 6.5}],
    })
    level["nextobjectid"] = oid + 1
    tileset = [t for t in level["tilesets"] if t.get("name") == SIGN_TILE]
    if not tileset:
        fail(level_path, f"no tileset {SIGN_TILE}")
    gid = tileset[0]["firstgid"]
    w, h = level["width"], level["height"]
    data = [0] * (w * h)
    for (x, y) in SIGN_CELLS:
        if layers["terrain"]["data"][y * w + x] != 0:
            fail(level_path, f"terrain is not empty at tile ({x}, {y})")
        data[y * w + x] = gid
    lid = level["nextlayerid"]
    signs = {
        "id": lid, "name": "signs", "type": "tilelayer", "visible": True, "opacity": 1,
        "x": 0, "y": 0, "width": w, "height": h, "data": data,
        "properties": [{"name": "plane", "type": "string", "value": "A"}],
    }
    # Above the terrain (Tiled draws later layers on top).
    index = level["layers"].index(layers["terrain"]) + 1
    level["layers"].insert(index, signs)
    level["nextlayerid"] = lid + 1
    with open(level_path, "w") as f:
        json.dump(level, f, indent=1)

    # Its picture: drawn by the template's sprite engine with no code (the member `sprite`).
    spring_sheet(game)

    # The code.
    shutil.copy(os.path.join(HERE, "springs.rs"), os.path.join(game, "src", "springs.rs"))
    edit(os.path.join(game, "src", "coins.rs"), [
        ("                EntityKind::Coin(_) => {}\n",
         "                EntityKind::Coin(_) => {}\n                EntityKind::Spring(_) => {}\n"),
    ])
    edit(os.path.join(game, "src", "main.rs"), [
        ("mod coins;\n", "mod coins;\nmod springs;\n"),
        ("    coins: Coins,\n", "    coins: Coins,\n    springs: springs::Springs,\n"),
        ("    coins: Coins::new(),\n", "    coins: Coins::new(),\n    springs: springs::Springs::new(),\n"),
        ("        g.coins.load(LEVEL);\n", "        g.coins.load(LEVEL);\n        g.springs.load(LEVEL);\n"),
        ("            let collected = self.coins.collect(self.player.body.rect());\n",
         "            self.springs.bounce(&mut self.player);\n            let collected = self.coins.collect(self.player.body.rect());\n"),
    ])
    print(f"apply.py: {game}: class spring, a spring in level1.tmj, sprites/spring.png, the art layer signs, src/springs.rs")


if __name__ == "__main__":
    main()
