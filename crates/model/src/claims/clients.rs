//! Claims about what deployed clients do (DEFINITIONS §13), judged from their
//! measurements by stated rules; the findings can say "no".

use super::{equal_weights, result, unmeasured, yes_no, Held, Remeasure, Verdict};
use crate::format::{capitalised, fixed, share_in_prose, thousands};
use crate::hash::HashKind;
use crate::keyname::{KeyName, KeyNames};
use crate::keys::Keys;
use crate::measure::loads;
use crate::placements::PlacementId;
use crate::ring::Ring;
use crate::ring::ServerId;
use crate::schemes::SchemeResult;
use crate::snapshot::Snapshot;
use crate::systems::client_ring::ClientRing;
use crate::systems::{groupcache, groupcache::Groupcache, ketama, ketama::Ketama, Server};

/// A scheme's result measured again for the claim, else as measured.
fn again_or<'a>(
    again: &'a [SchemeResult],
    results: &'a [SchemeResult],
    id: PlacementId,
) -> Option<&'a SchemeResult> {
    result(again, id).or_else(|| result(results, id))
}

/// What `clients_keep_staying_servers` measures again: each client at
/// weight 1 where the measured one used other weights or is missing.
pub fn keep_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    let ones = vec![1u32; s.names.len()];
    let mut needs = Vec::new();
    if !(equal_weights(s) && result(results, PlacementId::Ketama).is_some()) {
        needs.push(Remeasure::weighted(s, &Ketama, ones.clone()));
    }
    // groupcache has no weights: any measurement of it serves.
    if result(results, PlacementId::Groupcache).is_none() {
        needs.push(Remeasure::weighted(s, &Groupcache, ones));
    }
    needs
}

/// libketama and groupcache never move a key between two servers that stay
/// when every server counts the same: a server keeps its points.
pub fn clients_keep_staying_servers(
    s: &Snapshot,
    results: &[SchemeResult],
    again: &[SchemeResult],
) -> Verdict {
    let equal = equal_weights(s);
    let (Some(ketama), Some(groupcache)) = (
        again_or(again, results, PlacementId::Ketama),
        again_or(again, results, PlacementId::Groupcache),
    ) else {
        return unmeasured();
    };
    let held = ketama.movement.moved_between == 0 && groupcache.movement.moved_between == 0;
    Verdict {
        statement: "At equal weights, ketama and groupcache move no key between two servers that both stay: each server keeps exactly its points.".into(),
        rule: "Holds when both move 0 keys between staying servers on this change, every server at weight 1.".into(),
        held: held.into(),
        evidence: format!(
            "Between staying servers: ketama {}, groupcache {}{}; {}.",
            thousands(ketama.movement.moved_between as u64),
            thousands(groupcache.movement.moved_between as u64),
            if equal { "" } else { " (your weights set aside)" },
            yes_no(held)
        ),
    }
}

/// The weights `weighted_ketama_shifts` judges: the reader's where they
/// differ, else the first server at weight 3 (DEFINITIONS §13), and which
/// server was set to 3, if one was.
fn ketama_trial_weights(s: &Snapshot) -> (Vec<u32>, Option<ServerId>) {
    if !equal_weights(s) {
        return (s.weights.clone(), None);
    }
    let mut weights = s.weights.clone();
    weights[usize::from(s.before[0])] = 3;
    (weights, Some(s.before[0]))
}

/// What `weighted_ketama_shifts` measures again: ketama at the weights it
/// judges, unless the schemes measured already hold it.
pub fn weighted_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    if !equal_weights(s) && result(results, PlacementId::Ketama).is_some() {
        return Vec::new();
    }
    vec![Remeasure::weighted(s, &Ketama, ketama_trial_weights(s).0)]
}

/// libketama's ring on `pool` with these weights (indexed by id).
fn ketama_ring(s: &Snapshot, weights: &[u32], pool: &[ServerId]) -> ClientRing {
    let servers: Vec<Server> = pool
        .iter()
        .map(|&id| Server {
            name: &s.names[usize::from(id)],
            weight: weights[usize::from(id)],
            fixed_id: None,
        })
        .collect();
    ketama::ring(&servers, pool, &mut Vec::new()).0
}

/// Positions on libketama's and groupcache's circles: 32-bit hashes.
const CIRCLE: f64 = 4_294_967_296.0;

/// Fewer keys than this expected between staying servers are too few to
/// see any: none would turn up about 1 time in 150 by chance (e^−5). The
/// rule's words say 5: a float in `format!` would bring the standard
/// float printer into the worker, 9 KB gzipped.
const FEWEST_EXPECTED: f64 = 5.0;

/// libketama shares 40 digests per server among the pool by weight, so
/// with unequal weights a change of the pool changes every server's count,
/// unless the newcomer (or leaver) weighs exactly the pool's average.
pub fn weighted_ketama_shifts(
    s: &Snapshot,
    results: &[SchemeResult],
    again: &[SchemeResult],
) -> Verdict {
    let (weights, tried) = ketama_trial_weights(s);
    let Some(ketama) = again_or(again, results, PlacementId::Ketama) else {
        return unmeasured();
    };
    let staying = |id: ServerId| s.before.contains(&id) && s.after.contains(&id);
    let share = ClientRing::share_between(
        &ketama_ring(s, &weights, &s.before),
        &ketama_ring(s, &weights, &s.after),
        staying,
        CIRCLE,
    );
    let expected = share * s.key_count() as f64;
    let between = ketama.movement.moved_between;
    let held = if share == 0.0 {
        Held::No
    } else if expected < FEWEST_EXPECTED {
        Held::NotApplicable
    } else {
        (between > 0).into()
    };
    let at = tried.map_or(String::new(), |id| {
        format!("with {} at weight 3, ", s.name(id))
    });
    let keys = format!(
        "ketama moves {} keys, {} of them between servers that stay",
        thousands(ketama.movement.moved as u64),
        thousands(between as u64),
    );
    let evidence = if share == 0.0 {
        capitalised(&format!("{at}every server that stays keeps its points (its weight over the pool's total, times 40 digests per server, comes out the same before and after): no arc passes between servers that stay, and {keys}; so it does not hold."))
    } else {
        let arcs = capitalised(&format!(
            "{at}arcs covering {} of the ring pass between servers that stay, where about {} of the {} keys fall; {keys}",
            percent_of_ring(share),
            share_in_prose(expected),
            thousands(s.key_count() as u64),
        ));
        match held {
            Held::NotApplicable => {
                format!("{arcs}. Too few keys to see it: it does not apply here.")
            }
            held => format!("{arcs}; {}.", yes_no(held == Held::Yes)),
        }
    };
    Verdict {
        statement: "With unequal weights, a ketama change moves keys between servers that stay: the pool's 40 digests per server are shared out again.".into(),
        rule: "Holds when ketama's ring, with your weights (or, at equal weights, the first server at weight 3), hands arcs from one staying server to another and keys move between servers that stay. Does not apply when those arcs would hold fewer than 5 of the keys: too few to see.".into(),
        held,
        evidence,
    }
}

/// A share of the circle as a percentage, with two decimals below 1%.
fn percent_of_ring(share: f64) -> String {
    let digits = if share < 0.01 { 2 } else { 1 };
    format!("{}%", fixed(share * 100.0, digits))
}

/// Keys under `name`, hashed by plain FNV-1a, on the pool after the change:
/// the busiest server's keys.
fn plain_fnv_busiest(s: &Snapshot, names: KeyNames) -> u32 {
    let spec = s
        .keys
        .spec()
        .cloned()
        .unwrap_or_else(|| s.settings.key_spec());
    let keys = Keys::of(spec.with_names(names).with_hash(HashKind::Fnv1a));
    let ring = Ring::build(
        &s.names,
        &s.after,
        s.points_at(s.settings.points),
        HashKind::Fnv1a,
    );
    let counts = loads(&ring.owners_of(&keys), s.names.len());
    s.after
        .iter()
        .map(|&id| counts[usize::from(id)])
        .max()
        .unwrap_or(0)
}

/// Plain FNV-1a's clumps come from the server points ("alpha#0", "alpha#1"
/// … hash close together), so renaming the keys does not cure them.
/// Measured before phrased: at the default, key-{i} and user:{i} leave the
/// busiest server within a few keys of each other, both far above even.
pub fn fnv_pile_up_whatever_the_names(s: &Snapshot) -> Verdict {
    let default = KeyNames::default();
    let other = match s.settings.key_names() {
        same if same == default => {
            KeyNames::Template(KeyName::parse("user:{i}").unwrap_or_default())
        }
        other => other,
    };
    let named_as = other.describe();
    let plain = plain_fnv_busiest(s, default);
    let named = plain_fnv_busiest(s, other);
    let even = s.key_count() as f64 / s.after.len() as f64;
    let (low, high) = (f64::from(plain.min(named)), f64::from(plain.max(named)));
    let piled = low >= 1.25 * even;
    let alike = high <= 1.15 * low;
    let held = piled && alike;
    Verdict {
        statement: "Plain FNV-1a piles keys up whatever they are called: its clumps come from the server points, so renaming the keys leaves the busiest server about as overloaded.".into(),
        rule: "Holds when, under plain FNV-1a, the busiest server after the change holds at least 1.25 times an even share with either naming (key-{i}, and your template or user:{i}), and the two differ by at most 15%.".into(),
        held: held.into(),
        evidence: format!(
            "Busiest server under plain FNV-1a: {} keys named key-{{i}}, {} named {}, against an even share of {}; {}.",
            thousands(u64::from(plain)),
            thousands(u64::from(named)),
            named_as,
            thousands(even.round() as u64),
            yes_no(held)
        ),
    }
}

/// The busiest server after the change on `ring`, and its exact share of
/// the circle over `fair` (its fair share, indexed by id).
fn busiest_over(
    s: &Snapshot,
    ring: &ClientRing,
    fair: impl Fn(ServerId) -> f64,
) -> (ServerId, f64) {
    let shares = ring.shares(CIRCLE, s.names.len());
    s.after
        .iter()
        .map(|&id| (id, shares[usize::from(id)] / fair(id)))
        .fold(
            (s.after[0], 0.0),
            |most, this| if this.1 > most.1 { this } else { most },
        )
}

/// What an operator weighs in choosing a client: 160 MD5 points against
/// groupcache's 50 CRC-32 points. Judged on exact arcs, so the key count's
/// noise has no say; on some pools the 50 points simply fall luckier.
pub fn ketama_evener_than_groupcache(s: &Snapshot) -> Verdict {
    let total: f64 = s
        .after
        .iter()
        .map(|&id| f64::from(s.weights[usize::from(id)]))
        .sum();
    let (ketama_busiest, ketama) = busiest_over(s, &ketama_ring(s, &s.weights, &s.after), |id| {
        f64::from(s.weights[usize::from(id)]) / total
    });
    let even = 1.0 / s.after.len() as f64;
    let (groupcache_busiest, groupcache) =
        busiest_over(s, &groupcache::ring(&s.names, &s.after), |_| even);
    let held = ketama <= groupcache;
    Verdict {
        statement: "Ketama's 160 points per server spread keys more evenly than groupcache's 50: its busiest server holds less of the ring.".into(),
        rule: "Holds when, after the change, ketama's busiest server owns no more of the circle, over its fair share (its share of the weight), than groupcache's busiest over an even share (groupcache has no weights). Exact arcs, not keys: the verdict does not depend on how many keys there are.".into(),
        held: held.into(),
        evidence: format!(
            "Busiest after the change, by exact arcs: under ketama {} with {} times its fair share; under groupcache {} with {} times an even share; {}.",
            s.name(ketama_busiest),
            fixed(ketama, 3),
            s.name(groupcache_busiest),
            fixed(groupcache, 3),
            if held { "so it holds" } else { "more points make an even ring likelier, not certain, so it does not hold" }
        ),
    }
}
