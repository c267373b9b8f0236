//! Printing the page gives a handout, the lecture on paper: its lesson steps
//! with room to answer and its panels, every one built and measured, the
//! settings in one line, the answers last, no controls (the print styles in
//! `main.css`). With no lecture built, the lesson and a chosen preset's
//! own panel.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Model;
use model::lecture::Lecture;
use model::lesson::LessonStep;
use model::panels::{self as registry, PanelId};

thread_local! {
    static PRINTING: Cell<bool> = const { Cell::new(false) };
}

/// True between the browser's "beforeprint" and "afterprint".
pub fn printing() -> bool {
    PRINTING.with(Cell::get)
}

/// What is printed: whether the page is printing now. The panels follow
/// the lecture (`Handout::panels`); the slots, the ring and the questions
/// read it from the context.
#[derive(Clone, Copy)]
pub struct Handout {
    /// True from the browser's "beforeprint" to its "afterprint": every
    /// panel is built and measured for the handout.
    printing: RwSignal<bool>,
}

impl Default for Handout {
    fn default() -> Handout {
        Handout {
            printing: RwSignal::new(false),
        }
    }
}

/// The lecture the page holds and the lesson given when none is built
/// (presenter mode's, provided by the full page): what a handout prints.
#[derive(Clone, Copy)]
pub struct HandoutLecture {
    pub lecture: RwSignal<Lecture>,
    pub lesson: Lecture,
}

/// The lecture a teacher built ("Build a lecture"), if any: None for the
/// lesson given when none is.
fn built() -> Option<Lecture> {
    let shown = use_context::<HandoutLecture>()?;
    let lecture = shown.lecture.get();
    (lecture != shown.lesson).then_some(lecture)
}

impl Handout {
    /// Whether the page is printing (tracked).
    pub fn printing(self) -> bool {
        self.printing.get()
    }

    /// The panels a handout prints: a built lecture's, or until there is
    /// one the first lesson's and a chosen preset's own (tracked).
    pub fn panels(self, model: Model) -> Vec<PanelId> {
        match built() {
            Some(lecture) => lecture.handout_panels(&registry::ids()),
            None => model.settings.with(|s| model::presets::handout_for(s)),
        }
    }

    /// The lesson's steps the handout prints, in the lecture's order
    /// (tracked): a built lecture's, else every one.
    pub fn steps(self) -> Vec<LessonStep> {
        built()
            .map(|lecture| lecture.lesson_steps())
            .filter(|steps| !steps.is_empty())
            .unwrap_or_else(|| LessonStep::ALL.to_vec())
    }
}

fn set_printing(handout: Handout, now: bool) {
    PRINTING.with(|p| p.set(now));
    handout.printing.set(now);
}

/// Follow the browser's print events for the life of the page.
pub fn follow_print_events(handout: Handout) {
    for (event, now) in [("beforeprint", true), ("afterprint", false)] {
        let callback = Closure::<dyn FnMut()>::new(move || set_printing(handout, now));
        crate::dom::listen(
            &window(),
            &[event],
            callback.as_ref().unchecked_ref(),
            false,
        );
        callback.forget();
    }
}

/// "Print a handout": the lecture on paper. Every panel it holds is built
/// and measured, the charts drawn at their widths, and the browser's print
/// dialog opened; printing from the browser's menu prints the same.
#[component]
pub fn PrintButton() -> impl IntoView {
    let handout = expect_context::<Handout>();
    let print = move |_| {
        set_printing(handout, true);
        // Two frames: one lays out the new panels, the next draws their canvases.
        request_animation_frame(move || {
            request_animation_frame(move || {
                let _ = window().print();
            })
        });
    };
    view! {
        <button type="button" id="print-handout" on:click=print>"Print a handout"</button>
    }
}
