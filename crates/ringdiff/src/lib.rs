//! `ringdiff BEFORE AFTER`: how many keys a deploy moves, the pool before to
//! the pool after, on the page's ring and under every deployed system, each
//! by its own rules (DEFINITIONS §20). BEFORE and AFTER are files in any form
//! the page reads: an nginx `upstream` block, an HAProxy `backend`, a
//! twemproxy pool, or a plain list (`NAME` or `NAME weight=W` a line). The
//! counting is the page's own model, so the two give one answer. Without
//! keys each share is exact, of the hash's positions (`hash_space`); unlike
//! the page, which places a sample past 100,000 distinct keys, it counts
//! every key of a log (streamed, gzipped or not, `-` for standard input).
//!
//! Exit status (`EXIT_STATUS`, and the crate's README): 0, or 1 when
//! `--max-moved` is given and `--system`'s share moved (of requests, or of
//! its hash's positions when no keys are counted) exceeds
//! it, 2 for a usage error (as clap reports it, or a file it cannot read),
//! 3 for a config its program would refuse (the file, the line and the
//! program's reason), or 4 for a config its program takes that ringdiff
//! cannot count (named). Each pool is read as its program reads it
//! (`config::read` within `Bounds::COUNTED`): one server or a thousand,
//! weights past the page's 10, a server marked down routed past by each
//! system's own rule, a backup not placed.

use std::sync::Arc;

use config::{Form, Refusal};
use model::deploy::{Bounds, Deploy, DeployCount, PoolServer};
use model::deploy_words::describe;
use model::format::{fixed, thousands};
use model::keyname::KeyNames;
use model::keys::{KeySpec, Keys};
use model::placements::PlacementId;
use model::requests::Requests;
use model::schemes::{KeyPositions, Scheme};
use model::settings::{Settings, MAX_FIRST, MAX_KEYS, MIN_KEYS};
use model::your_keys::{self, KeyList, Reading, Split, YourKeys, MAX_PLACED};
use serde_json::json;

/// What the exit status says, for `--help` and the crate's README.
pub const EXIT_STATUS: &str = "Exit status:
  0  the deploy was counted (and, with --max-moved, is within it)
  1  --system moves more than --max-moved (of requests with keys, of its
     hash's positions without)
  2  a usage error: a bad argument, a file that cannot be read or holds no
     server, --system naming another row than the configs' hash lines select
  3  a config its program would refuse (nginx -t, haproxy -c): the file,
     the line and the program's reason
  4  a config its program takes that ringdiff cannot count, named: over
     1,000 servers, a weight past 327 or a total past 20,000, a method that
     does not hash the key (ip_hash, balance roundrobin, no hash line) or
     hashes it another way, what is hashed changing between the pools, a
     file of several pools";

/// The most named keys `--keys` counts (a hundred times the page's most,
/// placed a batch at a time): about a minute for every system.
pub const MAX_NAMED_KEYS: u32 = 10_000_000;

/// What a run prints and how it ends.
#[derive(Debug)]
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    fn refused(code: i32, why: String) -> Outcome {
        Outcome {
            code,
            stdout: String::new(),
            stderr: format!("ringdiff: {why}\n"),
        }
    }
}

/// The exit status for a config its program would refuse (`nginx -t`,
/// `haproxy -c`): the file, the line and the program's reason.
pub const PROGRAM_REFUSES: i32 = 3;

/// The exit status for a config its program takes that ringdiff cannot
/// count (a server marked down, a weight past 327, a variable it does not
/// read): refused, named, rather than counted wrong.
pub const CANNOT_MODEL: i32 = 4;

/// A refusal and its exit status.
type Refused = (i32, String);

/// A usage error's status, for what cannot be read.
fn usage(why: String) -> Refused {
    (2, why)
}

/// Which keys to place.
#[derive(Clone, Debug, PartialEq)]
enum KeySource {
    /// None: each share is exact, of the hash's positions (`hash_space`).
    Exact,
    /// The page's keys `key-0` … `key-(N−1)`.
    Count(u32),
    /// A file's lines (or one field of each, split as `split`): a key seen
    /// k times is k requests.
    File {
        path: String,
        field: Option<usize>,
        split: Split,
    },
}

/// How the counts are written.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Text,
    Json,
    /// A table to paste as a pull request's comment.
    Markdown,
}

#[derive(Clone, Debug, PartialEq)]
struct Args {
    before: String,
    after: String,
    keys: KeySource,
    system: Option<PlacementId>,
    max_moved: Option<f64>,
    format: Format,
    /// The exit status alone.
    quiet: bool,
}

/// Every placement a run reports: the page's ring, then each deployed system.
pub fn placements() -> Vec<&'static dyn Scheme> {
    std::iter::once(PlacementId::Ring)
        .chain(PlacementId::DEPLOYED.iter().copied())
        .map(PlacementId::scheme)
        .collect()
}

/// A share as written after `--max-moved`: `0.25` or `25%`.
fn share(text: &str) -> Result<f64, String> {
    let value = match text.strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f64>().map(|p| p / 100.0),
        None => text.trim().parse::<f64>(),
    };
    match value {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!(
            "--max-moved takes a share from 0 to 1 (0.25) or a percentage (25%), not \u{201c}{text}\u{201d}."
        )),
    }
}

/// The command line, by clap: `--help` and `--version` on standard output
/// with status 0, a usage error on standard error with status 2.
fn command() -> clap::Command {
    use clap::{builder::PossibleValuesParser, value_parser, Arg, ArgAction, Command};
    let ids: Vec<&'static str> = placements().iter().map(|p| p.id().as_str()).collect();
    Command::new("ringdiff")
        .version(env!("CARGO_PKG_VERSION"))
        .about("How many keys a deploy moves, pool before to pool after, on the page's ring and under every deployed system")
        .arg(Arg::new("before").value_name("BEFORE").required(true)
            .help("The pool before: an nginx upstream block, an HAProxy backend, a twemproxy pool, or NAME [weight=W] a line"))
        .arg(Arg::new("after").value_name("AFTER").required(true).help("The pool after, in any of those forms"))
        .arg(Arg::new("keys").long("keys").value_name("N")
            .value_parser(value_parser!(u32).range(1..=i64::from(MAX_NAMED_KEYS)))
            .help("Also count the keys key-0 … key-(N-1), with each share's 95% range for N random keys"))
        .arg(Arg::new("keys-file").long("keys-file").value_name("FILE").conflicts_with("keys")
            .help("Count every key of a file, a line a request ('-': standard input; .gz read as is)"))
        .arg(Arg::new("field").long("field").value_name("N").requires("keys-file")
            .value_parser(value_parser!(u32).range(1..)).help("Take field N of each line as its key (an nginx access log's path is 7)"))
        .arg(Arg::new("split").long("split").value_name("ON").requires("field")
            .value_parser(["spaces", "tabs", "commas"])
            .help("What separates the fields [default: by the file's name: .tsv tabs, .csv commas, else runs of spaces]"))
        .arg(Arg::new("system").long("system").value_name("ID")
            .value_parser(PossibleValuesParser::new(ids)).help("The system --max-moved judges, marked * in the table"))
        .arg(Arg::new("max-moved").long("max-moved").value_name("SHARE").requires("system").allow_negative_numbers(true)
            .value_parser(share).help("Exit 1 when --system moves more than this share (0.25 or 25%): of requests with keys, of its hash's positions without"))
        .arg(Arg::new("format").long("format").value_name("FORMAT").default_value("text")
            .value_parser(["text", "json", "markdown"]).help("text, json, or markdown (a table for a pull request's comment)"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).conflicts_with("format")
            .help("The same as --format json"))
        .arg(Arg::new("quiet").long("quiet").short('q').action(ArgAction::SetTrue)
            .help("Print nothing but a refusal: the exit status says it"))
        .after_help(EXIT_STATUS)
}

fn parse_args(args: &[String]) -> Result<Args, clap::Error> {
    let matches = command().try_get_matches_from(
        std::iter::once("ringdiff".to_string()).chain(args.iter().cloned()),
    )?;
    let text = |id: &str| matches.get_one::<String>(id).cloned();
    let keys = match text("keys-file") {
        Some(path) => KeySource::File {
            split: match text("split").as_deref() {
                Some("tabs") => Split::Tabs,
                Some("commas") => Split::Commas,
                Some(_) => Split::Spaces,
                // Standard input has no name to tell by.
                None => Split::for_file(path.strip_suffix(".gz").unwrap_or(&path)),
            },
            path,
            field: matches.get_one::<u32>("field").map(|&n| n as usize),
        },
        None => matches
            .get_one::<u32>("keys")
            .map_or(KeySource::Exact, |&count| KeySource::Count(count)),
    };
    let system = text("system").and_then(|id| {
        placements()
            .into_iter()
            .map(|p| p.id())
            .find(|p| p.as_str() == id)
    });
    let format = match (matches.get_flag("json"), text("format").as_deref()) {
        (true, _) | (_, Some("json")) => Format::Json,
        (_, Some("markdown")) => Format::Markdown,
        _ => Format::Text,
    };
    Ok(Args {
        before: text("before").unwrap_or_default(),
        after: text("after").unwrap_or_default(),
        keys,
        system,
        max_moved: matches.get_one::<f64>("max-moved").copied(),
        format,
        quiet: matches.get_flag("quiet"),
    })
}

/// A pool from a config file; the message names the file and the line.
pub fn read_pool(path: &str, text: &str) -> Result<Vec<PoolServer>, String> {
    counted_pool(path, text)
        .map(|counted| counted.servers)
        .map_err(|(_, why)| why)
}

/// A pool as its program reads it, within what ringdiff counts: what the
/// program would refuse exits `PROGRAM_REFUSES`, what it takes that
/// ringdiff cannot count `CANNOT_MODEL`. A server marked down (nginx's
/// `down`, HAProxy's `disabled`) stays listed, each system routing past it
/// by its own rule; a backup is not placed.
fn counted_pool(path: &str, text: &str) -> Result<Counted, Refused> {
    if text
        .lines()
        .all(|line| line.split('#').next().unwrap_or("").trim().is_empty())
    {
        return Err(usage(format!(
            "{path}: no server in it: a pool needs its servers."
        )));
    }
    let pasted = config::read(text, Bounds::COUNTED).map_err(|refusal| match refusal {
        Refusal::Program(why) => (PROGRAM_REFUSES, format!("{path}: {why}")),
        Refusal::Bounds(why) => (CANNOT_MODEL, format!("{path}: {why}")),
    })?;
    if let Some(notice) = pasted.notices.first() {
        let what = notice
            .split(';')
            .next()
            .unwrap_or(notice)
            .trim_end_matches('.');
        return Err((
            CANNOT_MODEL,
            format!("{path}: {what}; ringdiff stops rather than count it wrong."),
        ));
    }
    Ok(Counted {
        servers: pasted.pool(),
        system: pasted.system,
        // Only a program's own config says how it balances.
        hashes: matches!(pasted.form, Form::Nginx | Form::Haproxy).then_some(pasted.hashes),
    })
}

/// A pool as ringdiff counts it, with what its config says of balancing.
struct Counted {
    servers: Vec<PoolServer>,
    /// The system its hash line selects.
    system: Option<PlacementId>,
    /// What it hashes (`hash $request_uri`, `balance uri`; `Some(None)`:
    /// nothing, round robin), for an nginx or HAProxy config.
    hashes: Option<Option<String>>,
}

/// Why two pools cannot be compared row by row, or why `--system` is not
/// the row they select: each row places both pools one way, so a deploy
/// that changes the way, or what is hashed, moves keys no row counts.
fn method_refusal(args: &Args, before: &Counted, after: &Counted) -> Option<Refused> {
    let said = |hashes: &Option<String>| {
        hashes
            .clone()
            .map_or("no hash line (round robin)".to_string(), |h| {
                format!("\u{201c}{h}\u{201d}")
            })
    };
    let (Some(was), Some(now)) = (&before.hashes, &after.hashes) else {
        return system_refusal(args, before, after);
    };
    if was != now {
        return Some((
            CANNOT_MODEL,
            format!(
                "{}: what the pool hashes changes, {} before and {} after: the same key lands apart whatever the servers, and ringdiff counts a deploy under one method at a time.",
                args.after,
                said(was),
                said(now)
            ),
        ));
    }
    system_refusal(args, before, after)
}

/// The two pools select different systems, or `--system` another row.
fn system_refusal(args: &Args, before: &Counted, after: &Counted) -> Option<Refused> {
    match (before.system, after.system, args.system) {
        (Some(was), Some(now), _) if was != now => Some((
            CANNOT_MODEL,
            format!(
                "{}: its hash line selects {}, where the pool before's selects {}: the method changes, and ringdiff counts a deploy under one method at a time.",
                args.after,
                now.scheme().title(),
                was.scheme().title()
            ),
        )),
        (selected, selected_after, Some(judged))
            if selected.or(selected_after).is_some_and(|selected| selected != judged) =>
        {
            let selected = selected.or(selected_after).unwrap_or(judged);
            Some(usage(format!(
            "--system {judged}, but the configs' hash lines select {selected} ({}): judge that row.",
            selected.scheme().title()
        )))
        }
        _ => None,
    }
}

/// What was read of a file of keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct Read {
    /// Requests counted: the lines that gave a key, each one request.
    pub requests: usize,
    pub distinct: usize,
    /// Lines that gave no key, counted in no share: without the field
    /// asked for, with a key over `EVERY_KEY_CHARS` characters, or with a
    /// NUL byte (a damaged line).
    pub skipped: usize,
    pub missing_field: usize,
    pub too_long: usize,
    pub with_nul: usize,
}

impl Read {
    fn of(list: &KeyList) -> Read {
        Read {
            requests: list
                .keys
                .iter()
                .map(|&(_, requests)| requests as usize)
                .sum(),
            distinct: list.distinct,
            skipped: list.missing_field + list.too_long + list.with_nul,
            missing_field: list.missing_field,
            too_long: list.too_long,
            with_nul: list.with_nul,
        }
    }
}

/// A deploy measured on some keys.
pub struct Measured {
    pub deploy: Deploy,
    /// Distinct keys, every one placed.
    pub keys: usize,
    /// When the keys came from a file: what was read of it.
    pub list: Option<Read>,
    /// One row per placement, in `placements()` order.
    pub rows: Vec<(&'static dyn Scheme, DeployCount)>,
    /// The page's ring's count by the second route, walking the changed arcs.
    pub ring_by_arcs: usize,
    /// When the servers that stay are reordered: what the reorder alone
    /// moves under each placement.
    pub reorder: Option<Vec<DeployCount>>,
}

/// Measure `deploy` on the page's keys `key-0` … (`count` of them) or on
/// every key of a list. A list longer than the page places at once is
/// counted a batch at a time and the counts added: each deployed system
/// places a key by that key alone, so no key is left out and none sampled.
pub fn measure(deploy: Deploy, keys: Option<KeyList>, count: u64) -> Measured {
    let read = keys.as_ref().map(Read::of);
    // Batches of about equal size, none over what one placement takes.
    let total = keys
        .as_ref()
        .map_or(count, |list| list.keys.len() as u64)
        .max(1);
    let batches = total.div_ceil(MAX_PLACED as u64);
    let size = total.div_ceil(batches) as usize;
    let parts: Vec<Batch> = match keys {
        None => (0..total)
            .step_by(size)
            .map(|first| Batch::Named {
                first,
                count: (total - first).min(size as u64) as u32,
            })
            .collect(),
        Some(list) => list
            .keys
            .chunks(size)
            .map(|batch| {
                Batch::Listed(KeyList {
                    keys: batch.to_vec(),
                    distinct: batch.len(),
                    ..KeyList::default()
                })
            })
            .collect(),
    };
    let mut parts = parts.into_iter();
    let first = parts.next().unwrap_or(Batch::Named { first: 0, count: 1 });
    let mut sum = measure_batch(deploy, first);
    for part in parts {
        let more = measure_batch(sum.deploy, part);
        for ((_, sum), (_, add)) in sum.rows.iter_mut().zip(&more.rows) {
            sum.add(add);
        }
        if let (Some(sum), Some(add)) = (sum.reorder.as_mut(), &more.reorder) {
            for (sum, add) in sum.iter_mut().zip(add) {
                sum.add(add);
            }
        }
        sum.ring_by_arcs += more.ring_by_arcs;
        sum.keys += more.keys;
        sum.deploy = more.deploy;
    }
    sum.list = read;
    sum
}

/// Keys a batch places: the page's names `key-first` … (`count` of them),
/// or some of a list's.
enum Batch {
    Named { first: u64, count: u32 },
    Listed(KeyList),
}

/// One batch: at most the page's most keys.
fn measure_batch(deploy: Deploy, batch: Batch) -> Measured {
    let (first, count, keys) = match batch {
        Batch::Named { first, count } => (first, count, None),
        Batch::Listed(list) => (0, list.keys.len() as u32, Some(list)),
    };
    let list = keys.as_ref().map(Read::of);
    let yours = keys.map(YourKeys::new);
    let settings = Settings {
        keys: count.clamp(MIN_KEYS, MAX_KEYS),
        your_keys: yours.clone(),
        ..Settings::default()
    };
    // Within the page's ranges by construction: a count clamped to them,
    // and a first key below `--keys`'s cap, far under the page's.
    let spec = KeySpec::new(first.min(MAX_FIRST), settings.keys, settings.hash)
        .expect("a batch within the page's ranges");
    let spec = match &yours {
        Some(yours) => spec.with_names(KeyNames::Yours(Arc::clone(yours))),
        None => spec,
    };
    let keys = Keys::of(spec);
    let requests = match &yours {
        Some(yours) => Requests::Counted(yours),
        None => Requests::Zipf(0.0),
    };
    let positions = KeyPositions::default();
    let count_all = |deploy: &Deploy| {
        placements()
            .into_iter()
            .map(|scheme| deploy.measure(scheme, &settings, &keys, &positions, requests))
            .collect::<Vec<_>>()
    };
    let rows = placements().into_iter().zip(count_all(&deploy)).collect();
    let reorder = model::deploy_words::reorder_only(&deploy).map(|only| count_all(&only));
    Measured {
        ring_by_arcs: deploy.moved_by_arc_walk(&settings, &keys),
        keys: keys.len(),
        list,
        rows,
        reorder,
        deploy,
    }
}

/// Run the command on `args` (without the program's name).
pub fn run(args: &[String]) -> Outcome {
    let args = match parse_args(args) {
        Ok(args) => args,
        // Help and the version are answers (status 0, standard output);
        // anything else clap refuses is a usage error (status 2).
        Err(error) => {
            let text = error.render().to_string();
            return match error.exit_code() {
                0 => Outcome {
                    code: 0,
                    stdout: text,
                    stderr: String::new(),
                },
                code => Outcome {
                    code,
                    stdout: String::new(),
                    stderr: text,
                },
            };
        }
    };
    match answer(&args) {
        Ok(outcome) if args.quiet => Outcome {
            stdout: String::new(),
            stderr: String::new(),
            ..outcome
        },
        Ok(outcome) => outcome,
        Err((code, why)) => Outcome::refused(code, why),
    }
}

/// Every distinct key of a file (or of standard input, `-`) and its
/// requests, read a piece at a time: memory grows with the distinct keys,
/// not the lines. A gzipped file (a rotated `access.log.1.gz`) is read
/// through gzip, known by its first two bytes.
pub fn read_keys(path: &str, reading: Reading) -> Result<KeyList, String> {
    use std::io::{BufRead, BufReader, Read};
    let source: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|why| why.to_string())?)
    };
    let mut source = BufReader::with_capacity(1 << 16, source);
    let gzipped = source
        .fill_buf()
        .map_err(|why| why.to_string())?
        .starts_with(&[0x1f, 0x8b]);
    let mut source: Box<dyn Read> = if gzipped {
        Box::new(flate2::bufread::MultiGzDecoder::new(source))
    } else {
        Box::new(source)
    };
    let mut counter = your_keys::Counter::every_key(reading);
    let mut piece = vec![0u8; 1 << 16];
    loop {
        let read = source.read(&mut piece).map_err(|why| why.to_string())?;
        if read == 0 {
            break;
        }
        counter.feed(&piece[..read])?;
    }
    counter.finish()
}

/// A config file, or standard input (`-`). Bytes that are not UTF-8 (a
/// Latin-1 comment) are read as replacement characters, as a program that
/// reads bytes would pass over them.
fn read_text(path: &str) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut file| file.read_to_end(&mut bytes).map(|_| ()))
    };
    read.map_err(|why| format!("{path}: {why}"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// What a run reports: each placement's exact share of its hash's positions
/// whose server changes, and, when keys were given, the counts on them.
pub struct Report {
    pub deploy: Deploy,
    /// In `placements()` order (`Deploy::changed_space_share`); `None`
    /// with a server down, whose keys are routed by the key, not its
    /// position alone.
    pub space: Vec<(&'static dyn Scheme, Option<f64>)>,
    /// When the servers that stay are reordered: the reorder alone's
    /// exact shares, in the same order.
    pub reorder_space: Option<Vec<(&'static dyn Scheme, Option<f64>)>>,
    pub counted: Option<Measured>,
}

impl Report {
    /// Each placement's exact share and, when keys were counted, its count.
    fn rows(
        &self,
    ) -> impl Iterator<Item = (&'static dyn Scheme, Option<f64>, Option<&DeployCount>)> + '_ {
        self.space.iter().map(move |&(scheme, space)| {
            let count = self.counted.as_ref().and_then(|counted| {
                counted
                    .rows
                    .iter()
                    .find(|(counted, _)| counted.id() == scheme.id())
                    .map(|(_, count)| count)
            });
            (scheme, space, count)
        })
    }
}

/// Each placement's exact share of its positions whose server changes.
fn space_shares(deploy: &Deploy) -> Vec<(&'static dyn Scheme, Option<f64>)> {
    let settings = Settings::default();
    placements()
        .into_iter()
        .map(|scheme| (scheme, deploy.changed_space_share(scheme, &settings)))
        .collect()
}

/// The keys counted when none are asked for and a server is down: its keys
/// are routed by the key, so no share of positions is exact.
pub const DOWN_KEYS: u32 = 100_000;

/// The 95% range of a share found on `keys` keys drawn at random (Wilson's
/// score interval): how far from the truth so few keys can be, 1 time in 20.
pub fn range_95(moved: usize, keys: usize) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    if keys == 0 {
        return (0.0, 1.0);
    }
    let (n, share) = (keys as f64, moved as f64 / keys as f64);
    let z2 = Z * Z;
    let centre = (share + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (share * (1.0 - share) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn answer(args: &Args) -> Result<Outcome, Refused> {
    if [&args.before, &args.after]
        .iter()
        .filter(|path| path.as_str() == "-")
        .count()
        + usize::from(matches!(&args.keys, KeySource::File { path, .. } if path == "-"))
        > 1
    {
        return Err(usage(
            "standard input (-) can be read once: for one pool, or for the keys.".to_string(),
        ));
    }
    let before = counted_pool(&args.before, &read_text(&args.before).map_err(usage)?)?;
    let after = counted_pool(&args.after, &read_text(&args.after).map_err(usage)?)?;
    if let Some(refused) = method_refusal(args, &before, &after) {
        return Err(refused);
    }
    let (before, after) = (before.servers, after.servers);
    let deploy =
        Deploy::new(&before, &after, Bounds::COUNTED).map_err(|why| (CANNOT_MODEL, why))?;
    let down = !(deploy.down_before.is_empty() && deploy.down_after.is_empty());
    let keys = match &args.keys {
        KeySource::Exact if down => Some((None, u64::from(DOWN_KEYS))),
        KeySource::Exact => None,
        KeySource::Count(count) => Some((None, u64::from(*count))),
        KeySource::File { path, field, split } => {
            let reading = Reading {
                split: *split,
                field: *field,
            };
            let list = read_keys(path, reading).map_err(|why| usage(format!("{path}: {why}")))?;
            let count = list.keys.len() as u64;
            Some((Some(list), count))
        }
    };
    let report = Report {
        space: space_shares(&deploy),
        reorder_space: model::deploy_words::reorder_only(&deploy).map(|only| space_shares(&only)),
        counted: keys.map(|(list, count)| measure(deploy.clone(), list, count)),
        deploy,
    };
    // With keys, the share of requests whose key moved; without, the exact
    // share of positions.
    let judged = args.system.and_then(|id| {
        report
            .rows()
            .find(|(scheme, _, _)| scheme.id() == id)
            .and_then(|(_, space, count)| count.map(DeployCount::moved_request_share).or(space))
    });
    let gate = match (args.system, judged, args.max_moved) {
        (Some(system), Some(share), Some(limit)) => Some(Gate {
            system,
            share,
            limit,
            of: match (&report.counted, &args.keys) {
                (Some(_), KeySource::File { .. }) => "of requests",
                (Some(_), _) => "of the keys counted",
                (None, _) => "of its hash's positions",
            },
        }),
        _ => None,
    };
    let over = gate.as_ref().is_some_and(Gate::over);
    let stdout = match args.format {
        Format::Json => to_json(&report, gate.as_ref()),
        Format::Text => to_text(&report, args, gate.as_ref()),
        Format::Markdown => to_markdown(&report, args, gate.as_ref()),
    };
    let stderr = match &gate {
        Some(gate) if over => format!("ringdiff: {}\n", gate.verdict()),
        _ => String::new(),
    };
    Ok(Outcome {
        code: i32::from(over),
        stdout,
        stderr,
    })
}

/// `--system` judged against `--max-moved`.
pub struct Gate {
    pub system: PlacementId,
    /// What it moves: the share of requests (a file's keys), of the keys
    /// counted (named ones), or of positions without keys.
    pub share: f64,
    pub limit: f64,
    /// "of requests", "of the keys counted" or "of its hash's positions".
    pub of: &'static str,
}

impl Gate {
    fn over(&self) -> bool {
        self.share > self.limit
    }

    /// The verdict in a sentence, with enough decimals that the two
    /// figures read apart.
    fn verdict(&self) -> String {
        // Equal to the last decimal: they read alike at one.
        let decimals = (1..=6)
            .find(|&d| fixed(self.share * 100.0, d) != fixed(self.limit * 100.0, d))
            .unwrap_or(1);
        format!(
            "{} moves {}% {}, {} the {}% allowed.",
            self.system.as_str(),
            fixed(self.share * 100.0, decimals),
            self.of,
            if self.over() { "more than" } else { "within" },
            fixed(self.limit * 100.0, decimals)
        )
    }
}

/// `{"systems": {ID: {"space_share", …}}}`: each system's exact share of
/// its positions whose server changes and, when keys were counted,
/// `moved`, `moved_between`, `moved_share`, its `moved_share_95` range and
/// `moved_request_share`; the deploy in words, the distinct keys (`keys`,
/// every one placed, 0 when none were asked for) and the requests
/// (`requests`, the lines read) beside them.
pub fn to_json(report: &Report, gate: Option<&Gate>) -> String {
    let row = |space: Option<f64>, count: Option<&DeployCount>| {
        let mut row = json!({ "space_share": space });
        if let Some(count) = count {
            let (low, high) = range_95(count.moved, count.keys);
            row["moved"] = json!(count.moved);
            row["moved_between"] = json!(count.moved_between);
            row["moved_share"] = json!(count.moved_share());
            row["moved_share_95"] = json!([low, high]);
            row["moved_request_share"] = json!(count.moved_request_share());
        }
        row
    };
    let systems: serde_json::Map<String, serde_json::Value> = report
        .rows()
        .map(|(scheme, space, count)| (scheme.id().to_string(), row(space, count)))
        .collect();
    let counted = report.counted.as_ref();
    // Requests: the lines that gave a key (keys alike: one each); the
    // shares are of these, and the lines that gave none are counted apart.
    let keys = counted.map_or(0, |counted| counted.keys);
    let requests = counted.map_or(0, |counted| {
        counted.list.map_or(counted.keys, |read| read.requests)
    });
    let mut out = json!({
        "deploy": describe(&report.deploy),
        "keys": keys,
        "requests": requests,
        "lines_skipped": counted.and_then(|counted| counted.list).map_or(0, |read| read.skipped),
        "systems": systems,
    });
    if let Some(gate) = gate {
        out["gate"] = json!({
            "system": gate.system.as_str(),
            "moved": gate.share,
            "of": if report.counted.is_some() { "requests" } else { "positions" },
            "max_moved": gate.limit,
            "over": gate.over(),
        });
    }
    if let Some(reorder) = &report.reorder_space {
        out["reorder_alone_space_share"] = reorder
            .iter()
            .map(|(scheme, share)| (scheme.id().to_string(), json!(share)))
            .collect::<serde_json::Map<_, _>>()
            .into();
    }
    if let Some(reorder) = counted.and_then(|counted| counted.reorder.as_ref()) {
        out["reorder_alone"] = reorder
            .iter()
            .map(|count| (count.id.to_string(), json!(count.moved)))
            .collect::<serde_json::Map<_, _>>()
            .into();
    }
    format!("{out}\n")
}

fn percent(share: f64) -> String {
    format!("{}%", fixed(share * 100.0, 1))
}

/// A space share, or a dash where none is exact.
fn space_text(share: Option<f64>) -> String {
    share.map_or("\u{2014}".to_string(), percent)
}

/// A share's 95% range, `40.1–45.2%`.
fn range_text(count: &DeployCount) -> String {
    let (low, high) = range_95(count.moved, count.keys);
    format!(
        "{}\u{2013}{}%",
        fixed(low * 100.0, 1),
        fixed(high * 100.0, 1)
    )
}

/// The counts as a Markdown table, to paste as a pull request's comment.
fn to_markdown(report: &Report, args: &Args, gate: Option<&Gate>) -> String {
    let mut out = format!("**Deploy:** {}.\n\n", describe(&report.deploy));
    if let Some(gate) = gate {
        out.push_str(&format!("**Gate:** {}\n\n", gate.verdict()));
    }
    out.push_str(&format!("{}\n\n", keys_line(report, args)));
    let counted = report.counted.is_some();
    out.push_str(if counted {
        "| System | id | Keys moved | Share | 95% range | Between | Requests moved | Space |\n|---|---|---:|---:|---:|---:|---:|---:|\n"
    } else {
        "| System | id | Space |\n|---|---|---:|\n"
    });
    for (scheme, space, count) in report.rows() {
        let judged = if args.system == Some(scheme.id()) {
            "**"
        } else {
            ""
        };
        let counts = count.map_or(String::new(), |count| {
            format!(
                " {} | {} | {} | {} | {} |",
                thousands(count.moved as u64),
                percent(count.moved_share()),
                range_text(count),
                thousands(count.moved_between as u64),
                percent(count.moved_request_share()),
            )
        });
        out.push_str(&format!(
            "| {judged}{}{judged} | `{}` |{counts} {} |\n",
            scheme.title(),
            scheme.id().as_str(),
            space_text(space),
        ));
    }
    out.push('\n');
    out.push_str(&notes(report).join("\n"));
    out.push('\n');
    out
}

/// What the columns mean, a line each.
fn notes(report: &Report) -> Vec<String> {
    let mut notes = vec![SPACE_NOTE.to_string()];
    if let Some(counted) = &report.counted {
        notes.push("\u{201c}Between\u{201d}: keys moved between two servers in both pools.".into());
        notes.push(format!(
            "\u{201c}95% range\u{201d}: where the share of {} keys drawn at random falls 19 times in 20; keys unlike random ones (names that differ in one digit, under a weak hash) can fall outside it.",
            thousands(counted.keys as u64)
        ));
    }
    notes
}

const SPACE_NOTE: &str = "\u{201c}Space\u{201d}: of the positions a key's hash can take, the share whose server changes, exact: the chance that a random key moves.";

/// Which keys were counted, in words.
fn keys_line(report: &Report, args: &Args) -> String {
    let Some(counted) = &report.counted else {
        return "Keys: none counted; each share is of the hash's positions, exact (--keys N or --keys-file FILE to count keys too).".to_string();
    };
    match (&args.keys, counted.list) {
        (KeySource::File { path, field, .. }, Some(read)) => {
            let source = if path == "-" {
                "standard input".to_string()
            } else {
                path.clone()
            };
            let lines = |n: usize, why: String| {
                (n > 0).then(|| {
                    let s = if n == 1 { "" } else { "s" };
                    format!("{} line{s} {why}", thousands(n as u64))
                })
            };
            let causes: Vec<String> = [
                lines(
                    read.missing_field,
                    format!("without field {}", field.unwrap_or(1)),
                ),
                lines(
                    read.too_long,
                    format!(
                        "with a key over {} characters",
                        thousands(your_keys::EVERY_KEY_CHARS as u64)
                    ),
                ),
                lines(read.with_nul, "with a NUL byte".to_string()),
            ]
            .into_iter()
            .flatten()
            .collect();
            let skipped = if causes.is_empty() {
                String::new()
            } else {
                format!(" ({} skipped)", model::format::and_list(&causes))
            };
            let plural = |n: usize, one: &str, many: &str| {
                format!("{} {}", thousands(n as u64), if n == 1 { one } else { many })
            };
            format!(
                "Keys: {} in {} from {source}, a line a request{skipped}; every key placed.",
                plural(read.distinct, "distinct key", "distinct"),
                plural(read.requests, "request", "requests"),
            )
        }
        (KeySource::Exact, _) => format!(
            "Keys: key-0 \u{2026} key-{}, each asked for alike: with a server down each system routes a key by the key itself, not its position alone, so the shares are counted on keys, not exact.",
            counted.keys - 1
        ),
        _ => format!(
            "Keys: key-0 \u{2026} key-{}, each asked for alike.",
            counted.keys - 1
        ),
    }
}

fn to_text(report: &Report, args: &Args, gate: Option<&Gate>) -> String {
    let mut out = format!("Deploy: {}.\n", describe(&report.deploy));
    if let Some(gate) = gate {
        out.push_str(&format!("Gate: {}\n", gate.verdict()));
    }
    out.push_str(&format!("{}\n\n", keys_line(report, args)));
    let counted = report.counted.is_some();
    if counted {
        out.push_str(&format!(
            "  {:<13} {:>9}  {:>6}  {:>11}  {:>9}  {:>8}  {:>6}  {}\n",
            "id", "moved", "share", "95% range", "between", "requests", "space", "system"
        ));
    } else {
        out.push_str(&format!("  {:<13} {:>6}  {}\n", "id", "space", "system"));
    }
    for (scheme, space, count) in report.rows() {
        let mark = if args.system == Some(scheme.id()) {
            '*'
        } else {
            ' '
        };
        // The id as text: `PlacementId`'s Display ignores padding.
        out.push_str(&format!("{mark} {:<13}", scheme.id().as_str()));
        if let Some(count) = count {
            out.push_str(&format!(
                " {:>9}  {:>6}  {:>11}  {:>9}  {:>8} ",
                thousands(count.moved as u64),
                percent(count.moved_share()),
                range_text(count),
                thousands(count.moved_between as u64),
                percent(count.moved_request_share()),
            ));
        }
        out.push_str(&format!(" {:>6}  {}\n", space_text(space), scheme.title()));
    }
    out.push('\n');
    for note in notes(report) {
        out.push_str(&format!("{note}\n"));
    }
    if let Some(counted) = &report.counted {
        out.push_str(&format!(
            "The page's ring counted by its second route, the arcs that changed owner: {}.\n",
            thousands(counted.ring_by_arcs as u64)
        ));
    }
    out.push_str(&reorder_line(report));
    out
}

/// What the reorder alone moves, when the servers that stay are reordered.
fn reorder_line(report: &Report) -> String {
    let moved: Vec<String> = match (&report.counted, &report.reorder_space) {
        (
            Some(Measured {
                reorder: Some(reorder),
                ..
            }),
            _,
        ) => reorder
            .iter()
            .filter(|count| count.moved > 0)
            .map(|count| format!("{} {}", count.id, thousands(count.moved as u64)))
            .collect(),
        (None, Some(reorder)) => reorder
            .iter()
            .filter_map(|(scheme, share)| share.filter(|share| *share > 0.0).map(|s| (scheme, s)))
            .map(|(scheme, share)| format!("{} {}", scheme.id(), percent(share)))
            .collect(),
        _ => return String::new(),
    };
    if moved.is_empty() {
        "The reorder alone moves no key under any of these.\n".to_string()
    } else {
        format!("The reorder alone moves keys under {}.\n", moved.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::range_95;

    #[test]
    fn the_95_range_is_wilson_s() {
        // Published values of Wilson's score interval at 95%.
        let close = |(low, high): (f64, f64), (want_low, want_high): (f64, f64)| {
            (low - want_low).abs() < 5e-5 && (high - want_high).abs() < 5e-5
        };
        assert!(
            close(range_95(0, 10), (0.0, 0.2775)),
            "{:?}",
            range_95(0, 10)
        );
        assert!(
            close(range_95(50, 100), (0.4038, 0.5962)),
            "{:?}",
            range_95(50, 100)
        );
        assert!(
            close(range_95(10, 10), (0.7225, 1.0)),
            "{:?}",
            range_95(10, 10)
        );
    }
}
