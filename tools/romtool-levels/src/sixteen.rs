//! 16Tile's C export: `*.h`, `*.c` or `*.txt`.
//!
//! ```c
//! const int16_t E1M1TileWidth = 320/16;   // map width in tiles (a constant expression)
//! const int16_t E1M1TileHeight = 16;      // map height in tiles
//! const uint16_t E1M1Collisions[E1M1TileWidth * E1M1TileHeight] = { 0, 1, 2, /* ... */ };
//! ```
//!
//! The reader accepts any sequence of C declarations `[type words] NAME [dims] [= value]`
//! (several declarators per line with `,`), `//` and `/* */` comments, `#define NAME value`
//! lines (other preprocessor lines are skipped) and any whitespace. Values are integer
//! constant expressions: decimal, `0x` hex, `0b` binary, octal with a leading `0`, character
//! literals, the operators `+ - * / % << >> & | ^ ~ !`, parentheses, casts such as
//! `(int16_t)`, and names of earlier constants, evaluated with overflow checks.
//!
//! The width and height (**in tiles**, used as they are) are the constants whose names end in
//! `TileWidth` / `TileHeight`, else in `Width` / `Height` (`_` ignored, any case); without
//! either, a two-dimensional array `[H][W]` gives them. The tile ids are the only array, or
//! the array whose name ends in `Collisions` / `Collision` (`{ a, b, c, }`, nested braces of a
//! 2-D array allowed, trailing comma allowed); declared sizes must equal the element count.
//! Other constants and arrays, and string constants, are ignored.
//!
//! Height tiles come from a tileset PNG with the same stem beside the file (`e1m1.png`).
//! Exports that number tiles differently are translated by an id map (`e1m1.idmap`, or
//! `16tile.idmap` for the whole folder; see [`crate::idmap`]).

use crate::level::{Format, LevelSource};
use crate::{height_tiles, idmap};
use romtool_common::diag::{Diag, Loc};
use romtool_common::text::read_text;
use std::collections::HashMap;
use std::path::Path;

/// Deepest nesting of parentheses / unary operators in an expression.
const MAX_EXPR_DEPTH: usize = 64;
/// Deepest nesting of braces in an array initialiser.
const MAX_BRACE_DEPTH: usize = 8;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(i64),
    Str,
    Punct(&'static str),
    /// `#define` (the name and value follow, then [`Tok::EndDefine`]).
    Define,
    EndDefine,
    Eof,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Num(n) => format!("`{n}`"),
        Tok::Str => "a string".into(),
        Tok::Punct(c) => format!("`{c}`"),
        Tok::Define => "`#define`".into(),
        Tok::EndDefine => "end of line".into(),
        Tok::Eof => "end of file".into(),
    }
}

const PUNCTS: [&str; 22] = ["<<", ">>", "[", "]", "{", "}", "=", ";", ",", "-", "+", "*", "/", "%", "(", ")", "&", "|", "^", "~", "!", "?"];

struct Lexed {
    toks: Vec<(Tok, usize, usize)>,
}

fn parse_c_number(s: &str) -> Option<i64> {
    let t = s.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        i64::from_str_radix(b, 2).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        i64::from_str_radix(&t[1..], 8).ok()
    } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse().ok()
    } else {
        None
    }
}

#[allow(unused_assignments)]
fn lex(file: &Path, text: &str) -> Result<Lexed, Diag> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut at_line_start = true;
    let mut in_define = false;
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
                at_line_start = true;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' && in_define {
            out.push((Tok::EndDefine, line, col));
            in_define = false;
        }
        if c == '\\' && in_define && chars.get(i + 1) == Some(&'\n') {
            bump!();
            bump!();
            continue;
        }
        if c.is_whitespace() {
            bump!();
            continue;
        }
        if c == '#' && at_line_start {
            // A directive: `#define NAME ...` is read, anything else skipped (with `\` lines).
            let (l0, c0) = (line, col);
            bump!();
            while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
                bump!();
            }
            let word: String = chars[i..].iter().take_while(|c| c.is_ascii_alphabetic()).collect();
            if word == "define" {
                for _ in 0..word.len() {
                    bump!();
                }
                out.push((Tok::Define, l0, c0));
                in_define = true;
                at_line_start = false;
                continue;
            }
            while i < chars.len() && chars[i] != '\n' {
                if chars[i] == '\\' && chars.get(i + 1) == Some(&'\n') {
                    bump!();
                }
                bump!();
            }
            continue;
        }
        at_line_start = false;
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let (l0, c0) = (line, col);
            bump!();
            bump!();
            loop {
                if i >= chars.len() {
                    return Err(Diag::new(file, Loc::LineCol(l0, c0), "unterminated comment: expected `*/`"));
                }
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    bump!();
                    bump!();
                    break;
                }
                if chars[i] == '\n' && in_define {
                    out.push((Tok::EndDefine, line, col));
                    in_define = false;
                }
                bump!();
            }
            continue;
        }
        let (l0, c0) = (line, col);
        if c.is_ascii_alphabetic() || c == '_' {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                s.push(chars[i]);
                bump!();
            }
            out.push((Tok::Ident(s), l0, c0));
        } else if c.is_ascii_digit() {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                s.push(chars[i]);
                bump!();
            }
            match parse_c_number(&s) {
                Some(v) => out.push((Tok::Num(v), l0, c0)),
                None => {
                    return Err(Diag::new(
                        file,
                        Loc::LineCol(l0, c0),
                        format!("bad number `{s}`: expected a decimal, 0x hex, 0b binary or 0 octal integer"),
                    ))
                }
            }
        } else if c == '"' || c == '\'' {
            let quote = c;
            bump!();
            let mut value: Option<i64> = None;
            loop {
                if i >= chars.len() || chars[i] == '\n' {
                    return Err(Diag::new(
                        file,
                        Loc::LineCol(l0, c0),
                        format!("unterminated {} literal: expected `{quote}`", if quote == '"' { "string" } else { "character" }),
                    ));
                }
                let ch = chars[i];
                bump!();
                if ch == quote {
                    break;
                }
                let v = if ch == '\\' && i < chars.len() {
                    let e = chars[i];
                    bump!();
                    match e {
                        'n' => 10,
                        't' => 9,
                        'r' => 13,
                        '0' => 0,
                        other => other as i64,
                    }
                } else {
                    ch as i64
                };
                value.get_or_insert(v);
            }
            if quote == '"' {
                out.push((Tok::Str, l0, c0));
            } else {
                out.push((Tok::Num(value.unwrap_or(0)), l0, c0));
            }
        } else if let Some(p) = PUNCTS.iter().find(|p| p.chars().zip(&chars[i..]).all(|(a, b)| a == *b) && chars.len() - i >= p.len()) {
            for _ in 0..p.len() {
                bump!();
            }
            out.push((Tok::Punct(p), l0, c0));
        } else {
            return Err(Diag::new(file, Loc::LineCol(l0, c0), format!("unexpected character `{c}`: expected a C declaration")));
        }
    }
    if in_define {
        out.push((Tok::EndDefine, line, col));
    }
    out.push((Tok::Eof, line, col));
    Ok(Lexed { toks: out })
}

struct Parser<'a> {
    file: &'a Path,
    toks: Vec<(Tok, usize, usize)>,
    pos: usize,
    consts: HashMap<String, i64>,
}

impl Parser<'_> {
    fn peek(&self) -> &(Tok, usize, usize) {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].0
    }
    fn next(&mut self) -> (Tok, usize, usize) {
        let t = self.peek().clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn here(&self) -> Loc {
        let (_, l, c) = self.peek();
        Loc::LineCol(*l, *c)
    }
    fn err_here(&self, expected: &str) -> Diag {
        Diag::new(self.file, self.here(), format!("expected {expected}, found {}", describe(&self.peek().0)))
    }
    fn is(&self, p: &str) -> bool {
        matches!(&self.peek().0, Tok::Punct(q) if *q == p)
    }
    fn expect(&mut self, p: &str, what: &str) -> Result<(), Diag> {
        if self.is(p) {
            self.next();
            Ok(())
        } else {
            Err(self.err_here(what))
        }
    }

    /// A constant expression (C precedence, checked arithmetic).
    fn expr(&mut self) -> Result<i64, Diag> {
        self.binary(0, 0)
    }

    fn binary(&mut self, level: usize, depth: usize) -> Result<i64, Diag> {
        const LEVELS: [&[&str]; 6] = [&["|"], &["^"], &["&"], &["<<", ">>"], &["+", "-"], &["*", "/", "%"]];
        if level == LEVELS.len() {
            return self.unary(depth);
        }
        let mut v = self.binary(level + 1, depth)?;
        loop {
            let op = match &self.peek().0 {
                Tok::Punct(p) if LEVELS[level].contains(p) => *p,
                _ => return Ok(v),
            };
            let at = self.here();
            self.next();
            let r = self.binary(level + 1, depth)?;
            let res = match op {
                "|" => Some(v | r),
                "^" => Some(v ^ r),
                "&" => Some(v & r),
                "<<" => u32::try_from(r).ok().filter(|&s| s < 63).and_then(|s| v.checked_mul(1i64 << s)),
                ">>" => u32::try_from(r).ok().filter(|&s| s < 64).map(|s| v >> s),
                "+" => v.checked_add(r),
                "-" => v.checked_sub(r),
                "*" => v.checked_mul(r),
                "/" if r == 0 => return Err(Diag::new(self.file, at, "division by zero")),
                "%" if r == 0 => return Err(Diag::new(self.file, at, "remainder of a division by zero")),
                "/" => v.checked_div(r),
                _ => v.checked_rem(r),
            };
            v = res.ok_or_else(|| Diag::new(self.file, at, format!("`{v} {op} {r}` overflows: expected a value of 64 bits")))?;
        }
    }

    fn unary(&mut self, depth: usize) -> Result<i64, Diag> {
        if depth > MAX_EXPR_DEPTH {
            return Err(Diag::new(self.file, self.here(), format!("expression nested more than {MAX_EXPR_DEPTH} deep")));
        }
        let at = self.here();
        match self.peek().0.clone() {
            Tok::Punct("-") => {
                self.next();
                let v = self.unary(depth + 1)?;
                v.checked_neg().ok_or_else(|| Diag::new(self.file, at, "negation overflows"))
            }
            Tok::Punct("+") => {
                self.next();
                self.unary(depth + 1)
            }
            Tok::Punct("~") => {
                self.next();
                Ok(!self.unary(depth + 1)?)
            }
            Tok::Punct("!") => {
                self.next();
                Ok((self.unary(depth + 1)? == 0) as i64)
            }
            Tok::Punct("(") => {
                // A cast `(type words)` or a parenthesised expression.
                let mut k = 1;
                while let Tok::Ident(name) = self.peek_at(k) {
                    if self.consts.contains_key(name) {
                        break;
                    }
                    k += 1;
                }
                if k > 1 && self.peek_at(k) == &Tok::Punct(")") {
                    for _ in 0..=k {
                        self.next();
                    }
                    return self.unary(depth + 1);
                }
                self.next();
                let v = self.binary(0, depth + 1)?;
                self.expect(")", "`)`")?;
                Ok(v)
            }
            Tok::Num(n) => {
                self.next();
                Ok(n)
            }
            Tok::Ident(name) => match self.consts.get(&name) {
                Some(&v) => {
                    self.next();
                    Ok(v)
                }
                None => {
                    Err(Diag::new(self.file, at, format!("unknown name `{name}` in a value: expected a number or an earlier constant")))
                }
            },
            _ => Err(self.err_here("an integer value")),
        }
    }
}

struct Scalar {
    name: String,
    value: i64,
    line: usize,
    col: usize,
    name_loc: Loc,
}

struct Array {
    name: String,
    line: usize,
    col: usize,
    dims: Vec<Option<(i64, usize, usize)>>,
    values: Vec<(i64, Loc)>,
}

/// Normalised name for the width / height rules.
fn norm(name: &str) -> String {
    name.to_ascii_lowercase().replace('_', "")
}

/// Parses a 16Tile export (and applies its id map, if any).
pub fn parse(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let lexed = lex(path, text).map_err(|d| vec![d])?;
    let mut p = Parser { file: path, toks: lexed.toks, pos: 0, consts: HashMap::new() };
    let mut scalars: Vec<Scalar> = Vec::new();
    let mut arrays: Vec<Array> = Vec::new();
    let err = |d: Diag| vec![d];
    while p.peek().0 != Tok::Eof {
        if p.is(";") {
            p.next();
            continue;
        }
        if p.peek().0 == Tok::Define {
            p.next();
            let (name, nl, nc) = match p.next() {
                (Tok::Ident(s), l, c) => (s, l, c),
                (_, l, c) => return Err(err(Diag::new(path, Loc::LineCol(l, c), "expected a name after `#define`"))),
            };
            let function_like = matches!(&p.peek(), (Tok::Punct("("), l, c) if *l == nl && *c == nc + name.len());
            let (_, vl, vc) = *p.peek();
            let start = p.pos;
            let value =
                if function_like || p.peek().0 == Tok::EndDefine { None } else { p.expr().ok().filter(|_| p.peek().0 == Tok::EndDefine) };
            match value {
                Some(v) => {
                    p.consts.insert(name.clone(), v);
                    scalars.push(Scalar { name, value: v, line: vl, col: vc, name_loc: Loc::LineCol(nl, nc) });
                }
                None => {
                    // Not a constant: ignored, unless it names a size.
                    let n = norm(&name);
                    if !function_like && (n.ends_with("width") || n.ends_with("height")) {
                        p.pos = start;
                        let d = match p.expr() {
                            Err(d) => d,
                            Ok(_) => p.err_here("end of the `#define` line"),
                        };
                        return Err(err(d));
                    }
                }
            }
            while !matches!(p.peek().0, Tok::EndDefine | Tok::Eof) {
                p.next();
            }
            p.next();
            continue;
        }
        // Type words, then declarators NAME [dims] [= init], separated by commas.
        let mut words: Vec<(String, usize, usize)> = Vec::new();
        loop {
            match p.peek().clone() {
                (Tok::Ident(s), l, c) => {
                    words.push((s, l, c));
                    p.next();
                }
                (Tok::Punct("*"), _, _) => {
                    p.next();
                }
                _ => break,
            }
        }
        let Some(mut decl) = words.pop() else {
            return Err(err(p.err_here("a declaration such as `const uint16_t NAME[N] = { ... };`")));
        };
        loop {
            let (name, nl, nc) = decl.clone();
            let mut dims = Vec::new();
            while p.is("[") {
                p.next();
                if p.is("]") {
                    dims.push(None);
                } else {
                    let (_, l, c) = *p.peek();
                    let v = p.expr().map_err(err)?;
                    dims.push(Some((v, l, c)));
                }
                p.expect("]", "`]` after the array size").map_err(err)?;
            }
            let is_array = !dims.is_empty();
            if p.is("=") {
                p.next();
                if is_array {
                    if p.peek().0 == Tok::Str {
                        p.next(); // a char array: not level data
                    } else {
                        p.expect("{", "`{` starting the tile ids").map_err(err)?;
                        let mut values = Vec::new();
                        let mut depth = 1;
                        loop {
                            if p.is("}") {
                                p.next();
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            } else if p.is("{") {
                                depth += 1;
                                if depth > MAX_BRACE_DEPTH {
                                    return Err(err(Diag::new(path, p.here(), format!("braces nested more than {MAX_BRACE_DEPTH} deep"))));
                                }
                                p.next();
                                continue;
                            } else {
                                let (tok, l, c) = p.peek().clone();
                                if matches!(tok, Tok::Eof | Tok::Punct(";")) {
                                    return Err(err(p.err_here("a tile id or `}`")));
                                }
                                let v = p.expr().map_err(|_| p.err_here("a tile id or `}`")).map_err(err)?;
                                values.push((v, Loc::LineCol(l, c)));
                            }
                            if p.is(",") {
                                p.next();
                            } else if !p.is("}") {
                                return Err(err(p.err_here("`,` or `}` after a tile id")));
                            }
                        }
                        arrays.push(Array { name: name.clone(), line: nl, col: nc, dims: dims.clone(), values });
                    }
                } else if p.peek().0 == Tok::Str {
                    p.next();
                } else {
                    let (_, line, col) = *p.peek();
                    let value = p.expr().map_err(err)?;
                    p.consts.insert(name.clone(), value);
                    scalars.push(Scalar { name: name.clone(), value, line, col, name_loc: Loc::LineCol(nl, nc) });
                }
            } else if is_array && dims.iter().all(Option::is_some) && !p.is(",") && !p.is(";") {
                return Err(err(p.err_here(&format!("`=` or `;` after `{name}[...]`"))));
            } else if !is_array && !p.is(",") && !p.is(";") {
                return Err(err(p.err_here(&format!("`=` or `[` after `{name}`"))));
            }
            if p.is(",") {
                p.next();
                while p.is("*") {
                    p.next();
                }
                match p.next() {
                    (Tok::Ident(s), l, c) => decl = (s, l, c),
                    (t, l, c) => {
                        return Err(err(Diag::new(path, Loc::LineCol(l, c), format!("expected a name after `,`, found {}", describe(&t)))))
                    }
                }
                continue;
            }
            let what = if is_array { "`;` after the array" } else { "`;` after the value" };
            p.expect(";", what).map_err(err)?;
            break;
        }
    }
    let eof = p.here();
    // The tile array.
    let array_idx = match arrays.len() {
        0 => None,
        1 => Some(0),
        _ => {
            let named: Vec<usize> = (0..arrays.len())
                .filter(|&i| norm(&arrays[i].name).ends_with("collisions") || norm(&arrays[i].name).ends_with("collision"))
                .collect();
            if named.len() == 1 {
                Some(named[0])
            } else {
                let (a, b) = (&arrays[0], &arrays[1]);
                return Err(err(Diag::new(
                    path,
                    Loc::LineCol(b.line, b.col),
                    format!(
                        "second array `{}`: expected exactly one tile array (the first, `{}`, is at {}:{}), or one named `...Collisions`",
                        b.name, a.name, a.line, a.col
                    ),
                )));
            }
        }
    };
    // Width and height.
    let pick = |tile_suffix: &str, suffix: &str, what: &str| -> Result<Option<&Scalar>, Vec<Diag>> {
        for suf in [tile_suffix, suffix] {
            let found: Vec<&Scalar> = scalars.iter().filter(|s| norm(&s.name).ends_with(suf)).collect();
            match found.as_slice() {
                [] => continue,
                [one] => return Ok(Some(*one)),
                [_, second, ..] => {
                    return Err(err(Diag::new(
                        path,
                        second.name_loc.clone(),
                        format!("second {what} declaration `{}`: expected one", second.name),
                    )))
                }
            }
        }
        Ok(None)
    };
    let missing = |what: &str, example: &str| {
        vec![Diag::new(path, eof.clone(), format!("missing the {what}: expected a declaration like `{example}`"))]
    };
    let two_d = array_idx.map(|i| &arrays[i]).filter(|a| a.dims.len() == 2).and_then(|a| match (&a.dims[0], &a.dims[1]) {
        (Some((h, hl, hc)), Some((w, wl, wc))) => Some(((*w, Loc::LineCol(*wl, *wc)), (*h, Loc::LineCol(*hl, *hc)))),
        _ => None,
    });
    let (width, width_loc) = match pick("tilewidth", "width", "width")? {
        Some(s) => (s.value, Loc::LineCol(s.line, s.col)),
        None => two_d.clone().map(|d| d.0).ok_or_else(|| missing("map width", "const int16_t NAMETileWidth = 19;"))?,
    };
    let (height, height_loc) = match pick("tileheight", "height", "height")? {
        Some(s) => (s.value, Loc::LineCol(s.line, s.col)),
        None => two_d.map(|d| d.1).ok_or_else(|| missing("map height", "const int16_t NAMETileHeight = 16;"))?,
    };
    let Some(ai) = array_idx else {
        return Err(missing("tile array", "const uint16_t NAMECollisions[304] = { ... };"));
    };
    let array = arrays.swap_remove(ai);
    let count = array.values.len() as i64;
    if array.dims.iter().all(Option::is_some) && !array.dims.is_empty() {
        let declared = array.dims.iter().flatten().try_fold(1i64, |acc, (d, _, _)| acc.checked_mul(*d));
        if declared != Some(count) {
            let (_, l, c) = array.dims[0].unwrap_or((0, array.line, array.col));
            let shown = array.dims.iter().flatten().map(|(d, _, _)| d.to_string()).collect::<Vec<_>>().join(" x ");
            return Err(err(Diag::new(
                path,
                Loc::LineCol(l, c),
                format!("array `{}` is declared with {shown} elements but has {count}: expected {shown}. Fix: correct the declared size, or re-export the level", array.name),
            )));
        }
    }
    if width > 0 && height > 0 && Some(count) != width.checked_mul(height) {
        let mut msg =
            format!("the tile array has {count} elements: expected width x height = {width} x {height} = {}", width.saturating_mul(height));
        if width % 16 == 0 && height % 16 == 0 && (width / 16) * (height / 16) == count {
            msg.push_str(&format!(" (the sizes look like pixels: declare them in tiles, e.g. `NAMETileWidth = {width}/16;`)"));
        } else {
            msg.push_str(". Fix: correct the width / height constants, or re-export the level");
        }
        return Err(err(Diag::new(path, Loc::LineCol(array.line, array.col), msg)));
    }
    let (mut tiles, locs): (Vec<i64>, Vec<Loc>) = array.values.into_iter().unzip();
    let mut notes = Vec::new();
    // The id map: this level's, else the folder's.
    let dir = path.parent().unwrap_or(Path::new("."));
    let own = path.with_extension("idmap");
    let folder = dir.join("16tile.idmap");
    if let Some(mp) = [own, folder].into_iter().find(|p| p.is_file()) {
        let text = read_text(&mp).map_err(|e| vec![Diag::new(&mp, Loc::File, e)])?;
        let map = idmap::parse(&mp, &text)?;
        for t in &mut tiles {
            *t = map.apply(*t);
        }
        notes.push(format!("tile ids translated by {}", mp.display()));
    }
    let mut src = LevelSource {
        path: path.to_path_buf(),
        format: Format::SixteenTile,
        name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
        width,
        height,
        tiles,
        locs,
        height_tiles: Vec::new(),
        tileset: None,
        entities: Vec::new(),
        width_loc,
        height_loc,
        notes,
        warnings: Vec::new(),
        art: None,
    };
    let png = path.with_extension("png");
    if png.is_file() {
        src.height_tiles = height_tiles::load_height_tiles(&png).map_err(|d| vec![d])?;
        src.tileset = Some(png);
    }
    Ok(src)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Result<LevelSource, Vec<String>> {
        parse(Path::new("/nonexistent/x.h"), text).map_err(|e| e.iter().map(|d| d.to_string()).collect())
    }

    #[test]
    fn constant_expressions_and_defines() {
        let l = level(
            "#define MAPW 320\n#define F(x) x\n#pragma once\nstatic const int16_t E1M1Width = MAPW, E1M1Height = 32;\n\
             const int16_t E1M1TileWidth = MAPW/16 >> 2; /* 5 */\nconst int16_t E1M1TileHeight = (int16_t)(E1M1Height / 16);\n\
             const char *E1M1Name = \"e1\";\nconst unsigned short E1M1Collisions[E1M1TileWidth * E1M1TileHeight] = {0x2, 02, 0b10, 'a' - 95, -(-2), 2, 2, 2, 2, 2};",
        )
        .unwrap();
        assert_eq!((l.width, l.height), (5, 2));
        assert_eq!(l.tiles, [2; 10]);
    }

    #[test]
    fn two_d_arrays_give_the_size() {
        let l = level("const uint8_t map[2][3] = { {0, 2, 2}, {2, 2, 2} };").unwrap();
        assert_eq!((l.width, l.height, l.tiles.len()), (3, 2, 6));
    }

    #[test]
    fn errors() {
        assert_eq!(level("const int W = 1/0;").unwrap_err(), ["/nonexistent/x.h:1:16: division by zero"]);
        assert_eq!(
            level("const int W = 9223372036854775807 + 1;").unwrap_err(),
            ["/nonexistent/x.h:1:35: `9223372036854775807 + 1` overflows: expected a value of 64 bits"]
        );
        assert_eq!(
            level("const int W = X;").unwrap_err(),
            ["/nonexistent/x.h:1:15: unknown name `X` in a value: expected a number or an earlier constant"]
        );
        let deep = format!("const int W = {}1{};", "(".repeat(10_000), ")".repeat(10_000));
        assert!(level(&deep).unwrap_err()[0].contains("nested more than"));
        assert!(level("const int A[] = {{{{{{{{{{1}}}}}}}}}};").unwrap_err()[0].contains("braces nested"));
        assert_eq!(
            level("const int XWidth = 320; const int XHeight = 32; const int A[40] = {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0};").unwrap_err(),
            ["/nonexistent/x.h:1:59: the tile array has 40 elements: expected width x height = 320 x 32 = 10240 (the sizes look like pixels: declare them in tiles, e.g. `NAMETileWidth = 320/16;`)"]
        );
        assert!(level("const int W = 089;").unwrap_err()[0].contains("bad number `089`"));
    }
}
