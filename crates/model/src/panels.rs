//! Every panel of the page, in one list: its id (for `panel=`), its heading
//! and the measurements it needs from the worker. The page (which maps each
//! id to its component), the address parser, the worker and the oracle
//! (which maps each id to the figures it prints) all read `ALL`.

/// What a panel needs measured beyond the snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Work {
    /// Where down servers' keys go, and the copysets (DEFINITIONS §8).
    Failure,
    /// Every placement scheme on the same change (DEFINITIONS §7).
    Schemes,
    /// Every deployed system on the same change (DEFINITIONS §15).
    Systems,
    /// Every claim of `claims::ALL` (which may need the schemes).
    Claims,
    /// The spread chart: the ring's evenness at several point settings.
    Evenness,
    /// "Guess first": each question's answer (needs the failure and the schemes).
    Questions,
}

impl Work {
    pub const ALL: [Work; 6] = [
        Work::Failure,
        Work::Schemes,
        Work::Systems,
        Work::Claims,
        Work::Evenness,
        Work::Questions,
    ];

    /// Its id in a request: "failure", "schemes", …
    pub fn id(self) -> &'static str {
        match self {
            Work::Failure => "failure",
            Work::Schemes => "schemes",
            Work::Systems => "systems",
            Work::Claims => "claims",
            Work::Evenness => "evenness",
            Work::Questions => "questions",
        }
    }

    pub fn from_id(id: &str) -> Option<Work> {
        Work::ALL.into_iter().find(|work| work.id() == id)
    }
}

/// One panel of the page.
pub struct PanelDef {
    /// `panel=ID`, and the section's element id.
    pub id: &'static str,
    pub heading: &'static str,
    /// What the worker must measure before it is complete.
    pub needs: &'static [Work],
}

/// Every panel, in page order.
pub const ALL: &[PanelDef] = &[
    PanelDef {
        id: "ring",
        heading: "The ring",
        needs: &[],
    },
    PanelDef {
        id: "predict",
        heading: "Guess first",
        needs: &[Work::Questions],
    },
    PanelDef {
        id: "entries",
        heading: "Where the points land",
        needs: &[],
    },
    PanelDef {
        id: "moved",
        heading: "How many keys move",
        needs: &[],
    },
    PanelDef {
        id: "modulo",
        heading: "Ring versus modulo",
        needs: &[],
    },
    PanelDef {
        id: "loads",
        heading: "Load per server",
        needs: &[Work::Evenness],
    },
    PanelDef {
        id: "failure",
        heading: "When servers fail",
        needs: &[Work::Failure],
    },
    PanelDef {
        id: "schemes",
        heading: "Every scheme, side by side",
        needs: &[Work::Schemes],
    },
    PanelDef {
        id: "systems",
        heading: "What your load balancer does",
        needs: &[Work::Systems],
    },
    PanelDef {
        id: "cost",
        heading: "What a change costs",
        needs: &[],
    },
    PanelDef {
        id: "rollout",
        heading: "Disagreement during a rollout",
        needs: &[],
    },
    PanelDef {
        id: "claims",
        heading: "Claims held",
        needs: &[Work::Claims],
    },
];

/// Every panel's id, in page order.
pub const IDS: [&str; ALL.len()] = {
    let mut ids = [""; ALL.len()];
    let mut index = 0;
    while index < ids.len() {
        ids[index] = ALL[index].id;
        index += 1;
    }
    ids
};

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

/// What the given panels need measured, each once, in the order given.
pub fn work_for<'a>(panels: impl IntoIterator<Item = &'a PanelDef>) -> Vec<Work> {
    let mut needed: Vec<Work> = Vec::new();
    for panel in panels {
        for &work in panel.needs {
            if !needed.contains(&work) {
                needed.push(work);
            }
        }
    }
    needed
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
            vec![
                Work::Questions,
                Work::Evenness,
                Work::Failure,
                Work::Schemes,
                Work::Systems,
                Work::Claims
            ]
        );
        assert!(work_for(find("moved")).is_empty());
    }
}
