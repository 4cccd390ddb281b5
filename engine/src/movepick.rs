//! Move ordering: which legal move to search first.
//!
//! The generator yields every legal move at once (each base move with each
//! Fool answer), so ordering is a score per move and a selection of the best
//! remaining one each time the search asks for the next: the table move
//! first, then tactical moves whose exchange does not lose, by MVV-LVA, then
//! the killers, then the other quiet moves by history (kept apart by which
//! of the move's squares the enemy attacks, and raised for a move that
//! takes a piece out of an attack by a cheaper enemy piece, lowered for one
//! that puts it there), and last the moves that lose material, at
//! once or in the exchange that follows.
//!
//! "Material" includes the Fool's answer: a move whose answer kills an enemy
//! piece gains that piece, and one whose answer kills one of the mover's own
//! pieces (the moved piece included) loses it, whatever else the move does.

use crate::history::{Capture, Exposure, Heuristics, NodeContext, PieceTo, Quiet};
use crate::search::params::{CAPTURE_HISTORY_DIVISOR, MINOR_THREAT_ORDER, QUEEN_THREAT_ORDER, ROOK_THREAT_ORDER};
use crate::see::exchange;
use crate::tt::TableMove;
use eval::piece_value;
use movegen::{Bb, Bitboard, Geometry, Move, MoveSink, Piece, Position, Role, Square, Variant};

const TABLE_MOVE: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLERS: [i32; 2] = [1 << 27, (1 << 27) - 1];
const LOSING: i32 = -(1 << 28);

/// What a move does to the material at once, from the mover's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Material {
    /// Centipawns won (negative: lost): the captured piece, the promotion's
    /// gain over the pawn, the mover's own piece when the move hands it to
    /// nobody (a Checkered chess stage-1 capture leaves a checkered piece),
    /// and the Fool's victim counted for or against.
    pub gain: i32,
    /// True for captures, promotions and moves whose Fool answer kills an
    /// enemy piece: the moves the quiescence search looks at.
    pub tactical: bool,
    /// The enemy piece taken, or killed by the Fool's answer.
    pub victim: Option<Role>,
}

impl Material {
    /// Assesses legal move `m` of the side to move in `pos`.
    #[inline]
    pub fn of<V: Variant>(pos: &Position<V>, m: Move) -> Material {
        let us = pos.side_to_move();
        // What the side to move owns of a piece: all of it, or nothing of a
        // checkered piece or an enemy one.
        let owned = |p: Piece| if p.colour == us && !p.checkered { piece_value::<V>(p.role) } else { 0 };
        let (captured, placement_gain) = match pos.base_effect(m) {
            Some((mover, effect)) => (effect.victim.map(|(_, p)| p.role), owned(effect.placed) - owned(mover)),
            None => (None, 0),
        };
        let (fool_gain, fool_kills) = match pos.fool_victim(m) {
            Some(victim) if victim.colour == us => (-piece_value::<V>(victim.role), None),
            Some(victim) => (piece_value::<V>(victim.role), Some(victim.role)),
            None => (0, None),
        };
        let captured_value = captured.map_or(0, piece_value::<V>);
        Material {
            gain: captured_value + placement_gain + fool_gain,
            tactical: captured_value != 0 || m.promotion().is_some() || fool_kills.is_some(),
            victim: captured.or(fool_kills),
        }
    }
}

/// The piece legal move `m` of `pos` moves, and where to.
#[inline]
pub fn piece_to<V: Variant>(pos: &Position<V>, m: Move) -> PieceTo {
    let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
    PieceTo { role, to: m.to() }
}

/// A legal move with its ordering score and material assessment.
#[derive(Clone, Copy, Debug)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its place in the ordering: higher is searched first.
    pub order: i32,
    /// What it captures or kills, for the exchange evaluation and pruning.
    pub material: Material,
    /// The moving piece and its destination, for the histories.
    pub piece: PieceTo,
    /// For a quiet move, which of its squares the enemy attacks, for the
    /// main history.
    exposure: Exposure,
    /// The static exchange evaluation, once worked out (for tactical moves
    /// only, and only when the move is picked: most nodes cut off before
    /// their later captures are looked at).
    exchange: Option<i32>,
}

impl ScoredMove {
    fn unscored(mv: Move) -> ScoredMove {
        ScoredMove {
            mv,
            order: 0,
            material: Material { gain: 0, tactical: false, victim: None },
            piece: PieceTo { role: Role::Pawn, to: mv.to() },
            exposure: Exposure::default(),
            exchange: None,
        }
    }

    /// Sets the exposure of a quiet move of `pos` from `threats`, worked out
    /// at the first quiet move of the list, and returns them (`None` for a
    /// tactical move).
    #[inline]
    fn set_exposure<'t, V: Variant>(
        &mut self,
        pos: &Position<V>,
        threats: &'t mut Option<Threats<Bb<V>>>,
    ) -> Option<&'t Threats<Bb<V>>> {
        if self.material.tactical {
            return None;
        }
        let threats = threats.get_or_insert_with(|| Threats::of(pos));
        self.exposure = threats.exposure(self.mv.from(), self.mv.to());
        Some(threats)
    }

    /// The move as the quiet histories see it.
    pub fn quiet(&self) -> Quiet {
        Quiet { mv: self.mv, piece: self.piece, exposure: self.exposure }
    }

    /// The move as the capture history sees it.
    pub fn capture(&self) -> Capture {
        Capture { piece: self.piece, victim: self.material.victim }
    }

    /// What the move wins or loses once the exchange it starts is over: the
    /// static exchange evaluation of a tactical move [`MoveList::pick`]
    /// returned, the material gain of a quiet one.
    pub fn exchange(&self) -> i32 {
        self.exchange.unwrap_or(self.material.gain)
    }
}

/// The squares the side not to move attacks with its pawns, with its
/// pawns and minor pieces, with those and its rooks, and with all its
/// orthodox pieces: a quiet move that takes a piece out of an attack by a
/// cheaper enemy piece is tried earlier, one that puts a piece under such
/// an attack later, and every quiet move's main history is read by which
/// of its squares are attacked at all.
struct Threats<B> {
    by_pawn: B,
    by_minor: B,
    by_rook: B,
    by_any: B,
}

impl<B: Bitboard> Threats<B> {
    fn of<V: Variant<G: Geometry<Bb = B>>>(pos: &Position<V>) -> Threats<B> {
        let tables = V::G::tables();
        let board = pos.board();
        let them = !pos.side_to_move();
        let occupied = pos.occupied();
        let by_pawn = union_of(board.pieces(them, Role::Pawn), |sq| tables.pawn(them, sq));
        let by_minor = by_pawn
            | union_of(board.pieces(them, Role::Knight), |sq| tables.knight(sq))
            | union_of(board.pieces(them, Role::Bishop), |sq| tables.bishop(sq, occupied));
        let by_rook = by_minor | union_of(board.pieces(them, Role::Rook), |sq| tables.rook(sq, occupied));
        let by_any = by_rook
            | union_of(board.pieces(them, Role::Queen), |sq| tables.queen(sq, occupied))
            | union_of(board.pieces(them, Role::King), |sq| tables.king(sq));
        Threats { by_pawn, by_minor, by_rook, by_any }
    }

    /// Which of `from` and `to` the enemy attacks.
    fn exposure(&self, from: Square, to: Square) -> Exposure {
        Exposure { from: self.by_any.has(from), to: self.by_any.has(to) }
    }

    /// The ordering bonus (or malus) of a quiet move of `role` from `from`
    /// to `to`.
    fn quiet_bonus(&self, role: Role, from: Square, to: Square) -> i32 {
        let (threats, bonus) = match role {
            Role::Queen => (self.by_rook, QUEEN_THREAT_ORDER),
            Role::Rook => (self.by_minor, ROOK_THREAT_ORDER),
            Role::Knight | Role::Bishop => (self.by_pawn, MINOR_THREAT_ORDER),
            _ => return 0,
        };
        match (threats.has(from), threats.has(to)) {
            (true, false) => bonus,
            (false, true) => -bonus,
            _ => 0,
        }
    }
}

/// The union of `attack(sq)` over the squares of `pieces`.
#[inline]
fn union_of<B: Bitboard>(pieces: B, attack: impl Fn(Square) -> B) -> B {
    pieces.squares().fold(B::EMPTY, |bb, sq| bb | attack(sq))
}

/// Moves picked one by one (a step of selection sort each) before the
/// rest of the list is sorted at once: most nodes cut off within the first
/// few moves, and the others search them all.
const SELECTION_PICKS: usize = 3;

/// The legal moves of a node, scored for ordering.
#[derive(Default)]
pub struct MoveList {
    moves: Vec<ScoredMove>,
    /// True once the moves from [`SELECTION_PICKS`] on are sorted, best first.
    sorted: bool,
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves.push(ScoredMove::unscored(mv));
    }
}

impl MoveList {
    /// Replaces the list with the legal moves of `pos`, unscored.
    pub fn generate<V: Variant>(&mut self, pos: &Position<V>) {
        self.moves.clear();
        self.sorted = false;
        movegen::generate(pos, self);
    }

    /// Replaces the list with the noisy moves of `pos` (see
    /// [`Position::is_noisy`]), unscored: the quiescence search's moves out
    /// of check.
    pub fn generate_noisy<V: Variant>(&mut self, pos: &Position<V>) {
        self.moves.clear();
        self.sorted = false;
        movegen::generate_noisy(pos, self);
    }

    /// Replaces the list with `moves` (legal in `pos`), to be searched in
    /// exactly that order.
    pub fn set_in_order<V: Variant>(&mut self, pos: &Position<V>, moves: impl Iterator<Item = Move>) {
        self.moves.clear();
        self.sorted = false;
        self.moves.extend(moves.map(ScoredMove::unscored));
        let len = self.moves.len() as i32;
        let mut threats = None;
        for (i, m) in self.moves.iter_mut().enumerate() {
            m.order = len - i as i32;
            m.material = Material::of(pos, m.mv);
            m.piece = piece_to(pos, m.mv);
            m.set_exposure(pos, &mut threats);
            // Worked out now, so that picking does not reorder the list.
            m.exchange = m.material.tactical.then(|| exchange(pos, m.mv, m.material));
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Scores every move for `node`, whose table move is `table_move`.
    pub fn score<V: Variant>(
        &mut self,
        pos: &Position<V>,
        table_move: TableMove,
        node: &NodeContext,
        heuristics: &Heuristics,
    ) {
        for m in &mut self.moves {
            m.material = Material::of(pos, m.mv);
        }
        self.order(pos, table_move, node, heuristics);
    }

    /// Keeps only the tactical moves and scores them as [`MoveList::score`]
    /// would, for a quiescence search out of check: the quiet moves, most
    /// of the list, are dropped before they cost any ordering work.
    pub fn score_tactical<V: Variant>(
        &mut self,
        pos: &Position<V>,
        table_move: TableMove,
        node: &NodeContext,
        heuristics: &Heuristics,
    ) {
        self.moves.retain_mut(|m| {
            m.material = Material::of(pos, m.mv);
            m.material.tactical
        });
        self.order(pos, table_move, node, heuristics);
    }

    /// Sets the ordering score of every move from its material assessment
    /// and the histories.
    fn order<V: Variant>(
        &mut self,
        pos: &Position<V>,
        table_move: TableMove,
        node: &NodeContext,
        heuristics: &Heuristics,
    ) {
        let killers = heuristics.killers(node.ply);
        // Worked out at the first quiet move: a list of tactical moves only
        // (the quiescence search's) needs none.
        let mut threats = None;
        self.sorted = false;
        for m in &mut self.moves {
            m.exchange = None;
            m.piece = piece_to(pos, m.mv);
            let threats = m.set_exposure(pos, &mut threats);
            let role = m.piece.role;
            m.order = if table_move.matches(m.mv) {
                TABLE_MOVE
            } else if m.material.tactical && m.material.gain >= 0 {
                // Until picked, a capture is assumed to keep what it wins;
                // among equal gains, those that cut off before come first.
                let history = heuristics.capture(node.side, m.capture()) / CAPTURE_HISTORY_DIVISOR;
                GOOD_TACTICAL + 16 * m.material.gain - piece_value::<V>(role) / 64 + history
            } else if m.material.gain < 0 {
                LOSING + 16 * m.material.gain
            } else if m.mv == killers[0] {
                KILLERS[0]
            } else if m.mv == killers[1] {
                KILLERS[1]
            } else {
                let threat_bonus = threats.map_or(0, |t| t.quiet_bonus(role, m.mv.from(), m.mv.to()));
                heuristics.quiet(node, m.quiet()) + threat_bonus
            };
        }
    }

    /// The best-scored move among those from `index` on, moved to `index`
    /// (for the first picks by one step of a selection sort, then from the
    /// rest sorted at once). A tactical move is returned with its exchange
    /// worked out; one found to lose it is first moved down among the
    /// losing moves (the table move excepted).
    #[inline]
    pub fn pick<V: Variant>(&mut self, pos: &Position<V>, index: usize) -> Option<ScoredMove> {
        loop {
            if index >= self.moves.len() {
                return None;
            }
            if index < SELECTION_PICKS {
                let rest = &mut self.moves[index..];
                let mut best = 0;
                for i in 1..rest.len() {
                    if rest[i].order > rest[best].order {
                        best = i;
                    }
                }
                rest.swap(0, best);
            } else if !self.sorted {
                self.moves[index..].sort_unstable_by_key(|m| std::cmp::Reverse(m.order));
                self.sorted = true;
            }
            let m = &mut self.moves[index];
            if m.material.tactical && m.exchange.is_none() {
                let value = exchange(pos, m.mv, m.material);
                m.exchange = Some(value);
                if value < 0 && m.order > LOSING && m.order != TABLE_MOVE {
                    m.order = LOSING + 16 * value;
                    if self.sorted {
                        // Move it down to its place in the sorted rest.
                        let demoted = self.moves.remove(index);
                        let place = self.moves[index..].partition_point(|m| m.order >= demoted.order);
                        self.moves.insert(index + place, demoted);
                    }
                    continue;
                }
            }
            return Some(*m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::CONTINUATION_TABLES;
    use movegen::{Checkered, Chess, Position, RedFool};

    fn context<V: Variant>(pos: &Position<V>, ply: usize) -> NodeContext {
        NodeContext { ply, side: pos.side_to_move(), before: [None; CONTINUATION_TABLES] }
    }

    fn ordered<V: Variant>(pos: &Position<V>, heuristics: &Heuristics) -> Vec<String> {
        let mut list = MoveList::default();
        list.generate(pos);
        list.score(pos, TableMove::NONE, &context(pos, 0), heuristics);
        (0..list.len()).map(|i| pos.uci(list.pick(pos, i).unwrap().mv)).collect()
    }

    #[test]
    fn captures_come_by_victim_then_cheapest_attacker() {
        // The queen on d5 can be taken by the pawn and the rook; the knight by the rook.
        let pos = Position::<Chess>::from_fen("4k3/8/6n1/3q4/4P3/8/8/3RK1R1 w - - 0 1", false).unwrap();
        let order = ordered(&pos, &Heuristics::default());
        assert_eq!(&order[..3], ["e4d5", "d1d5", "g1g6"]);
    }

    #[test]
    fn captures_that_lose_the_exchange_come_after_quiet_moves() {
        // Rg1xg5 wins a knight but the queen on d5 takes the rook back.
        let pos = Position::<Chess>::from_fen("4k3/8/8/3q2n1/4P3/8/8/3RK1R1 w - - 0 1", false).unwrap();
        let order = ordered(&pos, &Heuristics::default());
        assert_eq!(&order[..2], ["e4d5", "d1d5"]);
        assert_eq!(order.last().unwrap(), "g1g5");
    }

    #[test]
    fn fool_kills_count_for_the_killer_and_against_the_victims_side() {
        // Rule position h_kill_defended: a rook to the h-file or to b9 stirs
        // the Fool on h9, who kills the cheapest safe victim: Black's rook on
        // g7 after b2h2 or b2b9, but White's own pawn on f8 after f1h1.
        let pos = Position::<RedFool>::from_fen("k7/7*/5P2/6r1/8/8/8/8/1R6/2K2R2 w - - 0 1", false).unwrap();
        let find = |text: &str| pos.parse_uci(text).unwrap();
        let rook = piece_value::<RedFool>(Role::Rook);
        let pawn = piece_value::<RedFool>(Role::Pawn);
        assert_eq!(
            Material::of(&pos, find("b2h2@g7")),
            Material { gain: rook, tactical: true, victim: Some(Role::Rook) }
        );
        assert_eq!(
            Material::of(&pos, find("b2b9@g7")),
            Material { gain: rook, tactical: true, victim: Some(Role::Rook) }
        );
        assert_eq!(Material::of(&pos, find("f1h1@f8")), Material { gain: -pawn, tactical: false, victim: None });
        assert_eq!(Material::of(&pos, find("c1d2")), Material { gain: 0, tactical: false, victim: None });
        let order = ordered(&pos, &Heuristics::default());
        let mut kills = order[..2].to_vec();
        kills.sort();
        assert_eq!(kills, ["b2b9@g7", "b2h2@g7"]);
        assert_eq!(order.last().unwrap(), "f1h1@f8");
    }

    #[test]
    fn a_checkered_stage_one_capture_costs_the_capturer() {
        // The queen taking d5 turns checkered: White gives up a queen for a
        // pawn. The checkered rook on a5 takes for nothing, being White's
        // only for the move; the king's capture is plain.
        let fen = "4k3/8/8/u2p4/8/1n6/5n2/3QK3 w - - 0 1 0000000000000000 - 1";
        let pos = Position::<Checkered>::from_fen(fen, false).unwrap();
        let find = |text: &str| pos.parse_uci(text).unwrap();
        let value = piece_value::<Checkered>;
        let capture = |gain, victim| Material { gain, tactical: true, victim: Some(victim) };
        assert_eq!(Material::of(&pos, find("d1d5")), capture(value(Role::Pawn) - value(Role::Queen), Role::Pawn));
        assert_eq!(Material::of(&pos, find("a5d5")), capture(value(Role::Pawn), Role::Pawn));
        assert_eq!(Material::of(&pos, find("e1f2")), capture(value(Role::Knight), Role::Knight));
        assert_eq!(Material::of(&pos, find("d1b3")), capture(value(Role::Knight) - value(Role::Queen), Role::Knight));
        let order = ordered(&pos, &Heuristics::default());
        assert!(order.last().unwrap().starts_with("d1d5"), "{order:?}");
    }

    #[test]
    fn table_move_then_killers_then_history() {
        let pos = Position::<Chess>::startpos();
        let find = |text: &str| pos.parse_uci(text).unwrap();
        let mut heuristics = Heuristics::default();
        let reward = |heuristics: &mut Heuristics, ply, depth, text| {
            let m = find(text);
            let quiet = Quiet { mv: m, piece: piece_to(&pos, m), exposure: Exposure::default() };
            heuristics.reward_quiet(&context(&pos, ply), depth, quiet, &[], &[]);
        };
        reward(&mut heuristics, 2, 8, "g1f3");
        reward(&mut heuristics, 2, 4, "b1c3");
        reward(&mut heuristics, 5, 3, "a2a3");
        let mut list = MoveList::default();
        list.generate(&pos);
        list.score(&pos, TableMove::of(find("h2h4")), &context(&pos, 2), &heuristics);
        let order: Vec<String> = (0..list.len()).map(|i| pos.uci(list.pick(&pos, i).unwrap().mv)).collect();
        assert_eq!(&order[..4], ["h2h4", "b1c3", "g1f3", "a2a3"]);
    }

    /// Legal quiet move `text` of `pos` as the scored list hands it to the
    /// histories.
    fn scored_quiet<V: Variant>(pos: &Position<V>, text: &str) -> Quiet {
        let mut list = MoveList::default();
        list.generate(pos);
        list.score(pos, TableMove::NONE, &context(pos, 0), &Heuristics::default());
        let mv = pos.parse_uci(text).unwrap();
        (0..list.len()).map(|i| list.pick(pos, i).unwrap()).find(|m| m.mv == mv).unwrap().quiet()
    }

    #[test]
    fn a_quiet_move_learns_apart_by_which_of_its_squares_are_attacked() {
        // The e5 pawn attacks the knight on d4, the b6 knight attacks a4 and
        // a8; without the pawn nothing attacks d4.
        let attacked = Position::<Chess>::from_fen("4k3/8/1n6/4p3/3N4/8/8/R3K3 w - - 0 1", false).unwrap();
        let calm = Position::<Chess>::from_fen("4k3/8/1n6/8/3N4/8/8/R3K3 w - - 0 1", false).unwrap();
        let escape = scored_quiet(&attacked, "d4b5");
        assert_eq!(escape.exposure, Exposure { from: true, to: false });
        assert_eq!(scored_quiet(&attacked, "a1a8").exposure, Exposure { from: false, to: true });
        assert_eq!(scored_quiet(&attacked, "a1a2").exposure, Exposure::default());
        let calm_move = scored_quiet(&calm, "d4b5");
        assert_eq!(calm_move.exposure, Exposure::default());
        let mut heuristics = Heuristics::default();
        heuristics.reward_quiet(&context(&attacked, 0), 8, escape, &[], &[]);
        assert!(heuristics.quiet(&context(&attacked, 0), escape) > 0);
        assert_eq!(heuristics.quiet(&context(&calm, 0), calm_move), 0, "the same move where d4 is safe");
    }

    #[test]
    fn quiet_moves_out_of_a_cheaper_attack_come_first_and_into_one_last() {
        // The pawn on e5 attacks the knight on d4, which has eight quiet
        // ways out; the rook going to a4 or a8 steps into the b6 knight's
        // attack.
        let pos = Position::<Chess>::from_fen("4k3/8/1n6/4p3/3N4/8/8/R3K3 w - - 0 1", false).unwrap();
        let order = ordered(&pos, &Heuristics::default());
        let mut escapes = order[..8].to_vec();
        escapes.sort();
        assert_eq!(escapes, ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]);
        let mut into_attack = order[order.len() - 2..].to_vec();
        into_attack.sort();
        assert_eq!(into_attack, ["a1a4", "a1a8"]);
    }
}
