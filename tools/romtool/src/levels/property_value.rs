//! The value of a custom property of a Tiled object, layer or tile, as read.

/// A custom property value of a Tiled object.
#[derive(Clone, Debug, PartialEq)]
pub enum PropValue {
    /// `int` (and `object` references).
    Int(i64),
    /// `bool`.
    Bool(bool),
    /// `string`, `file`, `color`.
    Str(String),
}
