//! VDP access: register setup for 320x224 (H40/V28), VRAM/CRAM writes, the plane layout.
//!
//! VRAM layout (byte addresses): font tiles at tile index = ASCII code (0x0400..0x1000),
//! plane A name table 0xC000 (64x32 cells), plane B 0xE000, window 0xB000,
//! sprite table 0xBC00, horizontal scroll table 0xB800.

use megadrive_sys::*;

/// Plane A name table address in VRAM (bytes).
pub const PLANE_A: u16 = 0xC000;
/// Plane B name table address in VRAM (bytes).
pub const PLANE_B: u16 = 0xE000;
/// Plane width in cells (the name tables are 64x32).
pub const PLANE_WIDTH: u16 = 64;
const WINDOW: u16 = 0xB000;
/// Sprite attribute table address in VRAM (bytes; 80 sprites of 8 bytes).
pub const SPRITES: u16 = 0xBC00;
const HSCROLL: u16 = 0xB800;
/// Last visible scanline + 1 in V28 NTSC mode: VBlank starts on this line.
pub const VBLANK_LINE: u16 = 224;
/// Scanlines per NTSC frame.
pub const LINES_PER_FRAME: u16 = 262;

#[inline(always)]
fn ctrl16(v: u16) {
    // SAFETY: MD_VDP_CTRL is the VDP control port; a 16-bit write is a register write.
    unsafe { core::ptr::write_volatile(MD_VDP_CTRL as *mut u16, v) }
}

#[inline(always)]
fn ctrl32(v: u32) {
    // SAFETY: a 32-bit write to the control port sets the VDP address and access code.
    unsafe { core::ptr::write_volatile(MD_VDP_CTRL as *mut u32, v) }
}

/// Writes one 16-bit word to the data port (at the address set by the last command).
#[inline(always)]
pub fn data16(v: u16) {
    // SAFETY: MD_VDP_DATA is the VDP data port.
    unsafe { core::ptr::write_volatile(MD_VDP_DATA as *mut u16, v) }
}

/// Reads the VDP status register.
#[inline(always)]
pub fn status() -> u16 {
    // SAFETY: reading the control port returns the status and resets the command state.
    unsafe { core::ptr::read_volatile(MD_VDP_CTRL as *const u16) }
}

/// Sets VDP register `reg` (0..=23) to `value`.
#[inline(always)]
pub fn set_reg(reg: u32, value: u8) {
    ctrl16((MD_VDP_REG_WRITE | (reg << 8)) as u16 | value as u16);
}

fn command(code: u32, addr: u16) -> u32 {
    let addr = addr as u32;
    ((code & 3) << 30) | ((addr & 0x3FFF) << 16) | ((code & 0x3C) << 2) | (addr >> 14)
}

/// Points the data port at VRAM byte address `addr` for writing.
pub fn vram_write_at(addr: u16) {
    ctrl32(command(MD_VDP_CODE_VRAM_WRITE, addr));
}

/// Points the data port at CRAM colour `index` (0..64) for writing.
pub fn cram_write_at(index: u16) {
    ctrl32(command(MD_VDP_CODE_CRAM_WRITE, index << 1));
}

/// Points the data port at VSRAM byte address `addr` for writing.
pub fn vsram_write_at(addr: u16) {
    ctrl32(command(MD_VDP_CODE_VSRAM_WRITE, addr));
}

/// Copies big-endian bytes (an even number) to VRAM at `addr`.
pub fn load_vram(addr: u16, bytes: &[u8]) {
    vram_write_at(addr);
    for pair in bytes.chunks_exact(2) {
        data16(u16::from_be_bytes([pair[0], pair[1]]));
    }
}

/// Copies 16-bit words to VRAM at byte address `addr`.
pub fn load_words(addr: u16, words: &[u16]) {
    vram_write_at(addr);
    for &w in words {
        data16(w);
    }
}

/// Sets the horizontal scroll of plane A and plane B (pixels; full-screen scroll mode:
/// a positive value moves the plane right, so a camera at x uses `-x`).
pub fn set_hscroll(plane_a: u16, plane_b: u16) {
    vram_write_at(HSCROLL);
    data16(plane_a);
    data16(plane_b);
}

/// The VDP's V counter: the scanline being drawn (0..=0xEA, then 0xE5..=0xFF in VBlank on
/// NTSC; see `LINES_PER_FRAME`).
pub fn v_counter() -> u16 {
    // SAFETY: reading the HV counter port has no side effects.
    (unsafe { core::ptr::read_volatile(MD_VDP_HV_COUNTER as *const u16) }) >> 8
}

/// Sets the vertical scroll of plane A and plane B (pixels; full-screen scroll mode).
pub fn set_vscroll(plane_a: u16, plane_b: u16) {
    vsram_write_at(0);
    data16(plane_a);
    data16(plane_b);
}

/// Loads `colours` (0000BBB0GGG0RRR0 words) into CRAM starting at colour `first`.
pub fn load_palette(first: u16, colours: &[u16]) {
    cram_write_at(first);
    for &c in colours {
        data16(c);
    }
}

/// Writes one name-table cell of plane `plane` at cell (`x`, `y`).
pub fn set_cell(plane: u16, x: u16, y: u16, entry: u16) {
    vram_write_at(plane + ((y * PLANE_WIDTH + x) << 1));
    data16(entry);
}

/// Writes two horizontally adjacent name-table cells of `plane`, (`x`, `y`) and (`x + 1`, `y`)
/// (`x` even, so both are in the same plane row). Needs auto-increment 2 (the default).
pub fn set_cell_pair(plane: u16, x: u16, y: u16, left: u16, right: u16) {
    vram_write_at(plane + ((y * PLANE_WIDTH + x) << 1));
    data16(left);
    data16(right);
}

/// Fills a 64 x 32 plane name table with 0 (transparent tile 0). Display off.
pub fn clear_plane(plane: u16) {
    vram_write_at(plane);
    for _ in 0..(PLANE_WIDTH * 32) {
        data16(0);
    }
}

/// Initialises the VDP: 320x224, 64x32 planes, display off, everything cleared.
/// Call with interrupts disabled; turn the display on with [`display_on`].
pub fn init() {
    status(); // reset any half-written command
    static REGS: [(u32, u8); 19] = [
        (MD_VDP_REG_MODE1, MD_VDP_MODE1_BASE as u8),
        (MD_VDP_REG_MODE2, MD_VDP_MODE2_MODE5 as u8),
        (MD_VDP_REG_PLANE_A, (PLANE_A >> 10) as u8),
        (MD_VDP_REG_WINDOW, (WINDOW >> 10) as u8),
        (MD_VDP_REG_PLANE_B, (PLANE_B >> 13) as u8),
        (MD_VDP_REG_SPRITE, (SPRITES >> 9) as u8),
        (6, 0),
        (MD_VDP_REG_BG_COLOUR, 0),
        (8, 0),
        (9, 0),
        (MD_VDP_REG_HINT_COUNTER, 0xFF),
        (MD_VDP_REG_MODE3, 0),
        (MD_VDP_REG_MODE4, MD_VDP_MODE4_H40 as u8),
        (MD_VDP_REG_HSCROLL, (HSCROLL >> 10) as u8),
        (14, 0),
        (MD_VDP_REG_AUTOINC, 2),
        (MD_VDP_REG_PLANE_SIZE, 0x01), // 64 cells wide, 32 high
        (MD_VDP_REG_WINDOW_X, 0),
        (MD_VDP_REG_WINDOW_Y, 0),
    ];
    for &(reg, value) in REGS.iter() {
        set_reg(reg, value);
    }
    vram_write_at(0);
    for _ in 0..(MD_VRAM_SIZE / 2) {
        data16(0);
    }
    cram_write_at(0);
    for _ in 0..MD_CRAM_COLOURS {
        data16(0);
    }
    vsram_write_at(0);
    for _ in 0..(MD_VSRAM_SIZE / 2) {
        data16(0);
    }
}

/// Blanks the display (VBlank interrupts keep coming): VRAM can then be written at full
/// speed at any time.
pub fn display_off() {
    set_reg(MD_VDP_REG_MODE2, (MD_VDP_MODE2_MODE5 | MD_VDP_MODE2_VINT | MD_VDP_MODE2_DMA) as u8);
}

/// Turns the display and the VBlank interrupt on.
pub fn display_on() {
    set_reg(
        MD_VDP_REG_MODE2,
        (MD_VDP_MODE2_MODE5 | MD_VDP_MODE2_DISPLAY | MD_VDP_MODE2_VINT | MD_VDP_MODE2_DMA) as u8,
    );
}
