//! What the measuring worker sends the page: every figure of the panels
//! that wait on it (DEFINITIONS §7–8, §3, §12, the spread chart), measured for one
//! address, as JSON. The page's worker prints it with `Report::to_json`, the
//! page reads it with the browser's `JSON.parse` (`src/app/from_js.rs`), and
//! the native oracle prints the same JSON, so a browser test can compare the
//! two.
//!
//! A `Job` measures a report a piece at a time (the failure walk, one scheme,
//! the claims, …) so the worker can look for a newer address between
//! pieces and drop the rest of an old one.

use std::collections::VecDeque;

use serde::Serialize;

use crate::claims::{self, Claim};
use crate::failures::{Copysets, Failure};
use crate::key_path::{self, KeyPath};
use crate::keys::Keys;
use crate::one_key::{self, KeyOwners};
use crate::panels::Work;
use crate::placements::{self, PlacementId};
use crate::questions::{self, Question};
use crate::schemes::{self, SchemeResult, SchemeRun};
use crate::snapshot::{evenness_by_points, Evenness, Snapshot};

/// Point settings the spread chart measures (the reader's own is added).
pub const CHART_POINTS: [u16; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 350, 500];

/// How long one lookup took in this browser, and how far to trust it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LookupTiming {
    pub nanos_per_lookup: f64,
    pub lookups: usize,
    pub elapsed_ms: f64,
    /// The smallest step this clock was seen to take.
    pub resolution_ms: f64,
}

impl LookupTiming {
    /// The timing's uncertainty from the clock alone, as a share of it.
    pub fn relative_error(&self) -> f64 {
        if self.elapsed_ms > 0.0 {
            self.resolution_ms / self.elapsed_ms
        } else {
            1.0
        }
    }
}

/// One scheme's row: what the model measured and, once timed, its lookups.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemeRow {
    pub result: SchemeResult,
    pub lookup: Option<LookupTiming>,
}

/// The failure panel's figures (DEFINITIONS §8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureReport {
    pub failure: Failure,
    pub copysets_now: Copysets,
    pub copysets_at_one: Copysets,
}

/// One typed key (`key=`), placed by every scheme before and after the change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OneKey {
    pub key: String,
    /// Its position on the ring drawn: the hash menu's, or the client's in use.
    pub position: u32,
    /// Its owners, a row per scheme and system in `placements::every()` order.
    pub owners: Vec<KeyOwners>,
    /// Its path under each scheme and system that has one (`key_path::paths`).
    pub paths: Vec<KeyPath>,
}

/// Everything measured for one address; a part is `None` until measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// The address measured, as `query::render` writes it.
    pub query: String,
    pub failure: Option<FailureReport>,
    pub schemes: Option<Vec<SchemeRow>>,
    /// The deployed systems' rows (DEFINITIONS §15), in `systems::ALL` order.
    pub systems: Option<Vec<SchemeRow>>,
    pub claims: Option<Vec<Claim>>,
    pub evenness: Option<Vec<Evenness>>,
    pub questions: Option<Vec<Question>>,
    pub one_key: Option<OneKey>,
}

impl Report {
    pub fn to_json(&self) -> String {
        // Every part is plain data with string keys: it always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether nothing is measured here.
    pub fn is_empty(&self) -> bool {
        !Work::ALL.into_iter().any(|work| self.has(work)) && self.one_key.is_none()
    }

    /// Whether `work` is measured here.
    pub fn has(&self, work: Work) -> bool {
        match work {
            Work::Failure => self.failure.is_some(),
            Work::Schemes => self.schemes.is_some(),
            Work::Systems => self.systems.is_some(),
            Work::Claims => self.claims.is_some(),
            Work::Evenness => self.evenness.is_some(),
            Work::Questions => self.questions.is_some(),
        }
    }

    /// Take every part `newer` has (for the same address).
    pub fn merge(&mut self, newer: Report) {
        self.query = newer.query;
        self.failure = newer.failure.or(self.failure.take());
        self.schemes = newer.schemes.or(self.schemes.take());
        self.systems = newer.systems.or(self.systems.take());
        self.claims = newer.claims.or(self.claims.take());
        self.evenness = newer.evenness.or(self.evenness.take());
        self.questions = newer.questions.or(self.questions.take());
        self.one_key = newer.one_key.or(self.one_key.take());
    }

    /// Measure `work` (and `key`'s owners, if given) in one go, without
    /// timing lookups (the oracle, tests).
    pub fn measure(snapshot: &Snapshot, query: &str, work: &[Work], key: Option<&str>) -> Report {
        let mut job = Job::new(query, work);
        if let Some(key) = key {
            job.ask_key(key);
        }
        while job.step(snapshot, None).is_some() {}
        job.report
    }
}

/// A clock in milliseconds (the browser's `performance.now`), to time lookups.
pub type Clock<'a> = &'a dyn Fn() -> f64;

/// One piece of a job: each is measured whole, and the worker looks for a
/// newer address between pieces.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// This key's owners under every scheme.
    OneKey(String),
    Failure,
    /// The scheme or system at this index of `placements::every()`.
    Scheme(usize),
    Claims,
    Evenness,
    Questions,
    /// Every placed scheme's lookups timed, last, as nothing waits on them.
    Lookups,
    /// Everything measured so far, sent again (`Job::resend`).
    SoFar,
}

/// A report being measured for one snapshot, a piece at a time.
pub struct Job {
    report: Report,
    pieces: VecDeque<Piece>,
    /// The schemes and systems placed so far, by index in `placements::every()`, kept to time
    /// their lookups, with their figures.
    runs: Vec<Option<(SchemeRun, SchemeResult)>>,
}

impl Job {
    /// The pieces that measure `work`, in its order, each after what it
    /// needs: the claims and the questions read the schemes, the questions
    /// the failure too.
    pub fn new(query: &str, work: &[Work]) -> Job {
        let mut pieces = VecDeque::new();
        let mut add = |piece: Piece| {
            if !pieces.contains(&piece) {
                pieces.push_back(piece);
            }
        };
        let textbook = 0..PlacementId::TEXTBOOK.len();
        let deployed = PlacementId::TEXTBOOK.len()..PlacementId::ALL.len();
        let add_range = |add: &mut dyn FnMut(Piece), range: std::ops::Range<usize>| {
            for index in range {
                add(Piece::Scheme(index));
            }
        };
        for &asked in work {
            match asked {
                Work::Failure => add(Piece::Failure),
                Work::Schemes => add_range(&mut add, textbook.clone()),
                Work::Systems => add_range(&mut add, deployed.clone()),
                Work::Claims => {
                    // Only the placements a claim reads: the claims are the
                    // panel a reader waits on longest.
                    for (index, scheme) in placements::every().enumerate() {
                        if claims::read_by_claims(scheme.id()) {
                            add(Piece::Scheme(index));
                        }
                    }
                    add(Piece::Claims);
                }
                Work::Evenness => add(Piece::Evenness),
                Work::Questions => {
                    add(Piece::Failure);
                    add_range(&mut add, textbook.clone());
                    add(Piece::Questions);
                }
            }
        }
        if work.contains(&Work::Schemes) || work.contains(&Work::Systems) {
            add(Piece::Lookups);
        }
        Job {
            report: Report {
                query: query.to_string(),
                ..Report::default()
            },
            pieces,
            runs: placements::every().map(|_| None).collect(),
        }
    }

    /// Measure the next piece on `snapshot` (the one `query` names);
    /// `clock` times the schemes' lookups (none: left untimed). Returns what
    /// the piece finished, as a report of only those parts (often none: a
    /// scheme is sent with the others once all are placed), or `None` when
    /// nothing is left.
    pub fn step(&mut self, snapshot: &Snapshot, clock: Option<Clock>) -> Option<Report> {
        let piece = self.pieces.pop_front()?;
        if piece == Piece::SoFar {
            return Some(self.report.clone());
        }
        let mut part = Report {
            query: self.report.query.clone(),
            ..Report::default()
        };
        match piece {
            Piece::OneKey(key) => {
                let (position, owners) = one_key::owners(snapshot, &key);
                part.one_key = Some(OneKey {
                    paths: key_path::paths(snapshot, &key),
                    key,
                    position,
                    owners,
                });
            }
            Piece::Failure => {
                part.failure = Some(FailureReport {
                    failure: snapshot.measure_failure(),
                    copysets_now: snapshot.copysets_at(snapshot.settings.points),
                    copysets_at_one: snapshot.copysets_at(1),
                });
            }
            Piece::Scheme(index) => self.place(snapshot, index, &mut part),
            Piece::Claims => {
                part.claims = Some(claims::evaluate_with(snapshot, &self.results()));
            }
            Piece::Evenness => {
                let reader = snapshot.settings.points;
                let mut points: Vec<u16> = CHART_POINTS.to_vec();
                if !points.contains(&reader) {
                    points.push(reader);
                    points.sort_unstable();
                }
                part.evenness = Some(evenness_by_points(snapshot, &points));
            }
            Piece::Questions => {
                let failure = self.report.failure.as_ref().map(|f| &f.failure);
                let failure = failure.cloned().unwrap_or_else(|| snapshot.failure_none());
                // The questions ask about the schemes table's rows alone.
                let textbook: Vec<SchemeResult> = self
                    .results()
                    .into_iter()
                    .filter(|result| !result.id.is_system())
                    .collect();
                part.questions = Some(questions::ask(snapshot, &textbook, &failure));
            }
            Piece::SoFar => {}
            Piece::Lookups => {
                if let Some(clock) = clock {
                    self.time(snapshot, clock, &mut part);
                }
            }
        }
        self.report.merge(part.clone());
        Some(part)
    }

    /// Place the scheme or system at `index` of `placements::every()`; once
    /// all of its table are placed, their rows go out together in `part`.
    fn place(&mut self, snapshot: &Snapshot, index: usize, part: &mut Report) {
        let Some(scheme) = placements::every().nth(index) else {
            return;
        };
        let run = snapshot.run(scheme);
        let mut result = run.finish(
            &snapshot.before,
            &snapshot.after,
            snapshot.names.len(),
            &snapshot.weights,
        );
        // Only when the reader names servers down: the default failure (the
        // pool's first) is the failure panel's alone.
        if !snapshot.settings.down.is_empty() {
            result.down = Some(schemes::measure_down(
                scheme,
                &snapshot.scheme_context(),
                &snapshot.keys,
                &snapshot.after,
                &snapshot.down_ids(),
            ));
        }
        self.runs[index] = Some((run, result));
        let (textbook, deployed) = self.runs.split_at(PlacementId::TEXTBOOK.len());
        if index < PlacementId::TEXTBOOK.len() {
            part.schemes = rows(textbook);
        } else {
            part.systems = rows(deployed);
        }
    }

    /// Every placed table's rows again, each with its lookups timed by `clock`.
    fn time(&self, snapshot: &Snapshot, clock: Clock, part: &mut Report) {
        let resolution = clock_resolution(clock);
        let (textbook, deployed) = self.runs.split_at(PlacementId::TEXTBOOK.len());
        let timed = |runs: &[Option<(SchemeRun, SchemeResult)>]| {
            let complete: Option<Vec<_>> = runs.iter().map(Option::as_ref).collect();
            complete.map(|runs| {
                runs.into_iter()
                    .map(|(run, result)| SchemeRow {
                        result: result.clone(),
                        lookup: time_lookups(run, &snapshot.keys, clock, resolution),
                    })
                    .collect()
            })
        };
        part.schemes = timed(textbook);
        part.systems = timed(deployed);
    }

    /// Place `key` next, before anything else left: the reader is typing it.
    pub fn ask_key(&mut self, key: &str) {
        self.pieces
            .retain(|piece| !matches!(piece, Piece::OneKey(_)));
        self.pieces.push_front(Piece::OneKey(key.to_string()));
    }

    /// Send everything measured so far again, before anything else: the
    /// page asked for this address anew (it left for another and came back
    /// before that one was measured), so it dropped the parts already sent
    /// as answers to an older request.
    pub fn resend(&mut self) {
        if !self.report.is_empty() && !self.pieces.contains(&Piece::SoFar) {
            self.pieces.push_front(Piece::SoFar);
        }
    }

    /// Measure `work` next, in its order, then what was left: the page asks
    /// again, with the panel the reader scrolled to first.
    pub fn ask(&mut self, work: &[Work]) {
        let asked = Job::new(&self.report.query, work);
        let left = std::mem::take(&mut self.pieces);
        let key = left.iter().find(|piece| matches!(piece, Piece::OneKey(_)));
        self.pieces.extend(key.cloned());
        for piece in asked.pieces.into_iter().chain(left) {
            let done = match &piece {
                Piece::Scheme(index) => self.runs[*index].is_some(),
                Piece::Failure => self.report.failure.is_some(),
                Piece::Claims => self.report.claims.is_some(),
                Piece::Evenness => self.report.evenness.is_some(),
                Piece::Questions => self.report.questions.is_some(),
                Piece::Lookups => self
                    .report
                    .schemes
                    .iter()
                    .chain(&self.report.systems)
                    .flatten()
                    .any(|row| row.lookup.is_some()),
                Piece::OneKey(_) | Piece::SoFar => false,
            };
            if !done && !self.pieces.contains(&piece) {
                self.pieces.push_back(piece);
            }
        }
    }

    /// The address this job measures, as `query::render` writes it.
    pub fn query(&self) -> &str {
        &self.report.query
    }

    /// Every part measured so far.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The figures of the schemes and systems placed so far, in
    /// `placements::every()` order.
    fn results(&self) -> Vec<SchemeResult> {
        self.runs
            .iter()
            .flatten()
            .map(|(_, result)| result.clone())
            .collect()
    }
}

/// A table's rows once every one of `runs` is placed, untimed.
fn rows(runs: &[Option<(SchemeRun, SchemeResult)>]) -> Option<Vec<SchemeRow>> {
    runs.iter()
        .map(|run| {
            run.as_ref().map(|(_, result)| SchemeRow {
                result: result.clone(),
                lookup: None,
            })
        })
        .collect()
}

/// How long to time each scheme's lookups: long against the clock's step.
const LOOKUP_MS: f64 = 5.0;

/// Untimed lookups first: the browser compiles hot wasm code a second time,
/// optimised, and the first lookups would otherwise time the slow tier.
const WARM_UP_MS: f64 = 1.5;

/// The smallest step `clock` takes: browsers coarsen it.
fn clock_resolution(clock: Clock) -> f64 {
    let mut step = 0.0;
    // Wait for two ticks; the gap between them is one step.
    for _ in 0..2 {
        let from = clock();
        let mut reading = from;
        let mut spins = 0;
        while reading == from && spins < 1_000_000 {
            reading = clock();
            spins += 1;
        }
        step = reading - from;
    }
    step
}

/// Look keys up in batches until `LOOKUP_MS` has passed; ns per lookup.
fn time_lookups(
    run: &SchemeRun,
    keys: &Keys,
    clock: Clock,
    resolution_ms: f64,
) -> Option<LookupTiming> {
    let mut checksum = 0u64;
    // Both loops are bounded in count too, in case a clock never moves.
    let warm_up = clock();
    let mut warmed = 0usize;
    while clock() - warm_up < WARM_UP_MS && warmed < 10_000_000 {
        checksum = checksum.wrapping_add(run.lookups(keys, warmed, 256));
        warmed += 256;
    }
    let mut lookups = 0usize;
    let mut batch = 64usize;
    let start = clock();
    let mut elapsed = 0.0;
    while elapsed < LOOKUP_MS && lookups < 50_000_000 {
        checksum = checksum.wrapping_add(run.lookups(keys, lookups, batch));
        lookups += batch;
        elapsed = clock() - start;
        batch = (batch * 2).min(1 << 12);
    }
    std::hint::black_box(checksum);
    (elapsed > 0.0).then(|| LookupTiming {
        nanos_per_lookup: elapsed * 1e6 / lookups as f64,
        lookups,
        elapsed_ms: elapsed,
        resolution_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn snapshot() -> Snapshot {
        Snapshot::measure(&Settings::default()).expect("valid")
    }

    #[test]
    fn work_ids_are_the_json_names() {
        for work in Work::ALL {
            assert_eq!(
                serde_json::to_string(&work).ok(),
                Some(format!("\"{}\"", work.id()))
            );
            assert_eq!(Work::from_id(work.id()), Some(work));
        }
        assert_eq!(Work::from_id("claim"), None);
    }

    #[test]
    fn a_report_is_json_with_every_part_asked_for() {
        let snapshot = snapshot();
        let all = Work::ALL;
        let report = Report::measure(&snapshot, "q", &all, Some("user:42"));
        assert_eq!(
            report.one_key.as_ref().map(|k| k.owners.len()),
            Some(placements::every().count())
        );
        assert!(all.iter().all(|&work| report.has(work)));
        // The JSON has every part, named as the page reads them.
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON");
        for part in [
            "failure",
            "schemes",
            "claims",
            "evenness",
            "questions",
            "one_key",
        ] {
            assert!(!json[part].is_null(), "{part}");
        }
        assert_eq!(
            json["claims"][0]["id"],
            report.claims.as_ref().expect("claims")[0].id
        );
        assert_eq!(json["one_key"]["key"], "user:42");
    }

    #[test]
    fn a_job_measures_what_each_piece_needs_first_and_each_piece_once() {
        let snapshot = snapshot();
        let mut job = Job::new("q", &[Work::Questions, Work::Failure]);
        let mut sent = Vec::new();
        while let Some(part) = job.step(&snapshot, None) {
            sent.push(part);
        }
        // The failure, ten schemes (sent together with the last), the questions.
        assert_eq!(sent.len(), 2 + PlacementId::TEXTBOOK.len());
        assert!(sent[0].failure.is_some());
        assert!(sent[1..PlacementId::TEXTBOOK.len()].iter().all(|p| *p
            == Report {
                query: "q".into(),
                ..Report::default()
            }));
        assert_eq!(
            sent[PlacementId::TEXTBOOK.len()]
                .schemes
                .as_ref()
                .map(Vec::len),
            Some(PlacementId::TEXTBOOK.len())
        );
        let questions = sent
            .last()
            .and_then(|p| p.questions.clone())
            .expect("questions last");
        let failure = snapshot.measure_failure();
        assert_eq!(
            questions,
            questions::ask(&snapshot, &snapshot.measure_schemes(), &failure)
        );
        assert!(job.report().claims.is_none());
    }

    #[test]
    fn the_claims_on_the_schemes_they_read_are_the_claims_on_all() {
        for query in [
            "",
            "weights=alpha:3",
            "hash=fnv1a&remove=bravo",
            "points=1&eps=2",
        ] {
            let settings = crate::query::parse(query, &[]).settings;
            let snapshot = Snapshot::measure(&settings).expect("valid");
            let mut job = Job::new(query, &[Work::Claims]);
            let mut placed = 0;
            while let Some(part) = job.step(&snapshot, None) {
                placed += usize::from(part.claims.is_none());
            }
            assert!(
                placed < placements::every().count(),
                "{query}: fewer placements first"
            );
            assert_eq!(
                job.report().claims.as_deref(),
                Some(&claims::evaluate(&snapshot)[..]),
                "{query}"
            );
        }
    }

    #[test]
    fn lookups_are_timed_last_and_only_with_a_clock() {
        let snapshot = snapshot();
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 0.25);
            ticks.get()
        };
        let mut job = Job::new("q", &[Work::Schemes, Work::Claims]);
        let mut last = None;
        while let Some(part) = job.step(&snapshot, Some(&clock)) {
            last = Some(part);
        }
        let timed = last.and_then(|p| p.schemes).expect("the timed rows last");
        assert!(timed.iter().all(|row| row
            .lookup
            .is_some_and(|t| t.lookups > 0 && t.resolution_ms == 0.25)));
        assert!(job.report().claims.is_some());
        let untimed = Report::measure(&snapshot, "q", &[Work::Schemes], None);
        assert!(untimed
            .schemes
            .iter()
            .flatten()
            .all(|row| row.lookup.is_none()));
    }

    #[test]
    fn a_job_resent_sends_all_it_measured_first_and_measures_nothing_again() {
        let snapshot = snapshot();
        let mut job = Job::new("q", &[Work::Failure, Work::Schemes, Work::Claims]);
        job.resend();
        assert!(
            job.step(&snapshot, None)
                .is_some_and(|p| p.failure.is_some()),
            "nothing to resend yet"
        );
        for _ in 0..PlacementId::TEXTBOOK.len() {
            job.step(&snapshot, None);
        }
        job.ask(&[Work::Claims]);
        job.resend();
        job.resend();
        let again = job.step(&snapshot, None).expect("the parts so far");
        assert_eq!(&again, job.report());
        assert!(again.failure.is_some() && again.schemes.is_some() && again.claims.is_none());
        let rest: Vec<Report> = std::iter::from_fn(|| job.step(&snapshot, None)).collect();
        assert!(
            rest.iter().all(|p| p.failure.is_none()),
            "resent once, measured once"
        );
        assert!(rest.iter().any(|p| p.claims.is_some()));
    }

    #[test]
    fn a_job_asked_again_measures_only_what_it_lacks_and_a_key_first() {
        let snapshot = snapshot();
        let mut job = Job::new("q", &[Work::Failure, Work::Schemes]);
        for _ in 0..3 {
            job.step(&snapshot, None);
        }
        job.ask(&[Work::Failure, Work::Claims]);
        job.ask_key("first");
        job.ask_key("user:7");
        let first = job.step(&snapshot, None).expect("a piece");
        let (position, owners) = one_key::owners(&snapshot, "user:7");
        assert_eq!(
            first.one_key,
            Some(OneKey {
                key: "user:7".into(),
                position,
                owners,
                paths: key_path::paths(&snapshot, "user:7"),
            })
        );
        let mut failures = 0;
        let mut order = Vec::new();
        while let Some(part) = job.step(&snapshot, None) {
            failures += usize::from(part.failure.is_some());
            assert!(part.one_key.is_none(), "the replaced key is not placed");
            if part.claims.is_some() {
                order.push("claims");
            }
            if part
                .schemes
                .as_ref()
                .is_some_and(|rows| rows[0].lookup.is_none())
            {
                order.push("schemes");
            }
        }
        assert_eq!(failures, 0, "the failure was measured once, before");
        // Asked for next, the claims come after only the schemes they read,
        // so before the full schemes table, which was left.
        assert_eq!(order, ["claims", "schemes"]);
        let all = Report::measure(
            &snapshot,
            "q",
            &[Work::Failure, Work::Schemes, Work::Claims],
            Some("user:7"),
        );
        assert_eq!(job.report(), &all);
    }
}
