//! twemproxy (nutcracker) at its defaults, `distribution: ketama` and
//! `hash: fnv1a_64` (DEFINITIONS §15; nc_ketama.c, nc_fnv.c, nc_conf.c): libketama's
//! layout with the port left out when it is 11211, its own count of points
//! in binary32, and a key hash that barely mixes.

use super::client_ring::{ClientRing, Tie};
use super::hashes::{md5, md5_word, twemproxy_fnv};
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct Twemproxy;

/// A key's position: `fnv1a_64` as nutcracker computes it (32 bits).
pub const KEY_HASH: KeyHash = KeyHash {
    id: "twemproxy-fnv",
    bits: 32,
    hash: |name| u64::from(twemproxy_fnv(name)),
};

/// The name nutcracker hashes: without ":11211", "for libmemcached".
pub fn hashed_name(server: &str) -> &str {
    match server.rsplit_once(':') {
        Some((host, "11211")) => host,
        _ => server,
    }
}

/// Points for a server of weight `weight` among `count` servers of total
/// weight `total`: nc_ketama.c's arithmetic, each step in binary32 but the
/// added 1e-10, a multiple of 4.
pub fn points_for(weight: u32, total: u32, count: u32) -> u32 {
    let share = weight as f32 / total as f32;
    let quarter = share * 160.0 / 4.0 * count as f32;
    let nudged = (f64::from(quarter) + 0.000_000_000_1) as f32;
    nudged.floor() as u32 * 4
}

/// twemproxy's ring on `servers`, owned by `ids`, keys hashed by `key_hash`
/// (`fnv1a_64` by default; MD5 makes it libmemcached's weighted ketama),
/// with its count of points.
pub fn ring(servers: &[Server], ids: &[ServerId], key_hash: KeyHash) -> (ClientRing, usize) {
    let total: u32 = servers.iter().map(|s| s.weight).sum();
    let count = servers.len() as u32;
    let points: Vec<Vec<u64>> = servers
        .iter()
        .map(|server| {
            let name = hashed_name(server.name);
            (0..points_for(server.weight, total, count) / 4)
                .flat_map(|d| {
                    let digest = md5(format!("{name}-{d}").as_bytes());
                    (0..4).map(move |j| u64::from(md5_word(&digest, j)))
                })
                .collect()
        })
        .collect();
    let entries = points.iter().map(Vec::len).sum();
    (
        ClientRing::new(ids, points, key_hash, Tie::Earlier),
        entries,
    )
}

pub const ABOUT: About = About {
    id: PlacementId::Twemproxy,
    title: "twemproxy (nutcracker)",
    uses_weights: true,
    config: Some("distribution: ketama, hash: fnv1a_64"),
    down_rule: Some("At its default, auto_eject_hosts: false, a dead server stays on the continuum and its keys fail. With auto_eject_hosts: true it is ejected after server_failure_limit failures and the continuum is rebuilt from the live servers (nc_ketama.c), the same as deleting it."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    "twemproxy lays out a memcached pool as libketama does, but leaves out memcached's default port when it hashes a server's name, and hashes keys with an FNV-1a cut to 32 bits whose multiplier, 435, barely mixes: keys that differ only at the end land a few hundred apart, so loads come in lumps.".to_string()
}

impl Scheme for Twemproxy {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let (ring, entries) = ring(&servers(context, pool), pool, KEY_HASH);
        Box::new(OwnHashed {
            by_hash: ring,
            names: context.settings.key_names(),
            holds: Holds::RingEntries(entries),
        })
    }

    /// At its default, `auto_eject_hosts: false`, nutcracker keeps a dead
    /// server on its continuum (`ketama_update` counts every server live),
    /// so that server's keys fail. With ejection it rebuilds the continuum
    /// from the live servers: the same as deleting their lines.
    fn route_down(
        &self,
        context: &Context,
        keys: &Keys,
        pool: &[ServerId],
        down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        Some(super::kept_placement(
            self,
            context,
            keys,
            pool,
            down,
            |_| Routed::Failed,
        ))
    }
}
