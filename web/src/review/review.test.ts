import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Report, type Ply, winPercent, nextMarked, sayEval } from './report';
import { points, area, nearest, width, height } from './graph';

const ply = (n: number, cp: number | undefined, judgement?: Ply['judgement']): Ply => ({
  ply: n,
  uci: 'a2a3',
  san: 'a3',
  eval: cp === undefined ? undefined : { cp },
  judgement,
  accuracy: 100,
});

// The fool's mate as the server reports it: g4 is White's blunder, Qh4# ends the game.
const fools: Report = {
  engine: 'test',
  start: { cp: 20 },
  plies: [ply(1, -60, 'inaccuracy'), ply(2, 0), ply(3, 0, 'blunder'), { ...ply(4, undefined), ended: 'checkmate' }],
  white: { accuracy: 40, acpl: 300, inaccuracies: 1, mistakes: 0, blunders: 1 },
  black: { accuracy: 100, acpl: 0, inaccuracies: 0, mistakes: 0, blunders: 0 },
};
fools.plies[2].eval = { cp: 0, mate: -1 };

test('winPercent is even at 0, capped, a mate counts as the cap, a checkmate is won', () => {
  assert.equal(winPercent({ cp: 0 }), 50);
  assert.equal(winPercent({ cp: 5000 }), winPercent({ cp: 1000 }));
  assert.equal(winPercent({ cp: 0, mate: 2 }), winPercent({ cp: 1000 }));
  assert.ok(winPercent({ cp: 0, mate: -2 }) < 3);
  assert.equal(winPercent(undefined, 'checkmate', 'black'), 0);
  assert.equal(winPercent(undefined, 'checkmate', 'white'), 100);
  assert.equal(winPercent(undefined, 'stalemate', 'white'), 50);
});

test('the graph puts the start on the left, the last position on the right, White up', () => {
  const pts = points(fools);
  assert.equal(pts.length, 5);
  assert.deepEqual(
    pts.map((p) => p.x),
    [0, width / 4, width / 2, (3 * width) / 4, width],
  );
  assert.ok(pts[0].y < height / 2, 'White a little better at the start: above the middle');
  assert.equal(pts[2].y, height / 2);
  assert.equal(pts[4].y, height, 'Black mated White: the bottom');
  assert.ok(area(pts).startsWith(`M0,${height} L0,`));
  assert.ok(area(pts).endsWith(`L${width},${height} Z`));
  assert.equal(nearest(pts, 0), 0);
  assert.equal(nearest(pts, width / 4 + 10), 1);
  assert.equal(nearest(pts, width + 50), 4);
});

test('nextMarked steps between the marked moves, per side and by severity', () => {
  const p = fools.plies;
  assert.equal(nextMarked(p, 0, 1), 1);
  assert.equal(nextMarked(p, 1, 1), 3);
  assert.equal(nextMarked(p, 3, 1), undefined);
  assert.equal(nextMarked(p, 4, -1), 3);
  assert.equal(nextMarked(p, 3, -1), 1);
  assert.equal(nextMarked(p, 0, 1, 'white', 'mistake'), 3);
  assert.equal(nextMarked(p, 0, 1, 'black'), undefined);
});

test('sayEval writes pawns with a sign, or the mate', () => {
  assert.equal(sayEval({ cp: 35 }), '+0.35');
  assert.equal(sayEval({ cp: -120 }), '−1.20');
  assert.equal(sayEval({ cp: 0 }), '0.00');
  assert.equal(sayEval({ cp: 0, mate: -1 }), '#-1');
  assert.equal(sayEval(undefined), '');
});

test('annotate marks the moves and draws the better move before each', async () => {
  const { annotate } = await import('./annotate');
  const r: Report = {
    ...fools,
    plies: [
      { ...ply(1, -60), uci: 'f2f3', san: 'f3', judgement: 'inaccuracy', best: 'e2e4', bestSan: 'e4' },
      { ...ply(2, 0), uci: 'e7e5', san: 'e5' },
      { ...ply(3, 0), uci: 'g2g4', san: 'g4', judgement: 'blunder', best: 'g1f3', bestSan: 'Nf3' },
      { ...ply(4, undefined), uci: 'd8h4', san: 'Qh4#', ended: 'checkmate' },
    ],
  };
  const out = annotate('[Event "x"]\n[Result "0-1"]\n\n1. f3 { [%clk 0:03:00] } e5 2. g4 Qh4# 0-1\n', r);
  assert.match(out, /^\[Event "x"\]/);
  assert.match(out, /\{ \[%cal Ge2e4,Rf2f3\] \} 1\. f3 \$6 \{ \[%clk 0:03:00\] \}/);
  assert.match(out, /e5 \{ \[%cal Gg1f3,Rg2g4\] \} 2\. g4 \$4 2\.\.\. Qh4# 0-1/);
  assert.doesNotMatch(out, /Site/);
});
