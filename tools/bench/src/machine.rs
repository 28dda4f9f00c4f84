//! The 68000 side: a 16 MiB memory bus for the `m68k` crate's cycle-exact M68000 model, an
//! ELF loader and symbol table, and `call`: run one C function of the loaded ELF from its
//! first instruction to its `rts`, counting cycles.

use std::collections::HashMap;

use m68k::{AddressBus, CpuCore, CpuType, StepResult};
use object::{Object, ObjectSegment, ObjectSymbol, SymbolKind};

/// 16 MiB: the 68000's whole 24-bit address space, all of it zero-wait-state memory.
pub const MEM_SIZE: usize = 1 << 24;
const ADDR_MASK: u32 = (MEM_SIZE - 1) as u32;

/// Where the host puts its call trampoline: `jsr entry.l` then `illegal` (the return
/// sentinel). Outside the ELF's ROM (0..4 MiB) and RAM (0xFF0000..).
pub const TRAMPOLINE: u32 = 0x00E0_0000;
/// The return address the trampoline's `jsr` pushes: reaching it ends a call.
pub const SENTINEL: u32 = TRAMPOLINE + 6;
/// Initial stack pointer of every call (top of RAM, as on the Mega Drive).
pub const STACK_TOP: u32 = 0x0100_0000;
/// A call that runs longer than this is reported as a hang.
pub const MAX_CYCLES: u64 = 50_000_000;

/// Flat big-endian memory implementing the `m68k` crate's bus trait (24-bit addresses).
pub struct Bus {
    pub mem: Vec<u8>,
}

impl Bus {
    pub fn new() -> Bus {
        Bus { mem: vec![0; MEM_SIZE] }
    }
    pub fn load(&mut self, addr: u32, data: &[u8]) {
        let a = (addr & ADDR_MASK) as usize;
        self.mem[a..a + data.len()].copy_from_slice(data);
    }
}

impl Default for Bus {
    fn default() -> Self {
        Bus::new()
    }
}

/// The Z80 bus arbiter (`megadrive::z80`): it reads 0 (the bus is the 68000's) at once.
const Z80_BUS_REQUEST: u32 = 0xA1_1100;

impl AddressBus for Bus {
    fn read_byte(&mut self, address: u32) -> u8 {
        if address & ADDR_MASK & !1 == Z80_BUS_REQUEST {
            return 0;
        }
        self.mem[(address & ADDR_MASK) as usize]
    }
    fn read_word(&mut self, address: u32) -> u16 {
        (self.read_byte(address) as u16) << 8 | self.read_byte(address.wrapping_add(1)) as u16
    }
    fn read_long(&mut self, address: u32) -> u32 {
        (self.read_word(address) as u32) << 16 | self.read_word(address.wrapping_add(2)) as u32
    }
    fn write_byte(&mut self, address: u32, value: u8) {
        self.mem[(address & ADDR_MASK) as usize] = value;
    }
    fn write_word(&mut self, address: u32, value: u16) {
        self.write_byte(address, (value >> 8) as u8);
        self.write_byte(address.wrapping_add(1), value as u8);
    }
    fn write_long(&mut self, address: u32, value: u32) {
        self.write_word(address, (value >> 16) as u16);
        self.write_word(address.wrapping_add(2), value as u16);
    }
}

/// A function symbol of the ELF (for per-function cycle attribution).
#[derive(Clone, Debug)]
pub struct Func {
    pub addr: u32,
    pub size: u32,
    pub name: String,
}

/// Per-function cycles of the calls made while profiling was on.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Function name -> (cycles, instructions, calls = executions of its first instruction).
    pub by_func: HashMap<String, (u64, u64, u64)>,
    /// Instruction address -> (cycles, executions).
    pub by_pc: std::collections::BTreeMap<u32, (u64, u64)>,
    pub total: u64,
}

impl Profile {
    /// The `n` costliest instruction addresses: (pc, cycles, executions), by cycles.
    pub fn hot_pcs(&self, n: usize) -> Vec<(u32, u64, u64)> {
        let mut v: Vec<_> = self.by_pc.iter().map(|(&pc, &(c, k))| (pc, c, k)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        v.truncate(n);
        v
    }

    /// Entries sorted by cycles (descending), then name.
    pub fn sorted(&self) -> Vec<(String, u64, u64, u64)> {
        let mut v: Vec<_> = self.by_func.iter().map(|(k, &(c, n, calls))| (k.clone(), c, n, calls)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }
}

/// The 68000 model with the bench ELF loaded.
pub struct Machine {
    pub cpu: CpuCore,
    pub bus: Bus,
    pub symbols: HashMap<String, u32>,
    /// Function symbols sorted by address.
    pub funcs: Vec<Func>,
    /// When set, `call` attributes every instruction's cycles to its function.
    pub profile: Option<Profile>,
    /// Entry addresses whose calls are profiled (empty: all).
    pub profile_entries: Vec<u32>,
}

/// Readable function name: demangled, without the crate hash and the `megacollide_engine::`
/// prefix.
pub fn short_name(raw: &str) -> String {
    let d = format!("{:#}", rustc_demangle::demangle(raw));
    d.replace("megacollide_engine::", "")
}

/// Per instruction: its address and its cycles.
pub type Steps = Vec<(u32, u32)>;

impl Machine {
    /// Loads every PT_LOAD segment of `elf` at its address and reads its symbols.
    pub fn from_elf(elf: &[u8]) -> Result<Machine, String> {
        let obj = object::File::parse(elf).map_err(|e| format!("not an ELF: {e}"))?;
        // Reset first (vectors SSP, PC), then load: the ELF load may overwrite the vectors.
        let mut m = Machine::bare();
        for seg in obj.segments() {
            let data = seg.data().map_err(|e| format!("segment data: {e}"))?;
            m.bus.load(seg.address() as u32, data);
        }
        for s in obj.symbols() {
            let Ok(name) = s.name() else { continue };
            if name.is_empty() {
                continue;
            }
            m.symbols.insert(name.to_string(), s.address() as u32);
            if s.kind() == SymbolKind::Text && s.size() > 0 {
                m.funcs.push(Func { addr: s.address() as u32, size: s.size() as u32, name: short_name(name) });
            }
        }
        m.funcs.sort_by_key(|f| f.addr);
        Ok(m)
    }

    /// An empty machine (no ELF) for running hand-written code: reset vectors point at the
    /// stack top and the call trampoline.
    pub fn bare() -> Machine {
        let mut bus = Bus::new();
        bus.write_long(0, STACK_TOP);
        bus.write_long(4, TRAMPOLINE);
        let mut cpu = CpuCore::new();
        cpu.set_cpu_type(CpuType::M68000);
        cpu.reset(&mut bus);
        Machine { cpu, bus, symbols: HashMap::new(), funcs: Vec::new(), profile: None, profile_entries: Vec::new() }
    }

    pub fn symbol(&self, name: &str) -> Result<u32, String> {
        self.symbols.get(name).copied().ok_or_else(|| format!("symbol {name} not in the ELF"))
    }

    fn func_at(&self, pc: u32) -> &str {
        let i = self.funcs.partition_point(|f| f.addr <= pc);
        if i > 0 {
            let f = &self.funcs[i - 1];
            if pc < f.addr + f.size {
                return &f.name;
            }
        }
        "?"
    }

    /// Calls the C function at `entry` with `args` (m68k C ABI: each argument in a 4-byte
    /// stack slot, pushed right to left, so the first is at 4(sp) on entry; result in d0).
    /// Returns (d0, cycles, per-instruction cycles). The cycles count every instruction
    /// from the function's first one through its `rts`; the caller's `jsr` (20 cycles for
    /// `jsr abs.l`) and argument pushes are not included.
    pub fn call_addr_steps(&mut self, entry: u32, args: &[u32]) -> Result<(u32, u64, Steps), String> {
        // Trampoline: jsr entry.l ; illegal
        self.bus.write_word(TRAMPOLINE, 0x4EB9);
        self.bus.write_long(TRAMPOLINE + 2, entry);
        self.bus.write_word(SENTINEL, 0x4AFC);
        let mut sp = STACK_TOP;
        for &a in args.iter().rev() {
            sp -= 4;
            self.bus.write_long(sp, a);
        }
        self.cpu.set_sr(0x2700);
        self.cpu.set_sp(sp);
        self.cpu.jump(TRAMPOLINE);
        self.cpu.invalidate_prefetch();
        // The jsr itself: not counted.
        match self.cpu.step(&mut self.bus) {
            StepResult::Ok { .. } => {}
            r => return Err(format!("trampoline jsr: {r:?}")),
        }
        if self.cpu.pc != entry {
            return Err(format!("trampoline jumped to {:#x}, not {entry:#x}", self.cpu.pc));
        }
        let mut total: u64 = 0;
        let mut steps = Vec::new();
        let profiled = self.profile_entries.is_empty() || self.profile_entries.contains(&entry);
        while self.cpu.pc != SENTINEL {
            let pc = self.cpu.pc;
            let c = match self.cpu.step(&mut self.bus) {
                StepResult::Ok { cycles } => cycles as u32,
                r => return Err(format!("68000 stopped at {pc:#x} ({}) with {r:?} (a panic or abort in the bench ELF)", self.func_at(pc))),
            };
            total += c as u64;
            steps.push((pc, c));
            if let (true, Some(p)) = (profiled, self.profile.as_mut()) {
                let (name, first) = {
                    let i = self.funcs.partition_point(|f| f.addr <= pc);
                    if i > 0 && pc < self.funcs[i - 1].addr + self.funcs[i - 1].size {
                        (self.funcs[i - 1].name.clone(), pc == self.funcs[i - 1].addr)
                    } else {
                        ("?".to_string(), false)
                    }
                };
                let e = p.by_func.entry(name).or_insert((0, 0, 0));
                e.0 += c as u64;
                e.1 += 1;
                e.2 += first as u64;
                let e = p.by_pc.entry(pc).or_insert((0, 0));
                e.0 += c as u64;
                e.1 += 1;
                p.total += c as u64;
            }
            if total > MAX_CYCLES {
                return Err(format!("call of {entry:#x} ran over {MAX_CYCLES} cycles"));
            }
        }
        if self.cpu.sp() != sp {
            return Err(format!("stack not balanced after the call of {entry:#x}"));
        }
        Ok((self.cpu.d(0), total, steps))
    }

    /// `call_addr_steps` by symbol name, without the per-instruction list.
    pub fn call(&mut self, name: &str, args: &[u32]) -> Result<(u32, u64), String> {
        let entry = self.symbol(name)?;
        let (d0, c, _) = self.call_addr_steps(entry, args)?;
        Ok((d0, c))
    }

    /// Starts profiling the calls of the entry points `names` (per-function cycles).
    pub fn start_profile(&mut self, names: &[&str]) {
        self.profile_entries = names.iter().map(|n| self.symbol(n).unwrap()).collect();
        self.profile = Some(Profile::default());
    }

    /// Stops profiling and returns the profile.
    pub fn take_profile(&mut self) -> Profile {
        self.profile_entries.clear();
        self.profile.take().unwrap_or_default()
    }

    /// Reads a big-endian word of memory.
    pub fn write_byte(&mut self, addr: u32, value: u8) {
        self.bus.write_byte(addr, value)
    }
    pub fn read_byte(&mut self, addr: u32) -> u8 {
        self.bus.read_byte(addr)
    }
    pub fn read_word(&mut self, addr: u32) -> u16 {
        self.bus.read_word(addr)
    }
}
