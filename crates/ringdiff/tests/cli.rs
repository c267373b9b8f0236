//! `ringdiff` run as a deploy pipeline runs it: on files (a plain list, an
//! nginx block, an HAProxy backend, a log of keys), read for its output and
//! its exit status.

use std::path::{Path, PathBuf};
use std::process::Command;

use model::systems::hashes::crc32;

/// A directory of this test's own, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ringdiff-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
}

fn ringdiff(args: &[&str]) -> Ran {
    let output = Command::new(env!("CARGO_BIN_EXE_ringdiff"))
        .args(args)
        .output()
        .unwrap();
    Ran {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn json(ran: &Ran) -> serde_json::Value {
    serde_json::from_str(&ran.stdout).unwrap_or_else(|e| panic!("{e}: {}", ran.stdout))
}

const NGINX_BEFORE: &str = "upstream cache {\n    hash $request_uri consistent;\n    server 10.1.0.1:8080;\n    server 10.1.0.2:8080 weight=2;\n    server 10.1.0.3:8080;\n    server 10.1.0.4:8080;\n    server 10.1.0.5:8080;\n    server 10.1.0.6:8080;\n}\n";

fn nginx_after() -> String {
    NGINX_BEFORE
        .replace("10.1.0.2:8080 weight=2", "10.1.0.2:8080 weight=3")
        .replace("10.1.0.3:8080", "10.1.0.33:8080")
        .replace("}\n", "    server 10.1.0.7:8080;\n}\n")
}

#[test]
fn an_nginx_deploy_is_counted_for_every_system_and_judged() {
    let dir = scratch("nginx");
    let before = write(&dir, "before.conf", NGINX_BEFORE);
    let after = write(&dir, "after.conf", &nginx_after());
    let ran = ringdiff(&[&before, &after, "--keys", "2000", "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    // Real nginx 1.22 and HAProxy 2.6 on this deploy (issue 62).
    assert_eq!(out["systems"]["nginx"]["moved"], 700);
    assert_eq!(out["systems"]["nginx-hash"]["moved"], 1_672);
    assert_eq!(out["systems"]["haproxy"]["moved"], 591);
    assert_eq!(out["systems"]["nginx"]["moved_share"], 0.35);
    assert_eq!(out["systems"]["nginx"]["moved_request_share"], 0.35);
    let ids: Vec<&String> = out["systems"].as_object().unwrap().keys().collect();
    assert_eq!(
        ids,
        [
            "ring",
            "ketama",
            "groupcache",
            "nginx",
            "nginx-hash",
            "haproxy",
            "envoy-ring",
            "envoy-maglev",
            "twemproxy"
        ]
    );
    assert!(out["deploy"]
        .as_str()
        .unwrap()
        .starts_with("10.1.0.3:8080 replaced by 10.1.0.33:8080"));

    // The pipeline's gate: 35% of requests moved is over 30%, under 40%.
    let over = ringdiff(&[
        &before,
        &after,
        "--keys",
        "2000",
        "--system",
        "nginx",
        "--max-moved",
        "30%",
    ]);
    assert_eq!(over.code, 1);
    assert!(
        over.stderr
            .contains("nginx moves 35.0% of the keys counted, more than the 30.0% allowed"),
        "{}",
        over.stderr
    );
    let under = ringdiff(&[
        &before,
        &after,
        "--keys",
        "2000",
        "--system",
        "nginx",
        "--max-moved",
        "0.4",
    ]);
    assert_eq!(under.code, 0, "{}", under.stderr);
    assert!(under.stdout.contains("* nginx "), "{}", under.stdout);
}

#[test]
fn a_reordered_haproxy_backend_moves_keys_only_where_order_counts() {
    let dir = scratch("haproxy");
    let line = |i: u32| format!("    server s{i} 127.0.0.1:{}\n", 9000 + i);
    let backend = |order: &[u32]| {
        let mut text = "backend caches\n    balance uri\n    hash-type consistent\n".to_string();
        for &i in order {
            text.push_str(&line(i));
        }
        text
    };
    let before = write(&dir, "before.cfg", &backend(&[1, 2, 3, 4, 5]));
    let after = write(&dir, "after.cfg", &backend(&[2, 1, 3, 5, 4]));
    let ran = ringdiff(&[&before, &after, "--keys", "2000", "--json"]);
    let out = json(&ran);
    assert_eq!(out["systems"]["haproxy"]["moved"], 1_567);
    assert_eq!(out["systems"]["nginx-hash"]["moved"], 1_591);
    assert_eq!(out["systems"]["nginx"]["moved"], 0);
    assert_eq!(out["reorder_alone"]["haproxy"], 1_567);
    let text = ringdiff(&[&before, &after, "--keys", "2000"]).stdout;
    assert!(
        // HAProxy's servers known by their addresses.
        text.starts_with("Deploy: reordered: 127.0.0.1:9001 and 127.0.0.1:9002 trade places, 127.0.0.1:9004 and 127.0.0.1:9005 trade places."),
        "{text}"
    );
    assert!(
        text.contains("The reorder alone moves keys under nginx-hash 1,591, haproxy 1,567."),
        "{text}"
    );
}

#[test]
fn a_log_counts_each_line_as_a_request() {
    let dir = scratch("log");
    let before = write(&dir, "before.txt", "alpha\nbravo\ncharlie weight=2\n");
    let after = write(&dir, "after.txt", "alpha\nbravo\ncharlie weight=2\ndelta\n");
    // An access log: the path is field 7; /hot is asked for 50 times.
    let mut log = String::new();
    let mut paths = Vec::new();
    for i in 0..400 {
        let path = if i % 8 == 0 {
            "/hot".to_string()
        } else {
            format!("/item/{i}")
        };
        log.push_str(&format!(
            "10.0.0.1 - - [05/Dec/2026:10:00:00 +0000] \"GET {path} HTTP/1.1\" 200 12\n"
        ));
        paths.push(path);
    }
    let log = write(&dir, "access.log", &log);
    let ran = ringdiff(&[
        &before,
        &after,
        "--keys-file",
        &log,
        "--field",
        "7",
        "--json",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(out["keys"], 351);
    let moved = |path: &&String| {
        nginx_hash_owner(path, &[1, 1, 2]) != nginx_hash_owner(path, &[1, 1, 2, 1])
    };
    let mut distinct = paths.clone();
    distinct.sort();
    distinct.dedup();
    let share = |of: &[String]| of.iter().filter(moved).count() as f64 / of.len() as f64;
    let row = &out["systems"]["nginx-hash"];
    assert_eq!(row["moved"], distinct.iter().filter(moved).count());
    assert_eq!(row["moved_share"].as_f64().unwrap(), share(&distinct));
    assert_eq!(row["moved_request_share"].as_f64().unwrap(), share(&paths));
    assert_ne!(share(&distinct), share(&paths), "the hot key should weigh");
}

#[test]
fn a_config_its_program_refuses_exits_3_and_one_ringdiff_cannot_count_exits_4() {
    let dir = scratch("refuse");
    let good = write(&dir, "good.txt", "alpha\nbravo\n");
    let nginx =
        |servers: &str| format!("upstream u {{\n  hash $request_uri consistent;\n{servers}}}\n");
    let haproxy =
        |servers: &str| format!("backend b\n  balance uri\n  hash-type consistent\n{servers}");
    let cases = [
        // What nginx -t or haproxy -c refuses: 3, with the program's reason.
        (
            "zero.conf",
            nginx("  server a:80;\n  server b:80 weight=0;\n"),
            3,
            "Line 4: nginx refuses it: invalid parameter \u{201c}weight=0\u{201d}",
        ),
        (
            "backup.conf",
            nginx("  server a:80;\n  server b:80 backup;\n"),
            3,
            "Line 4: nginx refuses it: balancing method does not support parameter",
        ),
        (
            "port.cfg",
            haproxy("  server a 10.0.0.1:80\n  server b 10.0.0.2:70000\n"),
            3,
            "Line 5: port 70000",
        ),
        (
            "heavy.cfg",
            haproxy("  server a 10.0.0.1:80 weight 257\n"),
            3,
            "Line 4: HAProxy refuses it: the weight is not within 0 and 256 (257)",
        ),
        (
            "equals.cfg",
            haproxy("  server a 10.0.0.1:80 weight=3\n"),
            3,
            "Line 4: HAProxy refuses it: unknown keyword \u{201c}weight=3\u{201d}",
        ),
        (
            "same.cfg",
            haproxy("  server a 10.0.0.1:80\n  server a 10.0.0.2:80\n"),
            3,
            "Line 5: \u{201c}a\u{201d} is listed twice; HAProxy refuses it",
        ),
        (
            "ids.cfg",
            haproxy("  server a 10.0.0.1:80 id 3\n  server b 10.0.0.2:80 id 3\n"),
            3,
            "Line 5: id 3 is already a's",
        ),
        // What the program takes and ringdiff cannot count: 4, named.
        (
            "heavier.conf",
            nginx("  server a:80 weight=400;\n"),
            4,
            "Line 3: weight 400 is outside ringdiff's 0 to 327",
        ),
        (
            "twice.conf",
            nginx("  server a:80;\n  server a:80;\n"),
            4,
            "Line 4: \u{201c}a:80\u{201d} is listed twice; the model needs each server once",
        ),
        (
            "idle.cfg",
            haproxy("  server a 10.0.0.1:80 weight 0\n"),
            4,
            "No server of the pool after takes a key",
        ),
        (
            "empty.cfg",
            haproxy(""),
            4,
            "Found 0 servers in an HAProxy backend; ringdiff takes 1 to 1000",
        ),
        (
            "key.cfg",
            haproxy("  hash-key addr\n  server a 10.0.0.1:80\n"),
            3,
            "Line 4: HAProxy refuses it: unknown keyword \u{201c}hash-key\u{201d}",
        ),
    ];
    for (name, text, code, says) in cases {
        let bad = write(&dir, name, &text);
        let ran = ringdiff(&[&good, &bad]);
        assert_eq!(ran.code, code, "{name}: {}", ran.stderr);
        // The file and the line, or the pool when the whole pool is at fault.
        let named = format!("{bad}: {says}");
        assert!(
            ran.stderr.contains(&named)
                || (ran.stderr.contains(says) && says.contains("pool after")),
            "{name}: {}",
            ran.stderr
        );
        assert!(ran.stdout.is_empty());
    }
}

#[test]
fn what_the_programs_take_past_the_page_s_ranges_is_counted() {
    let dir = scratch("past-page");
    let good = write(&dir, "good.txt", "alpha\nbravo\n");
    let nginx =
        |servers: &str| format!("upstream u {{\n  hash $request_uri consistent;\n{servers}}}\n");
    let haproxy =
        |servers: &str| format!("backend b\n  balance uri\n  hash-type consistent\n{servers}");
    let many: String = (0..300)
        .map(|i| format!("  server 10.0.{}.{}:80;\n", i / 200, i % 200))
        .collect();
    for (name, text) in [
        ("one.conf", nginx("  server a:80;\n")),
        (
            "weight.conf",
            nginx("  server a:80 weight=300;\n  server b:80;\n"),
        ),
        ("many.conf", nginx(&many)),
        (
            "light.cfg",
            haproxy("  server a 10.0.0.1:80 weight 0\n  server b 10.0.0.2:80 weight 256\n"),
        ),
    ] {
        let pool = write(&dir, name, &text);
        let ran = ringdiff(&[&good, &pool, "--json"]);
        assert_eq!(ran.code, 0, "{name}: {}", ran.stderr);
        let out = json(&ran);
        for (id, row) in out["systems"].as_object().unwrap() {
            let share = row["space_share"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&share), "{name} {id}: {share}");
        }
    }
}

#[test]
fn a_usage_error_exits_2_as_clap_words_it() {
    let dir = scratch("usage");
    let good = write(&dir, "good.txt", "alpha\nbravo\n");
    // Usage errors, as clap words them: status 2, the reason on stderr.
    for (args, says) in [
        (
            vec![good.as_str()],
            "required arguments were not provided:\n  <AFTER>",
        ),
        (
            vec![&good, &good, "--keys", "0"],
            "0 is not in 1..=10000000",
        ),
        (
            vec![&good, &good, "--max-moved", "0.3"],
            "required arguments were not provided:\n  --system <ID>",
        ),
        (
            vec![&good, &good, "--system", "squid"],
            "invalid value 'squid' for '--system <ID>'",
        ),
        (vec![&good, &good, "--field", "7"], "--keys-file <FILE>"),
        (
            vec![&good, &good, "--keys", "5", "--keys-file", &good],
            "cannot be used with",
        ),
        (
            vec![&good, &good, "--system", "nginx", "--max-moved", "1.5"],
            "--max-moved takes a share",
        ),
        // A negative share is a bad share, not a flag.
        (
            vec![&good, &good, "--system", "nginx", "--max-moved", "-0.1"],
            "--max-moved takes a share from 0 to 1 (0.25) or a percentage (25%), not \u{201c}-0.1\u{201d}",
        ),
        (vec![&good, "missing.txt"], "missing.txt: "),
    ] {
        let ran = ringdiff(&args);
        assert_eq!(ran.code, 2, "{args:?}");
        assert!(ran.stderr.contains(says), "{args:?}: {}", ran.stderr);
    }
}

#[test]
fn the_same_pool_moves_nothing() {
    let dir = scratch("same");
    let pool = write(&dir, "pool.txt", "alpha\nbravo weight 2\ncharlie\n");
    let ran = ringdiff(&[
        &pool,
        &pool,
        "--keys",
        "100000",
        "--json",
        "--system",
        "ring",
        "--max-moved",
        "0",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert!(out["systems"]
        .as_object()
        .unwrap()
        .values()
        .all(|row| row["moved"] == 0));
    assert!(out["deploy"]
        .as_str()
        .unwrap()
        .starts_with("nothing changes"));
    // A share of nothing is 0, not the -0 an empty sum of floats gives.
    assert!(!ran.stdout.contains("-0"), "{}", ran.stdout);
}

#[test]
fn lines_that_give_no_key_are_counted_apart_and_in_no_share() {
    let dir = scratch("skipped");
    let before = write(&dir, "before.txt", "alpha\nbravo\n");
    let after = write(&dir, "after.txt", "alpha\nbravo\ncharlie\n");
    let mut log = String::new();
    for i in 0..300 {
        log.push_str(&format!("GET /p/{i} 200\n"));
    }
    for _ in 0..100 {
        log.push_str("short\n");
    }
    let log = write(&dir, "access.log", &log);
    let ran = ringdiff(&[
        &before,
        &after,
        "--keys-file",
        &log,
        "--field",
        "2",
        "--json",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(
        (
            out["keys"].as_u64(),
            out["requests"].as_u64(),
            out["lines_skipped"].as_u64()
        ),
        (Some(300), Some(300), Some(100))
    );
    // Keys asked for alike: the share of requests is the share of keys.
    let row = &out["systems"]["nginx-hash"];
    assert_eq!(row["moved_request_share"], row["moved_share"]);
    let text = ringdiff(&[&before, &after, "--keys-file", &log, "--field", "2"]);
    assert!(
        text.stdout.contains("300 distinct in 300 requests from"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("(100 lines without field 2"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_gate_names_both_shares_so_they_read_apart() {
    let dir = scratch("gate-decimals");
    let before = write(&dir, "before.conf", NGINX_BEFORE);
    let after = write(&dir, "after.conf", &nginx_after());
    // Without keys the gate judges the exact share of positions; with
    // them, the share of requests.
    for (keys, field, what) in [
        (None, "space_share", "of its hash's positions"),
        (Some("3000"), "moved_request_share", "of the keys counted"),
    ] {
        let mut args = vec![before.as_str(), after.as_str()];
        if let Some(keys) = keys {
            args.extend(["--keys", keys]);
        }
        let share = json(&ringdiff(&[&args[..], &["--json"]].concat()))["systems"]["nginx"][field]
            .as_f64()
            .unwrap();
        // Just under the measured share: over by less than a tenth of a percent.
        let limit = format!("{}", share - 0.00001);
        let ran = ringdiff(&[&args[..], &["--system", "nginx", "--max-moved", &limit]].concat());
        assert_eq!(ran.code, 1, "{}", ran.stderr);
        let said = ran.stderr.trim_end();
        assert!(said.contains(what), "{said}");
        let figures: Vec<&str> = said
            .split_whitespace()
            .filter(|w| w.ends_with('%'))
            .collect();
        assert_eq!(figures.len(), 2, "{said}");
        assert_ne!(figures[0], figures[1], "{said}");
    }
}

/// nginx `hash $key` (no `consistent`) by DEFINITIONS §15, for a model
/// independent of ringdiff's: (CRC32 >> 16) & 0x7FFF mod ΣW, walked
/// through the weights in list order.
fn nginx_hash_owner(key: &str, weights: &[u32]) -> Option<usize> {
    let mut w = ((crc32(key.as_bytes()) >> 16) & 0x7FFF) % weights.iter().sum::<u32>();
    weights.iter().position(|&weight| {
        let here = w < weight;
        w = w.saturating_sub(weight);
        here
    })
}

/// A log of `lines` requests for paths `/p/0` … over `distinct` paths,
/// each at least once, then path j about 1 in j; with each path's count.
fn skewed_log(distinct: usize, lines: usize) -> (String, Vec<u32>) {
    let mut log = String::new();
    let mut asked = vec![0u32; distinct];
    let mut state = 7u64;
    for i in 0..lines {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let u = (state >> 11) as f64 / (1u64 << 53) as f64;
        let j = if i < distinct {
            i
        } else {
            ((distinct as f64).powf(u) as usize).saturating_sub(1)
        };
        asked[j] += 1;
        log.push_str(&format!("/p/{j}\n"));
    }
    (log, asked)
}

#[test]
fn every_key_of_a_long_log_is_counted_none_sampled_and_a_gzipped_one_reads_the_same() {
    let dir = scratch("every-key");
    let before = write(&dir, "before.txt", "alpha\nbravo\ncharlie weight=2\n");
    let after = write(&dir, "after.txt", "alpha\nbravo\ncharlie weight=2\ndelta\n");
    // 1,000,000 requests over 230,000 distinct paths, more than twice what
    // the page places at once, asked for unevenly (path j about 1 in j).
    let (distinct, lines) = (230_000, 1_000_000);
    let (log, asked) = skewed_log(distinct, lines);
    let path = write(&dir, "keys.txt", &log);
    let ran = ringdiff(&[&before, &after, "--keys-file", &path, "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(out["keys"], distinct);
    assert_eq!(out["requests"], lines);
    // Key for key against the independent model: every key, every request.
    let (mut moved, mut moved_requests) = (0, 0);
    for (i, &requests) in asked.iter().enumerate() {
        let key = format!("/p/{i}");
        if nginx_hash_owner(&key, &[1, 1, 2]) != nginx_hash_owner(&key, &[1, 1, 2, 1]) {
            moved += 1;
            moved_requests += requests;
        }
    }
    let row = &out["systems"]["nginx-hash"];
    assert_eq!(row["moved"], moved);
    assert_eq!(
        row["moved_share"].as_f64().unwrap(),
        moved as f64 / distinct as f64
    );
    let share = row["moved_request_share"].as_f64().unwrap();
    assert!(
        (share - moved_requests as f64 / lines as f64).abs() < 1e-12,
        "{share}"
    );
    // The same log gzipped, and the same from standard input.
    let gz = dir.join("keys.txt.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut encoder, log.as_bytes()).unwrap();
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    let zipped = ringdiff(&[
        &before,
        &after,
        "--keys-file",
        gz.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(zipped.code, 0, "{}", zipped.stderr);
    assert_eq!(json(&zipped)["systems"], out["systems"]);
    let piped = Command::new(env!("CARGO_BIN_EXE_ringdiff"))
        .args([&before, &after, "--keys-file", "-", "--json"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    assert!(
        piped.status.success(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    let piped: serde_json::Value = serde_json::from_slice(&piped.stdout).unwrap();
    assert_eq!(piped["systems"], out["systems"]);
    assert_eq!(piped["keys"], distinct);
    // Tab-separated from standard input, which has no name to tell by.
    let tabbed: String = log
        .lines()
        .map(|key| format!("GET\t{key}\t200\n"))
        .collect();
    let tabbed = write(&dir, "keys.tsv", &tabbed);
    let split = Command::new(env!("CARGO_BIN_EXE_ringdiff"))
        .args([
            &before,
            &after,
            "--keys-file",
            "-",
            "--field",
            "2",
            "--split",
            "tabs",
            "--json",
        ])
        .stdin(std::fs::File::open(&tabbed).unwrap())
        .output()
        .unwrap();
    let split: serde_json::Value = serde_json::from_slice(&split.stdout).unwrap();
    assert_eq!(split["systems"], out["systems"]);
}

#[test]
fn the_text_table_lines_up_under_its_header() {
    let dir = scratch("columns");
    let before = write(&dir, "before.txt", "alpha\nbravo\n");
    let after = write(&dir, "after.txt", "alpha\nbravo\ncharlie\n");
    let counted = [
        "moved",
        "share",
        "95% range",
        "between",
        "requests",
        "space",
    ];
    for (keys, headings) in [(None, &["space"][..]), (Some("20000"), &counted[..])] {
        let mut args = vec![before.as_str(), after.as_str()];
        args.extend(keys.map(|keys| ["--keys", keys]).iter().flatten());
        let ran = ringdiff(&args);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        let lines: Vec<&str> = ran.stdout.lines().collect();
        let header = lines
            .iter()
            .position(|l| l.trim_start().starts_with("id "))
            .unwrap();
        let rows: Vec<&&str> = lines[header + 1..]
            .iter()
            .take_while(|l| !l.is_empty())
            .collect();
        assert_eq!(rows.len(), 9, "{}", ran.stdout);
        // Each figure ends where its heading does, on every row.
        for heading in headings {
            let end = lines[header].find(heading).unwrap() + heading.len();
            for row in &rows {
                // By characters: the range's dash is one, in three bytes.
                let chars: Vec<char> = row.chars().collect();
                assert!(
                    chars[end - 1] != ' ' && chars[end] == ' ',
                    "{heading}:\n{}\n{row}",
                    lines[header]
                );
            }
        }
    }
}

#[test]
fn help_and_version_answer_on_stdout_and_quiet_leaves_the_status_alone() {
    for flag in ["--help", "-h"] {
        let ran = ringdiff(&[flag]);
        assert_eq!(ran.code, 0, "{flag}");
        assert!(
            ran.stdout
                .contains("Usage: ringdiff [OPTIONS] <BEFORE> <AFTER>"),
            "{}",
            ran.stdout
        );
        assert!(ran.stderr.is_empty());
    }
    assert!(ringdiff(&["--help"]).stdout.contains("Exit status:\n  0  "));
    let version = ringdiff(&["--version"]);
    assert_eq!(
        (version.code, version.stdout.trim()),
        (0, concat!("ringdiff ", env!("CARGO_PKG_VERSION")))
    );
    let dir = scratch("quiet");
    let before = write(&dir, "before.conf", NGINX_BEFORE);
    let after = write(&dir, "after.conf", &nginx_after());
    let over = ringdiff(&[
        &before,
        &after,
        "--system",
        "nginx",
        "--max-moved",
        "1%",
        "--quiet",
    ]);
    assert_eq!(
        (over.code, over.stdout.as_str(), over.stderr.as_str()),
        (1, "", "")
    );
    let under = ringdiff(&[
        &before,
        &after,
        "--system",
        "nginx",
        "--max-moved",
        "99%",
        "-q",
    ]);
    assert_eq!((under.code, under.stdout.as_str()), (0, ""));
}

#[test]
fn markdown_is_a_table_with_the_same_figures_as_json() {
    let dir = scratch("markdown");
    let before = write(&dir, "before.conf", NGINX_BEFORE);
    let after = write(&dir, "after.conf", &nginx_after());
    // A cell is its share to a tenth of a percent.
    let near = |cell: &str, share: &serde_json::Value| {
        let cell: f64 = cell.trim_end_matches('%').parse().unwrap();
        (cell - share.as_f64().unwrap() * 100.0).abs() <= 0.05 + 1e-9
    };
    // Without keys: the exact share alone.
    let out = json(&ringdiff(&[&before, &after, "--format", "json"]));
    let ran = ringdiff(&[&before, &after, "--format", "markdown"]);
    let rows: Vec<&str> = ran.stdout.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows[0], "| System | id | Space |");
    for row in &rows[1..] {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let id = cells[1].trim_matches('`');
        assert!(near(cells[2], &out["systems"][id]["space_share"]), "{row}");
    }
    // With keys, their counts beside it.
    let out = json(&ringdiff(&[
        &before, &after, "--keys", "2000", "--format", "json",
    ]));
    let ran = ringdiff(&[
        &before, &after, "--keys", "2000", "--format", "markdown", "--system", "nginx",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let rows: Vec<&str> = ran.stdout.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(
        rows[0],
        "| System | id | Keys moved | Share | 95% range | Between | Requests moved | Space |"
    );
    assert_eq!(rows.len(), 1 + out["systems"].as_object().unwrap().len());
    for row in &rows[1..] {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let id = cells[1].trim_matches('`');
        let system = &out["systems"][id];
        assert_eq!(
            cells[2].replace(',', ""),
            system["moved"].to_string(),
            "{row}"
        );
        assert!(near(cells[3], &system["moved_share"]), "{row}");
        let range = &system["moved_share_95"];
        let (low, high) = cells[4].split_once('\u{2013}').unwrap();
        assert!(
            near(&format!("{low}%"), &range[0]) && near(high, &range[1]),
            "{row}"
        );
        assert_eq!(
            cells[5].replace(',', ""),
            system["moved_between"].to_string(),
            "{row}"
        );
        assert!(near(cells[7], &system["space_share"]), "{row}");
        // The judged system in bold.
        assert_eq!(cells[0].starts_with("**"), id == "nginx", "{row}");
    }
}

/// nginx `hash` (no `consistent`) with servers `down`, from
/// ngx_http_upstream_get_hash_peer: each try adds 15 bits of a CRC-32 to a
/// running sum, the try's number written before the key from the second
/// try on, walked over the total weight of every server; after 21 tries,
/// round robin (`None`).
fn nginx_hash_route(key: &str, weights: &[u32], down: &[usize]) -> Option<usize> {
    let total: u32 = weights.iter().sum();
    let mut sum = 0u32;
    for tries in 0..21u32 {
        let named = if tries == 0 {
            key.to_string()
        } else {
            format!("{tries}{key}")
        };
        sum = sum.wrapping_add((crc32(named.as_bytes()) >> 16) & 0x7FFF);
        let mut w = sum % total;
        let server = weights.iter().position(|&weight| {
            let here = w < weight;
            w = w.saturating_sub(weight);
            here
        })?;
        if !down.contains(&server) {
            return Some(server);
        }
    }
    None
}

#[test]
fn a_server_down_is_routed_past_and_a_backup_is_not_placed() {
    let dir = scratch("down-backup");
    let three = "upstream u {\n    hash $request_uri;\n    server 10.0.0.1:80;\n    server 10.0.0.2:80;\n    server 10.0.0.3:80;\n}\n";
    let before = write(&dir, "three.conf", three);
    let down = write(
        &dir,
        "down.conf",
        &three.replace("10.0.0.2:80;", "10.0.0.2:80 down;"),
    );
    // Without keys, a down server's keys are counted on 100,000 named ones.
    let ran = ringdiff(&[&before, &down, "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(out["keys"], 100_000);
    assert!(out["systems"]["nginx"]["space_share"].is_null());
    // nginx hash: exactly the down server's keys move, each where nginx's
    // retries send it, against the program's rule written again here.
    let (mut moved, mut on_down) = (0, 0);
    for i in 0..100_000 {
        let key = format!("key-{i}");
        let was = nginx_hash_route(&key, &[1, 1, 1], &[]);
        let now = nginx_hash_route(&key, &[1, 1, 1], &[1]);
        moved += usize::from(was != now);
        on_down += usize::from(was == Some(1));
    }
    assert_eq!(moved, on_down);
    let row = &out["systems"]["nginx-hash"];
    assert_eq!(row["moved"], moved);
    // The down server stays listed: every key moved is between servers
    // of both pools, where deleting its line would move two thirds.
    assert_eq!(row["moved_between"], moved);
    for id in ["nginx", "haproxy", "ring"] {
        let share = out["systems"][id]["moved_share"].as_f64().unwrap();
        assert!((0.25..0.42).contains(&share), "{id}: {share}");
    }
    // A backup at the end of an HAProxy backend is not placed: the pool
    // without it moves no key under any system.
    let backend = "backend b\n    balance uri\n    hash-type consistent\n    server s1 10.0.0.1:80\n    server s2 10.0.0.2:80\n";
    let plain = write(&dir, "plain.cfg", backend);
    let with_backup = write(
        &dir,
        "backup.cfg",
        &format!("{backend}    server s3 10.0.0.3:80 backup\n"),
    );
    let out = json(&ringdiff(&[&plain, &with_backup, "--json"]));
    for (id, row) in out["systems"].as_object().unwrap() {
        assert_eq!(row["space_share"], 0.0, "{id}");
    }
    // One in the middle still takes an id: HAProxy numbers s2 3, not 2,
    // so its nodes, and keys, move; the others' do not.
    let middle = write(
        &dir,
        "middle.cfg",
        &backend.replace(
            "    server s2",
            "    server sb 10.0.0.9:80 backup\n    server s2",
        ),
    );
    let out = json(&ringdiff(&[&plain, &middle, "--json"]));
    assert!(out["systems"]["haproxy"]["space_share"].as_f64().unwrap() > 0.0);
    assert_eq!(out["systems"]["nginx"]["space_share"], 0.0);
    assert!(
        out["deploy"].as_str().unwrap().contains("10.0.0.2:80 id"),
        "{}",
        out["deploy"]
    );
}

#[test]
fn named_keys_past_the_page_s_most_are_all_counted() {
    let dir = scratch("named");
    let before = write(&dir, "before.txt", "a\nb\nc\n");
    let after = write(&dir, "after.txt", "a\nb\nc\nd\n");
    let ran = ringdiff(&[&before, &after, "--keys", "250000", "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(out["keys"], 250_000);
    // key-0 … key-249999, every one, against the independent model.
    let moved = (0..250_000)
        .filter(|i| {
            let key = format!("key-{i}");
            nginx_hash_owner(&key, &[1, 1, 1]) != nginx_hash_owner(&key, &[1, 1, 1, 1])
        })
        .count();
    assert_eq!(out["systems"]["nginx-hash"]["moved"], moved);
}

#[test]
fn without_keys_each_share_is_exact_and_keys_drawn_at_random_land_near_it() {
    let dir = scratch("exact");
    let before = write(&dir, "before.txt", "alpha\nbravo\ncharlie weight=2\n");
    let after = write(&dir, "after.txt", "alpha\nbravo weight=3\ndelta\necho\n");
    let exact = json(&ringdiff(&[&before, &after, "--json"]));
    assert_eq!(
        (exact["keys"].as_u64(), exact["requests"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(exact["systems"]["nginx"].get("moved").is_none());
    // nginx `hash`: 15 bits of the CRC-32, each value 2^17 of its
    // positions, walked modulo the total weight; servers by name.
    let walk = |pool: &[(&str, u32)], value: u32| {
        let mut w = value % pool.iter().map(|s| s.1).sum::<u32>();
        for &(name, weight) in pool {
            if w < weight {
                return name.to_string();
            }
            w -= weight;
        }
        unreachable!()
    };
    let (was, now) = (
        [("alpha", 1), ("bravo", 1), ("charlie", 2)],
        [("alpha", 1), ("bravo", 3), ("delta", 1), ("echo", 1)],
    );
    let changed = (0..1u32 << 15)
        .filter(|&v| walk(&was, v) != walk(&now, v))
        .count();
    assert_eq!(
        exact["systems"]["nginx-hash"]["space_share"]
            .as_f64()
            .unwrap(),
        changed as f64 / 32768.0
    );
    // 100,000 keys that look random (hex of a SplitMix64 stream): each
    // system's share of them within four standard errors of the exact one.
    let mut state = 1u64;
    let keys: String = (0..100_000)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            format!("/{:016x}\n", z ^ (z >> 31))
        })
        .collect();
    let path = write(&dir, "keys.txt", &keys);
    let counted = json(&ringdiff(&[
        &before,
        &after,
        "--keys-file",
        &path,
        "--json",
    ]));
    for (id, row) in counted["systems"].as_object().unwrap() {
        let space = exact["systems"][id]["space_share"].as_f64().unwrap();
        assert_eq!(row["space_share"].as_f64().unwrap(), space, "{id}");
        let share = row["moved_share"].as_f64().unwrap();
        let error = (space * (1.0 - space) / 100_000.0).sqrt();
        assert!(
            (share - space).abs() <= 4.0 * error,
            "{id}: keys {share}, exact {space}"
        );
        let range = &row["moved_share_95"];
        let (low, high) = (range[0].as_f64().unwrap(), range[1].as_f64().unwrap());
        assert!(
            low < share && share < high && high - low < 0.01,
            "{id}: {range}"
        );
    }
}

#[test]
fn a_method_ringdiff_does_not_count_stops_it_and_a_no_op_with_a_server_down_moves_nothing() {
    let dir = scratch("methods");
    let nginx = |method: &str| {
        format!("upstream u {{\n    {method}\n    server 10.0.0.1:80;\n    server 10.0.0.2:80;\n    server 10.0.0.3:80 down;\n}}\n")
    };
    let consistent = write(
        &dir,
        "consistent.conf",
        &nginx("hash $request_uri consistent;"),
    );
    // Dropping `consistent` changes the method: no row counts that move.
    for (name, text, says) in [
        ("plain.conf", nginx("hash $request_uri;"), "the method changes"),
        ("ip.conf", nginx("ip_hash;"), "ip_hash does not place a key by a hash of it"),
        ("least.conf", nginx("least_conn;"), "least_conn does not place a key"),
        (
            "rr.cfg",
            "backend b\n    balance roundrobin\n    server s1 10.0.0.1:80\n".to_string(),
            "balance roundrobin does not place a key",
        ),
        (
            "map.cfg",
            "backend b\n    balance uri\n    server s1 10.0.0.1:80\n".to_string(),
            "without hash-type consistent is map-based",
        ),
        (
            "sdbm.cfg",
            "backend b\n    balance uri\n    hash-type consistent sdbm\n    server s1 10.0.0.1:80\n".to_string(),
            "models HAProxy's default hash (sdbm with avalanche) only",
        ),
    ] {
        let after = write(&dir, name, &text);
        let ran = ringdiff(&[&consistent, &after]);
        assert_eq!(ran.code, 4, "{name}: {}", ran.stderr);
        assert!(ran.stderr.contains(says), "{name}: {}", ran.stderr);
        assert!(!ran.stderr.contains(".;"), "{}", ran.stderr);
    }
    // The same pool, one server down on both sides: nothing moves under any
    // system, twemproxy's failed requests included, and the gate passes.
    let ran = ringdiff(&[
        &consistent,
        &consistent,
        "--json",
        "--system",
        "nginx",
        "--max-moved",
        "0%",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    for (id, row) in out["systems"].as_object().unwrap() {
        assert_eq!(row["moved"], 0, "{id}");
    }
    assert_eq!(out["gate"]["over"], false);
    // A server going down is said in the deploy's words.
    let up = write(
        &dir,
        "up.conf",
        &nginx("hash $request_uri consistent;").replace(" down;", ";"),
    );
    let out = json(&ringdiff(&[&up, &consistent, "--json"]));
    assert_eq!(out["deploy"], "10.0.0.3:80 marked down; order unchanged");
}

#[test]
fn a_damaged_log_line_is_skipped_a_long_key_kept_and_a_pool_read_from_standard_input() {
    let dir = scratch("damaged");
    let before = write(&dir, "before.txt", "alpha\nbravo\n");
    let after = write(&dir, "after.txt", "alpha\nbravo\ncharlie\n");
    let long = format!("/{}", "x".repeat(1_000));
    let mut log = b"/a\n/b\n".to_vec();
    log.extend_from_slice(b"/c\0d\n");
    log.extend_from_slice(format!("{long}\n/a\n").as_bytes());
    let path = dir.join("keys.log");
    std::fs::write(&path, &log).unwrap();
    let ran = ringdiff(&[
        &before,
        &after,
        "--keys-file",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let out = json(&ran);
    assert_eq!(
        (out["keys"].as_u64(), out["requests"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(out["lines_skipped"], 1);
    let text = ringdiff(&[&before, &after, "--keys-file", path.to_str().unwrap()]);
    assert!(
        text.stdout.contains("(1 line with a NUL byte skipped)"),
        "{}",
        text.stdout
    );
    // A Latin-1 comment, as nginx takes it; the pool after from standard input.
    std::fs::write(dir.join("latin.txt"), b"# caf\xe9\nalpha\nbravo\n").unwrap();
    let piped = Command::new(env!("CARGO_BIN_EXE_ringdiff"))
        .args([
            dir.join("latin.txt").to_str().unwrap(),
            "-",
            "--json",
            "--system",
            "nginx",
            "--max-moved",
            "90%",
        ])
        .stdin(std::fs::File::open(&after).unwrap())
        .output()
        .unwrap();
    assert!(
        piped.status.success(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    let piped: serde_json::Value = serde_json::from_slice(&piped.stdout).unwrap();
    assert_eq!(
        piped["deploy"],
        "charlie added at the end; order otherwise unchanged"
    );
    assert_eq!(piped["gate"]["system"], "nginx");
    // An empty pool file is a usage error.
    let empty = write(&dir, "empty.txt", "\n");
    assert_eq!(ringdiff(&[&empty, &after]).code, 2);
}

#[test]
fn a_change_of_what_is_hashed_stops_the_gate_and_the_row_judged_is_the_one_the_configs_select() {
    let dir = scratch("hashed");
    let nginx = |method: &str| {
        format!(
            "upstream u {{\n    {method}\n    server 10.0.0.1:80;\n    server 10.0.0.2:80;\n}}\n"
        )
    };
    let before = write(&dir, "before.conf", &nginx("hash $request_uri consistent;"));
    for (name, text, says) in [
        // The hash line dropped: nginx balances round robin.
        (
            "dropped.conf",
            nginx(""),
            "No hash line: nginx balances round robin",
        ),
        (
            "uri.conf",
            nginx("hash $uri consistent;"),
            "\u{201c}hash $request_uri\u{201d} before and \u{201c}hash $uri\u{201d} after",
        ),
    ] {
        let after = write(&dir, name, &text);
        let ran = ringdiff(&[&before, &after, "--system", "nginx", "--max-moved", "50%"]);
        assert_eq!(ran.code, 4, "{name}: {}", ran.stderr);
        assert!(ran.stderr.contains(says), "{name}: {}", ran.stderr);
    }
    let backend = |balance: &str| {
        format!("backend b\n    balance {balance}\n    hash-type consistent\n    server s1 10.0.0.1:80\n    server s2 10.0.0.2:80\n")
    };
    let uri = write(&dir, "uri.cfg", &backend("uri"));
    let whole = write(&dir, "whole.cfg", &backend("uri whole"));
    let ran = ringdiff(&[&uri, &whole]);
    assert_eq!(ran.code, 4, "{}", ran.stderr);
    assert!(
        ran.stderr.contains("what the pool hashes changes"),
        "{}",
        ran.stderr
    );
    // The gate judges the row the configs select, not another.
    let plain = write(&dir, "plain.conf", &nginx("hash $request_uri;"));
    let grown = write(
        &dir,
        "grown.conf",
        &nginx("hash $request_uri;").replace("}\n", "    server 10.0.0.3:80;\n}\n"),
    );
    let ran = ringdiff(&[&plain, &grown, "--system", "nginx", "--max-moved", "30%"]);
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("--system nginx, but the configs' hash lines select nginx-hash"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        ringdiff(&[
            &plain,
            &grown,
            "--system",
            "nginx-hash",
            "--max-moved",
            "30%"
        ])
        .code,
        1
    );
    // A file of comments alone has no pool: a usage error.
    let comments = write(&dir, "comments.conf", "# nothing yet\n");
    assert_eq!(ringdiff(&[&comments, &plain]).code, 2);
}

#[test]
fn an_haproxy_server_is_known_by_its_address_and_a_full_nginx_conf_is_read() {
    let dir = scratch("addresses");
    let backend = |third: &str| {
        format!("global\n  maxconn 100\ndefaults\n  mode http\nfrontend f\n  bind :80\n  default_backend be\nbackend be\n  balance uri\n  hash-type consistent\n  server varnish1 10.0.0.21:6081 check\n  server varnish2 10.0.0.22:6081 check\n  {third}\nlisten stats\n  bind 127.0.0.1:18404\n  stats enable\n")
    };
    let before = write(
        &dir,
        "before.cfg",
        &backend("server varnish3 10.0.0.23:6081 check"),
    );
    // A new machine under the old name: its keys reach another machine.
    let swapped = write(
        &dir,
        "swapped.cfg",
        &backend("server varnish3 10.0.0.33:6081 check"),
    );
    let out = json(&ringdiff(&[&before, &swapped, "--json"]));
    let share = out["systems"]["haproxy"]["space_share"].as_f64().unwrap();
    assert!((0.2..0.5).contains(&share), "{share}");
    assert!(
        out["deploy"]
            .as_str()
            .unwrap()
            .starts_with("10.0.0.23:6081 replaced by 10.0.0.33:6081"),
        "{}",
        out["deploy"]
    );
    // The same machine renamed: HAProxy places by id, so nothing moves.
    let renamed = write(
        &dir,
        "renamed.cfg",
        &backend("server varnish9 10.0.0.23:6081 check"),
    );
    let out = json(&ringdiff(&[&before, &renamed, "--json"]));
    assert_eq!(out["systems"]["haproxy"]["space_share"], 0.0);
    // A whole nginx.conf: its upstream is the pool, its server block not.
    let conf = |extra: &str| {
        format!("events {{}}\nhttp {{\n  log_format small '$uri';\n  upstream backend {{\n    hash $request_uri consistent;\n    server 10.0.0.11:8080\n        max_fails=3 fail_timeout=1m30s;\n    server 10.0.0.12:8080;{extra}\n  }}\n  server {{\n    listen 80;\n    location / {{ proxy_pass http://backend; }}\n  }}\n}}\n")
    };
    let before = write(&dir, "nginx-before.conf", &conf(""));
    let after = write(&dir, "nginx-after.conf", &conf(" server 10.0.0.13:8080;"));
    let ran = ringdiff(&[&before, &after, "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        json(&ran)["deploy"],
        "10.0.0.13:8080 added at the end; order otherwise unchanged"
    );
}
