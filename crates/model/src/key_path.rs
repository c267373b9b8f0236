//! One key's path (DEFINITIONS §13): how a key's bytes become its position
//! on the ring drawn and how the lookup finds its owner there, step by step,
//! each step's value as the page shows it and the oracle prints it.

use crate::format::{fixed, thousands};
use crate::hash::{fnv1a_extend, HashKind};
use crate::Snapshot;

/// One step of the path: an id the page and the oracle share, the sentence
/// for the reader, and the step's value as the tests read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyStep {
    pub id: &'static str,
    pub words: String,
    pub value: String,
}

/// The comparisons a binary search for the first point at or after `key`
/// makes over sorted `positions` (the index of each point it looks at), and
/// the index it lands on, wrapped past the last point to the first.
pub fn search(positions: &[u32], key: u32) -> (Vec<usize>, usize) {
    let (mut low, mut high) = (0, positions.len());
    let mut compared = Vec::new();
    while low < high {
        let middle = low + (high - low) / 2;
        compared.push(middle);
        if positions[middle] < key {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    (compared, if low == positions.len() { 0 } else { low })
}

/// The path of the key named `text` on the ring after the change. Empty on
/// an empty ring or for an empty key, which the box does not place.
pub fn steps(snapshot: &Snapshot, text: &str) -> Vec<KeyStep> {
    let bytes = text.as_bytes();
    let ring = &snapshot.ring_after;
    let entries = ring.entries();
    if entries.is_empty() || bytes.is_empty() {
        return Vec::new();
    }
    let mut steps = vec![KeyStep {
        id: "bytes",
        words: format!(
            "\u{201c}{text}\u{201d} as UTF-8 is {} byte{}: {}.",
            bytes.len(),
            if bytes.len() == 1 { "" } else { "s" },
            hex(bytes, " ")
        ),
        value: hex(bytes, ""),
    }];
    let position = snapshot.key_position(bytes);
    let hash = snapshot.settings.hash;
    if snapshot.settings.in_use.wide_key_position(bytes).is_none() {
        let fnv = fnv1a_extend(0x811C_9DC5, bytes);
        steps.push(KeyStep {
            id: "fnv1a",
            words: format!(
                "FNV-1a, from 2,166,136,261: for each byte, XOR it in, then multiply by 16,777,619 (mod 2\u{b3}\u{b2}). It ends at {}.",
                thousands(u64::from(fnv))
            ),
            value: fnv.to_string(),
        });
        if hash != HashKind::Fnv1a {
            let how = match hash {
                HashKind::Fnv1aMurmur => "MurmurHash3's fmix32 (shift, multiply, shift, multiply, shift)",
                _ => "two rounds of fold (XOR with a shift of itself) and multiply by the FNV prime, then a last fold",
            };
            steps.push(KeyStep {
                id: "finalizer",
                words: format!(
                    "The finalizer, {how}, scatters it to {}.",
                    thousands(u64::from(position))
                ),
                value: position.to_string(),
            });
        }
    }
    steps.push(KeyStep {
        id: "hash",
        words: format!(
            "Its position on the ring: {} of 4,294,967,296, {}% of the way round from twelve o'clock.",
            thousands(u64::from(position)),
            fixed(f64::from(position) / 42_949_672.96, 1)
        ),
        value: position.to_string(),
    });
    let positions = ring.positions();
    let (compared, index) = search(positions, position);
    let looked_at: Vec<String> = compared
        .iter()
        .map(|&i| thousands(u64::from(positions[i])))
        .collect();
    steps.push(KeyStep {
        id: "search",
        words: format!(
            "A binary search of the {} sorted points halves the range at each look, {} looks in all: {}.",
            thousands(positions.len() as u64),
            compared.len(),
            looked_at.join(" \u{2192} ")
        ),
        value: compared
            .iter()
            .map(|&i| positions[i].to_string())
            .collect::<Vec<_>>()
            .join(","),
    });
    let owner = entries[index];
    let previous = entries[(index + entries.len() - 1) % entries.len()];
    let wrapped = index == 0 && position > owner.position;
    steps.push(KeyStep {
        id: "previous-point",
        words: format!(
            "The point before the key: {}'s point {} at {}.",
            snapshot.name(previous.server),
            previous.point,
            thousands(u64::from(previous.position))
        ),
        value: previous.position.to_string(),
    });
    steps.push(KeyStep {
        id: "point",
        words: format!(
            "The first point at or after it{}: {}'s point {} at {}.",
            if wrapped {
                ", past the last point and round to the first"
            } else {
                ""
            },
            snapshot.name(owner.server),
            owner.point,
            thousands(u64::from(owner.position))
        ),
        value: owner.position.to_string(),
    });
    let name = snapshot.name(owner.server);
    steps.push(KeyStep {
        id: "owner",
        words: format!("So {name} holds \u{201c}{text}\u{201d}."),
        value: name.to_string(),
    });
    steps
}

/// Bytes in lower-case hex, `between` each pair.
fn hex(bytes: &[u8], between: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::new();
    for (i, &byte) in bytes.iter().enumerate() {
        if i > 0 {
            out.push_str(between);
        }
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 15)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{query, Settings};

    fn snapshot(address: &str) -> Snapshot {
        let parsed = query::parse(address, &[]);
        Snapshot::measure(&parsed.settings).expect("valid settings")
    }

    fn value<'a>(steps: &'a [KeyStep], id: &str) -> &'a str {
        &steps.iter().find(|s| s.id == id).expect(id).value
    }

    #[test]
    fn the_search_lands_where_the_ring_says_for_every_key() {
        let s = Snapshot::measure(&Settings::default()).unwrap();
        let positions: Vec<u32> = s.ring_after.entries().iter().map(|e| e.position).collect();
        for &key in
            s.keys
                .hashes
                .iter()
                .chain(&[0, u32::MAX, positions[0], positions[positions.len() - 1]])
        {
            let (compared, index) = search(&positions, key);
            assert_eq!(Some(index), s.ring_after.owner_index(key), "{key}");
            // log2 of 1,000 points, rounded up, at most.
            assert!(compared.len() <= 10, "{}", compared.len());
        }
    }

    #[test]
    fn each_hash_shows_its_stages_and_the_owner_is_the_rings() {
        // FNV-1a of "a" is 0xE40C292C (the published test vector).
        let plain = steps(&snapshot("hash=fnv1a"), "a");
        assert_eq!(value(&plain, "bytes"), "61");
        assert_eq!(value(&plain, "fnv1a"), 0xE40C_292Cu32.to_string());
        assert_eq!(value(&plain, "hash"), 0xE40C_292Cu32.to_string());
        assert!(plain.iter().all(|s| s.id != "finalizer"));
        for address in ["", "hash=fnv1a-murmur", "points=1&servers=a,b,c&remove=b"] {
            let s = snapshot(address);
            for key in ["user:42", "é", "key-0", "/img/65.jpg"] {
                let path = steps(&s, key);
                let position = s.key_position(key.as_bytes());
                assert_eq!(value(&path, "hash"), position.to_string());
                assert_eq!(value(&path, "finalizer"), position.to_string(), "{address}");
                // The finalizer starts from the FNV-1a state shown before it.
                let fnv: u32 = value(&path, "fnv1a").parse().unwrap();
                assert_eq!(s.settings.hash.finish(fnv), position);
                let owner = s.ring_after.owner(position).unwrap();
                assert_eq!(value(&path, "owner"), s.name(owner));
                // The owning point is the first at or after the key (or the
                // first of all, past the last); the previous one is before it.
                let entries = s.ring_after.entries();
                let index = s.ring_after.owner_index(position).unwrap();
                let previous = entries[(index + entries.len() - 1) % entries.len()];
                assert_eq!(value(&path, "point"), entries[index].position.to_string());
                assert_eq!(
                    value(&path, "previous-point"),
                    previous.position.to_string()
                );
            }
        }
        // DEFINITIONS §13's example, pinned on purpose.
        let murmur = steps(&snapshot("hash=fnv1a-murmur"), "user:42");
        let pinned: Vec<(&str, &str)> = murmur.iter().map(|s| (s.id, s.value.as_str())).collect();
        assert_eq!(
            pinned,
            [
                ("bytes", "757365723a3432"),
                ("fnv1a", "795573122"),
                ("finalizer", "599759890"),
                ("hash", "599759890"),
                ("search", "2049388189,1011534812,500215692,761486929,639709815,578885031,617170607,600105726,596365447,596874965"),
                ("previous-point", "596874965"),
                ("point", "600105726"),
                ("owner", "echo"),
            ]
        );
        assert_eq!(value(&steps(&snapshot(""), "é"), "bytes"), "c3a9");
        assert!(steps(&snapshot(""), "").is_empty());
    }
}
