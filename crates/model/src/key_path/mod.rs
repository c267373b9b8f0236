//! One key's path (DEFINITIONS §13): how a key's bytes become its position
//! and how a scheme or system finds its owner from there, step by step, each
//! step's value as the page shows it and the oracle prints it, beside the
//! rule's pseudo-code with the line each step belongs to.
//!
//! `steps` is the ring drawn (the page's, or the client's in use); `paths`
//! is that and every other scheme and system with a path, which the worker
//! works out with the key's owners (the page carries none of this code).

mod hashing;
mod rules;

pub use hashing::Hashing;
pub use rules::paths;

/// The ids of the paths `paths` gives, in its order: the ring drawn, then
/// each scheme and system with a path.
pub fn rules_ids() -> impl Iterator<Item = PlacementId> {
    std::iter::once(DRAWN).chain(rules::with_paths())
}

use crate::format::{fixed, thousands};
use crate::placements::PlacementId;
use crate::Snapshot;

/// One step of the path: an id the page and the oracle share, the sentence
/// for the reader, the step's value as the tests read it, and the line of
/// the path's pseudo-code it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KeyStep {
    pub id: StepId,
    pub words: String,
    pub value: String,
    pub line: usize,
}

/// A key's path under one scheme or system: its rule as pseudo-code, a
/// line each, and the steps.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct KeyPath {
    /// The scheme or system; `DRAWN` for `steps`.
    pub scheme: PlacementId,
    pub code: Vec<String>,
    pub steps: Vec<KeyStep>,
}

impl KeyPath {
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The value of the step `id`, if the path has it.
    pub fn value(&self, id: StepId) -> Option<&str> {
        self.steps
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.value.as_str())
    }
}

/// The id of the path on the ring drawn, `steps`, among the others.
pub const DRAWN: PlacementId = PlacementId::Ring;

/// Writes the step enum, its `ALL` and its `id` from one table, so a step
/// added to the table is in all three.
macro_rules! step_ids {
    ($($step:ident => $id:literal,)*) => {
        /// Every step a path can have (DEFINITIONS §13); its id, shared by
        /// the page's hooks and the oracle, is `StepId::id`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum StepId {
            $($step,)*
        }

        impl StepId {
            pub const ALL: &[StepId] = &[$(StepId::$step,)*];

            /// The id the page writes (`data-key-step`) and the worker sends.
            pub fn id(self) -> &'static str {
                match self {
                    $(StepId::$step => $id,)*
                }
            }
        }
    };
}

step_ids! {
    Bytes => "bytes",
    Fnv1a => "fnv1a",
    Finalizer => "finalizer",
    Md5 => "md5",
    Crc32 => "crc32",
    Xxh64 => "xxh64",
    TwemproxyFnv => "twemproxy-fnv",
    Sdbm => "sdbm",
    Avalanche => "avalanche",
    Hash => "hash",
    Search => "search",
    PreviousPoint => "previous-point",
    NextPoint => "next-point",
    Point => "point",
    Jump => "jump",
    Bucket => "bucket",
    Remainder => "remainder",
    Row => "row",
    Scores => "scores",
    Probes => "probes",
    Crc16 => "crc16",
    Slot => "slot",
    Folded => "folded",
    Owner => "owner",
}

impl StepId {
    /// The step an id names, as read back from the worker.
    pub fn from_id(id: &str) -> Option<StepId> {
        StepId::ALL.iter().copied().find(|step| step.id() == id)
    }
}

impl serde::Serialize for StepId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// A path as it is written: each code line added before the steps on it.
pub(crate) struct Builder {
    path: KeyPath,
}

impl Builder {
    pub(crate) fn new(scheme: PlacementId) -> Builder {
        Builder {
            path: KeyPath {
                scheme,
                ..KeyPath::default()
            },
        }
    }

    /// A line of the rule's pseudo-code; the steps that follow are on it.
    pub(crate) fn line(&mut self, code: &str) -> &mut Self {
        self.path.code.push(code.to_string());
        self
    }

    pub(crate) fn step(&mut self, id: StepId, words: String, value: String) -> &mut Self {
        let line = self.path.code.len().saturating_sub(1);
        self.path.steps.push(KeyStep {
            id,
            words,
            value,
            line,
        });
        self
    }

    /// The key's bytes, the path's first line and step.
    pub(crate) fn bytes(&mut self, text: &str) -> &mut Self {
        let bytes = text.as_bytes();
        self.line("bytes ← UTF-8 of the key").step(
            StepId::Bytes,
            format!(
                "\u{201c}{text}\u{201d} as UTF-8 is {} byte{}: {}.",
                bytes.len(),
                if bytes.len() == 1 { "" } else { "s" },
                hex(bytes, " ")
            ),
            hex(bytes, ""),
        )
    }

    /// The key's position, on the line of the hash's last stage.
    pub(crate) fn position(&mut self, position: u64, bits: u32) -> &mut Self {
        let space = 2f64.powi(bits as i32);
        self.step(
            StepId::Hash,
            format!(
                "Its position: {} of {}, {}% of the way round from twelve o'clock.",
                thousands(position),
                if bits == 64 {
                    "2\u{2076}\u{2074}".to_string()
                } else {
                    "4,294,967,296".to_string()
                },
                fixed(position as f64 / space * 100.0, 1)
            ),
            position.to_string(),
        )
    }

    pub(crate) fn owner(&mut self, name: &str, text: &str) -> &mut Self {
        self.step(
            StepId::Owner,
            format!("So {name} holds \u{201c}{text}\u{201d}."),
            name.to_string(),
        )
    }

    pub(crate) fn finish(self) -> KeyPath {
        self.path
    }
}

/// The comparisons a binary search for the first point at or after `key`
/// makes over sorted `positions` (the index of each point it looks at), and
/// the index it lands on, wrapped past the last point to the first.
pub fn search<T: Ord + Copy>(positions: &[T], key: T) -> (Vec<usize>, usize) {
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

/// A point of a ring as a path names it: its server and which of the
/// server's points it is ("point 12", or how a system made it).
pub(crate) struct NamedPoint {
    pub server: String,
    pub which: String,
}

/// The search clockwise for the first point at or after `key` over sorted
/// `positions`, the point before it, and the owner: the ring's last lines.
/// Returns the index landed on.
pub(crate) fn clockwise<T: Ord + Copy + Into<u64>>(
    b: &mut Builder,
    positions: &[T],
    key: T,
    point: impl Fn(usize) -> NamedPoint,
    text: &str,
) -> usize {
    let (compared, index) = search(positions, key);
    let at = |i: usize| thousands(positions[i].into());
    b.line("i ← the first index with points[i] ≥ h (binary search)")
        .step(
            StepId::Search,
            format!(
                "A binary search of the {} sorted points halves the range at each look, {} looks in all: {}.",
                thousands(positions.len() as u64),
                compared.len(),
                compared.iter().map(|&i| at(i)).collect::<Vec<_>>().join(" \u{2192} ")
            ),
            compared
                .iter()
                .map(|&i| positions[i].into().to_string())
                .collect::<Vec<_>>()
                .join(","),
        );
    let previous = (index + positions.len() - 1) % positions.len();
    let before = point(previous);
    b.step(
        StepId::PreviousPoint,
        format!(
            "The point before the key: {}'s {} at {}.",
            before.server,
            before.which,
            at(previous)
        ),
        positions[previous].into().to_string(),
    );
    let wrapped = index == 0 && key > positions[0];
    let owning = point(index);
    b.line("if none is: i ← 0 (round past the top)").step(
        StepId::Point,
        format!(
            "The first point at or after it{}: {}'s {} at {}.",
            if wrapped {
                ", past the last point and round to the first"
            } else {
                ""
            },
            owning.server,
            owning.which,
            at(index)
        ),
        positions[index].into().to_string(),
    );
    b.line("return the server of points[i]")
        .owner(&owning.server, text);
    index
}

/// The path of the key named `text` on the ring drawn after the change:
/// the page's ring, or the client's in use, its positions as the canvas
/// draws them. Empty on an empty ring or for an empty key, which the box
/// does not place.
pub fn steps(snapshot: &Snapshot, text: &str) -> KeyPath {
    let ring = &snapshot.ring_after;
    let entries = ring.entries();
    let in_use = snapshot.settings.in_use;
    if entries.is_empty() || text.is_empty() {
        return KeyPath::default();
    }
    let mut b = Builder::new(DRAWN);
    b.bytes(text);
    Hashing::of(in_use, snapshot.settings.hash).stages(&mut b, text.as_bytes());
    let position = snapshot.key_position(text.as_bytes());
    if snapshot.wide.is_some() {
        b.line("h ← its place among the points drawn (64 bits fitted to 32)");
    }
    b.position(u64::from(position), 32);
    clockwise(
        &mut b,
        ring.positions(),
        position,
        |i| NamedPoint {
            server: snapshot.name(entries[i].server).to_string(),
            which: format!("point {}", entries[i].point),
        },
        text,
    );
    b.finish()
}

/// Bytes in lower-case hex, `between` each pair.
pub(crate) fn hex(bytes: &[u8], between: &str) -> String {
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

    pub(crate) fn snapshot(address: &str) -> Snapshot {
        let parsed = query::parse(address, &[]);
        Snapshot::measure(&parsed.settings).expect("valid settings")
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
        assert_eq!(plain.value(StepId::Bytes), Some("61"));
        assert_eq!(
            plain.value(StepId::Fnv1a),
            Some(&*0xE40C_292Cu32.to_string())
        );
        assert_eq!(
            plain.value(StepId::Hash),
            Some(&*0xE40C_292Cu32.to_string())
        );
        assert!(plain.value(StepId::Finalizer).is_none());
        for address in ["", "hash=fnv1a-murmur", "points=1&servers=a,b,c&remove=b"] {
            let s = snapshot(address);
            for key in ["user:42", "é", "key-0", "/img/65.jpg"] {
                let path = steps(&s, key);
                let value = |id: StepId| path.value(id).unwrap_or_else(|| panic!("{}", id.id()));
                let position = s.key_position(key.as_bytes());
                assert_eq!(value(StepId::Hash), position.to_string());
                assert_eq!(value(StepId::Finalizer), position.to_string(), "{address}");
                // The finalizer starts from the FNV-1a state shown before it.
                let fnv: u32 = value(StepId::Fnv1a).parse().unwrap();
                assert_eq!(s.settings.hash.finish(fnv), position);
                let owner = s.ring_after.owner(position).unwrap();
                assert_eq!(value(StepId::Owner), s.name(owner));
                // The owning point is the first at or after the key (or the
                // first of all, past the last); the previous one is before it.
                let entries = s.ring_after.entries();
                let index = s.ring_after.owner_index(position).unwrap();
                let previous = entries[(index + entries.len() - 1) % entries.len()];
                assert_eq!(value(StepId::Point), entries[index].position.to_string());
                assert_eq!(value(StepId::PreviousPoint), previous.position.to_string());
                // Every step is on a line of the code, in the code's order.
                let lines: Vec<usize> = path.steps.iter().map(|s| s.line).collect();
                assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
                assert!(lines.iter().all(|&l| l < path.code.len()));
            }
        }
        // DEFINITIONS §13's example, pinned on purpose.
        let murmur = steps(&snapshot("hash=fnv1a-murmur"), "user:42");
        let pinned: Vec<(&str, &str)> = murmur
            .steps
            .iter()
            .map(|s| (s.id.id(), s.value.as_str()))
            .collect();
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
        assert_eq!(steps(&snapshot(""), "é").value(StepId::Bytes), Some("c3a9"));
        assert!(steps(&snapshot(""), "").is_empty());
    }

    #[test]
    fn each_step_has_its_own_id_and_reads_back_from_it() {
        for &step in StepId::ALL {
            assert_eq!(StepId::from_id(step.id()), Some(step));
        }
        let ids: std::collections::BTreeSet<&str> = StepId::ALL.iter().map(|s| s.id()).collect();
        assert_eq!(ids.len(), StepId::ALL.len());
        assert_eq!(StepId::from_id("prior-point"), None);
    }
}
