//! Escaped HTML, written as text.
//!
//! The panels' read-only parts (tables of figures, sentences with numbers in
//! them) are rendered as one string per region and set with `inner_html`. A
//! typed Leptos view costs code for every distinct element tree and every
//! reactive closure; a string builder costs the same few functions however
//! many tables use it, which is what keeps the page small (docs/DECISIONS.md,
//! "What each change bought"). Everything that reacts to input stays a
//! Leptos view.
//!
//! Every text and attribute value passes through [`escape`], so a server
//! named `<script>` is shown as those characters and never parsed.

use std::fmt::Write;

use model::figure_id::FigureId;
use model::questions::{QuestionId, QuestionSet};

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
/// `<tag class="class">` around markup already written (`Markup::written`).
pub fn wrapped(tag: &str, class: &str, markup: &str) -> String {
    let mut m = Markup::new();
    m.open(tag, &[("class", Some(class))])
        .written(markup)
        .close(tag);
    m.into_string()
}

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// `<p>` holding `text`, with `class` unless it is empty.
pub fn paragraph(class: &str, text: &str) -> String {
    let mut m = Markup::new();
    m.element(
        "p",
        &[("class", (!class.is_empty()).then_some(class))],
        text,
    );
    m.into_string()
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

    /// Markup already written, and escaped, by a `Markup` (or by
    /// `glossary::term`, which writes with one).
    pub fn written(&mut self, markup: &str) -> &mut Markup {
        self.html.push_str(markup);
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

    /// A number cell whose figure answers `answers` (none: a plain cell;
    /// `Markup::tells`).
    pub fn number_cell_telling(&mut self, answers: QuestionSet, text: &str) -> &mut Markup {
        self.open("td", &[("class", Some("num"))])
            .tells(answers, &mut |m| {
                m.text(text);
            })
            .close("td")
    }

    /// `<span data-figure="hook">value</span>`: a figure the tests and the
    /// lesson read by name.
    pub fn figure(&mut self, hook: FigureId, value: &str) -> &mut Markup {
        self.element("span", &[("data-figure", Some(hook.as_str()))], value)
    }

    /// What `inner` writes, withheld while its questions wait: the page
    /// shows "?" in its place until the reader answers them (their ids in
    /// the root's `data-asks`), and a printed handout keeps it for its last
    /// page. `answers`: the questions it gives away; none, and it is
    /// written as it is.
    /// (`inner` is a `dyn`: one copy of this for its twenty callers.)
    pub fn tells(
        &mut self,
        answers: QuestionSet,
        inner: &mut dyn FnMut(&mut Markup),
    ) -> &mut Markup {
        if answers.is_empty() {
            inner(self);
            return self;
        }
        self.open("span", &[("data-tells", Some(&answers.written()))])
            .open("span", &[]);
        inner(self);
        self.close("span").close("span")
    }

    /// A figure's plain value in a hidden hook, for a sentence that says
    /// it to the reader another way (a duration, a count with separators).
    pub fn hidden_figure(&mut self, hook: FigureId, value: &str) -> &mut Markup {
        self.element(
            "span",
            &[("data-figure", Some(hook.as_str())), ("hidden", Some(""))],
            value,
        )
    }

    /// A count inside a sentence. Its hook holds the plain number, as every
    /// figure does; from 10,000 up the hook is hidden and the reader sees
    /// the count with separators beside it.
    pub fn count_in_prose(&mut self, hook: FigureId, count: u64) -> &mut Markup {
        if count < 10_000 {
            return self.figure(hook, &count.to_string());
        }
        self.hidden_figure(hook, &count.to_string())
            .text(&model::format::thousands(count))
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

    /// A column heading that is a term the reader can tap for its meaning.
    pub fn term_heading(&mut self, id: &str, heading: &str) -> &mut Markup {
        self.open("th", &[("scope", Some("col"))])
            .term(id, heading)
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

    /// The ring's caption for a stage, with its moved count and the
    /// reader's guess beside it, if any: the same sentence in the ring panel
    /// and on the first screen before the app.
    pub fn ring_caption(
        &mut self,
        stage: &model::steps::Stage,
        guess: Option<&str>,
    ) -> &mut Markup {
        self.open(
            "p",
            &[("class", Some("caption")), ("data-caption", Some(""))],
        )
        .text(&stage.caption)
        .text(": ")
        .open("strong", &[])
        .tells(QuestionSet::of(&[QuestionId::Moved]), &mut |m| {
            m.text(&model::format::thousands(stage.moved_count as u64));
        })
        .close("strong")
        .text(" keys changed owner.");
        if let Some(guess) = guess {
            self.text(" You guessed ")
                .element("span", &[("data-caption-guess", Some(""))], guess)
                .text(".");
        }
        self.close("p")
    }

    /// The ring's caption while the page asks before it tells: the pool
    /// before the change, and the question where the count would be.
    pub fn ring_question(&mut self, snapshot: &model::Snapshot) -> &mut Markup {
        self.open(
            "p",
            &[
                ("class", Some("caption")),
                ("data-caption", Some("")),
                ("data-asks", Some(QuestionId::Moved.as_str())),
            ],
        )
        .text(&format!(
            "Before {}, {} servers hold the {} keys. ",
            snapshot.change_phrase(),
            snapshot.before.len(),
            model::format::thousands(snapshot.key_count() as u64)
        ))
        .element("strong", &[], "How many of them will change server?")
        .close("p")
    }

    pub fn into_string(self) -> String {
        self.html
    }
}

/// How a region's new markup differs from its old when its elements are
/// the same and only text and attribute values differ: the new text of
/// each changed text node, by its index among the region's text nodes in
/// document order, and each changed attribute, by its element's index
/// among the region's elements; with how many of each there are, so the
/// page can check it is patching the nodes these were counted over.
#[derive(Debug, Default, PartialEq)]
pub struct Changes {
    pub text_nodes: usize,
    pub texts: Vec<(usize, String)>,
    pub elements: usize,
    pub attributes: Vec<(usize, String, String)>,
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

/// An opening tag as `Markup::open` writes it, `<name a="v" b="w">`: its
/// name and its attributes in order, values still escaped. None for a
/// closing tag or any other form.
fn opening_tag(tag: &str) -> Option<(&str, Vec<(&str, &str)>)> {
    let inner = tag.strip_prefix('<')?.strip_suffix('>')?;
    if inner.starts_with('/') {
        return None;
    }
    let name_end = inner.find(' ').unwrap_or(inner.len());
    let (name, mut rest) = inner.split_at(name_end);
    let mut attributes = Vec::new();
    while let Some(after_space) = rest.strip_prefix(' ') {
        let (attribute, after_name) = after_space.split_once("=\"")?;
        let (value, after_value) = after_name.split_once('"')?;
        attributes.push((attribute, value));
        rest = after_value;
    }
    rest.is_empty().then_some((name, attributes))
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

/// The changes that turn `old` into `new`, or None when an element or an
/// attribute comes or goes (or a text appears or vanishes, which adds or
/// removes a node): then the region is rewritten whole. Patching only what
/// changed keeps the browser from building, styling and laying out every
/// element of the region again (a 50-server legend on each slider step).
pub fn changes(old: &str, new: &str) -> Option<Changes> {
    let (old_tags, old_texts) = tags_and_texts(old)?;
    let (new_tags, new_texts) = tags_and_texts(new)?;
    if old_tags.len() != new_tags.len() {
        return None;
    }
    let mut changes = Changes::default();
    for (old_tag, new_tag) in old_tags.iter().zip(&new_tags) {
        let closing = old_tag.starts_with("</");
        if old_tag != new_tag {
            let (old_name, old_attributes) = opening_tag(old_tag)?;
            let (new_name, new_attributes) = opening_tag(new_tag)?;
            if old_name != new_name || old_attributes.len() != new_attributes.len() {
                return None;
            }
            for ((old_attribute, old_value), (new_attribute, new_value)) in
                old_attributes.iter().zip(&new_attributes)
            {
                if old_attribute != new_attribute {
                    return None;
                }
                if old_value != new_value {
                    changes.attributes.push((
                        changes.elements,
                        new_attribute.to_string(),
                        unescape(new_value)?,
                    ));
                }
            }
        }
        if !closing {
            changes.elements += 1;
        }
    }
    for (old_text, new_text) in old_texts.iter().zip(&new_texts) {
        // An empty text between two tags is no node at all.
        match (old_text.is_empty(), new_text.is_empty()) {
            (true, true) => continue,
            (false, false) => {}
            _ => return None,
        }
        if old_text != new_text {
            changes
                .texts
                .push((changes.text_nodes, unescape(new_text)?));
        }
        changes.text_nodes += 1;
    }
    Some(changes)
}

/// A hash's name in a menu: `compact` for the phone's narrow bar, where
/// each name stands alone.
pub fn hash_label(kind: model::HashKind, compact: bool) -> &'static str {
    use model::HashKind;
    match kind {
        HashKind::Fnv1aFold if compact => "fnv1a-fold",
        HashKind::Fnv1aFold => "fnv1a-fold (default)",
        HashKind::Fnv1aMurmur => "fnv1a-murmur",
        HashKind::Fnv1a if compact => "fnv1a plain",
        HashKind::Fnv1a => "fnv1a (plain, no finalizer)",
    }
}

/// Whether `text` holds `number` as a number of its own, not inside a
/// longer one ("205" is not in "1,205" nor in "2.05").
pub fn mentions(text: &str, number: &str) -> bool {
    let part_of_number =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == ',' || c == '.');
    text.match_indices(number).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let mut after = text[at + number.len()..].chars();
        let next = after.next();
        // A sentence's full stop or a list's comma may follow a number.
        let continues = match next {
            Some(',' | '.') => after.next().is_some_and(|c| c.is_ascii_digit()),
            other => part_of_number(other),
        };
        !part_of_number(before) && !continues
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changed_text_and_attributes_are_patched() {
        let list = |name: &str, count: &str, class: &str| {
            let mut m = Markup::new();
            m.open("ul", &[("class", Some("legend"))]);
            m.element("li", &[("class", Some(class))], name)
                .element("li", &[], count);
            m.close("ul");
            m.into_string()
        };
        let old = list("a<b", "12 keys", "ink0");
        assert_eq!(
            changes(&old, &list("a<b", "9 keys & more", "ink0")),
            Some(Changes {
                text_nodes: 2,
                texts: vec![(1, "9 keys & more".to_string())],
                elements: 3,
                attributes: vec![],
            })
        );
        assert_eq!(
            changes(&old, &old),
            Some(Changes {
                text_nodes: 2,
                texts: vec![],
                elements: 3,
                attributes: vec![],
            })
        );
        // An attribute value, decoded as the browser would, on the second element.
        assert_eq!(
            changes(&old, &list("a<b", "12 keys", "ink\"1")).map(|c| c.attributes),
            Some(vec![(1, "class".to_string(), "ink\"1".to_string())])
        );
        // A name that escapes differently is still text.
        assert_eq!(
            changes(&old, &list("\"x'", "12 keys", "ink0")).map(|c| c.texts),
            Some(vec![(0, "\"x'".to_string())])
        );
        // Text that appears or vanishes adds or removes a node.
        assert_eq!(changes(&old, &list("", "12 keys", "ink0")), None);
        // An element or an attribute that comes or goes.
        assert_eq!(
            changes(&old, "<ul class=\"legend\"><li>a&lt;b</li></ul>"),
            None
        );
        assert_eq!(
            changes(
                &old,
                "<ul><li class=\"ink0\">a&lt;b</li><li>12 keys</li></ul>"
            ),
            None
        );
        assert_eq!(
            changes(
                &old,
                "<ol class=\"legend\"><li class=\"ink0\">a&lt;b</li><li>12 keys</li></ol>"
            ),
            None
        );
        // Markup not written by `Markup` is left to the browser.
        assert_eq!(
            changes(
                &old,
                "<ul class=\"legend\"><li class=\"ink0\">a&nbsp;b</li><li>12 keys</li></ul>"
            ),
            None
        );
        assert_eq!(changes("<p hidden>x</p>", "<p open>x</p>"), None);
        assert_eq!(changes("<p", "<p"), None);
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
            .figure(FigureId::Moved, "7")
            .close("tr");
        assert_eq!(
            m.into_string(),
            "<tr><td class=\"num\">1,000</td><span data-figure=\"moved\">7</span></tr>"
        );
    }

    #[test]
    fn a_count_is_found_only_as_a_number_of_its_own() {
        assert!(mentions("Of 205 moved keys, 205 went to echo.", "205"));
        assert!(mentions("the ring moved 205.", "205"));
        assert!(mentions("moved 205, against", "205"));
        assert!(mentions("(20.5%)", "20.5%"));
        assert!(!mentions("held 1,205 keys", "205"));
        assert!(!mentions("held 2,050 keys", "205"));
        assert!(!mentions("a ratio of 2.05", "205"));
        assert!(!mentions("moved 2051", "205"));
        assert!(!mentions("moved 205.5 on average", "205"));
    }
}
