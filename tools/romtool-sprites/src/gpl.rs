//! GIMP palette files (`.gpl`), the plain-text palette format GIMP, Aseprite, Krita and most
//! pixel-art tools export:
//!
//! ```text
//! GIMP Palette
//! Name: megacollide sprites
//! Columns: 4
//! # comments start with '#'
//! 255   0 255    transparent
//! 252 252 252    text
//!  36  36  36    Untitled
//! ```
//!
//! The first line must be `GIMP Palette` (a UTF-8 byte-order mark and trailing blanks or
//! `\r` are fine). Then, in any order: blank lines, `#` comments, `Name:` and `Columns:`
//! lines, and one colour per line: three channels 0..=255 (decimal, separated by blanks or
//! tabs) and an optional name (the rest of the line). A name that is empty or GIMP's
//! `Untitled` leaves the entry unnamed. Bytes that are not UTF-8 are read as U+FFFD (old
//! files in Latin-1), which only matters in names.
//!
//! Errors name the file and line (and column for a bad number); the reader never panics on
//! any input.

use romtool_common::diag::{Diag, Loc};
use romtool_common::text::read_limited;
use std::path::{Path, PathBuf};

/// The first line of every GIMP palette.
pub const HEADER: &str = "GIMP Palette";

/// One colour of a palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 8-bit red, green, blue.
    pub rgb: [u8; 3],
    /// The entry's name (`None`: empty or `Untitled`).
    pub name: Option<String>,
    /// 1-based line of the file.
    pub line: usize,
}

/// A palette file as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The file.
    pub path: PathBuf,
    /// Its `Name:` line's value, if any.
    pub name: Option<String>,
    /// The colours, in file order.
    pub entries: Vec<Entry>,
}

/// Reads and parses a palette file (see the module docs).
pub fn read(path: &Path) -> Result<Palette, Vec<Diag>> {
    let bytes = read_limited(path).map_err(|e| vec![Diag::new(path, Loc::File, e)])?;
    parse(path, &String::from_utf8_lossy(&bytes))
}

/// Parses the text of a palette file named `path` (see the module docs). Every error found
/// is returned.
pub fn parse(path: &Path, text: &str) -> Result<Palette, Vec<Diag>> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut errors = Vec::new();
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l.trim_end_matches(['\r', ' ', '\t'])));
    let mut out = Palette { path: path.to_path_buf(), name: None, entries: Vec::new() };
    match lines.next() {
        Some((_, l)) if l.trim_start() == HEADER => {}
        first => {
            let got = first.map(|(_, l)| l).unwrap_or("");
            let got: String = got.chars().take(40).collect();
            return Err(vec![Diag::new(
                path,
                Loc::LineCol(1, 1),
                format!(
                    "the first line is `{got}`: expected `{HEADER}`. Fix: export the palette as a GIMP palette (.gpl) from your editor"
                ),
            )]);
        }
    }
    for (n, raw) in lines {
        let line = raw.trim_start();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(v) = line.strip_prefix("Name:") {
            out.name = Some(v.trim().to_string());
            continue;
        }
        if let Some(v) = line.strip_prefix("Columns:") {
            if v.trim().parse::<u32>().is_err() {
                errors.push(Diag::new(path, Loc::LineCol(n, 1), format!("`Columns:` is `{}`: expected a whole number", v.trim())));
            }
            continue;
        }
        match colour_line(raw) {
            Ok((rgb, name)) => out.entries.push(Entry { rgb, name, line: n }),
            Err((col, msg)) => errors.push(Diag::new(path, Loc::LineCol(n, col), msg)),
        }
    }
    if errors.is_empty() && out.entries.is_empty() {
        errors.push(Diag::new(path, Loc::File, "no colours: expected lines `R G B name` after the `GIMP Palette` header"));
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// `R G B [name]`: the colour and the name, or the 1-based column and the message of the
/// problem.
fn colour_line(raw: &str) -> Result<([u8; 3], Option<String>), (usize, String)> {
    let mut rgb = [0u8; 3];
    let mut rest = raw;
    let mut col = 1;
    for (k, ch) in ["red", "green", "blue"].iter().enumerate() {
        let skip = rest.len() - rest.trim_start().len();
        col += rest[..skip].chars().count();
        rest = &rest[skip..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        if token.is_empty() {
            return Err((
                col,
                format!("{ch} channel missing: expected a colour line `R G B name` (three numbers 0..=255, then an optional name)"),
            ));
        }
        match token.parse::<u16>() {
            Ok(v) if v <= 255 => rgb[k] = v as u8,
            _ => {
                let shown: String = token.chars().take(20).collect();
                return Err((col, format!("{ch} channel is `{shown}`: expected a whole number 0..=255 (a colour line is `R G B name`)")));
            }
        }
        col += token.chars().count();
        rest = &rest[end..];
    }
    let name = rest.trim();
    let name = if name.is_empty() || name == "Untitled" { None } else { Some(name.to_string()) };
    Ok((rgb, name))
}
