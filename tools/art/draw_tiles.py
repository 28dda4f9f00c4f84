#!/usr/bin/env python3
"""Draws the demo level's art: the tileset levels/art/demo-tiles.png and, with --map, the art
layers of levels/demo.tmj (a terrain layer on plane A, a background layer on plane B).

Python 3 standard library only (PNG written with zlib + struct). Not part of `make`: the PNG
and the map are committed; run it again after changing the drawing:

    python3 tools/art/draw_tiles.py                      # writes levels/art/demo-tiles.png
    python3 tools/art/draw_tiles.py --map levels/demo.tmj  # and the map's art layers

The template game's level (src/template/levels/, what `make new-game` copies) was drawn the
same way, into its own tileset:

    python3 tools/art/draw_tiles.py --out src/template/levels/art/tiles.png \
        --collision src/template/levels/collision-tiles.png --map src/template/levels/level1.tmj

The terrain tiles are drawn from the engine's collision shapes (the rules of
src/engine/src/shape.rs, and the height tiles of levels/collision-tiles.png), so every opaque
pixel of a terrain tile is a solid pixel of its shape and the grass line is exactly the top of
the shape. Tiles of a 16x16 grid; at most 15 colours per 8x8 cell, two colour families
(terrain, background) of at most 15 colours each, so the art needs at most 3 palette lines.
"""

import argparse
import json
import os
import struct
import sys
import zlib

T = 16  # tile size in pixels

# ---------------------------------------------------------------------------------------------
# Colours: Mega Drive colours (channels multiples of 36), so they survive quantising exactly.


def md(r, g, b):
    return (r * 36, g * 36, b * 36, 255)


CLEAR = (0, 0, 0, 0)
# Terrain family (14 colours).
OUT = md(1, 0, 0)
DIRT0, DIRT1, DIRT2, DIRT3 = md(3, 1, 0), md(4, 2, 1), md(5, 3, 1), md(6, 4, 2)
GR0, GR1, GR2, GR3 = md(0, 3, 1), md(1, 5, 0), md(4, 6, 1), md(6, 7, 3)
ST0, ST1, ST2 = md(2, 2, 3), md(4, 4, 5), md(6, 6, 6)
WD1, WD2 = md(5, 3, 0), md(6, 5, 2)
# Background family (8 colours); the sky is the backdrop (Tiled's backgroundcolor).
SKY = md(3, 5, 7)
FAR0, FAR1 = md(2, 4, 6), md(3, 5, 6)
NEAR0, NEAR1, NEAR2 = md(0, 3, 2), md(1, 4, 2), md(3, 5, 2)
CL0, CL1, CL2 = md(7, 7, 7), md(5, 6, 7), md(4, 5, 7)

# ---------------------------------------------------------------------------------------------
# Collision shapes (src/engine/src/shape.rs)

SOLID, RISE_1, RISE_2A, RISE_2B, RISE_3A, RISE_3B, RISE_3C = 2, 3, 4, 5, 6, 7, 8
FALL_1, FALL_2A, FALL_2B, FALL_3A, FALL_3B, FALL_3C = 9, 10, 11, 12, 13, 14
TOP_HALF, BOTTOM_HALF, LEFT_HALF, RIGHT_HALF, ONE_WAY = 15, 16, 17, 18, 19
FIRST_HEIGHT_TILE = 32
SLOPES = list(range(RISE_1, FALL_3C + 1))


def rise(n, k, px, py):
    """Rising n:1 chain, tile k: the engine's rule (centre on or below the line)."""
    x = k * 16 + px
    j = 15 - py
    return n * (2 * j + 1) <= 2 * x + 1


def builtin_solid(i, px, py):
    rules = {
        SOLID: lambda: True,
        RISE_1: lambda: rise(1, 0, px, py),
        RISE_2A: lambda: rise(2, 0, px, py),
        RISE_2B: lambda: rise(2, 1, px, py),
        RISE_3A: lambda: rise(3, 0, px, py),
        RISE_3B: lambda: rise(3, 1, px, py),
        RISE_3C: lambda: rise(3, 2, px, py),
        FALL_1: lambda: rise(1, 0, 15 - px, py),
        FALL_2A: lambda: rise(2, 1, 15 - px, py),
        FALL_2B: lambda: rise(2, 0, 15 - px, py),
        FALL_3A: lambda: rise(3, 2, 15 - px, py),
        FALL_3B: lambda: rise(3, 1, 15 - px, py),
        FALL_3C: lambda: rise(3, 0, 15 - px, py),
        TOP_HALF: lambda: py < 8,
        BOTTOM_HALF: lambda: py >= 8,
        LEFT_HALF: lambda: px < 8,
        RIGHT_HALF: lambda: px >= 8,
    }
    return rules.get(i, lambda: False)()


def read_png_solid(path):
    """An 8-bit indexed, RGB or RGBA, non-interlaced PNG -> (w, h, rows of solid flags), solid
    as src/levels/tileset.rs reads height tiles: a palette index other than 0, alpha at least
    half, or (RGB) any channel non-zero."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 3, 6) or interlace:
        sys.exit(f"{path}: expected an 8-bit indexed, RGB or RGBA PNG, not interlaced")
    bpp = {2: 3, 3: 1, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        px = [line[x * bpp:(x + 1) * bpp] for x in range(w)]
        rows.append([p[0] != 0 if ctype == 3 else p[3] >= 128 if ctype == 6 else any(p) for p in px])
        prev = line
    return w, h, rows


def height_masks(collision_png):
    """The height tiles of the collision tileset (tiles 32..), as tileset.rs reads them."""
    w, h, rows = read_png_solid(collision_png)
    cols = w // T
    masks = {}
    for t in range(FIRST_HEIGHT_TILE, cols * (h // T)):
        ox, oy = t % cols * T, t // cols * T
        m = [[rows[oy + y][ox + x] for x in range(T)] for y in range(T)]
        if any(any(r) for r in m):
            masks[t] = m
    return masks


def mask_of(i, heights):
    if i >= FIRST_HEIGHT_TILE:
        return heights[i]
    return [[builtin_solid(i, x, y) for x in range(T)] for y in range(T)]


# ---------------------------------------------------------------------------------------------
# Drawing


def blank():
    return [[CLEAR] * T for _ in range(T)]


def noise(x, y, salt=0):
    """A fixed pseudo-random value 0..255 of a tile pixel (tile-periodic, so tiles repeat
    seamlessly)."""
    v = (x * 374761393 + y * 668265263 + salt * 2246822519) & 0xFFFFFFFF
    v = ((v ^ (v >> 13)) * 1274126177) & 0xFFFFFFFF
    return (v ^ (v >> 16)) & 255


def dirt(x, y):
    # Pebbles: a light pixel with a dark one under it, on a speckled ground.
    n = noise(x, y)
    if noise(x, y - 1) < 14:
        return DIRT0
    if n < 14:
        return DIRT3
    if n < 70:
        return DIRT2
    if n < 95:
        return DIRT0
    return DIRT1


def terrain(mask, top_open=True, left_open=False, right_open=False):
    """Grass over dirt on exactly the solid pixels of `mask`: the grass line is the top of the
    shape in every column (where the tile above is open); open sides get a dark edge."""
    pic = blank()
    for x in range(T):
        depth = None
        for y in range(T):
            if not mask[y][x]:
                depth = None
                continue
            if depth is None:
                depth = 0 if (y > 0 or top_open) else 99
            else:
                depth += 1
            side = min(x if left_open else 99, 15 - x if right_open else 99)
            if depth == 0:
                c = GR3 if (x + y) % 5 else GR2
            elif depth <= 2:
                c = GR2 if depth == 1 else GR1
            elif depth <= 4:
                c = GR1 if depth == 3 else GR0
            elif depth == 5:
                c = GR0 if noise(x, 0, 3) < 150 else DIRT0
            elif depth == 6:
                c = GR0 if noise(x, 0, 3) < 60 else DIRT0
            else:
                c = dirt(x, y)
            if side == 0:
                c = OUT if depth > 3 else GR0
            elif side == 1 and depth > 4:
                c = DIRT0
            pic[y][x] = c
    return pic


def stone(mask, top_open=True, left_open=False, right_open=False, bottom_open=False):
    """Grey bricks (8x4, every other row shifted) on exactly the solid pixels of `mask`, with a
    light top and a dark outline where the block ends."""
    pic = blank()
    for y in range(T):
        for x in range(T):
            if not mask[y][x]:
                continue
            up = mask[y - 1][x] if y > 0 else not top_open
            down = mask[y + 1][x] if y < 15 else not bottom_open
            left = mask[y][x - 1] if x > 0 else not left_open
            right = mask[y][x + 1] if x < 15 else not right_open
            shift = 4 if (y // 4) % 2 else 0
            if not down or not left or not right:
                c = ST0
            elif not up:
                c = ST2
            elif y % 4 == 3 or (x + shift) % 8 == 7:
                c = ST0
            elif y % 4 == 0 or (x + shift) % 8 == 0:
                c = ST2
            else:
                c = ST1 if noise(x, y, 7) > 30 else ST0
            pic[y][x] = c
    return pic


def bridge(left_end, right_end):
    """A wooden bridge: planks on the top rows (the one-way floor is the tile's top row), a
    rope rail under them, posts at the ends."""
    pic = blank()
    for x in range(T):
        for y in range(6):
            if y == 0:
                c = WD2
            elif y == 5:
                c = OUT
            elif x % 8 == 7:
                c = DIRT0
            elif y == 1:
                c = WD2 if x % 8 != 6 else WD1
            else:
                c = WD1 if noise(x, y, 11) > 40 else DIRT2
            pic[y][x] = c
        if x % 8 == 2:
            pic[3][x] = DIRT3  # nail
    # The rope sagging under the planks.
    for x in range(T):
        y = 8 + (2 if 4 <= x <= 11 else 1 if 2 <= x <= 13 else 0)
        pic[y][x] = DIRT0
    for end, xs in ((left_end, (1, 2, 3)), (right_end, (12, 13, 14))):
        if end:
            for y in range(6, 16):
                for x in xs:
                    pic[y][x] = OUT if x in (1, 14) else WD1 if x in (2, 13) else DIRT0
    return pic


# ---- background (plane B) ------------------------------------------------------------------

HILLS_W, HILLS_H = 8, 4  # tiles: the hill strip repeats every 8 tiles


def hills_strip():
    """The background's hill band (HILLS_W x HILLS_H tiles): far blue hills behind near green
    hills, seamless left to right; below it the fill tile continues the near hills."""
    import math
    w, h = HILLS_W * T, HILLS_H * T
    img = [[CLEAR] * w for _ in range(h)]
    for x in range(w):
        t = 2 * math.pi * x / w
        far = 14 + 9 * math.sin(t + 0.6) + 4 * math.sin(3 * t)
        near = 34 + 8 * math.sin(2 * t + 2.0) + 3 * math.sin(5 * t + 1)
        for y in range(h):
            if y >= near:
                d = y - near
                if d < 1:
                    c = NEAR2
                elif d < 3:
                    c = NEAR1 if (x // 2) % 3 else NEAR2
                else:
                    c = NEAR0 if noise(x, y, 5) < 60 and d < 12 else NEAR1
                img[y][x] = c
            elif y >= far:
                d = y - far
                c = FAR1 if d < 2 else FAR0 if noise(x % 16, y % 16, 9) > 20 else FAR1
                img[y][x] = c
        # The last rows are plain, so the fill tile joins them.
        for y in range(h - 4, h):
            img[y][x] = NEAR1 if noise(x % 16, y % 16, 13) > 24 else NEAR0
    return img


def hill_fill():
    return [[NEAR1 if noise(x, y, 13) > 24 else NEAR0 for x in range(T)] for y in range(T)]


def cloud(w_tiles, h_tiles, bumps):
    """A cloud w x h tiles: overlapping discs (cx, cy, r in pixels), white with a blue shade
    underneath."""
    w, h = w_tiles * T, h_tiles * T
    img = [[CLEAR] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            inside = [(x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in bumps]
            if not any(inside):
                continue
            # Shade: distance from the bottom of the cloud.
            below = sum(1 for cx, cy, r in bumps if (x - cx) ** 2 + (y + 3 - cy) ** 2 <= r * r)
            if y + 3 >= h or below == 0:
                c = CL2
            elif sum(1 for cx, cy, r in bumps if (x - cx) ** 2 + (y + 6 - cy) ** 2 <= r * r) == 0:
                c = CL1
            else:
                c = CL0
            img[y][x] = c
    return img


def cut(img, tx, ty):
    return [row[tx * T:(tx + 1) * T] for row in img[ty * T:(ty + 1) * T]]


# ---------------------------------------------------------------------------------------------
# The tileset: named tiles at fixed places (16 tiles across)

COLUMNS = 16


def build_tileset(heights):
    tiles = {}  # name -> (index, picture)

    def put(index, name, pic):
        assert index not in [i for i, _ in tiles.values()], name
        tiles[name] = (index, pic)

    full = mask_of(SOLID, heights)
    # Row 0: ground (top open?, left open?, right open?), bottom half steps, top half slabs.
    for k in range(8):
        top, left, right = bool(k & 4), bool(k & 1), bool(k & 2)
        put(k, f"ground{'T' if top else ''}{'L' if left else ''}{'R' if right else ''}", terrain(full, top, left, right))
    for k in range(4):
        left, right = bool(k & 1), bool(k & 2)
        put(8 + k, f"step{'L' if left else ''}{'R' if right else ''}", terrain(mask_of(BOTTOM_HALF, heights), True, left, right))
    for k in range(4):
        left, right = bool(k & 1), bool(k & 2)
        put(12 + k, f"slab{'L' if left else ''}{'R' if right else ''}", stone(mask_of(TOP_HALF, heights), True, left, right, True))
    # Row 1: slopes (rising, then falling), pillars.
    for k, s in enumerate(SLOPES):
        put(16 + k, f"slope{s}", terrain(mask_of(s, heights)))
    for k, (s, top) in enumerate([(LEFT_HALF, True), (LEFT_HALF, False), (RIGHT_HALF, True), (RIGHT_HALF, False)]):
        put(28 + k, f"pillar{s}{'T' if top else ''}", stone(mask_of(s, heights), top, s == RIGHT_HALF, s == LEFT_HALF, False))
    # Row 2: bridge, height tiles, hill fill.
    for k in range(4):
        left, right = bool(k & 1), bool(k & 2)
        put(32 + k, f"bridge{'L' if left else ''}{'R' if right else ''}", bridge(left, right))
    for k, t in enumerate(sorted(heights)):
        put(36 + k, f"height{t}", terrain(heights[t]))
    put(47, "hillfill", hill_fill())
    # Rows 3..6: the hill strip (columns 0..7) and two clouds (columns 8..13).
    strip = hills_strip()
    for ty in range(HILLS_H):
        for tx in range(HILLS_W):
            put((3 + ty) * COLUMNS + tx, f"hills{tx},{ty}", cut(strip, tx, ty))
    big = cloud(3, 2, [(12, 20, 9), (24, 14, 12), (36, 20, 9), (20, 22, 8), (30, 22, 8)])
    small = cloud(2, 1, [(9, 9, 6), (17, 6, 7), (24, 10, 5)])
    for ty in range(2):
        for tx in range(3):
            put((3 + ty) * COLUMNS + 8 + tx, f"cloudA{tx},{ty}", cut(big, tx, ty))
    for tx in range(2):
        put(5 * COLUMNS + 8 + tx, f"cloudB{tx},0", cut(small, tx, 0))
    return tiles


def write_png(path, w, h, pixels):
    raw = b"".join(b"\x00" + bytes(c for p in pixels[y * w:(y + 1) * w] for c in p) for y in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path + ".tmp", "wb") as f:
        f.write(png)
    os.replace(path + ".tmp", path)


def write_tileset(path, tiles):
    rows = max(i for i, _ in tiles.values()) // COLUMNS + 1
    w, h = COLUMNS * T, rows * T
    px = [CLEAR] * (w * h)
    for index, pic in tiles.values():
        ox, oy = index % COLUMNS * T, index // COLUMNS * T
        for y in range(T):
            for x in range(T):
                px[(oy + y) * w + ox + x] = pic[y][x]
    write_png(path, w, h, px)
    return w, h


def check_colours(tiles):
    """At most 15 colours per 8x8 cell, and each colour family at most 15 colours."""
    terrain_family = {OUT, DIRT0, DIRT1, DIRT2, DIRT3, GR0, GR1, GR2, GR3, ST0, ST1, ST2, WD1, WD2}
    background_family = {FAR0, FAR1, NEAR0, NEAR1, NEAR2, CL0, CL1, CL2}
    assert len(terrain_family) <= 15 and len(background_family) <= 15
    for name, (_, pic) in tiles.items():
        used = {p for row in pic for p in row if p[3]}
        assert used <= terrain_family or used <= background_family, name


# ---------------------------------------------------------------------------------------------
# The map's art layers


def paint_map(path, tiles, tileset_rel, tileset_size, heights):
    # The art tileset is named after its PNG (demo-tiles.png: "demo-tiles").
    ts_name = os.path.splitext(os.path.basename(tileset_rel))[0]
    with open(path) as f:
        m = json.load(f)
    W, H = m["width"], m["height"]
    coll = next(l for l in m["layers"] if l.get("name", "").lower() == "collision")
    ts_coll = next(t for t in m["tilesets"] if t["name"] == "collision")
    ids = [g - ts_coll["firstgid"] if g else 0 for g in coll["data"]]
    arts = [t for t in m["tilesets"] if t["name"] == ts_name]
    firstgid = arts[0]["firstgid"] if arts else max(t["firstgid"] + t["tilecount"] for t in m["tilesets"])
    gid = lambda name: firstgid + tiles[name][0]
    masks = {}

    def mask(i):
        if i not in masks:
            masks[i] = mask_of(i, heights) if (i < FIRST_HEIGHT_TILE or i in heights) else [[False] * T for _ in range(T)]
        return masks[i]

    def at(x, y):
        if x < 0 or x >= W:
            return SOLID  # the map's sides: no edge drawn there
        if y < 0 or y >= H:
            return 0
        return ids[y * W + x]

    def covers_top(i):
        return i in SLOPES or all(mask(i)[15])

    def open_side(i, col):
        return not all(mask(i)[y][col] for y in range(T))

    def suffix(flags):
        return "".join(c for c, on in flags if on)

    terrain_gids = []
    for y in range(H):
        for x in range(W):
            i = at(x, y)
            left, right = open_side(at(x - 1, y), 15), open_side(at(x + 1, y), 0)
            if i == 0:
                g = 0
            elif i == SOLID:
                g = gid("ground" + suffix([("T", not covers_top(at(x, y - 1))), ("L", left), ("R", right)]))
            elif i == BOTTOM_HALF:
                g = gid("step" + suffix([("L", left), ("R", right)]))
            elif i == TOP_HALF:
                g = gid("slab" + suffix([("L", at(x - 1, y) != TOP_HALF), ("R", at(x + 1, y) != TOP_HALF)]))
            elif i in SLOPES:
                g = gid(f"slope{i}")
            elif i in (LEFT_HALF, RIGHT_HALF):
                g = gid(f"pillar{i}" + ("T" if at(x, y - 1) != i else ""))
            elif i == ONE_WAY:
                g = gid("bridge" + suffix([("L", at(x - 1, y) != ONE_WAY), ("R", at(x + 1, y) != ONE_WAY)]))
            elif i >= FIRST_HEIGHT_TILE:
                g = gid(f"height{i}")
            else:
                sys.exit(f"{path}: tile ({x}, {y}) has collision id {i}, which has no art tile")
            terrain_gids.append(g)

    # Background: clouds high up, the hill band from row HILL_ROW, hill fill below it. With
    # parallax 0.5 the camera sees at most the top (view + (map - view) / 2) of the plane:
    # the band is placed where the usual camera (near the ground) sees it.
    HILL_ROW = 11
    bg = [0] * (W * H)
    for y in range(H):
        for x in range(W):
            if HILL_ROW <= y < HILL_ROW + HILLS_H:
                bg[y * W + x] = gid(f"hills{x % HILLS_W},{y - HILL_ROW}")
            elif y >= HILL_ROW + HILLS_H:
                bg[y * W + x] = gid("hillfill")
    clouds = [(3, 4, "A"), (14, 7, "B"), (22, 3, "A"), (33, 8, "A"), (41, 5, "B"), (52, 2, "A"), (60, 9, "B"),
              (68, 5, "A"), (79, 7, "A"), (88, 3, "B"), (95, 6, "A"), (106, 9, "B"), (113, 4, "A"), (124, 7, "A"),
              (133, 3, "B"), (141, 6, "A"), (152, 9, "B"), (160, 4, "A"), (171, 7, "A"), (180, 3, "B"), (186, 8, "A")]
    for cx, cy, kind in clouds:
        w, h = (3, 2) if kind == "A" else (2, 1)
        for ty in range(h):
            for tx in range(w):
                if cx + tx < W:
                    bg[(cy + ty) * W + cx + tx] = gid(f"cloud{kind}{tx},{ty}")

    next_id = m.get("nextlayerid", 1)
    layers = [l for l in m["layers"] if l.get("name") not in ("background", "terrain")]

    def layer(name, data, extra, lid):
        d = {"data": data, "height": H, "id": lid, "name": name, "opacity": 1}
        d.update(extra)
        d.update({"type": "tilelayer", "visible": True, "width": W, "x": 0, "y": 0})
        return dict(sorted(d.items()))

    old = {l.get("name"): l.get("id") for l in m["layers"]}
    bid = old.get("background") or next_id
    next_id = max(next_id, bid + 1)
    tid = old.get("terrain") or next_id
    next_id = max(next_id, tid + 1)
    background = layer("background", bg, {"parallaxx": 0.5, "parallaxy": 0.5,
                                         "properties": [{"name": "plane", "type": "string", "value": "B"}]}, bid)
    # Plane A without priority: the sprites are drawn in front of the terrain.
    terrain_layer = layer("terrain", terrain_gids, {"properties": [{"name": "plane", "type": "string", "value": "A"},
                                                                   {"name": "priority", "type": "bool", "value": False}]}, tid)
    m["layers"] = [background, terrain_layer] + layers
    m["nextlayerid"] = next_id
    m["backgroundcolor"] = "#%02x%02x%02x" % SKY[:3]
    cols = COLUMNS
    ts = {"columns": cols, "firstgid": firstgid, "image": tileset_rel, "imageheight": tileset_size[1],
          "imagewidth": tileset_size[0], "margin": 0, "name": ts_name, "spacing": 0,
          "tilecount": cols * (tileset_size[1] // T), "tileheight": T, "tilewidth": T}
    m["tilesets"] = [t for t in m["tilesets"] if t["name"] != ts_name] + [ts]
    m = dict(sorted(m.items()))
    write_tmj(path, m, W)


def write_tmj(path, m, width):
    """JSON as Tiled writes it: 2-space indents, tile data one map row per line."""
    marks = {}

    def mark(o):
        if isinstance(o, dict):
            out = {}
            for k, v in o.items():
                if k == "data" and isinstance(v, list):
                    key = f"@@DATA{len(marks)}@@"
                    marks[key] = v
                    out[k] = key
                else:
                    out[k] = mark(v)
            return out
        if isinstance(o, list):
            return [mark(v) for v in o]
        return o

    text = json.dumps(mark(m), indent=2, ensure_ascii=False)
    for key, data in marks.items():
        rows = [",".join(str(g) for g in data[i:i + width]) for i in range(0, len(data), width)]
        body = "[\n        " + ",\n        ".join(rows) + "\n      ]"
        text = text.replace(f'"{key}"', body)
    with open(path + ".tmp", "w") as f:
        f.write(text + "\n")
    os.replace(path + ".tmp", path)


def main():
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(root, "levels", "art", "demo-tiles.png"), help="the tileset PNG")
    ap.add_argument("--collision", default=os.path.join(root, "levels", "collision-tiles.png"), help="the collision tileset (height tiles)")
    ap.add_argument("--map", help="a Tiled JSON map whose art layers to (re)write from its collision layer")
    a = ap.parse_args()
    heights = height_masks(a.collision)
    tiles = build_tileset(heights)
    check_colours(tiles)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    size = write_tileset(a.out, tiles)
    print(f"{a.out}: {len(tiles)} tiles, {size[0]}x{size[1]} pixels")
    if a.map:
        rel = os.path.relpath(a.out, os.path.dirname(os.path.abspath(a.map))).replace(os.sep, "/")
        paint_map(a.map, tiles, rel, size, heights)
        print(f"{a.map}: art layers `background` (plane B, parallax 0.5) and `terrain` (plane A) written")


if __name__ == "__main__":
    main()
