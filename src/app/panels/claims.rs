//! The "claims held" table: each claim, its verdict and the measurement
//! behind it. Judged after each change, a claim at a time (see `deferred`).

use leptos::prelude::*;

use crate::app::Model;

#[component]
pub fn ClaimsPanel() -> impl IntoView {
    let model = expect_context::<Model>();
    let tally = move || {
        model.claims.with(|judged| match judged {
            None => "Checking the claims…".to_string(),
            Some(judged) => {
                let claims = &judged.claims.0;
                let held = claims.iter().filter(|claim| claim.held).count();
                let updating = if model.updating.get() {
                    " Updating for the new settings…"
                } else {
                    ""
                };
                format!(
                    "{held} of {} claims hold for the current settings.{updating}",
                    claims.len()
                )
            }
        })
    };
    view! {
        <section class="panel" id="claims-panel" aria-labelledby="claims-title">
            <h2 id="claims-title">{crate::panels::heading("claims")}</h2>
            <p class="lead">
                "What textbooks say about consistent hashing, checked on these keys with these settings. Each verdict follows from the measurement by the rule beside it. A "<strong>"check"</strong>" tests something the algorithm guarantees, so a “no” there would mean a bug in this page. A "<strong>"finding"</strong>" is true of some settings and false of others: make the ring lumpy or the hash patterned and some findings honestly fail."
            </p>
            <p class="tally" aria-live="polite">{tally}</p>
            <div class="table-scroll">
                <table
                    id="claims"
                    class="claims"
                    class:stale=move || model.updating.get()
                    aria-busy=move || if model.updating.get() { "true" } else { "false" }
                    data-for=move || model.claims.with(|judged| judged.as_ref().map(|j| j.query.clone()).unwrap_or_default())
                >
                    <thead>
                        <tr><th scope="col">"Claim"</th><th scope="col">"Kind"</th><th scope="col">"Held?"</th><th scope="col">"What was measured"</th></tr>
                    </thead>
                    <tbody>
                        {move || model.claims.with(|judged| judged.as_ref().map(|judged| judged.claims.0.iter().map(|claim| {
                            let held = if claim.held { "yes" } else { "no" };
                            view! {
                                <tr data-claim=claim.id data-held=held data-kind=claim.kind.id() class=if claim.held { "held" } else { "not-held" }>
                                    <th scope="row">{claim.statement.clone()}<span class="rule">{claim.rule.clone()}</span></th>
                                    <td class="kind-cell">{claim.kind.id()}</td>
                                    <td class="verdict-cell">
                                        <span class="mark" aria-hidden="true">{if claim.held { "✔" } else { "✘" }}</span>
                                        " " {held}
                                    </td>
                                    <td>{claim.evidence.clone()}</td>
                                </tr>
                            }
                        }).collect_view()))}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
