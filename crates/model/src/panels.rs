//! Every panel of the page, in one list: its id (`PanelId`; a string only in
//! the address and the DOM), its heading
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

/// Writes `PanelId`, its ids, its section ids and `ALL` from one table,
/// so a panel added to the table is in all of them; every `match` over
/// `PanelId` is exhaustive, so the compiler then names each place that must
/// answer for it: its component (`view_of`), the oracle's figures, the
/// snapshot panels.
macro_rules! panel_table {
    ($($panel:ident => $id:literal, section $section:literal {
        heading: $heading:expr,
        teaches: $teaches:expr,
        needs: $needs:expr $(,)?
    })*) => {
        /// A panel of the page.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum PanelId {
            $($panel,)*
        }

        impl PanelId {
            /// `panel=ID`, `data-panel` and the heading's `ID-title`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(PanelId::$panel => $id,)*
                }
            }

            /// The id of the panel's `section`.
            pub const fn section_id(self) -> &'static str {
                match self {
                    $(PanelId::$panel => $section,)*
                }
            }
        }

        /// Every panel, in page order.
        pub const ALL: &[PanelDef] = &[$(PanelDef {
            id: PanelId::$panel,
            heading: $heading,
            teaches: $teaches,
            needs: $needs,
        },)*];
    };
}

impl PanelId {
    /// The panel an address or a message names, if any.
    pub fn from_id(id: &str) -> Option<PanelId> {
        ALL.iter()
            .map(|panel| panel.id)
            .find(|panel| panel.as_str() == id)
    }

    /// Its entry in `ALL`: heading, teaching line, measurements.
    pub fn def(self) -> &'static PanelDef {
        // `ALL` lists the variants in their order: the table writes both.
        &ALL[self as usize]
    }

    /// The id of its heading, which labels its section.
    pub fn title_id(self) -> String {
        format!("{}-title", self.as_str())
    }
}

impl serde::Serialize for PanelId {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(self.as_str())
    }
}

/// One panel of the page.
pub struct PanelDef {
    pub id: PanelId,
    pub heading: &'static str,
    /// What the panel teaches, in one line, for a teacher choosing it.
    pub teaches: &'static str,
    /// What the worker must measure before it is complete.
    pub needs: &'static [Work],
}

panel_table! {
    Ring => "ring", section "ring" {
        heading: "The ring",
        teaches: "Where keys land: each key belongs to the first server point clockwise.",
        needs: &[],
    }
    Predict => "predict", section "predict" {
        heading: "Guess first",
        teaches: "Commit to a guess before the count, then see how far off it was and why.",
        needs: &[Work::Questions],
    }
    Entries => "entries", section "entries" {
        heading: "Where the points land",
        teaches: "A ring is a sorted list of points, and a lookup is one search in it.",
        needs: &[],
    }
    Moved => "moved", section "moved" {
        heading: "How many keys move",
        teaches: "A join moves only about the newcomer's share, counted two independent ways.",
        needs: &[],
    }
    Modulo => "modulo", section "modulo" {
        heading: "Ring versus modulo",
        teaches: "Why hash mod n falls short: nearly every key changes server.",
        needs: &[],
    }
    Loads => "loads", section "loads" {
        heading: "Load per server",
        teaches: "Why one point per server is unfair, and how many points even the load out.",
        needs: &[Work::Evenness],
    }
    Failure => "failure", section "failure" {
        heading: "When servers fail",
        teaches: "Where a failed server's keys go, and when replicas cover the failure.",
        // The systems too: with servers marked down, the panel compares what
        // each deployed system does (DEFINITIONS §19).
        needs: &[Work::Failure, Work::Systems],
    }
    Schemes => "schemes", section "schemes" {
        heading: "Every scheme, side by side",
        teaches: "Jump, rendezvous, Maglev and more: what each moves and what it costs.",
        needs: &[Work::Schemes],
    }
    Systems => "systems", section "systems" {
        heading: "What your load balancer does",
        teaches: "What nginx, HAProxy, Envoy and memcached clients do with the same keys.",
        needs: &[Work::Systems],
    }
    Cost => "cost", section "cost" {
        heading: "What a change costs",
        teaches: "A change as hours of copying and as cache misses, ring against modulo.",
        needs: &[],
    }
    Rollout => "rollout", section "rollout" {
        heading: "Disagreement during a rollout",
        teaches: "Writes that reach the wrong server while routers switch lists.",
        needs: &[],
    }
    Claims => "claims", section "claims-panel" {
        heading: "Claims held",
        teaches: "Textbook statements, each judged by a measurement of this ring.",
        needs: &[Work::Claims],
    }
}

/// The panel with this id.
pub fn find(id: &str) -> Option<&'static PanelDef> {
    PanelId::from_id(id).map(PanelId::def)
}

/// The panels a handout holds until the teacher picks others: the ring and
/// the lesson on paper ("Guess first" printed), whose steps carry the
/// figures of the moved count, modulo, the loads and the rest.
pub const HANDOUT: [PanelId; 2] = [PanelId::Ring, PanelId::Predict];

/// Every panel's id, in page order.
pub fn ids() -> Vec<PanelId> {
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
            assert!(!ids[..index].contains(id), "{id:?} twice");
            let panel = find(id.as_str()).expect("found by its id");
            assert_eq!(panel.id, *id);
            assert!(!panel.heading.is_empty(), "{id:?}");
        }
        for (index, panel) in ALL.iter().enumerate() {
            assert_eq!(panel.id as usize, index, "{:?}", panel.id);
        }
        assert_eq!(
            work_for(ALL),
            vec![
                Work::Questions,
                Work::Evenness,
                Work::Failure,
                Work::Systems,
                Work::Schemes,
                Work::Claims
            ]
        );
        assert!(work_for(find("moved")).is_empty());
    }
}
