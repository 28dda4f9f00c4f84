//! Raster effects: VDP writes at chosen screen lines, made by the horizontal interrupt (HBlank,
//! level 4) while the screen is drawn: a palette that changes below a water line, a vertical
//! scroll or a register (a backdrop colour, a plane's address) that changes for a split
//! screen. The per-line and per-column scroll tables are in [`crate::vdp`]
//! ([`set_scroll_mode`], [`set_line_hscroll`], [`set_column_vscroll`]): they need no
//! interrupt.
//!
//! A [`Table`] lists the changes by screen line (1..=224, pixels from the top; a change at
//! line `l` shows from line `l` down; line 0's are [`NEXT_FRAME`]'s, made at the end of the
//! frame before). [`show`] publishes it: the interrupt handler, a short
//! 68000 routine in `asm/startup.s` (`_hint`), takes it at the end of the frame being drawn
//! and plays it every frame from then on, until the next [`show`]. [`enable`] turns the
//! interrupt on (VDP register 0 bit 4; the 68000's interrupt mask, [`crate::rt::interrupts_on`],
//! already lets level 4 through).
//!
//! ## How the lines are reached
//! The VDP's line counter (register 10) raises the interrupt every `register 10 + 1` lines
//! from the top of the frame; the handler runs in the HBlank at the end of line `l - 1` and
//! its writes show from line `l`. The counter reloads register 10 when it fires, before the
//! handler runs, so each handler writes the count for the interrupt after the next, and the
//! table starts with up to two extra interrupts that set the pace (at most about line
//! `l / 2` and line `l - 1` for a first change at line `l`). Changes at line 224 are made at
//! the end of the last visible line: they hold from the top of the next frame (put the
//! colours of the top there, so each frame starts with them). Every table has that last
//! interrupt, at line 223: it switches to a newly published table. (The lines are those of
//! the standard V28 screen, 224 lines, on NTSC and PAL.)
//!
//! ## Cost (68000 cycles, measured on the cycle-exact 68000 model: `tools/bench/tests/raster.rs`)
//! An interrupt with no change (the pace-setting ones): 226 cycles, interrupt entry (44)
//! included. With changes: 224 + 68 a write command (an address, or a register) + 22 a data
//! word (a colour, a scroll value) + 2 a command after the first; the frame's last
//! interrupt 68 more (114 when it switches tables). Three colours at one line: 358 cycles, 73 %
//! of a line (an NTSC line is 488 cycles). Two changes on consecutive lines must each stay
//! under about 400 cycles (the next interrupt must find register 10 written). The writes
//! land in or just after the HBlank; the VDP takes them at its access slots (a real console
//! shows a CRAM write during the active display as a dot of the new colour).
//!
//! ## The rule for the main program
//! The interrupt writes the VDP's control port, which drops a VRAM/CRAM/VSRAM address the
//! main program set and had not finished writing through. While raster effects are on, the
//! main program writes the VDP in VBlank (after the VBlank interrupt, and done before the
//! table's first interrupt: at line 0 at the earliest), with interrupts masked
//! ([`crate::rt::interrupts_off`]; an interrupt held back that way makes its change late),
//! or by DMA (whose set-up is single writes). The
//! interrupt keeps the VDP's auto-increment at 2 (every function of this crate leaves it so).
//!
//! ```no_run
//! use megadrive::raster::{self, Table};
//! use megadrive::{rt, vdp};
//!
//! const DRY: [u16; 3] = [0x0C80, 0x00AE, 0x0EEE]; // colours 0-2 of palette line 0
//! const WATER: [u16; 3] = [0x0400, 0x0A40, 0x0E84];
//!
//! let mut table = Table::new();
//! table.colours(144, 0, &WATER).unwrap(); // from line 144 down: the water's colours
//! table.colours(raster::NEXT_FRAME, 0, &DRY).unwrap(); // and the sky's again at the top
//! raster::show(&table);
//! rt::interrupts_off();
//! raster::enable(); // with interrupts masked (or in VBlank)
//! rt::interrupts_on();
//! ```
//!
// The links of these docs by full path: lib.rs gives each module an outer doc, and rustdoc
// then resolves the module docs from the crate root.
//! [`set_scroll_mode`]: crate::vdp::set_scroll_mode
//! [`set_line_hscroll`]: crate::vdp::set_line_hscroll
//! [`set_column_vscroll`]: crate::vdp::set_column_vscroll
//! [`Table`]: crate::raster::Table
//! [`show`]: crate::raster::show
//! [`enable`]: crate::raster::enable
//! [`NEXT_FRAME`]: crate::raster::NEXT_FRAME

use crate::vdp::{self, Reg};
use core::cell::UnsafeCell;
use megadrive_sys::*;

/// The line of a change made at the end of the last visible line (pixels from the top of
/// the screen: 224 in V28): it holds from the top of the next frame.
///
/// ```
/// use megadrive::raster::{Table, NEXT_FRAME};
/// let mut table = Table::new();
/// table.colours(NEXT_FRAME, 0, &[0x0C80]).unwrap(); // the backdrop of every frame's top
/// assert_eq!(NEXT_FRAME, megadrive::vdp::VBLANK_LINE);
/// ```
pub const NEXT_FRAME: u16 = vdp::VBLANK_LINE;

/// Words a [`Table`]'s changes may take: 4 a change plus its data words (a colour or a
/// scroll value each).
///
/// ```
/// use megadrive::raster::{Table, MAX_WORDS};
/// let mut table = Table::new();
/// // Colours 1 and 2 at 20 lines: 4 + 2 words each.
/// for line in 0..20 {
///     table.colours(100 + line, 1, &[0x000E, 0x0E00]).unwrap();
/// }
/// assert!(table.words() <= MAX_WORDS);
/// ```
pub const MAX_WORDS: usize = 160;

/// Different lines a [`Table`] may change at.
///
/// ```
/// use megadrive::raster::{Table, MAX_LINES};
/// let mut table = Table::new();
/// for line in 0..MAX_LINES as u16 {
///     table.colours(100 + line, 0, &[line]).unwrap(); // a gradient of the backdrop
/// }
/// assert!(table.colours(200, 0, &[0]).is_err()); // one line too many
/// ```
pub const MAX_LINES: usize = 32;

/// Words of the table the interrupt handler walks ([`Table::compile`]): the changes, their
/// lines' blocks (2 words each), up to three more blocks and the first word.
///
/// ```
/// use megadrive::raster::{COMPILED_WORDS, MAX_LINES, MAX_WORDS};
/// assert_eq!(COMPILED_WORDS, MAX_WORDS + 2 * MAX_LINES + 7);
/// ```
pub const COMPILED_WORDS: usize = MAX_WORDS + 2 * (MAX_LINES + 3) + 1;

/// Why a change was not added to a [`Table`].
///
/// ```
/// use megadrive::raster::{Table, TableError};
/// let mut table = Table::new();
/// table.colours(100, 0, &[0x0E00]).unwrap();
/// assert_eq!(table.colours(50, 0, &[0x000E]), Err(TableError::Order)); // above the last one
/// assert_eq!(table.colours(225, 0, &[0x000E]), Err(TableError::Line)); // below the screen
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The line is above the table's last change: add changes from the top down.
    Order,
    /// The line is 0 or past [`NEXT_FRAME`] (line 0's changes are [`NEXT_FRAME`]'s), or a
    /// change has no data (no colours).
    Line,
    /// More than [`MAX_WORDS`] words or [`MAX_LINES`] lines.
    Full,
}

/// The changes of one frame, by screen line, for [`show`]. Add them from the top down;
/// several changes at one line are made one after the other by one interrupt.
///
/// Each change is stored as: its line, `h` (1 + its data words), the 32-bit control-port
/// command, the data words.
///
/// ```
/// use megadrive::raster::Table;
/// use megadrive::vdp::Reg;
/// let mut table = Table::new();
/// table.colours(80, 17, &[0x0EEE, 0x0888]).unwrap(); // colours 1 and 2 of line 1
/// table.register(80, Reg::BgColour, 0x11).unwrap(); // and the backdrop: line 1, colour 1
/// table.vscroll(160, 8, 0).unwrap(); // plane A 8 pixels up from line 160
/// assert_eq!(table.lines(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    words: [u16; MAX_WORDS],
    len: u16,
    lines: u16,
    last_line: u16,
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

impl Table {
    /// A table with no change (shown, it only keeps the interrupt's last line, 223).
    ///
    /// ```
    /// let table = megadrive::raster::Table::new();
    /// assert_eq!((table.lines(), table.words()), (0, 0));
    /// ```
    pub const fn new() -> Table {
        Table { words: [0; MAX_WORDS], len: 0, lines: 0, last_line: 0 }
    }

    /// Removes every change.
    ///
    /// ```
    /// use megadrive::raster::Table;
    /// let mut table = Table::new();
    /// table.colours(120, 0, &[0x0E00]).unwrap();
    /// table.clear(); // next frame's changes from the top again
    /// assert_eq!((table.lines(), table.words()), (0, 0));
    /// ```
    pub fn clear(&mut self) {
        (self.len, self.lines, self.last_line) = (0, 0, 0);
    }

    /// Different lines changed.
    ///
    /// ```
    /// use megadrive::raster::Table;
    /// let mut table = Table::new();
    /// table.colours(40, 0, &[0x0E00]).unwrap();
    /// table.colours(40, 5, &[0x00E0]).unwrap(); // the same line: one interrupt
    /// assert_eq!(table.lines(), 1);
    /// ```
    pub fn lines(&self) -> usize {
        self.lines as usize
    }

    /// Words used of [`MAX_WORDS`].
    ///
    /// ```
    /// use megadrive::raster::Table;
    /// let mut table = Table::new();
    /// table.colours(40, 0, &[0x0E00, 0x00E0]).unwrap(); // 4 + 2 words
    /// assert_eq!(table.words(), 6);
    /// ```
    pub fn words(&self) -> usize {
        self.len as usize
    }

    /// The table the interrupt handler walks, as [`show`] writes it for this table, into
    /// `out`; returns the words written. For tools that measure or check the handler
    /// (`tools/bench/tests/raster.rs` times it on the 68000 model). The format: register
    /// 10's first count (`0x8A00 | line`), then one block per interrupt: register 10's count
    /// after the next interrupt, the changes (`h` = 1 + data words, the 32-bit control-port
    /// command, the data), then 0, or 0xFFFF after the frame's last block.
    ///
    /// ```
    /// use megadrive::raster::{Table, COMPILED_WORDS};
    /// let table = Table::new(); // no change: one interrupt, at line 223
    /// let mut out = [0; COMPILED_WORDS];
    /// let n = table.compile(&mut out);
    /// assert_eq!(out[..n], [0x8ADF, 0x8AFF, 0xFFFF]);
    /// ```
    pub fn compile(&self, out: &mut [u16; COMPILED_WORDS]) -> usize {
        compile(self, out)
    }

    /// Adds one change: `command` (two control-port words) and `data` at `line`.
    fn push(&mut self, line: u16, command: u32, data: &[u16]) -> Result<(), TableError> {
        if line == 0 || line > NEXT_FRAME {
            return Err(TableError::Line);
        }
        let new_line = self.lines == 0 || line > self.last_line;
        if !new_line && line < self.last_line {
            return Err(TableError::Order);
        }
        let at = self.len as usize;
        if at + 4 + data.len() > MAX_WORDS || (new_line && self.lines as usize == MAX_LINES) {
            return Err(TableError::Full);
        }
        self.words[at] = line;
        self.words[at + 1] = 1 + data.len() as u16;
        self.words[at + 2] = (command >> 16) as u16;
        self.words[at + 3] = command as u16;
        self.words[at + 4..at + 4 + data.len()].copy_from_slice(data);
        self.len += 4 + data.len() as u16;
        if new_line {
            self.lines += 1;
            self.last_line = line;
        }
        Ok(())
    }

    /// From screen line `line` (pixels, 1..=[`NEXT_FRAME`]) down: `colours` (0000BBB0GGG0RRR0
    /// words) in CRAM from colour `first` (0..64; palette line `p` starts at `16 * p`).
    /// Three colours take 66 of the handler's cycles (see the module docs).
    ///
    /// ```
    /// use megadrive::raster::{Table, TableError};
    /// let mut table = Table::new();
    /// table.colours(112, 16, &[0x0000, 0x0E44]).unwrap(); // line 1's colours 0 and 1
    /// assert_eq!(table.colours(120, 0, &[]), Err(TableError::Line)); // nothing to write
    /// ```
    pub fn colours(&mut self, line: u16, first: u16, colours: &[u16]) -> Result<(), TableError> {
        if colours.is_empty() {
            return Err(TableError::Line);
        }
        self.push(line, vdp::command(MD_VDP_CODE_CRAM_WRITE, first << 1), colours)
    }

    /// From screen line `line` (pixels) down: the full-screen vertical scroll of planes A
    /// and B (pixels; [`vdp::set_vscroll`]'s values), e.g. a status bar that does not
    /// scroll with the level above it.
    ///
    /// ```
    /// use megadrive::raster::Table;
    /// let mut table = Table::new();
    /// table.vscroll(200, 0, 0).unwrap(); // the bottom 24 lines: planes at vertical scroll 0
    /// assert_eq!(table.words(), 6);
    /// ```
    pub fn vscroll(&mut self, line: u16, plane_a: u16, plane_b: u16) -> Result<(), TableError> {
        self.push(line, vdp::command(MD_VDP_CODE_VSRAM_WRITE, 0), &[plane_a, plane_b])
    }

    /// From screen line `line` (pixels) down: VDP register `reg` = `value` (e.g. the
    /// backdrop colour, or a plane's name table for a split screen). Written twice, as one
    /// 32-bit control-port write.
    ///
    /// ```
    /// use megadrive::raster::Table;
    /// use megadrive::vdp::Reg;
    /// let mut table = Table::new();
    /// table.register(160, Reg::PlaneB, (0xC000u16 >> 13) as u8).unwrap(); // plane B shows plane A's map
    /// assert_eq!(table.words(), 4);
    /// ```
    pub fn register(&mut self, line: u16, reg: Reg, value: u8) -> Result<(), TableError> {
        let w = vdp::reg_word(reg, value) as u32;
        self.push(line, w << 16 | w, &[])
    }
}

/// The line of each interrupt (the handler then writes what shows from the next line) for
/// changes at `lines` (ascending, 1..=224, the last 224): the VDP reloads its counter when
/// it fires, so the first two interrupts come at `r` and `2r + 1` for the frame's first
/// count `r`; extra interrupts with no change are added to reach the lines asked. Returns
/// the count of interrupts in `out`.
fn schedule(lines: &[u16], out: &mut [u16]) -> usize {
    let mut n = 0;
    let mut put = |f: u16| {
        out[n] = f;
        n += 1;
    };
    let f0 = lines[0] - 1;
    if lines.len() == 1 {
        put(f0);
        return n;
    }
    let f1 = lines[1] - 1;
    if f0 << 1 < f1 {
        put(f0);
        if (f0 << 1) + 1 < f1 {
            put((f0 << 1) + 1);
        }
    } else {
        // Two interrupts that set the pace before the first change (f0 >= 1 here).
        let r = (f0 - 1) >> 1;
        put(r);
        if (r << 1) + 1 < f0 {
            put((r << 1) + 1);
        }
        put(f0);
    }
    for &l in &lines[1..] {
        put(l - 1);
    }
    n
}

/// Writes the table the interrupt handler walks (`asm/startup.s`, `_hint`) for `table`
/// into `out`: register 10's first count, then one block per interrupt (register 10's
/// count after the next interrupt, the changes as `h`, command, data, then 0, or -1 after
/// the frame's last block). Returns the words written.
fn compile(table: &Table, out: &mut [u16; COMPILED_WORDS]) -> usize {
    // The lines changed, and the last interrupt's line (224: the end of the frame).
    let mut lines = [0u16; MAX_LINES + 1];
    let mut count = 0;
    let words = &table.words[..table.len as usize];
    let mut at = 0;
    while at < words.len() {
        let line = words[at];
        if count == 0 || lines[count - 1] != line {
            lines[count] = line;
            count += 1;
        }
        at += 3 + words[at + 1] as usize;
    }
    if count == 0 || lines[count - 1] != NEXT_FRAME {
        lines[count] = NEXT_FRAME;
        count += 1;
    }
    let mut fires = [0u16; MAX_LINES + 3];
    let n = schedule(&lines[..count], &mut fires);
    let reg10 = |count: u16| vdp::reg_word(Reg::HIntCounter, 0) | count;
    let mut o = 0;
    out[o] = reg10(fires[0]);
    o += 1;
    let mut at = 0;
    for k in 0..n {
        out[o] = reg10(if k + 2 < n { fires[k + 2] - fires[k + 1] - 1 } else { 0xFF });
        o += 1;
        // The changes shown from this interrupt's next line (line 0's with line 1's).
        while at < words.len() && words[at] == fires[k] + 1 {
            let len = 2 + words[at + 1] as usize;
            out[o..o + len].copy_from_slice(&words[at + 1..at + 1 + len]);
            o += len;
            at += 1 + len;
        }
        out[o] = if k + 1 == n { 0xFFFF } else { 0 };
        o += 1;
    }
    o
}

/// The two tables the handler may walk: one in use, one being written and published.
struct Buffers(UnsafeCell<[[u16; COMPILED_WORDS]; 2]>);

// SAFETY: the main program writes only the buffer the handler does not use (see `show`),
// and the handler only reads.
unsafe impl Sync for Buffers {}

static BUFFERS: Buffers = Buffers(UnsafeCell::new([[0; COMPILED_WORDS]; 2]));

#[cfg(target_arch = "m68k")]
extern "C" {
    /// The next block the handler walks (asm/startup.s).
    static mut raster_next: u32;
    /// The table in use: its first word.
    static mut raster_active: u32;
    /// A table published by `show`, taken at the frame's last interrupt; 0: none.
    static mut raster_pending: u32;
}

/// The handler's three pointers (`asm/startup.s`); on the host, plain cells (the crate's
/// host build has no handler).
#[cfg(target_arch = "m68k")]
fn pointers() -> [*mut u32; 3] {
    // The addresses of the handler's 32-bit cells; nothing is read or written here.
    [&raw mut raster_next, &raw mut raster_active, &raw mut raster_pending]
}

#[cfg(not(target_arch = "m68k"))]
fn pointers() -> [*mut u32; 3] {
    use crate::rt::Shared;
    static CELLS: [Shared<u32>; 3] = [const { Shared::new(0) }; 3];
    // Each a u32 cell (`Shared` is a transparent `UnsafeCell`: writable through a shared
    // reference).
    CELLS.each_ref().map(|cell| cell as *const Shared<u32> as *mut u32)
}

#[inline(always)]
fn load(p: *mut u32) -> u32 {
    // SAFETY: p is one of the handler's aligned cells (`pointers`); one 32-bit read.
    unsafe { core::ptr::read_volatile(p) }
}

#[inline(always)]
fn store(p: *mut u32, v: u32) {
    // SAFETY: as for `load`; one 32-bit write, which the handler sees whole.
    unsafe { core::ptr::write_volatile(p, v) }
}

/// Publishes `table`: the interrupt handler plays it from the frame after the one being
/// drawn (it switches at its last interrupt, line 223), every frame until the next `show`.
/// Call it at any time (the table is compiled into the buffer the handler does not use);
/// two calls in one frame: the second wins.
///
/// ```no_run
/// use megadrive::raster::{self, Table};
/// let mut table = Table::new();
/// let water_line = 150;
/// table.colours(water_line, 1, &[0x0A40]).unwrap();
/// table.colours(raster::NEXT_FRAME, 1, &[0x00AE]).unwrap();
/// raster::show(&table); // from the next frame on
/// ```
pub fn show(table: &Table) {
    let [_, active, pending] = pointers();
    // Nothing pending: the handler stays with the table in use until the new one is whole.
    store(pending, 0);
    let buffers = BUFFERS.0.get() as *mut [u16; COMPILED_WORDS];
    let first = buffers as usize as u32;
    // The buffer not in use (the idle table in ROM is neither).
    let target = if load(active) == first { 1 } else { 0 };
    // SAFETY: the handler reads only the table in use (`active`), which is not `target`,
    // and takes a pending table only after the store below, so this is the only access.
    let out = unsafe { &mut *buffers.add(target) };
    compile(table, out);
    store(pending, out.as_ptr() as usize as u32);
}

/// Turns the horizontal interrupt on: register 10 set for the table in use's first
/// interrupt (the one published by [`show`] if any), VDP register 0 bit 4 set, the table
/// walked from its top. Call it in VBlank or with interrupts masked, and again after
/// [`vdp::init`] (which turns the interrupt off).
///
/// ```no_run
/// use megadrive::{raster, rt, vdp};
/// rt::interrupts_off();
/// vdp::init();
/// raster::enable(); // the table's interrupts from the first frame on
/// vdp::display_on();
/// rt::interrupts_on();
/// ```
pub fn enable() {
    let [next, active, pending] = pointers();
    let p = load(pending);
    if p != 0 {
        store(pending, 0);
        store(active, p);
    }
    let table = load(active);
    // SAFETY: `active` points at a compiled table (or the ROM's idle one): its first word
    // is register 10's first count. Not read on the host, which has no handler.
    #[cfg(target_arch = "m68k")]
    let first = unsafe { core::ptr::read_volatile(table as usize as *const u16) };
    #[cfg(not(target_arch = "m68k"))]
    let first = 0x8ADFu16;
    store(next, table + 2);
    vdp::set_reg(Reg::HIntCounter, first as u8);
    vdp::set_reg(Reg::Mode1, (MD_VDP_MODE1_BASE | MD_VDP_MODE1_HINT) as u8);
}

/// Turns the horizontal interrupt off (VDP register 0 bit 4 clear). The changes last made
/// stay in CRAM and VSRAM: load the colours the screen should keep.
///
/// ```no_run
/// use megadrive::{raster, vdp};
/// raster::disable();
/// vdp::load_palette(0, &[0x0C80, 0x00AE, 0x0EEE]); // in VBlank: the dry colours everywhere
/// ```
pub fn disable() {
    vdp::set_reg(Reg::Mode1, MD_VDP_MODE1_BASE as u8);
    vdp::set_reg(Reg::HIntCounter, 0xFF);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the VDP and `_hint` do with a compiled table for one frame, as Genesis Plus GX
    /// models the counter: reloaded with register 10 at the top, decremented at lines
    /// 0..=224, firing (and reloading register 10 as it is then) below 0; the handler runs
    /// within the line. Returns (line from which it shows, command, data) of every change
    /// and register 10 after the frame.
    fn play(t: &[u16], reg10: u8) -> (Vec<(u16, u32, Vec<u16>)>, u8) {
        let mut reg10 = reg10;
        let mut counter = reg10 as i32;
        let mut at = 1; // after the first word
        let mut done = vec![];
        let mut ended = false;
        for line in 0..=224u16 {
            counter -= 1;
            if counter >= 0 {
                continue;
            }
            counter = reg10 as i32;
            assert!(!ended, "an interrupt at line {line} after the frame's last block");
            assert!(line < 224, "an interrupt in VBlank");
            reg10 = (t[at] & 0xFF) as u8;
            assert_eq!(t[at] & 0xFF00, 0x8A00);
            at += 1;
            loop {
                let h = t[at] as i16;
                at += 1;
                if h <= 0 {
                    ended = h < 0;
                    break;
                }
                let command = (t[at] as u32) << 16 | t[at + 1] as u32;
                done.push((line + 1, command, t[at + 2..at + 1 + h as usize].to_vec()));
                at += 1 + h as usize;
            }
            if ended {
                reg10 = (t[0] & 0xFF) as u8; // the next frame's first count
            }
        }
        assert!(ended, "the frame's last block came");
        (done, reg10)
    }

    fn compiled(table: &Table) -> Vec<u16> {
        let mut out = [0; COMPILED_WORDS];
        let n = compile(table, &mut out);
        out[..n].to_vec()
    }

    /// Every change of `table` lands at its line, two frames in a row.
    fn check(table: &Table) {
        let t = compiled(table);
        let mut want = vec![];
        let w = &table.words[..table.len as usize];
        let mut at = 0;
        while at < w.len() {
            let h = w[at + 1] as usize;
            want.push((w[at], (w[at + 2] as u32) << 16 | w[at + 3] as u32, w[at + 4..at + 3 + h].to_vec()));
            at += 3 + h;
        }
        let (first, reg10) = play(&t, (t[0] & 0xFF) as u8);
        assert_eq!(first, want);
        let (second, _) = play(&t, reg10);
        assert_eq!(second, want, "the next frame too");
    }

    #[test]
    fn every_change_lands_on_its_line() {
        let mut table = Table::new();
        check(&table);
        for lines in [&[144u16, 224][..], &[1], &[2], &[3, 4, 5], &[1, 100], &[100, 101, 223], &[224], &[50, 60, 61, 200], &[223, 224]] {
            table.clear();
            for &l in lines {
                table.colours(l, 1, &[l, 7]).unwrap();
                table.register(l, Reg::BgColour, 3).unwrap();
            }
            check(&table);
        }
        // Every pair of lines.
        for a in 1..=224 {
            for b in (a + 1..=224).step_by(7) {
                table.clear();
                table.vscroll(a, a, 0).unwrap();
                table.vscroll(b, b, 0).unwrap();
                check(&table);
            }
        }
    }

    #[test]
    fn the_table_keeps_its_limits() {
        let mut table = Table::new();
        for l in 0..MAX_LINES as u16 {
            table.register(10 + l, Reg::BgColour, l as u8).unwrap(); // 4 words each
        }
        assert_eq!(table.register(100, Reg::BgColour, 0), Err(TableError::Full));
        table.colours(10 + MAX_LINES as u16 - 1, 0, &[2]).unwrap(); // the last line again: fits
        check(&table);
        table.clear();
        for i in 0..MAX_WORDS / 7 {
            table.colours(1 + i as u16, 0, &[0; 3]).unwrap();
        }
        assert_eq!(table.colours(100, 0, &[0; 3]), Err(TableError::Full));
        assert!(compiled(&table).len() <= COMPILED_WORDS);
    }
}
