//! Presenter mode (`present=`, DEFINITIONS §4), for a lecture hall: a
//! lecture's slides one at a time, filling the screen in large type, and
//! its notes and sources once, after the last. Space (or ↓) shows the next
//! thing: on the ring, the answer while it asks, then its next stage; on
//! a panel, its folded tables and charts one at a time; then the next
//! slide. ↑ goes back a stage, or a slide. ← and → (or Page Up and Page
//! Down) move between slides; Escape leaves. The address keeps the slide
//! and the lecture (`lecture=`, `model::lecture`), so one link gives the
//! whole lecture. The slides are the full page's panels, shown one at a
//! time by CSS (`html[data-present]`, the slot shown `data-current`).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::lesson::Lesson;
use super::panels::failure::FailureView;
use super::panels::{predict, ring::Stages};
use super::state::Model;
use super::url_state;
use crate::dom;
use model::lecture::{Lecture, Slide};
use model::panels::PanelId;
use model::questions::{QuestionId, QuestionSet};
use model::Settings;

/// The slide presenter mode shows (from 0; the one after the last is the
/// notes), None when it is off, and the lecture.
#[derive(Clone, Copy)]
pub struct Presenting {
    pub at: RwSignal<Option<usize>>,
    pub lecture: RwSignal<Lecture>,
    /// The lecture given when the address names none.
    pub lesson: Lecture,
    /// What Space has shown on this slide, the latest in the lowest four
    /// bits: a question told (its place in `QuestionId::ALL` plus one),
    /// `FOLD`, a fold opened, or `STAGE`, the ring a stage on; so ↑ takes
    /// back exactly the last (up to eight). Cleared on each new slide.
    shown: StoredValue<u32>,
}

/// `Presenting::shown`'s mark for a fold opened.
const FOLD: u32 = 15;
/// `Presenting::shown`'s mark for the ring stepped a stage on.
const STAGE: u32 = 14;
/// `Presenting::shown` on a slide arrived at by going back: its open folds
/// stay, to be closed by ↑ one at a time.
const BACK: u32 = u32::MAX;

impl Presenting {
    /// Start presenting (or not) as the address says, among the full
    /// page's `panels`, and follow the keys.
    pub fn follow(model: Model, view: model::query::View, panels: &[PanelId]) -> Presenting {
        let lesson = Lecture::the_lesson(panels);
        let presenting = Presenting {
            at: RwSignal::new(view.present.map(usize::from)),
            lecture: RwSignal::new(view.lecture.unwrap_or(lesson)),
            lesson,
            shown: StoredValue::new(0),
        };
        let steps = (expect_context::<Lesson>(), expect_context::<FailureView>());
        Effect::new(move |_| {
            let (at, lecture) = (presenting.at.get(), presenting.lecture.get());
            show(presenting, model, steps, at, &lecture);
        });
        // The ring's stages, given by the app before presenter mode starts.
        listen_for_keys(presenting, model, use_context::<Stages>());
        presenting
    }

    /// The slides and the notes after them.
    fn count(self) -> usize {
        self.lecture.with(|lecture| lecture.slides().len() + 1)
    }

    /// The slide shown, None on the notes or when not presenting.
    fn slide(self) -> Option<Slide> {
        let at = self.at.get()?;
        self.lecture
            .with(|lecture| lecture.slides().get(at).copied())
    }

    /// Move `by` slides on, stopping at either end.
    fn go(self, by: isize) {
        if let Some(at) = self.at.get_untracked() {
            let last = self.count() - 1;
            // Back a slide, it is found as it was left (`BACK`).
            self.shown.set_value(if by < 0 { BACK } else { 0 });
            self.at.set(Some(at.saturating_add_signed(by).min(last)));
        }
    }

    /// Present `lecture` from its first slide.
    pub fn start(self) {
        self.at.set(Some(0));
    }
}

/// Show slide `at` of `lecture` (or leave): its settings on the page, its
/// panel marked for the style, and the address.
fn show(
    presenting: Presenting,
    model: Model,
    (lesson, failure_view): (Lesson, FailureView),
    at: Option<usize>,
    lecture: &Lecture,
) {
    // The settings the lecture starts from: kept with the address while
    // presenting, the page's own when it begins.
    let kept = url_state::lecture_base();
    let written = (*lecture != presenting.lesson).then_some(*lecture);
    match at {
        Some(at) => {
            let base =
                kept.unwrap_or_else(|| model.settings.with_untracked(|s| s.settings().clone()));
            let slide = lecture.slides().get(at).copied();
            let changed = change_to(model, lecture.settings_at(at, &base));
            match slide {
                Some(Slide::Lesson(step)) if changed || lesson.step.get_untracked() != step => {
                    lesson.go(model, step, true)
                }
                Some(Slide::Lesson(_)) => {}
                _ => failure_view.shown.set(false),
            }
            mark(slide.map_or("notes", |slide| slide.panel().as_str()), slide);
            // A slide starts with nothing shown: its folds closed, Space
            // opening each in turn; gone back to, it is as it was left.
            if presenting.shown.get_value() == BACK {
                presenting.shown.set_value(0);
                reopen_folds(presenting);
            } else {
                presenting.shown.set_value(0);
                close_folds();
            }
            dom::scroll_to_top();
            url_state::set_presenting(Some(at as u8), written, Some(base));
        }
        None => {
            url_state::set_presenting(None, written, None);
            if let Some(settings) = kept {
                change_to(model, settings);
            }
            mark("", None);
        }
    }
}

/// Put `settings` on the page unless they are there: true when they were not.
fn change_to(model: Model, settings: Settings) -> bool {
    let same = model
        .settings
        .with_untracked(|now| *now.settings() == settings);
    // A slide's settings are the lecture's, not the reader's edit: the
    // questions still wait.
    !same
        && model
            .try_change_keeping_questions(|s| *s = settings)
            .is_ok()
}

/// Mark the page presenting `shown` (a panel's id, or "notes"; "" for
/// not presenting) and the slot shown; the lesson's box shows only on its
/// own slides.
fn mark(shown: &str, slide: Option<Slide>) {
    let Some(html) = document().document_element() else {
        return;
    };
    if shown.is_empty() {
        dom::unset(&html, "data-present");
    } else {
        dom::set(&html, "data-present", shown);
    }
    dom::flag_page(
        "data-present-lesson",
        matches!(slide, Some(Slide::Lesson(_))),
    );
    for id in model::panels::ids() {
        let Some(slot) = dom::find(&format!(".panel-slot[data-panel=\"{}\"]", id.as_str())) else {
            continue;
        };
        if id.as_str() == shown {
            dom::set(&slot, "data-current", "");
        } else {
            dom::unset(&slot, "data-current");
        }
    }
}

/// The next thing to show (`by` 1) or take back (-1): a waiting answer,
/// one a press, then on the ring its stages one at a time, then each
/// closed fold, then the next slide; ↑ steps the ring back, else takes
/// back the last answer or fold Space showed here, else goes back a
/// slide. A key always does exactly one thing.
fn advance(presenting: Presenting, model: Model, stages: Option<Stages>, by: isize) {
    let slide = untrack(|| presenting.slide());
    let on_ring = slide.is_some_and(|s| s.panel() == PanelId::Ring);
    // A slide that asks a question, or shows a figure that waits for one
    // (`Markup::tells`), shows its answer first: one question a press, in
    // the order they are asked.
    let held = QuestionSet(model.asks.get_untracked());
    let asked_here = match slide {
        // A lesson step answers its own question (and the ring's, if a
        // lecture starts past it); the later steps ask theirs.
        Some(Slide::Lesson(step)) => [step.question(), Some(QuestionId::Moved)]
            .into_iter()
            .flatten()
            .find(|&id| held.holds(id)),
        _ => held.ids().find(|&id| {
            (on_ring && id == QuestionId::Moved)
                // A figure in view: not inside a fold still closed, whose
                // opening is a press of its own.
                || dom::find(&format!(
                    ".panel-slot[data-current] [data-tells~=\"{}\"]:not(details.fold:not([open]) *)",
                    id.as_str()
                ))
                .is_some()
        }),
    };
    if let (Some(id), true) = (asked_here, by > 0) {
        predict::skip(model, id);
        push(presenting, id as u32 + 1);
        return;
    }
    // Space steps the ring on a stage (noted, for ↑); ↑ steps it back
    // only when that is what Space did last.
    let last = presenting.shown.get_value() & 0xF;
    let may_step = by > 0 || last == STAGE;
    let stepped = may_step
        && on_ring
        && !model.asking_untracked()
        && stages.is_some_and(|stages| stages.step(model, by));
    if stepped {
        if by > 0 {
            push(presenting, STAGE);
        } else {
            presenting.shown.update_value(|shown| *shown >>= 4);
        }
        return;
    }
    // A fold shown taller than the screen pages within the slide, a page a
    // press, before the next fold or slide; ↑ pages back first.
    let shown_fold = dom::find(".panel-slot[data-current] details.fold[data-shown]");
    if shown_fold.is_some_and(|fold| dom::page_within(&fold, by.signum() as i32)) {
        return;
    }
    if by > 0 {
        if open_a_fold(presenting) {
            push(presenting, FOLD);
        } else {
            presenting.go(1);
        }
        return;
    }
    // ↑ takes back the last thing Space showed here, else goes back a slide.
    let last = presenting.shown.get_value() & 0xF;
    if last == FOLD {
        close_the_last_fold(presenting);
    }
    presenting.shown.update_value(|shown| *shown >>= 4);
    match last {
        0 => presenting.go(-1),
        FOLD | STAGE => {}
        told => {
            if let Some(&id) = QuestionId::ALL.get(told as usize - 1) {
                predict::ask_again(model, id);
            }
        }
    }
}

/// Note that Space showed `what` on this slide.
fn push(presenting: Presenting, what: u32) {
    presenting
        .shown
        .update_value(|shown| *shown = (*shown << 4) | what);
}

/// How many folds Space has opened on this slide (each a `FOLD` in `shown`).
fn folds_opened(presenting: Presenting) -> usize {
    let shown = presenting.shown.get_value();
    (0..8)
        .filter(|at| (shown >> (4 * at)) & 0xF == FOLD)
        .count()
}

/// The fold Space opened `nth` on this slide (from 0), if any.
fn opened(nth: usize) -> Option<web_sys::Element> {
    dom::find(&format!(
        ".panel-slot[data-current] details.fold[data-opened=\"{nth}\"]"
    ))
}

/// Close every fold of the slide shown.
fn close_folds() {
    let open = ".panel-slot[data-current] details.fold:is([open], [data-opened])";
    while let Some(fold) = dom::find(open) {
        for name in ["open", "data-shown", "data-opened"] {
            dom::unset(&fold, name);
        }
    }
}

/// Take the slide's open folds as opened by Space, in page order, the
/// last shown: the slide as it was left, each fold for ↑ to close.
fn reopen_folds(presenting: Presenting) {
    while let Some(fold) = dom::find(".panel-slot[data-current] details.fold[data-opened]") {
        dom::unset(&fold, "data-opened");
        dom::unset(&fold, "data-shown");
    }
    let mut last = None;
    while let Some(fold) =
        dom::find(".panel-slot[data-current] details.fold[open]:not([data-opened])")
    {
        dom::set(&fold, "data-opened", &folds_opened(presenting).to_string());
        push(presenting, FOLD);
        last = Some(fold);
    }
    if let Some(fold) = last {
        dom::set(&fold, "data-shown", "");
    }
}

/// Close the fold Space opened last, and show the one before it again.
fn close_the_last_fold(presenting: Presenting) {
    let count = folds_opened(presenting);
    if let Some(last) = count.checked_sub(1).and_then(opened) {
        for name in ["open", "data-shown", "data-opened"] {
            dom::unset(&last, name);
        }
    }
    if let Some(before) = count.checked_sub(2).and_then(opened) {
        dom::set(&before, "data-shown", "");
        // As Space left it: paged to its end before the next fold opened.
        while dom::page_within(&before, 1) {}
    }
}

/// Open the slide's next closed fold (`panels::fold`), its table or chart,
/// and bring it into view: the next thing on a slide that has one.
fn open_a_fold(presenting: Presenting) -> bool {
    let Some(fold) = dom::find(".panel-slot[data-current] details.fold:not([open])") else {
        return false;
    };
    // The slide shows the fold just opened in place of the rest of its
    // panel (the style's `data-shown`), so it fits the screen.
    let count = folds_opened(presenting);
    if let Some(before) = count.checked_sub(1).and_then(opened) {
        dom::unset(&before, "data-shown");
    }
    dom::set(&fold, "open", "");
    dom::set(&fold, "data-shown", "");
    dom::set(&fold, "data-opened", &count.to_string());
    dom::scroll_to_top();
    true
}

/// The keys, on the window, while presenting. A key typed into a field is
/// the field's, but Escape.
fn listen_for_keys(presenting: Presenting, model: Model, stages: Option<Stages>) {
    let on_key =
        Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |ev: web_sys::KeyboardEvent| {
            if presenting.at.get_untracked().is_none() {
                return;
            }
            let tag = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .map(|e| e.tag_name())
                .unwrap_or_default();
            let key = ev.key();
            // A field keeps its keys, a button its Space.
            let fields = matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA");
            if (fields && key != "Escape") || (tag == "BUTTON" && key == " ") {
                return;
            }
            match key.as_str() {
                "ArrowRight" | "PageDown" => presenting.go(1),
                "ArrowLeft" | "PageUp" => presenting.go(-1),
                " " | "ArrowDown" => advance(presenting, model, stages, 1),
                "ArrowUp" => advance(presenting, model, stages, -1),
                "Escape" => presenting.at.set(None),
                _ => return,
            }
            ev.prevent_default();
        });
    dom::listen(
        &window(),
        &["keydown"],
        on_key.as_ref().unchecked_ref(),
        false,
    );
    // The page's whole life: one listener.
    on_key.forget();
}

/// "Present": presenter mode from the lecture's first slide.
#[component]
pub fn PresentButton() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    view! {
        <button type="button" id="present-open" on:click=move |_| presenting.start()>
            "Present"
        </button>
    }
}

/// The bar presenter mode shows under the slide: where it is, the ways
/// on, and out.
#[component]
pub fn PresentBar() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    let title = move || {
        let Some(at) = presenting.at.get() else {
            return String::new();
        };
        let name = presenting
            .slide()
            .map_or_else(|| "Notes and sources".to_string(), Slide::title);
        format!("{} of {}: {name}", at + 1, presenting.count())
    };
    let at = move |end: usize| {
        presenting
            .at
            .get()
            .is_some_and(|at| at == end.min(presenting.count() - 1))
    };
    view! {
        <nav class="present-bar" aria-label="Presenter mode" hidden=move || presenting.at.get().is_none()
            aria-keyshortcuts="Space ArrowDown ArrowUp ArrowLeft ArrowRight Escape">
            <button type="button" id="present-back" disabled=move || at(0) on:click=move |_| presenting.go(-1)>"◀ Previous"</button>
            <span class="present-where" aria-live="polite">{title}</span>
            <button type="button" id="present-next" disabled=move || at(usize::MAX) on:click=move |_| presenting.go(1)>"Next ▶"</button>
            <button type="button" id="present-close" on:click=move |_| presenting.at.set(None)>"Leave"</button>
        </nav>
    }
}
