//! The game's Tiled project (`NAME.tiled-project` in the level folder): where a game declares
//! its entity kinds, with Tiled's Custom Types Editor (View > Custom Types Editor), as Tiled
//! users already do. Tiled saves the project as JSON:
//!
//! ```json
//! { "folders": ["."],
//!   "propertyTypes": [
//!     { "type": "class", "name": "enemy", "color": "#fffc2424", "useAs": ["object"],
//!       "members": [ { "name": "speed", "type": "int", "value": 1 } ] },
//!     { "type": "enum", "name": "Facing", "storageType": "string",
//!       "values": ["left", "right"], "valuesAsFlags": false } ] }
//! ```
//!
//! Every class that objects may use (`useAs` has `object`, or no `useAs`: Tiled 1.8) is an
//! entity kind ([`crate::kinds`]), except `spawn` (the player's start, which has no members).
//! Members are `int`, `float` (the engine's fixed-point `Speed`), `bool`, `string`, `file`,
//! `color`, `object`, or an enum of the project (not a flags enum); class members are
//! errors, as is anything that gives no Rust name or two equal ones. Everything else of the project (folders, commands, classes
//! for tiles or layers, enums no member uses) is Tiled's and left alone.
//!
//! A folder without a project has no kinds (objects can only be the spawn point or
//! decoration); a folder with two is an error.

use crate::kinds::{self, EntityKinds, EnumType, FieldValue, Kind, Member, MemberType};
use crate::limits;
use crate::property_value::FIXED_FRACTION_BITS;
use romtool_common::diag::{Diag, Diags, Loc};
use romtool_common::jsonpos::{self, JPath};
use romtool_common::names;
use romtool_common::text;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The extension of Tiled project files.
pub const EXTENSION: &str = "tiled-project";

/// Generated type names that the project's enums must not take (the types of `levels.rs`;
/// the kinds' structs end in `Properties`, which no enum may).
pub const RESERVED_TYPES: [&str; 4] = ["LevelPoint", "EntityKind", "Entity", "Level"];

/// The Tiled project files of a level folder, sorted by name.
pub fn project_files(dir: &Path) -> Vec<PathBuf> {
    romtool_common::folder::files_with_extension(dir, EXTENSION)
}

/// The entity kinds declared by the Tiled project of level folder `dir` (none without a
/// project), or every error.
pub fn read_folder(dir: &Path) -> Result<EntityKinds, Vec<Diag>> {
    match project_files(dir).as_slice() {
        [] => Ok(EntityKinds::default()),
        [one] => read(one),
        [first, second, ..] => Err(vec![Diag::new(
            second,
            Loc::File,
            format!(
                "a second Tiled project in the level folder (the first is {}): expected one, which declares the game's entity kinds. Fix: keep one project file (merge their custom types in Tiled's Custom Types Editor), or move the other out of the folder",
                first.display()
            ),
        )]),
    }
}

/// The entity kinds declared by the project file `path`, or every error.
pub fn read(path: &Path) -> Result<EntityKinds, Vec<Diag>> {
    let text = text::read_text(path).map_err(|e| vec![Diag::new(path, Loc::File, e)])?;
    parse(path, &text)
}

/// One project being read, for error positions.
struct Reader<'t> {
    path: &'t Path,
    text: &'t str,
    diags: Diags,
}

impl Reader<'_> {
    fn error(&mut self, at: &JPath, msg: impl Into<String>) {
        if self.diags.full() {
            self.diags.count_more();
            return;
        }
        let loc = self.loc(at);
        self.diags.push(Diag::new(self.path, loc, msg));
    }

    /// The line and column of `at`.
    fn loc(&self, at: &JPath) -> Loc {
        let pos = jsonpos::locate(self.text, at);
        let (line, col) = text::LineIndex::new(self.text).locate(pos);
        Loc::LineCol(line, col)
    }
}

/// A class or enum entry of `propertyTypes`, before its members are read.
struct Entry<'v> {
    value: &'v Value,
    path: JPath,
    name: String,
}

/// The entity kinds of a project's text.
pub fn parse(path: &Path, text: &str) -> Result<EntityKinds, Vec<Diag>> {
    let root: Value = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        vec![Diag::new(path, Loc::LineCol(e.line(), e.column()), format!("JSON syntax error: {msg}"))]
    })?;
    let mut r = Reader { path, text, diags: Diags::new(path) };
    if !root.is_object() {
        r.error(&JPath::root(), "not a Tiled project: expected a JSON object (with `propertyTypes`, the custom types)");
        return Err(r.diags.into_vec());
    }
    let types_path = JPath::root().key("propertyTypes");
    let types: &[Value] = match root.get("propertyTypes") {
        None | Some(Value::Null) => &[],
        Some(Value::Array(a)) => a,
        Some(_) => {
            r.error(&types_path, "`propertyTypes` is not an array: expected Tiled's list of custom types");
            return Err(r.diags.into_vec());
        }
    };
    let mut classes = Vec::new();
    let mut enums: BTreeMap<String, Entry> = BTreeMap::new();
    for (i, t) in types.iter().enumerate() {
        let p = types_path.index(i);
        let Some(name) = t.get("name").and_then(Value::as_str) else {
            r.error(&p, "custom type without a `name`: expected Tiled's custom type (`name`, `type`)");
            continue;
        };
        let entry = Entry { value: t, path: p.clone(), name: name.to_string() };
        match t.get("type").and_then(Value::as_str).unwrap_or("enum") {
            "class" => classes.push(entry),
            // Tiled reads a missing or empty type as an enum.
            "enum" | "" => {
                enums.insert(name.to_string(), entry);
            }
            other => r.error(&p.key("type"), format!("custom type `{name}` has the type `{other}`: expected `class` or `enum`")),
        }
    }
    let mut out = EntityKinds { source: Some(path.to_path_buf()), kinds: Vec::new(), enums: Vec::new() };
    // Enum types already made, by Tiled name: (index in `out.enums`).
    let mut made_enums: BTreeMap<String, usize> = BTreeMap::new();
    for c in &classes {
        if !used_by_objects(c.value) {
            continue;
        }
        if let Some(kind) = read_class(&mut r, c, &enums, &mut made_enums, &mut out) {
            if out.kinds.len() >= limits::MAX_KINDS {
                r.error(&c.path, format!("more than {} entity kinds: expected at most {} (`EntityKind` has one variant each). Fix: merge kinds, telling them apart with a member", limits::MAX_KINDS, limits::MAX_KINDS));
                break;
            }
            if let Some(other) = out.kinds.iter().find(|k| k.variant == kind.variant) {
                let msg = format!(
                    "class `{}` gives the Rust name `{}`, as class `{}` does: expected distinct names. Fix: rename one of the classes",
                    kind.class, kind.variant, other.class
                );
                r.error(&c.path.key("name"), msg);
                continue;
            }
            out.kinds.push(kind);
        }
    }
    if r.diags.is_empty() {
        Ok(out)
    } else {
        Err(r.diags.into_vec())
    }
}

/// Whether objects may use a class (Tiled's `useAs` has `object`; Tiled 1.8 wrote no
/// `useAs`, and every class was usable everywhere).
fn used_by_objects(class: &Value) -> bool {
    match class.get("useAs") {
        Some(Value::Array(a)) => a.iter().any(|u| u.as_str() == Some("object")),
        _ => true,
    }
}

/// One class: a kind, or `None` (the spawn point, or errors reported).
fn read_class(
    r: &mut Reader,
    c: &Entry,
    enums: &BTreeMap<String, Entry>,
    made_enums: &mut BTreeMap<String, usize>,
    out: &mut EntityKinds,
) -> Option<Kind> {
    let members_path = c.path.key("members");
    let members: &[Value] = match c.value.get("members") {
        None | Some(Value::Null) => &[],
        Some(Value::Array(a)) => a,
        Some(_) => {
            r.error(&members_path, format!("class `{}`: `members` is not an array: expected Tiled's list of members", c.name));
            return None;
        }
    };
    if kinds::is_spawn(&c.name) {
        if !members.is_empty() {
            r.error(&members_path, format!("class `{}` is the player's start point (Level::spawn), not an entity kind: expected no members. Fix: remove its members in Tiled's Custom Types Editor", c.name));
        }
        return None;
    }
    let variant = match names::type_name(&c.name, "class") {
        Ok(v) => v,
        Err(why) => {
            r.error(&c.path.key("name"), format!("{why}. Fix: rename the class in Tiled's Custom Types Editor (and in the maps)"));
            return None;
        }
    };
    if members.len() > limits::MAX_PROPS {
        r.error(
            &members_path,
            format!(
                "class `{}` has {} members: expected at most {}. Fix: remove members the game does not read",
                c.name,
                members.len(),
                limits::MAX_PROPS
            ),
        );
        return None;
    }
    let colour = match c.value.get("color").and_then(Value::as_str).map(kinds::parse_colour) {
        None | Some(Some(None)) => kinds::DEFAULT_COLOUR,
        Some(Some(Some(rgb))) => rgb,
        Some(None) => {
            r.error(
                &c.path.key("color"),
                format!("class `{}`: `color` is not a colour: expected `#AARRGGBB` (as Tiled writes it)", c.name),
            );
            kinds::DEFAULT_COLOUR
        }
    };
    let before = r.diags.count();
    let mut kind = Kind { class: c.name.clone(), variant, members: Vec::new(), colour, sprite: None };
    for (i, m) in members.iter().enumerate() {
        if m.get("name").and_then(Value::as_str) == Some(kinds::SPRITE_MEMBER) {
            let p = members_path.index(i);
            match (m.get("type").and_then(Value::as_str).unwrap_or("string"), m.get("value")) {
                ("string", Some(Value::String(v))) if !v.trim().is_empty() && !v.trim().starts_with('/') => {
                    kind.sprite = Some(kinds::KindSprite::parse(v, r.loc(&p.key("value"))));
                }
                _ => r.error(&p, format!("class `{}`: member `{}` names the sprite its objects are drawn with: expected a string \"SHEET\" or \"SHEET/ANIMATION\" (a sheet of the game's sprite folder). Fix: give it the type string and a sheet's name as its value", c.name, kinds::SPRITE_MEMBER)),
            }
            continue;
        }
        if let Some(member) = read_member(r, c, m, members_path.index(i), enums, made_enums, out) {
            if let Some(other) = kind.members.iter().find(|o| o.field == member.field) {
                let msg = format!("class `{}`: member `{}` gives the Rust field `{}`, as member `{}` does: expected distinct names. Fix: rename one of them", c.name, member.name, member.field, other.name);
                r.error(&members_path.index(i).key("name"), msg);
                continue;
            }
            kind.members.push(member);
        }
    }
    (r.diags.count() == before).then_some(kind)
}

/// One member of class `c` (at `p`), or `None` after reporting why it cannot be one.
fn read_member(
    r: &mut Reader,
    c: &Entry,
    m: &Value,
    p: JPath,
    enums: &BTreeMap<String, Entry>,
    made_enums: &mut BTreeMap<String, usize>,
    out: &mut EntityKinds,
) -> Option<Member> {
    let Some(name) = m.get("name").and_then(Value::as_str) else {
        r.error(&p, format!("class `{}`: a member without a `name`", c.name));
        return None;
    };
    let what = format!("class `{}`: member `{name}`", c.name);
    let field = match names::field_name(name, "member") {
        Ok(f) => f,
        Err(why) => {
            r.error(&p.key("name"), format!("{what}: {why}. Fix: rename the member in Tiled's Custom Types Editor (and in the maps)"));
            return None;
        }
    };
    let tiled_type = m.get("type").and_then(Value::as_str).unwrap_or("string");
    let custom = m.get("propertyType").and_then(Value::as_str).filter(|s| !s.is_empty());
    let member_type = match (custom, tiled_type) {
        (Some(t), _) => match enums.get(t) {
            Some(e) => MemberType::Enum(make_enum(r, e, made_enums, out)?),
            None => {
                r.error(
                    &p.key("propertyType"),
                    format!("{what} is of the custom type `{t}`, a class or no type of the project: expected int, float, bool, string, file, color, object or an enum of the project. Fix: replace it with one member per field of `{t}`"),
                );
                return None;
            }
        },
        (None, "int") => MemberType::Int,
        (None, "bool") => MemberType::Bool,
        (None, "string") => MemberType::String,
        (None, "file") => MemberType::File,
        (None, "color") => MemberType::Colour,
        (None, "object") => MemberType::Object,
        (None, "float") => MemberType::Speed,
        (None, other) => {
            r.error(
                &p.key("type"),
                format!("{what} has the type `{other}`: expected int, float, bool, string, file, color, object or an enum of the project"),
            );
            return None;
        }
    };
    let value = m.get("value").unwrap_or(&Value::Null);
    let default = match (member_type, value) {
        (_, Value::Null) => zero(member_type),
        (MemberType::Int, Value::Number(n)) => n.as_i64().and_then(|v| i32::try_from(v).ok()).map(FieldValue::Int),
        (MemberType::Bool, Value::Bool(b)) => Some(FieldValue::Bool(*b)),
        (MemberType::String | MemberType::File, Value::String(s)) => Some(FieldValue::Str(s.clone())),
        (MemberType::Colour, Value::String(s)) => kinds::colour_word(s).map(FieldValue::Colour),
        (MemberType::Object, Value::Number(n)) => n.as_u64().and_then(|v| u32::try_from(v).ok()).map(FieldValue::Object),
        (MemberType::Speed, Value::Number(n)) => n
            .as_f64()
            .filter(|f| f.abs() < 1e9)
            .and_then(|f| kinds::speed_bits((f * (1u32 << FIXED_FRACTION_BITS) as f64).round() as i64))
            .map(FieldValue::Speed),
        (MemberType::Enum(e), Value::String(s)) => out.enums[e].values.iter().position(|v| v == s).map(FieldValue::Enum),
        (MemberType::Enum(e), Value::Number(n)) => {
            n.as_u64().and_then(|v| usize::try_from(v).ok()).filter(|&v| v < out.enums[e].values.len()).map(FieldValue::Enum)
        }
        _ => None,
    };
    let Some(default) = default else {
        let t = out.type_name(member_type);
        let range = match member_type {
            MemberType::Int => " (a 32-bit int)",
            MemberType::Object => " (an object id)",
            _ => "",
        };
        r.error(
            &p.key("value"),
            format!("{what}: the default {value} is not {t}{range}. Fix: set the default again in Tiled's Custom Types Editor"),
        );
        return None;
    };
    Some(Member { name: name.to_string(), field, member_type, default })
}

/// The default of a member written without a value (Tiled's zero of the type).
fn zero(t: MemberType) -> Option<FieldValue> {
    Some(match t {
        MemberType::Int => FieldValue::Int(0),
        MemberType::Bool => FieldValue::Bool(false),
        MemberType::String | MemberType::File => FieldValue::Str(String::new()),
        MemberType::Colour => FieldValue::Colour(0),
        MemberType::Object => FieldValue::Object(0),
        MemberType::Enum(_) => FieldValue::Enum(0),
        MemberType::Speed => FieldValue::Speed(0),
    })
}

/// The index in `out.enums` of the enum `e` (made the first time a member uses it), or `None`
/// after reporting why it cannot be a Rust enum.
fn make_enum(r: &mut Reader, e: &Entry, made: &mut BTreeMap<String, usize>, out: &mut EntityKinds) -> Option<usize> {
    if let Some(&i) = made.get(&e.name) {
        return Some(i);
    }
    let what = format!("enum `{}`", e.name);
    if e.value.get("valuesAsFlags").and_then(Value::as_bool) == Some(true) {
        r.error(&e.path.key("valuesAsFlags"), format!("{what} is a set of flags: expected an enum whose values are exclusive. Fix: untick \"Allow multiple values (flags)\" in Tiled's Custom Types Editor, or use one bool member per flag"));
        return None;
    }
    let rust_name = match names::type_name(&e.name, "enum") {
        Ok(n) => n,
        Err(why) => {
            r.error(&e.path.key("name"), format!("{why}. Fix: rename the enum in Tiled's Custom Types Editor"));
            return None;
        }
    };
    if RESERVED_TYPES.contains(&rust_name.as_str())
        || rust_name.ends_with("Properties")
        || out.enums.iter().any(|o| o.rust_name == rust_name)
    {
        r.error(&e.path.key("name"), format!("{what} gives the Rust type `{rust_name}`, which levels.rs already has (or a class's properties could): expected another name. Fix: rename the enum"));
        return None;
    }
    let values_path = e.path.key("values");
    let values: Vec<String> = match e.value.get("values") {
        Some(Value::Array(a)) if !a.is_empty() && a.len() <= limits::MAX_ENUM_VALUES && a.iter().all(Value::is_string) => {
            a.iter().filter_map(Value::as_str).map(str::to_string).collect()
        }
        _ => {
            r.error(&values_path, format!("{what}: expected a list of 1 to {} names as `values`", limits::MAX_ENUM_VALUES));
            return None;
        }
    };
    let mut variants: Vec<String> = Vec::new();
    for (i, v) in values.iter().enumerate() {
        match names::type_name(v, "enum value") {
            Ok(n) if variants.contains(&n) => {
                r.error(&values_path.index(i), format!("{what}: the value `{v}` gives the Rust variant `{n}`, as an earlier value does: expected distinct names. Fix: rename one of them"));
                return None;
            }
            Ok(n) => variants.push(n),
            Err(why) => {
                r.error(&values_path.index(i), format!("{what}: {why}. Fix: rename the value in Tiled's Custom Types Editor"));
                return None;
            }
        }
    }
    let stored_as_int = e.value.get("storageType").and_then(Value::as_str) == Some("int");
    out.enums.push(EnumType { name: e.name.clone(), rust_name, values, variants, stored_as_int });
    made.insert(e.name.clone(), out.enums.len() - 1);
    Some(out.enums.len() - 1)
}
