//! "Embed this view": a native dialog that writes the iframe code for one
//! panel at the current settings. The panel is shown in the dialog at the
//! column width the teacher picks, and the height it reports there becomes
//! the frame's fixed height, for hosts that ignore every resize message.
//!
//! Closed, it follows nothing: a slider step costs it nothing, and the
//! preview frame is blank.

use leptos::ev;
use leptos::prelude::*;

use super::embed::HEIGHT_MESSAGE;
use super::state::Model;
use crate::render::embed_code::{embed_code, frame_address, EmbedRequest, WIDTHS};
use model::panels::PanelId;

/// A height is taken once the preview has not changed it for this long:
/// panels measured after they are built grow for a moment.
const SETTLED_MS: u64 = 700;

/// Slack under the measured height, so a host's rounding or a font that
/// loads a little wider never adds a scrollbar.
const SLACK_PX: u32 = 8;

/// The panel offered first: the figure most lessons are about.
const FIRST_PANEL: PanelId = PanelId::Moved;

/// The page's own address, without query or fragment.
fn page_address() -> String {
    let href = window().location().href().unwrap_or_default();
    let end = href.find(['?', '#']).unwrap_or(href.len());
    href[..end].to_string()
}

/// The panels a teacher can embed, as (id, heading, what it teaches), in
/// page order: given by the app, which owns the registry (this file sits
/// below it).
#[derive(Clone)]
pub struct PanelChoices(pub Vec<(PanelId, &'static str, &'static str)>);

#[component]
pub fn EmbedThisView() -> impl IntoView {
    let model = expect_context::<Model>();
    // Made once per page and kept for its life, so every handler can hold it.
    let choices: &'static [(PanelId, &'static str, &'static str)] =
        expect_context::<PanelChoices>().0.leak();
    let first = choices
        .iter()
        .position(|(id, _, _)| *id == FIRST_PANEL)
        .unwrap_or(0);
    let panel = RwSignal::new(first);
    let width = RwSignal::new(WIDTHS[1]);
    let with_snippet = RwSignal::new(false);
    let open = RwSignal::new(false);
    // The last height the preview reported (0: none yet), and whether it has settled.
    let reported = RwSignal::new(0u32);
    let settled = RwSignal::new(false);
    let generation = RwSignal::new(0usize);
    let status = RwSignal::new(String::new());
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let frame = NodeRef::<leptos::html::Iframe>::new();

    // The code, once the preview's height has settled; none while closed.
    let code = Memo::new(move |_| {
        if !open.get() || !settled.get() || reported.get() == 0 {
            return None;
        }
        let (id, heading, _) = choices[panel.get()];
        Some(model.settings.with(|s| {
            embed_code(&EmbedRequest {
                page: &page_address(),
                settings: s,
                panel: id.as_str(),
                heading,
                height: reported.get() + SLACK_PX,
                resize_snippet: with_snippet.get(),
            })
        }))
    });
    // The preview runs only while the dialog is open: a page in a hidden
    // frame costs the reader.
    let preview_address = move || {
        if !open.get() {
            return "about:blank".to_string();
        }
        let (id, _, _) = choices[panel.get()];
        model
            .settings
            .with(|s| frame_address(&page_address(), s, id.as_str()))
    };
    let shown_height = move || match reported.get() {
        0 => 300,
        height => height,
    };

    // Opened, or a new panel, width or setting while open: measure again.
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
    // messages, or another frame's, are ignored. The dialog lives as long
    // as the page, and so does this listener.
    let _ = window_event_listener(ev::message, move |event| {
        let from_preview = frame.get_untracked().and_then(|f| f.content_window());
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

    let copy = move |_| {
        let Some(text) = code.get_untracked() else {
            return;
        };
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
    };
    let status_line = move || {
        let chosen = width.get();
        if code.with(Option::is_some) {
            format!(
                "At {chosen} px wide the panel is {} px high.",
                reported.get()
            )
        } else {
            format!("Measuring the panel at {chosen} px wide…")
        }
    };

    view! {
        <div class="embed-holder">
            <button
                type="button"
                id="embed-open"
                aria-haspopup="dialog"
                on:click=move |_| {
                    status.set(String::new());
                    open.set(true);
                    if let Some(dialog) = dialog.get_untracked() {
                        let _ = dialog.show_modal();
                    }
                }
            >
                "Embed this view"
            </button>
            // "close" ends both Escape and the Close button.
            <dialog id="embed-dialog" aria-labelledby="embed-title" node_ref=dialog on:close=move |_| open.set(false)>
                <h2 id="embed-title">"Embed this view"</h2>
                <p>
                    "Paste the code into a course page to show one panel with the settings you have now. The frame's height fits the panel at the column width you pick; hosts that resize frames adjust it as the panel changes."
                </p>
                <super::your_keys::NotInLink />
                <div class="control">
                    <label for="embed-panel">"Panel"</label>
                    <select
                        id="embed-panel"
                        on:change=move |event| {
                            let value = event_target_value(&event);
                            if let Some(index) = choices.iter().position(|(id, _, _)| id.as_str() == value) {
                                panel.set(index);
                            }
                        }
                    >
                        {choices
                            .iter()
                            .enumerate()
                            .map(|(index, &(id, heading, teaches))| {
                                view! { <option value=id.as_str() data-teaches=teaches selected=index == first>{heading}</option> }
                            })
                            .collect_view()}
                    </select>
                    <p class="help" data-panel-teaches>{move || choices[panel.get()].2}</p>
                </div>
                <fieldset class="control">
                    <legend>"Column width on your course page"</legend>
                    {WIDTHS
                        .iter()
                        .enumerate()
                        .map(|(index, &choice)| {
                            view! {
                                <label class="inline">
                                    <input
                                        type="radio"
                                        name="embed-width"
                                        value=choice
                                        checked=index == 1
                                        on:change=move |_| width.set(choice)
                                    />
                                    {format!("{choice} px")}
                                </label>
                            }
                        })
                        .collect_view()}
                </fieldset>
                <label class="inline">
                    <input
                        type="checkbox"
                        id="embed-snippet"
                        on:change=move |event| with_snippet.set(event_target_checked(&event))
                    />
                    "Add a script that resizes the frame (for pages that allow scripts)"
                </label>
                <p class="embed-status" id="embed-status" aria-live="polite">{status_line}</p>
                <pre class="embed-code" tabindex="0" aria-label="Embed code">
                    <code
                        id="embed-code"
                        data-embed-code=""
                        data-height=move || code.with(Option::is_some).then(|| reported.get() + SLACK_PX)
                    >
                        {move || code.get()}
                    </code>
                </pre>
                <div class="dialog-actions">
                    <button type="button" id="embed-copy" disabled=move || code.with(Option::is_none) on:click=copy>
                        "Copy"
                    </button>
                    <button
                        type="button"
                        id="embed-close"
                        on:click=move |_| {
                            if let Some(dialog) = dialog.get_untracked() {
                                dialog.close();
                            }
                        }
                    >
                        "Close"
                    </button>
                    <span class="share-status" id="share-status-embed" role="status">{move || status.get()}</span>
                </div>
                <p class="help">"Preview, at half size:"</p>
                <div class="embed-preview" style:height=move || format!("{}px", shown_height() / 2 + 2)>
                    <iframe
                        id="embed-preview-frame"
                        node_ref=frame
                        title=move || format!("Preview: {}", choices[panel.get()].1)
                        src=preview_address
                        style:width=move || format!("{}px", width.get())
                        style:height=move || format!("{}px", shown_height())
                    ></iframe>
                </div>
            </dialog>
        </div>
    }
}
