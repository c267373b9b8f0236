//! The address bar as state: read once at start, rewritten on every change
//! (a slider's once it is let go).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::state::{Model, OneKey};
use model::lecture::Lecture;
use model::query::{self, Parsed, View};
use model::Settings;

pub fn read() -> Parsed {
    let search = window().location().search().unwrap_or_default();
    let panels = model::panels::ids();
    let mut parsed = query::parse(&search, &panels);
    query::resolve_presenting(&mut parsed, &panels);
    parsed
}

thread_local! {
    /// Set while a slider is being dragged: the address waits for its release.
    static HELD: Cell<bool> = const { Cell::new(false) };
    /// Set while a write of the address waits for its own task.
    static WRITE_QUEUED: Cell<bool> = const { Cell::new(false) };
    /// Writes the current settings into the address.
    static WRITE: RefCell<Option<Rc<dyn Fn()>>> = const { RefCell::new(None) };
    static SAFETY: RefCell<SafetyTimer> = const { RefCell::new(SafetyTimer { pending: None, callback: None }) };
    /// Told when a held slider is let go (the measurer starts at once).
    static ON_RELEASE: Cell<Option<fn()>> = const { Cell::new(None) };
    /// Presenter mode's slide, if it is on (`present=`), and the lecture,
    /// if it is not the lesson (`lecture=`).
    static PRESENTING: Cell<(Option<u8>, Option<Lecture>)> = const { Cell::new((None, None)) };
    /// While presenting, the settings the lecture starts from: what the
    /// address keeps, as a slide's own follow from them (`Lecture::settings_at`).
    static LECTURE_BASE: RefCell<Option<Settings>> = const { RefCell::new(None) };
}

/// Presenter mode at slide `at` of `lecture` (None: the lesson), from
/// settings `base`, or off: the address keeps it at once.
pub fn set_presenting(at: Option<u8>, lecture: Option<Lecture>, base: Option<Settings>) {
    PRESENTING.set((at, lecture));
    LECTURE_BASE.set(base);
    if let Some(write) = WRITE.with(|slot| slot.borrow().clone()) {
        write();
    }
}

/// The settings the lecture presented starts from, None when not presenting.
pub fn lecture_base() -> Option<Settings> {
    LECTURE_BASE.with_borrow(Clone::clone)
}

/// Call `then` each time a held slider is let go.
pub fn on_release(then: fn()) {
    ON_RELEASE.set(Some(then));
}

/// The pending write once a drag pauses without a release (an `input` with
/// no `change`, which no real slider sends), and the one callback every
/// such timer calls.
struct SafetyTimer {
    pending: Option<i32>,
    callback: Option<Closure<dyn FnMut()>>,
}

/// A drag that pauses this long without a release writes the address anyway.
const SAFETY_MS: i32 = 400;

/// Rewrite the query whenever the settings change. `replaceState`, not
/// `pushState`: a slider drag is not a hundred history entries. During a
/// drag the address is written once, on release: each `replaceState` cost
/// a fifth of a step at the largest settings on a phone (docs/DECISIONS.md).
pub fn keep_in_address(model: Model, one_key: OneKey, view: View) {
    let write = Rc::new(move || {
        let (present, lecture) = PRESENTING.get();
        let view = View {
            present,
            lecture,
            ..view
        };
        let query = LECTURE_BASE.with_borrow(|base| match base {
            Some(base) => query::render(base, &view),
            None => model
                .settings
                .with_untracked(|settings| query::render(settings, &view)),
        });
        let query = one_key.0.with_untracked(|key| query::with_key(query, key));
        // The fragment is not ours (a WordPress embed keeps its secret there): keep it.
        let hash = window().location().hash().unwrap_or_default();
        let url = format!("?{query}{hash}");
        if let Ok(history) = window().history() {
            // The entry's state is the in-page history's (`reach::jump_to`): kept.
            let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some(&url));
        }
    });
    WRITE.with(|slot| *slot.borrow_mut() = Some(write.clone()));
    follow_sliders();
    Effect::new(move |_| {
        model.settings.track();
        one_key.0.track();
        if HELD.get() {
            rearm_safety_timer();
        } else if !WRITE_QUEUED.replace(true) {
            // In a task of its own: `replaceState` has taken up to 16 ms,
            // a third of the budget of the step that drew the change.
            let write = write.clone();
            leptos::task::spawn_local(async move {
                super::timing::sleep(0.0).await;
                WRITE_QUEUED.set(false);
                write();
            });
        }
    });
}

/// Every slider on the page, by one pair of listeners: `input` holds the
/// address (it bubbles here before the edit it makes is applied), `change`
/// (the release) writes it.
fn follow_sliders() {
    let is_slider = |event: &web_sys::Event| {
        event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|input| input.type_() == "range")
    };
    let on_input = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        if is_slider(&event) {
            HELD.set(true);
        }
    });
    let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        if is_slider(&event) {
            release();
        }
    });
    for (kind, listener) in [("input", on_input), ("change", on_change)] {
        if let Some(document) = crate::dom::document() {
            crate::dom::listen(&document, &[kind], listener.as_ref().unchecked_ref(), false);
        }
        // Listening as long as the page lives.
        listener.forget();
    }
}

/// Whether a slider is held (its address not yet written).
pub fn slider_held() -> bool {
    HELD.get()
}

/// Write the address now and stop holding it.
fn release() {
    HELD.set(false);
    if let Some(then) = ON_RELEASE.get() {
        then();
    }
    SAFETY.with(|safety| {
        if let Some(timer) = safety.borrow_mut().pending.take() {
            window().clear_timeout_with_handle(timer);
        }
    });
    if let Some(write) = WRITE.with(|slot| slot.borrow().clone()) {
        write();
    }
}

fn rearm_safety_timer() {
    SAFETY.with(|safety| {
        let mut safety = safety.borrow_mut();
        if let Some(timer) = safety.pending.take() {
            window().clear_timeout_with_handle(timer);
        }
        let callback = safety.callback.get_or_insert_with(|| Closure::new(release));
        if let Ok(timer) = window().set_timeout_with_callback_and_timeout_and_arguments_0(
            callback.as_ref().unchecked_ref(),
            SAFETY_MS,
        ) {
            safety.pending = Some(timer);
        }
    });
}
