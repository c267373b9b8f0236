//! The ring itself: sorted entries, the owner of a position, and the arcs
//! each entry claims.

use std::sync::{Arc, OnceLock};

use super::hash::{HashKind, NumberedNames};
use super::keys::Keys;
use super::sort;

/// A server is named by its index into the scenario's name list.
pub type ServerId = u16;

/// One point of one server on the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub position: u32,
    pub server: ServerId,
    pub point: u16,
}

/// Entries sorted by (position, server name, point index): the spec's order,
/// which decides ties between equal positions. Cloning is cheap: the page
/// keeps a ring for as long as the settings that built it.
#[derive(Clone, Debug, Default)]
pub struct Ring {
    entries: Arc<[Entry]>,
    /// The positions again, packed, for lookups.
    positions: Arc<[u32]>,
    /// For single lookups, built on the first one: `bucket_start[b]` is the
    /// first entry whose position's top bits are at least `b`, so a lookup
    /// scans one small bucket instead of binary searching the whole ring.
    /// The bulk walks never need it, so a slider step never builds it.
    buckets: OnceLock<Buckets>,
}

#[derive(Clone, Debug)]
struct Buckets {
    start: Arc<[u32]>,
    shift: u32,
}

impl Buckets {
    fn new(positions: &[u32]) -> Buckets {
        // About one entry per bucket, between 16 and 65,536 buckets.
        let bits = (usize::BITS - positions.len().leading_zeros()).clamp(4, 16);
        let shift = 32 - bits;
        let mut start = vec![0u32; (1usize << bits) + 1];
        let mut next = 0usize;
        for (bucket, first) in start.iter_mut().enumerate() {
            let lowest = (bucket as u64) << shift;
            while next < positions.len() && u64::from(positions[next]) < lowest {
                next += 1;
            }
            *first = next as u32;
        }
        Buckets {
            start: start.into(),
            shift,
        }
    }
}

/// How many points each server puts on the ring: a base count times the
/// server's weight (DEFINITIONS §10), 1 for a server with no weight given.
#[derive(Clone, Copy, Debug)]
pub struct Points<'a> {
    pub base: u16,
    /// Weight of each server, indexed by `ServerId`; missing means 1.
    pub weights: &'a [u32],
}

impl Points<'_> {
    /// The same count for every server, weights aside.
    pub fn uniform(base: u16) -> Points<'static> {
        Points { base, weights: &[] }
    }

    pub fn of(&self, server: ServerId) -> u16 {
        let weight = self.weights.get(usize::from(server)).copied().unwrap_or(1);
        // A page's weights are 1 … 10; a pool's far larger ones saturate.
        self.base
            .saturating_mul(u16::try_from(weight).unwrap_or(u16::MAX))
    }
}

impl Ring {
    /// Place each member's points on the ring, at hash(`NAME#0`) …
    /// hash(`NAME#{count-1}`), `count` being its base points times its weight.
    pub fn build(names: &[String], members: &[ServerId], points: Points, hash: HashKind) -> Ring {
        let total: usize = members.iter().map(|&m| usize::from(points.of(m))).sum();
        let mut entries = Vec::with_capacity(total);
        for &server in members {
            let points = points.of(server);
            let point_names = NumberedNames::new(&format!("{}#", names[usize::from(server)]), hash);
            let positions = point_names.hash_range(0, u64::from(points));
            entries.extend(
                positions
                    .into_iter()
                    .zip(0..points)
                    .map(|(position, point)| Entry {
                        position,
                        server,
                        point,
                    }),
            );
        }
        Ring::from_entries(entries, names)
    }

    /// Sort any entries into ring order. `names` settles ties at one position.
    pub fn from_entries(entries: Vec<Entry>, names: &[String]) -> Ring {
        let mut by_name: Vec<usize> = (0..names.len()).collect();
        by_name.sort_by(|&a, &b| names[a].cmp(&names[b]));
        let mut name_rank = vec![0u16; names.len()];
        for (rank, &server) in by_name.iter().enumerate() {
            name_rank[server] = rank as u16;
        }
        // One u64 per entry sorts in the spec's order: position, then name
        // rank, then point index; the rank maps back to the server.
        let mut keys: Vec<u64> = entries
            .iter()
            .map(|entry| {
                (u64::from(entry.position) << 32)
                    | (u64::from(name_rank[usize::from(entry.server)]) << 16)
                    | u64::from(entry.point)
            })
            .collect();
        sort::sort_by_high_bits(&mut keys);
        let sorted: Vec<Entry> = keys
            .iter()
            .map(|&key| Entry {
                position: (key >> 32) as u32,
                server: by_name[((key >> 16) & 0xFFFF) as usize] as ServerId,
                point: (key & 0xFFFF) as u16,
            })
            .collect();
        Ring::from_sorted(sorted)
    }

    /// Wrap entries already in ring order.
    pub(crate) fn from_sorted(entries: Vec<Entry>) -> Ring {
        let positions: Vec<u32> = entries.iter().map(|entry| entry.position).collect();
        Ring {
            entries: entries.into(),
            positions: positions.into(),
            buckets: OnceLock::new(),
        }
    }

    /// The points' positions, sorted, as lookups search them.
    pub fn positions(&self) -> &[u32] {
        &self.positions
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Index of the entry owning `position`: the first at or after it,
    /// wrapping past the last entry to the first. None on an empty ring.
    pub fn owner_index(&self, position: u32) -> Option<usize> {
        if self.entries.is_empty() {
            return None;
        }
        let buckets = self.buckets.get_or_init(|| Buckets::new(&self.positions));
        let bucket = (position >> buckets.shift) as usize;
        let mut index = buckets.start[bucket] as usize;
        let end = buckets.start[bucket + 1] as usize;
        while index < end && self.positions[index] < position {
            index += 1;
        }
        // Past the bucket, `index` is the next bucket's first entry, which is
        // above `position`; past the last entry, wrap to the first.
        Some(if index == self.entries.len() {
            0
        } else {
            index
        })
    }

    /// The server owning `position`. None on an empty ring.
    pub fn owner(&self, position: u32) -> Option<ServerId> {
        self.owner_index(position)
            .map(|index| self.entries[index].server)
    }

    /// The owner of every key, by one walk along the ring in key order
    /// instead of a search per key. Empty when the ring is.
    pub fn owners_of(&self, keys: &Keys) -> Vec<ServerId> {
        if self.is_empty() {
            return Vec::new();
        }
        let mut owners = vec![0; keys.len()];
        self.fill_owners(keys, &mut owners, None);
        owners
    }

    /// Every key's owner on this ring into `with`, and, when `skipping`
    /// names a server, its owner as if that server's entries were not on
    /// the ring into the slice beside it. Arc by arc: the keys an entry
    /// claims are one run of the sorted keys, so each run is filled with
    /// one owner, and a skipped entry's run waits for the next kept entry.
    pub fn fill_owners(
        &self,
        keys: &Keys,
        with: &mut [ServerId],
        mut skipping: Option<(ServerId, &mut [ServerId])>,
    ) {
        let Some(first) = self.entries.first() else {
            return;
        };
        let sorted = &keys.sorted[..];
        let order = &keys.order[..];
        let skip = skipping.as_ref().map(|(server, _)| *server);
        let mut next_key = 0;
        // The first key whose owner without `skip` is not known yet.
        let mut waiting_from = 0;
        for (&position, entry) in self.positions.iter().zip(self.entries.iter()) {
            let start = next_key;
            while next_key < sorted.len() && sorted[next_key] <= position {
                next_key += 1;
            }
            let run = &order[start..next_key];
            match skipping.as_mut() {
                // Most often nothing waits: one pass fills both.
                Some((_, without)) if Some(entry.server) != skip && waiting_from == start => {
                    for &key in run {
                        with[key as usize] = entry.server;
                        without[key as usize] = entry.server;
                    }
                    waiting_from = next_key;
                }
                Some((_, without)) => {
                    for &key in run {
                        with[key as usize] = entry.server;
                    }
                    if Some(entry.server) != skip {
                        for &key in &order[waiting_from..next_key] {
                            without[key as usize] = entry.server;
                        }
                        waiting_from = next_key;
                    }
                }
                None => {
                    for &key in run {
                        with[key as usize] = entry.server;
                    }
                }
            }
        }
        // Past the last entry, keys wrap round to the first (kept) one.
        for &key in &order[next_key..] {
            with[key as usize] = first.server;
        }
        if let Some((_, without)) = skipping {
            let wrap_kept = self
                .entries
                .iter()
                .find(|entry| Some(entry.server) != skip)
                .map_or(first.server, |entry| entry.server);
            for &key in &order[waiting_from..] {
                without[key as usize] = wrap_kept;
            }
        }
    }

    /// The same ring with one server's entries taken out. Filtering keeps the
    /// order, so nothing is re-sorted.
    pub fn without(&self, server: ServerId) -> Ring {
        let entries: Vec<Entry> = self
            .entries
            .iter()
            .copied()
            .filter(|entry| entry.server != server)
            .collect();
        Ring::from_sorted(entries)
    }

    /// Route (b) of the moved count when more than one server's points can
    /// differ between the rings (a client's ring, whose staying servers'
    /// points follow the pool's weights): the keys in every stretch of the
    /// circle whose owner differs between `before` and `after`. Both rings'
    /// ends are merged in order, so no key is looked up on either ring.
    pub fn keys_in_changed_arcs(before: &Ring, after: &Ring, sorted_keys: &[u32]) -> usize {
        let (a, b) = (&before.entries, &after.entries);
        if a.is_empty() || b.is_empty() {
            return 0;
        }
        let up_to = |position: u32| sorted_keys.partition_point(|&key| key <= position);
        let (mut i, mut j) = (0, 0);
        // None until the first end: the stretch before it wraps.
        let mut previous: Option<u32> = None;
        let mut moved = 0;
        loop {
            let end = match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) => x.position.min(y.position),
                (Some(x), None) => x.position,
                (None, Some(y)) => y.position,
                (None, None) => break,
            };
            // In (previous, end] each ring's owner is its next entry at or
            // after `end`, the first entry once past its last.
            if a[i % a.len()].server != b[j % b.len()].server {
                moved += up_to(end) - previous.map_or(0, up_to);
            }
            previous = Some(end);
            while i < a.len() && a[i].position == end {
                i += 1;
            }
            while j < b.len() && b[j].position == end {
                j += 1;
            }
        }
        // Past both rings' last ends, keys wrap to their first entries.
        if a[0].server != b[0].server {
            moved += sorted_keys.len() - previous.map_or(0, up_to);
        }
        moved
    }

    /// Route (b) of the moved count: walk every arc that `server`'s entries
    /// claim, from the previous entry (exclusive) to the entry (inclusive),
    /// and count the keys in it. `sorted_keys` are key positions, ascending.
    ///
    /// This deliberately never calls `owner`: it is the independent check on
    /// the owner-diff count.
    pub fn keys_in_arcs_of(&self, server: ServerId, sorted_keys: &[u32]) -> usize {
        let count_up_to = |position: u32| sorted_keys.partition_point(|&key| key <= position);
        let last = match self.entries.last() {
            Some(entry) => entry.position,
            None => return 0,
        };
        let mut inside = 0;
        for (index, entry) in self.entries.iter().enumerate() {
            if entry.server != server {
                continue;
            }
            if index == 0 {
                // The first entry's arc wraps: everything after the last
                // entry, then everything up to this one. When every entry
                // sits at one position this is the whole ring, as it should be.
                inside += sorted_keys.len() - count_up_to(last) + count_up_to(entry.position);
            } else {
                let previous = self.entries[index - 1].position;
                inside += count_up_to(entry.position) - count_up_to(previous);
            }
        }
        inside
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    fn entry(position: u32, server: ServerId, point: u16) -> Entry {
        Entry {
            position,
            server,
            point,
        }
    }

    #[test]
    fn ties_at_one_position_are_ordered_by_name_then_point() {
        let names = names(&["zulu", "alpha"]);
        let ring = Ring::from_entries(
            vec![
                entry(5, 0, 1),
                entry(5, 1, 3),
                entry(5, 0, 0),
                entry(2, 0, 9),
            ],
            &names,
        );
        let order: Vec<(u32, ServerId, u16)> = ring
            .entries()
            .iter()
            .map(|e| (e.position, e.server, e.point))
            .collect();
        assert_eq!(order, vec![(2, 0, 9), (5, 1, 3), (5, 0, 0), (5, 0, 1)]);
        // A key at 5 goes to the first entry at 5 in that order: alpha.
        assert_eq!(ring.owner(5), Some(1));
        assert_eq!(ring.owner(3), Some(1));
    }

    #[test]
    fn owner_wraps_past_the_last_entry() {
        let names = names(&["a", "b"]);
        let ring = Ring::from_entries(vec![entry(100, 0, 0), entry(200, 1, 0)], &names);
        assert_eq!(ring.owner(0), Some(0));
        assert_eq!(ring.owner(100), Some(0));
        assert_eq!(ring.owner(101), Some(1));
        assert_eq!(ring.owner(200), Some(1));
        assert_eq!(ring.owner(201), Some(0));
        assert_eq!(ring.owner(u32::MAX), Some(0));
        assert_eq!(Ring::default().owner(7), None);
    }

    #[test]
    fn arcs_count_keys_between_neighbours_inclusive_of_the_point() {
        let names = names(&["a", "b"]);
        let ring = Ring::from_entries(vec![entry(100, 0, 0), entry(200, 1, 0)], &names);
        let keys = [0, 100, 101, 150, 200, 201, u32::MAX];
        // a: (200, MAX] and [0, 100] -> 0, 100, 201, MAX
        assert_eq!(ring.keys_in_arcs_of(0, &keys), 4);
        // b: (100, 200] -> 101, 150, 200
        assert_eq!(ring.keys_in_arcs_of(1, &keys), 3);
    }

    #[test]
    fn a_lone_position_claims_the_whole_ring() {
        let names = names(&["a", "b"]);
        let ring = Ring::from_entries(vec![entry(9, 1, 0), entry(9, 0, 0)], &names);
        let keys = [0, 9, 10, u32::MAX];
        assert_eq!(ring.keys_in_arcs_of(0, &keys), 4);
        assert_eq!(ring.keys_in_arcs_of(1, &keys), 0);
    }

    #[test]
    fn removing_a_server_keeps_the_order() {
        let names = names(&["a", "b", "c"]);
        let ring = Ring::build(&names, &[0, 1, 2], Points::uniform(50), HashKind::Fnv1aFold);
        let without_b = ring.without(1);
        let rebuilt = Ring::build(&names, &[0, 2], Points::uniform(50), HashKind::Fnv1aFold);
        assert_eq!(without_b.entries(), rebuilt.entries());
        assert_eq!(without_b.len(), 100);
    }
}

#[cfg(test)]
mod fill_owners_tests {
    use super::*;

    /// Each key's owner, looked up one at a time on the ring and on the
    /// ring with `skip` taken out.
    fn looked_up(ring: &Ring, keys: &Keys, skip: ServerId) -> (Vec<ServerId>, Vec<ServerId>) {
        let smaller = ring.without(skip);
        let with = keys
            .hashes
            .iter()
            .map(|&k| ring.owner(k).unwrap())
            .collect();
        let without = keys
            .hashes
            .iter()
            .map(|&k| smaller.owner(k).unwrap_or(ServerId::MAX))
            .collect();
        (with, without)
    }

    #[test]
    fn a_key_at_a_tied_position_goes_to_the_first_kept_entry_there() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|n| n.to_string()).collect();
        let entry = |position, server| Entry {
            position,
            server,
            point: 0,
        };
        // a and b tie at 100 (a first, by name); c alone at 200.
        let ring = Ring::from_entries(vec![entry(100, 1), entry(100, 0), entry(200, 2)], &names);
        let keys = Keys::from_hashes(0, vec![50, 100, 150, 200, 250]);
        for skip in [0, 1, 2] {
            let (expected_with, expected_without) = looked_up(&ring, &keys, skip);
            let mut with = vec![ServerId::MAX; keys.len()];
            let mut without = vec![ServerId::MAX; keys.len()];
            ring.fill_owners(&keys, &mut with, Some((skip, &mut without)));
            assert_eq!(
                (with, without),
                (expected_with, expected_without),
                "skip {skip}"
            );
        }
        // Without a, the keys at and before 100 go to b, which ties with it.
        let mut with = vec![0; keys.len()];
        let mut without = vec![0; keys.len()];
        ring.fill_owners(&keys, &mut with, Some((0, &mut without)));
        assert_eq!((with, without), (vec![0, 0, 2, 2, 0], vec![1, 1, 2, 2, 1]));
    }

    #[test]
    fn filling_by_arcs_equals_looking_each_key_up() {
        let names: Vec<String> = (0..7).map(|i| format!("s{i}")).collect();
        let members: Vec<ServerId> = (0..7).collect();
        for (points, count) in [(1u16, 0u32), (1, 50), (3, 1_000), (40, 5_000), (200, 300)] {
            let ring = Ring::build(
                &names,
                &members,
                Points::uniform(points),
                HashKind::Fnv1aFold,
            );
            let hashes: Vec<u32> = (0..count)
                .map(|i| i.wrapping_mul(2_654_435_761) ^ (i >> 3))
                .chain([0, u32::MAX, ring.entries()[0].position])
                .collect();
            let keys = Keys::from_hashes(0, hashes);
            for skip in [0, 3, 6, 9] {
                let (expected_with, expected_without) = looked_up(&ring, &keys, skip);
                let mut with = vec![ServerId::MAX; keys.len()];
                let mut without = vec![ServerId::MAX; keys.len()];
                ring.fill_owners(&keys, &mut with, Some((skip, &mut without)));
                assert_eq!(with, expected_with, "points {points} keys {count}");
                if skip < 7 && points > 0 {
                    assert_eq!(without, expected_without, "points {points} skip {skip}");
                }
            }
        }
    }
}
