//! Disassembly gate for MC68000 code produced by LLVM.
//!
//! Input is the text of `m68k-linux-gnu-objdump -t -d FILE` (symbol table followed by the
//! disassembly; MIT syntax as printed by GNU objdump). Only instructions inside function
//! symbols (`F` in the symbol table, non-zero size) are checked, so data that objdump decodes
//! as garbage is ignored; `Options::all_code` checks every disassembled instruction instead.
//!
//! Finding classes (see [`Class`]):
//! * `isa` — instruction the plain 68000 lacks (68010+, 68020+, FPU/MMU/coprocessor, CPU32).
//! * `addr-mode` — 68020 addressing mode: scaled index, full-format extension word
//!   (memory indirect, 32-bit/suppressed base displacement).
//! * `long-branch` — `bra.l` / `bsr.l` / `b<cc>.l` (68020+). Separate class so it can be
//!   skipped on an ELF whose long branches a post-link packer rewrites, and checked on the
//!   packed image instead.
//! * `flag-clobber` — a flag-setting move sits between the instruction that set the flags and
//!   the conditional branch / `scc` / `dbcc` / `trapv` that reads them (straight-line code).
//! * `undecodable` — objdump could not decode the word (`.short`) inside a function.
//! * `division` — a call of a 32- or 64-bit division or remainder routine (`__udivsi3`,
//!   `__divsi3`, `__umodsi3`, `__modsi3` and the `di3` forms: over 1,000 cycles each on the
//!   68000) from a function of the engine or the game (see [`DIVISION_FREE_CRATES`]). Their
//!   rule is "no division": LLVM emits these calls for shapes that look free in Rust (a
//!   `zip` of two sub-slices works out their lengths with two of them).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Category of a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Isa,
    AddrMode,
    LongBranch,
    FlagClobber,
    Undecodable,
    Division,
}

impl Class {
    pub const ALL: [Class; 6] = [Class::Isa, Class::AddrMode, Class::LongBranch, Class::FlagClobber, Class::Undecodable, Class::Division];
    pub fn name(self) -> &'static str {
        match self {
            Class::Isa => "isa",
            Class::AddrMode => "addr-mode",
            Class::LongBranch => "long-branch",
            Class::FlagClobber => "flag-clobber",
            Class::Undecodable => "undecodable",
            Class::Division => "division",
        }
    }
    pub fn parse(s: &str) -> Option<Class> {
        Class::ALL.iter().copied().find(|c| c.name() == s)
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One decoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Insn {
    pub addr: u64,
    /// Instruction words as printed by objdump (including continuation lines).
    pub words: Vec<u16>,
    /// Mnemonic as printed (MIT syntax, size suffix attached: `movel`, `bras`, ...).
    pub mnemonic: String,
    /// Operand text as printed.
    pub operands: String,
}

impl Insn {
    pub fn text(&self) -> String {
        if self.operands.is_empty() {
            self.mnemonic.clone()
        } else {
            format!("{} {}", self.mnemonic, self.operands)
        }
    }
}

/// A function symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub name: String,
    pub addr: u64,
    pub size: u64,
}

/// Parsed `objdump -t -d` output.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub insns: Vec<Insn>,
    pub funcs: Vec<Func>,
    /// Every symbol label seen in the disassembly (address -> name), used for messages when
    /// there is no symbol table.
    pub labels: BTreeMap<u64, String>,
}

/// A problem found by the gate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub class: Class,
    pub addr: u64,
    /// `symbol+0xoff` of `addr`.
    pub location: String,
    pub insn: String,
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08x} <{}>: {}  [{}] {}", self.addr, self.location, self.insn, self.class, self.message)
    }
}

/// What to check.
#[derive(Clone, Debug)]
pub struct Options {
    pub classes: BTreeSet<Class>,
    /// Check every disassembled instruction, not only those inside function symbols.
    pub all_code: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { classes: Class::ALL.iter().copied().collect(), all_code: false }
    }
}

/// Result of a check.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
    pub functions_checked: usize,
    pub insns_checked: usize,
}

//---------------------------------------------------------------------------------------------
// Parsing
//---------------------------------------------------------------------------------------------

fn parse_hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).ok()
}

/// The architecture objdump must decode with. Left to itself, objdump decodes for the CPU
/// named in the ELF header, and an ELF linked with an object assembled for the 68000 is
/// marked 68000: then 68020 instructions come out as other, plausible 68000 instructions
/// (`bra.l` = `60ff xxxx xxxx` reads as `bra.s` to an odd address) and the gate would miss
/// them. The 68040 set decodes every 68000..68040 integer, FPU and MMU instruction.
pub const OBJDUMP_ARCH: &str = "m68k:68040";

/// Runs `OBJDUMP -m m68k:68040 -t -d ELF` and returns its output (what [`check_text`] reads).
pub fn disassemble_elf(objdump: &str, elf: &std::path::Path) -> Result<String, String> {
    let out = std::process::Command::new(objdump)
        .args(["-m", OBJDUMP_ARCH, "-t", "-d"])
        .arg(elf)
        .output()
        .map_err(|e| format!("cannot run {objdump}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{objdump} failed on {}: {}", elf.display(), String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Parse the text printed by `objdump -t -d` (either part may be absent).
pub fn parse_objdump(text: &str) -> Listing {
    let mut l = Listing::default();
    let mut in_symtab = false;
    for line in text.lines() {
        if line.starts_with("SYMBOL TABLE:") {
            in_symtab = true;
            continue;
        }
        if in_symtab {
            if line.trim().is_empty() {
                in_symtab = false;
            } else if let Some(f) = parse_symbol_line(line) {
                l.funcs.push(f);
            }
            continue;
        }
        // Symbol label: "80002ea6 <bug1_stack_index>:"
        if let Some(rest) = line.strip_suffix(">:") {
            if let Some((a, name)) = rest.split_once(" <") {
                if let Some(a) = parse_hex(a.trim()) {
                    l.labels.insert(a, name.to_string());
                }
            }
            continue;
        }
        // Instruction: "80002ea6:\t9ffc 0000 0014 \tsubal #20,%sp"
        let Some((a, rest)) = line.split_once(":\t") else {
            continue;
        };
        let Some(addr) = parse_hex(a.trim()) else {
            continue;
        };
        if a.trim().is_empty() || !a.trim().chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let (hex, asm) = match rest.split_once('\t') {
            Some((h, a)) => (h, Some(a)),
            None => (rest, None),
        };
        let words: Vec<u16> = hex.split_whitespace().filter_map(|w| u16::from_str_radix(w, 16).ok()).collect();
        match asm {
            Some(asm) if !asm.trim().is_empty() => {
                let asm = asm.trim();
                let (mn, ops) = match asm.split_once(' ') {
                    Some((m, o)) => (m, o.trim()),
                    None => (asm, ""),
                };
                l.insns.push(Insn { addr, words, mnemonic: mn.to_string(), operands: ops.to_string() });
            }
            _ => {
                // Continuation line: more words of the previous instruction.
                if let Some(last) = l.insns.last_mut() {
                    last.words.extend(words);
                }
            }
        }
    }
    l.funcs.sort_by_key(|f| (f.addr, std::cmp::Reverse(f.size)));
    l.funcs.dedup_by_key(|f| f.addr);
    l
}

/// `80002ea6 g     F .text\t00000084 bug1_stack_index`
fn parse_symbol_line(line: &str) -> Option<Func> {
    let (addr, rest) = line.split_once(' ')?;
    let addr = parse_hex(addr)?;
    if rest.len() < 8 {
        return None;
    }
    let (flags, rest) = rest.split_at(7);
    if !flags.contains('F') {
        return None;
    }
    let toks: Vec<&str> = rest.split_whitespace().collect();
    if toks.len() < 3 {
        return None;
    }
    let size = parse_hex(toks[1])?;
    let name = toks[toks.len() - 1].to_string();
    if size == 0 {
        return None;
    }
    Some(Func { name, addr, size })
}

//---------------------------------------------------------------------------------------------
// Instruction classification
//---------------------------------------------------------------------------------------------

const CONDS: [&str; 16] = ["hi", "ls", "cc", "cs", "ne", "eq", "vc", "vs", "pl", "mi", "ge", "lt", "gt", "le", "hs", "lo"];

/// Split operands at top-level commas.
pub fn split_operands(ops: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in ops.char_indices() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(ops[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !ops.trim().is_empty() {
        out.push(ops[start..].trim());
    }
    out
}

fn is_dreg(op: &str) -> bool {
    let b = op.as_bytes();
    b.len() == 3 && b[0] == b'%' && b[1] == b'd' && (b'0'..=b'7').contains(&b[2])
}

fn is_areg(op: &str) -> bool {
    let b = op.as_bytes();
    (b.len() == 3 && b[0] == b'%' && b[1] == b'a' && (b'0'..=b'7').contains(&b[2])) || op == "%sp" || op == "%fp"
}

/// Strip a size suffix (`b`, `w`, `l`, `s`) from `base`+suffix mnemonics.
fn strip_size<'a>(mn: &'a str, base: &str) -> Option<&'a str> {
    let rest = mn.strip_prefix(base)?;
    match rest {
        "" | "b" | "w" | "l" | "s" => Some(rest),
        _ => None,
    }
}

/// If `mn` is a conditional instruction `prefix` + condition (+ size), return the condition.
fn cond_of<'a>(mn: &'a str, prefix: &str, extra: &[&'a str]) -> Option<(&'a str, &'a str)> {
    let rest = mn.strip_prefix(prefix)?;
    for c in CONDS.iter().chain(extra.iter()) {
        if let Some(sz) = rest.strip_prefix(c) {
            if matches!(sz, "" | "s" | "b" | "w" | "l") {
                // `c` lives in CONDS/extra; find the matching slice of `mn` to return.
                let start = prefix.len();
                return Some((&mn[start..start + c.len()], sz));
            }
        }
    }
    None
}

/// Why an instruction is not plain-68000 (class and explanation), if it isn't.
pub fn isa_violation(insn: &Insn) -> Option<(Class, String)> {
    let mn = insn.mnemonic.as_str();
    let ops = split_operands(&insn.operands);
    let isa = |m: &str| Some((Class::Isa, m.to_string()));

    if mn == ".short" || mn == ".word" || mn == ".long" || mn == ".byte" {
        return Some((Class::Undecodable, "objdump cannot decode this word".into()));
    }
    // Long branches (68020+): bral, bsrl, b<cc>l.
    if mn == "bral" || mn == "bsrl" || cond_of(mn, "b", &[]).map(|(_, s)| s) == Some("l") {
        return Some((Class::LongBranch, "32-bit branch displacement (68020+)".into()));
    }
    // 68010+
    if mn == "rtd" || mn == "movec" || strip_size(mn, "moves").is_some() || mn == "bkpt" {
        return isa("68010+ instruction");
    }
    if strip_size(mn, "move").is_some() && ops.first() == Some(&"%ccr") {
        return isa("MOVE from CCR (68010+)");
    }
    // 68020+ arithmetic / misc
    let mul_div = ["mulul", "mulsl", "divul", "divsl", "divull", "divsll"];
    if mul_div.contains(&mn) {
        return isa("32-bit multiply/divide (68020+)");
    }
    if mn == "extbl" {
        return isa("EXTB.L (68020+)");
    }
    if mn.starts_with("bf") && ["chg", "clr", "exts", "extu", "ffo", "ins", "set", "tst"].contains(&&mn[2..]) {
        return isa("bit-field instruction (68020+)");
    }
    if strip_size(mn, "cas").is_some() || strip_size(mn, "cas2").is_some() {
        return isa("CAS/CAS2 (68020+)");
    }
    if strip_size(mn, "chk2").is_some() || strip_size(mn, "cmp2").is_some() {
        return isa("CHK2/CMP2 (68020+)");
    }
    if mn == "chkl" {
        return isa("CHK.L (68020+)");
    }
    if mn == "pack" || mn == "unpk" || mn == "callm" || mn == "rtm" {
        return isa("68020 instruction");
    }
    if mn == "linkl" {
        return isa("LINK.L (68020+)");
    }
    if cond_of(mn, "trap", &["t", "f"]).is_some() {
        return isa("TRAPcc (68020+)");
    }
    if matches!(mn, "move16" | "cinva" | "cinvl" | "cinvp" | "cpusha" | "cpushl" | "cpushp")
        || mn.starts_with("tbl")
        || mn == "lpstop"
        || mn == "bgnd"
    {
        return isa("68040/CPU32 instruction");
    }
    if mn.starts_with('f') {
        return isa("FPU instruction (68881/68882/68040)");
    }
    if mn.starts_with('p') && mn != "pea" {
        return isa("MMU/coprocessor instruction");
    }
    if mn.starts_with("cp") {
        return isa("coprocessor instruction");
    }
    // 68020+ operand forms of 68000 instructions.
    if strip_size(mn, "tst").is_some() {
        if let Some(op) = ops.first() {
            if is_areg(op) || op.starts_with('#') || op.starts_with("%pc@") {
                return isa("TST of An/immediate/PC-relative (68020+)");
            }
        }
    }
    if strip_size(mn, "cmpi").is_some() && ops.last().is_some_and(|o| o.starts_with("%pc@")) {
        return isa("CMPI with PC-relative operand (68020+)");
    }
    None
}

/// Check addressing modes: scaled index, memory indirect, full-format extension words.
pub fn addr_mode_violation(insn: &Insn) -> Option<String> {
    let ops = &insn.operands;
    if !ops.contains('@') {
        return None;
    }
    for op in split_operands(ops) {
        if op.contains(")@(") {
            return Some(format!("memory-indirect addressing `{op}` (68020+)"));
        }
        if op.starts_with("@(") || op.contains("%za") || op.contains("%zd") || op.contains("%zpc") {
            return Some(format!("suppressed base register `{op}` (68020+)"));
        }
        // Index register with a scale: "...,%d0:l:4)" - only scale 1 exists on the 68000.
        if let Some(i) = op.find(":l:").or_else(|| op.find(":w:")) {
            let scale = &op[i + 3..i + 4];
            if scale != "1" {
                return Some(format!("scaled index `{op}` (68020+)"));
            }
        }
        // Indexed mode: find the extension word and check the full-format bit (bit 8).
        if let Some((reg_is_a, regno, long)) = index_reg(op) {
            let want = ((reg_is_a as u16) << 15) | ((regno as u16) << 12) | ((long as u16) << 11);
            let ext = insn.words.iter().skip(1).find(|w| *w & 0xf800 == want);
            if let Some(w) = ext {
                if w & 0x0100 != 0 {
                    return Some(format!("full-format extension word {w:04x} in `{op}` (68020+)"));
                }
            }
        }
    }
    None
}

/// Parse the index register of an indexed operand `...,%d3:l)`.
fn index_reg(op: &str) -> Option<(bool, u8, bool)> {
    let open = op.find("@(")?;
    let inner = &op[open..];
    let comma = inner.rfind(',')?;
    let idx = inner[comma + 1..].trim_end_matches(')');
    let (reg, size) = idx.split_once(':')?;
    let long = size.starts_with('l');
    let (is_a, n) = match reg {
        "%sp" => (true, 7),
        "%fp" => (true, 6),
        r if r.len() == 3 && r.starts_with("%d") => (false, r.as_bytes()[2].wrapping_sub(b'0')),
        r if r.len() == 3 && r.starts_with("%a") => (true, r.as_bytes()[2].wrapping_sub(b'0')),
        _ => return None,
    };
    if n > 7 {
        return None;
    }
    Some((is_a, n, long))
}

/// How an instruction interacts with the N/Z/V/C flags, for the flag-clobber check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagEffect {
    /// Leaves N/Z/V/C alone.
    Neutral,
    /// Sets flags and has no other result (cmp, tst, btst, move to CCR/SR).
    Compare,
    /// Sets flags as a side effect of computing a result (add, sub, and, ...).
    Arith,
    /// A flag-setting MOVE/MOVEQ into a data register or memory. `reg_src` when the source is
    /// a register or an immediate (a copy, whose flags nobody tests after a compare).
    Move { reg_src: bool },
    /// Reads N/Z/V/C (conditional branch, scc, conditional dbcc, trapv). Does not write them.
    Consumer,
    /// A call: flags are unknown afterwards.
    Call,
    /// Control does not fall through (bra, jmp, rts, ...).
    End,
    /// Unknown/undecodable: reset.
    Unknown,
}

/// 68000 flag semantics of an instruction (MIT-syntax mnemonic).
pub fn flag_effect(insn: &Insn) -> FlagEffect {
    use FlagEffect::*;
    let mn = insn.mnemonic.as_str();
    let ops = split_operands(&insn.operands);
    let dst = ops.last().copied().unwrap_or("");
    if mn.starts_with('.') {
        return Unknown;
    }
    // Branches.
    if strip_size(mn, "bra").is_some() || mn == "jmp" {
        return End;
    }
    if matches!(mn, "rts" | "rte" | "rtr" | "rtd" | "stop" | "illegal" | "reset") {
        return End;
    }
    if strip_size(mn, "bsr").is_some() || mn == "jsr" || mn == "trap" || mn == "chk" {
        return Call;
    }
    if cond_of(mn, "b", &[]).is_some() {
        return Consumer;
    }
    if let Some((c, _)) = cond_of(mn, "db", &["t", "f", "ra"]) {
        return if matches!(c, "t" | "f" | "ra") { Neutral } else { Consumer };
    }
    if let Some((c, _)) = cond_of(mn, "s", &["t", "f"]) {
        // `st`/`sf` set a byte without reading flags. Guard against `sub*`, `swap`, `sbcd`:
        // those are not CONDS-prefixed so cond_of fails for them.
        return if matches!(c, "t" | "f") { Neutral } else { Consumer };
    }
    if mn == "trapv" {
        return Consumer;
    }
    // Moves.
    if strip_size(mn, "movea").is_some() || strip_size(mn, "movem").is_some() {
        return Neutral;
    }
    if strip_size(mn, "movep").is_some() || mn == "exg" || mn == "lea" || mn == "pea" {
        return Neutral;
    }
    if mn == "link" || mn == "unlk" || mn == "nop" {
        return Neutral;
    }
    if strip_size(mn, "move").is_some() || strip_size(mn, "moveq").is_some() {
        let src = ops.first().copied().unwrap_or("");
        if dst == "%ccr" || dst == "%sr" {
            return Compare; // MOVE to CCR/SR: an intended flag write (e.g. a restore)
        }
        if src == "%sr" || src == "%ccr" || src == "%usp" || dst == "%usp" {
            return Neutral;
        }
        if is_areg(dst) {
            return Neutral; // MOVEA spelled as move
        }
        let reg_src = is_dreg(src) || is_areg(src) || src.starts_with('#');
        return Move { reg_src };
    }
    // Arithmetic on address registers leaves the flags alone.
    if strip_size(mn, "adda").is_some() || strip_size(mn, "suba").is_some() {
        return Neutral;
    }
    if (strip_size(mn, "addq").is_some() || strip_size(mn, "subq").is_some()) && is_areg(dst) {
        return Neutral;
    }
    if (strip_size(mn, "add").is_some() || strip_size(mn, "sub").is_some()) && is_areg(dst) {
        return Neutral;
    }
    // Compare-only instructions.
    if ["cmp", "cmpa", "cmpi", "cmpm", "tst"].iter().any(|b| strip_size(mn, b).is_some()) || mn == "btst" {
        return Compare;
    }
    Arith
}

//---------------------------------------------------------------------------------------------
// Checking
//---------------------------------------------------------------------------------------------

/// Direct branch target of a branch/jump operand like `80002f02 <foo+0x5c>` or
/// `%pc@(c8 <foo>)`.
fn branch_target(insn: &Insn) -> Option<u64> {
    let mn = insn.mnemonic.as_str();
    let is_branch = mn.starts_with('b') && !matches!(mn, "bclr" | "bset" | "bchg" | "btst" | "bkpt")
        || mn.starts_with("db")
        || mn == "jmp"
        || mn == "jsr";
    if !is_branch {
        return None;
    }
    let op = split_operands(&insn.operands).last().copied()?;
    let op = op.strip_prefix("%pc@(").unwrap_or(op);
    let tok = op.split_whitespace().next()?;
    if op.contains('<') || insn.mnemonic.starts_with('b') || insn.mnemonic.starts_with("db") {
        parse_hex(tok)
    } else {
        None
    }
}

/// Check a parsed listing.
/// Crates whose functions must not call a division routine (class `division`): a function
/// belongs to one when its (mangled or demangled) symbol names the crate.
pub const DIVISION_FREE_CRATES: [&str; 2] = ["megacollide_engine", "megacollide_demo"];

/// The libgcc / compiler-builtins routines of 32- and 64-bit division and remainder.
const DIVISION_ROUTINES: [&str; 8] = ["__udivsi3", "__divsi3", "__umodsi3", "__modsi3", "__udivdi3", "__divdi3", "__umoddi3", "__moddi3"];

/// The division routine `insn` calls or jumps to (`jsr`, `bsr`, `jmp`, `bra`, by the
/// `<symbol>` objdump prints after the target), if any.
pub fn division_call(insn: &Insn) -> Option<&'static str> {
    let m = insn.mnemonic.as_str();
    if !["jsr", "bsr", "jbsr", "jmp", "bra", "jra"].iter().any(|p| m.starts_with(p)) {
        return None;
    }
    let label = insn.operands.split('<').nth(1)?.strip_suffix('>')?;
    DIVISION_ROUTINES.iter().copied().find(|r| *r == label)
}

pub fn check(listing: &Listing, opts: &Options) -> Report {
    let mut report = Report::default();
    let funcs = &listing.funcs;

    // Group instructions into regions: one per function symbol, or one per contiguous run.
    let mut regions: Vec<(Option<&Func>, Vec<&Insn>)> = Vec::new();
    if opts.all_code || funcs.is_empty() {
        regions.push((None, listing.insns.iter().collect()));
    } else {
        let mut fi = 0usize;
        let mut cur: Option<usize> = None;
        for insn in &listing.insns {
            while fi < funcs.len() && funcs[fi].addr + funcs[fi].size <= insn.addr {
                fi += 1;
            }
            let inside = fi < funcs.len() && funcs[fi].addr <= insn.addr && insn.addr < funcs[fi].addr + funcs[fi].size;
            if !inside {
                continue;
            }
            if cur != Some(fi) {
                regions.push((Some(&funcs[fi]), Vec::new()));
                cur = Some(fi);
            }
            regions.last_mut().unwrap().1.push(insn);
        }
    }
    report.functions_checked = regions.iter().filter(|r| r.0.is_some()).count();

    let locate = |addr: u64| -> String {
        if let Some(f) = funcs.iter().rev().find(|f| f.addr <= addr && addr < f.addr + f.size) {
            return format!("{}+0x{:x}", f.name, addr - f.addr);
        }
        match listing.labels.range(..=addr).next_back() {
            Some((a, n)) => format!("{}+0x{:x}", n, addr - a),
            None => "?".into(),
        }
    };

    let finding = |class: Class, insn: &Insn, message: String| Finding {
        class,
        addr: insn.addr,
        location: locate(insn.addr),
        insn: insn.text(),
        message,
    };

    // Branch targets break straight-line code.
    let targets: BTreeSet<u64> = listing.insns.iter().filter_map(branch_target).collect();

    for (func, insns) in &regions {
        report.insns_checked += insns.len();
        // (a) ISA and addressing modes.
        for insn in insns {
            if let Some((class, msg)) = isa_violation(insn) {
                if opts.classes.contains(&class) {
                    report.findings.push(finding(class, insn, msg));
                }
            } else if opts.classes.contains(&Class::AddrMode) {
                if let Some(msg) = addr_mode_violation(insn) {
                    report.findings.push(finding(Class::AddrMode, insn, msg));
                }
            }
        }
        // (b) Division routines called from the engine or the game.
        let division_free = func.is_some_and(|f| DIVISION_FREE_CRATES.iter().any(|c| f.name.contains(c)));
        if division_free && opts.classes.contains(&Class::Division) {
            for insn in insns {
                if let Some(r) = division_call(insn) {
                    let why = format!(
                        "calls {r} (a software division, over 1,000 cycles): the engine and the game divide by shifts and tables only"
                    );
                    report.findings.push(finding(Class::Division, insn, why));
                }
            }
        }
        // (c) Flag clobbers.
        if opts.classes.contains(&Class::FlagClobber) {
            flag_clobbers(insns, &targets, &locate, &mut report.findings);
        }
    }
    report.findings.sort_by_key(|f| f.addr);
    report
}

fn flag_clobbers(insns: &[&Insn], targets: &BTreeSet<u64>, locate: &dyn Fn(u64) -> String, out: &mut Vec<Finding>) {
    use FlagEffect::*;
    // The instruction whose flags are live, and whether it is compare-only.
    let mut setter: Option<(&Insn, bool)> = None;
    // A flag-setting move after `setter`.
    let mut pending: Option<&Insn> = None;
    for (i, insn) in insns.iter().enumerate() {
        if i == 0 || targets.contains(&insn.addr) {
            setter = None;
            pending = None;
        }
        match flag_effect(insn) {
            Neutral => {}
            Compare => {
                setter = Some((insn, true));
                pending = None;
            }
            Arith => {
                setter = Some((insn, false));
                pending = None;
            }
            Move { reg_src } => match setter {
                Some((_, cmp_only)) if cmp_only || reg_src => {
                    if pending.is_none() {
                        pending = Some(insn);
                    }
                }
                // A load after arithmetic (or with nothing before it): its own flags may be
                // the ones tested (`move.l (a0)+,d0; beq`), so it becomes the setter.
                _ => {
                    setter = Some((insn, false));
                    pending = None;
                }
            },
            Consumer => {
                if let (Some((s, _)), Some(m)) = (setter, pending) {
                    out.push(Finding {
                        class: Class::FlagClobber,
                        addr: m.addr,
                        location: locate(m.addr),
                        insn: m.text(),
                        message: format!(
                            "clobbers the flags set by `{}` at {:08x} that `{}` at {:08x} reads",
                            s.text(),
                            s.addr,
                            insn.mnemonic,
                            insn.addr
                        ),
                    });
                    // Report each clobbering move once; afterwards the flags are the move's.
                    setter = Some((m, false));
                    pending = None;
                }
            }
            Call | End | Unknown => {
                setter = None;
                pending = None;
            }
        }
    }
}

/// Convenience: parse and check.
pub fn check_text(objdump_output: &str, opts: &Options) -> Report {
    check(&parse_objdump(objdump_output), opts)
}

#[cfg(test)]
mod tests;
