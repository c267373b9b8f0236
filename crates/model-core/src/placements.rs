//! Every placement the page measures, by its id (`PlacementId`, whose one
//! table is in `placement_id.rs`): what the page says about it (`about`:
//! its title, notes and config line) and what places its keys (`scheme`),
//! both written from that table. A job's runs, the one-key box's rows, the
//! key-path rules and the claims read it; a match over `PlacementId` is
//! exhaustive, so a new row is answered for everywhere.

use crate::placement_id::placement_table;
pub use crate::placement_id::PlacementId;
use crate::schemes::{self, About, Scheme};
use crate::systems;

/// `about` and `scheme`, from the table.
macro_rules! define_lookups {
    (
        textbook { $($t:ident => $t_id:literal, $t_mod:ident::$t_type:ident;)* }
        deployed { $($d:ident => $d_id:literal, $d_mod:ident::$d_type:ident;)* }
    ) => {
        impl PlacementId {
            /// What the page says about it: plain data, so a page that
            /// names the placements needs none of their placing code.
            pub fn about(self) -> &'static About {
                match self {
                    $(PlacementId::$t => &schemes::$t_mod::ABOUT,)*
                    $(PlacementId::$d => &systems::$d_mod::ABOUT,)*
                }
            }

            /// What places its keys.
            pub fn scheme(self) -> &'static dyn Scheme {
                match self {
                    $(PlacementId::$t => &schemes::$t_mod::$t_type,)*
                    $(PlacementId::$d => &systems::$d_mod::$d_type,)*
                }
            }
        }
    };
}

placement_table!(define_lookups);

impl PlacementId {
    pub fn title(self) -> &'static str {
        self.about().title
    }
}

/// The scheme or system an id names, as typed on a command line.
pub fn by_id(id: &str) -> Option<&'static dyn Scheme> {
    PlacementId::from_id(id).map(PlacementId::scheme)
}

/// The textbook schemes, then the deployed systems.
pub fn every() -> impl Iterator<Item = &'static dyn Scheme> {
    PlacementId::ALL.iter().map(|id| id.scheme())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_is_one_placement() {
        for &id in PlacementId::ALL {
            assert_eq!(id.about().id, id, "{id:?}'s ABOUT");
            assert_eq!(id.scheme().id(), id, "{id:?}'s placing");
            assert_eq!(PlacementId::from_id(id.as_str()), Some(id));
        }
        assert_eq!(
            PlacementId::ALL.len(),
            PlacementId::TEXTBOOK.len() + PlacementId::DEPLOYED.len()
        );
    }
}
