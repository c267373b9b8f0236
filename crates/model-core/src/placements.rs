//! Every placement the page measures, in one list: the textbook schemes of
//! the schemes table, then the deployed systems of the systems panel. A
//! job's runs, the one-key box's rows and the claims read it.

use crate::schemes::{self, About, Scheme};
use crate::systems;

/// The textbook schemes, then the deployed systems.
pub fn every() -> impl Iterator<Item = &'static dyn Scheme> {
    schemes::ALL.into_iter().chain(systems::ALL)
}

/// What the page says about the scheme or system with this id.
pub fn about(id: &str) -> Option<&'static About> {
    schemes::ABOUT
        .into_iter()
        .chain(systems::ABOUT)
        .find(|about| about.id == id)
}

/// The scheme or system with this id (`ring`, `jump`, `nginx`, …).
pub fn by_id(id: &str) -> Option<&'static dyn Scheme> {
    every().find(|scheme| scheme.id() == id)
}

/// Every id, schemes then systems.
pub fn ids() -> impl Iterator<Item = &'static str> {
    schemes::IDS.into_iter().chain(systems::IDS)
}
