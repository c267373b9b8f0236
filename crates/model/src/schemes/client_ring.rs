//! The ring as deployed clients build it (SPEC §13): points hashed from the
//! server names by the client's own hash, a key's own hash, the first point
//! at or after it, wrapping. Shared by `ketama` and `groupcache`, which
//! differ only in how they make points and hash keys.

use super::{Holds, Placement};
use crate::keyname::KeyName;
use crate::keys::Key;
use crate::ring::ServerId;

/// Sorted points, one server each.
pub struct ClientRing {
    points: Vec<(u32, ServerId)>,
    /// The client's hash of a key's name.
    hash_key: fn(&[u8]) -> u32,
    names: KeyName,
}

impl ClientRing {
    /// `points[i]` are the points of `pool[i]`. Two servers on one point:
    /// the one later in the list keeps it, as both clients do (a later
    /// server's point overwrites the earlier in their maps).
    pub fn new(
        pool: &[ServerId],
        points: Vec<Vec<u32>>,
        hash_key: fn(&[u8]) -> u32,
        names: KeyName,
    ) -> ClientRing {
        let mut listed: Vec<(u32, usize)> = points
            .iter()
            .enumerate()
            .flat_map(|(index, server_points)| server_points.iter().map(move |&p| (p, index)))
            .collect();
        listed.sort_unstable();
        // Of equal points, keep the last (the latest in the list).
        let mut kept: Vec<(u32, ServerId)> = Vec::with_capacity(listed.len());
        for (point, index) in listed {
            match kept.last_mut() {
                Some(last) if last.0 == point => last.1 = pool[index],
                _ => kept.push((point, pool[index])),
            }
        }
        ClientRing {
            points: kept,
            hash_key,
            names,
        }
    }

    /// The owner of a key whose client hash is `position`.
    pub fn owner_at(&self, position: u32) -> ServerId {
        let index = self.points.partition_point(|&(point, _)| point < position);
        let (_, server) = self.points[index % self.points.len()];
        server
    }

    /// The client's own position for a key given by its name.
    pub fn position_of(&self, name: &[u8]) -> u32 {
        (self.hash_key)(name)
    }

    /// The client's own position for a key of the page's.
    pub fn position_of_key(&self, key: Key) -> u32 {
        self.names
            .with_name(key.number, |name| self.position_of(name))
    }

    pub fn points(&self) -> &[(u32, ServerId)] {
        &self.points
    }
}

impl Placement for ClientRing {
    fn owner(&self, key: Key) -> ServerId {
        self.owner_at(self.position_of_key(key))
    }

    fn owner_of_name(&self, name: &[u8], _hash: u32) -> ServerId {
        self.owner_at(self.position_of(name))
    }

    fn holds(&self) -> Holds {
        Holds::RingEntries(self.points.len())
    }

    fn client_ring(&self) -> Option<&ClientRing> {
        Some(self)
    }
}
