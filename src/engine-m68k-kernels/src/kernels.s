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
|       22(a0) left, 24(a0) right, 26(a0) top, 28(a0) bottom: u16, 1 when everything
|                      beyond that edge is solid, 0 when it is empty (mc_point and
|                      mc_move_body; a pixel outside the map takes the left / right edge by
|                      its column first, then the top / bottom edge)
|       30(a0) width_px, 32(a0) height_px: u16, width * 16, height * 16 (mc_move_body)
|       34(a0) stride  u16, width * 2: bytes from a tile to the one below (mc_move_body)
|
| Tile 19 (one-way platform) has no solid pixel in its shape; mc_point and mc_row_span
| test its id for one-way tops. A result of -1 means "not handled": a pixel of the query lies
| outside the map, and the caller applies the map's edge policy itself (the engine's Rust
| code). Coordinates are pixel-space words; `>> 4` is the tile, `& 15` the pixel in it.

| mc_point: what is pixel (x, y)? (Map::is_solid / Map::is_floor, edges included.)
| in:   d0.w = x, d1.w = y, a0 = map view
| out:  d0.w = 1 solid, 2 the top row of a one-way platform, 0 empty
| clobbers: d1, d2, d3, a1
    .globl mc_point
    .type mc_point, @function
mc_point:
    move.w  d0,d2
    asr.w   #4,d2               | tx (by column first: side walls go on forever)
    cmp.w   16(a0),d2
    bcc.s   .Lpt_side           | tx < 0 or tx >= width (unsigned compare)
    move.w  d1,d3
    asr.w   #4,d3               | ty
    cmp.w   18(a0),d3
    bcc.s   .Lpt_topbot
    add.w   d3,d3
    move.l  4(a0),a1
    add.w   (a1,d3.w),d2        | + row offset: the tile's index (< 65536)
    moveq   #0,d3
    move.w  d2,d3
    add.l   d3,d3
    move.l  (a0),a1
    move.w  (a1,d3.l),d3        | tile id
    beq.s   .Lpt_zero
    cmp.w   #2,d3
    beq.s   .Lpt_one            | solid tile: every pixel
    and.w   #15,d1              | py
    cmp.w   #19,d3
    beq.s   .Lpt_oneway
    add.w   d1,d1
    cmp.w   #20,d3
    bcc.s   .Lpt_custom
    lsl.w   #6,d3
    add.w   d1,d3
    move.l  8(a0),a1
    move.w  32(a1,d3.w),d3      | rows[py] of a built-in shape
.Lpt_bit:
    and.w   #15,d0
    btst    d0,d3               | bit px (register btst: bit number mod 32)
    sne     d0
    neg.b   d0
    ext.w   d0
    rts
.Lpt_one:
    moveq   #1,d0
    rts
.Lpt_oneway:
    tst.w   d1
    bne.s   .Lpt_zero
    moveq   #2,d0               | its top row
    rts
.Lpt_zero:
    moveq   #0,d0
    rts
.Lpt_side:
    tst.w   d2
    bmi.s   1f
    move.w  24(a0),d0           | right of the map
    rts
1:  move.w  22(a0),d0           | left of the map
    rts
.Lpt_topbot:
    tst.w   d3
    bmi.s   1f
    move.w  28(a0),d0           | below the map
    rts
1:  move.w  26(a0),d0           | above the map
    rts
.Lpt_custom:
    sub.w   #32,d3
    bcs.s   .Lpt_zero           | ids 20 ..= 31: blank
    cmp.w   20(a0),d3
    bcc.s   .Lpt_zero           | no such height tile: blank
    and.l   #0xFFFF,d3
    lsl.l   #6,d3
    add.w   d1,d3               | (the low 6 bits were 0: no carry)
    move.l  12(a0),a1
    move.w  32(a1,d3.l),d3      | rows[py] of a height tile
    bra.s   .Lpt_bit
    .size mc_point, . - mc_point

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

| ---------------------------------------------------------------------------------------
| Sweeps (Map::sweep_rows / Map::sweep_cols). One macro body per sweep and direction
| (fwd: +1, down / right; back: -1, up / left). Registers inside the loops:
|   d0 = first pixel row / column of the current row / column of tiles
|   d2 = rows / columns still to test (left)
|   d3 = pixel mask of the current tile (columns of a row sweep, rows of a column sweep)
|   d4 = cnt: pixel rows / columns of the sweep inside the current row / column of tiles
|   d5 = first: the first blocked one among them so far (cnt = none)
|   d6 = tiles left after the current one (high word) : pixel offset in the tile (low word)
|   d7 = dbne counter; d1 = scratch; a1 = current tile id; a2 = built-in shapes;
|   a3 = the shape's row / column words
| The scan of a tile tests its words k = 0 .. first - 1 from the pixel offset on, in the
| sweep's direction, and lowers `first` to the first k that hits the mask (dbne).

| SCAN fwd|back: test the words at a3 + 2 * offset, going fwd or back.
.macro SCAN dir, next
    move.w  d6,d7
    add.w   d7,d7
    .ifc \dir,fwd
    add.w   d7,a3               | &word[offset]
    .else
    lea     2(a3,d7.w),a3       | one past word[offset] (pre-decrement below)
    .endif
    move.w  d5,d7
    subq.w  #1,d7               | words k = 0 .. first - 1
    bmi.s   \next
1:
    .ifc \dir,fwd
    move.w  (a3)+,d1
    .else
    move.w  -(a3),d1
    .endif
    and.w   d3,d1
    dbne    d7,1b
    beq.s   \next               | no hit (the counter ran out)
    sub.w   d7,d5
    subq.w  #1,d5               | first = k = first - 1 - counter left
.endm

| NEXT_TILE: advance to the next tile of the row / column (tile pointer already moved);
| falls through when there is one, branches to \done otherwise.
.macro NEXT_TILE done, last_mask
    swap    d6
    tst.w   d6
    beq.s   \done               | that was the last tile
    moveq   #-1,d3
    subq.w  #1,d6
    bne.s   2f
    move.w  \last_mask,d3       | the last tile
2:  swap    d6
.endm

| ROOM dir: d4 = pixels of the sweep in this tile (from offset d6.w on), capped by left.
.macro ROOM dir
    .ifc \dir,fwd
    moveq   #16,d4
    sub.w   d6,d4               | room = 16 - offset
    .else
    move.w  d6,d4
    addq.w  #1,d4               | room = offset + 1
    .endif
    cmp.w   d2,d4
    bls.s   3f
    move.w  d2,d4               | cnt = min(room, left)
3:  move.w  d4,d5               | first = cnt (none blocked yet)
.endm

| ADVANCE dir, again, ret: after a row / column of tiles: blocked -> return n - left +
| first; all tested -> return n; else move on by cnt pixels.
.macro ADVANCE dir, again, ret
    cmp.w   d4,d5
    bcs.s   5f                  | first < cnt: blocked here
    sub.w   d4,d2               | left -= cnt
    beq.s   4f
    .ifc \dir,fwd
    add.w   d4,d0
    .else
    sub.w   d4,d0
    .endif
    bra     \again
4:  move.w  (sp),d0             | every one free: n
    bra     \ret
5:  move.w  (sp),d0
    sub.w   d2,d0               | n - left: free before this row / column of tiles
    add.w   d5,d0
    bra     \ret
.endm

| SWEEP_ROWS dir: the loop of mc_sweep_rows.
.macro SWEEP_ROWS dir
.Lsr_trow_\dir:
    move.w  d0,d7
    asr.w   #4,d7               | tile row
    add.w   d7,d7
    move.l  4(a0),a1
    move.w  (a1,d7.w),d7        | its offset
    add.w   8(sp),d7            | + tx0: the first tile's index
    and.l   #0xFFFF,d7
    add.l   d7,d7
    add.l   (a0),d7
    move.l  d7,a1               | a1 = the first tile of this row of tiles
    moveq   #15,d6
    and.w   d0,d6               | pixel row in the tile
    ROOM    \dir
    swap    d6
    move.w  6(sp),d6
    swap    d6
    move.w  2(sp),d3
    tst.w   6(sp)
    bne.s   .Lsr_tile_\dir
    and.w   4(sp),d3            | one tile: both ends
.Lsr_tile_\dir:
    move.w  (a1)+,d7            | tile id
    beq.s   .Lsr_tnext_\dir
    cmp.w   #19,d7
    beq.s   .Lsr_ow_\dir
    cmp.w   #20,d7
    bcc.s   .Lsr_cust_\dir
    lsl.w   #6,d7
    lea     32(a2,d7.w),a3      | the shape's rows
.Lsr_scan_\dir:
    SCAN    \dir, .Lsr_tnext_\dir
.Lsr_tnext_\dir:
    NEXT_TILE .Lsr_tdone_\dir, 4(sp)
    bra.s   .Lsr_tile_\dir
.Lsr_tdone_\dir:
    ADVANCE \dir, .Lsr_trow_\dir, .Lsr_ret
.Lsr_ow_\dir:
    tst.w   10(sp)
    beq.s   .Lsr_tnext_\dir     | one-way tops do not count: no solid pixel
    .ifc \dir,fwd
    tst.w   d6
    bne.s   .Lsr_tnext_\dir     | its top row is not in this sweep
    moveq   #0,d5               | the top row is the first one: k = 0
    .else
    cmp.w   d6,d5
    bls.s   .Lsr_tnext_\dir     | k = offset is not before first
    move.w  d6,d5
    .endif
    bra.s   .Lsr_tnext_\dir
.Lsr_cust_\dir:
    sub.w   #32,d7
    bcs.s   .Lsr_tnext_\dir     | ids 20 ..= 31: blank
    cmp.w   20(a0),d7
    bcc.s   .Lsr_tnext_\dir     | no such height tile: blank
    and.l   #0xFFFF,d7
    lsl.l   #6,d7
    move.l  12(a0),a3
    lea     32(a3,d7.l),a3
    bra.s   .Lsr_scan_\dir
.endm

| SWEEP_COLS dir: the loop of mc_sweep_cols.
.macro SWEEP_COLS dir
.Lsc_tcol_\dir:
    move.w  d0,d7
    asr.w   #4,d7               | tile column
    move.l  4(a0),a1
    move.w  8(sp),d1
    move.w  (a1,d1.w),d1        | offset of the first tile row
    add.w   d7,d1               | + tx: the first tile's index
    and.l   #0xFFFF,d1
    add.l   d1,d1
    add.l   (a0),d1
    move.l  d1,a1               | a1 = the first tile of this column of tiles
    moveq   #15,d6
    and.w   d0,d6               | pixel column in the tile
    ROOM    \dir
    swap    d6
    move.w  6(sp),d6
    swap    d6
    move.w  2(sp),d3
    tst.w   6(sp)
    bne.s   .Lsc_tile_\dir
    and.w   4(sp),d3            | one tile: both ends
.Lsc_tile_\dir:
    move.w  (a1),d7             | tile id
    beq.s   .Lsc_tnext_\dir
    cmp.w   #20,d7
    bcc.s   .Lsc_cust_\dir
    lsl.w   #6,d7
    lea     0(a2,d7.w),a3       | the shape's columns
.Lsc_scan_\dir:
    SCAN    \dir, .Lsc_tnext_\dir
.Lsc_tnext_\dir:
    add.w   10(sp),a1           | the tile below (stride: width * 2 bytes)
    NEXT_TILE .Lsc_tdone_\dir, 4(sp)
    bra.s   .Lsc_tile_\dir
.Lsc_tdone_\dir:
    ADVANCE \dir, .Lsc_tcol_\dir, .Lsc_ret
.Lsc_cust_\dir:
    sub.w   #32,d7
    bcs.s   .Lsc_tnext_\dir     | ids 20 ..= 31: blank
    cmp.w   20(a0),d7
    bcc.s   .Lsc_tnext_\dir     | no such height tile: blank
    and.l   #0xFFFF,d7
    lsl.l   #6,d7
    move.l  12(a0),a3
    lea     0(a3,d7.l),a3
    bra.s   .Lsc_scan_\dir
.endm

| mc_sweep_rows: how many of the pixel rows y, y + dir, y + 2 dir, ... (n of them) are
| free before the first one with a solid pixel in columns x0 ..= x1 (with one_way != 0:
| or the top row of a one-way platform)? Tile by tile: one tile-id lookup per tile, then
| one AND per pixel row inside a non-blank tile (Map::sweep_rows, bit for bit).
| in:   d0.w = y, d1.w = dir (1 or -1), d2.w = n (1 ..= 4096), d3.w = x0, d4.w = x1
|       (x0 <= x1), d5.w = one_way, a0 = map view
| out:  d0.w = free rows 0 ..= n, or -1 when a row or column of the sweep is outside the map
| clobbers: d1, d2, d3, d4, d5, a1 (d6, d7, a2, a3 are saved and restored)
|
| Frame (on the stack, above the saved registers): 0(sp) n, 2(sp) mask of the first tile
| of a row (columns x0 & 15 .. 15), 4(sp) mask of the last (0 .. x1 & 15), 6(sp) tiles
| per row - 1, 8(sp) tx0, 10(sp) one_way.
    .globl mc_sweep_rows
    .type mc_sweep_rows, @function
mc_sweep_rows:
    movem.l d6-d7/a2-a3,-(sp)
    lea     -12(sp),sp
    move.w  d3,d6
    asr.w   #4,d6               | tx0
    cmp.w   16(a0),d6
    bcc.w   .Lsr_out
    move.w  d4,d7
    asr.w   #4,d7               | tx1
    cmp.w   16(a0),d7
    bcc.w   .Lsr_out
    move.w  d6,8(sp)
    sub.w   d6,d7
    move.w  d7,6(sp)
    move.w  d0,d6
    asr.w   #4,d6               | first tile row
    cmp.w   18(a0),d6
    bcc.w   .Lsr_out
    move.w  d2,d7
    subq.w  #1,d7
    tst.w   d1
    bpl.s   1f
    neg.w   d7
1:  add.w   d0,d7
    asr.w   #4,d7               | last tile row (y + dir * (n - 1)) >> 4
    cmp.w   18(a0),d7
    bcc.w   .Lsr_out
    and.w   #15,d3
    add.w   d3,d3
    lea     mc_from_bit(pc),a3
    move.w  (a3,d3.w),2(sp)
    and.w   #15,d4
    add.w   d4,d4
    lea     mc_upto_bit(pc),a3
    move.w  (a3,d4.w),4(sp)
    move.w  d2,(sp)
    move.w  d5,10(sp)
    move.l  8(a0),a2            | built-in shapes
    tst.w   d1
    bmi.w   .Lsr_back
    SWEEP_ROWS fwd
.Lsr_back:
    SWEEP_ROWS back
.Lsr_out:
    moveq   #-1,d0
.Lsr_ret:
    lea     12(sp),sp
    movem.l (sp)+,d6-d7/a2-a3
    rts
    .size mc_sweep_rows, . - mc_sweep_rows

| mc_sweep_cols: how many of the pixel columns x, x + dir, x + 2 dir, ... (n of them) are
| free before the first one with a solid pixel in rows y0 ..= y1? Tile by tile, down each
| column of tiles with a stride of one map row (Map::sweep_cols, bit for bit).
| in:   d0.w = x, d1.w = dir (1 or -1), d2.w = n (1 ..= 4096), d3.w = y0, d4.w = y1
|       (y0 <= y1), a0 = map view
| out:  d0.w = free columns 0 ..= n, or -1 when a row or column of the sweep is outside
|       the map
| clobbers: d1, d2, d3, d4, a1 (d5, d6, d7, a2, a3 are saved and restored)
|
| Frame: 0(sp) n, 2(sp) mask of the first tile of a column (rows y0 & 15 .. 15), 4(sp) mask
| of the last (0 .. y1 & 15), 6(sp) tiles per column - 1, 8(sp) ty0 * 2, 10(sp) stride.
    .globl mc_sweep_cols
    .type mc_sweep_cols, @function
mc_sweep_cols:
    movem.l d5-d7/a2-a3,-(sp)
    lea     -12(sp),sp
    move.w  d3,d6
    asr.w   #4,d6               | ty0
    cmp.w   18(a0),d6
    bcc.w   .Lsc_out
    move.w  d4,d7
    asr.w   #4,d7               | ty1
    cmp.w   18(a0),d7
    bcc.w   .Lsc_out
    sub.w   d6,d7
    move.w  d7,6(sp)
    add.w   d6,d6
    move.w  d6,8(sp)
    move.w  d0,d6
    asr.w   #4,d6               | first tile column
    cmp.w   16(a0),d6
    bcc.w   .Lsc_out
    move.w  d2,d7
    subq.w  #1,d7
    tst.w   d1
    bpl.s   1f
    neg.w   d7
1:  add.w   d0,d7
    asr.w   #4,d7               | last tile column (x + dir * (n - 1)) >> 4
    cmp.w   16(a0),d7
    bcc.w   .Lsc_out
    and.w   #15,d3
    add.w   d3,d3
    lea     mc_from_bit(pc),a3
    move.w  (a3,d3.w),2(sp)
    and.w   #15,d4
    add.w   d4,d4
    lea     mc_upto_bit(pc),a3
    move.w  (a3,d4.w),4(sp)
    move.w  d2,(sp)
    move.w  16(a0),d6
    add.w   d6,d6
    move.w  d6,10(sp)
    move.l  8(a0),a2            | built-in shapes
    tst.w   d1
    bmi.w   .Lsc_back
    SWEEP_COLS fwd
.Lsc_back:
    SWEEP_COLS back
.Lsc_out:
    moveq   #-1,d0
.Lsc_ret:
    lea     12(sp),sp
    movem.l (sp)+,d5-d7/a2-a3
    rts
    .size mc_sweep_cols, . - mc_sweep_cols

| mc_from_bit[i] = bits i .. 15, mc_upto_bit[i] = bits 0 .. i (data, not code).
    .type mc_from_bit, @object
mc_from_bit:
    .word 0xFFFF,0xFFFE,0xFFFC,0xFFF8,0xFFF0,0xFFE0,0xFFC0,0xFF80
    .word 0xFF00,0xFE00,0xFC00,0xF800,0xF000,0xE000,0xC000,0x8000
    .size mc_from_bit, . - mc_from_bit
    .type mc_upto_bit, @object
mc_upto_bit:
    .word 0x0001,0x0003,0x0007,0x000F,0x001F,0x003F,0x007F,0x00FF
    .word 0x01FF,0x03FF,0x07FF,0x0FFF,0x1FFF,0x3FFF,0x7FFF,0xFFFF
    .size mc_upto_bit, . - mc_upto_bit
