//! The message line every control shows its refusals in, and the edit
//! that fills it.

use leptos::prelude::*;
use model::{Problem, Settings};

use super::state::Model;

/// What a number box says while it waits for the typing to pause; the
/// message line shows it muted, as news rather than a refusal.
pub(crate) const WAITING: &str = "Applies when you stop typing, or press Enter.";

/// The message line under a control; empty lines take no space.
#[component]
pub(crate) fn Message(
    message: RwSignal<Option<String>>,
    #[prop(into)] id: String,
) -> impl IntoView {
    view! {
        // A box waiting for the typing to pause says so plainly, not as a refusal.
        <p class="message" class:waiting=move || message.with(|m| m.as_deref() == Some(WAITING))
            id=id.clone() data-message=id role="alert" aria-live="polite">
            {move || message.get().unwrap_or_default()}
        </p>
    }
}

/// Apply an edit and show the outcome in `message`.
pub(crate) fn apply(
    model: Model,
    message: RwSignal<Option<String>>,
    edit: impl FnOnce(&mut Settings),
) {
    match model.try_change(edit) {
        Ok(()) => message.set(None),
        Err(problems) => message.set(Some(join_problems(&problems))),
    }
}

fn join_problems(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|problem| problem.message.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
