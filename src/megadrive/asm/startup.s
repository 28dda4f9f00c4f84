| startup.s - 68000 vector table, reserved Sega header space, reset code and interrupt
| entry points of every megacollide cartridge (the ROM, the template game, the on-target
| test binaries). Assembled with GNU as (-m68000) by their build.rs:
| LLVM's integrated m68k assembler rejects or mis-encodes several of these instructions.
|
| Boot order: interrupts off, TMSS handshake, Z80 held, PSG silenced, RAM cleared
| (.sysvars/.data/.bss), .data copied from ROM, stack filled with STACK_FILL (so the
| high-water mark can be measured later), then `main` (Rust, never returns).
| `__mulsi3` is in mulsi3.s (shared with the bench ELF). `_hint`, the horizontal interrupt,
| walks the raster table of `megadrive::raster` (src/megadrive/src/raster.rs).

    .set STACK_FILL, 0x5354  | "ST"

    .section .vectors,"a"
    .globl __vectors
__vectors:
    .long __stack_top           | 0: initial supervisor stack pointer
    .long _start                | 1: reset
    .irp n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25
    .long _exc_\n
    .endr
    .long _ignore_irq           | 26: level 2 (external)
    .long _exc_27               | 27: level 3
    .long _hint                 | 28: level 4 (HBlank: megadrive::raster's table)
    .long _exc_29               | 29: level 5
    .long _vblank               | 30: level 6 (VBlank)
    .long _exc_31               | 31: level 7
    .irp n, 32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63
    .long _exc_\n
    .endr

    | The packer (tools/romtool) writes the real header fields here.
    .section .header,"a"
    .fill 256, 1, 0x20

    .section .text.startup,"ax"
    .globl _start
    .type _start, @function
_start:
    move.w  #0x2700, %sr            | supervisor mode, all interrupts masked
    move.b  0xA10001, %d0           | hardware version
    andi.b  #0x0F, %d0
    beq.s   1f
    move.l  #0x53454741, 0xA14000   | TMSS: write 'SEGA' or the VDP stays locked
1:  movea.l #__stack_top, %sp
    move.w  #0x0100, 0xA11100       | take the Z80 bus
    move.w  #0x0000, 0xA11200       | and hold the Z80 in reset
    move.b  #0x9F, 0xC00011         | silence the four PSG channels
    move.b  #0xBF, 0xC00011
    move.b  #0xDF, 0xC00011
    move.b  #0xFF, 0xC00011

    | Clear RAM from .sysvars to the end of .bss (4-byte aligned by the linker script).
    lea     __sysvars_start, %a0
    move.l  #__bss_end, %d0
    sub.l   %a0, %d0
    lsr.l   #2, %d0
    bra.s   3f
2:  clr.l   (%a0)+
3:  dbra    %d0, 2b

    | Copy the initial values of .data from ROM.
    lea     __data_load, %a0
    lea     __data_start, %a1
    move.l  #__data_end, %d0
    sub.l   %a1, %d0
    lsr.l   #1, %d0
    bra.s   5f
4:  move.w  (%a0)+, (%a1)+
5:  dbra    %d0, 4b

    | Fill the stack area with a known pattern.
    lea     __stack_bottom, %a0
    move.l  #__stack_top, %d0
    sub.l   %a0, %d0
    lsr.l   #1, %d0
    subq.l  #8, %d0                 | leave the top 16 bytes alone
    subq.l  #8, %d0
    bra.s   7f
6:  move.w  #STACK_FILL, (%a0)+
7:  dbra    %d0, 6b

    jsr     main
8:  bra.s   8b
    .size _start, . - _start

| Level 6 interrupt: VBlank. Saves the registers the C calling convention lets the
| Rust handler clobber (d0-d1/a0-a1).
    .globl _vblank
    .type _vblank, @function
_vblank:
    movem.l %d0-%d1/%a0-%a1, -(%sp)
    jsr     vblank_handler
    movem.l (%sp)+, %d0-%d1/%a0-%a1
    rte
    .size _vblank, . - _vblank

| Level 4 interrupt: HBlank (the VDP's line counter, register 10), enabled by
| `megadrive::raster::enable`. Walks the raster table published by `megadrive::raster`
| (the format is in raster.rs, `compile`): one block per interrupt,
|   word  register 10 command (0x8Axx): the count the VDP reloads at the next interrupt
|   ops   word h > 0, long command for the control port, h - 1 words for the data port
|   word  0: more blocks follow this frame; -1 (0xFFFF): this was the frame's last block
| After the last block it switches to the table published since (`raster_pending`) or
| stays with the current one, and writes that table's first word (register 10: the line
| of the next frame's first interrupt). 68000 cycles: see raster.rs (`block_cycles`).
    .globl _hint
    .type _hint, @function
_hint:
    movem.l %d0/%a0-%a1, -(%sp)
    movea.l raster_next, %a0
    lea     0xC00000, %a1           | data port; control port at 4(%a1)
    move.w  (%a0)+, 4(%a1)          | register 10: the count after the next interrupt
    move.w  (%a0)+, %d0             | first op: h, or 0 / -1
    ble.s   3f
1:  move.l  (%a0)+, 4(%a1)          | the op's command (an address, or a register write twice)
    subq.w  #1, %d0
    bra.s   4f
2:  move.w  (%a0)+, (%a1)           | its data words (auto-increment 2)
4:  dbra    %d0, 2b
    move.w  (%a0)+, %d0             | the next op, or 0 / -1
    bgt.s   1b
3:  bmi.s   5f                      | flags of the last move: -1 = end of the frame
    move.l  %a0, raster_next
    movem.l (%sp)+, %d0/%a0-%a1
    rte
5:  move.l  raster_pending, %d0     | a table published since the last switch?
    beq.s   6f
    clr.l   raster_pending
    move.l  %d0, raster_active
6:  movea.l raster_active, %a0
    move.w  (%a0)+, 4(%a1)          | register 10: the next frame's first interrupt
    move.l  %a0, raster_next
    movem.l (%sp)+, %d0/%a0-%a1
    rte
    .size _hint, . - _hint

| The raster table in use until one is published: one interrupt, at line 223, that only
| looks for a published table (register 10 = 223 from the top of the frame).
    .section .rodata.raster_idle,"a"
    .p2align 1
    .globl raster_idle
raster_idle:
    .word   0x8ADF                  | register 10 = 223: the frame's first interrupt at line 223
    .word   0x8AFF                  | block 0: no interrupt after it this frame
    .word   0xFFFF                  | the frame's last block
    .size raster_idle, . - raster_idle

| The handler's pointers (32 bits each, written by one instruction): the next block of
| this frame, the table in use (its first word), and a table published by the main program
| (0: none), taken at the frame's last interrupt.
    .section .data.raster,"aw"
    .p2align 2
    .globl raster_next, raster_active, raster_pending
raster_next:
    .long   raster_idle + 2
raster_active:
    .long   raster_idle
raster_pending:
    .long   0

    .section .text.startup,"ax"
    .type _ignore_irq, @function
_ignore_irq:
    rte
    .size _ignore_irq, . - _ignore_irq

| Every other exception: exception_handler(vector, frame) in Rust, never returns.
    .irp n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,27,29,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63
    .type _exc_\n, @function
_exc_\n:
    move.w  #0x2700, %sr
    move.l  %sp, -(%sp)
    move.l  #\n, -(%sp)
    jsr     exception_handler
    .size _exc_\n, . - _exc_\n
    .endr


| Interrupt mask control for Rust (`move.w #imm,%sr` is mis-encoded by LLVM's assembler).
    .globl enable_interrupts
    .type enable_interrupts, @function
enable_interrupts:
    move.w  #0x2000, %sr            | supervisor, interrupt mask 0
    rts
    .size enable_interrupts, . - enable_interrupts
    .globl disable_interrupts
    .type disable_interrupts, @function
disable_interrupts:
    move.w  #0x2700, %sr            | supervisor, interrupt mask 7
    rts
    .size disable_interrupts, . - disable_interrupts

| `rt::Masked`'s copies: `mask_interrupts` returns SR (zero-extended, in d0) and masks all
| interrupts; `restore_interrupts(sr: u32)` writes it back (a handler's own level included).
    .globl mask_interrupts
    .type mask_interrupts, @function
mask_interrupts:
    moveq   #0, %d0
    move.w  %sr, %d0
    ori.w   #0x0700, %sr            | interrupt mask 7
    rts
    .size mask_interrupts, . - mask_interrupts
    .globl restore_interrupts
    .type restore_interrupts, @function
restore_interrupts:
    move.w  6(%sp), %sr             | the low word of the u32 argument at 4(%sp)
    rts
    .size restore_interrupts, . - restore_interrupts
