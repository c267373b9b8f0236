//! `use=ID` (DEFINITIONS §18): with a client's ring in use, the page's snapshot —
//! what the ring, moved, loads, failure, cost and claim panels read — is
//! that system's row of the systems table, counted by another route.

use model::in_use::InUse;
use model::query;
use model::Snapshot;

fn snapshot(address: &str) -> Snapshot {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    Snapshot::measure(&parsed.settings).unwrap()
}

const CHANGES: [&str; 5] = [
    "servers=alpha,bravo,charlie,delta&add=echo",
    "servers=alpha,bravo,charlie,delta&remove=bravo",
    // Unequal weights: ketama's and twemproxy's staying servers change
    // their points with the pool's total weight.
    "servers=10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211,10.0.0.4:11211,10.0.0.5:11211,10.0.0.6:11211&add=10.0.0.7:11211&weights=10.0.0.2:11211:2&keys=5000",
    "servers=a,b,c,d&remove=a&weights=b:3&keys=3000",
    "servers=web1,web2,web3&add=web4&keys=10000&keyname=user:{i}",
];

#[test]
fn every_client_in_use_measures_what_its_systems_row_says() {
    for in_use in InUse::ALL.into_iter().filter(|u| *u != InUse::Ring) {
        for change in CHANGES {
            let address = format!("{change}&use={}", in_use.id());
            let s = snapshot(&address);
            // Its row, measured by the systems' own placing (key by key on
            // the client's own ring).
            let row = s
                .measure_systems()
                .into_iter()
                .find(|row| row.id == in_use.placement())
                .unwrap();
            assert_eq!(s.moved_by_owner_diff, row.movement.moved, "{address}");
            assert_eq!(s.loads_before, row.movement.loads_before, "{address}");
            assert_eq!(s.loads_after, row.movement.loads_after, "{address}");
            // Route (b), the keys in every stretch whose owner differs,
            // agrees with route (a).
            assert_eq!(s.moved_by_arc_walk, s.moved_by_owner_diff, "{address}");
            // The ring drawn is the client's: its own count of points.
            assert!(s.ring_after.len() != 200 * s.after.len(), "{address}");
            // Every claim is judged on it, and no check says no.
            for claim in model::claims::evaluate(&s) {
                if claim.kind == model::claims::Kind::Check {
                    assert_ne!(
                        claim.held,
                        model::claims::Held::No,
                        "{address}: {}",
                        claim.id
                    );
                }
            }
        }
    }
}

#[test]
fn a_weighted_ketama_moves_keys_between_staying_servers_and_the_page_says_how_many() {
    let s = snapshot(&format!("{}&use=ketama", CHANGES[2]));
    let row = s
        .measure_systems()
        .into_iter()
        .find(|r| r.id == model::placements::PlacementId::Ketama)
        .unwrap();
    assert!(row.movement.moved_between > 0);
    let staying = |id| s.before.contains(&id) && s.after.contains(&id);
    let between = s
        .moved_keys()
        .filter(|&k| staying(s.owners_before[k]) && staying(s.owners_after[k]))
        .count();
    assert_eq!(between, row.movement.moved_between);
}

#[test]
fn use_is_in_the_address_only_when_it_is_not_the_ring() {
    let ring = query::parse("servers=a,b,c&add=d", &model::panels::ids());
    assert!(!query::render(&ring.settings, &Default::default()).contains("use="));
    let ketama = query::parse("servers=a,b,c&add=d&use=ketama", &model::panels::ids());
    let again = query::render(&ketama.settings, &Default::default());
    assert!(
        again.ends_with("&use=ketama") || again.contains("&use=ketama&"),
        "{again}"
    );
    assert_eq!(
        query::parse(&again, &model::panels::ids()).settings.in_use,
        InUse::Ketama
    );
    let bad = query::parse("servers=a,b,c&add=d&use=maglev", &model::panels::ids());
    assert_eq!(bad.settings.in_use, InUse::Ring);
    assert!(
        bad.notices.iter().any(|n| n.contains("use=")),
        "{:?}",
        bad.notices
    );
}

#[test]
fn with_a_client_in_use_the_rings_checks_become_findings_about_it() {
    use model::claims::{evaluate, Held, Kind};
    let claims = evaluate(&snapshot(&format!("{}&use=ketama", CHANGES[2])));
    let claim = |id: &str| claims.iter().find(|c| c.id == id).unwrap();
    // Weighted ketama moves keys between staying servers: a finding, and no.
    assert_eq!(
        (claim("monotone").kind, claim("monotone").held),
        (Kind::Finding, Held::No)
    );
    // The two routes of the moved count agree on any ring: still a check.
    assert_eq!(
        (claim("routes-agree").kind, claim("routes-agree").held),
        (Kind::Check, Held::Yes)
    );
    // On the page's own ring the checks stay checks, and hold.
    let page = evaluate(&snapshot(CHANGES[2]));
    let monotone = page.iter().find(|c| c.id == "monotone").unwrap();
    assert_eq!((monotone.kind, monotone.held), (Kind::Check, Held::Yes));
}

#[test]
fn an_envoy_key_sharing_a_points_top_half_keeps_its_64_bit_owner() {
    // Found by search: two of these keys' XXH64s share their top 32 bits
    // with a ring entry's and lie past it, so drawn at their top halves
    // they would land on the entry before their owner's.
    let address = "servers=a,b,c,d,e,f&add=g&keys=50000&keyname=k969:{i}&use=envoy-ring";
    let s = snapshot(address);
    let names = s.settings.key_names();
    let fitted = (0..s.keys.len())
        .filter(|&i| {
            let name = names.name(s.keys.key(i).number);
            s.keys.hashes[i] != InUse::EnvoyRing.key_position(name.as_bytes()).unwrap()
        })
        .count();
    assert_eq!(fitted, 2);
    let row = s
        .measure_systems()
        .into_iter()
        .find(|row| row.id == model::placements::PlacementId::EnvoyRing)
        .unwrap();
    assert_eq!(s.loads_before, row.movement.loads_before);
    assert_eq!(s.loads_after, row.movement.loads_after);
    assert_eq!(s.moved_by_owner_diff, row.movement.moved);
    assert_eq!(s.moved_by_arc_walk, s.moved_by_owner_diff);
}

#[test]
fn every_stage_of_the_step_through_is_the_clients_own_ring() {
    use model::placements;
    use model::schemes::SchemeRun;
    use model::steps;
    for in_use in InUse::ALL.into_iter().filter(|u| *u != InUse::Ring) {
        for change in [CHANGES[2], CHANGES[3]] {
            let address = format!("{change}&use={}", in_use.id());
            let s = snapshot(&address);
            let system = placements::every()
                .find(|scheme| scheme.id() == in_use.placement())
                .unwrap();
            let context = s.scheme_context();
            let pools = steps::stage_pools(&s);
            for index in 1..pools.len() {
                let stage = steps::stage(&s, index);
                let (before, after) = (&pools[index - 1], &pools[index]);
                let run = SchemeRun::place(system, &context, &s.keys, before, after);
                let row = run.finish(before, after, s.names.len(), &s.weights);
                assert_eq!(
                    stage.moved_count, row.movement.moved,
                    "{address} stage {index}"
                );
                assert_eq!(
                    stage.loads, row.movement.loads_after,
                    "{address} stage {index}"
                );
            }
        }
    }
}

#[test]
fn a_use_that_cannot_drive_the_ring_is_a_notice_that_says_why() {
    let parsed = query::parse("use=maglev", &model::panels::ids());
    assert_eq!(parsed.settings.in_use, InUse::Ring);
    assert_eq!(parsed.notices.len(), 1);
    assert!(
        parsed.notices[0].contains("; maglev: a lookup table"),
        "{:?}",
        parsed.notices
    );
}

#[test]
fn the_one_key_box_places_a_key_where_the_clients_ring_does() {
    for in_use in InUse::ALL {
        let s = snapshot(&format!("{}&use={}", CHANGES[2], in_use.id()));
        let names = s.settings.key_names();
        // Every scheme's and system's own placing of every key, to compare
        // the box's rows with (DEFINITIONS §18: one position per key).
        let context = s.scheme_context();
        let placed: Vec<_> = model::placements::every()
            .map(|scheme| {
                model::schemes::SchemeRun::place(scheme, &context, &s.keys, &s.before, &s.after)
            })
            .collect();
        for index in [0, 17, 4_999] {
            let name = names.name(s.keys.key(index).number);
            let (position, rows) = model::one_key::owners(&s, &name);
            assert_eq!(
                position,
                s.keys.hashes[index],
                "{} key {index}",
                in_use.id()
            );
            for (row, run) in rows.iter().zip(&placed) {
                // Bounded loads places keys in order, so one key alone may differ.
                if row.scheme == model::placements::PlacementId::Bounded {
                    continue;
                }
                assert_eq!(
                    row.after,
                    s.name(run.owners_after()[index]),
                    "{}: {} key {index}",
                    in_use.id(),
                    row.scheme
                );
            }
        }
    }
}
