//! Claims about failures, judged from measurements on the current settings
//! by stated rules that can fail, like every other claim.

use super::claims::{yes_no, Claim};
use super::failures::{self, exact_shares};
use super::format::{fixed, thousands};
use super::ring::Ring;
use super::snapshot::Snapshot;

/// How many failure claims follow the scheme claims in the table.
pub const FAILURE_CLAIM_COUNT: usize = 3;

/// Points at which the square-root rule is measured: each quadruples the last.
pub const SQRT_RULE_POINTS: [u16; 5] = [1, 4, 16, 64, 256];

/// Judge failure claim `index` (0-based); the page judges them one at a time.
pub fn evaluate_one(s: &Snapshot, index: usize) -> Claim {
    match index {
        0 => failover_spreads(s),
        1 => replicas_survive_one_failure(s),
        _ => square_root_rule(s),
    }
}

pub fn evaluate(s: &Snapshot) -> Vec<Claim> {
    (0..FAILURE_CLAIM_COUNT)
        .map(|index| evaluate_one(s, index))
        .collect()
}

/// Survivors that receive a failed server's keys, at `points` per server.
fn receivers_at(s: &Snapshot, points: u16, failed: u16) -> (usize, usize) {
    let ring = if points == s.settings.points {
        s.ring_after.clone()
    } else {
        Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash)
    };
    let failure = failures::measure(&ring, &s.keys, &[failed], 1, s.names.len());
    (failure.receivers(), failure.rerouted)
}

/// One point sends a dead server's keys to its one neighbour; many points
/// spread them over every survivor.
fn failover_spreads(s: &Snapshot) -> Claim {
    let failed = s.down_ids().first().copied().unwrap_or(s.after[0]);
    let survivors = s.after.len() - 1;
    let many = s.settings.points.max(100);
    let (at_one, keys_at_one) = receivers_at(s, 1, failed);
    let (at_many, keys_at_many) = receivers_at(s, many, failed);
    let held = at_one == 1 && at_many == survivors;
    Claim {
        id: "failover-spread",
        statement: "When a server fails, at 1 point per server one neighbour takes all its keys; at 100 points or more every survivor takes a few.".into(),
        rule: "Holds when, with one server down, exactly one survivor receives keys at 1 point and every survivor receives some at the current points (at least 100).".into(),
        held,
        evidence: format!(
            "With {} down: at 1 point its {} keys went to {} of {} survivors; at {} points its {} keys went to {} of {}; {}.",
            s.name(failed),
            thousands(keys_at_one as u64),
            at_one,
            survivors,
            many,
            thousands(keys_at_many as u64),
            at_many,
            survivors,
            yes_no(held)
        ),
    }
}

/// Copies on distinct servers: with two or more, one failure loses nothing.
fn replicas_survive_one_failure(s: &Snapshot) -> Claim {
    let replicas = s.settings.replicas_in_pool().max(2);
    let failure = failures::measure(
        &s.ring_after,
        &s.keys,
        &s.down_ids(),
        replicas,
        s.names.len(),
    );
    let held = failure.single_copy_keys == 0;
    Claim {
        id: "replicas-survive",
        statement: "With two or more replicas on distinct servers, no single failure loses a key.".into(),
        rule: "Holds when every key's first R servers clockwise (R at least 2) include at least two distinct servers, so whichever one fails, a copy remains.".into(),
        held,
        evidence: format!(
            "With R = {replicas}: {} of {} keys have copies on fewer than two servers; {}.",
            thousands(failure.single_copy_keys as u64),
            thousands(s.key_count() as u64),
            yes_no(held)
        ),
    }
}

/// How far the busiest server's exact share sits above its fair share (its
/// share of the weight; an even share when weights are equal), at `points`.
pub fn busiest_excess(s: &Snapshot, points: u16) -> f64 {
    let ring = Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash);
    let shares = exact_shares(&ring, s.names.len());
    let total_weight: f64 = s
        .after
        .iter()
        .map(|&server| f64::from(s.weights[usize::from(server)]))
        .sum();
    s.after
        .iter()
        .map(|&server| {
            let fair = f64::from(s.weights[usize::from(server)]) / total_weight;
            shares[usize::from(server)] / fair
        })
        .fold(0.0, f64::max)
        - 1.0
}

/// Least-squares slope of ln(excess) against ln(points).
pub fn log_slope(measured: &[(u16, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = measured
        .iter()
        .map(|&(points, excess)| (f64::from(points).ln(), excess.max(1e-9).ln()))
        .collect();
    let n = logs.len() as f64;
    let mean_x = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let covariance: f64 = logs.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let variance: f64 = logs.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    covariance / variance
}

/// Quadruple the points, halve the busiest server's excess: ~1/√points.
fn square_root_rule(s: &Snapshot) -> Claim {
    let measured: Vec<(u16, f64)> = SQRT_RULE_POINTS
        .iter()
        .map(|&points| (points, busiest_excess(s, points)))
        .collect();
    let slope = log_slope(&measured);
    let held = (-0.75..=-0.25).contains(&slope);
    let listed: Vec<String> = measured
        .iter()
        .map(|&(points, excess)| format!("{}% at {points}", fixed(excess * 100.0, 1)))
        .collect();
    Claim {
        id: "sqrt-rule",
        statement: "The busiest server's excess over an even share shrinks like 1/√points: quadruple the points, halve the excess.".into(),
        rule: "Holds when the slope of log(excess) against log(points), fitted over 1, 4, 16, 64 and 256 points from exact ring shares, lies between −0.75 and −0.25 (−0.5 is the square-root rule).".into(),
        held,
        evidence: format!(
            "The busiest server's exact share above even: {}; fitted slope {}; {}.",
            listed.join(", "),
            fixed(slope, 2),
            yes_no(held)
        ),
    }
}
