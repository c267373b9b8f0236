//! The figures the page names: each `data-figure` hook, the panel that
//! shows it, written once. The page writes its hooks from these ids, the
//! oracle prints its figures under them, and the browser tests ask the
//! oracle which panel to reveal for each (`oracle --figure-panels`);
//! EMBEDDING.md lists every one (`tests/panels_named.rs`).

use crate::panels::PanelId;

macro_rules! figure_table {
    ($($variant:ident => $name:literal in $panel:ident,)*) => {
        /// A figure of the page that tests and hosts read by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum FigureId {
            $($variant,)*
        }

        impl FigureId {
            pub const ALL: [FigureId; [$($name),*].len()] = [$(FigureId::$variant,)*];

            /// Its `data-figure` hook, and its key in the oracle's output.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(FigureId::$variant => $name,)*
                }
            }

            /// The panel that shows it; none for the settings column's.
            pub const fn panel(self) -> Option<PanelId> {
                match self {
                    $(FigureId::$variant => figure_table!(@panel $panel),)*
                }
            }
        }
    };
    (@panel Settings) => { None };
    (@panel $panel:ident) => { Some(PanelId::$panel) };
}

figure_table! {
    Moved => "moved" in Moved,
    MovedArc => "moved-arc" in Moved,
    MovedRequests => "moved-requests" in Moved,
    MovedRequestShare => "moved-request-share" in Moved,
    EvenShare => "even-share" in Moved,
    ModuloMoved => "modulo-moved" in Modulo,
    Spread => "spread" in Loads,
    SpreadBefore => "spread-before" in Loads,
    HottestKeyShare => "hottest-key-share" in Loads,
    Rerouted => "rerouted" in Failure,
    ReroutedRequestShare => "rerouted-request-share" in Failure,
    NoLiveCopy => "no-live-copy" in Failure,
    CopiesToRemake => "copies-to-remake" in Failure,
    Copysets => "copysets" in Failure,
    CopysetsPossible => "copysets-possible" in Failure,
    CopySecondsRing => "copy-seconds-ring" in Cost,
    CopySecondsModulo => "copy-seconds-modulo" in Cost,
    ColdMissesRing => "cold-misses-ring" in Cost,
    ColdMissesModulo => "cold-misses-modulo" in Cost,
    MissRateRing => "miss-rate-ring" in Cost,
    MissRateModulo => "miss-rate-modulo" in Cost,
    MissRequestShareRing => "miss-request-share-ring" in Cost,
    MissRequestShareModulo => "miss-request-share-modulo" in Cost,
    MisroutedRing => "misrouted-ring" in Rollout,
    MisroutedModulo => "misrouted-modulo" in Rollout,
    KeysRead => "keys-read" in Settings,
    KeysDistinct => "keys-distinct" in Settings,
    KeysPlaced => "keys-placed" in Settings,
    KeysLinesSeen => "keys-lines-seen" in Settings,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_has_one_name() {
        let mut names: Vec<&str> = FigureId::ALL.iter().map(|f| f.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FigureId::ALL.len());
    }
}
