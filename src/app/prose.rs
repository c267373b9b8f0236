//! The page's words that carry figures. The title, the intro, the honest
//! limits and the sources are static text in index.html, painted before any
//! code runs; the headline's figures come from the model.

use leptos::prelude::*;

use super::state::Model;
use crate::model::format::{percent, thousands};
use crate::model::Snapshot;

/// The headline sentence under the title, measured: index.html holds its
/// place, and this keeps its text current (talking to markup outside the app).
pub fn keep_headline(model: Model) {
    let Some(holder) = document().query_selector("[data-headline]").ok().flatten() else {
        return;
    };
    Effect::new(move |_| {
        let sentence = model.live.with(|m| headline(&m.0));
        holder.set_text_content(Some(&sentence));
    });
}

fn headline(s: &Snapshot) -> String {
    let verb = if s.is_join() { "joins" } else { "leaves" };
    format!(
        "Right now, as {} {verb}, the ring moves {} of {} keys ({}) while hash mod n would move {} ({}).",
        s.name(s.changed),
        thousands(s.moved_by_owner_diff as u64),
        thousands(s.key_count() as u64),
        percent(s.moved_by_owner_diff, s.key_count()),
        thousands(s.modulo_moved as u64),
        percent(s.modulo_moved, s.key_count()),
    )
}
