//! The claims table as markup, from the worker's verdicts alone: the claims
//! panel writes it, and any page that has a report and no app yet can.

use super::markup::{mentions, Markup};
use model::claims::Held;
use model::panels::PanelId;
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
            crate::glossary::with_term(html, &claim.rule, PHRASE, "binomial-sd");
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

/// What the claims panel shows: the verdicts as (the address judged, the
/// claims), none yet; `behind` if they were judged for other settings than
/// those shown; `all` once the reader asked for every row; `moved`, the
/// forms of each question's answer (`moved_words`); `alone`, the panel is
/// the page (an embed): its heading is the h1 and its fold is open.
pub struct Shown<'a> {
    pub judged: Option<(&'a str, &'a [Claim])>,
    pub behind: bool,
    pub all: bool,
    pub moved: &'a [(QuestionSet, String)],
    pub alone: bool,
    /// The fold over the table open: alone, or opened by the reader before
    /// the app took the panel over.
    pub open: bool,
}

/// The line over the table: how many claims hold, or that they are being
/// checked.
fn tally(shown: &Shown) -> String {
    let Some((_, claims)) = shown.judged else {
        return "Checking the claims…".to_string();
    };
    let count = |held: Held| claims.iter().filter(|claim| claim.held == held).count();
    let apart = match count(Held::NotApplicable) {
        0 => String::new(),
        1 => " 1 more does not apply here.".to_string(),
        n => format!(" {n} more do not apply here."),
    };
    let updating = if shown.behind {
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

/// The button's data attribute: a press on it shows every row, or only the
/// first again (the app listens for it on the panel).
pub const SHOW_ALL: &str = "data-claims-show-all";

/// The whole claims panel, heading to button: the app writes it, and so
/// does the worker for a page that has its verdicts before the app (one
/// function, so the app takes the panel over without a pixel moving).
pub fn section(shown: &Shown) -> String {
    let id = PanelId::Claims;
    let title_id = id.title_id();
    let mut m = Markup::new();
    m.open(
        "section",
        &[
            ("class", Some("panel")),
            ("id", Some(id.section_id())),
            ("aria-labelledby", Some(&title_id)),
        ],
    );
    if shown.alone {
        m.element(
            "h1",
            &[("id", Some(&title_id)), ("class", Some("panel-title"))],
            id.def().heading,
        );
    } else {
        m.element("h2", &[("id", Some(&title_id))], id.def().heading);
    }
    m.open("p", &[("class", Some("lead"))])
        .text("What textbooks say about consistent hashing, checked on these keys with these settings. Each verdict follows from the measurement by the rule beside it. A ")
        .element("strong", &[], "check")
        .text(" tests something the algorithm guarantees, so a “no” there would mean a bug in this page. A ")
        .element("strong", &[], "finding")
        .text(" is true of some settings and false of others: make the ring lumpy or the hash patterned and some findings honestly fail; where a finding is not about the current settings, it says it does not apply here. What does not hold comes first.")
        .close("p")
        .element(
            "p",
            &[("class", Some("tally")), ("aria-live", Some("polite"))],
            &tally(shown),
        )
        .open("details", &[("class", Some("fold")), ("open", shown.open.then_some(""))])
        .element("summary", &[], "Every claim, its rule and what was measured");
    table(&mut m, shown);
    let (total, first) = shown
        .judged
        .map_or((0, 0), |(_, claims)| (claims.len(), shown_at_first(claims)));
    if first < total {
        let label = if shown.all {
            format!("Show only the first {first}")
        } else {
            format!("Show all {total} claims")
        };
        m.element(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("show-all")),
                (SHOW_ALL, Some("")),
                ("aria-controls", Some("claims")),
                (
                    "aria-expanded",
                    Some(if shown.all { "true" } else { "false" }),
                ),
            ],
            &label,
        );
    }
    m.close("details").close("section");
    m.into_string()
}

/// The claims table, in its region that scrolls sideways.
fn table(m: &mut Markup, shown: &Shown) {
    let mut classes = String::from("claims");
    if shown.behind {
        classes.push_str(" stale");
    }
    if !shown.all {
        classes.push_str(" collapsed");
    }
    m.open_scrolling_table(
        "Claims and their verdicts",
        &[
            ("id", Some("claims")),
            ("class", Some(&classes)),
            (
                "aria-busy",
                Some(if shown.behind { "true" } else { "false" }),
            ),
            (
                "data-for",
                Some(shown.judged.map_or("", |(query, _)| query)),
            ),
        ],
    )
    .open("thead", &[])
    .head_row(&["Claim", "Kind", "Held?", "What was measured"])
    .close("thead")
    .open("tbody", &[]);
    if let Some((_, claims)) = shown.judged {
        rows(m, claims, shown.moved);
    }
    m.close("tbody").close_scrolling_table();
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
        let html = section(&Shown {
            judged: Some(("points=40", &claims)),
            behind: false,
            all: false,
            moved: &asked,
            alone: false,
            open: false,
        });
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
        let html = section(&Shown {
            judged: Some(("", &claims)),
            behind: true,
            all: true,
            moved: &all,
            alone: true,
            open: true,
        });
        assert_eq!(
            html.matches("data-tells=\"moved modulo busiest failover between copy-hours\"")
                .count(),
            3
        );
        assert!(html.contains("class=\"claims stale\"") && html.contains("aria-busy=\"true\""));
        assert!(html.contains("Updating for the new settings"), "{html}");
        // Alone, the heading is the page's h1 and the fold is open.
        assert!(
            html.contains("<h1 id=\"claims-title\"")
                && html.contains("<details class=\"fold\" open")
        );
        // No verdicts yet: no rows, no button, and the tally says so.
        let waiting = section(&Shown {
            judged: None,
            behind: false,
            all: true,
            moved: &[],
            alone: false,
            open: false,
        });
        assert!(!waiting.contains("<tr data-claim") && !waiting.contains(SHOW_ALL));
        assert!(
            waiting.contains("Checking the claims…") && waiting.contains("<h2 id=\"claims-title\"")
        );
    }
}
