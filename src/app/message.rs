//! The message line every control shows its refusals in.

use leptos::prelude::*;

/// The message line under a control; empty lines take no space.
#[component]
pub(crate) fn Message(
    message: RwSignal<Option<String>>,
    #[prop(into)] id: String,
) -> impl IntoView {
    view! {
        <p class="message" id=id.clone() data-message=id role="alert" aria-live="polite">
            {move || message.get().unwrap_or_default()}
        </p>
    }
}
