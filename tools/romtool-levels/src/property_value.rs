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
    /// A `float` with a fraction: its value in 1/256ths, rounded to the nearest (a whole
    /// `float` is an [`PropValue::Int`]). Only a kind's `float` member takes it (the
    /// engine's fixed-point `Speed`, 8 fraction bits).
    Fixed(i64),
}

/// Fraction bits of a `float` member's value: the engine's `Speed` (`I8F8`).
pub const FIXED_FRACTION_BITS: u32 = 8;

/// A [`PropValue::Fixed`] value (1/256ths) as a decimal number, for messages.
pub fn fixed_text(v: i64) -> String {
    format!("{}", v as f64 / (1u32 << FIXED_FRACTION_BITS) as f64)
}

/// A custom property as written in a map or template: its name, Tiled type and value.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// Its name.
    pub name: String,
    /// Its Tiled type as written: `int`, `bool`, `float`, `string`, `file`, `color` or
    /// `object` (a TMX property without `type` is a `string`).
    pub tiled_type: String,
    /// Its value (a whole `float` is an `Int`, another a `Fixed`).
    pub value: PropValue,
    /// The custom type it has (Tiled's `propertytype`: an enum of the project), if any.
    pub custom_type: Option<String>,
}
