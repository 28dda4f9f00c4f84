//! The VDP (video display processor): named registers, the standard set-up for 320 x 224
//! pixels (H40/V28) with 64 x 32-cell planes, VRAM/CRAM/VSRAM writes through the data port,
//! scrolling, the status register and NTSC/PAL detection.
//!
//! VRAM layout set by [`init`] (byte addresses):
//!
//! | what | address | size |
//! |---|---|---|
//! | tiles (font at tile index = ASCII code, see [`crate::text`]) | 0x0000 | up to 0xB000 |
//! | window name table | [`WINDOW`] 0xB000 | 64 x 16 cells (the top 16 rows at most) |
//! | horizontal scroll table | [`HSCROLL`] 0xB800 | 4 bytes (full-screen scroll) to 896 (a value a line, [`HScrollMode`]) |
//! | sprite attribute table | [`SPRITES`] 0xBC00 | 80 sprites of 8 bytes |
//! | plane A name table | [`PLANE_A`] 0xC000 | 64 x 32 cells |
//! | plane B name table | [`PLANE_B`] 0xE000 | 64 x 32 cells |
//!
//! The VDP takes only a few CPU writes per scanline during active display (Genesis Plus GX
//! drops writes that overflow its FIFO): upload in VBlank or with the display off
//! ([`display_off`]).
//!
//! Setting up the screen and drawing one tile (hardware: `no_run`, it writes the VDP ports):
//!
//! ```no_run
//! use megadrive::vdp;
//!
//! vdp::init(); // the standard set-up, display off
//! vdp::load_palette(0, &[0x0000, 0x0EEE]); // line 0: transparent, white
//! vdp::load_vram(32 * 32, &[0x11; 32]); // tile 32: colour 1 everywhere (4 bits a pixel)
//! vdp::set_cell(vdp::PLANE_A, 2, 3, vdp::cell(0, 32)); // at cell (2, 3) of plane A
//! vdp::display_on();
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`init`]: crate::vdp::init
//! [`WINDOW`]: crate::vdp::WINDOW
//! [`HSCROLL`]: crate::vdp::HSCROLL
//! [`SPRITES`]: crate::vdp::SPRITES
//! [`PLANE_A`]: crate::vdp::PLANE_A
//! [`PLANE_B`]: crate::vdp::PLANE_B
//! [`display_off`]: crate::vdp::display_off
//! [`HScrollMode`]: crate::vdp::HScrollMode

use crate::reg;
use megadrive_sys::*;

/// Plane A name table address in VRAM (bytes).
///
/// ```
/// // Cell (2, 3) of plane A: 2 bytes a cell, 64 cells a row.
/// assert_eq!(megadrive::vdp::PLANE_A + ((3 * 64 + 2) << 1), 0xC184);
/// ```
pub const PLANE_A: u16 = 0xC000;
/// Plane B name table address in VRAM (bytes).
///
/// ```no_run
/// megadrive::vdp::clear_plane(megadrive::vdp::PLANE_B); // the background, display off
/// ```
pub const PLANE_B: u16 = 0xE000;
/// Plane width in cells (8 x 8 pixels): the name tables are 64 x 32 cells.
///
/// ```
/// use megadrive::vdp::PLANE_WIDTH;
/// assert_eq!(PLANE_WIDTH << 1, 128); // bytes a name-table row
/// assert_eq!(PLANE_WIDTH << 3, 512); // pixels before the plane wraps horizontally
/// ```
pub const PLANE_WIDTH: u16 = 64;
/// Plane height in cells.
///
/// ```
/// assert_eq!(megadrive::vdp::PLANE_HEIGHT << 3, 256); // pixels before the plane wraps vertically
/// ```
pub const PLANE_HEIGHT: u16 = 32;
/// Window name table address in VRAM (bytes; the window is not used by the standard set-up).
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::load_words(vdp::WINDOW, &[vdp::cell(0, b'H' as u16), vdp::cell(0, b'I' as u16)]);
/// vdp::set_window_rows(1); // "HI" at the top left, above plane A
/// ```
pub const WINDOW: u16 = 0xB000;
/// Sprite attribute table address in VRAM (bytes; 80 sprites of 8 bytes).
///
/// ```no_run
/// use megadrive::vdp;
/// // One 1 x 1-tile sprite at screen (0, 0): y + 128, size and link, attribute, x + 128.
/// let table = [128, 0, vdp::cell(0, 1), 128];
/// vdp::load_words(vdp::SPRITES, &table);
/// ```
pub const SPRITES: u16 = 0xBC00;
/// Horizontal scroll table address in VRAM (bytes): word 0 plane A, word 1 plane B.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::load_words(vdp::HSCROLL, &[(-16i16) as u16, 0]); // plane A 16 pixels left
/// ```
pub const HSCROLL: u16 = 0xB800;
/// Screen width in pixels (H40).
///
/// ```
/// use megadrive::vdp::SCREEN_W;
/// assert_eq!(SCREEN_W >> 1, 160); // the camera's centre column
/// assert_eq!(SCREEN_W >> 3, 40); // cells across
/// ```
pub const SCREEN_W: i16 = 320;
/// Screen height in pixels (V28).
///
/// ```
/// use megadrive::vdp::SCREEN_H;
/// assert_eq!(SCREEN_H >> 3, 28); // cell rows (V28)
/// ```
pub const SCREEN_H: i16 = 224;
/// Last visible scanline + 1 in V28 mode: VBlank starts on this line.
///
/// ```
/// use megadrive::vdp::{LINES_PER_FRAME, VBLANK_LINE};
/// assert_eq!(LINES_PER_FRAME - VBLANK_LINE, 38); // NTSC lines of VBlank a frame
/// ```
pub const VBLANK_LINE: u16 = 224;
/// Scanlines per NTSC frame (60 Hz).
///
/// ```
/// // Scanlines a second on NTSC.
/// assert_eq!(megadrive::vdp::LINES_PER_FRAME as u32 * 60, 15_720);
/// ```
pub const LINES_PER_FRAME: u16 = 262;
/// Scanlines per PAL frame (50 Hz).
///
/// ```
/// use megadrive::vdp::{LINES_PER_FRAME_PAL, VBLANK_LINE};
/// assert_eq!(LINES_PER_FRAME_PAL - VBLANK_LINE, 89); // PAL's longer VBlank
/// ```
pub const LINES_PER_FRAME_PAL: u16 = 313;
/// Bytes per 8 x 8 tile (4 bits per pixel).
///
/// ```
/// use megadrive::vdp::TILE_BYTES;
/// assert_eq!(32 * TILE_BYTES, 0x400); // VRAM byte address of tile 32 (the font's space)
/// ```
pub const TILE_BYTES: u16 = 32;

/// The VDP's registers, by name (the number is the register index written to the control
/// port with `0x8000 | index << 8 | value`).
///
/// ```
/// use megadrive::vdp::Reg;
/// assert_eq!(Reg::AutoInc as u8, 15);
/// assert_eq!(Reg::HScroll as u8, 13);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Reg {
    /// Mode set 1: bit 4 HBlank interrupt ([`crate::raster::enable`]), bit 2 must be 1.
    Mode1 = MD_VDP_REG_MODE1 as u8,
    /// Mode set 2: bit 6 display, bit 5 VBlank interrupt, bit 4 DMA, bit 3 V30, bit 2 mode 5.
    Mode2 = MD_VDP_REG_MODE2 as u8,
    /// Plane A name table address / 0x400.
    PlaneA = MD_VDP_REG_PLANE_A as u8,
    /// Window name table address / 0x400.
    Window = MD_VDP_REG_WINDOW as u8,
    /// Plane B name table address / 0x2000.
    PlaneB = MD_VDP_REG_PLANE_B as u8,
    /// Sprite attribute table address / 0x200.
    Sprites = MD_VDP_REG_SPRITE as u8,
    /// Register 6 (128 KiB VRAM mode only; 0).
    Unused6 = 6,
    /// Background colour: palette line << 4 | colour index.
    BgColour = MD_VDP_REG_BG_COLOUR as u8,
    /// Register 8 (Master System mode only; 0).
    Unused8 = 8,
    /// Register 9 (Master System mode only; 0).
    Unused9 = 9,
    /// Scanlines between HBlank interrupts, less 1 (set by [`crate::raster`]).
    HIntCounter = MD_VDP_REG_HINT_COUNTER as u8,
    /// Mode set 3: bits 1-0 horizontal scroll mode, bit 2 vertical scroll mode
    /// ([`set_scroll_mode`]).
    Mode3 = MD_VDP_REG_MODE3 as u8,
    /// Mode set 4: 0x81 H40 (320 pixels wide), 0x00 H32 (256 pixels).
    Mode4 = MD_VDP_REG_MODE4 as u8,
    /// Horizontal scroll table address / 0x400.
    HScroll = MD_VDP_REG_HSCROLL as u8,
    /// Register 14 (128 KiB VRAM mode only; 0).
    Unused14 = 14,
    /// Address increment (bytes) after each data port access.
    AutoInc = MD_VDP_REG_AUTOINC as u8,
    /// Plane size: bits 5-4 height, bits 1-0 width (0 = 32, 1 = 64, 3 = 128 cells).
    PlaneSize = MD_VDP_REG_PLANE_SIZE as u8,
    /// Window horizontal position.
    WindowX = MD_VDP_REG_WINDOW_X as u8,
    /// Window vertical position.
    WindowY = MD_VDP_REG_WINDOW_Y as u8,
    /// DMA length, low byte (words; bytes for a fill).
    DmaLenLo = MD_VDP_REG_DMA_LEN_LO as u8,
    /// DMA length, high byte.
    DmaLenHi = MD_VDP_REG_DMA_LEN_HI as u8,
    /// DMA source address / 2, bits 0-7.
    DmaSrcLo = MD_VDP_REG_DMA_SRC_LO as u8,
    /// DMA source address / 2, bits 8-15.
    DmaSrcMid = MD_VDP_REG_DMA_SRC_MID as u8,
    /// DMA source address / 2, bits 16-22, and the DMA mode in bits 7-6 (0x80 = VRAM fill).
    DmaSrcHi = MD_VDP_REG_DMA_SRC_HI as u8,
}

#[inline(always)]
pub(crate) fn ctrl16(v: u16) {
    // A register write, or half of a command.
    reg::VDP_CTRL.write(v)
}

#[inline(always)]
pub(crate) fn ctrl32(v: u32) {
    // A whole command: the VDP address and access code.
    reg::VDP_CTRL_LONG.write(v)
}

/// Writes one 16-bit word to the data port (at the address set by the last command; the
/// address then advances by the auto-increment, 2 bytes in the standard set-up).
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::vram_write_at(vdp::PLANE_A); // cell (0, 0), then (1, 0)
/// vdp::data16(vdp::cell(0, b'O' as u16));
/// vdp::data16(vdp::cell(0, b'K' as u16));
/// ```
#[inline(always)]
pub fn data16(v: u16) {
    reg::VDP_DATA.write(v)
}

/// Reads the VDP status register (`MD_VDP_STATUS_*` bits); also resets a half-written
/// command.
///
/// ```no_run
/// use megadrive::{sys::MD_VDP_STATUS_VBLANK, vdp};
/// while vdp::status() & MD_VDP_STATUS_VBLANK as u16 == 0 {} // wait for VBlank
/// ```
#[inline(always)]
pub fn status() -> u16 {
    // Reading the control port returns the status and resets the command state.
    reg::VDP_CTRL.read()
}

/// True on a PAL (50 Hz) console: the VDP status register's PAL bit (see
/// [`crate::timing`] for what differs).
///
/// ```no_run
/// let frames_per_second = if megadrive::vdp::is_pal() { 50 } else { 60 };
/// # let _ = frames_per_second;
/// ```
pub fn is_pal() -> bool {
    status() & MD_VDP_STATUS_PAL as u16 != 0
}

/// Sets VDP register `reg` to `value`.
///
/// ```no_run
/// use megadrive::vdp::{set_reg, Reg};
/// set_reg(Reg::BgColour, 0x11); // backdrop: palette line 1, colour 1
/// ```
#[inline(always)]
pub fn set_reg(reg: Reg, value: u8) {
    ctrl16(reg_word(reg, value));
}

/// The control-port word that sets register `reg` to `value` (what [`set_reg`] writes).
///
/// ```
/// use megadrive::vdp::{reg_word, Reg};
/// assert_eq!(reg_word(Reg::AutoInc, 2), 0x8F02);
/// ```
#[inline(always)]
pub const fn reg_word(reg: Reg, value: u8) -> u16 {
    (MD_VDP_REG_WRITE as u16) | ((reg as u16) << 8) | value as u16
}

/// The 32-bit control-port command that points the data port at `addr` (bytes) with access
/// code `code` (`MD_VDP_CODE_*`, plus `MD_VDP_CODE_DMA` to start a DMA).
///
/// ```
/// use megadrive::sys::{MD_VDP_CODE_CRAM_WRITE, MD_VDP_CODE_VRAM_WRITE};
/// use megadrive::vdp::{command, PLANE_B};
///
/// assert_eq!(command(MD_VDP_CODE_VRAM_WRITE, PLANE_B), 0x6000_0003); // address bits 15-14 last
/// assert_eq!(command(MD_VDP_CODE_CRAM_WRITE, 0x20), 0xC020_0000); // colour 16 (line 1)
/// ```
#[inline(always)]
pub const fn command(code: u32, addr: u16) -> u32 {
    // Built as two words: the 68000 shifts a long by 14 or 16 slowly.
    let hi = ((code & 3) as u16) << 14 | (addr & 0x3FFF);
    let lo = ((code & 0x3C) as u16) << 2 | (addr >> 14);
    (hi as u32) << 16 | lo as u32
}

/// Points the data port at VRAM byte address `addr` for writing.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::vram_write_at(33 * vdp::TILE_BYTES); // tile 33: 16 words of colour 2
/// for _ in 0..16 {
///     vdp::data16(0x2222);
/// }
/// ```
#[inline]
pub fn vram_write_at(addr: u16) {
    ctrl32(command(MD_VDP_CODE_VRAM_WRITE, addr));
}

/// Points the data port at CRAM colour `index` (0..64) for writing.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::cram_write_at(0); // colour 0 of line 0: the backdrop
/// vdp::data16(0x0E00); // blue
/// ```
#[inline]
pub fn cram_write_at(index: u16) {
    ctrl32(command(MD_VDP_CODE_CRAM_WRITE, index << 1));
}

/// Points the data port at VSRAM byte address `addr` for writing.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::vsram_write_at(2); // plane B's vertical scroll
/// vdp::data16(16);
/// ```
#[inline]
pub fn vsram_write_at(addr: u16) {
    ctrl32(command(MD_VDP_CODE_VSRAM_WRITE, addr));
}

/// Copies big-endian bytes (an even number) to VRAM at byte address `addr`, by CPU.
///
/// ```no_run
/// use megadrive::vdp;
/// static BLOCK: [u8; 32] = [0x12; 32]; // one tile, colours 1 and 2 in stripes
/// vdp::load_vram(64 * vdp::TILE_BYTES, &BLOCK); // tile 64
/// ```
pub fn load_vram(addr: u16, bytes: &[u8]) {
    vram_write_at(addr);
    for pair in bytes.chunks_exact(2) {
        data16(u16::from_be_bytes([pair[0], pair[1]]));
    }
}

/// Copies 16-bit words to VRAM at byte address `addr`, by CPU (see [`crate::dma`] for the
/// DMA copy).
///
/// ```no_run
/// use megadrive::vdp;
/// let row = [vdp::cell(0, 64), vdp::cell(0, 64) | vdp::HFLIP];
/// vdp::load_words(vdp::PLANE_B, &row); // cells (0, 0) and (1, 0) of plane B
/// ```
pub fn load_words(addr: u16, words: &[u16]) {
    vram_write_at(addr);
    for &w in words {
        data16(w);
    }
}

/// Sets the horizontal scroll of plane A and plane B (pixels; full-screen scroll mode: a
/// positive value moves the plane right, so a camera at pixel x uses `-x`).
///
/// ```no_run
/// let camera_x: i16 = 100;
/// // Plane A follows the camera, plane B at half speed (parallax).
/// megadrive::vdp::set_hscroll((-camera_x) as u16, (-(camera_x >> 1)) as u16);
/// ```
pub fn set_hscroll(plane_a: u16, plane_b: u16) {
    vram_write_at(HSCROLL);
    data16(plane_a);
    data16(plane_b);
}

/// Sets the vertical scroll of plane A and plane B (pixels; full-screen scroll mode: a
/// camera at pixel y uses `y`).
///
/// ```no_run
/// let camera_y: u16 = 40;
/// megadrive::vdp::set_vscroll(camera_y, camera_y >> 1);
/// ```
pub fn set_vscroll(plane_a: u16, plane_b: u16) {
    vsram_write_at(0);
    data16(plane_a);
    data16(plane_b);
}

/// Sets the scroll of one plane, `plane` = [`PLANE_A`] or [`PLANE_B`] (pixels; full-screen
/// scroll mode: a camera at pixel (x, y) uses `h = -x`, `v = y`), leaving the other plane's.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::set_plane_scroll(vdp::PLANE_B, (-8i16) as u16, 0); // plane A keeps its scroll
/// ```
pub fn set_plane_scroll(plane: u16, h: u16, v: u16) {
    let slot = if plane == PLANE_A { 0 } else { 2 };
    vram_write_at(HSCROLL + slot);
    data16(h);
    vsram_write_at(slot);
    data16(v);
}

/// How the VDP scrolls the planes horizontally (register 11 bits 1-0): one value for the
/// screen, one per 8-line cell row, or one per line, each from the horizontal scroll table
/// at [`HSCROLL`] (4 bytes a line: plane A, plane B).
///
/// ```
/// use megadrive::vdp::HScrollMode;
/// assert_eq!(HScrollMode::Line as u8, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum HScrollMode {
    /// One scroll value a plane for the whole screen (the table's line 0; [`set_hscroll`]).
    Screen = 0,
    /// One value a plane for each 8-line cell row (the table's lines 0, 8, 16 ...;
    /// [`set_cell_hscroll`]).
    Cell = 2,
    /// One value a plane for each line ([`set_line_hscroll`]).
    Line = 3,
}

/// How the VDP scrolls the planes vertically (register 11 bit 2): one value for the
/// screen, or one per 16-pixel column (2 cells), from VSRAM (4 bytes a column: plane A,
/// plane B).
///
/// ```
/// use megadrive::vdp::VScrollMode;
/// assert_eq!(VScrollMode::Column as u8, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum VScrollMode {
    /// One vertical scroll a plane ([`set_vscroll`]).
    Screen = 0,
    /// One value a plane for each 16-pixel column of the screen ([`set_column_vscroll`]);
    /// the columns are the VDP's fetches of 2 cells, so they move right with the plane's
    /// horizontal scroll modulo 16 (column `c` from screen pixel `16 * c + (h & 15)`).
    Column = 4,
}

/// Lines of the horizontal scroll table in [`HScrollMode::Line`] (V28: one a visible line;
/// 896 bytes from [`HSCROLL`], below [`SPRITES`]).
///
/// ```
/// use megadrive::vdp::{HSCROLL, HSCROLL_LINES, SPRITES};
/// assert!(HSCROLL + HSCROLL_LINES * 4 <= SPRITES);
/// ```
pub const HSCROLL_LINES: u16 = 224;

/// Columns of 16 pixels (2 cells) of the screen in [`VScrollMode::Column`] (H40).
///
/// ```
/// use megadrive::vdp::{SCREEN_W, VSCROLL_COLUMNS};
/// assert_eq!(VSCROLL_COLUMNS * 16, SCREEN_W as u16);
/// ```
pub const VSCROLL_COLUMNS: u16 = 20;

/// Sets the scroll modes (register 11; its other bits, the external interrupt, 0). The
/// standard set-up ([`init`]) is full screen both ways; [`crate::stream`] writes the
/// full-screen values (line 0 of the table, VSRAM's first column).
///
/// ```no_run
/// use megadrive::vdp::{self, HScrollMode, VScrollMode};
/// vdp::set_scroll_mode(HScrollMode::Line, VScrollMode::Screen); // a wave, one value a line
/// ```
pub fn set_scroll_mode(h: HScrollMode, v: VScrollMode) {
    set_reg(Reg::Mode3, h as u8 | v as u8);
}

/// The scroll table slot of `plane` ([`PLANE_A`] or [`PLANE_B`]): bytes from a line's or
/// column's entry.
fn plane_slot(plane: u16) -> u16 {
    if plane == PLANE_A {
        0
    } else {
        2
    }
}

/// In [`HScrollMode::Line`]: the horizontal scroll of `plane` ([`PLANE_A`] or [`PLANE_B`])
/// for screen lines `first..first + offsets.len()` (pixels, as [`set_hscroll`]'s: positive
/// moves the plane right), by one DMA (VBlank; `offsets` in RAM or ROM). At most
/// [`HSCROLL_LINES`] lines from `first`.
///
/// ```no_run
/// use megadrive::vdp;
/// static WAVE: [u16; 224] = [0; 224];
/// vdp::set_line_hscroll(vdp::PLANE_B, 0, &WAVE); // every line of plane B
/// ```
pub fn set_line_hscroll(plane: u16, first: u16, offsets: &[u16]) {
    let n = offsets.len().min(HSCROLL_LINES.saturating_sub(first) as usize);
    crate::dma::copy_to_vram_stride(&offsets[..n], HSCROLL + plane_slot(plane) + (first << 2), 4);
}

/// In [`HScrollMode::Cell`]: the horizontal scroll of `plane` for the 8-line cell rows
/// `first..first + offsets.len()` (pixels), by one DMA (VBlank). At most 28 rows from `first`.
///
/// ```no_run
/// use megadrive::vdp;
/// // Parallax bands: rows 0-13 still, rows 14-27 each 1 pixel further left.
/// let mut bands = [0u16; 28];
/// for (row, b) in bands.iter_mut().enumerate().skip(14) {
///     *b = (-((row as i16) - 13)) as u16;
/// }
/// vdp::set_cell_hscroll(vdp::PLANE_B, 0, &bands);
/// ```
pub fn set_cell_hscroll(plane: u16, first: u16, offsets: &[u16]) {
    let rows = HSCROLL_LINES >> 3;
    let n = offsets.len().min(rows.saturating_sub(first) as usize);
    crate::dma::copy_to_vram_stride(&offsets[..n], HSCROLL + plane_slot(plane) + (first << 5), 32);
}

/// In [`VScrollMode::Column`]: the vertical scroll of `plane` for the 16-pixel screen
/// columns `first..first + offsets.len()` (pixels, as [`set_vscroll`]'s), by CPU (VBlank).
/// At most [`VSCROLL_COLUMNS`] columns from `first`.
///
/// ```no_run
/// use megadrive::vdp;
/// // A ripple: columns 0-19 of plane A 0, 1, 2, 1, 0 ... pixels up.
/// let ripple: [u16; 20] = core::array::from_fn(|c| [0, 1, 2, 1][c & 3]);
/// vdp::set_column_vscroll(vdp::PLANE_A, 0, &ripple);
/// ```
pub fn set_column_vscroll(plane: u16, first: u16, offsets: &[u16]) {
    let n = offsets.len().min(VSCROLL_COLUMNS.saturating_sub(first) as usize);
    set_reg(Reg::AutoInc, 4);
    vsram_write_at(plane_slot(plane) + (first << 2));
    for &v in &offsets[..n] {
        data16(v);
    }
    set_reg(Reg::AutoInc, 2);
}

/// Shows the window plane (name table [`WINDOW`], not scrolled, drawn instead of plane A) on
/// the top `rows` cell rows (8 pixels each) of the screen; 0 hides it. The window's name
/// table is 64 cells wide in H40 and its rows 16 and below would overlap the scroll table
/// at [`HSCROLL`]: at most 16 rows.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::clear_window();
/// vdp::set_window_rows(2); // a 16-pixel status bar at the top
/// ```
pub fn set_window_rows(rows: u16) {
    let rows = if rows > 16 { 16 } else { rows };
    set_reg(Reg::WindowY, rows as u8);
}

/// The VDP's V counter: the scanline being drawn (NTSC: 0..=0xEA, then 0xE5..=0xFF in
/// VBlank; see [`LINES_PER_FRAME`]).
///
/// ```no_run
/// use megadrive::vdp;
/// let in_display = vdp::v_counter() < vdp::VBLANK_LINE; // NTSC: still drawing visible lines
/// # let _ = in_display;
/// ```
pub fn v_counter() -> u16 {
    reg::VDP_HV_COUNTER.read() >> 8
}

/// Loads `colours` (0000BBB0GGG0RRR0 words) into CRAM starting at colour `first` (palette
/// line `l` starts at colour `16 * l`).
///
/// ```no_run
/// // Palette line 1: transparent, red, green, blue (hardware: `no_run`).
/// megadrive::vdp::load_palette(16, &[0x0000, 0x000E, 0x00E0, 0x0E00]);
/// ```
pub fn load_palette(first: u16, colours: &[u16]) {
    cram_write_at(first);
    for &c in colours {
        data16(c);
    }
}

/// A name-table entry (plane cell): tile index `tile` (0..2048) drawn with palette line
/// `palette` (0..4). Add [`HFLIP`], [`VFLIP`] or [`PRIORITY`] with `|`.
///
/// ```
/// use megadrive::vdp::{cell, HFLIP, PRIORITY};
///
/// assert_eq!(cell(1, 32), 0x2020); // palette line in bits 13-14, tile in bits 0-10
/// assert_eq!(cell(3, 0x7FF) | HFLIP | PRIORITY, 0xEFFF);
/// ```
#[inline(always)]
pub const fn cell(palette: u16, tile: u16) -> u16 {
    (palette << MD_TILE_PALETTE_SHIFT) | (tile & MD_TILE_INDEX_MASK as u16)
}
/// Name-table / sprite attribute bit: mirror the tile left-right.
///
/// ```
/// use megadrive::vdp::{cell, HFLIP};
/// assert_eq!(cell(0, 5) | HFLIP, 0x0805); // tile 5 facing left
/// ```
pub const HFLIP: u16 = MD_TILE_HFLIP as u16;
/// Name-table / sprite attribute bit: mirror the tile top-bottom.
///
/// ```
/// use megadrive::vdp::{cell, VFLIP};
/// assert_eq!(cell(1, 7) | VFLIP, 0x3007); // tile 7 upside down, palette line 1
/// ```
pub const VFLIP: u16 = MD_TILE_VFLIP as u16;
/// Name-table / sprite attribute bit: draw in front of low-priority planes and sprites.
///
/// ```
/// use megadrive::vdp::{cell, PRIORITY};
/// assert_eq!(cell(0, 1) | PRIORITY, 0x8001); // in front of the sprites of low priority
/// ```
pub const PRIORITY: u16 = MD_TILE_PRIORITY as u16;

/// Writes one name-table cell of the plane at VRAM address `plane` ([`PLANE_A`] or
/// [`PLANE_B`]) at cell (`x`, `y`).
///
/// ```no_run
/// use megadrive::vdp::{cell, set_cell, PLANE_B, VFLIP};
///
/// set_cell(PLANE_B, 10, 4, cell(2, 40) | VFLIP); // hardware: `no_run`
/// ```
pub fn set_cell(plane: u16, x: u16, y: u16, entry: u16) {
    vram_write_at(plane + ((y * PLANE_WIDTH + x) << 1));
    data16(entry);
}

/// Writes two horizontally adjacent name-table cells of `plane`, (`x`, `y`) and (`x + 1`,
/// `y`) (`x` even, so both are in the same plane row). Needs auto-increment 2 (the
/// standard set-up).
///
/// ```no_run
/// use megadrive::vdp::{cell, set_cell_pair, HFLIP, PLANE_A};
/// // A 16-pixel-wide block from one tile and its mirror.
/// set_cell_pair(PLANE_A, 4, 2, cell(0, 10), cell(0, 10) | HFLIP);
/// ```
pub fn set_cell_pair(plane: u16, x: u16, y: u16, left: u16, right: u16) {
    vram_write_at(plane + ((y * PLANE_WIDTH + x) << 1));
    data16(left);
    data16(right);
}

/// Fills a 64 x 32 plane name table with 0 (transparent tile 0), by CPU. Display off.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::display_off();
/// vdp::clear_plane(vdp::PLANE_A);
/// vdp::display_on();
/// ```
pub fn clear_plane(plane: u16) {
    vram_write_at(plane);
    for _ in 0..(PLANE_WIDTH * PLANE_HEIGHT) {
        data16(0);
    }
}

/// Fills the window plane's 16 usable rows (see [`set_window_rows`]) with 0, by CPU. Display
/// off.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::set_window_rows(0); // hide it first
/// vdp::clear_window();
/// ```
pub fn clear_window() {
    vram_write_at(WINDOW);
    for _ in 0..(PLANE_WIDTH * 16) {
        data16(0);
    }
}

/// The standard register set-up written by [`init`]: 320 x 224 pixels, 64 x 32-cell planes,
/// the VRAM layout of the module docs, full-screen scrolling, auto-increment 2, display,
/// interrupts and DMA off.
///
/// ```
/// use megadrive::vdp::{Reg, INIT_REGISTERS, PLANE_A};
/// assert!(INIT_REGISTERS.contains(&(Reg::AutoInc, 2)));
/// assert!(INIT_REGISTERS.contains(&(Reg::PlaneA, (PLANE_A >> 10) as u8)));
/// ```
pub static INIT_REGISTERS: [(Reg, u8); 19] = [
    (Reg::Mode1, MD_VDP_MODE1_BASE as u8),
    (Reg::Mode2, MD_VDP_MODE2_MODE5 as u8),
    (Reg::PlaneA, (PLANE_A >> 10) as u8),
    (Reg::Window, (WINDOW >> 10) as u8),
    (Reg::PlaneB, (PLANE_B >> 13) as u8),
    (Reg::Sprites, (SPRITES >> 9) as u8),
    (Reg::Unused6, 0),
    (Reg::BgColour, 0),
    (Reg::Unused8, 0),
    (Reg::Unused9, 0),
    (Reg::HIntCounter, 0xFF),
    (Reg::Mode3, 0),
    (Reg::Mode4, MD_VDP_MODE4_H40 as u8),
    (Reg::HScroll, (HSCROLL >> 10) as u8),
    (Reg::Unused14, 0),
    (Reg::AutoInc, 2),
    (Reg::PlaneSize, 0x01), // 64 cells wide, 32 high
    (Reg::WindowX, 0),
    (Reg::WindowY, 0),
];

/// Initialises the VDP with [`INIT_REGISTERS`] and clears VRAM, CRAM and VSRAM (by CPU).
/// Call with interrupts disabled; turn the display on with [`display_on`].
///
/// ```no_run
/// use megadrive::{rt, vdp};
/// rt::interrupts_off();
/// vdp::init();
/// vdp::load_palette(0, &[0x0000, 0x0EEE]);
/// vdp::display_on();
/// rt::interrupts_on();
/// ```
pub fn init() {
    status(); // reset any half-written command
    for &(reg, value) in INIT_REGISTERS.iter() {
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

/// Blanks the display (VBlank interrupts keep coming, DMA is enabled): VRAM can then be
/// written at full speed at any time.
///
/// ```no_run
/// use megadrive::{text, vdp};
/// vdp::display_off(); // a level change: upload at full speed
/// text::load_font();
/// vdp::display_on();
/// ```
pub fn display_off() {
    set_reg(Reg::Mode2, (MD_VDP_MODE2_MODE5 | MD_VDP_MODE2_VINT | MD_VDP_MODE2_DMA) as u8);
    settle_mode2();
}

/// Turns the display, the VBlank interrupt and DMA on.
///
/// ```no_run
/// use megadrive::vdp;
/// vdp::init();
/// vdp::display_on(); // VBlank interrupts from now on
/// ```
pub fn display_on() {
    set_reg(Reg::Mode2, (MD_VDP_MODE2_MODE5 | MD_VDP_MODE2_DISPLAY | MD_VDP_MODE2_VINT | MD_VDP_MODE2_DMA) as u8);
    settle_mode2();
}

/// After mode register 2 turns DMA on, the next command must not follow at once: Genesis
/// Plus GX drops the data of the command written right after the register write that
/// enabled DMA (the template game's font went missing so; `tools/romtests/tests/template.rs`
/// checks the screen). A status read in between avoids it.
#[inline(always)]
fn settle_mode2() {
    status();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_its_address_bits_and_access_code() {
        // The long-word formula of the VDP manual, for every address and code.
        for code in 0..64u32 {
            for addr in (0..=0xFFFFu32).step_by(7).chain([0xFFFF]) {
                let expected = ((code & 3) << 30) | ((addr & 0x3FFF) << 16) | ((code & 0x3C) << 2) | (addr >> 14);
                assert_eq!(command(code, addr as u16), expected, "code {code:#x}, address {addr:#x}");
            }
        }
    }

    #[test]
    fn commands_encode_address_and_code() {
        assert_eq!(command(MD_VDP_CODE_VRAM_WRITE, 0xC000), 0x4000_0003);
        assert_eq!(command(MD_VDP_CODE_CRAM_WRITE, 0), 0xC000_0000);
        assert_eq!(command(MD_VDP_CODE_VSRAM_WRITE, 0), 0x4000_0010);
        // DMA to VRAM 0xBC00: CD5 set (bit 7 of the second word).
        assert_eq!(command(MD_VDP_CODE_VRAM_WRITE | MD_VDP_CODE_DMA, 0xBC00), 0x7C00_0082);
    }

    #[test]
    fn registers_have_their_hardware_numbers() {
        assert_eq!(Reg::Mode4 as u8, 12);
        assert_eq!(Reg::AutoInc as u8, 15);
        assert_eq!(Reg::DmaSrcHi as u8, 23);
        assert_eq!(cell(3, 0x900) | HFLIP, 0x6900 | 0x0800);
    }
}
