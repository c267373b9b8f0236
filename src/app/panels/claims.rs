//! The "claims held" table: each claim, its verdict and the measurement
//! behind it. Judged by the worker after each change (see `app::measure`).
//! The whole panel is one markup region written by `render::claims`, the
//! function the worker writes it with when the verdicts come before the app.

use leptos::prelude::*;

use super::predict::settings_query;

use crate::app::layout::layout;
use crate::app::patch::markup_with_buttons;
use crate::app::state::Model;
use crate::render::claims::{moved_words, section, Shown, SHOW_ALL};

/// The panel, heading and all. A plain function, not a component: it
/// takes no props.
pub fn claims_panel() -> AnyView {
    let model = expect_context::<Model>();
    let alone = layout().alone;
    // The reader opened the worker's fold before the app: it stays open.
    let open = alone || crate::app::claims_fold_opened_before_the_app();
    // The table starts with what does not hold; the rest on request.
    let all = RwSignal::new(false);
    let render = move || {
        model.snapshot.with(|m| {
            let shown = settings_query(&m.0);
            let moved = model.with_part(
                |r| r.questions.as_ref(),
                |asked| {
                    let asked = asked.filter(|a| a.query == shown);
                    moved_words(asked.as_ref().map(|a| a.value.as_slice()))
                },
            );
            model.with_part(
                |r| r.claims.as_ref(),
                |judged| {
                    section(&Shown {
                        judged: judged.as_ref().map(|j| (j.query, j.value.as_slice())),
                        // Judged for another address than the one shown: the worker is on it.
                        behind: judged.is_none_or(|j| j.query != shown),
                        all: all.get(),
                        moved: &moved,
                        alone,
                        open,
                    })
                },
            )
        })
    };
    let press = move |button: &web_sys::Element| {
        if crate::dom::is(button, &format!("[{SHOW_ALL}]")) {
            all.update(|all| *all = !*all);
        }
    };
    markup_with_buttons(render, press)
}
