//! "Build a lecture": the teacher picks presenter mode's slides and their
//! order (`model::lecture`). The lecture is kept in the address as it is
//! built, so the page's link is the lecture's link. One list of the slides
//! and one menu of every slide there is, with a button for each edit, so
//! the list stays short on a phone.

use leptos::prelude::*;

use super::present::Presenting;
use super::state::Model;
use model::lecture::{Lecture, Slide};

/// `slides` as a menu's options, their place in the list as their value;
/// numbered when they are the lecture's, with the one `chosen` selected.
fn options(slides: &[Slide], chosen: Option<usize>) -> impl IntoView {
    slides
        .iter()
        .enumerate()
        .map(|(index, slide)| {
            view! {
                <option value=index.to_string() data-slide=slide.id() selected={chosen == Some(index)}>
                    {match chosen {
                        Some(_) => format!("{}. {}", index + 1, slide.title()),
                        None => slide.title(),
                    }}
                </option>
            }
        })
        .collect_view()
}

/// The menu's choice, as a place in its list.
fn picked(ev: &leptos::ev::Event) -> usize {
    event_target_value(ev).parse().unwrap_or(0)
}

/// A button that edits the slide chosen, which stays chosen where it lands.
/// One function for the four, so their view is compiled once.
fn edit_button(
    id: &'static str,
    label: &'static str,
    lecture: RwSignal<Lecture>,
    chosen: RwSignal<usize>,
    change: fn(&Lecture, usize) -> (Lecture, usize),
) -> impl IntoView {
    let edit = move |_| {
        let (edited, now) = lecture.with_untracked(|l| change(l, chosen.get_untracked()));
        let last = edited.slides().len().saturating_sub(1);
        lecture.set(edited);
        chosen.set(now.min(last));
    };
    view! { <button type="button" id=id on:click=edit>{label}</button> }
}

#[component]
pub fn LectureBuilder() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    let model = expect_context::<Model>();
    let lecture = presenting.lecture;
    let choices = || Slide::choices(&model::panels::ids());
    let (chosen, to_add) = (RwSignal::new(0usize), RwSignal::new(0usize));
    let count = move || lecture.with(|l| l.slides().len());
    let add = move |_| {
        if let Some(slide) = choices().get(to_add.get_untracked()).copied() {
            lecture.update(|l| *l = l.with(slide));
            chosen.set(count() - 1);
        }
    };
    view! {
        <details class="lecture-builder" id="lecture-builder">
            <summary>"Build a lecture"</summary>
            <p class="help">"“Present” shows these slides in this order, then the notes and sources; “Print a handout” prints them, the lesson's steps with room to answer and the answers last. The address holds them, so the page's link is the lecture's. Space or ↓ shows the next thing; ← and → the slides; Esc leaves."</p>
            <label for="lecture-slides">"The slides, in order"</label>
            <select id="lecture-slides" size=8 on:change=move |ev| chosen.set(picked(&ev))>
                {move || lecture.with(|l| options(l.slides(), Some(chosen.get())))}
            </select>
            <div class="lecture-edit">
                {edit_button("lecture-earlier", "↑ Earlier", lecture, chosen, |l, at| (l.moved(at, -1), at.saturating_sub(1)))}
                {edit_button("lecture-later", "↓ Later", lecture, chosen, |l, at| (l.moved(at, 1), at + 1))}
                {edit_button("lecture-remove", "Remove", lecture, chosen, |l, at| (l.without(at), at))}
            </div>
            <label for="lecture-add">"Add a slide at the end"</label>
            <div class="lecture-edit">
                <select id="lecture-add" on:change=move |ev| to_add.set(picked(&ev))>{options(&choices(), None)}</select>
                <button type="button" id="lecture-add-button" on:click=add>"Add"</button>
            </div>
            <div class="lecture-edit">
                {edit_button("lecture-clear", "Clear all but the first", lecture, chosen, |l, _| (l.cleared(), 0))}
                <button type="button" id="lecture-reset"
                    on:click=move |_| lecture.set(presenting.lesson)>"Back to the lesson"</button>
            </div>
            // The lecture's own link: it opens presenting, from the first slide.
            <p><a id="lecture-link" href=move || model.settings.with(|s| lecture.with(|l| model::query::lecture_href(s, *l)))>"Present this lecture"</a>
                " (its link opens it presenting, from the first slide)"</p>
        </details>
    }
}
