//! nginx's `hash $key consistent` (DEFINITIONS §15; ngx_http_upstream_hash_module.c):
//! each `server` line split into host and port as typed, 160 points per
//! unit of weight chained through CRC-32, the first point at or after the
//! CRC-32 of the key.

use super::client_ring::{ClientRing, Tie};
use super::groupcache::KEY_HASH;
use super::hashes::CRC32;
use super::nginx_hash::TRIES;
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{key_positions, About, Context, Holds, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct Nginx;

/// Points per unit of weight.
pub const POINTS_PER_WEIGHT: u32 = 160;

/// A server's text as nginx splits it: a `unix:` path is all host; else
/// the digits after the last colon are the port (possibly none).
pub fn split(server: &str) -> (&str, &str) {
    let bytes = server.as_bytes();
    if bytes.len() >= 5 && bytes[..5].eq_ignore_ascii_case(b"unix:") {
        return (&server[5..], "");
    }
    let digits = bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let colon = bytes.len() - digits;
    if colon > 0 && bytes[colon - 1] == b':' {
        (&server[..colon - 1], &server[colon..])
    } else {
        (server, "")
    }
}

/// The chain of a server's points: each the CRC-32 of host, a zero byte,
/// port and the previous point, little-endian.
pub fn server_points(server: &str, count: u32) -> Vec<u64> {
    let (host, port) = split(server);
    let mut previous = 0u32;
    (0..count)
        .map(|_| {
            let mut digest = CRC32.digest();
            digest.update(host.as_bytes());
            digest.update(&[0]);
            digest.update(port.as_bytes());
            digest.update(&previous.to_le_bytes());
            previous = digest.finalize();
            u64::from(previous)
        })
        .collect()
}

/// nginx's ring on `servers`, owned by `ids`; of equal points the earlier
/// server's is kept (a stable sort, then duplicates dropped).
pub fn ring(servers: &[Server], ids: &[ServerId]) -> ClientRing {
    let points = servers
        .iter()
        .map(|s| server_points(s.name, POINTS_PER_WEIGHT * s.weight))
        .collect();
    ClientRing::new(ids, points, KEY_HASH, Tie::Earlier)
}

pub const ABOUT: About = About {
    id: PlacementId::Nginx,
    title: "nginx",
    uses_weights: true,
    config: Some("hash $request_uri consistent;"),
    down_rule: Some("A key whose point belongs to a down server walks on to the next point, up to 21 points (ngx_http_upstream_hash_module.c); past them nginx falls back to round robin."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    format!("nginx hashes each server line exactly as typed, host and port apart: {POINTS_PER_WEIGHT} points per unit of weight, each the CRC-32 of the one before. So 10.0.0.1:8080 and cache1.local:8080 sit in different places even when they are the same machine.")
}

impl Scheme for Nginx {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let ring = ring(&servers(context, pool), pool);
        let entries = ring.points().len();
        Box::new(OwnHashed {
            by_hash: ring,
            names: context.settings.key_names(),
            holds: Holds::RingEntries(entries),
        })
    }

    /// `ngx_http_upstream_get_chash_peer`: from the key's point, each try
    /// takes the next point, until one's server is up; after 21 points,
    /// round robin.
    fn route_down(
        &self,
        context: &Context,
        keys: &Keys,
        pool: &[ServerId],
        down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        let ring = ring(&servers(context, pool), pool);
        let points = ring.points();
        let positions = key_positions(context, KEY_HASH, keys);
        let routed = positions
            .iter()
            .map(|&position| {
                let start = points.partition_point(|&(point, _)| point < position);
                (0..TRIES as usize)
                    .map(|step| points[(start + step) % points.len()].1)
                    .find(|server| !down.contains(server))
                    .map_or(Routed::RoundRobin, Routed::To)
            })
            .collect();
        Some(routed)
    }
}
