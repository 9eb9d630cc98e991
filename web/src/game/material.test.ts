// material.test.ts: the balance beside the board, as lichess shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { material, pieceValues, Material } from './material';

type Up = Partial<Record<'p' | 'n' | 'b' | 'r' | 'q', number>>;
const side = (up: Up, score: number) => ({ captured: { p: 0, n: 0, b: 0, r: 0, q: 0, ...up }, score });
const even = (): Material => ({ white: side({}, 0), black: side({}, 0) });

test('pieceValues are 1, 3, 3, 5, 9', () => {
  assert.deepEqual(pieceValues, { p: 1, n: 3, b: 3, r: 5, q: 9 });
});

test('material counts what is on the board', () => {
  const cases: [string, string, Material][] = [
    ['the start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', even()],
    ['the placement alone', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', even()],
    ['white took a knight', 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 3', { white: side({ n: 1 }, 3), black: side({}, 0) }],
    ['black took a pawn', 'rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3', even()],
    ['black is a pawn up', 'rnbqkbnr/ppp1pppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 4', { white: side({}, 0), black: side({ p: 1 }, 1) }],
    // White gave a knight for a rook: each is up on the other's piece; the points go to white.
    ['the exchange', 'rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQq - 0 9', { white: side({ r: 1 }, 2), black: side({ n: 1 }, 0) }],
    // Bishop for knight: the pieces differ, the points do not.
    ['bishop for knight', 'rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 9', { white: side({ b: 1 }, 0), black: side({ n: 1 }, 0) }],
    // A promoted pawn counts as the queen it became.
    ['a promotion', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNQ w Qkq - 0 20', { white: side({ q: 1 }, 3), black: side({ p: 1, r: 1 }, 0) }],
    ['two queens against a bare king', '4k3/8/8/8/8/8/8/QQ2K3 w - - 0 60', { white: side({ q: 2 }, 18), black: side({}, 0) }],
    ['black queen against a bare king', '4k3/8/8/3q4/8/8/8/4K3 b - - 0 60', { white: side({}, 0), black: side({ q: 1 }, 9) }],
    ['kings alone', '4k3/8/8/8/8/8/8/4K3 w - - 0 80', even()],
  ];
  for (const [name, fen, want] of cases) assert.deepEqual(material(fen), want, name);
});
