//! Resources of a long match (issue #16): a 200-game depth-1 match leaves no
//! zombie process and no open descriptor behind, and never holds more
//! engine processes or descriptors than its games in progress need.
//!
//! The match runs inside a process of its own (this test binary again,
//! running the ignored test `match_cases`), so that /proc shows that
//! process's children and descriptors and nothing of other tests; the
//! parent checks that it passed. The runner's report lines go to the
//! parent, not to the test log.

use std::collections::BTreeSet;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const GAMES: usize = 200;
const CONCURRENCY: usize = 2;

#[test]
fn a_long_match_leaves_no_zombie_and_no_open_descriptor() {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", "match_cases", "--ignored", "--nocapture", "--test-threads", "1"])
        .output()
        .expect("the test binary runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success() && stdout.contains("1 passed"), "{stderr}\n{}", tail(&stdout));
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// The open descriptors of this process.
fn descriptors() -> BTreeSet<String> {
    std::fs::read_dir("/proc/self/fd")
        .expect("Linux /proc")
        .filter_map(|entry| {
            let entry = entry.ok()?;
            // The directory read itself holds a descriptor that is gone by
            // the time the link is read.
            let target = std::fs::read_link(entry.path()).ok()?;
            (!target.ends_with("fd"))
                .then(|| format!("{} -> {}", entry.file_name().to_string_lossy(), target.display()))
        })
        .collect()
}

/// The children of this process, each with its state letter (`Z`: zombie).
fn children() -> Vec<(u32, char)> {
    let me = std::process::id();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("Linux /proc").flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(") ") else { continue };
        let mut fields = rest.split(' ');
        let state = fields.next().and_then(|s| s.chars().next()).unwrap_or('?');
        if fields.next().and_then(|p| p.parse::<u32>().ok()) == Some(me) {
            found.push((pid, state));
        }
    }
    found
}

#[test]
#[ignore = "run in a process of its own by a_long_match_leaves_no_zombie_and_no_open_descriptor"]
fn match_cases() {
    let pgn = std::env::temp_dir().join(format!("redfool-resources-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let engine = format!("cmd={}", env!("CARGO_BIN_EXE_redfool"));
    let args: Vec<String> = [
        "-engine",
        &engine,
        "name=a",
        "-engine",
        &engine,
        "name=b",
        "-each",
        "depth=1",
        "-variant",
        "redfool",
        "-rounds",
        &(GAMES / 2).to_string(),
        "-games",
        "2",
        "-concurrency",
        &CONCURRENCY.to_string(),
        "-random-plies",
        "6",
        "-srand",
        "16",
        "-maxmoves",
        "30",
        "-ratinginterval",
        "0",
        "-pgnout",
        &format!("file={}", pgn.display()),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();

    assert!(children().is_empty(), "children before the match: {:?}", children());
    let before = descriptors();
    // While the match runs: at most two engines per game in progress, and
    // a bounded number of descriptors (three pipes per engine, the PGN).
    let running = Arc::new(AtomicBool::new(true));
    let peak = Arc::new(Mutex::new((0usize, 0usize, Vec::new())));
    let monitor = {
        let (running, peak) = (running.clone(), peak.clone());
        std::thread::spawn(move || {
            while running.load(Ordering::Relaxed) {
                let (kids, fds) = (children(), descriptors().len());
                let mut peak = peak.lock().unwrap();
                peak.0 = peak.0.max(kids.len());
                peak.1 = peak.1.max(fds);
                if kids.len() > 2 * CONCURRENCY {
                    peak.2 = kids;
                }
                drop(peak);
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let result = matchrunner::run(&args);
    running.store(false, Ordering::Relaxed);
    monitor.join().unwrap();
    result.expect("the match ran");

    let text = std::fs::read_to_string(&pgn).expect("the PGN was written");
    assert_eq!(text.matches("[Result ").count(), GAMES, "every game recorded");
    let _ = std::fs::remove_file(&pgn);
    let (max_children, max_descriptors, crowd) = peak.lock().unwrap().clone();
    assert!(max_children >= 2, "the monitor saw the engines run");
    assert!(max_children <= 2 * CONCURRENCY, "{max_children} engine processes at once: {crowd:?}");
    assert!(max_descriptors <= before.len() + 3 * 2 * CONCURRENCY + 4, "{max_descriptors} descriptors at once");
    // Afterwards: every engine process reaped, every descriptor closed.
    assert_eq!(children(), [], "engine processes left behind (Z: zombie)");
    let after = descriptors();
    assert_eq!(after.difference(&before).collect::<Vec<_>>(), Vec::<&String>::new(), "descriptors left open");
}
