| testrt.s - the resume point of the on-target test runner (see src/lib.rs).
| Assembled with GNU as (-m68000) by build.rs.
|
| testrt_call runs one test (Rust: testrt_run_current) with the callee-saved registers and
| the stack pointer saved; a panic, a 68000 exception or an aborted (hung) test leaves the
| test through testrt_resume, which restores them and returns 1 from testrt_call.

    .section .text.testrt,"ax"

| u32 testrt_call(void): 0 when the test returned, 1 when it was abandoned.
    .globl testrt_call
    .type testrt_call, @function
testrt_call:
    movem.l %d2-%d7/%a2-%a6, -(%sp)
    move.l  %sp, testrt_saved_sp
    jsr     testrt_run_current
    moveq   #0, %d0
    bra.s   1f
    .size testrt_call, . - testrt_call

| noreturn testrt_resume(void): back into testrt_call's caller, from any depth (panic
| handler, exception handler or VBlank interrupt). Interrupts on again (SR 0x2000): the
| exception stubs and the interrupt entry leave them masked.
    .globl testrt_resume
    .type testrt_resume, @function
testrt_resume:
    move.w  #0x2700, %sr
    movea.l testrt_saved_sp, %sp
    move.w  #0x2000, %sr
    moveq   #1, %d0
1:  movem.l (%sp)+, %d2-%d7/%a2-%a6
    rts
    .size testrt_resume, . - testrt_resume

    .section .bss.testrt,"aw",@nobits
    .align 2
    .globl testrt_saved_sp
testrt_saved_sp:
    .long 0
