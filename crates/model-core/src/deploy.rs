//! A deploy (DEFINITIONS §20): the pool before and the pool after, any
//! change at once — an address replaced, servers added or removed, weights
//! changed, lines reordered. Each side is placed from its own list, with its
//! own weights and its own fixed ids, as a config reload would place it; a
//! key moved when its server after is not its server before.

use super::keys::Keys;
use super::measure::Movement;
use super::requests::Requests;
use super::ring::{Ring, ServerId};
use super::schemes::{Context, KeyPositions, Scheme, SchemeRun};
use super::settings::{clean_name, Settings, MAX_SERVERS, MIN_SERVERS};

/// One line of a pool: a server as its config names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolServer {
    pub name: String,
    /// 1 … 10.
    pub weight: u8,
    /// An id the line fixes (HAProxy's `id N`); `None`: numbered by position.
    pub fixed_id: Option<u32>,
}

impl PoolServer {
    pub fn new(name: &str, weight: u8) -> PoolServer {
        PoolServer {
            name: name.to_string(),
            weight,
            fixed_id: None,
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
    pub weights_before: Vec<u8>,
    pub weights_after: Vec<u8>,
    /// Each server's fixed id on each side, indexed by `ServerId`.
    pub ids_before: Vec<Option<u32>>,
    pub ids_after: Vec<Option<u32>>,
}

/// Check one pool: 2 to 50 servers, each name valid and listed once, each
/// weight 1 … 10, each fixed id used once. The message names the item.
pub fn check_pool(side: Side, pool: &[PoolServer]) -> Result<(), String> {
    let which = side.word();
    if !(MIN_SERVERS..=MAX_SERVERS).contains(&pool.len()) {
        return Err(format!(
            "The pool {which} has {} server{}; a pool needs {MIN_SERVERS} to {MAX_SERVERS}.",
            pool.len(),
            if pool.len() == 1 { "" } else { "s" }
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
                "\u{201c}{}\u{201d} is listed twice in the pool {which}; every server needs its own name.",
                server.name
            ));
        }
        if !(1..=10).contains(&server.weight) {
            return Err(format!(
                "\u{201c}{}\u{201d} in the pool {which} has weight {}; weights are 1 to 10.",
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
    Ok(())
}

impl Deploy {
    /// Resolve two checked pools; the message names the pool and the item.
    pub fn new(before: &[PoolServer], after: &[PoolServer]) -> Result<Deploy, String> {
        check_pool(Side::Before, before)?;
        check_pool(Side::After, after)?;
        let mut names: Vec<String> = before.iter().map(|s| s.name.clone()).collect();
        names.extend(
            after
                .iter()
                .filter(|s| !before.iter().any(|b| b.name == s.name))
                .map(|s| s.name.clone()),
        );
        let id_of = |name: &str| names.iter().position(|n| n == name).unwrap_or(0) as ServerId;
        let side = |pool: &[PoolServer]| {
            let mut weights = vec![1u8; names.len()];
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
        let (before, weights_before, ids_before) = side(before);
        let (after, weights_after, ids_after) = side(after);
        Ok(Deploy {
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
    pub fn side(&self, side: Side) -> (&[ServerId], &[u8], &[Option<u32>]) {
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

    /// What `scheme` does to the keys in this deploy.
    pub fn measure(
        &self,
        scheme: &'static dyn Scheme,
        settings: &Settings,
        keys: &Keys,
        positions: &KeyPositions,
        requests: Requests,
    ) -> DeployCount {
        let (owners_before, owners_after) = self.owners(scheme, settings, keys, positions);
        let movement = Movement::of(
            &owners_before,
            &owners_after,
            &self.before,
            &self.after,
            self.names.len(),
        );
        let per_key = requests.per_key(keys.len());
        let total: f64 = per_key.iter().sum();
        let moved: f64 = per_key
            .iter()
            .zip(owners_before.iter().zip(&owners_after))
            .filter(|(_, (was, now))| was != now)
            .map(|(requests, _)| requests)
            .sum();
        DeployCount {
            id: scheme.id(),
            keys: keys.len(),
            moved: movement.moved,
            moved_between: movement.moved_between,
            requests: total,
            moved_requests: moved,
        }
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
    pub fn moved_by_arc_walk(&self, settings: &Settings, keys: &Keys) -> usize {
        let ring = |side: Side| {
            let (pool, weights, _) = self.side(side);
            let points = super::ring::Points {
                base: settings.points,
                weights,
            };
            Ring::build(&self.names, pool, points, settings.hash)
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
