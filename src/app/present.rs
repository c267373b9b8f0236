//! Presenter mode (`present=`, DEFINITIONS §4), for a lecture hall: one panel
//! at a time filling the screen in large type. Space (or ↓) shows the next
//! thing: on the ring, the answer to its question, then its next stage,
//! then the next panel; ↑ goes back the same way. ← and → (or Page Up and
//! Page Down) move between panels; Escape leaves. The address keeps the panel shown,
//! so a slide can link to it. The panels are the full page's, shown one at
//! a time by CSS (`html[data-present]`, the slot shown `data-current`).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::panels::{predict, ring::Stages};
use super::state::Model;
use super::url_state;
use crate::dom;
use model::panels::PanelId;

/// The panel presenter mode shows, None when it is off; and the panels it
/// steps through, with their headings, in the page's order.
#[derive(Clone, Copy)]
pub struct Presenting {
    pub shown: RwSignal<Option<PanelId>>,
    panels: StoredValue<Vec<(PanelId, &'static str)>>,
}

impl Presenting {
    /// Start presenting `start` (or not), among `panels`, and follow the keys.
    pub fn follow(
        model: Model,
        start: Option<PanelId>,
        panels: Vec<(PanelId, &'static str)>,
    ) -> Presenting {
        let presenting = Presenting {
            shown: RwSignal::new(start),
            panels: StoredValue::new(panels),
        };
        Effect::new(move |_| show(presenting.shown.get()));
        // The ring's stages, given by the app before presenter mode starts.
        listen_for_keys(presenting, model, use_context::<Stages>());
        presenting
    }

    /// The place of the panel shown among them, and their count.
    fn place(self) -> Option<(usize, usize)> {
        let shown = self.shown.get()?;
        self.panels.with_value(|panels| {
            let index = panels.iter().position(|(id, _)| *id == shown)?;
            Some((index, panels.len()))
        })
    }

    /// Move `by` panels on, stopping at either end.
    fn go(self, by: isize) {
        let Some((index, count)) = self.place() else {
            return;
        };
        let next = index.saturating_add_signed(by).min(count - 1);
        let id = self.panels.with_value(|panels| panels[next].0);
        self.shown.set(Some(id));
    }
}

/// Mark the page and the panel shown (or unmark them), and keep it in the
/// address; the panel starts at its top.
fn show(panel: Option<PanelId>) {
    url_state::set_presenting(panel);
    let document = document();
    let Some(html) = document.document_element() else {
        return;
    };
    match panel {
        Some(id) => dom::set(&html, "data-present", id.as_str()),
        None => dom::unset(&html, "data-present"),
    }
    for id in model::panels::ids() {
        let Some(slot) = dom::find(&format!(".panel-slot[data-panel=\"{}\"]", id.as_str())) else {
            continue;
        };
        if panel == Some(id) {
            dom::set(&slot, "data-current", "");
        } else {
            dom::unset(&slot, "data-current");
        }
    }
    if panel.is_some() {
        window().scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// The next thing to show (`by` 1) or the one before (-1): on the ring, the
/// answer while it asks, then its stages one at a time, and past either
/// end the next or previous panel. A key always does something.
fn advance(presenting: Presenting, model: Model, stages: Option<Stages>, by: isize) {
    let on_ring = presenting.shown.get_untracked() == Some(PanelId::Ring);
    if on_ring && by > 0 && model.asking.get_untracked() {
        predict::skip_headline(model);
        return;
    }
    let stepped = on_ring
        && !model.asking.get_untracked()
        && stages.is_some_and(|stages| stages.step(model, by));
    if !stepped {
        presenting.go(by);
    }
}

/// The keys, on the window, while presenting. A key typed into a field is
/// the field's, but Escape.
fn listen_for_keys(presenting: Presenting, model: Model, stages: Option<Stages>) {
    let on_key =
        Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |ev: web_sys::KeyboardEvent| {
            if presenting.shown.get_untracked().is_none() {
                return;
            }
            let tag = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .map(|e| e.tag_name())
                .unwrap_or_default();
            let key = ev.key();
            // A field keeps its keys, a button its Space.
            let fields = matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA");
            if (fields && key != "Escape") || (tag == "BUTTON" && key == " ") {
                return;
            }
            match key.as_str() {
                "ArrowRight" | "PageDown" => presenting.go(1),
                "ArrowLeft" | "PageUp" => presenting.go(-1),
                " " | "ArrowDown" => advance(presenting, model, stages, 1),
                "ArrowUp" => advance(presenting, model, stages, -1),
                "Escape" => presenting.shown.set(None),
                _ => return,
            }
            ev.prevent_default();
        });
    dom::listen(
        &window(),
        &["keydown"],
        on_key.as_ref().unchecked_ref(),
        false,
    );
    // The page's whole life: one listener.
    on_key.forget();
}

/// "Present": presenter mode from the ring.
#[component]
pub fn PresentButton() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    view! {
        <button type="button" id="present-open" on:click=move |_| presenting.shown.set(Some(PanelId::Ring))>
            "Present"
        </button>
    }
}

/// The bar presenter mode shows: where it is, the ways on, and out.
#[component]
pub fn PresentBar() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    let title = move || {
        presenting.place().map_or(String::new(), |(index, count)| {
            let heading = presenting.panels.with_value(|panels| panels[index].1);
            format!("{} of {count}: {heading}", index + 1)
        })
    };
    let at = move |end: usize| {
        presenting
            .place()
            .is_some_and(|(index, count)| index == end.min(count - 1))
    };
    view! {
        <nav class="present-bar" aria-label="Presenter mode" hidden=move || presenting.shown.get().is_none()>
            <button type="button" id="present-back" disabled=move || at(0) on:click=move |_| presenting.go(-1)>"◀ Previous panel"</button>
            <span class="present-where" aria-live="polite">{title}</span>
            <button type="button" id="present-next" disabled=move || at(usize::MAX) on:click=move |_| presenting.go(1)>"Next panel ▶"</button>
            <button type="button" id="present-close" on:click=move |_| presenting.shown.set(None)>"Leave presenter mode"</button>
            <span class="present-keys">"Space or ↓ the next thing · ↑ back · ← → panels · Esc leaves"</span>
        </nav>
    }
}
