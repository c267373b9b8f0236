//! The measuring worker's module: the model and serde, no Leptos and no
//! plotters. `assets/measure.js` runs it in a Web Worker (or, where no
//! worker can start, on the main thread), a piece at a time, and sends the
//! page each finished part of the report as the JSON the oracle prints.
//!
//! Natively it does nothing: the oracle is `cargo run -p oracle`.

#[cfg(target_arch = "wasm32")]
mod measuring {
    use std::cell::RefCell;
    use std::sync::Arc;

    use model::panels::PanelId;
    use model::panels::Work;
    use model::report::Job;
    use model::your_keys::{Counter, KeyList, Reading, Split, YourKeys};
    use model::{panels, query, Snapshot};
    use render::claims::{self, Shown};
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// The clock the lookups are timed with, in a worker or a window alike.
        #[wasm_bindgen(js_namespace = performance)]
        fn now() -> f64;
    }

    /// The address being measured: its snapshot and its job. Kept between
    /// requests, so one for the same address (a key typed into the one-key
    /// box, say) adds to what is measured instead of starting again.
    struct Current {
        snapshot: Snapshot,
        job: Job,
        /// The page's number for the request the parts go out under: it
        /// drops a part sent under any other.
        generation: u32,
        /// What of this address's page the claims can be shown in before
        /// the app, if anything. See `early_page`.
        early: Option<Early>,
    }

    /// A page whose claims are shown before the app.
    enum Early {
        /// The claims panel alone: the link to the full page, and whether
        /// it is embedded (its heading the h1).
        Alone { full_page: String, embed: bool },
        /// The full page, where the panel's evidence waits for the lesson's
        /// questions: shown once those are measured too, so that what
        /// waits is what the app will hold back.
        InPage,
    }

    impl Early {
        /// For the page `parsed` names. An address with parts the app lists
        /// as ignored, presenter mode, an embedded page or one question alone
        /// are the app's to draw.
        fn of(parsed: &query::Parsed) -> Option<Early> {
            let view = &parsed.view;
            if !parsed.notices.is_empty() {
                return None;
            }
            match view.panel {
                Some(PanelId::Claims) => Some(Early::Alone {
                    full_page: query::full_page_href(&parsed.settings),
                    embed: view.embed,
                }),
                None if !view.embed
                    && view.question.is_none()
                    && parsed.present.is_none()
                    && parsed.lecture.is_none() =>
                {
                    Some(Early::InPage)
                }
                _ => None,
            }
        }
    }

    thread_local! {
        static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
        /// The reader's own keys, as last read here or handed over by the page.
        static YOURS: RefCell<Option<Arc<YourKeys>>> = const { RefCell::new(None) };
        /// A file or text being read, a chunk at a time.
        static READING: RefCell<Option<Counter>> = const { RefCell::new(None) };
    }

    /// Measure the address `search` (a query string, as the page's) from
    /// now on: `work` is ids of `Work`, comma-separated, most wanted first
    /// ("claims,schemes"), an id it does not know left out; `key`, if not
    /// empty, is placed by every scheme before anything else; `keys`, if
    /// not empty, is the id of the reader's own keys to measure. False,
    /// and nothing started, if those keys are not here (the page then
    /// hands them over and asks again). `generation` is the page's number
    /// for this request: the same address under a new number (the page
    /// left it and came back before the other was measured) gets what was
    /// measured for it again.
    #[wasm_bindgen]
    pub fn start(search: &str, work: &str, key: &str, keys: &str, generation: u32) -> bool {
        let yours = match keys {
            "" => None,
            id => match YOURS.with(|y| y.borrow().clone()).filter(|y| y.id() == id) {
                Some(yours) => Some(yours),
                None => return false,
            },
        };
        let parsed = query::parse(search, &panels::ids());
        let early = Early::of(&parsed);
        let settings = parsed.settings.with_your_keys(yours);
        let rendered = query::identity(&settings);
        let work: Vec<Work> = work.split(',').filter_map(Work::from_id).collect();
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            match &mut *current {
                Some(same) if same.job.query() == rendered => {
                    same.job.ask(&work);
                    if same.generation != generation {
                        same.generation = generation;
                        same.job.resend();
                    }
                }
                _ => {
                    *current = Some(Current {
                        snapshot: Snapshot::of(&settings),
                        job: Job::new(&rendered, &work),
                        generation,
                        early,
                    })
                }
            }
            if let (Some(current), false) = (&mut *current, key.is_empty()) {
                let placed = current.job.report().one_key.as_ref();
                if placed.is_none_or(|placed| placed.key != key) {
                    current.job.ask_key(key);
                }
            }
        });
        true
    }

    /// Keep the keys of `text` (`KeyList::to_text` in UTF-8, from the
    /// page): their id, or "" if the text is not such a list.
    #[wasm_bindgen]
    pub fn adopt_keys(text: &[u8]) -> String {
        let Some(list) = std::str::from_utf8(text).ok().and_then(KeyList::from_text) else {
            return String::new();
        };
        let yours = YourKeys::new(list);
        let id = yours.id();
        YOURS.with(|y| *y.borrow_mut() = Some(yours));
        id
    }

    /// Start reading keys: `field` 1-based (0 for whole lines), split by
    /// `split` ("commas", "tabs" or "spaces"). A read already under way is
    /// dropped.
    #[wasm_bindgen]
    pub fn read_begin(field: u32, split: &str) {
        let split = match split {
            "commas" => Split::Commas,
            "tabs" => Split::Tabs,
            _ => Split::Spaces,
        };
        let field = (field > 0).then_some(field as usize);
        READING.with(|r| *r.borrow_mut() = Some(Counter::new(Reading { split, field })));
    }

    /// Count the next bytes; an error ends the read, with its sentence.
    #[wasm_bindgen]
    pub fn read_feed(bytes: &[u8]) -> Result<u32, String> {
        READING.with(|r| {
            let mut reading = r.borrow_mut();
            let counter = reading.as_mut().ok_or("No read is under way.")?;
            let fed = counter.feed(bytes);
            let seen = counter.seen as u32;
            if fed.is_err() {
                *reading = None;
            }
            fed.map(|()| seen)
        })
    }

    /// End the read: the keys as `KeyList::to_text` in UTF-8 (kept here
    /// too), or why there are none. Bytes, not a string: the page copies
    /// them into its memory at once, where a string of a few megabytes is
    /// re-encoded at tens of milliseconds on the main thread.
    #[wasm_bindgen]
    pub fn read_finish() -> Result<Vec<u8>, String> {
        let counter = READING
            .with(|r| r.borrow_mut().take())
            .ok_or("No read is under way.")?;
        let list = counter.finish()?;
        let text = list.to_text();
        YOURS.with(|y| *y.borrow_mut() = Some(YourKeys::new(list)));
        Ok(text.into_bytes())
    }

    /// Drop a read under way.
    #[wasm_bindgen]
    pub fn read_cancel() {
        READING.with(|r| *r.borrow_mut() = None);
    }

    /// What the page shows of the claims before the app arrives
    /// (`assets/early.js`), as the app writes it, once they are judged: the
    /// whole page for the claims panel alone (an embed, `panel=claims`), the
    /// panel's slot on the full page (once the questions are measured too).
    /// None for any other page, or before then.
    #[wasm_bindgen]
    pub fn early_page() -> Option<String> {
        CURRENT.with(|current| {
            let current = current.borrow();
            let Current { job, early, .. } = current.as_ref()?;
            let report = job.report();
            let judged = report.claims.as_deref()?;
            let alone = matches!(early.as_ref()?, Early::Alone { embed: true, .. });
            let asked = match early.as_ref()? {
                Early::InPage => Some(report.questions.as_deref()?),
                Early::Alone { .. } => report.questions.as_deref(),
            };
            let moved = claims::moved_words(asked);
            let section = claims::section(&Shown {
                judged: Some((job.query(), judged)),
                behind: false,
                all: false,
                moved: &moved,
                alone,
                open: alone,
            });
            Some(match early.as_ref()? {
                Early::Alone { full_page, .. } => {
                    render::panel_alone(PanelId::Claims, &section, full_page)
                }
                Early::InPage => {
                    let mut slot = render::markup::Markup::new();
                    render::early_slot(&mut slot, PanelId::Claims, &section);
                    slot.into_string()
                }
            })
        })
    }

    /// Measure the next piece: what it finished as a report in JSON, ""
    /// when it finished nothing to send yet, undefined when all is done.
    #[wasm_bindgen]
    pub fn step() -> Option<String> {
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            let Current { snapshot, job, .. } = current.as_mut()?;
            let part = job.step(snapshot, Some(&now))?;
            Some(if part.is_empty() {
                String::new()
            } else {
                part.to_json()
            })
        })
    }
}

fn main() {}
