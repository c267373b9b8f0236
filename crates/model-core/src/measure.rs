//! Measuring a change: the one place that turns owners before and after
//! into moved keys and loads, for the ring, the step-through, the claims and
//! every scheme alike.

use super::format::{fixed, share_in_prose, thousands};
use super::ring::ServerId;

/// Keys held by each server, indexed by server id.
pub fn loads(owners: &[ServerId], server_count: usize) -> Vec<u32> {
    let mut loads = vec![0u32; server_count];
    for &owner in owners {
        loads[usize::from(owner)] += 1;
    }
    loads
}

/// The servers furthest over and under their fair shares in a pool
/// (DEFINITIONS §16): a server's fair share of the pool's K keys is
/// K × its weight ÷ the pool's total weight, so at equal weights these are
/// the busiest and the quietest.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Spread {
    /// Which servers they are.
    pub busiest_id: ServerId,
    pub quietest_id: ServerId,
    /// Their keys.
    pub busiest: u32,
    pub quietest: u32,
    /// Their weights.
    pub busiest_weight: u32,
    pub quietest_weight: u32,
    /// K ÷ the pool's total weight: a server's fair share per unit of weight.
    pub fair_per_weight: f64,
}

impl Spread {
    /// `weights` indexed by server id; a server past its end weighs 1.
    pub fn of(loads: &[u32], members: &[ServerId], weights: &[u32]) -> Spread {
        let weight = |server: ServerId| weights.get(usize::from(server)).copied().unwrap_or(1);
        let keys: u64 = members
            .iter()
            .map(|&s| u64::from(loads[usize::from(s)]))
            .sum();
        let total: u32 = members.iter().map(|&s| weight(s)).sum();
        let mut spread = Spread {
            busiest_id: 0,
            quietest_id: 0,
            busiest: 0,
            quietest: 0,
            busiest_weight: 1,
            quietest_weight: 1,
            fair_per_weight: keys as f64 / f64::from(total.max(1)),
        };
        // Compared as load × the other's weight, in whole numbers: at equal
        // weights exactly the busiest and the quietest.
        let over = |load: u32, w: u32, than: (u32, u32)| {
            u64::from(load) * u64::from(than.1) > u64::from(than.0) * u64::from(w)
        };
        for (index, &server) in members.iter().enumerate() {
            let (load, w) = (loads[usize::from(server)], weight(server));
            if index == 0 || over(load, w, (spread.busiest, spread.busiest_weight)) {
                (spread.busiest_id, spread.busiest, spread.busiest_weight) = (server, load, w);
            }
            if index == 0 || over(spread.quietest, spread.quietest_weight, (load, w)) {
                (spread.quietest_id, spread.quietest, spread.quietest_weight) = (server, load, w);
            }
        }
        spread
    }

    /// The busiest over the quietest, each as a multiple of its fair share;
    /// infinite when some server holds nothing.
    pub fn ratio(self) -> f64 {
        if self.quietest == 0 {
            f64::INFINITY
        } else {
            (f64::from(self.busiest) * f64::from(self.quietest_weight))
                / (f64::from(self.quietest) * f64::from(self.busiest_weight))
        }
    }

    /// The busiest's keys over its fair share ("busiest ÷ even").
    pub fn busiest_over_fair(self) -> f64 {
        f64::from(self.busiest) / (self.fair_per_weight * f64::from(self.busiest_weight))
    }

    /// The server at `end`, keys first, as a table cell names it
    /// (DEFINITIONS §17): "bravo: 228", or with unequal weights (`weighted`)
    /// "10.0.0.2: 289 of a fair 333.3, 0.87×", so a busiest below a
    /// quietest says why. `name` is the server's name.
    pub fn describe(self, end: End, name: &str, weighted: bool) -> String {
        let (load, weight) = match end {
            End::Busiest => (self.busiest, self.busiest_weight),
            End::Quietest => (self.quietest, self.quietest_weight),
        };
        let keys = thousands(u64::from(load));
        if !weighted {
            return format!("{name}: {keys}");
        }
        let fair = self.fair_per_weight * f64::from(weight);
        let ratio = if fair > 0.0 {
            fixed(f64::from(load) / fair, 2)
        } else {
            "∞".to_string()
        };
        format!(
            "{name}: {keys} of a fair {}, {ratio}×",
            share_in_prose(fair)
        )
    }

    /// The id of the server at `end`.
    pub fn id_at(self, end: End) -> ServerId {
        match end {
            End::Busiest => self.busiest_id,
            End::Quietest => self.quietest_id,
        }
    }

    /// Whether the pool's weights differ, so fair shares are weighted.
    pub fn weighted(members: &[ServerId], weights: &[u32]) -> bool {
        let weight = |server: ServerId| weights.get(usize::from(server)).copied().unwrap_or(1);
        members
            .windows(2)
            .any(|pair| weight(pair[0]) != weight(pair[1]))
    }
}

/// One end of a spread: the server furthest over its fair share (the
/// busiest, at equal weights) or furthest under it (the quietest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Busiest,
    Quietest,
}

/// The most keys any member of the pool holds.
pub fn most_keys(loads: &[u32], members: &[ServerId]) -> u32 {
    members
        .iter()
        .map(|&server| loads[usize::from(server)])
        .max()
        .unwrap_or(0)
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

    pub fn spread_after(&self, after: &[ServerId], weights: &[u32]) -> Spread {
        Spread::of(&self.loads_after, after, weights)
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
