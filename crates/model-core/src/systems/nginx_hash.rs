//! nginx's `hash $key` without `consistent` (DEFINITIONS §15), "compatible with
//! Cache::Memcached": 15 bits of the key's CRC-32, modulo the total weight,
//! walked through the servers in list order. What the word `consistent` buys.

use super::groupcache::KEY_HASH;
use super::hashes::CRC32;
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, ByOwnHash, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct NginxHash;

/// The list with its weights, walked in order.
pub struct Walk {
    servers: Vec<(ServerId, u32)>,
    total: u32,
}

impl Walk {
    pub fn new(servers: &[Server], ids: &[ServerId]) -> Walk {
        Walk {
            servers: ids
                .iter()
                .zip(servers)
                .map(|(&id, s)| (id, s.weight))
                .collect(),
            total: servers.iter().map(|s| s.weight).sum(),
        }
    }
}

/// Tries before nginx gives a key to round robin: the first and 20 more.
pub const TRIES: u32 = 21;

impl Walk {
    /// The server a share of the total weight falls in, in list order.
    fn at_weight(&self, sum: u32) -> ServerId {
        let mut w = sum % self.total.max(1);
        for &(id, weight) in &self.servers {
            if w < weight {
                return id;
            }
            w -= weight;
        }
        self.servers[0].0
    }

    /// A key's server with the servers `down` still listed
    /// (`ngx_http_upstream_get_hash_peer`): each try adds 15 bits of a CRC-32
    /// to a running sum, the try's number written before the key from the
    /// second try on, over the total weight of every server, down or not.
    pub fn route_down(&self, key: &[u8], down: &[ServerId]) -> Routed {
        let mut sum = 0u32;
        for rehash in 0..TRIES {
            let mut digest = CRC32.digest();
            if rehash > 0 {
                digest.update(rehash.to_string().as_bytes());
            }
            digest.update(key);
            sum = sum.wrapping_add((digest.finalize() >> 16) & 0x7FFF);
            let server = self.at_weight(sum);
            if !down.contains(&server) {
                return Routed::To(server);
            }
        }
        Routed::RoundRobin
    }
}

impl ByOwnHash for Walk {
    fn key_hash(&self) -> KeyHash {
        KEY_HASH
    }

    fn owner_at(&self, crc: u64) -> ServerId {
        self.at_weight(((crc >> 16) & 0x7FFF) as u32)
    }

    /// The owner reads the CRC's bits 16 … 30 only: it can change only
    /// where they do, at the end of each run of 65,536 positions.
    fn breaks(&self) -> Vec<u64> {
        (1..=1u64 << 16).map(|run| (run << 16) - 1).collect()
    }
}

pub const ABOUT: About = About {
    id: PlacementId::NginxHash,
    title: "nginx without consistent",
    uses_weights: true,
    config: Some("hash $request_uri;"),
    down_rule: Some("A key whose server is down is hashed again, the try's number written before the key, up to 21 tries, always over the total weight of every server, down or not (ngx_http_upstream_hash_module.c); then round robin. So only the down server's keys move, while deleting its line changes the total and moves most keys."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    "The same hash line without the word consistent: 15 bits of the key's CRC-32, modulo the total weight, counted through the servers in list order. It is hash mod n in disguise, so a change of the list moves most keys.".to_string()
}

impl Scheme for NginxHash {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(OwnHashed {
            by_hash: Walk::new(&servers(context, pool), pool),
            names: context.settings.key_names(),
            holds: Holds::Names(pool.len()),
        })
    }

    fn route_down(
        &self,
        context: &Context,
        keys: &Keys,
        pool: &[ServerId],
        down: &[ServerId],
    ) -> Option<Vec<Routed>> {
        let walk = Walk::new(&servers(context, pool), pool);
        let names = context.settings.key_names();
        let routed = (0..keys.len())
            .map(|index| names.with_name(keys.key(index).number, |key| walk.route_down(key, down)))
            .collect();
        Some(routed)
    }
}
