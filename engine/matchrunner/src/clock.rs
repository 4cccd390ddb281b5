//! Time controls and the clocks the referee keeps for the two engines of a
//! game. Each engine's thinking time is measured by the referee itself,
//! from sending `go` to reading `bestmove`, so an engine cannot cheat the
//! clock and slow engines cannot make each other lose on time.

use movegen::Colour;
use std::fmt;
use std::time::Duration;

/// How long or how deep an engine may think per move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeControl {
    /// A Fischer clock: `base` for the game plus `increment` per move.
    Fischer { base: Duration, increment: Duration },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A node budget per move; no clock runs.
    Nodes(u64),
    /// A search depth per move; no clock runs.
    Depth(u32),
}

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

impl TimeControl {
    /// Reads `--tc` text: `<base>+<increment>` or `<base>`, in seconds.
    pub fn fischer(text: &str) -> Option<TimeControl> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let (base, increment) = (parse_seconds(base)?, parse_seconds(increment)?);
        (!base.is_zero()).then_some(TimeControl::Fischer { base, increment })
    }

    /// The value of the PGN `TimeControl` tag, when the game had a clock
    /// that the tag can describe.
    pub fn pgn_tag(&self) -> Option<String> {
        match self {
            TimeControl::Fischer { base, increment } => {
                Some(format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64()))
            }
            _ => None,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Fischer { base, increment } => {
                write!(f, "tc {}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            TimeControl::MoveTime(t) => write!(f, "st {}", t.as_secs_f64()),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
        }
    }
}

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    /// How far past its time an engine may answer without losing: the
    /// latency of pipes and process scheduling is not the engine's fault.
    margin: Duration,
    /// Time left on each side's clock (Fischer only), White first.
    remaining: [Duration; 2],
}

/// The engine used more time than it had.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flagged;

impl GameClock {
    /// Both clocks at the start of a game.
    pub fn new(control: TimeControl, margin: Duration) -> GameClock {
        let base = match control {
            TimeControl::Fischer { base, .. } => base,
            _ => Duration::ZERO,
        };
        GameClock { control, margin, remaining: [base; 2] }
    }

    /// The `go` command for the side to move (UCI sends both clocks).
    pub fn go_command(&self) -> String {
        match self.control {
            TimeControl::Fischer { increment, .. } => {
                let (white, black, inc) =
                    (self.remaining[0].as_millis(), self.remaining[1].as_millis(), increment.as_millis());
                format!("go wtime {white} btime {black} winc {inc} binc {inc}")
            }
            TimeControl::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
        }
    }

    /// How long `side` may think before it has lost on time, or `None` when
    /// no clock runs (node and depth limits).
    pub fn allowance(&self, side: Colour) -> Option<Duration> {
        match self.control {
            TimeControl::Fischer { .. } => Some(self.remaining[side.index()] + self.margin),
            TimeControl::MoveTime(t) => Some(t + self.margin),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// Charges `side` for a move that took `elapsed`, then adds the
    /// increment; fails when the move came too late.
    pub fn charge(&mut self, side: Colour, elapsed: Duration) -> Result<(), Flagged> {
        if self.allowance(side).is_some_and(|allowed| elapsed > allowed) {
            return Err(Flagged);
        }
        if let TimeControl::Fischer { increment, .. } = self.control {
            let left = &mut self.remaining[side.index()];
            *left = left.saturating_sub(elapsed) + increment;
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

    #[test]
    fn reads_fischer_time_controls() {
        assert_eq!(TimeControl::fischer("10+0.1"), Some(TimeControl::Fischer { base: ms(10_000), increment: ms(100) }));
        assert_eq!(TimeControl::fischer("2.5"), Some(TimeControl::Fischer { base: ms(2_500), increment: ms(0) }));
        for bad in ["", "+1", "10+", "ten", "-1+0", "0+1", "10+0.1+1", "inf", "1e10+0", "NaN"] {
            assert_eq!(TimeControl::fischer(bad), None, "{bad}");
        }
    }

    #[test]
    fn fischer_clock_counts_down_and_adds_the_increment() {
        let mut clock = GameClock::new(TimeControl::fischer("1+0.1").unwrap(), ms(10));
        assert_eq!(clock.go_command(), "go wtime 1000 btime 1000 winc 100 binc 100");
        assert_eq!(clock.allowance(Colour::White), Some(ms(1010)));
        clock.charge(Colour::White, ms(300)).unwrap();
        assert_eq!(clock.go_command(), "go wtime 800 btime 1000 winc 100 binc 100");
        // Within the margin: no loss, the clock stops at zero.
        clock.charge(Colour::Black, ms(1005)).unwrap();
        assert_eq!(clock.allowance(Colour::Black), Some(ms(110)));
        assert_eq!(clock.charge(Colour::Black, ms(111)), Err(Flagged));
    }

    #[test]
    fn move_time_allows_the_margin_only() {
        let mut clock = GameClock::new(TimeControl::MoveTime(ms(200)), ms(5));
        assert_eq!(clock.go_command(), "go movetime 200");
        assert!(clock.charge(Colour::White, ms(205)).is_ok());
        assert_eq!(clock.charge(Colour::White, ms(206)), Err(Flagged));
    }

    #[test]
    fn depth_and_nodes_have_no_clock() {
        let mut clock = GameClock::new(TimeControl::Depth(3), ms(0));
        assert_eq!(clock.go_command(), "go depth 3");
        assert_eq!(clock.allowance(Colour::White), None);
        assert!(clock.charge(Colour::White, Duration::from_secs(1000)).is_ok());
        assert_eq!(GameClock::new(TimeControl::Nodes(5000), ms(0)).go_command(), "go nodes 5000");
    }

    #[test]
    fn pgn_tag_describes_fischer_clocks() {
        assert_eq!(TimeControl::fischer("60+0.6").unwrap().pgn_tag().as_deref(), Some("60+0.6"));
        assert_eq!(TimeControl::Depth(1).pgn_tag(), None);
    }
}
