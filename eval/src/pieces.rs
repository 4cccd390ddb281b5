//! Everything scored piece by piece: material (and the game phase it
//! defines), placement and mobility. Walking the pieces also fills in what
//! the later terms need: the squares each colour attacks (once and twice),
//! the pressure on the enemy king (less without a queen), who menaces the
//! Fool, and which pieces attack heavier ones.

use crate::bits::forward;
use crate::evaluation::Evaluation;
use crate::piece_value;
use crate::psqt;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::{
    Field, KING_ATTACKER_UNITS, KING_ZONE_HIT_UNITS, MOBILITY_BASELINE, PHASE_MAX, PHASE_WEIGHT,
    QUEENLESS_DANGER_PERCENT,
};
use movegen::{Bb, Bitboard, Colour, Geometry, Role, Square, Variant};

/// What one side's pieces add up to.
#[derive(Default)]
struct Tally {
    material: Score,
    placement: Score,
    mobility: Score,
    phase: i32,
}

impl Tally {
    /// Counts a piece of `role` worth `material` (the variant's fitted
    /// values) whose square earns `placement`.
    #[inline(always)]
    fn add_piece(&mut self, role: Role, material: &[Score; Role::COUNT], placement: Score) {
        self.material += material[role.index()];
        self.phase += PHASE_WEIGHT[role.index()];
        self.placement += placement;
    }
}

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores material, piece-square bonuses and mobility and sets the
    /// phase; completes `attacked`, `attacked_twice` and `attacked_by`, adds
    /// the pieces' pressure to `king_danger` and counts `fool_menacers` and
    /// `lesser_threats`.
    #[inline(always)]
    pub(crate) fn pieces(&mut self) {
        let [white, black] = Colour::ALL.map(|us| self.side(us));
        self.phase = (white.phase + black.phase).min(PHASE_MAX);
        self.add(Term::Material, white.material, black.material);
        self.add(Term::PieceSquares, white.placement, black.placement);
        self.add(Term::Mobility, white.mobility, black.mobility);
    }

    #[inline(always)]
    fn side(&mut self, us: Colour) -> Tally {
        let (tables, occupied) = (self.tables, self.occupied);
        let board = self.pos.board();
        let mut tally = Tally::default();
        // Squares worth moving to: not held by our own pieces, not the
        // Fool's (nothing may enter it), not covered by an enemy pawn.
        let area = tables.all & !board.colour(us) & !self.pawn_attacks[(!us).index()] & !self.fool;
        let table = &psqt::table::<V>()[us.index()];
        let material = &Self::weights().material;
        for role in [Role::Pawn, Role::King, Role::Barbarian] {
            for sq in board.pieces(us, role).squares() {
                tally.add_piece(role, material, table[role.index()][sq.index()]);
                self.count_piece(us, role, sq);
            }
        }
        self.mobile(us, Role::Knight, area, &mut tally, |sq| tables.knight(sq));
        self.mobile(us, Role::Bishop, area, &mut tally, |sq| tables.bishop(sq, occupied));
        self.mobile(us, Role::Rook, area, &mut tally, |sq| tables.rook(sq, occupied));
        self.mobile(us, Role::Queen, area, &mut tally, |sq| tables.queen(sq, occupied));
        // The other roles, each where the variant has it (`V::ROLES` is a
        // constant: the checks fold away), never by which variant this is.
        let has = |role| V::ROLES.contains(&role);
        if has(Role::Emperor) {
            self.mobile(us, Role::Emperor, area, &mut tally, |sq| tables.queen(sq, occupied));
        }
        if has(Role::Paladin) {
            self.mobile(us, Role::Paladin, area, &mut tally, |sq| tables.paladin(sq));
        }
        if has(Role::Wizard) {
            self.mobile(us, Role::Wizard, area, &mut tally, |sq| tables.wizard(sq));
        }
        if has(Role::Warlock) {
            self.mobile(us, Role::Warlock, area, &mut tally, |sq| tables.king(sq));
        }
        if has(Role::Ghost) {
            self.mobile(us, Role::Ghost, area, &mut tally, |sq| tables.queen(sq, occupied));
        }
        // Knights and bishops right behind a pawn of ours: it screens them
        // from the enemy's rooks and queens on the file, and they support
        // its advance.
        let minors = board.pieces(us, Role::Knight) | board.pieces(us, Role::Bishop);
        let shielded = (minors & forward::<V::G>(tables, !us, board.pieces(us, Role::Pawn))).count() as i32;
        tally.placement += Self::weights().minor_behind_pawn * shielded;
        self.count(us, Field::MinorBehindPawn, 0, [shielded as f64; 2]);
        // Without a queen an attack on the king rarely breaks through (in
        // variants that have queens at all).
        if V::ROLES.contains(&Role::Queen) && board.pieces(us, Role::Queen).is_empty() {
            self.king_danger[(!us).index()] = self.king_danger[(!us).index()] * QUEENLESS_DANGER_PERCENT / 100;
        }
        if board.pieces(us, Role::Bishop).more_than_one() {
            tally.material += Self::weights().bishop_pair;
            self.count(us, Field::BishopPair, 0, [1.0; 2]);
        }
        tally
    }

    /// Counts the weights a piece of `us`'s `role` on `sq` earns: its
    /// material and its square's piece-square shapes.
    #[inline(always)]
    fn count_piece(&mut self, us: Colour, role: Role, sq: Square) {
        if R::COUNTS {
            self.count(us, Field::Material, role.index(), [1.0; 2]);
            let rank = V::G::relative_rank(us, V::G::rank(sq));
            for (field, numerator, denominator) in psqt::shapes(role, V::G::file(sq), rank, V::G::FILES, V::G::RANKS) {
                self.count(us, field, 0, [numerator as f64 / denominator as f64; 2]);
            }
        }
    }

    /// Tallies `us`'s pieces of `role`, a role that moves where it attacks:
    /// `area` holds the squares worth moving to, `attacks_from` gives the
    /// attacks from a square.
    #[inline(always)]
    fn mobile(
        &mut self,
        us: Colour,
        role: Role,
        area: Bb<V>,
        tally: &mut Tally,
        attacks_from: impl Fn(Square) -> Bb<V>,
    ) {
        let (u, r, them) = (us.index(), role.index(), (!us).index());
        let table = &psqt::table::<V>()[u][r];
        let weights = Self::weights();
        let board = self.pos.board();
        // The enemy pieces worth more than this one (royals count nothing).
        let value = piece_value::<V>(role);
        let heavier = V::ROLES
            .iter()
            .filter(|&&other| piece_value::<V>(other) > value)
            .fold(Bb::<V>::EMPTY, |set, &other| set | board.pieces(!us, other));
        for sq in board.pieces(us, role).squares() {
            let attacks = attacks_from(sq);
            tally.add_piece(role, &weights.material, table[sq.index()]);
            self.count_piece(us, role, sq);
            let mobility = (attacks & area).count() as i32 - MOBILITY_BASELINE[r];
            tally.mobility += weights.mobility[r] * mobility;
            self.count(us, Field::Mobility, r, [mobility as f64; 2]);
            self.attacked_twice[u] |= self.attacked[u] & attacks;
            self.attacked[u] |= attacks;
            self.attacked_by[u][r] |= attacks;
            let zone_hits = attacks & self.king_zone[them];
            if zone_hits.any() {
                self.king_danger[them] += KING_ATTACKER_UNITS[r] + KING_ZONE_HIT_UNITS * zone_hits.count() as i32;
            }
            self.fool_menacers[u] += (attacks & self.fool).any() as i32;
            self.lesser_threats[u] += (attacks & heavier).count() as i32;
        }
    }
}
