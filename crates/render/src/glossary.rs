//! Words a first-year student may not know, each defined where it first
//! appears: the word is a button that opens its definition (a native
//! popover, so a tap on a phone shows it, where a `title` shows nothing).
//! The definitions are written once for the page ([`definitions`]) and
//! every use of a term opens the same one.

use super::markup::Markup;

/// A term: its id (`data-glossary`), the word as the definition names it,
/// and the definition.
pub struct Term {
    pub id: &'static str,
    pub word: &'static str,
    pub meaning: &'static str,
}

pub const TERMS: &[Term] = &[
    Term {
        id: "hash-mod-n",
        word: "hash mod n",
        meaning: "the obvious way to pick a server: hash the key to a number, divide by n, the number of servers, and take the remainder as the server's number. Change n and nearly every remainder changes, so nearly every key moves.",
    },
    Term {
        id: "finalizer",
        word: "Finalizer",
        meaning: "a few steps of multiplying and shifting run on a hash's result so that every input bit affects every output bit. Names that differ only in their last character then land far apart instead of side by side.",
    },
    Term {
        id: "preference-list",
        word: "Preference list",
        meaning: "Dynamo's list of the servers that keep one key: walking clockwise from the key, the first R distinct servers met. The first is the key's home; the others hold its copies and take over if it fails.",
    },
    Term {
        id: "virtual-node",
        word: "Virtual node",
        meaning: "one of a server's points on the ring. A server with 200 points is hashed to 200 places, so its share is the sum of 200 small arcs instead of one large one.",
    },
    Term {
        id: "exact-share",
        word: "Exact share",
        meaning: "the fraction of the whole circle that a server's arcs cover: what it would hold with endlessly many keys. The keys the page places are a sample of it.",
    },
    Term {
        id: "request-share",
        word: "Request share",
        meaning: "the fraction of all requests that reach a server. With every key asked for equally it is the server's share of keys; with skew, a few hot keys can outweigh many cold ones.",
    },
    Term {
        id: "moved-between",
        word: "Moved between staying servers",
        meaning: "keys that changed server although both the old and the new server are there before and after the change. A join on a consistent hashing ring moves none: every key that moves goes to the newcomer.",
    },
    Term {
        id: "zipf",
        word: "Zipf's law",
        meaning: "the key ranked r by popularity is asked for in proportion to 1/r^s. At s = 1 the most popular key gets twice the requests of the second and three times those of the third.",
    },
    Term {
        id: "harmonic",
        word: "H(K, s)",
        meaning: "the sum of 1/r^s over the ranks r = 1 … K. The hottest key's share of all requests is 1/H(K, s).",
    },
    Term {
        id: "epsilon",
        word: "ε (epsilon)",
        meaning: "how far above an even share bounded loads lets a server go: at ε = 0.25 no server holds more than 1.25 times an even share, and a key whose server is full walks on to the next.",
    },
    Term {
        id: "copyset",
        word: "Copyset",
        meaning: "the set of servers holding the replicas of one key. If every server of a copyset fails at once its keys are lost, so the more distinct copysets, the more ways a few failures can lose some key.",
    },
    Term {
        id: "maglev",
        word: "Maglev",
        meaning: "the hashing of Google's load balancer: each server fills slots of a fixed-size table in an order of its own, and a key's hash picks a slot. Nearly even, and few keys move when a server leaves.",
    },
    Term {
        id: "jump-hash",
        word: "Jump hash",
        meaning: "Lamping and Veach's scheme, which computes a key's server from the key and the number of servers alone, with no ring to store. It moves as few keys as possible, but servers can only join or leave at the end of the list.",
    },
    Term {
        id: "binomial-sd",
        word: "Binomial standard deviation",
        meaning: "how much a count of keys varies by chance. If each of K keys lands on a server with probability p, the count varies by about √(K·p·(1−p)); a difference within 3 of those is no evidence of anything.",
    },
];

fn popover_id(id: &str) -> String {
    format!("term-{id}")
}

impl Markup {
    /// `text` as a term the reader can tap for its definition.
    pub fn term(&mut self, id: &str, text: &str) -> &mut Markup {
        self.element(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("term")),
                ("data-glossary", Some(id)),
                ("popovertarget", Some(&popover_id(id))),
            ],
            text,
        )
    }
}

/// `text` as a term, as markup of its own (for views written in Leptos).
pub fn term(id: &str, text: &str) -> String {
    let mut m = Markup::new();
    m.term(id, text);
    m.into_string()
}

/// `text` with the first occurrence of `phrase` made the term `id`.
pub fn with_term(m: &mut Markup, text: &str, phrase: &str, id: &str) {
    match text.split_once(phrase) {
        Some((before, after)) => m.text(before).term(id, phrase).text(after),
        None => m.text(text),
    };
}

/// Every definition, once for the page, each a popover its terms open.
pub fn definitions() -> String {
    let mut m = Markup::new();
    for term in TERMS {
        let id = popover_id(term.id);
        m.open(
            "div",
            &[
                ("class", Some("definition")),
                ("id", Some(&id)),
                ("popover", Some("")),
                ("role", Some("note")),
            ],
        )
        .element("strong", &[], term.word)
        .text(": ")
        .text(term.meaning)
        .close("div");
    }
    m.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_one_definition_that_its_button_opens() {
        let all = definitions();
        for t in TERMS {
            assert_eq!(
                all.matches(&format!("id=\"term-{}\"", t.id)).count(),
                1,
                "{}",
                t.id
            );
            assert!(term(t.id, "x").contains(&format!("popovertarget=\"term-{}\"", t.id)));
        }
    }

    #[test]
    fn a_phrase_becomes_a_term_once() {
        let mut m = Markup::new();
        with_term(
            &mut m,
            "within 3 binomial standard deviations, twice",
            "binomial standard deviations",
            "binomial-sd",
        );
        let html = m.into_string();
        assert_eq!(html.matches("data-glossary").count(), 1, "{html}");
        assert!(
            html.starts_with("within 3 <button") && html.ends_with("</button>, twice"),
            "{html}"
        );
    }
}
