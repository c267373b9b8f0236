//! Playing the change on the ring canvas (`draw::travel`), a frame at a time
//! until it lands, and stopping it at once on any input or any redraw: the
//! ring then shows the end state, as it would have without the animation.
//! With `prefers-reduced-motion: reduce` nothing plays.
//!
//! The canvas says what it is doing, for the tests: `data-animating` while
//! a change plays, `data-frames` (frames drawn) and, once over,
//! `data-animation-end` ("landed" or "interrupted").

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlCanvasElement;

use crate::app::draw::travel::Scene;
use crate::app::timing;
use crate::dom;
use pixels::travel::progress;

/// How long the change takes to play, in ms; a stage of the step-through
/// playing itself takes less, so it lands before the next one.
pub const CHANGE_MS: f64 = 1_500.0;
pub const STAGE_MS: f64 = 800.0;

/// Inputs that stop an animation where they happen.
const STOPPING: [&str; 4] = ["pointerdown", "keydown", "wheel", "touchstart"];

/// The window's listener for the inputs that stop an animation.
type Listener = Closure<dyn FnMut()>;

/// The animation playing, if any: stopping it lands it on its end state.
struct Playing {
    stop: Rc<dyn Fn(&str)>,
}

thread_local! {
    static PLAYING: RefCell<Option<Playing>> = const { RefCell::new(None) };
}

/// Whether the reader asked for less motion.
pub fn reduced() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches())
}

/// Stop the animation playing, if any, without drawing: the caller is
/// about to draw the ring as it is.
pub fn stop() {
    if let Some(playing) = PLAYING.with(|p| p.borrow_mut().take()) {
        (playing.stop)("interrupted");
    }
}

/// Resolve with the time of the next frame.
async fn next_frame() -> f64 {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let asked = web_sys::window()
            .is_some_and(|w| w.request_animation_frame(resolve.unchecked_ref()).is_ok());
        if !asked {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
    timing::now()
}

/// Play `scene` on `canvas` over `duration` ms; `land` draws the ring as
/// it is, at the end or when anything stops it first.
pub fn play(canvas: HtmlCanvasElement, scene: Scene, duration: f64, land: Rc<dyn Fn()>) {
    stop();
    dom::set(&canvas, "data-animating", "true");
    dom::set(&canvas, "data-frames", "0");
    dom::unset(&canvas, "data-animation-end");
    let over = Rc::new(Cell::new(false));
    // Any input stops it; listeners on the window, in capture, so a
    // control that stops the event still counts.
    let listener: Rc<RefCell<Option<Listener>>> = Rc::new(RefCell::new(None));
    let stop: Rc<dyn Fn(&str)> = {
        let (canvas, over, listener) = (canvas.clone(), over.clone(), listener.clone());
        Rc::new(move |how: &str| {
            if over.replace(true) {
                return;
            }
            if let (Some(window), Some(closure)) = (dom::window(), listener.borrow_mut().take()) {
                dom::unlisten(&window, &STOPPING, closure.as_ref().unchecked_ref(), true);
            }
            dom::unset(&canvas, "data-animating");
            dom::set(&canvas, "data-animation-end", how);
        })
    };
    {
        let (stop, land) = (stop.clone(), land.clone());
        let closure = Closure::<dyn FnMut()>::new(move || {
            PLAYING.with(|p| p.borrow_mut().take());
            stop("interrupted");
            land();
        });
        if let Some(window) = dom::window() {
            dom::listen(&window, &STOPPING, closure.as_ref().unchecked_ref(), true);
        }
        *listener.borrow_mut() = Some(closure);
    }
    PLAYING.with(|p| *p.borrow_mut() = Some(Playing { stop: stop.clone() }));
    leptos::task::spawn_local(async move {
        let start = timing::now();
        let mut frames = 0u32;
        loop {
            let at = next_frame().await;
            if over.get() {
                return;
            }
            frames += 1;
            let t = progress(at - start, duration, frames);
            if t >= 1.0 {
                break;
            }
            scene.draw(&canvas, t);
            dom::set(&canvas, "data-frames", &frames.to_string());
        }
        PLAYING.with(|p| p.borrow_mut().take());
        stop("landed");
        land();
    });
}
