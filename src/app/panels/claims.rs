//! The "claims held" table: each claim, its verdict and the measurement
//! behind it. Judged by the worker after each change (see `app::measure`).

use leptos::prelude::*;

use super::predict::settings_query;

use crate::app::panels::fold;
use crate::app::patch::{markup, Holder};
use crate::app::state::{Model, Part};
use crate::render::markup::{mentions, Markup};
use model::claims::Held;
use model::questions::{Question, QuestionSet};
use model::Claim;

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
                model.with_part(|r| r.claims.as_ref(), |judged| table(judged.as_ref(), behind(), all.get(), &moved))
            })}
        </div>
        {show_all}
        }.into_any())}
    }
}

/// Every way the page writes each question's answer (`Question::gives`,
/// worked out by the worker with the questions), with its question:
/// evidence that states one waits with it. Until the questions are
/// measured for these settings, every evidence waits for every question.
fn moved_words(asked: Option<&[Question]>) -> Vec<(QuestionSet, String)> {
    let Some(asked) = asked else {
        return vec![(QuestionSet::ALL, String::new())];
    };
    asked
        .iter()
        .flat_map(|q| {
            q.gives
                .iter()
                .map(|form| (QuestionSet::of(&[q.id]), form.clone()))
        })
        .collect()
}

/// Where a claim stands in the table: what does not hold first, what does
/// not apply last, the model's order within each.
fn rank(held: Held) -> u8 {
    match held {
        Held::No => 0,
        Held::Yes => 1,
        Held::NotApplicable => 2,
    }
}

/// How many rows show before "Show all": every one that does not hold, and
/// at least five.
fn shown_at_first(claims: &[Claim]) -> usize {
    let failing = claims.iter().filter(|c| c.held == Held::No).count();
    failing.max(5).min(claims.len())
}

/// The table's rows as markup (see `crate::render::markup`): read-only text, so a
/// string builder rather than a typed view.
fn rows(html: &mut Markup, claims: &[Claim], moved: &[(QuestionSet, String)]) {
    let mut ordered: Vec<&Claim> = claims.iter().collect();
    ordered.sort_by_key(|claim| rank(claim.held));
    let shown = shown_at_first(claims);
    // The first rule that counts standard deviations defines them.
    const PHRASE: &str = "binomial standard deviations";
    let mut defined = false;
    for (index, claim) in ordered.into_iter().enumerate() {
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
                ("data-beyond", (index >= shown).then_some("")),
            ],
        )
        .open("th", &[("scope", Some("row"))])
        .text(&claim.statement)
        .open("span", &[("class", Some("rule"))]);
        if !defined && claim.rule.contains(PHRASE) {
            defined = true;
            crate::render::glossary::with_term(html, &claim.rule, PHRASE, "binomial-sd");
        } else {
            html.text(&claim.rule);
        }
        html.close("span")
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
            .open("td", &[]);
        // Evidence that states a count a question asks for waits with it.
        let answers = moved
            .iter()
            .filter(|(_, words)| words.is_empty() || mentions(&claim.evidence, words))
            .fold(QuestionSet::NONE, |all, (question, _)| all.union(*question));
        html.tells(answers, &mut |html| {
            html.text(&claim.evidence);
        });
        html.close("td").close("tr");
    }
}

/// The claims table: `judged` (none yet: no rows), `behind` if they were
/// judged for other settings than those shown, `all` once the reader asked
/// for every row.
fn table(
    judged: Option<&Part<'_, Vec<Claim>>>,
    behind: bool,
    all: bool,
    moved: &[(QuestionSet, String)],
) -> String {
    let mut classes = String::from("claims");
    if behind {
        classes.push_str(" stale");
    }
    if !all {
        classes.push_str(" collapsed");
    }
    let mut m = Markup::new();
    m.open(
        "table",
        &[
            ("id", Some("claims")),
            ("class", Some(&classes)),
            ("aria-busy", Some(if behind { "true" } else { "false" })),
            ("data-for", Some(judged.map_or("", |j| j.query))),
        ],
    )
    .open("thead", &[])
    .head_row(&["Claim", "Kind", "Held?", "What was measured"])
    .close("thead")
    .open("tbody", &[]);
    if let Some(judged) = judged {
        rows(&mut m, judged, moved);
    }
    m.close("tbody").close("table");
    m.into_string()
}
