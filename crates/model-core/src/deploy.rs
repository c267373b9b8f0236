//! A deploy (DEFINITIONS §20): the pool before and the pool after, any
//! change at once — an address replaced, servers added or removed, weights
//! changed, lines reordered. Each side is placed from its own list, with its
//! own weights and its own fixed ids, as a config reload would place it; a
//! key moved when its server after is not its server before.

use super::down::Routed;
use super::format::thousands;
use super::keys::Keys;
use super::requests::Requests;
use super::ring::{Ring, ServerId};
use super::schemes::{routes_down, Context, KeyPositions, Scheme, SchemeRun};
use super::settings::{clean_name, Settings, MAX_SERVERS, MIN_SERVERS};

/// One line of a pool: a server as its config names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolServer {
    pub name: String,
    /// Within the deploy's `Bounds`: 1 … 10 on the page.
    pub weight: u32,
    /// An id the line fixes (HAProxy's `id N`); `None`: numbered by position.
    pub fixed_id: Option<u32>,
    /// Marked down (nginx's `down`, HAProxy's `disabled`): listed, and
    /// routed past by each system's own rule (DEFINITIONS §19).
    pub down: bool,
}

impl PoolServer {
    pub fn new(name: &str, weight: u32) -> PoolServer {
        PoolServer {
            name: name.to_string(),
            weight,
            fixed_id: None,
            down: false,
        }
    }
}

/// Which pool of a deploy, for a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Before,
    After,
}

impl Side {
    pub fn word(self) -> &'static str {
        match self {
            Side::Before => "before",
            Side::After => "after",
        }
    }
}

/// Two pools resolved to one list of names, which a `ServerId` indexes:
/// the pool before in its order, then the newcomers in the order after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deploy {
    pub names: Vec<String>,
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
    /// Each server's weight on each side, indexed by `ServerId` (1 where the
    /// server is not in that pool).
    pub weights_before: Vec<u32>,
    pub weights_after: Vec<u32>,
    /// Each server's fixed id on each side, indexed by `ServerId`.
    pub ids_before: Vec<Option<u32>>,
    pub ids_after: Vec<Option<u32>>,
    /// The servers marked down on each side, still listed.
    pub down_before: Vec<ServerId>,
    pub down_after: Vec<ServerId>,
}

/// What a pool may hold: the page's sliders' ranges, or the wider ones
/// `ringdiff` counts of a program's own config (DEFINITIONS §20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The fewest and most servers.
    pub servers: (usize, usize),
    /// The least and greatest weight.
    pub weights: (u32, u32),
    /// The most weight in all: every unit of it is points on every ring.
    pub total_weight: u32,
    /// Who sets them, for a message.
    pub whose: &'static str,
}

/// The greatest weight ringdiff counts: the page's ring numbers a server's
/// points up to 65,535, and gives it the default 200 a unit of weight.
pub const MAX_COUNTED_WEIGHT: u32 = 327;

impl Bounds {
    pub const PAGE: Bounds = Bounds {
        servers: (MIN_SERVERS, MAX_SERVERS),
        weights: (1, 10),
        total_weight: u32::MAX,
        whose: "the page",
    };
    /// A program's pool as ringdiff counts it: one server or a thousand,
    /// HAProxy's weight 0, nginx's weights past 10; a total weight of
    /// 20,000 keeps nginx's ring to 3.2 million points.
    pub const COUNTED: Bounds = Bounds {
        servers: (1, 1_000),
        weights: (0, MAX_COUNTED_WEIGHT),
        total_weight: 20_000,
        whose: "ringdiff",
    };
}

/// Check one pool against `bounds`: its size, each name valid and listed
/// once, each weight, each fixed id used once, and some server that takes
/// keys. The message names the item.
pub fn check_pool(side: Side, pool: &[PoolServer], bounds: Bounds) -> Result<(), String> {
    let which = side.word();
    let Bounds {
        servers: (fewest, most),
        weights: (least, greatest),
        whose,
        ..
    } = bounds;
    if !(fewest..=most).contains(&pool.len()) {
        return Err(format!(
            "The pool {which} has {} server{}; {whose} takes {fewest} to {}.",
            pool.len(),
            if pool.len() == 1 { "" } else { "s" },
            thousands(most as u64)
        ));
    }
    for (index, server) in pool.iter().enumerate() {
        let clean = clean_name(&server.name)
            .map_err(|why| format!("Server {} of the pool {which}: {why}", index + 1))?;
        if clean != server.name {
            return Err(format!(
                "Server {} of the pool {which}: \u{201c}{}\u{201d} has spaces around it.",
                index + 1,
                server.name
            ));
        }
        if pool[..index].iter().any(|other| other.name == server.name) {
            return Err(format!(
                "\u{201c}{}\u{201d} is listed twice in the pool {which}; {whose} needs each server once.",
                server.name
            ));
        }
        if !(least..=greatest).contains(&server.weight) {
            return Err(format!(
                "\u{201c}{}\u{201d} in the pool {which} has weight {}; {whose} takes weights {least} to {greatest}.",
                server.name, server.weight
            ));
        }
        if let Some(id) = server.fixed_id {
            if id == 0 || pool[..index].iter().any(|other| other.fixed_id == Some(id)) {
                return Err(format!(
                    "\u{201c}{}\u{201d} in the pool {which} has id {id}, {}; HAProxy would refuse it.",
                    server.name,
                    if id == 0 {
                        "which is not positive"
                    } else {
                        "which another server has"
                    }
                ));
            }
        }
    }
    let total: u64 = pool.iter().map(|server| u64::from(server.weight)).sum();
    let live: u64 = pool
        .iter()
        .filter(|server| !server.down)
        .map(|server| u64::from(server.weight))
        .sum();
    if live == 0 {
        return Err(format!(
            "No server of the pool {which} takes a key: each is down or has weight 0."
        ));
    }
    if total > u64::from(bounds.total_weight) {
        return Err(format!(
            "The pool {which} weighs {} in all; {whose} takes up to {}.",
            thousands(total),
            thousands(u64::from(bounds.total_weight))
        ));
    }
    Ok(())
}

impl Deploy {
    /// Resolve two pools, each checked against `bounds`; the message
    /// names the pool and the item.
    pub fn new(
        before: &[PoolServer],
        after: &[PoolServer],
        bounds: Bounds,
    ) -> Result<Deploy, String> {
        check_pool(Side::Before, before, bounds)?;
        check_pool(Side::After, after, bounds)?;
        let mut names: Vec<String> = before.iter().map(|s| s.name.clone()).collect();
        names.extend(
            after
                .iter()
                .filter(|s| !before.iter().any(|b| b.name == s.name))
                .map(|s| s.name.clone()),
        );
        let id_of = |name: &str| names.iter().position(|n| n == name).unwrap_or(0) as ServerId;
        let side = |pool: &[PoolServer]| {
            let mut weights = vec![1u32; names.len()];
            let mut ids = vec![None; names.len()];
            let members = pool
                .iter()
                .map(|server| {
                    let id = id_of(&server.name);
                    weights[usize::from(id)] = server.weight;
                    ids[usize::from(id)] = server.fixed_id;
                    id
                })
                .collect::<Vec<ServerId>>();
            (members, weights, ids)
        };
        let down = |pool: &[PoolServer]| -> Vec<ServerId> {
            pool.iter()
                .filter(|server| server.down)
                .map(|server| id_of(&server.name))
                .collect()
        };
        let (down_before, down_after) = (down(before), down(after));
        let (before, weights_before, ids_before) = side(before);
        let (after, weights_after, ids_after) = side(after);
        Ok(Deploy {
            down_before,
            down_after,
            names,
            before,
            after,
            weights_before,
            weights_after,
            ids_before,
            ids_after,
        })
    }

    /// One side's members, in order, and its weights and fixed ids by `ServerId`.
    #[allow(clippy::type_complexity)]
    pub fn side(&self, side: Side) -> (&[ServerId], &[u32], &[Option<u32>]) {
        match side {
            Side::Before => (&self.before, &self.weights_before, &self.ids_before),
            Side::After => (&self.after, &self.weights_after, &self.ids_after),
        }
    }

    pub fn name(&self, id: ServerId) -> &str {
        &self.names[usize::from(id)]
    }

    /// The context a scheme is given for one side, on `base`'s settings.
    pub fn context<'a>(
        &'a self,
        side: Side,
        settings: &'a Settings,
        key_count: usize,
        positions: &'a KeyPositions,
        built: Option<(&'a [ServerId], &'a Ring)>,
    ) -> Context<'a> {
        let (_, weights, fixed_ids) = self.side(side);
        Context {
            names: &self.names,
            settings,
            key_count,
            weights,
            fixed_ids,
            built_rings: built.into_iter().collect(),
            key_positions: Some(positions),
        }
    }

    /// Every key's server before and after under `scheme`, each side placed
    /// from its own list; `settings` gives the keys' names, the points and
    /// the hash (the servers in it are not read).
    pub fn owners(
        &self,
        scheme: &'static dyn Scheme,
        settings: &Settings,
        keys: &Keys,
        positions: &KeyPositions,
    ) -> (Vec<ServerId>, Vec<ServerId>) {
        let before = self.context(Side::Before, settings, keys.len(), positions, None);
        let after = self.context(Side::After, settings, keys.len(), positions, None);
        let run =
            SchemeRun::place_sides(scheme, (&before, &self.before), (&after, &self.after), keys);
        (run.owners_before().to_vec(), run.owners_after().to_vec())
    }

    /// Every key's route on each side: its server, or, on a side with
    /// servers marked down, where `scheme`'s own rule for them sends it
    /// (DEFINITIONS §19).
    pub fn routes(
        &self,
        scheme: &'static dyn Scheme,
        settings: &Settings,
        keys: &Keys,
        positions: &KeyPositions,
    ) -> (Vec<Routed>, Vec<Routed>) {
        let (before, after) = self.owners(scheme, settings, keys, positions);
        let route = |side: Side, owners: Vec<ServerId>| {
            let down = match side {
                Side::Before => &self.down_before,
                Side::After => &self.down_after,
            };
            if down.is_empty() {
                return owners.into_iter().map(Routed::To).collect();
            }
            let context = self.context(side, settings, keys.len(), positions, None);
            let (pool, _, _) = self.side(side);
            routes_down(scheme, &context, keys, pool, down).routed
        };
        (route(Side::Before, before), route(Side::After, after))
    }

    /// What `scheme` does to the keys in this deploy. A key moved unless it
    /// is routed alike before and after: to one server, or, where a down
    /// server leaves it there on both sides, to round robin or to failure.
    pub fn measure(
        &self,
        scheme: &'static dyn Scheme,
        settings: &Settings,
        keys: &Keys,
        positions: &KeyPositions,
        requests: Requests,
    ) -> DeployCount {
        let (routes_before, routes_after) = self.routes(scheme, settings, keys, positions);
        let mut stays = vec![false; self.names.len()];
        for id in self.before.iter().filter(|id| self.after.contains(id)) {
            stays[usize::from(*id)] = true;
        }
        let per_key = requests.per_key(keys.len());
        let mut count = DeployCount {
            id: scheme.id(),
            keys: keys.len(),
            moved: 0,
            moved_between: 0,
            requests: per_key.iter().sum(),
            moved_requests: 0.0,
        };
        for ((was, now), requests) in routes_before.iter().zip(&routes_after).zip(&per_key) {
            if was == now {
                continue;
            }
            let between = match (was, now) {
                (Routed::To(was), Routed::To(now)) => {
                    stays[usize::from(*was)] && stays[usize::from(*now)]
                }
                _ => false,
            };
            count.moved += 1;
            count.moved_between += usize::from(between);
            count.moved_requests += requests;
        }
        count
    }

    /// The share of `scheme`'s hash positions whose owner changes: what the
    /// deploy moves for a key whose hash is uniformly random, exact, no
    /// key placed (`hash_space`). `None` for a scheme that does not place a
    /// key by its position alone.
    pub fn changed_space_share(
        &self,
        scheme: &'static dyn Scheme,
        settings: &Settings,
    ) -> Option<f64> {
        use super::hash_space::{changed_rows_share, changed_share, Owners};
        // A down server's keys are routed by the key, not its position
        // alone (nginx hashes it again), so no share of positions is exact.
        if !(self.down_before.is_empty() && self.down_after.is_empty()) {
            return None;
        }
        if scheme.id() == crate::placement_id::PlacementId::Ring {
            let ring = |side: Side| {
                let (pool, weights, _) = self.side(side);
                let points = super::ring::Points {
                    base: settings.points,
                    weights,
                };
                Ring::build(&self.names, pool, points, settings.hash)
            };
            let (before, after) = (ring(Side::Before), ring(Side::After));
            let owner_before = |p: u64| before.owner(p as u32).unwrap_or_default();
            let owner_after = |p: u64| after.owner(p as u32).unwrap_or_default();
            let breaks = |ring: &Ring| ring.positions().iter().map(|&p| u64::from(p)).collect();
            return Some(changed_share(
                32,
                Owners {
                    breaks: breaks(&before),
                    owner_at: &owner_before,
                },
                Owners {
                    breaks: breaks(&after),
                    owner_at: &owner_after,
                },
            ));
        }
        let positions = KeyPositions::default();
        let before = self.context(Side::Before, settings, 0, &positions, None);
        let after = self.context(Side::After, settings, 0, &positions, None);
        let (before, after) = scheme.place_sides((&before, &self.before), (&after, &self.after));
        let (before, after) = (before.by_own_hash()?, after.by_own_hash()?);
        let bits = before.key_hash().bits;
        if let (Some(rows_before), Some(rows_after)) = (before.rows(), after.rows()) {
            return Some(changed_rows_share(bits, rows_before, rows_after));
        }
        let (owner_before, owner_after) = (|p| before.owner_at(p), |p| after.owner_at(p));
        Some(changed_share(
            bits,
            Owners {
                breaks: before.breaks(),
                owner_at: &owner_before,
            },
            Owners {
                breaks: after.breaks(),
                owner_at: &owner_after,
            },
        ))
    }

    /// Route (b) for the page's ring: the keys in every stretch of the
    /// circle whose owner differs between the two rings, never looking a
    /// key up (`Ring::keys_in_changed_arcs`).
    /// A server marked down holds no arc: the ring's keys go on to the next
    /// point, as if its line were deleted.
    pub fn moved_by_arc_walk(&self, settings: &Settings, keys: &Keys) -> usize {
        let ring = |side: Side| {
            let (pool, weights, _) = self.side(side);
            let down = match side {
                Side::Before => &self.down_before,
                Side::After => &self.down_after,
            };
            let live: Vec<ServerId> = pool.iter().copied().filter(|s| !down.contains(s)).collect();
            let points = super::ring::Points {
                base: settings.points,
                weights,
            };
            Ring::build(&self.names, &live, points, settings.hash)
        };
        Ring::keys_in_changed_arcs(&ring(Side::Before), &ring(Side::After), &keys.sorted)
    }
}

/// What one placement does to the keys in a deploy.
#[derive(Clone, Debug, PartialEq)]
pub struct DeployCount {
    pub id: crate::placement_id::PlacementId,
    pub keys: usize,
    pub moved: usize,
    /// Moved between two servers in both pools.
    pub moved_between: usize,
    /// The keys' requests (keys alike: one each), and those whose key moved.
    pub requests: f64,
    pub moved_requests: f64,
}

impl DeployCount {
    pub fn moved_share(&self) -> f64 {
        self.moved as f64 / self.keys.max(1) as f64
    }

    /// The share of all requests whose key moved (keys alike: the share of keys).
    pub fn moved_request_share(&self) -> f64 {
        // `+ 0.0`: an empty sum of f64 is -0.0, which JSON would print.
        if self.requests > 0.0 {
            self.moved_requests / self.requests + 0.0
        } else {
            0.0
        }
    }

    /// Two counts of disjoint keys, under the same placement, as one: what
    /// counting a long list a batch at a time adds up to.
    pub fn add(&mut self, other: &DeployCount) {
        self.keys += other.keys;
        self.moved += other.moved;
        self.moved_between += other.moved_between;
        self.requests += other.requests;
        self.moved_requests += other.moved_requests;
    }
}
