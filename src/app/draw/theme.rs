//! What every canvas needs from the screen: the reader's colour scheme and
//! the pixel ratio, asked in one place.

use leptos::html::Canvas;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

thread_local! {
    /// Asked for once: the list answers for the theme of the moment, and
    /// each redraw of a drag reads it.
    static DARK_QUERY: Option<web_sys::MediaQueryList> = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
}

/// True when the reader's system asks for a dark theme.
pub fn prefers_dark() -> bool {
    DARK_QUERY.with(|query| query.as_ref().is_some_and(|query| query.matches()))
}

thread_local! {
    /// Times the screen's ratio while a figure is drawn for saving (2 for a
    /// PNG at twice the shown resolution); 1 otherwise.
    static EXPORT_SCALE: std::cell::Cell<f64> = const { std::cell::Cell::new(1.0) };
}

/// Device pixels per CSS pixel, at least 1 (times the export scale while a
/// figure is drawn for saving).
pub fn pixel_ratio() -> f64 {
    let screen = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    screen * EXPORT_SCALE.with(std::cell::Cell::get)
}

/// Run `draw` with every canvas drawn at `scale` times the screen's ratio.
pub fn at_export_scale<T>(scale: f64, draw: impl FnOnce() -> T) -> T {
    EXPORT_SCALE.with(|s| s.set(scale));
    let result = draw();
    EXPORT_SCALE.with(|s| s.set(1.0));
    result
}

/// Give a canvas a backing store of its CSS size times the pixel ratio, so
/// lines stay crisp on high-DPI screens; untouched when already that size
/// (resizing clears a canvas). Returns the ratio.
pub fn fit_canvas(canvas: &HtmlCanvasElement, css_width: f64, css_height: f64) -> f64 {
    let ratio = pixel_ratio();
    let (width, height) = (
        (css_width * ratio).round() as u32,
        (css_height * ratio).round() as u32,
    );
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    ratio
}

/// The CSS width of a canvas in whole pixels, as a ResizeObserver last
/// reported it; 0 until it is laid out, and 0 while it is hidden. Drawing
/// reads this instead of asking the element: asking in the middle of an
/// update forces the browser to lay out the whole page there and then
/// (2.5 ms of a 4.5 ms ring redraw at the largest settings,
/// docs/DECISIONS.md). Tracked, so a resize redraws. (A signal of whole
/// pixels, as `clientWidth` gives, is of a type the page already compiles.)
#[derive(Clone, Copy)]
pub struct Width(RwSignal<u32>);

impl Width {
    pub fn get(self) -> f64 {
        f64::from(self.0.get())
    }
    pub fn get_untracked(self) -> f64 {
        f64::from(self.0.get_untracked())
    }
}

pub fn observed_width(canvas: NodeRef<Canvas>) -> Width {
    let width = RwSignal::new(0u32);
    let whole = |element: &web_sys::HtmlCanvasElement| element.client_width().max(0) as u32;
    Effect::new(move |_| {
        let Some(element) = canvas.get() else { return };
        // Built for a handout: printing will not wait for an observer.
        if crate::app::print::printing() {
            width.set(whole(&element));
        }
        let target = element.clone();
        // Observers run after layout, so reading the width here forces nothing.
        let callback = Closure::<dyn FnMut(JsValue)>::new(move |_entries: JsValue| {
            width.set(whole(&target));
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&element);
        }
        // The observer lives as long as the canvas, which is as long as the page.
        callback.forget();
    });
    Width(width)
}
