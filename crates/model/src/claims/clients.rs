//! Claims about what deployed clients do (DEFINITIONS §13), judged from their
//! measurements by stated rules; the findings can say "no".

use super::{equal_weights, result, unmeasured, yes_no, Remeasure, Verdict};
use crate::format::thousands;
use crate::hash::HashKind;
use crate::keyname::{KeyName, KeyNames};
use crate::keys::Keys;
use crate::measure::loads;
use crate::ring::Ring;
use crate::schemes::SchemeResult;
use crate::snapshot::Snapshot;
use crate::systems::{groupcache::Groupcache, ketama::Ketama};

/// A scheme's result measured again for the claim, else as measured.
fn again_or<'a>(
    again: &'a [SchemeResult],
    results: &'a [SchemeResult],
    id: &str,
) -> Option<&'a SchemeResult> {
    result(again, id).or_else(|| result(results, id))
}

/// What `clients_keep_staying_servers` measures again: each client at
/// weight 1 where the measured one used other weights or is missing.
pub fn keep_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    let ones = vec![1u8; s.names.len()];
    let mut needs = Vec::new();
    if !(equal_weights(s) && result(results, "ketama").is_some()) {
        needs.push(Remeasure::weighted(s, &Ketama, ones.clone()));
    }
    // groupcache has no weights: any measurement of it serves.
    if result(results, "groupcache").is_none() {
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
        again_or(again, results, "ketama"),
        again_or(again, results, "groupcache"),
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

/// What `weighted_ketama_shifts` measures again: at equal weights (or
/// with no ketama measured), ketama with the first server at weight 3, as
/// in DEFINITIONS §13.
pub fn weighted_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    if !equal_weights(s) && result(results, "ketama").is_some() {
        return Vec::new();
    }
    let mut weights = s.weights.clone();
    weights[usize::from(s.before[0])] = 3;
    vec![Remeasure::weighted(s, &Ketama, weights)]
}

/// libketama shares 40 digests per server among the pool by weight, so
/// with unequal weights a change of the pool changes every server's count.
pub fn weighted_ketama_shifts(
    s: &Snapshot,
    results: &[SchemeResult],
    again: &[SchemeResult],
) -> Verdict {
    // Measured again only with the first server at weight 3.
    let (ketama, tried) = match (result(again, "ketama"), result(results, "ketama")) {
        (Some(tried), _) => (tried, Some(s.before[0])),
        (None, Some(measured)) => (measured, None),
        (None, None) => return unmeasured(),
    };
    let held = ketama.movement.moved_between > 0;
    Verdict {
        statement: "With unequal weights, a ketama change moves keys between servers that stay: the pool's 40 digests per server are shared out again.".into(),
        rule: "Holds when ketama, with your weights (or, at equal weights, the first server at weight 3), moves at least one key between two servers that stay.".into(),
        held: held.into(),
        evidence: format!(
            "{}ketama moves {} keys, {} of them between servers that stay; {}.",
            tried.map_or(String::new(), |id| format!("With {} at weight 3, ", s.name(id))),
            thousands(ketama.movement.moved as u64),
            thousands(ketama.movement.moved_between as u64),
            yes_no(held)
        ),
    }
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

/// What `ketama_evener_than_groupcache` measures again: either client
/// missing from the schemes measured, with the reader's weights.
pub fn evener_needs(s: &Snapshot, results: &[SchemeResult]) -> Vec<Remeasure> {
    let missing: [(&'static dyn crate::schemes::Scheme, &str); 2] =
        [(&Ketama, "ketama"), (&Groupcache, "groupcache")];
    missing
        .into_iter()
        .filter(|(_, id)| result(results, id).is_none())
        .map(|(scheme, _)| Remeasure::weighted(s, scheme, s.weights.clone()))
        .collect()
}

/// What an operator weighs in choosing a client: 160 MD5 points against
/// groupcache's 50 CRC-32 points.
pub fn ketama_evener_than_groupcache(
    _: &Snapshot,
    results: &[SchemeResult],
    again: &[SchemeResult],
) -> Verdict {
    let (Some(ketama), Some(groupcache)) = (
        again_or(again, results, "ketama"),
        again_or(again, results, "groupcache"),
    ) else {
        return unmeasured();
    };
    let held = ketama.spread.busiest <= groupcache.spread.busiest;
    Verdict {
        statement: "Ketama's 160 points per server spread keys more evenly than groupcache's 50: its busiest server holds fewer keys.".into(),
        rule: "Holds when ketama's busiest server after the change holds no more keys than groupcache's.".into(),
        held: held.into(),
        evidence: format!(
            "Busiest after the change: ketama {} keys, groupcache {}; {}.",
            thousands(u64::from(ketama.spread.busiest)),
            thousands(u64::from(groupcache.spread.busiest)),
            yes_no(held)
        ),
    }
}
