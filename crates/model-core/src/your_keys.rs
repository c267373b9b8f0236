//! Your own keys (DEFINITIONS §16): a pasted list or a dropped log, read a chunk
//! at a time. Each line is one request for its key (the whole line, or the
//! field the reader picks); distinct keys are placed in the order first
//! seen, and a key seen k times is k requests. Past 100,000 distinct keys,
//! the 100,000 with the smallest XXH64(key, seed 1) are placed: a hash no
//! scheme uses for position, so the sample is not bunched on any ring, and
//! the same file always gives the same sample.

use std::sync::Arc;

use crate::format::thousands;

use crate::systems::hashes::xxh64;

/// At most this many distinct keys are placed (the page's largest setting).
pub const MAX_PLACED: usize = 100_000;
/// Keys longer than this many characters are skipped and counted.
pub const MAX_KEY_CHARS: usize = 200;

/// The longest key kept when every key is read (`ringdiff`): a request
/// line as long as nginx takes by default.
pub const EVERY_KEY_CHARS: usize = 8_192;
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
        let bytes = self.field_bytes(line.as_bytes(), field)?;
        // Split at ASCII bytes, valid UTF-8 stays valid.
        std::str::from_utf8(bytes).ok()
    }

    /// The same on bytes: fields split at ASCII separators, trimmed.
    fn field_bytes(self, line: &[u8], field: usize) -> Option<&[u8]> {
        let index = field.checked_sub(1)?;
        match self {
            Split::Commas => line.split(|&b| b == b',').nth(index),
            Split::Tabs => line.split(|&b| b == b'\t').nth(index),
            Split::Spaces => line
                .split(|&b| b == b' ')
                .filter(|part| !part.is_empty())
                .nth(index),
        }
        .map(<[u8]>::trim_ascii)
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
        // Cut at ASCII bytes, valid UTF-8 stays valid.
        self.key_bytes(line.as_bytes())
            .map(|key| key.map(|key| std::str::from_utf8(key).unwrap_or_default()))
    }

    /// The same on a line's bytes (ASCII spaces trimmed), before decoding.
    pub fn key_bytes<'a>(&self, line: &'a [u8]) -> Result<Option<&'a [u8]>, Missing> {
        let line = line.trim_ascii();
        if line.is_empty() {
            return Ok(None);
        }
        match self.field {
            None => Ok(Some(line)),
            Some(field) => match self.split.field_bytes(line, field) {
                Some(key) if !key.is_empty() => Ok(Some(key)),
                _ => Err(Missing),
            },
        }
    }
}

/// A line without the field asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

/// Counts keys as chunks of bytes arrive; a line split between chunks is
/// kept until its end arrives. Each line is decoded on its own: a NUL byte
/// refuses the whole input (a binary file), other invalid UTF-8 is replaced
/// and the line counted. Reading every key (`ringdiff`), a NUL byte past
/// the first line drops only its line, counted apart.
pub struct Counter {
    reading: Reading,
    /// The command line's reading: no line cap and no sample, every
    /// distinct key kept (memory grows with distinct keys, not lines).
    every_key: bool,
    /// Distinct keys in the order first seen, each with its requests.
    keys: Vec<(String, u32)>,
    index: Index,
    partial: Vec<u8>,
    /// Lines seen so far, empty ones included (for the progress bar and
    /// the line a NUL byte is on).
    pub seen: usize,
    pub lines: usize,
    pub too_long: usize,
    pub missing_field: usize,
    pub replaced: usize,
    /// Lines dropped for a NUL byte past the first (every key read).
    pub with_nul: usize,
    /// A NUL byte was met on the line still arriving: the rest of it goes.
    dropping: bool,
}

impl Counter {
    pub fn new(reading: Reading) -> Counter {
        Counter::reading(reading, false)
    }

    /// A counter that keeps every distinct key, with no line cap
    /// (`ringdiff`: a deploy gate counts every key, the page a sample).
    pub fn every_key(reading: Reading) -> Counter {
        Counter::reading(reading, true)
    }

    fn reading(reading: Reading, every_key: bool) -> Counter {
        Counter {
            reading,
            every_key,
            keys: Vec::new(),
            index: Index::default(),
            partial: Vec::new(),
            seen: 0,
            lines: 0,
            too_long: 0,
            missing_field: 0,
            replaced: 0,
            with_nul: 0,
            dropping: false,
        }
    }

    /// The longest key kept: the page's, or, reading every key, a request
    /// line as long as nginx takes by default (its 8 KB header buffers).
    fn most_chars(&self) -> usize {
        if self.every_key {
            EVERY_KEY_CHARS
        } else {
            MAX_KEY_CHARS
        }
    }

    /// Read `chunk`, the next bytes. Refused at a NUL byte or past `MAX_LINES`.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), String> {
        let mut start = 0;
        while let Some(offset) = newline_or_nul(&chunk[start..]) {
            let end = start + offset;
            if chunk[end] == 0 && self.every_key && self.seen > 0 {
                // One damaged line in a long log: drop it, not the log.
                self.dropping = true;
                self.partial.clear();
                start = end + 1;
                continue;
            }
            if self.dropping {
                self.dropping = false;
                self.seen += 1;
                self.with_nul += 1;
                start = end + 1;
                continue;
            }
            if chunk[end] == 0 {
                return Err(format!(
                    "This looks like a binary file (a NUL byte on line {}), not text: nothing was read.",
                    thousands(self.seen as u64 + 1)
                ));
            }
            if self.partial.is_empty() {
                self.line(&chunk[start..end])?;
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&chunk[start..end]);
                self.line(&line)?;
            }
            start = end + 1;
        }
        if !self.dropping {
            self.partial.extend_from_slice(&chunk[start..]);
        }
        Ok(())
    }

    /// One line, free of NUL bytes and without its newline.
    fn line(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.seen += 1;
        let key = match self.reading.key_bytes(bytes) {
            Ok(Some(key)) => key,
            Ok(None) => return Ok(()),
            Err(Missing) => {
                self.lines += 1;
                self.missing_field += 1;
                return Ok(());
            }
        };
        self.lines += 1;
        if self.lines > MAX_LINES && !self.every_key {
            return Err(format!(
                "This has more than {} lines, the most the page reads: nothing was read.",
                thousands(MAX_LINES as u64)
            ));
        }
        // Only the key is decoded: the rest of the line is never used.
        let key = match std::str::from_utf8(key) {
            Ok(key) => std::borrow::Cow::Borrowed(key),
            Err(_) => {
                self.replaced += 1;
                String::from_utf8_lossy(key)
            }
        };
        // Counting characters only when the bytes could be too many.
        let most = self.most_chars();
        if key.len() > most && key.chars().count() > most {
            self.too_long += 1;
            return Ok(());
        }
        let at = self.index.find_or_add(&mut self.keys, &key);
        self.keys[at].1 += 1;
        Ok(())
    }

    /// The keys read, once the input has ended.
    pub fn finish(mut self) -> Result<KeyList, String> {
        let rest = std::mem::take(&mut self.partial);
        if self.dropping {
            self.with_nul += 1;
        } else if !rest.is_empty() {
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
                    thousands(self.missing_field as u64),
                    thousands(self.lines as u64)
                ));
            }
        }
        if self.keys.is_empty() {
            return Err(format!(
                "No key is {} characters or fewer: every line was skipped.",
                self.most_chars()
            ));
        }
        let distinct = self.keys.len();
        let keys = if self.every_key {
            self.keys
        } else {
            sample(self.keys)
        };
        Ok(KeyList {
            lines: self.lines,
            distinct,
            too_long: self.too_long,
            missing_field: self.missing_field,
            replaced: self.replaced,
            with_nul: self.with_nul,
            keys,
        })
    }
}

/// Where the first newline or NUL byte is: eight bytes at a time (the
/// file's every byte passes here), then byte by byte in the word that has it.
fn newline_or_nul(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Nonzero exactly when some byte of `word` is zero.
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        if has_zero(word) | has_zero(word ^ (ONES * u64::from(b'\n'))) != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n' || b == 0)
        .map(|offset| at + offset)
}

/// Where each distinct key is in the list: an open-addressing table whose
/// slots hold a key's list index plus one (0 is empty) in the low half and
/// the high half of its hash above, so that a probe compares keys only
/// when their hashes agree; each key's hash is kept for growing. Smaller in
/// the worker's module than a `HashMap`, and quicker on short keys than
/// its SipHash.
#[derive(Default)]
struct Index {
    slots: Vec<u64>,
    hashes: Vec<u64>,
}

impl Index {
    /// The list index of `key`, added to `keys` with no requests if new.
    fn find_or_add(&mut self, keys: &mut Vec<(String, u32)>, key: &str) -> usize {
        if (keys.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let hash = quick_hash(key.as_bytes());
        let tag = hash & !0xFFFF_FFFF;
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            match self.slots[at] {
                0 => {
                    self.slots[at] = tag | (keys.len() as u64 + 1);
                    self.hashes.push(hash);
                    keys.push((key.to_string(), 0));
                    return keys.len() - 1;
                }
                slot if slot & !0xFFFF_FFFF == tag => {
                    let index = (slot & 0xFFFF_FFFF) as usize - 1;
                    if keys[index].0 == key {
                        return index;
                    }
                }
                _ => {}
            }
            at = (at + 1) & mask;
        }
    }

    /// Twice the slots (at least 1,024), every key placed again.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let mask = size - 1;
        self.slots = vec![0; size];
        for (index, &hash) in self.hashes.iter().enumerate() {
            let mut at = hash as usize & mask;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = (hash & !0xFFFF_FFFF) | (index as u64 + 1);
        }
    }
}

/// A quick hash for the table (FxHash's step, eight bytes at a time, then
/// a final mix so the low bits the table uses depend on every byte).
fn quick_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut hash = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        hash = (hash.rotate_left(5) ^ word).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    hash ^ (hash >> 29)
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyList {
    /// Lines that held a key, or lacked the field (empty lines not counted).
    pub lines: usize,
    pub distinct: usize,
    pub too_long: usize,
    pub missing_field: usize,
    /// Keys whose invalid UTF-8 was replaced by U+FFFD.
    pub replaced: usize,
    /// Lines dropped for a NUL byte (every key read; the page refuses the
    /// whole input instead, so its lists never carry this).
    pub with_nul: usize,
    /// The keys placed, in the order first seen, each with its requests.
    pub keys: Vec<(String, u32)>,
}

/// The first line of `KeyList::to_text`, naming the format.
const TEXT_HEADER: &str = "ringcount keys 1";

impl KeyList {
    /// The list as text, to cross between threads and into session
    /// storage: a header with the counts, then one `requests<TAB>key` line
    /// per key. A key holds no newline, so the lines split back exactly.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{TEXT_HEADER} {} {} {} {} {}\n",
            self.lines, self.distinct, self.too_long, self.missing_field, self.replaced
        );
        for (key, requests) in &self.keys {
            text.push_str(&requests.to_string());
            text.push('\t');
            text.push_str(key);
            text.push('\n');
        }
        text
    }

    /// Read `to_text`'s output back; None if it is not that.
    pub fn from_text(text: &str) -> Option<KeyList> {
        let mut reader = TextReader::default();
        reader.read(text);
        reader.finish()
    }
}

/// Reads `KeyList::to_text`'s output back a piece of whole lines at a time
/// (`cut_after_lines`), so a long list need not be read in one go.
#[derive(Default)]
pub struct TextReader {
    /// The header's counts: lines, distinct, too long, missing a field,
    /// replaced.
    header: Option<[usize; 5]>,
    keys: Vec<(String, u32)>,
    /// A line that is not the format's: the text is not a list.
    broken: bool,
}

impl TextReader {
    /// Read the next piece: whole lines, the first piece starting with the
    /// header.
    pub fn read(&mut self, piece: &str) {
        let mut lines = piece.split('\n');
        if self.header.is_none() && !self.broken {
            self.header = lines.next().and_then(|line| {
                let counts: Vec<usize> = line
                    .strip_prefix(TEXT_HEADER)?
                    .split_whitespace()
                    .map(|n| n.parse().ok())
                    .collect::<Option<_>>()?;
                counts.try_into().ok()
            });
            self.broken = self.header.is_none();
        }
        if self.broken {
            return;
        }
        for line in lines.filter(|line| !line.is_empty()) {
            let key = line.split_once('\t').and_then(|(requests, key)| {
                Some((key.to_string(), requests.parse().ok().filter(|&r| r > 0)?))
            });
            match key {
                Some(key) => self.keys.push(key),
                None => {
                    self.broken = true;
                    return;
                }
            }
        }
    }

    /// The list read; None if the text was not one.
    pub fn finish(self) -> Option<KeyList> {
        let [lines, distinct, too_long, missing_field, replaced] = self.header?;
        let usable = !self.broken && !self.keys.is_empty() && self.keys.len() <= MAX_PLACED;
        usable.then_some(KeyList {
            lines,
            distinct,
            too_long,
            missing_field,
            replaced,
            with_nul: 0,
            keys: self.keys,
        })
    }
}

/// `text` cut into pieces of whole lines, each ending at the first newline
/// at or after `bytes` bytes (the last, wherever the text ends): pieces
/// small enough to store one at a time, that join back into `text`.
pub fn cut_after_lines(text: &str, bytes: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while rest.len() > bytes {
        let cut = rest.as_bytes()[bytes..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |at| bytes + at + 1);
        let (piece, after) = rest.split_at(cut);
        pieces.push(piece);
        rest = after;
    }
    if !rest.is_empty() {
        pieces.push(rest);
    }
    pieces
}

/// Keys read from the reader's own text, as the settings hold them: shared,
/// never copied, and compared by a digest of their content.
pub struct YourKeys {
    pub list: KeyList,
    /// A digest of the keys and their requests: what names them in a request.
    pub digest: u64,
}

impl YourKeys {
    pub fn new(list: KeyList) -> Arc<YourKeys> {
        // Each key's XXH64, seeded by its requests, folded in order: the
        // same keys and counts in the same order, the same digest.
        let digest = list
            .keys
            .iter()
            .fold(list.keys.len() as u64, |digest, (key, requests)| {
                (digest.rotate_left(27) ^ xxh64(key.as_bytes(), u64::from(*requests)))
                    .wrapping_mul(0x9E37_79B1_85EB_CA87)
            });
        Arc::new(YourKeys { list, digest })
    }

    /// The digest in hex, naming these keys in a request to the worker.
    pub fn id(&self) -> String {
        format!("{:016x}", self.digest)
    }

    pub fn len(&self) -> usize {
        self.list.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.keys.is_empty()
    }

    /// Key `index`'s name.
    pub fn name(&self, index: usize) -> &str {
        self.list.keys.get(index).map_or("", |(key, _)| key)
    }

    /// Every placed key's requests, in key order.
    pub fn requests(&self) -> impl Iterator<Item = u32> + '_ {
        self.list.keys.iter().map(|&(_, requests)| requests)
    }
}

impl PartialEq for YourKeys {
    fn eq(&self, other: &Self) -> bool {
        self.digest == other.digest
    }
}

impl Eq for YourKeys {}

impl std::hash::Hash for YourKeys {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.digest.hash(state)
    }
}

impl std::fmt::Debug for YourKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "YourKeys({} keys, {})", self.len(), self.id())
    }
}

/// Read all of `bytes` at once (tests, the oracle's `--keys`).
pub fn read(bytes: &[u8], reading: Reading) -> Result<KeyList, String> {
    let mut counter = Counter::new(reading);
    counter.feed(bytes)?;
    counter.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: Reading = Reading {
        split: Split::Spaces,
        field: None,
    };

    #[test]
    fn pieces_of_whole_lines_join_back_into_the_text() {
        let text: String = (0..500)
            .map(|i| format!("{}\t/ключ/{}\n", i % 7 + 1, "é".repeat(i % 13)))
            .collect();
        let longest = text.split_inclusive('\n').map(str::len).max().unwrap();
        for bytes in [1, 17, 100, 4096, text.len() - 1, text.len(), text.len() + 1] {
            let pieces = cut_after_lines(&text, bytes);
            assert_eq!(pieces.concat(), text, "at {bytes}");
            assert!(pieces.iter().all(|p| p.ends_with('\n')), "at {bytes}");
            // Each piece is the first newline past `bytes`, no later.
            assert!(
                pieces.iter().all(|p| p.len() <= bytes + longest),
                "at {bytes}"
            );
            assert!(
                pieces[..pieces.len() - 1].iter().all(|p| p.len() > bytes),
                "at {bytes}"
            );
        }
        assert_eq!(cut_after_lines("a\nb", 1), ["a\n", "b"]);
        assert!(cut_after_lines("", 8).is_empty());
    }

    #[test]
    fn a_list_read_back_in_pieces_is_the_list() {
        let lines: String = (0..2_000).map(|i| format!("/p/{}\n", i % 700)).collect();
        let list = read(lines.as_bytes(), WHOLE).unwrap();
        let text = list.to_text();
        let in_pieces = |text: &str, bytes| {
            let mut reader = TextReader::default();
            for piece in cut_after_lines(text, bytes) {
                reader.read(piece);
            }
            reader.finish()
        };
        for bytes in [1, 64, 1000, text.len()] {
            assert_eq!(in_pieces(&text, bytes).as_ref(), Some(&list), "at {bytes}");
        }
        // A bad line in a later piece spoils the whole text.
        let spoiled = format!("{text}not a count line\n");
        assert_eq!(in_pieces(&spoiled, 64), None);
        assert_eq!(in_pieces("", 64), None);
    }

    #[test]
    fn each_line_is_a_request_and_keys_keep_their_first_order() {
        let list = read(b"b\na\n\n  b  \nc\nb\n", WHOLE).unwrap();
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
        let whole = read(text.as_bytes(), WHOLE).unwrap();
        for cut in 0..text.len() {
            let mut counter = Counter::new(WHOLE);
            counter.feed(&text.as_bytes()[..cut]).unwrap();
            counter.feed(&text.as_bytes()[cut..]).unwrap();
            assert_eq!(counter.finish().unwrap(), whole, "cut at {cut}");
        }
    }

    #[test]
    fn an_nginx_combined_log_gives_its_request_paths_as_field_7() {
        let log = "127.0.0.1 - - [02/Dec/2026:10:00:00 +0000] \"GET /img/7.jpg HTTP/1.1\" 200 512 \"-\" \"curl/8\"\n\
                   127.0.0.1 - - [02/Dec/2026:10:00:01 +0000] \"GET /img/9.jpg HTTP/1.1\" 200 512 \"-\" \"curl/8\"\n\
                   127.0.0.1 - - [02/Dec/2026:10:00:02 +0000] \"GET /img/7.jpg HTTP/1.1\" 304 0 \"-\" \"curl/8\"\n";
        let list = read(
            log.as_bytes(),
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
        assert!(read(b"\n \n", WHOLE)
            .unwrap_err()
            .starts_with("There are no keys here"));
        let two_of_three = read(
            b"a b\nc\nd\n",
            Reading {
                split: Split::Spaces,
                field: Some(2),
            },
        );
        assert!(two_of_three
            .unwrap_err()
            .starts_with("Field 2 is missing from 2 of 3 lines"));
        let long = "x".repeat(201);
        let list = read(format!("{long}\nshort\n").as_bytes(), WHOLE).unwrap();
        assert_eq!((list.too_long, list.keys.len()), (1, 1));
        assert!(read(long.as_bytes(), WHOLE)
            .unwrap_err()
            .starts_with("No key is 200 characters"));
        assert!(read(b"abc\ndef\0gh", WHOLE)
            .unwrap_err()
            .contains("NUL byte on line 2"));
        let lossy = read(b"ok\nbad \xff\nok", WHOLE).unwrap();
        assert_eq!(lossy.replaced, 1);
        assert_eq!(lossy.keys[1].0, "bad \u{FFFD}");
        let text = lossy.to_text();
        assert_eq!(KeyList::from_text(&text), Some(lossy));
        assert_eq!(KeyList::from_text("not a list"), None);
    }

    #[test]
    fn past_100000_distinct_keys_the_smallest_xxh64_are_placed_in_first_order() {
        let text: String = (0..100_050).map(|i| format!("k{i}\n")).collect();
        let list = read(text.as_bytes(), WHOLE).unwrap();
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
