//! Escaped HTML, written as text.
//!
//! The panels' read-only parts (tables of figures, sentences with numbers in
//! them) are rendered as one string per region and set with `inner_html`. A
//! typed Leptos view costs code for every distinct element tree and every
//! reactive closure; a string builder costs the same few functions however
//! many tables use it, which is what keeps the page small (BENCHMARKS.md,
//! "What each change bought"). Everything that reacts to input stays a
//! Leptos view.
//!
//! Every text and attribute value passes through [`escape`], so a server
//! named `<script>` is shown as those characters and never parsed.

use std::fmt::Write;

/// Append `text` with the five characters HTML treats specially escaped.
fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// `text` made safe to place in HTML text or a quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// HTML under construction. Tags and attribute names are the caller's
/// literals; every value and text is escaped on the way in.
#[derive(Default)]
pub struct Markup {
    html: String,
}

impl Markup {
    pub fn new() -> Markup {
        Markup::default()
    }

    /// `<tag a="v" …>`; an attribute whose value is `None` is left out.
    pub fn open(&mut self, tag: &str, attributes: &[(&str, Option<&str>)]) -> &mut Markup {
        self.html.push('<');
        self.html.push_str(tag);
        for (name, value) in attributes {
            if let Some(value) = value {
                let _ = write!(self.html, " {name}=\"");
                push_escaped(&mut self.html, value);
                self.html.push('"');
            }
        }
        self.html.push('>');
        self
    }

    pub fn close(&mut self, tag: &str) -> &mut Markup {
        let _ = write!(self.html, "</{tag}>");
        self
    }

    pub fn text(&mut self, text: &str) -> &mut Markup {
        push_escaped(&mut self.html, text);
        self
    }

    /// An element holding only `text`.
    pub fn element(
        &mut self,
        tag: &str,
        attributes: &[(&str, Option<&str>)],
        text: &str,
    ) -> &mut Markup {
        self.open(tag, attributes).text(text).close(tag)
    }

    /// A coloured square before a server's name; `class` names its colour
    /// (inline styles are not allowed in markup under the page's CSP).
    pub fn swatch(&mut self, class: &str) -> &mut Markup {
        self.element("span", &[("class", Some(class))], "")
    }

    /// A `<td class="num">` holding a figure.
    pub fn number_cell(&mut self, text: &str) -> &mut Markup {
        self.element("td", &[("class", Some("num"))], text)
    }

    /// `<span data-figure="hook">value</span>`: a figure the tests and the
    /// lesson read by name.
    pub fn figure(&mut self, hook: &str, value: &str) -> &mut Markup {
        self.element("span", &[("data-figure", Some(hook))], value)
    }

    /// A table that scrolls sideways on a narrow screen, in a region named
    /// `label` that the keyboard can reach (so arrow keys can scroll it);
    /// close it with [`Markup::close_scrolling_table`].
    pub fn open_scrolling_table(
        &mut self,
        label: &str,
        attributes: &[(&str, Option<&str>)],
    ) -> &mut Markup {
        self.open(
            "div",
            &[
                ("class", Some("table-scroll")),
                ("role", Some("region")),
                ("tabindex", Some("0")),
                ("aria-label", Some(label)),
            ],
        )
        .open("table", attributes)
    }

    pub fn close_scrolling_table(&mut self) -> &mut Markup {
        self.close("table").close("div")
    }

    /// A column heading with its longer meaning as a tooltip.
    pub fn abbreviated_heading(&mut self, heading: &str, meaning: &str) -> &mut Markup {
        self.open("th", &[("scope", Some("col"))])
            .element("abbr", &[("title", Some(meaning))], heading)
            .close("th")
    }

    pub fn column_heading(&mut self, heading: &str) -> &mut Markup {
        self.element("th", &[("scope", Some("col"))], heading)
    }

    /// A header row of column headings.
    pub fn head_row(&mut self, headings: &[&str]) -> &mut Markup {
        self.open("tr", &[]);
        for heading in headings {
            self.column_heading(heading);
        }
        self.close("tr")
    }

    /// A row's heading cell.
    pub fn row_heading(&mut self, text: &str) -> &mut Markup {
        self.element("th", &[("scope", Some("row"))], text)
    }

    /// A paragraph of plain text with a class.
    pub fn paragraph(&mut self, class: &str, text: &str) -> &mut Markup {
        self.element("p", &[("class", Some(class))], text)
    }

    /// The ring's caption for a stage, with its moved count: the same
    /// sentence in the ring panel and on the first screen before the app.
    pub fn ring_caption(&mut self, stage: &crate::model::steps::Stage) -> &mut Markup {
        self.open(
            "p",
            &[("class", Some("caption")), ("data-caption", Some(""))],
        )
        .text(&stage.caption)
        .text(": ")
        .element(
            "strong",
            &[],
            &crate::model::format::thousands(stage.moved_count as u64),
        )
        .text(" keys changed owner.")
        .close("p")
    }

    pub fn into_string(self) -> String {
        self.html
    }
}

/// How a region's new markup differs from its old when only its text
/// does: the new text of each changed text node, by its index among the
/// region's text nodes in document order, and how many there are.
#[derive(Debug, PartialEq)]
pub struct TextChanges {
    pub text_nodes: usize,
    pub changed: Vec<(usize, String)>,
}

/// Split markup into its tags and the text between them. Text never holds
/// `<` or `>` (they are escaped), so a tag runs from one to the next.
fn tags_and_texts(html: &str) -> Option<(Vec<&str>, Vec<&str>)> {
    let mut tags = Vec::new();
    let mut texts = Vec::new();
    let mut rest = html;
    loop {
        let open = rest.find('<').unwrap_or(rest.len());
        texts.push(&rest[..open]);
        if open == rest.len() {
            return Some((tags, texts));
        }
        let close = open + rest[open..].find('>')?;
        tags.push(&rest[open..=close]);
        rest = &rest[close + 1..];
    }
}

/// Text as the browser reads it: the five escapes `escape` writes undone;
/// None for any other `&`, which the caller leaves to the browser.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let (entity, c) = [
            ("&amp;", '&'),
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&quot;", '"'),
            ("&#39;", '\''),
        ]
        .into_iter()
        .find(|(entity, _)| rest[at..].starts_with(entity))?;
        out.push(c);
        rest = &rest[at + entity.len()..];
    }
    out.push_str(rest);
    Some(out)
}

/// The text changes that turn `old` into `new`, or None when a tag or an
/// attribute differs (or a text appears or vanishes, which adds or removes
/// a node): then the region is rewritten whole. Rewriting only the changed
/// text keeps the browser from building, styling and laying out every
/// element of the region again (a 50-server legend on each slider step).
pub fn text_changes(old: &str, new: &str) -> Option<TextChanges> {
    let (old_tags, old_texts) = tags_and_texts(old)?;
    let (new_tags, new_texts) = tags_and_texts(new)?;
    if old_tags != new_tags {
        return None;
    }
    let mut changes = TextChanges {
        text_nodes: 0,
        changed: Vec::new(),
    };
    for (old_text, new_text) in old_texts.iter().zip(&new_texts) {
        // An empty text between two tags is no node at all.
        match (old_text.is_empty(), new_text.is_empty()) {
            (true, true) => continue,
            (false, false) => {}
            _ => return None,
        }
        if old_text != new_text {
            changes
                .changed
                .push((changes.text_nodes, unescape(new_text)?));
        }
        changes.text_nodes += 1;
    }
    Some(changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_text_is_rewritten() {
        let row = |name: &str, count: &str| {
            let mut m = Markup::new();
            m.open("ul", &[("class", Some("legend"))]);
            m.element("li", &[], name).element("li", &[], count);
            m.close("ul");
            m.into_string()
        };
        let old = row("a<b", "12 keys");
        assert_eq!(
            text_changes(&old, &row("a<b", "9 keys & more")),
            Some(TextChanges {
                text_nodes: 2,
                changed: vec![(1, "9 keys & more".to_string())],
            })
        );
        assert_eq!(
            text_changes(&old, &old),
            Some(TextChanges {
                text_nodes: 2,
                changed: vec![],
            })
        );
        // A name that escapes differently is still text: decoded as the browser would.
        assert_eq!(
            text_changes(&old, &row("\"x'", "12 keys")).map(|c| c.changed),
            Some(vec![(0, "\"x'".to_string())])
        );
        // Text that appears or vanishes adds or removes a node.
        assert_eq!(text_changes(&old, &row("", "12 keys")), None);
        // A tag or an attribute that differs.
        assert_eq!(
            text_changes(
                &old,
                "<ul class=\"other\"><li>a&lt;b</li><li>12 keys</li></ul>"
            ),
            None
        );
        assert_eq!(
            text_changes(&old, "<ul class=\"legend\"><li>a&lt;b</li></ul>"),
            None
        );
        // Markup not written by `Markup` (an unknown entity) is left to the browser.
        assert_eq!(
            text_changes(
                &old,
                "<ul class=\"legend\"><li>a&nbsp;b</li><li>12 keys</li></ul>"
            ),
            None
        );
        // An unclosed tag.
        assert_eq!(text_changes("<p", "<p"), None);
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let mut m = Markup::new();
        m.element(
            "td",
            &[("data-name", Some("a\"><script>")), ("title", None)],
            "<b>&'",
        );
        assert_eq!(
            m.into_string(),
            "<td data-name=\"a&quot;&gt;&lt;script&gt;\">&lt;b&gt;&amp;&#39;</td>"
        );
    }

    #[test]
    fn elements_nest_in_order() {
        let mut m = Markup::new();
        m.open("tr", &[])
            .number_cell("1,000")
            .figure("moved", "7")
            .close("tr");
        assert_eq!(
            m.into_string(),
            "<tr><td class=\"num\">1,000</td><span data-figure=\"moved\">7</span></tr>"
        );
    }
}
