//! Reading a list of keys: a file or pasted text, sent to the measurer,
//! which reads it off the main thread a chunk at a time and reports its
//! progress; then the keys read are adopted into the settings and kept for
//! the tab, a task at a time.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::kept::{keep_for_the_tab, STORED_SOURCE};
use crate::app::session::storage;
use crate::app::state::Model;
use crate::app::timing::{sleep, timed};
use model::format::thousands;
use model::your_keys::{cut_after_lines, Reading, Split, TextReader, YourKeys, MAX_BYTES};

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

/// Read back from the measurer's text this many bytes per task.
const READ_BACK_BYTES: usize = 256 * 1024;

/// How much of a file the preview reads.
pub const PREVIEW_BYTES: f64 = 65_536.0;

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
pub struct Progress {
    id: u32,
    pub seen: f64,
    pub bytes: f64,
    pub total: f64,
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
pub fn parse_field(text: &str) -> Result<Option<usize>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<usize>() {
        Ok(field @ 1..=99) => Ok(Some(field)),
        _ => Err("The field is a number from 1 to 99, or empty for whole lines.".to_string()),
    }
}

/// One read's state, from the reader's choice to the keys in use: every
/// figure the control shows, and what it needs to know which read is
/// current.
#[derive(Clone, Copy)]
pub struct KeyReader {
    model: Model,
    /// Why the keys in use did not change, if they did not.
    pub message: RwSignal<Option<String>>,
    /// Why the keys in use will not survive a reload, if they will not.
    pub stored_note: RwSignal<Option<String>>,
    pub field_text: RwSignal<String>,
    order: StoredValue<Option<Order>, LocalStorage>,
    /// The start of the file or text, for the preview.
    pub head: RwSignal<String>,
    pub progress: RwSignal<Option<Progress>>,
    /// How long the last read took in the measurer, for `./dev bench`.
    pub read_ms: RwSignal<Option<f64>>,
    next_id: StoredValue<u32>,
    /// What was last read (or is being read), and with which field.
    last_read: StoredValue<Option<(Source, Option<usize>)>, LocalStorage>,
    /// What the keys in use were read from.
    pub source_name: RwSignal<String>,
    /// Bumped by each list read and by a return to the template, so that
    /// the work for an older list, still under way, stops.
    adoptions: StoredValue<u32>,
}

impl KeyReader {
    pub fn new(model: Model) -> KeyReader {
        KeyReader {
            model,
            message: RwSignal::new(None),
            stored_note: RwSignal::new(None),
            field_text: RwSignal::new(String::new()),
            order: StoredValue::new_local(None),
            head: RwSignal::new(String::new()),
            progress: RwSignal::new(None),
            read_ms: RwSignal::new(None),
            next_id: StoredValue::new(0),
            last_read: StoredValue::new_local(None),
            source_name: RwSignal::new(
                storage()
                    .and_then(|s| s.get_item(STORED_SOURCE).ok().flatten())
                    .unwrap_or_default(),
            ),
            adoptions: StoredValue::new(0),
        }
    }

    fn say(self, text: impl Into<String>) {
        self.message.set(Some(text.into()));
    }

    /// How the preview splits lines, and which field it takes.
    pub fn reading(self) -> Reading {
        let split = self
            .order
            .with_value(|o| o.as_ref().map_or(Split::Spaces, |o| o.split));
        Reading {
            split,
            field: parse_field(&self.field_text.get()).unwrap_or(None),
        }
    }

    /// The keys read: into the settings, and kept for the tab. Many tasks,
    /// not one, so that none holds the main thread long. A newer list (or
    /// the template) stops an older one wherever it is.
    fn adopt(self, text: String, name: String) {
        let this = self.adoptions.get_value() + 1;
        self.adoptions.set_value(this);
        let still_wanted = move || self.adoptions.get_value() == this;
        leptos::task::spawn_local(async move {
            let Some(template_keys) = self.adopt_in_steps(&text, &name, still_wanted).await else {
                return;
            };
            let kept = keep_for_the_tab(&text, &name, template_keys, still_wanted).await;
            if !still_wanted() {
                return;
            }
            self.stored_note.set((!kept).then(|| {
                format!(
                    "These keys ({} MB as text) are too many for the tab's storage: they are in use, but a reload returns to the template.",
                    model::format::fixed(text.len() as f64 / 1e6, 1)
                )
            }));
        });
    }

    /// The text read back a piece at a time, the keys hashed, then put in
    /// the settings: `None` if that stopped on the way, else the template's
    /// key count if the template was in use (to return to).
    async fn adopt_in_steps(
        self,
        text: &str,
        name: &str,
        still_wanted: impl Fn() -> bool,
    ) -> Option<Option<u32>> {
        let model = self.model;
        let mut reader = TextReader::default();
        for piece in cut_after_lines(text, READ_BACK_BYTES) {
            sleep(0.0).await;
            still_wanted().then_some(())?;
            timed("ringcount:keys-parse", || reader.read(piece));
        }
        let Some(list) = reader.finish() else {
            self.say("The keys could not be read back: nothing changed.");
            return None;
        };
        let keys = timed("ringcount:keys-digest", || YourKeys::new(list));
        sleep(0.0).await;
        still_wanted().then_some(())?;
        model.settings.with_untracked(|settings| {
            crate::app::state::prepare_keys(&settings.with_your_keys(Some(keys.clone())));
        });
        sleep(0.0).await;
        still_wanted().then_some(())?;
        let template_keys = model
            .settings
            .with_untracked(|s| s.your_keys.is_none().then_some(s.keys));
        let placed = keys.len() as u32;
        model.hold_near_panels_for_a_frame();
        if let Err(problems) = model.try_change(|s| {
            s.your_keys = Some(keys);
            s.keys = placed;
        }) {
            let why: Vec<String> = problems.into_iter().map(|p| p.message).collect();
            self.say(why.join(" "));
            return None;
        }
        self.message.set(None);
        self.source_name.set(name.to_string());
        Some(template_keys)
    }

    /// A message from the measurer about the read under way: its progress,
    /// its text, or why it refused. Another read's is dropped.
    fn on_reading(self, reply: &JsValue) {
        let get = |name: &str| js_sys::Reflect::get(reply, &name.into()).ok();
        let id = get("reading").and_then(|v| v.as_f64()).unwrap_or(-1.0);
        let current = self.progress.get_untracked();
        if current.is_none_or(|p| f64::from(p.id) != id) {
            return;
        }
        if let Some(bytes) = get("keys").and_then(|v| v.dyn_into::<js_sys::Uint8Array>().ok()) {
            self.progress.set(None);
            let Ok(text) = String::from_utf8(bytes.to_vec()) else {
                self.say("The keys could not be read back: nothing changed.");
                return;
            };
            self.read_ms.set(get("ms").and_then(|v| v.as_f64()));
            let name = self
                .order
                .with_value(|o| o.as_ref().map(|o| o.name.clone()));
            self.adopt(text, name.unwrap_or_default());
        } else if let Some(why) = get("refused").and_then(|v| v.as_string()) {
            self.progress.set(None);
            self.last_read.set_value(None);
            self.say(format!("{why} The keys in use are unchanged."));
        } else if let Some(seen) = get("seen").and_then(|v| v.as_f64()) {
            let number = |name| get(name).and_then(|v| v.as_f64()).unwrap_or(0.0);
            self.progress.set(Some(Progress {
                id: id as u32,
                seen,
                bytes: number("bytes"),
                total: number("total"),
            }));
        }
    }

    /// Sends the order to the measurer, unless it is the read last sent.
    fn start_read(self) {
        let Some(order) = self.order.get_value() else {
            return;
        };
        let field = match parse_field(&self.field_text.get_untracked()) {
            Ok(field) => field,
            Err(why) => return self.say(why),
        };
        // The same source and field again (a paste box's change on blur,
        // then its button): one read is enough.
        let read = (order.source.clone(), field);
        if self
            .last_read
            .with_value(|last| last.as_ref().is_some_and(|last| same_read(last, &read)))
        {
            return;
        }
        self.last_read.set_value(Some(read));
        let id = self.next_id.get_value() + 1;
        self.next_id.set_value(id);
        self.message.set(None);
        self.progress.set(Some(Progress {
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
        set("split", order.split_id().into());
        match &order.source {
            Source::File(file) => set("file", file.clone()),
            Source::Text(text) => set("text", text.as_str().into()),
        }
        self.post(&one_field("read", &read.into()));
    }

    fn post(self, message: &JsValue) {
        crate::app::measure::post_keys_message(self.model, message, move |reply| {
            self.on_reading(reply)
        });
    }

    /// Stopped here at once: whatever the measurer sends for this read from
    /// now on is dropped, even a result already on its way.
    pub fn cancel(self) {
        if let Some(p) = self.progress.get_untracked() {
            self.progress.set(None);
            self.last_read.set_value(None);
            self.say("Reading stopped: the keys in use are unchanged.");
            self.post(&one_field("cancelRead", &p.id.into()));
        }
    }

    /// The file chosen in a file input's `change`, or dropped in a `drop`.
    pub fn take_file(self, event: JsValue) {
        let file = chosen_file(&event);
        if file.is_null() || file.is_undefined() {
            return;
        }
        let name = file_name(&file);
        let size = file_size(&file);
        if size > MAX_BYTES as f64 {
            return self.say(format!(
                "{name} has {} bytes; the page reads at most {} ({} MB). The keys in use are unchanged.",
                thousands(size as u64),
                thousands(MAX_BYTES),
                MAX_BYTES / 1_000_000
            ));
        }
        self.order.set_value(Some(Order {
            source: Source::File(file.clone()),
            split: Split::for_file(&name),
            name,
        }));
        let promise = file_head(&file, PREVIEW_BYTES);
        let head = self.head;
        leptos::task::spawn_local(async move {
            if let Ok(text) = wasm_bindgen_futures::JsFuture::from(promise).await {
                head.set(text.as_string().unwrap_or_default());
            }
        });
        self.start_read();
    }

    pub fn take_paste(self, text: String) {
        self.head
            .set(text.chars().take(PREVIEW_BYTES as usize).collect());
        self.order.set_value(Some(Order {
            split: split_of_paste(&text),
            source: Source::Text(text),
            name: "pasted text".to_string(),
        }));
        self.start_read();
    }

    /// A new field: read again, if there is something to read.
    pub fn take_field(self, text: String) {
        self.field_text.set(text);
        match parse_field(&self.field_text.get_untracked()) {
            Err(why) => self.say(why),
            Ok(_) if self.order.with_value(Option::is_some) => self.start_read(),
            Ok(_) => self.message.set(None),
        }
    }

    pub fn back_to_template(self) {
        let keys = super::kept::forget_for_the_tab().unwrap_or(1000);
        let _ = self.model.try_change(|s| {
            s.your_keys = None;
            s.keys = keys;
        });
        self.adoptions.set_value(self.adoptions.get_value() + 1);
        self.stored_note.set(None);
        self.message.set(None);
        self.last_read.set_value(None);
    }
}

/// A message to the measurer with one field.
fn one_field(name: &str, value: &JsValue) -> JsValue {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &name.into(), value);
    message.into()
}
