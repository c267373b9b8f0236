//! The page reads the worker's report back with `model::read_back`, not
//! serde: here every report the printer writes reads back equal, at
//! settings that reach every part and variant, and anything else does not
//! read.

use model::panels::Work;
use model::query;
use model::read_back;
use model::report::{LookupTiming, Report};
use model::Snapshot;
use serde_json::Value;

fn measured(address: &str) -> Report {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    let snapshot = Snapshot::of(&parsed.settings);
    Report::measure(&snapshot, address, &Work::ALL, Some("user:42"))
}

fn read(json: &str) -> Option<Report> {
    read_back::report(&serde_json::from_str::<Value>(json).unwrap())
}

#[test]
fn every_report_reads_back_as_it_was_printed() {
    for address in [
        "",
        "servers=a,b,c,d&remove=b&keys=3000&points=1&replicas=3&down=a",
        "keys=2000&weights=alpha:3&skew=1.2&use=ketama",
        "keys=2000&use=envoy-ring&add=zulu",
        "servers=10.0.0.1:80,10.0.0.2:80,10.0.0.3:80&use=nginx&eps=0.5",
    ] {
        let mut report = measured(address);
        // A timed lookup, as the worker's rows carry (the oracle's do not).
        if let Some(rows) = report.schemes.as_mut() {
            rows[0].lookup = Some(LookupTiming {
                nanos_per_lookup: 123.456_789,
                lookups: 50_000,
                elapsed_ms: 6.172_839_45,
                resolution_ms: 0.005,
            });
        }
        assert!(Work::ALL.into_iter().all(|work| report.has(work)));
        assert!(report.one_key.is_some());
        assert_eq!(read(&report.to_json()), Some(report), "{address}");
    }
    // A part not measured yet reads as absent.
    let partial = Report {
        query: "keys=10".into(),
        ..Report::default()
    };
    assert_eq!(read(&partial.to_json()), Some(partial));
}

#[test]
fn a_report_with_an_unknown_variant_or_a_missing_field_does_not_read() {
    let json = measured("").to_json();
    for (from, to) in [
        ("\"RingEntries\"", "\"RingPoints\""),
        ("\"held\":\"yes\"", "\"held\":\"maybe\""),
        ("\"kind\":\"check\"", "\"kind\":\"rule\""),
        ("\"id\":\"moved\"", "\"id\":\"moves\""),
        ("\"Percent\"", "\"Fraction\""),
        ("\"copysets_now\"", "\"copysets_then\""),
        ("\"id\":\"jump\"", "\"id\":\"hop\""),
        // A key path's step.
        ("\"id\":\"previous-point\"", "\"id\":\"prior-point\""),
    ] {
        assert!(json.contains(from), "{from} is in the report");
        assert_eq!(read(&json.replacen(from, to, 1)), None, "{from} → {to}");
    }
}
