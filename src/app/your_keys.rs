//! "Your keys" (DEFINITIONS §16): a pasted list or a chosen or dropped file, read
//! by the measurer off the main thread a chunk at a time, with progress and
//! a way to stop. The keys read become part of the settings (never of the
//! address) and stay for the tab in session storage; one click returns to
//! the template's keys.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::message::Message;
use super::panels::{markup, Holder};
use super::session::storage;
use super::state::Model;
use super::timing::{sleep, timed};
use model::format::thousands;
use model::your_keys::{cut_after_lines, KeyList, Reading, Split, TextReader, YourKeys, MAX_BYTES};

#[wasm_bindgen(inline_js = "
export function chosenFile(event) {
  const files = event.target?.files ?? event.dataTransfer?.files;
  const file = files && files.length ? files[0] : null;
  // Emptied, so that choosing the same file again is a change too.
  if (event.target?.files) event.target.value = '';
  return file;
}
export function fileName(file) { return file.name ?? ''; }
export function fileSize(file) { return file.size ?? 0; }
export function fileHead(file, bytes) { return file.slice(0, bytes).text(); }
")]
extern "C" {
    /// The file chosen in a file input's `change`, or dropped in a `drop`.
    #[wasm_bindgen(js_name = chosenFile)]
    fn chosen_file(event: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = fileName)]
    fn file_name(file: &JsValue) -> String;
    #[wasm_bindgen(js_name = fileSize)]
    fn file_size(file: &JsValue) -> f64;
    /// The file's first `bytes` bytes as text (a promise).
    #[wasm_bindgen(js_name = fileHead)]
    fn file_head(file: &JsValue, bytes: f64) -> js_sys::Promise;
}

/// Where the keys in use are kept for the tab: this item holds how many
/// chunks of `KeyList::to_text` there are, written last, and each chunk is
/// the item of that name with ":0", ":1", … after it.
const STORED_KEYS: &str = "ringcount:your-keys";
/// What they were read from, for the summary after a reload.
const STORED_SOURCE: &str = "ringcount:your-keys-source";
/// The template's key count before your keys, to return to.
const STORED_TEMPLATE_KEYS: &str = "ringcount:template-keys";
/// About this many bytes of text per chunk: one `setItem` of a few
/// megabytes holds the main thread for tens of milliseconds; a chunk of
/// this size, a few, in a task of its own.
const CHUNK_BYTES: usize = 64 * 1024;
/// Read back from the measurer's text this many bytes per task.
const READ_BACK_BYTES: usize = 256 * 1024;

/// How much of a file the preview reads.
const PREVIEW_BYTES: f64 = 65_536.0;

fn chunk_item(index: usize) -> String {
    format!("{STORED_KEYS}:{index}")
}

/// How many chunks the tab holds: none while a new list is being written.
fn stored_chunks(storage: &web_sys::Storage) -> usize {
    storage
        .get_item(STORED_KEYS)
        .ok()
        .flatten()
        .and_then(|count| count.parse().ok())
        .unwrap_or(0)
}

/// The keys this tab was using before a reload, if any.
pub fn stored() -> Option<Arc<YourKeys>> {
    let storage = storage()?;
    let chunks = stored_chunks(&storage);
    let text = (0..chunks)
        .map(|index| storage.get_item(&chunk_item(index)).ok().flatten())
        .collect::<Option<String>>()?;
    KeyList::from_text(&text).map(YourKeys::new)
}

/// Forget the keys kept for the tab.
fn forget_kept_keys(storage: &web_sys::Storage) {
    for index in 0..stored_chunks(storage) {
        let _ = storage.remove_item(&chunk_item(index));
    }
    let _ = storage.remove_item(STORED_KEYS);
}

/// Keep the keys in use for the tab, a chunk per task: false if they do
/// not fit (session storage holds a few megabytes; a larger list is used
/// all the same, for as long as the tab is not reloaded) or if `still_wanted`
/// turns false on the way (newer keys, or the template, took their place).
async fn keep_for_the_tab(
    text: &str,
    name: &str,
    template_keys: Option<u32>,
    still_wanted: impl Fn() -> bool,
) -> bool {
    let Some(storage) = storage() else {
        return false;
    };
    let started = super::timing::now();
    if let Some(count) = template_keys {
        let _ = storage.set_item(STORED_TEMPLATE_KEYS, &count.to_string());
    }
    let _ = storage.set_item(STORED_SOURCE, name);
    forget_kept_keys(&storage);
    let chunks = cut_after_lines(text, CHUNK_BYTES);
    for (index, chunk) in chunks.iter().enumerate() {
        sleep(0.0).await;
        if !still_wanted() {
            return false;
        }
        if storage.set_item(&chunk_item(index), chunk).is_err() {
            for written in 0..index {
                let _ = storage.remove_item(&chunk_item(written));
            }
            return false;
        }
    }
    let _ = storage.set_item(STORED_KEYS, &chunks.len().to_string());
    super::timing::record_since("ringcount:keys-store", started);
    true
}

/// What is read: a file, or pasted text.
#[derive(Clone)]
enum Source {
    File(JsValue),
    Text(String),
}

/// A read of `Source`, as the reader set it up.
#[derive(Clone)]
struct Order {
    source: Source,
    /// The file's name, or "pasted text".
    name: String,
    split: Split,
}

impl Order {
    fn split_id(&self) -> &'static str {
        match self.split {
            Split::Commas => "commas",
            Split::Tabs => "tabs",
            Split::Spaces => "spaces",
        }
    }
}

/// Whether two reads would read the same: the same file object or text,
/// and the same field.
fn same_read(a: &(Source, Option<usize>), b: &(Source, Option<usize>)) -> bool {
    a.1 == b.1
        && match (&a.0, &b.0) {
            (Source::File(a), Source::File(b)) => js_sys::Object::is(a, b),
            (Source::Text(a), Source::Text(b)) => a == b,
            _ => false,
        }
}

/// Lines read so far and bytes of the whole, while a read is under way.
#[derive(Clone, Copy, PartialEq)]
struct Progress {
    id: u32,
    seen: f64,
    bytes: f64,
    total: f64,
}

/// Pasted text splits on tabs if its first line has one (a spreadsheet's
/// copy), else on runs of spaces.
fn split_of_paste(text: &str) -> Split {
    let first = text.lines().find(|line| !line.trim().is_empty());
    if first.is_some_and(|line| line.contains('\t')) {
        Split::Tabs
    } else {
        Split::Spaces
    }
}

/// The field box's text as a field: empty is the whole line.
fn parse_field(text: &str) -> Result<Option<usize>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<usize>() {
        Ok(field @ 1..=99) => Ok(Some(field)),
        _ => Err("The field is a number from 1 to 99, or empty for whole lines.".to_string()),
    }
}

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
    let message = RwSignal::new(None::<String>);
    let stored_note = RwSignal::new(None::<String>);
    let field_text = RwSignal::new(String::new());
    let order = StoredValue::new_local(None::<Order>);
    let head = RwSignal::new(String::new());
    let progress = RwSignal::new(None::<Progress>);
    // How long the last read took in the measurer, for `./dev bench`.
    let read_ms = RwSignal::new(None::<f64>);
    // The progress bar is built once a read starts, and only its figures
    // follow each chunk (a button rebuilt per chunk could not be clicked).
    let under_way = Memo::new(move |_| progress.with(Option::is_some));
    let next_id = StoredValue::new(0u32);
    // What was last read (or is being read), and with which field.
    let last_read = StoredValue::new_local(None::<(Source, Option<usize>)>);
    let source_name = RwSignal::new(
        storage()
            .and_then(|s| s.get_item(STORED_SOURCE).ok().flatten())
            .unwrap_or_default(),
    );
    let yours = move || model.settings.with(|s| s.your_keys.clone());
    let in_use = move || model.settings.with(|s| s.your_keys.is_some());

    let reading = move || {
        let split = order.with_value(|o| o.as_ref().map_or(Split::Spaces, |o| o.split));
        Reading {
            split,
            field: parse_field(&field_text.get()).unwrap_or(None),
        }
    };

    // Bumped by each list read and by a return to the template, so that
    // the work for an older list, still under way, stops.
    let adoptions = StoredValue::new(0u32);
    // The keys read: into the settings, and kept for the tab. Many tasks,
    // not one, so that none holds the main thread long: the text is read
    // back a piece at a time, the keys hashed, then applied, then stored a
    // chunk at a time. A newer list (or the template) stops an older one
    // wherever it is.
    let adopt = move |text: String, name: String| {
        let this = adoptions.get_value() + 1;
        adoptions.set_value(this);
        let still_wanted = move || adoptions.get_value() == this;
        leptos::task::spawn_local(async move {
            let mut reader = TextReader::default();
            for piece in cut_after_lines(&text, READ_BACK_BYTES) {
                sleep(0.0).await;
                if !still_wanted() {
                    return;
                }
                timed("ringcount:keys-parse", || reader.read(piece));
            }
            let Some(list) = reader.finish() else {
                message.set(Some(
                    "The keys could not be read back: nothing changed.".into(),
                ));
                return;
            };
            let keys = timed("ringcount:keys-digest", || YourKeys::new(list));
            sleep(0.0).await;
            if !still_wanted() {
                return;
            }
            model.settings.with_untracked(|settings| {
                super::state::prepare_keys(&settings.clone().with_your_keys(Some(keys.clone())));
            });
            sleep(0.0).await;
            if !still_wanted() {
                return;
            }
            let template_keys = model.settings.with_untracked(|s| {
                if s.your_keys.is_none() {
                    Some(s.keys)
                } else {
                    None
                }
            });
            let placed = keys.len() as u32;
            model.hold_near_panels_for_a_frame();
            if let Err(problems) = model.try_change(|s| {
                s.your_keys = Some(keys);
                s.keys = placed;
            }) {
                let why: Vec<String> = problems.into_iter().map(|p| p.message).collect();
                message.set(Some(why.join(" ")));
                return;
            }
            message.set(None);
            source_name.set(name.clone());
            let kept = keep_for_the_tab(&text, &name, template_keys, still_wanted).await;
            if !still_wanted() {
                return;
            }
            stored_note.set((!kept).then(|| {
                format!(
                    "These keys ({} MB as text) are too many for the tab's storage: they are in use, but a reload returns to the template.",
                    model::format::fixed(text.len() as f64 / 1e6, 1)
                )
            }));
        });
    };

    let on_reading = move |reply: &JsValue| {
        let get = |name: &str| js_sys::Reflect::get(reply, &name.into()).ok();
        let id = get("reading").and_then(|v| v.as_f64()).unwrap_or(-1.0);
        let current = progress.get_untracked();
        if current.is_none_or(|p| f64::from(p.id) != id) {
            return;
        }
        if let Some(bytes) = get("keys").and_then(|v| v.dyn_into::<js_sys::Uint8Array>().ok()) {
            progress.set(None);
            let Ok(text) = String::from_utf8(bytes.to_vec()) else {
                message.set(Some(
                    "The keys could not be read back: nothing changed.".into(),
                ));
                return;
            };
            read_ms.set(get("ms").and_then(|v| v.as_f64()));
            let name = order.with_value(|o| o.as_ref().map(|o| o.name.clone()));
            adopt(text, name.unwrap_or_default());
        } else if let Some(why) = get("refused").and_then(|v| v.as_string()) {
            progress.set(None);
            last_read.set_value(None);
            message.set(Some(format!("{why} The keys in use are unchanged.")));
        } else if let Some(seen) = get("seen").and_then(|v| v.as_f64()) {
            let number = |name| get(name).and_then(|v| v.as_f64()).unwrap_or(0.0);
            progress.set(Some(Progress {
                id: id as u32,
                seen,
                bytes: number("bytes"),
                total: number("total"),
            }));
        }
    };

    let start_read = move || {
        let Some(order_now) = order.get_value() else {
            return;
        };
        let field = match parse_field(&field_text.get_untracked()) {
            Ok(field) => field,
            Err(why) => {
                message.set(Some(why));
                return;
            }
        };
        // The same source and field again (a paste box's change on blur,
        // then its button): one read is enough.
        let read = (order_now.source.clone(), field);
        if last_read.with_value(|last| last.as_ref().is_some_and(|last| same_read(last, &read))) {
            return;
        }
        last_read.set_value(Some(read));
        let id = next_id.get_value() + 1;
        next_id.set_value(id);
        message.set(None);
        progress.set(Some(Progress {
            id,
            seen: 0.0,
            bytes: 0.0,
            total: 0.0,
        }));
        let read = js_sys::Object::new();
        let set = |name: &str, value: JsValue| {
            let _ = js_sys::Reflect::set(&read, &name.into(), &value);
        };
        set("id", id.into());
        set("field", (field.unwrap_or(0) as u32).into());
        set("split", order_now.split_id().into());
        match &order_now.source {
            Source::File(file) => set("file", file.clone()),
            Source::Text(text) => set("text", text.as_str().into()),
        }
        let message_out = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message_out, &"read".into(), &read);
        super::measure::post_keys_message(model, &message_out.into(), on_reading);
    };

    // Stopped here at once: whatever the measurer sends for this read from
    // now on is dropped, even a result already on its way.
    let cancel = move |_| {
        if let Some(p) = progress.get_untracked() {
            progress.set(None);
            last_read.set_value(None);
            message.set(Some(
                "Reading stopped: the keys in use are unchanged.".into(),
            ));
            let stop = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&stop, &"cancelRead".into(), &p.id.into());
            super::measure::post_keys_message(model, &stop.into(), on_reading);
        }
    };

    let take_file = move |event: JsValue| {
        let file = chosen_file(&event);
        if file.is_null() || file.is_undefined() {
            return;
        }
        let name = file_name(&file);
        let size = file_size(&file);
        if size > MAX_BYTES as f64 {
            message.set(Some(format!(
                "{name} has {} bytes; the page reads at most {} ({} MB). The keys in use are unchanged.",
                thousands(size as u64),
                thousands(MAX_BYTES),
                MAX_BYTES / 1_000_000
            )));
            return;
        }
        order.set_value(Some(Order {
            source: Source::File(file.clone()),
            split: Split::for_file(&name),
            name,
        }));
        let promise = file_head(&file, PREVIEW_BYTES);
        leptos::task::spawn_local(async move {
            if let Ok(text) = wasm_bindgen_futures::JsFuture::from(promise).await {
                head.set(text.as_string().unwrap_or_default());
            }
        });
        start_read();
    };

    let paste = NodeRef::<leptos::html::Textarea>::new();
    let take_paste = move || {
        let Some(area) = paste.get_untracked() else {
            return;
        };
        let text = area.value();
        order.set_value(Some(Order {
            split: split_of_paste(&text),
            source: Source::Text(text.clone()),
            name: "pasted text".to_string(),
        }));
        head.set(text.chars().take(PREVIEW_BYTES as usize).collect());
        start_read();
    };

    let back_to_template = move |_| {
        let keys = storage()
            .and_then(|s| s.get_item(STORED_TEMPLATE_KEYS).ok().flatten())
            .and_then(|text| text.parse::<u32>().ok())
            .unwrap_or(1000);
        let _ = model.try_change(|s| {
            s.your_keys = None;
            s.keys = keys;
        });
        adoptions.set_value(adoptions.get_value() + 1);
        if let Some(storage) = storage() {
            forget_kept_keys(&storage);
            for item in [STORED_SOURCE, STORED_TEMPLATE_KEYS] {
                let _ = storage.remove_item(item);
            }
        }
        stored_note.set(None);
        message.set(None);
        last_read.set_value(None);
    };

    let summary = move || {
        yours()
            .map(|keys| crate::render::your_keys::summary(&keys.list, &source_name.get()))
            .unwrap_or_default()
    };
    let preview = move || crate::render::your_keys::preview(&head.get(), reading());

    let drop_file = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        take_file(ev.into());
    };

    view! {
        <section
            class="control your-keys"
            aria-labelledby="your-keys-heading"
            data-keys-source=move || if in_use() { "yours" } else { "template" }
            data-keys-id=move || yours().map(|keys| keys.id())
            data-read-ms=move || read_ms.get().map(|ms| format!("{ms:.0}"))
            on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()
            on:drop=drop_file
        >
            <h3 id="your-keys-heading">"Your keys"</h3>
            <p class="help">"Paste keys, or choose or drop a file (.txt, .csv, .tsv, .log): one key per line, or one field of each line. It is read here, in your browser, and sent nowhere."</p>
            {markup(Holder::Block, summary)}
            {move || in_use().then(|| view! {
                <button type="button" data-keys-template on:click=back_to_template>
                    "Back to the template's keys"
                </button>
            })}
            <label for="keys-file">"A file"</label>
            <input
                type="file"
                id="keys-file"
                data-keys-file
                accept=".txt,.csv,.tsv,.log,text/plain,text/csv"
                on:change=move |ev| take_file(ev.into())
            />
            <label for="keys-paste">"Or paste them"</label>
            <textarea
                id="keys-paste"
                data-keys-paste
                rows="3"
                spellcheck="false"
                node_ref=paste
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
                prop:value=move || field_text.get()
                on:change=move |ev| {
                    field_text.set(event_target_value(&ev));
                    match parse_field(&field_text.get_untracked()) {
                        Err(why) => message.set(Some(why)),
                        Ok(_) if order.with_value(Option::is_some) => start_read(),
                        Ok(_) => message.set(None),
                    }
                }
            />
            <p class="help" id="keys-field-help">"Empty takes the whole line; a number takes that field, split on commas in .csv, tabs in .tsv, runs of spaces otherwise (quotes are not special). An nginx access log's request path is field 7."</p>
            {markup(Holder::Block, preview)}
            {move || under_way.get().then(|| view! {
                <div class="keys-progress" data-keys-progress role="status">
                    <progress
                        // Whole bytes as integers: an f64 attribute would be
                        // written by the standard float printer, 12 ms of a
                        // task at 2x CPU in a profile.
                        max=move || progress.with(|p| p.map_or(1, |p| p.total.max(1.0) as u64)).to_string()
                        value=move || progress.with(|p| p.map_or(0, |p| p.bytes as u64)).to_string()
                    ></progress>
                    <span data-figure="keys-lines-seen">
                        {move || progress.with(|p| thousands(p.map_or(0, |p| p.seen as u64)))}
                    </span>
                    " lines read"
                    <button type="button" data-keys-cancel on:click=cancel>"Cancel"</button>
                </div>
            })}
            <Message message=message id="your-keys-message" />
            {move || stored_note.get().map(|note| view! { <p class="help">{note}</p> })}
        </section>
    }
}
