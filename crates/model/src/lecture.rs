//! A lecture (DEFINITIONS §4): the slides presenter mode shows, in the
//! order a teacher picked, kept in the address as `lecture=`. A slide is a
//! step of the lesson (a stage of the change on the ring), a panel, or a
//! preset (its settings, shown on the panel it is for). A preset's
//! settings hold for the slides after it until the next preset, so every
//! slide's settings follow from the list and the address's own settings.
//! Without `lecture=`, the lecture is the lesson, then every other panel.

use crate::lesson::{LessonStep, FEW_POINTS};
use crate::panels::PanelId;
use crate::presets::{presets, Preset, LISTED};
use crate::settings::quote;
use crate::Settings;

/// The most slides one lecture holds: an hour's talk at a few minutes a
/// slide, and a fixed size keeps the page's view state `Copy`.
pub const MAX_SLIDES: usize = 24;

/// One slide of a lecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slide {
    Lesson(LessonStep),
    Panel(PanelId),
    /// A preset, by its place in `presets()`.
    Preset(u8),
}

impl Slide {
    /// Its id in `lecture=`: `lesson-played`, `loads`, `preset-lumpy`.
    pub fn id(self) -> String {
        match self {
            Slide::Lesson(step) => format!("lesson-{}", step.as_str()),
            Slide::Panel(panel) => panel.as_str().to_string(),
            Slide::Preset(index) => format!("preset-{}", LISTED[usize::from(index)].0),
        }
    }

    /// The slide with this id, among the panels the page shows.
    pub fn from_id(id: &str, panels: &[PanelId]) -> Option<Slide> {
        if let Some(step) = id.strip_prefix("lesson-") {
            return LessonStep::from_id(step).map(Slide::Lesson);
        }
        if let Some(name) = id.strip_prefix("preset-") {
            let index = LISTED.iter().position(|(id, _)| *id == name)?;
            return Some(Slide::Preset(index as u8));
        }
        panels
            .iter()
            .copied()
            .find(|panel| panel.as_str() == id)
            .map(Slide::Panel)
    }

    /// The panel it shows.
    pub fn panel(self) -> PanelId {
        match self {
            Slide::Lesson(_) => PanelId::Ring,
            Slide::Panel(panel) => panel,
            Slide::Preset(index) => LISTED[usize::from(index)].1,
        }
    }

    /// What the presenter's bar and the builder call it.
    pub fn title(self) -> String {
        match self {
            Slide::Lesson(step) => format!("Lesson {}: {}", step.number(), step.title()),
            Slide::Panel(panel) => panel.def().heading.to_string(),
            Slide::Preset(index) => preset(index).title.to_string(),
        }
    }

    /// Every slide a teacher can pick, in the builder's order: the lesson's
    /// steps, the panels, the presets.
    pub fn choices(panels: &[PanelId]) -> Vec<Slide> {
        let lesson = LessonStep::ALL.into_iter().map(Slide::Lesson);
        let shown = panels.iter().copied().map(Slide::Panel);
        let presets = (0..LISTED.len() as u8).map(Slide::Preset);
        lesson.chain(shown).chain(presets).collect()
    }
}

fn preset(index: u8) -> Preset {
    presets().swap_remove(usize::from(index))
}

/// The slides, in order (at most `MAX_SLIDES`, at least one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lecture {
    slides: [Slide; MAX_SLIDES],
    len: u8,
}

impl Lecture {
    /// `slides`, past `MAX_SLIDES` cut off; None when there are none.
    pub fn new(slides: &[Slide]) -> Option<Lecture> {
        let first = *slides.first()?;
        let mut lecture = Lecture {
            slides: [first; MAX_SLIDES],
            len: 0,
        };
        for &slide in slides.iter().take(MAX_SLIDES) {
            lecture.slides[usize::from(lecture.len)] = slide;
            lecture.len += 1;
        }
        Some(lecture)
    }

    /// The lecture given when none is: the lesson's steps, then every
    /// other panel of `panels` in page order but "Guess first", whose
    /// questions the steps ask.
    pub fn the_lesson(panels: &[PanelId]) -> Lecture {
        let lesson = LessonStep::ALL.into_iter().map(Slide::Lesson);
        let rest = panels
            .iter()
            .copied()
            .filter(|&panel| !matches!(panel, PanelId::Ring | PanelId::Predict))
            .map(Slide::Panel);
        let slides: Vec<Slide> = lesson.chain(rest).collect();
        Lecture::new(&slides).expect("the lesson has steps")
    }

    pub fn slides(&self) -> &[Slide] {
        &self.slides[..usize::from(self.len)]
    }

    /// `lecture=`'s value: slide ids, comma-separated.
    pub fn written(&self) -> String {
        let ids: Vec<String> = self.slides().iter().map(|slide| slide.id()).collect();
        ids.join(",")
    }

    /// `lecture=`'s value read, or what is wrong with it.
    pub fn parse(text: &str, panels: &[PanelId]) -> Result<Lecture, String> {
        let mut slides = Vec::new();
        for id in text.split(',').map(str::trim).filter(|id| !id.is_empty()) {
            let slide = Slide::from_id(id, panels).ok_or_else(|| {
                format!(
                    "{} is no slide: a slide is lesson-STEP ({}), a panel's id or preset-ID",
                    quote(id),
                    LessonStep::ALL.map(LessonStep::as_str).join(", ")
                )
            })?;
            slides.push(slide);
        }
        if slides.len() > MAX_SLIDES {
            return Err(format!("a lecture holds at most {MAX_SLIDES} slides"));
        }
        Lecture::new(&slides).ok_or_else(|| "a lecture needs a slide".to_string())
    }

    /// The first slide named `name` (a slide's id, or a panel's, which
    /// finds the first slide showing it; "Guess first", whose questions
    /// the lesson's steps ask, finds the first step).
    pub fn find(&self, name: &str) -> Option<usize> {
        let slides = self.slides();
        let asked = |slide: &Slide| {
            matches!(slide, Slide::Lesson(_)) && PanelId::from_id(name) == Some(PanelId::Predict)
        };
        slides
            .iter()
            .position(|slide| slide.id() == name)
            .or_else(|| {
                slides
                    .iter()
                    .position(|slide| slide.panel().as_str() == name)
            })
            .or_else(|| slides.iter().position(asked))
    }

    /// The settings slide `index` shows, from the address's `base`: the
    /// last preset at or before it, else `base`. A lesson step then sets
    /// its points (`LessonStep::few_points`) on the ring as the lesson does.
    pub fn settings_at(&self, index: usize, base: &Settings) -> Settings {
        let slides = &self.slides()[..=index.min(usize::from(self.len) - 1)];
        let mut settings = slides
            .iter()
            .rev()
            .find_map(|slide| match slide {
                Slide::Preset(index) => Some(preset(*index).settings),
                _ => None,
            })
            .unwrap_or_else(|| base.clone());
        if let Some(Slide::Lesson(step)) = slides.last() {
            settings.points = lesson_points(*step, settings.points);
        }
        settings
    }

    /// The panels a handout of this lecture prints, in page order: each
    /// slide's, and with a lesson step the lesson on paper ("Guess first"
    /// printed) beside the ring.
    pub fn handout_panels(&self, panels: &[PanelId]) -> Vec<PanelId> {
        let slides = self.slides();
        let lesson = !self.lesson_steps().is_empty();
        panels
            .iter()
            .copied()
            .filter(|&panel| {
                slides.iter().any(|slide| slide.panel() == panel)
                    || (lesson && panel == PanelId::Predict)
            })
            .collect()
    }

    /// The lesson's steps among the slides, in the lecture's order.
    pub fn lesson_steps(&self) -> Vec<LessonStep> {
        let steps = self.slides().iter().filter_map(|slide| match slide {
            Slide::Lesson(step) => Some(*step),
            _ => None,
        });
        steps.collect()
    }

    /// Only the first slide, to build afresh from (a lecture holds one at
    /// least).
    pub fn cleared(&self) -> Lecture {
        Lecture::new(&self.slides()[..1]).unwrap_or(*self)
    }

    /// With `slide` added at the end (no more once full).
    pub fn with(&self, slide: Slide) -> Lecture {
        let mut slides = self.slides().to_vec();
        slides.push(slide);
        Lecture::new(&slides).unwrap_or(*self)
    }

    /// Without slide `index`; the last slide stays.
    pub fn without(&self, index: usize) -> Lecture {
        let mut slides = self.slides().to_vec();
        if index < slides.len() {
            slides.remove(index);
        }
        Lecture::new(&slides).unwrap_or(*self)
    }

    /// With slide `index` moved one place `by` (-1 earlier, 1 later), if
    /// there is a place there.
    pub fn moved(&self, index: usize, by: isize) -> Lecture {
        let mut lecture = *self;
        if let Some(to) = index
            .checked_add_signed(by)
            .filter(|&to| to < usize::from(self.len) && index < usize::from(self.len))
        {
            lecture.slides.swap(index, to);
        }
        lecture
    }
}

/// The points a lesson step's ring shows, given the settings' own: a few
/// on the steps that play the change, else the settings' many (the
/// default when the settings themselves have only a few).
pub fn lesson_points(step: LessonStep, points: u16) -> u16 {
    if step.few_points() {
        FEW_POINTS
    } else if points > FEW_POINTS {
        points
    } else {
        Settings::default().points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lecture(text: &str) -> Lecture {
        Lecture::parse(text, &crate::panels::ids()).expect("a lecture")
    }

    #[test]
    fn every_choice_is_written_and_read_back() {
        let panels = crate::panels::ids();
        let choices = Slide::choices(&panels);
        assert_eq!(
            choices.len(),
            LessonStep::ALL.len() + panels.len() + presets().len()
        );
        for slide in choices {
            assert_eq!(
                Slide::from_id(&slide.id(), &panels),
                Some(slide),
                "{slide:?}"
            );
            assert!(!slide.title().is_empty());
        }
        // A lesson step and a panel of the same name stay apart.
        assert_eq!(
            lecture("lesson-modulo,modulo").slides(),
            [
                Slide::Lesson(LessonStep::Modulo),
                Slide::Panel(PanelId::Modulo)
            ]
        );
    }

    #[test]
    fn the_lesson_is_its_steps_then_the_lab() {
        let panels = crate::panels::ids();
        let lesson = Lecture::the_lesson(&panels);
        let steps = LessonStep::ALL.len();
        assert_eq!(lesson.slides().len(), steps + panels.len() - 2);
        assert_eq!(lesson.slides()[0], Slide::Lesson(LessonStep::Question));
        assert_eq!(lesson.slides()[steps], Slide::Panel(panels[2]));
        // The lesson asks every question: "Guess first" is not a slide of its own.
        assert!(!lesson.slides().contains(&Slide::Panel(PanelId::Predict)));
        assert!(!lesson.slides().contains(&Slide::Panel(PanelId::Ring)));
        assert_eq!(lecture(&lesson.written()), lesson);
    }

    #[test]
    fn a_bad_lecture_says_what_is_wrong() {
        let panels = crate::panels::ids();
        let nowhere = Lecture::parse("lesson-played,nowhere", &panels).unwrap_err();
        assert!(nowhere.contains("“nowhere” is no slide"), "{nowhere}");
        assert!(Lecture::parse("lesson-sixth", &panels).is_err());
        assert!(Lecture::parse("preset-none", &panels).is_err());
        assert!(Lecture::parse(" , ", &panels)
            .unwrap_err()
            .contains("needs a slide"));
        let long = vec!["loads"; MAX_SLIDES + 1].join(",");
        assert!(Lecture::parse(&long, &panels)
            .unwrap_err()
            .contains("at most 24"));
        // Only the panels the page shows.
        assert!(Lecture::parse("loads", &[PanelId::Ring]).is_err());
    }

    #[test]
    fn a_slide_is_found_by_its_id_or_its_panel() {
        let talk = lecture("lesson-question,preset-lumpy,lesson-played,loads");
        assert_eq!(talk.find("lesson-played"), Some(2));
        assert_eq!(
            talk.find("loads"),
            Some(3),
            "its own slide before one showing it"
        );
        assert_eq!(
            talk.find("ring"),
            Some(0),
            "the first slide showing the ring"
        );
        assert_eq!(talk.find("preset-lumpy"), Some(1));
        assert_eq!(talk.find("cost"), None);
    }

    #[test]
    fn a_preset_holds_until_the_next_and_a_lesson_step_sets_its_points() {
        let base = Settings {
            points: 120,
            ..Settings::default()
        };
        let talk = lecture(
            "lesson-question,lesson-played,loads,preset-nineteen-200,lesson-points,failure,preset-lumpy,lesson-points",
        );
        let at = |index| talk.settings_at(index, &base);
        assert_eq!(at(0), base, "the address's settings, at their own points");
        assert_eq!(at(1).points, FEW_POINTS);
        assert_eq!(
            at(2),
            base,
            "a panel after the lesson: the address's settings"
        );
        let nineteen = presets()
            .into_iter()
            .find(|p| p.id == "nineteen-200")
            .unwrap();
        assert_eq!(at(3), nineteen.settings);
        assert_eq!(at(4), nineteen.settings, "200 points: its own many");
        assert_eq!(at(5), nineteen.settings);
        // The lumpy ring has 3 points: the lesson's many is the default's.
        assert_eq!(at(6).points, 3);
        assert_eq!(at(7).points, Settings::default().points);
        assert_eq!(at(99), at(7), "past the end: the last slide's");
    }

    #[test]
    fn a_handout_prints_the_lectures_panels_in_page_order() {
        let panels = crate::panels::ids();
        let talk = lecture("cost,lesson-played,lesson-question,loads");
        assert_eq!(
            talk.handout_panels(&panels),
            [
                PanelId::Ring,
                PanelId::Predict,
                PanelId::Loads,
                PanelId::Cost
            ]
        );
        assert_eq!(
            talk.lesson_steps(),
            [LessonStep::Played, LessonStep::Question]
        );
        let lab = lecture("claims,schemes");
        assert_eq!(
            lab.handout_panels(&panels),
            [PanelId::Schemes, PanelId::Claims]
        );
        assert!(lab.lesson_steps().is_empty());
    }

    #[test]
    fn a_lecture_is_edited_in_place() {
        let talk = lecture("lesson-question,loads,cost");
        assert_eq!(talk.moved(2, -1).written(), "lesson-question,cost,loads");
        assert_eq!(talk.moved(0, -1), talk, "nothing before the first");
        assert_eq!(talk.moved(2, 1), talk, "nothing after the last");
        assert_eq!(talk.without(1).written(), "lesson-question,cost");
        assert_eq!(
            lecture("loads").without(0).written(),
            "loads",
            "the last stays"
        );
        assert_eq!(
            talk.with(Slide::Panel(PanelId::Claims)).written(),
            "lesson-question,loads,cost,claims"
        );
        assert_eq!(talk.cleared().written(), "lesson-question");
        let full = lecture(&vec!["loads"; MAX_SLIDES].join(","));
        assert_eq!(full.with(Slide::Panel(PanelId::Cost)), full, "full");
    }
}
