//! The config reader refuses an HAProxy server line exactly when HAProxy
//! does: each case is written into a whole haproxy.cfg (with a frontend, as
//! Debian's package checks one) and checked with the real `haproxy -c`
//! (HAProxy 2.6, which `./dev` installs), and with `config::read` on the
//! same backend. What HAProxy takes and the model cannot count is not a
//! refusal of the program's: only `Refusal::Program` is compared.

use std::path::{Path, PathBuf};
use std::process::Command;

use config::Refusal;
use model::deploy::Bounds;

/// A directory of this test's own, emptied first.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("config-haproxy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether `haproxy -c` takes a config whose only backend is `backend`.
fn haproxy_takes(dir: &Path, backend: &str) -> bool {
    let conf = format!(
        "global\n  maxconn 100\ndefaults\n  mode http\n  timeout connect 1s\n  timeout client 1s\n  timeout server 1s\nfrontend f\n  bind 127.0.0.1:18081\n  default_backend b\n{backend}"
    );
    let path = dir.join("haproxy.cfg");
    std::fs::write(&path, conf).unwrap();
    let ran = Command::new("haproxy")
        .arg("-c")
        .arg("-q")
        .arg("-f")
        .arg(&path)
        .output()
        .expect("haproxy, the real program this checks against (./dev installs it)");
    ran.status.success()
}

#[test]
fn a_server_line_is_refused_exactly_when_haproxy_refuses_it() {
    let dir = scratch();
    let options = [
        "",
        "weight 0",
        "weight 1",
        "weight 10",
        "weight 256",
        "weight 257",
        "weight -1",
        "weight x",
        "weight 3x",
        "weight",
        "weight 99999999999",
        "weight=3",
        "check",
        "check inter 2s rise 2 fall 3",
        "maxconn 10 maxqueue 5",
        "cookie s2",
        "disabled",
        "enabled",
        "backup",
        "id 5",
        "id 0",
        "id x",
        "send-proxy",
        "slowstart 10s",
        "port 8080 check",
        "observe layer7 error-limit 5 on-error mark-down",
        "bogus",
        "weight 2 bogus 3",
    ];
    let mut disagree = Vec::new();
    let mut check = |backend: String| {
        let real = haproxy_takes(&dir, &backend);
        let ours = !matches!(
            config::read(&backend, Bounds::COUNTED),
            Err(Refusal::Program(_))
        );
        if real != ours {
            disagree.push(format!("{backend}: haproxy {real}, the reader {ours}"));
        }
    };
    for option in options {
        check(format!(
            "backend b\n  balance uri\n  hash-type consistent\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80 {option}\n"
        ));
    }
    for servers in [
        // Two of one name; ids taken twice; ports out of range and none.
        "  server s1 10.0.0.1:80\n  server s1 10.0.0.2:80\n",
        "  server s1 10.0.0.1:80 id 3\n  server s2 10.0.0.2:80 id 3\n",
        "  server s1 10.0.0.1:70000\n",
        "  server s1 10.0.0.1:0\n",
        "  server s1 10.0.0.1\n",
        "  server s1\n",
        "",
    ] {
        check(format!(
            "backend b\n  balance uri\n  hash-type consistent\n{servers}"
        ));
    }
    // The backend's own lines: hash types, a hash-key, a second backend.
    for lines in [
        "  balance uri\n  hash-type consistent avalanche\n",
        "  balance uri\n  hash-type consistent xyz\n",
        "  balance uri\n  hash-type consistent sdbm avalanche\n",
        "  balance uri\n  hash-type consistent djb2\n",
        "  balance uri\n  hash-type map-based\n",
        "  balance uri\n  hash-type bogus\n",
        "  balance uri whole\n  hash-type consistent\n",
        "  balance url_param id\n  hash-type consistent\n",
        "  balance uri\n  hash-type consistent\n  hash-key addr\n",
    ] {
        check(format!("backend b\n{lines}  server s1 10.0.0.1:80\n"));
    }
    check(
        "backend b\n  balance uri\n  server s1 10.0.0.1:80\nbackend c\n  server s2 10.0.0.2:80\n"
            .to_string(),
    );
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}
