//! The hashes deployed systems use (DEFINITIONS §13, §15), each written from its
//! definition and checked against the published values in the tests.

/// CRC-32/IEEE, as zlib computes it: nginx, groupcache.
pub const CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// One MD5 digest. Not inlined: MD5's 64 unrolled steps are kilobytes of
/// code, and the page should carry them once.
#[inline(never)]
pub fn md5(bytes: &[u8]) -> [u8; 16] {
    md5::compute(bytes).0
}

/// Word `j` (0 … 3) of an MD5 digest: bytes 4j … 4j+3, little-endian.
/// libketama's key position: word 0 of the key's MD5.
pub fn ketama_key(bytes: &[u8]) -> u32 {
    md5_word(&md5(bytes), 0)
}

/// CRC-32 (IEEE), groupcache's and nginx's hash of a key.
pub fn crc32(bytes: &[u8]) -> u32 {
    CRC32.checksum(bytes)
}

pub fn md5_word(digest: &[u8; 16], j: usize) -> u32 {
    u32::from_le_bytes([
        digest[4 * j],
        digest[4 * j + 1],
        digest[4 * j + 2],
        digest[4 * j + 3],
    ])
}

const P1: u64 = 0x9E37_79B1_85EB_CA87;
const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P3: u64 = 0x1656_67B1_9E37_79F9;
const P4: u64 = 0x85EB_CA77_C2B2_AE63;
const P5: u64 = 0x27D4_EB2F_1656_67C5;

fn xxh_round(acc: u64, input: u64) -> u64 {
    acc.wrapping_add(input.wrapping_mul(P2))
        .rotate_left(31)
        .wrapping_mul(P1)
}

fn xxh_merge(acc: u64, value: u64) -> u64 {
    (acc ^ xxh_round(0, value))
        .wrapping_mul(P1)
        .wrapping_add(P4)
}

fn le64(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

fn le32(bytes: &[u8]) -> u64 {
    u64::from(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// The classic 64-bit xxHash (XXH64), as Envoy hashes hosts and keys.
pub fn xxh64(input: &[u8], seed: u64) -> u64 {
    let mut rest = input;
    let mut hash = if input.len() >= 32 {
        let mut lanes = [
            seed.wrapping_add(P1).wrapping_add(P2),
            seed.wrapping_add(P2),
            seed,
            seed.wrapping_sub(P1),
        ];
        while rest.len() >= 32 {
            for (lane, word) in lanes.iter_mut().zip(rest.chunks_exact(8)) {
                *lane = xxh_round(*lane, le64(word));
            }
            rest = &rest[32..];
        }
        let [a, b, c, d] = lanes;
        let mut hash = a
            .rotate_left(1)
            .wrapping_add(b.rotate_left(7))
            .wrapping_add(c.rotate_left(12))
            .wrapping_add(d.rotate_left(18));
        for lane in lanes {
            hash = xxh_merge(hash, lane);
        }
        hash
    } else {
        seed.wrapping_add(P5)
    };
    hash = hash.wrapping_add(input.len() as u64);
    while rest.len() >= 8 {
        hash ^= xxh_round(0, le64(rest));
        hash = hash.rotate_left(27).wrapping_mul(P1).wrapping_add(P4);
        rest = &rest[8..];
    }
    if rest.len() >= 4 {
        hash ^= le32(rest).wrapping_mul(P1);
        hash = hash.rotate_left(23).wrapping_mul(P2).wrapping_add(P3);
        rest = &rest[4..];
    }
    for &byte in rest {
        hash ^= u64::from(byte).wrapping_mul(P5);
        hash = hash.rotate_left(11).wrapping_mul(P1);
    }
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(P2);
    hash ^= hash >> 29;
    hash = hash.wrapping_mul(P3);
    hash ^ (hash >> 32)
}

/// HAProxy's default key hash, sdbm (hash.c).
pub fn sdbm(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |hash, &byte| {
        u32::from(byte)
            .wrapping_add(hash << 6)
            .wrapping_add(hash << 16)
            .wrapping_sub(hash)
    })
}

/// HAProxy's avalanche, applied to every key hash and node (lb_chash.c): a
/// bijection of u32.
pub fn full_hash(a: u32) -> u32 {
    let mut a = a;
    a = a.wrapping_add(0x7ed5_5d16).wrapping_add(a << 12);
    a = (a ^ 0xc761_c23c) ^ (a >> 19);
    a = a.wrapping_add(0x1656_67b1).wrapping_add(a << 5);
    a = a.wrapping_add(0xd3a2_646c) ^ (a << 9);
    a = a.wrapping_add(0xfd70_46c5).wrapping_add(a << 3);
    a = (a ^ 0xb55a_4f09) ^ (a >> 16);
    a.wrapping_mul(3_221_225_473)
}

/// twemproxy's `fnv1a_64` as nc_fnv.c computes it: the 64-bit constants cut
/// to 32 bits, each byte read as a signed char.
pub fn twemproxy_fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x8422_2325u32, |hash, &byte| {
        let signed = if byte < 0x80 {
            u32::from(byte)
        } else {
            u32::from(byte) | 0xFFFF_FF00
        };
        (hash ^ signed).wrapping_mul(0x1B3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_hash_gives_its_published_values() {
        assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
        assert_eq!(xxh64(b"abc", 0), 0x44BC_2CF5_AD77_0999);
        assert_eq!(xxh64(b"key-0", 0), 1_358_662_563_146_998_643);
        assert_eq!(CRC32.checksum(b"123456789"), 0xCBF4_3926);
        assert_eq!(CRC32.checksum(b"key-0"), 2_045_480_940);
        assert_eq!(sdbm(b"/test-url"), 1_232_807_267);
        assert_eq!(full_hash(1_232_807_267), 620_454_955);
        assert_eq!(sdbm(b"key-0"), 4_206_784_514);
        assert_eq!(full_hash(4_206_784_514), 1_623_688_676);
        assert_eq!(twemproxy_fnv(b"apple"), 1_488_911_807);
        assert_eq!(twemproxy_fnv(b"key-0"), 2_515_697_753);
        assert_eq!(twemproxy_fnv(b"key-1"), 2_515_697_318);
        assert_eq!(md5_word(&md5(b"apple"), 0), 3_195_025_439);
    }

    #[test]
    fn xxh64_reads_every_length_as_the_reference_does() {
        // Lengths through each tail loop and the 32-byte stripes, seeds 0
        // and 1 (Maglev's skip): values from the reference xxHash
        // (Python's xxhash 3, which wraps it).
        let text = b"Nobody inspects the spammish repetition, twice over and over";
        let expected: [(usize, u64, u64); 7] = [
            (31, 13_952_398_685_785_675_660, 11_236_303_748_925_198_654),
            (32, 10_877_811_357_852_306_714, 794_076_397_898_915_297),
            (33, 10_916_526_079_754_797_441, 4_348_594_419_919_302_570),
            (39, 18_144_624_926_692_707_313, 4_896_579_671_221_947_830),
            (40, 17_481_105_299_760_589_704, 2_469_254_711_077_247_235),
            (44, 17_830_683_024_266_440_416, 15_744_868_053_479_933_750),
            (60, 6_424_819_558_852_786_382, 18_071_071_802_224_961_184),
        ];
        for (length, seed0, seed1) in expected {
            assert_eq!(xxh64(&text[..length], 0), seed0, "{length} bytes, seed 0");
            assert_eq!(xxh64(&text[..length], 1), seed1, "{length} bytes, seed 1");
        }
    }
}
