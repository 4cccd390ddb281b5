//! The `redfool` command: speaks UCI with no arguments, and offers
//! sub-commands for people (perft, startpos, …).

mod analyse_cmd;
mod args;
mod game_setup;
mod output;
mod perft_cmd;
mod play_cmd;
mod startpos_cmd;

use std::process::ExitCode;

const USAGE: &str = "\
usage: redfool [COMMAND] [OPTIONS]

With no command, redfool speaks UCI on standard input and output.

commands:
  perft <depth> [--variant V] [--chess960] [--fen FEN] [--divide] [--threads N]
        count the leaf nodes of the legal-move tree (last line: Nodes searched: N)
  startpos [--variant V] [--chess960 [--number N | --seed S]]
        print a start position's FEN (Chess960 arrays by Scharnagl number 0-959)
  analyse [--variant V] [--chess960] [--fen FEN | --number N] [--moves M...]
          [--depth N | --movetime MS] [--multipv K] [--threads N]
        search a position and print the best lines in SAN with scores in pawns
  play [--variant V] [--chess960] [--fen FEN | --number N] [--moves M...]
       [--colour white|black] [--depth N | --movetime MS]
        play a game against the engine in the terminal
  bench [depth]
        search a fixed set of positions; last lines: Nodes searched, Nodes/second
  match --engine cmd=PATH ... --engine cmd=PATH ... --games N (--tc|--st|--nodes|--depth) ...
        play a match between two UCI engines, refereed by the rules core (match --help)
  --help     print this help
  --version  print the version

variants: redfool (default), chess, tamruat";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("perft") => perft_cmd::run(&argv[1..]),
        Some("bench") => engine::bench::run(&argv[1..]),
        Some("startpos") => startpos_cmd::run(&argv[1..]),
        Some("analyse") | Some("analyze") => analyse_cmd::run(&argv[1..]),
        Some("play") => play_cmd::run(&argv[1..]),
        Some("match") => matchrunner::run(&argv[1..]),
        Some("--help") | Some("-h") | Some("help") => output::print(&format!("{USAGE}\n")),
        Some("--version") | Some("-V") => output::print(&format!("redfool {}\n", env!("CARGO_PKG_VERSION"))),
        Some(other) => Err(format!("unknown command '{other}' (try redfool --help)")),
        None => {
            engine::uci::run();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("redfool: {message}");
            ExitCode::from(2)
        }
    }
}
