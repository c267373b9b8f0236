//! Keeping the keys in use for the tab, in session storage, so a reload
//! keeps them; and forgetting them on the way back to the template.

use std::sync::Arc;

use crate::app::session::storage;
use crate::app::timing::sleep;
use model::your_keys::{cut_after_lines, KeyList, YourKeys};

/// Where the keys in use are kept for the tab: this item holds how many
/// chunks of `KeyList::to_text` there are, written last, and each chunk is
/// the item of that name with ":0", ":1", … after it.
const STORED_KEYS: &str = "ringcount:your-keys";
/// What they were read from, for the summary after a reload.
pub const STORED_SOURCE: &str = "ringcount:your-keys-source";
/// The template's key count before your keys, to return to.
const STORED_TEMPLATE_KEYS: &str = "ringcount:template-keys";
/// About this many bytes of text per chunk: one `setItem` of a few
/// megabytes holds the main thread for tens of milliseconds; a chunk of
/// this size, a few, in a task of its own.
const CHUNK_BYTES: usize = 64 * 1024;

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
pub async fn keep_for_the_tab(
    text: &str,
    name: &str,
    template_keys: Option<u32>,
    still_wanted: impl Fn() -> bool,
) -> bool {
    let Some(storage) = storage() else {
        return false;
    };
    let started = crate::app::timing::now();
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
    crate::app::timing::record_since("ringcount:keys-store", started);
    true
}

/// Forget the keys kept for the tab and what they were read from, and
/// give the template's key count from before them.
pub fn forget_for_the_tab() -> Option<u32> {
    let storage = storage()?;
    let keys = storage
        .get_item(STORED_TEMPLATE_KEYS)
        .ok()
        .flatten()
        .and_then(|text| text.parse::<u32>().ok());
    forget_kept_keys(&storage);
    for item in [STORED_SOURCE, STORED_TEMPLATE_KEYS] {
        let _ = storage.remove_item(item);
    }
    keys
}
