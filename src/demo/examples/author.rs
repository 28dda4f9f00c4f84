//! Authoring aid for the attract script: runs a script whose runs may end on a condition
//! instead of a frame count, on the host world, and prints the resolved runs (frame counts)
//! for `src/script.rs` plus a trace of notable frames.
//!
//! `cargo run -p megacollide-demo --example author -- script.txt`
//!
//! One run per line: `<buttons> <end>`; buttons from `L R J S` (or `-` for none); end is a
//! frame count or `x>=N`, `x<=N`, `y>=N`, `y<=N` (player pixel position), `ground`, `air`,
//! `respawned`, `riding`, `hit` (the run ends on the first frame the condition holds).
use megacollide_demo::script::{attract_level, ATTRACT_LEVEL};
use megacollide_demo::world::Actions;
use megacollide_demo::{GameState, World};

fn main() {
    let path = std::env::args().nth(1).expect("script file");
    let text = std::fs::read_to_string(&path).expect("script file");
    let level = attract_level().unwrap_or_else(|| panic!("no level `{ATTRACT_LEVEL}` (script::ATTRACT_LEVEL) in levels/"));
    let mut w = World::new(level);
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let fail = |msg: &str| -> ! {
            eprintln!("{path}:{}: {msg}: `{line}`", ln + 1);
            std::process::exit(1)
        };
        let mut it = line.split_whitespace();
        let (Some(b), Some(end), None) = (it.next(), it.next(), it.next()) else { fail("expected `<buttons> <end>`") };
        let mut input = 0;
        for c in b.chars() {
            input |= match c {
                'L' => Actions::LEFT,
                'R' => Actions::RIGHT,
                'J' => Actions::JUMP,
                'S' => Actions::RESPAWN,
                '-' => 0,
                _ => fail("buttons are L, R, J, S or -"),
            };
        }
        let number = |t: &str| t.parse::<i16>().unwrap_or_else(|_| fail("not a number"));
        let known = ["ground", "air", "respawned", "riding", "hit"];
        let cond = &end.get(..3).unwrap_or("");
        if !known.contains(&end) && !["x>=", "x<=", "y>=", "y<="].contains(cond) {
            number(end);
        } else if ["x>=", "x<=", "y>=", "y<="].contains(cond) {
            number(&end[3..]);
        }
        let mut n = 0u16;
        loop {
            w.step(Actions(input));
            n += 1;
            let mut s = GameState::ZERO;
            s.capture(&w);
            let done = match end {
                e if e.starts_with("x>=") => s.px() >= number(&e[3..]),
                e if e.starts_with("x<=") => s.px() <= number(&e[3..]),
                e if e.starts_with("y>=") => s.py() >= number(&e[3..]),
                e if e.starts_with("y<=") => s.py() <= number(&e[3..]),
                "ground" => s.on_ground(),
                "air" => !s.on_ground(),
                "respawned" => s.events & 8 != 0,
                "riding" => s.riding != 0xFF,
                "hit" => s.hit != 0,
                e => n as i16 >= number(e),
            };
            if done || n >= 3000 {
                println!(
                    "line {:3} {:6} -> {:4} frames: t={:5} x={:4} y={:4} vx={:5} vy={:5} fl={:02x} cam=({},{}) hit={} bbox={} ride={} goal={} touches={}{}",
                    ln + 1, line, n, s.tick, s.px(), s.py(), s.vx, s.vy, s.flags, s.camera_x, s.camera_y,
                    s.hit, s.bbox, s.riding, s.at_goal, s.enemy_touches, if done { "" } else { "  ** TIMEOUT" }
                );
                break;
            }
        }
        out.push((input, n, line.to_string()));
    }
    println!("\n// resolved runs:");
    for (input, n, src) in out {
        let mut b = String::new();
        for (bit, name) in [(Actions::LEFT, "L"), (Actions::RIGHT, "R"), (Actions::JUMP, "J"), (Actions::RESPAWN, "S")] {
            if input & bit != 0 {
                if !b.is_empty() {
                    b.push_str(" | ");
                }
                b.push_str(name);
            }
        }
        if b.is_empty() {
            b.push('0');
        }
        println!("    run({b}, {n}), // {src}");
    }
}
