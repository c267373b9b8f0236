//! Every part of the page within reach of a phone's quick bar: the settings
//! as a sheet over the panels, a menu of panels, and in-page links that land
//! below the sticky bar with focus on the heading they lead to.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::state::Model;
use crate::dom;
use model::panels as registry;

/// The element `id` names, or the slot of the panel it names (built once it
/// comes near).
fn target(id: &str) -> Option<web_sys::Element> {
    dom::by_id(id).or_else(|| dom::find(&format!("[data-panel=\"{id}\"]")))
}

/// Scroll to `id` and put focus on its heading. A panel not yet built is
/// scrolled to first, and its heading taken once the panel is there.
pub fn go_to(id: String) {
    go_to_within(id, None);
}

/// `go_to`, for an element inside the panel `within` that may not be built
/// yet (the config box in the systems panel): the panel is scrolled to
/// first, and the element taken once it is there.
fn go_to_within(id: String, within: Option<String>) {
    let Some(first) = target(&id).or_else(|| within.as_deref().and_then(target)) else {
        return;
    };
    dom::scroll_into_view(&first);
    leptos::task::spawn_local(async move {
        // A panel's heading: the element itself if it is one, else its
        // first (`claims` names the table, under the panel's heading).
        let heading = || {
            let panel = dom::by_id(&format!("{id}-title")).or_else(|| dom::by_id(&id))?;
            if dom::is(&panel, "h1, h2, h3") {
                Some(panel)
            } else {
                dom::find_in(&panel, "h1, h2, h3").or(Some(panel))
            }
        };
        // Ten seconds at most for the panel to be built: it is built as soon
        // as it is near, in a frame or two, on a busy machine in more.
        for _ in 0..200 {
            if let Some(heading) = heading() {
                // A place inside a panel's closed part (the config box) opens it.
                if let Some(fold) = dom::enclosing(&heading, "details:not([open])") {
                    dom::set(&fold, "open", "");
                }
                if let Some(heading) = dom::html(heading) {
                    if dom::attribute(&heading, "tabindex").is_none() {
                        dom::set(&heading, "tabindex", "-1");
                    }
                    dom::focus(&heading);
                    // A field is shown with its label, its whole control.
                    let shown = dom::enclosing(&heading, ".control")
                        .unwrap_or_else(|| heading.clone().into());
                    dom::scroll_into_view(&shown);
                    clear_the_quick_bar(&shown);
                }
                return;
            }
            super::timing::sleep(50.0).await;
        }
    });
}

/// A jump the reader asked for (a link, "Go to…"):
/// the history entry they are on keeps where they were, and the jump gets an
/// entry of its own, so the browser's Back returns them there with focus on
/// what they jumped from, instead of leaving the page. The address is not
/// changed: its fragment may be a host's (see `url_state`).
/// `within` names the panel an element is inside, as for `go_to_within`.
fn jump_to(id: String, within: Option<String>) {
    record_jump(&id);
    go_to_within(id, within);
}

// In JavaScript: a few DOM calls, which as Rust bindings cost the page
// a kilobyte. The element that had focus is kept here, not in the entry:
// Back within the page returns to this same document.
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = "
const from = [];
export function recordJump(id) {
  history.replaceState({ y: scrollY, from: from.push(document.activeElement) - 1 }, '');
  history.pushState({ jump: id }, '');
}
export function onReturn(goTo) {
  addEventListener('popstate', ({ state }) => {
    if (state?.jump) return goTo(state.jump);
    if (!state) return;
    from[state.from]?.focus();
    scrollTo(0, state.y);
  });
}
")]
extern "C" {
    /// The history entries for a jump to `id`.
    #[wasm_bindgen(js_name = recordJump)]
    fn record_jump(id: &str);
    /// Back (or Forward) within the page: to where the reader was, focus
    /// there, or to the jump made from there (`go_to`).
    #[wasm_bindgen(js_name = onReturn)]
    fn on_return(go_to: &Closure<dyn Fn(String)>);
}

/// Scroll `element` down out from under the sticky quick bar, whatever its
/// height (the stylesheet's `scroll-margin-top` is a guess at it).
fn clear_the_quick_bar(element: &web_sys::Element) {
    let Some(bar) = dom::find(".quickbar") else {
        return;
    };
    let under =
        bar.get_bounding_client_rect().bottom() + 8.0 - element.get_bounding_client_rect().top();
    if bar.get_bounding_client_rect().height() > 0.0 && under > 0.0 {
        dom::scroll_by(-under);
    }
}

/// Whether the settings are open as a sheet over the panels (a phone's
/// "All settings"): what is behind it is inert while it is.
#[derive(Clone, Copy)]
pub struct SettingsSheet(pub RwSignal<bool>);

impl SettingsSheet {
    /// The sheet, closed, for the page's life. Focus follows it: to the
    /// settings' heading when it opens, back to the button that opened it
    /// when it closes.
    pub fn new() -> SettingsSheet {
        let open = RwSignal::new(false);
        Effect::new(move |before: Option<bool>| {
            let now = open.get();
            if before.is_some_and(|before| before != now) {
                let focus = if now {
                    "settings-title"
                } else {
                    "open-settings"
                };
                if let Some(element) = dom::by_id(focus).and_then(dom::html) {
                    dom::focus(&element);
                }
            }
            now
        });
        SettingsSheet(open)
    }
}

/// One listener for the page's in-page links (`#moved`, in markup as well
/// as in views), which land below the sticky bar with focus on their
/// heading, each a history entry that Back returns from (in an embed, a link to a panel the embed does not hold opens
/// the full page at that panel, in a new tab); and Escape out of the
/// settings sheet.
pub fn follow_the_ways_around(model: Model, sheet: SettingsSheet) {
    let on_event = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let Some(element) = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let within = |selector: &str| dom::enclosing(&element, selector);
        if event.type_() == "keydown" {
            let key = js_sys::Reflect::get(&event, &"key".into()).ok();
            // Escape in a dialog over the sheet closes that dialog alone.
            let in_dialog = within("dialog").is_some();
            if !in_dialog && key.and_then(|k| k.as_string()).as_deref() == Some("Escape") {
                sheet.0.set(false);
            }
        } else if let Some(link) = within("a[href^='#']") {
            // A link in the phone's settings sheet leads out of it.
            if dom::enclosing(&link, "#settings").is_some() {
                sheet.0.set(false);
            }
            follow_link(model, &event, &link);
        }
    });
    dom::listen(
        &document(),
        &["click", "keydown"],
        on_event.as_ref().unchecked_ref(),
        false,
    );
    // Listening as long as the page lives.
    on_event.forget();
    let go = Closure::<dyn Fn(String)>::new(go_to);
    on_return(&go);
    go.forget();
}

fn follow_link(model: Model, event: &web_sys::Event, link: &web_sys::Element) {
    let id = dom::attribute(link, "href")
        .unwrap_or_default()
        .trim_start_matches('#')
        .to_string();
    // An element inside a panel names the panel in `data-in-panel`.
    let within = dom::attribute(link, "data-in-panel");
    if target(&id).is_some() || within.as_deref().and_then(target).is_some() {
        event.prevent_default();
        jump_to(id, within);
    } else if registry::find(&id).is_some() {
        // A panel this page (an embed) lacks: the full page at that panel,
        // with today's settings, in a new tab, as "Open the full page"
        // opens. The link itself is left as it was written.
        event.prevent_default();
        let href = model
            .settings
            .with_untracked(|s| model::query::full_page_href(s));
        let _ = window().open_with_url_and_target_and_features(
            &format!("{href}#{id}"),
            "_blank",
            "noopener",
        );
    }
}

/// An address that ends in a panel's id (`#moved`, from an embed's link)
/// opens at that panel, once the app is there to build it.
pub fn go_to_address_panel() {
    let hash = window().location().hash().unwrap_or_default();
    let id = hash.trim_start_matches('#');
    if registry::find(id).is_some() {
        go_to(id.to_string());
    }
}

/// Places inside a panel that the panel menu lists after it, as
/// (element id, panel id, heading): a reader looks for them by name.
const WITHIN: [(&str, registry::PanelId, &str); 1] =
    [("one-key-title", registry::PanelId::Schemes, "Any one key")];

/// The quick bar's way to every setting and every panel.
pub fn quick_nav() -> impl IntoView {
    let sheet = expect_context::<SettingsSheet>().0;
    // The menu names where to go; it does not stay on a panel.
    let jump = move |ev: leptos::ev::Event| {
        let id = dom::take_choice(&ev);
        if !id.is_empty() {
            let within = WITHIN.iter().find(|(place, ..)| *place == id);
            jump_to(id, within.map(|(_, panel, _)| panel.as_str().to_string()));
        }
    };
    view! {
        <div class="quick-nav">
            <button
                type="button"
                id="open-settings"
                data-open-settings
                aria-controls="settings"
                aria-expanded=move || sheet.get().to_string()
                on:click=move |_| sheet.set(true)
            >
                // A gear in the narrow bar, the words for screen readers.
                <span aria-hidden="true">"⚙"</span>
                <span class="visually-hidden">"All settings"</span>
            </button>
            <label class="visually-hidden" for="jump">"Go to a panel"</label>
            <select id="jump" data-jump on:change=jump>
                // Narrow in the quick bar: "Go", and the label says the rest.
                <option value="">"Go"</option>
                {registry::ALL
                    .iter()
                    .flat_map(|panel| {
                        let inside = WITHIN.iter().filter(|(_, within, _)| *within == panel.id);
                        std::iter::once((panel.id.as_str(), panel.heading))
                            .chain(inside.map(|&(place, _, heading)| (place, heading)))
                    })
                    .map(|(id, heading)| view! { <option value=id>{heading}</option> })
                    .collect_view()}
            </select>
        </div>
    }
}
