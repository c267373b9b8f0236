//! Your own keys (SPEC §16): a pasted list or a dropped log, read a chunk
//! at a time. Each line is one request for its key (the whole line, or the
//! field the reader picks); distinct keys are placed in the order first
//! seen, and a key seen k times is k requests. Past 100,000 distinct keys,
//! the 100,000 with the smallest XXH64(key, seed 1) are placed: a hash no
//! scheme uses for position, so the sample is not bunched on any ring, and
//! the same file always gives the same sample.

use std::collections::HashMap;

use crate::systems::hashes::xxh64;

/// At most this many distinct keys are placed (the page's largest setting).
pub const MAX_PLACED: usize = 100_000;
/// Keys longer than this many characters are skipped and counted.
pub const MAX_KEY_CHARS: usize = 200;
/// A file of more lines than this is refused.
pub const MAX_LINES: usize = 5_000_000;
/// A file of more bytes than this is refused before it is read.
pub const MAX_BYTES: u64 = 200_000_000;

/// How a line splits into fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// On commas (.csv).
    Commas,
    /// On tabs (.tsv).
    Tabs,
    /// On runs of spaces (logs, anything else).
    Spaces,
}

impl Split {
    /// By the file's name: `.csv`, `.tsv`, or runs of spaces.
    pub fn for_file(name: &str) -> Split {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".csv") {
            Split::Commas
        } else if lower.ends_with(".tsv") {
            Split::Tabs
        } else {
            Split::Spaces
        }
    }

    /// Field `field` (1-based) of `line`, if it has one. Quotes are not special.
    pub fn field(self, line: &str, field: usize) -> Option<&str> {
        let index = field.checked_sub(1)?;
        match self {
            Split::Commas => line.split(',').nth(index),
            Split::Tabs => line.split('\t').nth(index),
            Split::Spaces => line.split(' ').filter(|part| !part.is_empty()).nth(index),
        }
        .map(str::trim)
    }
}

/// Which part of each line is the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub split: Split,
    /// 1-based; `None` takes the whole line.
    pub field: Option<usize>,
}

impl Reading {
    /// The key a line gives, trimmed; `None` for an empty line or one
    /// without the field.
    pub fn key<'a>(&self, line: &'a str) -> Result<Option<&'a str>, Missing> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        match self.field {
            None => Ok(Some(line)),
            Some(field) => match self.split.field(line, field) {
                Some(key) if !key.is_empty() => Ok(Some(key)),
                _ => Err(Missing),
            },
        }
    }
}

/// A line without the field asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

/// Counts keys as chunks of text arrive; a line split between chunks is
/// kept until its end arrives.
pub struct Counter {
    reading: Reading,
    /// Distinct keys in the order first seen, each with its requests.
    keys: Vec<(String, u32)>,
    index: HashMap<String, usize>,
    partial: String,
    pub lines: usize,
    pub too_long: usize,
    pub missing_field: usize,
}

impl Counter {
    pub fn new(reading: Reading) -> Counter {
        Counter {
            reading,
            keys: Vec::new(),
            index: HashMap::new(),
            partial: String::new(),
            lines: 0,
            too_long: 0,
            missing_field: 0,
        }
    }

    /// Read `chunk`, the next part of the text. Refused past `MAX_LINES`.
    pub fn feed(&mut self, chunk: &str) -> Result<(), String> {
        let mut text = std::mem::take(&mut self.partial);
        text.push_str(chunk);
        let complete = match text.rfind('\n') {
            Some(end) => {
                self.partial = text[end + 1..].to_string();
                &text[..end]
            }
            None => {
                self.partial = text;
                return Ok(());
            }
        };
        for line in complete.split('\n') {
            self.line(line)?;
        }
        Ok(())
    }

    fn line(&mut self, line: &str) -> Result<(), String> {
        self.lines += 1;
        if self.lines > MAX_LINES {
            return Err(format!(
                "This has more than {} lines, the most the page reads.",
                crate::format::thousands(MAX_LINES as u64)
            ));
        }
        match self.reading.key(line) {
            Ok(Some(key)) if key.chars().count() > MAX_KEY_CHARS => self.too_long += 1,
            Ok(Some(key)) => match self.index.get(key) {
                Some(&at) => self.keys[at].1 += 1,
                None => {
                    self.index.insert(key.to_string(), self.keys.len());
                    self.keys.push((key.to_string(), 1));
                }
            },
            Ok(None) => self.lines -= 1,
            Err(Missing) => self.missing_field += 1,
        }
        Ok(())
    }

    /// The keys read, once the text has ended.
    pub fn finish(mut self) -> Result<KeyList, String> {
        let rest = std::mem::take(&mut self.partial);
        if !rest.is_empty() {
            self.line(&rest)?;
        }
        if self.lines == 0 {
            return Err("There are no keys here: every line is empty.".to_string());
        }
        if let Some(field) = self.reading.field {
            // Most lines lack the field: the wrong field, most likely.
            if self.missing_field * 2 > self.lines {
                return Err(format!(
                    "Field {field} is missing from {} of {} lines: pick another field, or none for whole lines.",
                    crate::format::thousands(self.missing_field as u64),
                    crate::format::thousands(self.lines as u64)
                ));
            }
        }
        if self.keys.is_empty() {
            return Err(format!(
                "No key is {MAX_KEY_CHARS} characters or fewer: every line was skipped."
            ));
        }
        let distinct = self.keys.len();
        let keys = sample(self.keys);
        Ok(KeyList {
            lines: self.lines,
            distinct,
            too_long: self.too_long,
            missing_field: self.missing_field,
            keys,
        })
    }
}

/// The keys placed: all of them, or past `MAX_PLACED` those with the
/// smallest XXH64(key, 1), still in the order first seen.
fn sample(keys: Vec<(String, u32)>) -> Vec<(String, u32)> {
    if keys.len() <= MAX_PLACED {
        return keys;
    }
    let mut ranked: Vec<(u64, usize)> = keys
        .iter()
        .enumerate()
        .map(|(at, (key, _))| (xxh64(key.as_bytes(), 1), at))
        .collect();
    ranked.select_nth_unstable(MAX_PLACED - 1);
    let mut kept: Vec<usize> = ranked[..MAX_PLACED].iter().map(|&(_, at)| at).collect();
    kept.sort_unstable();
    let mut keys: Vec<Option<(String, u32)>> = keys.into_iter().map(Some).collect();
    kept.into_iter().filter_map(|at| keys[at].take()).collect()
}

/// What was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyList {
    /// Lines that held a key, or lacked the field (empty lines not counted).
    pub lines: usize,
    pub distinct: usize,
    pub too_long: usize,
    pub missing_field: usize,
    /// The keys placed, in the order first seen, each with its requests.
    pub keys: Vec<(String, u32)>,
}

/// Read all of `text` at once (tests, the oracle's `--keys`).
pub fn read(text: &str, reading: Reading) -> Result<KeyList, String> {
    let mut counter = Counter::new(reading);
    counter.feed(text)?;
    counter.finish()
}

/// Bytes as text: refused if they hold a NUL byte (a binary file); other
/// invalid UTF-8 is replaced, and the lines it touched are counted.
pub fn decode(bytes: &[u8]) -> Result<(String, usize), String> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(format!(
            "This looks like a binary file (a NUL byte on line {}), not text: nothing was read.",
            crate::format::thousands(line as u64)
        ));
    }
    let text = String::from_utf8_lossy(bytes).into_owned();
    let replaced = text
        .lines()
        .filter(|line| line.contains('\u{FFFD}'))
        .count();
    Ok((text, replaced))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: Reading = Reading {
        split: Split::Spaces,
        field: None,
    };

    #[test]
    fn each_line_is_a_request_and_keys_keep_their_first_order() {
        let list = read("b\na\n\n  b  \nc\nb\n", WHOLE).unwrap();
        assert_eq!(
            list.keys,
            [
                ("b".to_string(), 3),
                ("a".to_string(), 1),
                ("c".to_string(), 1)
            ]
        );
        assert_eq!((list.lines, list.distinct), (5, 3));
    }

    #[test]
    fn chunks_split_anywhere_read_as_the_whole() {
        let text = "/img/1.jpg\n/img/2.jpg\n/img/1.jpg\n/a/b\n/img/2.jpg";
        let whole = read(text, WHOLE).unwrap();
        for cut in 0..text.len() {
            let mut counter = Counter::new(WHOLE);
            counter.feed(&text[..cut]).unwrap();
            counter.feed(&text[cut..]).unwrap();
            assert_eq!(counter.finish().unwrap(), whole, "cut at {cut}");
        }
    }

    #[test]
    fn an_nginx_combined_log_gives_its_request_paths_as_field_7() {
        let log = "127.0.0.1 - - [02/Dec/2026:10:00:00 +0000] \"GET /img/7.jpg HTTP/1.1\" 200 512 \"-\" \"curl/8\"\n\
                   127.0.0.1 - - [02/Dec/2026:10:00:01 +0000] \"GET /img/9.jpg HTTP/1.1\" 200 512 \"-\" \"curl/8\"\n\
                   127.0.0.1 - - [02/Dec/2026:10:00:02 +0000] \"GET /img/7.jpg HTTP/1.1\" 304 0 \"-\" \"curl/8\"\n";
        let list = read(
            log,
            Reading {
                split: Split::Spaces,
                field: Some(7),
            },
        )
        .unwrap();
        assert_eq!(
            list.keys,
            [("/img/7.jpg".to_string(), 2), ("/img/9.jpg".to_string(), 1)]
        );
        assert_eq!(Split::Commas.field("a,b,,d", 3), Some(""));
        assert_eq!(Split::Tabs.field("a\tb", 2), Some("b"));
        assert_eq!(Split::for_file("Keys.CSV"), Split::Commas);
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert!(read("\n \n", WHOLE)
            .unwrap_err()
            .starts_with("There are no keys here"));
        let two_of_three = read(
            "a b\nc\nd\n",
            Reading {
                split: Split::Spaces,
                field: Some(2),
            },
        );
        assert!(two_of_three
            .unwrap_err()
            .starts_with("Field 2 is missing from 2 of 3 lines"));
        let long = "x".repeat(201);
        let list = read(&format!("{long}\nshort\n"), WHOLE).unwrap();
        assert_eq!((list.too_long, list.keys.len()), (1, 1));
        assert!(read(&long, WHOLE)
            .unwrap_err()
            .starts_with("No key is 200 characters"));
        assert!(decode(b"abc\ndef\0gh")
            .unwrap_err()
            .contains("NUL byte on line 2"));
        assert_eq!(decode(b"ok\nbad \xff\nok").unwrap().1, 1);
    }

    #[test]
    fn past_100000_distinct_keys_the_smallest_xxh64_are_placed_in_first_order() {
        let text: String = (0..100_050).map(|i| format!("k{i}\n")).collect();
        let list = read(&text, WHOLE).unwrap();
        assert_eq!((list.distinct, list.keys.len()), (100_050, MAX_PLACED));
        let mut ranks: Vec<u64> = (0..100_050)
            .map(|i| xxh64(format!("k{i}").as_bytes(), 1))
            .collect();
        ranks.sort_unstable();
        let cutoff = ranks[MAX_PLACED - 1];
        assert!(list
            .keys
            .iter()
            .all(|(key, _)| xxh64(key.as_bytes(), 1) <= cutoff));
        let numbers: Vec<usize> = list
            .keys
            .iter()
            .map(|(k, _)| k[1..].parse().unwrap())
            .collect();
        assert!(
            numbers.windows(2).all(|pair| pair[0] < pair[1]),
            "first-seen order"
        );
    }
}
