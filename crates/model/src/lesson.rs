//! The lesson the page opens on (DEFINITIONS §21): five steps beside the
//! page's ring, each a few sentences worded here from snapshots, so every
//! number in them is measured. The ring asks its question at the page's
//! points; the change is then played at a few points per server, where the
//! moved keys sit in clumps beside the newcomer's ticks, and the fourth step
//! goes back to many points and says why.

use crate::failures::Failure;
use crate::format::{format_ratio, percent, thousands};
use crate::questions::{Held, QuestionId};
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
}

impl LessonStep {
    pub const ALL: [LessonStep; 5] = [
        LessonStep::Question,
        LessonStep::Played,
        LessonStep::Modulo,
        LessonStep::Points,
        LessonStep::Failing,
    ];

    /// Its id: `data-lesson-step` on the page.
    pub fn as_str(self) -> &'static str {
        match self {
            LessonStep::Question => "question",
            LessonStep::Played => "played",
            LessonStep::Modulo => "modulo",
            LessonStep::Points => "points",
            LessonStep::Failing => "failing",
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
        }
    }

    /// Whether the step's question waits in `held`.
    pub fn asks(self, held: Held) -> bool {
        self.question().is_some_and(|id| held.holds(id))
    }

    pub fn figure(self) -> Figure {
        match self {
            LessonStep::Question => Figure::Before,
            LessonStep::Failing => Figure::Down,
            _ => Figure::After,
        }
    }
}

/// The change in a sentence's words: "echo joins", "alpha leaves", "the deploy".
fn change(s: &Snapshot) -> String {
    s.change_phrase()
}

/// The step's sentences. `few` is the page's settings at `FEW_POINTS`,
/// `many` at the points the lesson began with; `failure` is `many`
/// measured with its down servers (the last step's). While a question in
/// `held` waits, no sentence that gives its answer is said: a step whose
/// own question waits stops before its answer (the page asks the question
/// under them), and a sentence of another step that would tell a waiting
/// answer waits whole.
pub fn words(
    step: LessonStep,
    few: &Snapshot,
    many: &Snapshot,
    failure: &Failure,
    held: Held,
) -> String {
    let keys = few.key_count();
    let k = thousands(keys as u64);
    match step {
        LessonStep::Question => format!(
            "Each dot is one of {k} keys, each tick one of a server's {} points on the ring. A key belongs to the first tick clockwise from it, and takes its colour. Now {}: guess how many keys will change server, then go on.",
            many.settings.points,
            change(many)
        ),
        LessonStep::Played => {
            let moved = few.moved_by_owner_diff;
            let whose = match (few.changed, few.is_join()) {
                (Some(changed), true) => format!(
                    "every one to {}: the keys just before its {FEW_POINTS} new ticks, in clumps beside them",
                    few.name(changed)
                ),
                (Some(changed), false) => format!(
                    "every one from {}, each to the next tick clockwise",
                    few.name(changed)
                ),
                (None, _) => "into the newcomers' arcs and out of the leavers'".to_string(),
            };
            format!(
                "At {} points a server the {} keys that moved are ringed all round the ring, too many to follow. Here at {FEW_POINTS}: when {}, {} of {k} keys change server ({}), {whose}. Every other key stays where it was: that is what consistent means here.",
                many.settings.points,
                thousands(many.moved_by_owner_diff as u64),
                change(few),
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
        LessonStep::Points => {
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
        LessonStep::Failing => {
            let down = many.settings.down_servers().join(" and ");
            // The survivor that gains most, by name: the first of equals.
            let (gainer, most) = failure
                .received
                .iter()
                .enumerate()
                .fold((0, 0), |best, (at, &got)| if got > best.1 { (at, got) } else { best });
            let gainer = many.names.get(gainer).map_or("", String::as_str);
            let setup = format!(
                "Now say {down} fails. Its {} keys, crossed on the ring, each go on to the next live tick clockwise. With {} points those ticks belong to every other server, so the load spreads over {} survivors",
                thousands(failure.rerouted as u64),
                many.settings.points,
                failure.receivers(),
            );
            if held.holds(QuestionId::Failover) {
                return format!("{setup}.");
            }
            format!(
                "{setup}, and the one that gains most, {gainer}, takes {} more keys.",
                thousands(u64::from(most)),
            )
        }
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
    fn the_steps_go_in_order_and_name_their_rings() {
        assert_eq!(LessonStep::Question.next(), Some(LessonStep::Played));
        assert_eq!(LessonStep::Failing.next(), None);
        assert_eq!(LessonStep::Question.previous(), None);
        assert_eq!(LessonStep::ALL.map(LessonStep::number), [1, 2, 3, 4, 5]);
        assert_eq!(
            LessonStep::ALL.map(LessonStep::figure),
            [
                Figure::Before,
                Figure::After,
                Figure::After,
                Figure::After,
                Figure::Down
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
        let say = |step| words(step, &few, &many, &failure, Held::NONE);
        // The question does not give its answer away.
        let moved = thousands(few.moved_by_owner_diff as u64);
        assert!(!say(LessonStep::Question).contains(&format!(" {moved} ")));
        assert!(!say(LessonStep::Question).contains(" 205 "));
        assert!(say(LessonStep::Played).contains(&format!("{moved} of 1,000 keys change server")));
        // SPEC §2: 205 at 200 points.
        assert!(say(LessonStep::Played).contains("At 200 points a server the 205 keys that moved"));
        assert!(say(LessonStep::Question).contains("one of a server's 200 points"));
        assert!(say(LessonStep::Played).contains("every one to echo"));
        // SPEC §2: modulo moves 773 whatever the points.
        assert!(say(LessonStep::Modulo).contains("773 of 1,000 keys would move (77.3%)"));
        // SPEC §2: at 200 points, 228 against 179 after the join, spread 1.27.
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
        assert!(words(LessonStep::Points, &few, &few, &failure, Held::NONE)
            .contains("Drag the points slider up"));
    }

    #[test]
    fn a_step_whose_question_waits_says_nothing_of_its_answer() {
        let (few, many) = (snapshot(FEW_POINTS), snapshot(200));
        let failure = many.measure_failure();
        let schemes = many.measure_schemes();
        for step in LessonStep::ALL {
            let Some(id) = step.question() else { continue };
            assert!(step.asks(Held::ALL) && !step.asks(Held::ALL.without(id)));
            let asked = crate::questions::Question {
                gives: crate::questions::gives(id, &many, &failure),
                ..crate::questions::question(id, &many, &schemes, &failure)
            };
            // Every question the lesson has not reached yet waits too.
            let said = words(
                step,
                &few,
                &many,
                &failure,
                Held::ALL.without(QuestionId::Moved),
            );
            for form in &asked.gives {
                let spaced = format!(" {said} ");
                for bounded in [" ", "(", ","] {
                    assert!(
                        !spaced.contains(&format!("{bounded}{form} "))
                            && !spaced.contains(&format!("{bounded}{form},"))
                            && !spaced.contains(&format!("{bounded}{form}."))
                            && !spaced.contains(&format!("{bounded}{form})")),
                        "{step:?} gives {form} away: {said}"
                    );
                }
            }
            // Answered, it tells.
            let told = words(step, &few, &many, &failure, Held::NONE);
            assert!(
                step == LessonStep::Question || asked.gives.iter().any(|form| told.contains(form)),
                "{step:?}: {told}"
            );
        }
        // At a few points the busiest question is asked there.
        let held = words(LessonStep::Points, &few, &few, &failure, Held::ALL);
        assert!(
            !held.contains(&few.spread_after().busiest.to_string()),
            "{held}"
        );
    }
}
