//! What the page writes as text, with no web type: escaped markup, the
//! panels read off one snapshot, the embed's code, the handout's names, the
//! servers' colours. The app and the first screen's module share it.

pub mod claims;
pub mod controls;
pub mod embed_code;
pub mod glossary;
pub mod handout;
pub mod key_path;
pub mod lesson;
pub mod markup;
pub mod palette;
pub mod snapshot_panels;
pub mod your_keys;
