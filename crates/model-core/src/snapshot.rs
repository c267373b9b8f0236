//! One measured change on the ring: the snapshot every panel reads.

use crate::placement_id::PlacementId;
use std::sync::Arc;

use super::failures::{self, Copysets, Failure};
use super::in_use::InUse;
use super::keys::Keys;
use super::measure::{Movement, Spread};
use super::requests;
use super::ring::{Entry, Points, Ring, ServerId};
use super::schemes::modulo::modulo_moved;
use super::schemes::{self, Context, KeyPositions, SchemeResult};
use super::settings::{stage_pools_of, ModuloSpec, Problem, RingSpec, Settings, Valid};
use super::systems::client_ring::ClientRing;
use super::wide::Wide;
use crate::placements;

/// Everything measured about one change.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub settings: Valid,
    /// Every server named in the scenario: the list, then a joiner. A
    /// `ServerId` indexes this.
    pub names: Vec<String>,
    /// The pool before and after the change, in list order (the modulo numbering).
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
    /// The server that joins or leaves; None for a deploy (DEFINITIONS §20).
    pub changed: Option<ServerId>,
    /// Each server's weight after the change, indexed by `ServerId` (1
    /// unless set): the pool that fails and the spread after read these.
    pub weights: Vec<u32>,
    /// Each server's weight before: the same but for a deploy that changes some.
    pub weights_before: Vec<u32>,
    pub keys: Arc<Keys>,
    pub ring_before: Ring,
    pub ring_after: Ring,
    /// Shared, so the ring's step-through reuses them without a copy.
    pub owners_before: Arc<Vec<ServerId>>,
    pub owners_after: Arc<Vec<ServerId>>,
    pub loads_before: Vec<u32>,
    pub loads_after: Vec<u32>,
    /// Route (a): keys whose owner differs before and after.
    pub moved_by_owner_diff: usize,
    /// Route (b): keys inside the arcs the changed server gains or gives up.
    pub moved_by_arc_walk: usize,
    /// Of the keys moved, those whose old and new servers both stay: none
    /// on the page's ring, some on a client's that re-spreads its points.
    pub moved_between: usize,
    /// Keys that change server under `hash mod n` for the same change.
    pub modulo_moved: usize,
    /// The clients' own hashes of the keys, made once for every scheme run.
    pub key_positions: Arc<KeyPositions>,
    /// How a 64-bit client's points and keys fit the page's ring (`use=`).
    pub wide: Option<Arc<Wide>>,
}

/// The rings of one change: everything the server list, the change, the
/// points, the hash and the weights decide. The page keeps it while only
/// keys change.
#[derive(Clone, Debug)]
pub struct Rings {
    /// What they were built from, so a snapshot can tell they fit its settings.
    spec: RingSpec,
    pub names: Vec<String>,
    /// Weights after and before, as in `Snapshot`.
    pub weights: Vec<u32>,
    pub weights_before: Vec<u32>,
    pub before: Vec<ServerId>,
    pub after: Vec<ServerId>,
    pub changed: Option<ServerId>,
    pub ring_before: Ring,
    pub ring_after: Ring,
    /// How a 64-bit client's points and keys are fitted to the page's ring.
    pub wide: Option<Arc<Wide>>,
}

impl Rings {
    /// Build both rings from valid settings' `Valid::ring_spec`.
    pub fn build(spec: &RingSpec) -> Rings {
        let names = spec.names();
        let points_before = Points {
            base: spec.points(),
            weights: spec.weights(),
        };
        let points_after = Points {
            base: spec.points(),
            weights: spec.weights_after(),
        };
        // A client's ring is built for each pool: its staying servers'
        // points may follow the pool (ketama's weights). The page's, for a
        // join or a leave: one ring is built and sorted; the other is the
        // same minus the changed server, which keeps the order. A deploy's
        // two rings are each built from their own pool and weights.
        let in_use = spec.in_use();
        let client = |pool: &[ServerId], weights: &[u32]| client_ring(in_use, names, weights, pool);
        let mut wide = None;
        let sides = (
            client(spec.before(), spec.weights()),
            client(spec.after(), spec.weights_after()),
        );
        let (ring_before, ring_after) = if let (Some(before), Some(after)) = sides {
            // Envoy's points are 64-bit: drawn where `Wide` fits them,
            // with every stage of the step-through's (`steps::stage_pools`).
            let fit = in_use.is_wide().then(|| {
                let stages =
                    stage_pools_of(spec.before(), spec.after(), spec.changed(), spec.is_join());
                let mut points: Vec<u64> = before.points().iter().map(|&(p, _)| p).collect();
                for pool in &stages {
                    if let Some(stage) = client(pool, spec.weights_after()) {
                        points.extend(stage.points().iter().map(|&(point, _)| point));
                    }
                }
                Wide::new(points)
            });
            let place = |point: u64| match &fit {
                Some(fit) => fit.point(point),
                None => point as u32,
            };
            let rings = (
                as_ring(&before, names, place),
                as_ring(&after, names, place),
            );
            wide = fit.map(Arc::new);
            rings
        } else {
            match (spec.changed(), spec.is_join()) {
                (Some(changed), true) => {
                    let ring_after = Ring::build(names, spec.after(), points_after, spec.hash());
                    (ring_after.without(changed), ring_after)
                }
                (Some(changed), false) => {
                    let ring_before = Ring::build(names, spec.before(), points_before, spec.hash());
                    let ring_after = ring_before.without(changed);
                    (ring_before, ring_after)
                }
                (None, _) => (
                    Ring::build(names, spec.before(), points_before, spec.hash()),
                    Ring::build(names, spec.after(), points_after, spec.hash()),
                ),
            }
        };
        Rings {
            names: names.to_vec(),
            weights: spec.weights_after().to_vec(),
            weights_before: spec.weights().to_vec(),
            before: spec.before().to_vec(),
            after: spec.after().to_vec(),
            changed: spec.changed(),
            ring_before,
            ring_after,
            wide,
            spec: spec.clone(),
        }
    }

    pub fn spec(&self) -> &RingSpec {
        &self.spec
    }
}

/// Keys that change server under `hash mod n`, with what they were counted from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modulo {
    spec: ModuloSpec,
    pub moved: usize,
}

impl Modulo {
    /// Count on `keys`, which must be the keys of `spec.keys` (if they are
    /// not, they are made afresh rather than counted wrongly).
    pub fn count(spec: ModuloSpec, keys: &Keys) -> Modulo {
        let moved = if keys.spec() == Some(&spec.keys) {
            modulo_moved(&keys.hashes, &spec.before, &spec.after)
        } else {
            modulo_moved(
                &Keys::of(spec.keys.clone()).hashes,
                &spec.before,
                &spec.after,
            )
        };
        Modulo { spec, moved }
    }
}

impl Snapshot {
    /// Where this scenario's requests come from: the skew's Zipf law, or
    /// the reader's own keys' counts.
    pub fn requests(&self) -> requests::Requests<'_> {
        match &self.settings.your_keys {
            Some(yours) => requests::Requests::Counted(yours),
            None => requests::Requests::Zipf(requests::exponent(self.settings.skew)),
        }
    }

    /// Each server's share of all requests after the change (DEFINITIONS §10),
    /// indexed by `ServerId`. With every key alike it is the share of keys,
    /// so the 100,000 powers are skipped then.
    pub fn request_shares(&self) -> Vec<f64> {
        let requests = self.requests();
        if requests.is_even() {
            let keys = self.key_count() as f64;
            return self
                .loads_after
                .iter()
                .map(|&load| f64::from(load) / keys)
                .collect();
        }
        requests.shares(&self.owners_after, self.names.len())
    }

    /// The hottest key's own share of all requests: 1/H(K, s), or its
    /// count over all of the reader's requests.
    pub fn hottest_key_share(&self) -> f64 {
        self.requests().hottest_share(self.key_count())
    }

    /// Points per server at `base` points, with this scenario's weights.
    pub fn points_at(&self, base: u16) -> Points<'_> {
        Points {
            base,
            weights: &self.weights,
        }
    }

    /// The ring in use on `pool`: the page's at its points and hash, or
    /// the client's own (`use=`).
    pub fn ring_on(&self, pool: &[ServerId]) -> Ring {
        let in_use = self.settings.in_use;
        match client_ring(in_use, &self.names, &self.weights, pool) {
            Some(client) => as_ring(&client, &self.names, |point| match &self.wide {
                Some(wide) => wide.point(point),
                None => point as u32,
            }),
            None => Ring::build(
                &self.names,
                pool,
                self.points_at(self.settings.points),
                self.settings.hash,
            ),
        }
    }

    /// Where a key named `name` sits on the ring drawn: under the client's
    /// hash when one is in use, else the hash menu's.
    pub fn key_position(&self, name: &[u8]) -> u32 {
        let in_use = self.settings.in_use;
        match (in_use.wide_key_position(name), &self.wide) {
            (Some(full), Some(wide)) => wide.key(full),
            // A 32-bit client's hash is its position as it is.
            (Some(full), None) => full as u32,
            (None, _) => self.settings.hash.hash(name),
        }
    }

    /// Measure a change; the problems if the settings cannot be measured
    /// as they are (settled, as every input is: a part only fitted to the
    /// pool, such as replicas above its size, is no problem).
    pub fn measure(settings: &Settings) -> Result<Snapshot, Vec<Problem>> {
        let settled = Valid::settle(settings.clone(), &Valid::default());
        let problems: Vec<Problem> = settled
            .notices
            .into_iter()
            .filter(|n| !n.fitted)
            .map(|n| n.problem)
            .collect();
        if problems.is_empty() {
            Ok(Snapshot::of(&settled.valid))
        } else {
            Err(problems)
        }
    }

    /// Measure valid settings from nothing.
    pub fn of(valid: &Valid) -> Snapshot {
        let keys = Arc::new(Keys::of(valid.key_spec()));
        let rings = Rings::build(&valid.ring_spec());
        let modulo = Modulo::count(valid.modulo_spec(), &keys);
        Snapshot::from_parts(valid, keys, &rings, &modulo)
    }

    /// Measure from keys, rings and the modulo count already made for
    /// these settings, so a control that changes only one of them rebuilds
    /// only that one (the modulo count does not depend on the points). The
    /// caller's caches are each keyed by the spec its part is built from
    /// (the page's `state.rs`), so that is the one check of a step; here it
    /// is made again only in debug builds, the native tests', where a part
    /// from other settings fails at once.
    pub fn from_parts(valid: &Valid, keys: Arc<Keys>, rings: &Rings, modulo: &Modulo) -> Snapshot {
        debug_assert!(
            keys.spec() == Some(&valid.key_spec()),
            "keys from other settings"
        );
        debug_assert!(
            *rings.spec() == valid.ring_spec(),
            "rings from other settings"
        );
        debug_assert!(
            modulo.spec == valid.modulo_spec(),
            "a modulo count from other settings"
        );
        let unfitted = keys.clone();
        let keys = match &rings.wide {
            Some(wide) if cfg!(feature = "clients") => Keys::fitted(&keys, wide),
            _ => keys,
        };
        // Modulo reads the positions the rings and the schemes read: a count
        // made before a 64-bit client's few crowded keys were fitted is redone.
        let modulo_moved = if Arc::ptr_eq(&unfitted, &keys) {
            modulo.moved
        } else {
            Modulo::count(valid.modulo_spec(), &keys).moved
        };
        let settings = valid;
        // Route (a): every key's owner on the ring with the changed server
        // and without it, from one walk, compared key by key; or, for a
        // client's two rings or a deploy's, a walk on each.
        let mut owners_before = vec![0; keys.len()];
        let mut owners_after = vec![0; keys.len()];
        let clients = rings.spec().in_use().is_client();
        let single = rings.changed.filter(|_| !clients);
        match single {
            Some(changed) => {
                let joining = settings.change.is_join();
                let (ring_with_changed, with_changed, without_changed) = if joining {
                    (&rings.ring_after, &mut owners_after, &mut owners_before)
                } else {
                    (&rings.ring_before, &mut owners_before, &mut owners_after)
                };
                ring_with_changed.fill_owners(
                    &keys,
                    with_changed,
                    Some((changed, without_changed)),
                );
            }
            None => {
                rings
                    .ring_before
                    .fill_owners(&keys, &mut owners_before, None);
                rings.ring_after.fill_owners(&keys, &mut owners_after, None);
            }
        }
        let movement = Movement::of(
            &owners_before,
            &owners_after,
            &rings.before,
            &rings.after,
            rings.names.len(),
        );
        // Route (b): the keys inside the arcs the changed server claims or
        // gives up, on the ring that has it; for two rings of their own, the
        // keys in every stretch whose owner differs between them.
        let moved_by_arc_walk = match single {
            Some(changed) => {
                let ring_with_changed = if settings.change.is_join() {
                    &rings.ring_after
                } else {
                    &rings.ring_before
                };
                ring_with_changed.keys_in_arcs_of(changed, &keys.sorted)
            }
            None => Ring::keys_in_changed_arcs(&rings.ring_before, &rings.ring_after, &keys.sorted),
        };
        Snapshot {
            settings: settings.clone(),
            names: rings.names.clone(),
            weights: rings.weights.clone(),
            weights_before: rings.weights_before.clone(),
            before: rings.before.clone(),
            after: rings.after.clone(),
            changed: rings.changed,
            keys,
            ring_before: rings.ring_before.clone(),
            ring_after: rings.ring_after.clone(),
            owners_before: Arc::new(owners_before),
            owners_after: Arc::new(owners_after),
            loads_before: movement.loads_before,
            loads_after: movement.loads_after,
            moved_by_owner_diff: movement.moved,
            moved_by_arc_walk,
            moved_between: movement.moved_between,
            modulo_moved,
            key_positions: Arc::default(),
            wide: rings.wide.clone(),
        }
    }

    pub fn name(&self, server: ServerId) -> &str {
        &self.names[usize::from(server)]
    }

    pub fn is_join(&self) -> bool {
        self.settings.change.is_join()
    }

    pub fn is_deploy(&self) -> bool {
        self.settings.change.is_deploy()
    }

    /// What the changed server does, for prose: "joins" or "leaves".
    pub fn change_verb(&self) -> &'static str {
        if self.is_join() {
            "joins"
        } else {
            "leaves"
        }
    }

    /// The change as a clause, for "when …" and "as …": "echo joins",
    /// "the deploy goes out".
    pub fn change_clause(&self) -> String {
        match self.changed {
            Some(_) => self.change_phrase(),
            None => "the deploy goes out".to_string(),
        }
    }

    /// The change as a sentence's subject and verb: "echo joins", "bravo
    /// leaves", "the deploy" (DEFINITIONS §20).
    pub fn change_phrase(&self) -> String {
        match self.changed {
            Some(changed) => format!("{} {}", self.name(changed), self.change_verb()),
            None => "the deploy".to_string(),
        }
    }

    /// Whether a server in both pools has another weight after (a deploy
    /// that reweights): its points change, so keys move between servers
    /// that stay by design.
    pub fn reweights(&self) -> bool {
        self.before
            .iter()
            .filter(|id| self.after.contains(id))
            .any(|&id| self.weights_before[usize::from(id)] != self.weights[usize::from(id)])
    }

    /// A deploy in counts, for a sentence: "6 → 7 servers, 2 new, 1
    /// leaving, 1 reweighted" (the words themselves are `deploy_words`).
    pub fn deploy_counts(&self) -> String {
        let reweighted = self
            .before
            .iter()
            .filter(|&&id| {
                self.after.contains(&id)
                    && self.weights_before[usize::from(id)] != self.weights[usize::from(id)]
            })
            .count();
        let mut parts = vec![format!(
            "{} \u{2192} {} servers",
            self.before.len(),
            self.after.len()
        )];
        for (count, what) in [
            (self.newcomers().len(), "new"),
            (self.leavers().len(), "leaving"),
            (reweighted, "reweighted"),
        ] {
            if count > 0 {
                parts.push(format!("{count} {what}"));
            }
        }
        parts.join(", ")
    }

    /// Servers in the pool after and not before, in their order after.
    pub fn newcomers(&self) -> Vec<ServerId> {
        self.after
            .iter()
            .copied()
            .filter(|id| !self.before.contains(id))
            .collect()
    }

    /// Servers in the pool before and not after, in their order before.
    pub fn leavers(&self) -> Vec<ServerId> {
        self.before
            .iter()
            .copied()
            .filter(|id| !self.after.contains(id))
            .collect()
    }

    /// The deploy as a `Deploy`, for its words and its sides.
    pub fn deploy(&self) -> crate::deploy::Deploy {
        crate::deploy::Deploy {
            names: self.names.clone(),
            before: self.before.clone(),
            after: self.after.clone(),
            weights_before: self.weights_before.clone(),
            weights_after: self.weights.clone(),
            ids_before: vec![None; self.names.len()],
            ids_after: vec![None; self.names.len()],
            // The page's deploy is counted with every server up; the
            // failure panel takes servers down (DEFINITIONS §19).
            down_before: Vec::new(),
            down_after: Vec::new(),
        }
    }

    pub fn key_count(&self) -> usize {
        self.keys.len()
    }

    /// Size of the pool that includes the changed server.
    pub fn pool_with_changed(&self) -> usize {
        self.before.len().max(self.after.len())
    }

    /// The changed server's fair share of the keys (DEFINITIONS §16):
    /// K × its weight ÷ the total weight of the pool that holds it, after a
    /// join or before a leave; K ÷ (n+1) or K ÷ n at equal weights.
    /// For a deploy, the fewest keys any placement that keeps every
    /// server at its fair share must move: K times the share of the weight
    /// that changes hands, Σ max(0, fair after − fair before) over servers
    /// (DEFINITIONS §20), which is the joiner's or leaver's share for one.
    pub fn even_share(&self) -> f64 {
        let Some(changed) = self.changed else {
            let fair = |pool: &[ServerId], weights: &[u32]| {
                let total: f64 = pool
                    .iter()
                    .map(|&id| f64::from(weights[usize::from(id)]))
                    .sum();
                let mut share = vec![0.0; self.names.len()];
                for &id in pool {
                    share[usize::from(id)] = f64::from(weights[usize::from(id)]) / total;
                }
                share
            };
            let before = fair(&self.before, &self.weights_before);
            let after = fair(&self.after, &self.weights);
            let gained: f64 = after
                .iter()
                .zip(&before)
                .map(|(a, b)| (a - b).max(0.0))
                .sum();
            return self.key_count() as f64 * gained;
        };
        let pool = if self.is_join() {
            &self.after
        } else {
            &self.before
        };
        let weight = |id: ServerId| f64::from(self.weights[usize::from(id)]);
        let total: f64 = pool.iter().map(|&id| weight(id)).sum();
        self.key_count() as f64 * weight(changed) / total
    }

    /// The changed server's share of the weight, p in the even-share claim.
    pub fn changed_weight_share(&self) -> f64 {
        self.even_share() / self.key_count() as f64
    }

    /// Whether fair shares are weighted: the servers' weights differ.
    pub fn weighted(&self) -> bool {
        let all = self.all_servers();
        Spread::weighted(&all, &self.weights)
    }

    pub fn spread_before(&self) -> Spread {
        Spread::of(&self.loads_before, &self.before, &self.weights_before)
    }

    pub fn spread_after(&self) -> Spread {
        Spread::of(&self.loads_after, &self.after, &self.weights)
    }

    /// Keys modulo moved for each key the ring in use moved (∞ when the
    /// ring moved none): one ratio, written one way wherever it is shown.
    pub fn modulo_over_ring(&self) -> f64 {
        if self.moved_by_owner_diff == 0 {
            f64::INFINITY
        } else {
            self.modulo_moved as f64 / self.moved_by_owner_diff as f64
        }
    }

    /// Indices of the keys whose owner changed.
    pub fn moved_keys(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.key_count()).filter(|&i| self.owners_before[i] != self.owners_after[i])
    }

    /// Every server in the scenario, in list order (a joiner last).
    pub fn all_servers(&self) -> Vec<ServerId> {
        (0..self.names.len() as ServerId).collect()
    }
}

/// The requests that go to some of the keys (DEFINITIONS §16): those whose
/// server a change or a failure changes, against all requests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RequestsPicked {
    /// Whole requests, with the reader's keys (a key seen k times is k
    /// requests); None under Zipf's law, which gives only shares.
    pub requests: Option<u64>,
    pub total: Option<u64>,
    /// Their share of all requests.
    pub share: f64,
}

impl RequestsPicked {
    /// For prose: "1,234 of 56,789 requests (2.2%)", or "2.2% of the requests".
    pub fn describe(&self) -> String {
        let percent = format!("{}%", crate::format::fixed(self.share * 100.0, 1));
        match (self.requests, self.total) {
            (Some(picked), Some(total)) => format!(
                "{} of {} requests ({percent})",
                crate::format::thousands(picked),
                crate::format::thousands(total)
            ),
            _ => format!("{percent} of the requests"),
        }
    }
}

impl Snapshot {
    /// The requests to the keys `picked` takes (by key index); None when
    /// every key is asked for alike, so requests are keys.
    pub fn requests_of(&self, picked: impl Fn(usize) -> bool) -> Option<RequestsPicked> {
        let requests = self.requests();
        if requests.is_even() {
            return None;
        }
        Some(match requests {
            requests::Requests::Counted(yours) => {
                let (mut hit, mut total) = (0u64, 0u64);
                for (index, count) in yours.requests().take(self.key_count()).enumerate() {
                    total += u64::from(count);
                    if picked(index) {
                        hit += u64::from(count);
                    }
                }
                RequestsPicked {
                    requests: Some(hit),
                    total: Some(total),
                    share: hit as f64 / total.max(1) as f64,
                }
            }
            zipf => {
                let per_key = zipf.per_key(self.key_count());
                let total: f64 = per_key.iter().sum();
                let hit: f64 = (0..per_key.len())
                    .filter(|&index| picked(index))
                    .map(|index| per_key[index])
                    .sum();
                RequestsPicked {
                    requests: None,
                    total: None,
                    share: if total > 0.0 { hit / total } else { 0.0 },
                }
            }
        })
    }

    /// Requests whose key changes server on the ring in use.
    pub fn moved_requests(&self) -> Option<RequestsPicked> {
        self.requests_of(|index| self.owners_before[index] != self.owners_after[index])
    }

    /// Requests whose key changes server under hash mod n (the same keys'
    /// positions, DEFINITIONS §18).
    pub fn modulo_moved_requests(&self) -> Option<RequestsPicked> {
        let (before, after) = (&self.before, &self.after);
        let owner =
            |pool: &[ServerId], index: usize| pool[self.keys.hashes[index] as usize % pool.len()];
        self.requests_of(|index| owner(before, index) != owner(after, index))
    }

    /// Requests whose key's server is down, so they are rerouted.
    pub fn rerouted_requests(&self) -> Option<RequestsPicked> {
        let down = self.down_ids();
        self.requests_of(|index| down.contains(&self.owners_after[index]))
    }
}

/// How unevenly a pool's ring is divided at one point setting, for the
/// spread chart: from exact shares of the ring, so with no sampling noise.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Evenness {
    pub points: u16,
    /// The busiest server's exact share over an even share, minus one:
    /// 0.25 means 25% above an even share.
    pub busiest_excess: f64,
}

/// Measure the after-change pool at several point settings.
pub fn evenness_by_points(snapshot: &Snapshot, settings: &[u16]) -> Vec<Evenness> {
    settings
        .iter()
        .map(|&points| Evenness {
            points,
            busiest_excess: snapshot.busiest_excess(points),
        })
        .collect()
}

impl Snapshot {
    /// What the placement schemes need to place this snapshot's keys; the
    /// rings it has already built are lent to the ring-based ones.
    /// Its weights are the pool after's; a deploy that changes weights
    /// lends only the ring after, as the ring before is at other weights.
    pub fn scheme_context(&self) -> Context<'_> {
        let mut built_rings = vec![(&self.after[..], &self.ring_after)];
        if self.weights_before == self.weights {
            built_rings.insert(0, (&self.before[..], &self.ring_before));
        }
        Context {
            names: &self.names,
            settings: &self.settings,
            key_count: self.key_count(),
            weights: &self.weights,
            fixed_ids: &[],
            built_rings,
            key_positions: Some(&self.key_positions),
        }
    }

    /// The contexts of the two sides: before at the weights before with the
    /// ring before lent, after at the weights after with the ring after.
    pub fn side_contexts(&self) -> (Context<'_>, Context<'_>) {
        let base = self.scheme_context();
        (
            base.side(
                &self.weights_before,
                &[],
                Some((&self.before, &self.ring_before)),
            ),
            base.side(&self.weights, &[], Some((&self.after, &self.ring_after))),
        )
    }

    /// One scheme placed on both sides of this change.
    #[inline(never)]
    pub fn run(&self, scheme: &'static dyn schemes::Scheme) -> schemes::SchemeRun {
        let (before, after) = self.side_contexts();
        schemes::SchemeRun::place_sides(
            scheme,
            (&before, &self.before),
            (&after, &self.after),
            &self.keys,
        )
    }

    /// Every textbook scheme measured on this change, in one go.
    pub fn measure_schemes(&self) -> Vec<SchemeResult> {
        self.measure_each(PlacementId::TEXTBOOK.iter().map(|id| id.scheme()))
    }

    /// Every deployed system measured on this change, in one go.
    pub fn measure_systems(&self) -> Vec<SchemeResult> {
        self.measure_each(PlacementId::DEPLOYED.iter().map(|id| id.scheme()))
    }

    /// Every scheme and system, in `placements::every()` order.
    pub fn measure_every(&self) -> Vec<SchemeResult> {
        self.measure_each(placements::every())
    }

    fn measure_each(
        &self,
        placements: impl IntoIterator<Item = &'static dyn schemes::Scheme>,
    ) -> Vec<SchemeResult> {
        placements
            .into_iter()
            .map(|scheme| {
                self.run(scheme)
                    .finish(&self.before, &self.after, self.names.len(), &self.weights)
            })
            .collect()
    }
}

impl Snapshot {
    /// How far the busiest server's exact share of the ring sits above its
    /// fair share (its share of the weight; an even share when weights are
    /// equal), at `points` per server: 0.25 is 25% above.
    pub fn busiest_excess(&self, points: u16) -> f64 {
        let ring = Ring::build(
            &self.names,
            &self.after,
            self.points_at(points),
            self.settings.hash,
        );
        let shares = failures::exact_shares(&ring, self.names.len());
        let total_weight: f64 = self
            .after
            .iter()
            .map(|&server| f64::from(self.weights[usize::from(server)]))
            .sum();
        self.after
            .iter()
            .map(|&server| {
                let fair = f64::from(self.weights[usize::from(server)]) / total_weight;
                shares[usize::from(server)] / fair
            })
            .fold(0.0, f64::max)
            - 1.0
    }

    /// The down servers as ids in the pool after the change.
    pub fn down_ids(&self) -> Vec<ServerId> {
        self.settings
            .down_servers()
            .iter()
            .filter_map(|name| {
                self.after
                    .iter()
                    .copied()
                    .find(|&server| self.name(server) == name)
            })
            .collect()
    }

    /// A failure measurement with nothing counted yet, for wording a
    /// question before the worker has measured it.
    pub fn failure_none(&self) -> Failure {
        Failure::none(self.settings.replicas_in_pool(), self.names.len())
    }

    /// Per key: true when its owner after the change is down, so it is
    /// rerouted (the ring canvas marks these; `Failure::rerouted` counts them).
    pub fn rerouted_keys(&self) -> Vec<bool> {
        let down = self.down_ids();
        self.owners_after
            .iter()
            .map(|owner| down.contains(owner))
            .collect()
    }

    /// DEFINITIONS §8 on the pool after the change, with the settings' down servers.
    pub fn measure_failure(&self) -> Failure {
        failures::measure(
            &self.ring_after,
            &self.keys,
            &self.down_ids(),
            self.settings.replicas_in_pool(),
            self.names.len(),
        )
    }

    /// Every server's exact share of the ring after the change.
    pub fn exact_shares(&self) -> Vec<f64> {
        failures::exact_shares(&self.ring_after, self.names.len())
    }

    /// Distinct replica sets on the ring after the change, at `points` per
    /// server (the current ring when it is the current setting).
    pub fn copysets_at(&self, points: u16) -> Copysets {
        let replicas = self.settings.replicas_in_pool();
        if points == self.settings.points {
            failures::copysets(&self.ring_after, self.after.len(), replicas)
        } else {
            let ring = Ring::build(
                &self.names,
                &self.after,
                self.points_at(points),
                self.settings.hash,
            );
            failures::copysets(&ring, self.after.len(), replicas)
        }
    }
}

/// A client's ring on `pool` (`use=`). None for the page's own ring, and
/// without the `clients` feature (the first screen's module, which leaves
/// a client's ring to the full app).
fn client_ring(
    in_use: InUse,
    names: &[String],
    weights: &[u32],
    pool: &[ServerId],
) -> Option<ClientRing> {
    use crate::systems::{envoy_ring, groupcache, ketama, nginx, twemproxy, Server};
    let servers: Vec<Server> = pool
        .iter()
        .map(|&id| Server {
            name: &names[usize::from(id)],
            weight: weights.get(usize::from(id)).copied().unwrap_or(1),
            fixed_id: None,
        })
        .collect();
    if cfg!(not(feature = "clients")) {
        return None;
    }
    Some(match in_use {
        InUse::Ring => return None,
        InUse::Ketama => ketama::ring(&servers, pool, &mut Vec::new()).0,
        InUse::Groupcache => groupcache::ring(names, pool),
        InUse::Nginx => nginx::ring(&servers, pool),
        InUse::EnvoyRing => {
            envoy_ring::ring(&servers, pool, envoy_ring::MINIMUM, envoy_ring::MAXIMUM).0
        }
        InUse::Twemproxy => twemproxy::ring(&servers, pool, twemproxy::KEY_HASH).0,
    })
}

/// A client's ring as the page's: its points in order, each numbered
/// within its server, at the positions `place` gives them.
fn as_ring(client: &ClientRing, names: &[String], place: impl Fn(u64) -> u32) -> Ring {
    let mut numbered = vec![0u16; names.len()];
    let entries = client
        .points()
        .iter()
        .map(|&(position, server)| {
            let point = &mut numbered[usize::from(server)];
            *point = point.saturating_add(1);
            Entry {
                position: place(position),
                server,
                point: *point - 1,
            }
        })
        .collect();
    // A client's points are sorted, one server each, and `place` keeps
    // their order.
    Ring::from_sorted(entries)
}
