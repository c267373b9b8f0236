//! "Save as PNG": a figure drawn again off screen at twice the resolution it
//! is shown at, framed so that a slide can hold it alone (a title above; a
//! legend of the servers' colours, a caption and the settings below), and
//! handed to the browser as a download.

use leptos::prelude::*;
use model::questions::QuestionSet;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::theme::at_export_scale;
use crate::app::state::Model;
use crate::render::palette::{Palette, DISTINCT};
use model::Snapshot;

/// The words around a saved figure.
pub struct Frame {
    pub title: String,
    pub caption: String,
    pub settings: String,
    /// Each server's name and colour.
    pub legend: Vec<(String, &'static str)>,
}

/// Sizes at the export's scale (twice a CSS pixel).
const PAD: f64 = 32.0;
const TITLE: (&str, f64) = ("bold 40px sans-serif", 50.0);
const BODY: (&str, f64) = ("26px sans-serif", 34.0);
const SMALL: (&str, f64) = ("22px sans-serif", 30.0);
const SWATCH: f64 = 24.0;

fn canvas_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

fn text_width(context: &CanvasRenderingContext2d, text: &str) -> f64 {
    context.measure_text(text).map_or(0.0, |m| m.width())
}

/// `text` cut into lines no wider than `width` in the context's font.
fn wrap(context: &CanvasRenderingContext2d, text: &str, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if text_width(context, &format!("{line} {word}")) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// `figure` on a white sheet with its frame's words: laid out once to find
/// the height, then drawn.
fn framed(figure: &HtmlCanvasElement, frame: &Frame) -> Option<HtmlCanvasElement> {
    let sheet = crate::dom::detached_canvas()?;
    let width = f64::from(figure.width()).max(1000.0);
    let inner = width - 2.0 * PAD;
    let context = canvas_2d(&sheet)?;
    let lines = |(font, _): (&str, f64), text: &str| {
        context.set_font(font);
        wrap(&context, text, inner)
    };
    let title = lines(TITLE, &frame.title);
    let caption = lines(BODY, &frame.caption);
    let settings = lines(SMALL, &frame.settings);
    // The legend's entries, left to right, a new row when one is full.
    context.set_font(BODY.0);
    let mut legend = Vec::new();
    let (mut x, mut row) = (0.0, 0.0);
    for (name, colour) in &frame.legend {
        let entry = SWATCH + 10.0 + text_width(&context, name);
        if x > 0.0 && x + entry > inner {
            (x, row) = (0.0, row + 1.0);
        }
        legend.push((x, row, name, *colour));
        x += entry + 28.0;
    }
    let legend_rows = if legend.is_empty() { 0.0 } else { row + 1.0 };
    let count = |lines: &Vec<String>| lines.len() as f64;
    let figure_top = PAD + count(&title) * TITLE.1 + 12.0;
    let legend_top = figure_top + f64::from(figure.height()) + 20.0;
    let caption_top = legend_top + legend_rows * BODY.1 + 10.0;
    let settings_top = caption_top + count(&caption) * BODY.1 + 10.0;
    let height = settings_top + count(&settings) * SMALL.1 + PAD;
    sheet.set_width(width as u32);
    sheet.set_height(height as u32);
    // Resizing cleared the context's state: set it again.
    let context = canvas_2d(&sheet)?;
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, width, height);
    context.set_text_baseline("top");
    let write = |(font, step): (&str, f64), lines: &[String], top: f64, colour: &str| {
        context.set_font(font);
        context.set_fill_style_str(colour);
        for (index, line) in lines.iter().enumerate() {
            let _ = context.fill_text(line, PAD, top + index as f64 * step);
        }
    };
    write(TITLE, &title, PAD, "#1b1e25");
    let left = (width - f64::from(figure.width())) / 2.0;
    context
        .draw_image_with_html_canvas_element(figure, left, figure_top)
        .ok()?;
    context.set_font(BODY.0);
    for (x, row, name, colour) in legend {
        let top = legend_top + row * BODY.1;
        context.set_fill_style_str(colour);
        context.fill_rect(PAD + x, top + 3.0, SWATCH, SWATCH);
        context.set_fill_style_str("#1b1e25");
        let _ = context.fill_text(name, PAD + x + SWATCH + 10.0, top);
    }
    write(BODY, &caption, caption_top, "#1b1e25");
    write(SMALL, &settings, settings_top, "#4a4f5c");
    Some(sheet)
}

/// Draw `figure` at twice the shown resolution, frame it and save it.
/// `render` draws onto the canvas it is given and says whether there was
/// anything to draw.
fn save(name: &str, frame: &Frame, render: &dyn Fn(&HtmlCanvasElement) -> bool) -> Option<()> {
    let canvas = crate::dom::detached_canvas()?;
    if !at_export_scale(2.0, || render(&canvas)) {
        return None;
    }
    let sheet = framed(&canvas, frame)?;
    let url = sheet.to_data_url_with_type("image/png").ok()?;
    crate::dom::download(&url, name)
}

/// A "Save as PNG" button for one figure (`figure` names it in the file
/// name and in the button's accessible name; `title` heads the saved image
/// and `caption` says what it shows, from the snapshot it shows).
pub fn save_png_button(
    figure: &'static str,
    title: &'static str,
    // With the questions that still wait: no figure of theirs is said.
    caption: fn(&Snapshot, QuestionSet) -> String,
    render: impl Fn(&HtmlCanvasElement) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let model = expect_context::<Model>();
    let click = move |_| {
        let held = QuestionSet(model.asks.get_untracked());
        let (name, frame) = model.snapshot.with_untracked(|m| {
            let s = &m.0;
            let palette = Palette::of(&s.names, s.is_join());
            let frame = Frame {
                title: title.to_string(),
                caption: caption(s, held),
                settings: crate::render::handout::settings_line(&s.settings),
                // Numbered as on the ring where colours repeat.
                legend: s
                    .names
                    .iter()
                    .enumerate()
                    .map(|(at, name)| {
                        let label = if s.names.len() > DISTINCT {
                            format!("{} {name}", at + 1)
                        } else {
                            name.clone()
                        };
                        (label, palette.colour(name))
                    })
                    .collect(),
            };
            (crate::render::handout::png_name(figure, &s.settings), frame)
        });
        let _ = save(&name, &frame, &render);
    };
    view! {
        <button type="button" class="save-png" data-save-png=figure on:click=click
            aria-label=format!("Save as PNG: the {figure}")>
            "Save as PNG"
        </button>
    }
}

/// The ring after `snapshot`'s change, its failure crossed when `failure`,
/// drawn off screen for paper and given as a PNG data address: a printed
/// step's figure (`panels::predict::printed`). An image, not a canvas: a
/// canvas never shown on screen prints blank, and the printed lesson's
/// markup is written again as printing starts.
pub fn picture(snapshot: &Snapshot, failure: bool) -> Option<String> {
    let canvas = crate::dom::detached_canvas()?;
    let after = model::steps::stage(snapshot, model::steps::change_stage(snapshot));
    let rerouted = if failure {
        snapshot.rerouted_keys()
    } else {
        Vec::new()
    };
    let overlay = super::ring_canvas::FailureOverlay {
        down: snapshot.down_ids(),
        rerouted: &rerouted,
    };
    let marks = super::ring_canvas::Marks {
        failure: failure.then_some(&overlay),
        // The failure's crosses are its own marks: no rings under them.
        unringed: failure,
        ..super::ring_canvas::Marks::default()
    };
    let colours = super::mini_ring::ring_colours(true);
    super::ring_canvas::draw_numbered_then(
        &canvas,
        PICTURE_WIDTH,
        snapshot,
        &after,
        &colours,
        marks,
        |_| (),
    )?;
    canvas.to_data_url().ok()
}

/// A printed step's ring, in CSS pixels: a third of a page's width.
const PICTURE_WIDTH: f64 = 220.0;
