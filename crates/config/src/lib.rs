//! "Paste your config" (DEFINITIONS §15): the server pool, in order, with weights,
//! read from an nginx `upstream` block, an HAProxy `backend` or `listen`
//! section, a twemproxy pool's `servers:` list, or a plain list of servers.
//! The hash line it finds names the system that config selects. What the
//! placement does not read is skipped and listed; what the page does not
//! model gets a notice naming its line; a malformed line is refused with its
//! number and why, and then nothing is taken.

use model::deploy::{Bounds, PoolServer};
use model::placements::PlacementId;
use model::settings::clean_name;
use model::systems::{haproxy, Server};

/// Why a config was not taken: nothing of it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its program would refuse it (`nginx -t`, `haproxy -c`): the line and
    /// the program's reason.
    Program(String),
    /// Its program takes it, but not within the bounds it was read for (the
    /// page's sliders' ranges, or what ringdiff counts): the line and why.
    Bounds(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Program(why) | Refusal::Bounds(why) => f.write_str(why),
        }
    }
}

/// Which kind of text was pasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Nginx,
    Haproxy,
    Twemproxy,
    List,
}

impl Form {
    /// The program that reads this form, for a refusal.
    fn program(self) -> &'static str {
        match self {
            Form::Nginx => "nginx",
            Form::Haproxy => "HAProxy",
            Form::Twemproxy => "twemproxy",
            Form::List => "a client",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Form::Nginx => "an nginx upstream block",
            Form::Haproxy => "an HAProxy backend",
            Form::Twemproxy => "a twemproxy pool",
            Form::List => "a list of servers",
        }
    }
}

/// What a pasted config says about the pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pasted {
    pub form: Form,
    /// The servers placed: names as written, in order, each with its
    /// weight (within the bounds read for). A backup is not among them.
    pub servers: Vec<(String, u32)>,
    /// Backup servers, by name: they take keys only when every other server
    /// is down (HAProxy; nginx's hash never uses them), so none is placed.
    pub backup: Vec<String>,
    /// Every server line in order, backups too, with the id it fixes: how
    /// HAProxy numbers the servers placed.
    numbering: Vec<(String, Option<u32>)>,
    /// A balancing line read so far that refuses a backup server (nginx's
    /// `hash`, `ip_hash`, `random`).
    refuses_backup: bool,
    /// nginx: a balancing line was read (without one nginx balances
    /// round robin).
    method_named: bool,
    /// HAProxy's sections as read so far.
    haproxy: Haproxy,
    /// HAProxy: each server's address, by name. A key served by another
    /// address reaches another machine, whatever the server is called.
    addresses: Vec<(String, String)>,
    /// What the pool hashes, as its config says it (`hash $request_uri`,
    /// `balance uri whole`): two pools that hash different things place
    /// the same key apart, whatever their servers.
    pub hashes: Option<String>,
    /// The system its hash line selects (`nginx`, `haproxy`, …), if any.
    pub system: Option<PlacementId>,
    /// Servers marked down (nginx's `down`, HAProxy's `disabled`), by name.
    pub down: Vec<String>,
    /// Ids that HAProxy server lines fix (`id N`), by name.
    pub ids: Vec<(String, u32)>,
    /// Lines the placement does not read: (line number, the line).
    pub skipped: Vec<(usize, String)>,
    /// Lines that ask for something the page does not model, in words.
    pub notices: Vec<String>,
    /// The pool's name once its header is read (an nginx upstream block, a
    /// twemproxy pool): one pool a file.
    pub upstream: Option<String>,
}

impl Pasted {
    /// The pool as lines, as `ringdiff` counts it: each server by what it
    /// is known by (its address, for HAProxy), weights and the ids lines
    /// fix, in order. With a backup listed, HAProxy still numbers it, so a server placed
    /// whose id that shifts is given the id HAProxy numbers it with.
    pub fn pool(&self) -> Vec<PoolServer> {
        let fixed = |name: &str| {
            self.ids
                .iter()
                .find(|(named, _)| named == name)
                .map(|&(_, id)| id)
        };
        let numbered = if self.backup.is_empty() {
            Vec::new()
        } else {
            let lines: Vec<Server> = self
                .numbering
                .iter()
                .map(|(name, id)| Server {
                    name,
                    weight: 1,
                    fixed_id: *id,
                })
                .collect();
            let placed: Vec<Server> = lines
                .iter()
                .filter(|line| !self.backup.iter().any(|name| name == line.name))
                .copied()
                .collect();
            let by_position = haproxy::numbered(&placed);
            self.numbering
                .iter()
                .map(|(name, _)| name.as_str())
                .zip(haproxy::numbered(&lines))
                .filter(|(name, id)| {
                    placed
                        .iter()
                        .zip(&by_position)
                        .any(|(line, placed_id)| line.name == *name && placed_id != id)
                })
                .collect()
        };
        self.servers
            .iter()
            .map(|(name, weight)| PoolServer {
                // HAProxy's server is known by its address: the machine a
                // key reaches (its place on the ring is its id).
                name: self
                    .addresses
                    .iter()
                    .find(|(named, _)| named == name)
                    .map_or_else(|| name.clone(), |(_, address)| address.clone()),
                weight: *weight,
                fixed_id: numbered
                    .iter()
                    .find(|(named, _)| named == name)
                    .map(|&(_, id)| id)
                    .or_else(|| fixed(name)),
                down: self.down.contains(name),
            })
            .collect()
    }
}

/// A line as numbered for the reader (1-based), without its comment.
struct Line<'a> {
    number: usize,
    text: &'a str,
    /// The line as pasted, for the list of skipped lines.
    raw: &'a str,
}

fn lines(text: &str) -> Vec<Line<'_>> {
    text.lines()
        .enumerate()
        .map(|(index, raw)| Line {
            number: index + 1,
            text: raw.split('#').next().unwrap_or("").trim(),
            raw: raw.trim(),
        })
        .collect()
}

/// A line its program would refuse.
fn refuse(line: &Line, why: impl std::fmt::Display) -> Refusal {
    Refusal::Program(format!("Line {}: {why}", line.number))
}

/// A line its program takes that the bounds read for do not.
fn beyond(line: &Line, why: impl std::fmt::Display) -> Refusal {
    Refusal::Bounds(format!("Line {}: {why}", line.number))
}

/// A weight as its program reads it, then checked against `bounds`.
/// nginx takes a whole number from 1; HAProxy reads a number as C's `atol`
/// does (`x` is 0, `3x` is 3) into an int and takes 0 to 256; twemproxy
/// and a list take a whole number.
fn weight(line: &Line, form: Form, text: &str, bounds: Bounds) -> Result<u32, Refusal> {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let weight = match form {
        Form::Haproxy => {
            let w = atol(text) as i32;
            if !(0..=256).contains(&w) {
                return Err(refuse(
                    line,
                    format!("HAProxy refuses it: the weight is not within 0 and 256 ({w})."),
                ));
            }
            w as u32
        }
        Form::Nginx => match text.parse::<u32>() {
            Ok(w) if w >= 1 && digits(text) => w,
            _ => {
                return Err(refuse(
                    line,
                    format!("nginx refuses it: invalid parameter \u{201c}weight={text}\u{201d}."),
                ))
            }
        },
        Form::Twemproxy | Form::List => match text.trim().parse::<u32>() {
            Ok(w) if digits(text.trim()) => w,
            _ => {
                return Err(refuse(
                    line,
                    format!(
                        "\u{201c}{}\u{201d} is not a whole-number weight.",
                        text.trim()
                    ),
                ))
            }
        },
    };
    let (least, greatest) = bounds.weights;
    if !(least..=greatest).contains(&weight) {
        return Err(beyond(
            line,
            format!(
                "weight {weight} is outside {}'s {least} to {greatest}.",
                bounds.whose
            ),
        ));
    }
    Ok(weight)
}

/// C's `atol`: spaces, a sign, then digits up to the first other character
/// (none: 0), saturating as glibc's `strtol` does.
fn atol(text: &str) -> i64 {
    let text = text.trim_start();
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    for digit in rest.bytes().take_while(u8::is_ascii_digit) {
        value = value
            .saturating_mul(10)
            .saturating_add(i64::from(digit - b'0'));
    }
    if negative {
        -value
    } else {
        value
    }
}

/// An address as its program would take it: no `=` or `;` in it (an option
/// or the line's end read as the address), and a port, where it ends in
/// one, from 1 to 65,535 (HAProxy takes 0 too). An nginx `unix:` path has
/// no port.
fn address(line: &Line, form: Form, text: &str) -> Result<(), Refusal> {
    if let Some(bad) = text.chars().find(|c| matches!(c, '=' | ';')) {
        return Err(refuse(
            line,
            format!(
                "\u{201c}{text}\u{201d} is not an address ({bad} cannot be in one); {} would refuse this line.",
                form.program()
            ),
        ));
    }
    if text.starts_with("unix:") {
        return Ok(());
    }
    let port = match text.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && !port.is_empty() => port,
        _ => return Ok(()),
    };
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(());
    }
    let lowest = if form == Form::Haproxy { 0 } else { 1 };
    match port.parse::<u32>() {
        Ok(p) if (lowest..=65_535).contains(&p) => Ok(()),
        _ => Err(refuse(
            line,
            format!("port {port} in \u{201c}{text}\u{201d} is outside {lowest} to 65,535."),
        )),
    }
}

/// Which form the text is in, from its first telling line.
fn form_of(lines: &[Line]) -> Form {
    for line in lines {
        let first = line.text.split_whitespace().next().unwrap_or("");
        match first {
            "upstream" | "http" | "events" | "worker_processes" | "location" => return Form::Nginx,
            "backend" | "listen" | "frontend" | "defaults" | "global" | "balance" | "hash-type" => {
                return Form::Haproxy
            }
            "servers:" | "distribution:" | "hash:" | "listen:" => return Form::Twemproxy,
            "server" if line.text.ends_with(';') || line.text.ends_with('{') => return Form::Nginx,
            "server" => return Form::Haproxy,
            _ => {}
        }
    }
    Form::List
}

/// Read a pasted config within `bounds` (`Bounds::PAGE` for the page,
/// `Bounds::COUNTED` for ringdiff). The error names the line and says
/// whether its program or the bounds refuse it.
pub fn read(text: &str, bounds: Bounds) -> Result<Pasted, Refusal> {
    let lines = lines(text);
    if lines.iter().all(|line| line.text.is_empty()) {
        return Err(Refusal::Program("Nothing to read: paste an nginx upstream block, an HAProxy backend, a twemproxy pool or a list of servers.".to_string()));
    }
    let form = form_of(&lines);
    let mut pasted = Pasted {
        form,
        servers: Vec::new(),
        backup: Vec::new(),
        numbering: Vec::new(),
        refuses_backup: false,
        method_named: false,
        haproxy: Haproxy::default(),
        addresses: Vec::new(),
        hashes: None,
        system: None,
        down: Vec::new(),
        ids: Vec::new(),
        skipped: Vec::new(),
        notices: Vec::new(),
        upstream: None,
    };
    if form == Form::Nginx {
        read_nginx(&lines, &mut pasted, bounds)?;
    }
    for line in lines.iter().filter(|_| form != Form::Nginx) {
        if line.text.is_empty() {
            // A comment is listed as skipped; a blank line is not worth it.
            if !line.raw.is_empty() {
                pasted.skipped.push((line.number, line.raw.to_string()));
            }
            continue;
        }
        let read = match form {
            // Read above, statement by statement.
            Form::Nginx => Ok(true),
            Form::Haproxy => haproxy_line(line, &mut pasted, bounds),
            Form::Twemproxy => twemproxy_line(line, &mut pasted, bounds),
            Form::List => list_line(line, &mut pasted, bounds),
        }?;
        if !read {
            pasted.skipped.push((line.number, line.raw.to_string()));
        }
    }
    match form {
        Form::Haproxy => finish_haproxy(&mut pasted),
        Form::Nginx if pasted.numbering.is_empty() => {
            return Err(Refusal::Program(
                "nginx refuses it: no servers are inside upstream.".to_string(),
            ))
        }
        Form::Nginx if !pasted.method_named => pasted.notices.push(
            "No hash line: nginx balances round robin, which does not place a key by a hash of it; the page models hash with and without consistent.".to_string(),
        ),
        _ => {}
    }
    let count = pasted.servers.len();
    let (fewest, most) = bounds.servers;
    if !(fewest..=most).contains(&count) {
        let backups = match pasted.backup.len() {
            0 => String::new(),
            n => format!(
                " (and {n} backup{}, not placed)",
                if n == 1 { "" } else { "s" }
            ),
        };
        return Err(Refusal::Bounds(format!(
            "Found {count} server{}{backups} in {}; {} takes {fewest} to {most}.",
            if count == 1 { "" } else { "s" },
            form.describe(),
            bounds.whose
        )));
    }
    Ok(pasted)
}

/// A server read from `line`: placed, or, as a backup, only numbered.
struct Listed<'a> {
    name: &'a str,
    weight: u32,
    backup: bool,
    /// Another server of this name is refused by the program itself
    /// (HAProxy), not only by the model.
    unique_by_program: bool,
}

/// Add a server read from `line`, checking its name against the page's
/// rules and the servers before it.
fn add(pasted: &mut Pasted, line: &Line, server: Listed) -> Result<bool, Refusal> {
    let name = clean_name(server.name).map_err(|why| beyond(line, why))?;
    if pasted.numbering.iter().any(|(known, _)| *known == name) {
        let why = format!("\u{201c}{name}\u{201d} is listed twice");
        return Err(if server.unique_by_program {
            refuse(
                line,
                format!("{why}; {} refuses it.", pasted.form.program()),
            )
        } else {
            beyond(line, format!("{why}; the model needs each server once."))
        });
    }
    let fixed = pasted
        .ids
        .iter()
        .find(|(named, _)| *named == name)
        .map(|&(_, id)| id);
    pasted.numbering.push((name.clone(), fixed));
    if server.backup {
        pasted.backup.push(name);
    } else {
        pasted.servers.push((name, server.weight));
    }
    Ok(true)
}

/// Whether open-source nginx (1.22, as Debian ships it) takes `part` on
/// an upstream server line, besides `weight=`, `down` and `backup`: the
/// limits that do not move keys. Anything else it refuses at `nginx -t`
/// with "invalid parameter", and so does the page.
fn nginx_takes(part: &str) -> bool {
    let number = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    match part.split_once('=') {
        Some(("max_fails" | "max_conns", value)) => number(value),
        Some(("fail_timeout", value)) => nginx_seconds(value),
        _ => false,
    }
}

/// A time in seconds as nginx's `ngx_parse_time` reads one: numbers, each
/// with a unit from the largest down (`1h30m`, `90`), each unit once, no
/// milliseconds.
fn nginx_seconds(text: &str) -> bool {
    const UNITS: &str = "yMwdhms";
    let mut digits = false;
    let mut last: Option<usize> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            digits = true;
            continue;
        }
        let Some(rank) = UNITS.find(c) else {
            return false;
        };
        if (c == 'm' && chars.peek() == Some(&'s')) || last.is_some_and(|last| rank <= last) {
            return false;
        }
        last = Some(rank);
    }
    digits
}

/// How an nginx statement ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Semicolon,
    Open,
    Close,
}

/// One nginx statement: its words (quotes taken off), the line it starts
/// on, and how it ends. nginx reads statements, not lines: one may span
/// lines, and a line may hold several.
struct Statement<'a> {
    line: &'a Line<'a>,
    words: Vec<String>,
    end: End,
}

/// The statements of an nginx config, as its parser splits them.
fn statements<'a>(lines: &'a [Line<'a>]) -> Result<Vec<Statement<'a>>, Refusal> {
    let mut out = Vec::new();
    let (mut words, mut word) = (Vec::new(), String::new());
    let mut start: Option<&Line> = None;
    let mut quote: Option<char> = None;
    for line in lines {
        let flush = |word: &mut String, words: &mut Vec<String>| {
            if !word.is_empty() {
                words.push(std::mem::take(word));
            }
        };
        for c in line.text.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), c) => word.push(c),
                (None, '"' | '\'') => {
                    quote = Some(c);
                    start.get_or_insert(line);
                }
                (None, c) if c.is_whitespace() => flush(&mut word, &mut words),
                (None, ';' | '{' | '}') => {
                    flush(&mut word, &mut words);
                    let end = match c {
                        ';' => End::Semicolon,
                        '{' => End::Open,
                        _ => End::Close,
                    };
                    if end == End::Close && !words.is_empty() {
                        return Err(refuse(
                            line,
                            "nginx refuses it: unexpected \u{201c}}\u{201d}.",
                        ));
                    }
                    let at = start.take().unwrap_or(line);
                    if !(end == End::Semicolon && words.is_empty()) {
                        out.push(Statement {
                            line: at,
                            words: std::mem::take(&mut words),
                            end,
                        });
                    }
                }
                (None, c) => {
                    word.push(c);
                    start.get_or_insert(line);
                }
            }
        }
        flush(&mut word, &mut words);
    }
    if let Some(line) = start {
        return Err(refuse(
            line,
            "nginx refuses it: unexpected end of file, expecting \u{201c};\u{201d} or \u{201c}}\u{201d}.",
        ));
    }
    Ok(out)
}

/// An nginx config read statement by statement: inside its `upstream`
/// block, or, in a pasted fragment with none, at the top. Everything else
/// (`http`, `server {}` blocks, `map`, `log_format`) is listed as skipped.
fn read_nginx(lines: &[Line], pasted: &mut Pasted, bounds: Bounds) -> Result<(), Refusal> {
    let statements = statements(lines)?;
    let blocked = statements
        .iter()
        .any(|s| s.end == End::Open && s.words.first().is_some_and(|w| w == "upstream"));
    let mut stack: Vec<String> = Vec::new();
    let skipped = |pasted: &mut Pasted, line: &Line| {
        if pasted.skipped.last().is_none_or(|(n, _)| *n != line.number) {
            pasted.skipped.push((line.number, line.raw.to_string()));
        }
    };
    for statement in &statements {
        let first = statement.words.first().map(String::as_str).unwrap_or("");
        let in_pool = if blocked {
            stack.last().is_some_and(|block| block == "upstream")
        } else {
            stack.is_empty()
        };
        match statement.end {
            End::Close => {
                if stack.pop().is_none() {
                    return Err(refuse(
                        statement.line,
                        "nginx refuses it: unexpected \u{201c}}\u{201d}.",
                    ));
                }
            }
            End::Open if first == "upstream" => {
                let text = statement.words.join(" ");
                let header = Line {
                    text: &text,
                    ..*statement.line
                };
                nginx_statement(&header, pasted, bounds)?;
                stack.push(first.to_string());
            }
            End::Open => {
                skipped(pasted, statement.line);
                stack.push(first.to_string());
            }
            End::Semicolon if in_pool => {
                let text = format!("{};", statement.words.join(" "));
                let line = Line {
                    text: &text,
                    ..*statement.line
                };
                if !nginx_statement(&line, pasted, bounds)? {
                    skipped(pasted, statement.line);
                }
            }
            End::Semicolon => skipped(pasted, statement.line),
        }
    }
    if let Some(line) = stack.last().and(statements.last().map(|s| s.line)) {
        return Err(refuse(
            line,
            "nginx refuses it: unexpected end of file, expecting \u{201c}}\u{201d}.",
        ));
    }
    // Comments, as for the other forms.
    for line in lines
        .iter()
        .filter(|l| l.text.is_empty() && !l.raw.is_empty())
    {
        pasted.skipped.push((line.number, line.raw.to_string()));
    }
    pasted.skipped.sort_by_key(|(number, _)| *number);
    Ok(())
}

/// One statement of an nginx upstream block; true if the pool reads it.
fn nginx_statement(line: &Line, pasted: &mut Pasted, bounds: Bounds) -> Result<bool, Refusal> {
    let text = line.text;
    let mut words = text.trim_end_matches(['{', '}']).split_whitespace();
    // A statement's first word, without the `;` of one that has no other.
    match words.next().map(|word| word.trim_end_matches(';')) {
        Some("server") => {
            let Some(body) = text.strip_suffix(';') else {
                return Err(refuse(
                    line,
                    "an nginx server line ends with \u{201c};\u{201d}.",
                ));
            };
            let mut parts = body.split_whitespace().skip(1);
            let Some(address) = parts.next() else {
                return Err(refuse(line, "a server line needs an address."));
            };
            if address.contains("://") {
                return Err(refuse(
                    line,
                    format!(
                        "nginx refuses it: invalid host in upstream \u{201c}{address}\u{201d}."
                    ),
                ));
            }
            self::address(line, Form::Nginx, address)?;
            let mut w = 1;
            let mut backup = false;
            for part in parts {
                if let Some(value) = part.strip_prefix("weight=") {
                    w = weight(line, Form::Nginx, value, bounds)?;
                } else if part == "down" {
                    pasted.down.push(address.to_string());
                } else if part == "backup" && pasted.refuses_backup {
                    // `hash`, `ip_hash` or `random` before it: nginx stops here.
                    return Err(refuse(
                        line,
                        "nginx refuses it: balancing method does not support parameter \u{201c}backup\u{201d}.",
                    ));
                } else if part == "backup" {
                    // Before the hash line nginx takes it, and its hash
                    // never picks a backup.
                    backup = true;
                } else if !nginx_takes(part) {
                    return Err(refuse(
                        line,
                        format!("nginx refuses it: invalid parameter \u{201c}{part}\u{201d}."),
                    ));
                }
            }
            let server = Listed {
                name: address,
                weight: w,
                backup,
                unique_by_program: false,
            };
            add(pasted, line, server)
        }
        Some(method @ ("ip_hash" | "random" | "least_conn" | "least_time")) => {
            pasted.method_named = true;
            pasted.refuses_backup |= matches!(method, "ip_hash" | "random");
            pasted.notices.push(format!(
                "Line {}: {method} does not place a key by a hash of it, which is what is modelled.",
                line.number
            ));
            Ok(true)
        }
        Some("hash") => {
            pasted.method_named = true;
            pasted.refuses_backup = true;
            let words: Vec<&str> = text.trim_end_matches(';').split_whitespace().collect();
            let consistent = words.contains(&"consistent");
            let key: Vec<&str> = words[1..]
                .iter()
                .copied()
                .filter(|word| *word != "consistent")
                .collect();
            pasted.hashes = Some(format!("hash {}", key.join(" ")));
            pasted.system = Some(if consistent {
                PlacementId::Nginx
            } else {
                PlacementId::NginxHash
            });
            Ok(true)
        }
        Some("upstream") => {
            // One pool a file: a second block would merge two pools.
            let name = words.next().unwrap_or("").trim_end_matches('{').to_string();
            match pasted.upstream.replace(name.clone()) {
                // nginx takes many; the model counts one pool a file.
                Some(first) => Err(beyond(
                    line,
                    format!("a second upstream block, {name}, after {first}: give a file with the one pool to count."),
                )),
                None => Ok(true),
            }
        }
        _ => Ok(false),
    }
}

/// The keywords HAProxy takes on a server line (server.c, check.c, the SSL
/// and TCP lists), by the arguments each takes after it (`source`'s
/// optional `usesrc` and `interface` are keywords of their own here). One
/// string each: a table of slices would cost the page twice the bytes.
const HAPROXY_FLAGS: &str =
    "agent-check allow-0rtt backup check check-send-proxy check-ssl check-via-socks4 \
     disabled enabled force-sslv3 force-tlsv10 force-tlsv11 force-tlsv12 force-tlsv13 \
     no-agent-check no-backup no-check no-check-send-proxy no-check-ssl no-send-proxy \
     no-send-proxy-v2 no-send-proxy-v2-ssl no-send-proxy-v2-ssl-cn no-ssl no-ssl-reuse \
     no-sslv3 no-tfo no-tls-tickets no-tlsv10 no-tlsv11 no-tlsv12 no-tlsv13 no-verifyhost \
     non-stick send-proxy send-proxy-v2 send-proxy-v2-ssl send-proxy-v2-ssl-cn ssl ssl-reuse \
     stick tfo tls-tickets";
const HAPROXY_TAKES_ONE: &str =
    "addr agent-addr agent-inter agent-port agent-send alpn ca-file check-alpn check-proto \
     check-sni ciphers ciphersuites cookie crl-file crt downinter error-limit fall fastinter \
     id init-addr inter interface maxconn maxqueue max-reuse minconn mss namespace npn \
     observe on-error on-marked-down on-marked-up pool-low-conn pool-max-conn \
     pool-purge-delay port proto proxy-v2-options redir resolve-net resolve-opts \
     resolve-prefer resolvers rise slowstart sni socks4 source ssl-max-ver ssl-min-ver \
     tcp-ut track usesrc verify verifyhost weight ws";

/// How many arguments HAProxy's server keyword `word` takes; `None` for a
/// word it does not know.
fn haproxy_arguments(word: &str) -> Option<usize> {
    let listed = |list: &str| list.split_whitespace().any(|known| known == word);
    if listed(HAPROXY_FLAGS) {
        Some(0)
    } else if listed(HAPROXY_TAKES_ONE) {
        Some(1)
    } else {
        None
    }
}

/// One line of an HAProxy section; true if the pool reads it.
fn haproxy_line(line: &Line, pasted: &mut Pasted, bounds: Bounds) -> Result<bool, Refusal> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let first = words.first().copied().unwrap_or("");
    if OTHER_SECTIONS
        .split_whitespace()
        .any(|section| section == first)
    {
        pasted.haproxy.leave_pool();
        pasted.haproxy.section = Section::Other;
        return Ok(false);
    }
    if pasted.haproxy.section == Section::Other
        && !matches!(first, "backend" | "listen" | "defaults")
    {
        return Ok(false);
    }
    match words.first().copied() {
        Some("server") => haproxy_server(line, &words, pasted, bounds),
        Some("default-server") => {
            // Defaults for every server line: a weight, a backup or a
            // disabled server there would change what is placed.
            if let Some(option) = words[1..]
                .iter()
                .find(|w| matches!(**w, "weight" | "backup" | "disabled" | "id"))
            {
                pasted.notices.push(format!(
                    "Line {}: default-server's {option} is not modelled.",
                    line.number
                ));
            }
            Ok(false)
        }
        Some("hash-type") => {
            hash_type(line, &words)?;
            let at = pasted.haproxy.balancing();
            at.hash_type = Some((line.number, words[1..].join(" ")));
            Ok(true)
        }
        Some("balance") => {
            let at = pasted.haproxy.balancing();
            at.balance = Some((line.number, words[1..].join(" ")));
            Ok(true)
        }
        Some(kind @ ("backend" | "listen")) => {
            let name = words.get(1).copied().unwrap_or("");
            pasted.haproxy.leave_pool();
            pasted.haproxy.pool = Some(format!("{kind} {name}"));
            pasted.haproxy.section = Section::Pool;
            Ok(true)
        }
        Some("defaults") => {
            pasted.haproxy.leave_pool();
            pasted.haproxy.section = Section::Defaults;
            Ok(true)
        }
        Some("server-template") => {
            pasted.notices.push(format!(
                "Line {}: server-template's servers come from DNS, which is not modelled.",
                line.number
            ));
            Ok(true)
        }
        Some("hash-balance-factor") => {
            pasted.notices.push(format!(
                "Line {}: hash-balance-factor (bounded loads) is not modelled.",
                line.number
            ));
            Ok(true)
        }
        Some("hash-key") => Err(refuse(
            line,
            "HAProxy refuses it: unknown keyword \u{201c}hash-key\u{201d} in a backend.",
        )),
        _ => Ok(false),
    }
}

/// An HAProxy `server` line; true, as the pool reads it.
fn haproxy_server(
    line: &Line,
    words: &[&str],
    pasted: &mut Pasted,
    bounds: Bounds,
) -> Result<bool, Refusal> {
    let (Some(name), Some(address)) = (words.get(1), words.get(2)) else {
        return Err(refuse(
            line,
            "an HAProxy server line is \u{201c}server NAME ADDRESS\u{201d}.",
        ));
    };
    self::address(line, Form::Haproxy, address)?;
    let haproxy = &mut pasted.haproxy;
    match &haproxy.with_servers {
        Some(first) if *first != haproxy.pool => {
            return Err(beyond(
                line,
                format!(
                    "a second pool, {}, after {}: give a file with the one pool to count.",
                    haproxy.pool.as_deref().unwrap_or("a backend"),
                    first.as_deref().unwrap_or("the servers before it")
                ),
            ))
        }
        _ => haproxy.with_servers = Some(haproxy.pool.clone()),
    }
    pasted
        .addresses
        .push((name.to_string(), address.to_string()));
    let mut server = Listed {
        name,
        weight: 1,
        backup: false,
        unique_by_program: true,
    };
    let mut rest = words[3..].iter();
    while let Some(&option) = rest.next() {
        let Some(arguments) = haproxy_arguments(option) else {
            return Err(refuse(
                line,
                format!("HAProxy refuses it: unknown keyword \u{201c}{option}\u{201d}."),
            ));
        };
        match option {
            // A weight with nothing after it is atol("") to HAProxy: 0.
            "weight" => {
                server.weight = weight(
                    line,
                    Form::Haproxy,
                    rest.next().copied().unwrap_or(""),
                    bounds,
                )?
            }
            "id" => {
                let id = server_id(line, rest.next().copied())?;
                if let Some((other, _)) = pasted.ids.iter().find(|(_, used)| *used == id) {
                    return Err(refuse(
                        line,
                        format!("id {id} is already {other}'s; HAProxy would refuse this line."),
                    ));
                }
                pasted.ids.push((name.to_string(), id));
            }
            "disabled" => pasted.down.push(name.to_string()),
            "backup" => server.backup = true,
            _ => {
                for _ in 0..arguments {
                    rest.next();
                }
            }
        }
    }
    add(pasted, line, server)
}

/// HAProxy's sections that hold no pool: their lines are not read.
const OTHER_SECTIONS: &str =
    "global frontend peers resolvers userlist cache program http-errors ring mailers";

/// Where an HAProxy line stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Section {
    /// No section named yet: a pasted fragment of a backend.
    #[default]
    Fragment,
    Defaults,
    /// The one `backend` or `listen` section, the pool.
    Pool,
    Other,
}

/// How a section balances: its `balance` and `hash-type` lines, each with
/// its line number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Balancing {
    balance: Option<(usize, String)>,
    hash_type: Option<(usize, String)>,
}

/// HAProxy's reading state: the section, the pool's name, and the
/// balancing a `defaults` section gives and the pool's own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Haproxy {
    section: Section,
    /// The pool section being read (`backend b`); `None` in a fragment.
    pool: Option<String>,
    /// The pool section whose servers were read: one a file (a `listen
    /// stats` without servers is no pool).
    with_servers: Option<Option<String>>,
    defaults: Balancing,
    /// The balancing of the section being read, and of the one with servers.
    own: Balancing,
    kept: Option<Balancing>,
}

impl Haproxy {
    /// The balancing the current line sets: the defaults', or the pool's.
    fn balancing(&mut self) -> &mut Balancing {
        if self.section == Section::Defaults {
            &mut self.defaults
        } else {
            &mut self.own
        }
    }

    /// A new section: the one read so far keeps its balancing if its
    /// servers are the pool.
    fn leave_pool(&mut self) {
        if matches!(self.section, Section::Pool | Section::Fragment) {
            let own = std::mem::take(&mut self.own);
            if self.with_servers.as_ref() == Some(&self.pool) && self.kept.is_none() {
                self.kept = Some(own);
            }
        }
    }

    /// The pool's own balancing: the section with servers, else the last.
    fn pool_balancing(&self) -> &Balancing {
        self.kept.as_ref().unwrap_or(&self.own)
    }
}

/// A `hash-type` line as HAProxy 2.6 takes it: `map-based` or
/// `consistent`, then an optional function and an optional `avalanche`.
fn hash_type(line: &Line, words: &[&str]) -> Result<(), Refusal> {
    let method = matches!(words.get(1), Some(&("map-based" | "consistent")));
    let function = words
        .get(2)
        .is_none_or(|f| matches!(*f, "sdbm" | "djb2" | "wt6" | "crc32"));
    let modifier = words.get(3).is_none_or(|m| *m == "avalanche") && words.len() <= 4;
    if method && function && modifier {
        Ok(())
    } else {
        Err(refuse(
            line,
            format!(
                "HAProxy refuses it: \u{201c}{}\u{201d} is not a hash type it knows.",
                words[1..].join(" ")
            ),
        ))
    }
}

/// The pool's balancing, its own or its defaults', as the page models it:
/// a `balance` that hashes the key, placed by `hash-type consistent` with
/// HAProxy's default hash (sdbm with avalanche, applied when no function is
/// named). What else a config says gets a notice.
fn finish_haproxy(pasted: &mut Pasted) {
    let (defaults, own) = (&pasted.haproxy.defaults, pasted.haproxy.pool_balancing());
    let balance = own.balance.clone().or_else(|| defaults.balance.clone());
    let hash_type = own.hash_type.clone().or_else(|| defaults.hash_type.clone());
    let mut notices = Vec::new();
    match &balance {
        None => notices.push(
            "No balance line: HAProxy balances round robin, which does not place a key by a hash of it; the page models balance uri and its kin with hash-type consistent.".to_string(),
        ),
        Some((line, method))
            if matches!(
                method.split_whitespace().next(),
                Some("roundrobin" | "static-rr" | "leastconn" | "first" | "random")
            ) =>
        {
            notices.push(format!(
                "Line {line}: balance {method} does not place a key by a hash of it, which is what is modelled."
            ))
        }
        Some(_) => {}
    }
    match &hash_type {
        Some((line, kind)) if kind.starts_with("consistent") => {
            pasted.system = Some(PlacementId::Haproxy);
            if kind != "consistent" && kind != "consistent sdbm avalanche" {
                notices.push(format!(
                    "Line {line}: the page models HAProxy's default hash (sdbm with avalanche) only."
                ));
            }
        }
        Some((line, _)) => notices.push(format!(
            "Line {line}: hash-type map-based (the hash modulo the total weight) is not modelled; only hash-type consistent is."
        )),
        None if balance.is_some() && notices.is_empty() => notices.push(format!(
            "Line {}: a balance that hashes without hash-type consistent is map-based (the hash modulo the total weight), which is not modelled.",
            balance.as_ref().map_or(0, |(line, _)| *line)
        )),
        None => {}
    }
    pasted.hashes = balance.map(|(_, method)| format!("balance {method}"));
    pasted.notices.extend(notices);
}

/// An HAProxy server's `id`: a whole number from 1, as HAProxy takes it.
fn server_id(line: &Line, text: Option<&str>) -> Result<u32, Refusal> {
    match text.map(str::parse::<u32>) {
        Some(Ok(id)) if id >= 1 => Ok(id),
        Some(_) => Err(refuse(
            line,
            format!(
                "\u{201c}{}\u{201d} is not a server id (a whole number from 1); HAProxy would refuse this line.",
                text.unwrap_or_default()
            ),
        )),
        None => Err(refuse(line, "id needs a number after it.")),
    }
}

/// The keys of a twemproxy pool's settings (nutcracker's README): any other
/// name with nothing after its colon heads a pool.
const TWEMPROXY_KEYS: &str = "listen hash hash_tag distribution timeout backlog preconnect redis \
     redis_auth redis_db server_connections auto_eject_hosts server_retry_timeout \
     server_failure_limit servers client_connections tcpkeepalive";

/// One line of a twemproxy pool; true if the pool reads it.
fn twemproxy_line(line: &Line, pasted: &mut Pasted, bounds: Bounds) -> Result<bool, Refusal> {
    let text = line.text;
    if let Some(entry) = text.strip_prefix('-') {
        // YAML may quote the entry.
        let entry = entry.trim().trim_matches(|c| c == '"' || c == '\'');
        let mut words = entry.split_whitespace();
        let server = words.next().unwrap_or("");
        // With a name after it, twemproxy hashes the name, not host:port.
        let named = words.next();
        let Some((server_address, w)) = server
            .rsplit_once(':')
            .filter(|(address, _)| address.contains(':'))
        else {
            return Err(refuse(line, "a twemproxy server is host:port:weight."));
        };
        address(line, Form::Twemproxy, server_address)?;
        let server = Listed {
            name: named.unwrap_or(server_address),
            weight: weight(line, Form::Twemproxy, w, bounds)?,
            backup: false,
            unique_by_program: false,
        };
        return add(pasted, line, server);
    }
    let (key, value) = text.split_once(':').unwrap_or((text, ""));
    let value = value.trim();
    // A name with nothing after it heads a pool: one pool a file.
    if value.is_empty()
        && !TWEMPROXY_KEYS
            .split_whitespace()
            .any(|known| known == key.trim())
    {
        let name = key.trim().to_string();
        return match pasted.upstream.replace(name.clone()) {
            Some(first) => Err(beyond(
                line,
                format!(
                    "a second pool, {name}, after {first}: give a file with the one pool to count."
                ),
            )),
            // Its name places nothing: listed as skipped.
            None => Ok(false),
        };
    }
    match key.trim() {
        "distribution" => {
            if value == "ketama" {
                pasted.system = Some(PlacementId::Twemproxy);
            } else {
                pasted.notices.push(format!(
                    "Line {}: only distribution: ketama is modelled.",
                    line.number
                ));
            }
            Ok(true)
        }
        "hash" => {
            if value != "fnv1a_64" {
                pasted.notices.push(format!(
                    "Line {}: the page models hash: fnv1a_64 only.",
                    line.number
                ));
            }
            Ok(true)
        }
        "hash_tag" => {
            pasted
                .notices
                .push(format!("Line {}: hash_tag is not modelled.", line.number));
            Ok(true)
        }
        "servers" => Ok(true),
        _ => Ok(false),
    }
}

/// One line of a plain list: a name, then an optional weight (`3`,
/// `weight=3` or `weight 3`).
fn list_line(line: &Line, pasted: &mut Pasted, bounds: Bounds) -> Result<bool, Refusal> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let read = |value: &str| weight(line, Form::List, value, bounds);
    let w = match words[1..] {
        [] => 1,
        [value] => read(value.strip_prefix("weight=").unwrap_or(value))?,
        ["weight", value] => read(value)?,
        _ => {
            return Err(refuse(
                line,
                "a list has one server per line, with an optional weight after it.",
            ));
        }
    };
    let server = Listed {
        name: words[0],
        weight: w,
        backup: false,
        unique_by_program: false,
    };
    add(pasted, line, server)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pasted: &Pasted) -> Vec<(&str, u32)> {
        pasted
            .servers
            .iter()
            .map(|(n, w)| (n.as_str(), *w))
            .collect()
    }

    #[test]
    fn an_nginx_upstream_block() {
        let pasted = read(
            "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:8080 weight=2;\n    server cache1.local:8080 max_fails=3 fail_timeout=10s;\n    server 10.0.0.3:8080 max_conns=5;\n    keepalive 32;  # pooled\n}\n", Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(pasted.form, Form::Nginx);
        assert_eq!(
            names(&pasted),
            [
                ("10.0.0.1:8080", 2),
                ("cache1.local:8080", 1),
                ("10.0.0.3:8080", 1)
            ]
        );
        assert_eq!(pasted.system, Some(PlacementId::Nginx));
        assert_eq!(pasted.skipped, [(6, "keepalive 32;  # pooled".to_string())]);
        // As nginx 1.22 reads it: a backup after `hash` stops it, one
        // before is taken (and not modelled); a parameter it lacks stops it.
        let after_hash = read(
            "upstream u {\n hash $arg_id;\n server a:1;\n server b:1 backup;\n}",
            Bounds::PAGE,
        );
        assert!(after_hash
            .unwrap_err()
            .to_string()
            .starts_with("Line 4: nginx refuses it: balancing method does not support parameter"));
        // Before the hash line nginx takes it; its hash never picks it.
        let before_hash = read(
            "upstream u {\n server a:1;\n server b:1 backup;\n server c:1;\n hash $arg_id;\n}",
            Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(names(&before_hash), [("a:1", 1), ("c:1", 1)]);
        assert_eq!(before_hash.backup, ["b:1"]);
        assert!(before_hash.notices.is_empty());
        let two = read(
            "upstream a {\n server a:1;\n server b:1;\n}\nupstream b { server c:1; server d:1; }\n",
            Bounds::PAGE,
        );
        assert_eq!(
            two.unwrap_err().to_string(),
            "Line 5: a second upstream block, b, after a: give a file with the one pool to count."
        );
        for bad in [
            "bogus=1",
            "resolve",
            "max_fails=x",
            "fail_timeout=10q",
            "drain",
        ] {
            let refused = read(
                &format!("upstream u {{\n server a:1;\n server b:1 {bad};\n}}"),
                Bounds::PAGE,
            );
            assert_eq!(
                refused.unwrap_err().to_string(),
                format!("Line 3: nginx refuses it: invalid parameter \u{201c}{bad}\u{201d}.")
            );
        }
        let plain = read(
            "upstream u {\n hash $arg_id;\n server a:1;\n server b:1;\n}",
            Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(plain.system, Some(PlacementId::NginxHash));
    }

    #[test]
    fn an_upstream_block_on_few_lines_is_read_by_statement() {
        let pasted = read("upstream pool { hash $request_uri consistent;\n  server a:80 weight=2;\n  server b:80; }\n", Bounds::PAGE).unwrap();
        assert_eq!(names(&pasted), [("a:80", 2), ("b:80", 1)]);
        assert_eq!(pasted.system, Some(PlacementId::Nginx));
    }

    #[test]
    fn servers_marked_down_are_kept_as_down() {
        let nginx = read("upstream u {\n hash $arg_id;\n server a:1 down;\n server b:1;\n server c:1 weight=2 down;\n}", Bounds::PAGE).unwrap();
        assert_eq!(nginx.down, ["a:1", "c:1"]);
        assert_eq!(names(&nginx), [("a:1", 1), ("b:1", 1), ("c:1", 2)]);
        assert!(nginx.notices.is_empty());
        let haproxy = read("backend b\n hash-type consistent\n server s1 10.0.0.1:80\n server s2 10.0.0.2:80 disabled\n", Bounds::PAGE).unwrap();
        assert_eq!(haproxy.down, ["s2"]);
    }

    #[test]
    fn an_haproxy_backend() {
        let pasted = read(
            "backend caches\n    balance uri\n    hash-type consistent\n    timeout server 30s\n    server web1 10.0.0.1:80 check weight 3\n    server web2 10.0.0.2:80 check id 7\n", Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(pasted.form, Form::Haproxy);
        assert_eq!(names(&pasted), [("web1", 3), ("web2", 1)]);
        assert_eq!(pasted.system, Some(PlacementId::Haproxy));
        assert_eq!(pasted.skipped, [(4, "timeout server 30s".to_string())]);
        assert_eq!(pasted.ids, [("web2".to_string(), 7)]);
        assert_eq!(pasted.pool()[1].fixed_id, Some(7));
        assert_eq!(pasted.pool()[0].fixed_id, None);
    }

    #[test]
    fn an_id_haproxy_would_refuse_is_refused_with_its_line() {
        for (bad, why) in [
            ("server b 10.0.0.2:80 id 0", "is not a server id"),
            ("server b 10.0.0.2:80 id x", "is not a server id"),
            ("server b 10.0.0.2:80 id", "id needs a number"),
            ("server b 10.0.0.2:80 id 4", "id 4 is already a's"),
        ] {
            let text = format!("backend b\n server a 10.0.0.1:80 id 4\n {bad}\n");
            let refused = read(&text, Bounds::PAGE).unwrap_err().to_string();
            assert!(refused.starts_with("Line 3: "), "{refused}");
            assert!(refused.contains(why), "{refused}");
        }
    }

    #[test]
    fn a_twemproxy_pool() {
        let pasted = read(
            "alpha:\n  listen: 127.0.0.1:22121\n  hash: fnv1a_64\n  distribution: ketama\n  servers:\n   - 10.0.0.1:11211:1\n   - \"10.0.0.2:11211:2 cache-b\"\n", Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(pasted.form, Form::Twemproxy);
        // A server with a name is placed by it: twemproxy hashes the name.
        assert_eq!(names(&pasted), [("10.0.0.1:11211", 1), ("cache-b", 2)]);
        assert_eq!(pasted.system, Some(PlacementId::Twemproxy));
        assert_eq!(
            pasted.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
            [1, 2]
        );
        assert!(pasted.notices.is_empty(), "{:?}", pasted.notices);
    }

    #[test]
    fn a_plain_list() {
        let pasted = read(
            "# our pool\nalpha\nbravo 3\ncharlie weight=2\n\ndelta weight 4\n",
            Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(pasted.form, Form::List);
        assert_eq!(
            names(&pasted),
            [("alpha", 1), ("bravo", 3), ("charlie", 2), ("delta", 4)]
        );
        assert_eq!(pasted.system, None);
        // The comment is listed as skipped, the blank line is not.
        assert_eq!(pasted.skipped, [(1, "# our pool".to_string())]);
    }

    #[test]
    fn a_malformed_line_is_refused_with_its_number() {
        for (text, why) in [
            (
                "upstream u {\n server a:1\n server b:1;\n}",
                // A missing `;` runs into the next line, as nginx reads it.
                "Line 2: nginx refuses it: invalid parameter \u{201c}server\u{201d}",
            ),
            (
                "backend b\n server web1\n",
                "Line 2: an HAProxy server line is",
            ),
            (
                "servers:\n - 10.0.0.1:11211\n - 10.0.0.2:11211:1",
                "Line 2: a twemproxy server is host:port:weight",
            ),
            ("alpha\nbravo 11\n", "Line 2: weight 11 is outside"),
            (
                "alpha\nbravo x\n",
                "Line 2: \u{201c}x\u{201d} is not a whole-number weight",
            ),
            (
                "alpha\nalpha\n",
                "Line 2: \u{201c}alpha\u{201d} is listed twice",
            ),
            ("alpha\n", "Found 1 server in a list of servers"),
            ("  \n", "Nothing to read"),
            // What the programs themselves refuse: an option read as the
            // address, a port out of range.
            (
                "backend b\n server 10.9.9.9:80 weight=eleventy;\n server b 10.0.0.2:80\n",
                "Line 2: \u{201c}weight=eleventy;\u{201d} is not an address (= cannot be in one); HAProxy would refuse this line.",
            ),
            (
                "backend b\n server a 10.0.0.1:80\n server b 10.0.0.2:70000\n",
                "Line 3: port 70000 in \u{201c}10.0.0.2:70000\u{201d} is outside 0 to 65,535.",
            ),
            (
                "upstream u {\n server weight=3;\n server b:1;\n}",
                "Line 2: \u{201c}weight=3\u{201d} is not an address",
            ),
            ("upstream u {\n server a:0;\n server b:1;\n}", "Line 2: port 0 in"),
            (
                "servers:\n - 10.0.0.1:99999:1\n - 10.0.0.2:11211:1",
                "Line 2: port 99999 in",
            ),
            ("a b c\nd", "Line 1: a list has one server per line"),
        ] {
            let error = read(text, Bounds::PAGE).unwrap_err().to_string();
            assert!(error.starts_with(why), "{text:?}: {error}");
        }
    }

    #[test]
    fn haproxy_reads_a_server_line_as_haproxy_does() {
        let backend = |line: &str| {
            read(
                &format!("backend b\n hash-type consistent\n server a 10.0.0.1:80\n {line}\n"),
                Bounds::COUNTED,
            )
        };
        // A weight is C's atol of the word, into an int: 0 to 256.
        for (written, weight) in [
            ("weight 0", 0),
            ("weight 256", 256),
            ("weight x", 0),
            ("weight 3x", 3),
            ("weight +5", 5),
            ("weight", 0),
            ("weight 4294967297", 1),
            ("check inter 2s weight 7 rise 2", 7),
        ] {
            let pasted = backend(&format!("server b 10.0.0.2:80 {written}")).unwrap();
            assert_eq!(pasted.servers[1].1, weight, "{written}");
        }
        for (written, says) in [
            ("weight 257", "not within 0 and 256 (257)"),
            ("weight -1", "not within 0 and 256 (-1)"),
            ("weight 99999999999", "not within 0 and 256 (1215752191)"),
            ("weight=3", "unknown keyword \u{201c}weight=3\u{201d}"),
            ("bogus", "unknown keyword \u{201c}bogus\u{201d}"),
        ] {
            let refused = backend(&format!("server b 10.0.0.2:80 {written}")).unwrap_err();
            assert!(
                matches!(&refused, Refusal::Program(why) if why.starts_with("Line 4: ") && why.contains(says)),
                "{written}: {refused:?}"
            );
        }
        // Two servers of one name: HAProxy refuses; nginx takes it, the model does not.
        assert!(matches!(
            backend("server a 10.0.0.2:80"),
            Err(Refusal::Program(_))
        ));
        assert!(matches!(
            read(
                "upstream u {\n server a:1;\n server a:1;\n}",
                Bounds::COUNTED
            ),
            Err(Refusal::Bounds(_))
        ));
    }

    #[test]
    fn a_backup_is_not_placed_and_haproxy_still_numbers_it() {
        let pasted = read(
            "backend b\n hash-type consistent\n server s1 10.0.0.1:80\n server s2 10.0.0.2:80 backup\n server s3 10.0.0.3:80\n server s4 10.0.0.4:80 id 2\n",
            Bounds::PAGE,
        )
        .unwrap();
        assert_eq!(names(&pasted), [("s1", 1), ("s3", 1), ("s4", 1)]);
        assert_eq!(pasted.backup, ["s2"]);
        // HAProxy numbers s1 1, s2 3 (2 is s4's), s3 4, s4 2: s3's id is
        // fixed, since without s2 it would be 3.
        let ids: Vec<Option<u32>> = pasted.pool().iter().map(|s| s.fixed_id).collect();
        assert_eq!(ids, [None, Some(4), Some(2)]);
    }

    #[test]
    fn the_bounds_read_for_decide_the_size_and_weights_taken() {
        let one = "upstream u {\n server a:1 weight=300;\n}";
        assert!(matches!(read(one, Bounds::PAGE), Err(Refusal::Bounds(_))));
        let counted = read(one, Bounds::COUNTED).unwrap();
        assert_eq!(names(&counted), [("a:1", 300)]);
        let zero = read("upstream u {\n server a:1 weight=0;\n}", Bounds::COUNTED);
        assert!(matches!(zero, Err(Refusal::Program(why)) if why.contains("weight=0")));
        let many: String = (0..300)
            .map(|i| format!("server 10.0.{}.{}:80;\n", i / 200, i % 200))
            .collect();
        let many = format!("upstream u {{\n{many}}}");
        assert_eq!(read(&many, Bounds::COUNTED).unwrap().servers.len(), 300);
        assert!(read(&many, Bounds::PAGE)
            .unwrap_err()
            .to_string()
            .starts_with("Found 300 servers in an nginx upstream block; the page takes 2 to 50."));
    }

    #[test]
    fn one_pool_a_file_and_haproxy_s_sections_read_as_haproxy_reads_them() {
        // A defaults section's balance is overridden by the backend's own;
        // lines of other sections are not the pool's.
        let pasted = read(
            "global\n  maxconn 10\ndefaults\n  balance roundrobin\nfrontend f\n  bind :80\n  default_backend b\nbackend b\n  balance uri\n  hash-type consistent\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n",
            Bounds::PAGE,
        )
        .unwrap();
        assert!(pasted.notices.is_empty(), "{:?}", pasted.notices);
        assert_eq!(pasted.system, Some(PlacementId::Haproxy));
        assert_eq!(pasted.hashes.as_deref(), Some("balance uri"));
        // The defaults' balancing applies to a backend without its own.
        let inherited = read(
            "defaults\n  balance uri\n  hash-type consistent\nbackend b\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n",
            Bounds::PAGE,
        )
        .unwrap();
        assert!(inherited.notices.is_empty(), "{:?}", inherited.notices);
        // No balance line is round robin; a second backend or pool is refused.
        let plain = read(
            "backend b\n  hash-type consistent\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n",
            Bounds::PAGE,
        )
        .unwrap();
        assert!(
            plain.notices[0].starts_with("No balance line"),
            "{:?}",
            plain.notices
        );
        for text in [
            "backend a\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\nbackend b\n  server s3 10.0.0.3:80\n",
            "alpha:\n  servers:\n   - 10.0.0.1:11211:1\n   - 10.0.0.2:11211:1\nbeta:\n  servers:\n   - 10.0.0.3:11211:1\n",
        ] {
            let refused = read(text, Bounds::COUNTED).unwrap_err();
            assert!(
                matches!(&refused, Refusal::Bounds(why) if why.contains("give a file with the one pool")),
                "{refused:?}"
            );
        }
        // nginx: no hash line is round robin; an empty upstream is refused.
        let round = read("upstream u {\n server a:1;\n server b:1;\n}", Bounds::PAGE).unwrap();
        assert!(
            round.notices[0].starts_with("No hash line"),
            "{:?}",
            round.notices
        );
        assert!(matches!(
            read("upstream u {\n}", Bounds::COUNTED),
            Err(Refusal::Program(_))
        ));
    }

    #[test]
    fn haproxy_s_pool_is_the_section_with_servers_each_known_by_its_address() {
        let pasted = read(
            "backend be_cache\n  balance uri\n  hash-type consistent\n  server varnish1 10.0.0.21:6081 check\n  server varnish2 10.0.0.22:6081 check\nlisten stats\n  bind 127.0.0.1:18404\n  stats enable\n",
            Bounds::COUNTED,
        )
        .unwrap();
        assert!(pasted.notices.is_empty(), "{:?}", pasted.notices);
        let pool: Vec<String> = pasted.pool().into_iter().map(|s| s.name).collect();
        assert_eq!(pool, ["10.0.0.21:6081", "10.0.0.22:6081"]);
        // The page shows the names HAProxy's logs show.
        assert_eq!(names(&pasted), [("varnish1", 1), ("varnish2", 1)]);
        let template = read(
            "backend b\n  balance uri\n  hash-type consistent\n  server-template app 5 app.service.consul:80\n  server s1 10.0.0.1:80\n",
            Bounds::COUNTED,
        )
        .unwrap();
        assert!(
            template.notices[0].contains("server-template"),
            "{:?}",
            template.notices
        );
    }
}
