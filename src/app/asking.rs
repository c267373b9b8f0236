//! Whether the page asks before it tells: until the reader has answered or
//! skipped the headline's question in this tab, the first screen shows the
//! pool before the change, with the question where the count would be.
//! Session storage only, no Leptos, so the first screen's small module
//! decides as the app does.

use super::session::storage;

/// Set once the reader has answered or skipped the headline's question.
pub const HEADLINE_ASKED: &str = "ringcount:headline-asked";

/// Whether the headline still asks its question instead of telling.
pub fn headline_asks() -> bool {
    storage().is_none_or(|s| s.get_item(HEADLINE_ASKED).ok().flatten().is_none())
}
