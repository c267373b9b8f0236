//! A panel built when it first comes within a screen of the viewport, and
//! kept current only while it is that near. Out of view it holds the figures
//! it last showed (and says so with `data-stale`), so an input costs it
//! nothing; it catches up as it scrolls back in. During a drag, a panel near
//! but not yet in view holds too, and catches up when the drag pauses.

use leptos::prelude::*;
use model::questions::QuestionId;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::print::Handout;
use super::state::{set_changed, Model};
use model::panels::{PanelDef, PanelId};

/// One screen above and below the viewport counts as near.
const NEAR: &str = "100% 0px 100% 0px";
/// The viewport itself.
const IN_VIEW: &str = "0px";

/// `panel` in its slot; `eager` builds it at once and keeps it awake (the
/// ring on the full page, or a panel embedded alone).
/// Where a slot is: near the viewport, in view, and whether its panel has
/// been built (once near, for good).
#[derive(Clone, Copy)]
struct Presence {
    near: RwSignal<bool>,
    in_view: RwSignal<bool>,
    built: RwSignal<bool>,
}

/// Follow where the slot is as the reader scrolls (two observers), and
/// build and wake the panels a handout holds while printing; after
/// printing, observing afresh reports where each really is.
fn watch_slot(
    model: Model,
    handout: Handout,
    id: model::panels::PanelId,
    slot: NodeRef<leptos::html::Div>,
    presence: Presence,
) {
    let Presence {
        near,
        in_view,
        built,
    } = presence;
    let observers =
        StoredValue::new_local(None::<(Vec<web_sys::IntersectionObserver>, web_sys::Element)>);
    Effect::new(move |watching: Option<bool>| {
        if watching == Some(true) {
            return true;
        }
        match slot.get() {
            Some(element) => {
                let element: web_sys::Element = element.into();
                let near_now = move |now: bool| {
                    if now {
                        set_changed(built, true);
                    }
                    set_changed(near, now);
                };
                let in_view_now = move |now: bool| set_changed(in_view, now);
                let watching = [
                    watch(&element, NEAR, near_now),
                    watch(&element, IN_VIEW, in_view_now),
                ];
                observers.set_value(Some((watching.into_iter().flatten().collect(), element)));
                true
            }
            None => false,
        }
    });
    // Build and wake the panels a handout holds while printing.
    // After, observing afresh reports where each really is.
    Effect::new(move |was_printing: Option<bool>| {
        let printing = handout.printing();
        // Only what the handout holds (`app::print`): the rest stays asleep.
        let printed = untrack(|| handout.panels(model)).contains(&id);
        if printing && printed {
            built.set(true);
            near.set(true);
        } else if was_printing == Some(true) {
            observers.with_value(|watching| {
                if let Some((observers, element)) = watching {
                    for observer in observers {
                        observer.unobserve(element);
                        observer.observe(element);
                    }
                }
            });
        }
        printing
    });
}

pub fn panel_slot(model: Model, panel: &'static PanelDef, eager: bool) -> AnyView {
    let handout = expect_context::<Handout>();
    let near = RwSignal::new(eager);
    let in_view = RwSignal::new(eager);
    let built = RwSignal::new(eager);
    let slot = NodeRef::<leptos::html::Div>::new();
    let id = panel.id;
    // The worker measures the work of the panels that are awake first.
    Effect::new(move |_| {
        let awake = near.get();
        model.awake.set(id, awake);
    });
    if !eager {
        watch_slot(
            model,
            handout,
            id,
            slot,
            Presence {
                near,
                in_view,
                built,
            },
        );
    }
    // A drag redraws what the reader sees at each step; what is only near
    // catches up once the drag pauses.
    let awake = RwSignal::new(eager);
    Effect::new(move |_| {
        set_changed(awake, near.get() && (in_view.get() || !model.dragging()));
    });
    let held = model.held(awake);
    let stale = move || {
        let behind = built.get() && held.snapshot.with(|h| model.live.with(|l| h != l));
        if behind {
            "yes"
        } else {
            "no"
        }
    };
    view! {
        <div
            class="panel-slot"
            class:waiting=move || !built.get()
            data-panel=id.as_str()
            data-stale=stale
            data-in-handout=move || handout.panels(model).contains(&id).then_some("")
            node_ref=slot
        >
            {held_note(model, id)}
            {move || {
                built.get().then(|| {
                    // Built once, untracked: its own signals keep it current.
                    untrack(|| {
                        provide_context(held);
                        super::panels::view_of(panel)
                    })
                })
            }}
        </div>
    }
    .into_any()
}

/// Over a panel whose figures wait for a question (`Markup::tells`; the
/// style shows it only then): why they show "?", and the way past it, which
/// counts as skipping each question this panel's figures answer, everywhere.
/// Focus goes to the panel's heading, above the figures it has just shown.
fn held_note(model: Model, id: PanelId) -> impl IntoView {
    let show = move |_| {
        for question in QuestionId::ALL {
            let told = format!(
                "[data-panel=\"{}\"] [data-tells~=\"{}\"]",
                id.as_str(),
                question.as_str()
            );
            if model.holds_untracked(question) && crate::dom::find(&told).is_some() {
                super::panels::predict::skip(model, question);
            }
        }
        super::reach::go_to(id.as_str().to_string());
    };
    view! {
        <p class="held-note">
            {crate::render::HELD_NOTE}
            <button type="button" data-show-held on:click=show>{crate::render::SHOW_HELD}</button>
        </p>
    }
}

/// Report whether `element` intersects the viewport grown by `margin`, as
/// it changes.
fn watch(
    element: &web_sys::Element,
    margin: &str,
    report: impl Fn(bool) + 'static,
) -> Option<web_sys::IntersectionObserver> {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        for entry in entries.iter() {
            let entry: web_sys::IntersectionObserverEntry = entry.unchecked_into();
            report(entry.is_intersecting());
        }
    });
    let options = web_sys::IntersectionObserverInit::new();
    options.set_root_margin(margin);
    let observer = web_sys::IntersectionObserver::new_with_options(
        callback.as_ref().unchecked_ref(),
        &options,
    )
    .ok()?;
    observer.observe(element);
    // The observer lives as long as the page.
    callback.forget();
    Some(observer)
}
