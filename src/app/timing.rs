//! Timing marks on the page's real code path. Each piece of work is
//! recorded with `performance.measure`, which the browser benchmark reads
//! back; nothing else changes when it is not being read.

use std::cell::Cell;

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// When the last two inputs arrived: close together, they are a drag.
    static INPUTS_AT: Cell<(f64, f64)> = const { Cell::new((f64::NEG_INFINITY, f64::NEG_INFINITY)) };
    /// Asked for once: each lookup through `window` is two more calls into
    /// JavaScript, which a timing of a few microseconds would include.
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|window| window.performance());
}

fn performance() -> Option<web_sys::Performance> {
    PERFORMANCE.with(Clone::clone)
}

pub fn now() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, |p| p.now()))
}

/// Record `name` as having run from `start` until now.
pub fn record_since(name: &str, start: f64) {
    record(name, start, now());
}

/// Record `name` as having run from `start` to `end`.
fn record(name: &str, start: f64, end: f64) {
    let Some(performance) = performance() else {
        return;
    };
    let options = Object::new();
    let _ = Reflect::set(&options, &"start".into(), &JsValue::from(start));
    let _ = Reflect::set(&options, &"end".into(), &JsValue::from(end));
    if let Ok(measure) = Reflect::get(&performance, &"measure".into()) {
        if let Ok(measure) = measure.dyn_into::<js_sys::Function>() {
            let _ = measure.call2(&performance, &name.into(), &options);
        }
    }
}

/// Run `work` and record how long it took under `name`.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let start = now();
    let result = work();
    // The clock is read before the measure is built, so only `work` counts.
    let end = now();
    record(name, start, end);
    result
}

/// Mark the moment an input arrived, so a step can be timed end to end
/// (and a drag told from a lone input).
pub fn mark_input() {
    let now = now();
    INPUTS_AT.with(|inputs| inputs.set((inputs.get().1, now)));
    if let Some(performance) = performance() {
        let _ = performance.mark("ringcount:input");
    }
}

/// Edits closer together than this are a drag: a panel near the viewport
/// but out of view holds its figures until the drag has paused this long.
pub const DRAG_PAUSE_MS: f64 = 120.0;

/// Resolve after `ms` milliseconds.
pub async fn sleep(ms: f64) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let timer = web_sys::window().map(|window| {
            window.set_timeout_with_callback_and_timeout_and_arguments_0(
                resolve.unchecked_ref(),
                ms.ceil() as i32,
            )
        });
        // No timer to be had: go on at once rather than never.
        if !matches!(timer, Some(Ok(_))) {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Resolve in the task after the next frame is drawn: work started then
/// does not compete with that frame for the machine. A frame that never
/// comes (a hidden tab, an embed scrolled out of a host's view) waits
/// `at_most` milliseconds instead.
pub async fn after_next_frame(at_most: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let asked = web_sys::window().is_some_and(|window| {
            let frame = window
                .request_animation_frame(resolve.unchecked_ref())
                .is_ok();
            let timer = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(
                    resolve.unchecked_ref(),
                    at_most,
                )
                .is_ok();
            frame || timer
        });
        if !asked {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
    sleep(0.0).await;
}

/// How long until a drag counts as paused: 0 when the last input came
/// alone (a click, a typed value), else until `quiet` ms have passed since
/// the last input.
pub fn until_drag_pauses(quiet: f64) -> f64 {
    let (previous, latest) = INPUTS_AT.with(Cell::get);
    if latest - previous >= quiet {
        return 0.0;
    }
    (quiet - (now() - latest)).max(0.0)
}

/// Record "ringcount:step" from the last input mark to now, once per input.
pub fn record_step_end() {
    let Some(performance) = performance() else {
        return;
    };
    let marks = performance.get_entries_by_name_with_entry_type("ringcount:input", "mark");
    if marks.length() == 0 {
        return;
    }
    let start = Reflect::get(&marks.get(marks.length() - 1), &"startTime".into())
        .ok()
        .and_then(|t| t.as_f64())
        .unwrap_or(0.0);
    record_since("ringcount:step", start);
    performance.clear_marks_with_mark_name("ringcount:input");
}
