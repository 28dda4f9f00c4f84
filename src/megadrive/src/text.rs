//! Text on plane A or the window plane with the 8 x 8 font (public-domain `font8x8`, built into VDP tiles by
//! the crate's build script) loaded at tile index = ASCII code.
//!
//! ```no_run
//! use megadrive::{text::Console, vdp};
//!
//! vdp::init();
//! megadrive::text::load_font();
//! vdp::load_palette(0, &[0x0000, 0x0EEE]); // the font draws colour 1
//! let mut line = Console::at(1, 1, 0);
//! line.print("SCORE ");
//! line.decimal(1234, false);
//! line.print(" PC ");
//! line.hex(0x0001_F00E, 8);
//! vdp::display_on();
//! ```

use crate::vdp;

/// The font: ASCII 32..=127 as 4-bit tiles, colour 1 on colour 0.
static FONT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/font.bin"));

/// Screen width in 8 x 8 cells (H40).
///
/// ```no_run
/// use megadrive::text::{Console, COLUMNS};
/// let label = "PAUSED";
/// Console::at((COLUMNS - label.len() as u16) >> 1, 13, 0).print(label); // centred
/// ```
pub const COLUMNS: u16 = 40;
/// Screen height in 8 x 8 cells (V28).
///
/// ```
/// use megadrive::{text::ROWS, vdp};
/// assert_eq!(ROWS << 3, vdp::SCREEN_H as u16); // 8 pixels a row
/// ```
pub const ROWS: u16 = 28;

/// Loads the font tiles into VRAM at tile 32 (byte address 32 * 32 = 0x400). Display off
/// or in VBlank.
///
/// ```no_run
/// use megadrive::{text, vdp};
/// vdp::display_off();
/// text::load_font(); // tiles 32..128: 'A' is tile 65
/// vdp::display_on();
/// ```
pub fn load_font() {
    vdp::load_vram(32 * 32, FONT);
}

/// A cursor that writes characters into plane A (or the window plane), wrapping at the
/// screen edge.
///
/// ```no_run
/// use core::fmt::Write;
/// use megadrive::text::Console;
///
/// let mut status = Console::at(0, 0, 0);
/// let _ = write!(status, "LEVEL {}", 3); // `core::fmt` works too
/// ```
pub struct Console {
    x: u16,
    y: u16,
    palette: u16,
    plane: u16,
}

impl Console {
    /// A cursor at cell (`x`, `y`) of plane A drawing with palette line `palette` (0..4).
    ///
    /// ```no_run
    /// let mut lives = megadrive::text::Console::at(2, 26, 1); // bottom left, palette line 1
    /// lives.print("1UP");
    /// ```
    pub fn at(x: u16, y: u16, palette: u16) -> Self {
        Console { x, y, palette, plane: vdp::PLANE_A }
    }

    /// A cursor at cell (`x`, `y`) of the window plane ([`vdp::WINDOW`], shown on the rows
    /// [`vdp::set_window_rows`] selects; `y` < 16) drawing with palette line `palette`.
    ///
    /// ```no_run
    /// use megadrive::{text::Console, vdp};
    /// vdp::set_window_rows(1); // a status bar that does not scroll
    /// Console::window(0, 0, 0).print("SCORE 000");
    /// ```
    pub fn window(x: u16, y: u16, palette: u16) -> Self {
        Console { x, y, palette, plane: vdp::WINDOW }
    }

    /// Draws one byte; non-printable bytes become '?', '\n' starts a new line.
    ///
    /// ```no_run
    /// let mut c = megadrive::text::Console::at(0, 0, 0);
    /// c.put(b'>');
    /// c.put(b'\n'); // the next line, column 0
    /// ```
    pub fn put(&mut self, b: u8) {
        if b == b'\n' {
            self.x = 0;
            self.y += 1;
            return;
        }
        let c = if (32..128).contains(&b) { b } else { b'?' };
        if self.x >= COLUMNS {
            self.x = 0;
            self.y += 1;
        }
        if self.y >= ROWS {
            self.y = 0;
        }
        vdp::set_cell(self.plane, self.x, self.y, (self.palette << 13) | c as u16);
        self.x += 1;
    }

    /// Draws a string.
    ///
    /// ```no_run
    /// megadrive::text::Console::at(15, 13, 0).print("GAME OVER");
    /// ```
    pub fn print(&mut self, s: &str) {
        for b in s.bytes() {
            self.put(b);
        }
    }

    /// Draws `v` as `digits` hexadecimal digits (shifts only: safe before anything else
    /// works).
    ///
    /// ```no_run
    /// megadrive::text::Console::at(0, 0, 0).hex(0xFF_0000, 6); // "FF0000"
    /// ```
    pub fn hex(&mut self, v: u32, digits: u32) {
        for i in (0..digits).rev() {
            let d = ((v >> (i * 4)) & 0xF) as u8;
            self.put(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        }
    }

    /// Draws `v` as exactly 3 decimal digits (values over 999 show as 999), by repeated
    /// subtraction: no division on the 68000.
    ///
    /// ```no_run
    /// megadrive::text::Console::at(37, 0, 0).decimal3(7); // "007"
    /// ```
    pub fn decimal3(&mut self, v: u16) {
        self.decimal(v, true);
    }

    /// Draws `v` (values over 999 show as 999) in decimal: 3 digits with `leading_zeros`,
    /// else without leading zeros. By repeated subtraction: no division on the 68000.
    ///
    /// ```no_run
    /// let mut c = megadrive::text::Console::at(0, 0, 0);
    /// c.decimal(42, true); // "042"; hardware: `no_run`
    /// ```
    pub fn decimal(&mut self, v: u16, leading_zeros: bool) {
        let mut v = if v > 999 { 999 } else { v };
        let mut started = leading_zeros;
        for unit in [100u16, 10, 1] {
            let mut d = b'0';
            while v >= unit {
                v -= unit;
                d += 1;
            }
            if d != b'0' || started || unit == 1 {
                self.put(d);
                started = true;
            }
        }
    }
}

impl core::fmt::Write for Console {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.print(s);
        Ok(())
    }
}
