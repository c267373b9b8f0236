//! Every DOM call that is neither a view, the patcher's markup nor a
//! canvas's pixels: finding an element, setting or clearing a hook
//! attribute, listening on the window or the document. The page's rule
//! (ARCHITECTURE.md) is views for what takes input, the patcher for
//! read-only markup, canvas for drawing, and this module for the rest;
//! `tests/architecture.rs` refuses these calls anywhere else. Nothing here
//! reads state back: an element is found to be focused, scrolled to,
//! marked or listened on.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, EventTarget, HtmlElement, Window};

pub fn window() -> Option<Window> {
    web_sys::window()
}

pub fn document() -> Option<Document> {
    window()?.document()
}

/// The element with this id.
pub fn by_id(id: &str) -> Option<Element> {
    document()?.get_element_by_id(id)
}

/// The first element `selector` matches in the page.
pub fn find(selector: &str) -> Option<Element> {
    document()?.query_selector(selector).ok()?
}

/// The first element `selector` matches inside `within`.
pub fn find_in(within: &Element, selector: &str) -> Option<Element> {
    within.query_selector(selector).ok()?
}

/// The element as one that can take focus and be clicked.
pub fn html(element: Element) -> Option<HtmlElement> {
    element.dyn_into().ok()
}

/// Set a hook or an ARIA attribute; a refusal (a bad name) is a bug the
/// browser tests would see, not the reader's to handle.
pub fn set(element: &Element, name: &str, value: &str) {
    let _ = element.set_attribute(name, value);
}

pub fn unset(element: &Element, name: &str) {
    let _ = element.remove_attribute(name);
}

// Scroll only as far as it takes to show `with` (when given) and then
// `element` whole, nothing for what is in view already, and put focus on
// `element`: with just above it, both end in view. In JavaScript: the
// options object through web-sys bindings costs the page more.
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = "
export function showAndFocus(withIt, element) {
  const nearest = { block: 'nearest' };
  withIt?.scrollIntoView(nearest);
  element.scrollIntoView(nearest);
  element.focus();
}
")]
extern "C" {
    #[wasm_bindgen(js_name = showAndFocus)]
    fn show_and_focus_js(with: Option<Element>, element: &HtmlElement);
}

/// `with` (when given) and then `element` scrolled into view only as far as
/// needed, and focus on `element`.
pub fn show_and_focus(with: Option<Element>, element: &HtmlElement) {
    show_and_focus_js(with, element);
}

/// A canvas in no document: a picture drawn off screen (a printed ring).
pub fn detached_canvas() -> Option<web_sys::HtmlCanvasElement> {
    use wasm_bindgen::JsCast;
    document()?.create_element("canvas").ok()?.dyn_into().ok()
}

/// Scroll `element` within itself a page on (`by` > 0) or back, if there is
/// more that way. A page is its height less a table's headings kept in view
/// (sticky) and a line of overlap; pages start at whole multiples of it
/// (the last ends at the bottom), so paging back retraces paging on exactly.
pub fn page_within(element: &Element, by: i32) -> bool {
    let (top, height) = (element.scroll_top(), element.client_height());
    let bottom = element.scroll_height() - height;
    let headings = find_in(element, "thead").map_or(0.0, |h| h.get_bounding_client_rect().height());
    let step = (height - headings as i32 - 40).max(height / 4).max(1);
    let to = match by > 0 {
        true if top + 1 >= bottom => return false,
        true => (top + step).min(bottom),
        false if top <= 0 => return false,
        false if top + 1 >= bottom => (bottom - 1) / step * step,
        false => top - step,
    };
    element.set_scroll_top(to.max(0));
    true
}

/// Mark the whole page (`<html>`) with attribute `name` while `on`, for a
/// state the style follows everywhere (`data-present-lesson`).
pub fn flag_page(name: &str, on: bool) {
    if let Some(root) = document().and_then(|d| d.document_element()) {
        if on {
            set(&root, name, "");
        } else {
            unset(&root, name);
        }
    }
}

/// Set attribute `name` of the whole page (`<html>`) to `value`, for a
/// state the style matches words of (`data-asks`).
pub fn mark_page(name: &str, value: &str) {
    if let Some(root) = document().and_then(|d| d.document_element()) {
        set(&root, name, value);
    }
}

/// Replace an element's content with markup written by `render::markup`
/// (escaped): the first screen's, before the app and its patcher exist.
pub fn set_markup(element: &Element, markup: &str) {
    element.set_inner_html(markup);
}

/// Call `listener` on each of `kinds` at `target`; `capture`: before the
/// event reaches its element.
pub fn listen(target: &EventTarget, kinds: &[&str], listener: &js_sys::Function, capture: bool) {
    for kind in kinds {
        let _ = target.add_event_listener_with_callback_and_bool(kind, listener, capture);
    }
}

/// Stop what `listen` started, with the same arguments.
pub fn unlisten(target: &EventTarget, kinds: &[&str], listener: &js_sys::Function, capture: bool) {
    for kind in kinds {
        let _ = target.remove_event_listener_with_callback_and_bool(kind, listener, capture);
    }
}
