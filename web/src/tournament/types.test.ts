// types.test.ts: points and tie-break values as the standings write them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { points, tieBreakValue } from './types';

test('points are written with ½ for a half point', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [0.5, '½'],
    [1, '1'],
    [2.5, '2½'],
  ];
  for (const [p, want] of cases) assert.equal(points(p), want, String(p));
});

test('tie-break values in half points read as points, others to two decimals', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [0.5, '½'],
    [3.5, '3½'],
    [4, '4'],
    [1.25, '1.25'],
    [0.3333333, '0.33'],
    [1523, '1523'],
  ];
  for (const [v, want] of cases) assert.equal(tieBreakValue(v), want, String(v));
});
