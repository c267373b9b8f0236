//! DEFINITIONS §12: each question worded from the settings and answered from the
//! same measurements the panels show — checked at the default, at 1 point,
//! on a leave and on the lesson preset — and the reading of typed guesses.

use model::query;
use model::questions::{ask, read_guess, Answer, Question, QuestionId};
use model::{Settings, Snapshot};

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
    asked.iter().find(|q| q.id.as_str() == id).expect("asked")
}

#[test]
fn the_spec_default_answers() {
    let (_, asked) = questions("");
    let ids: Vec<QuestionId> = asked.iter().map(|q| q.id).collect();
    assert_eq!(ids, QuestionId::ALL);
    // Each id is spelt as the report spells it.
    for id in QuestionId::ALL {
        assert_eq!(serde_json::to_value(id).unwrap(), id.as_str());
        assert_eq!(QuestionId::from_id(id.as_str()), Some(id));
    }
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

/// The ring of DEFINITIONS §1, written out plainly: every point's position,
/// server name and index, sorted; a key's owner by a search over them, not
/// by the model's walk along the arcs.
struct PlainRing {
    entries: Vec<(u32, String, u16)>,
}

impl PlainRing {
    fn new(settings: &Settings, names: &[String]) -> PlainRing {
        assert!(
            settings.weights.is_empty(),
            "the plain ring has equal weights"
        );
        let mut entries: Vec<(u32, String, u16)> = names
            .iter()
            .flat_map(|name| {
                (0..settings.points).map(move |point| {
                    let position = settings.hash.hash(format!("{name}#{point}").as_bytes());
                    (position, name.clone(), point)
                })
            })
            .collect();
        entries.sort();
        PlainRing { entries }
    }

    /// Where the first entry at or after `position` sits (wrapping).
    fn at(&self, position: u32) -> usize {
        self.entries.partition_point(|entry| entry.0 < position) % self.entries.len()
    }

    fn owner(&self, position: u32) -> &str {
        &self.entries[self.at(position)].1
    }
}

/// Every answer equals a second computation from the settings alone, by
/// code that shares none of the snapshot's: the plain ring above, hash mod
/// n by hand, the failover walk entry by entry, and the cost's formula.
fn agrees_with_a_plain_count(address: &str) {
    let (s, asked) = questions(address);
    let settings = s.settings.clone();
    let before: Vec<String> = settings.servers.clone();
    let after = settings.pool_after();
    let keys: Vec<u32> = (0..settings.keys as u64)
        .map(|i| {
            let name = settings.key_names().name(settings.first + i);
            settings.hash.hash(name.as_bytes())
        })
        .collect();
    let count = keys.len();
    let (ring_before, ring_after) = (
        PlainRing::new(&settings, &before),
        PlainRing::new(&settings, &after),
    );
    let moved = keys
        .iter()
        .filter(|&&k| ring_before.owner(k) != ring_after.owner(k))
        .count();
    assert_eq!(
        by_id(&asked, "moved").measured,
        moved.to_string(),
        "{address}"
    );
    let modulo = |list: &[String], k: u32| list[k as usize % list.len()].clone();
    let modulo_moved = keys
        .iter()
        .filter(|&&k| modulo(&before, k) != modulo(&after, k))
        .count();
    assert_eq!(
        by_id(&asked, "modulo").measured,
        modulo_moved.to_string(),
        "{address}"
    );
    let mut loads = std::collections::HashMap::<&str, usize>::new();
    for &k in &keys {
        *loads.entry(ring_after.owner(k)).or_default() += 1;
    }
    let busiest = *loads.values().max().unwrap() as f64 / count as f64 * 100.0;
    let shown: f64 = by_id(&asked, "busiest").measured.parse().unwrap();
    assert!(
        (shown - busiest).abs() <= 0.05 + 1e-9,
        "{address}: {shown} vs {busiest}"
    );
    // Each key of a down server goes to the next live server clockwise.
    let down = settings.down_servers();
    let mut received = std::collections::HashMap::<&str, usize>::new();
    for &k in &keys {
        let mut at = ring_after.at(k);
        if !down.contains(&ring_after.entries[at].1) {
            continue;
        }
        while down.contains(&ring_after.entries[at].1) {
            at = (at + 1) % ring_after.entries.len();
        }
        *received.entry(&ring_after.entries[at].1).or_default() += 1;
    }
    let most = received.values().max().copied().unwrap_or(0);
    assert_eq!(
        by_id(&asked, "failover").measured,
        most.to_string(),
        "{address}"
    );
    let seconds = (modulo_moved as f64 / count as f64 * settings.data.get() as f64
        / settings.bandwidth.get() as f64)
        .round();
    let hours: f64 = by_id(&asked, "copy-hours").measured.parse().unwrap();
    assert!(
        (hours - seconds / 3600.0).abs() <= 0.05 + 1e-9,
        "{address}: {hours} vs {seconds} s"
    );
}

#[test]
fn answers_equal_a_plain_count_at_one_point_on_a_leave_and_the_lesson() {
    agrees_with_a_plain_count("");
    agrees_with_a_plain_count("points=1");
    agrees_with_a_plain_count("remove=bravo&down=alpha,charlie&replicas=2");
    let lesson = model::presets::presets()
        .into_iter()
        .find(|p| p.id == "lesson")
        .unwrap();
    let address = query::render(&lesson.settings, &Default::default());
    agrees_with_a_plain_count(&address);

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
