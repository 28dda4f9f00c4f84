//! Where a value of a JSON document is: byte offset of the value at a path such as
//! `layers[1].objects[3].x`, for error messages.
//!
//! The document is parsed by `serde_json` (which also limits nesting to 128 levels); this
//! module only re-walks text that `serde_json` already accepted, without recursion, and
//! only when an error is reported (at most [`crate::diag::MAX_ERRORS_PER_FILE`] times per file),
//! so it never makes reading quadratic.

/// One step of a path: an object key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// Member of an object.
    Key(String),
    /// Element of an array.
    Index(usize),
}

/// A path from the document root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JPath(pub Vec<Seg>);

impl JPath {
    /// The root.
    pub fn root() -> JPath {
        JPath(Vec::new())
    }
    /// This path plus a key.
    pub fn key(&self, k: &str) -> JPath {
        let mut p = self.clone();
        p.0.push(Seg::Key(k.to_string()));
        p
    }
    /// This path plus an index.
    pub fn index(&self, i: usize) -> JPath {
        let mut p = self.clone();
        p.0.push(Seg::Index(i));
        p
    }
}

impl std::fmt::Display for JPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            match s {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// End (exclusive) of the string starting at `i` (`b[i] == '"'`).
fn string_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// End (exclusive) of the value starting at `i`, iteratively.
fn value_end(b: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'"' => {
                j = string_end(b, j);
                if depth == 0 {
                    return j;
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                if depth <= 1 {
                    return j + 1;
                }
                depth -= 1;
            }
            b',' | b' ' | b'\t' | b'\n' | b'\r' if depth == 0 => return j,
            _ => {}
        }
        j += 1;
    }
    b.len()
}

/// Byte offsets of the first `max` elements of the array that starts at byte `i` of `text`
/// (valid JSON, `text[i] == '['`; empty otherwise). One pass over the array's text.
pub fn element_starts(text: &str, i: usize, max: usize) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    if b.get(i) != Some(&b'[') {
        return out;
    }
    let mut j = skip_ws(b, i + 1);
    while out.len() < max && j < b.len() && b[j] != b']' {
        out.push(j);
        j = skip_ws(b, value_end(b, j));
        if b.get(j) == Some(&b',') {
            j = skip_ws(b, j + 1);
        }
    }
    out
}

/// Byte offset of the value at `path` in `text` (valid JSON), or of the deepest part of the
/// path that exists.
pub fn locate(text: &str, path: &JPath) -> usize {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    for seg in &path.0 {
        match (seg, b.get(i)) {
            (Seg::Key(k), Some(b'{')) => {
                let mut j = skip_ws(b, i + 1);
                let mut found = None;
                while j < b.len() && b[j] == b'"' {
                    let kend = string_end(b, j);
                    let key: Option<String> = serde_json::from_str(&text[j..kend]).ok();
                    let v = skip_ws(b, skip_ws(b, kend) + 1);
                    if key.as_deref() == Some(k.as_str()) {
                        found = Some(v);
                        break;
                    }
                    j = skip_ws(b, value_end(b, v));
                    if b.get(j) == Some(&b',') {
                        j = skip_ws(b, j + 1);
                    }
                }
                match found {
                    Some(v) => i = v,
                    None => return i,
                }
            }
            (Seg::Index(n), Some(b'[')) => {
                let mut j = skip_ws(b, i + 1);
                let mut k = 0;
                while k < *n && j < b.len() && b[j] != b']' {
                    j = skip_ws(b, value_end(b, j));
                    if b.get(j) == Some(&b',') {
                        j = skip_ws(b, j + 1);
                    }
                    k += 1;
                }
                if k < *n || b.get(j) == Some(&b']') {
                    return i;
                }
                i = j;
            }
            _ => return i,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_values() {
        let t = r#"{"a": [1, {"b\"": "x,]}"}, [2, 3]], "c" : {"d": true}}"#;
        let p = |s: &JPath| &t[locate(t, s)..];
        assert!(p(&JPath::root().key("c").key("d")).starts_with("true"));
        assert!(p(&JPath::root().key("a").index(2).index(1)).starts_with("3]"));
        assert!(p(&JPath::root().key("a").index(1).key("b\"")).starts_with("\"x,]}\""));
        assert!(p(&JPath::root().key("a").index(9)).starts_with("[1"));
        assert_eq!(JPath::root().key("layers").index(1).key("x").to_string(), "layers[1].x");
        let a = JPath::root().key("a");
        let starts: Vec<&str> = element_starts(t, locate(t, &a), 9).iter().map(|&i| &t[i..i + 2]).collect();
        assert_eq!(starts, ["1,", "{\"", "[2"]);
        assert_eq!(element_starts(t, locate(t, &a), 2).len(), 2);
        assert!(element_starts(t, 0, 9).is_empty(), "not an array");
    }
}
