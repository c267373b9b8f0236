//! Every panel of the page, in one list: its id (for `panel=`), its heading,
//! the deferred work it needs measured, the component that draws it (in the
//! browser) and the figures the native oracle prints for it (natively).
//! The page, the address parser, the deferred work and the oracle all read
//! `ALL`, so adding a panel is its component's file and one entry here.

pub use crate::work::Work;

use crate::snapshot_panels;

#[cfg(not(target_arch = "wasm32"))]
use crate::oracle::{self, Measured};
#[cfg(not(target_arch = "wasm32"))]
use serde_json::json;

#[cfg(target_arch = "wasm32")]
use leptos::prelude::{AnyView, IntoAny};

/// One panel of the page.
pub struct PanelDef {
    /// `panel=ID`, and the section's element id.
    pub id: &'static str,
    pub heading: &'static str,
    /// What must be measured after the frame before it is complete.
    pub needs: &'static [Work],
    /// The component that draws it.
    #[cfg(target_arch = "wasm32")]
    pub view: fn(&'static str) -> AnyView,
    /// What the oracle prints for it: (key, value) pairs of its JSON.
    #[cfg(not(target_arch = "wasm32"))]
    pub oracle: fn(&Measured) -> Vec<(&'static str, serde_json::Value)>,
}

/// Every panel, in page order.
pub const ALL: &[PanelDef] = &[
    PanelDef {
        id: "ring",
        heading: "The ring",
        needs: &[Work::Failure],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::ring::ring_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |_| Vec::new(),
    },
    PanelDef {
        id: "predict",
        heading: "Guess first",
        needs: &[Work::Failure, Work::Schemes],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::predict::predict_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("questions", oracle::questions(m))],
    },
    PanelDef {
        id: snapshot_panels::ENTRIES.id,
        heading: snapshot_panels::ENTRIES.heading,
        needs: &[],
        #[cfg(target_arch = "wasm32")]
        view: |_| crate::app::panels::snapshot_panel(&snapshot_panels::ENTRIES),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("entries", json!(m.snapshot.ring_after.len()))],
    },
    PanelDef {
        id: snapshot_panels::MOVED.id,
        heading: snapshot_panels::MOVED.heading,
        needs: &[],
        #[cfg(target_arch = "wasm32")]
        view: |_| crate::app::panels::snapshot_panel(&snapshot_panels::MOVED),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| {
            vec![
                ("moved", json!(m.snapshot.moved_by_owner_diff.to_string())),
                ("moved-arc", json!(m.snapshot.moved_by_arc_walk.to_string())),
            ]
        },
    },
    PanelDef {
        id: snapshot_panels::MODULO.id,
        heading: snapshot_panels::MODULO.heading,
        needs: &[],
        #[cfg(target_arch = "wasm32")]
        view: |_| crate::app::panels::snapshot_panel(&snapshot_panels::MODULO),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| {
            vec![
                ("modulo-moved", json!(m.snapshot.modulo_moved.to_string())),
                ("even-share", json!(oracle::even_share(m.snapshot))),
            ]
        },
    },
    PanelDef {
        id: "loads",
        heading: "Load per server",
        needs: &[Work::Evenness],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::loads::loads_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: oracle::loads,
    },
    PanelDef {
        id: "failure",
        heading: "When servers fail",
        needs: &[Work::Failure],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::failure::failure_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("failure", oracle::failure(m.snapshot))],
    },
    PanelDef {
        id: "schemes",
        heading: "Every scheme, side by side",
        needs: &[Work::Schemes],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::schemes::schemes_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("schemes", oracle::schemes(m))],
    },
    PanelDef {
        id: "cost",
        heading: "What a change costs",
        needs: &[],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::cost::cost_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("cost", oracle::cost(m.snapshot))],
    },
    PanelDef {
        id: "rollout",
        heading: "Disagreement during a rollout",
        needs: &[],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::rollout::rollout_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| vec![("rollout", oracle::rollout(m.snapshot))],
    },
    PanelDef {
        id: "claims",
        heading: "Claims held",
        needs: &[Work::Claims],
        #[cfg(target_arch = "wasm32")]
        view: |heading| crate::app::panels::claims::claims_panel(heading).into_any(),
        #[cfg(not(target_arch = "wasm32"))]
        oracle: |m| {
            vec![
                ("claims", oracle::claims(m)),
                ("claim-kinds", oracle::claim_kinds()),
            ]
        },
    },
];

/// The panel with this id.
pub fn find(id: &str) -> Option<&'static PanelDef> {
    ALL.iter().find(|panel| panel.id == id)
}

/// A panel's heading, for its component (one source for the page, the
/// embed's title and the oracle).
pub fn heading(id: &str) -> &'static str {
    find(id).map_or("", |panel| panel.heading)
}

/// The panel ids, in page order: "ring", "entries", "moved", …
pub fn ids() -> Vec<&'static str> {
    ALL.iter().map(|panel| panel.id).collect()
}

/// The deferred work the given panels need, each once, in a fixed order.
pub fn work_for<'a>(panels: impl IntoIterator<Item = &'a PanelDef>) -> Vec<Work> {
    let mut needed: Vec<Work> = Vec::new();
    for panel in panels {
        for &work in panel.needs {
            if !needed.contains(&work) {
                needed.push(work);
            }
        }
    }
    // The claims judge schemes too, so the schemes come first when both run.
    let order = [Work::Failure, Work::Schemes, Work::Claims, Work::Evenness];
    order.into_iter().filter(|w| needed.contains(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_headings_present() {
        let ids = ids();
        for (index, id) in ids.iter().enumerate() {
            assert!(!ids[..index].contains(id), "{id} twice");
            assert!(!heading(id).is_empty(), "{id}");
        }
        assert_eq!(
            work_for(ALL),
            vec![Work::Failure, Work::Schemes, Work::Claims, Work::Evenness]
        );
        assert!(work_for(find("moved")).is_empty());
    }
}
