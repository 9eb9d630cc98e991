// schedule-words.test.mjs: what a person reads about a scheduled game — a
// past time refused in its own words, a
// per-move clock written as people write it (not the API's "move:30s"), a
// postponement notice that says to when and is replaced, not stacked, by
// the game's next one, the 59:59 refusal naming the start in the reader's
// zone (not in RFC 3339 UTC), and a both-absent game's room saying who lost
// without an empty postponements box. The server runs with --test-clock
// (see schedule.test.mjs); this file has a server of its own, since its
// test moves that clock, which the other files' tests start from now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, sizes, missingTexts, screenshot } from './harness.mjs';
import { person, moveClock, scheduled, gotoListening } from './schedule.fixture.mjs';

const env = suite({ args: ['--test-clock'] });

/** wall is the datetime-local text of ms in the page's zone. */
const wall = (page, ms) =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

test('the words of a scheduled game: past time, per-move clock, postponement notices, 59:59, both absent', async () => {
  const ana = await person(env, 'quela', { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const beto = await person(env, 'quito', { locale: 'en-US', timezoneId: 'America/New_York', size: 'phone', mobile: true });
  await ana.page.goto(env.server.url + '/schedule');
  await ana.page.locator('#sched-empty').waitFor();
  await ana.page.locator('#sched-opponent').fill('quito');
  await ana.page.locator('#sched-when').fill(await wall(ana.page, Date.now() - 3600_000));
  await ana.page.locator('#sched-propose').click();
  await ana.page.locator('#sched-form-error', { hasText: 'ya han pasado' }).waitFor();

  const start0 = Math.ceil((Date.now() + 2 * 3600_000) / 60_000) * 60_000;
  await ana.page.locator('#sched-when').fill(await wall(ana.page, start0));
  await ana.page.locator('#sched-mode').selectOption('move');
  await ana.page.locator('#sched-seconds').fill('30');
  await ana.page.locator('#sched-color').selectOption('white');
  await ana.page.locator('#sched-default').fill('5');
  await ana.page.locator('#sched-propose').click();
  const mine = ana.page.locator('li.sched-item[data-status="proposed"]');
  await mine.waitFor();
  const id = await mine.getAttribute('data-id');
  assert.equal(await mine.locator('h3').innerText(), 'Partida de ajedrez: quela contra quito (30 s)');
  const acc = await beto.page.request.post(env.server.url + '/api/schedule/' + id + '/accept');
  assert.equal(acc.status(), 200, await acc.text());

  // Ana asks to postpone; Beto, on another page, is told to when; his own
  // answer takes the notice away.
  await gotoListening(beto, env.server.url + '/');
  await ana.page.goto(env.server.url + '/schedule/' + id);
  await ana.page.locator('#room-postpone').click();
  const note = beto.page.locator('#jp-notices .notice[data-type="postponeAsked"]');
  await note.waitFor();
  const to = new Date(start0 + 3600_000).toLocaleString('en-GB', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' });
  assert.match(await note.innerText(), new RegExp('quela asks to postpone the game of .* to ' + to));
  await screenshot(beto.page, 'schedule-postpone-notice-phone');
  const dec = await beto.page.request.post(env.server.url + '/api/schedule/' + id + '/postpone/decline');
  assert.equal(dec.status(), 200, await dec.text());
  await beto.page.locator('#jp-notices .notice').waitFor({ state: 'detached' });
  await ana.page.locator('#room-history li[data-status="declined"]', { hasText: 'quela pidió aplazarla del' }).waitFor();

  // 59:59 before the start: refused, the start said in Madrid time.
  await moveClock(env, start0 - 3599_000);
  await ana.page.locator('#room-postpone').click();
  const err = ana.page.locator('#room-action-error');
  await err.waitFor();
  const text = await err.innerText();
  assert.match(text, /^Demasiado tarde para aplazar: .* la partida empieza en 59 min \(comienzo: /);
  const madrid = new Date(start0).toLocaleString('es-ES', { timeZone: 'Europe/Madrid', dateStyle: 'medium', timeStyle: 'short' });
  assert.ok(text.includes(madrid), `${text} names ${madrid}`);
  assert.doesNotMatch(text, /\d{4}-\d\d-\d\dT/);

  // Nobody checks in: at the default time both lose, and the room says so.
  await ana.page.goto(env.server.url + '/');
  await gotoListening(beto, env.server.url + '/');
  await moveClock(env, start0 + 5 * 60_000 + 1000);
  await beto.page.locator('#jp-notices .notice[data-type="forfeited"]', { hasText: 'Both lose: neither player showed up' }).waitFor();
  await ana.page.goto(env.server.url + '/schedule/' + id);
  await ana.page.locator('#room-status', { hasText: 'Terminada. Ambos pierden por incomparecencia' }).waitFor();
  assert.equal(await ana.page.locator('#room-postpone').count(), 0);
  assert.equal((await scheduled(env, ana, id)).result, '0-0');
  assert.deepEqual(await missingTexts(ana.page), []);
  await screenshot(ana.page, 'schedule-both-absent');
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(beto.errors, []);
});
