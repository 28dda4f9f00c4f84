| rt.s - runtime glue of the benchmark ELF (copied from the ROM's src/startup.s, where the
| ROM needs the same routines): __mulsi3, abort, and bench_trap (the panic handler's stop).
| Assembled with GNU as (-m68000) by build.rs.

    .section .text.startup,"ax"
| Not a real entry: the host calls the bench_* functions. Reaching here is an error.
    .globl _start
    .type _start, @function
_start:
    illegal
    .size _start, . - _start

| Stops the host's run with an ILLEGAL instruction at a PC that is not its return sentinel.
    .globl bench_trap
    .type bench_trap, @function
bench_trap:
    illegal
    .size bench_trap, . - bench_trap

| llvm.trap lowers to a call of abort.
    .globl abort
    .type abort, @function
abort:
    illegal
    .size abort, . - abort

| __mulsi3(a, b): 32x32->32 multiply from three 16x16 mulu.w (compiler_builtins has no
| m68k version). Arguments on the stack: a at 4(sp), b at 8(sp); result in d0.
    .section .text.__mulsi3,"ax"
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
