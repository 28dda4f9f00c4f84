//! Regenerates the demo level `levels/demo.tmj` and its collision tileset
//! `levels/collision-tiles.png` (built-in shapes drawn from the engine + 3 height tiles).
//!
//! `cargo run -p romtool --example gen_demo -- levels`
//!
//! The level is an ordinary Tiled map afterwards: open it in Tiled, edit, save; this script
//! is only the first draft (running it again overwrites the edits).

use romtool_common::output::write_atomically;
use romtool_levels::height_tiles::render_tileset;
use serde_json::{json, Value};
use std::path::PathBuf;

const W: usize = 192;
const H: usize = 28;
/// Top row of the ground (ground fills rows G..H).
const G: usize = 22;

struct Grid(Vec<u16>);

impl Grid {
    fn set(&mut self, x: usize, y: usize, id: u16) {
        self.0[y * W + x] = id;
    }
    fn fill(&mut self, x0: usize, x1: usize, y0: usize, y1: usize, id: u16) {
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.set(x, y, id);
            }
        }
    }
    /// Solid ground with its top at row `top` for columns x0..=x1.
    fn ground(&mut self, x0: usize, x1: usize, top: usize) {
        self.fill(x0, x1, top, H - 1, 2);
    }
    /// Empty columns x0..=x1 (a pit down to the bottom of the map).
    fn pit(&mut self, x0: usize, x1: usize) {
        self.fill(x0, x1, 0, H - 1, 0);
    }
    /// A rising n:1 slope starting at column x on ground whose top is row `top`, climbing
    /// `steps` tiles. Returns (next column, new top).
    fn rise(&mut self, mut x: usize, mut top: usize, n: usize, steps: usize) -> (usize, usize) {
        let ids: &[u16] = match n {
            1 => &[3],
            2 => &[4, 5],
            _ => &[6, 7, 8],
        };
        for _ in 0..steps {
            for &id in ids {
                self.ground(x, x, top);
                self.set(x, top - 1, id);
                x += 1;
            }
            top -= 1;
        }
        (x, top)
    }
    /// A falling n:1 slope from ground top `top` (the slope tiles sit in row `top`).
    fn fall(&mut self, mut x: usize, mut top: usize, n: usize, steps: usize) -> (usize, usize) {
        let ids: &[u16] = match n {
            1 => &[9],
            2 => &[10, 11],
            _ => &[12, 13, 14],
        };
        for _ in 0..steps {
            for &id in ids {
                self.ground(x, x, top + 1);
                self.set(x, top, id);
                x += 1;
            }
            top += 1;
        }
        (x, top)
    }
}

/// Height tiles 32.. (row bitmasks, bit px of rows[py]).
fn height_tiles() -> Vec<[u16; 16]> {
    let from_heights = |h: [f64; 16]| {
        let mut rows = [0u16; 16];
        for (px, hh) in h.iter().enumerate() {
            let hh = hh.round().clamp(0.0, 16.0) as usize;
            for row in rows.iter_mut().skip(16 - hh) {
                *row |= 1 << px;
            }
        }
        rows
    };
    let mut bump = [0.0; 16];
    let mut rubble = [0.0; 16];
    let mut pipe = [0.0; 16];
    for px in 0..16 {
        let x = px as f64 + 0.5;
        bump[px] = (64.0 - (x - 8.0) * (x - 8.0)).max(0.0).sqrt();
        rubble[px] = 3.0 + 1.5 * (x * std::f64::consts::PI / 4.0).sin();
        pipe[px] = 16.0 - (256.0 - x * x).max(0.0).sqrt();
    }
    vec![from_heights(bump), from_heights(rubble), from_heights(pipe)]
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "levels".into()));
    let mut g = Grid(vec![0; W * H]);
    g.ground(0, W - 1, G);

    // Half-block staircase (ids 16) with a low ceiling of top halves (15) to bump into.
    g.set(12, G - 1, 16);
    g.set(13, G - 1, 2);
    g.set(14, G - 1, 2);
    g.set(14, G - 2, 16);
    g.fill(15, 17, G - 2, G - 1, 2);
    g.set(18, G - 1, 2);
    g.set(18, G - 2, 16);
    g.set(19, G - 1, 2);
    g.set(20, G - 1, 16);
    g.fill(14, 18, 16, 16, 15);

    // 1:1 hill, 3 tiles high.
    let (x, t) = g.rise(26, G, 1, 3);
    g.ground(x, x + 3, t);
    g.fall(x + 4, t, 1, 3);

    // Pit 1 (3 wide).
    g.pit(40, 42);

    // 2:1 hill, 3 tiles high.
    let (x, t) = g.rise(49, G, 2, 3);
    g.ground(x, x + 3, t);
    g.fall(x + 4, t, 2, 3);

    // 3:1 hill, 2 tiles high.
    let (x, t) = g.rise(69, G, 3, 2);
    g.ground(x, x + 3, t);
    g.fall(x + 4, t, 3, 2);

    // Thin walls: a left half (17) and a right half (18), 4 tiles high, each with a one-way
    // step in front to climb over.
    g.fill(90, 90, G - 4, G - 1, 17);
    g.fill(87, 88, G - 3, G - 3, 19);
    g.fill(97, 97, G - 4, G - 1, 18);
    g.fill(94, 95, G - 3, G - 3, 19);

    // Pit 2 (8 wide) with a one-way stepping stone; a moving platform (object `lift`, 16 px
    // above the ground level) crosses it below the stone.
    g.pit(102, 109);
    g.fill(105, 106, G - 2, G - 2, 19);

    // Thick wall: 3 tiles wide, 6 high, with a one-way ladder in front.
    g.fill(118, 120, G - 6, G - 1, 2);
    g.fill(114, 115, G - 3, G - 3, 19);
    g.fill(116, 117, G - 6, G - 6, 19);

    // Height tiles from the tileset: bumps (32), rubble (33), a quarter pipe (34) up to a step.
    g.set(124, G - 1, 32);
    g.set(126, G - 1, 32);
    g.fill(128, 130, G - 1, G - 1, 33);
    g.set(133, G - 1, 34);
    g.ground(134, 134, G - 1);

    // A curved hill: 3:1, 2:1, 1:1 up, plateau, 1:1, 2:1, 3:1 down.
    let (x, t) = g.rise(135, G - 1, 3, 1);
    let (x, t) = g.rise(x, t, 2, 1);
    let (x, t) = g.rise(x, t, 1, 1);
    g.ground(x, x + 3, t);
    let (x, t) = g.fall(x + 4, t, 1, 1);
    let (x, t) = g.fall(x, t, 2, 1);
    let (x, _) = g.fall(x, t, 3, 1);
    g.ground(x, x, G - 1);

    // Pit 3 (4 wide).
    g.pit(153, 156);

    // One-way tower near the goal.
    g.fill(178, 180, G - 3, G - 3, 19);
    g.fill(178, 180, G - 6, G - 6, 19);
    g.fill(178, 180, G - 9, G - 9, 19);

    let t16 = |tiles: usize| (tiles * 16) as i64;
    let mut id = 0;
    let mut obj = |name: &str, class: &str, x: i64, y: i64, w: i64, h: i64, extra: Value| {
        id += 1;
        let mut o = json!({"id": id, "name": name, "type": class, "x": x, "y": y, "width": w, "height": h, "rotation": 0, "visible": true});
        if let Value::Object(m) = extra {
            for (k, v) in m {
                o[k] = v;
            }
        }
        o
    };
    let feet = t16(G);
    let objects = vec![
        obj("spawn", "spawn", t16(3), feet - 32, 16, 32, json!({})),
        obj(
            "walker1",
            "enemy",
            t16(160),
            feet - 16,
            16,
            16,
            json!({
            "polyline": [{"x": 0, "y": 0}, {"x": t16(12), "y": 0}],
            "properties": [{"name": "speed", "type": "int", "value": 1}]}),
        ),
        obj(
            "walker2",
            "enemy",
            t16(29),
            t16(19) - 16,
            16,
            16,
            json!({
            "polyline": [{"x": 0, "y": 0}, {"x": t16(3), "y": 0}],
            "properties": [{"name": "speed", "type": "int", "value": 1}]}),
        ),
        obj(
            "lift",
            "platform",
            t16(102),
            t16(G - 1),
            32,
            8,
            json!({
            "polyline": [{"x": 0, "y": 0}, {"x": t16(6), "y": 0}],
            "properties": [{"name": "ping_pong", "type": "bool", "value": true}, {"name": "speed", "type": "int", "value": 1}]}),
        ),
        obj("potato", "potato", t16(166), t16(18), 24, 24, json!({})),
        obj("potato_tower", "potato", t16(179), t16(G - 9) - 24, 24, 24, json!({})),
        obj("goal", "goal", t16(188), feet - 64, 16, 64, json!({})),
    ];
    let next_id = objects.len() + 1;

    let hts = height_tiles();
    let columns = 8;
    let count = 32 + hts.len();
    let rows = count.div_ceil(columns);
    let data: Vec<u32> = g.0.iter().map(|&t| if t == 0 { 0 } else { t as u32 + 1 }).collect();
    let map = json!({
        "type": "map", "version": "1.10", "tiledversion": "1.10.2",
        "orientation": "orthogonal", "renderorder": "right-down", "infinite": false,
        "width": W, "height": H, "tilewidth": 16, "tileheight": 16,
        "nextlayerid": 3, "nextobjectid": next_id, "compressionlevel": -1,
        "properties": [{"name": "title", "type": "string", "value": "megacollide demo course"}],
        "tilesets": [{
            "firstgid": 1, "name": "collision", "image": "collision-tiles.png",
            "imagewidth": columns * 16, "imageheight": rows * 16,
            "tilewidth": 16, "tileheight": 16, "tilecount": count, "columns": columns,
            "margin": 0, "spacing": 0
        }],
        "layers": [
            {"id": 1, "name": "collision", "type": "tilelayer", "x": 0, "y": 0, "width": W, "height": H,
             "opacity": 1, "visible": true, "data": "DATA"},
            {"id": 2, "name": "entities", "type": "objectgroup", "x": 0, "y": 0, "opacity": 1,
             "visible": true, "draworder": "topdown", "objects": objects}
        ]
    });
    // One map row per line keeps diffs readable.
    let text = serde_json::to_string_pretty(&map).expect("json");
    let rows_text: Vec<String> = data.chunks(W).map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")).collect();
    let mut text = text.replacen(
        "\"DATA\"",
        &format!("[\n{}\n      ]", rows_text.iter().map(|r| format!("        {r}")).collect::<Vec<_>>().join(",\n")),
        1,
    );
    text.push('\n');
    write_atomically(&dir.join("demo.tmj"), text.as_bytes()).expect("write demo.tmj");
    write_atomically(&dir.join("collision-tiles.png"), &render_tileset(&hts, columns)).expect("write tileset");
    println!("wrote {}/demo.tmj ({W}x{H}) and {}/collision-tiles.png", dir.display(), dir.display());
}
