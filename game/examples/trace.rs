//! Prints the attract script's trajectory on the host (for authoring the script):
//! `cargo run -p megacollide-game --example trace [every-n-frames [script-file]]`.
use megacollide_game::levels::DEMO;
use megacollide_game::script::Run;
use megacollide_game::world::Input;
use megacollide_game::{GameState, ScriptPlayer, World, ATTRACT};

/// Reads a script file: one run per line, `<buttons> <frames>`, buttons from `L R J S` or `-`.
fn load(path: &str) -> &'static [Run] {
    let text = std::fs::read_to_string(path).expect("script file");
    let mut runs = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let mut it = line.split_whitespace();
        let b = it.next().unwrap();
        let n: u16 = it.next().unwrap().parse().unwrap();
        let mut input = 0;
        for c in b.chars() {
            input |= match c {
                'L' => Input::LEFT,
                'R' => Input::RIGHT,
                'J' => Input::JUMP,
                'S' => Input::RESPAWN,
                _ => 0,
            };
        }
        runs.push(Run { input, frames: n });
    }
    Box::leak(runs.into_boxed_slice())
}

fn main() {
    let every: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let script: &'static [Run] = match std::env::args().nth(2) {
        Some(p) => load(&p),
        None => &ATTRACT,
    };
    let mut w = World::new(&DEMO);
    let mut p = ScriptPlayer::new(script);
    let mut prev = GameState::ZERO;
    while let Some(input) = p.next_input() {
        w.step(input);
        let mut s = GameState::ZERO;
        s.capture(&w);
        let interesting = s.events != 0 || s.hit != prev.hit || s.bbox != prev.bbox || s.riding != prev.riding
            || s.at_goal != prev.at_goal || (s.flags & 1) != (prev.flags & 1);
        if interesting || s.tick % every == 0 {
            println!(
                "t={:5} in={:x} x={:4} y={:4} vx={:5} vy={:5} fl={:02x} ev={:02x} cam=({:4},{:3}) hit={} bbox={} ride={:3} goal={} tile=({},{})",
                s.tick, input.0, s.px(), s.py(), s.vx, s.vy, s.flags, s.events, s.camera_x, s.camera_y,
                s.hit, s.bbox, s.riding, s.at_goal, s.px() >> 4, (s.py() + 32) >> 4
            );
        }
        prev = s;
    }
}
