//! The heavy measurements (the claims, every placement scheme, the spread
//! chart) run after the frame that shows the new figures, a piece at a time,
//! yielding to the browser between pieces so a drag never stalls. A newer
//! snapshot cancels the work for an older one.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::state::{
    set_changed, Deferred, FailureMeasured, Judged, LookupTiming, Measured, Model, SchemeRow,
    SchemesMeasured, Shared,
};
use super::timing::{self, sleep, DRAG_PAUSE_MS};
use crate::model::claims::{self, ClaimDef, Judge};
use crate::model::failures;
use crate::model::ring::ServerId;
use crate::model::schemes::{self, SchemeResult, SchemeRun};
use crate::model::snapshot::{evenness_by_points, Evenness};
use crate::model::{Claim, Snapshot};
use crate::panels::{self as registry, Work};
use crate::query;

/// Point settings the spread chart measures (the reader's own is added).
pub const CHART_POINTS: [u16; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 350, 500];

/// Which snapshot the running work belongs to.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Give the browser a turn: resolve on a message to ourselves, which runs
/// after pending input and rendering but, unlike a zero-delay timer, is
/// never clamped to 4 ms.
async fn yield_to_browser() {
    // Printing: the handout is laid out as soon as "beforeprint" returns,
    // so the work runs to its end at once.
    if super::print::printing() {
        return;
    }
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return;
    };
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        channel.port1().set_onmessage(Some(resolve.unchecked_ref()));
        let _ = channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
    });
    let _ = JsFuture::from(promise).await;
    // The channel lives until here, so its message cannot be lost.
    drop(channel);
}

/// Work for at most this long before giving the browser a turn; with the
/// overrun of one piece judged wrong, still under 12 ms, and far under the
/// 50 ms that counts as a long task.
const SLICE_MS: f64 = 10.0;

/// Keys placed per piece of a scheme's work: a few milliseconds at worst
/// (rendezvous scoring 50 servers per key).
const KEYS_PER_PIECE: usize = 4096;

/// What a piece of work over keys should cost at the dearest rate seen: a
/// quarter of a slice, as the first pieces run before the browser has
/// optimised their code and took up to half as long again as measured.
const KEYS_PIECE_MS: f64 = SLICE_MS / 4.0;

/// How long to time each scheme's lookups: long against the clock's step.
const LOOKUP_MS: f64 = 5.0;

/// Untimed lookups first: the browser compiles hot wasm code a second time,
/// optimised, and the first lookups would otherwise time the slow tier.
const WARM_UP_MS: f64 = 1.5;

/// Yields when the current slice of work has run long enough, or would
/// with one more piece as long as the longest so far: pieces differ, and a
/// long one after a short one must not overrun the slice.
struct Slicer {
    since: f64,
    longest_piece: f64,
    last_piece: f64,
}

/// Sizes the pieces of work done key by key, whose cost per key differs a
/// hundredfold between kinds of work (rendezvous scores every server) and
/// between the browser's first and optimised code: a small first piece
/// measures it, and each later piece is sized to `KEYS_PIECE_MS` at the
/// dearest rate seen, and waits for room for that.
struct KeyPieces {
    most: usize,
    ms_per_key: Option<f64>,
}

impl KeyPieces {
    /// At most `most` keys a piece.
    fn new(most: usize) -> KeyPieces {
        KeyPieces {
            most,
            ms_per_key: None,
        }
    }

    /// How many keys the next piece takes, and what it is expected to cost.
    fn next(&self, slicer: &Slicer) -> (usize, f64) {
        let least = self.most / 8;
        match self.ms_per_key {
            None => (least, slicer.longest_piece),
            Some(rate) => {
                let count = if rate > 0.0 {
                    ((KEYS_PIECE_MS / rate) as usize).clamp(least, self.most)
                } else {
                    self.most
                };
                (count, rate * count as f64)
            }
        }
    }

    /// What the last piece, of `count` keys, cost.
    fn cost(&mut self, count: usize, ms: f64) {
        let rate = ms / count.max(1) as f64;
        self.ms_per_key = Some(self.ms_per_key.map_or(rate, |seen| seen.max(rate)));
    }
}

impl Slicer {
    fn new() -> Slicer {
        Slicer {
            since: timing::now(),
            longest_piece: 0.0,
            last_piece: 0.0,
        }
    }

    /// Run one piece of work, recorded under `name`, remembering the longest.
    fn piece<T>(&mut self, name: &str, work: impl FnOnce() -> T) -> T {
        let start = timing::now();
        let result = work();
        timing::record_since(name, start);
        self.last_piece = timing::now() - start;
        self.longest_piece = self.longest_piece.max(self.last_piece);
        result
    }

    /// Yield if `upcoming` more milliseconds would push the slice past its budget.
    async fn make_room(&mut self, upcoming: f64) {
        if timing::now() - self.since + upcoming > SLICE_MS {
            // Each slice is recorded, so the benchmark can report the longest.
            timing::record_since("ringcount:slice", self.since);
            yield_to_browser().await;
            self.since = timing::now();
        }
    }

    /// Yield unless another piece as long as the longest still fits.
    async fn pause_if_due(&mut self) {
        self.make_room(self.longest_piece).await;
    }
}

/// What each one-piece claim cost per key when it was last judged on this
/// page (the bits of an f64; zero before the first time), in `claims::ALL`
/// order. Those claims differ a hundredfold (a flag read against a walk over
/// every key), so the longest piece so far says little about the next: each
/// starts where its own cost fits.
static CLAIM_MS_PER_KEY: [AtomicU64; claims::ALL.len()] =
    [const { AtomicU64::new(0) }; claims::ALL.len()];

/// Milliseconds claim `index` is expected to take on `keys` keys; a claim
/// not yet judged here is given a slice of its own.
fn claim_cost_guess(index: usize, keys: usize) -> f64 {
    match CLAIM_MS_PER_KEY[index].load(Ordering::Relaxed) {
        0 => SLICE_MS,
        bits => f64::from_bits(bits) * keys.max(1) as f64,
    }
}

fn note_claim_cost(index: usize, keys: usize, ms: f64) {
    // Never zero, which means "not yet judged".
    let per_key = (ms / keys.max(1) as f64).max(f64::MIN_POSITIVE);
    CLAIM_MS_PER_KEY[index].store(per_key.to_bits(), Ordering::Relaxed);
}

/// What has been measured for which snapshot, so a panel that wakes up
/// later gets only the work it still lacks.
struct Done {
    snapshot: Option<Measured>,
    work: Vec<Work>,
}

pub fn keep_up_to_date(model: Model) {
    let done = StoredValue::new(Done {
        snapshot: None,
        work: Vec::new(),
    });
    Effect::new(move |_| {
        let measured = model.live.get();
        let awake = model.awake.get();
        // During a drag the next step would throw the work away, so none
        // starts, not even a task to wait in: each step of a drag paid for
        // one (a message channel and a timer). This runs again when the
        // drag pauses.
        if model.dragging.get() {
            GENERATION.fetch_add(1, Ordering::SeqCst);
            set_changed(model.updating, true);
            return;
        }
        let needed = registry::work_for(registry::ALL.iter().filter(|p| awake.contains(&p.id)));
        let fresh = done.with_value(|d| d.snapshot.as_ref() != Some(&measured));
        if fresh {
            done.set_value(Done {
                snapshot: Some(measured.clone()),
                work: Vec::new(),
            });
        }
        let work: Vec<Work> =
            done.with_value(|d| needed.into_iter().filter(|w| !d.work.contains(w)).collect());
        let generation = GENERATION.fetch_add(1, Ordering::SeqCst) + 1;
        if work.is_empty() {
            model.updating.set(false);
            return;
        }
        model.updating.set(true);
        let current = move || GENERATION.load(Ordering::SeqCst) == generation;
        let finished = move |w: Work| done.update_value(|d| d.work.push(w));
        let m = model.measurements;
        // Waiting, the task holds the snapshot weakly: during a drag each
        // step's snapshot (100,000 keys' owners twice at the largest) is
        // freed as soon as the next replaces it, not kept by a sleeping task.
        let waiting_for = Arc::downgrade(&measured.0);
        drop(measured);
        leptos::task::spawn_local(async move {
            // Let the frame with the new figures paint first.
            yield_to_browser().await;
            // During a drag the next step would throw this work away, and
            // on a phone its slices took the time the drag's frames need:
            // start once the drag pauses.
            loop {
                let wait = timing::until_drag_pauses(DRAG_PAUSE_MS);
                if wait <= 0.0 || super::print::printing() {
                    break;
                }
                sleep(wait).await;
                if !current() {
                    return;
                }
            }
            let Some(measured) = waiting_for.upgrade().map(Shared) else {
                return;
            };
            let start = timing::now();
            let mut slicer = Slicer::new();
            let query = query::render(&measured.0.settings, &Default::default());
            // The claims judge the schemes' measurements, so they are
            // measured for the claims even where no schemes panel shows them.
            let claims_need_schemes =
                work.contains(&Work::Claims) && claims::ALL.iter().any(ClaimDef::needs_schemes);
            let needs_schemes = work.contains(&Work::Schemes) || claims_need_schemes;
            // Failures first: cheap, and the ring canvas may be showing them.
            if work.contains(&Work::Failure) {
                if !measure_failure(m, &measured, &query, &mut slicer, &current).await {
                    return;
                }
                finished(Work::Failure);
            }
            let mut scheme_results: Vec<SchemeResult> = Vec::new();
            // Schemes measured earlier for this snapshot serve the claims.
            let earlier = m.with_untracked(|d| {
                d.schemes.as_ref().filter(|s| s.query == query).map(|s| {
                    s.rows
                        .0
                        .iter()
                        .map(|row| row.result.clone())
                        .collect::<Vec<_>>()
                })
            });
            if let (Some(results), false) = (earlier, work.contains(&Work::Schemes)) {
                scheme_results = results;
            } else if needs_schemes {
                // Lookups are timed only for the schemes panel: the claims
                // judge placements, and timing is 6.5 ms a scheme.
                let for_panel = work.contains(&Work::Schemes);
                let Some(rows) =
                    measure_schemes(&measured.0, for_panel, &mut slicer, &current).await
                else {
                    return;
                };
                scheme_results = rows.iter().map(|row| row.result.clone()).collect();
                if for_panel {
                    m.update(|d| {
                        d.schemes = Some(SchemesMeasured {
                            rows: Shared(Arc::new(rows)),
                            query: query.clone(),
                        })
                    });
                    finished(Work::Schemes);
                }
                timing::record_since("ringcount:schemes", start);
            }
            if work.contains(&Work::Claims) {
                let Some(judged) =
                    judge_claims(&measured.0, &scheme_results, &mut slicer, &current).await
                else {
                    return;
                };
                m.update(|d| {
                    d.claims = Some(Judged {
                        claims: Shared(Arc::new(judged)),
                        query: query.clone(),
                    })
                });
                finished(Work::Claims);
                timing::record_since("ringcount:claims", start);
            }
            if work.contains(&Work::Evenness) {
                let Some(points) = measure_evenness(&measured.0, &mut slicer, &current).await
                else {
                    return;
                };
                m.update(|d| d.evenness = Some(Shared(Arc::new(points))));
                finished(Work::Evenness);
            }
            model.updating.set(false);
            timing::record_since("ringcount:deferred", start);
        });
    });
}

/// SPEC §8 for the snapshot, a range of keys at a time; false if a newer
/// snapshot took over.
async fn measure_failure(
    m: RwSignal<Deferred>,
    measured: &Measured,
    query: &str,
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> bool {
    let snapshot = &measured.0;
    let mut failure = snapshot.failure_none();
    let down = snapshot.down_ids();
    // A key is walked to its first live owner, cheaper than placing it
    // under most schemes: pieces of up to four times as many keys.
    let mut pieces = KeyPieces::new(KEYS_PER_PIECE * 4);
    let mut from = 0;
    while from < snapshot.key_count() {
        let (count, expected) = pieces.next(slicer);
        slicer.make_room(expected).await;
        if !current() {
            return false;
        }
        let to = (from + count).min(snapshot.key_count());
        slicer.piece("ringcount:failure", || {
            failures::measure_range(
                &snapshot.ring_after,
                &snapshot.keys,
                &down,
                from..to,
                &mut failure,
            )
        });
        pieces.cost(to - from, slicer.last_piece);
        from = to;
    }
    // Copysets walk the whole ring: a piece of their own size, not a key range's.
    slicer.pause_if_due().await;
    if !current() {
        return false;
    }
    let copysets_now = slicer.piece("ringcount:failure", || {
        snapshot.copysets_at(snapshot.settings.points)
    });
    let copysets_at_one = slicer.piece("ringcount:failure", || snapshot.copysets_at(1));
    let measured = Shared(Arc::new(FailureMeasured {
        snapshot: measured.clone(),
        failure,
        copysets_now,
        copysets_at_one,
        query: query.to_string(),
    }));
    m.update(|d| d.failure = Some(measured));
    true
}

/// Every claim of `claims::ALL`, in table order, a piece at a time; None if
/// a newer snapshot took over.
async fn judge_claims(
    snapshot: &Snapshot,
    schemes: &[SchemeResult],
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> Option<Vec<Claim>> {
    let mut judged = Vec::with_capacity(claims::ALL.len());
    let keys = snapshot.key_count();
    for (index, def) in claims::ALL.iter().enumerate() {
        let verdict = match def.judge {
            // The heaviest claim, a server at a time.
            Judge::PerServer { piece, verdict } => {
                let mut pieces = Vec::with_capacity(snapshot.after.len());
                for &server in &snapshot.after {
                    slicer.pause_if_due().await;
                    if !current() {
                        return None;
                    }
                    pieces.push(slicer.piece("ringcount:claim-piece", || piece(snapshot, server)));
                }
                verdict(snapshot, &pieces)
            }
            // A client measured again with other weights: its keys placed
            // a piece at a time, as the schemes' are.
            Judge::Remeasuring { needs, verdict } => {
                let mut again = Vec::new();
                for remeasure in needs(snapshot, schemes) {
                    slicer.make_room(SLICE_MS).await;
                    if !current() {
                        return None;
                    }
                    let context = remeasure.context(snapshot);
                    let change = Change {
                        before: &remeasure.before,
                        after: &remeasure.after,
                    };
                    let run = place_keys(
                        remeasure.scheme,
                        &context,
                        snapshot,
                        change,
                        slicer,
                        current,
                    )
                    .await?;
                    again.push(count_moves(&run, snapshot, change, slicer, current).await?);
                }
                slicer.pause_if_due().await;
                if !current() {
                    return None;
                }
                slicer.piece("ringcount:claim-piece", || {
                    verdict(snapshot, schemes, &again)
                })
            }
            // Every other claim is one piece.
            Judge::Snapshot(_) | Judge::Schemes(_) => {
                slicer.make_room(claim_cost_guess(index, keys)).await;
                if !current() {
                    return None;
                }
                judged.push(slicer.piece("ringcount:claim-piece", || def.judge(snapshot, schemes)));
                note_claim_cost(index, keys, slicer.last_piece);
                continue;
            }
        };
        judged.push(def.claim(verdict));
    }
    Some(judged)
}

/// The spread chart's settings with the reader's own slotted in, in order;
/// None if a newer snapshot took over.
async fn measure_evenness(
    snapshot: &Snapshot,
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> Option<Vec<Evenness>> {
    let reader = snapshot.settings.points;
    let mut settings: Vec<u16> = CHART_POINTS
        .iter()
        .copied()
        .filter(|&p| p < reader)
        .collect();
    settings.push(reader);
    settings.extend(CHART_POINTS.iter().copied().filter(|&p| p > reader));
    let mut measured_points = Vec::with_capacity(settings.len());
    for points in settings {
        slicer.pause_if_due().await;
        if !current() {
            return None;
        }
        measured_points.extend(slicer.piece("ringcount:evenness", || {
            evenness_by_points(snapshot, &[points])
        }));
    }
    Some(measured_points)
}

/// Every scheme placed on the change in pieces, then (`time_them`) its
/// lookups timed; None if a newer snapshot took over.
async fn measure_schemes(
    snapshot: &Snapshot,
    time_them: bool,
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> Option<Vec<SchemeRow>> {
    let context = snapshot.scheme_context();
    let keys = &snapshot.keys;
    let resolution = timing::resolution_ms();
    let mut rows = Vec::with_capacity(schemes::ALL.len());
    for scheme in schemes::ALL {
        // Building a table (Maglev's 65,537 rows, twice) is the largest
        // single piece: start each scheme in a fresh slice.
        slicer.make_room(SLICE_MS).await;
        if !current() {
            return None;
        }
        let change = Change::of(snapshot);
        let run = place_keys(scheme, &context, snapshot, change, slicer, current).await?;
        let result = count_moves(&run, snapshot, change, slicer, current).await?;
        if !time_them {
            rows.push(SchemeRow {
                result,
                lookup: None,
            });
            continue;
        }
        // Time lookups in a slice of their own, for as long as it takes the
        // clock's coarse steps to matter little.
        slicer.make_room(SLICE_MS).await;
        if !current() {
            return None;
        }
        let lookup = slicer.piece("ringcount:scheme-piece", || {
            time_lookups(&run, keys, resolution)
        });
        rows.push(SchemeRow { result, lookup });
    }
    Some(rows)
}

/// The pool before a change and after it: the snapshot's own, or another
/// that a claim measures a scheme on.
#[derive(Clone, Copy)]
struct Change<'a> {
    before: &'a [ServerId],
    after: &'a [ServerId],
}

impl<'a> Change<'a> {
    fn of(snapshot: &'a Snapshot) -> Self {
        Change {
            before: &snapshot.before,
            after: &snapshot.after,
        }
    }
}

/// A scheme set up on the change, then every key placed before and after
/// it, a piece at a time; None if a newer snapshot took over. The caller
/// starts it in a fresh slice: setting up a table is the largest piece.
async fn place_keys(
    scheme: &'static dyn schemes::Scheme,
    context: &schemes::Context<'_>,
    snapshot: &Snapshot,
    change: Change<'_>,
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> Option<SchemeRun> {
    let mut run = slicer.piece("ringcount:scheme-piece", || {
        SchemeRun::start(scheme, context, change.before, change.after)
    });
    // The pieces before (another scheme's) say little about this one's.
    let mut pieces = KeyPieces::new(KEYS_PER_PIECE);
    loop {
        let (batch, expected) = pieces.next(slicer);
        slicer.make_room(expected).await;
        if !current() {
            return None;
        }
        let done = slicer.piece("ringcount:scheme-piece", || {
            run.advance(&snapshot.keys, batch)
        });
        if done {
            return Some(run);
        }
        pieces.cost(batch, slicer.last_piece);
    }
}

/// A placed scheme's moves and loads, counted over every key in one piece
/// (it ran unchecked after the last placing piece, and overran its slice);
/// None if a newer snapshot took over.
async fn count_moves(
    run: &SchemeRun,
    snapshot: &Snapshot,
    change: Change<'_>,
    slicer: &mut Slicer,
    current: &impl Fn() -> bool,
) -> Option<SchemeResult> {
    slicer.pause_if_due().await;
    if !current() {
        return None;
    }
    Some(slicer.piece("ringcount:scheme-piece", || {
        run.finish(change.before, change.after, snapshot.names.len())
    }))
}

/// Look keys up in batches until `LOOKUP_MS` has passed; ns per lookup.
fn time_lookups(
    run: &SchemeRun,
    keys: &crate::model::Keys,
    resolution_ms: f64,
) -> Option<LookupTiming> {
    let mut checksum = 0u64;
    // Both loops are bounded in count too, in case a clock never moves.
    let warm_up = timing::now();
    let mut warmed = 0usize;
    while timing::now() - warm_up < WARM_UP_MS && warmed < 10_000_000 {
        checksum = checksum.wrapping_add(run.lookups(keys, warmed, 256));
        warmed += 256;
    }
    let mut lookups = 0usize;
    let mut batch = 64usize;
    let start = timing::now();
    let mut elapsed = 0.0;
    while elapsed < LOOKUP_MS && lookups < 50_000_000 {
        checksum = checksum.wrapping_add(run.lookups(keys, lookups, batch));
        lookups += batch;
        elapsed = timing::now() - start;
        batch = (batch * 2).min(1 << 12);
    }
    std::hint::black_box(checksum);
    (elapsed > 0.0).then(|| LookupTiming {
        nanos_per_lookup: elapsed * 1e6 / lookups as f64,
        lookups,
        elapsed_ms: elapsed,
        resolution_ms,
    })
}
