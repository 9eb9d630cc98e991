// schedule-suspend.test.mjs: suspending a scheduled game in a real
// Chromium. Beto suspends the game alone from the waiting room, more than
// an hour before its start; the game is called off and the room asks for a
// new time, which Ana proposes and Beto accepts (the called-off game's page
// leads there). Inside the last hour the
// suspend button is disabled, and the page says why beside it before
// anyone clicks. The server runs with --test-clock (see schedule.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';
import { person, moveClock, scheduled } from './schedule.fixture.mjs';

const env = suite({ args: ['--test-clock'] });

/** arrange has a propose to b a 5+0 game starting in `ahead` ms (on the server's clock), which b accepts; it returns its id. */
async function arrange(a, b, bName, ahead) {
  const list = await (await a.page.request.get(env.server.url + '/api/schedule')).json();
  const start = new Date(Date.parse(list.now) + ahead);
  const local = start.toISOString().slice(0, 16);
  const res = await a.page.request.post(env.server.url + '/api/schedule', {
    data: { opponent: bName, local, zone: 'UTC', timeControl: '5+0', color: 'white', rated: false },
  });
  assert.equal(res.status(), 201, await res.text());
  const { id } = await res.json();
  const acc = await b.page.request.post(env.server.url + `/api/schedule/${id}/accept`);
  assert.equal(acc.status(), 200, await acc.text());
  return id;
}

test('a player suspends a game alone, a new time is agreed, and inside the last hour the button says why it cannot', async () => {
  const ana = await person(env, 'ana_s', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'beto_s', { locale: 'es-ES', timezoneId: 'Europe/Madrid', size: 'phone', mobile: true });
  const id = await arrange(ana, beto, 'beto_s', 3 * 3600_000);
  const first = (await scheduled(env, ana, id)).gameId;

  // Three hours before: Beto may suspend, and the room says the rule and the limit.
  await beto.page.goto(env.server.url + '/schedule/' + id);
  const suspend = beto.page.locator('#room-suspend');
  await suspend.waitFor();
  assert.equal(await suspend.isEnabled(), true);
  assert.match(await beto.page.locator('.room-suspend .hint').innerText(), /una hora de antelación.*Te quedan 2 suspensiones de 2/s);
  assert.equal(await beto.page.locator('#room-suspend-reason').count(), 0);
  await suspend.click();
  await beto.page.locator('#room-status[data-status="suspended"]').waitFor();
  let a = await scheduled(env, beto, id);
  assert.equal(a.status, 'suspended');
  assert.equal(a.suspensions.length, 1);
  const called = await (await ana.page.request.get(env.server.url + '/api/game/' + first)).json();
  assert.equal(called.status, 'aborted', 'the game is called off, with no result');
  assert.deepEqual(await missingTexts(beto.page), []);
  assert.deepEqual(await axe(beto.page), []);
  assert.equal(await noHorizontalScroll(beto.page), true);
  await screenshot(beto.page, 'schedule-suspended-phone');

  // The called-off game's page says it does not count and leads to the waiting room.
  await ana.page.goto(env.server.url + '/game/' + first);
  await ana.page.locator('#scheduled-called-off').waitFor();
  await ana.page.locator('#scheduled-called-off #scheduled-room').waitFor();
  assert.equal(await ana.page.locator('#scheduled-room').getAttribute('href'), '/schedule/' + id);
  await screenshot(ana.page, 'game-called-off');
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);

  // Ana proposes a new time, four hours from now; Beto accepts it: a new game.
  await ana.page.goto(env.server.url + '/schedule/' + id);
  await ana.page.locator('#room-status[data-status="suspended"]').waitFor();
  const now = Date.parse((await (await ana.page.request.get(env.server.url + '/api/schedule')).json()).now);
  const local = await ana.page.evaluate((ms) => {
    const d = new Date(ms);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, now + 4 * 3600_000);
  await ana.page.locator('#room-postpone-when').fill(local);
  await ana.page.locator('#room-postpone').click();
  await ana.page.locator('#room-pending').waitFor();
  await beto.page.reload();
  await beto.page.locator('#room-postpone-accept').click();
  await beto.page.locator('#room-status[data-status="accepted"]').waitFor();
  a = await scheduled(env, beto, id);
  assert.notEqual(a.gameId, first, 'a new game');
  assert.equal(a.status, 'accepted');

  // 59 minutes before the new start: the button is disabled, the reason beside it.
  await moveClock(env, Date.parse(a.startAt) - 59 * 60_000);
  await ana.page.reload();
  const reason = ana.page.locator('#room-suspend-reason');
  await reason.waitFor();
  assert.equal(await ana.page.locator('#room-suspend').isDisabled(), true);
  assert.match(await reason.innerText(), /falta menos de una hora/);
  assert.equal(await ana.page.locator('#room-suspend').getAttribute('aria-describedby'), 'room-suspend-reason');
  assert.equal(await ana.page.locator('#room-postpone').isDisabled(), true);
  assert.match(await ana.page.locator('#room-postpone-reason').innerText(), /falta menos de una hora/);
  assert.deepEqual(await missingTexts(ana.page), []);
  assert.deepEqual(await axe(ana.page), []);
  await screenshot(ana.page, 'schedule-suspend-too-late');
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(beto.errors, []);
});
