//! Tile id names and id-mapping files for exports that number tiles differently.
//!
//! An id map (`NAME.idmap` beside the 16Tile export `NAME.h`, or `16tile.idmap` for every
//! 16Tile export of the folder that has none of its own) is a text file of lines
//!
//! ```text
//! # comment (also after a value)
//! 1 = solid        # the export's id 1 is the engine's solid tile (id 2)
//! 2 = 3            # numbers or names (see SHAPE_NAMES) on the right
//! * = blank        # optional: every id not listed (without it, unlisted ids stay as they are)
//! ```
//!
//! The left side is an id as written in the export (an integer); the right side the engine id
//! it stands for: a number, or a shape name from [`SHAPE_NAMES`].

use megacollide_engine::shape;
use romtool_common::diag::{Diag, Diags, Loc};
use romtool_common::text::{column_of, setting_lines};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Names of the built-in tile ids (for id maps and Tiled `collision` properties).
pub const SHAPE_NAMES: [(&str, u16); 19] = [
    ("blank", shape::BLANK),
    ("solid", shape::SOLID),
    ("rise_1", shape::RISE_1),
    ("rise_2a", shape::RISE_2A),
    ("rise_2b", shape::RISE_2B),
    ("rise_3a", shape::RISE_3A),
    ("rise_3b", shape::RISE_3B),
    ("rise_3c", shape::RISE_3C),
    ("fall_1", shape::FALL_1),
    ("fall_2a", shape::FALL_2A),
    ("fall_2b", shape::FALL_2B),
    ("fall_3a", shape::FALL_3A),
    ("fall_3b", shape::FALL_3B),
    ("fall_3c", shape::FALL_3C),
    ("top_half", shape::TOP_HALF),
    ("bottom_half", shape::BOTTOM_HALF),
    ("left_half", shape::LEFT_HALF),
    ("right_half", shape::RIGHT_HALF),
    ("one_way", shape::ONE_WAY),
];

/// The id of a shape name (case-insensitive, `-` and spaces read as `_`).
pub fn shape_by_name(name: &str) -> Option<u16> {
    let n = name.trim().to_ascii_lowercase().replace(['-', ' '], "_");
    SHAPE_NAMES.iter().find(|(k, _)| *k == n).map(|(_, v)| *v)
}

/// A parsed id map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdMap {
    /// The file it came from.
    pub path: PathBuf,
    /// Export id -> engine id.
    pub entries: BTreeMap<i64, i64>,
    /// Engine id of every id not listed (`* = N`); `None` keeps unlisted ids.
    pub default: Option<i64>,
}

impl IdMap {
    /// The engine id of an export id.
    pub fn apply(&self, id: i64) -> i64 {
        self.entries.get(&id).copied().or(self.default).unwrap_or(id)
    }
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() {
        s.parse().ok()
    } else {
        None
    }
}

/// Parses an id map (at most [`romtool_common::diag::MAX_ERRORS_PER_FILE`] errors are listed).
pub fn parse(path: &Path, text: &str) -> Result<IdMap, Vec<Diag>> {
    let mut map = IdMap { path: path.to_path_buf(), entries: BTreeMap::new(), default: None };
    let mut errors = Diags::new(path);
    for (n, raw, line) in setting_lines(text) {
        let i = n - 1;
        let col = |part: &str| column_of(raw, part);
        let Some((lhs, rhs)) = line.split_once('=') else {
            errors.push(Diag::new(path, Loc::LineCol(i + 1, col(line)), "expected `ID = ENGINE_ID` (for example `1 = solid`)"));
            continue;
        };
        let to = match parse_int(rhs).or_else(|| shape_by_name(rhs).map(i64::from)) {
            Some(v) if (0..=u16::MAX as i64).contains(&v) => v,
            _ => {
                errors.push(Diag::new(
                    path,
                    Loc::LineCol(i + 1, col(rhs)),
                    format!(
                        "`{}`: expected an engine tile id (0..=65535) or a shape name (blank, solid, rise_1, ..., one_way)",
                        rhs.trim()
                    ),
                ));
                continue;
            }
        };
        if lhs.trim() == "*" {
            if map.default.replace(to).is_some() {
                errors.push(Diag::new(path, Loc::LineCol(i + 1, col(lhs)), "second `*` line: expected one default"));
            }
            continue;
        }
        let Some(from) = parse_int(lhs) else {
            errors.push(Diag::new(
                path,
                Loc::LineCol(i + 1, col(lhs)),
                format!("`{}`: expected the export's tile id (an integer) or `*`", lhs.trim()),
            ));
            continue;
        };
        if map.entries.insert(from, to).is_some() {
            errors.push(Diag::new(path, Loc::LineCol(i + 1, col(lhs)), format!("id {from} is mapped twice: expected one line per id")));
        }
    }
    if errors.is_empty() {
        Ok(map)
    } else {
        Err(errors.into_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_applies() {
        let m = parse(Path::new("x.idmap"), "# c\n1 = solid # s\n0x2=3\n\n* = blank\n").unwrap();
        assert_eq!((m.apply(1), m.apply(2), m.apply(7)), (2, 3, 0));
        let e = parse(Path::new("x.idmap"), "1 = sold\nfoo\n3 = 1\n3 = 2\n").unwrap_err();
        let e: Vec<String> = e.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            e[0],
            "x.idmap:1:5: `sold`: expected an engine tile id (0..=65535) or a shape name (blank, solid, rise_1, ..., one_way)"
        );
        assert_eq!(e[1], "x.idmap:2:1: expected `ID = ENGINE_ID` (for example `1 = solid`)");
        assert_eq!(e[2], "x.idmap:4:1: id 3 is mapped twice: expected one line per id");
    }
}
