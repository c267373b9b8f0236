//! The three hash functions of the spec, over UTF-8 bytes, all mod 2^32.
//!
//! Every hash starts as plain FNV-1a; the two finalized variants only add a
//! mixing step at the end. That split lets callers hash a shared prefix once
//! (`key-`, `alpha#`) and extend it with the digits, which is where the time
//! goes at 100,000 keys.

const FNV_OFFSET: u32 = 0x811C_9DC5;
const FNV_PRIME: u32 = 0x0100_0193;

/// Which hash places keys and server points on the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum HashKind {
    /// Plain 32-bit FNV-1a: its low bits follow the last bytes, so names that
    /// differ only in their final digit land in visible stripes.
    Fnv1a,
    /// FNV-1a, then two fold-and-multiply rounds with the FNV prime (default).
    #[default]
    Fnv1aFold,
    /// FNV-1a, then MurmurHash3's 32-bit finalizer (fmix32).
    Fnv1aMurmur,
}

impl HashKind {
    pub const ALL: [HashKind; 3] = [HashKind::Fnv1aFold, HashKind::Fnv1aMurmur, HashKind::Fnv1a];

    /// The name used in the URL and the hash picker.
    pub fn id(self) -> &'static str {
        match self {
            HashKind::Fnv1a => "fnv1a",
            HashKind::Fnv1aFold => "fnv1a-fold",
            HashKind::Fnv1aMurmur => "fnv1a-murmur",
        }
    }

    pub fn from_id(id: &str) -> Option<HashKind> {
        HashKind::ALL.into_iter().find(|kind| kind.id() == id)
    }

    /// True for the two variants that mix the FNV-1a state before use.
    pub fn is_finalized(self) -> bool {
        self != HashKind::Fnv1a
    }

    /// Hash a whole byte string.
    pub fn hash(self, bytes: &[u8]) -> u32 {
        self.finish(fnv1a_extend(FNV_OFFSET, bytes))
    }

    /// Turn a raw FNV-1a state into this kind's final value.
    pub fn finish(self, fnv_state: u32) -> u32 {
        let mut h = fnv_state;
        match self {
            HashKind::Fnv1a => {}
            HashKind::Fnv1aFold => {
                h ^= h >> 15;
                h = h.wrapping_mul(FNV_PRIME);
                h ^= h >> 13;
                h = h.wrapping_mul(FNV_PRIME);
                h ^= h >> 16;
            }
            HashKind::Fnv1aMurmur => {
                h ^= h >> 16;
                h = h.wrapping_mul(0x85EB_CA6B);
                h ^= h >> 13;
                h = h.wrapping_mul(0xC2B2_AE35);
                h ^= h >> 16;
            }
        }
        h
    }
}

/// Feed `bytes` into an FNV-1a state.
pub fn fnv1a_extend(mut state: u32, bytes: &[u8]) -> u32 {
    for &byte in bytes {
        state ^= u32::from(byte);
        state = state.wrapping_mul(FNV_PRIME);
    }
    state
}

/// A number's decimal digits, on the stack: no string per key.
pub struct Decimal {
    digits: [u8; 20],
    start: usize,
}

impl Decimal {
    pub fn of(number: u64) -> Decimal {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        let mut rest = number;
        loop {
            start -= 1;
            digits[start] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        Decimal { digits, start }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }
}

/// Hashes many strings that share a prefix and end in a decimal number,
/// such as `key-17` or `alpha#3`, without building any string.
#[derive(Clone, Copy, Debug)]
pub struct NumberedNames<'a> {
    prefix_state: u32,
    /// What follows the number (`.jpg` in `/img/{i}.jpg`); usually nothing.
    suffix: &'a [u8],
    kind: HashKind,
}

impl NumberedNames<'static> {
    pub fn new(prefix: &str, kind: HashKind) -> Self {
        NumberedNames::around(prefix.as_bytes(), &[], kind)
    }
}

impl<'a> NumberedNames<'a> {
    /// Names `prefix`, the number, then `suffix`.
    pub fn around(prefix: &[u8], suffix: &'a [u8], kind: HashKind) -> Self {
        NumberedNames {
            prefix_state: fnv1a_extend(FNV_OFFSET, prefix),
            suffix,
            kind,
        }
    }

    /// Hash of the prefix, `number` in decimal (no padding) and the suffix.
    pub fn hash(&self, number: u64) -> u32 {
        let digits = Decimal::of(number);
        let state = fnv1a_extend(self.prefix_state, digits.bytes());
        self.kind.finish(fnv1a_extend(state, self.suffix))
    }
}

impl NumberedNames<'_> {
    /// Hashes of `first`, `first+1`, … `first+count-1`, like `hash` but
    /// without redoing shared work: the numbers come in runs of up to ten
    /// that differ only in their last digit, so the prefix and the leading
    /// digits are fed once per run and each number costs one FNV step and
    /// the finish, with no chain from one number to the next.
    pub fn hash_range(&self, first: u64, count: u64) -> Vec<u32> {
        let mut hashes = Vec::with_capacity(count as usize);
        let mut number = first;
        let mut remaining = count;
        while remaining > 0 {
            // The state after every digit but the last ("key-1" for key-10 … key-19);
            // a one-digit number has only the prefix before it.
            let tens = number / 10;
            let before_last = if tens == 0 {
                self.prefix_state
            } else {
                fnv1a_extend(self.prefix_state, Decimal::of(tens).bytes())
            };
            let from = number % 10;
            let run = (10 - from).min(remaining);
            hashes.extend((from..from + run).map(|digit| {
                let state = (before_last ^ u32::from(b'0' + digit as u8)).wrapping_mul(FNV_PRIME);
                // Most templates end with the number: no call per key for
                // an empty suffix (in wasm it measured 30% of the hashing).
                let state = if self.suffix.is_empty() {
                    state
                } else {
                    fnv1a_extend(state, self.suffix)
                };
                self.kind.finish(state)
            }));
            remaining -= run;
            // Wraps only after the last number, u64::MAX, has been hashed.
            number = number.wrapping_add(run);
        }
        hashes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_published_vectors() {
        // Test vectors from the FNV reference (Fowler, Noll, Vo).
        assert_eq!(HashKind::Fnv1a.hash(b""), 0x811C_9DC5);
        assert_eq!(HashKind::Fnv1a.hash(b"a"), 0xE40C_292C);
        assert_eq!(HashKind::Fnv1a.hash(b"foobar"), 0xBF9C_F968);
    }

    #[test]
    fn murmur_finalizer_matches_fmix32() {
        // fmix32(0) is 0 and fmix32 is a bijection; check a value worked by hand
        // from the reference constants.
        assert_eq!(HashKind::Fnv1aMurmur.finish(0), 0);
        let h: u32 = 1;
        let mut m = h ^ (h >> 16);
        m = m.wrapping_mul(0x85EB_CA6B);
        m ^= m >> 13;
        m = m.wrapping_mul(0xC2B2_AE35);
        m ^= m >> 16;
        assert_eq!(HashKind::Fnv1aMurmur.finish(1), m);
        assert_eq!(m, 0x514E_28B7);
    }

    #[test]
    fn numbered_names_equal_hashing_the_whole_string() {
        for kind in HashKind::ALL {
            let names = NumberedNames::new("key-", kind);
            for number in [0u64, 7, 10, 99, 12345, u64::MAX] {
                let whole = format!("key-{number}");
                assert_eq!(names.hash(number), kind.hash(whole.as_bytes()), "{whole}");
            }
        }
    }

    #[test]
    fn hash_range_equals_hashing_each_number() {
        for kind in HashKind::ALL {
            let names = NumberedNames::new("key-", kind);
            for (first, count) in [
                (0u64, 1200u64),
                (95, 20),
                (999_990, 30),
                (7, 0),
                (u64::MAX - 3, 3),
                (u64::MAX - 12, 13),
            ] {
                let expected: Vec<u32> = (0..count).map(|i| names.hash(first + i)).collect();
                assert_eq!(names.hash_range(first, count), expected, "{first}+{count}");
            }
        }
    }

    #[test]
    fn ids_round_trip() {
        for kind in HashKind::ALL {
            assert_eq!(HashKind::from_id(kind.id()), Some(kind));
        }
        assert_eq!(HashKind::from_id("md5"), None);
    }
}
