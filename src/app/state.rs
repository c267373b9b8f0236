//! The page's state: the settings, the measured snapshot every panel reads,
//! and the worker's reports, each kept with the snapshot it measured.
//! Every component reads this; nothing here knows about any panel.

use model::panels::PanelId;
use model::placements::PlacementId;
use model::questions::{QuestionId, QuestionSet};
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::timing::{self, sleep, DRAG_PAUSE_MS};
use model::keys::KeySpec;
use model::report::Report;
use model::settings::{ModuloSpec, RingSpec};
use model::snapshot::Modulo;
use model::{Keys, Problem, Rings, Settings, Snapshot, Valid};

pub use crate::reports::{FailureMeasured, Measured, Part, Reports, SchemesMeasured, Shared};

thread_local! {
    /// Keys hashed and sorted ahead of the settings that will use them.
    static PREPARED_KEYS: std::cell::RefCell<Option<Keys>> = const { std::cell::RefCell::new(None) };
}

/// Hash and sort the keys of `settings` now, in a task before the one that
/// applies them: 100,000 of the reader's own keys take a third of a step's
/// budget, which the step then need not spend.
pub fn prepare_keys(settings: &Valid) {
    let keys = timing::timed("ringcount:keys", || Keys::of(settings.key_spec()));
    PREPARED_KEYS.with(|prepared| *prepared.borrow_mut() = Some(keys));
}

/// The prepared keys, if they are the keys of `spec` (once: they are
/// dropped either way).
fn take_prepared_keys(spec: &KeySpec) -> Option<Keys> {
    PREPARED_KEYS
        .with(|prepared| prepared.borrow_mut().take())
        .filter(|keys| keys.spec() == Some(spec))
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
/// and the address reach them only through `Valid::settle`. A panel out of
/// view reads a held copy (`Model::held`): its figures keep what they last
/// showed, so nothing in it recomputes or redraws until it is near again.
///
/// It holds what more than one part of the page reads; what one panel
/// alone needs, it keeps (the guesses in `predict`, the failure view in
/// `failure`, the handout in `print`, the key in the box in `OneKey`).
#[derive(Clone, Copy)]
pub struct Model {
    /// Read-only: the settings change through `Model::try_change` alone
    /// (their writer is the edits', below), which the compiler keeps.
    pub settings: ReadSignal<Valid>,
    /// How edits reach the settings: one a frame, and whether a drag is on.
    edits: Edits,
    /// The snapshot as this reader of the model sees it (held when out of view).
    pub snapshot: Memo<Measured>,
    /// The page's newest snapshot, never held.
    pub live: Memo<Measured>,
    /// The worker's reports as this reader sees them (held when out of view).
    pub reports: Memo<Reports>,
    /// Where `app::measure` writes them.
    pub measurements: RwSignal<Reports>,
    /// The panels near the viewport, whose work the worker does first.
    pub awake: Awake,
    /// The questions the page holds back (`model::questions::QuestionSet`, as its
    /// bits; `app::asking`): each waits, with every figure that tells its
    /// answer, until the reader answers or skips it, or changes a setting.
    pub asks: RwSignal<u32>,
}

/// How edits reach the settings (`Model::try_change`).
#[derive(Clone, Copy)]
struct Edits {
    /// The settings' one writer.
    settings: WriteSignal<Valid>,
    /// An edit waiting for the next animation frame: several inputs in one
    /// frame become one update.
    pending: StoredValue<Option<Valid>>,
    /// True once an edit has been applied in the current frame.
    frame_busy: StoredValue<bool>,
    /// True while edits come closer together than a drag's pause: a panel
    /// near the viewport but out of view holds its figures until then.
    dragging: RwSignal<bool>,
}

/// The key in the one-key box (`key=`): a view choice, not a setting, so
/// typing it never invalidates a measurement. The box sets it; the ring
/// marks its lookup, the address and the worker carry it.
#[derive(Clone, Copy)]
pub struct OneKey(pub RwSignal<String>);

/// A placement chosen in a menu, or none yet, kept as its place in
/// `PlacementId::ALL`: a signal of a type the page already compiles (one of
/// a new type is about 1 KB of wasm).
#[derive(Clone, Copy)]
pub struct ChosenPlacement(RwSignal<Option<usize>>);

impl ChosenPlacement {
    pub fn none() -> ChosenPlacement {
        ChosenPlacement(RwSignal::new(None))
    }
    pub fn get(self) -> Option<PlacementId> {
        self.0.get().map(|index| PlacementId::ALL[index])
    }
    pub fn set(self, id: Option<PlacementId>) {
        let index = id.and_then(|id| PlacementId::ALL.iter().position(|&p| p == id));
        self.0.set(index);
    }
}

/// The panels near the viewport, a bit each (there are fewer than 32): a
/// signal of a type the page already compiles, where a list of panels
/// brought one of its own (about 2 KB of wasm).
#[derive(Clone, Copy)]
pub struct Awake(RwSignal<u32>);

impl Awake {
    fn bit(id: PanelId) -> u32 {
        1 << id as u32
    }
    /// Whether panel `id` is near, tracked.
    pub fn has(self, id: PanelId) -> bool {
        self.0.get() & Awake::bit(id) != 0
    }
    pub fn set(self, id: PanelId, near: bool) {
        self.0.update(|set| {
            *set = if near {
                *set | Awake::bit(id)
            } else {
                *set & !Awake::bit(id)
            }
        });
    }
}

/// Set `signal` to `value` only if it differs, so nothing that follows it
/// runs for no change.
pub fn set_changed(signal: RwSignal<bool>, value: bool) {
    if signal.get_untracked() != value {
        signal.set(value);
    }
}

/// `source` while `awake`; the value it last had while not.
fn held<T: Clone + PartialEq + Send + Sync + 'static>(
    awake: RwSignal<bool>,
    source: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T> {
    Memo::new(move |previous: Option<&T>| match previous {
        Some(previous) if !awake.get() => previous.clone(),
        _ => source(),
    })
}

impl Model {
    /// Whether question `id` still waits (tracked).
    pub fn holds(&self, id: QuestionId) -> bool {
        QuestionSet(self.asks.get()).holds(id)
    }

    /// Whether the ring's own question (`moved`) still waits: the ring then
    /// shows the pool before the change (tracked).
    pub fn asking(&self) -> bool {
        self.holds(QuestionId::Moved)
    }

    pub fn holds_untracked(&self, id: QuestionId) -> bool {
        QuestionSet(self.asks.get_untracked()).holds(id)
    }

    pub fn asking_untracked(&self) -> bool {
        self.holds_untracked(QuestionId::Moved)
    }

    /// Stop holding back the questions of `answered`.
    pub fn release(&self, answered: QuestionSet) {
        let now = self.asks.get_untracked();
        if now & answered.0 != 0 {
            self.asks.set(now & !answered.0);
        }
    }

    /// An edit that is the lesson's own step or a lecture's slide, not the
    /// reader's: the questions yet to be asked keep waiting.
    pub fn try_change_keeping_questions(
        &self,
        edit: impl FnOnce(&mut Settings),
    ) -> Result<(), Vec<Problem>> {
        let held = self.asks.get_untracked();
        let done = self.try_change(edit);
        if self.asks.get_untracked() != held {
            self.asks.set(held);
        }
        done
    }

    /// The model for these settings; `app::measure::keep_up_to_date` then
    /// keeps the worker's measurements current.
    pub fn new(initial: Valid, awake: Vec<PanelId>) -> Model {
        let (settings, write_settings) = signal(initial);
        // Each cache is keyed by the spec its part is built from and nothing
        // else, so no setting that shapes a part can be left out of its key.
        let keys = Memo::new(move |previous: Option<&Cached<KeySpec, Keys>>| {
            let spec = settings.with(Valid::key_spec);
            cached(previous, spec.clone(), || {
                if let Some(prepared) = take_prepared_keys(&spec) {
                    return prepared;
                }
                // A key-count step reuses the keys both counts share.
                timing::timed("ringcount:keys", || match previous {
                    Some(previous) => Keys::of_after(spec, &previous.value.0),
                    None => Keys::of(spec),
                })
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
        let live = Memo::new(move |_| {
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
        let measurements = RwSignal::new(Reports::default());
        let always = RwSignal::new(true);
        Model {
            settings,
            edits: Edits {
                settings: write_settings,
                pending: StoredValue::new(None),
                frame_busy: StoredValue::new(false),
                dragging: RwSignal::new(false),
            },
            snapshot: live,
            live,
            reports: held(always, move || measurements.get()),
            measurements,
            awake: Awake(RwSignal::new(
                awake.into_iter().fold(0, |set, id| set | Awake::bit(id)),
            )),
            asks: RwSignal::new(0),
        }
    }

    /// This model as a panel sees it that is near the viewport only while
    /// `awake`: the snapshot and the worker's reports follow the page's
    /// then, and hold what they last were otherwise.
    /// Whether a drag is on (tracked): a panel near the viewport but out of
    /// view holds its figures until it pauses.
    pub fn dragging(&self) -> bool {
        self.edits.dragging.get()
    }

    pub fn held(self, awake: RwSignal<bool>) -> Model {
        let (live, measurements) = (self.live, self.measurements);
        Model {
            snapshot: held(awake, move || live.get()),
            reports: held(awake, move || measurements.get()),
            ..self
        }
    }

    /// Read the newest of a part of the worker's report (`part` picks it
    /// out), as this reader of the model sees it.
    pub fn with_part<T, R>(
        &self,
        part: fn(&Report) -> Option<&T>,
        read: impl FnOnce(Option<Part<'_, T>>) -> R,
    ) -> R {
        self.reports.with(|d| read(d.newest(part)))
    }

    /// Apply an edit through `Valid::settle`, the same path the address takes.
    /// The edit is refused, with the problems for the control to show, if any
    /// part of it could not be used; what no longer fits the pool after an
    /// edit of the pool (a down server that left, too many replicas) is
    /// fitted quietly, as the reader asked for that change.
    pub fn try_change(&self, edit: impl FnOnce(&mut Settings)) -> Result<(), Vec<Problem>> {
        let mut edit = Some(edit);
        self.try_edit(&mut |draft| {
            if let Some(edit) = edit.take() {
                edit(draft);
            }
        })
    }

    /// `try_change`'s body, compiled once for its thirty callers' edits.
    fn try_edit(&self, edit: &mut dyn FnMut(&mut Settings)) -> Result<(), Vec<Problem>> {
        // An edit builds on one still waiting for its frame.
        let current = self
            .edits
            .pending
            .get_value()
            .unwrap_or_else(|| self.settings.get_untracked());
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
            // A reader who changes a setting has moved on from the questions.
            self.release(QuestionSet::ALL);
            timing::mark_input();
            self.note_drag();
            self.apply_next_frame(settled.valid);
            Ok(())
        } else if problems.is_empty() {
            Err(settled.notices.into_iter().map(|n| n.problem).collect())
        } else {
            Err(problems)
        }
    }

    /// Hold the panels that are only near the viewport, as a drag does,
    /// until the next frame is drawn: a change that costs a whole step (a
    /// new list of 100,000 keys) then draws what is in view in one task and
    /// lets the rest catch up in another.
    pub fn hold_near_panels_for_a_frame(&self) {
        if self.edits.dragging.get_untracked() {
            return;
        }
        self.edits.dragging.set(true);
        let dragging = self.edits.dragging;
        request_frame(move || {
            leptos::task::spawn_local(async move {
                sleep(0.0).await;
                dragging.set(false);
            })
        });
    }

    /// Mark a drag from its second close edit until it pauses.
    fn note_drag(&self) {
        if self.edits.dragging.get_untracked() || timing::until_drag_pauses(DRAG_PAUSE_MS) <= 0.0 {
            return;
        }
        self.edits.dragging.set(true);
        let dragging = self.edits.dragging;
        leptos::task::spawn_local(async move {
            loop {
                let wait = timing::until_drag_pauses(DRAG_PAUSE_MS);
                if wait <= 0.0 {
                    break;
                }
                sleep(wait).await;
            }
            dragging.set(false);
        });
    }

    /// Apply an edit now if none was applied in this frame, else at the next
    /// animation frame, once however many inputs arrive before it: a drag
    /// measures what can be drawn, and a lone input waits for nothing.
    fn apply_next_frame(&self, valid: Valid) {
        let model = *self;
        if !self.edits.frame_busy.get_value() {
            self.edits.frame_busy.set_value(true);
            self.edits.settings.set(valid);
            // The frame is free again once it has been drawn.
            request_frame(move || {
                if model.edits.pending.get_value().is_none() {
                    model.edits.frame_busy.set_value(false);
                }
            });
            return;
        }
        let already_asked = self.edits.pending.get_value().is_some();
        self.edits.pending.set_value(Some(valid));
        if already_asked {
            return;
        }
        request_frame(move || {
            if let Some(valid) = model.edits.pending.get_value() {
                model.edits.pending.set_value(None);
                model.edits.settings.set(valid);
            }
            // This frame applied an edit: the next input waits for the one after.
            request_frame(move || {
                if model.edits.pending.get_value().is_none() {
                    model.edits.frame_busy.set_value(false);
                }
            });
        });
    }
}

/// Run `work` before the next paint, or now if the browser cannot say when.
fn request_frame(work: impl FnOnce() + Copy + 'static) {
    let frame = wasm_bindgen::closure::Closure::once_into_js(work);
    let asked = web_sys::window()
        .map(|window| {
            window
                .request_animation_frame(frame.unchecked_ref())
                .is_ok()
        })
        .unwrap_or(false);
    if !asked {
        work();
    }
}

/// The page's settings at `points`, measured: the lesson's own figures.
/// Settled as every edit is (`Valid::settle`): the page compiles no other
/// way to check settings.
pub fn measured_at(page: &Valid, points: u16) -> Shared<Snapshot> {
    let mut draft = page.settings().clone();
    draft.points = points;
    Shared(Arc::new(Snapshot::of(&Valid::settle(draft, page).valid)))
}
