//! The horizontal interrupt's handler (`_hint`, `src/megadrive/asm/startup.s`) timed on the
//! cycle-exact 68000 model, in the water example's ELF (`out/examples/water.packed.elf`, built
//! by `make examples`): each interrupt of a frame of several `megadrive::raster` tables, from
//! its first instruction through its `rte`, plus the 44 cycles of the 68000's interrupt entry
//! (autovectored; the model is entered at the handler). The counts are the ones the raster
//! module's docs give.

mod common;

use bench::machine::{Machine, SENTINEL};
use m68k::AddressBus;
use megadrive::raster::{Table, COMPILED_WORDS, NEXT_FRAME};
use megadrive::vdp::Reg;
use std::io::Write;

/// The 68000's interrupt entry (acknowledge, stack the PC and SR, fetch the vector).
const INTERRUPT_ENTRY: u64 = 44;
/// Where the test puts the tables (work RAM the example's code does not run over here).
const TABLES: u32 = 0xFF_8000;

/// The water example's ELF, or `None` (after saying why) under plain `cargo test` when it is
/// not built.
fn water_elf() -> Option<Vec<u8>> {
    let path = format!("{}/examples/water.packed.elf", common::out_dir());
    match std::fs::read(&path) {
        Ok(elf) => Some(elf),
        Err(e) if std::env::var_os("MEGACOLLIDE_OUT").is_none() && e.kind() == std::io::ErrorKind::NotFound => {
            let test = std::thread::current().name().unwrap_or("this test").to_string();
            let line = format!("{test}: NOT RUN under plain `cargo test`: {path} not built; `make test` builds it and runs this test (or `make examples`, then cargo test again)");
            let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
            None
        }
        Err(e) => panic!("{path}: {e} (build it: make examples)"),
    }
}

/// Runs `_hint` once as the interrupt would (SR and PC stacked, level 4 masked); returns its
/// cycles with the interrupt entry.
fn interrupt(m: &mut Machine, hint: u32) -> u64 {
    let sp = 0x00FF_F000;
    m.bus.write_word(sp, 0x2000); // the SR the rte restores
    m.bus.write_long(sp + 2, SENTINEL);
    m.cpu.set_sp(sp);
    m.cpu.set_sr(0x2400);
    m.cpu.jump(hint);
    m.cpu.invalidate_prefetch();
    let mut cycles = INTERRUPT_ENTRY;
    while m.cpu.pc != SENTINEL {
        match m.cpu.step(&mut m.bus) {
            m68k::StepResult::Ok { cycles: c } => cycles += c as u64,
            r => panic!("_hint stopped at {:#x}: {r:?}", m.cpu.pc),
        }
        assert!(cycles < 10_000, "_hint does not return");
    }
    assert_eq!(m.cpu.sp(), sp + 6, "the stack balanced");
    cycles
}

/// The cycles of each interrupt of one frame of `table` (compiled at TABLES), the handler's
/// pointers set as `show` then the frame's start leave them; with `switch`, a second table
/// is published, taken at the last interrupt.
fn frame(m: &mut Machine, table: &Table, switch: bool) -> Vec<u64> {
    let mut words = [0u16; COMPILED_WORDS];
    let n = table.compile(&mut words);
    for (i, w) in words[..n].iter().enumerate() {
        m.bus.write_word(TABLES + 2 * i as u32, *w);
    }
    let other = TABLES + 0x1000;
    m.bus.write_word(other, 0x8ADF);
    let [next, active, pending] = ["raster_next", "raster_active", "raster_pending"].map(|s| m.symbol(s).unwrap());
    m.bus.write_long(active, TABLES);
    m.bus.write_long(next, TABLES + 2);
    m.bus.write_long(pending, if switch { other } else { 0 });
    let hint = m.symbol("_hint").unwrap();
    let mut cycles = vec![];
    loop {
        cycles.push(interrupt(m, hint));
        if m.bus.read_long(next) == m.bus.read_long(active) + 2 {
            break; // the frame's last block: back at a table's top
        }
        assert!(cycles.len() <= 40, "the frame never ends");
    }
    assert_eq!(m.bus.read_long(active), if switch { other } else { TABLES }, "the table the next frame walks");
    assert_eq!(m.bus.read_long(pending), 0);
    cycles
}

#[test]
fn the_horizontal_interrupt_costs_what_the_docs_say() {
    let Some(elf) = water_elf() else { return };
    let mut m = Machine::from_elf(&elf).unwrap();
    // No change: one interrupt, at line 223, the frame's last (226 + 68).
    assert_eq!(frame(&mut m, &Table::new(), false), [294]);
    // The same, taking a newly published table (226 + 114).
    assert_eq!(frame(&mut m, &Table::new(), true), [340]);
    // The water example: three colours at line 152 (after a pace-setting interrupt at line
    // 75), three at the end of the frame: 226; 224 + 68 + 3 x 22 = 358; 358 + 68.
    let mut water = Table::new();
    water.colours(152, 0, &[0x0400, 0x0A40, 0x0E84]).unwrap();
    water.colours(NEXT_FRAME, 0, &[0x0C80, 0x00AE, 0x0EEE]).unwrap();
    assert_eq!(frame(&mut m, &water, false), [226, 358, 426]);
    // A colour and a register at one line (a second command: + 2), a vertical scroll at the
    // next line; a pace-setting interrupt at line 49 first.
    let mut split = Table::new();
    split.colours(100, 17, &[0x0EEE]).unwrap();
    split.register(100, Reg::BgColour, 0x11).unwrap();
    split.vscroll(101, 8, 0).unwrap();
    let c = frame(&mut m, &split, false);
    assert_eq!(c, [226, 224 + 68 + 22 + 68 + 2, 224 + 68 + 2 * 22, 226 + 68]);
    println!("_hint cycles a frame: empty {:?}, water {:?}, split {:?}", [294], frame(&mut m, &water, false), c);
}
