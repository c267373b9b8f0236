//! Claims about unequal servers and hot keys (DEFINITIONS §10), judged from
//! measurements by stated rules that can fail.

use super::{yes_no, Verdict};
use crate::format::{capitalised, fixed, share_in_prose, thousands};
use crate::requests::Requests;
use crate::ring::Ring;
use crate::schemes::{bounded, Scheme};
use crate::settings::MAX_POINTS;
use crate::snapshot::Snapshot;

/// A server's keys within this much of its fair share, relatively (give or
/// take the binomial noise), follow its weight.
const WEIGHT_TOLERANCE: f64 = 0.3;

fn percent1(share: f64) -> String {
    format!("{}%", fixed(share * 100.0, 1))
}

/// Three binomial standard deviations of a count out of `keys` with chance `p`.
fn three_sd(keys: f64, p: f64) -> f64 {
    3.0 * (keys * p * (1.0 - p)).sqrt()
}

/// Weight is the same mechanism as points, doing a second job.
pub fn keys_follow_weights(s: &Snapshot) -> Verdict {
    let fair = weight_shares(s);
    let keys = s.key_count() as f64;
    // Per server: its fair count, how far off it is, and how far it may be.
    let judged: Vec<(u16, f64, f64, f64)> = s
        .after
        .iter()
        .map(|&id| {
            let p = fair[usize::from(id)];
            let expected = keys * p;
            let off = (f64::from(s.loads_after[usize::from(id)]) - expected).abs();
            (
                id,
                expected,
                off,
                WEIGHT_TOLERANCE * expected + three_sd(keys, p),
            )
        })
        .collect();
    let applies = s.after.iter().all(|&id| {
        three_sd(keys, fair[usize::from(id)]) <= WEIGHT_TOLERANCE * keys * fair[usize::from(id)]
    });
    let &(worst, expected, off, allowed) = judged
        .iter()
        .max_by(|a, b| (a.2 / a.3).total_cmp(&(b.2 / b.3)))
        .expect("a pool has servers");
    let held = off <= allowed;
    let figures = format!(
        "Furthest off: {} with weight {} ({} of the weight) holds {} keys against a fair share of {}, off by {} where 30% and 3 standard deviations allow {}",
        s.name(worst),
        s.weights[usize::from(worst)],
        percent1(fair[usize::from(worst)]),
        thousands(u64::from(s.loads_after[usize::from(worst)])),
        share_in_prose(expected),
        share_in_prose(off),
        share_in_prose(allowed),
    );
    Verdict::beyond_noise(
        "A server's share of the keys follows its weight: weight × points puts proportionally more of its points on the ring.".into(),
        "Holds when every server's keys are within 30% of its fair share K × w ÷ ΣW, give or take 3 binomial standard deviations √(K·p·(1−p)), p = w ÷ ΣW. Does not apply when 3 standard deviations alone are more than 30% of some server's fair share: too few keys to tell.".into(),
        figures,
        applies,
        held,
    )
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

/// With these `owners` and requests, per server after the change: its
/// fair share (of the weight), its share of the requests, and its keys over
/// its fair count.
fn shares_on(snapshot: &Snapshot, owners: &[u16], requests: Requests) -> Vec<(u16, f64, f64, f64)> {
    let requests = requests.shares(owners, snapshot.names.len());
    let keys = crate::measure::loads(owners, snapshot.names.len());
    let fair = weight_shares(snapshot);
    let count = snapshot.key_count() as f64;
    snapshot
        .after
        .iter()
        .map(|&id| {
            let i = usize::from(id);
            (
                id,
                fair[i],
                requests[i],
                f64::from(keys[i]) / count / fair[i],
            )
        })
        .collect()
}

/// The most points the cap allows for these weights, up to 500.
fn most_points(s: &Snapshot) -> u16 {
    let weight_sum: usize = s
        .after
        .iter()
        .map(|&id| s.weights[usize::from(id)] as usize)
        .sum();
    let allowed = crate::settings::MAX_RING_ENTRIES / weight_sum.max(1);
    (allowed.min(usize::from(MAX_POINTS)) as u16).max(s.settings.points)
}

/// One standard deviation of a server's share of `keys` keys placed at
/// random with chance `fair`: how far its share strays with even requests.
fn share_sd(fair: f64, keys: f64) -> f64 {
    (fair * (1.0 - fair) / keys).sqrt()
}

/// A hot key's requests all go to one server, however many points: the
/// request load stays uneven where the key load has evened out. Judged
/// beyond the noise: a check, which stands aside where too few keys can tell.
pub fn hot_key_is_a_floor(s: &Snapshot) -> Verdict {
    let skewed = s.requests().at_least_zipf_one();
    let points = most_points(s);
    let ring = Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash);
    let owners = ring.owners_of(&s.keys);
    let servers = shares_on(s, &owners, skewed);
    let keys = s.key_count() as f64;
    let per_key = skewed.per_key(s.key_count());
    let total: f64 = per_key.iter().sum();
    let (hottest_key, hottest) =
        per_key.iter().enumerate().fold(
            (0, 0.0),
            |most, (i, &r)| if r > most.1 { (i, r) } else { most },
        );
    let hottest = hottest / total;
    // The server furthest over its fair share of the requests, in units of
    // the noise that placing keys alone would give it.
    let z =
        |&(_, fair, requests, _): &(u16, f64, f64, f64)| (requests - fair) / share_sd(fair, keys);
    let &(busiest, fair, requests, _) = servers
        .iter()
        .max_by(|a, b| z(a).total_cmp(&z(b)))
        .expect("a pool has servers");
    let noise = 3.0 * share_sd(fair, keys);
    let held = requests - fair > noise;
    // What the hottest key alone adds to its server's share over its fair
    // share must clear twice that noise, or too few keys can tell.
    let hot_fair = servers
        .iter()
        .find(|&&(id, ..)| id == owners[hottest_key])
        .map_or(0.0, |&(_, fair, ..)| fair);
    let applies = hottest * (1.0 - hot_fair) > 2.0 * 3.0 * share_sd(hot_fair, keys);
    let most_keys = servers.iter().map(|&(.., k)| k).fold(0.0, f64::max);
    let figures = format!(
        "{} and {} points: no server holds more than {} times its fair share of the keys, but {} gets {} of the requests against a fair share of {}, {} points over where 3 standard deviations of key noise are {}; the hottest key alone is {} of all requests, on {}",
        capitalised(&skewed.describe()),
        points,
        fixed(most_keys, 2),
        s.name(busiest),
        percent1(requests),
        percent1(fair),
        fixed((requests - fair) * 100.0, 1),
        fixed(noise * 100.0, 1),
        percent1(hottest),
        s.name(owners[hottest_key]),
    );
    Verdict::beyond_noise(
        "With skewed requests (s ≥ 1) more points do not even out the request load: the hottest key's share is a floor no ring can split.".into(),
        "Holds when, at s = max(s, 1) (your own keys: their request counts) and the most points allowed, some server's share of the requests exceeds its fair share f (its share of the weight) by more than 3 standard deviations of what placing K keys alone gives, √(f·(1−f) ÷ K). Does not apply when what the hottest key adds to its server, h·(1−f), is within twice that: too few keys to tell.".into(),
        figures,
        applies,
        held,
    )
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
