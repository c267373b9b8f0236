//! The config reader takes an upstream server line exactly when nginx
//! does: each case is written into a whole nginx.conf and checked with the
//! real `nginx -t` (Debian's nginx-light, which `./dev` installs), and with
//! `config::read` on the same upstream block.

use std::path::PathBuf;

use config::Refusal;
use model::deploy::Bounds;
use std::process::Command;

/// A directory of this test's own, emptied first.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("config-nginx-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("logs")).unwrap();
    dir
}

/// Whether `nginx -t` takes a config whose only upstream is `block`.
fn nginx_takes(dir: &PathBuf, block: &str) -> bool {
    let conf = format!(
        "pid {dir}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\n{block}\nserver {{ listen 127.0.0.1:18080; location / {{ proxy_pass http://u; }} }}\n}}\n",
        dir = dir.display()
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).unwrap();
    let ran = Command::new("nginx")
        .arg("-t")
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&path)
        .output()
        .expect("nginx, the real program this checks against (./dev installs nginx-light)");
    ran.status.success()
}

/// Whether the reader takes `block` as far as nginx's own rules go: what
/// nginx takes and the model cannot count (a weight past 327) is not a
/// refusal of nginx's.
fn takes(block: &str) -> bool {
    !matches!(
        config::read(block, Bounds::COUNTED),
        Err(Refusal::Program(_))
    )
}

#[test]
fn a_server_line_is_taken_exactly_when_nginx_takes_it() {
    let dir = scratch();
    let parameters = [
        "",
        "weight=2",
        "max_fails=3",
        "max_fails=0",
        "fail_timeout=10s",
        "fail_timeout=1m",
        "fail_timeout=30",
        "max_conns=5",
        "down",
        "max_fails=3 fail_timeout=5s weight=3",
        "bogus=1",
        "resolve",
        "drain",
        "route=a",
        "slow_start=30s",
        "max_fails=x",
        "fail_timeout=10q",
        "weight=2x",
        "weight=0",
        "weight=300",
        "weight=400",
        "weight=-1",
        "weight=",
    ];
    let mut disagree = Vec::new();
    for hash in ["hash $request_uri consistent;", "hash $request_uri;"] {
        for parameter in parameters {
            let block = format!("upstream u {{\n    {hash}\n    server 10.0.0.1:80;\n    server 10.0.0.2:80 {parameter};\n}}");
            let (real, ours) = (nginx_takes(&dir, &block), takes(&block));
            if real != ours {
                disagree.push(format!(
                    "{hash} {parameter}: nginx {real}, the reader {ours}"
                ));
            }
        }
        // `backup` after `hash` stops nginx; before it, nginx takes it.
        for block in [
            format!("upstream u {{\n    {hash}\n    server 10.0.0.1:80;\n    server 10.0.0.2:80 backup;\n}}"),
            format!("upstream u {{\n    server 10.0.0.1:80;\n    server 10.0.0.2:80 backup;\n    {hash}\n}}"),
        ] {
            let (real, ours) = (nginx_takes(&dir, &block), takes(&block));
            if real != ours {
                disagree.push(format!("{block}: nginx {real}, the reader {ours}"));
            }
        }
    }
    // Statements, not lines: a server over three lines, two on one line, a
    // missing `;`, a stray `}`; and a whole nginx.conf with a server block.
    for block in [
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80\n        max_fails=3\n        fail_timeout=30s;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80; server 10.0.0.2:80;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80\n    server 10.0.0.2:80;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80;\n}\n}",
        "upstream u { hash $request_uri consistent; server 10.0.0.1:80 weight=2; server 10.0.0.2:80; }",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 fail_timeout=1m30s;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 fail_timeout=30000ms;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 fail_timeout=30s1m;\n}",
        "upstream u {\n    hash $request_uri consistent;\n    server http://10.0.0.1:80;\n}",
        "map $uri $x { default 1; }\nlog_format small '$uri';\nupstream u {\n    hash $request_uri consistent;\n    server 10.0.0.1:80;\n    server 10.0.0.2:80;\n}\nserver { listen 127.0.0.1:18081; location / { proxy_pass http://u; } }",
    ] {
        let (real, ours) = (nginx_takes(&dir, block), takes(block));
        if real != ours {
            disagree.push(format!("{block}: nginx {real}, the reader {ours}"));
        }
    }
    // Which balancing methods refuse a backup after them.
    for method in [
        "ip_hash;",
        "random;",
        "least_conn;",
        "hash $arg_id consistent;",
    ] {
        let block = format!(
            "upstream u {{\n    {method}\n    server 10.0.0.1:80;\n    server 10.0.0.2:80 backup;\n}}"
        );
        let (real, ours) = (nginx_takes(&dir, &block), takes(&block));
        if real != ours {
            disagree.push(format!("{block}: nginx {real}, the reader {ours}"));
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}
