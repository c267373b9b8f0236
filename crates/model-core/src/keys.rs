//! The keys: K keys named `key-{i}` for i = first … first+K-1, and their
//! positions on the ring.

use super::hash::{HashKind, NumberedNames};
use std::sync::Arc;

use super::in_use::InUse;
use super::keyname::KeyNames;
use super::sort;
use super::wide::Wide;

/// The keys of valid settings: key-first … key-(first+count−1) under a hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySpec {
    // Made only by `Valid::key_spec` and `KeySpec::new` (in settings.rs),
    // which check the ranges.
    pub(crate) first: u64,
    pub(crate) count: u32,
    pub(crate) hash: HashKind,
    /// A client's ring in use hashes the names its own way.
    pub(crate) in_use: InUse,
    pub(crate) name: KeyNames,
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
    pub fn name(&self) -> &KeyNames {
        &self.name
    }
    /// The positions of keys `from` … `from + count − 1` in key order.
    fn hash_range(&self, from: u32, count: u32) -> Vec<u32> {
        if self.in_use.is_client() {
            return (u64::from(from)..u64::from(from + count))
                .map(|index| {
                    self.name.with_name(self.first + index, |name| {
                        self.in_use.key_position(name).unwrap_or(0)
                    })
                })
                .collect();
        }
        match &self.name {
            KeyNames::Template(name) => {
                NumberedNames::around(name.prefix(), name.suffix(), self.hash)
                    .hash_range(self.first + u64::from(from), u64::from(count))
            }
            KeyNames::Yours(keys) => (from..from + count)
                .map(|index| self.hash.hash(keys.name(index as usize).as_bytes()))
                .collect(),
        }
    }

    /// The same keys under another hash (claims compare hashes).
    pub fn with_hash(&self, hash: HashKind) -> KeySpec {
        KeySpec {
            hash,
            ..self.clone()
        }
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
        let mut keys = Keys::from_hashes(spec.first(), spec.hash_range(0, spec.count()));
        keys.spec = Some(spec);
        keys
    }

    pub fn spec(&self) -> Option<&KeySpec> {
        self.spec.as_ref()
    }

    /// The keys of `spec`, equal to `Keys::of(spec)`, built from `previous`
    /// when they differ only in how many keys there are: the first keys
    /// keep their names and positions, so a key-count step filters the
    /// kept ones (fewer) or hashes and merges in only the new ones (more),
    /// instead of hashing and sorting them all again.
    pub fn of_after(spec: KeySpec, previous: &Keys) -> Keys {
        let Some(before) = previous.spec.as_ref().filter(|before| {
            KeySpec {
                count: spec.count,
                ..(*before).clone()
            } == spec
        }) else {
            return Keys::of(spec);
        };
        let count = spec.count as usize;
        let kept = count.min(before.count as usize);
        let mut hashes = previous.hashes[..kept].to_vec();
        // Sorted as `from_hashes` sorts: by position, then key index.
        let mut packed: Vec<u64> = previous
            .sorted
            .iter()
            .zip(&previous.order)
            .filter(|&(_, &index)| (index as usize) < kept)
            .map(|(&hash, &index)| (u64::from(hash) << 32) | u64::from(index))
            .collect();
        if count > kept {
            let added = spec.hash_range(kept as u32, (count - kept) as u32);
            let mut new: Vec<u64> = added
                .iter()
                .enumerate()
                .map(|(offset, &hash)| (u64::from(hash) << 32) | (kept + offset) as u64)
                .collect();
            sort::sort_by_high_bits(&mut new);
            hashes.extend_from_slice(&added);
            packed = merge(&packed, &new);
        }
        Keys {
            first: spec.first,
            hashes,
            sorted: packed.iter().map(|&p| (p >> 32) as u32).collect(),
            order: packed.iter().map(|&p| p as u32).collect(),
            spec: Some(spec),
        }
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

    /// These keys as a 64-bit client's two rings place them (`Wide`): the
    /// same keys, or a copy in which the few whose top half is crowded by a
    /// point are moved to the side of it their full hash is on.
    pub fn fitted(keys: &Arc<Keys>, wide: &Wide) -> Arc<Keys> {
        let Some(spec) = &keys.spec else {
            return keys.clone();
        };
        let mut crowded: Vec<u32> = wide
            .crowded()
            .flat_map(|(from, to)| {
                let start = keys.sorted.partition_point(|&key| key < from);
                let end = keys.sorted.partition_point(|&key| key <= to);
                keys.sorted[start..end.max(start)].iter().copied()
            })
            .collect();
        if crowded.is_empty() {
            return keys.clone();
        }
        crowded.sort_unstable();
        crowded.dedup();
        let mut hashes = keys.hashes.clone();
        let mut moved = false;
        for (index, hash) in hashes.iter_mut().enumerate() {
            if crowded.binary_search(hash).is_err() {
                continue;
            }
            let full = spec.name.with_name(spec.first + index as u64, |name| {
                spec.in_use.wide_key_position(name)
            });
            if let Some(full) = full {
                let at = wide.key(full);
                moved |= at != *hash;
                *hash = at;
            }
        }
        if !moved {
            return keys.clone();
        }
        let mut fitted = Keys::from_hashes(keys.first, hashes);
        fitted.spec = Some(spec.clone());
        Arc::new(fitted)
    }

    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}

/// Two ascending lists as one.
fn merge(left: &[u64], right: &[u64]) -> Vec<u64> {
    let mut merged = Vec::with_capacity(left.len() + right.len());
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if left[i] <= right[j] {
            merged.push(left[i]);
            i += 1;
        } else {
            merged.push(right[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&left[i..]);
    merged.extend_from_slice(&right[j..]);
    merged
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

    fn assert_same_keys(got: &Keys, expected: &Keys, context: &str) {
        assert_eq!(got.first, expected.first, "{context}");
        assert_eq!(got.spec, expected.spec, "{context}");
        assert!(got.hashes == expected.hashes, "hashes differ: {context}");
        assert!(got.sorted == expected.sorted, "sorted differ: {context}");
        assert!(got.order == expected.order, "order differs: {context}");
    }

    #[test]
    fn keys_after_a_count_step_equal_keys_built_afresh() {
        use crate::hash::HashKind;
        use crate::keyname::KeyName;
        let names = [
            KeyName::default(),
            KeyName::parse("user:{i}").unwrap(),
            KeyName::parse("/img/{i}.jpg").unwrap(),
        ];
        let mut step = 7u64;
        for (hash, name) in [HashKind::Fnv1aFold, HashKind::Fnv1a, HashKind::Fnv1aMurmur]
            .into_iter()
            .zip(names)
        {
            let spec = |count: u32| KeySpec::new(3, count, hash).unwrap().with_name(name);
            let mut previous = Keys::of(spec(1_000));
            // Down, up past where it started, to the extremes, and equal.
            let mut counts = vec![999, 1_000, 100_000, 1, 2, 50_000, 50_000, 49_999];
            for _ in 0..12 {
                step = step
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                counts.push(1 + (step >> 33) as u32 % 100_000);
            }
            for count in counts {
                let after = Keys::of_after(spec(count), &previous);
                assert_same_keys(&after, &Keys::of(spec(count)), &format!("{hash:?} {count}"));
                previous = after;
            }
            // Another hash, name or first key: built afresh, and still right.
            for other in [
                spec(500).with_hash(HashKind::Fnv1aMurmur),
                KeySpec::new(4, 500, hash).unwrap().with_name(name),
                spec(500).with_name(KeyName::parse("k{i}").unwrap()),
            ] {
                assert_same_keys(
                    &Keys::of_after(other.clone(), &previous),
                    &Keys::of(other),
                    "changed spec",
                );
            }
        }
        // Keys placed by hand have no spec: never a base for others.
        let by_hand = Keys::from_hashes(0, vec![9, 3, 5]);
        let spec = KeySpec::new(0, 3, HashKind::Fnv1aFold).unwrap();
        assert_same_keys(
            &Keys::of_after(spec.clone(), &by_hand),
            &Keys::of(spec),
            "by hand",
        );
    }

    #[test]
    fn nearest_key_is_nearest_around_the_ring() {
        let spec = KeySpec::new(0, 500, crate::hash::HashKind::Fnv1aFold).unwrap();
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
