//! The page. Data flows one way: settings (from the controls or the address)
//! → one measured snapshot → panels that only read it.

mod charts;
mod claims_panel;
mod controls;
mod embed;
mod entries_panel;
mod loads_panel;
mod modulo_panel;
mod moved_panel;
mod palette;
mod prose;
mod ring_canvas;
mod ring_panel;
mod url_state;

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::{evaluate, Claim, Problem, Settings, Snapshot};
use crate::query::Panel;

/// A measured snapshot, shared by every panel. Compared by identity: a new
/// measurement is always a change.
#[derive(Clone)]
pub struct Measured(pub Arc<Snapshot>);

impl PartialEq for Measured {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Clone)]
pub struct Judged(pub Arc<Vec<Claim>>);

impl PartialEq for Judged {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What every panel reads. Only the controls write `settings`, and only
/// settings that passed validation, so the snapshot always measures.
#[derive(Clone, Copy)]
pub struct Model {
    pub settings: RwSignal<Settings>,
    pub snapshot: Memo<Measured>,
    pub claims: Memo<Judged>,
}

impl Model {
    fn new(initial: Settings) -> Model {
        let settings = RwSignal::new(initial);
        let snapshot = Memo::new(move |previous: Option<&Measured>| {
            settings.with(|settings| match Snapshot::measure(settings) {
                Ok(snapshot) => Measured(Arc::new(snapshot)),
                // Unreachable by construction (see `try_change`); keep the
                // last good view rather than fail.
                Err(_) => previous.cloned().unwrap_or_else(|| {
                    Measured(Arc::new(
                        Snapshot::measure(&Settings::default()).expect("defaults are valid"),
                    ))
                }),
            })
        });
        let claims =
            Memo::new(move |_| snapshot.with(|measured| Judged(Arc::new(evaluate(&measured.0)))));
        Model {
            settings,
            snapshot,
            claims,
        }
    }

    /// Apply an edit if the result is valid; otherwise leave everything as it
    /// is and return the problems, for the control to show.
    pub fn try_change(&self, edit: impl FnOnce(&mut Settings)) -> Result<(), Vec<Problem>> {
        let mut candidate = self.settings.get_untracked();
        edit(&mut candidate);
        let problems = candidate.problems();
        if problems.is_empty() {
            self.settings.set(candidate);
            Ok(())
        } else {
            Err(problems)
        }
    }
}

pub fn start() {
    embed::install_panic_banner();
    leptos::mount::mount_to_body(App);
}

#[component]
fn App() -> impl IntoView {
    let parsed = url_state::read();
    let view_mode = parsed.view;
    let model = Model::new(parsed.settings);
    provide_context(model);
    url_state::keep_in_address(model, view_mode);
    let notices = parsed.notices;
    if view_mode.embed || view_mode.panel.is_some() {
        embed::report_height_to_parent();
    }

    let shows = move |panel: Panel| view_mode.panel.is_none_or(|only| only == panel);
    let full_page = view_mode.panel.is_none();

    view! {
        <div class="page" class:embedded=view_mode.embed>
            {(!view_mode.embed).then(prose::Header)}
            {(!notices.is_empty()).then(|| view! {
                <div class="notices" role="status">
                    <p>"Parts of the address could not be used, so their defaults are shown:"</p>
                    <ul>{notices.into_iter().map(|notice| view! { <li>{notice}</li> }).collect_view()}</ul>
                </div>
            })}
            <div class="layout" class:single=!full_page>
                {full_page.then(controls::Controls)}
                <main class="panels">
                    {shows(Panel::Ring).then(ring_panel::RingPanel)}
                    {full_page.then(entries_panel::EntriesPanel)}
                    {shows(Panel::Moved).then(moved_panel::MovedPanel)}
                    {shows(Panel::Modulo).then(modulo_panel::ModuloPanel)}
                    {shows(Panel::Loads).then(loads_panel::LoadsPanel)}
                    {shows(Panel::Claims).then(claims_panel::ClaimsPanel)}
                    {(full_page && !view_mode.embed).then(prose::LeavesOut)}
                </main>
            </div>
        </div>
    }
}
