//! The page's one rule for the DOM (ARCHITECTURE.md, "One rule for the
//! DOM"): what takes input is a Leptos view over signals, read-only markup
//! is written by `render::markup` and set by the patcher (`src/app/patch.rs`)
//! or, before the app, by `dom::set_markup`, a canvas draws, and every other
//! DOM call is in `src/dom.rs`. Checked on the syntax of every file of the
//! page: each kind of call below by its meaning (every name the browser
//! gives it), and markup by what a string literal holds, wherever it is
//! written (over several lines, inside `format!` or a constant).

use crate::scan::{scan, Call, Scan};

/// A kind of DOM call, the names web-sys and Leptos give it (a name ending
/// in `*` is a prefix), and the files that may make it.
pub struct Kind {
    pub what: &'static str,
    pub methods: &'static [&'static str],
    pub functions: &'static [&'static str],
    pub allowed: &'static [&'static str],
}

const DOM: &str = "src/dom.rs";
const PATCHER: &str = "src/app/patch.rs";

pub const KINDS: [Kind; 9] = [
    Kind {
        what: "an element found",
        methods: &[
            "query_selector*",
            "get_element_by_id",
            "get_elements_by_*",
            "closest",
            "element_from_point",
            "active_element",
        ],
        functions: &[],
        allowed: &[DOM],
    },
    Kind {
        what: "an attribute or a class written or read",
        methods: &[
            "set_attribute*",
            "remove_attribute*",
            "toggle_attribute*",
            "get_attribute*",
            "has_attribute*",
            "class_list",
            "set_class_name",
            "class_name",
            "set_id",
            "dataset",
        ],
        functions: &[],
        // The patcher patches the attributes of the markup it wrote.
        allowed: &[DOM, PATCHER],
    },
    Kind {
        what: "text or a title written or read",
        methods: &[
            "set_text_content",
            "text_content",
            "set_inner_text",
            "inner_text",
            "set_title",
            "set_node_value",
        ],
        functions: &[],
        // The patcher patches the text of the markup it wrote.
        allowed: &[DOM, PATCHER],
    },
    Kind {
        what: "an element made, added or moved by hand",
        methods: &[
            "create_element*",
            "create_text_node",
            "append_child",
            "append_with_*",
            "prepend_with_*",
            "insert_before",
            "insert_adjacent_*",
            "remove_child",
            "replace_child",
            "replace_with_*",
            "replace_children*",
            "clone_node*",
        ],
        functions: &[],
        allowed: &[DOM],
    },
    Kind {
        what: "markup set as HTML",
        methods: &[
            "inner_html",
            "set_inner_html",
            "outer_html",
            "set_outer_html",
        ],
        functions: &[],
        allowed: &[DOM, PATCHER],
    },
    Kind {
        what: "a listener",
        methods: &["add_event_listener*", "remove_event_listener*", "set_on*"],
        functions: &["window_event_listener*", "document_event_listener*"],
        // The worker's messages are no DOM event: the module that talks to
        // it hears them.
        allowed: &[DOM, "src/app/measure.rs"],
    },
    Kind {
        what: "focus or scrolling",
        methods: &[
            "focus",
            "blur",
            "scroll_into_view*",
            "scroll_to*",
            "scroll_by*",
            "set_scroll_top",
        ],
        functions: &[],
        allowed: &[DOM],
    },
    Kind {
        what: "state read back from the DOM (an input's value)",
        // With no arguments: `value(id)` is the model's.
        methods: &[
            "value/0",
            "checked/0",
            "value_as_number",
            "selected_index",
            "files/0",
        ],
        functions: &[],
        allowed: &[DOM],
    },
    Kind {
        what: "an input's value written",
        // With text: a `StoredValue`'s `set_value(x)` is Leptos's.
        methods: &["set_value/text", "set_checked"],
        functions: &[],
        allowed: &[DOM],
    },
];

/// Whether `call` has `name`: a prefix (`add_*`), a count of arguments
/// (`value/0`) or a text argument (`set_value/text`) when the name says so.
fn named(call: &Call, name: &str) -> bool {
    let (name, condition) = name.split_once('/').unwrap_or((name, ""));
    let name_fits = match name.strip_suffix('*') {
        Some(prefix) => call.name.starts_with(prefix),
        None => call.name == name,
    };
    name_fits
        && match condition {
            "" => true,
            "text" => call.text_arg,
            count => count.parse() == Ok(call.args),
        }
}

/// Where read-only markup may be written as text: the writer itself.
const MARKUP_WRITERS: [&str; 1] = ["crates/render/src/markup.rs"];

/// A string that holds an HTML tag: `<` (or `</`), a letter, the tag's
/// name, then a space, `>`, `/` or the string's end (`"<p>"`, `"</td>"`,
/// `"<a href"`). `a < b`, `<=` and `<{tag}` are not.
pub fn holds_markup(text: &str) -> bool {
    text.match_indices('<').any(|(at, _)| {
        let rest = &text[at + 1..];
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        if rest.starts_with("!--") {
            return true;
        }
        if !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return false;
        }
        let after = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '-');
        after.is_empty() || after.starts_with([' ', '>', '/', '\n'])
    })
}

/// Each break of the rule in a scanned file, as `path:line: what (name)`.
pub fn breaks(path: &str, scanned: &Scan) -> Vec<String> {
    let mut found = Vec::new();
    for call in &scanned.calls {
        for kind in &KINDS {
            let names = if call.method {
                kind.methods
            } else {
                kind.functions
            };
            if names.iter().any(|name| named(call, name)) && !kind.allowed.contains(&path) {
                found.push(format!(
                    "{path}:{}: {} ({})",
                    call.line, kind.what, call.name
                ));
            }
        }
    }
    if !MARKUP_WRITERS.contains(&path) {
        for literal in &scanned.literals {
            if holds_markup(&literal.value) {
                found.push(format!(
                    "{path}:{}: markup as a string literal, not through render::markup ({:?})",
                    literal.line, literal.value
                ));
            }
        }
    }
    found
}

/// The rule's breaks in `code`, as if it were the file at `path`.
pub fn breaks_in(path: &str, code: &str) -> Vec<String> {
    breaks(path, &scan(path, code))
}
