// describe.test.ts: the pieces of a FEN, king first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pieces } from './describe';

test('pieces reads the placement, each side king first', () => {
  const p = pieces('r3k2r/8/8/8/2b5/n7/PPP3PP/R3K2R w KQkq - 0 1');
  assert.deepEqual(p.white.slice(0, 3), [
    { type: 'k', square: 'e1' },
    { type: 'r', square: 'a1' },
    { type: 'r', square: 'h1' },
  ]);
  assert.deepEqual(p.black, [
    { type: 'k', square: 'e8' },
    { type: 'r', square: 'a8' },
    { type: 'r', square: 'h8' },
    { type: 'b', square: 'c4' },
    { type: 'n', square: 'a3' },
  ]);
  assert.equal(p.white.length, 8);
});
