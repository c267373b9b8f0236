//! The reader's own keys (DEFINITIONS §16) checked by other routes: a list of the
//! template's own names must measure exactly as the template does, request
//! shares must be the lines each server gets, and the sample must be the
//! smallest XXH64 values whatever order the lines come in.

use std::collections::HashMap;

use model::keyname::KeyName;
use model::query;
use model::systems::hashes::xxh64;
use model::your_keys::{self, Reading, Split, YourKeys, MAX_PLACED};
use model::Snapshot;

const WHOLE: Reading = Reading {
    split: Split::Spaces,
    field: None,
};

fn measured(address: &str, keys: Option<&str>) -> Snapshot {
    let parsed = query::parse(address, &[]);
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    let yours = keys.map(|text| YourKeys::new(your_keys::read(text.as_bytes(), WHOLE).unwrap()));
    Snapshot::of(&parsed.settings.with_your_keys(yours))
}

#[test]
fn the_templates_own_names_as_a_list_measure_as_the_template() {
    for (address, template, count) in [
        ("", "key-{i}", 1_000),
        ("keyname=user%3A%7Bi%7D&keys=3000&remove=bravo", "user:{i}", 3_000),
        (
            "servers=10.0.0.1,10.0.0.2,10.0.0.3&add=10.0.0.4&hash=fnv1a&points=40&keyname=%2Fimg%2F%7Bi%7D.jpg&keys=500&weights=10.0.0.2:3",
            "/img/{i}.jpg",
            500,
        ),
    ] {
        let name = KeyName::parse(template).unwrap();
        let text: String = (0..count).map(|i| name.name(i) + "\n").collect();
        let template = measured(address, None);
        let yours = measured(address, Some(&text));
        assert_eq!(yours.key_count(), count as usize, "{address}");
        assert_eq!(yours.keys.hashes, template.keys.hashes, "{address}");
        assert_eq!(yours.owners_after, template.owners_after, "{address}");
        assert_eq!(yours.moved_by_owner_diff, template.moved_by_owner_diff);
        assert_eq!(yours.moved_by_arc_walk, template.moved_by_arc_walk);
        assert_eq!(yours.modulo_moved, template.modulo_moved, "{address}");
        assert_eq!(yours.loads_after, template.loads_after, "{address}");
        for (mine, theirs) in [
            (yours.measure_schemes(), template.measure_schemes()),
            (yours.measure_systems(), template.measure_systems()),
        ] {
            for (a, b) in mine.iter().zip(&theirs) {
                assert_eq!(a.movement, b.movement, "{address}: {}", a.id);
                assert_eq!(a.spread, b.spread, "{address}: {}", a.id);
            }
        }
        // Each key once: requests follow keys.
        let shares = yours.request_shares();
        for (id, &load) in yours.loads_after.iter().enumerate() {
            assert!((shares[id] - f64::from(load) / count as f64).abs() < 1e-12);
        }
    }
}

#[test]
fn request_shares_are_the_lines_each_server_gets() {
    // Key j of 400 appears (j % 7)² + 1 times, interleaved.
    let mut lines = Vec::new();
    for round in 0..37 {
        for j in 0..400u32 {
            if round <= (j % 7) * (j % 7) {
                lines.push(format!("/obj/{j}"));
            }
        }
    }
    let text = lines.join("\n");
    let snapshot = measured("servers=a,b,c,d&remove=c", Some(&text));
    // Owners by each line's own position on the ring after the change.
    let mut per_server: HashMap<u16, f64> = HashMap::new();
    for line in &lines {
        let position = snapshot.settings.hash.hash(line.as_bytes());
        *per_server
            .entry(snapshot.ring_after.owner(position).unwrap())
            .or_default() += 1.0;
    }
    let shares = snapshot.request_shares();
    for (&server, &count) in &per_server {
        let expected = count / lines.len() as f64;
        assert!(
            (shares[usize::from(server)] - expected).abs() < 1e-12,
            "{server}: {} vs {expected}",
            shares[usize::from(server)]
        );
    }
    let hottest = lines.iter().filter(|l| *l == "/obj/6").count() as f64;
    assert!((snapshot.hottest_key_share() - hottest / lines.len() as f64).abs() < 1e-12);
    let ranked = snapshot.requests().hottest(snapshot.key_count(), 3);
    // Keys 6, 13 and 20 are the first with 37 lines each.
    assert_eq!(
        ranked.iter().map(|&(at, _)| at).collect::<Vec<_>>(),
        [6, 13, 20]
    );
}

#[test]
fn the_sample_is_the_smallest_xxh64_whatever_the_order() {
    let count = MAX_PLACED + 2_500;
    let forwards: String = (0..count).map(|i| format!("u{i}\n")).collect();
    let backwards: String = (0..count).rev().map(|i| format!("u{i}\n")).collect();
    let read = |text: &str| your_keys::read(text.as_bytes(), WHOLE).unwrap();
    let (a, b) = (read(&forwards), read(&backwards));
    assert_eq!((a.distinct, a.keys.len()), (count, MAX_PLACED));
    let set = |list: &your_keys::KeyList| {
        let mut keys: Vec<String> = list.keys.iter().map(|(k, _)| k.clone()).collect();
        keys.sort();
        keys
    };
    assert_eq!(set(&a), set(&b), "the same keys, whatever the order");
    let mut hashes: Vec<u64> = (0..count)
        .map(|i| xxh64(format!("u{i}").as_bytes(), 1))
        .collect();
    hashes.sort_unstable();
    let kept: Vec<u64> = set(&a).iter().map(|k| xxh64(k.as_bytes(), 1)).collect();
    assert!(kept.iter().all(|&h| h <= hashes[MAX_PLACED - 1]));
    assert_eq!(YourKeys::new(read(&forwards)), YourKeys::new(a));
}

/// DEFINITIONS §16: requests that change server, counted from the lines
/// themselves (each line one request, its key's owner looked up by name)
/// rather than from the placed keys' counts.
#[test]
fn moved_requests_are_the_lines_whose_key_moves() {
    for address in [
        "",
        "use=nginx&servers=10.0.0.1:8080,10.0.0.2:8080,10.0.0.3:8080,10.0.0.4:8080&weights=10.0.0.2:8080:2&add=10.0.0.5:8080",
        "remove=bravo&use=ketama&weights=alpha:3",
    ] {
        // Key k appears (k * 7919) % 13 + 1 times, the lines shuffled.
        let mut lines: Vec<String> = (0..600)
            .flat_map(|k| std::iter::repeat_n(format!("/item/{k}"), (k * 7919) % 13 + 1))
            .collect();
        lines.sort_by_key(|line| xxh64(line.as_bytes(), 7));
        let text = lines.join("\n");
        let s = measured(address, Some(&text));
        let index: HashMap<String, usize> = (0..s.key_count())
            .map(|i| (s.settings.key_names().name(i as u64), i))
            .collect();
        let moved_line = |line: &String| {
            let i = index[line];
            s.owners_before[i] != s.owners_after[i]
        };
        let by_lines = lines.iter().filter(|line| moved_line(line)).count() as u64;
        let moved = s.moved_requests().expect("counted requests are not even");
        assert_eq!(moved.requests, Some(by_lines), "{address}");
        assert_eq!(moved.total, Some(lines.len() as u64), "{address}");
        assert!((moved.share - by_lines as f64 / lines.len() as f64).abs() < 1e-12);
        // Modulo, from the positions the schemes table's modulo row reads.
        let modulo = s.modulo_moved_requests().unwrap();
        let row = s
            .measure_schemes()
            .into_iter()
            .find(|r| r.id == model::placements::PlacementId::Modulo)
            .unwrap();
        assert_eq!(row.movement.moved, s.modulo_moved, "{address}");
        assert!(modulo.requests.unwrap() >= s.modulo_moved as u64);
    }
    // Every key alike: no request figures, since requests are keys.
    assert_eq!(measured("", None).moved_requests(), None);
    // Zipf's law: a share alone, the hot first keys weighing most.
    let zipf = measured("skew=1.5", None);
    let share = zipf.moved_requests().unwrap();
    assert_eq!(share.requests, None);
    let weights: Vec<f64> = (1..=zipf.key_count())
        .map(|r| (r as f64).powf(-1.5))
        .collect();
    let expected: f64 =
        zipf.moved_keys().map(|i| weights[i]).sum::<f64>() / weights.iter().sum::<f64>();
    assert!(
        (share.share - expected).abs() < 1e-12,
        "{} vs {expected}",
        share.share
    );
}

/// Your keys are settled like any edit (ARCHITECTURE.md: settings are made
/// only by `Valid::settle`): the key count becomes the keys placed, within
/// the keys' range, and nothing else of the settings changes.
#[test]
fn your_keys_are_settled_into_the_settings() {
    use model::settings::{MAX_KEYS, MIN_KEYS};
    let parsed = query::parse("servers=a,b,c&remove=b&keys=700&points=40", &[]);
    for count in [1usize, 5, 3_000] {
        let text: String = (0..count).map(|i| format!("k{i}\n")).collect();
        let yours = YourKeys::new(your_keys::read(text.as_bytes(), WHOLE).unwrap());
        let settled = parsed.settings.with_your_keys(Some(yours));
        assert_eq!(settled.keys, (count as u32).clamp(MIN_KEYS, MAX_KEYS));
        assert_eq!(settled.your_keys.as_ref().map(|y| y.len()), Some(count));
        assert_eq!(settled.servers, parsed.settings.servers);
        assert_eq!(settled.points, 40);
        assert_eq!(settled.change, parsed.settings.change);
        // And back to the template: its key count stays as it was settled.
        let back = settled.with_your_keys(None);
        assert!(back.your_keys.is_none());
        assert_eq!(back.keys, settled.keys);
    }
}
