//! The stages of each hash a path shows, from the key's bytes to the
//! number its scheme or system starts from (DEFINITIONS §13).

use super::{hex, Builder, StepId};
use crate::format::thousands;
use crate::hash::{fnv1a_extend, HashKind};
use crate::in_use::InUse;
use crate::systems::hashes;

/// How a key's bytes become its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hashing {
    /// The page's hash menu: FNV-1a, then its finalizer if it has one.
    Page(HashKind),
    /// libketama: the first four bytes of MD5, little-endian.
    Md5,
    /// nginx and groupcache: CRC-32 (IEEE).
    Crc32,
    /// Envoy: XXH64 with seed 0, all 64 bits.
    Xxh64,
    /// twemproxy's `fnv1a_64`, cut to 32 bits.
    TwemproxyFnv,
    /// HAProxy: sdbm, then its avalanche.
    Haproxy,
}

impl Hashing {
    /// The hash of the ring in use: the menu's, or the client's own.
    pub fn of(in_use: InUse, hash: HashKind) -> Hashing {
        if !in_use.is_client() {
            return Hashing::Page(hash);
        }
        match in_use {
            InUse::Ketama => Hashing::Md5,
            InUse::Groupcache | InUse::Nginx => Hashing::Crc32,
            InUse::EnvoyRing => Hashing::Xxh64,
            InUse::Twemproxy => Hashing::TwemproxyFnv,
            InUse::Ring => Hashing::Page(hash),
        }
    }

    /// Bits in the number it gives.
    pub fn bits(self) -> u32 {
        if self == Hashing::Xxh64 {
            64
        } else {
            32
        }
    }

    /// Write each stage's line and step; the key's number, which the
    /// caller's `hash` step goes on the last line with.
    pub(crate) fn stages(self, b: &mut Builder, bytes: &[u8]) -> u64 {
        match self {
            Hashing::Page(kind) => page(b, kind, bytes),
            Hashing::Md5 => {
                let digest = hashes::md5(bytes);
                b.line("d ← MD5(bytes)").step(
                    StepId::Md5,
                    format!(
                        "MD5 gives 16 bytes: {}. ketama keeps the first four, {}, read little-endian.",
                        hex(&digest, " "),
                        hex(&digest[..4], " ")
                    ),
                    hex(&digest, ""),
                );
                // The caller's `hash` step is on this line: the four bytes as a number.
                b.line("h ← d[0] + d[1]·2⁸ + d[2]·2¹⁶ + d[3]·2²⁴");
                let word = hashes::md5_word(&digest, 0);
                u64::from(word)
            }
            Hashing::Crc32 => {
                let crc = hashes::crc32(bytes);
                b.line("h ← CRC-32(bytes)").step(
                    StepId::Crc32,
                    format!(
                        "CRC-32 (IEEE, as zlib): the bytes divided as a polynomial, the remainder {}.",
                        thousands(u64::from(crc))
                    ),
                    crc.to_string(),
                );
                u64::from(crc)
            }
            Hashing::Xxh64 => {
                let hash = hashes::xxh64(bytes, 0);
                b.line("h ← XXH64(bytes, seed 0)").step(
                    StepId::Xxh64,
                    format!("XXH64 with seed 0, all 64 bits: {}.", thousands(hash)),
                    hash.to_string(),
                );
                hash
            }
            Hashing::TwemproxyFnv => {
                let hash = hashes::twemproxy_fnv(bytes);
                b.line("h ← 2,166,136,261; for each byte c: h ← (h XOR c) × 435").step(
                    StepId::TwemproxyFnv,
                    format!(
                        "twemproxy's fnv1a_64 keeps 32 bits and multiplies by 435 (its 64-bit prime cut short), each byte read as a signed char: {}.",
                        thousands(u64::from(hash))
                    ),
                    hash.to_string(),
                );
                u64::from(hash)
            }
            Hashing::Haproxy => {
                let sdbm = hashes::sdbm(bytes);
                b.line("h ← 0; for each byte c: h ← c + (h ≪ 6) + (h ≪ 16) − h")
                    .step(
                        StepId::Sdbm,
                        format!("sdbm, HAProxy's default: {}.", thousands(u64::from(sdbm))),
                        sdbm.to_string(),
                    );
                let full = hashes::full_hash(sdbm);
                b.line("h ← avalanche(h)").step(
                    StepId::Avalanche,
                    format!(
                        "Its avalanche (seven shifts and adds, then a multiply) scatters it to {}.",
                        thousands(u64::from(full))
                    ),
                    full.to_string(),
                );
                u64::from(full)
            }
        }
    }
}

/// The page's hashes: FNV-1a, then the finalizer.
fn page(b: &mut Builder, kind: HashKind, bytes: &[u8]) -> u64 {
    let fnv = fnv1a_extend(0x811C_9DC5, bytes);
    b.line("h ← 2,166,136,261; for each byte c: h ← (h XOR c) × 16,777,619")
        .step(
            StepId::Fnv1a,
            format!(
                "FNV-1a, from 2,166,136,261: for each byte, XOR it in, then multiply by 16,777,619 (mod 2\u{b3}\u{b2}). It ends at {}.",
                thousands(u64::from(fnv))
            ),
            fnv.to_string(),
        );
    if kind == HashKind::Fnv1a {
        return u64::from(fnv);
    }
    let position = kind.finish(fnv);
    let how = match kind {
        HashKind::Fnv1aMurmur => "MurmurHash3's fmix32 (shift, multiply, shift, multiply, shift)",
        _ => "two rounds of fold (XOR with a shift of itself) and multiply by the FNV prime, then a last fold",
    };
    b.line("h ← finalize(h)").step(
        StepId::Finalizer,
        format!(
            "The finalizer, {how}, scatters it to {}.",
            thousands(u64::from(position))
        ),
        position.to_string(),
    );
    u64::from(position)
}
