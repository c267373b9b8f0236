//! DEFINITIONS §10: weighted points, weighted rendezvous, the entry cap, hot keys,
//! the properties that weights of 1 and skew 0 change nothing, and that
//! unequal weights and skews keep every invariant.

use model::requests::{hottest_key_share, request_shares};
use model::{Settings, Snapshot, Weight};
use proptest::prelude::*;

fn weight(w: u32) -> Weight {
    Weight::new(w).expect("in range")
}

#[test]
fn a_weight_multiplies_a_servers_points() {
    let settings = Settings {
        weights: vec![("alpha".into(), weight(3)), ("echo".into(), weight(2))],
        ..Settings::default()
    };
    let snapshot = Snapshot::measure(&settings).expect("valid");
    let entries_of = |name: &str| {
        snapshot
            .ring_after
            .entries()
            .iter()
            .filter(|e| snapshot.name(e.server) == name)
            .count()
    };
    assert_eq!(entries_of("alpha"), 600);
    assert_eq!(entries_of("echo"), 400);
    assert_eq!(entries_of("bravo"), 200);
    assert_eq!(snapshot.ring_after.len(), 1600);
    // alpha's points #0 … #599 are its own names, so its first 200 are unmoved.
    let alpha_points: Vec<u16> = snapshot
        .ring_after
        .entries()
        .iter()
        .filter(|e| snapshot.name(e.server) == "alpha")
        .map(|e| e.point)
        .collect();
    assert_eq!(alpha_points.iter().max(), Some(&599));
    // Heavier servers hold more keys; the schemes that ignore weights say so.
    let loads =
        |name: &str| snapshot.loads_after[snapshot.names.iter().position(|n| n == name).unwrap()];
    assert!(loads("alpha") > 2 * loads("bravo"));
    let ignoring: Vec<&str> = model::placements::every()
        .filter(|scheme| !scheme.about().uses_weights)
        .map(|scheme| scheme.id().as_str())
        .collect();
    assert_eq!(
        ignoring,
        vec![
            "modulo",
            "jump",
            "maglev",
            "multiprobe",
            "slots",
            "groupcache"
        ]
    );
}

#[test]
fn weighted_rendezvous_gives_a_heavy_server_its_share() {
    let settings = Settings {
        keys: 20_000,
        weights: vec![("alpha".into(), weight(4))],
        ..Settings::default()
    };
    let snapshot = Snapshot::measure(&settings).expect("valid");
    let results = snapshot.measure_schemes();
    let rendezvous = results
        .iter()
        .find(|r| r.id == model::placements::PlacementId::Rendezvous)
        .unwrap();
    let alpha = rendezvous.movement.loads_after[0] as f64;
    // Weight 4 of 8 in all: half the keys, within 3 standard deviations.
    let expected = 20_000.0 * 0.5;
    assert!(
        (alpha - expected).abs() < 3.0 * (20_000.0f64 * 0.25).sqrt(),
        "{alpha}"
    );
}

#[test]
fn the_hottest_key_at_the_default() {
    // H(1000, 1) = 7.4855, so the hottest key takes 13.36% of requests.
    assert!((hottest_key_share(1000, 1.0) - 0.133_592).abs() < 1e-6);
}

mod common;

/// Small pools (so weighted rings stay under their cap), any change.
fn settings() -> impl Strategy<Value = Settings> {
    common::settings(common::Space {
        servers: 3..=11,
        names: common::Names::Numbered,
        max_points: 200,
        max_keys: 3_000,
    })
}

proptest! {
    #![proptest_config(common::config(150))]

    #[test]
    fn weights_of_one_and_no_skew_change_nothing(settings in settings()) {
        let plain = Snapshot::measure(&settings).expect("valid");
        let mut ones = settings.clone();
        ones.weights = ones.all_names().into_iter().map(|name| (name, weight(1))).collect();
        let weighted = Snapshot::measure(&ones).expect("valid");
        prop_assert_eq!(plain.ring_after.entries(), weighted.ring_after.entries());
        prop_assert_eq!(&plain.owners_after, &weighted.owners_after);
        prop_assert_eq!(plain.moved_by_owner_diff, weighted.moved_by_owner_diff);
        prop_assert_eq!(plain.measure_schemes(), weighted.measure_schemes());
        prop_assert_eq!(plain.measure_failure(), weighted.measure_failure());
        // Skew 0: every key alike, so request load is key load.
        let shares = request_shares(&plain.owners_after, 0.0, plain.names.len());
        for &id in &plain.after {
            let key_share = f64::from(plain.loads_after[usize::from(id)]) / plain.key_count() as f64;
            prop_assert!((shares[usize::from(id)] - key_share).abs() < 1e-12);
        }
    }
}

/// Settings with a weight of 1 … 10 for each server and a skew of 0 … 2,
/// kept under the ring's cap of entries.
fn weighted_settings() -> impl Strategy<Value = (Settings, Vec<u32>, u32)> {
    (
        settings(),
        proptest::collection::vec(1u32..=10, 12),
        0u32..=20,
    )
        .prop_map(|(mut settings, weights, skew)| {
            settings.weights = settings
                .all_names()
                .into_iter()
                .zip(weights.iter().copied())
                .filter(|&(_, w)| w != 1)
                .map(|(name, w)| (name, weight(w)))
                .collect();
            settings.skew = model::Skew::new(skew).expect("in range");
            (settings, weights, skew)
        })
}

proptest! {
    #![proptest_config(common::config(150))]

    #[test]
    fn unequal_weights_and_skew_keep_the_ring_honest((settings, _, skew) in weighted_settings()) {
        let snapshot = Snapshot::measure(&settings).expect("valid");
        // Weight × points entries for each server on the ring.
        for &id in &snapshot.after {
            let expected = usize::from(settings.points) * snapshot.weights[usize::from(id)] as usize;
            let on_ring = snapshot.ring_after.entries().iter().filter(|e| e.server == id).count();
            prop_assert_eq!(on_ring, expected);
        }
        // Both counting routes agree, and keys move only to a joiner or from a leaver.
        prop_assert_eq!(snapshot.moved_by_owner_diff, snapshot.moved_by_arc_walk);
        for key in snapshot.moved_keys() {
            let (before, after) = (snapshot.owners_before[key], snapshot.owners_after[key]);
            prop_assert!(Some(before) == snapshot.changed || Some(after) == snapshot.changed);
        }
        // Request shares: all requests go somewhere, only to servers that own
        // keys, and the owner of the hottest key gets at least its share.
        let s = f64::from(skew) / 10.0;
        let shares = snapshot.request_shares();
        prop_assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        for &id in &snapshot.after {
            let owns = snapshot.loads_after[usize::from(id)] > 0;
            prop_assert_eq!(shares[usize::from(id)] > 0.0, owns);
        }
        let hottest_owner = usize::from(snapshot.owners_after[0]);
        prop_assert!(shares[hottest_owner] + 1e-12 >= hottest_key_share(snapshot.key_count(), s));
    }

    #[test]
    fn doubling_every_weight_is_doubling_the_points(settings in settings()) {
        // Weight 2 everywhere at P points puts the same entries on the ring as weight 1 at 2P.
        prop_assume!(settings.points <= 250);
        let mut doubled_weights = settings.clone();
        doubled_weights.weights = settings.all_names().into_iter().map(|name| (name, weight(2))).collect();
        let doubled_points = Settings { points: settings.points * 2, ..settings.clone() };
        let by_weight = Snapshot::measure(&doubled_weights).expect("valid");
        let by_points = Snapshot::measure(&doubled_points).expect("valid");
        prop_assert_eq!(by_weight.ring_after.entries(), by_points.ring_after.entries());
        prop_assert_eq!(&by_weight.owners_after, &by_points.owners_after);
        prop_assert_eq!(by_weight.moved_by_owner_diff, by_points.moved_by_owner_diff);
    }
}

/// DEFINITIONS §16: a server's fair share is K × its weight ÷ the pool's
/// total weight. Worked out here from the loads and the weights by the
/// definition, against the page's even share, spread and busiest ÷ fair.
#[test]
fn fair_shares_follow_the_weights() {
    use model::format::format_ratio;
    for query in [
        "",
        "weights=alpha:2",
        "servers=m1,m2,m3,m4,m5,m6&add=m7&weights=m1:2&keys=50000",
        "remove=bravo&weights=bravo:3,charlie:2",
        "weights=echo:5&points=20",
    ] {
        let parsed = model::query::parse(query, &model::panels::ids());
        let s = Snapshot::measure(&parsed.settings).expect("valid");
        let keys = s.key_count() as f64;
        let weight = |id: u16| f64::from(s.weights[usize::from(id)]);
        let holding = if s.is_join() { &s.after } else { &s.before };
        let total: f64 = holding.iter().map(|&id| weight(id)).sum();
        let expected = keys * weight(s.changed.expect("a join or a leave")) / total;
        assert!(
            (s.even_share() - expected).abs() < 1e-9,
            "{query}: even share {} against {expected}",
            s.even_share()
        );
        // Each server's keys over its own fair share, after the change.
        let total_after: f64 = s.after.iter().map(|&id| weight(id)).sum();
        let over: Vec<f64> = s
            .after
            .iter()
            .map(|&id| {
                f64::from(s.loads_after[usize::from(id)]) / (keys * weight(id) / total_after)
            })
            .collect();
        let most = over.iter().copied().fold(f64::MIN, f64::max);
        let least = over.iter().copied().fold(f64::MAX, f64::min);
        let spread = s.spread_after();
        assert_eq!(
            format_ratio(spread.ratio()),
            format_ratio(most / least),
            "{query}: spread"
        );
        assert!(
            (spread.busiest_over_fair() - most).abs() < 1e-9,
            "{query}: busiest over fair"
        );
    }
    // The engineer's pool of issue 35: six servers, one twice as big. Its
    // newcomer's fair share is K ÷ 8 (weight 1 of 8), not K ÷ 7.
    let parsed = model::query::parse(
        "servers=m1,m2,m3,m4,m5,m6&add=m7&weights=m1:2&keys=50000",
        &model::panels::ids(),
    );
    let s = Snapshot::measure(&parsed.settings).expect("valid");
    assert_eq!(s.even_share(), 6_250.0);
}
