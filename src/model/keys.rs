//! The keys: K keys named `key-{i}` for i = first … first+K-1, and their
//! positions on the ring.

use super::hash::{HashKind, NumberedNames};
use super::keyname::KeyName;
use super::sort;

/// The keys of valid settings: key-first … key-(first+count−1) under a hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeySpec {
    // Made only by `Valid::key_spec` and `KeySpec::new` (in settings.rs),
    // which check the ranges.
    pub(in crate::model) first: u64,
    pub(in crate::model) count: u32,
    pub(in crate::model) hash: HashKind,
    pub(in crate::model) name: KeyName,
}

impl KeySpec {
    pub fn first(&self) -> u64 {
        self.first
    }
    pub fn count(&self) -> u32 {
        self.count
    }
    pub fn hash(&self) -> HashKind {
        self.hash
    }
    /// How the keys are named (`key-{i}` unless the reader chose otherwise).
    pub fn name(&self) -> KeyName {
        self.name
    }
    /// The same keys under another hash (claims compare hashes).
    pub fn with_hash(self, hash: HashKind) -> KeySpec {
        KeySpec { hash, ..self }
    }
}

/// The keys' ring positions: `hashes[i]` is hash(`key-{first+i}`); `sorted`
/// holds the same values ascending and `order` the key index of each, for
/// the walks along the ring.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    pub first: u64,
    pub hashes: Vec<u32>,
    pub sorted: Vec<u32>,
    pub order: Vec<u32>,
    /// What these keys were made from; None for keys placed by hand.
    spec: Option<KeySpec>,
}

impl Keys {
    /// The keys of valid settings (`Valid::key_spec`).
    pub fn of(spec: KeySpec) -> Keys {
        let name = spec.name();
        let names = NumberedNames::around(name.prefix(), name.suffix(), spec.hash());
        let mut keys = Keys::from_hashes(
            spec.first(),
            names.hash_range(spec.first(), u64::from(spec.count())),
        );
        keys.spec = Some(spec);
        keys
    }

    pub fn spec(&self) -> Option<KeySpec> {
        self.spec
    }

    /// Keys at given positions (tests place them by hand).
    pub fn from_hashes(first: u64, hashes: Vec<u32>) -> Keys {
        // Position in the high half, key index in the low half: one stable
        // sort yields both the sorted positions and their owners' indices.
        let mut packed: Vec<u64> = hashes
            .iter()
            .enumerate()
            .map(|(index, &hash)| (u64::from(hash) << 32) | index as u64)
            .collect();
        sort::sort_by_high_bits(&mut packed);
        let sorted = packed.iter().map(|&p| (p >> 32) as u32).collect();
        let order = packed.iter().map(|&p| p as u32).collect();
        Keys {
            first,
            hashes,
            sorted,
            order,
            spec: None,
        }
    }

    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}

/// One key as a scheme sees it: its number (the key is named `key-{number}`)
/// and its position on the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub number: u64,
    pub hash: u32,
}

impl Keys {
    /// The index of the key whose position is nearest `position` around the
    /// ring (distance wraps at 2^32); ties go to the earlier position. None
    /// when there are no keys.
    pub fn nearest(&self, position: u32) -> Option<usize> {
        let count = self.sorted.len();
        if count == 0 {
            return None;
        }
        // The first key at or after the position, and the one before it.
        let after = self.sorted.partition_point(|&p| p < position) % count;
        let before = (after + count - 1) % count;
        let distance = |at: usize| {
            let gap = self.sorted[at].wrapping_sub(position);
            gap.min(position.wrapping_sub(self.sorted[at]))
        };
        let nearest = if distance(before) <= distance(after) {
            before
        } else {
            after
        };
        Some(self.order[nearest] as usize)
    }

    /// The key at `index` in key order.
    pub fn key(&self, index: usize) -> Key {
        Key {
            number: self.first + index as u64,
            hash: self.hashes[index],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nearest by scanning every key, distance wrapping at 2^32.
    fn nearest_by_scan(keys: &Keys, position: u32) -> u32 {
        let distance = |p: u32| p.wrapping_sub(position).min(position.wrapping_sub(p));
        keys.hashes.iter().map(|&p| distance(p)).min().unwrap()
    }

    #[test]
    fn nearest_key_is_nearest_around_the_ring() {
        let spec = KeySpec::new(0, 500, crate::model::HashKind::Fnv1aFold).unwrap();
        let keys = Keys::of(spec);
        let mut probe = 12_345u32;
        for _ in 0..2_000 {
            probe = probe.wrapping_mul(2_654_435_761).wrapping_add(97);
            let index = keys.nearest(probe).unwrap();
            let found = keys.hashes[index];
            let distance = found.wrapping_sub(probe).min(probe.wrapping_sub(found));
            assert_eq!(distance, nearest_by_scan(&keys, probe), "at {probe}");
        }
        // Across the wrap: a key just after 0 is nearest to a position just before 2^32.
        let wrapped = Keys::from_hashes(0, vec![5, 2_000_000_000, 4_000_000_000]);
        assert_eq!(wrapped.nearest(u32::MAX - 2), Some(0));
        assert_eq!(wrapped.nearest(3_999_999_000), Some(2));
        assert_eq!(Keys::from_hashes(0, vec![]).nearest(7), None);
    }
}
