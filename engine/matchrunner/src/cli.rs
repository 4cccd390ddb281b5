//! The `redfool match` command line, read into a [`MatchConfig`].
//!
//! The grammar is fastchess's, so that scripts and tools written for
//! fastchess (OpenBench's client among them) drive `redfool match`
//! unchanged: options start with `-` or `--` (both spellings mean the
//! same), plain options take one value (`-rounds 100`), grouped ones take
//! `key=value` words (`-engine cmd=./a tc=10+0.1 option.Hash=64`). The
//! defaults are fastchess's too: 2 rounds of 2 games, the games of a round
//! sharing their opening with colours swapped.

use super::adjudication::{DrawRule, MaxMoves, ResignRule};
use super::clock::{parse_seconds, Clock, Limits, MAX_SECONDS};
use super::engine_process::EngineSpec;
use super::openings::BookFormat;
use super::report::OutputFormat;
use super::stats::{Sprt, SprtModel, MAX_SPRT_ELO};
use movegen::VariantKind;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The help text of `redfool match`.
pub const USAGE: &str = "\
usage: redfool match -engine cmd=<path> [name=<n>] [<limit>]... [option.<Name>=<value>]...
                     -engine ... [-each <limit>|option.<Name>=<value>...] [options]

Plays a match between two UCI engines, refereed with redfool's rules core.
Options follow fastchess and may be spelt with one dash or two (-rounds, --rounds).

engines:
  -engine <key=value>...  an engine (give two): cmd=<path> [name=<n>] [dir=<d>] [arg=<a>]...
                        [args=\"<a> <b>\"] [option.<Name>=<value>]... [restart=off] [proto=uci]
                        and its limits: tc=<tc> | st=<s>, nodes=<N>, depth=<N> (or plies=<N>),
                        timemargin=<ms>; tc is [moves/][minutes:]seconds[+increment] or inf
  -each <key=value>...   the same keys, for both engines (an -engine's own value wins)
  -tc <tc>, -st <s>, -nodes <N>, -depth <N>, -timemargin <ms>
                        the same as -each tc=... and so on (timemargin default 10)
  -variant <V>          redfool (default), chess, tamruat, checkered; standard and
                        fischerandom as fastchess names them; sent as UCI_Variant
  -chess960             Chess960 start arrays (random by -srand without -openings)
games:
  -rounds <R>           rounds, each from a new opening (default 2)
  -games <G>            games per round, colours alternating (default 2)
  -repeat [G]           the same as -games G (default 2)
  -concurrency <C>      games played at once, each by its own engine processes (default 1)
  -recover              restart an engine that crashed or hung and go on; without it
                        the match stops after the games in progress
  -timeout <s>          the longest wait for a reply no clock limits (default 60)
openings:
  -openings file=<f> [format=epd|pgn] [order=sequential|random] [plies=<N>] [start=<N>]
                        EPD or PGN openings (the format by default from the file's extension);
                        plies cuts PGN openings, start is the first opening used (from 1)
  -openings <f>, -order <o>   the old spellings of file= and order=
  -random-plies <K>     add K random moves to every opening
  -srand <S>, -seed <S> seed for random order, Chess960 arrays and random moves
output:
  -pgnout file=<f> [append=true|false] [notation=san] [timeleft=true|false]
                        write every finished game to this PGN file (appended by default);
                        -pgnout <f> also works
  -event <name>, -site <name>   the PGN's Event and Site tags
  -output format=fastchess|cutechess   redfool's report lines (default) or cutechess-cli's
  -ratinginterval <N>   print the full statistics every N games (default 10, 0 never);
                        -report <N> is the same
stopping and adjudication:
  -sprt elo0=<e0> elo1=<e1> [alpha=0.05] [beta=0.05] [model=normalized|logistic]
                        stop when the SPRT over game pairs accepts a hypothesis
  -resign [movecount=1] [score=<cp>]   resign after movecount scores at or below -score
  -draw [movenumber=0] [movecount=1] [score=0]   draw after movecount quiet moves each
  -maxmoves <n>         draw a game still going after move n

Every finished game is written to the PGN file at once and followed by a score
line, so an interrupted match (Ctrl-C) loses no finished game.";

/// How openings are taken from the book.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    Sequential,
    Random,
}

/// The openings file and how it is used (`-openings`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OpeningBook {
    pub path: PathBuf,
    /// EPD or PGN; `None` decides by the file's extension or first character.
    pub format: Option<BookFormat>,
    pub order: Order,
    /// PGN openings are cut to at most this many half-moves.
    pub plies: Option<usize>,
    /// The first opening used (from 0), in the book's order.
    pub start: usize,
}

/// Where and how games are written (`-pgnout`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnOut {
    pub path: PathBuf,
    /// Add to an existing file (else the file is emptied first).
    pub append: bool,
}

/// Everything `redfool match` was asked to do.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchConfig {
    /// The two engines, each with its limits.
    pub engines: [EngineSpec; 2],
    pub variant: VariantKind,
    pub chess960: bool,
    /// Games per round; the games of a round share their opening.
    pub games: usize,
    pub rounds: usize,
    pub concurrency: usize,
    pub timeout: Duration,
    pub openings: Option<OpeningBook>,
    pub random_plies: usize,
    pub seed: Option<u64>,
    pub pgn_out: Option<PgnOut>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub output: OutputFormat,
    /// Print the full statistics every this many games.
    pub rating_interval: Option<usize>,
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

fn boolean(option: &str, value: &str) -> Result<bool, CliError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(error(option, format!("'{value}' is not true or false"))),
    }
}

fn milliseconds(option: &str, value: &str) -> Result<Duration, CliError> {
    let millis: u32 = parse(option, value, "a number of milliseconds")?;
    Ok(Duration::from_millis(millis.into()))
}

/// Splits a `key=value` word, or names the word that is not one.
fn key_value<'a>(option: &str, word: &'a str) -> Result<(&'a str, &'a str), CliError> {
    word.split_once('=').ok_or_else(|| error(option, format!("expected key=value, found '{word}'")))
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
            let (key, v) = key_value(option, value)?;
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

/// What one `-engine` or `-each` group says; unset fields come from
/// `-each` (for an engine) or the defaults.
#[derive(Clone, Default, Debug)]
struct EngineSettings {
    cmd: Option<String>,
    name: Option<String>,
    dir: Option<PathBuf>,
    args: Vec<String>,
    options: Vec<(String, String)>,
    /// `Some(None)` is `tc=inf`: no clock, even if `-each` gives one.
    clock: Option<Option<Clock>>,
    nodes: Option<u64>,
    depth: Option<u32>,
    time_margin: Option<Duration>,
}

impl EngineSettings {
    /// Reads the `key=value` words of an `-engine` (or, with `each`, an
    /// `-each`) group.
    fn parse(option: &str, values: &[&str], each: bool) -> Result<EngineSettings, CliError> {
        let mut settings = EngineSettings::default();
        let mut seen: Vec<&str> = Vec::new();
        for value in values {
            let (key, v) = key_value(option, value)?;
            let once = !matches!(key, "arg") && !key.starts_with("option.");
            if once && seen.contains(&key) {
                return Err(error(option, format!("{key} given twice")));
            }
            seen.push(key);
            settings.set(option, &format!("{option} {key}"), key, v, each)?;
        }
        Ok(settings)
    }

    /// Sets `key` to `v`; errors name `option`, or `at` when the value is wrong.
    fn set(&mut self, option: &str, at: &str, key: &str, v: &str, each: bool) -> Result<(), CliError> {
        match key {
            "cmd" | "name" if each => return Err(error(option, format!("{key}= belongs to -engine, not -each"))),
            "cmd" | "name" if v.is_empty() => return Err(error(option, format!("{key} is empty"))),
            "cmd" => self.cmd = Some(v.to_string()),
            "name" => self.name = Some(v.to_string()),
            "dir" => self.dir = Some(PathBuf::from(v)),
            "arg" => self.args.push(v.to_string()),
            "args" => self.args.extend(v.split_whitespace().map(str::to_string)),
            "tc" | "st" if self.clock.is_some() => {
                return Err(error(option, "give only one of tc= and st= (a clock or a time per move)"))
            }
            "tc" => self.clock = Some(Clock::parse(v).map_err(|e| error(at, format!("'{v}': {e}")))?),
            "st" => self.clock = Some(Some(Clock::MoveTime(positive_seconds(at, v)?))),
            "nodes" => self.nodes = Some(positive(at, v)?),
            "depth" | "plies" if self.depth.is_some() => {
                return Err(error(option, "depth and plies are the same limit: give one"))
            }
            "depth" | "plies" => self.depth = Some(positive(at, v)?),
            "timemargin" => self.time_margin = Some(milliseconds(at, v)?),
            "restart" if v == "off" => {}
            "restart" => {
                return Err(error(
                    at,
                    format!("'{v}' is not supported: engines restart only after a failure (-recover)"),
                ))
            }
            "proto" if v == "uci" => {}
            "proto" => return Err(error(at, format!("'{v}' is not supported: engines speak UCI"))),
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => self.options.push((name.to_string(), v.to_string())),
                _ => {
                    return Err(error(
                        option,
                        format!(
                            "unknown key '{key}' (known: cmd, name, dir, arg, args, tc, st, nodes, depth, plies, \
                             timemargin, restart, proto, option.<Name>)"
                        ),
                    ))
                }
            },
        }
        Ok(())
    }

    /// Sets a limit from an old-style global option (`--tc`, `--depth`,
    /// …), which counts as part of `-each`.
    fn set_global(&mut self, option: &str, value: &str) -> Result<(), CliError> {
        let key = option.trim_start_matches('-');
        let given = match key {
            "tc" | "st" => self.clock.is_some(),
            "nodes" => self.nodes.is_some(),
            "depth" => self.depth.is_some(),
            _ => self.time_margin.is_some(),
        };
        if given && matches!(key, "tc" | "st") {
            return Err(error(option, "a clock is already given (by --tc, --st, or -each tc= or st=)"));
        }
        if given {
            return Err(error(option, format!("given twice (also as -each {key}=)")));
        }
        self.set(option, option, key, value, true)
    }

    /// The engine's spec: its own settings, completed by `each`'s.
    fn resolve(self, each: &EngineSettings) -> Result<EngineSpec, CliError> {
        let cmd = self.cmd.ok_or_else(|| error("-engine", "cmd=<path> is missing"))?;
        let mut options: Vec<(String, String)> = each
            .options
            .iter()
            .filter(|(n, _)| !self.options.iter().any(|(m, _)| m.eq_ignore_ascii_case(n)))
            .cloned()
            .collect();
        options.extend(self.options);
        let limits = Limits {
            clock: self.clock.or(each.clock).flatten(),
            nodes: self.nodes.or(each.nodes),
            depth: self.depth.or(each.depth),
        };
        if limits.is_unlimited() {
            let who = self.name.as_deref().unwrap_or(&cmd);
            return Err(error(
                "-engine",
                format!("'{who}' has no limit: give tc=, st=, nodes= or depth= to -engine or -each (or --tc, --st, --nodes, --depth)"),
            ));
        }
        Ok(EngineSpec {
            name: self.name,
            cmd,
            dir: self.dir.or_else(|| each.dir.clone()),
            args: [each.args.clone(), self.args].concat(),
            options,
            limits,
            time_margin: self.time_margin.or(each.time_margin).unwrap_or(Duration::from_millis(10)),
        })
    }
}

/// Options that take a list of `key=value` words (or, for `-openings`,
/// `-pgnout`, `-event` and `-site`, other words).
const GROUPED: [&str; 10] =
    ["engine", "each", "sprt", "resign", "draw", "openings", "pgnout", "output", "event", "site"];

/// Options that take no value.
const FLAGS: [&str; 2] = ["chess960", "recover"];

/// Options that take one value (`-repeat` takes one or none).
const SINGLE: [&str; 16] = [
    "tc",
    "st",
    "nodes",
    "depth",
    "timemargin",
    "variant",
    "games",
    "repeat",
    "rounds",
    "concurrency",
    "timeout",
    "order",
    "random-plies",
    "seed",
    "ratinginterval",
    "maxmoves",
];

/// The option's name without its dashes, with fastchess's aliases mapped
/// to one name.
fn canonical(option: &str) -> &str {
    match option.trim_start_matches('-') {
        "srand" => "seed",
        "report" => "ratinginterval",
        name => name,
    }
}

/// True for a word that starts an option: one or two dashes and a letter
/// (`-5` and `-0.5` are values).
fn is_option(word: &str) -> bool {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'));
    name.is_some_and(|n| n.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// Reads the `redfool match` arguments.
pub fn parse_args(argv: &[String]) -> Result<Command, CliError> {
    if argv.iter().any(|a| matches!(a.as_str(), "--help" | "-help" | "-h")) {
        return Ok(Command::Help);
    }
    // Split into options, each with the values that follow it.
    let mut options: Vec<(&str, Vec<&str>)> = Vec::new();
    for arg in argv {
        if is_option(arg) {
            options.push((arg.as_str(), Vec::new()));
        } else {
            match options.last_mut() {
                Some((_, values)) => values.push(arg.as_str()),
                None => return Err(error("", format!("unexpected argument '{arg}' (options start with - or --)"))),
            }
        }
    }

    let mut engines = Vec::new();
    let mut each = EngineSettings::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut order = None;
    let mut repeat = None;
    let mut config = MatchConfig {
        engines: Default::default(),
        variant: VariantKind::RedFool,
        chess960: false,
        games: 2,
        rounds: 2,
        concurrency: 1,
        timeout: Duration::from_secs(60),
        openings: None,
        random_plies: 0,
        seed: None,
        pgn_out: None,
        event: None,
        site: None,
        output: OutputFormat::Fastchess,
        rating_interval: Some(10),
        sprt: None,
        resign: None,
        draw: None,
        max_moves: None,
        recover: false,
    };
    for (option, values) in &options {
        let option = *option;
        let name = canonical(option);
        if name != "engine" && seen.contains(&name) {
            return Err(error(option, "given twice"));
        }
        seen.push(name);
        if ![&GROUPED[..], &FLAGS, &SINGLE].concat().contains(&name) {
            return Err(error(option, "unknown option (try redfool match --help)"));
        }
        let grouped = GROUPED.contains(&name);
        let flag = FLAGS.contains(&name);
        match values.len() {
            // A grouped option's parser says which key is missing.
            0 if !flag && name != "repeat" && (!grouped || matches!(name, "event" | "site")) => {
                return Err(error(option, "needs a value"))
            }
            n if flag && n > 0 => return Err(error(option, format!("takes no value, found '{}'", values[0]))),
            n if !flag && !grouped && n > 1 => return Err(error(option, format!("unexpected value '{}'", values[1]))),
            _ => {}
        }
        let value = values.first().copied().unwrap_or("");
        match name {
            "engine" => engines.push(EngineSettings::parse(option, values, false)?),
            "each" => {
                let given = EngineSettings::parse(option, values, true)?;
                if let Some(key) = [
                    ("tc", each.clock.is_some() && given.clock.is_some()),
                    ("nodes", each.nodes.is_some() && given.nodes.is_some()),
                    ("depth", each.depth.is_some() && given.depth.is_some()),
                    ("timemargin", each.time_margin.is_some() && given.time_margin.is_some()),
                ]
                .iter()
                .find_map(|(key, twice)| twice.then_some(key))
                {
                    return Err(error(option, format!("{key} given twice (also as --{key})")));
                }
                each = EngineSettings {
                    clock: given.clock.or(each.clock),
                    nodes: given.nodes.or(each.nodes),
                    depth: given.depth.or(each.depth),
                    time_margin: given.time_margin.or(each.time_margin),
                    ..given
                };
            }
            "tc" | "st" | "nodes" | "depth" | "timemargin" => each.set_global(option, value)?,
            "variant" => {
                (config.variant, config.chess960) = match value.to_ascii_lowercase().as_str() {
                    "standard" => (VariantKind::Chess, config.chess960),
                    "fischerandom" | "chess960" => (VariantKind::Chess, true),
                    _ => (
                        value.parse().map_err(|e: movegen::UnknownVariant| error(option, e.to_string()))?,
                        config.chess960,
                    ),
                }
            }
            "chess960" => config.chess960 = true,
            "games" => config.games = positive(option, value)?,
            "repeat" => repeat = Some(if values.is_empty() { 2 } else { positive(option, value)? }),
            "rounds" => config.rounds = positive(option, value)?,
            "concurrency" => config.concurrency = positive(option, value)?,
            "timeout" => config.timeout = positive_seconds(option, value)?,
            "openings" => config.openings = Some(opening_book(option, values)?),
            "order" => order = Some(parse_order(option, value)?),
            "random-plies" => config.random_plies = parse(option, value, "a number of half-moves")?,
            "seed" => config.seed = Some(parse(option, value, "a whole number")?),
            "pgnout" => config.pgn_out = Some(pgn_out(option, values)?),
            "event" => config.event = Some(values.join(" ")),
            "site" => config.site = Some(values.join(" ")),
            "output" => {
                let pairs = Pairs::new(option, values, &["format"])?;
                config.output = match pairs.get("format") {
                    Some("fastchess") => OutputFormat::Fastchess,
                    Some("cutechess") => OutputFormat::Cutechess,
                    Some(other) => {
                        return Err(error(option, format!("format '{other}' is not fastchess or cutechess")))
                    }
                    None => return Err(error(option, "format=... is missing")),
                }
            }
            "ratinginterval" => {
                let n: usize = parse(option, value, "a number of games")?;
                config.rating_interval = (n > 0).then_some(n);
            }
            "maxmoves" => config.max_moves = Some(positive(option, value)?),
            "recover" => config.recover = true,
            "sprt" => config.sprt = Some(sprt(option, values)?),
            "resign" => config.resign = Some(resign(option, values)?),
            "draw" => config.draw = Some(draw(option, values)?),
            _ => unreachable!("every known option is handled"),
        }
    }

    if engines.len() != 2 {
        return Err(error("-engine", format!("give two engines, not {}", engines.len())));
    }
    let mut resolved = engines.into_iter().map(|engine| engine.resolve(&each));
    config.engines = [resolved.next().expect("two engines")?, resolved.next().expect("two engines")?];
    if let Some(games) = repeat {
        if seen.contains(&"games") && games != config.games {
            return Err(error("-repeat", format!("means -games {games}, but -games {} was given", config.games)));
        }
        config.games = games;
    }
    if config.games.checked_mul(config.rounds).is_none() {
        return Err(error("-rounds", "more games than can be counted"));
    }
    match (&mut config.openings, order) {
        (Some(book), Some(order)) => book.order = order,
        (None, Some(Order::Random)) => return Err(error("-order", "random order needs -openings")),
        _ => {}
    }
    Ok(Command::Play(Box::new(config)))
}

fn parse_order(option: &str, value: &str) -> Result<Order, CliError> {
    match value {
        "sequential" => Ok(Order::Sequential),
        "random" => Ok(Order::Random),
        _ => Err(error(option, format!("'{value}' is not sequential or random"))),
    }
}

/// Reads `-openings file=… [format=…] [order=…] [plies=…] [start=…]`, or
/// the plain file name of the old `--openings <file>`.
fn opening_book(option: &str, values: &[&str]) -> Result<OpeningBook, CliError> {
    if let [path] = values {
        if !path.contains('=') {
            return Ok(OpeningBook {
                path: PathBuf::from(path),
                format: None,
                order: Order::Sequential,
                plies: None,
                start: 0,
            });
        }
    }
    let pairs = Pairs::new(option, values, &["file", "format", "order", "plies", "start", "policy"])?;
    let path = pairs.get("file").filter(|f| !f.is_empty()).ok_or_else(|| error(option, "file=... is missing"))?;
    let format = match pairs.get("format") {
        None => None,
        Some("epd") => Some(BookFormat::Epd),
        Some("pgn") => Some(BookFormat::Pgn),
        Some(other) => return Err(error(option, format!("format '{other}' is not epd or pgn"))),
    };
    if pairs.get("policy").is_some_and(|p| p != "round") {
        return Err(error(option, "policy: only 'round' is supported (each round takes the next opening)"));
    }
    let start: usize = pairs.optional("start", "an opening number from 1", 1)?;
    if start == 0 {
        return Err(error(&format!("{option} start"), "openings are numbered from 1"));
    }
    Ok(OpeningBook {
        path: PathBuf::from(path),
        format,
        order: pairs.get("order").map_or(Ok(Order::Sequential), |o| parse_order(&format!("{option} order"), o))?,
        plies: pairs
            .get("plies")
            .map(|p| parse(&format!("{option} plies"), p, "a number of half-moves"))
            .transpose()?,
        start: start - 1,
    })
}

/// Reads `-pgnout file=… [append=…] [notation=san] [timeleft=…]`, or the
/// plain file name that cutechess and the old `--pgnout <file>` take. A
/// `key=value` word is never taken for a file name.
fn pgn_out(option: &str, values: &[&str]) -> Result<PgnOut, CliError> {
    if let [path] = values {
        if !path.contains('=') {
            return Ok(PgnOut { path: PathBuf::from(path), append: true });
        }
    }
    let pairs = Pairs::new(option, values, &["file", "append", "notation", "timeleft"])?;
    let path = pairs.get("file").filter(|f| !f.is_empty()).ok_or_else(|| error(option, "file=... is missing"))?;
    if let Some(notation) = pairs.get("notation").filter(|n| *n != "san") {
        return Err(error(
            option,
            format!("notation '{notation}': only san is written (it carries the Fool's answer)"),
        ));
    }
    // Every move's comment has its [%clk] when a clock runs: timeleft=true
    // is what redfool always does, and false is accepted for scripts.
    if let Some(timeleft) = pairs.get("timeleft") {
        boolean(&format!("{option} timeleft"), timeleft)?;
    }
    let append = pairs.get("append").map_or(Ok(true), |a| boolean(&format!("{option} append"), a))?;
    Ok(PgnOut { path: PathBuf::from(path), append })
}

/// Reads `-sprt elo0=… elo1=… [alpha=…] [beta=…] [model=…]`: the bounds
/// must be finite numbers within ±[`MAX_SPRT_ELO`], elo0 below elo1.
fn sprt(option: &str, values: &[&str]) -> Result<Sprt, CliError> {
    let pairs = Pairs::new(option, values, &["elo0", "elo1", "alpha", "beta", "model"])?;
    let model = match pairs.get("model").unwrap_or("normalized") {
        "normalized" => SprtModel::Normalized,
        "logistic" => SprtModel::Logistic,
        other => return Err(error(option, format!("model '{other}' is not normalized or logistic"))),
    };
    let bound = |key: &str| -> Result<f64, CliError> {
        let elo: f64 = pairs.required(key, "a number")?;
        if !elo.is_finite() {
            return Err(error(
                option,
                format!("{key} must be a finite number, not '{}'", pairs.get(key).unwrap_or("")),
            ));
        }
        if elo.abs() > MAX_SPRT_ELO {
            return Err(error(
                option,
                format!(
                    "{key} must lie within -{MAX_SPRT_ELO} and {MAX_SPRT_ELO} Elo, not '{}'",
                    pairs.get(key).unwrap_or("")
                ),
            ));
        }
        Ok(elo)
    };
    let sprt = Sprt {
        elo0: bound("elo0")?,
        elo1: bound("elo1")?,
        alpha: pairs.optional("alpha", "a probability", 0.05)?,
        beta: pairs.optional("beta", "a probability", 0.05)?,
        model,
    };
    if sprt.elo0 >= sprt.elo1 {
        return Err(error(option, "elo0 must be below elo1"));
    }
    let probability = |p: f64| p > 0.0 && p < 1.0;
    if !(probability(sprt.alpha) && probability(sprt.beta) && sprt.alpha + sprt.beta < 1.0) {
        return Err(error(option, "alpha and beta must lie between 0 and 1, and their sum below 1"));
    }
    Ok(sprt)
}

/// Reads `-resign [movecount=1] [score=…] [twosided=false]`.
fn resign(option: &str, values: &[&str]) -> Result<ResignRule, CliError> {
    let pairs = Pairs::new(option, values, &["movecount", "score", "twosided"])?;
    if pairs.get("twosided").map(|t| boolean(&format!("{option} twosided"), t)).transpose()? == Some(true) {
        return Err(error(option, "twosided=true is not supported: one engine's scores decide"));
    }
    let rule = ResignRule {
        move_count: pairs.optional("movecount", "a number of moves", 1)?,
        score: pairs.required("score", "a score in centipawns")?,
    };
    if rule.move_count == 0 || rule.score <= 0 {
        return Err(error(option, "movecount and score must be positive"));
    }
    Ok(rule)
}

/// Reads `-draw [movenumber=0] [movecount=1] [score=0]`.
fn draw(option: &str, values: &[&str]) -> Result<DrawRule, CliError> {
    let pairs = Pairs::new(option, values, &["movenumber", "movecount", "score"])?;
    let rule = DrawRule {
        move_number: pairs.optional("movenumber", "a move number", 0)?,
        move_count: pairs.optional("movecount", "a number of moves", 1)?,
        score: pairs.optional("score", "a score in centipawns", 0)?,
    };
    if rule.move_count == 0 || rule.score < 0 {
        return Err(error(option, "movecount must be positive and score not negative"));
    }
    Ok(rule)
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

    fn limits(clock: Option<Clock>, nodes: Option<u64>, depth: Option<u32>) -> Limits {
        Limits { clock, nodes, depth }
    }

    #[test]
    fn reads_a_full_command_line() {
        let c = config(&format!(
            "{ENGINES} --variant chess --chess960 --games 1 --rounds 3 --concurrency 2 --tc 10+0.1 \
             --openings book.epd --order random --random-plies 4 --seed 9 --pgnout out.pgn \
             --report 5 --sprt elo0=0 elo1=5 alpha=0.1 model=logistic --resign movecount=3 score=600 \
             --draw movenumber=40 movecount=8 score=10 --maxmoves 300 --recover --timemargin 25 --timeout 2.5"
        ));
        assert_eq!(c.engines[0].name.as_deref(), Some("A"));
        assert_eq!(c.engines[0].cmd, "./a");
        assert_eq!(c.engines[0].args, ["-x"]);
        assert_eq!(c.engines[0].options, [("Hash".to_string(), "16".to_string())]);
        let tc = limits(Clock::parse("10+0.1").unwrap(), None, None);
        assert_eq!((c.engines[1].cmd.as_str(), c.engines[1].limits, c.engines[0].limits), ("b", tc, tc));
        assert_eq!(c.engines[1].time_margin, Duration::from_millis(25));
        assert_eq!((c.variant, c.chess960, c.games, c.rounds, c.concurrency), (VariantKind::Chess, true, 1, 3, 2));
        assert_eq!(c.total_games(), 3);
        let book = c.openings.unwrap();
        assert_eq!((book.path, book.order, book.format), (PathBuf::from("book.epd"), Order::Random, None));
        assert_eq!((c.random_plies, c.seed, c.recover), (4, Some(9), true));
        assert_eq!(c.pgn_out, Some(PgnOut { path: "out.pgn".into(), append: true }));
        assert_eq!(c.rating_interval, Some(5));
        assert_eq!(c.sprt, Some(Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.1, beta: 0.05, model: SprtModel::Logistic }));
        assert_eq!(c.resign, Some(ResignRule { move_count: 3, score: 600 }));
        assert_eq!(c.draw, Some(DrawRule { move_number: 40, move_count: 8, score: 10 }));
        assert_eq!(c.max_moves, Some(300));
        assert_eq!(c.timeout, Duration::from_millis(2500));
    }

    #[test]
    fn reads_a_fastchess_command_line() {
        let c = config(
            "-engine cmd=./dev name=dev dir=Engines/ proto=uci tc=40/10+0.1 timemargin=250 option.Threads=1 \
             -engine cmd=./base name=base args=--uci st=0.5 nodes=900 \
             -each option.Hash=16 depth=30 -rounds 50 -repeat -concurrency 3 -recover -variant fischerandom \
             -openings file=book.pgn format=pgn order=random plies=8 start=3 -srand 77 \
             -pgnout file=games.pgn append=false notation=san timeleft=true -output format=cutechess \
             -sprt elo0=0 elo1=5 -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 \
             -maxmoves 200 -ratinginterval 0 -event Test Run -site here",
        );
        let [dev, base] = &c.engines;
        assert_eq!((dev.dir.as_deref(), base.dir.as_deref()), (Some(std::path::Path::new("Engines/")), None));
        assert_eq!(dev.limits, limits(Clock::parse("40/10+0.1").unwrap(), None, Some(30)));
        assert_eq!(dev.time_margin, Duration::from_millis(250));
        assert_eq!(base.time_margin, Duration::from_millis(10));
        assert_eq!(base.limits, limits(Some(Clock::MoveTime(Duration::from_millis(500))), Some(900), Some(30)));
        assert_eq!(base.args, ["--uci"]);
        assert_eq!(dev.options, [("Hash".into(), "16".into()), ("Threads".into(), "1".into())]);
        assert_eq!((c.variant, c.chess960, c.games, c.rounds, c.concurrency), (VariantKind::Chess, true, 2, 50, 3));
        let book = c.openings.unwrap();
        assert_eq!(
            (book.format, book.order, book.plies, book.start),
            (Some(BookFormat::Pgn), Order::Random, Some(8), 2)
        );
        assert_eq!((c.seed, c.recover, c.output, c.rating_interval), (Some(77), true, OutputFormat::Cutechess, None));
        assert_eq!(c.pgn_out, Some(PgnOut { path: "games.pgn".into(), append: false }));
        assert_eq!((c.event.as_deref(), c.site.as_deref()), (Some("Test Run"), Some("here")));
        assert_eq!((c.max_moves, c.resign.unwrap().move_count), (Some(200), 3));
    }

    #[test]
    fn defaults_are_fastchess_s() {
        let c = config(&format!("{ENGINES} --depth 3"));
        assert_eq!((c.variant, c.games, c.rounds, c.concurrency), (VariantKind::RedFool, 2, 2, 1));
        assert_eq!((c.rating_interval, c.output), (Some(10), OutputFormat::Fastchess));
        assert_eq!(c.engines[0].limits, limits(None, None, Some(3)));
        assert!(c.sprt.is_none() && c.pgn_out.is_none() && c.openings.is_none() && !c.recover);
        let c = config(&format!("{ENGINES} -nodes 500 -sprt elo0=-2 elo1=3 -draw -resign score=300"));
        assert_eq!(c.sprt.map(|s| (s.alpha, s.beta, s.model)), Some((0.05, 0.05, SprtModel::Normalized)));
        assert_eq!(c.draw, Some(DrawRule { move_number: 0, move_count: 1, score: 0 }));
        assert_eq!(c.resign, Some(ResignRule { move_count: 1, score: 300 }));
        assert_eq!(parse_args(&args("--games 2 --help")), Ok(Command::Help));
        assert_eq!(parse_args(&args("-help")), Ok(Command::Help));
        let c = config(&format!("{ENGINES} -depth 1 -repeat 1 -variant standard"));
        assert_eq!((c.games, c.variant, c.chess960), (1, VariantKind::Chess, false));
    }

    #[test]
    fn an_engines_own_limits_win_over_each() {
        let c = config("-engine cmd=a tc=inf nodes=100 -engine cmd=b st=1 -each tc=5+0.05 depth=4");
        assert_eq!(c.engines[0].limits, limits(None, Some(100), Some(4)));
        assert_eq!(c.engines[1].limits, limits(Some(Clock::MoveTime(Duration::from_secs(1))), None, Some(4)));
    }

    #[test]
    fn file_keys_are_never_file_names() {
        for line in ["--pgnout file=x.pgn", "-pgnout file=x.pgn", "--pgnout x.pgn"] {
            let c = config(&format!("{ENGINES} --depth 1 {line}"));
            assert_eq!(c.pgn_out.map(|p| p.path), Some(PathBuf::from("x.pgn")), "{line}");
        }
        assert_eq!(
            problem(&format!("{ENGINES} --depth 1 --pgnout fiel=x.pgn")),
            "--pgnout: unknown key 'fiel' (known: file, append, notation, timeleft)"
        );
        assert_eq!(problem(&format!("{ENGINES} --depth 1 --pgnout append=true")), "--pgnout: file=... is missing");
        let c = config(&format!("{ENGINES} --depth 1 --openings file=b.epd"));
        assert_eq!(c.openings.map(|o| o.path), Some(PathBuf::from("b.epd")));
    }

    #[test]
    fn mistakes_are_named() {
        let cases = [
            ("--engine cmd=a --depth 1", "-engine: give two engines, not 1"),
            (ENGINES, "-engine: 'A' has no limit: give tc=, st=, nodes= or depth= to -engine or -each (or --tc, --st, --nodes, --depth)"),
            ("-engine cmd=a st=1 -engine cmd=b", "-engine: 'b' has no limit: give tc=, st=, nodes= or depth= to -engine or -each (or --tc, --st, --nodes, --depth)"),
            (&format!("{ENGINES} --depth 1 --tc 1+0 --st 1"), "--st: a clock is already given (by --tc, --st, or -each tc= or st=)"),
            (&format!("{ENGINES} --depth 1 -each depth=2"), "-each: depth given twice (also as --depth)"),
            ("-engine cmd=a tc=1 st=1", "-engine: give only one of tc= and st= (a clock or a time per move)"),
            ("-engine cmd=a depth=1 plies=2", "-engine: depth and plies are the same limit: give one"),
            (&format!("{ENGINES} --games 0 --depth 1"), "--games: '0' is not a positive whole number"),
            (&format!("{ENGINES} --games x --depth 1"), "--games: 'x' is not a positive whole number"),
            (&format!("{ENGINES} --games 2 -games 3 --depth 1"), "-games: given twice"),
            (&format!("{ENGINES} -srand 2 --seed 3 --depth 1"), "--seed: given twice"),
            (&format!("{ENGINES} --games 2 --depth"), "--depth: needs a value"),
            (&format!("{ENGINES} --games 2 3 --depth 1"), "--games: unexpected value '3'"),
            (&format!("{ENGINES} --depth 1 --recover yes"), "--recover: takes no value, found 'yes'"),
            (&format!("{ENGINES} --depth 1 -games 4 -repeat"), "-repeat: means -games 2, but -games 4 was given"),
            (
                &format!("{ENGINES} --tc 10x"),
                "--tc: '10x': expected [moves/][minutes:]seconds[+increment] (e.g. 10+0.1, 40/60, 1:30+1) or inf",
            ),
            ("-engine cmd=a tc=0/5", "-engine tc: '0/5': the number of moves before '/' must be a positive whole number"),
            (
                &format!("{ENGINES} --st -1"),
                "--st: '-1' is not a number of seconds above 0 and at most 1000000000",
            ),
            (
                &format!("{ENGINES} --depth 1 --timeout 1e12"),
                "--timeout: '1e12' is not a number of seconds above 0 and at most 1000000000",
            ),
            (
                &format!("{ENGINES} --depth 1 --timemargin 99999999999"),
                "--timemargin: '99999999999' is not a number of milliseconds",
            ),
            (
                &format!("{ENGINES} --games 9999999999999 --rounds 9999999999 --depth 1"),
                "-rounds: more games than can be counted",
            ),
            (
                &format!("{ENGINES} --depth 1 --variant shogi"),
                &format!("--variant: {}", movegen::UnknownVariant("shogi".into())),
            ),
            (&format!("{ENGINES} --depth 1 --order random"), "-order: random order needs -openings"),
            (&format!("{ENGINES} --depth 1 -openings file=a.epd format=bin"), "-openings: format 'bin' is not epd or pgn"),
            (&format!("{ENGINES} --depth 1 -openings file=a.epd start=0"), "-openings start: openings are numbered from 1"),
            (&format!("{ENGINES} --depth 1 -pgnout file=a.pgn notation=lan"), "-pgnout: notation 'lan': only san is written (it carries the Fool's answer)"),
            (&format!("{ENGINES} --depth 1 -output format=json"), "-output: format 'json' is not fastchess or cutechess"),
            (&format!("{ENGINES} --depth 1 --sprt elo0=5 elo1=0"), "--sprt: elo0 must be below elo1"),
            (
                &format!("{ENGINES} --depth 1 --sprt elo0=0 elo1=5 alpha=1.5"),
                "--sprt: alpha and beta must lie between 0 and 1, and their sum below 1",
            ),
            (&format!("{ENGINES} --depth 1 --sprt elo1=5"), "--sprt: elo0=... is missing"),
            (
                &format!("{ENGINES} --depth 1 --sprt elo0=0 elo1=5 gamma=1"),
                "--sprt: unknown key 'gamma' (known: elo0, elo1, alpha, beta, model)",
            ),
            (
                &format!("{ENGINES} --depth 1 --resign movecount=3 score=abc"),
                "--resign score: 'abc' is not a score in centipawns",
            ),
            (&format!("{ENGINES} --depth 1 -resign score=5 twosided=true"), "-resign: twosided=true is not supported: one engine's scores decide"),
            (&format!("{ENGINES} --depth 1 --maxmoves 0"), "--maxmoves: '0' is not a positive whole number"),
            (&format!("{ENGINES} --depth 1 --colour red"), "--colour: unknown option (try redfool match --help)"),
            // An unknown option is called so, whether or not a value follows.
            (&format!("{ENGINES} --depth 1 -testEnv"), "-testEnv: unknown option (try redfool match --help)"),
            ("stray --games 2", "unexpected argument 'stray' (options start with - or --)"),
            ("--engine name=x --engine cmd=b", "-engine: cmd=<path> is missing"),
            ("--engine cmd=a cmd=b", "--engine: cmd given twice"),
            ("-engine cmd=a depth=1 -engine", "-engine: cmd=<path> is missing"),
            (&format!("{ENGINES} --depth 1 -pgnout"), "-pgnout: file=... is missing"),
            (&format!("{ENGINES} --depth 1 -event"), "-event: needs a value"),
            ("--engine cmd= ", "--engine: cmd is empty"),
            ("-each cmd=a", "-each: cmd= belongs to -engine, not -each"),
            ("-engine cmd=a proto=xboard", "-engine proto: 'xboard' is not supported: engines speak UCI"),
            (
                "-engine cmd=a restart=on",
                "-engine restart: 'on' is not supported: engines restart only after a failure (-recover)",
            ),
            (
                "--engine cmd=a flavour=b",
                "--engine: unknown key 'flavour' (known: cmd, name, dir, arg, args, tc, st, nodes, depth, plies, \
                 timemargin, restart, proto, option.<Name>)",
            ),
        ];
        for (line, message) in cases {
            assert_eq!(problem(line), message, "{line}");
        }
    }

    #[test]
    fn sprt_bounds_must_be_finite_and_sane() {
        let cases = [
            ("elo0=nan elo1=inf", "--sprt: elo0 must be a finite number, not 'nan'"),
            ("elo0=0 elo1=inf", "--sprt: elo1 must be a finite number, not 'inf'"),
            ("elo0=-infinity elo1=5", "--sprt: elo0 must be a finite number, not '-infinity'"),
            ("elo0=0 elo1=1e300", "--sprt: elo1 must lie within -1000 and 1000 Elo, not '1e300'"),
            ("elo0=-5000 elo1=0", "--sprt: elo0 must lie within -1000 and 1000 Elo, not '-5000'"),
            ("elo0=5 elo1=5", "--sprt: elo0 must be below elo1"),
        ];
        for (bounds, message) in cases {
            assert_eq!(problem(&format!("{ENGINES} --depth 1 --sprt {bounds}")), message, "{bounds}");
        }
    }
}
