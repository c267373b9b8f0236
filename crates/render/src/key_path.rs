//! One key's path as "Any one key" lists it: each step of `model::key_path`
//! a line, its value in `data-value` for the tests, beside the rule's
//! pseudo-code. Stepping through, the steps after the current one are
//! hidden and the current step's code line is marked. The steps and the
//! code are two regions, so the stepper's buttons can sit right under the
//! steps, beside the current one.

use model::key_path::KeyPath;

use super::markup::Markup;

/// The path's steps under `title`; `current` is the step shown last while
/// the reader steps through, None for every step at once. Nothing for a
/// key with no path.
pub fn key_path_steps(path: &KeyPath, title: &str, current: Option<usize>) -> String {
    if path.is_empty() {
        return String::new();
    }
    let current = current.map(|c| c.min(path.steps.len() - 1));
    let mut m = Markup::new();
    // A paragraph, not a heading: the panel's headings change level in an
    // embed, and a fixed one would skip a level there.
    m.element(
        "p",
        &[
            ("class", Some("key-path-title")),
            ("id", Some("key-path-title")),
        ],
        title,
    );
    m.open(
        "ol",
        &[
            ("class", Some("key-path")),
            ("aria-labelledby", Some("key-path-title")),
            ("data-scheme", Some(path.scheme.as_str())),
        ],
    );
    for (index, step) in path.steps.iter().enumerate() {
        let line = step.line.to_string();
        m.element(
            "li",
            &[
                ("data-key-step", Some(step.id.id())),
                ("data-value", Some(&step.value)),
                ("data-line", Some(&line)),
                ("hidden", current.filter(|&c| index > c).map(|_| "")),
                ("aria-current", (current == Some(index)).then_some("step")),
            ],
            &step.words,
        );
    }
    m.close("ol");
    m.into_string()
}

/// The rule's pseudo-code beside the steps, the current step's line marked.
pub fn key_path_code(path: &KeyPath, current: Option<usize>) -> String {
    if path.is_empty() {
        return String::new();
    }
    let marked = current.map(|c| path.steps[c.min(path.steps.len() - 1)].line);
    let mut m = Markup::new();
    m.open(
        "pre",
        &[
            ("class", Some("key-path-code")),
            ("aria-label", Some("The rule, as pseudo-code")),
        ],
    );
    m.open("code", &[]);
    for (index, line) in path.code.iter().enumerate() {
        let number = index.to_string();
        let tag = if marked == Some(index) {
            "mark"
        } else {
            "span"
        };
        m.element(
            tag,
            &[("class", Some("code-line")), ("data-line", Some(&number))],
            line,
        );
    }
    m.close("code");
    m.close("pre");
    m.into_string()
}
