//! The entity kinds of a game: the classes of the game's Tiled project that objects may use
//! (Tiled's Custom Types Editor; read by [`crate::project`]), each with its typed members and
//! their defaults. romtool names no kind of any game: the one object class it knows itself is
//! [`SPAWN`], the player's start point (`Level::spawn`, not an entity).
//!
//! An object's class (or type, or name) must be a declared kind; its properties must be
//! members of that kind, of the member's type; members it does not set take the project's
//! default, as in Tiled (which does not write a property that keeps its default into the
//! map). The typed values ([`FieldValue`], in member order) become the kind's generated
//! Rust struct (`EnemyProperties { speed: 1 }`).

use crate::property_value::{fixed_text, PropValue, Property, FIXED_FRACTION_BITS};
use romtool_common::diag::{Diag, Loc};
use romtool_common::names;
use std::path::{Path, PathBuf};

/// The object class of the spawn point (not an entity: it becomes `Level::spawn`), matched
/// ignoring ASCII case.
pub const SPAWN: &str = "spawn";

/// Whether `class` is the spawn point's class.
pub fn is_spawn(class: &str) -> bool {
    class.eq_ignore_ascii_case(SPAWN)
}

/// The type of a member, and of the generated field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberType {
    /// Tiled `int`: `i32`.
    Int,
    /// Tiled `bool`: `bool`.
    Bool,
    /// Tiled `string`: `&'static str`.
    String,
    /// Tiled `file` (a path as written): `&'static str`.
    File,
    /// Tiled `color`: `u16`, the Mega Drive colour word (9-bit BGR, quantised as the art's
    /// colours; alpha ignored; unset is 0).
    Colour,
    /// Tiled `object` (a reference to another object): `u32`, its object id (0: none).
    Object,
    /// A Tiled enum of the project (index into [`EntityKinds::enums`]): its generated enum.
    Enum(usize),
    /// Tiled `float`: the engine's fixed-point `Speed` (`I8F8`: pixels, or pixels per frame,
    /// from -128 to 127.996 in steps of 1/256; a value between two steps is rounded to the
    /// nearest), so speeds and gravities arrive as the engine's type.
    Speed,
}

/// The range of a [`MemberType::Speed`] value in 1/256ths (`I8F8`'s bits).
const SPEED_BITS: std::ops::RangeInclusive<i64> = i16::MIN as i64..=i16::MAX as i64;

/// A float's value in 1/256ths as a `Speed`'s bits, if in range.
pub fn speed_bits(v: i64) -> Option<i16> {
    SPEED_BITS.contains(&v).then_some(v as i16)
}

/// A typed member value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// An `int`.
    Int(i32),
    /// A `bool`.
    Bool(bool),
    /// A `string` or `file`.
    Str(String),
    /// A `color` as a Mega Drive colour word.
    Colour(u16),
    /// An `object` id.
    Object(u32),
    /// An enum value (its index in the enum's values).
    Enum(usize),
    /// A `float` as the bits of the engine's `Speed` (1/256ths).
    Speed(i16),
}

/// A member of a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its name in Tiled.
    pub name: String,
    /// Its Rust field name (`ping_pong`, `r#type`).
    pub field: String,
    /// Its type.
    pub member_type: MemberType,
    /// Its default (the project's value).
    pub default: FieldValue,
}

/// The member of a class that names the sprite its objects are drawn with: a string
/// `"SHEET"` or `"SHEET/ANIMATION"` (a sheet of the game's sprite folder, and one of its
/// animations; the sheet's first when left out). Not a field of the properties: the sprite is
/// the class's, drawn by the sprite engine with no code in the game.
pub const SPRITE_MEMBER: &str = "sprite";

/// What the objects of a drawn kind show (its class's [`SPRITE_MEMBER`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindSprite {
    /// The sheet's name (its file stem in the sprite folder).
    pub sheet: String,
    /// The animation's name (`None`: the sheet's first).
    pub animation: Option<String>,
    /// Where the member's value is written (the project file's line and column).
    pub loc: Loc,
    /// The generated items it names, once checked against the sprite folder: the sheet's
    /// module and the animation's static (`spring`, `IDLE`).
    pub items: Option<(String, String)>,
}

impl KindSprite {
    /// The member's value split at its `/`.
    pub fn parse(value: &str, loc: Loc) -> KindSprite {
        let (sheet, animation) = match value.split_once('/') {
            Some((s, a)) => (s.trim().to_string(), Some(a.trim().to_string())),
            None => (value.trim().to_string(), None),
        };
        KindSprite { sheet, animation, loc, items: None }
    }
}

pub use romtool_sprites::SheetNames;

/// The palette lines sprite sheets share with the art of `levels` (each given as its file
/// and the lines its art uses, `0..lines`): an error per sheet and level, naming both.
pub fn palette_conflicts(sheets: Option<&SheetNames>, levels: &[(&Path, usize)]) -> Vec<Diag> {
    let Some(sheets) = sheets else { return Vec::new() };
    let mut errors = Vec::new();
    for (line, json) in &sheets.low_lines {
        for (level, lines) in levels {
            if (*line as usize) < *lines {
                errors.push(Diag::new(
                    json,
                    Loc::File,
                    format!(
                        "`palette_line` {line}: the art of level {} uses palette lines 0..={} too, so one of them would show the other's colours. Fix: give the sheet line 3 (the sprites'), or line {} and up if every level's art leaves it free, or use fewer colours in the level's art",
                        level.display(),
                        lines - 1,
                        lines
                    ),
                ));
            }
        }
    }
    errors
}

/// Checks the [`SPRITE_MEMBER`] of every kind of `kinds` against the game's sprite sheets
/// `sheets` (`None`: the game has no sprite folder) and fills in the items each names.
/// Errors name the project file's line.
pub fn resolve_sprites(kinds: &mut EntityKinds, sheets: Option<&SheetNames>) -> Result<(), Vec<Diag>> {
    let source = kinds.source.clone().unwrap_or_default();
    let mut errors = Vec::new();
    for k in &mut kinds.kinds {
        let Some(sprite) = &mut k.sprite else { continue };
        let err = |msg: String| Diag::new(&source, sprite.loc.clone(), format!("class `{}`: member `{SPRITE_MEMBER}`: {msg}", k.class));
        let Some(names) = sheets else {
            errors.push(err(format!("the objects are drawn with the sprite sheet `{}`, but no sprite folder is given. Fix: put the sheet in the game's `sprites/` folder (beside `levels/`; `romtool levels --sprites DIR`), or remove the member", sprite.sheet)));
            continue;
        };
        let Some(list) = &names.sheets else {
            errors.push(err(format!(
                "cannot check the sheet `{}`: the sprite folder {} has errors (romtool sprites lists them)",
                sprite.sheet,
                names.dir.display()
            )));
            continue;
        };
        let Some((_, module, animations)) = list.iter().find(|(n, _, _)| *n == sprite.sheet) else {
            let have: Vec<String> = list.iter().map(|(n, _, _)| format!("`{n}`")).collect();
            errors.push(err(format!(
                "no sprite sheet `{}` in {}: expected one of {}. Fix: add {}.png and {}.json there, or name another sheet",
                sprite.sheet,
                names.dir.display(),
                if have.is_empty() { "none (the folder has no sheets)".to_string() } else { have.join(", ") },
                sprite.sheet,
                sprite.sheet
            )));
            continue;
        };
        let animation = match &sprite.animation {
            Some(a) if animations.contains(a) => a.clone(),
            Some(a) => {
                let have: Vec<String> = animations.iter().map(|n| format!("`{n}`")).collect();
                errors.push(err(format!(
                    "the sheet `{}` has no animation `{a}`: expected one of {}",
                    sprite.sheet,
                    if have.is_empty() { "none".to_string() } else { have.join(", ") }
                )));
                continue;
            }
            None => match animations.first() {
                Some(a) => a.clone(),
                None => {
                    errors.push(err(format!(
                        "the sheet `{}` has no animations: expected at least one to show. Fix: add one to its JSON",
                        sprite.sheet
                    )));
                    continue;
                }
            },
        };
        sprite.items = Some((module.clone(), names::ident_of(&animation)));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Whether any kind of `kinds` is drawn (has a [`SPRITE_MEMBER`]).
pub fn any_drawn(kinds: &EntityKinds) -> bool {
    kinds.kinds.iter().any(|k| k.sprite.is_some())
}

/// The sprite folder beside a level folder (`levels/../sprites`), if there is one: where a
/// game made from the template keeps its sheets.
pub fn sprites_beside(level_dir: &Path) -> Option<PathBuf> {
    let dir = level_dir.parent()?.join("sprites");
    dir.is_dir().then_some(dir)
}

/// An entity kind: a class of the project that objects may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The Tiled class name (`enemy`).
    pub class: String,
    /// The `EntityKind` variant (`Enemy`); its properties struct is `EnemyProperties`.
    pub variant: String,
    /// The members, in the project's order.
    pub members: Vec<Member>,
    /// Tiled's colour of the class (RGB): objects of the kind are outlined in it on previews.
    pub colour: [u8; 3],
    /// The sprite its objects are drawn with (its [`SPRITE_MEMBER`]), if any.
    pub sprite: Option<KindSprite>,
}

impl Kind {
    /// The name of the generated struct of the kind's properties (`EnemyProperties`).
    pub fn properties_type(&self) -> String {
        format!("{}Properties", self.variant)
    }
}

/// A Tiled enum of the project that a member uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumType {
    /// Its Tiled name (`Direction`).
    pub name: String,
    /// Its generated Rust enum (`Direction`).
    pub rust_name: String,
    /// Its values as Tiled writes them.
    pub values: Vec<String>,
    /// Their Rust variants.
    pub variants: Vec<String>,
    /// Tiled's `storageType`: values written as their index (`int`) rather than their name.
    pub stored_as_int: bool,
}

/// Tiled's colour of a class that has none (its Custom Types Editor default, #a0a0a4).
pub const DEFAULT_COLOUR: [u8; 3] = [0xa0, 0xa0, 0xa4];

/// The entity kinds of a game (empty: a level folder without a Tiled project).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntityKinds {
    /// The project file they come from.
    pub source: Option<PathBuf>,
    /// The kinds, in the project's order.
    pub kinds: Vec<Kind>,
    /// The enums their members use.
    pub enums: Vec<EnumType>,
}

impl EntityKinds {
    /// The kind of class `class` (exactly as declared).
    pub fn get(&self, class: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.class == class)
    }

    /// Whether `class` is the spawn point or a kind.
    pub fn is_known(&self, class: &str) -> bool {
        is_spawn(class) || self.get(class).is_some()
    }

    /// The classes an object may have, for messages: `` `spawn`, `enemy`, `platform` ``.
    pub fn expected_list(&self) -> String {
        std::iter::once(SPAWN).chain(self.kinds.iter().map(|k| k.class.as_str())).map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
    }

    /// Where the kinds are declared, for messages.
    pub fn where_declared(&self) -> String {
        match &self.source {
            Some(p) => format!("the game's Tiled project {}", p.display()),
            None => "the game's Tiled project (the level folder has no `.tiled-project` file)".to_string(),
        }
    }

    /// Why an object's class `class` is no kind, with the fix.
    pub fn unknown_class(&self, class: &str) -> String {
        let near = self
            .kinds
            .iter()
            .find(|k| k.class.eq_ignore_ascii_case(class))
            .map(|k| format!(" (the project has `{}`: class names are case-sensitive)", k.class))
            .unwrap_or_default();
        let declare = match self.source {
            Some(_) => "declare the class in the project (Tiled: View > Custom Types Editor, a class used as object, then save the project)",
            None => "save a Tiled project in the level folder (Tiled: Project > Save Project As) and declare the class in it (View > Custom Types Editor, a class used as object)",
        };
        format!(
            "class `{class}` is not an entity kind declared in {}{near}: expected one of {}. Fix: {declare}, or set the object's class to one of these, or clear its class and type to keep it as decoration (skipped with a warning)",
            self.where_declared(),
            self.expected_list()
        )
    }

    /// The typed values of an object of `kind` with custom properties `props` (the kind's
    /// members in order, defaults for those not set), or why they are not.
    pub fn fields(&self, kind: &Kind, props: &[Property]) -> Result<Vec<FieldValue>, String> {
        for p in props {
            if p.name == SPRITE_MEMBER && kind.sprite.is_some() {
                return Err(format!(
                    "property `{SPRITE_MEMBER}`: the sprite of class `{}` is the class's (its member `{SPRITE_MEMBER}` in {}), not each object's. Fix: remove the property from the object, or make a class of its own for objects drawn otherwise",
                    kind.class,
                    self.where_declared()
                ));
            }
            if !kind.members.iter().any(|m| m.name == p.name) {
                let members: Vec<String> = kind.members.iter().map(|m| format!("`{}`", m.name)).collect();
                return Err(format!(
                    "property `{}` is not a member of class `{}` (members: {}). Fix: add the member to the class in {} (Tiled: View > Custom Types Editor), or remove the property from the object",
                    p.name,
                    kind.class,
                    if members.is_empty() { "none".to_string() } else { members.join(", ") },
                    self.where_declared()
                ));
            }
        }
        kind.members
            .iter()
            .map(|m| match props.iter().rev().find(|p| p.name == m.name) {
                None => Ok(m.default.clone()),
                Some(p) => self.value_of(m.member_type, p).map_err(|why| {
                    format!(
                        "property `{}` {why}: expected {} (member `{}` of class `{}` in {})",
                        p.name,
                        self.type_name(m.member_type),
                        m.name,
                        kind.class,
                        self.where_declared()
                    )
                }),
            })
            .collect()
    }

    /// A member type as Tiled names it, for messages (`int`, `enum Direction`).
    pub fn type_name(&self, t: MemberType) -> String {
        match t {
            MemberType::Int => "an int".into(),
            MemberType::Bool => "a bool".into(),
            MemberType::String => "a string".into(),
            MemberType::File => "a file".into(),
            MemberType::Colour => "a color".into(),
            MemberType::Object => "an object".into(),
            MemberType::Speed => "a float from -128 to 127.996 (the engine's `Speed`)".into(),
            MemberType::Enum(i) => {
                let e = &self.enums[i];
                format!("a value of enum `{}` ({})", e.name, e.values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", "))
            }
        }
    }

    /// The value of property `p` as type `t`, or why it is not one (`is a string "fast"`).
    fn value_of(&self, t: MemberType, p: &Property) -> Result<FieldValue, String> {
        let written = || match &p.value {
            PropValue::Int(i) => format!("is {} {i}", article(&p.tiled_type)),
            PropValue::Bool(b) => format!("is {} {b}", article(&p.tiled_type)),
            PropValue::Str(s) => format!("is {} \"{}\"", article(&p.tiled_type), s.chars().take(40).collect::<String>()),
            PropValue::Fixed(v) => format!("is {} {}", article(&p.tiled_type), fixed_text(*v)),
        };
        let typed = |want: &str| p.tiled_type == want;
        match (t, &p.value) {
            (MemberType::Int, PropValue::Int(i)) if typed("int") => Ok(FieldValue::Int(*i as i32)),
            (MemberType::Bool, PropValue::Bool(b)) if typed("bool") => Ok(FieldValue::Bool(*b)),
            (MemberType::String, PropValue::Str(s)) if typed("string") => Ok(FieldValue::Str(s.clone())),
            (MemberType::File, PropValue::Str(s)) if typed("file") => Ok(FieldValue::Str(s.clone())),
            (MemberType::Colour, PropValue::Str(s)) if typed("color") => {
                colour_word(s).map(FieldValue::Colour).ok_or_else(|| format!("is the color \"{s}\", not `#RRGGBB` or `#AARRGGBB`"))
            }
            (MemberType::Speed, PropValue::Int(i)) if typed("float") => speed_bits(i << FIXED_FRACTION_BITS)
                .map(FieldValue::Speed)
                .ok_or_else(|| format!("is the float {i}, out of a `Speed`'s range")),
            (MemberType::Speed, PropValue::Fixed(v)) if typed("float") => {
                speed_bits(*v).map(FieldValue::Speed).ok_or_else(|| format!("is the float {}, out of a `Speed`'s range", fixed_text(*v)))
            }
            (MemberType::Object, PropValue::Int(i)) if typed("object") => {
                u32::try_from(*i).map(FieldValue::Object).map_err(|_| format!("is the object id {i}"))
            }
            (MemberType::Enum(e), value) => {
                let en = &self.enums[e];
                if let Some(ct) = p.custom_type.as_ref().filter(|ct| **ct != en.name) {
                    return Err(format!("is of the custom type `{ct}`"));
                }
                let index = match value {
                    PropValue::Str(s) if typed("string") => en.values.iter().position(|v| v == s),
                    PropValue::Int(i) if typed("int") => usize::try_from(*i).ok().filter(|&i| i < en.values.len()),
                    _ => None,
                };
                index.map(FieldValue::Enum).ok_or_else(written)
            }
            _ => Err(written()),
        }
    }
}

fn article(tiled_type: &str) -> String {
    if tiled_type.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {tiled_type}")
    } else {
        format!("a {tiled_type}")
    }
}

/// A Tiled colour (`#RRGGBB` or `#AARRGGBB`, alpha ignored; empty: unset) as RGB.
pub fn parse_colour(s: &str) -> Option<Option<[u8; 3]>> {
    let t = s.trim();
    if t.is_empty() {
        return Some(None);
    }
    let hex = t.strip_prefix('#').unwrap_or(t);
    let hex = match hex.len() {
        6 => hex,
        8 => &hex[2..],
        _ => return None,
    };
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some(Some([(v >> 16) as u8, (v >> 8) as u8, v as u8]))
}

/// A Tiled colour as a Mega Drive colour word (unset: 0).
pub fn colour_word(s: &str) -> Option<u16> {
    parse_colour(s).map(|c| c.map_or(0, romtool_gfx::cells::quantise))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds() -> EntityKinds {
        EntityKinds {
            source: Some(PathBuf::from("levels/game.tiled-project")),
            kinds: vec![Kind {
                class: "enemy".into(),
                variant: "Enemy".into(),
                members: vec![
                    Member { name: "speed".into(), field: "speed".into(), member_type: MemberType::Int, default: FieldValue::Int(1) },
                    Member {
                        name: "facing".into(),
                        field: "facing".into(),
                        member_type: MemberType::Enum(0),
                        default: FieldValue::Enum(0),
                    },
                    Member { name: "tint".into(), field: "tint".into(), member_type: MemberType::Colour, default: FieldValue::Colour(0) },
                ],
                colour: DEFAULT_COLOUR,
                sprite: None,
            }],
            enums: vec![EnumType {
                name: "Facing".into(),
                rust_name: "Facing".into(),
                values: vec!["left".into(), "right".into()],
                variants: vec!["Left".into(), "Right".into()],
                stored_as_int: false,
            }],
        }
    }

    fn prop(name: &str, tiled_type: &str, value: PropValue) -> Property {
        Property { name: name.into(), tiled_type: tiled_type.into(), value, custom_type: None }
    }

    #[test]
    fn members_typed_and_defaulted() {
        let k = kinds();
        let enemy = k.get("enemy").unwrap();
        assert_eq!(k.fields(enemy, &[]).unwrap(), [FieldValue::Int(1), FieldValue::Enum(0), FieldValue::Colour(0)]);
        let set = [
            prop("speed", "int", PropValue::Int(3)),
            prop("facing", "string", PropValue::Str("right".into())),
            prop("tint", "color", PropValue::Str("#ffff0000".into())),
        ];
        assert_eq!(k.fields(enemy, &set).unwrap(), [FieldValue::Int(3), FieldValue::Enum(1), FieldValue::Colour(0x000E)]);
        let e = k.fields(enemy, &[prop("speed", "string", PropValue::Str("fast".into()))]).unwrap_err();
        assert!(e.starts_with("property `speed` is a string \"fast\": expected an int (member `speed` of class `enemy` in the game's Tiled project levels/game.tiled-project)"), "{e}");
        let e = k.fields(enemy, &[prop("facing", "string", PropValue::Str("up".into()))]).unwrap_err();
        assert!(e.contains("expected a value of enum `Facing` (`left`, `right`)"), "{e}");
        let e = k.fields(enemy, &[prop("sped", "int", PropValue::Int(3))]).unwrap_err();
        assert!(e.starts_with("property `sped` is not a member of class `enemy` (members: `speed`, `facing`, `tint`)"), "{e}");
        assert!(k.unknown_class("Enemy").contains("(the project has `enemy`: class names are case-sensitive)"));
        assert!(k.is_known("Spawn") && k.is_known("enemy") && !k.is_known("coin"));
    }
}
