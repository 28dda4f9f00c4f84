//! 16Tile's C export: `*.h`, `*.c` or `*.txt`.
//!
//! ```c
//! const int16_t E1M1TileWidth = 19;     // map width in tiles
//! const int16_t E1M1TileHeight = 16;    // map height in tiles
//! const uint16_t E1M1Collisions[304] = { 0, 1, 2, /* ... */ };   // row-major tile ids
//! ```
//!
//! The reader accepts any sequence of C declarations `[type words] NAME [ '[' N? ']' ] = value;`
//! with `//` and `/* */` comments, preprocessor lines (`#...`) and any whitespace. The scalar
//! whose name ends in `Width` is the width and the one ending in `Height` the height, both in
//! **tiles** (never shifted: the 16Tile article's `Width >> 4` is a bug). Exactly one array
//! holds the ids (`{ a, b, c, }`, decimal or `0x` hex, trailing comma allowed); its declared
//! size `N`, if present, must equal the number of elements. Other scalars are ignored.
//! Height tiles come from a tileset PNG with the same stem beside the file (`e1m1.png`).

use super::{tileset, Diag, Format, LevelSource, Loc};
use std::path::Path;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(i64),
    Punct(char),
    Eof,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Num(n) => format!("`{n}`"),
        Tok::Punct(c) => format!("`{c}`"),
        Tok::Eof => "end of file".into(),
    }
}

struct Lexer<'a> {
    file: &'a Path,
    toks: Vec<(Tok, usize, usize)>,
    pos: usize,
}

fn lex(file: &Path, text: &str) -> Result<Vec<(Tok, usize, usize)>, Diag> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut at_line_start = true;
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
        if c == '\n' || c.is_whitespace() {
            bump!();
            continue;
        }
        if c == '#' && at_line_start {
            while i < chars.len() && chars[i] != '\n' {
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
            let t = s.trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                i64::from_str_radix(h, 16)
            } else {
                t.parse::<i64>()
            };
            match v {
                Ok(v) => out.push((Tok::Num(v), l0, c0)),
                Err(_) => return Err(Diag::new(file, Loc::LineCol(l0, c0), format!("bad number `{s}`: expected a decimal or 0x hex integer"))),
            }
        } else if "[]{}=;,-+*()".contains(c) {
            out.push((Tok::Punct(c), l0, c0));
            bump!();
        } else {
            return Err(Diag::new(file, Loc::LineCol(l0, c0), format!("unexpected character `{c}`: expected a C declaration")));
        }
    }
    out.push((Tok::Eof, line, col));
    Ok(out)
}

impl Lexer<'_> {
    fn peek(&self) -> &(Tok, usize, usize) {
        &self.toks[self.pos]
    }
    fn next(&mut self) -> (Tok, usize, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn err_here(&self, expected: &str) -> Diag {
        let (t, l, c) = self.peek();
        Diag::new(self.file, Loc::LineCol(*l, *c), format!("expected {expected}, found {}", describe(t)))
    }
    fn expect(&mut self, p: char, what: &str) -> Result<(), Diag> {
        if self.peek().0 == Tok::Punct(p) {
            self.next();
            Ok(())
        } else {
            Err(self.err_here(what))
        }
    }
    /// An integer with an optional sign; returns (value, line, col).
    fn number(&mut self, what: &str) -> Result<(i64, usize, usize), Diag> {
        let (_, l, c) = *self.peek();
        let mut sign = 1;
        match self.peek().0 {
            Tok::Punct('-') => {
                sign = -1;
                self.next();
            }
            Tok::Punct('+') => {
                self.next();
            }
            _ => {}
        }
        match self.peek().0 {
            Tok::Num(n) => {
                self.next();
                Ok((sign * n, l, c))
            }
            _ => Err(self.err_here(what)),
        }
    }
}

struct Scalar {
    value: i64,
    line: usize,
    col: usize,
}

/// Parses a 16Tile export.
pub fn parse(path: &Path, text: &str) -> Result<LevelSource, Vec<Diag>> {
    let toks = lex(path, text).map_err(|d| vec![d])?;
    let mut lx = Lexer { file: path, toks, pos: 0 };
    let mut width: Option<Scalar> = None;
    let mut height: Option<Scalar> = None;
    let mut array: Option<(String, usize, usize)> = None;
    let mut tiles = Vec::new();
    let mut locs = Vec::new();
    let err = |d: Diag| vec![d];
    while lx.peek().0 != Tok::Eof {
        // Type words and the name: identifiers up to `[` or `=`.
        let mut name: Option<(String, usize, usize)> = None;
        while let (Tok::Ident(s), l, c) = lx.peek().clone() {
            name = Some((s, l, c));
            lx.next();
        }
        let Some((name, nl, nc)) = name else {
            return Err(err(lx.err_here("a declaration such as `const uint16_t NAME[N] = { ... };`")));
        };
        if lx.peek().0 == Tok::Punct('[') {
            lx.next();
            let declared = if let Tok::Num(n) = lx.peek().0 {
                let (_, l, c) = lx.next();
                Some((n, l, c))
            } else {
                None
            };
            lx.expect(']', "`]` after the array size").map_err(err)?;
            lx.expect('=', "`=` after the array declaration").map_err(err)?;
            lx.expect('{', "`{` starting the tile ids").map_err(err)?;
            if let Some((prev, l, c)) = &array {
                return Err(err(Diag::new(
                    path,
                    Loc::LineCol(nl, nc),
                    format!("second array `{name}`: expected exactly one tile array (the first, `{prev}`, is at {l}:{c})"),
                )));
            }
            array = Some((name.clone(), nl, nc));
            loop {
                if lx.peek().0 == Tok::Punct('}') {
                    lx.next();
                    break;
                }
                let (v, l, c) = lx.number("a tile id or `}`").map_err(err)?;
                tiles.push(v);
                locs.push(Loc::LineCol(l, c));
                match lx.peek().0 {
                    Tok::Punct(',') => {
                        lx.next();
                    }
                    Tok::Punct('}') => {}
                    _ => return Err(err(lx.err_here("`,` or `}` after a tile id"))),
                }
            }
            lx.expect(';', "`;` after the array").map_err(err)?;
            if let Some((n, l, c)) = declared {
                if n as usize != tiles.len() {
                    return Err(err(Diag::new(
                        path,
                        Loc::LineCol(l, c),
                        format!("array `{name}` is declared with {n} elements but has {}: expected {n}", tiles.len()),
                    )));
                }
            }
        } else {
            lx.expect('=', &format!("`=` or `[` after `{name}`")).map_err(err)?;
            let (value, line, col) = lx.number("an integer value").map_err(err)?;
            lx.expect(';', "`;` after the value").map_err(err)?;
            let lower = name.to_ascii_lowercase();
            let slot = if lower.ends_with("width") {
                Some((&mut width, "width"))
            } else if lower.ends_with("height") {
                Some((&mut height, "height"))
            } else {
                None
            };
            if let Some((slot, what)) = slot {
                if slot.is_some() {
                    return Err(err(Diag::new(path, Loc::LineCol(nl, nc), format!("second {what} declaration `{name}`: expected one"))));
                }
                *slot = Some(Scalar { value, line, col });
            }
        }
    }
    let missing = |what: &str, example: &str| {
        vec![Diag::new(path, Loc::LineCol(lx.peek().1, lx.peek().2), format!("missing the {what}: expected a declaration like `{example}`"))]
    };
    let width = width.ok_or_else(|| missing("map width", "const int16_t NAMETileWidth = 19;"))?;
    let height = height.ok_or_else(|| missing("map height", "const int16_t NAMETileHeight = 16;"))?;
    let Some((_, al, ac)) = array else {
        return Err(missing("tile array", "const uint16_t NAMECollisions[304] = { ... };"));
    };
    if width.value > 0 && height.value > 0 && tiles.len() as i64 != width.value * height.value {
        return Err(vec![Diag::new(
            path,
            Loc::LineCol(al, ac),
            format!(
                "the tile array has {} elements: expected width x height = {} x {} = {}",
                tiles.len(),
                width.value,
                height.value,
                width.value * height.value
            ),
        )]);
    }
    let mut src = LevelSource {
        path: path.to_path_buf(),
        format: Format::SixteenTile,
        name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
        width: width.value,
        height: height.value,
        tiles,
        locs,
        height_tiles: Vec::new(),
        tileset: None,
        entities: Vec::new(),
        width_loc: Loc::LineCol(width.line, width.col),
        height_loc: Loc::LineCol(height.line, height.col),
    };
    let png = path.with_extension("png");
    if png.is_file() {
        src.height_tiles = tileset::load_height_tiles(&png).map_err(|d| vec![d])?;
        src.tileset = Some(png);
    }
    Ok(src)
}
