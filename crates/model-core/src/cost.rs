//! The cost of a change in the units a lesson uses (DEFINITIONS §9): bytes to
//! copy and hours to copy them, and writes misrouted while routers roll out
//! a new server list. Measured from moved keys, beside the formulas.

use super::format::thousands;

/// A size in bytes, read from text such as "5.5TB", "720 GB" or "200MB"
/// (units are powers of 1000). Only sizes within limits can be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bytes(u64);

const UNITS: [(&str, u64); 5] = [
    ("TB", 1_000_000_000_000),
    ("GB", 1_000_000_000),
    ("MB", 1_000_000),
    ("KB", 1_000),
    ("B", 1),
];

impl Bytes {
    /// Read a decimal number with an optional unit, between `min` and `max` bytes.
    pub fn parse(text: &str, min: Bytes, max: Bytes) -> Result<Bytes, String> {
        let range = || {
            format!(
                "needs a size from {} to {}, such as 5.5TB or 200MB",
                min.describe(),
                max.describe()
            )
        };
        let text = text.trim();
        let upper = text.to_ascii_uppercase();
        let (number, multiplier) = UNITS
            .iter()
            .find_map(|&(unit, bytes)| upper.strip_suffix(unit).map(|rest| (rest.trim(), bytes)))
            .unwrap_or((upper.as_str(), 1));
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty())
            || !digits(whole)
            || !digits(fraction)
            || whole.len() > 19
            || fraction.len() > 12
        {
            return Err(range());
        }
        // Exact in whole numbers: value = (whole.fraction) × multiplier.
        let whole: u128 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| range())?
        };
        let scale = 10u128.pow(fraction.len() as u32);
        let fraction: u128 = if fraction.is_empty() {
            0
        } else {
            fraction.parse().map_err(|_| range())?
        };
        let bytes = whole
            .checked_mul(scale)
            .and_then(|scaled| scaled.checked_add(fraction))
            .and_then(|value| value.checked_mul(u128::from(multiplier)))
            .map(|value| value / scale)
            .and_then(|bytes| u64::try_from(bytes).ok());
        match bytes {
            Some(bytes) if bytes >= min.0 && bytes <= max.0 => Ok(Bytes(bytes)),
            _ => Err(range()),
        }
    }

    pub const fn new(bytes: u64) -> Bytes {
        Bytes(bytes)
    }

    pub fn get(self) -> u64 {
        self.0
    }

    /// The largest unit that keeps the number at least 1, with as few
    /// decimals as are exact: "5.5TB", "200MB", "1B". Also the URL form.
    pub fn describe(self) -> String {
        let (unit, size) = UNITS
            .iter()
            .copied()
            .find(|&(_, size)| self.0 >= size)
            .unwrap_or(("B", 1));
        let whole = self.0 / size;
        let mut rest = self.0 % size;
        let mut text = whole.to_string();
        if rest > 0 {
            text.push('.');
            let mut place = size;
            while rest > 0 && place > 1 {
                place /= 10;
                text.push(char::from(b'0' + (rest / place) as u8));
                rest %= place;
            }
        }
        text.push_str(unit);
        text
    }

    /// The same for prose, with a space before the unit: "5.5 TB".
    pub fn spaced(self) -> String {
        let text = self.describe();
        let split = text
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        format!("{} {}", &text[..split], &text[split..])
    }
}

/// Total data: 1 KB … 1,000 PB.
pub const MIN_DATA: Bytes = Bytes(1_000);
pub const MAX_DATA: Bytes = Bytes(1_000_000_000_000_000_000);
/// Copy bandwidth per second: 1 KB/s … 1 TB/s.
pub const MIN_BANDWIDTH: Bytes = Bytes(1_000);
pub const MAX_BANDWIDTH: Bytes = Bytes(1_000_000_000_000);

/// What copying a share of the data costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Copy {
    pub bytes: f64,
    pub seconds: f64,
}

impl Copy {
    /// Copy `share` (0 … 1) of `data` at `bandwidth` bytes a second.
    pub fn of(share: f64, data: Bytes, bandwidth: Bytes) -> Copy {
        let bytes = share * data.get() as f64;
        Copy {
            bytes,
            seconds: bytes / bandwidth.get() as f64,
        }
    }
}

/// The share of keys a change between pools of `before` and `after` servers
/// moves: ideally one server's even share, 1 ÷ the larger pool; under
/// `hash mod n`, all but that, n ÷ (n+1) for a join to n+1.
pub fn ideal_share(before: usize, after: usize) -> f64 {
    1.0 / before.max(after) as f64
}

pub fn modulo_share(before: usize, after: usize) -> f64 {
    1.0 - ideal_share(before, after)
}

/// What a cache pays for a change (DEFINITIONS §16): every moved key misses
/// once, the next time it is asked for. At r requests per key per minute
/// those misses all arrive within about 60 ÷ r seconds, moved × r ÷ 60
/// extra requests a second to the backing store meanwhile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColdMisses {
    pub misses: usize,
    pub per_second: f64,
    pub within_seconds: f64,
}

impl ColdMisses {
    pub fn of(moved: usize, rate_per_key_minute: u32) -> ColdMisses {
        let rate = f64::from(rate_per_key_minute.max(1));
        ColdMisses {
            misses: moved,
            per_second: moved as f64 * rate / 60.0,
            within_seconds: 60.0 / rate,
        }
    }
}

/// Writes that reach the wrong server while routers switch lists one by
/// one, evenly over `minutes`: on average half the requests in the window
/// still use the old list.
pub fn misrouted(moved: f64, rate_per_key_minute: f64, minutes: f64) -> f64 {
    moved * rate_per_key_minute * minutes / 2.0
}

/// A number to `figures` significant figures, with thousands separators:
/// 5,210 (from 5,210.5 at 3), 26,050 (from 26,052.6 at 4), 0.153.
pub fn significant(value: f64, figures: u32) -> String {
    if !value.is_finite() || value <= 0.0 {
        return "0".to_string();
    }
    let magnitude = value.log10().floor() as i32;
    let decimals = (figures as i32 - 1 - magnitude).max(0) as u32;
    let step = 10f64.powi(magnitude + 1 - figures as i32);
    let rounded = (value / step).round() * step;
    if decimals == 0 {
        thousands(rounded.round() as u64)
    } else {
        super::format::fixed(rounded, decimals)
    }
}

/// Durations are written by `format::duration`, the page's one rule.
pub use super::format::duration;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_key_is_one_cold_miss_spread_over_a_request_interval() {
        // 205 keys moved, each asked for 30 times a minute: the misses come
        // within 2 s, 205 × 30 ÷ 60 a second.
        let misses = ColdMisses::of(205, 30);
        assert_eq!(misses.misses, 205);
        assert_eq!(misses.per_second, 102.5);
        assert_eq!(misses.within_seconds, 2.0);
        assert_eq!(ColdMisses::of(773, 7).per_second, 773.0 * 7.0 / 60.0);
        assert_eq!(ColdMisses::of(0, 30).per_second, 0.0);
    }

    fn data(text: &str) -> Result<u64, String> {
        Bytes::parse(text, MIN_DATA, MAX_DATA).map(Bytes::get)
    }

    #[test]
    fn sizes_read_exactly_in_powers_of_1000() {
        assert_eq!(data("5.5TB"), Ok(5_500_000_000_000));
        assert_eq!(data("5.5 tb"), Ok(5_500_000_000_000));
        assert_eq!(data("720 GB"), Ok(720_000_000_000));
        assert_eq!(data("200MB"), Ok(200_000_000));
        assert_eq!(data("1000"), Ok(1000));
        assert_eq!(data("1.5KB"), Ok(1500));
        // Half a kilobyte is under the 1 KB floor for total data.
        assert!(data(".5KB").is_err());
        assert!(data("9999999999999999999.999999999999TB").is_err());
        for bad in [
            "",
            "TB",
            "-5TB",
            "5.5PB",
            "1e3",
            "five",
            "0",
            "0.1B",
            "2000000TB",
            "5..5GB",
            "99999999999999999999999",
        ] {
            assert!(data(bad).is_err(), "{bad}");
        }
        assert_eq!(Bytes::new(5_500_000_000_000).spaced(), "5.5 TB");
        for text in ["5.5TB", "200MB", "1.25GB", "1KB", "999B"] {
            if let Ok(bytes) = Bytes::parse(text, Bytes::new(1), MAX_DATA) {
                assert_eq!(bytes.describe(), text);
            } else {
                panic!("{text} should read");
            }
        }
    }

    #[test]
    fn the_lesson_figures_by_formula() {
        let (data, bandwidth) = (Bytes::new(5_500_000_000_000), Bytes::new(200_000_000));
        let modulo = Copy::of(modulo_share(18, 19), data, bandwidth);
        assert_eq!(significant(modulo.bytes / 1e9, 3), "5,210");
        assert_eq!(significant(modulo.seconds, 4), "26,050");
        // 7 h 14 min, in the one unit a duration takes.
        assert_eq!(duration(modulo.seconds), "7.2 h");
        let ring = Copy::of(ideal_share(18, 19), data, bandwidth);
        assert_eq!(duration(ring.seconds), "24 min");
        // 200 keys of 5 GB, 2 → 3 servers.
        let shards = Copy::of(modulo_share(2, 3), Bytes::new(1_000_000_000_000), bandwidth);
        assert_eq!(significant(shards.bytes / 1e9, 3), "667");
        assert_eq!(significant(shards.seconds, 4), "3,333");
        // The lesson rounds to 133 keys first.
        let rounded = Copy::of(133.0 / 200.0, Bytes::new(1_000_000_000_000), bandwidth);
        assert_eq!((rounded.bytes / 1e9, rounded.seconds), (665.0, 3325.0));
        // Rollout: 200 keys, 2 → 3, 30 a minute, 12 minutes, by formula.
        assert_eq!(
            misrouted(200.0 * modulo_share(2, 3), 30.0, 12.0).round(),
            24_000.0
        );
        assert_eq!(duration(55.4), "55 s");
    }
}
