// timecontrol.test.ts: time controls read, written and checked as the server does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseClock, clockText, clockError, Clock } from './timecontrol';

test('parseClock and clockText are each other’s inverse on the server’s forms', () => {
  const cases: [string, Clock | null, string][] = [
    ['5+3', { mode: 'game', minutes: 5, increment: 3 }, '5+3'],
    ['1+0', { mode: 'game', minutes: 1, increment: 0 }, '1+0'],
    ['move:30s', { mode: 'move', seconds: 30 }, 'move:30s'],
    ['move:1m', { mode: 'move', seconds: 60 }, 'move:1m'],
    ['move:90s', { mode: 'move', seconds: 90 }, 'move:90s'],
    ['untimed', { mode: 'untimed' }, 'untimed'],
    ['days:3', { mode: 'days', days: 3 }, 'days:3'],
    ['days:14', { mode: 'days', days: 14 }, 'days:14'],
    ['days:', null, ''],
    ['days:3d', null, ''],
    ['5+', null, ''],
    ['move:30', null, ''],
    ['', null, ''],
  ];
  for (const [text, want, back] of cases) {
    const got = parseClock(text);
    assert.deepEqual(got, want, text);
    if (got) assert.equal(clockText(got), back, text);
  }
  assert.equal(clockText({ mode: 'move', seconds: 120 }), 'move:2m');
});

test('clockError refuses what game.ParseTimeControl refuses', () => {
  const cases: [Clock, string][] = [
    [{ mode: 'game', minutes: 5, increment: 3 }, ''],
    [{ mode: 'game', minutes: 0, increment: 0 }, 'ui.home.form.bad_minutes'],
    [{ mode: 'game', minutes: 181, increment: 0 }, 'ui.home.form.bad_minutes'],
    [{ mode: 'game', minutes: 2.5, increment: 0 }, 'ui.home.form.bad_minutes'],
    [{ mode: 'game', minutes: 3, increment: 11 }, 'ui.home.form.bad_increment'],
    [{ mode: 'game', minutes: 3, increment: -1 }, 'ui.home.form.bad_increment'],
    [{ mode: 'move', seconds: 4 }, 'ui.home.form.bad_seconds'],
    [{ mode: 'move', seconds: 5 }, ''],
    [{ mode: 'move', seconds: 3601 }, 'ui.home.form.bad_seconds'],
    [{ mode: 'untimed' }, ''],
    [{ mode: 'days', days: 1 }, ''],
    [{ mode: 'days', days: 14 }, ''],
    [{ mode: 'days', days: 4 }, 'ui.home.form.bad_days'],
    [{ mode: 'days', days: 0 }, 'ui.home.form.bad_days'],
    [{ mode: 'days', days: 15 }, 'ui.home.form.bad_days'],
  ];
  for (const [c, want] of cases) assert.equal(clockError(c), want, JSON.stringify(c));
});
