//! "Embed this view": a native dialog that writes the iframe code for one
//! panel at the current settings. The panel is shown in the dialog at the
//! column width the teacher picks, and the height it reports there becomes
//! the frame's fixed height, for hosts that ignore every resize message.
//!
//! Closed, it follows nothing: a slider step costs it nothing, and the
//! preview frame is blank.

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

/// The height the preview last reported (0: none yet), and whether it has
/// settled: not changed for `SETTLED_MS`.
#[derive(Clone, Copy)]
struct PreviewHeight {
    reported: RwSignal<u32>,
    settled: RwSignal<bool>,
    /// Counts reports, so a timer knows whether another came after it.
    generation: RwSignal<usize>,
}

impl PreviewHeight {
    fn new() -> PreviewHeight {
        PreviewHeight {
            reported: RwSignal::new(0),
            settled: RwSignal::new(false),
            generation: RwSignal::new(0),
        }
    }

    fn forget(self) {
        self.reported.set(0);
        self.settled.set(false);
    }

    /// The height the frame is given, once settled.
    fn settled_height(self) -> Option<u32> {
        (self.settled.get() && self.reported.get() > 0).then(|| self.reported.get() + SLACK_PX)
    }

    /// Heights come from the preview frame only: the course page's own
    /// messages, or another frame's, are ignored. The dialog lives as long
    /// as the page, and so does this listener.
    fn listen_to(self, frame: NodeRef<leptos::html::Iframe>) {
        crate::dom::on_message(move |event| {
            let from_preview = frame.get_untracked().and_then(|f| f.content_window());
            let (Some(from_preview), Some(source)) = (from_preview, event.source()) else {
                return;
            };
            if !js_sys::Object::is(&source, &from_preview) {
                return;
            }
            if let Some(height) = reported_height(&event.data()) {
                self.report(height);
            }
        });
    }

    fn report(self, height: u32) {
        self.reported.set(height);
        self.settled.set(false);
        let this = self.generation.get_untracked() + 1;
        self.generation.set(this);
        set_timeout(
            move || {
                if self.generation.get_untracked() == this {
                    self.settled.set(true);
                }
            },
            std::time::Duration::from_millis(SETTLED_MS),
        );
    }
}

/// The height in a preview's message, if it is a height message with a
/// believable height.
fn reported_height(data: &wasm_bindgen::JsValue) -> Option<u32> {
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok();
    let kind = field("type").and_then(|v| v.as_string());
    let height = field("height").and_then(|v| v.as_f64())?;
    (kind.as_deref() == Some(HEIGHT_MESSAGE) && (1.0..=100_000.0).contains(&height))
        .then(|| height.ceil() as u32)
}

/// Copies `text`, and says in `status` whether it could.
fn copy_to_clipboard(text: &str, status: RwSignal<String>) {
    let promise = window().navigator().clipboard().write_text(text);
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

/// The menu of panels, with what the chosen one teaches under it.
fn panel_menu(choices: &'static [Choice], panel: RwSignal<usize>) -> impl IntoView {
    let first = panel.get_untracked();
    view! {
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
    }
}

fn width_radios(width: RwSignal<u32>) -> impl IntoView {
    let first = width.get_untracked();
    view! {
        <fieldset class="control">
            <legend>"Column width on your course page"</legend>
            {WIDTHS
                .iter()
                .map(|&choice| {
                    view! {
                        <label class="inline">
                            <input
                                type="radio"
                                name="embed-width"
                                value=choice
                                checked=choice == first
                                on:change=move |_| width.set(choice)
                            />
                            {format!("{choice} px")}
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}

/// The chosen panel at the chosen width, at half size. It runs only while
/// the dialog is open: a page in a hidden frame costs the reader.
/// The code once measured (with the height it was measured at, for the
/// tests), and the way to copy it or close the dialog.
fn code_and_actions(
    code: Memo<Option<String>>,
    height: PreviewHeight,
    status: RwSignal<String>,
    close: impl Fn(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    view! {
        <pre class="embed-code" tabindex="0" aria-label="Embed code">
            <code
                id="embed-code"
                data-embed-code=""
                data-height=move || code.with(Option::is_some).then(|| height.reported.get() + SLACK_PX)
            >
                {move || code.get()}
            </code>
        </pre>
        <div class="dialog-actions">
            <button
                type="button"
                id="embed-copy"
                disabled=move || code.with(Option::is_none)
                on:click=move |_| code.with_untracked(|code| if let Some(text) = code { copy_to_clipboard(text, status) })
            >
                "Copy"
            </button>
            <button type="button" id="embed-close" on:click=close>"Close"</button>
            <span class="share-status" id="share-status-embed" role="status">{move || status.get()}</span>
        </div>
    }
}

fn preview(
    frame: NodeRef<leptos::html::Iframe>,
    heading: impl Fn() -> &'static str + Send + Sync + 'static,
    address: impl Fn() -> String + Send + Sync + 'static,
    width: RwSignal<u32>,
    height: PreviewHeight,
) -> impl IntoView {
    let shown_height = move || match height.reported.get() {
        0 => 300,
        height => height,
    };
    view! {
        <p class="help">"Preview, at half size:"</p>
        <div class="embed-preview" style:height=move || format!("{}px", shown_height() / 2 + 2)>
            <iframe
                id="embed-preview-frame"
                node_ref=frame
                title=move || format!("Preview: {}", heading())
                src=address
                style:width=move || format!("{}px", width.get())
                style:height=move || format!("{}px", shown_height())
            ></iframe>
        </div>
    }
}

/// The code, once the preview's height has settled; none while closed.
fn code_for(
    model: Model,
    chosen: impl Fn() -> Choice + Send + Sync + 'static,
    with_snippet: RwSignal<bool>,
    open: RwSignal<bool>,
    height: PreviewHeight,
) -> Memo<Option<String>> {
    Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        let height = height.settled_height()?;
        let (id, heading, _) = chosen();
        Some(model.settings.with(|s| {
            embed_code(&EmbedRequest {
                page: &page_address(),
                settings: s,
                panel: id,
                heading,
                height,
                resize_snippet: with_snippet.get(),
            })
        }))
    })
}

/// A panel the dialog offers (every one, in page order): its id, heading
/// and what it teaches.
type Choice = super::layout::PanelEntry;

#[component]
pub fn EmbedThisView() -> impl IntoView {
    let model = expect_context::<Model>();
    let choices: &'static [Choice] = super::layout::layout().all;
    let first = choices
        .iter()
        .position(|(id, _, _)| *id == FIRST_PANEL)
        .unwrap_or(0);
    let panel = RwSignal::new(first);
    let width = RwSignal::new(WIDTHS[1]);
    let with_snippet = RwSignal::new(false);
    let open = RwSignal::new(false);
    let height = PreviewHeight::new();
    let status = RwSignal::new(String::new());
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let frame = NodeRef::<leptos::html::Iframe>::new();

    let chosen = move || choices[panel.get()];
    let code = code_for(model, chosen, with_snippet, open, height);
    let preview_address = move || {
        if !open.get() {
            return "about:blank".to_string();
        }
        let (id, _, _) = chosen();
        model
            .settings
            .with(|s| frame_address(&page_address(), s, id))
    };
    // Opened, or a new panel, width or setting while open: measure again.
    Effect::new(move |_| {
        panel.track();
        width.track();
        if open.get() {
            model.settings.track();
        }
        height.forget();
    });
    height.listen_to(frame);
    let status_line = move || {
        let chosen = width.get();
        if code.with(Option::is_some) {
            format!(
                "At {chosen} px wide the panel is {} px high.",
                height.reported.get()
            )
        } else {
            format!("Measuring the panel at {chosen} px wide…")
        }
    };
    let show = move |_| {
        status.set(String::new());
        open.set(true);
        if let Some(dialog) = dialog.get_untracked() {
            let _ = dialog.show_modal();
        }
    };
    let close = move |_| {
        if let Some(dialog) = dialog.get_untracked() {
            dialog.close();
        }
    };

    view! {
        <div class="embed-holder">
            <button type="button" id="embed-open" aria-haspopup="dialog" on:click=show>
                "Embed this view"
            </button>
            // "close" ends both Escape and the Close button.
            <dialog id="embed-dialog" aria-labelledby="embed-title" node_ref=dialog on:close=move |_| open.set(false)>
                <h2 id="embed-title">"Embed this view"</h2>
                <p>
                    "Paste the code into a course page to show one panel with the settings you have now. The frame's height fits the panel at the column width you pick; hosts that resize frames adjust it as the panel changes."
                </p>
                <super::your_keys::NotInLink />
                {panel_menu(choices, panel)}
                {width_radios(width)}
                <label class="inline">
                    <input
                        type="checkbox"
                        id="embed-snippet"
                        on:change=move |event| with_snippet.set(event_target_checked(&event))
                    />
                    "Add a script that resizes the frame (for pages that allow scripts)"
                </label>
                <p class="embed-status" id="embed-status" aria-live="polite">{status_line}</p>
                {code_and_actions(code, height, status, close)}
                {preview(frame, move || chosen().1, preview_address, width, height)}
            </dialog>
        </div>
    }
}
