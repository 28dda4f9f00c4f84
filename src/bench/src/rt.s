| rt.s - runtime glue of the benchmark ELF: abort and bench_trap (the panic handler's stop).
| `__mulsi3` comes from the hardware crate (src/megadrive/asm/mulsi3.s, linked by its build). Assembled with GNU as (-m68000) by build.rs.

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
