//! nginx's `hash $key` without `consistent` (DEFINITIONS §15), "compatible with
//! Cache::Memcached": 15 bits of the key's CRC-32, modulo the total weight,
//! walked through the servers in list order. What the word `consistent` buys.

use super::groupcache::KEY_HASH;
use super::{servers, Server};
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

impl ByOwnHash for Walk {
    fn key_hash(&self) -> KeyHash {
        KEY_HASH
    }

    fn owner_at(&self, crc: u64) -> ServerId {
        let mut w = ((crc >> 16) & 0x7FFF) as u32 % self.total.max(1);
        for &(id, weight) in &self.servers {
            if w < weight {
                return id;
            }
            w -= weight;
        }
        self.servers[0].0
    }
}

pub const ABOUT: About = About {
    id: "nginx-hash",
    title: "nginx without consistent",
    uses_weights: true,
    config: Some("hash $request_uri;"),
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
}
