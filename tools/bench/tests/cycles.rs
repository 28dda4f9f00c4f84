//! The cycle model against Motorola's MC68000 tables (hand-counted), run through the same
//! call path as the benchmarks: a function at 0x10000 called by the trampoline's jsr.

use bench::machine::Machine;
use m68k::AddressBus;

const CODE: u32 = 0x1_0000;

/// Runs `code` (which must end with rts) with d0..d7 = `d`; returns per-instruction cycles.
fn run(code: &[u16], d: [u32; 8]) -> (Vec<u32>, Machine) {
    let mut mc = Machine::bare();
    for (i, w) in code.iter().enumerate() {
        mc.bus.write_word(CODE + 2 * i as u32, *w);
    }
    for (r, v) in d.iter().enumerate() {
        mc.cpu.set_d(r, *v);
    }
    let (_, total, steps) = mc.call_addr_steps(CODE, &[]).unwrap();
    assert_eq!(total, steps.iter().map(|&(_, c)| c as u64).sum::<u64>());
    (steps.iter().map(|&(_, c)| c).collect(), mc)
}

const RTS: u16 = 0x4E75;

#[test]
fn moveq_add_nop_rts() {
    // moveq #1,d0 (4); add.l d0,d1 (8); add.w d0,d1 (4); nop (4); rts (16)
    let (s, mc) = run(&[0x7001, 0xD280, 0xD240, 0x4E71, RTS], [0; 8]);
    assert_eq!(s, vec![4, 8, 4, 4, 16]);
    assert_eq!(mc.cpu.d(1), 2);
}

#[test]
fn mulu_is_38_plus_2_per_one_bit() {
    // mulu.w d1,d0: 38 + 2n, n = number of 1 bits in the source word.
    for (src, n) in [(0u32, 0u32), (1, 1), (0x5555, 8), (0x8001, 2), (0xFFFF, 16)] {
        let (s, mc) = run(&[0xC0C1, RTS], [3, src, 0, 0, 0, 0, 0, 0]);
        assert_eq!(s[0], 38 + 2 * n, "mulu.w with source {src:#x}");
        assert_eq!(mc.cpu.d(0), 3 * src);
    }
}

#[test]
fn muls_is_38_plus_2_per_bit_change() {
    // muls.w d1,d0: 38 + 2n, n = number of 10 or 01 pairs in (source << 1) (17 bits).
    for (src, n) in [(0u32, 0u32), (0xFFFF, 1), (0x5555, 16), (0x0001, 2), (0x00FF, 2), (0x8000, 1)] {
        let (s, _) = run(&[0xC1C1, RTS], [3, src, 0, 0, 0, 0, 0, 0]);
        assert_eq!(s[0], 38 + 2 * n, "muls.w with source {src:#x}");
    }
}

#[test]
fn dbra_loop() {
    // moveq #3,d0 (4); loop: dbra d0,loop (10 taken x3, 14 expired); rts (16)
    let (s, _) = run(&[0x7003, 0x51C8, 0xFFFE, RTS], [0; 8]);
    assert_eq!(s, vec![4, 10, 10, 10, 14, 16]);
}

#[test]
fn memory_operands_and_shifts() {
    // lea 0xff0000.l,a0 (12); move.w (a0),d0 (8); move.l d0,(a0)+ (12); lsl.l #6,d0 (8+2*6=20);
    // lsr.w d1,d0 with d1 = 5 (6+2*5=16); bra.s +0 (10, taken) ; rts
    let code = [0x41F9, 0x00FF, 0x0000, 0x3010, 0x20C0, 0xED88, 0xE268, 0x6000, 0x0002, RTS];
    // bra.w with displacement 2 jumps to the next instruction: 10 cycles.
    let (s, _) = run(&code, [0, 5, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s, vec![12, 8, 12, 20, 16, 10, 16]);
}
