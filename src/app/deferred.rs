//! The heavy measurements (the nine claims, the spread chart) run after the
//! frame that shows the new figures, a piece at a time, yielding to the
//! browser between pieces so a drag never stalls. A newer snapshot cancels
//! the work for an older one.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::{timing, Judged, Model, Shared};
use crate::model::claims::{leave_claim, removal};
use crate::model::snapshot::evenness_by_points;
use crate::model::{evaluate_one, CLAIM_COUNT, LEAVE_CLAIM};
use crate::query;

/// Point settings the spread chart measures (the reader's own is added).
pub const CHART_POINTS: [u16; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 350, 500];

/// Which snapshot the running work belongs to.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Give the browser a turn: resolve on a message to ourselves, which runs
/// after pending input and rendering but, unlike a zero-delay timer, is
/// never clamped to 4 ms.
async fn yield_to_browser() {
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

/// Work for at most this long before giving the browser a turn; well under
/// the 50 ms that counts as a long task.
const SLICE_MS: f64 = 12.0;

/// Yields when the current slice of work has run long enough.
struct Slicer {
    since: f64,
}

impl Slicer {
    fn new() -> Slicer {
        Slicer {
            since: timing::now(),
        }
    }

    async fn pause_if_due(&mut self) {
        if timing::now() - self.since > SLICE_MS {
            yield_to_browser().await;
            self.since = timing::now();
        }
    }
}

pub fn keep_up_to_date(model: Model) {
    Effect::new(move |_| {
        let measured = model.snapshot.get();
        let generation = GENERATION.fetch_add(1, Ordering::SeqCst) + 1;
        model.updating.set(true);
        let current = move || GENERATION.load(Ordering::SeqCst) == generation;
        leptos::task::spawn_local(async move {
            // Let the frame with the new figures paint first.
            yield_to_browser().await;
            let snapshot = &measured.0;
            let start = timing::now();
            let mut slicer = Slicer::new();
            let mut claims = Vec::with_capacity(CLAIM_COUNT);
            for index in 0..CLAIM_COUNT {
                if !current() {
                    return;
                }
                if index == LEAVE_CLAIM {
                    // The heaviest claim, one server at a time.
                    let mut removals = Vec::with_capacity(snapshot.after.len());
                    for &server in &snapshot.after {
                        removals.push(timing::timed("ringcount:claim-piece", || {
                            removal(snapshot, server)
                        }));
                        slicer.pause_if_due().await;
                        if !current() {
                            return;
                        }
                    }
                    claims.push(leave_claim(snapshot, &removals));
                } else {
                    claims.push(timing::timed("ringcount:claim-piece", || {
                        evaluate_one(snapshot, index)
                    }));
                }
                slicer.pause_if_due().await;
            }
            let query = query::render(&snapshot.settings, &Default::default());
            model.claims.set(Some(Judged {
                claims: Shared(Arc::new(claims)),
                query,
            }));
            timing::record_since("ringcount:claims", start);

            // The chart's settings with the reader's own slotted in, in order.
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
                if !current() {
                    return;
                }
                measured_points.extend(timing::timed("ringcount:evenness", || {
                    evenness_by_points(snapshot, &[points])
                }));
                slicer.pause_if_due().await;
            }
            model.evenness.set(Some(Shared(Arc::new(measured_points))));
            model.updating.set(false);
            timing::record_since("ringcount:deferred", start);
        });
    });
}
