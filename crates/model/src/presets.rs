//! The scenarios a reader arrives with, one click and one link away, and
//! the panels a handout holds while one is chosen.

use crate::panels::PanelId;
use crate::{Change, HashKind, Settings};

/// A scenario readers arrive with, one click (and one link) away.
pub struct Preset {
    pub id: &'static str,
    pub title: &'static str,
    /// The panel it is for and what it shows there, in one line.
    pub teaches: &'static str,
    /// The panel it is for: ticked for the handout while it is chosen.
    pub panel: PanelId,
    pub settings: Settings,
}

/// Every preset's id and panel, in `presets()`'s order: what a lecture's
/// slide needs (`model::lecture`), without building eight settings in
/// every module that reads an address.
pub const LISTED: [(&str, PanelId); 8] = [
    ("default", PanelId::Moved),
    ("cache-pool", PanelId::Cost),
    ("lumpy", PanelId::Loads),
    ("nineteen-1", PanelId::Failure),
    ("nineteen-200", PanelId::Failure),
    ("plain-fnv", PanelId::Loads),
    ("lesson", PanelId::Cost),
    ("two-shards", PanelId::Rollout),
];

fn numbered(prefix: &str, count: usize) -> Vec<String> {
    (1..=count).map(|i| format!("{prefix}{i:02}")).collect()
}

/// Every preset, in the order the page lists them.
pub fn presets() -> Vec<Preset> {
    let base = Settings::default();
    let nineteen = |points: u16| Settings {
        servers: numbered("m", 18),
        change: Change::Join("m19".into()),
        points,
        ..Settings::default()
    };
    vec![
        Preset {
            id: "default",
            title: "The default: echo joins four servers",
            teaches: "→ How many keys move: a join takes about one even share.",
            panel: PanelId::Moved,
            settings: base.clone(),
        },
        Preset {
            id: "cache-pool",
            title: "Three caches gain a fourth",
            teaches: "→ What a change costs: a fourth cache refills about a quarter of the keys.",
            panel: PanelId::Cost,
            settings: Settings {
                servers: vec!["cache-a".into(), "cache-b".into(), "cache-c".into()],
                change: Change::Join("cache-d".into()),
                points: 100,
                keys: 10_000,
                first: 1,
                hash: HashKind::Fnv1aMurmur,
                ..Settings::default()
            },
        },
        Preset {
            id: "lumpy",
            title: "A lumpy ring: 3 points each",
            teaches: "→ Load per server: why a few points per server are unfair.",
            panel: PanelId::Loads,
            settings: Settings {
                points: 3,
                ..base.clone()
            },
        },
        Preset {
            id: "nineteen-1",
            title: "Nineteen machines, 1 point each",
            teaches: "→ When servers fail: one neighbour takes all of a failed server's keys.",
            panel: PanelId::Failure,
            settings: nineteen(1),
        },
        Preset {
            id: "nineteen-200",
            title: "Nineteen machines, 200 points each",
            teaches: "→ When servers fail: with many points every survivor takes a few.",
            panel: PanelId::Failure,
            settings: nineteen(200),
        },
        Preset {
            id: "plain-fnv",
            title: "Plain FNV-1a on its own",
            teaches: "→ Load per server: without a finalizer, plain FNV-1a piles keys up.",
            panel: PanelId::Loads,
            settings: Settings {
                hash: HashKind::Fnv1a,
                ..base.clone()
            },
        },
        Preset {
            id: "lesson",
            title: "The lesson: 1,200 keys, 5.5 TB, 18 → 19 servers",
            teaches: "→ What a change costs: hours of copying under modulo, minutes on the ring.",
            panel: PanelId::Cost,
            settings: Settings {
                keys: 1_200,
                ..nineteen(200)
            },
        },
        Preset {
            id: "two-shards",
            title: "Two shards become three: 200 keys of 5 GB",
            teaches: "→ Disagreement during a rollout: writes that reach the wrong shard.",
            panel: PanelId::Rollout,
            settings: Settings {
                servers: vec!["shard-1".into(), "shard-2".into()],
                change: Change::Join("shard-3".into()),
                keys: 200,
                data: crate::cost::Bytes::new(1_000_000_000_000),
                rate: 30,
                rollout: 12,
                ..Settings::default()
            },
        },
    ]
}

/// The panels a handout holds until the teacher picks others: the first
/// lesson's (`panels::HANDOUT`) and, while a preset is chosen, its own
/// panel, in page order.
pub fn handout_for(settings: &Settings) -> Vec<PanelId> {
    // The default's own panel is the lesson's first question, printed there.
    let own = presets()
        .into_iter()
        .find(|preset| &preset.settings == settings && *settings != Settings::default())
        .map(|preset| preset.panel);
    crate::panels::ids()
        .into_iter()
        .filter(|id| crate::panels::HANDOUT.contains(id) || own == Some(*id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::{parse, render, View};

    #[test]
    fn the_list_is_the_presets() {
        let listed: Vec<(&str, PanelId)> = presets().iter().map(|p| (p.id, p.panel)).collect();
        assert_eq!(listed, LISTED);
    }

    #[test]
    fn every_preset_is_valid_and_its_link_reads_back() {
        for preset in presets() {
            assert!(preset.settings.problems().is_empty(), "{}", preset.id);
            let parsed = parse(&render(&preset.settings, &View::default()), &[]);
            assert_eq!(*parsed.settings, preset.settings, "{}", preset.id);
            assert!(parsed.notices.is_empty(), "{}", preset.id);
        }
    }

    #[test]
    fn a_preset_names_its_panel_and_the_handout_ticks_it_while_chosen() {
        for preset in presets() {
            // The line the reader sees names the same panel the handout ticks.
            let heading = preset.panel.def().heading;
            assert!(
                preset.teaches.starts_with(&format!("→ {heading}:")),
                "{}: {}",
                preset.id,
                preset.teaches
            );
            let handout = handout_for(&preset.settings);
            // The default's panel is the lesson's first question, printed there.
            let default = preset.settings == Settings::default();
            assert_eq!(handout.contains(&preset.panel), !default, "{}", preset.id);
            assert!(
                crate::panels::HANDOUT.iter().all(|p| handout.contains(p)),
                "{}",
                preset.id
            );
        }
        let lesson = presets().into_iter().find(|p| p.id == "lesson").unwrap();
        assert_eq!(
            handout_for(&lesson.settings),
            [PanelId::Ring, PanelId::Predict, PanelId::Cost]
        );
        // One setting away from a preset, the first lesson's panels alone.
        let near = Settings {
            keys: 1_201,
            ..lesson.settings
        };
        assert_eq!(handout_for(&near), crate::panels::HANDOUT);
    }
}
