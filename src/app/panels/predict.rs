//! "Guess first" (DEFINITIONS §12): the page asks before it tells. One question at
//! a time, worded from the current settings; the reader types a guess (or
//! ticks schemes) and the reveal puts the guess, the measured figure and the
//! rule's reference on one number line, with one sentence on why. An answer
//! belongs to the settings it was given for and is kept for the tab.

use leptos::prelude::*;

use crate::app::panels::{markup, Holder};
use crate::app::print::Handout;
use crate::app::session::storage;
use crate::app::state::{measured_at, Model};
use crate::render::lesson::step_table;
use crate::render::markup::Markup;
use model::lesson::{table, words, LessonStep, Measured, FEW_POINTS};
use model::placements::PlacementId;
use model::query;
use model::questions::{self, read_guess, Answer, Question, QuestionId, QuestionSet};
use model::Snapshot;

/// Bumped whenever the reader answers a question: the answers are kept in
/// session storage, so what shows one (the headline, the ring's caption)
/// tracks this to read them again.
#[derive(Clone, Copy)]
pub struct Guesses(RwSignal<u32>);

impl Default for Guesses {
    fn default() -> Guesses {
        Guesses(RwSignal::new(0))
    }
}

impl Guesses {
    /// Read again after each answer.
    pub fn track() {
        if let Some(guesses) = use_context::<Guesses>() {
            guesses.0.track();
        }
    }
}

/// The reader's answer to a question for one set of settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    Guessed(String),
    Skipped,
}

fn storage_key(id: QuestionId, settings_query: &str) -> String {
    format!("ringcount:answer:{}:{settings_query}", id.as_str())
}

/// What the reader gave for question `id` under these settings, if anything
/// (kept in this tab's session storage, never sent anywhere).
pub fn given(id: QuestionId, settings_query: &str) -> Option<Given> {
    let value = storage()?
        .get_item(&storage_key(id, settings_query))
        .ok()??;
    match value.strip_prefix("guess:") {
        Some(guess) => Some(Given::Guessed(guess.to_string())),
        None => Some(Given::Skipped),
    }
}

/// Where the reader's last guess at a question is kept, with its settings.
fn last_guess_key(id: QuestionId) -> String {
    format!("ringcount:last-guess:{}", id.as_str())
}

/// The reader's last guess at `id` when it was made for other settings, as
/// a note under the question that these settings ask afresh.
fn earlier_guess(id: QuestionId, settings_query: &str) -> Option<String> {
    let stored = storage()?.get_item(&last_guess_key(id)).ok()??;
    let (then, guess) = stored.split_once('\n')?;
    if then == settings_query {
        return None;
    }
    let mut html = Markup::new();
    html.element(
        "p",
        &[
            ("class", Some("earlier-guess")),
            ("data-earlier-guess", Some(guess)),
        ],
        &format!(
            "Your guess of {guess} was for {}; these settings ask afresh.",
            query::what_differs(then, settings_query)
        ),
    );
    Some(html.into_string())
}

fn keep(model: Model, id: QuestionId, settings_query: &str, given: &Given) {
    let value = match given {
        Given::Guessed(guess) => format!("guess:{guess}"),
        Given::Skipped => "skipped".to_string(),
    };
    if let Some(storage) = storage() {
        let _ = storage.set_item(&storage_key(id, settings_query), &value);
        if let Given::Guessed(guess) = given {
            let _ = storage.set_item(&last_guess_key(id), &format!("{settings_query}\n{guess}"));
        }
    }
    crate::app::asking::note_asked(id);
    model.release(QuestionSet::NONE.with(id));
    if let Some(guesses) = use_context::<Guesses>() {
        guesses.0.update(|n| *n += 1);
    }
}

/// "Just show me" for the headline's question, from the ring panel.
pub fn skip_headline(model: Model) {
    skip(model, QuestionId::Moved);
}

/// Question `id` waiting again, as if never answered here: presenter
/// mode's ↑ after the Space that told it.
pub fn ask_again(model: Model, id: QuestionId) {
    let query = model.snapshot.with_untracked(|m| settings_query(&m.0));
    if let Some(storage) = storage() {
        let _ = storage.remove_item(&storage_key(id, &query));
    }
    crate::app::asking::forget_asked(id);
    model
        .asks
        .update(|held| *held = QuestionSet(*held).with(id).0);
    if let Some(guesses) = use_context::<Guesses>() {
        guesses.0.update(|n| *n += 1);
    }
}

/// "Just show me" for question `id`, from outside its own box: a lesson
/// step moved past, or a panel's "Show the figures".
pub fn skip(model: Model, id: QuestionId) {
    let query = model.snapshot.with_untracked(|m| settings_query(&m.0));
    keep(model, id, &query, &Given::Skipped);
}

/// The address of these settings, without view parameters, and the
/// reader's own keys if in use: what an answer belongs to.
pub fn settings_query(s: &Snapshot) -> String {
    query::identity(&s.settings)
}

/// The question `id` for the snapshot this panel shows; None until the
/// worker has answered it for these settings.
fn current(model: Model, id: QuestionId) -> Option<Question> {
    model.snapshot.with(|m| {
        model.with_part(
            |r| r.questions.as_ref(),
            |answered| {
                let answered = answered.filter(|a| a.query == settings_query(&m.0))?;
                answered.iter().find(|q| q.id == id).cloned()
            },
        )
    })
}

/// A request to the lesson to take the step that asks a question, focus in
/// its box (`lesson::Lesson::ask`): the question's place in
/// `QuestionId::ALL` plus one, 0 for none. A signal of a type the page
/// already compiles, given as context, since the lesson reads this panel.
#[derive(Clone, Copy)]
pub struct AskInStep(pub RwSignal<usize>);

pub fn predict_panel() -> impl IntoView {
    let model = expect_context::<Model>();
    let only = crate::app::layout::layout().only_question;
    let index = RwSignal::new(0usize);
    let all = QuestionId::ALL;
    let shown = move || only.unwrap_or(all[index.get().min(all.len() - 1)]);
    let nav = only.is_none().then(|| {
        view! {
            <div class="question-nav">
                <button id="question-back" disabled=move || index.get() == 0 on:click=move |_| index.update(|i| *i = i.saturating_sub(1))>"◀ Back"</button>
                <span aria-live="polite">{move || format!("Question {} of {}", index.get() + 1, all.len())}</span>
                <button id="question-next" disabled=move || index.get() + 1 == all.len() on:click=move |_| index.update(|i| *i = (*i + 1).min(all.len() - 1))>"Next ▶"</button>
            </div>
        }
    });
    // On the page the questions are the lesson's, each asked in its step
    // beside its figure: this panel is their index, and leads there.
    let in_lesson = (only.is_none() && crate::app::layout::shown_here(model::panels::PanelId::Ring)).then(|| {
        let AskInStep(ask) = expect_context::<AskInStep>();
        view! {
            <p class="question-step">
                <button type="button" data-ask-in-step on:click=move |_| ask.set(shown() as usize + 1)>
                    {move || LessonStep::asking(shown()).map(|step| format!("Answer it in lesson step {}, beside its figure", step.number()))}
                </button>
            </p>
        }
    });
    view! {
        <p class="lead">"Before the page tells you, guess. A prediction you commit to makes the measurement stick; a wrong one teaches most."</p>
        {nav}
        {in_lesson}
        // One question at a time, rebuilt when the reader moves on.
        {move || {
            let id = shown();
            untrack(|| question_box(model, id, ""))
        }}
        {printed_questions(model, only)}
    }
}

/// On paper, the lesson's steps with their questions and room to answer
/// (the screen asks one at a time); written only while printing.
fn printed_questions(model: Model, only: Option<QuestionId>) -> AnyView {
    let handout = expect_context::<Handout>();
    markup(Holder::Block, move || {
        if !handout.printing() {
            return String::new();
        }
        printed(model, only, false, &|_| None)
    })
}

/// The answers to the printed questions, for a handout's last page: each
/// question's step told, and what was measured and why, as a reveal
/// without a guess says it.
pub fn printed_answers() -> AnyView {
    let model = expect_context::<Model>();
    let handout = expect_context::<Handout>();
    markup(Holder::Block, move || {
        // Only under the questions the handout prints.
        let asked = handout
            .panels(model)
            .contains(&model::panels::PanelId::Predict);
        if !handout.printing() || !asked {
            return String::new();
        }
        let only = crate::app::layout::layout().only_question;
        printed(model, only, true, &|id| {
            current(model, id).map(|q| sentence(&q, None, unit(q.answer)))
        })
    })
}

/// The ring a step speaks of, where it is not the page's own, as a
/// picture: the change at a few points, the failure crossed.
fn step_picture(html: &mut Markup, step: LessonStep, few: &Snapshot, many: &Snapshot) {
    let (snapshot, failure, alt) = match step {
        LessonStep::Played => (
            few,
            false,
            "The ring at a few points a server, its moved keys ringed",
        ),
        LessonStep::Failing => (many, true, "The ring with the failed server's keys crossed"),
        _ => return,
    };
    if let Some(url) = crate::app::draw::export::picture(snapshot, failure) {
        html.element(
            "img",
            &[
                ("class", Some("print-ring")),
                ("src", Some(&url)),
                ("alt", Some(alt)),
            ],
            "",
        );
    }
}

/// A step's question on paper: its wording, and room for the answer, or
/// with `answers` the answer `told` gives.
fn printed_question(
    html: &mut Markup,
    id: QuestionId,
    many: &Snapshot,
    answers: bool,
    told: &dyn Fn(QuestionId) -> Option<String>,
) {
    let wording = questions::question(id, many, &[], &many.failure_none()).wording;
    html.element("p", &[("class", Some("print-question"))], &wording);
    // The boxes the screen offers, named for paper.
    if id == QuestionId::Between && !answers {
        let names: Vec<&str> = PlacementId::TEXTBOOK.iter().map(|s| s.title()).collect();
        html.element("p", &[], &format!("Schemes: {}.", names.join(", ")));
    }
    match told(id).filter(|_| answers) {
        Some(sentence) => html.element("p", &[], &sentence),
        None if answers => html.element("p", &[], "Measuring…"),
        None => html.element("p", &[("class", Some("answer-space"))], "Your answer:"),
    };
}

/// The lesson on paper, for a handout with "Guess first" in it: every step
/// in order (`only` one question's), its words and figure as a reader who
/// has answered nothing sees them, and its question with room to answer;
/// or (`answers`, for the last page) each question's step told, its figure
/// whole, and what was measured (`told`, the reveal's sentence).
fn printed(
    model: Model,
    only: Option<QuestionId>,
    answers: bool,
    told: &dyn Fn(QuestionId) -> Option<String>,
) -> String {
    let steps = expect_context::<Handout>().steps();
    let few = model.settings.with(|page| measured_at(page, FEW_POINTS));
    model.snapshot.with(|page| {
        let many = &page.0;
        let failure = many.measure_failure();
        let query = settings_query(many);
        model.with_part(
            |r| r.schemes.as_ref(),
            |rows| {
                let at = Measured {
                    few: &few.0,
                    many,
                    failure: &failure,
                    schemes: rows
                        .filter(|rows| rows.query == query)
                        .map(|rows| rows.value.as_slice()),
                };
                let held = if answers {
                    QuestionSet::NONE
                } else {
                    QuestionSet::ALL
                };
                let mut html = Markup::new();
                let class = if answers {
                    "print-only print-answers"
                } else {
                    "print-only print-lesson"
                };
                html.open("section", &[("class", Some(class))]);
                if answers {
                    html.element("h2", &[], "Answers to the questions");
                }
                html.open("ol", &[]);
                for step in steps.iter().copied() {
                    let question = step.question();
                    if only.is_some_and(|id| question != Some(id)) {
                        continue;
                    }
                    // The answers say only what the questions' pages did not.
                    let said = words(step, &at, held);
                    let new_words = !answers || said != words(step, &at, QuestionSet::ALL);
                    let figure = table(step, &at).filter(|t| t.shows_while(held));
                    if answers && !new_words && figure.is_none() && question.is_none() {
                        continue;
                    }
                    let number = step.number().to_string();
                    html.open("li", &[("value", Some(&number))])
                        .element("h3", &[], step.title());
                    if !answers {
                        step_picture(&mut html, step, &few.0, many);
                    }
                    if new_words {
                        html.element("p", &[], &said);
                    }
                    if let Some(figure) = figure {
                        html.written(&step_table(&figure, !answers));
                    }
                    if let Some(id) = question {
                        printed_question(&mut html, id, many, answers, told);
                    }
                    html.close("li");
                }
                html.close("ol").close("section");
                html.into_string()
            },
        )
    })
}

/// The unit a figure of `answer` is read in.
fn unit(answer: Answer) -> &'static str {
    match answer {
        Answer::Whole { .. } => " keys",
        Answer::Percent => "%",
        Answer::Hours => " hours",
        Answer::Schemes => "",
    }
}

/// The schemes ticked in the "between" question once `scheme` is ticked
/// (`on`) or not, written as its answer is: ids, in the table's order.
fn toggled(ticked: &str, scheme: PlacementId, on: bool) -> String {
    let ids: Vec<&str> = PlacementId::TEXTBOOK
        .iter()
        .filter(|&&id| match id == scheme {
            true => on,
            false => ticked.split(',').any(|t| t == id.as_str()),
        })
        .map(|id| id.as_str())
        .collect();
    ids.join(",")
}

/// Where a guess is typed: a box for a number (Enter counts it), or a box
/// per scheme for "between". What is typed or ticked is kept in `typed` as
/// the reader goes, as the answer is written: the guess is read from
/// there, never from the boxes.
fn guess_inputs(
    id: QuestionId,
    place: &'static str,
    typed: RwSignal<String>,
    count: impl Fn() + Copy + Send + Sync + 'static,
) -> AnyView {
    match id {
        QuestionId::Between => view! {
            <fieldset class="scheme-guesses">
                <legend class="visually-hidden">"Schemes that move keys between servers that stay"</legend>
                {PlacementId::TEXTBOOK.iter().map(|&s| view! {
                    <label class="check"><input type="checkbox" data-scheme-guess=s.as_str()
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            typed.update(|t| *t = toggled(t, s, on));
                        } />{s.title()}</label>
                }).collect_view()}
            </fieldset>
        }
        .into_any(),
        _ => view! {
            <input
                type="text"
                inputmode="decimal"
                class="guess-box"
                id=format!("{place}guess-{}", id.as_str())
                on:input=move |ev| typed.set(event_target_value(&ev))
                aria-label="Your guess"
                aria-describedby=format!("{place}guess-{}-message", id.as_str())
                on:keydown=move |ev| if ev.key() == "Enter" { count() }
            />
        }
        .into_any(),
    }
}

/// The reveal, focused and in view (in a lesson step, with the step,
/// whose words and figure are now longer).
fn focus_the_reveal(reveal_box: NodeRef<leptos::html::Div>, place: &'static str) {
    request_animation_frame(move || {
        if let Some(reveal) = reveal_box.get_untracked() {
            let step = (!place.is_empty())
                .then(|| crate::dom::find(".lesson"))
                .flatten();
            crate::dom::show_and_focus(step, &reveal);
        }
    })
}

/// One question: asked, or answered with its reveal. `place` tells its
/// boxes' ids apart from the same question's elsewhere on the page: "" in
/// "Guess first", "lesson-" in a lesson step.
pub fn question_box(model: Model, id: QuestionId, place: &'static str) -> AnyView {
    let typed = RwSignal::new(String::new());
    let message = RwSignal::new(None::<String>);
    let settings_now = move || model.snapshot.with(|m| settings_query(&m.0));
    // The answer for the settings shown now; a change of settings asks afresh.
    let given_now = move || {
        Guesses::track();
        // An answer given outside any view (presenter mode's keys, which
        // find no context to bump `Guesses`) releases its question.
        model.asks.track();
        given(id, &settings_now())
    };
    let question = move || current(model, id);
    // What form the answer takes needs no measurement, so a guess typed
    // before the schemes and failures are measured is kept, and revealed
    // ("Measuring…" until then) as soon as they are.
    let answer_kind = move || {
        model
            .snapshot
            .with_untracked(|m| questions::question(id, &m.0, &[], &m.0.failure_none()).answer)
    };
    // Once answered, the box the reader typed in goes: focus moves to the
    // reveal beside it, so it stays in the question (in a lesson step, the
    // step, whose words and figure, now longer, are brought into view too).
    let reveal_box = NodeRef::<leptos::html::Div>::new();
    let focus_reveal = move || focus_the_reveal(reveal_box, place);
    let count = move || {
        let kind = answer_kind();
        match read_guess(kind, &typed.get_untracked()) {
            Ok(guess) => {
                message.set(None);
                keep(model, id, &settings_now(), &Given::Guessed(guess));
                focus_reveal();
            }
            Err(why) => message.set(Some(why)),
        }
    };
    let skip = move || {
        message.set(None);
        keep(model, id, &settings_now(), &Given::Skipped);
        focus_reveal();
    };
    let state = move || match given_now() {
        None => "no",
        Some(Given::Guessed(_)) => "yes",
        Some(Given::Skipped) => "skipped",
    };
    let revealed = move || given_now().and_then(|g| question().map(|q| (q, g)));
    // Whether to ask: a memo, so a slider step that leaves the question
    // unanswered keeps the box (and what is typed in it) rather than
    // building it again.
    let answered = Memo::new(move |_| given_now().is_some());
    let message_id = format!("{place}guess-{}-message", id.as_str());
    // Fresh boxes hold nothing typed yet.
    let inputs = move || {
        typed.update_untracked(String::clear);
        guess_inputs(id, place, typed, count)
    };
    view! {
        <div
            class="question"
            data-question=id.as_str()
            data-answered=state
            data-answer=move || revealed().map(|(q, _)| q.measured)
            data-guess=move || match given_now() { Some(Given::Guessed(g)) => Some(g), _ => None }
        >
            <p class="question-text">
                {move || model.snapshot.with(|m| {
                    // The wording needs no deferred measurement: ask at once.
                    questions::question(id, &m.0, &[], &m.0.failure_none()).wording
                })}
            </p>
            {move || (!answered.get()).then(|| view! {
                <div class="guess">
                    {inputs}
                    <button class="count-it" on:click=move |_| count()>"Count it"</button>
                    <button class="show-me" on:click=move |_| skip()>"Just show me"</button>
                    <p class="message" id=message_id.clone() role="alert">{move || message.get().unwrap_or_default()}</p>
                </div>
            })}
            <div class="reveal" aria-live="polite" tabindex="-1" node_ref=reveal_box>
                {markup(Holder::Block, move || match (given_now(), revealed()) {
                    (_, Some((q, given))) => reveal(&q, &given, !place.is_empty()),
                    (Some(_), None) => crate::render::markup::paragraph("", "Measuring…"),
                    (None, None) => earlier_guess(id, &settings_now()).unwrap_or_default(),
                })}
            </div>
        </div>
    }
    .into_any()
}

/// The measured figure, the guess and the reference on one line, and why,
/// as markup (read-only, so a string rather than a typed view).
/// `beside`: in a lesson step, whose words say the rest, the guess and
/// the measured figure in one line, so the step and its ring stay in one
/// view (the rule of thumb and the why are "Guess first"'s).
fn reveal(q: &Question, given: &Given, beside: bool) -> String {
    let guess = match given {
        Given::Guessed(g) => Some(g.as_str()),
        Given::Skipped => None,
    };
    let unit = unit(q.answer);
    let mut html = Markup::new();
    if beside {
        // The step's words and figure say which schemes; the line says
        // how the reader's ticks fared.
        let line = match (q.answer, guess) {
            (Answer::Schemes, Some(ticked)) => format!("{}.", schemes_right(q, ticked)),
            (Answer::Schemes, None) => String::new(),
            (_, guess) => {
                let guessed = guess.map_or(String::new(), |g| format!("Your guess: {g}{unit}. "));
                format!("{guessed}Measured: {}{unit}.", q.measured)
            }
        };
        html.paragraph("reveal-sentence", &line);
        return html.into_string();
    }
    if q.answer != Answer::Schemes {
        number_line(&mut html, q, guess, unit);
    }
    html.open("p", &[("class", Some("reveal-sentence"))])
        .text(&sentence(q, guess, unit));
    // In an embed without that panel, the link opens the full page at it
    // (`app::reach`).
    let href = format!("#{}", q.panel.as_str());
    html.text(" ").element(
        "a",
        &[("href", Some(&href)), ("class", Some("jump"))],
        "See where this comes from",
    );
    html.close("p");
    html.into_string()
}

/// A figure in tenths: "205" → 2050, "22.8" → 228. Read by hand, not as a
/// float: parsing floats would add its tables to every reader's download.
fn tenths(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let tenth = fraction.bytes().next().filter(u8::is_ascii_digit)? - b'0';
    Some(whole.parse::<u64>().ok()? * 10 + u64::from(tenth))
}

/// Tenths as text: whole for a count, one decimal otherwise.
fn from_tenths(value: u64, whole: bool) -> String {
    if whole {
        ((value + 5) / 10).to_string()
    } else {
        format!("{}.{}", value / 10, value % 10)
    }
}

/// How many schemes the reader ticked (or left) as measured, and which
/// not: "You had 4 of 5 schemes right. You ticked Maglev, which moved
/// none here."
fn schemes_right(q: &Question, ticked: &str) -> String {
    let listed = |list: &str, id: PlacementId| list.split(',').any(|s| s == id.as_str());
    let (mut moved_none, mut moved_some) = (Vec::new(), Vec::new());
    for &id in PlacementId::TEXTBOOK {
        match (listed(ticked, id), listed(&q.measured, id)) {
            (true, false) => moved_none.push(id.title()),
            (false, true) => moved_some.push(id.title()),
            _ => {}
        }
    }
    let total = PlacementId::TEXTBOOK.len();
    let right = total - moved_none.len() - moved_some.len();
    let mut wrong = Vec::new();
    if !moved_none.is_empty() {
        wrong.push(format!(
            "you ticked {}, which moved none here",
            model::format::and_list(&moved_none)
        ));
    }
    if !moved_some.is_empty() {
        wrong.push(format!(
            "you left out {}, which did move some",
            model::format::and_list(&moved_some)
        ));
    }
    match wrong.join("; ") {
        none if none.is_empty() => format!("You had all {total} schemes right"),
        wrong => format!("You had {right} of {total} schemes right: {wrong}"),
    }
}

fn sentence(q: &Question, guess: Option<&str>, unit: &str) -> String {
    let why = &q.why;
    if q.answer == Answer::Schemes {
        let measured: Vec<&str> = q.measured.split(',').filter(|s| !s.is_empty()).collect();
        let titles: Vec<&str> = measured
            .iter()
            .filter_map(|id| PlacementId::from_id(id))
            .map(PlacementId::title)
            .collect();
        let named = if titles.is_empty() {
            "none of them".to_string()
        } else {
            model::format::and_list(&titles)
        };
        return match guess {
            Some(g) => {
                format!("Measured: {named}. {}. Why: {why}.", schemes_right(q, g))
            }
            None => format!("Measured: {named}: {why}."),
        };
    }
    let whole = matches!(q.answer, Answer::Whole { .. });
    match (guess, guess.and_then(tenths), tenths(&q.measured)) {
        (Some(g), Some(value), Some(measured)) => {
            let how_far = if value == measured {
                "exactly right".to_string()
            } else {
                // A difference of percentages is in percentage points.
                let gap_unit = if q.answer == Answer::Percent {
                    " percentage points"
                } else {
                    unit
                };
                format!(
                    "{}{gap_unit} {}",
                    from_tenths(value.abs_diff(measured), whole),
                    if value > measured {
                        "too high"
                    } else {
                        "too low"
                    }
                )
            };
            format!(
                "Measured: {}{unit}. Your guess, {g}{unit}, was {how_far}: {why}.",
                q.measured
            )
        }
        _ => format!("Measured: {}{unit}: {why}.", q.measured),
    }
}

/// Guess, measured and reference, each on its own row of one scale, with
/// its name and value in text (never colour alone). Positions are SVG
/// attributes, which the page's CSP allows where inline styles are not.
fn number_line(html: &mut Markup, q: &Question, guess: Option<&str>, unit: &str) {
    let mut marks: Vec<(&str, &str, &str)> = Vec::new();
    if let Some(g) = guess {
        marks.push(("guess", "Your guess", g));
    }
    marks.push(("measured", "Measured", &q.measured));
    if let Some(r) = &q.reference {
        marks.push(("reference", "Rule of thumb", r));
    }
    let values: Vec<u64> = marks.iter().map(|m| tenths(m.2).unwrap_or(0)).collect();
    // The scale runs a little past the largest mark, in whole units.
    let top = (values.iter().copied().max().unwrap_or(0).max(10) * 115 / 100).div_ceil(10) * 10;
    let label = marks
        .iter()
        .map(|(_, name, value)| format!("{name} {value}{unit}"))
        .collect::<Vec<_>>()
        .join("; ");
    html.open(
        "div",
        &[
            ("class", Some("numberline")),
            ("role", Some("img")),
            ("aria-label", Some(&label)),
        ],
    );
    for ((kind, name, value), at) in marks.into_iter().zip(values) {
        let per_mille = at * 1000 / top;
        let x = format!("{}.{}%", per_mille / 10, per_mille % 10);
        let glyph = match kind {
            "guess" => "▲",
            "measured" => "●",
            _ => "◆",
        };
        html.open(
            "div",
            &[("class", Some("line-row")), ("data-mark", Some(kind))],
        )
        .element(
            "span",
            &[("class", Some("line-label"))],
            &format!("{name}: {value}{unit}"),
        )
        .open(
            "svg",
            &[("class", Some("line-track")), ("aria-hidden", Some("true"))],
        )
        .element(
            "text",
            &[
                ("x", Some(&x)),
                ("y", Some("75%")),
                ("text-anchor", Some("middle")),
            ],
            glyph,
        )
        .close("svg")
        .close("div");
    }
    html.open("div", &[("class", Some("line-row line-axis"))])
        .element("span", &[("class", Some("line-label"))], "")
        .open("span", &[("class", Some("line-scale"))])
        .element("span", &[], "0")
        .element("span", &[], &format!("{}{unit}", top / 10))
        .close("span")
        .close("div")
        .close("div");
}
