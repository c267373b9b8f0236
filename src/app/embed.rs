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

fn post_height() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    // The content's own height, not scrollHeight: that never reports less
    // than the frame's current height, so a frame could grow but not shrink.
    let height = root.get_bounding_client_rect().height().ceil();
    // Every form a course host already listens for (DEFINITIONS §5), so hosts that
    // strip the author's scripts still size the frame. The height is not a
    // secret, and the course page may live on any origin, hence "*"; each
    // goes to the parent only, and nothing is read back from it.
    let object = |pairs: &[(&str, JsValue)]| {
        let message = Object::new();
        for (key, value) in pairs {
            let _ = Reflect::set(&message, &JsValue::from_str(key), value);
        }
        message
    };
    let height_value = JsValue::from(height);
    // This project's own.
    let _ = parent.post_message(
        &object(&[
            ("type", HEIGHT_MESSAGE.into()),
            ("height", height_value.clone()),
        ]),
        "*",
    );
    // Canvas LMS.
    let _ = parent.post_message(
        &object(&[
            ("subject", "lti.frameResize".into()),
            ("height", height_value.clone()),
        ]),
        "*",
    );
    // Embedly and Medium-style hosts read a JSON string.
    // A whole number of pixels, written as an integer: formatting a float
    // would bring a float printer into the first screen's module (7 KB).
    let embedly = format!(
        "{{\"context\":\"iframe.resize\",\"height\":{}}}",
        height as u32
    );
    let _ = parent.post_message(&JsValue::from_str(&embedly), "*");
    // A WordPress embed carries its secret in the address fragment.
    if let Some(secret) = WORDPRESS_SECRET.with(|s| s.clone()) {
        let _ = parent.post_message(
            &object(&[
                ("secret", JsValue::from_str(&secret)),
                ("message", "height".into()),
                ("value", height_value),
            ]),
            "*",
        );
    }
}

thread_local! {
    /// Read once, when the page starts: the address may change after.
    static WORDPRESS_SECRET: Option<String> = web_sys::window().and_then(|w| wordpress_secret(&w));
}

/// The secret of `#?secret=S` (a WordPress embed), if the fragment has one.
fn wordpress_secret(window: &web_sys::Window) -> Option<String> {
    let hash = window.location().hash().ok()?;
    let query = hash.strip_prefix("#?")?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("secret="))
        .filter(|secret| {
            !secret.is_empty()
                && secret.len() <= 64
                && secret.bytes().all(|b| b.is_ascii_alphanumeric())
        })
        .map(str::to_string)
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
