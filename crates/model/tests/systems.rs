//! DEFINITIONS §15: what deployed load balancers do, bit for bit. Each system's
//! published vectors, the check values DEFINITIONS §15 gives for each
//! definition, and the default figures of its table.

use model::query;
use model::ring::ServerId;
use model::schemes::{ByOwnHash, SchemeResult};
use model::systems::{
    self, envoy_maglev, envoy_ring, haproxy, ketama, listed, nginx, nginx_hash, twemproxy,
};
use model::Snapshot;

fn ids(count: usize) -> Vec<ServerId> {
    (0..count as ServerId).collect()
}

/// Moved, moved between staying servers, busiest, quietest, entries after.
type Row = (usize, usize, u32, u32, usize);

fn rows(address: &str) -> Vec<(&'static str, Row)> {
    let parsed = query::parse(address, &[]);
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    Snapshot::of(&parsed.settings)
        .measure_systems()
        .iter()
        .map(|r: &SchemeResult| {
            (
                r.id.as_str(),
                (
                    r.movement.moved,
                    r.movement.moved_between,
                    r.spread.busiest,
                    r.spread.quietest,
                    r.holds.items(),
                ),
            )
        })
        .collect()
}

fn row(rows: &[(&str, Row)], id: &str) -> Row {
    rows.iter().find(|(r, _)| *r == id).expect("a row").1
}

#[test]
fn the_default_figures_of_spec_15() {
    let five = "servers=alpha,bravo,charlie,delta,echo&remove=bravo";
    let columns = [("", 0), (five, 1), ("addat=2", 2)];
    let expected: [(&str, [Row; 3]); 8] = [
        (
            "nginx",
            [
                (188, 0, 218, 183, 800),
                (206, 0, 268, 206, 640),
                (188, 0, 218, 183, 800),
            ],
        ),
        (
            "nginx-hash",
            [
                (793, 614, 212, 179, 5),
                (797, 590, 251, 249, 4),
                (797, 590, 212, 179, 5),
            ],
        ),
        (
            "haproxy",
            [
                (212, 0, 232, 152, 80),
                (683, 531, 291, 182, 64),
                (683, 531, 232, 152, 80),
            ],
        ),
        (
            "envoy-ring",
            [
                (295, 84, 211, 176, 1025),
                (263, 87, 260, 238, 1024),
                (295, 84, 211, 176, 1025),
            ],
        ),
        (
            "envoy-maglev",
            [
                (195, 1, 214, 194, 65537),
                (214, 0, 268, 233, 65537),
                (195, 1, 214, 194, 65537),
            ],
        ),
        (
            "twemproxy",
            [
                (320, 0, 320, 70, 800),
                (320, 0, 420, 80, 640),
                (320, 0, 320, 70, 800),
            ],
        ),
        (
            "ketama",
            [
                (218, 0, 218, 169, 800),
                (190, 0, 277, 212, 640),
                (218, 0, 218, 169, 800),
            ],
        ),
        (
            "groupcache",
            [
                (153, 0, 249, 153, 250),
                (205, 0, 0, 0, 0),
                (153, 0, 249, 153, 250),
            ],
        ),
    ];
    for (address, column) in columns {
        let measured = rows(address);
        for (id, cells) in &expected {
            let got = row(&measured, id);
            if *id == "groupcache" && column == 1 {
                // DEFINITIONS §13 gives only its moved count here.
                assert_eq!(got.0, 205, "groupcache at {address:?}");
                continue;
            }
            assert_eq!(got, cells[column], "{id} at {address:?}");
        }
    }
}

#[test]
fn loads_after_the_default_join() {
    let snapshot = Snapshot::of(&query::parse("", &[]).settings);
    let context = snapshot.scheme_context();
    for (id, loads) in [
        ("nginx", [205, 206, 183, 218, 188]),
        ("haproxy", [232, 152, 221, 183, 212]),
        ("twemproxy", [70, 320, 190, 100, 320]),
    ] {
        let scheme = model::placements::by_id(id).expect("a system");
        let run = model::schemes::SchemeRun::place(
            scheme,
            &context,
            &snapshot.keys,
            &snapshot.before,
            &snapshot.after,
        );
        let mut counted = [0u32; 5];
        for &owner in run.owners_after() {
            counted[usize::from(owner)] += 1;
        }
        assert_eq!(counted, loads, "{id}");
    }
}

#[test]
fn the_weighted_default() {
    let measured = rows("weights=alpha:3");
    let moved = |id| {
        let r = row(&measured, id);
        (r.0, r.1)
    };
    assert_eq!(moved("ketama"), (191, 33));
    assert_eq!(moved("nginx"), (137, 0));
    assert_eq!(moved("haproxy"), (144, 0));
    assert_eq!(moved("envoy-ring"), (204, 66));
    assert_eq!(moved("envoy-maglev"), (131, 1));
    assert_eq!(moved("twemproxy"), (340, 100));
}

#[test]
fn nginx_splits_as_typed_and_chains_crc32() {
    assert_eq!(nginx::split("10.0.0.1:8080"), ("10.0.0.1", "8080"));
    assert_eq!(nginx::split("alpha"), ("alpha", ""));
    assert_eq!(nginx::split("a:b"), ("a:b", ""));
    assert_eq!(nginx::split("host:"), ("host", ""));
    assert_eq!(nginx::split("UNIX:/tmp/s.sock"), ("/tmp/s.sock", ""));
    assert_eq!(
        nginx::server_points("alpha", 3),
        [2958637669, 893716611, 2585464171]
    );
    assert_eq!(
        nginx::server_points("10.0.0.1:8080", 3),
        [4058667663, 1271959144, 2229661422]
    );
    let names = ["alpha", "bravo", "charlie", "delta", "echo"];
    let servers = listed(&names.map(|n| (n, 1)));
    let ring = nginx::ring(&servers, &ids(5));
    let start: Vec<(u64, &str)> = ring.points()[..3]
        .iter()
        .map(|&(p, s)| (p, names[usize::from(s)]))
        .collect();
    assert_eq!(
        start,
        [
            (1598913, "charlie"),
            (4481939, "alpha"),
            (19094194, "alpha")
        ]
    );
}

#[test]
fn nginx_without_consistent_walks_the_list() {
    let crc = (systems::groupcache::KEY_HASH.hash)(b"key-0");
    assert_eq!((crc >> 16) & 0x7FFF, 31211);
    let four = listed(&["alpha", "bravo", "charlie", "delta"].map(|n| (n, 1)));
    assert_eq!(nginx_hash::Walk::new(&four, &ids(4)).owner_at(crc), 3);
    let five = listed(&["alpha", "bravo", "charlie", "delta", "echo"].map(|n| (n, 1)));
    assert_eq!(nginx_hash::Walk::new(&five, &ids(5)).owner_at(crc), 1);
}

#[test]
fn haproxy_reproduces_its_reg_tests() {
    // balance-hash-maxconn.vtc: srv0 and srv1; "/test-url" goes to srv0.
    let two = listed(&[("srv0", 1), ("srv1", 1)]);
    let ring = haproxy::NearestRing::new(&two, &ids(2));
    assert_eq!(ring.owner_at((haproxy::KEY_HASH.hash)(b"/test-url")), 0);
    // balance-uri.vtc (map-based) checks sdbm itself: sdbm mod 4 picks
    // srv1 … srv4 by index, /url1 → srv2 … /url4 → srv1.
    for (url, server) in [("/url1", 2), ("/url2", 3), ("/url3", 4), ("/url4", 1)] {
        assert_eq!(
            systems::hashes::sdbm(url.as_bytes()) % 4 + 1,
            server,
            "{url}"
        );
    }
    let nodes: Vec<u32> = haproxy::server_nodes(2, 1).take(3).collect();
    assert_eq!(nodes, [1079705203, 414606662, 3013068156]);
}

#[test]
fn envoy_ring_reproduces_ring_hash_lb_test() {
    let hosts: Vec<String> = (90..=95).map(|port| format!("127.0.0.1:{port}")).collect();
    let names: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let servers = listed(&names.iter().map(|&n| (n, 1)).collect::<Vec<_>>());
    let (ring, entries) = envoy_ring::ring(&servers, &ids(6), 12.0, envoy_ring::MAXIMUM);
    assert_eq!(entries, 12);
    let port = |s: ServerId| 90 + u32::from(s);
    let points = ring.points();
    assert_eq!(
        points[..3]
            .iter()
            .map(|&(h, s)| (h, port(s)))
            .collect::<Vec<_>>(),
        [
            (833437586790550860, 94),
            (928266305478181108, 92),
            (1033482794131418490, 90)
        ]
    );
    assert_eq!(
        points.last().map(|&(h, s)| (h, port(s))),
        Some((16117243373044804889, 90))
    );
    for (hash, expected) in [
        (0, 94),
        (3551244743356806947, 95),
        (3551244743356806948, 93),
        (u64::MAX, 94),
    ] {
        assert_eq!(port(ring.owner_at(hash)), expected, "{hash}");
    }
    // UnevenHosts: two hosts, minimum 3 → 4 entries.
    let two = listed(&[("127.0.0.1:80", 1), ("127.0.0.1:81", 1)]);
    let (ring, entries) = envoy_ring::ring(&two, &ids(2), 3.0, envoy_ring::MAXIMUM);
    assert_eq!(entries, 4);
    assert_eq!(ring.points()[0], (5454692015285649509, 0));
    assert_eq!(ring.points()[3], (16064866803292627174, 1));
    // HostWeightedTinyRing: weights 1, 2, 3 at exactly 6 entries.
    let weighted = listed(&[
        ("127.0.0.1:90", 1),
        ("127.0.0.1:91", 2),
        ("127.0.0.1:92", 3),
    ]);
    let counts: Vec<usize> = envoy_ring::server_points(&weighted, 6.0, 6.0)
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(counts, [1, 2, 3]);
    // Five equal hosts: 205 entries each.
    let five = listed(&["a", "b", "c", "d", "e"].map(|n| (n, 1)));
    let counts: Vec<usize> = envoy_ring::server_points(&five, 1024.0, envoy_ring::MAXIMUM)
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(counts, [205; 5]);
}

#[test]
fn envoy_maglev_reproduces_maglev_lb_test() {
    let names =
        |prefix: &str| -> Vec<String> { (90..=95).map(|p| format!("{prefix}{p}")).collect() };
    for (prefix, table) in [
        ("127.0.0.1:", [92, 94, 90, 91, 95, 90, 93]),
        ("", [92, 95, 90, 93, 94, 91, 90]),
    ] {
        let hosts = names(prefix);
        let servers = listed(&hosts.iter().map(|n| (n.as_str(), 1)).collect::<Vec<_>>());
        let built = envoy_maglev::Table::new(&servers, &ids(6), 7);
        let ports: Vec<u32> = built.rows().iter().map(|&s| 90 + u32::from(s)).collect();
        assert_eq!(ports, table, "{prefix:?}");
    }
    let weighted = listed(&[("127.0.0.1:90", 1), ("127.0.0.1:91", 2)]);
    let built = envoy_maglev::Table::new(&weighted, &ids(2), 17);
    let ports: Vec<u32> = built.rows().iter().map(|&s| 90 + u32::from(s)).collect();
    assert_eq!(
        ports,
        [91, 90, 90, 91, 90, 91, 91, 90, 91, 91, 91, 91, 91, 90, 91, 90, 91]
    );
    // alpha's permutation.
    let alpha = systems::hashes::xxh64(b"alpha", 0) % 65_537;
    let skip = systems::hashes::xxh64(b"alpha", 1) % 65_536 + 1;
    assert_eq!((alpha, skip), (21527, 20457));
}

#[test]
fn twemproxy_reproduces_test_all_and_libmemcacheds_99_keys() {
    use model::systems::hashes::{md5, md5_word};
    assert_eq!(md5_word(&md5(b"server1-8"), 0), 3853726576);
    assert_eq!(md5_word(&md5(b"server1-8"), 3), 2667054752);
    // 160 points each at equal weights, but 156 at 25, 47 and 50 servers.
    for count in 2..=50u32 {
        let expected = if [25, 47, 50].contains(&count) {
            156
        } else {
            160
        };
        assert_eq!(
            twemproxy::points_for(1, count, count),
            expected,
            "{count} servers"
        );
    }
    assert_eq!(twemproxy::hashed_name("10.0.1.1:11211"), "10.0.1.1");
    assert_eq!(twemproxy::hashed_name("10.0.1.1:11212"), "10.0.1.1:11212");
    // With `hash: md5` the ring is libmemcached's KETAMA_WEIGHTED.
    let pool = [600, 300, 200, 350, 1000, 800, 950, 100];
    let names: Vec<String> = (1..=8).map(|i| format!("10.0.1.{i}:11211")).collect();
    let servers: Vec<(&str, u32)> = names.iter().map(String::as_str).zip(pool).collect();
    let md5_keys = model::schemes::KeyHash {
        id: "md5",
        bits: 32,
        hash: |name| u64::from(md5_word(&md5(name), 0)),
    };
    let (ring, _) = twemproxy::ring(&listed(&servers), &ids(8), md5_keys);
    let cases = include_str!("fixtures/libmemcached-ketama.tsv");
    let mut checked = 0;
    for line in cases.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [key, key_hash, point, server] = fields[..] else {
            panic!("a fixture line has four fields: {line:?}");
        };
        let position = (md5_keys.hash)(key.as_bytes());
        assert_eq!(position.to_string(), key_hash, "{key}");
        let owner = ring.owner_at(position);
        let at = ring.points().partition_point(|&(p, _)| p < position) % ring.points().len();
        assert_eq!(ring.points()[at].0.to_string(), point, "{key}");
        assert_eq!(
            twemproxy::hashed_name(&names[usize::from(owner)]),
            server,
            "{key}"
        );
        checked += 1;
    }
    assert_eq!(checked, 99);
}

#[test]
fn ketama_counts_digests_in_binary32_and_keeps_the_earlier_server() {
    // 11 servers, total weight 55: weights 1, 2, 4, 8 get one digest less
    // than the exact fraction.
    for (weight, digests) in [(1, 7), (2, 15), (4, 31), (8, 63), (3, 24)] {
        assert_eq!(
            ketama::digests_for(weight, 55, 11),
            digests,
            "weight {weight}"
        );
    }
    assert_eq!(ketama::digests_for(1, 4, 4), 40);
    // A pool of eleven within the page's weights (1 … 10), total 55: the
    // ring libketama builds holds the binary32 counts, four points short
    // for each of the servers at weight 1, 2, 4 and 8.
    let weights = [1, 2, 4, 8, 10, 10, 10, 5, 2, 2, 1];
    assert_eq!(weights.iter().sum::<u32>(), 55);
    let names: Vec<String> = (1..=11).map(|i| format!("10.0.0.{i}:11211")).collect();
    let pool: Vec<(&str, u32)> = names.iter().map(String::as_str).zip(weights).collect();
    let (_, entries) = ketama::ring(&listed(&pool), &ids(11), &mut Vec::new());
    let exact: u32 = weights.iter().map(|w| w * 40 * 11 / 55).sum();
    let short = weights
        .iter()
        .filter(|&&w| [1, 2, 4, 8].contains(&w))
        .count() as u32;
    assert_eq!(entries as u32, 4 * (exact - short));
}

#[test]
fn ketama_reproduces_libketamas_own_test() {
    // test.sh: ketama_test on ketama.servers prints an empty line, then
    // "KEYHASH POINT SERVER" for keys "0" … "999999"; the MD5 of it all.
    let file = [
        ("10.0.1.1:11211", 600),
        ("10.0.1.2:11211", 300),
        ("10.0.1.3:11211", 200),
        ("10.0.1.4:11211", 350),
        ("10.0.1.5:11211", 1000),
        ("10.0.1.6:11211", 800),
        ("10.0.1.7:11211", 950),
        ("10.0.1.8:11211", 100),
    ];
    let (ring, _) = ketama::ring(&listed(&file), &ids(8), &mut Vec::new());
    let mut output = String::from("\n");
    for key in 0..1_000_000u32 {
        let name = key.to_string();
        let hash = (ketama::KEY_HASH.hash)(name.as_bytes());
        let at = ring.points().partition_point(|&(p, _)| p < hash) % ring.points().len();
        let (point, server) = ring.points()[at];
        output.push_str(&format!("{hash} {point} {}\n", file[usize::from(server)].0));
    }
    let digest = systems::hashes::md5(output.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, "5672b131391f5aa2b280936aec1eea74");
}
