//! "Your keys" (DEFINITIONS §16): a pasted list or a chosen or dropped file, read
//! by the measurer off the main thread a chunk at a time, with progress and
//! a way to stop. The keys read become part of the settings (never of the
//! address) and stay for the tab in session storage; one click returns to
//! the template's keys.

mod kept;
mod reader;

use leptos::prelude::*;

use super::draft::Draft;
use super::message::Message;
use super::patch::{markup, Holder};
use super::state::Model;
use model::figure_id::FigureId;
use model::format::thousands;
use reader::KeyReader;

pub use kept::stored;

/// While your keys are in use: a link or an embed holds the settings, not
/// the keys (an address cannot hold a file).
#[component]
pub fn NotInLink() -> impl IntoView {
    let model = expect_context::<Model>();
    move || {
        model.settings.with(|s| s.your_keys.is_some()).then(|| {
            view! {
                <p class="help" data-keys-not-in-link>
                    "A link or embed code carries these settings but not your keys: it opens with the template's keys. Your keys stay in this tab until you return to the template."
                </p>
            }
        })
    }
}

#[component]
pub fn YourKeysControl() -> impl IntoView {
    let model = expect_context::<Model>();
    let reader = KeyReader::new(model);
    let yours = move || model.settings.with(|s| s.your_keys.clone());
    let in_use = move || model.settings.with(|s| s.your_keys.is_some());
    let summary = move || {
        yours()
            .map(|keys| crate::render::your_keys::summary(&keys.list, &reader.source_name.get()))
            .unwrap_or_default()
    };
    let preview = move || crate::render::your_keys::preview(&reader.head.get(), reader.reading());
    let drop_file = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        reader.take_file(ev.into());
    };
    // Pasted keys, kept as they are typed; the box shows no setting.
    let pasted = Draft::new();
    let take_paste = move || reader.take_paste(pasted.text(String::new()));

    view! {
        <section
            class="control your-keys"
            aria-labelledby="your-keys-heading"
            data-keys-source=move || if in_use() { "yours" } else { "template" }
            data-keys-id=move || yours().map(|keys| keys.id())
            data-read-ms=move || reader.read_ms.get().map(|ms| format!("{ms:.0}"))
            on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=drop_file
        >
            <h3 id="your-keys-heading">"Your keys"</h3>
            <p class="help">"Paste keys, or choose or drop a file (.txt, .csv, .tsv, .log): one key per line, or one field of each line. It is read here, in your browser, and sent nowhere."</p>
            {markup(Holder::Block, summary)}
            {move || in_use().then(|| view! {
                <button type="button" data-keys-template on:click=move |_| reader.back_to_template()>
                    "Back to the template's keys"
                </button>
            })}
            <label for="keys-file">"A file"</label>
            <input
                type="file"
                id="keys-file"
                data-keys-file
                accept=".txt,.csv,.tsv,.log,text/plain,text/csv"
                on:change=move |ev| reader.take_file(ev.into())
            />
            <label for="keys-paste">"Or paste them"</label>
            <textarea
                id="keys-paste"
                data-keys-paste
                rows="3"
                spellcheck="false"
                on:input=move |ev| pasted.typed(&ev, String::new())
                on:change=move |_| take_paste()
            ></textarea>
            <button type="button" on:click=move |_| take_paste()>"Use these keys"</button>
            <label for="keys-field">"Field"</label>
            <input
                type="text"
                id="keys-field"
                data-keys-field
                inputmode="numeric"
                placeholder="whole line"
                aria-describedby="keys-field-help your-keys-message"
                prop:value=move || reader.field_text.get()
                on:change=move |ev| reader.take_field(event_target_value(&ev))
            />
            <p class="help" id="keys-field-help">"Empty takes the whole line; a number takes that field, split on commas in .csv, tabs in .tsv, runs of spaces otherwise (quotes are not special). An nginx access log's request path is field 7."</p>
            {markup(Holder::Block, preview)}
            {progress_bar(reader)}
            <Message message=reader.message id="your-keys-message" />
            {move || reader.stored_note.get().map(|note| view! { <p class="help">{note}</p> })}
        </section>
    }
}

/// While a read is under way: how far it has got, and a way to stop it.
/// Built once a read starts, and only its figures follow each chunk (a
/// button rebuilt per chunk could not be clicked).
fn progress_bar(reader: KeyReader) -> impl IntoView {
    let progress = reader.progress;
    let under_way = Memo::new(move |_| progress.with(Option::is_some));
    move || {
        under_way.get().then(|| {
            view! {
                <div class="keys-progress" data-keys-progress role="status">
                    <progress
                        // Whole bytes as integers: an f64 attribute would be
                        // written by the standard float printer, 12 ms of a
                        // task at 2x CPU in a profile.
                        max=move || progress.with(|p| p.map_or(1, |p| p.total.max(1.0) as u64)).to_string()
                        value=move || progress.with(|p| p.map_or(0, |p| p.bytes as u64)).to_string()
                    ></progress>
                    <span data-figure=FigureId::KeysLinesSeen.as_str()>
                        {move || progress.with(|p| thousands(p.map_or(0, |p| p.seen as u64)))}
                    </span>
                    " lines read"
                    <button type="button" data-keys-cancel on:click=move |_| reader.cancel()>"Cancel"</button>
                </div>
            }
        })
    }
}
