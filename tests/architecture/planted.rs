//! Each break of a stated rule, planted in a real panel file, is refused:
//! the checks read meaning, so a new spelling of an old break fails too.

use std::fs;
use std::path::Path;

use crate::{dom_rule, ids, scan};

const PANEL: &str = "src/app/panels/ring.rs";

fn panel_with(planted: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let code = fs::read_to_string(root.join(PANEL)).expect("the ring panel");
    format!("{code}\n{planted}\n")
}

/// The DOM rule's breaks of the panel with `planted` added, less the
/// panel's own (none).
fn dom_breaks(planted: &str) -> Vec<String> {
    let found = dom_rule::breaks_in(PANEL, &panel_with(planted));
    assert!(
        dom_rule::breaks_in(PANEL, &panel_with("")).is_empty(),
        "the panel keeps the rule"
    );
    found
}

/// Asserts that each of `whats` is among the breaks found, and nothing else.
fn refused(planted: &str, whats: &[&str]) {
    let found = dom_breaks(planted);
    assert_eq!(found.len(), whats.len(), "{planted}\nfound: {found:#?}");
    for what in whats {
        assert!(
            found.iter().any(|f| f.contains(what)),
            "{planted}\nnot refused as {what}: {found:#?}"
        );
    }
}

#[test]
fn markup_over_two_lines_is_refused() {
    refused(
        r#"fn planted(count: u32) -> String {
    format!(
        "<p class=\"note\">{} moved</p>",
        count
    )
}"#,
        &["markup as a string literal"],
    );
}

#[test]
fn a_markup_string_literal_is_refused() {
    refused(
        "const WAITING: &str = \"<p>Measuring…</p>\";",
        &["markup as a string literal"],
    );
    refused(
        "fn planted() -> String { String::from(\"</td><td>\") }",
        &["markup as a string literal"],
    );
}

#[test]
fn an_element_made_and_appended_by_hand_is_refused() {
    refused(
        r#"fn planted(document: &web_sys::Document, into: &web_sys::Element) {
    let note = document.create_element("p").unwrap();
    let _ = into.append_child(&note);
}"#,
        &[
            "made, added or moved by hand (create_element)",
            "(append_child)",
        ],
    );
}

#[test]
fn closest_or_a_class_write_outside_the_dom_module_is_refused() {
    refused(
        "fn planted(e: &web_sys::Element) -> bool { e.closest(\"details\").ok().flatten().is_some() }",
        &["an element found (closest)"],
    );
    refused(
        "fn planted(e: &web_sys::Element) { let _ = e.class_list().add_1(\"open\"); }",
        &["class written or read (class_list)"],
    );
    refused(
        "fn planted(e: &web_sys::Element) { e.set_class_name(\"open\"); }",
        &["(set_class_name)"],
    );
}

#[test]
fn a_window_listener_outside_the_dom_module_is_refused() {
    // Leptos's listener, inside a view's handler.
    refused(
        r#"fn planted() -> impl IntoView {
    view! { <button on:click=move |_| { let _ = window_event_listener(ev::keydown, |_| {}); }>"x"</button> }
}"#,
        &["a listener (window_event_listener)"],
    );
    // web-sys's, and a handler property.
    refused(
        r#"fn planted(w: &web_sys::Window, f: &js_sys::Function) {
    let _ = w.add_event_listener_with_callback("resize", f);
    w.set_onresize(Some(f));
}"#,
        &["(add_event_listener_with_callback)", "(set_onresize)"],
    );
}

#[test]
fn text_focus_scrolling_and_values_outside_the_dom_module_are_refused() {
    refused(
        r#"fn planted(e: &web_sys::HtmlElement, i: &web_sys::HtmlInputElement, d: &web_sys::Document) -> String {
    e.set_text_content(Some("done"));
    d.set_title("x");
    let _ = e.focus();
    e.scroll_into_view();
    i.value()
}"#,
        &[
            "(set_text_content)",
            "(set_title)",
            "(focus)",
            "(scroll_into_view)",
            "state read back from the DOM",
        ],
    );
}

/// The id rule's findings in the panel with `planted` added.
fn id_matches(planted: &str) -> Vec<String> {
    let tables = ids::tables();
    let code = panel_with(planted);
    ids::matched_as_strings(PANEL, &scan::scan(PANEL, &code), &tables)
}

#[test]
fn a_placement_or_question_id_matched_is_refused() {
    assert!(id_matches("").is_empty(), "the panel keeps the rule");
    let found = id_matches(
        r#"fn planted(id: &str) -> bool {
    matches!(id, "ketama" | "maglev")
}"#,
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("the placement \"ketama\" (in a pattern)"));
    let found = id_matches(
        r#"fn planted(q: &str) -> u8 {
    match q {
        "copy-hours" => 1,
        _ => 0,
    }
}"#,
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("the question \"copy-hours\""));
    // Compared, kept in a constant, or a section written by hand.
    let found = id_matches(
        r#"const WITHIN: [(&str, &str); 1] = [("one-key-title", "schemes")];
fn planted(id: &str) -> bool { id != "points" }
fn section() -> impl IntoView { view! { <section class="panel" id="moved"></section> } }"#,
    );
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("the panel \"schemes\" (kept in a constant)"));
    assert!(found[1].contains("the parameter \"points\" (compared)"));
    assert!(found[2].contains("the panel \"moved\" (a section's id written by hand)"));
}

#[test]
fn questions_and_figures_named_by_hand_are_refused() {
    let found = id_matches(
        r#"fn planted(m: &mut Markup) {
    m.open("td", &[("data-tells", Some("moved busiest"))]);
}
fn view_of() -> impl IntoView { view! { <figure data-tells="moved modulo"></figure> } }"#,
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found
        .iter()
        .all(|f| f.contains("a table's ids named by hand")));
    let found = id_matches(
        r#"fn planted(m: &mut Markup) { m.open("span", &[("data-figure", Some("moved"))]); }"#,
    );
    assert_eq!(found.len(), 1, "{found:?}");
}

#[test]
fn words_that_are_no_match_stand() {
    // A title, a comment, a control's element id and a struct's field are
    // no match; nor is markup or a DOM call in a comment or a test.
    let said = r#"// "ketama" => is how it once read; e.closest("x"); "<p>"
fn planted() -> impl IntoView {
    let title = "ketama";
    view! { <input id="points" title=title /> }
}
const TERM: Term = Term { id: "maglev" };
#[cfg(test)]
mod tests {
    fn t(e: &web_sys::Element) { let _ = e.closest("x"); assert_eq!(1, 1, "<p>"); }
}"#;
    assert!(id_matches(said).is_empty(), "{:?}", id_matches(said));
    assert!(dom_breaks(said).is_empty(), "{:?}", dom_breaks(said));
}
