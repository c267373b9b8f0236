//! The ring itself: sorted entries, the owner of a position, and the arcs
//! each entry claims.

use super::hash::{HashKind, NumberedNames};

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
/// which decides ties between equal positions.
#[derive(Clone, Debug, Default)]
pub struct Ring {
    entries: Vec<Entry>,
    /// The positions again, packed, for the binary search of `owner_index`.
    positions: Vec<u32>,
}

impl Ring {
    /// Place `points` entries for each member, at hash(`NAME#0`) … hash(`NAME#{points-1}`).
    pub fn build(names: &[String], members: &[ServerId], points: u16, hash: HashKind) -> Ring {
        let mut entries = Vec::with_capacity(members.len() * usize::from(points));
        for &server in members {
            let point_names = NumberedNames::new(&format!("{}#", names[usize::from(server)]), hash);
            entries.extend((0..points).map(|point| Entry {
                position: point_names.hash(u64::from(point)),
                server,
                point,
            }));
        }
        Ring::from_entries(entries, names)
    }

    /// Sort any entries into ring order. `names` settles ties at one position.
    pub fn from_entries(mut entries: Vec<Entry>, names: &[String]) -> Ring {
        let mut by_name: Vec<usize> = (0..names.len()).collect();
        by_name.sort_by(|&a, &b| names[a].cmp(&names[b]));
        let mut name_rank = vec![0u64; names.len()];
        for (rank, &server) in by_name.iter().enumerate() {
            name_rank[server] = rank as u64;
        }
        // One u64 per entry sorts in the spec's order: position, then name
        // rank, then point index.
        entries.sort_unstable_by_key(|entry| {
            (u64::from(entry.position) << 32)
                | (name_rank[usize::from(entry.server)] << 16)
                | u64::from(entry.point)
        });
        let positions = entries.iter().map(|entry| entry.position).collect();
        Ring { entries, positions }
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
        let at_or_after = self.positions.partition_point(|&p| p < position);
        Some(if at_or_after == self.entries.len() {
            0
        } else {
            at_or_after
        })
    }

    /// The server owning `position`. None on an empty ring.
    pub fn owner(&self, position: u32) -> Option<ServerId> {
        self.owner_index(position)
            .map(|index| self.entries[index].server)
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
        let positions = entries.iter().map(|entry| entry.position).collect();
        Ring { entries, positions }
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
        let ring = Ring::build(&names, &[0, 1, 2], 50, HashKind::Fnv1aFold);
        let without_b = ring.without(1);
        let rebuilt = Ring::build(&names, &[0, 2], 50, HashKind::Fnv1aFold);
        assert_eq!(without_b.entries(), rebuilt.entries());
        assert_eq!(without_b.len(), 100);
    }
}
