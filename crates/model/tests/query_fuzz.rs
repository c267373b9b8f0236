//! The address is untrusted input. Drive the parser with generated queries
//! (random bytes, huge and negative numbers, repeats, conflicts, broken
//! percent-escapes, very long values): it must never panic, and whatever it
//! accepts must be within every limit and survive a round trip.
//!
//! Short by default; the long run is
//! `PROPTEST_CASES=100000 cargo test --release --test query_fuzz`.

use model::query::{render, Parsed};
use model::settings::{MAX_FIRST, MAX_KEYS, MAX_NAME_CHARS, MAX_POINTS, MAX_SERVERS};
use model::{Change, Snapshot};
use proptest::prelude::*;

#[allow(dead_code)] // Only its proptest settings are used here.
mod common;

fn parse(query: &str) -> Parsed {
    model::query::parse(query, &model::panels::ids())
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        // Every parameter the page reads, from its registry.
        4 => proptest::sample::select(model::query::params::PARAMS.iter().map(|param| param.name).collect::<Vec<_>>())
            .prop_map(String::from),
        1 => ".{0,12}",
    ]
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        // Numbers around and far past every limit, negative, fractional.
        3 => any::<i64>().prop_map(|n| n.to_string()),
        2 => (0u64..1200).prop_map(|n| n.to_string()),
        1 => "-?[0-9]{1,40}(\\.[0-9]{1,3})?",
        // Decimals around ε's range, with odd forms.
        2 => "[-+]?[0-9]{0,3}(\\.[0-9]{0,4})?(e[0-9])?",
        // Name lists with odd separators, escapes and scripts.
        3 => "[a-zé日🙂 ,%+&=#<>\"'\\\\]{0,40}",
        // Sizes with and without units, absurd, negative and malformed.
        2 => "[-+]?[0-9]{0,22}(\\.[0-9]{0,14})? ?(TB|GB|MB|KB|B|tb|PB|XB)?",
        // Weights: known and unknown names, out-of-range and malformed.
        2 => "((alpha|bravo|echo|zulu|n1)(:[-0-9x]{0,3})?,?){0,4}",
        // Server names the pool has, alone, repeated and all at once.
        2 => proptest::sample::select(vec!["alpha", "echo", "alpha,bravo", "alpha,alpha", "alpha,bravo,charlie,delta,echo", "zulu", "bravo,zulu"]).prop_map(String::from),
        // Broken and valid percent-escapes, including encoded controls.
        2 => "(%[0-9A-Fa-fzZ]{0,2}|[a-z,]){0,20}",
        // Key-name templates: good, without {i}, with two, escaped, odd bytes.
        2 => "[a-z:/.é%7BD]{0,6}(\\{i\\}|%7Bi%7D|\\{i|i\\})?[a-z.{}%0-9]{0,44}",
        // Very long values.
        1 => "[a-z,]{200,3000}",
        1 => proptest::sample::select(vec!["fnv1a", "fnv1a-fold", "fnv1a-murmur", "md5", "1", "0", "ring", "claims", "schemes", "predict", "moved", "failover", "copy-hours", "between", "nope", "0.05", "2", "2.01", "64", "65"]).prop_map(String::from),
    ]
}

fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::collection::vec((key(), value()), 0..10).prop_map(|pairs| {
            pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
        }),
        // Arbitrary bytes, made into a string however they come.
        1 => proptest::collection::vec(any::<u8>(), 0..300).prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        1 => "[?&=%a-z0-9,]{0,200}",
    ]
}

proptest! {
    // PROPTEST_CASES sets the count for the long run.
    #![proptest_config(common::config(cases(4000)))]

    #[test]
    fn any_query_gives_valid_settings(query in query()) {
        let parsed = parse(&query);
        let settings = &parsed.settings;
        prop_assert!(settings.problems().is_empty(), "{query:?} gave {:?}", settings.problems());
        prop_assert!((2..=MAX_SERVERS).contains(&settings.servers.len()));
        prop_assert!(settings.servers.iter().all(|n| !n.is_empty() && n.chars().count() <= MAX_NAME_CHARS));
        prop_assert!((1..=MAX_POINTS).contains(&settings.points));
        prop_assert!((1..=MAX_KEYS).contains(&settings.keys));
        prop_assert!(settings.first <= MAX_FIRST);
        let pool = settings.pool_after();
        // ε, probes, replicas, skew and weights hold their ranges by type
        // (Epsilon, WholeIn); what the types cannot say is checked here.
        prop_assert!(settings.replicas.count() <= pool.len());
        prop_assert!(settings.down.len() < pool.len());
        prop_assert!(settings.down.iter().all(|name| pool.contains(name)));
        prop_assert!(!settings.down_servers().is_empty());
        prop_assert!((1_000..=1_000_000_000_000_000_000).contains(&settings.data.get()));
        prop_assert!((1_000..=1_000_000_000_000).contains(&settings.bandwidth.get()));
        prop_assert!((1..=1_000_000).contains(&settings.rate));
        prop_assert!((1..=10_080).contains(&settings.rollout));
        let template = settings.keyname.as_str();
        let once = template.matches("{i}").count() == 1;
        prop_assert!(once && template.chars().count() <= 40, "template {:?}", template);
        prop_assert!(!template.chars().any(char::is_control));
        prop_assert!(parsed.key.as_ref().is_none_or(|k| k.chars().count() <= 200 && !k.is_empty()));
        prop_assert!(settings.ring_entries() <= 100_000);
        let names = settings.all_names();
        prop_assert!(settings.weights.iter().all(|(name, _)| names.contains(name)));
        if let Change::Join(_) = settings.change {
            prop_assert!(settings.servers.len() < MAX_SERVERS);
        }
        // Whatever was accepted renders to an address that reads back the same.
        let rendered = model::query::with_key(
            render(settings, &parsed.view),
            parsed.key.as_deref().unwrap_or(""),
        );
        let again = parse(&rendered);
        prop_assert_eq!(&again.settings, settings);
        prop_assert_eq!(&again.key, &parsed.key);
        prop_assert!(again.notices.is_empty(), "{:?}", again.notices);
        // Notices stay readable however long the input was.
        prop_assert!(parsed.notices.iter().all(|n| n.chars().count() < 400));
    }
}

#[test]
fn accepted_settings_measure_without_panicking() {
    // A smaller sample that is also measured end to end.
    let mut runner = proptest::test_runner::TestRunner::new(common::config(200));
    runner
        .run(&query(), |query| {
            let parsed = parse(&query);
            prop_assert!(Snapshot::measure(&parsed.settings).is_ok());
            Ok(())
        })
        .unwrap();
}
