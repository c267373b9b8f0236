//! The "Your keys" box's text: what was read, and the first lines as they
//! will be read. Markup, not a view tree: the box's text costs the page a
//! string, not a component's worth of code.

use model::figure_id::FigureId;
use model::format::thousands;
use model::your_keys::{KeyList, Reading, MAX_KEY_CHARS, MAX_PLACED};

use super::markup::Markup;

/// Lines shown in the preview, and characters of each.
const PREVIEW_LINES: usize = 5;
const PREVIEW_CHARS: usize = 64;

/// The keys in use: where from, lines read, distinct and placed (each a
/// `data-figure`), and a note for each part of the input that was changed
/// or left out.
pub fn summary(list: &KeyList, source: &str) -> String {
    let mut m = Markup::new();
    m.open("p", &[("class", Some("keys-summary"))])
        .text("In use: your keys from ")
        .element("strong", &[], source)
        .text(". ")
        .figure(FigureId::KeysRead, &thousands(list.lines as u64))
        .text(" lines read, ")
        .figure(FigureId::KeysDistinct, &thousands(list.distinct as u64))
        .text(" distinct keys, ")
        .figure(FigureId::KeysPlaced, &thousands(list.keys.len() as u64))
        .text(" placed. A key seen k times is k requests.")
        .close("p");
    if list.distinct > list.keys.len() {
        m.paragraph(
            "help",
            &format!(
                "More than {} distinct keys: the {} with the smallest XXH64 (seed 1) are placed, the same sample every time.",
                thousands(MAX_PLACED as u64),
                thousands(MAX_PLACED as u64)
            ),
        );
    }
    for (count, what) in [
        (
            list.too_long,
            format!("lines longer than {MAX_KEY_CHARS} characters were skipped"),
        ),
        (
            list.missing_field,
            "lines without the field were skipped".to_string(),
        ),
        (
            list.replaced,
            "keys held bytes that are not UTF-8, replaced by �".to_string(),
        ),
    ] {
        if count > 0 {
            m.paragraph("help", &format!("{} {what}.", thousands(count as u64)));
        }
    }
    m.into_string()
}

/// The first lines of `head` and the key each gives as `reading` will read
/// them; empty when there is nothing to show.
pub fn preview(head: &str, reading: Reading) -> String {
    let rows: Vec<(String, String)> = head
        .lines()
        .filter(|line| !line.trim().is_empty())
        .take(PREVIEW_LINES)
        .map(|line| {
            let key = match reading.key(line) {
                Ok(Some(key)) => key.to_string(),
                Ok(None) => String::new(),
                Err(_) => format!("(no field {})", reading.field.unwrap_or(0)),
            };
            // Enough of the line to see where the field is.
            let shown: String = line.chars().take(PREVIEW_CHARS).collect();
            let cut = shown.len() < line.len();
            (if cut { format!("{shown}…") } else { shown }, key)
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut m = Markup::new();
    m.open(
        "table",
        &[
            ("class", Some("keys-preview")),
            ("data-keys-preview", Some("")),
        ],
    )
    .element("caption", &[], "The first lines, as they will be read")
    .open("thead", &[])
    .head_row(&["Line", "Key"])
    .close("thead")
    .open("tbody", &[]);
    for (line, key) in rows {
        m.open("tr", &[])
            .element("td", &[], &line)
            .element("td", &[], &key)
            .close("tr");
    }
    m.close("tbody").close("table");
    m.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::your_keys::{read, Split};

    #[test]
    fn the_summary_names_what_was_left_out() {
        let whole = Reading {
            split: Split::Spaces,
            field: None,
        };
        let long = "x".repeat(201);
        let list = read(format!("a\na\nb\n{long}\n").as_bytes(), whole).unwrap();
        let html = summary(&list, "keys <1>.txt");
        assert!(
            html.contains(r#"<span data-figure="keys-read">4</span>"#),
            "{html}"
        );
        assert!(html.contains(r#"<span data-figure="keys-distinct">2</span>"#));
        assert!(html.contains("keys &lt;1&gt;.txt"));
        assert!(html.contains("1 lines longer than 200 characters were skipped."));
        assert!(!html.contains("XXH64"));
    }

    #[test]
    fn the_preview_shows_the_field_each_line_gives() {
        let log = "1.2.3.4 - - [02/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200\nshort\n";
        let html = preview(
            log,
            Reading {
                split: Split::Spaces,
                field: Some(7),
            },
        );
        assert!(html.contains("<td>/a</td>"), "{html}");
        assert!(html.contains("<td>(no field 7)</td>"));
        assert_eq!(
            preview(
                "\n \n",
                Reading {
                    split: Split::Spaces,
                    field: None
                }
            ),
            ""
        );
    }
}
