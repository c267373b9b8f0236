//! A ring 64 bits around (Envoy's) on the page's ring of 32, exactly.
//!
//! Each point is drawn at the top half of its position, raised by one where
//! it would share a position with the point before it; each key at its top
//! half, moved only where that would put it on the wrong side of a point
//! whose top half it shares. Every key then has the same owner on the
//! 32-bit ring as on the 64-bit one, on either ring of a change, as long as
//! both rings' points were given.

/// Every point of a change's two rings, sorted, and where each is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wide {
    points: Vec<u64>,
    /// Strictly increasing (short of 2^32 − 1, which 2^32 points reach).
    drawn: Vec<u32>,
}

fn top_half(position: u64) -> u32 {
    (position >> 32) as u32
}

impl Wide {
    pub fn new(mut points: Vec<u64>) -> Wide {
        points.sort_unstable();
        points.dedup();
        let mut drawn: Vec<u32> = Vec::with_capacity(points.len());
        for &point in &points {
            let at = match drawn.last() {
                Some(&before) => top_half(point).max(before.saturating_add(1)),
                None => top_half(point),
            };
            drawn.push(at);
        }
        Wide { points, drawn }
    }

    /// Where a point given to `new` is drawn.
    pub fn point(&self, point: u64) -> u32 {
        match self.points.binary_search(&point) {
            Ok(index) => self.drawn[index],
            Err(_) => top_half(point),
        }
    }

    /// Where a key is drawn: its top half, unless that would give it
    /// another owner than the first point at or after it.
    pub fn key(&self, key: u64) -> u32 {
        let top = top_half(key);
        let next = self.points.partition_point(|&point| point < key);
        let (Some(&first), Some(&last)) = (self.drawn.first(), self.drawn.last()) else {
            return top;
        };
        if next == 0 {
            // Before every point: at or before the first.
            top.min(first)
        } else if next == self.points.len() {
            // Past every point: past the last, or wrapped to the start.
            if top > last {
                top
            } else {
                last.checked_add(1).unwrap_or(0)
            }
        } else {
            // After the point before it, at or before the point after.
            top.max(self.drawn[next - 1].saturating_add(1))
                .min(self.drawn[next])
        }
    }

    /// The drawn positions at which a key's top half may need moving:
    /// from each point's top half to where the point is drawn.
    pub fn crowded(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.points
            .iter()
            .zip(&self.drawn)
            .map(|(&point, &at)| (top_half(point), at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first point at or after `key`, wrapping, by index into `points`.
    fn owner<T: Ord + Copy>(points: &[T], key: T) -> usize {
        points.iter().position(|&p| p >= key).unwrap_or(0)
    }

    #[test]
    fn keys_sharing_a_points_top_half_keep_their_owner() {
        let points = [0x5_0000_0010u64, 0x5_0000_0020, 0x9_0000_0000];
        let wide = Wide::new(points.to_vec());
        assert_eq!(wide.point(points[0]), 5);
        assert_eq!(wide.point(points[1]), 6, "raised past its neighbour");
        assert_eq!(wide.key(0x5_0000_0005), 5);
        assert_eq!(wide.key(0x5_0000_0015), 6);
        assert_eq!(wide.key(0x5_0000_0025), 7);
        assert_eq!(wide.key(0x9_0000_0001), 10);
        assert_eq!(wide.key(0x3_0000_0000), 3);
    }

    #[test]
    fn every_key_has_its_64_bit_owner_on_either_ring_of_a_change() {
        // Positions crowded into a few top halves, so collisions are the
        // rule; two rings share most points, as a change's do.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..200 {
            let crowd = |value: u64| ((value % 6) << 32) | (value >> 60);
            let both: Vec<u64> = (0..8).map(|_| crowd(next())).collect();
            let before: Vec<u64> = both
                .iter()
                .copied()
                .chain((0..3).map(|_| crowd(next())))
                .collect();
            let after: Vec<u64> = both
                .iter()
                .copied()
                .chain((0..2).map(|_| crowd(next())))
                .collect();
            let wide = Wide::new(before.iter().chain(&after).copied().collect());
            for ring in [&before, &after] {
                let mut wide_points = ring.clone();
                wide_points.sort_unstable();
                wide_points.dedup();
                let drawn: Vec<u32> = wide_points.iter().map(|&p| wide.point(p)).collect();
                assert!(drawn.windows(2).all(|w| w[0] < w[1]), "round {round}");
                for _ in 0..50 {
                    let key = crowd(next());
                    assert_eq!(
                        owner(&drawn, wide.key(key)),
                        owner(&wide_points, key),
                        "round {round}, key {key:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_key_past_a_point_at_the_very_top_wraps() {
        let wide = Wide::new(vec![1 << 32, u64::MAX - 1]);
        assert_eq!(wide.point(u64::MAX - 1), u32::MAX);
        assert_eq!(wide.key(u64::MAX), 0);
    }
}
