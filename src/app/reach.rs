//! Every part of the page within reach of a phone's quick bar: the settings
//! as a sheet over the panels, a menu of panels, and in-page links that land
//! below the sticky bar with focus on the heading they lead to.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::state::Model;
use model::panels as registry;

/// The element `id` names, or the slot of the panel it names (built once it
/// comes near).
fn target(id: &str) -> Option<web_sys::Element> {
    let doc = document();
    doc.get_element_by_id(id).or_else(|| {
        doc.query_selector(&format!("[data-panel=\"{id}\"]"))
            .ok()
            .flatten()
    })
}

/// Scroll to `id` and put focus on its heading. A panel not yet built is
/// scrolled to first, and its heading taken once the panel is there.
pub fn go_to(id: String) {
    let Some(first) = target(&id) else {
        return;
    };
    first.scroll_into_view();
    leptos::task::spawn_local(async move {
        // A panel's heading: the element itself if it is one, else its
        // first (`claims` names the table, under the panel's heading).
        let heading = || {
            let panel = document()
                .get_element_by_id(&format!("{id}-title"))
                .or_else(|| document().get_element_by_id(&id))?;
            if panel.matches("h1, h2, h3").unwrap_or(false) {
                Some(panel)
            } else {
                panel
                    .query_selector("h1, h2, h3")
                    .ok()
                    .flatten()
                    .or(Some(panel))
            }
        };
        // Ten seconds at most for the panel to be built: it is built as soon
        // as it is near, in a frame or two, on a busy machine in more.
        for _ in 0..200 {
            if let Some(heading) = heading() {
                if let Ok(heading) = heading.dyn_into::<web_sys::HtmlElement>() {
                    if !heading.has_attribute("tabindex") {
                        let _ = heading.set_attribute("tabindex", "-1");
                    }
                    let _ = heading.focus();
                    heading.scroll_into_view();
                    clear_the_quick_bar(&heading);
                }
                return;
            }
            super::timing::sleep(50.0).await;
        }
    });
}

/// Scroll `element` down out from under the sticky quick bar, whatever its
/// height (the stylesheet's `scroll-margin-top` is a guess at it).
fn clear_the_quick_bar(element: &web_sys::Element) {
    let Ok(Some(bar)) = document().query_selector(".quickbar") else {
        return;
    };
    let under =
        bar.get_bounding_client_rect().bottom() + 8.0 - element.get_bounding_client_rect().top();
    if bar.get_bounding_client_rect().height() > 0.0 && under > 0.0 {
        window().scroll_by_with_x_and_y(0.0, -under);
    }
}

/// One listener for the page's ways around: the quick bar's settings sheet
/// and panel menu, Escape out of the sheet, and in-page links (`#moved`),
/// which land below the sticky bar with focus on their heading; in an embed,
/// a link to a panel the embed does not hold opens the full page at that
/// panel, in a new tab. Plain DOM, no signals: none of it changes a figure.
pub fn follow_the_ways_around(model: Model) {
    let on_event = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let Some(element) = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let within = |selector: &str| element.closest(selector).ok().flatten();
        match event.type_().as_str() {
            "keydown" => {
                let key = js_sys::Reflect::get(&event, &"key".into()).ok();
                // Escape in a dialog over the sheet closes that dialog alone.
                let in_dialog = within("dialog").is_some();
                if !in_dialog && key.and_then(|k| k.as_string()).as_deref() == Some("Escape") {
                    open_sheet(false);
                }
            }
            "change" => {
                if element.matches("[data-jump]").unwrap_or(false) {
                    let value = "value".into();
                    let id = js_sys::Reflect::get(&element, &value)
                        .ok()
                        .and_then(|v| v.as_string())
                        .unwrap_or_default();
                    // The menu names where to go; it does not stay on a panel.
                    let _ = js_sys::Reflect::set(&element, &value, &"".into());
                    if !id.is_empty() {
                        go_to(id);
                    }
                }
            }
            _ => {
                if within("[data-open-settings]").is_some() {
                    open_sheet(true);
                } else if within("[data-close-settings]").is_some() {
                    open_sheet(false);
                } else if let Some(link) = within("a[href^='#'], a[data-panel-link]") {
                    follow_link(model, &event, &link);
                }
            }
        }
    });
    for kind in ["click", "change", "keydown"] {
        let _ =
            document().add_event_listener_with_callback(kind, on_event.as_ref().unchecked_ref());
    }
    // Listening as long as the page lives.
    on_event.forget();
}

/// Open or close the settings as a sheet over the panels: what is behind it
/// is inert, and focus goes to the settings' heading, then back to the
/// button that opened them.
fn open_sheet(open: bool) {
    let doc = document();
    let Some(sheet) = doc.get_element_by_id("settings") else {
        return;
    };
    if sheet.class_list().contains("sheet-open") == open {
        return;
    }
    let _ = sheet.class_list().toggle_with_force("sheet-open", open);
    for behind in [".panels", ".quickbar"] {
        if let Ok(Some(element)) = doc.query_selector(behind) {
            let _ = if open {
                element.set_attribute("inert", "")
            } else {
                element.remove_attribute("inert")
            };
        }
    }
    let (focus, expanded) = if open {
        ("settings-title", "true")
    } else {
        ("open-settings", "false")
    };
    if let Some(button) = doc.get_element_by_id("open-settings") {
        let _ = button.set_attribute("aria-expanded", expanded);
    }
    if let Some(element) = doc
        .get_element_by_id(focus)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

fn follow_link(model: Model, event: &web_sys::Event, link: &web_sys::Element) {
    let id = match link.get_attribute("data-panel-link") {
        Some(id) => id,
        None => link
            .get_attribute("href")
            .unwrap_or_default()
            .trim_start_matches('#')
            .to_string(),
    };
    if target(&id).is_some() {
        event.prevent_default();
        go_to(id);
    } else if registry::find(&id).is_some() {
        // The link itself becomes the way out, so it opens the way the
        // embed's "Open the full page" does, with today's settings.
        let href = model
            .settings
            .with_untracked(|s| model::query::full_page_href(s));
        for (name, value) in [
            ("data-panel-link", id.as_str()),
            ("href", &format!("{href}#{id}")),
            ("target", "_blank"),
            ("rel", "noopener"),
        ] {
            let _ = link.set_attribute(name, value);
        }
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

/// The quick bar's way to every setting and every panel (the listener
/// above does what they ask).
pub fn quick_nav() -> impl IntoView {
    let mut options = crate::render::markup::Markup::new();
    options.element("option", &[("value", Some(""))], "Go to…");
    for panel in registry::ALL {
        options.element(
            "option",
            &[("value", Some(panel.id.as_str()))],
            panel.heading,
        );
    }
    view! {
        <div class="quick-nav">
            <button type="button" id="open-settings" data-open-settings aria-controls="settings" aria-expanded="false">
                "All settings"
            </button>
            <label class="visually-hidden" for="jump">"Go to a panel"</label>
            <select id="jump" data-jump inner_html=options.into_string()></select>
        </div>
    }
}
