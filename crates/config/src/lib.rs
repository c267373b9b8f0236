//! "Paste your config" (DEFINITIONS §15): the server pool, in order, with weights,
//! read from an nginx `upstream` block, an HAProxy `backend` or `listen`
//! section, a twemproxy pool's `servers:` list, or a plain list of servers.
//! The hash line it finds names the system that config selects. What the
//! placement does not read is skipped and listed; what the page does not
//! model gets a notice naming its line; a malformed line is refused with its
//! number and why, and then nothing is taken.

use model::deploy::PoolServer;
use model::placements::PlacementId;
use model::settings::{clean_name, MAX_SERVERS, MIN_SERVERS};

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
    /// Names as written, in order, each with its weight (1 … 10).
    pub servers: Vec<(String, u8)>,
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
    /// The nginx upstream block's name, once its header is read: one
    /// block a pool.
    pub upstream: Option<String>,
}

impl Pasted {
    /// The pool as lines: names, weights and the ids lines fix, in order.
    pub fn pool(&self) -> Vec<PoolServer> {
        self.servers
            .iter()
            .map(|(name, weight)| PoolServer {
                name: name.clone(),
                weight: *weight,
                fixed_id: self
                    .ids
                    .iter()
                    .find(|(named, _)| named == name)
                    .map(|&(_, id)| id),
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

fn refuse(line: &Line, why: impl std::fmt::Display) -> String {
    format!("Line {}: {why}", line.number)
}

/// A weight as written, checked against the page's range.
fn weight(line: &Line, text: &str) -> Result<u8, String> {
    match text.trim().parse::<u32>() {
        Ok(w) if (1..=10).contains(&w) => Ok(w as u8),
        Ok(w) => Err(refuse(
            line,
            format!("weight {w} is outside the page's 1 to 10."),
        )),
        Err(_) => Err(refuse(
            line,
            format!(
                "\u{201c}{}\u{201d} is not a whole-number weight.",
                text.trim()
            ),
        )),
    }
}

/// An address as its program would take it: no `=` or `;` in it (an option
/// or the line's end read as the address), and a port, where it ends in
/// one, from 1 to 65,535. An nginx `unix:` path has no port.
fn address(line: &Line, form: Form, text: &str) -> Result<(), String> {
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
    match port.parse::<u32>() {
        Ok(p) if (1..=65_535).contains(&p) => Ok(()),
        _ => Err(refuse(
            line,
            format!("port {port} in \u{201c}{text}\u{201d} is outside 1 to 65,535."),
        )),
    }
}

/// Which form the text is in, from its first telling line.
fn form_of(lines: &[Line]) -> Form {
    for line in lines {
        let first = line.text.split_whitespace().next().unwrap_or("");
        match first {
            "upstream" => return Form::Nginx,
            "backend" | "listen" | "frontend" | "defaults" | "global" | "balance" | "hash-type" => {
                return Form::Haproxy
            }
            "servers:" | "distribution:" | "hash:" | "listen:" => return Form::Twemproxy,
            "server" if line.text.ends_with(';') => return Form::Nginx,
            "server" => return Form::Haproxy,
            _ => {}
        }
    }
    Form::List
}

/// Read a pasted config. The error is a sentence naming the line.
pub fn read(text: &str) -> Result<Pasted, String> {
    let lines = lines(text);
    if lines.iter().all(|line| line.text.is_empty()) {
        return Err("Nothing to read: paste an nginx upstream block, an HAProxy backend, a twemproxy pool or a list of servers.".to_string());
    }
    let form = form_of(&lines);
    let mut pasted = Pasted {
        form,
        servers: Vec::new(),
        system: None,
        down: Vec::new(),
        ids: Vec::new(),
        skipped: Vec::new(),
        notices: Vec::new(),
        upstream: None,
    };
    for line in &lines {
        if line.text.is_empty() {
            // A comment is listed as skipped; a blank line is not worth it.
            if !line.raw.is_empty() {
                pasted.skipped.push((line.number, line.raw.to_string()));
            }
            continue;
        }
        let read = match form {
            Form::Nginx => nginx_line(line, &mut pasted),
            Form::Haproxy => haproxy_line(line, &mut pasted),
            Form::Twemproxy => twemproxy_line(line, &mut pasted),
            Form::List => list_line(line, &mut pasted),
        }?;
        if !read {
            pasted.skipped.push((line.number, line.raw.to_string()));
        }
    }
    let count = pasted.servers.len();
    if !(MIN_SERVERS..=MAX_SERVERS).contains(&count) {
        return Err(format!(
            "Found {count} server{} in {}; the page takes {MIN_SERVERS} to {MAX_SERVERS}.",
            if count == 1 { "" } else { "s" },
            form.describe()
        ));
    }
    Ok(pasted)
}

/// Add a server read from `line`, checking its name against the page's
/// rules and the servers before it.
fn add(pasted: &mut Pasted, line: &Line, name: &str, weight: u8) -> Result<bool, String> {
    let name = clean_name(name).map_err(|why| refuse(line, why))?;
    if pasted.servers.iter().any(|(known, _)| *known == name) {
        return Err(refuse(
            line,
            format!("\u{201c}{name}\u{201d} is listed twice; the page needs each server once."),
        ));
    }
    pasted.servers.push((name, weight));
    Ok(true)
}

/// Whether open-source nginx (1.22, as Debian ships it) takes `part` on
/// an upstream server line, besides `weight=`, `down` and `backup`: the
/// limits that do not move keys. Anything else it refuses at `nginx -t`
/// with "invalid parameter", and so does the page.
fn nginx_takes(part: &str) -> bool {
    let number = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    // A time: digits with an optional unit, as nginx's ngx_parse_time reads.
    let time = |text: &str| {
        let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        number(digits)
            && matches!(
                &text[digits.len()..],
                "" | "ms" | "s" | "m" | "h" | "d" | "w" | "M" | "y"
            )
    };
    match part.split_once('=') {
        Some(("max_fails" | "max_conns", value)) => number(value),
        Some(("fail_timeout", value)) => time(value),
        _ => false,
    }
}

/// One line of an nginx upstream block; true if the pool reads it.
fn nginx_line(line: &Line, pasted: &mut Pasted) -> Result<bool, String> {
    // nginx reads statements, not lines: `upstream u { hash $uri;` and
    // `server a:80; }` are one line each here, read without their braces.
    if let Some((head, rest)) = line.text.split_once('{') {
        if head.trim_start().starts_with("upstream") && !rest.trim().is_empty() {
            let header = Line {
                text: head.trim(),
                ..*line
            };
            nginx_line(&header, pasted)?;
            let inner = Line {
                text: rest.trim(),
                ..*line
            };
            nginx_line(&inner, pasted)?;
            return Ok(true);
        }
    }
    let text = match line.text.strip_suffix('}') {
        Some(statement) if !statement.trim().is_empty() => statement.trim_end(),
        _ => line.text,
    };
    let mut words = text.trim_end_matches(['{', '}']).split_whitespace();
    match words.next() {
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
            self::address(line, Form::Nginx, address)?;
            let mut w = 1;
            for part in parts {
                if let Some(value) = part.strip_prefix("weight=") {
                    w = weight(line, value)?;
                } else if part == "down" {
                    pasted.down.push(address.to_string());
                } else if part == "backup" && pasted.system.is_some() {
                    // `hash` before it: nginx stops at this line.
                    return Err(refuse(
                        line,
                        "nginx refuses it: balancing method does not support parameter \u{201c}backup\u{201d}.",
                    ));
                } else if part == "backup" {
                    pasted.notices.push(format!(
                        "Line {}: backup is not modelled; {address} is placed as a live server.",
                        line.number
                    ));
                } else if !nginx_takes(part) {
                    return Err(refuse(
                        line,
                        format!("nginx refuses it: invalid parameter \u{201c}{part}\u{201d}."),
                    ));
                }
            }
            add(pasted, line, address, w)
        }
        Some("hash") => {
            let consistent = text
                .trim_end_matches(';')
                .split_whitespace()
                .any(|w| w == "consistent");
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
                Some(first) => Err(refuse(
                    line,
                    format!("a second upstream block, {name}, after {first}: give a file with the one pool to count."),
                )),
                None => Ok(true),
            }
        }
        _ if text == "}" => Ok(true),
        _ => Ok(false),
    }
}

/// One line of an HAProxy section; true if the pool reads it.
fn haproxy_line(line: &Line, pasted: &mut Pasted) -> Result<bool, String> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    match words.first().copied() {
        Some("server") => {
            let (Some(name), Some(address)) = (words.get(1), words.get(2)) else {
                return Err(refuse(
                    line,
                    "an HAProxy server line is \u{201c}server NAME ADDRESS\u{201d}.",
                ));
            };
            self::address(line, Form::Haproxy, address)?;
            let mut w = 1;
            let mut rest = words[3..].iter();
            while let Some(&option) = rest.next() {
                match option {
                    "weight" => {
                        let Some(value) = rest.next() else {
                            return Err(refuse(line, "weight needs a number after it."));
                        };
                        w = weight(line, value)?;
                    }
                    "id" => {
                        let id = server_id(line, rest.next().copied())?;
                        if let Some((other, _)) = pasted.ids.iter().find(|(_, used)| *used == id) {
                            return Err(refuse(
                                line,
                                format!(
                                    "id {id} is already {other}'s; HAProxy would refuse this line."
                                ),
                            ));
                        }
                        pasted.ids.push((name.to_string(), id));
                    }
                    "disabled" => pasted.down.push(name.to_string()),
                    "backup" => pasted.notices.push(format!(
                        "Line {}: backup is not modelled; {name} is placed as a live server.",
                        line.number
                    )),
                    _ => {}
                }
            }
            add(pasted, line, name, w)
        }
        Some("hash-type") => {
            match words.get(1).copied() {
                Some("consistent") => pasted.system = Some(PlacementId::Haproxy),
                _ => pasted.notices.push(format!(
                    "Line {}: only hash-type consistent is modelled.",
                    line.number
                )),
            }
            if words.len() > 2
                && !(words[2] == "sdbm" && words.get(3).is_none_or(|w| *w == "avalanche"))
            {
                pasted.notices.push(format!(
                    "Line {}: the page models HAProxy's default hash (sdbm with avalanche) only.",
                    line.number
                ));
            }
            Ok(true)
        }
        Some("hash-key") => {
            pasted.notices.push(format!(
                "Line {}: hash-key is not modelled; servers are placed by their ids.",
                line.number
            ));
            Ok(true)
        }
        Some("backend" | "listen" | "balance") => Ok(true),
        _ => Ok(false),
    }
}

/// An HAProxy server's `id`: a whole number from 1, as HAProxy takes it.
fn server_id(line: &Line, text: Option<&str>) -> Result<u32, String> {
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

/// One line of a twemproxy pool; true if the pool reads it.
fn twemproxy_line(line: &Line, pasted: &mut Pasted) -> Result<bool, String> {
    let text = line.text;
    if let Some(entry) = text.strip_prefix('-') {
        let entry = entry.trim();
        let mut words = entry.split_whitespace();
        let server = words.next().unwrap_or("");
        if words.next().is_some() {
            pasted.notices.push(format!(
                "Line {}: twemproxy's explicit server names are not modelled; the server is placed by its address.",
                line.number
            ));
        }
        let Some((server_address, w)) = server
            .rsplit_once(':')
            .filter(|(address, _)| address.contains(':'))
        else {
            return Err(refuse(line, "a twemproxy server is host:port:weight."));
        };
        address(line, Form::Twemproxy, server_address)?;
        let w = weight(line, w)?;
        return add(pasted, line, server_address, w);
    }
    let (key, value) = text.split_once(':').unwrap_or((text, ""));
    let value = value.trim();
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
fn list_line(line: &Line, pasted: &mut Pasted) -> Result<bool, String> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let w = match words[1..] {
        [] => 1,
        [value] => weight(line, value.strip_prefix("weight=").unwrap_or(value))?,
        ["weight", value] => weight(line, value)?,
        _ => {
            return Err(refuse(
                line,
                "a list has one server per line, with an optional weight after it.",
            ));
        }
    };
    add(pasted, line, words[0], w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pasted: &Pasted) -> Vec<(&str, u8)> {
        pasted
            .servers
            .iter()
            .map(|(n, w)| (n.as_str(), *w))
            .collect()
    }

    #[test]
    fn an_nginx_upstream_block() {
        let pasted = read(
            "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:8080 weight=2;\n    server cache1.local:8080 max_fails=3 fail_timeout=10s;\n    server 10.0.0.3:8080 max_conns=5;\n    keepalive 32;  # pooled\n}\n",
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
        let after_hash = read("upstream u {\n hash $arg_id;\n server a:1;\n server b:1 backup;\n}");
        assert!(after_hash
            .unwrap_err()
            .starts_with("Line 4: nginx refuses it: balancing method does not support parameter"));
        let before_hash =
            read("upstream u {\n server a:1;\n server b:1 backup;\n hash $arg_id;\n}").unwrap();
        assert!(before_hash.notices[0].starts_with("Line 3: backup"));
        let two = read(
            "upstream a {\n server a:1;\n server b:1;\n}\nupstream b { server c:1; server d:1; }\n",
        );
        assert_eq!(
            two.unwrap_err(),
            "Line 5: a second upstream block, b, after a: give a file with the one pool to count."
        );
        for bad in [
            "bogus=1",
            "resolve",
            "max_fails=x",
            "fail_timeout=10q",
            "drain",
        ] {
            let refused = read(&format!(
                "upstream u {{\n server a:1;\n server b:1 {bad};\n}}"
            ));
            assert_eq!(
                refused.unwrap_err(),
                format!("Line 3: nginx refuses it: invalid parameter \u{201c}{bad}\u{201d}.")
            );
        }
        let plain = read("upstream u {\n hash $arg_id;\n server a:1;\n server b:1;\n}").unwrap();
        assert_eq!(plain.system, Some(PlacementId::NginxHash));
    }

    #[test]
    fn an_upstream_block_on_few_lines_is_read_by_statement() {
        let pasted = read("upstream pool { hash $request_uri consistent;\n  server a:80 weight=2;\n  server b:80; }\n").unwrap();
        assert_eq!(names(&pasted), [("a:80", 2), ("b:80", 1)]);
        assert_eq!(pasted.system, Some(PlacementId::Nginx));
    }

    #[test]
    fn servers_marked_down_are_kept_as_down() {
        let nginx = read("upstream u {\n hash $arg_id;\n server a:1 down;\n server b:1;\n server c:1 weight=2 down;\n}").unwrap();
        assert_eq!(nginx.down, ["a:1", "c:1"]);
        assert_eq!(names(&nginx), [("a:1", 1), ("b:1", 1), ("c:1", 2)]);
        assert!(nginx.notices.is_empty());
        let haproxy = read("backend b\n hash-type consistent\n server s1 10.0.0.1:80\n server s2 10.0.0.2:80 disabled\n").unwrap();
        assert_eq!(haproxy.down, ["s2"]);
    }

    #[test]
    fn an_haproxy_backend() {
        let pasted = read(
            "backend caches\n    balance uri\n    hash-type consistent\n    timeout server 30s\n    server web1 10.0.0.1:80 check weight 3\n    server web2 10.0.0.2:80 check id 7\n",
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
            let refused = read(&text).unwrap_err();
            assert!(refused.starts_with("Line 3: "), "{refused}");
            assert!(refused.contains(why), "{refused}");
        }
    }

    #[test]
    fn a_twemproxy_pool() {
        let pasted = read(
            "alpha:\n  listen: 127.0.0.1:22121\n  hash: fnv1a_64\n  distribution: ketama\n  servers:\n   - 10.0.0.1:11211:1\n   - 10.0.0.2:11211:2 cache-b\n",
        )
        .unwrap();
        assert_eq!(pasted.form, Form::Twemproxy);
        assert_eq!(
            names(&pasted),
            [("10.0.0.1:11211", 1), ("10.0.0.2:11211", 2)]
        );
        assert_eq!(pasted.system, Some(PlacementId::Twemproxy));
        assert_eq!(
            pasted.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
            [1, 2]
        );
        assert!(pasted.notices[0].contains("explicit server names"));
    }

    #[test]
    fn a_plain_list() {
        let pasted =
            read("# our pool\nalpha\nbravo 3\ncharlie weight=2\n\ndelta weight 4\n").unwrap();
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
                "Line 2: an nginx server line ends with",
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
                "Line 3: port 70000 in \u{201c}10.0.0.2:70000\u{201d} is outside 1 to 65,535.",
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
            let error = read(text).unwrap_err();
            assert!(error.starts_with(why), "{text:?}: {error}");
        }
    }
}
