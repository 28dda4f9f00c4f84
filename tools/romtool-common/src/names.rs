//! Rust names made from names in the input files: the one identifier rule of every tool
//! ([`ident_of`]: level items `e1m1` -> `E1M1`, sprite sheets, sounds), the types, variants
//! and fields generated from the game's Tiled project (`moving_platform` -> `MovingPlatform`,
//! `pingPong` -> `ping_pong`), and string literals ([`rust_str`]). Every generated name is
//! plain ASCII Rust.

use std::fmt::Write as _;

/// The Rust identifier prefix of a level name: upper case, every character other than an
/// ASCII letter or digit becomes `_`, a leading digit gets `L` in front (`e1m1` -> `E1M1`,
/// `1-1` -> `L1_1`). A name without any ASCII letter or digit gives `L`; see
/// [`level_ident`] for the check the compiler applies.
pub fn ident_of(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'L');
    }
    s
}

/// The identifier prefix of a level name, or why the name cannot be one: it must contain an
/// ASCII letter or digit (`_.h` or `ééé.h` would give no readable Rust name). The same as
/// [`item_ident`] for a `level name`.
pub fn level_ident(name: &str) -> Result<String, String> {
    item_ident(name, "level name")
}

/// The Rust item name (or prefix) of a file's name, by the rule of [`ident_of`], or why the
/// name cannot give one: it must contain an ASCII letter or digit. `what` names the thing in
/// the error (`level name`, `sheet name`, `sound name`). Every tool names its generated items
/// from file names this way (levels, sprite sheets, sounds).
pub fn item_ident(name: &str, what: &str) -> Result<String, String> {
    if !name.chars().any(|c| c.is_ascii_alphanumeric()) {
        return Err(format!(
            "{what} `{name}` has no ASCII letter or digit, so it gives no Rust item name: rename the file (ASCII letters, digits, `_` and `-`)"
        ));
    }
    Ok(ident_of(name))
}

/// Rust's keywords (strict and reserved, every edition): a field with one of these names is
/// written as a raw identifier (`r#type`).
const KEYWORDS: [&str; 51] = [
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop",
    "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe",
    "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof",
    "unsized", "virtual", "yield", "try",
];

/// Keywords that cannot be raw identifiers either.
const NOT_RAW: [&str; 5] = ["crate", "self", "Self", "super", "_"];

/// The words of a name: runs of ASCII letters and digits, also split where a lower-case letter
/// or digit is followed by an upper-case one (`pingPong`, `ping_pong` and `ping pong` all give
/// `ping`, `Pong`/`pong`).
fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Why a name gives no Rust identifier: it must be ASCII and start with a letter (after any
/// separators such as `_`, `-` or spaces).
fn check_start(name: &str, what: &str) -> Result<(), String> {
    if !name.is_ascii() {
        return Err(format!(
            "{what} `{name}` has characters other than ASCII, so it gives no Rust name: expected ASCII letters, digits, `_`, `-` or spaces"
        ));
    }
    match name.chars().find(|c| c.is_ascii_alphanumeric()) {
        Some(c) if c.is_ascii_alphabetic() => Ok(()),
        Some(_) => {
            Err(format!("{what} `{name}` starts with a digit, so it gives no Rust name: expected a name starting with an ASCII letter"))
        }
        None => {
            Err(format!("{what} `{name}` has no ASCII letter, so it gives no Rust name: expected a name of ASCII letters, digits and `_`"))
        }
    }
}

/// The Rust type (or enum variant) name of a Tiled class or enum value: upper camel case
/// (`moving_platform` -> `MovingPlatform`, `coin` -> `Coin`, `bigEnemy` -> `BigEnemy`); `what`
/// names the thing in the error.
pub fn type_name(name: &str, what: &str) -> Result<String, String> {
    check_start(name, what)?;
    let s: String = words(name)
        .iter()
        .map(|w| {
            let mut cs = w.chars();
            cs.next().map(|f| f.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
        })
        .collect();
    if NOT_RAW.contains(&s.as_str()) {
        return Err(format!("{what} `{name}` gives the Rust name `{s}`, a keyword: expected another name"));
    }
    Ok(s)
}

/// The Rust field name of a class member: snake case (`pingPong` -> `ping_pong`, `Speed` ->
/// `speed`); a keyword becomes a raw identifier (`type` -> `r#type`). `what` names the thing
/// in the error.
pub fn field_name(name: &str, what: &str) -> Result<String, String> {
    check_start(name, what)?;
    let s = words(name).iter().map(|w| w.to_ascii_lowercase()).collect::<Vec<_>>().join("_");
    if NOT_RAW.contains(&s.as_str()) {
        return Err(format!("{what} `{name}` gives the Rust name `{s}`, a keyword that cannot be a field: expected another name"));
    }
    Ok(if KEYWORDS.contains(&s.as_str()) { format!("r#{s}") } else { s })
}

/// The Rust module name of an item prefix made by [`ident_of`] (`PLAYER` -> `player`); a
/// keyword becomes a raw identifier (`TYPE` -> `r#type`). `what` names the thing in the error.
pub fn module_name(ident: &str, what: &str) -> Result<String, String> {
    let s = ident.to_ascii_lowercase();
    if NOT_RAW.contains(&s.as_str()) {
        return Err(format!("{what} gives the Rust module name `{s}`, a keyword that cannot be a module: expected another name"));
    }
    Ok(if KEYWORDS.contains(&s.as_str()) { format!("r#{s}") } else { s })
}

/// A Rust string literal for any text: printable ASCII as is (`"` and backslash escaped),
/// anything else as `\u{...}`, `\n` or `\t` escapes, so the literal is always valid and the
/// generated file stays ASCII.
pub fn rust_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            ' '..='~' => o.push(c),
            _ => {
                let _ = write!(o, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    o.push('"');
    o
}

/// The Rust identifier part of a name inside a file (a GIMP palette entry), appended to a
/// prefix (`PAL_`), so it may start with a digit: upper case, every run of characters other than
/// ASCII letters and digits becomes one `_`, no `_` at either end (`Text` -> `TEXT`,
/// `skin shade` -> `SKIN_SHADE`, `#1a1c2c` -> `1A1C2C`). `None` when the name has no ASCII
/// letter or digit.
pub fn ident_part(name: &str) -> Option<String> {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_uppercase());
        } else if !s.is_empty() && !s.ends_with('_') {
            s.push('_');
        }
    }
    while s.ends_with('_') {
        s.pop();
    }
    (!s.is_empty()).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_are_lower_case_and_raw_for_keywords() {
        assert_eq!(module_name("PLAYER", "sheet").unwrap(), "player");
        assert_eq!(module_name("TYPE", "sheet").unwrap(), "r#type");
        assert!(module_name("SELF", "sheet `self`").unwrap_err().contains("sheet `self` gives the Rust module name `self`"));
    }

    #[test]
    fn names_of_classes_and_members() {
        assert_eq!(type_name("moving_platform", "class").unwrap(), "MovingPlatform");
        assert_eq!(type_name("coin", "class").unwrap(), "Coin");
        assert_eq!(type_name("bigEnemy", "class").unwrap(), "BigEnemy");
        assert_eq!(type_name("HTTP thing", "class").unwrap(), "HTTPThing");
        assert_eq!(type_name("lift-2", "class").unwrap(), "Lift2");
        assert!(type_name("1up", "class").unwrap_err().contains("starts with a digit"));
        assert!(type_name("__", "class").unwrap_err().contains("no ASCII letter"));
        assert!(type_name("self", "class").unwrap_err().contains("keyword"));
        assert_eq!(field_name("pingPong", "member").unwrap(), "ping_pong");
        assert_eq!(field_name("ping_pong", "member").unwrap(), "ping_pong");
        assert_eq!(field_name("Max Speed", "member").unwrap(), "max_speed");
        assert_eq!(field_name("type", "member").unwrap(), "r#type");
        assert!(field_name("self", "member").is_err());
        assert!(field_name("été", "member").is_err());
    }
}
