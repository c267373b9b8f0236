//! The measurements the panels wait on (the failure, every scheme, the
//! claims, the spread chart, the questions' answers) are made off the main
//! thread: `assets/measure.js` runs the worker's module (`src/bin/worker.rs`)
//! in a Web Worker, and this file sends it each new address and takes back
//! the report's parts as they are finished.
//!
//! A newer address supersedes an older one twice over. The worker holds
//! only the newest request and checks for one between pieces of work (a
//! scheme, the claims, …), so a drag leaves no queue of stale jobs; and a
//! reply for an older request that was already on its way is dropped here
//! by its generation number, so no panel ever shows figures of another
//! address.
//!
//! While a slider is held, the worker waits for the requests to pause
//! before it measures (each step's request is stale by the next); once it
//! is let go, the newest request is measured at once.
//!
//! Where no worker can start (an old browser, or a host whose policy
//! refuses one), the same file is imported and measures on this thread,
//! after the first frame, a piece per task.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use model::panels::{self as registry, PanelId, Work};
use model::query;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{Measured, Model, OneKey};

#[wasm_bindgen(inline_js = "
export function importMeasurer(url, send) {
  // After the first frame: the page draws before it measures.
  return new Promise((frame) => requestAnimationFrame(() => setTimeout(frame)))
    .then(() => import(url))
    .then((module) => module.measurer(send));
}
")]
extern "C" {
    /// Import `measure.js` from `url` here and start its measurer, whose
    /// replies go to `send`; resolves to the function that takes requests.
    #[wasm_bindgen(js_name = importMeasurer)]
    fn import_measurer(url: &str, send: &JsValue) -> js_sys::Promise;
}

/// Where the measurements run.
enum Runner {
    /// A worker is starting or running; requests go to it.
    Worker(web_sys::Worker),
    /// Measuring on this thread (no worker could start): the measurer's
    /// request function once `measure.js` is loaded.
    Here(Option<js_sys::Function>),
}

/// The request last sent, and what it was for.
struct Asked {
    generation: u32,
    /// The snapshot measured: the failure panel reads names and loads from
    /// it, never from a newer one whose server ids may differ.
    snapshot: Measured,
    /// What the figures are for, as `query::identity` writes it: the
    /// address and the reader's own keys, if in use.
    query: String,
    /// The address alone, as `query::render` writes it, sent to be parsed.
    address: String,
    /// The id of the reader's own keys, or "" for the template's.
    keys: String,
    /// What to measure, most wanted first.
    work: Vec<Work>,
    key: String,
    /// Sent while a slider is held: the worker waits for a pause in the
    /// drag before it measures, so stale steps do not take the frames' CPU.
    settle: bool,
}

impl Asked {
    fn request(&self) -> JsValue {
        let ids: Vec<&str> = self.work.iter().map(|work| work.id()).collect();
        let request = js_sys::Object::new();
        for (name, value) in [
            ("generation", JsValue::from(self.generation)),
            ("query", JsValue::from(self.address.as_str())),
            ("keys", JsValue::from(self.keys.as_str())),
            ("work", JsValue::from(ids.join(","))),
            ("key", JsValue::from(self.key.as_str())),
            ("settle", JsValue::from(self.settle)),
        ] {
            let _ = js_sys::Reflect::set(&request, &name.into(), &value);
        }
        request.into()
    }
}

/// What hears each reply about keys being read.
type OnReading = Box<dyn Fn(&JsValue)>;

thread_local! {
    static RUNNER: RefCell<Option<Runner>> = const { RefCell::new(None) };
    static ASKED: RefCell<Option<Asked>> = const { RefCell::new(None) };
    static GENERATION: Cell<u32> = const { Cell::new(0) };
    /// Messages for a measurer still loading on this thread, in order.
    static WAITING: RefCell<Vec<JsValue>> = const { RefCell::new(Vec::new()) };
    /// Told of each reply about keys being read.
    static ON_READING: RefCell<Option<OnReading>> = const { RefCell::new(None) };
    /// The replies of the worker early.js started, to be heard once the
    /// app's first request is made.
    static EARLY_REPLIES: RefCell<Vec<JsValue>> = const { RefCell::new(Vec::new()) };
    /// A request will be sent after the next frame.
    static SEND_DUE: Cell<bool> = const { Cell::new(false) };
}

/// Where the page is measured, on `<html data-measured-by>` for tests and
/// the curious: "worker" or "main-thread".
fn say_where(runner: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        crate::dom::set(&root, "data-measured-by", runner);
    }
}

/// The file the measurer lives in, next to the page.
fn measure_url() -> Option<String> {
    let base = web_sys::window()?.document()?.base_uri().ok()??;
    web_sys::Url::new_with_base("./measure.js", &base)
        .ok()
        .map(|url| url.href())
}

/// Send every new address to be measured, and put what comes back where
/// the panels read it.
pub fn keep_up_to_date(model: Model, one_key: OneKey, shown: Vec<PanelId>) {
    super::url_state::on_release(released);
    Effect::new(move |_| {
        let measured = model.live.get();
        let key = one_key.0.get();
        // What the panels near the viewport need comes first; the rest is
        // measured too, so a panel scrolled to later finds its figures. A
        // panel that comes near asks again, for its work to come first.
        let awake = |id| model.awake.has(id);
        let near = registry::ALL.iter().filter(|p| awake(p.id));
        let mut others: Vec<_> = registry::ALL
            .iter()
            .filter(|p| shown.contains(&p.id) && !awake(p.id))
            .collect();
        // Of those out of view, the claims take longest: they start first.
        others.sort_by_key(|p| !p.needs.contains(&Work::Claims));
        let work = registry::work_for(near.chain(others));
        if work.is_empty() {
            return;
        }
        let settings = &measured.0.settings;
        let query = query::identity(settings);
        let address = query::render(settings, &Default::default());
        let keys = settings
            .your_keys
            .as_ref()
            .map(|y| y.id())
            .unwrap_or_default();
        // A new address is a new generation. Asking again for the same one
        // (a panel come near, a key typed) keeps it: the parts already on
        // their way are still this address's.
        let same = ASKED.with(|asked| {
            asked
                .borrow()
                .as_ref()
                .filter(|a| a.query == query)
                .map(|a| a.generation)
        });
        // The worker starts with the first work: an embed of a panel read
        // off the snapshot alone never fetches its module.
        if RUNNER.with(|runner| runner.borrow().is_none()) {
            start(model);
        }
        let generation = same.unwrap_or_else(|| {
            GENERATION.with(|g| {
                g.set(g.get() + 1);
                g.get()
            })
        });
        ASKED.with(|asked| {
            *asked.borrow_mut() = Some(Asked {
                generation,
                snapshot: measured,
                query,
                address,
                keys,
                work,
                key,
                settle: super::url_state::slider_held(),
            })
        });
        // What the worker early.js started said before the app: its
        // request was this one (generation 1, this address).
        for reply in EARLY_REPLIES.with(|early| std::mem::take(&mut *early.borrow_mut())) {
            heard(model, &reply);
        }
        // A new address waits for the frame that shows it; the same one
        // asked again (a panel come near) has no such frame to wait for.
        if same.is_some() {
            send_now();
        } else {
            send();
        }
    });
}

/// A slider was let go: what was asked while it was held is measured at
/// once, without waiting for the drag to pause.
fn released() {
    let held = ASKED.with(|asked| {
        asked
            .borrow_mut()
            .as_mut()
            .is_some_and(|asked| std::mem::replace(&mut asked.settle, false))
    });
    // The drag's last frame is drawn already: nothing to wait for.
    if held {
        send_now();
    }
}

/// Hand the newest request to whatever measures, once the frame that
/// shows the change is drawn: on two cores a measurer started at once
/// takes the core that frame needs. Requests made before then coalesce.
fn send() {
    if SEND_DUE.with(|due| due.replace(true)) {
        return;
    }
    leptos::task::spawn_local(async {
        super::timing::after_next_frame(100).await;
        SEND_DUE.with(|due| due.set(false));
        send_now();
    });
}

fn send_now() {
    let request = ASKED.with(|asked| asked.borrow().as_ref().map(Asked::request));
    if let Some(request) = request {
        // Still loading here: the newest request is sent when it is ready.
        deliver(&request, false);
    }
}

/// Give `message` to whatever measures; if it is still loading on this
/// thread, keep it (`keep`) for then, or drop it (a request: the newest
/// one is sent when it is ready).
fn deliver(message: &JsValue, keep: bool) {
    RUNNER.with(|runner| match &*runner.borrow() {
        Some(Runner::Worker(worker)) => {
            let _ = worker.post_message(message);
        }
        Some(Runner::Here(Some(measure))) => {
            let _ = measure.call1(&JsValue::NULL, message);
        }
        Some(Runner::Here(None)) | None => {
            if keep {
                WAITING.with(|waiting| waiting.borrow_mut().push(message.clone()));
            }
        }
    })
}

/// Send the measurer a message about the reader's own keys (a read to
/// start or cancel), starting it if need be; each reply about a read goes
/// to `on_reading`.
pub fn post_keys_message(model: Model, message: &JsValue, on_reading: impl Fn(&JsValue) + 'static) {
    ON_READING.with(|slot| *slot.borrow_mut() = Some(Box::new(on_reading)));
    if RUNNER.with(|runner| runner.borrow().is_none()) {
        start(model);
    }
    deliver(message, true);
}

/// A message with one field.
fn message(name: &str, value: &JsValue) -> JsValue {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &name.into(), value);
    message.into()
}

/// The worker early.js started before the app (`window.ringcountEarly`),
/// taken over once, what it said until now, and whether that was for this
/// page's address; None if it did not start, or failed to.
fn early_worker() -> Option<(web_sys::Worker, Vec<JsValue>, bool)> {
    let window = web_sys::window()?;
    let name = JsValue::from_str("ringcountEarly");
    let early = js_sys::Reflect::get(&window, &name).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &name);
    let worker = field(&early, "worker")?.dyn_into().ok()?;
    let replies: js_sys::Array = field(&early, "replies")?.dyn_into().ok()?;
    let replies: Vec<JsValue> = replies.iter().collect();
    let broken = field(&early, "failed").is_some()
        || replies.iter().any(|reply| field(reply, "failed").is_some());
    // The first screen's controls may have changed the address since:
    // then what it measured is not this page's.
    let asked = field(&early, "query").and_then(|q| q.as_string());
    let same = asked == window.location().search().ok();
    let replies = if same { replies } else { Vec::new() };
    (!broken).then_some((worker, replies, same))
}

/// Start the worker, or take over the one early.js started, or measure
/// here if none can start.
fn start(model: Model) {
    let Some(url) = measure_url() else {
        return;
    };
    let worker = match early_worker() {
        // It measured the address alone: with the reader's own keys kept
        // for the tab (early.js does not start it then), or the address
        // changed since, its figures are not this page's, and its replies'
        // generation is left behind.
        Some((worker, _, same))
            if !same || model.settings.with_untracked(|s| s.your_keys.is_some()) =>
        {
            GENERATION.with(|g| g.set(g.get().max(1)));
            Ok(worker)
        }
        Some((worker, replies, _)) => {
            EARLY_REPLIES.with(|early| *early.borrow_mut() = replies);
            Ok(worker)
        }
        None => {
            let options = web_sys::WorkerOptions::new();
            options.set_type(web_sys::WorkerType::Module);
            web_sys::Worker::new_with_options(&url, &options)
        }
    };
    let Ok(worker) = worker else {
        measure_here(model, &url);
        return;
    };
    // One early.js started waits for this before it fetches its module; it
    // has had it already, unless the first screen never came.
    let _ = worker.post_message(&message("go", &JsValue::TRUE));
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            heard(model, &event.data());
        });
    // A worker refused by policy, or one whose module fails to load, reports
    // an error and never a reply: measure here instead.
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_: web_sys::Event| {
        let started = RUNNER.with(|r| matches!(&*r.borrow(), Some(Runner::Worker(_))));
        if started {
            measure_here(model, &url_again());
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // They live as long as the page.
    on_message.forget();
    on_error.forget();
    RUNNER.with(|runner| *runner.borrow_mut() = Some(Runner::Worker(worker)));
}

/// A message from the worker.
fn heard(model: Model, reply: &JsValue) {
    if field(reply, "ready").is_some() {
        say_where("worker");
    } else if field(reply, "failed").is_some() {
        measure_here(model, &url_again());
    } else {
        take_reply(model, reply);
    }
}

fn url_again() -> String {
    measure_url().unwrap_or_else(|| "./measure.js".to_string())
}

/// Measure on this thread from now on, resending the newest request.
fn measure_here(model: Model, url: &str) {
    let already = RUNNER.with(|runner| {
        let mut runner = runner.borrow_mut();
        if let Some(Runner::Worker(worker)) = &*runner {
            worker.terminate();
        }
        let already = matches!(&*runner, Some(Runner::Here(_)));
        if !already {
            *runner = Some(Runner::Here(None));
        }
        already
    });
    if already {
        return;
    }
    let send_reply =
        Closure::<dyn Fn(JsValue)>::new(move |reply: JsValue| take_reply(model, &reply));
    let loaded = import_measurer(url, send_reply.as_ref());
    send_reply.forget();
    leptos::task::spawn_local(async move {
        let Ok(measure) = wasm_bindgen_futures::JsFuture::from(loaded).await else {
            // Nothing can measure: the panels keep saying they are waiting.
            return;
        };
        let Ok(measure) = measure.dyn_into::<js_sys::Function>() else {
            return;
        };
        say_where("main-thread");
        RUNNER.with(|runner| *runner.borrow_mut() = Some(Runner::Here(Some(measure))));
        for waiting in WAITING.with(|waiting| std::mem::take(&mut *waiting.borrow_mut())) {
            deliver(&waiting, true);
        }
        send();
    });
}

fn field(reply: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(reply, &name.into())
        .ok()
        .filter(|value| !value.is_undefined())
}

/// A reply: a part of the report, or the end of one. Dropped unless it
/// answers the newest request.
fn take_reply(model: Model, reply: &JsValue) {
    if field(reply, "reading").is_some() {
        ON_READING.with(|slot| {
            if let Some(on_reading) = &*slot.borrow() {
                on_reading(reply)
            }
        });
        return;
    }
    let generation = field(reply, "generation").and_then(|g| g.as_f64());
    let Some((snapshot, query)) = ASKED.with(|asked| {
        asked
            .borrow()
            .as_ref()
            .filter(|a| Some(f64::from(a.generation)) == generation)
            .map(|a| (a.snapshot.clone(), a.query.clone()))
    }) else {
        return;
    };
    if field(reply, "done").is_some() {
        return;
    }
    // The measurer lacks the reader's keys (it started afresh): hand them
    // over, then ask again.
    if field(reply, "needKeys").is_some() {
        let text = snapshot
            .0
            .settings
            .your_keys
            .as_ref()
            .map(|y| y.list.to_text());
        if let Some(text) = text {
            super::timing::timed("ringcount:keys-handed", || {
                let bytes = js_sys::Uint8Array::from(text.as_bytes());
                deliver(&message("adopt", &bytes), true);
                send();
            });
        }
        return;
    }
    let Some(text) = field(reply, "report").and_then(|r| r.as_string()) else {
        return;
    };
    // A report that does not read is a bug, and the panels keep waiting.
    let Some(mut part) =
        super::timing::timed("ringcount:reply-read", || super::from_js::report(&text))
    else {
        return;
    };
    // Tagged with the address as the page asked for it.
    part.query = query;
    super::timing::timed("ringcount:reply-shown", || {
        model
            .measurements
            .update(|reports| reports.take(&snapshot, part))
    });
}
