//! Rendezvous (highest random weight) hashing: every server scores every
//! key and the highest score wins. Nothing to store but the names; every
//! lookup scores the whole pool.

use super::{mix64, Context, Holds, Placement, Scheme};
use crate::model::keys::Key;
use crate::model::ring::ServerId;
use crate::model::settings::Settings;

pub struct Rendezvous;

impl Scheme for Rendezvous {
    fn id(&self) -> &'static str {
        "rendezvous"
    }

    fn title(&self) -> &'static str {
        "Rendezvous (highest random weight)"
    }

    fn explain(&self, _settings: &Settings) -> String {
        "Every server scores the key by hashing the pair; the highest score wins. Only the names to store and only the changed server's keys move, but a lookup scores all n servers. Used in Microsoft's CARP web caches and in GitHub's load balancer.".to_string()
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let hash = context.settings.hash;
        // Sorted by name, so that among equal scores the first seen wins.
        let mut servers: Vec<(ServerId, u64)> = pool
            .iter()
            .map(|&server| {
                let name = &context.names[usize::from(server)];
                (server, u64::from(hash.hash(name.as_bytes())))
            })
            .collect();
        servers
            .sort_by(|a, b| context.names[usize::from(a.0)].cmp(&context.names[usize::from(b.0)]));
        Box::new(RendezvousPlacement { servers })
    }
}

struct RendezvousPlacement {
    /// Each server with the hash of its name, in name order.
    servers: Vec<(ServerId, u64)>,
}

impl Placement for RendezvousPlacement {
    fn owner(&self, key: Key) -> ServerId {
        let high = u64::from(key.hash) << 32;
        let mut best = (self.servers[0].0, mix64(high | self.servers[0].1));
        for &(server, name_hash) in &self.servers[1..] {
            let score = mix64(high | name_hash);
            if score > best.1 {
                best = (server, score);
            }
        }
        best.0
    }

    fn holds(&self) -> Holds {
        Holds::Names(self.servers.len())
    }
}
