//! DEFINITIONS §12: each question worded from the settings and answered from the
//! same measurements the panels show — checked at the default, at 1 point,
//! on a leave and on the lesson preset — and the reading of typed guesses.

use model::cost::Copy;
use model::query;
use model::questions::{ask, read_guess, Answer, Question, IDS};
use model::{Snapshot, Valid};

fn questions(address: &str) -> (Snapshot, Vec<Question>) {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    let snapshot = Snapshot::of(&parsed.settings);
    let asked = ask(
        &snapshot,
        &snapshot.measure_schemes(),
        &snapshot.measure_failure(),
    );
    (snapshot, asked)
}

fn by_id<'a>(asked: &'a [Question], id: &str) -> &'a Question {
    asked.iter().find(|q| q.id == id).expect("asked")
}

#[test]
fn the_spec_default_answers() {
    let (_, asked) = questions("");
    let ids: Vec<&str> = asked.iter().map(|q| q.id).collect();
    assert_eq!(ids, IDS);
    // DEFINITIONS §12's default answers and reference marks, pinned on purpose.
    let expect = [
        ("moved", "205", Some("200")),
        ("modulo", "773", Some("800")),
        ("busiest", "22.8", Some("20.0")),
        ("failover", "56", Some("49")),
        ("between", "modulo", None),
        ("copy-hours", "5.9", Some("1.6")),
    ];
    for (id, answer, reference) in expect {
        let q = by_id(&asked, id);
        assert_eq!(q.measured, answer, "{id}");
        assert_eq!(q.reference.as_deref(), reference, "{id}");
    }
    assert_eq!(
        by_id(&asked, "moved").wording,
        "When echo joins the 4 servers, how many of the 1,000 keys change server?"
    );
    assert_eq!(
        by_id(&asked, "failover").wording,
        "alpha goes down, so its keys go to the survivors. How many keys does the survivor that gains most receive?"
    );
    assert_eq!(
        by_id(&asked, "busiest").wording,
        "At 200 points per server, what percentage of the 1,000 keys does the busiest server hold after the change?"
    );
    assert!(
        by_id(&asked, "copy-hours").wording.contains("5.5 TB")
            && by_id(&asked, "copy-hours").wording.contains("200 MB/s")
    );
}

/// Every answer equals what the panels show, read by another route: the
/// snapshot's counts, the schemes' rows, the failure's receivers, the cost.
fn agrees_with_the_panels(address: &str) {
    let (s, asked) = questions(address);
    let keys = s.key_count() as u64;
    assert_eq!(
        by_id(&asked, "moved").measured,
        s.moved_by_owner_diff.to_string()
    );
    assert_eq!(by_id(&asked, "modulo").measured, s.modulo_moved.to_string());
    let busiest = u64::from(s.spread_after().busiest) as f64 / keys as f64 * 100.0;
    let shown: f64 = by_id(&asked, "busiest").measured.parse().unwrap();
    assert!(
        (shown - busiest).abs() <= 0.05 + 1e-9,
        "{shown} vs {busiest}"
    );
    let failure = s.measure_failure();
    let down = s.down_ids();
    let most = s
        .after
        .iter()
        .filter(|id| !down.contains(id))
        .map(|&id| failure.received[usize::from(id)])
        .max()
        .unwrap();
    assert_eq!(by_id(&asked, "failover").measured, most.to_string());
    let between: Vec<&str> = s
        .measure_schemes()
        .iter()
        .filter(|r| r.movement.moved_between > 0)
        .map(|r| r.id)
        .collect();
    assert_eq!(by_id(&asked, "between").measured, between.join(","));
    let seconds = Copy::of(
        s.modulo_moved as f64 / keys as f64,
        s.settings.data,
        s.settings.bandwidth,
    )
    .seconds
    .round();
    let hours: f64 = by_id(&asked, "copy-hours").measured.parse().unwrap();
    assert!(
        (hours - seconds / 3600.0).abs() <= 0.05 + 1e-9,
        "{hours} vs {seconds} s"
    );
}

#[test]
fn answers_are_the_panels_figures_at_one_point_on_a_leave_and_the_lesson() {
    agrees_with_the_panels("");
    agrees_with_the_panels("points=1");
    agrees_with_the_panels("remove=bravo&down=alpha,charlie&replicas=2");
    let lesson = query::presets()
        .into_iter()
        .find(|p| p.id == "lesson")
        .unwrap();
    let address = query::render(&lesson.settings, &Default::default());
    agrees_with_the_panels(&address);

    // On a leave the reference is what the leaver held; the wording names it.
    let (s, asked) = questions("remove=bravo");
    let moved = by_id(&asked, "moved");
    assert!(
        moved.wording.starts_with("When bravo leaves the 4 servers"),
        "{}",
        moved.wording
    );
    assert_eq!(moved.reference, Some(s.loads_before[1].to_string()));
    assert_eq!(moved.measured, moved.reference.clone().unwrap());
    // Two down: both named, and the verb agrees.
    let (_, asked) = questions("down=alpha,bravo&replicas=2");
    assert!(by_id(&asked, "failover")
        .wording
        .starts_with("alpha and bravo go down, so their keys"));
    // At one point the reference for the busiest stays the even split.
    let (_, asked) = questions("points=1");
    assert_eq!(by_id(&asked, "busiest").reference.as_deref(), Some("20.0"));
    assert!(Valid::default().keys == 1000);
}

#[test]
fn guesses_are_read_or_refused_with_a_reason() {
    let whole = Answer::Whole { max: 1000 };
    assert_eq!(read_guess(whole, " 205 "), Ok("205".to_string()));
    assert_eq!(read_guess(whole, "1,000"), Ok("1000".to_string()));
    for bad in ["", "abc", "-5", "1001", "2.5", "1e3"] {
        assert!(read_guess(whole, bad).is_err(), "{bad}");
    }
    assert_eq!(read_guess(Answer::Percent, "22.8"), Ok("22.8".to_string()));
    assert_eq!(read_guess(Answer::Percent, "20"), Ok("20.0".to_string()));
    assert_eq!(read_guess(Answer::Percent, "20%"), Ok("20.0".to_string()));
    for bad in ["100.1", "22.85", "-1", "x", "", "."] {
        assert!(read_guess(Answer::Percent, bad).is_err(), "{bad}");
    }
    assert_eq!(read_guess(Answer::Hours, "5.9"), Ok("5.9".to_string()));
    assert_eq!(read_guess(Answer::Hours, "120"), Ok("120.0".to_string()));
    for bad in ["5.95", "-2", "soon", ""] {
        assert!(read_guess(Answer::Hours, bad).is_err(), "{bad}");
    }
}
