//! Panels whose every word and figure is read off one snapshot, written as
//! markup. The app shows each through a markup region; for a page that is
//! one of these panels alone (an embed), the first screen's small module
//! writes the same markup before the app has arrived, so the reader sees
//! the measured figures after a sixth of the bytes and nothing moves when
//! the app takes over.

use crate::markup::Markup;
use crate::palette::Palette;
use model::figure_id::FigureId;
use model::format::{fixed, format_ratio, format_share, percent, share_in_prose, thousands};
use model::panels::PanelId;
use model::questions::{QuestionId, QuestionSet};
use model::Snapshot;

/// One panel drawn from a snapshot alone.
pub struct SnapshotPanel {
    pub id: PanelId,
    /// Everything under the heading.
    body: fn(&mut Markup, &Snapshot),
}

pub const ENTRIES: SnapshotPanel = SnapshotPanel {
    id: PanelId::Entries,
    body: entries,
};

pub const MOVED: SnapshotPanel = SnapshotPanel {
    id: PanelId::Moved,
    body: moved,
};

pub const MODULO: SnapshotPanel = SnapshotPanel {
    id: PanelId::Modulo,
    body: modulo,
};

/// Every such panel; `panels::ALL` places them on the page.
pub const ALL: &[&SnapshotPanel] = &[&ENTRIES, &MOVED, &MODULO];

/// The snapshot panel that draws `panel`, if it is one of them.
pub fn of(panel: PanelId) -> Option<&'static SnapshotPanel> {
    match panel {
        PanelId::Entries => Some(&ENTRIES),
        PanelId::Moved => Some(&MOVED),
        PanelId::Modulo => Some(&MODULO),
        PanelId::Ring
        | PanelId::Predict
        | PanelId::Loads
        | PanelId::Failure
        | PanelId::Schemes
        | PanelId::Systems
        | PanelId::Cost
        | PanelId::Rollout
        | PanelId::Claims => None,
    }
}

/// The snapshot panel an address names (`panel=ID`), if it is one of them.
pub fn find(id: &str) -> Option<&'static SnapshotPanel> {
    PanelId::from_id(id).and_then(of)
}

/// The panel's whole section for `snapshot`. `alone`: an embedded panel's
/// heading is the page's h1, as it has no page title above it.
pub fn section(panel: &SnapshotPanel, snapshot: &Snapshot, alone: bool) -> String {
    let title_id = panel.id.title_id();
    let title_id = Some(title_id.as_str());
    let mut m = Markup::new();
    m.open(
        "section",
        &[
            ("class", Some("panel")),
            ("id", Some(panel.id.section_id())),
            ("aria-labelledby", title_id),
        ],
    );
    if alone {
        m.element(
            "h1",
            &[("id", title_id), ("class", Some("panel-title"))],
            panel.id.def().heading,
        );
    } else {
        m.element("h2", &[("id", title_id)], panel.id.def().heading);
    }
    (panel.body)(&mut m, snapshot);
    m.close("section");
    m.into_string()
}

/// A table row: its heading, then cells.
fn row(m: &mut Markup, heading: &str, cells: impl FnOnce(&mut Markup)) {
    m.open("tr", &[]).row_heading(heading);
    cells(m);
    m.close("tr");
}

/// A number cell holding a named figure.
fn figure_cell(m: &mut Markup, hook: FigureId, value: &str) {
    m.open("td", &[("class", Some("num"))])
        .figure(hook, value)
        .close("td");
}

/// A number cell holding a named count, shown with separators from 10,000,
/// that answers `answers` (`Markup::tells`).
fn count_cell(m: &mut Markup, answers: QuestionSet, hook: FigureId, count: usize) {
    m.open("td", &[("class", Some("num"))])
        .tells(answers, &mut |m| {
            m.count_in_prose(hook, count as u64);
        })
        .close("td");
}

/// Enough entries to see points of different servers interleave.
pub const ENTRY_ROWS: usize = 12;

/// The first entries of the ring after the change, in ring order.
fn entries(m: &mut Markup, s: &Snapshot) {
    let in_use = s.settings.in_use;
    let lead = match in_use {
        _ if !in_use.is_client() => format!(
            "A server named S with P points is hashed P times, as S#0, S#1, … S#P−1. These are the first entries clockwise from position 0 after the change. {} servers × {} points = {} entries. Ties at one position are ordered by server name, then point index.",
            s.after.len(),
            s.settings.points,
            thousands(s.ring_after.len() as u64)
        ),
        client => format!(
            "These are the first entries clockwise from position 0 on {}'s own ring after the change: {} entries for {} servers, each placed by {}'s own hash of a server's name. Point counts each server's entries in ring order.",
            client.name(),
            thousands(s.ring_after.len() as u64),
            s.after.len(),
            client.name()
        ),
    };
    m.paragraph("lead", &lead);
    m.open_scrolling_table("First ring entries", &[("class", Some("numbers"))])
        .open("thead", &[])
        .head_row(&["Position", "Server", "Point"])
        .close("thead")
        .open("tbody", &[]);
    let palette = Palette::of(&s.names, s.is_join());
    for entry in s.ring_after.entries().iter().take(ENTRY_ROWS) {
        let name = s.name(entry.server);
        let position = entry.position.to_string();
        let point = entry.point.to_string();
        m.open(
            "tr",
            &[
                ("data-entry", Some("")),
                ("data-position", Some(&position)),
                ("data-server-name", Some(name)),
                ("data-point", Some(&point)),
            ],
        )
        .number_cell(&thousands(u64::from(entry.position)))
        .open("td", &[])
        .swatch(palette.swatch_class(name))
        .text(name)
        .close("td")
        .number_cell(&format!("#{point}"))
        .close("tr");
    }
    m.close("tbody").close_scrolling_table();
}

/// Moved keys, counted twice by routes that share no code.
fn moved(m: &mut Markup, s: &Snapshot) {
    let in_use = s.settings.in_use;
    let stretches = "Keys in every stretch whose owner differs between the two rings";
    // What moves, the second route's row and the share set beside them.
    // `is_client`, so the first screen's module (no clients) drops a client's words.
    let (lead, arcs, even) = match s.changed {
        None => (
            format!("In this deploy ({}), each pool is placed from its own list and weights, and a key moves when its server after is not its server before: into a newcomer's arcs, out of a leaver's, and to or from a server whose weight changed. ", s.deploy_counts()),
            stretches.to_string(),
            "Floor: the fewest any placement at fair shares must move (keys × the share of weight that changes hands)",
        ),
        Some(changed) => {
            let changed = s.name(changed);
            let verb = if s.is_join() { "joins" } else { "leaves" };
            let (lead, arcs) = if in_use.is_client() {
                (
                    format!("When {changed} {verb} {}'s ring, {}. ", in_use.name(), if s.is_join() { "it takes over the arcs before its points" } else { "its arcs pass to the next points clockwise" }),
                    stretches.to_string(),
                )
            } else {
                (
                    format!("When {changed} {verb}, {}. ", if s.is_join() { "it takes over the arc just before each of its points, and only those keys move" } else { "each of its arcs passes to the next server clockwise, and only its keys move" }),
                    format!("Keys inside the arcs {changed} {}", if s.is_join() { "claims" } else { "gives up" }),
                )
            };
            let even = if s.weighted() {
                "Fair share: keys × its weight ÷ the pool's total weight"
            } else {
                "Even share: keys ÷ servers with the changed one"
            };
            (lead, arcs, even)
        }
    };
    let mut lead = lead;
    // Keys that go between servers that stay: none on the page's ring for one server.
    if s.moved_between > 0 || (in_use.is_client() && !s.is_deploy()) {
        lead.push_str(&match s.moved_between {
            0 => "No other key moves. ".to_string(),
            between => format!(
                "{} keys move between servers that stay, as their points change with the pool. ",
                thousands(between as u64)
            ),
        });
    }
    m.open("p", &[("class", Some("lead"))])
        .text(&lead)
        .text("The page counts them twice, by two routes that share no code, and they must agree.")
        .close("p");
    let agree = s.moved_by_owner_diff == s.moved_by_arc_walk;
    m.open("table", &[("class", Some("numbers"))])
        .open("tbody", &[]);
    row(m, "Owner before ≠ owner after, key by key", |m| {
        count_cell(
            m,
            QuestionSet::of(&[QuestionId::Moved]),
            FigureId::Moved,
            s.moved_by_owner_diff,
        )
    });
    row(m, &arcs, |m| {
        count_cell(
            m,
            QuestionSet::of(&[QuestionId::Moved]),
            FigureId::MovedArc,
            s.moved_by_arc_walk,
        )
    });
    row(m, even, |m| {
        figure_cell(m, FigureId::EvenShare, &format_share(s.even_share()))
    });
    // With skewed or counted requests a key is not a request: the share of
    // traffic that changes server, beside the share of keys (DEFINITIONS §16).
    if let Some(requests) = s.moved_requests() {
        row(m, "Requests to the keys that moved", |m| {
            m.open("td", &[("class", Some("num"))]).tells(
                QuestionSet::of(&[QuestionId::Moved]),
                &mut |m| {
                    if let Some(count) = requests.requests {
                        m.hidden_figure(FigureId::MovedRequests, &count.to_string());
                    }
                    m.hidden_figure(FigureId::MovedRequestShare, &fixed(requests.share, 6))
                        .text(&requests.describe());
                },
            );
            m.close("td");
        });
    }
    m.close("tbody").close("table");
    routes_verdict(m, s, agree);
}

/// Whether the two routes agree, and the count against its share.
fn routes_verdict(m: &mut Markup, s: &Snapshot, agree: bool) {
    m.open(
        "p",
        &[
            ("class", Some("verdict")),
            ("aria-live", Some("polite")),
            ("data-routes-agree", Some(if agree { "yes" } else { "no" })),
        ],
    )
    .text(if agree {
        "✔ The two counts agree: "
    } else {
        "✘ The two counts disagree: "
    })
    .tells(QuestionSet::of(&[QuestionId::Moved]), &mut |m| {
        m.text(&format!(
            "{} of {} keys ({}) moved",
            thousands(s.moved_by_owner_diff as u64),
            thousands(s.key_count() as u64),
            percent(s.moved_by_owner_diff, s.key_count()),
        ));
    })
    .text(&format!(
        ", against {} of {}.",
        if s.is_deploy() {
            "a floor"
        } else if s.weighted() {
            "a fair share by weight"
        } else {
            "an even share"
        },
        share_in_prose(s.even_share())
    ))
    .close("p");
}

/// The same change under `hash mod n`.
fn modulo(m: &mut Markup, s: &Snapshot) {
    let (from, to) = (s.before.len(), s.after.len());
    m.paragraph(
        "lead",
        &format!("The obvious scheme sends a key to server number hash mod n. Going from {from} to {to} servers changes n, so almost every key gets a new number: only keys whose hash gives the same remainder for both stay put."),
    );
    if let Some(same) = s.settings.in_use.same_positions() {
        m.paragraph("note", &same);
    }
    m.open("table", &[("class", Some("numbers"))])
        .open("thead", &[])
        .head_row(&["Scheme", "Keys moved", "Share"])
        .close("thead")
        .open("tbody", &[]);
    row(m, "Consistent hashing (ring)", |m| {
        for figure in [
            thousands(s.moved_by_owner_diff as u64),
            percent(s.moved_by_owner_diff, s.key_count()),
        ] {
            m.number_cell_telling(QuestionSet::of(&[QuestionId::Moved]), &figure);
        }
    });
    row(m, &format!("hash mod n ({from} → {to})"), |m| {
        count_cell(
            m,
            QuestionSet::of(&[QuestionId::Modulo]),
            FigureId::ModuloMoved,
            s.modulo_moved,
        );
        m.number_cell_telling(
            QuestionSet::of(&[QuestionId::Modulo]),
            &percent(s.modulo_moved, s.key_count()),
        );
    });
    let least = if s.weighted() {
        "Fair share by weight (the least any scheme can move)"
    } else {
        "Even share (the least any scheme can move)"
    };
    row(m, least, |m| {
        m.number_cell(&format_share(s.even_share()))
            .number_cell(&format!("{}%", fixed(100.0 * s.changed_weight_share(), 1)));
    });
    m.close("tbody").close("table");
    // Written as the cost panel's waste factor writes the same ratio.
    let times = format_ratio(s.modulo_over_ring());
    // The ratio gives the ring's count away with modulo's beside it.
    m.open("p", &[("class", Some("note"))])
        .text(&format!(
            "Of {} keys, modulo moved ",
            thousands(s.key_count() as u64)
        ))
        .tells(
            QuestionSet::of(&[QuestionId::Moved, QuestionId::Modulo]),
            &mut |m| {
                m.text(&times);
            },
        )
        .text(" times as many as the ring.")
        .close("p");
}
