// material.ts is the material balance shown beside the board, as lichess
// shows it: for each side, the pieces it is up on the other (counted per
// kind from what stands on the board, so a promotion counts as the piece it
// became) and, for the side ahead, by how many points (pawn 1, knight 3,
// bishop 3, rook 5, queen 9).
import { read } from '@lichess-org/chessground/fen';
import type { Role } from '@lichess-org/chessground/types';

/** Counted is a kind of piece that has a value: every one but the king. */
export type Counted = 'p' | 'n' | 'b' | 'r' | 'q';

/** pieceValues are the points of each kind of piece. */
export const pieceValues: Readonly<Record<Counted, number>> = { p: 1, n: 3, b: 3, r: 5, q: 9 };

/** Side is one side's share of the balance. */
export interface Side {
  /** captured is how many more of each of the other side's kinds this side is up on (0 when not up). */
  captured: Record<Counted, number>;
  /** score is how many points this side is ahead, 0 when it is not. */
  score: number;
}

/** Material is the balance of a position. */
export interface Material {
  white: Side;
  black: Side;
}

const letters: Partial<Record<Role, Counted>> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q' };
const kinds: Counted[] = ['q', 'r', 'b', 'n', 'p'];

/** material returns the balance of the position fen (only its placement is read). */
export function material(fen: string): Material {
  const count = { white: zero(), black: zero() };
  for (const piece of read(fen.trim().split(/\s+/)[0] ?? '').values()) {
    const k = letters[piece.role];
    if (k) count[piece.color][k]++;
  }
  const out: Material = { white: { captured: zero(), score: 0 }, black: { captured: zero(), score: 0 } };
  let diff = 0;
  for (const k of kinds) {
    const d = count.white[k] - count.black[k];
    if (d > 0) out.white.captured[k] = d;
    else if (d < 0) out.black.captured[k] = -d;
    diff += d * pieceValues[k];
  }
  if (diff > 0) out.white.score = diff;
  else if (diff < 0) out.black.score = -diff;
  return out;
}

function zero(): Record<Counted, number> {
  return { p: 0, n: 0, b: 0, r: 0, q: 0 };
}
