#!/usr/bin/env python3
"""Drive redfool with python-chess's UCI client: a real third-party client
must accept the engine's handshake, options and moves.

Usage: uci_client.py <path to redfool>
Plays a short orthodox game and a short Chess960 game against itself,
checking every move with python-chess's own move generator. Prints `ok`
and exits 0 on success; any problem raises.
"""
import sys

import chess
import chess.engine


def play(engine_path, board, plies):
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        assert engine.id["name"].startswith("redfool"), engine.id
        assert "UCI_Variant" in engine.options and "Hash" in engine.options
        # python-chess itself sets UCI_Variant (to "chess" for these boards)
        # and UCI_Chess960, since the engine declares both options.
        engine.configure({"Hash": 8, "Threads": 1})
        for _ in range(plies):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(depth=4))
            assert result.move in board.legal_moves, (board.fen(), result.move)
            board.push(result.move)
        info = engine.analyse(board, chess.engine.Limit(depth=5))
        assert "score" in info and info.get("depth", 0) >= 5, info
        assert info["pv"] and info["pv"][0] in board.legal_moves, info
    return board


def main():
    path = sys.argv[1]
    orthodox = play(path, chess.Board(), 12)
    assert len(orthodox.move_stack) >= 10, orthodox.move_stack
    # Chess960 position 0 (BBQNNRKR); python-chess sends UCI_Chess960 itself
    # for a chess960 board and expects king-takes-rook castling.
    frc = play(path, chess.Board.from_chess960_pos(0), 12)
    assert frc.chess960 and len(frc.move_stack) >= 10, frc.move_stack
    print("ok")


if __name__ == "__main__":
    main()
