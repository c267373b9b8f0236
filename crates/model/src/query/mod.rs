//! The page address as state. `parse` reads any query string, however broken,
//! into valid settings plus a notice for each part it had to ignore; `render`
//! writes settings back, so the address bar is always a permalink.

pub mod params;

use crate::lecture::Lecture;
use crate::panels::PanelId;
use crate::questions::QuestionId;
use crate::settings::{clean_name, default_change, quote, PoolAfter, Valid};
use crate::{Change, Field, Settings, Weight};
use params::{Param, Reading, PARAMS};

/// How the page is laid out, as opposed to what it measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `embed=1`: no page chrome, for an iframe.
    pub embed: bool,
    /// `panel=…`: one panel alone.
    pub panel: Option<PanelId>,
    /// `q=…`: one "Guess first" question alone (DEFINITIONS §12).
    pub question: Option<QuestionId>,
    /// `present=…`: presenter mode, at this slide of the lecture (from 0;
    /// the slide after the last is its notes), DEFINITIONS §4.
    pub present: Option<u8>,
    /// `lecture=…`: the slides presenter mode shows; None, the lesson
    /// and then the lab (`Lecture::the_lesson`).
    pub lecture: Option<Lecture>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub settings: Valid,
    pub view: View,
    /// `key=…`: the key in the one-key box (DEFINITIONS §13), a view choice.
    pub key: Option<String>,
    /// `present=…` and `lecture=…` as written: only the full page reads
    /// them (`resolve_presenting`), so no other module compiles a lecture.
    pub present: Option<String>,
    pub lecture: Option<String>,
    /// One sentence for each parameter that was ignored, and why.
    pub notices: Vec<String>,
}

/// The query of `render` with the one-key box's key, if there is one.
pub fn with_key(query: String, key: &str) -> String {
    if key.is_empty() {
        query
    } else {
        format!("{query}&key={}", percent_encode(key))
    }
}

/// `query` (without its `?`) with parameter `name` set to `value` (already
/// encoded): in place of its first mention, any later ones dropped, or at
/// the end. Every other part is kept as written. The first screen sets
/// the two settings it offers this way, without `render`'s number printing.
pub fn with_value(query: &str, name: &str, value: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut set = false;
    for part in query.split('&').filter(|part| !part.is_empty()) {
        let named = part.split('=').next() == Some(name);
        if !named {
            parts.push(part.to_string());
        } else if !set {
            parts.push(format!("{name}={value}"));
            set = true;
        }
    }
    if !set {
        parts.push(format!("{name}={value}"));
    }
    parts.join("&")
}

/// Decode `%XX` escapes and `+`; None when the result is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (
                    bytes.get(index + 1).and_then(|&b| hex(b)),
                    bytes.get(index + 2).and_then(|&b| hex(b)),
                ) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        index += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8(out).ok()
}

/// Escape everything but unreserved characters and the list comma.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~,".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Read a query string (with or without the leading `?`). Never fails: every
/// part that cannot be used falls back to its default and earns a notice.
/// `panels` are the panels `panel=` accepts: every one (`panels::ids()`),
/// or those the first screen's module can draw.
pub fn parse(query: &str, panels: &[PanelId]) -> Parsed {
    let mut reading = Reading {
        settings: Settings::default(),
        view: View::default(),
        change: None,
        after: None,
        after_weights: None,
        key: None,
        present: None,
        lecture: None,
        panels,
    };
    let mut notices = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(key), Some(value)) = (percent_decode(raw_key), percent_decode(raw_value)) else {
            notices.push("Ignored a parameter that is not valid UTF-8 text.".to_string());
            continue;
        };
        if seen.contains(&key) {
            notices.push(format!(
                "Ignored a repeated {}: the first one is used.",
                quote(&key)
            ));
            continue;
        }
        seen.push(key.clone());
        match Param::named(&key).map(|param| param.read(&mut reading, &value)) {
            Some(Ok(())) => {}
            Some(Err(why)) => notices.push(format!("Ignored {key}={}: {why}.", quote(&value))),
            None => notices.push(format!(
                "Ignored {}: the page has no such setting.",
                quote(&key)
            )),
        }
    }

    let Reading {
        mut settings,
        view,
        change,
        after,
        after_weights,
        key,
        present,
        lecture,
        ..
    } = reading;
    resolve_change(&mut settings, change, after, after_weights, &mut notices);
    // Each part was fine alone; now the whole, by the same rules as the controls.
    let settled = Valid::settle(settings, &Valid::default());
    notices.extend(settled.notices.into_iter().map(|notice| {
        if matches!(notice.problem.field, Field::Change | Field::After) {
            format!("{} Using a default change instead.", notice.problem.message)
        } else {
            notice.problem.message
        }
    }));
    Parsed {
        settings: settled.valid,
        view,
        key,
        present,
        lecture,
        notices,
    }
}

/// Read `present=` and `lecture=`, as the address wrote them, into the
/// view, among the full page's `panels`; a notice for each that cannot be
/// used. Only the full page calls this: no other module compiles a lecture.
pub fn resolve_presenting(parsed: &mut Parsed, panels: &[PanelId]) {
    let lesson = Lecture::the_lesson(panels);
    if let Some(text) = parsed.lecture.take() {
        match Lecture::parse(&text, panels) {
            Ok(lecture) => parsed.view.lecture = (lecture != lesson).then_some(lecture),
            Err(why) => parsed
                .notices
                .push(format!("Ignored lecture={}: {why}.", quote(&text))),
        }
    }
    if let Some(present) = parsed.present.take() {
        let lecture = parsed.view.lecture.unwrap_or(lesson);
        let count = lecture.slides().len() + 1;
        let found = match present.trim().parse::<usize>() {
            Ok(0) => None,
            Ok(number) => Some(number - 1).filter(|&index| index < count),
            Err(_) if present == "notes" => Some(count - 1),
            Err(_) => lecture.find(&present),
        };
        if found.is_none() && present.trim() != "0" {
            parsed.notices.push(format!(
                "Ignored present={}: present takes 0, a slide's number (1 to {count}) or a slide's id.",
                quote(&present)
            ));
        }
        parsed.view.present = found.map(|index| index as u8);
    }
}

/// The change the address gives: `after=` (with `after-weights=`), else
/// `add` or `remove`, else a default; and a joiner's position, if any.
fn resolve_change(
    settings: &mut Settings,
    mut change: Option<Change>,
    after: Option<Vec<String>>,
    mut after_weights: Option<Vec<(String, Weight)>>,
    notices: &mut Vec<String>,
) {
    // `after=` is the change; `add` and `remove` are shorthands for one.
    if let Some(servers) = after {
        if let Some(shorthand) = &change {
            notices.push(format!(
                "Ignored {}={}: after= gives the pool after, and it is used.",
                if shorthand.is_join() { "add" } else { "remove" },
                quote(shorthand.single_name().unwrap_or_default())
            ));
        }
        change = Some(Change::Deploy(PoolAfter {
            servers,
            weights: after_weights.take().unwrap_or_default(),
        }));
    }
    if after_weights.is_some() {
        notices.push(
            "Ignored after-weights: it gives weights to the pool after=, and there is none."
                .to_string(),
        );
    }
    settings.change = change.unwrap_or_else(|| default_change(&settings.servers));
    // A position is only for a join; at the end of the list it is the default.
    if let Some(at) = settings.insert_at {
        if !settings.change.is_join() {
            notices.push(format!(
                "Ignored addat={at}: only a joining server has a position."
            ));
            settings.insert_at = None;
        } else if usize::from(at) == settings.servers.len() + 1 {
            settings.insert_at = None;
        }
    }
}

/// `alpha:3,bravo:2`: names with whole weights 1 … 10.
pub fn parse_weights(text: &str) -> Result<Vec<(String, Weight)>, String> {
    let mut weights: Vec<(String, Weight)> = Vec::new();
    for part in text.split(',').filter(|part| !part.trim().is_empty()) {
        let Some((name, weight)) = part.rsplit_once(':') else {
            return Err(format!(
                "each weight is NAME:W, and {} has no colon",
                quote(part.trim())
            ));
        };
        let name = clean_name(name).map_err(|why| why.trim_end_matches('.').to_string())?;
        let weight = weight
            .trim()
            .parse::<u32>()
            .map_err(|_| {
                format!(
                    "the weight of {} must be a whole number from 1 to 10",
                    quote(&name)
                )
            })
            .and_then(|w| {
                Weight::new(w).map_err(|why| format!("the weight of {} {why}", quote(&name)))
            })?;
        if weights.iter().any(|(named, _)| *named == name) {
            return Err(format!("{} has two weights", quote(&name)));
        }
        weights.push((name, weight));
    }
    Ok(weights)
}

/// The way out of an embed or a panel alone: the full page, relative to
/// this one, with the same settings and no view choices.
pub fn full_page_href(settings: &Settings) -> String {
    format!("./?{}", render(settings, &View::default()))
}

/// A lecture's own link: these settings and its slides, opening presenter
/// mode on its first slide (`present=1`), relative to this page.
pub fn lecture_href(settings: &Settings, lecture: Lecture) -> String {
    let view = View {
        present: Some(0),
        lecture: Some(lecture),
        ..View::default()
    };
    format!("./?{}", render(settings, &view))
}

/// What a measurement is for: the address, and the reader's own keys by
/// their digest (they are never in the address), so figures of the
/// template's keys are never taken for figures of the reader's.
pub fn identity(settings: &Settings) -> String {
    let mut query = render(settings, &View::default());
    if let Some(yours) = &settings.your_keys {
        query.push_str("&yours=");
        query.push_str(&yours.id());
    }
    query
}

/// The query string for these settings (without the `?`): every
/// parameter `PARAMS` writes, in its order.
pub fn render(settings: &Settings, view: &View) -> String {
    let written: Vec<String> = PARAMS
        .iter()
        .filter_map(|param| param.written(settings, view))
        .collect();
    written.join("&")
}

/// What the settings of address `then` had that address `now` lacks, in
/// words, for "your guess was for …": "200 points per server", "echo
/// joining", "hash=fnv1a", or "other settings" past two differences.
pub fn what_differs(then: &str, now: &str) -> String {
    // Compared as written in the address: a value differs or it does not.
    let differing: Vec<String> = then
        .split('&')
        .filter(|pair| !now.split('&').any(|other| other == *pair))
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| match Param::named(key) {
            Some(param) => param.say(value),
            None => format!("{key}={value}"),
        })
        .collect();
    match differing.len() {
        1 | 2 => differing.join(" and "),
        _ => "other settings".to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn with_value_sets_one_parameter_and_keeps_the_rest_as_written() {
        assert_eq!(
            with_value("servers=a,b&points=40&keys=9", "points", "7"),
            "servers=a,b&points=7&keys=9"
        );
        assert_eq!(
            with_value("servers=a,b", "hash", "fnv1a"),
            "servers=a,b&hash=fnv1a"
        );
        assert_eq!(with_value("", "points", "7"), "points=7");
        // A repeat is dropped, and a name that only starts the same is kept.
        assert_eq!(
            with_value("points=1&pointsx=2&points=3", "points", "9"),
            "points=9&pointsx=2"
        );
        // What it writes, the parser reads.
        let parsed = parse(&with_value("servers=a,b,c&points=40", "points", "7"));
        assert_eq!(parsed.settings.points, 7);
    }

    use super::*;
    use crate::cost::Bytes;
    use crate::in_use::InUse;
    use crate::keyname::KeyName;
    use crate::settings::parse_skew;
    use crate::{Epsilon, HashKind, Probes, Replicas};

    fn parse(query: &str) -> Parsed {
        super::parse(query, &crate::panels::ids())
    }

    #[test]
    fn the_spec_example_reads_as_the_default() {
        let parsed = parse("?servers=alpha,bravo,charlie,delta&add=echo&points=200&keys=1000&first=0&hash=fnv1a-fold");
        assert_eq!(*parsed.settings, Settings::default());
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(*parse("").settings, Settings::default());
    }

    #[test]
    fn a_joiners_position_round_trips_and_is_checked() {
        let parsed = parse("servers=a,b,c&add=d&addat=2");
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.settings.insert_at, Some(2));
        assert_eq!(parsed.settings.pool_after(), ["a", "d", "b", "c"]);
        assert_eq!(
            parse(&render(&parsed.settings, &View::default())).settings,
            parsed.settings
        );
        // The end of the list is the default, written as no position.
        let end = parse("servers=a,b,c&add=d&addat=4");
        assert_eq!(end.settings.insert_at, None);
        assert!(!render(&end.settings, &View::default()).contains("addat"));
        // Past the end, or with a leave: a notice, and the default.
        let past = parse("servers=a,b,c&add=d&addat=5");
        assert_eq!(past.settings.insert_at, None);
        assert_eq!(past.notices.len(), 1, "{:?}", past.notices);
        let leave = parse("servers=a,b,c,d&remove=b&addat=2");
        assert_eq!(leave.settings.insert_at, None);
        assert_eq!(
            leave.notices,
            ["Ignored addat=2: only a joining server has a position."]
        );
    }

    #[test]
    fn a_deploy_is_read_written_and_checked() {
        let address = "servers=a,b,c&weights=b:2&after=a,b,x,c,d&after-weights=b:3,d:4";
        let parsed = parse(address);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.settings.pool_after(), ["a", "b", "x", "c", "d"]);
        assert_eq!(parsed.settings.weight_after_of("b"), 3);
        assert_eq!(parsed.settings.weight_after_of("d"), 4);
        assert_eq!(parsed.settings.weight_after_of("c"), 1);
        assert_eq!(parsed.settings.weight_of("b"), 2);
        let written = render(&parsed.settings, &View::default());
        assert!(
            written.contains("&after=a,b,x,c,d&")
                && written.ends_with("&weights=b:2&after-weights=b:3,d:4"),
            "{written}"
        );
        assert_eq!(parse(&written).settings, parsed.settings);
        // add, remove and addat are one `after`, written as the shorthand.
        for (deploy, shorthand) in [
            ("servers=a,b,c&after=a,b,c,d", "servers=a,b,c&add=d"),
            ("servers=a,b,c&after=a,d,b,c", "servers=a,b,c&add=d&addat=2"),
            ("servers=a,b,c&after=a,c", "servers=a,b,c&remove=b"),
        ] {
            assert_eq!(
                parse(deploy).settings,
                parse(shorthand).settings,
                "{deploy}"
            );
        }
        // A weight changed is no shorthand; nor is an unchanged pool.
        assert!(parse("servers=a,b,c&after=a,b,c,d&after-weights=a:2")
            .settings
            .change
            .is_deploy());
        assert!(parse("servers=a,b,c&after=a,b,c")
            .settings
            .change
            .is_deploy());
        // Both: after is used, with a notice.
        let both = parse("servers=a,b,c&add=d&after=a,c,b");
        assert_eq!(both.settings.pool_after(), ["a", "c", "b"]);
        assert_eq!(
            both.notices,
            ["Ignored add=\u{201c}d\u{201d}: after= gives the pool after, and it is used."]
        );
    }

    #[test]
    fn a_pool_after_the_page_cannot_take_is_refused_by_name() {
        for (address, says) in [
            ("servers=a,b&after=a", "Ignored after=\u{201c}a\u{201d}: the pool after needs 2 to 50 servers, not 1."),
            ("servers=a,b&after=a,a", "Ignored after=\u{201c}a,a\u{201d}: \u{201c}a\u{201d} appears twice; every server needs its own name."),
            ("servers=a,b&after=a,c&after-weights=c:11", "Ignored after-weights=\u{201c}c:11\u{201d}: the weight of \u{201c}c\u{201d} needs a whole number from 1 to 10."),
            ("servers=a,b&after=a,c&after-weights=z:2", "\u{201c}z\u{201d} is not in the pool after, so it cannot have a weight after. Using a default change instead."),
            ("servers=a,b&after-weights=a:2", "Ignored after-weights: it gives weights to the pool after=, and there is none."),
        ] {
            let parsed = parse(address);
            assert!(parsed.notices.iter().any(|n| n == says), "{address}: {:?}", parsed.notices);
            assert!(!parsed.settings.change.is_deploy() || parsed.settings.pool_after().len() >= 2);
        }
    }

    #[test]
    fn every_setting_round_trips() {
        let settings = Settings {
            servers: vec!["north pole".into(), "sü∂".into(), "a&b=c".into()],
            change: Change::Leave("sü∂".into()),
            points: 7,
            keys: 12345,
            first: 99,
            hash: HashKind::Fnv1a,
            in_use: InUse::Twemproxy,
            eps: Epsilon::parse("1.05").unwrap(),
            probes: Probes::new(3).unwrap(),
            down: vec!["a&b=c".into()],
            replicas: Replicas::new(2).unwrap(),
            data: Bytes::new(720_000_000_001),
            bandwidth: Bytes::new(1_500),
            rate: 7,
            rollout: 90,
            weights: vec![("north pole".into(), Weight::new(4).unwrap())],
            skew: parse_skew("1.5").unwrap(),
            keyname: KeyName::parse("user:{i}/é").unwrap(),
            insert_at: None,
            your_keys: None,
        };
        let view = View {
            embed: true,
            panel: Some(PanelId::Predict),
            question: Some(QuestionId::Failover),
            ..View::default()
        };
        let parsed = parse(&render(&settings, &view));
        assert_eq!(*parsed.settings, settings);
        assert_eq!(parsed.view, view);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    }

    #[test]
    fn malformed_values_fall_back_with_a_notice_each() {
        let parsed = parse("data=-5TB&bandwidth=0&rate=0&rollout=99999&data=1TB");
        assert_eq!(*parsed.settings, Settings::default());
        assert_eq!(parsed.notices.len(), 5, "{:?}", parsed.notices);
        assert!(parsed.notices[0].contains("5.5TB or 200MB"));
        assert_eq!(parse("data=1.25%20GB").settings.data.get(), 1_250_000_000);
        let parsed = parse("weights=alpha:3,zulu:2&skew=1.5");
        assert_eq!(
            parsed.settings.weights,
            vec![("alpha".to_string(), Weight::new(3).unwrap())]
        );
        assert_eq!(parsed.settings.skew.get(), 15);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
        for bad in ["alpha:0", "alpha:11", "alpha:x", "alpha", "alpha:2,alpha:3"] {
            let parsed = parse(&format!("weights={bad}"));
            assert!(parsed.settings.weights.is_empty(), "{bad}");
            assert_eq!(parsed.notices.len(), 1, "{bad}");
        }
        let servers: Vec<String> = (0..25).map(|i| format!("n{i}")).collect();
        let weights: Vec<String> = servers.iter().map(|name| format!("{name}:10")).collect();
        let parsed = parse(&format!(
            "points=500&servers={}&weights={}",
            servers.join(","),
            weights.join(",")
        ));
        assert!(parsed.settings.weights.is_empty());
        assert!(parsed.notices[0].contains("100,000"));
        assert!(parse("skew=2.5").notices[0].contains("0 to 2"));
        let parsed = parse("eps=0.001&probes=0");
        assert_eq!(*parsed.settings, Settings::default());
        assert!(parsed.notices[0].contains("0.05 to 2"));
        assert!(parsed.notices[1].contains("1 to 64"));
        assert!(parse("panel=nope").notices[0].contains("schemes"));
        // Unknown, repeated and all-down names, too many replicas.
        let parsed = parse("down=zulu,bravo&replicas=5");
        assert_eq!(parsed.settings.down, vec!["bravo".to_string()]);
        assert_eq!(parsed.settings.replicas.count(), 5);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
        assert!(parsed.notices[0].contains("zulu"));
        let parsed = parse("down=alpha,alpha");
        assert!(parsed.settings.down.is_empty());
        assert!(parsed.notices[0].contains("twice"));
        let parsed = parse("servers=a,b&add=c&down=a,b,c&replicas=4");
        assert!(parsed.settings.down.is_empty());
        assert_eq!(parsed.settings.replicas.count(), 3);
        assert_eq!(parsed.settings.down_servers(), vec!["a".to_string()]);
        assert_eq!(parsed.notices.len(), 2, "{:?}", parsed.notices);
        let parsed = parse("points=abc&hash=md5&keys=5");
        assert_eq!(parsed.settings.points, 200);
        assert_eq!(parsed.settings.hash, HashKind::Fnv1aFold);
        assert_eq!(parsed.settings.keys, 5);
        assert_eq!(parsed.notices.len(), 2);
        assert!(parsed.notices[0].contains("points") && parsed.notices[0].contains("1 to 500"));
        assert!(parsed.notices[1].contains("hash"));
    }

    #[test]
    fn conflicts_and_repeats_keep_the_first_and_say_so() {
        let parsed = parse("add=x&remove=alpha&points=3&points=9");
        assert_eq!(parsed.settings.change, Change::Join("x".into()));
        assert_eq!(parsed.settings.points, 3);
        assert_eq!(parsed.notices.len(), 2);
    }

    #[test]
    fn a_change_that_does_not_fit_the_list_is_replaced() {
        let parsed = parse("add=alpha");
        assert_eq!(parsed.settings.change, Change::Join("echo".into()));
        assert_eq!(parsed.notices.len(), 1);
        let parsed = parse("servers=a,b&remove=a");
        assert_eq!(parsed.settings.change, Change::Join("echo".into()));
        let parsed = parse("servers=echo,b");
        assert_eq!(parsed.settings.change, Change::Join("server-1".into()));
    }

    #[test]
    fn percent_decoding_handles_broken_escapes() {
        assert_eq!(percent_decode("a%20b+c"), Some("a b c".into()));
        assert_eq!(percent_decode("100%"), Some("100%".into()));
        assert_eq!(percent_decode("%zz%4"), Some("%zz%4".into()));
        assert_eq!(percent_decode("%C3%A9"), Some("é".into()));
        assert_eq!(percent_decode("%FF"), None);
    }

    #[test]
    fn an_old_guess_says_what_it_was_for() {
        let then = "servers=alpha,bravo&add=echo&points=200&keys=1000&hash=fnv1a-fold";
        assert_eq!(
            what_differs(
                then,
                "servers=alpha,bravo&add=echo&points=50&keys=1000&hash=fnv1a-fold"
            ),
            "200 points per server"
        );
        assert_eq!(
            what_differs(
                then,
                "servers=alpha,bravo&remove=alpha&points=200&keys=20000&hash=fnv1a-fold"
            ),
            "echo joining and 1,000 keys"
        );
        assert_eq!(
            what_differs(then, "servers=a,b&add=c&points=1&keys=10&hash=fnv1a"),
            "other settings"
        );
    }

    fn read(query: &str) -> Parsed {
        let panels = crate::panels::ids();
        let mut parsed = super::parse(query, &panels);
        resolve_presenting(&mut parsed, &panels);
        parsed
    }

    #[test]
    fn present_finds_a_slide_of_the_lecture_before_or_after_it() {
        let at = |query: &str| read(query).view.present;
        // The lesson's seven steps, then the lab.
        assert_eq!(at("present=1"), Some(0));
        // A lecture's link opens presenting it, from its first slide.
        let talk = Lecture::parse("lesson-question,loads", &crate::panels::ids()).unwrap();
        let href = lecture_href(&Settings::default(), talk);
        let back = read(href.trim_start_matches("./?"));
        assert!(href.contains("&present=1&"), "{href}");
        assert_eq!(back.view.present, Some(0), "{href}");
        assert_eq!(back.view.lecture, Some(talk), "{href}");
        assert_eq!(at("present=ring"), Some(0));
        assert_eq!(at("present=lesson-failing"), Some(4));
        assert_eq!(
            at("present=predict"),
            Some(0),
            "the lesson asks its questions"
        );
        assert_eq!(at("present=lesson-cost"), Some(6));
        assert_eq!(at("present=loads&lecture=lesson-played,loads"), Some(1));
        assert_eq!(at("lecture=lesson-played,loads&present=2"), Some(1));
        assert_eq!(at("lecture=lesson-played,loads&present=notes"), Some(2));
        assert_eq!(
            at("lecture=lesson-played,loads&present=3"),
            Some(2),
            "the notes"
        );
        assert_eq!(at("present=0"), None);
        assert!(read("present=0").notices.is_empty());
        let past = read("lecture=loads&present=3");
        assert_eq!(past.view.present, None);
        assert!(
            past.notices[0].contains("a slide's number (1 to 2)"),
            "{:?}",
            past.notices
        );
        let bad = read("lecture=loads,nowhere&present=1");
        assert_eq!(bad.view.lecture, None);
        assert_eq!(
            bad.view.present,
            Some(0),
            "the lesson, from its first slide"
        );
        assert!(
            bad.notices[0].contains("“nowhere” is no slide"),
            "{:?}",
            bad.notices
        );
        // The lesson itself is not written out, and a lecture reads back.
        let lesson = Lecture::the_lesson(&crate::panels::ids());
        assert_eq!(
            read(&format!("lecture={}", lesson.written())).view.lecture,
            None
        );
        let talk = Lecture::parse(
            "lesson-played,preset-lumpy,loads,claims",
            &crate::panels::ids(),
        )
        .unwrap();
        let view = View {
            present: Some(3),
            lecture: Some(talk),
            ..Default::default()
        };
        let again = read(&render(&Settings::default(), &view));
        assert_eq!(again.view, view);
        assert!(again.notices.is_empty(), "{:?}", again.notices);
    }
}
