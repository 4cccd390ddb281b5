#!/usr/bin/env python3
"""Makes the Tam Ruat and Checkered chess middlegames of engine/src/bench.rs:
four random plies (seeded), then redfool self-play at depth 5, and prints
the FEN after 24, 40 and 60 plies. Run from the repository root after
`cargo build --release`."""
import subprocess, random, sys
def run(variant, seed, plies):
    random.seed(seed)
    p = subprocess.Popen(['target/release/redfool'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s): p.stdin.write(s+'\n'); p.stdin.flush()
    def until(prefix):
        out=[]
        while True:
            l=p.stdout.readline()
            if not l: return out
            out.append(l.rstrip())
            if l.startswith(prefix): return out
    send('uci'); until('uciok')
    send('setoption name UCI_Variant value '+variant); send('isready'); until('readyok')
    moves=[]
    for i in range(plies):
        send('position startpos moves '+' '.join(moves)); 
        if i < 4:
            send('d'); out=until('Legal moves')
            legal=out[-1].split(': ',1)[1].split()
            if not legal: break
            mv=random.choice(legal)
        else:
            send('go depth 5'); out=until('bestmove')
            mv=out[-1].split()[1]
            if mv in ('(none)','0000'): break
        moves.append(mv)
    send('position startpos moves '+' '.join(moves)); send('d'); out=until('Legal moves')
    fen=[l for l in out if l.startswith('Fen') or l.startswith('FEN')]
    print(variant, seed, fen)
    send('quit')
for v in ['tamruat','checkered']:
    for seed,pl in [(1,24),(2,40),(3,60)]:
        run(v,seed,pl)
