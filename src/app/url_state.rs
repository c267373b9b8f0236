//! The address bar as state: read once at start, rewritten on every change
//! (a slider's once it is let go).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Model;
use crate::query::{self, Parsed, View};

pub fn read() -> Parsed {
    let search = window().location().search().unwrap_or_default();
    query::parse(&search, &crate::panels::ids())
}

thread_local! {
    /// Set while a slider is being dragged: the address waits for its release.
    static HELD: Cell<bool> = const { Cell::new(false) };
    /// The pending write once the drag pauses without a release (a stray
    /// `input` with no `change`, which no real slider sends).
    static SAFETY_TIMER: Cell<Option<i32>> = const { Cell::new(None) };
    /// Writes the current settings into the address.
    static WRITE: RefCell<Option<Rc<dyn Fn()>>> = const { RefCell::new(None) };
}

/// A drag that pauses this long without a release writes the address anyway.
const SAFETY_MS: i32 = 400;

/// Rewrite the query whenever the settings change. `replaceState`, not
/// `pushState`: a slider drag is not a hundred history entries. During a
/// drag the address is written once, on release: each `replaceState` cost
/// a fifth of a step at the largest settings on a phone (BENCHMARKS.md).
pub fn keep_in_address(model: Model, view: View) {
    let write = Rc::new(move || {
        let query = model
            .settings
            .with_untracked(|settings| query::render(settings, &view));
        let query = model
            .one_key
            .with_untracked(|key| query::with_key(query, key));
        // The fragment is not ours (a WordPress embed keeps its secret there): keep it.
        let hash = window().location().hash().unwrap_or_default();
        let url = format!("?{query}{hash}");
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    });
    WRITE.with(|slot| *slot.borrow_mut() = Some(write.clone()));
    Effect::new(move |_| {
        model.settings.track();
        model.one_key.track();
        if HELD.get() {
            rearm_safety_timer();
        } else {
            write();
        }
    });
}

/// A slider moved (`input`): hold the address until it is let go.
pub fn hold() {
    HELD.set(true);
}

/// A slider let go (`change`): write the address now.
pub fn release() {
    HELD.set(false);
    if let Some(timer) = SAFETY_TIMER.take() {
        window().clear_timeout_with_handle(timer);
    }
    if let Some(write) = WRITE.with(|slot| slot.borrow().clone()) {
        write();
    }
}

fn rearm_safety_timer() {
    if let Some(timer) = SAFETY_TIMER.take() {
        window().clear_timeout_with_handle(timer);
    }
    let callback = wasm_bindgen::closure::Closure::once_into_js(release);
    if let Ok(timer) = window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), SAFETY_MS)
    {
        SAFETY_TIMER.set(Some(timer));
    }
}
