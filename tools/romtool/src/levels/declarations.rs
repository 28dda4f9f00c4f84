//! What a game declares once for every level of its level folder: its entity kinds (the
//! classes of its Tiled project, [`super::project`]).

use super::diagnostics::Diag;
use super::kinds::EntityKinds;
use super::project;
use std::path::Path;

/// The declarations of a level folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    /// The game's entity kinds.
    pub kinds: EntityKinds,
}

/// The declarations of level folder `dir` (empty where it has no files for them), or every
/// error in those files.
pub fn read(dir: &Path) -> Result<Declarations, Vec<Diag>> {
    Ok(Declarations { kinds: project::read_folder(dir)? })
}
