//! Each kind of thing the page names is one table with a typed id: address
//! parameters, placements, panels, questions and figures. No id is matched as a
//! string outside its table: not in a `match` arm or `matches!`, not with
//! `==` or `!=`, not kept in a constant to compare with later, and no
//! panel's section is written by hand with its id (`id="moved"`). The
//! readers of text from outside (a pasted config) may, and a table's own
//! rows may share a word with another table's.

use crate::scan::{Place, Scan};

pub struct Table {
    pub kind: &'static str,
    pub ids: Vec<&'static str>,
    /// The file that holds the table.
    pub file: &'static str,
    /// Its ids are also the `id` of a section (panels).
    pub sections: bool,
}

pub fn tables() -> Vec<Table> {
    vec![
        Table {
            kind: "parameter",
            ids: model::query::params::PARAMS
                .iter()
                .map(|p| p.name)
                .collect(),
            file: "crates/model/src/query/params.rs",
            sections: false,
        },
        Table {
            kind: "placement",
            ids: model::placements::PlacementId::ALL
                .iter()
                .map(|id| id.as_str())
                .collect(),
            file: "crates/model-core/src/placement_id.rs",
            sections: false,
        },
        Table {
            kind: "panel",
            ids: model::panels::ids().iter().map(|id| id.as_str()).collect(),
            file: "crates/model/src/panels.rs",
            sections: true,
        },
        Table {
            kind: "figure",
            ids: model::figure_id::FigureId::ALL
                .iter()
                .map(|id| id.as_str())
                .collect(),
            file: "crates/model/src/figure_id.rs",
            sections: false,
        },
        Table {
            kind: "question",
            ids: model::questions::QuestionId::ALL
                .iter()
                .map(|id| id.as_str())
                .collect(),
            file: "crates/model/src/question_id.rs",
            sections: false,
        },
    ]
}

/// Readers of text from outside the page, which match its words.
fn reads_outside_text(path: &str) -> bool {
    path.starts_with("crates/config/src/")
}

/// Each id matched as a string in the scanned file at `path`, as
/// `path:line: the KIND "ID" (how)`.
pub fn matched_as_strings(path: &str, scanned: &Scan, tables: &[Table]) -> Vec<String> {
    if reads_outside_text(path) {
        return Vec::new();
    }
    let own: Vec<&str> = tables
        .iter()
        .filter(|t| t.file == path)
        .flat_map(|t| t.ids.iter().copied())
        .collect();
    let mut found = Vec::new();
    for literal in &scanned.literals {
        let how = match literal.place {
            Place::Pattern => "in a pattern",
            Place::Compared => "compared",
            Place::Constant => "kept in a constant",
            Place::IdAttribute => "a section's id written by hand",
            // Any value: the ids come from `QuestionSet`, `QuestionId` and
            // `FigureId`.
            Place::NamedAttribute => {
                found.push(format!(
                    "{path}:{}: a table's ids named by hand ({:?})",
                    literal.line, literal.value
                ));
                continue;
            }
            Place::Other => continue,
        };
        if own.contains(&literal.value.as_str()) {
            continue;
        }
        for table in tables {
            let counts = literal.place != Place::IdAttribute || table.sections;
            if counts && table.ids.contains(&literal.value.as_str()) {
                found.push(format!(
                    "{path}:{}: the {} {:?} ({how})",
                    literal.line, table.kind, literal.value
                ));
            }
        }
    }
    found
}
