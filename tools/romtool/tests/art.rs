//! Art layers (`romtool levels`) and sprite sheets (`romtool sprites`): PNG -> VDP cells ->
//! PNG round trips through the generated Rust, flips found, palettes assigned, every error
//! with its file and line, the VRAM budget against the ROM's layout, and the generated files
//! built in a `no_std` crate with the real engine.
//!
//! The pictures are drawn by the tests (seeded), in Mega Drive colours (channels multiples of
//! 36), so the round trip must give them back exactly; the decoding of the generated data is
//! written here again, from the VDP's rules, not taken from romtool.

mod common;

use romtool_levels::{self as levels, art, gen_art, limits, validate, Level};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------
// Helpers

type Px = [u8; 4];
const CLEAR: Px = [0, 0, 0, 0];
const MAGENTA: Px = [255, 0, 255, 255];

/// Mega Drive colour number `n` (0..512) as RGBA: channels multiples of 36.
fn md(n: u32) -> Px {
    [((n & 7) * 36) as u8, ((n >> 3 & 7) * 36) as u8, ((n >> 6 & 7) * 36) as u8, 255]
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
}

fn write_png(path: &Path, w: u32, h: u32, px: &[Px]) {
    let f = std::fs::File::create(path).unwrap();
    let mut e = png::Encoder::new(std::io::BufWriter::new(f), w, h);
    e.set_color(png::ColorType::Rgba);
    e.set_depth(png::BitDepth::Eight);
    let mut wr = e.write_header().unwrap();
    wr.write_image_data(&px.iter().flatten().copied().collect::<Vec<u8>>()).unwrap();
}

fn read_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut d = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().unwrap();
    let mut buf = vec![0; d.output_buffer_size().unwrap()];
    let info = d.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn encode_png(w: u32, h: u32, px: &[Px]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut e = png::Encoder::new(&mut out, w, h);
        e.set_color(png::ColorType::Rgba);
        e.set_depth(png::BitDepth::Eight);
        e.write_header().unwrap().write_image_data(&px.iter().flatten().copied().collect::<Vec<u8>>()).unwrap();
    }
    out
}

/// A tileset picture: `tiles` 16x16 tiles, `columns` across, as RGBA.
fn tileset_png(path: &Path, tiles: &[Vec<Px>], columns: usize) {
    let rows = tiles.len().div_ceil(columns);
    let (w, h) = (columns * 16, rows * 16);
    let mut px = vec![CLEAR; w * h];
    for (t, tile) in tiles.iter().enumerate() {
        for y in 0..16 {
            for x in 0..16 {
                px[(t / columns * 16 + y) * w + t % columns * 16 + x] = tile[y * 16 + x];
            }
        }
    }
    write_png(path, w as u32, h as u32, &px);
}

/// A TMX map of `w` x `h` tiles with an external tileset `art.tsx` and tile layers (name,
/// extra XML inside `<layer>`, CSV gids).
fn tmx(dir: &Path, w: usize, h: usize, layers: &[(&str, &str, Vec<u32>)]) -> PathBuf {
    let layers: Vec<(&str, &str, &str, Vec<u32>)> = layers.iter().map(|(n, e, g)| (*n, "", *e, g.clone())).collect();
    tmx_with(dir, w, h, "", &layers)
}

/// [`tmx`] with attributes: `map_attrs` on `<map>`, and per layer (name, attributes of
/// `<layer>`, extra XML inside it, CSV gids).
fn tmx_with(dir: &Path, w: usize, h: usize, map_attrs: &str, layers: &[(&str, &str, &str, Vec<u32>)]) -> PathBuf {
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" width=\"{w}\" height=\"{h}\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\"{map_attrs}>\n <tileset firstgid=\"1\" source=\"art.tsx\"/>\n"
    );
    for (name, attrs, extra, gids) in layers {
        s.push_str(&format!(" <layer name=\"{name}\" width=\"{w}\" height=\"{h}\"{attrs}>{extra}<data encoding=\"csv\">\n"));
        for row in gids.chunks(w) {
            s.push_str(&row.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(","));
            s.push_str(",\n");
        }
        s.truncate(s.len() - 2);
        s.push_str("\n</data></layer>\n");
    }
    s.push_str("</map>\n");
    let p = dir.join("map.tmx");
    std::fs::write(&p, s).unwrap();
    p
}

/// The external tileset `art.tsx` for `art.png`; `tiles_xml` goes after the image.
fn tsx(dir: &Path, tile: u32, columns: usize, count: usize, image_attrs: &str, tiles_xml: &str) -> PathBuf {
    let s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" name=\"art\" tilewidth=\"{tile}\" tileheight=\"{tile}\" tilecount=\"{count}\" columns=\"{columns}\">\n <image source=\"art.png\" {image_attrs}/>\n{tiles_xml}</tileset>\n"
    );
    let p = dir.join("art.tsx");
    std::fs::write(&p, s).unwrap();
    p
}

/// Line and column (1-based) of the first `needle` in a file.
fn line_col(path: &Path, needle: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle} not in {}", path.display()));
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn compile(path: &Path) -> Result<Level, Vec<String>> {
    levels::load_file(path).and_then(validate::validate).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
}

fn errors(path: &Path) -> Vec<String> {
    compile(path).expect_err("the map must be rejected")
}

/// Tiled's flips of a 16x16 picture (the gid's flag bits).
fn tiled_flip(pic: &[Px], gid: u32, x: usize, y: usize) -> Px {
    let (mut sx, mut sy) = (x, y);
    if gid & 0x8000_0000 != 0 {
        sx = 15 - sx;
    }
    if gid & 0x4000_0000 != 0 {
        sy = 15 - sy;
    }
    if gid & 0x2000_0000 != 0 {
        std::mem::swap(&mut sx, &mut sy);
    }
    pic[sy * 16 + sx]
}

// ---- reading the generated Rust back (syn) -------------------------------------------------

fn int(e: &syn::Expr) -> u64 {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse::<u64>().unwrap(),
        _ => panic!("not an integer literal"),
    }
}

/// `static NAME: [T; N] = [ints]` or `[[ints]; N]` (flattened).
/// The colour index of pixel (`x % 8`, `y % 8`) of VDP tile `cell` in `tiles` (16 words a
/// tile, 4 pixels a word, the leftmost in the top nibble).
fn cell_pixel(tiles: &[u64], cell: usize, x: usize, y: usize) -> usize {
    (tiles[cell * 16 + (y % 8) * 2 + (x % 8) / 4] >> (12 - 4 * (x % 4)) & 15) as usize
}

fn read_static(file: &syn::File, name: &str) -> Vec<u64> {
    for item in &file.items {
        if let syn::Item::Static(s) = item {
            if s.ident == name {
                let syn::Expr::Array(arr) = &*s.expr else { panic!("{name} is not an array literal") };
                let mut out = Vec::new();
                for e in &arr.elems {
                    match e {
                        syn::Expr::Array(inner) => out.extend(inner.elems.iter().map(int)),
                        e => out.push(int(e)),
                    }
                }
                return out;
            }
        }
    }
    panic!("{name} not found in the generated file")
}

/// What the VDP shows of a plane: name-table words (`w2` cells across), VDP tiles from
/// `FIRST_ART_TILE` as 16 words each, palette lines; pixel (x, y) as RGBA (alpha 0 where
/// nothing is drawn). Written from the VDP's rules.
fn vdp_plane(words: &[u64], w2: usize, h2: usize, tiles: &[u64], palettes: &[u64]) -> Vec<Px> {
    let mut px = vec![CLEAR; w2 * 8 * h2 * 8];
    for cy in 0..h2 {
        for cx in 0..w2 {
            let word = words[cy * w2 + cx] as u16;
            if word == 0 {
                continue;
            }
            let tile = (word & 0x7FF) as usize - limits::ROM_ART_BASE_TILE;
            let line = (word >> 13 & 3) as usize;
            for y in 0..8 {
                for x in 0..8 {
                    let sx = if word & 0x0800 != 0 { 7 - x } else { x };
                    let sy = if word & 0x1000 != 0 { 7 - y } else { y };
                    let w = tiles[tile * 16 + sy * 2 + sx / 4] as u16;
                    let index = (w >> (12 - 4 * (sx % 4)) & 15) as usize;
                    if index != 0 {
                        let c = palettes[line * 16 + index] as u16;
                        let ch = |s: u16| ((c >> s & 7) * 36) as u8;
                        px[(cy * 8 + y) * w2 * 8 + cx * 8 + x] = [ch(1), ch(5), ch(9), 255];
                    }
                }
            }
        }
    }
    px
}

/// The art of `level` through the generated `art.rs`: (plane B, plane A) pixels, and the file.
fn planes_from_rust(level: &Level) -> (Option<Vec<Px>>, Option<Vec<Px>>, syn::File) {
    let text = gen_art::generate(std::slice::from_ref(level));
    assert!(text.is_ascii());
    let file = syn::parse_file(&text).expect("art.rs parses");
    let id = format!("ART_{}", level.ident);
    let tiles = read_static(&file, &format!("{id}_TILES"));
    let pals = read_static(&file, &format!("{id}_PALETTES"));
    let (w2, h2) = (2 * level.width as usize, 2 * level.height as usize);
    let a = level.art.as_ref().unwrap();
    let plane =
        |name: &str, present: bool| present.then(|| vdp_plane(&read_static(&file, &format!("{id}_PLANE_{name}")), w2, h2, &tiles, &pals));
    (plane("B", a.plane_b.is_some()), plane("A", a.plane_a.is_some()), file)
}

/// What Tiled shows of the layers `layers` (bottom first; gids with flags) stacked, for
/// tileset pictures `pics` (gid 1 = `pics[0]`), colours as the Mega Drive shows them
/// (`transparent` pixels cleared).
fn tiled_view(layers: &[&[u32]], w: usize, h: usize, pics: &[Vec<Px>], transparent: Option<Px>) -> Vec<Px> {
    let mut px = vec![CLEAR; w * 16 * h * 16];
    for gids in layers {
        for (k, &g) in gids.iter().enumerate() {
            if g & 0x0FFF_FFFF == 0 {
                continue;
            }
            let pic = &pics[(g & 0x0FFF_FFFF) as usize - 1];
            for y in 0..16 {
                for x in 0..16 {
                    let p = tiled_flip(pic, g, x, y);
                    if p[3] >= 128 && Some(p) != transparent {
                        px[((k / w) * 16 + y) * w * 16 + (k % w) * 16 + x] = p;
                    }
                }
            }
        }
    }
    px
}

/// A random tile over colours `palette` (+ transparent and magenta pixels when asked).
fn noise_tile(rng: &mut Rng, palette: &[Px], holes: bool) -> Vec<Px> {
    (0..256)
        .map(|_| {
            let r = rng.next() % 64;
            if holes && r < 6 {
                CLEAR
            } else if holes && r < 9 {
                MAGENTA
            } else {
                palette[rng.next() as usize % palette.len()]
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Round trips, flips, palettes

/// Three colour groups of 12 colours (36 colours: three palette lines), transparent pixels
/// from alpha and from Tiled's transparent colour, a background layer, a foreground layer
/// (name convention) with Tiled's flips, collision from tile properties: what the VDP shows
/// (decoded from the generated Rust) is exactly what Tiled shows, pixel for pixel, as PNGs.
#[test]
fn art_round_trip_png_vdp_png() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(14);
    let groups: Vec<Vec<Px>> = (0..3).map(|g| (0..12).map(|k| md(1 + g * 100 + k * 7)).collect()).collect();
    let pics: Vec<Vec<Px>> = (0..12).map(|t| noise_tile(&mut rng, &groups[t % 3], t >= 3)).collect();
    tileset_png(&d.join("art.png"), &pics, 4);
    tsx(
        d,
        16,
        4,
        12,
        "trans=\"ff00ff\" width=\"64\" height=\"48\"",
        " <tile id=\"0\"><properties><property name=\"collision\" value=\"solid\"/></properties></tile>\n",
    );
    let (w, h) = (8, 5);
    let ground: Vec<u32> = (0..w * h).map(|k| if k / w == h - 1 { 1 } else { 1 + (rng.next() % 12) }).collect();
    let flags = [0, 0x8000_0000, 0x4000_0000, 0xC000_0000, 0x2000_0000, 0xA000_0000];
    let front: Vec<u32> = (0..w * h)
        .map(|_| if rng.next().is_multiple_of(3) { (4 + rng.next() % 8) | flags[rng.next() as usize % flags.len()] } else { 0 })
        .collect();
    let map = tmx(d, w, h, &[("sky and ground", "", ground.clone()), ("fg leaves", "", front.clone())]);
    let level = compile(&map).unwrap_or_else(|e| panic!("{e:?}"));
    // Collision from the property: the bottom row is tile 0 = solid.
    assert!(level.tiles[(h - 1) * w..].iter().all(|&t| t == 2));
    let a = level.art.as_ref().expect("art");
    assert_eq!(a.plane_b.as_ref().unwrap().layers, ["sky and ground"]);
    assert_eq!(a.plane_a.as_ref().unwrap().layers, ["fg leaves"]);
    assert_eq!(a.palettes.len(), 3, "36 colours in three groups of 12");
    let (b, fa, _) = planes_from_rust(&level);
    let want_b = tiled_view(&[&ground[..]], w, h, &pics, Some(MAGENTA));
    let want_a = tiled_view(&[&front[..]], w, h, &pics, Some(MAGENTA));
    let (pw, ph) = (w as u32 * 16, h as u32 * 16);
    for (got, want) in [(b.unwrap(), want_b), (fa.unwrap(), want_a.clone())] {
        assert_eq!(got, want);
        // And as PNG files: the picture decoded from the VDP data equals Tiled's.
        assert_eq!(read_png(&encode_png(pw, ph, &got)), read_png(&encode_png(pw, ph, &want)));
    }
    // Plane A has priority (foreground), plane B not.
    let pa = &a.plane_a.as_ref().unwrap().words;
    assert!(pa.iter().filter(|&&w| w != 0).all(|w| w & 0x8000 != 0));
    assert!(a.plane_b.as_ref().unwrap().words.iter().all(|w| w & 0x8000 == 0));
    // The library's own decoder agrees.
    for y in 0..ph as usize {
        for x in 0..pw as usize {
            let p = a.pixel(art::Plane::A, x, y).map(|c| [c[0], c[1], c[2], 255]).unwrap_or(CLEAR);
            assert_eq!(p, want_a[y * pw as usize + x]);
        }
    }
}

/// A tile, its horizontal, vertical and both-ways mirror in the tileset, and Tiled's flip
/// flags on the tile: one set of four cells, drawn with the name table's flip bits.
#[test]
fn art_flips_found() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(7);
    let colours: Vec<Px> = (0..8).map(|k| md(3 + k * 61)).collect();
    let t0 = noise_tile(&mut rng, &colours, false);
    let mirror = |fx: bool, fy: bool| -> Vec<Px> {
        (0..256).map(|i| t0[(if fy { 15 - i / 16 } else { i / 16 }) * 16 + if fx { 15 - i % 16 } else { i % 16 }]).collect()
    };
    let pics = vec![t0.clone(), mirror(true, false), mirror(false, true), mirror(true, true)];
    tileset_png(&d.join("art.png"), &pics, 4);
    tsx(d, 16, 4, 4, "width=\"64\" height=\"16\"", "");
    let row2 = vec![1, 1 | 0x8000_0000, 1 | 0x4000_0000, 1 | 0xC000_0000];
    let mut gids = vec![1, 2, 3, 4];
    gids.extend(&row2);
    // A map with a `collision` layer: the art layer is the other one.
    let map = tmx(d, 4, 2, &[("collision", "", vec![0; 8]), ("back", "", gids.clone())]);
    let level = compile(&map).unwrap_or_else(|e| panic!("{e:?}"));
    let a = level.art.as_ref().unwrap();
    assert_eq!(a.cells.len(), 4, "one tile's four cells for all four pictures");
    assert_eq!(a.palettes.len(), 1);
    let p = a.plane_b.as_ref().unwrap();
    let word = |cx: usize, cy: usize| p.words[cy * 8 + cx];
    let (h, v) = (romtool_gfx::cells::HFLIP, romtool_gfx::cells::VFLIP);
    for row in [0, 2] {
        // Tile 1 (mirrored left to right): its left cells are tile 0's right cells, flipped.
        assert_eq!(word(2, row), word(1, 0) | h);
        assert_eq!(word(3, row), word(0, 0) | h);
        assert_eq!(word(2, row + 1), word(1, 1) | h);
        // Tile 2 (top to bottom) and 3 (both).
        assert_eq!(word(4, row), word(0, 1) | v);
        assert_eq!(word(5, row + 1), word(1, 0) | v);
        assert_eq!(word(6, row), word(1, 1) | h | v);
        assert_eq!(word(7, row + 1), word(0, 0) | h | v);
    }
    // Tile 0 itself has no flips and uses the first four cells.
    let base = limits::ROM_ART_BASE_TILE as u16;
    assert_eq!([word(0, 0), word(1, 0), word(0, 1), word(1, 1)].map(|w| w & 0x1FFF), [base, base + 1, base + 2, base + 3]);
    let (b, _, _) = planes_from_rust(&level);
    assert_eq!(b.unwrap(), tiled_view(&[&gids[..]], 4, 2, &pics, None));
}

/// Colour sets that share a line go to one line; a set that does not fit opens another; every
/// cell's word names the line that holds its colours; lines hold exactly the colours used.
#[test]
fn art_palettes_assigned() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(3);
    let a15: Vec<Px> = (0..15).map(|k| md(10 + k)).collect();
    let b15: Vec<Px> = (0..15).map(|k| md(200 + k)).collect();
    let pics = vec![
        noise_tile(&mut rng, &a15, false),
        noise_tile(&mut rng, &b15, false),
        noise_tile(&mut rng, &a15[..5], false),
        noise_tile(&mut rng, &b15[10..], false),
    ];
    tileset_png(&d.join("art.png"), &pics, 4);
    tsx(d, 16, 4, 4, "width=\"64\" height=\"16\"", "");
    let map = tmx(d, 4, 1, &[("collision", "", vec![0; 4]), ("back", "", vec![1, 2, 3, 4])]);
    let level = compile(&map).unwrap_or_else(|e| panic!("{e:?}"));
    let a = level.art.as_ref().unwrap();
    assert_eq!(a.palettes.len(), 2);
    let cram = |p: &Px| romtool_gfx::cells::quantise([p[0], p[1], p[2]]);
    let line_of = |set: &[Px]| a.palettes.iter().position(|l| set.iter().all(|c| l[1..].contains(&cram(c)))).unwrap();
    let (la, lb) = (line_of(&a15), line_of(&b15));
    assert_ne!(la, lb);
    for l in &a.palettes {
        assert_eq!(l[0], 0, "entry 0 is transparent");
        let used: std::collections::BTreeSet<u16> = l[1..].iter().copied().collect();
        assert!(used == a15.iter().map(cram).collect() || used == b15.iter().map(cram).collect());
    }
    let words = &a.plane_b.as_ref().unwrap().words;
    for (tile, line) in [(0, la), (1, lb), (2, la), (3, lb)] {
        for q in 0..4 {
            let w = words[(q / 2) * 8 + tile * 2 + q % 2];
            assert_eq!((w >> 13 & 3) as usize, line, "tile {tile} cell {q}");
        }
    }
}

/// Layer properties: `plane` = `A` / `none`, `priority` = false on a foreground layer, two
/// layers stacked on plane B (transparent pixels show the one below).
#[test]
fn art_layer_properties_and_stacking() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(5);
    let c: Vec<Px> = (0..6).map(|k| md(40 + k * 5)).collect();
    let pics = vec![noise_tile(&mut rng, &c, false), noise_tile(&mut rng, &c[..3], true)];
    tileset_png(&d.join("art.png"), &pics, 2);
    tsx(d, 16, 2, 2, "trans=\"ff00ff\" width=\"32\" height=\"16\"", "");
    let l1 = vec![1, 1, 0];
    let l2 = vec![2, 0, 2];
    let map = tmx(
        d,
        3,
        1,
        &[
            ("collision", "", vec![0; 3]),
            ("far", "", l1.clone()),
            ("near", "", l2.clone()),
            ("hud", "<properties><property name=\"plane\" value=\"A\"/><property name=\"priority\" type=\"bool\" value=\"false\"/></properties>", vec![2, 2, 2]),
            ("notes", "<properties><property name=\"plane\" value=\"none\"/></properties>", vec![1, 1, 1]),
        ],
    );
    let level = compile(&map).unwrap_or_else(|e| panic!("{e:?}"));
    let a = level.art.as_ref().unwrap();
    assert_eq!(a.plane_b.as_ref().unwrap().layers, ["far", "near"]);
    assert_eq!(a.plane_a.as_ref().unwrap().layers, ["hud"]);
    assert!(a.plane_a.as_ref().unwrap().words.iter().all(|w| w & 0x8000 == 0), "priority = false");
    let (b, fa, _) = planes_from_rust(&level);
    assert_eq!(b.unwrap(), tiled_view(&[&l1[..], &l2[..]], 3, 1, &pics, Some(MAGENTA)));
    assert_eq!(fa.unwrap(), tiled_view(&[&[2u32, 2, 2][..]], 3, 1, &pics, Some(MAGENTA)));
}

/// Maps without art layers (the good fixtures) have no art; the shipped levels' `art.rs` lists
/// `None` exactly for the shipped levels without art.
#[test]
fn levels_without_art_layers_have_no_art() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = levels::load_dir(&root.join("../../levels")).unwrap();
    let text = gen_art::generate(&shipped);
    let entries: Vec<String> =
        shipped.iter().map(|l| if l.art.is_some() { format!("Some(&ART_{})", l.ident) } else { "None".into() }).collect();
    let table = format!("pub static LEVEL_ART: [Option<&LevelArt>; {}] = [{}];", shipped.len(), entries.join(", "));
    assert!(text.contains(&table), "{table}");
    for f in std::fs::read_dir(root.join("tests/fixtures/good")).unwrap() {
        let p = f.unwrap().path();
        if levels::format_of(&p).is_some() {
            assert!(compile(&p).unwrap().art.is_none(), "{}", p.display());
        }
    }
}

/// The third-party map `levels/mrrescue_base.tmx` (Mr. Rescue's TMX 1.0 map, base64 layer
/// data, its original 62-colour indexed tileset PNG with Tiled's `trans="000000"`): its `main`
/// layer is plane B, and what the VDP shows (decoded from the generated Rust) is the map drawn
/// from the PNG, pixel for pixel, with each channel rounded to the Mega Drive's 8 levels.
#[test]
fn third_party_map_shows_its_tileset_art() {
    use base64::Engine as _;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels");
    let level = compile(&dir.join("mrrescue_base.tmx")).unwrap_or_else(|e| panic!("{e:?}"));
    let a = level.art.as_ref().expect("mrrescue_base has art");
    assert_eq!(a.plane_b.as_ref().unwrap().layers, ["main"]);
    assert!(a.plane_a.is_none());
    assert!(a.plane_b.as_ref().unwrap().words.iter().all(|w| w & 0x8000 == 0), "plane B without priority");
    assert!(a.palettes.len() <= limits::MAX_ART_PALETTES && a.cells.len() <= limits::VRAM_ART_CELLS);
    // The tileset PNG as RGBA, every 16x16 tile (Tiled's gid 1 = tile 0).
    let mut d = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(dir.join("mrrescue-tiles.png")).unwrap()));
    d.set_transformations(png::Transformations::EXPAND);
    let mut r = d.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!((info.color_type, info.bit_depth, info.width), (png::ColorType::Rgba, png::BitDepth::Eight, 256));
    let round = |v: u8| (((v as u16 + 18) / 36).min(7) * 36) as u8;
    let pics: Vec<Vec<Px>> = (0..256)
        .map(|t| {
            (0..256)
                .map(|i| {
                    let o = ((t / 16 * 16 + i / 16) * 256 + t % 16 * 16 + i % 16) * 4;
                    let p = &buf[o..o + 4];
                    if p[..3] == [0, 0, 0] {
                        CLEAR
                    } else {
                        [round(p[0]), round(p[1]), round(p[2]), p[3]]
                    }
                })
                .collect()
        })
        .collect();
    // The `main` layer's gids, read from the map's base64 data.
    let text = std::fs::read_to_string(dir.join("mrrescue_base.tmx")).unwrap();
    let data = text
        .split("<layer name=\"main\"")
        .nth(1)
        .unwrap()
        .split("<data encoding=\"base64\">")
        .nth(1)
        .unwrap()
        .split("</data>")
        .next()
        .unwrap();
    let bytes = base64::engine::general_purpose::STANDARD.decode(data.trim()).unwrap();
    let gids: Vec<u32> = bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let (w, h) = (level.width as usize, level.height as usize);
    assert_eq!(gids.len(), w * h);
    let want = tiled_view(&[&gids[..]], w, h, &pics, None);
    assert!(want.iter().filter(|p| p[3] != 0).count() > w * h * 128, "most of the building is drawn");
    let (b, _, _) = planes_from_rust(&level);
    assert!(b.unwrap() == want, "plane B differs from the map drawn from mrrescue-tiles.png");
}

// ---------------------------------------------------------------------------------------------
// Parallax and backdrop

/// Two art layers (`back` on plane B, `front` on plane A) over one tile with the given layer
/// attributes and map attributes; the map's path.
fn parallax_map(d: &Path, map_attrs: &str, back: &str, front: &str) -> PathBuf {
    if !d.join("art.png").exists() {
        tileset_png(&d.join("art.png"), &[vec![md(5); 256], vec![md(77); 256]], 2);
        tsx(d, 16, 2, 2, "width=\"32\" height=\"16\"", "");
    }
    tmx_with(d, 2, 1, map_attrs, &[("collision", "", "", vec![0; 2]), ("back", back, "", vec![1, 1]), ("front", front, "", vec![2, 0])])
}

/// Tiled's parallax factors 1, 0.5, 0.25, 0.125 are the right shifts 0..=3 of each plane, in
/// the VDP data and in the generated `ArtPlane`.
#[test]
fn parallax_factors_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (factor, shift) in [("1", 0u8), ("0.5", 1), ("0.25", 2), ("0.125", 3), ("1.0", 0), (".5", 1)] {
        let map = parallax_map(d, "", &format!(" parallaxx=\"{factor}\" parallaxy=\"{factor}\""), "");
        let level = compile(&map).unwrap();
        let a = level.art.as_ref().unwrap();
        assert_eq!(a.plane_b.as_ref().unwrap().parallax, shift, "factor {factor}");
        assert_eq!(a.plane_a.as_ref().unwrap().parallax, 0, "no factor: 1");
        let text = gen_art::generate(std::slice::from_ref(&level));
        assert!(
            text.contains(&format!("plane_b: Some(ArtPlane {{ width: 4, height: 2, cells: &ART_MAP_PLANE_B, parallax: {shift} }})")),
            "{text}"
        );
        assert!(text.contains("plane_a: Some(ArtPlane { width: 4, height: 2, cells: &ART_MAP_PLANE_A, parallax: 0 })"));
        assert!(text.contains("camera >> plane.parallax"));
    }
    // Both planes with their own factor; a hidden layer's factor does not count.
    let map = tmx_with(
        d,
        2,
        1,
        "",
        &[
            ("collision", "", "", vec![0; 2]),
            ("back", " parallaxx=\"0.25\" parallaxy=\"0.25\"", "", vec![1, 1]),
            ("hidden", " parallaxx=\"0.7\" visible=\"0\"", "<properties><property name=\"plane\" value=\"B\"/></properties>", vec![2, 2]),
            ("front", " parallaxx=\"0.5\" parallaxy=\"0.5\"", "", vec![2, 0]),
        ],
    );
    let a = compile(&map).unwrap().art.unwrap();
    assert_eq!((a.plane_b.unwrap().parallax, a.plane_a.unwrap().parallax), (2, 1));
}

/// A factor other than 1, 0.5, 0.25, 0.125, different factors in x and y, different factors
/// on the layers of one plane, a factor on a group layer, or no number: errors at the
/// attribute's line and column, with a fix.
#[test]
fn parallax_factors_rejected_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fix = "Fix: set Parallax Factor (Layer Properties) to the same value in x and y, one of 1, 0.5, 0.25, 0.125 (the VDP plane scrolls by the camera shifted right by 0..3)";
    // XML positions are those of the attribute values (after `name="`).
    let map = parallax_map(d, "", " parallaxx=\"0.3\" parallaxy=\"0.3\"", "");
    let (l, c) = line_col(&map, "parallaxx=\"0.3\"");
    assert_eq!(
        errors(&map),
        [format!("{}:{l}:{}: layer `back`: `parallaxx` is 0.3: expected 1, 0.5, 0.25 or 0.125. {fix}", map.display(), c + 11)]
    );
    let map = parallax_map(d, "", "", " parallaxy=\"2\"");
    let (l, c) = line_col(&map, "parallaxy=\"2\"");
    assert_eq!(
        errors(&map),
        [format!("{}:{l}:{}: layer `front`: `parallaxy` is 2: expected 1, 0.5, 0.25 or 0.125. {fix}", map.display(), c + 11)]
    );
    let map = parallax_map(d, "", " parallaxx=\"0.5\" parallaxy=\"0.25\"", "");
    let (l, c) = line_col(&map, "parallaxx=\"0.5\"");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{}: layer `back`: parallax factors x = 0.5, y = 0.25: expected the same in x and y. {fix}",
            map.display(),
            c + 11
        )]
    );
    let map = parallax_map(d, "", " parallaxx=\"half\"", "");
    let (l, c) = line_col(&map, "parallaxx=\"half\"");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{}: layer `back`: `parallaxx` is `half`: expected a number (Tiled's parallax factor: 1, 0.5, 0.25 or 0.125)",
            map.display(),
            c + 11
        )]
    );
    // Two layers of plane B with different factors.
    let map = tmx_with(
        d,
        2,
        1,
        "",
        &[
            ("collision", "", "", vec![0; 2]),
            ("back", " parallaxx=\"0.5\" parallaxy=\"0.5\"", "", vec![1, 1]),
            ("clouds", " parallaxx=\"0.25\" parallaxy=\"0.25\"", "", vec![2, 0]),
        ],
    );
    let (l, c) = line_col(&map, "parallaxx=\"0.25\"");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{}: layer `clouds`: parallax factor 0.25 on plane B, where layer `back` has 0.5: expected one factor per plane (a VDP plane scrolls as one). Fix: give every layer of plane B the same Parallax Factor, or move this layer to the other plane (property `plane`)",
            map.display(),
            c + 11
        )]
    );
    // A group layer's factor.
    let text = std::fs::read_to_string(&map)
        .unwrap()
        .replace(" <layer name=\"back\"", " <group name=\"sky\" parallaxx=\"0.5\">\n <layer name=\"back\"")
        .replace("</data></layer>\n <layer name=\"clouds\"", "</data></layer>\n </group>\n <layer name=\"clouds\"");
    std::fs::write(&map, text).unwrap();
    let (l, c) = line_col(&map, "parallaxx=\"0.5\">");
    let e = errors(&map);
    assert_eq!(
        e[0],
        format!(
            "{}:{l}:{}: group layer `sky`: `parallaxx` is `0.5`: expected 1 (romtool reads the parallax of tile layers only). Fix: set the parallax factor on the art layers inside the group, and 1 on the group",
            map.display(),
            c + 11
        )
    );
    // TMJ: the line of the value.
    let tmj = d.join("map.tmj");
    std::fs::write(
        &tmj,
        "{\"width\": 1, \"height\": 1, \"tilewidth\": 16, \"tileheight\": 16, \"orientation\": \"orthogonal\",\n \"tilesets\": [{\"firstgid\": 1, \"source\": \"art.tsx\"}],\n \"layers\": [{\"type\": \"tilelayer\", \"name\": \"collision\", \"width\": 1, \"height\": 1, \"data\": [0]},\n  {\"type\": \"tilelayer\", \"name\": \"back\", \"width\": 1, \"height\": 1, \"data\": [1],\n   \"parallaxx\": 0.75, \"parallaxy\": 0.75}]}\n",
    )
    .unwrap();
    let (l, c) = line_col(&tmj, "0.75");
    assert_eq!(
        errors(&tmj),
        [format!("{}:{l}:{c}: layer `back`: `parallaxx` is 0.75: expected 1, 0.5, 0.25 or 0.125. {fix}", tmj.display())]
    );
    let text = std::fs::read_to_string(&tmj).unwrap().replace("0.75", "0.125");
    std::fs::write(&tmj, text).unwrap();
    assert_eq!(compile(&tmj).unwrap().art.unwrap().plane_b.unwrap().parallax, 3);
}

/// Tiled's map `backgroundcolor` (`#RRGGBB`, `#AARRGGBB`, TMX and TMJ) is entry 0 of palette
/// line 0, quantised; without it that entry is black; a bad value is an error at its line.
#[test]
fn backdrop_from_the_background_colour() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 0x6C = 108 -> 3, 0xB4 = 180 -> 5, 0xFC = 252 -> 7: CRAM 0000 111 0 101 0 011 0.
    for (attr, want) in [
        ("", 0x0000u16),
        (" backgroundcolor=\"#6cb4fc\"", 0x0EA6),
        (" backgroundcolor=\"#806cb4fc\"", 0x0EA6),
        (" backgroundcolor=\"#ff0000\"", 0x000E),
    ] {
        let map = parallax_map(d, attr, "", "");
        let level = compile(&map).unwrap();
        let a = level.art.as_ref().unwrap();
        assert_eq!(a.palettes[0][0], want, "{attr}");
        assert_eq!(a.backdrop(), want);
        // Through the generated file; the cells never use entry 0, so the art is the same.
        let (b, _, file) = planes_from_rust(&level);
        assert_eq!(read_static(&file, "ART_MAP_PALETTES")[0], want as u64);
        assert_eq!(b.unwrap()[0], md(5));
        assert!(gen_art::generate(std::slice::from_ref(&level)).contains(&format!("backdrop 0x{want:04X}")));
    }
    // Quantised like every colour: 0x70 = 112 is nearest to 108 (3).
    let map = parallax_map(d, " backgroundcolor=\"#70b4fc\"", "", "");
    assert_eq!(compile(&map).unwrap().art.unwrap().palettes[0][0], 0x0EA6);
    for bad in ["#12345", "blue", "#gg0000", "#1234567"] {
        let map = parallax_map(d, &format!(" backgroundcolor=\"{bad}\""), "", "");
        let (l, c) = line_col(&map, "backgroundcolor=");
        assert_eq!(
            errors(&map),
            [format!(
                "{}:{l}:{}: map: `backgroundcolor` is `{bad}`: expected a colour `#RRGGBB` or `#AARRGGBB`. Fix: pick the colour again in Tiled (Map > Map Properties > Background Color), or remove the attribute",
                map.display(),
                c + 17
            )]
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The demo level's art

/// `levels/demo.tmj`'s art fits the ROM (cells, 3 palette lines), has the sky as its
/// backdrop and a background at half speed, draws every collision tile on plane A with the
/// tile's exact shape, and its background covers what the camera at half speed can see.
#[test]
fn demo_art_fits_and_follows_the_collision() {
    use megacollide_engine::shape::{self, PixelKind};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let demo = compile(&root.join("../../levels/demo.tmj")).unwrap();
    let a = demo.art.as_ref().expect("the demo has art layers");
    assert!(a.cells.len() <= limits::VRAM_ART_CELLS, "{} cells", a.cells.len());
    assert!(a.palettes.len() <= limits::MAX_ART_PALETTES, "{} lines", a.palettes.len());
    assert_eq!(a.backdrop(), romtool_gfx::cells::quantise([108, 180, 252]), "the sky");
    let (pb, pa) = (a.plane_b.as_ref().unwrap(), a.plane_a.as_ref().unwrap());
    assert_eq!((pb.layers.as_slice(), pb.parallax), (&["background".to_string()][..], 1));
    assert_eq!((pa.layers.as_slice(), pa.parallax), (&["terrain".to_string()][..], 0));
    // Sprites in front of the terrain: no priority bit anywhere.
    assert!(pa.words.iter().chain(&pb.words).all(|w| w & 0x8000 == 0));
    let (w, h) = (demo.width as usize, demo.height as usize);
    for ty in 0..h {
        for tx in 0..w {
            let id = demo.tile(tx, ty);
            let words: Vec<u16> = (0..4).map(|q| pa.words[(2 * ty + q / 2) * pa.width + 2 * tx + q % 2]).collect();
            assert_eq!(
                id != 0,
                words.iter().any(|&w| w != 0),
                "tile ({tx}, {ty}), id {id}: plane A art exactly where the collision layer has a tile"
            );
            if id == shape::ONE_WAY || id == 0 {
                continue;
            }
            for y in 0..16 {
                for x in 0..16 {
                    let solid = if id >= shape::FIRST_HEIGHT_TILE {
                        demo.height_tiles[(id - shape::FIRST_HEIGHT_TILE) as usize][y] >> x & 1 != 0
                    } else {
                        shape::pixel(id, x as u16, y as u16) == PixelKind::Solid
                    };
                    let drawn = a.pixel(art::Plane::A, tx * 16 + x, ty * 16 + y).is_some();
                    assert_eq!(drawn, solid, "tile ({tx}, {ty}), id {id}, pixel ({x}, {y}): the art is the collision shape");
                }
            }
        }
    }
    // The camera (320 x 224 px) at x 0..=W-320, y 0..=H-224 sees plane B at half those: the
    // background has something drawn in every column of that area, at every camera height.
    let (view_w, view_h) = (320, 224);
    let (max_x, max_y) = (w * 16 - view_w, h * 16 - view_h);
    for cam_y in [0, max_y / 2, max_y] {
        let y0 = cam_y >> pb.parallax;
        for x in 0..(max_x >> pb.parallax) + view_w {
            assert!((y0..y0 + view_h).any(|y| a.pixel(art::Plane::B, x, y).is_some()), "plane B column {x} empty for camera y {cam_y}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors, each with its file and line

#[test]
fn error_tile_with_too_many_colours() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(1);
    let sixteen: Vec<Px> = (0..16).map(|k| md(100 + k)).collect();
    let mut pic = noise_tile(&mut rng, &sixteen[..4], false);
    for (k, c) in sixteen.iter().enumerate() {
        pic[(k / 8) * 16 + 8 + k % 8] = *c; // top-right cell: 16 colours
    }
    tileset_png(&d.join("art.png"), &[noise_tile(&mut rng, &sixteen[..3], false), pic], 2);
    let ts = tsx(d, 16, 2, 2, "width=\"32\" height=\"16\"", "");
    let map = tmx(d, 2, 1, &[("collision", "", vec![0; 2]), ("back", "", vec![1, 2])]);
    let (l, c) = line_col(&ts, "<image");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{c}: tileset `art` ({}): tile 1: its top-right 8x8 cell has 16 colours (after reducing to the Mega Drive's 9-bit colours): expected at most 15 plus transparent",
            ts.display(),
            d.join("art.png").display()
        )]
    );
}

#[test]
fn error_more_than_three_palettes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(2);
    // Four tiles of 15 colours each, no colour shared: four lines (line 3 is the sprites').
    let pics: Vec<Vec<Px>> = (0..4)
        .map(|t| {
            let cs: Vec<Px> = (0..15).map(|k| md(1 + t * 15 + k)).collect();
            let mut p = noise_tile(&mut rng, &cs, false);
            for q in 0..4 {
                for (k, c) in cs.iter().enumerate() {
                    p[((q / 2) * 8 + k / 8) * 16 + (q % 2) * 8 + k % 8] = *c;
                }
            }
            p
        })
        .collect();
    tileset_png(&d.join("art.png"), &pics, 4);
    tsx(d, 16, 4, 4, "width=\"64\" height=\"16\"", "");
    let map = tmx(d, 4, 1, &[("collision", "", vec![0; 4]), ("back", "", vec![1, 2, 3, 4])]);
    let e = errors(&map);
    assert_eq!(e.len(), 1, "{e:?}");
    // The fourth set in size order is tile 3's first cell (all sets have 15 colours: input order).
    let (l, c) = line_col(&map, "1,2,3,4");
    let want = format!(
        "{}:{l}:{}: tile (3, 0): the art needs more than 3 palette lines: the colours of this tile's cells (15 colours) fit none of the 3 lines already full; level art may use palette lines 0..=2 of 15 colours each (line 3 is the sprites' and the text's). Fix: use fewer colours, or share colours between cells (each 8x8 cell takes all its colours from one line)",
        map.display(),
        c + 6
    );
    assert_eq!(e[0], want);
    // Three of them fit: lines 0..=2.
    let map = tmx(d, 3, 1, &[("collision", "", vec![0; 3]), ("back", "", vec![1, 2, 3])]);
    assert_eq!(compile(&map).unwrap().art.unwrap().palettes.len(), 3);
    assert_eq!(limits::MAX_ART_PALETTES, 3);
}

#[test]
fn error_more_cells_than_the_vram_budget() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(9);
    let two = [md(9), md(300)];
    // 240 tiles of noise: 960 distinct cells (none a mirror of another), more than 896.
    let pics: Vec<Vec<Px>> = (0..240).map(|_| noise_tile(&mut rng, &two, false)).collect();
    tileset_png(&d.join("art.png"), &pics, 16);
    tsx(d, 16, 16, 240, "width=\"256\" height=\"240\"", "");
    let map = tmx(d, 16, 15, &[("collision", "", vec![0; 240]), ("back", "", (1..=240).collect())]);
    assert_eq!(
        errors(&map),
        [format!(
            "{}: the art layers need 960 distinct 8x8 cells (after removing repeats and mirrored copies): expected at most {} (the ROM's VRAM for art: VDP tiles {}..{}, `FIRST_ART_TILE` and the level view's `ART_END_TILE`, src/level-view)",
            map.display(),
            limits::VRAM_ART_CELLS,
            limits::ROM_ART_BASE_TILE,
            limits::ROM_ART_END_TILE
        )]
    );
    // 224 of them fit (896 cells).
    let map = tmx(d, 16, 14, &[("collision", "", vec![0; 224]), ("back", "", (1..=224).collect())]);
    assert_eq!(compile(&map).unwrap().art.unwrap().cells.len(), 896);
}

#[test]
fn error_tileset_not_16x16() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(4);
    let c = [md(1), md(2)];
    tileset_png(&d.join("art.png"), &[noise_tile(&mut rng, &c, false), noise_tile(&mut rng, &c, false)], 2);
    // 8x8 tiles.
    let ts = tsx(d, 8, 4, 8, "width=\"32\" height=\"16\"", "");
    let map = tmx(d, 2, 1, &[("collision", "", vec![0; 2]), ("back", "", vec![1, 2])]);
    let (l, col) = line_col(&ts, "<image");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{col}: tileset `art` has 8x8 tiles: expected 16x16 tiles for art layers (each map tile is 2x2 VDP cells)",
            ts.display()
        )]
    );
    // 16x16 tiles, but the image is 40 pixels wide.
    let px = vec![md(1); 40 * 16];
    write_png(&d.join("art.png"), 40, 16, &px);
    let ts = tsx(d, 16, 2, 2, "width=\"40\" height=\"16\"", "");
    assert_eq!(
        errors(&map),
        [format!(
            "{}:{l}:{col}: tileset `art`: {}: tileset is 40x16 pixels: expected a multiple of 16 in both directions (16x16 tiles). Fix: crop or pad the image to whole 16x16 tiles",
            ts.display(),
            d.join("art.png").display()
        )]
    );
}

#[test]
fn error_stacked_layers_with_too_many_colours() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a: Vec<Px> = (0..256).map(|i| md(20 + (i % 8) as u32)).collect();
    let b: Vec<Px> = (0..256).map(|i| if (i + i / 16) % 2 == 0 { md(400 + (i % 8) as u32) } else { CLEAR }).collect();
    tileset_png(&d.join("art.png"), &[a, b], 2);
    tsx(d, 16, 2, 2, "width=\"32\" height=\"16\"", "");
    let map = tmx(d, 1, 1, &[("collision", "", vec![0]), ("back", "", vec![1]), ("decals", "", vec![2])]);
    let (l, c) = line_col(&map, "2\n</data>");
    assert_eq!(
        errors(&map)[0],
        format!(
            "{}:{l}:{c}: tile (0, 0): the layers `back`, `decals` stacked on plane B give the top-left 8x8 cell of this tile 16 colours: expected at most 15 plus transparent (one palette line per cell)",
            map.display()
        )
    );
}

#[test]
fn error_bad_layer_properties() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    tileset_png(&d.join("art.png"), &[vec![md(5); 256]], 1);
    tsx(d, 16, 1, 1, "width=\"16\" height=\"16\"", "");
    let map = tmx(
        d,
        1,
        1,
        &[
            ("collision", "", vec![0]),
            (
                "back",
                "<properties><property name=\"plane\" value=\"C\"/><property name=\"priority\" type=\"int\" value=\"1\"/></properties>",
                vec![1],
            ),
        ],
    );
    let (l, c) = line_col(&map, "value=\"C\"");
    let (l2, c2) = line_col(&map, "value=\"1\"");
    assert_eq!(
        errors(&map),
        [
            // XML positions are those of the attribute values (after `value="`).
            format!(
                "{}:{l}:{}: layer `back`: property `plane` = `C`: expected `A` (foreground), `B` (background) or `none`",
                map.display(),
                c + 7
            ),
            format!("{}:{l2}:{}: layer `back`: property `priority`: expected a bool", map.display(), c2 + 7),
        ]
    );
}

/// The VRAM budget for art is what the ROM leaves between its sprite graphics and the window
/// name table: the level view (`src/level-view`) loads the art at romtool's first tile and
/// ends it at the window name table.
#[test]
fn art_vram_budget_matches_the_rom_layout() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let view = std::fs::read_to_string(root.join("src/level-view/src/lib.rs")).unwrap();
    assert!(
        view.contains("pub const ART_END_TILE: u16 = vdp::WINDOW / vdp::TILE_BYTES;"),
        "src/level-view: the art ends at the window name table"
    );
    assert!(view.contains("first_tile: $art_module::FIRST_ART_TILE,"), "src/level-view: the art's first tile is romtool's");
    let sprites = std::fs::read_to_string(root.join("src/rom/sprites.rs")).unwrap();
    assert!(
        sprites.contains(&format!("pub const FIRST_TILE: u16 = {};", limits::ROM_SPRITE_BASE_TILE)),
        "src/rom/sprites.rs: the sprites before the art"
    );
    assert_eq!(limits::VRAM_ART_CELLS, limits::ROM_ART_END_TILE - limits::ROM_ART_BASE_TILE);
    // The window name table (megadrive::vdp::WINDOW) is where the art must end.
    let vdp = std::fs::read_to_string(root.join("src/megadrive/src/vdp.rs")).unwrap();
    assert!(vdp.contains(&format!("pub const WINDOW: u16 = 0x{:04X};", limits::ROM_ART_END_TILE * 32)));
}

// ---------------------------------------------------------------------------------------------
// Sprites

fn sheet(d: &Path, name: &str, frames: &[Vec<Px>], fw: usize, fh: usize, columns: usize, json: &str) {
    let rows = frames.len().div_ceil(columns);
    let (w, h) = (columns * fw, rows * fh);
    let mut px = vec![CLEAR; w * h];
    for (f, fr) in frames.iter().enumerate() {
        for y in 0..fh {
            for x in 0..fw {
                px[(f / columns * fh + y) * w + f % columns * fw + x] = fr[y * fw + x];
            }
        }
    }
    write_png(&d.join(format!("{name}.png")), w as u32, h as u32, &px);
    std::fs::write(d.join(format!("{name}.json")), json).unwrap();
}

/// Frames of 16x24 with holes (alpha and the sheet's transparent colour): the tiles decoded
/// from `sprites.rs` in the VDP's column-major order give the picture back, the masks are
/// exactly the opaque pixels, the mirrored masks those of the mirrored picture.
#[test]
fn sprites_round_trip_and_masks() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(11);
    let cs: Vec<Px> = (0..10).map(|k| md(7 + k * 33)).collect();
    let (fw, fh) = (16, 24);
    let frames: Vec<Vec<Px>> = (0..5)
        .map(|_| {
            (0..fw * fh)
                .map(|_| match rng.next() % 10 {
                    0 | 1 => CLEAR,
                    2 => MAGENTA,
                    _ => cs[rng.next() as usize % cs.len()],
                })
                .collect()
        })
        .collect();
    sheet(
        d,
        "hero",
        &frames,
        fw,
        fh,
        3,
        "{\n  \"frame_width\": 16,\n  \"frame_height\": 24,\n  \"transparent\": \"#ff00ff\",\n  \"animations\": [\n    { \"name\": \"walk\", \"frames\": [1, 2, 3, 2], \"duration\": 6 },\n    { \"name\": \"stand\", \"frames\": [0], \"duration\": 1, \"loop\": false }\n  ]\n}\n",
    );
    let out = d.join("gen");
    let (sheets, files) = romtool_sprites::build_outputs(d, &out).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(sheets.len(), 1);
    // 5 frames of 16x24 (6 cells), but the sheet is 3x2 frames: the 6th is blank.
    assert_eq!(sheets[0].tiles.len(), 6);
    assert_eq!(sheets[0].animations[0].frames, [1, 2, 3, 2]);
    assert_eq!(
        (sheets[0].animations[0].looping, sheets[0].animations[1].looping),
        (true, false),
        "`loop` true by default, false: a one-shot"
    );
    let text = std::str::from_utf8(&files[0].1).unwrap();
    assert!(text.contains("name: \"stand\", frames: &[0], duration: 1, looping: false"), "{text}");
    let file = syn::parse_file(text).unwrap();
    let tiles = read_static(&file, "HERO_TILES");
    let pal = read_static(&file, "SPRITE_PALETTE");
    let masks = read_static(&file, "HERO_MASK_ROWS");
    let flipped = read_static(&file, "HERO_MASK_ROWS_HFLIP");
    assert_eq!(pal[0], 0);
    assert_eq!(pal.iter().filter(|&&c| c != 0).count(), 10);
    let cells = (fw / 8) * (fh / 8);
    for (f, fr) in frames.iter().enumerate() {
        let mut got = vec![CLEAR; fw * fh];
        for x in 0..fw {
            for y in 0..fh {
                // Column-major: cell (cx, cy) is number cx * (fh / 8) + cy of the frame.
                let cell = f * cells + (x / 8) * (fh / 8) + y / 8;
                let i = cell_pixel(&tiles, cell, x, y);
                if i != 0 {
                    let c = pal[i] as u16;
                    let ch = |s: u16| ((c >> s & 7) * 36) as u8;
                    got[y * fw + x] = [ch(1), ch(5), ch(9), 255];
                }
                let opaque = fr[y * fw + x] != CLEAR && fr[y * fw + x] != MAGENTA;
                assert_eq!(masks[f * fh + y] as u32 >> (31 - x) & 1 == 1, opaque, "frame {f} mask ({x}, {y})");
                assert_eq!(flipped[f * fh + y] as u32 >> (31 - (fw - 1 - x)) & 1 == 1, opaque, "frame {f} mirrored mask");
                assert_eq!(i != 0, opaque, "mask = picture");
            }
        }
        let want: Vec<Px> = fr.iter().map(|&p| if p == MAGENTA { CLEAR } else { p }).collect();
        assert_eq!(read_png(&encode_png(fw as u32, fh as u32, &got)), read_png(&encode_png(fw as u32, fh as u32, &want)), "frame {f}");
    }
    // Past the mask width nothing is set.
    assert!(masks.iter().all(|&m| m as u32 & 0xFFFF == 0));
}

#[test]
fn sprite_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("gen");
    let err = |d: &Path| -> Vec<String> {
        romtool_sprites::build_outputs(d, &out).expect_err("rejected").iter().map(|e| e.to_string()).collect()
    };
    // Frame size.
    let f = vec![vec![md(1); 16 * 16]];
    sheet(d, "a", &f, 16, 16, 1, "{\n  \"frame_width\": 12,\n  \"frame_height\": 16,\n  \"animations\": []\n}\n");
    let j = d.join("a.json");
    assert_eq!(
        err(d),
        [format!("{}:2:18: `frame_width` is 12: expected 8 to 128 pixels, a multiple of 8 (frames over 32 are drawn with several hardware sprites)", j.display())]
    );
    // Frame index past the sheet.
    std::fs::write(
        &j,
        "{\"frame_width\": 16, \"frame_height\": 16,\n \"animations\": [{\"name\": \"x\", \"duration\": 2,\n \"frames\": [0, 1]}]}",
    )
    .unwrap();
    assert_eq!(err(d), [format!("{}:3:16: animation `x`: frame 1: the sheet {} has frames 0..1", j.display(), d.join("a.png").display())]);
    // A `loop` that is not a bool.
    std::fs::write(&j, "{\"frame_width\": 16, \"frame_height\": 16,\n \"animations\": [{\"name\": \"x\", \"duration\": 2, \"frames\": [0],\n \"loop\": \"no\"}]}")
        .unwrap();
    assert_eq!(err(d), [format!("{}:3:10: animation `x`: `loop` is \"no\": expected true or false", j.display())]);
    // Sheet not a whole number of frames.
    std::fs::write(&j, "{\"frame_width\": 16, \"frame_height\": 16, \"animations\": []}").unwrap();
    write_png(&d.join("a.png"), 24, 16, &vec![md(1); 24 * 16]);
    assert_eq!(err(d), [format!("{}: sheet is 24x16 pixels: expected a multiple of 16 across and 16 down (16x16-pixel frames). Fix: crop or pad the image to whole frames", d.join("a.png").display())]);
    // 16 colours over two sheets (one shared line).
    let colours: Vec<Px> = (0..16).map(|k| md(50 + k)).collect();
    sheet(d, "a", &[(0..64).map(|i| colours[i % 10]).collect()], 8, 8, 1, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    sheet(
        d,
        "b",
        &[(0..64).map(|i| colours[6 + i % 10]).collect()],
        8,
        8,
        1,
        "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}",
    );
    let [r, g, b, _] = colours[15];
    assert_eq!(
        err(d),
        [format!(
            "{}: frame 0, pixel (1, 1): colour #{r:02X}{g:02X}{b:02X} would be the 16th colour of palette line 3: expected at most 15 plus transparent (every sheet of the folder with this `palette_line` shares the line). Fix: use fewer colours, or give some sheets another `palette_line`",
            d.join("b.png").display()
        )]
    );
}

// ---------------------------------------------------------------------------------------------
// The generated files build

/// The art tileset `art.tsx` (+ `art.png`) of the tests below: 4 tiles of 16 x 16 pixels in
/// 6 colours (one palette line), tile 0 solid.
fn art_tileset(d: &Path) {
    let mut rng = Rng(21);
    let cs: Vec<Px> = (0..6).map(|k| md(70 + k)).collect();
    let pics: Vec<Vec<Px>> = (0..4).map(|_| noise_tile(&mut rng, &cs, true)).collect();
    tileset_png(&d.join("art.png"), &pics, 4);
    tsx(
        d,
        16,
        4,
        4,
        "trans=\"ff00ff\" width=\"64\" height=\"16\"",
        " <tile id=\"0\"><properties><property name=\"collision\" value=\"solid\"/></properties></tile>\n",
    );
}

/// `levels.rs`, `art.rs` and `sprites.rs` of a level with art and a sheet build as modules of a
/// `no_std` crate with the real engine (warnings denied), used the way a ROM would.
#[test]
fn generated_art_and_sprites_build() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    art_tileset(d);
    tmx(d, 4, 2, &[("ground", "", vec![0, 2, 3, 4, 1, 1, 1, 1]), ("fg", "", vec![3, 0, 0, 2 | 0x8000_0000, 0, 0, 0, 0])]);
    let opts = common::level_options(d, &d.join("gen"));
    let (_, files) = levels::build_outputs(&opts).unwrap_or_else(|e| panic!("{e:?}"));
    let text = |name: &str| String::from_utf8(files.iter().find(|(p, _)| p.ends_with(name)).unwrap().1.clone()).unwrap();
    let sd = d.join("sprites");
    std::fs::create_dir_all(&sd).unwrap();
    sheet(
        &sd,
        "hero",
        &[vec![md(3); 256], vec![CLEAR; 256]],
        16,
        16,
        2,
        "{\"frame_width\": 16, \"frame_height\": 16, \"animations\": [{\"name\": \"walk\", \"frames\": [0, 1], \"duration\": 4}]}",
    );
    let (_, sfiles) = romtool_sprites::build_outputs(&sd, &d.join("gen")).unwrap();
    let sprites = String::from_utf8(sfiles[0].1.clone()).unwrap();
    let uses = "\npub fn uses() -> usize {\n    let a = art::LEVEL_ART[0].unwrap();\n    let b = a.plane_b.unwrap();\n    let hit = sprites::HERO.masks[0].hit(0, 0, &sprites::HERO.masks_hflip[0], 4, 4);\n    \
                a.packed_tiles.len() + art::ART_CHUNK_TILES as usize + a.palettes.len() + b.cells.len() + (100u16 >> b.parallax) as usize + a.plane_a.map_or(0, |p| p.cells.len()) + levels::LEVELS.len() + sprites::SHEETS[0].tiles.len() + hit as usize + art::FIRST_ART_TILE as usize + art::MAX_ART_TILES as usize + sprites::SPRITE_PALETTE.len() + sprites::HERO_ANIMATIONS[0].frames.len()\n}\n";
    common::compile_modules("art", &[("levels", text("levels.rs")), ("art", text("art.rs")), ("sprites", sprites)], uses)
        .unwrap_or_else(|e| panic!("{e}"));
}

// ---------------------------------------------------------------------------------------------
// The sprite palette file (palette.gpl)

/// The text of item `pub const NAME: u8 = N;` in a generated file.
fn const_u8(text: &str, name: &str) -> Option<u8> {
    let pre = format!("pub const {name}: u8 = ");
    text.lines().find_map(|l| l.strip_prefix(&pre)).map(|v| v.trim_end_matches(';').parse().unwrap())
}

/// A GIMP palette as editors write it (byte-order mark, CRLF, comments, `Name:`, `Columns:`,
/// tabs, unnamed and `Untitled` entries, colours off the Mega Drive grid): the line is its
/// colours in file order, pixels take the index of their colour, named entries give `PAL_*`.
#[test]
fn sprite_palette_file_sets_the_line_and_names_the_indices() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let gpl = "\u{FEFF}GIMP Palette\r\nName: test sprites\r\nColumns: 4\r\n#\r\n# a comment\r\n255   0 255\ttransparent\r\n250 250 250\tText\r\n\r\n  0   0   0\tUntitled\r\n 36  72 108\r\n252 252   0\thigh light\r\n  0 240  10\t#overlay-2\r\n";
    std::fs::write(d.join("palette.gpl"), gpl).unwrap();
    // Pixels in entries 1, 3, 4 and 5 (entry 2 black is unused; #FAFAFA quantises like #FCFCFC).
    let cs = [md(0x1FF), md(3 << 6 | 2 << 3 | 1), md(7 << 3 | 7), md(7 << 3)];
    let frame: Vec<Px> = (0..64).map(|i| if i % 5 == 0 { CLEAR } else { cs[i % 4] }).collect();
    sheet(d, "hero", std::slice::from_ref(&frame), 8, 8, 1, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    let (_, files) = romtool_sprites::build_outputs(d, &d.join("gen")).unwrap_or_else(|e| panic!("{e:?}"));
    let text = std::str::from_utf8(&files[0].1).unwrap();
    let file = syn::parse_file(text).unwrap();
    let pal = read_static(&file, "SPRITE_PALETTE");
    assert_eq!(pal, [0x0E0E, 0x0EEE, 0x0000, 0x0642, 0x00EE, 0x00E0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(const_u8(text, "PAL_TRANSPARENT"), Some(0));
    assert_eq!(const_u8(text, "PAL_TEXT"), Some(1));
    assert_eq!(const_u8(text, "PAL_HIGH_LIGHT"), Some(4));
    assert_eq!(const_u8(text, "PAL_OVERLAY_2"), Some(5));
    assert_eq!(text.matches("pub const PAL_").count(), 4, "unnamed and Untitled entries give no constant");
    let tiles = read_static(&file, "HERO_TILES");
    let want = [1u64, 3, 4, 5];
    for (i, p) in frame.iter().enumerate() {
        let (x, y) = (i % 8, i / 8);
        let idx = cell_pixel(&tiles, 0, x, y) as u64;
        assert_eq!(idx, if *p == CLEAR { 0 } else { want[i % 4] }, "pixel ({x}, {y})");
    }
    common::compile_modules(
        "gpl",
        &[("sprites", text.to_string())],
        "\npub fn uses() -> u8 { sprites::PAL_TEXT + sprites::PAL_HIGH_LIGHT + sprites::HERO.masks.len() as u8 }\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn sprite_palette_file_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("gen");
    let p = d.join("palette.gpl");
    let err = |d: &Path| -> Vec<String> {
        romtool_sprites::build_outputs(d, &out).expect_err("rejected").iter().map(|e| e.to_string()).collect()
    };
    sheet(d, "hero", &[vec![md(0x1FF); 64]], 8, 8, 1, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    let pd = p.display();
    // Not a GIMP palette.
    std::fs::write(&p, "JASC-PAL\n0100\n2\n").unwrap();
    assert_eq!(err(d), [format!("{pd}:1:1: the first line is `JASC-PAL`: expected `GIMP Palette`. Fix: export the palette as a GIMP palette (.gpl) from your editor")]);
    // Bad lines: each with its line and column.
    std::fs::write(&p, "GIMP Palette\nColumns: many\n0 0 0 clear\n252 252 25x white\n  12 300 0 red\n1 2\nName: after colours is fine\n")
        .unwrap();
    assert_eq!(
        err(d),
        [
            format!("{pd}:2:1: `Columns:` is `many`: expected a whole number"),
            format!("{pd}:4:9: blue channel is `25x`: expected a whole number 0..=255 (a colour line is `R G B name`)"),
            format!("{pd}:5:6: green channel is `300`: expected a whole number 0..=255 (a colour line is `R G B name`)"),
            format!("{pd}:6:4: blue channel missing: expected a colour line `R G B name` (three numbers 0..=255, then an optional name)"),
        ]
    );
    // No colours.
    std::fs::write(&p, "GIMP Palette\nName: empty\n").unwrap();
    assert_eq!(err(d), [format!("{pd}: no colours: expected lines `R G B name` after the `GIMP Palette` header")]);
    // Too many entries: the 17th is named.
    let many: String = (0..17).map(|k| format!("{} 0 0\n", k * 10)).collect();
    std::fs::write(&p, format!("GIMP Palette\n{many}")).unwrap();
    assert_eq!(err(d), [format!("{pd}:18:1: colour 17 of 17: the sprite palette is one CRAM line of at most 16 entries (entry 0 is the transparent slot). Fix: remove colours, the sheets may use at most 15 besides the transparent one")]);
    // Names: duplicates (after sanitising) and names without a letter or digit.
    std::fs::write(&p, "GIMP Palette\n0 0 0 clear\n252 252 252 Text\n0 0 252 ---\n252 0 0 text!\n").unwrap();
    assert_eq!(
        err(d),
        [
            format!("{pd}:4:1: colour name `---` has no ASCII letter or digit, so it gives no Rust item name. Fix: rename it (letters, digits, blanks, `_`), or leave it empty"),
            format!("{pd}:5:1: colour name `text!` gives PAL_TEXT, as `Text` on line 3 does: expected distinct names. Fix: rename one of them"),
        ]
    );
    // A pixel whose colour is not in the palette: sheet, frame, pixel, once per colour.
    std::fs::write(&p, "GIMP Palette\n0 0 0 clear\n252 252 252 text\n").unwrap();
    let mut f1 = vec![md(0x1FF); 64];
    f1[9] = md(7);
    f1[10] = md(7);
    f1[20] = [0, 0, 0, 255];
    sheet(d, "hero", &[vec![md(0x1FF); 64], f1], 8, 8, 2, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    let png = d.join("hero.png");
    assert_eq!(
        err(d),
        [
            format!("{}: frame 1, pixel (1, 1): colour #FC0000 (Mega Drive #FC0000) is not in the palette {pd}. Fix: draw it with one of the palette's colours, or add it to {pd} (at most 16 entries)", png.display()),
            format!("{}: frame 1, pixel (4, 2): colour #000000 (Mega Drive #000000) is not in the palette {pd} (it is entry 0's, the transparent slot). Fix: draw it with one of the palette's colours, or add it to {pd} (at most 16 entries)", png.display()),
        ]
    );
    // A sheet whose items would clash with a colour's constant.
    std::fs::write(&p, "GIMP Palette\n0 0 0 clear\n252 252 252 text\n").unwrap();
    sheet(d, "hero", &[vec![md(0x1FF); 64]], 8, 8, 1, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    sheet(d, "pal_text", &[vec![md(0x1FF); 64]], 8, 8, 1, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": []}");
    assert_eq!(
        err(d),
        [format!(
            "{}: sheet name `pal_text` gives the Rust item PAL_TEXT, the name of a colour of {pd}: rename the file or the colour",
            d.join("pal_text.json").display()
        )]
    );
    // Nothing was written by any of these.
    assert!(!out.exists());
}

/// The demo's sheets (`levels/sprites/`): PNG -> VDP tiles -> PNG gives every frame back
/// (decoded here from the generated Rust with the palette), the masks are the alpha channel,
/// the palette is palette.gpl's with `text` at index 1.
#[test]
fn demo_sprite_sheets_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels/sprites");
    let tmp = tempfile::tempdir().unwrap();
    let (sheets, files) = romtool_sprites::build_outputs(&dir, tmp.path()).unwrap_or_else(|e| panic!("{e:?}"));
    let text = std::str::from_utf8(&files[0].1).unwrap();
    let file = syn::parse_file(text).unwrap();
    let pal = read_static(&file, "SPRITE_PALETTE");
    assert_eq!(const_u8(text, "PAL_TEXT"), Some(1));
    assert_eq!(pal[1], 0x0EEE, "text is white");
    assert!(const_u8(text, "PAL_HIGHLIGHT").is_some() && const_u8(text, "PAL_OVERLAY").is_some());
    assert!(sheets.len() >= 7);
    for s in &sheets {
        let (fw, fh) = (s.width as usize, s.height as usize);
        let (w, _h, rgba) = read_png(&std::fs::read(&s.path).unwrap());
        let tiles = read_static(&file, &format!("{}_TILES", s.ident));
        let masks = read_static(&file, &format!("{}_MASK_ROWS", s.ident));
        let per_row = w as usize / fw;
        let cells = fw * fh / 64;
        for f in 0..s.tiles.len() {
            let mut got = vec![CLEAR; fw * fh];
            let mut want = vec![CLEAR; fw * fh];
            for y in 0..fh {
                for x in 0..fw {
                    let (sx, sy) = (f % per_row * fw + x, f / per_row * fh + y);
                    let o = (sy * w as usize + sx) * 4;
                    let px: Px = rgba[o..o + 4].try_into().unwrap();
                    let opaque = px[3] >= 128;
                    if opaque {
                        want[y * fw + x] = px;
                    }
                    // The engine's piece order (column-major within each hardware sprite).
                    let cell = f * cells + megadrive::sprite_engine::frame_tile(fw as u16, fh as u16, x as u16, y as u16) as usize;
                    let i = cell_pixel(&tiles, cell, x, y);
                    if i != 0 {
                        let c = pal[i] as u16;
                        let ch = |s: u16| ((c >> s & 7) * 36) as u8;
                        got[y * fw + x] = [ch(1), ch(5), ch(9), 255];
                    }
                    assert_eq!(masks[f * fh + y] as u32 >> (31 - x) & 1 == 1, opaque, "{} frame {f} mask ({x}, {y}) = alpha", s.name);
                }
            }
            assert_eq!(encode_png(fw as u32, fh as u32, &got), encode_png(fw as u32, fh as u32, &want), "{} frame {f}", s.name);
        }
    }
}

/// Previews of levels with art follow the VDP's order: a plane B cell with priority is drawn
/// over a plane A cell without; otherwise plane A is in front.
#[test]
fn preview_follows_the_vdp_priority() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let prio = |on: bool| format!("<properties><property name=\"priority\" type=\"bool\" value=\"{on}\"/></properties>");
    tileset_png(&d.join("art.png"), &[vec![md(5); 256], vec![md(77); 256]], 2);
    tsx(d, 16, 2, 2, "width=\"32\" height=\"16\"", "");
    for (b_prio, want) in [(true, md(5)), (false, md(77))] {
        let map = tmx_with(
            d,
            2,
            1,
            "",
            &[("collision", "", "", vec![0; 2]), ("back", "", &prio(b_prio), vec![1, 1]), ("front", "", &prio(false), vec![2, 0])],
        );
        let level = compile(&map).unwrap();
        let a = level.art.as_ref().unwrap();
        assert_eq!(romtool_levels::preview::art_rgb(a, 3, 3), want[..3], "plane B priority {b_prio}");
        assert_eq!(romtool_levels::preview::art_rgb(a, 19, 3), md(5)[..3], "only plane B");
        let rgb = romtool_levels::preview::render_rgb(&level, false);
        assert_eq!(rgb[(3 * 32 + 3) * 3..][..3], want[..3]);
    }
}

/// Frames over 32 x 32 (metasprites), a sheet on a palette line of its own and streamed: the
/// tiles decoded in the sprite engine's order (`frame_tile`) give each picture back, the
/// line's colours are its own, a frame over 32 wide has no masks, and the sprite engine's
/// items (`boss::SHEET`, `boss::ROAR`) build and carry the line and residency.
#[test]
fn metasprites_palette_lines_and_engine_items() {
    use megadrive::sprite_engine::frame_tile;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut rng = Rng(31);
    let boss_colours: Vec<Px> = (0..12).map(|k| md(200 + k * 7)).collect();
    let (fw, fh) = (72, 48);
    let frames: Vec<Vec<Px>> = (0..2)
        .map(|_| (0..fw * fh).map(|_| if rng.next().is_multiple_of(7) { CLEAR } else { boss_colours[rng.next() as usize % 12] }).collect())
        .collect();
    sheet(
        d,
        "boss",
        &frames,
        fw,
        fh,
        2,
        "{\"frame_width\": 72, \"frame_height\": 48, \"palette_line\": 1, \"residency\": \"streamed\",\n \"animations\": [{\"name\": \"roar\", \"frames\": [0, 1], \"duration\": 5, \"loop\": false}]}",
    );
    // The default line's sheet: 12 other colours, which would not fit one line with the boss's.
    let hero_colours: Vec<Px> = (0..12).map(|k| md(20 + k * 5)).collect();
    sheet(
        d,
        "hero",
        &[(0..256).map(|i| hero_colours[i % 12]).collect()],
        16,
        16,
        1,
        "{\"frame_width\": 16, \"frame_height\": 16, \"animations\": [{\"name\": \"stand\", \"frames\": [0], \"duration\": 1}]}",
    );
    let (sheets, files) = romtool_sprites::build_outputs(d, &d.join("gen")).unwrap_or_else(|e| panic!("{e:?}"));
    let boss = sheets.iter().find(|s| s.name == "boss").unwrap();
    assert_eq!(
        (boss.palette_line, boss.residency, boss.masks.len()),
        (1, romtool_sprites::Residency::Streamed, 0),
        "line 1, streamed, no masks past 32 wide"
    );
    let text = std::str::from_utf8(&files[0].1).unwrap();
    let file = syn::parse_file(text).unwrap();
    let tiles = read_static(&file, "BOSS_TILES");
    // Line 1's colours, from the SPRITE_PALETTES entry.
    let entry = text.lines().find(|l| l.trim_start().starts_with("(1, [")).expect("line 1 in SPRITE_PALETTES");
    let line1: Vec<u16> =
        entry.split(['[', ']']).nth(1).unwrap().split(", ").map(|w| u16::from_str_radix(w.trim_start_matches("0x"), 16).unwrap()).collect();
    assert!(text.contains("pub static SPRITE_PALETTES: [(u16, [u16; 16]); 2] = ["), "lines 1 and 3");
    let per_frame = (fw / 8) * (fh / 8);
    for (f, fr) in frames.iter().enumerate() {
        for y in 0..fh {
            for x in 0..fw {
                let cell = f * per_frame + frame_tile(fw as u16, fh as u16, x as u16, y as u16) as usize;
                let i = cell_pixel(&tiles, cell, x, y);
                let p = fr[y * fw + x];
                if p == CLEAR {
                    assert_eq!(i, 0, "frame {f} ({x}, {y}) transparent");
                } else {
                    assert_eq!(Some(line1[i]), Some(romtool_gfx::cells::colour_of(p)), "frame {f} ({x}, {y}) in line 1");
                }
            }
        }
    }
    assert!(text.contains("pub mod boss {"), "{text}");
    assert!(text.contains("Sheet::new(&super::BOSS_TILES, 72, 48, 1, ::megadrive::sprite_engine::Residency::Streamed)"), "{text}");
    assert!(text.contains("pub static ROAR: ::megadrive::sprite_engine::Animation = ::megadrive::sprite_engine::Animation { frames: &[0, 1], duration: 5, looping: false };"));
    let uses = "\npub fn uses() -> u16 {\n    sprites::boss::SHEET.frames() + sprites::hero::SHEET.pieces_per_frame() + sprites::boss::ROAR.duration + sprites::SPRITE_PALETTES[0].0 + sprites::SPRITE_LINE + sprites::HERO.masks.len() as u16 + sprites::BOSS.masks.len() as u16\n}\n";
    common::compile_modules("metasprites", &[("sprites", text.to_string())], &format!("{uses}const _: () = sprites::check_vram(4);\n"))
        .unwrap_or_else(|e| panic!("{e}"));
    // The resident sheets (hero's 4 tiles) do not fit in 3: the build stops naming the sheets.
    let err = common::compile_modules("metasprites_vram", &[("sprites", text.to_string())], "const _: () = sprites::check_vram(3);\n")
        .expect_err("4 tiles in 3");
    assert!(
        err.contains("the resident sprite sheets need 4 VDP tiles together (hero.png: 4), more than the sprite engine is given (streamed sheets take a slot per object besides: boss.png: 54 a frame)"),
        "{err}"
    );
}

/// A sheet's JSON with a bad line, residency or an unknown key, and animations whose Rust
/// names clash: errors at their line, nothing written.
#[test]
fn sheet_line_residency_and_name_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("gen");
    let err = |d: &Path| -> Vec<String> {
        romtool_sprites::build_outputs(d, &out).expect_err("rejected").iter().map(|e| e.to_string()).collect()
    };
    sheet(
        d,
        "a",
        &[vec![md(1); 64]],
        8,
        8,
        1,
        "{\"frame_width\": 8, \"frame_height\": 8,\n \"palette_line\": 4,\n \"residency\": \"rom\",\n \"speed\": 2,\n \"animations\": []}",
    );
    let j = d.join("a.json");
    assert_eq!(
        err(d),
        [
            format!("{}:2:18: `palette_line` is 4: expected a CRAM line 0..=3 (3, the sprites' and the text's, when left out)", j.display()),
            format!("{}:3:15: `residency` is \"rom\": expected \"resident\" (every frame in VRAM once, the default), \"streamed\" (each object's frame uploaded when it changes) or \"shared\" (one frame for the whole sheet, which all its objects show)", j.display()),
            format!("{}:4:11: unknown key `speed`: a sheet's JSON takes frame_width, frame_height, transparent, palette_line, residency, animations", j.display()),
        ]
    );
    std::fs::write(&j, "{\"frame_width\": 8, \"frame_height\": 8, \"animations\": [\n {\"name\": \"run-fast\", \"frames\": [0], \"duration\": 1},\n {\"name\": \"run fast\", \"frames\": [0], \"duration\": 1},\n {\"name\": \"sheet\", \"frames\": [0], \"duration\": 1}]}").unwrap();
    let e = err(d);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].starts_with(&format!(
            "{}:3:11: animation `run fast` gives the Rust item a::RUN_FAST, as animation `run-fast` does",
            j.display()
        )),
        "{e:?}"
    );
    assert!(e[1].starts_with(&format!("{}:4:11: animation `sheet` gives the Rust item a::SHEET, the sheet's own", j.display())), "{e:?}");
    assert!(!out.exists(), "nothing written");
}

/// A sprite sheet on a palette line the level art uses too is an error naming the sheet's
/// JSON and the level; on a line the art leaves free it is fine.
#[test]
fn a_sheet_on_a_line_of_the_level_art_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    art_tileset(d);
    tmx(d, 4, 2, &[("ground", "", vec![0, 2, 3, 4, 1, 1, 1, 1])]);
    let sd = d.join("sprites");
    std::fs::create_dir_all(&sd).unwrap();
    let compile = |line: u16| {
        sheet(
            &sd,
            "hero",
            &[vec![md(3); 256]],
            16,
            16,
            1,
            &format!("{{\"frame_width\": 16, \"frame_height\": 16, \"palette_line\": {line}, \"animations\": []}}"),
        );
        let opts = levels::Options { sprites: Some(romtool_sprites::sheet_names(&sd)), ..common::level_options(d, &d.join("gen")) };
        levels::build_outputs(&opts)
            .map(|(l, _)| l[0].art.as_ref().unwrap().palettes.len())
            .map_err(|e| e.iter().map(|d| d.to_string()).collect::<Vec<_>>())
    };
    let lines = compile(3).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(lines, 1, "the art takes line 0");
    let err = compile(0).expect_err("line 0 is the art's");
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(
        err[0].starts_with(&format!(
            "{}: `palette_line` 0: the art of level {} uses palette lines 0..=0 too",
            sd.join("hero.json").display(),
            d.join("map.tmx").display()
        )),
        "{err:?}"
    );
    compile(1).unwrap_or_else(|e| panic!("line 1 is free: {e:?}"));
}

#[test]
fn a_shared_sheet_is_generated_and_counted_as_resident() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let colours: Vec<Px> = (0..4).map(|k| md(40 + k * 9)).collect();
    let frames: Vec<Vec<Px>> = (0..3).map(|f| (0..256).map(|i| colours[(i + f) % 4]).collect()).collect();
    sheet(
        d,
        "walker",
        &frames,
        16,
        16,
        3,
        "{\"frame_width\": 16, \"frame_height\": 16, \"residency\": \"shared\", \"animations\": [{\"name\": \"walk\", \"frames\": [0, 1, 2], \"duration\": 8}]}",
    );
    let (sheets, files) = romtool_sprites::build_outputs(d, &d.join("gen")).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(sheets[0].residency, romtool_sprites::Residency::Shared);
    let text = std::str::from_utf8(&files[0].1).unwrap();
    assert!(text.contains("Sheet::new(&super::WALKER_TILES, 16, 16, 3, ::megadrive::sprite_engine::Residency::Shared)"), "{text}");
    assert!(text.contains("pub const RESIDENT_TILES: u16 = 12;"), "every frame in VRAM: {text}");
}
