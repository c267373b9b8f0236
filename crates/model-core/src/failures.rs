//! When servers fail (DEFINITIONS §8): where their keys go, how many copies
//! survive, the exact share of the ring each server holds, and how many
//! distinct replica sets the ring's walks produce (copysets).
//!
//! A key's walk goes clockwise from its position through the ring entries,
//! keeping each server the first time it appears; its replicas are the
//! first R servers of the walk, and when its first server is down it goes
//! to the first live server of the walk.

use super::keys::Keys;
use super::ring::{Ring, ServerId};
use super::schemes::mix64;
use super::sort::sort_by_high_bits;

/// Servers as a set of bits: a pool holds at most 50 servers.
type ServerSet = u64;

fn bit(server: ServerId) -> ServerSet {
    1 << server
}

/// Everything measured about some servers of the pool being down.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Failure {
    /// Replicas per key, R.
    pub replicas: usize,
    /// Keys whose first server is down.
    pub rerouted: usize,
    /// Per server id: keys it received from down servers.
    pub received: Vec<u32>,
    /// Keys whose R replicas are all down.
    pub no_live_copy: usize,
    /// Over the keys that still have a live copy, their down replicas: the
    /// copies repair must make again.
    pub copies_to_remake: usize,
    /// Rerouted keys whose new server was already one of their replicas.
    pub promoted_held_copy: usize,
    /// Keys whose first R servers are fewer than two distinct servers, so
    /// one failure could take every copy (only at R = 1 or a one-server ring).
    pub single_copy_keys: usize,
}

impl Failure {
    /// Survivors that received at least one key.
    pub fn receivers(&self) -> usize {
        self.received.iter().filter(|&&count| count > 0).count()
    }
}

/// Walk from entry `start`, calling `visit` with each server the first time
/// it appears, until `visit` returns false or every entry has been seen.
fn walk_servers(ring: &Ring, start: usize, mut visit: impl FnMut(ServerId) -> bool) {
    let entries = ring.entries();
    let mut seen: ServerSet = 0;
    for step in 0..entries.len() {
        let server = entries[(start + step) % entries.len()].server;
        if seen & bit(server) == 0 {
            seen |= bit(server);
            if !visit(server) {
                return;
            }
        }
    }
}

/// The first `count` distinct servers clockwise from `position`: a key's
/// replicas, in order (fewer when the ring has fewer servers).
pub fn replicas_of(ring: &Ring, position: u32, count: usize) -> Vec<ServerId> {
    let mut servers = Vec::with_capacity(count);
    if let Some(start) = ring.owner_index(position) {
        walk_servers(ring, start, |server| {
            servers.push(server);
            servers.len() < count
        });
    }
    servers
}

/// Measure the ring `ring` (the pool after the change) with `down` servers
/// failed and `replicas` copies per key. `server_count` sizes the per-server
/// vectors.
pub fn measure(
    ring: &Ring,
    keys: &Keys,
    down: &[ServerId],
    replicas: usize,
    server_count: usize,
) -> Failure {
    let mut failure = Failure::none(replicas, server_count);
    count_keys(ring, keys, down, &mut failure);
    failure
}

impl Failure {
    /// Nothing counted yet.
    pub fn none(replicas: usize, server_count: usize) -> Failure {
        Failure {
            replicas,
            rerouted: 0,
            received: vec![0; server_count],
            no_live_copy: 0,
            copies_to_remake: 0,
            promoted_held_copy: 0,
            single_copy_keys: 0,
        }
    }
}

/// Add every key's walk to `failure`.
fn count_keys(ring: &Ring, keys: &Keys, down: &[ServerId], failure: &mut Failure) {
    let replicas = failure.replicas;
    let down_set: ServerSet = down.iter().fold(0, |set, &server| set | bit(server));
    let is_down = |server: ServerId| down_set & bit(server) != 0;
    if ring.is_empty() {
        return;
    }
    for &position in &keys.hashes {
        let start = ring.owner_index(position).unwrap_or_default();
        let mut walked = 0usize;
        let mut down_replicas = 0usize;
        let mut first_live: Option<(ServerId, usize)> = None;
        // Walk until the replicas are known (and two servers, for the
        // single-failure count) and the first live server is found.
        let wanted = replicas.max(2);
        walk_servers(ring, start, |server| {
            if walked < replicas && is_down(server) {
                down_replicas += 1;
            }
            if first_live.is_none() && !is_down(server) {
                first_live = Some((server, walked));
            }
            walked += 1;
            walked < wanted || first_live.is_none()
        });
        failure.single_copy_keys += usize::from(walked.min(replicas.max(2)) < 2);
        let replicas_here = walked.min(replicas);
        if down_replicas == replicas_here {
            failure.no_live_copy += 1;
        } else {
            failure.copies_to_remake += down_replicas;
        }
        let owner = ring.entries()[start].server;
        if is_down(owner) {
            failure.rerouted += 1;
            if let Some((server, rank)) = first_live {
                failure.received[usize::from(server)] += 1;
                failure.promoted_held_copy += usize::from(rank < replicas);
            }
        }
    }
}

/// Each server's exact share of the ring: the arcs its entries claim, each
/// from the previous entry (exclusive) to the entry, over 2^32. A one-entry
/// ring gives its server everything. Summed in whole numbers, so the shares
/// add to exactly 2^32 before the division.
pub fn exact_shares(ring: &Ring, server_count: usize) -> Vec<f64> {
    let mut arcs = vec![0u64; server_count];
    let entries = ring.entries();
    let Some(last) = entries.last() else {
        return vec![0.0; server_count];
    };
    let mut previous = u64::from(last.position);
    for (index, entry) in entries.iter().enumerate() {
        let position = u64::from(entry.position);
        let arc = if index == 0 {
            position + (1 << 32) - previous
        } else {
            position - previous
        };
        arcs[usize::from(entry.server)] += arc;
        previous = position;
    }
    arcs.iter()
        .map(|&arc| arc as f64 / 4_294_967_296.0)
        .collect()
}

/// The distinct replica sets of R servers over the walks from every ring
/// entry, against the C(n, R) sets a failure of R servers could hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Copysets {
    pub distinct: usize,
    pub possible: u64,
}

impl Copysets {
    /// The share of R-server failures that lose some key.
    pub fn share(self) -> f64 {
        if self.possible == 0 {
            0.0
        } else {
            self.distinct as f64 / self.possible as f64
        }
    }
}

pub fn copysets(ring: &Ring, pool_size: usize, replicas: usize) -> Copysets {
    // Each set is spread by a bijection (fmix64), so equal sets stay equal
    // and distinct ones distinct, and the spread values suit the bucket sort
    // of the hot path: in the page's size-compiled wasm, a comparison sort
    // of the 25,000 sets at the largest settings took 8-12 ms, one slice.
    let mut spread: Vec<u64> = (0..ring.len())
        .map(|start| {
            let mut set: ServerSet = 0;
            let mut taken = 0;
            walk_servers(ring, start, |server| {
                set |= bit(server);
                taken += 1;
                taken < replicas
            });
            mix64(set)
        })
        .collect();
    sort_by_high_bits(&mut spread);
    spread.dedup();
    Copysets {
        distinct: spread.len(),
        possible: choose(pool_size as u64, replicas as u64),
    }
}

/// C(n, k), exact for the page's sizes (n ≤ 50, k ≤ 5).
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::Entry;

    fn ring(entries: &[(u32, ServerId)]) -> Ring {
        let names: Vec<String> = (0..4).map(|i| format!("s{i}")).collect();
        Ring::from_entries(
            entries
                .iter()
                .enumerate()
                .map(|(point, &(position, server))| Entry {
                    position,
                    server,
                    point: point as u16,
                })
                .collect(),
            &names,
        )
    }

    #[test]
    fn a_down_server_sends_each_key_to_the_next_live_one() {
        // s0 at 100, s1 at 200, s2 at 300; keys at 50 (s0), 150 (s1), 250 (s2).
        let r = ring(&[(100, 0), (200, 1), (300, 2)]);
        let keys = Keys::from_hashes(0, vec![50, 150, 250, 350]);
        let failure = measure(&r, &keys, &[0], 2, 4);
        // Keys at 50 and 350 belong to s0 and move on to s1.
        assert_eq!(failure.rerouted, 2);
        assert_eq!(failure.received, vec![0, 2, 0, 0]);
        // Replicas (R = 2): [s0 s1], [s1 s2], [s2 s0], [s0 s1]: three hold s0.
        assert_eq!(failure.copies_to_remake, 3);
        assert_eq!(failure.no_live_copy, 0);
        assert_eq!(failure.promoted_held_copy, 2);
        assert_eq!(replicas_of(&r, 250, 3), vec![2, 0, 1]);
        assert_eq!(replicas_of(&r, 350, 9), vec![0, 1, 2]);
        let both = measure(&r, &keys, &[0, 1], 2, 4);
        assert_eq!(both.no_live_copy, 2);
        assert_eq!(both.received, vec![0, 0, 3, 0]);
    }

    #[test]
    fn shares_are_arcs_and_add_to_one() {
        let r = ring(&[(1 << 30, 0), (1 << 31, 1), (3 << 30, 0)]);
        let shares = exact_shares(&r, 3);
        assert_eq!(shares, vec![0.75, 0.25, 0.0]);
        assert_eq!(exact_shares(&ring(&[(7, 2)]), 3), vec![0.0, 0.0, 1.0]);
    }

    #[test]
    fn copysets_count_distinct_replica_sets() {
        let r = ring(&[(10, 0), (20, 1), (30, 2), (40, 3)]);
        // Walks of 3: {0,1,2}, {1,2,3}, {2,3,0}, {3,0,1}: 4 of C(4,3) = 4.
        assert_eq!(
            copysets(&r, 4, 3),
            Copysets {
                distinct: 4,
                possible: 4
            }
        );
        assert_eq!(copysets(&r, 4, 2).distinct, 4);
        assert_eq!(choose(5, 3), 10);
        assert_eq!(choose(50, 5), 2_118_760);
    }
}
