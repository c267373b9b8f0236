//! "Guess first" (DEFINITIONS §12): six questions, each worded from the current
//! settings and answered from the same measurements the panels show, with
//! the rule's reference figure and the clause that explains the answer.
//! Also the one reading of a typed guess, so a bad guess gets a message and
//! reveals nothing.

use super::cost::Copy;
use super::failures::Failure;
use super::format::thousands;
use super::panels::PanelId;
use super::schemes::SchemeResult;
use super::snapshot::Snapshot;

/// What kind of answer a question takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Answer {
    /// A whole number from 0 to `max`.
    Whole { max: u64 },
    /// A percentage, 0 … 100, at most one decimal.
    Percent,
    /// Hours, 0 or more, at most one decimal.
    Hours,
    /// A set of schemes, ticked from the schemes table's rows.
    Schemes,
}

crate::read_back_enum!(Answer {
    "Whole" => Whole { max },
    "Percent" => Percent,
    "Hours" => Hours,
    "Schemes" => Schemes,
});

/// One question, worded and answered for one snapshot.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Question {
    /// `data-question` (DEFINITIONS §12).
    pub id: QuestionId,
    pub wording: String,
    pub answer: Answer,
    /// The measured figure, as `data-answer` holds it.
    pub measured: String,
    /// The rule's reference figure, if the question has one.
    pub reference: Option<String>,
    /// Why, in a clause: "the newcomer takes about its even share: 1 in 5".
    pub why: String,
    /// The panel that explains it.
    pub panel: PanelId,
    /// Every way the page writes the answer (the count, its share, its
    /// ratio to an even share, a copy time): none of them may show while
    /// the question waits (DEFINITIONS §12). Empty where the answer is not
    /// a figure ("between": which rows of a column are above 0).
    pub gives: Vec<String>,
}

pub use crate::question_id::QuestionId;

/// Some of the questions, as bits of `QuestionId::ALL` (so the page keeps
/// a set in a signal of a type it already compiles): those a page still
/// holds back, each waiting with every figure that gives its answer away
/// until the reader answers or skips it; or those a figure answers, its
/// `data-tells`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuestionSet(pub u32);

impl QuestionSet {
    /// Every question waits: a page that asks before it tells, on arrival.
    pub const ALL: QuestionSet = QuestionSet((1 << QuestionId::ALL.len()) - 1);
    pub const NONE: QuestionSet = QuestionSet(0);

    const fn bit(id: QuestionId) -> u32 {
        1 << id as u32
    }

    /// Exactly these questions.
    pub const fn of(ids: &[QuestionId]) -> QuestionSet {
        let mut bits = 0;
        let mut at = 0;
        while at < ids.len() {
            bits |= QuestionSet::bit(ids[at]);
            at += 1;
        }
        QuestionSet(bits)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The questions of both sets.
    pub const fn union(self, other: QuestionSet) -> QuestionSet {
        QuestionSet(self.0 | other.0)
    }

    /// What a server's keys at a stage give away: a newcomer's keys are
    /// keys that moved, and after the change every server's keys give the
    /// busiest question's answer (the busiest's, or K less the others').
    pub const fn told_by_keys(newcomer: bool, after: bool) -> QuestionSet {
        let moved = if newcomer {
            QuestionSet::of(&[QuestionId::Moved])
        } else {
            QuestionSet::NONE
        };
        if after {
            moved.union(QuestionSet::of(&[QuestionId::Busiest]))
        } else {
            moved
        }
    }

    pub fn holds(self, id: QuestionId) -> bool {
        self.0 & QuestionSet::bit(id) != 0
    }

    /// With `id` waiting too.
    pub fn with(self, id: QuestionId) -> QuestionSet {
        QuestionSet(self.0 | QuestionSet::bit(id))
    }

    /// With `id` answered or skipped.
    pub fn without(self, id: QuestionId) -> QuestionSet {
        QuestionSet(self.0 & !QuestionSet::bit(id))
    }

    pub fn ids(self) -> impl Iterator<Item = QuestionId> {
        QuestionId::ALL
            .into_iter()
            .filter(move |&id| self.holds(id))
    }

    /// The ids, space-separated: the page's `data-asks` (those that wait),
    /// which the style matches against each figure's `data-tells`.
    pub fn written(self) -> String {
        self.ids()
            .map(QuestionId::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A count of the K keys as the page writes it: "773", and its share, "77.3%".
fn count_forms(count: usize, keys: u64) -> Vec<String> {
    vec![
        thousands(count as u64),
        crate::format::percent(count, keys as usize),
    ]
}

/// round(a ÷ b), halves up, for whole a ≥ 0 and b > 0.
fn round_div(a: u64, b: u64) -> u64 {
    (2 * a + b) / (2 * b)
}

/// a ÷ b to one decimal, halves up: "22.8".
fn one_decimal(a: u64, b: u64) -> String {
    let tenths = round_div(10 * a, b);
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// "alpha", "alpha and bravo", "alpha, bravo and charlie".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every question for a snapshot, given the schemes and the failure
/// measured on it, each with every form of its answer (`gives`).
pub fn ask(s: &Snapshot, schemes: &[SchemeResult], failure: &Failure) -> Vec<Question> {
    QuestionId::ALL
        .into_iter()
        .map(|id| Question {
            gives: gives(id, s, failure),
            ..question(id, s, schemes, failure)
        })
        .collect()
}

/// Every way the page writes question `id`'s answer (`Question::gives`).
/// Worked out only where the questions are asked for a report (the
/// worker): the page's own wording of a question needs none of it.
pub fn gives(id: QuestionId, s: &Snapshot, failure: &Failure) -> Vec<String> {
    let (keys, _, m) = counts(s);
    match id {
        QuestionId::Moved => count_forms(s.moved_by_owner_diff, keys),
        // With the ring's count told, the ratio of the two gives modulo's.
        QuestionId::Modulo => [
            count_forms(s.modulo_moved, keys),
            vec![crate::format::format_ratio(s.modulo_over_ring())],
        ]
        .concat(),
        QuestionId::Busiest => {
            // Its share, its keys, and its keys over an even share ("1.14
            // times"); with the quietest's keys, the spread after too.
            let busiest = u64::from(crate::measure::most_keys(&s.loads_after, &s.after));
            let after = s.spread_after();
            let mut gives = vec![
                format!("{}%", one_decimal(100 * busiest, keys)),
                thousands(busiest),
                crate::format::fixed(busiest as f64 * m as f64 / keys as f64, 2),
            ];
            if u64::from(after.busiest) == busiest {
                gives.push(crate::format::fixed(after.busiest_over_fair(), 2));
                gives.push(crate::format::format_ratio(after.ratio()));
            }
            gives.dedup();
            gives
        }
        QuestionId::Failover => {
            let down = s.down_ids();
            let most = s
                .after
                .iter()
                .filter(|server| !down.contains(server))
                .map(|&server| failure.received[usize::from(server)])
                .max()
                .unwrap_or(0);
            vec![thousands(u64::from(most))]
        }
        QuestionId::Between => Vec::new(),
        QuestionId::CopyHours => {
            let seconds = Copy::of(
                s.modulo_moved as f64 / keys as f64,
                s.settings.data,
                s.settings.bandwidth,
            )
            .seconds;
            vec![
                crate::format::duration(seconds),
                format!("{} s", thousands(seconds.round() as u64)),
            ]
        }
    }
}

/// One question.
pub fn question(
    id: QuestionId,
    s: &Snapshot,
    schemes: &[SchemeResult],
    failure: &Failure,
) -> Question {
    match id {
        QuestionId::Moved => moved(s),
        QuestionId::Modulo => modulo(s),
        QuestionId::Busiest => busiest(s),
        QuestionId::Failover => failover(s, failure),
        QuestionId::Between => between(schemes),
        QuestionId::CopyHours => copy_hours(s),
    }
}

/// K keys; n servers before the change, m after.
fn counts(s: &Snapshot) -> (u64, u64, u64) {
    (
        s.key_count() as u64,
        s.before.len() as u64,
        s.after.len() as u64,
    )
}

/// When the newcomer joins (or the leaver leaves), how many keys move.
fn moved(s: &Snapshot) -> Question {
    let (keys, n, m) = counts(s);
    let Some(changed_id) = s.changed else {
        return Question {
            id: QuestionId::Moved,
            wording: format!(
                "In this deploy ({}), how many of the {} keys change server?",
                s.deploy_counts(),
                thousands(keys)
            ),
            answer: Answer::Whole { max: keys },
            measured: s.moved_by_owner_diff.to_string(),
            reference: Some((s.even_share().round() as u64).to_string()),
            why: "at the least, the keys whose share of the weight changes hands move".to_string(),
            panel: PanelId::Moved,
            gives: Vec::new(),
        };
    };
    let changed = s.name(changed_id).to_string();
    let (wording, reference, why) = if s.is_join() {
        (
            format!(
                "When {changed} joins the {n} servers, how many of the {} keys change server?",
                thousands(keys)
            ),
            round_div(keys, m),
            format!("the newcomer takes about its even share of the ring: 1 in {m}"),
        )
    } else {
        let held = u64::from(s.loads_before[usize::from(changed_id)]);
        (
            format!(
                "When {changed} leaves the {n} servers, how many of the {} keys change server?",
                thousands(keys)
            ),
            held,
            format!("exactly the keys {changed} held move, and no others"),
        )
    };
    Question {
        id: QuestionId::Moved,
        wording,
        answer: Answer::Whole { max: keys },
        measured: s.moved_by_owner_diff.to_string(),
        reference: Some(reference.to_string()),
        why,
        panel: PanelId::Moved,
        gives: Vec::new(),
    }
}

/// How many keys hash mod n would move.
fn modulo(s: &Snapshot) -> Question {
    let (keys, n, m) = counts(s);
    let lcm = n / gcd(n, m) * m;
    let reference = round_div(keys * (lcm - n.min(m)), lcm);
    Question {
        id: QuestionId::Modulo,
        wording: format!(
            "If hash mod n picked the server instead, how many of the {} keys would change server?",
            thousands(keys)
        ),
        answer: Answer::Whole { max: keys },
        measured: s.modulo_moved.to_string(),
        reference: Some(reference.to_string()),
        why: format!(
            "a key stays only if its hash gives the same server mod {n} and mod {m}, which happens for {} in {lcm} hashes",
            n.min(m)
        ),
        panel: PanelId::Modulo,
        gives: Vec::new(),
    }
}

/// The busiest server's share of the keys after the change.
fn busiest(s: &Snapshot) -> Question {
    let (keys, _, m) = counts(s);
    let busiest = u64::from(crate::measure::most_keys(&s.loads_after, &s.after));
    Question {
        id: QuestionId::Busiest,
        wording: format!(
            "{}, what percentage of the {} keys does the busiest server hold after the change?",
            // DEFINITIONS §12's wording for the page's own ring.
            match s.settings.in_use {
                crate::in_use::InUse::Ring => format!("At {} points per server", s.settings.points),
                client => format!("On {}'s own ring", client.name()),
            },
            thousands(keys)
        ),
        answer: Answer::Percent,
        measured: one_decimal(100 * busiest, keys),
        reference: Some(one_decimal(100, m)),
        why: format!(
            "an even split would give each of the {m} servers {}%, and the busiest sits above it by chance of where its points fall",
            one_decimal(100, m)
        ),
        panel: PanelId::Loads,
        gives: Vec::new(),
    }
}

/// How many keys the survivor that gains most receives.
fn failover(s: &Snapshot, failure: &Failure) -> Question {
    let (keys, _, m) = counts(s);
    let down: Vec<String> = s.settings.down_servers();
    let survivors = m - down.len() as u64;
    let (gains, most) = s
        .after
        .iter()
        .filter(|server| !s.down_ids().contains(server))
        .map(|&server| (server, failure.received[usize::from(server)]))
        .fold((None, 0u32), |(best, most), (server, got)| {
            if best.is_none() || got > most {
                (Some(server), got)
            } else {
                (best, most)
            }
        });
    let verb = if down.len() == 1 { "goes" } else { "go" };
    let whose = if down.len() == 1 { "its" } else { "their" };
    Question {
        id: QuestionId::Failover,
        wording: format!(
            "{} {verb} down, so {whose} keys go to the survivors. How many keys does the survivor that gains most receive?",
            and_list(&down)
        ),
        answer: Answer::Whole { max: keys },
        measured: most.to_string(),
        reference: Some(round_div(failure.rerouted as u64, survivors.max(1)).to_string()),
        why: format!(
            "{} rerouted keys spread over {survivors} survivors, and {} is next clockwise to more of them than the others",
            thousands(failure.rerouted as u64),
            gains.map_or(String::new(), |g| s.name(g).to_string())
        ),
        panel: PanelId::Failure,
        gives: Vec::new(),
    }
}

/// Which schemes move keys between servers that stay.
fn between(schemes: &[SchemeResult]) -> Question {
    let moving: Vec<_> = schemes
        .iter()
        .filter(|r| r.movement.moved_between > 0)
        .map(|r| r.id)
        .collect();
    let ids: Vec<&str> = moving.iter().map(|id| id.as_str()).collect();
    let titles: Vec<String> = moving.iter().map(|id| id.title().to_string()).collect();
    Question {
        id: QuestionId::Between,
        wording: "In this change, which of these schemes move keys between servers that stay?"
            .to_string(),
        answer: Answer::Schemes,
        measured: ids.join(","),
        reference: None,
        why: match titles.as_slice() {
            [] => "every scheme here sends keys only to a joiner or from a leaver".to_string(),
            [one] => format!(
                "{one} renumbers or rebuilds what every server owns, so some keys shift between servers that were there all along"
            ),
            _ => format!(
                "{} renumber or rebuild what every server owns, so some keys shift between servers that were there all along",
                and_list(&titles)
            ),
        },
        panel: PanelId::Schemes,
        gives: Vec::new(),
    }
}

/// How many hours hash mod n spends copying what moves.
fn copy_hours(s: &Snapshot) -> Question {
    let (keys, _, _) = counts(s);
    let hours = |moved: usize| {
        let seconds = Copy::of(
            moved as f64 / keys as f64,
            s.settings.data,
            s.settings.bandwidth,
        )
        .seconds
        .round() as u64;
        // As the cost panel writes the same time (`format::duration`).
        crate::format::hours(seconds)
    };
    Question {
        id: QuestionId::CopyHours,
        wording: format!(
            "With {} spread over the keys and {}/s to copy with, how many hours would hash mod n spend copying what moves?",
            s.settings.data.spaced(),
            s.settings.bandwidth.spaced()
        ),
        answer: Answer::Hours,
        measured: hours(s.modulo_moved),
        reference: Some(hours(s.moved_by_owner_diff)),
        why: format!(
            "hash mod n moves {} keys where the ring moves {}, and each carries its share of the data",
            thousands(s.modulo_moved as u64),
            thousands(s.moved_by_owner_diff as u64)
        ),
        panel: PanelId::Cost,
        gives: Vec::new(),
    }
}

/// Read a typed guess for a question that takes a number: the guess in the
/// answer's own form ("205", "22.8"), or a sentence saying what is wrong.
pub fn read_guess(answer: Answer, text: &str) -> Result<String, String> {
    let text = text.trim();
    // Ticking no scheme is an answer: none of them.
    if answer == Answer::Schemes {
        return Ok(if text.is_empty() { "none" } else { text }.to_string());
    }
    if text.is_empty() {
        return Err("Type a guess first, or press \u{201c}Just show me\u{201d}.".to_string());
    }
    match answer {
        Answer::Whole { max } => match text.replace(',', "").parse::<u64>() {
            Ok(value) if value <= max => Ok(value.to_string()),
            Ok(_) => Err(format!(
                "There are only {} keys: guess 0 to {}.",
                thousands(max),
                thousands(max)
            )),
            Err(_) if text.starts_with('-') => Err("A count cannot be negative.".to_string()),
            Err(_) => Err("Type a whole number of keys, such as 250.".to_string()),
        },
        Answer::Percent | Answer::Hours => {
            let (limit, unit) = match answer {
                Answer::Percent => (Some(1000u64), "percentage"),
                _ => (None, "number of hours"),
            };
            let number = text.trim_end_matches('%').trim();
            let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
            let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
            if number.starts_with('-') {
                return Err(format!("A {unit} cannot be negative."));
            }
            if whole.is_empty() && fraction.is_empty()
                || !digits(whole)
                || !digits(fraction)
                || whole.len() > 9
            {
                return Err(format!("Type a {unit} such as 12.5."));
            }
            if fraction.len() > 1 {
                return Err("One decimal at most, such as 12.5.".to_string());
            }
            let tenths =
                whole.parse::<u64>().unwrap_or(0) * 10 + fraction.parse::<u64>().unwrap_or(0);
            if limit.is_some_and(|limit| tenths > limit) {
                return Err("A percentage goes up to 100.".to_string());
            }
            Ok(format!("{}.{}", tenths / 10, tenths % 10))
        }
        Answer::Schemes => Ok(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Settings, Valid};

    #[test]
    fn no_scheme_ticked_is_the_answer_none() {
        assert_eq!(read_guess(Answer::Schemes, "  ").as_deref(), Ok("none"));
        assert_eq!(
            read_guess(Answer::Schemes, "jump,maglev").as_deref(),
            Ok("jump,maglev")
        );
        assert!(read_guess(Answer::Percent, "").is_err());
    }

    #[test]
    fn each_question_names_every_way_the_page_writes_its_answer() {
        let s = Snapshot::of(&Valid::new(Settings::default()).unwrap());
        let failure = s.measure_failure();
        let asked = ask(&s, &s.measure_schemes(), &failure);
        let gives = |id: QuestionId| {
            asked
                .iter()
                .find(|q| q.id == id)
                .map(|q| q.gives.clone())
                .unwrap()
        };
        // DEFINITIONS §12's default answers, in each form a panel writes.
        assert_eq!(gives(QuestionId::Moved), ["205", "20.5%"]);
        assert_eq!(gives(QuestionId::Modulo), ["773", "77.3%", "3.77"]);
        assert_eq!(gives(QuestionId::Busiest), ["22.8%", "228", "1.14", "1.27"]);
        assert_eq!(gives(QuestionId::Failover), ["56"]);
        assert!(gives(QuestionId::Between).is_empty());
        assert_eq!(gives(QuestionId::CopyHours), ["5.9 h", "21,258 s"]);
    }

    #[test]
    fn a_deploy_reads_as_a_clause_after_when_and_as() {
        let parsed = crate::query::parse("servers=a,b,c,d&after=a,b,x,d,e", &crate::panels::ids());
        let deploy = Snapshot::of(&parsed.settings);
        assert!(deploy.is_deploy());
        assert_eq!(deploy.change_clause(), "the deploy goes out");
        assert_eq!(deploy.change_phrase(), "the deploy");
        let join = Snapshot::of(&Valid::new(Settings::default()).unwrap());
        assert_eq!(join.change_clause(), "echo joins");
    }

    #[test]
    fn a_held_set_waits_until_each_is_answered() {
        let held = QuestionSet::ALL.without(QuestionId::Moved);
        assert!(!held.holds(QuestionId::Moved) && held.holds(QuestionId::CopyHours));
        assert_eq!(held.written(), "modulo busiest failover between copy-hours");
        let none = QuestionId::ALL
            .into_iter()
            .fold(QuestionSet::ALL, QuestionSet::without);
        assert_eq!(none, QuestionSet::NONE);
        assert_eq!(QuestionSet::NONE.written(), "");
    }
}
