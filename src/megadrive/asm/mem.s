| mem.s - memcpy and memset for the plain 68000, assembled with GNU as (-m68000) into every
| cartridge (src/rom/build.rs, the template, the on-target test runtime) and the bench ELF.
|
| LLVM turns every copy or fill of more than a few bytes (a struct assignment, an array
| initialiser) into a call of memcpy or memset. compiler_builtins' versions (weak symbols,
| replaced by these) work a byte at a time around a generic word loop: about 1,700 cycles
| for a 20-byte struct on the 68000. These copy 16 bytes per loop with move.l when the two
| addresses have the same parity (68000 long accesses need even addresses only), else a byte
| at a time.
|
| Register contract (the m68k C ABI): arguments on the stack, result in d0; d0, d1, a0 and
| a1 are clobbered, every other register is kept (memset saves the d2 it uses).

    .section .text.memcpy,"ax"
| memcpy(dst, src, n): dst at 4(sp), src at 8(sp), n (32 bits) at 12(sp); returns dst.
| The areas must not overlap (memmove stays compiler_builtins').
    .globl memcpy
    .type memcpy, @function
memcpy:
    move.l  4(%sp), %a0             | dst
    move.l  8(%sp), %a1             | src
    move.l  12(%sp), %d1            | n
    beq.s   .Lcopy_done
    move.l  %a0, %d0
    sub.l   %a1, %d0
    btst    #0, %d0
    bne.s   .Lcopy_bytes            | different parity: no word access lines both up
    move.l  %a0, %d0
    btst    #0, %d0
    beq.s   .Lcopy_even
    move.b  (%a1)+, (%a0)+          | one byte to reach even addresses
    subq.l  #1, %d1
.Lcopy_even:
    move.l  %d1, %d0
    lsr.l   #4, %d0                 | 16-byte blocks
    beq.s   .Lcopy_tail
.Lcopy_block:
    move.l  (%a1)+, (%a0)+
    move.l  (%a1)+, (%a0)+
    move.l  (%a1)+, (%a0)+
    move.l  (%a1)+, (%a0)+
    subq.l  #1, %d0
    bne.s   .Lcopy_block
.Lcopy_tail:                        | the last n mod 16 bytes, by the bits of n
    btst    #3, %d1
    beq.s   1f
    move.l  (%a1)+, (%a0)+
    move.l  (%a1)+, (%a0)+
1:  btst    #2, %d1
    beq.s   2f
    move.l  (%a1)+, (%a0)+
2:  btst    #1, %d1
    beq.s   3f
    move.w  (%a1)+, (%a0)+
3:  btst    #0, %d1
    beq.s   .Lcopy_done
    move.b  (%a1)+, (%a0)+
.Lcopy_done:
    move.l  4(%sp), %d0
    rts
.Lcopy_bytes:                       | n >= 1
    move.b  (%a1)+, (%a0)+
    subq.l  #1, %d1
    bne.s   .Lcopy_bytes
    bra.s   .Lcopy_done
    .size memcpy, . - memcpy

    .section .text.memset,"ax"
| memset(dst, c, n): dst at 4(sp), c (an int; its low byte is stored) at 8(sp), n (32 bits)
| at 12(sp); returns dst. Uses d2 (saved and restored).
    .globl memset
    .type memset, @function
memset:
    move.l  %d2, -(%sp)             | arguments now 4 bytes further up
    move.l  8(%sp), %a0             | dst
    move.l  16(%sp), %d1            | n
    beq.s   .Lset_done
    moveq   #0, %d0
    move.b  15(%sp), %d0            | c: the int's low byte (big-endian)
    move.w  %d0, %d2
    lsl.w   #8, %d0
    or.w    %d2, %d0                | d0.w = c c
    move.w  %d0, %d2
    swap    %d0
    move.w  %d2, %d0                | d0.l = c c c c
    move.l  %a0, %d2
    btst    #0, %d2
    beq.s   .Lset_even
    move.b  %d0, (%a0)+             | one byte to reach an even address
    subq.l  #1, %d1
.Lset_even:
    move.l  %d1, %d2
    lsr.l   #4, %d2                 | 16-byte blocks
    beq.s   .Lset_tail
.Lset_block:
    move.l  %d0, (%a0)+
    move.l  %d0, (%a0)+
    move.l  %d0, (%a0)+
    move.l  %d0, (%a0)+
    subq.l  #1, %d2
    bne.s   .Lset_block
.Lset_tail:                         | the last n mod 16 bytes, by the bits of n
    btst    #3, %d1
    beq.s   1f
    move.l  %d0, (%a0)+
    move.l  %d0, (%a0)+
1:  btst    #2, %d1
    beq.s   2f
    move.l  %d0, (%a0)+
2:  btst    #1, %d1
    beq.s   3f
    move.w  %d0, (%a0)+
3:  btst    #0, %d1
    beq.s   .Lset_done
    move.b  %d0, (%a0)+
.Lset_done:
    move.l  8(%sp), %d0
    move.l  (%sp)+, %d2
    rts
    .size memset, . - memset
