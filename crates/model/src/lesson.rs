//! The lesson (DEFINITIONS §21): one list of steps that the page's lesson,
//! presenter mode, the lecture builder and the printed handout all read.
//! The six questions of "Guess first" are asked in it, in order, with the
//! ring and its change between them. A step is its words (worded here from
//! snapshots, so every number in them is measured), the ring's stage, its
//! own figure (`table`: the counts it talks about, each cell naming the
//! question it answers) and its question. The ring asks first at the
//! page's points; the change is then played at a few points per server,
//! where the moved keys sit in clumps beside the newcomer's ticks, and the
//! later steps go back to many points and say why.

use crate::cost::Copy;
use crate::failures::Failure;
use crate::format::{and_list, duration, format_ratio, percent, thousands};
use crate::questions::{QuestionId, QuestionSet};
use crate::report::SchemeRow;
use crate::Snapshot;

/// Points per server for the second and third steps: few enough that each
/// server's arcs, and the keys a change moves, can be seen one by one.
pub const FEW_POINTS: u16 = 3;

/// What a step's ring shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The pool before the change, with the step's question.
    Before,
    /// The pool after it, the moved keys ringed (played when arrived at).
    After,
    /// The pool after it with the settings' down servers failed.
    Down,
}

/// The lesson's steps, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonStep {
    Question,
    Played,
    Modulo,
    Points,
    Failing,
    Between,
    Cost,
}

impl LessonStep {
    pub const ALL: [LessonStep; 7] = [
        LessonStep::Question,
        LessonStep::Played,
        LessonStep::Modulo,
        LessonStep::Points,
        LessonStep::Failing,
        LessonStep::Between,
        LessonStep::Cost,
    ];

    /// Its id: `data-lesson-step` on the page.
    pub fn as_str(self) -> &'static str {
        match self {
            LessonStep::Question => "question",
            LessonStep::Played => "played",
            LessonStep::Modulo => "modulo",
            LessonStep::Points => "points",
            LessonStep::Failing => "failing",
            LessonStep::Between => "between",
            LessonStep::Cost => "cost",
        }
    }

    pub fn from_id(id: &str) -> Option<LessonStep> {
        LessonStep::ALL.into_iter().find(|step| step.as_str() == id)
    }

    pub fn title(self) -> &'static str {
        match self {
            LessonStep::Question => "A key's server, and a question",
            LessonStep::Played => "The change, played",
            LessonStep::Modulo => "Beside hash mod n",
            LessonStep::Points => "Why hundreds of points",
            LessonStep::Failing => "A server failing",
            LessonStep::Between => "Other schemes",
            LessonStep::Cost => "What moving costs",
        }
    }

    /// Its place, from 1.
    pub fn number(self) -> usize {
        self as usize + 1
    }

    pub fn next(self) -> Option<LessonStep> {
        LessonStep::ALL.get(self as usize + 1).copied()
    }

    pub fn previous(self) -> Option<LessonStep> {
        (self as usize).checked_sub(1).map(|at| LessonStep::ALL[at])
    }

    /// Whether its ring is drawn at `FEW_POINTS` (else at the many points
    /// the page had when the lesson began).
    pub fn few_points(self) -> bool {
        matches!(self, LessonStep::Played | LessonStep::Modulo)
    }

    /// The question the step asks (DEFINITIONS §12): while it waits, the
    /// step's words stop before its answer and the step asks it.
    pub fn question(self) -> Option<QuestionId> {
        match self {
            LessonStep::Question => Some(QuestionId::Moved),
            LessonStep::Played => None,
            LessonStep::Modulo => Some(QuestionId::Modulo),
            LessonStep::Points => Some(QuestionId::Busiest),
            LessonStep::Failing => Some(QuestionId::Failover),
            LessonStep::Between => Some(QuestionId::Between),
            LessonStep::Cost => Some(QuestionId::CopyHours),
        }
    }

    /// The step that asks question `id`.
    pub fn asking(id: QuestionId) -> Option<LessonStep> {
        LessonStep::ALL
            .into_iter()
            .find(|step| step.question() == Some(id))
    }

    /// Whether the step's question waits in `held`.
    pub fn asks(self, held: QuestionSet) -> bool {
        self.question().is_some_and(|id| held.holds(id))
    }

    /// Whether the step has a figure of its own beside its words
    /// (`table`); the first two are about the ring itself.
    pub fn own_figure(self) -> bool {
        !matches!(self, LessonStep::Question | LessonStep::Played)
    }

    pub fn figure(self) -> Figure {
        match self {
            LessonStep::Question => Figure::Before,
            LessonStep::Failing => Figure::Down,
            _ => Figure::After,
        }
    }
}

/// What a step's words and figure are measured from: the page's settings
/// at `FEW_POINTS` (`few`) and at the many points the lesson began with
/// (`many`), `many` failed with its down servers, and the textbook schemes
/// measured on `many` once the worker has (None until then).
#[derive(Clone, Copy)]
pub struct Measured<'a> {
    pub few: &'a Snapshot,
    pub many: &'a Snapshot,
    pub failure: &'a Failure,
    pub schemes: Option<&'a [SchemeRow]>,
}

/// The change in a sentence's words: "echo joins", "alpha leaves", "the deploy".
fn change(s: &Snapshot) -> String {
    s.change_phrase()
}

/// The survivor that gains most when `many`'s down servers fail, and its
/// keys received: the first of equals.
fn top_gainer<'a>(at: &Measured<'a>) -> (&'a str, u32) {
    let (gainer, most) = at
        .failure
        .received
        .iter()
        .enumerate()
        .fold(
            (0, 0),
            |best, (at, &got)| if got > best.1 { (at, got) } else { best },
        );
    (at.many.names.get(gainer).map_or("", String::as_str), most)
}

/// What copying a count of `many`'s keys takes, as the cost panel writes it.
fn copy_time(s: &Snapshot, moved: usize) -> String {
    let share = moved as f64 / s.key_count().max(1) as f64;
    duration(Copy::of(share, s.settings.data, s.settings.bandwidth).seconds)
}

/// The step's sentences. While a question in `held` waits, no sentence
/// that gives its answer is said: a step whose own question waits stops
/// before its answer (the page asks the question under them), and a
/// sentence of another step that would tell a waiting answer waits whole.
pub fn words(step: LessonStep, at: &Measured, held: QuestionSet) -> String {
    let (few, many, failure) = (at.few, at.many, at.failure);
    let keys = few.key_count();
    let k = thousands(keys as u64);
    match step {
        LessonStep::Question => format!(
            "Each dot is one of {k} keys, each tick one of a server's {} points on the ring. A key belongs to the first tick clockwise from it, and takes its colour. Now {}: before you see it, guess how many keys change server.",
            many.settings.points,
            change(many)
        ),
        // On paper the question's answer waits for the last page, and
        // this step's count with it.
        LessonStep::Played if held.holds(QuestionId::Moved) => format!(
            "Here the ring has {FEW_POINTS} points a server, so each server's arcs can be told apart. When {}, the keys that change server sit in clumps, and every other key stays where it was: that is what consistent means here.",
            few.change_clause()
        ),
        LessonStep::Played => {
            let moved = few.moved_by_owner_diff;
            let whose = match (few.changed, few.is_join()) {
                (Some(changed), true) => format!(
                    "every one to {}, in clumps just before its {FEW_POINTS} new ticks",
                    few.name(changed)
                ),
                (Some(changed), false) => format!(
                    "every one from {}, each to the next tick clockwise",
                    few.name(changed)
                ),
                (None, _) => "into the newcomers' arcs and out of the leavers'".to_string(),
            };
            format!(
                "At {} points a server the {} keys that moved were ringed all round, too many to follow. At {FEW_POINTS}, when {}, {} of {k} keys change server ({}), {whose}. Every other key stays put: that is what consistent means.",
                many.settings.points,
                thousands(many.moved_by_owner_diff as u64),
                few.change_clause(),
                thousands(moved as u64),
                percent(moved, keys),
            )
        }
        LessonStep::Modulo => {
            let setup = format!(
                "The obvious way picks a server by hash mod n, the number of servers. Going from {} to {} changes n",
                few.before.len(),
                few.after.len(),
            );
            if held.holds(QuestionId::Modulo) {
                return format!("{setup}, and with it every key's remainder.");
            }
            format!(
                "{setup}, so nearly every key gets a new remainder: {} of {k} keys would move ({}), against {} on the ring.",
                thousands(few.modulo_moved as u64),
                percent(few.modulo_moved, keys),
                thousands(few.moved_by_owner_diff as u64),
            )
        }
        LessonStep::Points => points_words(at, held),
        LessonStep::Failing => {
            let down = many.settings.down_servers().join(" and ");
            let setup = format!(
                "Now say {down} fails. Its {} keys, crossed on the ring, each go on to the next live tick clockwise. With {} points those ticks belong to every other server, so the load spreads over {} survivors",
                thousands(failure.rerouted as u64),
                many.settings.points,
                failure.receivers(),
            );
            if held.holds(QuestionId::Failover) {
                return format!("{setup}.");
            }
            let (gainer, most) = top_gainer(at);
            format!(
                "{setup}, and the one that gains most, {gainer}, takes {} more keys.",
                thousands(u64::from(most)),
            )
        }
        LessonStep::Between => {
            let setup = "Other schemes pick a server another way. A key moved between two servers that both stay is data copied for nothing.";
            let Some(schemes) = at.schemes.filter(|_| !held.holds(QuestionId::Between)) else {
                return setup.to_string();
            };
            let moving: Vec<&str> = schemes
                .iter()
                .map(|row| &row.result)
                .filter(|r| r.movement.moved_between > 0)
                .map(|r| r.id.title())
                .collect();
            match moving.as_slice() {
                [] => format!("{setup} When {}, no scheme here does.", many.change_clause()),
                [one] => format!("{setup} When {}, only {one} does.", many.change_clause()),
                _ => format!(
                    "{setup} When {}, {} do.",
                    many.change_clause(),
                    and_list(&moving)
                ),
            }
        }
        LessonStep::Cost => cost_words(many, held),
    }
}

/// Step 7's words: what copying the moved keys takes, each figure waiting
/// with the question it answers.
fn cost_words(many: &Snapshot, held: QuestionSet) -> String {
    let intro = format!(
        "A key that moves is data to copy before its new server can answer for it. With {} over the keys and {}/s to copy with",
        many.settings.data.spaced(),
        many.settings.bandwidth.spaced(),
    );
    // The ring's time is its count in other units, hash mod n's
    // the question's answer, and their ratio either given the other.
    let mut said = Vec::new();
    if !held.holds(QuestionId::Moved) {
        said.push(format!(
            "what the ring moves takes {}",
            copy_time(many, many.moved_by_owner_diff)
        ));
    }
    if !held.holds(QuestionId::CopyHours) {
        let verb = if said.is_empty() { " takes" } else { "," };
        said.push(format!(
            "what hash mod n moves{verb} {}",
            copy_time(many, many.modulo_moved)
        ));
    }
    let told = [QuestionId::Moved, QuestionId::Modulo, QuestionId::CopyHours]
        .iter()
        .all(|&id| !held.holds(id));
    let ratio = if told {
        format!(": {} times as long", format_ratio(many.modulo_over_ring()))
    } else {
        String::new()
    };
    if said.is_empty() {
        return format!("{intro}, every key moved is time spent copying.");
    }
    format!("{intro}, {}{ratio}.", said.join(", and "))
}

/// Step 4's words: the spread at a few points, then at many.
fn points_words(at: &Measured, held: QuestionSet) -> String {
    let (few, many) = (at.few, at.many);
    let (at_few, at_many) = (few.spread_after(), many.spread_after());
    let then = format!(
        "At {FEW_POINTS} points a server the arcs are uneven: after the change the busiest server, {}, holds {} keys and the quietest, {}, {}, a spread of {}.",
        few.name(at_few.busiest_id),
        thousands(u64::from(at_few.busiest)),
        few.name(at_few.quietest_id),
        thousands(u64::from(at_few.quietest)),
        format_ratio(at_few.ratio()),
    );
    if many.settings.points <= FEW_POINTS {
        // The question is asked at these few points: its answer is
        // the busiest server's keys here.
        if held.holds(QuestionId::Busiest) {
            return format!("At {FEW_POINTS} points a server the arcs are uneven.");
        }
        return format!(
            "{then} Drag the points slider up: each server's share becomes the sum of many small arcs, and evens out."
        );
    }
    if held.holds(QuestionId::Busiest) {
        return then;
    }
    format!(
        "{then} At {} points each server's share is the sum of many small arcs, and they even out: {}'s {} against {}'s {}, a spread of {}. That is why real rings give each server hundreds of points.",
        many.settings.points,
        many.name(at_many.busiest_id),
        thousands(u64::from(at_many.busiest)),
        many.name(at_many.quietest_id),
        thousands(u64::from(at_many.quietest)),
        format_ratio(at_many.ratio()),
    )
}

/// One cell of a step's figure: its text, and the question whose answer
/// it gives away (shown "?" while that question waits), if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub tells: Option<QuestionId>,
}

fn cell(text: impl Into<String>) -> Cell {
    Cell {
        text: text.into(),
        tells: None,
    }
}

fn telling(id: QuestionId, text: impl Into<String>) -> Cell {
    Cell {
        text: text.into(),
        tells: Some(id),
    }
}

/// A step's own figure, beside its words: the counts the step talks about
/// as a small table, the first column naming each row. Each answer's cell
/// names its question, so the page, the slide and the handout hold back
/// the same cells from one place.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub caption: String,
    pub head: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// Whether a cell beyond the row headings shows while `held` waits.
    pub fn shows_while(&self, held: QuestionSet) -> bool {
        let mut figures = self.rows.iter().flat_map(|row| row.iter().skip(1));
        figures.any(|c| !c.tells.is_some_and(|id| held.holds(id)))
    }
}

/// The step's figure, where it has one beside the ring (None on the steps
/// the ring itself shows: the question and the change played).
pub fn table(step: LessonStep, at: &Measured) -> Option<Table> {
    let (few, many) = (at.few, at.many);
    let share = |count: usize, s: &Snapshot| percent(count, s.key_count());
    match step {
        LessonStep::Question | LessonStep::Played => None,
        LessonStep::Modulo => Some(Table {
            caption: format!(
                "Keys that change server when {}, of {}",
                few.change_clause(),
                thousands(few.key_count() as u64)
            ),
            head: vec![String::new(), "Keys".into(), "Share".into()],
            rows: vec![
                vec![
                    cell(format!("The ring, {FEW_POINTS} points")),
                    cell(thousands(few.moved_by_owner_diff as u64)),
                    cell(share(few.moved_by_owner_diff, few)),
                ],
                vec![
                    cell("hash mod n"),
                    telling(QuestionId::Modulo, thousands(few.modulo_moved as u64)),
                    telling(QuestionId::Modulo, share(few.modulo_moved, few)),
                ],
            ],
        }),
        LessonStep::Points => Some(points_table(at)),
        LessonStep::Failing => {
            let rerouted = at.failure.rerouted;
            let receivers = at.failure.receivers();
            Some(Table {
                caption: format!(
                    "When {} fails, at {} points",
                    many.settings.down_servers().join(" and "),
                    many.settings.points
                ),
                head: vec![String::new(), "Keys".into()],
                rows: vec![
                    vec![cell("Rerouted"), cell(thousands(rerouted as u64))],
                    vec![
                        cell(format!("An even split over {receivers} survivors")),
                        cell(format!("{:.1}", rerouted as f64 / receivers.max(1) as f64)),
                    ],
                    vec![
                        cell("The most one survivor receives"),
                        telling(QuestionId::Failover, thousands(u64::from(top_gainer(at).1))),
                    ],
                ],
            })
        }
        LessonStep::Between => {
            let schemes = at.schemes?;
            Some(Table {
                caption: "Keys moved between servers that stay".to_string(),
                head: vec!["Scheme".into(), "Keys".into()],
                rows: schemes
                    .iter()
                    .map(|row| {
                        let r = &row.result;
                        vec![
                            cell(r.id.title()),
                            telling(
                                QuestionId::Between,
                                thousands(r.movement.moved_between as u64),
                            ),
                        ]
                    })
                    .collect(),
            })
        }
        LessonStep::Cost => Some(Table {
            caption: format!(
                "Copying what moves: {} of data at {}/s",
                many.settings.data.spaced(),
                many.settings.bandwidth.spaced()
            ),
            head: vec![String::new(), "Keys moved".into(), "Copy time".into()],
            rows: vec![
                vec![
                    cell("The ring"),
                    telling(
                        QuestionId::Moved,
                        thousands(many.moved_by_owner_diff as u64),
                    ),
                    // The ring's count in hours: it waits with the count.
                    telling(QuestionId::Moved, copy_time(many, many.moved_by_owner_diff)),
                ],
                vec![
                    cell("hash mod n"),
                    telling(QuestionId::Modulo, thousands(many.modulo_moved as u64)),
                    telling(QuestionId::CopyHours, copy_time(many, many.modulo_moved)),
                ],
            ],
        }),
    }
}

/// Step 4's figure: the busiest and quietest server's keys after the
/// change and their spread, at a few points and at the many the question
/// asks about (the words name the servers).
fn points_table(at: &Measured) -> Table {
    let (few, many) = (at.few, at.many);
    let mut columns = vec![(few, None)];
    if many.settings.points > FEW_POINTS {
        columns.push((many, Some(QuestionId::Busiest)));
    } else {
        columns[0].1 = Some(QuestionId::Busiest);
    }
    let mut head = vec![String::new()];
    let mut rows = vec![
        vec![cell("Busiest")],
        vec![cell("Quietest")],
        vec![cell("Spread")],
    ];
    for (s, tells) in columns {
        head.push(format!("{} points", s.settings.points));
        let spread = s.spread_after();
        let says = |text: String| match tells {
            Some(id) => telling(id, text),
            None => cell(text),
        };
        rows[0].push(says(thousands(u64::from(spread.busiest))));
        rows[1].push(cell(thousands(u64::from(spread.quietest))));
        rows[2].push(says(format_ratio(spread.ratio())));
    }
    Table {
        caption: format!(
            "Keys per server after the change, of {}; an even share is {:.1}",
            thousands(few.key_count() as u64),
            few.key_count() as f64 / few.after.len().max(1) as f64
        ),
        head,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Settings, Valid};

    fn snapshot(points: u16) -> Snapshot {
        let settings = Settings {
            points,
            ..Settings::default()
        };
        Snapshot::of(&Valid::new(settings).unwrap())
    }

    #[test]
    fn every_question_is_asked_by_one_step_in_the_questions_order() {
        let steps: Vec<usize> = QuestionId::ALL
            .iter()
            .map(|&id| LessonStep::asking(id).unwrap().number())
            .collect();
        assert_eq!(steps, vec![1, 3, 4, 5, 6, 7]);
        for step in LessonStep::ALL {
            if let Some(id) = step.question() {
                assert_eq!(LessonStep::asking(id), Some(step));
            }
        }
    }

    #[test]
    fn the_steps_go_in_order_and_name_their_rings() {
        assert_eq!(LessonStep::Question.next(), Some(LessonStep::Played));
        assert_eq!(LessonStep::Failing.next(), Some(LessonStep::Between));
        assert_eq!(LessonStep::Cost.next(), None);
        assert_eq!(LessonStep::Question.previous(), None);
        assert_eq!(
            LessonStep::ALL.map(LessonStep::number),
            [1, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(
            LessonStep::ALL.map(LessonStep::figure),
            [
                Figure::Before,
                Figure::After,
                Figure::After,
                Figure::After,
                Figure::Down,
                Figure::After,
                Figure::After,
            ]
        );
        for step in LessonStep::ALL {
            assert_eq!(LessonStep::from_id(step.as_str()), Some(step));
        }
    }

    #[test]
    fn every_number_in_the_words_is_measured() {
        let (few, many) = (snapshot(FEW_POINTS), snapshot(200));
        let failure = many.measure_failure();
        let at = Measured {
            few: &few,
            many: &many,
            failure: &failure,
            schemes: None,
        };
        let say = |step| words(step, &at, QuestionSet::NONE);
        // The question does not give its answer away.
        let moved = thousands(few.moved_by_owner_diff as u64);
        assert!(!say(LessonStep::Question).contains(&format!(" {moved} ")));
        assert!(!say(LessonStep::Question).contains(" 205 "));
        assert!(say(LessonStep::Played).contains(&format!("{moved} of 1,000 keys change server")));
        // DEFINITIONS §2: 205 at 200 points.
        assert!(say(LessonStep::Played).contains("At 200 points a server the 205 keys that moved"));
        assert!(say(LessonStep::Question).contains("one of a server's 200 points"));
        assert!(say(LessonStep::Played).contains("every one to echo"));
        // DEFINITIONS §2: modulo moves 773 whatever the points.
        assert!(say(LessonStep::Modulo).contains("773 of 1,000 keys would move (77.3%)"));
        // DEFINITIONS §2: at 200 points, 228 against 179 after the join, spread 1.27.
        assert!(
            say(LessonStep::Points).contains("bravo's 228 against delta's 179, a spread of 1.27")
        );
        let at_few = few.spread_after();
        assert!(say(LessonStep::Points).contains(&format!(
            "busiest server, {}, holds {} keys and the quietest, {}, {}",
            few.name(at_few.busiest_id),
            at_few.busiest,
            few.name(at_few.quietest_id),
            at_few.quietest
        )));
        // DEFINITIONS §12: alpha down, 194 rerouted, delta gains most with 56.
        assert!(say(LessonStep::Failing).contains("Its 194 keys"));
        assert!(say(LessonStep::Failing).contains("gains most, delta, takes 56 more keys"));
        // At a few points the change moves keys in clumps, fewer or more than an even share.
        assert!(few.moved_by_owner_diff > 0 && few.moved_by_owner_diff < 1000);
    }

    #[test]
    fn a_ring_already_at_a_few_points_is_asked_to_drag_up() {
        let few = snapshot(FEW_POINTS);
        let failure = few.measure_failure();
        let at = Measured {
            few: &few,
            many: &few,
            failure: &failure,
            schemes: None,
        };
        assert!(
            words(LessonStep::Points, &at, QuestionSet::NONE).contains("Drag the points slider up")
        );
    }

    /// The schemes as the worker reports them.
    fn rows_of(schemes: &[crate::schemes::SchemeResult]) -> Vec<SchemeRow> {
        let row = |result: &crate::schemes::SchemeResult| SchemeRow {
            result: result.clone(),
            lookup: None,
        };
        schemes.iter().map(row).collect()
    }

    /// Whether `form` stands as a figure of its own in `text`.
    fn shows(text: &str, form: &str) -> bool {
        let spaced = format!(" {text} ");
        [" ", "(", ","].iter().any(|before| {
            [" ", ",", ".", ")", ":"]
                .iter()
                .any(|after| spaced.contains(&format!("{before}{form}{after}")))
        })
    }

    /// Every cell of a step's figure that shows while `held` waits.
    fn shown_cells(table: &Option<Table>, held: QuestionSet) -> Vec<String> {
        let Some(table) = table else {
            return Vec::new();
        };
        let rows = table.rows.iter().flatten();
        rows.filter(|c| !c.tells.is_some_and(|id| held.holds(id)))
            .map(|c| c.text.clone())
            .collect()
    }

    #[test]
    fn a_step_whose_question_waits_says_nothing_of_its_answer() {
        let (few, many) = (snapshot(FEW_POINTS), snapshot(200));
        let failure = many.measure_failure();
        let schemes = many.measure_schemes();
        let rows = rows_of(&schemes);
        let at = Measured {
            few: &few,
            many: &many,
            failure: &failure,
            schemes: Some(&rows),
        };
        let asked: Vec<_> = QuestionId::ALL
            .map(|id| crate::questions::Question {
                gives: crate::questions::gives(id, &many, &failure),
                ..crate::questions::question(id, &many, &schemes, &failure)
            })
            .into();
        for (place, step) in LessonStep::ALL.into_iter().enumerate() {
            // Arrived at a step, the questions of the steps before it are
            // answered, and its own and every later one waits.
            let held = LessonStep::ALL[..place]
                .iter()
                .filter_map(|s| s.question())
                .fold(QuestionSet::ALL, QuestionSet::without);
            let said = words(step, &at, held);
            let cells = shown_cells(&table(step, &at), held);
            for q in asked.iter().filter(|q| held.holds(q.id)) {
                for form in &q.gives {
                    assert!(!shows(&said, form), "{step:?} gives {form} away: {said}");
                    for text in &cells {
                        assert!(!shows(text, form), "{step:?}'s figure gives {form}: {text}");
                    }
                }
            }
            // Answered, it tells, in its words and its figure.
            let Some(id) = step.question() else { continue };
            assert!(step.asks(held) && !step.asks(held.without(id)));
            let told = words(step, &at, held.without(id));
            let q = &asked[id as usize];
            let told_cells = shown_cells(&table(step, &at), held.without(id)).join(" ");
            if id != QuestionId::Moved {
                assert!(told.len() > said.len(), "{step:?}: {told}");
            }
            assert!(
                step == LessonStep::Question
                    || q.gives.is_empty()
                    || q.gives
                        .iter()
                        .any(|form| shows(&told, form) || shows(&told_cells, form)),
                "{step:?} never tells: {told} / {told_cells}"
            );
        }
        // On paper every question waits until the last page: no step's
        // words or shown cells give any answer away.
        for step in LessonStep::ALL {
            let said = words(step, &at, QuestionSet::ALL);
            let cells = shown_cells(&table(step, &at), QuestionSet::ALL);
            for form in asked.iter().flat_map(|q| &q.gives) {
                assert!(
                    !shows(&said, form),
                    "on paper {step:?} gives {form}: {said}"
                );
                assert!(
                    !cells.iter().any(|c| shows(c, form)),
                    "on paper {step:?}'s figure gives {form}"
                );
            }
        }
        // "between" has no figure as an answer: which schemes, by name.
        let moving = schemes
            .iter()
            .find(|r| r.movement.moved_between > 0)
            .unwrap();
        let held = QuestionSet::ALL.without(QuestionId::Moved);
        assert!(!words(LessonStep::Between, &at, held).contains(moving.id.title()));
        assert!(words(LessonStep::Between, &at, QuestionSet::NONE).contains(moving.id.title()));
        // At a few points the busiest question is asked there.
        let lumpy = Measured { many: &few, ..at };
        let said = words(LessonStep::Points, &lumpy, QuestionSet::ALL);
        let busiest = few.spread_after().busiest.to_string();
        assert!(!shows(&said, &busiest), "{said}");
        for text in shown_cells(&table(LessonStep::Points, &lumpy), QuestionSet::ALL) {
            assert!(!text.contains(&busiest), "{text}");
        }
    }

    #[test]
    fn every_step_after_the_ring_has_its_figure() {
        let many = snapshot(200);
        let (few, failure) = (snapshot(FEW_POINTS), many.measure_failure());
        let schemes = many.measure_schemes();
        let rows = rows_of(&schemes);
        let at = Measured {
            few: &few,
            many: &many,
            failure: &failure,
            schemes: Some(&rows),
        };
        for step in LessonStep::ALL {
            let figure = table(step, &at);
            assert_eq!(
                figure.is_some(),
                step.own_figure(),
                "{step:?}: the ring is the figure of steps 1 and 2 only"
            );
            for row in figure.iter().flat_map(|t| &t.rows) {
                assert_eq!(row.len(), figure.as_ref().unwrap().head.len(), "{step:?}");
            }
        }
        // DEFINITIONS §12: modulo 773 of 1,000, alpha down reroutes 194, delta gains 56.
        let cells = |step| {
            let rows = table(step, &at).unwrap().rows;
            rows.into_iter()
                .flatten()
                .map(|c| c.text)
                .collect::<Vec<_>>()
        };
        assert!(cells(LessonStep::Modulo).contains(&"773".to_string()));
        assert!(cells(LessonStep::Failing).contains(&"194".to_string()));
        assert!(cells(LessonStep::Failing).contains(&"56".to_string()));
        assert!(cells(LessonStep::Points).contains(&"228".to_string()));
        assert!(
            cells(LessonStep::Cost).contains(&"5.9 h".to_string()),
            "{:?}",
            cells(LessonStep::Cost)
        );
        assert_eq!(
            table(LessonStep::Between, &at).unwrap().rows.len(),
            schemes.len()
        );
        // The schemes' column is all answer: shown once told, not as a column of "?".
        let between = table(LessonStep::Between, &at).unwrap();
        assert!(!between.shows_while(QuestionSet::ALL) && between.shows_while(QuestionSet::NONE));
        assert!(table(LessonStep::Modulo, &at)
            .unwrap()
            .shows_while(QuestionSet::ALL));
        // Until the worker has measured the schemes, the step has words and no figure.
        let waiting = Measured {
            schemes: None,
            ..at
        };
        assert!(table(LessonStep::Between, &waiting).is_none());
    }
}
