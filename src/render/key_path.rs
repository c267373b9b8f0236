//! One key's path as "Any one key" lists it under the owners' table: each
//! step of `model::key_path` a line, its value in `data-value` for the tests.

use model::key_path::KeyStep;

use super::markup::Markup;

/// The steps as an ordered list; nothing for a key with no path.
pub fn key_path_markup(steps: &[KeyStep], ring_points: usize, verb: &str, changed: &str) -> String {
    if steps.is_empty() {
        return String::new();
    }
    let mut m = Markup::new();
    // A paragraph, not a heading: the panel's headings change level in an
    // embed, and a fixed one would skip a level there.
    m.element(
        "p",
        &[("class", Some("key-path-title")), ("id", Some("key-path-title"))],
        &format!(
            "Its lookup, step by step, on the ring drawn once {changed} {verb} ({} points, sorted by position):",
            model::format::thousands(ring_points as u64)
        ),
    );
    m.open(
        "ol",
        &[
            ("class", Some("key-path")),
            ("aria-labelledby", Some("key-path-title")),
        ],
    );
    for step in steps {
        m.element(
            "li",
            &[
                ("data-key-step", Some(step.id)),
                ("data-value", Some(&step.value)),
            ],
            &step.words,
        );
    }
    m.close("ol");
    m.into_string()
}
