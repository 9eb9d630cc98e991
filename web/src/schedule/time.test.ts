// time.test.ts: the schedule pages count down on the server's clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setBoot } from '../lib/boot';
import { setServerNow, serverNow, countdown, left, localInput, instantOf } from './time';

setBoot({
  page: 'schedule',
  params: {},
  lang: 'es',
  langs: ['es', 'en'],
  me: null,
  t: { 'ui.schedule.countdown.now': 'ya es la hora', 'ui.schedule.countdown.days': '{days} d {time}' },
});

test('the countdown follows the server’s clock, not the browser’s', () => {
  const server = Date.now() + 3 * 3600_000; // the server is three hours ahead
  setServerNow(new Date(server).toISOString());
  assert.ok(Math.abs(serverNow() - server) < 1000);
  const start = new Date(server + 3661_000).toISOString();
  assert.match(countdown(start), /^01:01:0[01]$/);
  assert.ok(Math.abs(left(start) - 3661_000) < 1000);
  assert.match(countdown(new Date(server + 2 * 86400_000 + 5000).toISOString()), /^2 d 00:00:0[45]$/);
  assert.equal(countdown(new Date(server - 1000).toISOString()), 'ya es la hora');
});

test('localInput writes a datetime-local value', () => {
  assert.match(localInput(Date.now()), /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
});

test('instantOf reads a wall time in its zone', () => {
  assert.equal(new Date(instantOf('2026-12-01T17:43', 'Europe/Madrid')).toISOString(), '2026-12-01T16:43:00.000Z');
  assert.equal(new Date(instantOf('2026-07-01T11:43', 'America/New_York')).toISOString(), '2026-07-01T15:43:00.000Z');
  assert.equal(new Date(instantOf('2026-12-01T16:43', 'UTC')).toISOString(), '2026-12-01T16:43:00.000Z');
  assert.ok(Number.isNaN(instantOf('mañana', 'UTC')));
});
