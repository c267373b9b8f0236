//! The keys: K keys named `key-{i}` for i = first … first+K-1, and their
//! positions on the ring.

use super::hash::{HashKind, NumberedNames};
use super::sort;

/// The keys' ring positions: `hashes[i]` is hash(`key-{first+i}`); `sorted`
/// holds the same values ascending and `order` the key index of each, for
/// the walks along the ring.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    pub first: u64,
    pub hashes: Vec<u32>,
    pub sorted: Vec<u32>,
    pub order: Vec<u32>,
}

impl Keys {
    pub fn new(first: u64, count: u32, hash: HashKind) -> Keys {
        let names = NumberedNames::new("key-", hash);
        Keys::from_hashes(first, names.hash_range(first, u64::from(count)))
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
    /// The key at `index` in key order.
    pub fn key(&self, index: usize) -> Key {
        Key {
            number: self.first + index as u64,
            hash: self.hashes[index],
        }
    }
}
