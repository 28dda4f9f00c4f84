//! `bench --elf out/bench.elf [--rom-elf out/megacollide.elf] [--json out/bench.json]`:
//! exact 68000 cycle counts of the engine (see lib.rs). Prints a table; writes the JSON.
//! Exits 1 on a failed differential check (68000 result != host result) or a bad ELF;
//! missed cycle targets are reported, not errors.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut elf, mut rom_elf, mut json) = (None, None, None);
    let mut trace: Option<(String, Vec<u32>)> = None;
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned();
        match args[i].as_str() {
            "--elf" => elf = v,
            "--rom-elf" => rom_elf = v,
            "--json" => json = v,
            // --trace NAME,ARG,ARG...: print the instructions of one call (pc, cycles).
            "--trace" => {
                let v = v.unwrap_or_default();
                let mut it = v.split(',');
                let name = it.next().unwrap_or("").to_string();
                let a = it.map(|x| x.parse::<i64>().expect("--trace: integer args") as u32).collect();
                trace = Some((name, a));
            }
            "-h" | "--help" => {
                println!("usage: bench --elf out/bench.elf [--rom-elf out/megacollide.elf] [--json out/bench.json]");
                return ExitCode::SUCCESS;
            }
            a => {
                eprintln!("bench: unknown argument {a}");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    let Some(elf) = elf else {
        eprintln!("bench: --elf is required");
        return ExitCode::from(2);
    };
    let data = match std::fs::read(&elf) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("bench: {elf}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rom = match rom_elf.as_ref().map(std::fs::read).transpose() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bench: {}: {e}", rom_elf.unwrap());
            return ExitCode::FAILURE;
        }
    };
    let mut mc = match bench::Machine::from_elf(&data) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("bench: {elf}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some((name, a)) = trace {
        let entry = mc.symbol(&name).expect("--trace: no such symbol");
        let (d0, total, steps) = mc.call_addr_steps(entry, &a).expect("--trace call");
        for (pc, c) in steps {
            println!("{pc:#07x} {c:>4}");
        }
        println!("{name}: d0 = {d0:#x}, {total} cycles");
        return ExitCode::SUCCESS;
    }
    let rep = bench::run(&mut mc, rom.as_deref());
    print!("{}", bench::table(&rep));
    if let Some(path) = json {
        if let Err(e) = std::fs::write(&path, bench::json(&rep)) {
            eprintln!("bench: {path}: {e}");
            return ExitCode::FAILURE;
        }
        println!("\nwrote {path}");
    }
    ExitCode::SUCCESS
}
