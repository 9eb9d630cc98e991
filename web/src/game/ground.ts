// ground.ts configures chessground from the game's state, as lila's
// ui/round/src/ground.ts does: the position, whose turn, the last move and
// the check highlighted, the legal destinations (from the server's `legal`,
// players only), premoves while the opponent is to move, and a board that
// only shows (viewOnly) for spectators, finished games and earlier
// positions.
import type { Config } from '@lichess-org/chessground/config';
import type { Key } from '@lichess-org/chessground/types';
import { dests, inCheck, finished, type Color, type Game } from './state';

/** View is what the board shows: the live position, or an earlier one (ply). */
export interface BoardView {
  /** ply is the position shown: game.uci.length for the live one. */
  ply: number;
  /** side is the viewer's side, or undefined for a spectator. */
  side?: Color;
}

/** lastMove is the squares of the move that led to position ply. */
export function lastMove(game: Game, ply: number): Key[] | undefined {
  const uci = game.uci[ply - 1];
  if (!uci) return undefined;
  return [uci.slice(0, 2) as Key, uci.slice(2, 4) as Key];
}

/** turnAt is the side to move in position ply. */
export function turnAt(game: Game, ply: number): Color {
  const fen = game.fens[ply];
  if (fen) return fen.split(' ')[1] === 'b' ? 'black' : 'white';
  return game.state.turn;
}

/** boardConfig is chessground's configuration for view of game. */
export function boardConfig(game: Game, view: BoardView): Config {
  const d = game.state;
  const live = view.ply >= game.uci.length;
  const fen = live ? d.fen : game.fens[view.ply] ?? d.fen;
  const turn = live ? d.turn : turnAt(game, view.ply);
  const playing = !!view.side && !finished(d.status) && live;
  const myTurn = playing && d.turn === view.side;
  return {
    fen,
    turnColor: turn,
    lastMove: lastMove(game, view.ply),
    check: inCheck(game.san[view.ply - 1]) ? turn : false,
    viewOnly: !playing,
    movable: {
      free: false,
      color: playing ? view.side : undefined,
      dests: myTurn ? (dests(d.legal ?? []) as Map<Key, Key[]>) : new Map(),
      showDests: true,
    },
    premovable: { enabled: playing, showDests: true, castle: true },
  };
}
