//! DEFINITIONS §9 at the lesson's presets: the formulas' figures, and the counted
//! keys beside them, which must agree with the formulas within sampling noise.

use model::cost::{duration, ideal_share, misrouted, modulo_share, significant, Copy};
use model::presets::presets;
use model::Snapshot;

fn preset(id: &str) -> Snapshot {
    let settings = presets()
        .into_iter()
        .find(|preset| preset.id == id)
        .expect("a preset by that id")
        .settings;
    Snapshot::measure(&settings).expect("presets are valid")
}

/// Within `sigmas` binomial standard deviations of `share` of the keys?
fn near(moved: usize, keys: usize, share: f64, sigmas: f64) -> bool {
    let k = keys as f64;
    (moved as f64 - k * share).abs() <= sigmas * (k * share * (1.0 - share)).sqrt()
}

#[test]
fn eighteen_to_nineteen_servers_copying_five_and_a_half_terabytes() {
    let s = preset("lesson");
    assert_eq!(
        (s.before.len(), s.after.len(), s.key_count()),
        (18, 19, 1200)
    );
    let (data, bandwidth) = (s.settings.data, s.settings.bandwidth);
    let modulo = Copy::of(modulo_share(18, 19), data, bandwidth);
    assert_eq!(significant(modulo.bytes / 1e9, 3), "5,210");
    assert_eq!(significant(modulo.seconds, 4), "26,050");
    assert_eq!(duration(modulo.seconds), "7.2 h");
    assert_eq!(
        duration(Copy::of(ideal_share(18, 19), data, bandwidth).seconds),
        "24 min"
    );
    // What the counted keys say: the same story within sampling noise.
    let keys = s.key_count();
    assert!(
        near(s.modulo_moved, keys, modulo_share(18, 19), 3.0),
        "{}",
        s.modulo_moved
    );
    assert!(
        near(s.moved_by_owner_diff, keys, ideal_share(18, 19), 3.0),
        "{}",
        s.moved_by_owner_diff
    );
    let measured = Copy::of(s.modulo_moved as f64 / keys as f64, data, bandwidth);
    assert!((measured.seconds / modulo.seconds - 1.0).abs() < 0.05);
}

#[test]
fn two_shards_become_three() {
    let s = preset("two-shards");
    assert_eq!((s.before.len(), s.after.len(), s.key_count()), (2, 3, 200));
    let (data, bandwidth) = (s.settings.data, s.settings.bandwidth);
    let modulo = Copy::of(modulo_share(2, 3), data, bandwidth);
    assert_eq!(significant(modulo.bytes / 1e9, 3), "667");
    assert_eq!(significant(modulo.seconds, 4), "3,333");
    let rate = f64::from(s.settings.rate);
    let minutes = f64::from(s.settings.rollout);
    assert_eq!(
        misrouted(200.0 * modulo_share(2, 3), rate, minutes).round(),
        24_000.0
    );
    // Counted: modulo's moved keys drive the measured misrouted writes.
    assert!(
        near(s.modulo_moved, 200, modulo_share(2, 3), 3.0),
        "{}",
        s.modulo_moved
    );
    assert_eq!(
        misrouted(s.modulo_moved as f64, rate, minutes),
        s.modulo_moved as f64 * 30.0 * 12.0 / 2.0
    );
    assert!(
        misrouted(s.moved_by_owner_diff as f64, rate, minutes)
            < misrouted(s.modulo_moved as f64, rate, minutes)
    );
}
