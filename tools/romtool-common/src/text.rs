//! Reading input files with bounded cost, and turning byte offsets into line / column numbers.
//!
//! Every file romtool reads (levels, tilesets, templates, id maps) goes through
//! [`read_limited`]: it refuses anything that is not a regular file (a FIFO or `/dev/zero`
//! named as a tileset would block or never end) and anything larger than [`MAX_FILE_BYTES`],
//! before reading it. [`LineIndex`] answers "which line and column is byte `pos`" in
//! amortised constant time for positions asked in increasing order (as the readers do),
//! so error positions never make parsing quadratic.

use std::io::Read as _;
use std::path::Path;

/// Largest input file romtool reads (bytes). The largest legal level (256 x 248 tiles as
/// XML `<tile>` elements with flags, or a pretty-printed JSON layer) is about 2 MB per layer;
/// 16 MiB leaves room for several layers and objects, while the parsed form of any file
/// (JSON values, XML elements: at most about 25 bytes of memory per byte of input) stays
/// well under half a gigabyte.
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// Largest 16Tile export (bytes): a 256 x 248 export is under 1 MiB.
pub const MAX_C_FILE_BYTES: u64 = 4 << 20;

/// Reads a whole regular file of at most [`MAX_FILE_BYTES`] bytes. Errors are sentences
/// without the file name (the caller names the file).
pub fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    read_limited_to(path, MAX_FILE_BYTES)
}

/// [`read_limited`] with another size limit.
pub fn read_limited_to(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > max {
        return Err(format!("file is {} bytes: expected at most {} bytes", meta.len(), max));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow between the size check and the read: read at most one byte more
    // than allowed and refuse it then.
    file.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!("file is more than {max} bytes: expected at most {max} bytes"));
    }
    Ok(bytes)
}

/// Reads a UTF-8 text file (bounded, see [`read_limited`]); a leading byte-order mark is
/// dropped. Errors are sentences without the file name.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = read_limited(path)?;
    utf8_text(bytes)
}

/// Bytes to text: UTF-8 required, a leading byte-order mark is dropped.
pub fn utf8_text(bytes: Vec<u8>) -> Result<String, String> {
    let mut s = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("not UTF-8 text (invalid byte at offset {at}): expected a UTF-8 file")
    })?;
    if s.starts_with('\u{FEFF}') {
        s.drain(..'\u{FEFF}'.len_utf8());
    }
    Ok(s)
}

/// Line starts of a text, and a cursor that makes increasing lookups cheap.
///
/// Lines are 1-based and split at `\n`; columns are 1-based and count characters (Unicode
/// scalar values), as editors show them.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
    // Cursor: the last answered position and its line / column.
    last_pos: usize,
    last_line: usize,
    last_col: usize,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text` (one linear pass).
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        LineIndex { text, starts, last_pos: 0, last_line: 1, last_col: 1 }
    }

    /// The 1-based line and column of byte offset `pos` (clamped to the text; an offset inside
    /// a multi-byte character counts as that character).
    pub fn locate(&mut self, pos: usize) -> (usize, usize) {
        let pos = pos.min(self.text.len());
        let line_idx = self.starts.partition_point(|&s| s <= pos).saturating_sub(1);
        let line_start = self.starts[line_idx];
        // Continue from the cursor when it is on the same line and not past `pos`.
        let (from, col0) = if self.last_line == line_idx + 1 && self.last_pos <= pos && self.last_pos >= line_start {
            (self.last_pos, self.last_col)
        } else {
            (line_start, 1)
        };
        let bytes = self.text.as_bytes();
        // Count characters = bytes that do not continue a UTF-8 sequence.
        let col = col0 + bytes[from..pos].iter().filter(|&&b| (b & 0xC0) != 0x80).count();
        self.last_pos = pos;
        self.last_line = line_idx + 1;
        self.last_col = col;
        (line_idx + 1, col)
    }
}

/// The lines of a small settings file (id maps, property maps) that say something: the
/// 1-based line number, the line as written, and its text before a `#` comment.
pub fn setting_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw, raw.split('#').next().unwrap_or("")))
        .filter(|(_, _, line)| !line.trim().is_empty())
}

/// The 1-based column of `part` (trimmed) in the line `raw` (1 when it is not there).
pub fn column_of(raw: &str, part: &str) -> usize {
    raw.find(part.trim()).map(|b| raw[..b].chars().count() + 1).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let t = "ab\néx\n\nz";
        let mut ix = LineIndex::new(t);
        assert_eq!(ix.locate(0), (1, 1));
        assert_eq!(ix.locate(1), (1, 2));
        assert_eq!(ix.locate(3), (2, 1));
        assert_eq!(ix.locate(5), (2, 2)); // after the 2-byte é
        assert_eq!(ix.locate(4), (2, 2)); // inside é: backwards lookup, same character
        assert_eq!(ix.locate(8), (4, 1));
        assert_eq!(ix.locate(100), (4, 2));
    }
}
