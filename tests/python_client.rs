//! A real UCI client accepts the engine: python-chess's `chess.engine`
//! plays short orthodox and Chess960 games against redfool (CI installs
//! python-chess with pip).

use std::process::Command;

#[test]
fn python_chess_plays_through_uci() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/uci_client.py");
    let output = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_redfool"))
        .output()
        .expect("python3 runs (python-chess must be installed: pip install chess)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stdout.trim_end().ends_with("ok"), "stdout:\n{stdout}\nstderr:\n{stderr}");
}
