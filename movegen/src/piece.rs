//! Colours, piece roles and pieces.

use std::ops::Not;

/// The two armies. The Red Fool belongs to neither.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Colour {
    /// Both colours, White first.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    /// The colour's index into per-colour tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The colour's name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

impl Not for Colour {
    type Output = Colour;
    #[inline(always)]
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What a piece is, regardless of colour. The first six are the orthodox
/// pieces; the rest are Tam Ruat's (RULES.md §3), whose warrior is the
/// [`Role::Pawn`], chariot the rook and cleric the bishop.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Role {
    /// The pawn (Tam Ruat's warrior).
    Pawn = 0,
    /// The knight.
    Knight = 1,
    /// The bishop (Tam Ruat's cleric).
    Bishop = 2,
    /// The rook (Tam Ruat's chariot).
    Rook = 3,
    /// The queen.
    Queen = 4,
    /// The king, whose checkmate ends the game.
    King = 5,
    /// A king that reached the far rank: moves as a queen, royal, never checks.
    Emperor = 6,
    /// Wazir steps and alfil jumps.
    Paladin = 7,
    /// Ferz steps, dabbaba and camel jumps.
    Wizard = 8,
    /// Steps to an empty neighbour; captures by jumping over an adjacent enemy.
    Warlock = 9,
    /// A grasshopper in eight directions, summoned by warlock captures.
    Ghost = 10,
    /// Moves one square diagonally forward, captures one square straight forward.
    Barbarian = 11,
}

impl Role {
    /// Number of roles, the length of per-role tables.
    pub const COUNT: usize = 12;
    /// Every role, in index order.
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Emperor,
        Role::Paladin,
        Role::Wizard,
        Role::Warlock,
        Role::Ghost,
        Role::Barbarian,
    ];
    /// The roles of orthodox chess and Red Fool Chess.
    pub const ORTHODOX: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The role's index into per-role tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The role with index `i`.
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < Role::COUNT {
            Some(Role::ALL[i])
        } else {
            None
        }
    }
    /// The lower-case letter of FEN, UCI promotions and (upper-cased) SAN.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Emperor => 'e',
            Role::Paladin => 'a',
            Role::Wizard => 'x',
            Role::Warlock => 'l',
            Role::Ghost => 'g',
            Role::Barbarian => 'u',
        }
    }
    /// The role of a letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.char() == c.to_ascii_lowercase())
    }
    /// The victim value by which the Red Fool picks his cheapest kill
    /// (RULES.md §1: P=1, N=2, B=3, R=4, Q=5; kings are never targets).
    #[inline(always)]
    pub const fn fool_value(self) -> u8 {
        match self {
            Role::Pawn => 1,
            Role::Knight => 2,
            Role::Bishop => 3,
            Role::Rook => 4,
            Role::Queen => 5,
            _ => u8::MAX,
        }
    }
}

/// A piece on the board: a colour and a role, or, in Checkered chess
/// (RULES.md §4), a checkered piece that belongs to both players (then
/// `colour` means nothing and is White by convention).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is (White for a checkered piece).
    pub colour: Colour,
    /// What kind of piece it is.
    pub role: Role,
    /// True for Checkered chess's checkered pieces, which belong to both.
    pub checkered: bool,
}

impl Piece {
    /// The piece of `colour` and `role`.
    pub const fn new(colour: Colour, role: Role) -> Piece {
        Piece { colour, role, checkered: false }
    }
    /// A checkered piece of `role` (never a king).
    pub const fn checkered(role: Role) -> Piece {
        Piece { colour: Colour::White, role, checkered: true }
    }
    /// Which set the piece belongs to: 0 White, 1 Black, 2 checkered (the
    /// index of per-colour tables that hold checkered pieces too). Branch
    /// free, since it is on the path of every make and unmake.
    #[inline(always)]
    pub const fn set_index(self) -> usize {
        self.colour.index() | (self.checkered as usize) << 1
    }
    /// The FEN letter: upper case for White, lower case for Black, and a
    /// letter of its own for each checkered role.
    pub fn char(self) -> char {
        if self.checkered {
            return match self.role {
                Role::Pawn => 's',
                Role::Knight => 'o',
                Role::Bishop => 'c',
                Role::Rook => 'u',
                _ => 't',
            };
        }
        match self.colour {
            Colour::White => self.role.char().to_ascii_uppercase(),
            Colour::Black => self.role.char(),
        }
    }
    /// The white or black piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
        Role::from_char(c).map(|role| Piece::new(colour, role))
    }
    /// The checkered piece of a FEN letter of either case (`s o c u t`).
    pub fn checkered_from_char(c: char) -> Option<Piece> {
        let role = match c.to_ascii_lowercase() {
            's' => Role::Pawn,
            'o' => Role::Knight,
            'c' => Role::Bishop,
            'u' => Role::Rook,
            't' => Role::Queen,
            _ => return None,
        };
        Some(Piece::checkered(role))
    }
}
