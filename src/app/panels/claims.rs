//! The "claims held" table: each claim, its verdict and the measurement
//! behind it. Judged by the worker after each change (see `app::measure`).

use leptos::prelude::*;

use super::predict::settings_query;

use crate::app::state::Model;
use crate::render::markup::Markup;
use model::claims::Held;
use model::Claim;

/// The panel, under `heading` (from `panels::ALL`). A plain function, not a
/// component: it takes one argument and needs no props type.
pub fn claims_panel(heading: &'static str) -> impl IntoView {
    let model = expect_context::<Model>();
    // Judged for another address than the one shown: the worker is on it.
    let behind = move || {
        model.snapshot.with(|m| {
            let shown = settings_query(&m.0);
            model.with_claims(|judged| judged.as_ref().is_none_or(|j| j.query != shown))
        })
    };
    let tally = move || {
        model.with_claims(|judged| match judged {
            None => "Checking the claims…".to_string(),
            Some(judged) => {
                let claims = &judged.claims.0;
                let count = |held: Held| claims.iter().filter(|claim| claim.held == held).count();
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
        })
    };
    view! {
        <section class="panel" id="claims-panel" aria-labelledby="claims-title">
            {super::heading("claims-title", heading)}
            <p class="lead">
                "What textbooks say about consistent hashing, checked on these keys with these settings. Each verdict follows from the measurement by the rule beside it. A "<strong>"check"</strong>" tests something the algorithm guarantees, so a “no” there would mean a bug in this page. A "<strong>"finding"</strong>" is true of some settings and false of others: make the ring lumpy or the hash patterned and some findings honestly fail; where a finding is not about the current settings, it says it does not apply here."
            </p>
            <p class="tally" aria-live="polite">{tally}</p>
            <div class="table-scroll" role="region" tabindex="0" aria-label="Claims and their verdicts">
                <table
                    id="claims"
                    class="claims"
                    class:stale=behind
                    aria-busy=move || if behind() { "true" } else { "false" }
                    data-for=move || model.with_claims(|judged| judged.as_ref().map(|j| j.query.clone()).unwrap_or_default())
                >
                    <thead>
                        <tr><th scope="col">"Claim"</th><th scope="col">"Kind"</th><th scope="col">"Held?"</th><th scope="col">"What was measured"</th></tr>
                    </thead>
                    <tbody inner_html=move || model.with_claims(|judged| judged.as_ref().map(|judged| rows(&judged.claims.0)).unwrap_or_default())></tbody>
                </table>
            </div>
        </section>
    }
}

/// The table's rows as markup (see `crate::render::markup`): read-only text, so a
/// string builder rather than a typed view.
fn rows(claims: &[Claim]) -> String {
    let mut html = Markup::new();
    for claim in claims {
        let (class, mark, words) = match claim.held {
            Held::Yes => ("held", "✔", "yes"),
            Held::No => ("not-held", "✘", "no"),
            Held::NotApplicable => ("not-applicable", "–", "does not apply here"),
        };
        html.open(
            "tr",
            &[
                ("data-claim", Some(claim.id)),
                ("data-held", Some(claim.held.id())),
                ("data-kind", Some(claim.kind.id())),
                ("class", Some(class)),
            ],
        )
        .open("th", &[("scope", Some("row"))])
        .text(&claim.statement)
        .element("span", &[("class", Some("rule"))], &claim.rule)
        .close("th")
        .element("td", &[("class", Some("kind-cell"))], claim.kind.id())
        .open("td", &[("class", Some("verdict-cell"))])
        .element(
            "span",
            &[("class", Some("mark")), ("aria-hidden", Some("true"))],
            mark,
        )
        .text(" ")
        .text(words)
        .close("td")
        .element("td", &[], &claim.evidence)
        .close("tr");
    }
    html.into_string()
}
