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

/// What is printed: whether the page is printing now, and the panels the
/// teacher picked for a handout. The slots, the ring and the questions
/// read it from the context.
#[derive(Clone, Copy)]
pub struct Handout {
    /// True from the browser's "beforeprint" to its "afterprint": every
    /// panel is built and measured for the handout.
    printing: RwSignal<bool>,
    /// The panels the teacher picked, once `picked`; until then `panels`
    /// gives the settings' own.
    chosen: RwSignal<Vec<PanelId>>,
    picked: RwSignal<bool>,
}

impl Default for Handout {
    fn default() -> Handout {
        Handout {
            printing: RwSignal::new(false),
            chosen: RwSignal::new(Vec::new()),
            picked: RwSignal::new(false),
        }
    }
}

impl Handout {
    /// Whether the page is printing (tracked).
    pub fn printing(self) -> bool {
        self.printing.get()
    }

    /// The panels a handout prints: the teacher's pick, or until there is
    /// one the first lesson's and a chosen preset's own (tracked).
    pub fn panels(self, model: Model) -> Vec<PanelId> {
        if self.picked.get() {
            self.chosen.get()
        } else {
            model.settings.with(|s| model::presets::handout_for(s))
        }
    }
}

fn set_printing(handout: Handout, now: bool) {
    PRINTING.with(|p| p.set(now));
    handout.printing.set(now);
}

/// Follow the browser's print events for the life of the page.
pub fn follow_print_events(handout: Handout) {
    for (event, now) in [("beforeprint", true), ("afterprint", false)] {
        let callback = Closure::<dyn FnMut()>::new(move || set_printing(handout, now));
        crate::dom::listen(
            &window(),
            &[event],
            callback.as_ref().unchecked_ref(),
            false,
        );
        callback.forget();
    }
}

/// "Print a handout": a dialog picks the panels, then every chosen panel is
/// built and measured, the charts drawn at their widths, and the browser's
/// print dialog opened. The choice (`Handout`) stays for the page, so
/// printing from the browser's menu prints the same panels; the boxes are a
/// draft of it until Print.
#[component]
pub fn PrintButton() -> impl IntoView {
    let model = expect_context::<Model>();
    let handout = expect_context::<Handout>();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let draft = RwSignal::new(untrack(|| handout.panels(model)));
    let close = move || {
        if let Some(dialog) = dialog.get_untracked() {
            dialog.close();
        }
    };
    let open = move |_| {
        draft.set(untrack(|| handout.panels(model)));
        if let Some(dialog) = dialog.get_untracked() {
            let _ = dialog.show_modal();
        }
    };
    let print = move |_| {
        handout.chosen.set(draft.get_untracked());
        handout.picked.set(true);
        close();
        set_printing(handout, true);
        // Two frames: one lays out the new panels, the next draws their canvases.
        request_animation_frame(move || {
            request_animation_frame(move || {
                let _ = window().print();
            })
        });
    };
    let choice = move |panel: &'static registry::PanelDef| {
        let id = panel.id;
        let toggle = move |ev| {
            let on = event_target_checked(&ev);
            draft.update(|chosen| {
                chosen.retain(|&p| p != id);
                if on {
                    chosen.push(id);
                }
            });
        };
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-handout-panel=id.as_str()
                    prop:checked=move || draft.with(|chosen| chosen.contains(&id))
                    on:change=toggle
                />
                {panel.heading}
            </label>
        }
    };
    view! {
        <button type="button" id="print-handout" aria-haspopup="dialog" on:click=open>
            "Print a handout"
        </button>
        <dialog id="print-dialog" aria-labelledby="print-title" node_ref=dialog>
            <h2 id="print-title">"Print a handout"</h2>
            <fieldset>
                <legend>"Panels to print"</legend>
                <div class="handout-panels">{registry::ALL.iter().map(choice).collect_view()}</div>
            </fieldset>
            <p class="help">"The settings head the first page; the questions print with room to answer, and their answers come on the last page. The ring prints on white."</p>
            <div class="dialog-actions">
                <button type="button" id="print-go" on:click=print>"Print"</button>
                <button type="button" on:click=move |_| close()>"Cancel"</button>
            </div>
        </dialog>
    }
}
