//! The change, animated (DEFINITIONS §13): each moved key travels along the
//! ring from its old owner's point to its new owner's, then drops into its
//! own place. Pure arithmetic on ring positions and time, tested natively;
//! `app::motion` runs the frames and `app::draw::ring_canvas` draws them.

/// One moved key's trip: its own position, and the points that owned it
/// before and after, as ring positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trip {
    pub key: u32,
    pub from: u32,
    pub to: u32,
    /// When it sets off, as a share of the whole animation (0 … `SPREAD`).
    pub start: f64,
}

/// Keys set off over the first `SPREAD` of the animation, so they land one
/// after another and the count ticks up rather than jumping.
pub const SPREAD: f64 = 0.6;

/// The share of its own trip a key spends on the circle; the rest it drops
/// from the new owner's point to its place.
const ALONG: f64 = 0.7;

/// At least this many frames, however slow the machine: progress is the
/// smaller of time's and frames', so a slow frame slows the animation
/// rather than skipping it to its end.
pub const MIN_FRAMES: u32 = 24;

/// Overall progress (0 … 1) after `elapsed` of `duration` ms and `frames`
/// frames drawn.
pub fn progress(elapsed: f64, duration: f64, frames: u32) -> f64 {
    let by_time = if duration > 0.0 {
        elapsed / duration
    } else {
        1.0
    };
    by_time
        .min(f64::from(frames) / f64::from(MIN_FRAMES))
        .clamp(0.0, 1.0)
}

/// The trips of `moved` keys, given each one's position and its owning
/// point before and after: starts spread evenly in key order.
pub fn trips(moved: impl ExactSizeIterator<Item = (u32, u32, u32)>) -> Vec<Trip> {
    let count = moved.len().max(1) as f64;
    moved
        .enumerate()
        .map(|(i, (key, from, to))| Trip {
            key,
            from,
            to,
            start: SPREAD * i as f64 / count,
        })
        .collect()
}

/// Where a trip is at overall progress `t`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Along {
    /// Not yet off: drawn at its old owner's point.
    Waiting,
    /// On the circle at this ring position (fractional, may pass 2³²).
    Circle(f64),
    /// Dropping from the new point towards its place: the share of the drop done.
    Dropping(f64),
    Landed,
}

/// Smooth start and stop.
fn ease(x: f64) -> f64 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

impl Trip {
    /// Its own share of the animation done at overall progress `t`.
    fn own(&self, t: f64) -> f64 {
        ((t - self.start) / (1.0 - SPREAD)).clamp(0.0, 1.0)
    }

    /// Where it is at overall progress `t`: along the arc between its two
    /// points that does not pass its own position, both being clockwise of it.
    pub fn at(&self, t: f64) -> Along {
        let own = self.own(t);
        if t >= 1.0 || own >= 1.0 {
            return Along::Landed;
        }
        if own <= 0.0 {
            return Along::Waiting;
        }
        if own < ALONG {
            // Distances clockwise from the key to each point.
            let from = f64::from(self.from.wrapping_sub(self.key));
            let to = f64::from(self.to.wrapping_sub(self.key));
            let d = from + (to - from) * ease(own / ALONG);
            return Along::Circle(f64::from(self.key) + d);
        }
        Along::Dropping(ease((own - ALONG) / (1.0 - ALONG)))
    }
}

/// How many of `trips` have landed at overall progress `t`.
pub fn landed(trips: &[Trip], t: f64) -> usize {
    trips
        .iter()
        .filter(|trip| trip.at(t) == Along::Landed)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trip(key: u32, from: u32, to: u32) -> Trip {
        Trip {
            key,
            from,
            to,
            start: 0.0,
        }
    }

    #[test]
    fn a_key_travels_from_its_old_point_to_its_new_one_without_passing_itself() {
        // A join: the newcomer's point lies between the key and the old one.
        let join = trip(100, 1_000, 400);
        // A leave, round past the top: the new point is past 2^32.
        let leave = trip(u32::MAX - 50, u32::MAX - 10, 20);
        for t in (0..=100).map(|i| f64::from(i) / 100.0) {
            for trip in [join, leave] {
                if let Along::Circle(at) = trip.at(t) {
                    let clockwise = at - f64::from(trip.key);
                    let (a, b) = (
                        f64::from(trip.from.wrapping_sub(trip.key)),
                        f64::from(trip.to.wrapping_sub(trip.key)),
                    );
                    assert!(clockwise >= a.min(b) - 1e-6 && clockwise <= a.max(b) + 1e-6);
                    assert!(clockwise > 0.0, "it never passes its own position");
                }
            }
        }
        // Near the start it is at the old point; just before the drop, at the new.
        let Along::Circle(early) = join.at(0.001) else {
            panic!()
        };
        assert!((early - 1_000.0).abs() < 1.0, "{early}");
        let Along::Circle(late) = join.at((1.0 - SPREAD) * ALONG - 1e-9) else {
            panic!()
        };
        assert!((late - 400.0).abs() < 1.0, "{late}");
        assert_eq!(join.at(1.0), Along::Landed);
    }

    #[test]
    fn keys_land_one_after_another_and_all_by_the_end() {
        let keys: Vec<(u32, u32, u32)> = (0..200u32)
            .map(|i| (i * 10, i * 10 + 5, i * 10 + 3))
            .collect();
        let trips = trips(keys.into_iter());
        let mut last = 0;
        let mut rises = 0;
        for t in (0..=50).map(|i| f64::from(i) / 50.0) {
            let now = landed(&trips, t);
            assert!(now >= last);
            rises += usize::from(now > last);
            last = now;
        }
        assert_eq!(last, 200);
        assert!(rises >= 10, "the count ticks up in {rises} steps");
        assert_eq!(landed(&trips, 0.0), 0);
    }

    #[test]
    fn progress_waits_for_frames_on_a_slow_machine() {
        // One frame of a slow second: not the end.
        assert!(progress(5_000.0, 1_500.0, 1) < 0.1);
        assert_eq!(progress(1_500.0, 1_500.0, MIN_FRAMES), 1.0);
        assert_eq!(progress(750.0, 1_500.0, 1_000), 0.5);
        assert_eq!(progress(0.0, 0.0, MIN_FRAMES), 1.0);
    }
}
