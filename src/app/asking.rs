//! Whether the page asks before it tells (DEFINITIONS §12): each question
//! waits, with every figure that gives its answer away, until the reader has
//! answered or skipped it in this tab. Until the ring's own (`moved`) is,
//! the first screen shows the pool before the change, with the question
//! where the count would be. Session storage only, no Leptos, so the first
//! screen's small module decides as the app does.

use super::session::storage;
use model::questions::{QuestionId, QuestionSet};

/// Set once the reader has answered or skipped question `id` in this tab.
pub fn asked_key(id: QuestionId) -> String {
    format!("ringcount:asked:{}", id.as_str())
}

/// Whether the headline still asks its question instead of telling.
pub fn headline_asks() -> bool {
    waiting(QuestionSet::ALL).holds(QuestionId::Moved)
}

/// The questions of `asked_here` not yet answered or skipped in this tab.
pub fn waiting(asked_here: QuestionSet) -> QuestionSet {
    let Some(storage) = storage() else {
        return asked_here;
    };
    asked_here.ids().fold(asked_here, |held, id| {
        match storage.get_item(&asked_key(id)).ok().flatten() {
            Some(_) => held.without(id),
            None => held,
        }
    })
}

/// Note in this tab that question `id` has been answered or skipped.
pub fn note_asked(id: QuestionId) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(&asked_key(id), "yes");
    }
}

/// Forget that question `id` was answered or skipped in this tab: a
/// presenter's ↑ puts it back to waiting.
pub fn forget_asked(id: QuestionId) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(&asked_key(id));
    }
}
