//! How keys are named (DEFINITIONS §13): a template with `{i}` exactly once, key i
//! being the template with `{i}` replaced by i in decimal. The default,
//! `key-{i}`, names the keys as every earlier figure of the page did.

use std::sync::Arc;

use super::hash::Decimal;
use super::your_keys::YourKeys;

/// At most this many characters in a template.
pub const MAX_TEMPLATE_CHARS: usize = 40;

/// The bytes a template of 40 characters can take in UTF-8.
const MAX_TEMPLATE_BYTES: usize = MAX_TEMPLATE_CHARS * 4;

/// A checked template. Stored inline, so settings that hold it stay `Copy`
/// where they were.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyName {
    text: [u8; MAX_TEMPLATE_BYTES],
    len: u8,
    /// Where `{i}` starts in `text`.
    at: u8,
}

impl Default for KeyName {
    fn default() -> Self {
        KeyName::parse(DEFAULT_TEMPLATE).unwrap_or(KeyName {
            text: [0; MAX_TEMPLATE_BYTES],
            len: 3,
            at: 0,
        })
    }
}

pub const DEFAULT_TEMPLATE: &str = "key-{i}";

/// Templates offered beside the box: a cache key, a bare number, a path.
pub const PRESETS: [&str; 4] = ["key-{i}", "user:{i}", "{i}", "/img/{i}.jpg"];

impl std::fmt::Debug for KeyName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyName({:?})", self.as_str())
    }
}

impl KeyName {
    /// Check a template: `{i}` exactly once, at most 40 characters, no
    /// control characters. The error is a sentence for the reader.
    pub fn parse(template: &str) -> Result<KeyName, String> {
        let chars = template.chars().count();
        if chars > MAX_TEMPLATE_CHARS {
            return Err(format!(
                "A key name can have at most {MAX_TEMPLATE_CHARS} characters; this one has {chars}."
            ));
        }
        if template.chars().any(char::is_control) {
            return Err("A key name cannot contain control characters.".to_string());
        }
        let Some(at) = template.find("{i}") else {
            return Err("A key name needs {i} once, where the key's number goes.".to_string());
        };
        if template[at + 3..].contains("{i}") {
            return Err("A key name can hold {i} only once.".to_string());
        }
        let mut text = [0; MAX_TEMPLATE_BYTES];
        text[..template.len()].copy_from_slice(template.as_bytes());
        Ok(KeyName {
            text,
            len: template.len() as u8,
            at: at as u8,
        })
    }

    /// The template as typed.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.text[..usize::from(self.len)]).unwrap_or(DEFAULT_TEMPLATE)
    }

    /// What comes before the number.
    pub fn prefix(&self) -> &[u8] {
        &self.text[..usize::from(self.at)]
    }

    /// What comes after the number.
    pub fn suffix(&self) -> &[u8] {
        &self.text[usize::from(self.at) + 3..usize::from(self.len)]
    }

    /// Key `number`'s name, written into `out` (cleared first): the bytes a
    /// client hashes, with no allocation once `out` has grown.
    pub fn write(&self, number: u64, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(self.prefix());
        out.extend_from_slice(Decimal::of(number).bytes());
        out.extend_from_slice(self.suffix());
    }

    /// Run `use_name` on key `number`'s name, built on the stack: a
    /// scheme that hashes the name itself pays no allocation per key.
    pub fn with_name<T>(&self, number: u64, use_name: impl FnOnce(&[u8]) -> T) -> T {
        let mut name = [0u8; MAX_TEMPLATE_BYTES + 20];
        let prefix = self.prefix();
        let digits = Decimal::of(number);
        let digits = digits.bytes();
        let suffix = self.suffix();
        let mut end = 0;
        for part in [prefix, digits, suffix] {
            name[end..end + part.len()].copy_from_slice(part);
            end += part.len();
        }
        use_name(&name[..end])
    }

    /// Key `number`'s name.
    pub fn name(&self, number: u64) -> String {
        let mut out = Vec::new();
        self.write(number, &mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    pub fn is_default(&self) -> bool {
        self.as_str() == DEFAULT_TEMPLATE
    }
}

/// Where the keys' names come from: the template, or the reader's own keys
/// (DEFINITIONS §16), key i being the i-th distinct key first seen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyNames {
    Template(KeyName),
    Yours(Arc<YourKeys>),
}

impl Default for KeyNames {
    fn default() -> Self {
        KeyNames::Template(KeyName::default())
    }
}

impl KeyNames {
    /// Run `use_name` on key `number`'s name (a list's keys are numbered
    /// from 0), with no allocation.
    pub fn with_name<T>(&self, number: u64, use_name: impl FnOnce(&[u8]) -> T) -> T {
        match self {
            KeyNames::Template(template) => template.with_name(number, use_name),
            KeyNames::Yours(keys) => use_name(keys.name(number as usize).as_bytes()),
        }
    }

    /// Key `number`'s name.
    pub fn name(&self, number: u64) -> String {
        self.with_name(number, |name| String::from_utf8_lossy(name).into_owned())
    }

    /// The names for prose: the template, or "your keys".
    pub fn describe(&self) -> String {
        match self {
            KeyNames::Template(template) => template.as_str().to_string(),
            KeyNames::Yours(_) => "your keys".to_string(),
        }
    }

    /// The reader's own keys, if these are they.
    pub fn yours(&self) -> Option<&Arc<YourKeys>> {
        match self {
            KeyNames::Template(_) => None,
            KeyNames::Yours(keys) => Some(keys),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_replace_the_number_once() {
        assert_eq!(KeyName::default().name(17), "key-17");
        let path = KeyName::parse("/img/{i}.jpg").unwrap();
        path.with_name(u64::MAX, |name| {
            assert_eq!(name, b"/img/18446744073709551615.jpg")
        });
        assert_eq!(
            KeyName::parse("/img/{i}.jpg").unwrap().name(0),
            "/img/0.jpg"
        );
        assert_eq!(KeyName::parse("{i}").unwrap().name(123), "123");
        let unicode = KeyName::parse("ключ-{i}-é").unwrap();
        assert_eq!(unicode.name(9), "ключ-9-é");
        assert_eq!(unicode.as_str(), "ключ-{i}-é");
        for preset in PRESETS {
            assert_eq!(KeyName::parse(preset).unwrap().as_str(), preset);
        }
    }

    #[test]
    fn bad_templates_say_why() {
        for (bad, why) in [
            ("key-", "needs {i}"),
            ("{i}-{i}", "only once"),
            ("a\tb{i}", "control"),
            (&format!("{}{{i}}", "x".repeat(38)), "at most 40"),
        ] {
            let error = KeyName::parse(bad).unwrap_err();
            assert!(error.contains(why), "{bad}: {error}");
        }
        // Forty characters of four bytes each still fit.
        let wide = format!("{}{{i}}", "😀".repeat(37));
        assert_eq!(KeyName::parse(&wide).unwrap().name(1).chars().count(), 38);
    }
}
