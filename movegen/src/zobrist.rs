//! Zobrist keys: one random 64-bit number per feature, XORed together to
//! name a position. The Fool's square is a feature of its own, so positions
//! that differ only in where he stands are different for repetitions and the
//! transposition table. Keys come from a fixed-seed generator at compile time,
//! so they (and every hash-dependent result) are the same on every run.

use crate::castling::CastlingRights;
use crate::geometry::Square;
use crate::piece::{Colour, Piece, Role};
use crate::variants::checkered::{CheckeredState, Stage};

/// All Zobrist keys.
pub struct ZobristKeys {
    /// White, black and (Checkered chess) checkered pieces.
    pieces: [[[u64; 256]; Role::COUNT]; 3],
    fool: [u64; 256],
    castling: [u64; 32],
    en_passant: [u64; 16],
    side: u64,
    pawn_flags: [u64; 16],
    cmove_from: [u64; 64],
    cmove_to: [u64; 64],
    /// Stages `1-`, `2w`, `2b` (stage `1` has no key).
    stage: [u64; 3],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl ZobristKeys {
    const fn generate() -> ZobristKeys {
        let mut state = 0x5245_4446_4F4F_4C21; // "REDFOOL!"
        let mut keys = ZobristKeys {
            pieces: [[[0; 256]; Role::COUNT]; 3],
            fool: [0; 256],
            castling: [0; 32],
            en_passant: [0; 16],
            side: 0,
            pawn_flags: [0; 16],
            cmove_from: [0; 64],
            cmove_to: [0; 64],
            stage: [0; 3],
        };
        let mut sq = 0;
        while sq < 256 {
            let mut role = 0;
            while role < Role::COUNT {
                keys.pieces[0][role][sq] = splitmix(&mut state);
                keys.pieces[1][role][sq] = splitmix(&mut state);
                role += 1;
            }
            keys.fool[sq] = splitmix(&mut state);
            sq += 1;
        }
        let mut i = 0;
        while i < 32 {
            keys.castling[i] = splitmix(&mut state);
            i += 1;
        }
        let mut f = 0;
        while f < 16 {
            keys.en_passant[f] = splitmix(&mut state);
            f += 1;
        }
        keys.side = splitmix(&mut state);
        // Checkered chess's keys come last, so the other keys stay the same.
        let mut sq = 0;
        while sq < 256 {
            let mut role = 0;
            while role < Role::COUNT {
                keys.pieces[2][role][sq] = splitmix(&mut state);
                role += 1;
            }
            sq += 1;
        }
        let mut i = 0;
        while i < 16 {
            keys.pawn_flags[i] = splitmix(&mut state);
            i += 1;
        }
        let mut sq = 0;
        while sq < 64 {
            keys.cmove_from[sq] = splitmix(&mut state);
            keys.cmove_to[sq] = splitmix(&mut state);
            sq += 1;
        }
        let mut i = 0;
        while i < 3 {
            keys.stage[i] = splitmix(&mut state);
            i += 1;
        }
        keys
    }

    /// Key of `piece` standing on `sq`.
    #[inline(always)]
    pub fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.pieces[piece.set_index()][piece.role.index()][sq.index()]
    }
    /// Key of Checkered chess's extra state: pawn flags, the last checkered
    /// move and the stage (the start state has key 0).
    pub fn checkered_state(&self, state: CheckeredState) -> u64 {
        let mut key = 0;
        let mut lost = !state.pawn_flags;
        while lost != 0 {
            key ^= self.pawn_flags[lost.trailing_zeros() as usize];
            lost &= lost - 1;
        }
        if let Some((from, to)) = state.cmove {
            key ^= self.cmove_from[from.index() & 63] ^ self.cmove_to[to.index() & 63];
        }
        key ^ match state.stage {
            Stage::One => 0,
            Stage::OneNoSwitch => self.stage[0],
            Stage::Two(Colour::White) => self.stage[1],
            Stage::Two(Colour::Black) => self.stage[2],
        }
    }
    /// Key of the Fool standing on `sq`.
    #[inline(always)]
    pub fn fool(&self, sq: Square) -> u64 {
        self.fool[sq.index()]
    }
    /// Key of a set of castling rights.
    #[inline(always)]
    pub fn castling(&self, rights: CastlingRights) -> u64 {
        let mut bits = rights.bits();
        let mut key = 0;
        while bits != 0 {
            key ^= self.castling[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        key
    }
    /// Key of an en-passant capture being possible on `file`.
    #[inline(always)]
    pub fn en_passant(&self, file: u8) -> u64 {
        self.en_passant[file as usize & 15]
    }
    /// Key XORed in when Black is to move.
    #[inline(always)]
    pub fn side(&self) -> u64 {
        self.side
    }
}

/// The keys, computed by the compiler.
pub static ZOBRIST: ZobristKeys = ZobristKeys::generate();
