//! The "claims held" table: each claim, its verdict and the measurement
//! behind it. Judged by the worker after each change (see `app::measure`).

use leptos::prelude::*;

use super::predict::settings_query;

use crate::app::panels::fold;
use crate::app::patch::{markup, Holder};
use crate::app::state::Model;
use crate::render::claims::{moved_words, shown_at_first, table};
use model::claims::Held;

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn claims_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    // Judged for another address than the one shown: the worker is on it.
    let behind = move || {
        model.snapshot.with(|m| {
            let shown = settings_query(&m.0);
            model.with_part(
                |r| r.claims.as_ref(),
                |judged| judged.is_none_or(|j| j.query != shown),
            )
        })
    };
    let tally = move || {
        model.with_part(
            |r| r.claims.as_ref(),
            |judged| match judged {
                None => "Checking the claims…".to_string(),
                Some(judged) => {
                    let claims = judged.value;
                    let count =
                        |held: Held| claims.iter().filter(|claim| claim.held == held).count();
                    let apart = match count(Held::NotApplicable) {
                        0 => String::new(),
                        1 => " 1 more does not apply here.".to_string(),
                        n => format!(" {n} more do not apply here."),
                    };
                    let updating = if behind() {
                        " Updating for the new settings…"
                    } else {
                        ""
                    };
                    format!(
                        "{} of {} claims hold for the current settings.{apart}{updating}",
                        count(Held::Yes),
                        count(Held::Yes) + count(Held::No)
                    )
                }
            },
        )
    };
    // The table starts with what does not hold; the rest on request.
    let all = RwSignal::new(false);
    let counts = move || {
        model.with_part(
            |r| r.claims.as_ref(),
            |judged| judged.map_or((0, 0), |j| (j.len(), shown_at_first(&j))),
        )
    };
    let show_all = move || {
        let (total, shown) = counts();
        (shown < total).then(|| {
            view! {
                <button
                    type="button"
                    class="show-all"
                    data-claims-show-all
                    aria-controls="claims"
                    aria-expanded=move || if all.get() { "true" } else { "false" }
                    on:click=move |_| all.update(|all| *all = !*all)
                >
                    {move || if all.get() {
                        format!("Show only the first {shown}")
                    } else {
                        format!("Show all {total} claims")
                    }}
                </button>
            }
        })
    };
    view! {
        <p class="lead">
            "What textbooks say about consistent hashing, checked on these keys with these settings. Each verdict follows from the measurement by the rule beside it. A "<strong>"check"</strong>" tests something the algorithm guarantees, so a “no” there would mean a bug in this page. A "<strong>"finding"</strong>" is true of some settings and false of others: make the ring lumpy or the hash patterned and some findings honestly fail; where a finding is not about the current settings, it says it does not apply here. What does not hold comes first."
        </p>
        <p class="tally" aria-live="polite">{tally}</p>
        {fold("Every claim, its rule and what was measured", view! {
        <div class="table-scroll" role="region" tabindex="0" aria-label="Claims and their verdicts">
            {markup(Holder::Block, move || {
                let moved = model.snapshot.with(|m| model.with_part(|r| r.questions.as_ref(), |asked| {
                    let asked = asked.filter(|a| a.query == settings_query(&m.0));
                    moved_words(asked.as_ref().map(|a| a.value.as_slice()))
                }));
                model.with_part(|r| r.claims.as_ref(), |judged| {
                    table(judged.as_ref().map(|j| (j.query, j.value.as_slice())), behind(), all.get(), &moved)
                })
            })}
        </div>
        {show_all}
        }.into_any())}
    }
}
