//! The entity kinds a level may place: the one list of Tiled object types (or classes) the
//! game understands. Every kind is optional in a level; an object of any other type or class
//! is an error naming its file and line (an object with no type or class at all is
//! decoration: skipped with a warning).
//!
//! | Tiled type                      | `EntityKind` | what the game does with it                        |
//! |---------------------------------|--------------|----------------------------------------------------|
//! | `spawn`                         | (none)       | the player's start: top-left of the object, pixels |
//! | `enemy`                         | `Enemy`      | a walker that patrols (property `speed`, px/frame) |
//! | `platform` (or `moving_platform`) | `Platform` | a solid box moving along the object's polyline (properties `speed`, `ping_pong`) |
//! | `potato`                        | `Potato`     | a target of the pixel-perfect mask test            |
//! | `goal`                          | `Goal`       | the goal area (the object's rectangle)             |
//!
//! Types are matched ignoring ASCII case.

/// The Tiled type of the spawn point (not an entity: it becomes `Level::spawn`).
pub const SPAWN: &str = "spawn";

/// Every Tiled type that becomes an entity, with its `EntityKind` variant (the generated enum
/// has exactly these variants, in this order, whichever kinds the levels use).
pub const KINDS: [(&str, &str); 5] =
    [("enemy", "Enemy"), ("platform", "Platform"), ("moving_platform", "Platform"), ("potato", "Potato"), ("goal", "Goal")];

/// The `EntityKind` variants, each once, in declaration order.
pub fn variants() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = Vec::new();
    for (_, variant) in KINDS {
        if !v.contains(&variant) {
            v.push(variant);
        }
    }
    v
}

/// The `EntityKind` variant of Tiled type `kind`, or `None` when the game does not know it.
pub fn variant_of(kind: &str) -> Option<&'static str> {
    KINDS.iter().find(|(k, _)| k.eq_ignore_ascii_case(kind)).map(|(_, v)| *v)
}

/// Whether `kind` is the spawn point's type.
pub fn is_spawn(kind: &str) -> bool {
    kind.eq_ignore_ascii_case(SPAWN)
}

/// The accepted types for an error message: `spawn, enemy, platform, moving_platform, potato, goal`.
pub fn expected_list() -> String {
    let mut names = vec![SPAWN];
    names.extend(KINDS.iter().map(|(k, _)| *k));
    names.join(", ")
}
