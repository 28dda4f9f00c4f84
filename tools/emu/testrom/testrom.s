| megacollide emu harness test ROM (GNU as, m68k-linux-gnu-as -m68000).
|
| RAM layout (see linker/emu-testrom.ld; addresses are also exported as ELF symbols):
|   frame_counter  .long   incremented once per VBlank interrupt
|   pad_state      .word   3-button pad 1, active high, bits: 0 up 1 down 2 left
|                          3 right 4 B 5 C 6 A 7 Start (read in the VBlank handler)
|   alive_marker   .long   0x414C4956 ('ALIV') once init has finished
|   main_loops     .long   incremented by the main loop (busy loop)
|
| Screen: background = CRAM colour 0 (pure blue, 0x0E00), plane A tile (0,0)
| = an 8x8 solid tile of CRAM colour 1 (pure red, 0x000E).

        .equ VDP_DATA,  0xC00000
        .equ VDP_CTRL,  0xC00004
        .equ IO_VERSION, 0xA10001
        .equ IO_DATA1,  0xA10003
        .equ IO_CTRL1,  0xA10009
        .equ TMSS_REG,  0xA14000
        .equ ALIVE_MAGIC, 0x414C4956

        .section .bss
        .global frame_counter, pad_state, alive_marker, main_loops
frame_counter:  .skip 4
pad_state:      .skip 2
                .skip 2
alive_marker:   .skip 4
main_loops:     .skip 4

        .section .text
        .global _start, vblank_handler

| ---------------------------------------------------------------- vectors
vectors:
        .long   0x00FFFE00              | 0: initial SSP
        .long   _start                  | 1: initial PC
        .rept 28
        .long   default_handler         | 2..29
        .endr
        .long   vblank_handler          | 30: level 6 autovector (VBlank)
        .rept 33
        .long   default_handler         | 31..63
        .endr

| ---------------------------------------------------------------- header
        .org 0x100
        .ascii  "SEGA MEGA DRIVE "                                  | 0x100 system
        .ascii  "(C)MEGA 2024.JAN"                                  | 0x110 copyright
        .ascii  "MEGACOLLIDE EMU TEST ROM                        "  | 0x120 domestic name (48)
        .ascii  "MEGACOLLIDE EMU TEST ROM                        "  | 0x150 overseas name (48)
        .ascii  "GM 00000000-00"                                    | 0x180 serial
        .word   0                                                   | 0x18E checksum
        .ascii  "J               "                                  | 0x190 I/O support
        .long   0x00000000, rom_end - 1                             | 0x1A0 ROM range
        .long   0x00FF0000, 0x00FFFFFF                              | 0x1A8 RAM range
        .ascii  "            "                                      | 0x1B0 SRAM info
        .ascii  "            "                                      | 0x1BC modem
        .ascii  "                                        "          | 0x1C8 notes
        .ascii  "JUE             "                                  | 0x1F0 region

| ---------------------------------------------------------------- code
        .org 0x200
_start:
        move.w  #0x2700, %sr
        | TMSS handshake
        move.b  IO_VERSION, %d0
        andi.b  #0x0F, %d0
        beq.s   1f
        move.l  #0x53454741, TMSS_REG   | 'SEGA'
1:
        | clear our RAM variables
        lea     frame_counter, %a0
        moveq   #0, %d0
        move.l  %d0, (%a0)+
        move.l  %d0, (%a0)+
        move.l  %d0, (%a0)+
        move.l  %d0, (%a0)+

        | VDP registers
        move.w  VDP_CTRL, %d0           | clear pending control write
        lea     vdp_regs, %a0
        lea     VDP_CTRL, %a1
        moveq   #(vdp_regs_end - vdp_regs) / 2 - 1, %d1
2:      move.w  (%a0)+, (%a1)
        dbra    %d1, 2b

        | clear VRAM (64 KiB)
        move.l  #0x40000000, VDP_CTRL   | VRAM write 0x0000
        lea     VDP_DATA, %a2
        moveq   #0, %d0
        move.w  #0x4000 - 1, %d1
3:      move.l  %d0, (%a2)
        dbra    %d1, 3b

        | CRAM: colour 0 = blue, colour 1 = red
        move.l  #0xC0000000, VDP_CTRL   | CRAM write 0x0000
        move.w  #0x0E00, (%a2)
        move.w  #0x000E, (%a2)

        | VSRAM: 0
        move.l  #0x40000010, VDP_CTRL
        move.l  %d0, (%a2)

        | tile 1 (VRAM 0x0020): all pixels colour 1
        move.l  #0x40200000, VDP_CTRL
        move.l  #0x11111111, %d2
        moveq   #7, %d1
4:      move.l  %d2, (%a2)
        dbra    %d1, 4b

        | plane A name table (0xC000) entry (0,0) = tile 1
        move.l  #0x40000003, VDP_CTRL   | VRAM write 0xC000
        move.w  #0x0001, (%a2)

        | pad port 1: TH as output, high
        move.b  #0x40, IO_CTRL1
        move.b  #0x40, IO_DATA1

        | display on, VBlank interrupt on
        move.w  #0x8164, VDP_CTRL

        move.l  #ALIVE_MAGIC, alive_marker
        move.w  #0x2000, %sr            | enable interrupts
main_loop:
        addq.l  #1, main_loops
        bra.s   main_loop

vblank_handler:
        movem.l %d0-%d1, -(%sp)
        addq.l  #1, frame_counter
        | read 3-button pad: TH=1 -> ?1CBRLDU, TH=0 -> ?0SA00DU (active low)
        move.b  #0x40, IO_DATA1
        nop
        nop
        move.b  IO_DATA1, %d0           | d0 = ..CBRLDU
        move.b  #0x00, IO_DATA1
        nop
        nop
        move.b  IO_DATA1, %d1           | d1 = ..SA00DU
        move.b  #0x40, IO_DATA1
        andi.w  #0x3F, %d0
        andi.w  #0x30, %d1
        lsl.w   #2, %d1                 | SA in bits 7..6
        or.w    %d1, %d0
        not.b   %d0                     | active high
        andi.w  #0xFF, %d0
        move.w  %d0, pad_state
        movem.l (%sp)+, %d0-%d1
        rte

default_handler:
        rte

        .align 2
vdp_regs:
        .word   0x8004                  | reg 0: no HInt
        .word   0x8124                  | reg 1: display off, VInt on, mode 5 (display enabled later)
        .word   0x8230                  | reg 2: plane A at 0xC000
        .word   0x8334                  | reg 3: window at 0xD000
        .word   0x8407                  | reg 4: plane B at 0xE000
        .word   0x8578                  | reg 5: sprites at 0xF000
        .word   0x8700                  | reg 7: background colour = palette 0 colour 0
        .word   0x8A00                  | reg 10: HInt counter
        .word   0x8B00                  | reg 11: full scroll
        .word   0x8C81                  | reg 12: H40 (320 px), no interlace
        .word   0x8D3C                  | reg 13: HScroll at 0xF000
        .word   0x8F02                  | reg 15: auto-increment 2
        .word   0x9001                  | reg 16: 64x32 planes
        .word   0x9100                  | reg 17: window H
        .word   0x9200                  | reg 18: window V
vdp_regs_end:

        .org 0x400
rom_end:
