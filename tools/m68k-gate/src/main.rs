//! `m68k-gate`: fail the build when an m68k ELF (or packed image) contains code the plain
//! MC68000 cannot run, or a compiler flag clobber. See `--help`.

use m68k_gate::{check, parse_objdump, Class, Insn, Listing, Options};
use std::collections::BTreeSet;
use std::io::Read;
use std::process::{exit, Command};

const USAGE: &str = "\
usage: m68k-gate [OPTIONS] <ELF>
       m68k-gate [OPTIONS] --input <OBJDUMP-OUTPUT|->
       m68k-gate [OPTIONS] --image <ROM.bin> --symbols-from <ELF> [--vma <ADDR>]

Disassembles with `objdump -t -d` and fails (exit 1) on:
  isa           instructions the MC68000 lacks (68010+/68020+/FPU/MMU/CPU32)
  addr-mode     68020 addressing modes (scaled index, memory indirect, full extension word)
  long-branch   bra.l / bsr.l / b<cc>.l (68020+)
  flag-clobber  a flag-setting move between a flag setter and the branch/scc/dbcc reading it
  undecodable   words objdump cannot decode, inside a function
  division      a call of __udivsi3/__divsi3/__umodsi3/__modsi3 (or the di3 forms) from a
                function of megacollide_engine or megacollide_demo
Only instructions inside function symbols are checked unless --all-code is given.

options:
  --objdump <PATH>        objdump to run (default: $M68K_OBJDUMP or m68k-linux-gnu-objdump)
  --input <FILE|->        read saved `objdump -t -d` output instead of running objdump
  --image <BIN>           check a raw image (e.g. the packed ROM); needs --symbols-from
  --symbols-from <ELF>    take function ranges from this ELF's symbol table
  --vma <ADDR>            load address of --image (default 0)
  --only <C1,C2,..>       check only these classes
  --skip <C1,C2,..>       do not check these classes
  --allow-bra-l           same as --skip long-branch
  --max <N>               print at most N findings (default 20; exit status still counts all)
  --all                   print all findings
  --all-code              check every disassembled instruction, not only function bodies
  -q, --quiet             print only the summary line
exit status: 0 clean, 1 findings, 2 usage or tool error";

fn die(msg: &str) -> ! {
    eprintln!("m68k-gate: {msg}");
    exit(2)
}

fn parse_classes(s: &str) -> BTreeSet<Class> {
    s.split(',')
        .filter(|c| !c.is_empty())
        .map(|c| {
            Class::parse(c).unwrap_or_else(|| {
                die(&format!("unknown class `{c}` (known: {})", Class::ALL.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")))
            })
        })
        .collect()
}

fn run(objdump: &str, args: &[String]) -> String {
    let out = Command::new(objdump).args(args).output().unwrap_or_else(|e| die(&format!("cannot run {objdump}: {e}")));
    if !out.status.success() {
        die(&format!("{objdump} {} failed: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()));
    }
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Raw-image mode: objdump decodes the image linearly, so data in front of a function can
/// swallow its first words. Re-disassemble every function that does not start on an
/// instruction boundary on its own.
fn resync(listing: &mut Listing, objdump: &str, base_args: &[String]) {
    let starts: BTreeSet<u64> = listing.insns.iter().map(|i| i.addr).collect();
    let bad: Vec<_> = listing.funcs.iter().filter(|f| !starts.contains(&f.addr)).cloned().collect();
    for f in bad {
        let mut args = base_args.to_vec();
        args.insert(0, format!("--start-address=0x{:x}", f.addr));
        args.insert(1, format!("--stop-address=0x{:x}", f.addr + f.size));
        let part = parse_objdump(&run(objdump, &args));
        let end = f.addr + f.size;
        listing.insns.retain(|i: &Insn| i.addr < f.addr || i.addr >= end);
        listing.insns.extend(part.insns);
    }
    listing.insns.sort_by_key(|i| i.addr);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = Options::default();
    let mut objdump = std::env::var("M68K_OBJDUMP").unwrap_or_else(|_| "m68k-linux-gnu-objdump".into());
    let (mut input, mut image, mut symbols_from, mut elf) = (None, None, None, None);
    let mut vma = 0u64;
    let mut max = Some(20usize);
    let mut quiet = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = |name: &str| -> String { it.next().cloned().unwrap_or_else(|| die(&format!("{name} needs a value"))) };
        match a.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return;
            }
            "--objdump" => objdump = val(a),
            "--input" => input = Some(val(a)),
            "--image" => image = Some(val(a)),
            "--symbols-from" => symbols_from = Some(val(a)),
            "--vma" => {
                let v = val(a);
                vma = u64::from_str_radix(v.trim_start_matches("0x"), 16).unwrap_or_else(|_| die("--vma takes a hex address"));
            }
            "--only" => opts.classes = parse_classes(&val(a)),
            "--skip" => {
                for c in parse_classes(&val(a)) {
                    opts.classes.remove(&c);
                }
            }
            "--allow-bra-l" => {
                opts.classes.remove(&Class::LongBranch);
            }
            "--max" => max = Some(val(a).parse().unwrap_or_else(|_| die("--max takes a number"))),
            "--all" => max = None,
            "--all-code" => opts.all_code = true,
            "-q" | "--quiet" => quiet = true,
            s if s.starts_with('-') && s != "-" => die(&format!("unknown option {s}\n{USAGE}")),
            s => {
                if elf.replace(s.to_string()).is_some() {
                    die("more than one input file")
                }
            }
        }
    }

    let (what, listing) = if let Some(inp) = input {
        let mut text = String::new();
        if inp == "-" {
            std::io::stdin().read_to_string(&mut text).unwrap_or_else(|e| die(&e.to_string()));
        } else {
            text = std::fs::read_to_string(&inp).unwrap_or_else(|e| die(&format!("cannot read {inp}: {e}")));
        }
        (inp, parse_objdump(&text))
    } else if let Some(img) = image {
        let syms = symbols_from.unwrap_or_else(|| die("--image needs --symbols-from <ELF>"));
        let base = vec![
            "-D".into(),
            "-b".into(),
            "binary".into(),
            "-m".into(),
            m68k_gate::OBJDUMP_ARCH.into(),
            format!("--adjust-vma=0x{vma:x}"),
            img.clone(),
        ];
        let mut text = run(&objdump, &["-t".into(), syms]);
        text.push('\n');
        text.push_str(&run(&objdump, &base));
        let mut listing = parse_objdump(&text);
        resync(&mut listing, &objdump, &base);
        (img, listing)
    } else {
        let elf = elf.unwrap_or_else(|| die(&format!("no input file\n{USAGE}")));
        let text = m68k_gate::disassemble_elf(&objdump, std::path::Path::new(&elf)).unwrap_or_else(|e| die(&e));
        (elf, parse_objdump(&text))
    };

    let report = check(&listing, &opts);
    let n = report.findings.len();
    if !quiet {
        for f in report.findings.iter().take(max.unwrap_or(usize::MAX)) {
            println!("{f}");
        }
        if let Some(m) = max {
            if n > m {
                println!("... {} more (use --all or --max N)", n - m);
            }
        }
    }
    let mut per_class: Vec<String> = Vec::new();
    for c in Class::ALL {
        let k = report.findings.iter().filter(|f| f.class == c).count();
        if k > 0 {
            per_class.push(format!("{c}: {k}"));
        }
    }
    let classes: Vec<&str> = opts.classes.iter().map(|c| c.name()).collect();
    println!(
        "m68k-gate: {what}: {} function(s), {} instruction(s) checked [{}]: {}",
        report.functions_checked,
        report.insns_checked,
        classes.join(","),
        if n == 0 { "OK".to_string() } else { format!("{n} finding(s) ({})", per_class.join(", ")) }
    );
    exit(if n == 0 { 0 } else { 1 })
}
