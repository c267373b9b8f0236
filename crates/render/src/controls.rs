//! A number slider with its exact box, and the hash menu, in the words and
//! rules both the first screen and the app use: the first screen writes the
//! points slider and the hash menu as markup before the app arrives
//! (`first::controls`), and the app writes every number control and the hash
//! menu as views (`app::number_control`, `app::controls`). What they say,
//! what a screen reader hears, where the slider's stops fall and how a
//! typed number is read or refused are written once, here.

use model::format::{ladder, nearest_stop};

pub const POINTS_LABEL: &str = "Points per server";
pub const POINTS_UNIT: &str = "points per server";
pub const HASH_LABEL: &str = "Hash function";
/// Said beside the hash menu if its value is none of the hashes.
pub const HASH_REFUSED: &str = "Pick one of the three hashes.";

/// The exact box's accessible name beside a slider labelled `label`.
pub fn exact_label(label: &str) -> String {
    format!("{label}, exact")
}

/// What a screen reader says of a slider at `value`: "200 points per server".
pub fn value_text(value: u32, unit: &str) -> String {
    format!("{value} {unit}")
}

/// The slider's stops from `min` to `max`, dense at the low end, and the
/// stop nearest `value`: where the slider sits.
pub fn stops(min: u32, max: u32) -> Vec<u32> {
    ladder(min, max)
}

pub fn stop_of(stops: &[u32], value: u32) -> usize {
    nearest_stop(stops, value)
}

/// The value at stop `index` of a slider, as the slider's input gives it.
pub fn at_stop(stops: &[u32], index: &str) -> Option<u32> {
    index
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|i| stops.get(i))
        .copied()
}

/// A typed number, or a sentence saying it is not one.
pub fn whole_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    let text = text.trim();
    text.parse::<T>().map_err(|_| {
        let shown: String = text.chars().take(24).collect();
        format!("\u{201c}{shown}\u{201d} is not a whole number.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_and_its_value_read_back() {
        let stops = stops(1, 500);
        for value in [1, 7, 200, 500] {
            let stop = stop_of(&stops, value);
            assert_eq!(at_stop(&stops, &stop.to_string()), Some(stops[stop]));
        }
        assert_eq!(at_stop(&stops, "x"), None);
        assert_eq!(at_stop(&stops, &stops.len().to_string()), None);
        assert_eq!(whole_number::<u16>(" 42 "), Ok(42));
        assert_eq!(
            whole_number::<u16>("4.5"),
            Err("\u{201c}4.5\u{201d} is not a whole number.".to_string())
        );
        assert_eq!(value_text(200, POINTS_UNIT), "200 points per server");
    }
}
