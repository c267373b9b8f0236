//! Numbers as the page prints them. Written out by hand because the
//! standard float formatting adds kilobytes of code to the page for the few
//! numbers it prints.

/// A number with a fixed count of decimals: fixed(1.2737, 2) is "1.27".
/// Written out by hand because the standard float formatting adds
/// kilobytes of code to the page for the few numbers it prints.
pub fn fixed(value: f64, decimals: u32) -> String {
    if !value.is_finite() {
        return "∞".to_string();
    }
    let scale = 10u64.pow(decimals);
    let scaled = (value.abs() * scale as f64).round() as u64;
    let mut out = String::new();
    if value < 0.0 && scaled != 0 {
        out.push('-');
    }
    out.push_str(&(scaled / scale).to_string());
    if decimals > 0 {
        let fraction = (scaled % scale).to_string();
        out.push('.');
        out.extend(std::iter::repeat_n('0', decimals as usize - fraction.len()));
        out.push_str(&fraction);
    }
    out
}

/// A ratio to three significant figures, "∞" when unbounded: 1.27, 99.1, 150.
pub fn format_ratio(ratio: f64) -> String {
    if !ratio.is_finite() {
        "∞".to_string()
    } else if ratio < 10.0 {
        fixed(ratio, 2)
    } else if ratio < 100.0 {
        fixed(ratio, 1)
    } else {
        fixed(ratio, 0)
    }
}

/// `text` with its first letter upper-case, to open a sentence (ASCII
/// only: Unicode's case tables would cost the worker's module 14 KB).
pub fn capitalised(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// A count with thousands separators, for prose: 100,000.
/// "alpha", "alpha and bravo", "alpha, bravo and charlie".
pub fn and_list<T: AsRef<str>>(names: &[T]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

pub fn thousands(number: u64) -> String {
    grouped(&number.to_string())
}

/// `fixed` for a sentence, its whole part with separators: 48,954.0.
pub fn fixed_in_prose(value: f64, decimals: u32) -> String {
    let plain = fixed(value, decimals);
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain.as_str()),
    };
    if digits == "∞" {
        return plain;
    }
    let whole = digits.find('.').unwrap_or(digits.len());
    format!("{sign}{}{}", grouped(&digits[..whole]), &digits[whole..])
}

/// Whole digits with a separator before each group of three from the right.
fn grouped(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Whole seconds as hours to one decimal, halves up: 21,258 → "5.9". The
/// `copy-hours` question and every duration of an hour or more use it.
pub fn hours(seconds: u64) -> String {
    let tenths = (seconds * 10 + 1800) / 3600;
    format!("{}.{}", thousands(tenths / 10), tenths % 10)
}

/// A duration, the one way the page writes one: whole seconds under a
/// minute ("42 s"), whole minutes under an hour ("24 min"), hours to one
/// decimal from there ("7.2 h"), so a question asked in hours is answered
/// in hours.
pub fn duration(seconds: f64) -> String {
    let total = if seconds.is_finite() {
        seconds.max(0.0).round() as u64
    } else {
        return "∞".to_string();
    };
    if total < 60 {
        return format!("{total} s");
    }
    let minutes = (total + 30) / 60;
    if minutes < 60 {
        return format!("{minutes} min");
    }
    format!("{} h", hours(total))
}

/// A measured time in whole seconds with the duration beside it:
/// "26,050 s (7.2 h)"; under a minute, "42 s" alone.
pub fn seconds_and_duration(seconds: f64) -> String {
    let said = duration(seconds);
    if said.ends_with(" s") || said == "∞" {
        return said;
    }
    format!("{} s ({said})", thousands(seconds.max(0.0).round() as u64))
}

/// A share as a percentage with one decimal: 20.5%.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "0%".to_string();
    }
    format!("{}%", fixed(100.0 * part as f64 / whole as f64, 1))
}

/// A number that is usually whole: 200, or 333.3 when it is not. Plain,
/// as a figure's text is (DEFINITIONS §6); `share_in_prose` for sentences.
pub fn format_share(share: f64) -> String {
    if (share - share.round()).abs() < 1e-9 {
        format!("{}", share.round() as u64)
    } else {
        fixed(share, 1)
    }
}

/// `format_share` for a sentence, its whole part with separators: 14,285.7.
/// Shares are never negative.
pub fn share_in_prose(share: f64) -> String {
    let plain = format_share(share);
    let whole = plain.find('.').unwrap_or(plain.len());
    grouped(&plain[..whole]) + &plain[whole..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_print_to_three_figures() {
        assert_eq!(format_ratio(228.0 / 179.0), "1.27");
        assert_eq!(format_ratio(694.0 / 7.0), "99.1");
        assert_eq!(format_ratio(270.0 / 223.0), "1.21");
        assert_eq!(format_ratio(300.0), "300");
        assert_eq!(format_ratio(f64::INFINITY), "∞");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000_000), "1,000,000,000");
        assert_eq!(percent(205, 1000), "20.5%");
        assert_eq!(format_share(200.0), "200");
        assert_eq!(format_share(1000.0 / 3.0), "333.3");
        assert_eq!(format_share(100_000.0 / 7.0), "14285.7");
        assert_eq!(share_in_prose(100_000.0 / 7.0), "14,285.7");
        assert_eq!(share_in_prose(250.0), "250");
        assert_eq!(share_in_prose(1_000_000.0), "1,000,000");
        assert_eq!(fixed_in_prose(48_954.04, 1), "48,954.0");
        assert_eq!(fixed_in_prose(-12_345.5, 0), "-12,346");
        assert_eq!(fixed_in_prose(102.5, 1), "102.5");
    }

    #[test]
    fn durations_pick_one_unit_by_one_rule() {
        assert_eq!(duration(42.4), "42 s");
        assert_eq!(duration(59.4), "59 s");
        assert_eq!(duration(60.0), "1 min");
        assert_eq!(duration(1_440.0), "24 min");
        assert_eq!(duration(3_569.0), "59 min");
        assert_eq!(duration(3_570.0), "1.0 h");
        assert_eq!(duration(26_050.0), "7.2 h");
        assert_eq!(duration(21_258.0), "5.9 h");
        assert_eq!(duration(40_000_000.0), "11,111.1 h");
        assert_eq!(hours(21_258), "5.9");
        assert_eq!(hours(180), "0.1"); // 0.05 h: halves up
        assert_eq!(seconds_and_duration(26_050.0), "26,050 s (7.2 h)");
        assert_eq!(seconds_and_duration(5_115.0), "5,115 s (1.4 h)");
        assert_eq!(seconds_and_duration(12.0), "12 s");
    }

    #[test]
    fn fixed_decimals_round_like_a_person_would() {
        assert_eq!(fixed(1.2737, 2), "1.27");
        assert_eq!(fixed(0.999, 2), "1.00");
        assert_eq!(fixed(99.142, 1), "99.1");
        assert_eq!(fixed(0.05, 1), "0.1");
        assert_eq!(fixed(-2.5, 0), "-3");
        assert_eq!(fixed(-0.01, 1), "0.0");
        assert_eq!(fixed(12.0, 3), "12.000");
        assert_eq!(fixed(f64::INFINITY, 1), "∞");
    }
}

/// Slider stops from `min` to `max` that feel logarithmic: every whole
/// number to 10, then 16 stops a decade (10, 12, 14, 16, 18, 20, 25, …, 90),
/// so 1, 2, 3 … 10 are as easy to reach as 100 … 500. Both ends included.
pub fn ladder(min: u32, max: u32) -> Vec<u32> {
    const STEPS: [u64; 16] = [
        10, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90,
    ];
    let mut stops: Vec<u32> = (min..=max.min(10)).collect();
    let mut decade = 1u64;
    while decade * 10 <= u64::from(max) {
        for step in STEPS {
            let stop = step * decade;
            if stop > 10 && stop >= u64::from(min) && stop <= u64::from(max) {
                stops.push(stop as u32);
            }
        }
        decade *= 10;
    }
    if stops.last() != Some(&max) {
        stops.push(max);
    }
    stops.dedup();
    stops
}

/// The stop nearest `value` (on the lower side when it sits between two).
pub fn nearest_stop(stops: &[u32], value: u32) -> usize {
    let above = stops.partition_point(|&stop| stop < value);
    match (above.checked_sub(1), stops.get(above)) {
        (Some(below), Some(&at)) if value - stops[below] <= at - value => below,
        (Some(below), None) => below,
        _ => above.min(stops.len().saturating_sub(1)),
    }
}

#[cfg(test)]
mod ladder_tests {
    use super::*;

    #[test]
    fn stops_are_dense_low_and_sparse_high() {
        let points = ladder(1, 500);
        assert_eq!(&points[..12], &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14]);
        assert!(points.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(*points.last().unwrap(), 500);
        assert!(points.contains(&200) && points.contains(&180) && points.contains(&250));
        assert!(points.len() < 50, "{} stops", points.len());
        let keys = ladder(1, 100_000);
        assert_eq!(*keys.last().unwrap(), 100_000);
        assert!(keys.contains(&1_000) && keys.contains(&25_000));
        assert_eq!(
            nearest_stop(&points, 200),
            points.iter().position(|&p| p == 200).unwrap()
        );
        assert_eq!(points[nearest_stop(&points, 198)], 200);
        assert_eq!(points[nearest_stop(&points, 11)], 10);
        assert_eq!(points[nearest_stop(&points, 13)], 12);
        assert_eq!(points[nearest_stop(&points, 0)], 1);
        assert_eq!(points[nearest_stop(&points, 9999)], 500);
    }
}
