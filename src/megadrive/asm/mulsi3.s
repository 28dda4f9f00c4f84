| mulsi3.s - the 32-bit multiply runtime routine for the plain 68000, assembled with GNU as
| (-m68000) into the ROM (src/rom/build.rs) and the bench ELF (src/bench/build.rs).

    .section .text.__mulsi3,"ax"
| __mulsi3(a, b): 32x32->32 multiply from three 16x16 mulu.w (compiler_builtins has no
| m68k version). Arguments on the stack: a at 4(sp), b at 8(sp); result in d0.
    .globl __mulsi3
    .type __mulsi3, @function
__mulsi3:
    move.w  4(%sp), %d0             | a.hi
    mulu.w  10(%sp), %d0            | a.hi * b.lo
    move.w  8(%sp), %d1             | b.hi
    mulu.w  6(%sp), %d1             | b.hi * a.lo
    add.w   %d1, %d0                | only the low 16 bits of the cross terms survive
    swap    %d0
    clr.w   %d0
    move.w  6(%sp), %d1             | a.lo
    mulu.w  10(%sp), %d1            | a.lo * b.lo
    add.l   %d1, %d0
    rts
    .size __mulsi3, . - __mulsi3
