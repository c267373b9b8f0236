//! Nothing told before it is asked (DEFINITIONS §12), where the compiler
//! cannot see it: the style hides the figures of every question that waits,
//! one rule per `QuestionId`, and every question a figure is marked as
//! answering (`data-tells`) is one the model asks. Read from the source, so a
//! seventh question without its rule, or a figure marked with a misspelt id
//! (which would never be hidden), fails here.

use std::fs;
use std::path::Path;

use model::questions::QuestionId;

fn source_files(dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            source_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(fs::read_to_string(&path).expect("text"));
        }
    }
}

/// The string literals that follow `opening` in `text`, up to their quote.
fn literals_after<'a>(text: &'a str, opening: &str) -> Vec<&'a str> {
    text.match_indices(opening)
        .filter_map(|(at, _)| {
            let rest = &text[at + opening.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

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

#[test]
fn every_figure_is_marked_with_questions_the_model_asks() {
    let mut files = Vec::new();
    source_files(Path::new("src"), &mut files);
    let mut marks = Vec::new();
    for text in &files {
        for opening in [
            ".tells(\"",
            "tells(\"",
            "data-tells=\"",
            "Some(\"moved",
            "Some(\"busiest",
            "Some(\"modulo",
            "Some(\"failover",
        ] {
            for literal in literals_after(text, opening) {
                let literal = match opening {
                    o if o.starts_with("Some(\"") => format!("{}{literal}", &o[6..]),
                    _ => literal.to_string(),
                };
                marks.push(literal);
            }
        }
    }
    assert!(marks.len() > 20, "the marks were found: {marks:?}");
    for mark in marks {
        for word in mark.split_whitespace() {
            assert!(
                QuestionId::from_id(word).is_some(),
                "{word:?} (in {mark:?}) is no question's id"
            );
        }
    }
}
