#!/usr/bin/env python3
"""Changes a game made with `make new-game` the way a user adds to it (for `make test`):

- a kind of object of its own: the class `spring` (member `power`, a float: the engine's `Speed`, 8 by default)
  declared in its Tiled project `levels/game.tiled-project`, one spring placed in
  `levels/level1.tmj` (power 6.5) on the ground at x 240, and the code that plays it
  (`src/springs.rs`, from this folder; the arm the build asks for in `src/coins.rs`'s match;
  three lines in `src/main.rs`);
- an art layer: a tile layer `signs` on plane A (layer property `plane` = `A`) with three
  tiles of the level's art tileset in the sky at tiles (5..=7, 2).

Usage: apply.py GAME_DIR. Python 3 standard library only; fails, naming the file, when a file
does not look like the template's any more.
"""

import json
import os
import shutil
import sys

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
        "members": [{"name": "power", "type": "float", "value": 8}],
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
    print(f"apply.py: {game}: class spring, a spring in level1.tmj, the art layer signs, src/springs.rs")


if __name__ == "__main__":
    main()
