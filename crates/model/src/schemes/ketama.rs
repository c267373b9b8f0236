//! libketama's ring (SPEC §13), as libmemcached's KETAMA mode, spymemcached
//! and Couchbase's memcached buckets compute it: MD5 digests of
//! `"{server}-{r}"`, four points from each, weights sharing 40 digests per
//! server among the pool.

use super::client_ring::ClientRing;
use super::{About, Context, Placement, Scheme};
use crate::ring::ServerId;
use crate::settings::Settings;

/// Digests per server at equal weights; each gives four points.
const DIGESTS_PER_SERVER: u64 = 40;

pub struct Ketama;

/// One MD5 digest. Not inlined: MD5's 64 unrolled steps are kilobytes of
/// code, and the page should carry them once.
#[inline(never)]
fn md5_digest(bytes: &[u8]) -> [u8; 16] {
    md5::compute(bytes).0
}

/// MD5's first four bytes, little-endian: a key's position.
pub fn key_position(name: &[u8]) -> u32 {
    let digest = md5_digest(name);
    u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// The points of `server` when it gets `digests` digests.
pub fn server_points(server: &str, digests: u64) -> Vec<u32> {
    (0..digests)
        .flat_map(|r| {
            let digest = md5_digest(format!("{server}-{r}").as_bytes());
            (0..4).map(move |j| {
                u32::from_le_bytes([
                    digest[4 * j],
                    digest[4 * j + 1],
                    digest[4 * j + 2],
                    digest[4 * j + 3],
                ])
            })
        })
        .collect()
}

/// Digests for a server of weight `weight` in a pool of `count` servers
/// whose weights sum to `total`: floor(weight ÷ total × 40 × count),
/// computed exactly in whole numbers.
pub fn digests_for(weight: u64, total: u64, count: u64) -> u64 {
    weight * DIGESTS_PER_SERVER * count / total
}

/// What the page says about it.
pub const ABOUT: About = About {
    id: "ketama",
    title: "Ketama (memcached clients)",
    uses_weights: true,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    "What libmemcached, spymemcached and Couchbase's memcached buckets compute, bit for bit: MD5 of \"server-0\", \"server-1\" … gives four points per digest, 160 per server at equal weights, and a key goes to the first point at or after the first four bytes of its own MD5. Weights share 40 digests per server among the pool, so changing the pool can shift every server's count.".to_string()
}

impl Scheme for Ketama {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        client_ring(context, pool, &mut Vec::new())
    }

    /// A server's points depend on nothing but its name and its count of
    /// digests, so a server with the same count on both sides of the change
    /// (every server that stays, at equal weights) is hashed once: the
    /// largest pool's set-up was some 7 ms of MD5 in one piece, half of it
    /// done twice.
    fn place_pair(
        &self,
        context: &Context,
        before: &[ServerId],
        after: &[ServerId],
    ) -> (Box<dyn Placement>, Box<dyn Placement>) {
        let mut hashed = Vec::new();
        let before = client_ring(context, before, &mut hashed);
        (before, client_ring(context, after, &mut hashed))
    }
}

/// Each server's points hashed already: the server, its digests, its points.
type Hashed = Vec<(ServerId, u64, Vec<u32>)>;

/// libketama's ring on `pool`, taking a server's points from `hashed`
/// where they are there for its count of digests, and adding those it hashes.
fn client_ring(context: &Context, pool: &[ServerId], hashed: &mut Hashed) -> Box<dyn Placement> {
    let weights: Vec<u64> = pool
        .iter()
        .map(|&id| u64::from(context.weights.get(usize::from(id)).copied().unwrap_or(1)))
        .collect();
    let total: u64 = weights.iter().sum();
    let count = pool.len() as u64;
    let points = pool
        .iter()
        .zip(&weights)
        .map(|(&id, &weight)| {
            let digests = digests_for(weight, total, count);
            if let Some((_, _, points)) = hashed
                .iter()
                .find(|(server, known, _)| *server == id && *known == digests)
            {
                return points.clone();
            }
            let points = server_points(&context.names[usize::from(id)], digests);
            hashed.push((id, digests, points.clone()));
            points
        })
        .collect();
    Box::new(ClientRing::new(
        pool,
        points,
        key_position,
        context.settings.keyname,
    ))
}
