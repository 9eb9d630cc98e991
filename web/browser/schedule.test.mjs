// schedule.test.mjs: a scheduled game in a real Chromium — Ana (Madrid,
// Spanish) proposes a game to Beto (New York, English, a phone), who sees
// it arrive without reloading and accepts; Ana asks to postpone it an hour,
// Beto accepts; both wait in the waiting room, are checked in when
// check-in opens, and at the start time both are taken to the game, whose
// clock started at the start.
//
// Time: the rules put a postponable game at least an hour ahead and
// check-in 15 minutes before the start, which a test cannot wait for. The
// server runs with --test-clock (cmd/joinpal/testclock.go): its one clock
// (runtime, timers, schedule, lobby, sessions) is real time plus an offset
// that POST /test/clock moves forward. Every rule runs unchanged, on the
// server's own timers; the pages count down on the server's "now" (as they
// always do), so the jump reaches them with the next answer. The last
// seconds before the start run in real time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, sizes, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person, moveClock, scheduled } from './schedule.fixture.mjs';

const env = suite({ args: ['--test-clock'] });

test('two players arrange a game, postpone it, check in, and it starts on time', async () => {
  const ana = await person(env, 'ana', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'beto', { locale: 'en-GB', timezoneId: 'America/New_York', size: 'phone', mobile: true });
  await beto.page.goto(env.server.url + '/schedule');
  await beto.page.locator('#sched-empty').waitFor();

  // Ana proposes a 5+0 game two hours ahead, in her zone.
  await ana.page.goto(env.server.url + '/schedule');
  await ana.page.locator('#sched-empty').waitFor();
  const local = await ana.page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 3600_000);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  assert.equal(await ana.page.locator('#sched-zone').inputValue(), 'Europe/Madrid');
  await ana.page.locator('#sched-opponent').fill('beto');
  await ana.page.locator('#sched-when').fill(local);
  await ana.page.locator('#sched-minutes').fill('5');
  await ana.page.locator('#sched-increment').selectOption('0');
  await ana.page.locator('#sched-color').selectOption('white');
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await ana.page.locator('#sched-propose').click();
  const mine = ana.page.locator('li.sched-item[data-status="proposed"]');
  await mine.waitFor();
  const id = await mine.getAttribute('data-id');
  let a = await scheduled(env, ana, id);
  assert.equal(a.zone, 'Europe/Madrid');
  await screenshot(ana.page, 'schedule-list');

  // Beto sees it arrive without reloading, in New York time, and accepts.
  await beto.page.locator('#jp-notices .notice[data-type="proposed"]').waitFor();
  const item = beto.page.locator(`li.sched-item[data-id="${id}"]`);
  await item.locator('button.sched-accept').waitFor();
  const nyTime = new Date(a.startAt).toLocaleString('en-GB', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' });
  assert.equal(await item.locator('time').innerText(), nyTime);
  assert.equal(await noHorizontalScroll(beto.page), true);
  await screenshot(beto.page, 'schedule-list-phone');
  await item.locator('button.sched-accept').click();
  await beto.page.locator(`li.sched-item[data-id="${id}"][data-status="accepted"]`).waitFor();
  await ana.page.locator('#jp-notices .notice[data-type="accepted"]').waitFor();

  // Ana asks to postpone it by an hour from the waiting room; Beto accepts.
  await ana.page.goto(env.server.url + '/schedule/' + id);
  await ana.page.locator('#room-postpone').waitFor();
  const start0 = Date.parse(a.startAt);
  await ana.page.locator('#room-postpone').click();
  await ana.page.locator('#room-pending').waitFor();
  await beto.page.locator('#jp-notices .notice[data-type="postponeAsked"]').waitFor();
  await beto.page.goto(env.server.url + '/schedule/' + id);
  await beto.page.locator('#room-postpone-accept').click();
  await beto.page.locator('#room-history li[data-status="accepted"]').waitFor();
  await ana.page.locator('#room-history li[data-status="accepted"]').waitFor();
  a = await scheduled(env, ana, id);
  const start = Date.parse(a.startAt);
  assert.equal(start, start0 + 3600_000, 'postponed by the hour asked for');
  assert.equal(Date.parse(a.game.startAt), start, 'the game moved with it');
  assert.deepEqual(await missingTexts(beto.page), []);
  assert.deepEqual(await axe(ana.page), []);

  // Ten minutes before the start: the reminder arrives, and the open
  // waiting rooms check both players in by themselves.
  await moveClock(env, start - 10 * 60_000);
  await ana.page.locator('#jp-notices .notice[data-type="soon"]').waitFor();
  for (const p of [ana, beto]) {
    await p.page.locator('#room-present-white[data-present="true"]').waitFor();
    await p.page.locator('#room-present-black[data-present="true"]').waitFor();
  }
  await screenshot(ana.page, 'schedule-room');
  await screenshot(beto.page, 'schedule-room-phone');
  assert.equal(await noHorizontalScroll(beto.page), true);

  // Three seconds before: the rest in real time. At the start both are
  // taken to the game, whose clock started then.
  await moveClock(env, start - 3000);
  const gameURL = new RegExp('/game/' + a.gameId + '$');
  await Promise.all([ana.page.waitForURL(gameURL), beto.page.waitForURL(gameURL)]);
  const res = await ana.page.request.get(env.server.url + '/api/game/' + a.gameId);
  const g = await res.json();
  assert.equal(g.status, 'started');
  assert.equal(g.clockRunning, true, "white's clock runs from the start, before any move");
  assert.ok(g.wtime <= 5 * 60_000, `white's clock ${g.wtime} ms`);
  a = await scheduled(env, ana, id);
  assert.equal(Date.parse(a.game.startAt), start, 'started at the arranged time');
  assert.deepEqual(a.game.present, [true, true]);
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(beto.errors, []);
});
