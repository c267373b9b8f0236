//! One component per panel. Each reads the measured snapshot (and the
//! worker's reports) from the model and computes nothing another panel
//! already knows.

pub mod claims;
pub mod cost;
pub mod down_table;
pub mod failure;
pub mod key_path;
pub mod loads;
pub mod predict;
pub mod ring;
pub mod rollout;
pub mod schemes;
pub mod systems;

use leptos::prelude::*;
use model::panels::{PanelDef, PanelId};
use model::questions::{QuestionId, QuestionSet};

use crate::app::layout::layout;
pub use crate::app::patch::{markup, Holder};
pub use crate::app::rows::{rows_by_name, server_swatch};
use crate::render::snapshot_panels;

/// The component that draws `panel` (one of `model::panels::ALL`) in its
/// section, under its heading, both named from its row. Exhaustive: a new
/// `PanelId` does not compile until it is drawn.
pub fn view_of(panel: &PanelDef) -> AnyView {
    let id = panel.id;
    let body = match id {
        PanelId::Ring => ring::ring_panel().into_any(),
        PanelId::Predict => predict::predict_panel().into_any(),
        PanelId::Loads => loads::loads_panel().into_any(),
        PanelId::Failure => failure::failure_panel().into_any(),
        PanelId::Schemes => schemes::schemes_panel().into_any(),
        PanelId::Systems => systems::systems_panel().into_any(),
        PanelId::Cost => cost::cost_panel().into_any(),
        PanelId::Rollout => rollout::rollout_panel().into_any(),
        // The panels written whole as markup, as a page without the app
        // writes them: the claims (by the worker), those read off the
        // snapshot alone (by the first screen).
        PanelId::Claims => return claims::claims_panel(),
        PanelId::Entries => return snapshot_panel(&snapshot_panels::ENTRIES),
        PanelId::Moved => return snapshot_panel(&snapshot_panels::MOVED),
        PanelId::Modulo => return snapshot_panel(&snapshot_panels::MODULO),
    };
    view! {
        <section class="panel" id=id.section_id() aria-labelledby=id.title_id()>
            {heading(id.title_id(), panel.heading)}
            {body}
        </section>
    }
    .into_any()
}

/// A secondary part of a panel (a long table, charts, notes), closed under
/// a line that names it until the reader opens it: the panel keeps its
/// lead, its controls and its verdict in view, and a phone the whole page
/// in a dozen screens. It prints open (`::details-content` in the style),
/// and a panel alone (an embed, `panel=`) shows it open: it is there for it.
pub fn fold(summary: &'static str, body: AnyView) -> AnyView {
    let alone = layout().shown.len() == 1;
    view! { <details class="fold" open=alone><summary>{summary}</summary>{body}</details> }
        .into_any()
}

/// The question a placement's moved count answers: hash mod n's answers
/// the modulo question, shown on the page; every other, the ring's.
pub fn moved_answers(id: model::placements::PlacementId) -> QuestionSet {
    QuestionSet::of(&[match id {
        model::placements::PlacementId::Modulo => QuestionId::Modulo,
        _ => QuestionId::Moved,
    }])
}

/// A panel drawn from the snapshot alone (`crate::render::snapshot_panels`): its
/// whole section is one markup region, the same markup the first screen's
/// module writes for an embed before the app arrives.
pub fn snapshot_panel(panel: &'static crate::render::snapshot_panels::SnapshotPanel) -> AnyView {
    let model = expect_context::<crate::app::state::Model>();
    let alone = layout().alone;
    markup(Holder::Block, move || {
        model
            .snapshot
            .with(|m| crate::render::snapshot_panels::section(panel, &m.0, alone))
    })
}

/// A panel's heading, with the id its section is labelled by.
/// A heading one level under the panel's: an h2 when the panel stands alone
/// (its own heading is the h1), an h3 in the page.
pub fn subheading(id: Option<&'static str>, text: &'static str) -> AnyView {
    if layout().alone {
        view! { <h2 id=id class="subheading">{text}</h2> }.into_any()
    } else {
        view! { <h3 id=id>{text}</h3> }.into_any()
    }
}

fn heading(id: String, text: &'static str) -> AnyView {
    if layout().alone {
        view! { <h1 id=id class="panel-title">{text}</h1> }.into_any()
    } else {
        view! { <h2 id=id>{text}</h2> }.into_any()
    }
}
