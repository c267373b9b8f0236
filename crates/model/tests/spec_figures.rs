//! Every figure of DEFINITIONS §2 and the step figures, reproduced exactly.

use model::claims::ring::count_join_both_ways;
use model::claims::{evaluate_family, Family};
use model::format::format_ratio;
use model::keys::KeySpec;
use model::{Change, Claim, HashKind, Keys, Points, ServerId, Settings, Snapshot};

/// The ring's own claims (DEFINITIONS §3), which need no scheme measured.
fn evaluate(snapshot: &Snapshot) -> Vec<Claim> {
    evaluate_family(snapshot, &[], Family::Ring)
}

fn measure(settings: &Settings) -> Snapshot {
    Snapshot::measure(settings).expect("valid settings")
}

fn load_of(snapshot: &Snapshot, loads: &[u32], name: &str) -> u32 {
    let id = snapshot
        .names
        .iter()
        .position(|n| n == name)
        .expect("named server");
    loads[id]
}

fn with(change: impl FnOnce(&mut Settings)) -> Settings {
    let mut settings = Settings::default();
    change(&mut settings);
    settings
}

#[test]
fn first_ring_entries_match_the_spec() {
    let snapshot = measure(&Settings::default());
    let first: Vec<(u32, &str, u16)> = snapshot
        .ring_after
        .entries()
        .iter()
        .take(6)
        .map(|e| (e.position, snapshot.name(e.server), e.point))
        .collect();
    assert_eq!(
        first,
        vec![
            (16951555, "echo", 45),
            (22095772, "alpha", 91),
            (34206755, "echo", 21),
            (35169222, "alpha", 41),
            (41116742, "echo", 157),
            (42162980, "alpha", 192),
        ]
    );
}

#[test]
fn echo_joining_moves_205_by_both_routes_all_to_echo() {
    let snapshot = measure(&Settings::default());
    assert_eq!(snapshot.moved_by_owner_diff, 205);
    assert_eq!(snapshot.moved_by_arc_walk, 205);
    let echo = snapshot.changed.expect("echo joins");
    assert_eq!(snapshot.name(echo), "echo");
    assert!(snapshot
        .moved_keys()
        .all(|i| snapshot.owners_after[i] == echo));
    assert_eq!(snapshot.moved_keys().count(), 205);
    assert_eq!(snapshot.even_share(), 200.0);
    assert_eq!(snapshot.modulo_moved, 773);
}

#[test]
fn loads_after_the_join_and_their_spread() {
    let snapshot = measure(&Settings::default());
    let after: Vec<u32> = ["alpha", "bravo", "charlie", "delta", "echo"]
        .iter()
        .map(|name| load_of(&snapshot, &snapshot.loads_after, name))
        .collect();
    assert_eq!(after, vec![194, 228, 194, 179, 205]);
    let spread = snapshot.spread_after();
    assert_eq!((spread.busiest, spread.quietest), (228, 179));
    assert_eq!(format_ratio(spread.ratio()), "1.27");
}

#[test]
fn points_per_server_set_the_spread_of_four_servers() {
    let one_point = measure(&with(|s| s.points = 1)).spread_before();
    assert_eq!((one_point.busiest, one_point.quietest), (694, 7));
    assert_eq!(format_ratio(one_point.ratio()), "99.1");
    let many = measure(&Settings::default()).spread_before();
    assert_eq!((many.busiest, many.quietest), (270, 223));
    assert_eq!(format_ratio(many.ratio()), "1.21");
    let plain = measure(&with(|s| s.hash = HashKind::Fnv1a)).spread_before();
    assert_eq!((plain.busiest, plain.quietest), (433, 136));
}

#[test]
fn ring_entries_count_one_per_point() {
    assert_eq!(measure(&with(|s| s.points = 1)).ring_after.len(), 5);
    assert_eq!(measure(&Settings::default()).ring_after.len(), 1000);
}

#[test]
fn growing_pools_agree_by_both_routes() {
    let names = ["alpha", "bravo", "charlie", "delta", "echo"]
        .map(String::from)
        .to_vec();
    let keys = Keys::of(KeySpec::new(0, 1000, HashKind::Fnv1aFold).unwrap());
    let ids: Vec<ServerId> = (0..5).collect();
    let mut counts = Vec::new();
    for size in 1..names.len() {
        let (by_owner, by_arc) = count_join_both_ways(
            &names,
            &ids[..size],
            ids[size],
            Points::uniform(200),
            HashKind::Fnv1aFold,
            &keys,
        );
        assert_eq!(by_owner, by_arc, "pool of {size}");
        counts.push(by_owner);
    }
    // The last step is the default scenario itself.
    assert_eq!(counts[3], 205);
    // A lone server owns everything, so bravo joining takes about half.
    assert!((400..600).contains(&counts[0]), "{counts:?}");
}

#[test]
fn removing_each_server_moves_exactly_its_keys() {
    let five = ["alpha", "bravo", "charlie", "delta", "echo"]
        .map(String::from)
        .to_vec();
    let expected = [
        ("alpha", 194),
        ("bravo", 228),
        ("charlie", 194),
        ("delta", 179),
        ("echo", 205),
    ];
    for (name, held) in expected {
        let snapshot = measure(&with(|s| {
            s.servers = five.clone();
            s.change = Change::Leave(name.to_string());
        }));
        assert_eq!(snapshot.moved_by_owner_diff, held, "{name}");
        assert_eq!(snapshot.moved_by_arc_walk, held, "{name}");
        assert!(snapshot
            .moved_keys()
            .all(|i| snapshot.owners_before[i] == snapshot.changed.unwrap()));
    }
}

fn verdicts(settings: &Settings) -> Vec<(&'static str, model::claims::Held)> {
    evaluate(&measure(settings))
        .into_iter()
        .map(|c| (c.id, c.held))
        .collect()
}

#[test]
fn all_nine_claims_hold_at_the_default() {
    let claims = evaluate(&measure(&Settings::default()));
    assert_eq!(claims.len(), 9);
    for claim in &claims {
        assert!(
            claim.held == model::claims::Held::Yes,
            "{}: {}",
            claim.id,
            claim.evidence
        );
    }
    let routes = claims.iter().find(|c| c.id == "routes-agree").unwrap();
    assert!(
        routes.evidence.contains("205 by owners, 205 by arcs"),
        "{}",
        routes.evidence
    );
    let leave = claims.iter().find(|c| c.id == "leave-exact").unwrap();
    for figure in [
        "alpha held 194",
        "bravo held 228",
        "charlie held 194",
        "delta held 179",
    ] {
        assert!(leave.evidence.contains(figure), "{}", leave.evidence);
    }
    let fair = claims.iter().find(|c| c.id == "points-fair").unwrap();
    assert!(
        fair.evidence
            .contains("busiest 694, quietest 7, spread 99.1"),
        "{}",
        fair.evidence
    );
    assert!(
        fair.evidence
            .contains("busiest 270, quietest 223, spread 1.21"),
        "{}",
        fair.evidence
    );
    let hash = claims.iter().find(|c| c.id == "hash-scatter").unwrap();
    assert!(
        hash.evidence.contains("busiest 433, quietest 136"),
        "{}",
        hash.evidence
    );
    let entries = claims.iter().find(|c| c.id == "entries-cost").unwrap();
    assert!(entries.evidence.contains("5 entries") && entries.evidence.contains("1,000 entries"));
}

#[test]
fn one_point_per_server_breaks_the_even_share() {
    let settings = with(|s| s.points = 1);
    let snapshot = measure(&settings);
    assert_eq!(
        (snapshot.moved_by_owner_diff, snapshot.moved_by_arc_walk),
        (30, 30)
    );
    let after: Vec<u32> = ["charlie", "delta", "echo", "alpha", "bravo"]
        .iter()
        .map(|name| load_of(&snapshot, &snapshot.loads_after, name))
        .collect();
    assert_eq!(after, vec![664, 276, 30, 23, 7]);
    let verdicts = verdicts(&settings);
    assert_eq!(verdicts[0], ("even-share", model::claims::Held::No));
}

#[test]
fn plain_fnv1a_breaks_the_even_share() {
    let settings = with(|s| s.hash = HashKind::Fnv1a);
    let snapshot = measure(&settings);
    assert_eq!(
        (snapshot.moved_by_owner_diff, snapshot.moved_by_arc_walk),
        (286, 286)
    );
    assert_eq!(snapshot.modulo_moved, 806);
    let before: Vec<u32> = ["delta", "charlie", "bravo", "alpha"]
        .iter()
        .map(|name| load_of(&snapshot, &snapshot.loads_before, name))
        .collect();
    assert_eq!(before, vec![433, 245, 186, 136]);
    assert_eq!(
        verdicts(&settings)[0],
        ("even-share", model::claims::Held::No)
    );
}
