//! Properties of the model over thousands of random configurations: random
//! (also non-ASCII) names, 2–50 servers, 1–500 points, up to 100,000 keys,
//! every hash, joins and leaves, and rings with deliberately colliding
//! positions.

use model::measure::loads;
use model::schemes::modulo::modulo_owner;
use model::{Change, Entry, Keys, Ring, ServerId, Settings, Snapshot};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;

mod common;

/// Valid settings: 2–49 servers with names from several scripts, joins and
/// leaves, 1–500 points, up to 100,000 keys.
fn settings() -> impl Strategy<Value = Settings> {
    common::settings(common::Space {
        servers: 3..=49,
        names: common::Names::Mixed,
        max_points: 500,
        max_keys: 100_000,
    })
}

/// Every key has exactly one owner: the arcs of all servers cover each key
/// once, and agree with lookup server by server.
fn assert_partition(ring: &Ring, members: &[ServerId], keys: &Keys, server_count: usize) {
    let by_walk = ring.owners_of(keys);
    // The walk along the ring agrees with a lookup per key.
    for (index, &position) in keys.hashes.iter().enumerate() {
        assert_eq!(Some(by_walk[index]), ring.owner(position));
    }
    let owner_loads = loads(&by_walk, server_count);
    let sorted = &keys.sorted;
    let mut total = 0;
    for &server in members {
        let in_arcs = ring.keys_in_arcs_of(server, sorted);
        assert_eq!(
            in_arcs,
            owner_loads[usize::from(server)] as usize,
            "server {server}"
        );
        total += in_arcs;
    }
    assert_eq!(total, keys.len());
}

proptest! {
    #![proptest_config(common::config(1500))]

    #[test]
    fn measured_changes_keep_every_promise(settings in settings()) {
        let snapshot = Snapshot::measure(&settings).expect("generated settings are valid");
        let keys = &snapshot.keys;
        let n = snapshot.names.len();
        assert_partition(&snapshot.ring_before, &snapshot.before, keys, n);
        assert_partition(&snapshot.ring_after, &snapshot.after, keys, n);

        // The two routes agree.
        prop_assert_eq!(snapshot.moved_by_owner_diff, snapshot.moved_by_arc_walk);

        let changed = snapshot.changed.expect("a join or a leave");
        let changed_load = |loads: &[u32]| loads[usize::from(changed)] as usize;
        match &settings.change {
            Change::Join(_) => {
                // Monotone: every moved key went to the joiner, and the joiner
                // holds exactly the keys that moved.
                for i in snapshot.moved_keys() {
                    prop_assert_eq!(snapshot.owners_after[i], changed);
                }
                prop_assert_eq!(snapshot.moved_by_owner_diff, changed_load(&snapshot.loads_after));
            }
            Change::Leave(_) => {
                // Exactly the leaver's keys moved.
                for i in 0..keys.len() {
                    let was_leavers = snapshot.owners_before[i] == changed;
                    prop_assert_eq!(was_leavers, snapshot.owners_before[i] != snapshot.owners_after[i]);
                }
                prop_assert_eq!(snapshot.moved_by_owner_diff, changed_load(&snapshot.loads_before));
            }
            Change::Deploy(_) => unreachable!("the strategy makes joins and leaves"),
        }

        // Modulo owners follow list order, a joiner numbered last.
        let mut after_names: Vec<&str> = settings.servers.iter().map(String::as_str).collect();
        match &settings.change {
            Change::Join(name) => after_names.push(name),
            Change::Leave(name) => after_names.retain(|n| n != name),
            Change::Deploy(_) => unreachable!("the strategy makes joins and leaves"),
        }
        for &h in keys.hashes.iter().take(200) {
            let before = modulo_owner(h, &snapshot.before);
            let after = modulo_owner(h, &snapshot.after);
            prop_assert_eq!(snapshot.name(before), settings.servers[h as usize % settings.servers.len()].as_str());
            prop_assert_eq!(snapshot.name(after), after_names[h as usize % after_names.len()]);
        }
    }

    #[test]
    fn colliding_positions_still_give_one_owner(
        names in btree_set(common::mixed_name(), 2..8),
        raw in vec((0u32..6, any::<prop::sample::Index>(), 0u16..4), 1..40),
        key_positions in vec(0u32..8, 0..60),
    ) {
        // Positions drawn from 0..6 collide constantly; keys from 0..8 also
        // land past the last entry.
        let names: Vec<String> = names.into_iter().collect();
        let mut entries: Vec<Entry> = raw
            .into_iter()
            .map(|(position, server, point)| Entry { position, server: server.index(names.len()) as ServerId, point })
            .collect();
        entries.sort_by_key(|e| (e.server, e.point, e.position));
        entries.dedup_by_key(|e| (e.server, e.point));
        let ring = Ring::from_entries(entries.clone(), &names);
        let members: Vec<ServerId> = {
            let mut m: Vec<ServerId> = entries.iter().map(|e| e.server).collect();
            m.sort_unstable();
            m.dedup();
            m
        };
        let keys = Keys::from_hashes(0, key_positions.clone());
        let sorted = keys.sorted.clone();

        // Brute force owner: the smallest (position, name, point) at or after
        // the key, else the smallest of all.
        let order = |e: &Entry| (e.position, names[usize::from(e.server)].clone(), e.point);
        for &key in &key_positions {
            let brute = entries
                .iter()
                .filter(|e| e.position >= key)
                .min_by_key(|e| order(e))
                .or_else(|| entries.iter().min_by_key(|e| order(e)))
                .map(|e| e.server);
            prop_assert_eq!(ring.owner(key), brute);
        }
        assert_partition(&ring, &members, &keys, names.len());

        // Taking a server out moves exactly its keys, counted both ways.
        if members.len() >= 2 {
            let leaver = members[0];
            let before = ring.owners_of(&keys);
            let after = ring.without(leaver).owners_of(&keys);
            let moved = before.iter().zip(&after).filter(|(b, a)| b != a).count();
            let held = before.iter().filter(|&&o| o == leaver).count();
            prop_assert_eq!(moved, held);
            prop_assert_eq!(ring.keys_in_arcs_of(leaver, &sorted), held);
        }
    }
}
