//! Nothing told before it is asked (DEFINITIONS §12), where the compiler
//! cannot see it: the style hides the figures of every question that waits,
//! one rule per `QuestionId`, so a seventh question without its rule fails
//! here. (A figure's marks are a `QuestionSet`, typed; no question is named
//! by hand in an attribute: `tests/architecture/ids.rs`.)

use std::fs;

use model::questions::QuestionId;

#[test]
fn the_style_hides_each_waiting_questions_figures() {
    let style = fs::read_to_string("style/main.css").expect("the style");
    for id in QuestionId::ALL {
        let id = id.as_str();
        for rule in [
            format!("[data-asks~=\"{id}\"] [data-tells~=\"{id}\"] > *"),
            format!("[data-asks~=\"{id}\"] [data-tells~=\"{id}\"]::before"),
            format!(
                "[data-asks~=\"{id}\"] .panel-slot:not([data-panel=\"ring\"]):has([data-tells~=\"{id}\"]) > .held-note"
            ),
        ] {
            assert!(style.contains(&rule), "no rule {rule}");
        }
    }
}
