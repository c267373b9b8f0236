//! How the page is laid out, fixed when it starts: one context for what
//! every part may ask of it, read through `layout()`. (Each context type is
//! a lookup compiled of its own, about 700 bytes of wasm.)

use leptos::prelude::*;
use model::panels::PanelId;
use model::questions::QuestionId;

/// A panel the page has: its id, heading and what it teaches.
pub type PanelEntry = (PanelId, &'static str, &'static str);

#[derive(Clone, Copy, Default)]
pub struct Layout {
    /// Every panel there is, in page order (what the embed dialog offers).
    pub all: &'static [PanelEntry],
    /// The panels on this page. A panel offers what another holds only when
    /// that one is here: a ring embedded alone offers no guess in "Guess
    /// first" and squares no key for the failure panel's replicas.
    pub shown: &'static [PanelId],
    /// One panel embedded alone: it is a page of its own, its heading the
    /// page's `h1`.
    pub alone: bool,
    /// `q=ID`: one question alone, for a course page (None: all in turn).
    pub only_question: Option<QuestionId>,
}

/// The page's layout; outside the app (a test's mount), an empty one.
pub fn layout() -> Layout {
    use_context::<Layout>().unwrap_or_default()
}

/// Whether panel `id` is on the page.
pub fn shown_here(id: PanelId) -> bool {
    layout().shown.contains(&id)
}
