| move.s - one frame of motion::move_body in hand-written MC68000 code (GNU as, -m68000).
|
| mc_move_body is motion::move_body for a body that meets no solid box this frame (the
| engine's Rust code decides that and keeps the boxes case). It follows the Rust code step by
| step (clamps, X axis, Y axis, ground and fall-out flags; see src/engine/src/motion.rs), with
| two exact shortcuts of the pixel-by-pixel walk:
|
|  * climbing: the Rust code tries s = 1 ..= 8 (head row y - s free? leading column at the
|    raised height free?). Here the leading column's topmost solid row t in y ..= y+h-1
|    gives the only candidate s = y + h - t at once (a smaller s still covers t; the rows
|    between the head and y are covered by the head rows); it is taken when s <= 8 and the
|    head rows y-1 .. y-s over the new columns (which include the leading column) are free:
|    one column query and one row sweep instead of up to 16 span tests.
|  * floor check + snap down after a free step: one sweep of the 9 rows from the feet down
|    (0 free: standing on a floor; 1 ..= 8: snap down that far; 9: a ledge).
|
| Map queries: lean in-map versions (.Lq_*) for the common case; a query touching a pixel
| outside the map (or a sweep across tile columns) goes to the edge-aware general versions
| (.Lg_*, built on the kernels of kernels.s), so no move needs a Rust fallback.
|
| Units: x, y, vx, vy are raw sub-pixels (1/8 pixel, i16); w, h, and every coordinate inside
| are pixels (pixel-space); tile = pixel >> 4.

    .text

| Frame (link a6): locals below a6.
    .set XR,   -2               | clamped x (sub-pixels)
    .set YR,   -4
    .set VX,   -6               | clamped vx (sub-pixels / frame)
    .set VY,   -8
    .set NXR,  -10              | x target of this frame (sub-pixels)
    .set NYR,  -12              | y target
    .set FLG,  -14              | result flags
    .set GRD,  -16              | grounded at the start (1 / 0)
    .set FOK,  -18              | a floor pixel is known to lie under the box (X walk)
    .set WALK, -20              | walking (grounded, not moving up): climb and snap
    .set DIR,  -22              | +1 / -1
    .set STP,  -24              | signed pixel steps of the current axis
    .set N,    -32              | pixel steps left
    .set SCL,  -34              | climb height s / free columns
    .set HIX,  -36              | largest raw x: ((4096 - w) << 3) | 7
    .set HIY,  -38
    .set QA,   -40              | scratch of the lean queries
    .set QB,   -42
    .set QC,   -44
    .set QD,   -46
    .set QE,   -48
    .set QF,   -50
    .set QG,   -52
    .set BODY, -56              | the body (long)
    .set CHK,  -58              | pixels of the current walk chunk
    .set LOCALS, 58

| Map view fields (kernels.s, "Map kernels").
    .set V_WPX, 30              | map width in pixels
    .set V_HPX, 32              | map height in pixels
    .set V_STRIDE, 34           | map width * 2 (bytes per tile row)

    .set NONE, 0x7FFF           | column query: no solid pixel in the span

| Body (engine body::Body, #[repr(C)]): x, y, vx, vy (i16 sub-pixels), w, h, flags, riding (u8).
    .set B_X, 0
    .set B_Y, 2
    .set B_VX, 4
    .set B_VY, 6
    .set B_W, 8
    .set B_H, 9
    .set B_FLAGS, 10
    .set B_RIDING, 11

| Flags (engine body::Flags).
    .set F_ON_GROUND, 1
    .set F_HIT_LEFT, 2
    .set F_HIT_RIGHT, 4
    .set F_HIT_CEILING, 8
    .set F_LANDED, 16
    .set F_FELL_OUT, 32

| ---- Macros ----

| SET_RAW pix, frac, raw: raw(a6) = (pix << 3) | (frac(a6) & 7): a pixel position with the
| sub-pixel fraction of frac; without frac, (pix << 3) (the fraction cleared).
.macro SET_RAW pix, raw, frac
    move.w  \pix,d0
    lsl.w   #3,d0
    .ifnb \frac
    moveq   #7,d1
    and.w   \frac(a6),d1
    or.w    d1,d0
    .endif
    move.w  d0,\raw(a6)
.endm

| STOP pix, raw, v: an axis stopped: v(a6) = 0, raw(a6) = pix << 3.
.macro STOP pix, raw, v
    moveq   #0,d0
    move.w  d0,\v(a6)
    SET_RAW \pix, \raw
.endm

| CLAMP_SIZE off, reg, areg: reg = the body's size byte at off clamped to 1 ..= 64, also in areg.
.macro CLAMP_SIZE off, reg, areg
    moveq   #0,\reg
    move.b  \off(a1),\reg
    tst.b   \reg
    bne.s   1f
    moveq   #1,\reg
1:  cmp.w   #64,\reg
    bls.s   2f
    moveq   #64,\reg
2:  move.w  \reg,\areg
.endm

| CLAMP_POS size, off, hi, raw, pix: the body's raw position at off clamped to
| hi(a6) = ((4096 - size) << 3) | 7, kept in raw(a6); pix = its pixel (raw >> 3).
.macro CLAMP_POS size, off, hi, raw, pix
    move.w  #4096,d2
    sub.w   \size,d2
    lsl.w   #3,d2
    or.w    #7,d2
    move.w  d2,\hi(a6)
    move.w  \off(a1),d0
    cmp.w   d2,d0
    ble.s   1f
    move.w  d2,d0
1:  move.w  d0,\raw(a6)
    move.w  d0,\pix
    asr.w   #3,\pix
.endm

| CLAMP_SPEED off, reg, v: reg = v(a6) = the body's raw speed at off clamped to +-1016.
.macro CLAMP_SPEED off, reg, v
    move.w  \off(a1),\reg
    cmp.w   #1016,\reg
    ble.s   1f
    move.w  #1016,\reg
1:  cmp.w   #-1016,\reg
    bge.s   2f
    move.w  #-1016,\reg
2:  move.w  \reg,\v(a6)
.endm

| TARGET raw, v, hi, target, pix: d0 = the pixel steps of this axis, (t >> 3) - pix, where
| t = target(a6) = clamp(raw(a6) + v (register) saturated, ..= hi(a6)) (the same as Rust's
| saturating_add then clamp_pos: the low bound -32768 is the saturation's).
.macro TARGET raw, v, hi, target, pix
    move.w  \raw(a6),d0
    add.w   \v,d0
    bvc.s   2f
    move.w  #32767,d0
    tst.w   \v
    bpl.s   2f
    move.w  #-32768,d0
2:  cmp.w   \hi(a6),d0
    ble.s   3f
    move.w  \hi(a6),d0
3:  move.w  d0,\target(a6)
    asr.w   #3,d0
    sub.w   \pix,d0
.endm

| FEET_DOWN: the arguments of .Lq_sweepr for the rows from the one under the feet (y + h)
| downwards over the body's columns x ..= x + w - 1, one-way tops counting (n: d2).
.macro FEET_DOWN
    move.w  d6,d0
    add.w   a5,d0
    moveq   #1,d1
    move.w  d5,d3
    move.w  d5,d4
    add.w   a4,d4
    subq.w  #1,d4
    moveq   #1,d7
.endm

| LAST_PIXEL first, dir, n, dst: dst = first + dir * (n - 1), the last pixel of a sweep
| (dst: a data register; the others: registers or memory operands).
.macro LAST_PIXEL first, dir, n, dst
    move.w  \n,\dst
    subq.w  #1,\dst
    tst.w   \dir
    bpl.s   86f
    neg.w   \dst
86: add.w   \first,\dst
.endm

| HEIGHT_TILE id, skip: id (a data register holding a tile id >= 20) becomes the byte
| offset of its height-tile shape in the custom table (12(a0)), as a long; ids 20 ..= 31
| and ids past the table (count at 20(a0)) are blank: -> skip.
.macro HEIGHT_TILE id, skip
    sub.w   #32,\id
    bcs.w   \skip
    cmp.w   20(a0),\id
    bcc.w   \skip
    and.l   #0xFFFF,\id
    lsl.l   #6,\id
.endm

| TILE_ADDR y, x, t1, t2: a1 = the address of the tile holding pixel (x, y), which must be
| inside the map (t1, t2: scratch data registers; x may be a memory operand).
.macro TILE_ADDR y, x, t1, t2
    move.w  \y,\t1
    asr.w   #4,\t1
    add.w   \t1,\t1
    move.l  4(a0),a1
    move.w  (a1,\t1\().w),\t1     | rows[y >> 4]
    move.w  \x,\t2
    asr.w   #4,\t2
    add.w   \t2,\t1               | + (x >> 4): the tile's index (unsigned)
    moveq   #0,\t2
    move.w  \t1,\t2
    add.l   \t2,\t2
    move.l  (a0),a1
    add.l   \t2,a1
.endm

| SPAN_MASK: d4 = the bits of one tile that lie in a span, for a tile whose first pixel
| (row or column) is d3: the span is QA(a6) ..= QB(a6) + 15. Clobbers d7.
.macro SPAN_MASK
    moveq   #-1,d4
    move.w  QA(a6),d7
    sub.w   d3,d7               | pixels of the tile before the span
    ble.s   80f
    lsr.w   d7,d4
    lsl.w   d7,d4
80: move.w  d3,d7
    sub.w   QB(a6),d7           | pixels of the tile after the span
    ble.s   81f
    lsl.w   d7,d4
    lsr.w   d7,d4
81:
.endm

| SCAN_FIRST off, tmp, miss: tests the shape words k = 0 .. d2 - 1 (d2 = the first blocked
| one so far) from word off (bytes, a register) of the shape at a3, forwards, or backwards
| when QC(a6) < 0, against the mask d4; the first hit lowers d2 to its k; no hit (or
| d2 = 0) -> miss. Clobbers d7, tmp, a3.
.macro SCAN_FIRST off, tmp, miss
    move.w  d2,d7
    subq.w  #1,d7
    bmi.s   \miss
    tst.w   QC(a6)
    bmi.s   82f
    add.w   \off,a3
83: move.w  (a3)+,\tmp
    and.w   d4,\tmp
    dbne    d7,83b
    beq.s   \miss
    bra.s   84f
82: lea     2(a3,\off\().w),a3
85: move.w  -(a3),\tmp
    and.w   d4,\tmp
    dbne    d7,85b
    beq.s   \miss
84: sub.w   d7,d2
    subq.w  #1,d2               | d2 = k = d2 - 1 - the counter left
.endm

| KEEPING routine: a general version: the edge-aware routine, keeping the kernel's own
| registers.
.macro KEEPING routine
    movem.l d5-d6/a2,-(sp)
    bsr.w   \routine
    movem.l (sp)+,d5-d6/a2
    rts
.endm

| SWEEP_ENDS: d0 = the lower, d3 = the higher of a sweep's first pixel (0(sp)) and its
| last one (dir at 2(sp), n at 4(sp)).
.macro SWEEP_ENDS
    move.w  (sp),d0
    LAST_PIXEL d0, 2(sp), 4(sp), d3
    cmp.w   d3,d0
    ble.s   72f
    exg     d0,d3
72:
.endm

| EACH_PIXEL query, frame: the sweep one pixel at a time. The sweep's words are on the stack
| (0 first pixel, 2 dir, 4 n, 6 .. the query's other arguments: d1, d2, d3 from 6, 8, 10);
| query (d0 = the pixel, d1 .. d3) answers d0 != 0 when that pixel blocks. out: d0.w = the
| free pixels; frame = the bytes of the sweep's words, popped.
.macro EACH_PIXEL query, frame
    moveq   #0,d0
    move.w  d0,-(sp)            | k; the words above move up by 2
73: move.w  (sp),d0
    cmp.w   6(sp),d0
    bge.s   74f
    move.w  2(sp),d0
    move.w  8(sp),d1
    move.w  10(sp),d2
    move.w  12(sp),d3
    bsr.w   \query
    tst.w   d0
    bne.s   74f
    move.w  4(sp),d0
    add.w   d0,2(sp)
    addq.w  #1,(sp)
    bra.s   73b
74: move.w  (sp),d0
    lea     \frame+2(sp),sp
    rts
.endm

| WHOLLY_OUTSIDE lo, hi, limit, e_lo, e_hi, zero, all, inside: pixels lo ..= hi of one axis
| (registers): all before the map (hi < 0) take the edge at e_lo(a0), all past it
| (lo >= limit(a0)) the edge at e_hi(a0): a solid edge -> zero, an open one -> all;
| otherwise -> inside.
.macro WHOLLY_OUTSIDE lo, hi, limit, e_lo, e_hi, zero, all, inside
    tst.w   \hi
    bpl.s   75f
    tst.w   \e_lo(a0)
    bne.s   \zero
    bra.s   \all
75: cmp.w   \limit(a0),\lo
    blt.s   \inside
    tst.w   \e_hi(a0)
    bne.s   \zero
    bra.w   \all               | (.w: \all may be the next instruction)
.endm

| CTZ_ROW c: row hi of mc_ctz8 (bytes 16 * hi ..= 16 * hi + 15): the low nibble decides,
| except in the first column (low nibble 0), where it is 4 + ctz(hi) (given as c).
.macro CTZ_ROW c
    .byte \c,0,1,0,2,0,1,0,3,0,1,0,2,0,1,0
.endm

| mc_move_body: one frame of motion::move_body without solid boxes.
| in:   a0 = map view, a1 = the body (read and written in place; riding becomes 0xFF)
| out:  d0.b = the new flags
| clobbers: d1-d7, a1-a3 (a4, a5, a6 are saved and restored)
| Registers in the body of the kernel: d5 = x, d6 = y (pixels), a4 = w, a5 = h (pixels),
| a2 = built-in shapes, a6 = frame; d0-d4, d7, a1, a3 are the queries' scratch.
    .globl mc_move_body
    .type mc_move_body, @function
mc_move_body:
    link    a6,#-LOCALS
    movem.l a4-a5,-(sp)
    move.l  a1,BODY(a6)
    move.l  8(a0),a2
| Sizes 1 ..= 64.
    CLAMP_SIZE B_W, d0, a4
    CLAMP_SIZE B_H, d1, a5
    moveq   #F_ON_GROUND,d2
    and.b   B_FLAGS(a1),d2
    move.w  d2,GRD(a6)
    moveq   #0,d2
    move.w  d2,FLG(a6)
    move.w  d2,FOK(a6)
| Positions: raw <= ((4096 - size) << 3) | 7 (the low bound is -32768: any i16).
    CLAMP_POS d0, B_X, HIX, XR, d5  | d5 = x
    CLAMP_POS d1, B_Y, HIY, YR, d6  | d6 = y
| Speeds: -1016 ..= 1016 (127 px per frame).
    CLAMP_SPEED B_VX, d2, VX
    CLAMP_SPEED B_VY, d3, VY

| ---- X axis: nxr = clamp(xr +sat vx), steps = (nxr >> 3) - x ----
    TARGET  XR, d2, HIX, NXR, d5
    beq.w   .Lx_none
    move.w  d0,STP(a6)
    moveq   #0,d1               | walk = grounded && vy >= 0
    tst.w   GRD(a6)
    beq.s   1f
    tst.w   d3
    bmi.s   1f
    moveq   #1,d1
1:  move.w  d1,WALK(a6)
    moveq   #1,d1
    tst.w   d0
    bpl.s   1f
    moveq   #-1,d1
    neg.w   d0
1:  move.w  d1,DIR(a6)
    move.w  d0,N(a6)
    bsr.w   .Lstep_x
    tst.w   d0
    beq.s   .Lx_free
    moveq   #F_HIT_RIGHT,d1
    tst.w   STP(a6)
    bpl.s   1f
    moveq   #F_HIT_LEFT,d1
1:  or.w    d1,FLG(a6)
    STOP    d5, XR, VX          | vx = 0, xr = x << 3
    bra.s   .Lx_yr
.Lx_free:
    SET_RAW d5, XR, NXR         | xr = (x << 3) | (nxr & 7)
.Lx_yr:
    SET_RAW d6, YR, YR          | yr = (y << 3) | (yr & 7)
    bra.s   .Ly
.Lx_none:
    move.w  NXR(a6),XR(a6)

| ---- Y axis ----
.Ly:
    move.w  VY(a6),d2
    TARGET  YR, d2, HIY, NYR, d6
    beq.w   .Ly_none
    moveq   #0,d1
    move.w  d1,FOK(a6)
    move.w  d0,STP(a6)
    tst.w   d0
    bmi.s   .Ly_up
| Down: free = sweep_rows(y + h, +1, steps, x, x + w - 1, one-way tops count).
    move.w  d0,d2
    FEET_DOWN
    bsr.w   .Lq_sweepr
    add.w   d0,d6
    cmp.w   STP(a6),d0
    bcc.s   .Ly_free
    moveq   #F_LANDED,d1
    bra.s   .Ly_blocked
| Up: free = sweep_rows(y - 1, -1, -steps, x, x + w - 1, solid only).
.Ly_up:
    neg.w   d0
    move.w  d0,d2
    move.w  d6,d0
    subq.w  #1,d0
    moveq   #-1,d1
    move.w  d5,d3
    move.w  d5,d4
    add.w   a4,d4
    subq.w  #1,d4
    moveq   #0,d7
    bsr.w   .Lq_sweepr
    sub.w   d0,d6
    move.w  STP(a6),d1
    neg.w   d1                  | n
    cmp.w   d1,d0
    bcc.s   .Ly_free            | free == n: not blocked
    moveq   #F_HIT_CEILING,d1
.Ly_blocked:
    or.w    d1,FLG(a6)
    STOP    d6, YR, VY          | vy = 0, yr = y << 3
    bra.s   .Lground
.Ly_free:
    SET_RAW d6, YR, NYR         | yr = (y << 3) | (nyr & 7)
    bra.s   .Lground
.Ly_none:
    move.w  NYR(a6),YR(a6)

| ---- Ground and fall-out flags ----
.Lground:
    tst.w   FOK(a6)
    bne.s   .Lon_ground
    move.w  d6,d0
    add.w   a5,d0               | the row under the feet
    move.w  d5,d1
    move.w  d5,d2
    add.w   a4,d2
    subq.w  #1,d2
    moveq   #1,d3
    bsr.w   .Lq_row
    tst.w   d0
    beq.s   .Lfell
.Lon_ground:
    or.w    #F_ON_GROUND,FLG(a6)
    tst.w   VY(a6)
    bmi.s   .Lfell
    STOP    d6, YR, VY          | standing: vy = 0, yr = y << 3
.Lfell:
    cmp.w   V_HPX(a0),d6
    blt.s   .Lout
    tst.w   28(a0)
    bne.s   .Lout
    or.w    #F_FELL_OUT,FLG(a6)
.Lout:
    move.l  BODY(a6),a1
    move.w  XR(a6),B_X(a1)
    move.w  YR(a6),B_Y(a1)
    move.w  VX(a6),B_VX(a1)
    move.w  VY(a6),B_VY(a1)
    move.w  FLG(a6),d0
    move.b  d0,B_FLAGS(a1)
    st      B_RIDING(a1)        | NO_BOX
    movem.l (sp)+,a4-a5
    unlk    a6
    rts

| .Lstep_x: walks N pixels in DIR (motion::step_x without solid boxes).
| out: d0.w = 1 when blocked, 0 when every step was made. Updates d5 (x), d6 (y), N,
| WALK, FOK.
.Lstep_x:
| Whole-tile sweep of the leading edge at the current height.
    move.w  d5,d0
    move.w  DIR(a6),d1
    bmi.s   1f
    add.w   a4,d0               | lead = x + w
    bra.s   2f
1:  subq.w  #1,d0               | lead = x - 1
2:  move.w  N(a6),d2
    move.w  d6,d3
    move.w  d6,d4
    add.w   a5,d4
    subq.w  #1,d4
    bsr.w   .Lq_sweepc          | d0 = free columns
    tst.w   WALK(a6)
    bne.s   .Lsx_walk
    move.w  d0,d1
    tst.w   DIR(a6)
    bpl.s   1f
    neg.w   d1
1:  add.w   d1,d5               | x += dir * free
    cmp.w   N(a6),d0
    bcs.w   .Lsx_blocked
    bra.w   .Lsx_done
| Walking: the free pixels need no snap when a floor pixel lies under the intersection of
| all the boxes on the way.
.Lsx_walk:
| Walking: the free pixels need no snap when a floor pixel lies under the intersection of
| the boxes on the way. The Rust code tests all free pixels at once (when there are at most
| w of them); here they go in chunks of at most w pixels, the same test per chunk (a chunk
| whose boxes share a floor pixel is exactly what the pixel loop would walk without
| snapping; the first chunk without one goes pixel by pixel), so fast walks stay fast.
    move.w  d0,SCL(a6)          | free columns not yet walked
.Lsx_chunk:
    move.w  SCL(a6),d0
    beq.s   .Lsx_loop
    cmp.w   a4,d0
    bls.s   1f
    move.w  a4,d0               | c = min(free, w)
1:  move.w  d0,CHK(a6)
    tst.w   DIR(a6)
    bmi.s   2f
    move.w  d5,d1
    add.w   d0,d1               | a = x + c
    move.w  d5,d2
    add.w   a4,d2               | b = x + w
    bra.s   3f
2:  move.w  d5,d1
    subq.w  #1,d1               | a = x - 1
    move.w  d5,d2
    add.w   a4,d2
    subq.w  #1,d2
    sub.w   d0,d2               | b = x + w - 1 - c
3:  move.w  d6,d0
    add.w   a5,d0
    moveq   #1,d3
    bsr.w   .Lq_row
    tst.w   d0
    beq.s   .Lsx_loop
    move.w  CHK(a6),d0
    sub.w   d0,SCL(a6)
    move.w  d0,d1
    tst.w   DIR(a6)
    bpl.s   4f
    neg.w   d1
4:  add.w   d1,d5               | x += dir * c
    moveq   #1,d1
    move.w  d1,FOK(a6)          | a floor pixel under this box (the chunk's test)
    sub.w   d0,N(a6)            | n -= c
    bne.s   .Lsx_chunk
| Pixel by pixel.
.Lsx_loop:
    tst.w   N(a6)
    beq.w   .Lsx_done
    move.w  d5,d0
    tst.w   DIR(a6)
    bmi.s   1f
    add.w   a4,d0               | lead = x + w
    bra.s   2f
1:  subq.w  #1,d0               | lead = x - 1
2:  move.w  d6,d1
    move.w  d6,d2
    add.w   a5,d2
    subq.w  #1,d2
    bsr.w   .Lq_colf            | topmost solid row of the leading column, or NONE
    cmp.w   #NONE,d0
    bne.s   .Lsx_hit
    add.w   DIR(a6),d5          | free: x += dir
    moveq   #0,d0
    move.w  d0,FOK(a6)          | (no floor known under this box yet)
    tst.w   WALK(a6)
    beq.s   .Lsx_next
| Floor under the new box (0 free rows), snap down 1 ..= 8, or a ledge (9 free rows).
    moveq   #9,d2
    FEET_DOWN
    bsr.w   .Lq_sweepr
    cmp.w   #9,d0
    bcs.s   1f
    moveq   #0,d0
    move.w  d0,WALK(a6)         | a ledge: fall from here on
    bra.s   .Lsx_next
1:  add.w   d0,d6               | y += snap
    moveq   #1,d0
    move.w  d0,FOK(a6)          | the sweep found the floor row: now under the feet
    bra.s   .Lsx_next
| Blocked column (d0 = its topmost solid row t): climb by s = y + h - t when walking.
.Lsx_hit:
    tst.w   WALK(a6)
    beq.s   .Lsx_blocked
    move.w  d6,d1
    add.w   a5,d1
    sub.w   d0,d1               | s >= 1
    cmp.w   #8,d1
    bhi.s   .Lsx_blocked        | STEP_HEIGHT_PX
    move.w  d1,SCL(a6)
    move.w  d1,d2
    move.w  d6,d0
    subq.w  #1,d0
    moveq   #-1,d1
    move.w  d5,d3
    add.w   DIR(a6),d3          | nx = x + dir
    move.w  d3,d4
    add.w   a4,d4
    subq.w  #1,d4
    moveq   #0,d7
    bsr.w   .Lq_sweepr          | head rows y-1 .. y-s over nx .. nx+w-1
    cmp.w   SCL(a6),d0
    bcs.s   .Lsx_blocked        | head bump
    add.w   DIR(a6),d5
    sub.w   SCL(a6),d6          | y -= s
    moveq   #1,d0
    move.w  d0,FOK(a6)          | row t of the leading column is now under the feet
.Lsx_next:
    subq.w  #1,N(a6)
    bra.w   .Lsx_loop
.Lsx_blocked:
    moveq   #1,d0
    rts
.Lsx_done:
    moveq   #0,d0
    rts

| ---------------------------------------------------------------------------------------
| Lean in-map queries. Each checks that its pixels are inside the map (and its own shape
| conditions) and otherwise hands the same arguments to the general version (.Lg_*).
| Clobber d0-d4, d7, a1, a3; keep d5, d6, a0, a2, a4, a5, a6.

| .Lq_colf: the topmost solid row of column d0.w, rows d1.w ..= d2.w (d1 <= d2), or NONE.
.Lq_colf:
    cmp.w   V_WPX(a0),d0
    bcc.w   .Lg_colf            | x < 0 or x >= map width (unsigned)
    tst.w   d1
    bmi.w   .Lg_colf
    cmp.w   V_HPX(a0),d2
    bge.w   .Lg_colf
    TILE_ADDR d1, d0, d3, d4    | a1 = tile (x >> 4, y0 >> 4)
    and.w   #15,d0
    add.w   d0,d0               | px * 2: offset of cols[px]
    move.w  d1,d4
    and.w   #0xFFF0,d4          | top row of the current tile
.Lqc_loop:
    move.w  (a1),d3
    bne.s   .Lqc_tile
.Lqc_next:
    add.w   #16,d4
    cmp.w   d2,d4
    bgt.s   .Lqc_none
    add.w   V_STRIDE(a0),a1
    bra.s   .Lqc_loop
.Lqc_tile:
    cmp.w   #2,d3
    beq.s   .Lqc_solid
    cmp.w   #20,d3
    bcc.s   .Lqc_custom
    lsl.w   #6,d3
    add.w   d0,d3
    move.w  (a2,d3.w),d3        | cols[px]: bit py = row top + py solid
.Lqc_mask:
    move.w  d1,d7
    sub.w   d4,d7               | rows above y0 in this tile
    ble.s   1f
    lsr.w   d7,d3
    lsl.w   d7,d3
1:  move.w  d4,d7
    add.w   #15,d7
    sub.w   d2,d7               | rows below y1 in this tile
    ble.s   2f
    lsl.w   d7,d3
    lsr.w   d7,d3
2:  tst.w   d3
    beq.s   .Lqc_next
    lea     mc_ctz8(pc),a3      | lowest set bit = topmost solid row
    moveq   #0,d7
    move.b  d3,d7
    tst.b   d7
    beq.s   3f
    move.b  (a3,d7.w),d7
    add.w   d4,d7
    move.w  d7,d0
    rts
3:  lsr.w   #8,d3
    move.b  (a3,d3.w),d7
    addq.w  #8,d7
    add.w   d4,d7
    move.w  d7,d0
    rts
.Lqc_none:
    move.w  #NONE,d0
    rts
.Lqc_solid:
    move.w  d4,d0               | a solid tile: its first row in the span, max(top, y0)
    cmp.w   d1,d0
    bge.s   1f
    move.w  d1,d0
1:  rts
.Lqc_custom:
    HEIGHT_TILE d3, .Lqc_next
    add.w   d0,d3               | (the low 6 bits were 0: no carry)
    move.l  12(a0),a3
    move.w  (a3,d3.l),d3
    bra.s   .Lqc_mask

| .Lq_row: any solid (d3.w != 0: or one-way top) pixel in row d0.w, columns d1.w ..= d2.w
| (d1 <= d2)? out: d0.w = 1 / 0.
.Lq_row:
    cmp.w   V_HPX(a0),d0
    bcc.w   .Lg_row
    tst.w   d1
    bmi.w   .Lg_row
    cmp.w   V_WPX(a0),d2
    bge.w   .Lg_row
    TILE_ADDR d0, d1, d4, d7    | a1 = tile (x0 >> 4, y >> 4)
    and.w   #15,d0
    tst.w   d3
    beq.s   1f
    tst.w   d0
    seq     d3                  | d3.b = 0xFF: one-way tops count in this row
1:  add.w   d0,d0
    add.w   #32,d0              | offset of rows[y & 15]
    move.w  d1,d4
    and.w   #0xFFF0,d4          | left column of the current tile
    sub.w   #15,d2              | the last tile is the one with left >= x1 - 15
.Lqr_loop:
    move.w  (a1)+,d7
    bne.s   .Lqr_tile
.Lqr_next:
    cmp.w   d2,d4
    bge.s   .Lqr_free
    add.w   #16,d4
    bra.s   .Lqr_loop
.Lqr_free:
    moveq   #0,d0
    rts
.Lqr_tile:
    cmp.w   #2,d7
    beq.s   .Lqr_hit            | a solid tile: every pixel
    cmp.w   #19,d7
    beq.s   .Lqr_ow
    cmp.w   #20,d7
    bcc.s   .Lqr_custom
    lsl.w   #6,d7
    add.w   d0,d7
    move.w  (a2,d7.w),d7        | rows[py]: bit px = column left + px solid
.Lqr_mask:
    move.w  d1,a3
    sub.w   d4,d1               | columns left of x0 in this tile
    ble.s   1f
    lsr.w   d1,d7
    lsl.w   d1,d7
1:  move.w  a3,d1
    cmp.w   d2,d4
    blt.s   2f
    move.w  d4,a3
    sub.w   d2,d4               | columns right of x1: left - (x1 - 15)
    lsl.w   d4,d7
    lsr.w   d4,d7
    move.w  a3,d4
2:  tst.w   d7
    beq.s   .Lqr_next
.Lqr_hit:
    moveq   #1,d0
    rts
.Lqr_ow:
    tst.b   d3
    beq.s   .Lqr_next
    bra.s   .Lqr_hit
.Lqr_custom:
    HEIGHT_TILE d7, .Lqr_next
    add.w   d0,d7
    move.l  12(a0),a3
    move.w  (a3,d7.l),d7
    bra.s   .Lqr_mask

| .Lq_sweepc: Map::sweep_cols(x = d0.w, dir = d1.w, n = d2.w >= 1, y0 = d3.w, y1 = d4.w):
| lean when all n columns lie in one tile column inside the map. out: d0.w = free columns.
.Lq_sweepc:
    cmp.w   V_WPX(a0),d0
    bcc.w   .Lg_sweepc
    LAST_PIXEL d0, d1, d2, d7   | the last column
    cmp.w   V_WPX(a0),d7
    bcc.w   .Lg_sweepc
    eor.w   d0,d7
    and.w   #0xFFF0,d7
    bne.w   .Lg_sweepc          | not one tile column
    tst.w   d3
    bmi.w   .Lg_sweepc
    cmp.w   V_HPX(a0),d4
    bge.w   .Lg_sweepc
    move.w  d3,QA(a6)           | y0
    sub.w   #15,d4
    move.w  d4,QB(a6)           | y1 - 15: the last tile is the one with top >= y1 - 15
    move.w  d1,QC(a6)           | dir
    TILE_ADDR d3, d0, d7, d4    | a1 = tile (x >> 4, y0 >> 4)
    and.w   #15,d0
    add.w   d0,d0               | px * 2
    and.w   #0xFFF0,d3          | top row of the current tile
| d2 = first: the columns k < first are still free.
.Lqs_loop:
    move.w  (a1),d7
    bne.s   .Lqs_tile
.Lqs_next:
    cmp.w   QB(a6),d3
    bge.s   .Lqs_done
    add.w   #16,d3
    add.w   V_STRIDE(a0),a1
    bra.s   .Lqs_loop
.Lqs_done:
    move.w  d2,d0
    rts
.Lqs_zero:
    moveq   #0,d0
    rts
.Lqs_tile:
    cmp.w   #2,d7
    beq.s   .Lqs_zero           | a solid tile: the first column is blocked
    cmp.w   #20,d7
    bcc.s   .Lqs_custom
    lsl.w   #6,d7
    lea     (a2,d7.w),a3        | the shape's cols
.Lqs_scan:
    SPAN_MASK                   | rows y0 ..= y1 of this tile
    SCAN_FIRST d0, d1, .Lqs_next | columns px, px + dir, ..
    tst.w   d2
    beq.s   .Lqs_done           | nothing free: done
    bra.s   .Lqs_next
.Lqs_custom:
    HEIGHT_TILE d7, .Lqs_next
    move.l  12(a0),a3
    add.l   d7,a3
    bra.s   .Lqs_scan

| .Lq_sweepr: Map::sweep_rows(y = d0.w, dir = d1.w, n = d2.w >= 1, x0 = d3.w, x1 = d4.w,
| one_way = d7.w): lean when every swept pixel is inside the map. out: d0.w = free rows.
| Frame: QA x0, QB x1 - 15, QC dir, QD one_way, QE rows left, QF free so far, QG cnt.
.Lq_sweepr:
    tst.w   d3
    bmi.w   .Lg_sweepr
    cmp.w   V_WPX(a0),d4
    bge.w   .Lg_sweepr
    cmp.w   V_HPX(a0),d0
    bcc.w   .Lg_sweepr
    move.w  d7,QD(a6)
    LAST_PIXEL d0, d1, d2, d7   | the last row
    cmp.w   V_HPX(a0),d7
    bcc.w   .Lg_sweeprd
    move.w  d3,QA(a6)
    sub.w   #15,d4
    move.w  d4,QB(a6)
    move.w  d1,QC(a6)
    move.w  d2,QE(a6)
    moveq   #0,d7
    move.w  d7,QF(a6)
| One row of tiles: rows y .. of this tile row, cnt = min(room, left) of them.
.Lqw_trow:
    moveq   #15,d1
    and.w   d0,d1               | py0
    tst.w   QC(a6)
    bmi.s   1f
    moveq   #16,d2
    sub.w   d1,d2               | room = 16 - py0
    bra.s   2f
1:  move.w  d1,d2
    addq.w  #1,d2               | room = py0 + 1
2:  cmp.w   QE(a6),d2
    bls.s   3f
    move.w  QE(a6),d2
3:  move.w  d2,QG(a6)           | cnt; d2 = first = cnt
    TILE_ADDR d0, QA(a6), d7, d4 | a1 = tile (x0 >> 4, y >> 4)
    move.w  QA(a6),d3
    and.w   #0xFFF0,d3          | left column of the current tile
    add.w   d1,d1               | py0 * 2
    move.w  d0,-(sp)            | y
.Lqw_tile:
    move.w  (a1)+,d7
    bne.s   .Lqw_nonblank
.Lqw_tnext:
    cmp.w   QB(a6),d3
    bge.w   .Lqw_tdone
    add.w   #16,d3
    bra.s   .Lqw_tile
.Lqw_nonblank:
    cmp.w   #2,d7
    bne.s   1f
    moveq   #0,d2               | a solid tile: the first row is blocked
    bra.w   .Lqw_tdone
1:  cmp.w   #19,d7
    beq.w   .Lqw_ow
    cmp.w   #20,d7
    bcc.w   .Lqw_custom
    lsl.w   #6,d7
    lea     32(a2,d7.w),a3      | the shape's rows
.Lqw_scan:
    SPAN_MASK                   | columns x0 ..= x1 of this tile
    SCAN_FIRST d1, d0, .Lqw_tnext | rows py0, py0 + dir, ..
    bra.s   .Lqw_tnext
.Lqw_ow:
    tst.w   QD(a6)
    beq.s   .Lqw_tnext          | one-way tops do not count
    tst.w   QC(a6)
    bmi.s   1f
    tst.w   d1
    bne.w   .Lqw_tnext          | its top row is not in this sweep
    moveq   #0,d2               | the top row is the first one: k = 0
    bra.w   .Lqw_tnext
1:  move.w  d1,d7
    lsr.w   #1,d7               | k = py0 (rows py0, py0 - 1, .. 0)
    cmp.w   d2,d7
    bcc.w   .Lqw_tnext
    move.w  d7,d2
    bra.w   .Lqw_tnext
.Lqw_custom:
    HEIGHT_TILE d7, .Lqw_tnext
    move.l  12(a0),a3
    lea     32(a3,d7.l),a3
    bra.w   .Lqw_scan
| After a row of tiles: blocked -> free + first; all rows tested -> n; else the next.
.Lqw_tdone:
    move.w  (sp)+,d0            | y
    move.w  QG(a6),d7           | cnt
    cmp.w   d7,d2
    bcs.s   .Lqw_blocked
    add.w   d7,QF(a6)           | free += cnt
    sub.w   d7,QE(a6)           | left -= cnt
    beq.s   .Lqw_all
    tst.w   QC(a6)
    bmi.s   1f
    add.w   d7,d0
    bra.w   .Lqw_trow
1:  sub.w   d7,d0
    bra.w   .Lqw_trow
.Lqw_blocked:
    move.w  QF(a6),d0
    add.w   d2,d0
    rts
.Lqw_all:
    move.w  QF(a6),d0
    rts
| (the last row is outside the map: one_way back into d7, then the general path)
.Lg_sweeprd:
    move.w  QD(a6),d7
    bra.s   .Lg_sweepr

| ---------------------------------------------------------------------------------------
| General versions: the edge-aware routines below, keeping the kernel's own registers.
.Lg_colf:
    KEEPING .Lcol_first
.Lg_row:
    KEEPING .Lrow
.Lg_sweepc:
    KEEPING .Lsweep_cols
.Lg_sweepr:
    KEEPING .Lsweep_rows

| ---------------------------------------------------------------------------------------
| Edge-aware queries (map view in a0, a2 = built-in shapes). A query touching pixels
| outside the map is split at the map's border: the outside part is answered from the edge
| policy (by column first, then by row; Map's docs), the inside part by .Lq_colf or the
| kernels of kernels.s. All clobber d0-d7, a1-a3 (the .Lg_* entries above keep d5, d6, a2).

| .Lcol_first: topmost solid row of column d0.w, rows d1.w ..= d2.w (d1 <= d2), or NONE.
.Lcol_first:
    move.w  d0,d3
    blt.s   .Lcq_left
    cmp.w   V_WPX(a0),d3
    bge.s   .Lcq_right
    tst.w   d1
    bge.s   2f
    tst.w   26(a0)              | above the map
    bne.s   .Lcq_y0
    moveq   #0,d1
    cmp.w   d1,d2
    blt.s   .Lcq_none
2:  move.w  V_HPX(a0),d4
    subq.w  #1,d4
    cmp.w   d4,d2
    ble.s   3f
    move.w  d2,d5               | rows below the map: d5 = y1, d4 = last map row
    move.w  d1,d6
    cmp.w   d4,d1
    bgt.s   4f                  | nothing inside the map
    move.w  d4,d2
    bsr.w   .Lq_colf            | (keeps d5, d6)
    cmp.w   #NONE,d0
    bne.s   5f
4:  tst.w   28(a0)              | below the map
    beq.s   .Lcq_none
    move.w  V_HPX(a0),d0
    cmp.w   d0,d6
    ble.s   5f
    move.w  d6,d0               | max(y0, map height)
5:  rts
3:  bra.w   .Lq_colf            | rows inside the map (tail call)
.Lcq_left:
    tst.w   22(a0)
    bne.s   .Lcq_y0
    bra.s   .Lcq_none
.Lcq_right:
    tst.w   24(a0)
    beq.s   .Lcq_none
.Lcq_y0:
    move.w  d1,d0
    rts
.Lcq_none:
    move.w  #NONE,d0
    rts

| .Lrow: any solid (d3.w != 0: or one-way top) pixel in row d0.w, columns d1.w ..= d2.w?
| out: d0.w = 1 / 0.
.Lrow:
    cmp.w   d2,d1
    bgt.s   .Lrw_free
    movem.w d0-d3,-(sp)
    bsr.w   mc_row_span
    tst.w   d0
    bmi.s   1f
    addq.l  #8,sp
    rts
1:  movem.w (sp)+,d0-d3
    tst.w   d1
    bge.s   2f
    tst.w   22(a0)              | left of the map
    bne.s   .Lrw_solid
    moveq   #0,d1
2:  move.w  V_WPX(a0),d4
    subq.w  #1,d4
    cmp.w   d4,d2
    ble.s   3f
    tst.w   24(a0)              | right of the map
    bne.s   .Lrw_solid
    move.w  d4,d2
3:  cmp.w   d2,d1
    bgt.s   .Lrw_free
    tst.w   d0
    bge.s   4f
    move.w  26(a0),d0           | above the map
    rts
4:  cmp.w   V_HPX(a0),d0
    blt.s   5f
    move.w  28(a0),d0           | below the map
    rts
5:  bra.w   mc_row_span         | inside (tail call)
.Lrw_solid:
    moveq   #1,d0
    rts
.Lrw_free:
    moveq   #0,d0
    rts

| .Lsweep_cols: Map::sweep_cols(x = d0.w, dir = d1.w, n = d2.w >= 1, y0 = d3.w, y1 = d4.w).
| out: d0.w = free columns. Outside the map: one column query per column.
.Lsweep_cols:
    movem.w d0-d4,-(sp)
    bsr.w   mc_sweep_cols
    tst.w   d0
    bmi.s   1f
    lea     10(sp),sp
    rts
| Whole sweeps outside the map first (0 x, 2 dir, 4 n, 6 y0, 8 y1).
1:  SWEEP_ENDS                  | d0 = leftmost column, d3 = rightmost
    WHOLLY_OUTSIDE d0, d3, V_WPX, 22, 24, .Lswc_zero, .Lswc_all, 8f
8:  tst.w   d0
    bmi.s   .Lswc_cols          | some columns outside, some inside: column by column
    cmp.w   V_WPX(a0),d3
    bge.s   .Lswc_cols
    move.w  6(sp),d1            | y0
    move.w  8(sp),d2            | y1
    WHOLLY_OUTSIDE d1, d2, V_HPX, 26, 28, .Lswc_zero, .Lswc_all, .Lswc_cols
.Lswc_all:
    move.w  4(sp),d0
    lea     10(sp),sp
    rts
.Lswc_zero:
    moveq   #0,d0
    lea     10(sp),sp
    rts
| Otherwise one column query per column.
.Lswc_cols:
    EACH_PIXEL .Lcol_blocked, 10
| .Lcol_blocked: d0.w != 0 when column d0, rows d1 ..= d2 holds a solid pixel (d3 unused).
.Lcol_blocked:
    bsr.w   .Lcol_first
    cmp.w   #NONE,d0
    sne     d0
    ext.w   d0
    rts

| .Lsweep_rows: Map::sweep_rows(y = d0.w, dir = d1.w, n = d2.w >= 1, x0 = d3.w, x1 = d4.w,
| one_way = d7.w). out: d0.w = free rows. Outside the map: one row query per row.
.Lsweep_rows:
    move.w  d7,d5
    movem.w d0-d5,-(sp)
    bsr.w   mc_sweep_rows
    tst.w   d0
    bmi.s   1f
    lea     12(sp),sp
    rts
| Whole sweeps outside the map first (0 y, 2 dir, 4 n, 6 x0, 8 x1, 10 one_way).
1:  move.w  6(sp),d1            | x0
    bpl.s   5f
    tst.w   22(a0)
    bne.s   .Lswr_zero          | the left wall is in every row
5:  move.w  8(sp),d2            | x1
    cmp.w   V_WPX(a0),d2
    blt.s   6f
    tst.w   24(a0)
    bne.s   .Lswr_zero          | the right wall
6:  tst.w   d2
    bmi.s   .Lswr_all           | only open columns left of the map
    cmp.w   V_WPX(a0),d1
    bge.s   .Lswr_all           | only open columns right of the map
    SWEEP_ENDS                  | d0 = lowest row, d3 = highest
    WHOLLY_OUTSIDE d0, d3, V_HPX, 26, 28, .Lswr_zero, .Lswr_all, .Lswr_rows
.Lswr_all:
    move.w  4(sp),d0
    lea     12(sp),sp
    rts
.Lswr_zero:
    moveq   #0,d0
    lea     12(sp),sp
    rts
| Otherwise one row query per row.
.Lswr_rows:
    EACH_PIXEL .Lrow, 12
    .size mc_move_body, . - mc_move_body

| mc_ctz8[b] = the index of the lowest set bit of byte b (b != 0; mc_ctz8[0] = 0 is unused).
| Data, not code.
    .type mc_ctz8, @object
mc_ctz8:
    .irp c, 0,4,5,4,6,4,5,4,7,4,5,4,6,4,5,4
    CTZ_ROW \c
    .endr
    .size mc_ctz8, . - mc_ctz8
    .even
