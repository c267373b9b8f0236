//! Every DOM call that is neither a view, the patcher's markup nor a
//! canvas's pixels: finding an element, setting or clearing a hook
//! attribute, a text or the title, focus and scrolling, listening on the
//! window or the document, and the first screen's inputs before Leptos is
//! there. The page's rule (ARCHITECTURE.md) is views for what takes input,
//! the patcher for read-only markup, canvas for drawing, and this module for
//! the rest; `tests/architecture/dom_rule.rs` refuses these calls anywhere
//! else. Nothing here reads a setting back: an element is found to be
//! focused, scrolled to, marked or listened on, and an input's value is read
//! only from the event it sent.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, EventTarget, HtmlElement, Window};

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

/// The nearest element around `element` (itself included) that `selector`
/// matches.
pub fn enclosing(element: &Element, selector: &str) -> Option<Element> {
    element.closest(selector).ok()?
}

/// Whether `element` itself matches `selector`.
pub fn is(element: &Element, selector: &str) -> bool {
    element.matches(selector).unwrap_or(false)
}

/// An attribute of markup the page wrote (a link's `href`, a hook).
pub fn attribute(element: &Element, name: &str) -> Option<String> {
    element.get_attribute(name)
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

pub fn focus(element: &HtmlElement) {
    let _ = element.focus();
}

/// `element` scrolled into view, its top at the top.
pub fn scroll_into_view(element: &Element) {
    element.scroll_into_view();
}

/// The page scrolled by `y` pixels (up when negative).
pub fn scroll_by(y: f64) {
    if let Some(window) = window() {
        window.scroll_by_with_x_and_y(0.0, y);
    }
}

/// The viewport's height, in CSS pixels.
pub fn screen_height() -> f64 {
    window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// How far below the viewport's top `element` starts, if any of it is in view.
pub fn top_in_view(element: &Element) -> Option<f64> {
    let rect = element.get_bounding_client_rect();
    (rect.bottom() > 0.0 && rect.top() < screen_height()).then_some(rect.top())
}

/// How far below the viewport's top `element` starts (negative above it).
pub fn top_on_screen(element: &Element) -> f64 {
    element.get_bounding_client_rect().top()
}

/// Call `each` before each of the next `frames` frames is drawn, once the
/// layout it will draw is settled, until it returns false.
pub fn before_frames(frames: u32, each: impl FnMut() -> bool + 'static) {
    type Frame = Rc<RefCell<Option<Closure<dyn FnMut()>>>>;
    let Some(window) = window() else {
        return;
    };
    let frame: Frame = Rc::new(RefCell::new(None));
    let next = frame.clone();
    let (mut each, mut left) = (each, frames);
    *frame.borrow_mut() = Some(Closure::new(move || {
        left = left.saturating_sub(1);
        let again = each() && left > 0;
        let asked = again
            && next.borrow().as_ref().is_some_and(|callback| {
                web_sys::window()
                    .and_then(|w| {
                        w.request_animation_frame(callback.as_ref().unchecked_ref())
                            .ok()
                    })
                    .is_some()
            });
        if !asked {
            // The last frame: the closure lets go of itself.
            next.borrow_mut().take();
        }
    }));
    if let Some(callback) = frame.borrow().as_ref() {
        let _ = window.request_animation_frame(callback.as_ref().unchecked_ref());
    };
}

/// A flag that turns true at the reader's first wheel, touch, key or
/// pointer press from now on (a scroll of theirs, not the page's own).
pub fn reader_acts() -> Rc<std::cell::Cell<bool>> {
    let acted = Rc::new(std::cell::Cell::new(false));
    let flag = acted.clone();
    let listener = Closure::<dyn Fn(Event)>::new(move |_: Event| flag.set(true));
    if let Some(window) = window() {
        let kinds = ["wheel", "touchstart", "keydown", "pointerdown"];
        listen(&window, &kinds, listener.as_ref().unchecked_ref(), true);
    }
    // A few bytes for the page's life: it is asked once, at the start.
    listener.forget();
    acted
}

pub fn scroll_to_top() {
    if let Some(window) = window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// `element`'s text, or none, in place of what it held.
pub fn set_text(element: &Element, text: Option<&str>) {
    element.set_text_content(text);
}

pub fn set_title(title: &str) {
    if let Some(document) = document() {
        document.set_title(title);
    }
}

/// Whether the whole page (`<html>`) has `class` (set by early.js).
pub fn page_has_class(class: &str) -> bool {
    document()
        .and_then(|d| d.document_element())
        .is_some_and(|html| html.class_name().split(' ').any(|c| c == class))
}

/// Markup written by `render::markup` put first in the page's body: the
/// panic banner, which must show whatever state the app is in.
pub fn put_first_in_body(markup: &str) -> Option<()> {
    document()?
        .body()?
        .insert_adjacent_html("afterbegin", markup)
        .ok()
}

/// A canvas in no document: a picture drawn off screen (a printed ring, a
/// saved figure, the change's frames).
pub fn detached_canvas() -> Option<web_sys::HtmlCanvasElement> {
    document()?.create_element("canvas").ok()?.dyn_into().ok()
}

/// Save what `url` holds as a file named `name`, as a link's `download`.
pub fn download(url: &str, name: &str) -> Option<()> {
    let link: HtmlElement = document()?.create_element("a").ok()?.dyn_into().ok()?;
    set(&link, "href", url);
    set(&link, "download", name);
    link.click();
    Some(())
}

/// The id and value of the input or select an input or change event came
/// from: what the reader just set (the first screen's controls, which have
/// no view to hand it over).
pub fn sent_value(event: &Event) -> Option<(String, String)> {
    let target = event.target()?;
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        Some((input.id(), input.value()))
    } else {
        let select = target.dyn_ref::<web_sys::HtmlSelectElement>()?;
        Some((select.id(), select.value()))
    }
}

/// The choice a menu's change event sent, the menu put back on its empty
/// first line: a menu that leads somewhere does not stay on the place.
pub fn take_choice(event: &Event) -> String {
    let Some(menu) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
    else {
        return String::new();
    };
    let choice = menu.value();
    menu.set_value("");
    choice
}

/// Show `value` in the input or select `element` (the first screen's
/// controls, following a setting made elsewhere).
pub fn show_value(element: &Element, value: &str) {
    if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
        input.set_value(value);
    } else if let Some(select) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
        select.set_value(value);
    }
}

/// Call `heard` with every message the window receives, as long as the page
/// lives (a frame's reported height).
pub fn on_message(heard: impl Fn(web_sys::MessageEvent) + 'static) {
    let listener = Closure::<dyn Fn(Event)>::new(move |event: Event| {
        if let Ok(message) = event.dyn_into::<web_sys::MessageEvent>() {
            heard(message);
        }
    });
    if let Some(window) = window() {
        listen(
            &window,
            &["message"],
            listener.as_ref().unchecked_ref(),
            false,
        );
    }
    listener.forget();
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
