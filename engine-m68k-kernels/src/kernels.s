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

| ---------------------------------------------------------------------------------------
| Map kernels. a0 points to a map view (struct MapView in lib.rs, #[repr(C)]; the Rust
| constructor checks every property the kernels rely on):
|
|       0(a0)  tiles   pointer to the tile ids (u16, row-major)
|       4(a0)  rows    pointer to the row start offsets (u16, in tiles; rows[ty] + tx <
|                      number of tile ids <= 65536 for every ty < height, tx < width)
|       8(a0)  shapes  pointer to the built-in shapes, ids 0 .. 20, 64 bytes each:
|                      u16 cols[16] at 0, u16 rows[16] at 32 (cols[px] bit py =
|                      rows[py] bit px = pixel solid)
|       12(a0) custom  pointer to the height-tile shapes (ids 32 ..), same layout
|       16(a0) width   u16, tiles, 1 ..= 256
|       18(a0) height  u16, tiles, 1 ..= 256
|       20(a0) count   u16, number of height-tile shapes (ids 32 + count .. are blank,
|                      like 20 ..= 31)
|
| Tile 19 (one-way platform) has no solid pixel in its shape; mc_row_span tests its id
| for one-way tops. A result of -1 means "not handled": a pixel of the query lies
| outside the map, and the caller applies the map's edge policy itself (the engine's Rust
| code). Coordinates are pixel-space words; `>> 4` is the tile, `& 15` the pixel in it.

| mc_col_span: is any pixel of column x, rows y0 ..= y1 solid (y0 <= y1)? One tile per
| pass, down the tile column with a stride of one map row.
| in:   d0.w = x, d1.w = y0, d2.w = y1, a0 = map view
| out:  d0.w = 1 solid, 0 free, -1 some pixel outside the map
| clobbers: d1, d2, d3, d4, d5, d6, a1, a2
    .globl mc_col_span
    .type mc_col_span, @function
mc_col_span:
    move.w  d0,d6
    asr.w   #4,d6               | tx
    cmp.w   16(a0),d6
    bcc.w   .Lcs_out
    move.w  d1,d5
    asr.w   #4,d5               | ty0
    cmp.w   18(a0),d5
    bcc.w   .Lcs_out
    move.w  d2,d3
    asr.w   #4,d3               | ty1
    cmp.w   18(a0),d3
    bcc.w   .Lcs_out
    sub.w   d5,d3               | d3 = tiles to test - 1
    and.w   #15,d0
    add.w   d0,d0               | d0 = px * 2 (offset of cols[px])
    add.w   d5,d5
    move.l  4(a0),a1
    move.w  (a1,d5.w),d4
    add.w   d6,d4               | index of the first tile
    and.l   #0xFFFF,d4
    add.l   d4,d4               | d4.l = its byte offset
    moveq   #0,d6
    move.w  16(a0),d6
    add.w   d6,d6               | d6.l = stride in bytes (width * 2)
    and.w   #15,d1
    moveq   #-1,d5
    lsl.w   d1,d5
    move.w  d5,d1               | d1 = mask of the first tile: rows y0 & 15 .. 15
    and.w   #15,d2
    eor.w   #15,d2
    moveq   #-1,d5
    lsr.w   d2,d5
    move.w  d5,d2               | d2 = mask of the last tile: rows 0 .. y1 & 15
    move.l  (a0),a1             | tile ids
    move.l  8(a0),a2            | built-in shapes
    tst.w   d3
    bne.s   .Lcs_loop
    and.w   d2,d1               | one tile: both ends
.Lcs_loop:
    move.w  (a1,d4.l),d5        | tile id
    beq.s   .Lcs_next
    cmp.w   #20,d5
    bcc.s   .Lcs_custom
    lsl.w   #6,d5
    add.w   d0,d5
    move.w  (a2,d5.w),d5        | cols[px]
    and.w   d1,d5
    bne.s   .Lcs_solid
.Lcs_next:
    subq.w  #1,d3
    bcs.s   .Lcs_free           | that was the last tile
    add.l   d6,d4
    moveq   #-1,d1
    tst.w   d3
    bne.s   .Lcs_loop
    move.w  d2,d1               | the last tile
    bra.s   .Lcs_loop
.Lcs_custom:
    sub.w   #32,d5
    bcs.s   .Lcs_next           | ids 20 ..= 31: blank
    cmp.w   20(a0),d5
    bcc.s   .Lcs_next           | no such height tile: blank
    and.l   #0xFFFF,d5
    lsl.l   #6,d5
    add.w   d0,d5               | (the low 6 bits were 0: no carry)
    add.l   12(a0),d5
    move.l  a2,-(sp)
    move.l  d5,a2
    move.w  (a2),d5             | cols[px] of a height tile
    move.l  (sp)+,a2
    and.w   d1,d5
    beq.s   .Lcs_next
.Lcs_solid:
    moveq   #1,d0
    rts
.Lcs_free:
    moveq   #0,d0
    rts
.Lcs_out:
    moveq   #-1,d0
    rts
    .size mc_col_span, . - mc_col_span

| mc_row_span: is any pixel of row y, columns x0 ..= x1 solid (x0 <= x1), or, with
| one_way != 0, the top row (y & 15 == 0) of a one-way platform? One tile per pass.
| in:   d0.w = y, d1.w = x0, d2.w = x1, d3.w = one_way, a0 = map view
| out:  d0.w = 1 solid, 0 free, -1 some pixel outside the map
| clobbers: d1, d2, d3, d4, d5, d6, a1, a2
    .globl mc_row_span
    .type mc_row_span, @function
mc_row_span:
    move.w  d0,d6
    asr.w   #4,d6               | ty
    cmp.w   18(a0),d6
    bcc.w   .Lrs_out
    move.w  d1,d5
    asr.w   #4,d5               | tx0
    cmp.w   16(a0),d5
    bcc.w   .Lrs_out
    move.w  d2,d4
    asr.w   #4,d4               | tx1
    cmp.w   16(a0),d4
    bcc.w   .Lrs_out
    sub.w   d5,d4               | d4 = tiles to test - 1
    add.w   d6,d6
    move.l  4(a0),a1
    move.w  (a1,d6.w),d6
    add.w   d5,d6               | index of the first tile
    and.l   #0xFFFF,d6
    add.l   d6,d6               | d6.l = its byte offset
    add.l   (a0),d6
    move.l  d6,a1               | a1 = the first tile id
    and.w   #15,d0
    tst.w   d3
    beq.s   .Lrs_ow
    tst.w   d0
    seq     d3                  | d3.b = 0xFF: one-way tops count in this row
.Lrs_ow:
    add.w   d0,d0
    add.w   #32,d0              | d0 = offset of rows[y & 15]
    and.w   #15,d1
    moveq   #-1,d5
    lsl.w   d1,d5
    move.w  d5,d1               | d1 = mask of the first tile: columns x0 & 15 .. 15
    and.w   #15,d2
    eor.w   #15,d2
    moveq   #-1,d5
    lsr.w   d2,d5
    move.w  d5,d2               | d2 = mask of the last tile: columns 0 .. x1 & 15
    move.l  8(a0),a2            | built-in shapes
    tst.w   d4
    bne.s   .Lrs_loop
    and.w   d2,d1               | one tile: both ends
.Lrs_loop:
    move.w  (a1)+,d5            | tile id
    beq.s   .Lrs_next
    cmp.w   #19,d5
    beq.s   .Lrs_oneway
    cmp.w   #20,d5
    bcc.s   .Lrs_custom
    lsl.w   #6,d5
    add.w   d0,d5
    move.w  (a2,d5.w),d5        | rows[y & 15]
    and.w   d1,d5
    bne.s   .Lrs_solid
.Lrs_next:
    subq.w  #1,d4
    bcs.s   .Lrs_free           | that was the last tile
    moveq   #-1,d1
    tst.w   d4
    bne.s   .Lrs_loop
    move.w  d2,d1               | the last tile
    bra.s   .Lrs_loop
.Lrs_oneway:
    tst.b   d3
    beq.s   .Lrs_next
.Lrs_solid:
    moveq   #1,d0
    rts
.Lrs_custom:
    sub.w   #32,d5
    bcs.s   .Lrs_next           | ids 20 ..= 31: blank
    cmp.w   20(a0),d5
    bcc.s   .Lrs_next           | no such height tile: blank
    and.l   #0xFFFF,d5
    lsl.l   #6,d5
    add.w   d0,d5               | (the low 6 bits were 0: no carry)
    add.l   12(a0),d5
    move.l  a2,-(sp)
    move.l  d5,a2
    move.w  (a2),d5             | rows[y & 15] of a height tile
    move.l  (sp)+,a2
    and.w   d1,d5
    bne.s   .Lrs_solid
    bra.s   .Lrs_next
.Lrs_free:
    moveq   #0,d0
    rts
.Lrs_out:
    moveq   #-1,d0
    rts
    .size mc_row_span, . - mc_row_span
