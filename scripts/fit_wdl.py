#!/usr/bin/env python3
"""Fit the UCI_ShowWDL model (engine/src/uci/wdl.rs) to self-play games.

The model, per variant: a score of s centipawns for the side to move wins
with probability 1/(1+exp((a-s)/b)) and loses with 1/(1+exp((a+s)/b)); the
rest is a draw. Every engine score in the games (from the mover's point of
view, as `redfool match` writes it in each move's comment) is one sample,
labelled with the game's result for that mover; a and b maximise the
likelihood of all samples (Nelder-Mead on a and log b).

Usage:
  scripts/fit_wdl.py generate <redfool binary> <out dir> [games per variant]
      plays the self-play games: `redfool match` at --nodes 800, 8 random
      opening plies, seed 1, one game at a time, Checkered chess adjudicated
      as a draw after move 200 (its stage 2 can go on for thousands of moves)
  scripts/fit_wdl.py fit <out dir>
      prints the fitted parameters as the Rust table of wdl.rs

Needs only Python 3's standard library.
"""
import math
import os
import re
import subprocess
import sys

VARIANTS = ["redfool", "chess", "tamruat", "checkered"]
RUST_NAMES = {"redfool": "RedFool", "chess": "Chess", "tamruat": "TamRuat", "checkered": "Checkered"}
NODES = 800
# Scores past this (mostly won or lost already) say little about the shape
# near equality and are left out; mate scores too.
MAX_CP = 2000


def generate(binary, out_dir, games):
    os.makedirs(out_dir, exist_ok=True)
    for variant in VARIANTS:
        pgn = os.path.join(out_dir, variant + ".pgn")
        if os.path.exists(pgn):
            os.remove(pgn)
        command = [
            binary, "match",
            "--engine", "cmd=" + binary, "--engine", "cmd=" + binary,
            "--variant", variant, "--nodes", str(NODES),
            "--games", "2", "--rounds", str(games // 2),
            "--random-plies", "8", "--seed", "1", "--concurrency", "1",
            "--pgnout", pgn,
        ]
        if variant == "checkered":
            command += ["--maxmoves", "200"]
        print(" ".join(command), file=sys.stderr)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# A move's comment: "+0.31/12 0.153s"; book moves say "book".
COMMENT = re.compile(r"\{([+-]?\d+\.\d+)/\d+ [^}]*\}")
TOKEN = re.compile(r"\{[^}]*\}|\S+")


def samples(pgn_path):
    """(score in cp for the mover, result for the mover: 1, 0.5 or 0)."""
    out = []
    with open(pgn_path) as f:
        text = f.read()
    for game in re.split(r"\n\n(?=\[Event )", text.strip()):
        header, _, movetext = game.partition("\n\n")
        tags = dict(m.groups() for m in map(TAG.match, header.splitlines()) if m)
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags.get("Result"))
        if result is None:
            continue
        white_moves = tags.get("FEN", "x w").split()[1] == "w"
        for token in TOKEN.findall(movetext):
            if re.fullmatch(r"\d+\.(\.\.)?", token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            if token.startswith("{"):
                m = COMMENT.fullmatch(token)
                if m:
                    cp = round(float(m.group(1)) * 100)
                    # The comment follows the move: its mover is the side
                    # that was to move before it.
                    mover_white = not white_moves
                    if abs(cp) <= MAX_CP:
                        out.append((cp, result if mover_white else 1.0 - result))
                continue
            white_moves = not white_moves
    return out


def probabilities(a, b, s):
    win = 1.0 / (1.0 + math.exp(min(700.0, (a - s) / b)))
    loss = 1.0 / (1.0 + math.exp(min(700.0, (a + s) / b)))
    return win, max(1e-12, 1.0 - win - loss), loss


def negative_log_likelihood(params, data):
    a, log_b = params
    if a <= 0:
        return float("inf")
    b = math.exp(log_b)
    total = 0.0
    for s, result in data:
        win, draw, loss = probabilities(a, b, s)
        p = win if result == 1.0 else loss if result == 0.0 else draw
        total -= math.log(max(p, 1e-12))
    return total


def nelder_mead(f, start, step, iterations=300):
    points = [list(start)] + [[x + (step[i] if i == j else 0) for i, x in enumerate(start)] for j in range(len(start))]
    values = [f(p) for p in points]
    for _ in range(iterations):
        order = sorted(range(len(points)), key=values.__getitem__)
        points, values = [points[i] for i in order], [values[i] for i in order]
        centroid = [sum(p[i] for p in points[:-1]) / (len(points) - 1) for i in range(len(start))]
        worst = points[-1]
        reflected = [c + (c - w) for c, w in zip(centroid, worst)]
        fr = f(reflected)
        if fr < values[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
            fe = f(expanded)
            points[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            points[-1], values[-1] = reflected, fr
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
            fc = f(contracted)
            if fc < values[-1]:
                points[-1], values[-1] = contracted, fc
            else:
                best = points[0]
                points = [best] + [[bx + 0.5 * (x - bx) for bx, x in zip(best, p)] for p in points[1:]]
                values = [values[0]] + [f(p) for p in points[1:]]
    best = min(range(len(points)), key=values.__getitem__)
    return points[best]


def fit(out_dir):
    rows = []
    for variant in VARIANTS:
        data = samples(os.path.join(out_dir, variant + ".pgn"))
        a, log_b = nelder_mead(lambda p: negative_log_likelihood(p, data), [150.0, math.log(150.0)], [50.0, 0.5])
        b = math.exp(log_b)
        wins = sum(1 for _, r in data if r == 1.0)
        draws = sum(1 for _, r in data if r == 0.5)
        print(f"{variant}: {len(data)} scores ({wins} won, {draws} drawn), a = {a:.1f}, b = {b:.1f}", file=sys.stderr)
        rows.append(f"    (VariantKind::{RUST_NAMES[variant]}, WdlModel {{ a: {a:.1f}, b: {b:.1f} }}),")
    print("\n".join(rows))


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "generate":
        generate(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 240)
    elif len(sys.argv) == 3 and sys.argv[1] == "fit":
        fit(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
