//! Printing the page gives a handout: every panel built and measured, the
//! settings in one line, no controls (the print styles in `main.css`).

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Model;

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

/// "Print a handout": build and measure every panel, let the charts be
/// drawn at their widths, then open the browser's print dialog.
#[component]
pub fn PrintButton() -> impl IntoView {
    let model = expect_context::<Model>();
    let print = move |_| {
        set_printing(model, true);
        // Two frames: one lays out the new panels, the next draws their canvases.
        request_animation_frame(move || {
            request_animation_frame(move || {
                let _ = window().print();
            })
        });
    };
    view! { <button type="button" id="print-handout" on:click=print>"Print a handout"</button> }
}
