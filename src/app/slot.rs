//! A panel built when it first comes within a screen of the viewport, and
//! kept current only while it is that near. Out of view it holds the figures
//! it last showed (and says so with `data-stale`), so an input costs it
//! nothing; it catches up as it scrolls back in.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::state::Model;
use crate::panels::PanelDef;

/// One screen above and below the viewport counts as near.
const NEAR: &str = "100% 0px 100% 0px";

/// `panel` in its slot; `eager` builds it at once and keeps it awake (the
/// ring on the full page, or a panel embedded alone).
pub fn panel_slot(model: Model, panel: &'static PanelDef, eager: bool) -> AnyView {
    let near = RwSignal::new(eager);
    let built = RwSignal::new(eager);
    let slot = NodeRef::<leptos::html::Div>::new();
    let id = panel.id;
    // The deferred work runs for the panels that are awake.
    Effect::new(move |_| {
        let awake = near.get();
        model.awake.update(|list| {
            list.retain(|listed| *listed != id);
            if awake {
                list.push(id);
            }
        });
    });
    if !eager {
        let observer =
            StoredValue::new_local(None::<(web_sys::IntersectionObserver, web_sys::Element)>);
        Effect::new(move |watching: Option<bool>| {
            if watching == Some(true) {
                return true;
            }
            match slot.get() {
                Some(element) => {
                    let element: web_sys::Element = element.into();
                    observer.set_value(watch(&element, near, built).map(|o| (o, element)));
                    true
                }
                None => false,
            }
        });
        // A handout has every panel: build and wake them all while printing.
        // After, observing afresh reports where each really is.
        Effect::new(move |was_printing: Option<bool>| {
            let printing = model.printing.get();
            if printing {
                built.set(true);
                near.set(true);
            } else if was_printing == Some(true) {
                observer.with_value(|watching| {
                    if let Some((observer, element)) = watching {
                        observer.unobserve(element);
                        observer.observe(element);
                    }
                });
            }
            printing
        });
    }
    let held = model.held(near);
    let stale = move || {
        let behind = built.get() && held.snapshot.with(|h| model.live.with(|l| h != l));
        if behind {
            "yes"
        } else {
            "no"
        }
    };
    view! {
        <div class="panel-slot" class:waiting=move || !built.get() data-panel=id data-stale=stale node_ref=slot>
            {move || {
                built.get().then(|| {
                    // Built once, untracked: its own signals keep it current.
                    untrack(|| {
                        provide_context(held);
                        (panel.view)(panel.heading)
                    })
                })
            }}
        </div>
    }
    .into_any()
}

/// Mark the slot near while it is within a screen of the viewport, and
/// built from the first time it is.
fn watch(
    element: &web_sys::Element,
    near: RwSignal<bool>,
    built: RwSignal<bool>,
) -> Option<web_sys::IntersectionObserver> {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        for entry in entries.iter() {
            let entry: web_sys::IntersectionObserverEntry = entry.unchecked_into();
            let now_near = entry.is_intersecting();
            if now_near && !built.get_untracked() {
                built.set(true);
            }
            if near.get_untracked() != now_near {
                near.set(now_near);
            }
        }
    });
    let options = web_sys::IntersectionObserverInit::new();
    options.set_root_margin(NEAR);
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
