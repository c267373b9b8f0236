//! The page. Data flows one way: settings (from the controls or the address)
//! → one measured snapshot → panels that only read it.

mod controls;
mod deferred;
mod draw;
mod embed;
mod panels;
mod prose;
mod timing;
mod url_state;

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::failures::{Copysets, Failure};
use crate::model::schemes::modulo::modulo_moved;
use crate::model::schemes::SchemeResult;
use crate::model::snapshot::Evenness;
use crate::model::{
    Change, Claim, HashKind, Keys, Problem, Rings, ServerId, Settings, Snapshot, Weight,
};
use crate::query::Panel;

/// A shared value compared by identity: a new measurement is always a change.
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The measured snapshot every panel reads.
pub type Measured = Shared<Snapshot>;

/// Claims judged for one snapshot, tagged with the address they belong to.
#[derive(Clone, PartialEq)]
pub struct Judged {
    pub claims: Shared<Vec<Claim>>,
    pub query: String,
}

/// How long one lookup took in this browser, and how far to trust it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LookupTiming {
    pub nanos_per_lookup: f64,
    pub lookups: usize,
    pub elapsed_ms: f64,
    /// The smallest step this browser's clock was seen to take.
    pub resolution_ms: f64,
}

impl LookupTiming {
    /// The timing's uncertainty from the clock alone, as a share of it.
    pub fn relative_error(&self) -> f64 {
        if self.elapsed_ms > 0.0 {
            self.resolution_ms / self.elapsed_ms
        } else {
            1.0
        }
    }
}

/// One scheme's row: what the model measured and what this browser timed.
#[derive(Clone, Debug, PartialEq)]
pub struct SchemeRow {
    pub result: SchemeResult,
    pub lookup: Option<LookupTiming>,
}

/// Failures measured for one snapshot (SPEC §8), tagged with its address.
#[derive(Clone, PartialEq)]
pub struct FailureMeasured {
    /// The snapshot measured: panels read names and loads from it, never
    /// from a newer one whose server ids may differ.
    pub snapshot: Measured,
    pub failure: Failure,
    pub copysets_now: Copysets,
    pub copysets_at_one: Copysets,
    pub query: String,
}

/// Every scheme measured for one snapshot, tagged with its address.
#[derive(Clone, PartialEq)]
pub struct SchemesMeasured {
    pub rows: Shared<Vec<SchemeRow>>,
    pub query: String,
}

/// A value cached with the inputs that made it: when the inputs are equal
/// the old value is returned, so a control that did not touch it costs nothing.
struct Cached<I, T> {
    inputs: I,
    value: Shared<T>,
}

impl<I: Clone, T> Clone for Cached<I, T> {
    fn clone(&self) -> Self {
        Cached {
            inputs: self.inputs.clone(),
            value: self.value.clone(),
        }
    }
}

impl<I: PartialEq, T> PartialEq for Cached<I, T> {
    fn eq(&self, other: &Self) -> bool {
        self.inputs == other.inputs && self.value == other.value
    }
}

fn cached<I: PartialEq + Clone, T>(
    previous: Option<&Cached<I, T>>,
    inputs: I,
    build: impl FnOnce() -> T,
) -> Cached<I, T> {
    match previous {
        Some(previous) if previous.inputs == inputs => previous.clone(),
        _ => Cached {
            inputs,
            value: Shared(Arc::new(build())),
        },
    }
}

type KeyInputs = (u64, u32, HashKind);
type RingInputs = (Vec<String>, Change, u16, HashKind, Vec<(String, Weight)>);
type ModuloInputs = (Shared<Keys>, Vec<ServerId>, Vec<ServerId>);

/// What every panel reads. Only the controls write `settings`, and only
/// settings that passed validation, so the snapshot always measures.
#[derive(Clone, Copy)]
pub struct Model {
    pub settings: RwSignal<Settings>,
    pub snapshot: Memo<Measured>,
    /// Judged after the frame, a claim at a time; None until the first is done.
    pub claims: RwSignal<Option<Judged>>,
    /// The spread chart's measurements, also made after the frame.
    pub evenness: RwSignal<Option<Shared<Vec<Evenness>>>>,
    /// Every scheme on the same change, measured after the frame.
    pub schemes: RwSignal<Option<SchemesMeasured>>,
    /// Where down servers' keys go, measured after the frame.
    pub failure: RwSignal<Option<Shared<FailureMeasured>>>,
    /// Whether the ring canvas shows the failure (a view choice, not a setting).
    pub show_failure: RwSignal<bool>,
    /// The key whose replicas the failure panel lists, as an offset into the
    /// keys (so a new first key keeps the slot); picked by number or by a
    /// click on the ring.
    pub inspected_key: RwSignal<usize>,
    /// True while the claims and chart are being brought up to date.
    pub updating: RwSignal<bool>,
}

impl Model {
    fn new(initial: Settings) -> Model {
        let settings = RwSignal::new(initial);
        let keys = Memo::new(move |previous: Option<&Cached<KeyInputs, Keys>>| {
            let inputs = settings.with(|s| (s.first, s.keys, s.hash));
            cached(previous, inputs, || {
                timing::timed("ringcount:keys", || Keys::new(inputs.0, inputs.1, inputs.2))
            })
        });
        let rings = Memo::new(move |previous: Option<&Cached<RingInputs, Rings>>| {
            let inputs = settings.with(|s| {
                (
                    s.servers.clone(),
                    s.change.clone(),
                    s.points,
                    s.hash,
                    s.weights.clone(),
                )
            });
            cached(previous, inputs, || {
                timing::timed("ringcount:rings", || settings.with(Rings::build))
            })
        });
        // Modulo hashing ignores the points, so a points step reuses it.
        let modulo = Memo::new(move |previous: Option<&Cached<ModuloInputs, usize>>| {
            let keys = keys.with(|k| k.value.clone());
            let inputs = rings.with(|r| {
                (
                    keys.clone(),
                    r.value.0.before.clone(),
                    r.value.0.after.clone(),
                )
            });
            cached(previous, inputs, || {
                timing::timed("ringcount:modulo", || {
                    rings
                        .with(|r| modulo_moved(&keys.0.hashes, &r.value.0.before, &r.value.0.after))
                })
            })
        });
        let snapshot = Memo::new(move |_| {
            let keys = keys.with(|k| k.value.0.clone());
            let modulo = modulo.with(|m| *m.value.0);
            rings.with(|rings| {
                settings.with(|settings| {
                    timing::timed("ringcount:snapshot", || {
                        Shared(Arc::new(Snapshot::from_parts(
                            settings,
                            keys,
                            &rings.value.0,
                            modulo,
                        )))
                    })
                })
            })
        });
        let model = Model {
            settings,
            snapshot,
            claims: RwSignal::new(None),
            evenness: RwSignal::new(None),
            schemes: RwSignal::new(None),
            failure: RwSignal::new(None),
            show_failure: RwSignal::new(false),
            inspected_key: RwSignal::new(0),
            updating: RwSignal::new(true),
        };
        deferred::keep_up_to_date(model);
        model
    }

    /// Apply an edit if the result is valid; otherwise leave everything as it
    /// is and return the problems, for the control to show.
    pub fn try_change(&self, edit: impl FnOnce(&mut Settings)) -> Result<(), Vec<Problem>> {
        let mut candidate = self.settings.get_untracked();
        let pool = candidate.pool_after();
        edit(&mut candidate);
        if candidate.pool_after() != pool {
            candidate.fit_failures_to_pool();
        }
        let problems = candidate.problems();
        if problems.is_empty() {
            timing::mark_input();
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
            {full_page.then(controls::QuickBar)}
            {(!notices.is_empty()).then(|| view! {
                <div class="notices" role="status">
                    <p>"Parts of the address could not be used, so their defaults are shown:"</p>
                    <ul>{notices.into_iter().map(|notice| view! { <li>{notice}</li> }).collect_view()}</ul>
                </div>
            })}
            <div class="layout" class:single=!full_page>
                {full_page.then(controls::Controls)}
                <main class="panels">
                    {Panel::ALL
                        .into_iter()
                        .filter(|&panel| shows(panel))
                        .map(|panel| view! {
                            {panel_view(panel)}
                            // The full ring-entries table follows the ring on the whole page.
                            {(panel == Panel::Ring && full_page).then(panels::entries::EntriesPanel)}
                        })
                        .collect_view()}
                    {(full_page && !view_mode.embed).then(prose::LeavesOut)}
                </main>
            </div>
        </div>
    }
}

/// The component that draws a panel.
fn panel_view(panel: Panel) -> AnyView {
    match panel {
        Panel::Ring => panels::ring::RingPanel().into_any(),
        Panel::Moved => panels::moved::MovedPanel().into_any(),
        Panel::Modulo => panels::modulo::ModuloPanel().into_any(),
        Panel::Loads => panels::loads::LoadsPanel().into_any(),
        Panel::Failure => panels::failure::FailurePanel().into_any(),
        Panel::Schemes => panels::schemes::SchemesPanel().into_any(),
        Panel::Cost => panels::cost::CostPanel().into_any(),
        Panel::Rollout => panels::rollout::RolloutPanel().into_any(),
        Panel::Claims => panels::claims::ClaimsPanel().into_any(),
    }
}
