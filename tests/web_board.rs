//! `redfool serve` end to end: the server on a free port, Debian's Chromium
//! driven through the page by `tests/browser/e2e.mjs` (playwright-core),
//! then what the page exported checked with the rules core, a closed tab's
//! search checked to have stopped, and Ctrl-C checked to stop the server.
//!
//! Needs `chromium` (apt-get install chromium), Node.js, and
//! `npm ci --prefix tests/browser`; without them the test fails and says so.

use matchrunner::pgn;
use movegen::RedFool;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the browser script may run.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(150);

fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// Fails with what to install when a prerequisite is missing.
fn check_prerequisites() -> String {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    assert!(Path::new(&chromium).exists(), "{chromium} is missing: apt-get install chromium (or set CHROMIUM)");
    let node = Command::new("node").arg("--version").output();
    assert!(node.is_ok_and(|o| o.status.success()), "node is missing: apt-get install nodejs npm");
    let playwright = browser_dir().join("node_modules/playwright-core");
    assert!(playwright.exists(), "{} is missing: run npm ci --prefix tests/browser", playwright.display());
    chromium
}

/// The server, killed if the test fails before it is stopped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// CPU time the process has used, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server's /proc stat");
    let fields: Vec<&str> = stat.rsplit_once(')').expect("a stat line").1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn play_and_analyse_in_a_real_browser() {
    let chromium = check_prerequisites();
    let mut child = Command::new(env!("CARGO_BIN_EXE_redfool"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("redfool serve starts");
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = Server(child);
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    let url = first.split_whitespace().find(|w| w.starts_with("http://")).expect("the address is printed").to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "binds to 127.0.0.1 by default: {first}");

    let out = std::env::temp_dir().join(format!("redfool-web-board-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let mut script = Command::new("node");
    script
        .arg(browser_dir().join("e2e.mjs"))
        .env("REDFOOL_URL", &url)
        .env("REDFOOL_BIN", env!("CARGO_BIN_EXE_redfool"))
        .env("OUT_DIR", &out)
        .env("CHROMIUM", chromium);
    let mut script = script.spawn().expect("node runs the browser script");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = script.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > SCRIPT_TIMEOUT {
            let _ = script.kill();
            panic!("the browser script took more than {SCRIPT_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "the browser script failed: {status}");

    // The exported PGN replays with the rules core to the position shown.
    let text = std::fs::read_to_string(out.join("game.pgn")).unwrap();
    let games = pgn::parse(&text).unwrap();
    let replay = pgn::replay::<RedFool>(&games[0], false).unwrap();
    assert_eq!(replay.moves.len(), 4, "{text}");
    assert_eq!(replay.position.fen(), std::fs::read_to_string(out.join("game.fen")).unwrap().trim(), "{text}");
    assert!(text.contains("@"), "the Fool's answer is in the SAN: {text}");
    let _ = std::fs::remove_dir_all(&out);

    // The tab closed with its analysis running: the search must have stopped.
    let pid = server.0.id();
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(2));
    let used = cpu_ticks(pid) - before;
    assert!(used < 40, "the server used {used} ticks of CPU in 2 s after its only tab closed");

    // Ctrl-C stops the server cleanly.
    let killed = Command::new("kill").args(["-INT", &pid.to_string()]).status().unwrap();
    assert!(killed.success());
    let mut server = server;
    let started = Instant::now();
    let exit = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the server did not stop within 10 s of Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "the server exits with success after Ctrl-C: {exit}");
    let mut said = String::new();
    std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut said).unwrap();
    assert!(said.contains("redfool serve: stopped"), "{said}");
}
