//! Against the real bench ELF (`out/bench.elf`, or $BENCH_ELF): the 68000 runs the engine
//! exactly like the host, and the JSON report has the required keys.
//! Build the ELF first (`make out/bench.elf`; `make test` does). Plain `cargo test` without
//! the ELF (and without `MEGACOLLIDE_OUT`) prints that these tests are not run and passes.

use bench::{random_point, Machine, Rng, CLASSES};

mod common;

use common::{bench_elf, out_dir};

#[test]
fn point_queries_match_the_host() {
    let Some(elf) = bench_elf() else { return };
    let mut mc = Machine::from_elf(&elf).unwrap();
    let mut rng = Rng::new(1234);
    let mut solid = 0;
    for class in CLASSES {
        for _ in 0..60 {
            let (x, y) = random_point(&mut rng, class);
            // point_query asserts 68000 == host.
            let (s, c) = bench::point_query(&mut mc, x, y);
            solid += s as u32;
            assert!(c > 0 && c < 2000, "{c} cycles");
        }
    }
    for _ in 0..120 {
        let x = rng.range(-100, 3200) as i16;
        let y = rng.range(-100, 560) as i16;
        solid += bench::point_query(&mut mc, x, y).0 as u32;
    }
    assert!(solid > 50 && solid < 480, "{solid} solid of 540: the sampling is broken");
}

#[test]
fn body_moves_match_the_host() {
    let Some(elf) = bench_elf() else { return };
    let mut mc = Machine::from_elf(&elf).unwrap();
    let mut n = 0;
    for x in (40..2900).step_by(97) {
        if let Some(mut b) = bench::settle(x, 0) {
            for vx in [20i16, -20, 1016] {
                b.vx = megacollide_engine::SubPx::from_bits(vx);
                b = bench::move_one(&mut mc, &b).0;
                n += 1;
            }
        }
    }
    assert!(n > 50);
}

#[test]
fn report_has_the_required_keys() {
    let Some(elf) = bench_elf() else { return };
    let mut mc = Machine::from_elf(&elf).unwrap();
    // The demo ROM's ELF when it is there, else the bench ELF (only the sizes differ).
    let rom = std::fs::read(format!("{}/megacollide.elf", out_dir())).unwrap_or_else(|_| elf.clone());
    let rep = bench::run(&mut mc, Some(&rom));
    let j = bench::json(&rep);
    for k in [
        "point_query_avg",
        "point_query_max",
        "body_move_avg",
        "body_move_max",
        "frame_32_bodies",
        "mask32_nohit",
        "rom_bytes",
        "ram_bytes",
        "sound_frame_idle",
        "sound_frame_effect",
        "random_next",
        "random_next_call",
        "save_16b",
        "load_16b",
    ] {
        assert!(j.contains(&format!("\"{k}\": ")), "bench.json lacks {k}:\n{j}");
        assert!(rep.keys[k] > 0, "{k} = 0");
    }
    // Deterministic.
    let mut mc2 = Machine::from_elf(&elf).unwrap();
    let rep2 = bench::run(&mut mc2, Some(&rom));
    assert_eq!(j, bench::json(&rep2));
}
