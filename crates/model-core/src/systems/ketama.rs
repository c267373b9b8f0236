//! libketama's ring (DEFINITIONS §13, corrected in §15), as libmemcached's KETAMA
//! mode, spymemcached and Couchbase's memcached buckets compute it: MD5
//! digests of `"{server}-{r}"`, four points from each, weights sharing 40
//! digests per server among the pool in libketama's own floating point.

use super::client_ring::{ClientRing, Tie};
use super::hashes::{ketama_key, md5, md5_word};
use super::{servers, Server};
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, ByOwnHash, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct Ketama;

/// A key's position: word 0 of its MD5.
pub const KEY_HASH: KeyHash = KeyHash {
    id: "md5",
    bits: 32,
    hash: |name| u64::from(ketama_key(name)),
};

/// The points of `server` when it gets `digests` digests.
pub fn server_points(server: &str, digests: u32) -> Vec<u64> {
    (0..digests)
        .flat_map(|r| {
            let digest = md5(format!("{server}-{r}").as_bytes());
            (0..4).map(move |j| u64::from(md5_word(&digest, j)))
        })
        .collect()
}

/// Digests for a server of weight `weight` in a pool of `count` servers
/// whose weights sum to `total`, as ketama.c computes it: the share in
/// binary32, times 40 and the count in binary64, rounded to binary32 by
/// `floorf`'s parameter, then floored. It falls one short of the exact
/// fraction where that is a whole number binary32 rounds below.
pub fn digests_for(weight: u32, total: u32, count: u32) -> u32 {
    let share = weight as f32 / total as f32;
    let product = f64::from(share) * 40.0 * f64::from(count as f32);
    (product as f32).floor() as u32
}

pub const ABOUT: About = About {
    id: PlacementId::Ketama,
    title: "libketama (memcached clients)",
    uses_weights: true,
    config: Some("libmemcached: MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED"),
    down_rule: Some("A libketama client rebuilds its continuum without a server it cannot reach, so down is the same as deleted."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    "What libketama, libmemcached, spymemcached and Couchbase's memcached buckets compute: MD5 of \"server-0\", \"server-1\" … gives four points per digest, 160 per server at equal weights, and a key goes to the first point at or after the first four bytes of its own MD5. Weights share 40 digests per server among the pool, so changing the pool can shift every server's count.".to_string()
}

/// libketama's ring on `servers`, its owners `ids`; `hashed` keeps each
/// server's points by its count of digests, so a server with the same count
/// on both sides of a change is hashed once.
pub fn ring(
    servers: &[Server],
    ids: &[ServerId],
    hashed: &mut Vec<(ServerId, u32, Vec<u64>)>,
) -> (ClientRing, usize) {
    let total: u32 = servers.iter().map(|s| s.weight).sum();
    let count = servers.len() as u32;
    let points: Vec<Vec<u64>> = servers
        .iter()
        .zip(ids)
        .map(|(server, &id)| {
            let digests = digests_for(server.weight, total, count);
            if let Some((_, _, points)) = hashed.iter().find(|(s, d, _)| *s == id && *d == digests)
            {
                return points.clone();
            }
            let points = server_points(server.name, digests);
            hashed.push((id, digests, points.clone()));
            points
        })
        .collect();
    // Every point counts, shared ones once per server.
    let entries = points.iter().map(Vec::len).sum();
    (
        ClientRing::new(ids, points, KEY_HASH, Tie::Earlier),
        entries,
    )
}

fn placement(
    context: &Context,
    pool: &[ServerId],
    hashed: &mut Vec<(ServerId, u32, Vec<u64>)>,
) -> Box<dyn Placement> {
    let (ring, entries) = ring(&servers(context, pool), pool, hashed);
    Box::new(OwnHashed {
        by_hash: ring,
        names: context.settings.key_names(),
        holds: Holds::RingEntries(entries),
    })
}

impl Scheme for Ketama {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        placement(context, pool, &mut Vec::new())
    }

    /// A server's points depend on nothing but its name and its count of
    /// digests: every server that stays, at equal weights, is hashed once.
    fn place_sides(
        &self,
        before: (&Context, &[ServerId]),
        after: (&Context, &[ServerId]),
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        let mut hashed = Vec::new();
        let placed_before = placement(before.0, before.1, &mut hashed);
        (placed_before, placement(after.0, after.1, &mut hashed))
    }
}

/// The owner of `key` on a ring: for the vectors' tests.
pub fn owner(ring: &ClientRing, key: &[u8]) -> ServerId {
    ring.owner_at((KEY_HASH.hash)(key))
}
