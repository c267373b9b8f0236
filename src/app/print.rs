//! Printing the page gives a handout: every panel built and measured, the
//! settings in one line, no controls (the print styles in `main.css`).

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Model;
use model::panels::{self as registry, PanelId};

thread_local! {
    static PRINTING: Cell<bool> = const { Cell::new(false) };
}

/// True between the browser's "beforeprint" and "afterprint".
pub fn printing() -> bool {
    PRINTING.with(Cell::get)
}

fn set_printing(model: Model, now: bool) {
    PRINTING.with(|p| p.set(now));
    model.printing.set(now);
}

/// Follow the browser's print events for the life of the page.
pub fn follow_print_events(model: Model) {
    for (event, now) in [("beforeprint", true), ("afterprint", false)] {
        let callback = Closure::<dyn FnMut()>::new(move || set_printing(model, now));
        let _ = window().add_event_listener_with_callback(event, callback.as_ref().unchecked_ref());
        callback.forget();
    }
}

/// The panels a handout holds until the teacher picks others: what a
/// first lesson needs, four A4 pages with the questions and their answers.
const HANDOUT: [PanelId; 5] = [
    PanelId::Ring,
    PanelId::Predict,
    PanelId::Moved,
    PanelId::Modulo,
    PanelId::Loads,
];

/// Whether `panel` is printed before the teacher picks.
pub fn in_default_handout(panel: PanelId) -> bool {
    HANDOUT.contains(&panel)
}

/// Mark each panel's slot as printed or not, as the dialog's boxes say.
fn mark_chosen_panels() {
    let doc = document();
    let find = |selector: String| doc.query_selector(&selector).ok().flatten();
    for panel in registry::ALL {
        let id = panel.id.as_str();
        let chosen = find(format!("[data-handout-panel=\"{id}\"]"))
            .and_then(|choice| js_sys::Reflect::get(&choice, &"checked".into()).ok())
            .and_then(|checked| checked.as_bool())
            .unwrap_or(false);
        if let Some(slot) = find(format!("[data-panel=\"{id}\"]")) {
            let _ = slot.toggle_attribute_with_force("data-in-handout", chosen);
        }
    }
}

/// "Print a handout": a dialog picks the panels, then every chosen panel is
/// built and measured, the charts drawn at their widths, and the browser's
/// print dialog opened. The choice stays for the page, so printing from the
/// browser's menu prints the same panels.
#[component]
pub fn PrintButton() -> impl IntoView {
    let model = expect_context::<Model>();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let mut choices = crate::render::markup::Markup::new();
    for panel in registry::ALL {
        choices
            .open("label", &[("class", Some("check"))])
            .open(
                "input",
                &[
                    ("type", Some("checkbox")),
                    ("data-handout-panel", Some(panel.id.as_str())),
                    ("checked", in_default_handout(panel.id).then_some("")),
                ],
            )
            .text(panel.heading)
            .close("label");
    }
    let close = move || {
        if let Some(dialog) = dialog.get_untracked() {
            dialog.close();
        }
    };
    let print = move |_| {
        mark_chosen_panels();
        close();
        set_printing(model, true);
        // Two frames: one lays out the new panels, the next draws their canvases.
        request_animation_frame(move || {
            request_animation_frame(move || {
                let _ = window().print();
            })
        });
    };
    view! {
        <button
            type="button"
            id="print-handout"
            aria-haspopup="dialog"
            on:click=move |_| {
                if let Some(dialog) = dialog.get_untracked() {
                    let _ = dialog.show_modal();
                }
            }
        >
            "Print a handout"
        </button>
        <dialog id="print-dialog" aria-labelledby="print-title" node_ref=dialog>
            <h2 id="print-title">"Print a handout"</h2>
            <fieldset>
                <legend>"Panels to print"</legend>
                <div class="handout-panels" inner_html=choices.into_string()></div>
            </fieldset>
            <p class="help">"The settings head the first page; the questions print with room to answer, and their answers come on the last page. The ring prints on white."</p>
            <div class="dialog-actions">
                <button type="button" id="print-go" on:click=print>"Print"</button>
                <button type="button" on:click=move |_| close()>"Cancel"</button>
            </div>
        </dialog>
    }
}
