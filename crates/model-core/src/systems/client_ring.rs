//! The ring as deployed clients build it (DEFINITIONS §13, §15): points hashed
//! from the server names by the system's own hash, a key's own hash, the
//! first point at or after it, wrapping. Shared by every ring-shaped system
//! but HAProxy's, which picks the nearest point instead.

use crate::ring::ServerId;
use crate::schemes::{ByOwnHash, KeyHash};

/// Of two servers on one point, which keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// The server earlier in the list: a stable sort, then a search that
    /// stops on the first of an equal run (libketama, nginx, twemproxy).
    Earlier,
    /// The later: each point written into a map, the later over the
    /// earlier (groupcache).
    Later,
}

/// Sorted points, one server each.
pub struct ClientRing {
    points: Vec<(u64, ServerId)>,
    key_hash: KeyHash,
}

impl ClientRing {
    /// `points[i]` are the points of `pool[i]`; of equal points, `tie` says
    /// which server keeps it.
    pub fn new(
        pool: &[ServerId],
        points: Vec<Vec<u64>>,
        key_hash: KeyHash,
        tie: Tie,
    ) -> ClientRing {
        let mut listed: Vec<(u64, usize)> = points
            .iter()
            .enumerate()
            .flat_map(|(index, server_points)| server_points.iter().map(move |&p| (p, index)))
            .collect();
        listed.sort_unstable();
        let mut kept: Vec<(u64, ServerId)> = Vec::with_capacity(listed.len());
        for (point, index) in listed {
            match kept.last_mut() {
                Some(last) if last.0 == point => {
                    if tie == Tie::Later {
                        last.1 = pool[index];
                    }
                }
                _ => kept.push((point, pool[index])),
            }
        }
        ClientRing {
            points: kept,
            key_hash,
        }
    }

    /// The points kept, sorted, with their servers.
    pub fn points(&self) -> &[(u64, ServerId)] {
        &self.points
    }

    /// Each server's exact share of a circle of `space` positions, indexed
    /// by `ServerId` up to `servers`: a point owns the arc from the point
    /// before it (exclusive) to itself, the first one the wrap as well.
    pub fn shares(&self, space: f64, servers: usize) -> Vec<f64> {
        let mut shares = vec![0.0; servers];
        let mut previous = self.points.last().map_or(0.0, |&(p, _)| p as f64 - space);
        for &(point, owner) in &self.points {
            shares[usize::from(owner)] += (point as f64 - previous) / space;
            previous = point as f64;
        }
        shares
    }

    /// The share of a circle of `space` positions whose owner differs
    /// between `before` and `after` while both owners are `staying`: the arcs
    /// handed from one staying server to another.
    pub fn share_between(
        before: &ClientRing,
        after: &ClientRing,
        staying: impl Fn(ServerId) -> bool,
        space: f64,
    ) -> f64 {
        // Between consecutive points of either ring, both owners are fixed:
        // each is the owner of the interval's upper end. Both lists are
        // sorted, so one merge visits every end in order.
        let (a, b) = (&before.points, &after.points);
        let last = match (a.last(), b.last()) {
            (Some(x), Some(y)) => x.0.max(y.0),
            _ => return 0.0,
        };
        let mut previous = last as f64 - space;
        let mut between = 0.0;
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let end = match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) => x.0.min(y.0),
                (Some(x), None) => x.0,
                (None, Some(y)) => y.0,
                (None, None) => break,
            };
            // Ring ends at or before `end` are passed; the owners of
            // (previous, end] are the next points at or after `end`.
            let (from, to) = (a[i % a.len()].1, b[j % b.len()].1);
            if from != to && staying(from) && staying(to) {
                between += end as f64 - previous;
            }
            previous = end as f64;
            while i < a.len() && a[i].0 == end {
                i += 1;
            }
            while j < b.len() && b[j].0 == end {
                j += 1;
            }
        }
        between / space
    }
}

impl ByOwnHash for ClientRing {
    fn key_hash(&self) -> KeyHash {
        self.key_hash
    }

    fn owner_at(&self, position: u64) -> ServerId {
        let index = self.points.partition_point(|&(point, _)| point < position);
        self.points[index % self.points.len()].1
    }

    fn points(&self) -> Vec<(u64, ServerId)> {
        self.points.clone()
    }
}
