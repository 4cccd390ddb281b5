//! OpenBench's way of building and benching an engine (issue #14 item 6):
//! `make EXE=<path>` builds the engine to that path, and `<path> bench`
//! prints the node count and speed in lines OpenBench's client reads; the
//! same from the `bench` UCI command.
//!
//! The make test reuses the build this test run made (the Makefile's
//! PROFILE and CARGO_TARGET_DIR point cargo at it), so it costs no new
//! compilation.

mod support;

use std::path::Path;
use std::process::Command;
use support::Engine;

/// Bench and speed as OpenBench's client reads them: scanning the output
/// from its last line up, with every character but letters, digits and
/// spaces turned into a space, the first `nodes searched <n>` (or `<n>
/// nodes`, `nodes <n>`) is the bench, the first `nodes second <n>` (or
/// `<n> nps`, `nps <n>`) the speed.
fn openbench_reading(output: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in output.trim().lines().rev() {
        let cleaned: String = line
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == ' ' { c.to_ascii_lowercase() } else { ' ' })
            .collect();
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        let number = |w: &str| w.parse::<u64>().ok();
        for (i, pair) in words.windows(2).enumerate() {
            let found_bench = match pair {
                [n, "nodes"] => number(n),
                ["nodes", n] => number(n),
                ["searched", n] if i > 0 && words[i - 1] == "nodes" => number(n),
                _ => None,
            };
            let found_nps = match pair {
                [n, "nps"] => number(n),
                ["nps", n] => number(n),
                ["second", n] if i > 0 && words[i - 1] == "nodes" => number(n),
                _ => None,
            };
            bench = bench.or(found_bench);
            nps = nps.or(found_nps);
        }
    }
    (bench, nps)
}

/// The last two lines are the ones OpenBench reads, and they agree.
#[track_caller]
fn assert_openbench_lines(output: &str) -> u64 {
    let last: Vec<&str> = output.trim().lines().rev().take(2).collect();
    assert!(last[1].starts_with("Nodes searched: "), "{output}");
    assert!(last[0].starts_with("Nodes/second: "), "{output}");
    let nodes: u64 = last[1]["Nodes searched: ".len()..].parse().unwrap();
    let (bench, nps) = openbench_reading(output);
    assert_eq!(bench, Some(nodes), "{output}");
    assert!(nps.is_some_and(|n| n > 0), "{output}");
    nodes
}

#[test]
fn make_builds_the_engine_to_exe_and_its_bench_reads_as_openbench_expects() {
    let built = Path::new(env!("CARGO_BIN_EXE_redfool"));
    let profile_dir = built.parent().unwrap();
    let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
        "debug" => "dev",
        other => other,
    };
    let target = profile_dir.parent().unwrap();
    let out_dir = std::env::temp_dir().join(format!("redfool-openbench-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let exe = out_dir.join("redfool-dev");
    let make = Command::new("make")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("-j")
        .arg(format!("EXE={}", exe.display()))
        .arg(format!("PROFILE={profile}"))
        .arg("CC=cargo")
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("make runs (apt-get install make)");
    assert!(make.status.success(), "make failed:\n{}", String::from_utf8_lossy(&make.stderr));
    // OpenBench runs `<exe> bench`, no arguments, no input, twice or more,
    // and wants the same node count each time (the search's signature).
    let bench = || {
        let out = Command::new(&exe).arg("bench").stdin(std::process::Stdio::null()).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_openbench_lines(&String::from_utf8_lossy(&out.stdout))
    };
    assert_eq!(bench(), bench());
    std::fs::remove_dir_all(&out_dir).unwrap();
}

#[test]
fn bench_is_a_uci_command_too() {
    let mut engine = Engine::start();
    engine.send("bench 3");
    let lines = engine.read_until("the bench's last line", |l| l.starts_with("Nodes/second"));
    let nodes = assert_openbench_lines(&lines.join("\n"));
    let cli = Command::new(support::binary()).args(["bench", "3"]).output().unwrap();
    assert_eq!(assert_openbench_lines(&String::from_utf8_lossy(&cli.stdout)), nodes, "the same bench both ways");
    // The session goes on.
    assert!(engine.ask("position startpos").is_empty());
    let lines = engine.ask("bench x");
    assert!(lines[0].starts_with("info string error: bench: depth 'x'"), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn the_reading_follows_openbench_rules() {
    assert_eq!(openbench_reading("Nodes searched  : 123\nNodes/second    : 45"), (Some(123), Some(45)));
    assert_eq!(openbench_reading("junk\n123 nodes 45 nps"), (Some(123), Some(45)));
    // The last line wins; a line without either gives nothing.
    assert_eq!(openbench_reading("1 nodes 2 nps\n3 nodes 4 nps"), (Some(3), Some(4)));
    assert_eq!(openbench_reading("Total time (ms): 17"), (None, None));
}
