import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geometry, width, height, left, type Point } from './geometry';

const p = (rating: number, i: number): Point => ({ at: i, rating, game: 'g' + i });

test('geometry spreads the games from edge to edge and puts the highest at the top', () => {
  const g = geometry([p(1500, 0), p(1600, 1), p(1400, 2)]);
  assert.equal(g.min, 1400);
  assert.equal(g.max, 1600);
  assert.deepEqual(g.xy, [
    [left, height / 2],
    [(left + width - 8) / 2, 8],
    [width - 8, height - 8],
  ]);
});

test('geometry draws one game, or equal ratings, across the middle', () => {
  assert.deepEqual(geometry([p(1500, 0)]).xy, [[(left + width - 8) / 2, height / 2]]);
  assert.deepEqual(
    geometry([p(1500, 0), p(1500, 1)]).xy.map(([, y]) => y),
    [height / 2, height / 2],
  );
});
