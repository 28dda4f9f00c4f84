//! Scratch: per-frame cycles of the sprite engine's bench frame and its hottest instructions.
use bench::machine::Machine;
fn main() {
    let elf = std::fs::read("out/bench.elf").unwrap();
    let mut mc = Machine::from_elf(&elf).unwrap();
    let (added, _) = mc.call("bench_sprites_setup", &[]).unwrap();
    assert_eq!(added, 40);
    let mut v = vec![];
    for f in 0..64 {
        let (_, c) = mc.call("bench_sprites_frame", &[f]).unwrap();
        v.push(c);
    }
    println!("{:?}", v);
    let n = v.len() as u64;
    println!("avg {} max {}", v.iter().sum::<u64>() / n, v.iter().max().unwrap());
    mc.start_profile(&["bench_sprites_frame"]);
    for f in 64..80 {
        mc.call("bench_sprites_frame", &[f]).unwrap();
    }
    let p = mc.take_profile();
    for (name, c, i, calls) in p.sorted().iter().take(14) {
        println!("{:>8} {:>6} {:>4} {}", c / 16, i / 16, calls, name);
    }
    if std::env::args().nth(1).is_some() {
        for (pc, c, k) in p.by_pc.iter().map(|(&a, &(c, k))| (a, c, k)) {
            println!("{pc:06x} {:>7} {:>5}", c / 16, k / 16);
        }
    }
}
