//! The match's running account: results by game and by pair, the
//! statistics made from them, and the lines the runner prints.

use super::game::GameRecord;
use super::schedule::GameSpec;
use super::stats::{Pentanomial, Sprt, SprtVerdict, Tally};
use movegen::Colour;
use std::collections::HashMap;
use std::fmt::Write;
use std::time::Duration;

/// The layout of the lines printed during a match (`-output format=`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutputFormat {
    /// redfool's own score line after each game and full report (fastchess
    /// prints its own report too; tools read the PGN or the game lines).
    Fastchess,
    /// cutechess-cli's lines (`Score of A vs B: W - L - D  [score] N`,
    /// `Elo difference: …`), which tools written for cutechess parse.
    Cutechess,
}

/// Results so far, from the first engine's side.
pub struct Scoreboard {
    names: [String; 2],
    tally: Tally,
    pairs: Pentanomial,
    /// Pairs with one game finished: the first engine's half points in it.
    open_pairs: HashMap<usize, usize>,
    sprt: Option<Sprt>,
    referee_time: Duration,
    engine_moves: u64,
}

impl Scoreboard {
    pub fn new(names: [String; 2], sprt: Option<Sprt>) -> Scoreboard {
        Scoreboard {
            names,
            tally: Tally::default(),
            pairs: Pentanomial::default(),
            open_pairs: HashMap::new(),
            sprt,
            referee_time: Duration::ZERO,
            engine_moves: 0,
        }
    }

    /// Counts a finished game.
    pub fn record(&mut self, spec: &GameSpec, record: &GameRecord) {
        let first_engine_colour = if spec.white == 0 { Colour::White } else { Colour::Black };
        let half_points = match record.result.winner {
            None => 1,
            Some(winner) if winner == first_engine_colour => 2,
            Some(_) => 0,
        };
        match half_points {
            2 => self.tally.wins += 1,
            1 => self.tally.draws += 1,
            _ => self.tally.losses += 1,
        }
        match self.open_pairs.remove(&spec.pair()) {
            Some(other) => self.pairs.add(other + half_points),
            None => {
                self.open_pairs.insert(spec.pair(), half_points);
            }
        }
        self.referee_time += record.referee_time;
        self.engine_moves += u64::from(record.engine_moves);
    }

    /// Number of finished games.
    pub fn games(&self) -> u32 {
        self.tally.games()
    }

    /// The SPRT's log-likelihood ratio and verdict, when a test runs and
    /// its ratio is defined.
    pub fn sprt(&self) -> Option<(f64, SprtVerdict)> {
        let sprt = self.sprt?;
        let llr = sprt.llr(&self.pairs)?;
        Some((llr, sprt.verdict(llr)))
    }

    fn llr_text(&self) -> Option<String> {
        let sprt = self.sprt?;
        let (lower, upper) = sprt.bounds();
        let llr = self.sprt().map_or("n/a".to_string(), |(llr, _)| format!("{:.2}", llr + 0.0));
        Some(format!("LLR {llr} ({lower:.2}, {upper:.2})"))
    }

    /// One line with the standing after every game, so that an interrupted
    /// match has its latest statistics on screen.
    pub fn score_line(&self) -> String {
        let t = &self.tally;
        let mut line = format!(
            "Score of {} vs {}: +{} ={} -{} ({}) in {}",
            self.names[0],
            self.names[1],
            t.wins,
            t.draws,
            t.losses,
            percent(t.score()),
            count(t.games(), "game", "games")
        );
        if let Some(elo) = t.elo() {
            write!(line, ", Elo {elo}, LOS {:.1} %", 100.0 * t.los()).expect("writing to a String");
        }
        if self.pairs.pairs() > 0 {
            write!(line, ", pairs {:?}", self.pairs.0).expect("writing to a String");
        }
        if let Some(llr) = self.llr_text() {
            write!(line, ", {llr}").expect("writing to a String");
        }
        line
    }

    /// cutechess-cli's line after each game: wins, losses, draws, the
    /// score fraction and the number of games.
    pub fn cutechess_score_line(&self) -> String {
        let t = &self.tally;
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            t.wins,
            t.losses,
            t.draws,
            t.score().unwrap_or(0.0),
            t.games()
        )
    }

    /// cutechess-cli's periodic statistics: the Elo line and, when a test
    /// runs, the SPRT line.
    pub fn cutechess_interval(&self) -> String {
        let t = &self.tally;
        let mut text = match t.elo() {
            Some(elo) => format!(
                "Elo difference: {:.2} +/- {:.2}, LOS: {:.2} %, DrawRatio: {:.2} %\n",
                elo.value + 0.0,
                elo.margin,
                100.0 * t.los(),
                100.0 * t.draw_ratio().unwrap_or(0.0)
            ),
            None => String::new(),
        };
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            let (llr, verdict) = self.sprt().unwrap_or((0.0, SprtVerdict::Continue));
            let progress = 100.0 * if llr < 0.0 { llr / lower } else { llr / upper };
            let verdict = match verdict {
                SprtVerdict::AcceptH1 => " - H1 was accepted",
                SprtVerdict::AcceptH0 => " - H0 was accepted",
                SprtVerdict::Continue => "",
            };
            writeln!(
                text,
                "SPRT: llr {:.2} ({progress:.1}%), lbound {lower:.2}, ubound {upper:.2}{verdict}",
                llr + 0.0
            )
            .expect("writing to a String");
        }
        text
    }

    /// The full statistics.
    pub fn summary(&self, setting: &str) -> String {
        let t = &self.tally;
        let mut text = format!("Results of {} vs {} ({setting}):\n", self.names[0], self.names[1]);
        let mut line = |s: String| {
            text.push_str("  ");
            text.push_str(&s);
            text.push('\n');
        };
        line(format!(
            "Games    {}: {}, {}, {}, {} point{} ({})",
            t.games(),
            count(t.wins, "win", "wins"),
            count(t.draws, "draw", "draws"),
            count(t.losses, "loss", "losses"),
            t.points(),
            if t.points() == 1.0 { "" } else { "s" },
            percent(t.score())
        ));
        if let Some(elo) = t.elo() {
            line(format!(
                "Elo      {elo} (95 %), LOS {:.1} %, draw ratio {}",
                100.0 * t.los(),
                percent(t.draw_ratio())
            ));
        }
        let pairs = self.pairs.pairs();
        if pairs > 0 {
            let nelo = self.pairs.normalized_elo().map_or("n/a".to_string(), |e| e.to_string());
            line(format!("Pairs    {pairs}: [LL LD DD/WL WD WW] = {:?}, nElo {nelo}", self.pairs.0));
        }
        if let (Some(sprt), Some(llr)) = (self.sprt, self.llr_text()) {
            let verdict = self.sprt().map_or(SprtVerdict::Continue, |(_, v)| v);
            line(format!(
                "SPRT     {llr}, elo0 {} elo1 {} ({} Elo), alpha {} beta {}: {verdict}",
                compact(sprt.elo0),
                compact(sprt.elo1),
                sprt.model.name(),
                compact(sprt.alpha),
                compact(sprt.beta)
            ));
        }
        if self.engine_moves > 0 {
            let per_move = self.referee_time.as_secs_f64() * 1e6 / self.engine_moves as f64;
            line(format!(
                "Referee  {per_move:.1} µs per move over {} moves (time not spent thinking by the engines)",
                self.engine_moves
            ));
        }
        text
    }
}

/// A number as `{}` writes it when that is short, else in exponent form:
/// `0.05`, `1e-300` (not three hundred digits).
fn compact(x: f64) -> String {
    let plain = x.to_string();
    if plain.len() <= 12 {
        plain
    } else {
        format!("{x:e}")
    }
}

/// `1 game`, `2 games`.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn percent(fraction: Option<f64>) -> String {
    fraction.map_or("-".to_string(), |f| format!("{:.1} %", 100.0 * f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Termination};
    use crate::openings::Opening;
    use crate::stats::SprtModel;
    use movegen::{RedFool, Variant, VariantKind};

    fn game(index: usize, winner: Option<Colour>) -> (GameSpec, GameRecord) {
        let spec = GameSpec {
            index,
            round: 1,
            game_in_round: index + 1,
            white: index % 2,
            opening: Opening::start::<RedFool>(),
        };
        let record = GameRecord {
            variant: VariantKind::RedFool,
            chess960: false,
            start_fen: RedFool::START_FEN.to_string(),
            first_move: (1, Colour::White),
            moves: Vec::new(),
            result: GameResult { winner, termination: Termination::Normal, reason: String::new() },
            broken_engine: None,
            referee_time: Duration::from_micros(30),
            engine_moves: 3,
        };
        (spec, record)
    }

    #[test]
    fn counts_games_from_the_first_engines_side_and_pairs_them() {
        let mut board = Scoreboard::new(["A".into(), "B".into()], None);
        // Game 0: A is White and wins. Game 1: A is Black, White (B) wins.
        // Game 3 (A Black, Black wins) arrives before game 2 (draw).
        for (index, winner) in [(0, Some(Colour::White)), (1, Some(Colour::White)), (3, Some(Colour::Black))] {
            let (spec, record) = game(index, winner);
            board.record(&spec, &record);
        }
        assert_eq!(board.tally, Tally { wins: 2, draws: 0, losses: 1 });
        assert_eq!(board.pairs, Pentanomial([0, 0, 1, 0, 0]));
        let (spec, record) = game(2, None);
        board.record(&spec, &record);
        assert_eq!(board.pairs, Pentanomial([0, 0, 1, 1, 0]));
        assert_eq!(board.games(), 4);
        assert!(board.open_pairs.is_empty());
        let summary = board.summary("test");
        assert!(summary.contains("Games    4: 2 wins, 1 draw, 1 loss, 2.5 points (62.5 %)"), "{summary}");
        assert!(summary.contains("Referee  10.0 µs per move over 12 moves"), "{summary}");
        assert!(board.score_line().starts_with("Score of A vs B: +2 =1 -1 (62.5 %) in 4 games, Elo +88.7"));
    }

    #[test]
    fn sprt_runs_over_pairs() {
        let sprt = Sprt { elo0: 0.0, elo1: 400.0, alpha: 0.05, beta: 0.05, model: SprtModel::Logistic };
        let mut board = Scoreboard::new(["A".into(), "B".into()], Some(sprt));
        assert_eq!(board.sprt(), Some((0.0, SprtVerdict::Continue)));
        let mut index = 0;
        while board.sprt().unwrap().1 == SprtVerdict::Continue {
            // A wins every game.
            let winner = if index % 2 == 0 { Colour::White } else { Colour::Black };
            let (spec, record) = game(index, Some(winner));
            board.record(&spec, &record);
            index += 1;
            assert!(index < 100, "the SPRT never stopped");
        }
        assert_eq!(board.sprt().unwrap().1, SprtVerdict::AcceptH1);
        assert!(board.summary("x").contains(": H1 accepted"));
        let interval = board.cutechess_interval();
        assert!(interval.starts_with("Elo difference: inf +/- "), "{interval}");
        assert!(interval.contains(", lbound -2.94, ubound 2.94 - H1 was accepted\n"), "{interval}");
    }

    #[test]
    fn cutechess_lines_count_wins_losses_then_draws() {
        let mut board = Scoreboard::new(["A".into(), "B".into()], None);
        for (index, winner) in [(0, Some(Colour::White)), (1, None), (2, Some(Colour::Black))] {
            let (spec, record) = game(index, winner);
            board.record(&spec, &record);
        }
        assert_eq!(board.cutechess_score_line(), "Score of A vs B: 1 - 1 - 1  [0.500] 3");
        // Score ½, per-game variance (¼ + 0 + ¼)/3, δ = 1.96·√(1/18) = 0.46198:
        // Elo(0.96198) = 561.2.
        assert_eq!(board.cutechess_interval(), "Elo difference: 0.00 +/- 561.20, LOS: 50.00 %, DrawRatio: 33.33 %\n");
    }

    #[test]
    fn sprt_settings_print_compactly() {
        let sprt = Sprt { elo0: -1.5, elo1: 999.0, alpha: 1e-300, beta: 0.05, model: SprtModel::Normalized };
        let mut board = Scoreboard::new(["A".into(), "B".into()], Some(sprt));
        let (spec, record) = game(0, None);
        board.record(&spec, &record);
        let summary = board.summary("x");
        assert!(summary.contains("elo0 -1.5 elo1 999 (normalized Elo), alpha 1e-300 beta 0.05"), "{summary}");
    }
}
