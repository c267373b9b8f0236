//! Claims about failures, judged from measurements on the current settings
//! by stated rules that can fail, like every other claim.

use super::{yes_no, Held, Verdict};
use crate::failures;
use crate::format::{fixed, thousands};
use crate::ring::Ring;
use crate::snapshot::Snapshot;

/// Points at which the square-root rule is measured: each quadruples the last.
pub const SQRT_RULE_POINTS: [u16; 5] = [1, 4, 16, 64, 256];

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

/// Chance, at most, that some of `survivors` gets none of `keys` spread
/// evenly over them; above it, too few keys to tell.
const LEFT_OUT_CHANCE: f64 = 0.01;

/// One point sends a dead server's keys to its one neighbour; many points
/// spread them over every survivor, as long as the dead server has many
/// more points than there are survivors.
pub fn failover_spreads(s: &Snapshot) -> Verdict {
    let failed = s.down_ids().first().copied().unwrap_or(s.after[0]);
    let survivors = s.after.len() - 1;
    let many = s.settings.points.max(100);
    let (at_one, keys_at_one) = receivers_at(s, 1, failed);
    let (at_many, keys_at_many) = receivers_at(s, many, failed);
    // Were the keys spread evenly, the chance some survivor still got none.
    let left_out = survivors as f64
        * (1.0 - 1.0 / survivors as f64).powi(keys_at_many.min(i32::MAX as usize) as i32);
    let applies = keys_at_one > 0 && left_out < LEFT_OUT_CHANCE;
    let held = at_one == 1 && at_many == survivors;
    let figures = format!(
        "With {} down: at 1 point its {} keys went to {} of {} survivors; at {} points its {} keys went to {} of {}",
        s.name(failed),
        thousands(keys_at_one as u64),
        at_one,
        survivors,
        many,
        thousands(keys_at_many as u64),
        at_many,
        survivors,
    );
    Verdict {
        statement: "When a server fails, at 1 point per server one neighbour takes all its keys; at 100 points or more every survivor takes a few.".into(),
        rule: "Holds when, with one server down, exactly one survivor receives keys at 1 point and every survivor receives some at the current points (at least 100). Does not apply when the down server holds no key at 1 point, or so few at the current points that, spread evenly, some survivor would get none more than 1 time in 100: s·(1 − 1/s)^m ≥ 0.01 for m keys over s survivors.".into(),
        held: if applies { held.into() } else { Held::NotApplicable },
        evidence: if !applies {
            format!("{figures}. Too few keys to tell: it does not apply here.")
        } else if held {
            format!("{figures}; so it holds.")
        } else {
            let next = next_servers(s, many, failed);
            let reach = if next < survivors {
                format!("only {next} distinct servers follow its {many} points clockwise")
            } else {
                format!("every survivor follows one of its {many} points, yet its arc held no key")
            };
            format!(
                "{figures}: {reach}, and {} of {survivors} survivors got nothing; so it does not hold.",
                survivors - at_many
            )
        },
    }
}

/// How many distinct servers come next clockwise after `failed`'s points,
/// at `points` per server: the most survivors its keys can reach.
fn next_servers(s: &Snapshot, points: u16, failed: u16) -> usize {
    let ring = Ring::build(&s.names, &s.after, s.points_at(points), s.settings.hash);
    let entries = ring.entries();
    let mut next = vec![false; s.names.len()];
    for i in (0..entries.len()).filter(|&i| entries[i].server == failed) {
        if let Some(server) = (1..entries.len())
            .map(|step| entries[(i + step) % entries.len()].server)
            .find(|&server| server != failed)
        {
            next[usize::from(server)] = true;
        }
    }
    next.iter().filter(|&&seen| seen).count()
}

/// Whether the copies cover the failure the reader set up: fewer servers
/// down than copies can never lose a key, as many or more can.
pub fn replicas_cover_failure(s: &Snapshot) -> Verdict {
    let replicas = s.settings.replicas_in_pool();
    let down = s.down_ids();
    let failure = s.measure_failure();
    let held = failure.no_live_copy == 0;
    let names: Vec<&str> = down.iter().map(|&server| s.name(server)).collect();
    Verdict {
        statement: "The copies cover this failure: with the servers now down, every key still has a live copy.".into(),
        rule: "Holds when no key has all R of its replicas (the first R servers of its walk clockwise) among the servers that are down.".into(),
        held: held.into(),
        evidence: format!(
            "With {} down ({} of them) and R = {replicas}: {} of {} keys have no live copy; {}.",
            names.join(" and "),
            down.len(),
            thousands(failure.no_live_copy as u64),
            thousands(s.key_count() as u64),
            yes_no(held)
        ),
    }
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
pub fn square_root_rule(s: &Snapshot) -> Verdict {
    let measured: Vec<(u16, f64)> = SQRT_RULE_POINTS
        .iter()
        .map(|&points| (points, s.busiest_excess(points)))
        .collect();
    let slope = log_slope(&measured);
    let held = (-0.75..=-0.25).contains(&slope);
    let listed: Vec<String> = measured
        .iter()
        .map(|&(points, excess)| format!("{}% at {points}", fixed(excess * 100.0, 1)))
        .collect();
    Verdict {
        statement: "The busiest server's excess over an even share shrinks like 1/√points: quadruple the points, halve the excess.".into(),
        rule: "Holds when the slope of log(excess) against log(points), fitted over 1, 4, 16, 64 and 256 points from exact ring shares, lies between −0.75 and −0.25 (−0.5 is the square-root rule).".into(),
        held: held.into(),
        evidence: format!(
            "The busiest server's exact share above even: {}; fitted slope {}; {}.",
            listed.join(", "),
            fixed(slope, 2),
            yes_no(held)
        ),
    }
}
