/*
 * megadrive.h - Sega Mega Drive / Genesis hardware description for the 68000 side.
 *
 * Input to bindgen (see tools/genbindings). Everything is a plain C constant or a
 * struct whose layout is identical on the 68000 and on the host (16-bit fields only),
 * so the generated Rust compiles and its layout tests pass everywhere.
 * No libc headers: the build is freestanding (-ffreestanding).
 *
 * Addresses are 68000 bus addresses (24-bit). Sizes are in bytes unless noted.
 */
#ifndef MEGADRIVE_H
#define MEGADRIVE_H

typedef __UINT8_TYPE__  md_u8;
typedef __UINT16_TYPE__ md_u16;
typedef __UINT32_TYPE__ md_u32;

/* ---- Memory map ------------------------------------------------------------------ */
#define MD_ROM_START        0x000000u  /* cartridge ROM, up to 4 MiB */
#define MD_ROM_MAX_SIZE     0x400000u
#define MD_RAM_START        0xFF0000u  /* 64 KiB work RAM */
#define MD_RAM_END          0xFFFFFFu  /* last byte of work RAM */
#define MD_RAM_SIZE         0x10000u

/* ---- VDP (video display processor) ------------------------------------------------- */
#define MD_VDP_DATA         0xC00000u  /* 16-bit data port (mirrored at +2) */
#define MD_VDP_CTRL         0xC00004u  /* 16/32-bit control port; reads return the status */
#define MD_VDP_HV_COUNTER   0xC00008u  /* high byte: V counter, low byte: H counter */

/* The VDP port block at MD_VDP_DATA. */
typedef struct md_vdp_ports {
    volatile md_u16 data;        /* 0xC00000 */
    volatile md_u16 data_mirror; /* 0xC00002 */
    volatile md_u16 ctrl;        /* 0xC00004: write register/command, read status */
    volatile md_u16 ctrl_mirror; /* 0xC00006 */
    volatile md_u16 hv_counter;  /* 0xC00008 */
} md_vdp_ports;

/* Writing (0x8000 | reg << 8 | value) to the control port sets a VDP register. */
#define MD_VDP_REG_WRITE        0x8000u
#define MD_VDP_REG_MODE1        0x00u  /* bit 4: HBlank IRQ enable, bit 2: must be 1 */
#define MD_VDP_REG_MODE2        0x01u  /* bit 6: display, bit 5: VBlank IRQ, bit 4: DMA, bit 3: V30, bit 2: mode 5 */
#define MD_VDP_REG_PLANE_A      0x02u  /* plane A name table address >> 10 */
#define MD_VDP_REG_WINDOW       0x03u  /* window name table address >> 10 */
#define MD_VDP_REG_PLANE_B      0x04u  /* plane B name table address >> 13 */
#define MD_VDP_REG_SPRITE       0x05u  /* sprite attribute table address >> 9 */
#define MD_VDP_REG_BG_COLOUR    0x07u  /* background colour: palette << 4 | index */
#define MD_VDP_REG_HINT_COUNTER 0x0Au  /* lines between HBlank interrupts */
#define MD_VDP_REG_MODE3        0x0Bu  /* bits 1-0: H scroll mode, bit 2: V scroll mode */
#define MD_VDP_REG_MODE4        0x0Cu  /* 0x81: H40 (320 px), 0x00: H32 (256 px) */
#define MD_VDP_REG_HSCROLL      0x0Du  /* horizontal scroll table address >> 10 */
#define MD_VDP_REG_AUTOINC      0x0Fu  /* address increment after each data port access */
#define MD_VDP_REG_PLANE_SIZE   0x10u  /* bits 5-4: height, 1-0: width (0=32, 1=64, 3=128 cells) */
#define MD_VDP_REG_WINDOW_X     0x11u
#define MD_VDP_REG_WINDOW_Y     0x12u
#define MD_VDP_REG_DMA_LEN_LO   0x13u
#define MD_VDP_REG_DMA_LEN_HI   0x14u
#define MD_VDP_REG_DMA_SRC_LO   0x15u
#define MD_VDP_REG_DMA_SRC_MID  0x16u
#define MD_VDP_REG_DMA_SRC_HI   0x17u

#define MD_VDP_MODE1_BASE       0x04u
#define MD_VDP_MODE1_HINT       0x10u
#define MD_VDP_MODE2_MODE5      0x04u
#define MD_VDP_MODE2_V30        0x08u
#define MD_VDP_MODE2_DMA        0x10u
#define MD_VDP_MODE2_VINT       0x20u
#define MD_VDP_MODE2_DISPLAY    0x40u
#define MD_VDP_MODE4_H40        0x81u

/* Status register bits (read from the control port). */
#define MD_VDP_STATUS_PAL       0x0001u
#define MD_VDP_STATUS_DMA       0x0002u
#define MD_VDP_STATUS_HBLANK    0x0004u
#define MD_VDP_STATUS_VBLANK    0x0008u
#define MD_VDP_STATUS_ODD       0x0010u
#define MD_VDP_STATUS_COLLISION 0x0020u
#define MD_VDP_STATUS_OVERFLOW  0x0040u
#define MD_VDP_STATUS_VINT      0x0080u
#define MD_VDP_STATUS_FIFO_FULL 0x0100u
#define MD_VDP_STATUS_FIFO_EMPTY 0x0200u

/* Access codes for the 32-bit address command:
 * command = ((code & 3) << 30) | ((addr & 0x3FFF) << 16) | ((code & 0x3C) << 2) | (addr >> 14). */
#define MD_VDP_CODE_VRAM_READ   0x00u
#define MD_VDP_CODE_VRAM_WRITE  0x01u
#define MD_VDP_CODE_CRAM_WRITE  0x03u
#define MD_VDP_CODE_VSRAM_READ  0x04u
#define MD_VDP_CODE_VSRAM_WRITE 0x05u
#define MD_VDP_CODE_CRAM_READ   0x08u
#define MD_VDP_CODE_DMA         0x20u

#define MD_VRAM_SIZE            0x10000u /* 64 KiB of video RAM */
#define MD_CRAM_COLOURS         64u      /* 4 palettes of 16 colours, 0000BBB0GGG0RRR0 */
#define MD_VSRAM_SIZE           80u
#define MD_TILE_BYTES           32u      /* 8x8 pixels, 4 bits per pixel */

/* Name table entry bits (plane cells). */
#define MD_TILE_PRIORITY        0x8000u
#define MD_TILE_PALETTE_SHIFT   13u
#define MD_TILE_VFLIP           0x1000u
#define MD_TILE_HFLIP           0x0800u
#define MD_TILE_INDEX_MASK      0x07FFu

/* ---- I/O ports (controllers, version) ---------------------------------------------- */
#define MD_IO_VERSION           0xA10001u /* bits 3-0: hardware version (0 = no TMSS) */
#define MD_IO_DATA1             0xA10003u /* controller port 1 data */
#define MD_IO_DATA2             0xA10005u
#define MD_IO_DATA3             0xA10007u /* expansion port */
#define MD_IO_CTRL1             0xA10009u /* controller port 1 direction (0x40: TH is an output) */
#define MD_IO_CTRL2             0xA1000Bu
#define MD_IO_CTRL3             0xA1000Du
#define MD_IO_VERSION_MASK      0x0Fu
#define MD_IO_TH                0x40u

/* Pad bits as read from MD_IO_DATA1 (active low). With TH=1: C B R L D U; with TH=0: Start A 0 0 D U. */
#define MD_PAD_UP               0x01u
#define MD_PAD_DOWN             0x02u
#define MD_PAD_LEFT             0x04u
#define MD_PAD_RIGHT            0x08u
#define MD_PAD_B                0x10u
#define MD_PAD_C                0x20u
#define MD_PAD_A_TH0            0x10u
#define MD_PAD_START_TH0        0x20u

/* ---- Z80 bus and reset --------------------------------------------------------------- */
#define MD_Z80_RAM              0xA00000u /* 8 KiB of Z80 RAM, visible when the bus is ours */
#define MD_Z80_BUS_REQUEST      0xA11100u /* write 0x100: request the bus; read bit 8: 0 = granted */
#define MD_Z80_RESET            0xA11200u /* write 0x000: hold the Z80 in reset; 0x100: release */
#define MD_Z80_BUS_TAKE         0x0100u
#define MD_Z80_BUS_RELEASE      0x0000u
#define MD_Z80_RESET_ASSERT     0x0000u
#define MD_Z80_RESET_RELEASE    0x0100u

/* ---- TMSS (trademark security) ------------------------------------------------------- */
#define MD_TMSS_REGISTER        0xA14000u /* write the long 'SEGA' when the version is not 0 */
#define MD_TMSS_SEGA            0x53454741u

/* ---- Cartridge: ROM header, SRAM, Sega mapper ----------------------------------------- */
#define MD_ROM_HEADER           0x000100u /* the Sega header, 256 bytes (0x1B0: the SRAM fields) */
#define MD_SRAM_CONTROL         0xA130F1u /* 8-bit: 1 maps the SRAM (writable) at 0x200000, 0 the ROM */
#define MD_SRAM_START           0x200001u /* SRAM byte 0; byte i at +2i (odd bytes) */
#define MD_MAPPER_BANKS         0xA130F1u /* 8-bit bank registers: window n's at +2n (n = 1..7) */

/* ---- PSG (SN76489) --------------------------------------------------------------------- */
#define MD_PSG_PORT             0xC00011u /* 8-bit write-only */
#define MD_PSG_LATCH            0x80u
#define MD_PSG_VOLUME           0x10u
#define MD_PSG_CHANNEL_SHIFT    5u
#define MD_PSG_SILENCE          0x0Fu     /* attenuation 15 = off */

/* ---- Video timing -------------------------------------------------------------------------- */
#define MD_SCREEN_WIDTH         320u /* pixels, H40 mode */
#define MD_SCREEN_HEIGHT        224u /* pixels, V28 mode */
#define MD_NTSC_LINES           262u
#define MD_CPU_CYCLES_PER_LINE  488u /* 68000 cycles per scanline (NTSC) */

#endif /* MEGADRIVE_H */
