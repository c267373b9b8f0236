//! DEFINITIONS §8: failures, replicas, exact shares and copysets, figure for figure,
//! and their properties over random pools.

use model::failures::Failure;
use model::{Settings, Snapshot};

fn measure(settings: &Settings) -> Snapshot {
    Snapshot::measure(settings).expect("valid settings")
}

fn received(snapshot: &Snapshot, failure: &Failure) -> Vec<(String, u32)> {
    snapshot
        .after
        .iter()
        .filter(|&&server| failure.received[usize::from(server)] > 0)
        .map(|&server| {
            (
                snapshot.name(server).to_string(),
                failure.received[usize::from(server)],
            )
        })
        .collect()
}

#[test]
fn alpha_down_with_three_replicas() {
    let snapshot = measure(&Settings::default());
    assert_eq!(snapshot.settings.down_servers(), vec!["alpha".to_string()]);
    let failure = snapshot.measure_failure();
    assert_eq!(failure.rerouted, 194);
    assert_eq!(
        received(&snapshot, &failure),
        vec![
            ("bravo".to_string(), 50),
            ("charlie".to_string(), 42),
            ("delta".to_string(), 56),
            ("echo".to_string(), 46)
        ]
    );
    assert_eq!(failure.no_live_copy, 0);
    assert_eq!(failure.copies_to_remake, 651);
    // With three replicas, every promoted server already held a copy.
    assert_eq!(failure.promoted_held_copy, 194);
    let shares: Vec<String> = snapshot
        .after
        .iter()
        .map(|&server| format!("{:.6}", snapshot.exact_shares()[usize::from(server)]))
        .collect();
    assert_eq!(
        shares,
        vec!["0.187697", "0.199985", "0.200419", "0.202126", "0.209772"]
    );
    let copysets = snapshot.copysets_at(200);
    assert_eq!((copysets.distinct, copysets.possible), (10, 10));
}

#[test]
fn at_one_point_one_survivor_takes_everything() {
    let snapshot = measure(&Settings {
        points: 1,
        ..Settings::default()
    });
    let failure = snapshot.measure_failure();
    assert_eq!(failure.rerouted, 23);
    assert_eq!(
        received(&snapshot, &failure),
        vec![("bravo".to_string(), 23)]
    );
    let copysets = snapshot.copysets_at(1);
    assert_eq!((copysets.distinct, copysets.possible), (5, 10));
}

mod common;

mod properties {
    use super::common;
    use model::failures;
    use model::{Replicas, Settings, Snapshot};
    use proptest::prelude::*;

    /// Random pools with a random set of down servers and replicas.
    fn settings() -> impl Strategy<Value = Settings> {
        (
            common::settings(common::Space {
                servers: 3..=29,
                names: common::Names::Numbered,
                max_points: 300,
                max_keys: 4_000,
            }),
            1u32..=5,
            proptest::collection::vec(any::<prop::sample::Index>(), 1..6),
        )
            .prop_map(|(mut settings, replicas, picks)| {
                settings.replicas = Replicas::new(replicas).expect("in range");
                let pool = settings.pool_after();
                let mut down: Vec<String> = picks
                    .iter()
                    .map(|pick| pool[pick.index(pool.len())].clone())
                    .collect();
                down.sort();
                down.dedup();
                down.truncate(pool.len() - 1);
                settings.down = down;
                settings
            })
    }

    proptest! {
        #![proptest_config(common::config(400))]

        #[test]
        fn failures_keep_their_promises(settings in settings()) {
            let snapshot = Snapshot::measure(&settings).expect("generated settings are valid");
            let failure = snapshot.measure_failure();
            let down = snapshot.down_ids();
            // The keys the ring canvas marks are the keys counted rerouted.
            let marked = snapshot.rerouted_keys();
            prop_assert_eq!(marked.len(), snapshot.key_count());
            prop_assert_eq!(marked.iter().filter(|&&rerouted| rerouted).count(), failure.rerouted);
            // Rerouted keys are exactly the keys the down servers held.
            let held_by_down: u32 = down.iter().map(|&s| snapshot.loads_after[usize::from(s)]).sum();
            prop_assert_eq!(failure.rerouted as u32, held_by_down);
            prop_assert_eq!(failure.received.iter().sum::<u32>(), held_by_down);
            prop_assert!(down.iter().all(|&s| failure.received[usize::from(s)] == 0));
            // A rerouted key lands where no copy is exactly when it has no
            // live copy at all (what the failure panel's sentence says).
            prop_assert_eq!(failure.rerouted - failure.promoted_held_copy, failure.no_live_copy);
            // With more replicas than down servers, every key keeps a copy.
            if failure.replicas > down.len() {
                prop_assert_eq!(failure.no_live_copy, 0);
                prop_assert_eq!(failure.promoted_held_copy, failure.rerouted);
            }
            // Exact shares add up to one and, under a hash that scatters the
            // keys (plain FNV-1a's keys are patterned, not random), match the
            // keys the arcs hold within five binomial standard deviations
            // (where there are enough keys for the normal law's tails: at
            // least three of them, so a count of a handful is not judged).
            let shares = snapshot.exact_shares();
            prop_assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            let keys = snapshot.key_count() as f64;
            let scattered = if settings.hash.is_finalized() { &snapshot.after[..] } else { &[] };
            for &server in scattered {
                let share = shares[usize::from(server)];
                let in_arcs = snapshot.ring_after.keys_in_arcs_of(server, &snapshot.keys.sorted) as f64;
                let sigma = (keys * share * (1.0 - share)).sqrt();
                if sigma < 3.0 {
                    continue;
                }
                prop_assert!((in_arcs - keys * share).abs() <= 5.0 * sigma + 1.0,
                    "server {} holds {} keys, share {}", server, in_arcs, share);
            }
            let copysets = failures::copysets(&snapshot.ring_after, snapshot.after.len(), failure.replicas);
            prop_assert!(copysets.distinct as u64 <= copysets.possible);
            prop_assert!(copysets.distinct >= 1);
            // The same count by another route: each start's servers as a
            // sorted list, gathered in an ordered set.
            let entries = snapshot.ring_after.entries();
            let sets: std::collections::BTreeSet<Vec<u16>> = (0..entries.len())
                .map(|start| {
                    let mut servers: Vec<u16> = Vec::new();
                    for entry in entries.iter().cycle().skip(start).take(entries.len()) {
                        let server = entry.server;
                        if servers.len() < failure.replicas && !servers.contains(&server) {
                            servers.push(server);
                        }
                    }
                    servers.sort_unstable();
                    servers
                })
                .collect();
            prop_assert_eq!(copysets.distinct, sets.len());
        }
    }
}

#[test]
fn failure_claims_at_the_default_and_where_they_fail() {
    use model::claims::{evaluate_family, Family};
    let evaluate = |snapshot: &Snapshot| evaluate_family(snapshot, &[], Family::Failures);
    let default = evaluate(&measure(&Settings::default()));
    let ids: Vec<&str> = default.iter().map(|claim| claim.id).collect();
    assert_eq!(ids, vec!["failover-spread", "replicas-cover", "sqrt-rule"]);
    for claim in &default {
        assert!(
            claim.held == model::claims::Held::Yes,
            "{}: {}",
            claim.id,
            claim.evidence
        );
    }
    // DEFINITIONS §8: at 1 point all 23 of alpha's keys go to bravo.
    assert!(default[0]
        .evidence
        .contains("its 23 keys went to 1 of 4 survivors"));
    assert!(default[0].evidence.contains("its 194 keys went to 4 of 4"));
    // One copy, alpha down: every key alpha held is lost (194, DEFINITIONS §8's
    // rerouted count), so the copies do not cover the failure.
    let one_replica = evaluate(&measure(&Settings {
        replicas: model::Replicas::new(1).unwrap(),
        ..Settings::default()
    }));
    assert!(one_replica[1].held == model::claims::Held::No);
    assert!(
        one_replica[1]
            .evidence
            .contains("R = 1: 194 of 1,000 keys have no live copy"),
        "{}",
        one_replica[1].evidence
    );
}
