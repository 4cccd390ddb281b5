#!/usr/bin/env python3
"""Measures the Tam Ruat piece values by redfool self-play.

Method: material-imbalance matches between two identical redfool engines at
a fixed depth. Every pairing starts from the Tam Ruat start position with a
change: the "hero" side lacks `count` pieces of type B and the other side
lacks `count` pieces of type A, so the hero plays A against B. Two or three
of a kind at once, because one warrior or one piece more moves the score of
these noisy games too little to measure (the score stays far from
saturation, so the signal grows with the imbalance). Two calibrations play
a full army against one two knights short and against one three warriors
short.

Openings: each game pair shares one opening made of random warrior and
barbarian moves (4 by each side, non-captures, no further than the fifth
rank), played once with the hero as White and once with the hero as Black,
so the first-move advantage cancels and the pawn structures give the
deterministic engines different games. The runner's `--random-plies` is not
used: its random moves can be anything, and where a side lacks pieces they
open lines for its queen to blunder into, which biases the result. Neither
is `--repeat`: with identical engines at a fixed depth the second game of a
repeated pair is a move-for-move copy of the first. The opening moves come
from redfool's own legal move list (UCI `d`), picked by a seeded generator.

The ghost is not on the board at the start (warlock captures summon it), so
it is measured by substitution: the hero's two ghosts stand on its knights'
squares instead of the knights (there they can hop out over their own
warriors; on the second rank a ghost would take an enemy back-rank piece at
once), against a full army. With both its ghosts on the board the hero's
warlocks summon none: that is part of what a ghost on the board costs.

Conversion: the hero's score s over N games gives an Elo difference
d = -400 log10(1/s - 1). A calibration gives the Elo worth of one piece of
known value, hence a scale k in Elo per centipawn; a pairing "n A against
n B" then says value(A) - value(B) = (d / n) / k, and value(A) follows from
the value the evaluation already uses for B (knight 320, warrior 100), so
the scale's error only multiplies the difference. This assumes Elo grows
linearly with material over these imbalances. The scale comes from the
knight odds by default (`--scale knight`): at the depths this budget allows
three warriors move the score so little that their scale is not
significantly above zero (`--scale warrior` tries it anyway), and the
warrior's worth on the knight's scale is printed as a finding. Errors are
95 % intervals from the per-game score variance, propagated through the
ratio (calibration error included). Games an engine failure ended (no
`bestmove`, crash, illegal move) are left out of the score.

Games are adjudicated only where the result is not in doubt, so that the
engine's current guesses hardly bias the outcome: a side whose own score is
eight pawns or worse for three of its moves in a row loses, and after move
150 a game whose scores stay within +-0.10 for 20 moves each is drawn.

Usage (from the repository root, after `cargo build --release`):

    python3 scripts/tamruat_piece_values.py                 # every pairing
    python3 scripts/tamruat_piece_values.py --only knight_odds ghost_knight
    python3 scripts/tamruat_piece_values.py --analyse-only  # recount the PGNs

It writes one EPD book and one PGN per pairing to --out, then prints the
results per pairing and the measured values. The games depend only on the
redfool binary and the options (the engines are deterministic at a fixed
depth), so a rerun replays them. With the defaults (7 pairings of 80 games
at depth 6, two at once) a run takes about 45 minutes on two busy cores.
Python 3 standard library only.
"""

import argparse
import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
import time

START_FEN = "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1"
FILES = "abcdefghijkl"
SIZE = 12

# Values the evaluation uses for the reference pieces (eval/src/weights.rs).
REFERENCE_VALUE = {"knight": 320, "warrior": 100}

# The order of TAMRUAT_VALUE in eval/src/weights.rs.
TABLE_ORDER = ["paladin", "wizard", "warlock", "ghost", "barbarian"]


def take(letter, indices, becomes=None):
    """An edit: the side's pieces `letter` number `indices` (counted from the
    a-file) are removed, or replaced by `becomes`."""
    return [(letter, i, becomes) for i in indices]


def choose(letter, have, count):
    """Every way of taking `count` of the side's `have` pieces `letter`."""
    return [take(letter, c) for c in itertools.combinations(range(have), count)]


# Each pairing: the hero's edits and the other side's edits, each a list of
# alternatives. The hero plays `count` x `piece` against `count` x
# `reference`; the calibration (`reference` None) plays a full army against
# one `count` warriors short.
PAIRINGS = {
    "warrior_odds": {
        "piece": "warrior",
        "reference": None,
        "count": 3,
        "hero": [[]],
        "other": choose("P", 5, 3),
    },
    "knight_odds": {
        "piece": "knight",
        "reference": None,
        "count": 2,
        "hero": [[]],
        "other": [take("N", [0, 1])],
    },
    "paladin_knight": {
        "piece": "paladin",
        "reference": "knight",
        "count": 2,
        "hero": [take("N", [0, 1])],
        "other": [take("A", [0, 1])],
    },
    "wizard_knight": {
        "piece": "wizard",
        "reference": "knight",
        "count": 2,
        "hero": [take("N", [0, 1])],
        "other": [take("X", [0, 1])],
    },
    "warlock_knight": {
        "piece": "warlock",
        "reference": "knight",
        "count": 2,
        "hero": [take("N", [0, 1])],
        "other": [take("L", [0, 1])],
    },
    "ghost_knight": {
        "piece": "ghost",
        "reference": "knight",
        "count": 2,
        "hero": [take("N", [0, 1], becomes="G")],
        "other": [[]],
    },
    "barbarian_warrior": {
        "piece": "barbarian",
        "reference": "warrior",
        "count": 3,
        "hero": choose("P", 5, 3),
        "other": choose("U", 5, 3),
    },
}


# ----- positions -----


def parse_board(fen):
    """The board of a FEN as a dict (file, rank) -> letter, ranks from 1."""
    board = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        rank = SIZE - row
        file = 0
        for count, letter in re.findall(r"(\d+)|([A-Za-z])", text):
            if count:
                file += int(count)
            else:
                board[(file, rank)] = letter
                file += 1
    return board


def board_fen(board):
    rows = []
    for rank in range(SIZE, 0, -1):
        text, empty = "", 0
        for file in range(SIZE):
            letter = board.get((file, rank))
            if letter is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += letter
        if empty:
            text += str(empty)
        rows.append(text)
    return "/".join(rows)


def side_letter(letter, white):
    return letter.upper() if white else letter.lower()


def apply(board, edits, white):
    """Applies edits to one side of the start position's board."""
    targets = []
    for letter, index, becomes in edits:
        squares = sorted(sq for sq, l in board.items() if l == side_letter(letter, white))
        targets.append((squares[index], becomes))
    for sq, becomes in targets:
        if becomes is None:
            del board[sq]
        else:
            board[sq] = side_letter(becomes, white)


def material(board, white):
    """The sorted piece letters of one side, upper case."""
    return "".join(sorted(l.upper() for l in board.values() if l.isupper() == white))


def versions(pairing):
    """Every start position of the pairing: (FEN without counters, hero is
    White), hero White and hero Black next to each other."""
    out = []
    for hero_edits in pairing["hero"]:
        for other_edits in pairing["other"]:
            for hero_white in (True, False):
                board = parse_board(START_FEN)
                apply(board, hero_edits, hero_white)
                apply(board, other_edits, not hero_white)
                out.append((board_fen(board) + " w - -", hero_white))
    return out


# ----- openings -----


class Referee:
    """A redfool process asked for FENs and legal moves (UCI `d`)."""

    def __init__(self, redfool):
        self.process = subprocess.Popen(
            [redfool], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("setoption name UCI_Variant value tamruat")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def describe(self, fen, moves):
        """The FEN and legal moves (UCI) after `moves` from `fen`."""
        self.send(f"position fen {fen} moves {' '.join(moves)}" if moves else f"position fen {fen}")
        self.send("d")
        self.send("isready")
        found, legal = None, []
        for line in self.process.stdout:
            if line.startswith("Fen: "):
                found = line[5:].strip()
            elif line.startswith("Legal moves"):
                legal = line.split(":", 1)[1].split()
            elif line.strip() == "readyok":
                break
        if found is None:
            sys.exit(f"redfool printed no FEN for {fen} moves {moves}")
        return found, legal

    def close(self):
        self.send("quit")
        self.process.wait()


MOVE = re.compile(r"([a-l])(\d+)([a-l])(\d+)")


def quiet_pawn_moves(fen, legal):
    """The legal warrior and barbarian moves that capture nothing and go no
    further than the mover's fifth rank."""
    board = parse_board(fen)
    white = fen.split()[1] == "w"
    out = []
    for uci in legal:
        m = MOVE.fullmatch(uci)
        if not m:
            continue
        source = (FILES.index(m[1]), int(m[2]))
        target = (FILES.index(m[3]), int(m[4]))
        relative_rank = target[1] if white else SIZE + 1 - target[1]
        if board.get(source) == side_letter("P", white) or board.get(source) == side_letter("U", white):
            if target not in board and relative_rank <= 5 and abs(target[1] - source[1]) <= 2:
                out.append(uci)
    return out


def openings(pairing, pairs, plies, seed, referee):
    """`pairs` pairs of FENs, hero White then hero Black, each pair the same
    random pawn moves played in one version of the pairing."""
    rng = random.Random(seed)
    starts = versions(pairing)
    order = list(range(0, len(starts), 2))
    rng.shuffle(order)
    book = []
    for i in range(pairs):
        j = order[i % len(order)]
        (white_fen, _), (black_fen, _) = starts[j], starts[j + 1]
        fens = [white_fen + " 0 1", black_fen + " 0 1"]
        moves = []
        for _ in range(plies):
            described = [referee.describe(fen, moves) for fen in fens]
            choices = [set(quiet_pawn_moves(fen, legal)) for fen, legal in described]
            common = sorted(choices[0] & choices[1])
            if not common:
                break
            moves.append(rng.choice(common))
        for fen, hero_white in zip(fens, (True, False)):
            book.append((without_en_passant(referee.describe(fen, moves)[0]), hero_white))
    return book


def without_en_passant(fen):
    """The FEN with no en-passant square. No capture is possible in these
    openings (no pawn passes its fifth rank), and redfool writes the field
    after every double step but refuses it when two pieces could have made
    it (two barbarians on d9 and f9 over e10), so it goes."""
    fields = fen.split()
    fields[3] = "-"
    return " ".join(fields)


# ----- statistics -----


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summarise(wins, draws, losses):
    """Score, Elo and the half-width of the 95 % Elo interval."""
    n = wins + draws + losses
    s = (wins + draws / 2) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s**2) / n
    se = math.sqrt(var / n)
    lo, hi = elo(s - 1.96 * se), elo(s + 1.96 * se)
    return {"score": s, "elo": elo(s), "elo_error": (hi - lo) / 2, "elo_se": (hi - lo) / 2 / 1.96}


# ----- running -----


def run_pairing(name, pairing, args, referee):
    epd = os.path.join(args.out, f"{name}.epd")
    pgn = os.path.join(args.out, f"{name}.pgn")
    book = openings(pairing, (args.games + 1) // 2, args.opening_plies, f"{args.seed}-{name}", referee)
    with open(epd, "w") as f:
        for fen, _ in book:
            f.write(fen + "\n")
    if os.path.exists(pgn):
        os.remove(pgn)
    limit = ["--nodes", str(args.nodes)] if args.nodes else ["--depth", str(args.depth)]
    engine = [f"cmd={args.redfool}", "option.Hash=16"]
    # Game i has engine i % 2 as White and opening i, so the first engine
    # ("hero") holds the hero's army in every game and the runner's own W/D/L
    # and pair statistics are the hero's; the count below does not rely on it.
    cmd = [
        args.redfool, "match",
        "--engine", *engine, "name=hero",
        "--engine", *engine, "name=other",
        "--variant", "tamruat",
        "--openings", epd, "--order", "sequential",
        "--games", str(args.games), "--concurrency", str(args.concurrency),
        *limit,
        "--resign", "movecount=3", "score=800",
        "--draw", "movenumber=150", "movecount=20", "score=10",
        "--pgnout", pgn,
    ]  # fmt: skip
    print(f"== {name}: {args.games} games", flush=True)
    print("   " + " ".join(cmd), flush=True)
    started = time.time()
    result = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.time() - started
    if result.returncode != 0:
        sys.exit(f"redfool match failed:\n{result.stdout}\n{result.stderr}")
    for line in result.stdout.splitlines():
        if line.strip().startswith(("Games", "Elo", "Pairs")):
            print("   runner: " + line.strip())
    print(f"   {seconds:.0f} s", flush=True)
    return seconds


def read_games(path):
    text = open(path).read()
    games = []
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "Result" in tags:
            games.append(tags)
    return games


def count_pairing(name, pairing, args):
    """The hero's wins, draws and losses in the pairing's PGN, the hero's
    colour found from the material of each game's start position. Games
    that ended by an engine failure (no move, crash, illegal move) are
    counted under their termination but left out of the score."""
    starts = versions(pairing)
    hero_material = {material(parse_board(fen), white) for fen, white in starts}
    other_material = {material(parse_board(fen), not white) for fen, white in starts}
    assert not hero_material & other_material, "the hero's army is told apart by its material"
    games = read_games(os.path.join(args.out, f"{name}.pgn"))
    wins = draws = losses = 0
    terminations = {}
    for tags in games:
        termination = tags.get("Termination", "?")
        terminations[termination] = terminations.get(termination, 0) + 1
        if termination not in ("normal", "adjudication"):
            # An engine that hangs or crashes says nothing about the material.
            continue
        board = parse_board(tags.get("FEN", START_FEN))
        white_hero = material(board, True) in hero_material
        black_hero = material(board, False) in hero_material
        assert white_hero != black_hero, f"cannot tell the hero in {tags}"
        result = tags["Result"]
        if result == "1/2-1/2":
            draws += 1
        elif (result == "1-0") == white_hero:
            wins += 1
        else:
            losses += 1
    return {"games": wins + draws + losses, "wins": wins, "draws": draws, "losses": losses, "terminations": terminations}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redfool", default=os.path.join(root, "target", "release", "redfool"))
    parser.add_argument("--out", default=os.path.join(root, "target", "tamruat-piece-values"))
    parser.add_argument("--games", type=int, default=80, help="games per pairing (even)")
    parser.add_argument("--depth", type=int, default=6, help="fixed search depth per move")
    parser.add_argument("--nodes", type=int, default=0, help="fixed nodes per move instead of a depth")
    parser.add_argument("--opening-plies", type=int, default=8, help="random pawn moves per opening")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=sorted(PAIRINGS), help="run only these pairings")
    parser.add_argument(
        "--scale", choices=["knight", "warrior"], default="knight", help="the calibration that converts Elo to cp"
    )
    parser.add_argument("--analyse-only", action="store_true", help="count the existing PGNs, play nothing")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    names = args.only or list(PAIRINGS)
    if not args.analyse_only:
        referee = Referee(args.redfool)
        total = 0.0
        for name in names:
            total += run_pairing(name, PAIRINGS[name], args, referee)
        referee.close()
        print(f"played in {total / 60:.1f} min", flush=True)

    results = {}
    print()
    print(f"{'pairing':<18} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>6} {'Elo':>14}  terminations")
    for name in PAIRINGS:
        if not os.path.exists(os.path.join(args.out, f"{name}.pgn")):
            continue
        counts = count_pairing(name, PAIRINGS[name], args)
        if counts["games"] == 0:
            continue
        stats = summarise(counts["wins"], counts["draws"], counts["losses"])
        results[name] = {**counts, **stats}
        print(
            f"{name:<18} {counts['games']:>5} {counts['wins']:>4} {counts['draws']:>4} {counts['losses']:>4} "
            f"{100 * stats['score']:>5.1f}% {stats['elo']:>+6.1f} +/- {stats['elo_error']:>5.1f}  "
            + ", ".join(f"{k} {v}" for k, v in sorted(counts["terminations"].items()))
        )

    values, scales = {}, {}
    print()
    for name, pairing in PAIRINGS.items():
        if pairing["reference"] is None and name in results:
            # Elo per centipawn, from the value the evaluation gives the piece.
            r, n, cp = results[name], pairing["count"], REFERENCE_VALUE[pairing["piece"]]
            scales[pairing["piece"]] = (r["elo"] / n / cp, r["elo_se"] / n / cp)
            print(
                f"calibration by {name}: one {pairing['piece']} ({cp} cp) = "
                f"{r['elo'] / n:+.1f} +/- {1.96 * r['elo_se'] / n:.1f} Elo"
            )
    if args.scale not in scales:
        sys.exit(f"no {args.scale} calibration to convert with")
    k, k_se = scales[args.scale]
    if k <= 0 or k < 1.96 * k_se:
        sys.exit(f"the {args.scale} calibration gives no significant advantage: no scale to convert with")
    print(f"scale: {100 * k:.1f} +/- {196 * k_se:.1f} Elo per 100 cp, from the {args.scale}")

    def convert(elo_one, elo_one_se):
        """Centipawns of an Elo difference, with its 95 % error."""
        se = math.sqrt((elo_one_se / k) ** 2 + (elo_one * k_se / k**2) ** 2)
        return elo_one / k, 1.96 * se

    for piece, (other_k, other_se) in scales.items():
        if piece != args.scale:
            value, error = convert(other_k * REFERENCE_VALUE[piece], other_se * REFERENCE_VALUE[piece])
            print(f"on this scale one {piece} is worth {value:.0f} +/- {error:.0f} cp (the evaluation: {REFERENCE_VALUE[piece]})")
    print(f"\n{'piece':<10} {'against':<8} {'difference (cp)':>16} {'value (cp)':>16}")
    for name, pairing in PAIRINGS.items():
        if pairing["reference"] is None or name not in results:
            continue
        r, n = results[name], pairing["count"]
        diff, error = convert(r["elo"] / n, r["elo_se"] / n)
        value = REFERENCE_VALUE[pairing["reference"]] + diff
        values[pairing["piece"]] = {"value": value, "error": error, "against": pairing["reference"]}
        print(f"{pairing['piece']:<10} {pairing['reference']:<8} {diff:>+9.0f} +/- {error:<4.0f} {value:>9.0f} +/- {error:<4.0f}")
    if all(p in values for p in TABLE_ORDER):
        table = ", ".join(str(int(round(values[p]["value"] / 10) * 10)) for p in TABLE_ORDER)
        print(f"\npub const TAMRUAT_VALUE: [i32; 5] = [{table}];  // rounded to 10 cp")
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"settings": vars(args), "results": results, "scales": scales, "values": values}, f, indent=2)


if __name__ == "__main__":
    main()
