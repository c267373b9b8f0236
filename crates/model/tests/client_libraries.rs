//! DEFINITIONS §13: libketama's and groupcache's rings, bit for bit. The ketama
//! points are checked against Couchbase's published `ketama-hashes.json`
//! (couchbaselabs/sdk-rfcs, rfc/ketama-hashes.json, kept in tests/data).

use model::keyname::KeyName;
use model::query;
use model::schemes::SchemeResult;
use model::systems::client_ring::{ClientRing, Tie};
use model::systems::{groupcache, ketama};
use model::{Change, Settings, Snapshot, Weight};

fn results(settings: &Settings) -> Vec<SchemeResult> {
    Snapshot::measure(settings)
        .expect("valid settings")
        .measure_every()
}

fn of<'a>(results: &'a [SchemeResult], id: &str) -> &'a SchemeResult {
    results
        .iter()
        .find(|r| r.id.as_str() == id)
        .expect("scheme measured")
}

#[test]
fn ketama_reproduces_couchbases_640_published_points() {
    let published: serde_json::Value =
        serde_json::from_str(include_str!("data/ketama-hashes.json")).unwrap();
    let published: Vec<(u32, String)> = published
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["hash"].as_u64().unwrap() as u32,
                entry["hostname"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(published.len(), 640);
    let names: Vec<String> = (101..=104)
        .map(|host| format!("192.168.1.{host}:11210"))
        .collect();
    let pool: Vec<u16> = (0..4).collect();
    let points = names
        .iter()
        .map(|name| ketama::server_points(name, ketama::digests_for(1, 4, 4)))
        .collect();
    let ring = ClientRing::new(&pool, points, ketama::KEY_HASH, Tie::Earlier);
    let ours: Vec<(u32, String)> = ring
        .points()
        .iter()
        .map(|&(point, server)| (point as u32, names[usize::from(server)].clone()))
        .collect();
    assert_eq!(ours, published);
    // The file's first and last points, as Couchbase publishes them.
    assert_eq!(ours[0], (19069626, "192.168.1.104:11210".to_string()));
    assert_eq!(ours[639], (4294628205, "192.168.1.102:11210".to_string()));
}

#[test]
fn the_defaults_of_spec_13() {
    let measured = results(&Settings::default());
    let row = |id: &str| {
        let r = of(&measured, id);
        (
            r.movement.moved,
            r.movement.moved_between,
            r.spread.busiest,
            r.spread.quietest,
            r.holds.items(),
        )
    };
    assert_eq!(row("ketama"), (218, 0, 218, 169, 800));
    assert_eq!(row("groupcache"), (153, 0, 249, 153, 250));
}

#[test]
fn weighted_ketama_moves_keys_between_staying_servers() {
    let settings = Settings {
        weights: vec![("alpha".into(), Weight::new(3).unwrap())],
        ..Settings::default()
    };
    let measured = results(&settings);
    let ketama = &of(&measured, "ketama").movement;
    assert_eq!((ketama.moved, ketama.moved_between), (191, 33));
}

#[test]
fn a_weight_follows_the_last_colon_of_a_name() {
    let parsed = query::parse(
        "servers=10.0.0.1:11211,10.0.0.2:11211&add=10.0.0.3:11211&weights=10.0.0.1:11211:3",
        &[],
    );
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    assert_eq!(
        parsed.settings.weights,
        vec![("10.0.0.1:11211".to_string(), Weight::new(3).unwrap())]
    );
    // And a memcached pool measures: ketama gives the weighted server three
    // times the digests of each other (floor(3 ÷ 5 × 40 × 3) = 72 against 24).
    assert_eq!(ketama::digests_for(3, 5, 3), 72);
    assert_eq!(ketama::digests_for(1, 5, 3), 24);
    let measured = results(&parsed.settings);
    assert_eq!(of(&measured, "ketama").holds.items(), (72 + 24 * 2) * 4);
}

#[test]
fn groupcache_points_are_crc32_of_the_number_then_the_name() {
    // CRC-32/IEEE check value: "123456789" → 0xCBF43926.
    assert_eq!((groupcache::KEY_HASH.hash)(b"123456789"), 0xCBF4_3926);
    let points = groupcache::server_points("alpha");
    assert_eq!(points.len(), 50);
    assert_eq!(points[7], (groupcache::KEY_HASH.hash)(b"7alpha"));
}

/// A small deterministic generator: the property below needs many pools.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn at_equal_weights_neither_client_moves_a_key_between_staying_servers() {
    let mut state = 7;
    for case in 0..40 {
        let count = 2 + next(&mut state) as usize % 8;
        let servers: Vec<String> = (0..count)
            .map(|i| format!("10.0.{}.{}:11211", next(&mut state) % 256, i))
            .collect();
        let change = if case % 2 == 0 {
            Change::Join(format!("new-{case}"))
        } else {
            Change::Leave(servers[next(&mut state) as usize % count].clone())
        };
        if matches!(change, Change::Leave(_)) && count < 3 {
            continue;
        }
        let keyname =
            KeyName::parse(["key-{i}", "user:{i}", "{i}", "/img/{i}.jpg"][case % 4]).unwrap();
        let settings = Settings {
            servers,
            change,
            keys: 2_000,
            first: next(&mut state) % 1_000_000,
            keyname,
            ..Settings::default()
        };
        let measured = results(&settings);
        for id in ["ketama", "groupcache"] {
            assert_eq!(
                of(&measured, id).movement.moved_between,
                0,
                "{id} in case {case}: {settings:?}"
            );
        }
    }
}

#[test]
fn key_name_template_key_i_is_the_page_as_before() {
    // Typed out, the default template gives the same snapshot as no template.
    let typed = query::parse("keyname=key-%7Bi%7D&points=37&keys=5000", &[]);
    let plain = query::parse("points=37&keys=5000", &[]);
    assert!(typed.notices.is_empty());
    let (typed, plain) = (Snapshot::of(&typed.settings), Snapshot::of(&plain.settings));
    assert_eq!(typed.keys.hashes, plain.keys.hashes);
    assert_eq!(typed.moved_by_owner_diff, plain.moved_by_owner_diff);
    // Another template names other keys, so other positions.
    let user = query::parse("keyname=user%3A%7Bi%7D&points=37&keys=5000", &[]);
    assert_ne!(Snapshot::of(&user.settings).keys.hashes, plain.keys.hashes);
}

#[test]
fn the_one_key_box_agrees_with_every_schemes_own_placement() {
    use model::one_key;
    use model::placements::every;
    use model::schemes::SchemeRun;
    for query in [
        "",
        "keyname=user%3A%7Bi%7D&keys=300",
        "servers=a,b,c,d,e&remove=c&weights=a:4",
    ] {
        let parsed = query::parse(query, &[]);
        let snapshot = Snapshot::of(&parsed.settings);
        let context = snapshot.scheme_context();
        for scheme in every() {
            // Bounded loads places keys in order, so a key alone is its first
            // choice: compare it where the cap has not pushed any key.
            if scheme.id() == model::placements::PlacementId::Bounded {
                continue;
            }
            let run = SchemeRun::place(
                scheme,
                &context,
                &snapshot.keys,
                &snapshot.before,
                &snapshot.after,
            );
            for index in [0, 7, 99] {
                let name = snapshot
                    .settings
                    .keyname
                    .name(snapshot.keys.key(index).number);
                let (_, rows) = one_key::owners(&snapshot, &name);
                let row = rows.iter().find(|r| r.scheme == scheme.id()).unwrap();
                assert_eq!(
                    row.after,
                    snapshot.name(run.owners_after()[index]),
                    "{} {query}",
                    scheme.id()
                );
            }
        }
    }
}

/// The page places a re-measured client's keys a piece at a time; what the
/// claim asks for must be exactly DEFINITIONS §13's "first server at weight 3",
/// and the claim must read it, not the reader's equal-weight measurement.
#[test]
fn the_ketama_weights_claim_measures_alpha_at_weight_3_again() {
    use model::claims::clients::{weighted_ketama_shifts as verdict, weighted_needs as needs};
    use model::claims::ALL;
    let snapshot = Snapshot::measure(&Settings::default()).expect("valid settings");
    let schemes = snapshot.measure_every();
    let def = ALL
        .iter()
        .find(|d| d.id == "ketama-weights")
        .expect("claim");
    let asked = needs(&snapshot, &schemes);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].scheme.id().as_str(), "ketama");
    let again = [asked[0].measure(&snapshot)];
    // The same as the page measures at weights=alpha:3 (the test above).
    assert_eq!(
        (again[0].movement.moved, again[0].movement.moved_between),
        (191, 33)
    );
    let judged = verdict(&snapshot, &schemes, &again);
    assert!(judged.held == model::claims::Held::Yes);
    assert!(judged
        .evidence
        .starts_with("With alpha at weight 3, arcs covering"));
    assert!(judged
        .evidence
        .contains("ketama moves 191 keys, 33 of them"));
    assert_eq!(def.judge(&snapshot, &schemes).evidence, judged.evidence);
    // Nothing measured: the claim says so and does not hold.
    assert_eq!(verdict(&snapshot, &[], &[]).held, model::claims::Held::No);
    // With the reader's own unequal weights, nothing is measured again.
    let weighted = Snapshot::measure(&Settings {
        weights: vec![("alpha".into(), Weight::new(3).unwrap())],
        ..Settings::default()
    })
    .expect("valid settings");
    assert!(needs(&weighted, &weighted.measure_every()).is_empty());
}

/// Ketama hashes a server's points once for both sides of a change where
/// its count of digests is the same on both: each side still places every
/// key as a ring built on that side alone, with equal weights and without.
#[test]
fn ketama_pair_places_as_each_side_built_alone() {
    use model::schemes::Scheme;
    use model::systems::ketama::Ketama;
    for address in [
        "",
        "remove=bravo",
        "weights=alpha:3",
        "weights=alpha:3,charlie:2&remove=delta",
        "servers=a:2,b,c&add=d:4",
    ] {
        let parsed = query::parse(address, &model::panels::ids());
        assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
        let snapshot = Snapshot::of(&parsed.settings);
        let context = snapshot.scheme_context();
        let (before, after) = Ketama.place_pair(&context, &snapshot.before, &snapshot.after);
        let before_alone = Ketama.place(&context, &snapshot.before);
        let after_alone = Ketama.place(&context, &snapshot.after);
        for index in 0..snapshot.keys.len() {
            let key = snapshot.keys.key(index);
            assert_eq!(
                before.owner(key),
                before_alone.owner(key),
                "{address}: key {index} before"
            );
            assert_eq!(
                after.owner(key),
                after_alone.owner(key),
                "{address}: key {index} after"
            );
        }
    }
}

/// The exact arcs the ketama claims judge, checked against keys by another
/// route: at 100,000 keys, each server's keys and the keys moved between
/// staying servers fall within 4 binomial standard deviations of what the
/// arcs predict (fixed settings, so the test is the same every run).
#[test]
fn ketama_arcs_predict_the_keys() {
    let settings = query::parse("keys=100000&weights=alpha:3", &model::panels::ids()).settings;
    let snapshot = Snapshot::measure(&settings).expect("valid settings");
    let ketama = of(&snapshot.measure_systems(), "ketama").clone();
    let ring_of = |pool: &[u16]| {
        let servers: Vec<model::systems::Server> = pool
            .iter()
            .map(|&id| model::systems::Server {
                name: &snapshot.names[usize::from(id)],
                weight: snapshot.weights[usize::from(id)],
                fixed_id: None,
            })
            .collect();
        ketama::ring(&servers, pool, &mut Vec::new()).0
    };
    let (before, after) = (ring_of(&snapshot.before), ring_of(&snapshot.after));
    let keys = snapshot.key_count() as f64;
    let within = |count: u32, p: f64, what: &str| {
        let sd = (keys * p * (1.0 - p)).sqrt();
        assert!(
            (f64::from(count) - keys * p).abs() <= 4.0 * sd,
            "{what}: {count} keys against {} expected",
            keys * p
        );
    };
    let circle = 4_294_967_296.0;
    let shares = after.shares(circle, snapshot.names.len());
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    for &id in &snapshot.after {
        let i = usize::from(id);
        within(ketama.movement.loads_after[i], shares[i], snapshot.name(id));
    }
    let staying = |id: u16| snapshot.before.contains(&id) && snapshot.after.contains(&id);
    let between = ClientRing::share_between(&before, &after, staying, circle);
    assert!(between > 0.0);
    within(
        ketama.movement.moved_between as u32,
        between,
        "moved between",
    );
    // A ring compared with itself hands nothing between.
    assert_eq!(
        ClientRing::share_between(&after, &after, staying, circle),
        0.0
    );
}
