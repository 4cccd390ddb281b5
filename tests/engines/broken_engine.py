#!/usr/bin/env python3
"""A deliberately faulty UCI engine for the match runner's tests.

usage: broken_engine.py MODE [AFTER]

It knows no chess: from the start position it shuffles a knight out and
back (b1-c3-b1 and b8-c6-b8; b10-c8-b10 in Red Fool Chess; d1-c3-d1 and
d12-c10-d12 in Tam Ruat; it learns the variant from UCI_Variant), moves
that stay legal whatever the other side does as long as it shuffles too. Two such engines draw by
threefold repetition after eight half-moves.

From its own move number AFTER on (counted from 0, default 0) it
misbehaves according to MODE:
  good     never
  illegal  answers 'go' with the illegal move e2e5
  crash    exits with status 3 instead of answering 'go'
  silent   never answers 'go' nor anything after it
  chatty   answers 'go' with endless 'info' lines and no move
"""

import sys

MODES = ("good", "illegal", "crash", "silent", "chatty")
KNIGHT_SHUFFLES = {
    "chess": (("b1", "c3"), ("b8", "c6")),
    "redfool": (("b1", "c3"), ("b10", "c8")),
    "tamruat": (("d1", "c3"), ("d12", "c10")),
}


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in MODES:
        sys.exit(__doc__)
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) == 3 else 0
    variant = "chess"
    plies = 0
    hung = False

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words or hung:
            continue
        command = words[0]
        if command == "uci":
            say("id name broken-" + mode)
            say("option name UCI_Variant type combo default chess var chess var redfool var tamruat")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "setoption" and words[2:3] == ["UCI_Variant"]:
            variant = words[-1]
        elif command == "position":
            plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif command == "go":
            own_moves = plies // 2
            if own_moves >= after and mode != "good":
                if mode == "illegal":
                    say("bestmove e2e5")
                elif mode == "crash":
                    sys.exit(3)
                elif mode == "chatty":
                    while True:
                        say("info depth 1 score cp 0 nodes 1")
                else:
                    hung = True
                continue
            white = plies % 2 == 0
            home, out = KNIGHT_SHUFFLES[variant][0 if white else 1]
            move = home + out if own_moves % 2 == 0 else out + home
            say("info depth 1 score cp 0 nodes 1")
            say("bestmove " + move)
        elif command == "quit":
            return


main()
