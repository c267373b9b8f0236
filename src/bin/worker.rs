//! The measuring worker's module: the model and serde, no Leptos and no
//! plotters. `assets/measure.js` runs it in a Web Worker (or, where no
//! worker can start, on the main thread), a piece at a time, and sends the
//! page each finished part of the report as the JSON the oracle prints.
//!
//! Natively it does nothing: the oracle is `cargo run -p oracle`.

#[cfg(target_arch = "wasm32")]
mod measuring {
    use std::cell::RefCell;

    use model::panels::Work;
    use model::report::Job;
    use model::{panels, query, Snapshot};
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
    }

    thread_local! {
        static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
    }

    /// Measure the address `search` (a query string, as the page's) from
    /// now on: `work` is ids of `Work`, comma-separated, most wanted first
    /// ("claims,schemes"), an id it does not know left out; `key`, if not
    /// empty, is placed by every scheme before anything else.
    #[wasm_bindgen]
    pub fn start(search: &str, work: &str, key: &str) {
        let parsed = query::parse(search, &panels::ids());
        let rendered = query::render(&parsed.settings, &Default::default());
        let work: Vec<Work> = work.split(',').filter_map(Work::from_id).collect();
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            match &mut *current {
                Some(same) if same.job.query() == rendered => same.job.ask(&work),
                _ => {
                    *current = Some(Current {
                        snapshot: Snapshot::of(&parsed.settings),
                        job: Job::new(&rendered, &work),
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
    }

    /// Measure the next piece: what it finished as a report in JSON, ""
    /// when it finished nothing to send yet, undefined when all is done.
    #[wasm_bindgen]
    pub fn step() -> Option<String> {
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            let Current { snapshot, job } = current.as_mut()?;
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
