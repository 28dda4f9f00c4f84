//! Collision property maps: how a game's tilesets say what collides, mapped to the engine's
//! shapes once. Tilesets made for other engines mark their tiles with properties of their own
//! (`solid` = true, `unisolid` = true, `slope` = `0_2`, ...) or a tile class; instead of giving
//! every tile a `collision` property by hand, a game writes one small text file beside its
//! levels, `NAME.propmap` (one per level folder), that every Tiled map of the folder uses:
//!
//! ```text
//! # TILE PROPERTY = VALUE -> ENGINE SHAPE          (first matching line wins)
//! slope = 0_1      -> rise_1
//! slope = 1_0      -> fall_1
//! unisolid = true  -> one_way
//! solid = true     -> solid
//! class = spikes   -> height     # the tile's class (Tiled's Class / Type field)
//! ```
//!
//! The left side is a tile property's name and the value it must have (as Tiled writes it:
//! `true` / `false`, a number, a string), or `class` and the tile's class; the right side is
//! an engine id, a shape name (`solid`, `rise_1`, `one_way`, ... as in id maps) or `height`
//! (the tile's picture is a height tile). A tile's own `collision` property wins over the
//! map; a tile that matches no line is blank. Why a file and not the Tiled project: these are
//! rules over values (`slope` = `0_2` is one shape, `slope` = `2_0` another), which Tiled's
//! property editor cannot hold as a table; a text file says it in a line each, with a line
//! number for every error.

use crate::idmap;
use crate::property_value::{PropValue, Property, FIXED_FRACTION_BITS};
use megacollide_engine::shape;
use romtool_common::diag::{Diag, Diags, Loc};
use romtool_common::text::{self, column_of, setting_lines};
use std::path::{Path, PathBuf};

/// The extension of property map files.
pub const EXTENSION: &str = "propmap";

/// The pseudo-property that matches a tile's class.
pub const CLASS: &str = "class";

/// What collides in a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileCollision {
    /// A built-in shape (engine id).
    Shape(u16),
    /// The tile's picture is a height tile (opaque pixels solid).
    Height,
}

/// An engine shape as written in a `collision` property or a property map: an engine id
/// (`0`, `2..=19`), a shape name (`solid`, `rise_1`, `one_way`, ...) or `height`.
pub fn parse_shape(s: &str) -> Option<TileCollision> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("height") {
        return Some(TileCollision::Height);
    }
    idmap::shape_by_name(t)
        .or_else(|| t.parse::<u16>().ok().filter(|&i| shape::is_builtin(i) && i != shape::RESERVED_1))
        .map(TileCollision::Shape)
}

/// One line of a property map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The tile property (or [`CLASS`]).
    pub property: String,
    /// The value it must have, as written.
    pub value: String,
    /// What a matching tile is.
    pub collision: TileCollision,
    /// The line of the file.
    pub line: usize,
}

/// A property map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyMap {
    /// The file.
    pub path: PathBuf,
    /// Its rules, in file order.
    pub rules: Vec<Rule>,
}

/// Whether a property's value is `value` as written in a map file.
fn value_is(v: &PropValue, value: &str) -> bool {
    match v {
        PropValue::Bool(b) => value.eq_ignore_ascii_case(if *b { "true" } else { "false" }),
        PropValue::Int(i) => value.parse::<i64>() == Ok(*i),
        PropValue::Str(s) => s == value,
        PropValue::Fixed(v) => value.parse::<f64>().is_ok_and(|f| (f * (1u32 << FIXED_FRACTION_BITS) as f64).round() as i64 == *v),
    }
}

impl PropertyMap {
    /// The collision of a tile with class `class` and properties `props`: the first rule that
    /// matches, or `None`.
    pub fn collision_of(&self, class: Option<&str>, props: &[Property]) -> Option<TileCollision> {
        self.rules
            .iter()
            .find(|r| {
                if r.property == CLASS {
                    class == Some(r.value.as_str())
                } else {
                    props.iter().any(|p| p.name == r.property && value_is(&p.value, &r.value))
                }
            })
            .map(|r| r.collision)
    }
}

/// The property map of level folder `dir` (`None`: it has none), or its errors.
pub fn read_folder(dir: &Path) -> Result<Option<PropertyMap>, Vec<Diag>> {
    let files = romtool_common::folder::files_with_extension(dir, EXTENSION);
    match files.as_slice() {
        [] => Ok(None),
        [one] => {
            let text = text::read_text(one).map_err(|e| vec![Diag::new(one, Loc::File, e)])?;
            parse(one, &text).map(Some)
        }
        [first, second, ..] => Err(vec![Diag::new(
            second,
            Loc::File,
            format!("a second collision property map in the level folder (the first is {}): expected one for every map of the folder. Fix: merge them into one file", first.display()),
        )]),
    }
}

/// Parses a property map (at most [`romtool_common::diag::MAX_ERRORS_PER_FILE`] errors listed).
pub fn parse(path: &Path, text: &str) -> Result<PropertyMap, Vec<Diag>> {
    let mut map = PropertyMap { path: path.to_path_buf(), rules: Vec::new() };
    let mut errors = Diags::new(path);
    for (n, raw, line) in setting_lines(text) {
        let i = n - 1;
        let col = |part: &str| column_of(raw, part);
        let expected = "expected `PROPERTY = VALUE -> SHAPE` (for example `solid = true -> solid`, or `class = ladder -> blank`)";
        let Some((lhs, rhs)) = line.split_once("->") else {
            errors.push(Diag::new(path, Loc::LineCol(i + 1, col(line)), expected));
            continue;
        };
        let Some((property, value)) = lhs.split_once('=') else {
            errors.push(Diag::new(path, Loc::LineCol(i + 1, col(lhs)), expected));
            continue;
        };
        let (property, value) = (property.trim(), value.trim());
        if property.is_empty() || value.is_empty() {
            errors.push(Diag::new(path, Loc::LineCol(i + 1, col(lhs)), format!("`{}`: {expected}", lhs.trim())));
            continue;
        }
        let Some(collision) = parse_shape(rhs) else {
            errors.push(Diag::new(
                path,
                Loc::LineCol(i + 1, col(rhs)),
                format!("`{}`: expected an engine shape: a shape name (blank, solid, rise_1, ..., one_way), an engine id (0, 2..=19) or `height`", rhs.trim()),
            ));
            continue;
        };
        if let Some(first) = map.rules.iter().find(|r| r.property == property && r.value == value) {
            errors.push(Diag::new(
                path,
                Loc::LineCol(i + 1, col(lhs)),
                format!("`{property} = {value}` is mapped twice (first on line {}): expected one line per value", first.line),
            ));
            continue;
        }
        map.rules.push(Rule { property: property.to_string(), value: value.to_string(), collision, line: i + 1 });
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

    fn prop(name: &str, value: PropValue) -> Property {
        Property { name: name.into(), tiled_type: "string".into(), value, custom_type: None }
    }

    #[test]
    fn first_matching_line_wins() {
        let m = parse(
            Path::new("t.propmap"),
            "# rules\nslope = 0_2 -> rise_2a\nsolid = true -> solid  # any solid tile\nclass = spikes -> height\nlevel = 3 -> 19\n",
        )
        .unwrap();
        assert_eq!(m.rules.len(), 4);
        let solid = prop("solid", PropValue::Bool(true));
        let slope = prop("slope", PropValue::Str("0_2".into()));
        assert_eq!(m.collision_of(None, std::slice::from_ref(&solid)), Some(TileCollision::Shape(shape::SOLID)));
        assert_eq!(m.collision_of(None, &[solid.clone(), slope]), Some(TileCollision::Shape(shape::RISE_2A)));
        assert_eq!(m.collision_of(Some("spikes"), &[]), Some(TileCollision::Height));
        assert_eq!(m.collision_of(None, &[prop("level", PropValue::Int(3))]), Some(TileCollision::Shape(shape::ONE_WAY)));
        assert_eq!(m.collision_of(None, &[prop("solid", PropValue::Bool(false))]), None);
    }

    #[test]
    fn errors_at_their_line_and_column() {
        let e = parse(
            Path::new("t.propmap"),
            "solid = true -> solid\nsolid true -> solid\nslope = 0_2 -> ramp\nsolid = true -> 2\n = x -> solid\n",
        )
        .unwrap_err();
        let e: Vec<String> = e.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            e,
            [
                "t.propmap:2:1: expected `PROPERTY = VALUE -> SHAPE` (for example `solid = true -> solid`, or `class = ladder -> blank`)",
                "t.propmap:3:16: `ramp`: expected an engine shape: a shape name (blank, solid, rise_1, ..., one_way), an engine id (0, 2..=19) or `height`",
                "t.propmap:4:1: `solid = true` is mapped twice (first on line 1): expected one line per value",
                "t.propmap:5:2: `= x`: expected `PROPERTY = VALUE -> SHAPE` (for example `solid = true -> solid`, or `class = ladder -> blank`)",
            ]
        );
    }
}
