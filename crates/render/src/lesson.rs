//! A lesson step's own figure (`model::lesson::table`) as markup: the page's
//! lesson, a slide and the printed handout write it the same way, each
//! answer's cell marked with the question it tells, so one rule of the
//! style holds it back while that question waits.

use super::markup::Markup;
use model::lesson::Table;
use model::questions::QuestionSet;

/// The table, in a region that scrolls sideways on a narrow screen; each
/// answer's cell marked with its question when `marked` (an answers page
/// prints them plain).
pub fn step_table(table: &Table, marked: bool) -> String {
    let mut m = Markup::new();
    m.open_scrolling_table(&table.caption, &[("class", Some("step-figure"))])
        .element("caption", &[], &table.caption)
        .open("thead", &[]);
    let head: Vec<&str> = table.head.iter().map(String::as_str).collect();
    m.head_row(&head).close("thead").open("tbody", &[]);
    for row in &table.rows {
        m.open("tr", &[]);
        let mut cells = row.iter();
        if let Some(first) = cells.next() {
            m.row_heading(&first.text);
        }
        for cell in cells {
            let tells = cell.tells.filter(|_| marked);
            m.number_cell_telling(
                tells.map_or(QuestionSet::NONE, |id| QuestionSet::of(&[id])),
                &cell.text,
            );
        }
        m.close("tr");
    }
    m.close("tbody").close_scrolling_table();
    m.into_string()
}
