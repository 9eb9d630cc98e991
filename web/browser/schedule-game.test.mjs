// schedule-game.test.mjs: the game page of a scheduled game before its
// start, in a real Chromium — Ana (Madrid, Spanish, desktop) and Beto (New
// York, English, a phone) play it, Carla (Spanish) watches. Each opens
// /game/{id} before the start and sees the countdown, who has checked in,
// the default-time rule; the players also a link to the game's own
// waiting room (/schedule/{id}), the spectator neither that nor any
// check-in. Opening the page once check-in is open checks the player in,
// and a page open since before checks its player in when it opens; each
// page sees the other player arrive. At the start the page becomes the
// game, with White's clock running.
//
// Time: as in schedule.test.mjs, the server runs with --test-clock, whose
// POST /test/clock moves its one clock forward; the page counts down from
// the server's "startsIn", on its own clock, so a jump reaches it with the
// next answer it reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, sizes, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person, moveClock, scheduled } from './schedule.fixture.mjs';

const env = suite({ args: ['--test-clock'] });

/** api calls the API as p's account and returns the JSON answer, checking its status. */
async function api(p, method, path, data, want = 200) {
  const res = await p.page.request.fetch(env.server.url + path, { method, data });
  assert.equal(res.status(), want, `${method} ${path}: ${await res.text()}`);
  return res.json();
}

/** countdownMs is the time left the page's countdown shows, in ms. */
async function countdownMs(page) {
  return Number(await page.locator('#scheduled-countdown').getAttribute('data-ms'));
}

/** presence is what a page says of who has checked in. */
async function presence(page) {
  return {
    white: await page.locator('#scheduled-present-white').getAttribute('data-present'),
    black: await page.locator('#scheduled-present-black').getAttribute('data-present'),
  };
}

test('before a scheduled start the game page counts down, shows who has checked in and the waiting room, then starts the game', async () => {
  const ana = await person(env, 'ana', { deviceScaleFactor: 1, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'beto', { deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'America/New_York', size: 'phone', mobile: true });
  const carla = await person(env, '', { deviceScaleFactor: 1, locale: 'es-ES', timezoneId: 'Europe/Madrid' });

  // Ana proposes a 5+0 game two hours ahead (UTC wall time), with a
  // default time of 3 minutes; Beto accepts.
  const { now } = await api(ana, 'GET', '/api/schedule');
  const start = Math.ceil((Date.parse(now) + 2 * 3600_000) / 60_000) * 60_000;
  const local = new Date(start).toISOString().slice(0, 16);
  const proposed = await api(ana, 'POST', '/api/schedule', { opponent: 'beto', local, zone: 'UTC', timeControl: '5+0', color: 'white', defaultMinutes: 3 }, 201);
  const a = await api(beto, 'POST', `/api/schedule/${proposed.id}/accept`);
  assert.ok(a.gameId, 'the accepted proposal has its game');
  const gameURL = env.server.url + '/game/' + a.gameId;

  // Twenty minutes before: check-in is not open. Ana sees the countdown,
  // nobody checked in, when check-in opens, the rule and her waiting room.
  await moveClock(env, start - 20 * 60_000);
  await ana.page.goto(gameURL);
  await ana.page.locator('#scheduled-countdown').waitFor();
  let left = await countdownMs(ana.page);
  assert.ok(left > 19 * 60_000 && left <= 20 * 60_000, `${left} ms left twenty minutes before`);
  assert.match(await ana.page.locator('#scheduled-countdown').innerText(), /^(19:[0-5]\d|20:00)$/);
  const first = await ana.page.locator('#scheduled-countdown').innerText();
  await ana.page.waitForFunction((t) => document.querySelector('#scheduled-countdown')?.textContent !== t, first);
  assert.ok((await countdownMs(ana.page)) < left, 'the countdown runs');
  await ana.page.locator('#scheduled-present-white').waitFor();
  assert.deepEqual(await presence(ana.page), { white: 'false', black: 'false' });
  assert.match((await ana.page.locator('#scheduled-present-white').innerText()).trim(), /^Blancas: ana — aún no$/);
  assert.match(await ana.page.locator('#scheduled-rule').innerText(), /3 minutos/);
  await ana.page.locator('#scheduled-checkin-opens').waitFor();
  assert.equal(await ana.page.locator('#scheduled-room').getAttribute('href'), '/schedule/' + a.id);
  assert.equal(await ana.page.locator('#clock-white.running').count(), 0, 'no clock runs before the start');
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await screenshot(ana.page, 'schedule-game-before');

  // Carla, a spectator, sees the countdown and who has checked in, but no
  // waiting room and no check-in.
  await carla.page.goto(gameURL);
  await carla.page.locator('#scheduled-present-black').waitFor();
  left = await countdownMs(carla.page);
  assert.ok(left > 19 * 60_000 && left <= 20 * 60_000, `${left} ms left for the spectator`);
  assert.deepEqual(await presence(carla.page), { white: 'false', black: 'false' });
  assert.equal(await carla.page.locator('#scheduled-start').count(), 1);
  for (const sel of ['#scheduled-room', '#scheduled-checkin', '#scheduled-checkin-opens']) {
    assert.equal(await carla.page.locator(sel).count(), 0, `a spectator has no ${sel}`);
  }

  // Ten minutes before: Beto opens the page and is checked in by it; Ana's
  // page, open since before, sees him arrive, learns that check-in is open
  // and checks Ana in; everyone sees both.
  await moveClock(env, start - 10 * 60_000);
  await beto.page.goto(gameURL);
  await beto.page.locator('#scheduled-countdown').waitFor();
  for (const p of [ana, beto, carla]) {
    await p.page.locator('#scheduled-present-black[data-present="true"]').waitFor();
    await p.page.locator('#scheduled-present-white[data-present="true"]').waitFor();
  }
  for (const p of [ana, beto, carla]) {
    left = await countdownMs(p.page);
    assert.ok(left > 9 * 60_000 && left <= 10 * 60_000, `${left} ms left ten minutes before`);
  }
  assert.match((await beto.page.locator('#scheduled-present-black').innerText()).trim(), /^Black: beto — checked in$/);
  assert.equal(await beto.page.locator('#scheduled-room').getAttribute('href'), '/schedule/' + a.id);
  assert.equal(await beto.page.locator('#scheduled-checkin').count(), 0, 'a player checked in has no check-in button');
  const sched = await api(ana, 'GET', '/api/schedule/' + a.id);
  assert.deepEqual(sched.game.game.present, [true, true], "the waiting room's state agrees");
  assert.deepEqual(await missingTexts(beto.page), []);
  assert.deepEqual(await axe(beto.page), []);
  assert.equal(await noHorizontalScroll(beto.page), true);
  await screenshot(beto.page, 'schedule-game-before-phone');
  await screenshot(ana.page, 'schedule-game-checked-in');

  // Three seconds before: the rest in real time. At the start each page
  // becomes the game, White's clock running before any move.
  await moveClock(env, start - 3000);
  for (const p of [ana, beto, carla]) {
    await p.page.locator('#clock-white.running').waitFor();
    assert.equal(await p.page.locator('#scheduled').count(), 0, 'the countdown is gone once the game runs');
  }
  const g = await api(ana, 'GET', '/api/game/' + a.gameId);
  assert.equal(g.status, 'started');
  assert.equal(g.clockRunning, true);
  assert.equal(g.startsIn, undefined, 'no countdown once started');
  assert.deepEqual(g.checkedIn, { white: true, black: true });
  await screenshot(beto.page, 'schedule-game-started-phone');
  for (const p of [ana, beto, carla]) assert.deepEqual(p.errors, []);
});
