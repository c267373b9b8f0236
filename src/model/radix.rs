//! LSD radix sort for u64 values, used for the two sorts on the hot path:
//! 100,000 key hashes and 25,000 ring entries. Stable, so equal digits keep
//! their input order, and digits on which every value agrees are skipped.

const DIGIT_BITS: u32 = 11;
const BUCKETS: usize = 1 << DIGIT_BITS;

/// Sort `values` by their bits `from_bit..64`; lower bits ride along as
/// payload and keep their input order among equal keys.
pub fn sort_by_high_bits(values: &mut Vec<u64>, from_bit: u32) {
    if values.len() < 2 {
        return;
    }
    let digits: Vec<u32> = (from_bit..64).step_by(DIGIT_BITS as usize).collect();
    // One read pass counts every digit at once.
    let mut counts = vec![[0usize; BUCKETS]; digits.len()];
    let mask = (BUCKETS - 1) as u64;
    for &value in values.iter() {
        for (pass, &shift) in digits.iter().enumerate() {
            counts[pass][((value >> shift) & mask) as usize] += 1;
        }
    }
    let mut scratch = vec![0u64; values.len()];
    for (pass, &shift) in digits.iter().enumerate() {
        let count = &mut counts[pass];
        if count.iter().any(|&c| c == values.len()) {
            continue; // every value has the same digit here
        }
        let mut offset = 0;
        for slot in count.iter_mut() {
            let here = *slot;
            *slot = offset;
            offset += here;
        }
        for &value in values.iter() {
            let bucket = ((value >> shift) & mask) as usize;
            scratch[count[bucket]] = value;
            count[bucket] += 1;
        }
        std::mem::swap(values, &mut scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut values: Vec<u64> = (0..5000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            })
            .collect();
        let mut expected = values.clone();
        expected.sort_unstable();
        sort_by_high_bits(&mut values, 0);
        assert_eq!(values, expected);
    }

    #[test]
    fn payload_below_the_key_keeps_input_order() {
        // Keys in the high half, input positions in the low half.
        let keys = [5u64, 3, 5, 1, 3, 5];
        let mut values: Vec<u64> = keys.iter().enumerate().map(|(i, &k)| (k << 32) | i as u64).collect();
        sort_by_high_bits(&mut values, 32);
        let order: Vec<u64> = values.iter().map(|v| v & 0xFFFF_FFFF).collect();
        assert_eq!(order, vec![3, 1, 4, 0, 2, 5]);
    }
}
