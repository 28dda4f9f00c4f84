//! What a game declares once for every level of its level folder: its entity kinds (the
//! classes of its Tiled project, [`crate::project`]) and how its tilesets' own properties
//! collide ([`crate::property_map`]).

use crate::kinds::EntityKinds;
use crate::project;
use crate::property_map::{self, PropertyMap};
use romtool_common::diag::Diag;
use std::path::Path;

/// The declarations of a level folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    /// The game's entity kinds.
    pub kinds: EntityKinds,
    /// The tile properties that collide, and as what (`NAME.propmap`), if the folder has one.
    pub collision_properties: Option<PropertyMap>,
}

/// The declarations of level folder `dir` (empty where it has no files for them), or every
/// error in those files.
pub fn read(dir: &Path) -> Result<Declarations, Vec<Diag>> {
    let kinds = project::read_folder(dir);
    let collision_properties = property_map::read_folder(dir);
    match (kinds, collision_properties) {
        (Ok(kinds), Ok(collision_properties)) => Ok(Declarations { kinds, collision_properties }),
        (kinds, properties) => Err(kinds.err().into_iter().chain(properties.err()).flatten().collect()),
    }
}
