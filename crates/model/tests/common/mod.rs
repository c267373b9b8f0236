//! The one strategy for random valid settings that the property tests
//! share, shaped by a `Space` so each test keeps its cases as quick as it
//! needs: random pools (names from several scripts, or numbered), joins
//! and leaves of any server, every hash, any first key, ε and probe count.

use std::ops::RangeInclusive;

use model::{Change, Epsilon, HashKind, Probes, Settings};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;

/// How server names are made.
#[derive(Clone, Copy)]
#[allow(dead_code)] // Each test binary uses the kinds it needs.
pub enum Names {
    /// 1–12 characters from several scripts, spaces and punctuation inside.
    Mixed,
    /// A random lowercase stem and a number: `abc-0`, `abc-1`, …
    Numbered,
}

/// The settings a test draws from.
#[derive(Clone)]
pub struct Space {
    /// Servers before a join or a leave (a join adds one, a leave keeps
    /// at least two).
    pub servers: RangeInclusive<usize>,
    pub names: Names,
    /// Points per server: mostly a lumpy few, sometimes up to this many.
    pub max_points: u16,
    /// Keys: mostly few, sometimes up to this many.
    pub max_keys: u32,
}

/// A valid server name from several scripts: no commas, no control
/// characters, no surrounding spaces.
pub fn mixed_name() -> impl Strategy<Value = String> {
    let letters: Vec<char> = "abcxyzé日本ßΩж🙂-_. #".chars().collect();
    vec(proptest::sample::select(letters), 1..12).prop_map(|chars| {
        let text: String = chars.into_iter().collect();
        match text.trim() {
            "" => "s".to_string(),
            trimmed => trimmed.to_string(),
        }
    })
}

fn names(names: Names, count: RangeInclusive<usize>) -> BoxedStrategy<Vec<String>> {
    match names {
        Names::Mixed => btree_set(mixed_name(), count)
            .prop_map(|set| set.into_iter().collect())
            .boxed(),
        Names::Numbered => ("[a-z]{1,6}", count)
            .prop_map(|(stem, count)| (0..count).map(|i| format!("{stem}-{i}")).collect())
            .boxed(),
    }
}

/// Random valid settings in `space`.
pub fn settings(space: Space) -> impl Strategy<Value = Settings> {
    let few_points = space.max_points.min(8);
    let points = prop_oneof![
        3 => 1u16..=few_points,
        2 => few_points..=space.max_points,
    ];
    let few_keys = space.max_keys.min(400);
    let keys = prop_oneof![
        6 => 1u32..=few_keys,
        3 => few_keys..=space.max_keys.min(5_000),
        1 => few_keys..=space.max_keys,
    ];
    // One name more than the pool before: the joiner, if it is a join.
    let pool = *space.servers.start() + 1..=*space.servers.end() + 1;
    (
        names(space.names, pool),
        any::<bool>(),
        any::<prop::sample::Index>(),
        points,
        keys,
        0u64..1_000_000,
        proptest::sample::select(HashKind::ALL.to_vec()),
        (5u32..=200, 1u32..=64),
    )
        .prop_map(
            |(mut servers, join, pick, points, keys, first, hash, (eps, probes))| {
                let change = if join {
                    Change::Join(servers.pop().expect("a pool and a joiner"))
                } else {
                    servers.pop();
                    Change::Leave(servers[pick.index(servers.len())].clone())
                };
                Settings {
                    servers,
                    change,
                    points,
                    keys,
                    first,
                    hash,
                    eps: Epsilon::from_hundredths(eps).expect("in range"),
                    probes: Probes::new(probes).expect("in range"),
                    ..Settings::default()
                }
            },
        )
}

/// Proptest's settings for `cases` cases from one fixed seed, so that a run
/// never fails by the luck of its draw: the cases change only when the
/// strategies do. `PROPTEST_RNG_SEED=N` draws another set for a hunt.
#[allow(dead_code)] // Not every test binary runs properties.
pub fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig {
        cases,
        ..ProptestConfig::default()
    };
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x00C0_FFEE);
    }
    config
}
