| kernels.s - hand-written MC68000 inner loops of megacollide-engine (GNU as, -m68000).
|
| Called only through the safe wrappers in lib.rs (inline `asm!("jsr ...")` with register
| operands). Register contract of every kernel: inputs and outputs as documented at the
| kernel; every register listed under "clobbers" may be changed; all other registers (and
| the stack) are preserved. The condition codes are always clobbered. No kernel touches
| memory other than reading the slices it is given.
|
| Instructions are plain 68000 only (the assembler runs with -m68000, and the build's
| disassembly gate checks the linked code).

    .text

| ---------------------------------------------------------------------------------------
| mc_mask_hit: the row loop of Mask::hit (pixel-perfect test of two 1-bpp masks).
|
| in:   a0    = first overlapping row of mask A (u32 rows, bit 31 = leftmost pixel)
|       a1    = first overlapping row of mask B (same number of rows follow)
|       d0.w  = number of overlapping rows n, 0 ..= 65535 (unsigned)
|       d1.w  = dx: B's left edge minus A's left edge in pixels, -31 ..= 31;
|               B's row is shifted right by dx (left by -dx) into A's columns
|       d2.l  = column mask in A's columns (the overlapping columns set)
| out:  d0.l  = 1 when some row has A & cols & shift(B) != 0 (hit), else 0
| clobbers: d1, d3, d4, d5, a0, a1
|
| Rows are ANDed and ORed into an accumulator, 8 rows per loop pass; the accumulator is
| tested against the column mask after every 8 rows (early out on a hit).
| Cost (dx = 0): 34 cycles per row, 30 per 8 rows, plus about 90.
    .globl mc_mask_hit
    .type mc_mask_hit, @function
mc_mask_hit:
    moveq   #0,d4               | accumulator
    move.w  d0,d3
    and.w   #7,d3               | rows before the first pass of 8
    lsr.w   #3,d0               | passes of 8 rows
    tst.w   d1
    bmi.w   .Lneg
    bne.w   .Lpos
| dx = 0: no shift.
    bra.s   .Lz_rem_next
.Lz_rem:
    move.l  (a1)+,d5
    and.l   (a0)+,d5
    or.l    d5,d4
.Lz_rem_next:
    dbra    d3,.Lz_rem
    bra.s   .Lz_next
.Lz_grp:
    .rept 8
    move.l  (a1)+,d5
    and.l   (a0)+,d5
    or.l    d5,d4
    .endr
    move.l  d4,d5
    and.l   d2,d5
    bne.s   .Lz_hit
.Lz_next:
    dbra    d0,.Lz_grp
    bra.w   .Ldone
.Lz_hit:
    moveq   #1,d0
    rts
| dx > 0: B shifted right.
.Lpos:
    bra.s   .Lp_rem_next
.Lp_rem:
    move.l  (a1)+,d5
    lsr.l   d1,d5
    and.l   (a0)+,d5
    or.l    d5,d4
.Lp_rem_next:
    dbra    d3,.Lp_rem
    bra.s   .Lp_next
.Lp_grp:
    .rept 8
    move.l  (a1)+,d5
    lsr.l   d1,d5
    and.l   (a0)+,d5
    or.l    d5,d4
    .endr
    move.l  d4,d5
    and.l   d2,d5
    bne.s   .Lp_hit
.Lp_next:
    dbra    d0,.Lp_grp
    bra.s   .Ldone
.Lp_hit:
    moveq   #1,d0
    rts
| dx < 0: B shifted left.
.Lneg:
    neg.w   d1
    bra.s   .Ln_rem_next
.Ln_rem:
    move.l  (a1)+,d5
    lsl.l   d1,d5
    and.l   (a0)+,d5
    or.l    d5,d4
.Ln_rem_next:
    dbra    d3,.Ln_rem
    bra.s   .Ln_next
.Ln_grp:
    .rept 8
    move.l  (a1)+,d5
    lsl.l   d1,d5
    and.l   (a0)+,d5
    or.l    d5,d4
    .endr
    move.l  d4,d5
    and.l   d2,d5
    bne.s   .Ln_hit
.Ln_next:
    dbra    d0,.Ln_grp
    bra.s   .Ldone
.Ln_hit:
    moveq   #1,d0
    rts
.Ldone:
    moveq   #0,d0
    and.l   d2,d4
    beq.s   .Lmiss
    moveq   #1,d0
.Lmiss:
    rts
    .size mc_mask_hit, . - mc_mask_hit
