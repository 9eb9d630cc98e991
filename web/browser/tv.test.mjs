// tv.test.mjs: the TV page (/tv) with no game in play says so and picks up
// the first game once it starts; it shows the game live with the players'
// ratings, stays on it while another starts, and when it ends shows the
// result, then moves on to the game in play. Linked from every page's
// header; axe at each step, at desktop and phone sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, missingTexts, axe, screenshot, noHorizontalScroll } from './harness.mjs';
import { accounts, challenge, play, foolsMate } from './account.fixture.mjs';

const env = suite();

test('the TV: nothing in play, then the game in play, then the next when it ends', async () => {
  const viewer = await player(env.browser);
  const { page } = viewer;
  await page.goto(env.server.url + '/');
  await page.click('#nav-tv');
  await page.waitForURL(env.server.url + '/tv');
  await page.locator('#tv-none').waitFor();
  assert.equal(await page.title(), 'TV · JoinPal');
  assert.equal(await page.locator('#tv-title').innerText(), 'JoinPal TV');
  assert.deepEqual(await missingTexts(page), []);
  assert.deepEqual(await axe(page), []);

  const [ana, ben] = await accounts(env, 'ana', 'ben');
  const first = await challenge(env.server.url, ana.context, 'ben', ben.context);
  await play(env.server.url, first, ana.context, ben.context, ['f2f3']);
  // The page asks again on its own (every 10 s) and finds the game.
  await page.locator('#board cg-board').waitFor({ timeout: 20000 });
  assert.equal(await page.locator('#tv-open').getAttribute('href'), '/game/' + first);
  await page.locator('[data-testid=player-white] [data-testid=player-rating]').waitFor();
  assert.equal(await page.locator('[data-testid=player-white] .player-name').innerText(), 'ana');
  assert.equal(await page.locator('[data-testid=player-black] [data-testid=player-rating]').textContent(), 'Puntuación 1500? provisional');
  assert.equal(await page.locator('#watchers').innerText(), '1 espectador');
  assert.equal(await page.locator('h1').count(), 1, 'one heading: the TV\'s');
  assert.deepEqual(await axe(page), []);
  await screenshot(page, 'tv-desktop');

  // A second game starts: the TV stays on its game.
  const second = await challenge(env.server.url, ben.context, 'ana', ana.context, { timeControl: '3+2', color: 'white', rated: false });
  await play(env.server.url, second, ben.context, ana.context, ['e2e4']);
  // The first ends: the result, then the second game.
  // From black's move on: the helper's first context plays the first move given.
  await play(env.server.url, first, ben.context, ana.context, foolsMate.slice(1));
  await page.locator('#result').waitFor();
  await page.locator('#tv-next').waitFor();
  assert.equal(await page.locator('#tv-next').innerText(), 'La partida ha terminado: pasando a la siguiente…');
  await page.waitForFunction((id) => document.getElementById('tv-open')?.getAttribute('href') === '/game/' + id, second, { timeout: 15000 });
  await page.locator('#board cg-board').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=player-white] .player-name')?.textContent === 'ben');
  assert.equal(await page.locator('#result').count(), 0, 'the next game is running');
  assert.equal(await page.locator('#game-meta').innerText(), '3+2 · Relámpago · Amistosa');
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(viewer.errors, []);
  const res = await ben.context.request.post(env.server.url + `/api/game/${second}/resign`, { data: {} });
  assert.equal(res.status(), 200, await res.text());
  for (const p of [ana, ben, viewer]) await p.context.close();
});

test('the TV on a phone, in English', async () => {
  const [ana, ben] = await accounts(env, 'ana2', 'ben2');
  const id = await challenge(env.server.url, ana.context, 'ben2', ben.context, { timeControl: '10+0', color: 'white', rated: true });
  await play(env.server.url, id, ana.context, ben.context, ['d2d4']);
  const viewer = await player(env.browser, { size: 'phone', mobile: true, locale: 'en-US' });
  await viewer.page.goto(env.server.url + '/tv');
  await viewer.page.locator('#board cg-board').waitFor();
  assert.equal(await viewer.page.locator('#tv-open').getAttribute('href'), '/game/' + id);
  assert.equal(await viewer.page.locator('.tv-head p.muted').first().innerText(), 'The highest-rated game being played now; when it ends, the next one.');
  assert.ok(await noHorizontalScroll(viewer.page), 'no horizontal scrolling at 360 px');
  assert.deepEqual(await missingTexts(viewer.page), []);
  assert.deepEqual(await axe(viewer.page), []);
  await screenshot(viewer.page, 'tv-phone');
  assert.deepEqual(viewer.errors, []);
  for (const p of [ana, ben, viewer]) await p.context.close();
});
