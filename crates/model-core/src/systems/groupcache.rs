//! Go groupcache's `consistenthash` at its default of 50 replicas (DEFINITIONS
//! §13): CRC-32 (IEEE) of the replica number followed by the server name,
//! and of the key itself.

use super::client_ring::{ClientRing, Tie};
use super::hashes::{crc32, CRC32};
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

/// groupcache's default replicas per server, whatever the points slider says.
pub const REPLICAS: u32 = 50;

pub struct Groupcache;

/// CRC-32/IEEE of a key's name: its position (nginx hashes keys alike).
pub const KEY_HASH: KeyHash = KeyHash {
    id: "crc32",
    bits: 32,
    hash: |name| u64::from(crc32(name)),
};

/// The points of `server`: CRC-32 of `"{r}{server}"`, r = 0 … 49.
pub fn server_points(server: &str) -> Vec<u64> {
    (0..REPLICAS)
        .map(|r| u64::from(CRC32.checksum(format!("{r}{server}").as_bytes())))
        .collect()
}

/// groupcache's ring on `pool`, servers named by `names` (indexed by id).
pub fn ring(names: &[String], pool: &[ServerId]) -> ClientRing {
    let points = pool
        .iter()
        .map(|&id| server_points(&names[usize::from(id)]))
        .collect();
    ClientRing::new(pool, points, KEY_HASH, Tie::Later)
}

pub const ABOUT: About = About {
    id: PlacementId::Groupcache,
    title: "groupcache (Go)",
    uses_weights: false,
    config: Some("consistenthash.New(50, nil)"),
    down_rule: Some("The application hands groupcache its list of peers; with a dead peer left out, the ring is built again without it, the same as deleting it."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    format!(
        "What Go's groupcache computes: {REPLICAS} points per server, each the CRC-32 of the replica number written before the server's name, and a key goes to the first point at or after the CRC-32 of its name. The points slider does not apply; nor do weights."
    )
}

impl Scheme for Groupcache {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let ring = ring(context.names, pool);
        let entries = ring.points().len();
        Box::new(OwnHashed {
            by_hash: ring,
            names: context.settings.key_names(),
            holds: Holds::RingEntries(entries),
        })
    }
}
