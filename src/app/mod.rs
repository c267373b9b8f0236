//! The page. Data flows one way: settings (from the controls or the address)
//! → one measured snapshot → panels that only read it.

pub mod asking;
mod controls;
mod draft;
pub mod draw;
pub(crate) mod embed;
mod embed_dialog;
mod from_js;
mod layout;
mod lecture_builder;
mod lesson;
mod measure;
mod message;
mod motion;
mod number_control;
pub mod panels;
mod patch;
mod placement;
mod present;
mod print;
mod prose;
mod reach;
mod rows;
mod session;
mod slot;
pub mod state;
mod timing;
mod url_state;
mod your_keys;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use model::panels::{self as registry, PanelDef, PanelId};
use model::questions::{QuestionId, QuestionSet};
use state::Model;

thread_local! {
    /// Where the claims the worker wrote before the app were on screen, if
    /// the reader had them in view when the app started.
    static EARLY_CLAIMS_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
    /// Whether the reader had opened those claims' fold.
    static EARLY_CLAIMS_OPEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

pub fn start() {
    embed::install_panic_banner();
    // index.html holds the title, the intro and a sized placeholder, painted
    // before this code arrived; the app replaces the placeholder.
    let Some(root) = crate::dom::by_id("app") else {
        leptos::mount::mount_to_body(App);
        return;
    };
    // Claims the worker wrote before the app (early.js) where the reader
    // went to read them (at least the lower half of the screen): the app
    // builds its own at once, in their place. Claims only peeking in under
    // the ring are not kept: the ring is.
    let early_claims = crate::dom::find("[data-early][data-panel=\"claims\"]")
        .and_then(|slot| crate::dom::top_in_view(&slot))
        .filter(|top| *top < crate::dom::screen_height() / 2.0);
    EARLY_CLAIMS_AT.with(|at| at.set(early_claims));
    let opened = crate::dom::find("[data-early][data-panel=\"claims\"] details.fold[open]");
    EARLY_CLAIMS_OPEN.with(|open| open.set(opened.is_some()));
    crate::dom::set_text(&root, None);
    // An embedded view or a single panel has no title or closing prose
    // (early.js hid them before they could paint); take them out of the
    // page, so the embed's outline starts at its own panel.
    for (class, selector) in [
        ("embedded", ".masthead"),
        ("embedded", "#leaves-out"),
        ("single-panel", "#leaves-out"),
    ] {
        if crate::dom::page_has_class(class) {
            if let Some(element) = crate::dom::find(selector) {
                element.remove();
            }
        }
    }
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    leptos::mount::mount_to(root, App).forget();
    if let Some(top) = early_claims {
        keep_claims_at(top);
    }
    reach::go_to_address_panel();
    // A hook for tests and hosts: the app, not the static shell or the
    // first screen, is what the page now shows.
    if let Some(html) = document().document_element() {
        crate::dom::set(&html, "data-app", "ready");
    }
}

/// Whether the reader opened the fold of the claims the worker wrote
/// before the app: the app's claims panel starts with it open.
pub fn claims_fold_opened_before_the_app() -> bool {
    EARLY_CLAIMS_OPEN.with(|open| open.get())
}

/// What is on the first screen is built first: the settings and the ring
/// (or the one panel embedded), and the claims if the reader had the
/// worker's in view before the app; every other panel as it comes near.
fn built_at_once(full_page: bool, panel: PanelId) -> bool {
    let claims_in_view = EARLY_CLAIMS_AT.with(|at| at.get()).is_some();
    !full_page || panel == PanelId::Ring || (panel == PanelId::Claims && claims_in_view)
}

/// Keep the app's claims where the worker's were on screen (`top`) while
/// the panels near them are built and settle, each frame once its layout
/// is settled; for a second's frames at most, and not once the reader
/// scrolls. The browser's scroll anchoring does not hold them: the panels
/// that change are built in the first frames after the scroll that put the
/// claims there, and where a panel shrinks it keeps too little.
fn keep_claims_at(top: f64) {
    let acted = crate::dom::reader_acts();
    crate::dom::before_frames(60, move || {
        let slot = crate::dom::find(".panel-slot[data-panel=\"claims\"]:not([data-early])");
        let Some(slot) = slot.filter(|_| !acted.get()) else {
            return false;
        };
        let off = crate::dom::top_on_screen(&slot) - top;
        if off.abs() >= 1.0 {
            crate::dom::scroll_by(off);
        }
        true
    });
}

/// Give the page's parts what they read from the context: the model, what
/// one part keeps and others read (each its owner's type), and how the page
/// is laid out. The worker starts measuring here.
fn provide_parts(
    model: Model,
    parsed: &model::query::Parsed,
    shown: &[&'static PanelDef],
    alone: Option<&'static PanelDef>,
) -> (state::OneKey, print::Handout) {
    let view_mode = parsed.view;
    let one_key = state::OneKey(RwSignal::new(parsed.key.clone().unwrap_or_default()));
    provide_context(one_key);
    let handout = print::Handout::default();
    provide_context(handout);
    let failure_view = panels::failure::FailureView::default();
    provide_context(failure_view);
    provide_context(lesson::Lesson::new(model, failure_view));
    provide_context(panels::predict::AskInStep(RwSignal::new(0)));
    provide_context(panels::predict::Guesses::default());
    provide_context(panels::ring::Stages::new(model));
    measure::keep_up_to_date(model, one_key, shown.iter().map(|p| p.id).collect());
    provide_context(model);
    // Made once for the page's life, so every part can hold it.
    provide_context(layout::Layout {
        all: registry::ALL
            .iter()
            .map(|p| (p.id, p.heading, p.teaches))
            .collect::<Vec<_>>()
            .leak(),
        shown: shown.iter().map(|p| p.id).collect::<Vec<_>>().leak(),
        // An embedded panel alone has no page title above it: its heading is the h1.
        alone: alone.is_some() && view_mode.embed,
        only_question: view_mode.question,
    });
    // A panel alone is a page of its own: its title names the panel.
    if let Some(panel) = alone {
        crate::dom::set_title(&format!("{} · Consistent hashing, counted", panel.heading));
    }
    (one_key, handout)
}

#[component]
fn App() -> impl IntoView {
    let parsed = url_state::read();
    let view_mode = parsed.view;
    let alone = view_mode.panel.map(PanelId::def);
    // The page's panels: one alone, or all of them.
    let shown: Vec<&'static PanelDef> = match alone {
        Some(panel) => vec![panel],
        None => registry::ALL.iter().collect(),
    };
    // The reader's own keys stay for the tab: a reload measures them again.
    let settings = parsed.settings.with_your_keys(your_keys::stored());
    let model = Model::new(settings, Vec::new());
    // The full page asks before it tells, and so does the ring alone (an
    // embed in a course page that says a server is about to join must not
    // give the count away); other panels alone are there to show a figure.
    let asks_here = match alone {
        None => !view_mode.embed,
        Some(panel) => panel.id == PanelId::Ring,
    };
    // The full page asks all six questions in turn (the lesson and "Guess
    // first"); the ring alone asks only its own.
    let asked_here = match alone {
        None if asks_here => QuestionSet::ALL,
        Some(_) if asks_here => QuestionSet::NONE.with(QuestionId::Moved),
        _ => QuestionSet::NONE,
    };
    model.asks.set(asking::waiting(asked_here).0);
    // Every figure that answers a waiting question follows these
    // (`Markup::tells`): `data-asks` names the questions that wait.
    Effect::new(move || {
        crate::dom::mark_page("data-asks", &QuestionSet(model.asks.get()).written())
    });
    let (one_key, handout) = provide_parts(model, &parsed, &shown, alone);
    // The way out of an embed: the full page with the same settings.
    let full_page_link = (view_mode.embed || alone.is_some()).then(|| {
        let href = move || {
            model
                .settings
                .with(|s| model::query::full_page_href(s))
        };
        view! {
            <footer class="full-page"><a href=href target="_blank" rel="noopener">"Open the full page"</a></footer>
        }
    });
    // Presenter mode is the full page's, one panel at a time.
    if alone.is_none() {
        let panels: Vec<PanelId> = registry::ALL.iter().map(|p| p.id).collect();
        let presenting = present::Presenting::follow(model, view_mode, &panels);
        provide_context(presenting);
        provide_context(print::HandoutLecture {
            lecture: presenting.lecture,
            lesson: presenting.lesson,
        });
    }
    let sheet = reach::SettingsSheet::new();
    provide_context(sheet);
    reach::follow_the_ways_around(model, sheet);
    url_state::keep_in_address(model, one_key, view_mode);
    prose::keep_headline(model);
    print::follow_print_events(handout);
    let notices = parsed.notices;
    if view_mode.embed || alone.is_some() {
        embed::report_height_to_parent();
    }
    let full_page = alone.is_none();
    let eager = move |panel: &PanelDef| built_at_once(full_page, panel.id);

    view! {
        {full_page.then(controls::QuickBar)}
        {(!notices.is_empty()).then(|| view! {
            <div class="notices" role="status">
                <p>"Parts of the address could not be used, so their defaults are shown:"</p>
                <ul>{notices.into_iter().map(|notice| view! { <li>{notice}</li> }).collect_view()}</ul>
            </div>
        })}
        {full_page.then(|| view! {
            <p class="print-only settings-line">{move || model.settings.with(|s| crate::render::handout::settings_line(s))}</p>
        })}
        <div class="layout" class:single=!full_page>
            {full_page.then(controls::Controls)}
            <main class="panels" inert=move || sheet.0.get()>
                {shown.into_iter().map(|panel| {
                    // The lesson is in the ring's panel; the lab follows it.
                    let lab = (full_page && panel.id == PanelId::Ring).then(lab_contents);
                    (slot::panel_slot(model, panel, eager(panel)), lab)
                }).collect_view()}
            </main>
        </div>
        {full_page.then(panels::predict::printed_answers)}
        {full_page.then(present::PresentBar)}
        // Every term's definition, once, for the terms to open (`render::glossary`).
        {patch::markup(patch::Holder::Block, || crate::render::markup::wrapped("div", "glossary", &crate::render::glossary::definitions()))}
        {full_page_link}
    }
}

/// Where the lab begins, after the lesson: what it is, and a way to each
/// of its panels (read-only markup; its links are the page's in-page links).
fn lab_contents() -> AnyView {
    patch::markup(patch::Holder::Block, || {
        let mut m = crate::render::markup::Markup::new();
        m.open("nav", &[("class", Some("lab")), ("aria-labelledby", Some("lab"))])
            .element("h2", &[("id", Some("lab"))], "The lab")
            .element(
                "p",
                &[],
                "Every panel below measures the settings (beside the ring, or under ⚙ on a phone) for the same keys and the same change.",
            )
            .open("ul", &[]);
        for panel in registry::ALL
            .iter()
            .filter(|panel| panel.id != PanelId::Ring)
        {
            let href = format!("#{}", panel.id.as_str());
            m.open("li", &[])
                .element("a", &[("href", Some(&href))], panel.heading)
                .close("li");
        }
        m.close("ul").close("nav");
        m.into_string()
    })
}
