//! DEFINITIONS §20: a deploy, any pool to any pool. Each system's count for
//! deploys of every kind (an address replaced, servers added and removed,
//! weights changed, lines reordered, HAProxy ids fixed, all at once) against
//! a placement written again here from DEFINITIONS §15, sharing only the
//! hash primitives, whose vectors `systems.rs` checks. The figures routed
//! key by key through real nginx 1.22 and HAProxy 2.6 (issue 62) are
//! checked as vectors.

use model::deploy::{Bounds, Deploy, PoolServer, Side, MAX_COUNTED_WEIGHT};
use model::deploy_words::{describe, is_unchanged, pool, reorder_only};
use model::keys::{KeySpec, Keys};
use model::requests::Requests;
use model::schemes::{KeyPositions, Scheme};
use model::settings::Settings;
use model::systems::hashes::{crc32, full_hash, sdbm};
use model::systems::{haproxy, nginx, nginx_hash};
use model::HashKind;

type Pool = Vec<(String, u8, Option<u32>)>;

fn lines(pool: &Pool) -> Vec<PoolServer> {
    pool.iter()
        .map(|(name, weight, id)| PoolServer {
            name: name.clone(),
            weight: u32::from(*weight),
            fixed_id: *id,
            down: false,
        })
        .collect()
}

fn key_names(count: usize) -> Vec<String> {
    (0..count).map(|i| format!("key-{i}")).collect()
}

// --- Each system again, from DEFINITIONS §15, owner by name ---

/// nginx `hash … consistent`: 160·W points per server, each CRC32(host ‖ 0 ‖
/// port ‖ LE32(previous)); the earlier server keeps a shared point.
fn nginx_owner(pool: &Pool) -> impl Fn(&str) -> String {
    let mut points: Vec<(u32, usize)> = Vec::new();
    for (index, (name, weight, _)) in pool.iter().enumerate() {
        let (host, port) = match name.rfind(':') {
            Some(at) if name[at + 1..].bytes().all(|b| b.is_ascii_digit()) => {
                (&name[..at], &name[at + 1..])
            }
            _ => (name.as_str(), ""),
        };
        let mut previous = 0u32;
        for _ in 0..160 * u32::from(*weight) {
            let mut bytes = host.as_bytes().to_vec();
            bytes.push(0);
            bytes.extend_from_slice(port.as_bytes());
            bytes.extend_from_slice(&previous.to_le_bytes());
            previous = crc32(&bytes);
            points.push((previous, index));
        }
    }
    points.sort_by_key(|&(hash, index)| (hash, index));
    points.dedup_by_key(|point| point.0);
    let names: Vec<String> = pool.iter().map(|s| s.0.clone()).collect();
    move |key| {
        let hash = crc32(key.as_bytes());
        let at = points.iter().position(|&(p, _)| p >= hash).unwrap_or(0);
        names[points[at].1].clone()
    }
}

/// nginx `hash` without `consistent`: (CRC32 >> 16) & 0x7FFF mod ΣW, walked.
fn nginx_hash_owner(pool: &Pool) -> impl Fn(&str) -> String + '_ {
    let total: u32 = pool.iter().map(|s| u32::from(s.1)).sum();
    move |key| {
        let mut w = ((crc32(key.as_bytes()) >> 16) & 0x7FFF) % total;
        for (name, weight, _) in pool {
            if w < u32::from(*weight) {
                return name.clone();
            }
            w -= u32::from(*weight);
        }
        unreachable!("w < ΣW")
    }
}

/// HAProxy's ids: fixed ones kept, the others the first free id from a
/// counter that steps once per server (cfgparse.c).
fn haproxy_ids(pool: &Pool) -> Vec<u32> {
    let mut used: Vec<u32> = pool.iter().filter_map(|s| s.2).collect();
    let mut counter = 1;
    let mut ids = Vec::new();
    for server in pool {
        match server.2 {
            Some(id) => ids.push(id),
            None => {
                while used.contains(&counter) {
                    counter += 1;
                }
                used.push(counter);
                ids.push(counter);
            }
        }
        counter += 1;
    }
    ids
}

/// HAProxy `hash-type consistent`: 16·W nodes at full_hash(id·4096 + j);
/// the nearest node either way, the previous one on a tie.
fn haproxy_owner(pool: &Pool) -> impl Fn(&str) -> String {
    let mut nodes: Vec<(u32, String)> = Vec::new();
    for (server, id) in pool.iter().zip(haproxy_ids(pool)) {
        for j in 0..16 * u32::from(server.1) {
            nodes.push((
                full_hash(id.wrapping_mul(4096).wrapping_add(j)),
                server.0.clone(),
            ));
        }
    }
    nodes.sort();
    move |key| {
        let k = full_hash(sdbm(key.as_bytes()));
        let next = nodes.iter().position(|n| n.0 >= k).unwrap_or(0);
        let prev = (next + nodes.len() - 1) % nodes.len();
        if k.wrapping_sub(nodes[prev].0) <= nodes[next].0.wrapping_sub(k) {
            nodes[prev].1.clone()
        } else {
            nodes[next].1.clone()
        }
    }
}

/// Moved, and moved between servers in both pools, by name.
fn count(
    before: &Pool,
    after: &Pool,
    owner_before: impl Fn(&str) -> String,
    owner_after: impl Fn(&str) -> String,
    keys: usize,
) -> (usize, usize) {
    let stays =
        |name: &str| before.iter().any(|s| s.0 == name) && after.iter().any(|s| s.0 == name);
    let mut moved = (0, 0);
    for key in key_names(keys) {
        let (was, now) = (owner_before(&key), owner_after(&key));
        if was != now {
            moved.0 += 1;
            moved.1 += usize::from(stays(&was) && stays(&now));
        }
    }
    moved
}

fn model_count(
    before: &Pool,
    after: &Pool,
    scheme: &'static dyn Scheme,
    keys: u32,
) -> (usize, usize) {
    let deploy = Deploy::new(&lines(before), &lines(after), Bounds::PAGE).expect("valid pools");
    let settings = Settings::default();
    let keys = Keys::of(KeySpec::new(0, keys, HashKind::Fnv1aFold).unwrap());
    let counted = deploy.measure(
        scheme,
        &settings,
        &keys,
        &KeyPositions::default(),
        Requests::Zipf(0.0),
    );
    (counted.moved, counted.moved_between)
}

fn server(name: &str, weight: u8) -> (String, u8, Option<u32>) {
    (name.to_string(), weight, None)
}

/// The issue's six-server deploy: one address replaced, a seventh added, one
/// weight 2 → 3.
fn replace_add_reweight() -> (Pool, Pool) {
    let before: Pool = (1..=6)
        .map(|i| server(&format!("10.1.0.{i}:8080"), if i == 2 { 2 } else { 1 }))
        .collect();
    let mut after = before.clone();
    after[1].1 = 3;
    after[2].0 = "10.1.0.33:8080".into();
    after.push(server("10.1.0.7:8080", 1));
    (before, after)
}

/// Five servers, two pairs swapped in the list.
fn two_swaps() -> (Pool, Pool) {
    let before: Pool = (1..=5).map(|i| server(&format!("s{i}"), 1)).collect();
    let after: Pool = [2, 1, 3, 5, 4]
        .iter()
        .map(|i| server(&format!("s{i}"), 1))
        .collect();
    (before, after)
}

#[test]
fn the_real_programs_figures_for_the_issues_two_deploys() {
    // Routed key by key through nginx 1.22 and HAProxy 2.6 (issue 62):
    // nginx consistent, nginx hash, HAProxy consistent.
    for ((before, after), expected) in [
        (replace_add_reweight(), [700, 1_672, 591]),
        (two_swaps(), [0, 1_591, 1_567]),
    ] {
        let moved: Vec<usize> = [
            &nginx::Nginx as &dyn Scheme,
            &nginx_hash::NginxHash,
            &haproxy::Haproxy,
        ]
        .into_iter()
        .map(|scheme| {
            let scheme: &'static dyn Scheme = scheme.id().scheme();
            model_count(&before, &after, scheme, 2_000).0
        })
        .collect();
        assert_eq!(moved, expected);
    }
}

/// A deterministic walk through deploys of every kind.
fn deploys() -> Vec<(&'static str, Pool, Pool)> {
    let base: Pool = (1..=7)
        .map(|i| server(&format!("10.0.0.{i}:80"), [1, 2, 1, 3, 1, 1, 2][i - 1]))
        .collect();
    let mut kinds = Vec::new();
    let mut after = base.clone();
    after[3].0 = "10.0.0.40:80".into();
    kinds.push(("replace in place", base.clone(), after));
    let mut after = base.clone();
    after.insert(2, server("10.0.0.8:80", 2));
    kinds.push(("insert in the middle", base.clone(), after));
    let mut after = base.clone();
    after.remove(1);
    after.remove(4);
    kinds.push(("two removed", base.clone(), after));
    let mut after = base.clone();
    after[0].1 = 4;
    after[5].1 = 1;
    kinds.push(("reweight only", base.clone(), after));
    let mut after = base.clone();
    after.reverse();
    kinds.push(("reversed", base.clone(), after));
    let mut after = base.clone();
    after.rotate_left(2);
    after[6].0 = "10.0.0.9:80".into();
    after.push(server("10.0.0.10:80", 1));
    after[0].1 = 5;
    kinds.push(("everything at once", base.clone(), after));
    // HAProxy: ids fixed on every line keep a reorder from moving keys,
    // and a fixed id among auto-numbered ones shifts the numbering.
    let fixed: Pool = base
        .iter()
        .enumerate()
        .map(|(i, s)| (s.0.clone(), s.1, Some(10 + i as u32)))
        .collect();
    let mut after = fixed.clone();
    after.swap(0, 6);
    after.remove(3);
    kinds.push(("ids fixed, reordered and one removed", fixed, after));
    let mut after = base.clone();
    after[4].2 = Some(2);
    kinds.push(("one id fixed", base.clone(), after));
    kinds
}

#[test]
fn every_kind_of_deploy_counts_as_the_systems_written_again() {
    let keys = 3_000;
    for (kind, before, after) in deploys() {
        let nginx = count(
            &before,
            &after,
            nginx_owner(&before),
            nginx_owner(&after),
            keys,
        );
        let hash = count(
            &before,
            &after,
            nginx_hash_owner(&before),
            nginx_hash_owner(&after),
            keys,
        );
        let ha = count(
            &before,
            &after,
            haproxy_owner(&before),
            haproxy_owner(&after),
            keys,
        );
        assert_eq!(
            model_count(&before, &after, &nginx::Nginx, keys as u32),
            nginx,
            "nginx, {kind}"
        );
        assert_eq!(
            model_count(&before, &after, &nginx_hash::NginxHash, keys as u32),
            hash,
            "nginx-hash, {kind}"
        );
        assert_eq!(
            model_count(&before, &after, &haproxy::Haproxy, keys as u32),
            ha,
            "haproxy, {kind}"
        );
    }
}

#[test]
fn fixed_haproxy_ids_are_numbered_as_haproxy_numbers_them() {
    let pool: Pool = vec![
        server("a", 1),
        ("b".into(), 1, Some(1)),
        server("c", 1),
        ("d".into(), 1, Some(3)),
        server("e", 1),
    ];
    // The counter starts at 1 and steps once per line: a finds 1 taken and
    // takes 2; b keeps 1; c takes 4; d keeps 3; e, with the counter at 6, 6.
    assert_eq!(haproxy_ids(&pool), [2, 1, 4, 3, 6]);
    let servers: Vec<model::systems::Server> = pool
        .iter()
        .map(|s| model::systems::Server {
            name: &s.0,
            weight: 1,
            fixed_id: s.2,
        })
        .collect();
    assert_eq!(haproxy::numbered(&servers), [2, 1, 4, 3, 6]);
}

#[test]
fn every_placement_agrees_with_itself_where_nothing_changes() {
    let (before, _) = replace_add_reweight();
    for scheme in model::placements::every() {
        assert_eq!(
            model_count(&before, &before, scheme, 1_000),
            (0, 0),
            "{}",
            scheme.id()
        );
    }
    let deploy = Deploy::new(&lines(&before), &lines(&before), Bounds::PAGE).unwrap();
    assert!(is_unchanged(&deploy));
    assert!(describe(&deploy).starts_with("nothing changes"));
}

#[test]
fn the_pages_ring_counts_a_deploy_by_both_routes() {
    let settings = Settings::default();
    let keys = Keys::of(KeySpec::new(0, 5_000, HashKind::Fnv1aFold).unwrap());
    for (kind, before, after) in deploys() {
        let deploy = Deploy::new(&lines(&before), &lines(&after), Bounds::PAGE).unwrap();
        let by_owner = deploy
            .measure(
                &model::schemes::ring::RingScheme,
                &settings,
                &keys,
                &KeyPositions::default(),
                Requests::Zipf(0.0),
            )
            .moved;
        assert_eq!(
            deploy.moved_by_arc_walk(&settings, &keys),
            by_owner,
            "{kind}"
        );
    }
}

#[test]
fn a_join_and_a_leave_as_deploys_count_what_the_page_counts() {
    // The shorthand and the deploy it means give one answer, every row.
    let snapshot = model::Snapshot::measure(&Settings::default()).unwrap();
    let rows = snapshot.measure_every();
    let before: Pool = ["alpha", "bravo", "charlie", "delta"]
        .iter()
        .map(|n| server(n, 1))
        .collect();
    let mut after = before.clone();
    after.push(server("echo", 1));
    for (scheme, row) in model::placements::every().zip(&rows) {
        assert_eq!(
            model_count(&before, &after, scheme, 1_000),
            (row.movement.moved, row.movement.moved_between),
            "{}",
            scheme.id()
        );
    }
}

#[test]
fn the_deploy_in_words() {
    let (before, after) = replace_add_reweight();
    let deploy = Deploy::new(&lines(&before), &lines(&after), Bounds::PAGE).unwrap();
    assert_eq!(
        describe(&deploy),
        "10.1.0.3:8080 replaced by 10.1.0.33:8080 (same place in the list); 10.1.0.7:8080 added at the end; 10.1.0.2:8080 weight 2 \u{2192} 3; order otherwise unchanged"
    );
    let (before, after) = two_swaps();
    let deploy = Deploy::new(&lines(&before), &lines(&after), Bounds::PAGE).unwrap();
    assert_eq!(
        describe(&deploy),
        "reordered: s1 and s2 trade places, s4 and s5 trade places"
    );
    assert_eq!(
        pool(&reorder_only(&deploy).unwrap(), Side::After),
        lines(&after)
    );
    let kinds = deploys();
    let (_, before, after) = &kinds[1];
    let words = describe(&Deploy::new(&lines(before), &lines(after), Bounds::PAGE).unwrap());
    assert_eq!(
        words,
        "10.0.0.8:80 added after 10.0.0.2:80 with weight 2; order otherwise unchanged, but 5 servers stand at other positions"
    );
}

#[test]
fn a_pool_the_page_cannot_take_is_refused_by_name() {
    let good: Pool = vec![server("a", 1), server("b", 1)];
    for (after, says) in [
        (vec![server("a", 1)], "The pool after has 1 server"),
        (
            (0..51).map(|i| server(&format!("n{i}"), 1)).collect(),
            "The pool after has 51 servers",
        ),
        (
            vec![server("a", 1), server("a", 2)],
            "\u{201c}a\u{201d} is listed twice in the pool after",
        ),
        (
            vec![server("a", 1), server("b", 11)],
            "\u{201c}b\u{201d} in the pool after has weight 11",
        ),
        (vec![server("a", 0), server("b", 1)], "has weight 0"),
        (
            vec![server("a,b", 1), server("c", 1)],
            "Server 1 of the pool after: A server name cannot contain a comma",
        ),
        (
            vec![("a".into(), 1, Some(2)), ("b".into(), 1, Some(2))],
            "has id 2, which another server has",
        ),
    ] {
        let refused = Deploy::new(&lines(&good), &lines(&after), Bounds::PAGE).unwrap_err();
        assert!(
            refused.starts_with(says) || refused.contains(says),
            "{refused}"
        );
    }
}

#[test]
fn ringdiff_counts_what_the_programs_take_past_the_page_s_ranges() {
    let pool = |count: usize, weight: u8| -> Pool {
        (0..count)
            .map(|i| server(&format!("10.0.{}.{}:80", i / 250, i % 250), weight))
            .collect()
    };
    let counted =
        |before: &Pool, after: &Pool| Deploy::new(&lines(before), &lines(after), Bounds::COUNTED);
    // One server, 300 servers, weight 300, HAProxy's weight 0 beside others.
    assert!(counted(&pool(1, 1), &pool(2, 1)).is_ok());
    assert!(counted(&pool(300, 1), &pool(299, 1)).is_ok());
    let heavy: Vec<PoolServer> = vec![PoolServer::new("a:80", 300), PoolServer::new("b:80", 1)];
    assert!(Deploy::new(&heavy, &heavy, Bounds::COUNTED).is_ok());
    assert!(Deploy::new(&heavy, &heavy, Bounds::PAGE).is_err());
    let mut idle = pool(3, 1);
    idle[1].1 = 0;
    assert!(counted(&pool(3, 1), &idle).is_ok());
    for (after, says) in [
        (
            pool(2, 0),
            "No server of the pool after takes a key: each is down or has weight 0.",
        ),
        (
            pool(1_001, 1),
            "The pool after has 1001 servers; ringdiff takes 1 to 1,000.",
        ),
    ] {
        let refused = counted(&pool(2, 1), &after).unwrap_err();
        assert!(refused.starts_with(says), "{refused}");
    }
    // Every server down: none takes a key either.
    let mut down = lines(&pool(2, 1));
    for server in &mut down {
        server.down = true;
    }
    assert!(Deploy::new(&lines(&pool(2, 1)), &down, Bounds::COUNTED)
        .unwrap_err()
        .starts_with("No server of the pool after takes a key"));
    let too_heavy = vec![PoolServer::new("a:80", MAX_COUNTED_WEIGHT + 1)];
    assert!(Deploy::new(&too_heavy, &too_heavy, Bounds::COUNTED)
        .unwrap_err()
        .contains("ringdiff takes weights 0 to 327"));
    let total: Vec<PoolServer> = (0..100)
        .map(|i| PoolServer::new(&format!("s{i}"), 201))
        .collect();
    assert!(Deploy::new(&total, &total, Bounds::COUNTED)
        .unwrap_err()
        .contains("weighs 20,100 in all"));
    // The greatest weight still numbers every point of the page's ring.
    let points = Settings::default().points;
    assert!(u32::from(points) * MAX_COUNTED_WEIGHT <= u32::from(u16::MAX));
    assert!(u32::from(points) * (MAX_COUNTED_WEIGHT + 1) > u32::from(u16::MAX));
}
