//! Measuring a change: the one place that turns owners before and after
//! into moved keys and loads, for the ring, the step-through, the claims and
//! every scheme alike.

use super::ring::ServerId;

/// Keys held by each server, indexed by server id.
pub fn loads(owners: &[ServerId], server_count: usize) -> Vec<u32> {
    let mut loads = vec![0u32; server_count];
    for &owner in owners {
        loads[usize::from(owner)] += 1;
    }
    loads
}

/// Busiest and quietest load among a pool's members.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Spread {
    pub busiest: u32,
    pub quietest: u32,
}

impl Spread {
    pub fn of(loads: &[u32], members: &[ServerId]) -> Spread {
        let pool = members.iter().map(|&server| loads[usize::from(server)]);
        Spread {
            busiest: pool.clone().max().unwrap_or(0),
            quietest: pool.min().unwrap_or(0),
        }
    }

    /// Busiest ÷ quietest; infinite when some server holds nothing.
    pub fn ratio(self) -> f64 {
        if self.quietest == 0 {
            f64::INFINITY
        } else {
            f64::from(self.busiest) / f64::from(self.quietest)
        }
    }
}

/// Route (a): compare owners key by key.
pub fn count_moved(owners_before: &[ServerId], owners_after: &[ServerId]) -> usize {
    owners_before
        .iter()
        .zip(owners_after)
        .filter(|(before, after)| before != after)
        .count()
}

/// What one change did to the keys, measured from every key's owner before
/// and after.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Movement {
    /// Keys whose owner differs.
    pub moved: usize,
    /// Of those, keys that moved between two servers present both before and
    /// after: a joiner or leaver had no part in it. A monotone scheme has none.
    pub moved_between: usize,
    /// Keys held by each server, indexed by server id.
    pub loads_before: Vec<u32>,
    pub loads_after: Vec<u32>,
}

impl Movement {
    /// `before` and `after` are the pools; `server_count` is the length of
    /// the scenario's name list, which every `ServerId` indexes.
    pub fn of(
        owners_before: &[ServerId],
        owners_after: &[ServerId],
        before: &[ServerId],
        after: &[ServerId],
        server_count: usize,
    ) -> Movement {
        let mut in_before = vec![false; server_count];
        let mut in_after = vec![false; server_count];
        for &server in before {
            in_before[usize::from(server)] = true;
        }
        for &server in after {
            in_after[usize::from(server)] = true;
        }
        let mut movement = Movement {
            moved: 0,
            moved_between: 0,
            loads_before: vec![0; server_count],
            loads_after: vec![0; server_count],
        };
        for (&was, &now) in owners_before.iter().zip(owners_after) {
            movement.loads_before[usize::from(was)] += 1;
            movement.loads_after[usize::from(now)] += 1;
            if was != now {
                movement.moved += 1;
                let stays = |server: ServerId| {
                    in_before[usize::from(server)] && in_after[usize::from(server)]
                };
                movement.moved_between += usize::from(stays(was) && stays(now));
            }
        }
        movement
    }

    pub fn spread_after(&self, after: &[ServerId]) -> Spread {
        Spread::of(&self.loads_after, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_between_staying_servers_are_told_apart() {
        // Servers 0 and 1 stay, 2 joins. Key 0 stays on 0, key 1 moves to the
        // joiner, key 2 moves from 0 to 1.
        let movement = Movement::of(&[0, 1, 0], &[0, 2, 1], &[0, 1], &[0, 1, 2], 3);
        assert_eq!(movement.moved, 2);
        assert_eq!(movement.moved_between, 1);
        assert_eq!(movement.loads_before, vec![2, 1, 0]);
        assert_eq!(movement.loads_after, vec![1, 1, 1]);
        assert_eq!(count_moved(&[0, 1, 0], &[0, 2, 1]), 2);
    }
}
