//! Attack tables and slider attacks, built once per board shape.
//!
//! Leapers (knight, king, pawn captures) are plain per-square lookups. Sliders
//! use the classical ray method: for each of the eight directions a ray table,
//! cut at the first blocker found with a bit scan (lowest bit for rays going
//! up the square numbering, highest for rays going down). It works for any
//! bitboard width, which is what lets the same generator serve every board.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::Colour;

/// The eight line directions as (file step, rank step). The first four walk
/// towards higher square indices, the last four towards lower ones.
const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
const ROOK_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_DIRECTIONS: [usize; 4] = [2, 3, 6, 7];
const KNIGHT_STEPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// Tam Ruat's paladin: wazir steps and alfil jumps.
const PALADIN_STEPS: [(i32, i32); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (2, 2), (2, -2), (-2, -2), (-2, 2)];
/// Tam Ruat's wizard: ferz steps, dabbaba jumps and camel (1,3) jumps.
const WIZARD_STEPS: [(i32, i32); 16] = [
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
    (0, 2),
    (2, 0),
    (0, -2),
    (-2, 0),
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

/// Everything about attacks that depends only on the board shape.
/// Per-square tables have 256 entries so that indexing by a [`Square`]
/// (a `u8` underneath) needs no bounds check.
pub struct AttackTables<B> {
    /// Every square of the board.
    pub all: B,
    /// Each file's squares, indexed by file.
    pub files: [B; 16],
    /// Each rank's squares, indexed by rank.
    pub ranks: [B; 16],
    /// Squares not on the outer files or the first and last ranks.
    pub interior: B,
    knight: [B; 256],
    king: [B; 256],
    paladin: [B; 256],
    wizard: [B; 256],
    pawn: [[B; 256]; 2],
    rays: [[B; 256]; 8],
    rook_rays: [B; 256],
    bishop_rays: [B; 256],
    between: Box<[[B; 256]; 256]>,
    line: Box<[[B; 256]; 256]>,
}

impl<B: Bitboard> AttackTables<B> {
    /// Builds the tables of a `files` x `ranks` board.
    pub fn build(files: u8, ranks: u8) -> Self {
        let (nf, nr) = (files as i32, ranks as i32);
        let square =
            |f: i32, r: i32| ((0..nf).contains(&f) && (0..nr).contains(&r)).then(|| Square::new((r * nf + f) as u8));
        let bit = |f: i32, r: i32| square(f, r).map_or(B::EMPTY, B::from_square);
        let leaper = |f: i32, r: i32, steps: &[(i32, i32)]| {
            steps.iter().fold(B::EMPTY, |bb, &(df, dr)| bb | bit(f + df, r + dr))
        };

        let mut tables = AttackTables {
            all: B::EMPTY,
            files: [B::EMPTY; 16],
            ranks: [B::EMPTY; 16],
            interior: B::EMPTY,
            knight: [B::EMPTY; 256],
            king: [B::EMPTY; 256],
            paladin: [B::EMPTY; 256],
            wizard: [B::EMPTY; 256],
            pawn: [[B::EMPTY; 256]; 2],
            rays: [[B::EMPTY; 256]; 8],
            rook_rays: [B::EMPTY; 256],
            bishop_rays: [B::EMPTY; 256],
            between: boxed_table(),
            line: boxed_table(),
        };
        for r in 0..nr {
            for f in 0..nf {
                let sq = square(f, r).expect("on board").index();
                let here = bit(f, r);
                tables.all |= here;
                tables.files[f as usize] |= here;
                tables.ranks[r as usize] |= here;
                if f > 0 && f < nf - 1 && r > 0 && r < nr - 1 {
                    tables.interior |= here;
                }
                tables.knight[sq] = leaper(f, r, &KNIGHT_STEPS);
                tables.king[sq] = leaper(f, r, &KING_STEPS);
                tables.paladin[sq] = leaper(f, r, &PALADIN_STEPS);
                tables.wizard[sq] = leaper(f, r, &WIZARD_STEPS);
                tables.pawn[Colour::White as usize][sq] = bit(f - 1, r + 1) | bit(f + 1, r + 1);
                tables.pawn[Colour::Black as usize][sq] = bit(f - 1, r - 1) | bit(f + 1, r - 1);
                for (dir, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    let (mut tf, mut tr) = (f + df, r + dr);
                    let mut ray = B::EMPTY;
                    while let Some(target) = square(tf, tr) {
                        ray |= B::from_square(target);
                        tables.between[sq][target.index()] = ray ^ B::from_square(target);
                        (tf, tr) = (tf + df, tr + dr);
                    }
                    tables.rays[dir][sq] = ray;
                }
                tables.rook_rays[sq] = ROOK_DIRECTIONS.iter().fold(B::EMPTY, |bb, &d| bb | tables.rays[d][sq]);
                tables.bishop_rays[sq] = BISHOP_DIRECTIONS.iter().fold(B::EMPTY, |bb, &d| bb | tables.rays[d][sq]);
            }
        }
        for from in tables.all.squares() {
            for dir in 0..8 {
                let whole_line =
                    tables.rays[dir][from.index()] | tables.rays[(dir + 4) % 8][from.index()] | B::from_square(from);
                for to in tables.rays[dir][from.index()].squares() {
                    tables.line[from.index()][to.index()] = whole_line;
                }
            }
        }
        tables
    }

    /// Squares a knight on `sq` attacks.
    #[inline(always)]
    pub fn knight(&self, sq: Square) -> B {
        self.knight[sq.index()]
    }
    /// Squares a king on `sq` attacks.
    #[inline(always)]
    pub fn king(&self, sq: Square) -> B {
        self.king[sq.index()]
    }
    /// Squares a Tam Ruat paladin on `sq` attacks (wazir and alfil).
    #[inline(always)]
    pub fn paladin(&self, sq: Square) -> B {
        self.paladin[sq.index()]
    }
    /// Squares a Tam Ruat wizard on `sq` attacks (ferz, dabbaba and camel).
    #[inline(always)]
    pub fn wizard(&self, sq: Square) -> B {
        self.wizard[sq.index()]
    }
    /// Squares a pawn of `colour` on `sq` attacks (its capture diagonals).
    #[inline(always)]
    pub fn pawn(&self, colour: Colour, sq: Square) -> B {
        self.pawn[colour as usize][sq.index()]
    }
    /// Squares strictly between `a` and `b` when they share a line, else empty.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index()][b.index()]
    }
    /// The whole line (edge to edge) through `a` and `b`, or empty when they
    /// share none.
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.line[a.index()][b.index()]
    }

    /// The squares from `sq` (excluded) in direction `dir` up to and
    /// including the first occupied one. Directions 0–3 walk towards higher
    /// square indices, 4–7 are their [`opposite`]s.
    #[inline(always)]
    pub fn ray(&self, dir: usize, sq: Square, occupied: B) -> B {
        let ray = self.rays[dir][sq.index()];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if dir < 4 { blockers.lsb() } else { blockers.msb() };
        ray ^ self.rays[dir][first.index()]
    }

    /// Squares a rook on `sq` attacks, lines stopping at the first occupied square.
    #[inline(always)]
    pub fn rook(&self, sq: Square, occupied: B) -> B {
        ROOK_DIRECTIONS.iter().fold(B::EMPTY, |bb, &d| bb | self.ray(d, sq, occupied))
    }
    /// Squares a bishop on `sq` attacks.
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occupied: B) -> B {
        BISHOP_DIRECTIONS.iter().fold(B::EMPTY, |bb, &d| bb | self.ray(d, sq, occupied))
    }
    /// Squares a queen on `sq` attacks.
    #[inline(always)]
    pub fn queen(&self, sq: Square, occupied: B) -> B {
        self.rook(sq, occupied) | self.bishop(sq, occupied)
    }
    /// Squares a rook on `sq` would attack on an empty board.
    #[inline(always)]
    pub fn rook_pseudo(&self, sq: Square) -> B {
        self.rook_rays[sq.index()]
    }
    /// Squares a bishop on `sq` would attack on an empty board.
    #[inline(always)]
    pub fn bishop_pseudo(&self, sq: Square) -> B {
        self.bishop_rays[sq.index()]
    }
}

/// Number of line directions.
pub const LINE_DIRECTIONS: usize = 8;

/// Direction index of a colour's forward step (north for White).
#[inline(always)]
pub const fn forward(colour: Colour) -> usize {
    match colour {
        Colour::White => 0,
        Colour::Black => 4,
    }
}

/// The direction opposite to `dir`.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    (dir + 4) % 8
}

impl<B: Bitboard> AttackTables<B> {
    /// The square next to `sq` in direction `dir`, if on the board.
    #[inline(always)]
    pub fn step(&self, dir: usize, sq: Square) -> Option<Square> {
        let ray = self.rays[dir][sq.index()];
        if ray.is_empty() {
            None
        } else if dir < 4 {
            Some(ray.lsb())
        } else {
            Some(ray.msb())
        }
    }
    /// The first occupied square from `sq` in direction `dir`, if any.
    #[inline(always)]
    pub fn first_blocker(&self, dir: usize, sq: Square, occupied: B) -> Option<Square> {
        let blockers = self.rays[dir][sq.index()] & occupied;
        if blockers.is_empty() {
            None
        } else if dir < 4 {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }
}

fn boxed_table<B: Bitboard>() -> Box<[[B; 256]; 256]> {
    vec![[B::EMPTY; 256]; 256].into_boxed_slice().try_into().expect("256 rows")
}

#[cfg(test)]
mod tests {
    use crate::bitboard::Bitboard;
    use crate::geometry::{Board8x10, Board8x8, Geometry};

    #[test]
    fn leapers_respect_the_board_edges() {
        let t = Board8x10::tables();
        let a1 = Board8x10::parse_square("a1").unwrap();
        let names = |bb: u128| bb.squares().map(|s| Board8x10::square_name(s).to_string()).collect::<Vec<_>>();
        assert_eq!(names(t.knight(a1)), ["c2", "b3"]);
        let h10 = Board8x10::parse_square("h10").unwrap();
        assert_eq!(names(t.knight(h10)), ["g8", "f9"]);
        assert_eq!(t.king(h10).count(), 3);
        assert_eq!(t.interior.count(), 6 * 8);
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let t = Board8x8::tables();
        let sq = |s| Board8x8::parse_square(s).unwrap();
        let occ = u64::from_square(sq("d6")) | u64::from_square(sq("f4"));
        let rook = t.rook(sq("d4"), occ);
        assert!(rook.has(sq("d6")) && !rook.has(sq("d7")));
        assert!(rook.has(sq("f4")) && !rook.has(sq("g4")));
        assert!(rook.has(sq("d1")) && rook.has(sq("a4")));
        assert_eq!(rook.count(), 2 + 3 + 2 + 3);
        assert_eq!(t.between(sq("a1"), sq("d4")).count(), 2);
        assert!(t.line(sq("b2"), sq("c3")).has(sq("h8")));
        assert!(t.between(sq("a1"), sq("b3")).is_empty());
    }
}
