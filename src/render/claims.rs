//! The claims table as markup, from the worker's verdicts alone: the claims
//! panel writes it, and any page that has a report and no app yet can.

use super::markup::{mentions, Markup};
use model::claims::Held;
use model::questions::{Question, QuestionSet};
use model::Claim;

/// Every way the page writes each question's answer (`Question::gives`,
/// worked out by the worker with the questions), with its question:
/// evidence that states one waits with it. Until the questions are
/// measured for these settings, every evidence waits for every question.
pub fn moved_words(asked: Option<&[Question]>) -> Vec<(QuestionSet, String)> {
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
pub fn shown_at_first(claims: &[Claim]) -> usize {
    let failing = claims.iter().filter(|c| c.held == Held::No).count();
    failing.max(5).min(claims.len())
}

/// The table's rows as markup: read-only text, so a string builder rather
/// than a typed view.
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

/// The claims table: `judged` as (the address judged, the claims), none
/// yet: no rows; `behind` if they were judged for other settings than those
/// shown, `all` once the reader asked for every row.
pub fn table(
    judged: Option<(&str, &[Claim])>,
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
            ("data-for", Some(judged.map_or("", |(query, _)| query))),
        ],
    )
    .open("thead", &[])
    .head_row(&["Claim", "Kind", "Held?", "What was measured"])
    .close("thead")
    .open("tbody", &[]);
    if let Some((_, claims)) = judged {
        rows(&mut m, claims, moved);
    }
    m.close("tbody").close("table");
    m.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::claims::Kind;
    use model::questions::QuestionId;

    fn claim(id: &'static str, held: Held, evidence: &str) -> Claim {
        Claim {
            id,
            kind: Kind::Finding,
            statement: format!("{id} holds"),
            rule: "a rule".to_string(),
            held,
            evidence: evidence.to_string(),
        }
    }

    #[test]
    fn what_does_not_hold_comes_first_and_an_answer_in_evidence_waits() {
        let claims = [
            claim("a", Held::Yes, "205 keys moved"),
            claim("b", Held::No, "nothing asked"),
            claim("c", Held::NotApplicable, "n/a"),
        ];
        let asked = [(QuestionSet::of(&[QuestionId::Moved]), "205".to_string())];
        let html = table(Some(("points=40", &claims)), false, false, &asked);
        let (b, a, c) = (
            html.find("data-claim=\"b\"").unwrap(),
            html.find("data-claim=\"a\"").unwrap(),
            html.find("data-claim=\"c\"").unwrap(),
        );
        assert!(b < a && a < c, "{html}");
        assert!(html.contains("data-for=\"points=40\""));
        assert!(html.contains("class=\"claims collapsed\""));
        // The evidence that states the moved count waits for its question.
        assert!(
            html.contains("<span data-tells=\"moved\"><span>205 keys moved</span></span>"),
            "{html}"
        );
        assert!(!html.contains("<span data-tells=\"moved\"><span>nothing asked"));
        // Before the questions are measured, every evidence waits for all.
        let all = moved_words(None);
        let html = table(Some(("", &claims)), true, true, &all);
        assert_eq!(
            html.matches("data-tells=\"moved modulo busiest failover between copy-hours\"")
                .count(),
            3
        );
        assert!(html.contains("class=\"claims stale\"") && html.contains("aria-busy=\"true\""));
        // No verdicts yet: no rows.
        assert!(!table(None, false, true, &[]).contains("<tr data-claim"));
    }
}
