//! The `redfool match` command line, read into a [`MatchConfig`]. Options
//! follow fastchess: `--name value` for plain options and `--name key=value
//! …` for grouped ones (`--engine`, `--sprt`, `--resign`, `--draw`).

use super::adjudication::{DrawRule, MaxMoves, ResignRule};
use super::clock::{parse_seconds, TimeControl, MAX_SECONDS};
use super::engine_process::EngineSpec;
use super::stats::{Sprt, SprtModel};
use movegen::VariantKind;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The help text of `redfool match`.
pub const USAGE: &str = "\
usage: redfool match --engine cmd=<path> [name=<n>] [arg=<a>]... [option.<Name>=<value>]...
                     --engine ... --games <N> (--tc <base>+<inc> | --st <s> | --nodes <N> | --depth <N>)
                     [options]

Plays a match between two UCI engines, refereed with redfool's rules core.

engines and games:
  --engine ...          an engine: its command, name, arguments and UCI options (give two)
  --variant <V>         the variant, as in redfool --help (default redfool); sent as UCI_Variant
  --chess960            Chess960 start arrays (random by --seed without --openings)
  --games <N>           games per round
  --rounds <R>          rounds (default 1): the match has N x R games
  --concurrency <C>     games played at once, each by its own engine processes (default 1)
  --recover             restart an engine that crashed or hung and go on; without it
                        the match stops after the games in progress
limits:
  --tc <base>+<inc>     a Fischer clock in seconds, e.g. 10+0.1
  --st <s>              seconds per move
  --nodes <N>, --depth <N>
  --timemargin <ms>     lateness forgiven on each move (default 10)
  --timeout <s>         the longest wait for a reply no clock limits (default 60)
openings:
  --openings <file>     EPD or PGN openings
  --order <o>           sequential (default) or random
  --random-plies <K>    add K random moves to every opening
  --seed <S>            seed for random order, Chess960 arrays and random moves
  --repeat              play each opening twice, colours swapped
output and stopping:
  --pgnout <file>       append every finished game to this PGN file
  --report <N>          print the full statistics every N games
  --sprt elo0=<e0> elo1=<e1> [alpha=0.05] [beta=0.05] [model=normalized|logistic]
                        stop when the SPRT over game pairs accepts a hypothesis
  --resign movecount=<n> score=<cp>
  --draw movenumber=<n> movecount=<n> score=<cp>
  --maxmoves <n>        draw a game still going after move n

Every finished game is written to the PGN file at once and followed by a score
line, so an interrupted match (Ctrl-C) loses no finished game.";

/// How openings are taken from the file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    Sequential,
    Random,
}

/// Everything `redfool match` was asked to do.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchConfig {
    pub engines: [EngineSpec; 2],
    pub variant: VariantKind,
    pub chess960: bool,
    pub games: usize,
    pub rounds: usize,
    pub concurrency: usize,
    pub control: TimeControl,
    pub time_margin: Duration,
    pub timeout: Duration,
    pub openings: Option<PathBuf>,
    pub order: Order,
    pub random_plies: usize,
    pub seed: Option<u64>,
    pub repeat: bool,
    pub pgn_out: Option<PathBuf>,
    pub report_every: Option<usize>,
    pub sprt: Option<Sprt>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub max_moves: Option<MaxMoves>,
    pub recover: bool,
}

impl MatchConfig {
    /// Number of games in the match.
    pub fn total_games(&self) -> usize {
        self.games * self.rounds
    }
}

/// What the command line asks for.
#[derive(Clone, PartialEq, Debug)]
pub enum Command {
    Help,
    Play(Box<MatchConfig>),
}

/// A command-line mistake, naming the option at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CliError {
    pub option: String,
    pub problem: String,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.option.is_empty() {
            f.write_str(&self.problem)
        } else {
            write!(f, "{}: {}", self.option, self.problem)
        }
    }
}

impl std::error::Error for CliError {}

fn error(option: &str, problem: impl Into<String>) -> CliError {
    CliError { option: option.to_string(), problem: problem.into() }
}

/// Reads `value` as a `T`; `what` describes the expected value.
fn parse<T: FromStr>(option: &str, value: &str, what: &str) -> Result<T, CliError> {
    value.parse().map_err(|_| error(option, format!("'{value}' is not {what}")))
}

/// A time of more than zero and at most [`MAX_SECONDS`] seconds.
fn positive_seconds(option: &str, value: &str) -> Result<Duration, CliError> {
    parse_seconds(value)
        .filter(|t| !t.is_zero())
        .ok_or_else(|| error(option, format!("'{value}' is not a number of seconds above 0 and at most {MAX_SECONDS}")))
}

fn positive<T: FromStr + PartialOrd + Default>(option: &str, value: &str) -> Result<T, CliError> {
    let n: T = parse(option, value, "a positive whole number")?;
    if n <= T::default() {
        return Err(error(option, format!("'{value}' is not a positive whole number")));
    }
    Ok(n)
}

/// The `key=value` pairs of a grouped option, each key known and given once.
struct Pairs<'a> {
    option: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Pairs<'a> {
    fn new(option: &'a str, values: &[&'a str], known: &[&str]) -> Result<Pairs<'a>, CliError> {
        let mut pairs = Vec::new();
        for value in values {
            let Some((key, v)) = value.split_once('=') else {
                return Err(error(option, format!("expected key=value, found '{value}'")));
            };
            if !known.contains(&key) {
                return Err(error(option, format!("unknown key '{key}' (known: {})", known.join(", "))));
            }
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(error(option, format!("{key} given twice")));
            }
            pairs.push((key, v));
        }
        Ok(Pairs { option, pairs })
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn required<T: FromStr>(&self, key: &str, what: &str) -> Result<T, CliError> {
        let value = self.get(key).ok_or_else(|| error(self.option, format!("{key}=... is missing")))?;
        parse(&format!("{} {key}", self.option), value, what)
    }

    fn optional<T: FromStr>(&self, key: &str, what: &str, default: T) -> Result<T, CliError> {
        match self.get(key) {
            Some(_) => self.required(key, what),
            None => Ok(default),
        }
    }
}

/// Reads `--engine cmd=<path> [name=<n>] [arg=<a>]… [option.<Name>=<value>]…`.
fn engine_spec(values: &[&str]) -> Result<EngineSpec, CliError> {
    let mut spec = EngineSpec::default();
    let mut cmd = None;
    for value in values {
        let Some((key, v)) = value.split_once('=') else {
            return Err(error("--engine", format!("expected key=value, found '{value}'")));
        };
        match key {
            "cmd" if cmd.is_none() => cmd = Some(v.to_string()),
            "name" if spec.name.is_none() && !v.is_empty() => spec.name = Some(v.to_string()),
            "arg" => spec.args.push(v.to_string()),
            "cmd" | "name" => return Err(error("--engine", format!("{key} given twice or empty"))),
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => spec.options.push((name.to_string(), v.to_string())),
                _ => {
                    return Err(error(
                        "--engine",
                        format!("unknown key '{key}' (known: cmd, name, arg, option.<Name>)"),
                    ))
                }
            },
        }
    }
    spec.cmd = cmd.filter(|c| !c.is_empty()).ok_or_else(|| error("--engine", "cmd=<path> is missing"))?;
    Ok(spec)
}

/// Reads the `redfool match` arguments.
pub fn parse_args(argv: &[String]) -> Result<Command, CliError> {
    if argv.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Command::Help);
    }
    // Split into options, each with the values that follow it.
    let mut options: Vec<(&str, Vec<&str>)> = Vec::new();
    for arg in argv {
        if arg.starts_with("--") {
            options.push((arg.as_str(), Vec::new()));
        } else {
            match options.last_mut() {
                Some((_, values)) => values.push(arg.as_str()),
                None => return Err(error("", format!("unexpected argument '{arg}' (options start with --)"))),
            }
        }
    }

    let mut engines = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut control = None;
    let mut config = MatchConfig {
        engines: Default::default(),
        variant: VariantKind::RedFool,
        chess960: false,
        games: 0,
        rounds: 1,
        concurrency: 1,
        control: TimeControl::Depth(1),
        time_margin: Duration::from_millis(10),
        timeout: Duration::from_secs(60),
        openings: None,
        order: Order::Sequential,
        random_plies: 0,
        seed: None,
        repeat: false,
        pgn_out: None,
        report_every: None,
        sprt: None,
        resign: None,
        draw: None,
        max_moves: None,
        recover: false,
    };
    for (option, values) in &options {
        let option = *option;
        if option != "--engine" && seen.contains(&option) {
            return Err(error(option, "given twice"));
        }
        seen.push(option);
        let grouped = matches!(option, "--engine" | "--sprt" | "--resign" | "--draw");
        let flag = matches!(option, "--chess960" | "--repeat" | "--recover");
        match values.len() {
            0 if !flag => return Err(error(option, "needs a value")),
            n if flag && n > 0 => return Err(error(option, format!("takes no value, found '{}'", values[0]))),
            n if !flag && !grouped && n > 1 => return Err(error(option, format!("unexpected value '{}'", values[1]))),
            _ => {}
        }
        let value = values.first().copied().unwrap_or("");
        let mut set_control = |tc: TimeControl| {
            if control.replace(tc).is_some() {
                return Err(error(option, "give only one of --tc, --st, --nodes and --depth"));
            }
            Ok(())
        };
        match option {
            "--engine" => engines.push(engine_spec(values)?),
            "--variant" => {
                config.variant = value.parse().map_err(|e: movegen::UnknownVariant| error(option, e.to_string()))?
            }
            "--chess960" => config.chess960 = true,
            "--games" => config.games = positive(option, value)?,
            "--rounds" => config.rounds = positive(option, value)?,
            "--concurrency" => config.concurrency = positive(option, value)?,
            "--tc" => set_control(
                TimeControl::fischer(value)
                    .ok_or_else(|| error(option, format!("'{value}' is not <base>+<increment> in seconds")))?,
            )?,
            "--st" => set_control(TimeControl::MoveTime(positive_seconds(option, value)?))?,
            "--nodes" => set_control(TimeControl::Nodes(positive(option, value)?))?,
            "--depth" => set_control(TimeControl::Depth(positive(option, value)?))?,
            "--timemargin" => {
                let millis: u32 = parse(option, value, "a number of milliseconds")?;
                config.time_margin = Duration::from_millis(millis.into());
            }
            "--timeout" => config.timeout = positive_seconds(option, value)?,
            "--openings" => config.openings = Some(PathBuf::from(value)),
            "--order" => {
                config.order = match value {
                    "sequential" => Order::Sequential,
                    "random" => Order::Random,
                    _ => return Err(error(option, format!("'{value}' is not sequential or random"))),
                }
            }
            "--random-plies" => config.random_plies = parse(option, value, "a number of half-moves")?,
            "--seed" => config.seed = Some(parse(option, value, "a whole number")?),
            "--repeat" => config.repeat = true,
            "--pgnout" => config.pgn_out = Some(PathBuf::from(value)),
            "--report" => config.report_every = Some(positive(option, value)?),
            "--maxmoves" => config.max_moves = Some(positive(option, value)?),
            "--recover" => config.recover = true,
            "--sprt" => config.sprt = Some(sprt(values)?),
            "--resign" => {
                let pairs = Pairs::new(option, values, &["movecount", "score"])?;
                config.resign = Some(ResignRule {
                    move_count: pairs.required("movecount", "a number of moves")?,
                    score: pairs.required("score", "a score in centipawns")?,
                });
            }
            "--draw" => {
                let pairs = Pairs::new(option, values, &["movenumber", "movecount", "score"])?;
                config.draw = Some(DrawRule {
                    move_number: pairs.required("movenumber", "a move number")?,
                    move_count: pairs.required("movecount", "a number of moves")?,
                    score: pairs.required("score", "a score in centipawns")?,
                });
            }
            _ => return Err(error(option, "unknown option (try redfool match --help)")),
        }
    }

    config.engines = engines
        .try_into()
        .map_err(|e: Vec<EngineSpec>| error("--engine", format!("give two engines, not {}", e.len())))?;
    config.control =
        control.ok_or_else(|| error("", "no limit given: use --tc, --st, --nodes or --depth (see --help)"))?;
    if config.games == 0 {
        return Err(error("--games", "the number of games is missing"));
    }
    if config.games.checked_mul(config.rounds).is_none() {
        return Err(error("--rounds", "more games than can be counted"));
    }
    if config.order == Order::Random && config.openings.is_none() {
        return Err(error("--order", "random order needs --openings"));
    }
    if config.resign.is_some_and(|r| r.move_count == 0 || r.score <= 0) {
        return Err(error("--resign", "movecount and score must be positive"));
    }
    if config.draw.is_some_and(|d| d.move_count == 0 || d.score < 0) {
        return Err(error("--draw", "movecount must be positive and score not negative"));
    }
    Ok(Command::Play(Box::new(config)))
}

/// Reads `--sprt elo0=… elo1=… [alpha=…] [beta=…] [model=…]`.
fn sprt(values: &[&str]) -> Result<Sprt, CliError> {
    let pairs = Pairs::new("--sprt", values, &["elo0", "elo1", "alpha", "beta", "model"])?;
    let model = match pairs.get("model").unwrap_or("normalized") {
        "normalized" => SprtModel::Normalized,
        "logistic" => SprtModel::Logistic,
        other => return Err(error("--sprt", format!("model '{other}' is not normalized or logistic"))),
    };
    let sprt = Sprt {
        elo0: pairs.required("elo0", "a number")?,
        elo1: pairs.required("elo1", "a number")?,
        alpha: pairs.optional("alpha", "a probability", 0.05)?,
        beta: pairs.optional("beta", "a probability", 0.05)?,
        model,
    };
    if !(sprt.elo0.is_finite() && sprt.elo1.is_finite() && sprt.elo0 < sprt.elo1) {
        return Err(error("--sprt", "elo0 must be below elo1"));
    }
    let probability = |p: f64| p > 0.0 && p < 1.0;
    if !(probability(sprt.alpha) && probability(sprt.beta) && sprt.alpha + sprt.beta < 1.0) {
        return Err(error("--sprt", "alpha and beta must lie between 0 and 1, and their sum below 1"));
    }
    Ok(sprt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn config(text: &str) -> MatchConfig {
        match parse_args(&args(text)).unwrap() {
            Command::Play(config) => *config,
            Command::Help => panic!("help"),
        }
    }

    fn problem(text: &str) -> String {
        parse_args(&args(text)).unwrap_err().to_string()
    }

    const ENGINES: &str = "--engine cmd=./a name=A arg=-x option.Hash=16 --engine cmd=b";

    #[test]
    fn reads_a_full_command_line() {
        let c = config(&format!(
            "{ENGINES} --variant chess --chess960 --games 10 --rounds 3 --concurrency 2 --tc 10+0.1 \
             --openings book.epd --order random --random-plies 4 --seed 9 --repeat --pgnout out.pgn \
             --report 5 --sprt elo0=0 elo1=5 alpha=0.1 model=logistic --resign movecount=3 score=600 \
             --draw movenumber=40 movecount=8 score=10 --maxmoves 300 --recover --timemargin 25 --timeout 2.5"
        ));
        assert_eq!(c.engines[0].name.as_deref(), Some("A"));
        assert_eq!(c.engines[0].cmd, "./a");
        assert_eq!(c.engines[0].args, ["-x"]);
        assert_eq!(c.engines[0].options, [("Hash".to_string(), "16".to_string())]);
        assert_eq!(c.engines[1], EngineSpec { cmd: "b".into(), ..EngineSpec::default() });
        assert_eq!((c.variant, c.chess960, c.games, c.rounds, c.concurrency), (VariantKind::Chess, true, 10, 3, 2));
        assert_eq!(c.total_games(), 30);
        assert_eq!(c.control, TimeControl::fischer("10+0.1").unwrap());
        assert_eq!((c.order, c.random_plies, c.seed, c.repeat, c.recover), (Order::Random, 4, Some(9), true, true));
        assert_eq!(c.report_every, Some(5));
        assert_eq!(c.sprt, Some(Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.1, beta: 0.05, model: SprtModel::Logistic }));
        assert_eq!(c.resign, Some(ResignRule { move_count: 3, score: 600 }));
        assert_eq!(c.draw, Some(DrawRule { move_number: 40, move_count: 8, score: 10 }));
        assert_eq!(c.max_moves, Some(300));
        assert_eq!((c.time_margin, c.timeout), (Duration::from_millis(25), Duration::from_millis(2500)));
    }

    #[test]
    fn defaults() {
        let c = config(&format!("{ENGINES} --games 2 --depth 3"));
        assert_eq!((c.variant, c.rounds, c.concurrency, c.order), (VariantKind::RedFool, 1, 1, Order::Sequential));
        assert_eq!(c.control, TimeControl::Depth(3));
        assert!(c.sprt.is_none() && c.pgn_out.is_none() && !c.repeat && !c.recover);
        let c = config(&format!("{ENGINES} --games 2 --nodes 500 --sprt elo0=-2 elo1=3"));
        assert_eq!(c.sprt.map(|s| (s.alpha, s.beta, s.model)), Some((0.05, 0.05, SprtModel::Normalized)));
        assert_eq!(parse_args(&args("--games 2 --help")), Ok(Command::Help));
    }

    #[test]
    fn mistakes_are_named() {
        let cases = [
            ("--engine cmd=a --games 2 --depth 1", "--engine: give two engines, not 1"),
            (&format!("{ENGINES} --depth 1"), "--games: the number of games is missing"),
            (&format!("{ENGINES} --games 2"), "no limit given: use --tc, --st, --nodes or --depth (see --help)"),
            (
                &format!("{ENGINES} --games 2 --depth 1 --tc 1+0"),
                "--tc: give only one of --tc, --st, --nodes and --depth",
            ),
            (&format!("{ENGINES} --games 0 --depth 1"), "--games: '0' is not a positive whole number"),
            (&format!("{ENGINES} --games x --depth 1"), "--games: 'x' is not a positive whole number"),
            (&format!("{ENGINES} --games 2 --games 3 --depth 1"), "--games: given twice"),
            (&format!("{ENGINES} --games 2 --depth"), "--depth: needs a value"),
            (&format!("{ENGINES} --games 2 3 --depth 1"), "--games: unexpected value '3'"),
            (&format!("{ENGINES} --games 2 --depth 1 --repeat yes"), "--repeat: takes no value, found 'yes'"),
            (&format!("{ENGINES} --games 2 --tc 10x"), "--tc: '10x' is not <base>+<increment> in seconds"),
            (
                &format!("{ENGINES} --games 2 --st -1"),
                "--st: '-1' is not a number of seconds above 0 and at most 1000000000",
            ),
            (
                &format!("{ENGINES} --games 2 --depth 1 --timeout 1e12"),
                "--timeout: '1e12' is not a number of seconds above 0 and at most 1000000000",
            ),
            (
                &format!("{ENGINES} --games 2 --depth 1 --timemargin 99999999999"),
                "--timemargin: '99999999999' is not a number of milliseconds",
            ),
            (
                &format!("{ENGINES} --games 9999999999999 --rounds 9999999999 --depth 1"),
                "--rounds: more games than can be counted",
            ),
            (
                &format!("{ENGINES} --games 2 --depth 1 --variant shogi"),
                &format!("--variant: {}", movegen::UnknownVariant("shogi".into())),
            ),
            (&format!("{ENGINES} --games 2 --depth 1 --order random"), "--order: random order needs --openings"),
            (&format!("{ENGINES} --games 2 --depth 1 --sprt elo0=5 elo1=0"), "--sprt: elo0 must be below elo1"),
            (
                &format!("{ENGINES} --games 2 --depth 1 --sprt elo0=0 elo1=5 alpha=1.5"),
                "--sprt: alpha and beta must lie between 0 and 1, and their sum below 1",
            ),
            (&format!("{ENGINES} --games 2 --depth 1 --sprt elo1=5"), "--sprt: elo0=... is missing"),
            (
                &format!("{ENGINES} --games 2 --depth 1 --sprt elo0=0 elo1=5 gamma=1"),
                "--sprt: unknown key 'gamma' (known: elo0, elo1, alpha, beta, model)",
            ),
            (
                &format!("{ENGINES} --games 2 --depth 1 --resign movecount=3 score=abc"),
                "--resign score: 'abc' is not a score in centipawns",
            ),
            (&format!("{ENGINES} --games 2 --depth 1 --maxmoves 0"), "--maxmoves: '0' is not a positive whole number"),
            (
                &format!("{ENGINES} --games 2 --depth 1 --colour red"),
                "--colour: unknown option (try redfool match --help)",
            ),
            ("stray --games 2", "unexpected argument 'stray' (options start with --)"),
            ("--engine name=x --engine cmd=b", "--engine: cmd=<path> is missing"),
            ("--engine cmd=a cmd=b", "--engine: cmd given twice or empty"),
            ("--engine cmd=a flavour=b", "--engine: unknown key 'flavour' (known: cmd, name, arg, option.<Name>)"),
            ("--engine cmd=a option.=3", "--engine: unknown key 'option.' (known: cmd, name, arg, option.<Name>)"),
        ];
        for (line, message) in cases {
            assert_eq!(problem(line), message, "{line}");
        }
    }
}
