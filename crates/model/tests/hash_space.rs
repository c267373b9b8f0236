//! The share of a hash's space a deploy moves, exact (`hash_space`): where
//! the owner can change every system says (its breaks), which is checked at
//! every break and inside every stretch; nginx `hash`'s share against its 32,768
//! residues walked again here; every system's against a million uniformly
//! random positions.

use model::deploy::{Bounds, Deploy, PoolServer, Side};
use model::placements::PlacementId;
use model::ring::{Points, Ring, ServerId};
use model::schemes::{KeyPositions, Placement, Scheme};
use model::settings::Settings;

fn pool(servers: &[(&str, u8)]) -> Vec<PoolServer> {
    servers
        .iter()
        .map(|&(name, weight)| PoolServer::new(name, u32::from(weight)))
        .collect()
}

/// Six servers to seven: one address replaced, one added, a weight 2 → 3.
fn deploy() -> Deploy {
    let before: Vec<(String, u8)> = (1..=6)
        .map(|i| (format!("10.1.0.{i}:8080"), if i == 2 { 2 } else { 1 }))
        .collect();
    let mut after = before.clone();
    after[1].1 = 3;
    after[2].0 = "10.1.0.33:8080".into();
    after.push(("10.1.0.7:8080".into(), 1));
    let as_pool = |list: &[(String, u8)]| {
        pool(
            &list
                .iter()
                .map(|(name, weight)| (name.as_str(), *weight))
                .collect::<Vec<_>>(),
        )
    };
    Deploy::new(&as_pool(&before), &as_pool(&after), Bounds::PAGE).unwrap()
}

/// Every system ringdiff reports that places by its own hash.
fn systems() -> Vec<&'static dyn Scheme> {
    PlacementId::DEPLOYED.iter().map(|id| id.scheme()).collect()
}

fn placed(deploy: &Deploy, scheme: &'static dyn Scheme) -> [Box<dyn Placement>; 2] {
    let settings = Settings::default();
    let positions = KeyPositions::default();
    let before = deploy.context(Side::Before, &settings, 0, &positions, None);
    let after = deploy.context(Side::After, &settings, 0, &positions, None);
    let (before, after) = scheme.place_sides((&before, &deploy.before), (&after, &deploy.after));
    [before, after]
}

/// SplitMix64: uniformly random positions, the same every run.
fn positions(count: usize) -> impl Iterator<Item = u64> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..count).map(move |_| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

#[test]
fn the_owner_changes_only_at_a_break() {
    let deploy = deploy();
    for scheme in systems() {
        for placement in placed(&deploy, scheme) {
            let by_hash = placement.by_own_hash().unwrap();
            if by_hash.rows().is_some() {
                continue;
            }
            let top = mask(by_hash.key_hash().bits);
            let mut breaks = by_hash.breaks();
            breaks.sort_unstable();
            breaks.dedup();
            // Each stretch (break, next break]: one owner at its first
            // position, a random one inside, and its end.
            let mut inside = positions(breaks.len());
            for (index, &start) in breaks.iter().enumerate() {
                let end = breaks[(index + 1) % breaks.len()];
                let length = end.wrapping_sub(start) & top;
                if length == 0 {
                    continue;
                }
                let owner = by_hash.owner_at(end);
                let within = [1, 1 + inside.next().unwrap() % length];
                for offset in within {
                    let at = start.wrapping_add(offset) & top;
                    assert_eq!(
                        by_hash.owner_at(at),
                        owner,
                        "{}: {at} in ({start}, {end}]",
                        scheme.id()
                    );
                }
            }
        }
    }
}

#[test]
fn nginx_hash_moves_the_residues_whose_walk_changes() {
    // 15 bits of the CRC-32, each value of them 2^17 CRCs: the exact share
    // is the values whose server, walked modulo the total weight, changes.
    let (before, after) = ([1u32, 2, 1, 1, 1, 1], [1u32, 3, 1, 1, 1, 1, 1]);
    // Servers by name: the third is replaced, so it is another server.
    let names_before = [0, 1, 2, 3, 4, 5];
    let names_after = [0, 1, 6, 3, 4, 5, 7];
    let walk = |weights: &[u32], names: &[usize], value: u32| {
        let mut w = value % weights.iter().sum::<u32>();
        for (weight, name) in weights.iter().zip(names) {
            if w < *weight {
                return *name;
            }
            w -= weight;
        }
        unreachable!()
    };
    let changed = (0..1u32 << 15)
        .filter(|&v| walk(&before, &names_before, v) != walk(&after, &names_after, v))
        .count();
    let exact = deploy()
        .changed_space_share(PlacementId::NginxHash.scheme(), &Settings::default())
        .unwrap();
    assert_eq!(exact, changed as f64 / 32768.0);
    assert!(exact > 0.5, "hash mod n in disguise moves most: {exact}");
}

#[test]
fn each_share_is_what_a_million_random_positions_find() {
    let deploy = deploy();
    let settings = Settings::default();
    let tries = 1 << 20;
    let ring = |side: Side| {
        let (members, weights, _) = deploy.side(side);
        let points = Points {
            base: settings.points,
            weights,
        };
        Ring::build(&deploy.names, members, points, settings.hash)
    };
    let (ring_before, ring_after) = (ring(Side::Before), ring(Side::After));
    let page_ring = |p: u64| {
        let at = p as u32;
        (ring_before.owner(at), ring_after.owner(at))
    };
    let mut checked = vec![(
        PlacementId::Ring.scheme(),
        positions(tries)
            .filter(|&p| {
                let (was, now) = page_ring(p);
                was != now
            })
            .count(),
    )];
    for scheme in systems() {
        let [before, after] = placed(&deploy, scheme);
        let (before, after) = (before.by_own_hash().unwrap(), after.by_own_hash().unwrap());
        let top = mask(before.key_hash().bits);
        let owners = |p: u64| -> (ServerId, ServerId) {
            (before.owner_at(p & top), after.owner_at(p & top))
        };
        let moved = positions(tries)
            .filter(|&p| {
                let (was, now) = owners(p);
                was != now
            })
            .count();
        checked.push((scheme, moved));
    }
    for (scheme, moved) in checked {
        let exact = deploy.changed_space_share(scheme, &settings).unwrap();
        let found = moved as f64 / tries as f64;
        // Five standard errors of a million tries: about 0.25 points.
        let error = (exact * (1.0 - exact) / tries as f64).sqrt();
        assert!(
            (found - exact).abs() <= 5.0 * error + 1e-9,
            "{}: exact {exact}, random positions {found}",
            scheme.id()
        );
        assert!(exact > 0.0 && exact < 1.0, "{}: {exact}", scheme.id());
    }
}

#[test]
fn the_same_pool_changes_no_position() {
    let same = pool(&[("a", 1), ("b", 2), ("c", 1)]);
    let deploy = Deploy::new(&same, &same, Bounds::PAGE).unwrap();
    let settings = Settings::default();
    for scheme in std::iter::once(PlacementId::Ring.scheme()).chain(systems()) {
        assert_eq!(
            deploy.changed_space_share(scheme, &settings),
            Some(0.0),
            "{}",
            scheme.id()
        );
    }
}
