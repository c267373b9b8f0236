//! DEFINITIONS §19: a server down, as each scheme and system routes around
//! it, beside the same server's line deleted. The rules are the programs'
//! own (tests/browser/real-programs.test.mjs checks nginx and HAProxy key by
//! key); here, figures against §8 and properties every rule must keep.

use model::down::{DownOutcome, Routed};
use model::panels::Work;
use model::report::Report;
use model::schemes::routes_down;
use model::systems::hashes::crc32;
use model::{placements, query, Snapshot};

/// Every row's down outcome at `address`, by id.
fn outcomes(address: &str) -> (Snapshot, Vec<(&'static str, DownOutcome)>) {
    let parsed = query::parse(address, &[]);
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    let snapshot = Snapshot::of(&parsed.settings);
    let report = Report::measure(&snapshot, address, &[Work::Schemes, Work::Systems], None);
    let rows = report
        .schemes
        .into_iter()
        .chain(report.systems)
        .flatten()
        .map(|row| {
            (
                row.result.id.as_str(),
                row.result.down.expect("down= was set"),
            )
        })
        .collect();
    (snapshot, rows)
}

fn row<'a>(rows: &'a [(&str, DownOutcome)], id: &str) -> &'a DownOutcome {
    &rows.iter().find(|(row, _)| *row == id).expect("a row").1
}

/// Keys whose server with every server up is one of `down`.
fn keys_on(snapshot: &Snapshot, id: &str, down: &[&str]) -> usize {
    let context = snapshot.scheme_context();
    let scheme = placements::by_id(id).expect("an id");
    let up = routes_down(scheme, &context, &snapshot.keys, &snapshot.after, &[]).up;
    up.iter()
        .filter(|&&s| down.contains(&snapshot.name(s)))
        .count()
}

#[test]
fn the_ring_walks_on_as_section_8_counts() {
    let (snapshot, rows) = outcomes("down=alpha");
    let ring = row(&rows, "ring");
    // §8's default: alpha down, 194 rerouted to bravo 50, charlie 42, delta 56, echo 46.
    assert_eq!(ring.moved, 194);
    assert_eq!(ring.moved_between, 0);
    let received: Vec<u32> = snapshot
        .after
        .iter()
        .map(|&s| ring.received[usize::from(s)])
        .collect();
    assert_eq!(received, vec![0, 50, 42, 56, 46]);
    assert_eq!(ring.removed_moved, 194);
    assert!(!ring.differs());
    assert_eq!(
        ring.top_receiver().map(|(s, n)| (snapshot.name(s), n)),
        Some(("delta", 56))
    );
}

#[test]
fn clients_that_rebuild_their_ring_treat_down_as_deleted() {
    let (_, rows) = outcomes("servers=a,b,c,d&add=e&weights=b:3&down=b,d");
    for id in [
        "ring",
        "ketama",
        "groupcache",
        "envoy-ring",
        "envoy-maglev",
        "modulo",
        "jump",
        "rendezvous",
        "maglev",
        "slots",
    ] {
        let outcome = row(&rows, id);
        assert!(!outcome.differs(), "{id}: {outcome:?}");
        assert!(outcome.moved > 0, "{id}");
    }
}

#[test]
fn nginx_without_consistent_moves_only_the_dead_servers_keys() {
    let down = ["b", "c"];
    // Five of weight 1: the total stays 5 while b and c are down, and is 3
    // with their lines deleted.
    let (snapshot, rows) = outcomes("servers=a,b,c,d&add=e&down=b,c");
    let nginx = row(&rows, "nginx-hash");
    assert_eq!(nginx.moved_between, 0);
    assert_eq!(nginx.failed + nginx.to_down, 0);
    assert_eq!(
        nginx.moved + nginx.round_robin,
        keys_on(&snapshot, "nginx-hash", &down)
    );
    // The line deleted changes the total weight: most keys move.
    assert!(nginx.removed_moved > snapshot.keys.len() / 2, "{nginx:?}");
    assert!(nginx.removed_moved_between > 0, "{nginx:?}");
    assert!(nginx.differs());
}

#[test]
fn nginx_rehashes_with_the_try_number_before_the_key() {
    // Worked by hand from ngx_http_upstream_get_hash_peer: two servers of
    // weight 1, the first down. Try 0 sums crc32(key) >> 16 & 0x7FFF; try k
    // adds the same of crc32(k ++ key), the sum taken mod 2.
    let parsed = query::parse("servers=a,b&add=c&down=a,b&keys=200", &[]);
    let snapshot = Snapshot::of(&parsed.settings);
    let context = snapshot.scheme_context();
    let scheme = placements::by_id("nginx-hash").expect("nginx-hash");
    let down = snapshot.down_ids();
    let routed = routes_down(scheme, &context, &snapshot.keys, &snapshot.after, &down).routed;
    let names = snapshot.settings.key_names();
    for (index, route) in routed.iter().enumerate() {
        let key = names.name(snapshot.keys.key(index).number);
        let mut sum = 0u32;
        let mut expected = Routed::RoundRobin;
        for k in 0..21 {
            let text = if k == 0 {
                key.clone()
            } else {
                format!("{k}{key}")
            };
            sum += (crc32(text.as_bytes()) >> 16) & 0x7FFF;
            // a, b and c at weight 1: only c (the third) is up.
            if sum % 3 == 2 {
                expected = Routed::To(snapshot.after[2]);
                break;
            }
        }
        assert_eq!(*route, expected, "{key}");
    }
    assert!(
        routed.contains(&Routed::RoundRobin)
            || routed.iter().all(|r| *r == Routed::To(snapshot.after[2]))
    );
}

#[test]
fn nginx_consistent_walks_on_until_its_tries_run_out() {
    let (snapshot, rows) = outcomes("servers=a,b,c,d&add=e&down=b");
    let nginx = row(&rows, "nginx");
    // One server down of five: no run of 21 of its points, so the walk
    // is the ring without it.
    assert_eq!(nginx.round_robin, 0);
    assert!(!nginx.differs(), "{nginx:?}");
    assert_eq!(nginx.moved, keys_on(&snapshot, "nginx", &["b"]));
    // Four of five down at 2,000 keys: 11 keys meet 21 down points.
    let down = ["10.0.0.2:80", "10.0.0.3:80", "10.0.0.4:80", "10.0.0.5:80"];
    let (snapshot, rows) = outcomes(&format!(
        "servers=10.0.0.1:80,{}&add={}&down={}&keys=2000",
        down[..3].join(","),
        down[3],
        down.join(",")
    ));
    let nginx = row(&rows, "nginx");
    assert_eq!(nginx.round_robin, 11);
    assert_eq!(
        nginx.moved + nginx.round_robin,
        keys_on(&snapshot, "nginx", &down)
    );
    assert!(nginx.differs());
}

#[test]
fn haproxy_takes_out_the_nodes_and_nothing_else_moves() {
    let (snapshot, rows) = outcomes("servers=a,b,c,d&add=e&down=b");
    let haproxy = row(&rows, "haproxy");
    assert_eq!(haproxy.moved_between, 0);
    assert_eq!(haproxy.moved, keys_on(&snapshot, "haproxy", &["b"]));
    // Deleting b's line renumbers c, d and e: keys move between them.
    assert!(haproxy.removed_moved_between > 0, "{haproxy:?}");
    assert!(haproxy.differs());
    // The last server's line deleted renumbers nobody: the two agree.
    let (_, rows) = outcomes("servers=a,b,c,d&add=e&down=e");
    assert!(!row(&rows, "haproxy").differs());
}

#[test]
fn twemproxy_without_ejection_fails_the_dead_servers_keys() {
    let (snapshot, rows) = outcomes("servers=a,b,c,d&add=e&down=c");
    let twemproxy = row(&rows, "twemproxy");
    assert_eq!(twemproxy.moved, 0);
    assert_eq!(twemproxy.failed, keys_on(&snapshot, "twemproxy", &["c"]));
    assert!(twemproxy.failed > 0);
    // Ejected, the continuum is rebuilt from the live servers: the deleted column.
    assert!(twemproxy.removed_moved >= twemproxy.failed);
}

#[test]
fn envoy_panics_below_half_healthy() {
    // Two of five down: 60% healthy, the ring rebuilt from the healthy.
    let (_, rows) = outcomes("servers=a,b,c,d&add=e&down=a,b");
    for id in ["envoy-ring", "envoy-maglev"] {
        assert_eq!(row(&rows, id).to_down, 0, "{id}");
        assert!(!row(&rows, id).differs(), "{id}");
    }
    // Three of five: 40% healthy, below the 50% threshold, so every host is
    // used and the down hosts' keys are still sent to them.
    let (snapshot, rows) = outcomes("servers=a,b,c,d&add=e&down=a,b,c");
    for id in ["envoy-ring", "envoy-maglev"] {
        let envoy = row(&rows, id);
        assert_eq!(envoy.moved, 0, "{id}");
        assert_eq!(
            envoy.to_down,
            keys_on(&snapshot, id, &["a", "b", "c"]),
            "{id}"
        );
        assert!(envoy.differs());
    }
    // Exactly half healthy is not below the threshold.
    assert!(!model::systems::envoy_in_panic(4, 2));
    assert!(model::systems::envoy_in_panic(5, 3));
}

#[test]
fn a_join_then_a_failure_counts_from_the_pool_after_the_join() {
    let (snapshot, rows) = outcomes(
        "servers=10.0.0.1:80,10.0.0.2:80,10.0.0.3:80,10.0.0.4:80&add=10.0.0.5:80&down=10.0.0.2:80",
    );
    assert_eq!(snapshot.after.len(), 5);
    for (id, outcome) in &rows {
        let total = outcome.moved + outcome.failed + outcome.to_down + outcome.round_robin;
        assert!(
            total >= keys_on(&snapshot, id, &["10.0.0.2:80"]),
            "{id}: {outcome:?}"
        );
        assert_eq!(
            outcome.received.iter().map(|&n| n as usize).sum::<usize>(),
            outcome.moved
        );
        assert_eq!(
            outcome.received[usize::from(snapshot.after[1])],
            0,
            "{id}: a down server receives nothing"
        );
    }
}

#[test]
fn no_down_row_without_down_in_the_address() {
    let parsed = query::parse("", &[]);
    let snapshot = Snapshot::of(&parsed.settings);
    let report = Report::measure(&snapshot, "", &[Work::Systems], None);
    assert!(report
        .systems
        .iter()
        .flatten()
        .all(|row| row.result.down.is_none()));
}

#[test]
fn the_finding_names_what_differs_and_what_does_not() {
    let (_, rows) = outcomes("down=bravo");
    let systems: Vec<(&str, &DownOutcome)> = rows
        .iter()
        .filter_map(|(id, o)| Some((placements::PlacementId::from_id(id)?, o)))
        .filter(|(id, _)| id.is_system())
        .map(|(id, o)| (id.title(), o))
        .collect();
    let said = model::down::finding(&systems, "bravo", 1);
    assert!(
        said.starts_with("With bravo down, 3 of 8 rows differ from deleting its line."),
        "{said}"
    );
    assert!(said.contains("HAProxy moves 152 keys while down; deleting its line would move 683, 531 of them between servers that stay up."), "{said}");
    assert!(
        said.contains("twemproxy (nutcracker) fails 320 keys while down"),
        "{said}"
    );
    assert!(
        said.contains(
            "nginx, Envoy ring hash (and gRPC) and Envoy Maglev place keys on the servers still up"
        ),
        "{said}"
    );
    let words = model::down::down_words(row(&rows, "envoy-ring"));
    assert_eq!(words, "263 moved (87 between servers up)");
}
