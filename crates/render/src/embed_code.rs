//! The code a teacher pastes into a course page to embed one panel: an
//! `iframe` and, for pages that allow scripts, a snippet that sizes it.
//!
//! Server names come from the address, so every part of the code is
//! escaped twice over: the settings are percent-encoded into the frame's
//! address (`query::render`), and every attribute is HTML-escaped. A name
//! such as `"><script>…` therefore stays text inside one attribute value.

use super::markup::Markup;
use model::panels::PanelId;
use model::query::{self, View};

/// Column widths a course page is likely to give the frame, in CSS pixels.
pub const WIDTHS: [u32; 3] = [640, 800, 1000];

/// What the code is made from.
pub struct EmbedRequest<'a> {
    /// The page's own address, without query or fragment.
    pub page: &'a str,
    pub settings: &'a model::Settings,
    /// A panel id from `panels::ALL`.
    pub panel: PanelId,
    /// The panel's heading: the frame's accessible title.
    pub heading: &'a str,
    /// A height that fits the panel at the chosen width, for hosts that
    /// ignore every resize message.
    pub height: u32,
    /// Add the script that sizes the frame from its own messages.
    pub resize_snippet: bool,
}

/// The frame's address: the page with the settings, embedded, one panel.
pub fn frame_address(page: &str, settings: &model::Settings, panel: PanelId) -> String {
    let view = View {
        embed: true,
        panel: Some(panel),
        ..View::default()
    };
    format!("{page}?{}", query::render(settings, &view))
}

/// Only the project's own message, from this very frame: a course page may
/// hold other frames that post messages of their own. The script's body: no
/// tag, no quote that escaping would change.
const RESIZE_SCRIPT: &str = r#"
  addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "ringcount:height") return;
    document.querySelectorAll("iframe.ringcount").forEach(function (frame) {
      if (frame.contentWindow === event.source) frame.style.height = data.height + "px";
    });
  });
"#;

/// The code to paste, every attribute escaped by `Markup`.
pub fn embed_code(request: &EmbedRequest) -> String {
    let address = frame_address(request.page, request.settings, request.panel);
    let style = format!("width: 100%; height: {}px; border: 0", request.height);
    let mut m = Markup::new();
    m.open(
        "iframe",
        &[
            ("class", Some("ringcount")),
            ("title", Some(request.heading)),
            ("src", Some(&address)),
            ("loading", Some("lazy")),
            ("style", Some(&style)),
        ],
    )
    .close("iframe");
    if request.resize_snippet {
        m.text("\n")
            .open("script", &[])
            .written(RESIZE_SCRIPT)
            .close("script");
    }
    m.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::{Change, Settings};

    fn request(settings: &Settings, snippet: bool) -> String {
        embed_code(&EmbedRequest {
            page: "https://example.org/ring/",
            settings,
            panel: PanelId::Moved,
            heading: "Keys moved when \"echo\" joins",
            height: 420,
            resize_snippet: snippet,
        })
    }

    #[test]
    fn a_hostile_name_stays_inside_one_attribute() {
        let settings = Settings {
            change: Change::Join("\"><script>alert(1)</script>".into()),
            servers: vec!["javascript:alert(1)".into(), "b'c&d".into()],
            ..Settings::default()
        };
        let code = request(&settings, false);
        for forbidden in ["<script", "'", "javascript:"] {
            assert!(!code.contains(forbidden), "{forbidden} in {code}");
        }
        // Five attributes, each opened and closed by a quote: no stray one.
        assert_eq!(code.matches('"').count(), 10, "{code}");
        assert_eq!(
            code.matches('<').count(),
            2,
            "one iframe, opened and closed: {code}"
        );
        // The address reads back as the same settings.
        let src = code
            .split("src=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let query = src.replace("&amp;", "&");
        let query = query.split_once('?').unwrap().1;
        let parsed = query::parse(query, &model::panels::ids());
        assert_eq!(*parsed.settings, settings);
        assert!(parsed.view.embed);
        assert_eq!(parsed.view.panel, Some(PanelId::Moved));
    }

    #[test]
    fn the_frame_is_titled_lazy_and_sized() {
        let code = request(&Settings::default(), false);
        assert!(code.contains("title=\"Keys moved when &quot;echo&quot; joins\""));
        assert!(code.contains("loading=\"lazy\""));
        assert!(code.contains("height: 420px"));
        assert!(code.contains("width: 100%"));
        assert!(!code.contains("<script"));
        assert!(request(&Settings::default(), true).contains("ringcount:height"));
    }
}
