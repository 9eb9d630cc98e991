// correspondence.test.mjs: a correspondence game (days per move) in a real
// Chromium — challenged from the home page's form with "Correspondencia",
// accepted, the clocks shown in days and hours, and after White's first
// move the game is in Black's list of games waiting for his move, with the
// notice of the lobby socket and the count in the header, which goes once
// he has answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, player, clickMove, missingTexts, axe, noHorizontalScroll, screenshot } from './harness.mjs';

const env = suite();

/** account opens a browser signed up as username, on the home page. */
async function account(username, opts) {
  const p = await player(env.browser, opts);
  const res = await p.page.request.post(env.server.url + '/api/account/signup', { data: { username, password: 'contraseña-larga' } });
  assert.equal(res.status(), 201, await res.text());
  await p.page.goto(env.server.url + '/');
  await p.page.locator('#seeks .status.online').waitFor();
  return p;
}

test('a correspondence challenge: accepted, a move, and the opponent is told it is his move', async () => {
  const alba = await account('alba');
  const bruno = await account('bruno', { size: 'phone', mobile: true });
  assert.match(await bruno.page.locator('#turns').innerText(), /Ninguna partida por correspondencia espera tu jugada/);
  assert.equal(await bruno.page.locator('#nav-turns').count(), 0);

  // alba challenges bruno to three days per move, with White.
  await alba.page.locator('#mode-days').check();
  await alba.page.locator('#form-days').selectOption('3');
  assert.match(await alba.page.locator('#create').innerText(), /no hace falta estar conectado/);
  await alba.page.locator('#form-color').selectOption('white');
  await alba.page.locator('#challenge-username').fill('bruno');
  await alba.page.locator('#challenge-user').click();
  await alba.page.waitForURL(/\/challenge\/[A-Za-z0-9]+$/);
  const id = new URL(alba.page.url()).pathname.split('/').pop();
  assert.match(await alba.page.locator('#challenge-clock').innerText(), /3 días por jugada/);

  // bruno accepts from his home page: both go to the game.
  const incoming = bruno.page.locator(`li.incoming[data-challenge-id="${id}"]`);
  await incoming.waitFor();
  assert.match(await incoming.innerText(), /3 días por jugada/);
  await incoming.locator('button.challenge-accept').click();
  await bruno.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const gameId = new URL(bruno.page.url()).pathname.split('/').pop();
  await alba.page.waitForURL(`**/game/${gameId}`);
  for (const p of [alba, bruno]) {
    await p.page.locator('cg-board').first().waitFor();
    await p.page.locator('#clock-white .clock-time', { hasText: '3 d 0 h' }).waitFor();
    assert.match(await p.page.locator('#clock-black .clock-time').innerText(), /^3 d 0 h$/);
  }

  // bruno goes home (leaving a correspondence game's page is not leaving
  // the game) and waits there.
  await bruno.page.goto(env.server.url + '/');
  await bruno.page.locator('#seeks .status.online').waitFor();

  // alba moves: bruno's home page says it is his move, lists the game with
  // the time left, and the header counts it.
  await alba.page.locator('.player-bottom .player-turn').waitFor();
  await clickMove(alba.page, 'e2e4');
  await alba.page.locator('.moves .move[data-ply="1"]').waitFor();
  await bruno.page.locator('#turn-note', { hasText: 'Te toca jugar contra alba' }).waitFor();
  const row = bruno.page.locator(`#turn-list li.turn[data-game-id="${gameId}"]`);
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /Contra alba/);
  assert.match(text, /3 días por jugada/);
  assert.match(text, /Te quedan (2 d 23 h|3 d 0 h)/);
  assert.equal(await bruno.page.locator('#nav-turns-count').innerText(), '1');
  assert.deepEqual(await missingTexts(bruno.page), []);
  assert.deepEqual(await axe(bruno.page), []);
  assert.equal(await noHorizontalScroll(bruno.page), true);
  await screenshot(bruno.page, 'correspondence-waiting-phone');

  // The list leads to the game, where it is bruno's move; the header counts
  // it on that page too.
  await row.locator('a').click();
  await bruno.page.waitForURL(`**/game/${gameId}`);
  await bruno.page.locator('.player-bottom .player-turn').waitFor();
  await bruno.page.locator('#nav-turns-count', { hasText: '1' }).waitFor();
  // His answer leaves nothing waiting for him: the count goes.
  await clickMove(bruno.page, 'e7e5');
  await bruno.page.locator('.moves .move[data-ply="2"]').waitFor();
  await bruno.page.locator('#nav-turns').waitFor({ state: 'detached' });
  assert.deepEqual(alba.errors, []);
  assert.deepEqual(bruno.errors, []);
  await alba.context.close();
  await bruno.context.close();
});
