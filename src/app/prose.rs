//! The page's words that carry figures. The title, the intro, the honest
//! limits and the sources are static text in index.html, painted before any
//! code runs; the headline's figures come from the model.

use leptos::prelude::*;

use super::panels::predict;
use super::state::Model;
use model::format::{percent, thousands};
use model::questions;
use model::Snapshot;

/// The headline sentence under the title, measured: index.html holds its
/// place, and this keeps its text current (talking to markup outside the app).
pub fn keep_headline(model: Model) {
    let Some(holder) = crate::dom::find("[data-headline]") else {
        return;
    };
    super::patch::markup_into(holder, move || {
        super::panels::predict::Guesses::track();
        let asking = model.asking.get();
        let sentence = model.live.with(|m| {
            let s = &m.0;
            // On arrival the headline asks "Guess first"'s first question
            // for these settings; once the reader has answered or skipped
            // it, or changed a setting, it tells as the ring does, with
            // their guess beside it while the settings are still the ones it
            // was made for.
            if asking {
                let moved = questions::question(
                    model::questions::QuestionId::Moved,
                    s,
                    &[],
                    &s.failure_none(),
                );
                return format!(
                    "{} Guess, then see the count in \u{201c}Guess first\u{201d} below.",
                    moved.wording
                );
            }
            let mut sentence = headline(s);
            if let Some(predict::Given::Guessed(guess)) = predict::given(
                model::questions::QuestionId::Moved,
                &predict::settings_query(s),
            ) {
                sentence.push_str(&format!(" You guessed {guess}."));
            }
            sentence
        });
        // "hash mod n" first appears here once the headline tells: the
        // words are a term, the rest text (names escaped by `Markup`).
        let mut markup = crate::render::markup::Markup::new();
        crate::render::glossary::with_term(&mut markup, &sentence, "hash mod n", "hash-mod-n");
        markup.into_string()
    });
}

fn headline(s: &Snapshot) -> String {
    format!(
        "Right now, as {}, {} moves {} of {} keys ({}) while hash mod n would move {} ({}).",
        s.change_phrase(),
        // Both counts read the same positions (DEFINITIONS §18).
        if s.settings.in_use.is_client() {
            format!("{}'s ring", s.settings.in_use.name())
        } else {
            "the ring".to_string()
        },
        thousands(s.moved_by_owner_diff as u64),
        thousands(s.key_count() as u64),
        percent(s.moved_by_owner_diff, s.key_count()),
        thousands(s.modulo_moved as u64),
        percent(s.modulo_moved, s.key_count()),
    )
}
