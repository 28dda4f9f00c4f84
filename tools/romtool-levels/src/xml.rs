//! A small XML tree for Tiled files (`.tmx`, `.tsx`, `.tx`), read with `quick-xml`.
//!
//! Why not a DOM crate: the tree is built by a loop over `quick-xml`'s events with an explicit
//! stack, so element nesting costs no native stack (a file of 200,000 nested `<group>`s is a
//! clear error, not a stack overflow) and depth is limited to [`MAX_DEPTH`]. Every element,
//! attribute value and piece of text keeps its byte offset in the file, so errors point at
//! the line and column, and CSV layer data can be tokenised on the raw text with exact
//! positions even when it contains character references (`&#44;`) or CDATA.
//!
//! No DTD is read: entity references other than the five predefined ones and character
//! references are errors (so no entity expansion attacks).

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use std::borrow::Cow;

/// Deepest element nesting accepted (Tiled's group layers rarely go past 10).
pub const MAX_DEPTH: usize = 100;

/// Tag and attribute names Tiled uses: kept without an allocation (a file of millions of
/// `<tile gid="..."/>` elements would otherwise allocate a name per element and attribute).
const KNOWN: &[&str] = &[
    "map",
    "layer",
    "data",
    "tile",
    "chunk",
    "object",
    "objectgroup",
    "group",
    "tileset",
    "image",
    "properties",
    "property",
    "polyline",
    "polygon",
    "template",
    "point",
    "ellipse",
    "text",
    "imagelayer",
    "editorsettings",
    "wangsets",
    "grid",
    "tileoffset",
    "animation",
    "frame",
    "name",
    "type",
    "class",
    "id",
    "x",
    "y",
    "width",
    "height",
    "gid",
    "value",
    "source",
    "encoding",
    "compression",
    "firstgid",
    "tilewidth",
    "tileheight",
    "margin",
    "spacing",
    "trans",
    "points",
    "orientation",
    "infinite",
    "offsetx",
    "offsety",
    "rotation",
    "visible",
    "version",
    "tiledversion",
    "renderorder",
    "nextlayerid",
    "nextobjectid",
    "tilecount",
    "columns",
    "opacity",
    "locked",
    "propertytype",
];

fn name_of(s: &str) -> Cow<'static, str> {
    match KNOWN.iter().find(|k| **k == s) {
        Some(k) => Cow::Borrowed(k),
        None => Cow::Owned(s.to_string()),
    }
}

/// An attribute: its name, unescaped value and the byte offset of the value in the file.
#[derive(Debug)]
pub struct Attr {
    /// Name (local part, without any namespace prefix).
    pub name: Cow<'static, str>,
    /// Value with references resolved and whitespace normalised as XML requires.
    pub value: String,
    /// Byte offset of the raw value (after the opening quote).
    pub pos: usize,
}

/// A piece of character data inside an element.
#[derive(Debug)]
pub enum Text {
    /// Raw text as in the file (no references inside), starting at byte `pos`.
    Raw {
        /// The text.
        text: String,
        /// Byte offset of its first character.
        pos: usize,
    },
    /// One resolved reference (`&amp;`, `&#44;`): the character it stands for, written at
    /// byte `pos` (the `&`).
    Ref {
        /// The character.
        ch: char,
        /// Byte offset of the `&`.
        pos: usize,
    },
}

impl Text {
    /// Appends the characters of this piece to `out`.
    pub fn push_to(&self, out: &mut String) {
        match self {
            Text::Raw { text, .. } => out.push_str(text),
            Text::Ref { ch, .. } => out.push(*ch),
        }
    }
}

/// A child of an element.
#[derive(Clone, Copy, Debug)]
pub enum Child {
    /// An element (index into [`Doc::elements`]).
    Element(u32),
    /// Character data (index into [`Doc::texts`]).
    Text(u32),
}

/// An element.
#[derive(Debug)]
pub struct Element {
    /// Tag name (local part).
    pub name: Cow<'static, str>,
    /// Byte offset of its `<`.
    pub pos: usize,
    /// Attributes in file order.
    pub attrs: Vec<Attr>,
    /// Children in file order (comments and processing instructions dropped).
    pub children: Vec<Child>,
}

/// A parsed document: a flat list of elements, the first is the root.
#[derive(Debug)]
pub struct Doc {
    /// Every element; `elements[0]` is the root.
    pub elements: Vec<Element>,
    /// Every piece of character data.
    pub texts: Vec<Text>,
}

/// A syntax error: message and byte offset.
#[derive(Debug, PartialEq, Eq)]
pub struct XmlError {
    /// What is wrong (a sentence, with what was expected).
    pub msg: String,
    /// Byte offset in the text.
    pub pos: usize,
}

fn offset_in(base: &str, part: &str) -> Option<usize> {
    let b = base.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    (p >= b && p <= b + base.len()).then(|| p - b)
}

fn local(name: &str) -> &str {
    name.rsplit(':').next().unwrap_or(name)
}

fn start_element(text: &str, e: &BytesStart, pos: usize) -> Result<Element, XmlError> {
    let name = name_of(local(e.name().0));
    let mut attrs = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| XmlError { msg: format!("bad attribute in `<{name}>`: {err}"), pos })?;
        let key = a.key.0;
        if key == "xmlns" || key.starts_with("xmlns:") {
            continue;
        }
        let vpos = offset_in(text, &a.value).unwrap_or(pos);
        let value = a
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|err| XmlError { msg: format!("bad value of attribute `{key}`: {err}"), pos: vpos })?
            .into_owned();
        attrs.push(Attr { name: name_of(local(key)), value, pos: vpos });
    }
    Ok(Element { name, pos, attrs, children: Vec::new() })
}

fn resolve_ref(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "apos" => Some('\''),
        "quot" => Some('"'),
        _ => None,
    }
}

/// Parses `text` (one linear pass; no recursion).
pub fn parse(text: &str) -> Result<Doc, XmlError> {
    let mut reader = Reader::from_str(text);
    let cfg = reader.config_mut();
    cfg.check_end_names = true;
    cfg.check_comments = false;
    cfg.expand_empty_elements = false;
    cfg.trim_text(false);
    let mut elements: Vec<Element> = Vec::new();
    let mut texts: Vec<Text> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut root_done = false;
    let err_at = |msg: String, pos: usize| XmlError { msg, pos };
    loop {
        let before = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX).min(text.len());
        let event = match reader.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                let pos = usize::try_from(reader.error_position()).unwrap_or(0).min(text.len());
                let msg = match &e {
                    quick_xml::Error::IllFormed(quick_xml::errors::IllFormedError::MismatchedEndTag { expected, found }) => {
                        format!("expected `</{expected}>`, found `</{found}>`")
                    }
                    quick_xml::Error::IllFormed(quick_xml::errors::IllFormedError::UnmatchedEndTag(found)) => {
                        format!("`</{found}>` closes no open element")
                    }
                    other => other.to_string(),
                };
                return Err(err_at(msg, pos));
            }
        };
        match event {
            Event::Start(e) | Event::Empty(e) if root_done && stack.is_empty() => {
                return Err(err_at(format!("second root element `<{}>`: expected one root element", local(e.name().0)), before));
            }
            Event::Start(e) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(err_at(format!("elements nested more than {MAX_DEPTH} deep: expected at most {MAX_DEPTH} levels"), before));
                }
                let el = start_element(text, &e, before)?;
                let idx = elements.len();
                if let Some(&parent) = stack.last() {
                    elements[parent].children.push(Child::Element(idx as u32));
                }
                elements.push(el);
                stack.push(idx);
            }
            Event::Empty(e) => {
                let el = start_element(text, &e, before)?;
                let idx = elements.len();
                if let Some(&parent) = stack.last() {
                    elements[parent].children.push(Child::Element(idx as u32));
                } else {
                    root_done = true;
                }
                elements.push(el);
            }
            Event::End(_) => {
                stack.pop();
                if stack.is_empty() {
                    root_done = true;
                }
            }
            Event::Text(t) => {
                let s: &str = &t;
                match stack.last() {
                    Some(&parent) => {
                        let pos = offset_in(text, s).unwrap_or(before);
                        elements[parent].children.push(Child::Text(texts.len() as u32));
                        texts.push(Text::Raw { text: s.to_string(), pos });
                    }
                    None if s.trim().is_empty() => {}
                    None => return Err(err_at("text outside the root element: expected only markup".into(), before)),
                }
            }
            Event::CData(t) => {
                let s: &str = &t;
                let Some(&parent) = stack.last() else {
                    return Err(err_at("CDATA outside the root element".into(), before));
                };
                let pos = offset_in(text, s).unwrap_or(before);
                elements[parent].children.push(Child::Text(texts.len() as u32));
                texts.push(Text::Raw { text: s.to_string(), pos });
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c),
                    Ok(None) => resolve_ref(&r),
                    Err(e) => return Err(err_at(format!("bad character reference `&{};`: {e}", &*r), before)),
                };
                let Some(resolved) = resolved else {
                    return Err(err_at(
                        format!("unknown entity `&{};`: expected &lt; &gt; &amp; &apos; &quot; or a character reference", &*r),
                        before,
                    ));
                };
                let Some(&parent) = stack.last() else {
                    return Err(err_at("reference outside the root element".into(), before));
                };
                elements[parent].children.push(Child::Text(texts.len() as u32));
                texts.push(Text::Ref { ch: resolved, pos: before });
            }
            Event::Comment(_) | Event::PI(_) | Event::Decl(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
    }
    if let Some(&open) = stack.last() {
        return Err(err_at(format!("end of file inside `<{}>`: expected `</{}>`", elements[open].name, elements[open].name), text.len()));
    }
    if elements.is_empty() {
        return Err(err_at("no root element: expected an XML document".into(), 0));
    }
    Ok(Doc { elements, texts })
}

impl Doc {
    /// The root element.
    pub fn root(&self) -> &Element {
        &self.elements[0]
    }

    /// The element children of `el` (in order).
    pub fn children<'d>(&'d self, el: &'d Element) -> impl Iterator<Item = &'d Element> + 'd {
        el.children.iter().filter_map(move |c| match c {
            Child::Element(i) => self.elements.get(*i as usize),
            Child::Text(_) => None,
        })
    }

    /// The text pieces directly inside `el`.
    pub fn texts<'d>(&'d self, el: &'d Element) -> impl Iterator<Item = &'d Text> + 'd {
        el.children.iter().filter_map(move |c| match c {
            Child::Text(i) => self.texts.get(*i as usize),
            Child::Element(_) => None,
        })
    }

    /// All direct text of `el` joined.
    pub fn text(&self, el: &Element) -> String {
        let mut s = String::new();
        for t in self.texts(el) {
            t.push_to(&mut s);
        }
        s
    }

    /// The element children of `el` named `name`.
    pub fn children_named<'d>(&'d self, el: &'d Element, name: &'d str) -> impl Iterator<Item = &'d Element> + 'd {
        self.children(el).filter(move |c| c.name == name)
    }

    /// The first child of `el` named `name`.
    pub fn child<'d>(&'d self, el: &'d Element, name: &str) -> Option<&'d Element> {
        self.children(el).find(|c| c.name == name)
    }
}

impl Element {
    /// The attribute `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }

    /// The value of attribute `name`, if present.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.attr(name).map(|a| a.value.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_positions_and_references() {
        let t = "<?xml version=\"1.0\"?>\n<map a=\"1&amp;2\"><layer>x&#44;y<![CDATA[<z>]]></layer><e/></map>";
        let d = parse(t).unwrap();
        let root = d.root();
        assert_eq!(root.name, "map");
        assert_eq!(root.pos, 22);
        assert_eq!(root.value("a"), Some("1&2"));
        assert_eq!(&t[root.attr("a").unwrap().pos..][..1], "1");
        let layer = d.child(root, "layer").unwrap();
        assert_eq!(d.text(layer), "x,y<z>");
        let pieces: Vec<(String, usize)> = d
            .texts(layer)
            .map(|p| match p {
                Text::Raw { text, pos } => (text.clone(), *pos),
                Text::Ref { ch, pos } => (ch.to_string(), *pos),
            })
            .collect();
        assert_eq!(pieces[0], ("x".to_string(), t.find("x&").unwrap()));
        assert_eq!(pieces[1], (",".to_string(), t.find("&#44;").unwrap()));
        assert_eq!(d.children(root).count(), 2);
    }

    #[test]
    fn errors() {
        let deep = format!("<a>{}{}</a>", "<g>".repeat(200_000), "</g>".repeat(200_000));
        assert!(parse(&deep).unwrap_err().msg.contains("nested more than"));
        let e = parse("<map>\n <layer>\n</map>").unwrap_err();
        assert_eq!(e.msg, "expected `</layer>`, found `</map>`");
        assert!(parse("<a>&foo;</a>").unwrap_err().msg.contains("unknown entity"));
        assert!(parse("<a>").unwrap_err().msg.contains("end of file"));
        assert!(parse("<a/><b/>").unwrap_err().msg.contains("second root"));
        assert!(parse("").is_err());
        assert!(parse("<a x=\"1\" x=\"2\"/>").is_err());
    }
}
