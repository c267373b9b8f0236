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
        let asking = model.asking();
        let modulo_waits = model.holds(model::questions::QuestionId::Modulo);
        let sentence = model.live.with(|m| {
            let s = &m.0;
            // On arrival the headline asks the lesson's first question
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
                    "{} Type your guess in the lesson under \u{201c}The ring\u{201d}.",
                    moved.wording
                );
            }
            let guessed = match predict::given(
                model::questions::QuestionId::Moved,
                &predict::settings_query(s),
            ) {
                Some(predict::Given::Guessed(guess)) => format!(" You guessed {guess}."),
                _ => String::new(),
            };
            headline(s, modulo_waits, &guessed)
        });
        // "hash mod n" first appears here once the headline tells: the
        // words are a term, the rest text (names escaped by `Markup`).
        let mut markup = crate::render::markup::Markup::new();
        crate::render::glossary::with_term(&mut markup, &sentence, "hash mod n", "hash-mod-n");
        markup.into_string()
    });
}

/// The headline once the ring's question is answered: the ring's count,
/// and modulo's unless its own question still waits (then it asks it),
/// with the reader's guess at the ring's (`guessed`, a sentence or "").
fn headline(s: &Snapshot, modulo_waits: bool, guessed: &str) -> String {
    let keys = s.key_count();
    let ring = format!(
        "Right now, as {}, {} moves {} of {} keys ({})",
        s.change_clause(),
        // Both counts read the same positions (DEFINITIONS §18).
        if s.settings.in_use.is_client() {
            format!("{}'s ring", s.settings.in_use.name())
        } else {
            "the ring".to_string()
        },
        thousands(s.moved_by_owner_diff as u64),
        thousands(keys as u64),
        percent(s.moved_by_owner_diff, keys),
    );
    if modulo_waits {
        return format!(
            "{ring}.{guessed} How many would hash mod n move? Guess first in the lesson."
        );
    }
    format!(
        "{ring} while hash mod n would move {} ({}).{guessed}",
        thousands(s.modulo_moved as u64),
        percent(s.modulo_moved, keys),
    )
}
