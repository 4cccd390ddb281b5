//! Engines' limits and the clocks the referee keeps for the two engines of
//! a game. Each engine's thinking time is measured by the referee itself,
//! from sending `go` to reading `bestmove`, so an engine cannot cheat the
//! clock and slow engines cannot make each other lose on time.
//!
//! Limits are per engine, as in fastchess: each engine may have its own
//! clock (time odds) and its own node or depth budget.

use movegen::Colour;
use std::fmt;
use std::time::Duration;

/// The longest time any limit may be, about 31 years: deadlines computed
/// from it must stay representable.
pub const MAX_SECONDS: f64 = 1e9;

/// Reads a number of seconds such as `10`, `0.5` or `2.25`, from 0 to
/// [`MAX_SECONDS`].
pub fn parse_seconds(text: &str) -> Option<Duration> {
    let seconds: f64 = text.parse().ok()?;
    if seconds > MAX_SECONDS {
        return None;
    }
    Duration::try_from_secs_f64(seconds).ok()
}

/// How much time an engine has to think.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Clock {
    /// `base` for every `moves` moves (for the whole game when `None`),
    /// plus `increment` after each move: `40/60+0.5`, `10+0.1`.
    Tournament { moves: Option<u32>, base: Duration, increment: Duration },
    /// A fixed time per move.
    MoveTime(Duration),
}

/// Why a time control text could not be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeControlError {
    /// Not of the form `[moves/][minutes:]seconds[+increment]` or `inf`.
    Syntax,
    /// The moves before the time is renewed must be a positive whole number.
    Moves,
    /// The base time must be above zero (the increment is added after each move).
    ZeroBase,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeControlError::Syntax => {
                "expected [moves/][minutes:]seconds[+increment] (e.g. 10+0.1, 40/60, 1:30+1) or inf"
            }
            TimeControlError::Moves => "the number of moves before '/' must be a positive whole number",
            TimeControlError::ZeroBase => "the base time must be above 0 (the increment comes after each move)",
        })
    }
}

impl std::error::Error for TimeControlError {}

impl Clock {
    /// Reads a time control as fastchess and cutechess write it:
    /// `[moves/][minutes:]seconds[+increment]`, times in seconds (`10+0.1`,
    /// `40/10+0.1`, `0:10+0.1`), or `inf`/`infinite` for no clock (`None`).
    pub fn parse(text: &str) -> Result<Option<Clock>, TimeControlError> {
        if text == "inf" || text == "infinite" {
            return Ok(None);
        }
        let (moves, rest) = match text.split_once('/') {
            Some(("inf" | "infinite", rest)) => (None, rest),
            Some((moves, rest)) => {
                let moves: u32 = moves.parse().map_err(|_| TimeControlError::Moves)?;
                if moves == 0 {
                    return Err(TimeControlError::Moves);
                }
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (time, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = match time.split_once(':') {
            Some((minutes, seconds)) => {
                let minutes = parse_seconds(minutes).ok_or(TimeControlError::Syntax)?;
                let seconds = parse_seconds(seconds).ok_or(TimeControlError::Syntax)?;
                let total = minutes.checked_mul(60).and_then(|m| m.checked_add(seconds));
                total.filter(|t| t.as_secs_f64() <= MAX_SECONDS).ok_or(TimeControlError::Syntax)?
            }
            None => parse_seconds(time).ok_or(TimeControlError::Syntax)?,
        };
        let increment = parse_seconds(increment).ok_or(TimeControlError::Syntax)?;
        if base.is_zero() {
            return Err(TimeControlError::ZeroBase);
        }
        Ok(Some(Clock::Tournament { moves, base, increment }))
    }

    /// The value of a PGN `TimeControl` tag (seconds), when the tag can
    /// describe this clock.
    pub fn pgn_tag(&self) -> Option<String> {
        match self {
            Clock::Tournament { moves, base, increment } => {
                let moves = moves.map_or(String::new(), |m| format!("{m}/"));
                Some(format!("{moves}{}+{}", base.as_secs_f64(), increment.as_secs_f64()))
            }
            Clock::MoveTime(_) => None,
        }
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clock::Tournament { .. } => write!(f, "tc {}", self.pgn_tag().expect("a tournament clock has a tag")),
            Clock::MoveTime(t) => write!(f, "st {}", t.as_secs_f64()),
        }
    }
}

/// What limits one engine's thinking on each move: a clock, a node budget
/// and a depth, in any combination (at least one of them).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    pub clock: Option<Clock>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl Limits {
    /// True when nothing limits the engine: it would think forever.
    pub fn is_unlimited(&self) -> bool {
        self.clock.is_none() && self.nodes.is_none() && self.depth.is_none()
    }
}

impl fmt::Display for Limits {
    /// `tc 10+0.1`, `depth 2`, `tc 40/60+0, nodes 5000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(clock) = self.clock {
            parts.push(clock.to_string());
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes {nodes}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        f.write_str(&parts.join(", "))
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
struct SideClock {
    limits: Limits,
    /// How far past its time the engine may answer without losing: the
    /// latency of pipes and process scheduling is not the engine's fault.
    margin: Duration,
    /// Time left (tournament clocks only).
    remaining: Duration,
    /// Moves until the time is renewed (tournament clocks with moves only).
    moves_left: Option<u32>,
}

/// The clocks of one game, White's first.
#[derive(Clone, Debug)]
pub struct GameClock {
    sides: [SideClock; 2],
}

/// The engine used more time than it had.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flagged;

impl GameClock {
    /// Both clocks at the start of a game: each side's limits and margin,
    /// White's first.
    pub fn new(limits: [(Limits, Duration); 2]) -> GameClock {
        GameClock {
            sides: limits.map(|(limits, margin)| {
                let (remaining, moves_left) = match limits.clock {
                    Some(Clock::Tournament { moves, base, .. }) => (base, moves),
                    _ => (Duration::ZERO, None),
                };
                SideClock { limits, margin, remaining, moves_left }
            }),
        }
    }

    /// The `go` command for `side`: its node and depth limits, then its
    /// move time, or the clocks of the sides that have tournament clocks
    /// (`wtime`, `btime`, `winc`, `binc`) and its `movestogo`.
    pub fn go_command(&self, side: Colour) -> String {
        let own = &self.sides[side.index()];
        let mut go = "go".to_string();
        if let Some(nodes) = own.limits.nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        if let Some(depth) = own.limits.depth {
            go.push_str(&format!(" depth {depth}"));
        }
        match own.limits.clock {
            Some(Clock::MoveTime(t)) => go.push_str(&format!(" movetime {}", t.as_millis())),
            Some(Clock::Tournament { .. }) => {
                let mut increments = String::new();
                for (colour, letter) in [(Colour::White, 'w'), (Colour::Black, 'b')] {
                    let clock = &self.sides[colour.index()];
                    if let Some(Clock::Tournament { increment, .. }) = clock.limits.clock {
                        go.push_str(&format!(" {letter}time {}", clock.remaining.as_millis()));
                        increments.push_str(&format!(" {letter}inc {}", increment.as_millis()));
                    }
                }
                go.push_str(&increments);
                if let Some(moves) = own.moves_left {
                    go.push_str(&format!(" movestogo {moves}"));
                }
            }
            None => {}
        }
        go
    }

    /// How long `side` may think before it has lost on time, or `None` when
    /// no clock runs (node and depth limits only).
    pub fn allowance(&self, side: Colour) -> Option<Duration> {
        let own = &self.sides[side.index()];
        match own.limits.clock? {
            Clock::Tournament { .. } => Some(own.remaining + own.margin),
            Clock::MoveTime(t) => Some(t + own.margin),
        }
    }

    /// The time `side` has left on a tournament clock.
    pub fn time_left(&self, side: Colour) -> Option<Duration> {
        let own = &self.sides[side.index()];
        matches!(own.limits.clock, Some(Clock::Tournament { .. })).then_some(own.remaining)
    }

    /// Charges `side` for a move that took `elapsed`, then adds the
    /// increment and, after the last move of a period, the next period's
    /// time; fails when the move came too late.
    pub fn charge(&mut self, side: Colour, elapsed: Duration) -> Result<(), Flagged> {
        if self.allowance(side).is_some_and(|allowed| elapsed > allowed) {
            return Err(Flagged);
        }
        let own = &mut self.sides[side.index()];
        if let Some(Clock::Tournament { moves, base, increment }) = own.limits.clock {
            own.remaining = own.remaining.saturating_sub(elapsed) + increment;
            if let (Some(left), Some(moves)) = (&mut own.moves_left, moves) {
                *left -= 1;
                if *left == 0 {
                    *left = moves;
                    own.remaining += base;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn tournament(moves: Option<u32>, base: u64, increment: u64) -> Option<Clock> {
        Some(Clock::Tournament { moves, base: ms(base), increment: ms(increment) })
    }

    fn clock(limits: Limits, margin: u64) -> GameClock {
        GameClock::new([(limits, ms(margin)); 2])
    }

    #[test]
    fn reads_the_time_control_forms_of_fastchess() {
        assert_eq!(Clock::parse("10+0.1"), Ok(tournament(None, 10_000, 100)));
        assert_eq!(Clock::parse("2.5"), Ok(tournament(None, 2_500, 0)));
        assert_eq!(Clock::parse("40/10+0.1"), Ok(tournament(Some(40), 10_000, 100)));
        assert_eq!(Clock::parse("40/60"), Ok(tournament(Some(40), 60_000, 0)));
        assert_eq!(Clock::parse("0:10+0.1"), Ok(tournament(None, 10_000, 100)));
        assert_eq!(Clock::parse("1:30"), Ok(tournament(None, 90_000, 0)));
        assert_eq!(Clock::parse("40/2:00+1"), Ok(tournament(Some(40), 120_000, 1000)));
        assert_eq!(Clock::parse("inf/10+1"), Ok(tournament(None, 10_000, 1000)));
        assert_eq!(Clock::parse("inf"), Ok(None));
        assert_eq!(Clock::parse("infinite"), Ok(None));
        for bad in ["", "+1", "10+", "ten", "-1+0", "10+0.1+1", "1e10+0", "NaN", "1:2:3", ":5", "40/", "/10"] {
            assert!(Clock::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Clock::parse("0/10"), Err(TimeControlError::Moves));
        assert_eq!(Clock::parse("x/10"), Err(TimeControlError::Moves));
        assert_eq!(Clock::parse("0+1"), Err(TimeControlError::ZeroBase));
    }

    #[test]
    fn fischer_clock_counts_down_and_adds_the_increment() {
        let limits = Limits { clock: Clock::parse("1+0.1").unwrap(), ..Limits::default() };
        let mut clock = clock(limits, 10);
        assert_eq!(clock.go_command(Colour::White), "go wtime 1000 btime 1000 winc 100 binc 100");
        assert_eq!(clock.allowance(Colour::White), Some(ms(1010)));
        clock.charge(Colour::White, ms(300)).unwrap();
        assert_eq!(clock.time_left(Colour::White), Some(ms(800)));
        assert_eq!(clock.go_command(Colour::Black), "go wtime 800 btime 1000 winc 100 binc 100");
        // Within the margin: no loss, the clock stops at zero.
        clock.charge(Colour::Black, ms(1005)).unwrap();
        assert_eq!(clock.allowance(Colour::Black), Some(ms(110)));
        assert_eq!(clock.charge(Colour::Black, ms(111)), Err(Flagged));
    }

    #[test]
    fn moves_to_go_renew_the_time_after_each_period() {
        let limits = Limits { clock: Clock::parse("2/1").unwrap(), ..Limits::default() };
        let mut clock = clock(limits, 0);
        assert_eq!(clock.go_command(Colour::White), "go wtime 1000 btime 1000 winc 0 binc 0 movestogo 2");
        clock.charge(Colour::White, ms(400)).unwrap();
        assert_eq!(clock.go_command(Colour::White), "go wtime 600 btime 1000 winc 0 binc 0 movestogo 1");
        clock.charge(Colour::White, ms(500)).unwrap();
        assert_eq!(clock.time_left(Colour::White), Some(ms(1100)));
        assert_eq!(clock.go_command(Colour::White), "go wtime 1100 btime 1000 winc 0 binc 0 movestogo 2");
    }

    #[test]
    fn each_side_has_its_own_limits() {
        let white = Limits { clock: Clock::parse("2+0.5").unwrap(), nodes: Some(900), depth: None };
        let black = Limits { clock: None, nodes: None, depth: Some(7) };
        let clock = GameClock::new([(white, ms(0)), (black, ms(0))]);
        assert_eq!(clock.go_command(Colour::White), "go nodes 900 wtime 2000 winc 500");
        assert_eq!(clock.go_command(Colour::Black), "go depth 7");
        assert_eq!((clock.allowance(Colour::Black), clock.time_left(Colour::Black)), (None, None));
    }

    #[test]
    fn move_time_allows_the_margin_only() {
        let limits = Limits { clock: Some(Clock::MoveTime(ms(200))), ..Limits::default() };
        let mut clock = clock(limits, 5);
        assert_eq!(clock.go_command(Colour::White), "go movetime 200");
        assert!(clock.charge(Colour::White, ms(205)).is_ok());
        assert_eq!(clock.time_left(Colour::White), None);
        assert_eq!(clock.charge(Colour::White, ms(206)), Err(Flagged));
    }

    #[test]
    fn depth_and_nodes_have_no_clock() {
        let mut clock = clock(Limits { depth: Some(3), ..Limits::default() }, 0);
        assert_eq!(clock.go_command(Colour::White), "go depth 3");
        assert_eq!(clock.allowance(Colour::White), None);
        assert!(clock.charge(Colour::White, Duration::from_secs(1000)).is_ok());
        let clock = GameClock::new([(Limits { nodes: Some(5000), ..Limits::default() }, ms(0)); 2]);
        assert_eq!(clock.go_command(Colour::Black), "go nodes 5000");
    }

    #[test]
    fn limits_and_tags_describe_themselves() {
        assert_eq!(Clock::parse("60+0.6").unwrap().unwrap().pgn_tag().as_deref(), Some("60+0.6"));
        assert_eq!(Clock::parse("40/60").unwrap().unwrap().pgn_tag().as_deref(), Some("40/60+0"));
        assert_eq!(Clock::MoveTime(ms(500)).pgn_tag(), None);
        let limits = Limits { clock: Clock::parse("40/60").unwrap(), nodes: Some(5), depth: Some(2) };
        assert_eq!(limits.to_string(), "tc 40/60+0, nodes 5, depth 2");
        assert_eq!(Limits { depth: Some(2), ..Limits::default() }.to_string(), "depth 2");
        assert!(Limits::default().is_unlimited());
    }
}
