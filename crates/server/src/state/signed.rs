//! The account a connection is signed in as, as the layers below the players see it: the name
//! it claimed (for the mark beside it) and whom it blocks (whose chat it does not see, with whom
//! quick match never seats it).

use std::collections::HashSet;
use std::sync::Arc;

use martian_protocol::names::skeleton;

/// A signed-in connection's account: its name, the key names are compared by, and the keys of
/// the names it blocks (read when it enters a room or the quick-match queue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The account's id in the store.
    pub id: i64,
    pub name: String,
    pub key: String,
    pub blocks: Arc<HashSet<String>>,
}

impl Signed {
    /// `name`'s account, blocking the accounts named in `blocked`.
    pub fn new(id: i64, name: &str, blocked: &[String]) -> Signed {
        Signed {
            id,
            name: name.to_string(),
            key: skeleton(name),
            blocks: Arc::new(blocked.iter().map(|name| skeleton(name)).collect()),
        }
    }

    /// Whether `name` is this account's name (compared as names are).
    pub fn owns(&self, name: &str) -> bool {
        skeleton(name) == self.key
    }

    /// Whether this account blocks the player named `name`.
    pub fn blocks_name(&self, name: &str) -> bool {
        !self.blocks.is_empty() && self.blocks.contains(&skeleton(name))
    }
}

/// Whether two connections must be kept apart: one of them blocks the other.
pub fn apart(one: Option<&Signed>, other: Option<&Signed>) -> bool {
    match (one, other) {
        (Some(one), Some(other)) => {
            one.blocks.contains(&other.key) || other.blocks.contains(&one.key)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_compared_as_names_are() {
        let ana = Signed::new(1, "Ana", &["Bob".to_string()]);
        assert!(ana.owns("ana"));
        assert!(ana.owns("\u{410}na"), "a Cyrillic А is the same name");
        assert!(ana.blocks_name("BOB"));
        assert!(!ana.blocks_name("Bo"));
    }

    #[test]
    fn a_block_keeps_both_apart_whoever_made_it() {
        let ana = Signed::new(1, "Ana", &["Bob".to_string()]);
        let bob = Signed::new(2, "Bob", &[]);
        let cy = Signed::new(3, "Cy", &[]);
        assert!(apart(Some(&ana), Some(&bob)));
        assert!(apart(Some(&bob), Some(&ana)));
        assert!(!apart(Some(&ana), Some(&cy)));
        assert!(!apart(Some(&ana), None));
    }
}
