// types.test.ts: points and tie-break values as the standings write them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { points, tieBreakValue, roundDecided } from './types';

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

test('a round is decided when every board has its result or is past its deadline', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const board = (score: string, deadline?: string) => ({ round: 1, board: 1, white: 'a', whiteName: 'a', score, deadline });
  const cases: [string, ReturnType<typeof board>[], boolean][] = [
    ['all decided', [board('1-0'), board('½-½'), board('1')], true],
    ['a game being played', [board('1-0'), board('')], false],
    ['an arranged game past its deadline', [board('0-1'), board('', '2026-03-01T11:00:00Z')], true],
    ['an arranged game before its deadline', [board('', '2026-03-01T13:00:00Z')], false],
  ];
  for (const [name, boards, want] of cases) assert.equal(roundDecided(boards, now), want, name);
});
