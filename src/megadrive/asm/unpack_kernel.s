| unpack_kernel.s - the inner loop of `megadrive::unpack` (MCZ streams, word-aligned LZ) for
| the plain 68000, assembled with GNU as (-m68000) into every binary that uses the megadrive
| crate. The Rust loop `run` in src/unpack.rs (the host's) and the reference decoder of
| tools/compress define what it does; `make bench` checks it against the reference on the
| demo's art and on thousands of corrupt streams (tools/bench/tests/differential.rs).
|
| A token is one word, L << 8 | M: L literal words follow it, then, when M > 0, a distance D;
| M words are copied from D words back in the output, forwards (so D < M repeats). Each is
| checked before anything is copied, in this order (the format's, see tools/compress):
|   the token is in the stream (else 1), L + M <= the words left to write (else 2), the L
|   literals are in the stream (else 1), the distance is (else 1), 1 <= D <= 32767 and
|   D <= the words written (else 3).
| Copies are computed jumps into 64 unrolled move.w (12 cycles a word, no loop counter) when
| the token's L + M <= 128 (nearly every token of tiles); a longer token copies its literals
| in pairs with move.l (15 cycles a word with the dbra) and a match of more than 128 words
| with a move.w loop (22). The blocks of 128 keep the kernel at 724 bytes (with 255: 1,158).
|
| In:   a0 = the stream after its header, d6.w = its words (0..=65535),
|       a1 = the output (even; in RAM: a1 >= 0x10000), d7.w = the words to write (the header's n).
| Out:  d0.l = 0 done (every word written, the stream used up), 1 truncated, 2 overrun,
|       3 bad distance, 4 words left in the stream after the output was complete.
| Clobbers d1, d2, d6, d7, a0, a1, a2, a3; keeps every other register (saves a4-a5 itself).

BLOCK = 128                         | moves unrolled per copy (L + M up to it: one jump each)

    .section .text.mc_unpack,"ax"
    .globl mc_unpack
    .type mc_unpack, @function
mc_unpack:
    movem.l %a4-%a5, -(%sp)
    lea     .Llit_end(%pc), %a4
    lea     .Lmatch_end(%pc), %a5
    movea.l %a1, %a2                | the output's start (distances are checked against it)
    moveq   #0, %d1                 | M: its upper bytes stay 0 (move.b loads it)
    tst.w   %d7
    beq     .Ldone
.Ltoken:
    subq.w  #1, %d6
    bcs     .Ltruncated             | no token
    moveq   #0, %d0
    move.b  (%a0)+, %d0             | L
    move.b  (%a0)+, %d1             | M
    move.w  %d0, %d2
    add.w   %d1, %d2
    sub.w   %d2, %d7                | the words left after this token
    bcs     .Loverrun
    sub.w   %d0, %d6
    bcs     .Ltruncated             | fewer than L literals
    cmp.w   #BLOCK, %d2
    bhi     .Lbig                   | L + M > 64: copied by loops
    add.w   %d0, %d0
    neg.w   %d0
    jmp     0(%a4, %d0.w)           | L words: the last L moves of the block
    .rept BLOCK
    move.w  (%a0)+, (%a1)+
    .endr
.Llit_end:
    tst.b   %d1
    beq     .Lnext                  | no match
    subq.w  #1, %d6
    bcs     .Ltruncated             | no distance
    move.w  (%a0)+, %d2             | D (words)
    ble     .Lbad_distance          | 0, or 0x8000.. (negative)
    movea.l %a1, %a3
    suba.w  %d2, %a3
    suba.w  %d2, %a3                | the match's source, a1 - 2 D
    cmpa.l  %a2, %a3
    bcs     .Lbad_distance          | before the output's start
    move.w  %d1, %d2
    add.w   %d2, %d2
    neg.w   %d2
    jmp     0(%a5, %d2.w)           | M words, forwards
    .rept BLOCK
    move.w  (%a3)+, (%a1)+
    .endr
.Lmatch_end:
.Lnext:
    tst.w   %d7
    bne     .Ltoken
.Ldone:
    moveq   #0, %d0
    tst.w   %d6
    beq     .Lreturn
    moveq   #4, %d0                 | words after the last token
.Lreturn:
    movem.l (%sp)+, %a4-%a5
    rts
| A token of more than BLOCK words (long literal runs, long matches: mostly maps), its
| lengths and literals already checked: the same steps with dbra loops.
.Lbig:
    lsr.w   #1, %d0                 | literal pairs; carry: one more word
    bcc     .Lbig_pairs
    move.w  (%a0)+, (%a1)+
.Lbig_pairs:
    subq.w  #1, %d0
    bcs     .Lbig_match             | no pairs
.Lbig_literal:
    move.l  (%a0)+, (%a1)+          | both even: 15 cycles a word with the dbra
    dbra    %d0, .Lbig_literal
.Lbig_match:
    cmp.w   #BLOCK, %d1
    bls     .Llit_end               | M fits the block: the common match code
    subq.w  #1, %d6
    bcs     .Ltruncated
    move.w  (%a0)+, %d2
    ble     .Lbad_distance
    movea.l %a1, %a3
    suba.w  %d2, %a3
    suba.w  %d2, %a3
    cmpa.l  %a2, %a3
    bcs     .Lbad_distance
    subq.w  #1, %d1
.Lbig_copy:
    move.w  (%a3)+, (%a1)+
    dbra    %d1, .Lbig_copy
    moveq   #0, %d1                 | M's upper bytes back to 0
    bra     .Lnext
.Ltruncated:
    moveq   #1, %d0
    bra     .Lreturn
.Loverrun:
    moveq   #2, %d0
    bra     .Lreturn
.Lbad_distance:
    moveq   #3, %d0
    bra     .Lreturn
    .size mc_unpack, . - mc_unpack
