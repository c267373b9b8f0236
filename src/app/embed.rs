//! Talking to the page around us: an embedded page reports its height to
//! the parent so a course page can size the iframe, and a panic, should one
//! ever happen, becomes a visible banner instead of a frozen page.

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::dom;
use crate::render::markup::Markup;

/// This project's own message to the parent window: `{ type: "ringcount:height", height }`.
pub const HEIGHT_MESSAGE: &str = "ringcount:height";

/// Tell the frame's parent the page's height: early.js's
/// `ringcountHeight`, in the page's head before any module, writes every
/// form a course host listens for (DEFINITIONS §5), for whichever module
/// draws the embed.
fn post_height() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let post = Reflect::get(&window, &JsValue::from_str("ringcountHeight"));
    if let Ok(post) = post.and_then(|post| post.dyn_into::<js_sys::Function>()) {
        let _ = post.call0(&JsValue::NULL);
    }
}

/// Report the height whenever the content's size changes, starting with
/// its first layout (a ResizeObserver reports every element it is given
/// once, at once). Not in a frame, there is nobody to tell: a page opened
/// on its own is its own parent, and the reports only cost its first paint.
pub fn report_height_to_parent() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !framed(&window) {
        return;
    }
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    let callback = Closure::<dyn FnMut(JsValue)>::new(move |_entries: JsValue| post_height());
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        observer.observe(&root);
    }
    // The observer lives as long as the page.
    callback.forget();
}

/// Report the height once, if in a frame: the first screen's module does,
/// so the frame fits the panel before the app arrives and starts observing.
pub fn report_height_once() {
    if web_sys::window().is_some_and(|window| framed(&window)) {
        post_height();
    }
}

/// Whether the page is in a frame: a page opened on its own is its own parent.
fn framed(window: &web_sys::Window) -> bool {
    window
        .parent()
        .ok()
        .flatten()
        .is_some_and(|parent| !Object::is(parent.as_ref(), window.as_ref()))
}

/// After the usual console report, show a banner with a way back to a
/// working page. Nothing from the panic message is in it.
pub fn install_panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let _ = show_banner();
    }));
}

fn show_banner() -> Option<()> {
    let path = dom::window()?.location().pathname().ok()?;
    let mut m = Markup::new();
    m.open(
        "div",
        &[
            ("class", Some("panic-banner")),
            ("role", Some("alert")),
            ("data-panic", Some("")),
        ],
    )
    .element(
        "p",
        &[],
        "Something went wrong inside the page and it stopped updating. Your last settings are still in the address.",
    )
    .element("a", &[("href", Some(&path))], "Reset to defaults")
    .close("div");
    dom::put_first_in_body(&m.into_string())
}
