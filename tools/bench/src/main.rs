//! `bench --elf out/bench.elf [--rom-elf out/megacollide.elf] [--json out/bench.json]
//! [--rust-elf out/bench-rust.elf --rust-nopass-elf out/bench-rust-nopass.elf
//! --rom-nopass-elf out/megacollide-nopass.elf]`:
//! exact 68000 cycle counts of the engine (see lib.rs). Prints a table; writes the JSON. The
//! three `--*-elf` options together add the compiler's keys (`codegen_*`: the Rust path with
//! the LLVM plugin's code improvements off / on, and the ROM's `.text` both ways).
//! Exits 1 on a failed differential check (68000 result != host result) or a bad ELF;
//! missed cycle targets are reported, not errors.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut elf, mut rom_elf, mut json) = (None, None, None);
    let (mut rust_elf, mut rust_nopass_elf, mut rom_nopass_elf) = (None, None, None);
    let mut pc_dump: Option<String> = None;
    let mut trace: Option<(String, Vec<u32>)> = None;
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned();
        match args[i].as_str() {
            "--elf" => elf = v,
            "--rom-elf" => rom_elf = v,
            "--json" => json = v,
            "--rust-elf" => rust_elf = v,
            "--rust-nopass-elf" => rust_nopass_elf = v,
            "--rom-nopass-elf" => rom_nopass_elf = v,
            // --pc-dump FILE: every profiled instruction address (profile, address, cycles,
            // executions; tab-separated), to sum by instruction with objdump -d.
            "--pc-dump" => pc_dump = v,
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
                println!("             [--rust-elf out/bench-rust.elf --rust-nopass-elf out/bench-rust-nopass.elf --rom-nopass-elf out/megacollide-nopass.elf]");
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
    // The compiler's builds: all three or none.
    let cg_paths = [&rust_elf, &rust_nopass_elf, &rom_nopass_elf];
    let cg = match cg_paths.iter().filter(|p| p.is_some()).count() {
        0 => None,
        3 => {
            let read = |p: &Option<String>| {
                let p = p.as_ref().unwrap();
                std::fs::read(p).map_err(|e| format!("bench: {p}: {e}"))
            };
            match (read(&rust_elf), read(&rust_nopass_elf), read(&rom_nopass_elf)) {
                (Ok(a), Ok(b), Ok(c)) => {
                    let load = |d: &[u8], p: &Option<String>| {
                        bench::Machine::from_elf(d).map_err(|e| format!("bench: {}: {e}", p.as_ref().unwrap()))
                    };
                    match (load(&a, &rust_elf), load(&b, &rust_nopass_elf)) {
                        (Ok(on), Ok(off)) => Some((on, off, c)),
                        (Err(e), _) | (_, Err(e)) => {
                            eprintln!("{e}");
                            return ExitCode::FAILURE;
                        }
                    }
                }
                (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => {
            eprintln!("bench: --rust-elf, --rust-nopass-elf and --rom-nopass-elf go together");
            return ExitCode::from(2);
        }
    };
    if cg.is_some() && rom.is_none() {
        eprintln!("bench: the compiler's keys need --rom-elf too");
        return ExitCode::from(2);
    }
    let mut cg = cg;
    let codegen = cg.as_mut().map(|(on, off, rom_off)| bench::Codegen { on, off, rom_off: rom_off.as_slice() });
    let rep = bench::run_with(&mut mc, rom.as_deref(), codegen);
    print!("{}", bench::table(&rep));
    if let Some(path) = pc_dump {
        let mut s = String::new();
        for (what, p) in rep.profiles.iter().chain(&rep.info_profiles) {
            for (pc, (c, n)) in &p.by_pc {
                s.push_str(&format!("{what}\t{pc:#x}\t{c}\t{n}\n"));
            }
        }
        if let Err(e) = std::fs::write(&path, s) {
            eprintln!("bench: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = json {
        if let Err(e) = std::fs::write(&path, bench::json(&rep)) {
            eprintln!("bench: {path}: {e}");
            return ExitCode::FAILURE;
        }
        println!("\nwrote {path}");
    }
    ExitCode::SUCCESS
}
