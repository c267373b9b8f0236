//! Envoy's MAGLEV load balancer at its defaults (DEFINITIONS §15; maglev_lb.cc):
//! a table of 65,537 rows filled by each host's permutation in turn, hosts
//! sorted by name, a host of smaller weight skipping its turn; a key goes to
//! the row at XXH64 of the key modulo the table's size.

use super::envoy_ring::KEY_HASH;
use super::hashes::xxh64;
use super::{servers, Server};
use crate::down::Routed;
use crate::keys::Keys;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::schemes::{About, ByOwnHash, Context, Holds, KeyHash, OwnHashed, Placement, Scheme};
use crate::settings::Settings;

pub struct EnvoyMaglev;

/// Envoy's default table size, a prime.
pub const TABLE_SIZE: u64 = 65_537;

/// The lookup table.
pub struct Table {
    rows: Vec<ServerId>,
}

impl Table {
    /// The table of `size` rows for `servers`, owned by `ids`.
    pub fn new(servers: &[Server], ids: &[ServerId], size: u64) -> Table {
        let total: f64 = servers.iter().map(|s| f64::from(s.weight)).sum();
        let mut hosts: Vec<Host> = servers
            .iter()
            .zip(ids)
            .map(|(server, &id)| Host {
                id,
                name: server.name,
                offset: xxh64(server.name.as_bytes(), 0) % size,
                skip: xxh64(server.name.as_bytes(), 1) % (size - 1) + 1,
                weight: f64::from(server.weight) / total,
                next: 0,
                target: 0.0,
            })
            .collect();
        // List order does not matter: hosts are taken by name.
        hosts.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        let heaviest = hosts.iter().map(|h| h.weight).fold(0.0, f64::max);
        let mut rows: Vec<Option<ServerId>> = vec![None; size as usize];
        let mut filled = 0u64;
        let mut iteration = 1u64;
        while filled < size && !hosts.is_empty() {
            for host in hosts.iter_mut() {
                if filled == size {
                    break;
                }
                if (iteration as f64) * host.weight < host.target {
                    continue;
                }
                host.target += heaviest;
                let mut row = host.row(size);
                while rows[row].is_some() {
                    host.next += 1;
                    row = host.row(size);
                }
                rows[row] = Some(host.id);
                host.next += 1;
                filled += 1;
            }
            iteration += 1;
        }
        Table {
            rows: rows.into_iter().flatten().collect(),
        }
    }

    pub fn rows(&self) -> &[ServerId] {
        &self.rows
    }
}

/// One host while the table fills.
struct Host<'a> {
    id: ServerId,
    name: &'a str,
    offset: u64,
    skip: u64,
    weight: f64,
    next: u64,
    target: f64,
}

impl Host<'_> {
    fn row(&self, size: u64) -> usize {
        ((self.offset + self.skip * self.next) % size) as usize
    }
}

impl ByOwnHash for Table {
    fn key_hash(&self) -> KeyHash {
        KEY_HASH
    }

    fn owner_at(&self, position: u64) -> ServerId {
        self.rows[(position % self.rows.len() as u64) as usize]
    }

    fn rows(&self) -> Option<&[ServerId]> {
        Some(&self.rows)
    }
}

pub const ABOUT: About = About {
    id: PlacementId::EnvoyMaglev,
    title: "Envoy Maglev",
    uses_weights: true,
    config: Some("lb_policy: MAGLEV"),
    down_rule: Some("Unhealthy hosts are left out when the table is filled, unless fewer than half the hosts are healthy (the panic threshold, 50% by default): then every host is used and keys still go to unhealthy ones (load_balancer_impl.cc)."),
    explain,
};

fn explain(_settings: &Settings) -> String {
    "Envoy's Maglev fills a table of 65,537 rows, each host in turn claiming the next free row of its own permutation, hosts taken by name so the list's order does not matter. A key's row is its XXH64 modulo 65,537. A change moves close to the minimum, and a few rows pass between hosts that stay.".to_string()
}

impl Scheme for EnvoyMaglev {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        let table = Table::new(&servers(context, pool), pool, TABLE_SIZE);
        let rows = table.rows.len();
        Box::new(OwnHashed {
            by_hash: table,
            names: context.settings.key_names(),
            holds: Holds::TableRows(rows),
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
