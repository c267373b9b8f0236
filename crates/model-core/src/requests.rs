//! Hot keys (DEFINITIONS §10): the key of rank r (key-first is rank 1) gets
//! requests in proportion to 1/r^s. A server's request load is the share of
//! all requests its keys get; with s = 0 it is its share of the keys.

use super::format::fixed;
use super::ring::ServerId;
use super::settings::Skew;
use super::your_keys::YourKeys;

/// Where the requests to each key come from: Zipf's law at exponent s, or
/// the reader's own keys, a key seen k times being k requests (DEFINITIONS §16).
#[derive(Clone, Copy, Debug)]
pub enum Requests<'a> {
    Zipf(f64),
    Counted(&'a YourKeys),
}

impl Requests<'_> {
    /// Requests to each of the first `count` keys, up to a common factor.
    pub fn per_key(&self, count: usize) -> Vec<f64> {
        match self {
            Requests::Zipf(s) => key_requests(count, *s),
            Requests::Counted(keys) => keys.requests().take(count).map(f64::from).collect(),
        }
    }

    /// Each server's share of all requests, given every key's owner.
    pub fn shares(&self, owners: &[ServerId], server_count: usize) -> Vec<f64> {
        shares_of(owners, &self.per_key(owners.len()), server_count)
    }

    /// The hottest of `count` keys' own share of all requests.
    pub fn hottest_share(&self, count: usize) -> f64 {
        match self {
            Requests::Zipf(s) => hottest_key_share(count, *s),
            Requests::Counted(_) => {
                let requests = self.per_key(count);
                let total: f64 = requests.iter().sum();
                requests.iter().fold(0.0, |a: f64, &b| a.max(b)) / total.max(1.0)
            }
        }
    }

    /// The `n` hottest of `count` keys, hottest first (ties by key order):
    /// each key's index and its requests over the hottest key's.
    pub fn hottest(&self, count: usize, n: usize) -> Vec<(usize, f64)> {
        // One pass keeping the n hottest so far, hottest first: no copy of
        // 100,000 of the reader's counts, no sort of them.
        let mut ranked: Vec<(usize, f64)> = Vec::with_capacity(n + 1);
        let mut consider = |index: usize, requests: f64| {
            if ranked.len() == n && ranked.last().is_none_or(|&(_, r)| requests <= r) {
                return;
            }
            // After every key as hot: a tie keeps key order.
            let at = ranked.partition_point(|&(_, r)| r >= requests);
            ranked.insert(at, (index, requests));
            ranked.truncate(n);
        };
        match self {
            // Zipf's ranks are the key order: only the first n can be hottest.
            Requests::Zipf(_) => {
                for (index, requests) in self.per_key(count.min(n)).into_iter().enumerate() {
                    consider(index, requests);
                }
            }
            Requests::Counted(keys) => {
                for (index, requests) in keys.requests().take(count).enumerate() {
                    consider(index, f64::from(requests));
                }
            }
        }
        let top = ranked.first().map_or(1.0, |&(_, r)| r);
        ranked
            .into_iter()
            .map(|(index, requests)| (index, requests / top))
            .collect()
    }

    /// Requests at least as skewed as Zipf at s = 1 (claims about hot
    /// keys need some): the reader's own counts are kept as they are.
    pub fn at_least_zipf_one(self) -> Self {
        match self {
            Requests::Zipf(s) => Requests::Zipf(s.max(1.0)),
            counted => counted,
        }
    }

    /// Every key alike: request shares are key shares.
    pub fn is_even(&self) -> bool {
        matches!(self, Requests::Zipf(s) if *s == 0.0)
    }

    /// For prose: "at s = 1.2", or "with your keys' request counts".
    pub fn describe(&self) -> String {
        match self {
            Requests::Zipf(s) => format!("at s = {}", fixed(*s, 1)),
            Requests::Counted(_) => "with your keys' request counts".to_string(),
        }
    }
}

/// The exponent s of a skew kept in tenths.
pub fn exponent(skew: Skew) -> f64 {
    f64::from(skew.get()) / 10.0
}

/// Requests to each key, in key order, up to a common factor: 1/r^s.
pub fn key_requests(count: usize, s: f64) -> Vec<f64> {
    (1..=count).map(|rank| (rank as f64).powf(-s)).collect()
}

/// H(K, s) = Σ 1/r^s for r = 1 … K.
pub fn harmonic(count: usize, s: f64) -> f64 {
    key_requests(count, s).iter().sum()
}

/// The hottest key's own share of all requests: 1/H(K, s).
pub fn hottest_key_share(count: usize, s: f64) -> f64 {
    1.0 / harmonic(count, s)
}

/// Each server's share of all requests, indexed by `ServerId`, given every
/// key's owner in key order.
pub fn request_shares(owners: &[ServerId], s: f64, server_count: usize) -> Vec<f64> {
    shares_of(owners, &key_requests(owners.len(), s), server_count)
}

/// Each server's share of all requests, given each key's owner and requests.
fn shares_of(owners: &[ServerId], requests: &[f64], server_count: usize) -> Vec<f64> {
    let total: f64 = requests.iter().sum();
    let mut shares = vec![0.0; server_count];
    for (&owner, &weight) in owners.iter().zip(requests) {
        shares[usize::from(owner)] += weight;
    }
    if total > 0.0 {
        for share in &mut shares {
            *share /= total;
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hottest_key_share_is_one_over_h() {
        // H(4, 1) = 1 + 1/2 + 1/3 + 1/4 = 25/12.
        assert!((harmonic(4, 1.0) - 25.0 / 12.0).abs() < 1e-12);
        assert!((hottest_key_share(4, 1.0) - 12.0 / 25.0).abs() < 1e-12);
        // s = 0: every key alike, so the hottest holds 1/K.
        assert!((hottest_key_share(1000, 0.0) - 0.001).abs() < 1e-15);
        // s = 2 tends to 6/π² for many keys.
        assert!(
            (hottest_key_share(100_000, 2.0) - 6.0 / std::f64::consts::PI.powi(2)).abs() < 1e-5
        );
    }

    #[test]
    fn the_hottest_are_the_first_of_a_full_sort() {
        use crate::your_keys::{read, Reading, Split};
        // Lines with many ties: key k appears (k * 7919) % 23 + 1 times.
        let text: String = (0..3_000)
            .flat_map(|k| std::iter::repeat_n(format!("k{k}\n"), (k * 7919) % 23 + 1))
            .collect();
        let whole = Reading {
            split: Split::Spaces,
            field: None,
        };
        let keys = YourKeys::new(read(text.as_bytes(), whole).unwrap());
        let requests = Requests::Counted(&keys);
        let counts = requests.per_key(keys.len());
        let mut sorted: Vec<usize> = (0..counts.len()).collect();
        sorted.sort_by(|&a, &b| counts[b].total_cmp(&counts[a]).then(a.cmp(&b)));
        for n in [0, 1, 40, 130, 3_000, 5_000] {
            let expected: Vec<(usize, f64)> = sorted
                .iter()
                .take(n)
                .map(|&at| (at, counts[at] / counts[sorted[0]]))
                .collect();
            assert_eq!(requests.hottest(keys.len(), n), expected, "n = {n}");
        }
        // Zipf: the first keys, in order.
        let zipf = Requests::Zipf(1.0).hottest(1_000, 3);
        assert_eq!(zipf, [(0, 1.0), (1, 0.5), (2, 1.0 / 3.0)]);
    }

    #[test]
    fn without_skew_requests_follow_keys() {
        let owners = [0, 1, 1, 2, 1];
        let shares = request_shares(&owners, 0.0, 3);
        assert_eq!(shares, vec![0.2, 0.6, 0.2]);
        // With skew the first key (server 0) weighs most.
        let skewed = request_shares(&owners, 2.0, 3);
        assert!(skewed[0] > 0.6);
        assert!((skewed.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
