//! Maglev hashing (Eisenbud et al., NSDI 2016), Google's network load
//! balancer: servers take turns filling a prime-sized lookup table, each
//! along its own permutation of the rows. A lookup is one table read.

use std::sync::OnceLock;

use super::{mix64, About, Context, Holds, Placement, Scheme};
use crate::hash::HashKind;
use crate::keys::Key;
use crate::placement_id::PlacementId;
use crate::ring::ServerId;
use crate::settings::Settings;

/// Rows in the table: a prime, so every skip visits every row.
pub const TABLE_SIZE: usize = 65_537;

pub struct Maglev;

/// What the page says about it.
pub const ABOUT: About = About {
    id: PlacementId::Maglev,
    title: "Maglev",
    uses_weights: false,
    config: None,
    down_rule: None,
    explain,
};

/// How it places a key, what that costs, and where it is used.
fn explain(_settings: &Settings) -> String {
    format!(
        "Servers take turns claiming rows of a {}-row table, each along its own permutation; a key reads one row. Near-perfect balance and one memory read per lookup, at the price of building the table, and of rows that can change hands between servers that stay. Google's network load balancer.",
        crate::format::thousands(TABLE_SIZE as u64)
    )
}

impl Scheme for Maglev {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn place(&self, context: &Context, pool: &[ServerId]) -> Box<dyn Placement> {
        Box::new(MaglevPlacement {
            names: context.names.to_vec(),
            pool: pool.to_vec(),
            hash: context.settings.hash,
            rows: OnceLock::new(),
        })
    }
}

/// The table is filled on first use, not when placed.
struct MaglevPlacement {
    names: Vec<String>,
    pool: Vec<ServerId>,
    hash: HashKind,
    rows: OnceLock<Vec<ServerId>>,
}

impl MaglevPlacement {
    fn rows(&self) -> &[ServerId] {
        self.rows
            .get_or_init(|| table(&self.names, &self.pool, self.hash))
    }
}

impl Placement for MaglevPlacement {
    fn owner(&self, key: Key) -> ServerId {
        self.rows()[key.hash as usize % TABLE_SIZE]
    }

    fn holds(&self) -> Holds {
        Holds::TableRows(TABLE_SIZE)
    }

    fn table(&self) -> Option<&[ServerId]> {
        Some(self.rows())
    }
}

/// Fill the table: servers in list order take turns, each claiming the next
/// empty row of its sequence offset + j·skip (mod M) until none is left.
pub fn table(names: &[String], pool: &[ServerId], hash: HashKind) -> Vec<ServerId> {
    let m = TABLE_SIZE as u64;
    let sequences: Vec<(u64, u64)> = pool
        .iter()
        .map(|&server| {
            let x = mix64(u64::from(hash.hash(names[usize::from(server)].as_bytes())));
            let offset = (x & 0xFFFF_FFFF) % m;
            let skip = (x >> 32) % (m - 1) + 1;
            (offset, skip)
        })
        .collect();
    const EMPTY: ServerId = ServerId::MAX;
    let mut rows = vec![EMPTY; TABLE_SIZE];
    // Where each server's sequence stands: its next candidate row.
    let mut next: Vec<u64> = sequences.iter().map(|&(offset, _)| offset).collect();
    let mut filled = 0;
    'fill: loop {
        for (turn, &server) in pool.iter().enumerate() {
            let skip = sequences[turn].1;
            let mut row = next[turn];
            while rows[row as usize] != EMPTY {
                row = (row + skip) % m;
            }
            rows[row as usize] = server;
            next[turn] = (row + skip) % m;
            filled += 1;
            if filled == TABLE_SIZE {
                break 'fill;
            }
        }
    }
    rows
}
