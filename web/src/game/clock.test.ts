// clock.test.ts: the clocks count down from the server's figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Clock, format, formatDays, isOutage, lowTime } from './clock';
import { setBoot } from '../lib/boot';

setBoot({ page: 'game', params: {}, lang: 'es', langs: ['es', 'en'], me: null, t: { 'ui.clock.days_hours': '{days} d {hours} h' } });

test('format shows minutes and seconds, hours, and tenths under 10 s', () => {
  const cases: [number, string][] = [
    [300000, '5:00'],
    [61000, '1:01'],
    [10000, '0:10'],
    [9999, '0:09.9'],
    [9050, '0:09.0'],
    [420, '0:00.4'],
    [0, '0:00.0'],
    [-5, '0:00.0'],
    [3723000, '1:02:03'],
  ];
  for (const [ms, want] of cases) assert.equal(format(ms), want, String(ms));
});

test('the running clock counts down from the last event; each event resets both', () => {
  const c = new Clock();
  c.set({ ply: 2, fen: '', turn: 'white', wtime: 60000, btime: 50000, clockRunning: true, status: 'started', result: '*' }, 1000);
  assert.equal(c.timed, true);
  assert.equal(c.millis('white', 3500), 57500);
  assert.equal(c.millis('black', 3500), 50000);
  assert.equal(c.millis('white', 1e9), 0, 'never below zero');
  // The server's figures win over the local count.
  c.set({ ply: 3, fen: '', turn: 'black', wtime: 58000, btime: 50000, clockRunning: true, status: 'started', result: '*' }, 4000);
  assert.equal(c.millis('white', 5000), 58000);
  assert.equal(c.millis('black', 5000), 49000);
  // A finished game's clocks stand still.
  c.set({ ply: 3, fen: '', turn: 'black', wtime: 58000, btime: 49000, clockRunning: true, status: 'resign', result: '1-0' }, 6000);
  assert.equal(c.millis('black', 9000), 49000);
  c.set({ ply: 0, fen: '', turn: 'white', clockRunning: false, status: 'started', result: '*' }, 0);
  assert.equal(c.timed, false);
});

test('before the clock starts the page shows the server figures, the first increments included', () => {
  const c = new Clock();
  // A 1+10 game after 1. e4: White has earned 10 s; nothing runs yet.
  c.set({ ply: 1, fen: '', turn: 'black', wtime: 70000, btime: 60000, clockRunning: false, status: 'started', result: '*' }, 1000);
  assert.equal(c.millis('white', 9000), 70000);
  assert.equal(c.millis('black', 9000), 60000);
  assert.equal(c.isRunning('black'), false);
  // After 1... e5 both have 1:10 and White's clock runs.
  c.set({ ply: 2, fen: '', turn: 'white', wtime: 70000, btime: 70000, clockRunning: true, status: 'started', result: '*' }, 10000);
  assert.equal(format(c.millis('black', 12000)), '1:10');
  assert.equal(c.millis('white', 12000), 68000);
});

test('low time is 10% of the starting time, between 3 and 20 s', () => {
  const cases: [any, number][] = [
    [{ initial: 300000, increment: 0 }, 20000],
    [{ initial: 60000, increment: 0 }, 6000],
    [{ perMove: 5000, increment: 0 }, 3000],
    [{ perMove: 30000, increment: 0 }, 3000],
    [{ perMove: 600000, increment: 0 }, 20000],
    [undefined, 0],
  ];
  for (const [c, want] of cases) assert.equal(lowTime(c), want, JSON.stringify(c));
});

test('a correspondence clock shows days and hours from a day, h:mm:ss below', () => {
  const hour = 3600 * 1000;
  const day = 24 * hour;
  const cases: [number, string][] = [
    [3 * day, '3 d 0 h'],
    [14 * day, '14 d 0 h'],
    [2 * day + 5 * hour + 59 * 60 * 1000, '2 d 5 h'],
    [day, '1 d 0 h'],
    [day - 1000, '23:59:59'],
    [5 * hour + 3000, '5:00:03'],
  ];
  for (const [ms, want] of cases) assert.equal(format(ms), want, String(ms));
  assert.equal(formatDays(3 * day - 1), '2 d 23 h', 'hours round down: the time is not yet three days');
  // A running three-day clock counts down the same way.
  const c = new Clock();
  c.set({ ply: 2, fen: '', turn: 'white', wtime: 3 * day, btime: 3 * day, clockRunning: true, status: 'started', result: '*' }, 0);
  assert.equal(format(c.millis('white', 30 * hour)), '1 d 18 h');
  assert.equal(format(c.millis('black', 30 * hour)), '3 d 0 h');
  assert.equal(lowTime({ increment: 0, perMove: 3 * day }), 20000);
});

test('hold stops the running clock where it stands until the next event', () => {
  const c = new Clock();
  c.set({ ply: 2, fen: '', turn: 'black', wtime: 60000, btime: 50000, clockRunning: true, status: 'started', result: '*' }, 1000);
  c.hold(3000);
  assert.equal(c.isRunning('black'), false);
  assert.equal(c.millis('black', 3000), 48000);
  assert.equal(c.millis('black', 90000), 48000, 'held: no longer counting');
  assert.equal(c.millis('white', 90000), 60000);
  c.hold(95000); // holding a held clock changes nothing
  assert.equal(c.millis('black', 95000), 48000);
  c.set({ ply: 2, fen: '', turn: 'black', wtime: 60000, btime: 48000, clockRunning: true, status: 'started', result: '*' }, 100000);
  assert.equal(c.millis('black', 101000), 47000, 'the next event runs it again');
});

test('isOutage names the refusals of a store that cannot save moves', () => {
  for (const code of ['live.not_stored', 'live.unavailable']) assert.equal(isOutage(code), true, code);
  for (const code of ['game.illegal_move', 'live.stopping', undefined, 3]) assert.equal(isOutage(code), false, String(code));
});
