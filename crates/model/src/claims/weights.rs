//! Claims about unequal servers and hot keys (DEFINITIONS §10), judged from
//! measurements by stated rules that can fail.

use super::{yes_no, Verdict};
use crate::format::{capitalised, fixed, thousands};
use crate::requests::Requests;
use crate::ring::Ring;
use crate::schemes::{bounded, Scheme};
use crate::settings::MAX_POINTS;
use crate::snapshot::Snapshot;

/// A key share within this much of the weight share, relatively, follows it.
const WEIGHT_TOLERANCE: f64 = 0.3;

fn percent1(share: f64) -> String {
    format!("{}%", fixed(share * 100.0, 1))
}

/// Weight is the same mechanism as points, doing a second job.
pub fn keys_follow_weights(s: &Snapshot) -> Verdict {
    let total_weight: f64 = s
        .after
        .iter()
        .map(|&id| f64::from(s.weights[usize::from(id)]))
        .sum();
    let keys = s.key_count() as f64;
    let mut worst = (s.after[0], 0.0f64, 0.0f64, 0.0f64);
    for &id in &s.after {
        let weight_share = f64::from(s.weights[usize::from(id)]) / total_weight;
        let key_share = f64::from(s.loads_after[usize::from(id)]) / keys;
        let off = (key_share / weight_share - 1.0).abs();
        if off >= worst.3 {
            worst = (id, weight_share, key_share, off);
        }
    }
    let held = worst.3 <= WEIGHT_TOLERANCE;
    Verdict {
        statement: "A server's share of the keys follows its weight: weight × points puts proportionally more of its points on the ring.".into(),
        rule: "Holds when every server's share of the keys is within 30% of its share of the total weight.".into(),
        held: held.into(),
        evidence: format!(
            "Furthest off: {} with weight {} ({} of the weight) holds {} of the keys, {} away; {}.",
            s.name(worst.0),
            s.weights[usize::from(worst.0)],
            percent1(worst.1),
            percent1(worst.2),
            percent1(worst.3),
            yes_no(held)
        ),
    }
}

/// Each server's share of the total weight, indexed by `ServerId`.
fn weight_shares(s: &Snapshot) -> Vec<f64> {
    let total: f64 = s
        .after
        .iter()
        .map(|&id| f64::from(s.weights[usize::from(id)]))
        .sum();
    s.weights.iter().map(|&w| f64::from(w) / total).collect()
}

/// On `ring` with skew `s`: the largest request share over a server's
/// weight share, and the largest key share over it (1 is a fair share).
fn busiest_over_fair(snapshot: &Snapshot, ring: &Ring, requests: Requests) -> (f64, f64) {
    let owners = ring.owners_of(&snapshot.keys);
    let requests = requests.shares(&owners, snapshot.names.len());
    let keys = crate::measure::loads(&owners, snapshot.names.len());
    let fair = weight_shares(snapshot);
    let count = snapshot.key_count() as f64;
    let most = |share: &dyn Fn(usize) -> f64| {
        snapshot
            .after
            .iter()
            .map(|&id| share(usize::from(id)) / fair[usize::from(id)])
            .fold(0.0, f64::max)
    };
    (
        most(&|id| requests[id]),
        most(&|id| f64::from(keys[id]) / count),
    )
}

/// The most points the cap allows for these weights, up to 500.
fn most_points(s: &Snapshot) -> u16 {
    let weight_sum: usize = s
        .after
        .iter()
        .map(|&id| usize::from(s.weights[usize::from(id)]))
        .sum();
    let allowed = crate::settings::MAX_RING_ENTRIES / weight_sum.max(1);
    (allowed.min(usize::from(MAX_POINTS)) as u16).max(s.settings.points)
}

/// A hot key's requests all go to one server, however many points.
pub fn hot_key_is_a_floor(s: &Snapshot) -> Verdict {
    let skewed = s.requests().at_least_zipf_one();
    let points = most_points(s);
    let ring = Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash);
    let (requests, keys) = busiest_over_fair(s, &ring, skewed);
    let hottest = skewed.hottest_share(s.key_count());
    let held = requests >= 1.25;
    Verdict {
        statement: "With skewed requests (s ≥ 1) more points do not even out the request load: the hottest key's share is a floor no ring can split.".into(),
        rule: "Holds when, at s = max(s, 1) (your own keys: their request counts) and the most points allowed, some server still gets at least 1.25 times its fair share of the requests (its share of the weight).".into(),
        held: held.into(),
        evidence: format!(
            "{} and {} points: no server holds more than {} times its fair share of the keys, but one gets {} times its fair share of the requests; the hottest key alone is {} of all requests; {}.",
            capitalised(&skewed.describe()),
            points,
            fixed(keys, 2),
            fixed(requests, 2),
            percent1(hottest),
            yes_no(held)
        ),
    }
}

/// Bounded loads caps keys per server; requests follow the keys' heat.
pub fn bounded_evens_keys_not_requests(s: &Snapshot) -> Verdict {
    let skewed = s.requests().at_least_zipf_one();
    let context = s.scheme_context();
    let mut placement = bounded::Bounded.place(&context, &s.after);
    let mut owners = Vec::with_capacity(s.key_count());
    placement.assign(&s.keys, 0..s.key_count(), &mut owners);
    let cap = bounded::capacity(s.settings.eps, s.key_count(), s.after.len());
    let loads = crate::measure::loads(&owners, s.names.len());
    let busiest_keys = s
        .after
        .iter()
        .map(|&id| loads[usize::from(id)])
        .max()
        .unwrap_or(0);
    let shares = skewed.shares(&owners, s.names.len());
    let busiest_requests = s
        .after
        .iter()
        .map(|&id| shares[usize::from(id)])
        .fold(0.0, f64::max);
    let request_cap = (1.0 + s.settings.eps.as_f64()) / s.after.len() as f64;
    let held = busiest_keys <= cap && busiest_requests > request_cap;
    Verdict {
        statement: "Bounded loads evens out keys, not requests: it caps how many keys a server holds, while one hot key still sends it more than its share of traffic.".into(),
        rule: "Holds when, with requests skewed at s = max(s, 1) (your own keys: their request counts), no server holds more keys than the cap but the busiest gets more than (1+ε) times an even share of the requests.".into(),
        held: held.into(),
        evidence: format!(
            "Cap {} keys; the busiest holds {}. {} the busiest gets {} of the requests, against (1+ε) ÷ n = {}; {}.",
            thousands(u64::from(cap)),
            thousands(u64::from(busiest_keys)),
            capitalised(&skewed.describe()),
            percent1(busiest_requests),
            percent1(request_cap),
            yes_no(held)
        ),
    }
}
