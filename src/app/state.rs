//! The page's state: the settings, the measured snapshot every panel reads,
//! and the deferred measurements, each tagged with what it was made for.
//! Every component reads this; nothing here knows about any panel.

use std::sync::Arc;

use leptos::prelude::*;

use super::timing;
use crate::model::failures::{Copysets, Failure};
use crate::model::keys::KeySpec;
use crate::model::schemes::SchemeResult;
use crate::model::settings::{ModuloSpec, RingSpec};
use crate::model::snapshot::{Evenness, Modulo};
use crate::model::{Claim, Keys, Problem, Rings, Settings, Snapshot, Valid};
use crate::work::Work;

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

/// What every panel reads. The settings are `Valid` by type: the controls
/// and the address reach them only through `Valid::settle`.
#[derive(Clone, Copy)]
pub struct Model {
    pub settings: RwSignal<Valid>,
    pub snapshot: Memo<Measured>,
    /// The deferred work the panels on this page need (see `panels::Work`).
    pub work: &'static [Work],
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
    /// The model for these settings; `app::deferred::keep_up_to_date` then
    /// keeps its deferred measurements current.
    pub fn new(initial: Valid, work: &'static [Work]) -> Model {
        let settings = RwSignal::new(initial);
        // Each cache is keyed by the spec its part is built from and nothing
        // else, so no setting that shapes a part can be left out of its key.
        let keys = Memo::new(move |previous: Option<&Cached<KeySpec, Keys>>| {
            let spec = settings.with(Valid::key_spec);
            cached(previous, spec, || {
                timing::timed("ringcount:keys", || Keys::of(spec))
            })
        });
        let rings = Memo::new(move |previous: Option<&Cached<RingSpec, Rings>>| {
            let spec = settings.with(Valid::ring_spec);
            cached(previous, spec.clone(), || {
                timing::timed("ringcount:rings", || Rings::build(&spec))
            })
        });
        // Modulo hashing ignores the points, so a points step reuses it.
        let modulo = Memo::new(move |previous: Option<&Cached<ModuloSpec, Modulo>>| {
            let spec = settings.with(Valid::modulo_spec);
            cached(previous, spec.clone(), || {
                timing::timed("ringcount:modulo", || {
                    keys.with(|keys| Modulo::count(spec, &keys.value.0))
                })
            })
        });
        let snapshot = Memo::new(move |_| {
            let keys = keys.with(|k| k.value.0.clone());
            modulo.with(|modulo| {
                rings.with(|rings| {
                    settings.with(|settings| {
                        timing::timed("ringcount:snapshot", || {
                            Shared(Arc::new(Snapshot::from_parts(
                                settings,
                                keys,
                                &rings.value.0,
                                &modulo.value.0,
                            )))
                        })
                    })
                })
            })
        });
        Model {
            settings,
            snapshot,
            work,
            claims: RwSignal::new(None),
            evenness: RwSignal::new(None),
            schemes: RwSignal::new(None),
            failure: RwSignal::new(None),
            show_failure: RwSignal::new(false),
            inspected_key: RwSignal::new(0),
            updating: RwSignal::new(true),
        }
    }

    /// Apply an edit through `Valid::settle`, the same path the address takes.
    /// The edit is refused, with the problems for the control to show, if any
    /// part of it could not be used; what no longer fits the pool after an
    /// edit of the pool (a down server that left, too many replicas) is
    /// fitted quietly, as the reader asked for that change.
    pub fn try_change(&self, edit: impl FnOnce(&mut Settings)) -> Result<(), Vec<Problem>> {
        let current = self.settings.get_untracked();
        let mut draft = current.settings().clone();
        edit(&mut draft);
        let pool_changed = draft.pool_after() != current.pool_after();
        // What is wrong with the edit as made, in the words of its control.
        let problems = draft.problems();
        let settled = Valid::settle(draft, &current);
        if settled
            .notices
            .iter()
            .all(|notice| notice.fitted && pool_changed)
        {
            timing::mark_input();
            self.settings.set(settled.valid);
            Ok(())
        } else if problems.is_empty() {
            Err(settled.notices.into_iter().map(|n| n.problem).collect())
        } else {
            Err(problems)
        }
    }
}
