//! The worker's reports as the page keeps them: each with the snapshot it
//! measured, newest first, so a panel reads the newest of its part and can
//! tell whether it is for the settings shown. Plain data, no web type:
//! tested natively.

use std::sync::Arc;

use model::panels::Work;
use model::report::{FailureReport, Report, SchemeRow};
use model::Snapshot;

/// A shared value compared by identity: a new measurement is always a change.
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The measured snapshot every panel reads.
pub type Measured = Shared<Snapshot>;

/// One report from the worker, with the snapshot it measured.
pub struct Measurement {
    pub snapshot: Measured,
    pub report: Report,
}

/// Every part the worker has measured: its reports (each with one part or
/// a few), newest first, each with the snapshot it measured. A part is read from the newest report
/// that has it, so a panel keeps its last figures (and can say they are
/// for another address) while the next are measured. No mirror of the
/// report's shape: a panel names the part it reads (`Model::with_part`).
#[derive(Clone, Default)]
pub struct Reports(Vec<Shared<Measurement>>);

impl PartialEq for Reports {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// A part of a report, with the snapshot and the address it was measured
/// for: panels read names and loads from that snapshot, never from a newer
/// one whose server ids may differ.
pub struct Part<'a, T> {
    pub value: &'a T,
    pub snapshot: &'a Measured,
    pub query: &'a str,
}

impl<T> std::ops::Deref for Part<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.value
    }
}

/// Failures measured for one snapshot (DEFINITIONS §8).
pub type FailureMeasured<'a> = Part<'a, FailureReport>;
/// Every scheme (or every system) measured for one snapshot.
pub type SchemesMeasured<'a> = Part<'a, Vec<SchemeRow>>;

impl Reports {
    /// Take `report`, measured on `snapshot`, as the newest. A report none
    /// of whose parts is still the newest of its kind is dropped. (Reports
    /// are kept as they came, not merged: merging would copy them.)
    pub fn take(&mut self, snapshot: &Measured, report: Report) {
        self.0.insert(
            0,
            Shared(Arc::new(Measurement {
                snapshot: snapshot.clone(),
                report,
            })),
        );
        // Each report's parts as bits: one per work, and one for the key.
        let parts = |r: &Report| {
            Work::ALL
                .into_iter()
                .enumerate()
                .filter(|&(_, work)| r.has(work))
                .fold(
                    u8::from(r.one_key.is_some()) << Work::ALL.len(),
                    |bits, (bit, _)| bits | 1 << bit,
                )
        };
        let mut seen = 0;
        self.0.retain(|m| {
            let parts = parts(&m.0.report);
            let newest_of_some = parts & !seen != 0;
            seen |= parts;
            newest_of_some
        });
    }

    /// The newest of a part (`part` picks it out of a report), if any.
    pub fn newest<T>(&self, part: fn(&Report) -> Option<&T>) -> Option<Part<'_, T>> {
        self.0.iter().find_map(|m| {
            part(&m.0.report).map(|value| Part {
                value,
                snapshot: &m.0.snapshot,
                query: &m.0.report.query,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(query: &str) -> Measured {
        let settings = model::query::parse(query, &[]).settings;
        Shared(Arc::new(Snapshot::of(&settings)))
    }

    const NO_COPYSETS: model::failures::Copysets = model::failures::Copysets {
        distinct: 0,
        possible: 0,
    };

    #[test]
    fn a_part_is_read_from_the_newest_report_that_has_it() {
        let (first, second) = (measured("keys=100"), measured("keys=200"));
        let report = |query: &str, snapshot: &Measured, claims: bool, failure: bool| Report {
            query: query.into(),
            claims: claims.then(Vec::new),
            failure: failure.then(|| FailureReport {
                failure: snapshot.0.failure_none(),
                copysets_now: NO_COPYSETS,
                copysets_at_one: NO_COPYSETS,
            }),
            ..Report::default()
        };
        let mut reports = Reports::default();
        reports.take(&first, report("keys=100", &first, false, true));
        reports.take(&first, report("keys=100", &first, true, false));
        reports.take(&second, report("keys=200", &second, false, true));
        // The newest failure is the second address's; the claims are still
        // the first's, until the second's arrive.
        let failure = reports.newest(|r| r.failure.as_ref()).expect("a failure");
        assert_eq!(
            (failure.query, failure.snapshot == &second),
            ("keys=200", true)
        );
        let claims = reports.newest(|r| r.claims.as_ref()).expect("claims");
        assert_eq!(
            (claims.query, claims.snapshot == &first),
            ("keys=100", true)
        );
        assert!(reports.newest(|r| r.one_key.as_ref()).is_none());
        // The first address's failure is newest nowhere: its report is gone.
        assert_eq!(reports.0.len(), 2);
        reports.take(&second, report("keys=200", &second, true, false));
        assert_eq!(reports.0.len(), 2);
        assert_eq!(
            reports.newest(|r| r.claims.as_ref()).unwrap().query,
            "keys=200"
        );
    }
}
