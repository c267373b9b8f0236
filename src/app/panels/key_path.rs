//! "Any one key"'s lookup, step by step (DEFINITIONS §13): the key's path on
//! the ring drawn, or under any other scheme or system with a path, as the
//! worker worked it out with the key's owners; every step at once, or one at
//! a time with the rule's current line marked.

use leptos::prelude::*;

use crate::app::panels::{markup, Holder};
use crate::app::state::{Model, OneKey};
use crate::dom;
use crate::render::key_path::{key_path_code, key_path_steps};
use model::format::thousands;
use model::key_path::{self, KeyPath};
use model::placements::PlacementId;

/// The path chosen for the key in the box, with its title; None while the
/// worker has not placed the key for this address.
fn chosen_path(
    model: Model,
    one_key: RwSignal<String>,
    chosen: PlacementId,
) -> Option<(KeyPath, String)> {
    one_key.with(|key| {
        if key.is_empty() {
            return None;
        }
        model.snapshot.with(|m| {
            let s = &m.0;
            let query = crate::app::panels::predict::settings_query(s);
            let path = model.with_part(
                |r| r.one_key.as_ref(),
                |placed| {
                    placed
                        .filter(|p| p.key == *key && p.query == query)
                        .and_then(|p| p.paths.iter().find(|path| path.scheme == chosen).cloned())
                },
            )?;
            let change = s.change_clause();
            let title = if chosen == key_path::DRAWN {
                format!(
                    "Its lookup, step by step, on the ring drawn once {change} ({} points, sorted by position):",
                    thousands(s.ring_after.len() as u64)
                )
            } else {
                let title = chosen.title();
                format!("Its lookup under {title}, step by step, once {change}:")
            };
            Some((path, title))
        })
    })
}

/// The rule menu, the path and the buttons that step through it.
pub fn key_path_box(model: Model) -> impl IntoView {
    let one_key = expect_context::<OneKey>().0;
    // The placement chosen in the menu; None (to begin with) is the ring
    // drawn, the page's own or the client's in use.
    let chosen = crate::app::state::ChosenPlacement::none();
    // The step shown last while stepping through; None shows every step.
    let current = RwSignal::new(None::<usize>);
    let path =
        Memo::new(move |_| chosen_path(model, one_key, chosen.get().unwrap_or(key_path::DRAWN)));
    let count = move || path.with(|p| p.as_ref().map_or(0, |(p, _)| p.steps.len()));
    let ring_drawn = move || {
        model.settings.with(|s| match s.in_use {
            in_use if in_use.is_client() => format!("the ring drawn ({}'s)", in_use.name()),
            _ => "the ring drawn (the page's)".to_string(),
        })
    };
    let options = key_path::rules_ids()
        .skip(1)
        .map(|id| view! { <option value=id.as_str()>{id.title()}</option> })
        .collect::<Vec<_>>();
    let status = move || {
        let total = count();
        match (current.get(), total) {
            (_, 0) => String::new(),
            (None, _) => format!("All {total} steps shown."),
            (Some(c), _) => format!("Step {} of {total}.", c.min(total - 1) + 1),
        }
    };
    let stepping = move || current.get().is_some();
    // A button the reader pressed may hide ("Step through it") or end its
    // run (the last "Next step"): focus goes on to the button that carries
    // on, brought into view with the current step above it, once the step
    // is drawn. A button at the end of its run is aria-disabled, not
    // disabled, so it keeps focus.
    let (start, previous, next) = ("key-path-start", "key-path-previous", "key-path-next");
    let step_to = move |to: Option<usize>, then: &'static str| {
        current.set(to);
        request_animation_frame(move || {
            if let Some(button) = dom::by_id(then).and_then(dom::html) {
                let step = dom::find("ol.key-path li[aria-current]");
                dom::show_and_focus(step, &button);
            }
        });
    };
    view! {
        <div class="key-path-box" hidden=move || one_key.with(String::is_empty)>
            <div class="control">
                <label for="key-path-for">"Follow its lookup in"</label>
                <select id="key-path-for" on:change=move |ev| {
                    // The menu's values are the registry's ids.
                    chosen.set(PlacementId::from_id(&event_target_value(&ev)));
                    current.set(None);
                }>
                    <option value=key_path::DRAWN.as_str() selected>{ring_drawn}</option>
                    {options}
                </select>
            </div>
            <div class="key-path-layout">
                // The buttons right under the steps: stepping, the current
                // step and "Next step" stay side by side, in view.
                <div class="key-path-walk">
                    {markup(Holder::Block, move || {
                        let at = current.get();
                        path.with(|p| match p {
                            Some((path, title)) => key_path_steps(path, title, at),
                            None => crate::render::markup::paragraph("note", "Placing it\u{2026}"),
                        })
                    })}
                    <div class="key-path-stepper" role="group" aria-label="Step through the lookup">
                        <button type="button" id=start hidden=stepping on:click=move |_| step_to(Some(0), next)>
                            "Step through it"
                        </button>
                        <button type="button" id=previous hidden=move || !stepping()
                            aria-disabled=move || current.get().is_none_or(|c| c == 0).then_some("true")
                            on:click=move |_| step_to(current.get_untracked().map(|c| c.saturating_sub(1)), previous)>
                            "Previous step"
                        </button>
                        <button type="button" id=next hidden=move || !stepping()
                            aria-disabled=move || current.get().is_none_or(|c| c + 1 >= count()).then_some("true")
                            on:click=move |_| step_to(current.get_untracked().map(|c| (c + 1).min(count().saturating_sub(1))), next)>
                            "Next step"
                        </button>
                        <button type="button" hidden=move || !stepping() on:click=move |_| step_to(None, start)>
                            "Show every step"
                        </button>
                        <span class="key-path-status" aria-live="polite">{status}</span>
                    </div>
                </div>
                {markup(Holder::Block, move || {
                    let at = current.get();
                    path.with(|p| p.as_ref().map(|(path, _)| key_path_code(path, at)).unwrap_or_default())
                })}
            </div>
        </div>
    }
}
