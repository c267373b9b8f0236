//! DEFINITIONS §7: every textbook scheme on the default join and on bravo leaving
//! the five, figure for figure (the deployed systems: tests/systems.rs).

use model::schemes::SchemeResult;
use model::{Change, Settings, Snapshot};

fn results(settings: &Settings) -> Vec<SchemeResult> {
    Snapshot::measure(settings)
        .expect("valid settings")
        .measure_schemes()
}

/// Moved, moved between staying servers, busiest, quietest.
type Row = (usize, usize, u32, u32);

fn row(result: &SchemeResult) -> Row {
    (
        result.movement.moved,
        result.movement.moved_between,
        result.spread.busiest,
        result.spread.quietest,
    )
}

#[test]
fn echo_joining_under_every_scheme() {
    let measured: Vec<(&str, Row)> = results(&Settings::default())
        .iter()
        .map(|result| (result.id.as_str(), row(result)))
        .collect();
    assert_eq!(
        measured,
        vec![
            ("ring", (205, 0, 228, 179)),
            ("modulo", (773, 581, 218, 183)),
            ("jump", (214, 0, 214, 187)),
            ("rendezvous", (190, 0, 209, 190)),
            ("maglev", (214, 0, 214, 180)),
            ("bounded", (205, 0, 228, 179)),
            ("multiprobe", (234, 0, 256, 86)),
            ("slots", (207, 0, 207, 197)),
        ]
    );
}

#[test]
fn bravo_leaving_the_five() {
    let settings = Settings {
        servers: ["alpha", "bravo", "charlie", "delta", "echo"]
            .map(String::from)
            .to_vec(),
        change: Change::Leave("bravo".into()),
        ..Settings::default()
    };
    let measured = results(&settings);
    let of = |id: &str| row(measured.iter().find(|r| r.id.as_str() == id).unwrap());
    assert_eq!((of("jump").0, of("jump").1), (740, 543));
    assert_eq!(of("maglev").0, 204);
    assert_eq!(of("slots").0, 193);
    // The ring moves exactly what bravo held (DEFINITIONS §2).
    assert_eq!(of("ring"), (228, 0, of("ring").2, of("ring").3));
    assert_eq!(of("rendezvous").1, 0);
}

mod common;

mod properties {
    use super::common;
    use model::schemes::{bounded, SchemeRun};
    use model::{Settings, Snapshot};
    use proptest::prelude::*;

    /// Random pools: 2–30 servers, joins and leaves, every hash, any ε and
    /// probe count, few enough keys that hundreds of cases stay quick.
    fn settings() -> impl Strategy<Value = Settings> {
        common::settings(common::Space {
            servers: 3..=30,
            names: common::Names::Numbered,
            max_points: 300,
            max_keys: 3_000,
        })
    }

    proptest! {
        #![proptest_config(common::config(300))]

        #[test]
        fn every_scheme_keeps_its_promises(settings in settings()) {
            let snapshot = Snapshot::measure(&settings).expect("valid");
            let context = snapshot.scheme_context();
            let keys = &snapshot.keys;
            for scheme in model::placements::PlacementId::TEXTBOOK.iter().map(|id| id.scheme()) {
                let run = SchemeRun::place(scheme, &context, keys, &snapshot.before, &snapshot.after);
                let result = run.finish(&snapshot.before, &snapshot.after, snapshot.names.len(), &snapshot.weights);
                let id = scheme.id().as_str();
                // Every key has exactly one owner, a live one, and a single
                // lookup finds the same owner as the bulk placement.
                let owners = run.owners_after();
                prop_assert_eq!(owners.len(), keys.len());
                for (index, &owner) in owners.iter().enumerate() {
                    prop_assert!(snapshot.after.contains(&owner), "{id}: key {index} on a server not in the pool");
                }
                for index in (0..keys.len()).step_by(7) {
                    prop_assert_eq!(
                        run.lookups(keys, index, 1),
                        u64::from(owners[index]),
                        "{}: lookup of key {} disagrees with placement", id, index
                    );
                }
                let total: u32 = snapshot.after.iter().map(|&s| result.movement.loads_after[usize::from(s)]).sum();
                prop_assert_eq!(total as usize, keys.len());
                // Monotone schemes never move a key between staying servers on a join.
                if settings.change.is_join() && ["ring", "jump", "rendezvous", "slots"].contains(&id) {
                    prop_assert_eq!(result.movement.moved_between, 0, "{} on a join", id);
                }
                // On a leave, ring, rendezvous and slots only move the leaver's keys.
                if !settings.change.is_join() && ["ring", "rendezvous", "slots"].contains(&id) {
                    prop_assert_eq!(result.movement.moved_between, 0, "{} on a leave", id);
                }
                if id == "bounded" {
                    let cap_after = bounded::capacity(settings.eps, keys.len(), snapshot.after.len());
                    let cap_before = bounded::capacity(settings.eps, keys.len(), snapshot.before.len());
                    prop_assert!(result.spread.busiest <= cap_after);
                    prop_assert!(snapshot.before.iter().all(|&s| result.movement.loads_before[usize::from(s)] <= cap_before));
                }
                if id == "ring" {
                    prop_assert_eq!(result.movement.moved, snapshot.moved_by_owner_diff);
                }
                if id == "modulo" {
                    prop_assert_eq!(result.movement.moved, snapshot.modulo_moved);
                }
            }
        }
    }
}

#[test]
fn scheme_claims_at_the_default_and_at_one_point() {
    use model::claims::{evaluate_family, Family};
    let evaluate = |snapshot: &Snapshot, results: &[SchemeResult]| {
        evaluate_family(snapshot, results, Family::Schemes)
    };
    let judge = |settings: &Settings| {
        let snapshot = Snapshot::measure(settings).expect("valid");
        evaluate(&snapshot, &snapshot.measure_schemes())
    };
    let default = judge(&Settings::default());
    let ids: Vec<&str> = default.iter().map(|claim| claim.id).collect();
    assert_eq!(
        ids,
        vec![
            "jump-ends",
            "maglev-near",
            "bounded-cap",
            "rendezvous-names"
        ]
    );
    assert!(default
        .iter()
        .all(|claim| claim.held == model::claims::Held::Yes));
    // DEFINITIONS §7: bravo leaving the five moves 740 under jump, 543 between others.
    assert!(default[0].evidence.contains("740 moved, 543 of them"));
    assert!(default[2].evidence.contains("313 before, 250 after"));
    assert!(default[2].evidence.contains("under the cap"));

    // At one point the ring's busiest holds 664 of 1,000: the cap binds and
    // bounded loads pays by moving keys between servers that stay.
    let one_point = judge(&Settings {
        points: 1,
        ..Settings::default()
    });
    assert!(one_point[2].held == model::claims::Held::Yes);
    assert!(one_point[2]
        .evidence
        .contains("694 before and 664 after, over the cap"));
    assert!(one_point[2].evidence.contains("343 moved, 313 of them"));

    // A cap that never binds but is judged against a placement that differs
    // would be a "no"; so would a scheme left unmeasured.
    let snapshot = Snapshot::measure(&Settings::default()).expect("valid");
    let unmeasured = evaluate(&snapshot, &[]);
    assert!(
        unmeasured[2].held == model::claims::Held::No
            && unmeasured[3].held == model::claims::Held::No
    );
    // Jump's claim measures for itself what it cannot reuse, to the same words.
    assert_eq!(unmeasured[0], default[0]);
}

#[test]
fn table_schemes_report_rows_that_changed_hands() {
    let measured = results(&Settings::default());
    let of = |id: &str| {
        measured
            .iter()
            .find(|r| r.id.as_str() == id)
            .unwrap()
            .table_moves
    };
    let maglev = of("maglev").expect("maglev routes by a table");
    assert_eq!(maglev.rows, 65_537);
    assert_eq!((maglev.changed, maglev.between), (13_179, 72));
    // Slots hand whole slots only to the joiner: ⌊16384 ÷ 5⌋ of them.
    let slots = of("slots").expect("slots route by a table");
    assert_eq!(
        (slots.rows, slots.changed, slots.between),
        (16_384, 3_276, 0)
    );
    assert_eq!(of("ring"), None);
}
