// scheduled.test.ts: the game page of a scheduled game counts down to its
// start on the page's own clock, opens check-in 15 minutes before, and
// finds the game's waiting room among the player's scheduled games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countdown, leftNow, checkInOpen, arrangementOf, CheckInWindow } from './scheduled-time';

test('countdown writes mm:ss under an hour, hh:mm:ss from one, and whole days apart', () => {
  const cases: [number, number, string][] = [
    [0, 0, '00:00'],
    [-5000, 0, '00:00'],
    [1, 0, '00:01'], // rounded up: 0 comes at the start, not a second before
    [999, 0, '00:01'],
    [1000, 0, '00:01'],
    [59_001, 0, '01:00'],
    [10 * 60_000, 0, '10:00'],
    [3599_000, 0, '59:59'],
    [3600_000, 0, '01:00:00'],
    [3661_000, 0, '01:01:01'],
    [86399_000, 0, '23:59:59'],
    [86400_000, 1, '00:00:00'],
    [2 * 86400_000 + 3 * 3600_000 + 4 * 60_000 + 5000, 2, '03:04:05'],
  ];
  for (const [ms, days, time] of cases) assert.deepEqual(countdown(ms), { days, time }, `${ms} ms`);
});

test('the time left runs on the page’s clock from the moment the server said it', () => {
  const cases: [number, number, number, number][] = [
    // startsIn, heard at, now, left
    [600_000, 1000, 1000, 600_000],
    [600_000, 1000, 61_000, 540_000],
    [600_000, 1000, 601_000, 0],
    [600_000, 1000, 900_000, 0], // never below 0
    [0, 5, 10, 0],
  ];
  for (const [startsIn, at, now, want] of cases) assert.equal(leftNow(startsIn, at, now), want, `${startsIn} heard at ${at}, now ${now}`);
});

test('check-in opens 15 minutes before the start', () => {
  assert.equal(CheckInWindow, 15 * 60_000);
  const cases: [number, boolean][] = [
    [15 * 60_000 + 1, false],
    [15 * 60_000, true],
    [60_000, true],
    [0, true],
  ];
  for (const [left, open] of cases) assert.equal(checkInOpen(left), open, `${left} ms left`);
});

test('the waiting room is the arrangement whose game this is', () => {
  const list = [{ id: 'arr1' }, { id: 'arr2', gameId: 'g2' }, { id: 'arr3', gameId: 'g3' }];
  assert.equal(arrangementOf(list, 'g3'), 'arr3');
  assert.equal(arrangementOf(list, 'g2'), 'arr2');
  assert.equal(arrangementOf(list, 'g9'), undefined);
  assert.equal(arrangementOf([], 'g3'), undefined);
  // A game called off by a suspension leads to the arrangement that waits for a new time.
  const suspended = [{ id: 'arr4', suspensions: [{ gameId: 'g1' }] }, { id: 'arr5', gameId: 'g7', suspensions: [{ gameId: 'g6' }] }];
  assert.equal(arrangementOf(suspended, 'g1'), 'arr4');
  assert.equal(arrangementOf(suspended, 'g6'), 'arr5');
  assert.equal(arrangementOf(suspended, 'g7'), 'arr5');
});
