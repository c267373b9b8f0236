//! The lesson the page opens on (DEFINITIONS §21): seven numbered steps in
//! the ring's panel that ask the six questions in turn, worded by
//! `model::lesson`, each beside the figure it talks about (the ring, then
//! the step's own table). A step sets what the ring shows, as a reader
//! could with the controls: the change played at a few points per server,
//! then back to the many the page began with, then a server down. "Next"
//! goes on; after the last, the lab. The handout prints the same steps
//! (`panels::predict`).

use leptos::prelude::*;

use crate::app::panels::failure::FailureView;
use crate::app::panels::predict::{given, question_box, settings_query, skip, AskInStep, Guesses};
use crate::app::patch::{markup, Holder};
use crate::app::state::{measured_at, Model};
use crate::render::lesson::step_table;
use crate::render::markup::Markup;
use model::lecture::lesson_points;
use model::lesson::{table, words, Figure, LessonStep, Measured, FEW_POINTS};
use model::questions::{QuestionId, QuestionSet};

/// The step shown, kept as its place in `LessonStep::ALL`: a signal of a
/// type the page already compiles (a signal of a new type brings about
/// 1.3 KB of wasm of its own).
#[derive(Clone, Copy)]
pub struct StepShown(RwSignal<usize>);

impl StepShown {
    pub fn get(self) -> LessonStep {
        LessonStep::ALL[self.0.get()]
    }
    pub fn get_untracked(self) -> LessonStep {
        LessonStep::ALL[self.0.get_untracked()]
    }
    fn set(self, step: LessonStep) {
        self.0.set(step.number() - 1);
    }
    fn track(self) {
        self.0.track();
    }
}

/// Points the lesson waits for or comes back to, stored as the page's
/// other stored numbers are (for its bytes); 0, which no ring has, for none.
type PointsStore = StoredValue<u32>;

/// What the step shown says: its words (escaped) and its figure's markup,
/// from the page's snapshot and, on the two steps that cite the other
/// point count, a snapshot at it; "between" also reads the schemes the
/// worker measured for the page's settings. One memo for both, kept as a
/// list of the two (a memo of a type the page already compiles).
fn said(
    model: Model,
    step: StepShown,
    many: PointsStore,
    at_change: impl Fn() -> bool + Send + Sync + 'static,
) -> Memo<Vec<String>> {
    // The ring shows one of the lesson's two point counts at each step (a
    // few, or the many it began with); the words need the other too, for
    // the change at many points (step 2) and the spread at a few (step 4).
    // Measured only then: the first screen and step 3 pay nothing.
    let other = Memo::new(move |_| {
        let points = match step.get() {
            LessonStep::Played => many.get_value() as u16,
            LessonStep::Points => FEW_POINTS,
            _ => return None,
        };
        Some(model.settings.with(|page| measured_at(page, points)))
    });
    Memo::new(move |_| {
        let now = step.get();
        model.snapshot.with(|page| {
            other.with(|other| {
                let page = &page.0;
                let other = other.as_ref().map_or(page, |other| &other.0);
                let (few, many) = if now.few_points() {
                    (page, other)
                } else {
                    (other, page)
                };
                let failure = if now == LessonStep::Failing {
                    page.measure_failure()
                } else {
                    page.failure_none()
                };
                // The change played waits for the ring to show it (a
                // slide's, for Space): its count with it.
                let held = QuestionSet(model.asks.get());
                let held = if now == LessonStep::Played && !at_change() {
                    held.with(QuestionId::Moved)
                } else {
                    held
                };
                let write = |schemes: Option<&[model::report::SchemeRow]>| {
                    let at = Measured {
                        few,
                        many,
                        failure: &failure,
                        schemes,
                    };
                    // The figure, where it shows more than its question's
                    // "?" (the schemes' column is all answer: it comes once told).
                    let figure = table(now, &at).filter(|t| t.shows_while(held));
                    vec![
                        escape_words(&words(now, &at, held)),
                        figure.map_or_else(String::new, |t| step_table(&t, true)),
                    ]
                };
                if now != LessonStep::Between {
                    return write(None);
                }
                // The schemes the worker measured for these settings, once it has.
                let query = settings_query(page);
                model.with_part(
                    |r| r.schemes.as_ref(),
                    |rows| {
                        write(
                            rows.filter(|rows| rows.query == query)
                                .map(|rows| rows.value.as_slice()),
                        )
                    },
                )
            })
        })
    })
}

/// Run `then` once, when the ring next shows the points `pending` holds
/// (a step's edit lands in the next frame) and the step's words are
/// written for them.
fn once_the_ring_shows(
    model: Model,
    step: StepShown,
    pending: PointsStore,
    then: impl Fn() + 'static,
) {
    Effect::new(move |_| {
        let points = model.snapshot.with(|m| m.0.settings.points);
        step.track();
        if pending.get_value() == u32::from(points) {
            pending.set_value(0);
            then();
        }
    });
}

/// Which step the lesson shows, and what taking a step does: made once for
/// the page (`app::provide_parts`), so presenter mode's slides take the
/// same steps as the lesson's buttons.
#[derive(Clone, Copy)]
pub struct Lesson {
    pub step: StepShown,
    /// The many points the lesson comes back to: the page's own, the last
    /// time it had more than a few.
    many: PointsStore,
    /// The change is played, and the step brought into view, once the
    /// ring shows these points.
    play_pending: PointsStore,
    show_pending: PointsStore,
    /// On a slide, the change waits for Space: the ring shows the stage
    /// before it once it shows these points.
    before_pending: PointsStore,
    /// 1 when the step taken should put focus in its question's box
    /// ("Guess first" sent the reader there to answer).
    focus_question: PointsStore,
    failure_view: FailureView,
}

impl Lesson {
    pub fn new(model: Model, failure_view: FailureView) -> Lesson {
        let points = model.settings.with_untracked(|s| s.points);
        Lesson {
            step: StepShown(RwSignal::new(0)),
            many: StoredValue::new(u32::from(lesson_points(LessonStep::Question, points))),
            play_pending: StoredValue::new(0),
            show_pending: StoredValue::new(0),
            before_pending: StoredValue::new(0),
            focus_question: StoredValue::new(0),
            failure_view,
        }
    }

    /// Take step `to`: its points and overlay on the ring, as a reader
    /// could with the controls; moving on answers the ring's question.
    /// On a slide (`on_slide`) the change is not played on arrival: the
    /// ring waits at the stage before it, for Space.
    pub fn go(self, model: Model, to: LessonStep, on_slide: bool) {
        self.take(model, to, on_slide, !on_slide);
    }

    /// `go`, answering the questions of the steps before `to` when
    /// `pass_answers`: on the page a reader who steps past a question has
    /// moved on, as "Just show me" does. A slide passed by → leaves its
    /// question waiting for the class, so ← comes back to it still asking,
    /// and the index ("Guess first") leaves the others as they were; the
    /// later steps hold their answers meanwhile. The ring's own question
    /// is answered by moving past it either way.
    fn take(self, model: Model, to: LessonStep, on_slide: bool, pass_answers: bool) {
        // Past the first step the ring shows the change itself (its
        // crosses, its stages), which answers the ring's question: moving
        // on answers it everywhere.
        let past = LessonStep::ALL.into_iter().take_while(|&step| step != to);
        let passed = |id: &QuestionId| pass_answers || *id == QuestionId::Moved;
        for id in past.filter_map(LessonStep::question).filter(passed) {
            if model.holds_untracked(id) {
                skip(model, id);
            }
        }
        let now = model.settings.with_untracked(|s| s.points);
        if now > FEW_POINTS {
            self.many.set_value(u32::from(now));
        }
        let points = if to.few_points() {
            FEW_POINTS
        } else {
            self.many.get_value() as u16
        };
        if to == LessonStep::Played {
            let pending = if on_slide {
                self.before_pending
            } else {
                self.play_pending
            };
            pending.set_value(u32::from(points));
        }
        if now != points {
            let _ = model.try_change_keeping_questions(|s| s.points = points);
        }
        self.failure_view.shown.set(to.figure() == Figure::Down);
        self.step.set(to);
        self.show_pending.set_value(u32::from(points));
    }

    /// Take the step that asks `id`, and put focus in its box: "Guess
    /// first" is the lesson's index, and a question is answered beside
    /// its figure.
    pub fn ask(self, model: Model, id: QuestionId) {
        if let Some(step) = LessonStep::asking(id) {
            self.focus_question.set_value(1);
            self.take(model, step, false, false);
        }
    }
}

/// The steps, under the ring's legend side: where a phone shows them right
/// under the ring, and a laptop beside it. `replay` plays the ring's change
/// again; `before_the_change` shows the stage before it (a slide's);
/// `at_change` says whether the ring shows the change itself; `stepper`
/// is the ring's stage controls, shown inside the steps whose figure is the
/// ring.
pub fn lesson_steps<S: IntoView>(
    replay: impl Fn() + Copy + Send + Sync + 'static,
    before_the_change: impl Fn() + Copy + Send + Sync + 'static,
    at_change: impl Fn() -> bool + Send + Sync + 'static,
    stepper: impl FnOnce() -> S,
) -> impl IntoView {
    let model = expect_context::<Model>();
    let lesson = expect_context::<Lesson>();
    let step = lesson.step;
    let lesson_box = NodeRef::<leptos::html::Div>::new();
    // The change is played once the ring shows the few points of step 2.
    once_the_ring_shows(model, step, lesson.play_pending, replay);
    once_the_ring_shows(model, step, lesson.before_pending, before_the_change);
    show_the_step_with_its_figure(model, lesson, lesson_box);
    let go = move |to: LessonStep| lesson.go(model, to, false);
    ask_in_a_step_when_asked(model, lesson);
    let said = said(model, step, lesson.many, at_change);
    // The step's own question, while it waits or once answered here for
    // these settings (to show the reader's guess beside the answer); a
    // memo, so a slider step keeps the box and what is typed in it.
    // Kept as its place in `QuestionId::ALL` plus one, 0 for none: a memo
    // of a type the page already compiles (a new one is about 1 KB).
    let asked_here = Memo::new(move |_| {
        let now = step.get();
        now.question()
            .filter(|&id| {
                Guesses::track();
                model.holds(id)
                    || model
                        .snapshot
                        .with(|m| given(id, &settings_query(&m.0)).is_some())
            })
            .map_or(0, |id| id as usize + 1)
    });
    let heading = move || {
        let now = step.get();
        format!(
            "Lesson {} of {}: {}",
            now.number(),
            LessonStep::ALL.len(),
            now.title()
        )
    };
    let next = move |_| match step.get_untracked().next() {
        Some(to) => go(to),
        None => crate::app::reach::go_to("lab".to_string()),
    };
    view! {
        <div class="lesson" node_ref=lesson_box role="group" aria-labelledby="lesson-step-title" data-lesson-step=move || step.get().as_str()
            data-own-figure=move || step.get().own_figure().then_some("")>
            <h3 id="lesson-step-title" class="lesson-step">{heading}</h3>
            {markup(Holder::Lead, move || said.with(|parts| parts[0].clone()))}
            {markup(Holder::Block, move || said.with(|parts| parts[1].clone()))}
            // The step's own question, asked here beside its words, and
            // revealed here once answered.
            {move || {
                let id = QuestionId::ALL.get(asked_here.get().checked_sub(1)?).copied()?;
                Some(untrack(|| question_box(model, id, "lesson-")))
            }}
            // The ring's stages, stepped within a step whose figure is the
            // ring; a step with a figure of its own has none.
            <div class="lesson-stages" hidden=move || step.get().own_figure()>{stepper()}</div>
            <div class="lesson-nav">
                <button type="button" data-lesson-back
                    disabled=move || step.get().previous().is_none()
                    on:click=move |_| {
                        if let Some(to) = step.get_untracked().previous() {
                            go(to);
                        }
                    }>"Back"</button>
                <button type="button" data-lesson-next on:click=next>
                    {move || match step.get().next() {
                        Some(to) => format!("Next: {}", to.title()),
                        None => "On to the lab".to_string(),
                    }}
                </button>
            </div>
        </div>
    }
}

/// Once the ring shows a step's settings: the ring and the step, both in
/// view (a longer step may have pushed them apart), and the step's guess
/// box focused if the reader was sent here to answer.
fn show_the_step_with_its_figure(
    model: Model,
    lesson: Lesson,
    lesson_box: NodeRef<leptos::html::Div>,
) {
    let lesson_focus = lesson.focus_question;
    // The step's box takes no focus, so it stays on the button pressed.
    once_the_ring_shows(model, lesson.step, lesson.show_pending, move || {
        request_animation_frame(move || {
            // A step with a figure of its own shows that beside its
            // words; the ring is the figure of the others.
            let ring = (!lesson.step.get_untracked().own_figure())
                .then(|| crate::dom::find("#ring canvas"))
                .flatten();
            if let Some(lesson) = lesson_box.get_untracked() {
                crate::dom::show_and_focus(ring, &lesson);
                // Sent here to answer: focus in the box, now in view.
                if lesson_focus.get_value() == 1 {
                    lesson_focus.set_value(0);
                    let guess = crate::dom::find_in(
                        &lesson,
                        "[data-question] input, [data-question] .count-it",
                    );
                    if let Some(guess) = guess.and_then(crate::dom::html) {
                        crate::dom::show_and_focus(None, &guess);
                    }
                }
            }
        });
    });
}

/// "Guess first" asks for a question's step: the lesson goes there.
fn ask_in_a_step_when_asked(model: Model, lesson: Lesson) {
    let AskInStep(asked) = expect_context::<AskInStep>();
    Effect::new(move |_| {
        if let Some(&id) = asked
            .get()
            .checked_sub(1)
            .and_then(|at| QuestionId::ALL.get(at))
        {
            asked.set(0);
            lesson.ask(model, id);
        }
    });
}

/// The words, escaped for markup.
fn escape_words(text: &str) -> String {
    let mut m = Markup::new();
    m.text(text);
    m.into_string()
}
