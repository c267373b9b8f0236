//! The address bar as state: read once at start, rewritten on every change.

use leptos::prelude::*;

use super::state::Model;
use crate::query::{self, Parsed, View};

pub fn read() -> Parsed {
    let search = window().location().search().unwrap_or_default();
    query::parse(&search, &crate::panels::ids())
}

/// Rewrite the query whenever the settings change. `replaceState`, not
/// `pushState`: a slider drag is not a hundred history entries.
pub fn keep_in_address(model: Model, view: View) {
    Effect::new(move |_| {
        let query = model
            .settings
            .with(|settings| query::render(settings, &view));
        let query = model.one_key.with(|key| query::with_key(query, key));
        // The fragment is not ours (a WordPress embed keeps its secret there): keep it.
        let hash = window().location().hash().unwrap_or_default();
        let url = format!("?{query}{hash}");
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    });
}
