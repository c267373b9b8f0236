//! What leaves the page as a file: names for saved figures and the one-line
//! summary of the settings a printed handout starts with.

use model::format::thousands;
use model::in_use::InUse;
use model::{Change, Settings, Snapshot};

/// Keep letters and digits; anything else becomes one dash between words.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The file name of a saved figure: what it shows, then the settings that
/// make it, e.g. `ring-points200-echo-joins.png`. Only letters, digits and
/// dashes, whatever the server names are, so it is a safe name on any system.
pub fn png_name(figure: &str, settings: &Settings) -> String {
    let (name, verb) = match &settings.change {
        Change::Join(name) => (name.as_str(), "joins"),
        Change::Leave(name) => (name.as_str(), "leaves"),
        Change::Deploy(_) => ("", "deploy"),
    };
    let mut parts = vec![slug(figure), format!("points{}", settings.points)];
    // A name with no letters or digits at all leaves only the verb.
    let name = slug(name);
    if !name.is_empty() {
        parts.push(
            name.chars()
                .take(40)
                .collect::<String>()
                .trim_end_matches('-')
                .to_string(),
        );
    }
    parts.push(verb.to_string());
    format!("{}.png", parts.join("-"))
}

/// The settings in one line, for the top of a printed page.
pub fn settings_line(settings: &Settings) -> String {
    let change = match &settings.change {
        Change::Join(name) => format!("{name} joins"),
        Change::Leave(name) => format!("{name} leaves"),
        Change::Deploy(after) => format!("a deploy to {}", after.servers.join(", ")),
    };
    let keys = match &settings.your_keys {
        Some(yours) => format!("{} of your own keys", thousands(yours.len() as u64)),
        None => format!(
            "{} keys from {}",
            thousands(settings.keys as u64),
            settings.keyname.name(settings.first)
        ),
    };
    let placement = match settings.in_use {
        InUse::Ring => format!("{}; hash {}", settings.points_phrase(), settings.hash.id()),
        _ => format!("{} and key hash", settings.points_phrase()),
    };
    let mut line = format!(
        "Servers {}; {change}; {placement}; {keys}",
        settings.servers.join(", "),
    );
    if !settings.weights.is_empty() {
        let weights: Vec<String> = settings
            .weights
            .iter()
            .map(|(name, weight)| format!("{name} ×{}", weight.get()))
            .collect();
        line.push_str(&format!("; weights {}", weights.join(", ")));
    }
    if !settings.down.is_empty() {
        line.push_str(&format!("; down {}", settings.down.join(", ")));
    }
    line.push('.');
    line
}

/// What a saved ring says under it, for a slide: while the page still asks
/// (`asking`), the pool before the change and the question, and no word of
/// moved keys, for none is marked.
pub fn ring_png_caption(s: &Snapshot, asking: bool) -> String {
    const MARKS: &str = "Each dot is a key in its server's colour, each tick a server's point on the circle of 2^32 positions";
    let change = s.change_phrase();
    let keys = thousands(s.key_count() as u64);
    if asking {
        return format!(
            "Before {change}, {} servers hold the {keys} keys: how many of them will change server? {MARKS}.",
            s.before.len()
        );
    }
    format!(
        "{}: {} of {keys} keys change server. {MARKS}; a ring round a dot marks a key that moved.",
        // A name is never capitalised; the deploy starts the sentence.
        if s.is_deploy() {
            "The deploy"
        } else {
            change.as_str()
        },
        thousands(s.moved_by_owner_diff as u64),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_saved_before_the_answer_asks_and_marks_nothing_moved() {
        let s = Snapshot::of(&model::Valid::new(Settings::default()).unwrap());
        let asked = ring_png_caption(&s, true);
        assert!(
            asked.starts_with("Before echo joins, 4 servers hold the 1,000 keys: how many"),
            "{asked}"
        );
        assert!(
            !asked.contains("moved") && !asked.contains(&s.moved_by_owner_diff.to_string()),
            "{asked}"
        );
        let told = ring_png_caption(&s, false);
        let count = format!(
            "echo joins: {} of 1,000 keys change server.",
            s.moved_by_owner_diff
        );
        assert!(told.starts_with(&count), "{told}");
        assert!(
            told.ends_with("a ring round a dot marks a key that moved."),
            "{told}"
        );
    }

    #[test]
    fn the_default_ring_is_named_as_the_issue_says() {
        assert_eq!(
            png_name("ring", &Settings::default()),
            "ring-points200-echo-joins.png"
        );
    }

    #[test]
    fn hostile_names_leave_only_letters_digits_and_dashes() {
        for name in [
            "../../etc/passwd",
            "\"><script>x</script>",
            "a b\\c:d",
            "ünï",
            "///",
        ] {
            let settings = Settings {
                change: Change::Leave(name.into()),
                ..Settings::default()
            };
            let file = png_name("loads chart", &settings);
            let stem = file.strip_suffix(".png").unwrap();
            assert!(
                stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{file}"
            );
            assert!(!stem.contains("--") && !stem.starts_with('-'), "{file}");
            assert!(stem.starts_with("loads-chart-points200-") && stem.ends_with("-leaves"));
        }
    }

    #[test]
    fn the_settings_line_names_every_server_and_the_change() {
        let line = settings_line(&Settings::default());
        assert!(line.contains("alpha, bravo, charlie, delta"), "{line}");
        assert!(
            line.contains("echo joins") && line.contains("200 points"),
            "{line}"
        );
        assert!(line.contains("1,000 keys"), "{line}");
    }
}
