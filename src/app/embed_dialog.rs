//! "Embed this view": a native dialog that writes the iframe code for one
//! panel at the current settings. The panel is shown in the dialog at the
//! column width the teacher picks, and the height it reports there becomes
//! the frame's fixed height, for hosts that ignore every resize message.
//!
//! The dialog is plain markup written once, with one handler for its
//! changes, one for its clicks and one effect that writes what changes:
//! built as a tree of reactive views it cost the page 10 KB of code.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::embed::HEIGHT_MESSAGE;
use super::state::Model;
use crate::render::embed_code::{embed_code, frame_address, EmbedRequest, WIDTHS};
use crate::render::markup::Markup;

/// A height is taken once the preview has not changed it for this long:
/// panels measured after they are built grow for a moment.
const SETTLED_MS: u64 = 700;

/// Slack under the measured height, so a host's rounding or a font that
/// loads a little wider never adds a scrollbar.
const SLACK_PX: u32 = 8;

/// The panel offered first: the figure most lessons are about.
const FIRST_PANEL: usize = 3;

/// The page's own address, without query or fragment.
fn page_address() -> String {
    let href = window().location().href().unwrap_or_default();
    let end = href.find(['?', '#']).unwrap_or(href.len());
    href[..end].to_string()
}

/// The panels a teacher can embed, as (id, heading), in page order: given
/// by the app, which owns the registry (this file sits below it).
#[derive(Clone)]
pub struct PanelChoices(pub Vec<(&'static str, &'static str)>);

fn element<T: JsCast>(id: &str) -> Option<T> {
    document().get_element_by_id(id)?.dyn_into().ok()
}

#[component]
pub fn EmbedThisView() -> impl IntoView {
    let model = expect_context::<Model>();
    // Made once per page and kept for its life, so every handler can hold it.
    let choices: &'static [(&'static str, &'static str)] =
        expect_context::<PanelChoices>().0.leak();
    // Indices and plain numbers: signal types the page already has.
    let panel = RwSignal::new(FIRST_PANEL.min(choices.len() - 1));
    let width = RwSignal::new(WIDTHS[1]);
    let with_snippet = RwSignal::new(false);
    let open = RwSignal::new(false);
    // The last height the preview reported (0: none yet), and whether it has settled.
    let reported = RwSignal::new(0u32);
    let settled = RwSignal::new(false);
    let generation = RwSignal::new(0usize);
    let status = RwSignal::new(String::new());

    let address = move || {
        let (id, _) = choices[panel.get()];
        model
            .settings
            .with(|s| frame_address(&page_address(), s, id))
    };
    let code = move || {
        let height = reported.get();
        if height == 0 || !settled.get() {
            return None;
        }
        let (id, heading) = choices[panel.get()];
        Some(model.settings.with(|s| {
            embed_code(&EmbedRequest {
                page: &page_address(),
                settings: s,
                panel: id,
                heading,
                height: height + SLACK_PX,
                resize_snippet: with_snippet.get(),
            })
        }))
    };

    // Opened, or a new panel, width or setting while open: measure again.
    // Closed, it follows nothing, so a slider step costs it nothing.
    Effect::new(move |_| {
        panel.track();
        width.track();
        if open.get() {
            model.settings.track();
        }
        reported.set(0);
        settled.set(false);
    });

    // Heights come from the preview frame only: the course page's own
    // messages, or another frame's, are ignored.
    let listener =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let frame = element::<web_sys::HtmlIFrameElement>("embed-preview-frame");
            let from_preview = frame.and_then(|f| f.content_window());
            let (Some(from_preview), Some(source)) = (from_preview, event.source()) else {
                return;
            };
            if !js_sys::Object::is(&source, &from_preview) {
                return;
            }
            let data = event.data();
            let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
            let kind = field("type").and_then(|v| v.as_string());
            let height = field("height").and_then(|v| v.as_f64());
            let (Some(HEIGHT_MESSAGE), Some(height)) = (kind.as_deref(), height) else {
                return;
            };
            if !(1.0..=100_000.0).contains(&height) {
                return;
            }
            reported.set(height.ceil() as u32);
            settled.set(false);
            let this = generation.get_untracked() + 1;
            generation.set(this);
            set_timeout(
                move || {
                    if generation.get_untracked() == this {
                        settled.set(true);
                    }
                },
                std::time::Duration::from_millis(SETTLED_MS),
            );
        });
    let _ = window().add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
    // The dialog lives as long as the page.
    listener.forget();

    // Everything in the dialog that changes, written where it shows, while
    // it shows: closed, the preview stops (a page running in a hidden frame
    // costs the reader) and nothing else is followed.
    Effect::new(move |_| {
        if !open.get() {
            if let Some(frame) = element::<web_sys::Element>("embed-preview-frame") {
                if frame.get_attribute("src").as_deref() != Some("about:blank") {
                    let _ = frame.set_attribute("src", "about:blank");
                }
            }
            return;
        }
        let code = code();
        let height = reported.get();
        let chosen = width.get();
        if let Some(holder) = element::<web_sys::Element>("embed-status") {
            holder.set_text_content(Some(&if code.is_some() {
                format!("At {chosen} px wide the panel is {height} px high.")
            } else {
                format!("Measuring the panel at {chosen} px wide…")
            }));
        }
        if let Some(holder) = element::<web_sys::Element>("embed-code") {
            holder.set_text_content(code.as_deref());
            match &code {
                Some(_) => holder.set_attribute("data-height", &(height + SLACK_PX).to_string()),
                None => holder.remove_attribute("data-height"),
            }
            .ok();
        }
        if let Some(button) = element::<web_sys::Element>("embed-copy") {
            let _ = if code.is_some() {
                button.remove_attribute("disabled")
            } else {
                button.set_attribute("disabled", "")
            };
        }
        if let Some(holder) = element::<web_sys::Element>("share-status-embed") {
            holder.set_text_content(Some(&status.get()));
        }
        let Some(frame) = element::<web_sys::HtmlElement>("embed-preview-frame") else {
            return;
        };
        let src = address();
        if frame.get_attribute("src").as_deref() != Some(src.as_str()) {
            let _ = frame.set_attribute("src", &src);
        }
        let (_, heading) = choices[panel.get()];
        let _ = frame.set_attribute("title", &format!("Preview: {heading}"));
        let shown = if height == 0 { 300 } else { height };
        let _ = frame.style().set_property("width", &format!("{chosen}px"));
        let _ = frame.style().set_property("height", &format!("{shown}px"));
        if let Some(holder) = frame.parent_element() {
            if let Ok(holder) = holder.dyn_into::<web_sys::HtmlElement>() {
                let _ = holder
                    .style()
                    .set_property("height", &format!("{}px", shown / 2 + 2));
            }
        }
    });

    // Events are wired by hand on the markup: typed view attributes for
    // each would cost the page more code than the dialog itself.
    let dialog = move || element::<web_sys::HtmlDialogElement>("embed-dialog");
    let on_change = move |event: web_sys::Event| {
        let Some(target) = event.target() else { return };
        let target: web_sys::HtmlInputElement = target.unchecked_into();
        let value = target.value();
        match target.id().as_str() {
            "embed-panel" => {
                if let Some(index) = choices.iter().position(|(id, _)| *id == value) {
                    panel.set(index);
                }
            }
            "embed-snippet" => with_snippet.set(target.checked()),
            _ => {
                if let Some(&chosen) = WIDTHS.iter().find(|w| w.to_string() == value) {
                    width.set(chosen);
                }
            }
        }
    };
    let on_click = move |event: web_sys::Event| {
        let Some(target) = event.target() else { return };
        let target: web_sys::Element = target.unchecked_into();
        match target.id().as_str() {
            "embed-open" => {
                status.set(String::new());
                open.set(true);
                if let Some(dialog) = dialog() {
                    let _ = dialog.show_modal();
                }
            }
            "embed-close" => {
                if let Some(dialog) = dialog() {
                    dialog.close();
                }
            }
            "embed-copy" => {
                let Some(text) = code() else { return };
                let promise = window().navigator().clipboard().write_text(&text);
                leptos::task::spawn_local(async move {
                    status.set(
                        match wasm_bindgen_futures::JsFuture::from(promise).await {
                            Ok(_) => "Code copied: paste it into your course page's HTML.",
                            Err(_) => "Could not copy; select the code and copy it by hand.",
                        }
                        .into(),
                    );
                });
            }
            _ => {}
        }
    };
    let holder = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |wired: Option<bool>| {
        if wired == Some(true) {
            return true;
        }
        let Some(holder) = holder.get() else {
            return false;
        };
        let listen =
            |target: &web_sys::EventTarget, kind: &str, handler: Box<dyn FnMut(web_sys::Event)>| {
                let callback = Closure::<dyn FnMut(web_sys::Event)>::wrap(handler);
                let _ = target
                    .add_event_listener_with_callback(kind, callback.as_ref().unchecked_ref());
                // The dialog lives as long as the page.
                callback.forget();
            };
        listen(&holder, "click", Box::new(on_click));
        listen(&holder, "change", Box::new(on_change));
        // "close" does not bubble: Escape and the Close button both end here.
        if let Some(dialog) = dialog() {
            listen(&dialog, "close", Box::new(move |_| open.set(false)));
        }
        true
    });

    view! { <div class="embed-holder" node_ref=holder inner_html=dialog_markup(choices)></div> }
}

/// The dialog's contents: heading, choices, the code, its buttons and the
/// preview frame. The effect above fills in the parts that change.
fn dialog_markup(choices: &[(&str, &str)]) -> String {
    let mut m = Markup::new();
    m.element(
        "button",
        &[
            ("type", Some("button")),
            ("id", Some("embed-open")),
            ("aria-haspopup", Some("dialog")),
        ],
        "Embed this view",
    );
    m.open(
        "dialog",
        &[
            ("id", Some("embed-dialog")),
            ("aria-labelledby", Some("embed-title")),
        ],
    );
    m.element("h2", &[("id", Some("embed-title"))], "Embed this view");
    m.paragraph(
        "",
        "Paste the code into a course page to show one panel with the settings you have now. The frame's height fits the panel at the column width you pick; hosts that resize frames adjust it as the panel changes.",
    );
    m.open("div", &[("class", Some("control"))])
        .element("label", &[("for", Some("embed-panel"))], "Panel")
        .open("select", &[("id", Some("embed-panel"))]);
    for (index, (id, heading)) in choices.iter().enumerate() {
        let selected = (index == FIRST_PANEL).then_some("");
        m.element(
            "option",
            &[("value", Some(id)), ("selected", selected)],
            heading,
        );
    }
    m.close("select").close("div");
    m.open("fieldset", &[("class", Some("control"))]).element(
        "legend",
        &[],
        "Column width on your course page",
    );
    for (index, choice) in WIDTHS.iter().enumerate() {
        let value = choice.to_string();
        m.open("label", &[("class", Some("inline"))])
            .open(
                "input",
                &[
                    ("type", Some("radio")),
                    ("name", Some("embed-width")),
                    ("value", Some(&value)),
                    ("checked", (index == 1).then_some("")),
                ],
            )
            .text(&format!("{choice} px"))
            .close("label");
    }
    m.close("fieldset");
    m.open("label", &[("class", Some("inline"))])
        .open(
            "input",
            &[("type", Some("checkbox")), ("id", Some("embed-snippet"))],
        )
        .text("Add a script that resizes the frame (for pages that allow scripts)")
        .close("label");
    m.open(
        "p",
        &[
            ("class", Some("embed-status")),
            ("id", Some("embed-status")),
            ("aria-live", Some("polite")),
        ],
    )
    .close("p");
    m.open(
        "pre",
        &[
            ("class", Some("embed-code")),
            ("tabindex", Some("0")),
            ("aria-label", Some("Embed code")),
        ],
    )
    .open(
        "code",
        &[("id", Some("embed-code")), ("data-embed-code", Some(""))],
    )
    .close("code")
    .close("pre");
    m.open("div", &[("class", Some("dialog-actions"))])
        .element(
            "button",
            &[
                ("type", Some("button")),
                ("id", Some("embed-copy")),
                ("disabled", Some("")),
            ],
            "Copy",
        )
        .element(
            "button",
            &[("type", Some("button")), ("id", Some("embed-close"))],
            "Close",
        )
        .element(
            "span",
            &[
                ("class", Some("share-status")),
                ("id", Some("share-status-embed")),
                ("role", Some("status")),
            ],
            "",
        )
        .close("div");
    m.paragraph("help", "Preview, at half size:");
    m.open("div", &[("class", Some("embed-preview"))])
        .element(
            "iframe",
            &[
                ("id", Some("embed-preview-frame")),
                ("title", Some("Preview")),
            ],
            "",
        )
        .close("div");
    m.into_string()
}
