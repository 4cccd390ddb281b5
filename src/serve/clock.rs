//! A chess clock for the two players of a tab: time left per side, the
//! increment added after each move, and the moment the running clock
//! started, so that the time left is known at any instant without a timer.

use super::protocol::ClockView;
use movegen::Colour;
use std::time::Instant;

/// Two clocks, one running at a time.
pub struct Clock {
    left_ms: [u64; 2],
    increment_ms: u64,
    /// When the running clock last started; before the first move none runs.
    since: Option<Instant>,
}

impl Clock {
    /// Both sides with `ms` milliseconds and `increment_ms` per move.
    pub fn new(ms: u64, increment_ms: u64) -> Clock {
        Clock { left_ms: [ms; 2], increment_ms, since: None }
    }

    /// The increment per move.
    pub fn increment(&self) -> u64 {
        self.increment_ms
    }

    /// Time left for each side at `now`, while the clock of `running` runs.
    pub fn left(&self, running: Option<Colour>, now: Instant) -> [u64; 2] {
        let mut left = self.left_ms;
        if let (Some(side), Some(since)) = (running, self.since) {
            let spent = now.saturating_duration_since(since).as_millis() as u64;
            left[side.index()] = left[side.index()].saturating_sub(spent);
        }
        left
    }

    /// `mover` ended its move at `now`: its time is spent, the increment
    /// added, and the other clock starts. The first move of the game is
    /// free: the clocks start after it.
    pub fn press(&mut self, mover: Colour, now: Instant) {
        if self.since.is_some() {
            let left = self.left(Some(mover), now)[mover.index()];
            self.left_ms[mover.index()] = left + self.increment_ms;
        }
        self.since = Some(now);
    }

    /// Starts the running clock afresh at `now` (after a take-back, the time
    /// spent since the last move is not charged).
    pub fn restart(&mut self, now: Instant) {
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    /// The clocks for the page.
    pub fn view(&self, running: Option<Colour>, now: Instant) -> ClockView {
        let running = running.filter(|_| self.since.is_some());
        let [white_ms, black_ms] = self.left(running, now);
        ClockView { white_ms, black_ms, running: running.map(Colour::name) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_move_spends_the_movers_time_and_adds_the_increment() {
        let start = Instant::now();
        let mut clock = Clock::new(60_000, 2_000);
        clock.press(Colour::White, start);
        assert_eq!(clock.left(Some(Colour::Black), start + Duration::from_secs(5)), [60_000, 55_000]);
        clock.press(Colour::Black, start + Duration::from_secs(5));
        assert_eq!(clock.left(None, start + Duration::from_secs(5)), [60_000, 57_000]);
        assert_eq!(clock.left(Some(Colour::White), start + Duration::from_secs(100)), [0, 57_000]);
        let view = clock.view(Some(Colour::White), start + Duration::from_secs(6));
        assert_eq!((view.white_ms, view.black_ms, view.running), (59_000, 57_000, Some("white")));
    }
}
