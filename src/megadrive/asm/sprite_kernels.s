| sprite_kernels.s - the sprite engine's two loops over its objects, for the plain 68000,
| assembled with GNU as (-m68000) into every binary that uses the megadrive crate.
|
| `SpriteEngine::update` (building the sprite table) and `SpriteEngine::animate` (stepping
| the animations) run once a frame over every object; LLVM's code for them took about 75,000
| cycles for 40 objects, these about a third. The Rust loops in
| src/sprite_engine.rs stay the reference (they run on the host) and define what the
| kernels do; `make bench` compares the 68000's tables with the host's frame by frame.
|
| Both read the engine's objects, 32-byte records (`Object`, #[repr(C)], its offsets checked
| at compile time in sprite_engine.rs):
|    0 x.w  2 y.w      map pixels of the frame's top-left
|    4 x_limit.w       SCREEN_W - the frame's width: the largest screen x of a frame wholly
|                      on screen (pixels)
|    6 y_limit.w       SCREEN_H - the frame's height
|    8 attr.w          attribute word of the frame shown (palette, flips, priority, tile)
|   10 pieces.w        hardware sprites of a frame (1..=16)
|   12 layout.l        the frame's sprite table entries for the object's flip: 4 words a
|                      piece, [y offset + 128, size bits << 8, tile in the frame, x offset + 128]
|   16 steps.w         steps until the next picture
|   18 flags.w         bit 0 visible, bit 1 a streamed frame waiting for its upload, bit 2
|                      a one-shot done, bit 3 the slot used (a free slot has none: not drawn)
|
| Register contracts are given at each kernel. Neither touches the stack beyond its saves.

SCREEN_W = 320
SCREEN_H = 224
TABLE_SIZE = 80                     | hardware sprites the VDP shows in H40
COMMON = 9                          | flags of a used, visible object with no frame waiting
PENDING_FLAG = 2                    | flags: a streamed frame waiting for its upload
DONE_FLAG = 4                       | flags: a one-shot animation done

| The object at a0 is wholly on screen when 0 <= sx <= x_limit and 0 <= sy <= y_limit
| (unsigned compares): d5 = sx, d6 = sy (screen pixels, camera d1, d2); to .Lpartly if not.
.macro WHOLLY_ON_SCREEN
    move.w  (%a0), %d5
    sub.w   %d1, %d5                | d5 = sx
    cmp.w   4(%a0), %d5
    bhi     .Lpartly
    move.w  2(%a0), %d6
    sub.w   %d2, %d6                | d6 = sy
    cmp.w   6(%a0), %d6
    bhi     .Lpartly
.endm

    .section .text.mc_sprite_table,"ax"
| mc_sprite_table: appends the hardware sprites of the objects on screen to the sprite
| table, in the objects' order, whole objects only (an object whose pieces do not all fit in
| the 80 is dropped). An object wholly on screen takes all its pieces; one partly on screen
| only the pieces that are (the others would take sprites, and one past x = 383 would wrap
| to the left edge). A visible object with a streamed frame waiting is noted in the
| pending list before it is drawn.
|
| In:   a0 = the first object, d0.w = objects (0..=255),
|       d1.w = camera x, d2.w = camera y (map pixels of the screen's top-left),
|       a1 = the table's next entry (4 words), d3.w = entries already in the table (0..=80),
|       a2 = the pending list's next slot (one long a pending object: its address).
| Out:  d3.w = entries in the table (the last entry's link is left for the caller to end),
|       d4.w = objects dropped, a2 = past the last pending slot written.
| Clobbers d0, d5, d6, d7, a0, a1; keeps every other register.
    .globl mc_sprite_table
    .type mc_sprite_table, @function
mc_sprite_table:
    movem.l %a3-%a5, -(%sp)
    suba.l  %a5, %a5                | objects dropped
    subq.w  #1, %d0
    bcs     .Ltable_done            | no objects
.Lobject:
    cmp.w   #COMMON, 18(%a0)        | used, visible, nothing waiting: the common case
    bne     .Lodd
    WHOLLY_ON_SCREEN
.Lwhole:
    move.w  10(%a0), %d4            | pieces
    move.w  %d4, %d7
    add.w   %d3, %d7
    cmp.w   #TABLE_SIZE, %d7
    bhi.s   .Ldrop
    movea.l 12(%a0), %a3            | the layout
    move.w  8(%a0), %d7
    swap    %d7
    move.w  %d5, %d7                | d7 = attr : sx
    swap    %d6
    move.w  %d3, %d6
    addq.w  #1, %d6                 | d6 = sy : link of the first piece
    add.w   %d4, %d3                | the entries after this object
    subq.w  #1, %d4
    | Each entry is two longs of the layout plus (sy : link) and (attr : sx): no carry
    | crosses from a low word into its high word (size + link < 0x1000, x + 128 + sx < 0x10000).
.Lpiece:
    move.l  (%a3)+, %d5
    add.l   %d6, %d5
    move.l  %d5, (%a1)+             | y + 128 + sy, size | link
    move.l  (%a3)+, %d5
    add.l   %d7, %d5
    move.l  %d5, (%a1)+             | tile + attr, x + 128 + sx
    addq.w  #1, %d6
    dbra    %d4, .Lpiece
.Lnext:
    lea     32(%a0), %a0
    dbra    %d0, .Lobject
.Ltable_done:
    move.w  %a5, %d4
    movem.l (%sp)+, %a3-%a5
    rts

.Ldrop:
    addq.w  #1, %a5
    bra.s   .Lnext

.Lodd:
    | Hidden, a free slot (whatever was set on it: VISIBLE alone is not drawn), a streamed
    | frame waiting or a one-shot done.
    move.w  18(%a0), %d7
    and.w   #COMMON, %d7
    cmp.w   #COMMON, %d7
    bne.s   .Lnext                  | hidden or free: nothing
    WHOLLY_ON_SCREEN
    btst    #1, 19(%a0)
    beq     .Lwhole
    move.l  %a0, (%a2)+             | a streamed frame to upload first
    bra     .Lwhole

.Lpartly:
    | On screen at all when -width < sx < SCREEN_W and -height < sy < SCREEN_H (signed; no
    | sum overflows: the frame's width - 1 = SCREEN_W - 1 - x_limit <= 127).
    move.w  2(%a0), %d6
    sub.w   %d2, %d6                | d6 = sy
    cmp.w   #SCREEN_W, %d5
    bge.s   .Lnext
    move.w  #SCREEN_W - 1, %d7
    sub.w   4(%a0), %d7
    add.w   %d5, %d7                | sx + width - 1: the frame's last column
    bmi.s   .Lnext
    cmp.w   #SCREEN_H, %d6
    bge.s   .Lnext
    move.w  #SCREEN_H - 1, %d7
    sub.w   6(%a0), %d7
    add.w   %d6, %d7                | the frame's last row
    bmi.s   .Lnext
    btst    #1, 19(%a0)             | (hidden objects and free slots never come here)
    beq.s   .Lclipped
    move.l  %a0, (%a2)+             | a streamed frame to upload first
.Lclipped:
    | Partly on screen: each piece tested against its extents (the sheet's `extents`, 512
    | bytes after the piece's layout entry: x offset + width - 1, SCREEN_W + width - 1, the
    | same for y), as SpriteList::push_pieces_clipped does.
    movem.l %d0-%d2/%a1, -(%sp)     | the object loop's counter and camera; a1 if dropped
    movea.l 12(%a0), %a3
    move.w  10(%a0), %d0
    subq.w  #1, %d0                 | pieces - 1
    move.w  8(%a0), %d1             | d1 = attr
    move.w  %d6, %d2
    swap    %d2
    move.w  %d3, %d2                | d2 = sy : entries with this object's pieces so far
.Lclip_piece:
    move.w  %d5, %d7
    add.w   512(%a3), %d7
    cmp.w   514(%a3), %d7
    bcc.s   .Lclip_skip             | off screen left or right (unsigned)
    move.w  %d6, %d7
    add.w   516(%a3), %d7
    cmp.w   518(%a3), %d7
    bcc.s   .Lclip_skip             | above or below
    cmp.w   #TABLE_SIZE, %d2
    bcc.s   .Lclip_full
    addq.w  #1, %d2                 | its link
    move.l  (%a3), %d7
    add.l   %d2, %d7
    move.l  %d7, (%a1)+             | y + 128 + sy, size | link
    | The x word in a word of its own: a negative sx would carry into the tile's word.
    move.w  4(%a3), %d7
    add.w   %d1, %d7
    move.w  %d7, (%a1)+             | tile + attr
    move.w  6(%a3), %d7
    add.w   %d5, %d7
    move.w  %d7, (%a1)+             | x + 128 + sx
.Lclip_skip:
    addq.l  #8, %a3
    dbra    %d0, .Lclip_piece
    move.w  %d2, %d3
    movem.l (%sp)+, %d0-%d2
    addq.l  #4, %sp                 | keep the advanced a1
    bra     .Lnext
.Lclip_full:
    movem.l (%sp)+, %d0-%d2/%a1     | nothing of this object stays
    bra     .Ldrop
    .size mc_sprite_table, . - mc_sprite_table

    .section .text.mc_sprite_animate,"ax"
| mc_sprite_animate: one step of every object's animation (SpriteEngine::animate; the Rust
| of `Object::step` and `Object::next_picture` is the reference). When an object's steps run
| out it shows its animation's next picture (the first again for a looping one; a one-shot on
| its last picture is done: steps 0xFFFF, DONE set): a resident object's attribute word moves
| by the tiles between the two frames, a streamed one's frame is marked for upload.
|
| What a due object's step does depends only on its animation, its sheet and its picture, so
| the last one worked out is kept (a memo in registers): the objects of a group that animate
| in step, a crowd of one kind, take it from there (about 140 cycles instead of 340). Every
| step ends in the same four writes: the picture, the steps, attr += d1 (a resident sheet's
| tiles between the frames, else 0), flags |= d2 (PENDING for a streamed sheet's new frame,
| DONE for a one-shot that is done, else 0).
|
| Reads, besides the objects: `Animation` (#[repr(C)]: frames.ptr.l 0, frames.len.l 4,
| duration.w 8, looping.b 10) and `Sheet` (#[repr(C)]: residency.b 14, 0 resident,
| tiles_per_frame.w 16), their offsets checked at compile time in sprite_engine.rs.
|
| In:   a0 = the first object, d0.w = objects (0..=255).
| Clobbers d0-d4, a0-a2; keeps every other register (saves d5-d7, a3, a4 on the stack).
    .globl mc_sprite_animate
    .type mc_sprite_animate, @function
mc_sprite_animate:
    movem.l %d5-%d7/%a3-%a4, -(%sp)
    suba.l  %a3, %a3                | the memo's animation: none yet
    subq.w  #1, %d0
    bcs.s   .Lanimate_done
.Lanimate:
    subq.w  #1, 16(%a0)
    beq.s   .Ldue
.Lanimate_next:
    lea     32(%a0), %a0
    dbra    %d0, .Lanimate
.Lanimate_done:
    movem.l (%sp)+, %d5-%d7/%a3-%a4
    rts

.Ldue:
    | The memo: a3 = animation, a4 = sheet, d5 = picture before; d6 = picture after,
    | d7 = steps after, d3 = attr step, d4 = flags to set.
    cmpa.l  28(%a0), %a3
    bne.s   .Lwork
    cmpa.l  24(%a0), %a4
    bne.s   .Lwork
    cmp.w   20(%a0), %d5
    bne.s   .Lwork
.Lapply:
    move.w  %d6, 20(%a0)
    move.w  %d7, 16(%a0)
    add.w   %d3, 8(%a0)
    or.w    %d4, 18(%a0)
    bra.s   .Lanimate_next

.Lwork:
    movea.l 28(%a0), %a3            | the animation
    movea.l 24(%a0), %a4            | the sheet
    move.w  20(%a0), %d5            | the picture shown
    moveq   #0, %d3                 | attr step
    moveq   #0, %d4                 | flags to set
    move.l  4(%a3), %d1             | its pictures
    movea.l (%a3), %a2              | their frames
    moveq   #0, %d2
    move.w  %d5, %d2
    moveq   #0, %d6                 | the frame shown (0 for an animation of no picture)
    tst.l   %d1
    beq.s   1f
    add.l   %d2, %d2
    move.w  (%a2, %d2.l), %d6
    lsr.l   #1, %d2
1:  addq.l  #1, %d2                 | the next picture
    cmp.l   %d1, %d2
    bcs.s   .Lnext_picture
    tst.b   10(%a3)                 | past the last: a looping animation starts again,
    beq.s   .Lone_shot_done         | a one-shot is done
    moveq   #0, %d2
.Lnext_picture:
    move.w  %d2, %d7
    exg     %d6, %d7                | d6 = the next picture, d7 = the frame shown
    moveq   #0, %d1                 | its frame
    tst.l   4(%a3)                  | (an animation of no picture shows frame 0)
    beq.s   2f
    add.l   %d2, %d2
    move.w  (%a2, %d2.l), %d1
2:  sub.w   %d7, %d1                | the frames between (wrapping)
    move.w  8(%a3), %d7             | steps it shows: the duration, 0 counting as 1
    bne.s   3f
    moveq   #1, %d7
3:  tst.w   %d1
    beq     .Lapply                 | the same frame: nothing else changes
    tst.b   14(%a4)
    bne.s   .Lstreamed_picture
    mulu.w  16(%a4), %d1            | low word: (frame - before) * tiles_per_frame
    move.w  %d1, %d3                | the attribute word's first tile moves
    bra     .Lapply
.Lstreamed_picture:
    moveq   #PENDING_FLAG, %d4      | its new frame to upload
    bra     .Lapply
.Lone_shot_done:
    move.w  %d5, %d6                | the picture stays
    move.w  #0xFFFF, %d7
    moveq   #DONE_FLAG, %d4
    bra     .Lapply
    .size mc_sprite_animate, . - mc_sprite_animate
