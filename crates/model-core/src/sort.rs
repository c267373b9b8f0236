//! Sorting the two big arrays on the hot path, 100,000 key positions and
//! 25,000 ring entries. Both are hashes, so their top bits are close to
//! uniform: one counting pass spreads them into about one value per bucket,
//! and each tiny bucket is then sorted on its own. Two passes over the data
//! instead of a comparison sort's seventeen.

/// Insertion sort is quickest for the few values a bucket usually holds;
/// a crowded bucket (a patterned hash) falls back to the standard sort.
const SMALL_BUCKET: usize = 16;

/// Sort u64 values ascending. Values are expected to carry a hash in their
/// top bits; the lower bits break ties and ride along.
pub fn sort_by_high_bits(values: &mut Vec<u64>) {
    let len = values.len();
    if len < 2 {
        return;
    }
    // About one value per bucket, between 2^4 and 2^16 buckets.
    let bits = (usize::BITS - len.leading_zeros()).clamp(4, 16);
    let shift = 64 - bits;
    // starts[b]: where bucket b begins (counted one slot up, then summed).
    let mut starts = vec![0u32; (1usize << bits) + 1];
    for &value in values.iter() {
        starts[(value >> shift) as usize + 1] += 1;
    }
    for bucket in 1..starts.len() {
        starts[bucket] += starts[bucket - 1];
    }
    // A bucket holds a few values unless the hash is patterned.
    let crowded = starts
        .windows(2)
        .any(|w| (w[1] - w[0]) as usize > SMALL_BUCKET);
    let mut sorted = vec![0u64; len];
    // `starts[b]` is where bucket b's next value goes; once every value is
    // placed it has moved on to where bucket b ends.
    for &value in values.iter() {
        let bucket = (value >> shift) as usize;
        sorted[starts[bucket] as usize] = value;
        starts[bucket] += 1;
    }
    if crowded {
        let mut begin = 0usize;
        for &end in &starts[..starts.len() - 1] {
            let slice = &mut sorted[begin..end as usize];
            begin = end as usize;
            if slice.len() > SMALL_BUCKET {
                slice.sort_unstable();
            } else {
                insertion_sort(slice);
            }
        }
    } else {
        // Every value is already in its bucket and buckets are small, so
        // one insertion pass over the whole array finishes the job: values
        // only move within their bucket. (Sorting bucket by bucket spent
        // most of its time on mispredicted exits from tiny loops.)
        insertion_sort(&mut sorted);
    }
    *values = sorted;
}

/// Insertion sort: quickest when values are few or nearly in order.
fn insertion_sort(values: &mut [u64]) {
    for i in 1..values.len() {
        let value = values[i];
        let mut j = i;
        while j > 0 && values[j - 1] > value {
            values[j] = values[j - 1];
            j -= 1;
        }
        values[j] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn sorts_like_the_standard_library() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for len in [0usize, 1, 2, 17, 1000, 70_000] {
            let mut values: Vec<u64> = (0..len).map(|_| xorshift(&mut state)).collect();
            let mut expected = values.clone();
            expected.sort_unstable();
            sort_by_high_bits(&mut values);
            assert_eq!(values, expected, "{len} values");
        }
    }

    #[test]
    fn crowded_buckets_still_sort() {
        // Every value in one bucket, and many equal top halves.
        let mut state = 99u64;
        let mut values: Vec<u64> = (0..5000).map(|_| xorshift(&mut state) % 1000).collect();
        values.extend((0..5000).map(|i| (7u64 << 32) | (5000 - i)));
        let mut expected = values.clone();
        expected.sort_unstable();
        sort_by_high_bits(&mut values);
        assert_eq!(values, expected);
    }
}
