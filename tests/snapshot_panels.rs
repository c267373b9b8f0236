//! The panels drawn from one snapshot as markup: the same section for the
//! app and the first screen's module, with the model's figures, escaped
//! names and the heading the registry gives; and early.js knows which they are.

use model::query;
use model::Snapshot;
use ringcount::render::snapshot_panels::{self, SnapshotPanel};

fn snapshot(address: &str) -> Snapshot {
    let parsed = query::parse(address, &model::panels::ids());
    assert!(parsed.notices.is_empty(), "{address}: {:?}", parsed.notices);
    Snapshot::of(&parsed.settings)
}

/// The text of `<span data-figure="hook">…</span>` in `html`.
fn figure<'a>(html: &'a str, hook: &str) -> &'a str {
    let opening = format!("<span data-figure=\"{hook}\">");
    let start = html
        .find(&opening)
        .unwrap_or_else(|| panic!("no {hook} in {html}"))
        + opening.len();
    let end = start + html[start..].find('<').expect("closed");
    &html[start..end]
}

fn section(panel: &SnapshotPanel, address: &str) -> (Snapshot, String) {
    let s = snapshot(address);
    let html = snapshot_panels::section(panel, &s, false);
    (s, html)
}

#[test]
fn the_moved_panel_shows_both_counts_and_says_whether_they_agree() {
    for address in [
        "",
        "points=3",
        "servers=a,b,c,d&remove=c&keys=5000",
        "keys=1&points=1",
        "servers=a,b,c,d&weights=b:2&after=a,b,x,d,e&after-weights=b:3",
    ] {
        let (s, html) = section(&snapshot_panels::MOVED, address);
        assert_eq!(
            figure(&html, "moved"),
            s.moved_by_owner_diff.to_string(),
            "{address}"
        );
        assert_eq!(
            figure(&html, "moved-arc"),
            s.moved_by_arc_walk.to_string(),
            "{address}"
        );
        let agree = s.moved_by_owner_diff == s.moved_by_arc_walk;
        assert!(html.contains(&format!(
            "data-routes-agree=\"{}\"",
            if agree { "yes" } else { "no" }
        )));
        match s.changed {
            Some(changed) => {
                let verb = if s.is_join() { "joins" } else { "leaves" };
                assert!(
                    html.contains(&format!("When {} {verb}", s.name(changed))),
                    "{html}"
                );
            }
            // A deploy says itself in words (DEFINITIONS §20).
            None => assert!(
                html.contains(&format!(
                    "In this deploy ({}), each pool",
                    s.deploy_counts()
                )),
                "{html}"
            ),
        }
    }
    // DEFINITIONS §2's default: echo joins and 205 of 1,000 keys move.
    let (_, html) = section(&snapshot_panels::MOVED, "");
    assert_eq!(figure(&html, "moved"), "205");
    assert!(html.contains("205 of 1,000 keys (20.5%) moved"), "{html}");
}

#[test]
fn the_modulo_panel_counts_the_same_change_under_hash_mod_n() {
    for address in ["", "servers=a,b,c,d&remove=c&keys=5000", "points=1"] {
        let (s, html) = section(&snapshot_panels::MODULO, address);
        assert_eq!(
            figure(&html, "modulo-moved"),
            s.modulo_moved.to_string(),
            "{address}"
        );
        assert!(html.contains(&format!(
            "hash mod n ({} → {})",
            s.before.len(),
            s.after.len()
        )));
    }
}

/// Every value of attribute `name` in `html`, in order.
fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let opening = format!(" {name}=\"");
    html.split(opening.as_str())
        .skip(1)
        .map(|rest| rest.split('"').next().expect("closed"))
        .collect()
}

#[test]
fn the_entries_panel_lists_the_first_entries_after_the_change_in_ring_order() {
    // DEFINITIONS §2: the ring's first entries at the default.
    let (_, html) = section(&snapshot_panels::ENTRIES, "");
    let positions = attribute_values(&html, "data-position");
    let names = attribute_values(&html, "data-server-name");
    let points = attribute_values(&html, "data-point");
    assert_eq!(
        (&positions[..3], &names[..3], &points[..3]),
        (
            &["16951555", "22095772", "34206755"][..],
            &["echo", "alpha", "echo"][..],
            &["45", "91", "21"][..]
        )
    );
    assert!(
        html.contains("5 servers × 200 points = 1,000 entries."),
        "{html}"
    );
    for address in ["", "points=1", "servers=a,b,c,d&remove=c", "hash=fnv1a"] {
        let (s, html) = section(&snapshot_panels::ENTRIES, address);
        let expected: Vec<(String, &str, String)> = s
            .ring_after
            .entries()
            .iter()
            .take(snapshot_panels::ENTRY_ROWS)
            .map(|e| {
                (
                    e.position.to_string(),
                    s.name(e.server),
                    e.point.to_string(),
                )
            })
            .collect();
        let shown: Vec<(String, &str, String)> = attribute_values(&html, "data-position")
            .into_iter()
            .zip(attribute_values(&html, "data-server-name"))
            .zip(attribute_values(&html, "data-point"))
            .map(|((position, name), point)| (position.to_string(), name, point.to_string()))
            .collect();
        // Each row's swatch is its server's colour.
        for (_, name, _) in &shown {
            let swatch = format!(
                "class=\"{}\"></span>{name}<",
                ringcount::render::palette::Palette::of(&s.names, s.is_join()).swatch_class(name)
            );
            assert!(html.contains(&swatch), "{address}: {swatch}");
        }
        assert_eq!(shown, expected, "{address}");
    }
}

#[test]
fn an_embedded_panel_has_the_page_heading() {
    let s = snapshot("");
    for panel in snapshot_panels::ALL {
        let alone = snapshot_panels::section(panel, &s, true);
        let in_page = snapshot_panels::section(panel, &s, false);
        let heading = |level: &str| format!("<{level} id=\"{}\"", panel.id.title_id());
        assert!(
            alone.contains(&heading("h1")) && !alone.contains("<h2"),
            "{alone}"
        );
        assert!(
            in_page.contains(&heading("h2")) && !in_page.contains("<h1"),
            "{in_page}"
        );
        assert!(alone.starts_with(&format!(
            "<section class=\"panel\" id=\"{}\" aria-labelledby=\"{}\">",
            panel.id.as_str(),
            panel.id.title_id()
        )));
    }
}

#[test]
fn names_are_shown_as_written_never_parsed() {
    let (_, html) = section(&snapshot_panels::MOVED, "servers=a,b&add=%3Cb%3E%26x");
    assert!(html.contains("When &lt;b&gt;&amp;x joins"), "{html}");
    assert!(!html.contains("<b>"));
    // In the entries' rows too, as text and as an attribute value.
    let (_, html) = section(
        &snapshot_panels::ENTRIES,
        "servers=%3Cb%3E%26x,%22q%22&add=c",
    );
    assert!(
        html.contains(">&lt;b&gt;&amp;x<") && html.contains("data-server-name=\"&quot;q&quot;\""),
        "{html}"
    );
    assert!(!html.contains("<b>"));
}

#[test]
fn every_snapshot_panel_is_on_the_page_and_needs_no_worker() {
    for panel in snapshot_panels::ALL {
        let placed = panel.id.def();
        assert!(
            placed.needs.is_empty(),
            "{:?} is drawn from the snapshot alone",
            panel.id
        );
    }
    assert!(snapshot_panels::find("loads").is_none());
}

#[test]
fn early_js_fetches_the_first_screen_module_for_exactly_these_panels() {
    let early = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/early.js"))
        .expect("early.js");
    let list = early
        .split("var firstScreenPanels = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("early.js lists the first screen's panels");
    let listed: Vec<&str> = list
        .split(',')
        .map(|id| id.trim().trim_matches('"'))
        .collect();
    let ids: Vec<&str> = snapshot_panels::ALL
        .iter()
        .map(|panel| panel.id.as_str())
        .collect();
    assert_eq!(listed, ids);
    // And ALL is every panel the exhaustive `of` draws, in page order.
    let drawn: Vec<&str> = model::panels::ALL
        .iter()
        .filter(|panel| snapshot_panels::of(panel.id).is_some())
        .map(|panel| panel.id.as_str())
        .collect();
    assert_eq!(drawn, ids);
}
