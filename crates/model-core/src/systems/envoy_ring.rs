//! Envoy's RING_HASH load balancer at its defaults (DEFINITIONS §15;
//! ring_hash_lb.cc), which gRPC's `ring_hash` shares: a ring of at least
//! 1,024 entries shared out by weight, XXH64 of `"{host}_{i}"`, the first
//! entry at or after XXH64 of the key. With equal weights every host gets
//! ceil(1024 / n) entries, so a join shrinks every old host's set.

use super::client_ring::{ClientRing, Tie};
use super::hashes::xxh64;
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct EnvoyRing;

/// Envoy's `minimum_ring_size` and `maximum_ring_size` defaults.
pub const MINIMUM: f64 = 1024.0;
pub const MAXIMUM: f64 = 8_388_608.0;

/// A key's position: XXH64 with seed 0 (Maglev reads the same).
pub const KEY_HASH: KeyHash = KeyHash {
    id: "xxh64",
    bits: 64,
    hash: |name| xxh64(name, 0),
};

/// Each server's entries on a ring sized between `minimum` and `maximum`,
/// in list order: running sums of weight × scale, a host taking entries
/// while the count is below its sum.
pub fn server_points(servers: &[Server], minimum: f64, maximum: f64) -> Vec<Vec<u64>> {
    let total: f64 = servers.iter().map(|s| f64::from(s.weight)).sum();
    let shares: Vec<f64> = servers
        .iter()
        .map(|s| f64::from(s.weight) * 1.0 / total)
        .collect();
    let smallest = shares.iter().copied().fold(1.0, f64::min);
    let scale = ((smallest * minimum).ceil() / smallest).min(maximum);
    let mut current = 0.0;
    let mut target = 0.0;
    servers
        .iter()
        .zip(&shares)
        .map(|(server, share)| {
            target += scale * share;
            let mut points = Vec::new();
            while current < target {
                let name = format!("{}_{}", server.name, points.len());
                points.push(xxh64(name.as_bytes(), 0));
                current += 1.0;
            }
            points
        })
        .collect()
}

/// Envoy's ring on `servers` at the given ring sizes, owned by `ids`, with
/// its count of entries.
pub fn ring(
    servers: &[Server],
    ids: &[ServerId],
    minimum: f64,
    maximum: f64,
) -> (ClientRing, usize) {
    let points = server_points(servers, minimum, maximum);
    let entries = points.iter().map(Vec::len).sum();
    // Equal 64-bit hashes have no defined order in Envoy (std::sort); they
    // do not occur.
    (
        ClientRing::new(ids, points, KEY_HASH, Tie::Earlier),
        entries,
    )
}

pub const ABOUT: About = About {
    id: PlacementId::EnvoyRing,
    title: "Envoy ring hash (and gRPC)",
    uses_weights: true,
    config: Some("lb_policy: RING_HASH"),
    down_rule: Some("Unhealthy hosts are left out when the ring is built, unless fewer than half the hosts are healthy (the panic threshold, 50% by default): then every host is used and keys still go to unhealthy ones (load_balancer_impl.cc)."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    "Envoy builds a ring of at least 1,024 entries, XXH64 of \"host_0\", \"host_1\" …, shared out by weight: with n equal hosts each gets 1,024 ÷ n rounded up. A join shrinks every old host's share of the ring, so keys move between hosts that stay.".to_string()
}

impl Scheme for EnvoyRing {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let (ring, entries) = ring(&servers(context, pool), pool, MINIMUM, MAXIMUM);
        Box::new(OwnHashed {
            by_hash: ring,
            names: context.settings.key_names(),
            holds: Holds::RingEntries(entries),
        })
    }

    fn route_down(
        &self,
        context: &Context,
        keys: &Keys,
        pool: &[ServerId],
        down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        super::envoy_route_down(self, context, keys, pool, down)
    }
}
