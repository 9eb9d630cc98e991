// state.test.ts: the page applies the socket's frames as the protocol says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, positions, dests, promotions, canAbort, canTakeBack, beforeStart, inCheck, finished } from './state';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const afterE5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

const full = (v: number, extra: Record<string, unknown> = {}) => ({
  t: 'full',
  v,
  d: {
    id: 'g1', speed: 'blitz', timeControl: '5+0', clock: { initial: 300000, increment: 0 }, createdAt: 0,
    players: { white: { id: 'w', name: 'W' }, black: { id: 'b', name: 'B' } },
    ply: 1, fen: afterE4, turn: 'black', wtime: 300000, btime: 300000, clockRunning: false, status: 'started', result: '*',
    legal: ['e7e5'], moves: 'e2e4', san: ['e4'], clocks: [300000], ...extra,
  },
});
const move = (v: number) => ({
  t: 'move',
  v,
  d: { move: { uci: 'e7e5', san: 'e5', clock: 299000 }, ply: 2, fen: afterE5, turn: 'white', wtime: 300000, btime: 299000, clockRunning: true, status: 'started', result: '*', legal: ['g1f3'] },
});

test('frames at or below the last version are ignored; full replaces everything', () => {
  const g = new Game();
  assert.equal(g.apply('move', 3, move(3).d).kind, 'ignored', 'a move before any full');
  assert.equal(g.apply(full(3).t, 3, full(3).d).kind, 'full');
  assert.deepEqual(g.fens, [start, afterE4]);
  const cases: [number, string, number][] = [
    [3, 'ignored', 1],
    [2, 'ignored', 1],
    [4, 'move', 2],
    [4, 'ignored', 2],
  ];
  for (const [v, kind, plies] of cases) {
    assert.equal(g.apply('move', v, move(v).d).kind, kind, `v=${v}`);
    assert.equal(g.uci.length, plies, `v=${v}`);
  }
  assert.equal(g.version, 4);
  assert.deepEqual(g.san, ['e4', 'e5']);
  assert.equal(g.fens[2], afterE5);
  assert.deepEqual(g.state.clocks, [300000, 299000]);
  assert.deepEqual(g.state.legal, ['g1f3']);
  // A full frame (a gap the server no longer held) replaces what was known.
  g.apply('full', 9, full(9, { ply: 0, fen: start, turn: 'white', moves: '', san: [], legal: [] }).d);
  assert.equal(g.version, 9);
  assert.deepEqual(g.uci, []);
  assert.deepEqual(g.fens, [start]);
  assert.equal(g.apply('pong', undefined, {}).kind, 'ignored');
});

test('a state frame that ends the game says so once, with its outcome', () => {
  const g = new Game();
  g.apply('full', 1, full(1).d);
  const ended = { ply: 1, fen: afterE4, turn: 'black', clockRunning: false, status: 'resign', termination: 'resignation', winner: 'white', result: '1-0', outcome: 'outcome.resignation.white' };
  assert.deepEqual(g.apply('state', 2, ended), { kind: 'state', ended: true });
  assert.equal(g.state.outcome, 'outcome.resignation.white');
  assert.deepEqual(g.state.legal, []);
  assert.deepEqual(g.apply('state', 3, ended), { kind: 'state', ended: false });
});

test('positions replays the moves, castling and promotion included', () => {
  const fens = positions(start, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1']);
  assert.equal(fens.length, 8);
  assert.equal(fens[7], 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4');
  const promo = positions('8/P6k/8/8/8/8/8/K7 w - - 0 1', ['a7a8n']);
  assert.equal(promo[1], 'N7/7k/8/8/8/8/8/K7 b - - 0 1');
  assert.equal(positions(start, ['e2e5']).length, 1, 'an illegal move stops the replay');
});

test('legal moves become destinations and promotion choices', () => {
  const legal = ['e1g1', 'e1f1', 'b7b8q', 'b7b8r', 'b7b8b', 'b7b8n', 'b7a8q', 'b7a8n'];
  assert.deepEqual([...dests(legal)], [['e1', ['g1', 'f1']], ['b7', ['b8', 'a8']]]);
  assert.deepEqual(promotions(legal, 'b7', 'b8'), ['q', 'r', 'b', 'n']);
  assert.deepEqual(promotions(legal, 'b7', 'a8'), ['q', 'n']);
  assert.deepEqual(promotions(legal, 'e1', 'g1'), []);
});

test('abort, check and the end of a game', () => {
  const cases: [number, string, boolean][] = [
    [0, 'started', true],
    [1, 'started', true],
    [2, 'started', false],
    [1, 'aborted', false],
  ];
  for (const [ply, status, want] of cases) assert.equal(canAbort({ ply, status } as any), want, `${ply} ${status}`);
  // A scheduled game is never aborted, before its start or after.
  assert.equal(canAbort({ ply: 0, status: 'created', scheduledAt: 1 } as any), false);
  assert.equal(canAbort({ ply: 1, status: 'started', scheduledAt: 1 } as any), false);
  // Nor is a tournament's game, whose first move is owed.
  assert.equal(canAbort({ ply: 0, status: 'started', noStartLoses: true } as any), false);
  assert.equal(canAbort({ ply: 1, status: 'started', noStartLoses: false } as any), true);
  assert.equal(beforeStart({ ply: 0, status: 'created', scheduledAt: 1 } as any), true);
  assert.equal(beforeStart({ ply: 0, status: 'started', scheduledAt: 1 } as any), false);
  assert.equal(beforeStart({ ply: 0, status: 'created' } as any), false);
  assert.equal(inCheck('Qh4#'), true);
  assert.equal(inCheck('Bb5+'), true);
  assert.equal(inCheck('Nf3'), false);
  assert.equal(inCheck(undefined), false);
  assert.equal(finished('started'), false);
  assert.equal(finished('created'), false);
  assert.equal(finished('outoftime'), true);
});

test('a move frame that names its position replaces the opening; one that does not keeps it', () => {
  const b00 = { eco: 'B00', name: "King's Pawn Game", names: { es: 'Apertura de Peón de Rey', en: "King's Pawn Game" } };
  const c20 = { eco: 'C20', name: "King's Pawn Game", names: { es: 'Apertura de Peón de Rey', en: "King's Pawn Game" } };
  const g = new Game();
  g.apply('full', 3, full(3, { opening: b00 }).d);
  assert.equal(g.state.opening?.eco, 'B00');
  g.apply('move', 4, { ...move(4).d, opening: c20 });
  assert.equal(g.state.opening?.eco, 'C20');
  const quiet = { ...move(5).d, move: { uci: 'h2h3', san: 'h3' }, ply: 3, fen: afterE5.replace(' w ', ' b ') };
  g.apply('move', 5, quiet);
  assert.equal(g.state.opening?.eco, 'C20', 'a move to an unnamed position keeps the last name');
});

test('a side can take back a move of its own: one ply when the opponent is to move, two when it is', () => {
  const cases: [number, string, string, string, boolean][] = [
    [0, 'white', 'white', 'started', false],
    [1, 'black', 'white', 'started', true],
    [1, 'black', 'black', 'started', false],
    [2, 'white', 'black', 'started', true],
    [2, 'white', 'white', 'started', true],
    [3, 'black', 'white', 'mate', false],
  ];
  for (const [ply, turn, side, status, want] of cases) {
    assert.equal(canTakeBack({ ply, turn, status } as any, side as any), want, `ply ${ply}, ${turn} to move, ${side}, ${status}`);
  }
});

test('a takeback comes as a full frame with fewer moves and a new version', () => {
  const g = new Game();
  g.apply('full', 3, full(3).d);
  g.apply('move', 4, move(4).d);
  g.apply('state', 5, { ...move(4).d, move: undefined, takebackOffer: 'black' });
  assert.equal(g.state.takebackOffer, 'black');
  assert.equal(g.apply('full', 6, full(6).d).kind, 'full');
  assert.equal(g.version, 6);
  assert.deepEqual(g.uci, ['e2e4']);
  assert.equal(g.state.takebackOffer, undefined);
});
