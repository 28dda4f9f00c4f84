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

/// A custom property as written in a map or template: its name, Tiled type and value.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// Its name.
    pub name: String,
    /// Its Tiled type as written: `int`, `bool`, `float`, `string`, `file`, `color` or
    /// `object` (a TMX property without `type` is a `string`).
    pub tiled_type: String,
    /// Its value (a whole `float` is an `Int`).
    pub value: PropValue,
    /// The custom type it has (Tiled's `propertytype`: an enum of the project), if any.
    pub custom_type: Option<String>,
}
